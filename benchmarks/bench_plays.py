"""Benchmark: legal-play generation speed and import time (the rules engine).

Targets: >= 100,000 (position, roll) legal-play generations per second on one core, over
positions sampled from random games; ``import bgsim`` <= 1 s once compiled.

Prints numbers; asserts nothing. Run: ``python benchmarks/bench_plays.py``.
"""

from __future__ import annotations

import subprocess
import sys
import time

import numpy as np


def sample_positions(n_games: int, seed: int = 2026):
    """(board, dice) pairs from random self-play games, through the public API."""
    from bgsim import Position

    rng = np.random.default_rng(seed)
    boards, dice = [], []
    for _ in range(n_games):
        pos = Position.initial()
        while not pos.is_game_over():
            roll = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            plays = pos.legal_plays(roll)
            boards.append(pos.to_array())
            dice.append(roll)
            pos = pos.play(plays[int(rng.integers(len(plays)))])
    return np.array(boards, dtype=np.int8), np.array(dice, dtype=np.int64)


def main() -> None:
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import bgsim"],
                         capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    last = [line for line in out.stderr.splitlines() if line.rstrip().endswith("| bgsim")]
    cumulative_us = int(last[-1].split("|")[1]) if last else -1
    print(f"import bgsim: {cumulative_us / 1e6:.2f} s cumulative import time, {wall:.2f} s whole interpreter "
          f"(target <= 1 s)")

    t0 = time.perf_counter()
    code = "import bgsim; bgsim.Position.initial().legal_plays((6, 1))"
    subprocess.run([sys.executable, "-c", code], check=True)
    print(f"import + first legal_plays (loads the compiled cache): {time.perf_counter() - t0:.2f} s")

    from bgsim import Position
    from bgsim.engine import _kernel

    t0 = time.perf_counter()
    boards, dice = sample_positions(200)
    t_sample = time.perf_counter() - t0
    n = len(boards)
    print(f"sampled {n} (position, roll) pairs from 200 random games in {t_sample:.2f} s "
          f"({200 / t_sample:.0f} random games/s through the Python API)")

    ws = _kernel.Workspace()
    _kernel.count_plays_batch(boards[:10], dice[:10], 0, *ws.arrays())  # warm
    best = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        counts = _kernel.count_plays_batch(boards, dice, 0, *ws.arrays())
        best = max(best, n / (time.perf_counter() - t0))
    print(f"kernel batch: {best:,.0f} generations/s on one core (target >= 100,000); "
          f"mean {counts.mean():.1f} plays per (position, roll)")

    positions = [Position.from_array(b) for b in boards[:5000]]
    rolls = [tuple(int(x) for x in d) for d in dice[:5000]]
    t0 = time.perf_counter()
    for pos, roll in zip(positions, rolls):
        pos.legal_plays(roll)
    rate = len(positions) / (time.perf_counter() - t0)
    print(f"Position.legal_plays (Python objects for every play): {rate:,.0f} generations/s")


if __name__ == "__main__":
    main()
