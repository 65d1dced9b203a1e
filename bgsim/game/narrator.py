"""The narrator: every event of a game in the sentence a person reads, in the words of whoever reads.

A game records what happens as events (:mod:`bgsim.game.events`); the narrator turns them
into the sentences a person reads. A narrator is an
:class:`~bgsim.game.events.EventVisitor`: one ``visit_<kind>`` method per event class,
returning the sentence. A narrator that meets an event class it has no method for raises
:class:`TypeError` naming the method to define, so a new kind of event is never told
silently wrong (``tests/test_narrator.py`` checks that every event class has a sentence in
every voice). The sentences come from the message catalogue (``bgsim/locale``).

Who reads is the narrator's parameter, ``names``: the two players' names as the reader
knows them. ``None`` (the default) is Light and Dark, the colours the boards draw, in the
language spoken now (:func:`bgsim.engine.i18n.side_name`); ``("You", "Computer")`` is a
person playing the computer, told in the second person ("You roll 6-1", not "You rolls
6-1"; :func:`is_you`); ``("Ann", "Ben")`` names two people. Three voices tell the same
events at three lengths:

- :class:`~bgsim.game.events.EventWords` -- the record's own words, Light and Dark (what
  ``str(event)`` says and :meth:`Game.transcript <bgsim.game.game_base.GameBase.transcript>`
  lists); it lives beside the events, since every event says itself in these words, and
  this module exports it with the other two;
- :class:`MoveList` -- one short line per play, cube and resignation action, for the move
  list beside a board (:meth:`Table.moves <bgsim.players.table.Table.moves>`);
- :class:`Captions` -- a full sentence per step of a record, with the pip counts, the
  score and the rule ids (:class:`~bgsim.game.records.GameRecord`).

>>> from bgsim.game.events import Roll, Double
>>> str(Roll(0, (6, 1))), Roll(0, (6, 1)).accept(EventWords())
('Light rolls 6-1', 'Light rolls 6-1')
>>> MoveList(("You", "Computer")).line(Double(0, 2)), MoveList(("Ann", "Ben")).line(Double(1, 2))
('You double to 2 (R25)', 'Ben doubles to 2 (R25)')
>>> MoveList().line(Roll(1, (4, 4)), last=True)
'Dark rolls 4-4'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..engine.errors import InvalidSettingError
from ..engine.i18n import N_, _, ngettext, pgettext, side_name
from .events import (
    _KIND_WORDS,
    AutomaticDouble,
    Beaver,
    CarriedDouble,
    Double,
    Drop,
    Event,
    EventVisitor,
    EventWords,
    FinalRoll,
    GameOver,
    GameResult,
    GameSnapshot,
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
    dice_words,
    kind_words,
)
from .rules import Rules

__all__ = ["YOU", "Announcer", "Captions", "EventWords", "MoveList", "Narrator", "is_you", "score_text"]

T = TypeVar("T")

#: The name of the person reading: narrators speak to "You" in the second person ("You roll 6-1.", not
#: "You rolls 6-1."); a :class:`~bgsim.players.table.Table` names its person so by default.
YOU = N_("You")


def is_you(name: str) -> bool:
    """Whether ``name`` is the reader ("You", in English or in the language spoken now): captions and move
    lists then use the second person.

    >>> is_you("You"), is_you("Ann")
    (True, False)
    """
    return name in (YOU, _(YOU))


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def score_text(result: GameResult, names: Sequence[str] | None = None) -> str:
    """How a game was scored, in words: the kind, the multiplier, the cube and the points (R23, R26, R30, V1, X1).

    >>> from bgsim.game.rules import ResultKind
    >>> print(score_text(GameResult(0, ResultKind.GAMMON, 4, 2, "bearoff"), ("You", "Computer")))
    You win a gammon (R23): 2 x cube 2 = 4 points.
    >>> print(score_text(GameResult(1, ResultKind.SINGLE, 1, 1, "drop"), ("You", "Computer")))
    Computer wins: the double was dropped (R26), so the cube before it counts: 1 point.
    >>> print(score_text(GameResult(1, ResultKind.GAMMON, 2, 1, "resign"), ("You", "Computer")))
    You resigned a gammon (R30): Computer gets 2 x cube 1 = 2 points.
    """
    if names is None:          # no names given: the colours, as the boards draw them
        names = (side_name(0), side_name(1))
    if result.winner is None:
        return _("A draw: the last roll bore off every checker (V4).")
    name = names[result.winner]
    you = is_you(name)     # "You win", not "You wins"
    points = _points(result.points)
    if result.how == "drop":
        text = (_("You win: the double was dropped (R26), so the cube before it counts: {points}.") if you else
                _("{name} wins: the double was dropped (R26), so the cube before it counts: {points}."))
        return text.format(name=name, points=points)
    mult = result.multiplier
    if result.how == "resign":    # who resigned is said: "You resigned", not "the opponent resigned"
        loser = names[1 - result.winner]
        if is_you(loser):
            text = _("You resigned a {kind} (R30): {name} gets {mult} x cube {cube} = {points}.")
        elif you:
            text = _("You win: {loser} resigned a {kind} (R30): {mult} x cube {cube} = {points}.")
        else:
            text = _("{name} wins: {loser} resigned a {kind} (R30): {mult} x cube {cube} = {points}.")
        return text.format(name=name, loser=loser, kind=kind_words(result.kind), mult=mult, cube=result.cube,
                           points=points) + _multiplier_note(result, mult)
    text = (_("You win a {kind} (R23): {mult} x cube {cube} = {points}.") if you else
            _("{name} wins a {kind} (R23): {mult} x cube {cube} = {points}."))
    return (text.format(name=name, kind=kind_words(result.kind), mult=mult, cube=result.cube, points=points)
            + _multiplier_note(result, mult))


def _multiplier_note(result: GameResult, mult: int) -> str:
    """Why a result counts other than 1/2/3 (the ending mode, V1, or the Jacoby rule, X1); empty if it does not."""
    if result.kind is not None and mult != result.kind.value:
        return _(" (The {kind} counts {mult} here: the ending mode, V1, or the Jacoby rule, X1.)").format(
            kind=pgettext("a result", _KIND_WORDS[result.kind]), mult=mult)
    return ""


# ----------------------------------------------------------------------------- the narrator
class Narrator(EventVisitor[T]):
    """Tells events to one reader: the base of the voices that speak to a reader by name (:class:`MoveList`,
    :class:`Captions`).

    It holds who reads -- ``names``, the two players' names as the reader knows them
    (``None``: Light and Dark in the language spoken when an event is told) -- and the
    helpers every voice uses: :meth:`name`, :meth:`you`. It tells no event itself: a voice
    defines a ``visit_<kind>`` method for every event class, and one it lacks raises
    :class:`TypeError` (:meth:`EventVisitor.unhandled <bgsim.game.events.EventVisitor.unhandled>`).

    >>> from bgsim.game.events import Drop
    >>> Narrator(("You", "Computer")).name(0), Narrator().name(1), Narrator().you(0)
    ('You', 'Dark', False)
    >>> Narrator().visit(Drop(0))
    Traceback (most recent call last):
    ...
    TypeError: Narrator does not handle Drop events: define visit_drop
    >>> Narrator("You")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.InvalidSettingError: a narrator's names are two non-empty strings (or None), not 'You'
    """

    def __init__(self, names: Sequence[str] | None = None) -> None:
        if names is not None and (isinstance(names, str) or len(names) != 2
                                  or not all(isinstance(n, str) and n for n in names)):
            raise InvalidSettingError(f"a narrator's names are two non-empty strings (or None), not {names!r}")
        self._names = None if names is None else (names[0], names[1])

    @property
    def names(self) -> tuple[str, str]:
        """The players' names as the reader knows them (Light and Dark, in the language spoken now, by default)."""
        return (side_name(0), side_name(1)) if self._names is None else self._names

    def name(self, player: int | None) -> str:
        """Player ``player``'s name for the reader (``None``: "nobody")."""
        return _("nobody") if player is None else self.names[player]

    def you(self, player: int | None) -> bool:
        """Whether player ``player`` is the reader ("You"): the sentence is then in the second person."""
        return player is not None and is_you(self.names[player])


