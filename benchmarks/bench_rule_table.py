"""Benchmark: the variant as an object and the step rules' table (issue 29 item 4), old against new.

Loads two bgsim trees into one process: the old one (``--old``, a directory holding its
``bgsim/`` package; by default ``git archive`` of the ``--base`` revision, ``m29``, unpacked into
a temporary directory) and the new one (the installed ``bgsim``). It imports the old tree first,
sets its modules aside under their objects (their functions keep their own globals), then imports
the new one. Then it times, in alternating rounds so that both see the same machine load:

- ``Position.legal_plays(roll)`` per call over positions of random games, standard rules,
  the Caucasian rule (V5) and, new only, ``variant=Rules.engine_variant`` as the game calls it;
- play-outs: ``estimate(...)`` of compiled play-outs (standard and V5) per call;
- ``TurnBuilder``: a whole turn stepped with its options, the explainer's work (it walks the
  table of step checks now).

It reports, per measure, the median over rounds of the paired ratio new/old (1.00 = the same,
1.03 = 3% slower). Prints numbers; asserts nothing. Run: ``python benchmarks/bench_rule_table.py``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def load_old(root: Path) -> dict:
    """Import the bgsim package under ``root`` and set it aside: its modules by name."""
    sys.path.insert(0, str(root))
    try:
        import bgsim
        import bgsim.sim.montecarlo  # every layer the measures use
        assert Path(bgsim.__file__).resolve().is_relative_to(root.resolve()), bgsim.__file__
    finally:
        sys.path.remove(str(root))
    old = {name: mod for name, mod in sys.modules.items() if name == "bgsim" or name.startswith("bgsim.")}
    for name in old:
        del sys.modules[name]
    return old


def paired(rounds: int, old_fn, new_fn) -> tuple[float, float, float]:
    """Median seconds of old and new per round, and the median of the paired ratios new/old."""
    olds, news, ratios = [], [], []
    for r in range(rounds):
        first, second = (old_fn, new_fn) if r % 2 == 0 else (new_fn, old_fn)
        t0 = time.perf_counter()
        first()
        t1 = time.perf_counter()
        second()
        t2 = time.perf_counter()
        a, b = (t1 - t0, t2 - t1) if r % 2 == 0 else (t2 - t1, t1 - t0)
        olds.append(a)
        news.append(b)
        ratios.append(b / a)
    return statistics.median(olds), statistics.median(news), statistics.median(ratios)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="m29", help="the git revision of the old tree (default m29)")
    ap.add_argument("--old", type=Path, help="a directory holding the old bgsim/ (skips git archive)")
    ap.add_argument("--rounds", type=int, default=41)
    ap.add_argument("--pairs", type=int, default=2000, help="(position, roll) pairs per legal_plays round")
    ap.add_argument("--games", type=int, default=300, help="games per play-out call")
    ap.add_argument("--measures", default="plays,playouts,turns", help="which measures (comma-separated)")
    args = ap.parse_args()

    old_root = args.old
    if old_root is None:
        old_root = Path(tempfile.mkdtemp(prefix="bgsim-old-"))
        repo = Path(__file__).resolve().parents[1]
        archive = subprocess.run(["git", "-C", str(repo), "archive", args.base, "bgsim"], check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old_root)], input=archive, check=True)
    old = load_old(old_root)

    import numpy as np

    import bgsim as new_bgsim
    from bgsim.sim.montecarlo import estimate as new_estimate
    old_bgsim = old["bgsim"]
    old_estimate = old["bgsim.sim.montecarlo"].estimate
    print(f"old: {old_bgsim.__file__}\nnew: {new_bgsim.__file__}")

    # (position, roll) pairs from random games, the same for both trees
    rng = np.random.default_rng(2026)
    cases = []
    while len(cases) < args.pairs:
        pos = new_bgsim.Position.initial()
        while not pos.is_game_over() and len(cases) < args.pairs:
            roll = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            cases.append((pos.mine, pos.theirs, roll))
            plays = pos.legal_plays(roll)
            pos = pos.play(plays[int(rng.integers(len(plays)))])
    old_cases = [(old_bgsim.Position(m, t), d) for m, t, d in cases]
    new_cases = [(new_bgsim.Position(m, t), d) for m, t, d in cases]
    variant = new_bgsim.Rules(caucasian=True).engine_variant
    for p, d in old_cases[:50]:
        p.legal_plays(d, caucasian=True)
    for p, d in new_cases[:50]:
        p.legal_plays(d, caucasian=True)

    def lp(cs, **kw):
        return lambda: [p.legal_plays(d, **kw) for p, d in cs]

    rows = []
    n = len(cases)
    measures = set(args.measures.split(","))
    for label, o, nw in () if "plays" not in measures else (
            ("legal_plays, standard", lp(old_cases), lp(new_cases)),
            ("legal_plays, caucasian=True (V5)", lp(old_cases, caucasian=True), lp(new_cases, caucasian=True)),
            ("legal_plays, as the game calls it", lp(old_cases, caucasian=True), lp(new_cases, variant=variant)),
    ):
        a, b, r = paired(args.rounds, o, nw)
        rows.append((label, a / n * 1e6, b / n * 1e6, "us/call", r))

    start_old, start_new = old_bgsim.Position.initial(), new_bgsim.Position.initial()
    for label, rules_kw in () if "playouts" not in measures else (
            ("play-outs (estimate), standard", {}), ("play-outs (estimate), V5", {"caucasian": True})):
        o_rules, n_rules = old_bgsim.Rules(**rules_kw), new_bgsim.Rules(**rules_kw)
        old_estimate(start_old, o_rules, games=200, rng=1)   # compile / load the caches
        new_estimate(start_new, n_rules, games=200, rng=1)
        a, b, r = paired(max(11, args.rounds // 2),
                         lambda: old_estimate(start_old, o_rules, games=args.games, rng=7),  # noqa: B023
                         lambda: new_estimate(start_new, n_rules, games=args.games, rng=7))  # noqa: B023
        rows.append((label, a * 1e3, b * 1e3, f"ms/{args.games} games", r))

    turn_cases = cases[:200]

    def turns(Position, **kw):
        def run():
            for m, t, d in turn_cases:
                tb = Position(m, t).start_turn(d, **kw)
                while tb.options():
                    tb = tb.step(tb.options()[0])
        return run

    for label, kw in () if "turns" not in measures else (
            ("TurnBuilder (the explainer), standard", {}), ("TurnBuilder, V5", {"caucasian": True})):
        a, b, r = paired(max(7, args.rounds // 4), turns(old_bgsim.Position, **kw), turns(new_bgsim.Position, **kw))
        rows.append((label, a / len(turn_cases) * 1e3, b / len(turn_cases) * 1e3, "ms/turn", r))

    print(f"\n{'measure':40} {'old':>10} {'new':>10}  unit              median paired ratio new/old")
    for label, a, b, unit, r in rows:
        print(f"{label:40} {a:10.3f} {b:10.3f}  {unit:17} {r:.3f}")


if __name__ == "__main__":
    main()
