"""Ledger: who owes whom from Rosenkrieg dynasties played for money, as played or simplified,
per person and in total; marking a debt paid (also in part), each debt's history, and a
chart of a dynasty's balances game by game."""

from __future__ import annotations

import flet as ft

from app import theme
from app.screens import ledger_strings  # noqa: F401 (registers the texts)
from app.screens.ledger_model import AS_PLAYED, VIEWS, DebtLine, LedgerModel
from app.screens.ledger_parts import amount_color, chart_control, history_dialog, pay_dialog

ROUTE = "/ledger"


def _draft(shell) -> dict:
    """The chosen view and dynasty, kept while the screen is shown (a rebuild keeps them)."""
    return shell.drafts.setdefault(ROUTE, {"view": AS_PLAYED, "dynasty": None})


def _card(content: list[ft.Control], identifier: str | None = None) -> ft.Control:
    box = ft.Container(ft.Column(content, spacing=10, tight=True),
                       bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=18,
                       border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=16)
    return ft.Semantics(identifier=identifier, content=box) if identifier else box


def _avatar(name: str) -> ft.Control:
    return ft.Container(ft.Text((name[:1] or "?").upper(), font_family=theme.DISPLAY, size=16,
                                color=theme.FELT_DARK),
                        width=36, height=36, border_radius=18, alignment=ft.Alignment.CENTER,
                        bgcolor=theme.GOLD)


