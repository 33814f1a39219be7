"""A table hosted for friends' phones on the local network: join codes and seat tokens.

Pure Python like the engine: the app's web server (``app``) puts these behind its pages.
"""

from core.host.codes import Gate, GateClosed, new_code, normalise, spaced
from core.host.seats import Holder, SeatBook, SeatError

__all__ = ["Gate", "GateClosed", "Holder", "SeatBook", "SeatError", "new_code", "normalise", "spaced"]
