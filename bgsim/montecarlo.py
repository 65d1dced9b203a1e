"""Monte Carlo estimates: play a position out thousands of times and count what happens.

:func:`estimate` plays games from a :class:`~bgsim.Position` (the player on roll about to
roll) to the end under a :class:`~bgsim.rules.Rules` setting and returns an
:class:`Estimate`: the chances that each side wins, wins a gammon and wins a backgammon
(R23), the chance of a last-roll draw (V4), and the equity, each with a 95% confidence
interval (other levels on request: :meth:`Estimate.interval`), plus a convergence trace
to plot.

>>> from bgsim import Position
>>> race = Position.from_counts({1: 1}, {2: 1})      # one checker each, on my 1 and their 2
>>> est = estimate(race, games=360, rng=1)
>>> est.win.value                                      # every roll bears my checker off (R17, R18)
1.0
>>> est.games, est.stopped
(360, False)

**Cubeless.** The cube stays where it is: its value (``cube=``) multiplies the points of
every result (R23, V1) but nobody doubles. The equity is in points per game for the side
on roll (money play), or, in a match (R27), the side on roll's match-winning chance after
this game, from the Kazaross-XG2 match equity table (:func:`bgsim.equity.match_equity`).

**Players** (:data:`PLAYERS`), all compiled (``bgsim/_mc_kernel.py``; the same players
in Python, for games and matches: :func:`bgsim.players.named_player`):

- ``"random"``: uniform over the distinct legal plays;
- ``"pubeval"``: Gerald Tesauro's public linear evaluator (weights shipped in
  ``bgsim/data/pubeval_weights.txt``, public domain), one ply;
- ``"heuristic"``: pubeval, and the exact one-sided bear-off database
  (:mod:`bgsim.bearoff`, fewest expected rolls) once contact is over and the mover's
  checkers are all home (R16). It plays every position pubeval plays and the bear-off
  better, so it is at least as strong.
- ``"net"`` (the default, :data:`DEFAULT_PLAYER`): bgsim's neural network, trained by
  TD(lambda) self-play (:mod:`bgsim.net`, :mod:`bgsim.train`), one ply, with the same
  bear-off database. The strongest of the four (about 65% of the games against pubeval)
  and the closest to expert play in gammons and backgammons; about a tenth of the
  heuristic's speed. A :class:`bgsim.net.Net` (or :class:`~bgsim.net.NetPlayer`) of other
  weights plays too.

``player=("heuristic", "random")`` gives the side on roll and its opponent different players.
The numbers are those of games between these players, not of perfect play: every result
says who played (:attr:`Estimate.players`, :data:`PLAYER_DESCRIPTIONS`).

**Python players.** Any object with ``choose_play(position, dice, plays) -> Play`` (the
:class:`bgsim.players.Player` interface; only ``choose_play`` is used: the play-outs are
cubeless), or a plain function ``f(position, dice, plays) -> Play``, plays too, alone or
paired with a name. Such games run in a Python loop that replays the compiled one step
for step -- the same dice, first-roll blocks, V4 final roll (played by the same rule for
every player) and R23 counting; a named side still chooses in compiled code -- so a
Python player that chooses as a compiled one gives identical counts
(:class:`bgsim.players.PubevalPlayer` does). It is much slower. Measured on a shared 2-core
machine, one process: from the opening position (50-100 turns a game) Python players
play about 20-70 games/s (HeuristicPlayer 28-66, depending on the machine's load) where
the compiled ones play about 5,000-10,000 (heuristic, random) or 800-1,100 (net), each
measured beside the others in one run: about 100 times slower than the compiled
heuristic player and 15 times slower than the net; in a 10-turn race 500-750 games/s
against about 17,000. The cost is mostly ``Position.legal_plays`` and the player itself. The
default chunk is then :data:`DEFAULT_PYTHON_CHUNK_SIZE` games, and ``stop`` is checked
between games (an unfinished chunk is dropped). The player sees
a :class:`~bgsim.Position` (not a Game) and must return one of the plays it is given; it
runs in this process (also in the threads of a ``ThreadPoolExecutor``, which share it),
or, with ``workers`` or another ``executor``, as a pickled copy in each worker (so it
must be picklable: not a lambda). A player that keeps a
:class:`numpy.random.Generator` in ``rng`` (as :class:`bgsim.players.RandomPlayer`)
plays each chunk as a copy whose generator is seeded from the run's seed, the chunk and
the side, so seeded runs are reproducible with any number of workers and ``resume``; any
other randomness of a player is its own business.

**Variance reduction.** The first roll is stratified: every block of 36 games (30 when
``opening=True``) starts with each ordered roll exactly once, in a random order. The
confidence intervals use the plain sample standard deviation, so with this stratification
they are, if anything, a little wide.

**Reproducible.** ``rng=`` seeds the run (an int, a :class:`numpy.random.SeedSequence` or
a :class:`numpy.random.Generator`; see :func:`estimate`). Games are played in fixed-size
chunks; chunk ``k`` draws its dice from the ``k``-th child of the run's seed sequence
(``SeedSequence(seed, spawn_key=(k,))`` for an int seed), and chunks are combined in
chunk order. So chunk ``k`` depends only on the seed and ``k``: the same seed, ``games``
and ``chunk_size`` give the same numbers with one worker, many workers or any executor,
and ``resume=`` continues a run exactly as one longer run would have played it:

>>> a = estimate(Position.initial(), games=720, rng=7, chunk_size=360, player="random")
>>> b = estimate(Position.initial(), games=1440, rng=7, chunk_size=360, player="random", resume=a)
>>> b.outcomes == estimate(Position.initial(), games=1440, rng=7, chunk_size=360, player="random").outcomes
True

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

import copy
import ctypes
import math
import multiprocessing
import numbers
import os
import pickle
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from statistics import NormalDist

import numpy as np

from . import _kernel
from . import _mc_kernel as _k
from ._random_kernel import uniform
from .compiled_players import DEFAULT_PLAYER, PLAYER_DESCRIPTIONS, PLAYERS, compiled_choice, pubeval_weights
from .compiled_players import NO_BEAROFF as _NO_BEAROFF
from .compiled_players import PLAYER_CODES as _PLAYER_CODES
from .compiled_players import net_args as _net_args
from .compiled_players import pubeval_tables as _pubeval_tables
from .dice import ALL_ROLLS, OPENING_ROLLS
from .equity import match_equity
from .errors import EstimateError, RuleViolationError
from .net import BINOM, Net, NetPlayer, bearoff_expected
from .plays import Play
from .position import Position
from .results import ResultDisplay, Table
from .rules import ResultKind, Rules

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_PLAYER",
    "DEFAULT_PYTHON_CHUNK_SIZE",
    "PLAYERS",
    "PLAYER_DESCRIPTIONS",
    "Estimate",
    "EstimateError",
    "Interval",
    "compiled_choice",
    "describe_player",
    "estimate",
    "mean_interval",
    "normal_quantile",
    "pubeval_weights",
    "wilson_interval",
]

#: Games per chunk: a multiple of 36 and of 30, so every chunk is whole blocks of first rolls.
DEFAULT_CHUNK_SIZE = 1080
#: Games per chunk when a side is a Python player (slower: smaller chunks keep progress and
#: stopping responsive).
DEFAULT_PYTHON_CHUNK_SIZE = 180



# ============================================================================================
# Intervals
# ============================================================================================

_STANDARD_NORMAL = NormalDist()


def _check_level(confidence_level) -> float:
    if (isinstance(confidence_level, bool) or not isinstance(confidence_level, numbers.Real)
            or not 0.0 < float(confidence_level) < 1.0):
        raise EstimateError(f"confidence_level must be a number strictly between 0 and 1 (0.95 for 95%), "
                            f"not {confidence_level!r}")
    return float(confidence_level)


def normal_quantile(confidence_level: float = 0.95) -> float:
    """The ``z`` of a two-sided normal interval: ``P(-z < Z < z) = confidence_level``.

    The standard normal's inverse distribution function at ``(1 + confidence_level) / 2``
    (the value ``scipy.stats.norm.ppf`` gives; computed with :class:`statistics.NormalDist`).

    >>> round(normal_quantile(0.95), 6), round(normal_quantile(0.99), 6)
    (1.959964, 2.575829)
    """
    level = _check_level(confidence_level)
    return _STANDARD_NORMAL.inv_cdf(0.5 + level / 2)


@dataclass(frozen=True)
class Interval(ResultDisplay):
    """A value with its confidence interval ``[low, high]`` (95% unless ``confidence_level`` says).

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
    confidence_level: float = 0.95

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

    def _table(self) -> Table:
        if math.isnan(self.value):
            return Table(title=("n/a (no games)",))
        return Table(title=(f"{self.value:.4f} [{self.low:.4f}, {self.high:.4f}]",))


