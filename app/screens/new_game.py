"""New game: who sits where (people or computer levels), the game's options, an optional seed."""

from __future__ import annotations

import logging
from typing import Any

import flet as ft

from app import catalog, fmt, shell as shell_mod, theme
from app.screens.new_game_form import NEW, PHONE, PHONE_FOR, NewGameForm, is_phone
from app.screens.new_game_stake import stake_card, stake_summary
from app.screens.messages import error_text
from app.tables.kit import guide_offer
from app.widgets import choices, tiles
from core.session import Seat

log = logging.getLogger(__name__)

DEAL_STATE = ("mode", "winnable", "number")  # what the Deck of Spies deal card holds
SEAT_OPTIONS = ("starter", "first", "first_player")  # options whose choices are seats, shown by name


def _option_label(spec, lang: str) -> str:
    return spec.label.get(lang) or spec.label.get("en") or spec.key.replace("_", " ")


def _choice_label(shell, spec, choice: Any, seat_names: list[str]) -> str:
    # "Who starts" style options hold a seat number: show the seat's name instead.
    if spec.key in SEAT_OPTIONS and isinstance(choice, int) \
            and 0 <= choice < len(seat_names):
        return seat_names[choice]
    key = f"choice.{spec.key}.{choice}"
    text = shell.t(key, _default="")
    return text or str(choice)


def _form_width(shell) -> float:
    """The width inside a form card: the form's measure less the card's padding and border."""
    return shell_mod.content_width(shell, shell_mod.FORM_MAX) - 2 * 16 - 2


def _card(title: str, content: list[ft.Control], subtitle: str | None = None) -> ft.Control:
    head: list[ft.Control] = [theme.title(title, 15.5)]
    if subtitle:
        head.append(theme.caption(subtitle))
    return ft.Container(
        ft.Column(head + content, spacing=10, tight=True),
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border_radius=18,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT), padding=16)


def _draft(shell, game: str) -> tuple[NewGameForm, Any]:
    """This screen's form and deal card: kept in the shell while the screen is shown, so a
    rebuild (rotation, resize) keeps what was chosen; a new visit starts from what was stored."""
    key = f"/new/{game}"
    old = shell.drafts.get(key)
    form = old[0] if old else NewGameForm(shell.state, game, catalog.load_info(game))
    deal = _deal_chooser(shell, game)  # Deck of Spies: game number, daily deal, winnable only
    if deal is not None:
        source = {k: getattr(old[1], k) for k in DEAL_STATE} if old and old[1] else form.extra
        _set_deal_state(deal, source)
    shell.drafts[key] = (form, deal)
    return form, deal


def _set_deal_state(deal: Any, state: dict[str, Any]) -> None:
    for k in DEAL_STATE:
        value = state.get(k)
        if value is not None and isinstance(value, type(getattr(deal, k))):
            setattr(deal, k, value)


