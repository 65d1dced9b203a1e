"""What a Monte Carlo estimate was asked to do, checked once: :class:`EstimateSettings`.

:func:`bgsim.estimate` takes many arguments; :meth:`EstimateSettings.from_arguments`
checks them all (raising :class:`~bgsim.engine.errors.EstimateError`, or
:class:`~bgsim.engine.errors.RuleViolationError` where a rule forbids the setting) and resolves
what they mean: the players' names and compiled codes, the seed as a
:class:`numpy.random.SeedSequence`, the first-roll block, the chunk size, what each result
is worth (points or, in a match, match-winning chances from the score) and the
:class:`~bgsim.sim.playouts.PlayoutJob` every chunk plays. The run then reads only the settings.

>>> from bgsim import Position
>>> s = EstimateSettings.from_arguments(Position.initial(), games=1000, player=("heuristic", "random"), rng=3)
>>> s.players, s.chunk_size, s.chunk_sizes, s.seed.entropy
(('heuristic', 'random'), 1080, [1000], 3)
>>> s.outcome_values, s.equity_unit
((1.0, 2.0, 3.0, -1.0, -2.0, -3.0, 0.0), 'points per game')
>>> EstimateSettings.from_arguments(Position.initial(), chunk_size=100)
Traceback (most recent call last):
...
bgsim.engine.errors.EstimateError: chunk_size must be a positive multiple of 36 (the block of first rolls), not 100
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from ..engine.dice import ALL_ROLLS, OPENING_ROLLS, seed_sequence
from ..engine.errors import EstimateError, RuleViolationError
from ..engine.i18n import _, fmt_count
from ..engine.position import Position
from ..game.rules import ResultKind, Rules
from ..odds.equity import match_equity
from .compiled_players import DEFAULT_PLAYER, PLAYER_CODES, PLAYERS
from .gnubg_player import GnubgPlayer
from .net import Net, NetPlayer
from .playouts import N_OUTCOMES, CallablePlayer, ChunkLog, PlayoutJob, is_python_player, python_label, seed_entropy

__all__ = ["DEFAULT_CHUNK_SIZE", "DEFAULT_PYTHON_CHUNK_SIZE", "EstimateSettings", "Resumable"]

#: Games per chunk: a multiple of 36 and of 30, so every chunk is whole blocks of first rolls.
DEFAULT_CHUNK_SIZE = 1080
#: Games per chunk when a side is a Python player (slower: smaller chunks keep progress and
#: stopping responsive).
DEFAULT_PYTHON_CHUNK_SIZE = 180


@runtime_checkable
class Resumable(Protocol):
    """What ``resume=`` reads of an earlier run: an :class:`~bgsim.sim.montecarlo.Estimate` is one.

    Its settings (to refuse a different run), and its chunks (to keep them).
    """

    @property
    def position(self) -> Position: ...  # pragma: no cover
    @property
    def rules(self) -> Rules: ...  # pragma: no cover
    @property
    def players(self) -> tuple[str, str]: ...  # pragma: no cover
    @property
    def cube(self) -> int: ...  # pragma: no cover
    @property
    def cube_turned(self) -> bool: ...  # pragma: no cover
    @property
    def away(self) -> tuple[int, int] | None: ...  # pragma: no cover
    @property
    def crawford_game(self) -> bool | None: ...  # pragma: no cover
    @property
    def starter(self) -> int: ...  # pragma: no cover
    @property
    def opening(self) -> bool: ...  # pragma: no cover
    @property
    def first_rolls(self) -> tuple[tuple[int, int], ...]: ...  # pragma: no cover
    @property
    def games(self) -> int: ...  # pragma: no cover
    @property
    def by_first_roll(self) -> np.ndarray: ...  # pragma: no cover
    @property
    def seed_sequence(self) -> np.random.SeedSequence: ...  # pragma: no cover
    @property
    def chunk_size(self) -> int: ...  # pragma: no cover
    @property
    def chunks(self) -> int: ...  # pragma: no cover
    @property
    def chunk_log(self) -> ChunkLog: ...  # pragma: no cover


#: The chunks a run keeps from the run it resumes: chunk -> (outcome totals, turns, games).
_Kept = dict[int, tuple[np.ndarray, int, int]]


@dataclass(frozen=True, eq=False)
class EstimateSettings:
    """Everything :func:`bgsim.estimate` was asked, checked and resolved; made by :meth:`from_arguments`.

    ``players`` are the two sides' names as results show them; ``player_codes``, ``nets``
    and ``python_players`` say who plays each side (a compiled player's code and network
    weights, or a Python player, ``None`` for a named side). ``seed`` is the run's seed
    sequence; ``first_rolls`` the block of first rolls every ``len(first_rolls)`` games
    use once each; ``outcome_values`` what each of the 7 results is worth for the side on
    roll, in ``equity_unit``, with ``note`` a remark for the result's table. ``stop`` is
    always a function (never fires when none was given). ``job`` is what every chunk plays.
    """

    position: Position
    rules: Rules
    games: int
    players: tuple[str, str]
    player_codes: tuple[int, int]
    nets: tuple
    python_players: tuple[object, object]
    seed: np.random.SeedSequence
    workers: int
    executor: Executor | None
    chunk_size: int
    progress: bool
    stop: Callable[[], bool]
    cube: int
    cube_turned: bool
    away: tuple[int, int] | None
    crawford_game: bool | None
    starter: int
    opening: bool
    first_rolls: tuple[tuple[int, int], ...]
    outcome_values: tuple[float, ...]
    equity_unit: str
    note: str
    resume: Resumable | None
    job: PlayoutJob

    @property
    def in_python(self) -> bool:
        """True when a side is a Python player (the games run in the Python loop)."""
        return any(p is not None for p in self.python_players)

    @property
    def chunk_sizes(self) -> list[int]:
        """The games of each chunk: ``chunk_size`` each, the last one what is left."""
        return [min(self.chunk_size, self.games - i) for i in range(0, self.games, self.chunk_size)]

    # ------------------------------------------------------------------ checking the arguments
    @classmethod
    def from_arguments(cls, position: Position, rules: Rules | None = None, *, games: int = 10_000,
                       player=DEFAULT_PLAYER, rng=None, workers: int = 1, executor: Executor | None = None,
                       chunk_size: int | None = None, progress: bool | None = None,
                       stop: Callable[[], bool] | threading.Event | None = None, cube: int = 1,
                       cube_turned: bool | None = None, away: tuple[int, int] | None = None,
                       crawford_game: bool | None = None, starter: int | None = None, opening: bool = False,
                       resume: Resumable | None = None) -> EstimateSettings:
        """Check :func:`bgsim.estimate`'s arguments (the same names, the same defaults) and resolve them.

        Raises :class:`~bgsim.engine.errors.EstimateError` or, where a rule forbids a setting,
        :class:`~bgsim.engine.errors.RuleViolationError`, with the messages :func:`bgsim.estimate`
        documents.
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise EstimateError(_("rules must be a bgsim.game.rules.Rules, not {type}").format(
                                    type=type(rules).__name__))
        if not isinstance(position, Position):
            raise EstimateError(_("position must be a bgsim.Position, not {type}").format(
                                    type=type(position).__name__))
        if position.checkers != rules.checkers:
            raise RuleViolationError(
                _("the position has {checkers} checkers a side but the rules' variant {variant} has {checkers2} "
                  "(R2, X3)").format(
                    checkers=position.checkers, variant=repr(rules.variant), checkers2=rules.checkers))
        if resume is not None and not isinstance(resume, Resumable):
            raise EstimateError(_("resume must be an Estimate from an earlier run, not {type}").format(
                                    type=type(resume).__name__))
        names, codes, nets, python = _player_pair(player)
        in_python = any(p is not None for p in python)
        if not _is_int(games) or games < 1:
            raise EstimateError(_("games must be a whole number >= 1, not {games}").format(games=repr(games)))
        if not _is_int(workers) or workers < 1:
            raise EstimateError(_("workers must be a whole number >= 1, not {workers}").format(workers=repr(workers)))
        if executor is not None and not isinstance(executor, Executor):
            raise EstimateError(_("executor must be a concurrent.futures.Executor, not {type}").format(
                                    type=type(executor).__name__))
        if executor is not None and workers != 1:
            raise EstimateError(_("give either workers= or executor=, not both"))
        if starter is None:
            starter = position.turn
        if isinstance(starter, bool) or starter not in (0, 1):
            raise EstimateError(_("starter must be player 0 or 1, not {starter} (V4)").format(starter=repr(starter)))
        if not _is_int(cube) or cube < 1 or cube & (cube - 1):
            raise RuleViolationError(_("a cube value is 1, 2, 4, 8, ... not {cube} (R24, R26)").format(
                                         cube=repr(cube)))
        for name, flag in (("cube_turned", cube_turned), ("crawford_game", crawford_game), ("opening", opening),
                           ("progress", progress)):
            if flag is not None and not isinstance(flag, (bool, np.bool_)):
                raise EstimateError(_("{name} must be True or False, not {flag}").format(name=name, flag=repr(flag)))
        if cube_turned is None:
            cube_turned = cube > 1
        stop_fn = _stop_function(stop)
        away, crawford_game = _match_score(rules, int(cube), away, crawford_game)
        values, unit, note = _outcome_values(rules, int(cube), bool(cube_turned), away)

        # first rolls: every block of m games uses each exactly once
        rolls = tuple(OPENING_ROLLS if opening and rules.opening == "standard" else ALL_ROLLS)
        m = len(rolls)
        if chunk_size is None:
            if resume is not None:
                chunk_size = resume.chunk_size
            else:
                chunk_size = DEFAULT_PYTHON_CHUNK_SIZE if in_python else DEFAULT_CHUNK_SIZE
        if not _is_int(chunk_size) or chunk_size < m or chunk_size % m:
            raise EstimateError(_("chunk_size must be a positive multiple of {m} (the block of first rolls), not "
                                  "{chunk_size}").format(m=m, chunk_size=repr(chunk_size)))
        ss = resume.seed_sequence if rng is None and resume is not None else _seed_sequence(rng)
        job = PlayoutJob.create(position, rules, rolls, codes, int(starter), ss, nets=nets, python=python)
        settings = cls(position=position, rules=rules, games=int(games), players=names, player_codes=codes,
                       nets=nets, python_players=python, seed=ss, workers=int(workers), executor=executor,
                       chunk_size=int(chunk_size), progress=bool(progress), stop=stop_fn, cube=int(cube),
                       cube_turned=bool(cube_turned), away=away, crawford_game=crawford_game, starter=int(starter),
                       opening=bool(opening), first_rolls=rolls, outcome_values=tuple(float(v) for v in values),
                       equity_unit=unit, note=note, resume=resume, job=job)
        kept: _Kept = {}
        if resume is not None:
            settings._check_resume(resume)
            kept = settings.resumed_chunks()[1]
        todo = any(k not in kept for k in range(len(settings.chunk_sizes)))
        parallel = workers > 1 or (executor is not None and not isinstance(executor, ThreadPoolExecutor))
        if in_python and todo and parallel:
            settings._check_picklable()   # threads share the players; processes and clusters get pickled copies
        return settings

    def _check_picklable(self) -> None:
        """Python players travel to worker processes by pickle: say clearly when they cannot."""
        for p, name in zip(self.python_players, self.players, strict=True):
            if p is None:
                continue
            try:
                pickle.dumps(p)
            except Exception as exc:   # pickling can fail with almost any exception
                raise EstimateError(
                    _("workers= and executor= send the players to other processes, but the Python player {name} "
                      "({p}) cannot be pickled ({type}: {exc}); use workers=1 (this process), or a player "
                      "defined at module level (not a lambda or a local function)").format(
                        name=name, p=repr(p), type=type(exc).__name__, exc=exc)) from None

    def _check_resume(self, prev: Resumable) -> None:
        """Raise EstimateError naming every setting in which this run differs from ``prev``."""
        ss, mine = prev.seed_sequence, self.seed
        wanted: dict[str, tuple] = {
            "position": (prev.position, self.position), "rules": (prev.rules, self.rules),
            "player": (prev.players, self.players), "chunk_size": (prev.chunk_size, self.chunk_size),
            "rng": ((seed_entropy(ss), tuple(ss.spawn_key), ss.pool_size),
                    (seed_entropy(mine), tuple(int(x) for x in mine.spawn_key), int(mine.pool_size))),
            "cube": (prev.cube, self.cube), "cube_turned": (prev.cube_turned, self.cube_turned),
            "away": (prev.away, self.away), "crawford_game": (prev.crawford_game, self.crawford_game),
            "starter": (prev.starter, self.starter), "opening": (prev.opening, self.opening),
            "first rolls": (prev.first_rolls, self.first_rolls)}
        differ = [name for name, (a, b) in wanted.items() if a != b]
        if differ:
            raise EstimateError(_("resume= continues an earlier run with the same settings; this call differs in: "
                                  "{join}").format(join=', '.join(differ)))

    def resumed_chunks(self) -> tuple[np.ndarray, _Kept]:
        """What this run keeps of the run it resumes: the outcome counts by first roll of the
        chunks kept, and chunk -> (outcome totals, turns, games). Nothing without ``resume``.

        A chunk the previous run played only in part (its last, shorter one) is not kept: this
        run plays it again in full.
        """
        prev = self.resume
        if prev is None:
            return np.zeros((len(self.first_rolls), N_OUTCOMES), dtype=np.int64), {}
        log = prev.chunk_log
        if len(log.ids) != prev.chunks or sum(log.sizes) != prev.games:
            raise EstimateError(_("resume= needs an Estimate made by estimate() (its chunk record is missing)"))
        sizes = self.chunk_sizes
        by_roll = np.array(prev.by_first_roll, dtype=np.int64)
        kept: _Kept = {}
        need = max((k * prev.chunk_size + n for k, n in zip(log.ids, log.sizes, strict=True)), default=0)
        if sum(sizes) < need:
            raise EstimateError(_("resume= continues a run that played up to game {need}: give games= at least "
                                  "{need} (the total, not the games to add)").format(need=fmt_count(need)))
        for k, n, totals, turns in zip(log.ids, log.sizes, log.totals, log.turns, strict=True):
            if n != sizes[k]:      # the previous run's last chunk, played in part: play it again in full
                if log.partial is None or log.partial[0] != k:  # pragma: no cover - only that one is short
                    raise EstimateError(_("resume=: the previous run's chunks do not fit this one"))
                by_roll -= np.array(log.partial[1], dtype=np.int64)
                continue
            kept[k] = (np.array(totals, dtype=np.int64), int(turns), int(n))
        return by_roll, kept


