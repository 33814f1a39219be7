"""Passwords: hashed with Argon2id (argon2-cffi), checked in constant time, never stored."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from core.store.errors import StoreError

MIN_LENGTH = 10
MAX_LENGTH = 200

# argon2-cffi's defaults (RFC 9106's second recommendation: 64 MiB, 3 passes) at the time of
# writing; a hash made with older settings is replaced at the next sign-in.
STRONG = PasswordHasher()


def check_new(password: str) -> str:
    """A new password as it will be hashed.

    :raises StoreError: ``password_weak`` (params ``least``) when it is too short or too long.
    """
    if not isinstance(password, str) or not MIN_LENGTH <= len(password) <= MAX_LENGTH:
        raise StoreError(f"a password needs {MIN_LENGTH} to {MAX_LENGTH} characters",
                         "password_weak", least=MIN_LENGTH)
    return password


class Passwords:
    """Hashes and checks passwords with one set of Argon2 parameters (tests use cheap ones)."""

    def __init__(self, hasher: PasswordHasher = STRONG) -> None:
        self.hasher = hasher
        # Checked when there is no such account, so a wrong name takes as long as a wrong password.
        self._decoy = hasher.hash("no account has this password")

    def hash(self, password: str) -> str:
        return self.hasher.hash(check_new(password))

    def matches(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` is the one ``stored`` was made from (None: check the decoy)."""
        if not isinstance(password, str) or len(password) > MAX_LENGTH:
            password = ""
        try:
            return self.hasher.verify(stored or self._decoy, password) and stored is not None
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def outdated(self, stored: str) -> bool:
        """Whether a hash was made with weaker parameters than today's."""
        try:
            return self.hasher.check_needs_rehash(stored)
        except InvalidHashError:
            return True
