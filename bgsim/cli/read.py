"""What the command line reads: positions (with their game state), rolls, chances and scores.

Positions are given as ``start``, a gnubg Position ID (``4HPwATDgc/ABMA``), a gnubg
Position ID and Match ID (``4HPwATDgc/ABMA:QYkqASAAIAAA``), an XGID
(``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10``) or one signed board seen by the
side on roll (``board:24=2,13=5,8=3,6=5,1=-2,12=-5,17=-3,19=-5``, see :func:`read_board`).
An XGID or a Match ID brings the whole game state with it: cube value and owner, score,
match length, Crawford game, Jacoby rule, whose turn and the dice (:func:`read_game`).
Rolls are written ``61``, ``6-1`` or ``6,1``; chances ``0.72`` or ``72%``; a match score
``2-4``, the points won (:func:`read_score`). Every reader raises
:class:`~bgsim.engine.errors.ParseError` (or the engine's error for a board that cannot exist).
"""

from __future__ import annotations

import re

from ..engine.errors import ParseError
from ..engine.i18n import _
from ..engine.position import Position
from ..game.events import GameState
from ..game.game import Game

__all__ = ["dice_of", "looks_like_a_chance", "read_board", "read_chance", "read_dice", "read_game", "read_position",
           "read_score", "read_state", "refuse_dice"]


def read_board(text: str) -> Position:
    """A position from ``board:`` and comma-separated items, seen by the side on roll.

    ``P=N`` puts ``N`` checkers on my point ``P`` (1-24): positive ``N`` for mine,
    negative for the opponent's, both in my numbering (as on an XGID's board);
    ``bar=M/T`` and ``off=M/T`` give my and their checkers on the bar and off (default:
    none on the bar, the rest of the 15 off); ``turn=1`` says player 1 is on roll.
    Each item is given once. This is :meth:`Position.from_board
    <bgsim.engine.position.Position.from_board>`.

    >>> read_board("board:24=2,13=5,8=3,6=5,1=-2,12=-5,17=-3,19=-5") == Position.initial()
    True
    >>> read_board("board:6=2,5=-1,bar=1/0").bar
    (1, 0)
    >>> read_board("board:6=two")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: cannot read '6=two' in a board: write P=N (N < 0 for the opponent), bar=M/T, off=M/T
    or turn=0/1
    >>> read_board("board:off=9/4,off=8/3,6=6,19=-11")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: off is given twice in the board (off=9/4, then off=8/3): give it once
    """
    body = text.strip()
    if body.lower().startswith("board:"):
        body = body[len("board:"):]
    board: dict[int, int] = {}
    extra: dict[str, object] = {}
    written: dict[str, str] = {}
    for item in filter(None, (x.strip() for x in body.split(","))):
        m = re.fullmatch(r"(\d{1,2})\s*=\s*([+-]?\d+)|(bar|off)\s*=\s*(\d+)\s*/\s*(\d+)|turn\s*=\s*([01])",
                         item, flags=re.IGNORECASE)
        if not m:
            raise ParseError(_("cannot read {item} in a board: write P=N (N < 0 for the opponent), bar=M/T, "
                               "off=M/T or turn=0/1").format(item=repr(item)))
        if m.group(1):
            point = int(m.group(1))
            if point in board:
                raise ParseError(_("point {point} is given twice in the board").format(point=point))
            board[point] = int(m.group(2))
            continue
        key = m.group(3).lower() if m.group(3) else "turn"
        if key in written:
            raise ParseError(_("{key} is given twice in the board ({value}, then {item}): give it once").format(
                                 key=key, value=written[key], item=item))
        written[key] = item
        extra[key] = (int(m.group(4)), int(m.group(5))) if m.group(3) else int(m.group(6))
    return Position.from_board(board, **extra)  # type: ignore[arg-type]


def read_state(text: str) -> tuple[Game, bool]:
    """The game a text describes, and whether the text carried a game state (an XGID or a Match ID).

    >>> game, carried = read_state("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    >>> game.dice, carried
    ((5, 2), True)
    """
    t = text.strip()
    if t.lower() in ("start", "initial"):
        return Game(starter=0), False
    if t.lower().startswith("board:"):
        return Game(position=read_board(t)), False
    if t.upper().startswith("XGID=") or t.count(":") >= 9:
        return Game.from_xgid(t), True
    if ":" in t:  # gnubg's "PositionID:MatchID"
        pid, mid = (x.strip() for x in t.split(":", 1))
        return Game.from_gnubg_ids(pid, mid), True
    if len(t) == 14:
        return Game(position=Position.from_gnubg_id(t)), False
    raise ParseError(_("cannot read {text} as a position: give start, a gnubg Position ID (14 characters, "
                       "optionally :MatchID), an XGID or board:P=N,...").format(text=repr(text)))


def looks_like_a_position(text: str) -> bool:
    """Whether ``text`` is written as a position of some kind (start, board:, an XGID, gnubg IDs), as
    :func:`read_state` tells them apart; it may still be a wrong one.

    >>> looks_like_a_position("start"), looks_like_a_position("4HPwATDgc/ABMA"), looks_like_a_position("x")
    (True, True, False)
    """
    t = text.strip()
    return (t.lower() in ("start", "initial") or t.lower().startswith(("board:", "xgid=")) or ":" in t
            or len(t) == 14)


def read_game(text: str) -> Game:
    """The game at the point ``text`` describes: an XGID or ``PositionID:MatchID`` keep the whole state.

    ``start``, a bare gnubg Position ID and ``board:...`` give a money game with the cube
    in the middle and the side on roll about to roll.

    >>> g = read_game("4HPwATDgc/ABMA:QYkqASAAIAAA")
    >>> g.rules.match_length, g.id_score, g.dice
    (9, (2, 4), (5, 2))
    """
    return read_state(text)[0]


