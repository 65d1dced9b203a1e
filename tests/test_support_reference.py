"""Tests of the reference oracle itself (tests/support/reference.py), rule by rule.

Every expected result below was worked out by hand from the rules (docs/rules.md; the reasoning is in the
docstring), never copied from the oracle's output. Expected positions are written as the
hand-chosen checker steps of each legal play, applied by the tiny ``after`` helper, which
only moves checkers and sends hit blots to the bar: it knows no rule of legality.

Board convention (R1): 26 counts, 0 = off, 1..24 = points, 25 = bar, each
side in its own numbering; my point p is their point 25 - p. ``side({...})`` fills the
rest of a side's checkers in as borne off.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.positions import GENERATORS, TRIPLE_GENERATORS, checkers_of, sample_case, valid_positions
from tests.support.reference import reference_max_dice, reference_moves, reference_results

BAR = 25
OFF = 0


def side(points: dict[int, int] | None = None, checkers: int = 15) -> tuple[int, ...]:
    """A side's 26 counts from {point: count}; the remaining checkers are off."""
    counts = [0] * 26
    for point, n in (points or {}).items():
        counts[point] += n
    counts[OFF] += checkers - sum(counts)
    assert counts[OFF] >= 0
    return tuple(counts)


def after(mine, theirs, steps):
    """Apply single steps (from, to) mechanically: a landing on a lone opposing checker hits it."""
    mine, theirs = list(mine), list(theirs)
    for src, dst in steps:
        assert mine[src] > 0, f"no checker on {src}"
        mine[src] -= 1
        mine[dst] += 1
        if 1 <= dst <= 24 and theirs[25 - dst] == 1:
            theirs[25 - dst] = 0
            theirs[BAR] += 1
    return tuple(mine), tuple(theirs)


def plays(mine, theirs, *step_lists):
    """The set of positions after each hand-chosen play."""
    return {after(mine, theirs, steps) for steps in step_lists}


START = side({24: 2, 13: 5, 8: 3, 6: 5})  # R3


# --------------------------------------------------------------------------------------------
# R5 dice are separate moves; R7 open and closed points; R8 hitting
# --------------------------------------------------------------------------------------------


def test_R5_no_jump_over_two_closed_intermediate_points():
    """R5: 6-5 with one checker on my 24: 24/18 and 24/19 both closed, so 24/13 is illegal
    even though 13 itself is open. Nothing moves (R12)."""
    mine = side({24: 1})
    theirs = side({7: 2, 6: 2})  # their 7 = my 18, their 6 = my 19
    assert reference_results(mine, theirs, (6, 5)) == {(mine, theirs)}
    assert reference_max_dice(mine, theirs, (6, 5)) == 0


def test_R5_one_open_intermediate_point_is_enough():
    """R5: with only my 18 closed, the checker goes 24/19/13 (5 first, then 6)."""
    mine = side({24: 1})
    theirs = side({7: 2})
    assert reference_results(mine, theirs, (6, 5)) == plays(mine, theirs, [(24, 19), (19, 13)])
    assert reference_moves(mine, theirs, (6, 5)) == {
        after(mine, theirs, [(24, 19), (19, 13)]): frozenset({((24, 19), (19, 13))})
    }


def test_R5_opening_6_5_plays():
    """R5, R3: the opening 6-5. Their checkers close my 1, 12, 17 and 19.
    6s: 24/18, 13/7, 8/2 (6/off is illegal: not all home). 5s: 13/8, 8/3 (24/19, 6/1 closed).
    Different checkers: {24/18, 13/7, 8/2} x {13/8, 8/3} = 6 plays; one checker: 24/18/13 and
    13/7/2. But 8/2 13/8 leaves the same position as 13/7/2 (one checker from 13 to 2), so
    there are 7 distinct results."""
    results = reference_results(START, START, (6, 5))
    expected = plays(
        START,
        START,
        [(24, 18), (18, 13)],
        [(24, 18), (13, 8)],
        [(24, 18), (8, 3)],
        [(13, 7), (13, 8)],
        [(13, 7), (8, 3)],
        [(13, 7), (7, 2)],
        [(8, 2), (13, 8)],
        [(8, 2), (8, 3)],
    )
    assert len(expected) == 7
    assert results == expected
    assert after(START, START, [(8, 2), (13, 8)]) == after(START, START, [(13, 7), (7, 2)])


