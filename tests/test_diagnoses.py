"""Exact diagnoses: an illegal play's message names the true reason and the rule it breaks.

Thousands of (position, roll, illegal text) cases are made by perturbing legal plays, or by
building a move the rules refuse, in positions from tests/positions.py and from random games.
Each perturbation knows what it broke; the expected reason is worked out here from the
position and the perturbation alone (counts, dice arithmetic, which points are closed), not
from bgsim's diagnosis.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bgsim import IllegalPlayError, Position
from bgsim.engine.errors import AmbiguousPlayError
from bgsim.engine.notation import parse_chains
from tests.support.positions import GENERATORS, sample_case

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
NAMES = {25: "bar", 0: "off"}


def name(p: int) -> str:
    return NAMES.get(p, str(p))


def write(steps, marks=()) -> str:
    """Each single step its own token; ``marks``: indexes of steps written with ``*``."""
    tokens = [f"{name(a)}/{name(b)}{'*' if i in marks else ''}" for i, (a, b) in enumerate(steps)]
    counted = Counter(tokens)
    out, seen = [], set()
    for t in tokens:
        if t not in seen:
            seen.add(t)
            out.append(t + (f"({counted[t]})" if counted[t] > 1 else ""))
    return " ".join(out)


def closed(pos: Position, p: int) -> bool:
    """My point p holds two or more opposing checkers (R7)."""
    return 1 <= p <= 24 and pos.theirs[25 - p] >= 2


def counts_ok(pos: Position, steps) -> bool:
    leave = Counter(a for a, _ in steps)
    arrive = Counter(b for _, b in steps if b)
    return all(n <= pos.mine[p] + arrive[p] for p, n in leave.items())


def same_result_as_a_legal_play(pos: Position, dice, steps) -> bool:
    """Notation reads a play by where the checkers end up: such a text is legal, whatever its route."""
    board = list(pos.mine)
    for a, b in steps:
        board[a] -= 1
        board[b] += 1
    return any(p.after is not None and list(p.after.theirs) == board for p in pos.legal_plays(dice))


def is_exact(steps) -> bool:
    return all(b >= 1 for _, b in steps)


def game_positions(rng: np.random.Generator, games: int) -> list[Position]:
    out = []
    for _ in range(games):
        pos = Position.initial()
        while not pos.is_game_over() and len(out) < 10**6:
            dice = tuple(int(d) for d in rng.integers(1, 7, 2))
            plays = pos.legal_plays(dice)
            out.append(pos)
            pos = pos.play(plays[int(rng.integers(len(plays)))])
    return out


def parse_steps(text: str):
    return [(a, b) for ch in parse_chains(text) for (a, _), (b, _) in zip(ch, ch[1:])]


def positions(seed: int) -> list[tuple[Position, tuple[int, int] | None]]:
    rng = np.random.default_rng(seed)
    out: list[tuple[Position, tuple[int, int] | None]] = []
    for name_ in sorted(GENERATORS):
        for _ in range(25):
            mine, theirs, dice = sample_case(name_, rng)
            out.append((Position(mine, theirs), dice))
    out += [(p, None) for p in game_positions(rng, 6)]
    return out


def message(pos: Position, text: str, dice) -> str:
    with pytest.raises(IllegalPlayError) as info:
        pos.parse_play(text, dice=dice)
    return str(info.value)


# --------------------------------------------------------------------------------------------
# Perturbations: each yields (text, dice, fragments the message must contain)
# --------------------------------------------------------------------------------------------


def die_used_twice(pos, dice, play, rng):
    """Non-double, both dice played as two exact single steps: play the higher die twice."""
    a, b = dice
    steps = list(play.steps)
    if a == b or len(steps) != 2 or not is_exact(steps):
        return
    for i, (s, t) in enumerate(steps):
        die = s - t
        other = a if die == b else b
        if s - other >= 1:
            new = steps[:i] + [(s, s - other)] + steps[i + 1:]
            if counts_ok(pos, new):
                yield write(new), dice, [f"the {other} is used twice", "(R5)"]


def one_step_too_many(pos, dice, play, rng):
    """Every die is played already; one more single step with one of the dice."""
    a, b = dice
    steps = list(play.steps)
    if len(steps) != (4 if a == b else 2) or not is_exact(steps):
        return
    mine_after = play.after.theirs
    for d in sorted({a, b}):
        if a == b:  # a fifth 6 written on the end of a move (a roll has at most four tokens)
            ends = [i for i, (_s, t) in enumerate(steps) if t - d >= 1 and counts_ok(pos, steps + [(t, t - d)])]
            if ends:
                i = ends[0]
                s, t = steps[i]
                tokens = write(steps[:i] + steps[i + 1:]).split()
                text = " ".join(tokens + [f"{s}/{t}/{t - d}"])
                yield text, dice, ["needs 5 moves of", "gives four (R6)"]
        else:
            sources = [p for p in range(24, d, -1) if mine_after[p]]
            if sources:
                p = sources[int(rng.integers(len(sources)))]
                yield write(steps + [(p, p - d)]), dice, [f"the {d} is used twice", "(R5)"]


def one_pip_too_far(pos, dice, play, rng):
    """A move written one point further than any die or sum reaches."""
    a, b = dice
    reach = {a * k for k in range(1, 5)} if a == b else {a, b, a + b}
    steps = list(play.steps)
    for i, (s, t) in enumerate(steps):
        if t >= 2 and (s - t + 1) not in reach:
            new = steps[:i] + [(s, t - 1)] + steps[i + 1:]
            if counts_ok(pos, new):
                yield write(new), dice, [f"{name(s)}/{t - 1} needs {s - t + 1} pips", "(R5)"]
            return


def wrong_count(pos, dice, play, rng):
    """A move repeated more often than checkers stand on its starting point."""
    steps = list(play.steps)
    if not steps:
        return
    s, t = steps[int(rng.integers(len(steps)))]
    leave = sum(1 for a, _ in steps if a == s)
    have = pos.mine[s] + sum(1 for _, b in steps if b == s)
    extra = have - leave + 1
    if len(steps) + extra <= 4:
        where = "the bar" if s == 25 else f"point {s}"
        yield write(steps + [(s, t)] * extra), dice, [f"only {have} checker", where, "(R5)"]


def hit_mark_on_nothing(pos, dice, play, rng):
    """A ``*`` on a point that held no lone opposing checker (or on ``off``)."""
    steps = list(play.steps)
    marks = {i for i, h in enumerate(play.hits) if h}
    for i, (_s, t) in enumerate(steps):
        if t == 0:
            yield write(steps, marks | {i}), dice, ["borne off hits nothing", "(R8)"]
            return
        if pos.theirs[25 - t] == 0:
            yield write(steps, marks | {i}), dice, [f"no lone opposing checker on point {t} to hit (R8)"]
            return


def blocked_on_the_way(pos, rng):
    """One checker moved with both dice (or several of a double) past a closed landing point (R5)."""
    if pos.mine[25]:
        return
    for a in range(1, 7):
        for b in range(1, a + 1):
            for s in range(24, 0, -1):
                if not pos.mine[s]:
                    continue
                if a != b:
                    t = s - a - b
                    if t >= 1 and not closed(pos, t) and closed(pos, s - a) and closed(pos, s - b):
                        yield f"{s}/{t}", (a, b), [f"point {s - a}", f"point {s - b}", "(R5, R7)"]
                else:
                    for k in (2, 3, 4):
                        t = s - k * a
                        way = [s - j * a for j in range(1, k)]
                        if t >= 1 and not closed(pos, t) and any(closed(pos, p) for p in way):
                            first = next(p for p in way if closed(pos, p))
                            yield f"{s}/{t}", (a, b), [f"point {first}", "(R5, R7)"]
                            break


def bar_not_entered(pos, rng):
    """A checker on the bar, and the text moves another one (R13)."""
    if not pos.mine[25]:
        return
    dice = ROLLS[int(rng.integers(36))]
    for s in range(24, 0, -1):
        if pos.mine[s] and s - dice[0] >= 1:
            yield f"{s}/{s - dice[0]}", dice, ["(R13)", "bar"]
            return


def enter_on_closed(pos, rng):
    """Entering on a closed point of the opponent's home board (R14)."""
    if not pos.mine[25]:
        return
    for d in range(1, 7):
        if closed(pos, 25 - d):
            other = 7 - d if 7 - d != d else (d % 6) + 1
            yield f"bar/{25 - d}", (d, other), [f"point {25 - d} is closed", "(R14)"]
            return