def read_position(text: str) -> Position:
    """A position from ``start``, a gnubg Position ID (with or without its Match ID), an XGID or ``board:``.

    >>> read_position("start") == Position.initial()
    True
    >>> read_position("4HPwATDgc/ABMA").pips()
    (167, 167)
    >>> read_position("nonsense!")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: cannot read 'nonsense!' as a position: give start, a gnubg Position ID
    (14 characters, optionally :MatchID), an XGID or board:P=N,...
    """
    t = text.strip()
    if t.upper().startswith("XGID=") or t.count(":") >= 9:
        return Position.from_xgid(t)
    if ":" in t and not t.lower().startswith("board:"):
        return Position.from_gnubg_id(t.split(":", 1)[0])
    return read_state(t)[0].position


def read_chance(text: str) -> float:
    """A chance written ``0.72`` (a decimal from 0 to 1) or ``72%`` (percent); a bare ``72`` or ``1`` is refused.

    >>> read_chance("0.72"), read_chance("72%"), read_chance("1.0"), read_chance(".5")
    (0.72, 0.72, 1.0, 0.5)
    >>> read_chance("1")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: cannot read '1' as a chance: write a decimal from 0 to 1 with its point (0.72, 1.0)
    or
    a percentage (72%)
    """
    t = text.strip()
    how = "write a decimal from 0 to 1 with its point (0.72, 1.0) or a percentage (72%)"
    if re.fullmatch(r"\d+(\.\d*)?%|\.\d+%", t):
        value = float(t[:-1]) / 100
    elif re.fullmatch(r"\d*\.\d+|\d+\.\d*", t):
        value = float(t)
    else:
        raise ParseError(_("cannot read {text} as a chance: {how}").format(text=repr(text), how=how))
    if not 0.0 <= value <= 1.0:
        raise ParseError(_("{text} is not a chance between 0 and 1 (0% and 100%)").format(text=repr(text)))
    return round(value, 12)


def looks_like_a_chance(text: str) -> bool:
    """True for text made of digits, a point and a percent sign only: a chance, never a position.

    >>> looks_like_a_chance("72%"), looks_like_a_chance("1"), looks_like_a_chance("start")
    (True, True, False)
    """
    return re.fullmatch(r"\s*[\d.]+%?\s*", text) is not None


def read_dice(text: str) -> tuple[int, int]:
    """A roll from ``61``, ``6-1``, ``6,1`` or ``6 1``.

    >>> read_dice("6-1"), read_dice("33")
    ((6, 1), (3, 3))
    >>> read_dice("7")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: cannot read '7' as a roll: write two dice from 1 to 6, like 61 or 6-1
    """
    m = re.fullmatch(r"\s*([1-6])\s*[-, ]?\s*([1-6])\s*", text)
    if not m:
        raise ParseError(_("cannot read {text} as a roll: write two dice from 1 to 6, like 61 or 6-1").format(
                             text=repr(text)))
    return int(m.group(1)), int(m.group(2))


def dice_of(game: Game, text: str | None) -> tuple[int, int]:
    """The roll to play: the one ``text`` gives, the one the ID gave, or both when they agree.

    An ID's dice are used or refused, never ignored: a roll that differs from them is an error.

    >>> g = read_game("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10")
    >>> dice_of(g, None), dice_of(g, "25")
    ((5, 2), (5, 2))
    >>> dice_of(g, "61")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: the roll 6-1 contradicts the position's ID, which has 5-2 rolled: give 52 or no roll
    """
    rolled = game.dice if game.state is GameState.AWAITING_PLAY else None
    if text is None:
        if rolled is None:
            raise ParseError(_("give the roll, like 61: the position does not say which dice were rolled"))
        return rolled
    dice = read_dice(text)
    if rolled is not None:
        if sorted(dice) != sorted(rolled):
            raise ParseError(_("the roll {dice_0}-{dice_1} contradicts the position's ID, which has "
                               "{rolled_0}-{rolled_1} rolled: give {rolled_0}{rolled_1} or no roll").format(
                                 dice_0=dice[0], dice_1=dice[1], rolled_0=rolled[0], rolled_1=rolled[1]))
        return rolled
    return dice


def refuse_dice(game: Game, why: str) -> None:
    """Refuse a position whose ID has dice rolled, for a question asked before the roll (``why`` says which).

    >>> refuse_dice(read_game("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"), "odds are over the rolls to come")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: the ID has 5-2 rolled, but odds are over the rolls to come: give the position before
    the roll (XGID dice field 00)
    """
    if game.state is GameState.AWAITING_PLAY and game.dice is not None:
        d = game.dice
        raise ParseError(_("the ID has {d_0}-{d_1} rolled, but {why}: give the position before the roll (XGID dice "
                           "field 00)").format(d_0=d[0], d_1=d[1], why=why))


def read_score(text: str) -> tuple[int, int]:
    """A match score as points won, ``A-B`` (or ``A:B``): bgsim's one way to write a score, as gnubg and XG show it.

    Whose points come first is the command's to say (the player on roll, or the taker).
    Points still needed are given under their own name, ``--away``.

    >>> read_score("2-4"), read_score("0:0")
    ((2, 4), (0, 0))
    >>> read_score("2")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: cannot read '2' as a score: write the points won as A-B, e.g. 2-4 (with --match N);
    for points still needed give --away A B
    """
    m = re.fullmatch(r"\s*(\d+)\s*[-:]\s*(\d+)\s*", text)
    if not m:
        raise ParseError(_("cannot read {text} as a score: write the points won as A-B, e.g. 2-4 (with --match N); "
                           "for points still needed give --away A B").format(text=repr(text)))
    return int(m.group(1)), int(m.group(2))
