"""`BaseGame`: a game's state and record, read-only; the turn flow of :class:`~bgsim.game.game.Game` stands on it.

As python-chess keeps the pieces in ``BaseBoard`` under the rules of ``Board``, a
``BaseGame`` holds what a game is now (state, position, dice, cube, result, a resignation
offer) and what it has been (the record of events and the state after each), and answers
every question about them, "may I do this now?" included (:meth:`BaseGame.why_not`, from
the one table of :mod:`bgsim.game.game_guards`); :class:`~bgsim.game.game.Game` adds the actions that
change them. The ID writers (:mod:`bgsim.game.game_ids`) read a game through this class. The
examples use :class:`~bgsim.game.game.Game`, as users do.

>>> g = Game(starter=0); g.roll(dice=(6, 1))
(6, 1)
>>> isinstance(g, BaseGame), g.state.value, g.dice
(True, 'awaiting_play', (6, 1))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..engine.dice import rng_from
from ..engine.errors import Refusal, RuleViolationError
from ..engine.plays import LegalPlays, Play
from ..engine.position import Position
from .cube import Cube
from .events import Event, GameResult, GameSnapshot, GameStart, GameState, Subscribers
from .game_guards import check_player, refusal
from .rules import ResultKind, Rules

__all__ = ["BaseGame"]


class BaseGame:
    """A game's state and record, read-only (made by :class:`~bgsim.game.game.Game`, which acts on it).

    A ``BaseGame`` begins from a :class:`~bgsim.game.events.GameStart` (checked against its rules)
    and the generator its dice come from; every later change is recorded with
    :meth:`_record`, which also keeps the state after the event and tells the subscribers.
    """

    #: The score and (in a match) the Jacoby flag an ID gave (``Game.from_xgid``,
    #: ``Game.from_gnubg_ids``), so the game writes them back as it read them.
    _id_score: tuple[int, int] = (0, 0)
    _id_jacoby: bool = True

    def _begin(self, ev: GameStart, rng=None) -> None:
        """Set the game up from its first event (the starting position, cube and rules, checked)."""
        self._rng = rng_from(rng)
        self._subscribers = Subscribers()
        rules = ev.rules
        if ev.position.checkers != rules.checkers:
            raise RuleViolationError(Refusal(
                f"the position has {ev.position.checkers} checkers a side, but {rules.variant} uses "
                f"{rules.checkers}", "R2, X3"))
        if ev.position.is_game_over():
            raise RuleViolationError(Refusal("the position is already over: a side has borne off every checker",
                                             "R22"))
        if ev.crawford_game and not (rules.is_match and rules.crawford):
            raise RuleViolationError(Refusal("a Crawford game (R28) exists only in match play with the Crawford "
                                             "rule on", "R28", cite=False))
        v, owner = ev.cube_value, ev.cube_owner
        if owner is not None:
            check_player(owner, "cube_owner")
        cube = ev.cube          # checks the value (R24, R26)
        if (v != 1 or owner is not None) and ev.crawford_game:
            raise RuleViolationError(Refusal("the cube is not used in the Crawford game: it stays at 1 in the "
                                             "middle", "R28"))
        if (v != 1 or owner is not None) and not rules.cube_enabled:
            raise RuleViolationError(Refusal("the cube is off (V2): it stays at 1 in the middle", "V2", cite=False))
        if not rules.cube_allows(v):
            raise RuleViolationError(Refusal(f"cube value {v} is above the cube limit {rules.cube_limit}", "V2"))
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
        """Append ``ev`` to the record with the state after it, and tell the subscribers."""
        self._events.append(ev)
        self._history.append(GameSnapshot(
            len(self._events) - 1, ev, self._position, self._state, self.player_on_roll, self.player_to_act,
            self._dice, self._cube, self._crawford, self._final_roll, self._result,
            None if self._offer is None else self._offer[1]))
        self._subscribers.notify(ev)

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
        ['Light rolls 6-1', 'Light plays 13/7 8/7 (6-1)']
        """
        return self._subscribers.add(callback)

    # ----------------------------------------------------------------- what the game is now
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
        """What the game waits for (:class:`~bgsim.game.events.GameState`).

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

    def _rolled(self) -> tuple[int, int]:
        """The dice rolled and not yet played (called only in the states that have them)."""
        dice = self._dice
        assert dice is not None, "no dice are rolled"
        return dice

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
        """The cube as a :class:`~bgsim.game.cube.Cube` value: value, owner, and a double or beaver waiting for an
        answer.

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
        """How the game ended (:class:`~bgsim.game.events.GameResult`), or ``None`` while it goes on.

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

    def legal_plays(self) -> Sequence[Play]:
        """The legal plays of the rolled dice (R5-R21, V5 when the rules say so); empty when no dice are rolled.

        A :class:`~bgsim.engine.plays.LegalPlays` (immutable, list-like, each play built when first
        asked for), or ``[]``.

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); len(g.legal_plays())
        (6, 1)
        10
        """
        return self._legal if self._legal is not None and self._state is GameState.AWAITING_PLAY else []

    @property
    def resignation_offer(self) -> tuple[int, ResultKind] | None:
        """The resignation offer waiting for an answer, as (offering player, kind), or ``None`` (R30).

        >>> g = Game(starter=0); g.offer_resignation("gammon"); g.resignation_offer
        (0, <ResultKind.GAMMON: 2>)
        """
        return None if self._offer is None else (self._offer[0], self._offer[1])

    @property
    def refused_offers(self) -> frozenset[tuple[int, ResultKind]]:
        """The resignation offers refused in this turn, as (player, kind): not to be made again before the next
        turn (R30).

        >>> g = Game(starter=0); g.offer_resignation("single"); g.reject_resignation(); g.refused_offers
        frozenset({(0, <ResultKind.SINGLE: 1>)})
        """
        return frozenset((player, kind) for turn, player, kind in self._refused if turn == self._turns)

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

    @property
    def id_score(self) -> tuple[int, int]:
        """The score before this game, ``(player 0, player 1)``, as an ID gave it; ``(0, 0)`` otherwise.

        A game knows the score when ``Game.from_xgid`` or ``Game.from_gnubg_ids`` made it, or a
        :class:`~bgsim.game.match.Match` started it (the score before the game, so players can weigh the
        cube at the match score, R27); a game made by hand has ``(0, 0)``.

        >>> Game().id_score
        (0, 0)
        """
        return self._id_score

    # ----------------------------------------------------------------- what the game has been
    @property
    def events(self) -> tuple[Event, ...]:
        """The record: every event so far, beginning with :class:`~bgsim.game.events.GameStart`.

        >>> [type(e).__name__ for e in Game(starter=0).events]
        ['GameStart']
        """
        return tuple(self._events)

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
        Light plays 8/5 6/5 (3-1)
        """
        return "\n".join(str(e) for e in self._events)

    # ----------------------------------------------------------------- may I? (bgsim.game.game_guards)
    def why_not(self, action: str, player: int | None = None, *,
                kind: ResultKind | str | int | None = None) -> Refusal | None:
        """Why ``action`` may not be made now, as a :class:`~bgsim.engine.errors.Refusal` (the message the action would
        raise, and its rule); ``None`` if it may.

        ``action`` is the method's name (``"roll"``, ``"play"``, ``"double"``, ``"take"``,
        ``"drop"``, ``"beaver"``, ``"resign"``, ``"offer_resignation"``,
        ``"accept_resignation"``, ``"reject_resignation"``); ``player`` (default: whoever acts
        now) and ``kind`` (for resignations) as the method takes them. One table answers
        this and every action (:mod:`bgsim.game.game_guards`); whether a given play is legal is
        the engine's question (:meth:`legal_plays`).

        >>> g = Game(starter=0); g.roll(dice=(6, 1))
        (6, 1)
        >>> g.why_not("play") is None, g.why_not("roll").rule
        (True, 'R10')
        >>> print(g.why_not("double"))
        Light has already rolled: a double comes before the roll (R25)
        """
        return refusal(self, action, player, kind)

    def why_no_double(self, player: int | None = None) -> str | None:
        """Why ``player`` (default: the player on roll) may not double now, citing the rule; ``None`` if they may.

        >>> Game(Rules.match(5), starter=0, crawford_game=True).why_no_double()
        'no doubling in the Crawford game (R28)'
        """
        found = refusal(self, "double", player, lead=False)
        return None if found is None else str(found)

    def can_double(self, player: int | None = None) -> bool:
        """True when ``player`` (default: the player on roll) may double now (R25, R28, V2, V4).

        >>> g = Game(Rules.money(cube_limit=2), starter=0)
        >>> g.can_double(); g.double(); g.take(); g.can_double()
        True
        False
        """
        return self.why_not("double", player) is None

    def can_beaver(self) -> bool:
        """True when the doubled player may beaver now (X2 allowed and the cube limit, V2, not passed).

        >>> g = Game(Rules.money(beavers=True), starter=0); g.double(); g.can_beaver()
        True
        """
        return self.why_not("beaver") is None

    def why_no_resignation_offer(self, kind: ResultKind | str | int, player: int | None = None) -> str | None:
        """Why ``player`` (default: the player on roll) may not offer to resign ``kind`` now (citing
        the rule); ``None`` if they may.

        An offer is made on one's own turn, before or after rolling, never while a double
        or another offer waits for an answer (R26, R30); a refused offer of a kind may not
        be repeated in the same turn (R30); the rules must use offers (``resignation="offer"``;
        under V3 use :meth:`Game.resign <bgsim.game.game.Game.resign>`).

        >>> g = Game(starter=0); g.why_no_resignation_offer("single", player=1)
        "Dark cannot offer to resign: it is Light's turn (R30: on one's own turn)"
        """
        found = refusal(self, "offer_resignation", player, ResultKind.of(kind), lead=False)
        return None if found is None else str(found)

    def __repr__(self) -> str:
        cube = "centred" if self._cube.owner is None else f"owned by player {self._cube.owner}"
        return (f"<{type(self).__name__} {self._state.value}, player on roll {self.player_on_roll}, "
                f"dice {self._dice}, cube {self._cube.value} {cube}, {len(self._events)} events>")
