"""The web server for guests' phones: a second server in the host app's process and event loop.

The host's own app keeps listening on 127.0.0.1 only. Hosting a table starts this one on the
local network: a Flet web app (``flet_web.fastapi.app``) whose only entry is the guest's page
(``app.host.guest.main``), so a phone can reach the join page and its table and, by
construction, nothing else of the host's app (no home screen, players, settings, backups or
ledger). It runs as a task in the loop Flet's own server runs in (``uvicorn.Server.serve``),
and never touches the process's signal handlers: those stay Flet's (uvicorn's ``serve`` would
install its own for as long as it runs), and stopping the host app ends this server with its
loop. Stopping hosting stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from pathlib import Path
from typing import Any, Callable, Iterator

log = logging.getLogger(__name__)

ASSETS_DIR = str(Path(__file__).resolve().parents[2] / "assets")
START_S = 15.0  # seconds the server may take to answer
STOP_S = 3.0  # seconds open connections get to close when hosting stops


def quiet_server(config: Any) -> Any:
    """A uvicorn server that leaves the process's signal handlers alone.

    uvicorn (with flet-web) is imported only when a table is hosted: a build without the web
    server (a phone's app) never loads it.
    """
    import uvicorn

    class QuietServer(uvicorn.Server):
        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            yield

    return QuietServer(config)


def lan_address() -> str:
    """This machine's address on the local network (the one a phone on the same Wi-Fi reaches),
    found without sending anything; 127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.254.254.254", 1))  # a UDP "connect" only picks the route
            address = s.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address if address and not address.startswith("0.") else "127.0.0.1"


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``: ``port`` when it is free, else any free port.

    :raises OSError: when ``host`` cannot be listened on at all.
    """
    for wanted in dict.fromkeys([port, 0]):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, wanted))
        except OSError:
            sock.close()
            if wanted == 0:
                raise
            continue
        sock.listen(128)
        sock.setblocking(False)
        return sock
    raise OSError(f"cannot listen on {host}")  # not reached


class GuestServer:
    """The guests' web server; ``start`` and ``stop`` run in the app's event loop."""

    def __init__(self, main: Callable[[Any], Any], host: str = "0.0.0.0", port: int = 8551,
                 assets_dir: str = ASSETS_DIR) -> None:
        self.main = main
        self.host = host
        self.wanted_port = port
        self.assets_dir = assets_dir
        self.port: int | None = None
        self.server: Any = None
        self.task: asyncio.Task | None = None

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def app(self) -> Any:
        from flet_web.fastapi import app as flet_app

        return flet_app(self.main, no_cdn=True, assets_dir=self.assets_dir)

    async def start(self) -> int:
        """Listen and serve; returns the port once the server answers.

        :raises OSError: when the address cannot be listened on or the server does not start.
        """
        sock = bind_socket(self.host, self.wanted_port)
        self.port = sock.getsockname()[1]
        import uvicorn

        config = uvicorn.Config(self.app(), log_level="warning", ws="websockets-sansio",
                                lifespan="off", timeout_graceful_shutdown=STOP_S)
        self.server = quiet_server(config)
        self.task = asyncio.get_running_loop().create_task(self.server.serve(sockets=[sock]))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + START_S
        while not self.server.started:
            if self.task.done() or loop.time() > deadline:
                sock.close()
                error = self.task.exception() if self.task.done() and not self.task.cancelled() else None
                raise OSError(f"the guests' server did not start: {error}")
            await asyncio.sleep(0.02)
        log.info("guests' server on %s:%s", self.host, self.port)
        return self.port

    async def stop(self) -> None:
        """Stop serving; open guest pages lose their connection."""
        if self.server is None or self.task is None:
            return
        self.server.should_exit = True
        try:
            await asyncio.wait_for(asyncio.shield(self.task), STOP_S + 2)
        except asyncio.TimeoutError:
            self.server.force_exit = True
            self.task.cancel()
        except Exception:  # the server failed on its way out: it is stopped all the same
            log.exception("the guests' server stopped badly")
        self.task = None