def debt_row(shell, model: LedgerModel, line: DebtLine) -> ft.Control:
    t = shell.t
    verb = t("ledger.owes") if model.view == AS_PLAYED else t("ledger.pays")
    def show_history(e) -> None:
        history_dialog(shell, model, line)

    # Wide rows have room for the icon only (an IconButton's tooltip does not name it to
    # screen readers, FLET-NOTES 5.3, so the Semantics does).
    history = ft.Semantics(identifier=f"history-{line.key}", label=t("ledger.history"), button=True,
                           content=ft.IconButton(ft.Icons.HISTORY, tooltip=t("ledger.history"),
                                                 icon_color=ft.Colors.PRIMARY, on_click=show_history)
                           ) if shell.wide else ft.Semantics(
        identifier=f"history-{line.key}", content=ft.TextButton(t("ledger.history"), icon=ft.Icons.HISTORY,
                                                                on_click=show_history))
    pay = ft.Semantics(identifier=f"pay-{line.key}", content=ft.FilledTonalButton(
        t("ledger.mark_paid"), icon=ft.Icons.PAYMENTS_OUTLINED, on_click=lambda e: pay_dialog(shell, model, line)))
    who = [
        ft.Semantics(exclude_semantics=True, content=_avatar(line.debtor_name)),
        ft.Column([theme.title(line.debtor_name, 15, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                   theme.caption(f"{verb} {line.creditor_name}", max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)],
                  spacing=1, expand=True, tight=True),
        ft.Text(line.amount_text, font_family=theme.SANS_BOLD, size=17, color=ft.Colors.ON_SURFACE),
    ]
    # Wide: one line per debt; a phone puts the buttons under the names.
    content = (ft.Row(who + [history, pay], spacing=10,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER) if shell.wide else
               ft.Column([ft.Row(who, spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                          ft.Row([history, pay], alignment=ft.MainAxisAlignment.END, spacing=4)],
                         spacing=2, tight=True))
    return ft.Semantics(identifier=f"debt-{line.key}", content=ft.Container(
        content, padding=ft.Padding.only(top=6, bottom=6 if shell.wide else 2),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))


def debts_card(shell, model: LedgerModel) -> ft.Control:
    t = shell.t
    lines = model.debts()
    hint = (t("ledger.view.played_hint") if model.view == AS_PLAYED
            else t("ledger.view.simple_hint", n=len(lines)))
    rows: list[ft.Control] = [theme.title(t("ledger.debts"), 16), theme.caption(hint)]
    rows += [debt_row(shell, model, line) for line in lines]
    rows.append(ft.Row([theme.title(t("ledger.total"), 15),
                        ft.Text(" · ".join(model.totals()), font_family=theme.SANS_BOLD, size=17)],
                       alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
    return _card(rows, "ledger-debts")


def people_card(shell, model: LedgerModel) -> ft.Control:
    people = model.people()
    biggest = max((abs(p.amount.cents) for p in people), default=1) or 1
    rows: list[ft.Control] = [theme.title(shell.t("ledger.people"), 16)]
    for p in people:
        share = abs(p.amount.cents) / biggest
        rows.append(ft.Semantics(label=f"{p.name} {p.amount_text}", exclude_semantics=True, content=ft.Column([
            ft.Row([theme.body(p.name, 14.5, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                    ft.Text(p.amount_text, font_family=theme.SANS_BOLD, size=15,
                            color=amount_color(p.amount.cents))]),
            ft.ProgressBar(value=share, color=amount_color(p.amount.cents), height=6, border_radius=3,
                           bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST),
        ], spacing=4, tight=True)))
    return _card(rows, "ledger-people")


def chart_card(shell, model: LedgerModel, draft: dict) -> ft.Control | None:
    t = shell.t
    dynasties = model.dynasties()
    if not dynasties:
        return None
    ids = [d for d, _ in dynasties]
    chosen = draft["dynasty"] if draft["dynasty"] in ids else ids[0]
    chart = model.chart(chosen)
    rows: list[ft.Control] = [theme.title(t("ledger.chart"), 16), theme.caption(t("ledger.chart_hint"))]

    def pick(e) -> None:
        draft["dynasty"] = e.control.value
        shell.refresh()

    rows.append(ft.Dropdown(value=chosen, options=[ft.DropdownOption(key=d, text=label) for d, label in dynasties],
                            on_select=pick, border_radius=12, expand=True, dense=True)
                if len(dynasties) > 1 else theme.body(chart.title, 13.5))
    if max(len(ys) for _, ys in chart.series) < 2:
        rows.append(theme.body(t("ledger.no_partien")))
    else:
        rows.append(chart_control(shell, chart))
    return _card(rows, "ledger-chart-card")


def view(shell) -> ft.View:
    t = shell.t
    draft = _draft(shell)
    model = LedgerModel(shell.state.store, t, shell.lang, draft["view"])

    def switch(e) -> None:
        draft["view"] = next(iter(e.control.selected))
        shell.refresh()

    controls: list[ft.Control] = [
        ft.Container(ft.Column([theme.heading(t("ledger.title"), 26), theme.caption(t("ledger.intro"))],
                               spacing=4, tight=True), padding=ft.Padding.only(top=20)),
        ft.Semantics(identifier="ledger-view", content=ft.Row([ft.SegmentedButton(
            segments=[ft.Segment(value=v, label=ft.Text(t(f"ledger.view.{v}")),
                                 icon=ft.Icon(ft.Icons.RECEIPT_LONG_OUTLINED if v == AS_PLAYED
                                              else ft.Icons.CALL_SPLIT))
                      for v in VIEWS],
            selected=[model.view], show_selected_icon=False, allow_empty_selection=False, expand=True,
            on_change=switch)])),
    ]
    chart = chart_card(shell, model, draft)
    if not model.entries or not model.debts():
        controls.append(_card([ft.Row([ft.Icon(ft.Icons.CELEBRATION_OUTLINED, color=theme.GOLD_DARK),
                                       theme.body(t("ledger.empty"), expand=True)], spacing=12)],
                              "ledger-empty"))
    else:
        main = [debts_card(shell, model), people_card(shell, model)]
        controls.append(ft.ResponsiveRow([ft.Container(main[0], col={"xs": 12, "md": 7}),
                                          ft.Container(main[1], col={"xs": 12, "md": 5})],
                                         spacing=14, run_spacing=14,
                                         vertical_alignment=ft.CrossAxisAlignment.START))
    if chart is not None:
        controls.append(chart)
    controls.append(ft.Container(height=8))
    return shell.top_view(ROUTE, controls)
