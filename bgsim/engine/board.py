"""The board value: where the checkers stand and who is on roll, with no rules attached.

:class:`BasePosition` holds both sides' checkers, each in its own numbering (R1): index 0 =
borne off, 1..24 = points, 25 = the bar. ``mine`` is the side on roll, ``theirs`` the
other side; my point ``p`` is their point ``25 - p``. It knows its counts, pips, IDs,
equality and hashing, and nothing of moving: :class:`bgsim.Position` (``bgsim/engine/position.py``)
adds the rules (legal plays, playing, notation, the turn stepper) on top of it, the way
python-chess puts ``Board`` on top of ``BaseBoard``. This module imports nothing of bgsim
above the error classes and the ID codecs, so every engine module can stand on it.

The examples use :class:`bgsim.Position`, which has every method of this class:

>>> from bgsim import Position
>>> pos = Position.initial()
>>> pos.pips(), pos.bar, pos.off
((167, 167), (0, 0), (0, 0))
>>> isinstance(pos, BasePosition)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from .errors import InvalidPositionError, ParseError, Refusal
from .i18n import _
from .ids import _position_id_of, _xgid_of, decode_position_id, decode_xgid

if TYPE_CHECKING:  # pragma: no cover
    from typing_extensions import Self

__all__ = ["BAR", "CHECKERS", "HYPERGAMMON_CHECKERS", "OFF", "BasePosition", "Counts"]

CHECKERS = 15   # R2 (the standard variant's count, bgsim.engine.variants.STANDARD)
HYPERGAMMON_CHECKERS = 3  # X3 (bgsim.engine.variants.HYPERGAMMON)
BAR = 25
OFF = 0


Counts = Sequence[int] | Mapping[int, int]


def _as_counts(side: Counts, checkers: int, who: str) -> tuple[int, ...]:
    """Turn a 26-sequence or a {point: count} mapping into a 26-tuple (off filled in)."""
    if isinstance(side, Mapping):
        counts = [0] * 26
        for point, n in side.items():
            if isinstance(point, str):
                key = point.strip().lower()
                if key == "bar":
                    point = BAR
                elif key == "off":
                    point = OFF
                else:
                    raise InvalidPositionError(_("{who}: unknown point {point} (use 1-24, 'bar' or 'off')").format(
                                                   who=who, point=repr(point)))
            if not isinstance(point, (int, np.integer)) or isinstance(point, bool) or not 0 <= point <= 25:
                raise InvalidPositionError(_("{who}: unknown point {point} (points are 1-24, 25 = bar, 0 = off)")
                                             .format(
                                               who=who, point=repr(point)))
            if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
                raise InvalidPositionError(_("{who}: the count on point {point} is not a whole number: {n}").format(
                                               who=who, point=point, n=repr(n)))
            counts[int(point)] += int(n)
        if OFF not in side:
            counts[OFF] = checkers - sum(counts)
            if counts[OFF] < 0:
                raise InvalidPositionError(
                    _("{who} has {value} checkers on the board, more than {checkers} (R2)").format(
                        who=who, value=sum(counts) - counts[OFF], checkers=checkers))
        return _validated(counts, who)
    try:
        counts = [int(x) for x in side]
        whole = all(int(x) == x for x in side)
    except (TypeError, ValueError):
        whole = False
    if not whole:
        raise InvalidPositionError(_("{who}: expected 26 whole numbers or a {{point: count}} mapping").format(who=who))
    if len(counts) != 26:
        raise InvalidPositionError(
            _("{who}: expected 26 counts (index 0 = off, 1-24 = points, 25 = bar), got {len}").format(
                who=who, len=len(counts)))
    return _validated(counts, who)


def _check_player(player: object) -> int:
    if not isinstance(player, (int, np.integer)) or isinstance(player, bool) or player not in (0, 1):
        raise InvalidPositionError(_("player must be 0 or 1 (absolute, not relative to who is on roll), not "
                                     "{player}").format(player=repr(player)))
    return int(player)


def _validated(counts: list[int], who: str) -> tuple[int, ...]:
    for i, n in enumerate(counts):
        if n < 0:
            name = "off" if i == OFF else "the bar" if i == BAR else f"point {i}"
            raise InvalidPositionError(_("{who} has a negative count ({n}) on {name}").format(who=who, n=n, name=name))
    return tuple(counts)


def _refuse_finished(mine: Sequence[int], finished: object) -> None:
    """Refuse a position read from an ID or a board whose side on roll has no checker left (a
    finished game, R22; a drawn game's end, V4), unless the caller said ``finished=True``."""
    if not isinstance(finished, bool):
        raise InvalidPositionError(_("finished must be True or False, not {finished}").format(finished=repr(finished)))
    if not finished and sum(mine[1:]) == 0:
        raise InvalidPositionError(Refusal(_("the player on roll has borne off every checker: the game is over, "
                                             "nothing is left to roll for (R22); to read a finished game's last "
                                             "position, pass finished=True"), "R22", cite=False))


class BasePosition:
    """Where the checkers stand, with one side on roll: the value under :class:`bgsim.Position`.

    Immutable and hashable; two positions are equal when their checkers and the side on
    roll are (whatever their class). Build one with :meth:`from_counts`, :meth:`from_board`,
    :meth:`from_gnubg_id` or :meth:`from_xgid` (the start of a variant is
    :meth:`bgsim.Position.initial`, which knows the variants); read it with
    :attr:`mine`, :attr:`theirs`, :meth:`pips` ... Every constructor builds the class it is
    called on, so ``Position.from_counts(...)`` is a :class:`bgsim.Position`.

    >>> from bgsim import Position
    >>> pos = Position.from_counts({6: 2, 5: 13}, {24: 15}, turn=1)
    >>> pos.turn, pos.mine[6], pos.off
    (1, 2, (0, 0))
    """

    # _key: the 52 count bytes (mine, then theirs), made when first needed (engine input, ids);
    # _hash: made when first needed (a position from the engine may never be hashed).
    __slots__ = ("_hash", "_key", "_mine", "_theirs", "_turn")
    _hash: int | None
    _key: bytes | None
    _mine: tuple[int, ...]
    _theirs: tuple[int, ...]
    _turn: int

    def __init__(self, mine: Counts, theirs: Counts, turn: int = 0, *, checkers: int | None = None) -> None:
        if turn not in (0, 1) or isinstance(turn, bool):
            raise InvalidPositionError(_("turn must be player 0 or 1, not {turn}").format(turn=repr(turn)))
        if checkers is None:
            checkers = CHECKERS
            if not isinstance(mine, Mapping):
                try:
                    checkers = int(sum(mine))
                except TypeError:
                    pass
        m = _as_counts(mine, checkers, "the player on roll")
        t = _as_counts(theirs, checkers, "the opponent")
        sm, st = sum(m), sum(t)
        if sm != st:
            raise InvalidPositionError(
                _("the sides have different numbers of checkers: {sm} on roll, {st} for the opponent (R2: "
                  "{checkers} each; {hypergammon_checkers} in hypergammon, X3)").format(
                    sm=sm, st=st, checkers=CHECKERS, hypergammon_checkers=HYPERGAMMON_CHECKERS))
        if not 1 <= sm <= CHECKERS:
            raise InvalidPositionError(_("each side must have 1 to {checkers} checkers, not {sm} (R2)").format(
                                           checkers=CHECKERS, sm=sm))
        for p in range(1, 25):
            if m[p] and t[25 - p]:
                raise InvalidPositionError(
                    _("point {p} holds checkers of both sides ({value} on roll, {value2} opponent's; R7)").format(
                        p=p, value=m[p], value2=t[25 - p]))
        self._mine = m
        self._theirs = t
        self._turn = int(turn)
        self._hash = None
        self._key = None

    # ----------------------------------------------------------------- constructors
    @classmethod
    def from_counts(cls, mine: Counts, theirs: Counts, turn: int = 0, *, checkers: int = CHECKERS) -> Self:
        """Build a position from per-point counts, each side in its own numbering.

        ``mine``/``theirs`` are 26 counts (index 0 = off, 25 = bar) or a mapping
        ``{point: count}`` (keys 1-24, ``25``/``"bar"``, ``0``/``"off"``), in which case the
        checkers not mentioned are off. ``checkers`` is the side's total (15, R2).

        >>> Position.from_counts({1: 2}, {"bar": 1, 1: 14}).off
        (13, 0)
        >>> Position.from_counts({1: 16}, {1: 15})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.InvalidPositionError: the player on roll has 16 checkers on the board, more than 15 (R2)
        """
        return cls(mine, theirs, turn, checkers=checkers)

    @classmethod
    def from_board(cls, board: Mapping[int, int] | Sequence[int], *, bar: tuple[int, int] = (0, 0),
                   off: tuple[int, int] | None = None, turn: int = 0, checkers: int = CHECKERS,
                   finished: bool = False) -> Self:
        """Build a position from one signed board seen by the side on roll (like XGID's board).

        ``board`` maps my points 1-24 to a count: positive for my checkers, negative for the
        opponent's, both **in my numbering** (an opponent's checker on my 7-point is 6 pips
        in front of my 13-point); a sequence of 24 counts is points 1 to 24. ``bar`` is
        ``(mine, theirs)`` on the bar; ``off`` is ``(mine, theirs)`` borne off, by default
        whatever ``checkers`` (15 a side, R2) leaves over.

        >>> start = {24: 2, 13: 5, 8: 3, 6: 5, 1: -2, 12: -5, 17: -3, 19: -5}
        >>> Position.from_board(start) == Position.initial()
        True
        >>> pos = Position.from_board({6: 3, 7: -1}, bar=(0, 1), off=(12, 13))
        >>> pos.theirs[18], pos.bar, pos.off        # their blot is on their 18-point
        (1, (0, 1), (12, 13))
        >>> Position.from_board({6: 16})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.InvalidPositionError: the player on roll has 16 checkers on the board and the bar, more than
        15 (R2)

        Raises :class:`~bgsim.engine.errors.InvalidPositionError` for a point outside 1-24, a count
        that is not a whole number, more checkers than ``checkers``, negative bar or off
        counts, or totals that do not add up (R1, R2); and for a board where the side on roll
        has no checker left, a finished game (R22; a drawn game's end, V4, leaves neither
        side one), unless ``finished=True`` says that is what is meant:

        >>> Position.from_board({})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.InvalidPositionError: the player on roll has borne off every checker: the game is over,
        nothing
        is left to roll for (R22); to read a finished game's last position, pass finished=True
        >>> Position.from_board({}, finished=True).off                # a drawn game's end (V4)
        (15, 15)
        """
        if isinstance(board, Mapping):
            items = list(board.items())
        else:
            try:
                values = list(board)
            except TypeError:
                raise InvalidPositionError(
                    _("board must be a {{point: count}} mapping or 24 counts, not {board}").format(
                        board=repr(board))) from None
            if len(values) != 24:
                raise InvalidPositionError(_("board must have 24 counts (points 1 to 24), got {len}").format(
                                               len=len(values)))
            items = list(enumerate(values, 1))
        mine = [0] * 26
        theirs = [0] * 26
        for point, n in items:
            if not isinstance(point, (int, np.integer)) or isinstance(point, bool) or not 1 <= point <= 24:
                raise InvalidPositionError(_("board: unknown point {point} (points are 1-24; give bar= and off= "
                                             "separately)").format(point=repr(point)))
            if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
                raise InvalidPositionError(_("board: the count on point {point} is not a whole number: {n}").format(
                                               point=point, n=repr(n)))
            if n > 0:
                mine[int(point)] += int(n)
            elif n < 0:
                theirs[25 - int(point)] += -int(n)
        for name, pair in (("bar", bar), ("off", off)):
            if pair is None:
                continue
            try:
                a, b = pair
            except (TypeError, ValueError):
                raise InvalidPositionError(_("{name} must be (mine, theirs), not {pair}").format(
                                               name=name, pair=repr(pair))) from None
            for who, n in (("mine", a), ("theirs", b)):
                if not isinstance(n, (int, np.integer)) or isinstance(n, bool) or n < 0:
                    raise InvalidPositionError(_("{name} ({who}) must be a whole number >= 0, not {n}").format(
                                                   name=name, who=who, n=repr(n)))
        mine[BAR], theirs[BAR] = int(bar[0]), int(bar[1])
        for side, who in ((mine, "the player on roll"), (theirs, "the opponent")):
            if sum(side) > checkers:
                raise InvalidPositionError(
                    _("{who} has {sum} checkers on the board and the bar, more than {checkers} (R2)").format(
                        who=who, sum=sum(side), checkers=checkers))
        if off is None:
            mine[OFF], theirs[OFF] = checkers - sum(mine), checkers - sum(theirs)
        else:
            mine[OFF], theirs[OFF] = int(off[0]), int(off[1])
            for side, who in ((mine, "the player on roll"), (theirs, "the opponent")):
                if sum(side) != checkers:
                    raise InvalidPositionError(
                        _("{who} has {sum} checkers with the ones off, not {checkers} (R2)").format(
                            who=who, sum=sum(side), checkers=checkers))
        _refuse_finished(mine, finished)
        return cls(mine, theirs, turn, checkers=checkers)

    @classmethod
    def from_array(cls, board: np.ndarray, turn: int = 0) -> Self:
        """From the engine's ``int[2, 26]`` array (row 0 = on roll)."""
        return cls(tuple(int(x) for x in board[0]), tuple(int(x) for x in board[1]), turn)

    @classmethod
    def from_gnubg_id(cls, text: str, turn: int = 0, *, checkers: int = CHECKERS, finished: bool = False) -> Self:
        """Read a gnubg Position ID; the side on roll is the one to move.

        The ID does not say who is player 0: give ``turn``. ``checkers``: per side (3 for
        hypergammon, X3); the checkers not on the board are off. An ID whose side on roll
        has no checker left (``AAAAAAAAAAAAAA``: every checker of both sides off) is a
        finished game, refused unless ``finished=True`` (R22, V4).

        >>> Position.from_gnubg_id("4HPwATDgc/ABMA") == Position.initial()
        True
        >>> start = Position.initial(variant="hypergammon")
        >>> Position.from_gnubg_id(start.gnubg_id(), checkers=3) == start
        True
        >>> Position.from_gnubg_id("AAAAAAAAAAAAAA")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.InvalidPositionError: the player on roll has borne off every checker: the game is over,
        nothing
        is left to roll for (R22); to read a finished game's last position, pass finished=True
        """
        mine, theirs = decode_position_id(text, checkers=checkers)   # checked: R1, R2
        if turn not in (0, 1) or isinstance(turn, bool):
            raise InvalidPositionError(_("turn must be player 0 or 1, not {turn}").format(turn=repr(turn)))
        _refuse_finished(mine, finished)
        return cls._make(mine, theirs, int(turn))

    def gnubg_id(self) -> str:
        """The gnubg Position ID, as gnubg shows it with this side on roll.

        >>> Position.initial().gnubg_id()
        '4HPwATDgc/ABMA'
        """
        return _position_id_of(self._mine, self._theirs)   # a Position is valid: no checks again

    @classmethod
    def from_xgid(cls, text: str, *, checkers: int = CHECKERS, finished: bool = False) -> Self:
        """Read the position and the side on roll from an XGID (player 0 = XG's bottom player).

        The cube, score and dice fields are read and checked too; get them with
        :func:`bgsim.engine.ids.decode_xgid`. A finished game (the side on roll has no checker left)
        is refused unless ``finished=True``, as in :meth:`from_gnubg_id`.

        >>> Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10") == Position.initial()
        True
        """
        mine, theirs, on_roll, _state = decode_xgid(text, checkers=checkers)   # checked: R1, R2
        _refuse_finished(mine, finished)
        return cls._make(mine, theirs, on_roll)

    def xgid(self, state=None) -> str:
        """This position as an XGID: a money game with a centred cube, unless ``state``
        (a :class:`bgsim.engine.ids.XgidState`) gives the cube, score, dice and match length.

        >>> Position.initial().xgid()
        'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
        """
        return _xgid_of(self._mine, self._theirs, self._turn, state)

    # ----------------------------------------------------------------- reading
    @property
    def mine(self) -> tuple[int, ...]:
        """The side on roll: 26 counts, index 0 = off, 1-24 = points, 25 = bar."""
        return self._mine

    @property
    def theirs(self) -> tuple[int, ...]:
        """The opponent, in the opponent's own numbering."""
        return self._theirs

    @property
    def turn(self) -> int:
        """The player on roll: 0 or 1."""
        return self._turn

    def counts(self, player: int) -> tuple[int, ...]:
        """Player ``player``'s checkers (0 or 1, absolute, whoever is on roll) in that player's own numbering.

        26 counts: index 0 = borne off, 1-24 = points from that player's home, 25 = bar.
        ``pos.counts(pos.turn)`` is :attr:`mine` and ``pos.counts(1 - pos.turn)`` is
        :attr:`theirs`.

        >>> pos = Position.initial().play("24/18 13/11")  # player 0 moved; player 1 on roll
        >>> pos.counts(0)[18], pos.counts(0) == pos.theirs, pos.counts(1) == pos.mine
        (1, True, True)
        """
        _check_player(player)
        return self._mine if player == self._turn else self._theirs

    def side_of(self, player: int) -> int:
        """The side (0 = on roll, 1 = opponent) that absolute player ``player`` is now.

        >>> Position.initial(turn=1).side_of(1), Position.initial(turn=1).side_of(0)
        (0, 1)
        """
        _check_player(player)
        return 0 if player == self._turn else 1

    @property
    def checkers(self) -> int:
        """Checkers per side: 15 (R2), or 3 in hypergammon (X3)."""
        return sum(self._mine)

    @property
    def bar(self) -> tuple[int, int]:
        """Checkers on the bar: (on roll, opponent)."""
        return self._mine[BAR], self._theirs[BAR]

    @property
    def off(self) -> tuple[int, int]:
        """Checkers borne off: (on roll, opponent)."""
        return self._mine[OFF], self._theirs[OFF]

    def pips(self) -> tuple[int, int]:
        """Pip counts (on roll, opponent): each checker counts its distance from off; bar = 25.

        >>> Position.initial().pips()
        (167, 167)
        """
        return (sum(i * n for i, n in enumerate(self._mine)), sum(i * n for i, n in enumerate(self._theirs)))

    def owner(self, point: int) -> tuple[int, int]:
        """Who stands on ``point`` (in the mover's numbering): (side, count), side 0 = on roll, 1 = opponent;
        (-1, 0) when empty. The absolute player is ``pos.turn`` for side 0, ``1 - pos.turn`` for side 1.

        >>> Position.initial().owner(6), Position.initial().owner(1), Position.initial().owner(2)
        ((0, 5), (1, 2), (-1, 0))
        """
        if not 1 <= point <= 24:
            raise InvalidPositionError(_("no point {point} on the board (1-24, R1)").format(point=point))
        if self._mine[point]:
            return 0, self._mine[point]
        if self._theirs[25 - point]:
            return 1, self._theirs[25 - point]
        return -1, 0

    def blots(self, side: int = 0) -> tuple[int, ...]:
        """Points (in that side's numbering) where the side has exactly one checker.

        ``side`` is relative to the player on roll: 0 = on roll, 1 = the opponent (for an
        absolute player use :meth:`side_of`).

        >>> Position.initial().play("24/18 13/11").blots(1)
        (24, 18, 11)
        """
        counts = self._side(side)
        return tuple(p for p in range(24, 0, -1) if counts[p] == 1)

    def made_points(self, side: int = 0) -> tuple[int, ...]:
        """Points (in that side's numbering) the side holds with two or more checkers (closed to the other, R7).

        ``side``: 0 = on roll, 1 = the opponent.

        >>> Position.initial().made_points()
        (24, 13, 8, 6)
        """
        counts = self._side(side)
        return tuple(p for p in range(24, 0, -1) if counts[p] >= 2)

    def is_race(self) -> bool:
        """True when contact is over: no checker of either side can meet one of the other again.

        >>> Position.initial().is_race(), Position.from_counts({6: 15}, {6: 15}).is_race()
        (False, True)
        """
        if self._mine[BAR] or self._theirs[BAR]:
            return False
        my_back = max((p for p in range(1, 25) if self._mine[p]), default=0)
        their_back = max((p for p in range(1, 25) if self._theirs[p]), default=0)
        # my rearmost checker (my point my_back) is past every opposing checker
        # (their rearmost at my point 25 - their_back) when my_back < 25 - their_back.
        return my_back + their_back < 25

    def can_bear_off(self, side: int = 0) -> bool:
        """True when every checker of the side is home (points 1-6) or off (R16).

        ``side``: 0 = on roll, 1 = the opponent.

        >>> Position.initial().can_bear_off(), Position.from_counts({6: 15}, {24: 15}).can_bear_off(1)
        (False, False)
        """
        counts = self._side(side)
        return not any(counts[7:])

    def is_game_over(self) -> bool:
        """True when a side has borne off every checker (R22), or both have (a V4 draw)."""
        n = self.checkers
        return self._mine[OFF] == n or self._theirs[OFF] == n

    def winner(self) -> int | None:
        """The player (0 or 1) who has borne off every checker, or None (R22).

        None also for a drawn game (V4: the last roll bore off every remaining checker, so
        both sides are off):

        >>> draw = Position.from_counts({0: 15}, {0: 15})
        >>> draw.is_game_over(), draw.winner()
        (True, None)
        """
        n = self.checkers
        if self._mine[OFF] == n and self._theirs[OFF] == n:
            return None
        if self._mine[OFF] == n:
            return self._turn
        if self._theirs[OFF] == n:
            return 1 - self._turn
        return None

    def _side(self, side: int) -> tuple[int, ...]:
        if not isinstance(side, (int, np.integer)) or isinstance(side, bool) or side not in (0, 1):
            raise InvalidPositionError(_("side must be 0 (the player on roll) or 1 (the opponent), not {side}").format(
                                           side=repr(side)))
        return self._mine if side == 0 else self._theirs

    # ----------------------------------------------------------------- transforms
    def swap(self) -> Self:
        """The same checkers with the other side on roll (no move is made).

        >>> Position.initial().swap().turn
        1
        """
        return self._make(self._theirs, self._mine, 1 - self._turn)

    def mirror(self) -> Self:
        """The same situation with the players' colours exchanged (player 0 <-> 1), same side on roll.

        Legal plays do not depend on colours, so ``p.mirror().legal_plays(r)`` has the same plays.

        >>> Position.initial().mirror().turn
        1
        """
        return self._make(self._mine, self._theirs, 1 - self._turn)

    def to_array(self) -> np.ndarray:
        """The engine's ``int8[2, 26]`` board: row 0 on roll, row 1 opponent."""
        return np.frombuffer(self.key, dtype=np.int8).reshape(2, 26).copy()

    # ----------------------------------------------------------------- JSON form
    def to_dict(self) -> dict:
        """A JSON-safe dict: ``mine`` and ``theirs`` (26 counts each), ``turn`` and ``checkers``.

        >>> d = Position.initial().to_dict()
        >>> d["mine"][24], d["theirs"][6], d["turn"], d["checkers"]
        (2, 5, 0, 15)
        >>> import json
        >>> Position.from_dict(json.loads(json.dumps(d))) == Position.initial()
        True
        """
        return {"mine": list(self._mine), "theirs": list(self._theirs), "turn": self._turn,
                "checkers": self.checkers}

    @classmethod
    def from_dict(cls, data: Mapping) -> Self:
        """The position :meth:`to_dict` wrote, fully checked.

        A dict without the right keys raises :class:`~bgsim.engine.errors.ParseError`; counts
        that do not make a position (R1, R2, R7) raise
        :class:`~bgsim.engine.errors.InvalidPositionError`.

        >>> Position.from_dict({"mine": [0] * 26, "theirs": [0] * 26, "turn": 0, "checkers": 15})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.InvalidPositionError: the player on roll has 0 checkers, not checkers=15 (R2)
        >>> Position.from_dict({"mine": [0] * 26})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.ParseError: a position dict needs the keys checkers, mine, theirs, turn;
        missing: checkers, theirs, turn
        """
        keys = {"mine", "theirs", "turn", "checkers"}
        if not isinstance(data, Mapping):
            raise ParseError(_("a position dict must be a mapping, not {type}").format(type=type(data).__name__))
        missing, extra = keys - set(data), set(data) - keys
        if missing or extra:
            raise ParseError(f"a position dict needs the keys {', '.join(sorted(keys))}; "
                             + "; ".join(f"{what}: {', '.join(sorted(map(str, names)))}"
                                         for what, names in (("missing", missing), ("unknown", extra)) if names))
        checkers, turn = data["checkers"], data["turn"]
        if not isinstance(checkers, int) or isinstance(checkers, bool) or not 1 <= checkers <= CHECKERS:
            raise InvalidPositionError(_("checkers must be a whole number from 1 to {checkers} (R2), not "
                                         "{checkers2}").format(checkers=CHECKERS, checkers2=repr(checkers)))
        sides = []
        for key, who in (("mine", "the player on roll"), ("theirs", "the opponent")):
            counts: Any = data[key]
            if (not isinstance(counts, (list, tuple)) or len(counts) != 26
                    or not all(isinstance(n, int) and not isinstance(n, bool) for n in counts)):
                raise InvalidPositionError(_("{who}: {key} must be a list of 26 whole numbers (index 0 = off, 1-24 "
                                             "= points, 25 = bar)").format(who=who, key=key))
            if sum(counts) != checkers:
                raise InvalidPositionError(_("{who} has {sum} checkers, not checkers={checkers} (R2)").format(
                                               who=who, sum=sum(counts), checkers=checkers))
            sides.append(counts)
        return cls(sides[0], sides[1], turn, checkers=checkers)

    @classmethod
    def _make(cls, mine: tuple[int, ...], theirs: tuple[int, ...], turn: int, key: bytes | None = None) -> Self:
        """The engine's constructor, for values known valid (its own output): no checks.

        ``key`` is :attr:`key` when the caller has it. The engine floor (``bgsim.engine.plays``,
        ``bgsim.engine.turn``) builds the positions it returns with it, through the class of the
        position it was given, so a :class:`bgsim.Position` in gives Positions out.
        """
        obj = object.__new__(cls)
        obj._mine = mine
        obj._theirs = theirs
        obj._turn = turn
        obj._hash = None
        obj._key = key
        return obj

    @property
    def key(self) -> bytes:
        """The 52 counts as bytes, ``mine`` then ``theirs``: the compiled engine's board (row 0 first).

        A compact, exact key for tables of positions (it leaves out :attr:`turn`).

        >>> from bgsim import Position
        >>> k = Position.initial().key
        >>> len(k), k[24], k[26 + 6]
        (52, 2, 5)
        """
        key = self._key
        if key is None:
            key = self._key = bytes(self._mine) + bytes(self._theirs)
        return key

    # ----------------------------------------------------------------- dunder
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BasePosition):
            return NotImplemented
        return self._mine == other._mine and self._theirs == other._theirs and self._turn == other._turn

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash((self._mine, self._theirs, self._turn))
        return h

    def __reduce__(self):
        return (type(self), (self._mine, self._theirs, self._turn))

    def __repr__(self) -> str:
        name = type(self).__name__
        if sum(self._mine) == CHECKERS:
            return f"{name}.from_gnubg_id({self.gnubg_id()!r}, turn={self._turn})"
        return f"{name}.from_gnubg_id({self.gnubg_id()!r}, turn={self._turn}, checkers={self.checkers})"
