"""What the Rosenkrieg table shows, computed from one seat's view only (no Flet here).

Everything reads ``session.view(seat)``: hidden cards are ``"??"`` there and stay so, the
Erbe's faces appear only for the Potentat who laid it away, and finished Partien come
from their records (which the engine makes public once a Partie is over). Rules and
points come from the engine (``core.games.rosenkrieg``), never from this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from app.tables.kit.text import reason_key
from core import cards as C
from core.games import rosenkrieg as rk
from core.games.rosenkrieg.tricks import TOTAL_POINTS

# The Skat-deck suit each Rosenkrieg suit stands for (RULINGS; the card widget's
# ``FRENCH_FOR`` draws them): Rosen ♥ (Herzblatt's trumps), Löwen ♠, Türme ♦, Bäume ♣.
FRENCH_SYMBOL = {"L": "♠", "T": "♦", "B": "♣", "R": "♥"}


def around(players: int, me: int) -> list[int]:
    """The other seats clockwise from ``me``: the next one sits to my left (R-2.3)."""
    return [(me + i) % players for i in range(1, players)]


def place_of(players: int, me: int, seat: int) -> str:
    """Where a seat sits on screen as seen from ``me``: ``bottom``, ``left``, ``top`` or ``right``."""
    r = (seat - me) % players
    return {2: ("bottom", "top"), 3: ("bottom", "left", "right"),
            4: ("bottom", "left", "top", "right")}[players][r]


def card_text(card: str, lang: str, french: bool = False) -> str:
    """A card in a sentence: ``Löwen-König`` / ``King of Lions``, or ``K♠`` with French suits."""
    if card == C.UNKNOWN:
        return "?"
    if french:
        return C.index_label(card, lang) + FRENCH_SYMBOL[card[1]]
    return C.name(card, lang)


@dataclass(frozen=True)
class Points:
    """The card points (Zähler) of both parties as far as the viewer may know them."""

    potentat: int  # tricks won by the Potentat, plus the Erbe when the viewer is the Potentat
    erbe: int | None  # the Erbe's points when the viewer may see it, else None
    challengers: int
    in_play: int  # points not yet won by anybody (hands, the trick, a hidden Erbe)

    @property
    def needed(self) -> int:
        """How many more the Potentat needs to win (more than 66)."""
        return max(0, rk.WIN_ABOVE + 1 - self.potentat)


def points(view: dict[str, Any]) -> Points | None:
    """The running Zähler of this Partie, None before the tricks begin."""
    pot = view["potentat"]
    if pot is None or view["phase"] != "play":
        return None
    won = view["won"]
    erbe_seen = bool(view["erbe"]) and all(c != C.UNKNOWN for c in view["erbe"])
    erbe = rk.card_points(view["erbe"]) if erbe_seen else None
    p = rk.card_points(won[pot]) + (erbe or 0)
    ch = sum(rk.card_points(w) for s, w in enumerate(won) if s != pot)
    return Points(p, erbe, ch, TOTAL_POINTS - p - ch)


def trick_cards(trick: dict[str, Any], players: int) -> list[tuple[int, str]]:
    """The cards of a trick with the seat that played each, in play order."""
    leader = trick["leader"]
    played = trick["cards"].split() if isinstance(trick["cards"], str) else list(trick["cards"])
    return [((leader + i) % players, c) for i, c in enumerate(played)]


def last_trick(view: dict[str, Any]) -> dict[str, Any] | None:
    """This Partie's last finished trick, for "who took it" while the next one starts."""
    return view["tricks"][-1] if view["tricks"] else None


def follow_rule(view: dict[str, Any], seat: int) -> str | None:
    """What the led card asks of ``seat`` now: ``"trump"``, a plain suit (``"T"`` …) or None (free)."""
    trick = view["trick"]["cards"]
    if view["phase"] != "play" or not trick or view["to_move"] != seat:
        return None
    hand = view["hands"][seat]
    allowed = rk.legal_plays(hand, trick, view["options"]["trumpfzwang"])
    if len(allowed) == len(hand):
        return None
    led = rk.suit_of(trick[0])
    if any(rk.suit_of(c) == led for c in hand):
        return "trump" if led == "R" else led
    return "must_trump"


def hand_strength(hand: Sequence[str]) -> tuple[int, int]:
    """Trumps and card points in a hand: what a newcomer weighs before declaring."""
    return sum(1 for c in hand if rk.is_trump(c)), rk.card_points(hand)


