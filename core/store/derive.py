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

from sqlalchemy import select

from core.store import changes, ledger, records
from core.store.backup import ADD, ImportReport
from core.store.tables import DynastyRow, table_of


def rebuild(s: Any) -> None:
    """Derive the statistics, ratings and settled debts again from every record."""
    records.rebuild(s)
    ledger.resettle(s)


def after_merge(s: Any, report: ImportReport) -> None:
    """Derive what follows from a merge: game by game when all it finished ends after every
    game counted so far (a sync of what friends played since yesterday), else everything again
    (a game that ends earlier, results replaced by another version, two people merged)."""
    if not report.changed:
        return
    merged_people = report.counts.get("merges", {}).get(ADD, 0) > 0
    if merged_people or report.rederived or not records.count_new(s, report.derived):
        rebuild(s)
        return
    D = table_of(DynastyRow).c
    ids = {d["id"] for d in report.added.get("dynasties", [])}
    if report.touched:
        ids |= set(s.execute(select(D.id).where(D.game_id.in_(changes.listed(report.touched))))
                   .scalars())
    if ids:
        ledger.resettle(s, sorted(ids))
