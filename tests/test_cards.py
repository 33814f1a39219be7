"""Cards, decks and their notation."""

import random
from collections import Counter

import pytest

from core import cards
from core.cards import Card, CardError


def test_notation_round_trips_for_every_card():
    for text in cards.standard_deck() + cards.rosenkrieg_deck(3):
        card = Card.parse(text)
        assert str(card) == text
        assert repr(card) == text
        assert Card.parse(repr(card)) == card


def test_ten_may_be_written_as_10_and_case_does_not_matter():
    assert Card.parse("10s") == Card("T", "S")
    assert Card.parse("qh") == Card("Q", "H")


@pytest.mark.parametrize("bad", ["", "1S", "TX", "ZZ", "TSS", "??", "10", None, 7])
def test_bad_notation_is_refused_with_the_input_quoted(bad):
    with pytest.raises(CardError) as err:
        cards.parse(bad)
    assert repr(bad) in str(err.value)


def test_values_run_from_ace_one_to_king_thirteen():
    assert [cards.value(r + "S") for r in cards.RANKS] == list(range(1, 14))
    assert Card.parse("JD").value == 11


def test_standard_deck_has_52_distinct_cards():
    deck = cards.standard_deck()
    assert len(deck) == len(set(deck)) == 52
    assert Counter(c[1] for c in deck) == {s: 13 for s in "CDHS"}


def test_thronfolge_deck_is_45_cards_without_the_seven_unused():
    deck = cards.thronfolge_deck()
    assert len(deck) == len(set(deck)) == 45
    assert not {"6C", "7C", "8C", "7D", "8D", "8H", "9H"} & set(deck)


def test_rosenkrieg_decks_have_20_and_26_cards_in_their_own_suits():
    two, three = cards.rosenkrieg_deck(2), cards.rosenkrieg_deck(3)
    assert len(set(two)) == 20 and len(set(three)) == 26
    assert cards.rosenkrieg_deck(4) == three
    assert {c[1] for c in three} == set("LTBR")
    assert not {c for c in two if c[0] in "987"}
    assert {c for c in three if c[0] in "87"} == {"8R", "7R"}
    with pytest.raises(CardError):
        cards.rosenkrieg_deck(5)


def test_names_for_screen_readers_in_german_and_english():
    assert cards.name("TS", "en") == "Ten of Spades"
    assert cards.name("TS", "de") == "Pik Zehn"
    assert cards.name("QH", "de") == "Herz Dame"
    assert cards.name("KL", "de") == "Löwen-König"
    assert cards.name(cards.UNKNOWN, "en") == "Hidden card"
    assert cards.name(cards.UNKNOWN, "de") == "Verdeckte Karte"


def test_corner_index_uses_german_letters_in_german():
    assert cards.index_label("JS", "de") == "B"
    assert cards.index_label("QS", "de") == "D"
    assert cards.index_label("TS", "en") == "10"


def test_shuffled_is_reproducible_from_the_rng_and_keeps_the_cards():
    deck = cards.standard_deck()
    a = cards.shuffled(deck, random.Random(4))
    assert a == cards.shuffled(deck, random.Random(4))
    assert sorted(a) == sorted(deck) and a != deck
