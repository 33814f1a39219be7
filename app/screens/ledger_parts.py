"""The ledger screen's dialogs (mark paid, a debt's history) and its chart of a dynasty."""

from __future__ import annotations

import math

import flet as ft
import flet_charts as fch

from app import fmt, theme
from app.screens.ledger_model import Chart, DebtLine, LedgerModel
from app.screens.messages import error_text
from app.widgets.after_close import AfterClose

# One line colour per seat, readable on light and dark surfaces, and apart from the green
# and red that mean owed and owing.
SERIES_COLORS = ("#3566b0", "#c77c12", "#7a3fa0", "#1f8a8a")
POSITIVE, NEGATIVE = "#1f7a57", "#b3261e"


def amount_color(cents: int) -> str | None:
    return POSITIVE if cents > 0 else NEGATIVE if cents < 0 else None


def pay_dialog(shell, model: LedgerModel, line: DebtLine) -> None:
    """Ask how much was paid (prefilled with all of it); a bad amount keeps the dialog open, a
    debt paid in another window meanwhile closes it and shows the ledger as it is now."""
    t = shell.t
    amount = ft.TextField(label=t("ledger.amount", currency=line.debt.amount.currency),
                          value=model.prefill(line), autofocus=True, border_radius=12,
                          keyboard_type=ft.KeyboardType.NUMBER, width=320, error_max_lines=3)

    def typing(e) -> None:
        if amount.error:  # the message was about the amount as it was
            amount.error = None
            amount.update()

    amount.on_change = typing
    note = ft.TextField(label=t("ledger.note"), max_length=80, border_radius=12, width=320)
    after = AfterClose(shell.page)

    paid: list[str] = []

    def done() -> None:
        shell.refresh()
        shell.snack(t("ledger.paid_done", amount=paid[-1], debtor=line.debtor_name,
                      creditor=line.creditor_name))

    def changed() -> None:
        shell.refresh()  # a new model: the ledger as it is now
        shell.snack(t("ledger.changed"))

    def ok(e=None) -> None:
        money, problem = model.pay(line, amount.value or "", note.value or "",
                                   lambda exc: error_text(shell, exc))
        if model.changed_elsewhere:  # the dialog's debt is smaller or gone: show what is open
            after.close_then(changed)
            return
        if money is None:
            amount.error = problem
            amount.update()
            return
        paid.append(model.money(money))
        after.close_then(done)

    amount.on_submit = ok
    shell.page.show_dialog(ft.AlertDialog(
        modal=True, on_dismiss=after.dismissed,
        title=theme.heading(t("ledger.pay_title", debtor=line.debtor_name,
                              creditor=line.creditor_name), 20),
        content=ft.Column([theme.body(t("ledger.pay_text", amount=line.amount_text)),
                           ft.Semantics(identifier="pay-amount", content=amount), note],
                          spacing=14, tight=True, width=320),
        actions=[ft.TextButton(t("cancel"), on_click=lambda e: shell.close_dialog()),
                 ft.Semantics(identifier="pay-ok", content=ft.FilledButton(
                     t("ledger.pay_ok"), icon=ft.Icons.CHECK, on_click=ok))]))


def history_dialog(shell, model: LedgerModel, line: DebtLine) -> None:
    """Every entry between the two people, newest first."""
    t = shell.t
    rows: list[ft.Control] = []
    for h in model.history(line):
        rows.append(ft.Container(ft.Row([
            ft.Column([theme.title(h.what, 14), theme.caption(h.day + (f" · {h.note}" if h.note else ""))],
                      spacing=2, expand=True, tight=True),
            ft.Column([theme.title(h.change_text, 14), theme.caption(t("ledger.open_after", amount=h.open_text))],
                      spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(vertical=8),
            border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))))
    if not rows:
        rows.append(theme.body(t("ledger.history_empty")))
    shell.page.show_dialog(ft.AlertDialog(
        title=theme.heading(t("ledger.history_title", a=line.debtor_name, b=line.creditor_name), 20),
        # As high as the entries need, scrolling beyond about seven of them.
        content=ft.Container(ft.Column(rows, spacing=0, scroll=ft.ScrollMode.AUTO, tight=True),
                             width=360, height=min(62 * len(rows) + 4, 440)),
        actions=[ft.TextButton(t("close"), on_click=lambda e: shell.close_dialog())]))


def _nice_step(span: float) -> float:
    """A round grid step giving about four lines over ``span``."""
    raw = max(span, 0.01) / 4
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def chart_control(shell, chart: Chart) -> ft.Control:
    """A line per player over the Partien, with a legend of names and final balances."""
    t = shell.t
    values = [c / chart.unit for _, ys in chart.series for c in ys]
    parties = max(len(ys) for _, ys in chart.series) - 1
    step = _nice_step(max(values) - min(values))
    low = math.floor(min(min(values), 0) / step) * step
    high = math.ceil(max(max(values), 0) / step) * step
    if high == low:
        low, high = -step, step
    axis_text = ft.TextStyle(size=11, color=ft.Colors.ON_SURFACE_VARIANT)

    def number(value: float) -> str:
        return fmt.number(round(value, 2), shell.lang).replace("-", "−")

    series = []
    for i, (name, ys) in enumerate(chart.series):
        color = SERIES_COLORS[i % len(SERIES_COLORS)]
        series.append(fch.LineChartData(
            points=[fch.LineChartDataPoint(x, c / chart.unit, tooltip=f"{name}: {number(c / chart.unit)}")
                    for x, c in enumerate(ys)],
            stroke_width=3, color=color, rounded_stroke_cap=True,
            point=fch.ChartCirclePoint(radius=3.5, color=color, stroke_width=0)))
    y_labels = [fch.ChartAxisLabel(value=low + k * step, label=ft.Text(number(low + k * step), style=axis_text))
                for k in range(int(round((high - low) / step)) + 1)]
    line_chart = fch.LineChart(
        data_series=series, min_x=0, max_x=max(parties, 1), min_y=low, max_y=high,
        interactive=True, expand=True,
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
        vertical_grid_lines=fch.ChartGridLines(interval=1, color=ft.Colors.with_opacity(
            0.4, ft.Colors.OUTLINE_VARIANT), width=1),
        left_axis=fch.ChartAxis(labels=y_labels, label_size=44,
                                title=ft.Text(chart.currency, style=axis_text), title_size=18),
        bottom_axis=fch.ChartAxis(labels=[fch.ChartAxisLabel(value=x, label=ft.Text(str(x), style=axis_text))
                                          for x in range(parties + 1)], label_size=24,
                                  title=ft.Text(t("ledger.partie"), style=axis_text), title_size=18),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
    legend = ft.Row([ft.Row([
        ft.Container(width=12, height=12, border_radius=6, bgcolor=SERIES_COLORS[i % len(SERIES_COLORS)]),
        theme.body(name, 13.5),
        ft.Text(final, size=13.5, font_family=theme.SANS_BOLD, color=amount_color(ys[-1])),
    ], spacing=6, tight=True) for i, ((name, ys), final) in enumerate(zip(chart.series, chart.final_texts))],
        wrap=True, spacing=16, run_spacing=6)
    described = ", ".join(f"{name} {final}" for (name, _), final in zip(chart.series, chart.final_texts))
    return ft.Column([
        ft.Semantics(identifier="ledger-chart", label=f"{t('ledger.chart_hint')}: {described}",
                     content=ft.Container(line_chart, height=240 if shell.wide else 210,
                                          padding=ft.Padding.only(right=12, top=8))),
        legend], spacing=10, tight=True)
