"""A hosted table's devices (issue 27): what a guest's phone and the host's device see and may do,
every move redrawing every table, the computer played by the room, and no hidden face in
anything a guest's page is sent.

The tables are the games' own, mounted on real Flet pages without a client
(``tests.headless_page``); every message a guest's page is sent is searched for faces its
seat may not see, as the browser test of hidden faces does with websocket frames.
"""

from __future__ import annotations

import asyncio
import io
from types import SimpleNamespace

import msgpack
import pytest

from app import tables
from app.host.guest import GuestState, GuestUI, query_code
from app.host import hosting
from app.host.hosting import Hosted
from app.host.seen import GuestEyes, HostEyes, SeatSession
from app.state import AppState
from app.tables.kit.top_bar import DIMMED, TopBar
from core.errors import IllegalAction
from core.games import registry
from core.host import SeatError
from core.host.room import Room
from core.session import GameSession, Seat
from core.store import Store
from tests.e2e.faces import FaceFinder
from tests.headless_page import ENCODE, HeadlessPage
from tests.test_app_thronfolge_table import SavingStore


class PeopleStore(SavingStore):
    """Settings, games and people: what hosting asks of the host's store."""

    def __init__(self):
        super().__init__()
        self.people: list[SimpleNamespace] = []

    def list_profiles(self, include_archived=False):
        return list(self.people)

    def create_profile(self, name, kind="human", level=None):
        p = SimpleNamespace(id=len(self.people) + 1, name=name, kind=kind, level=level)
        self.people.append(p)
        return p

    def delete_setting(self, key):
        self.settings.pop(key, None)

    person_named = Store.person_named  # the store's own rule, over these people


def seats(kinds: str) -> list[Seat]:
    """``"hpb"``: the host's person, a phone's seat, a computer."""
    out = []
    for i, k in enumerate(kinds):
        out.append(Seat("bot", f"Bot {i}", None, "random") if k == "b" else Seat("human", f"Seat {i}"))
    return out


def hosted_game(game: str, kinds: str, seed: int = 5, options=None) -> Hosted:
    store = PeopleStore()
    session = GameSession.start(game, seats(kinds), seed=seed, options=options, saver=store)
    state = AppState(store, "de")
    state.settings.speed = "off"
    phones = [i for i, k in enumerate(kinds) if k == "p"]
    return Hosted(state, Room(session, phones, code="ABC234"), None, "http://10.0.0.2:8551/")


# --- what each device sees ----------------------------------------------------------------


def test_a_guest_reads_exactly_its_seat_s_view_and_nothing_of_the_others():
    hosted = hosted_game("kings-corner", "hpp")
    ben = hosted.join("10.0.0.7", "ABC 234", 1, "Ben")
    s = hosted.session
    phone = hosted.guest_view(ben)
    while not s.over and len(s.actions) < 30:
        assert phone.state == s.view(1) and phone.view(1) == s.view(1)
        assert phone.view(2) == s.view(None) and phone.view(0) == s.view(None)
        assert phone.snapshots == [s.game.view(x, 1) for x in s.snapshots]
        assert set(phone.actions) <= {""} and len(phone.actions) == len(s.actions)
        assert phone.legal() == (s.legal() if s.to_move == 1 else [])
        s.apply(s.legal()[0])
    with pytest.raises(IllegalAction):
        phone.record()
    assert phone.humans == [1] and phone.privacy_guard is GuestEyes


def test_a_guest_is_drawn_for_its_seat_always_and_never_behind_a_privacy_screen():
    hosted = hosted_game("kings-corner", "hpp")
    phone = hosted.guest_view(hosted.join("x", "ABC234", 2, "Carla"))
    eyes = phone.privacy_guard(phone)
    s = hosted.session
    for _ in range(12):
        assert eyes.viewer() == 2 and not eyes.needs_handover(2) and not eyes.hot_seat
        s.apply(s.legal()[0])


