"""The record kinds every backup holds: profiles, games, settings (and results of old files).

How each merges into a database that has a record of the same id:

- profiles: the later change of name or archiving wins (``changed_at``, ties by the
  values themselves), so every device shows the same names; kind, level and creation
  time must match, else the file is refused. Two people may end up with one name (each
  added on another phone): the screens tell them apart, and they can be merged.
- games: every version of a game, see ``backup_games``.
- results: derived from the games since format 3. Files of formats 1 and 2 still hold
  them: each must fit its game (a finished game, a seat it has, the winners and score
  of its result), else the file is refused; none is written as it stands.
- settings: a key already set here keeps its value (language and theme are per device); a
  device's own settings (a game it hosts for phones) neither leave it nor arrive.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from sqlalchemy import insert, select, update
from sqlmodel import Session

from core.bots import LEVELS
from core.store import backup
from core.store import backup_games, changes
from core.store.backup import ADD, KEEP, SAME, UPDATE, Clash, Invalid, Kind, Links, Plan
from core.store.backup import counts, differing, is_number, is_time, need, only, uuid_field
from core.store.checks import is_int
from core.store.profiles import NAME_MAX
from core.store.tables import GameRow, ProfileRow, SettingRow, table_of
from core.store.values import KINDS, RESIGNED

P, G = (table_of(m).c for m in (ProfileRow, GameRow))
MAX_PROFILES = 10_000
MAX_SETTINGS, SETTING_KEY_MAX, SETTING_BYTES = 1_000, 100, 64 * 1024


def _local(plan: Plan, model: type, column: Any) -> dict[Any, Any]:
    """This database's rows of a table by uuid (or key), read once per import."""
    return plan.memo(model, lambda: {getattr(r, column): r for r in plan.links.session.execute(
        select(model)).scalars()})


def _insert(plan: Plan, kind: str, model: type, /, **values: Any) -> None:
    """Add one row to the table of ``kind`` and remember its local id under its uuid."""
    done = plan.links.session.execute(insert(table_of(model)).values(**values))
    plan.links.add(kind, values["uuid"], done.inserted_primary_key[0])


# --- profiles --------------------------------------------------------------------------

PROFILE_FIELDS = ("id", "name", "kind", "level", "archived", "created_at", "changed_at")


def _profile(row: ProfileRow) -> dict[str, Any]:
    return {"id": row.uuid, "name": row.name, "kind": row.kind, "level": row.level,
            "archived": bool(row.archived), "created_at": row.created_at,
            "changed_at": row.changed_at}


def dump_profiles(s: Session, links: Links, chosen: changes.Only | None = None) -> list[dict[str, Any]]:
    query = select(ProfileRow).order_by(P.created_at, P.uuid)
    if chosen is not None:
        query = query.where(chosen.where("profiles", P.uuid))
    rows = s.execute(query).scalars()
    return [_profile(r) for r in rows]


def check_profile(r: dict[str, Any]) -> None:
    only(r, PROFILE_FIELDS)
    uuid_field(r)
    need(r, "name", lambda v: isinstance(v, str) and 0 < len(v.strip()) <= NAME_MAX
         and v == unicodedata.normalize("NFC", v).strip()
         and not any(unicodedata.category(c) == "Cc" for c in v),
         f"a name of 1 to {NAME_MAX} characters")
    kind = need(r, "kind", lambda v: v in KINDS, "'human' or 'bot'")
    if kind == "human":
        need(r, "level", lambda v: v is None, "null for a person")
    else:
        need(r, "level", lambda v: v in LEVELS, f"one of {', '.join(LEVELS)}")
    need(r, "archived", lambda v: isinstance(v, bool), "true or false")
    need(r, "created_at", is_time, "a time in seconds")
    if "changed_at" in r:  # files before format 3 have none: their change is the creation
        need(r, "changed_at", is_time, "a time in seconds")


def _change(r: dict[str, Any]) -> tuple[float, str, bool]:
    """What decides which name and archiving win: the later change, then the values."""
    return float(r.get("changed_at", r["created_at"])), r["name"], r["archived"]


