"""Benchmark: bgsim's cube decisions at a match score against gnubg 0-ply's (issue 33, item 1).

1. **The positions.** Games of the shipped network against gnubg's 0-ply player from the
   opening (R4), on seeded dice; every ``--every``-th position before a roll is a candidate,
   kept when the side on roll has at least half the games by gnubg's 0-ply evaluation or by
   bgsim's (a cube question worth asking; where both give it less nobody doubles and the
   answer is trivially the same). Positions where a side bears off its last checker with any
   roll are left out (both programs know them exactly).
2. **The scores.** Each position is asked at 8 scores (points away: the side on roll first):
   5/5, 4/2, 2/4, 3/3, 7/7, 3/5, 5/3, 9/6; the cube centred at 1.
3. **The judge.** gnubg 0-ply's cubeful decision (``gnubg_nn.evaluate_cube_decision``, verbose):
   its three match-winning chances (no double, double/take, double/pass) of the doubler. Its
   board is gnubg's key of ``[opponent, side on roll]`` (the halves as
   ``board_from_position_id`` gives them; checked: a race the side on roll wins 99% is "Double,
   pass" that way round).
4. **bgsim's answer.** :func:`bgsim.sim.net_cube.cube_hint` on a game at that score (the shipped
   network's chances, the live-cube match model); with ``--model-only`` also bgsim's model fed
   gnubg's own chances, which separates the model from the network.

Printed: the agreement on double/no double and on take/pass, the mean match-winning chance
(MWC) given away per decision as gnubg judges it (the doubler's: gnubg's best against the answer
gnubg's equities give to bgsim's choice; the taker's: the take or pass bgsim chooses against
gnubg's better one), how often bgsim doubles where gnubg does not and the reverse, by score, with the disagreements
split by kind (gnubg's verdict against bgsim's) and the time bgsim takes a decision.
**Ties.** Where gnubg's own values of doubling and not doubling are equal (to its float
precision, :data:`TIE`: a sure win without gammons, where "Double, pass" and "Too good to
double, pass" give the same), either answer is right; the double agreement counts them as
agreeing, and the line says how many there were (the strict figure next to it).
gnubg uses its own match equity table (gnubg-nn's default; 3-away/2-away 40.6% where
Kazaross-XG2, which bgsim ships, has 40.05%); a part of the disagreement near the edges is
that (measured: with gnubg's table in bgsim's model, 0.6 points of double agreement on
gnubg's chances).

With ``--post-crawford`` the same positions are also asked post-Crawford (R28), the trailer on
roll at 2-, 3- and 4-away against 1-away (:data:`POST_CRAWFORD`), reported apart.

Run: ``python benchmarks/bench_match_cube.py [--positions 200] [--seed 33] [--every 3]``
(the issue's figures: ``--positions 300``, 2,400 decisions).
Prints numbers; asserts nothing (the goal: at least 90% agreement on both, at most 0.5% MWC a
decision).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import MAX_TURNS, Gnubg, compiled_side, dice_stream, to_gnubg

SCORES = ((5, 5), (4, 2), (2, 4), (3, 3), (7, 7), (3, 5), (5, 3), (9, 6))
# Post-Crawford (R28), with ``--post-crawford``: the trailer on roll. Not the leader: a leader
# 1-away never gains by doubling (a single win is the match already; the double only raises what
# the trailer wins), and gnubg-nn's values for the leader's double are not right (they have it
# "Double, take" in every position, 1.9% MWC better than no double).
POST_CRAWFORD = ((2, 1), (3, 1), (4, 1))


def positions(count: int, seed: int, every: int) -> list:
    """``count`` positions before a roll (bgsim boards, the side on roll in row 0)."""
    import gnubg_nn as g

    from bgsim import Position
    from bgsim.sim.net import Net
    from bgsim.sim.net_cube import is_last_roll

    net_side, gnubg, net = compiled_side("net"), Gnubg(), Net()
    found: list = []
    seen: set = set()
    pair = 0
    while len(found) < count:
        for net_seat in (0, 1):
            dice = dice_stream(seed, pair)
            b = Position.initial().to_array()
            for t in range(MAX_TURNS):
                if t > 0 and t % every == 0 and len(found) < count and b.tobytes() not in seen:
                    seen.add(b.tobytes())
                    pos = Position.from_array(b)
                    if not is_last_roll(pos) and not is_last_roll(pos.swap()):
                        mine = float(g.probabilities(to_gnubg(b), 0)[0])
                        if max(mine, net.evaluate(pos).win) >= 0.5:
                            found.append(b.copy())
                d1, d2 = next(dice)
                b = (net_side if t % 2 == net_seat else gnubg).choose(b, d1, d2)
                if b[1, 0] == 15:
                    break
        pair += 1
    return found


def gnubg_decision(g, b, away: tuple[int, int], probs=None) -> tuple[float, float, float]:
    """gnubg 0-ply's (no double, double/take, double/pass) MWC of the side on roll of ``b``."""
    g.set.score(*away, 0)      # 0: not the Crawford game (a 1-away score is then post-Crawford)
    key = g.key_of_board(to_gnubg(b))
    r = g.evaluate_cube_decision(key, i=1) if probs is None else g.evaluate_cube_decision(key, i=1, p=probs)
    return float(r[3]), float(r[4]), float(r[5])


