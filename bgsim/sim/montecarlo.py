"""Monte Carlo estimates: play a position out thousands of times and count what happens.

:func:`estimate` plays games from a :class:`~bgsim.Position` (the player on roll about to
roll) to the end under a :class:`~bgsim.game.rules.Rules` setting and returns an
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
this game, from the Kazaross-XG2 match equity table (:func:`bgsim.odds.equity.match_equity`).

**Players** (:data:`PLAYERS`), all compiled (``bgsim/sim/_mc_kernel.py``; the same players
in Python, for games and matches: :func:`bgsim.players.players.named_player`, e.g.
:class:`bgsim.players.players.HeuristicPlayer` for ``"heuristic"``):

- ``"random"``: uniform over the distinct legal plays;
- ``"pubeval"``: Gerald Tesauro's public linear evaluator (weights shipped in
  ``bgsim/data/pubeval_weights.txt``, public domain), one ply;
- ``"heuristic"``: pubeval, and the exact one-sided bear-off database
  (:mod:`bgsim.odds.bearoff`, fewest expected rolls) once contact is over and the mover's
  checkers are all home (R16). It plays every position pubeval plays and the bear-off
  better, so it is at least as strong.
- ``"net"`` (the default, :data:`DEFAULT_PLAYER`): bgsim's neural network, trained by
  TD(lambda) self-play (:mod:`bgsim.sim.net`, :mod:`bgsim.players.train`), one ply, with the same
  bear-off database. The strongest of the four (about 65% of the games against pubeval)
  and the closest to expert play in gammons and backgammons; about a tenth of the
  heuristic's speed. A :class:`bgsim.sim.net.Net` (or :class:`~bgsim.sim.net.NetPlayer`) of other
  weights plays too.

``player=("heuristic", "random")`` gives the side on roll and its opponent different players.
The numbers are those of games between these players, not of perfect play: every result
says who played (:attr:`Estimate.players`, :data:`PLAYER_DESCRIPTIONS`).

**Python players.** Any object with ``choose_play(position, dice, plays) -> Play`` (the
:class:`bgsim.game.drive.Player` interface; only ``choose_play`` is used: the play-outs are
cubeless), or a plain function ``f(position, dice, plays) -> Play``, plays too, alone or
paired with a name. Such games run in a Python loop that replays the compiled one step
for step -- the same dice, first-roll blocks, V4 final roll (played by the same rule for
every player) and R23 counting; a named side still chooses in compiled code -- so a
Python player that chooses as a compiled one gives identical counts
(:class:`bgsim.players.players.PubevalPlayer` does). It is much slower. Measured on a shared 2-core
machine, one process: from the opening position (50-100 turns a game) Python players
play about 20-70 games/s (HandwrittenPlayer 28-66, depending on the machine's load) where
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
:class:`numpy.random.Generator` in ``rng`` (as :class:`bgsim.game.drive.RandomPlayer`)
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
tqdm bar in a terminal or a notebook, and plain lines every few seconds when stderr goes to a
file or a pipe (:class:`LineProgress`). Ctrl-C, or a ``stop`` callable / :class:`threading.Event`,
ends the run early and returns the chunks finished so far with ``stopped=True``.
Worker processes never outlive the process that started them: SIGTERM ends them and then
the process as it would have ended anyway, and if the parent dies any other way (SIGKILL,
a notebook kernel restarted) each worker notices within a fraction of a second and exits.

**The parts.** This module holds :func:`estimate`, its result :class:`Estimate` (with the
run's bookkeeping in :class:`RunInfo`) and :func:`describe_player`; the rest has a module
of its own, each with one job, and the names public here before stay importable from here:
:mod:`bgsim.sim.estimate_settings` checks the arguments once (:class:`EstimateSettings`),
:mod:`bgsim.sim.playouts` plays one chunk of games (compiled or in Python),
:mod:`bgsim.sim.workers` runs the chunks here, in worker processes or on an executor, and
:mod:`bgsim.odds.intervals` makes the confidence intervals.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from ..engine.errors import EstimateError
from ..engine.i18n import _, fmt_count, fmt_number, fmt_percent
from ..engine.position import Position
from ..game.rules import Rules
from ..odds.intervals import Interval, mean_interval, mean_sd, normal_quantile, wilson_interval
from ..odds.results import ResultDisplay, TextTable, jsonable
from .compiled_players import DEFAULT_PLAYER, PLAYER_DESCRIPTIONS, PLAYERS, compiled_choice, pubeval_weights
from .estimate_settings import DEFAULT_CHUNK_SIZE, DEFAULT_PYTHON_CHUNK_SIZE, EstimateSettings
from .net import Net
from .playouts import N_OUTCOMES, OUTCOMES, PYTHON_SUFFIX, ChunkLog
from .strength import strength_note
from .workers import run_chunks

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_PLAYER",
    "DEFAULT_PYTHON_CHUNK_SIZE",
    "PLAYERS",
    "PLAYER_DESCRIPTIONS",
    "Estimate",
    "EstimateError",
    "EstimateSettings",
    "Interval",
    "RunInfo",
    "compiled_choice",
    "describe_player",
    "estimate",
    "mean_interval",
    "normal_quantile",
    "pubeval_weights",
    "wilson_interval",
]

#: The chunk record's old name: estimates pickled before the split name it.
_ChunkLog = ChunkLog

#: The outcomes (indices into ``Estimate.outcomes``) behind each proportion.
_PROPORTIONS = {"win": (0, 1, 2), "gammon": (1, 2), "backgammon": (2,),
                "opp_win": (3, 4, 5), "opp_gammon": (4, 5), "opp_backgammon": (5,), "draw": (6,)}


# ============================================================================================
# The result
# ============================================================================================


@dataclass(frozen=True)
class RunInfo:
    """How a run of :func:`estimate` went: its bookkeeping, not its result (:attr:`Estimate.run`).

    ``seed``, ``spawn_key`` and ``pool_size`` make the run's seed sequence
    (:attr:`seed_sequence`); ``chunk_size`` games were played per chunk, ``chunks`` chunks
    in all; ``stopped`` says the run ended before it played every game; ``elapsed`` is
    seconds of wall time; ``chunk_log`` what each chunk gave, which ``resume=`` continues.

    >>> from bgsim import Position
    >>> run = estimate(Position.from_counts({1: 1}, {1: 1}), games=72, rng=5, chunk_size=36).run
    >>> run.seed, run.spawn_key, run.chunks, run.chunk_size, run.stopped, run.chunk_log.sizes
    (5, (), 2, 36, False, (36, 36))
    """

    seed: int | tuple[int, ...]
    chunk_size: int
    chunks: int
    stopped: bool = False
    elapsed: float = 0.0
    spawn_key: tuple[int, ...] = ()
    pool_size: int = 4
    chunk_log: ChunkLog = field(default_factory=ChunkLog)

    @property
    def seed_sequence(self) -> np.random.SeedSequence:
        """The run's seed as a :class:`numpy.random.SeedSequence` (what ``rng=`` takes)."""
        return np.random.SeedSequence(self.seed, spawn_key=self.spawn_key, pool_size=self.pool_size)


