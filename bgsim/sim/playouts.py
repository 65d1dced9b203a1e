"""Play-outs: one chunk of games from a start position, counted by first roll and result.

:func:`bgsim.estimate` plays its games in chunks; a :class:`PlayoutJob` holds all a chunk
needs (the start, the rules' flags, the first-roll block, the players, the run's seed), so
a chunk runs the same in this process, a worker process or a cluster, and chunk ``k``
depends only on the seed and ``k``. :func:`play_chunk` plays chunk ``k``: in compiled code
(:mod:`bgsim.sim._mc_kernel`) when both sides are named players, else in a Python loop that
replays the compiled one step for step (the same dice, first-roll blocks, V4 final roll
and R23 counting), asking each Python player to choose among
:meth:`bgsim.Position.legal_plays`.

The counts are ``counts[i, o]``: games whose first roll was ``first_rolls[i]`` that ended in
outcome ``o`` (:data:`OUTCOMES`: the side on roll wins single, gammon, backgammon, loses
single, gammon, backgammon, or a last-roll draw, V4).

>>> from bgsim import Position
>>> from bgsim.engine.dice import ALL_ROLLS
>>> from bgsim.sim.compiled_players import PLAYER_CODES
>>> from bgsim.game.rules import Rules
>>> heuristic = PLAYER_CODES["heuristic"]
>>> job = PlayoutJob.create(Position.from_counts({1: 1}, {2: 1}), Rules(), ALL_ROLLS,
...                         players=(heuristic, heuristic), starter=0, seed=np.random.SeedSequence(1))
>>> counts, turns = play_chunk(job, 0, 72)
>>> counts.sum(axis=0).tolist(), turns     # one roll bears my checker off, every game (R17)
([72, 0, 0, 0, 0, 0, 0], 72)
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..engine import _kernel
from ..engine._random_kernel import uniform
from ..engine.errors import EngineLimitError, EstimateError, _ChunkStopped
from ..engine.plays import Play
from ..engine.position import Position
from ..engine.variants import Variant
from ..game.rules import Rules
from . import _mc_kernel as _k
from .compiled_players import NO_BEAROFF, net_args, pubeval_tables
from .net import BINOM, Net, bearoff_expected

__all__ = ["N_OUTCOMES", "OUTCOMES", "PYTHON_SUFFIX", "CallablePlayer", "ChunkLog", "PlayoutJob", "is_python_player",
           "play_chunk", "python_label", "seed_entropy", "warm"]

#: The results a game is counted in, in the order of the counts' columns.
OUTCOMES = ("win single", "win gammon", "win backgammon", "lose single", "lose gammon", "lose backgammon", "draw")
N_OUTCOMES = _k.N_OUTCOMES
assert len(OUTCOMES) == N_OUTCOMES

#: The label of a Python player (in ``Estimate.players``, in messages) ends with this.
PYTHON_SUFFIX = " (custom Python player)"


# ============================================================================================
# Python players
# ============================================================================================

class CallablePlayer:
    """A plain function ``f(position, dice, plays) -> Play`` as a player (picklable when ``f`` is).

    >>> def first(position, dice, plays):
    ...     return plays[0]
    >>> CallablePlayer(first), CallablePlayer(first).label
    (<player first>, 'first')
    """

    def __init__(self, fn: Callable) -> None:
        self.fn = fn

    def choose_play(self, game_or_pos, dice, plays):
        """What the function chooses."""
        return self.fn(game_or_pos, dice, plays)

    @property
    def label(self) -> str:
        """The function's name."""
        return getattr(self.fn, "__name__", None) or type(self.fn).__name__

    def __repr__(self) -> str:
        return f"<player {self.label}>"


def is_python_player(p) -> bool:
    """True for an object with ``choose_play``, or a function that is not a name or a network.

    >>> is_python_player(lambda position, dice, plays: plays[0]), is_python_player("net")
    (True, False)
    """
    return callable(getattr(p, "choose_play", None)) or (callable(p) and not isinstance(p, (str, Net)))


def python_label(p) -> str:
    """How results and messages name the Python player ``p``: its class (or function) and a suffix.

    >>> python_label(CallablePlayer(len))
    'len (custom Python player)'
    """
    name = p.label if isinstance(p, CallablePlayer) else type(p).__name__
    return name + PYTHON_SUFFIX


# ============================================================================================
# The job
# ============================================================================================


@dataclass(frozen=True)
class PlayoutJob:
    """Everything a chunk of play-outs needs; it travels to worker processes by pickle.

    Made by :meth:`create`. ``players`` are the compiled players' codes of the side on roll
    and its opponent (:data:`bgsim.sim.compiled_players.PLAYER_CODES`; -1 for a Python player,
    which is then in ``python``).
    """

    start: np.ndarray           # int8[2, 26], side 0 on roll
    checkers: int
    variant: Variant            # the rules' variant: its step rules are the kernel's flags
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

    @property
    def flags(self) -> int:
        """The compiled kernel's flags for the variant's step rules (V5: ``_kernel.FLAG_CAUCASIAN``)."""
        return self.variant.kernel_flags

    @classmethod
    def create(cls, position: Position, rules: Rules, first_rolls: Sequence[tuple[int, int]],
               players: tuple[int, int], starter: int, seed: np.random.SeedSequence,
               nets: tuple = (None, None), python: tuple[object, object] | None = None) -> PlayoutJob:
        """The job of games from ``position`` under ``rules``: the first roll of each block of
        ``len(first_rolls)`` games is each of ``first_rolls`` once; ``starter`` (player 0 or 1)
        started the game (V4); chunk ``k`` draws from the ``k``-th child of ``seed``.
        ``python``, when a side is a Python player, gives both sides' Python players (``None``
        for a named side)."""
        in_python = python is not None and any(p is not None for p in python)
        return cls(start=position.to_array(), checkers=rules.checkers,
                   variant=rules.engine_variant,
                   first_rolls=np.array(first_rolls, dtype=np.int64), players=players, nets=nets,
                   python=python if in_python else None, position=position,
                   starter0=(starter == position.turn), last_roll_draw=rules.last_roll_draw,
                   entropy=seed_entropy(seed), spawn_key=tuple(int(x) for x in seed.spawn_key),
                   pool_size=int(seed.pool_size))


