"""The luck of each roll, for luck-adjusted (variance-reduced) results in the benchmarks.

A cubeless game's result is mostly dice: points per game spread by about 1.3 a game, so 20,000
games measure a player to about +-0.017 points. Most of that spread is luck that a judge can
see. For each roll, a judge (here bgsim's shipped network at 0-ply) values the position after
its own best play of every one of the 21 rolls (R3: a double 1 of 36, any other roll 2 of 36;
the opening roll is never a double, R4: 15 rolls of 2 of 30); the **luck** of the roll that
came is its value minus the average over the rolls that could have come.

Whatever the judge, the luck of a roll averages to 0 over the dice (the average is taken over
the same rolls, with the same weights, as the dice draw them), so the sum of a game's luck
does too, and ``points - luck`` (each side's luck counted for it, the other side's against)
has the same expected value as ``points``: an unbiased measure with a smaller spread, as
smaller as the judge is good. The players never see the judge. (The same idea as the
"luck-adjusted result" of backgammon analysis programs.)

A play that bears off the mover's last checker is valued at the points it wins (R22, R23);
any other at the network's cubeless equity of the result, its chances made consistent.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from bgsim.engine._kernel import Workspace
from bgsim.sim._net_kernel import HIT_MASKS, consistent_equity
from bgsim.sim._net_ply import roll_outcome, scratch_arrays


@njit(cache=True, nogil=True)
def roll_values(b, nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps, scratch, work,
                idx, val, hidden, out, best_out, values):
    """``values[d1 - 1, d2 - 1]`` (``d1 <= d2``) <- the cubeless equity, for the side on roll in
    board ``b`` (row 0), after the network's play of ``d1``-``d2``
    (:func:`bgsim.sim._net_ply.roll_outcome`): the points it wins when the play bears off its
    last checker, else the network's consistent equity of the result."""
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            k = roll_outcome(b, d1, d2, nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table,
                             stamps, scratch, work, idx, val, hidden, out, best_out)
            values[d1 - 1, d2 - 1] = consistent_equity(out, boards[k, 0, 0] > 0, boards[k, 1, 0] > 0)


def expected_value(values: np.ndarray, opening: bool) -> float:
    """The average of ``values`` (upper triangle, ``d1 <= d2``) over the rolls as the dice draw
    them: 36 rolls (R3), or the 30 opening rolls with no double (R4)."""
    total, weight = 0.0, 0
    for d1 in range(6):
        for d2 in range(d1, 6):
            if d1 == d2 and opening:
                continue
            w = 1 if d1 == d2 else 2
            total += w * values[d1, d2]
            weight += w
    return total / weight


class LuckJudge:
    """The luck of a roll for the side on roll, judged by a network (default: the shipped one).

    >>> from bgsim import Position
    >>> judge = LuckJudge()
    >>> b = Position.initial().to_array()
    >>> lucky, unlucky = judge(b, 3, 1, opening=True), judge(b, 5, 2, opening=True)
    >>> lucky > 0 > unlucky      # 3-1 makes the 5-point; 5-2 is one of the weaker openings
    True
    """

    def __init__(self, net=None) -> None:
        from bgsim.sim.net import BINOM, Net, bearoff_expected

        net = Net() if net is None else net
        self.arrays = net.play_arrays()
        self.bo, self.binom = bearoff_expected(), BINOM
        self.ws = Workspace()
        self.scratch = scratch_arrays(self.arrays[1])[:5]
        self.values = np.zeros((6, 6))

    def values_of(self, b: np.ndarray) -> np.ndarray:
        """The value after each roll's play (:func:`roll_values`), a 6 x 6 upper triangle."""
        roll_values(b, int(b[0].sum()), *self.arrays, self.bo, self.binom, HIT_MASKS, *self.ws.arrays(),
                    *self.scratch, self.values)
        return self.values

    def __call__(self, b: np.ndarray, d1: int, d2: int, opening: bool = False) -> float:
        """The luck of rolling ``d1``-``d2`` in board ``b`` (row 0 on roll), in points for the
        roller; ``opening``: the game's first roll (never a double, R4)."""
        values = self.values_of(b)
        lo, hi = min(d1, d2) - 1, max(d1, d2) - 1
        return float(values[lo, hi] - expected_value(values, opening))
