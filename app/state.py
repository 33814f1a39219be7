"""Per-browser-session app state: the store, settings, language and open games.

No Flet here. One ``AppState`` lives above all screens (a screen is rebuilt on
every navigation, so anything kept in a screen would be lost); the store itself is
opened once per process and shared.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from app import i18n
from core.session import GameSession, Seat

log = logging.getLogger(__name__)

# Setting keys as stored, with their allowed values (first = default).
THEMES = ("system", "light", "dark")
SPEEDS = ("normal", "slow", "fast", "off")
CARD_BACKS = ("royal", "crimson", "midnight")
LANGUAGES = ("de", "en")
SWITCH = ("on", "off")  # sound and vibration
# Rosenkrieg's lions, towers, trees and roses, or ♠ ♦ ♣ ♥ for people playing along with a Skat deck
SUIT_STYLES = ("own", "french")
SETTING_KEYS = {"language": "ui_language", "theme": "ui_theme", "speed": "ui_animation_speed",
                "card_back": "ui_card_back", "sound": "ui_sound", "vibration": "ui_vibration",
                "suits": "ui_suits"}
GUIDES_SEEN = "ui_guides_seen"  # the games whose guided first deal was started or declined


def device_language(tags: list[str] | tuple[str, ...] | None) -> str:
    """The UI language for a device's preferred locales: German for any ``de*``, else English."""
    for tag in tags or ():
        code = str(tag).replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


@dataclass
class Settings:
    language: str | None = None  # None: follow the device
    theme: str = THEMES[0]
    speed: str = SPEEDS[0]
    card_back: str = CARD_BACKS[0]
    sound: str = SWITCH[0]
    vibration: str = SWITCH[0]  # haptics on phones
    suits: str = SUIT_STYLES[0]


class AppState:
    """Everything one browser session (or the one window of a desktop/mobile app) needs."""

    def __init__(self, store: Any, device_lang: str = "en", prefs: Any = None,
                 circle: Any = None) -> None:
        self.store = store
        # Where this person's settings live: the store on a device; on a circle's server, where
        # members share one store, a place of this session's own (``app.serve.members``).
        self.prefs = store if prefs is None else prefs
        # On a circle's server: the member's circle (``app.serve.members.Membership``); None on
        # a device. Tables for phones and syncing are a device's, not the server's.
        self.circle = circle
        self.device_lang = device_lang if device_lang in LANGUAGES else "en"
        self.settings = self._load_settings()
        # Open games by store id: resuming an open game reuses it, so bot tasks and
        # undo history survive navigation between screens.
        self.sessions: dict[int, GameSession] = {}
        self.ui: Any = None  # the Shell of this session, set by the shell (kept untyped: no Flet here)
        self.feedback: Any = None  # app.feedback.Feedback of this session's page, set at start-up

    # --- settings -------------------------------------------------------------------------

    def _load_settings(self) -> Settings:
        s = Settings()

        def read(field: str, allowed: tuple[str, ...]) -> str | None:
            try:
                value = self.prefs.get_setting(SETTING_KEYS[field], None)
            except Exception as exc:  # a damaged setting must not stop the app
                log.warning("cannot read setting %s: %s", field, exc)
                return None
            return value if value in allowed else None

        s.language = read("language", LANGUAGES)
        s.theme = read("theme", THEMES) or s.theme
        s.speed = read("speed", SPEEDS) or s.speed
        s.card_back = read("card_back", CARD_BACKS) or s.card_back
        s.sound = read("sound", SWITCH) or s.sound
        s.vibration = read("vibration", SWITCH) or s.vibration
        s.suits = read("suits", SUIT_STYLES) or s.suits
        return s

    def reload_settings(self) -> None:
        """Read the settings again (an imported backup may have brought some)."""
        self.settings = self._load_settings()

    def set_setting(self, field: str, value: str | None) -> None:
        """Change and persist one setting.

        :raises StoreError: when the store refuses it (the screen shows the message); the
            setting then keeps its old value, so what is in force is what is stored.
        """
        self.prefs.set_setting(SETTING_KEYS[field], value)
        setattr(self.settings, field, value)

    def guide_seen(self, game: str) -> bool:
        """Whether the guided first deal of ``game`` was started or declined on this device."""
        try:
            seen = self.prefs.get_setting(GUIDES_SEEN, [])
        except Exception as exc:  # a damaged setting: offer the guide again rather than fail
            log.warning("cannot read setting %s: %s", GUIDES_SEEN, exc)
            return False
        return isinstance(seen, list) and game in seen

    def mark_guide_seen(self, game: str) -> None:
        """Remember that the guided first deal of ``game`` was started or declined.

        :raises StoreError: when the store refuses it.
        """
        if self.guide_seen(game):
            return
        seen = self.prefs.get_setting(GUIDES_SEEN, [])
        self.prefs.set_setting(GUIDES_SEEN, [*(seen if isinstance(seen, list) else []), game])

    @property
    def lang(self) -> str:
        return self.settings.language or self.device_lang

    def t(self, key: str, **kw: Any) -> str:
        return i18n.t(key, self.lang, **kw)

    # --- profiles -------------------------------------------------------------------------

    def humans(self, include_archived: bool = False) -> list[Any]:
        return [p for p in self.store.list_profiles(include_archived=include_archived)
                if getattr(p, "kind", "human") == "human"]

    def bot_seat(self, level: str) -> Seat:
        """A computer seat, tied to one stored profile per level so its record is kept."""
        name = f"{self.t('computer')} ({self.t('level.' + level)})"
        profile_id = None
        try:
            for p in self.store.list_profiles(include_archived=True):
                if getattr(p, "kind", None) == "bot" and getattr(p, "level", None) == level:
                    profile_id = p.id
                    break
            else:
                profile_id = self.store.create_profile(f"Computer ({level})", kind="bot", level=level).id
        except Exception as exc:  # statistics are a bonus; the game must still start
            log.warning("no bot profile for %s: %s", level, exc)
        return Seat(kind="bot", name=name, profile_id=profile_id, level=level)

    # --- games ----------------------------------------------------------------------------

    def start_game(self, game: str, seats: list[Seat], options: dict[str, Any] | None = None,
                   seed: int | None = None, meta: dict[str, Any] | None = None) -> GameSession:
        """Deal and save a new game; older unfinished games stay untouched under Continue.

        ``meta`` may hold a Rosenkrieg stake (``{"stake": {"cents", "currency"}}``): the
        store then records the dynasty and settles it into the ledger when it ends.

        :raises RulesError: for a bad option or seat count.
        :raises StoreError: for a stake the store refuses (nothing is saved then).
        """
        session = GameSession.start(game, seats, seed=seed, options=options, saver=self.store,
                                    meta=meta)
        if session.game_id is not None:
            self.sessions[session.game_id] = session
        return session

    def open_game(self, game_id: int) -> GameSession:
        """The open game with this id, restored from the store when it is not open here yet or
        was played on elsewhere since (another window or device saved a later revision).

        :raises Exception: from the store (unknown id) or the engine (log no longer replays).
        """
        session = self.sessions.get(game_id)
        if session is None or session.revision != self.store.game_summary(game_id).revision:
            record = self.store.load_game(game_id)
            session = self.sessions[game_id] = GameSession.restore(record, saver=self.store)
        return session

    def unfinished(self, limit: int = 20) -> list[Any]:
        try:
            return list(self.store.unfinished_games(limit=limit))
        except Exception as exc:
            log.warning("cannot list unfinished games: %s", exc)
            return []