def bear_off_too_early(pos, rng):
    """Bearing off with checkers still outside the home board (R16)."""
    if pos.mine[25] or not any(pos.mine[7:25]):
        return
    for p in range(1, 7):
        if pos.mine[p]:
            other = int(rng.integers(1, 7))
            yield f"{p}/off", (p, other), ["(R16)"]
            return


def bear_off_wrong_number(pos, rng):
    """All home; a double d bears off a checker from below point d while one stands higher:
    R17/R18 when the d-point is occupied, R19 when it is empty with a checker above it, R18
    (the highest point goes first) when every checker stands below d."""
    if pos.mine[25] or any(pos.mine[7:25]):
        return
    occupied = [p for p in range(1, 7) if pos.mine[p]]
    if not occupied:
        return
    high = max(occupied)
    for d in range(2, 7):
        lower = [q for q in occupied if q < d and q < high]
        if not lower:
            continue
        q = lower[0]
        if pos.mine[d]:
            want = [f"from point {d} (R17)", "(R18)"]
        elif high > d:
            want = [f"a {d} cannot bear off from point {q}", "(R19)"]
        else:
            want = [f"from your highest point, {high}, not from point {q} (R18)"]
        yield f"{q}/off", (d, d), want


PLAY_PERTURBATIONS = [die_used_twice, one_step_too_many, one_pip_too_far, wrong_count, hit_mark_on_nothing]
POSITION_CASES = [blocked_on_the_way, bar_not_entered, enter_on_closed, bear_off_too_early, bear_off_wrong_number]


