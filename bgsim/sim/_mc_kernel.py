"""The compiled game loop of the Monte Carlo engine: random numbers, players, play-outs.

Private to the Monte Carlo engine: :mod:`bgsim.sim.playouts` plays its chunks with it and
:mod:`bgsim.sim.compiled_players` asks its players for a choice (the public API is
:mod:`bgsim.sim.montecarlo`). Everything here is
``numba.njit(cache=True, nogil=True)``: a chunk of games runs as machine code without
the GIL, so threads (a dask ``Client(processes=False)``) run chunks side by side.

One turn costs one call of the engine's :func:`bgsim.engine._kernel.generate` (R5-R21, V5) plus
the choice among its results. Nothing is allocated inside the loop: the legal results
stay in the :class:`~bgsim.engine._kernel.Workspace` arrays, the chosen one is copied into the
board with its rows swapped (the opponent is now on roll; R1: each side in its own numbering), and the players
pick by index.

Random numbers: xoshiro256** with Lemire's unbiased bounded integers
(:mod:`bgsim.engine._random_kernel`), a 256-bit state seeded from a
:class:`numpy.random.SeedSequence` by the caller. Dice are ``uniform(36)`` split into
two dice.

Players (``PLAYER_*``):

- ``random``: uniform over the distinct legal plays (each distinct resulting position once).
- ``pubeval``: Gerald Tesauro's public linear evaluator (weights in
  ``bgsim/data/pubeval_weights.txt``): the play whose resulting position scores highest,
  with the race or contact weights chosen by the position *before* the move. Our encoding
  of its 122 inputs is folded into a lookup table ``ptab[race, point, n + 15]`` (see
  :func:`pubeval_table`).
- ``heuristic``: pubeval, except once contact is over and the mover has every checker
  home (R16): then the play with the fewest expected rolls to bear off, from the exact
  one-sided bear-off database (``bgsim.odds.bearoff``).
- ``net``: the neural network trained by TD(lambda) self-play (:mod:`bgsim.sim._net_kernel`,
  :func:`~bgsim.sim._net_kernel.net_choose`): the play that leaves the opponent the lowest
  equity; the same bear-off database in a pure bear-off. Its weights travel in the
  ``net`` tuple (:func:`net_args`), one per side, so two networks can play each other.

Outcomes are counted per game from the point of view of side 0 (the side on roll in the
start position): ``OUT_WIN + k - 1`` for a win of kind ``k`` (1 single, 2 gammon, 3
backgammon, R23), ``OUT_LOSS + k - 1`` for a loss, ``OUT_DRAW`` for a last-roll draw (V4).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..engine._kernel import all_home, generate, is_contact, loss_kind, njit_no_refcount
from ..engine._random_kernel import uniform
from ..engine.errors import EngineLimitError, WeightsError
from ._net_kernel import HIT_MASKS, N_OUTPUTS, bearoff_choice, net_choose, play_arrays
from ._net_ply import scratch_arrays

PLAYER_RANDOM = 0
PLAYER_PUBEVAL = 1
PLAYER_HEURISTIC = 2
PLAYER_NET = 3

OUT_WIN = 0    # 0, 1, 2: side 0 wins single, gammon, backgammon
OUT_LOSS = 3   # 3, 4, 5: side 1 wins single, gammon, backgammon
OUT_DRAW = 6   # V4
N_OUTCOMES = 7

MAX_TURNS = 1_000_000  # a safety net: no real game comes near it



# ============================================================================================
# Evaluators
# ============================================================================================


def pubeval_table(race_weights: np.ndarray, contact_weights: np.ndarray):
    """Fold pubeval's 122-input encoding into lookup tables (plain numpy, run once).

    Pubeval describes the board *after* a move from the mover's side: for each point p
    (1-24, the mover's numbering) the number ``n`` = the mover's checkers there, or minus
    the opponent's. Its five inputs for point p (indices ``5 * (24 - p) + 0..4``) are
    ``n == -1`` (an opponent blot), ``n == 1``, ``n >= 2``, ``n == 3`` and ``(n - 3) / 2``
    when ``n >= 4``; input 120 is the opponent's checkers on the bar / 2 and input 121 the
    mover's checkers off / 15. (Opponent points of two or more, and the mover's own bar,
    are not inputs.) The score is the dot product with the race or contact weights.

    Returns ``(ptab, pbar, poff)``: ``ptab[r, p, n + 15]`` is point p's share of the
    score, ``pbar[r]`` and ``poff[r]`` the weight of one checker on the bar / off, with
    ``r`` = 1 for the race weights, 0 for contact.
    """
    ptab = np.zeros((2, 25, 31))
    pbar = np.zeros(2)
    poff = np.zeros(2)
    for r, w in ((0, np.asarray(contact_weights, float)), (1, np.asarray(race_weights, float))):
        if w.shape != (122,):
            raise WeightsError("a pubeval weight vector has 122 numbers")
        for p in range(1, 25):
            base = 5 * (24 - p)
            for n in range(-15, 16):
                v = 0.0
                if n == -1:
                    v += w[base]
                elif n == 1:
                    v += w[base + 1]
                elif n >= 2:
                    v += w[base + 2]
                    if n == 3:
                        v += w[base + 3]
                    if n >= 4:
                        v += w[base + 4] * (n - 3) / 2.0
                ptab[r, p, n + 15] = v
        pbar[r] = w[120] / 2.0
        poff[r] = w[121] / 15.0
    return ptab, pbar, poff


@njit(cache=True, inline="always")
def pubeval_score(boards, k, r, ptab, pbar, poff):
    """Pubeval's score of result ``k`` (mover's view) with weight set ``r``."""
    s = pbar[r] * boards[k, 1, 25] + poff[r] * boards[k, 0, 0]
    for p in range(1, 25):
        n = boards[k, 0, p] - boards[k, 1, 25 - p]
        s += ptab[r, p, n + 15]
    return s


def net_args(w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> tuple:
    """The ``net`` argument of :func:`choose` and :func:`play_chunk`: the weights as the
    players use them (float32, :func:`bgsim.sim._net_kernel.play_arrays`; weights that are
    float32 already, as :meth:`bgsim.sim.net.Net.play_arrays` gives them, are not copied) and
    the scratch arrays of one evaluation (plain numpy; one tuple per thread of use)."""
    w1, b1, w2, b2 = play_arrays(w1, b1, w2, b2)
    idx, val, hidden, out, best_out, _ = scratch_arrays(b1)
    return (w1, b1, w2, b2, HIT_MASKS, idx, val, hidden, out, best_out)


def no_net() -> tuple:
    """A placeholder ``net`` for players other than ``net`` (never evaluated)."""
    return net_args(np.zeros((1, 1)), np.zeros(1), np.zeros((N_OUTPUTS, 1)), np.zeros(N_OUTPUTS))


@njit_no_refcount()  # allocates nothing
def choose(player, b, n, nchk, state, boards, ptab, pbar, poff, bo_exp, binom, net):
    """Index of the play ``player`` picks among the ``n`` results in ``boards[:n]``."""
    if n == 1:
        return 0
    if player == PLAYER_NET:
        return net_choose(b, n, nchk, boards, net[0], net[1], net[2], net[3], bo_exp, binom, net[4],
                          net[5], net[6], net[7], net[8], net[9])
    if player == PLAYER_RANDOM:
        return uniform(state, n)
    for k in range(n):
        if boards[k, 0, 0] == nchk:
            return k  # bears off the last checker: wins at once (pubeval scores it "infinite")
    contact = is_contact(b)
    if player == PLAYER_HEURISTIC and not contact and all_home(b, 0):
        return bearoff_choice(n, boards, bo_exp, binom)
    r = 0 if contact else 1
    best = 0
    best_s = -1e300
    for k in range(n):
        s = pubeval_score(boards, k, r, ptab, pbar, poff)
        if s > best_s:
            best_s = s
            best = k
    return best


@njit_no_refcount()  # allocates nothing
def choose_final(n, nchk, boards):
    """V4's final roll: a play bearing off every checker (a draw) if one exists, else the one
    losing least (R23 judged after it). Every player plays the final roll this way."""
    best = 0
    best_kind = 4
    for k in range(n):
        if boards[k, 0, 0] == nchk:
            return k
        kind = loss_kind(boards, k, 0)
        if kind < best_kind:
            best_kind = kind
            best = k
    return best


# ============================================================================================
# The game loop
# ============================================================================================


@njit(cache=True, nogil=True)
def play_games(start, nchk, flags, first_rolls, ngames, state, player0, player1, starter0, last_roll_draw,
               ptab, pbar, poff, bo_exp, binom, net0, net1, counts,
               boards, moves, nmoves, table, stamps, scratch, work):
    """Play ``ngames`` games from ``start`` (int8[2, 26], side 0 on roll, before rolling).

    ``first_rolls`` (int64[m, 2]): the first roll of each game comes from it, every block of
    ``m`` games using each row exactly once in a random order (stratified first rolls).
    Later rolls come from ``state`` (xoshiro256**, advanced in place).
    ``player0``/``player1``: the ``PLAYER_*`` of side 0 / side 1, ``net0``/``net1`` their
    network (:func:`net_args`; :func:`no_net` for other players). ``starter0``: side 0
    started the game (for V4, ``last_roll_draw``).
    ``counts[first_roll_row, outcome] += 1`` for each game (outcomes: see the module doc).
    Returns the number of turns played (rolls, the final roll of V4 included).
    """
    b = np.empty((2, 26), dtype=np.int8)
    perm = np.empty(first_rolls.shape[0], dtype=np.int64)
    return _play_games(start, nchk, flags, first_rolls, ngames, state, player0, player1, starter0,
                       last_roll_draw, ptab, pbar, poff, bo_exp, binom, net0, net1, counts,
                       boards, moves, nmoves, table, stamps, scratch, work, b, perm)


# No reference counting (see _kernel.njit_no_refcount): play_chunk hands the loop its board
# and permutation, so nothing is allocated on any turn.
@njit_no_refcount(nogil=True)
def _play_games(start, nchk, flags, first_rolls, ngames, state, player0, player1, starter0, last_roll_draw,
                ptab, pbar, poff, bo_exp, binom, net0, net1, counts,
                boards, moves, nmoves, table, stamps, scratch, work, b, perm):
    """The loop of :func:`play_chunk`, with its board ``b`` and permutation ``perm`` given."""
    m = first_rolls.shape[0]
    turns = 0
    for g in range(ngames):
        j = g % m
        if j == 0:  # a new block: a random order of the m first rolls (Fisher-Yates)
            for i in range(m):
                perm[i] = i
            for i in range(m - 1, 0, -1):
                r = uniform(state, i + 1)
                t = perm[i]
                perm[i] = perm[r]
                perm[r] = t
        fr = perm[j]
        for i in range(26):
            b[0, i] = start[0, i]
            b[1, i] = start[1, i]
        if b[0, 0] == nchk:        # a finished position: nothing to play (R22, R23)
            counts[fr, OUT_WIN + loss_kind_board(b, 1) - 1] += 1
            continue
        if b[1, 0] == nchk:
            counts[fr, OUT_LOSS + loss_kind_board(b, 0) - 1] += 1
            continue
        side = 0
        final = False
        t = 0
        while True:
            if t == 0:
                d1 = first_rolls[fr, 0]
                d2 = first_rolls[fr, 1]
            else:
                r = uniform(state, 36)
                d1 = r // 6 + 1
                d2 = r % 6 + 1
            t += 1
            if t > MAX_TURNS:
                raise EngineLimitError("a game ran past MAX_TURNS turns")
            n = generate(b, d1, d2, flags, boards, moves, nmoves, table, stamps, scratch, work)
            if final:
                k = choose_final(n, nchk, boards)
            else:
                k = choose(player0 if side == 0 else player1, b, n, nchk, state, boards,
                           ptab, pbar, poff, bo_exp, binom, net0 if side == 0 else net1)
            if boards[k, 0, 0] == nchk:            # the mover bore off the last checker (R22)
                if final:                          # V4: the final roll bore off everything
                    counts[fr, OUT_DRAW] += 1
                    break
                if last_roll_draw and (side == 0) == starter0:
                    final = True                   # V4: the other side gets one final roll
                else:
                    kind = loss_kind(boards, k, 1)
                    if side == 0:
                        counts[fr, OUT_WIN + kind - 1] += 1
                    else:
                        counts[fr, OUT_LOSS + kind - 1] += 1
                    break
            elif final:                            # V4: the final roll failed; the starter wins
                kind = loss_kind(boards, k, 0)     # judged after the final roll (R23)
                if side == 0:
                    counts[fr, OUT_LOSS + kind - 1] += 1
                else:
                    counts[fr, OUT_WIN + kind - 1] += 1
                break
            for i in range(26):                    # the opponent is on roll: swap the rows
                b[0, i] = boards[k, 1, i]
                b[1, i] = boards[k, 0, i]
            side ^= 1
        turns += t
    return turns


@njit(cache=True, inline="always")
def loss_kind_board(b, row):
    """R23 for the side in ``row`` of a single board ``b``."""
    if b[row, 0] > 0:
        return 1
    for p in range(19, 26):
        if b[row, p] > 0:
            return 3
    return 2
