"""Train the ``"net"`` player: TD(lambda) self-play, then distillation of its 1-ply judgement.

The shipped weights (``bgsim/data/net-weights.npz``) and their training log
(``bgsim/data/net-training-log.tsv``) were made by this module; the command that made
them is recorded in the weights file (:func:`bgsim.sim.net.load_weights` shows it) and in
the log's first lines. The same command on the same seed gives the same weights (the
games are played single-threaded by compiled code with its own random stream).

How it learns (Tesauro's TD-Gammon method, see :mod:`bgsim.sim._net_kernel`): the network
plays both sides, choosing every play greedily by its own evaluation; after each turn the
evaluation of the position before the roll is moved towards the evaluation of the next
one, and after the last turn towards the result (single, gammon or backgammon, R23).
The step size ``alpha`` falls linearly from ``--alpha`` to ``--alpha-end``.

Every ``--eval-every`` games the network plays ``--eval-games`` cubeless games against
pubeval (seats alternating, its own random stream: the check does not change the
training) and the log gets a line. Ctrl-C stops and saves what was learned so far.

**Distillation** (``--method distill --init TEACHER``, :func:`distill`): TD self-play stops
improving a small network long before the network's judgement one roll deeper (1-ply,
:mod:`bgsim.sim._net_ply`) stops being better than its judgement now. So the teacher network
plays ``--positions`` positions against itself, each position gets the teacher's 1-ply
outputs as its target, and a student network (the teacher's weights, extended to
``--hidden`` units) is fitted to those targets by minibatch Adam for ``--epochs`` passes
(step size ``--lr``, falling along a half cosine). Each round makes a network that plays
at 0-ply much as its teacher did at 1-ply; the next round can take it as teacher.
Two options aim the fit at the choices the network makes: ``--alternatives`` adds positions
one random play away from self-play (the results a player must rank but never reaches by
its own play), ``--equity-weight`` adds the squared equity error to the loss (gammon
errors cost what they cost in points, R23), and ``--gammon-weight`` weighs the squared
errors of the four gammon and backgammon outputs against the win's (their targets are
small, so an unweighted fit shrinks them towards their mean).

>>> args = build_parser().parse_args(["--games", "1000", "--hidden", "8"])
>>> args.method, args.games, args.hidden, args.lam
('td', 1000, 8, 0.0)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import shlex
import sys
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from ..engine import _kernel
from ..engine.errors import InvalidSettingError, WeightsError
from ..engine.position import Position
from ..sim import _net_kernel as nk
from ..sim import _net_ply as ply
from ..sim.montecarlo import estimate
from ..sim.net import BINOM, Net, bearoff_expected, input_layout, load_weights, read_weights_file, save_weights

__all__ = ["build_parser", "distill", "main", "train"]

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


# ============================================================================================
# Distillation of the 1-ply judgement
# ============================================================================================

_GAMES_PER_CALL = 200       # self-play games per compiled call while collecting positions
_TARGETS_PER_CALL = 5_000   # positions per compiled call while computing targets


def _parallel(jobs, threads: int):
    """Run the callables ``jobs`` on ``threads`` threads (the compiled kernels release the GIL)."""
    if threads <= 1:
        return [job() for job in jobs]
    with ThreadPoolExecutor(threads) as pool:
        return list(pool.map(lambda job: job(), jobs))


def collect_positions(weights: dict[str, np.ndarray], positions: int, seed: int, *,
                      threads: int = 1) -> np.ndarray:
    """``positions`` boards (int8[n, 2, 26], the side on roll in row 0) that the network
    ``weights`` meets playing itself from the opening (R4), from ``threads`` seeded streams."""
    arrays = tuple(weights[k] for k in ("w1", "b1", "w2", "b2"))
    bo = bearoff_expected()
    start = Position.initial().to_array()
    streams = np.random.SeedSequence([seed, 1]).spawn(max(1, threads))
    share = [positions // len(streams) + (1 if i < positions % len(streams) else 0) for i in range(len(streams))]

    def one(i: int):
        def job() -> np.ndarray:
            state = np.asarray(streams[i].generate_state(4, np.uint64), dtype=np.uint64)
            out = np.zeros((share[i], 2, 26), dtype=np.int8)
            ws = _kernel.Workspace()
            done = 0
            while done < share[i]:
                done += ply.selfplay_positions(_GAMES_PER_CALL, start, *arrays, bo, BINOM, nk.HIT_MASKS, state,  # type: ignore[call-arg]
                                               *ws.arrays(), out[done:])
            return out
        return job

    return np.concatenate(_parallel([one(i) for i in range(len(streams))], threads))


def alternative_positions(boards: np.ndarray, count: int, seed: int) -> np.ndarray:
    """``count`` positions one play away from ``boards``: for a board drawn at random, a roll
    (R3), and one of its legal results (R5-R21) drawn at random, seen by the opponent, who is
    on roll next (int8[count, 2, 26]). Results that end the game are skipped.

    Self-play shows a network only the positions its own choices lead to, but to choose it
    must also rank the results it would not pick: these positions teach it those.

    >>> from bgsim import Position
    >>> alt = alternative_positions(np.array([Position.initial().to_array()]), 3, seed=1)
    >>> alt.shape, [int(a[1].sum()) for a in alt]     # the mover (15 checkers) now in row 1
    ((3, 2, 26), [15, 15, 15])
    """
    rng = np.random.default_rng(np.random.SeedSequence([seed, 4]))
    ws = _kernel.Workspace()
    out = np.zeros((count, 2, 26), dtype=np.int8)
    done = 0
    while done < count:
        b = boards[rng.integers(len(boards))].copy()
        d1, d2 = (int(d) for d in rng.integers(1, 7, 2))
        n = _kernel.generate(b, d1, d2, 0, *ws.arrays())
        going = [k for k in range(n) if ws.boards[k, 0, 0] < 15]
        if not going:
            continue
        out[done] = ws.boards[going[rng.integers(len(going))], ::-1]
        done += 1
    return out


def ply1_targets(weights: dict[str, np.ndarray], boards: np.ndarray, *, threads: int = 1,
                 progress=None) -> np.ndarray:
    """The network's 1-ply outputs (float64[n, 5], the side on roll's view) of each board
    (:func:`bgsim.sim._net_ply.ply1_outputs`). ``progress(k)`` is called as each block of
    ``k`` boards is done."""
    arrays = tuple(weights[k] for k in ("w1", "b1", "w2", "b2"))
    bo = bearoff_expected()
    n = len(boards)
    targets = np.zeros((n, nk.N_OUTPUTS))
    blocks = [(lo, min(n, lo + _TARGETS_PER_CALL)) for lo in range(0, n, _TARGETS_PER_CALL)]
    nchk = int(boards[0, 0].sum()) if n else 15
    spaces: dict[int, _kernel.Workspace] = {}

    def one(lo: int, hi: int):
        def job() -> None:
            ws = spaces.setdefault(threading.get_ident(), _kernel.Workspace())
            ply.ply1_targets(boards, lo, hi, nchk, *arrays, bo, BINOM, nk.HIT_MASKS, *ws.arrays(), targets)  # type: ignore[call-arg]
            if progress is not None:
                progress(hi - lo)
        return job

    _parallel([one(lo, hi) for lo, hi in blocks], threads)
    return targets


def _fingerprint(weights: dict[str, np.ndarray]) -> str:
    """A short hash of a network's weights: which teacher made a data file."""
    h = hashlib.sha256()
    for k in ("w1", "b1", "w2", "b2"):
        h.update(np.ascontiguousarray(weights[k], dtype=np.float64).tobytes())
    return h.hexdigest()[:16]


