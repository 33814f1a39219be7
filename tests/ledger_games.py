"""Rosenkrieg dynasties played through to the end for ledger tests, saved as the app saves them."""

from __future__ import annotations

import random

from core.session import GameSession, Seat


def people(store, *names):
    """Profiles for ``names`` (made when missing), as seats of people."""
    known = {p.name: p for p in store.list_profiles()}
    out = []
    for name in names:
        p = known.get(name) or store.create_profile(name)
        out.append(Seat(kind="human", name=p.name, profile_id=p.id))
    return out


def start(store, seats, stake_cents=10, currency="EUR", partien=2, seed=1):
    """A new Rosenkrieg game of ``seats`` at a stake per point, saved in ``store``."""
    meta = {"stake": {"cents": stake_cents, "currency": currency}} if stake_cents is not None else {}
    return GameSession.start("rosenkrieg", seats, seed=seed, options={"partien": partien},
                             saver=store, meta=meta)


def play_out(session, seed=1, stop_after_partien=None):
    """Random legal moves until the dynasty ends (or ``stop_after_partien`` are done)."""
    rng = random.Random(seed)
    while not session.over:
        if stop_after_partien is not None and len(session.state["partien"]) >= stop_after_partien:
            return session
        session.apply(rng.choice(session.legal()))
    return session


def finished_dynasty(store, names=("Anna", "Ben", "Carla"), stake_cents=10, currency="EUR",
                     partien=2, seed=1):
    """A whole dynasty among ``names`` played to its end and saved (so it is settled)."""
    return play_out(start(store, people(store, *names), stake_cents, currency, partien, seed), seed)
