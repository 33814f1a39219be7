"""A choice among a few labelled values as a segmented control that fits its width: as many rows of
segments as it takes for every segment to be a full tap target (``theme.MIN_TARGET``) with its
label whole, on two lines at most ("Standard" does not fit a sixth of a phone; 1 … 8 do not fit
one row of 48 px segments). Each row is a segmented control of its own; the chosen value is lit
in whichever row it is.
"""

from __future__ import annotations

from typing import Callable, Collection

import flet as ft

from app import text_fit, theme

LABEL_SIZE = 13
SIDES = 2 * theme.SEGMENT_PADDING.left + 2  # a segment's side padding and border
LABEL_SPACING = 0.1  # the letter spacing of the theme's label style, which segments use


def label_lines(label: str, room: float, size: float = LABEL_SIZE) -> int:
    """How many lines ``label`` takes in ``room`` px, wrapped at spaces (99: a word alone is too wide)."""
    lines, line = 1, ""
    for word in label.split():
        if not text_fit.fits(word, room, theme.SANS_BOLD, size, LABEL_SPACING):
            return 99
        trial = f"{line} {word}" if line else word
        if line and not text_fit.fits(trial, room, theme.SANS_BOLD, size, LABEL_SPACING):
            lines, line = lines + 1, word
        else:
            line = trial
    return lines


def rows(labels: list[str], width: float, size: float = LABEL_SIZE) -> list[int]:
    """How many segments go in each row of a control ``width`` px wide (the first rows take one more
    when they do not come out even)."""
    n = len(labels)
    for count in range(1, n + 1):
        per = -(-n // count)
        room = width / per - SIDES
        if width / per >= theme.MIN_TARGET and all(label_lines(x, room, size) <= 2 for x in labels):
            return [len(labels[i:i + per]) for i in range(0, n, per)]
    return [1] * n


def segmented(choices: list[tuple[str, str]], chosen: str | None, width: float,
              on_pick: Callable[[str], None], *, size: float = LABEL_SIZE,
              disabled: Collection[str] = ()) -> list[ft.Control]:
    """Rows of segments for ``choices`` (value, label) in ``width`` px; ``on_pick(value)`` after a tap
    on another value (a tap on the chosen one keeps it)."""
    buttons: list[ft.SegmentedButton] = []
    state = {"chosen": chosen}

    def changed(e) -> None:
        value = next(iter(e.control.selected), None)
        if value is not None:
            state["chosen"] = value
        for b in buttons:
            b.selected = [state["chosen"]] if any(s.value == state["chosen"] for s in b.segments) else []
        if value is not None:
            on_pick(value)

    out: list[ft.Control] = []
    start = 0
    for count in rows([label for _v, label in choices], width, size):
        part = choices[start:start + count]
        start += count
        button = ft.SegmentedButton(
            segments=[ft.Segment(value=v, label=ft.Text(label, size=size, max_lines=2, text_align=ft.TextAlign.CENTER,
                                                        overflow=ft.TextOverflow.ELLIPSIS), disabled=v in disabled)
                      for v, label in part],
            selected=[chosen] if any(v == chosen for v, _ in part) else [], show_selected_icon=False,
            allow_empty_selection=True, allow_multiple_selection=False, expand=True, on_change=changed)
        buttons.append(button)
        out.append(ft.Row([button]))
    return out
