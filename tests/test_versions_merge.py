"""The versions of one game merge the same in any order: what two phones keep of a game, and
which version counts, does not depend on which copies met first (``core.store.versions``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.store import versions


def version(actions, over=False, chosen_at=None, updated_at=1000.0, finished_at=None):
    return {"seats": [], "actions": list(actions), "state": {"n": len(actions)}, "over": over,
            "result": {"w": 0} if over else None, "undos": 0, "hints": 0, "meta": {},
            "updated_at": updated_at, "finished_at": finished_at if over else None,
            "chosen_at": chosen_at}


def merged(*copies):
    """What a phone holds after taking in each copy in turn (each a list of versions)."""
    held: list = []
    for copy in copies:
        held = versions.leaves([*held, *copy])
    return held


def test_a_choice_of_a_version_played_on_differently_on_two_phones_merges_the_same_both_ways():
    # Found by the merge machine: a running version chosen on one phone, played on to two
    # different ends on two others; phones that met the two ends in opposite orders disagreed
    # on which version counted.
    chosen = [version("ab", chosen_at=1028.0), version("z", chosen_at=1026.0)]
    one_end = [version("abcd", over=True, updated_at=1660.0, finished_at=1660.0)]
    other_end = [version("abef", over=True, updated_at=1047.0, finished_at=1047.0)]
    first = merged(chosen, one_end, other_end)
    second = merged(chosen, other_end, one_end)
    assert first == second
    assert versions.counted(first) == versions.counted(second)


actions = st.text("abc", min_size=0, max_size=4)
a_version = st.builds(version, actions, st.booleans(),
                      st.one_of(st.none(), st.sampled_from([1.0, 2.0, 3.0])),
                      st.sampled_from([10.0, 20.0]), st.sampled_from([10.0, 20.0]))
copies = st.lists(st.lists(a_version, min_size=1, max_size=3), min_size=2, max_size=4)


@settings(max_examples=500, deadline=None)
@given(copies, st.randoms(use_true_random=False))
def test_merging_copies_of_a_game_in_any_order_keeps_the_same_versions_and_the_same_count(
        found, rng):
    shuffled = list(found)
    rng.shuffle(shuffled)
    first, second = merged(*found), merged(*shuffled)
    assert first == second
    assert versions.counted(first) == versions.counted(second)
    # Taking in what one has already changes nothing.
    assert merged(first, first) == first
