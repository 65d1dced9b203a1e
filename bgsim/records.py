"""Records of games and matches that a teacher can step through, forward and backward.

A :class:`GameRecord` is a view over one game's events (``game.events``): one
:class:`Step` per event, each with the position, cube, dice, score and a caption in
words, and for every position its gnubg Position ID + Match ID and its XGID
(:mod:`bgsim.ids`). A :class:`MatchRecord` strings the games of a match or a money
session together and steps through all of them. Both have a cursor (:attr:`cursor`,
:meth:`next`, :meth:`prev`, :meth:`goto`) and show themselves as text.

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

>>> from bgsim.match import Match
>>> from bgsim.game import Game
>>> from bgsim.ids import decode_match_id
>>> g = Game(rng=1); g.roll(dice=(4, 3)); g.play("24/20 24/21")
(4, 3)
>>> rec = GameRecord.from_game(g)
>>> len(rec), rec.cursor, rec.step.caption
(3, 0, 'Game 1, money play. An opening roll decides who starts (R4).')
>>> print(rec.next().caption)
Opening roll: player 0 throws 4, player 1 throws 3: player 0 starts and plays 4-3 (R4).
>>> rec.next().position_id                  # what gnubg shows after 24/20 24/21 (see bgsim.ids)
'4HPwAQXgc/ABMA'
>>> decode_match_id(rec.step.match_id).player_on_roll      # player 1 is to roll now
1
>>> rec.prev().index
1
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .game import (
    AutomaticDouble,
    Beaver,
    Double,
    Drop,
    Event,
    FinalRoll,
    Game,
    GameOver,
    GameResult,
    GameSnapshot,
    GameStart,
    GameState,
    Move,
    OpeningRoll,
    Pass,
    Resign,
    Roll,
    Take,
)
from .ids import (
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
from .position import Position
from .rules import ResultKind, Rules
from .text import board_text

__all__ = ["GameRecord", "MatchRecord", "Record", "Step"]

_NAMES = ("player 0", "player 1")


def _kind_words(kind: ResultKind | None) -> str:
    return "single game" if kind is ResultKind.SINGLE else str(kind)


def _points(n: int) -> str:
    return f"{n} point" + ("" if n == 1 else "s")


@dataclass(frozen=True)
class Step:
    """The state of a game after one event of its record, for stepping and teaching.

    ``game_number``: 1, 2, ... in a series; ``index``: the event's index in the game's
    record (0 = :class:`~bgsim.game.GameStart`); ``event``; ``caption``: what happened, in
    words; ``position``: the position now, seen from ``position.turn`` (before the opening
    roll: player 0); ``state``, ``player_on_roll``, ``player_to_act``; ``dice``: the dice
    waiting to be played (``None`` when none); ``rolled``: the dice this event threw or
    played (``None`` when it had none); ``cube_value``, ``cube_owner``;
    ``crawford_game`` (R28); ``score``: ``(player 0, player 1)`` before this game (points
    won so far in a money session); ``rules``; ``result`` once the game is over.

    ``position_id``, ``match_id`` and ``xgid`` are the standard identifiers of the step
    (see the module's player mapping).

    >>> rec = GameRecord.from_game(Game(starter=1))
    >>> s = rec.step
    >>> s.player_on_roll, s.xgid
    (1, 'XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:0:0:10')
    """

    game_number: int
    index: int
    event: Event
    caption: str
    position: Position
    state: GameState
    player_on_roll: int | None
    player_to_act: int | None
    dice: tuple[int, int] | None
    rolled: tuple[int, int] | None
    cube_value: int
    cube_owner: int | None
    crawford_game: bool
    score: tuple[int, int]
    rules: Rules = field(repr=False)
    result: GameResult | None = None

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
        """The gnubg :class:`~bgsim.ids.MatchState` of this step (encoded by :attr:`match_id`).

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
        resignation = int(result.kind) if result is not None and result.how == "resign" else 0
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

        >>> from bgsim.ids import decode_match_id
        >>> state = decode_match_id(GameRecord.from_game(Game()).step.match_id)
        >>> state.cube_value, state.cube_owner, state.match_length, state.dice
        (1, None, 0, (0, 0))
        """
        return encode_match_id(self.match_state())

    def xgid_state(self) -> XgidState:
        """The :class:`~bgsim.ids.XgidState` of this step (encoded by :attr:`xgid`).

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


def _rolled(ev: Event, snap: GameSnapshot) -> tuple[int, int] | None:
    if isinstance(ev, OpeningRoll):
        return snap.dice if ev.starter is not None else ev.dice
    if isinstance(ev, (Roll, Pass)):
        return ev.dice
    if isinstance(ev, Move):
        return ev.play.dice
    return None


class _Captions:
    """Captions in words for each event, with the players' names and the rule ids."""

    def __init__(self, names: tuple[str, str], rules: Rules, number: int, score: tuple[int, int]) -> None:
        self.names = names
        self.rules = rules
        self.number = number
        self.score = score

    def who(self, p: int | None) -> str:
        return "nobody" if p is None else self.names[p]

    def score_words(self) -> str:
        n0, n1 = self.names
        s0, s1 = self.score
        return f"{n0} {s0}, {n1} {s1}"

    def caption(self, ev: Event, snap: GameSnapshot, prev: GameSnapshot | None) -> str:
        who = self.who
        if isinstance(ev, GameStart):
            r = self.rules
            if r.is_match:
                text = f"Game {self.number} of a {r.match_length}-point match, score {self.score_words()}."
                if ev.crawford_game:
                    text += " This is the Crawford game: no doubling (R28)."
            else:
                text = f"Game {self.number}, money play."
                if self.number > 1:
                    text = f"Game {self.number}, money play; points so far {self.score_words()}."
            if ev.starter is None:
                text += " An opening roll decides who starts (R4)."
            else:
                text += f" {who(ev.starter)} starts by rolling both dice (R4b)."
            return text
        if isinstance(ev, OpeningRoll):
            a, b = ev.dice
            head = f"Opening roll: {self.names[0]} throws {a}, {self.names[1]} throws {b}"
            if ev.starter is None:
                return head + ": a tie, throw again (R4)."
            s = ev.starter
            if self.rules.opening == "standard":
                return head + f": {who(s)} starts and plays {ev.dice[s]}-{ev.dice[1 - s]} (R4)."
            return head + f": {who(s)} starts and rolls both dice afresh (R4a)."
        if isinstance(ev, AutomaticDouble):
            return f"The tie doubles the cube automatically: it shows {ev.cube_value}, still in the middle (R29)."
        if isinstance(ev, Roll):
            return f"{who(ev.player)} rolls {ev.dice[0]}-{ev.dice[1]}."
        if isinstance(ev, Move):
            play = ev.play
            text = f"{who(ev.player)} plays {play} ({play.dice[0]}-{play.dice[1]})"
            hits = sum(play.hits)
            extras = []
            if hits:
                extras.append("hitting " + ("a blot" if hits == 1 else f"{hits} blots") + " (R8)")
            off = sum(1 for _src, dst in play.moves if dst == 0)
            if off:
                extras.append(f"bearing off {off} checker" + ("" if off == 1 else "s") + " (R17-R18)")
            if extras:
                text += ", " + " and ".join(extras)
            after = snap.position
            mover_pips, other_pips = after.pips()[1], after.pips()[0]
            return text + f". Pip counts: {who(ev.player)} {mover_pips}, {who(1 - ev.player)} {other_pips}."
        if isinstance(ev, Pass):
            return (f"{who(ev.player)} rolls {ev.dice[0]}-{ev.dice[1]} but cannot move: the turn passes (R12).")
        if isinstance(ev, Double):
            return (f"{who(ev.player)} doubles to {ev.cube_value} (R25); {who(1 - ev.player)} must take or "
                    f"drop (R26).")
        after_beaver = prev is not None and isinstance(prev.event, Beaver)
        if isinstance(ev, Take):
            if after_beaver:
                return (f"{who(ev.player)} takes the beaver: the cube shows {ev.cube_value} and "
                        f"{who(1 - ev.player)} keeps it (X2).")
            return f"{who(ev.player)} takes: the cube shows {ev.cube_value} and {who(ev.player)} owns it (R26)."
        if isinstance(ev, Drop):
            if after_beaver:
                return (f"{who(ev.player)} drops the beaver: {who(1 - ev.player)} wins the doubled stake, "
                        f"{prev.cube_value}, without gammons (X2, R26).")
            return (f"{who(ev.player)} drops: {who(1 - ev.player)} wins at the cube value before the double, "
                    f"{prev.cube_value if prev else 1}, without gammons (R26).")
        if isinstance(ev, Beaver):
            return (f"{who(ev.player)} beavers: takes and redoubles to {ev.cube_value} at once, keeping the "
                    f"cube; {who(1 - ev.player)} must take or drop the beaver (X2).")
        if isinstance(ev, FinalRoll):
            return (f"{who(1 - ev.player)} has borne off the last checker; {who(ev.player)} gets one final "
                    f"roll: bearing off every checker with it makes the game a draw (V4).")
        if isinstance(ev, Resign):
            return f"{who(ev.player)} resigns a {_kind_words(ev.kind)}, judged from the position (V3, R23)."
        if isinstance(ev, GameOver):
            r = ev.result
            if r.winner is None:
                return "Game over: a draw, the final roll bore off every checker (V4)."
            how = {"bearoff": " (R22)", "drop": ", the double dropped (R26)", "resign": ", by resignation (V3)"}
            text = (f"Game over: {who(r.winner)} wins a {_kind_words(r.kind)}{how[r.how]}: "
                    f"{_points(r.points)} (cube {r.cube}).")
            after = list(self.score)
            after[r.winner] += r.points
            n0, n1 = self.names
            if self.rules.is_match:
                text += f" Score: {n0} {after[0]}, {n1} {after[1]}."
                if after[r.winner] >= self.rules.match_length:
                    text += f" {who(r.winner)} wins the match (R27)."
            return text
        return str(ev)  # pragma: no cover - every event type is handled above


class _Cursor:
    """The stepping machinery shared by GameRecord and MatchRecord (a list of steps and a cursor)."""

    _steps: tuple[Step, ...]
    _cursor: int

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self._steps)

    def __getitem__(self, i: int) -> Step:
        return self._steps[i]

    @property
    def steps(self) -> tuple[Step, ...]:
        """Every step, in order.

        >>> [type(s.event).__name__ for s in GameRecord.from_game(Game(starter=0)).steps]
        ['GameStart']
        """
        return self._steps

    @property
    def cursor(self) -> int:
        """The index of the current step (0 = the start).

        >>> GameRecord.from_game(Game()).cursor
        0
        """
        return self._cursor

    @property
    def step(self) -> Step:
        """The current step.

        >>> GameRecord.from_game(Game()).step.index
        0
        """
        return self._steps[self._cursor]

    @property
    def at_start(self) -> bool:
        """True on the first step.

        >>> GameRecord.from_game(Game()).at_start
        True
        """
        return self._cursor == 0

    @property
    def at_end(self) -> bool:
        """True on the last step.

        >>> GameRecord.from_game(Game()).at_end
        True
        """
        return self._cursor == len(self._steps) - 1

    def next(self) -> Step | None:
        """Step forward and return the new current step; ``None`` (and no move) at the end.

        >>> g = Game(starter=0); g.roll(dice=(2, 1))
        (2, 1)
        >>> rec = GameRecord.from_game(g); rec.next().rolled, rec.next()
        ((2, 1), None)
        """
        if self.at_end:
            return None
        self._cursor += 1
        return self.step

    def prev(self) -> Step | None:
        """Step backward and return the new current step; ``None`` (and no move) at the start.

        >>> g = Game(starter=0); g.roll(dice=(2, 1))
        (2, 1)
        >>> rec = GameRecord.from_game(g); rec.goto(-1).index, rec.prev().index, rec.prev()
        (1, 0, None)
        """
        if self.at_start:
            return None
        self._cursor -= 1
        return self.step

    def goto(self, i: int) -> Step:
        """Jump to step ``i`` (negative counts from the end) and return it; ``IndexError`` when out of range.

        >>> rec = GameRecord.from_game(Game())
        >>> rec.goto(0).index
        0
        >>> rec.goto(5)
        Traceback (most recent call last):
        ...
        IndexError: step 5 is out of range: this record has steps 0 to 0
        """
        n = len(self._steps)
        if not isinstance(i, int) or isinstance(i, bool):
            raise TypeError(f"a step index is an int, not {i!r}")
        if not -n <= i < n:
            raise IndexError(f"step {i} is out of range: this record has steps 0 to {n - 1}")
        self._cursor = i % n
        return self.step

    def positions(self) -> list[Position]:
        """The distinct positions in order (per game: the start, then one per play or pass).

        >>> g = Game(starter=0); g.roll(dice=(3, 1)); g.play("8/5 6/5")
        (3, 1)
        >>> [p.pips() for p in GameRecord.from_game(g).positions()]
        [(167, 167), (167, 163)]
        """
        out: list[Position] = []
        last: Step | None = None
        for s in self._steps:
            if last is None or s.position != last.position or s.game_number != last.game_number:
                out.append(s.position)
            last = s
        return out

    def transcript(self) -> str:
        """Every caption, numbered: the record in words.

        >>> print(GameRecord.from_game(Game(starter=1)).transcript())
           0. Game 1, money play. player 1 starts by rolling both dice (R4b).
        """
        return "\n".join(f"{k:4d}. {s.caption}" for k, s in enumerate(self._steps))

    def _step_text(self, names: tuple[str, str]) -> str:
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
        head += f" -- step {self._cursor} of {len(self._steps) - 1}"
        pos = s.position
        x, o = pos.turn, 1 - pos.turn
        owner = "in the middle" if s.cube_owner is None else f"owned by {names[s.cube_owner]}"
        dice = "-" if s.dice is None else f"{s.dice[0]}-{s.dice[1]}"
        lines = [head, board_text(pos),
                 f" X = {names[x]} (player {x}), O = {names[o]} (player {o})",
                 f" cube {s.cube_value} {owner}; dice to play: {dice}",
                 f" {s.caption}",
                 f" Position ID: {s.position_id}  Match ID: {s.match_id}",
                 f" {s.xgid}"]
        return "\n".join(lines)


