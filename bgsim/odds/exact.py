"""Exact odds over the 36 rolls: "how likely is that?" answered as a fraction.

Every roll of two dice is one of 36 equally likely ordered pairs (R2: two dice; R6: a double
such as 3-3 is one of them, 6-1 and 1-6 are two). The chance of an event for the player on
roll is therefore *the number of rolls for which it happens, out of 36*. This module asks the
rules engine for the legal plays of each roll (:meth:`bgsim.Position.legal_plays`, R5-R21)
and lets a *roll condition* decide; it never re-implements a rule, so closed points (R7), the bar
(R13-R15) and the bear-off (R16-R19) are respected automatically.

>>> from bgsim import Position
>>> pos = Position.from_counts({13: 1}, {18: 1})   # my checker on 13, their blot 6 pips ahead (my 7)
>>> print(hit_chance(pos))
17/36 = 47.2%

Results are :class:`fractions.Fraction` (:func:`chance`) or a small :class:`Odds` record that
also remembers *which* rolls succeed and prints itself as ``count/36 = percent``.

Point numbers: results name a point in the numbering of the board as ``print(pos)`` draws
it, from player 0's side whoever is on roll (:func:`bgsim.engine.text.board_text`): a :class:`BlotShots`
says "blot on 16" for the blot drawn on 16, and keeps the blot's number for each side too
(:attr:`BlotShots.point` is its owner's, :attr:`BlotShots.roller_point` the roller's,
:meth:`BlotShots.point_for` any player's). Arguments say whose numbering they take:
``hit_chance(pos, target_point)`` the *roller's* (where the roller lands), ``shot_chance(pos,
blot)`` the blot *owner's*. A point ``p`` of one player is point ``25 - p`` of the other (R1).
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..engine.dice import ALL_ROLLS
from ..engine.errors import IllegalPlayError, InvalidPositionError, OddsError
from ..engine.i18n import _, fmt_percent
from ..engine.plays import Play
from ..engine.position import Position
from .results import ResultDisplay, TextTable, jsonable

__all__ = [
    "BlotShots",
    "EnterOdds",
    "Odds",
    "RollCondition",
    "Shots",
    "bearoff_chance",
    "chance",
    "closeout_chance",
    "enter_chance",
    "forced_shot_chance",
    "hit_chance",
    "odds",
    "roll_name",
    "shot_chance",
    "shots",
]

#: What :func:`odds` and :func:`chance` ask for each roll: ``condition(position, roll, plays)``
#: is True when the roll makes the thing happen (``plays``: the engine's legal plays of it).
RollCondition = Callable[[Position, tuple[int, int], Sequence[Play]], bool]


def roll_name(roll: tuple[int, int]) -> str:
    """A roll as players write it, higher die first: ``(1, 6)`` -> ``"61"``.

    >>> roll_name((1, 6)), roll_name((3, 3))
    ('61', '33')
    """
    try:
        a, b = roll
        ok = all(isinstance(d, numbers.Integral) and not isinstance(d, bool) and 1 <= d <= 6 for d in (a, b))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise IllegalPlayError(_("a roll is two dice from 1 to 6, not {roll} (R2)").format(roll=repr(roll)))
    return f"{max(a, b)}{min(a, b)}"


@dataclass(frozen=True)
class Odds(ResultDisplay):
    """How many of the 36 rolls make something happen, and which ones.

    ``rolls`` holds the successful *ordered* rolls, so ``count`` is out of 36; ``fraction``
    is the exact chance and ``percent`` the same as a float. ``str()`` shows the count over
    36 (not reduced, as players count shots) and the percentage.

    >>> o = Odds(((6, 1), (1, 6), (5, 5)))
    >>> print(o)
    3/36 = 8.3%
    >>> o.count, o.fraction
    (3, Fraction(1, 12))
    >>> o.roll_names()
    ('61', '55')
    """

    rolls: tuple[tuple[int, int], ...]

    @property
    def count(self) -> int:
        """The number of the 36 ordered rolls that succeed."""
        return len(self.rolls)

    @property
    def fraction(self) -> Fraction:
        """The exact chance, ``count / 36``."""
        return Fraction(self.count, 36)

    @property
    def percent(self) -> float:
        """The chance in percent."""
        return 100.0 * self.count / 36

    def roll_names(self) -> tuple[str, ...]:
        """The distinct successful rolls, higher die first, in the order 66, 65, ..., 11."""
        names = {roll_name(r) for r in self.rolls}
        return tuple(sorted(names, reverse=True))

    def __float__(self) -> float:
        return self.count / 36

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data: the successful ordered ``rolls``, their ``count`` out of 36, the exact
        ``chance`` as a fraction string and ``percent``.

        >>> Odds(((6, 1), (1, 6), (5, 5))).to_dict()
        {'rolls': [[6, 1], [1, 6], [5, 5]], 'count': 3, 'chance': '1/12', 'percent': 8.333333333333334}
        """
        return {"rolls": jsonable(self.rolls), "count": self.count, "chance": jsonable(self.fraction),
                "percent": self.percent}

    def _text(self) -> str:
        return f"{self.count}/36 = {fmt_percent(self.percent / 100, 1)}"

    def _table(self) -> TextTable:
        return TextTable(title=(self._text(),))


