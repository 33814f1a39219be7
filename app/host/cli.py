"""``hofstaat host``: start Hofstaat ready to host tables for phones, with the guests' address.

The app itself starts as with ``hofstaat`` and still listens on 127.0.0.1 only (the options
after the host's own are the app's: ``--port``, ``--db`` …). A game with a seat for a friend's
phone then opens the guests' server at ``--guest-bind``:``--guest-port`` (any free port when
that one is taken), and its join screen shows ``--lan-address`` (by default this machine's
address on the local network) in the link and the QR code.
"""

from __future__ import annotations

import argparse
import ipaddress
import sys

from app.host import hosting


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line on stderr, exit status 2
        sys.stderr.write(f"{self.prog}: {message}\n")
        raise SystemExit(2)


def configure(argv: list[str]) -> list[str]:
    """Take the hosting options from ``argv`` (after ``host``); the rest is the app's command line."""
    p = _Parser(prog="hofstaat host", description=(
        "Start Hofstaat to host tables for friends' phones on the local network: a game with a "
        "seat for 'a friend's phone' shows a QR code and a join code. Other options are the app's "
        "(see 'hofstaat --help')."))
    p.add_argument("--guest-port", type=int, default=hosting.Options.port,
                   help=f"port of the guests' server (default {hosting.Options.port}; a free one if taken)")
    p.add_argument("--guest-bind", default=hosting.Options.bind, metavar="ADDRESS",
                   help="address the guests' server listens on (default 0.0.0.0: the local network)")
    p.add_argument("--lan-address", default=None, metavar="ADDRESS",
                   help="address phones use, shown in the join link (default: this machine's on the network)")
    args, rest = p.parse_known_args(argv)
    if not 0 <= args.guest_port < 65536:
        p.error(f"--guest-port must be between 0 and 65535, not {args.guest_port}")
    for name in ("guest_bind", "lan_address"):
        value = getattr(args, name)
        if value is not None:
            try:
                ipaddress.ip_address(value)
            except ValueError:
                p.error(f"--{name.replace('_', '-')} must be an IP address, not {value!r}")
    hosting.OPTIONS = hosting.Options(bind=args.guest_bind, port=args.guest_port, address=args.lan_address)
    return rest