class GameRecord(_Cursor):
    """One game's record as steps: build it with :meth:`from_game` or from events (replayed and checked).

    ``events``: the game's events (``game.events``); they are replayed through
    :meth:`Game.replay <bgsim.game.Game.replay>`, so a record that breaks a rule raises
    :class:`~bgsim.errors.RuleViolationError`. ``number``: the game's number in its
    series; ``score``: the score before the game; ``names``: the players' names.

    >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7"); g.double(); g.take()
    (6, 1)
    >>> rec = GameRecord(g.events)
    >>> [s.cube_value for s in rec], rec.goto(-1).cube_owner     # player 1 doubled, player 0 took
    ([1, 1, 1, 1, 2], 0)
    >>> print(rec.transcript().splitlines()[-1])
       4. player 0 takes: the cube shows 2 and player 0 owns it (R26).
    """

    def __init__(self, events: Sequence[Event], *, number: int = 1, score: tuple[int, int] = (0, 0),
                 names: Sequence[str] | None = None) -> None:
        self._init(Game.replay(events), number, score, names)

    @classmethod
    def from_game(cls, game: Game, *, number: int = 1, score: tuple[int, int] = (0, 0),
                  names: Sequence[str] | None = None) -> GameRecord:
        """The record of ``game`` as it stands (no replay: the game already checked every step).

        >>> GameRecord.from_game(Game(starter=1)).step.caption
        'Game 1, money play. player 1 starts by rolling both dice (R4b).'
        """
        rec = cls.__new__(cls)
        rec._init(game, number, score, names)
        return rec

    def _init(self, game: Game, number: int, score, names) -> None:
        if not isinstance(number, int) or number < 1:
            raise ValueError(f"a game number counts from 1, not {number!r}")
        s0, s1 = score
        self._number = number
        self._score = (int(s0), int(s1))
        self._names = tuple(names) if names is not None else _NAMES
        self._rules = game.rules
        self._events = game.events
        self._result = game.result
        history = game.history()
        cap = _Captions(self._names, game.rules, number, self._score)
        steps = []
        prev = None
        for snap in history:
            ev = snap.event
            steps.append(Step(
                game_number=number, index=snap.index, event=ev, caption=cap.caption(ev, snap, prev),
                position=snap.position, state=snap.state, player_on_roll=snap.player_on_roll,
                player_to_act=snap.player_to_act, dice=snap.dice, rolled=_rolled(ev, snap),
                cube_value=snap.cube_value, cube_owner=snap.cube_owner, crawford_game=snap.crawford_game,
                score=self._score, rules=game.rules, result=snap.result))
            prev = snap
        self._steps = tuple(steps)
        self._cursor = 0

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
    def names(self) -> tuple[str, str]:
        """The players' names.

        >>> GameRecord.from_game(Game(), names=("Ann", "Ben")).names
        ('Ann', 'Ben')
        """
        return self._names  # type: ignore[return-value]

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
        """A live :class:`~bgsim.game.Game` replayed up to step ``upto`` (default: the current step).

        A teacher can go back to any step and play on from there ("what if ...?"); ``rng``
        (a Generator or seed) gives the dice from then on.

        >>> g = Game(starter=0); g.roll(dice=(6, 1)); g.play("13/7 8/7")
        (6, 1)
        >>> rec = GameRecord.from_game(g); rec.goto(1)
        ... # doctest: +ELLIPSIS
        Step(...)
        >>> live = rec.game(); live.legal_plays()[0].dice
        (6, 1)
        """
        i = self._cursor if upto is None else self.goto(upto).index
        return Game.replay(self._events[:i + 1], rng=rng)

    def text(self) -> str:
        """The current step as text: the board, the cube, the dice, the caption and the IDs.

        >>> print(GameRecord.from_game(Game()).text().splitlines()[0])
        Game 1, money play -- step 0 of 0
        """
        return self._step_text(self.names)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<GameRecord game {self._number}, {len(self._steps)} steps, cursor {self._cursor}>"


