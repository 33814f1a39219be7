"""Money is whole cents of a current currency; stakes turn points into money; amounts per language."""

from decimal import Decimal

import pytest

from core.ledger import (LedgerError, Money, cent_digits, check_currency, check_stake,
                         currencies, format_money, parse_money, plain_amount, points_to_money)


def test_an_amount_defaults_to_euro_and_adds_up_exactly_in_cents():
    assert Money(1250) == Money(1250, "EUR")
    assert Money(10) + Money(20) == Money(30)
    assert Money(10) - Money(25) == Money(-15)
    assert -Money(5) == Money(-5)
    assert Money(1250).decimal == Decimal("12.50")


@pytest.mark.parametrize("cents", [1.5, 12.0, "12", True, None])
def test_money_is_never_a_float_or_anything_but_whole_cents(cents):
    with pytest.raises(LedgerError) as caught:
        Money(cents)
    assert caught.value.key == "amount_invalid"


def test_amounts_of_two_currencies_do_not_add():
    with pytest.raises(LedgerError) as caught:
        Money(1, "EUR") + Money(1, "CHF")
    assert caught.value.key == "currency_mismatch"


@pytest.mark.parametrize("code", ["EUR", "CHF", "GBP", "USD", "JPY", "SEK", "chf", " eur "])
def test_current_currencies_are_accepted_and_written_in_capitals(code):
    assert check_currency(code) == code.strip().upper()


@pytest.mark.parametrize("code", ["DEM", "ATS", "XAU", "XXX", "EURO", "", None, 978])
def test_historical_metal_test_and_made_up_codes_are_refused(code):
    with pytest.raises(LedgerError) as caught:
        check_currency(code)
    assert caught.value.key == "currency_unknown"


def test_the_accepted_currencies_are_those_babel_lists_as_legal_tender_today():
    assert {"EUR", "CHF", "GBP", "USD", "JPY"} <= currencies()
    assert not {"DEM", "FRF", "XAU", "XTS"} & currencies()
    assert len(currencies()) > 100


def test_one_cent_is_the_minor_unit_of_its_currency():
    assert (cent_digits("EUR"), cent_digits("JPY"), cent_digits("KWD")) == (2, 0, 3)
    assert Money(1250, "JPY").decimal == Decimal(1250)


def test_points_times_the_stake_per_point_give_money():
    assert points_to_money(3, 50) == Money(150)
    assert points_to_money(-12, 20, "CHF") == Money(-240, "CHF")
    assert points_to_money(7, 0) == Money(0)


@pytest.mark.parametrize("stake", [-1, 0.5, 10.0, "10", None, False])
def test_a_negative_or_fractional_stake_is_refused(stake):
    with pytest.raises(LedgerError) as caught:
        check_stake(stake)
    assert caught.value.key == "stake_invalid"
    with pytest.raises(LedgerError):
        points_to_money(3, stake)


def test_points_that_are_not_whole_are_refused():
    with pytest.raises(LedgerError) as caught:
        points_to_money(1.5, 10)
    assert caught.value.key == "points_invalid"


@pytest.mark.parametrize("money, lang, text", [
    (Money(1250), "de", "12,50\xa0€"), (Money(1250), "en", "€12.50"),
    (Money(-1250), "de", "-12,50\xa0€"), (Money(123456), "de", "1.234,56\xa0€"),
    (Money(123456), "en", "€1,234.56"), (Money(5), "en", "€0.05"),
    (Money(1250, "CHF"), "de", "12,50\xa0CHF"), (Money(1250, "JPY"), "en", "¥1,250"),
    (Money(1250), "xx", "€12.50")])
def test_amounts_are_written_as_the_language_writes_them(money, lang, text):
    assert format_money(money, lang) == text
    assert money.format(lang) == text


@pytest.mark.parametrize("text, lang, cents", [
    ("12,50", "de", 1250), ("12.50", "en", 1250), ("1.234,5", "de", 123450),
    ("0,05", "de", 5), ("3", "en", 300), (" 7,1 ", "de", 710)])
def test_typed_amounts_are_read_in_the_language_as_whole_cents(text, lang, cents):
    assert parse_money(text, "EUR", lang) == Money(cents)


@pytest.mark.parametrize("text, lang", [
    ("1.5", "de"), ("1,555", "de"), ("-2", "en"), ("", "en"), ("abc", "en"), (None, "de"),
    ("1.5", "en-JPY")])
def test_an_unreadable_or_negative_typed_amount_is_refused(text, lang):
    with pytest.raises(LedgerError) as caught:
        parse_money(text, "EUR" if lang != "en-JPY" else "JPY", lang)
    assert caught.value.key == "amount_unreadable"


@pytest.mark.parametrize("money, lang, text", [
    (Money(1250), "de", "12,50"), (Money(123456), "en", "1234.56"), (Money(5), "de", "0,05"),
    (Money(1250, "JPY"), "en", "1250"), (Money(1250, "KWD"), "de", "1,250")])
def test_an_amount_is_prefilled_as_one_would_type_it(money, lang, text):
    assert plain_amount(money, lang) == text
    assert parse_money(text, money.currency, lang) == money
