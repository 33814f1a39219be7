"""Games in backups: every version of a game, merged so that every device counts the same one.

A game's record holds what never changes (game, options, seed, start), whether it is
archived (the later choice wins, ``archived_at``), the version that counts and the other
versions, the forks (``core.store.versions``). Importing joins the versions here with
the file's: a version further along replaces the one behind it, a version played on
differently is kept as a fork, and the same rule picks the one that counts everywhere.
When that changes, the game's results are derived again from the version that counts
(they never travel on their own: a file cannot hand out wins).

A version from a file is checked like a move: its game must be one Hofstaat knows, its
state must be exactly where its moves lead from the seed (each new version is replayed),
and its result must be the state's, or a resignation of a person's seat.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlmodel import Session

from core.errors import RulesError
from core.games import registry
from core.store import changes, versions
from core.store.backup import ADD, KEEP, SAME, UPDATE, Clash, Invalid, Links, Note, Plan
from core.store.backup import counts, differing, is_time, need, only, uuid_field
from core.saved_checks import check_saved
from core.store.checks import check_record
from core.store.errors import StoreError
from core.store.ids import new_uuid
from core.store.results import result_values
from core.store.tables import GameForkRow, GameRow, ResultRow, FigureRow, table_of
from core.store.values import RESIGNED

G, F = table_of(GameRow).c, table_of(GameForkRow).c
GAME_FIXED = ("game", "seed", "options", "started_at")
GAME_FIELDS = (*GAME_FIXED, "id", "archived", "archived_at", "forks", *versions.FIELDS)
# A game among friends has hundreds of moves; Kings in the Corner's longest a few thousand.
MAX_ACTIONS = 20_000
MAX_FORKS = 50
MAX_GAMES = 200_000


# --- between rows and records ------------------------------------------------------------


def _seats(seats: list[dict[str, Any]], links: Links, out: bool) -> list[dict[str, Any]]:
    """Seats as a backup holds them (``out``: a profile named by uuid, not by local id),
    or back as this database holds them."""
    old, new, convert = ("profile_id", "profile", links.uuid) if out else (
        "profile", "profile_id", links.local)
    moved = []
    for seat in seats:
        seat = dict(seat)
        if old in seat:
            seat[new] = convert("profiles", seat.pop(old))
        moved.append(seat)
    return moved


def _readable(row: Any) -> bool:
    return (isinstance(row.seats, list) and isinstance(row.actions, list)
            and isinstance(row.state, dict) and all(isinstance(seat, dict) for seat in row.seats))


def version_of(row: Any, links: Links) -> versions.Version:
    return versions.normal({
        "seats": _seats(row.seats, links, out=True), "actions": row.actions, "state": row.state,
        "over": bool(row.over), "result": row.result if isinstance(row.result, dict) else None,
        "undos": row.undos, "hints": row.hints,
        "meta": row.meta if isinstance(row.meta, dict) else {}, "updated_at": row.updated_at,
        "finished_at": row.finished_at if row.over else None, "chosen_at": row.chosen_at})


def here(s: Session, row: GameRow, links: Links, forks: list[GameForkRow] | None = None
         ) -> tuple[versions.Version, list[versions.Version]]:
    """A game's versions in this database: the one that counts, and the forks (``forks``: its
    fork rows when they were read already)."""
    if forks is None:
        forks = list(s.execute(select(GameForkRow).where(F.game_id == row.id)).scalars())
    return version_of(row, links), [version_of(f, links) for f in forks if _readable(f)]


def all_forks(s: Session, game_ids: list[int] | None = None) -> dict[int, list[GameForkRow]]:
    """Every fork row (of the games named) by its game's id, read at once (most games have
    none)."""
    out: dict[int, list[GameForkRow]] = {}
    query = select(GameForkRow)
    if game_ids is not None:
        query = query.where(F.game_id.in_(changes.listed(game_ids)))
    for f in s.execute(query).scalars():
        out.setdefault(f.game_id, []).append(f)
    return out


def _game(s: Session, row: GameRow, links: Links, forks: list[GameForkRow]) -> dict[str, Any] | None:
    if not (_readable(row) and isinstance(row.options, dict)):
        return None  # damaged in this database: it cannot travel (games.load refuses it too)
    main, forks = here(s, row, links, forks)
    return {"id": row.uuid, "game": row.game, "options": row.options, "seed": row.seed,
            "started_at": row.started_at, "archived": bool(row.archived),
            "archived_at": row.archived_at, **main, "forks": sorted(forks, key=versions.digest)}


def dump_games(s: Session, links: Links, chosen: changes.Only | None = None) -> list[dict[str, Any]]:
    query = select(GameRow).order_by(G.started_at, G.uuid)
    if chosen is not None:
        query = query.where(chosen.where("games", G.uuid))
    rows = s.execute(query).scalars()
    forks = all_forks(s)
    return [g for g in (_game(s, r, links, forks.get(r.id, [])) for r in rows) if g is not None]


# --- checking a record -----------------------------------------------------------------------


def check_game(r: dict[str, Any]) -> None:
    only(r, GAME_FIELDS)
    uuid_field(r)
    for name in ("game", "options", "seed", *versions.FIELDS):
        if name not in r and name != "chosen_at":
            raise Invalid(f"lacks {name}")
    need(r, "archived", lambda v: isinstance(v, bool), "true or false")
    need(r, "started_at", is_time, "a time in seconds")
    if r.get("archived_at") is not None:
        need(r, "archived_at", is_time, "a time in seconds or null")
    game = need(r, "game", lambda v: isinstance(v, str), "a game's name")
    try:
        registry.get(game)
    except RulesError:
        raise Invalid(f"it is a game of {game!r}"[:200] + ", which Hofstaat does not know") from None
    forks = r.get("forks", [])
    if not isinstance(forks, list) or len(forks) > MAX_FORKS or not all(
            isinstance(f, dict) for f in forks):
        raise Invalid(f"forks must be a list of at most {MAX_FORKS} versions")
    _check_version(r, r)
    for i, fork in enumerate(forks):
        try:
            _check_version(r, fork)
        except Invalid as exc:
            raise Invalid(f"its fork {i + 1}: {exc}") from None


def _check_version(r: dict[str, Any], v: dict[str, Any]) -> None:
    if v is not r:
        only(v, versions.FIELDS)
    counts(v)
    need(v, "over", lambda x: isinstance(x, bool), "true or false")
    need(v, "updated_at", is_time, "a time in seconds")
    for name in ("finished_at", "chosen_at"):
        if v.get(name) is not None:
            need(v, name, is_time, "a time in seconds or null")
    seats = need(v, "seats", lambda x: isinstance(x, list) and 0 < len(x) <= 10
                 and all(isinstance(seat, dict) for seat in x), "a list of seats")
    for i, seat in enumerate(seats):
        if "profile_id" in seat:
            raise Invalid(f"seat {i} names a local profile_id")
        if "profile" in seat:
            uuid_field(seat, "profile", optional=True)
    actions = need(v, "actions", lambda x: isinstance(x, list) and len(x) <= MAX_ACTIONS,
                   f"a list of at most {MAX_ACTIONS} moves")
    plain = [{k: x for k, x in seat.items() if k != "profile"} for seat in seats]
    result = v.get("result")
    resigned = isinstance(result, dict) and result.get("reason") == RESIGNED
    if resigned and result.get("scores") == [None] * len(seats):
        result = dict(result, scores=[0] * len(seats))  # resigning leaves no scores
    record = {"game": r.get("game"), "options": r.get("options"), "seed": r.get("seed"),
              "seats": plain, "actions": actions, "state": v.get("state"), "over": v["over"],
              "result": result, "undos": v["undos"], "hints": v["hints"],
              "meta": v.get("meta", {}), "id": None}
    try:
        check_record(record)
        check_saved(record)  # what a save must hold to open again: seats' names and levels
    except StoreError as exc:
        raise Invalid(str(exc).removeprefix("game record: ")) from None
    except RulesError as exc:
        raise Invalid(str(exc).removeprefix("the saved game's ").removeprefix("the saved game "))\
            from None
    state = v["state"]
    if state.get("players") != len(seats):
        raise Invalid(f"its state is for {state.get('players')!r} players, its seats are "
                      f"{len(seats)}"[:200])
    if resigned:
        seat = result.get("resigned")
        if (state.get("over") or not isinstance(seat, int) or not 0 <= seat < len(seats)
                or seats[seat].get("kind") != "human"
                or sorted(result.get("winners", [])) != [i for i in range(len(seats)) if i != seat]):
            raise Invalid("its resignation does not fit the game: only a person's seat of a "
                          "running game resigns, and every other seat wins")
    elif v["over"] != bool(state.get("over")) or result != state.get("result"):
        raise Invalid("its result is not the one its state reached")


def _replays(r: dict[str, Any], v: versions.Version) -> bool:
    """Whether a version's state is exactly where its moves lead from the game's seed."""
    game = registry.get(r["game"])
    try:
        state = game.replay(len(v["seats"]), r["seed"], r["options"], v["actions"])
    except (RulesError, ValueError, TypeError, KeyError, IndexError):
        return False
    return json.loads(json.dumps(state)) == v["state"]


def _file_versions(r: dict[str, Any]) -> list[versions.Version]:
    out = []
    for v in [r, *r.get("forks", [])]:
        v = versions.normal(v)
        if v["over"] and v["finished_at"] is None:
            v["finished_at"] = v["updated_at"]  # older files: the end is the last save
        if not v["over"]:
            v["finished_at"] = None
        if v.get("meta") is None:
            v["meta"] = {}
        out.append(v)
    return out


def game_refs(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [("profiles", seat.get("profile"))
            for v in [r, *r.get("forks", [])] for seat in v["seats"]]


# --- merging ---------------------------------------------------------------------------------


def _archived(here: tuple[float | None, bool], there: tuple[float | None, bool]) -> tuple[float | None, bool]:
    """The later choice of archiving (never chosen counts as earliest); ties: archived."""
    def key(x: tuple[float | None, bool]) -> tuple[float, bool]:
        return (float("-inf") if x[0] is None else float(x[0]), bool(x[1]))
    return max(here, there, key=key)


def plan_game(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    s = plan.links.session
    # Only the games the file names: a sync of one game must not read a server's thousands.
    rows = plan.memo(GameRow, lambda: {g.uuid: g for g in s.execute(select(GameRow).where(
        G.uuid.in_(changes.listed({g["id"] for g in plan.records["games"]})))).scalars()})
    row = rows.get(r["id"])
    theirs = _file_versions(r)
    archived_there = (r.get("archived_at"), r["archived"])
    if row is None:
        for v in theirs:
            if not _replays(r, v):
                raise Invalid("its state is not where its moves lead")
        main, forks = versions.arrange(theirs)
        return ADD, (main, forks, archived_there, None, True)
    if not (_readable(row) and isinstance(row.options, dict)):
        raise Clash("the game here is damaged")
    mine = {"game": row.game, "seed": row.seed, "options": row.options,
            "started_at": row.started_at}
    fixed = differing(mine, r, GAME_FIXED)
    if fixed:
        raise Clash(f"its {', '.join(fixed)} differ")
    forks_of = plan.memo(GameForkRow, lambda: all_forks(s, [g.id for g in rows.values()]))
    main_here, forks_here = here(s, row, plan.links, forks_of.get(row.id, []))
    known = {versions.digest(v) for v in [main_here, *forks_here]}
    for v in theirs:
        if versions.digest(v) not in known and not _replays(r, v):
            raise Invalid("its state is not where its moves lead")
    main, forks = versions.arrange([main_here, *forks_here, *theirs])
    if len(forks) > len(forks_here):
        plan.notes.append(Note("game_forked", f"a game of {r['game']} was played on differently "
                               "on another device: both versions are kept, one counts",
                               {"game": r["game"]}))
    archived = _archived((row.archived_at, bool(row.archived)), archived_there)
    before = ([main_here, *sorted(forks_here, key=versions.digest)],
              (row.archived_at, bool(row.archived)))
    if ([main, *forks], archived) == before:
        same = sorted(map(versions.digest, theirs)) == sorted(known) and \
            archived_there == before[1]
        return (SAME if same else KEEP), None
    return UPDATE, (main, forks, archived, row, versions.digest(main) != versions.digest(main_here))


def main_values(main: versions.Version, links: Links) -> dict[str, Any]:
    return {"seats": _seats(main["seats"], links, out=False), "actions": main["actions"],
            "state": main["state"], "over": main["over"], "result": main["result"],
            "ply": len(main["actions"]), "undos": main["undos"], "hints": main["hints"],
            "meta": main["meta"], "updated_at": main["updated_at"],
            "finished_at": main["finished_at"], "chosen_at": main["chosen_at"]}


def write_forks(s: Session, game_id: int, forks: list[versions.Version], links: Links) -> None:
    s.execute(delete(table_of(GameForkRow)).where(F.game_id == game_id))
    if forks:
        s.execute(insert(table_of(GameForkRow)), [
            {"game_id": game_id, **{k: v for k, v in main_values(f, links).items() if k != "ply"}}
            for f in forks])


def derive_results(s: Session, game_id: int, fresh: bool = False) -> None:
    """The results of a game derived again from the version that counts (none while it runs).
    ``fresh``: the game was just added, with nothing derived yet to remove."""
    if not fresh:
        s.execute(delete(table_of(FigureRow)).where(table_of(FigureRow).c.game_id == game_id))
        s.execute(delete(table_of(ResultRow)).where(table_of(ResultRow).c.game_id == game_id))
    row = s.execute(select(G.game, G.seats, G.over, G.result, G.undos, G.hints, G.finished_at,
                           G.updated_at).where(G.id == game_id)).one_or_none()
    if row is not None and row.over and isinstance(row.result, dict):
        # Column values, not rows: an import of thousands of games spent most of this building them.
        values = result_values(game_id, row.game, row.seats, row.result, row.undos, row.hints,
                               row.finished_at if row.finished_at is not None else row.updated_at)
        s.execute(insert(table_of(ResultRow)), [dict(v, uuid=new_uuid()) for v in values])


def write_game(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    s, links = plan.links.session, plan.links
    # What plan_game decided: the versions, the archiving, the row here (None: a new game),
    # and whether the version that counts changed.
    main, forks, (archived_at, archived), row, moved = detail
    if row is None:
        done = s.execute(insert(table_of(GameRow)).values(
            uuid=r["id"], game=r["game"], options=r["options"], seed=r["seed"],
            started_at=r["started_at"], archived=archived, archived_at=archived_at, revision=1,
            **main_values(main, links)))
        game_id = done.inserted_primary_key[0]
        links.add("games", r["id"], game_id)
        write_forks(s, game_id, forks, links)
        plan.touched.append(game_id)
        if main["over"]:
            derive_results(s, game_id, fresh=True)
            plan.derived.append(game_id)
        return
    values: dict[str, Any] = {"archived": archived, "archived_at": archived_at,
                              "chosen_at": main["chosen_at"]}
    if moved:
        # A new revision: a copy of the game open at the time is stale now.
        values.update(main_values(main, links), revision=G.revision + 1)
    s.execute(update(table_of(GameRow)).where(G.id == row.id).values(**values))
    write_forks(s, row.id, forks, links)
    plan.touched.append(row.id)
    if moved:
        if row.over:
            plan.rederived = True  # results already counted are replaced
        elif main["over"]:
            plan.derived.append(row.id)
        derive_results(s, row.id)

