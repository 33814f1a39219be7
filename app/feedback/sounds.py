"""The table's sounds and haptic kinds by name, and which of them each table event uses.

No Flet here: the sound generator (``app.devtools.make_sounds``) and the tests read
these names too, so every name the API offers has a file.
"""

from __future__ import annotations

# Sound name -> what it is. Files are ``assets/sounds/<name>.wav``.
SOUNDS: dict[str, str] = {
    "deal": "a card dealt or drawn",
    "play": "a card laid on the table",
    "take": "a trick or a line gathered in",
    "shuffle": "a riffle shuffle",
    "refused": "a soft double tick for an illegal attempt",
    "win": "a rising major phrase",
    "loss": "a falling minor phrase",
}

# Haptic kind -> the ft.HapticFeedback method it calls.
HAPTICS: dict[str, str] = {
    "play": "light_impact",
    "take": "medium_impact",
    "refused": "heavy_impact",
}

# Table event -> (sound, haptic kind or None): what ``feedback.cue(target, event)`` does.
EVENTS: dict[str, tuple[str, str | None]] = {
    "deal": ("deal", None),
    "draw": ("deal", None),
    "play": ("play", "play"),
    "take": ("take", "take"),
    "shuffle": ("shuffle", None),
    "illegal": ("refused", "refused"),
    "win": ("win", None),
    "loss": ("loss", None),
}

SOUND_DIR = "sounds"  # below assets/


def asset(name: str) -> str:
    """The asset path (relative to ``assets/``) of a sound.

    :raises KeyError: for a name that is not in ``SOUNDS``.
    """
    if name not in SOUNDS:
        raise KeyError(f"no sound named {name!r}; known: {', '.join(SOUNDS)}")
    return f"{SOUND_DIR}/{name}.wav"