def _check_count(x, name: str) -> int:
    if not _is_int(x) or x < 0:
        raise EstimateError(f"{name} must be a whole number >= 0, not {x!r}")
    return int(x)


def wilson_interval(successes: int, n: int, confidence_level: float = 0.95) -> Interval:
    """The proportion ``successes / n`` with its Wilson score interval (95% by default).

    Unlike ``p +- z * sqrt(p(1-p)/n)`` it stays inside [0, 1] and does not collapse to a
    point when every game (or none) succeeds. ``n == 0`` gives ``nan`` in ``[0, 1]``.

    >>> print(wilson_interval(50, 100))
    0.5000 [0.4038, 0.5962]
    >>> print(wilson_interval(50, 100, confidence_level=0.99))   # wider
    0.5000 [0.3753, 0.6247]
    >>> print(wilson_interval(100, 100))              # all successes: still a real interval
    1.0000 [0.9630, 1.0000]
    """
    successes, n = _check_count(successes, "successes"), _check_count(n, "n")
    if successes > n:
        raise EstimateError(f"successes = {successes} cannot exceed n = {n}")
    z = normal_quantile(confidence_level)
    if n == 0:
        return Interval(math.nan, 0.0, 1.0, confidence_level)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high, confidence_level)


def _mean_sd(values: Sequence[float] | np.ndarray, counts: Sequence[int] | np.ndarray) -> tuple[float, float, int]:
    """Mean, sample standard deviation and size of ``values`` seen ``counts`` times."""
    try:
        v = np.asarray(values, dtype=float)
        c = np.asarray(counts, dtype=float)
    except (TypeError, ValueError):
        raise EstimateError("values and counts must be sequences of numbers") from None
    if v.ndim != 1 or v.shape != c.shape:
        raise EstimateError(f"values and counts must be two flat sequences of the same length, "
                            f"not shapes {v.shape} and {c.shape}")
    if not np.all(np.isfinite(v)) or not np.all(np.isfinite(c)) or np.any(c < 0) or np.any(c != np.round(c)):
        raise EstimateError("values must be finite numbers and counts whole numbers >= 0")
    n = int(c.sum())
    if n == 0:
        return math.nan, math.nan, 0
    mean = float((v * c).sum() / n)
    if n < 2:
        return mean, math.nan, n
    return mean, math.sqrt(float((c * (v - mean) ** 2).sum() / (n - 1))), n


def mean_interval(values: Sequence[float] | np.ndarray, counts: Sequence[int] | np.ndarray,
                  confidence_level: float = 0.95) -> Interval:
    """The mean of a sample given as distinct ``values`` seen ``counts`` times, with the normal
    interval ``mean +- z * s / sqrt(n)`` (``s``: the sample standard deviation; 95% by default).

    >>> print(mean_interval([1, -1], [60, 40]))       # +1 sixty times, -1 forty times
    0.2000 [0.0070, 0.3930]
    """
    z = normal_quantile(confidence_level)
    mean, sd, n = _mean_sd(values, counts)
    half = z * sd / math.sqrt(n) if n >= 2 else math.nan
    return Interval(mean, mean - half, mean + half, confidence_level)


# ============================================================================================
# The result
# ============================================================================================

_OUTCOME_NAMES = ("win single", "win gammon", "win backgammon",
                  "lose single", "lose gammon", "lose backgammon", "draw")

#: The outcomes (indices into ``Estimate.outcomes``) behind each proportion.
_PROPORTIONS = {"win": (0, 1, 2), "gammon": (1, 2), "backgammon": (2,),
                "opp_win": (3, 4, 5), "opp_gammon": (4, 5), "opp_backgammon": (5,), "draw": (6,)}


@dataclass(frozen=True)
class _ChunkLog:
    """Which chunks a run played and what each gave: what ``resume=`` needs to go on.

    ``ids`` are the chunk numbers played (sorted), ``sizes`` their games, ``totals`` their
    outcome counts (one row of 7 per chunk), ``turns`` their turns played. ``partial`` is
    ``(id, counts by first roll)`` of a chunk shorter than the chunk size (the last one of
    a run), which a longer run plays in full.
    """

    ids: tuple[int, ...] = ()
    sizes: tuple[int, ...] = ()
    totals: tuple[tuple[int, ...], ...] = ()
    turns: tuple[int, ...] = ()
    partial: tuple[int, np.ndarray] | None = None


