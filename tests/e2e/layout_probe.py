"""Start the app as ``python -m app`` would, with every control telling the server its laid-out size.

Used by ``test_layout.py`` only. Every ``LayoutControl`` the app sends gets an
``on_size_change`` handler (Flet's own event: Flutter reports the size it gave the control
after layout), and a small HTTP endpoint on ``LAYOUT_PROBE_PORT`` answers, for the session
showing a route at a window width, what is on screen:

- every Text (and every button whose label is a plain string) with its words, its font
  (family, size, letter spacing; a style it inherits is resolved as the theme sets it), its
  line limits and the size Flutter gave it. The test measures the words in the browser, in
  the fonts the app ships, and compares;
- every Row and Column (not scrolling, not wrapping) whose children, with the spacing between
  them, take more room than the Row or Column has: Flutter then cuts off what sticks out;
- every Row that scrolls sideways although its content is wider than it: part of it is out
  of sight until someone thinks of swiping it.

Nothing the app draws changes; the handlers skip the page update Flet adds after events.

    LAYOUT_PROBE_PORT=N python tests/e2e/layout_probe.py --port M --db PATH
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import threading
import time
import weakref
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import parse_qs, urlparse

ROOT = Path(__file__).resolve().parents[2]
PAGES: "weakref.WeakKeyDictionary[Any, float]" = weakref.WeakKeyDictionary()  # page -> its last report
SIZE = "_probe_size"

# Fonts of texts that do not set their own, as app/theme.py sets the theme (family, size, and the
# letter spacing Material 3 adds to its styles): label_large for buttons, segments and chips,
# body_large for list tile titles, body_medium anywhere else.
LABEL = ("SansBold", 13.5, 0.1)
# Fields whose controls are not on screen (until a drag, a menu or a dropdown opens them).
UNSHOWN = {"data", "parent", "page", "content_feedback", "content_when_dragging", "items", "options"}
BODY = ("Sans", 14, 0.25)
BODY_LARGE = ("Sans", 15.5, 0.5)
TITLE_BAR = ("Display", 20, 0)


def _on_size(e: Any) -> None:
    import flet as ft

    ft.context.disable_auto_update()
    object.__setattr__(e.control, SIZE, (float(e.width), float(e.height)))
    try:
        PAGES[e.control.page] = time.monotonic()
    except Exception:  # no longer on a page
        pass


def _positioned(c: Any) -> bool:
    return any(getattr(c, side, None) is not None for side in ("left", "top", "right", "bottom"))


def install() -> None:
    """Give every layout control a size handler as it is made, so the first message that sends
    it already asks Flutter for its size (a handler set later would wait for a page update
    that the tables skip). Not a control placed in a Stack (left, top …): Flet would put the
    size watcher around Flutter's ``Positioned``, which must sit right in the Stack."""
    from flet.controls.base_control import BaseControl
    from flet.controls.layout_control import LayoutControl

    original_init = LayoutControl.init

    def init(self) -> None:
        original_init(self)
        if self.on_size_change is None and not _positioned(self):
            self.size_change_interval = 0
            self.on_size_change = _on_size

    LayoutControl.init = init
    original_update = BaseControl._before_update_safe

    def before_update_safe(self) -> None:  # a control moved into a Stack since it was made
        if isinstance(self, LayoutControl) and self.on_size_change is _on_size and _positioned(self):
            frozen = getattr(self, "_frozen", None)
            if frozen is not None:
                del self._frozen
            self.on_size_change = None
            if frozen is not None:
                self._frozen = frozen
        original_update(self)

    BaseControl._before_update_safe = before_update_safe


# --- reading what is on screen -----------------------------------------------------------------


def _children(control: Any) -> Iterator[Any]:
    from flet.controls.base_control import BaseControl

    if not dataclasses.is_dataclass(control) or type(control).__module__.startswith("flet_charts"):
        return  # a chart draws its own labels (not laid out as controls)
    for f in dataclasses.fields(control):
        if f.name.startswith("_") or f.name in UNSHOWN:
            continue
        try:
            value = getattr(control, f.name)
        except Exception:
            continue
        items = value if isinstance(value, (list, tuple)) else [value]
        for item in items:
            if isinstance(item, BaseControl):
                yield item


def _shown(control: Any) -> Iterator[tuple[Any, list[Any]]]:
    """Every visible control under ``control``, with its ancestors (outermost first)."""
    stack: list[tuple[Any, list[Any]]] = [(control, [])]
    while stack:
        c, up = stack.pop()
        if getattr(c, "visible", True) is False:
            continue
        yield c, up
        for child in _children(c):
            stack.append((child, up + [c]))


