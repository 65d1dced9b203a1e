"""Benchmark: bgsim's players against gnubg's 0-ply player (issue 20, item 5).

Cubeless money games from the opening (R4: the first roll is never a double), each of
bgsim's players against gnubg's neural 0-ply player (``gnubg_nn.best_move``, PyPI
``gnubg-nn``, GPL, benchmark-only, optional: ``pip install gnubg-nn``). The games come in
**pairs on the same dice** (common random numbers): pair ``i`` has one dice stream, and
the bgsim player plays it once rolling first and once rolling second (gnubg takes the
other seat). Every player named in ``--players`` plays the same pairs, so their
differences are measured on the same dice too.

Printed per player: games, win rate (95% interval), points per game with its 95%
half-width (from the spread of the pair means, the unit of the common random numbers;
the plainer interval that treats the games as independent beside it), gammon and
backgammon rates of both sides, and games per second of the whole match (both engines).
For every player after the first, the difference in points per game to the first, paired
over the same dice, with its 95% half-width.

A result counts 1, 2 or 3 points (single, gammon, backgammon, R23); no cube (cubeless
money play). gnubg_nn's boards are two 25-entry rows (index 24: the bar), each side in its
own numbering, the side on roll in row 1; ``best_move(board, d1, d2, b=1)`` answers the key
of the played board with the rows swapped for the next turn. Every gnubg play is checked
against bgsim's legal results (R5-R21); a mismatch stops the run.

Players: ``net`` (the shipped network), ``net:PATH`` (a weights file of this bgsim's input
layout), ``heuristic``, ``pubeval`` (compiled, as in :func:`bgsim.estimate`),
``handwritten`` (:class:`bgsim.HandwrittenPlayer`, Python; slow), ``net-1ply`` (the shipped
network one roll deeper, :class:`bgsim.NetPlayer` ``plies=1``, recorded as ``"net 1-ply"``;
``net-1ply:PATH`` another weights file; about fifteen times slower).

``--write`` stores each named player's result (not those of ``net:PATH``) in the ``"players"``
table of ``bgsim/data/player-strength.json`` (``{"opponent": "gnubg 0-ply", "ppg",
"ppg_half_width", "win_rate", "games", "command", "date", "note"}`` per player name, with
``"ppg_adjusted"`` and ``"ppg_adjusted_half_width"`` after ``--luck``), which
:mod:`bgsim.sim.strength` reads.

**Luck-adjusted** (``--luck``): each roll's luck is judged by bgsim's shipped network at 0-ply
(:mod:`luck`: the value after the judge's best play of the roll that came minus the average over
the rolls that could have come) and taken off the points: the same expected value, because the
luck of every roll averages to 0 over the dice, and a five times narrower interval (net against
gnubg, 20,000 games, seed 2035: -0.0189 +- 0.0170 raw, -0.0183 +- 0.0033 adjusted; one roll deeper,
seed 2036: +0.0076 +- 0.0170 raw, +0.0173 +- 0.0034 adjusted). It costs about 0.05 s a game here
(the judge plays each of the 21 rolls of every turn), so 0-ply matches run at 14 games a second
instead of about 220.

``--processes N`` plays the pairs in N worker processes side by side (one core each): the same
games and figures as one process, N times sooner.

Run: ``python benchmarks/bench_strength.py [--games 10000] [--players net,heuristic]
[--seed 2026] [--luck] [--processes 2] [--write]``. Prints numbers; asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

OPPONENT = "gnubg 0-ply"
STRENGTH_FILE = Path(__file__).resolve().parents[1] / "bgsim" / "data" / "player-strength.json"
MAX_TURNS = 10_000


def to_gnubg(b: np.ndarray) -> list[list[int]]:
    """bgsim's board (row 0 on roll, index 25 the bar, 0 borne off) as gnubg_nn's (on roll in row 1)."""
    return [[int(x) for x in b[1, 1:26]], [int(x) for x in b[0, 1:26]]]


def from_gnubg(board, checkers: int = 15) -> np.ndarray:
    """gnubg_nn's board after a play (the mover in row 0) as bgsim's board of the next side on roll."""
    b = np.zeros((2, 26), dtype=np.int8)
    for row, src in ((0, board[1]), (1, board[0])):
        b[row, 1:26] = src
        b[row, 0] = checkers - sum(src)
    return b


@dataclass
class Side:
    """One bgsim player as the benchmark drives it: ``choose(b, d1, d2)`` gives the board after
    its play, the opponent on roll (row 0)."""

    name: str
    choose: object
    points: list[np.ndarray] = field(default_factory=list)


def compiled_side(name: str) -> Side:
    """A compiled player (``net``, ``net:PATH``, ``heuristic``, ``pubeval``) on bgsim's own kernels."""
    from bgsim.engine import _kernel
    from bgsim.sim import _mc_kernel as K
    from bgsim.sim.compiled_players import NO_BEAROFF, pubeval_tables
    from bgsim.sim.net import BINOM, Net, bearoff_expected, shipped_weights

    network = parse_network(name)
    if network is not None:
        code = K.PLAYER_NET
        if network[1] is None:
            w = shipped_weights()[0]
            arrays = (w["w1"], w["b1"], w["w2"], w["b2"])
        else:
            arrays = Net.from_file(network[1]).arrays()
        net = K.net_args(*arrays)
    else:
        code = {"heuristic": K.PLAYER_HEURISTIC, "pubeval": K.PLAYER_PUBEVAL}[name]
        net = K.no_net()
    ptab, pbar, poff = pubeval_tables()
    bo = NO_BEAROFF if code == K.PLAYER_PUBEVAL else bearoff_expected()
    ws = _kernel.Workspace()
    arrays_ws = ws.arrays()
    state = np.zeros(4, dtype=np.uint64)

    def choose(b: np.ndarray, d1: int, d2: int) -> np.ndarray:
        n = _kernel.generate(b, d1, d2, 0, *arrays_ws)
        k = K.choose(code, b, n, 15, state, ws.boards, ptab, pbar, poff, bo, BINOM, net)
        return ws.boards[k, ::-1].copy()   # the opponent on roll: swap the rows

    return Side(name, choose)


