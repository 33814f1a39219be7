"""Profiles: people and named computer players."""

import dataclasses

import pytest

from core.store import Profile, Store, StoreError


@pytest.fixture
def store(new_db):
    with Store.open(new_db(), clock=lambda: 1234.5) as s:
        yield s


def test_a_new_person_gets_an_id_and_comes_back_as_a_plain_frozen_value(store):
    anna = store.create_profile("Anna")
    assert anna == Profile(id=anna.id, name="Anna", kind="human", level=None, archived=False,
                           created_at=1234.5, uuid=anna.uuid)
    assert len(anna.uuid) == 32 and anna.merged_into is None
    assert not anna.is_bot
    assert store.get_profile(anna.id) == anna
    with pytest.raises(dataclasses.FrozenInstanceError):
        anna.name = "Berta"


def test_a_computer_player_keeps_its_level(store):
    bot = store.create_profile("Computer (hard)", kind="bot", level="hard")
    assert (bot.kind, bot.level, bot.is_bot) == ("bot", "hard", True)


def test_a_computer_player_without_a_level_plays_normal(store):
    assert store.create_profile("Robo", kind="bot").level == "normal"


def test_names_are_stripped(store):
    assert store.create_profile("  Anna \t").name == "Anna"


@pytest.mark.parametrize("name, key", [
    ("", "name_empty"), ("   ", "name_empty"), (None, "name_empty"),
    ("x" * 31, "name_too_long"), ("Anna\nBerta", "name_invalid")])
def test_an_unusable_name_is_refused_with_a_reason(store, name, key):
    with pytest.raises(StoreError) as caught:
        store.create_profile(name)
    assert caught.value.key == key
    assert store.list_profiles() == []


def test_a_name_of_thirty_characters_is_allowed(store):
    assert store.create_profile("x" * 30).name == "x" * 30


@pytest.mark.parametrize("kind, level", [("alien", None), ("human", "hard"), ("bot", "godlike")])
def test_a_bad_kind_or_level_is_refused(store, kind, level):
    with pytest.raises(StoreError, match="human|level"):
        store.create_profile("Anna", kind=kind, level=level)


def test_a_name_taken_in_another_case_is_refused(store):
    store.create_profile("Anna")
    with pytest.raises(StoreError, match="already taken") as caught:
        store.create_profile("ANNA")
    assert caught.value.key == "name_taken"


def test_names_are_compared_after_unicode_normalisation(store):
    store.create_profile("Zoe\u0308")  # e + combining diaeresis
    with pytest.raises(StoreError, match="already taken"):
        store.create_profile("ZO\u00cb")  # capital E with diaeresis


def test_an_archived_profile_frees_its_name(store):
    old = store.create_profile("Anna")
    store.archive_profile(old.id)
    new = store.create_profile("anna")
    assert new.id != old.id


def test_a_profile_can_be_renamed_even_to_another_case_of_its_own_name(store):
    anna = store.create_profile("anna")
    assert store.rename_profile(anna.id, "Anna").name == "Anna"
    assert store.rename_profile(anna.id, " Annabel ") == dataclasses.replace(anna, name="Annabel")


def test_renaming_to_a_taken_or_empty_name_is_refused_and_changes_nothing(store):
    anna = store.create_profile("Anna")
    store.create_profile("Berta")
    with pytest.raises(StoreError, match="already taken"):
        store.rename_profile(anna.id, "berta")
    with pytest.raises(StoreError, match="at least one character"):
        store.rename_profile(anna.id, "")
    assert store.get_profile(anna.id).name == "Anna"


def test_archived_profiles_are_hidden_unless_asked_for(store):
    anna = store.create_profile("Anna")
    store.create_profile("Berta")
    archived = store.archive_profile(anna.id)
    assert archived.archived
    assert [p.name for p in store.list_profiles()] == ["Berta"]
    assert [p.name for p in store.list_profiles(include_archived=True)] == ["Anna", "Berta"]
    assert not store.archive_profile(anna.id, archived=False).archived
    assert [p.name for p in store.list_profiles()] == ["Anna", "Berta"]


def test_bringing_back_a_profile_whose_name_was_taken_meanwhile_is_refused(store):
    old = store.create_profile("Anna")
    store.archive_profile(old.id)
    store.create_profile("ANNA")
    with pytest.raises(StoreError, match="already taken"):
        store.archive_profile(old.id, archived=False)
    assert store.get_profile(old.id).archived


def test_profiles_are_listed_by_name_ignoring_case_and_accents(store):
    for name in ("berta", "Carl", "anna", "Ärni"):
        store.create_profile(name)
    assert [p.name for p in store.list_profiles()] == ["anna", "Ärni", "berta", "Carl"]


def test_asking_for_a_missing_profile_says_which(store):
    with pytest.raises(StoreError, match="no profile 42") as caught:
        store.get_profile(42)
    assert caught.value.key == "profile_missing"
    with pytest.raises(StoreError, match="no profile 42"):
        store.rename_profile(42, "Anna")
    with pytest.raises(StoreError, match="no profile 42"):
        store.archive_profile(42)