def bgsim_decision(b, away: tuple[int, int], evaluator, plies: int | None = None) -> tuple[bool, bool]:
    """bgsim's (double, take) for the side on roll of ``b`` at ``away``, the cube centred
    (``plies``: the depth of the chances; ``None``, bgsim's default)."""
    from bgsim import Position
    from bgsim.sim.net_cube import CubeView, decide

    d = decide(CubeView(Position.from_array(b), 1, "centered", away, False), evaluator, plies=plies)
    return d.double, d.take


TIE = 1e-6   # gnubg's own two doubler values closer than this (its float precision): both answers are right


def judge(nd: float, dt: float, dp: float, double: bool, take: bool) -> tuple[bool, bool, float, float]:
    """Agreement with gnubg's double and take, and the MWC bgsim's double and take give away."""
    g_double, g_take = min(dt, dp) > nd, dt <= dp
    best = max(nd, min(dt, dp))
    got = min(dt, dp) if double else nd
    lost_take = (dt if take else dp) - min(dt, dp)
    return double == g_double, take == g_take, best - got, lost_take


def verdict(nd: float, dt: float, dp: float) -> str:
    """gnubg's verdict from its three values, as a short code: ND (no double, take), DT, DP or TG
    (too good to double, pass)."""
    if min(dt, dp) > nd:
        return "DT" if dt <= dp else "DP"
    return "ND" if dt <= dp else "TG"


class Cached:
    """The network, each position evaluated once a depth (the 8 scores ask the same position)."""

    def __init__(self, net) -> None:
        self.net, self.name, self.seen = net, "net", {}

    def evaluate(self, position, plies: int = 0):
        key = (position.gnubg_id(), plies)
        if key not in self.seen:
            self.seen[key] = self.net.evaluate(position, plies=plies)
        return self.seen[key]


class Fixed:
    """An evaluator that answers one set of chances (gnubg's), for ``--model-only``."""

    name = "gnubg"

    def __init__(self, probs) -> None:
        from bgsim.sim.net import NetEvaluation

        self.e = NetEvaluation(*probs)

    def evaluate(self, position):
        return self.e


