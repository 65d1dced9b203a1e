"""The reference legal-play generator: the rules in executable form (test oracle).

This module is a second, independent reading of the rules (docs/rules.md). It is deliberately simple and slow:
it knows nothing of ``bgsim`` and is written straight from rules R5-R21, V5 and X3, so that
the fast engine can be compared with it on many positions.

Board convention (R1: each player numbers the points from their own side): a side is a tuple of 26 counts in that
side's own numbering, index 0 = borne off, 1..24 = points (1-6 = its home board), 25 = bar.
``mine`` is the side on roll; my point p is the opponent's point 25 - p.

Method (brute force, one die at a time):

1. The roll gives a list of dice in every order: (d1, d2) and (d2, d1), or four equal dice for
   a double (R6).
2. Each die is one single step of one checker by exactly that number (R5), taken one after
   another, so every intermediate landing point has to be open (R5, R7). Hits send the blot to
   the opponent's bar (R8). While a checker of mine is on the bar only bar checkers move (R13);
   die d enters on my point 25 - d (R14). Bearing off is checked before every single step
   against the checkers as they stand at that moment (R16-R19).
3. A play is a sequence of such steps. The plays kept are those that use the most dice (R10);
   for a non-double where only one die can be used, the higher die if it can be played (R11);
   when nothing moves the position stays as it is (R12).

My checkers are kept as individual records ``(point, hit_in_home)``, the flag being used only
in the Caucasian variant (V5): a checker that hit a blot on points 1-6 this turn may not go on
to a point that already holds checkers of mine. Records are kept sorted, so two ways of reaching
the same checkers compare equal and each step's frontier of partial plays is de-duplicated.

>>> start = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
>>> len(reference_results(start, start, (3, 1)))   # the opening 3-1: 16 distinct positions
16
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

Board = tuple[int, ...]
"""26 counts in one side's own numbering: 0 = off, 1..24 = points, 25 = bar (R1)."""

Result = tuple[Board, Board]
"""(mine_after, theirs_after), still from the mover's point of view (not swapped)."""

Step = tuple[int, int]
"""One checker moved by one die: (from, to) in the mover's numbering, 25 = bar, 0 = off."""

Checker = tuple[int, bool]
"""One checker of the mover: (point, hit an opposing blot in the home board this turn (V5))."""

Checkers = tuple[Checker, ...]
"""All of the mover's checkers, sorted, so equal multisets compare equal."""

BAR = 25
OFF = 0


# --------------------------------------------------------------------------------------------
# Input checks and conversions
# --------------------------------------------------------------------------------------------


def _check_input(mine: Sequence[int], theirs: Sequence[int], dice: Sequence[int]) -> None:
    """Reject what is not a position (26 counts a side, none negative) or a roll; raise ValueError."""
    if len(mine) != 26 or len(theirs) != 26:
        raise ValueError("each side must be 26 counts: off, points 1-24, bar (R1)")
    if min(mine) < 0 or min(theirs) < 0:
        raise ValueError("checker counts must be >= 0")
    for p in range(1, 25):
        if mine[p] > 0 and theirs[25 - p] > 0:
            raise ValueError(f"my point {p} holds checkers of both sides")
    if len(dice) != 2 or not all(1 <= d <= 6 for d in dice):
        raise ValueError(f"a roll is two dice 1-6, got {tuple(dice)!r}")


def _checkers_from_board(mine: Sequence[int]) -> Checkers:
    """One record per checker, none of them a hitter yet."""
    return tuple(sorted((p, False) for p in range(26) for _ in range(mine[p])))


def _board_from_checkers(checkers: Checkers) -> Board:
    """Back to 26 counts (the V5 flags are forgotten: they last one turn only)."""
    counts = [0] * 26
    for point, _ in checkers:
        counts[point] += 1
    return tuple(counts)


