"""Backgammon boards as SVG images, for notebooks, web pages and projectors.

:func:`board` draws a :class:`~bgsim.engine.position.Position` and returns an
:class:`SvgBoard`: a ``str`` holding the SVG document that Jupyter displays as
an image (it has ``_repr_svg_``). A position shown as the last line of a cell is
drawn with the defaults.

The picture keeps a fixed, *absolute* point of view: ``perspective=0`` puts
player 0 at the bottom whoever is on roll, so replaying a game does not flip the
board. Points are numbered from the bottom player's side (R1: each player counts
from his own home board; a point ``p`` of one player is ``25 - p`` of the other).
Player 0's checkers always have one colour and player 1's the other.

>>> from bgsim import Position
>>> svg = board(Position.initial(), dice=(3, 1))
>>> svg.startswith("<svg") and svg.count('class="checker"') == 30
True
>>> svg._repr_svg_() == svg
True

Widgets and tests find their way around the drawing through its classes and
data attributes (the numbers are in the bottom player's numbering):

- each point: ``class="point" data-point="N"`` (1-24), plus ``highlight`` when highlighted;
- each player's half of the bar ``class="bar" data-player="P"`` and tray
  ``class="tray" data-player="P"``;
- each checker ``class="checker" data-player="P" data-point="N"`` (25 = on the bar, 0 = off);
- the dice ``class="die"``, the cube ``class="cube"``.

>>> svg = board(Position.initial(), perspective=1)
>>> 'class="checker" data-player="0" data-point="1"' in svg   # player 0's 24 point is player 1's 1
True

Element ids start with a prefix made from the inputs (or ``id_prefix=``), so two
different boards on one page do not collide; the same inputs give the same bytes.

A board is drawn in layers, back to front: the frame and the bar, the trays, the points
with their numbers, the checkers, the cube, the turn marker, the dice, the play's arrows,
the status line and the caption; each layer is a small function of the checked inputs.
The Monte Carlo convergence chart lives in :mod:`bgsim.draw.charts` (``bgsim.draw.svg.convergence``
still names it).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from ..engine.errors import ViewError
from ..engine.i18n import _, get_language, ngettext, side_name
from ..engine.plays import Play
from . import page
from .charts import convergence

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.board import BasePosition as Position

__all__ = ["THEMES", "SvgBoard", "board", "convergence", "play_board", "record_step", "redraw", "step_board"]


class SvgBoard(str):
    """An SVG document as a ``str``; Jupyter and IPython display it as an image."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# ----------------------------------------------------------------------------- themes
#: Colours and line widths per theme. ``classic``: wood and green felt; ``high-contrast``:
#: strong colours, thick outlines and big numbers for projectors; ``colorblind``: the
#: Okabe-Ito blue and orange, safe for the common colour-vision deficiencies.
THEMES: dict[str, dict[str, Any]] = {
    "classic": {
        "frame": "#6b4423", "frame_edge": "#3d2410", "surface": "#2f6a45", "bar": "#7a4e29",
        "tray": "#3a2414", "point_a": "#efe2bd", "point_b": "#a8362a", "point_edge": "#00000033",
        "checker": ("#f6f1e4", "#2a2522"), "checker_edge": ("#4a4038", "#c9beb0"),
        "checker_text": ("#2a2522", "#f6f1e4"), "number": "#f4e6c6", "text": "#222222",
        "status_bg": "#f4efe4", "arrow": "#ffd23f", "arrow_edge": "#1c1c1c", "hit": "#e8202a",
        "highlight": "#ffe24a", "cube": "#fbfaf5", "cube_text": "#1c1c1c",
        "stroke": 1.2, "font": 13, "weight": "bold",
    },
    "high-contrast": {
        "frame": "#000000", "frame_edge": "#000000", "surface": "#ffffff", "bar": "#1a1a1a",
        "tray": "#333333", "point_a": "#9a9a9a", "point_b": "#1f4fbf", "point_edge": "#000000",
        "checker": ("#ffffff", "#000000"), "checker_edge": ("#000000", "#ffffff"),
        "checker_text": ("#000000", "#ffffff"), "number": "#ffffff", "text": "#000000",
        "status_bg": "#ffffff", "arrow": "#ff7a00", "arrow_edge": "#000000", "hit": "#ff0000",
        "highlight": "#00d000", "cube": "#ffff00", "cube_text": "#000000",
        "stroke": 2.6, "font": 16, "weight": "bold",
    },
    "colorblind": {
        "frame": "#4a4a4a", "frame_edge": "#2b2b2b", "surface": "#ebe5d6", "bar": "#5a5a5a",
        "tray": "#303030", "point_a": "#cdc2a5", "point_b": "#7d7567", "point_edge": "#00000040",
        "checker": ("#0072b2", "#e69f00"), "checker_edge": ("#003a5c", "#6b4a00"),
        "checker_text": ("#ffffff", "#000000"), "number": "#ffffff", "text": "#222222",
        "status_bg": "#f3efe4", "arrow": "#cc79a7", "arrow_edge": "#1c1c1c", "hit": "#d55e00",
        "highlight": "#009e73", "cube": "#ffffff", "cube_text": "#000000",
        "stroke": 1.6, "font": 13, "weight": "bold",
    },
}

# ----------------------------------------------------------------------------- geometry
# All lengths in viewBox units; the default picture is 600 units (= px) wide.
_M = 4            # outer margin
_SIDE = 50        # the cube column and the tray column
_FRAME = 10       # wood between a side column and a half-board
_STRIP = 24       # wood above and below the playing surface, where the numbers are
_PW = 36          # point width
_CD = 34          # checker diameter
_R = _CD / 2
_STACK = 5        # checkers drawn per point; a count is written on taller stacks
_PA = _STACK * _CD + 4   # height of the area of one row of points
_TRI = 158        # triangle height
_GAP = 44         # between the two rows of points
_BAR = 40
_HALF = 6 * _PW
_W = 2 * _M + 2 * _SIDE + 2 * _FRAME + 2 * _HALF + _BAR      # 600
_TOP: float = _M + _STRIP                                        # top of the playing surface
_MID = _TOP + _PA + _GAP / 2                                 # the horizontal centre line
_BOTTOM: float = _TOP + 2 * _PA + _GAP                           # bottom of the playing surface
_BOARD_H = _BOTTOM + _STRIP                                  # bottom of the wood
_LINE = 24        # one text line under the board
_SLAB = 9         # a borne-off checker seen edge-on
_DIE = 30


