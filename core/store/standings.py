"""Reading the records back: a player's record per game, opponents, leaderboards, rating
history and recent games, each in a few indexed queries over rows ``records`` keeps.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, case, func, or_, select

from core.outcomes import lower_score_wins
from core.outcomes.rating import MU, SIGMA, shown
from core.store import merges
from core.store.records import PF, PP, PT, RH, RT
from core.store.stats import number
from core.ledger import SETTLED
from core.store.ledger import DYNASTY_GAMES
from core.store.tables import (GameForkRow, GameRow, LedgerEntryRow, ProfileRow, ResultRow,
                               table_of)
from core.store.tally import NO_PROFILE

G, P, R = table_of(GameRow).c, table_of(ProfileRow).c, table_of(ResultRow).c
E = table_of(LedgerEntryRow).c
HISTORY_POINTS = 200  # chart points at most


def money(s: Any, profile_id: int | None, game: str) -> dict[str, dict[str, int]] | None:
    """Money won and lost at the table in ``game``, per currency in cents, from the dynasties
    the ledger settled (payments only move what is owed); None when none was played for money.
    """
    if profile_id is None or game not in DYNASTY_GAMES:
        return None
    mine = s.execute(select(P.uuid).where(P.id == profile_id)).scalar()
    read_as = merges.canonical(s)
    me = {mine} | {u for u, target in read_as.items() if target == read_as.get(mine, mine)}
    out: dict[str, dict[str, int]] = {}
    query = (select(E.currency, E.debtor, E.creditor, func.sum(E.cents))
             .where(E.kind == SETTLED, or_(E.debtor.in_(me), E.creditor.in_(me)))
             .group_by(E.currency, E.debtor, E.creditor))
    for currency, debtor, creditor, cents in s.execute(query):
        if (debtor in me) == (creditor in me):
            continue  # two profiles that turned out to be one person
        side = out.setdefault(currency, {"won": 0, "lost": 0})
        side["won" if creditor in me else "lost"] += int(cents)
    return out or None


def record(s: Any, profile_id: int | None, game: str | None = None) -> dict[str, dict[str, Any]]:
    """Per game, one player's record: games, wins, win rate, streaks, best and average score,
    assisted wins, hints, undos, the game's own figures, rating and money.

    ``profile_id`` None means the people who played without a profile; ``game`` None
    means every game the player has results in.
    """
    key = NO_PROFILE if profile_id is None else profile_id
    c, fc = PT.c, PF.c
    where, fwhere = c.profile_id == key, fc.profile_id == key
    if game is not None:
        where, fwhere = and_(where, c.game == game), and_(fwhere, fc.game == game)
    own: dict[str, dict[str, Any]] = {}
    for g, name, total in s.execute(select(fc.game, fc.name, fc.total).where(fwhere)):
        own.setdefault(g, {})[name] = number(float(total))
    ratings = {} if profile_id is None else ratings_of(s, profile_id)
    out: dict[str, dict[str, Any]] = {}
    for t in s.execute(select(PT).where(where)):
        out[t.game] = {
            "game": t.game, "games": t.games, "wins": t.wins,
            "win_rate": t.wins / t.games if t.games else 0.0,
            "best_score": number(t.score_min if lower_score_wins(t.game) else t.score_max),
            "average_score": round(t.score_sum / t.scored, 1) if t.scored else None,
            "current_streak": t.current_streak, "best_streak": t.best_streak,
            "assisted": t.assisted_wins, "hints": t.hints, "undos": t.undos,
            "figures": own.get(t.game, {}), "rating": ratings.get(t.game),
            "money": money(s, profile_id, t.game)}
    return out


def ratings_of(s: Any, profile_id: int) -> dict[str, dict[str, Any]]:
    """One profile's rating per game: ``shown``, ``games``, ``mu`` and ``sigma``."""
    return {r.game: _rating(r) for r in s.execute(
        select(RT.c.game, RT.c.mu, RT.c.sigma, RT.c.games).where(RT.c.profile_id == profile_id))}


def leaderboard(s: Any, game: str, limit: int = 20) -> list[dict[str, Any]]:
    """The rated profiles of a game, the best first: id, name, kind, level and rating."""
    query = (select(P.id, P.name, P.kind, P.level, RT.c.mu, RT.c.sigma, RT.c.games)
             .join(RT, RT.c.profile_id == P.id)
             .where(RT.c.game == game, P.archived.is_(False))
             .order_by((RT.c.mu - 3 * RT.c.sigma).desc(), P.uuid).limit(limit))
    return [{"profile_id": r.id, "name": r.name, "kind": r.kind, "level": r.level, **_rating(r)}
            for r in s.execute(query)]


