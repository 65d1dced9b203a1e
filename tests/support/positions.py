"""Generators of valid positions for targeted testing of the legal-play engine.

Every generator takes a ``numpy.random.Generator`` and returns a position as two 26-tuples
``(mine, theirs)`` in the board convention of R1 (index 0 = off, 1..24 =
points in that side's own numbering, 25 = bar; my point p is their point 25 - p). Positions are
always valid: 15 checkers a side (3 in hypergammon, X3), no negative counts, no point held by
both sides, and neither side has all its checkers off.

Three generators build a position *for a particular roll* and return a triple
``(mine, theirs, dice)`` instead; they are listed in :data:`TRIPLE_GENERATORS`:

- ``gen_one_die``: a non-double where only ONE of the two dice can be played at all (R11, 2nd
  sentence: "that one is played"; sometimes the lower one).
- ``gen_higher_die``: a non-double where each die can be played alone but not both: the higher
  die must be played (R11).
- ``gen_doubles_blocked``: a double of which only 1, 2 or 3 of the four dice can be played (R6,
  R10).

Each of those is built to have its property and then checked with the reference oracle
(tests/support/reference.py); a candidate that misses is thrown away and built again.

>>> import numpy as np
>>> rng = np.random.default_rng(1)
>>> mine, theirs = gen_anything(rng)
>>> is_valid(mine, theirs)
True
>>> sorted(TRIPLE_GENERATORS)
['doubles_blocked', 'higher_die', 'one_die']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .reference import reference_max_dice

Board = tuple[int, ...]
Position = tuple[Board, Board]
Triple = tuple[Board, Board, tuple[int, int]]

BAR = 25
OFF = 0
CHECKERS = 15
HYPER_CHECKERS = 3  # X3


# --------------------------------------------------------------------------------------------
# Validity
# --------------------------------------------------------------------------------------------


def position_problems(mine: Sequence[int], theirs: Sequence[int], checkers: int = CHECKERS) -> list[str]:
    """What is wrong with a position (an empty list when it is valid, as described above).

    >>> start = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    >>> position_problems(start, start)
    []
    >>> bad = list(start); bad[1] = 1; bad[6] = 4   # my 1-point is their 24-point
    >>> position_problems(bad, start)
    ['my point 1 is also held by the opponent']
    """
    problems = []
    for name, side in (("mine", mine), ("theirs", theirs)):
        if len(side) != 26:
            problems.append(f"{name} has {len(side)} counts, not 26")
            continue
        if min(side) < 0:
            problems.append(f"{name} has a negative count")
        if sum(side) != checkers:
            problems.append(f"{name} has {sum(side)} checkers, not {checkers}")
        if side[OFF] >= checkers:
            problems.append(f"{name} has every checker off (a finished game)")
    if len(mine) == 26 and len(theirs) == 26:
        for p in range(1, 25):
            if mine[p] > 0 and theirs[25 - p] > 0:
                problems.append(f"my point {p} is also held by the opponent")
    return problems


def is_valid(mine: Sequence[int], theirs: Sequence[int], checkers: int = CHECKERS) -> bool:
    """True when :func:`position_problems` finds nothing.

    >>> empty = (0,) * 26
    >>> is_valid(empty, empty)
    False
    """
    return not position_problems(mine, theirs, checkers)


# --------------------------------------------------------------------------------------------
# Small building blocks
# --------------------------------------------------------------------------------------------


def _int(rng: np.random.Generator, low: int, high: int) -> int:
    """A random int in low..high, both included."""
    return int(rng.integers(low, high + 1))


def _free_points(side: list[int], other: list[int], points: Sequence[int]) -> list[int]:
    """Those of ``points`` (side's numbering) the other side does not hold; bar and off are always free."""
    return [p for p in points if p in (OFF, BAR) or other[25 - p] == 0]


def _scatter(rng: np.random.Generator, side: list[int], n: int, points: Sequence[int], max_points: int = 8) -> None:
    """Add n checkers to ``side`` on a few randomly chosen ``points``, in random stacks."""
    if n == 0:
        return
    points = list(points)
    if not points:
        raise ValueError("no free point to put checkers on")
    k = _int(rng, 1, min(n, len(points), max_points))
    chosen = rng.choice(points, size=k, replace=False)
    counts = 1 + rng.multinomial(n - k, [1 / k] * k)
    for p, c in zip(chosen, counts):
        side[int(p)] += int(c)


def _spread(rng: np.random.Generator, n: int, points: Sequence[int]) -> dict[int, int]:
    """n checkers over the given points, at least one each."""
    counts = 1 + rng.multinomial(n - len(points), [1 / len(points)] * len(points))
    return {int(p): int(c) for p, c in zip(points, counts)}


def _finish(mine: list[int], theirs: list[int]) -> Position:
    return tuple(int(c) for c in mine), tuple(int(c) for c in theirs)


def random_dice(rng: np.random.Generator) -> tuple[int, int]:
    """A roll of two fair dice, in the order thrown (1/36 each ordered pair).

    >>> import numpy as np
    >>> d1, d2 = random_dice(np.random.default_rng(0))
    >>> 1 <= d1 <= 6 and 1 <= d2 <= 6
    True
    """
    d1, d2 = rng.integers(1, 7, size=2)
    return int(d1), int(d2)


# --------------------------------------------------------------------------------------------
# Position generators: (mine, theirs)
# --------------------------------------------------------------------------------------------


def gen_anything(rng: np.random.Generator, checkers: int = CHECKERS) -> Position:
    """Anything goes: random stacks anywhere, random bar and off counts, for both sides.

    >>> import numpy as np
    >>> mine, theirs = gen_anything(np.random.default_rng(5))
    >>> is_valid(mine, theirs)
    True
    """
    mine = [0] * 26
    theirs = [0] * 26
    n = checkers
    # Bar and off counts, rarely large.
    mine[BAR] = _int(rng, 0, 2) if rng.random() < 0.3 else 0
    mine[OFF] = _int(rng, 0, n - 1 - mine[BAR]) if rng.random() < 0.3 else 0
    _scatter(rng, mine, n - mine[BAR] - mine[OFF], range(1, 25), max_points=10)
    theirs[BAR] = _int(rng, 0, 2) if rng.random() < 0.3 else 0
    theirs[OFF] = _int(rng, 0, n - 1 - theirs[BAR]) if rng.random() < 0.3 else 0
    _scatter(rng, theirs, n - theirs[BAR] - theirs[OFF], _free_points(theirs, mine, range(1, 25)), max_points=10)
    return _finish(mine, theirs)


def gen_hypergammon(rng: np.random.Generator) -> Position:
    """Hypergammon (X3): 3 checkers a side anywhere valid, sometimes on the bar or off.

    >>> import numpy as np
    >>> mine, theirs = gen_hypergammon(np.random.default_rng(2))
    >>> sum(mine), sum(theirs), is_valid(mine, theirs, checkers=3)
    (3, 3, True)
    """
    mine = [0] * 26
    theirs = [0] * 26
    for side, other in ((mine, theirs), (theirs, mine)):
        for _ in range(HYPER_CHECKERS):
            # Off only while another checker of the side is still in play.
            spots = _free_points(side, other, range(1, 26))
            if side[OFF] < HYPER_CHECKERS - 1 and rng.random() < 0.15:
                spots = [OFF]
            side[int(rng.choice(spots))] += 1
    return _finish(mine, theirs)


def gen_bar(rng: np.random.Generator) -> Position:
    """1-4 of my checkers on the bar against 0-6 closed points in their home board (R13-R15).

    Their open home points sometimes hold a blot, so entering can hit (R14).

    >>> import numpy as np
    >>> mine, theirs = gen_bar(np.random.default_rng(3))
    >>> 1 <= mine[25] <= 4 and is_valid(mine, theirs)
    True
    """
    mine = [0] * 26
    theirs = [0] * 26
    closed = rng.choice(np.arange(1, 7), size=_int(rng, 0, 6), replace=False)
    for q in closed:
        theirs[int(q)] = 2  # their point q = my entry point 25 - q, closed for die q
    for q in range(1, 7):
        if theirs[q] == 0 and rng.random() < 0.3:
            theirs[q] = 1  # a blot to hit on entry
    mine[BAR] = _int(rng, 1, 4)
    if rng.random() < 0.2:
        mine[OFF] = _int(rng, 1, 5)  # hit during the bear-off (R21)
        _scatter(rng, mine, CHECKERS - mine[BAR] - mine[OFF], _free_points(mine, theirs, range(1, 7)))
    else:
        _scatter(rng, mine, CHECKERS - mine[BAR], _free_points(mine, theirs, range(1, 25)))
    # The rest of theirs: some stacked on their closed points, the others outside their home board.
    spare = CHECKERS - sum(theirs)
    if len(closed):
        stacked = _int(rng, 0, spare)
        for _ in range(stacked):
            theirs[int(rng.choice(closed))] += 1
        spare -= stacked
    _scatter(rng, theirs, spare, _free_points(theirs, mine, range(7, 25)))
    return _finish(mine, theirs)


def closed_runs(theirs: Sequence[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive points closed for me (R7, R9): [(length, my highest point)].

    >>> theirs = [0] * 26; theirs[7] = theirs[8] = theirs[9] = 2; theirs[0] = 9
    >>> closed_runs(theirs)   # their 7-9 = my 18-16
    [(3, 18)]
    """
    runs = []
    run = 0
    for p in range(1, 26):
        if p <= 24 and theirs[25 - p] >= 2:
            run += 1
        elif run:
            runs.append((run, p - 1))
            run = 0
    return runs


def gen_prime(rng: np.random.Generator) -> Position:
    """A prime of 4-6 consecutive points closed for me, with 1-4 of my checkers trapped behind it (R9).

    'Behind' means on higher points than the prime, up to 6 pips above it, or on the bar when
    the prime is in their home board.

    >>> import numpy as np
    >>> mine, theirs = gen_prime(np.random.default_rng(4))
    >>> max(closed_runs(theirs))[0] in (4, 5, 6) and is_valid(mine, theirs)
    True
    """
    mine = [0] * 26
    theirs = [0] * 26
    length = _int(rng, 4, 6)
    top = _int(rng, length, 23)  # my points top-length+1 .. top are closed; top+1 is behind it
    prime = range(top - length + 1, top + 1)
    for p in prime:
        theirs[25 - p] = 2
    for p in prime:  # sometimes a third checker, while their 15 last
        if sum(theirs) < CHECKERS and rng.random() < 0.2:
            theirs[25 - p] += 1
    spare = CHECKERS - sum(theirs)
    behind = list(range(top + 1, min(top + 6, 24) + 1))
    trapped = _int(rng, 1, 4)
    if top >= 19 and rng.random() < 0.3:
        mine[BAR] = _int(rng, 1, trapped)
        trapped -= mine[BAR]
    _scatter(rng, mine, trapped, behind, max_points=3)
    # The rest of mine: in front of the prime (lower points), or further back when the prime
    # reaches my 1-point.
    front = list(range(1, top - length + 1))
    _scatter(rng, mine, CHECKERS - sum(mine), front or behind)
    # The rest of theirs: anywhere I am not, but not next to the prime (it stays 4-6 long).
    near = set(range(top - length, top + 2))  # my points from just below to just above it
    _scatter(rng, theirs, spare, _free_points(theirs, mine, [q for q in range(1, 25) if 25 - q not in near]))
    return _finish(mine, theirs)


def gen_bearoff_gaps(rng: np.random.Generator) -> Position:
    """A pure bear-off: all mine in my home board or off, with at least one gap; no contact.

    'Gap' = an empty point below my highest occupied point, so R17-R19 all come into play.
    Their checkers are all out of my home board and off their bar (a race).

    >>> import numpy as np
    >>> mine, theirs = gen_bearoff_gaps(np.random.default_rng(6))
    >>> all(c == 0 for c in mine[7:]) and is_valid(mine, theirs)
    True
    """
    mine = [0] * 26
    theirs = [0] * 26
    highest = _int(rng, 2, 6)
    below = list(range(1, highest))
    n_used = _int(rng, 0, len(below) - 1)  # leaves at least one gap below `highest`
    used = [highest] + [int(p) for p in rng.choice(below, size=n_used, replace=False)]
    mine[OFF] = _int(rng, 0, CHECKERS - len(used))
    for p, n in _spread(rng, CHECKERS - mine[OFF], used).items():
        mine[p] += n
    theirs[OFF] = _int(rng, 0, 10) if rng.random() < 0.5 else 0
    _scatter(rng, theirs, CHECKERS - theirs[OFF], range(1, 19))  # their 1-18 = my 7-24
    return _finish(mine, theirs)


def gen_bearoff_contact(rng: np.random.Generator) -> Position:
    """A bear-off with contact (R21): either their checkers in my home board / on their bar
    (so I can hit while bearing off, and may be hit), or one or two of mine on the bar with
    some already off (I was hit during my bear-off and must come back first).

    >>> import numpy as np
    >>> mine, theirs = gen_bearoff_contact(np.random.default_rng(7))
    >>> is_valid(mine, theirs)
    True
    """
    mine = [0] * 26
    theirs = [0] * 26
    if rng.random() < 0.5:
        # Their checkers in my home board (their 19-24), some as blots, maybe one on their bar.
        n_theirs_home = _int(rng, 1, 4)
        home_points = rng.choice(np.arange(19, 25), size=_int(rng, 1, min(3, n_theirs_home)), replace=False)
        for i in range(n_theirs_home):
            theirs[int(home_points[i % len(home_points)])] += 1
        if rng.random() < 0.3:
            theirs[BAR] = 1
        mine[OFF] = _int(rng, 0, 10)
        _scatter(rng, mine, CHECKERS - mine[OFF], _free_points(mine, theirs, range(1, 7)), max_points=5)
    else:
        # One or two of mine on the bar, some off, the rest home; their board may hold blots.
        mine[BAR] = _int(rng, 1, 2)
        mine[OFF] = _int(rng, 1, 10)
        for q in range(1, 7):
            r = rng.random()
            theirs[q] = 2 if r < 0.4 else (1 if r < 0.6 else 0)
        _scatter(rng, mine, CHECKERS - mine[BAR] - mine[OFF], _free_points(mine, theirs, range(1, 7)), max_points=5)
    spare = CHECKERS - sum(theirs)
    _scatter(rng, theirs, spare, _free_points(theirs, mine, range(1, 25)))
    return _finish(mine, theirs)


def gen_home_hits(rng: np.random.Generator) -> Position:
    """Blots of theirs in my home board with my checkers above them: exercises hitting in
    the home board and so the Caucasian rule V5 (and covering / going on with the hitter).

    >>> import numpy as np
    >>> mine, theirs = gen_home_hits(np.random.default_rng(8))
    >>> any(theirs[q] == 1 for q in range(19, 25)) and is_valid(mine, theirs)
    True
    """
    mine = [0] * 26
    theirs = [0] * 26
    blots = rng.choice(np.arange(19, 25), size=_int(rng, 1, 3), replace=False)
    for q in blots:
        theirs[int(q)] = 1  # their point q = my point 25 - q, in my home board
    # Mine: some made points in my home board, the rest within 12 pips above the blots.
    home = _free_points(mine, theirs, range(1, 7))
    _scatter(rng, mine, _int(rng, 2, 8), home, max_points=3)
    _scatter(rng, mine, CHECKERS - sum(mine), _free_points(mine, theirs, range(2, 19)), max_points=6)
    if rng.random() < 0.2 and mine[OFF] == 0:  # sometimes one of mine on the bar
        p = max(range(1, 25), key=lambda q: mine[q])
        mine[p] -= 1
        mine[BAR] += 1
    _scatter(rng, theirs, CHECKERS - sum(theirs), _free_points(theirs, mine, range(1, 19)))
    return _finish(mine, theirs)


# --------------------------------------------------------------------------------------------
# Triple generators: (mine, theirs, dice) built for the roll
# --------------------------------------------------------------------------------------------


class _Retry(Exception):
    """The random construction did not fit together; build again."""


def _blocked_position(
    rng: np.random.Generator, closed: set[int], open_points: set[int], mine_points: dict[int, int]
) -> Position:
    """Mine as given; theirs closes my points ``closed`` (2-3 each) and keeps ``open_points``
    without two of theirs. The rest of theirs go on their closed points, as blots, or off."""
    if any(p < 1 or p > 24 for p in closed) or closed & set(mine_points) or closed & open_points:
        raise _Retry
    if 2 * len(closed) > CHECKERS:
        raise _Retry
    mine = [0] * 26
    for p, n in mine_points.items():
        mine[p] += n
    theirs = [0] * 26
    for p in closed:
        theirs[25 - p] = 2
    spare = CHECKERS - sum(theirs)
    while spare > 0:
        r = rng.random()
        if r < 0.4 and closed:
            theirs[25 - int(rng.choice(sorted(closed)))] += 1
        elif r < 0.7:
            free = [q for q in range(1, 25) if theirs[q] == 0 and mine[25 - q] == 0]
            if not free:
                theirs[OFF] += 1
            else:
                theirs[int(rng.choice(free))] = 1  # a blot: never closes a point
        else:
            theirs[OFF] += 1
        spare -= 1
    if theirs[OFF] >= CHECKERS:
        raise _Retry
    return _finish(mine, theirs)


def _retry_until(rng: np.random.Generator, build: Callable[[np.random.Generator], Triple], ok: Callable[[Triple], bool]) -> Triple:
    for _ in range(10_000):
        try:
            triple = build(rng)
        except _Retry:
            continue
        if is_valid(triple[0], triple[1]) and ok(triple):
            return triple
    raise RuntimeError("could not build a position with the promised property")  # pragma: no cover


def _non_double(rng: np.random.Generator) -> tuple[int, int]:
    while True:
        d1, d2 = random_dice(rng)
        if d1 != d2:
            return d1, d2


def playable_first_dice(mine: Sequence[int], theirs: Sequence[int], dice: tuple[int, int]) -> set[int]:
    """Which of the two dice have a legal single step from the start (R11 helper).

    Asks the oracle about the double (d, d): it can play at least one die exactly when a
    single step of d is legal.

    >>> start = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
    >>> sorted(playable_first_dice(start, start, (6, 5)))
    [5, 6]
    """
    return {d for d in set(dice) if reference_max_dice(mine, theirs, (d, d)) >= 1}


def gen_one_die(rng: np.random.Generator) -> Triple:
    """(mine, theirs, dice): a non-double where only one of the dice can be played at all (R11).

    Built so: my checkers stand on 1-3 points (or the bar) far enough from home that no
    bear-off is possible; for the blocked die b every point p - b and p - a - b is closed,
    while some p - a is open for the playable die a. About half the time a is the lower die.
    Guaranteed (checked with the oracle): reference_max_dice == 1 and exactly one die is
    playable from the start.

    >>> import numpy as np
    >>> mine, theirs, dice = gen_one_die(np.random.default_rng(9))
    >>> reference_max_dice(mine, theirs, dice), len(playable_first_dice(mine, theirs, dice))
    (1, 1)
    """

    def build(rng: np.random.Generator) -> Triple:
        d1, d2 = _non_double(rng)
        a, b = (d1, d2) if rng.random() < 0.5 else (d2, d1)  # a plays, b is blocked
        candidates = list(range(a + b + 1, 26))  # p - a - b >= 1: closable, and never a bear-off
        starts = [int(p) for p in rng.choice(candidates, size=_int(rng, 1, 3), replace=False)]
        closed = {p - b for p in starts} | {p - a - b for p in starts}
        movers = [p for p in starts if p - a not in closed]
        if not movers:
            raise _Retry
        mine_points = _spread(rng, CHECKERS, starts)
        mine, theirs = _blocked_position(rng, closed, set(), mine_points)
        return mine, theirs, (d1, d2)

    def ok(t: Triple) -> bool:
        mine, theirs, dice = t
        return reference_max_dice(mine, theirs, dice) == 1 and len(playable_first_dice(mine, theirs, dice)) == 1

    return _retry_until(rng, build, ok)


def gen_higher_die(rng: np.random.Generator) -> Triple:
    """(mine, theirs, dice): each die can be played alone, but no sequence plays both, so the
    higher die must be played (R11).

    Built so: one checker X stands alone (on a point, or alone on the bar) with both p - hi and
    p - lo open but p - hi - lo closed; all my other checkers are frozen (both their targets
    closed). Guaranteed (checked with the oracle): reference_max_dice == 1, both dice playable
    from the start, and every legal result is reached with the higher die.

    >>> import numpy as np
    >>> mine, theirs, dice = gen_higher_die(np.random.default_rng(10))
    >>> reference_max_dice(mine, theirs, dice), len(playable_first_dice(mine, theirs, dice))
    (1, 2)
    """

    def build(rng: np.random.Generator) -> Triple:
        d1, d2 = _non_double(rng)
        hi, lo = max(d1, d2), min(d1, d2)
        x = _int(rng, hi + lo + 1, 25)
        frozen = [int(p) for p in rng.choice(range(hi + 1, 25), size=_int(rng, 1, 2), replace=False)]
        if x in frozen:
            raise _Retry
        closed = {x - hi - lo} | {q - hi for q in frozen} | {q - lo for q in frozen}
        open_points = {x - hi, x - lo}
        off = _int(rng, 0, 4)
        mine_points = {OFF: off, x: 1}
        mine_points.update(_spread(rng, CHECKERS - 1 - off, frozen))
        mine, theirs = _blocked_position(rng, closed, open_points, mine_points)
        return mine, theirs, (d1, d2)

    def ok(t: Triple) -> bool:
        mine, theirs, dice = t
        return reference_max_dice(mine, theirs, dice) == 1 and len(playable_first_dice(mine, theirs, dice)) == 2

    return _retry_until(rng, build, ok)


def gen_doubles_blocked(rng: np.random.Generator) -> Triple:
    """(mine, theirs, (d, d)): a double of which exactly 1, 2 or 3 dice can be played (R6, R10).

    Built so: k in {1, 2, 3} is split among one to k 'runners', each alone on its point (or
    alone on the bar), whose path p - d, p - 2d, ... is open for its share of steps and then
    closed; all other checkers are frozen (p - d closed). Guaranteed (checked with the
    oracle): 1 <= reference_max_dice <= 3.

    >>> import numpy as np
    >>> mine, theirs, dice = gen_doubles_blocked(np.random.default_rng(11))
    >>> dice[0] == dice[1] and 1 <= reference_max_dice(mine, theirs, dice) <= 3
    True
    """

    def build(rng: np.random.Generator) -> Triple:
        d = _int(rng, 1, 6)
        k = _int(rng, 1, 3)
        shares = [1] * k if rng.random() < 0.3 else [k]
        room = range(d * (max(shares) + 1) + 1, 26)  # the closed point after the run is >= 1
        if len(room) < len(shares):
            raise _Retry
        runners = [int(p) for p in rng.choice(room, size=len(shares), replace=False)]
        if runners.count(BAR) > 1:
            raise _Retry
        frozen = [int(p) for p in rng.choice(range(d + 1, 25), size=_int(rng, 1, 2), replace=False)]
        if set(frozen) & set(runners):
            raise _Retry
        closed = {q - d for q in frozen}
        open_points: set[int] = set()
        for p, share in zip(runners, shares):
            open_points |= {p - d * i for i in range(1, share + 1)}
            closed.add(p - d * (share + 1))
        mine_points = {p: 1 for p in runners}
        mine_points.update(_spread(rng, CHECKERS - len(runners), frozen))
        mine, theirs = _blocked_position(rng, closed, open_points, mine_points)
        return mine, theirs, (d, d)

    def ok(t: Triple) -> bool:
        mine, theirs, dice = t
        return 1 <= reference_max_dice(mine, theirs, dice) <= 3

    return _retry_until(rng, build, ok)


# --------------------------------------------------------------------------------------------
# Registry and a Hypothesis strategy
# --------------------------------------------------------------------------------------------

GENERATORS: dict[str, Callable[[np.random.Generator], Position | Triple]] = {
    "anything": gen_anything,
    "hypergammon": gen_hypergammon,
    "bar": gen_bar,
    "prime": gen_prime,
    "bearoff_gaps": gen_bearoff_gaps,
    "bearoff_contact": gen_bearoff_contact,
    "home_hits": gen_home_hits,
    "one_die": gen_one_die,
    "higher_die": gen_higher_die,
    "doubles_blocked": gen_doubles_blocked,
}
"""Every generator by name. Those in TRIPLE_GENERATORS return (mine, theirs, dice)."""

TRIPLE_GENERATORS: frozenset[str] = frozenset({"one_die", "higher_die", "doubles_blocked"})
"""Generators that return (mine, theirs, dice) built for that roll, not (mine, theirs)."""


def checkers_of(name: str) -> int:
    """Checkers per side in positions from generator ``name`` (3 for hypergammon, X3).

    >>> checkers_of("hypergammon"), checkers_of("bar")
    (3, 15)
    """
    return HYPER_CHECKERS if name == "hypergammon" else CHECKERS


def sample_case(name: str, rng: np.random.Generator) -> Triple:
    """One (mine, theirs, dice) case from generator ``name``: its own dice for a triple
    generator, else a random roll.

    >>> import numpy as np
    >>> mine, theirs, dice = sample_case("bar", np.random.default_rng(12))
    >>> len(dice)
    2
    """
    made = GENERATORS[name](rng)
    if name in TRIPLE_GENERATORS:
        return made  # type: ignore[return-value]
    mine, theirs = made  # type: ignore[misc]
    return mine, theirs, random_dice(rng)


def valid_positions(checkers: int = CHECKERS):
    """A Hypothesis strategy for valid positions (mine, theirs) with ``checkers`` a side.

    Each of my checkers is drawn to a place 0-25 (not all off); then each of theirs to a place
    I do not hold. Shrinks towards checkers off / low points.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20)
    ... @given(valid_positions(3))
    ... def check(pos):
    ...     assert is_valid(*pos, checkers=3)
    >>> check()
    """
    from hypothesis import strategies as st

    @st.composite
    def positions(draw) -> Position:
        mine = [0] * 26
        places = draw(st.lists(st.integers(0, 25), min_size=checkers, max_size=checkers))
        if all(p == OFF for p in places):
            places[0] = 1
        for p in places:
            mine[p] += 1
        allowed = [q for q in range(26) if q in (OFF, BAR) or mine[25 - q] == 0]
        theirs = [0] * 26
        their_places = draw(st.lists(st.sampled_from(allowed), min_size=checkers, max_size=checkers))
        if all(q == OFF for q in their_places):
            their_places[0] = next(q for q in allowed if q != OFF)
        for q in their_places:
            theirs[q] += 1
        return _finish(mine, theirs)

    return positions()
