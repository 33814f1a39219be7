"""Bad input gets a clear, documented error and changes nothing: the command line, the state
checks, restoring a save, and the fuzzer that looks for more."""

import json
import math

import pytest

from core.errors import BadState, RulesError
from core.games import registry
from core.games.base import copy_json, validate_state
from core.session import GameSession, Seat
from core.store import StoreError
from core.store.checks import check_record

GAMES = registry.names()


def cli(argv, stdin=""):
    """The command line in this process: status, stdout, stderr."""
    from core.fuzz.cli_target import cli_call

    return cli_call(argv, stdin)


def refused_in_one_line(argv, stdin=""):
    rc, out, err = cli(argv, stdin)
    assert (rc, out) == (2, ""), err
    assert err.startswith("error: ") and err.count("\n") == 1
    return err


def finished(name, seed=5):
    game = registry.get(name)
    state = game.new(game.info.min_players, seed)
    ply = 0
    while not state["over"]:
        legal = game.legal_actions(state)
        state = game.apply(state, legal[(ply * 7919) % len(legal)]).state
        ply += 1
    return state


def thronfolge():
    return registry.get("thronfolge").new(2, 7)


def test_a_state_whose_game_is_not_a_name_gets_one_error_line():
    for bad in ([1], {}, None, 3):
        err = refused_in_one_line(["actions"], json.dumps(dict(thronfolge(), game=bad)))
        assert "game" in err


def test_an_infinite_option_value_in_a_state_gets_one_error_line():
    state = thronfolge()
    text = json.dumps(state).replace('"starter": 0', '"starter": Infinity', 1)
    assert "Infinity" in text
    refused_in_one_line(["actions"], text)


def test_an_infinite_option_on_the_command_line_is_a_bad_option():
    assert "whole number" in refused_in_one_line(["new", "kings-corner", "--option", "hand=Infinity"])


def test_deeply_nested_json_gets_one_error_line():
    for command in (["actions"], ["replay"]):
        err = refused_in_one_line(command, "[" * 100_000 + "]" * 100_000)
        assert "deep" in err


def test_a_state_nesting_an_unused_field_deep_is_refused():
    nested = []
    for _ in range(500):
        nested = [nested]
    with pytest.raises(BadState, match="deeper"):
        validate_state(dict(thronfolge(), extra=nested))


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_state_with_a_malformed_result_gets_one_error_line(name):
    state = finished(name)
    for result in ({}, {"scores": "x", "winners": [], "reason": "r"}, [], "won",
                   dict(state["result"], winners=[99]), dict(state["result"], scores=[None])):
        refused_in_one_line(["view", "--seat", "0"], json.dumps(dict(state, result=result)))


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_state_whose_result_does_not_follow_from_it_is_refused(name):
    state = finished(name)
    assert validate_state(copy_json(state)) == state
    n = state["players"]
    lying = dict(state["result"], winners=[s for s in range(n) if s not in state["result"]["winners"]])
    with pytest.raises(BadState, match="result"):
        validate_state(dict(copy_json(state), result=lying))


@pytest.mark.parametrize("options", [[1], "x", 5])
def test_replay_refuses_options_that_are_not_an_object(options):
    record = {"game": "thronfolge", "players": 2, "seed": 1, "options": options, "actions": []}
    assert "options" in refused_in_one_line(["replay"], json.dumps(record))


def test_replay_refuses_actions_that_are_not_text():
    record = {"game": "thronfolge", "players": 2, "seed": 1, "options": {}, "actions": [5]}
    refused_in_one_line(["replay"], json.dumps(record))


@pytest.mark.parametrize("seed", [-4, True, 2**64, 1.5])
def test_a_state_with_a_seed_out_of_range_is_refused(seed):
    assert "seed" in refused_in_one_line(["actions"], json.dumps(dict(thronfolge(), seed=seed)))


def test_a_new_game_with_a_seed_beyond_64_bits_is_refused():
    assert "seed" in refused_in_one_line(["new", "thronfolge", "--seed", str(2**64)])


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0"])
def test_solve_refuses_seconds_that_are_not_a_positive_finite_number(seconds):
    err = refused_in_one_line(["solve", "deck-of-spies", "--seed", "1", "--seconds", seconds])
    assert "--seconds" in err


def test_the_state_check_refuses_collections_holding_non_cards():
    state = thronfolge()
    state["hands"][0] = {card: 0 for card in state["hands"][0]}  # the keys would count as cards
    with pytest.raises(BadState, match="list of cards"):
        validate_state(state)
    state = thronfolge()
    state["line"] = state["line"] + [["AS"]]
    with pytest.raises(BadState):
        validate_state(state)


