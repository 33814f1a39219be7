"""The backup benchmark's short run: it plays, exports and imports, and the same file twice
changes nothing (its figures go to docs/benchmarks.md, never into a test)."""

from core.store import bench_backup


def test_the_backup_bench_runs_and_reports_every_figure(tmp_path):
    report = bench_backup.run(4, 1, str(tmp_path))
    assert report["games"] == 4 and report["file_kb"] > 0
    assert set(report["seconds"]) == {"play_and_save", "export", "first_import", "same_file_again",
                                      "one_game_more"}
    assert report["same_file_changed_anything"] is False
