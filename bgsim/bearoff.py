"""Bear-off databases: exact answers for the end of a race.

Once every checker of a side is in its home board (R16: bearing off may start) and contact is over, how the
side bears off no longer depends on the opponent. There are only C(21, 6) = 54,264 ways to
put 0 to 15 checkers on the six home points (the empty board included), so each can be
solved exactly, once, by dynamic programming:

* **one-sided database** (:class:`OneSided`, :func:`one_sided`): for every position, the
  probability distribution of the number of rolls needed to bear off every checker, with the
  play that minimises the *expected* number of rolls; and, for gammons (R23), the distribution
  of the number of rolls until the *first* checker is off, with the play that minimises that
  expectation. From the distribution come the expected rolls and Walter Trice's *effective
  pip count* (EPC).
* **two-sided database** (:class:`TwoSided`, :func:`two_sided`): for every pair of positions
  with up to ``max_checkers`` checkers each (default 6: 924 x 924 pairs), the exact cubeless
  chance that the player on roll wins, each side playing to maximise its own winning chance.

Both are built with the engine's own move generator (``bgsim._kernel.generate``, R5-R21) --
never a second implementation of the rules -- and cached on disk after the first build
(see :func:`cache_dir`).

>>> from bgsim import Position
>>> db = one_sided()
>>> pos = Position.from_counts({6: 1, 4: 1}, {})    # one checker on 6, one on 4
>>> round(db.p_off_in(pos, 1) * 36, 6)                # 66 55 44 33, 65 56 64 46
8.0
>>> str(best_bearoff_play(pos, (5, 2)))   # not 6/off: 2+1 always come off, a 4 misses with 21
'6/1 4/2'

**Positions.** Everything takes either a :class:`~bgsim.Position` (the side on roll's home
board is used; an error if that side is not bearing off) or the six counts of points 1-6,
``(c1, c2, c3, c4, c5, c6)``. :func:`index` / :func:`counts` are a perfect ranking of those
tuples: ``0`` is the empty board and the positions with at most ``n`` checkers are exactly
the indices below ``C(n + 6, 6)`` (so the two-sided table is a corner of the one-sided one).

**Best play and ties.** The database minimises expected rolls at every roll (Bellman's
principle makes that the optimal policy for the expectation). When two plays have the same
expectation (within 1e-12) the one whose result has the lower :func:`index` is taken, so the
distributions are reproducible.
"""

from __future__ import annotations

import os
import tempfile
import threading
import warnings
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from math import comb
from pathlib import Path
from typing import NamedTuple

import numpy as np
from numba import njit

from . import _kernel
from .dice import DISTINCT_ROLLS
from .errors import BearoffError, BgsimError, InvalidPositionError
from .i18n import _
from .plays import Play, check_dice
from .position import Position

__all__ = [
    "EXACT_CHECKERS",
    "FORMAT_VERSION",
    "N_POSITIONS",
    "PIPS_PER_ROLL",
    "BearoffChances",
    "OneSided",
    "TwoSided",
    "best_bearoff_play",
    "cache_dir",
    "counts",
    "index",
    "one_sided",
    "race_chances",
    "rolls_distribution",
    "two_sided",
]

POINTS = 6
MAX_CHECKERS = 15
#: Positions of 0-15 checkers on the six home points, the empty board included.
N_POSITIONS = comb(MAX_CHECKERS + POINTS, POINTS)  # 54,264

#: The average number of pips in one roll, 49/6 = 8.1667 (doubles count twice):
#: Walter Trice, "Effective Pip Count", Flint Area BackgammoNews, November 2000
#: (bkgm.com/articles/EffectivePipCount/). EPC = expected rolls x 49/6.
PIPS_PER_ROLL = 49 / 6

#: Bumped whenever the meaning or layout of the cached arrays changes (part of the file names).
FORMAT_VERSION = 1

_BUILD_ROLLS = 48        # columns while building; trimmed to what is used (about 30)
_TIE = 1e-12             # expectations closer than this are a tie (lower index wins)
_MAX_TWO_SIDED = 8       # 3003 x 3003 pairs (72 MB) is the largest two-sided table offered

_BINOM = np.array([[comb(n, k) for k in range(POINTS + 1)] for n in range(MAX_CHECKERS + POINTS + 1)],
                  dtype=np.int64)
_BINOM_PY = _BINOM.tolist()

# The 21 distinct rolls, in the order the compiled loops use, and their weights out of 36.
_ROLLS = tuple((d1, d2) for d1 in range(1, 7) for d2 in range(1, d1 + 1))
_WEIGHTS = np.array([(1.0 if a == b else 2.0) / 36.0 for a, b in _ROLLS])


# ============================================================================================
# Positions and their perfect index
# ============================================================================================


def _as_home_counts(pos_or_counts, what: str = "position") -> tuple[int, ...]:
    """The six home-board counts of a Position (side on roll) or of a 6-sequence / mapping."""
    if isinstance(pos_or_counts, Position):
        pos = pos_or_counts
        if not pos.can_bear_off(0):
            raise InvalidPositionError(
                _("not a bear-off {what}: the player on roll still has checkers outside the home board or on the "
                  "bar (R16)").format(what=what))
        return tuple(pos.mine[1:7])
    if isinstance(pos_or_counts, Mapping):
        filled = [0] * POINTS
        for p, n in pos_or_counts.items():
            if not isinstance(p, (int, np.integer)) or not 1 <= p <= POINTS:
                raise InvalidPositionError(_("bear-off {what}s have home points 1-6 only, not {p} (R16)").format(
                                               what=what, p=repr(p)))
            filled[int(p) - 1] += int(n)
        seq: Sequence = filled
    else:
        seq = pos_or_counts
    try:
        c = tuple(int(x) for x in seq)
        ok = len(c) == POINTS and all(int(x) == x for x in seq)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise InvalidPositionError(
            _("a bear-off {what} is a Position or six counts for points 1-6, not {pos_or_counts}").format(
                what=what, pos_or_counts=repr(pos_or_counts)))
    if min(c) < 0 or sum(c) > MAX_CHECKERS:
        raise InvalidPositionError(
            _("a bear-off {what} has 0 to {max_checkers} checkers, none negative (R2): {c}").format(
                what=what, max_checkers=MAX_CHECKERS, c=c))
    return c


