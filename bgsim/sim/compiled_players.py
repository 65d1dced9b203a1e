"""The compiled players by name: what :func:`bgsim.estimate` plays with, and their tables.

``random``, ``pubeval``, ``heuristic`` and ``net`` choose in compiled code (the Monte Carlo
engine's :mod:`bgsim.sim._mc_kernel`); this module names them, loads what they need once per
process (pubeval's weights folded into lookup tables, the trained network's weights) and
lets a Python caller ask one of them for its choice (:func:`compiled_choice`), which is
how :class:`bgsim.players.players.PubevalPlayer` and :class:`bgsim.players.players.HeuristicPlayer` play
exactly as the play-outs do. Each name is one player: :func:`bgsim.players.players.named_player`
gives the Python player of the same name (``"heuristic"``: a ``HeuristicPlayer``). It sits with the
players (layer 2 of the design): :mod:`bgsim.players.players` and :mod:`bgsim.sim.montecarlo` both
import it.

>>> PLAYERS
('random', 'pubeval', 'heuristic', 'net')
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from importlib import resources

import numpy as np

from ..engine.errors import InvalidSettingError, WeightsError
from ..engine.i18n import N_
from ..engine.plays import Play
from ..engine.position import Position
from . import _mc_kernel as _k
from .net import BINOM, Net, NetPlayer, bearoff_expected, shipped_play_arrays

__all__ = ["DEFAULT_PLAYER", "PLAYERS", "PLAYER_DESCRIPTIONS", "compiled_choice", "pubeval_weights"]

#: The compiled players, by name (:func:`bgsim.estimate` plays with them).
PLAYERS = ("random", "pubeval", "heuristic", "net")
PLAYER_CODES = {"random": _k.PLAYER_RANDOM, "pubeval": _k.PLAYER_PUBEVAL, "heuristic": _k.PLAYER_HEURISTIC,
                 "net": _k.PLAYER_NET}

#: Who plays the games out unless told otherwise (:func:`bgsim.estimate`, the CLI, the Monte
#: Carlo widget): the trained network, the strongest player and the closest to expert play in
#: its gammon and backgammon rates (``benchmarks/bench_net.py``); ``"heuristic"`` plays about
#: ten times as many games a second.
DEFAULT_PLAYER = "net"

#: What each named player is (the results say which players played: the numbers depend on them).
PLAYER_DESCRIPTIONS = {
    "random": N_("uniform choice among the legal plays"),
    "pubeval": N_("Tesauro's pubeval linear evaluator"),
    "heuristic": N_("pubeval plus the exact bear-off database"),
    "net": N_("neural network trained here, see bgsim.players.train"),
}

_WEIGHTS_FILE = "pubeval_weights.txt"
_TABLE_LOCK = threading.Lock()
_PUBEVAL: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
NO_BEAROFF = np.zeros(1)


def pubeval_weights() -> tuple[np.ndarray, np.ndarray]:
    """Tesauro's published pubeval weights: ``(race, contact)``, two arrays of 122 numbers.

    Read from ``bgsim/data/pubeval_weights.txt`` (public domain; see its header).

    >>> race, contact = pubeval_weights()
    >>> race.shape, float(contact[0]), float(race[121])
    ((122,), 0.25696, 3.4204)
    """
    text = resources.files("bgsim.data").joinpath(_WEIGHTS_FILE).read_text(encoding="utf-8")
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
            raise WeightsError(f"{_WEIGHTS_FILE}: numbers before a [race] or [contact] header")
        else:
            blocks[current].extend(float(x) for x in line.split())
    race, contact = np.array(blocks.get("race", [])), np.array(blocks.get("contact", []))
    if race.shape != (122,) or contact.shape != (122,):
        raise WeightsError(f"{_WEIGHTS_FILE}: expected 122 race and 122 contact weights")
    return race, contact


def pubeval_tables():
    global _PUBEVAL
    with _TABLE_LOCK:
        if _PUBEVAL is None:
            _PUBEVAL = _k.pubeval_table(*pubeval_weights())
        return _PUBEVAL


def net_args(code: int, weights) -> tuple:
    if code != _k.PLAYER_NET:
        return _k.no_net()
    return _k.net_args(*(shipped_play_arrays() if weights is None else weights))


def compiled_choice(player: str | Net, position: Position, plays: Sequence[Play]) -> int:
    """The index in ``plays`` of the play the compiled ``player`` picks, as in :func:`estimate`.

    ``player`` is ``"pubeval"``, ``"heuristic"``, ``"net"`` or a :class:`bgsim.sim.net.Net`
    (``"random"`` has nothing to evaluate: use :class:`bgsim.game.drive.RandomPlayer`).
    ``plays`` are plays from ``position`` (usually ``position.legal_plays(dice)``, whose
    order is the compiled loop's). :class:`bgsim.players.players.PubevalPlayer` and
    :class:`bgsim.players.players.HeuristicPlayer` choose with it.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> plays = pos.legal_plays((3, 1))
    >>> str(plays[compiled_choice("pubeval", pos, plays)])
    '8/5 6/5'
    """
    if isinstance(player, NetPlayer):
        player = player.net
    if isinstance(player, Net):
        code, weights = _k.PLAYER_NET, (None if player.name == "net" else player.play_arrays())
    elif isinstance(player, str) and player.strip().lower() in PLAYER_CODES and player.strip().lower() != "random":
        code, weights = PLAYER_CODES[player.strip().lower()], None
    else:
        raise InvalidSettingError("compiled_choice plays pubeval, heuristic, net or a bgsim.sim.net.Net, "
                                  f"not {player!r}")
    n = len(plays)
    if n == 0:
        raise InvalidSettingError("there is no play to choose from (a player who cannot move has the empty play, R12)")
    boards = np.empty((n, 2, 26), dtype=np.int8)
    for i, q in enumerate(plays):
        after = q.after if q.after is not None else position.play(q)
        boards[i, 0] = after.theirs     # the mover's view: row 0 is the side that moved
        boards[i, 1] = after.mine
    ptab, pbar, poff = pubeval_tables()
    bo = bearoff_expected() if code != _k.PLAYER_PUBEVAL else NO_BEAROFF
    return int(_k.choose(code, position.to_array(), n, position.checkers, np.zeros(4, dtype=np.uint64), boards,
                         ptab, pbar, poff, bo, BINOM, net_args(code, weights)))
