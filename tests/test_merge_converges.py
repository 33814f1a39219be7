"""Merging backups converges: phones that end up having seen each other's records agree.

A hypothesis state machine (``MergeConverges``) runs 2 to 4 simulated phones, each its
own ``Store`` (a database of its own) with its own clock: clocks start apart (one is ten
minutes ahead, one behind, two may read the same seconds) and some run faster than others. The
phones begin with a few friends (names repeat across phones) and a game or two, perhaps
already shared. Each step does one thing on one phone, as friends do with the app:

- people: add one, rename one, archive one or bring it back, merge two into one person;
- games of all four kinds (Thronfolge, Deck of Spies, Rosenkrieg, Kings in the Corner) with
  people, guests and computer seats, Rosenkrieg often for a stake per point (in EUR or
  CHF); moves played through ``GameSession`` with the store as its saver, a few or to the
  end, chosen so that two phones play the same moves or differ (a fork); a table may stay
  open between steps, so a later move there is refused as stale once an import changed
  the game; an undo, a resignation, archiving a game, choosing another version to count;
- the ledger: a payment of part or all of what is payable, a correction between two people;
- backups: export on one phone and import the latest or an older export on another, two
  phones swapping, a phone importing one of its own older backups.

Refusals the app shows a person (a name already taken, a merge already made, a running
version that cannot replace a finished one, a stale table...) are no-ops; any other error
fails the test. An import is never expected to be refused: nothing may block a merge.

At the end every phone exports and imports every other phone's export. Every phone has
seen every record then, so their backups must be the same text already; the round is
repeated once, and then all phones must show the same records and figures: people (uuid,
name, archived, merged into), games (the counted version's moves, end and result, the
forks' moves), results per game and seat, dynasties, the ledger (history, open debts,
settle-up plan, balances, payable amounts, each pair's history), statistics, ratings,
rating history, head-to-head records, leaderboards, and byte-identical backups. Local
row ids are mapped to global ids first.

The machine runs on the engines of ``new_db``: on SQLite every phone is an in-memory
database (the subject is records converging, not files; a file per phone, written with WAL
and a sync per commit, made the run take some 40% longer), on PostgreSQL a new database on
the test server. A database on PostgreSQL takes a few tenths of a second to make and every
call is a round trip to the server (an example of 30 steps runs some 3,000 statements): an
example took 3 to 5 s there against about 0.7 s on SQLite, so the PostgreSQL run plays
fewer examples; it is there to show that the records, figures and backups the store
computes on PostgreSQL converge the same way (it found that a player's recent games named
another seat of a computer on two seats on each phone: PostgreSQL returns tied rows in any
order, so the query now breaks that tie by seat).

Settings, all from the environment:

- ``HOFSTAAT_CONVERGENCE_EXAMPLES`` (default 25) examples on SQLite and
  ``HOFSTAAT_CONVERGENCE_PG_EXAMPLES`` (default 4) on PostgreSQL, each of
  ``HOFSTAAT_CONVERGENCE_STEPS`` (default 30) steps: the CI run;
- ``HOFSTAAT_CONVERGENCE_SHRINK=1``: shrink a failure to a short example (hypothesis may
  spend up to five minutes on it; off by default so that a failing CI run fails fast);

The long run, e.g. before a release (failures are kept in ``.hypothesis/`` and replayed
first next time; run several at once with different ``--hypothesis-seed`` values and the
examples split between them to use more cores; ``-k "machine and sqlite"`` or
``-k "machine and postgresql"`` picks one engine)::

    cd /work/main && HOFSTAAT_CONVERGENCE_EXAMPLES=10000 HOFSTAAT_CONVERGENCE_SHRINK=1 \\
        .venv/bin/python -m pytest tests/test_merge_converges.py -q -k "machine and sqlite" \\
        -p no:cacheprovider --hypothesis-show-statistics

On PostgreSQL each phone's database is dropped when its example ends, so a long run does
not fill the server's disk.

Measured on the two-core development machine, shared with other test runs (load 6 to
10), on SQLite: the CI run takes 17 to 22 s of CPU (50 to 60 s on the wall clock); 200
examples take 171 s of CPU (8 min 15 s on the wall clock), about 0.86 s of CPU an example,
so 10,000 examples take about 2 h 25 min of CPU: that long alone on the machine, 6 to 7 hours
under the same load.

The uuids the store makes are drawn from a generator seeded per example (``uuid.uuid4``
is replaced while a step runs), and games begin at the phone's clock, so an example
replays exactly and hypothesis can shrink what it finds. The tests after the machine are
what it found in the store (``tests/test_merges_found.py``): small fixed reproductions that fail
until the store is fixed.
"""