_EQUITY_WEIGHTS = np.array([2.0, 1.0, 1.0, -1.0, -1.0], dtype=np.float32)  # d equity / d output (R23)


def _equity_rows(o: np.ndarray) -> np.ndarray:
    """Cubeless equity of each row of outputs (R23): ``2 win - 1 + gammons and backgammons won - lost``."""
    return o @ _EQUITY_WEIGHTS - 1.0


class _Adam:
    """Minibatch Adam on the network's squared error (float32; the five outputs summed).

    ``equity_weight`` adds that multiple of the squared error of the cubeless equity
    (:func:`_equity_rows`): an error in a gammon output then costs what it costs in points,
    and errors that cancel in the equity cost less than errors that add up.
    ``gammon_weight`` multiplies the squared errors of the gammon and backgammon outputs
    (the win's counts once).
    """

    def __init__(self, weights: dict[str, np.ndarray], equity_weight: float = 0.0,
                 gammon_weight: float = 1.0) -> None:
        self.equity_weight = float(equity_weight)
        self.output_weights = np.array([1.0] + [float(gammon_weight)] * 4, dtype=np.float32)
        self.p = {"w1": weights["w1"].astype(np.float32), "b1": weights["b1"].astype(np.float32),
                  "w2": np.ascontiguousarray(weights["w2"].T, dtype=np.float32),
                  "b2": weights["b2"].astype(np.float32)}
        self.m: dict[str, np.ndarray] = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v: dict[str, np.ndarray] = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        with np.errstate(over="ignore"):   # exp(-z) overflows to inf for very negative z: sigmoid 0, as it should be
            h = 1.0 / (1.0 + np.exp(-(x @ self.p["w1"] + self.p["b1"])))
            return h, 1.0 / (1.0 + np.exp(-(h @ self.p["w2"] + self.p["b2"])))

    def loss(self, x: np.ndarray, y: np.ndarray) -> float:
        """The mean loss the steps descend: squared error of the outputs (the gammon ones
        times ``gammon_weight``), plus ``equity_weight`` times the squared error of the equity."""
        _, o = self.forward(x)
        d = o - y
        return float(((d * d) @ self.output_weights + self.equity_weight * (d @ _EQUITY_WEIGHTS) ** 2).mean())

    def gradients(self, x: np.ndarray, y: np.ndarray) -> dict[str, np.ndarray]:
        """The gradient of :meth:`loss` with respect to each parameter."""
        h, o = self.forward(x)
        d = o - y
        e = d * self.output_weights
        if self.equity_weight:
            e = e + self.equity_weight * (d @ _EQUITY_WEIGHTS)[:, None] * _EQUITY_WEIGHTS
        go = 2.0 * e * o * (1.0 - o) / len(x)
        gh = (go @ self.p["w2"].T) * h * (1.0 - h)
        return {"w2": h.T @ go, "b2": go.sum(0), "w1": x.T @ gh, "b1": gh.sum(0)}

    def step(self, x: np.ndarray, y: np.ndarray, lr: float, beta1: float = 0.9, beta2: float = 0.999) -> None:
        grads = self.gradients(x, y)
        self.t += 1
        for k, g in grads.items():
            self.m[k] = beta1 * self.m[k] + (1 - beta1) * g
            self.v[k] = beta2 * self.v[k] + (1 - beta2) * g * g
            mh = self.m[k] / (1 - beta1 ** self.t)
            vh = self.v[k] / (1 - beta2 ** self.t)
            self.p[k] -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)

    def score(self, x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
        """Mean squared error (five outputs summed) and mean absolute equity error."""
        _, o = self.forward(x)
        return float(((o - y) ** 2).sum(1).mean()), float(np.abs(_equity_rows(o) - _equity_rows(y)).mean())

    def weights(self) -> dict[str, np.ndarray]:
        return {"w1": self.p["w1"].astype(np.float64), "b1": self.p["b1"].astype(np.float64),
                "w2": np.ascontiguousarray(self.p["w2"].T, dtype=np.float64), "b2": self.p["b2"].astype(np.float64)}


def _read_data(path: Path) -> tuple[np.ndarray, np.ndarray, dict | None]:
    """The boards, targets and maker's record kept in a ``--data`` file, checked for shape."""
    try:
        with np.load(path) as z:
            boards, targets = np.array(z["boards"]), np.array(z["targets"])
            kept = json.loads(str(z["made_by"])) if "made_by" in z else None
    except (OSError, KeyError, ValueError) as exc:
        raise InvalidSettingError(f"{path} is not a --data file of positions and targets: {exc}") from None
    if boards.ndim != 3 or boards.shape[1:] != (2, 26) or targets.shape != (len(boards), nk.N_OUTPUTS):
        raise InvalidSettingError(f"{path} holds boards of shape {boards.shape} and targets of shape "
                                  f"{targets.shape}; expected (n, 2, 26) and (n, {nk.N_OUTPUTS})")
    return boards, targets, kept


def distill(positions: int, *, init: Path, hidden: int = 0, epochs: int = 30, lr: float = 1e-3, batch: int = 512,
            seed: int = 2026, threads: int = 1, eval_games: int = 2_000, out: Path | None = None,
            log: Path | None = None, progress: bool = True, command: str = "", init_note: str = "",
            data: Path | None = None, more_data: Sequence[Path] = (), equity_weight: float = 0.0,
            alternatives: float = 0.0, gammon_weight: float = 1.0) -> dict[str, np.ndarray]:
    """Fit a network to the 1-ply judgement of the network ``init`` (the teacher) and return it.

    Parameters
    ----------
    positions : int
        Positions the teacher collects in self-play (:func:`collect_positions`); each gets
        the teacher's 1-ply outputs as its target (:func:`ply1_targets`). 2% of them (at
        most 20,000) are kept aside to measure the fit.
    init : Path
        The teacher's weights; the student starts from them (warm start).
    hidden : int
        The student's hidden units (0: the teacher's); more units start with small random
        input weights and zero output weights (:func:`extend_weights`).
    epochs, lr, batch : int, float, int
        Passes over the positions, Adam's step size at the start (it falls along a half
        cosine to 0) and the minibatch size.
    seed : int
        Seeds the self-play dice and the order of the minibatches.
    threads : int
        Threads that collect positions and compute targets.
    eval_games : int
        Games against pubeval after fitting (as :func:`train`'s checks; 0: none).
    out, log : Path or None
        The weights file to write and the log to append (one line per epoch).
    data : Path or None
        Keep the positions and targets in this ``.npz`` file: read them from it when it
        exists (it must have been made by the same teacher, seed and number of positions:
        another fit of the same data, e.g. with other hidden units), else write it.
    more_data : sequence of Path
        Further ``--data`` files of earlier rounds (other teachers or seeds) whose positions and
        targets are fitted too, as they were kept; the record names each file and who made it.
    alternatives : float
        The share of the ``positions`` that are not met in self-play but one play away from a
        self-play position: a random legal result of a random roll (:func:`alternative_positions`).
    equity_weight : float
        Adds this multiple of the squared equity error to the loss (0: the outputs' squared
        error alone), so that the fit spends its capacity where points are at stake.
    gammon_weight : float
        Multiplies the squared errors of the four gammon and backgammon outputs in the loss
        (1: each output counts the same).

    The same command gives the same positions and targets (each thread has its own seeded
    stream); the fit repeats exactly on the same machine with the same number of BLAS threads.
    """
    if (positions < 100 or epochs < 1 or lr <= 0 or batch < 1 or threads < 1 or hidden < 0 or equity_weight < 0
            or gammon_weight <= 0 or not 0 <= alternatives < 1):
        raise InvalidSettingError("positions >= 100, epochs >= 1, lr > 0, batch >= 1, threads >= 1, hidden >= 0, "
                                  "equity_weight >= 0, gammon_weight > 0 and 0 <= alternatives < 1")
    teacher, teacher_meta = read_weights_file(init)
    teacher = extend_weights(teacher, teacher_meta, teacher["b1"].shape[0], np.random.default_rng(0))
    student = extend_weights(teacher, {"input_layout": nk.INPUT_LAYOUT}, max(hidden, teacher["b1"].shape[0]),
                             np.random.default_rng(np.random.SeedSequence([seed, 2])))
    t0 = time.perf_counter()
    logf = open(log, "a", encoding="utf-8") if log is not None else None

    def note(line: str) -> None:
        if logf is not None:
            logf.write(line + "\n")
            logf.flush()

    note(f"# {command}\n# epoch\tseconds\tlr\ttrain_mse\tvalid_mse\tvalid_equity_mae")
    made_by = {"teacher": _fingerprint(teacher), "seed": seed, "positions": positions}
    others = round(positions * alternatives)
    if others:
        made_by["alternatives"] = others
    if data is not None and Path(data).exists():
        boards, targets, kept = _read_data(data)
        if kept is not None and kept != made_by:
            raise InvalidSettingError(f"{data} holds positions made by another teacher, seed or number of positions "
                                      f"({kept}); give another --data file, or none")
    else:
        boards = collect_positions(teacher, positions - others, seed, threads=threads)
        if others:
            boards = np.concatenate([boards, alternative_positions(boards, others, seed)])
        bar = None
        if progress:
            from tqdm import tqdm
            bar = tqdm(total=len(boards), unit="position", desc="1-ply targets", file=sys.stderr, smoothing=0.05)
        targets = ply1_targets(teacher, boards, threads=threads, progress=None if bar is None else bar.update)
        if bar is not None:
            bar.close()
        if data is not None:
            np.savez(data, boards=boards, targets=targets, made_by=np.array(json.dumps(made_by)))
    own = len(boards)
    extra = []
    for path in more_data:
        more_boards, more_targets, kept = _read_data(path)
        extra.append({"file": Path(path).name, "made_by": kept, "positions": len(more_boards)})
        boards = np.concatenate([boards, more_boards])
        targets = np.concatenate([targets, more_targets])
    x = np.zeros((len(boards), nk.N_INPUTS), dtype=np.float32)
    ply.dense_inputs(boards, nk.HIT_MASKS, x)
    y = targets.astype(np.float32)
    rng = np.random.default_rng(np.random.SeedSequence([seed, 3]))
    order = rng.permutation(len(x))
    n_valid = min(20_000, max(1, len(x) // 50))
    valid, train_rows = order[:n_valid], order[n_valid:]
    seen = train_rows[:20_000]   # a sample of the fitted rows: how closely they are fitted
    fit = _Adam(student, equity_weight, gammon_weight)

    def record(epoch: int, step: float) -> tuple[float, float]:
        mse, mae = fit.score(x[valid], y[valid])
        seen_mse = fit.score(x[seen], y[seen])[0]
        history.append({"epoch": epoch, "train_mse": seen_mse, "valid_mse": mse, "valid_equity_mae": mae})
        note(f"{epoch}\t{time.perf_counter() - t0:.1f}\t{step:.2e}\t{seen_mse:.6f}\t{mse:.6f}\t{mae:.5f}")
        return mse, mae

    history: list[dict] = []
    record(0, 0.0)
    try:
        for epoch in range(epochs):
            step = lr * 0.5 * (1.0 + math.cos(math.pi * epoch / epochs))
            rows = rng.permutation(train_rows)
            for lo in range(0, len(rows), batch):
                pick = rows[lo:lo + batch]
                fit.step(x[pick], y[pick], step)
            mse, mae = record(epoch + 1, step)
            if progress:
                print(f"epoch {epoch + 1}/{epochs}: held-out squared error {mse:.6f}, equity error {mae:.4f}",
                      file=sys.stderr)
    except KeyboardInterrupt:
        print("\nstopped; saving what was learned", file=sys.stderr)
    w = fit.weights()
    check = _eval_line(_versus_pubeval(w, eval_games, seed)) if eval_games else None
    if check is not None:
        note(f"# against pubeval: {check['eval_games']} games, wins {check['win_rate']:.4f} +- "
             f"{check['win_half_width']:.4f}, {check['points_per_game']:+.4f} points per game")
    if logf is not None:
        logf.close()
    if out is not None:
        meta = {"method": "distill", "commands": [command], "command": command, "seed": seed,
                "positions": own, "epochs": epochs, "lr": lr, "batch": batch, "equity_weight": equity_weight,
                "gammon_weight": gammon_weight,
                "alternatives": others, **({"more_data": extra} if extra else {}),
                "hidden": int(w["b1"].shape[0]), "inputs": nk.N_INPUTS, "input_layout": nk.INPUT_LAYOUT,
                "train_seconds": round(time.perf_counter() - t0, 1), "fit": history, "check": check,
                "init": {"file": Path(init).name, "where": init_note, "meta": teacher_meta}}
        save_weights(out, w, meta)
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
    p = argparse.ArgumentParser(prog="python -m bgsim.players.train", description=__doc__.split("\n\n")[0])
    p.add_argument("--method", choices=("td", "distill"), default="td",
                   help="td: TD(lambda) self-play (default); distill: fit to the --init network's 1-ply judgement")
    p.add_argument("--games", type=int, default=1_000_000, help="self-play games to train (default 1,000,000)")
    p.add_argument("--hidden", type=int, default=None,
                   help="hidden units (td: default 64; distill: default the teacher's)")
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
    d = p.add_argument_group("distill")
    d.add_argument("--positions", type=int, default=2_000_000, help="self-play positions with 1-ply targets")
    d.add_argument("--epochs", type=int, default=30, help="passes of Adam over the positions (default 30)")
    d.add_argument("--lr", type=float, default=1e-3, help="Adam's step size at the start (default 0.001)")
    d.add_argument("--batch", type=int, default=512, help="minibatch size (default 512)")
    d.add_argument("--threads", type=int, default=1, help="threads for positions and targets (default 1)")
    d.add_argument("--equity-weight", type=float, default=0.0,
                   help="add this multiple of the squared equity error to the loss (default 0)")
    d.add_argument("--gammon-weight", type=float, default=1.0,
                   help="weight of the gammon and backgammon outputs' squared errors in the loss (default 1)")
    d.add_argument("--alternatives", type=float, default=0.0,
                   help="share of the positions one random play away from self-play (default 0)")
    d.add_argument("--data", type=Path, default=None, help="keep the positions and targets in this .npz file")
    d.add_argument("--more-data", type=Path, nargs="+", default=[], metavar="FILE",
                   help="also fit the positions and targets kept in these --data files of earlier rounds")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    command = "python -m bgsim.players.train " + shlex.join(sys.argv[1:] if argv is None else argv)
    try:
        if args.method == "distill":
            if args.init is None:
                raise InvalidSettingError("--method distill needs --init TEACHER (the network whose 1-ply "
                                          "judgement is distilled)")
            distill(args.positions, init=args.init, hidden=args.hidden or 0, epochs=args.epochs, lr=args.lr,
                    batch=args.batch, seed=args.seed, threads=args.threads, eval_games=args.eval_games,
                    out=args.out, log=args.log, progress=not args.no_progress, command=command,
                    init_note=args.init_note, data=args.data, more_data=args.more_data,
                    equity_weight=args.equity_weight, alternatives=args.alternatives,
                    gammon_weight=args.gammon_weight)
            return 0
        train(args.games, hidden=64 if args.hidden is None else args.hidden, lam=args.lam, alpha=args.alpha,
              alpha_end=args.alpha_end, seed=args.seed, eval_every=args.eval_every, eval_games=args.eval_games,
              out=args.out, log=args.log, resume=args.resume, init=args.init, init_note=args.init_note, fast=args.fast,
              progress=not args.no_progress, command=command)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
