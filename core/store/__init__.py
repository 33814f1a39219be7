"""Storage adapter: profiles, saved games, results, statistics, settings and the ledger in SQLModel.

Only the app and the command line's ``--db`` import this package; the rules
and bots never do. Open one ``Store`` and share it::

    store = Store.open()          # or Store.open("path/to.db") / a SQLAlchemy URL
    if store.notice:              # a damaged file was kept aside
        show(store.notice_key, store.moved_to)
        store.confirm_notice()    # once the person has read it

The modules: ``repository`` (the ``Store`` facade and its transactions),
``profiles``, ``games``, ``results`` and ``settings`` (the queries behind it),
``ledger`` and ``ledger_methods`` (Rosenkrieg dynasties played for money and the
ledger's append-only history), ``checks`` (what a game record must look like), ``values`` (what callers get),
``stats`` (the figures), ``records`` (figures, running totals and ratings written
when a game ends) and ``standings`` (reading them back), ``tables`` and
``migrations`` (the schema and its history), ``files`` and ``location`` (the
database file), ``ids`` (stable uuids), ``backup`` and ``backup_kinds`` (backup
files that merge), ``bench`` (how fast the statistics screens get their data).
"""

from core.store.backup import BackupError, ImportReport
from core.store.errors import NewerDatabaseError, StoreError
from core.store.location import resolve_location
from core.store.migrations import CURRENT_VERSION
from core.store.repository import Store
from core.store.values import RESIGNED, Dynasty, GameSummary, Profile

__all__ = ["CURRENT_VERSION", "RESIGNED", "BackupError", "Dynasty", "GameSummary", "ImportReport",
           "NewerDatabaseError", "Profile", "Store", "StoreError", "resolve_location"]
