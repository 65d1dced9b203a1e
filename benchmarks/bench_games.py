"""Benchmark: whole games played through the Python API (``play_game`` with random players).

This is what a bot author or a lesson pays per game when every roll, play and cube action goes
through :class:`bgsim.Game` (the compiled Monte Carlo loop is measured by bench_montecarlo.py).
Prints games per second and milliseconds per game; asserts nothing.
Run: ``python benchmarks/bench_games.py``.
"""

from __future__ import annotations

import statistics
import time

import numpy as np


def main(games: int = 100, repeats: int = 5) -> None:
    from bgsim import Rules, play_game
    from bgsim.game.rules import CUBE_OFF

    rng = np.random.default_rng(0)
    play_game(Rules.money(), rng=rng)                       # warm-up: loads the numba cache
    no_cube = Rules.money(cube_limit=CUBE_OFF)              # no cube: every game goes to the end
    per_game = []
    for _ in range(repeats):
        t = time.perf_counter()
        for _ in range(games):
            play_game(no_cube, rng=rng)
        per_game.append((time.perf_counter() - t) / games)
    best, median = min(per_game), statistics.median(per_game)
    print(f"play_game, random players, no cube: median {median * 1e3:.1f} ms per game "
          f"({1 / median:,.0f} games/s), best {best * 1e3:.1f} ms ({games} games x {repeats})")


if __name__ == "__main__":
    main()
