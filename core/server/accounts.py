"""An account on a circle's server as the directory hands it out, and the small pieces that
every part of the directory names accounts and sessions by (``core.server.directory``,
``core.server.password_changes``)."""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Account:
    id: int
    login: str
    name: str
    created_at: float


@dataclass(frozen=True)
class SignIn:
    """A session: ``token`` is the secret the device keeps; only its hash is stored."""

    token: str
    account: Account
    expires_at: float


def fold(login: Any) -> str:
    """A login name as sign-in compares it: NFKC, case-folded, without outer spaces."""
    return unicodedata.normalize("NFKC", str(login)).strip().casefold()


def digest(secret: str) -> str:
    """What is stored of a secret (a session's token, an invitation's code)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def account_of_row(row: Any) -> Account:
    return Account(row.id, row.login, row.name, row.created_at)
