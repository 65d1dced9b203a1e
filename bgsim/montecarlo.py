"""Monte Carlo estimates: play a position out thousands of times and count what happens.

:func:`estimate` plays games from a :class:`~bgsim.Position` (the player on roll about to
roll) to the end under a :class:`~bgsim.rules.Rules` setting and returns an
:class:`Estimate`: the chances that each side wins, wins a gammon and wins a backgammon
(R23), the chance of a last-roll draw (V4), and the equity, each with a 95% confidence
interval, plus a convergence trace to plot.

>>> from bgsim import Position
>>> race = Position.from_counts({1: 1}, {2: 1})      # one checker each, on my 1 and their 2
>>> est = estimate(race, games=360, seed=1)
>>> est.win.value                                      # every roll bears my checker off (R17, R18)
1.0
>>> est.games, est.stopped
(360, False)

**Cubeless.** The cube stays where it is: its value (``cube=``) multiplies the points of
every result (R23, V1) but nobody doubles. The equity is in points per game for the side
on roll (money play), or, in a match (R27), the side on roll's match-winning chance after
this game, from the Kazaross-XG2 match equity table (:func:`bgsim.equity.match_equity`).

**Players** (:data:`PLAYERS`), all compiled (``bgsim/_mc_kernel.py``):

- ``"random"``: uniform over the distinct legal plays;
- ``"pubeval"``: Gerald Tesauro's public linear evaluator (weights shipped in
  ``bgsim/data/pubeval_weights.txt``, public domain), one ply;
- ``"heuristic"`` (the default): pubeval, and the exact one-sided bear-off database
  (:mod:`bgsim.bearoff`, fewest expected rolls) once contact is over and the mover's
  checkers are all home (R16). It plays every position pubeval plays and the bear-off
  better, so it is at least as strong.

``player=("heuristic", "random")`` gives the side on roll and its opponent different players.

**Variance reduction.** The first roll is stratified: every block of 36 games (30 when
``opening=True``) starts with each ordered roll exactly once, in a random order. The
confidence intervals use the plain sample standard deviation, so with this stratification
they are, if anything, a little wide.

**Reproducible.** Games are played in fixed-size chunks; chunk ``k`` draws its dice from
``numpy.random.SeedSequence(seed, spawn_key=(k,))`` (the ``k``-th child of
``SeedSequence(seed).spawn``), and chunks are combined in chunk order. The same ``seed``,
``games`` and ``chunk_size`` give the same numbers with one worker, many workers, or any
executor.

**Parallel, progress, stopping.** ``workers=N`` runs chunks in N processes;
``executor=`` takes any :class:`concurrent.futures.Executor` (a dask
``Client(...).get_executor()`` runs the estimate on a cluster). ``progress=True`` shows a
tqdm bar (terminal or notebook). Ctrl-C, or a ``stop`` callable / :class:`threading.Event`,
ends the run early and returns the chunks finished so far with ``stopped=True``.
Worker processes never outlive the process that started them: SIGTERM ends them and then
the process as it would have ended anyway, and if the parent dies any other way (SIGKILL,
a notebook kernel restarted) each worker notices within a fraction of a second and exits.
"""

from __future__ import annotations

import ctypes
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from importlib import resources
from math import comb

import numpy as np

from . import _kernel
from . import _mc_kernel as _k
from .dice import ALL_ROLLS, OPENING_ROLLS
from .errors import BgsimError, EstimateError, RuleViolationError
from .position import Position
from .rules import ResultKind, Rules

__all__ = ["estimate", "Estimate", "EstimateError", "Interval", "PLAYERS", "DEFAULT_CHUNK_SIZE", "wilson_interval",
           "mean_interval", "pubeval_weights"]

#: The players :func:`estimate` knows, by name.
PLAYERS = ("random", "pubeval", "heuristic")
_PLAYER_CODES = {"random": _k.PLAYER_RANDOM, "pubeval": _k.PLAYER_PUBEVAL, "heuristic": _k.PLAYER_HEURISTIC}

#: Games per chunk: a multiple of 36 and of 30, so every chunk is whole blocks of first rolls.
DEFAULT_CHUNK_SIZE = 1080

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054

_WEIGHTS_FILE = "pubeval_weights.txt"


# ============================================================================================
# Intervals
# ============================================================================================