def report(label: str, rows: list, spent: float, scores=SCORES) -> None:
    """Print the agreement, the cost and the disagreements by score and kind."""
    agree_d = np.array([r[1] for r in rows])
    agree_t = np.array([r[2] for r in rows])
    cost_d = np.array([r[3] for r in rows])
    cost_t = np.array([r[4] for r in rows])
    extra = np.array([r[5] for r in rows])
    missed = np.array([r[6] for r in rows])
    tie = np.array([r[7] < TIE for r in rows])
    agree_dt = agree_d | tie
    n = len(rows)
    print(f"\n{label}: double/no double agree {agree_dt.mean():.1%} ({agree_d.mean():.1%} counting gnubg's "
          f"{(tie & ~agree_d).sum()} exact ties as disagreements), take/pass agree {agree_t.mean():.1%}; "
          f"MWC given away per decision: doubler {cost_d.mean():.3%}, taker {cost_t.mean():.3%}, "
          f"both {(cost_d.mean() + cost_t.mean()) / 2:.3%} (n = {n} each); {spent / n * 1e3:.1f} ms a decision "
          f"(a position's chances computed once for all its scores)")
    print(f"   doubles where gnubg does not: {extra.mean():.1%}; misses gnubg's double: {missed.mean():.1%}")
    gaps = np.array([r[7] for r in rows if not r[1]])
    if len(gaps):
        print(f"   where they disagree on the double, gnubg's own gap between doubling and not: median "
              f"{np.median(gaps):.2%} MWC, {(gaps < 0.005).mean():.0%} of them under 0.5%")
    print("   by score (agreement, cost doubler / taker, and the disagreements as gnubg's verdict -> bgsim's: "
          "ND no double/take, DT, DP, TG too good/pass; bgsim's N/D no double/double, T/P take/pass; "
          "= marks gnubg's exact ties)")
    for away in scores:
        m = np.array([r[0] == away for r in rows])
        kinds: dict[str, int] = {}
        for r, t in zip(rows, tie, strict=True):
            if r[0] == away and not (r[1] and r[2]):
                k = f"{r[8]}->{r[9]}" + ("=" if t and not r[1] else "")
                kinds[k] = kinds.get(k, 0) + 1
        text = " ".join(f"{k} {v}" for k, v in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0])))
        print(f"   {away[0]}-away/{away[1]}-away: double {agree_dt[m].mean():.0%} take {agree_t[m].mean():.0%} "
              f"cost {cost_d[m].mean():.2%} / {cost_t[m].mean():.2%}  extra doubles {extra[m].mean():.0%} "
              f"missed {missed[m].mean():.0%}  | {text}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=200, help="positions, each asked at 8 scores (default 200)")
    p.add_argument("--seed", type=int, default=33, help="seed of the games' dice (default 33)")
    p.add_argument("--every", type=int, default=3, help="take every N-th position of a game (default 3)")
    p.add_argument("--cache", help="keep the positions in this .npy file and read them from it next time")
    p.add_argument("--plies", type=int, default=None, choices=(0, 1),
                   help="the network's depth (default: bgsim's own, net_cube.MATCH_PLIES at a match score)")
    p.add_argument("--model-only", action="store_true", help="also bgsim's model on gnubg's own chances")
    p.add_argument("--post-crawford", action="store_true",
                   help="also the trailer's cube post-Crawford at 2-, 3- and 4-away against 1-away (reported apart)")
    args = p.parse_args(argv)
    try:
        import gnubg_nn as g
    except ImportError:
        print("gnubg_nn is not installed (pip install gnubg-nn): nothing to judge with")
        return 1
    from bgsim.sim.net import Net

    t0 = time.perf_counter()
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        boards = list(np.load(cache))
    else:
        boards = positions(args.positions, args.seed, args.every)
        if cache is not None:
            np.save(cache, np.array(boards))
    print(f"{len(boards)} positions x {len(SCORES)} scores = {len(boards) * len(SCORES)} decisions "
          f"(seed {args.seed}), found in {time.perf_counter() - t0:.0f} s")
    net = Cached(Net())
    kinds = [("net", None)] + ([("model on gnubg's chances", "gnubg")] if args.model_only else [])
    for (label, kind), scores in [(k, SCORES) for k in kinds] + (
            [(("net, post-Crawford", None), POST_CRAWFORD)] if args.post_crawford else []):
        rows, spent = [], 0.0
        for away in scores:
            for b in boards:
                nd, dt, dp = gnubg_decision(g, b, away)
                ev = net if kind is None else Fixed(g.probabilities(to_gnubg(b), 0))
                t1 = time.perf_counter()
                double, take = bgsim_decision(b, away, ev, args.plies if kind is None else None)
                spent += time.perf_counter() - t1
                agree_double, agree_take, lost_d, lost_t = judge(nd, dt, dp, double, take)
                mine = ("D" if double else "N") + ("T" if take else "P")
                rows.append((away, agree_double, agree_take, lost_d, lost_t, double and not min(dt, dp) > nd,
                             not double and min(dt, dp) > nd, abs(min(dt, dp) - nd), verdict(nd, dt, dp), mine))
        report(label, rows, spent, scores)
    print(f"\n{time.perf_counter() - t0:.0f} s in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