from __future__ import annotations

import functools
import itertools
import json
import os
import random
import uuid
from typing import Any, Callable

from hypothesis import HealthCheck, Phase, currently_in_test_context, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, precondition, rule,
                                 run_state_machine_as_test)
from sqlalchemy import select

from core.games import registry
from core.session import GameSession, Seat
from core.store import Store, StoreError
from core.store.tables import GameForkRow, GameRow, ProfileRow, table_of

EXAMPLES = {"sqlite": int(os.environ.get("HOFSTAAT_CONVERGENCE_EXAMPLES", "25")),
            "postgresql": int(os.environ.get("HOFSTAAT_CONVERGENCE_PG_EXAMPLES", "4"))}
STEPS = int(os.environ.get("HOFSTAAT_CONVERGENCE_STEPS", "30"))
# Shrinking a failure replays hundreds of examples of seconds each (up to hypothesis's five
# minutes): only when asked for, so that a failing CI run fails fast.
SHRINK = os.environ.get("HOFSTAAT_CONVERGENCE_SHRINK", "") not in ("", "0")

GAME_CHOICES = ("rosenkrieg", "rosenkrieg", "thronfolge", "deck-of-spies", "kings-corner")
NAMES = ("Anna", "Ben", "Carla", "Dora")
GAMES = {"thronfolge": (2, 2), "deck-of-spies": (1, 1), "rosenkrieg": (2, 4),
         "kings-corner": (2, 5)}
LEVELS = ("easy", "normal")
# Where each phone's clock starts (a phone ten minutes ahead, one behind, two alike) and
# how far it moves per reading.
STARTS = (1_000.0, 1_000.0, 1_600.0, 400.0)
RATES = (1.0, 1.0, 3.0)
PHONE = st.integers(0, 3)
PICK = st.integers(0, 50)
# What a refused operation says; anything else is a failure of the store.
PROFILE_REFUSALS = {"name_taken"}
MERGE_REFUSALS = {"same_profile", "merge_done", "merge_bot"}
TABLE_REFUSALS = {"game_stale", "game_resigned", "game_finished"}
VERSION_REFUSALS = {"version_running", "version_missing"}


class PhoneClock:
    """A phone's clock: from ``start``, ``rate`` seconds further at every reading."""

    def __init__(self, start: float, rate: float) -> None:
        self.now, self.rate = start, rate

    def __call__(self) -> float:
        self.now += self.rate
        return self.now


class Phone:
    """One phone: its store (at ``location``), its clock, the backups it exported (oldest
    first) and the tables left open on it (game id -> ``GameSession``)."""

    def __init__(self, index: int, start: float, rate: float,
                 location: str = "sqlite:///:memory:") -> None:
        self.index = index
        self.clock = PhoneClock(start, rate)
        self.location = location
        self.store = Store.open(location, clock=self.clock)
        self.exports: list[str] = []
        self.tables: dict[int, GameSession] = {}
        self.has: dict[str, bool] = {}  # what it holds, see ``MergeConverges.look``

    def export(self) -> str:
        text = self.store.export_backup()
        self.exports.append(text)
        return text


def refused(exc: StoreError, allowed: set[str]) -> None:
    """A refusal the app shows a person is a no-op; any other error is the store's failure."""
    if exc.key not in allowed:
        raise exc
    tell(f"refused: {exc.key}")


def tell(what: str) -> None:
    """Count ``what`` in hypothesis's statistics (a step replayed by hand counts nothing)."""
    if currently_in_test_context():
        event(what)