@dataclass(frozen=True)
class Interval:
    """A value with its 95% confidence interval ``[low, high]``.

    >>> iv = Interval(0.5, 0.45, 0.55)
    >>> iv.half_width, 0.47 in iv
    (0.05..., True)
    >>> print(iv), print(iv.percent())
    0.5000 [0.4500, 0.5500]
    50.00% [45.00, 55.00]
    (None, None)
    """

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """Half the interval's width (for a symmetric interval: value +- half_width)."""
        return (self.high - self.low) / 2

    def __contains__(self, x: float) -> bool:
        return self.low <= x <= self.high

    def percent(self) -> str:
        """The interval as percentages, e.g. ``'51.20% [50.22, 52.18]'``.

        >>> Interval(0.25, 0.2, 0.3).percent()
        '25.00% [20.00, 30.00]'
        """
        if math.isnan(self.value):
            return "n/a (no games)"
        return f"{100 * self.value:.2f}% [{100 * self.low:.2f}, {100 * self.high:.2f}]"

    def __str__(self) -> str:
        if math.isnan(self.value):
            return "n/a (no games)"
        return f"{self.value:.4f} [{self.low:.4f}, {self.high:.4f}]"



def wilson_interval(successes: int, n: int, z: float = Z95) -> Interval:
    """The proportion ``successes / n`` with its Wilson score interval (95% by default).

    Unlike ``p +- z * sqrt(p(1-p)/n)`` it stays inside [0, 1] and does not collapse to a
    point when every game (or none) succeeds. ``n == 0`` gives ``nan`` in ``[0, 1]``.

    >>> print(wilson_interval(50, 100))
    0.5000 [0.4038, 0.5962]
    >>> print(wilson_interval(100, 100))              # all successes: still a real interval
    1.0000 [0.9630, 1.0000]
    """
    if n <= 0:
        return Interval(math.nan, 0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high)


def mean_interval(values: Sequence[float], counts: Sequence[int], z: float = Z95) -> Interval:
    """The mean of a sample given as distinct ``values`` seen ``counts`` times, with the normal
    95% interval ``mean +- z * s / sqrt(n)`` (``s``: the sample standard deviation).

    >>> print(mean_interval([1, -1], [60, 40]))       # +1 sixty times, -1 forty times
    0.2000 [0.0070, 0.3930]
    """
    v = np.asarray(values, dtype=float)
    c = np.asarray(counts, dtype=float)
    n = c.sum()
    if n <= 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = float((v * c).sum() / n)
    if n < 2:
        return Interval(mean, math.nan, math.nan)
    s = math.sqrt(float((c * (v - mean) ** 2).sum() / (n - 1)))
    half = z * s / math.sqrt(n)
    return Interval(mean, mean - half, mean + half)


# ============================================================================================
# The result
# ============================================================================================

_OUTCOME_NAMES = ("win single", "win gammon", "win backgammon",
                  "lose single", "lose gammon", "lose backgammon", "draw")


