"""A replayed action in words, in German or English: "spielt Pik Zehn", "draws a card".

The phrase follows the name of the seat that acted ("Anna spielt Pik Zehn"). Cards that
only their owner saw (the two cards a Potentat lays into the Erbe) are named only when
every card is open.
"""

from __future__ import annotations

from core import cards as C

# verb -> (German, English); "{cards}" is a list of card names, "{a}"/"{b}" places.
_PHRASES: dict[str, dict[str, tuple[str, str]]] = {
    "thronfolge": {
        "play": ("spielt {cards}", "plays the {cards}"),
        "take": ("nimmt von der Reihe", "takes from the line"),
    },
    "rosenkrieg": {
        "will": ("will Potentat werden", "wants to be Potentate"),
        "pass": ("passt", "passes"),
        "lay": ("legt {cards} ins Erbe", "lays the {cards} into the legacy"),
        "lay_hidden": ("legt zwei Karten ins Erbe", "lays two cards into the legacy"),
        "play": ("spielt {cards}", "plays the {cards}"),
    },
    "kings-corner": {
        "draw": ("zieht eine Karte", "draws a card"),
        "end": ("beendet den Zug", "ends the turn"),
        "play": ("legt {cards} nach {b}", "plays the {cards} to {b}"),
        "move": ("schiebt den Stapel {a} nach {b}", "moves the pile {a} onto {b}"),
    },
    "deck-of-spies": {
        "counter": ("wehrt mit {cards} ab", "counters with the {cards}"),
        "recruit": ("wirbt mit {cards} an", "recruits with the {cards}"),
        "assassinate": ("schaltet den Spion mit {cards} aus", "assassinates the spy with the {cards}"),
        "retire": ("schickt {cards} in Rente", "retires the {cards}"),
        "done": ("beendet den Zug", "ends the turn"),
    },
}

_PLACES = {
    "de": {"N": "Nord", "E": "Ost", "S": "Süd", "W": "West", "NE": "Nordost", "SE": "Südost",
           "SW": "Südwest", "NW": "Nordwest"},
    "en": {"N": "north", "E": "east", "S": "south", "W": "west", "NE": "north-east",
           "SE": "south-east", "SW": "south-west", "NW": "north-west"},
}


def describe(game: str, action: str, lang: str, open_cards: bool = False) -> str:
    """The phrase for one action's notation; the notation itself for an action it does not know."""
    words = action.split()
    if not words:
        return action
    verb, rest = words[0].lower(), words[1:]
    if game == "rosenkrieg" and verb == "lay" and not open_cards:
        verb = "lay_hidden"
    phrase = _PHRASES.get(game, {}).get(verb)
    if phrase is None:
        return action
    de, en = phrase
    lang = "de" if lang == "de" else "en"
    found = [w.upper() for w in rest if C.is_card(w.upper())]
    places = [_PLACES[lang].get(w.upper(), w) for w in rest if w.upper() in _PLACES[lang]]
    cards = _join([C.name(c, lang) for c in found], lang)
    a, b = (places + ["", ""])[:2] if verb == "move" else ("", (places or [""])[-1])
    return (de if lang == "de" else en).format(cards=cards, a=a, b=b)


def _join(names: list[str], lang: str) -> str:
    if len(names) < 2:
        return "".join(names)
    last = " und " if lang == "de" else " and "
    return ", ".join(names[:-1]) + last + names[-1]
