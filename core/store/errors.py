"""The one error type of the storage adapter; every message says what to do or why."""

from __future__ import annotations

from typing import Any


class StoreError(Exception):
    """Saved data that cannot be used, or a request the store refuses.

    ``key`` names the kind of problem so the UI can show it in the user's
    language; ``params`` holds the values its message quotes.
    """

    def __init__(self, message: str, key: str = "store_error", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class NewerDatabaseError(StoreError):
    """The database was written by a newer Hofstaat; it is left untouched."""
