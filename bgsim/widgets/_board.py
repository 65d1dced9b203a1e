"""The clickable board: an SVG from :func:`bgsim.draw.svg.board` shown inside the page's DOM."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from ..draw import page, svg
from ..engine.errors import InvalidPositionError, ViewError
from ..engine.i18n import _
from ..engine.ids import XgidState
from ..engine.position import Position
from ._common import IdBox
from ._input import CLICK_KINDS, click_of
from ._page import STATIC, ClosesParts, Presentable, answer_restyle, esm

__all__ = ["BoardView", "BoardWidget", "Click"]

#: What a click reports: ``{"kind": "point" | "bar" | "tray", "point": N, "player": P}``.
Click = dict

_KINDS = CLICK_KINDS


class BoardView(ClosesParts, anywidget.AnyWidget):
    """An SVG board in the page, reporting clicks on its points, bar halves and trays.

    ``svg`` is the SVG text (any string following the board's DOM contract:
    ``class="point" data-point="N"``, ``class="bar" data-player="P"``, ``class="tray"
    data-player="P"``, ``class="checker" data-player="P" data-point="N"``). It is put
    into the DOM itself, not into an ``<img>``, so the browser can tell what was
    clicked. A click calls every callback given to :meth:`on_click` with a dict
    ``{"kind": "point" | "bar" | "tray", "point": N, "player": P}``: ``point`` in the
    board's perspective numbering (25 = bar, 0 = tray), ``player`` the owner of the
    bar half, tray or clicked checker (``None`` for an empty point).

    The view carries bgsim's stylesheet and the page's switches (``static/page.js``):
    ``page_theme`` is the board theme the page asks for (from its address or its theme
    switch; empty while it asks for none), set by the browser; :class:`BoardWidget`
    draws the board again in it.

    >>> view = BoardView(svg="<svg></svg>")
    >>> seen = []
    >>> view.on_click(seen.append)
    >>> view.click("point", point=6)
    >>> seen
    [{'kind': 'point', 'point': 6, 'player': None}]
    """

    _esm = esm("page.js", "board.js")
    _css = STATIC / "bgsim.css"
    svg = traitlets.Unicode("").tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)
    clickable = traitlets.Bool(True).tag(sync=True)
    page_theme = traitlets.Unicode("").tag(sync=True)
    #: How many clicks from the page the kernel has answered (a refused or ignored one too):
    #: the page shows it as ``data-answered`` beside its own count, ``data-clicks``, so a
    #: browser test knows when the kernel is done with a click instead of guessing a time.
    answered = traitlets.Int(0).tag(sync=True)
    #: The one line shown over the board while no kernel is live (a lesson opened before it
    #: runs): the controls are hidden then, by the stylesheet, and this says what to do.
    offline_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("offline_text", _("Run the lesson to play: Run > Run All Cells."))
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[Click], None]] = []
        self.on_msg(self._on_message)

    def on_click(self, callback: Callable[[Click], None], remove: bool = False) -> None:
        """Call ``callback(click)`` on every click (``remove=True`` stops it), like ipywidgets' Button."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def click(self, kind: str, point: int | None = None, player: int | None = None) -> None:
        """Act as if the user clicked: ``kind`` ``"point"`` (give ``point``), ``"bar"`` or ``"tray"``
        (give ``player``). Lessons and tests drive the widgets with it."""
        if kind not in _KINDS:
            raise ViewError(f"kind must be one of {', '.join(_KINDS)}, not {kind!r}")
        if kind == "point" and (not isinstance(point, int) or not 1 <= point <= 24):
            raise ViewError(f"a point click needs point 1-24, not {point!r}")
        if kind != "point" and player not in (0, 1):
            raise ViewError(f"a {kind} click needs player 0 or 1, not {player!r}")
        if kind == "bar":
            point = 25
        elif kind == "tray":
            point = 0
        self._dispatch({"kind": kind, "point": point, "player": player})

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """A message from the page: a click (checked by :func:`~bgsim.widgets._input.click_of`; one
        that does not fit is ignored) or a request to draw the page's boards in another theme."""
        if answer_restyle(self, content):       # the page's board pictures, in another theme
            return
        click = click_of(content)
        try:
            if click is not None:
                self._dispatch(click)
        finally:
            if isinstance(content, dict) and content.get("type") == "click":
                self.answered += 1              # after everything the click changed was sent

    def _dispatch(self, click: Click) -> None:
        for callback in list(self._callbacks):
            callback(click)


