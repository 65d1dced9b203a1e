"""The ``"net"`` player: a small neural network trained here (TD(lambda) self-play, then
distillation of its own judgement one roll deeper, :mod:`bgsim.players.train`).

The weights ship with bgsim (``bgsim/data/net-weights.npz``), with the training log
(``bgsim/data/net-training-log.tsv``); :mod:`bgsim.players.train` made them and can make them
again (the commands and seeds are stored with the weights). The compiled evaluator is in
:mod:`bgsim.sim._net_kernel`, the judgement one roll deeper (``plies=1``) in :mod:`bgsim.sim._net_ply`.

**Plies.** At 0-ply (the default, and the ``"net"`` player of every play-out) the network
judges a position directly. At 1-ply it looks one roll deeper: each of the opponent's 21
rolls (R3) answered by the play the network would make, the results judged and averaged
(1/36 for a double, 2/36 for any other roll). 1-ply is stronger and about fifty times
slower; the hint and the :class:`NetPlayer` take ``plies=1`` where a person waits for one
answer, never inside a Monte Carlo run.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from importlib import resources
from math import comb
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ..engine import _kernel
from ..engine.errors import IllegalPlayError, InvalidPositionError, InvalidSettingError, WeightsError
from ..engine.plays import Play
from ..engine.position import Position
from ..odds import bearoff
from ..odds import bearoff as _bearoff
from ..odds.equity import DEFAULT_CUBE_LIFE
from . import _net_kernel as nk
from . import _net_ply as ply
from . import net_cube

__all__ = ["WEIGHTS_FILE", "Net", "NetEvaluation", "NetPlayer", "consistent", "load_weights", "read_weights_file",
           "save_weights", "shipped_weights"]

WEIGHTS_FILE = "net-weights.npz"
_KEYS = ("w1", "b1", "w2", "b2")


def save_weights(path: str | Path, weights: dict[str, np.ndarray], meta: dict) -> None:
    """Write ``weights`` (w1, b1, w2, b2) and ``meta`` (JSON) to an ``.npz`` file, atomically."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp.npz")
    w1, b1, w2, b2 = (np.asarray(weights[k], dtype=np.float64) for k in _KEYS)
    np.savez(tmp, w1=w1, b1=b1, w2=w2, b2=b2, meta=np.array(json.dumps(meta)))
    tmp.replace(path)


def read_weights_file(path: str | Path | None = None) -> tuple[dict[str, np.ndarray], dict]:
    """The arrays and metadata of a weights file as stored, whatever its input layout
    (:func:`load_weights` checks the layout; :mod:`bgsim.players.train` extends older layouts)."""
    try:
        if path is None:
            with resources.files("bgsim.data").joinpath(WEIGHTS_FILE).open("rb") as f:
                data = np.load(f, allow_pickle=False)
                arrays = {k: np.array(data[k]) for k in (*_KEYS, "meta")}
        else:
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: np.array(data[k]) for k in (*_KEYS, "meta")}
    except (OSError, KeyError, ValueError) as exc:
        raise WeightsError(f"cannot read network weights from {path or WEIGHTS_FILE}: {exc}") from exc
    meta = json.loads(str(arrays.pop("meta")))
    return {k: np.ascontiguousarray(arrays[k], dtype=np.float64) for k in _KEYS}, meta


def input_layout(weights: dict[str, np.ndarray], meta: dict) -> str | None:
    """The input layout of weights: their record's, else the layout with their number of inputs."""
    layout = meta.get("input_layout")
    if layout is None:
        n = weights["w1"].shape[0] if weights["w1"].ndim == 2 else -1
        layout = next((name for name, k in nk.LAYOUT_INPUTS.items() if k == n), None)
    return layout


def load_weights(path: str | Path | None = None) -> tuple[dict[str, np.ndarray], dict]:
    """The network's weights and their metadata (the shipped ones when ``path`` is None).

    Refuses (:class:`~bgsim.engine.errors.WeightsError`) weights made for another input layout
    (``meta["input_layout"]``; for files without it, the layout whose number of inputs they have):
    such a network would read the wrong inputs. ``python -m bgsim.players.train --init FILE`` extends
    older weights to this layout.
    """
    weights, meta = read_weights_file(path)
    w1 = weights["w1"]
    layout = input_layout(weights, meta)
    if layout is not None and layout != nk.INPUT_LAYOUT:
        raise WeightsError(f"network weights {path or WEIGHTS_FILE} are for input layout {layout!r}; this bgsim's "
                           f"network reads layout {nk.INPUT_LAYOUT!r} ({nk.N_INPUTS} inputs): retrain, or extend "
                           f"them with python -m bgsim.players.train --init FILE")
    if w1.ndim != 2 or w1.shape[0] != nk.N_INPUTS:
        raise WeightsError(f"network weights have {w1.shape[0] if w1.ndim == 2 else '?'} inputs, "
                           f"this bgsim's network has {nk.N_INPUTS}")
    return weights, meta


