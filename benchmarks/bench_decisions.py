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
   player of :func:`bgsim.estimate` does (:func:`bgsim.sim._net_kernel.net_choose`); what it
   gives away is gnubg's equity of gnubg's best result minus gnubg's equity of its choice.

Printed per network: the mean equity given away per decision in thousandths (mEq, with a 95%
half width), and the same by gnubg's class of position (contact, crashed, race); for each
network after the first, the paired difference to the first. gnubg gives away 0 by its own
judgement, so these numbers are the distance from gnubg's play, not from perfect play. The
decisions come from the games of the network that ships, so they change when it does. On the
default set of the network of five distillation rounds (130,188 decisions) it gave away 5.40 mEq
per decision and the network of three rounds it replaced 6.07, 0.67 +- 0.07 more; at gnubg's
2-ply, contact decisions cost it 6.75 +- 0.88 mEq against 7.78 +- 1.01 (gnubg 0-ply: 2.79).
On the set of the network of three rounds, it had given away 6.13 and the TD-trained network
(git 505f521) 8.95.

**By class** (issue 33). Each decision is classed by gnubg's classifier of the position before
the play: contact, crashed (a side has few checkers left in play), race, bear-off. For each
class the mean loss per decision (mEq) and the **shown error**: the mean absolute difference
between the equity the hint shows for gnubg's best result (the network's 0-ply equity of it, or
the bear-off databases' where both sides bear off, as :meth:`bgsim.sim.net.Net.evaluate` gives it)
and gnubg's 0-ply equity of that result. With ``--write`` the first network's figures go to
``bgsim/data/decision-error.json``, which the hint quotes next to its numbers.

**Deeper judge** (``--judge-plies 2 --sample N``, issue 33 item 6). gnubg's 0-ply equities say
how far a network is from gnubg 0-ply, not how much it loses. With ``--judge-plies`` 1 or 2, a
seeded sample of up to ``N`` decisions per class is judged again at that depth: gnubg's best
result at that depth (``best_move(..., n=plies)``, which prunes its candidates as gnubg does)
and the equity at that depth of every result a network or gnubg 0-ply chose
(``probabilities(..., plies)``); the loss is the best equity minus the chosen one (never below
0). Printed by class, for each network and for gnubg's own 0-ply play as the reference.