def index(counts) -> int:
    """The perfect index (0 .. 54,263) of a home-board distribution.

    The counts ``(c1, ..., c6)`` plus the checkers off make 15 checkers in 7 boxes; "stars and
    bars" turns that into a 6-element subset ``b_1 < ... < b_6`` of ``0..20`` with
    ``b_i = c1 + ... + ci + (i - 1)``, ranked in the combinatorial number system:
    ``index = C(b_1, 1) + C(b_2, 2) + ... + C(b_6, 6)``. The empty board is 0, and the boards
    with at most ``n`` checkers are exactly the indices below ``C(n + 6, 6)``.

    >>> index((0, 0, 0, 0, 0, 0)), index((0, 0, 0, 0, 0, 1)), index((1, 0, 0, 0, 0, 0))
    (0, 1, 6)
    >>> index((15, 0, 0, 0, 0, 0)), N_POSITIONS, index((0, 0, 0, 0, 0, 6)) < 924
    (54263, 54264, True)
    """
    c = _as_home_counts(counts)
    idx = 0
    s = 0
    for i, n in enumerate(c):
        s += n
        idx += _BINOM_PY[s + i][i + 1]
    return idx


def counts(index: int) -> tuple[int, ...]:
    """The home-board counts ``(c1, ..., c6)`` of a perfect index (the inverse of :func:`index`).

    >>> counts(1), counts(6), counts(54263)
    ((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0), (15, 0, 0, 0, 0, 0))
    >>> all(index(counts(i)) == i for i in range(0, N_POSITIONS, 997))
    True
    """
    if not isinstance(index, (int, np.integer)) or not 0 <= index < N_POSITIONS:
        raise InvalidPositionError(_("a bear-off index is a whole number 0 to {value}, not {index}").format(
                                       value=N_POSITIONS - 1, index=repr(index)))
    r = int(index)
    bs = [0] * POINTS
    for k in range(POINTS, 0, -1):
        b = k - 1
        while _BINOM_PY[b + 1][k] <= r:
            b += 1
        r -= _BINOM_PY[b][k]
        bs[k - 1] = b
    out, prev = [], 0
    for i, b in enumerate(bs):
        s = b - i
        out.append(s - prev)
        prev = s
    return tuple(out)


# ============================================================================================
# The compiled loops (the engine's kernel does the moving)
# ============================================================================================


@njit(cache=True)
def _all_counts(binom):
    """Row ``index`` = the six counts of that index (every position with <= 15 checkers)."""
    n = binom[MAX_CHECKERS + POINTS, POINTS]
    table = np.zeros((n, POINTS), dtype=np.int8)
    c = np.zeros(POINTS, dtype=np.int64)
    for c0 in range(16):
        for c1 in range(16 - c0):
            for c2 in range(16 - c0 - c1):
                for c3 in range(16 - c0 - c1 - c2):
                    for c4 in range(16 - c0 - c1 - c2 - c3):
                        for c5 in range(16 - c0 - c1 - c2 - c3 - c4):
                            c[0] = c0
                            c[1] = c1
                            c[2] = c2
                            c[3] = c3
                            c[4] = c4
                            c[5] = c5
                            idx = 0
                            s = 0
                            for i in range(POINTS):
                                s += c[i]
                                idx += binom[s + i, i + 1]
                            for i in range(POINTS):
                                table[idx, i] = c[i]
    return table


@njit(cache=True, inline="always")
def _board_index(boards, k, binom):
    """Perfect index of the mover's home board in ``boards[k]`` (a kernel result)."""
    idx = 0
    s = 0
    for i in range(POINTS):
        s += boards[k, 0, i + 1]
        idx += binom[s + i, i + 1]
    return idx


@njit(cache=True, inline="always")
def _load_board(b, table, i):
    """The kernel board of bear-off position ``i``: the opponent has everything off, so
    nothing of theirs can block or be hit (R7, R8); returns the checkers on the board."""
    b[:, :] = 0
    on = 0
    for p in range(POINTS):
        b[0, p + 1] = table[i, p]
        on += table[i, p]
    b[0, 0] = MAX_CHECKERS - on
    b[1, 0] = MAX_CHECKERS
    return on