def python_side(name: str) -> Side:
    """A Python :class:`bgsim.game.drive.Player` (``handwritten``)."""
    from bgsim import HandwrittenPlayer, Position

    player = HandwrittenPlayer()

    def choose(b: np.ndarray, d1: int, d2: int) -> np.ndarray:
        pos = Position.from_array(b)
        plays = pos.legal_plays((d1, d2))
        play = player.choose_play(pos, (d1, d2), plays)
        after = play.after if play.after is not None else pos.play(play)
        return after.to_array()

    return Side(name, choose)


def parse_network(name: str) -> tuple[int, str | None] | None:
    """The depth (0 or 1 roll deeper) and weights file (None: the shipped one) that a network
    player's name gives, None when the name is not a network's.

    >>> parse_network("net"), parse_network("net:r10.npz"), parse_network("net-1ply")
    ((0, None), (0, 'r10.npz'), (1, None))
    >>> parse_network("net-1ply:r10.npz"), parse_network("pubeval")
    ((1, 'r10.npz'), None)
    """
    for prefix, plies in (("net-1ply", 1), ("net", 0)):
        if name == prefix:
            return plies, None
        if name.startswith(prefix + ":"):
            return plies, name[len(prefix) + 1:]
    return None


def recorded_name(name: str) -> str:
    """The name a player's figures are printed and recorded under: ``net-1ply`` is ``"net 1-ply"``
    (as :mod:`bgsim.sim.strength` reads it), any other name itself."""
    return "net 1-ply" if name == "net-1ply" else name