def test_the_host_s_device_is_drawn_for_its_own_people_never_for_a_phone_s_seat():
    one = hosted_game("kings-corner", "hpp").host_view()
    assert one.local == [0] and one.privacy_guard is HostEyes
    eyes = HostEyes(one)
    s = one._session
    for _ in range(12):
        assert eyes.viewer() == 0 and not eyes.needs_handover(0)
        s.apply(s.legal()[0])
    watcher = hosted_game("kings-corner", "ppb").host_view()  # only the table everyone watches
    assert watcher.local == [] and HostEyes(watcher).viewer() is None
    two = hosted_game("kings-corner", "hhp").host_view()  # two people at the host's device
    eyes = HostEyes(two)
    assert eyes.hot_seat and eyes.viewer() == two.to_move and eyes.needs_handover(two.to_move)


def test_each_device_acts_only_for_its_own_seat_and_only_on_its_turn():
    hosted = hosted_game("kings-corner", "hpp")
    ben = hosted.guest_view(hosted.join("a", "ABC234", 1, "Ben"))
    carla = hosted.guest_view(hosted.join("b", "ABC234", 2, "Carla"))
    host = hosted.host_view()
    s = hosted.session
    while not s.over and len(s.actions) < 40:
        mover = {0: host, 1: ben, 2: carla}[s.to_move]
        action = s.legal()[0]
        for other in {host, ben, carla} - {mover}:
            with pytest.raises(IllegalAction):
                other.apply(action)
        before = len(s.actions)
        mover.apply(action)
        assert len(s.actions) == before + 1
    assert not ben.can_undo and not ben.undo()


def test_a_phone_takes_back_its_own_last_move_and_the_computer_s_reply_but_nobody_else_s():
    hosted = hosted_game("thronfolge", "pb", seed=3)
    token = hosted.join("a", "ABC234", 0, "Ben")
    ben, host = hosted.guest_view(token), hosted.host_view()
    s = hosted.session
    assert s.to_move == 0 and not ben.can_undo  # nothing to take back yet
    ben.apply(s.legal()[0])
    s.apply(s.bot_action())  # the room's computer replies
    before = len(s.actions)
    assert s.to_move == 0 and ben.can_undo and not host.can_undo  # the host's device has no person
    assert not host.undo()
    assert ben.undo()
    assert len(s.actions) == before - 2 and s.to_move == 0 and s.undos == 1
    with pytest.raises(SeatError):
        hosted.room.undo("not a token")


def test_a_phone_cannot_take_back_a_move_once_another_person_is_to_move_or_has_moved():
    hosted = hosted_game("thronfolge", "pp", seed=3)
    ben = hosted.guest_view(hosted.join("a", "ABC234", 0, "Ben"))
    carla = hosted.guest_view(hosted.join("b", "ABC234", 1, "Carla"))
    s = hosted.session
    ben.apply(s.legal()[0])
    # Carla is to move: Ben's undo would take her turn away; hers has nothing of her own.
    assert s.to_move == 1 and not ben.can_undo and not carla.can_undo
    assert not ben.undo() and not hosted.room.undo(ben.token) and len(s.actions) == 1
    carla.apply(s.legal()[0])
    assert s.to_move == 0 and not ben.can_undo and carla.can_undo is False  # Ben is to move now
    assert not carla.undo() and len(s.actions) == 2


def test_a_phone_s_undo_button_says_why_it_cannot_take_back_another_person_s_move():
    hosted = hosted_game("thronfolge", "pp", seed=3)
    ben = hosted.guest_view(hosted.join("a", "ABC234", 0, "Ben"))
    hosted.guest_view(hosted.join("b", "ABC234", 1, "Carla"))
    ben.apply(hosted.session.legal()[0])
    table = SimpleNamespace(session=ben, driver=SimpleNamespace(thinking=False, paused=False),
                            privacy=GuestEyes(ben))
    shell = SimpleNamespace(t=AppState(PeopleStore(), "en").t)
    bar = TopBar(shell, table, lambda: None)
    assert bar.undo_button.disabled and bar.undo_button.icon_color == DIMMED  # dimmed, so it shows
    assert bar.why_not() == "Only your own last move, while nobody else has had their turn."