def test_R7_own_point_blot_and_closed_point():
    """R7, R8: A on 9, B on 3 (not all home, so no bear-off); my 8 is closed, my 2 holds a blot.
    6-1: 9/8 is closed, so the 1 must be 3/2* (hit) and the 6 is 9/3 (onto my own checker),
    in either order. Single result: checkers on 3 and 2, their blot on the bar."""
    mine = side({9: 1, 3: 1})
    theirs = side({17: 2, 23: 1})  # their 17 = my 8, their 23 = my 2
    expected = plays(mine, theirs, [(9, 3), (3, 2)])
    assert reference_results(mine, theirs, (6, 1)) == expected
    (result,) = expected
    assert result[1][23] == 0 and result[1][BAR] == 1


def test_R8_hit_and_keep_moving():
    """R8: 6-5 from my 24 with their blot on my 18: 24/18*/13 (hit, then on) or 24/19/13."""
    mine = side({24: 1})
    theirs = side({7: 1})
    hit, quiet = after(mine, theirs, [(24, 18), (18, 13)]), after(mine, theirs, [(24, 19), (19, 13)])
    assert hit[1][BAR] == 1 and quiet[1][BAR] == 0
    assert reference_results(mine, theirs, (6, 5)) == {hit, quiet}
    assert reference_moves(mine, theirs, (6, 5)) == {
        hit: frozenset({((24, 18), (18, 13))}),
        quiet: frozenset({((24, 19), (19, 13))}),
    }


# --------------------------------------------------------------------------------------------
# R6 doubles
# --------------------------------------------------------------------------------------------


def test_R6_double_is_four_moves_of_one_checker():
    """R6: 4-4 with a lone checker on my 24: 24/20/16/12/8."""
    mine = side({24: 1})
    assert reference_results(mine, side(), (4, 4)) == plays(mine, side(), [(24, 20), (20, 16), (16, 12), (12, 8)])


def test_R6_R7_passing_over_a_closed_point_is_fine():
    """R6, R7: 4-4 with my 14 closed: no landing on 14, so 24/8 still works."""
    mine = side({24: 1})
    theirs = side({11: 2})  # my 14
    assert reference_results(mine, theirs, (4, 4)) == plays(mine, theirs, [(24, 20), (20, 16), (16, 12), (12, 8)])


def test_R6_R10_closed_landing_point_stops_the_double():
    """R6, R10: 4-4 with my 16 closed: 24/20 and then no 4 anywhere: one die played."""
    mine = side({24: 1})
    theirs = side({9: 2})  # my 16
    assert reference_results(mine, theirs, (4, 4)) == plays(mine, theirs, [(24, 20)])
    assert reference_max_dice(mine, theirs, (4, 4)) == 1


def test_R6_any_combination_of_checkers():
    """R6: 1-1 with checkers on my 24 and 13 and an open board: k moves for the back checker and
    4 - k for the other, k = 0..4: five distinct results."""
    mine = side({24: 1, 13: 1})
    expected = {
        after(mine, side(), [(24 - i, 23 - i) for i in range(k)] + [(13 - i, 12 - i) for i in range(4 - k)])
        for k in range(5)
    }
    assert len(expected) == 5
    assert reference_results(mine, side(), (1, 1)) == expected


