"""The face finder of the hidden-faces test: it finds every way a face is sent, and nothing else."""

from __future__ import annotations

import msgpack
from faces import FaceFinder, decode


def text(value):
    return {"_c": "Text", "value": value}


def suit(s):
    return {"_c": "Image", "src": f"suits/{s}.svg"}


def test_a_face_is_found_by_its_identifier_key_name_and_short_form():
    finder = FaceFinder({"QH"})
    assert finder.find({"identifier": "card-QH"}) == {"QH"}
    assert finder.find([0, [["key", "QH-hand"]]]) == {"QH"}
    assert finder.find({"label": "Herz Dame"}) == {"QH"}
    assert finder.find({"label": "Queen of Hearts, Favour +3"}) == {"QH"}
    assert finder.find(text("Anlegen D♥")) == {"QH"}


def test_a_face_is_found_by_its_picture_of_rank_and_suit():
    finder = FaceFinder({"TS", "QL"})
    corner = {"_c": "Column", "controls": [text("10"), suit("S")]}
    assert finder.find({"_c": "Stack", "controls": [{"content": corner}]}) == {"TS"}
    assert finder.find({"_c": "Column", "controls": [text("D"), suit("L")]}) == {"QL"}


def test_a_rosenkrieg_face_is_found_as_the_skat_card_it_stands_for():
    finder = FaceFinder({"KL"})
    assert finder.find({"_c": "Column", "controls": [text("K"), suit("S")]}) == {"KL"}
    assert finder.find({"label": "Pik König"}) == {"KL"}


def test_other_cards_words_containing_a_code_and_split_pictures_are_not_faces():
    finder = FaceFinder({"QH", "TS"})
    assert finder.find({"identifier": "card-QS", "label": "Pik Dame"}) == set()
    assert finder.find({"value": "AQHX", "key": "xQH"}) == set()
    split = {"_c": "Row", "controls": [{"_c": "Column", "controls": [text("10")]},
                                        {"_c": "Column", "controls": [suit("S")]}]}
    assert finder.find(split) == set()
    assert FaceFinder(set()).find({"identifier": "card-QH"}) == set()


def test_frames_are_decoded_and_data_channel_frames_skipped():
    body = [2, {"id": 1, "patch": [[0], [0, 0, "identifier", "card-QH"]]}]
    assert decode(b"\x00" + msgpack.packb(body)) == body
    assert decode(b"\x01\x00\x00\x00\x00raw") is None
    assert FaceFinder({"QH"}).find(decode(b"\x00" + msgpack.packb(body))) == {"QH"}