@dataclass(frozen=True)
class EnterOdds(ResultDisplay):
    """Entering from the bar (R13-R15): the chance that *all* checkers on the bar enter this
    roll, and that *at least one* does (with one checker on the bar they are the same).

    >>> from bgsim import Position
    >>> e = enter_chance(Position.from_counts({25: 2}, {1: 2, 2: 2}))
    >>> print(e)
    all enter: 16/36 = 44.4%; at least one enters: 32/36 = 88.9%
    """

    all: Odds
    some: Odds

    def _table(self) -> TextTable:
        return TextTable(title=(_("all enter: {all}; at least one enters: {some}").format(
            all=self.all._text(), some=self.some._text()),))


@dataclass(frozen=True)
class BlotShots(ResultDisplay):
    """The shots at one blot: ``odds`` of it being hit; ``point`` is the blot's point in its
    owner's numbering, ``owner`` the player it belongs to (``None`` when not known).

    It is shown as the board is drawn, numbered from player 0's side (:attr:`drawn_point`):
    with player 0 on roll, the blot of player 1 on its 9 point is drawn, and named, on 16 (R1).

    >>> b = BlotShots(9, Odds(((6, 1), (1, 6))), owner=1)
    >>> print(b)
    blot on 16: 2/36 = 5.6%
    >>> b.point, b.roller_point, b.drawn_point, b.point_for(1)
    (9, 16, 16, 9)
    """

    point: int
    odds: Odds
    owner: int | None = None

    @property
    def roller_point(self) -> int:
        """The blot's point in the numbering of the player on roll (the hitter): ``25 - point``."""
        return 25 - self.point

    def point_for(self, player: int) -> int:
        """The blot's point in ``player``'s numbering (R1); needs :attr:`owner`.

        >>> BlotShots(9, Odds(()), owner=0).point_for(1)
        16
        """
        if self.owner is None:
            raise OddsError(_("this blot's owner is not known, so its point cannot be given in a player's numbering"))
        if isinstance(player, bool) or player not in (0, 1):
            raise OddsError(_("player is 0 or 1, not {player}").format(player=repr(player)))
        return self.point if player == self.owner else 25 - self.point

    @property
    def drawn_point(self) -> int:
        """The blot's point as the board is drawn: player 0's numbering (the owner's when :attr:`owner` is
        unknown)."""
        return self.point if self.owner is None else self.point_for(0)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data: the fields, plus ``roller_point`` and ``drawn_point``.

        >>> BlotShots(9, Odds(()), owner=1).to_dict()["drawn_point"]
        16
        """
        return {**super().to_dict(), "roller_point": self.roller_point, "drawn_point": self.drawn_point}

    def _text(self) -> str:
        return _("blot on {point}: {odds}").format(point=self.drawn_point, odds=self.odds._text())

    def _table(self) -> TextTable:
        return TextTable(title=(self._text(),))


@dataclass(frozen=True)
class Shots(ResultDisplay):
    """The shots the player on roll has at the other side's blots.

    ``total`` counts the rolls that hit at least one blot (a roll hitting two blots counts
    once); ``blots`` gives each blot separately, named as the board is drawn (player 0's
    numbering, :attr:`BlotShots.drawn_point`).

    >>> from bgsim import Position
    >>> print(shots(Position.from_counts({13: 1}, {18: 1, 16: 1})))   # their 18 and 16: drawn on 7 and 9
    27/36 = 75.0% (blot on 9: 15/36 = 41.7%; blot on 7: 17/36 = 47.2%)
    """

    total: Odds
    blots: tuple[BlotShots, ...]

    @property
    def count(self) -> int:
        """Rolls (of 36) that hit something."""
        return self.total.count

    @property
    def fraction(self) -> Fraction:
        """The exact chance that the roller hits something."""
        return self.total.fraction

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data: ``total`` and ``blots`` (each :meth:`BlotShots.to_dict`).

        >>> from bgsim import Position
        >>> shots(Position.from_counts({13: 1}, {18: 1})).to_dict()["blots"][0]["drawn_point"]
        7
        """
        return {"total": self.total.to_dict(), "blots": [b.to_dict() for b in self.blots]}

    def _table(self) -> TextTable:
        if not self.blots:
            return TextTable(title=(_("{odds} (no blots)").format(odds=self.total._text()),))
        return TextTable(title=(f"{self.total._text()} ({'; '.join(b._text() for b in self.blots)})",))