def ply1_side(name: str) -> Side:
    """The network one roll deeper (:func:`bgsim.sim._net_ply.ply1_choose`, as ``NetPlayer(plies=1)``)."""
    from bgsim.engine import _kernel
    from bgsim.sim import _net_kernel as nk
    from bgsim.sim import _net_ply as ply
    from bgsim.sim.net import BINOM, Net, bearoff_expected

    path = (parse_network(name) or (1, None))[1]
    net = Net() if path is None else Net.from_file(path)
    arrays = net.play_arrays()
    bo = bearoff_expected()
    ws, inner = _kernel.Workspace(), _kernel.Workspace()

    def choose(b: np.ndarray, d1: int, d2: int) -> np.ndarray:
        n = _kernel.generate(b, d1, d2, 0, *ws.arrays())
        k = ply.ply1_choose(b, n, 15, ws.boards, *arrays, bo, BINOM, nk.HIT_MASKS, *inner.arrays(), ply.KEEP,
                            ply.WINDOW)
        return ws.boards[k, ::-1].copy()

    return Side(recorded_name(name), choose)


def make_side(name: str) -> Side:
    network = parse_network(name)
    if network is not None and network[0] == 1:
        return ply1_side(name)
    if name == "handwritten":
        return python_side(name)
    if network is not None or name in ("heuristic", "pubeval"):
        return compiled_side(name)
    raise SystemExit(f"unknown player {name!r}: choose net, net:PATH, net-1ply, net-1ply:PATH, heuristic, pubeval "
                     "or handwritten")


class Gnubg:
    """gnubg's 0-ply player; every play it makes is checked against bgsim's legal results."""

    def __init__(self) -> None:
        import gnubg_nn

        from bgsim.engine import _kernel

        self.g = gnubg_nn
        self.ws = _kernel.Workspace()
        self.generate = _kernel.generate

    def choose(self, b: np.ndarray, d1: int, d2: int) -> np.ndarray:
        moves, key = self.g.best_move(to_gnubg(b), d1, d2, b=1)
        n = self.generate(b, d1, d2, 0, *self.ws.arrays())
        if not moves:
            if n != 1 or not np.array_equal(self.ws.boards[0], b):
                raise RuntimeError(f"gnubg found no play where bgsim has {n} (dice {d1}-{d2})")
            return b[::-1].copy()
        after = from_gnubg(self.g.board_from_position_key(key))
        mover_view = after[::-1]
        if not any(np.array_equal(self.ws.boards[k], mover_view) for k in range(n)):
            raise RuntimeError(f"gnubg's play {moves} (dice {d1}-{d2}) is not among bgsim's legal results")
        return after


def dice_stream(seed: int, pair: int):
    """The dice of pair ``pair``: the first roll is never a double (R4), then any roll."""
    rng = np.random.default_rng([seed, pair])
    while True:
        d1, d2 = (int(x) for x in rng.integers(1, 7, 2))
        if d1 != d2:
            break
    yield d1, d2
    while True:
        block = rng.integers(1, 7, (64, 2))
        for d1, d2 in block:
            yield int(d1), int(d2)


def play_game(first, second, dice, luck=None) -> tuple[int, float]:
    """Points won by ``first`` (who rolls first) in a cubeless game: +-1, 2 or 3 (R23), and the
    luck of ``first``'s rolls minus the luck of ``second``'s as ``luck`` judges them
    (:class:`luck.LuckJudge`; 0.0 without one)."""
    from bgsim import Position

    b = Position.initial().to_array()
    movers = (first, second)
    lucky = 0.0
    for t in range(MAX_TURNS):
        d1, d2 = next(dice)
        if luck is not None:
            lucky += (1 if t % 2 == 0 else -1) * luck(b, d1, d2, opening=t == 0)
        b = movers[t % 2](b, d1, d2)
        if b[1, 0] == 15:                     # the mover (now row 1) bore off its last checker (R22)
            loser = b[0]
            kind = 1 if loser[0] > 0 else (3 if loser[19:26].any() else 2)
            return (kind if t % 2 == 0 else -kind), lucky
    raise RuntimeError("a game did not end")


