"""Checking a game's record by playing it again (behind :meth:`Game.replay <bgsim.game.game.Game.replay>`).

A :class:`Replayer` visits each recorded event and makes its action again in a game set up
from the record's :class:`~bgsim.game.events.GameStart`; :func:`replay_events` then compares what
the game records, automatic events included, with the record. A record that breaks a rule
or disagrees is refused with a :class:`~bgsim.engine.errors.RuleViolationError` naming the event
(and keeping the rule of the refusal it wraps, as ``.rule``).

>>> from bgsim.game.events import Roll
>>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7")
(6, 1)
>>> again = Game(starter=0); replay_events(again, g.events); again.events == g.events
True
>>> replay_events(Game(starter=0), g.events[:1] + (Roll(1, (2, 2)),))
Traceback (most recent call last):
...
bgsim.engine.errors.RuleViolationError: replay, event 1 (Dark rolls 2-2): Dark cannot roll: it is Light's
turn (P1: a roll out of turn is void)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.errors import Refusal, RuleViolationError
from ..engine.plays import Play
from ..engine.position import Position
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
    GameStart,
    Move,
    OpeningRoll,
    Pass,
    Resign,
    ResignationAccepted,
    ResignationOffer,
    ResignationRejected,
    Roll,
    Take,
)
from .rules import ResultKind

__all__ = ["Replayable", "Replayer", "record_start", "replay_events"]


class Replayable(Protocol):
    """What a replay needs of a game: its actions, its position and its subscribers (a
    :class:`~bgsim.game.game.Game`)."""

    @property
    def position(self) -> Position: ...

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]: ...

    def roll(self, dice: tuple[int, int] | None = None, *, player: int | None = None) -> tuple[int, int] | None: ...

    def play(self, play: Play | str, *, player: int | None = None) -> None: ...

    def double(self, *, player: int | None = None) -> None: ...

    def take(self, *, player: int | None = None) -> None: ...

    def drop(self, *, player: int | None = None) -> None: ...

    def beaver(self, *, player: int | None = None) -> None: ...

    def resign(self, kind: ResultKind | str | int | None = None, *, player: int | None = None) -> None: ...

    def offer_resignation(self, kind: ResultKind | str | int, *, player: int | None = None) -> None: ...

    def accept_resignation(self, *, player: int | None = None) -> None: ...

    def reject_resignation(self, *, player: int | None = None) -> None: ...


class Replayer(EventVisitor[None]):
    """Makes each recorded action again in a game; the events the rules add by themselves are refused."""

    def __init__(self, game: Replayable) -> None:
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


def record_start(events: Sequence[Event]) -> GameStart:
    """The :class:`~bgsim.game.events.GameStart` a game record begins with; refused when it begins otherwise.

    >>> record_start([])
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: replay: a game record begins with a GameStart event
    """
    if not events or not isinstance(events[0], GameStart):
        raise RuleViolationError("replay: a game record begins with a GameStart event")
    return events[0]


def replay_events(game: Replayable, events: Sequence[Event]) -> None:
    """Make every action of ``events`` (after its GameStart) again in ``game``, set up from that GameStart.

    The events the game records must equal the recorded ones, including the automatic
    ones; a record cut just before an automatic event is fine (the game goes on).
    """
    made: list[Event] = []
    stop = game.subscribe(made.append)
    try:
        replayer = Replayer(game)
        i = 1
        while i < len(events):
            ev = events[i]
            made.clear()
            if not isinstance(ev, Event):
                raise RuleViolationError(f"replay, event {i}: a record holds events, not {type(ev).__name__}")
            if getattr(replayer, ev.visit_name, None) is None:   # a kind of event bgsim does not know (no words)
                raise RuleViolationError(f"replay, event {i}: unknown event type {type(ev).__name__}")
            try:
                ev.accept(replayer)
            except RuleViolationError as exc:
                raise RuleViolationError(Refusal(f"replay, event {i} ({ev}): {exc}", exc.rule, cite=False)) from exc
            for k, got in enumerate(made):
                j = i + k
                if j >= len(events):
                    if isinstance(got, _AUTOMATIC):
                        break  # a record cut just before an automatic event: fine
                    raise RuleViolationError(f"replay, event {j}: the record ends early")  # pragma: no cover
                if events[j] != got and not _same_take(events[j], got):
                    raise RuleViolationError(f"replay, event {j} ({events[j]}): the rules give {got} instead")
            i += len(made)
    finally:
        stop()