#: The attributes an estimate pickled before ``run`` existed kept at its top level.
_RUN_FIELDS = tuple(f.name for f in fields(RunInfo))


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

    How the run went -- its seed, chunks, whether it was stopped, its time, the record
    ``resume=`` continues from -- is bookkeeping rather than result: it is grouped in
    ``run`` (a :class:`RunInfo`), and read through the properties of the same names
    (``est.seed``, ``est.stopped`` ...).

    Results are built by :func:`estimate`, not by hand.

    Parameters
    ----------
    games : int
        Games played.
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
    players : (str, str)
        The players of the side on roll and of its opponent: names from :data:`PLAYERS`,
        a network's name, or ``"<class or function> (custom Python player)"``. The
        results depend on them; the table says so (:func:`describe_player`).
    position, rules, cube, cube_turned, away, crawford_game, starter, opening
        What was estimated, as :func:`estimate` took it.
    mean_turns : float
        Turns per game.
    note : str
        A remark on the setting (e.g. the Jacoby rule, X1), or empty.
    run : RunInfo
        How the run went: ``seed``, ``spawn_key``, ``pool_size``, ``chunk_size``,
        ``chunks``, ``stopped``, ``elapsed``, ``chunk_log`` (each also a read-only
        property of the estimate).

    >>> from bgsim import Position
    >>> est = estimate(Position.from_counts({2: 1}, {1: 1}), games=72, rng=3)
    >>> est.outcomes[:3], est.trace_games.tolist(), est.players
    ((72, 0, 0), [72], ('net', 'net'))
    >>> est.run.chunks, est.chunk_size, est.stopped
    (1, 1080, False)
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
    players: tuple[str, str]
    position: Position = field(repr=False)
    rules: Rules = field(repr=False)
    run: RunInfo = field(repr=False)
    cube: int = 1
    cube_turned: bool = False
    away: tuple[int, int] | None = None
    crawford_game: bool | None = None
    starter: int = 0
    opening: bool = False
    mean_turns: float = math.nan
    note: str = ""

    def __setstate__(self, state: dict) -> None:
        """Unpickle, also an estimate pickled before its bookkeeping was grouped in ``run``."""
        if "run" not in state:
            state = dict(state)
            state["run"] = RunInfo(**{name: state.pop(name) for name in _RUN_FIELDS if name in state})
        self.__dict__.update(state)

    # ------------------------------------------------------------------ the run's bookkeeping
    @property
    def stopped(self) -> bool:
        """The run was stopped before it played every game (``run.stopped``)."""
        return self.run.stopped

    @property
    def chunks(self) -> int:
        """Chunks played (``run.chunks``)."""
        return self.run.chunks

    @property
    def chunk_size(self) -> int:
        """Games per chunk (``run.chunk_size``)."""
        return self.run.chunk_size

    @property
    def seed(self) -> int | tuple[int, ...]:
        """The entropy of the run's seed (``run.seed``): ``rng=est.seed`` plays the same games again."""
        return self.run.seed

    @property
    def spawn_key(self) -> tuple[int, ...]:
        """The spawn key of the run's seed sequence (``run.spawn_key``; ``()`` for an int seed)."""
        return self.run.spawn_key

    @property
    def pool_size(self) -> int:
        """The pool size of the run's seed sequence (``run.pool_size``)."""
        return self.run.pool_size

    @property
    def elapsed(self) -> float:
        """Seconds of wall time (``run.elapsed``)."""
        return self.run.elapsed

    @property
    def chunk_log(self) -> ChunkLog:
        """What each chunk gave, for ``resume=`` (``run.chunk_log``)."""
        return self.run.chunk_log

    @property
    def seed_sequence(self) -> np.random.SeedSequence:
        """The run's seed as a :class:`numpy.random.SeedSequence` (what ``rng=`` takes).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36, rng=5).seed_sequence.entropy
        5
        """
        return self.run.seed_sequence

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
        bgsim.engine.errors.EstimateError: no interval named 'luck': choose from equity, win, gammon, backgammon,
        opp_win, opp_gammon, opp_backgammon, draw
        """
        if name == "equity":
            return mean_interval(self.outcome_values, self.outcomes, confidence_level)
        if name not in _PROPORTIONS:
            raise EstimateError(_("no interval named {name}: choose from {join}").format(
                                    name=repr(name), join=', '.join(('equity', *_PROPORTIONS))))
        if name == "draw" and self.draw is None:
            raise EstimateError(_("these rules have no last-roll draw (V4): no draw interval"))
        return wilson_interval(sum(self.outcomes[i] for i in _PROPORTIONS[name]), self.games, confidence_level)

    @property
    def stderr(self) -> float:
        """The standard error of the equity: the sample standard deviation / sqrt(games).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36).stderr   # always a win: no spread
        0.0
        """
        _, sd, n = mean_sd(self.outcome_values, self.outcomes)
        return sd / math.sqrt(n) if n >= 2 else math.nan

    @property
    def games_per_second(self) -> float:
        """Games played per second of wall time (not part of the reproducible result).

        >>> from bgsim import Position
        >>> estimate(Position.from_counts({1: 1}, {1: 1}), games=36).games_per_second > 0
        True
        """
        return self.games / self.elapsed if self.elapsed > 0 else math.nan

    # ------------------------------------------------------------------ data
    def to_dict(self) -> dict[str, Any]:
        """The estimate as JSON-safe data (``json.dumps`` writes it; NaN becomes ``None``).

        Every result field by name: the chances and the equity as ``{value, low, high,
        confidence_level}``, ``outcomes`` with ``outcome_names`` beside them, the counts by
        first roll, the convergence trace, the position, the rules and the setting; then
        ``run``, the bookkeeping that makes the run repeatable (seed, spawn key, pool size,
        chunk size, chunks, stopped, elapsed seconds) without the per-chunk log that
        ``resume=`` reads (resume from the :class:`Estimate` itself); and ``stderr``.

        >>> import json
        >>> from bgsim import Position
        >>> d = json.loads(json.dumps(estimate(Position.from_counts({1: 1}, {1: 1}), games=36, rng=5).to_dict()))
        >>> d["win"]["value"], d["outcomes"][:3], d["outcome_names"][0], d["run"]["seed"], d["run"]["stopped"]
        (1.0, [36, 0, 0], 'win single', 5, False)
        """
        data = {f.name: jsonable(getattr(self, f.name)) for f in fields(self) if f.name != "run"}
        run = self.run
        data["outcome_names"] = list(OUTCOMES)
        data["run"] = {"seed": jsonable(run.seed), "spawn_key": list(run.spawn_key), "pool_size": run.pool_size,
                       "chunk_size": run.chunk_size, "chunks": run.chunks, "stopped": run.stopped,
                       "elapsed": jsonable(run.elapsed)}
        data["stderr"] = jsonable(self.stderr)
        return data

    # ------------------------------------------------------------------ display
    def strength_text(self) -> str:
        """How strong the players are, measured (:mod:`bgsim.sim.strength`), and that the interval covers
        the dice only, not the players' errors.

        >>> from bgsim import Position
        >>> print(estimate(Position.from_counts({1: 1}, {1: 1}), games=36, player="heuristic").strength_text())
        Player strength: heuristic, -0.633 +- 0.014 points per game against gnubg's 0-ply player (30,000 games);
        the interval above covers the dice only, not the player's errors.
        """
        return strength_note(*self.players)

    def _players_text(self) -> str:
        me, opp = self.players
        if me == opp:
            return _("players: {me} vs {opp}").format(me=me, opp=opp)
        return _("players: {me} (on roll) vs {opp}").format(me=me, opp=opp)

    def _dependence_text(self) -> str:
        """The note that the numbers depend on who played, with what each player is."""
        def described(name: str) -> str:   # a custom player's label says what it is already
            return name if name.endswith(PYTHON_SUFFIX) else f"{name} ({describe_player(name)})"

        me, opp = self.players
        if me == opp:
            who = (_("{me} vs {opp}").format(me=me, opp=opp)
                   + ("" if me.endswith(PYTHON_SUFFIX) else f" ({describe_player(me)})"))
        else:
            who = _("{me} vs {opp}").format(me=described(me), opp=described(opp))
        return _("results depend on the players: {who}; see bgsim.sim.montecarlo.PLAYERS").format(who=who)

    def _seed_text(self) -> str:
        seed = _("seed {seed}").format(seed=self.seed)
        return seed + (_(" (spawn key {key})").format(key=self.spawn_key) if self.spawn_key else "")

    def _setting_text(self) -> str:
        parts = self.rules.describe().split("; ")
        setting = "; ".join([parts[0]] + [p for p in parts[1:] if any(
            w in p for w in ("(X3)", "(X1)", "(V4)", "(V5)", "Oin", "Mars"))])   # by rule id: in any language
        if self.away is not None:
            setting += _(", score {me}-away vs {opp}-away").format(me=self.away[0], opp=self.away[1])
            if self.crawford_game:
                setting += _(" (Crawford game)")
        setting += _("; cube {cube}, cubeless play-outs").format(cube=self.cube)
        if self.opening:
            setting += _("; opening roll first")
        return setting

    def _equity_text(self) -> str:
        e = self.equity
        if math.isnan(e.value):
            return _("n/a (no games)")
        if math.isnan(e.half_width):   # one game: no spread to measure, so no interval
            if self.equity_unit == "points per game":
                return _("{value} points per game (one game gives no interval: play two or more)").format(
                    value=f"{e.value:+.4f}")
            return _("{value} match-winning chance (one game gives no interval: play two or more)").format(
                value=f"{e.value:.4f}")
        ci = _("({level}% CI)").format(level=f"{100 * e.confidence_level:g}")
        if self.equity_unit == "points per game":
            return _("{value} +- {half} points per game {ci}").format(
                value=fmt_number(e.value, 4, sign=True), half=fmt_number(e.half_width, 4), ci=ci)
        return _("{value} +- {half} match-winning chance {ci}").format(
            value=fmt_number(e.value, 4), half=fmt_number(e.half_width, 4), ci=ci)

    def _repr_html_(self) -> str:
        """In Jupyter: the table, then the convergence plot (the equity and its 95% band)."""
        from ..draw.svg import convergence  # presentation, imported only to draw

        trace = list(zip(self.trace_games.tolist(), self.trace_equity.tolist(),
                         self.trace_half_width.tolist(), strict=True))
        return self._table().html() + convergence(trace, unit=self.equity_unit)

    def _table(self) -> TextTable:
        title = (_("Monte Carlo estimate: {games} games, {seed}").format(games=fmt_count(self.games),
                                                                          seed=self._seed_text())
                 + (_(" -- STOPPED EARLY") if self.stopped else ""),
                 self._players_text(), self._setting_text())
        rows: list[tuple[str, ...]] = [(_("win"), self.win.percent(), self.opp_win.percent()),
                (_("gammon"), self.gammon.percent(), self.opp_gammon.percent()),
                (_("backgammon"), self.backgammon.percent(), self.opp_backgammon.percent())]
        if self.draw is not None:
            rows.append((_("draw (V4)"), self.draw.percent(), ""))
        rows.append((_("equity"), self._equity_text()))
        notes = (_("note: {note}").format(note=self._dependence_text()),) + (
            (_("note: {note}").format(note=self.note),) if self.note else ()) + (
            self.strength_text(),)
        return TextTable(title=title, header=("", _("player on roll"), _("opponent")), rows=tuple(rows),
                     notes=notes, widths=(10, 26))

    def __repr__(self) -> str:
        return (f"<Estimate {self.games} games, {' vs '.join(self.players)}: win {self.win.value:.4f}, "
                f"equity {self.equity.value:+.4f} +- {self.equity.half_width:.4f}"
                + (", stopped" if self.stopped else "") + ">")


def estimate(position: Position, rules: Rules | None = None, *, games: int = 10_000,
             player: str | Net | tuple[str | Net, str | Net] = DEFAULT_PLAYER,
             rng: int | np.random.SeedSequence | np.random.Generator | None = None, workers: int = 1,
             executor: Executor | None = None, chunk_size: int | None = None, progress: bool | None = None,
             stop: Callable[[], bool] | threading.Event | None = None, cube: int = 1,
             cube_turned: bool | None = None, away: tuple[int, int] | None = None,
             crawford_game: bool | None = None, starter: int | None = None, opening: bool = False,
             resume: Estimate | None = None) -> Estimate:
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
        A :class:`bgsim.sim.net.Net` (or :class:`~bgsim.sim.net.NetPlayer`) plays as ``"net"``
        with its own weights (``Net.from_file(...)``: a network :mod:`bgsim.players.train` made).
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
        ``opening``). Default :data:`DEFAULT_CHUNK_SIZE` (:data:`DEFAULT_PYTHON_CHUNK_SIZE`
        when a side is a Python player), or the previous run's with
        ``resume``. The numbers depend on it: chunk ``k`` depends only on the seed and ``k``.
    progress : bool, optional
        ``True`` shows a tqdm progress bar (terminal or notebook), or a line every few seconds
        when stderr is not a terminal. Default: none.
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

    Examples
    --------
    >>> from bgsim import Position
    >>> from bgsim.game.rules import Rules
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
    bgsim.engine.errors.EstimateError: unknown player 'wizard': choose from random, pubeval, heuristic, net
    """
    t_start = time.perf_counter()
    settings = EstimateSettings.from_arguments(
        position, rules, games=games, player=player, rng=rng, workers=workers, executor=executor,
        chunk_size=chunk_size, progress=progress, stop=stop, cube=cube, cube_turned=cube_turned, away=away,
        crawford_game=crawford_game, starter=starter, opening=opening, resume=resume)
    return _run(settings, t_start)


