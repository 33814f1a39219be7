"""A real Flet page without a client, for tests of code that talks to client services.

FLET-NOTES 3b: a ``Session`` over a connection that records (and msgpack-encodes, which
is what keeps Flet's diff snapshots) every message the app sends. The test plays the
client: it answers method calls and fires control events. Private API of Flet 1.0.5.
"""

from __future__ import annotations

import asyncio
import contextvars
from typing import Any

import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class RecordingConnection(Connection):
    def __init__(self) -> None:
        super().__init__()
        self.messages: list[Any] = []
        self.pubsubhub = PubSubHub()

    def send_message(self, message) -> None:
        msgpack.packb([message.action, message.body], default=ENCODE)
        self.messages.append(message)


class HeadlessPage:
    """One session's page; create it inside a running event loop."""

    def __init__(self, **page_props: Any) -> None:
        self.conn = RecordingConnection()
        self.conn.loop = asyncio.get_running_loop()
        self.session = Session(self.conn)
        self.page = self.session.page
        self.session.apply_page_patch({"width": 400, "height": 800, **page_props})
        msgpack.packb(self.session.get_page_patch(), default=ENCODE)
        _context_page.set(self.page)
        # Flet dispatches every event in a task of its own: what one handler sets in the
        # context (no page update after it, for one) must not carry over to the next.
        self._event_context = contextvars.copy_context()

    def calls(self, control: BaseControl | None = None) -> list[Any]:
        """Method calls sent to the client (to one control), oldest first."""
        return [m.body for m in self.conn.messages if m.action == MessageAction.INVOKE_METHOD
                and (control is None or m.body.control_id == control._i)]

    def answer(self, call: Any, error: str | None = None, result: Any = None) -> None:
        self.session.handle_invoke_method_results(call.control_id, call.call_id, result, error)

    async def fire(self, control: BaseControl, event: str, data: Any = None) -> None:
        """As Flet's server does: the handler, then the page update unless it sent something or
        said not to (``dispatch_event`` does both), in a task of its own."""
        await asyncio.get_running_loop().create_task(self.session.dispatch_event(control._i, event, data),
                                                     context=self._event_context.copy())

    async def set_by_client(self, control: BaseControl, prop: str, value: Any, event: str = "change") -> None:
        """As the browser does when the person types or picks: the new value first, then the event."""
        self.session.apply_patch(control._i, {prop: value})
        await self.fire(control, event)

    async def settle(self, rounds: int = 5) -> None:
        for _ in range(rounds):
            await asyncio.sleep(0)