def _f(x: float) -> str:
    """A number for the SVG: at most one decimal, no trailing zeros (deterministic)."""
    s = f"{x:.1f}"
    return s.removesuffix(".0")


#: Pip offsets (in units of 8 px from a die's centre) per face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}



# ----------------------------------------------------------------------------- inputs
def _cube_state(cube: Any) -> tuple[int, int | None] | None:
    if cube is None:
        return None
    if hasattr(cube, "value") and hasattr(cube, "owner"):
        value, owner = cube.value, cube.owner
    elif isinstance(cube, tuple):
        if len(cube) != 2:
            raise ViewError(f"cube: expected a value or (value, owner), not {cube!r}")
        value, owner = cube
    else:
        value, owner = cube, None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1 or value & (value - 1):
        raise ViewError(f"the cube shows a power of two (1, 2, 4 ...; R25), not {value!r}")
    if owner is not None and (isinstance(owner, bool) or owner not in (0, 1)):
        raise ViewError(f"the cube's owner is player 0, player 1 or None (centred), not {owner!r}")
    return int(value), owner


def _dice(dice: Any) -> tuple[int, int] | None:
    if dice is None:
        return None
    try:
        d1, d2 = dice
        ok = all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in (d1, d2))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ViewError(f"dice: two numbers from 1 to 6, not {dice!r} (R2)")
    return int(d1), int(d2)


def _highlight(highlight: Iterable[int]) -> frozenset[int]:
    hl = set()
    for h in highlight:
        if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= 25:
            raise ViewError(f"highlight: points are 1-24, 25 = bar, 0 = tray; not {h!r}")
        hl.add(int(h))
    return frozenset(hl)


def _play_steps(play: Any) -> tuple[tuple[tuple[int, int], ...], tuple[bool, ...]]:
    if not isinstance(play, Play):
        raise ViewError(f"play: expected a Play (from Position.legal_plays), not {play!r}")
    hits = tuple(play.hits)
    return play.steps, hits + (False,) * (len(play.steps) - len(hits))


def _play_before(play: Play) -> Position | None:
    return play.before


def _names(names: Iterable[str] | None) -> tuple[str, str]:
    if names is None:
        return _("Light"), _("Dark")
    a, b = names
    return str(a), str(b)


