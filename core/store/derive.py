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

from core.store import changes, ledger, records, settings
from core.store.backup import ADD, ImportReport
from core.store.tables import DynastyRow, table_of

# A setting of this device alone (never in a backup): the statistics and ratings wait for the
# last page of a sync. If the sync is cut off, the next merge that counts counts every game.
COUNT_AGAIN = "sync.count-again"


def rebuild(s: Any) -> None:
    """Derive the statistics, ratings and settled debts again from every record."""
    records.rebuild(s)
    ledger.resettle(s)


def after_merge(s: Any, report: ImportReport, count: bool = True) -> None:
    """Derive what follows from a merge: game by game when all it finished ends after every
    game counted so far (a sync of what friends played since yesterday), else everything again
    (a game that ends earlier, results replaced by another version, two people merged).

    ``count`` False: a page of a sync that more pages follow. The statistics and ratings are
    then counted once, after its last page, instead of again after each (``COUNT_AGAIN`` says
    they wait); settled debts are derived at once, they do not depend on the order of games.
    """
    waiting = settings.get(s, COUNT_AGAIN, False)
    if not report.changed:
        if count and waiting:
            _count_again(s)
        return
    merged_people = report.counts.get("merges", {}).get(ADD, 0) > 0
    if not count:
        if not waiting:
            settings.put(s, COUNT_AGAIN, True)
        _resettle(s, report, everything=merged_people or report.rederived)
        return
    if waiting or merged_people or report.rederived or not records.count_new(s, report.derived):
        rebuild(s)
        settings.delete(s, COUNT_AGAIN)
        return
    _resettle(s, report, everything=False)


def _count_again(s: Any) -> None:
    records.rebuild(s)
    settings.delete(s, COUNT_AGAIN)


def _resettle(s: Any, report: ImportReport, everything: bool) -> None:
    """The settled debts of the dynasties the merge added or whose games it changed (all of
    them when ``everything``)."""
    if everything:
        ledger.resettle(s)
        return
    D = table_of(DynastyRow).c
    ids = {d["id"] for d in report.added.get("dynasties", [])}
    if report.touched:
        ids |= set(s.execute(select(D.id).where(D.game_id.in_(changes.listed(report.touched))))
                   .scalars())
    if ids:
        ledger.resettle(s, sorted(ids))