def test_R6_R10_three_of_four():
    """R6, R10: 3-3 from my 24 with my 12 closed: 24/21/18/15, the fourth 3 is lost."""
    mine = side({24: 1})
    theirs = side({13: 2})  # my 12
    assert reference_results(mine, theirs, (3, 3)) == plays(mine, theirs, [(24, 21), (21, 18), (18, 15)])
    assert reference_max_dice(mine, theirs, (3, 3)) == 3


# --------------------------------------------------------------------------------------------
# R9 primes
# --------------------------------------------------------------------------------------------


def test_R9_six_point_prime_cannot_be_passed():
    """R9: my 13-18 closed (their 7-12): checkers on my 22 and 20 stay on 19 or above for every roll."""
    mine = side({22: 1, 20: 1})
    theirs = side({q: 2 for q in range(7, 13)})
    for d1 in range(1, 7):
        for d2 in range(d1, 7):
            for result, _ in reference_results(mine, theirs, (d1, d2)):
                assert sum(result[1:19]) == 0, (d1, d2)
                assert sum(result[19:25]) == 2


# --------------------------------------------------------------------------------------------
# R10, R11, R12 forced play
# --------------------------------------------------------------------------------------------


def test_R10_must_use_both_dice_even_when_a_natural_play_uses_one():
    """R10 (with R14, R15): one on the bar, one on my 10, the rest on my 1-point (stuck: no
    bear-off with a checker outside). 6-5; my 14 and my 5 closed.
    Entering with the 6 (bar/19) leaves no 5: 19/14 and 10/5 are closed.
    Entering with the 5 (bar/20) leaves the 6: 20/14 closed, but 10/4 is open.
    So bar/20 10/4 is the only legal play; bar/19 alone is not."""
    mine = side({BAR: 1, 10: 1, 1: 13})
    theirs = side({11: 2, 20: 2})  # their 11 = my 14, their 20 = my 5
    assert reference_results(mine, theirs, (6, 5)) == plays(mine, theirs, [(BAR, 20), (10, 4)])
    assert after(mine, theirs, [(BAR, 19)]) not in reference_results(mine, theirs, (6, 5))


def test_R11_higher_die_when_only_one_can_be_played():
    """R11: lone checker on my 24, my 13 closed: 24/18 or 24/19 alone, never both (both
    continuations land on 13). The 6 must be played: only 24/18. Dice order does not matter."""
    mine = side({24: 1})
    theirs = side({12: 2})  # my 13
    expected = plays(mine, theirs, [(24, 18)])
    assert reference_results(mine, theirs, (6, 5)) == expected
    assert reference_results(mine, theirs, (5, 6)) == expected
    assert reference_max_dice(mine, theirs, (5, 6)) == 1


def test_R11_only_the_playable_die_when_the_higher_one_is_blocked():
    """R11 (second sentence): as above with my 18 closed too: the 6 cannot be played at all,
    so the 5 is played: 24/19."""
    mine = side({24: 1})
    theirs = side({12: 2, 7: 2})  # my 13, my 18
    assert reference_results(mine, theirs, (6, 5)) == plays(mine, theirs, [(24, 19)])


def test_R12_no_legal_move_forfeits_the_turn():
    """R12, R14: two on the bar against a closed home board: the position stays as it is."""
    mine = side({BAR: 2, 13: 13})
    theirs = side({q: 2 for q in range(1, 7)})
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            assert reference_results(mine, theirs, (d1, d2)) == {(mine, theirs)}
            assert reference_max_dice(mine, theirs, (d1, d2)) == 0
    assert reference_moves(mine, theirs, (6, 5)) == {(mine, theirs): frozenset({()})}


# --------------------------------------------------------------------------------------------
# R13, R14, R15 the bar
# --------------------------------------------------------------------------------------------

# One of mine on the bar, 14 on my 13; their 6, 4, 3, 2, 1 points closed (my 19, 21-24), only
# their 5-point (my 20) open.
BAR_MINE = side({BAR: 1, 13: 14})
BAR_THEIRS = side({6: 2, 4: 2, 3: 2, 2: 2, 1: 2, 13: 5})


