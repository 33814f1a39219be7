"""UI strings: both languages complete, placeholders consistent, every key used exists."""

from __future__ import annotations

import importlib
import pkgutil
import re
import string
from pathlib import Path

import pytest

import app.screens
import app.tables
from app import fmt, i18n

APP = Path(__file__).resolve().parents[1] / "app"


@pytest.fixture(scope="module", autouse=True)
def every_module_registered():
    """Table and screen modules add their own strings when imported (i18n.extend)."""
    for pkg in (app.tables, app.screens):
        for mod in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"{pkg.__name__}.{mod.name}")


def placeholders(entry: i18n.Text) -> set[str]:
    return {name for text in i18n.forms_of(entry) for _, name, _, _ in string.Formatter().parse(text) if name}


def test_german_and_english_have_the_same_keys():
    assert set(i18n.DE) - set(i18n.EN) == set() and set(i18n.EN) - set(i18n.DE) == set()


def test_no_key_lacks_a_translation_in_either_language():
    untranslated = [(lang, k) for lang, table in i18n.STRINGS.items() for k in set(i18n.EN) | set(i18n.DE)
                    if k not in table or not all(f.strip() for f in i18n.forms_of(table[k]))]
    assert untranslated == []


def test_translations_use_the_same_placeholders():
    for key in i18n.DE:
        assert placeholders(i18n.DE[key]) == placeholders(i18n.EN[key]), key


def test_no_text_is_empty():
    assert all(f.strip() for table in (i18n.DE, i18n.EN) for v in table.values() for f in i18n.forms_of(v))


def test_every_plural_entry_has_each_form_its_language_needs():
    for lang, table in i18n.STRINGS.items():
        needed = set(fmt.locale(lang).plural_form.tags) | {"other"}
        for key, entry in table.items():
            if isinstance(entry, dict):
                assert needed <= set(entry), (lang, key)
                assert set(entry) <= {"zero", "one", "two", "few", "many", "other"}, (lang, key)


def test_a_count_shown_with_a_fixed_plural_noun_is_a_plural_entry():
    # "{n} Karten", "{n} moves": a count right before a plural noun needs the one/other forms.
    fixed = re.compile(r"\{n\} (Karten|Züge|Spieler|Partien|Siege|Punkte|Bildkarten|cards|moves|players|"
                       r"games|wins|points|face cards|supporters)\b")
    offenders = [(lang, k) for lang, table in i18n.STRINGS.items() for k, v in table.items()
                 if isinstance(v, str) and fixed.search(v)]
    assert offenders == []


def test_every_literal_key_in_the_app_exists():
    used = set()
    for path in APP.rglob("*.py"):
        used |= set(re.findall(r"""\bt\(\s*["']([a-z][a-z0-9_\-.]*[a-z0-9])["']""", path.read_text()))
    missing = sorted(k for k in used if k not in i18n.EN)
    assert missing == []


def test_levels_speeds_themes_and_backs_are_translated():
    from app.state import CARD_BACKS, SPEEDS, THEMES
    from core.bots import LEVELS

    keys = ([f"level.{x}" for x in LEVELS] + [f"speed.{x}" for x in SPEEDS]
            + [f"theme.{x}" for x in THEMES] + [f"back.{x}" for x in CARD_BACKS])
    assert [k for k in keys if k not in i18n.EN] == []


@pytest.mark.parametrize("lang, expected", [
    ("de", ["0 Züge", "1 Zug", "2 Züge", "1.234 Züge"]),
    ("en", ["0 moves", "1 move", "2 moves", "1,234 moves"]),
])
def test_a_count_picks_the_plural_form_of_its_language(lang, expected):
    assert [i18n.t("continue.moves", lang, n=n) for n in (0, 1, 2, 1234)] == expected


@pytest.mark.parametrize("lang, expected", [
    ("de", ["0 Partien · 0 Siege", "1 Partie · 1 Sieg", "2 Partien · 1 Sieg", "1.234 Partien · 2 Siege"]),
    ("en", ["0 games · 0 wins", "1 game · 1 win", "2 games · 1 win", "1,234 games · 2 wins"]),
])
def test_two_counts_in_one_line_each_take_their_own_form(lang, expected):
    pairs = [(0, 0), (1, 1), (2, 1), (1234, 2)]
    assert [f"{i18n.t('players.games', lang, n=g)} · {i18n.t('players.wins', lang, n=w)}"
            for g, w in pairs] == expected


def test_table_strings_with_counts_take_the_plural_form():
    assert i18n.t("tf.score_label", "de", name="Anna", n=1) == "Anna: 1 Punkt"
    assert i18n.t("tf.score_label", "en", name="Anna", n=-1) == "Anna: -1 point"
    assert i18n.t("tf.score_label", "en", name="Anna", n=12) == "Anna: 12 points"
    assert i18n.t("spies.pile.a11y", "de", pile="Ablage", n=1) == "Ablage: 1 Karte"
    assert i18n.t("spies.pile.a11y", "en", pile="Discard", n=0) == "Discard: 0 cards"
    assert i18n.t("tf.threat", "en", name="Bea", n=1, other="+2", me="-1") == \
        "Then Bea could take this card (+2) – for you -1."


def test_a_plural_entry_without_a_count_shows_its_other_form():
    assert i18n.t("count.cards", "de") == "{n} Karten"
    assert i18n.plural({"one": "a", "other": "b"}, "en", None) == "b"


def test_a_count_given_as_text_still_picks_the_form():
    assert i18n.t("count.cards", "en", n="1") == "1 card"


def test_lookup_fills_placeholders_and_falls_back():
    assert i18n.t("players.exact", "de", n=2) == "2 Spieler"
    assert i18n.t("players.exact", "fr", n=2) == "2 players"
    assert i18n.t("no.such.key", "de") == "no.such.key"
    assert i18n.t("no.such.key", "de", _default="") == ""


def test_rules_exist_for_every_game_in_both_languages():
    from app.catalog import _GAMES

    for name, _, _ in _GAMES:
        for lang in ("de", "en"):
            text = (APP / "rules_text" / f"{name}.{lang}.md").read_text(encoding="utf-8")
            assert text.count("## ") >= 4, (name, lang)

