"""Benchmark: how much equity bgsim's network gives away per decision, as gnubg judges it.

A quick, low-noise check of a network while training it (issue 20, item 5): the games of
``bench_strength.py`` take minutes and their result varies by +-0.015 points a game; a fixed
set of decisions judged once varies far less between two networks, because both face the
same positions.

1. **The decisions.** Cubeless games from the opening (R4) between the shipped network and
   gnubg's 0-ply player (``gnubg_nn``, PyPI ``gnubg-nn``, GPL, benchmark-only, optional),
   pairs of games on the same dice with the seats swapped (as ``bench_strength.py`` plays
   them). Every position with two or more legal results (R5-R21) met by either side is a
   decision; gnubg's 0-ply equity of every legal result is stored with it
   (``best_move(..., list=1)``).
2. **The judgement.** Each network named chooses among the same results as the ``"net"``
   player of :func:`bgsim.estimate` does (:func:`bgsim._net_kernel.net_choose`); what it
   gives away is gnubg's equity of gnubg's best result minus gnubg's equity of its choice.

Printed per network: the mean equity given away per decision in thousandths (mEq, with a 95%
half width), and the same by gnubg's class of position (contact, crashed, race); for each
network after the first, the paired difference to the first. gnubg gives away 0 by its own
judgement, so these numbers are the distance from gnubg's play, not from perfect play. The
decisions come from the games of the network that ships, so they change when it does. On the
default set of the distilled network (130,154 decisions) it gave away 6.13 mEq per decision and
the TD-trained network it replaced (git 505f521) 8.95, 2.82 +- 0.12 more.

Run: ``python benchmarks/bench_decisions.py [--pairs 1500] [--seed 555] [net] [PATH.npz ...]``
(default: the shipped network). Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import MAX_TURNS, Gnubg, compiled_side, dice_stream, to_gnubg


def decisions(pairs: int, seed: int):
    """The decisions of ``pairs`` pairs of games net vs gnubg: boards before the play (the side
    on roll in row 0), each decision's candidate results (the mover in row 0) from
    ``offsets[i]`` to ``offsets[i + 1]``, gnubg's equity of each, and gnubg's class of each board."""
    import gnubg_nn as g

    from bgsim import Position
    from bgsim._kernel import Workspace, generate

    net = compiled_side("net")
    gnubg = Gnubg()
    ws = Workspace()
    boards, offsets, results, equities, classes = [], [0], [], [], []
    for i in range(pairs):
        for net_seat in (0, 1):
            dice = dice_stream(seed, i)
            b = Position.initial().to_array()
            for t in range(MAX_TURNS):
                d1, d2 = next(dice)
                n = generate(b, d1, d2, 0, *ws.arrays())
                if n > 1:
                    judged = {key: eq for key, _, _, eq in g.best_move(to_gnubg(b), d1, d2, b=1, list=1)[-1]}
                    boards.append(b.copy())
                    classes.append(g.classify(to_gnubg(b)))
                    for k in range(n):
                        results.append(ws.boards[k].copy())
                        equities.append(judged[g.key_of_board(to_gnubg(ws.boards[k, ::-1]))])
                    offsets.append(len(results))
                b = (net if t % 2 == net_seat else gnubg).choose(b, d1, d2)
                if b[1, 0] == 15:
                    break
    return np.array(boards), np.array(offsets), np.array(results), np.array(equities), np.array(classes)


def given_away(arrays, boards, offsets, results, equities) -> np.ndarray:
    """gnubg's equity given away by the network ``arrays`` at each decision."""
    from bgsim import _net_kernel as nk
    from bgsim.net import BINOM, bearoff_expected

    bo = bearoff_expected()
    idx, val = np.zeros(nk.MAX_NONZERO, dtype=np.int64), np.zeros(nk.MAX_NONZERO)
    hidden, out, best = np.zeros(arrays[1].shape[0]), np.zeros(5), np.zeros(5)
    lost = np.zeros(len(boards))
    for i in range(len(boards)):
        lo, hi = offsets[i], offsets[i + 1]
        k = nk.net_choose(boards[i], hi - lo, 15, results[lo:hi], *arrays, bo, BINOM, nk.HIT_MASKS, idx, val,
                          hidden, out, best, True)
        lost[i] = equities[lo:hi].max() - equities[lo + k]
    return lost


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("networks", nargs="*", default=["net"], help="net (the shipped one) or weights files (.npz)")
    p.add_argument("--pairs", type=int, default=1500, help="pairs of games that give the decisions (default 1500)")
    p.add_argument("--seed", type=int, default=555, help="seed of the dice (default 555)")
    args = p.parse_args(argv)
    try:
        import gnubg_nn as g
    except ImportError:
        print("gnubg_nn is not installed (pip install gnubg-nn): nothing to judge with")
        return 1
    from bgsim.net import Net

    t0 = time.perf_counter()
    boards, offsets, results, equities, classes = decisions(args.pairs, args.seed)
    print(f"{len(boards):,} decisions ({len(results):,} legal results judged by gnubg 0-ply) from "
          f"{2 * args.pairs:,} games net vs gnubg, seed {args.seed}, in {time.perf_counter() - t0:.0f} s")
    first = None
    for name in args.networks:
        net = Net() if name == "net" else Net.from_file(name)
        lost = given_away(net.arrays(), boards, offsets, results, equities)
        half = 1.96 * lost.std(ddof=1) / math.sqrt(len(lost))
        parts = "  ".join(f"{label} {1000 * lost[classes == c].mean():.2f}"
                          for label, c in (("contact", g.c_contact), ("crashed", g.c_crashed), ("race", g.c_race))
                          if (classes == c).any())
        print(f"{name}: {1000 * lost.mean():.3f} +- {1000 * half:.3f} mEq per decision   ({parts})")
        if first is None:
            first = lost
        else:
            d = lost - first
            print(f"   minus {args.networks[0]}: {1000 * d.mean():+.3f} +- "
                  f"{1000 * 1.96 * d.std(ddof=1) / math.sqrt(len(d)):.3f} mEq per decision (same decisions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
