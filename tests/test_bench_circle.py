"""The load script of a circle's server runs over two server processes on one PostgreSQL and
reports every figure (its times are measured, never asserted); what it checks holds."""

from app.devtools.bench_circle import parse, run


def test_the_circle_load_script_runs_and_reports_every_figure(postgres):
    db = postgres.new_database("load")
    report = run(parse(["--tables", "2", "--players", "3", "--seconds", "4",
                        "--think", "0.02", "0.05", "--db", db]))
    assert report["processes"] == 2 and report["games"] >= 2
    assert report["moves"] > 0 and report["deliveries"] >= report["moves"]
    assert report["lost"] == report["unsent_saved"] == report["leaked"] == 0
    assert report["refused"] == 0
    assert 0 < report["p50_ms"] <= report["p95_ms"] <= report["max_ms"]
    postgres.drop_database(db)