#: Seconds between two progress lines when stderr is not a terminal (a log file, a pipe, CI).
PROGRESS_INTERVAL = 5.0


class LineProgress:
    """Progress for a log, not a terminal: a plain line on stderr every :data:`PROGRESS_INTERVAL`
    seconds (games done, the rate, the running equity), and a last one at the end if any was
    written. A run shorter than the interval writes nothing. It takes the calls of a tqdm bar
    that :func:`_run` makes (``update``, ``set_postfix_str``, ``close``).

    >>> import io
    >>> out = io.StringIO()
    >>> p = LineProgress(100, interval=0.0, file=out)
    >>> p.update(40); p.set_postfix_str("equity +0.100 +- 0.050"); p.update(60); p.close()
    >>> out.getvalue().splitlines()[-1].split(",")[0]
    'estimate: 100 of 100 games (100%)'
    """

    def __init__(self, total: int, initial: int = 0, *, interval: float | None = None, file=None) -> None:
        import sys

        self.total, self.done = total, initial
        self.interval = PROGRESS_INTERVAL if interval is None else interval
        self.file = file if file is not None else sys.stderr
        self.postfix = ""
        self.start = self.last = time.monotonic()
        self.written = False

    def set_postfix_str(self, text: str, refresh: bool = False) -> None:
        self.postfix = text

    def update(self, n: int) -> None:
        self.done += n
        if time.monotonic() - self.last >= self.interval:
            self._write()

    def _write(self) -> None:
        now = time.monotonic()
        rate = self.done / max(now - self.start, 1e-9)
        line = _("estimate: {done} of {total} games ({share}), {rate} games/s").format(
            done=fmt_count(self.done), total=fmt_count(self.total),
            share=fmt_percent(self.done / max(self.total, 1), 0), rate=fmt_count(round(rate)))
        print(line + (f", {self.postfix}" if self.postfix else ""), file=self.file, flush=True)
        self.last, self.written = now, True

    def close(self) -> None:
        if self.written:
            self._write()


