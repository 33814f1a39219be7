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
(``core.store.merges``). The counting itself is ``core.store.tally``'s, in memory: this
module reads the rows it needs and writes back what it counted. Statements are SQLAlchemy
Core, so this runs on a Session or a Connection (the upgrade of older databases uses it too).
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from sqlalchemy import and_, delete, insert, select, text

from core.store import merges
from core.store.changes import listed
from core.store.tables import (FigureRow, GameRow, PairTotalRow, PlayerFigureRow, PlayerTotalRow,
                               RatingRow, RatingStepRow, table_of)
from core.store.tally import PAIRS, TOTALS, Tally, rated, total_key
from core.store.values import loads_or_none

F, RT, RH = table_of(FigureRow), table_of(RatingRow), table_of(RatingStepRow)
G = table_of(GameRow).c
PT, PF, PP = table_of(PlayerTotalRow), table_of(PlayerFigureRow), table_of(PairTotalRow)
CHUNK = 500  # games read (and their per-game rows written) at a time while counting them all
FINISHED = ("FROM games g WHERE g.over AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id)")


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
    something, and when a game ends before games already counted. The running rows are
    counted in memory and written once; the games are read a chunk at a time."""
    for table in (F, RT, RH, PT, PF, PP):
        s.execute(delete(table))
    order = s.execute(text(f"SELECT g.id {FINISHED} ORDER BY g.finished_at, g.uuid")).scalars().all()
    tally = Tally()
    _count(s, tally, order, merges.local(s))
    _insert_running(s, tally)


def _count(s: Any, tally: Tally, order: Sequence[int], read_as: dict[int, int],
           seats: dict[int, list[Any]] | None = None) -> None:
    """Count the finished games ``order`` in that order, writing their per-game rows;
    ``seats``: their result rows by game, when already read."""
    for at in range(0, len(order), CHUNK):
        chunk = order[at:at + CHUNK]
        games = {g.id: g for g in s.execute(text(
            "SELECT id, game, state, result, finished_at FROM games WHERE id IN :ids")
            .bindparams(listed(chunk)))}
        rows = seats if seats is not None else _result_rows(s, chunk)
        for gid in chunk:
            found = games[gid]
            result, state = loads_or_none(found.result), loads_or_none(found.state)
            tally.add(found.game, _read_as(rows[gid], read_as),
                      result if isinstance(result, dict) else {"winners": []},
                      state if isinstance(state, dict) else None, found.finished_at)
        _insert_per_game(s, tally)


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
        f"SELECT g.id {FINISHED} AND (g.finished_at > :t OR (g.finished_at = :t AND g.uuid >= :u))"
        " ORDER BY g.finished_at, g.uuid"), {"t": first.finished_at, "u": first.uuid}
    ).scalars().all()
    if set(keys) != fresh:
        return False
    read_as = merges.local(s)
    found = _result_rows(s, keys)
    seats = [_read_as(rows, read_as) for rows in found.values()]
    kinds = set(s.execute(select(G.game).where(G.id.in_(listed(keys)))).scalars())
    tally = _load(s, kinds, seats)
    _count(s, tally, keys, read_as, found)
    _replace_running(s, kinds, seats, tally)
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
    rows = _read_as(rows, merges.local(s) if read_as is None else read_as)
    tally = _load(s, {game}, [rows])
    tally.add(game, rows, result, state, now)
    _insert_per_game(s, tally)
    _replace_running(s, {game}, [rows], tally)


def _read_as(rows: Sequence[Any], read_as: dict[int, int]) -> Sequence[Any]:
    if not read_as:
        return rows
    return [_Seat(r.game_id, r.seat, r.kind, read_as.get(r.profile_id, r.profile_id), r.won,
                  r.score, r.assisted, r.undos, r.hints) for r in rows]


def _result_rows(s: Any, game_ids: Sequence[int]) -> dict[int, list[Any]]:
    """The games' result rows, by game, each game's in seat order."""
    seats: dict[int, list[Any]] = {}
    for r in s.execute(text(
            "SELECT game_id, seat, kind, profile_id, won, score, assisted, undos, hints"
            " FROM results WHERE game_id IN :ids ORDER BY game_id, seat").bindparams(listed(game_ids))):
        seats.setdefault(r.game_id, []).append(r)
    return seats


def _scope(kinds: set[str], tables: list[Sequence[Any]]) -> dict[str, Any]:
    """Which running rows counting these games may touch: per table, a condition."""
    keys = {k for rows in tables for k in map(total_key, rows) if k is not None}
    people = {r.profile_id for rows in tables for r in rows if r.profile_id is not None}
    rating = {k for rows in tables for k in rated(rows).values()}
    games = list(kinds)
    return {
        "totals": (PT, and_(PT.c.game.in_(games), PT.c.profile_id.in_(keys))),
        "figures": (PF, and_(PF.c.game.in_(games), PF.c.profile_id.in_(keys))),
        "pairs": (PP, and_(PP.c.game.in_(games), PP.c.profile_id.in_(people),
                           PP.c.other_id.in_(people))),
        "ratings": (RT, and_(RT.c.game.in_(games), RT.c.profile_id.in_(rating))),
    }


def _load(s: Any, kinds: set[str], tables: list[Sequence[Any]]) -> Tally:
    """A tally holding the running rows these games' counting may touch."""
    scope = _scope(kinds, tables)
    tally = Tally()
    table, where = scope["totals"]
    for r in s.execute(select(table).where(where)).mappings():
        tally.totals[(r["profile_id"], r["game"])] = {k: r[k] for k in TOTALS}
    table, where = scope["figures"]
    for r in s.execute(select(table).where(where)).mappings():
        tally.figures[(r["profile_id"], r["game"], r["name"])] = r["total"]
    table, where = scope["pairs"]
    for r in s.execute(select(table).where(where)).mappings():
        tally.pairs[(r["profile_id"], r["other_id"], r["game"])] = {k: r[k] for k in PAIRS}
    table, where = scope["ratings"]
    for r in s.execute(select(table).where(where)).mappings():
        tally.ratings[(r["game"], r["profile_id"])] = [r["mu"], r["sigma"], r["games"], r["updated_at"]]
    return tally


def _replace_running(s: Any, kinds: set[str], tables: list[Sequence[Any]], tally: Tally) -> None:
    """Write back the running rows of ``_load``'s scope, as counted now."""
    for table, where in _scope(kinds, tables).values():
        s.execute(delete(table).where(where))
    _insert_running(s, tally)


def _insert_running(s: Any, tally: Tally) -> None:
    tables = {"totals": PT, "figures": PF, "pairs": PP, "ratings": RT}
    for name, rows in tally.rows().items():
        if rows:
            s.execute(insert(tables[name]), rows)


def _insert_per_game(s: Any, tally: Tally) -> None:
    figures, steps = tally.taken()
    if figures:
        s.execute(insert(F), figures)
    if steps:
        s.execute(insert(RH), steps)
