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
    AWAITING_DOUBLE_OR_ROLL or AWAITING_PLAY --offer_resignation(kind)--> AWAITING_RESIGNATION_ANSWER (R30)
    AWAITING_RESIGNATION_ANSWER --accept_resignation()--> OVER
                                --reject_resignation()--> back where the offer was made (play goes on)
    any state but OVER --resign()--> OVER (V3)

A roll with no legal move is passed automatically and recorded as :class:`Pass` (R12).

Players are 0 and 1; the :class:`~bgsim.position.Position` the game owns is seen from the
player on roll (its ``turn``). Every random element (the dice) comes from the
``numpy.random.Generator`` (or seed) the game is given; ``roll(dice=...)`` sets the dice by
hand for teaching and replays.

The game's parts live in their own modules: the events of the record, the result and the
snapshots in :mod:`bgsim.events`, the cube in :mod:`bgsim.cube`; the game itself keeps the
turn flow. A view learns of every recorded event through :meth:`Game.subscribe`.

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

import re
from collections.abc import Callable, Sequence

import numpy as np

from . import ids as _ids
from .cube import Cube
from .dice import check_dice, rng_from
from .errors import (
    IllegalGamePlayError,
    IllegalPlayError,
    RuleViolationError,
)
from .events import (
    AutomaticDouble,
    Beaver,
    CarriedDouble,
    Double,
    Drop,
    Event,
    EventVisitor,
    FinalRoll,
    GameOver,
    GameResult,
    GameSnapshot,
    GameStart,
    GameState,
    Move,
    OpeningRoll,
    Pass,
    Resign,
    ResignationAccepted,
    ResignationOffer,
    ResignationRejected,
    Roll,
    Subscribers,
    Take,
)
from .plays import LegalPlays, Play
from .position import Position
from .rules import ResultKind, Rules, result_kind

__all__ = ["Game"]

_RULE_ID = re.compile(r"\b[RVPX]\d")


def _illegal(exc: IllegalPlayError) -> IllegalGamePlayError:
    """The engine's complaint as a game error; a rule id is added when the message has none."""
    text = str(exc)
    if not _RULE_ID.search(text):
        text += " (R5-R21: not a legal play of this roll)"
    return IllegalGamePlayError(text)


def _check_player(value: object, what: str = "player") -> int:
    if value not in (0, 1) or isinstance(value, bool):
        raise RuleViolationError(f"{what} must be player 0 or 1, not {value!r}")
    return int(value)


