"""`Game`: one game of backgammon as a state machine, with the cube and a complete record of events.

A person, a widget or a program drives a :class:`Game` by calling its methods; the game
checks every action against the :class:`~bgsim.rules.Rules` and refuses the ones the rules
do not allow with a :class:`~bgsim.errors.RuleViolationError` naming the rule.

The flow (``game.state``)::

    OPENING --roll()--> AWAITING_PLAY (R4)  or  AWAITING_DOUBLE_OR_ROLL (R4a, or a given starter)
    AWAITING_DOUBLE_OR_ROLL --double()--> AWAITING_ANSWER --take()--> AWAITING_DOUBLE_OR_ROLL
                                                          --drop()--> OVER (R26)
                                                          --beaver()--> AWAITING_ANSWER (X2: now the
                                                            doubler takes or drops the beaver)
    AWAITING_DOUBLE_OR_ROLL --roll()--> AWAITING_PLAY --play()--> AWAITING_DOUBLE_OR_ROLL (opponent)
                                                                  or OVER (R22) / a final roll (V4)
    any state but OVER --resign()--> OVER (V3)

A roll with no legal move is passed automatically and recorded as :class:`Pass` (R12).

Players are 0 and 1; the :class:`~bgsim.position.Position` the game owns is seen from the
player on roll (its ``turn``). Every random element (the dice) comes from the
``numpy.random.Generator`` (or seed) the game is given; ``roll(dice=...)`` sets the dice by
hand for teaching and replays.

>>> from bgsim.rules import Rules
>>> game = Game(Rules.money(), rng=7)
>>> game.roll(dice=(3, 5))       # the opening roll (R4): player 0 throws a 3, player 1 a 5
(5, 3)
>>> game.state, game.player_on_roll
(<GameState.AWAITING_PLAY: 'awaiting_play'>, 1)
>>> game.play("8/3 6/3")
>>> game.double()                # player 0 doubles before rolling (R25)
>>> game.take()                  # player 1 now owns the 2-cube (R26)
>>> game.cube_value, game.cube_owner
(2, 1)
>>> game.resign()                # player 0 resigns: 2 checkers in player 1's home, none off (V3, R23)
>>> print(game.result)
player 1 wins a backgammon: 6 points (cube 2, resigned)
>>> Game.replay(game.events).result == game.result
True
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import NamedTuple, Sequence

import numpy as np

from .dice import rng_from
from .errors import IllegalPlayError, RuleViolationError
from .notation import parse_play
from .plays import Play
from .position import Position
from .rules import ResultKind, Rules, result_kind

__all__ = [
    "Game", "GameState", "GameResult", "GameSnapshot", "IllegalGamePlayError",
    "Event", "GameStart", "OpeningRoll", "AutomaticDouble", "Double", "Take", "Drop", "Beaver",
    "Roll", "Move", "Pass", "FinalRoll", "Resign", "GameOver",
]


class IllegalGamePlayError(RuleViolationError, IllegalPlayError):
    """An illegal play offered to a :class:`Game`: both a rule violation and an illegal play.

    The message is the engine's, naming the rule (R5-R21, V5).

    >>> issubclass(IllegalGamePlayError, RuleViolationError) and issubclass(IllegalGamePlayError, IllegalPlayError)
    True
    """


_RULE_ID = re.compile(r"\b[RVPX]\d")


def _illegal(exc: IllegalPlayError) -> IllegalGamePlayError:
    """The engine's complaint as a game error; a rule id is added when the message has none."""
    text = str(exc)
    if not _RULE_ID.search(text):
        text += " (R5-R21: not a legal play of this roll)"
    return IllegalGamePlayError(text)


class GameState(str, enum.Enum):
    """What a game waits for.

    >>> GameState.AWAITING_PLAY.value
    'awaiting_play'
    """

    OPENING = "opening"                                  # the opening roll (R4) has not decided who starts
    AWAITING_DOUBLE_OR_ROLL = "awaiting_double_or_roll"  # the player on roll may double (R25) or roll
    AWAITING_ANSWER = "awaiting_answer"                  # the opponent must take, drop or beaver (R26, X2)
    AWAITING_PLAY = "awaiting_play"                      # the dice are rolled, the player on roll plays
    OVER = "over"                                        # see Game.result


_HOW = ("bearoff", "drop", "resign", "draw")


@dataclass(frozen=True)
class GameResult:
    """How a game ended.

    ``winner``: 0 or 1 (``None`` for a draw, V4); ``kind``: single, gammon or backgammon
    (R23; always single for a drop, R26; ``None`` for a draw); ``points``: what the winner
    wins (multiplier under the ending mode V1 and Jacoby X1, times the cube); ``cube``: the
    cube value the game was scored at (for a drop, the value before the refused double);
    ``how``: ``"bearoff"`` (R22), ``"drop"`` (R26), ``"resign"`` (V3) or ``"draw"`` (V4).

    >>> r = GameResult(winner=0, kind=ResultKind.GAMMON, points=4, cube=2, how="bearoff")
    >>> r.loser, r.multiplier, str(r)
    (1, 2, 'player 0 wins a gammon: 4 points (cube 2)')
    """

    winner: int | None
    kind: ResultKind | None
    points: int
    cube: int
    how: str

    @property
    def is_draw(self) -> bool:
        """True for a last-roll draw (V4).

        >>> GameResult(None, None, 0, 1, "draw").is_draw
        True
        """
        return self.winner is None

    @property
    def loser(self) -> int | None:
        """The player who lost (``None`` for a draw).

        >>> GameResult(1, ResultKind.SINGLE, 1, 1, "drop").loser
        0
        """
        return None if self.winner is None else 1 - self.winner

    @property
    def multiplier(self) -> int:
        """The points divided by the cube: what the result kind counted (V1, X1).

        >>> GameResult(0, ResultKind.BACKGAMMON, 8, 4, "bearoff").multiplier    # Mars: a backgammon counts 2
        2
        """
        return self.points // self.cube

    def __str__(self) -> str:
        if self.winner is None:
            return "draw: the last roll bore off every checker (V4)"
        unit = "point" if self.points == 1 else "points"
        extra = {"bearoff": "", "drop": ", double dropped", "resign": ", resigned"}[self.how]
        kind = "single game" if self.kind is ResultKind.SINGLE else str(self.kind)
        return f"player {self.winner} wins a {kind}: {self.points} {unit} (cube {self.cube}{extra})"


