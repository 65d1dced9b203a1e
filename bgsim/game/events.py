"""The events of a game's record, how a game ended, and one visitor to handle them all.

A :class:`~bgsim.game.game.Game` records what happens as a list of :class:`Event` values
(``game.events``): :class:`GameStart` first, then opening rolls, rolls, plays, cube
actions ... and :class:`GameOver` last. Every event is a frozen value that says in words
what happened (``str(event)``, told by :class:`EventWords`) and has a JSON form
(:meth:`Event.to_dict`, :meth:`Event.from_dict`).

Code that does something different for each kind of event (replaying a record, telling it in
words, writing a ``.mat`` file) is an :class:`EventVisitor`: one ``visit_<kind>`` method per
event class, called through ``event.accept(visitor)``. A visitor that does not handle a kind
raises, so a new kind of event can never be skipped silently. The sentences a person reads
about events are made by visitors only: :class:`EventWords` here, and the voices of
:mod:`bgsim.game.narrator` that speak to a reader by name or as "You" (the move list, the
captions); a new event class needs its sentence in each.

>>> class Dice(EventVisitor):
...     def visit_roll(self, event):
...         return event.dice
...     def visit_game_start(self, event):
...         return None
>>> Roll(player=0, dice=(6, 1)).accept(Dice())
(6, 1)
>>> Double(0, 2).accept(Dice())
Traceback (most recent call last):
...
TypeError: Dice does not handle Double events: define visit_double
>>> Event.from_dict(Roll(1, (4, 4)).to_dict()) == Roll(1, (4, 4))
True
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from ..engine.errors import BgsimError, InvalidSettingError, ParseError
from ..engine.i18n import N_, _, ngettext, side_name
from ..engine.plays import Play
from ..engine.position import Position
from .cube import Cube
from .rules import ResultKind, Rules

__all__ = [
    "EVENT_TYPES",
    "AutomaticDouble",
    "Beaver",
    "CarriedDouble",
    "Double",
    "Drop",
    "Event",
    "EventVisitor",
    "EventWords",
    "FinalRoll",
    "GameOver",
    "GameResult",
    "GameSnapshot",
    "GameStart",
    "GameState",
    "Move",
    "OpeningRoll",
    "Pass",
    "Resign",
    "ResignationAccepted",
    "ResignationOffer",
    "ResignationRejected",
    "Roll",
    "Subscribers",
    "Take",
    "dice_words",
    "kind_words",
]

T = TypeVar("T")


class GameState(str, enum.Enum):
    """What a game waits for.

    >>> GameState.AWAITING_PLAY.value
    'awaiting_play'
    """

    OPENING = "opening"                                  # the opening roll (R4) has not decided who starts
    AWAITING_DOUBLE_OR_ROLL = "awaiting_double_or_roll"  # the player on roll may double (R25) or roll
    AWAITING_ANSWER = "awaiting_answer"                  # the opponent must take, drop or beaver (R26, X2)
    AWAITING_PLAY = "awaiting_play"                      # the dice are rolled, the player on roll plays
    AWAITING_RESIGNATION_ANSWER = "awaiting_resignation_answer"  # the opponent accepts or refuses an offer (R30)
    OVER = "over"                                        # see Game.result


_HOWS = ("bearoff", "drop", "resign", "draw")


@dataclass(frozen=True)
class GameResult:
    """How a game ended.

    Parameters
    ----------
    winner : int or None
        0 or 1; None for a draw (V4).
    kind : ResultKind or None
        Single, gammon or backgammon (R23; always single for a drop, R26); None for a draw.
    points : int
        What the winner wins: the multiplier under the ending mode (V1) and the Jacoby rule
        (X1), times the cube.
    cube : int
        The cube value the game was scored at (for a drop, the value before the refused double).
    how : str
        ``"bearoff"`` (R22), ``"drop"`` (R26), ``"resign"`` (an accepted offer, R30, or a resignation judged
        from the position, V3) or ``"draw"`` (V4).

    >>> r = GameResult(winner=0, kind=ResultKind.GAMMON, points=4, cube=2, how="bearoff")
    >>> r.loser, r.multiplier, str(r)
    (1, 2, 'Light wins a gammon: 4 points (cube 2)')
    >>> GameResult.from_dict(r.to_dict()) == r
    True
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

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-safe data (the kind by its name).

        >>> GameResult(1, ResultKind.SINGLE, 1, 1, "drop").to_dict()
        {'winner': 1, 'kind': 'single', 'points': 1, 'cube': 1, 'how': 'drop'}
        """
        return {"winner": self.winner, "kind": None if self.kind is None else self.kind.name.lower(),
                "points": self.points, "cube": self.cube, "how": self.how}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        """The result from :meth:`to_dict`'s data; malformed data raises :class:`~bgsim.engine.errors.ParseError`.

        >>> GameResult.from_dict({"winner": 0, "kind": "gammon", "points": 2, "cube": 1, "how": "bearoff"}).kind
        <ResultKind.GAMMON: 2>
        """
        try:
            kind = None if data["kind"] is None else ResultKind.of(data["kind"])
            how = data["how"]
            if how not in _HOWS:
                raise ParseError(f"a result ends by {', '.join(_HOWS)}, not {how!r}")
            return cls(_opt_int(data["winner"]), kind, int(data["points"]), int(data["cube"]), how)
        except (KeyError, TypeError) as exc:
            raise ParseError(f"not a game result: {data!r}") from exc

    def __str__(self) -> str:
        if self.winner is None:
            return _("draw: the last roll bore off every checker (V4)")
        extra = {"bearoff": "", "drop": _(", double dropped"), "resign": _(", resigned")}[self.how]
        return ngettext("{winner} wins a {kind}: {points} point (cube {cube}{extra})",
                        "{winner} wins a {kind}: {points} points (cube {cube}{extra})", self.points).format(
            winner=side_name(self.winner), kind=kind_words(self.kind),
            points=self.points, cube=self.cube, extra=extra)


# ----------------------------------------------------------------------------- JSON helpers
def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _dice(value: Any) -> tuple[int, int]:
    a, b = value
    return int(a), int(b)


def _kind_to_json(kind: ResultKind) -> str:
    return kind.name.lower()


# How each field name of an event goes to JSON and back (tuples become lists).
_TO_JSON = {
    "rules": lambda r: r.to_dict(),
    "position": lambda p: p.to_dict(),
    "play": lambda p: p.to_dict(),
    "result": lambda r: r.to_dict(),
    "kind": _kind_to_json,
    "dice": list,
}
_FROM_JSON: dict[str, Callable[[Any], Any]] = {
    "rules": lambda d: Rules.from_dict(d),
    "position": lambda d: Position.from_dict(d),
    "play": lambda d: Play.from_dict(d, position_type=Position),
    "result": lambda d: GameResult.from_dict(d),
    "kind": ResultKind.of,
    "dice": _dice,
    "player": int,
    "cube_value": int,
    "starter": _opt_int,
    "cube_owner": _opt_int,
    "crawford_game": bool,
    "owner": _opt_int,
    "count": int,
}

#: Every event class by its name (the ``"type"`` of :meth:`Event.to_dict`); subclasses add themselves.
EVENT_TYPES: dict[str, type[Event]] = {}

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


# ----------------------------------------------------------------------------- events
@dataclass(frozen=True)
class Event:
    """Base class of the events in a game's record (``game.events``).

    Every event says in words what happened (``str(event)``), is handled by an
    :class:`EventVisitor` through :meth:`accept`, and has a JSON form (:meth:`to_dict`).

    >>> str(Roll(player=0, dice=(6, 1)))
    'Light rolls 6-1'
    >>> Roll.visit_name
    'visit_roll'
    """

    #: The name of the visitor method that handles this class (``visit_`` + the class name in snake case).
    visit_name: ClassVar[str] = "visit_event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.visit_name = "visit_" + _CAMEL.sub("_", cls.__name__).lower()
        EVENT_TYPES[cls.__name__] = cls

    def accept(self, visitor: EventVisitor[T]) -> T:
        """Hand this event to the visitor's ``visit_<kind>`` method and return what it returns.

        A visitor without that method (an event class it does not know) raises
        :class:`TypeError` through :meth:`EventVisitor.unhandled`.

        >>> class Count(EventVisitor):
        ...     def visit_drop(self, event):
        ...         return 1
        >>> Drop(1).accept(Count())
        1
        """
        method = getattr(visitor, self.visit_name, None)
        if method is None:
            return visitor.unhandled(self)
        return method(self)

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-safe data: ``{"type": class name, field: value, ...}``.

        >>> Take(1, 2).to_dict()
        {'type': 'Take', 'player': 1, 'cube_value': 2}
        """
        out: dict[str, Any] = {"type": type(self).__name__}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            convert = _TO_JSON.get(f.name)
            out[f.name] = value if value is None or convert is None else convert(value)
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Event:
        """The event :meth:`to_dict` gave; unknown or malformed data raises :class:`~bgsim.engine.errors.ParseError`.

        >>> Event.from_dict({"type": "Drop", "player": 0})
        Drop(player=0)
        >>> Event.from_dict({"type": "Castle"})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.ParseError: unknown event type 'Castle'
        """
        if not isinstance(data, dict):
            raise ParseError(f"an event is a dict with a 'type', not {data!r}")
        name = data.get("type")
        cls = EVENT_TYPES.get(name) if isinstance(name, str) else None
        if cls is None:
            raise ParseError(f"unknown event type {data.get('type')!r}")
        kwargs = {}
        try:
            for f in dataclasses.fields(cls):
                if f.name not in data:
                    continue
                value = data[f.name]
                convert = _FROM_JSON.get(f.name)
                kwargs[f.name] = value if value is None or convert is None else convert(value)
            return cls(**kwargs)
        except BgsimError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise ParseError(f"not a {cls.__name__} event: {data!r} ({exc})") from exc

    def __str__(self) -> str:
        """The event in the record's words, Light and Dark (:class:`EventWords`); an event class without a
        sentence there raises :class:`TypeError`."""
        return self.accept(_WORDS)


