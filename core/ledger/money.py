"""Money as whole cents of a currency, stakes per point, and amounts read and written per language.

An amount is an integer count of the currency's minor unit, called cents here:
1/100 euro, 1/100 franc; for the few currencies without (or with a thousandth)
minor unit it is the yen or forint (or the fils) itself, as CLDR's digits say.
Floats never hold money.

Which currencies: the ISO 4217 codes that Babel's CLDR data (Babel 2.19.0, pinned)
lists as legal tender in some territory today, without an end date: 153 codes,
EUR, CHF, GBP, USD, JPY … among them. Historical codes (DEM, ATS), metals and
test codes (XAU, XXX) are refused. Babel's data rather than a list of our own,
because its data also formats every one of them; a list of our own would have
to be kept in step with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.numbers import (NumberFormatError, format_currency, format_decimal,
                           get_currency_precision, parse_decimal)

from core.ledger.errors import LedgerError

DEFAULT_CURRENCY = "EUR"
FALLBACK_LANGUAGE = "en"
# Bounds in minor units, far above any game among friends and far below where sums could
# overflow a database integer: one amount (a payment or correction) at most 1,000,000.00,
# a stake per point at most 1,000.00 (a dynasty's points stay in the hundreds).
MAX_CENTS = 100_000_000
MAX_STAKE_CENTS = 100_000


@lru_cache(maxsize=1)
def currencies() -> frozenset[str]:
    """The currency codes accepted: legal tender somewhere today, according to CLDR."""
    found = set()
    for entries in get_global("territory_currencies").values():
        for code, _start, end, tender in entries:
            if tender and end is None:
                found.add(code)
    return frozenset(found)


def check_currency(code: Any) -> str:
    """A currency code, upper-cased, that the ledger accepts.

    :raises LedgerError: when it is not a current ISO 4217 code Babel knows.
    """
    clean = code.strip().upper() if isinstance(code, str) else None
    if clean not in currencies():
        raise LedgerError(f"{code!r} is not a currency code in use (ISO 4217, such as EUR, "
                          "CHF, GBP or USD)", "currency_unknown", currency=code)
    return clean


@lru_cache(maxsize=None)
def cent_digits(currency: str) -> int:
    """How many decimal places one cent is in ``currency``: 2 for EUR, 0 for JPY, 3 for KWD."""
    return get_currency_precision(check_currency(currency))


def is_whole(value: Any) -> bool:
    """Whether a value is a whole number (a bool is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_cents(value: Any, what: str = "an amount", *, zero: bool = False) -> int:
    """A positive whole number of cents (or zero when ``zero``), at most ``MAX_CENTS``.

    :raises LedgerError: for floats, bools, text, negatives, zero unless allowed, or too much.
    """
    lowest = 0 if zero else 1
    if not is_whole(value) or value < lowest:
        need = "at least 0" if zero else "more than 0"
        raise LedgerError(f"{what} must be a whole number of cents, {need}, not {value!r}"[:300],
                          "amount_invalid", amount=value)
    if value > MAX_CENTS:
        raise LedgerError(f"{what} may be at most {MAX_CENTS} cents, not {value}"[:300],
                          "amount_too_large", amount=value, most=MAX_CENTS)
    return value


@dataclass(frozen=True, order=True)
class Money:
    """An amount in whole cents of one currency; negative amounts are debts."""

    cents: int
    currency: str = DEFAULT_CURRENCY

    def __post_init__(self) -> None:
        if not is_whole(self.cents):
            raise LedgerError(f"money is whole cents, not {self.cents!r}", "amount_invalid",
                              amount=self.cents)
        object.__setattr__(self, "currency", check_currency(self.currency))

    def __add__(self, other: Money) -> Money:
        return Money(self.cents + self._same(other).cents, self.currency)

    def __sub__(self, other: Money) -> Money:
        return Money(self.cents - self._same(other).cents, self.currency)

    def __neg__(self) -> Money:
        return Money(-self.cents, self.currency)

    def __bool__(self) -> bool:
        return self.cents != 0

    @property
    def decimal(self) -> Decimal:
        """The amount in whole currency units, exactly: ``Decimal("12.50")`` for 1250 cents."""
        return Decimal(self.cents).scaleb(-cent_digits(self.currency))

    def format(self, lang: str) -> str:
        """The amount as ``lang`` writes it: ``12,50 €`` (de), ``€12.50`` (en)."""
        return format_money(self, lang)

    def _same(self, other: Money) -> Money:
        if not isinstance(other, Money) or other.currency != self.currency:
            raise LedgerError(f"cannot add {other!r} to an amount in {self.currency}",
                              "currency_mismatch", currency=self.currency)
        return other


def check_stake(stake_cents: Any) -> int:
    """A stake per point: a whole number of cents, zero (playing for honour) up to
    ``MAX_STAKE_CENTS``.

    :raises LedgerError: for negative, fractional, non-numeric or too large stakes.
    """
    if not is_whole(stake_cents) or stake_cents < 0:
        raise LedgerError(f"the stake per point must be a whole number of cents, at least 0, "
                          f"not {stake_cents!r}"[:300], "stake_invalid", stake=stake_cents)
    if stake_cents > MAX_STAKE_CENTS:
        raise LedgerError(f"the stake per point may be at most {MAX_STAKE_CENTS} cents, not "
                          f"{stake_cents}"[:300], "stake_too_large", stake=stake_cents,
                          most=MAX_STAKE_CENTS)
    return stake_cents


def points_to_money(points: Any, stake_cents: Any, currency: str = DEFAULT_CURRENCY) -> Money:
    """What ``points`` are worth at ``stake_cents`` per point: 3 points at 50 cents = 1,50 €.

    :raises LedgerError: for points that are not whole, a bad stake or an unknown currency.
    """
    if not is_whole(points):
        raise LedgerError(f"points must be a whole number, not {points!r}", "points_invalid",
                          points=points)
    return Money(points * check_stake(stake_cents), currency)


@lru_cache(maxsize=None)
def locale_of(lang: str) -> Locale:
    """Babel's locale for a language code such as ``de`` or ``en-GB``; unknown codes read as English."""
    try:
        return Locale.parse(str(lang).replace("-", "_"))
    except (ValueError, TypeError, LookupError, UnknownLocaleError):
        return Locale.parse(FALLBACK_LANGUAGE)


def format_money(money: Money, lang: str) -> str:
    """An amount as ``lang`` writes it, with the currency's sign: ``12,50 €`` / ``€12.50``."""
    return format_currency(money.decimal, money.currency, locale=locale_of(lang))


def plain_amount(money: Money, lang: str) -> str:
    """An amount as one types it in ``lang``, without sign or grouping: ``2,50`` / ``2.50``."""
    digits = cent_digits(money.currency)
    pattern = "0." + "0" * digits if digits else "0"
    return format_decimal(money.decimal, format=pattern, locale=locale_of(lang))


def parse_money(text: Any, currency: str, lang: str) -> Money:
    """An amount typed in ``lang`` ("12,50" in German, "12.50" in English) as whole cents.

    Negative amounts are refused; so are more decimals than the currency has cents.

    :raises LedgerError: when the text is no amount of ``currency``.
    """
    code = check_currency(currency)
    digits = cent_digits(code)

    def bad(why: str) -> LedgerError:
        return LedgerError(f"{text!r} is not an amount of {code}: {why}", "amount_unreadable",
                           text=text, currency=code)

    if not isinstance(text, str) or not text.strip():
        raise bad("it is empty")
    try:
        value = parse_decimal(text.strip(), locale=locale_of(lang), strict=True)
    except (NumberFormatError, InvalidOperation) as exc:
        raise bad(str(exc)) from None
    if not value.is_finite() or value < 0:
        raise bad("it must be a number of at least 0")
    cents = value.scaleb(digits)
    if cents != cents.to_integral_value():
        raise bad(f"{code} has {digits} decimal places")
    return Money(int(cents), code)