# ----------------------------------------------------------------------------- events
@dataclass(frozen=True)
class Event:
    """Base class of the events in a game's record (``game.events``).

    Every event says in words what happened (``str(event)``).

    >>> str(Roll(player=0, dice=(6, 1)))
    'player 0 rolls 6-1'
    """

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        return type(self).__name__


@dataclass(frozen=True)
class GameStart(Event):
    """The first event of every record: the rules and how the game begins.

    ``starter`` is ``None`` when an opening roll decides (R4), else the player who starts
    with a roll of both dice (R4b, or a game set up from ``position``). ``position`` is the
    starting position (R3, X3, or any position for teaching), seen from player 0 before an
    opening roll. ``crawford_game`` marks the Crawford game of a match (R28).

    >>> str(GameStart(Rules.money(), Position.initial(), None))
    'new game (money play; ending Koks (1/2/3); cube unlimited; standard opening (R4); later games: opening roll); opening roll decides who starts'
    """

    rules: Rules
    position: Position
    starter: int | None
    crawford_game: bool = False
    cube_value: int = 1
    cube_owner: int | None = None

    def __str__(self) -> str:
        who = "opening roll decides who starts" if self.starter is None else f"player {self.starter} starts"
        extra = ", Crawford game (R28)" if self.crawford_game else ""
        if self.cube_value != 1 or self.cube_owner is not None:
            owner = "centred" if self.cube_owner is None else f"owned by player {self.cube_owner}"
            extra += f", cube {self.cube_value} {owner}"
        return f"new game ({self.rules.describe()}); {who}{extra}"


@dataclass(frozen=True)
class OpeningRoll(Event):
    """One throw of the opening roll (R4): ``dice`` = (player 0's die, player 1's die). A tie is thrown again.

    >>> OpeningRoll((5, 3)).starter, OpeningRoll((4, 4)).starter
    (0, None)
    """

    dice: tuple[int, int]

    @property
    def starter(self) -> int | None:
        """The player with the higher die, who moves first; ``None`` for a tie (R4)."""
        a, b = self.dice
        return None if a == b else (0 if a > b else 1)

    def __str__(self) -> str:
        a, b = self.dice
        tail = "tie, roll again" if a == b else f"player {self.starter} starts"
        return f"opening roll: player 0 throws {a}, player 1 throws {b}: {tail}"


@dataclass(frozen=True)
class AutomaticDouble(Event):
    """A tie on the opening roll doubled the centred cube (R29): ``cube_value`` is the new value.

    >>> str(AutomaticDouble(2))
    'automatic double: the cube is 2, still centred (R29)'
    """

    cube_value: int

    def __str__(self) -> str:
        return f"automatic double: the cube is {self.cube_value}, still centred (R29)"


@dataclass(frozen=True)
class Double(Event):
    """``player`` offers a double (R25); ``cube_value`` is the value offered.

    >>> str(Double(0, 2))
    'player 0 doubles to 2'
    """

    player: int
    cube_value: int

    def __str__(self) -> str:
        return f"player {self.player} doubles to {self.cube_value}"


@dataclass(frozen=True)
class Take(Event):
    """``player`` takes (R26): the cube shows ``cube_value`` and is theirs.

    >>> str(Take(1, 2))
    'player 1 takes: cube 2, owned by player 1'
    """

    player: int
    cube_value: int

    def __str__(self) -> str:
        return f"player {self.player} takes: cube {self.cube_value}, owned by player {self.player}"


@dataclass(frozen=True)
class Drop(Event):
    """``player`` drops (passes) the double: the game ends (R26).

    >>> str(Drop(1))
    'player 1 drops'
    """

    player: int

    def __str__(self) -> str:
        return f"player {self.player} drops"


@dataclass(frozen=True)
class Beaver(Event):
    """``player`` takes and at once redoubles, keeping the cube (X2): it shows ``cube_value``.

    >>> str(Beaver(1, 4))
    'player 1 beavers: cube 4, owned by player 1'
    """

    player: int
    cube_value: int

    def __str__(self) -> str:
        return f"player {self.player} beavers: cube {self.cube_value}, owned by player {self.player}"


@dataclass(frozen=True)
class Roll(Event):
    """``player`` rolls ``dice``.

    >>> str(Roll(1, (4, 4)))
    'player 1 rolls 4-4'
    """

    player: int
    dice: tuple[int, int]

    def __str__(self) -> str:
        return f"player {self.player} rolls {self.dice[0]}-{self.dice[1]}"


@dataclass(frozen=True)
class Move(Event):
    """``player`` plays ``play`` from ``position`` (the position before the play, ``player`` on roll).

    >>> pos = Position.initial()
    >>> ev = Move(0, pos.parse_play("13/7 8/7"), pos)
    >>> str(ev), ev.after.turn
    ('player 0 plays 13/7 8/7 (6-1)', 1)
    """

    player: int
    play: Play
    position: Position

    @property
    def after(self) -> Position:
        """The position after the play, the opponent on roll."""
        if self.play._after is not None and self.play._before == self.position:
            return self.play._after
        return self.position.play(self.play)

    def __str__(self) -> str:
        return f"player {self.player} plays {self.play} ({self.play.dice[0]}-{self.play.dice[1]})"