@njit(cache=True, nogil=True)
def _solve_one_sided(ids, table, binom, dist, first, expected, expected_first, ws):
    """Fill the rows ``ids`` of the one-sided tables; every successor must be done already.

    For each of the 21 rolls the kernel lists the legal plays (R10-R12, R16-R20); the play
    whose result has the least expected rolls is taken (ties: lower index). For the
    first-checker table a roll that can bear a checker off ends the count at once.
    """
    b = np.zeros((2, 26), dtype=np.int8)
    boards = ws[0]
    width = dist.shape[1]
    for t in range(ids.shape[0]):
        i = ids[t]
        on = _load_board(b, table, i)
        if on == 0:
            dist[i, 0] = 1.0
            first[i, 0] = 1.0
            expected[i] = 0.0
            expected_first[i] = 0.0
            continue
        acc = 0.0
        acc_first = 0.0
        for d1 in range(1, 7):
            for d2 in range(1, d1 + 1):
                w = (1.0 if d1 == d2 else 2.0) / 36.0
                n = _kernel.generate(b, d1, d2, 0, *ws)
                best = -1
                best_e = 1e300
                best_f = -1
                best_fe = 1e300
                bears_off = False
                for k in range(n):
                    s = _board_index(boards, k, binom)
                    e = expected[s]
                    if e < best_e - _TIE or (e <= best_e + _TIE and s < best):
                        best = s
                        best_e = e
                    if boards[k, 0, 0] > b[0, 0]:
                        bears_off = True
                    else:
                        f = expected_first[s]
                        if f < best_fe - _TIE or (f <= best_fe + _TIE and s < best_f):
                            best_f = s
                            best_fe = f
                for r in range(1, width):
                    dist[i, r] += w * dist[best, r - 1]
                acc += w * expected[best]
                if bears_off:
                    first[i, 1] += w
                else:
                    for r in range(1, width):
                        first[i, r] += w * first[best_f, r - 1]
                    acc_first += w * expected_first[best_f]
        expected[i] = 1.0 + acc
        expected_first[i] = 1.0 + acc_first


@njit(cache=True, nogil=True)
def _successors(m, table, binom, ws):
    """For positions ``0 .. m-1`` and the 21 rolls: the distinct results' indices (CSR form).

    Returns ``(ptr, succ)``: the results of position ``i`` and roll number ``r`` (rolls in
    the order 11, 21, 22, 31, 32, 33, ..., 66) are ``succ[ptr[21 * i + r] : ptr[21 * i + r + 1]]``.
    """
    b = np.zeros((2, 26), dtype=np.int8)
    boards = ws[0]
    ptr = np.zeros(m * 21 + 1, dtype=np.int64)
    succ = np.empty(max(1024, m * 21 * 8), dtype=np.int32)
    used = 0
    for i in range(m):
        _load_board(b, table, i)
        r = 0
        for d1 in range(1, 7):
            for d2 in range(1, d1 + 1):
                n = _kernel.generate(b, d1, d2, 0, *ws)
                if used + n > succ.shape[0]:
                    bigger = np.empty(2 * succ.shape[0] + n, dtype=np.int32)
                    bigger[:used] = succ[:used]
                    succ = bigger
                for k in range(n):
                    succ[used + k] = _board_index(boards, k, binom)
                used += n
                r += 1
                ptr[21 * i + r] = used
    return ptr, succ[:used].copy()


@njit(cache=True, nogil=True)
def _solve_two_sided(m, pips, ptr, succ, weights, win):
    """``win[i, j]``: the chance that the side on roll with position ``i`` beats position ``j``.

    win(i, j) = sum over the 21 rolls of weight x max over the legal results s of
    (1 if s is empty -- every checker off, R22 -- else 1 - win(j, s)). Pairs are solved in
    order of their total pip count, so win(j, s) (fewer pips in total) is always ready.
    """
    order = np.argsort(pips, kind="mergesort")
    top = 0
    for i in range(m):
        top = max(top, pips[i])
    start = np.zeros(top + 2, dtype=np.int64)
    for i in range(m):
        start[pips[i] + 1] += 1
    for p in range(top + 1):
        start[p + 1] += start[p]
    for j in range(m):
        win[0, j] = 1.0   # the side on roll has already borne off everything
        win[j, 0] = 0.0   # the opponent has
    win[0, 0] = 0.0
    for total in range(2, 2 * top + 1):
        for i in range(1, m):
            pj = total - pips[i]
            if pj < 1 or pj > top:
                continue
            for t in range(start[pj], start[pj + 1]):
                j = order[t]
                acc = 0.0
                for r in range(21):
                    best = 0.0
                    for q in range(ptr[21 * i + r], ptr[21 * i + r + 1]):
                        s = succ[q]
                        v = 1.0 if s == 0 else 1.0 - win[j, s]
                        if v > best:
                            best = v
                    acc += weights[r] * best
                win[i, j] = acc


def _threads() -> int:
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        n = os.cpu_count() or 1
    return max(1, min(n, 8))


def _build_one_sided_arrays(threads: int | None = None) -> dict[str, np.ndarray]:
    """Run the dynamic programme; returns the arrays that :class:`OneSided` keeps.

    Positions are taken in order of pip count: every legal play lowers the pip count (a
    bear-off position always has a legal move and nothing of the opponent's can block), so
    all successors of a pip layer are in earlier layers, and the positions of one layer can
    be solved in parallel (threads; the compiled loop releases the GIL).
    """
    table = _all_counts(_BINOM)
    pips = (table.astype(np.int64) * np.arange(1, POINTS + 1)).sum(axis=1)
    order = np.argsort(pips, kind="stable")
    bounds = np.searchsorted(pips[order], np.arange(pips.max() + 2))
    dist = np.zeros((N_POSITIONS, _BUILD_ROLLS))
    first = np.zeros((N_POSITIONS, _BUILD_ROLLS))
    expected = np.zeros(N_POSITIONS)
    expected_first = np.zeros(N_POSITIONS)
    k = threads or _threads()
    workspaces = [_kernel.Workspace().arrays() for _k in range(k)]
    args = (table, _BINOM, dist, first, expected, expected_first)
    with ThreadPoolExecutor(max_workers=k) as pool:
        for layer in range(len(bounds) - 1):
            ids = order[bounds[layer]:bounds[layer + 1]]
            if k == 1 or len(ids) < 32:
                _solve_one_sided(ids, *args, workspaces[0])
                continue
            jobs = [pool.submit(_solve_one_sided, np.ascontiguousarray(ids[t::k]), *args, workspaces[t])
                    for t in range(k)]
            for job in jobs:
                job.result()
    if dist[:, -1].any() or first[:, -1].any():  # pragma: no cover - would be a bug
        raise BearoffError(_("bear-off build: more rolls than the table has columns"))
    used = int(np.nonzero(dist.any(axis=0))[0].max()) + 1
    used_first = int(np.nonzero(first.any(axis=0))[0].max()) + 1
    return {
        "version": np.array(FORMAT_VERSION),
        "dist": np.ascontiguousarray(dist[:, :used]),
        "first": np.ascontiguousarray(first[:, :used_first]),
        "expected": expected,
        "expected_first": expected_first,
    }