def view(shell, game: str) -> ft.View:
    t = shell.t
    e = catalog.entry(game)
    if e is None or not e.available:
        title = catalog.title(game, t, shell.lang) if e else game
        return shell.sub_view(f"/new/{game}", title, [ft.Container(
            theme.body(t("new_game.unavailable")), padding=ft.Padding.only(top=24))])
    form, deal = _draft(shell, game)
    title = catalog.title(game, t, shell.lang)
    seats_box = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    options_box = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    problem = ft.Text("", color=ft.Colors.ERROR, size=14)
    # Shown above the start button instead of a snackbar, which would cover the button.
    problem_row = ft.Semantics(identifier="new-game-problem", live_region=True, visible=False, content=problem)

    def show_problem(message: str | None) -> None:
        problem.value, problem_row.visible = message or "", bool(message)

    labels = fmt.people_labels(form.humans, t, shell.lang)

    def seat_option(i: int, p, prefix: str = "p:") -> ft.DropdownOption:
        # A person who already sits elsewhere (here or on a phone) cannot be picked twice: greyed
        # out, with the seat. ``prefix``: the person here (``p:``) or on their phone.
        other = form.holder(f"p:{p.id}", i)
        name = labels.get(p.id, p.name)
        if other is None:
            return ft.DropdownOption(key=f"{prefix}{p.id}", text=name)
        return ft.DropdownOption(key=f"{prefix}{p.id}", text=t("new_game.sits_at", name=name,
                                                               seat=form.seat_title(other)), disabled=True)

    def seat_row(i: int) -> ft.Control:
        opts = [seat_option(i, p) for p in form.humans]
        opts.append(ft.DropdownOption(key=NEW, text=t("new_game.new_person")))
        if not form.solo and form.state.circle is None:  # hosted for phones on the local network
            opts.append(ft.DropdownOption(key=PHONE, text=t("host.phone_choice")))
        opts += [ft.DropdownOption(key=f"bot:{lv}", text=f"{t('computer')} · {t('level.' + lv)}")
                 for lv in form.levels]
        phone = is_phone(form.choices[i])
        dd = ft.Dropdown(value=PHONE if phone else form.choices[i], options=opts, label=form.seat_title(i),
                         expand=True, border_radius=12, on_select=lambda ev, i=i: chose_seat(i, ev.control.value))
        is_bot = form.choices[i].startswith("bot:")
        glyph = (ft.Icons.SMART_TOY_OUTLINED if is_bot else ft.Icons.PHONE_ANDROID
                 if phone else ft.Icons.PERSON)
        icon = ft.Container(ft.Icon(glyph,
                                    color=theme.FELT_DARK, size=22), bgcolor=theme.GOLD, width=42, height=42,
                            border_radius=21, alignment=ft.Alignment.CENTER)
        # The dropdown does not name itself to screen readers: its seat and who sits there do.
        named = ft.Container(ft.Semantics(label=f"{form.seat_title(i)}: {form.seat_label(i)}", content=dd),
                             expand=True)
        parts: list[ft.Control] = [ft.Row([icon, named], spacing=12,
                                          vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        if form.choices[i] == NEW:
            name = ft.TextField(label=t("players.name"), value=form.new_names.get(i, ""), max_length=30,
                                capitalization=ft.TextCapitalization.WORDS, border_radius=12,
                                on_change=lambda ev, i=i: typed_name(i, ev.control.value),
                                autofocus=not form.humans)
            parts.append(ft.Container(name, padding=ft.Padding.only(left=54)))
        if phone:
            parts.append(ft.Container(phone_person(i), padding=ft.Padding.only(left=54)))
        # Keyed, as is every row of the form: a row drawn anew without a key is a new control for
        # the browser, and its text field comes back empty in the accessibility tree (screen
        # readers), although what was typed is still drawn and held.
        return ft.Column(parts, spacing=8, tight=True, key=f"seat-{i}",
                         horizontal_alignment=ft.CrossAxisAlignment.STRETCH)  # the name as wide as the seat

    def phone_person(i: int) -> ft.Control:
        """Who plays on a phone's seat: whoever joins and names themselves, or a person chosen
        here (then the seat is theirs from the start, and a stake knows who owes whom)."""
        opts = [ft.DropdownOption(key=PHONE, text=t("host.phone_anyone"))]
        opts += [seat_option(i, p, PHONE_FOR) for p in form.humans]
        dd = ft.Dropdown(value=form.choices[i], options=opts, label=t("host.phone_who"), expand=True,
                         border_radius=12, on_select=lambda ev, i=i: chose(i, ev.control.value))
        return ft.Semantics(identifier=f"phone-person-{i + 1}", content=dd)

    def fill_seats() -> None:
        seats_box.controls = [seat_row(i) for i in range(form.players)]

    def typed_name(i: int, name: str) -> None:
        """A new person's name as it is typed: the options naming seats ("who starts") say it too."""
        form.new_names[i] = name
        if any(spec.key in SEAT_OPTIONS for spec in (form.info.options if form.info else ())):
            fill_options()

    def chose_seat(i: int, value: str | None) -> None:
        if value == PHONE and is_phone(form.choices[i]):
            return  # still a phone: the person chosen for it stays
        chose(i, value)

    def chose(i: int, value: str | None) -> None:
        had_computer = form.computer_seated
        if value:
            show_problem(form.choose(i, value))
        fill_seats()
        fill_options()  # "who starts" shows seat names
        if form.has_stake and form.computer_seated != had_computer:
            shell.refresh()  # the stake's hint says whether a computer sits at the table

    def fill_options() -> None:
        names = [form.seat_label(i) for i in range(form.players)]
        rows: list[ft.Control] = []
        for spec in (form.info.options if form.info else ()):
            label = _option_label(spec, shell.lang)
            # Our own wording where the engine's help is terse; else the engine's.
            help_text = (t(f"help.{game}.{spec.key}", _default="") or spec.help.get(shell.lang)
                         or spec.help.get("en") or "")
            if isinstance(spec.default, bool):
                rows.append(ft.Row([
                    ft.Column([theme.body(label, 14.5), theme.caption(help_text)] if help_text else
                              [theme.body(label, 14.5)], spacing=2, expand=True, tight=True),
                    ft.Switch(value=bool(form.options[spec.key]),
                              on_change=lambda ev, k=spec.key: set_option(k, ev.control.value)),
                ], vertical_alignment=ft.CrossAxisAlignment.CENTER, key=f"option-{spec.key}"))
            elif spec.choices:
                rows.append(ft.Column([theme.body(label, 14.5), *choice_control(spec, names)]
                                      + ([theme.caption(help_text)] if help_text else []), spacing=6, tight=True,
                                      key=f"option-{spec.key}"))
            else:
                rows.append(ft.TextField(label=label, value=str(form.options[spec.key]), helper=help_text or None,
                                         border_radius=12, key=f"option-{spec.key}",
                                         on_change=lambda ev, k=spec.key: form.options.__setitem__(
                                             k, ev.control.value)))
        if deal is None:
            rows.append(ft.TextField(label=t("new_game.seed"), value=form.seed, helper=t("new_game.seed_hint"),
                                     keyboard_type=ft.KeyboardType.NUMBER, border_radius=12, key="seed",
                                     on_change=lambda ev: setattr(form, "seed", ev.control.value)))
        options_box.controls = rows

    def choice_control(spec, names: list[str]) -> list[ft.Control]:
        """The option's choices as a segmented control, in as many rows as its labels need."""
        values = [str(c) for c in spec.choices]
        return choices.segmented(
            [(v, _choice_label(shell, spec, c, names)) for v, c in zip(values, spec.choices)],
            str(form.options[spec.key]), _form_width(shell),
            lambda v, s=spec: set_option(s.key, s.parse(v)),
            disabled={v for v, c in zip(values, spec.choices) if not form.possible(spec.key, c)})

    def set_option(key: str, value) -> None:
        form.set_option(key, value)
        fill_options()  # another option may have become possible, or impossible

    def set_players(n: int) -> None:
        form.set_players(n)
        fill_seats()
        fill_options()

    def start(e=None) -> None:
        show_problem(None)
        try:
            seed = form.parsed_seed()
            meta = form.stake_meta()  # checked before new people are created
            seats = form.build_seats(lambda exc: error_text(shell, exc))
        except ValueError as exc:
            show_problem(str(exc))
            fill_seats()
            return
        options = {k: v for k, v in form.options.items()}
        if deal is not None:  # a game number or the daily deal is a one-off; "winnable only" a preference
            form.extra = {"winnable": deal.winnable}
        form.remember()
        if deal is not None:
            deal.start(options, lambda seed_, meta: _start_dealt(shell, seats, options, seed_, meta))
            return
        try:
            session = shell.state.start_game(game, seats, options=options, seed=seed, meta=meta)
        except Exception as exc:  # a bad option or a store failure: say why, stay here
            log.warning("cannot start %s: %s", game, exc)
            show_problem(error_text(shell, exc))
            return
        if form.phone_seats:  # friends' phones join it: the join screen first
            from app.screens import host_join

            shell.page.run_task(host_join.start, shell, session, form.phone_seats)
            return
        shell.navigate(f"/play/{session.game_id}")

    fill_seats()
    fill_options()
    hero = ft.Container(
        ft.Column([
            tiles.felt_art(e.art, 150 if shell.wide else 120),
            ft.Container(ft.Column([
                theme.body(catalog.tagline(game, t, shell.lang), 14),
                tiles.chip(ft.Icons.PEOPLE_OUTLINE, e.players_label(t)),
            ], spacing=8, tight=True), padding=14),
        ], spacing=0, tight=True),
        border_radius=20, clip_behavior=ft.ClipBehavior.ANTI_ALIAS,
        bgcolor=ft.Colors.SURFACE_CONTAINER_LOWEST, border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        margin=ft.Margin.only(top=16))
    controls: list[ft.Control] = [hero]
    if form.info and form.info.min_players != form.info.max_players:
        counts = list(range(form.info.min_players, form.info.max_players + 1))
        controls.append(_card(t("new_game.count"), [ft.Row([ft.SegmentedButton(
            segments=[ft.Segment(value=str(n), label=ft.Text(str(n))) for n in counts],
            selected=[str(form.players)], show_selected_icon=False, expand=True,
            on_change=lambda ev: set_players(int(next(iter(ev.control.selected)))))])]))
    who, hint = (("new_game.player_solo", "new_game.players_hint_solo") if form.solo
                 else ("new_game.players", "new_game.players_hint"))
    controls.append(_card(t(who), [seats_box], t(hint)))
    if deal is not None:
        controls += deal.controls()
    controls.append(_card(t("new_game.options"), [options_box]))
    summary, summary_changed = stake_summary(shell, form)
    stake = stake_card(shell, form, _card, summary_changed)
    if stake is not None:
        controls.append(stake)
    controls += guide_offer.offer(shell, game)  # at the end of the form: the form stays where it was
    controls.append(ft.Container(height=12))
    button = ft.Semantics(identifier="start-game", content=ft.FilledButton(
        t("new_game.start"), icon=ft.Icons.PLAY_ARROW_ROUNDED, on_click=start, height=54, expand=True,
        style=ft.ButtonStyle(bgcolor=theme.GOLD, color=theme.FELT_DARK,
                             text_style=ft.TextStyle(font_family=theme.SANS_BOLD, size=16),
                             shape=ft.RoundedRectangleBorder(radius=16))))
    bar = [problem_row, *filter(None, [summary]), button]  # the stake in words, beside the start
    return shell.sub_view(f"/new/{game}", t("new_game.title", game=title), controls,
                          max_width=shell_mod.FORM_MAX, footer=start_bar(shell, bar))


def start_bar(shell, controls: list[ft.Control]) -> ft.Control:
    """The start button (and what is wrong, if anything) at the foot of the screen, in sight however
    long the form: on a phone the seats and options fill more than a screen."""
    pad = 28 if shell.wide else 16
    column = ft.Column(controls, spacing=8, tight=True, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                       width=min(shell.width - 2 * pad, shell_mod.FORM_MAX))
    return ft.Container(ft.Row([column], alignment=ft.MainAxisAlignment.CENTER),
                        padding=ft.Padding.only(left=pad, right=pad, top=12, bottom=14),
                        bgcolor=ft.Colors.SURFACE_CONTAINER_LOW,
                        border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)))


def _deal_chooser(shell, game: str):
    if game != "deck-of-spies":
        return None
    from app.tables.deck_of_spies.deal import DealChooser

    return DealChooser(shell)


def _start_dealt(shell, seats: list[Seat], options: dict[str, Any], seed: int, meta: dict[str, Any]) -> None:
    from app.tables.deck_of_spies import start_game

    try:
        session = start_game(shell.state, seats, options, seed, meta)
    except Exception as exc:
        log.warning("cannot start deck-of-spies: %s", exc)
        shell.snack(error_text(shell, exc), error=True)
        return
    shell.navigate(f"/play/{session.game_id}")
