"""Records between friends, written when a game ends: figures, running totals and ratings.

``write`` runs in the transaction that writes a game's results. It adds the game's
own figures per seat (``core.outcomes``), brings each player's running totals up to
date (games, wins, streaks, scores, figures), and each pair of profiles' record
against each other, and moves the ratings of the profiles that played (one rating
row per player and game, one history row per game for the chart). The screens read
these rows (``core.store.standings``) instead of adding up thousands of results.

Everything here is a function of the finished games alone, counted in the order
``(finished_at, uuid)``: the time a game ended is data, and ties break on its global
id, never on a local row id or the order games arrived in. A game that ends after
every game counted so far is added (``write``); one that sorts earlier (a phone
whose clock is behind, a game that came from elsewhere) makes ``rebuild`` count
every game again in that order. A profile merged into another counts as that one
(``core.store.merges``). Statements are SQLAlchemy Core, so this runs on a Session or
a Connection (the upgrade of older databases uses it too).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any, NamedTuple, Sequence

from sqlalchemy import and_, delete, insert, select, text, update

from core.outcomes import HOUSE, figures, matches
from core.outcomes.rating import rate
from core.store import merges
from core.store.changes import listed
from core.store.tables import (FigureRow, GameRow, PairTotalRow, PlayerFigureRow, PlayerTotalRow,
                               RatingRow, RatingStepRow, table_of)
from core.store.values import loads_or_none

F, RT, RH = table_of(FigureRow), table_of(RatingRow), table_of(RatingStepRow)
G = table_of(GameRow).c
PT, PF, PP = table_of(PlayerTotalRow), table_of(PlayerFigureRow), table_of(PairTotalRow)
HOUSE_PROFILE = 0  # the rating row of the game itself, the opponent of a solitaire
NO_PROFILE = 0  # the totals of the people who played without a profile


class _Seat(NamedTuple):
    """A result row with its profile read through the merges."""

    game_id: int
    seat: int
    kind: str
    profile_id: int | None
    won: bool
    score: float | None
    assisted: bool
    undos: int
    hints: int


def rebuild(s: Any) -> None:
    """Write every total and rating again from the finished games' results, in the order
    ``(finished_at, uuid)``: after an upgrade, after an import that added or changed
    something, and when a game ends before games already counted."""
    for table in (F, RT, RH, PT, PF, PP):
        s.execute(delete(table))
    read_as = merges.local(s)
    finished = s.execute(text(
        "SELECT g.id, g.game, g.state, g.result, g.finished_at FROM games g WHERE g.over"
        " AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)"
        " ORDER BY g.finished_at, g.uuid")).fetchall()
    for found in finished:
        _count(s, found, read_as)


def _count(s: Any, found: Any, read_as: dict[int, int]) -> None:
    """Add one finished game (its id, game, state, result and end) from its result rows."""
    gid, game, state_raw, result_raw, finished_at = found
    result, state = loads_or_none(result_raw), loads_or_none(state_raw)
    rows = s.execute(text(
        "SELECT game_id, seat, kind, profile_id, won, score, assisted, undos, hints"
        " FROM results WHERE game_id = :g ORDER BY seat"), {"g": gid}).fetchall()
    write(s, game, rows, result if isinstance(result, dict) else {"winners": []},
          state if isinstance(state, dict) else None, finished_at, read_as)


def count_new(s: Any, game_ids: Sequence[int]) -> bool:
    """Add the games ``game_ids`` (whose results were just written) when they all sort after
    every game counted so far; False (and nothing added) when one does not: then only
    ``rebuild`` counts in the right order."""
    fresh = set(game_ids)
    if not fresh:
        return True
    # From the first of them on, in counting order, every game must be one of them.
    first = s.execute(select(G.finished_at, G.uuid).where(G.id.in_(listed(fresh)))
                      .order_by(G.finished_at, G.uuid).limit(1)).one()
    keys = s.execute(text(
        "SELECT g.id FROM games g WHERE g.over"
        " AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)"
        " AND (g.finished_at > :t OR (g.finished_at = :t AND g.uuid >= :u))"
        " ORDER BY g.finished_at, g.uuid"), {"t": first.finished_at, "u": first.uuid}
    ).scalars().all()
    if set(keys) != fresh:
        return False
    read_as = merges.local(s)
    for gid in keys:
        _count(s, s.execute(text("SELECT id, game, state, result, finished_at FROM games"
                                 " WHERE id = :g"), {"g": gid}).one(), read_as)
    return True


def counts_last(s: Any, game_id: int, finished_at: float) -> bool:
    """Whether a game that just ended sorts after every game counted so far."""
    later = s.execute(text(
        "SELECT 1 FROM games g, games me WHERE me.id = :id AND g.id != me.id AND g.over"
        " AND (g.finished_at > :t OR (g.finished_at = :t AND g.uuid > me.uuid))"
        " AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) LIMIT 1"),
        {"id": game_id, "t": finished_at}).first()
    return later is None


def write(s: Any, game: str, rows: Sequence[Any], result: dict[str, Any],
          state: dict[str, Any] | None, now: float, read_as: dict[int, int] | None = None) -> None:
    """Add what a game that just ended says, from its result rows (one per seat, in seat
    order: ``game_id``, ``seat``, ``kind``, ``profile_id``, ``won``, ``score``, ``assisted``,
    ``undos``, ``hints``); ``read_as`` maps merged-away profiles (default: the database's)."""
    if read_as is None:
        read_as = merges.local(s)
    if read_as:
        rows = [_Seat(r.game_id, r.seat, r.kind, read_as.get(r.profile_id, r.profile_id), r.won,
                      r.score, r.assisted, r.undos, r.hints) for r in rows]
    game_id = rows[0].game_id
    own = [figures(game, state, result, r.seat) for r in rows]
    raw = [{"game_id": game_id, "seat": r.seat, "game": game, "kind": r.kind,
            "profile_id": r.profile_id, "name": name, "value": value}
           for r, mine in zip(rows, own) for name, value in mine.items()]
    if raw:
        s.execute(insert(F), raw)
    for r, mine in zip(rows, own):
        key = r.profile_id if r.profile_id is not None else NO_PROFILE if r.kind == "human" else None
        if key is not None:
            _add_totals(s, key, game, r)
            _add_figures(s, key, game, mine)
    _add_pairs(s, game, rows)
    _rate(s, game_id, game, rows, result, state, now)


def _add_totals(s: Any, key: int, game: str, r: Any) -> None:
    c = PT.c
    old = s.execute(select(PT).where(c.profile_id == key, c.game == game)).one_or_none()
    won, score = bool(r.won), r.score
    if old is None:
        s.execute(insert(PT).values(
            profile_id=key, game=game, games=1, wins=int(won), assisted_wins=int(won and bool(r.assisted)),
            hints=r.hints, undos=r.undos, scored=int(score is not None), score_sum=score or 0.0,
            score_max=score, score_min=score, current_streak=int(won), best_streak=int(won)))
        return
    streak = old.current_streak + 1 if won else 0
    s.execute(update(PT).where(c.profile_id == key, c.game == game).values(
        games=old.games + 1, wins=old.wins + int(won),
        assisted_wins=old.assisted_wins + int(won and bool(r.assisted)),
        hints=old.hints + r.hints, undos=old.undos + r.undos,
        scored=old.scored + int(score is not None), score_sum=old.score_sum + (score or 0.0),
        score_max=_pick(max, old.score_max, score), score_min=_pick(min, old.score_min, score),
        current_streak=streak, best_streak=max(old.best_streak, streak)))


def _pick(choose: Any, old: float | None, new: float | None) -> float | None:
    return old if new is None else new if old is None else choose(old, new)


def _add_figures(s: Any, key: int, game: str, mine: dict[str, float]) -> None:
    if not mine:
        return
    c = PF.c
    where = and_(c.profile_id == key, c.game == game)
    old = dict(s.execute(select(c.name, c.total).where(where, c.name.in_(list(mine)))).all())
    for name, value in mine.items():
        if name in old:
            s.execute(update(PF).where(where, c.name == name).values(total=old[name] + value))
        else:
            s.execute(insert(PF).values(profile_id=key, game=game, name=name, total=value))


def _add_pairs(s: Any, game: str, rows: Sequence[Any]) -> None:
    """Each ordered pair of different profiles at the table; a profile in several seats won
    when any of its seats did."""
    won: dict[int, bool] = {}
    for r in rows:
        if r.profile_id is not None:
            won[r.profile_id] = won.get(r.profile_id, False) or bool(r.won)
    pairs = list(permutations(won, 2))
    if not pairs:
        return
    c = PP.c
    old = {(o.profile_id, o.other_id): o for o in s.execute(
        select(PP).where(c.game == game, c.profile_id.in_(list(won)), c.other_id.in_(list(won))))}
    for a, b in pairs:
        add = {"games": 1, "wins": int(won[a] and not won[b]), "losses": int(won[b] and not won[a]),
               "shared": int(won[a] and won[b])}
        if (a, b) in old:
            o = old[(a, b)]
            s.execute(update(PP).where(c.profile_id == a, c.other_id == b, c.game == game).values(
                **{k: getattr(o, k) + v for k, v in add.items()}))
        else:
            s.execute(insert(PP).values(profile_id=a, other_id=b, game=game, **add))


def _rate(s: Any, game_id: int, game: str, rows: Sequence[Any], result: dict[str, Any],
          state: dict[str, Any] | None, now: float) -> None:
    player_of = {r.seat: r.profile_id for r in rows if r.profile_id is not None}
    if len(rows) == 1:
        player_of[HOUSE] = HOUSE_PROFILE
    if not player_of:
        return
    keys = set(player_of.values())
    found = {r.profile_id: r for r in s.execute(
        select(RT.c.profile_id, RT.c.mu, RT.c.sigma, RT.c.games)
        .where(RT.c.game == game, RT.c.profile_id.in_(keys)))}
    new = rate({k: (r.mu, r.sigma) for k, r in found.items()}, matches(game, state, result, len(rows)),
               player_of)
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

