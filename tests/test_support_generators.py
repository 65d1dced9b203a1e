"""Tests of the position generators (tests/support/positions.py): every generator always yields
valid positions (26 counts a side, the right number of checkers, no point held by both sides) and
has the property it promises, the rule-related ones checked with the reference oracle
(tests/support/reference.py)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given

from tests.support.positions import (
    GENERATORS,
    TRIPLE_GENERATORS,
    checkers_of,
    closed_runs,
    gen_bar,
    gen_bearoff_contact,
    gen_bearoff_gaps,
    gen_doubles_blocked,
    gen_higher_die,
    gen_home_hits,
    gen_hypergammon,
    gen_one_die,
    gen_prime,
    playable_first_dice,
    position_problems,
    random_dice,
    sample_case,
    valid_positions,
)
from tests.support.reference import reference_max_dice, reference_moves, reference_results

BAR = 25
OFF = 0
SAMPLES = 200


def samples(generator, seed=7, n=SAMPLES):
    rng = np.random.default_rng(seed)
    return [generator(rng) for _ in range(n)]


def raw_problems(mine, theirs, checkers):
    """The validity rules written out once more, independently of position_problems."""
    problems = []
    for s in (mine, theirs):
        if len(s) != 26 or any(c < 0 for c in s) or sum(s) != checkers or s[OFF] == checkers:
            problems.append(s)
    for p in range(1, 25):
        if mine[p] > 0 and theirs[25 - p] > 0:
            problems.append(p)
    return problems


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_every_generator_yields_valid_positions(name):
    """Sum (15, or 3 for X3), no negative count, no point held by both sides, not finished."""
    n = checkers_of(name)
    for made in samples(GENERATORS[name]):
        assert len(made) == (3 if name in TRIPLE_GENERATORS else 2)
        mine, theirs = made[0], made[1]
        assert all(type(c) is int for c in mine + theirs)
        assert raw_problems(mine, theirs, n) == []
        assert position_problems(mine, theirs, n) == []


def test_position_problems_finds_each_kind_of_fault():
    good = tuple([0] * 6 + [5, 0, 3, 0, 0, 0, 0, 5] + [0] * 10 + [2, 0])
    assert position_problems(good, good) == []
    shared = list(good)
    shared[6] -= 1
    shared[1] += 1  # my 1-point = their 24-point, where they have 2
    assert position_problems(shared, good) == ["my point 1 is also held by the opponent"]
    assert position_problems(good[:-1], good) != []
    negative = list(good)
    negative[6] = -1
    negative[7] = 6
    assert position_problems(negative, good) != []
    assert position_problems(tuple([15] + [0] * 25), good) != []  # every checker off
    assert position_problems(good, good, checkers=3) != []


def test_random_dice_covers_all_36_rolls():
    rng = np.random.default_rng(3)
    counts = Counter(random_dice(rng) for _ in range(3600))
    assert set(counts) == {(a, b) for a in range(1, 7) for b in range(1, 7)}
    assert all(40 <= c <= 170 for c in counts.values())


@given(valid_positions(15))
def test_valid_positions_strategy(position):
    assert raw_problems(*position, 15) == []


@given(valid_positions(3))
def test_valid_positions_strategy_hypergammon(position):
    assert raw_problems(*position, 3) == []


# --------------------------------------------------------------------------------------------
# The promised properties
# --------------------------------------------------------------------------------------------


def test_gen_hypergammon_has_three_a_side():
    """X3: 3 checkers a side."""
    for mine, theirs in samples(gen_hypergammon):
        assert sum(mine) == sum(theirs) == 3


def test_gen_bar_has_1_to_4_on_the_bar_and_covers_0_to_6_closed_points():
    """R13-R15: 1-4 of mine on the bar; the number of closed points in their home board takes
    every value 0-6 over the samples."""
    closed_counts = set()
    for mine, theirs in samples(gen_bar, n=400):
        assert 1 <= mine[BAR] <= 4
        closed_counts.add(sum(1 for q in range(1, 7) if theirs[q] >= 2))
    assert closed_counts == set(range(7))


def test_gen_prime_traps_checkers_behind_4_to_6_closed_points():
    """R9: a maximal run of 4-6 consecutive points closed for me, with a checker of mine on a
    higher point (or on the bar) behind it."""
    lengths = set()
    for mine, theirs in samples(gen_prime):
        trapped = [
            length
            for length, top in closed_runs(theirs)
            if 4 <= length <= 6 and (mine[BAR] > 0 or any(mine[p] for p in range(top + 1, 25)))
        ]
        assert trapped
        lengths.update(trapped)
    assert lengths == {4, 5, 6}


def test_gen_bearoff_gaps_is_a_race_with_gaps():
    """R16-R19: all of mine home or off, an empty point below my highest point, and none of
    theirs in my home board or on their bar."""
    for mine, theirs in samples(gen_bearoff_gaps):
        assert sum(mine[7:]) == 0
        highest = max(p for p in range(1, 7) if mine[p])
        assert any(mine[p] == 0 for p in range(1, highest))
        assert sum(theirs[19:]) == 0  # their 19-24 = my 6-1, and their bar


def test_gen_bearoff_contact_has_contact():
    """R21: mine home, off or on the bar; and either theirs in my home board / on their bar,
    or one of mine on the bar with some off. Both kinds occur."""
    kinds = set()
    for mine, theirs in samples(gen_bearoff_contact):
        assert sum(mine[7:25]) == 0
        their_contact = sum(theirs[19:26]) > 0
        hit_in_bearoff = mine[BAR] > 0 and mine[OFF] > 0
        assert their_contact or hit_in_bearoff
        kinds.add("theirs" if not hit_in_bearoff else "mine")
    assert kinds == {"theirs", "mine"}


def test_gen_home_hits_has_a_blot_in_my_home_board():
    """V5: some blot of theirs on my points 1-6, so home-board hits can happen."""
    for mine, theirs in samples(gen_home_hits):
        assert any(theirs[25 - p] == 1 for p in range(1, 7))


def test_gen_home_hits_often_makes_the_caucasian_rule_matter():
    """V5: over random rolls, the Caucasian results differ from the standard ones in some cases."""
    rng = np.random.default_rng(11)
    differs = 0
    for _ in range(200):
        mine, theirs = gen_home_hits(rng)
        dice = random_dice(rng)
        if reference_results(mine, theirs, dice) != reference_results(mine, theirs, dice, caucasian=True):
            differs += 1
    assert differs >= 10


def test_gen_one_die_only_one_die_is_playable():
    """R11 (second sentence): a non-double, at most one die can be used, and only one of the
    two can be played at all; all results come from that die. Both the lower and the higher
    die are the playable one in some samples."""
    which = set()
    for mine, theirs, dice in samples(gen_one_die):
        assert dice[0] != dice[1]
        assert reference_max_dice(mine, theirs, dice) == 1
        (playable,) = playable_first_dice(mine, theirs, dice)
        which.add("low" if playable == min(dice) else "high")
        for seqs in reference_moves(mine, theirs, dice).values():
            for ((src, dst),) in seqs:
                assert src - dst == playable
    assert which == {"low", "high"}


def test_gen_higher_die_must_play_the_higher_die():
    """R11: a non-double, each die playable alone, no sequence plays both; every legal result
    is one step of the higher die."""
    for mine, theirs, dice in samples(gen_higher_die):
        assert dice[0] != dice[1]
        assert reference_max_dice(mine, theirs, dice) == 1
        assert playable_first_dice(mine, theirs, dice) == set(dice)
        high = max(dice)
        for seqs in reference_moves(mine, theirs, dice).values():
            for ((src, dst),) in seqs:
                assert src - dst == high or (dst == OFF and src < high)


def test_gen_doubles_blocked_plays_1_2_or_3_dice():
    """R6, R10: a double of which 1, 2 or 3 dice can be played; each count occurs."""
    counts = set()
    for mine, theirs, dice in samples(gen_doubles_blocked):
        assert dice[0] == dice[1]
        used = reference_max_dice(mine, theirs, dice)
        assert 1 <= used <= 3
        counts.add(used)
    assert counts == {1, 2, 3}


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_sample_case_gives_a_roll(name):
    rng = np.random.default_rng(5)
    for _ in range(20):
        mine, theirs, dice = sample_case(name, rng)
        assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)
        assert sum(mine) == checkers_of(name)


def test_generators_are_reproducible():
    """All randomness comes from the Generator passed in."""
    for name, generator in GENERATORS.items():
        assert samples(generator, seed=99, n=5) == samples(generator, seed=99, n=5), name