def step(method):
    """A rule's body: uuids from the example's own generator, and a failure remembered so
    that ``teardown`` does not sync phones whose step already failed."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        real = uuid.uuid4
        uuid.uuid4 = self.next_uuid
        try:
            method(self, *args, **kwargs)
            self.look()
        except BaseException:
            self.broken = True
            raise
        finally:
            uuid.uuid4 = real

    return run


# --- what every phone must agree on ------------------------------------------------------------


def local_ids(store: Store) -> tuple[dict[int, str], dict[int, str]]:
    """Local profile ids and local game ids, each to its global id."""
    people = {p.id: p.uuid for p in store.list_profiles(include_archived=True)}
    with store._session(write=False) as s:  # the store has no call for a game's uuid
        g = table_of(GameRow).c
        games = dict(s.execute(select(g.id, g.uuid)).all())
    return people, games


def fork_actions(store: Store, game_id: int) -> list[list[str]]:
    with store._session(write=False) as s:
        f = table_of(GameForkRow).c
        return sorted(list(a) for a in s.execute(select(f.actions).where(f.game_id == game_id))
                      .scalars())


def seats_of(seats: list[dict[str, Any]], people: dict[int, str]) -> list[dict[str, Any]]:
    return [{k: (people.get(v) if k == "profile_id" else v) for k, v in seat.items()}
            for seat in seats]


def records_of(store: Store) -> dict[str, Any]:
    """Everything the phone shows, each record by its global id, local ids mapped away."""
    people, games = local_ids(store)
    profiles = store.list_profiles(include_archived=True)
    out: dict[str, Any] = {}
    out["people"] = sorted((p.uuid, p.name, p.kind, p.level, p.archived, p.created_at,
                            people.get(p.merged_into) if p.merged_into else None)
                           for p in profiles)
    out["listed"] = [p.uuid for p in store.list_profiles()]
    out["listed_all"] = [p.uuid for p in profiles]
    out["games"], out["results"] = {}, {}
    for game_id, uid in games.items():
        summary = store.game_summary(game_id)
        record = store.load_game(game_id)
        versions = store.game_versions(game_id)
        out["games"][uid] = {
            "game": summary.game, "seats": seats_of(summary.seats, people), "ply": summary.ply,
            "actions": record["actions"], "over": summary.over, "result": summary.result,
            "finished_at": summary.finished_at, "updated_at": summary.updated_at,
            "started_at": summary.started_at, "archived": summary.archived,
            "undos": summary.undos, "hints": summary.hints, "meta": summary.meta,
            "forks": fork_actions(store, game_id), "fork_count": summary.forks,
            "counted": [(v.ply, v.over, v.result, v.updated_at, v.finished_at)
                        for v in versions if v.counts],
            "versions": sorted(([v.ply, v.over, v.result, v.updated_at, v.finished_at, v.counts]
                                for v in versions), key=lambda v: json.dumps(v, sort_keys=True))}
        out["results"][uid] = [dict(r, game_id=uid, profile_id=people.get(r["profile_id"]))
                               for r in store.results(game_id)]
    out["running"] = sorted(games[g.id] for g in store.unfinished_games(limit=None))
    out["archived_games"] = sorted(games[g.id] for g in store.archived_games(limit=None))
    out["finished"] = sorted(games[g.id] for g in store.finished_games(
        limit=None, include_archived=True))
    out["dynasties"] = [(d.id, games.get(d.game_id), d.players, d.stake_cents, d.currency,
                         d.created_at, d.ended_at, store.dynasty_partien(d.id))
                        for d in store.dynasties()]
    entries = store.ledger_entries()
    out["ledger"] = entries
    out["open_debts"] = store.open_debts()
    out["settle_up"] = store.settle_up()
    out["balances"] = store.balances()
    pairs = sorted({(e.debtor, e.creditor, e.amount.currency) for e in entries})
    out["histories"] = {pair: store.debt_history(*pair) for pair in pairs}
    out["payable"] = {pair: store.payable(*pair) for pair in pairs}
    out["player_record"] = {people.get(pid): store.player_record(pid)
                            for pid in [None, *people]}
    out["opponents"] = {people[pid]: {people[o]: met for o, met in store.opponents(pid).items()}
                        for pid in people}
    out["leaderboards"] = {game: [dict(r, profile_id=people[r["profile_id"]])
                                  for r in store.leaderboard(game, limit=1_000)]
                           for game in GAMES}
    out["rating_history"] = {
        (people[pid], game): [dict(point, game_id=games[point["game_id"]])
                              for point in store.rating_history(pid, game, limit=1_000)]
        for pid in people for game in out["player_record"][people[pid]]}
    # the order the lists of games are shown in
    out["running_order"] = [games[g.id] for g in store.unfinished_games(limit=None)]
    out["archived_order"] = [games[g.id] for g in store.archived_games(limit=None)]
    out["finished_order"] = [games[g.id] for g in store.finished_games(
        limit=None, include_archived=True)]
    out["recent"] = {people.get(pid): [dict(r, game_id=games[r["game_id"]],
                                            seats=seats_of(r["seats"], people))
                                       for r in store.recent_results(pid, limit=1_000)]
                     for pid in [None, *people]}
    out["last_player"] = {game: people.get(store.last_player(game)) for game in GAMES}
    return out


def difference(mine: Any, theirs: Any) -> str:
    """Where two values differ: the keys of two dicts whose values differ, else both values."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        keys = sorted((k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k)),
                      key=repr)
        return "\n".join(f"  at {k!r}:\n    phone 0: {mine.get(k)!r}\n    other:   "
                         f"{theirs.get(k)!r}" for k in keys)
    return f"  phone 0: {mine!r}\n  other:   {theirs!r}"