class MoveList(Narrator["str | None"]):
    """The move list's line for each event: the plays in notation with their dice, the cube and resignation
    actions with their rule ids, the score at the end; ``None`` for an event the list leaves out.

    The roll is listed only while it is the last event (the play that follows says the dice);
    the start of a game, its automatic doubles and a final roll are not listed.

    >>> from bgsim.game.events import Take, GameStart, OpeningRoll
    >>> from bgsim.game.rules import Rules
    >>> from bgsim.engine.position import Position
    >>> lines = MoveList(("You", "Computer"))
    >>> lines.line(OpeningRoll((3, 5))), lines.line(Take(1, 2)), lines.line(GameStart(Rules(), Position.initial(), 0))
    ('Opening roll: You 3, Computer 5: Computer starts (R4)', 'Computer takes (R26)', None)
    """

    def __init__(self, names: Sequence[str] | None = None) -> None:
        super().__init__(names)
        self.last = False

    def line(self, event: Event, last: bool = False) -> str | None:
        """``event``'s line (``last``: it is the last event so far, so a roll is shown); ``None``: not listed."""
        self.last = last
        return event.accept(self)

    def _say(self, player: int, yours: str, theirs: str, **values: object) -> str:
        """``yours`` when ``player`` is the reader, else ``theirs``, with ``{name}`` the player's name."""
        return (yours if self.you(player) else theirs).format(name=self.name(player), **values)

    def _none(self, event: Event) -> None:
        return None

    visit_game_start = visit_automatic_double = visit_carried_double = visit_final_roll = _none

    def visit_opening_roll(self, event: OpeningRoll) -> str:
        a, b = event.dice
        n0, n1 = self.names
        if event.starter is None:
            return _("Opening roll: {first} {a}, {second} {b}: a tie, roll again (R4)").format(
                first=n0, a=a, second=n1, b=b)
        starter = self.name(event.starter)
        text = (_("Opening roll: {first} {a}, {second} {b}: You start (R4)") if is_you(starter) else
                _("Opening roll: {first} {a}, {second} {b}: {starter} starts (R4)"))
        return text.format(first=n0, a=a, second=n1, b=b, starter=starter)

    def visit_move(self, event: Move) -> str:
        return f"{self.name(event.player)} {dice_words(event.play.dice)}: {event.play}"

    def visit_pass(self, event: Pass) -> str:
        return _("{name} {dice}: no legal move (R12)").format(name=self.name(event.player), dice=dice_words(event.dice))

    def visit_roll(self, event: Roll) -> str | None:
        if not self.last:
            return None
        return self._say(event.player, _("You roll {roll}"), _("{name} rolls {roll}"), roll=dice_words(event.dice))

    def visit_double(self, event: Double) -> str:
        return self._say(event.player, _("You double to {value} (R25)"), _("{name} doubles to {value} (R25)"),
                         value=event.cube_value)

    def visit_take(self, event: Take) -> str:
        return self._say(event.player, _("You take (R26)"), _("{name} takes (R26)"))

    def visit_drop(self, event: Drop) -> str:
        return self._say(event.player, _("You drop (R26)"), _("{name} drops (R26)"))

    def visit_beaver(self, event: Beaver) -> str:
        return self._say(event.player, _("You beaver: the cube goes to {value} (X2)"),
                         _("{name} beavers: the cube goes to {value} (X2)"), value=event.cube_value)

    def visit_resign(self, event: Resign) -> str:
        return self._say(event.player, _("You resign a {kind}"), _("{name} resigns a {kind}"),
                         kind=kind_words(event.kind))

    def visit_resignation_offer(self, event: ResignationOffer) -> str:
        return self._say(event.player, _("You offer to resign a {kind} (R30)"),
                         _("{name} offers to resign a {kind} (R30)"), kind=kind_words(event.kind))

    def visit_resignation_accepted(self, event: ResignationAccepted) -> str:
        return self._say(event.player, _("You accept the resignation (R30)"),
                         _("{name} accepts the resignation (R30)"))

    def visit_resignation_rejected(self, event: ResignationRejected) -> str:
        return self._say(event.player, _("You refuse the resignation (R30)"),
                         _("{name} refuses the resignation (R30)"))

    def visit_game_over(self, event: GameOver) -> str:
        return score_text(event.result, self.names)