@pytest.mark.parametrize("edit", [
    {"game": ["thronfolge"]}, {"options": {"starter": math.inf}}, {"options": {"starter": True}},
    {"options": {"starter": 0.0}}, {"players": math.inf}, {"to_move": True}, {"ply": math.nan},
    {"version": True}, {"seed": math.nan}])
def test_the_state_check_raises_bad_state_and_nothing_else(edit):
    state = dict(thronfolge(), **edit)
    before = repr(state)
    with pytest.raises(BadState):
        validate_state(state)
    assert repr(state) == before


def saved_record(name="thronfolge", plies=6):
    game = registry.get(name)
    seats = [Seat("human", f"P{i}", i + 1) for i in range(game.info.min_players)]
    session = GameSession.start(name, seats, seed=3)
    for _ in range(plies):
        if not session.over:
            session.apply(session.legal()[0])
    return json.loads(json.dumps(session.record()))


@pytest.mark.parametrize("seats", [
    [{"kind": "human"}, {"kind": "human", "name": "B"}], [{"name": "A"}, {"name": "B"}],
    ["A", "B"], [None, None], {"0": "A"}, [{"kind": "robot", "name": "A"}, {"kind": "bot", "name": "B"}],
    [{"kind": "bot", "name": "A", "level": "godlike"}, {"kind": "human", "name": "B"}],
    [{"kind": "human", "name": "A", "profile_id": "1"}, {"kind": "human", "name": "B"}]])
def test_restoring_a_save_with_edited_seats_is_refused_with_a_rules_error(seats):
    record = dict(saved_record(), seats=seats)
    with pytest.raises(RulesError):
        GameSession.restore(record)


@pytest.mark.parametrize("edit", [
    {"undos": -1}, {"undos": "2"}, {"undos": 2**64}, {"hints": 1.5}, {"started_at": "yesterday"},
    {"started_at": math.nan}, {"started_at": math.inf}, {"id": "7"}, {"meta": []},
    {"revision": -1}, {"revision": "3"}])
def test_a_save_that_could_not_be_saved_again_is_refused_at_restore(edit):
    record = dict(saved_record(), **edit)
    with pytest.raises(BadState):
        GameSession.restore(record)


@pytest.mark.parametrize("name", GAMES)
def test_a_save_that_restores_can_be_saved_again(name):
    session = GameSession.restore(saved_record(name))
    check_record(session.record())


@pytest.mark.parametrize("edit", [{"undos": 2**64}, {"started_at": math.nan}, {"hints": -1}])
def test_the_store_refuses_counts_beyond_64_bits_and_times_that_are_not_finite(edit):
    with pytest.raises(StoreError):
        check_record(dict(saved_record(), **edit))


def test_a_short_fuzz_run_over_every_target_finds_nothing_undocumented():
    from core.fuzz.targets import WEIGHTS, build

    report = build(seed=11).run(1500, seed=11)
    assert report["failures"] == 0, json.dumps(report["distinct_failures"], default=str)[:3000]
    assert set(report["targets"]) == set(WEIGHTS)
    for name, tally in report["targets"].items():
        assert tally["inputs"] > 0, name
    for name in ("apply", "load", "restore", "cli"):  # the mutations reach past the first checks
        assert report["targets"][name]["accepted"] > 0 and report["targets"][name]["refused"] > 0


def test_the_fuzzer_reports_an_undocumented_error_with_the_input_that_caused_it():
    from core.fuzz.engine import Undocumented
    from core.fuzz.run import Fuzz

    def target(rng):
        value = rng.randrange(10)
        if value == 3:
            try:
                {}["missing"]
            except KeyError as exc:
                raise Undocumented("lookup raised", {"value": value}, exc) from None
        return value % 2 == 0

    report = Fuzz({"toy": (1, target)}).run(200, seed=1)
    assert report["failures"] == report["targets"]["toy"]["failures"] > 0
    (found,) = report["distinct_failures"]
    assert found["reproduce"] == {"value": 3} and found["error"].startswith("KeyError")
    assert found["count"] == report["failures"]


def test_a_save_without_options_is_refused_at_restore():
    record = saved_record()
    del record["options"]
    with pytest.raises(BadState, match="options"):
        GameSession.restore(record)


def test_a_rosenkrieg_state_whose_trick_lacks_its_leader_is_refused():
    state = registry.get("rosenkrieg").new(3, 4)
    state["trick"] = {"cards": []}
    with pytest.raises(BadState, match="leader"):
        validate_state(state)
    refused_in_one_line(["view", "--seat", "1"], json.dumps(state))


