"""A throwaway PostgreSQL server for the tests and the benchmarks: started in a temporary
folder, reachable only through a Unix socket there, gone when it stops.

It uses the PostgreSQL programs that are installed (Debian's ``postgresql`` package puts
them in ``/usr/lib/postgresql/<version>/bin``). PostgreSQL refuses to run as root, so as
root it runs as the ``postgres`` user the package creates. Durability is switched off
(``fsync=off``): nothing in it outlives the run, and the tests are about what the
database promises to concurrent transactions, not about power cuts.

``HOFSTAAT_TEST_PG`` (a URL such as ``postgresql+psycopg://me@localhost/postgres``) names
a server to use instead; its user must be allowed to create databases.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url

SERVER_VAR = "HOFSTAAT_TEST_PG"
_SEARCH = ["/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/opt/homebrew/opt/postgresql@*/bin",
           "/usr/local/opt/postgresql@*/bin"]


class NoPostgres(RuntimeError):
    """PostgreSQL's programs are not installed, or the server would not start."""


def find_bin() -> Path:
    """The folder holding ``initdb``, ``pg_ctl`` and ``postgres``.

    :raises NoPostgres: when none is found, saying how to install it.
    """
    found = shutil.which("initdb")
    candidates = [Path(found).resolve().parent] if found else []
    for pattern in _SEARCH:
        candidates += sorted((Path(p) for p in glob.glob(pattern)), reverse=True)
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    raise NoPostgres("PostgreSQL is not installed: the storage tests run on it too. "
                     "Install it (Debian/Ubuntu: apt-get install postgresql; macOS: "
                     f"brew install postgresql), or set {SERVER_VAR} to a server's URL.")


class ScratchPostgres:
    """One PostgreSQL server and the databases made on it; ``stop()`` removes it all."""

    def __init__(self) -> None:
        self._folder: str | None = None
        self._bin: Path | None = None
        self._as: list[str] = []
        given = os.environ.get(SERVER_VAR, "").strip()
        if given:
            self.admin_url = make_url(given)
        else:
            self.admin_url = self._start()
        self._admin = create_engine(self.admin_url, isolation_level="AUTOCOMMIT")
        self._numbers = itertools.count(1)
        self._prefix = f"hofstaat_t{os.getpid()}_"

    def _start(self) -> URL:
        self._bin = find_bin()
        self._folder = tempfile.mkdtemp(prefix="hofstaat-pg-")
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            # initdb and postgres refuse to run as root.
            try:
                shutil.chown(self._folder, "postgres")
            except LookupError:
                raise NoPostgres("as root, PostgreSQL runs as the user 'postgres', and there is "
                                 "none; create it (Debian's postgresql package does)") from None
            self._as = ["runuser", "-u", "postgres", "--"]
        data, sockets = os.path.join(self._folder, "data"), self._folder
        self._run("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        options = (f"-k {sockets} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off -c max_connections=200")
        self._run("pg_ctl", "-D", data, "-o", options, "-l", os.path.join(self._folder, "log"),
                  "-w", "-t", "60", "start")
        return URL.create("postgresql+psycopg", username="postgres", database="postgres",
                          query={"host": sockets})

    def _run(self, program: str, *args: str) -> None:
        assert self._bin is not None
        done = subprocess.run([*self._as, str(self._bin / program), *args],
                              capture_output=True, text=True)
        if done.returncode:
            log = Path(self._folder or ".", "log")
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise NoPostgres(f"{program} failed: {done.stderr.strip() or done.stdout.strip()}"
                             f"\n{tail}")

    def new_database(self, name: str = "db") -> str:
        """A new empty database's URL (as text, with no password in it to hide)."""
        database = f"{self._prefix}{next(self._numbers)}_{name}".lower()
        with self._admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE DATABASE "{database}"')
        return self.admin_url.set(database=database).render_as_string(hide_password=False)

    def drop_database(self, url: str) -> None:
        """Drop a database made here, closing whatever is still connected to it."""
        database = make_url(url).database
        with self._admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)'))

    def stop(self) -> None:
        self._admin.dispose()
        if self._folder is None:
            return
        data = os.path.join(self._folder, "data")
        subprocess.run([*self._as, str(self._bin / "pg_ctl"), "-D", data, "-m", "immediate",
                        "-w", "stop"], capture_output=True)
        shutil.rmtree(self._folder, ignore_errors=True)
        self._folder = None