# ============================================================================================
# Helpers of the checks
# ============================================================================================


def _is_int(x) -> bool:
    return isinstance(x, (int, np.integer)) and not isinstance(x, bool)


def _player_pair(player) -> tuple[tuple[str, str], tuple[int, int], tuple, tuple[object, object]]:
    """Names, compiled player codes, network weights and Python players of (side on roll, opponent).

    A side played by a Python object has code -1 and its object in the last tuple (the
    others ``None``); a name or a Net has its compiled code and ``None`` there.
    """
    pair: tuple[object, ...]
    if isinstance(player, (str, Net, NetPlayer)) or is_python_player(player):
        pair = (player, player)
    else:
        try:
            pair = tuple(player)
        except TypeError:
            pair = ()
        if len(pair) != 2:
            raise EstimateError(_("player must be a name from {join}, a bgsim.sim.net.Net, a player object (with "
                                  "choose_play), or a pair of them, not {player}").format(
                                    join=', '.join(PLAYERS), player=repr(player)))
    names: list[str] = []
    codes: list[int] = []
    nets: list = []
    python: list = []
    for p in pair:
        if isinstance(p, NetPlayer) and type(p).choose_play is NetPlayer.choose_play:
            p = p.net       # the compiled "net" plays exactly as NetPlayer does, much faster
        if isinstance(p, Net):
            names.append(p.name)
            codes.append(PLAYER_CODES["net"])
            nets.append(None if p.name == "net" else p.play_arrays())
            python.append(None)
            continue
        if isinstance(p, GnubgPlayer):
            names.append("gnubg")
            codes.append(-1)
            nets.append(None)
            python.append(p)
            continue
        if not isinstance(p, str):
            if isinstance(p, type):
                raise EstimateError(_("a player is an object, not a class: give {type}(), not {type}").format(
                                        type=p.__name__))
            if not is_python_player(p):
                raise EstimateError(_("a player is a name from {join}, a bgsim.sim.net.Net, an object with "
                                      "choose_play(position, dice, plays) or a function f(position, dice, plays) "
                                      "-> Play, not {p}").format(join=', '.join(PLAYERS), p=repr(p)))
            if not callable(getattr(p, "choose_play", None)):
                assert callable(p)   # is_python_player: a plain function f(position, dice, plays)
                p = CallablePlayer(p)
            names.append(python_label(p))
            codes.append(-1)
            nets.append(None)
            python.append(p)
            continue
        name = p.strip().lower()
        if name == "gnubg":   # gnubg's 0-ply network (optional extra), a Python player
            names.append("gnubg")
            codes.append(-1)
            nets.append(None)
            python.append(GnubgPlayer())
            continue
        if name not in PLAYER_CODES:
            raise EstimateError(_("unknown player {name}: choose from {join}").format(
                                    name=repr(name), join=', '.join(PLAYERS)))
        names.append(name)
        codes.append(PLAYER_CODES[name])
        nets.append(None)
        python.append(None)
    return (names[0], names[1]), (codes[0], codes[1]), (nets[0], nets[1]), (python[0], python[1])


