"""Benchmark: the thin per-call API (issue 11) beside gnubg's Python binding.

On one mix of positions met in seeded random games (each with the roll then rolled):

1. ``pos.legal_plays(dice)`` calls/s against ``gnubg_nn.moves(board, d1, d2)`` on the same
   positions and dice, in alternating rounds of one run (the ratio is what carries across
   machines). Target: bgsim >= 0.5x gnubg. The numbers of plays must agree (gnubg gives no
   move where bgsim gives the one empty play, R12).
2. ``Position.gnubg_id()``, ``from_gnubg_id``, ``xgid()``, ``from_xgid``: microseconds per
   call. Target: <= 10 us each.
3. ``Position.parse_play(text)`` without dice: milliseconds per call. Target: <= 1 ms.
4. ``Game.play`` beside ``legal_plays``: microseconds per call; it should add little.

The comparison times chunks of 50 calls in this thread's CPU time (``time.thread_time``),
bgsim and gnubg alternating chunk by chunk, and reports the median of rounds and, per chunk,
the fastest round summed ("best"). Every timed call gets a position object it has not
seen (rebuilt between rounds, outside the timing), so nothing cached on a position from an
earlier round helps. gnubg_nn (``pip install gnubg-nn``) is optional: without it the peer
is skipped and bgsim's own numbers are still printed. Prints numbers; asserts nothing. Pin it to one core
(``taskset -c 0``) and run it on a quiet machine for stable figures.

Run: ``python benchmarks/bench_api.py [--positions 2000] [--rounds 5] [--seed 2026]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

try:  # optional, benchmark-only peer
    import gnubg_nn
except ImportError:  # pragma: no cover - depends on the machine
    gnubg_nn = None


def sample_cases(n: int, seed: int):
    """``n`` (mine, theirs, turn, dice, chosen index) from seeded random games, spread over many games."""
    from bgsim import Position

    rng = np.random.default_rng(seed)
    cases = []
    while len(cases) < 4 * n:
        pos = Position.initial(int(rng.integers(2)))
        while not pos.is_game_over():
            dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            plays = pos.legal_plays(dice)
            k = int(rng.integers(len(plays)))
            cases.append((pos.mine, pos.theirs, pos.turn, dice, k))
            pos = plays[k].after
    pick = rng.choice(len(cases), size=n, replace=False)
    return [cases[i] for i in sorted(pick)]


def fresh_positions(cases):
    """New Position objects (nothing cached on them) for the cases."""
    from bgsim import Position

    return [Position(m, t, turn) for m, t, turn, _d, _k in cases]


def per_call(fn, items) -> float:
    """Seconds per call of ``fn`` over ``items``."""
    t0 = time.perf_counter()
    for x in items:
        fn(x)
    return (time.perf_counter() - t0) / len(items)


CHUNK = 50   # calls per timed chunk; bgsim and gnubg alternate chunk by chunk


def bench_legal_plays(cases, rounds: int) -> None:
    print(f"1. legal plays per call, {len(cases):,} (position, roll) pairs, {rounds} rounds; in each round bgsim and "
          f"gnubg alternate every {CHUNK} calls")
    dice = [d for _m, _t, _turn, d, _k in cases]
    n = len(cases)
    chunks = [(c, min(c + CHUNK, n)) for c in range(0, n, CHUNK)]
    ours = np.full((rounds, len(chunks)), np.inf)
    peer = np.full((rounds, len(chunks)), np.inf)
    boards = None
    if gnubg_nn is not None:
        boards = [gnubg_nn.board_from_position_id(p.gnubg_id()) for p in fresh_positions(cases)]
        counts = [len(gnubg_nn.moves(b, a, c)) for b, (a, c) in zip(boards, dice, strict=True)]
        mine = [len(p.legal_plays(d)) for p, d in zip(fresh_positions(cases), dice, strict=True)]
        agree = sum(m == max(1, c) for m, c in zip(mine, counts, strict=True))
        print(f"   sanity: play counts agree on {agree:,} of {n:,} pairs "
              f"(gnubg lists no move where bgsim has the empty play, R12); "
              f"mean {statistics.mean(mine):.1f} plays per pair")
    # CPU time of this thread: on a shared machine, time spent waiting for a core is not the
    # library's (perf_counter counts it; the chunks are short, so either would do on a quiet machine).
    clock = time.thread_time
    moves = gnubg_nn.moves if gnubg_nn is not None else None
    for r in range(rounds):
        positions = fresh_positions(cases)   # nothing cached from an earlier round
        for j, (a, b) in enumerate(chunks):
            t0 = clock()
            for i in range(a, b):
                positions[i].legal_plays(dice[i])
            t1 = clock()
            if boards is not None:
                for i in range(a, b):
                    d = dice[i]
                    moves(boards[i], d[0], d[1])
            t2 = clock()
            ours[r, j] = t1 - t0
            peer[r, j] = t2 - t1
    # Per round, and "best": each chunk's fastest round, summed (least disturbed by other
    # processes; the same estimator for both).
    rate = n / ours.sum(axis=1)
    best = n / ours.min(axis=0).sum()
    print(f"   bgsim Position.legal_plays : {np.median(rate):10,.0f} calls/s median of rounds, "
          f"{best:,.0f} best   (rounds {', '.join(f'{v:,.0f}' for v in rate)})")
    if boards is not None:
        prate = n / peer.sum(axis=1)
        pbest = n / peer.min(axis=0).sum()
        ratios = rate / prate
        print(f"   gnubg_nn.moves             : {np.median(prate):10,.0f} calls/s median of rounds, "
              f"{pbest:,.0f} best   (rounds {', '.join(f'{v:,.0f}' for v in prate)})")
        print(f"   ratio bgsim / gnubg        : {np.median(ratios):.2f}x median of rounds (range "
              f"{ratios.min():.2f}-{ratios.max():.2f}), {best / pbest:.2f}x best   target >= 0.50x")
    else:
        print("   gnubg_nn not importable (pip install gnubg-nn): the peer is skipped; target >= 0.50x of its rate")
    pairs = list(zip(fresh_positions(cases), dice, strict=True))
    t = per_call(lambda x: list(x[0].legal_plays(x[1])), pairs)
    print(f"   for reference: legal_plays and every Play built (list(...)): {1 / t:,.0f} calls/s")
    t = per_call(lambda x: x[0].legal_plays(x[1]).afters(), pairs)
    print(f"   for reference: legal_plays and every resulting position (.afters()): {1 / t:,.0f} calls/s")


def bench_ids(cases, rounds: int) -> None:
    from bgsim import Position

    print(f"\n2. ids, microseconds per call over {len(cases):,} positions (best of {rounds} rounds)   target <= 10 us")
    gids = [p.gnubg_id() for p in fresh_positions(cases)]
    xgids = [p.xgid() for p in fresh_positions(cases)]
    turns = [turn for _m, _t, turn, _d, _k in cases]
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, fn, items in (
            ("Position.gnubg_id()", lambda p: p.gnubg_id(), fresh_positions(cases)),
            ("Position.from_gnubg_id(id)", lambda x: Position.from_gnubg_id(x[0], turn=x[1]),
             list(zip(gids, turns, strict=True))),
            ("Position.xgid()", lambda p: p.xgid(), fresh_positions(cases)),
            ("Position.from_xgid(xgid)", Position.from_xgid, xgids),
        ):
            best[name] = min(best.get(name, float("inf")), per_call(fn, items))
    for name, t in best.items():
        print(f"   {name:28s}: {t * 1e6:6.2f} us   {'ok' if t <= 10e-6 else 'ABOVE TARGET'}")


def bench_parse(cases, rounds: int) -> None:
    print(f"\n3. parse_play, milliseconds per call (best of {rounds} rounds)   target without dice <= 1 ms")
    positions = fresh_positions(cases)
    items = []
    for pos, (_m, _t, _turn, d, k) in zip(positions, cases, strict=True):
        play = pos.legal_plays(d)[k]
        if play.steps:
            items.append((pos, str(play), d))
    items = items[:400]
    best_no, best_with = float("inf"), float("inf")
    ambiguous = 0
    for _ in range(rounds):
        fresh = [(p.__class__(p.mine, p.theirs, p.turn), text, d) for p, text, d in items]

        def no_dice(x):
            nonlocal ambiguous
            try:
                x[0].parse_play(x[1])
            except ValueError:   # an AmbiguousPlayError: the text fits several rolls
                ambiguous += 1

        best_no = min(best_no, per_call(no_dice, fresh))
        best_with = min(best_with, per_call(lambda x: x[0].parse_play(x[1], x[2]), fresh))
    print(f"   parse_play(text) without dice: {best_no * 1e3:.3f} ms   {'ok' if best_no <= 1e-3 else 'ABOVE TARGET'} "
          f"({len(items)} plays in notation; {ambiguous // rounds} fit several rolls)")
    print(f"   parse_play(text, dice)        : {best_with * 1e3:.3f} ms")


def bench_game(n_games: int, seed: int, rounds: int) -> None:
    from bgsim import Position
    from bgsim.game.game import Game

    print(f"\n4. Game.play beside Position.legal_plays, {n_games} random games replayed (best of {rounds} rounds)")
    rng = np.random.default_rng(seed + 1)
    scripts = []   # per game: the starter and, per turn, (dice, chosen index)
    for _ in range(n_games):
        g = Game(starter=0)
        turns = []
        g.roll(dice=(3, 1))
        while not g.is_over:
            plays = g.legal_plays()
            k = int(rng.integers(len(plays)))
            turns.append((g.dice, k))
            g.play(plays[k])
            if not g.is_over:
                d = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
                g.roll(dice=d)
                while not g.is_over and g.dice is None:   # a roll with no legal move passes (R12)
                    turns.append((d, None))
                    d = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
                    g.roll(dice=d)
        scripts.append(turns)
    best_bare = best_game = best_lp = best_play = float("inf")
    moves = sum(1 for s in scripts for _d, k in s if k is not None)
    for _ in range(rounds):
        t0 = time.perf_counter()
        for turns in scripts:
            pos = Position.initial()
            for d, k in turns:
                plays = pos.legal_plays(d)
                pos = plays[0 if k is None else k].after
        best_bare = min(best_bare, (time.perf_counter() - t0) / moves)
        t_lp = t_play = 0.0
        t0 = time.perf_counter()
        for turns in scripts:
            g = Game(starter=0)
            for d, k in turns:
                g.roll(dice=d)
                if k is None:
                    continue
                a = time.perf_counter()
                plays = g.legal_plays()
                b = time.perf_counter()
                g.play(plays[k])
                c = time.perf_counter()
                t_lp += b - a
                t_play += c - b
        best_game = min(best_game, (time.perf_counter() - t0) / moves)
        best_lp = min(best_lp, t_lp / moves)
        best_play = min(best_play, t_play / moves)
    print(f"   Position.legal_plays(d)[k].after, per move     : {best_bare * 1e6:7.2f} us")
    print(f"   Game: roll + legal_plays() + play(), per move   : {best_game * 1e6:7.2f} us "
          f"({best_game / best_bare:.1f}x; the game also records events, checks the cube and the end, R22-R26)")
    print(f"   Game.legal_plays() (already generated at roll)  : {best_lp * 1e6:7.2f} us")
    print(f"   Game.play(play), the play handed out            : {best_play * 1e6:7.2f} us   "
          f"(target: little over legal_plays; no second generation)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="(position, roll) pairs (default 2000)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random games (default 2026)")
    parser.add_argument("--games", type=int, default=50, help="games replayed for Game.play (default 50)")
    args = parser.parse_args()
    import bgsim

    version = "not installed"
    if gnubg_nn is not None:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as dist_version
        try:
            version = dist_version("gnubg-nn")
        except PackageNotFoundError:  # pragma: no cover - installed some other way
            version = "installed"
    print(f"bgsim {bgsim.__version__}, gnubg_nn {version}; seed {args.seed}")
    cases = sample_cases(args.positions, args.seed)
    bench_legal_plays(cases, args.rounds)
    bench_ids(cases, args.rounds)
    bench_parse(cases, args.rounds)
    bench_game(args.games, args.seed, args.rounds)


if __name__ == "__main__":
    main()
