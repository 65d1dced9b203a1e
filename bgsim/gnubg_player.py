"""The ``"gnubg"`` player: GNU Backgammon's own neural network, when the optional extra is installed.

``pip install 'bgsim[gnubg]'`` installs the PyPI package ``gnubg-nn`` (Python bindings of
gnubg's evaluation, licensed under the GPL). bgsim never needs it: it is an optional
player, for comparing bgsim's own players with the field's reference program. bgsim does
not copy gnubg code; it calls the installed package. Without it, asking for the player
raises :class:`~bgsim.errors.MissingExtraError`, which names the extra.

:class:`GnubgPlayer` evaluates a position before the roll from the side on roll's view
(gnubg's 0-ply evaluation: win, win gammon, win backgammon, lose gammon, lose backgammon,
as :class:`bgsim.net.NetEvaluation`), and chooses a play as gnubg's 0-ply does: the play
after which the opponent's cubeless equity is lowest (a play that bears off the last
checker wins at once, R22). It plays in :func:`bgsim.estimate` (``player="gnubg"``), in
:meth:`bgsim.Position.rank_plays` and in games (its cube decisions are bgsim's model,
:mod:`bgsim.net_cube`, fed by gnubg's chances -- not gnubg's own cubeful evaluation).

>>> available() in (True, False)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import net_cube
from .errors import IllegalPlayError, InvalidPositionError, MissingExtraError
from .i18n import _
from .net import NetEvaluation, consistent
from .plays import Play
from .position import Position

try:  # the optional extra (GPL): used when installed, never required
    import gnubg_nn as _gnubg
except ImportError:  # pragma: no cover - depends on the environment
    _gnubg = None

__all__ = ["EXTRA", "GnubgPlayer", "available", "gnubg_board", "require"]

#: The pip extra that installs gnubg's evaluation.
EXTRA = "gnubg"


def available() -> bool:
    """Whether the optional ``gnubg-nn`` package is installed (``pip install 'bgsim[gnubg]'``)."""
    return _gnubg is not None


def require() -> Any:
    """The ``gnubg_nn`` module, or :class:`~bgsim.errors.MissingExtraError` naming the extra."""
    if _gnubg is None:
        raise MissingExtraError(
            _("the player 'gnubg' needs GNU Backgammon's evaluation, an optional extra: "
              "pip install 'bgsim[{extra}]' (it installs the gnubg-nn package, GPL); "
              "bgsim's own players (net, heuristic, pubeval, random) need nothing more").format(extra=EXTRA))
    return _gnubg


def gnubg_board(position: Position) -> list[list[int]]:
    """``position`` as gnubg's board: ``[opponent, side on roll]``, each 25 numbers (points 1-24
    in that side's own numbering, R1, then the bar).

    >>> b = gnubg_board(Position.initial())
    >>> b[1][5], b[1][12], b[1][23], b[1][24]
    (5, 5, 2, 0)
    """
    return [list(position.theirs[1:26]), list(position.mine[1:26])]


class GnubgPlayer:
    """gnubg's 0-ply neural network as a bgsim player (needs ``pip install 'bgsim[gnubg]'``).

    >>> if available():
    ...     e = GnubgPlayer().evaluate(Position.initial())
    ...     assert 0.45 < e.win < 0.6
    """

    name = "gnubg"

    def __init__(self) -> None:
        self._g = require()

    def __reduce__(self):   # workers rebuild it (the module is not picklable)
        return (GnubgPlayer, ())

    def evaluate(self, position: Position, plies: int = 0) -> NetEvaluation:
        """gnubg's cubeless estimate for the side on roll, before the roll (R23), at 0-ply or
        (``plies=1``) one roll deeper, as gnubg itself looks ahead (:func:`bgsim.net.consistent`)."""
        if position.is_game_over():
            raise InvalidPositionError(_("the game is over: there is nothing to estimate"))
        return consistent(self._g.probabilities(gnubg_board(position), int(plies)), position)

    def choose_play(self, game_or_pos, dice, plays: Sequence[Play]) -> Play:
        """The play after which gnubg's 0-ply evaluation gives the opponent the lowest equity."""
        if len(plays) == 0:
            raise IllegalPlayError(_("there is no play to choose from"))
        if len(plays) == 1:
            return plays[0]
        best, best_e = plays[0], float("inf")
        for p in plays:
            after = p.after
            assert after is not None
            if after.is_game_over():
                return p            # bears off the last checker: wins at once (R22)
            e = self.evaluate(after).equity
            if e < best_e:
                best, best_e = p, e
        return best

    def offer_double(self, game) -> bool:
        """Double when bgsim's cube model says so from gnubg's chances (:func:`bgsim.net_cube.offer_double`)."""
        return net_cube.offer_double(game, self)

    def accept_double(self, game) -> str:
        """Take, drop or (where allowed) beaver by bgsim's cube model on gnubg's chances."""
        return net_cube.accept_double(game, self)

    def __repr__(self) -> str:
        return "GnubgPlayer()"
