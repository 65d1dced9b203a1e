"""Benchmark: SVG board rendering time (target: <= 5 ms per board for a typical position).

Prints the median time per board over many runs for a few positions and options; asserts
nothing. Run: ``python benchmarks/bench_svg.py``.
"""

from __future__ import annotations

import statistics
import time

import numpy as np


def cases():
    """(label, position, board options) for a few typical and busy boards."""
    from bgsim import Position

    start = Position.initial()
    rng = np.random.default_rng(7)
    pos = start
    for _ in range(14):                                   # a middle-game position from random play
        dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        plays = pos.legal_plays(dice)
        pos = pos.play(plays[int(rng.integers(len(plays)))])
    hit_pos = Position.from_counts({25: 2, 6: 5, 5: 3, 8: 2, 13: 2, 2: 1},
                                   {25: 1, 24: 2, 13: 4, 6: 4, 0: 3, 4: 1}, turn=1)
    hit = next(p for p in hit_pos.legal_plays((4, 2)) if any(p.hits))
    bearoff = Position.from_counts({0: 6, 1: 3, 2: 2, 3: 4}, {0: 11, 18: 1, 20: 3})
    return [
        ("start, defaults", start, {}),
        ("middle game, dice + cube", pos, {"dice": (3, 1), "cube": (2, 1)}),
        ("play with a hit, arrows", hit_pos, {"play": hit, "dice": (4, 2), "highlight": [3, 4]}),
        ("bear-off, perspective 1, left", bearoff, {"perspective": 1, "orientation": "left", "cube": 4}),
        ("high-contrast", pos, {"theme": "high-contrast", "dice": (6, 6)}),
    ]


def main(runs: int = 400) -> None:
    from bgsim.draw.svg import board

    for label, pos, options in cases():
        board(pos, **options)                             # warm up
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            board(pos, **options)
            times.append(time.perf_counter() - t0)
        print(f"{label:32s} median {statistics.median(times) * 1e3:6.3f} ms   "
              f"max {max(times) * 1e3:6.3f} ms   ({runs} runs)")


if __name__ == "__main__":
    main()