@dataclass(frozen=True, eq=False)
class Estimate(ResultDisplay):
    """What :func:`estimate` found. Chances are for the side on roll unless named ``opp_``.

    ``gammon`` is the chance of winning a gammon *or* a backgammon, ``backgammon`` of
    winning a backgammon (R23), likewise ``opp_gammon``, ``opp_backgammon``; ``draw`` is
    the chance of a last-roll draw (V4) or ``None`` when the rules have none. Each is an
    :class:`Interval` (Wilson, 95%); ``equity`` is the mean result per game (normal 95%
    interval) in ``equity_unit``: points per game for money play, the match-winning
    chance for a match. :meth:`interval` gives any of them at another confidence level.

    ``outcomes`` counts the games by result (win single, gammon, backgammon, lose single,
    gammon, backgammon, draw); ``by_first_roll[i]`` the same for the games whose first
    roll was ``first_rolls[i]``. ``trace_games``, ``trace_equity`` and
    ``trace_half_width`` hold the running equity and its 95% half-width after each chunk,
    for plotting convergence. ``players`` names the player of the side on roll and of its
    opponent; ``seed`` (with ``spawn_key``) is the seed the run used, so
    ``estimate(..., rng=est.seed)`` plays the same games again.

    Results are built by :func:`estimate`, not by hand.

    Parameters
    ----------
    games, chunks, chunk_size : int
        Games played, chunks played, games per chunk.
    win, gammon, backgammon, opp_win, opp_gammon, opp_backgammon : Interval
        The chances, 95% Wilson intervals.
    draw : Interval or None
        The chance of a last-roll draw (V4), ``None`` when the rules have none.
    equity : Interval
        The mean result per game, 95% normal interval, in ``equity_unit``.
    equity_unit : str
        ``"points per game"`` or ``"match-winning chance"``.
    outcomes, outcome_values : tuple
        Games and value of each of the 7 results (win single ... lose backgammon, draw).
    by_first_roll, first_rolls : numpy.ndarray, tuple
        The outcomes per first roll, and those rolls.
    trace_games, trace_equity, trace_half_width : numpy.ndarray
        The running equity and its 95% half-width after each chunk.
    stopped : bool
        The run was stopped before it played every game.
    seed, spawn_key, pool_size
        The run's :class:`numpy.random.SeedSequence` (see :attr:`seed_sequence`).
    players : (str, str)
        The players of the side on roll and of its opponent: names from :data:`PLAYERS`,
        a network's name, or ``"<class or function> (custom Python player)"``. The
        results depend on them; the table says so (:func:`describe_player`).
    position, rules, cube, cube_turned, away, crawford_game, starter, opening
        What was estimated, as :func:`estimate` took it.
    mean_turns, elapsed : float
        Turns per game; seconds of wall time.
    note : str
        A remark on the setting (e.g. the Jacoby rule, X1), or empty.
    chunk_log : object
        What each chunk gave, for ``resume=``.

    >>> from bgsim import Position
    >>> est = estimate(Position.from_counts({2: 1}, {1: 1}), games=72, rng=3)
    >>> est.outcomes[:3], est.trace_games.tolist(), est.players
    ((72, 0, 0), [72], ('net', 'net'))
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
    seed: int | tuple[int, ...]
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
    spawn_key: tuple[int, ...] = ()
    pool_size: int = field(default=4, repr=False)
    chunk_log: _ChunkLog = field(default_factory=_ChunkLog, repr=False)

    @property
    def seed_sequence(self) -> np.random.SeedSequence:
        """The run's seed as a :class:`numpy.random.SeedSequence` (what ``rng=`` takes).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36, rng=5).seed_sequence.entropy
        5
        """
        return np.random.SeedSequence(self.seed, spawn_key=self.spawn_key, pool_size=self.pool_size)

    def interval(self, name: str, *, confidence_level: float = 0.95) -> Interval:
        """One of the estimate's numbers with its interval at ``confidence_level``.

        ``name`` is ``"equity"`` (normal interval) or a chance: ``"win"``, ``"gammon"``,
        ``"backgammon"``, ``"opp_win"``, ``"opp_gammon"``, ``"opp_backgammon"``, ``"draw"``
        (Wilson score interval). The fields ``win``, ``equity`` ... hold the 95% ones.

        >>> from bgsim import Position
        >>> est = estimate(Position.initial(), games=720, rng=2, player="random")
        >>> est.interval("win") == est.win
        True
        >>> est.interval("win", confidence_level=0.99).half_width > est.win.half_width
        True
        >>> est.interval("luck")
        Traceback (most recent call last):
        ...
        bgsim.errors.EstimateError: no interval named 'luck': choose from equity, win, gammon, backgammon,
        opp_win, opp_gammon, opp_backgammon, draw
        """
        if name == "equity":
            return mean_interval(self.outcome_values, self.outcomes, confidence_level)
        if name not in _PROPORTIONS:
            raise EstimateError(f"no interval named {name!r}: choose from "
                                f"{', '.join(('equity', *_PROPORTIONS))}")
        if name == "draw" and self.draw is None:
            raise EstimateError("these rules have no last-roll draw (V4): no draw interval")
        return wilson_interval(sum(self.outcomes[i] for i in _PROPORTIONS[name]), self.games, confidence_level)

    @property
    def stderr(self) -> float:
        """The standard error of the equity: the sample standard deviation / sqrt(games).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36).stderr   # always a win: no spread
        0.0
        """
        _, sd, n = _mean_sd(self.outcome_values, self.outcomes)
        return sd / math.sqrt(n) if n >= 2 else math.nan

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time (not part of the reproducible result).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36).games_per_second > 0
        True
        """
        return self.games / self.elapsed if self.elapsed > 0 else math.nan

    # ------------------------------------------------------------------ display
    def _players_text(self) -> str:
        me, opp = self.players
        return f"players: {me} vs {opp}" if me == opp else f"players: {me} (on roll) vs {opp}"

    def _dependence_text(self) -> str:
        """The note that the numbers depend on who played, with what each player is."""
        def described(name: str) -> str:   # a custom player's label says what it is already
            return name if name.endswith(_PYTHON_SUFFIX) else f"{name} ({describe_player(name)})"

        me, opp = self.players
        if me == opp:
            who = f"{me} vs {opp}" + ("" if me.endswith(_PYTHON_SUFFIX) else f" ({describe_player(me)})")
        else:
            who = f"{described(me)} vs {described(opp)}"
        return f"results depend on the players: {who}; see bgsim.montecarlo.PLAYERS"

    def _seed_text(self) -> str:
        seed = f"seed {self.seed}"
        return seed + (f" (spawn key {self.spawn_key})" if self.spawn_key else "")

    def _setting_text(self) -> str:
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
        return setting

    def _equity_text(self) -> str:
        e = self.equity
        if math.isnan(e.value):
            return "n/a (no games)"
        ci = f"({100 * e.confidence_level:g}% CI)"
        if self.equity_unit == "points per game":
            return f"{e.value:+.4f} +- {e.half_width:.4f} points per game {ci}"
        return f"{e.value:.4f} +- {e.half_width:.4f} match-winning chance {ci}"

    def _repr_html_(self) -> str:
        """In Jupyter: the table, then the convergence plot (the equity and its 95% band)."""
        from .svg import convergence  # presentation, imported only to draw

        trace = list(zip(self.trace_games.tolist(), self.trace_equity.tolist(),
                         self.trace_half_width.tolist(), strict=True))
        return self._table().html() + convergence(trace, unit=self.equity_unit)

    def _table(self) -> Table:
        title = (f"Monte Carlo estimate: {self.games:,} games, {self._seed_text()}"
                 + (" -- STOPPED EARLY" if self.stopped else ""),
                 self._players_text(), self._setting_text())
        rows: list[tuple[str, ...]] = [("win", self.win.percent(), self.opp_win.percent()),
                ("gammon", self.gammon.percent(), self.opp_gammon.percent()),
                ("backgammon", self.backgammon.percent(), self.opp_backgammon.percent())]
        if self.draw is not None:
            rows.append(("draw (V4)", self.draw.percent(), ""))
        rows.append(("equity", self._equity_text()))
        notes = (f"note: {self._dependence_text()}",) + ((f"note: {self.note}",) if self.note else ())
        return Table(title=title, header=("", "player on roll", "opponent"), rows=tuple(rows),
                     notes=notes, widths=(10, 26))

    def __repr__(self) -> str:
        return (f"<Estimate {self.games} games, {' vs '.join(self.players)}: win {self.win.value:.4f}, "
                f"equity {self.equity.value:+.4f} +- {self.equity.half_width:.4f}"
                + (", stopped" if self.stopped else "") + ">")