# ----------------------------------------------------------------------------- the layout
class _Layout:
    """Where things go for one perspective and orientation."""

    def __init__(self, perspective: int, orientation: str) -> None:
        self.perspective = perspective
        self.left = orientation == "left"
        inner_left = _M + _SIDE + _FRAME
        self.half_x = (inner_left, inner_left + _HALF + _BAR)
        self.bar_x = inner_left + _HALF
        if self.left:
            self.tray_x, self.cube_x = _M, _W - _M - _SIDE
        else:
            self.tray_x, self.cube_x = _W - _M - _SIDE, _M

    def column(self, n: int) -> tuple[int, bool]:
        """Column 0-11 (left to right) of perspective point ``n`` and whether it is in the top row."""
        top = n >= 13
        col = n - 13 if top else 12 - n
        return (11 - col if self.left else col), top

    def point_x(self, n: int) -> float:
        col, _ = self.column(n)
        return self.half_x[col // 6] + (col % 6) * _PW

    def slot(self, n: int, k: int) -> tuple[float, float]:
        """Centre of the ``k``-th checker (0 = at the edge) on perspective point ``n``."""
        _, top = self.column(n)
        k = min(k, _STACK - 1)
        x = self.point_x(n) + _PW / 2
        y = _TOP + 1 + _R + k * _CD if top else _BOTTOM - 1 - _R - k * _CD
        return x, y

    def is_bottom(self, player: int) -> bool:
        return player == self.perspective

    def bar_slot(self, player: int, k: int) -> tuple[float, float]:
        """Centre of the ``k``-th checker of ``player`` on the bar, stacked from the middle outwards."""
        k = min(k, _STACK - 1)
        x = self.bar_x + _BAR / 2
        d = _GAP / 2 + 2 + _R + k * _CD
        return x, (_MID + d if self.is_bottom(player) else _MID - d)

    def tray_slab(self, player: int, k: int) -> float:
        """Top y of the ``k``-th borne-off slab of ``player``, stacked from the outer edge."""
        if self.is_bottom(player):
            return _BOTTOM - 4 - (k + 1) * _SLAB
        return _TOP + 4 + k * _SLAB

    def tray_slot(self, player: int, k: int) -> tuple[float, float]:
        return self.tray_x + _SIDE / 2, self.tray_slab(player, k) + _SLAB / 2


@dataclass(frozen=True)
class _Drawing:
    """One board to draw: the checked inputs of :func:`board` and the layout; every layer reads it."""

    position: Position
    counts: tuple[tuple[int, ...], tuple[int, ...]]   # player 0's and player 1's, each in his own numbering
    perspective: int
    dice: tuple[int, int] | None
    cube: tuple[int, int | None] | None
    play: Play | None
    steps: tuple[tuple[int, int], ...]
    hits: tuple[bool, ...]
    highlight: frozenset[int]
    size: float | None
    theme: dict[str, Any]
    names: tuple[str, str]
    caption: str | None
    pips: bool
    pid: str
    lay: _Layout
    present: bool = False
    ranked: tuple[tuple[tuple[tuple[int, int], ...], tuple[bool, ...]], ...] = ()   # arrows=: (steps, hits) by rank

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def lines(self) -> int:
        """Text lines under the board: the status line, and the caption if there is one."""
        return 1 + (1 if self.caption else 0)


def _drawing(position: Position, perspective: int, dice: Any, cube: Any, play: Play | None,
             highlight: Iterable[int], orientation: str, size: int | None, theme: str | None,
             names: Iterable[str] | None, caption: str | None, id_prefix: str | None, pips: bool,
             present: bool = False, arrows: Iterable[Play] = ()) -> _Drawing:
    """Check :func:`board`'s options (in this order) and gather what the layers draw from.

    A ``theme`` of None is the page's (:func:`bgsim.draw.page.settings`)."""
    if theme is None:
        theme = page.settings().theme
    if theme not in THEMES:
        raise ViewError(f"unknown theme {theme!r} ({', '.join(THEMES)})")
    if orientation not in ("right", "left"):
        raise ViewError(f"orientation is 'right' or 'left' (where the home board is), not {orientation!r}")
    if perspective not in (0, 1) or isinstance(perspective, bool):
        raise ViewError(f"perspective is player 0 or 1, not {perspective!r}")
    dice_t = _dice(dice)
    cube_t = _cube_state(cube)
    hl = _highlight(highlight)
    if size is not None and (isinstance(size, bool) or not isinstance(size, (int, float))
                             or not 0 < size < float("inf")):
        raise ViewError(f"size is a width in pixels, not {size!r}")
    steps: tuple[tuple[int, int], ...] = ()
    hits: tuple[bool, ...] = ()
    if play is not None:
        steps, hits = _play_steps(play)
        before = _play_before(play)
        if before is not None and before != position:
            raise ViewError("play: this play starts from another position than the one drawn")
    ranked = []
    if isinstance(arrows, Play) or isinstance(arrows, (str, bytes)):
        raise ViewError("arrows: a list of plays, best first (e.g. [r.play for r in ranking[:3]]), not one play")
    for k, p in enumerate(arrows):
        st, ht = _play_steps(p)
        before = _play_before(p)
        if before is not None and before != position:
            raise ViewError(f"arrows: play {k + 1} ({p}) starts from another position than the one drawn")
        ranked.append((st, ht))
    if len(ranked) > 9:
        raise ViewError(f"arrows: at most 9 plays are drawn (numbered 1-9), not {len(ranked)}")
    nm = _names(names)
    turn = position.turn
    counts = ((position.mine, position.theirs) if turn == 0 else (position.theirs, position.mine))
    if id_prefix is None:
        key = repr((counts, turn, perspective, dice_t, cube_t, steps, hits, sorted(hl), orientation,
                    size, theme, nm, caption) + (() if pips else ("no pips",)) + (("present",) if present else ())
                   + ((tuple(ranked),) if ranked else ())
                   + (() if get_language() == "en" else (get_language(),)))   # English ids as before
        id_prefix = "bg" + hashlib.sha1(key.encode()).hexdigest()[:8]
    elif not id_prefix.replace("-", "").replace("_", "").isalnum() or not id_prefix[0].isalpha():
        raise ViewError(f"id_prefix: letters, digits, '-' and '_', starting with a letter; not {id_prefix!r}")
    return _Drawing(position, counts, perspective, dice_t, cube_t, play, steps, hits, hl, size, THEMES[theme],
                    nm, caption, pips, id_prefix, _Layout(perspective, orientation), bool(present), tuple(ranked))


def _describe(pos: Position, counts: tuple[tuple[int, ...], tuple[int, ...]], names: tuple[str, str],
              perspective: int, dice: tuple[int, int] | None, cube: tuple[int, int | None] | None,
              play: Any, caption: str | None, show_pips: bool = True) -> tuple[str, str]:
    turn = pos.turn
    pips = [sum(i * c for i, c in enumerate(counts[p])) for p in (0, 1)]
    where = {perspective: _("bottom"), 1 - perspective: _("top")}
    if pos.is_game_over():    # R22: nobody is to play; say who won (a V4 draw: both are off)
        winner = pos.winner()
        title = "Backgammon: " + (_("{name} won").format(name=names[winner]) if winner is not None else _("a draw"))
    else:
        title = ("Backgammon: " + _("{name} to play").format(name=names[turn])
                 + (f" {dice[0]}-{dice[1]}" if dice else ""))
    parts = [(_("{name} ({where})").format(name=names[p], where=where[p]) if names[p] == side_name(p)
              else _("{name} ({p}, {where})").format(name=names[p], p=side_name(p), where=where[p]))
             + (ngettext(" has {n} pip", " has {n} pips", pips[p]).format(n=pips[p]) if show_pips else "")
             for p in (0, 1)]
    if dice:
        text = _("{name} is on roll with {roll}. ").format(name=names[turn], roll=f"{dice[0]}-{dice[1]}")
    else:
        text = _("{name} is on roll. ").format(name=names[turn])
    text += "; ".join(parts) + "."
    for label, idx in ((_("Checkers on the bar: {which}."), 25), (_("Checkers borne off: {which}."), 0)):
        said = [f"{names[p]} {counts[p][idx]}" for p in (0, 1) if counts[p][idx]]
        if said:
            text += " " + label.format(which=", ".join(said))
    if cube is not None:
        value, owner = cube
        text += " " + (_("Cube {value} in the middle.").format(value=value) if owner is None
                       else _("Cube {value} owned by {name}.").format(value=value, name=names[owner]))
    if play is not None:
        text += " " + _("Play: {play}.").format(play=play)
    if caption:
        text += f" {caption}"
    return title, text


# ----------------------------------------------------------------------------- the layers, back to front
def _document(d: _Drawing) -> list[str]:
    """The ``<svg>`` element with its size, the title and description (for screen readers), the arrow head."""
    t, pid = d.theme, d.pid
    height = _BOARD_H + _M + d.lines * _LINE
    width_px = _W if d.size is None else d.size
    height_px = height * width_px / _W
    # presenting: as wide as the page allows (the height follows from the viewBox)
    extent = 'width="100%"' if d.present else f'width="{_f(width_px)}" height="{_f(height_px)}"'
    title, desc = _describe(d.position, d.counts, d.names, d.perspective, d.dice, d.cube, d.play, d.caption, d.pips)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{pid}" class="bgsim-board" '
        f'viewBox="0 0 {_W} {_f(height)}" {extent} '
        f'role="img" aria-labelledby="{pid}-title {pid}-desc" '
        f'font-family="DejaVu Sans, Verdana, Arial, sans-serif" data-perspective="{d.perspective}" '
        f'data-turn="{d.turn}">',
        f'<title id="{pid}-title">{escape(title)}</title>',
        f'<desc id="{pid}-desc">{escape(desc)}</desc>',
        f'<defs><marker id="{pid}-head" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="3.2" '
        f'markerHeight="3.2" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{t["arrow"]}" '
        f'stroke="{t["arrow_edge"]}" stroke-width="1"/></marker></defs>',
    ]


