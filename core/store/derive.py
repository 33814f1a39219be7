"""What the store derives from its records, written again as a whole.

Records travel between devices: profiles, games (with their other versions), dynasties,
payments, corrections and merges of people. Everything else is derived from them:
each finished game's results, the statistics and ratings (``records``), and the settled
debts of dynasties (``ledger.resettle``). ``rebuild`` derives all of it again in an order
that depends on the records alone, so two devices holding the same records show the
same figures. It runs after an upgrade of the schema and after every import that added
or changed something; a game that ends adds its part without it when it can.
"""

from __future__ import annotations

from typing import Any

from core.store import ledger, records


def rebuild(s: Any) -> None:
    """Derive the statistics, ratings and settled debts again from every record."""
    records.rebuild(s)
    ledger.resettle(s)
