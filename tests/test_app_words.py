"""Words a player reads: English all English, German all German, one name per thing, no game
announced as unfinished.

Every text of the app counts: the UI strings (``app.i18n`` with every table's and screen's own
strings), the engines' option labels and help, the replay's phrases and the rules texts.
Proper names stay as they are in both languages (Hofstaat, Thronfolge, Rosenkrieg, Deck of
Spies, Kings in the Corner); Rosenkrieg's own terms have English ones (the legacy, humbled,
whitewashed, a defenestration), used the same in the rules, at the table, on its sheets and in
the statistics.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import app.screens
import app.tables
from app import catalog, i18n
from core import replay_words
from core.games import registry

APP = Path(__file__).resolve().parents[1] / "app"

# German words that have no business in an English text (whole words, case as written).
GERMAN_ONLY = (
    # Rosenkrieg's own terms and the words around them
    "Erbe", "Erbes", "sanglos", "klanglos", "sang", "Fenstersturz", "Fensterstürze", "Potentat", "Potentaten",
    "Partie", "Partien", "Zähler", "Trumpf", "Trümpfe", "Trumpfzwang", "Stich", "Stiche", "Herausforderer",
    "Dynastie", "Hof", "Geber", "Löwen", "Türme", "Bäume", "Rosen",
    # the other games'
    "Talon", "Ohne", "Ziehen", "Runde", "Runden", "Reihe", "Anhänger", "Gunst", "Verrat", "Kronen",
    "Spion", "Spione", "Spionen", "König", "Könige", "Dame", "Bube", "Ass", "Karte", "Karten",
    # everyday words of the app
    "Zug", "Züge", "Spieler", "Sieg", "Siege", "Punkte", "Schulden", "Mensch", "Leicht", "Schwer", "Zufall",
    "und", "oder", "nicht", "mit", "für", "ist", "eine", "einen", "auf", "wird", "noch", "der", "das",
)
# English words of the games' terms that have no business in a German text.
ENGLISH_ONLY = ("legacy", "humbled", "whitewashed", "Potentate", "challengers", "trick", "tricks",
                "Defenestration", "Must trump", "card points", "penalty points", "supporters", "stock",
                "the", "and", "with", "your", "you", "win", "points", "start", "end", "penalty", "face")
# Left out of the scan: names, and the placeholders a text is filled in by ("{points}").
PROPER_NAMES = re.compile(r"Hofstaat|Thronfolge|Rosenkrieg|Deck of Spies|Kings in the Corner|District Noir|Herzblatt"
                          r"|\{[a-z_]*\}")
GERMAN_RE = re.compile(r"\b(" + "|".join(GERMAN_ONLY) + r")\b|[äöüßÄÖÜ]")
ENGLISH_RE = re.compile(r"\b(" + "|".join(ENGLISH_ONLY) + r")\b")


@pytest.fixture(scope="module", autouse=True)
def every_module_registered():
    """Table and screen modules add their own strings when imported (i18n.extend)."""
    for pkg in (app.tables, app.screens):
        for mod in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(mod.name)


def texts(lang: str) -> list[tuple[str, str]]:
    """(where, text) for every text a player may read in ``lang``."""
    out = [(f"i18n {key}", form) for key, entry in i18n.STRINGS[lang].items() for form in i18n.forms_of(entry)]
    for game in registry.all_games():
        info = game.info
        out += [(f"{info.name} title", info.title.get(lang, "")), (f"{info.name} tagline", info.tagline.get(lang, ""))]
        for spec in info.options:
            out += [(f"{info.name} option {spec.key}", spec.label.get(lang, "")),
                    (f"{info.name} option {spec.key} help", spec.help.get(lang, ""))]
    index = 0 if lang == "de" else 1
    for game, phrases in replay_words._PHRASES.items():
        out += [(f"replay {game} {verb}", pair[index]) for verb, pair in phrases.items()]
    out += [(f"replay place {k}", v) for k, v in replay_words._PLACES[lang].items()]
    for path in sorted((APP / "rules_text").glob(f"*.{lang}.md")):
        out += [(f"{path.name}:{n}", line) for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)]
    return out


def test_no_english_text_uses_a_german_word():
    offenders = [(where, text) for where, text in texts("en") if GERMAN_RE.search(PROPER_NAMES.sub("", text))]
    assert offenders == []


def test_no_german_text_uses_an_english_word_of_the_games():
    offenders = [(where, text) for where, text in texts("de") if ENGLISH_RE.search(PROPER_NAMES.sub("", text))]
    assert offenders == []


def test_every_english_text_has_a_german_one_and_back():
    """The UI strings share their keys (``test_app_i18n``); the engines' words, the replay's
    phrases and the rules come in both languages too."""
    for game in registry.all_games():
        info = game.info
        assert set(info.title) >= {"de", "en"} and set(info.tagline) >= {"de", "en"}, info.name
        for spec in info.options:
            assert set(spec.label) == {"de", "en"} and set(spec.help) == {"de", "en"}, (info.name, spec.key)
    for game, phrases in replay_words._PHRASES.items():
        assert all(de and en for de, en in phrases.values()), game
    assert replay_words._PLACES["de"].keys() == replay_words._PLACES["en"].keys()
    de = {p.name.split(".")[0] for p in (APP / "rules_text").glob("*.de.md")}
    en = {p.name.split(".")[0] for p in (APP / "rules_text").glob("*.en.md")}
    assert de == en == {name for name, _, _ in catalog._GAMES}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_rules_text_announces_a_game_as_unfinished(lang):
    """The rules screen and the rules sheet at the table both show ``rules_markdown``."""
    from app.screens.rules import rules_markdown

    unfinished = re.compile(r"still being built|what is coming|not finished|coming soon|"
                            r"noch in Arbeit|was euch erwartet|nicht fertig|demnächst", re.IGNORECASE)
    for name, _, _ in catalog._GAMES:
        text = rules_markdown(name, lang)
        assert text and not unfinished.search(text), name
        assert text.lstrip().startswith("## "), name  # straight into the rules, no note above them


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_game_has_one_name(lang):
    """Kings in the Corner is never "Kings Corner"; the King of Lions never "the Lion King"."""
    every = " ".join(text for _, text in texts(lang))
    assert "Kings Corner" not in every
    assert "Lion King" not in every and "Löwenkönig" not in every
    assert not [k for k in i18n.STRINGS[lang] if k.startswith("game.") and k.endswith(".tile")]


@pytest.mark.parametrize("wide", [False, True])
def test_the_home_tiles_name_each_game_as_everywhere_else(wide):
    """The tile has room for the whole name: on a phone it takes two lines, the same for every
    tile so that a row lines up."""
    import flet as ft

    from app.screens import home
    from tests.test_app_card import walk
    from tests.test_app_guide import ProfileStore, stub_shell

    shell = stub_shell(ProfileStore(), wide=wide)
    shell.width = shell.page.width
    shown = {c.value: c for c in walk(ft.Column(home.games_section(shell))) if isinstance(c, ft.Text)}
    for name, _, _ in catalog._GAMES:
        title = catalog.title(name, shell.t, "de")
        assert title in shown, title
        lines = shown[title].max_lines
        assert lines == (1 if wide else 2)
        assert all(shown[catalog.title(n, shell.t, "de")].max_lines == lines for n, _, _ in catalog._GAMES)


RK_TERMS = {"en": ("legacy", "humbled", "whitewashed", "Defenestration", "King of Lions"),
            "de": ("Erbe", "sanglos", "sang- und klanglos", "Fenstersturz", "König der Löwen")}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_rosenkrieg_terms_are_the_same_in_the_rules_at_the_table_and_in_the_statistics(lang):
    from app.screens.rules import rules_markdown

    rules = rules_markdown("rosenkrieg", lang)
    table = " ".join(f for k, v in i18n.STRINGS[lang].items() if k.startswith("rk.") for f in i18n.forms_of(v))
    stats = " ".join(f for k, v in i18n.STRINGS[lang].items() if k.startswith("rec.") for f in i18n.forms_of(v))
    for term in RK_TERMS[lang]:
        assert term.casefold() in rules.casefold(), term
        assert term.casefold() in table.casefold(), term
    assert RK_TERMS[lang][3][:9].casefold() in stats.casefold()  # "Defenestrations" / "Fensterstürze"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_computer_has_one_name_in_every_chip_line_and_sheet_of_a_table(lang):
    """Four computers at one Kings table: "Computer 1" … "Computer 4" on their chips, in the turn
    pill, in the line that tells their moves and in the replay, as at the Rosenkrieg table; never
    a level alone ("Normal 1") beside a longer name ("Computer (Normal) 1")."""
    import random

    from core.session import GameSession, Seat
    from tests.test_app_kings_corner_table import make_table
    from tests.test_app_thronfolge_table import texts_and_labels

    seats = [Seat(kind="human", name="Ann")] + [Seat(kind="bot", name="Computer", level=lv)
                                                 for lv in ("normal", "normal", "normal", "hard")]
    session = GameSession.start("kings-corner", seats, seed=5)
    table = make_table(session, lang=lang)
    names = [table.name(i) for i in range(5)]
    assert names == ["Ann", "Computer 1", "Computer 2", "Computer 3", "Computer 4"]
    rng, seen = random.Random(5), set()
    session.apply("draw")
    session.apply("end")
    while session.bot_to_move and not session.over:
        table.redraw(session.apply(session.bot_action(rng)))
        seen.update(texts_and_labels(table.root))
    levels = "|".join(i18n.t(f"level.{lv}", lang) for lv in ("easy", "normal", "hard"))
    wrong = re.compile(rf"(^|\s)({levels}) \d|\(({levels})\) \d|^({levels})\b")
    assert [text for text in seen if wrong.search(text)] == []
    assert {"Computer 1", "Computer 4"} <= seen  # the chips
    assert any(re.match(r"Computer \d\b", text) and len(text) > 12 for text in seen)  # a move told by name
