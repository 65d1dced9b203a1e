"""Benchmark: the strength and speed of the ``"net"`` player (issue 11's targets).

Everything is measured with bgsim's own :func:`bgsim.estimate` (cubeless play-outs):

1. **Against pubeval from the opening** (R4: no doubles on the first roll), in both seats,
   on the same dice (common random numbers): the net's win rate and points per game with
   95% intervals. Target: >= 65% wins.
2. **Self-play from the starting position**, the side on roll about to roll (any roll, as
   gnubg evaluates the position): gammon and backgammon rates of each side, next to expert
   play (gnubg: 15.4% and 13.0% gammons, 0.76% backgammons). Target: gammons within 1.5
   percentage points, backgammons below 1.2%. Beside it, when gnubg's Python binding is
   installed (``pip install gnubg-nn``, benchmark-only), gnubg's own 0-ply player in
   self-play from the same position (any first roll, its own dice stream): the rates that
   expert play *reaches* when it plays the games out, measured the way the net's are.
3. **Speed**: play-out games per second on one core, net beside the compiled heuristic
   and pubeval players in the same run (the ratio is what carries across machines).
   Target: >= 500 games/s.

Run: ``python benchmarks/bench_net.py [games] [--parts strength,selfplay,speed]`` (default
20,160 games per measurement, every part). Pin it to one core (``taskset -c 0``) for the
speed figures. Prints numbers; asserts nothing. The README's figures name the command that
gives them (``python benchmarks/bench_net.py 100000 --parts selfplay`` for the gammon rates).
"""

from __future__ import annotations

import argparse
import math
import time

from bgsim.sim.montecarlo import Interval, wilson_interval

GNUBG_GAMMONS = (0.154, 0.130)   # gnubg's evaluation of the opening position, side on roll first
GNUBG_BACKGAMMONS = 0.0076
GNUBG_START_ID = "4HPwATDgc/ABMA"


def gnubg_selfplay(games: int, seed: int = 7) -> dict[str, Interval] | None:
    """gnubg's 0-ply player against itself from the starting position: outcome rates of the
    side that rolls first (``win``, ``gammon``, ``backgammon``) and of the other side
    (``opp_gammon``, ``opp_backgammon``), each with its 95% interval; ``None`` without
    gnubg_nn.

    gnubg_nn's boards are two 25-entry rows, each side in its own numbering (index 24: the
    bar), the side on roll in row 1; ``best_move(board, d1, d2, b=1)`` answers the played
    board's key with the rows already swapped for the next turn (the mover in row 0).
    Borne-off checkers are the ones missing from a row (15 minus its sum).
    """
    try:
        import gnubg_nn
    except ImportError:
        return None
    import random

    rng = random.Random(seed)
    start = gnubg_nn.board_from_position_id(GNUBG_START_ID)
    counts = {"win": 0, "gammon": 0, "backgammon": 0, "opp_gammon": 0, "opp_backgammon": 0}
    for _ in range(games):
        board = (tuple(start[0]), tuple(start[1]))
        first = True               # the side that rolls first is on roll
        while True:
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            moves, key = gnubg_nn.best_move(board, d1, d2, b=1)
            board = gnubg_nn.board_from_position_key(key) if moves else (board[1], board[0])
            mover, loser = board[0], board[1]
            if sum(mover) == 0:    # the mover bore off its last checker (R22)
                kind = 1 if sum(loser) < 15 else (3 if sum(loser[18:25]) > 0 else 2)   # R23
                if first:
                    counts["win"] += 1
                prefix = "" if first else "opp_"
                if kind >= 2:
                    counts[prefix + "gammon"] += 1
                if kind == 3:
                    counts[prefix + "backgammon"] += 1
                break
            first = not first
    return {k: wilson_interval(v, games) for k, v in counts.items()}


def _pct(x: float) -> str:
    return f"{100 * x:5.2f}%"


PARTS = ("strength", "selfplay", "speed")


