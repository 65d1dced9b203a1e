"""What a page asks of the boards on it: the board theme (and the presentation mode).

A teacher shows the lessons in Voila (``make teach``) and sets up the room in the page's
address, with no code::

    http://localhost:8866/voila/render/04-bar.ipynb?present=1&board=high-contrast

``present=1`` is the presentation mode (a projector: boards as wide as the page, big text,
the rule message beside the board, the IDs hidden); ``board=`` is the board theme:
``classic``, ``high-contrast`` or ``colorblind`` (see :data:`bgsim.draw.svg.THEMES`; the
spellings ``contrast``, ``colourblind``, ``colour-blind`` and ``color-blind`` are
understood too). The switches at the top of a teacher page write the same two words.

The presentation mode only changes sizes, so the browser does it alone (the widgets'
stylesheet, switched on and off without a round trip). The theme changes the drawing, so
the kernel draws it: a board (:func:`bgsim.draw.svg.board`) or widget given no ``theme`` of its
own is drawn in the page's theme. A Voila kernel started for the request reads the address
(Voila puts it in ``QUERY_STRING``) the first time a board is drawn. A *preheated* kernel
(``make teach`` keeps one ready per lesson) has run its lesson before anybody asked for the
page, in the classic theme; the page then asks it, through any bgsim widget on it, to draw
its boards again in the theme of the address (:func:`bgsim.draw.svg.redraw`), and the theme the
page asks for becomes the kernel's (:func:`set_page`) for the boards drawn after. Outside
Voila (JupyterLab, scripts, tests) nothing is read and the theme stays classic, so a
board's bytes depend on its arguments only.

>>> parse_query("present=1&board=high-contrast")
PageSettings(theme='high-contrast', present=True)
>>> parse_query("board=colour-blind&present=no")
PageSettings(theme='colorblind', present=False)
>>> parse_query("token=abc")
PageSettings(theme='classic', present=False)
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, replace
from urllib.parse import parse_qs

from ..engine.errors import ViewError

__all__ = ["THEME_NAMES", "PageSettings", "page", "parse_query", "set_page", "settings"]

#: The board themes a page may ask for, by every spelling understood, to the theme's name
#: in :data:`bgsim.draw.svg.THEMES`.
THEME_NAMES: dict[str, str] = {
    "classic": "classic",
    "high-contrast": "high-contrast", "highcontrast": "high-contrast", "contrast": "high-contrast",
    "colorblind": "colorblind", "colourblind": "colorblind", "color-blind": "colorblind",
    "colour-blind": "colorblind",
}

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


@dataclass(frozen=True)
class PageSettings:
    """The page's board theme (a key of :data:`bgsim.draw.svg.THEMES`) and presentation mode
    (``present``: read for completeness; the browser applies it)."""

    theme: str = "classic"
    present: bool = False


def parse_query(query: str) -> PageSettings:
    """The settings an address's query string asks for (``present=1&board=high-contrast``).

    Words it does not know are ignored (a page must open whatever its address says):
    an unknown theme leaves the classic one.

    >>> parse_query("?board=HIGH-CONTRAST&present=TRUE")
    PageSettings(theme='high-contrast', present=True)
    >>> parse_query("board=neon&present=maybe")
    PageSettings(theme='classic', present=False)
    """
    args = parse_qs(query.lstrip("?"), keep_blank_values=True)
    theme = THEME_NAMES.get((args.get("board") or [""])[-1].strip().lower(), "classic")
    present = (args.get("present") or ["0"])[-1].strip().lower() in _TRUE
    return PageSettings(theme, present)


_current: PageSettings | None = None


def _from_environment() -> PageSettings:
    """The page's address, in a Voila kernel started for its request (``VOILA_PREHEAT=False``).

    A preheated kernel (``VOILA_PREHEAT=True``) runs before any request, so it draws in the
    classic theme and the page asks for its theme later; outside Voila nothing is read.
    """
    if os.environ.get("VOILA_PREHEAT") != "False":
        return PageSettings()
    return parse_query(os.environ.get("QUERY_STRING", ""))


def settings() -> PageSettings:
    """The page's settings: read from a Voila page's address the first time a board is drawn, then kept
    (:func:`set_page` changes them).

    >>> with page(theme="colorblind"):
    ...     settings().theme
    'colorblind'
    """
    global _current
    if _current is None:
        _current = _from_environment()
    return _current


def set_page(*, theme: str | None = None, present: bool | None = None) -> PageSettings:
    """Change the page's settings from code; returns the settings before (to put them back).

    Raises
    ------
    ViewError
        ``theme`` is not one of the page's themes (:data:`THEME_NAMES`).

    >>> before = set_page(present=True); settings().present
    True
    >>> _ = set_page(theme=before.theme, present=before.present)
    """
    before = settings()
    new = before
    if theme is not None:
        name = THEME_NAMES.get(str(theme).lower())
        if name is None:
            raise ViewError(f"unknown board theme {theme!r} (classic, high-contrast, colorblind)")
        new = replace(new, theme=name)
    if present is not None:
        new = replace(new, present=bool(present))
    global _current
    _current = new
    return before


@contextlib.contextmanager
def page(*, theme: str | None = None, present: bool | None = None) -> Iterator[PageSettings]:
    """The page's settings changed inside a ``with`` block, and put back after it.

    >>> with page(present=True) as now:
    ...     now.present
    True
    """
    before = set_page(theme=theme, present=present)
    try:
        yield settings()
    finally:
        set_page(theme=before.theme, present=before.present)
