#!/usr/bin/env python3
"""Set up a local environment on first use, then start the app or run the tests.

    python3 dev.py start [app options]    the app in a browser tab on localhost, offline
    python3 dev.py serve [serve options]  a server for circles of friends (hofstaat serve)
    python3 dev.py test  [pytest options]  the whole test suite, browser tests included
                                           (unit tests in parallel, then the browser tests);
                                           storage tests run on SQLite and on a PostgreSQL
                                           server they start (installed here when missing)

Only Python 3.11+ is needed: the first run creates .venv/ and installs the pinned
dependencies into it (constraints.txt pins every package it pulls in); later runs reinstall
only when pyproject.toml or constraints.txt changed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".hofstaat-installed"


def fail(message: str) -> None:
    sys.stderr.write(f"dev.py: {message}\n")
    sys.exit(2)


def ensure_env(extras: str) -> None:
    """Create .venv and install the project (with ``extras``) unless already up to date."""
    if sys.version_info < (3, 11):
        fail(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + (ROOT / "constraints.txt").read_bytes()
                            + extras.encode()).hexdigest()
    if STAMP.exists() and wanted in STAMP.read_text().split():
        return
    if not PYTHON.exists():
        print("Creating a local environment in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print(f"Installing Hofstaat{extras} and its pinned dependencies …", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "--upgrade", "pip"], check=False)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", "-c", "constraints.txt", "-e", f".{extras}"],
                   cwd=ROOT, check=True)
    old = STAMP.read_text().split() if STAMP.exists() else []
    STAMP.write_text("\n".join([*old, wanted]) + "\n")


def compile_bytecode() -> None:
    """Byte-compile the app's own modules (a fraction of a second when they are up to date).

    An installed app starts from compiled modules; with PYTHONDONTWRITEBYTECODE set (as on
    some build machines) Python would otherwise compile them again at every start: about
    0.3 s of the cold start.
    """
    subprocess.run([str(PYTHON), "-m", "compileall", "-q", "app", "core"], cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL)


def find_chromium() -> str | None:
    """A Chromium for the browser tests: $CHROMIUM, the system's, or Playwright's own."""
    for candidate in [os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser"), shutil.which("google-chrome")]:
        if candidate and Path(candidate).exists():
            return candidate
    return None


def ensure_chromium() -> None:
    found = find_chromium()
    if found:
        os.environ["CHROMIUM"] = found
        return
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        print("Installing Chromium for the browser tests …", flush=True)
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=False)
        if find_chromium():
            os.environ["CHROMIUM"] = find_chromium() or ""
            return
    # Elsewhere Playwright can fetch its own build; the tests pick it up when CHROMIUM is unset.
    print("Fetching Playwright's Chromium for the browser tests …", flush=True)
    subprocess.run([str(PYTHON), "-m", "playwright", "install", "chromium"], check=False)


def find_postgres() -> bool:
    """Whether PostgreSQL's programs are here (the storage tests start a server of their own)."""
    if os.environ.get("HOFSTAAT_TEST_PG") or shutil.which("initdb"):
        return True
    return any(Path(p, "initdb").exists() for p in sorted(Path("/usr/lib/postgresql").glob("*/bin")))


def ensure_postgres() -> None:
    if find_postgres():
        return
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        print("Installing PostgreSQL for the storage tests …", flush=True)
        subprocess.run(["apt-get", "update", "-qq"], check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "postgresql"], check=False,
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    if not find_postgres():
        # The tests then fail and say how to install it; they never pass without it.
        print("PostgreSQL is not installed: install it (apt-get install postgresql, brew install "
              "postgresql) or set HOFSTAAT_TEST_PG to a server's URL.", file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("start", "serve", "test"):
        fail("usage: python3 dev.py start [app options] | python3 dev.py serve [serve options] | "
             "python3 dev.py test [pytest options]")
    command, rest = argv[0], argv[1:]
    if command == "start":
        ensure_env("")
        compile_bytecode()
        return subprocess.call([str(PYTHON), "-m", "app", *rest], cwd=ROOT)
    if command == "serve":
        ensure_env("[server]")
        return subprocess.call([str(PYTHON), "-m", "app", "serve", *rest], cwd=ROOT)
    ensure_env("[test]")
    ensure_chromium()
    ensure_postgres()
    pytest = [str(PYTHON), "-m", "pytest"]
    if rest:  # the caller chose what to run and how
        return subprocess.call([*pytest, *rest], cwd=ROOT)
    # The unit tests on every core, then the browser tests two at a time: each drives an app
    # server and a browser that wait on each other, so two keep two cores busy where one left
    # them half idle (16 min instead of 24 on two cores). A file's tests stay together: they
    # share the server its fixtures start. A test that times the page itself (the splash) runs
    # afterwards with nothing beside it: a second browser and server on two cores made the
    # page's pictures arrive late enough to fail it, which says nothing of a phone's start.
    units = subprocess.call([*pytest, "-m", "not e2e", "-n", str(min(4, os.cpu_count() or 1))], cwd=ROOT)
    browser = subprocess.call([*pytest, "-m", "e2e and not alone", "-n", str(min(2, os.cpu_count() or 1)),
                               "--dist", "loadfile"], cwd=ROOT)
    alone = subprocess.call([*pytest, "-m", "e2e and alone"], cwd=ROOT)
    return units or browser or alone


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
