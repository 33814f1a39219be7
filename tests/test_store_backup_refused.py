"""Bad backup files are refused whole, saying what is wrong, and change nothing."""

import itertools
import json

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from backup_data import dump, fill, parts
from backup_data import open_store as open_at
from backup_data import open_store_on_engine  # noqa: F401  (the open_store fixture: each engine)

from core.store import BackupError, StoreError


@pytest.fixture(scope="module")
def good():
    """A valid backup with a bit of everything."""
    with open_at() as a:
        fill(a, "a")
        return a.export_backup()


def edited(text, change):
    data = parts(text)
    change(data)
    return json.dumps(data)


def _first(kind, **fields):
    def change(data):
        data[kind][0].update(fields)
    return change


def _drop(kind, field):
    def change(data):
        del data[kind][0][field]
    return change


BAD = {
    "binary": (lambda g: b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "backup_not_json", "not text"),
    "sqlite file": (lambda g: b"SQLite format 3\x00" + bytes(200), "backup_not_json", "not JSON"),
    "plain text": (lambda g: "Einkaufsliste: Brot, Käse", "backup_not_json", "not JSON"),
    "truncated": (lambda g: g[: len(g) // 2], "backup_damaged", "JSON is broken at line 1"),
    "empty": (lambda g: "", "backup_not_json", "not JSON"),
    "another app": (lambda g: '{"version": 1, "notes": []}', "backup_foreign", "another app"),
    "a list": (lambda g: "[1, 2, 3]", "backup_foreign", "another app"),
    "newer": (lambda g: edited(g, lambda d: d.update(version=4)), "backup_newer",
              "newer version of Hofstaat (format 4; this version reads up to 3)"),
    "bad version": (lambda g: edited(g, lambda d: d.update(version="1")), "backup_damaged",
                    "its version is '1'"),
    "unknown part": (lambda g: edited(g, lambda d: d.update(photos=[])), "backup_invalid",
                     "parts this version does not know: photos"),
    "missing list": (lambda g: edited(g, lambda d: d.pop("games")), "backup_invalid",
                     "its list of games is missing"),
    "bad id": (lambda g: edited(g, _first("profiles", id="42")), "backup_invalid",
               "profiles record 1: id must be an id of 32 hex digits"),
    "missing field": (lambda g: edited(g, _drop("games", "seed")), "backup_invalid",
                      "games record 1: lacks seed"),
    "bad seat": (lambda g: edited(g, _first("games", seats=[{"kind": "cat", "name": "x"}])),
                 "backup_invalid", "games record 1: seat 0 must be a dict with kind"),
    "extra field": (lambda g: edited(g, _first("games", colour="red")), "backup_invalid",
                    "games record 1: it has unknown fields: colour"),
    "repeated id": (lambda g: edited(g, lambda d: d["profiles"].append(d["profiles"][0])),
                    "backup_invalid", "repeats the id"),
    "lost player": (lambda g: edited(g, lambda d: d["games"][0]["seats"][0].update(
        profile="f" * 32)), "backup_invalid",
        f"games record 1 names profiles {'f' * 32}, which is neither in the file nor here"),
    "no players": (lambda g: edited(g, lambda d: d["profiles"].clear()), "backup_invalid",
                   "which is neither in the file nor here"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_bad_file_is_refused_with_what_is_wrong_and_nothing_is_written(new_db, good, name):
    make, key, words = BAD[name]
    location = new_db()
    with open_at(location=location) as store:
        fill(store, "here")
        before = dump(location)
        with pytest.raises(BackupError) as caught:
            store.import_backup(make(good))
        assert dump(location) == before
    assert caught.value.key == key
    assert words in str(caught.value)
    assert str(caught.value).endswith("nothing was imported")
    assert isinstance(caught.value, StoreError)


CLASHES = {
    "game seed": ("games", {"seed": 12345}, "seed differ"),
    "player kind": ("profiles", {"kind": "bot", "level": "easy"}, "kind, level differ"),
    "game start": ("games", {"started_at": 1.0}, "started_at differ"),
}


@pytest.mark.parametrize("name", sorted(CLASHES))
def test_an_id_taken_here_by_different_content_is_a_clash_and_nothing_is_written(
        new_db, good, name):
    kind, fields, words = CLASHES[name]
    location = new_db()
    with open_at(location=location) as store:
        store.import_backup(good)
        fill(store, "here")
        before = dump(location)
        # The clashing record comes last, after records that would be added.
        damaged = parts(good)
        damaged["profiles"].insert(0, dict(damaged["profiles"][0], id="a" * 32, name="New"))
        damaged[kind][-1].update(fields)
        with pytest.raises(BackupError) as caught:
            store.import_backup(json.dumps(damaged))
        assert dump(location) == before
    assert caught.value.key == "backup_clash"
    assert words in str(caught.value) and "belongs to a different record here" in str(caught.value)


# --- random damage -------------------------------------------------------------------------


def _paths(value, at=()):
    yield at
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, at + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, at + (i,))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**64) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["f" * 32, "human", "bot", "thronfolge"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                max_size=3),
    max_leaves=6)


@st.composite
def structural_damage(draw, text):
    data = parts(text)
    paths = [p for p in _paths(data) if p]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths))
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            if draw(st.booleans()) and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = draw(JSON_VALUES)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier change removed this place
    return json.dumps(data)


@st.composite
def byte_damage(draw, text):
    raw = bytearray(text.encode())
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(raw) - 1))
        how = draw(st.sampled_from(["flip", "cut", "insert", "truncate"]))
        if how == "flip":
            raw[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "cut":
            del raw[at:at + draw(st.integers(1, 20))]
        elif how == "insert":
            raw[at:at] = draw(st.binary(min_size=1, max_size=4))
        else:
            del raw[at:]
        if not raw:
            break
    return bytes(raw)


def _damaged_files():
    with open_at() as a:
        fill(a, "a")
        text = a.export_backup()
    return text, structural_damage(text) | byte_damage(text)


GOOD, DAMAGED = _damaged_files()


class Targets:
    """The databases the damaged files are imported into, each with the good file's records
    (so damaged ones can clash) and its own. A file refused leaves its database as it was
    (each example checks, row for row), so the next example imports into that one again;
    after a file was imported (or a check failed), the next example gets a new one."""

    def __init__(self, new_db) -> None:
        self.new_db, self.names = new_db, itertools.count(1)
        self.store = self.before = None

    def take(self):
        """An open store on a database as it was made, and the database's ``dump``."""
        if self.store is None:
            location = self.new_db(f"target{next(self.names)}")
            with open_at(7_000.0, location) as store:
                store.import_backup(GOOD)
                fill(store, "here")
            self.store, self.before = open_at(8_000.0, location), dump(location)
        store, self.store = self.store, None
        return store, self.before

    def unchanged(self, store) -> None:
        self.store = store

    def close(self) -> None:
        if self.store is not None:
            self.store.close()


@pytest.fixture
def targets(new_db):
    made = Targets(new_db)
    yield made
    made.close()


@settings(max_examples=100, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(raw=DAMAGED)
def test_a_randomly_damaged_file_is_imported_whole_or_not_at_all(targets, raw):
    store, before = targets.take()
    try:
        try:
            store.import_backup(raw)
        except BackupError as exc:
            assert dump(store.location) == before
            assert exc.key.startswith("backup_") and str(exc).endswith("nothing was imported")
            event(exc.key)
            targets.unchanged(store)
            store = None
        else:
            event("imported")
            # Whatever was accepted is now here whole: importing it again changes nothing.
            assert not store.import_backup(raw).changed
    finally:
        if store is not None:
            store.close()
