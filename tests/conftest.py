import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


pytest_plugins = ["tests.databases"]

E2E_RERUNS = 1


def pytest_collection_modifyitems(session, config, items):
    """Browser tests run last, and a failed one is tried once more.

    Playwright's sync API keeps an asyncio loop running in the main thread from the first
    browser test until the end of the session; unit tests that run a loop of their own
    (``asyncio.run``) must therefore come before it.

    On a loaded two-core machine the browser now and then paints seconds late or loses a tap
    to a busy client; a second try tells that from a real failure, which fails both. Each
    rerun is listed in the summary ("R") with the failure that caused it, so a test that needs
    one is seen and can be mended. Unit tests never rerun.
    """
    e2e = ROOT / "tests" / "e2e"
    items.sort(key=lambda item: Path(str(item.fspath)).is_relative_to(e2e))
    for item in items:
        if item.get_closest_marker("e2e") is not None and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=E2E_RERUNS, reruns_delay=2))


RERUN_REASONS: list[tuple[str, str]] = []


def pytest_runtest_logreport(report):
    if report.outcome == "rerun":
        lines = [line for line in report.longreprtext.splitlines() if line.startswith(("E ", "tests/"))]
        RERUN_REASONS.append((report.nodeid, "\n".join(lines[:12])))


def pytest_terminal_summary(terminalreporter):
    """pytest-rerunfailures names a rerun test but not what failed the first time."""
    if RERUN_REASONS:
        terminalreporter.section("why browser tests were tried again")
        for nodeid, reason in RERUN_REASONS:
            terminalreporter.write_line(f"{nodeid}\n{reason}\n")


@pytest.fixture(autouse=True)
def _flet_page_updates_back_on():
    """A table's handlers switch Flet's page update off in the context they run in (in the app,
    each event's own task). A test that calls them directly must not leave it off for the next."""
    yield
    if "flet" in sys.modules:
        from flet.controls.context import context

        context.enable_auto_update()