def declarations(view: dict[str, Any]) -> list[tuple[int, bool | None]]:
    """Each seat's declaration in declaring order (left of the dealer first)."""
    order = rk.seat_order(view)
    return [(s, view["declarations"][s]) for s in order]


def new_from_erbe(view: dict[str, Any], seat: int) -> set[str]:
    """The two cards the Potentat took up from the Erbe, while he lays away (only he sees them)."""
    if view["phase"] != "lay" or view["potentat"] != seat or not view.get("erbe_dealt"):
        return set()
    return set(view["erbe_dealt"].split())


# --- finished Partien -----------------------------------------------------------------------


def just_finished(view: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The table as it stood after the last trick of the Partie ``record`` (the engine has dealt
    the next one already): empty hands, the tricks won, the Erbe face down but for its Potentat."""
    n, pot = view["players"], record["potentat"]
    erbe = record["erbe"].split()
    return dict(view, phase="play", dealer=record["dealer"], declarations=list(record["declarations"]),
                potentat=pot, chosen=record["chosen"], hands=[[] for _ in range(n)],
                erbe=erbe if view.get("viewer") == pot else [C.UNKNOWN] * len(erbe),
                trick={"leader": None, "cards": []}, tricks=list(record["tricks"]),
                won=[w.split() for w in record["won"]], to_move=None, over=False,
                partien=list(view["partien"][:record["number"] - 1]))


@dataclass(frozen=True)
class PartieSummary:
    """One finished Partie as the end-of-Partie sheet tells it."""

    number: int
    potentat: int
    potentat_wins: bool
    counters: tuple[int, int]  # Potentat, challengers
    erbe: tuple[str, ...]  # the two cards he laid away
    erbe_points: int
    sanglos: bool
    klanglos: bool
    lk_bonus: bool
    streak: int
    base: int
    multiplier: int
    value: int
    fenstersturz: bool
    points: tuple[int, ...]
    chosen: str

    @property
    def loser(self) -> str:
        return "challengers" if self.potentat_wins else "potentat"


def summary(record: dict[str, Any]) -> PartieSummary:
    """The sheet's lines from a Partie record (``state["partien"][i]``)."""
    erbe = tuple(record["erbe"].split())
    return PartieSummary(
        number=record["number"], potentat=record["potentat"], potentat_wins=record["winner"] == "potentat",
        counters=(record["counters"]["potentat"], record["counters"]["challengers"]), erbe=erbe,
        erbe_points=rk.card_points(erbe), sanglos=record["sanglos"], klanglos=record["klanglos"],
        lk_bonus=record["lk_bonus"], streak=record["streak"], base=record["base"],
        multiplier=record["multiplier"], value=record["value"], fenstersturz=record["fenstersturz"],
        points=tuple(record["points"]), chosen=record["chosen"])


@dataclass(frozen=True)
class ScoreRow:
    """One line of the dynasty scoreboard: a Partie's points per seat and the balances after it."""

    number: int
    potentat: int
    potentat_wins: bool
    points: tuple[int, ...]
    balance: tuple[int, ...]


def scoreboard(view: dict[str, Any]) -> list[ScoreRow]:
    """Every finished Partie with the running balances (the last row's balance is the current one)."""
    rows, bal = [], [0] * view["players"]
    for r in view["partien"]:
        bal = [b + p for b, p in zip(bal, r["points"])]
        rows.append(ScoreRow(r["number"], r["potentat"], r["winner"] == "potentat", tuple(r["points"]), tuple(bal)))
    return rows


def partie_number(view: dict[str, Any]) -> int:
    """The Partie being played (1-based), or the last one once the Dynastie is over."""
    done = len(view["partien"])
    return done if view["over"] else done + 1


# --- the engine's reasons ---------------------------------------------------------------------

WHY_KEYS = (
    ("a trump was led", "rk.why.trump"),
    ("you must follow", "rk.why.follow"),
    ("with trumpfzwang", "rk.why.must_trump"),
    ("potentat is already chosen", "rk.why.declared"),
    ("only the potentat lays", "rk.why.not_lay"),
    ("no trick is being played", "rk.why.not_play"),
    ("you do not hold", "rk.why.not_held"),
    ("game is over", "play.over"),
)


def why_key(reason: str | None) -> str | None:
    """The i18n key for one of the engine's (English) reasons, else None."""
    return reason_key(reason, WHY_KEYS)