def _inherited(up: list[Any], c: Any) -> tuple[str, float, float]:
    """The font a Text without its own gets from the controls around it (``up``, outermost first):
    family, size and letter spacing."""
    import flet as ft

    for i in range(len(up) - 1, -1, -1):
        a = up[i]
        if isinstance(a, (ft.Button, ft.OutlinedButton, ft.TextButton)):
            return _button_font(a)
        if isinstance(a, (ft.SegmentedButton, ft.Chip)):
            return LABEL
        if isinstance(a, ft.ListTile):
            below = up[i + 1] if i + 1 < len(up) else c
            return BODY_LARGE if below is a.title else BODY
        if isinstance(a, ft.AppBar):
            return TITLE_BAR
    return BODY


def _button_font(button: Any) -> tuple[str, float, float]:
    ts = _text_style(button)
    if ts is None:
        return LABEL
    # A button's own text style replaces the theme's (no spacing unless it sets one).
    return ts.font_family or LABEL[0], ts.size or LABEL[1], ts.letter_spacing or 0


def _text_style(button: Any) -> Any:
    style = getattr(button, "style", None)
    ts = getattr(style, "text_style", None) if style is not None else None
    if isinstance(ts, dict):
        ts = ts.get(ft_state_default()) or next(iter(ts.values()), None)
    return ts


def ft_state_default() -> Any:
    import flet as ft

    return ft.ControlState.DEFAULT


def _where(up: list[Any], c: Any) -> str:
    """A readable place: the nearest identifiers and keys above the control, and its type."""
    names = []
    for a in up + [c]:
        ident = getattr(a, "identifier", None) or (str(a.key) if getattr(a, "key", None) is not None else None)
        if ident:
            names.append(str(ident))
    return " > ".join(names[-3:] + [type(c).__name__])


def _text_entry(c: Any, up: list[Any]) -> dict[str, Any] | None:
    words = c.value or ""
    spans = []
    for span in c.spans or []:
        st = span.style
        spacing = getattr(st, "letter_spacing", None)
        spans.append({"t": span.text or "", "f": getattr(st, "font_family", None), "s": getattr(st, "size", None),
                      "ls": spacing or 0, "own_ls": spacing})
    if not (words + "".join(s["t"] for s in spans)).strip():
        return None
    family, size, spacing = _inherited(up, c)
    style = c.style
    family = c.font_family or getattr(style, "font_family", None) or family
    size = c.size or getattr(style, "size", None) or size
    if getattr(style, "letter_spacing", None) is not None:
        spacing = style.letter_spacing
    for span in spans:
        span["ls"] = spacing if span.pop("own_ls") is None else span["ls"]
    return {"kind": "text", "text": words, "spans": spans, "f": family, "s": size,
            "ls": spacing, "lh": getattr(style, "height", None),
            "ml": c.max_lines, "nw": bool(c.no_wrap), "badge": _badge(up)}


def _badge(up: list[Any]) -> dict[str, Any] | None:
    """For a badge placed on something tappable (a card's mark), which node it is on and where:
    its left edge and its top or bottom in that node, and what its padding and border add to the
    Text's size. A badge is a padded, coloured box placed in a Stack."""
    import flet as ft

    for i in range(len(up) - 1, -1, -1):
        a = up[i]
        if isinstance(a, ft.Container) and a.bgcolor is not None and a.padding is not None and _positioned(a):
            owner = next((b.identifier for b in reversed(up[:i]) if getattr(b, "identifier", None)), None)
            if owner is None or a.left is None:
                return None
            pad = a.padding
            if isinstance(pad, (int, float)):
                pl = pr = pt = pb = pad
            else:
                pl, pr, pt, pb = pad.left or 0, pad.right or 0, pad.top or 0, pad.bottom or 0
            side = getattr(a.border, "left", None) if a.border is not None else None
            bw = getattr(side, "width", 0) or 0
            return {"owner": owner, "left": a.left, "top": a.top, "bottom": a.bottom,
                    "w": pl + pr + 2 * bw, "h": pt + pb + 2 * bw}
        if _positioned(a):
            return None
    return None


