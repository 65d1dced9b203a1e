"""A plain-text board, for terminals and doctests.

The player on roll is ``X`` (moving from 24 down to 1, home at the bottom right), the
opponent ``O``. Points are numbered from the player on roll's side (RULES.md R1).

>>> from bgsim import Position
>>> print(board_text(Position.initial()).splitlines()[0])
 13 14 15 16 17 18   19 20 21 22 23 24
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .position import Position

__all__ = ["board_text"]


def _cell(pos: "Position", p: int, row: int) -> str:
    mine, theirs = pos.mine[p], pos.theirs[25 - p]
    n, ch = (mine, "X") if mine else (theirs, "O")
    if n == 0:
        return " . " if row == 0 else "   "
    if row < 4 and n > row:
        return f" {ch} "
    if row == 4 and n >= 5:
        return f" {ch} " if n == 5 else f"{n:^3}"
    return "   "


def board_text(pos: "Position") -> str:
    """The position as text: the top half shows points 13-24, the bottom half 12-1.

    >>> from bgsim import Position
    >>> 'X on roll' in board_text(Position.initial())
    True
    """
    top = list(range(13, 25))
    bottom = list(range(12, 0, -1))
    lines = [" " + "".join(f"{p:>2} " for p in top[:6]) + "  " + "".join(f"{p:>2} " for p in top[6:])]
    for row in range(5):
        lines.append(" " + "".join(_cell(pos, p, row) for p in top[:6]) + "| "
                     + "".join(_cell(pos, p, row) for p in top[6:]))
    lines.append(f" {'':18}|   bar: X {pos.mine[25]}  O {pos.theirs[25]}")
    for row in range(4, -1, -1):
        lines.append(" " + "".join(_cell(pos, p, row) for p in bottom[:6]) + "| "
                     + "".join(_cell(pos, p, row) for p in bottom[6:]))
    lines.append(" " + "".join(f"{p:>2} " for p in bottom[:6]) + "  " + "".join(f"{p:>2} " for p in bottom[6:]))
    mp, tp = pos.pips()
    lines.append(f" X on roll (player {pos.turn})  pips X {mp}  O {tp}  off X {pos.mine[0]}  O {pos.theirs[0]}")
    return "\n".join(lines)