def test_a_phone_that_joins_names_its_seat_after_a_known_person_or_a_new_one():
    hosted = hosted_game("kings-corner", "hpp")
    mira = hosted.store.create_profile("Mira")
    hosted.join("a", "ABC234", 1, "mira")
    hosted.join("b", "ABC234", 2, "  Jonas ")
    s = hosted.session
    assert s.seats[1] == Seat("human", "mira", mira.id)
    assert s.seats[2].name == "Jonas" and s.seats[2].profile_id not in (None, mira.id)
    assert hosted.store.games[s.game_id]["seats"][2]["name"] == "Jonas"  # saved at once


def test_a_seat_given_to_the_computer_is_played_by_the_room_and_its_phone_holds_nothing():
    async def main():
        hosted = hosted_game("kings-corner", "hpp")
        ben = hosted.join("a", "ABC234", 1, "Ben")
        hosted.to_computer(1, Seat("bot", "Computer", None, "random"))
        with pytest.raises(SeatError):
            hosted.guest_view(ben)
        s = hosted.session
        for _ in range(200):
            if s.over:
                break
            if s.to_move in (0, 2):
                s.apply(s.legal()[0])
            await asyncio.sleep(0.01)  # the room's computer moves meanwhile
        assert s.over and any(s.seats[1].is_bot for _ in [0])

    asyncio.run(main())


# --- every table follows every move; no guest is sent a hidden face ------------------------


def guest_messages(h: HeadlessPage, since: int) -> list:
    return [msgpack.unpackb(msgpack.packb([m.action, m.body], default=ENCODE), strict_map_key=False)
            for m in h.conn.messages[since:]]


async def mount(hosted: Hosted, proxy: SeatSession, lang: str) -> tuple[HeadlessPage, object]:
    h = HeadlessPage(width=390, height=844)
    if proxy.guest:
        state = GuestState(hosted.store, lang)
        GuestUI(h.page, state, SimpleNamespace(show=None))
    else:
        state = AppState(hosted.store, lang)
        state.ui = SimpleNamespace(page=h.page, t=state.t, snack=lambda *a, **k: None, navigate=lambda r: None,
                                   bot_future=None, cancel_bot=lambda: None, card_size="small", wide=False)
    state.settings.speed = "off"
    control = tables.build(state, proxy)
    h.page.add(control)
    table = control.data
    hosted.follow(table, h.page)
    await h.settle()
    return h, table


def test_a_phone_that_joins_later_is_named_on_every_table_already_open():
    """Names are no move: a table redraws for moves, so a seat's new person reaches the screens
    already showing the game by drawing them again (the host's and the other phones')."""
    async def main():
        hosted = hosted_game("kings-corner", "hpp")
        ben = hosted.guest_view(hosted.join("a", "ABC234", 1, "Ben"))
        h, table = await mount(hosted, ben, "de")
        shown: list[str] = []

        async def show():
            shown.append(" ".join(s.name for s in hosted.session.seats))

        table.ui.guest = SimpleNamespace(show=show)
        host_page, host_table = await mount(hosted, hosted.host_view(), "de")
        host_table.ui.refresh = lambda: shown.append("host")
        hosted.join("b", "ABC234", 2, "Zacharias")
        await h.settle(10)
        await host_page.settle(10)
        assert sorted(shown) == ["Seat 0 Ben Zacharias", "host"]

    asyncio.run(main())


