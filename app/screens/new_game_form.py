"""The new-game form's values without Flet: seats, options, seed, and what was chosen last time.

The form lives in the shell's drafts while its screen is shown, so a rebuild
(rotation, resize, language) keeps what was chosen; a started game's seats and
options are stored in the settings (``new_game.<game>``) and preset the next form.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from core.bots import levels as bot_levels
from core.errors import RulesError
from core.games import registry
from core.ledger import (DEFAULT_CURRENCY, LedgerError, Money, format_money, parse_money,
                         plain_amount)
from app.host import strings as _host_strings  # noqa: F401  (a friend's phone)
from core.session import Seat

log = logging.getLogger(__name__)

NEW = "new"  # seat choice: a new person, named in the text field
PHONE = "phone"  # seat choice: a friend's phone joins the hosted table and names its person
PHONE_FOR = "phone:"  # seat choice ``phone:<profile id>``: the phone of a person chosen here
SETTING = "new_game.{game}"
STAKE_GAMES = ("rosenkrieg",)  # played in dynasties whose points can become money


def setting_key(game: str) -> str:
    return SETTING.format(game=game)


def is_phone(choice: str) -> bool:
    """Whether a seat choice is played on a friend's phone (anyone's, or a chosen person's)."""
    return choice == PHONE or choice.startswith(PHONE_FOR)


def person_of(choice: str) -> str | None:
    """The profile id a seat choice names (a person here, or a person's phone), else None."""
    for prefix in ("p:", PHONE_FOR):
        if choice.startswith(prefix):
            return choice[len(prefix):]
    return None


