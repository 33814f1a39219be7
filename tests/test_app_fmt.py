"""Numbers, percentages, dates and relative times in German and English (Babel)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from app import fmt, i18n

NBSP = "\u00a0"


@pytest.mark.parametrize("lang, expected", [("de", ["0", "1", "2", "1.234", "1.234.567", "2,5"]),
                                            ("en", ["0", "1", "2", "1,234", "1,234,567", "2.5"])])
def test_numbers_use_the_languages_separators(lang, expected):
    assert [fmt.number(x, lang) for x in (0, 1, 2, 1234, 1234567, 2.5)] == expected


def test_percentages_follow_the_language():
    assert fmt.percent(0.959, "de", digits=1) == f"95,9{NBSP}%"
    assert fmt.percent(0.959, "en", digits=1) == "95.9%"
    assert fmt.percent(0.5, "de") == f"50{NBSP}%"
    assert fmt.percent(1, "en") == "100%"


def test_the_win_rate_shows_a_decimal_only_where_it_has_one():
    from app.screens.stats import win_rate_text

    assert [win_rate_text(r, "de") for r in (0, 0.5, 0.959, 1 / 3)] == \
        [f"0{NBSP}%", f"50{NBSP}%", f"95,9{NBSP}%", f"33,3{NBSP}%"]
    assert [win_rate_text(r, "en") for r in (0, 0.5, 0.959)] == ["0%", "50%", "95.9%"]


def test_dates_follow_the_language():
    d = date(2026, 3, 4)
    assert fmt.day(d, "de") == "04.03.2026"
    assert fmt.day(d, "en") == "Mar 4, 2026"
    assert fmt.day(datetime(2026, 3, 4, 12).timestamp(), "de") == "04.03.2026"
    assert fmt.day(None, "en") == ""


@pytest.mark.parametrize("lang, expected", [
    ("de", ["gerade eben", "vor 1 Minute", "vor 59 Minuten", "vor 2 Stunden", "gestern", "vor 3 Tagen"]),
    ("en", ["just now", "1 minute ago", "59 minutes ago", "2 hours ago", "yesterday", "3 days ago"]),
])
def test_relative_times_are_whole_units_with_plurals(lang, expected):
    now = 1_800_000_000.0

    def t(key, **kw):
        return i18n.t(key, lang, **kw)

    spans = [5, 60, 59 * 60 + 50, 2 * 3600 + 5, 30 * 3600, 3 * 86400 + 100]
    assert [fmt.ago(now - s, lang, t, now) for s in spans] == expected


def test_a_week_old_time_shows_the_date():
    now = datetime(2026, 3, 20, 12).timestamp()
    then = datetime(2026, 3, 4, 12).timestamp()
    assert fmt.ago(then, "de", lambda k, **kw: i18n.t(k, "de", **kw), now) == "04.03.2026"
    assert fmt.ago(None, "de", lambda k, **kw: k, now) == ""


@pytest.mark.parametrize("n, de, en", [(0, "other", "other"), (1, "one", "one"), (2, "other", "other"),
                                       (1234, "other", "other"), (1.5, "other", "other")])
def test_plural_categories_come_from_cldr(n, de, en):
    assert (fmt.plural_category("de", n), fmt.plural_category("en", n)) == (de, en)


def test_an_unknown_language_formats_as_english():
    assert fmt.number(1234, "xx") == "1,234"
    assert i18n.t("continue.moves", "fr", n=1) == "1 move"


def test_computer_seats_are_named_in_the_language_of_the_moment():
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "bot", "name": "Computer (Schwer)", "level": "hard"}]

    def t_en(key, **kw):
        return i18n.t(key, "en", **kw)

    assert fmt.seat_names(seats, t_en) == ["Anna", "Computer (Hard)"]
