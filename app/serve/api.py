"""The HTTP interface of a circle's server (``hofstaat serve``): JSON in and out, HTTPS from a
reverse proxy in front of it.

Accounts and sessions (``/api/accounts``, ``/api/sessions``), circles, invitations and members
(``/api/circles...``), and the sync of a device's records with a circle
(``POST /api/circles/{id}/sync``). A request names its session with ``Authorization: Bearer
<token>``. A refusal is ``{"error": key, "message": text, "params": {...}}`` with a status
that says what kind it is; a stranger's request about a circle gets the same 404 whether the
circle exists or not.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel

from app.serve.table_api import STATUS as TABLE_STATUS
from app.serve.table_api import add_table_routes
from core.server.circle_tables import CircleTables
from core.server.circles import CircleStores
from core.server.directory import Account, Circle, Directory
from core.store import BackupError, Store, StoreError
from core.store.sync import PROTOCOL, answer

ASSETS_DIR = str(Path(__file__).resolve().parents[2] / "assets")
STATUS = {"sign_in_failed": 401, "session_expired": 401, "sign_in_wait": 429,
          "password_wrong": 403,
          "circle_unknown": 404, "invitation_invalid": 404, "login_taken": 409,
          "circle_member": 409, "sync_restart": 409, "sync_version": 400, **TABLE_STATUS}

LANDING = """<!doctype html><html lang="en"><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Hofstaat</title>
<body style="font-family: sans-serif; max-width: 32em; margin: 3em auto; padding: 0 1em">
<h1>Hofstaat</h1>
<p>This is a Hofstaat server for circles of friends. To sync your games, statistics and
debts with it, open the Hofstaat app on your phone: <b>Settings → Sync with a server</b>,
and enter this page's address.</p>
<p lang="de">Dies ist ein Hofstaat-Server für Runden von Freunden. Zum Abgleichen in der
Hofstaat-App: <b>Einstellungen → Mit einem Server abgleichen</b>, dort diese Adresse
eingeben.</p></body></html>"""


class NewAccount(BaseModel):
    login: str
    name: str
    password: str


class Credentials(BaseModel):
    login: str
    password: str


class NewPassword(BaseModel):
    old: str
    new: str


class NewCircle(BaseModel):
    name: str


class Joining(BaseModel):
    code: str


class Exchange(BaseModel):
    protocol: int
    since: int
    changes: str
    more: bool = False  # more pages of the device's follow (older apps do not say)


def address_of(request: Request) -> str | None:
    """The client's address: behind a trusted proxy, uvicorn has taken it from the proxy's
    X-Forwarded-For (``hofstaat serve --proxy``)."""
    return request.client.host if request.client else None


def make_server(directory: Directory, stores: CircleStores, tables: CircleTables) -> FastAPI:
    """The whole server: the HTTP interface under ``/api``, and everywhere else the members'
    web client (the app, signed in to a circle)."""
    from flet_web.fastapi import app as flet_app

    from app.serve.members import make_member_main

    server = make_api(directory, stores, tables, landing=False)
    server.mount("/", flet_app(make_member_main(directory, stores, tables), no_cdn=True,
                               assets_dir=ASSETS_DIR))
    return server


def make_api(directory: Directory, stores: CircleStores, tables: CircleTables,
             landing: bool = True) -> FastAPI:
    """The server's web application."""
    api = FastAPI(title="Hofstaat", docs_url=None, redoc_url=None, openapi_url=None)

    @api.exception_handler(StoreError)
    async def refused(_request: Request, exc: StoreError) -> JSONResponse:
        status = 422 if isinstance(exc, BackupError) else STATUS.get(exc.key, 400)
        headers = {"Retry-After": str(max(1, round(exc.params.get("wait", 0))))} \
            if exc.key == "sign_in_wait" else None
        params = {k: v for k, v in exc.params.items() if isinstance(v, (str, int, float, bool))}
        return JSONResponse({"error": exc.key, "message": str(exc), "params": params},
                            status_code=status, headers=headers)

    @api.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return JSONResponse({"error": "request_invalid", "params": {"field": where},
                             "message": f"the request is not what this server takes: {where} "
                                        f"{first.get('msg', '')}".strip()}, status_code=400)

    def token_of(authorization: str | None) -> str:
        return (authorization or "").removeprefix("Bearer ").strip()

    def account(authorization: str | None) -> Account:
        return directory.account_of(token_of(authorization))

    def circle_json(circle: Circle) -> dict[str, Any]:
        return {"id": circle.id, "name": circle.name, "role": circle.role,
                "identity": f"{directory.instance}/{circle.store_key}"}

    if landing:  # without the members' client (the tests of the interface alone)
        api.get("/", response_class=HTMLResponse)(lambda: LANDING)

    @api.get("/api/info")
    def info() -> dict[str, Any]:
        return {"app": "hofstaat", "protocol": PROTOCOL, "server": directory.instance}

    @api.post("/api/accounts", status_code=201)
    def register(body: NewAccount) -> dict[str, Any]:
        made = directory.register(body.login, body.name, body.password)
        return {"login": made.login, "name": made.name}

    @api.post("/api/sessions", status_code=201)
    def sign_in(body: Credentials, request: Request) -> dict[str, Any]:
        signed = directory.sign_in(body.login, body.password, address_of(request))
        return {"token": signed.token, "expires_at": signed.expires_at,
                "login": signed.account.login, "name": signed.account.name}

    @api.put("/api/accounts/password", status_code=204)
    def change_password(body: NewPassword, request: Request,
                        authorization: str | None = Header(None)) -> None:
        # Every other session of the account ends; this one goes on.
        directory.change_password(token_of(authorization), body.old, body.new,
                                  address_of(request))

    @api.delete("/api/sessions", status_code=204)
    def sign_out(authorization: str | None = Header(None)) -> None:
        account(authorization)
        directory.sign_out(token_of(authorization))

    @api.get("/api/circles")
    def circles(authorization: str | None = Header(None)) -> list[dict[str, Any]]:
        return [circle_json(c) for c in directory.circles_of(account(authorization).id)]

    @api.post("/api/circles", status_code=201)
    def create_circle(body: NewCircle, authorization: str | None = Header(None)) -> dict[str, Any]:
        return circle_json(directory.create_circle(account(authorization).id, body.name))

    @api.post("/api/circles/join")
    def join(body: Joining, authorization: str | None = Header(None)) -> dict[str, Any]:
        return circle_json(directory.join(account(authorization).id, body.code))

    @api.post("/api/circles/{circle_id}/invitations", status_code=201)
    def invite(circle_id: int, authorization: str | None = Header(None)) -> dict[str, Any]:
        made = directory.invite(account(authorization).id, circle_id)
        return {"code": made.code, "expires_at": made.expires_at}

    @api.get("/api/circles/{circle_id}/members")
    def members(circle_id: int, authorization: str | None = Header(None)) -> list[dict[str, Any]]:
        return [{"account": m.account_id, "name": m.name, "role": m.role, "joined_at": m.joined_at}
                for m in directory.members(account(authorization).id, circle_id)]

    @api.post("/api/circles/{circle_id}/sync")
    def sync(circle_id: int, body: Exchange,
             authorization: str | None = Header(None)) -> dict[str, Any]:
        who = account(authorization)
        if body.protocol != PROTOCOL:
            raise StoreError(f"this server syncs with protocol {PROTOCOL}, the app sent "
                             f"{body.protocol}: update the app or the server", "sync_version",
                             server=PROTOCOL, app=body.protocol)
        store = stores.of(directory.circle_location(who.id, circle_id))
        changes, upto, more = answer(store, body.changes, body.since, more=body.more)
        return {"changes": changes, "upto": upto, "more": more}

    add_table_routes(api, directory, tables, account)

    return api
