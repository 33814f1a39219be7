"""The guide's own strings (the coach, the offer, the rules button), added to ``app.i18n`` on import.

Each game's steps keep their texts with the game's other strings.
"""

from __future__ import annotations

from app import i18n

DE = {
    "guide.step": "Schritt {n} von {total}",
    "guide.next": "Weiter", "guide.done": "Verstanden",
    "guide.skip": "Tour beenden",
    "guide.your_move": "Du bist dran",
    "guide.you": "Du",
    "guide.offer.title": "Zum ersten Mal dabei?",
    "guide.offer.text": "Spiel eine geführte erste Partie: Ein paar kurze Hinweise am Tisch zeigen dir, "
                        "was zu tun ist und warum.",
    "guide.offer.start": "Geführte erste Partie spielen",
    "guide.offer.later": "Nein danke",
    "guide.rules.title": "Lieber beim Spielen lernen?",
    "guide.rules.text": "Die geführte Partie erklärt das Spiel Schritt für Schritt am Tisch.",
    "guide.rules.start": "Geführte Partie spielen",
    "guide.failed": "Die geführte Partie konnte nicht beginnen: {error}",
}
EN = {
    "guide.step": "Step {n} of {total}",
    "guide.next": "Next", "guide.done": "Got it",
    "guide.skip": "Skip tour",
    "guide.your_move": "Your move",
    "guide.you": "You",
    "guide.offer.title": "New to this game?",
    "guide.offer.text": "Play a guided first game: a few short tips at the table show you what to do "
                        "and why.",
    "guide.offer.start": "Play a guided first game",
    "guide.offer.later": "No thanks",
    "guide.rules.title": "Rather learn by playing?",
    "guide.rules.text": "The guided deal explains the game step by step at the table.",
    "guide.rules.start": "Play the guided deal",
    "guide.failed": "The guided deal could not start: {error}",
}

if "guide.step" not in i18n.EN:
    i18n.extend(DE, EN)
