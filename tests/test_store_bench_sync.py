"""The sync benchmark runs and reports every figure (its numbers are measured, never asserted)."""

from core.store.bench_sync import run


def test_the_sync_bench_runs_and_reports_every_figure(tmp_path):
    report = run(phone_games=3, server_games=6, folder=str(tmp_path), db=None, templates=4)
    assert report["phone_games_after"] == 3 + 6 + 1
    for step in ("first_sync", "nothing_new", "one_game_more"):
        assert {"seconds", "server", "bytes_up", "bytes_down", "exchanges"} <= set(report[step])
    assert report["nothing_new"]["bytes_up"] < report["first_sync"]["bytes_up"]
