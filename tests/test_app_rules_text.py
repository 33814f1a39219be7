"""Rules text: red cards are marked for the red style; nothing else changes."""

from __future__ import annotations

from app.screens.rules import colour_suits, rules_markdown


def test_red_cards_with_their_rank_are_marked_and_black_ones_are_not():
    assert colour_suits("♥A bis ♥7, K♦ K♠ 10♥ ♣5 und ♦") == "`♥A` bis `♥7`, `K♦` K♠ `10♥` ♣5 und `♦`"


def test_marking_keeps_every_word_of_the_rules():
    for lang in ("de", "en"):
        text = rules_markdown("thronfolge", lang)
        assert colour_suits(text).replace("`", "") == text
        assert "`" not in text  # the rules use no inline code of their own
