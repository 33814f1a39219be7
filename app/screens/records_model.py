"""What the statistics, player and head-to-head screens show, worked out without Flet.

The store hands out records (``Store.player_record``, ``opponents``, ``recent_results``);
this turns them into tiles, row texts and verdicts in the person's language, so the
screens only lay them out and the logic is tested without a page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from app import fmt
from app.screens import records_text  # noqa: F401  (registers the texts)
from core.games import deck_of_spies as dos
from core.ledger import Money
from core.outcomes.rating import MU, SIGMA, shown
from core.store.standings import HISTORY_POINTS

T = Callable[..., str]
DASH = "–"
GAMES = ("thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner")
EMPTY = {"games": 0, "wins": 0, "win_rate": 0.0, "best_score": None, "average_score": None,
         "current_streak": 0, "best_streak": 0, "assisted": 0, "hints": 0, "undos": 0,
         "figures": {}, "rating": None, "money": None}


@dataclass(frozen=True)
class Tile:
    """One figure on a statistics grid; ``icon`` names it for the screen's icon table."""

    icon: str
    label: str
    value: str
    hint: str | None = None
    strong: bool = False


@dataclass(frozen=True)
class Versus:
    """Two players' record in one game, from the first one's side."""

    game: str
    games: int
    wins: int
    losses: int
    shared: int


def rating_text(shown: int | None, lang: str) -> str:
    """A rating as one readable number, thousands set apart by a narrow space: "1 240"."""
    if shown is None:
        return DASH
    sign = "−" if shown < 0 else ""
    return sign + f"{abs(shown):,}".replace(",", "\u202f")


def win_rate_text(rate: float, lang: str) -> str:
    """The win rate with one decimal where it has one: "95,9 %", "50 %" / "95.9%", "50%"."""
    tenths = round(rate * 1000)
    return fmt.percent(tenths / 1000, lang, digits=0 if tenths % 10 == 0 else 1)


def _num(value: Any, lang: str, signed: bool = False) -> str:
    if value is None:
        return DASH
    text = fmt.number(value, lang)
    return ("+" + text) if signed and value > 0 else text.replace("-", "−")


def tiles(game: str, s: dict[str, Any], t: T, lang: str) -> list[Tile]:
    """The statistics grid of one game: the common figures, then the game's own."""
    f = s.get("figures") or {}
    low = game == "kings-corner"
    # Games and wins head the screen; the grid holds four common and four own figures.
    out = [
        Tile("current_streak", t("stats.current_streak"), _num(s["current_streak"], lang)),
        Tile("best_streak", t("stats.best_streak"), _num(s["best_streak"], lang)),
        Tile("best_score", t("stats.best_score"), _num(s["best_score"], lang),
             t("stats.best_score_hint") if game == "deck-of-spies" else
             t("rec.best_low_hint") if low else None),
        Tile("average_score", t("rec.average_score"), _num(s["average_score"], lang)),
    ]
    games = int(s["games"] or 0)
    if game == "thronfolge":
        out += [Tile("three_crowns", t("rec.three_crowns"), _num(f.get("three_crowns", 0), lang),
                     t("rec.three_crowns_hint")),
                Tile("crowns", t("rec.crowns"), _num(f.get("crowns", 0), lang), t("rec.collected")),
                Tile("sets", t("rec.sets"), _num(f.get("sets", 0), lang), t("rec.collected")),
                Tile("favours", t("rec.favours"), _num(f.get("favours", 0), lang), t("rec.favours_hint"))]
    elif game == "deck-of-spies":
        out += [Tile("perfect", t("stats.perfect"), _num(f.get("perfect", 0), lang),
                     t("stats.perfect_hint")),
                Tile("assisted", t("stats.assisted"), _num(s["assisted"], lang)),
                Tile("hints", t("stats.hints"), _num(s["hints"], lang)),
                Tile("undos", t("stats.undos"), _num(s["undos"], lang))]
    elif game == "rosenkrieg":
        out += [Tile("potentat", t("rec.potentat"), _num(f.get("potentat", 0), lang),
                     t("rec.potentat_hint", n=int(f.get("partien", 0)))),
                Tile("potentat_won", t("rec.potentat_won"), _num(f.get("potentat_won", 0), lang)),
                Tile("fenstersturz", t("rec.fenstersturz"), _num(f.get("fenstersturz", 0), lang),
                     t("rec.fenstersturz_hint")),
                Tile("points", t("rec.points"), _num(f.get("points", 0), lang, signed=True))]
        for currency, side in sorted((s.get("money") or {}).items()):  # dynasties played for money
            out.append(Tile("money", t("rec.money"),
                            fmt.money(Money(side["won"] - side["lost"], currency), lang, signed=True),
                            t("rec.money_hint", won=fmt.money(Money(side["won"], currency), lang),
                              lost=fmt.money(Money(side["lost"], currency), lang))))
    elif game == "kings-corner":
        penalty = f.get("penalty", 0)
        out += [Tile("penalty", t("rec.penalty"), _num(penalty, lang),
                     t("rec.penalty_hint", avg=round(penalty / games, 1)) if games else None),
                Tile("rounds", t("rec.rounds"), _num(f.get("rounds", 0), lang)),
                Tile("rounds_won", t("rec.rounds_won"), _num(f.get("rounds_won", 0), lang),
                     t("rec.rounds_won_hint", n=int(f.get("rounds", 0)))),
                Tile("cards_left", t("rec.cards_left"), _num(f.get("cards_left", 0), lang),
                     t("rec.cards_left_hint"))]
    return out


