"""Records between friends: figures and ratings written when a game ends, and read back fast.

``write`` runs in the transaction that writes a game's results: it adds the game's
own figures per seat (``core.outcomes``) and moves the ratings of the profiles
that played, keeping one rating row per player and game plus one history row per
game for the chart. The readers answer the statistics, player and ratings
screens with a few grouped queries each, so they stay fast with thousands of
games. Statements are SQLAlchemy Core, so they run on a Session or a Connection
(the migration that backfills older databases uses the same ``write``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Integer, and_, func, insert, select, text, update

from core.outcomes import HOUSE, figures, lower_score_wins, matches
from core.outcomes.rating import rate, shown
from core.store.stats import number, streaks
from core.store.tables import (FigureRow, GameRow, ProfileRow, RatingRow, RatingStepRow,
                               ResultRow, table_of)

F, R = table_of(FigureRow), table_of(ResultRow)
RT, RH = table_of(RatingRow), table_of(RatingStepRow)
G, P = table_of(GameRow).c, table_of(ProfileRow).c
HOUSE_PROFILE = 0  # the rating row of the game itself, the opponent of a solitaire
HISTORY_POINTS = 200  # chart points at most


def write(s: Any, game_id: int, game: str, seats: list[dict[str, Any]], result: dict[str, Any],
          state: dict[str, Any] | None, now: float) -> None:
    """Add the figures of a game that just ended and update the ratings of its profiles."""
    rows = [{"game_id": game_id, "seat": i, "game": game, "kind": _kind(seat),
             "profile_id": _pid(seat), "name": name, "value": value}
            for i, seat in enumerate(seats) for name, value in figures(game, state, result, i).items()]
    if rows:
        s.execute(insert(F), rows)
    player_of = {i: pid for i, seat in enumerate(seats) if (pid := _pid(seat)) is not None}
    if len(seats) == 1:
        player_of[HOUSE] = HOUSE_PROFILE
    if not player_of:
        return
    keys = set(player_of.values())
    found = {r.profile_id: r for r in s.execute(
        select(RT.c.profile_id, RT.c.mu, RT.c.sigma, RT.c.games)
        .where(RT.c.game == game, RT.c.profile_id.in_(keys)))}
    new = rate({k: (r.mu, r.sigma) for k, r in found.items()},
               matches(game, state, result, len(seats)), player_of)
    for pid in keys:
        mu, sigma = new[pid]
        if pid in found:
            s.execute(update(RT).where(RT.c.game == game, RT.c.profile_id == pid)
                      .values(mu=mu, sigma=sigma, games=found[pid].games + 1, updated_at=now))
        else:
            s.execute(insert(RT).values(game=game, profile_id=pid, mu=mu, sigma=sigma, games=1,
                                        updated_at=now))
    s.execute(insert(RH), [{"game_id": game_id, "game": game, "profile_id": pid, "mu": new[pid][0],
                            "sigma": new[pid][1], "finished_at": now} for pid in keys])


def money(s: Any, profile_id: int | None, game: str) -> float | None:
    """Money won minus money lost in ``game``: the ledger's figure, None until it keeps one."""
    return None


def record(s: Any, profile_id: int | None, game: str | None = None) -> dict[str, dict[str, Any]]:
    """Per game, one player's record: games, wins, win rate, streaks, best and average score,
    assisted wins, hints, undos, the game's own figures, rating and money.

    ``profile_id`` None means the people who played without a profile; ``game`` None
    means every game the player has results in.
    """
    c = R.c
    who = _who(c, profile_id) if game is None else and_(_who(c, profile_id), c.game == game)
    totals = s.execute(select(
        c.game, func.count(), func.sum(c.won, type_=Integer), func.max(c.score), func.min(c.score), func.avg(c.score),
        func.sum(and_(c.won, c.assisted), type_=Integer), func.sum(c.hints), func.sum(c.undos),
    ).where(who).group_by(c.game)).all()
    outcomes: dict[str, list[bool]] = {}
    for g, w in s.execute(select(c.game, c.won).where(who)
                          .order_by(c.game, c.finished_at, c.game_id, c.seat)):
        outcomes.setdefault(g, []).append(bool(w))
    fc = F.c
    fwho = _who(fc, profile_id) if game is None else and_(_who(fc, profile_id), fc.game == game)
    own: dict[str, dict[str, float | int | None]] = {}
    for g, name, total in s.execute(select(fc.game, fc.name, func.sum(fc.value)).where(fwho)
                                    .group_by(fc.game, fc.name)):
        own.setdefault(g, {})[name] = number(float(total))
    ratings = {} if profile_id is None else ratings_of(s, profile_id)
    out: dict[str, dict[str, Any]] = {}
    for g, games, wins, high, low, mean, assisted, hints, undos in totals:
        current, best = streaks(outcomes.get(g, []))
        wins = int(wins or 0)
        out[g] = {"game": g, "games": games, "wins": wins, "win_rate": wins / games if games else 0.0,
                  "best_score": number(low if lower_score_wins(g) else high),
                  "average_score": None if mean is None else round(float(mean), 1),
                  "current_streak": current, "best_streak": best,
                  "assisted": int(assisted or 0), "hints": int(hints or 0), "undos": int(undos or 0),
                  "figures": own.get(g, {}), "rating": ratings.get(g),
                  "money": money(s, profile_id, g)}
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
             .order_by((RT.c.mu - 3 * RT.c.sigma).desc(), P.id).limit(limit))
    return [{"profile_id": r.id, "name": r.name, "kind": r.kind, "level": r.level, **_rating(r)}
            for r in s.execute(query)]