@pytest.mark.parametrize("game, kinds, options", [
    ("kings-corner", "hppb", None),
    ("rosenkrieg", "hppb", None),
    ("thronfolge", "hp", None),
])
def test_every_move_redraws_every_table_and_no_guest_is_sent_a_face_its_seat_may_not_see(game, kinds, options):
    real_redraw = hosting._redraw

    async def main():
        hosted = hosted_game(game, kinds, seed=3, options=options)
        s = hosted.session
        g = registry.get(game)
        phones = [i for i, k in enumerate(kinds) if k == "p"]
        guests = {}
        for seat in phones:
            token = hosted.join(f"10.0.0.{seat}", "ABC234", seat, f"Phone person {seat}")
            # German, as the browser test of hidden faces: Rosenkrieg's English rule line "a rose or
            # the King of Lions" would read as that card's face.
            guests[seat] = (token, *await mount(hosted, hosted.guest_view(token), "de"))
        host_page, host_table = await mount(hosted, hosted.host_view(), "de")
        heard: list = []
        moved: list = []  # who made each move
        s.listeners.insert(0, lambda _s, events: (heard.extend(events), moved.append(mover_now[0])))
        mover_now = [s.to_move]

        def track(_s, events):
            mover_now[0] = _s.to_move

        s.listeners.append(track)
        redrawn: list = []
        real = hosting._redraw

        async def counted(table, events):
            redrawn.append(table)
            await real(table, events)

        hosting._redraw = counted
        hosted.bots.kick()
        checked = 0
        for _ in range(400):
            if s.over:
                break
            await asyncio.sleep(0.02)  # the room's computer, the redraw tasks
            if s.bot_to_move:
                continue
            marks = {seat: len(h.conn.messages) for seat, (_, h, _) in guests.items()}
            before = s.state
            mover = s.to_move
            table = host_table if mover not in guests else guests[mover][2]
            heard.clear()
            table.act(s.legal()[0])
            await host_page.settle(10)
            for seat, (_, h, t) in guests.items():
                # What the move itself shows the seat (a finished Partie's sheet) is not secret then.
                shown = {c for e in g.mask_events([dict(e) for e in heard], seat) for c in e.get("cards", [])
                         if isinstance(c, str)} | set(FaceFinder(g.face_down(before, seat)).find(
                             g.mask_events([dict(e) for e in heard], seat)))
                secret = (g.face_down(before, seat) & g.face_down(s.state, seat)) - shown
                leaked = set().union(*(FaceFinder(secret).find(m) for m in guest_messages(h, marks[seat])))
                assert not leaked, f"{game}: seat {seat} was sent {sorted(leaked)}"
                checked += 1
        assert checked > 10
        await host_page.settle(10)
        # Every move reached every table but the one it was made at, whoever made it.
        movers = [m for m in moved if m is not None]
        for seat, (_, _, t) in [*guests.items(), (0, (None, None, host_table))]:
            own = [seat] if seat in guests else [i for i, k in enumerate(kinds) if k == "h"]
            assert redrawn.count(t) == len([m for m in movers if m not in own]), seat
        hosted.close()

    try:
        asyncio.run(main())
    finally:
        hosting._redraw = real_redraw


# --- small parts ---------------------------------------------------------------------------


def test_the_qr_link_brings_the_code_and_never_a_token():
    hosted = hosted_game("kings-corner", "hpp")
    assert hosted.join_url == "http://10.0.0.2:8551/?code=ABC234"
    page = SimpleNamespace(route="/?code=ABC234", url="http://10.0.0.2:8551/?code=ABC234")
    assert query_code(page) == "ABC234"
    assert query_code(SimpleNamespace(route="/", url="http://10.0.0.2:8551/")) == ""


def test_a_guest_s_state_changes_nothing_of_the_host_s_settings():
    store = PeopleStore()
    state = GuestState(store, "en")
    state.set_setting("language", "de")
    state.mark_guide_seen("kings-corner")
    assert store.settings == {} and state.lang == "en"
    with pytest.raises(PermissionError):
        state.start_game("kings-corner", seats("hh"))