@dataclass(frozen=True, eq=False)
class Estimate:
    """What :func:`estimate` found. Chances are for the side on roll unless named ``opp_``.

    ``gammon`` is the chance of winning a gammon *or* a backgammon, ``backgammon`` of
    winning a backgammon (R23), likewise ``opp_gammon``, ``opp_backgammon``; ``draw`` is
    the chance of a last-roll draw (V4) or ``None`` when the rules have none. Each is an
    :class:`Interval` (Wilson, 95%); ``equity`` is the mean result per game (normal 95%
    interval) in ``equity_unit``: points per game for money play, the match-winning
    chance for a match.

    ``outcomes`` counts the games by result (win single, gammon, backgammon, lose single,
    gammon, backgammon, draw); ``by_first_roll[i]`` the same for the games whose first
    roll was ``first_rolls[i]``. ``trace_games``, ``trace_equity`` and
    ``trace_half_width`` hold the running equity and its 95% half-width after each chunk,
    for plotting convergence.

    >>> from bgsim import Position
    >>> est = estimate(Position.from_counts({2: 1}, {1: 1}), games=72, seed=3)
    >>> est.outcomes[:3], est.trace_games.tolist()
    ((72, 0, 0), [72])
    """

    games: int
    win: Interval
    gammon: Interval
    backgammon: Interval
    opp_win: Interval
    opp_gammon: Interval
    opp_backgammon: Interval
    draw: Interval | None
    equity: Interval
    equity_unit: str
    outcomes: tuple[int, ...]
    outcome_values: tuple[float, ...]
    by_first_roll: np.ndarray = field(repr=False)
    first_rolls: tuple[tuple[int, int], ...] = field(repr=False)
    trace_games: np.ndarray = field(repr=False)
    trace_equity: np.ndarray = field(repr=False)
    trace_half_width: np.ndarray = field(repr=False)
    stopped: bool
    chunks: int
    chunk_size: int
    seed: int
    players: tuple[str, str]
    position: Position = field(repr=False)
    rules: Rules = field(repr=False)
    cube: int = 1
    cube_turned: bool = False
    away: tuple[int, int] | None = None
    crawford_game: bool | None = None
    starter: int = 0
    opening: bool = False
    mean_turns: float = math.nan
    elapsed: float = field(default=0.0, repr=False)
    note: str = ""

    @property
    def stderr(self) -> float:
        """The standard error of the equity (the 95% half-width / 1.96).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36).stderr   # always a win: no spread
        0.0
        """
        return self.equity.half_width / Z95

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time (not part of the reproducible result).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36).games_per_second > 0
        True
        """
        return self.games / self.elapsed if self.elapsed > 0 else math.nan

    # ------------------------------------------------------------------ display
    def _header(self) -> list[str]:
        me, opp = self.players
        who = me if me == opp else f"{me} (on roll) vs {opp}"
        lines = [f"Monte Carlo estimate: {self.games:,} games, {who}, seed {self.seed}"
                 + (" -- STOPPED EARLY" if self.stopped else "")]
        parts = self.rules.describe().split("; ")
        setting = "; ".join([parts[0]] + [p for p in parts[1:] if any(
            w in p for w in ("hypergammon", "Jacoby", "last-roll", "Caucasian", "Oin", "Mars"))])
        if self.away is not None:
            setting += f", score {self.away[0]}-away vs {self.away[1]}-away"
            if self.crawford_game:
                setting += " (Crawford game)"
        setting += f"; cube {self.cube}, cubeless play-outs"
        if self.opening:
            setting += "; opening roll first"
        lines.append(setting)
        return lines

    def _rows(self) -> list[tuple[str, str, str]]:
        rows = [("win", self.win.percent(), self.opp_win.percent()),
                ("gammon", self.gammon.percent(), self.opp_gammon.percent()),
                ("backgammon", self.backgammon.percent(), self.opp_backgammon.percent())]
        if self.draw is not None:
            rows.append(("draw (V4)", self.draw.percent(), ""))
        return rows

    def _equity_text(self) -> str:
        e = self.equity
        if math.isnan(e.value):
            return "n/a (no games)"
        if self.equity_unit == "points per game":
            return f"{e.value:+.4f} +- {e.half_width:.4f} points per game (95% CI)"
        return f"{e.value:.4f} +- {e.half_width:.4f} match-winning chance (95% CI)"

    def __str__(self) -> str:
        lines = self._header()
        lines.append(f"{'':12}{'player on roll':<28}opponent")
        for name, a, b in self._rows():
            lines.append(f"{name:<12}{a:<28}{b}".rstrip())
        lines.append(f"{'equity':<12}{self._equity_text()}")
        if self.note:
            lines.append(f"note: {self.note}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"<Estimate {self.games} games: win {self.win.value:.4f}, "
                f"equity {self.equity.value:+.4f} +- {self.equity.half_width:.4f}"
                + (", stopped" if self.stopped else "") + ">")

    def _repr_pretty_(self, p, cycle) -> None:  # IPython
        p.text(str(self))

    def _repr_html_(self) -> str:
        import html
        head = "<br>".join(html.escape(x) for x in self._header())
        body = "".join(f"<tr><th style='text-align:left'>{html.escape(n)}</th><td>{html.escape(a)}</td>"
                       f"<td>{html.escape(b)}</td></tr>" for n, a, b in self._rows())
        eq = html.escape(self._equity_text())
        note = f"<p><i>{html.escape(self.note)}</i></p>" if self.note else ""
        return (f"<div><p>{head}</p><table><tr><th></th><th>player on roll</th><th>opponent</th></tr>"
                f"{body}<tr><th style='text-align:left'>equity</th><td colspan='2'>{eq}</td></tr>"
                f"</table>{note}</div>")


# ============================================================================================
# Tables the compiled players need (once per process)
# ============================================================================================

_TABLE_LOCK = threading.Lock()
_PUBEVAL: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
_BEAROFF: np.ndarray | None = None
_NO_BEAROFF = np.zeros(1)
_BINOM = np.array([[comb(n, k) for k in range(7)] for n in range(22)], dtype=np.int64)
_LOCAL = threading.local()


def pubeval_weights() -> tuple[np.ndarray, np.ndarray]:
    """Tesauro's published pubeval weights: ``(race, contact)``, two arrays of 122 numbers.

    Read from ``bgsim/data/pubeval_weights.txt`` (public domain; see its header).

    >>> race, contact = pubeval_weights()
    >>> race.shape, float(contact[0]), float(race[121])
    ((122,), 0.25696, 3.4204)
    """
    text = resources.files("bgsim").joinpath("data").joinpath(_WEIGHTS_FILE).read_text(encoding="utf-8")
    blocks: dict[str, list[float]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
            blocks[current] = []
        elif current is None:
            raise BgsimError(f"{_WEIGHTS_FILE}: numbers before a [race] or [contact] header")
        else:
            blocks[current].extend(float(x) for x in line.split())
    race, contact = np.array(blocks.get("race", [])), np.array(blocks.get("contact", []))
    if race.shape != (122,) or contact.shape != (122,):
        raise BgsimError(f"{_WEIGHTS_FILE}: expected 122 race and 122 contact weights")
    return race, contact


def _pubeval_tables():
    global _PUBEVAL
    with _TABLE_LOCK:
        if _PUBEVAL is None:
            _PUBEVAL = _k.pubeval_table(*pubeval_weights())
        return _PUBEVAL


def _bearoff_expected() -> np.ndarray:
    """Expected rolls to bear off, per perfect index, from :func:`bgsim.bearoff.one_sided`."""
    global _BEAROFF
    with _TABLE_LOCK:
        if _BEAROFF is None:
            from . import bearoff
            _BEAROFF = np.ascontiguousarray(bearoff.one_sided().expected_rolls_table(), dtype=np.float64)
        return _BEAROFF


def _workspace() -> _kernel.Workspace:
    ws = getattr(_LOCAL, "ws", None)
    if ws is None:
        ws = _LOCAL.ws = _kernel.Workspace()
    return ws


# ============================================================================================
# One chunk (runs in a worker: everything it needs travels in the _Job)
# ============================================================================================


@dataclass(frozen=True)
class _Job:
    start: np.ndarray           # int8[2, 26], side 0 on roll
    checkers: int
    flags: int
    first_rolls: np.ndarray     # int64[m, 2]
    players: tuple[int, int]
    starter0: bool
    last_roll_draw: bool
    entropy: int


def _play_chunk(job: _Job, k: int, n: int) -> tuple[np.ndarray, int]:
    """Play chunk ``k`` (``n`` games): per-first-roll outcome counts and the turns played."""
    ptab, pbar, poff = _pubeval_tables()
    bo = _bearoff_expected() if _k.PLAYER_HEURISTIC in job.players else _NO_BEAROFF
    state = np.random.SeedSequence(job.entropy, spawn_key=(k,)).generate_state(4, np.uint64)
    counts = np.zeros((job.first_rolls.shape[0], _k.N_OUTCOMES), dtype=np.int64)
    turns = _k.play_chunk(job.start, job.checkers, job.flags, job.first_rolls, n, state,
                          job.players[0], job.players[1], job.starter0, job.last_roll_draw,
                          ptab, pbar, poff, bo, _BINOM, counts, *_workspace().arrays())
    return counts, int(turns)


def _warm(job: _Job) -> None:
    """Load the tables and the compiled loop in this process (before forking workers)."""
    _play_chunk(job, 0, 0)


_MAX_INFLIGHT = 10_000


def _mp_context():
    """Fork on Linux: the workers inherit the compiled loop and the tables at no cost
    (spawn or forkserver would import numba and rebuild the tables in every worker)."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None