class Announcer(Narrator["str | None"]):
    """What a player just did at the table, as the table announces it to the person ("Computer rolls 2-2.",
    "Computer doubles to 2 (R25): take or drop (R26)."); ``None`` for what an action only brings with it.

    An action records one event or a few (a roll that cannot move records the roll and the pass,
    R12; a drop records the drop and the game's end): :meth:`news` tells the last of them that
    has a sentence here. The table announces the computer's actions, in the third person.

    >>> from bgsim.game.events import Roll, Pass, GameOver, Drop, GameResult
    >>> from bgsim.engine.position import Position
    >>> from bgsim.game.rules import ResultKind
    >>> say = Announcer(("You", "Computer"))
    >>> say.news([Roll(1, (2, 2))])
    'Computer rolls 2-2.'
    >>> say.news([Roll(1, (6, 6)), Pass(1, (6, 6), Position.initial())])
    'Computer rolls 6-6: no legal move, the turn is forfeited (R12).'
    >>> say.news([Drop(1), GameOver(GameResult(0, ResultKind.SINGLE, 1, 1, "drop"))])
    'Computer drops (R26).'
    """

    def news(self, events: Sequence[Event]) -> str | None:
        """The announcement of an action that recorded ``events``: the last of them with a sentence here."""
        told = [line for line in (e.accept(self) for e in events) if line is not None]
        return told[-1] if told else None

    def _none(self, event: Event) -> None:
        return None

    # what the rules add by themselves: the table's status and prompt say it
    visit_game_start = visit_opening_roll = visit_automatic_double = visit_carried_double = _none
    visit_final_roll = visit_game_over = visit_resign = _none

    def visit_roll(self, event: Roll) -> str:
        return _("{name} rolls {roll}.").format(name=self.name(event.player), roll=dice_words(event.dice))

    def visit_pass(self, event: Pass) -> str:
        return _("{name} rolls {roll}: no legal move, the turn is forfeited (R12).").format(
            name=self.name(event.player), roll=dice_words(event.dice))

    def visit_move(self, event: Move) -> str:
        return _("{name} plays {play}.").format(name=self.name(event.player), play=event.play)

    def visit_double(self, event: Double) -> str:
        return _("{name} doubles to {value} (R25): take or drop (R26).").format(
            name=self.name(event.player), value=event.cube_value)

    def visit_take(self, event: Take) -> str:
        return _("{name} takes (R26).").format(name=self.name(event.player))

    def visit_drop(self, event: Drop) -> str:
        return _("{name} drops (R26).").format(name=self.name(event.player))

    def visit_beaver(self, event: Beaver) -> str:
        return _("{name} beavers (X2).").format(name=self.name(event.player))

    def visit_resignation_offer(self, event: ResignationOffer) -> str:
        return _("{name} offers to resign a {kind} (R30): accept or refuse.").format(
            name=self.name(event.player), kind=kind_words(event.kind))

    def visit_resignation_accepted(self, event: ResignationAccepted) -> str:
        return _("{name} accepts the resignation (R30).").format(name=self.name(event.player))

    def visit_resignation_rejected(self, event: ResignationRejected) -> str:
        return _("{name} refuses the resignation (R30): play on.").format(name=self.name(event.player))


