"""Positions met in random self-play games played by the engine, for tests that compare the
engine with another reading of the rules on realistic positions."""

from __future__ import annotations

import numpy as np

from bgsim import Position


def random_game_cases(n: int, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, int]]]:
    """(mine, theirs, dice) from random self-play games (all 21 rolls occur)."""
    rng = np.random.default_rng(seed)
    cases = []
    while len(cases) < n:
        pos = Position.initial()
        while not pos.is_game_over() and len(cases) < n:
            dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            cases.append((pos.mine, pos.theirs, dice))
            plays = pos.legal_plays(dice)
            pos = pos.play(plays[int(rng.integers(len(plays)))])
    return cases
