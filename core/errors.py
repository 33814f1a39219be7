"""The one error hierarchy of the engine; every message says why."""


class RulesError(ValueError):
    """Base of every error the engine raises about its input."""


class MalformedAction(RulesError):
    """Text that is not an action of this game at all."""


class IllegalAction(RulesError):
    """A well-formed action that the rules do not allow now."""


class BadState(RulesError):
    """A saved state that cannot be read or breaks the game's invariants."""


class BadOption(RulesError):
    """An unknown option, an option value out of range, or a bad player count."""


class UnknownGame(RulesError):
    """A game name that is not registered."""


class UnknownLevel(RulesError):
    """A bot level that does not exist for this game."""
