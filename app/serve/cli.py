"""``hofstaat serve``: run a server for circles of friends on a database (PostgreSQL for real use).

It answers the app's HTTP requests (``app.serve.api``) and serves the members' own web client
(``app.serve.members``: the app in the browser, on their circle) with uvicorn, on 127.0.0.1 by
default:
HTTPS comes from a reverse proxy in front of it (docs/server/). The database holds the
directory of accounts and circles; each circle's records are a store of their own in it.
"""

from __future__ import annotations

import argparse
import getpass
import ipaddress
import logging
import sys
from typing import Any

from core.store import StoreError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line on stderr, exit status 2
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)


def parse(argv: list[str]) -> argparse.Namespace:
    p = _Parser(prog="hofstaat serve", description=(
        "Run a server for circles of friends: accounts, circles, invitations, and the records "
        "each member's app syncs with it. Put it behind a reverse proxy for HTTPS."))
    p.add_argument("--db", metavar="URL", default=None,
                   help="the server's database: a PostgreSQL URL such as "
                        "postgresql+psycopg://hofstaat:secret@localhost/hofstaat (default: "
                        "HOFSTAAT_DB; a SQLite file works for trying it out)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8080, help="port (default 8080)")
    p.add_argument("--proxy", metavar="ADDRESSES", default=None,
                   help="the reverse proxies whose X-Forwarded-For names the member's address, "
                        "comma-separated addresses or networks, '*' for any (default: "
                        "FORWARDED_ALLOW_IPS, or 127.0.0.1 and ::1); wrong passwords from "
                        "one address slow that address's further tries")
    p.add_argument("--set-password", metavar="LOGIN", default=None,
                   help="give the member with this login name a new password (asked for twice "
                        "on a terminal, else the first line of standard input), end their "
                        "sessions, and exit: for a member who forgot theirs")
    args = p.parse_args(argv)
    if not 0 < args.port < 65536:
        p.error(f"--port must be between 1 and 65535, not {args.port}")
    if args.proxy is not None:
        args.proxy = _proxies(p, args.proxy)
    return args


def _set_password(directory: Any, login: str) -> int:
    if sys.stdin.isatty():
        password = getpass.getpass("New password: ")
        if getpass.getpass("The same again: ") != password:
            sys.stderr.write("hofstaat serve: the two passwords differ; nothing was changed\n")
            return 1
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    try:
        account = directory.set_password(login, password)
    except StoreError as exc:
        sys.stderr.write(f"hofstaat serve: {exc}; nothing was changed\n")
        return 1
    print(f"{account.name} ({account.login}) has a new password: every device of theirs signs "
          "in with it again.")
    return 0


def _proxies(p: argparse.ArgumentParser, given: str) -> list[str]:
    found = [part.strip() for part in given.split(",") if part.strip()]
    if not found:
        p.error("--proxy needs at least one address")
    if "*" in found:
        return ["*"]  # uvicorn trusts any proxy only for a lone "*"
    for part in found:
        try:  # as uvicorn reads them, which would take a mistyped one as a name and trust none
            ipaddress.ip_network(part) if "/" in part else ipaddress.ip_address(part)
        except ValueError:
            p.error(f"--proxy: {part!r} is not an address or a network")
    return found


def run(argv: list[str]) -> int:
    args = parse(argv)
    from core.server.directory import Directory

    try:
        directory = Directory.open(args.db)
    except StoreError as exc:
        sys.stderr.write(f"hofstaat serve: cannot open the database: {exc}\n")
        return 1
    if args.set_password is not None:
        with directory:
            return _set_password(directory, args.set_password)
    import uvicorn

    from app.serve.api import make_server
    from core.server.circle_tables import CircleTables
    from core.server.circles import CircleStores
    from core.server.moves import moves_for

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    stores = CircleStores()
    moves = moves_for(directory.location)
    if not moves.ready():
        logging.getLogger("hofstaat.serve").warning(
            "not hearing of moves from the database yet: players on other server processes "
            "see moves late until it is")
    try:
        # No access log: the reverse proxy in front keeps one, and a busy table writes a line
        # per move here otherwise.
        uvicorn.run(make_server(directory, stores, CircleTables(directory, stores, moves)),
                    host=args.host, port=args.port, log_level="info", access_log=False,
                    ws="websockets-sansio", proxy_headers=True,
                    forwarded_allow_ips=args.proxy)
    finally:
        moves.close()
        stores.close()
        directory.close()
    return 0
