"""The table kit's own strings (added to ``app.i18n`` on import) and helpers for the words of every table."""

from __future__ import annotations

from app import i18n

DE: dict[str, str | dict[str, str]] = {
    "kit.cards": {"one": "{n} Karte", "other": "{n} Karten"},
    "kit.hand_of": "{name}: {cards} auf der Hand",
    "kit.level": "Computer · {level}", "kit.person": "Mensch", "kit.computer_n": "Computer {n}",
    "kit.undo_none": "Es gibt nichts zurückzunehmen.",
    "kit.undo_not_yours": "Nur den eigenen letzten Zug, solange noch niemand anderes dran war.",
    "kit.undo_over": "Die Partie ist beendet – nichts mehr zurückzunehmen.",
    "kit.undo_busy": "Bitte warten, bis der Computer gezogen hat.",
    "kit.undo_yours": "Deinen letzten Zug zurücknehmen",
    "kit.undo_with_reply": "Deinen letzten Zug und die Antwort von {name} zurücknehmen",
    "kit.not_now": "Das geht gerade nicht: {reason}",
    "kit.undo_of": "Den letzten Zug von {name} zurücknehmen",
    "kit.undo_ask": "{name} möchte den letzten Zug zurücknehmen",
    "kit.undo_ask_hint": "Nur {name} darf den eigenen Zug zurücknehmen. Gib das Gerät an {name}; "
                         "danach siehst nur du deine Karten.",
    "kit.undo_confirm": "Ich bin {name} – zurücknehmen",
    "kit.wait_turn": "{name} ist am Zug – warte, bis du dran bist.",
}
EN: dict[str, str | dict[str, str]] = {
    "kit.cards": {"one": "{n} card", "other": "{n} cards"},
    "kit.hand_of": "{name}: {cards} in hand",
    "kit.level": "Computer · {level}", "kit.person": "Person", "kit.computer_n": "Computer {n}",
    "kit.undo_none": "There is nothing to undo.",
    "kit.undo_not_yours": "Only your own last move, while nobody else has had their turn.",
    "kit.undo_over": "The game is over – nothing left to undo.",
    "kit.undo_busy": "Please wait until the computer has moved.",
    "kit.undo_yours": "Take back your last move",
    "kit.undo_with_reply": "Take back your last move and {name}'s reply",
    "kit.not_now": "Not possible now: {reason}",
    "kit.undo_of": "Take back {name}'s last move",
    "kit.undo_ask": "{name} wants to take back their last move",
    "kit.undo_ask_hint": "Only {name} may take back their own move. Pass the device to {name}; "
                         "then only you see your cards.",
    "kit.undo_confirm": "I am {name} – take it back",
    "kit.wait_turn": "It is {name}'s turn – wait for yours.",
}

if "kit.cards" not in i18n.EN:
    i18n.extend(DE, EN)


def cards_text(t, n: int) -> str:
    """"1 card" / "5 cards" in the table's language (the plural form chosen by ``n``)."""
    return t("kit.cards", n=n)


def reason_key(reason: str | None, keys: tuple[tuple[str, str], ...]) -> str | None:
    """The string key for an engine's (English) refusal: the first ``(words, key)`` whose words
    the reason contains, ignoring case; None for a reason the table has no words for."""
    if not reason:
        return None
    low = reason.lower()
    return next((key for needle, key in keys if needle in low), None)
