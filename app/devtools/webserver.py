"""The unmodified app as an offline web server on a free local port, for browser tests and
the app benchmark: ``start_server(db, log)`` returns once it answers HTTP."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",
                 "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def web_env(port: int) -> dict[str, str]:
    """The environment for a Flet app served offline on 127.0.0.1 at ``port``."""
    return dict(os.environ, FLET_FORCE_WEB_SERVER="true", FLET_WEB_NO_CDN="true",
                FLET_SERVER_IP="127.0.0.1", FLET_SERVER_PORT=str(port))


def spawn(db: Path, log: Path, port: int | None = None) -> tuple[subprocess.Popen, str]:
    """``python -m app`` on ``port`` (a free one by default) with the given database; it may
    not answer yet."""
    port = port or free_port()
    env = web_env(port)
    env.pop("HOFSTAAT_DB", None)
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port), "--db", str(db)],
                                env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    return proc, f"http://127.0.0.1:{port}"


def spawn_host(db: Path, log: Path, ports: tuple[int, int] | None = None) -> tuple[subprocess.Popen, str, str]:
    """``hofstaat host`` with the given database, the app and the guests' server each on a free
    port of 127.0.0.1 (or on ``ports``: the app's and the guests', as before a restart; the join
    link says 127.0.0.1 too: the phones are browsers on this machine), once it answers; its
    process, the app's URL and the guests' URL."""
    port, guests = ports or (free_port(), free_port())
    env = web_env(port)
    env.pop("HOFSTAAT_DB", None)
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "app", "host", "--guest-port", str(guests),
                                 "--guest-bind", "127.0.0.1", "--lan-address", "127.0.0.1",
                                 "--port", str(port), "--db", str(db)],
                                env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(proc, url, log)
    return proc, url, f"http://127.0.0.1:{guests}"


def wait_until_up(proc: subprocess.Popen, url: str, log: Path, seconds: float = 40) -> None:
    """:raises RuntimeError: with the server's log when it exits or does not answer in time."""
    deadline = time.time() + seconds
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=1).read()
            return
        except Exception:
            if proc.poll() is not None or time.time() > deadline:
                proc.kill()
                raise RuntimeError(f"Hofstaat did not start:\n{log.read_text()}") from None
            time.sleep(0.05)


def start_server(db: Path, log: Path) -> tuple[subprocess.Popen, str]:
    """The app on a free port with the given database, once it answers HTTP."""
    proc, url = spawn(db, log)
    wait_until_up(proc, url, log)
    return proc, url


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
