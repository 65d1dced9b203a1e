"""What every bgsim widget brings into the page: the stylesheet, the page's switches (the
presentation mode and the board theme) and the ``present`` property."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w

from ..draw import page, svg
from ._input import guard, restyle_of

__all__ = ["PRESENT_CLASS", "STATIC", "ClosesParts", "PageKit", "Presentable", "answer_restyle", "close_all",
           "esm", "owned_widgets"]

STATIC = Path(__file__).parent / "static"

#: The CSS class of the presentation mode, on a widget (``present=True``) or on the page's
#: ``<body>`` (the page's Present switch, or ``?present=1`` in its address).
PRESENT_CLASS = "bgsim-present"


def esm(*names: str) -> str:
    """The JavaScript files ``names`` of ``static/`` as one ES module (no build step).

    >>> "function bgsimPage" in esm("page.js", "board.js")
    True
    """
    return "\n".join((STATIC / name).read_text(encoding="utf-8") for name in names)


def answer_restyle(widget: Any, content: Any) -> bool:
    """Answer the page's request (``static/page.js``) to draw its board pictures again in a theme.

    ``content`` is ``{"type": "restyle", "theme": name, "boards": [svg ids]}``; the answer,
    sent through ``widget``, is ``{"type": "restyled", "theme": name, "boards": {id: svg}}``
    for the boards this kernel drew (:func:`bgsim.draw.svg.redraw`). The theme becomes the
    kernel's page theme (:func:`bgsim.draw.page.set_page`), for the boards drawn from then on.
    Returns False for any other message.

    >>> from bgsim import Position
    >>> drawn = svg.board(Position.initial()); sent = []
    >>> class Box:
    ...     def send(self, message): sent.append(message)
    >>> board_id = drawn[drawn.index('id="') + 4:drawn.index('" class=')]
    >>> with page.page():
    ...     answer_restyle(Box(), {"type": "restyle", "theme": "colorblind", "boards": [board_id, "bg0"]})
    ...     page.settings().theme
    True
    'colorblind'
    >>> list(sent[0]["boards"]) == [board_id] and 'fill="#0072b2"' in sent[0]["boards"][board_id]
    True
    """
    if not isinstance(content, dict) or content.get("type") != "restyle":
        return False
    asked = restyle_of(content)
    if asked is None:                          # not a theme, or no list of boards: ignored
        return True
    theme, ids = asked
    page.set_page(theme=theme)
    boards = {}
    for board_id in ids:
        again = svg.redraw(board_id, theme=theme)
        if again is not None:
            boards[board_id] = str(again)
    widget.send({"type": "restyled", "theme": theme, "boards": boards})
    return True


_KIT_JS = """
function render({ model, el }) {
  const page = bgsimPage();        // the page's switches: address, toolbar in Voila, <body> class
  el.classList.add("bgsim-page-kit");
  return bgsimServeRestyles(page, model);   // this widget's kernel draws the page's pictures again
}
export default { render };
"""


def _widgets_in(value: Any, depth: int = 0) -> Iterator[w.Widget]:
    """The widgets in an attribute's value: the value itself, or those in a list, tuple, set or dict."""
    if isinstance(value, w.Widget):
        yield value
    elif depth < 3 and isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _widgets_in(item, depth + 1)
    elif depth < 3 and isinstance(value, dict):
        for item in value.values():
            yield from _widgets_in(item, depth + 1)


def owned_widgets(root: w.Widget) -> list[w.Widget]:
    """Every widget ``root`` holds, at any depth, without ``root`` itself: what closing it must close.

    A widget holds what its traits point to (the ``children`` of a box, its ``layout`` and
    ``style``, which ipywidgets makes a widget of their own) and what its attributes point to
    (a composite keeps parts that are not on screen at the moment, such as hidden buttons or
    the replay of the last game). Each widget is listed once, the deepest first.

    >>> box = w.HBox([w.Button(description="a")]); len(owned_widgets(box))   # the button, its style, two layouts
    4
    """
    seen = {id(root)}
    found: list[w.Widget] = []

    def visit(widget: w.Widget) -> None:
        values = list(getattr(widget, "_trait_values", {}).values()) + list(vars(widget).values())
        for value in values:
            for part in _widgets_in(value):
                if id(part) not in seen:
                    seen.add(id(part))
                    visit(part)
                    found.append(part)

    visit(root)
    return found


