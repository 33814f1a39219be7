"""The statistics, player, head-to-head and ratings screens without a browser.

The texts and verdicts come from ``records_model`` (tested directly); the screens
are built with a stub shell and read back as the texts they show.
"""

from __future__ import annotations

import time
from types import SimpleNamespace

import flet as ft
import pytest

from app.screens import records_model as rm
from app.screens import records_routes
from app.state import AppState
from core.store import Store
from tests.test_app_card import texts, walk

NOW = time.time()


@pytest.fixture
def store(tmp_path):
    s = Store.open(str(tmp_path / "app.db"))
    yield s
    s.close()


def seat(pid, kind="human", level=None, name=""):
    return {"kind": kind, "name": name, "profile_id": pid, "level": level}


def finish(store, game, seats, result, state=None, seed=1):
    return store.save_game({"id": None, "game": game, "options": {}, "seed": seed, "seats": seats,
                            "actions": ["x"], "state": state or {}, "over": True, "undos": 0,
                            "hints": 0, "result": result})


def stub_shell(store, lang="en"):
    state = AppState(store, lang)
    routes: list[str] = []

    def view(route, title_or_controls, controls=None, **kw):
        body = controls if controls is not None else title_or_controls
        title = title_or_controls if controls is not None else ""
        return ft.View(route=route, controls=[ft.Text(title), *body])

    shell = SimpleNamespace(state=state, t=state.t, lang=lang, wide=False, width=390,
                            navigate=routes.append, sub_view=view,
                            top_view=lambda route, controls, **kw: view(route, controls), routes=routes)
    return shell


@pytest.fixture
def seeded(store):
    anna = store.create_profile("Anna").id
    berta = store.create_profile("Berta").id
    hard = store.create_profile("Computer (hard)", "bot", "hard").id
    # Anna loses a Thronfolge game from seat 1, wins one from seat 0
    finish(store, "thronfolge", [seat(hard, "bot", "hard", "Computer (Schwer)"), seat(anna, name="Anna")],
           {"scores": [20, 3], "winners": [0], "reason": "score"})
    finish(store, "thronfolge", [seat(anna, name="Anna"), seat(berta, name="Berta")],
           {"scores": [3, 20], "winners": [0], "reason": "crowns"})
    finish(store, "deck-of-spies", [seat(anna, name="Anna")],
           {"scores": [12], "winners": [0], "face_cards": {"player": 12, "spies": 0}}, seed=4)
    return SimpleNamespace(anna=anna, berta=berta, hard=hard)


# --- the model -----------------------------------------------------------------------------


def test_a_rating_reads_as_one_number_with_a_narrow_space_for_thousands():
    assert rm.rating_text(1240, "de") == "1\u202f240"
    assert rm.rating_text(980, "en") == "980"
    assert rm.rating_text(None, "en") == "–"


def test_a_recent_game_speaks_for_the_listed_player_not_for_whoever_won():
    row = {"won": False, "result": {"winners": [0]}, "resigned": False}
    assert rm.verdict(row) == "lost"
    assert rm.verdict({**row, "won": True, "result": {"winners": [0, 1]}}) == "shared"
    assert rm.verdict({**row, "resigned": True}) == "resigned"


def test_only_deck_of_spies_names_a_game_by_its_deal_number():
    from app import i18n

    def tr(key, **kw):
        return i18n.t(key, "en", **kw)

    thr = {"game": "thronfolge", "game_id": 3, "seed": 99, "seat": 1,
           "seats": [seat(5, "bot", "hard", "Computer (Schwer)"), seat(1, name="Anna")]}
    assert rm.row_title(thr, tr) == "vs Computer (Hard)"
    spies = {"game": "deck-of-spies", "game_id": 3, "seed": 99, "seat": 0, "seats": [seat(1)]}
    assert rm.row_title(spies, tr).startswith("#") and rm.row_title(spies, tr) != "#3"


@pytest.mark.parametrize("game, own", [
    ("thronfolge", ["three_crowns", "crowns", "sets", "favours"]),
    ("deck-of-spies", ["perfect", "assisted", "hints", "undos"]),
    ("rosenkrieg", ["potentat", "potentat_won", "fenstersturz", "points"]),
    ("kings-corner", ["penalty", "rounds", "rounds_won", "cards_left"])])
def test_each_game_shows_its_own_tiles_after_the_common_ones(game, own):
    from app import i18n

    got = rm.tiles(game, dict(rm.EMPTY), lambda k, **kw: i18n.t(k, "en", **kw), "en")
    assert [x.icon for x in got] == ["current_streak", "best_streak", "best_score", "average_score",
                                     *own]


def test_rosenkrieg_shows_money_won_and_lost_per_currency_once_played_for_money():
    from app import i18n

    s = {**rm.EMPTY, "money": {"EUR": {"won": 120, "lost": 370}, "CHF": {"won": 50, "lost": 0}}}
    t = lambda k, **kw: i18n.t(k, "de", **kw)  # noqa: E731
    got = rm.tiles("rosenkrieg", s, t, "de")
    money = [(x.value, x.hint) for x in got if x.icon == "money"]
    assert money == [("+0,50\xa0CHF", "0,50\xa0CHF gewonnen · 0,00\xa0CHF verloren"),
                     ("−2,50\xa0€", "1,20\xa0€ gewonnen · 3,70\xa0€ verloren")]
    assert not [x for x in rm.tiles("rosenkrieg", dict(rm.EMPTY), t, "de") if x.icon == "money"]