def _frame(d: _Drawing) -> list[str]:
    """The wood, the two playing surfaces and the bar with one clickable half per player."""
    t, lay = d.theme, d.lay
    out = [f'<rect x="{_M}" y="{_M}" width="{_W - 2 * _M}" height="{_BOARD_H - _M}" rx="8" fill="{t["frame"]}" '
           f'stroke="{t["frame_edge"]}" stroke-width="2"/>']
    for hx in lay.half_x:
        out.append(f'<rect x="{hx}" y="{_TOP}" width="{_HALF}" height="{_BOTTOM - _TOP}" fill="{t["surface"]}" '
                   f'stroke="{t["frame_edge"]}" stroke-width="1.5"/>')
    out.append(f'<rect x="{lay.bar_x}" y="{_TOP - 6}" width="{_BAR}" height="{_BOTTOM - _TOP + 12}" '
               f'fill="{t["bar"]}" stroke="{t["frame_edge"]}" stroke-width="1"/>')
    for p in (0, 1):
        y = _MID if lay.is_bottom(p) else _TOP
        cls = "bar highlight" if (25 in d.highlight and p == d.turn) else "bar"
        out.append(f'<rect class="{cls}" data-player="{p}" x="{lay.bar_x}" y="{_f(y)}" width="{_BAR}" '
                   f'height="{_f(_MID - _TOP)}" fill="{t["bar"]}" fill-opacity="0"'
                   + (f' stroke="{t["highlight"]}" stroke-width="3"' if cls != "bar" else "") + '/>')
    return out


def _trays(d: _Drawing) -> list[str]:
    """Each player's bear-off tray, at his end of the tray column."""
    t, lay = d.theme, d.lay
    out = []
    for p in (0, 1):
        y = _MID + _GAP / 2 - 2 if lay.is_bottom(p) else _TOP
        tray_h = _BOTTOM - y if lay.is_bottom(p) else _MID - _GAP / 2 + 2 - _TOP
        cls = "tray highlight" if (0 in d.highlight and p == d.turn) else "tray"
        stroke = (f'stroke="{t["highlight"]}" stroke-width="3"' if cls != "tray"
                  else f'stroke="{t["frame_edge"]}" stroke-width="1"')
        out.append(f'<rect class="{cls}" data-player="{p}" x="{lay.tray_x + 5}" y="{_f(y)}" '
                   f'width="{_SIDE - 10}" height="{_f(tray_h)}" rx="3" fill="{t["tray"]}" {stroke}/>')
    return out


def _point(d: _Drawing, n: int) -> str:
    """Point ``n`` (bottom player's numbering): a clickable column with its triangle, highlighted or not."""
    t, lay = d.theme, d.lay
    col, top = lay.column(n)
    x = lay.point_x(n)
    base = _TOP if top else _BOTTOM
    tip = base + _TRI if top else base - _TRI
    fill = t["point_a"] if col % 2 == 0 else t["point_b"]
    ry = _TOP if top else _BOTTOM - _PA
    cls = "point highlight" if n in d.highlight else "point"
    out = (f'<g class="{cls}" data-point="{n}" id="{d.pid}-p{n}">'
           f'<rect x="{x}" y="{ry}" width="{_PW}" height="{_PA}" fill="{fill}" fill-opacity="0"/>'
           f'<polygon points="{x},{base} {x + _PW},{base} {_f(x + _PW / 2)},{tip}" fill="{fill}" '
           f'stroke="{t["point_edge"]}" stroke-width="1"/>')
    if n in d.highlight:
        out += (f'<polygon points="{x + 2},{base} {x + _PW - 2},{base} {_f(x + _PW / 2)},{tip}" '
                f'fill="{t["highlight"]}" fill-opacity="0.45" stroke="{t["highlight"]}" '
                f'stroke-width="3" stroke-linejoin="round"/>')
    return out + "</g>"


def _point_number(d: _Drawing, n: int) -> str:
    """The number of point ``n``, on the wood above or below it."""
    t = d.theme
    _, top = d.lay.column(n)
    ny = _M + _STRIP / 2 if top else _BOTTOM + _STRIP / 2
    return (f'<text x="{_f(d.lay.point_x(n) + _PW / 2)}" y="{_f(ny)}" font-size="{t["font"]}" '
            f'font-weight="{t["weight"]}" fill="{t["number"]}" text-anchor="middle" '
            f'dominant-baseline="central">{n}</text>')


def _points(d: _Drawing) -> list[str]:
    """The 24 points, each followed by its number."""
    return [part for n in range(1, 25) for part in (_point(d, n), _point_number(d, n))]


def _checker(d: _Drawing, p: int, where: int, x: float, y: float, label: str = "") -> list[str]:
    """One round checker of player ``p`` at (x, y); ``label`` counts a stack too tall to draw."""
    t, sw, fs = d.theme, d.theme["stroke"], d.theme["font"]
    out = [f'<circle class="checker" data-player="{p}" data-point="{where}" cx="{_f(x)}" cy="{_f(y)}" '
           f'r="{_f(_R - sw / 2)}" fill="{t["checker"][p]}" stroke="{t["checker_edge"][p]}" '
           f'stroke-width="{sw}"/>']
    if label:
        out.append(f'<text x="{_f(x)}" y="{_f(y)}" font-size="{fs + 1}" font-weight="bold" '
                   f'fill="{t["checker_text"][p]}" text-anchor="middle" dominant-baseline="central" '
                   f'pointer-events="none">{label}</text>')
    return out


