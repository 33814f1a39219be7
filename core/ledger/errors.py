"""The one error type of the ledger: input that cannot become money, a Partie or a payment."""

from __future__ import annotations

from typing import Any


class LedgerError(ValueError):
    """Input the ledger refuses; nothing was computed from it.

    ``key`` names the kind of problem so the UI can show it in the user's
    language (the store passes it on in its ``StoreError``); ``params`` holds
    the values its message quotes.
    """

    def __init__(self, message: str, key: str = "ledger_error", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params
