"""Dice: the 36 rolls, the 21 distinct rolls, the opening roll (R4, R6), reproducible randomness."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np

from bgsim.engine.dice import ALL_ROLLS, DISTINCT_ROLLS, OPENING_ROLLS, probability, rng_from, roll, roll_opening


def test_roll_tables():
    assert len(set(ALL_ROLLS)) == 36
    assert sum(w for _, w in DISTINCT_ROLLS) == 36 and len(DISTINCT_ROLLS) == 21
    assert all((w == 1) == (a == b) for (a, b), w in DISTINCT_ROLLS)  # R6: doubles are one roll of 36
    assert Counter(tuple(sorted(r)) for r in ALL_ROLLS) == {tuple(sorted(r)): w for r, w in DISTINCT_ROLLS}


def test_R4_opening_rolls():
    assert len(OPENING_ROLLS) == 30 and not any(a == b for a, b in OPENING_ROLLS)
    rng = np.random.default_rng(11)
    n = 30_000
    counts = Counter()
    for _ in range(n):
        starter, d0, d1 = roll_opening(rng)
        assert d0 != d1 and starter == (0 if d0 > d1 else 1)
        counts[(d0, d1)] += 1
    assert set(counts) == set(OPENING_ROLLS)
    # each ordered opening roll has probability 1/30; 4.5 standard errors covers 30 cells comfortably
    sd = (n * (1 / 30) * (29 / 30)) ** 0.5
    assert all(abs(c - n / 30) < 4.5 * sd for c in counts.values())


def test_rolls_are_reproducible_and_fair():
    assert [roll(rng_from(5)) for _ in range(3)] == [roll(rng_from(5)) for _ in range(3)]
    g = rng_from(8)
    assert rng_from(g) is g
    n = 36_000
    counts = Counter(roll(g) for _ in range(n))
    sd = (n * (1 / 36) * (35 / 36)) ** 0.5
    assert set(counts) == set(ALL_ROLLS) and all(abs(c - n / 36) < 4.5 * sd for c in counts.values())


def test_probability_is_exact():
    assert probability(lambda r: r[0] == r[1]) == Fraction(1, 6)
    assert probability(lambda r: sum(r) == 7) == Fraction(1, 6)


def test_check_dice_accepts_two_dice_and_names_the_roll_and_error_class():
    import pytest

    from bgsim.engine.dice import check_dice
    from bgsim.engine.errors import IllegalPlayError, RuleViolationError
    from bgsim.engine.plays import check_dice as from_plays

    assert from_plays is check_dice   # still importable from where callers used it
    assert check_dice([6, 1]) == (6, 1) and check_dice(np.array([3, 3])) == (3, 3)
    assert all(type(d) is int for d in check_dice((np.int64(2), np.int8(5))))
    for bad in [(0, 1), (7, 1), (1,), (1, 2, 3), (True, 1), (1.0, 2), "61", None, 5]:
        with pytest.raises(IllegalPlayError, match="R2"):
            check_dice(bad)
    with pytest.raises(RuleViolationError, match=r"^an opening roll is two dice from 1 to 6, not \(0, 6\) \(R2\)$"):
        check_dice((0, 6), what="an opening roll", error=RuleViolationError)