def _inner_ring(d: _Drawing, p: int, x: float, y: float) -> str:
    return (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(_R * 0.62)}" fill="none" '
            f'stroke="{d.theme["checker_edge"][p]}" stroke-opacity="0.45" stroke-width="1" pointer-events="none"/>')


def _checkers_on_points(d: _Drawing, p: int) -> list[str]:
    """Player ``p``'s checkers on the points: at most five per stack, the count written on the last."""
    out: list[str] = []
    c = d.counts[p]
    for own in range(1, 25):
        k = c[own]
        if not k:
            continue
        n = own if p == d.perspective else 25 - own
        for i in range(k):
            x, y = d.lay.slot(n, i)
            out += _checker(d, p, n, x, y, str(k) if (k > _STACK and i == k - 1) else "")
            if k <= _STACK or i < _STACK - 1:
                out.append(_inner_ring(d, p, x, y))
    return out


def _checkers_on_bar(d: _Drawing, p: int) -> list[str]:
    """Player ``p``'s checkers on his half of the bar, the count written on the last if more than one."""
    out: list[str] = []
    k = d.counts[p][25]
    for i in range(k):
        x, y = d.lay.bar_slot(p, i)
        out += _checker(d, p, 25, x, y, str(k) if (k > 1 and i == k - 1) else "")
    return out


def _checkers_in_tray(d: _Drawing, p: int) -> list[str]:
    """Player ``p``'s borne-off checkers, edge-on in his tray, and their number."""
    t, lay = d.theme, d.lay
    out: list[str] = []
    k = d.counts[p][0]
    for i in range(k):
        y = lay.tray_slab(p, i)
        out.append(f'<rect class="checker" data-player="{p}" data-point="0" x="{lay.tray_x + 8}" '
                   f'y="{_f(y + 0.5)}" width="{_SIDE - 16}" height="{_SLAB - 1}" rx="2" '
                   f'fill="{t["checker"][p]}" stroke="{t["checker_edge"][p]}" stroke-width="1"/>')
    if k:
        x = lay.tray_x + _SIDE / 2
        y = (_MID + _GAP / 2 - 2 + 9) if lay.is_bottom(p) else (_MID - _GAP / 2 + 2 - 9)
        full = k * _SLAB + 8 > _PA - 22
        ty = lay.tray_slab(p, k - 1) + _SLAB / 2 if full else y
        out.append(f'<text x="{_f(x)}" y="{_f(ty)}" font-size="{t["font"]}" font-weight="bold" '
                   f'fill="{t["checker_text"][p] if full else t["number"]}" text-anchor="middle" '
                   f'dominant-baseline="central" pointer-events="none">{k}</text>')
    return out


def _checkers(d: _Drawing) -> list[str]:
    """Every checker, player 0's then player 1's: on the points, on the bar, in the tray."""
    return [part for p in (0, 1)
            for part in (*_checkers_on_points(d, p), *_checkers_on_bar(d, p), *_checkers_in_tray(d, p))]


def _cube(d: _Drawing) -> list[str]:
    """The doubling cube: centred in its column (showing 64 at value 1), or at its owner's end."""
    if d.cube is None:
        return []
    t, lay = d.theme, d.lay
    value, owner = d.cube
    cs = 36
    cx = lay.cube_x + _SIDE / 2
    if owner is None:
        cy = _MID
    elif lay.is_bottom(owner):
        cy = _BOTTOM - cs / 2 - 4
    else:
        cy = _TOP + cs / 2 + 4
    shown = 64 if (owner is None and value == 1) else value
    cfs = 18 if shown < 10 else 15 if shown < 100 else 12
    owner_attr = "" if owner is None else f' data-player="{owner}"'
    return [f'<g class="cube" data-value="{value}"{owner_attr}>'
            f'<rect x="{_f(cx - cs / 2)}" y="{_f(cy - cs / 2)}" width="{cs}" height="{cs}" rx="5" '
            f'fill="{t["cube"]}" stroke="{t["cube_text"]}" stroke-width="{max(t["stroke"], 1.5)}"/>'
            f'<text x="{_f(cx)}" y="{_f(cy)}" font-size="{cfs}" font-weight="bold" fill="{t["cube_text"]}" '
            f'text-anchor="middle" dominant-baseline="central">{shown}</text></g>']


def _turn_marker(d: _Drawing) -> list[str]:
    """Whose turn: an arrow in the middle of the bar, in the roller's colour, pointing at his side
    (none once the game is over: nobody is to play, R22)."""
    if d.position.is_game_over():
        return []
    t, turn = d.theme, d.turn
    bx = d.lay.bar_x + _BAR / 2
    a, b = (_MID - 9, _MID + 11) if d.lay.is_bottom(turn) else (_MID + 9, _MID - 11)
    return [f'<polygon class="turn" data-player="{turn}" points="{_f(bx - 11)},{_f(a)} {_f(bx + 11)},{_f(a)} '
            f'{_f(bx)},{_f(b)}" fill="{t["checker"][turn]}" stroke="{t["checker_edge"][turn]}" '
            f'stroke-width="{t["stroke"]}" stroke-linejoin="round"/>']


def _thrown_dice(d: _Drawing) -> list[str]:
    """The dice on the roller's right-hand half, as thrown at a real board (bottom player: right)."""
    if d.dice is None:
        return []
    t, turn = d.theme, d.turn
    out = []
    hx = d.lay.half_x[1 if d.lay.is_bottom(turn) else 0]
    x0 = hx + _HALF / 2 - _DIE - 5
    for i, face in enumerate(d.dice):
        dx = x0 + i * (_DIE + 10)
        dy = _MID - _DIE / 2
        out.append(f'<g class="die" data-value="{face}" data-player="{turn}">'
                   f'<rect x="{_f(dx)}" y="{_f(dy)}" width="{_DIE}" height="{_DIE}" rx="5" '
                   f'fill="{t["checker"][turn]}" stroke="{t["checker_edge"][turn]}" '
                   f'stroke-width="{max(t["stroke"], 1.5)}"/>')
        for px, py in _PIPS[face]:
            out.append(f'<circle cx="{_f(dx + _DIE / 2 + px * 8)}" cy="{_f(dy + _DIE / 2 + py * 8)}" r="2.9" '
                       f'fill="{t["checker_text"][turn]}"/>')
        out.append("</g>")
    return out