class EventVisitor(Generic[T]):
    """Handles each kind of :class:`Event` in its own method: ``visit_game_start``, ``visit_roll`` ...

    Subclass it and define one ``visit_<kind>`` method for every event class you handle
    (see each class's :attr:`Event.visit_name`); call ``event.accept(visitor)`` or
    :meth:`visit`. Every method of this base class sends the event to :meth:`unhandled`,
    which raises :class:`TypeError` naming the event class, so a visitor never skips an
    event by accident (an event class added later included).

    >>> class Who(EventVisitor):
    ...     def visit_double(self, event):
    ...         return f"player {event.player} doubled"
    >>> Who().visit(Double(1, 4))
    'player 1 doubled'
    >>> Who().visit(Take(0, 4))
    Traceback (most recent call last):
    ...
    TypeError: Who does not handle Take events: define visit_take
    """

    def visit(self, event: Event) -> T:
        """``event.accept(self)``: call the method that handles ``event``'s class."""
        return event.accept(self)

    def unhandled(self, event: Event) -> T:
        """Called for an event this visitor has no method for; raises :class:`TypeError` (override to do otherwise)."""
        raise TypeError(f"{type(self).__name__} does not handle {type(event).__name__} events: "
                        f"define {event.visit_name}")

    def visit_game_start(self, event: GameStart) -> T:
        """Handle a :class:`GameStart` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_opening_roll(self, event: OpeningRoll) -> T:
        """Handle an :class:`OpeningRoll` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_automatic_double(self, event: AutomaticDouble) -> T:
        """Handle an :class:`AutomaticDouble` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_double(self, event: Double) -> T:
        """Handle a :class:`Double` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_take(self, event: Take) -> T:
        """Handle a :class:`Take` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_drop(self, event: Drop) -> T:
        """Handle a :class:`Drop` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_beaver(self, event: Beaver) -> T:
        """Handle a :class:`Beaver` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_roll(self, event: Roll) -> T:
        """Handle a :class:`Roll` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_move(self, event: Move) -> T:
        """Handle a :class:`Move` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_pass(self, event: Pass) -> T:
        """Handle a :class:`Pass` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_final_roll(self, event: FinalRoll) -> T:
        """Handle a :class:`FinalRoll` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_resign(self, event: Resign) -> T:
        """Handle a :class:`Resign` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_resignation_offer(self, event: ResignationOffer) -> T:
        """Handle a :class:`ResignationOffer` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_resignation_accepted(self, event: ResignationAccepted) -> T:
        """Handle a :class:`ResignationAccepted` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_resignation_rejected(self, event: ResignationRejected) -> T:
        """Handle a :class:`ResignationRejected` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_carried_double(self, event: CarriedDouble) -> T:
        """Handle a :class:`CarriedDouble` (default: :meth:`unhandled`)."""
        return self.unhandled(event)

    def visit_game_over(self, event: GameOver) -> T:
        """Handle a :class:`GameOver` (default: :meth:`unhandled`)."""
        return self.unhandled(event)


@dataclass(frozen=True)
class GameStart(Event):
    """The first event of every record: the rules and how the game begins.

    Parameters
    ----------
    rules : Rules
        The game's settings.
    position : Position
        The starting position (R3, X3, or any position for teaching), seen from player 0
        before an opening roll.
    starter : int or None
        None when an opening roll decides (R4), else the player who starts with a roll of
        both dice (R4b, or a game set up from ``position``).
    crawford_game : bool, default False
        This is the Crawford game of a match (R28: no doubling).
    cube_value : int, default 1
        The cube's value at the start (R24).
    cube_owner : int or None, default None
        The cube's owner at the start; None: in the middle.

    >>> str(GameStart(Rules.money(), Position.initial(), None))
    'new game (money play; ending Koks (1/2/3); cube unlimited; standard opening (R4); later games: opening roll);
    opening roll decides who starts'
    """

    rules: Rules
    position: Position
    starter: int | None
    crawford_game: bool = False
    cube_value: int = 1
    cube_owner: int | None = None

    @property
    def cube(self) -> Cube:
        """The cube at the start (R24: 1 in the middle, unless the game was set up otherwise).

        >>> GameStart(Rules.money(), Position.initial(), 0).cube
        Cube(value=1, owner=None)
        """
        return Cube(self.cube_value, self.cube_owner)


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


@dataclass(frozen=True)
class AutomaticDouble(Event):
    """A tie on the opening roll doubled the centred cube (R29): ``cube_value`` is the new value.

    >>> str(AutomaticDouble(2))
    'automatic double: the cube is 2, still centred (R29)'
    """

    cube_value: int


@dataclass(frozen=True)
class CarriedDouble(Event):
    """A further tie on the opening roll, after the game's automatic doubles (R29, seed 004's carry-over).

    The cube of this game stays as it is; the next game of the session starts with one more
    doubling. ``count`` is how many doublings this game has carried over so far.

    >>> str(CarriedDouble(1))
    'another tie: the doubling carries over to the next game (R29; 1 carried so far)'
    """

    count: int


@dataclass(frozen=True)
class Double(Event):
    """``player`` offers a double (R25); ``cube_value`` is the value offered.

    >>> str(Double(0, 2))
    'Light doubles to 2'
    """

    player: int
    cube_value: int


@dataclass(frozen=True)
class Take(Event):
    """``player`` takes (R26): the cube shows ``cube_value`` and is theirs.

    After a beaver (X2) the original doubler takes the beaver and the beaverer keeps the
    cube: ``owner`` then names the beaverer (``None``: the taker owns it).

    >>> str(Take(1, 2))
    'Dark takes: cube 2, owned by Dark'
    >>> str(Take(0, 4, owner=1))
    'Light takes the beaver: cube 4, owned by Dark'
    """

    player: int
    cube_value: int
    owner: int | None = None

    @property
    def cube_owner(self) -> int:
        """Who owns the cube after the take: the taker, or the beaverer after a beaver (X2)."""
        return self.player if self.owner is None else self.owner

    def to_dict(self) -> dict[str, Any]:
        """The take as JSON-safe data (``owner`` only when it is not the taker).

        >>> Take(1, 2).to_dict(), Take(0, 4, 1).to_dict()["owner"]
        ({'type': 'Take', 'player': 1, 'cube_value': 2}, 1)
        """
        out = super().to_dict()
        if self.owner is None:
            del out["owner"]
        return out


@dataclass(frozen=True)
class Drop(Event):
    """``player`` drops (passes) the double: the game ends (R26).

    >>> str(Drop(1))
    'Dark drops'
    """

    player: int


@dataclass(frozen=True)
class Beaver(Event):
    """``player`` takes and at once redoubles, keeping the cube (X2): it shows ``cube_value``.

    >>> str(Beaver(1, 4))
    'Dark beavers: cube 4, owned by Dark'
    """

    player: int
    cube_value: int


@dataclass(frozen=True)
class Roll(Event):
    """``player`` rolls ``dice``.

    >>> str(Roll(1, (4, 4)))
    'Dark rolls 4-4'
    """

    player: int
    dice: tuple[int, int]


@dataclass(frozen=True)
class Move(Event):
    """``player`` plays ``play`` from ``position`` (the position before the play, ``player`` on roll).

    >>> pos = Position.initial()
    >>> ev = Move(0, pos.parse_play("13/7 8/7"), pos)
    >>> str(ev), ev.after.turn
    ('Light plays 13/7 8/7 (6-1)', 1)
    """

    player: int
    play: Play
    position: Position

    @property
    def after(self) -> Position:
        """The position after the play, the opponent on roll."""
        if self.play.after is not None and self.play.before == self.position:
            return self.play.after
        return self.position.play(self.play)


@dataclass(frozen=True)
class Pass(Event):
    """``player`` cannot move with ``dice`` and forfeits the turn (R12), in ``position``.

    >>> str(Pass(0, (6, 6), Position.initial()))
    'Light cannot move 6-6 and passes (R12)'
    """

    player: int
    dice: tuple[int, int]
    position: Position


@dataclass(frozen=True)
class FinalRoll(Event):
    """The starter has borne off the last checker; ``player`` gets one final roll (V4).

    >>> str(FinalRoll(1))
    'Dark gets a final roll: bearing off every checker with it draws (V4)'
    """

    player: int


@dataclass(frozen=True)
class Resign(Event):
    """``player`` resigns, conceding ``kind`` (V3).

    >>> str(Resign(0, ResultKind.GAMMON))
    'Light resigns a gammon'
    """

    player: int
    kind: ResultKind


#: A result kind in a sentence ("wins a single game", "You win a gammon", "resigns a backgammon"); the
#: Czech words are the object's.
_KIND_WORDS = {ResultKind.SINGLE: N_("single game"), ResultKind.GAMMON: N_("gammon"),
               ResultKind.BACKGAMMON: N_("backgammon")}


def kind_words(kind: ResultKind | None) -> str:
    """A result kind in words, in the language spoken now (R23); every sentence about a result uses it.

    >>> kind_words(ResultKind.GAMMON), kind_words(ResultKind.SINGLE)
    ('gammon', 'single game')
    """
    return str(kind) if kind is None else _(_KIND_WORDS[kind])


@dataclass(frozen=True)
class ResignationOffer(Event):
    """``player`` offers to resign ``kind`` (R30); the opponent must accept or refuse.

    >>> str(ResignationOffer(0, ResultKind.GAMMON))
    'Light offers to resign a gammon'
    """

    player: int
    kind: ResultKind


@dataclass(frozen=True)
class ResignationAccepted(Event):
    """``player`` accepts the opponent's resignation offer: the game ends (R30).

    >>> str(ResignationAccepted(1))
    'Dark accepts the resignation'
    """

    player: int


@dataclass(frozen=True)
class ResignationRejected(Event):
    """``player`` refuses the opponent's resignation offer: play goes on (R30).

    >>> str(ResignationRejected(1))
    'Dark refuses the resignation: play goes on'
    """

    player: int


@dataclass(frozen=True)
class GameOver(Event):
    """The last event of a finished game.

    >>> str(GameOver(GameResult(0, ResultKind.SINGLE, 1, 1, "bearoff")))
    'game over: Light wins a single game: 1 point (cube 1)'
    """

    result: GameResult


class EventWords(EventVisitor[str]):
    """The record's own words for each event, Light and Dark: what ``str(event)`` says.

    These are the words of a log or a transcript (:meth:`Game.transcript
    <bgsim.game.game_base.GameBase.transcript>`), in the third person, naming the players by
    their colours in the language spoken now. The narrator (:mod:`bgsim.game.narrator`) has
    the voices that speak to a reader by name or as "You" (the move list, the captions); this
    one lives here because every event says itself in these words.

    >>> words = EventWords()
    >>> words.visit(Take(0, 4, owner=1)), words.visit(Pass(0, (6, 6), Position.initial()))
    ('Light takes the beaver: cube 4, owned by Dark', 'Light cannot move 6-6 and passes (R12)')
    """

    def visit_game_start(self, event: GameStart) -> str:
        if event.starter is None:
            who = _("opening roll decides who starts")
        else:
            who = _("{player} starts").format(player=side_name(event.starter))
        extra = _(", Crawford game (R28)") if event.crawford_game else ""
        if event.cube_value != 1 or event.cube_owner is not None:
            if event.cube_owner is None:
                extra += _(", cube {value} centred").format(value=event.cube_value)
            else:
                extra += _(", cube {value} owned by {owner}").format(value=event.cube_value,
                                                                     owner=side_name(event.cube_owner))
        return _("new game ({rules}); {who}{extra}").format(rules=event.rules.describe(), who=who, extra=extra)

    def visit_opening_roll(self, event: OpeningRoll) -> str:
        a, b = event.dice
        tail = _("tie, roll again") if a == b else _("{player} starts").format(player=side_name(event.starter))
        return _("opening roll: Light throws {a}, Dark throws {b}: {tail}").format(a=a, b=b, tail=tail)

    def visit_automatic_double(self, event: AutomaticDouble) -> str:
        return _("automatic double: the cube is {value}, still centred (R29)").format(value=event.cube_value)

    def visit_carried_double(self, event: CarriedDouble) -> str:
        return _("another tie: the doubling carries over to the next game (R29; {count} carried so far)").format(
            count=event.count)

    def visit_double(self, event: Double) -> str:
        return _("{player} doubles to {value}").format(player=side_name(event.player), value=event.cube_value)

    def visit_take(self, event: Take) -> str:
        if event.owner is not None and event.owner != event.player:
            return _("{player} takes the beaver: cube {value}, owned by {owner}").format(
                player=side_name(event.player), value=event.cube_value, owner=side_name(event.owner))
        return _("{player} takes: cube {value}, owned by {player}").format(
            player=side_name(event.player), value=event.cube_value)

    def visit_drop(self, event: Drop) -> str:
        return _("{player} drops").format(player=side_name(event.player))

    def visit_beaver(self, event: Beaver) -> str:
        return _("{player} beavers: cube {value}, owned by {player}").format(
            player=side_name(event.player), value=event.cube_value)

    def visit_roll(self, event: Roll) -> str:
        return _("{player} rolls {roll}").format(player=side_name(event.player), roll=dice_words(event.dice))

    def visit_move(self, event: Move) -> str:
        return _("{player} plays {play} ({roll})").format(
            player=side_name(event.player), play=event.play, roll=dice_words(event.play.dice))

    def visit_pass(self, event: Pass) -> str:
        return _("{player} cannot move {roll} and passes (R12)").format(
            player=side_name(event.player), roll=dice_words(event.dice))

    def visit_final_roll(self, event: FinalRoll) -> str:
        return _("{player} gets a final roll: bearing off every checker with it draws (V4)").format(
            player=side_name(event.player))

    def visit_resign(self, event: Resign) -> str:
        return _("{player} resigns a {kind}").format(player=side_name(event.player), kind=kind_words(event.kind))

    def visit_resignation_offer(self, event: ResignationOffer) -> str:
        return _("{player} offers to resign a {kind}").format(player=side_name(event.player),
                                                             kind=kind_words(event.kind))

    def visit_resignation_accepted(self, event: ResignationAccepted) -> str:
        return _("{player} accepts the resignation").format(player=side_name(event.player))

    def visit_resignation_rejected(self, event: ResignationRejected) -> str:
        return _("{player} refuses the resignation: play goes on").format(player=side_name(event.player))

    def visit_game_over(self, event: GameOver) -> str:
        return _("game over: {result}").format(result=event.result)


def dice_words(dice: tuple[int, int]) -> str:
    """A roll as the sentences write it: ``(6, 1)`` -> ``"6-1"``."""
    return f"{dice[0]}-{dice[1]}"


#: The record's own words for every event (``str(event)``).
_WORDS = EventWords()


class GameSnapshot(NamedTuple):
    """The state of a game after one event of its record (see :meth:`Game.history <bgsim.game.game.Game.history>`).

    ``player_on_roll`` is ``None`` before the opening roll has decided and once the game is
    over; ``player_to_act`` is whoever must act now (the doubled player while a double is
    offered, the other player while a resignation is offered); ``dice`` is ``None`` when no
    dice are rolled; ``cube`` is the :class:`~bgsim.game.cube.Cube` (value, owner, a double or
    beaver waiting for an answer); ``resignation`` is the kind of a resignation offer
    waiting for an answer (R30), else ``None``.

    >>> snap = GameSnapshot(0, Drop(1), Position.initial(), GameState.OVER, None, None, None, Cube(2, 0),
    ...                     False, False, None)
    >>> snap.cube_value, snap.cube_owner, snap.double_offered
    (2, 0, False)
    """

    # The record's step number; as a NamedTuple field it shadows tuple.index on purpose.
    index: int  # type: ignore[assignment]
    event: Event
    position: Position
    state: GameState
    player_on_roll: int | None
    player_to_act: int | None
    dice: tuple[int, int] | None
    cube: Cube
    crawford_game: bool
    final_roll: bool
    result: GameResult | None
    resignation: ResultKind | None = None

    @property
    def resignation_offered(self) -> bool:
        """True while a resignation offer waits for an answer (R30); :attr:`resignation` is its kind."""
        return self.resignation is not None

    @property
    def cube_value(self) -> int:
        """The cube's value (R24, R26)."""
        return self.cube.value

    @property
    def cube_owner(self) -> int | None:
        """The player who owns the cube, ``None`` while it is in the middle (R24, R26)."""
        return self.cube.owner

    @property
    def double_offered(self) -> bool:
        """True while a double waits for an answer (R26)."""
        return self.state is GameState.AWAITING_ANSWER


class Subscribers:
    """The callbacks a game or a series calls with each event it records (views use this).

    >>> subs = Subscribers()
    >>> seen = []
    >>> stop = subs.add(seen.append)
    >>> subs.notify("an event"); stop(); subs.notify("another")
    >>> seen
    ['an event']
    """

    def __init__(self) -> None:
        self._callbacks: list[Callable[[Event], None]] = []

    def add(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` from now on; returns the function that stops it."""
        if not callable(callback):
            raise InvalidSettingError(f"subscribe takes a callable, not {type(callback).__name__}")
        self._callbacks.append(callback)

        def unsubscribe() -> None:
            if callback in self._callbacks:
                self._callbacks.remove(callback)

        return unsubscribe

    def notify(self, event: Event) -> None:
        """Call every callback with ``event`` (one may unsubscribe itself meanwhile)."""
        for callback in tuple(self._callbacks):
            callback(event)