# --------------------------------------------------------------------------------------------
# Worker processes never outlive the process that started them
# --------------------------------------------------------------------------------------------

#: How often (seconds) a worker's watcher thread checks that its parent is still there.
_PARENT_POLL = 0.05
#: Ask Linux to kill a worker the moment its parent dies (``prctl(PR_SET_PDEATHSIG)``).
_PDEATHSIG = True
_PR_SET_PDEATHSIG = 1


def _worker_init(parent: int) -> None:
    """Run first in every worker process ``estimate`` starts; ``parent`` is the starter's pid.

    Ctrl-C goes to the whole process group: the parent handles it and keeps the finished
    chunks, so the workers ignore SIGINT and must not die of it mid-chunk. Whatever ends
    the parent (SIGTERM, SIGKILL, a kernel restart), the worker ends too:

    - on Linux the kernel sends it SIGKILL when the parent dies (``PR_SET_PDEATHSIG``);
    - everywhere, a daemon thread checks ``os.getppid()`` every :data:`_PARENT_POLL`
      seconds and ends the process once the parent is gone. The compiled loop runs
      without the GIL, so the check runs during a long chunk too.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)   # not the parent's handler, if it had one
    if _PDEATHSIG and sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no libc prctl: the watcher does it
            pass
    if os.getppid() != parent:   # the parent died before we could ask to be told
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="bgsim-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL)
    os._exit(1)


class _Terminated(BaseException):
    """Raised in the main thread by SIGTERM while ``estimate`` runs worker processes."""


def _raise_terminated(signum, frame) -> None:
    raise _Terminated


def _catch_sigterm():
    """Make SIGTERM raise :class:`_Terminated` in the main thread; returns the handler it
    replaced (to restore and pass the signal on), or ``None`` if it installed nothing
    (not the main thread, or SIGTERM ignored or handled outside Python)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGTERM)
    if previous is None or previous == signal.SIG_IGN:
        return None
    signal.signal(signal.SIGTERM, _raise_terminated)
    return previous


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's worker processes now (not after their current chunk)."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            proc.terminate()
        except (OSError, ValueError, AttributeError):  # pragma: no cover - already gone
            pass