def cases(seed: int):
    rng = np.random.default_rng(seed)
    for pos, dice in positions(seed):
        rolls = [dice] if dice else []
        rolls.append(ROLLS[int(rng.integers(36))])
        for roll in rolls:
            plays = pos.legal_plays(roll)
            play = plays[int(rng.integers(len(plays)))]
            for perturb in PLAY_PERTURBATIONS:
                for text, d, want in perturb(pos, roll, play, rng):
                    if "*" not in text and same_result_as_a_legal_play(pos, d, parse_steps(text)):
                        continue
                    yield perturb.__name__, pos, text, d, want
        for build in POSITION_CASES:
            for text, d, want in build(pos, rng):
                yield build.__name__, pos, text, d, want


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_perturbed_plays_get_the_true_reason(seed):
    seen = Counter()
    for kind, pos, text, dice, want in cases(seed):
        msg = message(pos, text, dice)
        for fragment in want:
            assert fragment in msg, (kind, pos.mine, pos.theirs, text, dice, msg)
        seen[kind] += 1
    assert sum(seen.values()) >= 1000
    for kind in PLAY_PERTURBATIONS + POSITION_CASES:
        assert seen[kind.__name__] >= 10, seen


@pytest.mark.parametrize("seed", [4, 5])
def test_a_missing_hit_mark_is_read_as_the_hit(seed):
    """The notation lets a hit go unmarked when the checkers' moves say which play it is; when
    two plays fit, the error lists them and the right one is among them."""
    rng = np.random.default_rng(seed)
    checked = 0
    for pos, dice in positions(seed):
        roll = dice or ROLLS[int(rng.integers(36))]
        for play in pos.legal_plays(roll):
            if not any(play.hits):
                continue
            text = str(play).replace("*", "")
            try:
                back = pos.parse_play(text, dice=roll)
            except AmbiguousPlayError as e:
                assert str(play) in e.candidates
            else:
                assert pos.play(back) == pos.play(play), (text, roll)
            checked += 1
    assert checked >= 100


@pytest.mark.parametrize(
    "text, dice, expected",
    [
        ("13/7 13/7", (6, 1), "13/7 13/7: the 6 is used twice (13/7 and 13/7), but the roll 6-1 has only one 6 (R5)"),
        ("24/18(3)", (6, 6), ("24/18(3): only 2 checkers of yours stand on point 24, but the play moves 3 checkers "
                             "from there (R5)")),
        ("13/7* 8/7", (6, 1), "13/7* 8/7: there is no lone opposing checker on point 7 to hit (R8)"),
        ("13/6 8/7", (6, 1), "13/6 8/7: 13/6 takes both dice (6 and 1), leaving none for 8/7 (R5)"),
        ("24/18(2) 13/7(2) 8/2", (6, 6), None),  # five tokens: refused while reading (R6)
        ("24/18(2) 13/7 8/2/off", (6, 6), ("24/18(2) 13/7 8/2/off: that needs 5 moves of 6, but the roll 6-6 gives "
                                          "four (R6)")),
    ],
)
def test_the_reported_wrong_reasons_are_now_right(text, dice, expected):
    pos = Position.initial()
    if expected is None:
        with pytest.raises(Exception, match="at most four checkers"):
            pos.parse_play(text, dice=dice)
    else:
        assert message(pos, text, dice) == expected


def test_both_ways_blocked_names_both_points():
    pos = Position.from_counts({24: 1, 6: 14}, {7: 2, 6: 2, 0: 11})  # my 18 and 19 closed
    assert message(pos, "24/13", (6, 5)) == "24/13 must stop on the way at point 19 or point 18, and both are closed (R5, R7)"
    assert message(pos, "24/12", (6, 6)) == ("24/12 must stop on the way at point 18, which is closed: the opponent "
                                             "has 2 checkers there (R5, R7)")


def test_bear_off_sentences_tell_r17_r18_r19_apart():
    # R18: every checker is below the 6, so the 6 takes the highest (5), not the 3.
    pos = Position.from_counts({5: 1, 3: 1, 0: 13}, {24: 2, 0: 13})
    assert message(pos, "3/off", (6, 6)).endswith("a 6 bears off from your highest point, 5, not from point 3 (R18)")
    # R19: point 4 empty with a checker on 5 above it: the 4 cannot bear off at all.
    assert message(pos, "3/off", (4, 4)).endswith("the 4 must be played inside the board (R19)")
    # R17: a checker on 5 takes the 5.
    assert "from point 5 (R17)" in message(pos, "3/off", (5, 5))
