import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_collection_modifyitems(session, config, items):
    """Browser tests run last.

    Playwright's sync API keeps an asyncio loop running in the main thread from the first
    browser test until the end of the session; unit tests that run a loop of their own
    (``asyncio.run``) must therefore come before it.
    """
    e2e = ROOT / "tests" / "e2e"
    items.sort(key=lambda item: Path(str(item.fspath)).is_relative_to(e2e))
