"""Redraw a table by changing the controls on screen instead of replacing them.

A table builds a fresh tree of controls for every drawing: that keeps its code simple
(the picture is a function of the view). Handing Flet the fresh tree, though, makes it
register and send every control again (hundreds per tap, most of a tap's time). ``morph``
walks the fresh tree beside the one on screen and changes the controls on screen to
look like the fresh ones, so Flet sends only the properties that changed and registers
only controls that are really new.

Matching: a control on screen stands for a fresh one of the same type with the same
``key`` and the same semantics ``identifier``. In a list, children are matched by key,
else by the identifier at the top of the child, else by position among the unmatched
children of the same type. What has no match on screen is added as it was built.

A ``Semantics`` also keeps its role: its flags (button or not …) other than those in
``SEMANTICS_FREE``. Flutter's web client sets a node's ``identifier`` only when it makes
the node's DOM element, and makes a new element when the role changes: a card whose tap
is switched on would lose its ``card-XX`` (seen in the browser, whether the control is
changed or replaced). Flutter makes a fresh node, identifier and all, only for a widget
with a new key, so a Semantics whose role changed is added anew under its key with the
role appended (``role_key``); matching compares keys without that ending.

Whoever keeps a reference to a freshly built control (drop zones, slides, the coach's
lit parts) asks the ``Kept`` of the drawing which control on screen now stands for it.
"""

from __future__ import annotations

from typing import Any

from flet import Semantics
from flet.controls.base_control import BaseControl

_UNSET = object()
IDENT_DEPTH = 5  # how far down a child's ``content`` chain its identifier is looked for
# What a Semantics may change in place; any other difference draws it anew (see above).
SEMANTICS_FREE = frozenset({"label", "value", "hint", "tooltip", "selected", "content"})


class Kept:
    """Which control on screen stands for each freshly built control of one drawing, and
    which controls on screen the drawing changed."""

    def __init__(self) -> None:
        # id(fresh) -> (fresh, kept): the fresh control is held so its id is not reused.
        self._by_id: dict[int, tuple[Any, Any]] = {}
        self.changed: list[Any] = []

    def roots(self) -> list[Any]:
        """The changed controls with no changed control above them: updating these sends the
        whole change, and Flet diffs only their parts of the screen, not all of it."""
        changed = {id(c) for c in self.changed}
        out, seen = [], set()
        for c in self.changed:
            if id(c) in seen:
                continue
            seen.add(id(c))
            up = c.parent
            while up is not None and id(up) not in changed:
                up = up.parent
            if up is None:
                out.append(c)
        return out

    def note(self, fresh: Any, kept: Any) -> None:
        if fresh is not kept:
            self._by_id[id(fresh)] = (fresh, kept)

    def __call__(self, control: Any) -> Any:
        """The control on screen for ``control`` (itself when it was added as built)."""
        hit = self._by_id.get(id(control))
        return hit[1] if hit is not None and hit[0] is control else control


ROLE = "\x1frole:"  # between a Semantics' own key and its role, in the key Flutter sees


def _key(c: BaseControl) -> Any:
    """The key the table gave ``c`` (without a role ending)."""
    key = c._values.get("key")
    if isinstance(key, str) and ROLE in key:
        return key.split(ROLE, 1)[0] or None
    return key


def _role(c: Semantics) -> tuple:
    v, events = c._values, type(c)._event_fields
    return tuple(sorted((name, bool(value) if name in events else value) for name, value in v.items()
                        if name not in SEMANTICS_FREE and name not in ("key", "identifier")))


def role_key(c: Semantics) -> str:
    """A key for ``c`` that no Semantics of another role under the same key has."""
    own = _key(c)
    return f"{'' if own is None else own}{ROLE}{abs(hash(repr(_role(c)))):x}"


def _ident(c: Any) -> Any:
    return c._values.get("identifier") if isinstance(c, BaseControl) else None