@dataclass(frozen=True)
class Pass(Event):
    """``player`` cannot move with ``dice`` and forfeits the turn (R12), in ``position``.

    >>> str(Pass(0, (6, 6), Position.initial()))
    'player 0 cannot move 6-6 and passes (R12)'
    """

    player: int
    dice: tuple[int, int]
    position: Position

    def __str__(self) -> str:
        return f"player {self.player} cannot move {self.dice[0]}-{self.dice[1]} and passes (R12)"


@dataclass(frozen=True)
class FinalRoll(Event):
    """The starter has borne off the last checker; ``player`` gets one final roll (V4).

    >>> str(FinalRoll(1))
    'player 1 gets a final roll: bearing off every checker with it draws (V4)'
    """

    player: int

    def __str__(self) -> str:
        return f"player {self.player} gets a final roll: bearing off every checker with it draws (V4)"


@dataclass(frozen=True)
class Resign(Event):
    """``player`` resigns, conceding ``kind`` (V3).

    >>> str(Resign(0, ResultKind.GAMMON))
    'player 0 resigns a gammon'
    """

    player: int
    kind: ResultKind

    def __str__(self) -> str:
        kind = "single game" if self.kind is ResultKind.SINGLE else str(self.kind)
        return f"player {self.player} resigns a {kind}"


@dataclass(frozen=True)
class GameOver(Event):
    """The last event of a finished game.

    >>> str(GameOver(GameResult(0, ResultKind.SINGLE, 1, 1, "bearoff")))
    'game over: player 0 wins a single game: 1 point (cube 1)'
    """

    result: GameResult

    def __str__(self) -> str:
        return f"game over: {self.result}"


class GameSnapshot(NamedTuple):
    """The state of a game after one event of its record (see :meth:`Game.history`).

    ``player_on_roll`` is ``None`` before the opening roll has decided and once the game is
    over; ``player_to_act`` is whoever must act now (the doubled player while a double is
    offered); ``dice`` is ``None`` when no dice are rolled.

    >>> Game(rng=1).snapshot().state
    <GameState.OPENING: 'opening'>
    """

    index: int
    event: Event
    position: Position
    state: GameState
    player_on_roll: int | None
    player_to_act: int | None
    dice: tuple[int, int] | None
    cube_value: int
    cube_owner: int | None
    crawford_game: bool
    final_roll: bool
    result: GameResult | None

    @property
    def double_offered(self) -> bool:
        """True while a double waits for an answer (R26)."""
        return self.state is GameState.AWAITING_ANSWER


def _check_player(value: object, what: str = "player") -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise RuleViolationError(f"{what} must be player 0 or 1, not {value!r}")
    return int(value)  # type: ignore[arg-type]


def _check_die_pair(dice: object, what: str) -> tuple[int, int]:
    try:
        a, b = dice  # type: ignore[misc]
        ok = all(isinstance(d, (int, np.integer)) and not isinstance(d, bool) and 1 <= d <= 6 for d in (a, b))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise RuleViolationError(f"{what} is two dice from 1 to 6, not {dice!r} (R2)")
    return int(a), int(b)