def test_the_join_screen_lists_each_phone_seat_with_what_the_host_may_do():
    from app import i18n
    from app.screens.host_join import qr_png, seat_lines

    hosted = hosted_game("kings-corner", "hppp")
    hosted.join("a", "ABC234", 1, "Ben")
    carla = hosted.join("b", "ABC234", 2, "Carla")
    hosted.gone(carla)
    hosted.ask("c", "ABC234", 1, "Dora")
    rows = {r["seat"]: r for r in seat_lines(hosted, lambda k, **kw: i18n.t(k, "en", **kw))}
    assert rows[1]["state"] == "Ben · connected" and rows[1]["actions"] == ["allow"]
    assert rows[1]["ask"] == "Dora asks to take over this seat."
    assert rows[2]["state"] == "Carla · not connected" and rows[2]["actions"] == ["release", "to_computer"]
    assert rows[3]["state"].startswith("free") and rows[3]["actions"] == ["to_computer"]
    png = qr_png(hosted.join_url)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 200
    assert io.BytesIO(png).getbuffer().nbytes == len(png)


def test_hofstaat_host_takes_its_options_and_leaves_the_app_s_own():
    from app.host import hosting
    from app.host.cli import configure

    kept = hosting.OPTIONS
    try:
        rest = configure(["--guest-port", "9001", "--lan-address", "192.168.1.20", "--port", "8600",
                          "--db", "x.db"])
        assert rest == ["--port", "8600", "--db", "x.db"]
        assert hosting.OPTIONS == hosting.Options(bind="0.0.0.0", port=9001, address="192.168.1.20")
        for bad in (["--guest-port", "70000"], ["--lan-address", "my-laptop"], ["--guest-bind", "x"]):
            with pytest.raises(SystemExit) as out:
                configure(bad)
            assert out.value.code == 2
    finally:
        hosting.OPTIONS = kept


def test_a_seat_for_a_friend_s_phone_is_a_person_s_seat_named_when_the_phone_joins():
    from app import catalog
    from app.screens.new_game_form import PHONE, NewGameForm

    state = AppState(PeopleStore(), "en")
    state.store.create_profile("Anna")
    state.humans = lambda include_archived=False: list(state.store.people)
    state.bot_seat = lambda level: Seat("bot", "Computer", None, level)
    form = NewGameForm(state, "kings-corner", catalog.load_info("kings-corner"))
    form.set_players(3)
    assert form.choose(1, PHONE) is None and form.choose(2, PHONE) is None
    assert form.phone_seats == [1, 2] and form.seat_label(1) == "Phone 2"
    built = form.build_seats(str)
    assert [s.kind for s in built] == ["human", "human", "human"]
    assert built[1] == Seat("human", "Phone 2") and built[2].profile_id is None
    solo = NewGameForm(state, "deck-of-spies", catalog.load_info("deck-of-spies"))
    assert solo.choose(0, PHONE) is not None  # a solitaire is nobody's to host


def test_a_seat_kept_for_a_person_stays_that_person_s_whoever_joins_on_it():
    """A phone's seat given to a person on the host (a staked dynasty needs them from the start)
    keeps its person: the phone that takes it makes no new person, whatever name it types."""
    store = PeopleStore()
    anna, ben = store.create_profile("Anna"), store.create_profile("Ben")
    seats_ = [Seat("human", "Anna", anna.id), Seat("human", "Ben", ben.id), Seat("human", "Phone 3")]
    session = GameSession.start("rosenkrieg", seats_, seed=4, saver=store)
    state = AppState(store, "en")
    state.settings.speed = "off"
    hosted = Hosted(state, Room(session, [1, 2], code="ABC234"), None, "http://10.0.0.2:8551/")
    from app import i18n
    from app.screens.host_join import seat_lines

    def states() -> list[str]:
        return [r["state"] for r in seat_lines(hosted, lambda k, **kw: i18n.t(k, "en", **kw))]

    assert states() == ["free – kept for Ben", "free – waiting for a phone"]
    hosted.join("a", "ABC234", 1, "Benjamin")
    hosted.join("b", "ABC234", 2, "Carla")
    assert session.seats[1] == Seat("human", "Ben", ben.id)
    assert session.seats[2].name == "Carla" and session.seats[2].profile_id not in (None, anna.id, ben.id)
    assert [p.name for p in store.people] == ["Anna", "Ben", "Carla"]
    assert states() == ["Ben · connected", "Carla · connected"]


