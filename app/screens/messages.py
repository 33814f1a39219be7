"""What the screens tell the person when the store refuses something."""

from __future__ import annotations


def error_text(shell, exc: Exception) -> str:
    """The store error's own text in the app's language, else the exception's message."""
    key = getattr(exc, "key", None)
    params = getattr(exc, "params", {}) or {}
    if key:
        text = shell.t(f"store.{key}", _default="", **params)
        if text:
            return text
    return str(exc)