def _hit_mark(d: _Drawing, n: int) -> str:
    """A ring and a cross on the blot hit on perspective point ``n``."""
    colour = d.theme["hit"]
    mx, my = d.lay.slot(n, 0)
    return (f'<g class="hit" data-point="{n}"><circle cx="{_f(mx)}" cy="{_f(my)}" '
            f'r="{_f(_R - 1)}" fill="none" stroke="{colour}" stroke-width="3.5"/>'
            f'<path d="M{_f(mx - 7)},{_f(my - 7)} L{_f(mx + 7)},{_f(my + 7)} M{_f(mx + 7)},'
            f'{_f(my - 7)} L{_f(mx - 7)},{_f(my + 7)}" stroke="{colour}" stroke-width="3.5" '
            f'stroke-linecap="round"/></g>')


def _arrow(d: _Drawing, i: int, x1: float, y1: float, x2: float, y2: float) -> str:
    """Step ``i`` (from 0) as an arrow from (x1, y1) that stops short of (x2, y2), its head on the checker's edge."""
    t = d.theme
    dx, dy = x2 - x1, y2 - y1
    dist = max((dx * dx + dy * dy) ** 0.5, 1.0)
    cut = min(8.0, dist / 3)
    x2, y2 = x2 - dx * cut / dist, y2 - dy * cut / dist
    seg = f'x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(x2)}" y2="{_f(y2)}"'
    return (f'<g class="step" data-step="{i + 1}"><line {seg} stroke="{t["arrow_edge"]}" '
            f'stroke-width="7.5" stroke-linecap="round" stroke-opacity="0.8"/>'
            f'<line {seg} stroke="{t["arrow"]}" stroke-width="4.5" stroke-linecap="round" '
            f'marker-end="url(#{d.pid}-head)"/></g>')


def _segments(d: _Drawing, steps, hits) -> list[tuple[float, float, float, float, int | None]]:
    """Each step of a play as ``(x1, y1, x2, y2, hit point or None)``: from the top checker of its
    stack to where the moved checker lands, the checkers counted as they move."""
    lay, mover = d.lay, d.turn
    to_p = (lambda q: q) if mover == d.perspective else (lambda q: 25 - q)
    live = [list(d.counts[mover]), list(d.counts[1 - mover])]
    out: list[tuple[float, float, float, float, int | None]] = []
    for (src, dst), hit in zip(steps, hits, strict=True):
        if src == 25:
            live[0][25] -= 1
            x1, y1 = lay.bar_slot(mover, live[0][25])
        else:
            live[0][src] -= 1
            x1, y1 = lay.slot(to_p(src), live[0][src])
        hit_at = None
        if dst == 0:
            x2, y2 = lay.tray_slot(mover, live[0][0])
            live[0][0] += 1
        else:
            if hit:
                live[1][25 - dst] -= 1
                live[1][25] += 1
                hit_at = to_p(dst)
            x2, y2 = lay.slot(to_p(dst), live[0][dst])
            live[0][dst] += 1
        out.append((x1, y1, x2, y2, hit_at))
    return out


def _play_arrows(d: _Drawing) -> list[str]:
    """The play: an arrow per step from checker to checker, then a mark on each hit blot.

    The checkers are counted as they move, so each arrow starts at the top checker of its
    stack and ends where the moved checker lands.
    """
    if not d.steps:
        return []
    arrows: list[str] = []
    marks: list[str] = []
    for i, (x1, y1, x2, y2, hit_at) in enumerate(_segments(d, d.steps, d.hits)):
        if hit_at is not None:
            marks.append(_hit_mark(d, hit_at))
        arrows.append(_arrow(d, i, x1, y1, x2, y2))
    return arrows + marks


#: Ranked arrows (``arrows=``): line width and opacity by rank (1 = the best play), then the rest.
_RANK_STYLE = ((4.5, 1.0), (3.5, 0.8), (3.0, 0.65))


def _ranked_arrows(d: _Drawing) -> list[str]:
    """Several plays at once, best first (a hint): rank 1 drawn boldest, the others thinner, fainter
    and dashed, each play's last arrow ending in a numbered badge (its rank). Drawn worst first, so
    the best lies on top."""
    if not d.ranked:
        return []
    t = d.theme
    out: list[str] = []
    for k in range(len(d.ranked) - 1, -1, -1):
        steps, hits = d.ranked[k]
        width, opacity = _RANK_STYLE[min(k, len(_RANK_STYLE) - 1)]
        dash = "" if k == 0 else ' stroke-dasharray="9 5"'
        parts = [f'<g class="hint-arrows" data-rank="{k + 1}" opacity="{opacity:g}">']
        segs = _segments(d, steps, hits)
        for i, (x1, y1, x2, y2, _hit) in enumerate(segs):
            dx, dy = x2 - x1, y2 - y1
            dist = max((dx * dx + dy * dy) ** 0.5, 1.0)
            cut = min(8.0, dist / 3)
            ex, ey = x2 - dx * cut / dist, y2 - dy * cut / dist
            seg = f'x1="{_f(x1)}" y1="{_f(y1)}" x2="{_f(ex)}" y2="{_f(ey)}"'
            parts.append(f'<g class="step" data-step="{i + 1}"><line {seg} stroke="{t["arrow_edge"]}" '
                         f'stroke-width="{width + 3:g}" stroke-linecap="round" stroke-opacity="0.8"{dash}/>'
                         f'<line {seg} stroke="{t["arrow"]}" stroke-width="{width:g}" stroke-linecap="round"'
                         f'{dash} marker-end="url(#{d.pid}-head)"/></g>')
        if segs:
            x2, y2 = segs[-1][2], segs[-1][3]
            parts.append(f'<g class="rank"><circle cx="{_f(x2)}" cy="{_f(y2)}" r="9" fill="{t["arrow"]}" '
                         f'stroke="{t["arrow_edge"]}" stroke-width="1.5"/><text x="{_f(x2)}" y="{_f(y2)}" '
                         f'font-size="12" font-weight="bold" fill="{t["arrow_edge"]}" text-anchor="middle" '
                         f'dominant-baseline="central">{k + 1}</text></g>')
        parts.append("</g>")
        out.append("".join(parts))
    return out


