"""``hofstaat serve`` as its own process on a free local port, for the tests and the load
script that need several server processes on one database."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from app.devtools.webserver import ROOT, free_port


class Served:
    """One ``hofstaat serve`` process on ``db``; ``url`` is where it answers."""

    def __init__(self, db: str, log: Path, wait: float = 60.0) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._log = open(log, "w")
        self.log = log
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--db", db, "--port", str(self.port)],
            cwd=ROOT, stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + wait
        while True:
            try:
                with urllib.request.urlopen(self.url + "/api/info", timeout=2) as answer:
                    if json.loads(answer.read())["app"] == "hofstaat":
                        return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"hofstaat serve did not start: {log.read_text()[-2000:]}")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._log.close()

    def __enter__(self) -> Served:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
