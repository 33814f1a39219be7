"""Storage adapter: profiles, saved games, results, statistics and settings in SQLModel.

Only the app and the command line's ``--db`` import this package; the rules
and bots never do. Open one ``Store`` and share it::

    store = Store.open()          # or Store.open("path/to.db") / a SQLAlchemy URL
    if store.notice:              # a damaged file was kept aside
        show(store.notice_key, store.moved_to)
        store.confirm_notice()    # once the person has read it
"""

from core.store.errors import NewerDatabaseError, StoreError
from core.store.location import resolve_location
from core.store.migrations import CURRENT_VERSION
from core.store.repository import GameSummary, Profile, Store

__all__ = ["CURRENT_VERSION", "GameSummary", "NewerDatabaseError", "Profile", "Store",
           "StoreError", "resolve_location"]