class Captions(Narrator[str]):
    """The caption of each step of a game's record: what happened, with the players' names, the pip counts,
    the score and the rule ids (:class:`~bgsim.game.records.GameRecord`).

    A caption may need the state around its event (the pip counts after a play, whether a take
    answers a beaver): :meth:`caption` gives it the snapshot after the event and the one before.
    ``rules``, ``number`` and ``score`` are the game's rules, its number in the series and the
    score before it.

    >>> from bgsim.game.game import Game
    >>> g = Game(starter=0); g.roll(dice=(3, 1)); g.play("8/5 6/5")
    (3, 1)
    >>> captions = Captions(("You", "Computer"), g.rules, 1, (0, 0))
    >>> snaps = g.history()
    >>> captions.caption(snaps[2], snaps[1])
    'You play 8/5 6/5 (3-1). Pip counts: You 163, Computer 167.'
    """

    def __init__(self, names: Sequence[str] | None, rules: Rules, number: int, score: tuple[int, int]) -> None:
        super().__init__(names)
        self.rules = rules
        self.number = number
        self.score = score
        self.snap: GameSnapshot | None = None
        self.prev: GameSnapshot | None = None

    def caption(self, snap: GameSnapshot, prev: GameSnapshot | None) -> str:
        """The caption of ``snap``'s event; ``prev`` is the snapshot before it (``None`` for the first)."""
        self.snap, self.prev = snap, prev
        return snap.event.accept(self)

    def _score_words(self) -> str:
        n0, n1 = self.names
        s0, s1 = self.score
        return f"{n0} {s0}, {n1} {s1}"

    def _after_beaver(self) -> bool:
        return self.prev is not None and self.prev.cube.beaver_pending

    def visit_game_start(self, ev: GameStart) -> str:
        r = self.rules
        if r.is_match:
            text = _("Game {number} of a {n}-point match, score {score}.").format(
                number=self.number, n=r.match_length, score=self._score_words())
            if ev.crawford_game:
                text += _(" This is the Crawford game: no doubling (R28).")
        else:
            text = _("Game {number}, money play.").format(number=self.number)
            if self.number > 1:
                text = _("Game {number}, money play; points so far {score}.").format(
                    number=self.number, score=self._score_words())
        if ev.starter is None:
            text += _(" An opening roll decides who starts (R4).")
        else:
            text += (_(" You start by rolling both dice (R4b).") if self.you(ev.starter) else
                     _(" {who} starts by rolling both dice (R4b).").format(who=self.name(ev.starter)))
        return text

    def visit_opening_roll(self, ev: OpeningRoll) -> str:
        a, b = ev.dice
        head = (_("Opening roll: You throw {a}, {second} throws {b}") if self.you(0) else
                _("Opening roll: {first} throws {a}, You throw {b}") if self.you(1) else
                _("Opening roll: {first} throws {a}, {second} throws {b}")).format(
            first=self.names[0], a=a, second=self.names[1], b=b)
        if ev.starter is None:
            return head + _(": a tie, throw again (R4).")
        s = ev.starter
        if self.rules.opening == "standard":
            return head + (_(": You start and play {roll} (R4).") if self.you(s) else
                           _(": {who} starts and plays {roll} (R4).")).format(
                who=self.name(s), roll=f"{ev.dice[s]}-{ev.dice[1 - s]}")
        return head + (_(": You start and roll both dice afresh (R4a).") if self.you(s) else
                       _(": {who} starts and rolls both dice afresh (R4a).")).format(who=self.name(s))

    def visit_automatic_double(self, ev: AutomaticDouble) -> str:
        return _("The tie doubles the cube automatically: it shows {value}, still in the middle (R29).").format(
            value=ev.cube_value)

    def visit_roll(self, ev: Roll) -> str:
        return (_("You roll {roll}.") if self.you(ev.player) else _("{who} rolls {roll}.")).format(
            who=self.name(ev.player), roll=dice_words(ev.dice))

    def visit_move(self, ev: Move) -> str:
        who = self.name
        play = ev.play
        text = (_("You play {play} ({roll})") if self.you(ev.player) else _("{who} plays {play} ({roll})")).format(
            who=who(ev.player), play=play, roll=dice_words(play.dice))
        hits = sum(play.hits)
        extras = []
        if hits:
            extras.append(ngettext("hitting a blot (R8)", "hitting {n} blots (R8)", hits).format(n=hits))
        off = sum(1 for _src, dst in play.steps if dst == 0)
        if off:
            extras.append(ngettext("bearing off {n} checker (R17-R18)", "bearing off {n} checkers (R17-R18)",
                                   off).format(n=off))
        if extras:
            text += ", " + _(" and ").join(extras)
        snap = self.snap
        assert snap is not None   # caption() sets it before visiting the event
        after = snap.position
        mover_pips, other_pips = after.pips()[1], after.pips()[0]
        return text + _(". Pip counts: {mover} {mover_pips}, {other} {other_pips}.").format(
            mover=who(ev.player), mover_pips=mover_pips, other=who(1 - ev.player), other_pips=other_pips)

    def visit_pass(self, ev: Pass) -> str:
        return (_("You roll {roll} but cannot move: the turn passes (R12).") if self.you(ev.player) else
                _("{who} rolls {roll} but cannot move: the turn passes (R12).")).format(
            who=self.name(ev.player), roll=dice_words(ev.dice))

    def visit_double(self, ev: Double) -> str:
        who = self.name
        text = (_("You double to {value} (R25); {other} must take or drop (R26).") if self.you(ev.player) else
                _("{who} doubles to {value} (R25); you must take or drop (R26).") if self.you(1 - ev.player) else
                _("{who} doubles to {value} (R25); {other} must take or drop (R26)."))
        return text.format(who=who(ev.player), value=ev.cube_value, other=who(1 - ev.player))

    def visit_take(self, ev: Take) -> str:
        who = self.name
        if self._after_beaver() or ev.owner is not None:
            return (_("You take the beaver: the cube shows {value} and {other} keeps it (X2).")
                    if self.you(ev.player) else
                    _("{who} takes the beaver: the cube shows {value} and you keep it (X2).")
                    if self.you(1 - ev.player) else
                    _("{who} takes the beaver: the cube shows {value} and {other} keeps it (X2).")).format(
                who=who(ev.player), value=ev.cube_value, other=who(1 - ev.player))
        return (_("You take: the cube shows {value} and you own it (R26).") if self.you(ev.player) else
                _("{who} takes: the cube shows {value} and {who} owns it (R26).")).format(
            who=who(ev.player), value=ev.cube_value)

    def visit_drop(self, ev: Drop) -> str:
        who = self.name
        before = self.prev.cube.value if self.prev is not None else 1
        if self._after_beaver():
            text = (_("You drop the beaver: {other} wins the doubled stake, {value}, without gammons (X2, R26).")
                    if self.you(ev.player) else
                    _("{who} drops the beaver: you win the doubled stake, {value}, without gammons (X2, R26).")
                    if self.you(1 - ev.player) else
                    _("{who} drops the beaver: {other} wins the doubled stake, {value}, without gammons "
                      "(X2, R26)."))
        else:
            text = (_("You drop: {other} wins at the cube value before the double, {value}, without gammons (R26).")
                    if self.you(ev.player) else
                    _("{who} drops: you win at the cube value before the double, {value}, without gammons (R26).")
                    if self.you(1 - ev.player) else
                    _("{who} drops: {other} wins at the cube value before the double, {value}, without gammons "
                      "(R26)."))
        return text.format(who=who(ev.player), other=who(1 - ev.player), value=before)

    def visit_beaver(self, ev: Beaver) -> str:
        who = self.name
        return (_("You beaver: take and redouble to {value} at once, keeping the cube; {other} must take or "
                  "drop the beaver (X2).") if self.you(ev.player) else
                _("{who} beavers: takes and redoubles to {value} at once, keeping the cube; {other} must take "
                  "or drop the beaver (X2).")).format(who=who(ev.player), value=ev.cube_value, other=who(1 - ev.player))

    def visit_final_roll(self, ev: FinalRoll) -> str:
        who = self.name
        return (_("{other} has borne off the last checker; you get one final roll: bearing off every checker "
                  "with it makes the game a draw (V4).") if self.you(ev.player) else
                _("You have borne off the last checker; {who} gets one final roll: bearing off every checker "
                  "with it makes the game a draw (V4).") if self.you(1 - ev.player) else
                _("{other} has borne off the last checker; {who} gets one final roll: bearing off every checker "
                  "with it makes the game a draw (V4).")).format(other=who(1 - ev.player), who=who(ev.player))

    def visit_resign(self, ev: Resign) -> str:
        return (_("You resign a {kind}, judged from the position (V3, R23).") if self.you(ev.player) else
                _("{who} resigns a {kind}, judged from the position (V3, R23).")).format(
            who=self.name(ev.player), kind=kind_words(ev.kind))

    def visit_resignation_offer(self, ev: ResignationOffer) -> str:
        who = self.name
        return (_("You offer to resign a {kind}; {other} must accept or refuse (R30).") if self.you(ev.player) else
                _("{who} offers to resign a {kind}; you must accept or refuse (R30).") if self.you(1 - ev.player) else
                _("{who} offers to resign a {kind}; {other} must accept or refuse (R30).")).format(
            who=who(ev.player), kind=kind_words(ev.kind), other=who(1 - ev.player))

    def visit_resignation_accepted(self, ev: ResignationAccepted) -> str:
        return (_("You accept the resignation (R30).") if self.you(ev.player) else
                _("{who} accepts the resignation (R30).")).format(who=self.name(ev.player))

    def visit_resignation_rejected(self, ev: ResignationRejected) -> str:
        return (_("You refuse the resignation: play goes on (R30).") if self.you(ev.player) else
                _("{who} refuses the resignation: play goes on (R30).")).format(who=self.name(ev.player))

    def visit_carried_double(self, ev: CarriedDouble) -> str:
        return _("Another tie: this game has had its automatic doubles, so the doubling carries over to the "
                 "next game (R29; {count} carried so far).").format(count=ev.count)

    def visit_game_over(self, ev: GameOver) -> str:
        who = self.name
        r = ev.result
        if r.winner is None:
            return _("Game over: a draw, the final roll bore off every checker (V4).")
        offered = self.prev is not None and isinstance(self.prev.event, ResignationAccepted)
        resign = _(", the resignation accepted (R30)") if offered else _(", by resignation (V3)")
        how = {"bearoff": " (R22)", "drop": _(", the double dropped (R26)"), "resign": resign}
        text = (_("Game over: You win a {kind}{how}: {points} (cube {cube}).") if self.you(r.winner) else
                _("Game over: {who} wins a {kind}{how}: {points} (cube {cube}).")).format(
            who=who(r.winner), kind=kind_words(r.kind), how=how[r.how], points=_points(r.points), cube=r.cube)
        after = list(self.score)
        after[r.winner] += r.points
        n0, n1 = self.names
        if self.rules.is_match:
            text += _(" Score: {first} {a}, {second} {b}.").format(first=n0, a=after[0], second=n1, b=after[1])
            if after[r.winner] >= self.rules.match_length:
                text += (_(" You win the match (R27).") if self.you(r.winner) else
                         _(" {who} wins the match (R27).").format(who=who(r.winner)))
        return text