**One roll deeper** (``net-1ply``, ``net-1ply:PATH``): the choices of ``NetPlayer(plies=1)``
(:func:`bgsim.sim._net_ply.ply1_choose`) judged the same way, on the same decisions (about 15
minutes for all 130,000 on a busy machine; no shown error: the hint shows the 0-ply evaluation).
On the default set of the network of eight rounds: 3.81 mEq a decision by gnubg 0-ply's judgement
against 4.01 at 0-ply; judged at gnubg's 2-ply (``--judge-plies 2 --sample 1000 net net-1ply``),
contact 2.61 against 4.70 (gnubg 0-ply's own play 2.58), crashed 2.39 against 4.75 (1.81), race
0.57 against 0.71 (0.26) mEq a decision.

Run: ``python benchmarks/bench_decisions.py [--pairs 1500] [--seed 555] [--write]
[--judge-plies 2 --sample 1500] [net] [PATH.npz ...] [net-1ply[:PATH]]`` (default: the shipped
network).
Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import MAX_TURNS, Gnubg, compiled_side, dice_stream, parse_network, to_gnubg

from bgsim.sim.net import NetEvaluation


def decisions(pairs: int, seed: int):
    """The decisions of ``pairs`` pairs of games net vs gnubg: boards before the play (the side
    on roll in row 0), each decision's candidate results (the mover in row 0) from
    ``offsets[i]`` to ``offsets[i + 1]``, gnubg's equity of each, gnubg's class of each board
    and the dice of each decision."""
    import gnubg_nn as g

    from bgsim import Position
    from bgsim.engine._kernel import Workspace, generate

    net = compiled_side("net")
    gnubg = Gnubg()
    ws = Workspace()
    boards, offsets, results, equities, classes, rolls = [], [0], [], [], [], []
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
                    rolls.append((d1, d2))
                    classes.append(g.classify(to_gnubg(b)))
                    for k in range(n):
                        results.append(ws.boards[k].copy())
                        equities.append(judged[g.key_of_board(to_gnubg(ws.boards[k, ::-1]))])
                    offsets.append(len(results))
                b = (net if t % 2 == net_seat else gnubg).choose(b, d1, d2)
                if b[1, 0] == 15:
                    break
    return (np.array(boards), np.array(offsets), np.array(results), np.array(equities), np.array(classes),
            np.array(rolls))


def choose(arrays, boards, offsets, results) -> np.ndarray:
    """The index (into ``results``) of the result the network ``arrays`` (as the player chooses
    with them: :meth:`bgsim.sim.net.Net.play_arrays`) picks at each decision."""
    from bgsim.sim import _net_kernel as nk
    from bgsim.sim._net_ply import scratch_arrays
    from bgsim.sim.net import BINOM, bearoff_expected

    bo = bearoff_expected()
    idx, val, hidden, out, best, _ = scratch_arrays(arrays[1])   # the players' scratch: they choose the same
    picked = np.zeros(len(boards), dtype=np.int64)
    for i in range(len(boards)):
        lo, hi = offsets[i], offsets[i + 1]
        picked[i] = lo + nk.net_choose(boards[i], hi - lo, 15, results[lo:hi], *arrays, bo, BINOM, nk.HIT_MASKS,
                                       idx, val, hidden, out, best, True)
    return picked


def choose_1ply(arrays, boards, offsets, results) -> np.ndarray:
    """As :func:`choose`, one roll deeper: the choice of ``NetPlayer(plies=1)``
    (:func:`bgsim.sim._net_ply.ply1_choose`) with the network ``arrays``."""
    from bgsim.engine._kernel import Workspace
    from bgsim.sim import _net_kernel as nk
    from bgsim.sim import _net_ply as ply
    from bgsim.sim.net import BINOM, bearoff_expected

    bo, inner = bearoff_expected(), Workspace()
    picked = np.zeros(len(boards), dtype=np.int64)
    for i in range(len(boards)):
        lo, hi = offsets[i], offsets[i + 1]
        picked[i] = lo + ply.ply1_choose(boards[i], hi - lo, 15, results[lo:hi], *arrays, bo, BINOM, nk.HIT_MASKS,
                                         *inner.arrays(), ply.KEEP, ply.WINDOW)
    return picked


def given_away(picked, offsets, equities) -> np.ndarray:
    """gnubg's equity given away at each decision by the choices ``picked`` (indices into the results)."""
    return np.array([equities[offsets[i]:offsets[i + 1]].max() - equities[picked[i]] for i in range(len(picked))])


CLASS_NAMES = {"contact": "c_contact", "crashed": "c_crashed", "race": "c_race", "bearoff": "c_bearoff"}
ERROR_FILE = Path(__file__).resolve().parents[1] / "bgsim" / "data" / "decision-error.json"


def shown_error(net, offsets, results, equities) -> np.ndarray:
    """Per decision: |the equity the hint shows for gnubg's best result - gnubg's 0-ply equity of it|
    (NaN when that result ends the game: both know it exactly)."""
    from bgsim import Position

    err = np.full(len(offsets) - 1, np.nan)
    for i in range(len(offsets) - 1):
        lo, hi = offsets[i], offsets[i + 1]
        k = lo + int(np.argmax(equities[lo:hi]))
        after = Position.from_array(results[k][::-1].copy())     # the opponent on roll
        if after.is_game_over():
            continue
        err[i] = abs(-net.evaluate(after).equity - equities[k])
    return err


def by_class(g, classes, lost, err) -> dict:
    """The loss per decision and the shown error, in points, for each of gnubg's classes."""
    out = {}
    for label, const in CLASS_NAMES.items():
        m = classes == getattr(g, const)
        if m.any():
            e = err[m & ~np.isnan(err)]
            out[label] = {"decisions": int(m.sum()), "loss_per_decision": float(lost[m].mean()),
                          "loss_half_width": float(1.96 * lost[m].std(ddof=1) / math.sqrt(m.sum())) if m.sum() > 1
                          else None,
                          "shown_error": float(e.mean()) if len(e) else None}
    return out


def write(name: str, figures: dict, decisions: int, command: str) -> None:
    """The first network's figures by class, for the hint (``bgsim.sim.strength.decision_error``)."""
    data = {"about": "Measured error of the net's 0-ply judgement by gnubg's class of position: the equity given "
                     "away per decision (points) and the mean absolute difference between the equity the hint shows "
                     "and gnubg's 0-ply equity (points), judged by gnubg 0-ply. Written by "
                     "benchmarks/bench_decisions.py --write; read by bgsim.sim.strength; the hint quotes it.",
            "player": name, "judge": "gnubg 0-ply", "decisions": decisions, "command": command,
            "date": time.strftime("%Y-%m-%d"), "classes": figures}
    ERROR_FILE.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {ERROR_FILE}")


class DeepJudge:
    """gnubg's equity at ``plies`` of the results of the sampled decisions (cached per result)."""

    def __init__(self, plies: int) -> None:
        import gnubg_nn as g

        self.g, self.plies = g, plies
        self.cache: dict[str, float] = {}

    def of_result(self, result: np.ndarray) -> float:
        """The mover's equity, judged at ``plies``, of ``result`` (the mover in row 0)."""
        board = to_gnubg(result[::-1])           # the opponent on roll, as gnubg evaluates it
        key = self.g.key_of_board(board)
        if key not in self.cache:
            self.cache[key] = -NetEvaluation(*self.g.probabilities(board, self.plies)).equity   # same 5 outputs
        return self.cache[key]

    def best(self, board: np.ndarray, d1: int, d2: int) -> float:
        """gnubg's best equity at ``plies`` for the play of ``d1``-``d2`` from ``board``."""
        listed = self.g.best_move(to_gnubg(board), d1, d2, n=self.plies, b=1, list=1)[-1]
        return max(float(eq) for _, _, _, eq in listed)


def deep_losses(plies: int, sample: int, seed: int, boards, dice, offsets, results, equities, classes,
                choices: dict[str, np.ndarray]) -> None:
    """Print, by class, the equity given away per decision at ``plies`` by each chooser in
    ``choices`` (name -> index of the chosen result per decision) and by gnubg 0-ply."""
    import gnubg_nn as g

    judge = DeepJudge(plies)
    rng = np.random.default_rng(seed)
    chosen = {"gnubg 0-ply": np.array([offsets[i] + int(np.argmax(equities[offsets[i]:offsets[i + 1]]))
                                       for i in range(len(boards))]), **choices}
    t0 = time.perf_counter()
    print(f"\njudged again by gnubg {plies}-ply: a sample of up to {sample:,} decisions per class (seed {seed})")
    for label, const in CLASS_NAMES.items():
        rows = np.flatnonzero(classes == getattr(g, const))
        if len(rows) == 0:
            continue
        rows = np.sort(rng.choice(rows, size=min(sample, len(rows)), replace=False))
        lost = {name: np.zeros(len(rows)) for name in chosen}
        for j, i in enumerate(rows):
            d1, d2 = dice[i]
            picks = {name: judge.of_result(results[c[i]]) for name, c in chosen.items()}
            best = max(judge.best(boards[i], d1, d2), *picks.values())
            for name, eq in picks.items():
                lost[name][j] = best - eq
        base = next(iter(choices), None)          # the first network: the others' paired differences
        for name, v in lost.items():
            half = 1.96 * v.std(ddof=1) / math.sqrt(len(v)) if len(v) > 1 else 0.0
            line = f"   {label:8} {len(v):>6,} decisions  {name:24}: {1000 * v.mean():6.2f} +- {1000 * half:.2f} mEq"
            if name not in (base, "gnubg 0-ply") and len(v) > 1:
                d = v - lost[base]
                line += (f"  (minus {base}: {1000 * d.mean():+.2f} +- "
                         f"{1000 * 1.96 * d.std(ddof=1) / math.sqrt(len(d)):.2f})")
            print(line)
    print(f"   ({time.perf_counter() - t0:.0f} s)")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("networks", nargs="*", default=["net"],
                   help="net (the shipped one), weights files (.npz), net-1ply or net-1ply:PATH (one roll deeper)")
    p.add_argument("--pairs", type=int, default=1500, help="pairs of games that give the decisions (default 1500)")
    p.add_argument("--seed", type=int, default=555, help="seed of the dice (default 555)")
    p.add_argument("--write", action="store_true", help="write the first network's figures by class to "
                   "bgsim/data/decision-error.json")
    p.add_argument("--judge-plies", type=int, choices=(0, 1, 2), default=0,
                   help="also judge a sample of the decisions at this depth of gnubg (default 0: not again)")
    p.add_argument("--sample", type=int, default=1500, help="decisions per class judged again (default 1500)")
    args = p.parse_args(argv)
    if args.write and (parse_network(args.networks[0]) or (0, None))[0] == 1:
        p.error("--write records the figures of the network's own judgement (0-ply), which the hint quotes: "
                "name a 0-ply network first")
    try:
        import gnubg_nn as g
    except ImportError:
        print("gnubg_nn is not installed (pip install gnubg-nn): nothing to judge with")
        return 1
    from bgsim.sim.net import Net

    t0 = time.perf_counter()
    boards, offsets, results, equities, classes, rolls = decisions(args.pairs, args.seed)
    print(f"{len(boards):,} decisions ({len(results):,} legal results judged by gnubg 0-ply) from "
          f"{2 * args.pairs:,} games net vs gnubg, seed {args.seed}, in {time.perf_counter() - t0:.0f} s")
    first = None
    choices: dict[str, np.ndarray] = {}
    for name in args.networks:
        plies, path = parse_network(name) or (0, name)       # a bare name is a weights file
        deeper = plies == 1
        net = Net() if path is None else Net.from_file(path)
        t1 = time.perf_counter()
        choices[name] = (choose_1ply if deeper else choose)(net.play_arrays(), boards, offsets, results)
        lost = given_away(choices[name], offsets, equities)
        half = 1.96 * lost.std(ddof=1) / math.sqrt(len(lost))
        # the shown error is the 0-ply evaluation's (what the hint shows); not measured again for 1-ply
        err = np.full(len(boards), np.nan) if deeper else shown_error(net, offsets, results, equities)
        figures = by_class(g, classes, lost, err)
        print(f"{name}: {1000 * lost.mean():.3f} +- {1000 * half:.3f} mEq per decision (chosen in "
              f"{time.perf_counter() - t1:.0f} s)")
        for label, f in figures.items():
            shown = "" if f["shown_error"] is None else f", shown equity off by {f['shown_error']:.3f} on average"
            print(f"   {label:8} {f['decisions']:>7,} decisions: {1000 * f['loss_per_decision']:.2f} +- "
                  f"{1000 * (f['loss_half_width'] or 0):.2f} mEq per decision{shown}")
        if first is None:
            first = lost
            if args.write:
                write(name, figures, len(boards), "python benchmarks/bench_decisions.py " + " ".join(
                    argv if argv is not None else sys.argv[1:]))
        else:
            d = lost - first
            print(f"   minus {args.networks[0]}: {1000 * d.mean():+.3f} +- "
                  f"{1000 * 1.96 * d.std(ddof=1) / math.sqrt(len(d)):.3f} mEq per decision (same decisions)")
    if args.judge_plies:
        deep_losses(args.judge_plies, args.sample, args.seed, boards, rolls, offsets, results, equities, classes,
                    choices)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
