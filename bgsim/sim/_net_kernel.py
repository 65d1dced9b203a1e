"""The compiled neural evaluator: inputs, forward pass, play choice and TD(lambda) self-play.

Private to :mod:`bgsim.sim.net` (the public face: loading weights, the ``"net"`` player) and
:mod:`bgsim.players.train` (training). Everything here is ``numba.njit(cache=True, nogil=True)``.

The network (in the manner of Tesauro's TD-Gammon, 1992-1995) is one hidden layer of
sigmoid units and five sigmoid outputs. It evaluates a position **before the roll, from
the side on roll's view** (R1: each side in its own numbering); the outputs estimate

=====  ==========================================================
``0``  the side on roll wins (any kind)
``1``  it wins a gammon or a backgammon (R23)
``2``  it wins a backgammon
``3``  it loses a gammon or a backgammon
``4``  it loses a backgammon
=====  ==========================================================

and the cubeless money equity of the side on roll is
``2 p0 - 1 + p1 - p3 + p2 - p4`` (R23: a gammon counts 2, a backgammon 3).

Inputs (:data:`N_INPUTS`), for each side (the side on roll first, then the other, each in
its own numbering), :data:`SIDE_INPUTS` numbers:

- points 1-24, four units each (Tesauro's encoding): one checker or more, two or more,
  three or more, and ``(n - 3) / 2`` above three;
- checkers on the bar / 2, checkers borne off / 15, pip count / 100;
- home-board points made / 6, the longest run of made points (a prime) / 6, blots / 5;

then three global inputs: 1 while there is contact, and the share of the 36 rolls that
hit a blot (distance only, blocks ignored) for each side. The hit counts are the
"expert" inputs that let a small network learn quickly.

Input layout ``"bgsim-net-2"`` (:data:`INPUT_LAYOUT`) appends six contact inputs (the
ideas of TD-Gammon's and gnubg's hand-made inputs, computed here in our own way; all are 0
without contact except the bar ones), so that weights of layout ``"bgsim-net-1"`` extend to
it with zero rows (:func:`bgsim.players.train.train` ``init=``) and play exactly as before:

- ``207``, ``208``: the share of the 36 rolls with which the side on roll (then the other
  side) can hit a blot, **blocks counted** (:func:`shots`): a combined shot needs an
  open point to touch down on (R8, R11), a double every intermediate point; a side with
  checkers on the bar shoots only from the bar (R9);
- ``209``, ``210``: the share of the 36 rolls with which that side's rearmost checker
  escapes the blockade in front of it (:func:`escapes`): it reaches an open point below
  every made point of the opponent within the 12 points ahead of it (36 when there is none);
- ``211``, ``212``: the chance ``(k/6)**2`` that a side with checkers on the bar fails to
  enter (R9), ``k`` the points the opponent has made in its home board (0 when not on the bar).

A play is chosen by evaluating every distinct legal result (:func:`bgsim.engine._kernel.generate`)
from the view of the opponent, who is on roll next, and taking the one that leaves the
opponent the lowest equity. A play that bears off the last checker wins at once. In a
pure bear-off (no contact, every checker of the mover home, R16) the choice uses the
exact one-sided database instead (the fewest expected rolls), like ``heuristic``. The players
evaluate with :func:`forward_fast` and float32 weights (:func:`play_arrays`), in vector
registers; the chances shown (:meth:`bgsim.sim.net.Net.evaluate` at 0-ply) come from the exact
float64 :func:`forward`.

Training (:func:`train_games`): greedy self-play. At each turn the evaluation of the
position before the roll moves towards the evaluation of the next position (seen from
the same side: the flip :func:`flip_outputs`), and at the end towards the result. With
``lam > 0`` eligibility traces carry each error back to earlier positions (TD(lambda));
the traces are flipped with the side on roll too.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..engine._kernel import all_home, drop_stale_dependent_caches, generate, is_contact, loss_kind, njit_no_refcount
from ..engine._random_kernel import uniform

drop_stale_dependent_caches(__file__, ("sim._mc_kernel", "sim._net_ply"))

N_OUTPUTS = 5
SIDE_INPUTS = 24 * 4 + 6
N_BASE_INPUTS = 2 * SIDE_INPUTS + 3   # layout "bgsim-net-1"
N_CONTACT_INPUTS = 6
N_INPUTS = N_BASE_INPUTS + N_CONTACT_INPUTS
MAX_NONZERO = N_INPUTS
#: The name of this input layout, stored with the weights (``meta["input_layout"]``).
INPUT_LAYOUT = "bgsim-net-2"
#: Inputs of the layouts this kernel can extend weights from (new inputs start at zero weight).
LAYOUT_INPUTS = {"bgsim-net-1": N_BASE_INPUTS, "bgsim-net-2": N_INPUTS}

_HOME_BONUS_INDEX = 24 * 4


def _hit_masks() -> np.ndarray:
    """``masks[d]``: 36-bit mask of the ordered rolls that can travel ``d`` pips (blocks ignored)."""
    masks = np.zeros(26, dtype=np.int64)
    r = 0
    for a in range(1, 7):
        for b in range(1, 7):
            reach = {a, b, a + b}
            if a == b:
                reach |= {3 * a, 4 * a}
            for d in reach:
                if d <= 25:
                    masks[d] |= 1 << r
            r += 1
    return masks


HIT_MASKS = _hit_masks()


@njit(cache=True, inline="always")
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True, inline="always")
def blocks(bb, target):
    """Bit ``x`` (1-24) set where side ``target`` has made point ``x`` of the other side's
    numbering (two or more checkers: a point the other side cannot touch down on, R8)."""
    m = 0
    for x in range(1, 25):
        if bb[target, 25 - x] >= 2:
            m |= 1 << x
    return m


def _direct_masks() -> np.ndarray:
    """``masks[d]`` (d = 1-6): 36-bit mask of the ordered rolls with a die of ``d`` (they hit a
    blot ``d`` pips away whatever stands between)."""
    masks = np.zeros(7, dtype=np.int64)
    r = 0
    for a in range(1, 7):
        for b in range(1, 7):
            masks[a] |= 1 << r
            masks[b] |= 1 << r
            r += 1
    return masks


DIRECT_MASKS = _direct_masks()


def _non_doubles_travelling() -> np.ndarray:
    """``[d, o]``: the rolls other than doubles (a 36-bit mask, both orders) that travel ``d``
    pips with a stop on an open point, ``o`` telling which of the six points below the
    shooter are open (bit ``j``: the point ``6 - j`` pips ahead)."""
    table = np.zeros((13, 64), dtype=np.int64)
    for d in range(13):
        for o in range(64):
            for j in range(6):
                a = 6 - j
                b = d - a
                if (o >> j) & 1 and 1 <= b <= 6 and a != b:
                    table[d, o] |= (1 << (6 * (a - 1) + b - 1)) | (1 << (6 * (b - 1) + a - 1))
    return table


NON_DOUBLES_TRAVELLING = _non_doubles_travelling()


def _doubles_travelling() -> np.ndarray:
    """Row ``d``: how many doubles travel ``d`` pips in two to four steps, then their die
    values (``d = 12``: 6-6, 4-4 and 3-3)."""
    table = np.zeros((26, 4), dtype=np.int64)
    for d in range(26):
        for a in range(1, 7):
            if d % a == 0 and 2 <= d // a <= 4:
                table[d, 0] += 1
                table[d, table[d, 0]] = a
    return table


DOUBLES_TRAVELLING = _doubles_travelling()


@njit(cache=True, inline="always")
def _distances(bb, occ, target):
    """Bit ``d`` (1-24) set when a point of ``occ`` (a bit mask of the shooter's points) lies
    ``d`` pips behind a blot of side ``target``."""
    dist = 0
    for q in range(1, 25):
        if bb[target, q] == 1:
            dist |= occ >> (25 - q)   # the blot's point in the shooter's numbering is 25 - q
    return dist & ~1


@njit(cache=True, inline="always")
def _reach(dist, masks):
    """The rolls (a 36-bit mask) that travel one of the distances in ``dist`` (blocks ignored)."""
    mask = 0
    d = 1
    x = dist >> 1
    while x:
        if x & 1:
            mask |= masks[d]
        x >>= 1
        d += 1
    return mask


@njit(cache=True)
def shots(bb, shooter, target, masks, blk):
    """Rolls (of the 36) on which side ``shooter`` can hit a blot of side ``target``:
    ``(by distance, blocks counted)``.

    By distance: a checker anywhere (the bar too) the roll's distance behind a blot, blocks
    ignored. Blocks counted: combined shots need open points to touch down on (R8, R11), a
    double every intermediate point; with checkers on the bar only the bar shoots (R9). Not
    counted: whether the rest of the roll is playable. ``masks``: :data:`HIT_MASKS` (the rolls
    that reach each distance); ``blk``: ``blocks(bb, target)``. The second count is 0 when
    the first is.
    """
    occ = 0
    for p in range(1, 26):
        if bb[shooter, p] > 0:
            occ |= 1 << p
    dist = _distances(bb, occ, target)
    reach = _reach(dist, masks)
    if reach == 0:
        return 0, 0
    by_distance = _popcount(reach)
    if bb[shooter, 25] > 0:                # on the bar: only the bar shoots (R9)
        occ = 1 << 25
        dist = _distances(bb, occ, target)
        reach = _reach(dist, masks)
    mask = 0
    for d in range(1, 7):                  # a die of the distance hits whatever stands between
        if (dist >> d) & 1:
            mask |= DIRECT_MASKS[d]
    if mask == reach:                      # nothing left that a combined shot could add
        return by_distance, _popcount(mask)
    for q in range(1, 25):
        if bb[target, q] != 1:
            continue
        spot = 25 - q
        x = occ >> (spot + 2)              # combined shots travel 2 pips or more
        p = spot + 2
        while x:
            if x & 1:
                d = p - spot
                if masks[d] & ~mask:
                    if d <= 12:                                          # a + b = d, a != b: stop on p - a or p - b
                        mask |= NON_DOUBLES_TRAVELLING[d, (((~blk) << 6) >> p) & 63]
                    for j in range(DOUBLES_TRAVELLING[d, 0]):            # doubles: every stop open
                        a = DOUBLES_TRAVELLING[d, 1 + j]
                        if (mask >> (7 * (a - 1))) & 1:
                            continue
                        ok = True
                        for stop in range(p - a, p - d, -a):
                            if (blk >> stop) & 1:
                                ok = False
                                break
                        if ok:
                            mask |= 1 << (7 * (a - 1))
            x >>= 1
            p += 1
    return by_distance, _popcount(mask)


@njit(cache=True)
def _escaping_rolls(p, blk, non_doubles, doubles):
    """Rolls (of the 36) with which a checker on point ``p`` reaches an open point below
    every point made within the 12 points ahead of it (``blk``: the made points; at least one
    in those 12), counting the rolls other than doubles and/or the doubles."""
    lo = max(1, p - 12)
    ahead = (blk >> lo) & ((1 << (p - lo)) - 1)   # made points lo .. p - 1
    low = lo
    while not ahead & 1:
        ahead >>= 1
        low += 1
    n = 0
    for a in range(1, 7):
        for b in range(a, 7):   # both orders of a non-double are tried: count it twice
            ok = False
            if a != b:
                if not non_doubles:
                    continue
                for first, second in ((a, b), (b, a)):
                    q = p - first
                    if q >= 1 and not (blk >> q) & 1:
                        if q < low:
                            ok = True
                            break
                        q2 = q - second
                        if q2 >= 1 and q2 < low and not (blk >> q2) & 1:
                            ok = True
                            break
                if ok:
                    n += 2
            elif doubles:
                q = p
                for _k in range(4):
                    q -= a
                    if q < 1 or (blk >> q) & 1:
                        break
                    if q < low:
                        ok = True
                        break
                if ok:
                    n += 1
    return n


def _non_doubles_escaping() -> np.ndarray:
    """``[v, m]``: :func:`_escaping_rolls` of the rolls other than doubles (they travel at most
    11 pips, so only the 12 points ahead count) for a checker on point ``p`` with
    ``min(p, 12) = v``, ``m`` telling which of the 12 points ahead are made (bit ``i``: the
    point ``12 - i`` pips ahead). Entries that no position has (no made point, or one below
    point 1) are 0. Computed with numpy (numba is not started on import)."""
    m = np.arange(4096)[:, None]
    pips = np.arange(1, 13)                                   # k: pips ahead, column k - 1
    made = (m >> (12 - pips)) & 1 == 1
    lowest = np.where(made.any(axis=1), 12 - np.argmax(made[:, ::-1], axis=1), 0)   # pips to the lowest made point
    table = np.zeros((13, 4096), dtype=np.int8)
    for v in range(1, 13):
        open_ = ~made & (pips < v if v < 12 else True)       # a point to touch down on
        n = np.zeros(4096, dtype=np.int8)
        for a in range(1, 7):
            for b in range(a + 1, 7):
                past = open_[:, a + b - 1] & (a + b > lowest)          # both dice: lands past the lowest made point
                ok = open_[:, a - 1] & ((a > lowest) | past) | open_[:, b - 1] & ((b > lowest) | past)
                n += 2 * ok
        possible = (lowest > 0) & ~(made & (pips >= v)).any(axis=1) if v < 12 else lowest > 0
        table[v] = np.where(possible, n, 0)
    return table


NON_DOUBLES_ESCAPING = _non_doubles_escaping()


@njit(cache=True)
def escapes(bb, side, blk):
    """Rolls (of the 36) with which the rearmost checker of ``side`` (on the bar or its
    highest point) reaches an open point below every point the other side has made within
    the 12 points ahead of it; 36 when there is no such point, 0 when ``side`` has no
    checker. ``blk``: ``blocks(bb, other side)``."""
    p = 0
    for x in range(25, 0, -1):
        if bb[side, x] > 0:
            p = x
            break
    if p == 0:
        return 0
    made = ((blk << 12) >> p) & 4095   # bit i: the point 12 - i pips ahead is made
    if made == 0:
        return 36
    return NON_DOUBLES_ESCAPING[min(p, 12), made] + _escaping_rolls(p, blk, False, True)


@njit(cache=True)
def dance(bb, side, other):
    """Points (0-6) that ``other`` has made in its home board: where ``side`` enters (R9)."""
    k = 0
    for x in range(1, 7):
        if bb[other, x] >= 2:
            k += 1
    return k


@njit(cache=True, inline="always")
def _put(idx, val, nz, i, v):
    """Write input ``i`` with value ``v`` at place ``nz`` when ``v`` is not 0; the next place."""
    if v == 0:
        return nz
    idx[nz] = i
    val[nz] = v
    return nz + 1


@njit_no_refcount()  # allocates nothing
def encode(bb, me, idx, val, masks):
    """Nonzero inputs of the position ``bb`` (int8[2, 26]) with row ``me`` on roll.

    Writes input indices to ``idx`` and values to ``val``; returns how many.
    """
    nz = 0
    hi0 = 0   # each side's highest occupied point (25: the bar)
    hi1 = 0
    for s in range(2):
        row = me if s == 0 else 1 - me
        base = s * SIDE_INPUTS
        pips = 0
        home = 0
        run = 0
        best = 0
        blots = 0
        for p in range(1, 25):
            n = bb[row, p]
            if n > 0:
                pips += p * n
                j = base + 4 * (p - 1)
                idx[nz] = j
                val[nz] = 1.0
                nz += 1
                if n >= 2:
                    idx[nz] = j + 1
                    val[nz] = 1.0
                    nz += 1
                    run += 1
                    if run > best:
                        best = run
                    if p <= 6:
                        home += 1
                    if n >= 3:
                        idx[nz] = j + 2
                        val[nz] = 1.0
                        nz += 1
                        if n > 3:
                            idx[nz] = j + 3
                            val[nz] = (n - 3) / 2.0
                            nz += 1
                else:
                    blots += 1
                    run = 0
                if s == 0:
                    hi0 = p
                else:
                    hi1 = p
            else:
                run = 0
        nbar = bb[row, 25]
        if nbar > 0:
            pips += 25 * nbar
            if s == 0:
                hi0 = 25
            else:
                hi1 = 25
            idx[nz] = base + 96
            val[nz] = nbar / 2.0
            nz += 1
        nz = _put(idx, val, nz, base + 97, bb[row, 0] / 15.0)
        nz = _put(idx, val, nz, base + 98, pips / 100.0)
        nz = _put(idx, val, nz, base + 99, home / 6.0)
        nz = _put(idx, val, nz, base + 100, best / 6.0)
        nz = _put(idx, val, nz, base + 101, blots / 5.0)
    g = 2 * SIDE_INPUTS
    if hi0 > 0 and hi1 > 0 and hi0 + hi1 > 25:
        idx[nz] = g
        val[nz] = 1.0
        nz += 1
        blk_me = blocks(bb, me)          # points the other side cannot touch down on
        blk_them = blocks(bb, 1 - me)    # points the side on roll cannot touch down on
        s1, r1 = shots(bb, me, 1 - me, masks, blk_them)
        s2, r2 = shots(bb, 1 - me, me, masks, blk_me)
        nz = _put(idx, val, nz, g + 1, s1 / 36.0)
        nz = _put(idx, val, nz, g + 2, s2 / 36.0)
        c = N_BASE_INPUTS
        nz = _put(idx, val, nz, c, r1 / 36.0)
        nz = _put(idx, val, nz, c + 1, r2 / 36.0)
        nz = _put(idx, val, nz, c + 2, escapes(bb, me, blk_them) / 36.0)
        nz = _put(idx, val, nz, c + 3, escapes(bb, 1 - me, blk_me) / 36.0)
    for s in range(2):
        row = me if s == 0 else 1 - me
        if bb[row, 25] > 0:
            k = dance(bb, row, 1 - row)
            nz = _put(idx, val, nz, N_BASE_INPUTS + 4 + s, (k / 6.0) ** 2)
    return nz


@njit(cache=True, inline="always")
def _sigmoid(x):
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + np.exp(-x))


@njit(cache=True, inline="always")
def _input_sums(idx, val, nz, w1, b1, hidden):
    """``hidden[:H]`` <- each hidden unit's weighted input sum: its bias plus, for each of the
    ``nz`` nonzero inputs, the input's value times its row of ``w1`` (inlined: the caller's
    floating-point flags apply)."""
    for h in range(b1.shape[0]):
        hidden[h] = b1[h]
    for j in range(nz):
        row = w1[idx[j]]
        v = val[j]
        for h in range(b1.shape[0]):
            hidden[h] += v * row[h]


@njit_no_refcount()  # allocates nothing
def forward(idx, val, nz, w1, b1, w2, b2, hidden, out):
    """Hidden activations and the five outputs for the inputs ``idx[:nz]``, ``val[:nz]``.

    ``w1`` is float64[N_INPUTS, H] (one row per input: a sparse input adds one row),
    ``b1`` float64[H], ``w2`` float64[5, H], ``b2`` float64[5].
    """
    nh = b1.shape[0]
    _input_sums(idx, val, nz, w1, b1, hidden)
    for h in range(nh):
        hidden[h] = _sigmoid(hidden[h])
    for o in range(N_OUTPUTS):
        s = b2[o]
        for h in range(nh):
            s += w2[o, h] * hidden[h]
        out[o] = _sigmoid(s)


@njit(cache=True, inline="always", fastmath=True, error_model="numpy")
def _sigmoid_poly(x):
    """``1 / (1 + exp(-x))`` from additions and multiplications only, so that a loop over the
    hidden units runs on vector registers (numba's ``np.exp`` is a call per unit).

    ``exp(-x) = (exp(-x / 64)) ** 64``: for ``|x| <= 40`` the Taylor polynomial of degree 8
    gives ``exp(-x / 64)`` to about 1e-16 (relative), six squarings raise it to the 64th power.
    Largest error in float64 3e-15, in float32 4e-8 (as float32's own rounding); beyond
    ``|x| = 40`` the unit is taken as saturated (error below 5e-18).
    """
    x = x if x > -40.0 else -40.0
    x = x if x < 40.0 else 40.0
    y = x * (-1.0 / 64.0)
    p = 1.0 + y * (1.0 + y * (0.5 + y * (1.0 / 6.0 + y * (1.0 / 24.0 + y * (1.0 / 120.0 + y * (
        1.0 / 720.0 + y * (1.0 / 5040.0 + y * (1.0 / 40320.0))))))))
    p = p * p
    p = p * p
    p = p * p
    p = p * p
    p = p * p
    p = p * p
    return 1.0 / (1.0 + p)


@njit_no_refcount(fastmath=True, error_model="numpy")
def forward_fast(idx, val, nz, w1, b1, w2, b2, hidden, out):
    """:func:`forward` for choosing plays, in vector registers: fast floating point (sums
    may round differently in the last bits), the sigmoid of the hidden units as
    :func:`_sigmoid_poly`, and any float type: the players pass float32 weights and
    ``hidden`` (:func:`play_arrays`: twice as many units per instruction), training float64.

    ``error_model="numpy"``: a division by zero gives inf instead of a Python exception, and
    without that check numba can vectorise the loops (it cannot happen here: ``1 + p >= 1``).
    The outputs (``out``, float64) are summed in float64.
    """
    nh = b1.shape[0]
    _input_sums(idx, val, nz, w1, b1, hidden)
    _outputs_fast(w2, b2, nh, hidden, out)


@njit(cache=True, inline="always", fastmath=True, error_model="numpy")
def _outputs_fast(w2, b2, nh, hidden, out):
    """:func:`forward_fast`'s second half: ``hidden[:nh]`` holds the hidden units' weighted
    input sums; they become the units' values, and the outputs go to ``out``."""
    for h in range(nh):
        hidden[h] = _sigmoid_poly(hidden[h])
    for o in range(N_OUTPUTS):
        s = np.float64(b2[o])
        for h in range(nh):
            s += w2[o, h] * hidden[h]
        out[o] = 1.0 / (1.0 + np.exp(-max(s, -40.0)))


#: :func:`net_choose` evaluates every ``REBASE``-th result in full and the results after it
#: from the inputs that differ (:func:`_forward_from_base`).
REBASE = 8


@njit_no_refcount(fastmath=True, error_model="numpy")
def _forward_from_base(idx, val, nz, w1, w2, b2, hidden, out):
    """:func:`forward_fast` of the inputs ``idx[:nz]``, ``val[:nz]`` from those of a base
    position that differs in a few of them: the results of one roll differ from each other by
    where a few checkers stand (on average 9 of the 40 nonzero inputs of a result differ from
    the result before it, so this adds a fifth of the rows of ``w1`` that a full pass adds).

    The base's inputs are ``idx[M:M + nzb]``, ``val[M:M + nzb]`` (``M`` = :data:`MAX_NONZERO`,
    ``nzb`` = ``idx[2 M]``), its hidden sums ``hidden[nh:2 nh]``. Both index lists ascend (as
    :func:`encode` writes them), so one merge finds the inputs that differ; each adds the
    change of its value times its row of ``w1``. Every result is one step from the base (no
    error builds up along the results): the sums differ from a full pass in the last bits only.
    """
    nh = w2.shape[1]
    m = MAX_NONZERO
    end = m + idx[2 * m]
    for h in range(nh):
        hidden[h] = hidden[nh + h]
    i = 0
    j = m
    while i < nz or j < end:
        if j >= end or (i < nz and idx[i] < idx[j]):
            r = idx[i]
            d = val[i]
            i += 1
        elif i >= nz or idx[j] < idx[i]:
            r = idx[j]
            d = -val[j]
            j += 1
        else:
            r = idx[i]
            d = val[i] - val[j]
            i += 1
            j += 1
            if d == 0:
                continue
        row = w1[r]
        for h in range(nh):
            hidden[h] += d * row[h]
    _outputs_fast(w2, b2, nh, hidden, out)


@njit_no_refcount(fastmath=True, error_model="numpy")
def _forward_new_base(idx, val, nz, w1, b1, w2, b2, hidden, out):
    """:func:`forward_fast`, keeping the inputs and the hidden sums as the base of
    :func:`_forward_from_base`."""
    nh = b1.shape[0]
    m = MAX_NONZERO
    for j in range(nz):
        idx[m + j] = idx[j]
        val[m + j] = val[j]
    idx[2 * m] = nz
    _input_sums(idx, val, nz, w1, b1, hidden)
    for h in range(nh):
        hidden[nh + h] = hidden[h]
    _outputs_fast(w2, b2, nh, hidden, out)


def play_arrays(w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> tuple:
    """The weights as the players use them (:func:`forward_fast`): float32, C-ordered.

    Play choice needs the order of the results, not the last digits of their equities:
    float32 keeps 7 significant digits, and a vector register holds twice as many float32
    as float64 units. :meth:`bgsim.sim.net.Net.evaluate` (the chances shown) and training
    keep float64 (:func:`forward`)."""
    return tuple(np.ascontiguousarray(a, dtype=np.float32) for a in (w1, b1, w2, b2))


@njit(cache=True, inline="always")
def equity(out):
    """Cubeless money equity of the side on roll from the five outputs (R23)."""
    return 2.0 * out[0] - 1.0 + out[1] - out[3] + out[2] - out[4]


@njit(cache=True, inline="always")
def consistent_chances(w, wg, wb, lg, lb, on_roll_off, other_off):
    """The five chances (win, win gammon, win backgammon, lose gammon, lose backgammon) made
    consistent: the one definition behind :func:`bgsim.sim.net.consistent` and
    :func:`consistent_equity`.

    R23: every backgammon is a gammon and every gammon a win, so each chance is cut to
    ``0 <= win_backgammon <= win_gammon <= win <= 1`` and ``lose_backgammon <= lose_gammon
    <= 1 - win``; a side that has borne off a checker can no longer lose a gammon
    (``on_roll_off``/``other_off``: the side on roll / the other side has).
    """
    w = min(1.0, max(0.0, w))
    wg = min(max(0.0, wg), w)
    wb = min(max(0.0, wb), wg)
    lg = min(max(0.0, lg), 1.0 - w)
    lb = min(max(0.0, lb), lg)
    if on_roll_off:
        lg = 0.0
        lb = 0.0
    if other_off:
        wg = 0.0
        wb = 0.0
    return w, wg, wb, lg, lb


@njit(cache=True, inline="always")
def consistent_equity(out, on_roll_off, other_off):
    """:func:`equity` of the outputs made consistent (:func:`consistent_chances`). The choice
    of a play goes by it, so the play chosen is the one whose evaluation
    (:meth:`bgsim.sim.net.Net.evaluate`) is best."""
    w, wg, wb, lg, lb = consistent_chances(out[0], out[1], out[2], out[3], out[4], on_roll_off, other_off)
    return 2.0 * w - 1.0 + wg - lg + wb - lb


@njit(cache=True, inline="always")
def won_outputs(boards, k, dst):
    """``dst`` <- the exact outputs, the mover's view, of result ``k``, in which the mover
    (row 0) has borne off its last checker (R22): ``(1, gammon, backgammon, 0, 0)`` by the
    kind of the win (R23). Returns the kind (1 single, 2 gammon, 3 backgammon)."""
    kind = loss_kind(boards, k, 1)
    dst[0] = 1.0
    dst[1] = 1.0 if kind >= 2 else 0.0
    dst[2] = 1.0 if kind >= 3 else 0.0
    dst[3] = 0.0
    dst[4] = 0.0
    return kind


@njit(cache=True, inline="always")
def flip_outputs(src, dst):
    """The outputs of a position seen from the other side (the side that just moved)."""
    dst[0] = 1.0 - src[0]
    dst[1] = src[3]
    dst[2] = src[4]
    dst[3] = src[1]
    dst[4] = src[2]


@njit(cache=True, inline="always")
def pure_bearoff(b, bo_exp):
    """Whether the one-sided database ``bo_exp`` plays board ``b`` (row 0 on roll): it is loaded,
    no checker can hit or be hit any more and every checker of the mover is home (R16)."""
    return bo_exp.shape[0] > 1 and not is_contact(b) and all_home(b, 0)


@njit_no_refcount()  # allocates nothing
def bearoff_choice(n, boards, bo_exp, binom, like=-1):
    """The result among ``boards[:n]`` (a pure bear-off, R16) with the fewest expected rolls
    to bear off in the exact one-sided database ``bo_exp`` (the database's own rule: ties
    within 1e-12 go to the lower database index). The heuristic and net players use it.

    ``like``: -1 any result; else only results of the same kind as result ``like``, with a
    checker borne off or without (the net player's choice while a gammon is at stake, R23:
    :func:`net_choose`)."""
    off = -1 if like < 0 else (1 if boards[like, 0, 0] > 0 else 0)
    best = 0
    best_e = 1e300
    best_i = 1 << 62
    for k in range(n):
        if off >= 0 and (boards[k, 0, 0] > 0) != (off == 1):
            continue
        i = 0
        s = 0
        for p in range(6):
            s += boards[k, 0, p + 1]
            i += binom[s + p, p + 1]
        e = bo_exp[i]
        if e < best_e - 1e-12 or (e <= best_e + 1e-12 and i < best_i):
            best_e = e
            best_i = i
            best = k
    return best


@njit_no_refcount()  # allocates nothing
def net_choose(b, n, nchk, boards, w1, b1, w2, b2, bo_exp, binom, masks, idx, val, hidden, out, best_out,
               fast=True):
    """Index of the play the network picks among ``boards[:n]`` (results of board ``b``).

    ``fast``: evaluate with :func:`forward_fast` (play-outs) rather than :func:`forward` (training).
    With the players' scratch (:func:`bgsim.sim._net_ply.scratch_arrays`: room for two input
    lists and two sets of hidden units) every :data:`REBASE`-th result is evaluated in full and
    the others from their differences to it (:func:`_forward_from_base`), the same numbers to
    the last bits, about a third less time per result.

    ``best_out`` receives the chosen result's outputs from the opponent's view (on roll
    next); it is left unset (``best_out[0] = -1``) when the choice was not the network's.

    In a pure bear-off (no contact, every checker home, R16) the exact one-sided database
    plays (:func:`bearoff_choice`: the fewest expected rolls). While the mover has borne off
    no checker a gammon is at stake (R23) and the fewest rolls to bear them all off is not the
    point: the network judges every result and so decides whether to bear a checker off now;
    the database then plays the most efficient result of that kind.
    """
    best_out[0] = -1.0
    for k in range(n):
        if boards[k, 0, 0] == nchk:
            return k    # bears off the last checker: wins at once (R22)
    if n == 1:
        return 0
    bear_off = pure_bearoff(b, bo_exp)
    if bear_off and b[0, 0] > 0:
        return bearoff_choice(n, boards, bo_exp, binom)
    best = 0
    best_e = 1e300
    # scratch of the players' size (scratch_arrays): the results after a base from their changes
    from_base = fast and idx.shape[0] > 2 * MAX_NONZERO and val.shape[0] >= 2 * MAX_NONZERO \
        and hidden.shape[0] >= 2 * b1.shape[0]
    for k in range(n):
        nz = encode(boards[k], 1, idx, val, masks)
        if from_base:
            if k % REBASE == 0:
                _forward_new_base(idx, val, nz, w1, b1, w2, b2, hidden, out)
            else:
                _forward_from_base(idx, val, nz, w1, w2, b2, hidden, out)
        elif fast:
            forward_fast(idx, val, nz, w1, b1, w2, b2, hidden, out)
        else:
            forward(idx, val, nz, w1, b1, w2, b2, hidden, out)
        e = consistent_equity(out, boards[k, 1, 0] > 0, boards[k, 0, 0] > 0)   # the opponent on roll
        if e < best_e:
            best_e = e
            best = k
            for o in range(N_OUTPUTS):
                best_out[o] = out[o]
    if bear_off:   # none off yet: the network's kind of play, the database's play of that kind
        k = bearoff_choice(n, boards, bo_exp, binom, best)
        if k != best:
            best_out[0] = -1.0
        return k
    return best


# ============================================================================================
# TD(lambda) self-play
# ============================================================================================


@njit(cache=True)
def _gradients(idx, val, nz, w2, hidden, out, g_w2, g_hidden):
    """Per output o: ``g_w2[o, h]`` = d out_o / d w2[o, h] (its bias: ``g_w2[o, H]``), and
    ``g_hidden[o, h]`` = d out_o / d (pre-activation of hidden unit h)."""
    nh = hidden.shape[0]
    for o in range(N_OUTPUTS):
        d = out[o] * (1.0 - out[o])
        for h in range(nh):
            g_w2[o, h] = d * hidden[h]
            g_hidden[o, h] = d * w2[o, h] * hidden[h] * (1.0 - hidden[h])
        g_w2[o, nh] = d


@njit(cache=True)
def _td0_update(idx, val, nz, w1, b1, w2, b2, hidden, out, delta, alpha):
    """w += alpha * sum_o delta_o * grad out_o (one position, no traces)."""
    nh = hidden.shape[0]
    gh = np.zeros(nh)
    for o in range(N_OUTPUTS):
        d = alpha * delta[o] * out[o] * (1.0 - out[o])
        if d == 0.0:
            continue
        for h in range(nh):
            gh[h] += d * w2[o, h]
            w2[o, h] += d * hidden[h]
        b2[o] += d
    for h in range(nh):
        gh[h] *= hidden[h] * (1.0 - hidden[h])
        b1[h] += gh[h]
    for j in range(nz):
        row = w1[idx[j]]
        v = val[j]
        for h in range(nh):
            row[h] += v * gh[h]


@njit(cache=True)
def _trace_step(idx, val, nz, w2, hidden, out, lam, e1, eb1, e2):
    """Eligibility traces for a new position: e = lam * P e + grad (P: the side flip).

    ``e1[o]`` (float64[5, N_INPUTS, H]), ``eb1[o]`` (float64[5, H]), ``e2[o]`` (float64[5, H + 1]).
    P maps output 0 to minus itself and swaps outputs 1<->3 and 2<->4 (see flip_outputs).
    """
    nh = hidden.shape[0]
    # decay and flip
    for a, bq in ((1, 3), (2, 4)):
        for i in range(e1.shape[1]):
            for h in range(nh):
                t = e1[a, i, h]
                e1[a, i, h] = lam * e1[bq, i, h]
                e1[bq, i, h] = lam * t
        for h in range(nh):
            t = eb1[a, h]
            eb1[a, h] = lam * eb1[bq, h]
            eb1[bq, h] = lam * t
        for h in range(nh + 1):
            t = e2[a, h]
            e2[a, h] = lam * e2[bq, h]
            e2[bq, h] = lam * t
    for i in range(e1.shape[1]):
        for h in range(nh):
            e1[0, i, h] *= -lam
    for h in range(nh):
        eb1[0, h] *= -lam
    for h in range(nh + 1):
        e2[0, h] *= -lam
    # add the gradient of this position
    for o in range(N_OUTPUTS):
        d = out[o] * (1.0 - out[o])
        for h in range(nh):
            e2[o, h] += d * hidden[h]
            g = d * w2[o, h] * hidden[h] * (1.0 - hidden[h])
            eb1[o, h] += g
            for j in range(nz):
                e1[o, idx[j], h] += val[j] * g
        e2[o, nh] += d


@njit(cache=True)
def _trace_update(w1, b1, w2, b2, delta, alpha, e1, eb1, e2):
    nh = b1.shape[0]
    for o in range(N_OUTPUTS):
        d = alpha * delta[o]
        if d == 0.0:
            continue
        for i in range(w1.shape[0]):
            for h in range(nh):
                w1[i, h] += d * e1[o, i, h]
        for h in range(nh):
            b1[h] += d * eb1[o, h]
            w2[o, h] += d * e2[o, h]
        b2[o] += d * e2[o, nh]


@njit(cache=True)
def _opening_roll(state):
    """R4: the first roll of a game is never a double (ties are rerolled)."""
    while True:
        r = uniform(state, 36)
        d1 = r // 6 + 1
        d2 = r % 6 + 1
        if d1 != d2:
            return d1, d2


@njit(cache=True, inline="always")
def turn_roll(state, first):
    """The dice of a turn: the opening roll (R4) when ``first``, else any of the 36 (R3)."""
    if first:
        return _opening_roll(state)
    r = uniform(state, 36)
    return r // 6 + 1, r % 6 + 1


@njit(cache=True, nogil=True)
def train_games(ngames, start, w1, b1, w2, b2, alpha, lam, state, bo_exp, binom, masks, stats,
                boards, moves, nmoves, table, stamps, scratch, work, fast=False):
    """Play ``ngames`` self-play games from ``start`` and learn from each turn (TD(lambda)).

    ``fast``: choose the plays (and evaluate the chosen result, the learning target) with
    :func:`forward_fast`, about twice as fast; the learning step itself stays exact. The
    same command on the same machine still gives the same weights.

    ``stats`` (int64[8]) accumulates: games, turns, then per outcome kind of the side that
    started: wins 1/2/3 (single, gammon, backgammon), losses 1/2/3.
    """
    nh = b1.shape[0]
    nchk = 0
    for p in range(26):
        nchk += start[0, p]
    idx = np.zeros(MAX_NONZERO, dtype=np.int64)
    val = np.zeros(MAX_NONZERO)
    idx2 = np.zeros(MAX_NONZERO, dtype=np.int64)
    val2 = np.zeros(MAX_NONZERO)
    hidden = np.zeros(nh)
    out = np.zeros(N_OUTPUTS)
    cur_hidden = np.zeros(nh)
    cur_out = np.zeros(N_OUTPUTS)
    nxt = np.zeros(N_OUTPUTS)
    target = np.zeros(N_OUTPUTS)
    delta = np.zeros(N_OUTPUTS)
    use_traces = lam > 0.0
    if use_traces:
        e1 = np.zeros((N_OUTPUTS, w1.shape[0], nh))
        eb1 = np.zeros((N_OUTPUTS, nh))
        e2 = np.zeros((N_OUTPUTS, nh + 1))
    else:
        e1 = np.zeros((1, 1, 1))
        eb1 = np.zeros((1, 1))
        e2 = np.zeros((1, 1))
    b = np.empty((2, 26), dtype=np.int8)
    for _g in range(ngames):
        b[:, :] = start
        side = 0
        t = 0
        cur_nz = encode(b, 0, idx, val, masks)
        forward(idx, val, cur_nz, w1, b1, w2, b2, cur_hidden, cur_out)
        if use_traces:
            e1[:, :, :] = 0.0
            eb1[:, :] = 0.0
            e2[:, :] = 0.0
            _trace_step(idx, val, cur_nz, w2, cur_hidden, cur_out, lam, e1, eb1, e2)
        while True:
            d1, d2 = turn_roll(state, t == 0)
            t += 1
            n = generate(b, d1, d2, 0, boards, moves, nmoves, table, stamps, scratch, work)
            k = net_choose(b, n, nchk, boards, w1, b1, w2, b2, bo_exp, binom, masks, idx2, val2, hidden, out, nxt,
                           fast)
            over = boards[k, 0, 0] == nchk
            if over:
                kind = won_outputs(boards, k, target)
                stats[2 + kind - 1 + (0 if side == 0 else 3)] += 1
            else:
                if nxt[0] < 0.0:   # not evaluated by the choice: evaluate the result now
                    nz2 = encode(boards[k], 1, idx2, val2, masks)
                    forward(idx2, val2, nz2, w1, b1, w2, b2, hidden, nxt)
                flip_outputs(nxt, target)
            for o in range(N_OUTPUTS):
                delta[o] = target[o] - cur_out[o]
            if use_traces:
                _trace_update(w1, b1, w2, b2, delta, alpha, e1, eb1, e2)
            else:
                _td0_update(idx, val, cur_nz, w1, b1, w2, b2, cur_hidden, cur_out, delta, alpha)
            if over:
                break
            for i in range(26):                    # the opponent is on roll: swap the rows
                b[0, i] = boards[k, 1, i]
                b[1, i] = boards[k, 0, i]
            side ^= 1
            cur_nz = encode(b, 0, idx, val, masks)
            forward(idx, val, cur_nz, w1, b1, w2, b2, cur_hidden, cur_out)
            if use_traces:
                _trace_step(idx, val, cur_nz, w2, cur_hidden, cur_out, lam, e1, eb1, e2)
        stats[0] += 1
        stats[1] += t