def by_id(records: Any) -> Any:
    """A backup's list of records by id (settings by key); anything else as it is."""
    if not isinstance(records, list):
        return records
    return {r.get("id", r.get("key")): r for r in records if isinstance(r, dict)}


def same_backups(phones: list[Phone], after: str) -> None:
    """Every phone's backup is the same text as the first phone's, record for record."""
    texts = [phone.store.export_backup() for phone in phones]
    for phone, text in zip(phones[1:], texts[1:]):
        if text != texts[0]:
            mine, theirs = json.loads(texts[0]), json.loads(text)
            kinds = [kind for kind in mine if mine[kind] != theirs.get(kind)]
            raise AssertionError(
                f"{after}, phone {phone.index}'s backup differs from phone 0's:\n" + "\n".join(
                    f"{kind}:\n" + difference(by_id(mine[kind]), by_id(theirs.get(kind)))
                    for kind in kinds))


def assert_same_records(phones: list[Phone]) -> None:
    """Every phone shows what the first shows, figure by figure, and exports the same bytes."""
    first = records_of(phones[0].store)
    for phone in phones[1:]:
        other = records_of(phone.store)
        for key in first:
            assert other[key] == first[key], (
                f"phone {phone.index} and phone 0 differ in {key!r}:\n"
                + difference(first[key], other[key]))
    same_backups(phones, "after two rounds")


def holds(store: Store) -> dict[str, bool]:
    """Whether a phone holds people, games, running games, forks and open debts."""
    games, profiles = table_of(GameRow), table_of(ProfileRow)
    with store._session(write=False) as s:
        def some(table: Any, *where: Any) -> bool:
            return s.execute(select(table.c.id).where(*where).limit(1)).first() is not None

        found = {"people": some(profiles, profiles.c.kind == "human"), "games": some(games),
                 "running": some(games, games.c.over.is_(False)),
                 "forks": some(table_of(GameForkRow))}
    return dict(found, debts=bool(store.open_debts()))


def tell_what_was_merged(store: Store) -> None:
    """How much of each kind of record the phones agreed on (``--hypothesis-show-statistics``)."""
    people, games = local_ids(store)
    summaries = [store.game_summary(g) for g in games]
    profiles = store.list_profiles(include_archived=True)
    entries = store.ledger_entries()
    for what, count in (
            ("games", len(games)), ("finished games", sum(g.over for g in summaries)),
            ("resigned games", sum(g.resigned for g in summaries)),
            ("forked games", sum(g.forks > 0 for g in summaries)),
            ("people", len(profiles)),
            ("merged people", sum(p.merged_into is not None for p in profiles)),
            ("settled dynasties", sum(d.settled for d in store.dynasties())),
            ("payments", sum(e.kind == "payment" for e in entries)),
            ("corrections", sum(e.kind == "correction" for e in entries)),
            ("open debts", len(store.open_debts()))):
        tell(f"{what} in the end: {'none' if not count else '1-2' if count < 3 else '3+'}")


