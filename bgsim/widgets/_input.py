"""What the page may send to bgsim's widgets, checked in one place.

A widget's front end is a browser: what it sends is input like any other, and a broken or
hostile page (or a hand-made message) may send anything. Everything a front end can send
to a bgsim widget passes through here:

- **A click on a board** (:class:`~bgsim.widgets.BoardView`'s ``{"type": "click", ...}``):
  :func:`click_of` turns it into a :data:`~bgsim.widgets._board.Click` or refuses it.
- **A request to draw the page's boards in another theme** (``{"type": "restyle", ...}``):
  :func:`restyle_of`.
- **A control's new value** (a toggle pressed, a drop-down or list chosen, a number or a
  text typed, a slider moved): the ``update`` messages of every control inside a bgsim
  widget are checked by :func:`guard` before ipywidgets sets anything. A front end may set
  only the one trait a person changes on that control (:data:`FRONT_END_TRAITS`), only to
  a value the control takes *as it is* (the right type, in range, one of the options:
  never clamped or converted), and a toggle or a drop-down may not be emptied (a deselected
  toggle sends index ``None``).

A message that fails is ignored: nothing changes, nothing is raised, the control is told its
real value again (so the page shows it), and the reason is logged at debug level on the
``bgsim.widgets`` logger (``logging.getLogger("bgsim.widgets").setLevel(logging.DEBUG)`` to
see them). What passes reaches the widget's handlers, which can trust its shape.

>>> click_of({"type": "click", "kind": "point", "point": 6, "player": None})
{'kind': 'point', 'point': 6, 'player': None}
>>> click_of({"type": "click", "kind": "point", "point": -2}) is None      # never wraps round to 23
True
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator
from typing import Any

import ipywidgets as w

from ..draw import svg

__all__ = ["FRONT_END_TRAITS", "LOG", "click_of", "front_end_trait", "guard", "receive", "restyle_of"]

#: Where refused messages are logged (at debug level).
LOG = logging.getLogger("bgsim.widgets")

#: The one trait a front end sets on each kind of control: a selection's ``index`` (a toggle,
#: a drop-down, a list, radio buttons), an input's ``value`` (a check box, a toggle button, a
#: text or number box, a slider). A board view's is ``page_theme`` (see :func:`front_end_trait`).
#: Anything else a page sends (``disabled``, ``options``, an HTML's text, a progress bar's
#: value, a layout, the board's SVG ...) is the kernel's to set, and is ignored.
FRONT_END_TRAITS: tuple[tuple[tuple[type, ...], str], ...] = (
    ((w.ToggleButtons, w.Dropdown, w.Select, w.RadioButtons, w.SelectionSlider), "index"),
    ((w.Checkbox, w.ToggleButton, w.Text, w.Textarea, w.IntText, w.BoundedIntText, w.IntSlider, w.FloatText,
      w.BoundedFloatText, w.FloatSlider), "value"),
)

#: What a board click names (see :class:`~bgsim.widgets.BoardView`).
CLICK_KINDS = ("point", "bar", "tray")

#: The longest text a page may report in a trait a widget names in ``page_text_traits`` (the
#: page's address, :class:`~bgsim.widgets.PageAddress`).
MAX_PAGE_TEXT = 8192

#: The most board ids a page may ask to have drawn again in one message.
MAX_RESTYLED = 500

_GUARDED = "_bgsim_guarded"


def _ignore(where: object, what: str, detail: object) -> None:
    LOG.debug("%s: ignored a message from the page: %s (%.200r)", type(where).__name__, what, detail)


def _small_int(value: object, low: int, high: int) -> bool:
    """``value`` is an int (not a bool) from ``low`` to ``high``, as JSON numbers from the page arrive."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def click_of(content: object) -> dict | None:
    """A board view's click message, checked: ``{"kind", "point", "player"}``, or None.

    ``kind`` is ``"point"`` (``point`` 1-24 in the board's numbering; ``player`` the owner
    of the clicked checker, 0 or 1, or None for an empty point), ``"bar"`` or ``"tray"``
    (``player`` 0 or 1; ``point`` becomes 25 or 0 whatever was sent). Anything else (another
    kind, a point that is not a whole number from 1 to 24, NaN, a list, a string, a
    10,000-digit number ...) is None, logged at debug level.

    >>> click_of({"type": "click", "kind": "bar", "player": 1, "point": "x"})
    {'kind': 'bar', 'point': 25, 'player': 1}
    >>> [click_of({"type": "click", "kind": "point", "point": p}) for p in (0, 25, 6.5, float("nan"), [6], None)]
    [None, None, None, None, None, None]
    """
    if not isinstance(content, dict) or content.get("type") != "click":
        return None
    kind, point, player = content.get("kind"), content.get("point"), content.get("player")
    if kind not in CLICK_KINDS:
        _ignore(content, "a click on no part of the board", kind)
        return None
    if kind == "point":
        if not _small_int(point, 1, 24):
            _ignore(content, "a click on a point that is not 1-24", point)
            return None
        if player is not None and not _small_int(player, 0, 1):
            _ignore(content, "a click on a checker of no player", player)
            return None
        return {"kind": kind, "point": point, "player": player}
    if not _small_int(player, 0, 1):
        _ignore(content, f"a click on the {kind} of no player", player)
        return None
    return {"kind": kind, "point": 25 if kind == "bar" else 0, "player": player}