def main(games: int = 20_160, parts: tuple[str, ...] = PARTS) -> None:
    from bgsim import Position
    from bgsim.sim.montecarlo import estimate
    from bgsim.sim.net import Net

    games = max(30, games // 30 * 30)
    start = Position.initial()
    meta = Net().meta
    print(f"net: {Net()!r}; trained {meta.get('train_seconds', 0) / 60:.0f} min by: {meta.get('command', '?')}")
    estimate(start, games=30, player=("net", "pubeval"), opening=True, rng=0)   # warm-up (numba cache)
    if "strength" in parts:
        strength(start, games)
    if "selfplay" in parts:
        selfplay(start, games)
    if "speed" in parts:
        speed(start, games)


def strength(start, games: int) -> None:
    """Part 1: the net against pubeval from the opening, in both seats on the same dice."""
    from bgsim.sim.montecarlo import estimate

    print(f"\n1. net vs pubeval from the opening, cubeless, {games:,} games in each seat (same dice)")
    first = estimate(start, games=games, player=("net", "pubeval"), opening=True, rng=11)
    second = estimate(start, games=games, player=("pubeval", "net"), opening=True, rng=11)
    p1, p2 = first.win.value, second.opp_win.value
    h1, h2 = first.win.half_width, second.opp_win.half_width
    both = (p1 + p2) / 2
    half = math.sqrt(h1 ** 2 + h2 ** 2) / 2    # independent seats: a conservative 95% half-width
    ppg = (first.equity.value - second.equity.value) / 2
    print(f"   net rolls first : wins {_pct(p1)} +- {_pct(h1)}, points/game {first.equity.value:+.3f}")
    print(f"   net rolls second: wins {_pct(p2)} +- {_pct(h2)}, points/game {-second.equity.value:+.3f}")
    print(f"   both seats      : wins {_pct(both)} +- {_pct(half)}, points/game {ppg:+.3f}   (target >= 65.00%)")


def selfplay(start, games: int) -> None:
    """Part 2: the net's self-play gammon rates beside gnubg's (its evaluation; its own play with gnubg-nn)."""
    from bgsim.sim.montecarlo import estimate

    print(f"\n2. net self-play from the starting position (side on roll about to roll), {games:,} games")
    net = estimate(start, games=games, player="net", rng=12)
    rows = (("side on roll", net.gammon, net.backgammon, GNUBG_GAMMONS[0]),
            ("other side", net.opp_gammon, net.opp_backgammon, GNUBG_GAMMONS[1]))
    for label, g, bg, ref in rows:   # percent(): the value and its 95% Wilson interval
        print(f"   {label:12s}: gammons {g.percent()} (gnubg {_pct(ref)}, off by {100 * (g.value - ref):+.2f} pp; "
              f"target within 1.5 pp), backgammons {bg.percent()} (gnubg {_pct(GNUBG_BACKGAMMONS)}; target < 1.20%)")
    t = time.perf_counter()
    gnubg = gnubg_selfplay(games)
    if gnubg is None:
        print("   (gnubg's own self-play skipped: pip install gnubg-nn to measure it)")
    else:
        secs = time.perf_counter() - t
        print(f"   gnubg 0-ply self-play, {games:,} games ({games / secs:.0f} games/s): "
              f"side on roll wins {gnubg['win'].percent()}, gammons {gnubg['gammon'].percent()} / other side "
              f"{gnubg['opp_gammon'].percent()}, backgammons {gnubg['backgammon'].percent()} / "
              f"{gnubg['opp_backgammon'].percent()}")
        for label, g, ref in (("side on roll", net.gammon, gnubg["gammon"]),
                              ("other side", net.opp_gammon, gnubg["opp_gammon"])):
            print(f"   net - gnubg self-play, {label}: {100 * (g.value - ref.value):+.2f} pp")
    heur = estimate(start, games=games, player="heuristic", rng=12)
    print(f"   for comparison, heuristic self-play: gammons {heur.gammon.percent()} / {heur.opp_gammon.percent()}, "
          f"backgammons {heur.backgammon.percent()} / {heur.opp_backgammon.percent()}")


def speed(start, games: int) -> None:
    """Part 3: play-out games per second, net beside the compiled heuristic and pubeval players."""
    from bgsim.sim.montecarlo import estimate

    print("\n3. play-out speed, one process (games/s; median of 3 alternating rounds)")
    rates: dict[str, list[float]] = {"net": [], "heuristic": [], "pubeval": []}
    n = max(1080, games // 4 // 1080 * 1080)
    for r in range(3):
        for name in rates:
            t = time.perf_counter()
            estimate(start, games=n, player=name, rng=100 + r)
            rates[name].append(n / (time.perf_counter() - t))
    # a Python player (bgsim.HandwrittenPlayer, through the Python play-out loop), in the same rounds' manner
    from bgsim import HandwrittenPlayer

    python: list[float] = []
    for r in range(3):
        t = time.perf_counter()
        estimate(start, games=180, player=HandwrittenPlayer(), rng=200 + r)
        python.append(180 / (time.perf_counter() - t))
    med = {k: sorted(v)[1] for k, v in rates.items()}
    med["python (HandwrittenPlayer)"] = sorted(python)[1]
    for name, v in med.items():
        print(f"   {name:9s}: {v:8,.0f} games/s   ({v / med['heuristic']:.3f}x heuristic, "
              f"{v / med['net']:.3f}x net)")
    print("   target: net >= 500 games/s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20_160, help="games per measurement")
    parser.add_argument("--parts", default=",".join(PARTS), help=f"which to run, of {', '.join(PARTS)}")
    args = parser.parse_args()
    chosen = tuple(p.strip() for p in args.parts.split(",") if p.strip())
    unknown = sorted(set(chosen) - set(PARTS))
    if unknown:
        parser.error(f"unknown part(s) {', '.join(unknown)}: choose from {', '.join(PARTS)}")
    main(args.games, chosen)