def sync_round(phones: list[Phone]) -> None:
    """Every phone exports, then imports every other phone's export."""
    texts = [phone.export() for phone in phones]
    for phone in phones:
        for other, text in zip(phones, texts):
            if other is not phone:
                phone.store.import_backup(text)


# --- the state machine -------------------------------------------------------------------------


class MergeConverges(RuleBasedStateMachine):
    """Phones doing what friends do, swapping backups now and then; in the end they agree.

    A rule that needs something (a running game, a fork, an open debt) runs only when
    some phone has it, and then on one of the phones that have it.
    """

    def __init__(self, databases: Databases) -> None:
        super().__init__()
        self.databases = databases
        self.phones: list[Phone] = []
        self.broken = False
        ids = random.Random(0)
        self.next_uuid = lambda: uuid.UUID(int=ids.getrandbits(128), version=4)

    @initialize(data=st.data(),
                phones=st.lists(st.tuples(st.sampled_from(STARTS), st.sampled_from(RATES),
                                          st.sets(st.sampled_from(NAMES), max_size=3),
                                          st.lists(st.tuples(st.sampled_from(GAME_CHOICES),
                                                             st.integers(0, 10_000)),
                                                   max_size=2)),
                                min_size=2, max_size=4),
                shared=st.booleans())
    @step
    def make_phones(self, data, phones, shared):
        """Phones with their clocks, each with a few friends added on it (names repeat) and
        a game or two begun; ``shared``: then every phone is given every other's records."""
        for i, (start, rate, names, games) in enumerate(phones):
            phone = Phone(i, start, rate, self.databases.new())
            for name in sorted(names):
                phone.store.create_profile(name)
            for game, seed in games:
                self.deal(data, phone, game, seed)
            self.phones.append(phone)
        if shared:
            sync_round(self.phones)

    # --- choosing a phone and a record on it -------------------------------------------------

    def look(self) -> None:
        """Note what each phone holds, for the rules' preconditions (read once per step)."""
        for p in self.phones:
            p.has = holds(p.store)

    def phone(self, n: int, having: str | None = None) -> Phone:
        """Phone ``n`` (of those having something)."""
        found = [p for p in self.phones if having is None or p.has.get(having)]
        return found[n % len(found)]

    def some(self, having: str) -> bool:
        return any(p.has.get(having) for p in self.phones)

    @staticmethod
    def pick(items: list[Any], n: int) -> Any:
        return items[n % len(items)] if items else None

    @staticmethod
    def humans(store: Store, include_archived: bool = True) -> list[Any]:
        return [p for p in store.list_profiles(include_archived=include_archived)
                if p.kind == "human"]

    @staticmethod
    def running(store: Store) -> list[Any]:
        return sorted(store.unfinished_games(limit=None) + store.archived_games(limit=None),
                      key=lambda g: g.id)

    # --- people ------------------------------------------------------------------------------

    @rule(phone=PHONE, name=st.sampled_from(NAMES))
    @step
    def add_person(self, phone, name):
        try:
            self.phone(phone).store.create_profile(name)
        except StoreError as exc:
            refused(exc, PROFILE_REFUSALS)

    @precondition(lambda self: self.some("people"))
    @rule(phone=PHONE, who=PICK, name=st.sampled_from(NAMES + ("Anni", "Benno")))
    @step
    def rename_person(self, phone, who, name):
        store = self.phone(phone, "people").store
        person = self.pick(self.humans(store), who)
        try:
            store.rename_profile(person.id, name)
        except StoreError as exc:
            refused(exc, PROFILE_REFUSALS)

    @precondition(lambda self: self.some("people"))
    @rule(phone=PHONE, who=PICK, archived=st.booleans())
    @step
    def archive_person(self, phone, who, archived):
        store = self.phone(phone, "people").store
        person = self.pick(self.humans(store), who)
        try:
            store.archive_profile(person.id, archived)
        except StoreError as exc:
            refused(exc, PROFILE_REFUSALS)

    @precondition(lambda self: self.some("people"))
    @rule(phone=PHONE, source=PICK, into=PICK)
    @step
    def merge_people(self, phone, source, into):
        store = self.phone(phone, "people").store
        everyone = store.list_profiles(include_archived=True)  # computers too: refused
        a, b = self.pick(everyone, source), self.pick(everyone, into)
        try:
            store.merge_profiles(a.id, b.id)
        except StoreError as exc:
            refused(exc, MERGE_REFUSALS)

    # --- games -------------------------------------------------------------------------------

    @staticmethod
    def computer(store: Store, level: str) -> Seat:
        """A computer seat for the level's profile, made when the phone has none (as the app)."""
        bot = next((p for p in store.list_profiles(include_archived=True)
                    if p.kind == "bot" and p.level == level), None)
        if bot is None:
            bot = store.create_profile(f"Computer ({level})", kind="bot", level=level)
        return Seat(kind="bot", name=bot.name, profile_id=bot.id, level=level)

    # Games are what most steps need: two rules start them and two play them, so that
    # hypothesis's swarm testing (which switches rules off for a whole example) rarely
    # switches off every one of them.

    @rule(data=st.data(), phone=PHONE, game=st.sampled_from(GAME_CHOICES),
          seed=st.integers(0, 10_000))
    @step
    def start_game(self, data, phone, game, seed):
        self.deal(data, self.phone(phone), game, seed)

    @rule(data=st.data(), phone=PHONE, game=st.sampled_from(GAME_CHOICES),
          seed=st.integers(0, 10_000))
    @step
    def start_another_game(self, data, phone, game, seed):
        self.deal(data, self.phone(phone), game, seed)

    def deal(self, data, p: Phone, game: str, seed: int) -> None:
        """A new game of people, guests and computers; Rosenkrieg perhaps for a stake, which
        needs a profile on every seat and a person among them."""
        store = p.store
        lo, hi = GAMES[game]
        count = data.draw(st.integers(lo, hi), label="seats")
        people = self.humans(store, include_archived=False)
        stake = game == "rosenkrieg" and bool(people) and data.draw(
            st.sampled_from([True, True, False]), label="stake")
        kinds = ["person"] + ([] if stake else ["guest"]) + (["computer"] if count > 1 else [])
        seats: list[Seat] = []
        for i in range(count):
            kind = data.draw(st.sampled_from(kinds), label=f"seat {i}")
            free = [q for q in people if q.id not in {s.profile_id for s in seats}]
            if kind == "person" and free:
                q = free[data.draw(st.integers(0, len(free) - 1), label=f"person {i}")]
                seats.append(Seat(kind="human", name=q.name, profile_id=q.id))
            elif kind == "computer" or (kind == "person" and stake):
                seats.append(self.computer(store, data.draw(st.sampled_from(LEVELS),
                                                            label=f"level {i}")))
            else:
                seats.append(Seat(kind="human", name=f"Guest {i + 1}"))
        if all(s.is_bot for s in seats):
            seats[0] = (Seat(kind="human", name=people[0].name, profile_id=people[0].id)
                        if stake else Seat(kind="human", name="Guest"))
        options: dict[str, Any] = {}
        meta: dict[str, Any] = {"mode": "hot-seat"}
        if game == "rosenkrieg":
            options["partien"] = data.draw(st.integers(1, 2), label="partien")
        if stake:
            meta["stake"] = {"cents": data.draw(st.sampled_from([5, 10, 25]), label="cents"),
                             "currency": data.draw(st.sampled_from(["EUR", "EUR", "CHF"]),
                                                   label="currency")}
        # As GameSession.start, but begun at the phone's time, so an example replays exactly.
        state = registry.get(game).new(len(seats), seed, options)
        session = GameSession(registry.get(game), seats, state, saver=store,
                              started_at=p.clock(), meta=meta)
        session.save()
        if data.draw(st.booleans(), label="leave the table open"):
            p.tables[session.game_id] = session

    @precondition(lambda self: self.some("running"))
    @rule(data=st.data(), phone=PHONE, which=PICK, moves=st.integers(1, 12),
          way=st.integers(0, 2), keep=st.booleans())
    @step
    def play(self, data, phone, which, moves, way, keep):
        """A few moves on a running game, at a table left open or loaded afresh."""
        self.moves(data, self.phone(phone, "running"), which, moves, way, keep)

    @precondition(lambda self: self.some("running"))
    @rule(data=st.data(), phone=PHONE, which=PICK, moves=st.integers(1, 12),
          way=st.integers(0, 2), keep=st.booleans())
    @step
    def play_on(self, data, phone, which, moves, way, keep):
        self.moves(data, self.phone(phone, "running"), which, moves, way, keep)

    @precondition(lambda self: self.some("running"))
    @rule(data=st.data(), phone=PHONE, which=PICK, way=st.integers(0, 2))
    @step
    def play_to_the_end(self, data, phone, which, way):
        self.moves(data, self.phone(phone, "running"), which, 1_000, way, False)

    def moves(self, data, p: Phone, which: int, moves: int, way: int, keep: bool) -> None:
        """``way`` chooses each move from the position alone, so two phones with the same
        ``way`` play the same moves (one version), and with another a fork."""
        open_tables = sorted(g for g, t in p.tables.items() if not t.over)
        if open_tables and data.draw(st.booleans(), label="at a table left open"):
            game_id = self.pick(open_tables, which)
            session = p.tables[game_id]
        else:
            game_id = self.pick(self.running(p.store), which).id
            session = GameSession.restore(p.store.load_game(game_id), saver=p.store)
        try:
            for _ in range(moves):
                if session.over:
                    break
                legal = session.legal()
                session.apply(legal[(len(session.actions) * 7 + way) % len(legal)])
        except StoreError as exc:
            refused(exc, TABLE_REFUSALS)
            p.tables.pop(game_id, None)
            return
        if keep and not session.over:
            p.tables[game_id] = session
        else:
            p.tables.pop(game_id, None)

    @precondition(lambda self: self.some("running"))
    @rule(phone=PHONE, which=PICK)
    @step
    def undo(self, phone, which):
        store = self.phone(phone, "running").store
        game = self.pick(self.running(store), which)
        GameSession.restore(store.load_game(game.id), saver=store).undo()

    @precondition(lambda self: self.some("running"))
    @rule(phone=PHONE, which=PICK, seat=st.integers(0, 4))
    @step
    def resign(self, phone, which, seat):
        store = self.phone(phone, "running").store
        game = self.pick(self.running(store), which)
        people = [i for i, s in enumerate(game.seats) if s.get("kind") == "human"]
        store.resign_game(game.id, self.pick(people, seat))

    @precondition(lambda self: self.some("games"))
    @rule(phone=PHONE, which=PICK, archived=st.booleans())
    @step
    def archive_game(self, phone, which, archived):
        store = self.phone(phone, "games").store
        store.set_game_archived(self.pick(sorted(local_ids(store)[1]), which), archived)

    @precondition(lambda self: self.some("forks"))
    @rule(phone=PHONE, which=PICK, fork=PICK)
    @step
    def choose_version(self, phone, which, fork):
        store = self.phone(phone, "forks").store
        forked = sorted(gid for gid in local_ids(store)[1] if store.game_summary(gid).forks)
        game_id = self.pick(forked, which)
        others = [v for v in store.game_versions(game_id) if not v.counts]
        try:
            store.choose_version(game_id, self.pick(others, fork).fork_id)
            tell("chose another version")
        except StoreError as exc:
            refused(exc, VERSION_REFUSALS)

    # --- the ledger --------------------------------------------------------------------------

    @precondition(lambda self: self.some("debts"))
    @rule(data=st.data(), phone=PHONE, which=PICK)
    @step
    def pay(self, data, phone, which):
        """A payment of part or all of what one person may pay another now."""
        store = self.phone(phone, "debts").store
        pairs = sorted({(d.debtor, d.creditor, d.amount.currency)
                        for d in store.open_debts() + store.settle_up()})
        debtor, creditor, currency = self.pick(pairs, which)
        most = store.payable(debtor, creditor, currency).cents
        if most > 0:
            store.record_payment(debtor, creditor, data.draw(st.integers(1, most), label="cents"),
                                 currency)

    @precondition(lambda self: self.some("people"))
    @rule(phone=PHONE, debtor=PICK, creditor=PICK, cents=st.integers(1, 2_000),
          currency=st.sampled_from(["EUR", "CHF"]))
    @step
    def correct(self, phone, debtor, creditor, cents, currency):
        store = self.phone(phone, "people").store
        people = self.humans(store)
        a, b = self.pick(people, debtor), self.pick(people, creditor)
        if a.id != b.id:
            try:
                store.record_correction(a.uuid, b.uuid, cents, currency, note="Runde")
            except StoreError as exc:
                refused(exc, {"same_person"})  # two profiles merged into one person

    # --- backups -----------------------------------------------------------------------------

    @rule(source=PHONE, reader=PHONE, older=st.integers(0, 3), fresh=st.booleans())
    @step
    def swap_backup(self, source, reader, older, fresh):
        """The reader imports the source's latest export, an older one, or one made now."""
        a, b = self.phone(source), self.phone(reader)
        if a is b:
            b = self.phone(reader + 1)
        if fresh or not a.exports:
            a.export()
        b.store.import_backup(a.exports[-1 - older % len(a.exports)])

    @rule(phone=PHONE, older=st.integers(0, 3))
    @step
    def restore_own_backup(self, phone, older):
        """A phone imports one of its own earlier backups (a restore after a mishap)."""
        p = self.phone(phone)
        if p.exports:
            p.store.import_backup(p.exports[-1 - older % len(p.exports)])

    @rule(one=PHONE, other=PHONE)
    @step
    def sync_two(self, one, other):
        """Two phones swap fresh backups, one after the other."""
        a, b = self.phone(one), self.phone(other)
        if a is b:
            b = self.phone(other + 1)
        b.store.import_backup(a.export())
        a.store.import_backup(b.export())

    # --- the end -----------------------------------------------------------------------------

    def final_rounds(self) -> list[Phone]:
        """What every party does at the end; the parties that must then agree."""
        sync_round(self.phones)
        # Every phone has seen every record now: the design says that is enough.
        same_backups(self.phones, "after one round")
        sync_round(self.phones)
        return self.phones

    def teardown(self) -> None:
        parties = list(self.phones)
        try:
            if not self.broken and self.phones:
                real = uuid.uuid4
                uuid.uuid4 = self.next_uuid
                try:
                    parties = self.final_rounds()
                finally:
                    uuid.uuid4 = real
                assert_same_records(parties)
                tell_what_was_merged(parties[0].store)
        finally:
            for phone in self.all_parties():
                phone.store.close()
                self.databases.drop(phone.location)

    def all_parties(self) -> list[Phone]:
        return self.phones


class Databases:
    """The phones' databases on one engine: ``new()`` a fresh one, ``drop(location)`` it again
    once its example is over. By default in-memory SQLite ones, which go with their store."""

    def __init__(self, new_db: Callable[..., str] | None = None,
                 drop: Callable[[str], None] | None = None) -> None:
        self._new_db = new_db
        self._drop = drop
        self._numbers = itertools.count(1)

    def new(self) -> str:
        if self._new_db is None:
            return "sqlite:///:memory:"
        return self._new_db(f"phone{next(self._numbers)}")

    def drop(self, location: str) -> None:
        if self._drop is not None:
            self._drop(location)


def machine_settings(engine: str) -> settings:
    return settings(
        max_examples=EXAMPLES[engine], stateful_step_count=STEPS, deadline=None,
        phases=[phase for phase in Phase if SHRINK or phase is not Phase.shrink],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                               HealthCheck.data_too_large])


def test_merge_converges_machine(engine_name, new_db, request):
    if engine_name == "postgresql":
        databases = Databases(new_db, request.getfixturevalue("postgres").drop_database)
    else:
        databases = Databases()
    run_state_machine_as_test(lambda: MergeConverges(databases),
                              settings=machine_settings(engine_name))