# ============================================================================================
# Tables the compiled players need (once per process)
# ============================================================================================

_LOCAL = threading.local()


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
    entropy: int | tuple[int, ...]        # the run's SeedSequence, whose k-th child seeds chunk k
    spawn_key: tuple[int, ...] = ()
    pool_size: int = 4
    # a side playing "net": its weights (w1, b1, w2, b2), or None for the shipped network
    nets: tuple[tuple[np.ndarray, ...] | None, tuple[np.ndarray, ...] | None] = (None, None)
    # the Python play-out path: the Python player of each side (None: the side's compiled
    # player, called move by move), and the start position they are shown
    python: tuple[object, object] | None = None
    position: Position | None = None


class _ChunkStopped(Exception):
    """``stop`` fired in the middle of a Python chunk: the chunk is dropped."""


def _chunk_tables(job: _Job, k: int):
    """What chunk ``k``'s compiled choices need: pubeval's tables, the bear-off expectations
    (when a side uses them), each side's network and the chunk's random state (its own child
    of the run's seed, so a chunk depends only on the seed and ``k``)."""
    ptab, pbar, poff = _pubeval_tables()
    uses_bearoff = _k.PLAYER_HEURISTIC in job.players or _k.PLAYER_NET in job.players
    bo = bearoff_expected() if uses_bearoff else _NO_BEAROFF
    nets = [_net_args(code, weights) for code, weights in zip(job.players, job.nets, strict=True)]
    child = np.random.SeedSequence(job.entropy, spawn_key=(*job.spawn_key, k), pool_size=job.pool_size)
    return ptab, pbar, poff, bo, nets, child.generate_state(4, np.uint64)


def _play_chunk(job: _Job, k: int, n: int, stop_fn: Callable[[], bool] | None = None) -> tuple[np.ndarray, int]:
    """Play chunk ``k`` (``n`` games): per-first-roll outcome counts and the turns played."""
    if job.python is not None:
        return _play_chunk_python(job, k, n, stop_fn)
    ptab, pbar, poff, bo, nets, state = _chunk_tables(job, k)
    counts = np.zeros((job.first_rolls.shape[0], _k.N_OUTCOMES), dtype=np.int64)
    turns = _k.play_chunk(job.start, job.checkers, job.flags, job.first_rolls, n, state,
                          job.players[0], job.players[1], job.starter0, job.last_roll_draw,
                          ptab, pbar, poff, bo, BINOM, nets[0], nets[1], counts, *_workspace().arrays())
    return counts, int(turns)


def _chunk_player(p, job: _Job, k: int, side: int):
    """The Python player of ``side`` for chunk ``k``. A player holding a numpy Generator in
    ``rng`` (as :class:`bgsim.players.RandomPlayer` does) plays the chunk as a copy whose
    generator is seeded from the run's seed, chunk and side: its random choices depend only
    on the seed and ``k``, like the dice."""
    if p is None or not isinstance(getattr(p, "rng", None), np.random.Generator):
        return p
    p = copy.copy(p)
    p.rng = np.random.default_rng(np.random.SeedSequence(job.entropy, spawn_key=(*job.spawn_key, k, side),
                                                         pool_size=job.pool_size))
    return p


def _legal_index(label: str, chosen, plays: Sequence[Play], pos: Position, dice) -> int:
    """Where the play a Python player returned is among ``plays``; EstimateError if nowhere."""
    for i, q in enumerate(plays):
        if q is chosen:
            return i
    if isinstance(chosen, Play):
        for i, q in enumerate(plays):
            if q == chosen or (chosen.after is not None and chosen.after == q.after):
                return i
    shown = str(chosen) if isinstance(chosen, Play) else repr(chosen)
    raise EstimateError(
        f"the Python player {label} returned {shown}, which is not one of the {len(plays)} legal plays of "
        f"{dice[0]}-{dice[1]} it was given (position {pos.gnubg_id()}, {pos.pips()[0]} pips to "
        f"{pos.pips()[1]}); choose_play must return one of the plays it receives (R5-R21)")


