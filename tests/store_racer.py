"""What one process does in the concurrency tests: play moves on a shared game, or pay a debt,
through its own ``Store`` on the shared database, starting when every racer is ready."""

from __future__ import annotations

from core.session import GameSession
from core.store import Store, StoreError


def play_moves(location: str, game_id: int, moves: int, start, out) -> None:
    """Make ``moves`` moves on the game, each from a copy loaded just before; a save refused as
    stale is loaded again and tried again. Puts the (revision, actions) of every save the store
    acknowledged, then the number of refusals, on ``out``."""
    store = Store.open(location)
    acknowledged, refused = [], 0
    start.wait()
    try:
        while len(acknowledged) < moves:
            session = GameSession.restore(store.load_game(game_id), saver=store)
            if session.over:
                break
            try:
                session.apply(session.legal()[0])
            except StoreError as exc:
                assert exc.key == "game_stale", exc.key
                refused += 1
                continue
            acknowledged.append((session.revision, list(session.actions)))
    finally:
        store.close()
    out.put((acknowledged, refused))


def pay(location: str, payer: str, payee: str, cents: int, start, out) -> None:
    """Pay ``cents`` as shown on the screen (``seen``); puts "paid" or the refusal's key on ``out``."""
    store = Store.open(location)
    start.wait()
    try:
        store.record_payment(payer, payee, cents, seen=cents)
        out.put("paid")
    except StoreError as exc:
        out.put(exc.key)
    finally:
        store.close()