class BoardWidget(Presentable, w.VBox):
    """A position on a board, with its gnubg ID and XGID to copy; clicks are reported.

    Call :meth:`show` with a position and drawing keywords (or set :attr:`position`, or call
    :meth:`redraw` with new drawing keywords) to change what is shown.

    Parameters
    ----------
    position : Position, optional
        The position shown; the starting position by default.
    perspective : int, default 0
        The player drawn at the bottom (absolute: it stays put whoever is on roll).
    size : int, optional
        The board's width in pixels; None: as wide as the page allows.
    xgid_state : XgidState, optional
        The cube, score and match settings written into the XGID shown under the board.
    ids_open : bool, default False
        Show the position's IDs at once; by default they wait behind a "copy this position"
        toggle under the board.
    present : bool, default False
        The presentation mode (:attr:`present`): as wide as the page allows, the IDs hidden.
    **drawing
        Keywords for :func:`bgsim.draw.svg.board`: ``dice``, ``cube``, ``play``, ``highlight``,
        ``orientation``, ``theme`` ... A board with no ``theme`` follows the page's theme
        (:mod:`bgsim.draw.page`), and the page's theme switch redraws every board in the new one.

    Raises
    ------
    ViewError
        ``perspective`` is not player 0 or 1.

    >>> from bgsim import Position
    >>> b = BoardWidget(Position.initial())
    >>> b.ids.gnubg.value
    '4HPwATDgc/ABMA'
    >>> clicks = []; b.on_click(clicks.append); b.view.click("bar", player=1); clicks
    [{'kind': 'bar', 'point': 25, 'player': 1}]
    """

    def __init__(self, position: Position | None = None, perspective: int = 0, *, size: int | None = None,
                 xgid_state: XgidState | None = None, ids_open: bool = False, present: bool = False,
                 **drawing: Any) -> None:
        if perspective not in (0, 1):
            raise ViewError(f"perspective must be player 0 or 1, not {perspective!r}")
        self._position = Position.initial() if position is None else position
        self._perspective = perspective
        self._drawing: dict[str, Any] = {}
        self._xgid_state = xgid_state
        self.view = BoardView(width=size or 0)
        self.ids = IdBox(open=ids_open)
        super().__init__([self.view, self.ids], layout=w.Layout(width=f"{size}px" if size else "100%"))
        self.add_class("bgsim-board")
        self.present = present
        self.show(self._position, **drawing)
        self.view.observe(self._follow_page_theme, names="page_theme")

    @property
    def position(self) -> Position:
        """The position shown; setting it redraws the board and the IDs."""
        return self._position

    @position.setter
    def position(self, position: Position) -> None:
        self.show(position)

    @property
    def perspective(self) -> int:
        """The player at the bottom of the board; set it to turn the board round (redrawn at once).

        A drill sets it to the side that moves, so the mover's points run 1-24 from the bottom
        right as they count them (R1).

        >>> b = BoardWidget(); b.perspective = 1; b.perspective
        1
        """
        return self._perspective

    @perspective.setter
    def perspective(self, perspective: int) -> None:
        if perspective not in (0, 1):
            raise ViewError(f"perspective must be player 0 or 1, not {perspective!r}")
        if perspective != self._perspective:
            self._perspective = perspective
            self.show(self.position)

    @property
    def drawing(self) -> Mapping[str, Any]:
        """The :func:`bgsim.draw.svg.board` keywords the board is drawn with now (read-only).

        >>> BoardWidget(dice=(3, 1)).drawing["dice"]
        (3, 1)
        """
        return MappingProxyType(dict(self._drawing))

    def show(self, position: Position, *, xgid_state: XgidState | None = None, **drawing: Any) -> None:
        """Show ``position``, with any :func:`bgsim.draw.svg.board` keywords changed, in one redraw.

        The one way a widget built around this board puts something on it. ``drawing`` takes
        the board's keywords: ``dice`` (the roll of the player on roll, or None), ``cube``
        (a value, ``(value, owner)`` or None), ``play`` (a :class:`~bgsim.engine.plays.Play` of
        ``position``, drawn as arrows), ``highlight`` (points in the board's numbering; 25
        is the bar, 0 the tray), ``caption``, ``theme`` ...; a keyword not given keeps its
        value. ``xgid_state`` (cube, dice, score) is written into the XGID under the board.
        Nothing changes when a keyword does not fit.

        Raises
        ------
        InvalidPositionError
            ``position`` is not a :class:`~bgsim.engine.position.Position`.
        ViewError
            A drawing keyword that :func:`bgsim.draw.svg.board` refuses.

        >>> from bgsim import Position
        >>> b = BoardWidget(Position.initial())
        >>> after = Position.initial().play("13/7 8/7")
        >>> b.show(after, dice=(5, 2), highlight=(7,), cube=(2, 1))
        >>> b.position == after, b.drawing["dice"], 'class="point highlight" data-point="7"' in b.view.svg
        (True, (5, 2), True)
        >>> b.show(after, dice=(7, 1))
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.ViewError: dice: two numbers from 1 to 6, not (7, 1) (R2)
        >>> b.drawing["dice"]
        (5, 2)
        """
        if not isinstance(position, Position):
            raise InvalidPositionError(f"position must be a bgsim.Position, not {type(position).__name__}")
        options = {**self._drawing, **drawing}
        picture = str(svg.board(position, perspective=self._perspective, **options))
        self._position = position
        self._drawing = options
        if xgid_state is not None:
            self._xgid_state = xgid_state
        self.view.svg = picture
        self.ids.show(position, self._xgid_state, dice=options.get("dice"))   # the XGID keeps the dice to play

    def redraw(self, *, xgid_state: XgidState | None = None, **drawing: Any) -> None:
        """Draw again, changing any :func:`bgsim.draw.svg.board` keyword given (``highlight=``, ``dice=``...)."""
        self.show(self._position, xgid_state=xgid_state, **drawing)

    def on_click(self, callback: Callable[[Click], None], remove: bool = False) -> None:
        """Call ``callback(click)`` on every click on the board (see :class:`BoardView`)."""
        self.view.on_click(callback, remove)

    def _follow_page_theme(self, change: dict) -> None:
        """The page asks for another board theme (its switch or its address): draw the board in it.

        >>> with page.page():                   # the page's theme is put back after the example
        ...     b = BoardWidget(); b.view.page_theme = "high-contrast"; b.drawing["theme"], page.settings().theme
        ('high-contrast', 'high-contrast')
        """
        if change["new"] in svg.THEMES and self._drawing.get("theme") != change["new"]:
            page.set_page(theme=change["new"])    # and the boards drawn from now on
            self.redraw(theme=change["new"])
