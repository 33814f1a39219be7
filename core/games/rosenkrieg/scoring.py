"""How a Partie of Rosenkrieg is counted and settled (RULINGS.md R-8 … R-9.3).

The Potentat wins with more than 66 Zähler (his tricks plus the Erbe); the losing party
is sanglos below 31 and sang- und klanglos with none (or, with the option
``klanglos=tricks``, with no trick). The winning party scores 1, one more without the
König der Löwen in its Zähler, and a winning Potentat two more per Partie of his unbroken
run as a winning Potentat just before; the sum is doubled for a sanglos and quadrupled
for a sang- und klanglos loser. The Potentat's amount counts once per challenger.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from core.games.rosenkrieg.tricks import LK, TOTAL_POINTS, card_points

WIN_ABOVE = 66  # the Potentat needs more than this
SANGLOS_BELOW = 31
FENSTERSTURZ = 67  # a name only


class GameValue(NamedTuple):
    """How a Partie came out: who won, the base points, the multiplier and why (R-9)."""

    potentat_wins: bool
    lk_bonus: bool
    base: int
    multiplier: int
    sanglos: bool
    klanglos: bool

    @property
    def value(self) -> int:
        """G = base × M: what each challenger wins or pays."""
        return self.base * self.multiplier


def game_value(potentat_points: int, lk_with_potentat: bool, streak: int, loser_has_trick: bool = True,
               klanglos: str = "points") -> GameValue:
    """The value of a Partie from the Potentat's Zähler (Erbe included) and where the LK ended.

    ``loser_has_trick`` matters only with ``klanglos="tricks"``: whether the losing party won
    any trick (then "no trick" instead of "no Zähler" makes it sang- und klanglos).
    """
    wins = potentat_points > WIN_ABOVE
    loser = TOTAL_POINTS - potentat_points if wins else potentat_points
    lk_bonus = lk_with_potentat != wins  # the winning party does not hold the LK
    base = 1 + lk_bonus + (2 * streak if wins else 0)
    klang = (not loser_has_trick) if klanglos == "tricks" else loser == 0
    sang = loser < SANGLOS_BELOW
    return GameValue(wins, lk_bonus, base, 4 if klang else 2 if sang else 1, sang, klang)


def potentat_amount(players: int, potentat_points: int, lk_with_potentat: bool, streak: int,
                    loser_has_trick: bool = True, klanglos: str = "points") -> int:
    """What the Potentat gains (negative: loses) in one Partie: G once per challenger (R-9.1)."""
    v = game_value(potentat_points, lk_with_potentat, streak, loser_has_trick, klanglos)
    amount = v.base * v.multiplier * (players - 1)
    return amount if v.potentat_wins else -amount


def score_partie(players: int, potentat: int, potentat_zaehler: Sequence[str], challenger_zaehler: Sequence[str],
                 streak: int, tricks_won: Sequence[int], klanglos: str = "points") -> dict[str, Any]:
    """The result of a finished Partie as stored in its record.

    ``potentat_zaehler`` are his tricks' cards and the Erbe; ``challenger_zaehler`` the
    challengers' pooled tricks; ``tricks_won`` the number of tricks per seat; ``streak``
    the Potentat's unbroken run of won Partien as Potentat just before this one (R-9.2).
    """
    pot = card_points(potentat_zaehler)
    pot_tricks = tricks_won[potentat]
    chal_tricks = sum(tricks_won) - pot_tricks
    v = game_value(pot, LK in potentat_zaehler, streak,
                   (chal_tricks if pot > WIN_ABOVE else pot_tricks) > 0, klanglos)
    g = v.value if v.potentat_wins else -v.value
    return {
        "counters": {"potentat": pot, "challengers": card_points(challenger_zaehler)},
        "winner": "potentat" if v.potentat_wins else "challengers",
        "streak": streak, "lk_bonus": v.lk_bonus, "sanglos": v.sanglos, "klanglos": v.klanglos,
        "fenstersturz": pot == FENSTERSTURZ, "base": v.base, "multiplier": v.multiplier, "value": v.value,
        "points": [g * (players - 1) if s == potentat else -g for s in range(players)],
    }


def streak_before(partien: Sequence[dict[str, Any]], seat: int) -> int:
    """How many Partien directly before now ``seat`` was Potentat and won, counting back
    from the last one; the first Partie that breaks the run stops the count (R-9.2)."""
    k = 0
    for record in reversed(partien):
        if record["potentat"] != seat or record["winner"] != "potentat":
            break
        k += 1
    return k


def dynasty_result(balance: Sequence[int]) -> dict[str, Any]:
    """The finished Dynastie: the balances are the scores; the highest balance wins (R-9.3)."""
    top = max(balance)
    return {"scores": list(balance), "winners": [s for s, b in enumerate(balance) if b == top],
            "reason": "balance"}