# --------------------------------------------------------------------------------------------
# The general tool
# --------------------------------------------------------------------------------------------


def _check_position(pos: Position) -> None:
    # A position whose opponent has borne everything off is accepted: it is the natural
    # way to ask about one side alone ("one checker on the 12 point, the rest off").
    if not isinstance(pos, Position):
        raise InvalidPositionError(_("expected a bgsim.Position, not {type}").format(type=type(pos).__name__))


def _is_point(p) -> bool:
    return isinstance(p, numbers.Integral) and not isinstance(p, bool) and 1 <= int(p) <= 24


def _check_flag(value, name: str) -> None:
    if not isinstance(value, bool):
        raise OddsError(_("{name} must be True or False, not {value}").format(name=name, value=repr(value)))


def odds(pos: Position, condition: RollCondition, *, caucasian: bool = False) -> Odds:
    """Which of the 36 rolls make ``condition(pos, roll, plays)`` true, as :class:`Odds`.

    ``plays`` is the engine's list of legal plays for ``roll`` (never empty: the empty play
    when nothing moves, R12). The legal plays of 6-1 and 1-6 are the same, so they are
    generated once per distinct roll, but the condition is asked for every ordered roll.
    ``caucasian``: play by the Caucasian hit rule (V5).

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> print(odds(pos, lambda p, r, plays: any(str(pl) == "13/7 8/7" for pl in plays)))
    2/36 = 5.6%
    """
    _check_position(pos)
    _check_flag(caucasian, "caucasian")
    if not callable(condition):
        raise OddsError(_("condition must be a function (position, roll, plays) -> bool, not {condition}").format(
                            condition=repr(condition)))
    cache: dict[tuple[int, int], Sequence[Play]] = {}
    good = []
    for roll in ALL_ROLLS:
        key = (max(roll), min(roll))
        plays = cache.get(key)
        if plays is None:
            plays = pos.legal_plays(key, caucasian=caucasian)
            cache[key] = plays
        if condition(pos, roll, plays):
            good.append(roll)
    return Odds(tuple(good))


