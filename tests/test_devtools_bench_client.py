"""The client benchmark's reading of a trace and its command line (the browser part runs by hand)."""

from __future__ import annotations

import json

import pytest

from app.devtools import bench_client


def event(name: str, ms: float, dur_ms: float | None = None) -> dict:
    e = {"name": name, "ts": int(ms * 1000), "ph": "X" if dur_ms is not None else "I"}
    if dur_ms is not None:
        e["dur"] = int(dur_ms * 1000)
    return e


def test_each_burst_of_messages_counts_the_first_two_frames_after_it(tmp_path):
    events = [
        event("WebSocketReceive", 0), event("FireAnimationFrame", 5, 30),  # the page's start: left out
        event("WebSocketReceive", 1000), event("WebSocketReceive", 1002),  # one burst
        event("FireAnimationFrame", 1004, 12.5), event("FireAnimationFrame", 1020, 4), event("FireAnimationFrame", 1040, 9),
        event("WebSocketReceive", 2200), event("FireAnimationFrame", 2210, 40),
        event("FireAnimationFrame", 2500, 99),  # long after the message: another frame's work
    ]
    trace = tmp_path / "trace.json"
    trace.write_text(json.dumps({"traceEvents": events}))
    assert bench_client.frames(trace, 2) == [16.5, 40.0]


@pytest.mark.parametrize("argv", [["--cards", "0"], ["--cards", "52"], ["--rounds", "0"], ["--kinds", "spin"],
                                  ["--kinds", ","]])
def test_a_bad_option_is_refused_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as exit_:
        bench_client.main(argv)
    assert exit_.value.code == 2
    assert "error" in capsys.readouterr().err
