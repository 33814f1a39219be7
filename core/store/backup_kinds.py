"""The record kinds every backup holds: profiles, games, results and settings.

How each merges into a database that has a record of the same id:

- profiles: name and archiving stay as they are here (the person on this device chose
  them); kind, level and creation time must match, else the file is refused. A new
  profile whose name an active profile here already has is added archived, so two
  players never share a name in the pickers; it can be renamed and brought back.
- games: finished or running (a running game's state is JSON like any other). The
  version further along wins: a finished game over a running one, else the later
  ``updated_at``; the game, seed, options and start must match, else the file is refused.
- results: written once, so they must match exactly; a result for a seat that already
  has another result here (the same game finished on two devices) is not added.
- settings: a key already set here keeps its value (language and theme are per device).
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any

from sqlalchemy import insert, select, update
from sqlmodel import Session

from core.bots import LEVELS
from core.store import backup
from core.store.backup import ADD, KEEP, SAME, UPDATE, Clash, Invalid, Kind, Links, Note, Plan
from core.store.backup import differing, need, only, uuid_field
from core.store.checks import MAX_INT, check_record, is_int
from core.store.errors import StoreError
from core.store.profiles import NAME_MAX
from core.store.tables import GameRow, ProfileRow, ResultRow, SettingRow, table_of
from core.store.values import KINDS, RESIGNED

P, G, R = (table_of(m).c for m in (ProfileRow, GameRow, ResultRow))


def is_time(value: Any) -> bool:
    """A finite number of seconds (JSON allows no NaN, but Python's reader does)."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def _counts(r: dict[str, Any]) -> None:
    for name in ("undos", "hints"):
        need(r, name, lambda v: is_int(v) and 0 <= v <= MAX_INT, "a whole number of at least 0")


def _local(plan: Plan, model: type, column: Any) -> dict[Any, Any]:
    """This database's rows of a table by uuid (or key), read once per import."""
    return plan.memo(model, lambda: {getattr(r, column): r for r in plan.links.session.execute(
        select(model)).scalars()})


def _insert(plan: Plan, kind: str, model: type, /, **values: Any) -> None:
    """Add one row to the table of ``kind`` and remember its local id under its uuid."""
    done = plan.links.session.execute(insert(table_of(model)).values(**values))
    plan.links.add(kind, values["uuid"], done.inserted_primary_key[0])


# --- profiles --------------------------------------------------------------------------

PROFILE_FIELDS = ("id", "name", "kind", "level", "archived", "created_at")


def _profile(row: ProfileRow) -> dict[str, Any]:
    return {"id": row.uuid, "name": row.name, "kind": row.kind, "level": row.level,
            "archived": bool(row.archived), "created_at": row.created_at}


def dump_profiles(s: Session, links: Links) -> list[dict[str, Any]]:
    rows = s.execute(select(ProfileRow).order_by(P.created_at, P.uuid)).scalars()
    return [_profile(r) for r in rows]


def check_profile(r: dict[str, Any]) -> None:
    only(r, PROFILE_FIELDS)
    uuid_field(r)
    need(r, "name", lambda v: isinstance(v, str) and 0 < len(v.strip()) <= NAME_MAX
         and not any(unicodedata.category(c) == "Cc" for c in v),
         f"a name of 1 to {NAME_MAX} characters")
    kind = need(r, "kind", lambda v: v in KINDS, "'human' or 'bot'")
    if kind == "human":
        need(r, "level", lambda v: v is None, "null for a person")
    else:
        need(r, "level", lambda v: v in LEVELS, f"one of {', '.join(LEVELS)}")
    need(r, "archived", lambda v: isinstance(v, bool), "true or false")
    need(r, "created_at", is_time, "a time in seconds")


def plan_profile(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    here = _local(plan, ProfileRow, "uuid")
    row = here.get(r["id"])
    if row is not None:
        fixed = differing(_profile(row), r, ("kind", "level", "created_at"))
        if fixed:
            raise Clash(f"its {', '.join(fixed)} differ")
        return (KEEP if differing(_profile(row), r, ("name", "archived")) else SAME), None
    taken = plan.memo("active names", lambda: {
        p.name.casefold() for p in here.values() if not p.archived})
    archived = r["archived"]
    if not archived and r["name"].casefold() in taken:
        archived = True
        plan.notes.append(Note("profile_archived", f"{r['name']} was added archived: another "
                               "player here has that name", {"name": r["name"]}))
    elif not archived:
        taken.add(r["name"].casefold())
    return ADD, archived


def write_profile(plan: Plan, r: dict[str, Any], archived: bool) -> None:
    _insert(plan, "profiles", ProfileRow, uuid=r["id"], name=r["name"], kind=r["kind"],
            level=r["level"], archived=archived, created_at=r["created_at"])


# --- games -----------------------------------------------------------------------------

GAME_FIELDS = ("id", "game", "options", "seed", "seats", "actions", "state", "over", "result",
               "undos", "hints", "meta", "archived", "started_at", "updated_at", "finished_at")
GAME_FIXED = ("game", "seed", "options", "started_at")


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


def _game(row: GameRow, links: Links) -> dict[str, Any] | None:
    if not (isinstance(row.options, dict) and isinstance(row.seats, list)
            and isinstance(row.actions, list) and isinstance(row.state, dict)
            and all(isinstance(seat, dict) for seat in row.seats)):
        return None  # damaged in this database: it cannot travel (games.load refuses it too)
    return {"id": row.uuid, "game": row.game, "options": row.options, "seed": row.seed,
            "seats": _seats(row.seats, links, out=True), "actions": row.actions, "state": row.state,
            "over": bool(row.over), "result": row.result if isinstance(row.result, dict) else None,
            "undos": row.undos, "hints": row.hints,
            "meta": row.meta if isinstance(row.meta, dict) else {},
            "archived": bool(row.archived), "started_at": row.started_at,
            "updated_at": row.updated_at, "finished_at": row.finished_at}


def dump_games(s: Session, links: Links) -> list[dict[str, Any]]:
    rows = s.execute(select(GameRow).order_by(G.started_at, G.uuid)).scalars()
    return [g for g in (_game(r, links) for r in rows) if g is not None]


def check_game(r: dict[str, Any]) -> None:
    only(r, GAME_FIELDS)
    uuid_field(r)
    _counts(r)
    for name in ("archived", "over"):
        need(r, name, lambda v: isinstance(v, bool), "true or false")
    need(r, "started_at", is_time, "a time in seconds")
    need(r, "updated_at", is_time, "a time in seconds")
    need(r, "finished_at", lambda v: v is None or is_time(v), "a time in seconds or null")
    seats = need(r, "seats", lambda v: isinstance(v, list) and all(isinstance(x, dict) for x in v),
                 "a list of seats")
    for i, seat in enumerate(seats):
        if "profile_id" in seat:
            raise Invalid(f"seat {i} names a local profile_id")
        if "profile" in seat:
            uuid_field(seat, "profile", optional=True)
    plain = [{k: v for k, v in seat.items() if k != "profile"} for seat in seats]
    result = r.get("result")
    if isinstance(result, dict) and result.get("reason") == RESIGNED and result.get("scores") == [
            None] * len(seats):
        result = dict(result, scores=[0] * len(seats))  # resigning leaves no scores
    try:
        check_record({**r, "id": None, "seats": plain, "result": result})
    except StoreError as exc:
        raise Invalid(str(exc).removeprefix("game record: ")) from None


def game_refs(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [("profiles", seat.get("profile")) for seat in r["seats"]]


def plan_game(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    row = _local(plan, GameRow, "uuid").get(r["id"])
    if row is None:
        return ADD, None
    mine = _game(row, plan.links)
    if mine is None:
        raise Clash("the game here is damaged")
    fixed = differing(mine, r, GAME_FIXED)
    if fixed:
        raise Clash(f"its {', '.join(fixed)} differ")
    if not differing(mine, r, GAME_FIELDS):
        return SAME, None
    further = (r["over"], r["updated_at"]) > (mine["over"], mine["updated_at"])
    return (UPDATE, row) if further else (KEEP, None)


def write_game(plan: Plan, r: dict[str, Any], row: GameRow | None) -> None:
    s = plan.links.session
    values = {"options": r["options"], "seed": r["seed"],
              "seats": _seats(r["seats"], plan.links, out=False), "actions": r["actions"],
              "state": r["state"], "over": r["over"], "result": r["result"],
              "ply": len(r["actions"]), "undos": r["undos"], "hints": r["hints"],
              "meta": r["meta"], "archived": r["archived"], "started_at": r["started_at"],
              "updated_at": r["updated_at"], "finished_at": r["finished_at"]}
    if row is None:
        _insert(plan, "games", GameRow, uuid=r["id"], game=r["game"], **values)
        return
    if values["finished_at"] is None:
        values["finished_at"] = row.finished_at  # the first end is never forgotten
    # A new revision: a copy of the game open at the time is stale now.
    s.execute(update(table_of(GameRow)).where(G.id == row.id)
              .values(**values, revision=G.revision + 1))


# --- results ---------------------------------------------------------------------------

RESULT_FIELDS = ("id", "game", "seat", "kind", "profile", "level", "score", "won", "assisted",
                 "undos", "hints", "finished_at")


def _result(row: ResultRow, links: Links) -> dict[str, Any]:
    return {"id": row.uuid, "game": links.uuid("games", row.game_id), "seat": row.seat,
            "kind": row.kind, "profile": links.uuid("profiles", row.profile_id),
            "level": row.level, "score": row.score, "won": bool(row.won),
            "assisted": bool(row.assisted), "undos": row.undos, "hints": row.hints,
            "finished_at": row.finished_at}


def dump_results(s: Session, links: Links) -> list[dict[str, Any]]:
    rows = [_result(r, links) for r in s.execute(select(ResultRow)).scalars()]
    return sorted(rows, key=lambda r: (r["finished_at"], r["game"], r["seat"], r["id"]))


def check_result(r: dict[str, Any]) -> None:
    only(r, RESULT_FIELDS)
    uuid_field(r)
    uuid_field(r, "game")
    uuid_field(r, "profile", optional=True)
    need(r, "seat", lambda v: is_int(v) and 0 <= v < 100, "a seat number")
    need(r, "kind", lambda v: v in KINDS, "'human' or 'bot'")
    need(r, "level", lambda v: v is None or isinstance(v, str), "a level or null")
    need(r, "score", lambda v: v is None or is_time(v), "a number or null")
    for name in ("won", "assisted"):
        need(r, name, lambda v: isinstance(v, bool), "true or false")
    _counts(r)
    need(r, "finished_at", is_time, "a time in seconds")


def result_refs(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [("games", r["game"]), ("profiles", r["profile"])]


def plan_result(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    row = _local(plan, ResultRow, "uuid").get(r["id"])
    if row is not None:
        wrong = differing(_result(row, plan.links), r, RESULT_FIELDS)
        if wrong:
            raise Clash(f"its {', '.join(wrong)} differ")
        return SAME, None
    slots = plan.memo("result slots", lambda: {
        (plan.links.uuid("games", x.game_id), x.seat)
        for x in _local(plan, ResultRow, "uuid").values()})
    if (r["game"], r["seat"]) in slots:
        return KEEP, None
    slots.add((r["game"], r["seat"]))
    return ADD, None


def write_result(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    names = plan.memo("game names", lambda: {
        **{u: g.game for u, g in _local(plan, GameRow, "uuid").items()},
        **{g["id"]: g["game"] for g in plan.records["games"]}})
    _insert(plan, "results", ResultRow, uuid=r["id"], game_id=plan.links.local("games", r["game"]),
            game=names[r["game"]], seat=r["seat"], kind=r["kind"],
            profile_id=plan.links.local("profiles", r["profile"]), level=r["level"],
            score=None if r["score"] is None else float(r["score"]), won=r["won"],
            assisted=r["assisted"], undos=r["undos"], hints=r["hints"],
            finished_at=r["finished_at"])


# --- settings --------------------------------------------------------------------------


def dump_settings(s: Session, links: Links) -> list[dict[str, Any]]:
    rows = s.execute(select(SettingRow).order_by(table_of(SettingRow).c.key)).scalars()
    return [{"key": r.key, "value": r.value} for r in rows]


def check_setting(r: dict[str, Any]) -> None:
    only(r, ("key", "value"))
    need(r, "key", lambda v: isinstance(v, str) and v != "", "a non-empty text")
    need(r, "value", lambda v: True, "a JSON value")


def plan_setting(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    row = _local(plan, SettingRow, "key").get(r["key"])
    if row is None:
        return ADD, None
    return (SAME if row.value == r["value"] else KEEP), None


def write_setting(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    plan.links.session.add(SettingRow(key=r["key"], value=r["value"]))


for _kind in (
    Kind("profiles", 1, dump_profiles, check_profile, plan_profile, write_profile,
         table=table_of(ProfileRow)),
    Kind("games", 1, dump_games, check_game, plan_game, write_game, refs=game_refs,
         table=table_of(GameRow)),
    Kind("results", 1, dump_results, check_result, plan_result, write_result, refs=result_refs,
         table=table_of(ResultRow)),
    Kind("settings", 1, dump_settings, check_setting, plan_setting, write_setting, key="key"),
):
    backup.register(_kind)
