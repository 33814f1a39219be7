"""The card widget, built without a page: accessible names, hidden cards, sizes, pictures."""

from __future__ import annotations

import dataclasses

import flet as ft
import pytest

from app.widgets import card as cw


def walk(control):
    """Every control below (and including) ``control``."""
    seen = []

    def visit(value):
        if isinstance(value, ft.BaseControl):
            seen.append(value)
            for f in dataclasses.fields(value):
                if not f.name.startswith("_") and f.name != "parent":
                    visit(getattr(value, f.name, None))
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)

    visit(control)
    return seen


def texts(control) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text)]


def images(control) -> list[str]:
    return [c.src for c in walk(control) if isinstance(c, ft.Image)]


@pytest.mark.parametrize("code, lang, name", [("TS", "de", "Pik Zehn"), ("TS", "en", "Ten of Spades"),
                                              ("QH", "de", "Herz Dame"), ("KL", "de", "Löwen-König")])
def test_a_card_is_named_for_screen_readers(code, lang, name):
    view = cw.card_view(code, lang, on_tap=lambda c: None)
    assert isinstance(view, ft.Semantics)
    assert view.label == name
    assert view.button is True
    assert view.identifier == f"card-{code}"


def test_a_card_without_a_tap_handler_is_not_announced_as_a_button():
    assert not cw.card_view("TS", "en").button


@pytest.mark.parametrize("lang, name", [("de", "Verdeckte Karte"), ("en", "Hidden card")])
def test_a_hidden_card_shows_only_a_back(lang, name):
    view = cw.card_view("??", lang, "large", "crimson", on_tap=lambda c: None)
    assert view.label == name
    assert view.identifier is None  # no face, not even in a test id
    assert texts(view) == []
    assert images(view) == ["backs/crimson.svg"]


def test_a_face_shows_rank_and_suit_from_the_shipped_pictures():
    view = cw.card_view("TS", "de", "small")
    assert "10" in texts(view)
    assert set(images(view)) == {"suits/S.svg"}
    assert "B" in texts(cw.card_view("JH", "de")) and "J" in texts(cw.card_view("JH", "en"))


def test_selected_highlighted_and_disabled_looks_differ():
    plain = walk(cw.card_view("AH", "en"))[1]
    selected = walk(cw.card_view("AH", "en", selected=True))[1]
    disabled = walk(cw.card_view("AH", "en", disabled=True, on_tap=lambda c: None))[1]
    glowing = walk(cw.card_view("AH", "en", highlighted=True))[1]
    assert selected.offset != plain.offset and selected.border != plain.border
    assert disabled.opacity < plain.opacity and disabled.on_click is None
    assert len(glowing.shadow) > len(plain.shadow)


def test_a_tap_reports_the_card():
    tapped = []
    face = walk(cw.card_view("7C", "en", on_tap=tapped.append))[1]
    face.on_click(None)
    assert tapped == ["7C"]


def test_a_bad_code_fails_loudly():
    with pytest.raises(ValueError):
        cw.card_view("XX", "en")


@pytest.mark.parametrize("width, size", [(360, "small"), (390, "small"), (768, "medium"), (1024, "large")])
def test_card_size_follows_the_screen_width(width, size):
    assert cw.size_for_width(width) == size


def test_every_size_is_a_comfortable_touch_target():
    assert all(s.width >= 48 and s.height >= 48 for s in cw.SIZES.values())
    # five small cards and their gaps fit a 360 px phone with 16 px margins
    assert 5 * cw.SIZES["small"].width + 4 * 6 <= 360 - 2 * 16


def test_every_suit_and_back_has_a_picture_in_assets():
    from app.main import ASSETS_DIR
    from pathlib import Path

    for suit in "SHDCLTBR":
        assert (Path(ASSETS_DIR) / cw.suit_asset(suit)).is_file()
    for design in cw.BACKS:
        assert (Path(ASSETS_DIR) / cw.back_asset(design)).is_file()
