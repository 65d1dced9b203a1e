"""Train the ``"net"`` player by TD(lambda) self-play: ``python -m bgsim.train``.

The shipped weights (``bgsim/data/net-weights.npz``) and their training log
(``bgsim/data/net-training-log.tsv``) were made by this module; the command that made
them is recorded in the weights file (:func:`bgsim.net.load_weights` shows it) and in
the log's first lines. The same command on the same seed gives the same weights (the
games are played single-threaded by compiled code with its own random stream).

How it learns (Tesauro's TD-Gammon method, see :mod:`bgsim._net_kernel`): the network
plays both sides, choosing every play greedily by its own evaluation; after each turn the
evaluation of the position before the roll is moved towards the evaluation of the next
one, and after the last turn towards the result (single, gammon or backgammon, R23).
The step size ``alpha`` falls linearly from ``--alpha`` to ``--alpha-end``.

Every ``--eval-every`` games the network plays ``--eval-games`` cubeless games against
pubeval (seats alternating, its own random stream: the check does not change the
training) and the log gets a line. Ctrl-C stops and saves what was learned so far.

>>> args = build_parser().parse_args(["--games", "1000", "--hidden", "8"])
>>> args.games, args.hidden, args.lam
(1000, 8, 0.0)
"""

from __future__ import annotations

import argparse
import math
import shlex
import sys
import time
from pathlib import Path

import numpy as np

from . import _kernel
from . import _net_kernel as nk
from .errors import InvalidSettingError, WeightsError
from .montecarlo import estimate
from .net import BINOM, Net, bearoff_expected, input_layout, load_weights, read_weights_file, save_weights
from .position import Position

__all__ = ["build_parser", "main", "train"]

BLOCK = 500  # games per compiled call (the step size changes between blocks)
_OPENINGS = 30  # opening rolls (R4): the first-roll block of an opening estimate


