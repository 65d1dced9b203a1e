"""Benchmark: hints and the ``"gnubg"`` player (issue 20, items 2 and 6).

1. **Play-out speed** of ``estimate(..., player=P)``: games per second from the opening and
   from a race, for the compiled ``net`` and ``heuristic`` players and for ``gnubg``
   (gnubg's 0-ply network through the optional ``gnubg-nn`` package, played in bgsim's
   Python loop), measured one after the other in the same run; the ratio gnubg / net is
   what carries across machines.
2. **0-ply hint time**: ``bgsim.rank_plays`` for a contact roll, net against gnubg.
3. **Rollout time and common random numbers**: a rollout of the top candidates, its time per
   game, and the width of its paired-difference intervals against what independent runs of
   the same length would give (``hypot`` of the two candidates' own half widths): the
   variance reduction of playing every candidate on the same dice, in a race and from the
   opening.

Run: ``python benchmarks/bench_hint.py [games]`` (default 1,080 play-out games per player).
Pin it to one core (``taskset -c 0``) for the speed figures. Prints numbers; asserts nothing.
Without ``gnubg-nn`` the gnubg lines say it is not installed.
"""

from __future__ import annotations

import argparse
import math
import time

from bgsim import Position, estimate, rank_plays
from bgsim.sim import gnubg_player

RACE = Position.from_counts({8: 3, 7: 3, 6: 3, 5: 3, 4: 3}, {9: 3, 7: 3, 6: 3, 5: 3, 4: 1, 3: 2})


def speed(position: Position, player: str, games: int) -> float:
    estimate(position, games=36, rng=0, player=player)            # compile / warm up
    t = time.perf_counter()
    est = estimate(position, games=games, rng=1, player=player)
    return est.games / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="?", type=int, default=1080)
    games = ap.parse_args().games
    have_gnubg = gnubg_player.available()
    players = ["net", "heuristic"] + (["gnubg"] if have_gnubg else [])

    print(f"1. play-out speed, games/s (estimate, {games:,} games each, one process)")
    for label, pos in (("opening", Position.initial()), ("race 90 vs 91 pips", RACE)):
        rates = {p: speed(pos, p, games if p != "gnubg" else max(36, games // 4)) for p in players}
        line = ", ".join(f"{p} {r:,.0f}" for p, r in rates.items())
        ratio = f"; gnubg / net = {rates['gnubg'] / rates['net']:.3f}" if have_gnubg else \
            "; gnubg: not installed (pip install 'bgsim[gnubg]')"
        print(f"   {label:<20}: {line}{ratio}")

    print("2. 0-ply hint (rank_plays) of 4-3 from the opening, ms per call")
    for p in ["net"] + (["gnubg"] if have_gnubg else []):
        rank_plays(Position.initial(), (4, 3), player=p)
        t = time.perf_counter()
        n = 20
        for _ in range(n):
            rank_plays(Position.initial(), (4, 3), player=p)
        print(f"   {p:<6}: {1000 * (time.perf_counter() - t) / n:7.2f} ms")

    print("3. rollouts: time per game and common random numbers (CRN) against independent runs")
    for label, pos, dice in (("race, 6-5", RACE, (6, 5)), ("opening, 4-3", Position.initial(), (4, 3))):
        n = 1296
        t = time.perf_counter()
        r = rank_plays(pos, dice, rollout=True, candidates=3, games=n, rng=1)
        dt = time.perf_counter() - t
        best = r.best
        ratios = []
        for x in r[1:3]:
            indep = math.hypot(best.equity_interval.half_width, x.equity_interval.half_width)
            ratios.append(x.interval.half_width / indep)
        print(f"   {label:<14}: {1e6 * dt / (3 * n):7.0f} us per game (3 x {n:,} games, net); "
              f"CRN half width / independent: {', '.join(f'{q:.2f}' for q in ratios)} "
              f"(variance x {', '.join(f'{q * q:.2f}' for q in ratios)})")


if __name__ == "__main__":
    main()
