"""What every bgsim widget brings into the page: the stylesheet, the page's switches (the
presentation mode and the board theme) and the ``present`` property."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w

from .. import page, svg
from ._input import guard, restyle_of

__all__ = ["PRESENT_CLASS", "STATIC", "PageKit", "Presentable", "answer_restyle", "esm"]

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
    for the boards this kernel drew (:func:`bgsim.svg.redraw`). The theme becomes the
    kernel's page theme (:func:`bgsim.page.set_page`), for the boards drawn from then on.
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


class PageKit(anywidget.AnyWidget):
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


class Presentable(w.Box):
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