# ============================================================================================
# The disk cache
# ============================================================================================


def cache_dir() -> Path:
    """Where the databases are cached: ``$BGSIM_CACHE`` if set, else ``$XDG_CACHE_HOME/bgsim``,
    else ``~/.cache/bgsim``. Files are ``.npz`` with the format version in their name; delete
    them at any time (they are rebuilt on demand).

    >>> import os
    >>> old = os.environ.get("BGSIM_CACHE")
    >>> os.environ["BGSIM_CACHE"] = "/tmp/somewhere"
    >>> str(cache_dir())
    '/tmp/somewhere'
    >>> _ = os.environ.pop("BGSIM_CACHE") if old is None else os.environ.update(BGSIM_CACHE=old)
    """
    env = os.environ.get("BGSIM_CACHE")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "bgsim"


def _save_npz(path: Path, arrays: Mapping[str, np.ndarray]) -> None:
    """Write atomically: a temporary file in the same directory, then ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            # numpy's stub lets a ** mapping fill savez's keyword allow_pickle (a bool): ours names arrays only
            np.savez(f, **arrays)  # type: ignore[arg-type]
        os.chmod(tmp, 0o644)  # mkstemp makes it private; a cache may be shared
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _load_npz(path: Path) -> dict[str, np.ndarray]:
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def _load_or_build(path: Path, build, check, rebuild: bool):
    """Read ``path`` (checked by ``check``), or build, save and return; a damaged or
    unreadable cache is rebuilt with a warning, an unwritable one only warns."""
    if not rebuild:
        try:
            arrays = _load_npz(path)
            check(arrays)
            return arrays
        except FileNotFoundError:
            pass
        except Exception as exc:  # corrupt, truncated, wrong version or shape: rebuild
            warnings.warn(f"bear-off cache {path} is unusable ({exc!s:.120}); rebuilding it", stacklevel=3)
    arrays = build()
    check(arrays)
    try:
        _save_npz(path, arrays)
    except OSError as exc:
        warnings.warn(f"could not write the bear-off cache {path} ({exc}); it will be rebuilt next time",
                      stacklevel=3)
    return arrays


# ============================================================================================
# One-sided database
# ============================================================================================


def _trim(d: np.ndarray) -> np.ndarray:
    nz = np.nonzero(d > 0.0)[0]
    return d[: nz[-1] + 1].copy() if len(nz) else d[:1].copy()


class OneSided:
    """The one-sided bear-off database (all 54,264 positions of 0-15 home-board checkers).

    Get the shared instance with :func:`one_sided` (built once, then read from the disk
    cache). Every method takes a :class:`~bgsim.Position` (the side on roll) or six counts.

    >>> db = one_sided()
    >>> db.distribution((0, 0, 0, 0, 0, 1)).round(4)     # one checker on the 6 point
    array([0.  , 0.75, 0.25])
    >>> round(db.expected_rolls((7, 0, 0, 0, 0, 0)), 10)  # Trice: 7 on the ace point
    3.5509259259
    """

    FILE = f"bearoff-one-sided-v{FORMAT_VERSION}.npz"

    def __init__(self, dist: np.ndarray, first: np.ndarray, expected: np.ndarray,
                 expected_first: np.ndarray) -> None:
        self._dist = dist
        self._first = first
        self._expected = expected
        self._expected_first = expected_first
        for a in (dist, first, expected, expected_first):
            a.setflags(write=False)

    # ------------------------------------------------------------------ construction
    @classmethod
    def build(cls, *, threads: int | None = None) -> OneSided:
        """Build the database now (a few seconds), without touching the cache.

        >>> OneSided.build().expected_rolls((0, 0, 0, 0, 0, 1))   # 27/36 in one roll, else two
        1.25
        """
        return cls._from_arrays(_build_one_sided_arrays(threads))

    @classmethod
    def _from_arrays(cls, a: Mapping[str, np.ndarray]) -> OneSided:
        return cls(a["dist"], a["first"], a["expected"], a["expected_first"])

    @classmethod
    def load(cls, *, path: str | os.PathLike | None = None, rebuild: bool = False) -> OneSided:
        """Read the database from the cache (``cache_dir() / OneSided.FILE`` unless ``path``);
        build and save it if it is missing or damaged, or when ``rebuild`` is true.

        >>> OneSided.load().n_positions
        54264
        """
        p = Path(path) if path is not None else cache_dir() / cls.FILE
        return cls._from_arrays(_load_or_build(p, _build_one_sided_arrays, _check_one_sided, rebuild))

    def save(self, path: str | os.PathLike) -> None:
        """Write the database to ``path`` (``.npz``, atomically)."""
        _save_npz(Path(path), self._arrays())

    def _arrays(self) -> dict[str, np.ndarray]:
        return {"version": np.array(FORMAT_VERSION), "dist": self._dist, "first": self._first,
                "expected": self._expected, "expected_first": self._expected_first}

    @property
    def n_positions(self) -> int:
        """How many positions the table holds (54,264)."""
        return self._dist.shape[0]

    # ------------------------------------------------------------------ questions
    def distribution(self, pos) -> np.ndarray:
        """``d[n]`` = the chance of needing exactly ``n`` rolls to bear off every checker.

        >>> one_sided().distribution((2, 0, 0, 0, 0, 0)).round(4)   # two on the ace point
        array([0., 1.])
        """
        return _trim(self._dist[index(pos)])

    def first_off_distribution(self, pos) -> np.ndarray:
        """``d[n]`` = the chance that the first checker comes off on roll ``n`` (playing to
        get one off as soon as possible: what matters for saving a gammon, R23).

        >>> d = one_sided().first_off_distribution((0, 0, 0, 0, 0, 2))   # two on the 6 point
        >>> round(float(d[1]) * 36, 6)     # 11 rolls with a 6, 51 42 (2 each), 33 22 44 55
        19.0
        """
        return _trim(self._first[index(pos)])

    def expected_rolls(self, pos) -> float:
        """The expected number of rolls to bear off every checker, with best play.

        >>> round(one_sided().expected_rolls((0, 0, 0, 1, 0, 0)), 3)   # one checker on 4
        1.056
        """
        return float(self._expected[index(pos)])

    def expected_rolls_table(self) -> np.ndarray:
        """Expected rolls for every position at once, indexed by :func:`index` (read-only).

        For compiled loops (the Monte Carlo players) that look positions up by index.

        >>> table = one_sided().expected_rolls_table()
        >>> len(table) == N_POSITIONS, float(table[0])
        (True, 0.0)
        """
        view = self._expected.view()
        view.setflags(write=False)
        return view

    def expected_first_off(self, pos) -> float:
        """The expected number of rolls until the first checker is off (gammon saving).

        >>> db = one_sided()                        # with one checker, first off = all off
        >>> db.expected_first_off((0, 0, 0, 0, 0, 1)) == db.expected_rolls((0, 0, 0, 0, 0, 1))
        True
        """
        return float(self._expected_first[index(pos)])

    def epc(self, pos) -> float:
        """The effective pip count: expected rolls x 49/6 (:data:`PIPS_PER_ROLL`), Walter
        Trice's measure of a bear-off in pips, wastage included.

        >>> round(one_sided().epc((13, 0, 0, 0, 0, 0)), 5)    # Trice: 13 on the ace point, 50.000004
        50.0
        """
        return self.expected_rolls(pos) * PIPS_PER_ROLL

    def p_off_in(self, pos, n_rolls: int) -> float:
        """The chance of bearing off every checker within ``n_rolls`` rolls.

        >>> round(one_sided().p_off_in((0, 0, 0, 0, 1, 0), 1) * 36, 6)   # one checker on 5
        31.0
        """
        d = self._dist[index(pos)]
        return float(d[: _check_rolls(n_rolls) + 1].sum())

    def p_first_off_in(self, pos, n_rolls: int) -> float:
        """The chance that at least one checker is off within ``n_rolls`` rolls.

        >>> round(one_sided().p_first_off_in((0, 0, 0, 0, 0, 2), 1) * 36, 6)
        19.0
        """
        d = self._first[index(pos)]
        return float(d[: _check_rolls(n_rolls) + 1].sum())

    def __repr__(self) -> str:
        return f"<OneSided bear-off database: {self.n_positions} positions, up to {self._dist.shape[1] - 1} rolls>"


def _check_rolls(n_rolls) -> int:
    if isinstance(n_rolls, bool) or not isinstance(n_rolls, (int, np.integer)) or n_rolls < 0:
        raise BearoffError(_("n_rolls must be a whole number of rolls >= 0, not {n_rolls}").format(
                               n_rolls=repr(n_rolls)))
    return int(n_rolls)


def _check_one_sided(a: Mapping[str, np.ndarray]) -> None:
    """Raise :class:`~bgsim.errors.BearoffError` unless ``a`` is a sound one-sided table of this format version."""
    if int(a["version"]) != FORMAT_VERSION:
        raise BearoffError(_("format version {int}, expected {format_version}").format(
                               int=int(a['version']), format_version=FORMAT_VERSION))
    dist, first = a["dist"], a["first"]
    e, ef = a["expected"], a["expected_first"]
    if dist.ndim != 2 or first.ndim != 2 or dist.shape[0] != N_POSITIONS or first.shape[0] != N_POSITIONS:
        raise BearoffError(_("wrong table shape"))
    if e.shape != (N_POSITIONS,) or ef.shape != (N_POSITIONS,):
        raise BearoffError(_("wrong shape of the expectations"))
    if not all(x.dtype == np.float64 for x in (dist, first, e, ef)):
        raise BearoffError(_("wrong dtype"))
    if not (np.isfinite(dist).all() and np.isfinite(first).all() and (dist >= 0).all() and (first >= 0).all()):
        raise BearoffError(_("non-finite or negative probabilities"))
    if np.abs(dist.sum(axis=1) - 1).max() > 1e-9 or np.abs(first.sum(axis=1) - 1).max() > 1e-9:
        raise BearoffError(_("a distribution does not sum to 1"))
    if np.abs(dist @ np.arange(dist.shape[1]) - e).max() > 1e-9:
        raise BearoffError(_("the expected rolls do not match the distributions"))
    if np.abs(first @ np.arange(first.shape[1]) - ef).max() > 1e-9:
        raise BearoffError(_("the expected first-off rolls do not match the distributions"))


_LOCK = threading.Lock()
_ONE: OneSided | None = None
_TWO: dict[int, TwoSided] = {}


def one_sided() -> OneSided:
    """The shared one-sided database: loaded from the cache once per process (or built).

    >>> one_sided() is one_sided()
    True
    """
    global _ONE
    with _LOCK:
        if _ONE is None:
            _ONE = OneSided.load()
        return _ONE


# ============================================================================================
# Two-sided database
# ============================================================================================


class TwoSided:
    """Exact cubeless winning chances when both sides bear off with at most ``max_checkers``.

    ``win_chance`` is for the player on roll; both sides play to maximise their own chance
    of winning (which is not always the play with the fewest expected rolls). The values are
    exact up to floating-point rounding (about 1e-15): the recursion is solved exactly, in
    ``float64``.

    >>> db = two_sided(max_checkers=2)
    >>> db.win_chance((1, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0))   # on roll, off at once
    1.0
    >>> round(db.win_chance((0, 0, 0, 0, 0, 1), (1, 0, 0, 0, 0, 0)), 4)   # 27 of 36 rolls
    0.75
    """

    def __init__(self, max_checkers: int, win: np.ndarray) -> None:
        self.max_checkers = int(max_checkers)
        self.size = comb(self.max_checkers + POINTS, POINTS)
        if win.shape != (self.size, self.size):
            raise BearoffError(_("wrong table shape"))
        self._win = win
        win.setflags(write=False)

    @staticmethod
    def file_name(max_checkers: int) -> str:
        """The cache file name for ``max_checkers``."""
        return f"bearoff-two-sided-{max_checkers}-v{FORMAT_VERSION}.npz"

    @classmethod
    def build(cls, max_checkers: int = 6) -> TwoSided:
        """Build the table now (about ``C(n+6, 6)**2`` pairs), without touching the cache.

        >>> # both on the 6 point: 27/36 off at once, else the opponent misses 9/36 too
        >>> round(TwoSided.build(1).win_chance((0, 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 1)), 12)
        0.8125
        """
        n = _check_max_checkers(max_checkers)
        return cls(n, _build_two_sided_array(n))

    @classmethod
    def load(cls, max_checkers: int = 6, *, path: str | os.PathLike | None = None,
             rebuild: bool = False) -> TwoSided:
        """Read the table from the cache, or build and save it.

        >>> TwoSided.load(2).size
        28
        """
        n = _check_max_checkers(max_checkers)
        p = Path(path) if path is not None else cache_dir() / cls.file_name(n)
        size = comb(n + POINTS, POINTS)

        def check(a):
            if int(a["version"]) != FORMAT_VERSION or int(a["max_checkers"]) != n:
                raise BearoffError(_("another version or size"))
            w = a["win"]
            if w.shape != (size, size) or w.dtype != np.float64 or not np.isfinite(w).all():
                raise BearoffError(_("wrong table"))
            if (w < -1e-9).any() or (w > 1 + 1e-9).any():
                raise BearoffError(_("chances outside 0..1"))

        def build():
            return {"version": np.array(FORMAT_VERSION), "max_checkers": np.array(n),
                    "win": _build_two_sided_array(n)}

        return cls(n, _load_or_build(p, build, check, rebuild)["win"])

    def save(self, path: str | os.PathLike) -> None:
        """Write the table to ``path`` (``.npz``, atomically)."""
        _save_npz(Path(path), {"version": np.array(FORMAT_VERSION), "max_checkers": np.array(self.max_checkers),
                               "win": self._win})

    def _pair(self, pos_or_mine, theirs=None) -> tuple[int, int]:
        if isinstance(pos_or_mine, Position):
            if theirs is not None:
                raise BearoffError(_("give a Position, or the two sides' counts, not both"))
            pos = pos_or_mine
            if not (pos.can_bear_off(0) and pos.can_bear_off(1)):
                raise InvalidPositionError(
                    _("the two-sided database needs both sides bearing off: every checker home or off (R16)"))
            mine, theirs_c = tuple(pos.mine[1:7]), tuple(pos.theirs[1:7])
        else:
            if theirs is None:
                raise BearoffError(_("give the opponent's six counts too: win_chance(mine, theirs)"))
            mine, theirs_c = _as_home_counts(pos_or_mine), _as_home_counts(theirs)
        if sum(mine) > self.max_checkers or sum(theirs_c) > self.max_checkers:
            raise InvalidPositionError(
                _("this two-sided database covers up to {max_checkers} checkers a side, not {mine} against "
                  "{theirs}").format(max_checkers=self.max_checkers, mine=sum(mine), theirs=sum(theirs_c)))
        if sum(mine) == 0 and sum(theirs_c) == 0:
            raise InvalidPositionError(
                _("both sides have borne off every checker: a drawn game (V4) has no chances left"))
        return index(mine), index(theirs_c)

    def win_chance(self, pos_or_mine, theirs=None) -> float:
        """The chance that the player on roll wins (a Position, or the two sides' counts).

        A side with every checker already off has won (R22): 1.0 for the player on roll,
        0.0 when it is the opponent.

        >>> from bgsim import Position
        >>> db = two_sided(max_checkers=4)
        >>> round(db.win_chance(Position.from_counts({1: 4}, {1: 2})), 12)   # needs a double: 1/6
        0.166666666667
        """
        i, j = self._pair(pos_or_mine, theirs)
        return float(self._win[i, j])

    def __repr__(self) -> str:
        return f"<TwoSided bear-off database: up to {self.max_checkers} checkers, {self.size} x {self.size}>"


def _check_max_checkers(n) -> int:
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or not 1 <= n <= _MAX_TWO_SIDED:
        raise BearoffError(_("max_checkers must be 1 to {max_two_sided}, not {n}").format(
                               max_two_sided=_MAX_TWO_SIDED, n=repr(n)))
    return int(n)


def _build_two_sided_array(n: int) -> np.ndarray:
    m = comb(n + POINTS, POINTS)
    table = _all_counts(_BINOM)[:m]
    pips = (table.astype(np.int64) * np.arange(1, POINTS + 1)).sum(axis=1)
    ptr, succ = _successors(m, table, _BINOM, _kernel.Workspace().arrays())
    win = np.zeros((m, m))
    _solve_two_sided(m, pips, ptr, succ, _WEIGHTS, win)
    return np.clip(win, 0.0, 1.0, out=win)  # rounding can give 1 + 2e-16


def two_sided(max_checkers: int = 6) -> TwoSided:
    """The shared two-sided database for up to ``max_checkers`` a side (cached on disk).

    >>> two_sided(3).size
    84
    """
    n = _check_max_checkers(max_checkers)
    with _LOCK:
        if n not in _TWO:
            _TWO[n] = TwoSided.load(n)
        return _TWO[n]


# ============================================================================================
# Chances of a bear-off: what the players, the hint and the cube use
# ============================================================================================


class BearoffChances(NamedTuple):
    """The side on roll's cubeless chances in a bear-off (R16-R23), and how they were found.

    ``method`` is ``"two-sided"`` (exact: both sides have at most :data:`EXACT_CHECKERS`
    checkers left, the table of every pair, both playing to win) or ``"one-sided"`` (each
    side's distribution of rolls to bear off, and to get a first checker off, from the
    one-sided database: exact for players who each minimise their expected rolls, which is
    almost always the play that wins most; gnubg estimates bear-offs beyond its two-sided
    table the same way).
    """

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float
    method: str


#: The two-sided table the players, the hint and the cube use (built once, cached on disk).
EXACT_CHECKERS = 6


def race_chances(pos: Position, *, exact_checkers: int = EXACT_CHECKERS) -> BearoffChances | None:
    """The side on roll's chances when both sides are bearing off (every checker home or off,
    R16) and contact is over; ``None`` for any other position.

    Win: the two-sided table when both have at most ``exact_checkers`` left (default
    :data:`EXACT_CHECKERS`; 0: never), else the one-sided distributions: rolling first, the
    side on roll wins when it needs no more rolls than the opponent,
    ``sum_n P(mine = n) P(theirs >= n)``. Gammons (R23) only against a side with no checker
    off: the winner finishes on its ``n``-th roll before the other's first checker comes off.
    No backgammon is possible: every checker is home.

    >>> from bgsim import Position
    >>> c = race_chances(Position.from_counts({6: 1}, {1: 2}))   # 27 of 36 rolls bear it off
    >>> round(c.win, 12), c.win_gammon, c.lose_gammon, c.method
    (0.75, 0.0, 0.0, 'two-sided')
    >>> c = race_chances(Position.from_counts({1: 2}, {6: 15}))  # off now; they have none off: a gammon
    >>> c.win, c.win_gammon, c.method
    (1.0, 1.0, 'one-sided')
    >>> race_chances(Position.initial()) is None
    True
    """
    if pos.is_game_over() or not (pos.is_race() and pos.can_bear_off(0) and pos.can_bear_off(1)):
        return None
    left = (pos.checkers - pos.off[0], pos.checkers - pos.off[1])
    mine, theirs = tuple(pos.mine[1:7]), tuple(pos.theirs[1:7])
    db = one_sided()
    d_me, d_them = db.distribution(mine), db.distribution(theirs)
    # P(theirs >= n) for n = 0, 1, ...: one minus P(theirs <= n - 1)
    at_least_them = 1.0 - np.concatenate(([0.0], np.cumsum(d_them)))
    if max(left) <= exact_checkers:
        win, method = two_sided(exact_checkers).win_chance(pos), "two-sided"
    else:
        n = np.arange(len(d_me))
        win, method = float((d_me * at_least_them[np.minimum(n, len(at_least_them) - 1)]).sum()), "one-sided"
    win_gammon = lose_gammon = 0.0
    if pos.off[1] == 0:     # they have none off: I win a gammon finishing on roll n before their first is off
        f = db.first_off_distribution(theirs)
        later = 1.0 - np.concatenate(([0.0], np.cumsum(f)))            # P(first off >= n)
        n = np.arange(len(d_me))
        win_gammon = float((d_me * later[np.minimum(n, len(later) - 1)]).sum())
    if pos.off[0] == 0:     # they finish on their roll m; my first checker is not off in m rolls
        f = db.first_off_distribution(mine)
        after = 1.0 - np.cumsum(f)                                     # P(first off > m)
        m = np.arange(len(d_them))
        lose_gammon = float((d_them * np.where(m < len(after), after[np.minimum(m, len(after) - 1)], 0.0)).sum())
    win = min(1.0, max(0.0, win))
    return BearoffChances(win, max(0.0, min(win_gammon, win)), 0.0, max(0.0, min(lose_gammon, 1.0 - win)), 0.0,
                          method)


# ============================================================================================
# Best play, and bearing in
# ============================================================================================


def best_bearoff_play(pos: Position, dice, *, two="auto") -> Play:
    """The best legal play of ``dice`` in a bear-off (for players and Monte Carlo).

    When both sides fit the two-sided database the play maximises the winning chance;
    otherwise it minimises the expected number of rolls (one-sided). ``two`` is ``"auto"``
    (the shared :func:`two_sided` table of 6 checkers, built on first use), a
    :class:`TwoSided` table, or ``None`` (one-sided only). The side on roll must be bearing
    off (R16) with contact over; the candidate plays are the engine's legal plays (R10-R20).

    >>> from bgsim import Position
    >>> pos = Position.from_counts({6: 1, 5: 1, 4: 1}, {1: 3})
    >>> str(best_bearoff_play(pos, (6, 5), two=None))
    '6/off 5/off'
    >>> # the only two-checker case where a non-double could bear a checker off but
    >>> # should not (Taper_Mike, bgonline.org, Nov 2013): 6/off leaves a 4, which misses with 21
    >>> str(best_bearoff_play(Position.from_counts({6: 1, 4: 1}, {}), (5, 2), two=None))
    '6/1 4/2'
    """
    if not isinstance(pos, Position):
        raise InvalidPositionError(_("expected a bgsim.Position, not {type}").format(type=type(pos).__name__))
    d = check_dice(dice)
    if not pos.can_bear_off(0):
        raise InvalidPositionError(_("not a bear-off: the player on roll has checkers outside the home board (R16)"))
    if not pos.is_race():
        raise InvalidPositionError(_("the bear-off databases assume no contact, but checkers can still meet"))
    if pos.mine[0] == pos.checkers:
        raise InvalidPositionError(_("the player on roll has borne off every checker: the game is over (R22)"))
    plays = pos.legal_plays(d)
    table = None
    if two is not None and pos.can_bear_off(1) and pos.theirs[0] < pos.checkers:
        table = two_sided() if isinstance(two, str) and two == "auto" else two
        if not isinstance(table, TwoSided):
            raise BearoffError(_("two must be \"auto\", a TwoSided table or None, not {two}").format(two=repr(two)))
        if max(pos.checkers - pos.mine[0], pos.checkers - pos.theirs[0]) > table.max_checkers:
            table = None
    db = None if table is not None else one_sided()
    best, best_key = plays[0], None
    for pl in plays:
        after = pos.play(pl)
        mine_after = tuple(after.theirs[1:7])
        if table is not None:  # maximise the winning chance: minimise minus it
            score = -1.0 if not any(mine_after) else table.win_chance(after) - 1.0
        else:
            assert db is not None   # the one-sided database is used whenever there is no table
            score = db.expected_rolls(mine_after)
        key = (score, index(mine_after))
        if _better(key, best_key):
            best, best_key = pl, key
    return best


def _better(key: tuple[float, int], best: tuple[float, int] | None) -> bool:
    """The database's choice rule: a lower score, or (within 1e-12) the same and a lower index."""
    if best is None:
        return True
    return key[0] < best[0] - _TIE or (key[0] <= best[0] + _TIE and key[1] < best[1])