def _initial_weights(hidden: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    return {
        "w1": rng.uniform(-0.1, 0.1, (nk.N_INPUTS, hidden)),
        "b1": np.zeros(hidden),
        "w2": rng.uniform(-0.1, 0.1, (nk.N_OUTPUTS, hidden)),
        "b2": np.zeros(nk.N_OUTPUTS),
    }


def extend_weights(weights: dict[str, np.ndarray], meta: dict, hidden: int,
                   rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Weights of an older input layout (or fewer hidden units) extended to this layout.

    The new inputs' rows of ``w1`` are zero, so the extended network evaluates every
    position exactly as the old one; new hidden units get small random input weights and
    zero output weights (they change nothing until training moves them).

    >>> w = {"w1": np.ones((207, 2)), "b1": np.zeros(2), "w2": np.ones((5, 2)), "b2": np.zeros(5)}
    >>> x = extend_weights(w, {}, 3, np.random.default_rng(0))
    >>> x["w1"].shape, float(x["w1"][207:, :2].sum()), float(x["w2"][:, 2].sum())
    ((213, 3), 0.0, 0.0)
    """
    layout = input_layout(weights, meta)
    if layout not in nk.LAYOUT_INPUTS or weights["w1"].shape[0] != nk.LAYOUT_INPUTS[layout]:
        raise WeightsError(f"cannot extend weights of input layout {layout!r} with {weights['w1'].shape[0]} inputs")
    old_inputs, old_hidden = weights["w1"].shape
    hidden = max(hidden, old_hidden)
    w1 = np.zeros((nk.N_INPUTS, hidden))
    w1[:old_inputs, :old_hidden] = weights["w1"]
    w1[:, old_hidden:] = rng.uniform(-0.1, 0.1, (nk.N_INPUTS, hidden - old_hidden))
    b1 = np.zeros(hidden)
    b1[:old_hidden] = weights["b1"]
    w2 = np.zeros((nk.N_OUTPUTS, hidden))
    w2[:, :old_hidden] = weights["w2"]
    return {"w1": w1, "b1": b1, "w2": w2, "b2": np.array(weights["b2"], dtype=np.float64)}


def _versus_pubeval(weights, games: int, seed: int) -> np.ndarray:
    """Outcome counts (from the network's view) of ``games`` cubeless games against pubeval
    from the opening (R4), half in each seat, on the same dice (:func:`bgsim.estimate`)."""
    net = Net(weights, name="net (training)")
    half = max(_OPENINGS, games // 2 // _OPENINGS * _OPENINGS)
    first = estimate(Position.initial(), games=half, player=(net, "pubeval"), opening=True, rng=seed)
    second = estimate(Position.initial(), games=half, player=("pubeval", net), opening=True, rng=seed)
    a, b = np.array(first.outcomes), np.array(second.outcomes)
    return np.concatenate([a[:3] + b[3:6], a[3:6] + b[:3]])


def _eval_line(counts: np.ndarray) -> dict[str, float]:
    n = int(counts[:6].sum())
    wins = int(counts[:3].sum())
    p = wins / n
    points = (counts[0] + 2 * counts[1] + 3 * counts[2] - counts[3] - 2 * counts[4] - 3 * counts[5]) / n
    return {"eval_games": n, "win_rate": p, "win_half_width": 1.96 * math.sqrt(p * (1 - p) / n),
            "points_per_game": float(points)}


def train(games: int, *, hidden: int = 64, lam: float = 0.0, alpha: float = 0.1, alpha_end: float = 0.02,
          seed: int = 2026, eval_every: int = 20_000, eval_games: int = 2_000, out: Path | None = None,
          log: Path | None = None, resume: Path | None = None, init: Path | None = None, progress: bool = True,
          command: str = "", init_note: str = "", fast: bool = False) -> dict[str, np.ndarray]:
    """Train for ``games`` self-play games and return the weights (also saved to ``out``).

    Parameters
    ----------
    games : int
        Self-play games to train on (in blocks of 500).
    hidden : int
        Hidden units (ignored when resuming).
    lam : float
        TD(lambda)'s lambda, 0 <= lam < 1 (0: each position learns from the next only).
    alpha, alpha_end : float
        Step size at the start and at the end (linear in between).
    seed : int
        Seeds the initial weights and the training dice.
    eval_every, eval_games : int
        How often, and with how many games, to check against pubeval (0: never).
    out, log : Path or None
        Where to save the weights (``.npz``) and append the log (tab-separated).
    resume : Path or None
        Continue from saved weights (their training stream continues where it stopped).
    init : Path or None
        Start from these weights instead of random ones (warm start), extended to this input
        layout and to ``hidden`` units when they have fewer (:func:`extend_weights`); the
        training dice come from ``seed``. Their record is kept in the metadata (``init``).
    init_note : str
        Where those weights can be found again (e.g. the git revision), kept with the record.
    fast : bool
        Choose the self-play plays with the fast-math forward pass (as play-outs do): about
        twice the games per second; reproducible on the same machine.
    progress : bool
        Show a progress bar (tqdm) on stderr.
    command : str
        The command line, recorded with the weights.
    """
    if games < 0 or hidden < 1 or not (0.0 <= lam < 1.0) or alpha <= 0 or alpha_end < 0:
        raise InvalidSettingError("games >= 0, hidden >= 1, 0 <= lam < 1, alpha > 0 and alpha_end >= 0")
    ss = np.random.SeedSequence(seed)
    init_meta: dict | None = None
    commands = [command]
    if resume is not None and init is not None:
        raise InvalidSettingError("give either resume or init, not both")
    if resume is not None:
        weights, meta = load_weights(resume)
        weights = {k: np.array(v, dtype=np.float64) for k, v in weights.items()}
        done = int(meta["games"])
        state = np.array(meta["train_state"], dtype=np.uint64)
        elapsed0 = float(meta.get("train_seconds", 0.0))
        history = list(meta.get("history", []))
        init_meta = meta.get("init")
        commands = [*meta.get("commands", [meta.get("command", "")]), command]
    elif init is not None:
        old, old_meta = read_weights_file(init)
        weights = extend_weights(old, old_meta, hidden, np.random.default_rng(ss.spawn(1)[0]))
        init_meta = {"file": Path(init).name, "where": init_note, "input_layout": input_layout(old, old_meta),
                     **{k: old_meta.get(k) for k in ("command", "commands", "games", "train_seconds", "init")}}
        done = 0
        state = np.asarray(ss.generate_state(4, np.uint64), dtype=np.uint64)
        elapsed0 = 0.0
        history = []
    else:
        weights = _initial_weights(hidden, np.random.default_rng(ss.spawn(1)[0]))
        done = 0
        state = np.asarray(ss.generate_state(4, np.uint64), dtype=np.uint64)
        elapsed0 = 0.0
        history = []
    total = done + games
    start = Position.initial().to_array()
    ws = _kernel.Workspace()
    bo = bearoff_expected()
    stats = np.zeros(8, dtype=np.int64)
    logf = None
    if log is not None:
        fresh = not Path(log).exists() or resume is None
        logf = open(log, "w" if fresh else "a", encoding="utf-8")
        if not fresh:
            logf.write(f"# resumed: {command}\n")
        if fresh:
            logf.write(f"# {command}\n# games\tseconds\talpha\twin_rate_vs_pubeval\thalf_width_95\t"
                       "points_per_game\tturns_per_game\n")
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=total, initial=done, unit="game", desc="training", file=sys.stderr, smoothing=0.05)
    t0 = time.perf_counter()
    w = weights
    try:
        while done < total:
            n = min(BLOCK, total - done)
            frac = done / max(1, total)
            a = alpha + (alpha_end - alpha) * frac
            nk.train_games(n, start, w["w1"], w["b1"], w["w2"], w["b2"], a, lam, state, bo, BINOM,  # type: ignore[call-arg]
                           nk.HIT_MASKS, stats, *ws.arrays(), fast)
            done += n
            if bar is not None:
                bar.update(n)
            if eval_every and (done % eval_every == 0 or done == total):
                e = _eval_line(_versus_pubeval(w, eval_games, seed + done))
                secs = elapsed0 + time.perf_counter() - t0
                turns = stats[1] / max(1, stats[0])
                history.append({"games": done, "seconds": round(secs, 1), **e})
                if bar is not None:
                    bar.set_postfix(vs_pubeval=f"{e['win_rate']:.3f}")
                if logf is not None:
                    logf.write(f"{done}\t{secs:.1f}\t{a:.4f}\t{e['win_rate']:.4f}\t{e['win_half_width']:.4f}\t"
                               f"{e['points_per_game']:+.4f}\t{turns:.1f}\n")
                    logf.flush()
                if out is not None:
                    save_weights(out, w, _meta(command, seed, done, w["b1"].shape[0], lam, alpha, alpha_end, state,
                                               elapsed0 + time.perf_counter() - t0, history, init_meta, commands))
    except KeyboardInterrupt:
        print(f"\nstopped after {done} games; saving what was learned", file=sys.stderr)
    finally:
        if bar is not None:
            bar.close()
        if logf is not None:
            logf.close()
    if out is not None:
        save_weights(out, w, _meta(command, seed, done, w["b1"].shape[0], lam, alpha, alpha_end, state,
                                   elapsed0 + time.perf_counter() - t0, history, init_meta, commands))
    return w


def _meta(command, seed, games, hidden, lam, alpha, alpha_end, state, seconds, history, init_meta=None,
          commands=None) -> dict:
    extra = {} if init_meta is None else {"init": init_meta}
    return {**extra, "commands": commands or [command], "command": command, "seed": seed, "games": games,
            "hidden": int(hidden), "lam": lam,
            "alpha": alpha, "alpha_end": alpha_end, "train_state": [int(x) for x in state],
            "train_seconds": round(seconds, 1), "inputs": nk.N_INPUTS, "input_layout": nk.INPUT_LAYOUT,
            "history": history}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bgsim.train", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1_000_000, help="self-play games to train (default 1,000,000)")
    p.add_argument("--hidden", type=int, default=64, help="hidden units (default 64)")
    p.add_argument("--lam", type=float, default=0.0, help="TD lambda, 0 <= lam < 1 (default 0)")
    p.add_argument("--alpha", type=float, default=0.1, help="step size at the start (default 0.1)")
    p.add_argument("--alpha-end", type=float, default=0.02, help="step size at the end (default 0.02)")
    p.add_argument("--seed", type=int, default=2026, help="seed of the initial weights and the dice")
    p.add_argument("--eval-every", type=int, default=20_000, help="games between checks against pubeval")
    p.add_argument("--eval-games", type=int, default=2_000, help="games per check against pubeval")
    p.add_argument("--out", type=Path, default=Path("net-weights.npz"), help="weights file to write (.npz)")
    p.add_argument("--log", type=Path, default=Path("net-training-log.tsv"), help="log file to write")
    p.add_argument("--resume", type=Path, default=None, help="continue from this weights file")
    p.add_argument("--init", type=Path, default=None,
                   help="start from these weights (warm start; older input layouts are extended with zero weights)")
    p.add_argument("--init-note", default="", help="where the --init weights can be found again (kept in the record)")
    p.add_argument("--fast", action="store_true", help="choose self-play plays with the fast-math forward pass")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = "python -m bgsim.train " + shlex.join(sys.argv[1:] if argv is None else argv)
    try:
        train(args.games, hidden=args.hidden, lam=args.lam, alpha=args.alpha, alpha_end=args.alpha_end,
              seed=args.seed, eval_every=args.eval_every, eval_games=args.eval_games, out=args.out, log=args.log,
              resume=args.resume, init=args.init, init_note=args.init_note, fast=args.fast,
              progress=not args.no_progress, command=command)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