def _button_entry(c: Any) -> dict[str, Any] | None:
    import flet as ft

    if not isinstance(c.content, str) or not c.content.strip():
        return None
    family, size, spacing = _button_font(c)
    pad = getattr(getattr(c, "style", None), "padding", None)
    if isinstance(pad, dict):
        pad = pad.get(ft_state_default()) or next(iter(pad.values()), None)
    if pad is None:  # the theme's, for every button of the kind (with an icon or not)
        from app import theme

        pad = getattr(theme, "TEXT_BUTTON_PADDING" if isinstance(c, ft.TextButton) else "BUTTON_PADDING", None)
    if isinstance(pad, (int, float)):
        sides = 2 * pad
    elif pad is not None:
        sides = (pad.left or 0) + (pad.right or 0)
    else:  # Flutter's own (a theme without button padding)
        sides = (24 if c.icon is None else 28) if isinstance(c, ft.TextButton) else (48 if c.icon is None else 40)
    extra = sides + (26 if c.icon is not None else 0)  # an 18 px icon and 8 px to the label (measured)
    return {"kind": "button", "text": c.content, "spans": [], "f": family, "s": size, "ls": spacing, "lh": None,
            "ml": None, "nw": False, "extra": extra}


def collect(route: str, width: float) -> dict[str, Any]:
    """What the page at ``route`` and ``width`` shows, with sizes; ``pending``: texts not yet sized."""
    import flet as ft

    pages = [p for p in list(PAGES) if (p.route or "/") == route and abs((p.width or 0) - width) < 1]
    if not pages:
        return {"error": f"no session at {route} and {width} px", "texts": [], "overflows": [], "pending": []}
    page = max(pages, key=lambda p: PAGES.get(p, 0))
    roots = [page.views[-1]] + [d for d in page._dialogs.controls if getattr(d, "open", False)]
    texts: list[dict[str, Any]] = []
    overflows: list[dict[str, Any]] = []
    pending: list[str] = []
    for root in roots:
        for c, up in _shown(root):
            size = getattr(c, SIZE, None)
            entry = None
            if isinstance(c, ft.Text):
                entry = _text_entry(c, up)
            elif isinstance(c, (ft.Button, ft.OutlinedButton, ft.TextButton)):
                entry = _button_entry(c)
            if entry is not None:
                if size is None:
                    pending.append(_where(up, c) + ": " + entry["text"][:40])
                    continue
                entry.update(w=size[0], h=size[1], where=_where(up, c))
                texts.append(entry)
            if isinstance(c, (ft.Row, ft.Column)) and size is not None and not getattr(c, "wrap", False):
                overflows += _overflow(c, size, up)
    return {"texts": texts, "overflows": overflows, "pending": pending}


def _overflow(c: Any, size: tuple[float, float, float], up: list[Any]) -> list[dict[str, Any]]:
    import flet as ft

    row = isinstance(c, ft.Row)
    kids = [k for k in c.controls if getattr(k, "visible", True) is not False]
    sizes = [_size(k) for k in kids]
    if not kids or any(s is None for s in sizes):
        return []
    axis = 0 if row else 1
    spacing = c.spacing if c.spacing is not None else 10
    need = sum(s[axis] for s in sizes) + spacing * (len(kids) - 1)
    have = size[axis]
    if need <= have + 1:
        return []
    words = " · ".join(_words(k) for k in kids)[:120]
    if c.scroll is not None:
        if not row:
            return []  # a scrolling column: below the fold is where it should be
        return [{"kind": "scrolls sideways", "where": _where(up, c), "need": round(need), "have": round(have),
                 "text": words}]
    return [{"kind": "overflow", "where": _where(up, c), "need": round(need), "have": round(have), "text": words,
             "axis": "width" if row else "height"}]


def _size(c: Any) -> tuple[float, float] | None:
    """The size Flutter gave a control; for a wrapper that has none of its own (Semantics, a
    drag source or target), its content's."""
    size = getattr(c, SIZE, None)
    if size is None and not hasattr(c, "on_size_change") and getattr(c, "content", None) is not None:
        return _size(c.content)
    return size


def _words(c: Any) -> str:
    import flet as ft

    out = []
    for d, _up in _shown(c):
        if isinstance(d, ft.Text) and (d.value or "").strip():
            out.append(d.value)
    return " ".join(out) or type(c).__name__


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        q = parse_qs(urlparse(self.path).query)
        route = q.get("route", ["/"])[0]
        width = float(q.get("width", ["0"])[0])
        for attempt in range(5):  # the tree may change under the reader: read it again
            try:
                body = json.dumps(collect(route, width)).encode()
                break
            except Exception as exc:  # noqa: BLE001
                body = json.dumps({"error": repr(exc), "texts": [], "overflows": [], "pending": []}).encode()
                time.sleep(0.1)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def serve(port: int) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", port), _Handler)
    threading.Thread(target=server.serve_forever, name="layout-probe", daemon=True).start()


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    install()
    serve(int(os.environ["LAYOUT_PROBE_PORT"]))
    from app.main import cli

    raise SystemExit(cli(sys.argv[1:]))
