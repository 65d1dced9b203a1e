"""The engine against the independent brute-force oracle (tests/support/reference.py), on >= 20,000 cases.

Cases come from random games played by the engine itself and from purpose-built generators
(tests/support/positions.py): checkers on the bar against 0-6 closed points, primes, bear-offs with
gaps and with contact, positions where only one die or only the higher die can be played,
doubles blocked after 1-3 moves, hypergammon (R5-R21, V5, X3). Everything is seeded.
"""

from __future__ import annotations

import numpy as np
import pytest

from bgsim import Position
from tests.support.games import random_game_cases
from tests.support.positions import GENERATORS, is_valid, sample_case
from tests.support.reference import reference_moves, reference_results

CASES_PER_GENERATOR = 1200
RANDOM_GAME_CASES = 8000
CAUCASIAN_CASES_PER_GENERATOR = 200


def engine_results(pos: Position, dice, caucasian=False):
    """The engine's distinct results, in the mover's view (un-swapping ``play``'s result)."""
    out = set()
    for play in pos.legal_plays(dice, caucasian=caucasian):
        after = pos.play(play, caucasian=caucasian)
        out.add((after.theirs, after.mine))
    return out


def _compare(cases, caucasian=False):
    failures = []
    for mine, theirs, dice in cases:
        pos = Position(mine, theirs)
        got = engine_results(pos, dice, caucasian)
        want = set(reference_results(mine, theirs, dice, caucasian=caucasian))
        if got != want:
            failures.append((pos, dice, len(got), len(want)))
    return failures


def test_engine_matches_reference_on_random_games():
    cases = random_game_cases(RANDOM_GAME_CASES, seed=20261201)
    failures = _compare(cases)
    assert not failures, failures[:5]


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_engine_matches_reference_on_generated_positions(name):
    rng = np.random.default_rng(sum(map(ord, name)))
    cases = [sample_case(name, rng) for _ in range(CASES_PER_GENERATOR)]
    assert all(is_valid(m, t, checkers=sum(m)) for m, t, _ in cases)
    failures = _compare(cases)
    assert not failures, failures[:5]


@pytest.mark.parametrize("name", ["home_hits", "anything", "bearoff_contact", "bar"])
def test_engine_matches_reference_caucasian(name):
    rng = np.random.default_rng(1000 + sum(map(ord, name)))
    cases = [sample_case(name, rng) for _ in range(CAUCASIAN_CASES_PER_GENERATOR * 2)]
    failures = _compare(cases, caucasian=True)
    assert not failures, failures[:5]


def test_case_count_meets_the_target():
    total = RANDOM_GAME_CASES + CASES_PER_GENERATOR * len(GENERATORS)
    assert total >= 20_000


@pytest.mark.parametrize("seed", range(3))
def test_engine_step_sequences_are_legal_sequences(seed):
    """Each play's own steps are one of the oracle's legal step sequences to that result."""
    rng = np.random.default_rng(seed)
    names = sorted(GENERATORS)
    for _ in range(150):
        mine, theirs, dice = sample_case(names[int(rng.integers(len(names)))], rng)
        pos = Position(mine, theirs)
        seqs = reference_moves(mine, theirs, dice)
        for play in pos.legal_plays(dice):
            after = pos.play(play)
            key = (after.theirs, after.mine)
            assert key in seqs
            assert play.steps in seqs[key], (pos, dice, str(play))