def test_R13_R14_nothing_moves_when_no_die_enters():
    """R13, R14: 6-4: neither die enters (my 19 and 21 closed). 13/7 would be legal otherwise,
    but no other checker may move: the turn is forfeited."""
    assert reference_results(BAR_MINE, BAR_THEIRS, (6, 4)) == {(BAR_MINE, BAR_THEIRS)}


def test_R14_enter_on_point_25_minus_die_then_play_on():
    """R14: 6-5: the 5 enters on my 20 (their 5-point); then the 6 is free for any checker:
    20/14 or 13/7. Entering with the 6 is impossible (my 19 closed)."""
    expected = plays(BAR_MINE, BAR_THEIRS, [(BAR, 20), (20, 14)], [(BAR, 20), (13, 7)])
    assert reference_results(BAR_MINE, BAR_THEIRS, (6, 5)) == expected


def test_R14_entering_can_hit():
    """R14, R8: 3-3, their blot on their 3-point (my 22); my other checkers are on my 1-point
    (they cannot move: no bear-off while one is outside home). bar/22*/19/16/13."""
    mine = side({BAR: 1, 1: 14})
    theirs = side({3: 1})
    expected = plays(mine, theirs, [(BAR, 22), (22, 19), (19, 16), (16, 13)])
    assert reference_results(mine, theirs, (3, 3)) == expected
    (result,) = expected
    assert result[1][BAR] == 1


def test_R15_partial_entry_forfeits_the_rest():
    """R15: two on the bar, my 19 closed. 6-4: one enters with the 4 (bar/21); the other stays on
    the bar, so the 6 is lost (13/7 is not allowed)."""
    mine = side({BAR: 2, 13: 13})
    theirs = side({6: 2})
    assert reference_results(mine, theirs, (6, 4)) == plays(mine, theirs, [(BAR, 21)])
    assert reference_max_dice(mine, theirs, (6, 4)) == 1


def test_R15_after_all_enter_the_rest_is_played_by_any_checker():
    """R15: two on the bar, 3-3, open board: both enter on my 22, then two more 3s by any
    checker: 22/19(2), 22/16, 22/19 13/10, 13/10(2), 13/7: five results."""
    mine = side({BAR: 2, 13: 13})
    enter = [(BAR, 22), (BAR, 22)]
    expected = plays(
        mine,
        side(),
        enter + [(22, 19), (22, 19)],
        enter + [(22, 19), (19, 16)],
        enter + [(22, 19), (13, 10)],
        enter + [(13, 10), (13, 10)],
        enter + [(13, 10), (10, 7)],
    )
    assert len(expected) == 5
    assert reference_results(mine, side(), (3, 3)) == expected


# --------------------------------------------------------------------------------------------
# R16-R20 bearing off
# --------------------------------------------------------------------------------------------


def test_R16_no_bear_off_while_a_checker_is_outside_home():
    """R16: checkers on my 12 and my 1; 2-1: 12/10/9 or 12/11/9; 1/off is not allowed."""
    mine = side({12: 1, 1: 1})
    assert reference_results(mine, side(), (2, 1)) == plays(mine, side(), [(12, 10), (10, 9)])


def test_R16_coming_home_enables_bear_off_in_the_same_turn():
    """R16, R18: checkers on my 8 and my 3; 5-4. 8/3 (5) brings all home, then the 4 bears off
    from the 3-point (highest). Or 8/4 (4), then the 5 bears off from the 4-point (highest).
    Either way one checker is left, on the 3-point."""
    mine = side({8: 1, 3: 1})
    assert reference_results(mine, side(), (5, 4)) == {(side({3: 1}), side())}


def test_R17_R20_exact_number_or_move_inside():
    """R17, R20: two on my 6, one on my 4; 6-4. The 6 bears off from 6 (exact); the 4 bears off
    from 4 (exact) or moves 6/2. Plays: 6/off 4/off -> {6}; 6/off 6/2 -> {4, 2}."""
    mine = side({6: 2, 4: 1})
    assert reference_results(mine, side(), (6, 4)) == {(side({6: 1}), side()), (side({4: 1, 2: 1}), side())}