def _dice_orders(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """The dice to play, in every order: both orders of a non-double, four dice for a double (R6)."""
    d1, d2 = dice
    if d1 == d2:
        return [(d1, d1, d1, d1)]
    return [(d1, d2), (d2, d1)]


# --------------------------------------------------------------------------------------------
# One die: every legal single step
# --------------------------------------------------------------------------------------------


def _single_steps(
    checkers: Checkers, theirs: Board, die: int, caucasian: bool
) -> Iterator[tuple[int, int, Checkers, Board]]:
    """Yield (from, to, checkers_after, theirs_after) for every legal way to play one die.

    Each distinct checker record is tried once (checkers on one point with the same V5 flag
    are interchangeable).
    """
    on_bar = any(point == BAR for point, _ in checkers)
    all_home = all(point <= 6 for point, _ in checkers)  # R16: points 1-6 or off; bar is 25
    for record in sorted(set(checkers)):
        src, hitter = record
        if src == OFF:
            continue  # borne off: out of play
        if on_bar and src != BAR:
            continue  # R13: nothing else moves while one of mine is on the bar
        dst = src - die  # R5: exactly the number on the die; from the bar, 25 - d (R14)
        new_theirs = theirs
        if dst >= 1:
            if theirs[25 - dst] >= 2:
                continue  # R7: two or more opposing checkers close the point
            if caucasian and hitter and any(point == dst for point, _ in checkers):
                continue  # V5: a home-board hitter may not join its own checkers this turn
            hit = theirs[25 - dst] == 1
            if hit:  # R8: the blot goes to the opponent's bar
                changed = list(theirs)
                changed[25 - dst] -= 1
                changed[BAR] += 1
                new_theirs = tuple(changed)
            new_hitter = hitter or (caucasian and hit and dst <= 6)  # V5: hit in my home board
        else:
            if not all_home:
                continue  # R16 (and R21: a checker on the bar or outside home stops it)
            if dst < 0:
                # R18: a higher number bears off only from the highest occupied point.
                # R19: so a checker stands on a point above src -> no bear-off with this die.
                if any(src < point <= 6 for point, _ in checkers):
                    continue
            dst = OFF  # R17 (exact) or R18 (higher); V5 allows a hitter to be borne off
            new_hitter = False
        rest = list(checkers)
        rest.remove(record)
        rest.append((dst, new_hitter))
        yield src, dst, tuple(sorted(rest)), new_theirs


# --------------------------------------------------------------------------------------------
# The whole roll: frontier of partial plays, one die at a time
# --------------------------------------------------------------------------------------------

State = tuple[Checkers, Board]


def _levels(
    mine: Sequence[int], theirs: Sequence[int], dice: Sequence[int], caucasian: bool
) -> dict[tuple[int, ...], list[set[State]]]:
    """For each dice order, the sets of states after playing its first 0, 1, 2, ... dice.

    levels[order][k] is every distinct state reachable by legal single steps with
    order[0], ..., order[k-1] played in that order (empty when no such sequence exists).
    """
    start: State = (_checkers_from_board(mine), tuple(theirs))
    levels: dict[tuple[int, ...], list[set[State]]] = {}
    for order in _dice_orders(dice):
        frontier = {start}
        found = [frontier]
        for die in order:
            frontier = {
                (new_checkers, new_theirs)
                for checkers, th in frontier
                for _, _, new_checkers, new_theirs in _single_steps(checkers, th, die, caucasian)
            }
            if not frontier:
                break
            found.append(frontier)
        levels[order] = found
    return levels


def _max_dice(levels: dict[tuple[int, ...], list[set[State]]]) -> int:
    """Most dice any order can use (R10): the deepest non-empty level."""
    return max(len(found) - 1 for found in levels.values())


def reference_max_dice(
    mine: Sequence[int], theirs: Sequence[int], dice: Sequence[int], caucasian: bool = False
) -> int:
    """How many dice the legal plays of ``dice`` use (R10): 0-2, or 0-4 for a double (R6).

    >>> mine = [0] * 26; mine[24] = 1; mine[0] = 14       # one checker left, on my 24-point
    >>> theirs = [0] * 26; theirs[0] = 13; theirs[12] = 2  # they close my 13-point
    >>> reference_max_dice(mine, theirs, (6, 5))           # 24/18 or 24/19, then 13 is closed
    1
    >>> reference_max_dice(mine, theirs, (4, 4))           # 24/20/16/12/8 passes over 13 (R7)
    4
    >>> reference_max_dice(mine, theirs, (1, 1))           # 24/23/22/21/20
    4
    """
    _check_input(mine, theirs, dice)
    return _max_dice(_levels(mine, theirs, dice, caucasian))


def reference_results(
    mine: Sequence[int], theirs: Sequence[int], dice: Sequence[int], *, caucasian: bool = False
) -> frozenset[Result]:
    """Every distinct position (mine_after, theirs_after) a legal play of ``dice`` leads to.

    Positions stay in the mover's view (not swapped). When nothing can move the set holds just
    the unchanged position (R12). ``caucasian=True`` applies the V5 hit rule.

    >>> mine = [0] * 26; mine[24] = 1; mine[0] = 14
    >>> theirs = [0] * 26; theirs[0] = 13; theirs[12] = 2   # my 13 closed
    >>> [after[18] for after, _ in reference_results(mine, theirs, (6, 5))]   # R11: 24/18
    [1]
    >>> theirs[0] = 11; theirs[7] = 2                        # my 18 closed too: only the 5 plays
    >>> [after[19] for after, _ in reference_results(mine, theirs, (6, 5))]   # R11: 24/19
    [1]
    """
    _check_input(mine, theirs, dice)
    levels = _levels(mine, theirs, dice, caucasian)
    most = _max_dice(levels)  # R10
    d1, d2 = dice
    if most == 1 and d1 != d2:
        # R11: one die only. The higher die if it can be played at all, else the other one.
        high, low = max(d1, d2), min(d1, d2)
        high_first = levels[(high, low)]
        chosen = high_first[1] if len(high_first) > 1 else levels[(low, high)][1]
    else:
        chosen = set()
        for found in levels.values():
            if len(found) - 1 == most:
                chosen |= found[most]  # level 0 (the start itself) when nothing moves: R12
    return frozenset((_board_from_checkers(c), th) for c, th in chosen)


# --------------------------------------------------------------------------------------------
# The same plays as explicit step sequences (for checking notation)
# --------------------------------------------------------------------------------------------


def reference_moves(
    mine: Sequence[int], theirs: Sequence[int], dice: Sequence[int], *, caucasian: bool = False
) -> dict[Result, frozenset[tuple[Step, ...]]]:
    """For each legal result, every ordered sequence of single steps ((from, to), ...) reaching it.

    Written as a plain depth-first search over every sequence, with no de-duplication of
    partial plays, so it is an independent cross-check of :func:`reference_results` (the keys
    must be equal). Slower: use it on fewer cases. Steps are listed in the order played; a
    checker using both dice appears as two steps, e.g. ((24, 18), (18, 13)). When nothing
    moves the result maps to the empty sequence (R12).

    >>> mine = [0] * 26; mine[24] = 1; mine[0] = 14
    >>> theirs = [0] * 26; theirs[0] = 13; theirs[7] = 2   # my 18 closed: 24/18/13 impossible
    >>> sorted(seq for seqs in reference_moves(mine, theirs, (6, 5)).values() for seq in seqs)
    [((24, 19), (19, 13))]
    """
    _check_input(mine, theirs, dice)
    d1, d2 = dice
    dice_left = (d1,) * 4 if d1 == d2 else (d1, d2)  # R6
    found: list[tuple[tuple[tuple[int, int, int], ...], State]] = []

    def search(state: State, left: tuple[int, ...], path: tuple[tuple[int, int, int], ...]) -> None:
        found.append((path, state))
        checkers, th = state
        for die in sorted(set(left)):
            rest = list(left)
            rest.remove(die)
            for src, dst, new_checkers, new_theirs in _single_steps(checkers, th, die, caucasian):
                search((new_checkers, new_theirs), tuple(rest), path + ((die, src, dst),))

    search((_checkers_from_board(mine), tuple(theirs)), dice_left, ())
    most = max(len(path) for path, _ in found)  # R10
    kept = [(path, state) for path, state in found if len(path) == most]
    if most == 1 and d1 != d2:
        high = max(d1, d2)
        with_high = [(path, state) for path, state in kept if path[0][0] == high]
        if with_high:  # R11: the higher die when it can be played
            kept = with_high
    result: dict[Result, set[tuple[Step, ...]]] = {}
    for path, (checkers, th) in kept:
        key = (_board_from_checkers(checkers), th)
        result.setdefault(key, set()).add(tuple((src, dst) for _, src, dst in path))
    return {key: frozenset(seqs) for key, seqs in result.items()}