def _pass_on_sigterm(previous) -> None:
    """After the workers are gone, let SIGTERM do what it would have done without us."""
    if previous == signal.SIG_DFL:
        os.kill(os.getpid(), signal.SIGTERM)   # the default action: the process ends here
        raise SystemExit(128 + signal.SIGTERM)  # pragma: no cover - only if the kill returned
    if callable(previous):
        previous(signal.SIGTERM, None)


# ============================================================================================
# Scoring: what each outcome is worth
# ============================================================================================


def _outcome_values(rules: Rules, cube: int, cube_turned: bool, away) -> tuple[list[float], str, str]:
    """Values of the 7 outcomes for the side on roll, the unit, and a note."""
    pts = [rules.points(kind, cube, cube_turned=cube_turned) for kind in ResultKind]
    money = [float(p) for p in pts] + [-float(p) for p in pts] + [0.0]
    if away is None:
        note = ""
        if rules.jacoby and not cube_turned:
            note = ("Jacoby rule (X1): the cube has not been turned, so gammons and backgammons "
                    "count as single games in the equity (the chances still count them)")
        return money, "points per game", note
    try:
        from .equity import match_equity
    except ImportError:  # pragma: no cover - the equity module ships with bgsim
        return money, "points per game", ("match equity table unavailable: cubeless money-style "
                                          "points per game instead of match-winning chances")
    a, b = away
    was_crawford_or_post = (a == 1) != (b == 1)

    def mwc(x: int, y: int) -> float:
        if x <= 0:
            return 1.0
        if y <= 0:
            return 0.0
        if x == 1 and y == 1:
            return 0.5
        if x == 1 or y == 1:
            # after the Crawford game (or any later one) play is post-Crawford; a player who
            # just reached 1-away makes the next game the Crawford game (R28), unless the
            # rules have no Crawford rule: then the table's post-Crawford row is the nearest.
            if was_crawford_or_post or not rules.crawford:
                return match_equity(x, y, post_crawford=True)
            return match_equity(x, y)
        return match_equity(x, y)

    values = [mwc(a - p, b) for p in pts] + [mwc(a, b - p) for p in pts] + [mwc(a, b)]
    return values, "match-winning chance", ""


# ============================================================================================
# estimate()
# ============================================================================================


def _player_pair(player) -> tuple[str, str]:
    if isinstance(player, str):
        pair = (player, player)
    else:
        try:
            pair = tuple(player)
        except TypeError:
            pair = ()
        if len(pair) != 2 or not all(isinstance(p, str) for p in pair):
            raise EstimateError(f"player must be a name or a pair of names from {PLAYERS}, not {player!r}")
    out = tuple(p.strip().lower() for p in pair)
    for p in out:
        if p not in _PLAYER_CODES:
            raise EstimateError(f"unknown player {p!r}: choose from {', '.join(PLAYERS)}")
    return out  # type: ignore[return-value]