def test_R18_higher_number_from_the_highest_point():
    """R18: one on my 3, one on my 2; 6-5: the 6 takes the 3 (highest), the 5 then the 2: all off."""
    mine = side({3: 1, 2: 1})
    assert reference_results(mine, side(), (6, 5)) == {(side(), side())}


def test_R18_R19_higher_number_only_when_nothing_is_above():
    """R18, R19: one on my 5, one on my 1; 6-2.
    6 first: 5/off (highest), then 2: 1/off (now highest) -> all off.
    2 first: 1/off is illegal (the 5 is above: R19), so 5/3; then the 6 takes the 3 -> {1}."""
    mine = side({5: 1, 1: 1})
    assert reference_results(mine, side(), (6, 2)) == {(side(), side()), (side({1: 1}), side())}


def test_R19_lower_number_never_bears_off_from_a_higher_point():
    """R19: two on my 5, 2-1: no bear-off at all (2- and 1-points empty, 5 above): 5/3 5/4 or
    5/3/2 (= 5/4/2)."""
    mine = side({5: 2})
    expected = {(side({4: 1, 3: 1}), side()), (side({5: 1, 2: 1}), side())}
    assert reference_results(mine, side(), (2, 1)) == expected


def test_R20_bearing_off_is_not_compulsory():
    """R20: one on my 5, one on my 4; 4-1. Plays: 4/off 5/4 -> {4}; 5/1 4/3 -> {3, 1} (no
    checker borne off although 4/off was legal); 5/1 1/off = 5/4 4/off -> {4}."""
    mine = side({5: 1, 4: 1})
    assert reference_results(mine, side(), (4, 1)) == {(side({4: 1}), side()), (side({3: 1, 1: 1}), side())}


# --------------------------------------------------------------------------------------------
# R21 hits during the bear-off
# --------------------------------------------------------------------------------------------


def test_R21_hit_checker_comes_around_before_bearing_off():
    """R21, R16: one of mine on the bar, two on my 1-point, 12 off. 6-6: bar/19/13/7/1; the
    1-point checkers cannot bear off meanwhile (a checker is outside home until the last 6)."""
    mine = side({BAR: 1, 1: 2})
    assert reference_results(mine, side(), (6, 6)) == {(side({1: 3}), side())}


def test_R21_no_bear_off_with_a_checker_on_the_bar():
    """R21: as above, 6-5: bar/19/14 or bar/20/14; nothing is borne off."""
    mine = side({BAR: 1, 1: 2})
    assert reference_results(mine, side(), (6, 5)) == {(side({14: 1, 1: 2}), side())}


def test_R21_R8_hitting_while_bearing_off():
    """R21, R8: mine on my 6 and my 1, their blot on my 4; 2-1.
    2 first: 6/4* (1/off is illegal with a 2: the 6 is above), then 4/3 or 1/off.
    1 first: 6/5 then 5/3; or 1/off then 6/4*.
    Results: {3, 1} with the hit, {4} with the hit, {3, 1} without a hit."""
    mine = side({6: 1, 1: 1})
    theirs = side({21: 1})  # their 21 = my 4
    expected = plays(mine, theirs, [(6, 4), (4, 3)], [(6, 4), (1, 0)], [(6, 5), (5, 3)])
    assert len(expected) == 3
    assert reference_results(mine, theirs, (2, 1)) == expected
    moves = reference_moves(mine, theirs, (2, 1))
    assert moves[after(mine, theirs, [(6, 4), (1, 0)])] == {((6, 4), (1, 0)), ((1, 0), (6, 4))}


# --------------------------------------------------------------------------------------------
# V5 the Caucasian hit rule
# --------------------------------------------------------------------------------------------

