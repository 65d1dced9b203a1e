"""Records of games and matches that a teacher can step through, forward and backward.

A :class:`GameRecord` is a view over one game's events (``game.events``): one
:class:`RecordStep` per event, each with the position, cube, dice, score and a caption in
words, and for every position its gnubg Position ID + Match ID and its XGID
(:mod:`bgsim.engine.ids`). A :class:`MatchRecord` strings the games of a match or a money
session together and steps through all of them. ``rec[i]`` is step ``i``; a
:class:`RecordView` (``rec.view()``) is a cursor of its own (:meth:`~RecordView.next`,
:meth:`~RecordView.prev`, :meth:`~RecordView.goto`), so two views (two widgets) can step
through one record independently. For a quick look, a record also has one built-in cursor
(``rec.next()``, ``rec.goto(i)`` ...). Both kinds of record have a JSON form
(``to_dict``/``from_dict``) and show themselves as text.

Players and IDs -- one mapping, used everywhere in bgsim:

=================  ==========================  =========================
bgsim player       gnubg (Match ID, .mat)      eXtreme Gammon (XGID)
=================  ==========================  =========================
0                  player 0: the first score   the bottom player (upper
                   in the Match ID, the left   case letters, turn ``1``)
                   column of a .mat file
1                  player 1: the second score, the top player (lower case,
                   the right column            turn ``-1``)
=================  ==========================  =========================

The Position ID goes with the Match ID's player on roll (gnubg's "dice owner"): it is
written from the side on roll, which while a double waits for an answer is the doubler.
The score in both IDs is the score before the game (a match) or ``0-0`` (money play).

>>> from bgsim.game.match import Match
>>> from bgsim.game.game import Game
>>> from bgsim.engine.ids import decode_match_id
>>> g = Game(rng=1); g.roll(dice=(4, 3)); g.play("24/20 24/21")
(4, 3)
>>> rec = GameRecord.from_game(g)
>>> len(rec), rec.cursor, rec.step.caption
(3, 0, 'Game 1, money play. An opening roll decides who starts (R4).')
>>> print(rec.next().caption)
Opening roll: Light throws 4, Dark throws 3: Light starts and plays 4-3 (R4).
>>> rec.next().position_id                  # what gnubg shows after 24/20 24/21 (see bgsim.engine.ids)
'4HPwAQXgc/ABMA'
>>> decode_match_id(rec.step.match_id).player_on_roll      # player 1 is to roll now
1
>>> rec.prev().index
1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any, cast

from ..engine.errors import InvalidSettingError, ParseError
from ..engine.i18n import side_name
from ..engine.ids import (
    GAME_DROPPED,
    GAME_OVER,
    GAME_PLAYING,
    GAME_RESIGNED,
    XG_DOUBLED,
    MatchState,
    XgidState,
    encode_match_id,
    encode_position_id,
    encode_xgid,
)
from ..engine.position import Position
from ..engine.text import board_text
from .cube import Cube
from .events import (
    Event,
    EventVisitor,
    GameResult,
    GameSnapshot,
    GameState,
    Move,
    OpeningRoll,
    Pass,
    Roll,
)
from .game import Game
from .narrator import Captions
from .rules import Rules

__all__ = ["DEFAULT_NAMES", "GameRecord", "MatchRecord", "RecordStep", "RecordView", "check_names"]

#: The players' names when none are given: the colours of their checkers, as the boards draw them
#: (in the language spoken when the record is made: "Světlý", "Tmavý" in Czech).
DEFAULT_NAMES = ("Light", "Dark")


def check_names(names: Sequence[str] | None) -> tuple[str, str]:
    """Two player names fit for records and .mat files: non-empty text without ``:``, line breaks or outer spaces.

    ``None`` gives :data:`DEFAULT_NAMES`, in the language spoken. Anything else raises
    :class:`~bgsim.engine.errors.InvalidSettingError`.

    >>> check_names(["Ann", "Ben"])
    ('Ann', 'Ben')
    >>> check_names(("a:b", "c"))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.InvalidSettingError: a player name is non-empty text without ':' or line breaks or outer spaces,
    not 'a:b'
    """
    if names is None:
        return side_name(0), side_name(1)
    if isinstance(names, str):
        raise InvalidSettingError(f"names are two strings, not the single string {names!r}")
    try:
        a, b = names
    except (TypeError, ValueError):
        raise InvalidSettingError(f"names are two strings, not {names!r}") from None
    for n in (a, b):
        if not isinstance(n, str) or not n.strip() or n != n.strip() or ":" in n or "\n" in n or "\r" in n:
            raise InvalidSettingError(f"a player name is non-empty text without ':' or line breaks or outer spaces, "
                             f"not {n!r}")
    return a, b


def _check_score(score: object) -> tuple[int, int]:
    try:
        s0, s1 = cast(Iterable[object], score)
    except (TypeError, ValueError):
        raise InvalidSettingError(f"a score is two whole numbers >= 0, not {score!r}") from None
    out = []
    for x in (s0, s1):
        if not isinstance(x, Integral) or isinstance(x, bool) or int(x) < 0:
            raise InvalidSettingError(f"a score is two whole numbers >= 0, not {score!r}")
        out.append(int(x))
    return out[0], out[1]


@dataclass(frozen=True)
class RecordStep:
    """The state of a game after one event of its record, for stepping and teaching.

    Parameters
    ----------
    game_number : int
        1, 2, ... in a series.
    snapshot : GameSnapshot
        The game after the event: its ``index`` in the game's record
        (0 = :class:`~bgsim.game.events.GameStart`); the ``event``; the ``position``, seen from
        ``position.turn`` (before the opening roll, player 0); ``state``,
        ``player_on_roll``, ``player_to_act``; ``dice`` waiting to be played; the ``cube``;
        ``crawford_game`` (R28); the ``result`` once the game is over. Each is also
        readable on the step itself.
    caption : str
        What happened, in words.
    rolled : pair of int or None
        The dice this event threw or played; None when it had none.
    score : pair of int
        ``(player 0, player 1)`` before this game (points won so far in a money session).
    rules : Rules
        The game's settings.

    ``position_id``, ``match_id`` and ``xgid`` are the standard identifiers of the step
    (see the module's player mapping).

    >>> rec = GameRecord.from_game(Game(starter=1))
    >>> s = rec[0]
    >>> s.player_on_roll, s.xgid
    (1, 'XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10')
    >>> s.snapshot.cube
    Cube(value=1, owner=None)
    """

    game_number: int
    snapshot: GameSnapshot
    caption: str
    rolled: tuple[int, int] | None
    score: tuple[int, int]
    rules: Rules = field(repr=False)

    def _repr_svg_(self) -> str:
        """Jupyter draws a step as its board: the cube, the dice, the score and the caption."""
        from ..draw.svg import record_step  # presentation, imported only to draw

        return record_step(self)

    # ------------------------------------------------------------- the snapshot's fields
    @property
    def index(self) -> int:
        """The event's index in its game's record (0 = the :class:`~bgsim.game.events.GameStart`)."""
        return self.snapshot.index

    @property
    def event(self) -> Event:
        """The event this step follows."""
        return self.snapshot.event

    @property
    def position(self) -> Position:
        """The position now, seen from ``position.turn`` (before the opening roll: player 0)."""
        return self.snapshot.position

    @property
    def state(self) -> GameState:
        """What the game waits for now."""
        return self.snapshot.state

    @property
    def player_on_roll(self) -> int | None:
        """Whose turn it is (``None`` before the opening roll decides and after the game)."""
        return self.snapshot.player_on_roll

    @property
    def player_to_act(self) -> int | None:
        """Who must act now (the doubled player while a double is offered, R26)."""
        return self.snapshot.player_to_act

    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice waiting to be played (``None`` when none)."""
        return self.snapshot.dice

    @property
    def cube(self) -> Cube:
        """The :class:`~bgsim.game.cube.Cube` now."""
        return self.snapshot.cube

    @property
    def cube_value(self) -> int:
        """The cube's value (R24, R26)."""
        return self.snapshot.cube.value

    @property
    def cube_owner(self) -> int | None:
        """The cube's owner (``None`` = in the middle, R24)."""
        return self.snapshot.cube.owner

    @property
    def crawford_game(self) -> bool:
        """True in the Crawford game of a match (R28)."""
        return self.snapshot.crawford_game

    @property
    def result(self) -> GameResult | None:
        """How the game ended, once it has."""
        return self.snapshot.result

    # ------------------------------------------------------------- identifiers
    @property
    def position_id(self) -> str:
        """The gnubg Position ID of :attr:`position` (from the side on roll).

        In hypergammon (X3) decode it with ``decode_position_id(text, checkers=3)``.

        >>> GameRecord.from_game(Game()).step.position_id
        '4HPwATDgc/ABMA'
        """
        return encode_position_id(self.position.mine, self.position.theirs)

    def match_state(self) -> MatchState:
        """The gnubg :class:`~bgsim.engine.ids.MatchState` of this step (encoded by :attr:`match_id`).

        Game state: playing, else over (R22), resigned (V3, with the kind conceded) or
        dropped (R26). Score: before the game, ``(0, 0)`` in money play. The Jacoby bit
        is the rules' X1 setting in money play and gnubg's default (on) in a match.

        >>> GameRecord.from_game(Game(starter=0)).step.match_state().player_on_roll
        0
        """
        on_roll = self.position.turn
        result = self.result
        if result is None:
            game_state = GAME_PLAYING
        else:
            game_state = {"drop": GAME_DROPPED, "resign": GAME_RESIGNED}.get(result.how, GAME_OVER)
        resignation = 0
        if result is not None and result.how == "resign" and result.kind is not None:
            resignation = int(result.kind)
        if self.snapshot.resignation is not None:     # an offer waiting for an answer (R30)
            resignation = int(self.snapshot.resignation)
        to_act = self.player_to_act if self.player_to_act is not None else on_roll
        money = self.rules.is_money
        return MatchState(
            cube_value=self.cube_value, cube_owner=self.cube_owner, player_on_roll=on_roll,
            crawford=self.crawford_game, game_state=game_state, turn=to_act,
            double_offered=self.state is GameState.AWAITING_ANSWER, resignation=resignation,
            dice=self.dice or (0, 0), match_length=self.rules.match_length,
            score=(0, 0) if money else self.score, jacoby=self.rules.jacoby if money else True)

    @property
    def match_id(self) -> str:
        """The gnubg Match ID of this step.

        >>> from bgsim.engine.ids import decode_match_id
        >>> state = decode_match_id(GameRecord.from_game(Game()).step.match_id)
        >>> state.cube_value, state.cube_owner, state.match_length, state.dice
        (1, None, 0, (0, 0))
        """
        return encode_match_id(self.match_state())

    def xgid_state(self) -> XgidState:
        """The :class:`~bgsim.engine.ids.XgidState` of this step (encoded by :attr:`xgid`).

        While a double waits for an answer the dice field is ``D`` (the doubler is on
        turn). The max cube is the cube limit (V2; 1024, XG's default, when unlimited).

        >>> GameRecord.from_game(Game(Rules.money(cube_limit=64))).step.xgid_state().max_cube
        64
        """
        rules = self.rules
        limit = rules.cube_limit
        max_cube = max(1024, self.cube_value) if limit is None else limit
        offered = self.state is GameState.AWAITING_ANSWER
        money = rules.is_money
        return XgidState(
            cube_value=self.cube_value, cube_owner=self.cube_owner,
            dice=(0, 0) if offered or self.dice is None else self.dice,
            cube_action=XG_DOUBLED if offered else None,
            score=(0, 0) if money else self.score, match_length=rules.match_length,
            crawford=self.crawford_game, jacoby=rules.jacoby if money else False,
            beaver=rules.beavers if money else False, max_cube=max_cube)

    @property
    def xgid(self) -> str:
        """The XGID of this step (player 0 = XG's bottom player).

        >>> GameRecord.from_game(Game()).step.xgid
        'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
        """
        return encode_xgid(self.position.mine, self.position.theirs, self.position.turn, self.xgid_state())


class _Rolled(EventVisitor["tuple[int, int] | None"]):
    """The dice an event threw or played (``None`` for events without dice)."""

    def __init__(self, snap: GameSnapshot) -> None:
        self.snap = snap

    def visit_opening_roll(self, event: OpeningRoll) -> tuple[int, int] | None:
        return self.snap.dice if event.starter is not None else event.dice

    def visit_roll(self, event: Roll) -> tuple[int, int] | None:
        return event.dice

    def visit_pass(self, event: Pass) -> tuple[int, int] | None:
        return event.dice

    def visit_move(self, event: Move) -> tuple[int, int] | None:
        return event.play.dice

    def _none(self, event: Event) -> None:
        return None

    visit_game_start = visit_automatic_double = visit_double = visit_take = visit_drop = _none
    visit_beaver = visit_final_roll = visit_resign = visit_game_over = _none
    visit_resignation_offer = visit_resignation_accepted = visit_resignation_rejected = visit_carried_double = _none


class RecordView:
    """A cursor over the steps of a :class:`GameRecord` or :class:`MatchRecord`: where one reader is.

    Each view moves on its own (two widgets on one record each hold a view); the record
    never changes. Get one with ``record.view()``.

    >>> g = Game(starter=0); g.roll(dice=(2, 1))
    (2, 1)
    >>> rec = GameRecord.from_game(g)
    >>> a, b = rec.view(), rec.view()
    >>> a.next().rolled, a.index, b.index
    ((2, 1), 1, 0)
    """

    def __init__(self, record: GameRecord | MatchRecord, start: int = 0) -> None:
        self._record = record
        self._steps = record.steps
        self._index = 0
        if self._steps:
            self.goto(start)

    @property
    def record(self) -> GameRecord | MatchRecord:
        """The record this view walks through."""
        return self._record

    def __len__(self) -> int:
        return len(self._steps)

    @property
    def index(self) -> int:
        """The index of the current step (0 = the start).

        >>> GameRecord.from_game(Game()).view().index
        0
        """
        return self._index

    @property
    def step(self) -> RecordStep:
        """The current step.

        >>> GameRecord.from_game(Game()).view().step.index
        0
        """
        return self._steps[self._index]

    @property
    def at_start(self) -> bool:
        """True on the first step.

        >>> GameRecord.from_game(Game()).view().at_start
        True
        """
        return self._index == 0

    @property
    def at_end(self) -> bool:
        """True on the last step.

        >>> GameRecord.from_game(Game()).view().at_end
        True
        """
        return self._index == len(self._steps) - 1

    def next(self) -> RecordStep | None:
        """Step forward and return the new current step; ``None`` (and no move) at the end.

        >>> g = Game(starter=0); g.roll(dice=(2, 1))
        (2, 1)
        >>> view = GameRecord.from_game(g).view(); view.next().rolled, view.next()
        ((2, 1), None)
        """
        if self.at_end:
            return None
        self._index += 1
        return self.step

    def prev(self) -> RecordStep | None:
        """Step backward and return the new current step; ``None`` (and no move) at the start.

        >>> g = Game(starter=0); g.roll(dice=(2, 1))
        (2, 1)
        >>> view = GameRecord.from_game(g).view(); view.goto(-1).index, view.prev().index, view.prev()
        (1, 0, None)
        """
        if self.at_start:
            return None
        self._index -= 1
        return self.step

    def goto(self, i: int) -> RecordStep:
        """Jump to step ``i`` (negative counts from the end) and return it; ``IndexError`` when out of range.

        >>> view = GameRecord.from_game(Game()).view()
        >>> view.goto(0).index
        0
        >>> view.goto(5)
        Traceback (most recent call last):
        ...
        IndexError: step 5 is out of range: this record has steps 0 to 0
        """
        n = len(self._steps)
        if not isinstance(i, Integral) or isinstance(i, bool):
            raise TypeError(f"a step index is an int, not {i!r}")
        if not -n <= i < n:
            raise IndexError(f"step {i} is out of range: this record has steps 0 to {n - 1}")
        self._index = int(i) % n
        return self.step

    @property
    def game_index(self) -> int:
        """The index (0-based) of the game the current step is in (always 0 in a :class:`GameRecord`).

        >>> GameRecord.from_game(Game()).view().game_index
        0
        """
        i = 0
        for k, start in enumerate(self._record._starts):
            if start <= self._index:
                i = k
        return i

    def goto_game(self, number: int) -> RecordStep:
        """Jump to the start of game ``number`` (1, 2, ...) and return that step.

        >>> GameRecord.from_game(Game()).view().goto_game(1).index
        0
        """
        starts = self._record._starts
        if not isinstance(number, Integral) or isinstance(number, bool) or not 1 <= number <= len(starts):
            raise IndexError(f"game {number} is out of range: this record has games 1 to {len(starts)}")
        return self.goto(starts[number - 1])

    def _repr_svg_(self) -> str:
        """Jupyter draws the current step as a board with the cube, the dice, score and caption."""
        from ..draw.svg import record_step  # presentation, imported only to draw

        return record_step(self.step, names=self._record.names)

    def text(self) -> str:
        """The current step as text: the board, the cube, the dice, the caption and the IDs.

        >>> print(GameRecord.from_game(Game()).view().text().splitlines()[0])
        Game 1, money play -- step 0 of 0
        """
        names = self._record.names
        s = self.step
        rules = s.rules
        head = f"Game {s.game_number}"
        if rules.is_match:
            head += (f" of a {rules.match_length}-point match, score {names[0]} {s.score[0]}, "
                     f"{names[1]} {s.score[1]}")
            if s.crawford_game:
                head += " (Crawford game, R28)"
        else:
            head += ", money play"
        head += f" -- step {self._index} of {len(self._steps) - 1}"
        pos = s.position
        x, o = 0, 1   # the text board draws player 0 as X, whoever is on roll
        owner = "in the middle" if s.cube_owner is None else f"owned by {names[s.cube_owner]}"
        dice = "-" if s.dice is None else f"{s.dice[0]}-{s.dice[1]}"
        lines = [head, board_text(pos),
                 f" X = {names[x]} (player {x}), O = {names[o]} (player {o})",
                 f" cube {s.cube_value} {owner}; dice to play: {dice}",
                 f" {s.caption}",
                 f" Position ID: {s.position_id}  Match ID: {s.match_id}",
                 f" {s.xgid}"]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<RecordView step {self._index} of {len(self._steps)}>"


class _Steps:
    """What GameRecord and MatchRecord share: the steps, ``rec[i]``, views, and one built-in view."""

    _steps: tuple[RecordStep, ...]
    _starts: tuple[int, ...]
    _view: RecordView
    _names: tuple[str, str]

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[RecordStep]:
        return iter(self._steps)

    def __getitem__(self, i: int) -> RecordStep:
        return self._steps[i]

    @property
    def steps(self) -> tuple[RecordStep, ...]:
        """Every step, in order.

        >>> [type(s.event).__name__ for s in GameRecord.from_game(Game(starter=0)).steps]
        ['GameStart']
        """
        return self._steps

    @property
    def names(self) -> tuple[str, str]:
        """The players' names (``names[0]`` is player 0).

        >>> GameRecord.from_game(Game(), names=("Ann", "Ben")).names
        ('Ann', 'Ben')
        """
        return self._names

    def view(self, start: int = 0) -> RecordView:
        """A new :class:`RecordView` (a cursor of its own) at step ``start``.

        >>> GameRecord.from_game(Game()).view().step.caption
        'Game 1, money play. An opening roll decides who starts (R4).'
        """
        # _Steps is a mixin: every instance is a GameRecord or a MatchRecord.
        return RecordView(cast("GameRecord | MatchRecord", self), start)

    # ------------------------------------------------------------- the built-in view
    @property
    def cursor(self) -> int:
        """The index of the built-in view's current step (0 = the start); see :meth:`view` for cursors of your own.

        >>> GameRecord.from_game(Game()).cursor
        0
        """
        return self._view.index

    @property
    def step(self) -> RecordStep:
        """The built-in view's current step (:attr:`RecordView.step`).

        >>> GameRecord.from_game(Game()).step.index
        0
        """
        return self._view.step

    @property
    def at_start(self) -> bool:
        """True when the built-in view is on the first step.

        >>> GameRecord.from_game(Game()).at_start
        True
        """
        return self._view.at_start

    @property
    def at_end(self) -> bool:
        """True when the built-in view is on the last step.

        >>> GameRecord.from_game(Game()).at_end
        True
        """
        return self._view.at_end

    def next(self) -> RecordStep | None:
        """Move the built-in view forward (:meth:`RecordView.next`).

        >>> g = Game(starter=0); g.roll(dice=(2, 1))
        (2, 1)
        >>> rec = GameRecord.from_game(g); rec.next().rolled, rec.next()
        ((2, 1), None)
        """
        return self._view.next()

    def prev(self) -> RecordStep | None:
        """Move the built-in view backward (:meth:`RecordView.prev`).

        >>> g = Game(starter=0); g.roll(dice=(2, 1))
        (2, 1)
        >>> rec = GameRecord.from_game(g); rec.goto(-1).index, rec.prev().index, rec.prev()
        (1, 0, None)
        """
        return self._view.prev()

    def goto(self, i: int) -> RecordStep:
        """Move the built-in view to step ``i`` (:meth:`RecordView.goto`).

        >>> GameRecord.from_game(Game()).goto(-1).index
        0
        """
        return self._view.goto(i)

    def text(self) -> str:
        """The built-in view's current step as text (:meth:`RecordView.text`).

        >>> print(GameRecord.from_game(Game()).text().splitlines()[0])
        Game 1, money play -- step 0 of 0
        """
        return self._view.text()

    def __str__(self) -> str:
        return self.text()

    def positions(self) -> list[Position]:
        """The distinct positions in order (per game: the start, then one per play or pass).

        >>> g = Game(starter=0); g.roll(dice=(3, 1)); g.play("8/5 6/5")
        (3, 1)
        >>> [p.pips() for p in GameRecord.from_game(g).positions()]
        [(167, 167), (167, 163)]
        """
        out: list[Position] = []
        last: RecordStep | None = None
        for s in self._steps:
            if last is None or s.position != last.position or s.game_number != last.game_number:
                out.append(s.position)
            last = s
        return out

    def transcript(self) -> str:
        """Every caption, numbered: the record in words.

        >>> print(GameRecord.from_game(Game(starter=1)).transcript())
           0. Game 1, money play. Dark starts by rolling both dice (R4b).
        """
        return "\n".join(f"{k:4d}. {s.caption}" for k, s in enumerate(self._steps))


class GameRecord(_Steps):
    """One game's record as steps: build it with :meth:`from_game` or from events (replayed and checked).

    ``events``: the game's events (``game.events``); they are replayed through
    :meth:`Game.replay <bgsim.game.game.Game.replay>`, so a record that breaks a rule raises
    :class:`~bgsim.engine.errors.RuleViolationError`. ``number``: the game's number in its
    series; ``score``: the score before the game; ``names``: the players' names.

    >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7"); g.double(); g.take()
    (6, 1)
    >>> rec = GameRecord(g.events)
    >>> [s.cube_value for s in rec], rec.goto(-1).cube_owner     # player 1 doubled, player 0 took
    ([1, 1, 1, 1, 2], 0)
    >>> print(rec.transcript().splitlines()[-1])
       4. Light takes: the cube shows 2 and Light owns it (R26).
    """

    _number: int
    _score: tuple[int, int]
    _rules: Rules
    _events: tuple[Event, ...]
    _result: GameResult | None

    def __init__(self, events: Sequence[Event], *, number: int = 1, score: tuple[int, int] = (0, 0),
                 names: Sequence[str] | None = None) -> None:
        self._init(Game.replay(events), number, score, names)

    @classmethod
    def from_game(cls, game: Game, *, number: int = 1, score: tuple[int, int] = (0, 0),
                  names: Sequence[str] | None = None) -> GameRecord:
        """The record of ``game`` as it stands (no replay: the game already checked every step).

        >>> GameRecord.from_game(Game(starter=1)).step.caption
        'Game 1, money play. Dark starts by rolling both dice (R4b).'
        """
        rec = cls.__new__(cls)
        rec._init(game, number, score, names)
        return rec

    def _init(self, game: Game, number: int, score, names) -> None:
        if not isinstance(number, Integral) or isinstance(number, bool) or number < 1:
            raise InvalidSettingError(f"a game number counts from 1, not {number!r}")
        self._number = int(number)
        self._score = _check_score(score)
        self._names = check_names(names)
        self._rules = game.rules
        self._events = game.events
        self._result = game.result
        cap = Captions(self._names, game.rules, self._number, self._score)
        steps = []
        prev = None
        for snap in game.history():
            steps.append(RecordStep(game_number=self._number, snapshot=snap, caption=cap.caption(snap, prev),
                              rolled=snap.event.accept(_Rolled(snap)), score=self._score, rules=game.rules))
            prev = snap
        self._steps = tuple(steps)
        self._starts = (0,)
        self._view = RecordView(self)

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-safe data: its events (:meth:`Event.to_dict <bgsim.game.events.Event.to_dict>`), number,
        score and names.

        >>> import json
        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7")
        (6, 1)
        >>> rec = GameRecord.from_game(g, names=("Ann", "Ben"))
        >>> again = GameRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
        >>> again.events == rec.events and again.names == rec.names
        True
        """
        return {"events": [ev.to_dict() for ev in self._events], "number": self._number,
                "score": list(self._score), "names": list(self._names)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """The record :meth:`to_dict` gave, its events replayed and checked (a record that breaks a rule raises).

        >>> GameRecord.from_dict({"events": []})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: replay: a game record begins with a GameStart event
        """
        if not isinstance(data, dict) or not isinstance(data.get("events"), list):
            raise ParseError(f"a game record is a dict with a list of 'events', not {data!r}")
        events = [Event.from_dict(d) for d in data["events"]]
        return cls(events, number=data.get("number", 1), score=tuple(data.get("score", (0, 0))),
                   names=data.get("names"))

    def _key(self) -> tuple:
        return (self._rules, self._number, self._score, self._names, self._events)

    def __eq__(self, other: object) -> bool:
        """Two game records are equal when they hold the same game: the same rules, number, score
        before it, names and events (where their views stand does not count).

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7")
        (6, 1)
        >>> rec = GameRecord.from_game(g, names=("Ann", "Ben"))
        >>> GameRecord.from_dict(rec.to_dict()) == rec, GameRecord.from_game(g) == rec
        (True, False)
        """
        if not isinstance(other, GameRecord):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # ------------------------------------------------------------- reading
    @property
    def events(self) -> tuple[Event, ...]:
        """The game's events (its complete record).

        >>> GameRecord.from_game(Game()).events[0].starter is None
        True
        """
        return self._events

    @property
    def rules(self) -> Rules:
        """The rules the game followed.

        >>> GameRecord.from_game(Game(Rules.match(3))).rules.match_length
        3
        """
        return self._rules

    @property
    def number(self) -> int:
        """The game's number in its series (1, 2, ...).

        >>> GameRecord.from_game(Game(), number=4).number
        4
        """
        return self._number

    @property
    def score(self) -> tuple[int, int]:
        """The score before the game.

        >>> GameRecord.from_game(Game(Rules.match(5)), score=(2, 3)).score
        (2, 3)
        """
        return self._score

    @property
    def result(self) -> GameResult | None:
        """How the game ended (``None`` if the record stops before the end).

        >>> GameRecord.from_game(Game()).result is None
        True
        """
        return self._result

    @property
    def is_over(self) -> bool:
        """True when the record reaches the end of the game.

        >>> g = Game(starter=0); g.resign(); GameRecord.from_game(g).is_over
        True
        """
        return self._result is not None

    def game(self, upto: int | None = None, rng=None) -> Game:
        """A live :class:`~bgsim.game.game.Game` replayed up to step ``upto`` (default: the current step).

        A teacher can go back to any step and play on from there ("what if ...?"); ``rng``
        (a Generator or seed) gives the dice from then on.

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7")
        (6, 1)
        >>> rec = GameRecord.from_game(g); rec.goto(1)
        ... # doctest: +ELLIPSIS
        RecordStep(...)
        >>> live = rec.game(); live.legal_plays()[0].dice
        (6, 1)
        """
        i = self.step.index if upto is None else self.goto(upto).index
        return Game.replay(self._events[:i + 1], rng=rng)

    def __repr__(self) -> str:
        return f"<GameRecord game {self._number}, {len(self._steps)} steps, cursor {self.cursor}>"


class MatchRecord(_Steps):
    """The games of a match (or a money session) as one steppable record.

    ``games``: the :class:`GameRecord` of each game, in order (their ``score`` is the
    score before each game); ``rules``; ``names``. Build one with
    :meth:`Match.record() <bgsim.game.match.Match.record>`, :meth:`Session.record()
    <bgsim.game.match.Session.record>`, :func:`bgsim.game.match.record_from_events` (from events, checked),
    :meth:`from_dict` or :func:`bgsim.game.matfile.read_mat`.

    A view (:meth:`view`) runs over every step of every game; :meth:`RecordView.goto_game`
    jumps to a game's start.

    >>> from bgsim.game.match import Match
    >>> rec = Match(3, rng=3).play_out().record()
    >>> rec.goto_game(len(rec.games)).game_number == len(rec.games)
    True
    >>> rec.winner == (0 if rec.final_score[0] >= 3 else 1)
    True
    """

    def __init__(self, games: Sequence[GameRecord], *, rules: Rules, names: Sequence[str] | None = None,
                 tags: dict[str, str] | None = None) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
        self._tags = dict(tags or {})
        self._games = tuple(games)
        for g in self._games:
            if not isinstance(g, GameRecord):
                raise TypeError(f"a match record holds GameRecords, not {type(g).__name__}")
        self._rules = rules
        self._names = check_names(names)
        starts = []
        steps: list[RecordStep] = []
        for g in self._games:
            starts.append(len(steps))
            steps.extend(g.steps)
        self._steps = tuple(steps)
        self._starts = tuple(starts)
        self._view = RecordView(self)
        score = self._games[-1].score if self._games else (0, 0)
        last = self._games[-1].result if self._games else None
        if last is not None and last.winner is not None:
            s = list(score)
            s[last.winner] += last.points
            score = (s[0], s[1])
        self._final = score

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-safe data: the rules, the names, the tags and each game's :meth:`GameRecord.to_dict`.

        >>> import json
        >>> from bgsim.game.match import Match
        >>> rec = Match(1, rng=2).play_out().record()
        >>> again = MatchRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
        >>> [g.events for g in again.games] == [g.events for g in rec.games], again.final_score == rec.final_score
        (True, True)
        """
        return {"rules": self._rules.to_dict(), "names": list(self._names), "tags": dict(self._tags),
                "games": [g.to_dict() for g in self._games]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchRecord:
        """The record :meth:`to_dict` gave; every game is replayed and checked (:meth:`GameRecord.from_dict`).

        The series as a whole (who starts each game, R4b; the Crawford game, R28) is
        checked by :func:`bgsim.game.match.record_from_events` from the games' events.

        >>> MatchRecord.from_dict({"rules": {"match_length": 3}, "games": []}).length
        3
        """
        if not isinstance(data, dict) or not isinstance(data.get("games"), list):
            raise ParseError(f"a match record is a dict with a list of 'games', not {data!r}")
        rules = Rules.from_dict(data.get("rules", {}))
        games = [GameRecord.from_dict(g) for g in data["games"]]
        return cls(games, rules=rules, names=data.get("names"), tags=data.get("tags"))

    def _key(self) -> tuple:
        return (self._rules, self._names, tuple(sorted(self._tags.items())), self._games)

    def __eq__(self, other: object) -> bool:
        """Two match records are equal when they hold the same series: the same rules, names, tags
        and games (:meth:`GameRecord.__eq__`); where their views stand does not count.

        >>> from bgsim.game.match import Match
        >>> rec = Match(3, rng=4).play_out().record()
        >>> MatchRecord.from_dict(rec.to_dict()) == rec
        True
        """
        if not isinstance(other, MatchRecord):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # ------------------------------------------------------------- reading
    @property
    def games(self) -> tuple[GameRecord, ...]:
        """The games' records.

        >>> from bgsim.game.match import Match
        >>> len(Match(3).record().games)
        1
        """
        return self._games

    @property
    def rules(self) -> Rules:
        """The rules of the series.

        >>> from bgsim.game.match import Match
        >>> Match(3).record().rules == Rules.match(3)
        True
        """
        return self._rules

    @property
    def tags(self) -> dict[str, str]:
        """Information about the match (``Event``, ``EventDate``, ``Site`` ...), as in a .mat file's tags.

        >>> MatchRecord([], rules=Rules.money(), tags={"Site": "club"}).tags
        {'Site': 'club'}
        """
        return dict(self._tags)

    @property
    def length(self) -> int:
        """The match length N (0 for money play).

        >>> from bgsim.game.match import Match
        >>> Match(7).record().length
        7
        """
        return self._rules.match_length

    @property
    def scores(self) -> tuple[tuple[int, int], ...]:
        """The score before each game.

        >>> from bgsim.game.match import Match
        >>> m = Match(5, rng=0); m.game.resign(player=0); m.record().scores
        ((0, 0), (0, 3))
        """
        return tuple(g.score for g in self._games)

    @property
    def final_score(self) -> tuple[int, int]:
        """The score after the last game (or before it, while it is unfinished); the real total, not capped at N.

        >>> from bgsim.game.match import Match
        >>> m = Match(2, rng=0); m.game.resign(player=0); m.record().final_score     # a backgammon: 3 > 2
        (0, 3)
        """
        return self._final

    @property
    def is_over(self) -> bool:
        """For a match: True when a player has reached N (R27). Money play never ends by itself: False.

        >>> from bgsim.game.match import Match
        >>> Match(3).record().is_over
        False
        """
        return self._rules.is_match and max(self._final) >= self.length

    @property
    def winner(self) -> int | None:
        """The match winner (``None`` for an unfinished match or money play).

        >>> from bgsim.game.match import Match
        >>> m = Match(2, rng=0); m.game.resign(player=0); m.record().winner
        1
        """
        if not self.is_over:
            return None
        return 0 if self._final[0] >= self.length else 1

    @property
    def game_index(self) -> int:
        """The index (0-based) in :attr:`games` of the game the built-in view is in (:attr:`RecordView.game_index`).

        >>> from bgsim.game.match import Match
        >>> m = Match(5, rng=0); m.game.resign(player=0); rec = m.record(); rec.goto(-1).game_number, rec.game_index
        (2, 1)
        """
        return self._view.game_index

    def goto_game(self, number: int) -> RecordStep:
        """Move the built-in view to the start of game ``number`` (1, 2, ...) and return that step.

        >>> from bgsim.game.match import Match
        >>> Match(1, rng=0).play_out().record().goto_game(1).index
        0
        """
        return self._view.goto_game(number)

    def __repr__(self) -> str:
        kind = f"{self.length}-point match" if self._rules.is_match else "money session"
        return (f"<MatchRecord {kind}, {len(self._games)} games, score {self._final[0]}-{self._final[1]}, "
                f"{len(self._steps)} steps, cursor {self.cursor}>")