def _in_notebook() -> bool:
    """Whether this runs in a Jupyter kernel (where tqdm draws a widget)."""
    import sys

    if "IPython" not in sys.modules:
        return False
    from IPython import get_ipython

    return type(get_ipython()).__name__ == "ZMQInteractiveShell"


def progress_bar(total: int, initial: int = 0) -> Any:
    """A tqdm bar where one can be drawn (a terminal, a notebook), else :class:`LineProgress`
    (stderr redirected to a file or a pipe: lines a log can keep)."""
    import sys

    if _in_notebook() or getattr(sys.stderr, "isatty", lambda: False)():
        from tqdm.auto import tqdm

        return tqdm(total=total, unit="game", desc="estimate", smoothing=0.05, initial=initial)
    return LineProgress(total, initial)


def _run(settings: EstimateSettings, t_start: float) -> Estimate:
    """Play the chunks ``settings`` asks for (keeping those of the run it resumes) and sum them up."""
    sizes = settings.chunk_sizes
    values = settings.outcome_values
    by_roll, kept = settings.resumed_chunks()

    bar = None
    if settings.progress:
        bar = progress_bar(settings.games, sum(g for _t, _w, g in kept.values()))

    results: dict[int, tuple[np.ndarray, int]] = {}
    running = {"counts": sum((t for t, _w, _g in kept.values()), np.zeros(N_OUTCOMES, dtype=np.int64))}

    def finished(k: int, res: tuple[np.ndarray, int]) -> None:
        results[k] = res
        if bar is not None:
            running["counts"] = running["counts"] + res[0].sum(axis=0)
            e = mean_interval(values, running["counts"])
            spread = "" if math.isnan(e.half_width) else f" +- {e.half_width:.3f}"
            bar.set_postfix_str(f"equity {e.value:+.3f}{spread}", refresh=False)
            bar.update(sizes[k])

    todo = [(k, n) for k, n in enumerate(sizes) if k not in kept]
    stopped = run_chunks(settings.job, todo, finished=finished, workers=settings.workers,
                         executor=settings.executor, stop=settings.stop,
                         cleanup=bar.close if bar is not None else None)

    for k, (c, t) in results.items():
        by_roll = by_roll + c
        kept[k] = (c.sum(axis=0), int(t), sizes[k])
    partial = None                 # a last chunk shorter than chunk_size, for a later resume=
    last = len(sizes) - 1
    if sizes[last] < settings.chunk_size and last in kept:
        if last in results:
            partial = (last, tuple(tuple(int(x) for x in row) for row in results[last][0]))
        elif settings.resume is not None:   # the chunk was played by the run resumed
            partial = settings.resume.chunk_log.partial
    return _summarise(settings, kept, by_roll, partial, stopped, time.perf_counter() - t_start)