# My 24-point stack (13) cannot move with 3s or 2s (my 21 and 22 closed); their blot on my 5.
V5_THEIRS = side({4: 2, 3: 2, 20: 1})


def test_V5_hitter_may_not_join_its_own_checkers():
    """V5: A on my 8, B on my 3; 3-2. Standard plays: 8/5*/3, 8/6/3, 8/5* 3/1.
    Caucasian: 8/5*/3 is out (the hitter would land on B); 8/6/3 (no hit) and 8/5* 3/1 stay."""
    mine = side({24: 13, 8: 1, 3: 1})
    hit_on = after(mine, V5_THEIRS, [(8, 5), (5, 3)])
    quiet = after(mine, V5_THEIRS, [(8, 6), (6, 3)])
    split = after(mine, V5_THEIRS, [(8, 5), (3, 1)])
    assert reference_results(mine, V5_THEIRS, (3, 2)) == {hit_on, quiet, split}
    assert reference_results(mine, V5_THEIRS, (3, 2), caucasian=True) == {quiet, split}
    assert reference_max_dice(mine, V5_THEIRS, (3, 2), caucasian=True) == 2


def test_V5_cover_and_moving_on_to_an_empty_point_are_allowed():
    """V5: A on my 8, C on my 7; 3-2. Plays: 8/5*/3, 8/5* 7/5 (C covers the hitter, also as
    7/5* 8/5 where A covers C), 8/6 7/4, 7/4/2, 8/6/3, 7/5*/2 (hitter on to an empty point).
    All six are legal in the Caucasian variant too."""
    mine = side({24: 13, 8: 1, 7: 1})
    expected = plays(
        mine,
        V5_THEIRS,
        [(8, 5), (5, 3)],
        [(8, 5), (7, 5)],
        [(8, 6), (7, 4)],
        [(7, 4), (4, 2)],
        [(8, 6), (6, 3)],
        [(7, 5), (5, 2)],
    )
    assert len(expected) == 6
    assert reference_results(mine, V5_THEIRS, (3, 2)) == expected
    assert reference_results(mine, V5_THEIRS, (3, 2), caucasian=True) == expected


def test_V5_hitter_may_be_borne_off():
    """V5, R17: A on my 6, B on my 3, all home; their blot on my 4; 4-2.
    6/4*/off (the hitter borne off exactly), 6/2 3/1 (or 3/1 6/2), 6/2/off -> three results,
    the same in both variants."""
    mine = side({6: 1, 3: 1})
    theirs = side({21: 1})
    expected = plays(mine, theirs, [(6, 4), (4, 0)], [(6, 2), (3, 1)], [(6, 2), (2, 0)])
    assert len(expected) == 3
    assert reference_results(mine, theirs, (4, 2)) == expected
    assert reference_results(mine, theirs, (4, 2), caucasian=True) == expected


def test_V5_hitter_may_hit_again():
    """V5: A on my 8, their blots on my 5 and my 3; 3-2: 8/5*/3* is legal in the Caucasian
    variant (3 holds no checker of mine)."""
    mine = side({24: 13, 8: 1})
    theirs = side({4: 2, 3: 2, 20: 1, 22: 1})
    double_hit = after(mine, theirs, [(8, 5), (5, 3)])
    assert double_hit[1][BAR] == 2
    assert double_hit in reference_results(mine, theirs, (3, 2), caucasian=True)


def test_V5_only_hits_in_the_home_board_count():
    """V5: a hit on my 10 (outside my home board) does not restrict the hitter: 13/10*/8 onto
    my own checker is legal in the Caucasian variant."""
    mine = side({24: 13, 13: 1, 8: 1})
    theirs = side({4: 2, 3: 2, 15: 1})  # their 15 = my 10
    play = after(mine, theirs, [(13, 10), (10, 8)])
    assert play in reference_results(mine, theirs, (3, 2), caucasian=True)


