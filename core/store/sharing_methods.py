"""The ``Store``'s calls for records shared between devices: a game's versions, one person
known under two profiles.

A mixin of ``Store`` (``repository``), kept apart so each module stays small; the work
is in ``core.store.forks`` and ``core.store.merges``.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any, Callable

from sqlmodel import Session

from core.store import derive, forks, merges, profiles
from core.store.forks import GameVersion
from core.store.values import Profile


class SharingMethods:
    """What the screens ask about records that came from several devices."""

    _clock: Callable[[], float]
    _session: Callable[..., AbstractContextManager[Session]]
    _write: Callable[[Callable[[Session], Any]], Any]

    def game_versions(self, game_id: int) -> list[GameVersion]:
        """A game's versions: the one that counts first, then those played on differently
        elsewhere (the last played first); just one for a game never forked.

        :raises StoreError: when there is no such game.
        """
        with self._session(write=False) as s:
            return forks.listed(s, game_id)

    def choose_version(self, game_id: int, fork_id: int) -> None:
        """Let another version of a game count: its results, statistics, ratings and debts
        replace those of the version that counted (on every device, once the records travel).

        :raises StoreError: when there is no such version, or it runs and the game's counting
            version is finished.
        """
        self._write(lambda s: forks.choose(s, game_id, fork_id, self._clock()))

    def merge_profiles(self, source_id: int, target_id: int) -> Profile:
        """Record that two profiles are one person: ``source`` counts as ``target`` in every
        game, statistic, rating and debt, here and on every device the records reach.
        ``source`` is listed only with the archived profiles; its games keep the name they
        were played under.

        :raises StoreError: when either does not exist, they are one already, or one of them
            is a computer player.
        """

        def merge(s: Session) -> Profile:
            source = profiles.profile_row(s, source_id)
            target = profiles.profile_row(s, target_id)
            merges.merge(s, source.uuid, target.uuid, self._clock())
            derive.rebuild(s)
            return profiles.get(s, target_id)

        return self._write(merge)