#: The brief's name for a single game's record.
Record = GameRecord


class MatchRecord(_Cursor):
    """The games of a match (or a money session) as one steppable record.

    ``games``: the :class:`GameRecord` of each game, in order (their ``score`` is the
    score before each game); ``rules``; ``names``. Build one with
    :meth:`Match.record() <bgsim.match.Match.record>`, :meth:`Session.record()
    <bgsim.match.Session.record>`, :meth:`replay` (from events, checked) or
    :func:`bgsim.matfile.read_mat`.

    The cursor runs over every step of every game; :meth:`goto_game` jumps to a game's start.

    >>> from bgsim.match import Match
    >>> rec = Match(3, rng=3).play_out().record()
    >>> rec.goto_game(len(rec.games)).game_number == len(rec.games)
    True
    >>> rec.winner == (0 if rec.final_score[0] >= 3 else 1)
    True
    """

    def __init__(self, games: Sequence[GameRecord], *, rules: Rules, names: Sequence[str] | None = None,
                 tags: dict[str, str] | None = None) -> None:
        self._tags = dict(tags or {})
        self._games = tuple(games)
        self._rules = rules
        self._names = tuple(names) if names is not None else _NAMES
        self._starts = []
        steps: list[Step] = []
        for g in self._games:
            self._starts.append(len(steps))
            steps.extend(g.steps)
        self._steps = tuple(steps)
        self._cursor = 0
        score = self._games[-1].score if self._games else (0, 0)
        last = self._games[-1].result if self._games else None
        if last is not None and last.winner is not None:
            s = list(score)
            s[last.winner] += last.points
            score = (s[0], s[1])
        self._final = score

    @classmethod
    def replay(cls, games: Sequence[Sequence[Event]], rules: Rules, *, names: Sequence[str] | None = None,
               stakes=1) -> MatchRecord:
        """The record of a match (or money session) rebuilt from its games' events, checking every rule.

        Each game must start as the series says (R4b starters, R28 Crawford) and obey the
        rules; see :meth:`Match.replay <bgsim.match.Match.replay>`.

        >>> from bgsim.match import Match
        >>> m = Match(2, rng=1).play_out()
        >>> MatchRecord.replay([g.events for g in m.games], m.rules).final_score == m.score
        True
        """
        from .match import Match, Session

        if rules.is_match:
            series = Match.replay(games, rules, names=names)
        else:
            series = Session.replay(games, rules, stakes=stakes, names=names)
        return series.record()

    # ------------------------------------------------------------- reading
    @property
    def games(self) -> tuple[GameRecord, ...]:
        """The games' records.

        >>> from bgsim.match import Match
        >>> len(Match(3).record().games)
        1
        """
        return self._games

    @property
    def rules(self) -> Rules:
        """The rules of the series.

        >>> from bgsim.match import Match
        >>> Match(3).record().rules == Rules.match(3)
        True
        """
        return self._rules

    @property
    def names(self) -> tuple[str, str]:
        """The players' names (``names[0]`` is player 0).

        >>> from bgsim.match import Match
        >>> Match(3, names=("Ann", "Ben")).record().names
        ('Ann', 'Ben')
        """
        return self._names  # type: ignore[return-value]

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

        >>> from bgsim.match import Match
        >>> Match(7).record().length
        7
        """
        return self._rules.match_length

    @property
    def scores(self) -> tuple[tuple[int, int], ...]:
        """The score before each game.

        >>> from bgsim.match import Match
        >>> m = Match(5, rng=0); m.game.resign(player=0); m.record().scores
        ((0, 0), (0, 3))
        """
        return tuple(g.score for g in self._games)

    @property
    def final_score(self) -> tuple[int, int]:
        """The score after the last game (or before it, while it is unfinished); the real total, not capped at N.

        >>> from bgsim.match import Match
        >>> m = Match(2, rng=0); m.game.resign(player=0); m.record().final_score     # a backgammon: 3 > 2
        (0, 3)
        """
        return self._final

    @property
    def is_over(self) -> bool:
        """For a match: True when a player has reached N (R27). Money play never ends by itself: False.

        >>> from bgsim.match import Match
        >>> Match(3).record().is_over
        False
        """
        return self._rules.is_match and max(self._final) >= self.length

    @property
    def winner(self) -> int | None:
        """The match winner (``None`` for an unfinished match or money play).

        >>> from bgsim.match import Match
        >>> m = Match(2, rng=0); m.game.resign(player=0); m.record().winner
        1
        """
        if not self.is_over:
            return None
        return 0 if self._final[0] >= self.length else 1

    @property
    def game_index(self) -> int:
        """The index (0-based) in :attr:`games` of the game the cursor is in.

        >>> from bgsim.match import Match
        >>> m = Match(5, rng=0); m.game.resign(player=0); rec = m.record(); rec.goto(-1).game_number, rec.game_index
        (2, 1)
        """
        i = 0
        for k, start in enumerate(self._starts):
            if start <= self._cursor:
                i = k
        return i

    def goto_game(self, number: int) -> Step:
        """Jump to the start of game ``number`` (1, 2, ...) and return that step.

        >>> from bgsim.match import Match
        >>> Match(1, rng=0).play_out().record().goto_game(1).index
        0
        """
        if not 1 <= number <= len(self._games):
            raise IndexError(f"game {number} is out of range: this record has games 1 to {len(self._games)}")
        return self.goto(self._starts[number - 1])

    def text(self) -> str:
        """The current step as text (the board, the cube, the dice, the caption and the IDs).

        >>> from bgsim.match import Match
        >>> print(Match(3).record().text().splitlines()[0])
        Game 1 of a 3-point match, score player 0 0, player 1 0 -- step 0 of 0
        """
        return self._step_text(self.names)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        kind = f"{self.length}-point match" if self._rules.is_match else "money session"
        return (f"<MatchRecord {kind}, {len(self._games)} games, score {self._final[0]}-{self._final[1]}, "
                f"{len(self._steps)} steps, cursor {self._cursor}>")