def test_V5_with_my_6_closed_only_the_split_play_remains():
    """V5, R10: A on my 8, B on my 3, their blot on my 5 and my 6 closed (so no 8/6).
    3-2 standard: 8/5*/3 and 8/5* 3/1. Caucasian: 8/5*/3 is out, 8/5* 3/1 stays."""
    theirs = side({4: 2, 3: 2, 20: 1, 19: 2})  # their 19 = my 6
    mine = side({24: 13, 8: 1, 3: 1})
    assert reference_results(mine, theirs, (3, 2)) == plays(mine, theirs, [(8, 5), (5, 3)], [(8, 5), (3, 1)])
    assert reference_results(mine, theirs, (3, 2), caucasian=True) == plays(mine, theirs, [(8, 5), (3, 1)])


def test_V5_restriction_can_lower_the_dice_used():
    """V5, R10, R11: as above with my 1 closed too (no 3/1; 3/off is no bear-off while the 24
    stack is out). 3-2 standard: only 8/5*/3 (both dice). Caucasian: that is out, so only one
    die can be played, and only the 3 can be played at all: 8/5*."""
    theirs = side({4: 2, 3: 2, 20: 1, 19: 2, 24: 2})  # my 21, 22 closed; blot my 5; my 6, 1 closed
    mine = side({24: 13, 8: 1, 3: 1})
    hit_on = after(mine, theirs, [(8, 5), (5, 3)])
    assert reference_results(mine, theirs, (3, 2)) == {hit_on}
    assert reference_max_dice(mine, theirs, (3, 2), caucasian=True) == 1
    assert reference_results(mine, theirs, (3, 2), caucasian=True) == plays(mine, theirs, [(8, 5)])


# --------------------------------------------------------------------------------------------
# X3 hypergammon
# --------------------------------------------------------------------------------------------

HYPER_START = side({24: 1, 23: 1, 22: 1}, checkers=3)  # X3


def test_X3_hypergammon_opening_6_5():
    """X3: from 24, 23, 22 (theirs closes nothing: blots only on my 1, 2, 3), 6-5 has 9 plays:
    one checker both dice (24/13, 23/12, 22/11) or the 6 and the 5 on different checkers
    (3 x 2 = 6). None coincide."""
    checkers = (24, 23, 22)
    step_lists = [[(p, p - 6), (p - 6, p - 11)] for p in checkers]
    step_lists += [[(p, p - 6), (q, q - 5)] for p in checkers for q in checkers if p != q]
    expected = plays(HYPER_START, HYPER_START, *step_lists)
    assert len(expected) == 9
    assert reference_results(HYPER_START, HYPER_START, (6, 5)) == expected


def test_X3_hypergammon_bear_off_with_three_checkers():
    """X3, R16-R18: all three of mine home (6, 5, 4; none off) may bear off. 6-5:
    6/off 5/off -> {4}; 6/1 then 5/off with the 6 (highest) -> {4, 1}."""
    mine = side({6: 1, 5: 1, 4: 1}, checkers=3)
    theirs = side({}, checkers=3)
    expected = {(side({4: 1}, checkers=3), theirs), (side({4: 1, 1: 1}, checkers=3), theirs)}
    assert reference_results(mine, theirs, (6, 5)) == expected


def test_X3_hypergammon_bar():
    """X3, R14, R15: two of my three on the bar; their 5-point closed, a blot on their 6-point.
    6-5: the 6 enters hitting (bar/19*), the 5 cannot enter, so the other checker stays on
    the bar and the rest of the roll is lost (10/5 is not allowed)."""
    mine = side({BAR: 2, 10: 1}, checkers=3)
    theirs = side({5: 2, 6: 1}, checkers=3)
    assert reference_results(mine, theirs, (6, 5)) == plays(mine, theirs, [(BAR, 19)])


# --------------------------------------------------------------------------------------------
# Input checks, and properties that must hold in every position
# --------------------------------------------------------------------------------------------