def seed_entropy(ss: np.random.SeedSequence) -> int | tuple[int, ...]:
    """The entropy of a seed sequence as plain ints (what ``Estimate.seed`` records).

    >>> seed_entropy(np.random.SeedSequence(5)), seed_entropy(np.random.SeedSequence([1, 2]))
    (5, (1, 2))
    """
    e = ss.entropy
    assert e is not None   # a SeedSequence made without entropy draws its own
    return int(e) if isinstance(e, (int, np.integer)) else tuple(int(x) for x in e)


@dataclass(frozen=True)
class ChunkLog:
    """Which chunks a run played and what each gave: what ``resume=`` needs to go on.

    ``ids`` are the chunk numbers played (sorted), ``sizes`` their games, ``totals`` their
    outcome counts (one row of 7 per chunk), ``turns`` their turns played. ``partial`` is
    ``(id, counts by first roll)`` of a chunk shorter than the chunk size (the last one of
    a run), which a longer run plays in full. All plain tuples: a log compares and hashes
    as a value.
    """

    ids: tuple[int, ...] = ()
    sizes: tuple[int, ...] = ()
    totals: tuple[tuple[int, ...], ...] = ()
    turns: tuple[int, ...] = ()
    partial: tuple[int, tuple[tuple[int, ...], ...]] | None = None


# ============================================================================================
# Tables the compiled players need (once per process)
# ============================================================================================

_LOCAL = threading.local()


def _workspace() -> _kernel.Workspace:
    ws = getattr(_LOCAL, "ws", None)
    if ws is None:
        ws = _LOCAL.ws = _kernel.Workspace()
    return ws


def _chunk_tables(job: PlayoutJob, k: int):
    """What chunk ``k``'s compiled choices need: pubeval's tables, the bear-off expectations
    (when a side uses them), each side's network and the chunk's random state (its own child
    of the run's seed, so a chunk depends only on the seed and ``k``)."""
    ptab, pbar, poff = pubeval_tables()
    uses_bearoff = _k.PLAYER_HEURISTIC in job.players or _k.PLAYER_NET in job.players
    bo = bearoff_expected() if uses_bearoff else NO_BEAROFF
    nets = [net_args(code, weights) for code, weights in zip(job.players, job.nets, strict=True)]
    child = np.random.SeedSequence(job.entropy, spawn_key=(*job.spawn_key, k), pool_size=job.pool_size)
    return ptab, pbar, poff, bo, nets, child.generate_state(4, np.uint64)


# ============================================================================================
# One chunk (runs in a worker: everything it needs travels in the job)
# ============================================================================================


def play_chunk(job: PlayoutJob, k: int, n: int, stop: Callable[[], bool] | None = None) -> tuple[np.ndarray, int]:
    """Play chunk ``k`` (``n`` games): outcome counts by first roll (``int64[m, 7]``) and the turns played.

    ``stop`` is checked between games of the Python loop (a chunk stopped in the middle
    raises the private ``_ChunkStopped``: its games are dropped); the compiled loop runs a
    chunk to its end.
    """
    if job.python is not None:
        return _play_chunk_python(job, k, n, stop)
    ptab, pbar, poff, bo, nets, state = _chunk_tables(job, k)
    counts = np.zeros((job.first_rolls.shape[0], _k.N_OUTCOMES), dtype=np.int64)
    turns = _k.play_games(job.start, job.checkers, job.flags, job.first_rolls, n, state,
                          job.players[0], job.players[1], job.starter0, job.last_roll_draw,
                          ptab, pbar, poff, bo, BINOM, nets[0], nets[1], counts, *_workspace().arrays())
    return counts, int(turns)


def warm(job: PlayoutJob) -> None:
    """Load the tables and the compiled loop in this process (before forking workers)."""
    play_chunk(job, 0, 0)


def _chunk_player(p, job: PlayoutJob, k: int, side: int):
    """The Python player of ``side`` for chunk ``k``. A player holding a numpy Generator in
    ``rng`` (as :class:`bgsim.game.drive.RandomPlayer` does) plays the chunk as a copy whose
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


def _play_chunk_python(job: PlayoutJob, k: int, n: int, stop_fn) -> tuple[np.ndarray, int]:
    """:func:`play_chunk` with Python players: the same games as the compiled loop
    (``_mc_kernel.play_chunk``) step for step -- the same dice stream, first-roll blocks,
    V4 final roll and R23 outcome counting -- with each Python side asked to choose among
    :meth:`Position.legal_plays` (same order as the compiled results) and each named side
    choosing in compiled code as it does there. So when the Python players choose as the
    compiled ones do, the counts are identical."""
    assert job.python is not None and job.position is not None
    ptab, pbar, poff, bo, nets, state = _chunk_tables(job, k)
    players = [_chunk_player(p, job, k, side) for side, p in enumerate(job.python)]
    labels = [f"{python_label(p)} ({'side on roll' if side == 0 else 'opponent'})" if p is not None else ""
              for side, p in enumerate(job.python)]
    ws = _workspace()
    variant = job.variant
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
                raise EngineLimitError("a game ran past MAX_TURNS turns")
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
                plays = pos.legal_plays(dice, variant=variant)
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
