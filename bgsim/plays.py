"""`Play`: one legal way to use a roll, and the generation of every legal play.

A play is the sequence of single-die steps ``(from, to)`` in the mover's numbering
(25 = bar, 0 = off), with which steps hit. Two plays that lead to the same position
are the same play for the rules, so :func:`generate_plays` keeps one of them
(RULES.md R5-R21; the Caucasian rule V5 on request).

>>> from bgsim import Position
>>> play = Position.initial().legal_plays((6, 1))[4]
>>> play.moves, str(play)
(((13, 7), (8, 7)), '13/7 8/7')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from . import _kernel
from .errors import IllegalPlayError

if TYPE_CHECKING:  # pragma: no cover
    from .position import Position

__all__ = ["Play", "generate_plays", "result_of", "check_dice"]

_WORKSPACE: _kernel.Workspace | None = None


def _workspace() -> _kernel.Workspace:
    global _WORKSPACE
    if _WORKSPACE is None:
        _WORKSPACE = _kernel.Workspace()
    return _WORKSPACE


def check_dice(dice) -> tuple[int, int]:
    """Validate a roll: two whole numbers from 1 to 6. Returns it as a tuple.

    >>> check_dice([6, 1])
    (6, 1)
    >>> check_dice((7, 1))
    Traceback (most recent call last):
    ...
    bgsim.errors.IllegalPlayError: a roll is two dice from 1 to 6, not (7, 1) (R2)
    """
    try:
        d1, d2 = dice
        ok = all(isinstance(d, (int, np.integer)) and not isinstance(d, bool) and 1 <= d <= 6 for d in (d1, d2))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise IllegalPlayError(f"a roll is two dice from 1 to 6, not {dice!r} (R2)")
    return int(d1), int(d2)


@dataclass(frozen=True)
class Play:
    """A play: the single-die steps, in order, and the roll they use.

    ``moves`` holds ``(from, to)`` pairs in the mover's numbering (25 = bar, 0 = off);
    ``hits[i]`` tells whether step ``i`` hit a blot (R8). ``str(play)`` is the standard
    notation (``24/18*/13``, ``13/7(2)``, ``bar/22``, ``6/off``).

    >>> from bgsim import Position
    >>> [str(p) for p in Position.initial().legal_plays((4, 4))][:2]
    ['24/16(2)', '24/16 24/20 13/9']
    """

    moves: tuple[tuple[int, int], ...]
    dice: tuple[int, int]
    hits: tuple[bool, ...] = field(default=(), repr=False)
    _before: "Position | None" = field(default=None, repr=False, compare=False)
    _after: "Position | None" = field(default=None, repr=False, compare=False)
    _caucasian: bool = field(default=False, repr=False, compare=False)

    @property
    def dice_used(self) -> int:
        """How many dice the play uses (0-4; R10)."""
        return len(self.moves)

    @property
    def is_empty(self) -> bool:
        """True for the empty play of a player who cannot move (R12)."""
        return not self.moves

    def __str__(self) -> str:
        from .notation import format_play

        return format_play(self.moves, self.hits)

    def __len__(self) -> int:
        return len(self.moves)


def generate_plays(pos: "Position", dice, *, caucasian: bool = False) -> list[Play]:
    """The legal plays of ``dice`` in ``pos`` (R5-R21, V5 with ``caucasian``).

    >>> from bgsim import Position
    >>> len(generate_plays(Position.initial(), (1, 1)))
    42
    """
    d1, d2 = check_dice(dice)
    ws = _workspace()
    board = pos.to_array()
    n = _kernel.generate(board, d1, d2, _kernel.FLAG_CAUCASIAN if caucasian else 0, *ws.arrays())
    boards = ws.boards[:n].tolist()
    moves = ws.moves[:n].tolist()
    nmoves = ws.nmoves[:n].tolist()
    from .position import Position

    turn = 1 - pos.turn
    plays = []
    for i in range(n):
        k = nmoves[i]
        row = moves[i][:k]
        steps = tuple((m[0], m[1]) for m in row)
        hits = tuple(m[2] == 1 for m in row)
        after = Position._make(tuple(boards[i][1]), tuple(boards[i][0]), turn)
        plays.append(Play(steps, (d1, d2), hits, pos, after, caucasian))
    return plays


def result_of(pos: "Position", play: Play, *, caucasian: bool = False) -> "Position":
    """The position after a legal ``play``, opponent on roll; :class:`IllegalPlayError` otherwise.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> result_of(pos, pos.legal_plays((3, 1))[0]).turn
    1
    """
    if play._after is not None and play._caucasian == caucasian and play._before == pos:
        return play._after
    # A play made elsewhere (or by hand): legal if its steps reach a legal result.
    from .notation import diagnose

    after = _apply_steps(pos, play.moves)
    if after is not None and any(legal._after == after
                                 for legal in generate_plays(pos, play.dice, caucasian=caucasian)):
        return after
    raise IllegalPlayError(diagnose(pos, [play.moves], play.dice, caucasian=caucasian, text=str(play)))


def _apply_steps(pos: "Position", steps) -> "Position | None":
    """Apply steps with the engine's single-step rules; None if one is illegal."""
    b = pos.to_array()
    for src, dst in steps:
        if not (0 <= src <= 25 and 0 <= dst <= 25):
            return None
        die = src - dst if dst > 0 else None
        if die is not None:
            if _kernel.step_dest(b, src, die) != dst:
                return None
        else:
            ok = False
            for d in range(src, 7):
                if _kernel.step_dest(b, src, d) == 0:
                    ok = True
                    break
            if not ok:
                return None
        _kernel.apply_step(b, src, dst)
    from .position import Position

    return Position._make(tuple(int(x) for x in b[1]), tuple(int(x) for x in b[0]), 1 - pos.turn)
