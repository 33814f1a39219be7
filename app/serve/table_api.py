"""A circle's tables over HTTP and a websocket: members play from their own devices.

- ``GET /api/circles/{id}/tables``: the tables where the member has a seat;
- ``POST /api/circles/{id}/tables``: deal a game at a new table (``game``, ``seats``: each
  ``{"member": account id}`` or ``{"computer": level}``);
- ``GET /api/circles/{id}/tables/{table}``: the table as the member's seat sees it (who sits
  where: ``names`` as stored, ``computer`` and ``levels``, by which a client names the
  computer in its own language);
- ``POST /api/circles/{id}/tables/{table}/moves``: a move (``action``) in the game at
  ``revision``;
- ``/api/circles/{id}/tables/{table}/live`` (websocket, ``Authorization: Bearer`` as for the
  rest): the table as the seat sees it at once and after every move anyone makes, through any
  process of the server; a message ``{"action", "revision"}`` is a move, answered by the table
  afterwards or ``{"type": "refused", "error", "message"}``. A socket that may not see the
  table is closed with code 4401 (not signed in) or 4404 (no such table for this member, one
  answer whether it exists or not).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any, Callable

from fastapi import FastAPI, Header, WebSocket, WebSocketDisconnect
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from core.server.circle_tables import CircleTables, Place
from core.server.directory import Account, Directory
from core.store import StoreError

STATUS = {"table_unknown": 404, "game_stale": 409, "not_your_turn": 409, "game_finished": 409,
          "action_illegal": 422, "table_seats": 400, "table_game": 400}
SIGNED_OUT = ("session_expired", "sign_in_failed")


class NewTable(BaseModel):
    game: str
    seats: list[dict[str, Any]]
    seed: int | None = None
    options: dict[str, Any] | None = None


class Move(BaseModel):
    action: str
    revision: int


def add_table_routes(api: FastAPI, directory: Directory, tables: CircleTables,
                     account: Callable[[str | None], Account]) -> None:
    """The routes above, on ``api``; ``account`` finds who an Authorization header names."""

    @api.get("/api/circles/{circle_id}/tables")
    def listed(circle_id: int, authorization: str | None = Header(None)) -> list[dict[str, Any]]:
        return tables.tables(account(authorization).id, circle_id)

    @api.post("/api/circles/{circle_id}/tables", status_code=201)
    def open_table(circle_id: int, body: NewTable,
                   authorization: str | None = Header(None)) -> dict[str, Any]:
        return tables.open_table(account(authorization).id, circle_id, body.game, body.seats,
                                 body.seed, body.options)

    @api.get("/api/circles/{circle_id}/tables/{table}")
    def look(circle_id: int, table: int, authorization: str | None = Header(None)) -> dict[str, Any]:
        place, seat = tables.place(account(authorization).id, circle_id, table)
        return tables.look(place, seat)

    @api.post("/api/circles/{circle_id}/tables/{table}/moves")
    def move(circle_id: int, table: int, body: Move,
             authorization: str | None = Header(None)) -> dict[str, Any]:
        place, seat = tables.place(account(authorization).id, circle_id, table)
        return tables.act(place, seat, body.action, body.revision)

    @api.websocket("/api/circles/{circle_id}/tables/{table}/live")
    async def live(socket: WebSocket, circle_id: int, table: int) -> None:
        await socket.accept()
        try:
            who = await run_in_threadpool(account, socket.headers.get("authorization"))
            place, seat = await run_in_threadpool(tables.place, who.id, circle_id, table)
        except StoreError as exc:
            await socket.close(code=closing_code(exc), reason=exc.key)
            return

        def still_seated() -> None:  # the session may end, or the seat be lost, meanwhile
            tables.place(account(socket.headers.get("authorization")).id, circle_id, table)

        await Live(socket, tables, place, seat, still_seated).run()


def closing_code(exc: StoreError) -> int:
    return 4401 if exc.key in SIGNED_OUT else 4404


class Live:
    """One member's websocket at one table."""

    def __init__(self, socket: WebSocket, tables: CircleTables, place: Place, seat: int,
                 still_seated: Callable[[], None]) -> None:
        self.socket = socket
        self.still_seated = still_seated
        self.tables = tables
        self.place = place
        self.seat = seat
        self.sent = -1  # the revision the device has last been sent
        self._sending = asyncio.Lock()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        news: asyncio.Queue[int | None] = asyncio.Queue()
        stop = self.tables.moves.watch(*self.place.key,
                                       lambda r: loop.call_soon_threadsafe(news.put_nowait, r))
        follow = asyncio.create_task(self._follow(news))
        try:
            await self._send(await run_in_threadpool(self.tables.look, self.place, self.seat))
            await run_in_threadpool(self.tables.drive, self.place)  # a process that stopped mid-turn
            while True:
                message = await self.socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                try:  # every move is made by someone signed in now, at their seat now
                    await run_in_threadpool(self.still_seated)
                except StoreError as exc:
                    await self.socket.close(code=closing_code(exc), reason=exc.key)
                    break
                await self._answer(message.get("text") or (message.get("bytes") or b"").decode(
                    "utf-8", "replace"))
        except (WebSocketDisconnect, RuntimeError):
            pass  # the device went
        finally:
            stop()
            follow.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await follow

    async def _follow(self, news: asyncio.Queue[int | None]) -> None:
        while True:
            revision = await news.get()
            while not news.empty():  # several moves meanwhile: the latest is what counts
                revision = max(revision or 0, news.get_nowait() or 0) or None
            if revision is not None and revision <= self.sent:
                continue
            try:
                await self._send(await run_in_threadpool(self.tables.look, self.place, self.seat,
                                                         revision))
            except StoreError:
                continue  # the game cannot be read just now: the next move brings it
            except (WebSocketDisconnect, RuntimeError):
                return

    async def _answer(self, text: str) -> None:
        try:
            message = json.loads(text)
            if not isinstance(message, dict):
                raise StoreError("a move is {\"action\": ..., \"revision\": ...}", "request_invalid")
            body = Move.model_validate(message)
            seen = await run_in_threadpool(self.tables.act, self.place, self.seat, body.action,
                                           body.revision)
        except StoreError as exc:
            await self._send_refusal(exc.key, str(exc))
            return
        except ValueError as exc:  # a message that is no move
            await self._send_refusal("request_invalid", str(exc).splitlines()[0])
            return
        await self._send(seen)

    async def _send(self, look: dict[str, Any]) -> None:
        async with self._sending:
            if look["revision"] > self.sent:
                self.sent = look["revision"]
                await self.socket.send_json({"type": "table", **look})

    async def _send_refusal(self, key: str, message: str) -> None:
        async with self._sending:
            await self.socket.send_json({"type": "refused", "error": key, "message": message})