def _status_line(d: _Drawing) -> list[str]:
    """Under the board: each player's colour, name and pips (bottom player left), whose turn and his dice."""
    t, sw, fs = d.theme, d.theme["stroke"], d.theme["font"]
    y0 = _BOARD_H + _M
    out = [f'<rect x="{_M}" y="{y0}" width="{_W - 2 * _M}" height="{d.lines * _LINE}" rx="4" '
           f'fill="{t["status_bg"]}"/>']
    pip_counts = [sum(i * c for i, c in enumerate(d.counts[p])) for p in (0, 1)]
    ty = y0 + _LINE / 2
    over = d.position.is_game_over()
    winner = d.position.winner() if over else None
    for side, p in enumerate((d.perspective, 1 - d.perspective)):
        weight = ' font-weight="bold"' if (p == winner if over else p == d.turn) else ""
        label = d.names[p] + (ngettext(": {n} pip", ": {n} pips", pip_counts[p]).format(n=pip_counts[p])
                              if d.pips else "")
        if over:                  # a finished game: nobody is to play (R22)
            label += " \u2014 " + _("won") if p == winner else ""
        else:
            label += " \u2014 " + _("to play") if p == d.turn else ""
            if p == d.turn and d.dice:
                label += f" {d.dice[0]}-{d.dice[1]}"
        # the bottom player's label from the left edge, the top player's to the right edge
        dot = _M + 17 if side == 0 else _W - _M - 17
        tx, anchor = (dot + 12, "start") if side == 0 else (dot - 12, "end")
        out.append(f'<circle cx="{dot}" cy="{_f(ty)}" r="7" fill="{t["checker"][p]}" '
                   f'stroke="{t["checker_edge"][p]}" stroke-width="{max(sw, 1.2)}"/>')
        out.append(f'<text class="pips" data-player="{p}" x="{tx}" y="{_f(ty)}" font-size="{fs}"{weight} '
                   f'fill="{t["text"]}" text-anchor="{anchor}" dominant-baseline="central">{escape(label)}</text>')
    return out


def _caption(d: _Drawing) -> list[str]:
    """The caption, on a second line under the status line."""
    if not d.caption:
        return []
    ty = _BOARD_H + _M + _LINE / 2
    return [f'<text class="caption" x="{_M + 10}" y="{_f(ty + _LINE)}" font-size="{d.theme["font"]}" '
            f'fill="{d.theme["text"]}" dominant-baseline="central">{escape(d.caption)}</text>']


#: The layers of a board, drawn in this order (later ones on top).
_LAYERS: tuple[Callable[[_Drawing], list[str]], ...] = (
    _document, _frame, _trays, _points, _checkers, _cube, _turn_marker, _thrown_dice, _ranked_arrows,
    _play_arrows, _status_line, _caption,
)


def board(position: Position, *, perspective: int = 0, dice: Any = None, cube: Any = None,
          play: Play | None = None, highlight: Iterable[int] = (), orientation: str = "right",
          size: int | None = None, theme: str | None = None, names: Iterable[str] | None = None,
          caption: str | None = None, id_prefix: str | None = None, pips: bool = True,
          present: bool = False, arrows: Iterable[Play] = ()) -> SvgBoard:
    """Draw ``position`` as an SVG board.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> svg = board(pos, dice=(6, 4), cube=(2, 1), highlight=[13, 24], size=400)
    >>> svg.count('class="die"'), svg.count('class="cube"'), svg.count('class="point highlight"')
    (2, 1, 2)
    >>> 'width="400"' in svg
    True
    >>> board(pos, theme="neon")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ViewError: unknown theme 'neon' (classic, high-contrast, colorblind)

    Parameters
    ----------
    position
        The position to draw.
    perspective
        The player (0 or 1, absolute) drawn at the bottom; points are numbered from his
        side. It does not change with the turn.
    dice
        ``(d1, d2)`` of the player on roll, or None. Drawn where he throws them: on his
        right-hand half of the board (the right half for the bottom player).
    cube
        None (no cube drawn), a value (centred), ``(value, owner)`` with owner 0, 1 or
        None, or any object with ``value`` and ``owner`` attributes. A centred cube sits in
        the middle of the side column, an owned one at its owner's end.
    play
        A :class:`~bgsim.engine.plays.Play` of ``position`` (its steps are in the numbering of
        the player on roll): drawn as arrows, with a red mark on each hit blot.
    highlight
        Points to highlight, in the bottom player's numbering 1-24; 25 highlights the bar
        and 0 the tray of the player on roll.
    orientation
        ``"right"``: the bottom player's home board on the right (bear-off trays on the
        right, the cube on the left); ``"left"``: the mirror image.
    size
        Width in pixels (the height follows); default 600. The image scales (viewBox).
    theme
        ``"classic"``, ``"high-contrast"`` or ``"colorblind"`` (see :data:`THEMES`). None
        (the default): the page's theme (:mod:`bgsim.draw.page`), classic unless a teacher view
        asked for another in its address.
    names
        The players' names ``(player 0, player 1)`` for the status line and description (default
        Light and Dark, the colours of their checkers, in the current language).
    caption
        An extra line of text under the board (a score, a comment).
    id_prefix
        Prefix of the element ids; default: made from a hash of all the inputs.
    pips
        Show both players' pip counts in the status line (default). ``False`` hides them,
        for a pip-counting exercise.
    present
        The presentation mode (a projector): the picture is as wide as the page allows
        (``width="100%"``; ``size`` is not used) and its text grows with it. A teacher
        page's presentation switch does the same to every board on the page in the browser.
    arrows
        Several plays of ``position`` at once, best first (at most 9; e.g. a hint's top plays,
        ``[r.play for r in bgsim.rank_plays(position, dice)[:3]]``): each drawn as arrows in a group
        ``class="hint-arrows" data-rank="K"``, the best boldest, the others thinner, fainter and
        dashed, each ending in a badge with its rank.

    Raises
    ------
    ViewError
        For a theme, orientation, perspective, cube, dice, highlight or play that does not fit.
    """
    arrows = tuple(arrows) if not isinstance(arrows, Play) else arrows
    d = _drawing(position, perspective, dice, cube, play, highlight, orientation, size, theme, names, caption,
                 id_prefix, pips, present, arrows)
    _remember(d.pid, position, {"perspective": perspective, "dice": dice, "cube": cube, "play": play,
                                "highlight": tuple(d.highlight), "orientation": orientation, "size": size,
                                "theme": theme, "names": names, "caption": caption, "pips": pips,
                                "present": present, **({"arrows": arrows} if arrows else {})})
    return SvgBoard("".join([part for layer in _LAYERS for part in layer(d)]) + "</svg>")