def rolls_distribution(side, *, limit: int = 200_000) -> np.ndarray:
    """Rolls to bear off every checker of one side from anywhere on the board, no contact.

    ``side`` is a :class:`~bgsim.Position` (its side on roll; contact must be over), or that
    side's 26 counts / ``{point: count}`` mapping. The exact distribution comes from a
    recursion over the engine's legal plays (minimising expected rolls), using the one-sided
    database as soon as every checker is home. Meant for small positions -- a few checkers
    outside, as in the classic tables -- ``limit`` caps the positions visited.

    One checker on the 7 point: 23 rolls of 36 bear it off at once (R16: it comes home with
    one die, off with the other); 21 (2 rolls) leaves it on the 4 point (1.056 rolls more), the
    11 other misses on the 3 point or lower (1 roll more): 1 + 2/36 x 1.056 + 11/36 = 1.364.

    >>> d = rolls_distribution({7: 1})
    >>> round(float(d[1]) * 36, 6), round(float((d * range(len(d))).sum()), 3)
    (23.0, 1.364)
    """
    if isinstance(side, Position):
        if not side.is_race():
            raise InvalidPositionError(_("the bear-off recursion assumes no contact, but checkers can still meet"))
        mine = side.mine
    else:
        try:
            mine = Position.from_counts(side, {}).mine if isinstance(side, Mapping) else tuple(int(x) for x in side)
        except (TypeError, ValueError) as exc:
            if isinstance(exc, BgsimError):
                raise
            raise InvalidPositionError(_("a side is 26 counts (0 = off, 1-24, 25 = bar) or a {{point: count}} "
                                         "mapping, not {side}").format(side=repr(side))) from None
        if len(mine) != 26 or min(mine) < 0:
            raise InvalidPositionError(_("a side is 26 counts (0 = off, 1-24, 25 = bar) or a {point: count} mapping"))
    n = sum(mine)
    pips = sum(p * c for p, c in enumerate(mine))
    width = pips + 2
    db = one_sided()
    memo: dict[tuple[int, ...], tuple[float, np.ndarray]] = {}

    def solve(m: tuple[int, ...]) -> tuple[float, np.ndarray]:
        if not any(m[7:]):
            d = np.zeros(width)
            row = db.distribution(m[1:7])
            d[: len(row)] = row
            return db.expected_rolls(m[1:7]), d
        got = memo.get(m)
        if got is not None:
            return got
        if len(memo) >= limit:
            raise BearoffError(_("rolls_distribution: more than {limit} positions; the position is too large").format(
                                   limit=limit))
        pos = Position(m, (n,) + (0,) * 25)
        e_acc = 0.0
        d = np.zeros(width)
        for roll, w in DISTINCT_ROLLS:
            best: tuple[tuple[float, tuple[int, ...]], np.ndarray] | None = None
            for pl in pos.legal_plays(roll):
                after = pos.play(pl).theirs
                e, dd = solve(after)
                key = (e, after)
                if best is None or e < best[0][0] - _TIE or (e <= best[0][0] + _TIE and after < best[0][1]):
                    best = (key, dd)
            assert best is not None   # legal_plays is never empty: the empty play when nothing moves (R12)
            (e, _hit), dd = best
            e_acc += w / 36 * e
            d[1:] += w / 36 * dd[:-1]
        memo[m] = (1.0 + e_acc, d)
        return memo[m]

    if not any(mine[1:]):
        return np.array([1.0])
    return _trim(solve(tuple(mine))[1])
