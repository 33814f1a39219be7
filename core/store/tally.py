"""Counting finished games into running totals, pair records and ratings, in memory.

``core.store.records`` keeps these figures in tables. Counting a game used to read and write
each of its rows with a statement of its own, a dozen per game: counting every game again
(after a sync brought games that end before those counted) cost ~15 ms a game, minutes for a
circle's 100,000. A ``Tally`` does the same arithmetic on dictionaries, in the same order, so
it gives the same numbers to the last bit; the tables are read once before and written once
after. One game that ends after the rest loads just the rows it touches (``scope``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from typing import Any, Sequence

from core.outcomes import HOUSE, figures, matches
from core.outcomes.rating import rate

HOUSE_PROFILE = 0  # the rating row of the game itself, the opponent of a solitaire
NO_PROFILE = 0  # the totals of the people who played without a profile
TOTALS = ("games", "wins", "assisted_wins", "hints", "undos", "scored", "score_sum", "score_max",
          "score_min", "current_streak", "best_streak")
PAIRS = ("games", "wins", "losses", "shared")


def total_key(r: Any) -> int | None:
    """Whose totals a result row adds to: its profile's; the people without a profile's for a
    person without one; nobody's for a computer without a profile."""
    return r.profile_id if r.profile_id is not None else NO_PROFILE if r.kind == "human" else None


def rated(rows: Sequence[Any]) -> dict[int, int]:
    """Seat (or ``HOUSE``) → the profile rated for it: the profiles at the table, and the game
    itself as the opponent of a solitaire."""
    player_of = {r.seat: r.profile_id for r in rows if r.profile_id is not None}
    if len(rows) == 1:
        player_of[HOUSE] = HOUSE_PROFILE
    return player_of


@dataclass
class Tally:
    """Figures and records of games counted so far (or of the rows loaded for one game).

    Keys: ``totals`` (profile, game); ``figures`` (profile, game, name); ``pairs`` (profile,
    other, game); ``ratings`` (game, profile) → [mu, sigma, games, updated_at]. ``game_figures``
    and ``steps`` are the rows of the games counted since they were last taken away.
    """

    totals: dict[tuple[int, str], dict[str, Any]] = field(default_factory=dict)
    figures: dict[tuple[int, str, str], float] = field(default_factory=dict)
    pairs: dict[tuple[int, int, str], dict[str, int]] = field(default_factory=dict)
    ratings: dict[tuple[str, int], list[Any]] = field(default_factory=dict)
    game_figures: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)

    def add(self, game: str, rows: Sequence[Any], result: dict[str, Any],
            state: dict[str, Any] | None, now: float) -> None:
        """Count one finished game from its result rows (one per seat, in seat order, profiles
        already read through the merges)."""
        game_id = rows[0].game_id
        own = [figures(game, state, result, r.seat) for r in rows]
        self.game_figures.extend(
            {"game_id": game_id, "seat": r.seat, "game": game, "kind": r.kind,
             "profile_id": r.profile_id, "name": name, "value": value}
            for r, mine in zip(rows, own) for name, value in mine.items())
        for r, mine in zip(rows, own):
            key = total_key(r)
            if key is not None:
                self._add_totals(key, game, r)
                for name, value in mine.items():
                    at = (key, game, name)
                    self.figures[at] = self.figures[at] + value if at in self.figures else value
        self._add_pairs(game, rows)
        self._rate(game_id, game, rows, result, state, now)

    def _add_totals(self, key: int, game: str, r: Any) -> None:
        won, score = bool(r.won), r.score
        old = self.totals.get((key, game))
        if old is None:
            self.totals[(key, game)] = {
                "games": 1, "wins": int(won), "assisted_wins": int(won and bool(r.assisted)),
                "hints": r.hints, "undos": r.undos, "scored": int(score is not None),
                "score_sum": score or 0.0, "score_max": score, "score_min": score,
                "current_streak": int(won), "best_streak": int(won)}
            return
        streak = old["current_streak"] + 1 if won else 0
        old.update(games=old["games"] + 1, wins=old["wins"] + int(won),
                   assisted_wins=old["assisted_wins"] + int(won and bool(r.assisted)),
                   hints=old["hints"] + r.hints, undos=old["undos"] + r.undos,
                   scored=old["scored"] + int(score is not None),
                   score_sum=old["score_sum"] + (score or 0.0),
                   score_max=_pick(max, old["score_max"], score),
                   score_min=_pick(min, old["score_min"], score),
                   current_streak=streak, best_streak=max(old["best_streak"], streak))

    def _add_pairs(self, game: str, rows: Sequence[Any]) -> None:
        """Each ordered pair of different profiles at the table; a profile in several seats won
        when any of its seats did."""
        won: dict[int, bool] = {}
        for r in rows:
            if r.profile_id is not None:
                won[r.profile_id] = won.get(r.profile_id, False) or bool(r.won)
        for a, b in permutations(won, 2):
            pair = self.pairs.setdefault((a, b, game), dict.fromkeys(PAIRS, 0))
            pair["games"] += 1
            pair["wins"] += int(won[a] and not won[b])
            pair["losses"] += int(won[b] and not won[a])
            pair["shared"] += int(won[a] and won[b])

    def _rate(self, game_id: int, game: str, rows: Sequence[Any], result: dict[str, Any],
              state: dict[str, Any] | None, now: float) -> None:
        player_of = rated(rows)
        if not player_of:
            return
        keys = set(player_of.values())
        found = {k: self.ratings[(game, k)] for k in keys if (game, k) in self.ratings}
        new = rate({k: (r[0], r[1]) for k, r in found.items()},
                   matches(game, state, result, len(rows)), player_of)
        for pid in keys:
            mu, sigma = new[pid]
            games = found[pid][2] + 1 if pid in found else 1
            self.ratings[(game, pid)] = [mu, sigma, games, now]
        self.steps.extend({"game_id": game_id, "game": game, "profile_id": pid, "mu": new[pid][0],
                           "sigma": new[pid][1], "finished_at": now} for pid in keys)

    def taken(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The per-game rows (figures, rating steps) counted since the last call, to be written;
        they are not kept here."""
        rows = (self.game_figures, self.steps)
        self.game_figures, self.steps = [], []
        return rows

    def rows(self) -> dict[str, list[dict[str, Any]]]:
        """The running rows as the tables hold them, by table."""
        return {
            "totals": [{"profile_id": k, "game": g, **v} for (k, g), v in self.totals.items()],
            "figures": [{"profile_id": k, "game": g, "name": n, "total": v}
                        for (k, g, n), v in self.figures.items()],
            "pairs": [{"profile_id": a, "other_id": b, "game": g, **v}
                      for (a, b, g), v in self.pairs.items()],
            "ratings": [{"game": g, "profile_id": k, "mu": r[0], "sigma": r[1], "games": r[2],
                         "updated_at": r[3]} for (g, k), r in self.ratings.items()],
        }


def _pick(choose: Any, old: float | None, new: float | None) -> float | None:
    return old if new is None else new if old is None else choose(old, new)