# ----------------------------------------------------------------------------- drawing a board again
#: The last boards drawn in this process, by their element id: a teacher page's theme switch
#: draws a board picture again in the new theme (a cell's SVG output cannot be changed from
#: the page otherwise). A few hundred positions and their options: small.
_DRAWN: OrderedDict[str, tuple[Any, dict[str, Any]]] = OrderedDict()
_KEEP = 500
_DRAWN_LOCK = threading.Lock()


def _remember(board_id: str, position: Any, options: dict[str, Any]) -> None:
    with _DRAWN_LOCK:
        _DRAWN[board_id] = (position, options)
        _DRAWN.move_to_end(board_id)
        while len(_DRAWN) > _KEEP:
            _DRAWN.popitem(last=False)


def redraw(board_id: str, **changes: Any) -> SvgBoard | None:
    """A board this process drew lately (by its ``<svg>`` element's id), drawn again with some of
    :func:`board`'s options changed; None if it is not one of the last 500 boards drawn.

    A teacher page's **Boards** switch uses it: the board pictures already on the page (cell
    outputs) come back in the new theme, with no reload.

    >>> from bgsim import Position
    >>> first = board(Position.initial(), dice=(3, 1))
    >>> board_id = first[first.index('id="') + 4:first.index('" class="bgsim-board"')]
    >>> again = redraw(board_id, theme="high-contrast")
    >>> again == board(Position.initial(), dice=(3, 1), theme="high-contrast"), redraw("bg00000000")
    (True, None)
    """
    with _DRAWN_LOCK:
        drawn = _DRAWN.get(board_id)
    if drawn is None:
        return None
    position, options = drawn
    return board(position, **{**options, **changes})


# ----------------------------------------------------------------------------- helpers for rich displays
def play_board(play: Play, *, position: Position | None = None, **options: Any) -> SvgBoard:
    """The board before ``play`` with the play's steps as arrows and its dice (a ``Play``'s picture).

    ``position`` is needed only for a play that does not know where it starts. Other
    keywords go to :func:`board`; the caption defaults to the play in notation.

    >>> from bgsim import Position
    >>> play = Position.initial().legal_plays((6, 4))[0]
    >>> svg = play_board(play)
    >>> svg.count('class="step"') == len(play), str(play) in svg
    (True, True)
    """
    before = _play_before(play) if position is None else position
    if before is None:
        raise ViewError("play_board: this play does not know its position; pass position=")
    options.setdefault("dice", getattr(play, "dice", None))
    options.setdefault("caption", f"Play: {play}" if len(play) else "No legal play: the turn is forfeited (R12)")
    return board(before, play=play, **options)


def step_board(position: Position, *, cube_value: int = 1, cube_owner: int | None = None,
               dice: Any = None, caption: str | None = None, score: str | None = None,
               **options: Any) -> SvgBoard:
    """A board for one step of a game or match record: the cube, the dice and a caption line.

    Takes plain values, so any record or game can call it.

    Parameters
    ----------
    position
        The position to draw.
    cube_value
        The doubling cube's value (R24).
    cube_owner
        The player (0 or 1) who owns the cube, or None when it is centred.
    dice
        ``(d1, d2)`` of the player on roll, or None; as in :func:`board`.
    caption
        What happens at this step (``"Ann doubles"``).
    score
        The score line, e.g. ``"Ann 2, Ben 1 (5-point match)"``; ``score`` and ``caption``
        are joined into the line under the board.
    **options
        Other keywords for :func:`board` (``perspective``, ``play``, ``theme`` ...).

    Returns
    -------
    SvgBoard

    Raises
    ------
    ViewError
        As :func:`board`: a cube, dice or option that does not fit.

    >>> from bgsim import Position
    >>> svg = step_board(Position.initial(), cube_value=2, cube_owner=1, dice=(3, 1),
    ...                  score="Ann 0, Ben 0", caption="Ann doubles")
    >>> 'data-value="2" data-player="1"' in svg and "Ann 0, Ben 0 \u2014 Ann doubles" in svg
    True
    """
    line = " \u2014 ".join(s for s in (score, caption) if s) or None
    return board(position, cube=(cube_value, cube_owner), dice=dice, caption=line, **options)


def record_step(step: Any, *, names: Iterable[str] | None = None, **options: Any) -> SvgBoard:
    """A step of a game or match record (:class:`bgsim.game.records.RecordStep`) as a board.

    The cube, the dice to play, the score before the game and the step's caption; ``names``
    are the players' names (a record's ``names``). Other keywords go to :func:`board`.

    >>> from bgsim import Game
    >>> from bgsim.game.records import GameRecord
    >>> step = GameRecord.from_game(Game(starter=1))[0]
    >>> svg = record_step(step, names=("Ann", "Ben"))
    >>> 'class="cube"' in svg and "Ann 0, Ben 0" in svg
    True
    """
    nm = _names(names)
    score = f"{nm[0]} {step.score[0]}, {nm[1]} {step.score[1]}"
    if step.rules.is_match:
        score += f" ({step.rules.match_length}-point match)"
    return step_board(step.position, cube_value=step.cube_value, cube_owner=step.cube_owner,
                      dice=step.dice, caption=step.caption, score=score, names=nm, **options)