def test_a_rosenkrieg_state_with_a_damaged_partie_record_is_refused():
    game = registry.get("rosenkrieg")
    state = game.new(3, 4)
    ply = 0
    while not state["partien"]:
        legal = game.legal_actions(state)
        state = game.apply(state, legal[ply % len(legal)]).state
        ply += 1
    del state["partien"][0]["potentat"]
    with pytest.raises(BadState, match="record"):
        validate_state(state)


def rosenkrieg_in_play(seed=3):
    """A Rosenkrieg state in the middle of a Partie's tricks (the Potentat chosen)."""
    import random

    game = registry.get("rosenkrieg")
    state = game.new(4, seed, {"partien": 1})
    rng = random.Random(seed)
    while state["phase"] != "play" or not state["tricks"]:
        state = game.apply(state, rng.choice(game.legal_actions(state))).state
    return game, state


@pytest.mark.parametrize("edit", [
    lambda s: s.pop("chosen"),                                # found by the fuzzer (seed 104)
    lambda s: s.__setitem__("choseB[K;,n", s.pop("chosen")),  # found by the fuzzer (seed 103)
    lambda s: s.__setitem__("chosen", "luck"),
    lambda s: s.__setitem__("chosen", None),
    lambda s: s.__setitem__("extra", 1),
])
def test_a_rosenkrieg_state_without_a_valid_reason_for_its_potentat_is_refused(edit):
    """Before, such a state loaded and failed with KeyError when its Partie ended."""
    game, state = rosenkrieg_in_play()
    validate_state(copy_json(state), game)
    edit(state)
    before = copy_json(state)
    with pytest.raises(BadState):
        validate_state(state, game)
    assert state == before


@pytest.mark.parametrize("name", ["thronfolge", "deck-of-spies", "rosenkrieg", "kings-corner"])
def test_every_game_refuses_a_state_with_a_field_missing_renamed_or_added(name):
    game = registry.get(name)
    state = game.new(game.info.default_players, 4, None)
    own = [k for k in state if k not in ("game", "version")]
    for edit in (lambda s: s.pop(own[-1]), lambda s: s.__setitem__(own[-1] + "x", s.pop(own[-1])),
                 lambda s: s.__setitem__("unknown", [])):
        damaged = copy_json(state)
        edit(damaged)
        with pytest.raises(BadState):
            validate_state(damaged, game)


def test_the_fuzzer_tries_an_argument_with_a_nul_byte_in_process_only():
    """No operating system passes a NUL byte to a program; the fuzzer found this in its own
    harness (``subprocess`` raised ValueError), not in the command line."""
    from core.fuzz.cli_target import can_be_a_process, cli_call

    assert not can_be_a_process(["apply", "\0"]) and can_be_a_process(["apply", "x"])
    rc, out, err = cli_call(["apply", "\0"], "{}")
    assert rc == 2 and out == "" and err.startswith("error: ")


# --- the backup fuzzer: hostile files, and the oracle that judges an import ------------------


@pytest.fixture(scope="module")
def backup_corpus():
    """The backup target's corpus: games of every game, a settled dynasty with a payment and a
    correction, a running one, a merge of two people, settings."""
    from core.fuzz.store_targets import Saves

    saves = Saves.make(3, ledger=True)
    yield saves
    for store in (saves.store, saves.pristine, saves.elsewhere):
        store.close()


def test_the_backup_corpus_holds_every_kind_of_record(backup_corpus):
    data = backup_corpus.data
    for kind in ("profiles", "games", "dynasties", "ledger", "merges", "settings"):
        assert data[kind], kind
    assert {e["kind"] for e in data["ledger"]} == {"payment", "correction"}


def test_the_hostile_mutations_make_huge_numbers_deep_nesting_nan_and_long_values(
        backup_corpus):
    """Each of them reaches the text of the file, and each that must be refused is."""
    import random

    from core.fuzz.mutate import mutate_hostile
    from core.store import BackupError
    from core.store.backup_file import parse

    seen = set()
    for seed in range(120):
        h = mutate_hostile(backup_corpus.data, random.Random(seed))
        text = h.text()
        (what,) = h.done
        for kind, mark in (("huge", "= 9223372036854775808"), ("huge", "= 1000000000000000000000"),
                           ("token", "= NaN"), ("token", "= Infinity"), ("token", "= 1e999"),
                           ("nested", "levels deep"), ("string", "a string of"),
                           ("list", "repeated")):
            if mark in what:
                seen.add(kind)
        if "nested 3000 levels" in what:
            assert "[" * 3000 in text
        if h.refuse:
            with pytest.raises(BackupError):
                parse(text)
    assert seen == {"huge", "token", "nested", "string", "list"}