def _play_chunk_python(job: _Job, k: int, n: int, stop_fn) -> tuple[np.ndarray, int]:
    """:func:`_play_chunk` with Python players: the same games as the compiled loop
    (``_mc_kernel.play_chunk``) step for step -- the same dice stream, first-roll blocks,
    V4 final roll and R23 outcome counting -- with each Python side asked to choose among
    :meth:`Position.legal_plays` (same order as the compiled results) and each named side
    choosing in compiled code as it does there. So when the Python players choose as the
    compiled ones do, the counts are identical."""
    assert job.python is not None and job.position is not None
    ptab, pbar, poff, bo, nets, state = _chunk_tables(job, k)
    players = [_chunk_player(p, job, k, side) for side, p in enumerate(job.python)]
    labels = [f"{_python_label(p)} ({'side on roll' if side == 0 else 'opponent'})" if p is not None else ""
              for side, p in enumerate(job.python)]
    ws = _workspace()
    caucasian = bool(job.flags & _kernel.FLAG_CAUCASIAN)
    nchk = job.checkers
    turn0 = job.position.turn
    m = job.first_rolls.shape[0]
    counts = np.zeros((m, _k.N_OUTCOMES), dtype=np.int64)
    perm = np.arange(m, dtype=np.int64)
    turns = 0
    for g in range(n):
        if stop_fn is not None and stop_fn():
            raise _ChunkStopped
        j = g % m
        if j == 0:   # a new block: a random order of the first rolls (Fisher-Yates, as compiled)
            perm = np.arange(m, dtype=np.int64)
            for i in range(m - 1, 0, -1):
                r = int(uniform(state, i + 1))
                perm[i], perm[r] = perm[r], perm[i]
        fr = int(perm[j])
        b = job.start.copy()
        if b[0, 0] == nchk:        # a finished position: nothing to play (R22, R23)
            counts[fr, _k.OUT_WIN + _k.loss_kind_board(b, 1) - 1] += 1
            continue
        if b[1, 0] == nchk:
            counts[fr, _k.OUT_LOSS + _k.loss_kind_board(b, 0) - 1] += 1
            continue
        side = 0
        final = False
        t = 0
        while True:
            if t == 0:
                d1, d2 = int(job.first_rolls[fr, 0]), int(job.first_rolls[fr, 1])
            else:
                r = int(uniform(state, 36))
                d1, d2 = r // 6 + 1, r % 6 + 1
            t += 1
            if t > _k.MAX_TURNS:  # pragma: no cover - as the compiled loop's safety net
                raise EstimateError("a game ran past MAX_TURNS turns")
            player = players[side]
            if player is None or final:
                nres = _kernel.generate(b, d1, d2, job.flags, *ws.arrays())
                boards = ws.boards
                if final:   # V4: every player plays the final roll the same way (as compiled)
                    c = int(_k.choose_final(nres, nchk, boards))
                else:
                    c = int(_k.choose(job.players[side], b, nres, nchk, state, boards, ptab, pbar, poff, bo,
                                      BINOM, nets[side]))
            else:
                pos = Position.from_array(b, turn0 if side == 0 else 1 - turn0)
                dice = (d1, d2)
                plays = pos.legal_plays(dice, caucasian=caucasian)
                chosen = player.choose_play(pos, dice, plays) if len(plays) > 1 else plays[0]
                c = _legal_index(labels[side], chosen, plays, pos, dice) if len(plays) > 1 else 0
                after = plays[c].after
                assert after is not None
                boards = np.array(((after.theirs, after.mine),), dtype=np.int8)   # the mover's view
                c = 0
            if boards[c, 0, 0] == nchk:            # the mover bore off the last checker (R22)
                if final:                          # V4: the final roll bore off everything
                    counts[fr, _k.OUT_DRAW] += 1
                    break
                if job.last_roll_draw and (side == 0) == job.starter0:
                    final = True                   # V4: the other side gets one final roll
                else:
                    kind = int(_kernel.loss_kind(boards, c, 1))
                    counts[fr, (_k.OUT_WIN if side == 0 else _k.OUT_LOSS) + kind - 1] += 1
                    break
            elif final:                            # V4: the final roll failed; the starter wins
                kind = int(_kernel.loss_kind(boards, c, 0))   # judged after the final roll (R23)
                counts[fr, (_k.OUT_LOSS if side == 0 else _k.OUT_WIN) + kind - 1] += 1
                break
            b = boards[c, ::-1].copy()   # the opponent is on roll: swap the rows (a copy: ws is reused)
            side ^= 1
        turns += t
    return counts, turns


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


class _CallablePlayer:
    """A plain function ``f(position, dice, plays) -> Play`` as a player (picklable when ``f`` is)."""

    def __init__(self, fn: Callable) -> None:
        self.fn = fn

    def choose_play(self, game_or_pos, dice, plays):
        return self.fn(game_or_pos, dice, plays)

    @property
    def label(self) -> str:
        return getattr(self.fn, "__name__", None) or type(self.fn).__name__

    def __repr__(self) -> str:
        return f"<player {self.label}>"


#: The label of a Python player in ``Estimate.players`` ends with this.
_PYTHON_SUFFIX = " (custom Python player)"


def _is_python_player(p) -> bool:
    return callable(getattr(p, "choose_play", None)) or (callable(p) and not isinstance(p, (str, Net)))


def _python_label(p) -> str:
    name = p.label if isinstance(p, _CallablePlayer) else type(p).__name__
    return name + _PYTHON_SUFFIX


def _player_pair(player) -> tuple[tuple[str, str], tuple[int, int], tuple, tuple]:
    """Names, compiled player codes, network weights and Python players of (side on roll, opponent).

    A side played by a Python object has code -1 and its object in the last tuple (the
    others ``None``); a name or a Net has its compiled code and ``None`` there.
    """
    pair: tuple[object, ...]
    if isinstance(player, (str, Net, NetPlayer)) or _is_python_player(player):
        pair = (player, player)
    else:
        try:
            pair = tuple(player)
        except TypeError:
            pair = ()
        if len(pair) != 2:
            raise EstimateError(f"player must be a name from {', '.join(PLAYERS)}, a bgsim.net.Net, a "
                                f"player object (with choose_play), or a pair of them, not {player!r}")
    names: list[str] = []
    codes: list[int] = []
    nets: list = []
    python: list = []
    for p in pair:
        if isinstance(p, NetPlayer) and type(p).choose_play is NetPlayer.choose_play:
            p = p.net       # the compiled "net" plays exactly as NetPlayer does, much faster
        if isinstance(p, Net):
            names.append(p.name)
            codes.append(_k.PLAYER_NET)
            nets.append(None if p.name == "net" else p.arrays())
            python.append(None)
            continue
        if not isinstance(p, str):
            if isinstance(p, type):
                raise EstimateError(f"a player is an object, not a class: give {p.__name__}(), not {p.__name__}")
            if not _is_python_player(p):
                raise EstimateError(f"a player is a name from {', '.join(PLAYERS)}, a bgsim.net.Net, an "
                                    f"object with choose_play(position, dice, plays) or a function "
                                    f"f(position, dice, plays) -> Play, not {p!r}")
            if not callable(getattr(p, "choose_play", None)):
                assert callable(p)   # _is_python_player: a plain function f(position, dice, plays)
                p = _CallablePlayer(p)
            names.append(_python_label(p))
            codes.append(-1)
            nets.append(None)
            python.append(p)
            continue
        name = p.strip().lower()
        if name not in _PLAYER_CODES:
            raise EstimateError(f"unknown player {name!r}: choose from {', '.join(PLAYERS)}")
        names.append(name)
        codes.append(_PLAYER_CODES[name])
        nets.append(None)
        python.append(None)
    return (names[0], names[1]), (codes[0], codes[1]), (nets[0], nets[1]), (python[0], python[1])