def test_invalid_input_is_rejected():
    """Positions sharing a point, wrong lengths and impossible dice raise ValueError."""
    with pytest.raises(ValueError):
        reference_results(side({1: 1}), side({24: 1}), (1, 2))  # my 1 = their 24
    with pytest.raises(ValueError):
        reference_results(START[:25], START, (1, 2))
    with pytest.raises(ValueError):
        reference_results(START, START, (0, 2))


def _pips(board):
    return sum(p * n for p, n in enumerate(board))


def _check_invariants(mine, theirs, dice, caucasian):
    results = reference_results(mine, theirs, dice, caucasian=caucasian)
    used = reference_max_dice(mine, theirs, dice, caucasian=caucasian)
    assert results
    d1, d2 = dice
    # R6: at most four dice for a double, two otherwise; R12: nothing moves -> unchanged.
    assert 0 <= used <= (4 if d1 == d2 else 2)
    if used == 0:
        assert results == {(tuple(mine), tuple(theirs))}
    # The order the dice are named in does not matter.
    assert results == reference_results(mine, theirs, (d2, d1), caucasian=caucasian)
    for m, t in results:
        assert sum(m) == sum(mine) and sum(t) == sum(theirs)
        assert min(m) >= 0 and min(t) >= 0
        assert all(not (m[p] and t[25 - p]) for p in range(1, 25))
        # My pips drop by the dice used (less only when a higher number bears off, R18).
        drop = _pips(mine) - _pips(m)
        most = used * d1 if d1 == d2 else (d1 + d2 if used == 2 else max(d1, d2))
        assert 0 < drop <= most or used == drop == 0
        if m[OFF] == mine[OFF] and used:
            assert drop == most or (used == 1 and d1 != d2 and drop == min(d1, d2))
        # Their checkers only go from points to the bar (R8).
        assert t[OFF] == theirs[OFF]
        assert all(t[q] <= theirs[q] for q in range(1, 25))
        assert t[BAR] - theirs[BAR] == sum(theirs[1:25]) - sum(t[1:25])
    # An independent depth-first enumeration of every step sequence reaches the same set.
    moves = reference_moves(mine, theirs, dice, caucasian=caucasian)
    assert set(moves) == set(results)
    for seqs in moves.values():
        assert all(len(seq) == used for seq in seqs)
    return results, used


@given(valid_positions(15), st.integers(1, 6), st.integers(1, 6))
def test_invariants_on_random_positions(position, d1, d2):
    """R5-R21 invariants and the DFS cross-check on Hypothesis positions (standard and V5)."""
    mine, theirs = position
    standard, used = _check_invariants(mine, theirs, (d1, d2), caucasian=False)
    caucasian, used_v5 = _check_invariants(mine, theirs, (d1, d2), caucasian=True)
    # V5 only forbids steps: never more dice; with as many dice, a subset of the standard plays.
    assert used_v5 <= used
    if used_v5 == used:
        assert caucasian <= standard
    # With no blot of theirs in my home board nothing can be hit there: V5 changes nothing.
    if not any(theirs[25 - p] == 1 for p in range(1, 7)):
        assert caucasian == standard


@given(valid_positions(3), st.integers(1, 6), st.integers(1, 6))
def test_invariants_on_hypergammon_positions(position, d1, d2):
    """X3: the same invariants with 3 checkers a side."""
    mine, theirs = position
    _check_invariants(mine, theirs, (d1, d2), caucasian=False)


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_invariants_on_generated_positions(name):
    """The invariants and the DFS cross-check on every targeted generator's positions."""
    rng = np.random.default_rng(20240601)
    for _ in range(40):
        mine, theirs, dice = sample_case(name, rng)
        assert sum(mine) == checkers_of(name)
        _check_invariants(mine, theirs, dice, caucasian=False)
        _check_invariants(mine, theirs, dice, caucasian=True)
    assert set(TRIPLE_GENERATORS) <= set(GENERATORS)