def chance(pos: Position, condition: RollCondition, *, caucasian: bool = False) -> Fraction:
    """The exact chance, over the 36 rolls, that ``condition(pos, roll, plays)`` is true.

    The condition sees the position, the roll and the engine's legal plays of that roll,
    and returns True or False. Two classic questions:

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> chance(pos, lambda p, r, plays: any(any(pl.hits) for pl in plays))
    Fraction(0, 1)
    >>> # some legal play makes my 5-point at the start: 31, 11, 33, 44
    >>> chance(pos, lambda p, r, plays: any(p.play(pl).theirs[5] >= 2 for pl in plays))
    Fraction(5, 36)
    """
    return odds(pos, condition, caucasian=caucasian).fraction


# --------------------------------------------------------------------------------------------
# Ready-made conditions
# --------------------------------------------------------------------------------------------


def _hits_point(play: Play, target: int | None) -> bool:
    """Does ``play`` hit (R8), or hit the blot on the roller's point ``target``?"""
    for (_src, dst), hit in zip(play.steps, play.hits, strict=True):
        if hit and (target is None or dst == target):
            return True
    return False


def hit_chance(pos: Position, target_point: int | None = None, *, caucasian: bool = False) -> Odds:
    """The chance that some legal play hits a blot (R8); or the blot on ``target_point``.

    ``target_point`` is in the roller's numbering (the point the hitter lands on). Direct
    shots (one die) and indirect ones (both dice, or a double played 3-4 times) are all
    found, because the engine's plays are used: a combination whose intermediate landing
    point is closed (R5, R7) does not count, and neither does a hit the roll cannot legally
    make (e.g. a checker on the bar must enter first, R13).

    The published table, one checker hitting a blot ``d`` pips away with nothing in
    between (here d = 6 and d = 8):

    >>> from bgsim import Position
    >>> print(hit_chance(Position.from_counts({25: 1}, {6: 1})))   # bar -> my 19 = their 6
    17/36 = 47.2%
    >>> hit_chance(Position.from_counts({25: 1}, {8: 1})).roll_names()
    ('62', '53', '44', '22')
    """
    _check_position(pos)
    if target_point is not None:
        if not _is_point(target_point):
            raise InvalidPositionError(_("no point {target_point} on the board (1-24, R1)").format(
                                           target_point=target_point))
        if pos.theirs[25 - target_point] != 1:
            raise InvalidPositionError(
                _("there is no opposing blot on point {target_point} (the roller's numbering; R1)").format(
                    target_point=target_point))
    return odds(pos, lambda p, r, plays: any(_hits_point(pl, target_point) for pl in plays),
                caucasian=caucasian)


def shot_chance(pos: Position, blot: int | None = None, *, caucasian: bool = False) -> Odds:
    """The chance that the player on roll hits a blot of the side *not* on roll.

    ``blot`` names one blot in its owner's numbering (how the player who left it counts);
    without it, any blot. Equivalent to :func:`hit_chance` with ``target_point = 25 - blot``.

    >>> from bgsim import Position
    >>> after = Position.initial().play("13/7 8/7")   # my 7-point is made; the opponent rolls
    >>> print(shot_chance(after))
    0/36 = 0.0%
    >>> # the roller's checker on its 13; blots 6 and 4 pips ahead (their 18 and 16)
    >>> pos = Position.from_counts({13: 1}, {18: 1, 16: 1})
    >>> print(shot_chance(pos, 18), shot_chance(pos, 16), shot_chance(pos))
    17/36 = 47.2% 15/36 = 41.7% 27/36 = 75.0%
    """
    if blot is not None:
        if not _is_point(blot):
            raise InvalidPositionError(_("no point {blot} on the board (1-24, R1)").format(blot=blot))
        return hit_chance(pos, 25 - blot, caucasian=caucasian)
    return hit_chance(pos, caucasian=caucasian)