def _stop_function(stop) -> Callable[[], bool]:
    if stop is None:
        return lambda: False
    if hasattr(stop, "is_set"):
        return stop.is_set
    if callable(stop):
        return lambda: bool(stop())
    raise EstimateError(_("stop must be a callable or a threading.Event, not {type}").format(
                            type=type(stop).__name__))


def _seed_sequence(rng) -> np.random.SeedSequence:
    """The run's :class:`numpy.random.SeedSequence` from what ``rng=`` was given
    (:func:`bgsim.engine.dice.seed_sequence`)."""
    return seed_sequence(rng, EstimateError)


def _match_score(rules: Rules, cube: int, away, crawford_game) -> tuple[tuple[int, int] | None, bool | None]:
    """The match score ``away`` and whether this is the Crawford game, checked (R27, R28)."""
    if rules.is_match:
        if away is None:
            away = (rules.match_length, rules.match_length)
        try:
            pair = tuple(away)
        except TypeError:
            pair = ()
        if len(pair) != 2 or not all(_is_int(x) and 1 <= x <= rules.match_length for x in pair):
            raise RuleViolationError(
                _("away must be two whole numbers of points still needed, 1 to {match_length} in a "
                  "{match_length}-point match, not {away} (R27)").format(
                    match_length=rules.match_length, away=repr(away)))
        away = (int(pair[0]), int(pair[1]))
        one_away = (away[0] == 1) != (away[1] == 1)
        if crawford_game is None:
            crawford_game = one_away and rules.crawford
        elif crawford_game and not (one_away and rules.crawford):
            raise RuleViolationError(_("the Crawford game (R28) needs the Crawford rule and exactly one player "
                                       "1-away"))
        if crawford_game and cube != 1:
            raise RuleViolationError(_("the cube stays at 1 in the Crawford game (R28)"))
    elif away is not None or crawford_game is not None:
        raise RuleViolationError(_("away= and crawford_game= belong to match play (R27, R28); these rules are "
                                   "money play"))
    return away, crawford_game


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