def _is_int(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def _stop_function(stop) -> Callable[[], bool]:
    if stop is None:
        return lambda: False
    if hasattr(stop, "is_set"):
        return stop.is_set
    if callable(stop):
        return lambda: bool(stop())
    raise TypeError(f"stop must be a callable or a threading.Event, not {type(stop).__name__}")


def estimate(position: Position, rules: Rules | None = None, *, games: int = 10_000,
             player: str | tuple[str, str] = "heuristic", seed: int | None = 0, workers: int = 1,
             executor: Executor | None = None, chunk_size: int = DEFAULT_CHUNK_SIZE,
             progress: bool | None = None, stop=None, cube: int = 1, cube_turned: bool | None = None,
             away: tuple[int, int] | None = None, crawford_game: bool | None = None,
             starter: int | None = None, opening: bool = False) -> Estimate:
    """Play ``games`` games out from ``position`` and estimate who wins, how big, and the equity.

    ``position``: the side on roll is about to roll (``position.turn``). ``rules``: a
    :class:`~bgsim.rules.Rules` (money play by default). What matters to a cubeless
    play-out:

    - ``variant`` (X3: the position must have the variant's number of checkers);
    - ``caucasian`` (V5): the engine's Caucasian hit rule for every play;
    - ``ending`` (V1): the points of a single game, gammon and backgammon;
    - ``jacoby`` (X1): gammons and backgammons count single unless the cube was turned
      (``cube_turned``, by default ``cube > 1``, as :meth:`Rules.points`);
    - ``last_roll_draw`` (V4): needs to know who started the game: ``starter`` (player 0 or
      1; by default the player on roll). On the final roll every player takes the draw if
      any play gives it, else the play that loses least (R23);
    - match play (R27): ``away=(my_away, opp_away)`` points still needed, by default both
      ``match_length``; the equity is then the side on roll's match-winning chance after
      this game (Kazaross-XG2 table). ``crawford_game`` (R28) says whether this is the
      Crawford game when exactly one side is 1-away (``None``: yes if the rules have
      Crawford; ``False``: post-Crawford).

    The cube's value ``cube`` multiplies every result; nobody doubles (cubeless).
    ``opening=True`` makes the first roll an opening roll (R4: no doubles; with R4a,
    ``rules.opening == "winner_rolls"``, any roll).

    ``player``: a name from :data:`PLAYERS` or a pair (side on roll, opponent).
    ``seed``: an int (``None``: fresh entropy, recorded in the result's ``seed``).
    ``workers``: processes to use (1 = this process); ``executor``: any
    :class:`concurrent.futures.Executor` instead (it is not shut down). ``chunk_size``:
    games per chunk, a multiple of the first-roll block (36, or 30 with ``opening``).
    ``progress=True``: a tqdm progress bar. ``stop``: a callable returning True, or a
    :class:`threading.Event`, checked between chunks; it, or Ctrl-C, ends the run and the
    finished chunks are returned with ``stopped=True``.

    >>> from bgsim import Position
    >>> from bgsim.rules import Rules
    >>> pos = Position.from_counts({1: 1}, {25: 1, 7: 14})   # I bear off now; they are on the bar
    >>> est = estimate(pos, games=360)
    >>> est.backgammon.value, est.equity.value                # a sure backgammon: 3 points (R23)
    (1.0, 3.0)
    >>> estimate(pos, Rules.money(ending="mars"), games=36).outcome_values   # V1: Mars counts it 2
    (1.0, 2.0, 2.0, -1.0, -2.0, -2.0, 0.0)
    >>> estimate(pos, Rules.money(jacoby=True), games=36).equity.value      # X1: cube never turned
    1.0
    >>> print(estimate(Position.initial(), games=720, seed=5))   # doctest: +ELLIPSIS
    Monte Carlo estimate: 720 games, heuristic, seed 5
    money play; cube 1, cubeless play-outs
                player on roll              opponent
    win         ...
    >>> estimate(pos, games=36, player="wizard")
    Traceback (most recent call last):
    ...
    bgsim.errors.EstimateError: unknown player 'wizard': choose from random, pubeval, heuristic
    """
    t_start = time.perf_counter()
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a bgsim.rules.Rules, not {type(rules).__name__}")
    if not isinstance(position, Position):
        raise TypeError(f"position must be a bgsim.Position, not {type(position).__name__}")
    if position.checkers != rules.checkers:
        raise RuleViolationError(
            f"the position has {position.checkers} checkers a side but the rules' variant "
            f"{rules.variant!r} has {rules.checkers} (R2, X3)")
    names = _player_pair(player)
    if not _is_int(games) or games < 1:
        raise EstimateError(f"games must be a whole number >= 1, not {games!r}")
    if not _is_int(workers) or workers < 1:
        raise EstimateError(f"workers must be a whole number >= 1, not {workers!r}")
    if executor is not None and workers != 1:
        raise EstimateError("give either workers= or executor=, not both")
    if starter is None:
        starter = position.turn
    if starter not in (0, 1) or isinstance(starter, bool):
        raise EstimateError(f"starter must be player 0 or 1, not {starter!r} (V4)")
    if not _is_int(cube) or cube < 1 or cube & (cube - 1):
        raise RuleViolationError(f"a cube value is 1, 2, 4, 8, ... not {cube!r} (R24, R26)")
    if cube_turned is None:
        cube_turned = cube > 1
    stop_fn = _stop_function(stop)

    # match score (R27, R28)
    if rules.is_match:
        if away is None:
            away = (rules.match_length, rules.match_length)
        if (len(tuple(away)) != 2 or not all(_is_int(x) for x in away)
                or not all(1 <= x <= rules.match_length for x in away)):
            raise RuleViolationError(
                f"away must be two whole numbers of points still needed, 1 to {rules.match_length} "
                f"in a {rules.match_length}-point match, not {away!r} (R27)")
        away = (int(away[0]), int(away[1]))
        one_away = (away[0] == 1) != (away[1] == 1)
        if crawford_game is None:
            crawford_game = one_away and rules.crawford
        elif crawford_game and not (one_away and rules.crawford):
            raise RuleViolationError("the Crawford game (R28) needs the Crawford rule and exactly one "
                                     "player 1-away")
        if crawford_game and cube != 1:
            raise RuleViolationError("the cube stays at 1 in the Crawford game (R28)")
    elif away is not None or crawford_game is not None:
        raise RuleViolationError("away= and crawford_game= belong to match play (R27, R28); these rules "
                                 "are money play")
    values, unit, note = _outcome_values(rules, cube, bool(cube_turned), away)

    # first rolls: every block of m games uses each exactly once
    rolls = (OPENING_ROLLS if opening and rules.opening == "standard" else ALL_ROLLS)
    m = len(rolls)
    if not _is_int(chunk_size) or chunk_size < m or chunk_size % m:
        raise EstimateError(f"chunk_size must be a positive multiple of {m} (the block of first rolls), "
                         f"not {chunk_size!r}")
    chunk_size = int(chunk_size)

    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    if not _is_int(seed) or seed < 0:
        raise EstimateError(f"seed must be a whole number >= 0 or None, not {seed!r}")
    seed = int(seed)

    job = _Job(start=position.to_array(), checkers=rules.checkers,
               flags=_kernel.FLAG_CAUCASIAN if rules.caucasian else 0,
               first_rolls=np.array(rolls, dtype=np.int64),
               players=(_PLAYER_CODES[names[0]], _PLAYER_CODES[names[1]]),
               starter0=(starter == position.turn), last_roll_draw=rules.last_roll_draw, entropy=seed)
    sizes = [min(chunk_size, games - i) for i in range(0, games, chunk_size)]

    bar = None
    if progress:
        from tqdm.auto import tqdm
        bar = tqdm(total=games, unit="game", desc="estimate", smoothing=0.05)

    results: dict[int, tuple[np.ndarray, int]] = {}
    stopped = False
    running = {"games": 0, "counts": np.zeros(_k.N_OUTCOMES, dtype=np.int64)}

    def finished(k: int, res: tuple[np.ndarray, int]) -> None:
        results[k] = res
        if bar is not None:
            running["games"] += sizes[k]
            running["counts"] += res[0].sum(axis=0)
            e = mean_interval(values, running["counts"])
            bar.set_postfix_str(f"equity {e.value:+.3f} +- {e.half_width:.3f}", refresh=False)
            bar.update(sizes[k])

    pool = None
    previous_sigterm = None
    terminated = False
    try:
        if executor is None and workers == 1:
            for k, n in enumerate(sizes):
                if stop_fn():
                    stopped = True
                    break
                finished(k, _play_chunk(job, k, n))
        else:
            if executor is None:
                previous_sigterm = _catch_sigterm()   # SIGTERM ends the workers as Ctrl-C does
                _warm(job)   # compiled code and tables are inherited by forked workers
                pool = ProcessPoolExecutor(max_workers=workers, mp_context=_mp_context(),
                                           initializer=_worker_init, initargs=(os.getpid(),))
                runner: Executor = pool
                inflight = 2 * workers
            else:
                runner = executor
                inflight = _MAX_INFLIGHT   # an external executor (a cluster) decides what runs when
            stopped = _drive(runner, job, sizes, inflight, stop_fn, finished)
    except KeyboardInterrupt:
        stopped = True
    except _Terminated:
        stopped = terminated = True
    finally:
        if pool is not None:
            if terminated:
                _end_workers(pool)
            pool.shutdown(wait=not stopped, cancel_futures=True)
        if previous_sigterm is not None:
            signal.signal(signal.SIGTERM, previous_sigterm)
        if bar is not None:
            bar.close()
    if terminated:
        _pass_on_sigterm(previous_sigterm)

    return _summarise(position, rules, job, names, seed, chunk_size, sizes, results, stopped, values, unit,
                      note, cube, bool(cube_turned), away, crawford_game, starter, opening,
                      tuple(rolls), time.perf_counter() - t_start)


def _drive(runner: Executor, job: _Job, sizes: list[int], inflight: int, stop_fn, finished) -> bool:
    """Run the chunks on an executor, at most ``inflight`` at a time; True if stopped early."""
    pending: dict = {}
    nxt = 0
    stopped = False
    try:
        while True:
            if stop_fn():
                stopped = True
                break
            while nxt < len(sizes) and len(pending) < inflight:
                pending[runner.submit(_play_chunk, job, nxt, sizes[nxt])] = nxt
                nxt += 1
            if not pending:
                break
            done, _ = wait(list(pending), timeout=0.2, return_when=FIRST_COMPLETED)
            for f in done:
                finished(pending.pop(f), f.result())
    except KeyboardInterrupt:
        stopped = True
    finally:
        for f in pending:
            f.cancel()
    return stopped


def _summarise(position, rules, job, names, seed, chunk_size, sizes, results, stopped, values, unit, note,
               cube, cube_turned, away, crawford_game, starter, opening, rolls, elapsed) -> Estimate:
    order = sorted(results)
    by_roll = np.zeros((len(rolls), _k.N_OUTCOMES), dtype=np.int64)
    trace_g, trace_e, trace_h = [], [], []
    total = np.zeros(_k.N_OUTCOMES, dtype=np.int64)
    turns = 0
    n = 0
    for k in order:
        c, t = results[k]
        by_roll += c
        total += c.sum(axis=0)
        turns += t
        n += sizes[k]
        e = mean_interval(values, total)
        trace_g.append(n)
        trace_e.append(e.value)
        trace_h.append(e.half_width)
    o = [int(x) for x in total]
    assert sum(o) == n
    win = wilson_interval(o[0] + o[1] + o[2], n)
    gammon = wilson_interval(o[1] + o[2], n)
    backgammon = wilson_interval(o[2], n)
    opp_win = wilson_interval(o[3] + o[4] + o[5], n)
    opp_gammon = wilson_interval(o[4] + o[5], n)
    opp_backgammon = wilson_interval(o[5], n)
    draw = wilson_interval(o[6], n) if rules.last_roll_draw else None
    arrays = [np.array(trace_g, dtype=np.int64), np.array(trace_e), np.array(trace_h), by_roll]
    for a in arrays:
        a.setflags(write=False)
    return Estimate(
        games=n, win=win, gammon=gammon, backgammon=backgammon, opp_win=opp_win, opp_gammon=opp_gammon,
        opp_backgammon=opp_backgammon, draw=draw, equity=mean_interval(values, total), equity_unit=unit,
        outcomes=tuple(o), outcome_values=tuple(float(v) for v in values), by_first_roll=arrays[3],
        first_rolls=rolls, trace_games=arrays[0], trace_equity=arrays[1], trace_half_width=arrays[2],
        stopped=stopped, chunks=len(order), chunk_size=chunk_size, seed=seed, players=names,
        position=position, rules=rules, cube=cube, cube_turned=cube_turned, away=away,
        crawford_game=crawford_game, starter=starter, opening=opening,
        mean_turns=turns / n if n else math.nan, elapsed=elapsed, note=note)