def play_pairs(name: str, seed: int, first: int, count: int, luck: bool = False,
               opponent: str = "gnubg") -> tuple[np.ndarray, np.ndarray | None, float]:
    """Player ``name`` against ``opponent`` (``"gnubg"``: gnubg's 0-ply player; else a name for
    :func:`make_side`) on the pairs of dice ``first`` .. ``first + count - 1``: the points
    (``int64[count, 2]``, seat rolling first and second), the luck of each game (with ``luck``;
    else None) and the seconds the games took (not the set-up and compiling before them)."""
    from luck import LuckJudge

    side = make_side(name)
    other = Gnubg().choose if opponent == "gnubg" else make_side(opponent).choose
    judge = LuckJudge() if luck else None
    pts = np.zeros((count, 2), dtype=np.int64)
    lucky = np.zeros((count, 2)) if luck else None
    play_game(side.choose, other, dice_stream(seed, -1 % 2**32), judge)   # warm-up (compiling)
    t0 = time.perf_counter()
    for i in range(count):
        pts[i, 0], l0 = play_game(side.choose, other, dice_stream(seed, first + i), judge)
        p1, l1 = play_game(other, side.choose, dice_stream(seed, first + i), judge)
        pts[i, 1] = -p1
        if lucky is not None:
            lucky[i] = l0, -l1
    return pts, lucky, time.perf_counter() - t0


def run(names: list[str], pairs: int, seed: int, luck: bool = False, processes: int = 1,
        opponent: str = "gnubg") -> list[dict]:
    """Each player in ``names`` against gnubg on ``pairs`` pairs of dice; with ``luck``, every
    roll's luck judged too (:class:`luck.LuckJudge`) for the luck-adjusted figures.

    ``processes`` > 1 splits the pairs into that many consecutive ranges played side by side in
    worker processes (one core each): the same games and figures as one process, sooner; the
    speed printed is then that of one process (the games' seconds summed over the workers)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    out = []
    for name in names:
        if processes <= 1:
            pts, lucky, secs = play_pairs(name, seed, 0, pairs, luck, opponent)
        else:
            bounds = np.linspace(0, pairs, processes + 1).astype(int)
            spawn = multiprocessing.get_context("spawn")   # fresh workers: no state forked from this one
            with ProcessPoolExecutor(processes, mp_context=spawn) as pool:
                parts = list(pool.map(play_pairs, [name] * processes, [seed] * processes, bounds[:-1],
                                      np.diff(bounds), [luck] * processes, [opponent] * processes))
            pts = np.concatenate([part[0] for part in parts])
            lucky = None if not luck else np.concatenate([part[1] for part in parts])
            secs = sum(part[2] for part in parts)
        out.append(summarise(recorded_name(name), pts, secs, lucky))
        report(out[-1], out[0])
        sys.stdout.flush()
    return out


def summarise(name: str, pts: np.ndarray, secs: float, lucky: np.ndarray | None = None) -> dict:
    """The figures of one player's games: ``pts[i, s]`` the points of pair ``i``'s game in seat
    ``s``; ``lucky`` (the same shape) the player's luck in each, if it was judged."""
    games = pts.size
    flat = pts.ravel()
    z = pts.mean(axis=1)
    win = float((flat > 0).mean())
    adjusted = {}
    if lucky is not None:
        za = (pts - lucky).mean(axis=1)
        adjusted = {"adjusted": pts - lucky, "ppg_adjusted": float(za.mean()),
                    "ppg_adjusted_half_width": float(1.96 * za.std(ddof=1) / math.sqrt(len(za))),
                    "luck_per_game": float(lucky.mean())}
    return {"name": name, "pts": pts, "games": int(games), "seconds": secs, **adjusted,
            "ppg": float(flat.mean()),
            "ppg_half_width": float(1.96 * z.std(ddof=1) / math.sqrt(len(z))),
            "ppg_half_width_independent": float(1.96 * flat.std(ddof=1) / math.sqrt(games)),
            "win_rate": win, "win_half_width": float(1.96 * math.sqrt(win * (1 - win) / games)),
            "gammons": float((flat >= 2).mean()), "backgammons": float((flat >= 3).mean()),
            "opp_gammons": float((flat <= -2).mean()), "opp_backgammons": float((flat <= -3).mean())}


