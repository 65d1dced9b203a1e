"""Driving a game by itself: the :class:`Player` protocol, :class:`RandomPlayer` and :func:`drive`.

A :class:`Player` is anything with three methods: :meth:`~Player.choose_play` (pick one of the
legal plays), :meth:`~Player.offer_double` (double now?) and :meth:`~Player.accept_double`
(``"take"``, ``"drop"`` or ``"beaver"``). :func:`drive` lets two of them play a game to its
end; a match (:class:`bgsim.game.match.Match`) plays its games with them, two
:class:`RandomPlayer` unless it is given others. The players that judge positions (pubeval, the
network) are a layer above, in :mod:`bgsim.players.players`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np  # noqa: F401  (the doctests use it)

from ..engine.dice import rng_from
from ..engine.errors import InvalidSettingError
from ..engine.plays import Play
from ..engine.position import Position
from .events import GameState
from .game import Game
from .rules import result_kind

__all__ = ["Player", "RandomPlayer", "drive", "position_of"]


@runtime_checkable
class Player(Protocol):
    """What :func:`play_game` asks of a player (a structural protocol: no subclassing needed).

    ``choose_play(game_or_pos, dice, plays)`` returns one of ``plays`` (never empty: the
    game passes by itself when nothing can move, R12); ``offer_double(game)`` is asked only
    when ``game.can_double()``; ``accept_double(game)`` answers a double with ``"take"``,
    ``"drop"`` or ``"beaver"`` (the last only when ``game.can_beaver()``, X2).

    >>> isinstance(RandomPlayer(np.random.default_rng(0)), Player)
    True
    """

    def choose_play(self, game_or_pos: Game | Position, dice: tuple[int, int], plays: Sequence[Play]) -> Play:
        """Pick one of the legal ``plays`` of ``dice``."""
        ...  # pragma: no cover

    def offer_double(self, game: Game) -> bool:
        """True to double now (asked before the roll, only when doubling is allowed, R25)."""
        ...  # pragma: no cover

    def accept_double(self, game: Game) -> str:
        """``"take"``, ``"drop"`` or ``"beaver"`` (R26, X2)."""
        ...  # pragma: no cover


def position_of(game_or_pos: Game | Position) -> Position:
    """The position a player chooses in: ``game_or_pos`` itself, or the game's."""
    return game_or_pos if isinstance(game_or_pos, Position) else game_or_pos.position


class RandomPlayer:
    """Chooses uniformly among the legal plays; doubles, drops and beavers at the given rates.

    All choices come from ``rng`` (a Generator or a seed). ``double_rate``: chance of
    doubling whenever allowed; ``drop_rate``: chance of dropping a double;
    ``beaver_rate``: chance of beavering when allowed (X2); otherwise it takes.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> plays = pos.legal_plays((6, 1))
    >>> RandomPlayer(1).choose_play(pos, (6, 1), plays) in plays
    True
    """

    def __init__(self, rng=None, *, double_rate: float = 0.05, drop_rate: float = 0.3,
                 beaver_rate: float = 0.1) -> None:
        self.rng = rng_from(rng)
        self.double_rate = double_rate
        self.drop_rate = drop_rate
        self.beaver_rate = beaver_rate

    def choose_play(self, game_or_pos, dice, plays: Sequence[Play]) -> Play:
        """A legal play chosen at random.

        >>> from bgsim import Position
        >>> plays = Position.initial().legal_plays((1, 1))
        >>> RandomPlayer(0).choose_play(Position.initial(), (1, 1), plays) in plays
        True
        """
        return plays[int(self.rng.integers(len(plays)))] if len(plays) > 1 else plays[0]

    def offer_double(self, game: Game) -> bool:
        """Double with probability ``double_rate``.

        >>> RandomPlayer(0, double_rate=1.0).offer_double(Game(starter=0))
        True
        """
        return bool(self.rng.random() < self.double_rate)

    def accept_double(self, game: Game) -> str:
        """Beaver (when allowed), drop or take, at random.

        >>> g = Game(starter=0); g.double()
        >>> RandomPlayer(0, drop_rate=0.0, beaver_rate=0.0).accept_double(g)
        'take'
        """
        u = self.rng.random()
        if game.can_beaver() and u < self.beaver_rate:
            return "beaver"
        if u < self.beaver_rate + self.drop_rate:
            return "drop"
        return "take"

    def __repr__(self) -> str:
        return (f"RandomPlayer(double_rate={self.double_rate}, drop_rate={self.drop_rate}, "
                f"beaver_rate={self.beaver_rate})")


# ----------------------------------------------------------------------------- hand-written
def drive(game: Game, players: Sequence[Player]) -> Game:
    """Let two players play ``game`` to its end, from wherever it is now; returns the game.

    ``players[k]`` acts for player k: it offers and answers doubles and chooses plays;
    the dice come from the game's own generator. Players never offer to resign (R30);
    a resignation offered before ``drive`` is answered by the player's
    ``accept_resignation(game, kind)`` when it has one, else accepted exactly when the
    kind is at least what the position shows now (R23). Use it to finish a game a person has
    started, or the current game of a match.

    >>> g = Game(rng=3); g.roll(dice=(6, 1)); g.play("13/7 8/7")
    (6, 1)
    >>> drive(g, (RandomPlayer(1), RandomPlayer(2))).is_over
    True
    """
    if len(players) != 2:
        raise InvalidSettingError(f"a game has two players, not {len(players)}")
    OPENING, ROLL, ANSWER = GameState.OPENING, GameState.AWAITING_DOUBLE_OR_ROLL, GameState.AWAITING_ANSWER
    OVER = GameState.OVER
    while True:
        state = game.state
        if state is OVER:
            return game
        if state is OPENING:
            game.roll()
        elif state is ROLL:
            k = game.player_on_roll
            assert k is not None   # a game that goes on has a player on roll
            if game.can_double() and players[k].offer_double(game):
                game.double()
            else:
                game.roll()
        elif state is ANSWER:
            to_act = game.player_to_act
            assert to_act is not None   # a double waits for the doubled player's answer
            answer = players[to_act].accept_double(game)
            if answer == "take":
                game.take()
            elif answer == "drop":
                game.drop()
            elif answer == "beaver":
                game.beaver()
            else:
                raise InvalidSettingError(f"accept_double must return 'take', 'drop' or 'beaver', not {answer!r}")
        elif state is GameState.AWAITING_RESIGNATION_ANSWER:
            offerer, kind = game.resignation_offer  # type: ignore[misc]
            judge = getattr(players[1 - offerer], "accept_resignation", None)
            ok = judge(game, kind) if judge is not None else kind >= result_kind(game.position, offerer)
            if ok:
                game.accept_resignation()
            else:
                game.reject_resignation()
        else:
            k, dice = game.player_on_roll, game.dice
            assert k is not None and dice is not None   # the player on roll has rolled and must play
            game.play(players[k].choose_play(game, dice, game.legal_plays()))
