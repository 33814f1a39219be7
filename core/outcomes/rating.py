"""Ratings with openskill (Plackett-Luce): one number per player and game, updated per match.

A rating is ``(mu, sigma)``; what people see is ``shown``: the conservative
estimate ``mu - 3 sigma`` scaled so that a newcomer starts at 1 000 and a good
player reaches about 1 500 to 2 000.
"""

from __future__ import annotations

from typing import Hashable, Iterable, Mapping

from openskill.models import PlackettLuce

from core.outcomes import Match

MU = 25.0
SIGMA = MU / 3
SHOWN_BASE = 1000
SHOWN_SCALE = 40  # shown points per unit of the ordinal

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)

Rating = tuple[float, float]


def shown(mu: float, sigma: float) -> int:
    """The rating as one readable number (1 000 for a player who has not played)."""
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


def rate(ratings: Mapping[Hashable, Rating], matches: Iterable[Match],
         player_of: Mapping[int, Hashable]) -> dict[Hashable, Rating]:
    """The ratings after the matches, for every player they name.

    ``player_of`` maps a seat (or ``HOUSE``) to a player key; a player missing from
    ``ratings`` starts at the default. A seat without a key plays at the default
    rating and is not kept.
    """
    current: dict[Hashable, Rating] = dict(ratings)
    for match in matches:
        teams, keys = [], []
        for team in match.teams:
            members = []
            for seat in team:
                key = player_of.get(seat)
                mu, sigma = current.get(key, (MU, SIGMA)) if key is not None else (MU, SIGMA)
                members.append(_MODEL.rating(mu=mu, sigma=sigma))
                keys.append(key)
            teams.append(members)
        if len(teams) < 2:
            continue
        new = _MODEL.rate(teams, ranks=[float(r) for r in match.ranks])
        # One player may sit several seats (all computers of one level share one profile):
        # the match counts for it once, as the mean of its seats' outcomes. Keeping only its
        # last seat's outcome made a level that won at one seat and lost at the next look beaten.
        outcomes: dict[Hashable, list[Rating]] = {}
        for key, r in zip(keys, (r for team in new for r in team)):
            if key is not None:
                outcomes.setdefault(key, []).append((r.mu, r.sigma))
        for key, seats in outcomes.items():
            current[key] = (sum(mu for mu, _ in seats) / len(seats),
                            sum(sigma for _, sigma in seats) / len(seats))
    return current