class _Replayer(EventVisitor[None]):
    """Makes each recorded action again in a game (the visitor behind :meth:`Game.replay`)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def visit_opening_roll(self, event: OpeningRoll) -> None:
        self.game.roll(dice=event.dice)

    def visit_roll(self, event: Roll) -> None:
        self.game.roll(dice=event.dice, player=event.player)

    def visit_double(self, event: Double) -> None:
        self.game.double(player=event.player)

    def visit_take(self, event: Take) -> None:
        self.game.take(player=event.player)

    def visit_drop(self, event: Drop) -> None:
        self.game.drop(player=event.player)

    def visit_beaver(self, event: Beaver) -> None:
        self.game.beaver(player=event.player)

    def visit_move(self, event: Move) -> None:
        if self.game.position != event.position:
            raise RuleViolationError("the recorded position before the play is not the game's")
        self.game.play(event.play, player=event.player)

    def visit_resign(self, event: Resign) -> None:
        self.game.resign(event.kind, player=event.player)

    def visit_resignation_offer(self, event: ResignationOffer) -> None:
        self.game.offer_resignation(event.kind, player=event.player)

    def visit_resignation_accepted(self, event: ResignationAccepted) -> None:
        self.game.accept_resignation(player=event.player)

    def visit_resignation_rejected(self, event: ResignationRejected) -> None:
        self.game.reject_resignation(player=event.player)

    def _automatic(self, event: Event) -> None:
        raise RuleViolationError("the rules do not produce this event here")

    visit_game_start = visit_automatic_double = visit_pass = visit_final_roll = visit_game_over = _automatic
    visit_carried_double = _automatic

    def unhandled(self, event: Event) -> None:
        raise RuleViolationError(f"unknown event type {type(event).__name__}")


def _same_take(recorded: Event, made: Event) -> bool:
    """A take recorded without its owner (records written before beaver takes named it) matches."""
    return (isinstance(recorded, Take) and isinstance(made, Take) and recorded.owner is None
            and (recorded.player, recorded.cube_value) == (made.player, made.cube_value))


_AUTOMATIC = (AutomaticDouble, CarriedDouble, Pass, FinalRoll, GameOver)


# ----------------------------------------------------------------------------- the game
class Game:
    """One game under a :class:`~bgsim.rules.Rules`, driven by its methods.

    Parameters
    ----------
    rules : Rules, optional
        The settings (default: money play, ``Rules()``).
    rng : int, SeedSequence or numpy.random.Generator, optional
        Where the dice come from (a seed is turned into a fresh Generator; default: fresh
        entropy from the operating system).
    starter : int, optional
        Skip the opening roll: this player (0 or 1) starts by rolling both dice (R4b).
    position : Position, optional
        Start from this position instead of R3's (its player on roll starts; for teaching
        and studies).
    crawford_game : bool
        The Crawford game of a match (R28: no cube).
    cube_value, cube_owner : int, optional
        The cube at the start, with ``position`` (``cube_owner=None``: in the middle).

    Raises
    ------
    RuleViolationError
        A starter or cube the rules do not allow (R22, R24, R26, R28, V2), or a position
        with the wrong number of checkers (R2, X3).
    InvalidSettingError
        A seed numpy cannot use (e.g. ``rng=-1``).
    TypeError
        ``rules`` that is not a :class:`~bgsim.rules.Rules`, ``position`` that is not a
        :class:`~bgsim.position.Position`.

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

    #: The score and (in a match) the Jacoby flag an ID gave (:meth:`from_xgid`,
    #: :meth:`from_gnubg_ids`), so the game writes them back as it read them.
    _id_score: tuple[int, int] = (0, 0)
    _id_jacoby: bool = True

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
        self._subscribers = Subscribers()
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
        if owner is not None:
            _check_player(owner, "cube_owner")
        cube = ev.cube          # checks the value (R24, R26)
        if (v != 1 or owner is not None) and ev.crawford_game:
            raise RuleViolationError("the cube is not used in the Crawford game: it stays at 1 in the middle (R28)")
        if (v != 1 or owner is not None) and not rules.cube_enabled:
            raise RuleViolationError("the cube is off (V2): it stays at 1 in the middle")
        if not rules.cube_allows(v):
            raise RuleViolationError(f"cube value {v} is above the cube limit {rules.cube_limit} (V2)")
        self._rules = rules
        self._position = ev.position
        self._starter = ev.starter
        self._crawford = ev.crawford_game
        self._cube = cube
        self._dice: tuple[int, int] | None = None
        self._legal: LegalPlays | None = None
        self._final_roll = False
        self._result: GameResult | None = None
        self._offer: tuple[int, ResultKind, GameState] | None = None   # R30: offerer, kind, state to go back to
        self._refused: set[tuple[int, int, ResultKind]] = set()       # R30: (turn number, player, kind) refused
        self._turns = 0                                                 # plays and passes so far
        self._carried = 0                                               # R29 carry-over: ties carried on
        self._state = GameState.OPENING if ev.starter is None else GameState.AWAITING_DOUBLE_OR_ROLL
        self._events: list[Event] = []
        self._history: list[GameSnapshot] = []
        self._record(ev)

    def _record(self, ev: Event) -> None:
        self._events.append(ev)
        self._history.append(GameSnapshot(
            len(self._events) - 1, ev, self._position, self._state, self.player_on_roll, self.player_to_act,
            self._dice, self._cube, self._crawford, self._final_roll, self._result,
            None if self._offer is None else self._offer[1]))
        self._subscribers.notify(ev)

    # ----------------------------------------------------------------- views
    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` after each event the game records from now on; returns the unsubscribe function.

        The game's state is already up to date when the callback runs (a view can redraw
        from :meth:`snapshot`). Unsubscribing twice is harmless.

        >>> g = Game(starter=0)
        >>> seen = []
        >>> stop = g.subscribe(seen.append)
        >>> g.roll(dice=(6, 1)); g.play("13/7 8/7")
        (6, 1)
        >>> stop(); g.double()
        >>> [str(e) for e in seen]
        ['player 0 rolls 6-1', 'player 0 plays 13/7 8/7 (6-1)']
        """
        return self._subscribers.add(callback)

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
            return self._cube.answerer
        if self._state is GameState.AWAITING_RESIGNATION_ANSWER:
            return 1 - self._offer[0]  # type: ignore[index]
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
        return self._cube.value

    @property
    def cube_owner(self) -> int | None:
        """The player who owns the cube, or ``None`` while it is in the middle (R24, R26).

        >>> Game().cube_owner is None
        True
        """
        return self._cube.owner

    @property
    def cube(self) -> Cube:
        """The cube as a :class:`~bgsim.cube.Cube` value: value, owner, and a double or beaver waiting for an answer.

        >>> g = Game(starter=0); g.double(); g.cube
        Cube(value=1, owner=None, doubler=0)
        """
        return self._cube

    @property
    def cube_turned(self) -> bool:
        """True once a double has been offered and taken (or beavered) in this game (for the Jacoby rule, X1).

        Automatic doubles (R29) leave the cube in the middle and do not turn it.

        >>> Game().cube_turned
        False
        """
        return self._cube.turned

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

    def legal_plays(self) -> Sequence[Play]:
        """The legal plays of the rolled dice (R5-R21, V5 when the rules say so); empty when no dice are rolled.

        A :class:`~bgsim.plays.LegalPlays` (immutable, list-like, each play built when first
        asked for), or ``[]``.

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); len(g.legal_plays())
        (6, 1)
        10
        """
        return self._legal if self._legal is not None and self._state is GameState.AWAITING_PLAY else []

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
            return self._cube.why_no_double(on_roll, self._rules)
        if s is GameState.AWAITING_RESIGNATION_ANSWER:
            return self._offer_pending()
        if player is not None and _check_player(player) != on_roll:
            return f"player {player} cannot double: it is player {on_roll}'s turn (R25: only on one's own turn)"
        if s is GameState.AWAITING_PLAY:
            return f"player {on_roll} has already rolled: a double comes before the roll (R25)"
        return self._cube.why_no_double(on_roll, self._rules, crawford_game=self._crawford,
                                        final_roll=self._final_roll)

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
        return self._state is GameState.AWAITING_ANSWER and self._cube.can_beaver(self._rules)

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
    def roll(self, dice: tuple[int, int] | None = None, *, player: int | None = None) -> tuple[int, int] | None:
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
                self._opening_throw(check_dice(dice, what="an opening roll", error=RuleViolationError))
            else:
                while self._state is GameState.OPENING:
                    a, b = self._rng.integers(1, 7, size=2)
                    self._opening_throw((int(a), int(b)))
            return self._dice
        on_roll = self._position.turn
        if s is GameState.AWAITING_ANSWER:
            raise RuleViolationError(f"player {self.player_to_act} must first take or drop the double (R26)")
        if s is GameState.AWAITING_RESIGNATION_ANSWER:
            raise RuleViolationError(f"cannot roll: {self._offer_pending()}")
        if s is GameState.AWAITING_PLAY:
            d1, d2 = self._rolled()
            raise RuleViolationError(f"player {on_roll} has already rolled {d1}-{d2}: play it now (R10)")
        self._require_actor(player, on_roll, "roll", "P1: a roll out of turn is void")
        if dice is None:
            a, b = self._rng.integers(1, 7, size=2)
            dice = (int(a), int(b))
        else:
            dice = check_dice(dice, what="a roll", error=RuleViolationError)
        self._dice = dice
        self._state = GameState.AWAITING_PLAY
        self._record(Roll(on_roll, dice))
        self._offer_plays()
        return dice

    def _rolled(self) -> tuple[int, int]:
        """The dice rolled and not yet played (called only in the states that have them)."""
        dice = self._dice
        assert dice is not None, "no dice are rolled"
        return dice

    def _opening_throw(self, dice: tuple[int, int]) -> None:
        ev = OpeningRoll(dice)
        starter = ev.starter
        if starter is None:
            self._record(ev)
            r = self._rules
            if self._cube.can_auto_double(r):
                self._cube = self._cube.auto_doubled()   # R29: the tie doubles the centred cube
                self._record(AutomaticDouble(self._cube.value))
            elif r.carry_over and self._cube.automatic_doubles >= r.automatic_doubles:
                self._carried += 1                       # R29, seed 004: the doubling goes to the next game
                self._record(CarriedDouble(self._carried))
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
        plays = self._position.legal_plays(self._rolled(), caucasian=self._rules.caucasian)
        self._legal = plays
        if len(plays) == 1 and plays[0].is_empty:  # R12: nothing can move, the turn is forfeited
            mover = self._position.turn
            before = self._position
            self._turns += 1
            self._position = before.play(plays[0])
            dice = self._rolled()
            self._dice = None
            self._legal = None
            if self._final_roll:
                self._state = GameState.OVER  # placeholder until _finish records the result
                self._record(Pass(mover, dice, before))
                self._finish_final_roll()
            else:
                self._state = GameState.AWAITING_DOUBLE_OR_ROLL
                self._record(Pass(mover, dice, before))

    def _resolve(self, play: Play | str) -> Play:
        pos, dice, caucasian = self._position, self._rolled(), self._rules.caucasian
        legal = self._legal
        assert legal is not None   # a play is resolved only while the legal plays are offered
        if isinstance(play, Play):
            if legal._cached_index(play) >= 0:   # one of ours, as handed out: nothing to check
                return play
            if sorted(play.dice) != sorted(dice):
                raise IllegalGamePlayError(
                    f"{play} is a play of {play.dice[0]}-{play.dice[1]}, but the roll is {dice[0]}-{dice[1]} (R5)")
        elif isinstance(play, str):
            try:
                play = legal.resolve(play)
            except IllegalPlayError as exc:
                raise _illegal(exc) from exc
            if legal._cached_index(play) >= 0:   # parse_play returns one of the legal plays
                return play
        else:
            raise TypeError(f"play must be a Play or a string, not {type(play).__name__}")
        after = play.after if play.before == pos and play.caucasian == caucasian else None
        i = legal._index_of_after(after) if after is not None else -1
        if i >= 0:
            return legal[i]
        try:
            after = pos.play(play, caucasian=caucasian)
        except IllegalPlayError as exc:
            raise _illegal(exc) from exc
        i = legal._index_of_after(after)
        if i < 0:  # pragma: no cover - the engine agreed with itself so far
            raise IllegalGamePlayError(f"{play} is not a legal play of {dice} here (R5-R21)")
        return legal[i]

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
        bgsim.errors.IllegalGamePlayError: 13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)
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
        if s is GameState.AWAITING_RESIGNATION_ANSWER:
            raise RuleViolationError(f"cannot play: {self._offer_pending()}")
        if s is GameState.AWAITING_DOUBLE_OR_ROLL:
            raise RuleViolationError(f"player {on_roll} must roll before playing: a play uses the dice just "
                                     f"rolled (R5, R25)")
        self._require_actor(player, on_roll, "play", "R10: the player on roll plays the dice they rolled")
        chosen = self._resolve(play)
        self._turns += 1
        before = self._position
        after = chosen.after
        assert after is not None   # a legal play from the engine knows the position it leads to
        self._position = after
        self._dice = None
        self._legal = None
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
        assert winner is not None   # a final roll (V4) follows a game that someone started
        self._finish(winner, result_kind(self._position, 1 - winner), "bearoff")

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
        self._cube = self._cube.doubled(self._position.turn)
        self._state = GameState.AWAITING_ANSWER
        offered = self._cube.offered_value
        assert offered is not None   # the double just made waits for an answer
        self._record(Double(self._position.turn, offered))

    def _answer(self, player: int | None, action: str) -> int:
        self._not_over(action)
        if self._state is not GameState.AWAITING_ANSWER:
            raise RuleViolationError(f"cannot {action}: no double has been offered (R26)")
        answerer = self.player_to_act
        if player is not None and _check_player(player) != answerer:
            beaver = self._cube.beaver_pending
            what = "the beaver" if beaver else "the double"
            raise RuleViolationError(f"player {player} cannot {action} now: player {answerer} answers {what} "
                                     f"({'X2' if beaver else 'R26'})")
        assert answerer is not None   # a double is waiting, so the cube names who answers it
        return answerer

    def take(self, *, player: int | None = None) -> None:
        """Accept the double (R26): the cube doubles and the taker owns it; the doubler then rolls.

        >>> g = Game(starter=0); g.double(); g.take(); (g.cube_value, g.cube_owner, g.state.value)
        (2, 1, 'awaiting_double_or_roll')
        """
        taker = self._answer(player, "take")
        self._cube = self._cube.taken()   # X2: after a beaver the beaverer keeps the cube
        self._state = GameState.AWAITING_DOUBLE_OR_ROLL
        owner = self._cube.owner
        self._record(Take(taker, self._cube.value, None if owner == taker else owner))

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
        self._cube = self._cube.dropped()
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
        problem = self._cube.why_no_beaver(self._rules)
        if problem is not None:
            raise RuleViolationError(problem if problem.startswith("cannot") else f"cannot beaver: {problem}")
        self._cube = self._cube.beavered()   # the double is taken and redoubled: the doubler must answer
        value = self._cube.offered_value
        assert value is not None   # the redouble is waiting for an answer
        self._record(Beaver(taker, value))

    def resign(self, kind: ResultKind | str | int | None = None, *, player: int | None = None) -> None:
        """``player`` (default: whoever must act now) resigns at once, at any time (V3).

        The result kind is judged from the position at this moment (R23: single if the
        resigner has borne off a checker, else backgammon if one is on the bar or in the
        opponent's home board, else gammon), then the ending mode (V1), the Jacoby rule
        (X1) and the cube apply. ``kind`` may concede more than the position shows, never less.

        This is the game site's rule (V3) and works under every setting of
        ``Rules.resignation``; under the standard rule (R30, ``resignation="offer"``) it
        stands for an offer of at least what the position shows, accepted at once. To
        offer less and let the opponent decide, use :meth:`offer_resignation`.

        >>> g = Game(starter=0); g.resign("single")
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: player 0 cannot resign a single game: the position makes it a backgammon
        (V3, R23)
        >>> g.resign(); g.result.kind, g.result.points
        (<ResultKind.BACKGAMMON: 3>, 3)
        """
        self._not_over("resign")
        if self._state is GameState.AWAITING_RESIGNATION_ANSWER:
            raise RuleViolationError(f"cannot resign now: {self._offer_pending()}")
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

    # ----------------------------------------------------------------- resignation offers (R30)
    @property
    def resignation_offer(self) -> tuple[int, ResultKind] | None:
        """The resignation offer waiting for an answer, as (offering player, kind), or ``None`` (R30).

        >>> g = Game(starter=0); g.offer_resignation("gammon"); g.resignation_offer
        (0, <ResultKind.GAMMON: 2>)
        """
        return None if self._offer is None else (self._offer[0], self._offer[1])

    def _offer_pending(self) -> str:
        offerer, kind, _ = self._offer  # type: ignore[misc]
        word = "single game" if kind is ResultKind.SINGLE else str(kind)
        return (f"player {offerer} has offered to resign a {word}; player {1 - offerer} must first accept or "
                f"refuse it (R30)")

    def why_no_resignation_offer(self, kind: ResultKind | str | int, player: int | None = None) -> str | None:
        """Why ``player`` (default: the player on roll) may not offer to resign ``kind`` now (citing
        the rule); ``None`` if they may.

        An offer is made on one's own turn, before or after rolling, never while a double
        or another offer waits for an answer (R26, R30); a refused offer of a kind may not
        be repeated in the same turn (R30); the rules must use offers (``resignation="offer"``;
        under V3 use :meth:`resign`).

        >>> g = Game(starter=0); g.why_no_resignation_offer("single", player=1)
        "player 1 cannot offer to resign: it is player 0's turn (R30: on one's own turn)"
        """
        k = ResultKind.of(kind)
        s = self._state
        if self._rules.resignation != "offer":
            return ("these rules judge a resignation from the position (V3), without offers: use resign()")
        if s is GameState.OVER:
            return "the game is over (R22)"
        if s is GameState.OPENING:
            return "the opening roll has not decided who starts yet; an offer comes on one's own turn (R4, R30)"
        if s is GameState.AWAITING_RESIGNATION_ANSWER:
            return self._offer_pending()
        if s is GameState.AWAITING_ANSWER:
            return f"player {self.player_to_act} must first take or drop the double (R26)"
        on_roll = self._position.turn
        if player is not None and _check_player(player) != on_roll:
            return f"player {player} cannot offer to resign: it is player {on_roll}'s turn (R30: on one's own turn)"
        if (self._turns, on_roll, k) in self._refused:
            word = "single game" if k is ResultKind.SINGLE else str(k)
            return (f"player {on_roll}'s offer to resign a {word} was refused this turn; it may not be repeated "
                    f"before the next turn (R30)")
        return None

    def offer_resignation(self, kind: ResultKind | str | int, *, player: int | None = None) -> None:
        """The player on roll offers to resign ``kind`` (R30): ``"single"``, ``"gammon"`` or ``"backgammon"``.

        The offer is made on one's own turn, before or after rolling; the opponent then
        calls :meth:`accept_resignation` (the game ends: the kind's multiplier under the
        ending mode V1 and the Jacoby rule X1, times the cube) or :meth:`reject_resignation`
        (play goes on where it stopped). Any kind may be offered, also less than the
        position shows: the opponent decides. An offer of a kind refused in this turn may
        not be repeated until the next turn. Under the game site's rule
        (``Rules(resignation="judged")``, V3) there are no offers: use :meth:`resign`.

        >>> g = Game(Rules.money(), starter=0); g.double(); g.take()
        >>> g.offer_resignation("gammon"); g.player_to_act        # player 1 must answer
        1
        >>> g.accept_resignation(); print(g.result)               # cube 2, a gammon: 4 points
        player 1 wins a gammon: 4 points (cube 2, resigned)
        >>> g = Game(starter=0); g.offer_resignation("single"); g.reject_resignation()
        >>> g.offer_resignation("single")
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: cannot offer to resign: player 0's offer to resign a single game was
        refused this turn; it may not be repeated before the next turn (R30)
        """
        k = ResultKind.of(kind)
        problem = self.why_no_resignation_offer(k, player)
        if problem is not None:
            raise RuleViolationError(problem if problem.startswith("player") and "cannot" in problem
                                     else f"cannot offer to resign: {problem}")
        offerer = self._position.turn
        self._offer = (offerer, k, self._state)
        self._state = GameState.AWAITING_RESIGNATION_ANSWER
        self._record(ResignationOffer(offerer, k))

    def _offer_answerer(self, player: int | None, action: str) -> tuple[int, ResultKind, GameState]:
        self._not_over(action)
        if self._state is not GameState.AWAITING_RESIGNATION_ANSWER:
            raise RuleViolationError(f"cannot {action}: no resignation has been offered (R30)")
        offerer, kind, resume = self._offer  # type: ignore[misc]
        if player is not None and _check_player(player) != 1 - offerer:
            raise RuleViolationError(f"player {player} cannot {action}: player {1 - offerer} answers player "
                                     f"{offerer}'s offer (R30)")
        return offerer, kind, resume

    def accept_resignation(self, *, player: int | None = None) -> None:
        """Accept the opponent's resignation offer (R30): the game ends, scored as the kind offered.

        The points are the kind's multiplier under the ending mode (V1) and the Jacoby
        rule (X1: in money play with Jacoby, a gammon counts single while the cube has not
        been turned), times the cube: "if a player resigns a gammon with the cube on 8, the
        winner gets 16 stakes".

        >>> g = Game(Rules.money(), starter=0, cube_value=8, cube_owner=1)
        >>> g.offer_resignation("gammon"); g.accept_resignation(); g.result.points
        16
        """
        offerer, kind, _ = self._offer_answerer(player, "accept the resignation")
        self._offer = None
        self._state = GameState.OVER
        self._record(ResignationAccepted(1 - offerer))
        self._finish(1 - offerer, kind, "resign", jacoby=self._rules.jacoby_resignations)

    def reject_resignation(self, *, player: int | None = None) -> None:
        """Refuse the opponent's resignation offer (R30): play goes on where it stopped.

        The same offer may not be made again in this turn.

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.offer_resignation("backgammon")
        (6, 1)
        >>> g.reject_resignation(); g.state.value, g.dice
        ('awaiting_play', (6, 1))
        """
        offerer, kind, resume = self._offer_answerer(player, "refuse the resignation")
        self._refused.add((self._turns, offerer, kind))
        self._offer = None
        self._state = resume
        self._record(ResignationRejected(1 - offerer))

    @property
    def carried_doubles(self) -> int:
        """How many doublings this game's opening-roll ties carry over to the next game (R29, ``carry_over``).

        >>> g = Game(Rules.money(automatic_doubles=1, carry_over=True))
        >>> g.roll(dice=(3, 3)); g.roll(dice=(5, 5)); g.roll(dice=(2, 1))
        (2, 1)
        >>> g.cube_value, g.carried_doubles
        (2, 1)
        """
        return self._carried

    def _finish(self, winner: int | None, kind: ResultKind | None, how: str, *, jacoby: bool = True) -> None:
        self._offer = None
        self._state = GameState.OVER
        self._dice = None
        self._legal = None
        if winner is None:
            result = GameResult(None, None, 0, self._cube.value, "draw")
        elif how == "drop":   # R26: the value before the offer, no gammon multiplier
            result = GameResult(winner, ResultKind.SINGLE, self._rules.points(ResultKind.SINGLE, self._cube.value),
                                self._cube.value, how)
        else:                 # R23, V1, X1
            assert kind is not None   # only a draw has no kind
            turned = self._cube.turned or not jacoby   # X1 (an accepted offer may be exempt: jacoby_resignations)
            points = self._rules.points(kind, self._cube.value, cube_turned=turned)
            result = GameResult(winner, kind, points, self._cube.value, how)
        self._result = result
        self._record(GameOver(result))

    # ----------------------------------------------------------------- replay
    @classmethod
    def replay(cls, events: Sequence[Event], rng=None) -> Game:
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
        bgsim.errors.RuleViolationError: replay, event 2 (player 1 rolls 2-2): player 0 has already rolled 6-1:
        play it now (R10)
        """
        events = list(events)
        if not events or not isinstance(events[0], GameStart):
            raise RuleViolationError("replay: a game record begins with a GameStart event")
        game = cls.__new__(cls)
        game._rng = rng_from(rng)
        game._subscribers = Subscribers()
        game._start(events[0])
        replayer = _Replayer(game)
        i = 1
        while i < len(events):
            ev = events[i]
            mark = len(game._events)
            try:
                if not isinstance(ev, Event):
                    raise RuleViolationError(f"a record holds events, not {type(ev).__name__}")
                ev.accept(replayer)
            except RuleViolationError as exc:
                raise RuleViolationError(f"replay, event {i} ({ev}): {exc}") from exc
            produced = game._events[mark:]
            for k, got in enumerate(produced):
                j = i + k
                if j >= len(events):
                    if isinstance(got, _AUTOMATIC):
                        break  # a record cut just before an automatic event: fine
                    raise RuleViolationError(f"replay, event {j}: the record ends early")  # pragma: no cover
                if events[j] != got and not _same_take(events[j], got):
                    raise RuleViolationError(f"replay, event {j} ({events[j]}): the rules give {got} instead")
            i += len(produced)
        return game

    # ----------------------------------------------------------------- standard IDs
    @classmethod
    def from_xgid(cls, text: str, rules: Rules | None = None, rng=None) -> Game:
        """The game at the point an XGID describes: position, cube, score, match length, Crawford, dice.

        The rules come from the XGID: a match of its length (R27, with the Crawford rule,
        R28), or money play with its Jacoby (X1) and beaver (X2) flags; a max cube other
        than XG's default 1024 becomes the cube limit (V2). ``rules`` may be given instead
        (e.g. other V1-V5 settings); it must agree with the XGID's match length, Jacoby and
        beaver flags. The player on roll (bgsim player 0 = XG's bottom player) is about to
        roll, or has rolled the XGID's dice (a roll that cannot be played passes at once,
        R12), or has doubled (``D``: the opponent must take or drop) or been beavered
        (``B``). The score is kept as :attr:`id_score` and written back by :meth:`xgid`.

        >>> g = Game.from_xgid("XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8")
        >>> g.rules.match_length, g.id_score, g.cube_value, g.cube_owner, g.player_on_roll, g.dice
        (5, (3, 2), 2, 1, 1, (4, 2))
        >>> g.xgid()
        'XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8'
        >>> Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", Rules.match(7))
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: the XGID is a money game, but the rules are a 7-point match (R27)

        Raises :class:`~bgsim.errors.ParseError` for a malformed XGID and
        :class:`~bgsim.errors.RuleViolationError` for a state the rules do not allow (a
        raccoon, ``R``, is not in the rules, X2).
        """
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        mine, theirs, on_roll, s = _ids.decode_xgid(text, checkers=15 if rules is None else rules.checkers)
        limit = None if s.max_cube == 1024 else s.max_cube
        if s.match_length:
            own = Rules.match(s.match_length, cube_limit=limit)
        else:
            own = Rules.money(jacoby=s.jacoby, beavers=s.beaver, cube_limit=limit)
        if rules is None:
            rules = own
        else:
            if rules.match_length != own.match_length:
                def kind(r: Rules) -> str:
                    return f"a {r.match_length}-point match" if r.is_match else "a money game"
                raise RuleViolationError(f"the XGID is {kind(own)}, but the rules are {kind(rules)} (R27)")
            if rules.is_money and (rules.jacoby, rules.beavers) != (s.jacoby, s.beaver):
                raise RuleViolationError(
                    f"the XGID has the Jacoby rule {'on' if s.jacoby else 'off'} and beavers "
                    f"{'on' if s.beaver else 'off'}, but the rules have them {'on' if rules.jacoby else 'off'} "
                    f"and {'on' if rules.beavers else 'off'} (X1, X2)")
        if s.cube_action == _ids.XG_RACCOONED:
            raise RuleViolationError("the XGID shows a raccoon (a beaver redoubled), which is not in the rules (X2)")
        game = cls._at(rules, rng, Position(mine, theirs, on_roll), s.score, s.crawford, s.cube_value,
                       s.cube_owner)
        if s.cube_action is not None:
            game.double()
            if s.cube_action == _ids.XG_BEAVERED:
                game.beaver()
        elif s.dice != (0, 0):
            game.roll(dice=s.dice)
        return game

    @classmethod
    def from_gnubg_ids(cls, position_id: str, match_id: str, rng=None) -> Game:
        """The game at the point a gnubg Position ID and Match ID describe.

        Players are gnubg's 0 and 1; the Position ID is seen from the Match ID's player on
        roll (the dice owner). The rules are a match of the Match ID's length (R27, R28) or
        money play with its Jacoby setting (X1). The game may be before the opening roll
        (game state "none" on the start position, R3), waiting for the roll, with dice
        rolled, or with a double offered (R26); a finished game or a resignation offer
        cannot be continued and is refused. The score is kept as :attr:`id_score`;
        :meth:`match_id` and :meth:`gnubg_id` write the IDs back.

        >>> g = Game.from_gnubg_ids("4HPwATDgc/ABMA", "QYkqASAAIAAA")   # the manual's Match ID
        >>> g.rules.match_length, g.id_score, g.cube_value, g.cube_owner, g.player_on_roll, g.dice
        (9, (2, 4), 2, 0, 1, (5, 2))
        >>> g.match_id()
        'QYkqASAAIAAA'
        >>> Game.from_gnubg_ids("4HPwATDgc/ABMA", "MAKgABAAEAAA")   # game state 2: over
        Traceback (most recent call last):
        ...
        bgsim.errors.RuleViolationError: the gnubg Match ID says the game is over (state 2); bgsim builds games
        still to be played (R22)
        """
        s = _ids.decode_match_id(match_id)
        mine, theirs = _ids.decode_position_id(position_id)
        rules = Rules.match(s.match_length) if s.match_length else Rules.money(jacoby=s.jacoby)
        if s.game_state not in (_ids.GAME_NONE, _ids.GAME_PLAYING):
            raise RuleViolationError(f"the gnubg Match ID says the game is over (state {s.game_state}); "
                                     "bgsim builds games still to be played (R22)")
        if s.resignation != _ids.RESIGN_NONE:
            raise RuleViolationError("the gnubg Match ID holds a resignation offer; bgsim reads games "
                                     "without one (V3)")
        expected_turn = 1 - s.player_on_roll if s.double_offered else s.player_on_roll
        if s.turn != expected_turn:
            raise RuleViolationError(
                f"the gnubg Match ID gives the turn to player {s.turn}, but player {s.player_on_roll} is on roll"
                + (" and has doubled: the opponent answers (R26)" if s.double_offered else " (R25)"))
        if s.double_offered and s.dice != (0, 0):
            raise RuleViolationError("the gnubg Match ID has a double offered after the dice were rolled; "
                                     "a double comes before the roll (R25)")
        position = Position(mine, theirs, s.player_on_roll)
        opening = (s.game_state == _ids.GAME_NONE and s.dice == (0, 0) and not s.double_offered
                   and s.player_on_roll == 0 and position == Position.initial())
        game = cls._at(rules, rng, None if opening else position, s.score, s.crawford, s.cube_value,
                       s.cube_owner)
        if s.match_length:
            game._id_jacoby = s.jacoby   # meaningless in a match; kept so the ID is written back as read
        if s.double_offered:
            game.double()
        elif s.dice != (0, 0):
            game.roll(dice=s.dice)
        return game

    @classmethod
    def _at(cls, rules: Rules, rng, position: Position | None, score: tuple[int, int], crawford: bool,
            cube_value: int, cube_owner: int | None) -> Game:
        """A game from ``position`` (``None``: before the opening roll) at a checked series score."""
        if rules.is_match:
            n = rules.match_length
            for k in (0, 1):
                if not 0 <= score[k] < n:
                    raise RuleViolationError(f"player {k} has {score[k]} points: in a {n}-point match a game "
                                             f"is played while both scores are below {n} (R27)")
            if crawford and [n - x for x in score].count(1) != 1:
                raise RuleViolationError(f"the Crawford game needs exactly one player 1 point away from {n} "
                                         f"(R28); the score is {score[0]}-{score[1]}")
        game = cls(rules, rng, position=position, crawford_game=crawford, cube_value=cube_value,
                   cube_owner=cube_owner)
        game._id_score = (int(score[0]), int(score[1]))
        return game

    @property
    def id_score(self) -> tuple[int, int]:
        """The score before this game, ``(player 0, player 1)``, as an ID gave it; ``(0, 0)`` otherwise.

        A game only knows the score when :meth:`from_xgid` or :meth:`from_gnubg_ids` made
        it; a :class:`~bgsim.match.Match` keeps the score of its games itself (pass
        ``score=match.score`` to :meth:`xgid` and :meth:`match_id`).

        >>> Game().id_score
        (0, 0)
        """
        return self._id_score

    def _id_score_for(self, score) -> tuple[int, int]:
        if score is None:
            return self.id_score
        try:
            a, b = score
        except (TypeError, ValueError):
            raise RuleViolationError(f"score must be (player 0's points, player 1's points), not {score!r}") from None
        return int(a), int(b)

    def _cube_for_id(self) -> tuple[Cube, bool, bool]:
        """The cube as the IDs show it (value and owner before a waiting double), double offered, beaver."""
        cube = self._cube
        if self._state is not GameState.AWAITING_ANSWER:
            return cube, False, False
        if not cube.beaver_pending:
            return cube, True, False
        for snap in reversed(self._history):   # the cube as the double left it, before the beaver
            if isinstance(snap.event, Double):
                return snap.cube, True, True
        raise RuleViolationError("a beaver without a double in the record")  # pragma: no cover

    def xgid(self, *, score: tuple[int, int] | None = None) -> str:
        """The XGID of the game now: position, cube, whose turn, dice, score, match length, Crawford.

        ``score`` (player 0, player 1) defaults to :attr:`id_score`. A double waiting for
        the answer is XG's ``D`` (``B`` after a beaver, X2), with the cube as it was before
        the double; before the opening roll the start position with player 0 to roll is
        written. The max cube is the rules' cube limit (V2), XG's 1024 when unlimited.

        >>> g = Game(Rules.match(5), starter=1)
        >>> g.double(); g.xgid(score=(1, 2))
        'XGID=-b----E-C---eE---c-e----B-:0:0:-1:D:1:2:0:5:10'
        """
        cube, offered, beavered = self._cube_for_id()
        rules = self._rules
        if rules.cube_limit is not None:
            max_cube = rules.cube_limit
        else:
            max_cube = 1024 if cube.value <= 1024 else 2 ** 15
        action = (_ids.XG_BEAVERED if beavered else _ids.XG_DOUBLED) if offered else None
        dice = self._dice if self._state is GameState.AWAITING_PLAY else None
        state = _ids.XgidState(
            cube_value=cube.value, cube_owner=cube.owner, dice=dice or (0, 0), cube_action=action,
            score=self._id_score_for(score), match_length=rules.match_length, crawford=self._crawford,
            jacoby=rules.is_money and rules.jacoby, beaver=rules.is_money and rules.beavers, max_cube=max_cube)
        return self._position.xgid(state)

    def gnubg_id(self) -> str:
        """The gnubg Position ID of the game now, seen from the player on roll (gnubg's convention).

        >>> Game().gnubg_id()
        '4HPwATDgc/ABMA'
        """
        return self._position.gnubg_id()

    def match_id(self, *, score: tuple[int, int] | None = None) -> str:
        """The gnubg Match ID of the game now: cube, turn, dice, score, match length, Crawford, Jacoby.

        ``score`` (player 0, player 1) defaults to :attr:`id_score`. Game state: "none"
        before the opening roll, "playing", or how the game ended (over, resigned, dropped).
        A beaver waiting for the answer (X2) has no Match ID form.

        >>> g = Game(Rules.match(9), starter=1, cube_value=2, cube_owner=0)
        >>> g.roll(dice=(5, 2)); g.match_id(score=(2, 4))     # the manual's example
        (5, 2)
        'QYkqASAAIAAA'
        """
        cube, offered, beavered = self._cube_for_id()
        if beavered:
            raise RuleViolationError("a beaver waiting for the answer (X2) has no gnubg Match ID form")
        s = self._state
        if s is GameState.OPENING:
            game_state = _ids.GAME_NONE
        elif s is GameState.OVER:
            how = self._result.how if self._result is not None else ""
            game_state = {"resign": _ids.GAME_RESIGNED, "drop": _ids.GAME_DROPPED}.get(how, _ids.GAME_OVER)
        else:
            game_state = _ids.GAME_PLAYING
        rules = self._rules
        on_roll = self._position.turn
        to_act = self.player_to_act
        state = _ids.MatchState(
            cube_value=cube.value, cube_owner=cube.owner, player_on_roll=on_roll, crawford=self._crawford,
            game_state=game_state, turn=on_roll if to_act is None else to_act, double_offered=offered,
            dice=self._rolled() if s is GameState.AWAITING_PLAY else (0, 0), match_length=rules.match_length,
            score=self._id_score_for(score),
            jacoby=rules.jacoby if rules.is_money else self._id_jacoby)
        return _ids.encode_match_id(state)

    def _repr_svg_(self) -> str:
        """Jupyter draws a game as its board: player 0 at the bottom, the cube, the dice to play."""
        from .svg import step_board  # presentation, imported only to draw

        return step_board(self.position, cube_value=self._cube.value, cube_owner=self._cube.owner,
                          dice=self._dice, caption=f"{len(self._events)} events, {self._state.value}")

    def __repr__(self) -> str:
        cube = "centred" if self._cube.owner is None else f"owned by player {self._cube.owner}"
        return (f"<Game {self._state.value}, player on roll {self.player_on_roll}, dice {self._dice}, "
                f"cube {self._cube.value} {cube}, {len(self._events)} events>")
