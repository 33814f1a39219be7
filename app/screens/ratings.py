"""Ratings: ``/ratings`` shows every game's leaderboard (openskill, one number per player)."""

from __future__ import annotations

import logging

import flet as ft

from app import catalog
from app.screens import records_model as rm
from app.screens import records_ui as ui

log = logging.getLogger(__name__)

BOARD = 10


def view(shell) -> ft.View:
    t = shell.t
    controls: list[ft.Control] = [ft.Container(ui.rating_explainer(shell), margin=ft.Margin.only(top=16))]
    columns = []
    for game in rm.GAMES:
        try:
            rows = shell.state.store.leaderboard(game, BOARD)
        except Exception as exc:
            log.warning("cannot read the leaderboard of %s: %s", game, exc)
            rows = []
        columns.append(ft.Container(ft.Column(
            [ui.section(catalog.title(game, t, shell.lang)), *ui.leaderboard_rows(shell, rows, game)],
            spacing=8, tight=True), col={"xs": 12, "md": 6}))
    controls.append(ft.ResponsiveRow(columns, spacing=16, run_spacing=8))
    controls.append(ft.Container(height=10))
    return shell.sub_view("/ratings", t("rec.ratings"), controls)