def history(s: Any, profile_id: int, game: str, limit: int = HISTORY_POINTS) -> list[dict[str, Any]]:
    """A profile's rating after each of its last ``limit`` games of ``game``, oldest first."""
    rows = s.execute(select(RH.c.game_id, RH.c.mu, RH.c.sigma, RH.c.finished_at)
                     .where(RH.c.profile_id == profile_id, RH.c.game == game)
                     .order_by(RH.c.finished_at.desc(), RH.c.id.desc()).limit(limit)).all()
    return [{"game_id": r.game_id, "finished_at": r.finished_at, "shown": shown(r.mu, r.sigma)}
            for r in reversed(rows)]


_OPPONENTS = """
WITH mine AS (SELECT game_id, game, MAX(won) AS w FROM results
              WHERE profile_id = :a GROUP BY game_id, game),
     theirs AS (SELECT game_id, profile_id AS pid, MAX(won) AS w FROM results
                WHERE profile_id IS NOT NULL AND profile_id != :a
                  AND game_id IN (SELECT game_id FROM results WHERE profile_id = :a)
                GROUP BY game_id, profile_id)
SELECT theirs.pid, mine.game, COUNT(*),
       SUM(CASE WHEN mine.w = 1 AND theirs.w = 0 THEN 1 ELSE 0 END),
       SUM(CASE WHEN theirs.w = 1 AND mine.w = 0 THEN 1 ELSE 0 END),
       SUM(CASE WHEN mine.w = 1 AND theirs.w = 1 THEN 1 ELSE 0 END)
FROM mine JOIN theirs ON theirs.game_id = mine.game_id
WHERE (:b IS NULL OR theirs.pid = :b)
GROUP BY theirs.pid, mine.game
"""


def opponents(s: Any, a: int, b: int | None = None) -> dict[int, dict[str, dict[str, int]]]:
    """How profile ``a`` fared against every profile it met (or only ``b``), per game:
    ``games``, ``wins`` (a won, the other did not), ``losses``, ``shared`` and ``neither``."""
    out: dict[int, dict[str, dict[str, int]]] = {}
    for pid, game, games, wins, losses, shared in s.execute(text(_OPPONENTS), {"a": a, "b": b}):
        out.setdefault(pid, {})[game] = {
            "games": games, "wins": wins, "losses": losses, "shared": shared,
            "neither": games - wins - losses - shared}
    return out


def recent(s: Any, profile_id: int | None, game: str | None, limit: int) -> list[dict[str, Any]]:
    """A player's last finished games, the latest first, each with that player's own result."""
    c = R.c
    who = _who(c, profile_id)
    if game is not None:
        who = and_(who, c.game == game)
    query = (select(c.game_id, c.game, c.seat, c.won, c.score, c.assisted, c.finished_at,
                    G.seats, G.seed, G.result, G.archived)
             .join(table_of(GameRow), G.id == c.game_id).where(who)
             .order_by(c.finished_at.desc(), c.game_id.desc()).limit(limit))
    seen: set[int] = set()
    out = []
    for r in s.execute(query):
        if r.game_id in seen:  # one profile in several seats: the game once
            continue
        seen.add(r.game_id)
        result = r.result if isinstance(r.result, dict) else {}
        out.append({"game_id": r.game_id, "game": r.game, "seat": r.seat, "won": bool(r.won),
                    "score": number(r.score), "assisted": bool(r.assisted),
                    "finished_at": r.finished_at, "seats": r.seats if isinstance(r.seats, list) else [],
                    "seed": r.seed, "result": result,
                    "resigned": result.get("reason") == "resigned" and result.get("resigned") == r.seat})
    return out


def _rating(r: Any) -> dict[str, Any]:
    return {"shown": shown(r.mu, r.sigma), "games": r.games, "mu": r.mu, "sigma": r.sigma}


def _who(c: Any, profile_id: int | None) -> Any:
    if profile_id is None:
        return and_(c.profile_id.is_(None), c.kind == "human")
    return c.profile_id == profile_id


def _pid(seat: Any) -> int | None:
    pid = seat.get("profile_id") if isinstance(seat, dict) else None
    return pid if isinstance(pid, int) and not isinstance(pid, bool) else None


def _kind(seat: Any) -> str:
    return "bot" if isinstance(seat, dict) and seat.get("kind") == "bot" else "human"