def _is_int(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def _stop_function(stop) -> Callable[[], bool]:
    if stop is None:
        return lambda: False
    if hasattr(stop, "is_set"):
        return stop.is_set
    if callable(stop):
        return lambda: bool(stop())
    raise EstimateError(f"stop must be a callable or a threading.Event, not {type(stop).__name__}")


def _seed_sequence(rng) -> np.random.SeedSequence:
    """The run's :class:`numpy.random.SeedSequence` from what ``rng=`` was given."""
    if rng is None:
        return np.random.SeedSequence()
    if isinstance(rng, np.random.SeedSequence):
        return rng
    if isinstance(rng, np.random.Generator):
        # 128 bits drawn from the generator seed the run: deterministic for a seeded
        # generator, which advances as if it had drawn two 64-bit numbers.
        return np.random.SeedSequence(int.from_bytes(rng.bytes(16), "little"))
    if _is_int(rng) and rng >= 0:
        return np.random.SeedSequence(int(rng))
    raise EstimateError(f"rng must be None, a whole number >= 0, a numpy.random.SeedSequence or a "
                        f"numpy.random.Generator, not {rng!r}")


def _entropy(ss: np.random.SeedSequence) -> int | tuple[int, ...]:
    e = ss.entropy
    assert e is not None   # a SeedSequence made without entropy draws its own
    return int(e) if isinstance(e, (int, np.integer)) else tuple(int(x) for x in e)


class _Unset:
    def __repr__(self) -> str:
        return "<deprecated>"


_UNSET = _Unset()


def estimate(position: Position, rules: Rules | None = None, *, games: int = 10_000,
             player: str | Net | tuple[str | Net, str | Net] = DEFAULT_PLAYER,
             rng: int | np.random.SeedSequence | np.random.Generator | None = None, workers: int = 1,
             executor: Executor | None = None, chunk_size: int | None = None, progress: bool | None = None,
             stop: Callable[[], bool] | threading.Event | None = None, cube: int = 1,
             cube_turned: bool | None = None, away: tuple[int, int] | None = None,
             crawford_game: bool | None = None, starter: int | None = None, opening: bool = False,
             resume: Estimate | None = None, seed=_UNSET) -> Estimate:
    """Play ``games`` games out from ``position`` and estimate who wins, how big, and the equity.

    The side on roll in ``position`` is about to roll; the games are played out cubeless
    (the cube's value multiplies every result but nobody doubles) by compiled players, or
    by Python players (slower). The numbers are those of the players who played.

    Parameters
    ----------
    position : Position
        The start of every game; its side on roll (``position.turn``) rolls first.
    rules : Rules, optional
        Default ``Rules()`` (money play). What matters to a cubeless play-out:
        ``variant`` (X3: the position must have the variant's number of checkers);
        ``caucasian`` (V5: the engine's Caucasian hit rule for every play); ``ending``
        (V1: the points of a single game, gammon and backgammon); ``jacoby`` (X1:
        gammons count single unless the cube was turned); ``last_roll_draw`` (V4: on
        the final roll every player takes the draw if any play gives it, else the play
        that loses least, R23); match play (R27: the equity is a match-winning chance).
    games : int, default 10_000
        Games to play in all (with ``resume``: including the previous run's).
    player : str, Net, Player, function or a pair of them, default :data:`DEFAULT_PLAYER` ("net")
        A name from :data:`PLAYERS` for both sides, or a pair (side on roll, opponent).
        A :class:`bgsim.net.Net` (or :class:`~bgsim.net.NetPlayer`) plays as ``"net"``
        with its own weights (``Net.from_file(...)``: a network :mod:`bgsim.train` made).
        Any other object with ``choose_play(position, dice, plays)``, or a function
        ``f(position, dice, plays) -> Play``, is a Python player: the games then run in
        the Python loop, about 100 times slower than the compiled heuristic player (see
        the module notes: about 20-70 games/s from the opening position).
    rng : int, SeedSequence, Generator or None, default None
        The seed. An int >= 0 or a :class:`numpy.random.SeedSequence` is used as is:
        chunk ``k`` draws from its ``k``-th child. A :class:`numpy.random.Generator`
        gives 128 random bits (it advances) that become the seed. ``None`` (the
        default) takes fresh entropy from the operating system. Whatever it was, the
        seed is recorded in the result (``est.seed``, ``est.seed_sequence``), so
        ``rng=est.seed`` plays the same games again. With ``resume``, ``None`` means the
        previous run's seed.
    workers : int, default 1
        Processes to run chunks in (1: this process). They end with this process,
        however it ends.
    executor : concurrent.futures.Executor, optional
        Runs the chunks instead of ``workers`` (a dask ``Client(...).get_executor()``
        runs the estimate on a cluster); it is not shut down.
    chunk_size : int, optional
        Games per chunk, a multiple of the first-roll block (36, or 30 with
        ``opening``). Default :data:`DEFAULT_CHUNK_SIZE`, or the previous run's with
        ``resume``. The numbers depend on it: chunk ``k`` depends only on the seed and ``k``.
    progress : bool, optional
        ``True`` shows a tqdm progress bar (terminal or notebook). Default: none.
    stop : callable or threading.Event, optional
        Checked between chunks; when it returns True or is set, the run ends and the
        finished chunks are returned with ``stopped=True`` (Ctrl-C does the same).
    cube : int, default 1
        The cube's value (1, 2, 4, ...); it multiplies every result (R24, R26).
    cube_turned : bool, optional
        For the Jacoby rule (X1); default ``cube > 1``, as :meth:`Rules.points`.
    away : (int, int), optional
        Match play (R27): points still needed ``(my_away, opp_away)``; default both the
        match length.
    crawford_game : bool, optional
        Match play with exactly one side 1-away (R28): whether this is the Crawford
        game. Default: yes if the rules have the Crawford rule; ``False``: post-Crawford.
    starter : int, optional
        Player 0 or 1 who started the game (the last-roll draw, V4, needs it). Default:
        the player on roll.
    opening : bool, default False
        Make the first roll an opening roll (R4: no doubles; with R4a,
        ``rules.opening == "winner_rolls"``, any roll).
    resume : Estimate, optional
        A previous result of the same position and settings to continue up to
        ``games`` games: the chunks it played are kept and the rest are played, so the
        result equals one run of ``games`` games (a chunk the previous run played only
        in part is played again in full). Chunks a stopped run left out are filled in.
    seed : int or None
        Deprecated alias of ``rng`` (it warns); will be removed.

    Returns
    -------
    Estimate
        The chances, the equity with intervals, the counts and the convergence trace.

    Raises
    ------
    EstimateError
        A Python player that returns a play not among those it was given (the message
        names the player), or that cannot be pickled for ``workers``/``executor``.
        An unknown player, ``games``, ``workers``, ``chunk_size``, ``starter`` or ``rng``
        out of range or of the wrong type, both ``workers`` and ``executor``, or a
        ``resume`` that does not match this call's position and settings.
    RuleViolationError
        A position with the wrong number of checkers for the variant (R2, X3), a cube
        that is not a power of two (R24, R26), a score outside the match (R27), a cube
        in the Crawford game (R28), or ``away``/``crawford_game`` in money play.

    Warns
    -----
    DeprecationWarning
        When ``seed`` is given (use ``rng``).

    Examples
    --------
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
    >>> print(estimate(Position.initial(), games=720, rng=5))   # doctest: +ELLIPSIS
    Monte Carlo estimate: 720 games, seed 5
    players: net vs net
    money play; cube 1, cubeless play-outs
                player on roll              opponent
    win         ...
    >>> def first_play(position, dice, plays):      # a Python player: the first legal play
    ...     return plays[0]
    >>> race = Position.from_counts({1: 2, 3: 2}, {2: 2, 4: 1})
    >>> est = estimate(race, games=360, rng=1, player=("heuristic", first_play))
    >>> est.players, est.games
    (('heuristic', 'first_play (custom Python player)'), 360)
    >>> estimate(pos, games=36, player="wizard")
    Traceback (most recent call last):
    ...
    bgsim.errors.EstimateError: unknown player 'wizard': choose from random, pubeval, heuristic, net
    """
    t_start = time.perf_counter()
    if seed is not _UNSET:
        warnings.warn("estimate(seed=...) is deprecated: use rng=... (an int, a SeedSequence or a "
                      "Generator)", DeprecationWarning, stacklevel=2)
        if rng is not None:
            raise EstimateError("give rng= only (seed= is its deprecated alias)")
        rng = seed
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise EstimateError(f"rules must be a bgsim.rules.Rules, not {type(rules).__name__}")
    if not isinstance(position, Position):
        raise EstimateError(f"position must be a bgsim.Position, not {type(position).__name__}")
    if position.checkers != rules.checkers:
        raise RuleViolationError(
            f"the position has {position.checkers} checkers a side but the rules' variant "
            f"{rules.variant!r} has {rules.checkers} (R2, X3)")
    if resume is not None and not isinstance(resume, Estimate):
        raise EstimateError(f"resume must be an Estimate from an earlier run, not {type(resume).__name__}")
    names, codes, nets, python = _player_pair(player)
    in_python = any(p is not None for p in python)
    if not _is_int(games) or games < 1:
        raise EstimateError(f"games must be a whole number >= 1, not {games!r}")
    games = int(games)
    if not _is_int(workers) or workers < 1:
        raise EstimateError(f"workers must be a whole number >= 1, not {workers!r}")
    if executor is not None and not isinstance(executor, Executor):
        raise EstimateError(f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}")
    if executor is not None and workers != 1:
        raise EstimateError("give either workers= or executor=, not both")
    if starter is None:
        starter = position.turn
    if isinstance(starter, bool) or starter not in (0, 1):
        raise EstimateError(f"starter must be player 0 or 1, not {starter!r} (V4)")
    if not _is_int(cube) or cube < 1 or cube & (cube - 1):
        raise RuleViolationError(f"a cube value is 1, 2, 4, 8, ... not {cube!r} (R24, R26)")
    cube = int(cube)
    for name, flag in (("cube_turned", cube_turned), ("crawford_game", crawford_game), ("opening", opening),
                       ("progress", progress)):
        if flag is not None and not isinstance(flag, (bool, np.bool_)):
            raise EstimateError(f"{name} must be True or False, not {flag!r}")
    if cube_turned is None:
        cube_turned = cube > 1
    stop_fn = _stop_function(stop)

    # match score (R27, R28)
    if rules.is_match:
        if away is None:
            away = (rules.match_length, rules.match_length)
        try:
            pair = tuple(away)
        except TypeError:
            pair = ()
        if len(pair) != 2 or not all(_is_int(x) and 1 <= x <= rules.match_length for x in pair):
            raise RuleViolationError(
                f"away must be two whole numbers of points still needed, 1 to {rules.match_length} "
                f"in a {rules.match_length}-point match, not {away!r} (R27)")
        away = (int(pair[0]), int(pair[1]))
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
    if chunk_size is None:
        if resume is not None:
            chunk_size = resume.chunk_size
        else:
            chunk_size = DEFAULT_PYTHON_CHUNK_SIZE if in_python else DEFAULT_CHUNK_SIZE
    if not _is_int(chunk_size) or chunk_size < m or chunk_size % m:
        raise EstimateError(f"chunk_size must be a positive multiple of {m} (the block of first rolls), "
                            f"not {chunk_size!r}")
    chunk_size = int(chunk_size)

    if rng is None and resume is not None:
        ss = resume.seed_sequence
    else:
        ss = _seed_sequence(rng)
    job = _Job(start=position.to_array(), checkers=rules.checkers,
               flags=_kernel.FLAG_CAUCASIAN if rules.caucasian else 0,
               first_rolls=np.array(rolls, dtype=np.int64),
               players=codes, nets=nets, python=python if in_python else None, position=position,
               starter0=(starter == position.turn), last_roll_draw=rules.last_roll_draw,
               entropy=_entropy(ss), spawn_key=tuple(int(x) for x in ss.spawn_key), pool_size=int(ss.pool_size))
    sizes = [min(chunk_size, games - i) for i in range(0, games, chunk_size)]

    kept: dict[int, tuple[np.ndarray, int, int]] = {}    # chunk -> (outcome totals, turns, games)
    by_roll = np.zeros((m, _k.N_OUTCOMES), dtype=np.int64)
    if resume is not None:
        _check_resume(resume, position, rules, names, job, chunk_size, cube, bool(cube_turned), away,
                      crawford_game, starter, bool(opening), tuple(rolls))
        by_roll, kept = _resumed_chunks(resume, sizes)

    bar = None
    if progress:
        from tqdm.auto import tqdm
        bar = tqdm(total=games, unit="game", desc="estimate", smoothing=0.05,
                   initial=sum(g for _, _, g in kept.values()))

    results: dict[int, tuple[np.ndarray, int]] = {}
    stopped = False
    running = {"counts": sum((t for t, _, _ in kept.values()), np.zeros(_k.N_OUTCOMES, dtype=np.int64))}

    def finished(k: int, res: tuple[np.ndarray, int]) -> None:
        results[k] = res
        if bar is not None:
            running["counts"] = running["counts"] + res[0].sum(axis=0)
            e = mean_interval(values, running["counts"])
            bar.set_postfix_str(f"equity {e.value:+.3f} +- {e.half_width:.3f}", refresh=False)
            bar.update(sizes[k])

    todo = [(k, n) for k, n in enumerate(sizes) if k not in kept]
    if in_python and todo and (workers > 1 or (executor is not None and not isinstance(executor, ThreadPoolExecutor))):
        _check_picklable(job, names)   # threads share the players; processes and clusters get pickled copies
    pool = None
    previous_sigterm = None
    terminated = False
    try:
        if executor is None and workers == 1:
            for k, n in todo:
                if stop_fn():
                    stopped = True
                    break
                finished(k, _play_chunk(job, k, n, stop_fn if in_python else None))
        elif todo:
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
            stopped = _drive(runner, job, todo, inflight, stop_fn, finished)
    except (KeyboardInterrupt, _ChunkStopped):
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

    for k, (c, t) in results.items():
        by_roll = by_roll + c
        kept[k] = (c.sum(axis=0), int(t), sizes[k])
    partial = None                 # a last chunk shorter than chunk_size, for a later resume=
    last = len(sizes) - 1
    if sizes[last] < chunk_size and last in kept:
        if last in results:
            partial = (last, results[last][0])
        elif resume is not None:   # the chunk was played by the run resumed
            partial = resume.chunk_log.partial
    return _summarise(position, rules, names, ss, chunk_size, kept, by_roll, partial, stopped, values, unit,
                      note, cube, bool(cube_turned), away, crawford_game, starter, bool(opening),
                      tuple(rolls), time.perf_counter() - t_start)


def _check_picklable(job: _Job, names) -> None:
    """Python players travel to worker processes by pickle: say clearly when they cannot."""
    assert job.python is not None
    for p, name in zip(job.python, names, strict=True):
        if p is None:
            continue
        try:
            pickle.dumps(p)
        except Exception as exc:   # pickling can fail with almost any exception
            raise EstimateError(
                f"workers= and executor= send the players to other processes, but the Python player "
                f"{name} ({p!r}) cannot be pickled ({type(exc).__name__}: {exc}); use workers=1 (this "
                f"process), or a player defined at module level (not a lambda or a local function)") from None


def _check_resume(prev: Estimate, position, rules, names, job: _Job, chunk_size, cube, cube_turned, away,
                  crawford_game, starter, opening, rolls) -> None:
    """Raise EstimateError naming every setting in which this call differs from ``prev``."""
    ss = prev.seed_sequence
    wanted: dict[str, tuple] = {"position": (prev.position, position), "rules": (prev.rules, rules),
              "player": (prev.players, names), "chunk_size": (prev.chunk_size, chunk_size),
              "rng": ((_entropy(ss), tuple(ss.spawn_key), ss.pool_size),
                      (job.entropy, job.spawn_key, job.pool_size)),
              "cube": (prev.cube, cube), "cube_turned": (prev.cube_turned, cube_turned), "away": (prev.away, away),
              "crawford_game": (prev.crawford_game, crawford_game), "starter": (prev.starter, starter),
              "opening": (prev.opening, opening), "first rolls": (prev.first_rolls, rolls)}
    differ = [name for name, (a, b) in wanted.items() if a != b]
    if differ:
        raise EstimateError(f"resume= continues an earlier run with the same settings; this call differs "
                            f"in: {', '.join(differ)}")


def _resumed_chunks(prev: Estimate, sizes: list[int]):
    """The previous run's chunks this run keeps: counts by first roll, and chunk -> (totals, turns, games)."""
    log = prev.chunk_log
    if len(log.ids) != prev.chunks or sum(log.sizes) != prev.games:
        raise EstimateError("resume= needs an Estimate made by estimate() (its chunk record is missing)")
    by_roll = np.array(prev.by_first_roll, dtype=np.int64)
    kept = {}
    need = max((k * prev.chunk_size + n for k, n in zip(log.ids, log.sizes, strict=True)), default=0)
    if sum(sizes) < need:
        raise EstimateError(f"resume= continues a run that played up to game {need:,}: give games= at "
                            f"least {need:,} (the total, not the games to add)")
    for k, n, totals, turns in zip(log.ids, log.sizes, log.totals, log.turns, strict=True):
        if n != sizes[k]:      # the previous run's last chunk, played in part: play it again in full
            if log.partial is None or log.partial[0] != k:  # pragma: no cover - only that one is short
                raise EstimateError("resume=: the previous run's chunks do not fit this one")
            by_roll -= log.partial[1]
            continue
        kept[k] = (np.array(totals, dtype=np.int64), int(turns), int(n))
    return by_roll, kept


def _drive(runner: Executor, job: _Job, todo: list[tuple[int, int]], inflight: int, stop_fn, finished) -> bool:
    """Run the chunks ``todo`` (number, games) on an executor, at most ``inflight`` at a time;
    True if stopped early."""
    pending: dict = {}
    nxt = 0
    stopped = False
    try:
        while True:
            if stop_fn():
                stopped = True
                break
            while nxt < len(todo) and len(pending) < inflight:
                k, n = todo[nxt]
                pending[runner.submit(_play_chunk, job, k, n)] = k
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


def _summarise(position, rules, names, ss, chunk_size, chunks, by_roll, partial, stopped, values, unit, note,
               cube, cube_turned, away, crawford_game, starter, opening, rolls, elapsed) -> Estimate:
    order = sorted(chunks)
    trace_g, trace_e, trace_h = [], [], []
    total = np.zeros(_k.N_OUTCOMES, dtype=np.int64)
    turns = 0
    n = 0
    for k in order:
        c, t, g = chunks[k]
        total += c
        turns += t
        n += g
        e = mean_interval(values, total)
        trace_g.append(n)
        trace_e.append(e.value)
        trace_h.append(e.half_width)
    o = [int(x) for x in total]
    assert sum(o) == n == int(by_roll.sum())
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
    log = _ChunkLog(ids=tuple(order), sizes=tuple(chunks[k][2] for k in order),
                    totals=tuple(tuple(int(x) for x in chunks[k][0]) for k in order),
                    turns=tuple(chunks[k][1] for k in order), partial=partial)
    entropy = _entropy(ss)
    return Estimate(
        games=n, win=win, gammon=gammon, backgammon=backgammon, opp_win=opp_win, opp_gammon=opp_gammon,
        opp_backgammon=opp_backgammon, draw=draw, equity=mean_interval(values, total), equity_unit=unit,
        outcomes=tuple(o), outcome_values=tuple(float(v) for v in values), by_first_roll=arrays[3],
        first_rolls=rolls, trace_games=arrays[0], trace_equity=arrays[1], trace_half_width=arrays[2],
        stopped=stopped, chunks=len(order), chunk_size=chunk_size, seed=entropy, players=names,
        position=position, rules=rules, cube=cube, cube_turned=cube_turned, away=away,
        crawford_game=crawford_game, starter=starter, opening=opening,
        mean_turns=turns / n if n else math.nan, elapsed=elapsed, note=note,
        spawn_key=tuple(int(x) for x in ss.spawn_key), pool_size=int(ss.pool_size), chunk_log=log)


def describe_player(name: str) -> str:
    """What the player ``name`` (as :attr:`Estimate.players` gives it) is, in a few words.

    >>> describe_player("pubeval")
    "Tesauro's pubeval linear evaluator"
    >>> describe_player("MyBot (custom Python player)")
    'custom (Python): MyBot'
    """
    if name in PLAYER_DESCRIPTIONS:
        return PLAYER_DESCRIPTIONS[name]
    if name.endswith(_PYTHON_SUFFIX):
        return f"custom (Python): {name[:-len(_PYTHON_SUFFIX)]}"
    if name.startswith("net"):
        return "TD-trained network with other weights, see bgsim.train"
    return "unknown player"
