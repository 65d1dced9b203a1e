"""The compiled heart of the rules engine: legal play generation over small int8 arrays.

Nothing outside the engine (``position``, ``plays``) and the Monte Carlo batch loop
imports this module. Everything here is ``numba.njit(cache=True)``; the first call
compiles (or loads the on-disk cache), later calls are machine code.

Board layout (R1: each player numbers the points from their own side): ``b`` is an
``int8[2, 26]`` array. Row 0 is the side on roll, row 1 the opponent, each in its own
numbering: index 0 = borne off, 1..24 = points, 25 = the bar. My point ``p`` is the opponent's point ``25 - p``.

A *step* is one die moving one checker: from ``src`` (25 = bar) to ``src - die``;
a destination ``<= 0`` is a bear-off (stored as 0). Because the bar is index 25,
entering with a die ``d`` lands on ``25 - d``, the same formula as any other step
(R14).

Generation enumerates every sequence of steps depth first, keeps only the sequences
that play the most dice (R10) and, when only one die of a non-double can be played,
the higher one if it can be (R11), and keeps one sequence per distinct resulting
position (a hash table over the 52 board bytes; doubles need none: see ``_search``).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import numpy as np
from numba import njit
from numba.core import event as _numba_event
from numba.cpython.unsafe.numbers import leading_zeros

from .errors import EngineLimitError

#: What bgsim says on stderr when numba starts compiling one of its kernels: the first use on a
#: fresh install, or after a kernel's source changed (later runs load the machine code from the cache).
COMPILE_NOTICE = "bgsim: compiling the engine (once, about 15 s; later runs load it from the cache)"


class _CompileNotice(_numba_event.Listener):
    """Says :data:`COMPILE_NOTICE` once per process, when numba starts compiling a bgsim kernel
    (loading one from numba's on-disk cache is not a compile and says nothing).

    It speaks when stderr is a terminal (a person waits at the prompt), or when the environment
    variable ``BGSIM_COMPILE_NOTICE`` is ``1``; ``0`` keeps it quiet. Captured stderr (tests,
    notebooks, logs) stays clean unless asked.
    """

    def __init__(self) -> None:
        self.said = False

    def wanted(self) -> bool:
        """Whether to speak now: ``BGSIM_COMPILE_NOTICE`` says so, or else stderr is a terminal."""
        flag = os.environ.get("BGSIM_COMPILE_NOTICE", "").strip()
        if flag in ("0", "1"):
            return flag == "1"
        try:
            return bool(sys.stderr.isatty())
        except (AttributeError, ValueError):   # no stderr, or a closed one
            return False

    def on_start(self, ev) -> None:
        if self.said:
            return
        func = getattr(ev.data.get("dispatcher"), "py_func", None)
        if str(getattr(func, "__module__", "")).startswith("bgsim") and self.wanted():
            self.said = True
            print(COMPILE_NOTICE, file=sys.stderr, flush=True)

    def on_end(self, ev) -> None:
        pass


_numba_event.register("numba:compile", _CompileNotice())


def drop_stale_dependent_caches(source: str, dependents: tuple[str, ...]) -> None:
    """Delete the numba caches of ``dependents`` (dotted module names under bgsim) when the
    kernel module ``source`` (its ``__file__``) changed since they were compiled.

    numba's on-disk cache checks only a function's own source file, so when a kernel module
    changes, the cached machine code of the modules that inline its functions must go too.
    Only matters in a source checkout; each kernel module calls this when imported, before
    its dependents load.
    """
    here = Path(source)
    cache = here.parent / "__pycache__"
    try:
        digest = hashlib.sha256(here.read_bytes()).hexdigest()
        stamp = cache / f"{here.stem}.source-sha256"
        if stamp.exists() and stamp.read_text() == digest:
            return
        for name in dependents:
            module = Path(__file__).resolve().parents[1].joinpath(*name.split("."))
            for f in [*(module.parent / "__pycache__").glob(f"{module.name}.*.nbi"),
                      *(module.parent / "__pycache__").glob(f"{module.name}.*.nbc")]:
                f.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # a read-only install: nothing can be stale there
        pass


drop_stale_dependent_caches(__file__, ("odds.bearoff", "sim._mc_kernel", "sim._net_kernel", "sim._net_ply"))

# Capacity of one generation: distinct results kept, and the hash table size (2x).
MAX_PLAYS = 16384
TABLE_SIZE = 32768  # power of two

FLAG_CAUCASIAN = 1  # V5: a checker that hit in its home board may not then land on its own checkers

# Rows of the search's ``work`` array (see _search).
W_CAND, W_HIT, W_HFLAG, W_ANY, W_HITTERS, W_SRC, W_DST, W_DICE, W_HASH = range(9)
WORK_ROWS = 9

# Zobrist keys: the hash of a board is the XOR of ZOBRIST[side, place, count] over its 52
# places, kept up to date step by step during the search (a fixed seed: compiled in as a constant).
ZOBRIST = np.random.default_rng(20261201).integers(0, 2**63, size=(2, 26, 16), dtype=np.int64).view(np.uint64)


def njit_no_refcount(**options):
    """``njit(cache=True, **options)`` without numba's reference counting (its ``_nrt`` option).

    For hot functions that allocate nothing (no new arrays, slices or views): numba then
    stops counting references to the arrays they pass around, an atomic increment and
    decrement per array per inlined call, which were ~45% of :func:`generate`'s time (found
    with ``perf``). Such a function fails to compile if it ever allocates, so this cannot
    go wrong silently.
    """
    return njit(cache=True, _nrt=False, **options)


class Workspace:
    """Preallocated output buffers for :func:`generate` (one per thread of use).

    After ``n = generate(b, d1, d2, flags, *ws.arrays())``:
    ``ws.boards[:n]`` are the resulting boards (still from the mover's view, not swapped),
    ``ws.moves[:n, :k]`` the steps ``(src, dst, hit)`` of each play and ``ws.nmoves[:n]`` their count.
    """

    __slots__ = ("boards", "moves", "nmoves", "scratch", "stamps", "table", "work")

    def __init__(self) -> None:
        self.boards = np.zeros((MAX_PLAYS, 2, 26), dtype=np.int8)
        self.moves = np.zeros((MAX_PLAYS, 4, 3), dtype=np.int8)
        self.nmoves = np.zeros(MAX_PLAYS, dtype=np.int8)
        # table[slot]: the result index in the low 16 bits, the hash's upper 48 bits above
        self.table = np.zeros(TABLE_SIZE, dtype=np.int64)
        self.stamps = np.zeros(TABLE_SIZE, dtype=np.int64)
        # scratch: [0] current stamp, [1] count, [2] best score so far
        self.scratch = np.zeros(4, dtype=np.int64)
        # search state, reused by every call: see _search
        self.work = np.zeros((WORK_ROWS, 26), dtype=np.int64)

    def arrays(self):
        return self.boards, self.moves, self.nmoves, self.table, self.stamps, self.scratch, self.work


@njit(cache=True, inline="always")
def step_dest(b, src, die):
    """Destination of moving one checker from ``src`` with ``die``, or -1 if illegal.

    Checks, in order: a checker is there; bar first (R13); the landing point is open
    (R7, R14); bearing off only with all checkers home (R16), exactly (R17) or from the
    highest point with a larger die (R18), never from below a checker on a higher
    point (R19). Returns 0 for a bear-off.
    """
    if b[0, src] == 0:
        return -1
    outside = 0  # my checkers on the bar and points 7-24 (R16)
    for p in range(7, 26):
        outside += b[0, p]
    return _step_dest(b, src, die, outside)


@njit(cache=True, inline="always")
def apply_step(b, src, dst):
    """Move one checker from ``src`` to ``dst`` (0 = off); returns 1 if it hit a blot (R8)."""
    b[0, src] -= 1
    if dst == 0:
        b[0, 0] += 1
        return 0
    b[0, dst] += 1
    q = 25 - dst
    if b[1, q] == 1:
        b[1, q] = 0
        b[1, 25] += 1
        return 1
    return 0


@njit(cache=True, inline="always")
def undo_step(b, src, dst, hit):
    """Reverse :func:`apply_step`."""
    b[0, src] += 1
    if dst == 0:
        b[0, 0] -= 1
        return
    b[0, dst] -= 1
    if hit:
        q = 25 - dst
        b[1, q] = 1
        b[1, 25] -= 1


@njit_no_refcount()
def board_hash(b):
    """Zobrist hash of a board (see ZOBRIST)."""
    h = np.uint64(0)
    for s in range(2):
        for i in range(26):
            h ^= ZOBRIST[s, i, b[s, i]]
    return h


@njit(cache=True, inline="always")
def _rehash(h, b, src, dst, hit):
    """The hash after :func:`apply_step` moved a checker src -> dst (``b`` is the board after)."""
    c = b[0, src]
    h ^= ZOBRIST[0, src, c + 1] ^ ZOBRIST[0, src, c]
    c = b[0, dst]
    h ^= ZOBRIST[0, dst, c - 1] ^ ZOBRIST[0, dst, c]
    if hit:
        q = 25 - dst
        h ^= ZOBRIST[1, q, 1] ^ ZOBRIST[1, q, 0]
        c = b[1, 25]
        h ^= ZOBRIST[1, 25, c - 1] ^ ZOBRIST[1, 25, c]
    return h


@njit(cache=True, inline="always")
def _is_new(b, h, n, boards, table, stamps, stamp):
    """Look the board ``b`` (hash ``h``) up among the ``n`` results kept so far; if it is new,
    enter it in the table as result ``n`` and return True.

    A table entry holds the result's index (low 16 bits) and its hash's upper 48 bits, so a
    slot shared by another result is passed over without comparing boards; equal hashes
    are still checked byte by byte (the hash only finds candidates, it never decides).
    """
    tag = np.int64(h >> np.uint64(16)) << 16
    slot = np.int64(h & np.uint64(TABLE_SIZE - 1))
    while stamps[slot] == stamp:
        e = table[slot]
        if (e & ~np.int64(0xFFFF)) == tag:
            j = e & 0xFFFF
            same = True
            for s in range(2):
                for i in range(26):
                    if boards[j, s, i] != b[s, i]:
                        same = False
                        break
                if not same:
                    break
            if same:
                return False
        slot = (slot + 1) & (TABLE_SIZE - 1)
    stamps[slot] = stamp
    table[slot] = tag | n
    return True


@njit(cache=True, inline="always")
def _record(b, h, dedupe, work, nseq, score, boards, moves, nmoves, table, stamps, scratch):
    """Offer a finished sequence; keep it if its score is best and (with ``dedupe``) its
    result is new (:func:`_is_new`). Without ``dedupe`` the caller knows it is new."""
    best = scratch[2]
    if score < best:
        return
    if score > best:
        scratch[2] = score
        scratch[1] = 0
        scratch[0] += 1  # invalidates the whole hash table at once
    n = scratch[1]
    if dedupe and not _is_new(b, h, n, boards, table, stamps, scratch[0]):
        return
    if n >= MAX_PLAYS:
        raise EngineLimitError("too many distinct plays for the kernel's buffers")
    for s in range(2):
        for i in range(26):
            boards[n, s, i] = b[s, i]
    for k in range(nseq):
        moves[n, k, 0] = work[W_SRC, k]
        moves[n, k, 1] = work[W_DST, k]
        moves[n, k, 2] = work[W_HIT, k]
    nmoves[n] = nseq
    scratch[1] = n + 1


@njit(cache=True, inline="always")
def _step_dest(b, src, die, outside):
    """:func:`step_dest` for the search, with the mover's checkers outside the home board
    (points 7-24 and the bar) counted by the caller (``outside``), so that R16 costs nothing."""
    if src != 25 and b[0, 25] > 0:
        return -1  # R13: bar first
    dst = src - die
    if dst >= 1:
        if b[1, 25 - dst] >= 2:
            return -1  # R7 / R14: closed point
        return dst
    if outside > 0:
        return -1  # R16: bear off only with every checker home
    if dst == 0:
        return 0  # R17: exact
    for p in range(src + 1, 7):
        if b[0, p] > 0:
            return -1  # R19: a checker on a higher point
    return 0  # R18: higher number from the highest occupied point


@njit_no_refcount()
def _search(b, h, ndice, ordered, caucasian, swapped, high, boards, moves, nmoves, table, stamps, scratch,
            work):
    """Depth-first search over every sequence of steps for one order of the dice.

    ``h`` is :func:`board_hash` of ``b``, kept up to date step by step.

    ``ordered`` (doubles, standard rules): sources never increase along a sequence.
    Any legal sequence of equal dice can be reordered that way with the same result
    (a step from a lower point never enables a step from a higher one), so this
    loses no result and avoids the 4! permutations. Nor does any result repeat, so no
    hashing is needed: a sequence is its multiset of sources S, and where two multisets
    S != T first differ from the top, at point m >= 1, m ends with ``-(S(m) - T(m))`` more
    checkers under S than under T (its arrivals come from m + d, where S and T agree; a
    bear-off lands on 0, below m). Equal sequence lengths, different boards.

    ``swapped`` (a non-double's second order, the lower die first, standard rules): the
    second step only tries the checker the first step moved, bear-offs, and anything
    after an entry from the bar. Any other second step was legal before the first one
    (my steps do not close points, R7; only an entry frees the other checkers, R13; only
    bear-offs depend on where my other checkers stand, R16-R19), so the same two steps
    in the other order were legal too (a hit happens in either order, R8) and the first
    order already found that result. A full play exists then, so the partial play the
    pruned level records scores below it and is dropped (R10).

    Without V5 the candidates are my occupied points, kept as a bit mask (``occ``) and
    visited highest first by counting leading zeros, so empty points cost nothing.

    Caucasian (V5): candidates are (point, kind) with kind 1 = move a checker that hit
    in the home board this turn (it may not land on own checkers) and kind 0 = any other.
    ``hitters[p]`` counts such checkers on point ``p``.
    """
    # work rows (indexed in place: views would cost reference counting in the hot loop):
    # W_CAND next candidate to try at each level (exclusive), W_HIT did the step hit,
    # W_HFLAG bit0: moved a hitter, bit1: the checker is a hitter after, W_ANY did this
    # level find any step, W_HITTERS (Caucasian) checkers per point that hit in the home
    # board this turn, W_SRC/W_DST the steps, W_HASH the board hash before each level's step.
    if caucasian:
        for p in range(26):
            work[W_HITTERS, p] = 0
    outside = 0        # my checkers on the bar and points 7-24 (R16)
    for p in range(7, 26):
        outside += b[0, p]
    occ = np.int64(0)  # bit p set: I have a checker on point p (1-24) or the bar (25)
    for p in range(1, 26):
        if b[0, p] > 0:
            occ |= np.int64(1) << p
    stride = 1 if caucasian else 2  # without V5 only kind-0 candidates (even numbers) exist
    level = 0
    work[W_CAND, 0] = 52
    work[W_ANY, 0] = 0
    while level >= 0:
        die = work[W_DICE, level]
        c = work[W_CAND, level] - stride
        found = False
        dst = -1
        prune = swapped and level == 1 and work[W_SRC, 0] != 25
        moved = work[W_DST, 0]
        if not caucasian:
            # the occupied points below the last one tried, highest first (no empty point visited)
            m = occ & ((np.int64(1) << (c >> 1) + 1) - 2)
            while m != 0:
                s = 63 - leading_zeros(m)
                if not (prune and s != moved and s > die):
                    dst = _step_dest(b, s, die, outside)
                    if dst >= 0:
                        found = True
                        c = 2 * s
                        break
                m ^= np.int64(1) << s
            c = c if found else 0
        while c >= 2:
            s = c >> 1
            kind = c & 1
            if kind == 1:
                if caucasian and work[W_HITTERS, s] > 0:
                    dst = _step_dest(b, s, die, outside)
                    if dst >= 0 and (dst == 0 or b[0, dst] == 0):
                        found = True
                        break
            elif b[0, s] - work[W_HITTERS, s] > 0 and not (prune and s != moved and s > die):
                dst = _step_dest(b, s, die, outside)
                if dst >= 0:
                    found = True
                    break
            c -= stride
        if found:
            work[W_CAND, level] = c
            s = c >> 1
            kind = c & 1
            work[W_ANY, level] = 1
            hit = apply_step(b, s, dst)
            if s >= 7 and dst <= 6:
                outside -= 1
            if b[0, s] == 0:
                occ ^= np.int64(1) << s
            if dst > 0:
                occ |= np.int64(1) << dst
            if not ordered:
                work[W_HASH, level] = np.int64(h)
                h = _rehash(h, b, s, dst, hit)
            work[W_HIT, level] = hit
            work[W_SRC, level] = s
            work[W_DST, level] = dst
            if caucasian:
                f = 0
                if kind == 1:
                    work[W_HITTERS, s] -= 1
                    f |= 1
                if dst > 0 and (kind == 1 or (hit == 1 and dst <= 6)):
                    work[W_HITTERS, dst] += 1
                    f |= 2
                work[W_HFLAG, level] = f
            if level + 1 == ndice:
                _record(b, h, not ordered, work, ndice, 2 * ndice, boards, moves, nmoves, table, stamps, scratch)
                undo_step(b, s, dst, hit)
                if s >= 7 and dst <= 6:
                    outside += 1
                occ |= np.int64(1) << s
                if dst > 0 and b[0, dst] == 0:
                    occ ^= np.int64(1) << dst
                if not ordered:
                    h = np.uint64(work[W_HASH, level])
                if caucasian:
                    f = work[W_HFLAG, level]
                    if f & 2:
                        work[W_HITTERS, dst] -= 1
                    if f & 1:
                        work[W_HITTERS, s] += 1
            else:
                level += 1
                work[W_CAND, level] = (2 * s + 2) if ordered else 52
                work[W_ANY, level] = 0
        else:
            if work[W_ANY, level] == 0:
                score = 2 * level
                if level == 1 and ndice == 2 and work[W_DICE, 0] == high:
                    score += 1  # R11: the higher die alone beats the lower die alone
                _record(b, h, not ordered, work, level, score, boards, moves, nmoves, table, stamps, scratch)
            level -= 1
            if level >= 0:
                s = work[W_SRC, level]
                dst = work[W_DST, level]
                undo_step(b, s, dst, work[W_HIT, level])
                if s >= 7 and dst <= 6:
                    outside += 1
                occ |= np.int64(1) << s
                if dst > 0 and b[0, dst] == 0:
                    occ ^= np.int64(1) << dst
                if not ordered:
                    h = np.uint64(work[W_HASH, level])
                if caucasian:
                    f = work[W_HFLAG, level]
                    if f & 2:
                        work[W_HITTERS, dst] -= 1
                    if f & 1:
                        work[W_HITTERS, s] += 1


@njit_no_refcount()
def generate(b, d1, d2, flags, boards, moves, nmoves, table, stamps, scratch, work):
    """Generate the legal plays of roll (d1, d2) on board ``b``; returns their number.

    The results go to ``boards``/``moves``/``nmoves`` (see :class:`Workspace`).
    ``b`` is used as scratch space and restored before returning.
    With no legal step the single result is the unchanged board and an empty play (R12).
    """
    caucasian = (flags & FLAG_CAUCASIAN) != 0
    scratch[0] += 1
    scratch[1] = 0
    scratch[2] = -1
    high = max(d1, d2)
    low = min(d1, d2)
    ordered = d1 == d2 and not caucasian
    # an ordered search repeats no result, so it hashes nothing (see _search)
    h = np.uint64(0) if ordered else board_hash(b)
    if d1 == d2:
        for k in range(4):
            work[W_DICE, k] = d1
        _search(b, h, 4, ordered, caucasian, False, high, boards, moves, nmoves, table,
                stamps, scratch, work)
    else:
        work[W_DICE, 0] = high
        work[W_DICE, 1] = low
        _search(b, h, 2, False, caucasian, False, high, boards, moves, nmoves, table, stamps,
                scratch, work)
        work[W_DICE, 0] = low
        work[W_DICE, 1] = high
        _search(b, h, 2, False, caucasian, not caucasian, high, boards, moves, nmoves, table,
                stamps, scratch, work)
    return scratch[1]


@njit(cache=True)
def count_plays_batch(boards_in, dice_in, flags, boards, moves, nmoves, table, stamps, scratch, work):
    """Batch entry point: the number of legal plays for each (board, roll) pair.

    ``boards_in`` is ``int8[N, 2, 26]``, ``dice_in`` is ``int[N, 2]``; returns ``int32[N]``.
    """
    n = boards_in.shape[0]
    out = np.empty(n, dtype=np.int32)
    b = np.empty((2, 26), dtype=np.int8)
    for i in range(n):
        b[:, :] = boards_in[i]
        out[i] = generate(b, dice_in[i, 0], dice_in[i, 1], flags, boards, moves, nmoves, table, stamps, scratch, work)
    return out


@njit(cache=True, inline="always")
def loss_kind(boards, k, row):
    """R23: how much the side in ``row`` of result ``k`` loses (1 single, 2 gammon, 3 backgammon)."""
    if boards[k, row, 0] > 0:
        return 1
    for p in range(19, 26):   # the winner's home board (loser's 19-24) or the bar
        if boards[k, row, p] > 0:
            return 3
    return 2


# ---------------------------------------------------------------------------
# One-call entry for Position.legal_plays (issue 11): fewer arguments to dispatch
# ---------------------------------------------------------------------------

# Layout of the two flat buffers of generate_packed (see PackedWorkspace). int8 buffer:
# the input board, then boards, moves and nmoves as in Workspace, then the compact output.
P8_BOARD = 0
P8_BOARDS = 64
P8_MOVES = P8_BOARDS + MAX_PLAYS * 52
P8_NMOVES = P8_MOVES + MAX_PLAYS * 12
P8_OUT = P8_NMOVES + MAX_PLAYS
P8_SIZE = P8_OUT + MAX_PLAYS * 65
# int64 buffer: stamps, the table (see Workspace), scratch, work.
P64_STAMPS = 0
P64_TABLE = TABLE_SIZE
P64_SCRATCH = P64_TABLE + TABLE_SIZE
P64_WORK = P64_SCRATCH + 4
P64_SIZE = P64_WORK + WORK_ROWS * 26


# One int64 array holds both: the int64 part first, then the int8 part (P8_SIZE bytes).
P_SIZE = P64_SIZE + (P8_SIZE + 7) // 8


class PackedWorkspace:
    """The buffer of :func:`generate_packed` (one per thread of use): one flat array.

    ``ws.buf`` is int64; ``ws.i8`` is a view of its int8 part. After
    ``n = generate_packed(key, d1, d2, flags, ws.buf)`` the results are
    ``ws.i8[P8_OUT:P8_OUT + 65 * n]``: the n boards (52 bytes each, as in
    :class:`Workspace`), then the n plays' moves (12 bytes each), then their n counts.
    """

    __slots__ = ("buf", "i8")

    def __init__(self) -> None:
        self.buf = np.zeros(P_SIZE, dtype=np.int64)
        self.i8 = self.buf[P64_SIZE:].view(np.int8)


@njit(cache=True)
def generate_packed(key, d1, d2, flags, buf):
    """:func:`generate` on the 52-byte board ``key`` (row 0 then row 1), with compact output.

    The same search (R5-R21, V5 with ``FLAG_CAUCASIAN``); five arguments instead of eleven
    make the call from Python cheaper. Returns the number of plays (see PackedWorkspace).
    """
    i64 = buf[:P64_SIZE]
    i8 = buf[P64_SIZE:].view(np.int8)
    b = i8[P8_BOARD:P8_BOARD + 52].reshape((2, 26))
    for i in range(26):
        b[0, i] = key[i]
        b[1, i] = key[26 + i]
    boards = i8[P8_BOARDS:P8_MOVES].reshape((MAX_PLAYS, 2, 26))
    moves = i8[P8_MOVES:P8_NMOVES].reshape((MAX_PLAYS, 4, 3))
    nmoves = i8[P8_NMOVES:P8_OUT]
    stamps = i64[P64_STAMPS:P64_TABLE]
    table = i64[P64_TABLE:P64_SCRATCH]
    scratch = i64[P64_SCRATCH:P64_WORK]
    work = i64[P64_WORK:P64_SIZE].reshape((WORK_ROWS, 26))
    n = generate(b, d1, d2, flags, boards, moves, nmoves, table, stamps, scratch, work)
    o = P8_OUT
    i8[o:o + 52 * n] = i8[P8_BOARDS:P8_BOARDS + 52 * n]
    o += 52 * n
    i8[o:o + 12 * n] = i8[P8_MOVES:P8_MOVES + 12 * n]
    o += 12 * n
    i8[o:o + n] = nmoves[:n]
    return n


@njit(cache=True, inline="always")
def is_contact(b):
    """True while a checker of one side can still meet one of the other (board ``b``)."""
    hi0 = 0
    for p in range(25, 0, -1):
        if b[0, p] > 0:
            hi0 = p
            break
    hi1 = 0
    for p in range(25, 0, -1):
        if b[1, p] > 0:
            hi1 = p
            break
    # my rearmost checker is on my point hi0, theirs on my point 25 - hi1
    return hi0 > 0 and hi1 > 0 and hi0 + hi1 > 25


@njit(cache=True, inline="always")
def all_home(b, row):
    """True when every checker of the side in ``row`` is on points 1-6 or off (R16)."""
    for p in range(7, 26):
        if b[row, p] > 0:
            return False
    return True
