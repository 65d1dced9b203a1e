"""Warm bgsim's caches once at set-up, so the first click in a lesson answers at once.

The engine is compiled by numba on first use (``cache=True`` keeps the machine code in
``__pycache__`` beside each module), and the one-sided bear-off database is built and saved in
``bgsim/data/cache/``. Without this the first Roll of lesson 00 waits for the compiler:
14-26 s on a quiet machine, about 100 s on a busy one. ``make setup`` (so also ``make lab``
and ``make teach``) and ``binder/postBuild`` run it::

    python -m bgsim.cli.warmup

It compiles the move generator (a plain roll and a double, R6), the teaching stepper's
turn builder, the bear-off database, and the Monte Carlo kernel with every compiled player
of :data:`bgsim.sim.montecarlo.PLAYERS` (the default ``"net"`` first), seeded so it always does
the same work.
"""

from __future__ import annotations

import sys
import time

from ..engine.position import Position
from ..odds import bearoff
from ..sim.montecarlo import DEFAULT_PLAYER, PLAYERS, estimate

__all__ = ["main", "warm"]


def warm() -> float:
    """Compile and cache everything a lesson's first click needs; return the seconds it took.

    Running it again is quick: numba loads the cached machine code.
    """
    t = time.perf_counter()
    start = Position.initial()
    start.legal_plays((3, 1))
    start.legal_plays((4, 4))
    start.start_turn((6, 4)).step("24/18")       # the stepper's first Roll and click
    bearoff.one_sided()
    for player in (DEFAULT_PLAYER, *sorted(set(PLAYERS) - {DEFAULT_PLAYER})):
        estimate(start, games=20, player=player, rng=0, progress=False)
    return time.perf_counter() - t


def main() -> int:
    """``python -m bgsim.cli.warmup``: warm the caches and say how long it took."""
    print(f"bgsim caches warmed in {warm():.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
