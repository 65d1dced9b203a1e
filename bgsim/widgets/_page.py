"""What every bgsim widget brings into the page: the stylesheet, the page's switches (the
presentation mode and the board theme) and the ``present`` property."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w

__all__ = ["PRESENT_CLASS", "STATIC", "PageKit", "Presentable", "esm"]

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


_KIT_JS = """
function render({ el }) {
  bgsimPage();                     // the page's switches: address, toolbar in Voila, <body> class
  el.classList.add("bgsim-page-kit");
}
export default { render };
"""


class PageKit(anywidget.AnyWidget):
    """An invisible widget that carries bgsim's stylesheet and page script into the page.

    Every bgsim widget holds one (a :class:`BoardView` does the same for a board), so a
    widget is styled on a page where it is alone, and the page's switches (presentation
    mode, board theme) work wherever a bgsim widget is shown.

    >>> kit = PageKit(); "bgsim-present" in kit._css and "bgsimPage" in kit._esm
    True
    """

    _esm = esm("page.js") + _KIT_JS
    _css = STATIC / "bgsim.css"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.layout.display = "none"


class Presentable(w.Box):
    """A widget box with a presentation mode: :attr:`present` (the ``bgsim-present`` CSS class).

    >>> box = Presentable(); box.present = True; box.present, box._dom_classes
    (True, ('bgsim-present',))
    """

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
