"""UI strings: both languages complete, placeholders consistent, every key used exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

from app import i18n

APP = Path(__file__).resolve().parents[1] / "app"


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_german_and_english_have_the_same_keys():
    assert set(i18n.DE) == set(i18n.EN)


def test_translations_use_the_same_placeholders():
    for key in i18n.DE:
        assert placeholders(i18n.DE[key]) == placeholders(i18n.EN[key]), key


def test_no_text_is_empty():
    assert all(v.strip() for table in (i18n.DE, i18n.EN) for v in table.values())


def test_every_literal_key_in_the_app_exists():
    import importlib
    import pkgutil

    import app.screens
    import app.tables

    # Table and screen modules add their own strings when imported (i18n.extend).
    for pkg in (app.tables, app.screens):
        for mod in pkgutil.iter_modules(pkg.__path__):
            importlib.import_module(f"{pkg.__name__}.{mod.name}")
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


def test_home_tiles_use_a_short_name_only_where_one_is_given():
    from app import catalog

    for lang in ("de", "en"):
        def t(key, **kw):
            return i18n.t(key, lang, **kw)
        assert catalog.tile_title("kings-corner", t, lang) == "Kings Corner"
        assert catalog.title("kings-corner", t, lang) == "Kings in the Corner"
        assert catalog.tile_title("thronfolge", t, lang) == catalog.title("thronfolge", t, lang) == "Thronfolge"