def plan_profile(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    here = _local(plan, ProfileRow, "uuid")
    row = here.get(r["id"])
    if row is None:
        return ADD, None
    mine = _profile(row)
    fixed = differing(mine, r, ("kind", "level", "created_at"))
    if fixed:
        raise Clash(f"its {', '.join(fixed)} differ")
    if _change(r) > _change(mine):
        return UPDATE, row
    return (SAME if _change(r) == _change(mine) else KEEP), None


def write_profile(plan: Plan, r: dict[str, Any], row: ProfileRow | None) -> None:
    changed_at = float(r.get("changed_at", r["created_at"]))
    if row is not None:
        plan.links.session.execute(update(table_of(ProfileRow)).where(P.id == row.id).values(
            name=r["name"], archived=r["archived"], changed_at=changed_at))
        return
    _insert(plan, "profiles", ProfileRow, uuid=r["id"], name=r["name"], kind=r["kind"],
            level=r["level"], archived=r["archived"], created_at=r["created_at"],
            changed_at=changed_at)


# --- results (files before format 3) ----------------------------------------------------

RESULT_FIELDS = ("id", "game", "seat", "kind", "profile", "level", "score", "won", "assisted",
                 "undos", "hints", "finished_at")


def check_result(r: dict[str, Any]) -> None:
    only(r, RESULT_FIELDS)
    uuid_field(r)
    uuid_field(r, "game")
    uuid_field(r, "profile", optional=True)
    need(r, "seat", lambda v: is_int(v) and 0 <= v < 100, "a seat number")
    need(r, "kind", lambda v: v in KINDS, "'human' or 'bot'")
    need(r, "level", lambda v: v is None or isinstance(v, str), "a level or null")
    need(r, "score", lambda v: v is None or is_number(v), "a number or null")
    for name in ("won", "assisted"):
        need(r, name, lambda v: isinstance(v, bool), "true or false")
    counts(r)
    need(r, "finished_at", is_time, "a time in seconds")


def result_refs(r: dict[str, Any]) -> list[tuple[str, str | None]]:
    return [("games", r["game"]), ("profiles", r["profile"])]


def plan_result(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    """A result of an older file must be what its game says; the results here are derived."""
    games = plan.memo("result games", lambda: {g["id"]: g for g in plan.records["games"]})
    game = games.get(r["game"])
    if game is None:
        row = plan.links.session.execute(select(G.over, G.seats, G.result).where(
            G.uuid == r["game"])).one()
        game = {"over": row.over, "seats": row.seats, "result": row.result}
    seats, result = game["seats"], game["result"]
    if not game["over"] or not isinstance(result, dict):
        raise Invalid("it is a result of a game that is still running")
    if not r["seat"] < len(seats):
        raise Invalid(f"it is a result for seat {r['seat']}, and its game has {len(seats)} seats")
    scores = result.get("scores") or []
    score = scores[r["seat"]] if r["seat"] < len(scores) else None
    resigned = result.get("reason") == RESIGNED
    if r["won"] != (r["seat"] in result.get("winners", [])) or (
            not resigned and r["score"] != score):
        raise Invalid("it is not the result its game ended with")
    return KEEP, None


def _nothing(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    """Nothing is written: what the record says is derived here."""


# --- settings --------------------------------------------------------------------------


# Settings of this device alone: the room of a game hosted here for phones (its code and its phones'
# token digests, by local game id) means nothing on another device, nor how far it has synced
# with a server and with which account.
DEVICE_ONLY = ("hosting.", "sync.")


def dump_settings(s: Session, links: Links, chosen: changes.Only | None = None) -> list[dict[str, Any]]:
    rows = s.execute(select(SettingRow).order_by(table_of(SettingRow).c.key)).scalars()
    return [{"key": r.key, "value": r.value} for r in rows if not r.key.startswith(DEVICE_ONLY)]


def check_setting(r: dict[str, Any]) -> None:
    only(r, ("key", "value"))
    need(r, "key", lambda v: isinstance(v, str) and 0 < len(v) <= SETTING_KEY_MAX,
         f"a text of 1 to {SETTING_KEY_MAX} characters")
    need(r, "value", lambda v: len(json.dumps(v, ensure_ascii=False)) <= SETTING_BYTES,
         f"a JSON value of at most {SETTING_BYTES // 1024} KB")


def plan_setting(plan: Plan, r: dict[str, Any]) -> tuple[str, Any]:
    if r["key"].startswith(DEVICE_ONLY):
        return SAME, None  # another device's own: nothing here to take from it
    row = _local(plan, SettingRow, "key").get(r["key"])
    if row is None:
        return ADD, None
    return (SAME if row.value == r["value"] else KEEP), None


def write_setting(plan: Plan, r: dict[str, Any], detail: Any) -> None:
    plan.links.session.add(SettingRow(key=r["key"], value=r["value"]))


for _kind in (
    Kind("profiles", 1, dump_profiles, check_profile, plan_profile, write_profile,
         table=table_of(ProfileRow), most=MAX_PROFILES),
    Kind("games", 1, backup_games.dump_games, backup_games.check_game, backup_games.plan_game,
         backup_games.write_game, refs=backup_games.game_refs, table=table_of(GameRow),
         most=backup_games.MAX_GAMES),
    Kind("results", 1, lambda s, links, chosen=None: [], check_result, plan_result, _nothing,
         refs=result_refs, until=2),
    Kind("settings", 1, dump_settings, check_setting, plan_setting, write_setting, key="key",
         most=MAX_SETTINGS),
):
    backup.register(_kind)