def report(r: dict, first: dict) -> None:
    pct = lambda x: f"{100 * x:5.2f}%"   # noqa: E731
    print(f"{r['name']} vs {OPPONENT}: {r['games']:,} games ({r['games'] // 2:,} pairs, both seats, same dice), "
          f"{r['games'] / r['seconds']:,.0f} games/s")
    print(f"   wins {pct(r['win_rate'])} +- {pct(r['win_half_width'])}; points/game {r['ppg']:+.4f} +- "
          f"{r['ppg_half_width']:.4f} (pairs; as independent games +- {r['ppg_half_width_independent']:.4f})")
    print(f"   gammons won {pct(r['gammons'])} (backgammons {pct(r['backgammons'])}), "
          f"lost {pct(r['opp_gammons'])} (backgammons {pct(r['opp_backgammons'])})")
    if "adjusted" in r:
        print(f"   luck-adjusted points/game {r['ppg_adjusted']:+.4f} +- {r['ppg_adjusted_half_width']:.4f} "
              f"(its luck {r['luck_per_game']:+.4f} a game, judged by bgsim's network)")
    if r is not first:
        d = r["pts"].mean(axis=1) - first["pts"].mean(axis=1)
        half = 1.96 * d.std(ddof=1) / math.sqrt(len(d))
        print(f"   minus {first['name']} on the same dice: {d.mean():+.4f} +- {half:.4f} points/game; "
              f"speed {r['games'] / r['seconds'] / (first['games'] / first['seconds']):.3f}x")
        if "adjusted" in r:
            d = r["adjusted"].mean(axis=1) - first["adjusted"].mean(axis=1)
            print(f"   luck-adjusted, minus {first['name']}: {d.mean():+.4f} +- "
                  f"{1.96 * d.std(ddof=1) / math.sqrt(len(d)):.4f} points/game")


def write(results: list[dict], command: str) -> None:
    """Store the named players' results in ``player-strength.json`` (its ``"players"`` table,
    which :mod:`bgsim.sim.strength` reads; other entries are kept)."""
    data = json.loads(STRENGTH_FILE.read_text()) if STRENGTH_FILE.exists() else {}
    players = data.setdefault("players", {})
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    for r in results:
        if ":" in r["name"]:
            continue   # a weights file is no named player
        players[r["name"]] = {"opponent": OPPONENT, "ppg": round(r["ppg"], 4),
                              "ppg_half_width": round(r["ppg_half_width"], 4), "win_rate": round(r["win_rate"], 4),
                              "games": r["games"], "command": command, "date": today,
                              "note": "both seats on the same dice; the half width from the spread of the pair means"}
        if "adjusted" in r:
            players[r["name"]].update(ppg_adjusted=round(r["ppg_adjusted"], 4),
                                      ppg_adjusted_half_width=round(r["ppg_adjusted_half_width"], 4))
    STRENGTH_FILE.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote {STRENGTH_FILE}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=10_000, help="games per player (even: pairs of seats; default 10,000)")
    p.add_argument("--players", default="net",
                   help="comma-separated: net, net:PATH, net-1ply, net-1ply:PATH, heuristic, pubeval, handwritten")
    p.add_argument("--seed", type=int, default=2026, help="seed of the dice")
    p.add_argument("--write", action="store_true", help=f"store the results in {STRENGTH_FILE.name}")
    p.add_argument("--processes", type=int, default=1, help="worker processes that play the pairs side by side "
                   "(default 1; the same games and figures, sooner on several cores)")
    p.add_argument("--luck", action="store_true", help="also the luck-adjusted points per game (each roll's luck "
                   "judged by bgsim's network, benchmarks/luck.py): the same expected value, a narrower interval; "
                   "about 0.05 s more a game")
    args = p.parse_args(argv)
    try:
        import gnubg_nn  # noqa: F401
    except ImportError:
        print("gnubg_nn is not installed (pip install gnubg-nn): nothing to measure against")
        return 1
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    results = run(names, max(1, args.games // 2), args.seed, args.luck, args.processes)
    if args.write:
        command = "python benchmarks/bench_strength.py " + " ".join(sys.argv[1:] if argv is None else argv)
        write(results, command)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