def history(s: Any, profile_id: int, game: str, limit: int = HISTORY_POINTS) -> list[dict[str, Any]]:
    """A profile's rating after each of its last ``limit`` games of ``game``, oldest first:
    ``shown``, its ``change`` by that game (from 1 000 before the first) and whether the
    profile ``won`` it (at any of its seats)."""
    won = (select(func.max(case((R.won, 1), else_=0))).where(R.game_id == RH.c.game_id, R.profile_id == profile_id)
           .scalar_subquery())
    rows = s.execute(select(RH.c.game_id, RH.c.mu, RH.c.sigma, RH.c.finished_at, won.label("won"))
                     .where(RH.c.profile_id == profile_id, RH.c.game == game)
                     .order_by(RH.c.finished_at.desc(), RH.c.id.desc()).limit(limit + 1)).all()
    out, before = [], shown(MU, SIGMA)
    for r in reversed(rows):
        now = shown(r.mu, r.sigma)
        out.append({"game_id": r.game_id, "finished_at": r.finished_at, "shown": now,
                    "change": now - before, "won": bool(r.won)})
        before = now
    return out[-limit:] if len(rows) > limit else out


def opponents(s: Any, a: int, b: int | None = None) -> dict[int, dict[str, dict[str, int]]]:
    """How profile ``a`` fared against every profile it met (or only ``b``), per game:
    ``games``, ``wins`` (a won, the other did not), ``losses``, ``shared`` and ``neither``."""
    c = PP.c
    where = c.profile_id == a if b is None else and_(c.profile_id == a, c.other_id == b)
    out: dict[int, dict[str, dict[str, int]]] = {}
    for r in s.execute(select(PP).where(where)):
        out.setdefault(r.other_id, {})[r.game] = {
            "games": r.games, "wins": r.wins, "losses": r.losses, "shared": r.shared,
            "neither": r.games - r.wins - r.losses - r.shared}
    return out


def recent(s: Any, profile_id: int | None, game: str | None, limit: int) -> list[dict[str, Any]]:
    """A player's last finished games, the latest first, each with that player's own result."""
    who = (and_(R.profile_id.is_(None), R.kind == "human") if profile_id is None
           else R.profile_id == profile_id)
    if game is not None:
        who = and_(who, R.game == game)
    forks = (select(func.count()).select_from(table_of(GameForkRow))
             .where(table_of(GameForkRow).c.game_id == R.game_id).scalar_subquery())
    query = (select(R.game_id, R.game, R.seat, R.won, R.score, R.assisted, R.finished_at,
                    G.seats, G.seed, G.result, forks.label("forks"))
             .join(table_of(GameRow), G.id == R.game_id).where(who)
             # the seat last: a profile on several seats is shown by its first on every engine
             .order_by(R.finished_at.desc(), G.uuid.desc(), R.seat).limit(limit * 2))
    seen: set[int] = set()
    out = []
    for r in s.execute(query):
        if r.game_id in seen or len(out) == limit:  # one profile in several seats: the game once
            continue
        seen.add(r.game_id)
        result = r.result if isinstance(r.result, dict) else {}
        out.append({"game_id": r.game_id, "game": r.game, "seat": r.seat, "won": bool(r.won),
                    "score": number(r.score), "assisted": bool(r.assisted),
                    "finished_at": r.finished_at, "seats": r.seats if isinstance(r.seats, list) else [],
                    "seed": r.seed, "result": result, "forks": r.forks,
                    "resigned": result.get("reason") == "resigned" and result.get("resigned") == r.seat})
    return out


def last_player(s: Any, game: str) -> int | None:
    """The profile of the first person (by seat) in the last finished game of ``game`` that
    had one, or None."""
    rows = s.execute(select(R.game_id, R.seat, R.profile_id)
                     .join(table_of(GameRow), G.id == R.game_id)
                     .where(R.game == game, R.kind == "human", R.profile_id.is_not(None))
                     .order_by(R.finished_at.desc(), G.uuid.desc()).limit(10)).all()
    latest = [r for r in rows if r.game_id == rows[0].game_id] if rows else []
    return min(latest, key=lambda r: r.seat).profile_id if latest else None


def _rating(r: Any) -> dict[str, Any]:
    return {"shown": shown(r.mu, r.sigma), "games": r.games, "mu": r.mu, "sigma": r.sigma}
