"""The replay screen's own texts, registered with ``app.i18n``."""

from __future__ import annotations

from app import i18n

DE: dict[str, i18n.Text] = {
    "replay.title": "Wiederholung · {game}",
    "replay.open_button": "Ansehen",
    "replay.open_a11y": "Wiederholung dieser Partie ansehen",
    "replay.step": "Zug {n} von {total}",
    "replay.deal": "Die Karten sind gegeben",
    "replay.move": "{name} {what}",
    "replay.end": "Ende der Partie",
    "replay.eyes": "Sicht",
    "replay.open": "Alle Karten offen",
    "replay.seat": "Sicht von {name}",
    "replay.to_start": "Zum Anfang", "replay.back": "Einen Zug zurück",
    "replay.play": "Abspielen", "replay.pause": "Anhalten",
    "replay.forward": "Einen Zug vor", "replay.to_end": "Zum Ende",
    "replay.slider": "Zug wählen",
    "replay.hand_of": "Hand von {name}",
    "replay.pile.deck": "Nachziehstapel", "replay.pile.talon": "Talon",
    "replay.pile.draw": "Nachziehstapel", "replay.pile.erbe": "Erbe",
    "replay.pile.removed": "Aussortiert", "replay.pile.spies": "Spione",
    "replay.cannot": "Diese Partie kann nicht wiederholt werden: {error}",
    "replay.running": "Diese Partie läuft noch. Wiederholungen gibt es nur von beendeten Partien.",
}

EN: dict[str, i18n.Text] = {
    "replay.title": "Replay · {game}",
    "replay.open_button": "Replay",
    "replay.open_a11y": "Watch the replay of this game",
    "replay.step": "Move {n} of {total}",
    "replay.deal": "The cards are dealt",
    "replay.move": "{name} {what}",
    "replay.end": "End of the game",
    "replay.eyes": "View",
    "replay.open": "All cards open",
    "replay.seat": "As {name} saw it",
    "replay.to_start": "To the start", "replay.back": "One move back",
    "replay.play": "Play", "replay.pause": "Pause",
    "replay.forward": "One move forward", "replay.to_end": "To the end",
    "replay.slider": "Choose a move",
    "replay.hand_of": "{name}'s hand",
    "replay.pile.deck": "Draw pile", "replay.pile.talon": "Stock",
    "replay.pile.draw": "Draw pile", "replay.pile.erbe": "Legacy",
    "replay.pile.removed": "Set aside", "replay.pile.spies": "Spies",
    "replay.cannot": "This game cannot be replayed: {error}",
    "replay.running": "This game is still running. Only finished games can be replayed.",
}

i18n.extend(DE, EN)