def _child_ident(c: Any) -> Any:
    """The first semantics identifier down ``c``'s chain of single contents (a card's name)."""
    for _ in range(IDENT_DEPTH):
        if not isinstance(c, BaseControl):
            return None
        ident = c._values.get("identifier")
        if ident is not None:
            return ident
        c = c._values.get("content")
    return None


def same_kind(old: Any, new: Any) -> bool:
    """Whether ``old`` on screen may be changed into ``new`` (same type, key and identifier)."""
    return (type(old) is type(new) and isinstance(old, BaseControl) and _key(old) == _key(new)
            and _ident(old) == _ident(new))


def morph(old: Any, new: Any, kept: Kept) -> Any:
    """``old`` changed to look like ``new`` if they are of a kind, else ``new``; the control to show."""
    if old is new or not same_kind(old, new):
        return new
    if isinstance(old, Semantics) and _role(old) != _role(new):
        new.key = role_key(new)  # a fresh Flutter node, which sets the identifier (see above)
        return new
    kept.note(new, old)
    _morph_props(old, new, kept)
    for name in type(old)._structural_fields:
        if not name.startswith("_"):
            morph_field(old, name, getattr(old, name, None), getattr(new, name, None), kept)
    if old.data is not new.data:
        old.data = new.data
    return old


def morph_list(old: list[Any] | None, new: list[Any] | None, kept: Kept) -> list[Any] | None:
    """The children to show: for each fresh child its match on screen (changed to look like it) or itself."""
    if not new or not old:
        return new
    # A child that is the very control on screen (a kept part, ``kit.parts``) stays itself.
    same = {id(c) for c in new} & {id(c) for c in old}
    keyed: dict[tuple, Any] = {}
    loose: dict[type, list[Any]] = {}
    for c in old:
        if not isinstance(c, BaseControl) or id(c) in same:
            continue
        k = _list_key(c)
        if k is None:
            loose.setdefault(type(c), []).append(c)
        else:
            keyed.setdefault(k, c)
    out = []
    for c in new:
        if not isinstance(c, BaseControl) or id(c) in same:
            out.append(c)
            continue
        k = _list_key(c)
        if k is None:
            pool = loose.get(type(c))
            match = pool.pop(0) if pool else None
        else:
            match = keyed.pop(k, None)
        out.append(morph(match, c, kept) if match is not None else c)
    return out


def _list_key(c: BaseControl) -> tuple | None:
    key = _key(c)
    if key is not None:
        return ("key", type(c), key)
    ident = _child_ident(c)
    return ("ident", type(c), ident) if ident is not None else None


def _morph_props(old: BaseControl, new: BaseControl, kept: Kept) -> None:
    ov, nv = old._values, new._values
    events = type(old)._event_fields
    for name in ov.keys() | nv.keys():
        a, b = ov.get(name, _UNSET), nv.get(name, _UNSET)
        if a is b or name == "key":  # keys matched already; the one on screen may end in a role
            continue
        if name in events and callable(a) and callable(b):
            # Still a handler: the client knows only that there is one, so the fresh
            # handler (with the fresh drawing's state) takes over without a message.
            ov[name] = b
            continue
        morph_field(old, name, None if a is _UNSET else a,
                     type(old)._prop_defaults.get(name) if b is _UNSET else b, kept)


def morph_field(old: BaseControl, name: str, a: Any, b: Any, kept: Kept) -> None:
    """Field ``name`` of ``old`` (now ``a``) made to show ``b``; ``old`` is noted as changed
    unless it already did."""
    if a is b:
        return
    if isinstance(b, BaseControl):
        value = morph(a, b, kept)
        if value is a:
            return
    elif isinstance(b, list) and isinstance(a, list) and any(isinstance(x, BaseControl) for x in b):
        value = morph_list(a, b, kept)
        if len(value) == len(a) and all(x is y for x, y in zip(value, a)):
            return
    else:
        value = b
        if a == b:
            return
    setattr(old, name, value)
    kept.changed.append(old)