def shots(pos: Position, *, caucasian: bool = False) -> Shots:
    """Every shot the player on roll has at the blots of the side not on roll.

    The usual use is after your own play: ``shots(pos.play(...))`` is how many of the
    opponent's 36 rolls hit you, blot by blot. Each blot is named as the board is drawn
    (player 0's numbering, :attr:`BlotShots.drawn_point`) and carries its owner's number
    (:attr:`BlotShots.point`). Blocking points are respected because the engine's legal plays
    are used.

    >>> from bgsim import Position
    >>> # a blot 6 pips from the roller's checker; the blot's owner holds the two points
    >>> # 2 and 3 pips in front of the hitter: 3-3, 2-2 are blocked, 4-2 still hits via the 4
    >>> pos = Position.from_counts({13: 1}, {18: 1, 14: 2, 15: 2})
    >>> print(shots(pos))                  # their 18 point is drawn as 7 (player 0 on roll)
    15/36 = 41.7% (blot on 7: 15/36 = 41.7%)
    >>> print(shots(pos.mirror()))         # the same board with player 1 on roll: drawn on 18
    15/36 = 41.7% (blot on 18: 15/36 = 41.7%)
    """
    _check_position(pos)
    blot_points = [q for q in range(1, 25) if pos.theirs[q] == 1]
    cache: dict[tuple[int, int], Sequence[Play]] = {}
    total: list[tuple[int, int]] = []
    per: dict[int, list[tuple[int, int]]] = {q: [] for q in blot_points}
    for roll in ALL_ROLLS:
        key = (max(roll), min(roll))
        if key not in cache:
            cache[key] = pos.legal_plays(key, caucasian=caucasian)
        hit_targets = set()
        for pl in cache[key]:
            for (_src, dst), hit in zip(pl.steps, pl.hits, strict=True):
                if hit:
                    hit_targets.add(25 - dst)  # owner's numbering
        if hit_targets:
            total.append(roll)
        for q in hit_targets:
            per[q].append(roll)
    owner = 1 - pos.turn
    blots = tuple(sorted((BlotShots(q, Odds(tuple(per[q])), owner) for q in blot_points),
                         key=lambda b: b.drawn_point, reverse=True))
    return Shots(Odds(tuple(total)), blots)


def forced_shot_chance(pos: Position, *, caucasian: bool = False) -> Odds:
    """The chance that the roll forces a shot: *every* legal play leaves the opponent at least
    one roll that hits (a blot within direct or indirect reach, R8).

    Each resulting position is judged by :func:`hit_chance` with the opponent on roll, so
    their blocked points and a checker they must enter first (R13) count. A play that bears
    off the last checker ends the game and leaves nothing to hit (R22).

    >>> from bgsim import Position
    >>> pos = Position.from_counts({8: 2}, {25: 1})   # two on my 8; their checker waits on the bar
    >>> odds = forced_shot_chance(pos)
    >>> "65" in odds.roll_names(), "11" in odds.roll_names()   # 8/2 8/3 is forced; 8/6(2) is safe
    (True, False)
    """
    _check_position(pos)
    leaves: dict[Position, bool] = {}

    def leaves_shot(after: Position) -> bool:
        if after not in leaves:
            leaves[after] = not after.is_game_over() and hit_chance(after, caucasian=caucasian).count > 0
        return leaves[after]

    return odds(pos, lambda p, r, plays: all(leaves_shot(p.play(pl, caucasian=caucasian)) for pl in plays),
                caucasian=caucasian)


