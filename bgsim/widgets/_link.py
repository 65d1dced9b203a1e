"""A position as a link: the sandbox page that opens it, with its dice.

A teacher puts the link on the board or in the class's chat, and every student opens the same
position. The link is the sandbox page's address with the position's XGID (board, side on roll,
cube and dice) in its query string::

    sandbox.ipynb?xgid=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10

Relative to a lesson page it names the sandbox beside it (``lessons/sandbox.ipynb``, or
``lessons/cs/sandbox.ipynb`` from a Czech page); in the browser every board's "copy this
position" shows it in full (``http://teacher:8866/voila/render/lessons/sandbox.ipynb?xgid=...``).
The sandbox reads the address it was opened with: Voila hands a page's query string to its
kernel (``QUERY_STRING``), and a page whose kernel was started in advance tells it from the
browser (:class:`PageAddress`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

import anywidget
import traitlets

from ..engine.errors import BgsimError, LinkError
from ..engine.i18n import _
from ..engine.ids import XgidState, decode_xgid
from ..engine.position import Position
from ._page import ClosesParts

__all__ = ["MODES", "Link", "LinkError", "LinkView", "PageAddress", "page_query", "read_link", "sandbox_link"]

#: What the sandbox shows when it opens a link: the editor, the stepper, or a puzzle.
MODES = ("setup", "step", "puzzle")
SANDBOX = "sandbox.ipynb"


@dataclass(frozen=True)
class Link:
    """What a sandbox link names: the position, its XGID state (cube, dice, score) and the mode."""

    position: Position
    state: XgidState
    mode: str

    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice to play, or None."""
        d = self.state.dice
        return (d[0], d[1]) if all(d) else None


def _with_dice(state: XgidState | None, dice: Any) -> XgidState:
    """``state`` (a fresh money game by default) with ``dice``, checked (two numbers 1-6, R2)."""
    state = XgidState() if state is None else state
    if dice is None:
        return state
    try:
        d1, d2 = (int(d) for d in dice)
    except (TypeError, ValueError):
        raise LinkError(_("dice: two numbers from 1 to 6, not {dice!r}").format(dice=dice)) from None
    if not (1 <= d1 <= 6 and 1 <= d2 <= 6):
        raise LinkError(_("dice: two numbers from 1 to 6, not {dice!r}").format(dice=dice))
    return replace(state, dice=(d1, d2), cube_action=None)


def sandbox_link(position: Position, dice: tuple[int, int] | None = None, *, state: XgidState | None = None,
                 mode: str | None = None, base: str = SANDBOX) -> str:
    """The link to the sandbox page that opens ``position`` with ``dice`` (the roll of the side on roll).

    ``state`` gives the cube and score for the XGID (a money game with the cube in the middle
    by default); ``mode`` what the sandbox shows: ``"setup"`` (the editor), ``"step"`` (the
    stepper, the default when there are dice) or ``"puzzle"``. ``base`` is the sandbox page's
    address: relative by default (the sandbox beside the page the link is on); give the full
    address for a link to paste elsewhere (``http://192.168.1.5:8866/voila/render/lessons/sandbox.ipynb``).

    Raises
    ------
    LinkError
        ``dice`` are not two numbers from 1 to 6, or ``mode`` is not one of :data:`MODES`.

    >>> from bgsim import Position
    >>> sandbox_link(Position.initial(), (6, 5))
    'sandbox.ipynb?xgid=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10'
    >>> sandbox_link(Position.initial(), (6, 5), mode="puzzle", base="http://teacher:8866/sandbox.ipynb")
    'http://teacher:8866/sandbox.ipynb?xgid=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10&mode=puzzle'
    >>> sandbox_link(Position.initial(), (7, 1))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.LinkError: dice: two numbers from 1 to 6, not (7, 1)
    """
    if not isinstance(position, Position):
        raise LinkError(f"position must be a bgsim.Position, not {type(position).__name__}")
    if mode is not None and mode not in MODES:
        raise LinkError(_("mode must be one of {modes}, not {mode!r}").format(modes=", ".join(MODES), mode=mode))
    xgid = position.xgid(_with_dice(state, dice)).removeprefix("XGID=")
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}xgid={quote(xgid, safe=':-')}" + (f"&mode={mode}" if mode else "")


