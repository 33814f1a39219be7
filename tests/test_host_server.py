"""The guests' web server (issue 27): a second server in the app's own event loop that serves the
guest's page only, leaves the process's signal handlers to the app's own server, and stops."""

from __future__ import annotations

import asyncio
import signal
import socket
import urllib.request

from app.host.server import GuestServer, bind_socket, lan_address


async def _nothing(page) -> None:
    return None


def test_the_guests_server_runs_in_the_app_s_loop_without_taking_its_signals_and_stops():
    async def main():
        mine = lambda signum, frame: None  # noqa: E731  (stands in for Flet's handler)
        old = {sig: signal.signal(sig, mine) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            server = GuestServer(_nothing, "127.0.0.1", 0)
            port = await server.start()
            assert server.running and signal.getsignal(signal.SIGTERM) is mine
            assert signal.getsignal(signal.SIGINT) is mine
            page = await asyncio.to_thread(
                lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read())
            assert b"flutter" in page.lower()  # Flet's web client, served offline
            await server.stop()
            assert not server.running and signal.getsignal(signal.SIGTERM) is mine
        finally:
            for sig, handler in old.items():
                signal.signal(sig, handler)

    asyncio.run(main())


def test_a_taken_port_gives_way_to_a_free_one():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        sock = bind_socket("127.0.0.1", port)
        try:
            assert sock.getsockname()[1] not in (port, 0)
        finally:
            sock.close()


def test_the_lan_address_is_an_ip_address():
    import ipaddress

    assert ipaddress.ip_address(lan_address()).version == 4
