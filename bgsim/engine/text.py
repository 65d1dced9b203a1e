"""A plain-text board, for terminals and doctests.

The point of view is fixed, whoever is on roll: ``X`` is always player 0 and ``O``
always player 1, and the ``perspective`` player (0 unless you say otherwise) sits at
the bottom with his home board at the bottom right. Points are numbered from his
side (R1: each player counts 1-24 from his own home board, so a point ``p`` of one
player is point ``25 - p`` of the other). Replaying a game therefore never swaps the
letters or the numbers.

>>> from bgsim import Position
>>> pos = Position.initial()
>>> print(board_text(pos).splitlines()[0])
 13 14 15 16 17 18   19 20 21 22 23 24
>>> after = pos.play("24/18 13/11")                      # now player 1 is on roll
>>> print(board_text(after).splitlines()[-1])
 O on roll (Dark)  pips X 159  O 167  off X 0  O 0
>>> print(board_text(after).splitlines()[-3])            # X's checkers now on its 18 and 11 points
  O  X  .  .  X  . |  X  .  .  .  .  O
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import ViewError
from .i18n import _, side_name

if TYPE_CHECKING:  # pragma: no cover
    from .board import BasePosition as Position

__all__ = ["board_text"]

_LETTER = ("X", "O")


def _cell(bottom: tuple[int, ...], top: tuple[int, ...], letters: tuple[str, str], n: int, row: int) -> str:
    """Row ``row`` (0 = at the edge) of point ``n`` in the bottom player's numbering."""
    mine, theirs = bottom[n], top[25 - n]
    k, ch = (mine, letters[0]) if mine else (theirs, letters[1])
    if k == 0:
        return " . " if row == 0 else "   "
    if row < 4 and k > row:
        return f" {ch} "
    if row == 4 and k >= 5:
        return f" {ch} " if k == 5 else f"{k:^3}"
    return "   "


def board_text(pos: Position, perspective: int = 0) -> str:
    """The position as text: the top half shows points 13-24, the bottom half 12-1,
    numbered from the side of player ``perspective`` (0 or 1), who sits at the bottom.

    ``X`` is player 0 and ``O`` player 1 whatever the perspective and whoever is on roll.

    >>> from bgsim import Position
    >>> 'X on roll' in board_text(Position.initial())
    True
    >>> pos = Position.from_counts({25: 1, 6: 14}, {1: 15})
    >>> text = board_text(pos, perspective=1)
    >>> print(text.splitlines()[6])
                       |   bar: X 1  O 0
    >>> print(text.splitlines()[7])                     # player 1's 15 checkers on his 1 point
                       |                15
    """
    if perspective not in (0, 1) or isinstance(perspective, bool):
        raise ViewError(_("perspective is player 0 or 1, not {perspective}").format(perspective=repr(perspective)))
    counts = (pos.mine, pos.theirs) if pos.turn == 0 else (pos.theirs, pos.mine)
    bottom, top_side = counts[perspective], counts[1 - perspective]
    letters = (_LETTER[perspective], _LETTER[1 - perspective])

    def cell(n: int, row: int) -> str:
        return _cell(bottom, top_side, letters, n, row)

    top = list(range(13, 25))
    low = list(range(12, 0, -1))
    lines = [" " + "".join(f"{p:>2} " for p in top[:6]) + "  " + "".join(f"{p:>2} " for p in top[6:])]
    for row in range(5):
        lines.append(" " + "".join(cell(p, row) for p in top[:6]) + "| "
                     + "".join(cell(p, row) for p in top[6:]))
    lines.append(f" {'':18}|   " + _("bar: X {x}  O {o}").format(x=counts[0][25], o=counts[1][25]))
    for row in range(4, -1, -1):
        lines.append(" " + "".join(cell(p, row) for p in low[:6]) + "| "
                     + "".join(cell(p, row) for p in low[6:]))
    lines.append(" " + "".join(f"{p:>2} " for p in low[:6]) + "  " + "".join(f"{p:>2} " for p in low[6:]))
    pips = [sum(i * c for i, c in enumerate(side)) for side in counts]
    lines.append(" " + _("{letter} on roll ({player})  pips X {x}  O {o}  off X {x_off}  O {o_off}").format(
        letter=_LETTER[pos.turn], player=side_name(pos.turn),
        x=pips[0], o=pips[1], x_off=counts[0][0], o_off=counts[1][0]))
    return "\n".join(lines)