def _summarise(settings: EstimateSettings, chunks: dict[int, tuple[np.ndarray, int, int]], by_roll: np.ndarray,
               partial, stopped: bool, elapsed: float) -> Estimate:
    """The estimate from the chunks played (chunk -> outcome totals, turns, games), in chunk order."""
    values = settings.outcome_values
    order = sorted(chunks)
    trace_g, trace_e, trace_h = [], [], []
    total = np.zeros(N_OUTCOMES, dtype=np.int64)
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
    draw = wilson_interval(o[6], n) if settings.rules.last_roll_draw else None
    arrays = [np.array(trace_g, dtype=np.int64), np.array(trace_e), np.array(trace_h), by_roll]
    for a in arrays:
        a.setflags(write=False)
    log = ChunkLog(ids=tuple(order), sizes=tuple(chunks[k][2] for k in order),
                   totals=tuple(tuple(int(x) for x in chunks[k][0]) for k in order),
                   turns=tuple(chunks[k][1] for k in order), partial=partial)
    ss = settings.seed
    run = RunInfo(seed=settings.job.entropy, chunk_size=settings.chunk_size, chunks=len(order), stopped=stopped,
                  elapsed=elapsed, spawn_key=tuple(int(x) for x in ss.spawn_key), pool_size=int(ss.pool_size),
                  chunk_log=log)
    return Estimate(
        games=n, win=win, gammon=gammon, backgammon=backgammon, opp_win=opp_win, opp_gammon=opp_gammon,
        opp_backgammon=opp_backgammon, draw=draw, equity=mean_interval(values, total),
        equity_unit=settings.equity_unit, outcomes=tuple(o), outcome_values=values, by_first_roll=arrays[3],
        first_rolls=settings.first_rolls, trace_games=arrays[0], trace_equity=arrays[1], trace_half_width=arrays[2],
        players=settings.players, position=settings.position, rules=settings.rules, run=run, cube=settings.cube,
        cube_turned=settings.cube_turned, away=settings.away, crawford_game=settings.crawford_game,
        starter=settings.starter, opening=settings.opening, mean_turns=turns / n if n else math.nan,
        note=settings.note)


def describe_player(name: str) -> str:
    """What the player ``name`` (as :attr:`Estimate.players` gives it) is, in a few words.

    >>> describe_player("pubeval")
    "Tesauro's pubeval linear evaluator"
    >>> describe_player("MyBot (custom Python player)")
    'custom (Python): MyBot'
    """
    if name in PLAYER_DESCRIPTIONS:
        return _(PLAYER_DESCRIPTIONS[name])
    if name == "gnubg":
        return _("gnubg's 0-ply network (the optional gnubg-nn package), played in Python")
    if name.endswith(PYTHON_SUFFIX):
        return _("custom (Python): {name}").format(name=name[:-len(PYTHON_SUFFIX)])
    if name.startswith("net"):
        return _("neural network with other weights, see bgsim.players.train")
    return _("unknown player")