class ClosesParts:
    """A widget whose :meth:`close` closes every widget it holds (:func:`owned_widgets`), not only itself.

    ipywidgets' ``Widget.close`` closes one widget's connection to the page; the children of a
    box, and each widget's ``layout`` and ``style``, stay open and stay in memory as long as
    the kernel runs. bgsim's widgets are built of many parts (a play widget of some 140), so
    each closes all of them. Subclasses with something to stop (a background thread) override
    :meth:`before_close`, which runs for every bgsim widget in the tree before anything is closed.

    >>> import ipywidgets as w
    >>> class Pair(ClosesParts, w.HBox): pass
    >>> pair = Pair([w.Button(), w.Label("x")]); parts = owned_widgets(pair)
    >>> pair.close(); [part.comm for part in parts + [pair]] == [None] * (len(parts) + 1)
    True
    """

    def before_close(self) -> None:
        """Stop what must stop before the widget closes (nothing by default)."""

    def close(self) -> None:
        """Close this widget and every widget it holds; they disappear from the page."""
        assert isinstance(self, w.Widget)
        parts = _release_all(self)
        for part in parts:
            w.Widget.close(part)
        super().close()  # type: ignore[misc]


def _release_all(root: w.Widget) -> list[w.Widget]:
    parts = owned_widgets(root)
    for part in [root, *parts]:
        if isinstance(part, ClosesParts):
            part.before_close()
    return parts


def close_all(widget: w.Widget) -> None:
    """Close ``widget`` and every widget it holds (:func:`owned_widgets`): any ipywidget, such as an ``HTML``
    whose ``layout`` and ``style`` a plain ``close()`` would leave open.

    >>> label = w.HTML("x"); parts = owned_widgets(label); close_all(label)
    >>> [part.comm for part in [label, *parts]]
    [None, None, None]
    """
    for part in _release_all(widget):
        w.Widget.close(part)
    w.Widget.close(widget)


class PageKit(ClosesParts, anywidget.AnyWidget):
    """An invisible widget that carries bgsim's stylesheet and page script into the page.

    Every bgsim widget holds one (a :class:`BoardView` does the same for a board), so a
    widget is styled on a page where it is alone, and the page's switches (presentation
    mode, board theme) work wherever a bgsim widget is shown; through it the page asks the
    kernel to draw its board pictures again in another theme (:func:`answer_restyle`).

    >>> kit = PageKit(); "bgsim-present" in kit._css and "bgsimPage" in kit._esm
    True
    """

    _esm = esm("page.js") + _KIT_JS
    _css = STATIC / "bgsim.css"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.display = "none"
        self.on_msg(lambda _w, content, _b: answer_restyle(self, content))


class Presentable(ClosesParts, w.Box):
    """A widget box with a presentation mode: :attr:`present` (the ``bgsim-present`` CSS class).

    Every bgsim widget is one. What the page sends to it, or to any widget inside it, is
    checked first (:func:`~bgsim.widgets._input.guard`): a message that does not fit is
    ignored, never raised, and changes nothing.

    >>> box = Presentable(); box.present = True; box.present, box._dom_classes
    (True, ('bgsim-present',))
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        guard(self)

    @property
    def present(self) -> bool:
        """The presentation mode (a projector): the board as wide as the page, text and controls
        at 20-24 px, the rule message beside the board, the IDs hidden. The page's Present
        switch (or ``?present=1`` in a teacher view's address) does it to every widget at once."""
        return PRESENT_CLASS in self._dom_classes

    @present.setter
    def present(self, on: bool) -> None:
        if on:
            self.add_class(PRESENT_CLASS)
        else:
            self.remove_class(PRESENT_CLASS)