# ============================================================================================
# The shipped network, loaded once per process
# ============================================================================================

_LOCK = threading.Lock()
_SHIPPED: tuple[dict[str, np.ndarray], dict] | None = None
_BEAROFF: np.ndarray | None = None
_SHIPPED_PLAY: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
#: Binomial coefficients for the bear-off database's perfect index (shared with the compiled players).
BINOM = np.array([[comb(n, k) for k in range(7)] for n in range(22)], dtype=np.int64)


def shipped_weights() -> tuple[dict[str, np.ndarray], dict]:
    """The weights that ship with bgsim and their metadata (loaded once, then shared)."""
    global _SHIPPED
    with _LOCK:
        if _SHIPPED is None:
            _SHIPPED = load_weights()
        return _SHIPPED


def shipped_play_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The shipped weights as the players choose with them (float32, made once, then shared)."""
    global _SHIPPED_PLAY
    w = shipped_weights()[0]
    with _LOCK:
        if _SHIPPED_PLAY is None:
            _SHIPPED_PLAY = nk.play_arrays(*(w[k] for k in _KEYS))
        return _SHIPPED_PLAY


def bearoff_expected() -> np.ndarray:
    """Expected rolls to bear off, per perfect index of a home board (one-sided database)."""
    global _BEAROFF
    with _LOCK:
        if _BEAROFF is None:
            _BEAROFF = np.ascontiguousarray(bearoff.one_sided().expected_rolls_table(), dtype=np.float64)
        return _BEAROFF


class NetEvaluation(NamedTuple):
    """The network's estimate for the side on roll, before it rolls (cubeless, R23).

    ``win`` counts every win; ``win_gammon`` the wins of a gammon or more, and so on.
    """

    win: float
    win_gammon: float
    win_backgammon: float
    lose_gammon: float
    lose_backgammon: float

    @property
    def lose(self) -> float:
        """Chance that the side on roll loses (1 - win)."""
        return 1.0 - self.win

    @property
    def equity(self) -> float:
        """Cubeless money equity in points per game: a gammon counts 2, a backgammon 3."""
        return (2.0 * self.win - 1.0 + self.win_gammon - self.lose_gammon
                + self.win_backgammon - self.lose_backgammon)


def consistent(values: Sequence[float] | np.ndarray, position: Position | None = None) -> NetEvaluation:
    """Five chances of the side on roll (win, win gammon, win backgammon, lose gammon, lose
    backgammon) made consistent, as every evaluation that leaves the network is.

    The network's five sigmoid outputs are learned separately, so in positions it rarely saw
    (a closed board, many checkers on the bar) a gammon can come out likelier than the win it
    is part of. The counts are nested (R23: every backgammon is a gammon, every gammon a win),
    so: each chance between 0 and 1, ``win_backgammon <= win_gammon <= win`` and
    ``lose_backgammon <= lose_gammon <= 1 - win``. A side with a checker borne off can no
    longer lose a gammon (R23), so with ``position`` those chances are 0. An average of
    consistent chances (the 1-ply evaluation) stays consistent.

    >>> consistent((0.653, 0.839, 0.023, 0.121, 0.001))
    NetEvaluation(win=0.653, win_gammon=0.653, win_backgammon=0.023, lose_gammon=0.121, lose_backgammon=0.001)
    >>> consistent((1.02, 0.3, 0.4, 0.1, 0.0)).win_backgammon
    0.3
    """
    w, wg, wb, lg, lb = (float(v) for v in values)
    on_roll_off = position is not None and position.off[0] > 0
    other_off = position is not None and position.off[1] > 0
    return NetEvaluation(*nk.consistent_chances(w, wg, wb, lg, lb, on_roll_off, other_off))


class Net:
    """A trained network: evaluates positions and chooses plays (the ``"net"`` player's brain).

    ``Net()`` is the network that ships with bgsim; ``Net.from_file(path)`` one that
    :mod:`bgsim.players.train` wrote.

    >>> from bgsim import Position
    >>> net = Net()
    >>> e = net.evaluate(Position.initial())
    >>> 0.4 < e.win < 0.6 and abs(e.equity) < 0.2
    True
    """

    def __init__(self, weights: dict[str, np.ndarray] | None = None, meta: dict | None = None, *,
                 name: str | None = None) -> None:
        #: How results label this network: ``"net"`` for the shipped one.
        self.name = "net" if weights is None else (name or "net (custom weights)")
        if weights is None:
            weights, meta = shipped_weights()
        self.w1, self.b1, self.w2, self.b2 = (weights[k] for k in _KEYS)
        self.meta = dict(meta or {})
        h = self.b1.shape[0]
        if self.w1.shape != (nk.N_INPUTS, h) or self.w2.shape != (nk.N_OUTPUTS, h) or self.b2.shape != (5,):
            raise WeightsError("network weights of inconsistent shapes")
        shipped = weights is shipped_weights()[0]
        self._play = shipped_play_arrays() if shipped else nk.play_arrays(self.w1, self.b1, self.w2, self.b2)

    @classmethod
    def from_file(cls, path: str | Path) -> Net:
        """A network saved by :mod:`bgsim.players.train`."""
        weights, meta = load_weights(path)
        return cls(weights, meta, name=f"net ({Path(path).name})")

    @property
    def hidden(self) -> int:
        """Hidden units."""
        return int(self.b1.shape[0])

    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(w1, b1, w2, b2)`` for the compiled code, float64 (the weights as trained)."""
        return self.w1, self.b1, self.w2, self.b2

    def play_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(w1, b1, w2, b2)`` as the players choose with them: float32
        (:func:`bgsim.sim._net_kernel.play_arrays`)."""
        return self._play

    def evaluate(self, position: Position, plies: int = 0, *, bearoff: bool = True) -> NetEvaluation:
        """The network's estimate for the side on roll in ``position`` (before the roll), made
        :func:`consistent` (a gammon never likelier than the win, R23).

        Where exact is known the network is not asked: when both sides are bearing off with
        contact over (``bearoff=True``, the default), the chances come from the bear-off
        databases (:func:`bgsim.odds.bearoff.race_chances`: the two-sided table, exact, up to 6
        checkers a side; else the one-sided distributions), at any ``plies``.

        ``plies=1``: one roll deeper (see the module notes): the average over the 21 rolls
        of the network's estimate after the play it would make (a play that bears off the
        last checker counts its exact result, R22-R23).

        >>> from bgsim import Position
        >>> race = Position.from_counts({6: 1, 5: 1}, {1: 1})   # bear off both now, or lose
        >>> round(Net().evaluate(race, plies=1).win * 36, 1)     # 6-5, 6-6, 5-5, 4-4, 3-3
        6.0
        """
        if position.is_game_over():
            raise InvalidPositionError("the game is over: there is nothing to estimate")
        _check_plies(plies)
        if bearoff:
            known = _bearoff.race_chances(position)
            if known is not None:
                return NetEvaluation(*known[:5])
        if plies == 1:   # the plays chosen as the player chooses them (float32), averaged in float64
            scratch = ply.scratch_arrays(self._play[1])
            ply.ply1_outputs(position.to_array(), position.checkers, *self._play,  # type: ignore[call-arg]
                             _bearoff_for(position.checkers), BINOM, nk.HIT_MASKS, *_workspace().arrays(), *scratch)
            return consistent(scratch[-1], position)
        idx = np.zeros(nk.MAX_NONZERO, dtype=np.int64)
        out = np.zeros(nk.N_OUTPUTS)
        val = np.zeros(nk.MAX_NONZERO)
        hidden = np.zeros(self.hidden)
        nz = nk.encode(position.to_array(), 0, idx, val, nk.HIT_MASKS)
        nk.forward(idx, val, nz, self.w1, self.b1, self.w2, self.b2, hidden, out)
        return consistent(out, position)

    def choose_index(self, position: Position, results: Sequence[Position], plies: int = 0) -> int:
        """Index of the play the network picks, given the position each play leads to.

        ``results[k]`` is the position after play ``k`` (the opponent on roll), as
        :attr:`bgsim.engine.plays.Play.after` gives it. At 0-ply the compiled loop of
        :func:`bgsim.estimate` makes exactly this choice. At ``plies=1`` the best
        :data:`bgsim.sim._net_ply.KEEP` plays at 0-ply (within :data:`~bgsim.sim._net_ply.WINDOW` of
        the best) are judged again one roll deeper, and the best of them is chosen.
        """
        n = len(results)
        if n == 0:
            raise IllegalPlayError("there is no play to choose from")
        _check_plies(plies)
        boards = np.empty((n, 2, 26), dtype=np.int8)
        for k, after in enumerate(results):
            a = after.to_array()
            boards[k, 0] = a[1]   # back to the mover's view: row 0 is the side that moved
            boards[k, 1] = a[0]
        b = position.to_array()
        if plies == 1:
            return int(ply.ply1_choose(b, n, int(b[0].sum()), boards, *self._play,  # type: ignore[call-arg]
                                       _bearoff_for(position.checkers), BINOM, nk.HIT_MASKS, *_workspace().arrays(),
                                       ply.KEEP, ply.WINDOW))
        idx, val, hidden, out, best_out, _ = ply.scratch_arrays(self._play[1])
        return int(nk.net_choose(b, n, int(b[0].sum()), boards, *self._play, bearoff_expected(), BINOM,
                                 nk.HIT_MASKS, idx, val, hidden, out, best_out))

    def __repr__(self) -> str:
        meta, rounds = self.meta, 0
        while meta.get("method") == "distill" and isinstance(meta.get("init"), dict):   # back to the TD network
            rounds, meta = rounds + 1, meta["init"].get("meta", {})
        games = meta.get("games")
        how = (f", trained on {games:,} games" if games else "") + (
            f", then {rounds} round{'s' if rounds > 1 else ''} of 1-ply distillation" if rounds else "")
        return f"Net(hidden={self.hidden}{how})"


class NetPlayer:
    """The ``"net"`` player as a Python :class:`~bgsim.game.drive.Player`, for games and matches.

    Plays as the compiled ``"net"`` player of :func:`bgsim.estimate` does; ``plies=1``
    chooses its plays one roll deeper (:meth:`Net.choose_index`: stronger, about fifty
    times slower; for a person's opponent, not for play-outs). Its cube
    handling comes from the network's own cubeless chances (:mod:`bgsim.sim.net_cube`): in
    money play Janowski's model with cube life ``cube_life`` (default
    :data:`bgsim.odds.equity.DEFAULT_CUBE_LIFE`, 0.68), at a match score the Kazaross-XG2 match
    equity table with the network's gammon rates (no double in the Crawford game, R28);
    exact chances and a dead cube on the last roll; beavers (X2) only where the rules allow
    them, when the taker is the favourite even after the double.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> str(NetPlayer().choose_play(pos, (3, 1), pos.legal_plays((3, 1))))
    '8/5 6/5'
    """

    def __init__(self, net: Net | None = None, *, cube_life: float = DEFAULT_CUBE_LIFE, plies: int = 0) -> None:
        self.net = net if net is not None else Net()
        self.cube_life = cube_life
        self.plies = _check_plies(plies)

    def choose_play(self, game_or_pos, dice, plays: Sequence[Play]) -> Play:
        """The play whose result the network likes best (the opponent's lowest equity); in a
        bear-off of both sides, the bear-off databases' play (:func:`bgsim.odds.bearoff.best_bearoff_play`),
        and while the player has no checker off the database's play of the kind the network
        prefers: with a checker borne off or not (the gammon, R23)."""
        if len(plays) == 1:
            return plays[0]
        pos = game_or_pos if isinstance(game_or_pos, Position) else game_or_pos.position
        afters = [p.after for p in plays]
        assert all(a is not None for a in afters)
        over = any(a is not None and a.is_game_over() for a in afters)
        if pos.is_race() and pos.can_bear_off(0) and pos.can_bear_off(1) and not over and pos.off[0] > 0:
            # both sides bearing off: the databases' play (the two-sided table's, most wins, when both
            # have at most 6 checkers left; else the fewest expected rolls), never the network's guess.
            # With no checker off yet a gammon is at stake (R23): the network decides whether to bear
            # one off now and the database plays the best play of that kind (nk.net_choose)
            best = _bearoff.best_bearoff_play(pos, dice).after
            for p in plays:
                if p.after == best:
                    return p
        return plays[self.net.choose_index(pos, afters, self.plies)]  # type: ignore[arg-type]

    def offer_double(self, game) -> bool:
        """Double when the cube model says so from the network's chances (:func:`bgsim.sim.net_cube.offer_double`)."""
        return net_cube.offer_double(game, self.net, cube_life=self.cube_life)

    def accept_double(self, game) -> str:
        """``"take"``, ``"drop"`` or, where allowed and right, ``"beaver"``
        (:func:`bgsim.sim.net_cube.accept_double`)."""
        return net_cube.accept_double(game, self.net, cube_life=self.cube_life)

    def __repr__(self) -> str:
        return f"NetPlayer({self.net!r}" + (f", plies={self.plies})" if self.plies else ")")


_NO_BEAROFF = np.zeros(1)   # variants of other checker counts (X3): no bear-off database
_LOCAL = threading.local()  # one move-generation workspace per thread for the 1-ply search (reused)


def _bearoff_for(checkers: int) -> np.ndarray:
    """The bear-off database the 1-ply search uses: the 15-checker one, or none for a variant (X3)."""
    return bearoff_expected() if checkers == 15 else _NO_BEAROFF


def _workspace() -> _kernel.Workspace:
    """This thread's move-generation workspace (its arrays take a fifth of a millisecond to allocate)."""
    ws = getattr(_LOCAL, "ws", None)
    if ws is None:
        ws = _LOCAL.ws = _kernel.Workspace()
    return ws


def _check_plies(plies) -> int:
    if isinstance(plies, bool) or plies not in (0, 1):
        raise InvalidSettingError(f"plies is 0 (the network's own judgement) or 1 (one roll deeper), not {plies!r}")
    return int(plies)