class NewGameForm:
    """Seat choices (``p:<profile id>``, ``bot:<level>``, ``new``, ``phone`` or ``phone:<profile id>``),
    option values and the seed."""

    def __init__(self, state: Any, game: str, info: Any) -> None:
        self.state = state
        self.game = game
        self.info = info
        self.humans = state.humans()
        self.levels = bot_levels(game)
        self.players = info.default_players if info else 1
        self.choices: list[str] = []
        self.new_names: dict[int, str] = {}
        self.options: dict[str, Any] = {o.key: o.default for o in (info.options if info else ())}
        self.seed = ""
        self.extra: dict[str, Any] = {}  # a game's own remembered choices (the Deck of Spies deal)
        # The stake per point: none unless typed on this screen (money is never assumed; only
        # the currency is remembered from the last dynasty).
        self.stake_cents, self.currency = 0, DEFAULT_CURRENCY
        self.stake = plain_amount(Money(0), state.lang)  # as typed
        self._fill_seats()
        self._restore(self._remembered())

    @property
    def t(self) -> Callable[..., str]:
        return self.state.t

    @property
    def solo(self) -> bool:
        return bool(self.info) and self.info.max_players == 1

    # --- seats ------------------------------------------------------------------------------

    def _default_choice(self, seat: int) -> str:
        seated = {person_of(c) for c in self.choices}
        free = [f"p:{p.id}" for p in self.humans if str(p.id) not in seated]
        if seat == 0:
            return free[0] if free else NEW
        return f"bot:{'normal' if 'normal' in self.levels else self.levels[-1]}"

    def _fill_seats(self) -> None:
        while len(self.choices) < self.players:
            self.choices.append(self._default_choice(len(self.choices)))
        del self.choices[self.players:]

    def set_players(self, n: int) -> None:
        if self.info and self.info.min_players <= n <= self.info.max_players:
            self.players = n
            self._fill_seats()
            self._fit_options()

    # --- options ------------------------------------------------------------------------------

    def possible(self, key: str, choice: Any) -> bool:
        """Whether the engine deals a game with ``choice`` for ``key`` and the other options at
        this player count (13 cards each are too many for five at Kings in the Corner)."""
        try:
            registry.get(self.game).new(self.players, 0, {**self.options, key: choice})
        except RulesError:
            return False
        except Exception as exc:  # an engine fault must not close the form
            log.warning("cannot try option %s=%r for %s: %s", key, choice, self.game, exc)
            return False
        return True

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        self._fit_options()

    def _fit_options(self) -> None:
        """An option the new player count rules out goes back to its default, else to the
        first choice that is possible."""
        for spec in (self.info.options if self.info else ()):
            if not spec.choices or self.possible(spec.key, self.options[spec.key]):
                continue
            fits = [c for c in (spec.default, *spec.choices) if self.possible(spec.key, c)]
            if fits:
                self.options[spec.key] = fits[0]

    def holder(self, choice: str, seat: int) -> int | None:
        """The other seat that already holds this person, here or on a phone, if any (computers
        may sit twice)."""
        pid = person_of(choice)
        if pid is None:
            return None
        return next((i for i, c in enumerate(self.choices) if person_of(c) == pid and i != seat), None)

    def choose(self, seat: int, choice: str) -> str | None:
        """Put ``choice`` on ``seat``; returns why it was refused (the person sits elsewhere), else None."""
        other = self.holder(choice, seat)
        if other is not None:
            return self.t("new_game.taken", name=self.name_of(choice), seat=self.seat_title(other))
        if choice.startswith("bot:") and choice[4:] not in self.levels:
            return self.t("new_game.unknown_level")
        if person_of(choice) is not None and self.profile(choice) is None:
            return self.t("store.profile_missing")
        if is_phone(choice) and self.solo:
            return self.t("new_game.unknown_level")
        self.choices[seat] = choice
        return None

    def profile(self, choice: str) -> Any | None:
        pid = person_of(choice)
        return next((p for p in self.humans if str(p.id) == pid), None)

    def name_of(self, choice: str) -> str:
        if person_of(choice) is not None:
            p = self.profile(choice)
            return p.name if p else "?"
        if choice.startswith("bot:"):
            return f"{self.t('computer')} ({self.t('level.' + choice[4:])})"
        if choice == PHONE:
            return self.t("host.phone_choice")
        return ""

    def seat_title(self, seat: int) -> str:
        """ "Seat 2"; in a solitaire there is only "Player"."""
        return self.t("new_game.player") if self.solo else self.t("new_game.seat", n=seat + 1)

    def seat_label(self, seat: int) -> str:
        """Who sits on a seat, for options such as "who starts"."""
        choice = self.choices[seat]
        if choice == NEW:
            return (self.new_names.get(seat) or "").strip() or self.seat_title(seat)
        if choice == PHONE:
            return self.t("host.phone_seat", n=seat + 1)
        return self.name_of(choice)

    @property
    def phone_seats(self) -> list[int]:
        """The seats friends' phones take: starting the game hosts it for them."""
        return [i for i, c in enumerate(self.choices) if is_phone(c)]

    def build_seats(self, error_text: Callable[[Exception], str]) -> list[Seat]:
        """The seats to start with; new people are created in the store first.

        :raises ValueError: with a message for the user.
        """
        for i, choice in enumerate(self.choices):
            if self.holder(choice, i) is not None:
                raise ValueError(self.t("new_game.twice"))
            if choice == NEW and not (self.new_names.get(i) or "").strip():
                raise ValueError(self.t("new_game.name_needed", seat=self.seat_title(i)))
        seats: list[Seat] = []
        for i, choice in enumerate(self.choices):
            if choice.startswith("bot:"):
                seats.append(self.state.bot_seat(choice[4:]))
                continue
            if choice == PHONE:  # named after the person once a phone takes it
                seats.append(Seat(kind="human", name=self.t("host.phone_seat", n=i + 1)))
                continue
            if choice == NEW:
                try:
                    p = self.state.store.create_profile(self.new_names[i].strip())
                except Exception as exc:
                    raise ValueError(error_text(exc)) from None
                self.humans.append(p)
                self.choices[i] = f"p:{p.id}"
                self.new_names.pop(i, None)
            # A person here, or a chosen person's phone: the seat is theirs from the start.
            p = self.profile(self.choices[i])
            seats.append(Seat(kind="human", name=p.name, profile_id=p.id))
        return seats

    def parsed_seed(self) -> int | None:
        """:raises ValueError: when the seed is not a whole number."""
        text = (self.seed or "").strip()
        if not text:
            return None
        if not text.isdigit():
            raise ValueError(self.t("new_game.bad_seed"))
        return int(text)

    # --- the stake --------------------------------------------------------------------------

    @property
    def has_stake(self) -> bool:
        return self.game in STAKE_GAMES

    @property
    def computer_seated(self) -> bool:
        return any(c.startswith("bot:") for c in self.choices)

    def stake_meta(self) -> dict[str, Any]:
        """The game record's meta for the typed stake ({} when it is played for honour).

        A computer level plays for its one profile, so a person can play for money
        against the computer too; the store checks the seats when the game starts.

        :raises ValueError: with a message for the user, for an unreadable amount, or a stake
            with a seat for anyone's phone (its person is known only once the phone joins).
        """
        if not self.has_stake:
            return {}
        try:
            money = parse_money(self.stake.strip() or "0", self.currency, self.state.lang)
        except LedgerError:
            raise ValueError(self.t("stake.bad", example=plain_amount(Money(10, self.currency),
                                                                      self.state.lang))) from None
        self.stake_cents = money.cents
        if not money.cents:
            return {}
        if PHONE in self.choices:  # who owes whom is fixed when the dynasty starts, before phones join
            raise ValueError(self.t("stake.no_phones"))
        return {"stake": {"cents": money.cents, "currency": money.currency}}

    def stake_summary(self) -> tuple[bool, str]:
        """Whether money is at stake, and the words shown beside the start button."""
        try:
            money = parse_money(self.stake.strip() or "0", self.currency, self.state.lang)
        except LedgerError:
            return False, self.t("stake.summary_unread")
        if not money.cents:
            return False, self.t("stake.summary_honour")
        return True, self.t("stake.summary_money", amount=format_money(money, self.state.lang))

    # --- remembering ------------------------------------------------------------------------

    def remember(self) -> None:
        """Store seats and options for the next new game of this game (after a start)."""
        data = {"players": self.players, "seats": list(self.choices), "options": dict(self.options),
                "extra": dict(self.extra)}
        if self.has_stake:  # the currency only: the next dynasty's stake is typed anew
            data["stake"] = {"currency": self.currency}
        try:
            self.state.prefs.set_setting(setting_key(self.game), data)
        except Exception as exc:  # remembering is a convenience; the game has started
            log.warning("cannot remember the choices for %s: %s", self.game, exc)

    def _remembered(self) -> dict[str, Any]:
        try:
            data = self.state.prefs.get_setting(setting_key(self.game), None)
        except Exception as exc:
            log.warning("cannot read the last choices for %s: %s", self.game, exc)
            return {}
        return data if isinstance(data, dict) else {}

    def _restore(self, data: dict[str, Any]) -> None:
        """Take what is still valid of the stored choices: archived people and unknown values drop out."""
        players = data.get("players")
        if isinstance(players, int):
            self.set_players(players)
        seats = data.get("seats")
        if isinstance(seats, list):
            for i, choice in enumerate(seats[: self.players]):
                if isinstance(choice, str) and choice != NEW:
                    self.choose(i, choice)
        options = data.get("options")
        for spec in (self.info.options if self.info else ()):
            if isinstance(options, dict) and spec.key in options:
                try:
                    value = spec.parse(options[spec.key])
                except Exception:
                    continue
                if not spec.choices or value in spec.choices:
                    self.options[spec.key] = value
        self._fit_options()
        if isinstance(data.get("extra"), dict):
            self.extra = dict(data["extra"])
        stake = data.get("stake")
        if self.has_stake and isinstance(stake, dict):
            try:
                self.currency = Money(0, stake.get("currency")).currency
            except (LedgerError, TypeError):
                pass