def restyle_of(content: object) -> tuple[str, list[str]] | None:
    """A page's request to draw its board pictures in another theme, checked: ``(theme, ids)``.

    ``content`` is ``{"type": "restyle", "theme": name, "boards": [svg ids]}``; the theme
    must be one of :data:`bgsim.draw.svg.THEMES`, the ids strings (at most
    :data:`MAX_RESTYLED`; others are dropped). None for a message of another type, or one
    that does not fit (logged at debug level).

    >>> restyle_of({"type": "restyle", "theme": "colorblind", "boards": ["bg1", 5]})
    ('colorblind', ['bg1'])
    >>> restyle_of({"type": "restyle", "theme": "neon", "boards": []}) is None
    True
    """
    if not isinstance(content, dict) or content.get("type") != "restyle":
        return None
    theme, ids = content.get("theme"), content.get("boards")
    if not isinstance(theme, str) or theme not in svg.THEMES or not isinstance(ids, list):
        _ignore(content, "a restyle request with no known theme or no list of boards", (theme, type(ids).__name__))
        return None
    return theme, [i for i in ids[:MAX_RESTYLED] if isinstance(i, str)]


def front_end_trait(control: w.Widget) -> str | None:
    """The trait a page may set on ``control`` (None: none at all).

    >>> front_end_trait(w.Dropdown(options=[1])), front_end_trait(w.Text()), front_end_trait(w.HTML())
    ('index', 'value', None)
    """
    if "page_theme" in control.keys:          # a board view (or any view following the page's theme)
        return "page_theme"
    return next((name for kinds, name in FRONT_END_TRAITS if isinstance(control, kinds)), None)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    """A whole number, or a finite float (a huge whole number is one too: never turned into a float)."""
    return _whole(value) or (isinstance(value, float) and math.isfinite(value))


def _takes(control: w.Widget, name: str, value: Any) -> bool:
    """Whether ``control`` takes ``value`` for trait ``name`` from the page, exactly as sent.

    >>> box = w.BoundedIntText(min=0, max=15)
    >>> _takes(box, "value", 15), _takes(box, "value", 16), _takes(box, "value", True), _takes(box, "max", 3)
    (True, False, False, False)
    >>> [_takes(w.FloatSlider(max=10), "value", v) for v in (2.5, 10 ** 400, float("nan"))]
    [True, False, False]
    """
    if name in getattr(control, "page_text_traits", ()):   # text the page reports (its address): a short string
        return isinstance(value, str) and len(value) <= MAX_PAGE_TEXT
    if name != front_end_trait(control):
        return False
    if name == "page_theme":
        return isinstance(value, str) and (value == "" or value in svg.THEMES)
    if name == "index":
        if value is None:                      # emptied: only a list or radio buttons may have no choice
            return isinstance(control, (w.Select, w.RadioButtons))
        return _whole(value) and 0 <= value < len(control.options)
    if isinstance(control, (w.Checkbox, w.ToggleButton)):
        return isinstance(value, bool)
    if isinstance(control, (w.Text, w.Textarea)):
        return isinstance(value, str)
    if isinstance(control, (w.IntText, w.BoundedIntText, w.IntSlider)):
        ok = _whole(value)
    else:                                      # the float boxes and sliders
        ok = _number(value)
    bounded = hasattr(control, "min") and hasattr(control, "max")
    return ok and (not bounded or control.min <= value <= control.max)   # in range as sent: never clamped