def test_a_hosted_game_is_hosted_again_after_the_app_restarts_with_its_code_and_phones():
    """The host's app stops (not the host's choice): the room stays in its settings, and the game
    opened again is hosted with the same code, each phone's token opening its seat again. Stopping
    by choice, or the game's end, forgets the room."""
    async def main():
        kept = hosting.OPTIONS
        hosting.OPTIONS = hosting.Options(bind="127.0.0.1", port=0)
        try:
            store = PeopleStore()
            session = GameSession.start("kings-corner", seats("hpp"), seed=5, saver=store)
            state = AppState(store, "en")
            state.settings.speed = "off"
            first = await hosting.start(state, session, [1, 2])
            ben = first.join("a", first.room.code, 1, "Ben")
            record = hosting.saved_record(store, session.game_id)
            assert record["code"] == first.room.code and record["phones"] == [1, 2]
            assert list(record["held"]) == ["1"] and ben not in str(record)
            await hosting.stop()  # the app goes: the room is kept for the next start
            assert hosting.saved_record(store, session.game_id) == record

            reopened = GameSession.restore(store.games[session.game_id], saver=store)
            again = await hosting.start(state, reopened, [], record=record)
            assert again.room.code == first.room.code and again.phones == [1, 2]
            assert again.back(ben) == 1 and again.room.seats.free() == [2]
            assert again.guest_view(ben).view(1) == reopened.view(1)
            await hosting.stop(forget_it=True)  # the host's choice
            assert hosting.saved_record(store, session.game_id) is None

            third = await hosting.start(state, reopened, [1, 2])
            assert hosting.saved_record(store, session.game_id) is not None
            while not reopened.over:
                reopened.apply(reopened.legal()[0])
            assert hosting.saved_record(store, session.game_id) is None  # its code expired with it
            with pytest.raises(SeatError) as damaged:
                await hosting.start(state, GameSession.restore(store.games[session.game_id], saver=store),
                                    [], record={"code": "ABC234", "open": "x"})
            assert damaged.value.key == "record_bad" and hosting.current is None
            assert third.room.open is False
        finally:
            await hosting.stop()
            hosting.OPTIONS = kept

    asyncio.run(main())


def test_a_hosted_game_given_up_from_continue_is_hosted_no_more(tmp_path):
    """Resigning a hosted game on the host ends its hosting too: the phones' tables close, and
    opening it later does not put it on the network again."""
    from app.screens import continue_list
    from core.store import Store
    from tests.test_app_guide import stub_shell

    with Store.open(str(tmp_path / "host.db")) as store:
        ben = store.create_profile("Ben")
        seats_ = [Seat("bot", "Computer", None, "random"), Seat("human", "Ben", ben.id)]
        session = GameSession.start("kings-corner", seats_, seed=5, saver=store)
        shell = stub_shell(store)
        tasks = []
        shell.page.run_task = lambda work, *args: tasks.append(work(*args))
        shell.refresh = lambda: None
        kept = hosting.current
        try:
            hosting.current = Hosted(shell.state, Room(session, [1], code="ABC234"), None, "http://10.0.0.2:8551/")
            hosting.current.remember()
            assert hosting.saved_record(store, session.game_id) is not None
            [g] = store.unfinished_games()
            continue_list.confirm_resign(shell, g)  # Ben is the only person: nobody to choose
            [dialog] = shell.page.dialogs
            dialog.actions[1].on_click(None)
            for task in tasks:
                asyncio.run(task)
            assert hosting.current is None and hosting.saved_record(store, session.game_id) is None
            assert store.game_summary(session.game_id).resigned
        finally:
            hosting.current = kept