# --- the screens ---------------------------------------------------------------------------


def test_thronfolge_statistics_show_a_lost_game_as_lost_and_no_deck_of_spies_tiles(store, seeded):
    shell = stub_shell(store)
    [_, view] = records_routes.views(shell, ["stats", "thronfolge", str(seeded.anna)])
    shown = texts(view)
    assert "Three crowns" in shown
    assert not {"Perfect games", "Hints used", "Assisted wins"} & set(shown)
    assert shown.count("Lost") == 1 and shown.count("Won") == 1
    assert "vs Computer (Hard)" in shown and not any(s.startswith("#") for s in shown)


def test_a_player_page_gathers_every_game_the_computer_levels_and_the_people(store, seeded):
    shell = stub_shell(store)
    views = records_routes.views(shell, ["players", str(seeded.anna)])
    assert [v.route for v in views] == ["/players", f"/players/{seeded.anna}"]
    shown = texts(views[-1])
    assert {"Thronfolge", "Deck of Spies", "AGAINST THE COMPUTER", "AGAINST OTHERS"} <= set(shown)
    ids = {c.identifier for c in walk(views[-1]) if isinstance(c, ft.Semantics)}
    assert {f"versus-{seeded.hard}", f"versus-{seeded.berta}", "rating-chart"} <= ids


def test_a_computer_level_has_a_page_of_its_own(store, seeded):
    shell = stub_shell(store)
    players = records_routes.views(shell, ["players"])[0]
    ids = {c.identifier for c in walk(players) if isinstance(c, ft.Semantics)}
    assert {f"player-{seeded.hard}", "stats-open-thronfolge", "stats-open-kings-corner",
            "stats-ratings", "stats-versus"} <= ids
    page = records_routes.views(shell, ["players", str(seeded.hard)])[-1]
    assert "Computer (Hard)" in texts(page)


def test_head_to_head_counts_the_games_two_players_had_together(store, seeded):
    shell = stub_shell(store)
    views = records_routes.views(shell, ["players", str(seeded.anna), "versus", str(seeded.berta)])
    assert [v.route for v in views][-1] == f"/players/{seeded.anna}/versus/{seeded.berta}"
    shown = texts(views[-1])
    assert "1 : 0" in shown and "1 W · 0 L" in shown


def test_the_ratings_screen_lists_the_rated_players_best_first(store, seeded):
    shell = stub_shell(store)
    shown = texts(records_routes.views(shell, ["ratings"])[-1])
    # Thronfolge: the computer beat Anna, who beat Berta
    assert shown.index("Computer (Hard)") < shown.index("Anna") < shown.index("Berta")


def test_an_unknown_player_route_shows_the_players(store):
    shell = stub_shell(store)
    assert [v.route for v in records_routes.views(shell, ["players", "x"])] == ["/players"]


def test_the_rating_chart_starts_at_the_newcomer_s_rating_only_from_the_first_game():
    history = [{"shown": 1040}, {"shown": 1010}]
    assert rm.chart_points(history) == [(0, 1000), (1, 1040), (2, 1010)]
    assert rm.chart_points(history, complete=False) == [(1, 1040), (2, 1010)]
    assert rm.chart_points([]) == []


def test_a_rating_says_what_it_means_and_why_it_moved_game_by_game(store, seeded):
    history = store.rating_history(seeded.anna, "thronfolge")
    # Anna lost to the computer, then beat Berta: each change is from the number before it.
    assert [h["won"] for h in history] == [False, True]
    assert history[0]["change"] == history[0]["shown"] - 1000 < 0
    assert history[1]["change"] == history[1]["shown"] - history[0]["shown"] > 0
    shell = stub_shell(store)
    page = records_routes.views(shell, ["players", str(seeded.anna)])[-1]
    rows = {c.identifier: c.label for c in walk(page) if isinstance(c, ft.Semantics)
            and str(c.identifier).startswith("rating-change-")}
    won, lost = (rm.rating_text(abs(h["change"]), "en") for h in reversed(history))
    newest, oldest = rows.values()  # newest first
    assert newest.endswith(f", won: +{won}, then {rm.rating_text(history[1]['shown'], 'en')}")
    assert oldest.endswith(f", not won: −{lost}, then {rm.rating_text(history[0]['shown'], 'en')}")
    shown = texts(page)
    assert "What the rating means" in shown and "Latest changes" in shown
    assert "What the rating means" in texts(records_routes.views(shell, ["ratings"])[-1])


def test_a_long_history_keeps_each_change_from_the_game_before_it(store):
    anna, bot = store.create_profile("Anna").id, store.create_profile("Computer (hard)", "bot", "hard").id
    for n in range(6):
        finish(store, "thronfolge", [seat(anna, name="Anna"), seat(bot, "bot", "hard")],
               {"scores": [20, 3] if n % 2 else [3, 20], "winners": [0 if n % 2 else 1],
                "reason": "score"}, seed=n)
    whole = store.rating_history(anna, "thronfolge")
    last = store.rating_history(anna, "thronfolge", limit=3)
    assert last == whole[-3:] and sum(h["change"] for h in whole) == whole[-1]["shown"] - 1000