def _kept_by_the_page(control: w.Widget, name: str) -> bool:
    """Whether trait ``name`` of ``control`` is what the page itself shows, and only the page:
    an :class:`~ipywidgets.Output`'s ``outputs``, which the page captures as the kernel prints
    and displays into it (:func:`~bgsim.widgets.after_try`), then reports. It is not taken from
    the page, and never sent back over it either: the kernel's copy is empty, and sending it
    would wipe what the page shows.

    >>> _kept_by_the_page(w.Output(), "outputs"), _kept_by_the_page(w.Output(), "msg_id")
    (True, False)
    """
    return isinstance(control, w.Output) and name == "outputs"


def _checked(control: w.Widget, msg: object) -> dict | None:
    """The message ``msg`` to ``control`` cut down to what the control takes, or None (nothing to do)."""
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    if not isinstance(data, dict):
        _ignore(control, "a message with no data", msg)
        return None
    method = data.get("method")
    if method == "update":
        state = data.get("state")
        if not isinstance(state, dict):
            _ignore(control, "an update with no state", state)
            return None
        good = {k: v for k, v in state.items() if isinstance(k, str) and _takes(control, k, v)}
        refused = [k for k in state if k not in good]
        if refused:
            _ignore(control, "values the control does not take", {k: state[k] for k in refused})
            shown = [k for k in refused if isinstance(k, str) and k in control.keys
                     and not _kept_by_the_page(control, k)]
            if shown:
                control.send_state(shown)          # the page shows the real value again
        return {"content": {"data": {"method": "update", "state": good}}, "buffers": []} if good else None
    if method == "custom":
        custom = data.get("content")
        if not isinstance(custom, dict):
            _ignore(control, "a custom message that is not a dict", custom)
            return None
        buffers = msg.get("buffers") if isinstance(msg, dict) else None
        return {"content": {"data": {"method": "custom", "content": custom}},
                "buffers": buffers if isinstance(buffers, list) else []}
    if method == "request_state":
        return {"content": {"data": {"method": "request_state"}}, "buffers": []}
    _ignore(control, "a message of no known method", method)
    return None


def receive(control: w.Widget, msg: object) -> None:
    """Handle one message from the page to ``control`` (a comm message): checked, then ipywidgets' own handling.

    ``update``: only the value :func:`_takes` accepts is set; the page is sent the control's
    real values of the others. ``custom`` (a button's click, a board's click or restyle
    request): passed on when its content is a dict, for the control's handlers to check.
    ``request_state``: answered. Anything else: ignored.
    """
    checked = _checked(control, msg)
    if checked is not None:
        control._handle_msg(checked)       # ipywidgets' own handler (the one hook into its plumbing)


def _tree(root: w.Widget) -> Iterator[w.Widget]:
    yield root
    for child in getattr(root, "children", ()) or ():
        if isinstance(child, w.Widget):
            yield from _tree(child)


def guard(root: w.Widget) -> None:
    """Check every message the page sends to ``root`` and to every widget inside it (:func:`receive`).

    A box's children put in later (a replay shown at a game's end) are guarded as they come.
    Every bgsim widget does this to itself (:class:`~bgsim.widgets._page.Presentable`).

    >>> import ipywidgets as w
    >>> turn = w.ToggleButtons(options=[("Light", 0), ("Dark", 1)]); box = w.VBox([turn]); guard(box)
    >>> turn.comm.handle_msg({"content": {"data": {"method": "update", "state": {"index": None}}}})
    >>> turn.value                                       # a toggle cannot be emptied from the page
    0
    >>> turn.comm.handle_msg({"content": {"data": {"method": "update", "state": {"index": 1}}}})
    >>> turn.value
    1
    """
    for widget in _tree(root):
        comm = getattr(widget, "comm", None)
        if comm is not None and getattr(widget, _GUARDED, None) is not comm:
            comm.on_msg(lambda msg, widget=widget: receive(widget, msg))
            setattr(widget, _GUARDED, comm)
            if isinstance(widget, w.Box):
                widget.observe(lambda change, box=widget: guard(box), names="children")