def verdict(row: dict[str, Any]) -> str:
    """How a recent game ended for the player it was listed for: won, shared, lost, resigned."""
    if row.get("resigned"):
        return "resigned"
    if not row.get("won"):
        return "lost"
    winners = (row.get("result") or {}).get("winners") or []
    return "shared" if len(winners) > 1 else "won"


VERDICT_KEYS = {"won": "stats.row.won", "shared": "rec.row.shared", "lost": "stats.row.lost",
                "resigned": "stats.row.resigned"}


def row_title(row: dict[str, Any], t: T) -> str:
    """A recent game's name: Deck of Spies' deal number, else whom it was played against."""
    if row["game"] == "deck-of-spies":
        try:
            return "#" + dos.game_number(int(row["seed"]))
        except (TypeError, ValueError):
            return f"#{row['game_id']}"
    others = [fmt.seat_name(seat, t) for i, seat in enumerate(row.get("seats") or [])
              if i != row["seat"]]
    names = fmt.grouped([n for n in others if n])
    return t("rec.vs", names=", ".join(names)) if names else f"#{row['game_id']}"


def row_details(row: dict[str, Any], t: T, lang: str, now: float | None = None) -> str:
    """When a recent game ended, and what marked it (score, face cards, help)."""
    result = row.get("result") or {}
    bits = [fmt.ago(row.get("finished_at"), lang, t, now)]
    fc = result.get("face_cards")
    if row["game"] == "deck-of-spies":
        if result.get("reason") == "no_double_agent":
            bits.append(t("stats.row.no_agent"))
        elif isinstance(fc, dict):
            bits.append(t("stats.row.faces", n=fc.get("player", 0)))
    elif row.get("score") is not None:
        bits.append(t("rec.score", n=row["score"]))
    if row.get("assisted"):
        bits.append(t("stats.row.assisted"))
    return " · ".join(b for b in bits if b)


def versus_rows(met: dict[str, dict[str, int]]) -> list[Versus]:
    """Per game, in the app's order, the record against one opponent."""
    return [Versus(g, m["games"], m["wins"], m["losses"], m["shared"])
            for g in GAMES if (m := met.get(g)) and m["games"]]


def total(rows: list[Versus]) -> Versus:
    """The rows added up over all games."""
    return Versus("", sum(r.games for r in rows), sum(r.wins for r in rows),
                  sum(r.losses for r in rows), sum(r.shared for r in rows))


def record_line(v: Versus, t: T) -> str:
    """ "5 W · 3 L", with shared wins only where there were some."""
    if v.shared:
        return t("rec.record_line_shared", wins=v.wins, losses=v.losses, shared=v.shared)
    return t("rec.record_line", wins=v.wins, losses=v.losses)


def summary(records: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Games, wins and win rate of a player over every game."""
    games = sum(r["games"] for r in records.values())
    wins = sum(r["wins"] for r in records.values())
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0}


def played_games(records: dict[str, dict[str, Any]]) -> list[str]:
    """The games a player has a record in, the most played first (ties in the app's order)."""
    return sorted((g for g in GAMES if records.get(g, {}).get("games")),
                  key=lambda g: (-records[g]["games"], GAMES.index(g)))


def chart_points(history: list[dict[str, Any]], complete: bool = True) -> list[tuple[int, int]]:
    """The rating chart's points: (game number, shown rating), starting from the newcomer's
    1 000 when ``history`` goes back to the first game."""
    points = [(i + 1, p["shown"]) for i, p in enumerate(history)]
    return [(0, shown(MU, SIGMA))] + points if points and complete else points