@pytest.mark.parametrize("name", ["raise_cents", "add_payment", "old_results", "change_card",
                                  "rename_game", "change_dynasty", "add_merge", "repeat_records",
                                  "break_a_line"])
def test_each_backup_mutation_that_must_be_refused_is_refused_in_one_line(backup_corpus, name):
    """The semantic mutations make the files they say, and the store refuses those it must
    (into an empty database, so each reaches the checks between records, not a clash)."""
    import random

    from core.fuzz.backup_mutate import mutate_backup
    from core.fuzz.store_targets import refusal_problem
    from core.store import BackupError, Store

    must = 0
    for seed in range(12):
        h = mutate_backup(backup_corpus.data, random.Random(seed), name)
        if h.refuse is not True:
            continue
        must += 1
        text = h.text()
        if len(text) > 5_000_000:
            continue  # hundreds of thousands of records: the fuzzer's, too slow here
        with Store.open("sqlite:///:memory:") as store:
            with pytest.raises(BackupError) as caught:
                store.import_backup(text)
        assert refusal_problem(caught.value) is None, (h.done, str(caught.value))
    assert must > 0, name


def _judged(saves, monkeypatch, text, hostile, import_backup=None):
    """What the backup target makes of ``text`` (said to be ``hostile``), imported into the
    empty database, with the store's ``import_backup`` replaced when given: the Undocumented
    problem, or None."""
    import random

    from core.fuzz import store_targets
    from core.fuzz.engine import Undocumented
    from core.store import Store

    monkeypatch.setattr(store_targets, "hostile_backup", lambda s, rng: (text, hostile))
    if import_backup is not None:
        monkeypatch.setattr(Store, "import_backup", import_backup)
    rng = random.Random(2)  # its first number, above one half, picks the empty database
    try:
        store_targets.backup_target(saves, rng)
    except Undocumented as exc:
        return exc.problem
    return None


def test_the_backup_oracle_reports_what_an_import_must_never_do(backup_corpus, monkeypatch):
    from core.fuzz.mutate import Hostile
    from core.store import BackupError

    good, saves = backup_corpus.backup, backup_corpus
    either = Hostile(None, refuse=None)

    def two_lines(store, raw):
        raise BackupError("the backup file is damaged: a\nb; nothing was imported",
                          "backup_invalid")

    def overflow(store, raw):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")

    def store_error(store, raw):
        raise StoreError("the data could not be saved: Error binding parameter 7", "db_failed")

    def writes_then_refuses(store, raw):
        store.set_setting("fuzz", 1)
        raise BackupError("the backup file is damaged: x; nothing was imported", "backup_invalid")

    assert _judged(saves, monkeypatch, good, either) is None
    assert _judged(saves, monkeypatch, good, Hostile(None, refuse=True)) == \
        "a file that must be refused was imported"
    assert _judged(saves, monkeypatch, "[]", Hostile(None, refuse=False)) == \
        "a file that must be imported was refused"
    assert _judged(saves, monkeypatch, good, either, two_lines) == \
        "a refusal's message has more than one line"
    assert _judged(saves, monkeypatch, good, either, overflow) == "importing a backup raised"
    assert _judged(saves, monkeypatch, good, either, store_error) == "importing a backup raised"
    assert _judged(saves, monkeypatch, good, either, writes_then_refuses) == \
        "a refused import changed the database"


@pytest.mark.parametrize("name, module, check, stand_in", [
    ("raise_cents", "backup_ledger", "check_cents", lambda cents: cents),
    ("add_payment", "backup_ledger", "check_payments", lambda s, added: None),
    ("change_card", "backup_games", "_replays", lambda r, v: True),
    ("change_dynasty", "backup_ledger", "_fits_its_game", lambda plan, r: None),
])
def test_the_backup_fuzzer_finds_a_store_that_forgets_a_check(
        backup_corpus, monkeypatch, name, module, check, stand_in):
    """With one of the store's checks left out, a file that must be refused is imported, and
    the fuzzer says so."""
    import importlib
    import random

    from core.fuzz.backup_mutate import mutate_backup

    monkeypatch.setattr(importlib.import_module(f"core.store.{module}"), check, stand_in)
    found = []
    for seed in range(40):
        h = mutate_backup(backup_corpus.data, random.Random(seed), name)
        if h.refuse:
            found.append(_judged(backup_corpus, monkeypatch, h.text(), h))
        if "a file that must be refused was imported" in found:
            break
    assert "a file that must be refused was imported" in found, found
