"""The shipped table sounds: made by our generator, short, quiet, click-free and matched in loudness."""

from __future__ import annotations

import flet as ft
import pytest

from app.devtools import make_sounds
from app.feedback import EVENTS, HAPTICS, SOUNDS, asset

ASSETS = make_sounds.OUT.parent


def shipped(name: str) -> list[float]:
    fmt, pcm = make_sounds.read_pcm(ASSETS / asset(name))
    assert fmt == (1, 2, make_sounds.RATE), f"{name} is not mono 16-bit {make_sounds.RATE} Hz"
    return [v / 32767 for v in pcm]


def test_every_sound_the_api_offers_has_a_shipped_file_and_a_recipe():
    assert set(make_sounds.RECIPES) == set(SOUNDS)
    for name in SOUNDS:
        assert (ASSETS / asset(name)).is_file()
    with pytest.raises(KeyError):
        asset("fanfare")


def test_every_event_uses_a_known_sound_and_haptic_and_every_haptic_is_a_flet_method():
    for event, (sound, kind) in EVENTS.items():
        assert sound in SOUNDS, event
        assert kind is None or kind in HAPTICS, event
    for method in HAPTICS.values():
        assert callable(getattr(ft.HapticFeedback, method))
    assert {"deal", "draw", "play", "take", "shuffle", "illegal", "win", "loss"} <= set(EVENTS)


def test_the_shipped_files_are_what_the_generator_makes():
    assert make_sounds.differences() == []


def test_a_changed_file_is_reported_by_the_check(tmp_path):
    for name in SOUNDS:
        (tmp_path / f"{name}.wav").write_bytes((ASSETS / asset(name)).read_bytes())
    quiet = [v / 2 for v in shipped("deal")]
    (tmp_path / "deal.wav").write_bytes(make_sounds.wav_bytes(quiet))
    (tmp_path / "win.wav").unlink()
    assert make_sounds.differences(tmp_path) == [
        "deal: samples differ from the generator's", f"win: {tmp_path / 'win.wav'} is missing"]


@pytest.mark.parametrize("name", list(SOUNDS))
def test_each_sound_is_short_below_full_scale_and_starts_and_ends_on_silence(name):
    x = shipped(name)
    m = make_sounds.measure(x)
    assert 0.05 <= m["seconds"] <= 1.2
    assert m["peak_db"] < -1.0  # no clipping, with headroom
    assert abs(x[0]) < 1e-4 and abs(x[-1]) < 1e-4  # faded in and out: no click


def test_the_sounds_are_equally_loud_quiet_and_small_together():
    loudness = [make_sounds.measure(shipped(name))["loudness_db"] for name in SOUNDS]
    assert max(loudness) - min(loudness) < 0.5
    assert max(loudness) <= -20.0  # a K-weighted -24 dBFS: clearly audible, never startling
    assert sum((ASSETS / asset(name)).stat().st_size for name in SOUNDS) < 500_000


def test_the_licence_names_the_makers_the_dedication_and_the_script():
    text = (ASSETS / "sounds" / "LICENSE.txt").read_text()
    assert "Hofstaat developers" in text and "CC0 1.0" in text and "app/devtools/make_sounds.py" in text