def read_link(link: str) -> Link:
    """Read a sandbox link (a full address, or only its query string ``?xgid=...``).

    It names the position by ``xgid=`` (with ``XGID=`` or without), or by a gnubg Position ID
    ``position=`` with ``turn=`` (0 or 1, default 0) and ``dice=`` (``65``); ``mode=`` is
    optional (:data:`MODES`).

    Raises
    ------
    LinkError
        The link names no position, or one that cannot be read (the reason is given).

    >>> link = read_link("http://teacher:8866/sandbox.ipynb?xgid=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10")
    >>> link.position == Position.initial(), link.dice, link.mode
    (True, (6, 5), 'step')
    >>> read_link("?position=4HPwATDgc/ABMA&dice=31&mode=puzzle").dice
    (3, 1)
    >>> read_link("sandbox.ipynb?board=high-contrast")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.LinkError: this link names no position: a sandbox link has xgid=... ...
    >>> read_link("?xgid=nonsense")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.LinkError: the position in this link cannot be read: ...
    """
    if not isinstance(link, str):
        raise LinkError(f"a link is a string, not {type(link).__name__}")
    text = link.strip()
    query = urlsplit(text).query if ("://" in text or "?" in text) else text
    args = {k: v[-1].strip() for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    mode = args.get("mode") or None
    if mode is not None and mode not in MODES:
        raise LinkError(_("mode must be one of {modes}, not {mode!r}").format(modes=", ".join(MODES), mode=mode))
    try:
        if args.get("xgid"):
            mine, theirs, on_roll, state = decode_xgid(args["xgid"])
            position = Position(mine, theirs, on_roll)
        elif args.get("position"):
            turn = args.get("turn", "0")
            if turn not in ("0", "1"):
                raise LinkError(_("turn must be 0 or 1, not {turn!r}").format(turn=turn))
            position = Position.from_gnubg_id(args["position"], turn=int(turn))
            dice = args.get("dice") or None
            if dice is not None and (len(dice.replace("-", "")) != 2 or not dice.replace("-", "").isdigit()):
                raise LinkError(_("dice: two numbers from 1 to 6, not {dice!r}").format(dice=dice))
            state = _with_dice(None, tuple(dice.replace("-", "")) if dice else None)
        else:
            raise LinkError(_("this link names no position: a sandbox link has xgid=... (from a board's "
                              "'copy this position')"))
    except LinkError:
        raise
    except BgsimError as e:
        raise LinkError(_("the position in this link cannot be read: {why}").format(why=e)) from None
    if mode is None:
        mode = "step" if all(state.dice) else "setup"
    return Link(position, state, mode)


def page_query() -> str:
    """The query string of the Voila page this kernel was started for ('' elsewhere).

    A kernel Voila started in advance (``VOILA_PREHEAT=True``) ran before any page asked for it:
    it has no address; the page tells it later (:class:`PageAddress`).
    """
    if os.environ.get("VOILA_PREHEAT") == "True":
        return ""
    return os.environ.get("QUERY_STRING", "")


_ADDRESS_JS = """
function render({ model, el }) {
  el.style.display = "none";
  model.set("query", window.location.search || "");
  model.set("path", window.location.pathname || "");
  model.save_changes();
}
export default { render };
"""


class PageAddress(ClosesParts, anywidget.AnyWidget):
    """An invisible widget that tells the kernel the address of the page it is shown on (``query``,
    ``path``).

    >>> PageAddress().query
    ''
    """

    _esm = _ADDRESS_JS
    query = traitlets.Unicode("").tag(sync=True)
    path = traitlets.Unicode("").tag(sync=True)
    #: The traits the page sets here (checked by :mod:`bgsim.widgets._input`: short strings only).
    page_text_traits = ("query", "path")


_LINK_JS = """
function render({ model, el }) {
  el.classList.add("bgsim-link");
  const a = document.createElement("a");
  a.className = "bgsim-sandbox-link";
  a.target = "_blank";
  a.rel = "noopener";
  const box = document.createElement("input");
  box.className = "bgsim-link-text";
  box.readOnly = true;
  box.addEventListener("focus", () => box.select());
  const draw = () => {
    const href = model.get("href");
    el.style.display = href ? "" : "none";
    a.textContent = model.get("label");
    a.href = href;
    box.value = href ? new URL(href, document.baseURI).href : "";   // the full address, to copy
    box.title = model.get("label");
  };
  draw();
  model.on("change:href", draw);
  model.on("change:label", draw);
  el.append(a, box);
  return () => { model.off("change:href", draw); model.off("change:label", draw); };
}
export default { render };
"""


class LinkView(ClosesParts, anywidget.AnyWidget):
    """A link to show and copy: ``href`` (relative to the page, or full), shown with ``label`` and
    in full in a read-only box (the browser completes a relative link with the page's address).

    >>> LinkView(href="sandbox.ipynb?xgid=x", label="open").href
    'sandbox.ipynb?xgid=x'
    """

    _esm = _LINK_JS
    href = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
