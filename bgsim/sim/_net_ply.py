"""The network one roll deep ("1-ply"), compiled: evaluation, play choice, training data.

Private to :mod:`bgsim.sim.net` (the 1-ply player and hint) and :mod:`bgsim.players.train` (distillation).

**1-ply evaluation** of a position (the side on roll about to roll): for each of the 21
distinct rolls (a double counts 1 of 36, any other roll 2 of 36, R3), the play the
network chooses for that roll (:func:`bgsim.sim._net_kernel.net_choose`: the exact bear-off
database in a pure bear-off, a play that bears off the last checker wins at once, R22),
and the network's estimate of the result from the opponent's view, turned back to the
roller's view; the 36-weighted average of those five outputs. A game won by the play
counts its exact kind (R23).

**1-ply play choice:** every legal result is first judged at 0-ply (the network itself);
the best ``keep`` of them within ``window`` equity of the best are judged again at 1-ply
(the opponent's 21 rolls, each answered by its best play), and the best of those is
chosen. A play that wins at once is chosen as at 0-ply, and in a pure bear-off the database
plays as at 0-ply (while the mover has no checker off, a play of the kind judged best here).

**Training data** (:func:`selfplay_positions`, :func:`ply1_targets`): positions the network
meets in self-play, each with its 1-ply outputs as the target that the network, or a
larger one, is then fitted to (:func:`bgsim.players.train.distill`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..engine._kernel import generate
from ._net_kernel import (
    MAX_NONZERO,
    N_OUTPUTS,
    bearoff_choice,
    consistent_equity,
    encode,
    flip_outputs,
    forward_fast,
    net_choose,
    pure_bearoff,
    turn_roll,
    won_outputs,
)

#: Judged again at 1-ply: at most this many of the best plays at 0-ply ...
KEEP = 8
#: ... within this much cubeless equity of the best one.
WINDOW = 0.16


@njit(cache=True, nogil=True)
def scratch_arrays(b1):
    """The evaluation's scratch: input indices and values and hidden units (of ``b1``'s float
    type: float32 for the players, :func:`bgsim.sim._net_kernel.play_arrays`), each with room
    for a second copy (the base that :func:`bgsim.sim._net_kernel.net_choose` evaluates the
    next results from), and three float64 five-output rows (an evaluation, the chosen result's,
    an accumulator)."""
    return (np.zeros(2 * MAX_NONZERO + 1, dtype=np.int64), np.zeros(2 * MAX_NONZERO, dtype=b1.dtype),
            np.zeros(2 * b1.shape[0], dtype=b1.dtype), np.zeros(N_OUTPUTS), np.zeros(N_OUTPUTS), np.zeros(N_OUTPUTS))


@njit(cache=True, nogil=True)
def roll_outcome(b, d1, d2, nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps, scratch,
                 work, idx, val, hidden, out, best_out):
    """The network's play of ``d1``-``d2`` in board ``b`` (row 0 on roll) and what it leads to.

    Returns the index of the chosen result in ``boards`` and leaves in ``out`` its five
    outputs **from the roller's view** (win, win gammon, win backgammon, lose gammon, lose
    backgammon): exactly ``(1, gammon, backgammon, 0, 0)`` when the play bears off the
    roller's last checker (R22, R23), else the network's estimate of the result. One step of
    :func:`ply1_outputs` (which averages it over the 21 rolls) and of the benchmarks' luck
    judge (which compares the rolls' values). ``best_out`` is scratch.
    """
    n = generate(b, d1, d2, 0, boards, moves, nmoves, table, stamps, scratch, work)
    k = net_choose(b, n, nchk, boards, w1, b1, w2, b2, bo_exp, binom, masks, idx, val, hidden, out, best_out, True)
    if boards[k, 0, 0] == nchk:              # the roller bears off its last checker (R22, R23)
        won_outputs(boards, k, out)
        return k
    if best_out[0] < 0.0:                    # chosen without the network: evaluate the result
        nz = encode(boards[k], 1, idx, val, masks)
        forward_fast(idx, val, nz, w1, b1, w2, b2, hidden, best_out)
    flip_outputs(best_out, out)              # best_out is the opponent's view (on roll next)
    return k


@njit(cache=True, nogil=True)
def ply1_outputs(b, nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps, scratch, work,
                 idx, val, hidden, out, best_out, acc):
    """``acc`` <- the 1-ply outputs of board ``b`` (row 0 on roll, before its roll), row 0's view:
    :func:`roll_outcome` averaged over the 21 rolls (R3).

    ``nchk``: checkers per side. The workspace arrays (``boards`` ... ``work``) are overwritten.
    """
    for o in range(N_OUTPUTS):
        acc[o] = 0.0
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            weight = 1.0 if d1 == d2 else 2.0
            roll_outcome(b, d1, d2, nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps,
                         scratch, work, idx, val, hidden, out, best_out)
            for o in range(N_OUTPUTS):
                acc[o] += weight * out[o]
    for o in range(N_OUTPUTS):
        acc[o] /= 36.0


@njit(cache=True, nogil=True)
def ply1_scores(b, n, nchk, cand, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps,
                scratch, work, keep, window, outs, judged):
    """Judge the results ``cand[:n]`` of board ``b`` (the mover in row 0 of each result).

    ``outs[k]`` receives result ``k``'s outputs **from the opponent's view** (on roll next):
    at 1-ply for the ones judged again (``judged[k] = 1``), at 0-ply for the others
    (``judged[k] = 0``); a result that bears off the mover's last checker gets its exact
    outcome (``judged[k] = 2``). ``keep`` and ``window``: as :data:`KEEP`, :data:`WINDOW`.
    """
    idx, val, hidden, out, best_out, acc = scratch_arrays(b1)
    eq0 = np.empty(n)
    nb = np.empty((2, 26), dtype=np.int8)
    for k in range(n):
        if cand[k, 0, 0] == nchk:                 # the mover wins at once (R22): the exact outcome
            won_outputs(cand, k, out)
            flip_outputs(out, outs[k])
            judged[k] = 2
            eq0[k] = -1e9
            continue
        nz = encode(cand[k], 1, idx, val, masks)
        forward_fast(idx, val, nz, w1, b1, w2, b2, hidden, out)
        for o in range(N_OUTPUTS):
            outs[k, o] = out[o]
        judged[k] = 0
        eq0[k] = consistent_equity(out, cand[k, 1, 0] > 0, cand[k, 0, 0] > 0)   # the opponent on roll
    order = np.argsort(eq0)
    best0 = eq0[order[0]]
    m = 0
    for j in range(n):
        k = order[j]
        if judged[k] == 2:
            continue
        if m >= keep or eq0[k] > best0 + window:
            break
        m += 1
        for i in range(26):                       # the opponent on roll: swap the rows
            nb[0, i] = cand[k, 1, i]
            nb[1, i] = cand[k, 0, i]
        ply1_outputs(nb, nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps, scratch,
                     work, idx, val, hidden, out, best_out, acc)
        for o in range(N_OUTPUTS):
            outs[k, o] = acc[o]
        judged[k] = 1


@njit(cache=True, nogil=True)
def ply1_choose(b, n, nchk, cand, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps,
                scratch, work, keep, window):
    """Index of the play the 1-ply player picks among the results ``cand[:n]`` of board ``b``."""
    for k in range(n):
        if cand[k, 0, 0] == nchk:
            return k                               # wins at once (R22)
    if n == 1:
        return 0
    bear_off = pure_bearoff(b, bo_exp)
    if bear_off and b[0, 0] > 0:
        return bearoff_choice(n, cand, bo_exp, binom)
    outs = np.empty((n, N_OUTPUTS))
    judged = np.empty(n, dtype=np.int8)
    ply1_scores(b, n, nchk, cand, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps,
                scratch, work, keep, window, outs, judged)
    best = -1
    best_e = 1e300
    for k in range(n):
        if judged[k] == 1:
            e = consistent_equity(outs[k], cand[k, 1, 0] > 0, cand[k, 0, 0] > 0)
            if e < best_e:
                best_e = e
                best = k
    if bear_off:   # none off yet (a gammon at stake, R23): the judged kind of play, the database's play of it
        return bearoff_choice(n, cand, bo_exp, binom, best)
    return best


@njit(cache=True, nogil=True)
def selfplay_positions(ngames, start, w1, b1, w2, b2, bo_exp, binom, masks, state, boards, moves, nmoves, table,
                       stamps, scratch, work, out_boards):
    """Play ``ngames`` games of the network against itself (0-ply, R4 opening rolls) from
    ``start`` and store each position met before a roll after the first (row 0 on roll) in
    ``out_boards`` until it is full. Returns how many were stored."""
    nchk = 0
    for p in range(26):
        nchk += start[0, p]
    idx, val, hidden, out, best_out, _ = scratch_arrays(b1)
    b = np.empty((2, 26), dtype=np.int8)
    cap = out_boards.shape[0]
    count = 0
    for _g in range(ngames):
        if count >= cap:
            break
        b[:, :] = start
        t = 0
        while True:
            d1, d2 = turn_roll(state, t == 0)
            if t > 0 and count < cap:
                out_boards[count] = b
                count += 1
            t += 1
            n = generate(b, d1, d2, 0, boards, moves, nmoves, table, stamps, scratch, work)
            k = net_choose(b, n, nchk, boards, w1, b1, w2, b2, bo_exp, binom, masks, idx, val, hidden, out,
                           best_out, True)
            if boards[k, 0, 0] == nchk:
                break
            for i in range(26):
                b[0, i] = boards[k, 1, i]
                b[1, i] = boards[k, 0, i]
    return count


@njit(cache=True, nogil=True)
def ply1_targets(pos, lo, hi, nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps,
                 scratch, work, targets):
    """``targets[i]`` <- the 1-ply outputs of ``pos[i]`` for ``lo <= i < hi`` (:func:`ply1_outputs`)."""
    idx, val, hidden, out, best_out, acc = scratch_arrays(b1)
    for i in range(lo, hi):
        ply1_outputs(pos[i], nchk, w1, b1, w2, b2, bo_exp, binom, masks, boards, moves, nmoves, table, stamps,
                     scratch, work, idx, val, hidden, out, best_out, acc)
        for o in range(N_OUTPUTS):
            targets[i, o] = acc[o]


@njit(cache=True, nogil=True)
def dense_inputs(pos, masks, x):
    """``x[i]`` <- the network's inputs of ``pos[i]`` (row 0 on roll), dense (x zeroed first)."""
    idx = np.zeros(MAX_NONZERO, dtype=np.int64)
    val = np.zeros(MAX_NONZERO)
    for i in range(pos.shape[0]):
        nz = encode(pos[i], 0, idx, val, masks)
        for j in range(nz):
            x[i, idx[j]] = val[j]