# ----------------------------------------------------------------------------- the game
class Game:
    """One game under a :class:`~bgsim.rules.Rules`, driven by its methods.

    ``rules``: the settings (money play by default). ``rng``: a ``numpy.random.Generator``
    or a seed for the dice. ``starter``: skip the opening roll, this player starts by
    rolling both dice (R4b). ``position``: start from this position instead of R3 (the
    player on roll starts; for teaching and studies). ``crawford_game``: the Crawford game
    of a match (R28: no cube). ``cube_value``/``cube_owner``: the cube at the start (with
    ``position``; ``None`` = centred).

    Every method that acts takes an optional ``player=``: when given, it must be the
    player whose action it is, else :class:`~bgsim.errors.RuleViolationError`.

    >>> g = Game(Rules.money(), rng=3, starter=1)
    >>> g.state, g.player_on_roll, g.can_double()
    (<GameState.AWAITING_DOUBLE_OR_ROLL: 'awaiting_double_or_roll'>, 1, True)
    >>> g.double(player=0)
    Traceback (most recent call last):
    ...
    bgsim.errors.RuleViolationError: player 0 cannot double: it is player 1's turn (R25: only on one's own turn)
    """

    def __init__(self, rules: Rules | None = None, rng=None, *, starter: int | None = None,
                 position: Position | None = None, crawford_game: bool = False,
                 cube_value: int = 1, cube_owner: int | None = None) -> None:
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        if position is None:
            if starter is not None:
                starter = _check_player(starter, "starter")
            position = Position.initial(0 if starter is None else starter, variant=rules.variant)
        else:
            if not isinstance(position, Position):
                raise TypeError(f"position must be a Position, not {type(position).__name__}")
            if starter is not None and _check_player(starter, "starter") != position.turn:
                raise RuleViolationError(
                    f"starter {starter} is not the player on roll in the given position ({position.turn})")
            starter = position.turn
        self._rng = rng_from(rng)
        self._start(GameStart(rules, position, starter, bool(crawford_game), cube_value, cube_owner))

    # ----------------------------------------------------------------- set-up
    def _start(self, ev: GameStart) -> None:
        rules = ev.rules
        if ev.position.checkers != rules.checkers:
            raise RuleViolationError(
                f"the position has {ev.position.checkers} checkers a side, but {rules.variant} uses "
                f"{rules.checkers} (R2, X3)")
        if ev.position.is_game_over():
            raise RuleViolationError("the position is already over: a side has borne off every checker (R22)")
        if ev.crawford_game and not (rules.is_match and rules.crawford):
            raise RuleViolationError("a Crawford game (R28) exists only in match play with the Crawford rule on")
        v, owner = ev.cube_value, ev.cube_owner
        if not isinstance(v, int) or isinstance(v, bool) or v < 1 or v & (v - 1):
            raise RuleViolationError(f"a cube value is 1, 2, 4, 8, ... not {v!r} (R24, R26)")
        if owner is not None:
            _check_player(owner, "cube_owner")
        if (v != 1 or owner is not None) and ev.crawford_game:
            raise RuleViolationError("the cube is not used in the Crawford game: it stays at 1 in the middle (R28)")
        if (v != 1 or owner is not None) and not rules.cube_enabled:
            raise RuleViolationError("the cube is off (V2): it stays at 1 in the middle")
        if not rules.cube_allows(v):
            raise RuleViolationError(f"cube value {v} is above the cube limit {rules.cube_limit} (V2)")
        if owner is not None and v == 1:
            raise RuleViolationError("a cube at 1 is in the middle; it is owned only after a double is taken (R24, R26)")
        self._rules = rules
        self._position = ev.position
        self._starter = ev.starter
        self._crawford = ev.crawford_game
        self._cube_value = v
        self._cube_owner = owner
        self._auto_doubles = 0
        self._dice: tuple[int, int] | None = None
        self._legal: list[Play] | None = None
        self._by_after: dict[Position, Play] | None = None
        self._final_roll = False
        self._beaver_pending = False  # X2: a beaver waits for the original doubler's answer
        self._result: GameResult | None = None
        self._state = GameState.OPENING if ev.starter is None else GameState.AWAITING_DOUBLE_OR_ROLL
        self._events: list[Event] = []
        self._history: list[GameSnapshot] = []
        self._record(ev)

    def _record(self, ev: Event) -> None:
        self._events.append(ev)
        self._history.append(GameSnapshot(
            len(self._events) - 1, ev, self._position, self._state, self.player_on_roll, self.player_to_act,
            self._dice, self._cube_value, self._cube_owner, self._crawford, self._final_roll, self._result))

    # ----------------------------------------------------------------- reading
    @property
    def rules(self) -> Rules:
        """The rules this game follows.

        >>> Game(Rules.match(5)).rules.match_length
        5
        """
        return self._rules

    @property
    def rng(self) -> np.random.Generator:
        """The generator the dice come from."""
        return self._rng

    @property
    def state(self) -> GameState:
        """What the game waits for (:class:`GameState`).

        >>> Game().state
        <GameState.OPENING: 'opening'>
        """
        return self._state

    @property
    def position(self) -> Position:
        """The current position, seen from the player on roll (before the opening roll: player 0).

        >>> Game().position == Position.initial()
        True
        """
        return self._position

    @property
    def player_on_roll(self) -> int | None:
        """Whose turn it is (0 or 1); ``None`` before the opening roll decides and after the game.

        >>> Game(starter=1).player_on_roll
        1
        """
        if self._state is GameState.OPENING or self._state is GameState.OVER:
            return None
        return self._position.turn

    @property
    def player_to_act(self) -> int | None:
        """Who must act now: the player on roll, or the doubled player while a double is offered (R26).

        >>> g = Game(starter=0); g.double(); g.player_to_act
        1
        """
        if self._state is GameState.AWAITING_ANSWER:
            return self._position.turn if self._beaver_pending else 1 - self._position.turn
        return self.player_on_roll

    @property
    def starter(self) -> int | None:
        """The player who started the game (the opening roll's winner, R4), or ``None`` before it is known.

        >>> Game(starter=1).starter
        1
        """
        return self._starter

    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice to play now, or ``None`` when none are rolled.

        >>> g = Game(starter=0); g.roll(dice=(6, 5)); g.dice
        (6, 5)
        (6, 5)
        """
        return self._dice

    @property
    def cube_value(self) -> int:
        """The cube's value (R24: 1 at the start).

        >>> Game().cube_value
        1
        """
        return self._cube_value

    @property
    def cube_owner(self) -> int | None:
        """The player who owns the cube, or ``None`` while it is in the middle (R24, R26).

        >>> Game().cube_owner is None
        True
        """
        return self._cube_owner

    @property
    def cube_turned(self) -> bool:
        """True once a double has been offered and taken (or beavered) in this game (for the Jacoby rule, X1).

        Automatic doubles (R29) leave the cube in the middle and do not turn it.

        >>> Game().cube_turned
        False
        """
        return self._cube_owner is not None

    @property
    def crawford_game(self) -> bool:
        """True in the Crawford game of a match (R28: no doubling).

        >>> Game(Rules.match(5), crawford_game=True).crawford_game
        True
        """
        return self._crawford

    @property
    def final_roll(self) -> bool:
        """True while the non-starter has the final roll of the last-roll draw (V4).

        >>> Game().final_roll
        False
        """
        return self._final_roll

    @property
    def result(self) -> GameResult | None:
        """How the game ended (:class:`GameResult`), or ``None`` while it goes on.

        >>> Game().result is None
        True
        """
        return self._result

    @property
    def is_over(self) -> bool:
        """True when the game has ended.

        >>> Game().is_over
        False
        """
        return self._state is GameState.OVER

    @property
    def events(self) -> tuple[Event, ...]:
        """The record: every event so far, beginning with :class:`GameStart`.

        >>> [type(e).__name__ for e in Game(starter=0).events]
        ['GameStart']
        """
        return tuple(self._events)

    def legal_plays(self) -> list[Play]:
        """The legal plays of the rolled dice (R5-R21, V5 when the rules say so); empty when no dice are rolled.

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); len(g.legal_plays())
        (6, 1)
        10
        """
        return list(self._legal) if self._legal is not None and self._state is GameState.AWAITING_PLAY else []

    def why_no_double(self, player: int | None = None) -> str | None:
        """Why ``player`` (default: the player on roll) may not double now, citing the rule; ``None`` if they may.

        >>> Game(Rules.match(5), starter=0, crawford_game=True).why_no_double()
        'no doubling in the Crawford game (R28)'
        """
        s = self._state
        if s is GameState.OVER:
            return "the game is over (R22)"
        if s is GameState.OPENING:
            return "the opening roll has not decided who starts yet; a double comes on one's own turn (R4, R25)"
        on_roll = self._position.turn
        if s is GameState.AWAITING_ANSWER:
            return f"a double is already offered; player {self.player_to_act} must take or drop it (R26)"
        if player is not None and _check_player(player) != on_roll:
            return f"player {player} cannot double: it is player {on_roll}'s turn (R25: only on one's own turn)"
        if s is GameState.AWAITING_PLAY:
            return f"player {on_roll} has already rolled: a double comes before the roll (R25)"
        if self._crawford:
            return "no doubling in the Crawford game (R28)"
        if not self._rules.cube_enabled:
            return "the cube is off in these rules (V2)"
        if self._final_roll:
            return "the final roll of the last-roll draw is a roll only, no double (V4)"
        if self._cube_owner is not None and self._cube_owner != on_roll:
            return (f"player {on_roll} does not own the cube, player {self._cube_owner} does "
                    f"(R25: after a take only the owner may redouble)")
        if not self._rules.cube_allows(2 * self._cube_value):
            return f"the cube is at its limit of {self._rules.cube_limit} (V2)"
        return None

    def can_double(self, player: int | None = None) -> bool:
        """True when ``player`` (default: the player on roll) may double now (R25, R28, V2, V4).

        >>> g = Game(Rules.money(cube_limit=2), starter=0)
        >>> g.can_double(); g.double(); g.take(); g.can_double()
        True
        False
        """
        return self.why_no_double(player) is None

    def can_beaver(self) -> bool:
        """True when the doubled player may beaver now (X2 allowed and the cube limit, V2, not passed).

        >>> g = Game(Rules.money(beavers=True), starter=0); g.double(); g.can_beaver()
        True
        """
        return (self._state is GameState.AWAITING_ANSWER and self._rules.beavers and not self._beaver_pending
                and self._rules.cube_allows(4 * self._cube_value))

    def snapshot(self) -> GameSnapshot:
        """The state now (after the last event).

        >>> Game(starter=0).snapshot().player_on_roll
        0
        """
        return self._history[-1]

    def history(self) -> list[GameSnapshot]:
        """The state after each event of the record, for stepping forward and backward.

        >>> g = Game(starter=0); g.roll(dice=(3, 1)); g.play("8/5 6/5")
        (3, 1)
        >>> [s.state.value for s in g.history()]
        ['awaiting_double_or_roll', 'awaiting_play', 'awaiting_double_or_roll']
        """
        return list(self._history)

    def positions(self) -> list[Position]:
        """The positions of the game in order: the start, then the one after each play or pass.

        >>> g = Game(starter=0); g.roll(dice=(3, 1)); g.play("8/5 6/5")
        (3, 1)
        >>> [p.pips() for p in g.positions()]
        [(167, 167), (167, 163)]
        """
        out: list[Position] = []
        for snap in self._history:
            if not out or snap.position != out[-1]:
                out.append(snap.position)
        return out

    def transcript(self) -> str:
        """The record in words, one event a line.

        >>> g = Game(starter=0); g.roll(dice=(3, 1)); g.play("8/5 6/5")
        (3, 1)
        >>> print(g.transcript().splitlines()[-1])
        player 0 plays 8/5 6/5 (3-1)
        """
        return "\n".join(str(e) for e in self._events)

    # ----------------------------------------------------------------- checks
    def _require_actor(self, player: int | None, expected: int, action: str, rule: str) -> None:
        if player is not None and _check_player(player) != expected:
            raise RuleViolationError(f"player {player} cannot {action}: it is player {expected}'s turn ({rule})")

    def _not_over(self, action: str) -> None:
        if self._state is GameState.OVER:
            raise RuleViolationError(f"cannot {action}: the game is over (R22)")

    # ----------------------------------------------------------------- actions
    def roll(self, dice: tuple[int, int] | None = None, *, player: int | None = None) -> tuple[int, int]:
        """Roll the dice (from the game's generator, or ``dice`` given by hand); returns the dice to play.

        Before the game starts this is the opening roll (R4): ``dice`` are then player 0's
        and player 1's single dice. With the generator, ties are thrown again until one
        player wins (each throw is recorded; with automatic doubles, R29, each tie doubles
        the centred cube up to the limit). With ``dice`` given, one throw is made: after a
        tie the game stays in ``OPENING`` for the next throw. The winner plays both
        numbers at once (R4), or rolls both dice afresh with ``opening="winner_rolls"``
        (R4a: then, being on roll before rolling, they may also double first, R25).
        Returns the dice to play, or ``None`` when there are none yet (a tie thrown by
        hand, or R4a).

        Later, the player on roll rolls both dice; if no move is possible the turn
        passes at once (R12, recorded as :class:`Pass`).

        >>> g = Game(starter=0)
        >>> g.roll(dice=(4, 4))
        (4, 4)
        >>> g.roll(dice=(1, 2))
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: player 0 has already rolled 4-4: play it now (R10)
        """
        s = self._state
        self._not_over("roll")
        if s is GameState.OPENING:
            if dice is not None:
                self._opening_throw(_check_die_pair(dice, "an opening roll"))
            else:
                while self._state is GameState.OPENING:
                    a, b = self._rng.integers(1, 7, size=2)
                    self._opening_throw((int(a), int(b)))
            return self._dice  # type: ignore[return-value]
        on_roll = self._position.turn
        if s is GameState.AWAITING_ANSWER:
            raise RuleViolationError(f"player {self.player_to_act} must first take or drop the double (R26)")
        if s is GameState.AWAITING_PLAY:
            raise RuleViolationError(f"player {on_roll} has already rolled {self._dice[0]}-{self._dice[1]}: "  # type: ignore[index]
                                     f"play it now (R10)")
        self._require_actor(player, on_roll, "roll", "P1: a roll out of turn is void")
        if dice is None:
            a, b = self._rng.integers(1, 7, size=2)
            dice = (int(a), int(b))
        else:
            dice = _check_die_pair(dice, "a roll")
        self._dice = dice
        self._state = GameState.AWAITING_PLAY
        self._record(Roll(on_roll, dice))
        self._offer_plays()
        return dice

    def _opening_throw(self, dice: tuple[int, int]) -> None:
        ev = OpeningRoll(dice)
        starter = ev.starter
        if starter is None:
            self._record(ev)
            r = self._rules
            if (r.automatic_doubles and self._auto_doubles < r.automatic_doubles
                    and r.cube_allows(2 * self._cube_value)):
                self._auto_doubles += 1          # R29: the tie doubles the centred cube
                self._cube_value *= 2
                self._record(AutomaticDouble(self._cube_value))
            return
        self._starter = starter
        self._position = Position.initial(starter, variant=self._rules.variant)
        if self._rules.opening == "standard":   # R4: the two opening dice are the first move
            self._dice = (dice[starter], dice[1 - starter])
            self._state = GameState.AWAITING_PLAY
            self._record(ev)
            self._offer_plays()
        else:                                   # R4a: the winner rolls both dice afresh
            self._state = GameState.AWAITING_DOUBLE_OR_ROLL
            self._record(ev)

    def _offer_plays(self) -> None:
        plays = self._position.legal_plays(self._dice, caucasian=self._rules.caucasian)  # type: ignore[arg-type]
        self._legal = plays
        self._by_after = None
        if len(plays) == 1 and plays[0].is_empty:  # R12: nothing can move, the turn is forfeited
            mover = self._position.turn
            before = self._position
            self._position = before.play(plays[0])
            dice = self._dice
            self._dice = None
            self._legal = None
            if self._final_roll:
                self._state = GameState.OVER  # placeholder until _finish records the result
                self._record(Pass(mover, dice, before))  # type: ignore[arg-type]
                self._finish_final_roll()
            else:
                self._state = GameState.AWAITING_DOUBLE_OR_ROLL
                self._record(Pass(mover, dice, before))  # type: ignore[arg-type]

    def _resolve(self, play: Play | str) -> Play:
        pos, dice, caucasian = self._position, self._dice, self._rules.caucasian
        legal = self._legal or []
        if isinstance(play, Play):
            for p in legal:
                if p is play:
                    return p
            if sorted(play.dice) != sorted(dice):  # type: ignore[arg-type]
                raise IllegalGamePlayError(
                    f"{play} is a play of {play.dice[0]}-{play.dice[1]}, but the roll is {dice[0]}-{dice[1]} (R5)")  # type: ignore[index]
        elif isinstance(play, str):
            try:
                play = parse_play(pos, play, dice, caucasian=caucasian, plays=self._legal)
            except IllegalPlayError as exc:
                raise _illegal(exc) from exc
        else:
            raise TypeError(f"play must be a Play or a string, not {type(play).__name__}")
        if self._by_after is None:
            self._by_after = {p._after: p for p in legal}  # type: ignore[misc]
        after = play._after if play._before == pos else None
        found = self._by_after.get(after) if after is not None else None  # type: ignore[arg-type]
        if found is not None:
            return found
        try:
            after = pos.play(play, caucasian=caucasian)
        except IllegalPlayError as exc:
            raise _illegal(exc) from exc
        found = self._by_after.get(after)
        if found is None:  # pragma: no cover - the engine agreed with itself so far
            raise IllegalGamePlayError(f"{play} is not a legal play of {dice} here (R5-R21)")
        return found

    def play(self, play: Play | str, *, player: int | None = None) -> None:
        """Play the rolled dice: a :class:`~bgsim.plays.Play` (from :meth:`legal_plays`) or notation.

        The engine checks the play (R5-R21; V5 with ``caucasian``); an illegal one raises
        :class:`IllegalGamePlayError` (a :class:`~bgsim.errors.RuleViolationError`) naming
        the rule. Bearing off the last checker ends the game (R22), or gives the other
        player a final roll under the last-roll draw (V4).

        >>> g = Game(starter=0); g.roll(dice=(6, 3))
        (6, 3)
        >>> g.play("13/10")
        Traceback (most recent call last):
        ...
        bgsim.game.IllegalGamePlayError: 13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)
        >>> g.play("24/18 13/10"); g.player_on_roll
        1
        """
        s = self._state
        self._not_over("play")
        if s is GameState.OPENING:
            raise RuleViolationError("roll the opening roll first (R4)")
        on_roll = self._position.turn
        if s is GameState.AWAITING_ANSWER:
            raise RuleViolationError(f"player {self.player_to_act} must first take or drop the double (R26)")
        if s is GameState.AWAITING_DOUBLE_OR_ROLL:
            raise RuleViolationError(f"player {on_roll} must roll before playing: a play uses the dice just "
                                     f"rolled (R5, R25)")
        self._require_actor(player, on_roll, "play", "R10: the player on roll plays the dice they rolled")
        chosen = self._resolve(play)
        before = self._position
        after: Position = chosen._after  # type: ignore[assignment]
        self._position = after
        self._dice = None
        self._legal = None
        self._by_after = None
        n = after.checkers
        if after.theirs[0] == n:  # the mover has borne off every checker (R22)
            if self._final_roll:            # V4: the final roll bore off everything: a draw
                self._state = GameState.OVER
                self._record(Move(on_roll, chosen, before))
                self._finish(None, None, "draw")
            elif self._rules.last_roll_draw and on_roll == self._starter:
                self._final_roll = True     # V4: the other player gets one final roll
                self._state = GameState.AWAITING_DOUBLE_OR_ROLL
                self._record(Move(on_roll, chosen, before))
                self._record(FinalRoll(1 - on_roll))
            else:
                self._state = GameState.OVER
                self._record(Move(on_roll, chosen, before))
                self._finish(on_roll, result_kind(after, 1 - on_roll), "bearoff")
        elif self._final_roll:
            self._state = GameState.OVER
            self._record(Move(on_roll, chosen, before))
            self._finish_final_roll()
        else:
            self._state = GameState.AWAITING_DOUBLE_OR_ROLL
            self._record(Move(on_roll, chosen, before))

    def _finish_final_roll(self) -> None:
        """V4: the final roll did not bear off every checker; the starter wins, judged now (R23)."""
        winner = self._starter
        self._finish(winner, result_kind(self._position, 1 - winner), "bearoff")  # type: ignore[operator]

    def double(self, *, player: int | None = None) -> None:
        """The player on roll offers a double before rolling (R25); the opponent must answer.

        Refused, naming the rule, when the player is not on roll or has rolled (R25), does
        not own the cube (R25), in the Crawford game (R28), with the cube off or at its limit
        (V2), or on the final roll of a last-roll draw (V4).

        >>> g = Game(starter=0); g.double(); g.state
        <GameState.AWAITING_ANSWER: 'awaiting_answer'>
        >>> g.double()
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: cannot double: a double is already offered; player 1 must take or drop it (R26)
        """
        problem = self.why_no_double(player)
        if problem is not None:
            raise RuleViolationError(problem if problem.startswith("player") else f"cannot double: {problem}")
        self._state = GameState.AWAITING_ANSWER
        self._record(Double(self._position.turn, 2 * self._cube_value))

    def _answer(self, player: int | None, action: str) -> int:
        self._not_over(action)
        if self._state is not GameState.AWAITING_ANSWER:
            raise RuleViolationError(f"cannot {action}: no double has been offered (R26)")
        answerer = self.player_to_act
        if player is not None and _check_player(player) != answerer:
            what = "the beaver" if self._beaver_pending else "the double"
            raise RuleViolationError(f"player {player} cannot {action} now: player {answerer} answers {what} "
                                     f"({'X2' if self._beaver_pending else 'R26'})")
        return answerer

    def take(self, *, player: int | None = None) -> None:
        """Accept the double (R26): the cube doubles and the taker owns it; the doubler then rolls.

        >>> g = Game(starter=0); g.double(); g.take(); (g.cube_value, g.cube_owner, g.state.value)
        (2, 1, 'awaiting_double_or_roll')
        """
        taker = self._answer(player, "take")
        self._cube_value *= 2
        if self._beaver_pending:  # X2: the doubler takes the beaver; the beaverer keeps the cube
            self._beaver_pending = False
        else:
            self._cube_owner = taker
        self._state = GameState.AWAITING_DOUBLE_OR_ROLL
        self._record(Take(taker, self._cube_value))

    def drop(self, *, player: int | None = None) -> None:
        """Refuse the double (R26): the game ends; the doubler wins the cube value before the offer, no gammons.

        After a beaver (X2) it is the original doubler who may drop: the beaverer then wins
        the doubled stake.

        >>> g = Game(starter=0); g.double(); g.drop(); print(g.result)
        player 0 wins a single game: 1 point (cube 1, double dropped)
        >>> g = Game(Rules.money(beavers=True), starter=0); g.double(); g.beaver(); g.drop(); print(g.result)
        player 1 wins a single game: 2 points (cube 2, double dropped)
        """
        answerer = self._answer(player, "drop")
        self._beaver_pending = False
        self._state = GameState.OVER
        self._record(Drop(answerer))
        self._finish(1 - answerer, ResultKind.SINGLE, "drop")

    def beaver(self, *, player: int | None = None) -> None:
        """Take and at once redouble, keeping the cube (X2, money play with beavers on).

        The original doubler then answers the beaver as any double (take: the cube is at
        four times its old value, owned by the beaverer, and the doubler rolls; drop: the
        beaverer wins the doubled stake). Redoubling a beaver (a "raccoon") is not in the
        rules.

        >>> g = Game(Rules.money(beavers=True), starter=0); g.double(); g.beaver(); g.player_to_act
        0
        >>> g.take(); g.cube_value, g.cube_owner, g.player_on_roll
        (4, 1, 0)
        >>> g = Game(Rules.money(), starter=0); g.double(); g.beaver()
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: cannot beaver: beavers (X2) are not allowed in these rules
        """
        taker = self._answer(player, "beaver")
        if self._beaver_pending:
            raise RuleViolationError("cannot beaver a beaver: raccoons are not in the rules (X2)")
        if not self._rules.beavers:
            raise RuleViolationError("cannot beaver: beavers (X2) are not allowed in these rules")
        value = 4 * self._cube_value
        if not self._rules.cube_allows(value):
            raise RuleViolationError(f"cannot beaver: the cube would reach {value}, above its limit of "
                                     f"{self._rules.cube_limit} (V2, X2)")
        self._cube_value *= 2  # the double is taken ...
        self._cube_owner = taker
        self._beaver_pending = True  # ... and redoubled: the doubler must answer
        self._record(Beaver(taker, value))

    def resign(self, kind: ResultKind | str | int | None = None, *, player: int | None = None) -> None:
        """``player`` (default: whoever must act now) resigns, at any time (V3).

        The result kind is judged from the position at this moment (R23: single if the
        resigner has borne off a checker, else backgammon if one is on the bar or in the
        opponent's home board, else gammon), then the ending mode (V1), the Jacoby rule
        (X1) and the cube apply. ``kind`` may concede more than the position shows, never less.

        >>> g = Game(starter=0); g.resign("single")
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: player 0 cannot resign a single game: the position makes it a backgammon (V3, R23)
        >>> g.resign(); g.result.kind, g.result.points
        (<ResultKind.BACKGAMMON: 3>, 3)
        """
        self._not_over("resign")
        if player is None:
            player = self.player_to_act
            if player is None:
                raise RuleViolationError("before the opening roll, say which player resigns: "
                                         "resign(player=0) or resign(player=1) (V3)")
        player = _check_player(player)
        judged = result_kind(self._position, player)
        conceded = judged if kind is None else ResultKind.of(kind)
        if conceded < judged:
            word = "single game" if conceded is ResultKind.SINGLE else str(conceded)
            raise RuleViolationError(f"player {player} cannot resign a {word}: the position makes it a "
                                     f"{judged} (V3, R23)")
        self._state = GameState.OVER
        self._dice = None
        self._legal = None
        self._record(Resign(player, conceded))
        self._finish(1 - player, conceded, "resign")

    def _finish(self, winner: int | None, kind: ResultKind | None, how: str) -> None:
        self._state = GameState.OVER
        self._dice = None
        self._legal = None
        if winner is None:
            result = GameResult(None, None, 0, self._cube_value, "draw")
        elif how == "drop":   # R26: the value before the offer, no gammon multiplier
            result = GameResult(winner, ResultKind.SINGLE, self._rules.points(ResultKind.SINGLE, self._cube_value),
                                self._cube_value, how)
        else:                 # R23, V1, X1
            points = self._rules.points(kind, self._cube_value, cube_turned=self._cube_owner is not None)  # type: ignore[arg-type]
            result = GameResult(winner, kind, points, self._cube_value, how)
        self._result = result
        self._record(GameOver(result))

    # ----------------------------------------------------------------- replay
    @classmethod
    def replay(cls, events: Sequence[Event], rng=None) -> "Game":
        """Rebuild a game from its record, checking every step against the rules.

        Each action in the record (opening rolls, rolls, cube actions, plays, resignations)
        is made again; the events the game then records must equal the recorded ones,
        including the automatic ones (:class:`AutomaticDouble`, :class:`Pass`,
        :class:`FinalRoll`, :class:`GameOver`). A record that breaks a rule or disagrees
        raises :class:`~bgsim.errors.RuleViolationError` with the event's index. A partial
        record gives a game that can go on (with ``rng`` for its dice).

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7")
        (6, 1)
        >>> Game.replay(g.events).position == g.position
        True
        >>> Game.replay(g.events[:1] + (Roll(0, (6, 1)), Roll(1, (2, 2))))
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: replay, event 2 (player 1 rolls 2-2): player 0 has already rolled 6-1: play it now (R10)
        """
        events = list(events)
        if not events or not isinstance(events[0], GameStart):
            raise RuleViolationError("replay: a game record begins with a GameStart event")
        game = cls.__new__(cls)
        game._rng = rng_from(rng)
        game._start(events[0])
        i = 1
        while i < len(events):
            ev = events[i]
            mark = len(game._events)
            try:
                if isinstance(ev, OpeningRoll):
                    game.roll(dice=ev.dice)
                elif isinstance(ev, Roll):
                    game.roll(dice=ev.dice, player=ev.player)
                elif isinstance(ev, Double):
                    game.double(player=ev.player)
                elif isinstance(ev, Take):
                    game.take(player=ev.player)
                elif isinstance(ev, Drop):
                    game.drop(player=ev.player)
                elif isinstance(ev, Beaver):
                    game.beaver(player=ev.player)
                elif isinstance(ev, Move):
                    if game._position != ev.position:
                        raise RuleViolationError("the recorded position before the play is not the game's")
                    game.play(ev.play, player=ev.player)
                elif isinstance(ev, Resign):
                    game.resign(ev.kind, player=ev.player)
                elif isinstance(ev, (AutomaticDouble, Pass, FinalRoll, GameOver, GameStart)):
                    raise RuleViolationError("the rules do not produce this event here")
                else:
                    raise RuleViolationError(f"unknown event type {type(ev).__name__}")
            except RuleViolationError as exc:
                raise RuleViolationError(f"replay, event {i} ({ev}): {exc}") from exc
            produced = game._events[mark:]
            for k, got in enumerate(produced):
                j = i + k
                if j >= len(events):
                    if isinstance(got, (AutomaticDouble, Pass, FinalRoll, GameOver)):
                        break  # a record cut just before an automatic event: fine
                    raise RuleViolationError(f"replay, event {j}: the record ends early")  # pragma: no cover
                if events[j] != got:
                    raise RuleViolationError(f"replay, event {j} ({events[j]}): the rules give {got} instead")
            i += len(produced)
        return game

    def __repr__(self) -> str:
        cube = "centred" if self._cube_owner is None else f"owned by player {self._cube_owner}"
        return (f"<Game {self._state.value}, player on roll {self.player_on_roll}, dice {self._dice}, "
                f"cube {self._cube_value} {cube}, {len(self._events)} events>")