def enter_chance(pos: Position) -> EnterOdds:
    """The chance of entering from the bar this roll (R13-R15).

    Against ``k`` closed points in the opponent's home board, one checker enters with
    ``36 - k**2`` rolls of 36 (it stays out only when both dice show closed points); two
    checkers both enter with ``(6 - k)**2``. Blots and empty points are open (R7, R14).

    >>> from bgsim import Position
    >>> closed = {q: 2 for q in range(1, 4)}        # their 1, 2, 3 points made
    >>> print(enter_chance(Position.from_counts({25: 1}, closed)).all)
    27/36 = 75.0%
    """
    _check_position(pos)
    on_bar = pos.mine[25]
    if on_bar == 0:
        raise InvalidPositionError(_("the player on roll has no checker on the bar (R13-R15)"))

    def entered(plays: Sequence[Play]) -> int:
        return max(sum(1 for src, _dst in pl.steps if src == 25) for pl in plays)

    cache: dict[tuple[int, int], int] = {}
    all_rolls, some_rolls = [], []
    for roll in ALL_ROLLS:
        key = (max(roll), min(roll))
        if key not in cache:
            cache[key] = entered(pos.legal_plays(key))
        n = cache[key]
        if n >= on_bar:  # five on the bar can never all enter in one roll (R15)
            all_rolls.append(roll)
        if n >= 1:
            some_rolls.append(roll)
    return EnterOdds(Odds(tuple(all_rolls)), Odds(tuple(some_rolls)))


def closeout_chance(pos: Position, *, caucasian: bool = False) -> Odds:
    """The chance that some legal play leaves all six home points made (two or more checkers
    on each of points 1-6): a closed board. With an opposing checker on the bar this
    *closes it out*: it cannot enter at all (R7, R14).

    >>> from bgsim import Position
    >>> # they are on the bar; I hold 2-6, a blot on 1 (just hit) and two spares on 6
    >>> pos = Position.from_counts({6: 4, 5: 2, 4: 2, 3: 2, 2: 2, 1: 1}, {25: 1})
    >>> o = closeout_chance(pos)
    >>> print(o)
    14/36 = 38.9%
    >>> o.roll_names()
    ('65', '54', '53', '52', '51', '41', '32')
    """

    def closes(p: Position, roll, plays: Sequence[Play]) -> bool:
        for pl in plays:
            mine_after = p.play(pl).theirs  # the mover's checkers, now the side not on roll
            if all(mine_after[q] >= 2 for q in range(1, 7)):
                return True
        return False

    return odds(pos, closes, caucasian=caucasian)


def bearoff_chance(pos: Position, checkers: int | None = None) -> Odds:
    """The chance of bearing off every checker this roll (or at least ``checkers`` of them).

    The checkers need not all be home yet: a checker that comes home with one die may be
    borne off with the other (R16). The engine decides what is legal (R16-R19).

    One checker on the 12 point (12 pips) comes off in one roll only with 66, 55, 44, 33:

    >>> from bgsim import Position
    >>> print(bearoff_chance(Position.from_counts({12: 1}, {})))
    4/36 = 11.1%
    >>> two = bearoff_chance(Position.from_counts({6: 3, 1: 1}, {}), checkers=2)  # 61, 66, 33
    >>> print(two)
    4/36 = 11.1%

    A position whose checkers cannot all come home this roll (more than 24 pips away from
    the home board, the most 6-6 moves) is not a bear-off question and is refused:

    >>> bearoff_chance(Position.initial())
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.InvalidPositionError: the player on roll cannot bear off this roll: their checkers are 77 pips
    from the home board, more than a roll moves (24, with 6-6; R16)
    """
    _check_position(pos)
    outside = sum((p - 6) * pos.mine[p] for p in range(7, 26))
    if outside > 24:
        raise InvalidPositionError(_("the player on roll cannot bear off this roll: their checkers are {outside} "
                                     "pips from the home board, more than a roll moves (24, with 6-6; R16)").format(
                                       outside=outside))
    on_board = pos.checkers - pos.mine[0]
    need = on_board if checkers is None else checkers
    if isinstance(need, bool) or not isinstance(need, numbers.Integral) or not 1 <= need <= on_board:
        raise InvalidPositionError(
            _("cannot ask for {need} checkers off: the player on roll has {on_board} left to bear off").format(
                need=need, on_board=on_board))
    before = pos.mine[0]

    def enough(p: Position, roll, plays: Sequence[Play]) -> bool:
        return any(p.play(pl).theirs[0] - before >= need for pl in plays)

    return odds(pos, enough)
