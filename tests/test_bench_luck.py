"""Tests of the benchmarks' luck judge (benchmarks/luck.py): the luck of a roll averages to 0
over the dice as they are drawn (R3; the opening roll R4), so luck-adjusted results keep the
expected value of the raw ones, and the adjustment narrows their spread."""

from __future__ import annotations

import itertools
import math
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_strength import compiled_side, dice_stream, play_game
from luck import LuckJudge

from bgsim import Position


@pytest.fixture(scope="module")
def judge() -> LuckJudge:
    return LuckJudge()


def positions_of_a_game(seed: int, turns: int) -> list[np.ndarray]:
    """The boards before each roll of a game of the network against the heuristic player."""
    net, heuristic = compiled_side("net"), compiled_side("heuristic")
    b, dice, out = Position.initial().to_array(), dice_stream(seed, 0), []
    for t in range(turns):
        out.append(b.copy())
        d1, d2 = next(dice)
        b = (net if t % 2 == 0 else heuristic).choose(b, d1, d2)
        if b[1, 0] == 15:
            break
    return out


def test_the_luck_of_a_roll_averages_to_zero_over_the_36_rolls(judge: LuckJudge) -> None:
    """R3: each of the 36 ordered rolls is equally likely; their luck sums to 0 in any position."""
    boards = positions_of_a_game(11, 60)
    assert len(boards) > 20
    varied = 0
    for b in boards[1::3]:
        lucks = [judge(b, d1, d2) for d1, d2 in itertools.product(range(1, 7), repeat=2)]
        assert abs(sum(lucks)) < 1e-9
        varied += max(lucks) > min(lucks)                # some rolls are better than others ...
    assert varied >= 0.8 * len(boards[1::3])             # ... except where every roll is alike (a dance, R14)


def test_the_opening_luck_averages_to_zero_over_the_30_opening_rolls(judge: LuckJudge) -> None:
    """R4: the first roll is never a double; its luck is measured against those 30 rolls."""
    b = Position.initial().to_array()
    lucks = [judge(b, d1, d2, opening=True) for d1, d2 in itertools.permutations(range(1, 7), 2)]
    assert len(lucks) == 30
    assert abs(sum(lucks)) < 1e-9
    assert judge(b, 3, 1, opening=True) == max(lucks)   # 3-1 makes the 5-point: the best opening roll
    assert abs(sum(judge(b, d1, d2, opening=False) for d1, d2 in itertools.product(range(1, 7), repeat=2))) < 1e-9


def test_luck_adjusted_results_keep_the_mean_and_narrow_the_spread(judge: LuckJudge) -> None:
    """300 games of the network against the heuristic player on seeded dice: the adjusted
    points agree with the raw points within their sampling error, and spread far less."""
    net, heuristic = compiled_side("net"), compiled_side("heuristic")
    raw, adjusted = [], []
    for i in range(150):
        for first, second, sign in ((net, heuristic, 1), (heuristic, net, -1)):
            pts, luck = play_game(first.choose, second.choose, dice_stream(77, i), judge)
            raw.append(sign * pts)
            adjusted.append(sign * (pts - luck))
    raw_a, adj_a = np.array(raw, dtype=float), np.array(adjusted)
    assert adj_a.std() < 0.7 * raw_a.std()
    diff = raw_a - adj_a                                 # the net's luck: 0 on average
    assert abs(diff.mean()) < 4 * diff.std(ddof=1) / math.sqrt(len(diff))
