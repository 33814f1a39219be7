"""Hand-built Deck of Spies positions for tests: cards not named go to the spy discard pile
(out of play), so every card is still in exactly one place."""

from __future__ import annotations

from core.cards import standard_deck
from core.games.deck_of_spies import GAME, sort_cards


def stacked(spies, hand, draw=(), discard=(), removed=(), spy_discard=None, phase="play",
            seed=7, options=None, shuffles=0):
    """A running state with the given piles; ``spies`` and ``draw`` are bottom first."""
    state = GAME.new(seed=seed, options=options)
    named = [*spies, *hand, *draw, *discard, *removed, *(spy_discard or ())]
    assert len(named) == len(set(named)), "a card is named twice"
    rest = [c for c in standard_deck() if c not in named]
    state.update(spies=list(spies), hand=sort_cards(hand), draw=list(draw), discard=list(discard),
                 removed=list(removed), spy_discard=list(spy_discard or ()) + rest, phase=phase,
                 shuffles=shuffles, over=False, result=None, to_move=0)
    return GAME.load(state)
