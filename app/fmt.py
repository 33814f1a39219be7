"""Numbers, percentages, dates, relative times and plural categories per UI language (Babel/CLDR).

Every count, rate and date the app shows goes through here, so German reads
"1.234", "95,9 %" and "04.03.2026" and English "1,234", "95.9%" and "Mar 4, 2026".
"""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache
from typing import Any, Callable

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_timedelta
from babel.numbers import format_decimal, parse_pattern

FALLBACK = "en"


@lru_cache(maxsize=None)
def locale(lang: str) -> Locale:
    """Babel's locale for a UI language code; unknown codes read as English."""
    try:
        return Locale.parse(str(lang).replace("-", "_"))
    except (ValueError, TypeError, LookupError, UnknownLocaleError):
        return Locale.parse(FALLBACK)


def plural_category(lang: str, n: Any) -> str:
    """The CLDR plural category (``one``, ``other`` …) of the count ``n`` in ``lang``."""
    count = as_number(n)
    if count is None:
        return "other"
    return locale(lang).plural_form(abs(count))


def as_number(value: Any) -> int | float | None:
    """``value`` as a number if it is one (or a string of one), else None; booleans are no counts."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        try:
            return int(value) if value.strip().lstrip("-").isdigit() else float(value)
        except ValueError:
            return None
    return None


def number(value: int | float, lang: str) -> str:
    """A count or measure with the language's separators: ``1.234`` / ``1,234``, ``2,5`` / ``2.5``."""
    return format_decimal(value, locale=locale(lang))


def money(amount: Any, lang: str, signed: bool = False) -> str:
    """An amount (``core.ledger.Money``) as the language writes it, with a typographic minus;
    ``signed`` also puts a plus before a gain."""
    from core.ledger import format_money  # the ledger owns currency rules; fmt stays light

    text = format_money(amount, lang)
    return f"+{text}" if signed and amount.cents > 0 else text.replace("-", "−")


def percent(rate: float, lang: str, digits: int = 0) -> str:
    """A share (0.959) as a percentage with ``digits`` decimals: ``95,9 %`` / ``95.9%``."""
    loc = locale(lang)
    pattern = parse_pattern(loc.percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return pattern.apply(rate, loc)


def to_epoch(value: Any) -> float | None:
    """Seconds since the epoch from a float, a datetime (naive = UTC) or an ISO string."""
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone.utc)
        return value.timestamp()
    return None


def day(value: Any, lang: str) -> str:
    """A calendar date in the language's medium form: ``04.03.2026`` / ``Mar 4, 2026``."""
    if isinstance(value, date) and not isinstance(value, datetime):
        return format_date(value, format="medium", locale=locale(lang))
    ts = to_epoch(value)
    if ts is None:
        return ""
    return format_date(datetime.fromtimestamp(ts).date(), format="medium", locale=locale(lang))


def ago(value: Any, lang: str, t: Callable[..., str], now: float | None = None) -> str:
    """ "just now", "5 minutes ago", "3 hours ago", "yesterday", "3 days ago", else a date.

    ``t`` gives the two words CLDR's relative units do not cover (now, yesterday).
    """
    ts = to_epoch(value)
    if ts is None:
        return ""
    delta = max(0.0, (now if now is not None else time.time()) - ts)
    if delta < 60:
        return t("time.now")
    if 86400 <= delta < 2 * 86400:
        return t("time.yesterday")
    if delta >= 7 * 86400:
        return day(ts, lang)
    # Whole units only (59 minutes stay minutes): threshold 1 stops Babel from rounding up.
    unit = 60 if delta < 3600 else 3600 if delta < 86400 else 86400
    span = timedelta(seconds=-(delta // unit) * unit)
    return format_timedelta(span, threshold=1, add_direction=True, format="long", locale=locale(lang))


def seat_name(seat: Any, t: Callable[..., str]) -> str:
    """A seat's name for display: a computer seat is named in the language of the moment.

    A game stores its seats' names as they were when it started ("Computer (Schwer)");
    a person's name is theirs, but the computer's must follow the language setting.
    """
    get = seat.get if isinstance(seat, dict) else (lambda k, d=None: getattr(seat, k, d))
    level = get("level")
    if get("kind") == "bot" and level:
        return f"{t('computer')} ({t('level.' + str(level))})"
    return str(get("name") or "")


def profile_name(profile: Any, t: Callable[..., str]) -> str:
    """A stored profile's name as shown; computer players are named by their level in today's language."""
    return seat_name({"kind": profile.kind, "level": profile.level, "name": profile.name}, t)


def people_origins(profiles: Any, t: Callable[..., str], lang: str) -> dict[int, str]:
    """What tells people of one name apart, by id ("since 14 Nov 2023"); others are left out.

    Two profiles get one name when a friend was added on two phones whose records were
    merged; each is then told by the day it was added (and the start of its id when that
    is the same day), the same on every device.
    """
    groups: dict[str, list[Any]] = {}
    for p in profiles:
        groups.setdefault(profile_name(p, t).casefold(), []).append(p)
    out: dict[int, str] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        days = [day(p.created_at, lang) for p in group]
        for p, when in zip(group, days):
            since = t("players.since", day=when)
            out[p.id] = since if days.count(when) == 1 else f"{since} · #{p.uuid[:4]}"
    return out


def people_labels(profiles: Any, t: Callable[..., str], lang: str) -> dict[int, str]:
    """Each profile's name as shown, by id, with people of one name told apart:
    "Anna (since 14 Nov 2023)"."""
    profiles = list(profiles)
    origins = people_origins(profiles, t, lang)
    return {p.id: t("players.twin", name=profile_name(p, t), since=origins[p.id])
            if p.id in origins else profile_name(p, t) for p in profiles}


def seat_names(seats: Any, t: Callable[..., str]) -> list[str]:
    """Display names from a summary's seats (Seat objects or their JSON dicts)."""
    return [name for name in (seat_name(s, t) for s in seats or ()) if name]


def grouped(names: list[str]) -> list[str]:
    """Names with repeats counted once, in the order they first come: three computers of one level
    at a table read "3 × Computer (Normal)" (a line of the same name three times fills a phone)."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [f"{n} × {name}" if n > 1 else name for name, n in counts.items()]
