"""Standard position and match identifiers: gnubg Position ID, gnubg Match ID, XGID.

These are pure functions over the board convention of R1: a side's
checkers are a 26-tuple in that side's own numbering (index 0 = borne off,
1..24 = points, 25 = the bar), ``mine`` is the side on roll and ``theirs`` the
other side. Nothing here knows about ``Position``; ``Position.from_gnubg_id``,
``pos.gnubg_id()``, ``Position.from_xgid`` and ``pos.xgid()`` are thin wrappers.

Three formats
-------------

**gnubg Position ID** (14 characters, e.g. ``4HPwATDgc/ABMA`` for the start,
R3). Source: the GNU Backgammon manual, "A technical description of the
Position ID". The key is a string of bits: for each of a side's 25 slots
(points 1..24 in its own numbering, then the bar) as many ``1`` as it has
checkers there, then a ``0``; first one side, then the other; padded with
``0`` to 80 bits; packed little-endian (the first bit is the least significant
bit of the first byte) into 10 bytes, which are written in base64 with the
standard alphabet, without the ``==`` padding. 25 + 25 separators plus at most
15 + 15 checkers make exactly 80 bits. Borne-off checkers are not written: the
reader computes them as 15 minus the checkers on the board.

The manual's prose says the player on roll comes first, but gnubg (and every
ID it prints) puts the player **not** on roll first: after 24/20 24/21 from the
start, with the other side to roll, gnubg shows ``4HPwAQXgc/ABMA``, whose first
half holds the checkers on 20 and 21. We follow what gnubg does.

**gnubg Match ID** (12 characters, e.g. ``QYkqASAAIAAA``). Source: the GNU
Backgammon manual, "A technical description of the Match ID": 66 bits, each
field stored least significant bit first, packed and written like the
Position ID (9 bytes, 12 characters, no padding needed):

====== ============ ===================================================
bits   field        meaning
====== ============ ===================================================
1-4    cube         log2 of the cube value (so at most 2**15)
5-6    cube owner   0 = player 0, 1 = player 1, 3 = centred (2 unused)
7      dice owner   player on roll, or who did roll
8      Crawford     1 in the Crawford game (R28)
9-11   game state   0 none, 1 playing, 2 over, 3 resigned, 4 dropped
12     turn         who must act now (differs during a double/resign offer)
13     double       1 while a double is offered
14-15  resign       0 none, 1 single, 2 gammon, 3 backgammon offered
16-18  die 1        0 = not rolled
19-21  die 2
22-36  match length 0 = money
37-51  score 0
52-66  score 1
====== ============ ===================================================

One bit beyond the manual's table: gnubg's own encoder (``matchid.c``) also
writes bit 67 as *not Jacoby* (1 when the Jacoby rule, X1, is off), and IDs
found in the wild carry it (``8IhuACAACAAE`` does). We read and write it as
:attr:`MatchState.jacoby` (default ``True``, which leaves the bit 0, i.e. the
documented 66-bit layout). Bits 68-72 are always zero.

**XGID** (eXtreme Gammon), e.g. the start position (R3) in a money game::

    XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10

A 26-character board seen from the *bottom* player, then ten ``:``-separated
fields: cube value (log2), cube position (1 bottom owns it, 0 centred, -1 top
owns it), turn (1 bottom, -1 top), dice (``00`` not rolled, ``D`` double
offered, ``B`` beavered, ``R`` raccooned, or two digits), bottom's score,
top's score, Crawford/Jacoby (a match: 1 in the Crawford game; money: 1 for
the Jacoby rule + 2 for beavers), match length (0 = money), maximum cube
(log2). Board characters: index 0 is the top player's bar, 1..24 the points
in the bottom player's numbering, 25 the bottom player's bar; ``-`` is empty,
``A``..``O`` are 1..15 bottom checkers, ``a``..``o`` 1..15 top checkers.
bgsim player 0 is XG's bottom player (upper case, turn 1), player 1 the top.

Errors
------
Decoding raises :class:`bgsim.engine.errors.ParseError` for every malformed text,
saying what is wrong; ``where`` is the character offset in the text given
(surrounding whitespace included) when one character is to blame. Encoding
and the state dataclasses raise :class:`bgsim.engine.errors.InvalidPositionError`
(a ``ValueError``) for boards or states that cannot exist.
"""

from __future__ import annotations

import binascii
import operator
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, TypeGuard, cast

from bgsim.engine.errors import InvalidPositionError, ParseError
from bgsim.engine.i18n import N_, _

__all__ = [
    "BASE64_ALPHABET",
    "GAME_DROPPED",
    "GAME_NONE",
    "GAME_OVER",
    "GAME_PLAYING",
    "GAME_RESIGNED",
    "RESIGN_BACKGAMMON",
    "RESIGN_GAMMON",
    "RESIGN_NONE",
    "RESIGN_SINGLE",
    "XG_BEAVERED",
    "XG_DOUBLED",
    "XG_RACCOONED",
    "MatchState",
    "XgidState",
    "decode_match_id",
    "decode_position_id",
    "decode_xgid",
    "encode_match_id",
    "encode_position_id",
    "encode_xgid",
]

Board = tuple[int, ...]

#: The standard base64 alphabet (RFC 4648, section 4) both gnubg IDs use.
BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64_INDEX = {c: i for i, c in enumerate(BASE64_ALPHABET)}

# gnubg Match ID game states (bits 9-11).
GAME_NONE = 0  #: no game started
GAME_PLAYING = 1  #: a game is being played
GAME_OVER = 2  #: the game is over
GAME_RESIGNED = 3  #: the game ended by a resignation (V3)
GAME_DROPPED = 4  #: the game ended by a dropped cube (R26)

# gnubg Match ID resignation offers (bits 14-15), result kinds of R23.
RESIGN_NONE = 0  #: no resignation offered
RESIGN_SINGLE = 1  #: a single game offered
RESIGN_GAMMON = 2  #: a gammon offered
RESIGN_BACKGAMMON = 3  #: a backgammon offered

# XGID cube actions (the dice field when it is not dice).
XG_DOUBLED = "D"  #: the player on turn doubled, the opponent must take or drop
XG_BEAVERED = "B"  #: doubled, and the opponent beavered (X2)
XG_RACCOONED = "R"  #: doubled, beavered, and the doubler raccooned (X2)

_MAX_CHECKERS = 15  # R2
_MAX_CUBE_LOG = 15  # 4 bits in the Match ID; bgsim uses the same ceiling for XGID
_MAX_SCORE = 2**15 - 1  # 15 bits in the Match ID; bgsim's ceiling for XGID too

_POSITION_ID_CHARS = 14
_POSITION_KEY_BITS = 80
_MATCH_ID_CHARS = 12


# ---------------------------------------------------------------------------
# base64 <-> little-endian bit keys
# ---------------------------------------------------------------------------


def _check_alphabet(body: str, offset: int, what: str) -> None:
    for i, ch in enumerate(body):
        if ch not in _B64_INDEX:
            raise ParseError(
                _("{what}: character {ch} at offset {value} is not in the base64 alphabet (A-Z, a-z, 0-9, '+', '/')")
                  .format(
                    what=what, ch=repr(ch), value=offset + i),
                where=offset + i,
            )


def _b64_to_key(body: str, nbytes: int) -> tuple[int, int]:
    """Return (key, spare): the bytes as a little-endian integer, and the unused low bits."""
    value = 0
    for ch in body:
        value = (value << 6) | _B64_INDEX[ch]
    spare_bits = 6 * len(body) - 8 * nbytes
    spare = value & ((1 << spare_bits) - 1)
    raw = (value >> spare_bits).to_bytes(nbytes, "big")
    return int.from_bytes(raw, "little"), spare


def _key_to_b64(key: int, nbytes: int, nchars: int) -> str:
    spare_bits = 6 * nchars - 8 * nbytes
    value = int.from_bytes(key.to_bytes(nbytes, "little"), "big") << spare_bits
    return "".join(BASE64_ALPHABET[(value >> (6 * (nchars - 1 - i))) & 63] for i in range(nchars))


def _char_of_bit(bit: int) -> int:
    """Character offset (in the ID) holding bit ``bit`` of the little-endian key."""
    byte, r = divmod(bit, 8)
    return (8 * byte + 7 - r) // 6


def _strip(text: object, what: str) -> tuple[str, int]:
    if not isinstance(text, str):
        raise ParseError(_("{what} must be text (a str), not {type}").format(what=what, type=type(text).__name__))
    body = text.strip()
    return body, len(text) - len(text.lstrip())


# ---------------------------------------------------------------------------
# boards
# ---------------------------------------------------------------------------


def _as_board(board: Sequence[int], name: str) -> Board:
    try:
        items = list(board)
    except TypeError:
        raise InvalidPositionError(_("{name} must be a sequence of 26 counts (R1), not {board}").format(
                                       name=name, board=repr(board))) from None
    if len(items) != 26:
        raise InvalidPositionError(
            _("{name} must have 26 counts (0 = off, 1-24 = points, 25 = bar; R1), got {len}").format(
                name=name, len=len(items))
        )
    out = []
    for i, n in enumerate(items):
        try:
            n = operator.index(n)
        except TypeError:
            raise InvalidPositionError(_("{name}[{i}] must be an int, not {n}").format(
                name=name, i=i, n=repr(n))) from None
        if n < 0:
            raise InvalidPositionError(_("{name}[{i}] is {n}; checker counts cannot be negative (R1)").format(
                                           name=name, i=i, n=n))
        out.append(n)
    return tuple(out)


def _check_pair(mine: Sequence[int], theirs: Sequence[int]) -> tuple[Board, Board]:
    """Validate two boards in the convention of R1; return them as tuples."""
    m = _as_board(mine, "mine")
    t = _as_board(theirs, "theirs")
    if sum(m) != sum(t):
        raise InvalidPositionError(
            _("the sides have different numbers of checkers ({sum} and {sum2}, off included); both must have 15 "
              "(R2), or 3 in hypergammon (X3)").format(sum=sum(m), sum2=sum(t))
        )
    if not 1 <= sum(m) <= _MAX_CHECKERS:
        raise InvalidPositionError(
            _("each side must have 1 to 15 checkers, off included (R2, X3), not {sum}").format(sum=sum(m))
        )
    for p in range(1, 25):
        if m[p] and t[25 - p]:
            raise InvalidPositionError(
                _("both sides have checkers on one point: the side on roll's {p}-point is the other side's "
                  "{value}-point (R1)").format(p=p, value=25 - p)
            )
    return m, t


def _check_checkers(checkers: object) -> int:
    if not isinstance(checkers, int) or isinstance(checkers, bool) or not 1 <= checkers <= _MAX_CHECKERS:
        raise InvalidPositionError(
            _("checkers must be a whole number from 1 to 15 (R2: 15 a side; X3: 3 in hypergammon), not "
              "{checkers}").format(checkers=repr(checkers)))
    return checkers


# ---------------------------------------------------------------------------
# gnubg Position ID
# ---------------------------------------------------------------------------


def encode_position_id(mine: Sequence[int], theirs: Sequence[int]) -> str:
    """Return the 14-character gnubg Position ID of a board (``mine`` on roll).

    The key lists the side *not* on roll first (that is what gnubg writes),
    each side's points 1..24 and then its bar in its own numbering (R1), as
    unary counts separated by zeros. Borne-off checkers are not written.

    >>> start = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5) + (0,) * 10 + (2, 0)
    >>> encode_position_id(start, start)        # R3, the start position
    '4HPwATDgc/ABMA'
    >>> moved = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5) + (0,) * 6 + (1, 1, 0, 0, 0, 0)
    >>> encode_position_id(start, moved)        # they played 24/20 24/21, we are on roll
    '4HPwAQXgc/ABMA'

    Raises :class:`~bgsim.engine.errors.InvalidPositionError` for a board that is not
    valid under R1 (26 non-negative counts, equal totals of 1 to 15 per side,
    no point held by both sides).
    """
    m, t = _check_pair(mine, theirs)
    return _position_id_of(m, t)


# Fast paths (issue 11: ids in a few microseconds). A side's slots as bits, first bit first:
# "1" per checker then "0" per slot; the string reversed is the key's binary numeral, and
# the key's 10 little-endian bytes in standard base64 are the ID (the packing described above).
_RUNS = tuple("1" * n + "0" for n in range(_MAX_CHECKERS + 1))
_RUN_OF = _RUNS.__getitem__


def _position_id_of(m: Sequence[int], t: Sequence[int]) -> str:
    """The Position ID of boards already known valid (R1, R2): no checks."""
    bits = "".join(map(_RUN_OF, t[1:])) + "".join(map(_RUN_OF, m[1:]))
    key = int(bits[::-1], 2)
    return binascii.b2a_base64(key.to_bytes(10, "little"), newline=False)[:_POSITION_ID_CHARS].decode("ascii")


_POSITION_ID_FAST = re.compile(r"[A-Za-z0-9+/]{13}[AQgw]")


def _decode_position_id_fast(body: str, checkers: int) -> tuple[Board, Board] | None:
    """``(mine, theirs)`` of a well-formed ID, or None: then the careful decoder explains the error."""
    if not _POSITION_ID_FAST.fullmatch(body):
        return None
    # The key's bits in order (each byte from its lowest bit) are runs of 1s, a slot's checkers,
    # each closed by a 0. _BYTE_RUNS[byte]: the 1s before the byte's first 0, the runs closed
    # inside it, and the 1s after its last 0 (None when the byte is eight 1s).
    runs: list[int] = []
    carry = 0
    for byte in binascii.a2b_base64(body + "=="):
        split = _BYTE_RUNS[byte]
        if split is None:
            carry += 8
            continue
        first, inner, last = split
        runs.append(carry + first)
        runs += inner
        carry = last
    if len(runs) < 50 or carry or any(runs[50:]):   # fewer than 50 slots, or 1s after the last one
        return None
    counts = bytes(runs[:50])   # theirs' slots 1-25, then mine's (at most 15 each)
    on_t = sum(counts[:25])
    on_m = sum(counts[25:])
    if on_t > checkers or on_m > checkers:
        return None
    # A point held by both sides (R1): my point p (counts[24 + p]) is their 25 - p (counts[24 - p]).
    if (int.from_bytes(counts[25:49].translate(_OCCUPIED), "big")
            & int.from_bytes(counts[23::-1].translate(_OCCUPIED), "big")):
        return None
    return (checkers - on_m, *counts[25:]), (checkers - on_t, *counts[:25])


_OCCUPIED = bytes([0] + [1] * 255)   # a count -> 1 if any checker


def _byte_runs(byte: int) -> tuple[int, tuple[int, ...], int] | None:
    """For _BYTE_RUNS: (1s before the first 0, runs closed inside, 1s after the last 0), lowest bit first."""
    if byte == 0xFF:
        return None
    runs = f"{byte:08b}"[::-1].split("0")
    return len(runs[0]), tuple(len(r) for r in runs[1:-1]), len(runs[-1])


_BYTE_RUNS = tuple(_byte_runs(b) for b in range(256))


def decode_position_id(text: str, *, checkers: int = 15) -> tuple[Board, Board]:
    """Read a gnubg Position ID; return ``(mine, theirs)``, ``mine`` being the side on roll.

    Each side's index 0 (off) is ``checkers`` minus its checkers on the board
    (15 per R2; pass ``checkers=3`` for hypergammon, X3). Surrounding
    whitespace is ignored; nothing else (no ``Position ID:`` label).

    >>> mine, theirs = decode_position_id("4HPwAQXgc/ABMA")
    >>> {p: n for p, n in enumerate(theirs) if n}      # they moved 24/20 24/21
    {6: 5, 8: 3, 13: 5, 20: 1, 21: 1}
    >>> mine == decode_position_id("4HPwATDgc/ABMA")[0]  # we still have the start (R3)
    True
    >>> decode_position_id("4HPwATDgc/ABM")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: a gnubg Position ID has 14 characters, got 13

    Raises :class:`~bgsim.engine.errors.ParseError` for a wrong length, a character
    outside the base64 alphabet, a side with more than ``checkers`` checkers on
    the board, a point held by both sides, or non-zero bits after the 50th
    separator (including the 4 unused bits of the last character).
    """
    checkers = _check_checkers(checkers)
    if type(text) is str:
        fast = _decode_position_id_fast(text.strip(), checkers)
        if fast is not None:
            return fast
    what = "gnubg Position ID"
    body, offset = _strip(text, what)
    if len(body) != _POSITION_ID_CHARS:
        raise ParseError(_("a {what} has {position_id_chars} characters, got {len}").format(
                             what=what, position_id_chars=_POSITION_ID_CHARS, len=len(body)))
    _check_alphabet(body, offset, what)
    key, spare = _b64_to_key(body, 10)
    if spare:
        last = offset + _POSITION_ID_CHARS - 1
        raise ParseError(
            _("{what}: the last character {value} sets some of its 4 unused low bits; an 80-bit key ends in a "
              "character whose value is a multiple of 16 (A, Q, g or w)").format(what=what, value=repr(body[-1])),
            where=last,
        )

    sides: list[list[int]] = []
    starts: list[list[int]] = []  # bit where each slot's run starts, for error offsets
    bit = 0
    for name in ("the side not on roll (first in the key)", "the side on roll (second in the key)"):
        counts = [0] * 26
        slot_start = [0] * 26
        total = 0
        for slot in range(1, 26):
            slot_start[slot] = bit
            while True:
                if bit >= _POSITION_KEY_BITS:  # unreachable while checkers <= 15; kept as a guard
                    raise ParseError(
                        _("{what}: the 80 bits ran out inside {name}: it needs 25 zero separators").format(
                            what=what, name=name),
                        where=offset + _POSITION_ID_CHARS - 1,
                    )
                if (key >> bit) & 1:
                    total += 1
                    if total > checkers:
                        raise ParseError(
                            _("{what}: {name} has more than {checkers} checkers on the board").format(
                                what=what, name=name, checkers=checkers),
                            where=offset + _char_of_bit(bit),
                        )
                    counts[slot] += 1
                    bit += 1
                else:
                    bit += 1
                    break
        counts[0] = checkers - total
        sides.append(counts)
        starts.append(slot_start)

    if key >> bit:
        first = bit
        while not (key >> first) & 1:
            first += 1
        raise ParseError(
            _("{what}: non-zero bit {value} of 80 after the end of the position (the 50th separator is bit {bit}); "
              "the key must be padded with zeros").format(what=what, value=first + 1, bit=bit),
            where=offset + _char_of_bit(first),
        )

    theirs, mine = sides
    for p in range(1, 25):
        if mine[p] and theirs[25 - p]:
            raise ParseError(
                _("{what}: both sides have checkers on one point: the side on roll's {p}-point is the other side's "
                  "{value}-point (R1)").format(what=what, p=p, value=25 - p),
                where=offset + _char_of_bit(starts[1][p]),
            )
    return tuple(mine), tuple(theirs)


# ---------------------------------------------------------------------------
# gnubg Match ID
# ---------------------------------------------------------------------------


def _is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_flag(x: object) -> bool:
    return isinstance(x, int) and x in (0, 1)


def _is_power_of_two(x: object, limit_log: int) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 2**limit_log and x & (x - 1) == 0


def _pair(value: object, name: str) -> tuple[int, int]:
    try:
        a, b = cast(Iterable[object], value)
    except (TypeError, ValueError):
        raise InvalidPositionError(_("{name} must be a pair of ints, not {value}").format(
                                       name=name, value=repr(value))) from None
    if not (_is_int(a) and _is_int(b)):
        raise InvalidPositionError(_("{name} must be a pair of ints, not {value}").format(
                                       name=name, value=repr(value)))
    return (a, b)


def _dice_problem(dice: tuple[int, int]) -> str | None:
    for k, d in enumerate(dice, 1):
        if not 0 <= d <= 6:
            return f"die {k} is {d}; a die is 0 (not rolled) or 1 to 6"
    if (dice[0] == 0) != (dice[1] == 0):
        return f"dice {dice}: either both dice are rolled or neither is (0, 0)"
    return None


@dataclass(frozen=True)
class MatchState:
    """What a gnubg Match ID holds: cube, turn, dice, score and match length.

    Players are gnubg's player 0 and 1 (not "mine"/"theirs"): the Position ID
    that goes with a Match ID is seen from ``player_on_roll``.

    Parameters
    ----------
    cube_value : int, default 1
        1, 2, 4, ... 2**15.
    cube_owner : int or None, default None
        None when the cube is centred (R24: the cube starts in the middle), else 0 or 1.
    player_on_roll : int, default 0
        Who rolls or rolled (gnubg's "dice owner").
    crawford : bool, default False
        This is the Crawford game (R28: no doubling in the game after a player first
        reaches one point away).
    game_state : int, default GAME_PLAYING
        One of ``GAME_NONE`` .. ``GAME_DROPPED``.
    turn : int, default 0
        Who must act now (the other player while a double or a resignation is offered).
    double_offered : bool, default False
        A double is offered and not yet answered.
    resignation : int, default RESIGN_NONE
        ``RESIGN_NONE`` .. ``RESIGN_BACKGAMMON``: the resignation offered (R30) of a single
        game, a gammon or a backgammon (R23).
    dice : pair of int, default (0, 0)
        The roll; ``(0, 0)`` before the roll. gnubg writes the higher die first; bgsim
        keeps the order it is given.
    match_length : int, default 0
        The match length in points; 0 for money play.
    score : pair of int, default (0, 0)
        ``(player 0, player 1)``.
    jacoby : bool, default True
        The Jacoby rule (X1: gammons count single in money play unless the cube was turned),
        stored inverted in bit 67, which gnubg writes though the manual's table stops at bit 66.

    Raises
    ------
    InvalidPositionError
        A field out of range, or fields that contradict each other (a Crawford game in
        money play, a score at or past the match length ...).

    >>> state = MatchState(cube_value=2, cube_owner=0, player_on_roll=1, turn=1,
    ...                    dice=(5, 2), match_length=9, score=(2, 4))
    >>> encode_match_id(state)        # the manual's example
    'QYkqASAAIAAA'
    >>> MatchState(match_length=0, crawford=True)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.InvalidPositionError: a money game (match length 0) has no Crawford game (R28)

    Invalid fields raise :class:`~bgsim.engine.errors.InvalidPositionError`.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    player_on_roll: int = 0
    crawford: bool = False
    game_state: int = GAME_PLAYING
    turn: int = 0
    double_offered: bool = False
    resignation: int = RESIGN_NONE
    dice: tuple[int, int] = (0, 0)
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    jacoby: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _pair(self.dice, "dice"))
        object.__setattr__(self, "score", _pair(self.score, "score"))
        problem = _match_state_problem(self)
        if problem is not None:
            raise InvalidPositionError(problem[1])


def _match_state_problem(s: MatchState | SimpleNamespace) -> tuple[int, str] | None:
    """Return (bit where the field starts, message) for the first invalid field, or None."""
    if not _is_power_of_two(s.cube_value, _MAX_CUBE_LOG):
        return 0, f"cube value {s.cube_value!r} is not a power of two from 1 to 2**15 = 32768"
    if s.cube_owner is not None and not (_is_int(s.cube_owner) and s.cube_owner in (0, 1)):
        return 4, f"cube owner {s.cube_owner!r} is not None (centred), 0 or 1"
    if not _is_flag(s.player_on_roll):
        return 6, f"player on roll {s.player_on_roll!r} is not 0 or 1"
    if not _is_flag(s.crawford):
        return 7, f"crawford {s.crawford!r} is not a bool"
    if not (_is_int(s.game_state) and 0 <= s.game_state <= 4):
        return 8, (
            f"game state {s.game_state!r} is not one of 0 (no game), 1 (playing), 2 (over), "
            "3 (resigned), 4 (dropped)"
        )
    if not _is_flag(s.turn):
        return 11, f"turn {s.turn!r} is not 0 or 1"
    if not _is_flag(s.double_offered):
        return 12, f"double_offered {s.double_offered!r} is not a bool"
    if not (_is_int(s.resignation) and 0 <= s.resignation <= 3):
        return 13, (
            f"resignation {s.resignation!r} is not one of 0 (none), 1 (single), 2 (gammon), "
            "3 (backgammon)"
        )
    dice_problem = _dice_problem(s.dice)
    if dice_problem:
        return 15, dice_problem
    if not (_is_int(s.match_length) and 0 <= s.match_length <= _MAX_SCORE):
        return 21, f"match length {s.match_length!r} is not from 0 (money) to {_MAX_SCORE}"
    for k in (0, 1):
        if not 0 <= s.score[k] <= _MAX_SCORE:
            return 36 + 15 * k, f"score {s.score[k]} of player {k} is not from 0 to {_MAX_SCORE}"
    if s.match_length:
        for k in (0, 1):
            if s.score[k] > s.match_length:
                return 36 + 15 * k, (
                    f"score {s.score[k]} of player {k} is above the match length {s.match_length} (R27)"
                )
        if s.score[0] == s.score[1] == s.match_length:
            return 36, f"both players cannot have reached the match length {s.match_length} (R27)"
    elif s.crawford:
        return 7, "a money game (match length 0) has no Crawford game (R28)"
    if not _is_flag(s.jacoby):
        return 66, f"jacoby {s.jacoby!r} is not a bool"
    return None


def encode_match_id(state: MatchState) -> str:
    """Return the 12-character gnubg Match ID of ``state``.

    >>> encode_match_id(MatchState(cube_value=2, cube_owner=0, player_on_roll=1, turn=1,
    ...                            dice=(5, 2), match_length=9, score=(2, 4)))
    'QYkqASAAIAAA'
    >>> encode_match_id(MatchState(jacoby=False))     # the Jacoby bit (67) set
    'MAEAAAAAAAAE'
    """
    if not isinstance(state, MatchState):
        raise TypeError(_("state must be a MatchState, not {type}").format(type=type(state).__name__))
    s = state
    fields = (
        (0, 4, s.cube_value.bit_length() - 1),
        (4, 2, 3 if s.cube_owner is None else s.cube_owner),
        (6, 1, int(s.player_on_roll)),
        (7, 1, int(s.crawford)),
        (8, 3, s.game_state),
        (11, 1, int(s.turn)),
        (12, 1, int(s.double_offered)),
        (13, 2, s.resignation),
        (15, 3, s.dice[0]),
        (18, 3, s.dice[1]),
        (21, 15, s.match_length),
        (36, 15, s.score[0]),
        (51, 15, s.score[1]),
        (66, 1, 0 if s.jacoby else 1),
    )
    key = 0
    for pos, _width, value in fields:
        key |= int(value) << pos
    return _key_to_b64(key, 9, _MATCH_ID_CHARS)


def decode_match_id(text: str) -> MatchState:
    """Read a gnubg Match ID into a :class:`MatchState`.

    The manual's example: score 2-4 in a 9-point match, player 0 holds a
    2-cube, player 1 has rolled 5-2 and is to play.

    >>> s = decode_match_id("QYkqASAAIAAA")
    >>> s.cube_value, s.cube_owner, s.player_on_roll, s.dice, s.match_length, s.score
    (2, 0, 1, (5, 2), 9, (2, 4))
    >>> s.game_state == GAME_PLAYING, s.turn, s.crawford, s.double_offered, s.resignation
    (True, 1, False, False, 0)
    >>> decode_match_id("QYkqAS*AIAAA")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: gnubg Match ID: character '*' at offset 6 is not in the base64 alphabet
    (A-Z, a-z, 0-9, '+', '/')

    Raises :class:`~bgsim.engine.errors.ParseError` for a wrong length, a bad
    character, cube owner bits ``10``, an undefined game state, a die of 7, one
    die rolled without the other, a score above the match length, a Crawford
    money game, or non-zero bits 68-72.
    """
    what = "gnubg Match ID"
    body, offset = _strip(text, what)
    if len(body) != _MATCH_ID_CHARS:
        raise ParseError(_("a {what} has {match_id_chars} characters, got {len}").format(
                             what=what, match_id_chars=_MATCH_ID_CHARS, len=len(body)))
    _check_alphabet(body, offset, what)
    key, _spare = _b64_to_key(body, 9)  # 12 characters are exactly 9 bytes

    def get(pos: int, width: int) -> int:
        return (key >> pos) & ((1 << width) - 1)

    def fail(bit: int, message: str) -> ParseError:
        return ParseError(f"{what}: {message}", where=offset + _char_of_bit(bit))

    if key >> 67:
        first = 67
        while not (key >> first) & 1:
            first += 1
        raise fail(first, _("bit {value} is set; bits 68-72 are unused and must be zero").format(value=first + 1))
    owner_bits = get(4, 2)
    if owner_bits == 2:
        raise fail(4, _("cube owner bits are 10, which is not an owner (00 player 0, 01 player 1, 11 centred)"))
    game_state = get(8, 3)
    if game_state > 4:
        raise fail(8, _("game state {game_state} is not one of 0 (no game), 1 (playing), 2 (over), 3 (resigned), 4 "
                        "(dropped)").format(game_state=game_state))
    fields: dict[str, Any] = dict(
        cube_value=1 << get(0, 4),
        cube_owner=None if owner_bits == 3 else owner_bits,
        player_on_roll=get(6, 1),
        crawford=bool(get(7, 1)),
        game_state=game_state,
        turn=get(11, 1),
        double_offered=bool(get(12, 1)),
        resignation=get(13, 2),
        dice=(get(15, 3), get(18, 3)),
        match_length=get(21, 15),
        score=(get(36, 15), get(51, 15)),
        jacoby=not get(66, 1),
    )
    problem = _match_state_problem(SimpleNamespace(**fields))
    if problem is not None:
        raise fail(*problem)
    return MatchState(**fields)


# ---------------------------------------------------------------------------
# XGID
# ---------------------------------------------------------------------------

_XGID_FIELDS = (
    "position",
    "cube value",
    "cube position",
    "turn",
    "dice",
    "bottom player's score",
    "top player's score",
    "Crawford/Jacoby",
    "match length",
    "max cube",
)
_UINT = re.compile(r"0|[1-9][0-9]{0,4}")
_DICE = re.compile(r"00|[DBR]|[1-6][1-6]")


@dataclass(frozen=True)
class XgidState:
    """Everything in an XGID besides the board and whose turn it is.

    Players are bgsim's: 0 = XG's bottom player (upper case, turn 1), 1 = top.
    The defaults are what XG writes for a fresh money game
    (``...:0:0:1:00:0:0:0:0:10``).

    Parameters
    ----------
    cube_value : int, default 1
        1, 2, 4, ... (XG writes its log2).
    cube_owner : int or None, default None
        None when the cube is centred (R24: the cube starts in the middle), else 0 or 1.
    dice : pair of int, default (0, 0)
        The roll; ``(0, 0)`` before the roll.
    cube_action : str or None, default None
        None, or ``XG_DOUBLED`` / ``XG_BEAVERED`` / ``XG_RACCOONED`` (``"D"``, ``"B"``,
        ``"R"``; then ``dice`` is ``(0, 0)``).
    score : pair of int, default (0, 0)
        ``(player 0, player 1)``.
    match_length : int, default 0
        The match length in points; 0 for money play.
    crawford : bool, default False
        The Crawford game (R28: no doubling in the game after a player first reaches one
        point away; match only).
    jacoby : bool, default False
        The Jacoby rule (X1: gammons count single unless the cube was turned; money only).
    beaver : bool, default False
        Beavers allowed (X2: the taker may redouble at once, keeping the cube; money only).
    max_cube : int, default 1024
        The cube limit as a value (XG writes its log2; 1024 is XG's ``10``).

    Raises
    ------
    InvalidPositionError
        A field out of range, or fields that contradict each other (R28 settings in money
        play, X1/X2 in a match, a Crawford score that is not one point away ...).

    >>> XgidState()
    XgidState(cube_value=1, cube_owner=None, dice=(0, 0), cube_action=None, score=(0, 0), match_length=0,
              crawford=False, jacoby=False, beaver=False, max_cube=1024)
    >>> XgidState(match_length=7, score=(6, 3), crawford=True).crawford
    True
    >>> XgidState(match_length=7, score=(5, 3), crawford=True)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.InvalidPositionError: the Crawford game needs exactly one player 1 point away from 7 (R28);
    the score is (5, 3)

    Invalid fields raise :class:`~bgsim.engine.errors.InvalidPositionError`.
    """

    cube_value: int = 1
    cube_owner: int | None = None
    dice: tuple[int, int] = (0, 0)
    cube_action: str | None = None
    score: tuple[int, int] = (0, 0)
    match_length: int = 0
    crawford: bool = False
    jacoby: bool = False
    beaver: bool = False
    max_cube: int = 1024

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", _pair(self.dice, "dice"))
        object.__setattr__(self, "score", _pair(self.score, "score"))
        problem = _xgid_state_problem(self)
        if problem is not None:
            raise InvalidPositionError(problem[1])


def _xgid_state_problem(s: XgidState | SimpleNamespace) -> tuple[int, str] | None:
    """Return (XGID field index, message) for the first invalid field, or None."""
    if not _is_power_of_two(s.cube_value, _MAX_CUBE_LOG):
        return 1, f"cube value {s.cube_value!r} is not a power of two from 1 to 2**15 = 32768"
    if not _is_power_of_two(s.max_cube, _MAX_CUBE_LOG):
        return 9, (
            f"max cube {s.max_cube!r} is not a power of two from 1 to 2**15 = 32768 "
            "(it is a cube value: XG's field 10 means 2**10 = 1024)"
        )
    if s.cube_value > s.max_cube:
        return 1, f"cube value {s.cube_value} is above the max cube {s.max_cube} (V2)"
    if s.cube_owner is not None and not (_is_int(s.cube_owner) and s.cube_owner in (0, 1)):
        return 2, f"cube owner {s.cube_owner!r} is not None (centred), 0 (bottom) or 1 (top)"
    if s.cube_action not in (None, XG_DOUBLED, XG_BEAVERED, XG_RACCOONED):
        return 4, f"cube action {s.cube_action!r} is not None, 'D', 'B' or 'R'"
    dice_problem = _dice_problem(s.dice)
    if dice_problem:
        return 4, dice_problem
    if s.cube_action is not None and s.dice != (0, 0):
        return 4, f"dice {s.dice} and cube action {s.cube_action!r}: XG's dice field holds one or the other"
    for k in (0, 1):
        if not 0 <= s.score[k] <= _MAX_SCORE:
            return 5 + k, f"score {s.score[k]} of player {k} is not from 0 to {_MAX_SCORE}"
    if not (_is_int(s.match_length) and 0 <= s.match_length <= _MAX_SCORE):
        return 8, f"match length {s.match_length!r} is not from 0 (money) to {_MAX_SCORE}"
    for name in ("crawford", "jacoby", "beaver"):
        if not _is_flag(getattr(s, name)):
            return 7, f"{name} {getattr(s, name)!r} is not a bool"
    n = s.match_length
    if n:
        for k in (0, 1):
            if s.score[k] >= n:
                return 5 + k, (
                    f"score {s.score[k]} of player {k} is not below the match length {n}: "
                    "the match would be over (R27)"
                )
        if s.jacoby or s.beaver:
            return 7, "the Jacoby rule (X1) and beavers (X2) are money-game options, not for a match"
        if s.crawford:
            away = (n - s.score[0], n - s.score[1])
            if away.count(1) != 1:
                return 7, (
                    f"the Crawford game needs exactly one player 1 point away from {n} (R28); "
                    f"the score is {s.score}"
                )
            if s.cube_value != 1 or s.cube_owner is not None:
                return 1, "the cube is not used in the Crawford game: it stays at 1 in the middle (R28)"
            if s.cube_action is not None:
                return 4, f"no doubling in the Crawford game (R28), but the cube action is {s.cube_action!r}"
        if s.cube_action in (XG_BEAVERED, XG_RACCOONED):
            return 4, f"cube action {s.cube_action!r}: beavers and raccoons are for money games only (X2)"
    else:
        if s.crawford:
            return 7, "a money game (match length 0) has no Crawford game (R28)"
        if s.cube_action in (XG_BEAVERED, XG_RACCOONED) and not s.beaver:
            return 4, f"cube action {s.cube_action!r} needs beavers allowed (X2), but the beaver flag is off"
    return None


def encode_xgid(
    mine: Sequence[int],
    theirs: Sequence[int],
    player_on_roll: int,
    state: XgidState | None = None,
) -> str:
    """Return the XGID (with the ``XGID=`` prefix) of a board and state.

    ``mine`` is the side on roll, ``player_on_roll`` says which bgsim player
    that is (0 = XG's bottom player, 1 = top); ``state`` defaults to
    :class:`XgidState()` (a fresh money game, cube 1 centred, no dice).
    While a double is offered (``cube_action``), ``player_on_roll`` is the
    doubler, the player whose turn XG's turn field names.

    >>> start = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5) + (0,) * 10 + (2, 0)
    >>> encode_xgid(start, start, 0)
    'XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10'
    >>> encode_xgid(start, start, 1, XgidState(dice=(3, 1), match_length=7, score=(2, 5)))
    'XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:2:5:0:7:10'

    Raises :class:`~bgsim.engine.errors.InvalidPositionError` for an invalid board
    (R1) or a ``player_on_roll`` other than 0 or 1.
    """
    m, t = _check_pair(mine, theirs)
    if not _is_flag(player_on_roll):
        raise InvalidPositionError(_("player_on_roll must be 0 (bottom) or 1 (top), not {player_on_roll}").format(
                                       player_on_roll=repr(player_on_roll)))
    return _xgid_of(m, t, player_on_roll, state)


_XG_UPPER = "-ABCDEFGHIJKLMNO"   # 0-15 bottom checkers
_XG_LOWER = "-abcdefghijklmno"   # 0-15 top checkers
# (bottom, top) counts on one point -> its character (the two cannot both be non-zero, R1).
_XG_CELL = {(b, t): (_XG_UPPER[b] if b else _XG_LOWER[t])
            for b in range(_MAX_CHECKERS + 1) for t in range(_MAX_CHECKERS + 1)}
_XG_CELL_OF = _XG_CELL.__getitem__
_XGID_DEFAULT_TAIL = (":0:0:1:00:0:0:0:0:10", ":0:0:-1:00:0:0:0:0:10")   # XgidState(), by player on roll


def _xgid_board(bottom: Sequence[int], top: Sequence[int]) -> str:
    """XG's 26 board characters: the top player's bar, points 1-24 (bottom's numbering), bottom's bar."""
    return (_XG_LOWER[top[25]] + "".join(map(_XG_CELL_OF, zip(bottom[1:25], top[24:0:-1], strict=True)))
            + _XG_UPPER[bottom[25]])


def _xgid_of(m: Sequence[int], t: Sequence[int], player_on_roll: int, state: XgidState | None = None) -> str:
    """The XGID of boards already known valid (R1, R2) and a player 0 or 1."""
    bottom, top = (m, t) if player_on_roll == 0 else (t, m)
    if state is None:
        return "XGID=" + _xgid_board(bottom, top) + _XGID_DEFAULT_TAIL[player_on_roll]
    if not isinstance(state, XgidState):
        raise TypeError(_("state must be an XgidState or None, not {type}").format(type=type(state).__name__))
    chars = _xgid_board(bottom, top)
    s = state
    owner = 0 if s.cube_owner is None else (1 if s.cube_owner == 0 else -1)
    if s.cube_action is not None:
        dice = s.cube_action
    else:
        dice = f"{s.dice[0]}{s.dice[1]}"
    cj = int(s.crawford) if s.match_length else int(s.jacoby) + 2 * int(s.beaver)
    fields = [
        chars,
        str(s.cube_value.bit_length() - 1),
        str(owner),
        "1" if player_on_roll == 0 else "-1",
        dice,
        str(s.score[0]),
        str(s.score[1]),
        str(cj),
        str(s.match_length),
        str(s.max_cube.bit_length() - 1),
    ]
    return "XGID=" + ":".join(fields)


def decode_xgid(text: str, *, checkers: int = 15) -> tuple[Board, Board, int, XgidState]:
    """Read an XGID; return ``(mine, theirs, player_on_roll, state)``.

    ``mine`` is the side on roll (whose turn XG's turn field names), each
    board in its own numbering (R1) with index 0 (off) computed as
    ``checkers`` minus the checkers on the board. The ``XGID=`` prefix is
    optional; surrounding whitespace is ignored.

    >>> mine, theirs, player, state = decode_xgid(
    ...     "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    >>> player, {p: n for p, n in enumerate(mine) if n}      # R3, bottom on roll
    (0, {6: 5, 8: 3, 13: 5, 24: 2})
    >>> state == XgidState()
    True
    >>> decode_xgid("-b----E-C---eE---c-e----B-:0:0:1:72:0:0:0:0:10")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ParseError: XGID field 5 (dice) must be '00', 'D', 'B', 'R' or two digits 1-6, not '72'

    Raises :class:`~bgsim.engine.errors.ParseError` naming the field that is wrong
    and why; ``where`` is the offset of that field (or character) in ``text``.
    """
    checkers = _check_checkers(checkers)
    body, offset = _strip(text, "XGID")
    if body.startswith("XGID="):
        body = body[5:]
        offset += 5
    fast = _decode_xgid_fast(body, checkers)
    if fast is not None:
        return fast
    parts = body.split(":")
    if len(parts) != 10:
        raise ParseError(
            _("an XGID has 10 ':'-separated fields (position, cube value, cube position, turn, dice, two scores, "
              "Crawford/Jacoby, match length, max cube), got {len}").format(len=len(parts))
        )
    starts = []
    pos = offset
    for part in parts:
        starts.append(pos)
        pos += len(part) + 1

    def fail(field: int, message: str, where: int | None = None) -> ParseError:
        return ParseError(
            f"XGID field {field + 1} ({_XGID_FIELDS[field]}) {message}",
            where=starts[field] if where is None else where,
        )

    # Field 1: the board, from the bottom player's side.
    board = parts[0]
    if len(board) != 26:
        raise fail(0, _("must have 26 characters (top bar, points 1-24, bottom bar), got {len}").format(
                          len=len(board)))
    bottom = [0] * 26
    top = [0] * 26
    for i, ch in enumerate(board):
        where = starts[0] + i
        if ch == "-":
            continue
        if "A" <= ch <= "Z":
            n, is_bottom = ord(ch) - ord("A") + 1, True
        elif "a" <= ch <= "z":
            n, is_bottom = ord(ch) - ord("a") + 1, False
        else:
            raise fail(0, _("has {ch} at offset {where}; use '-', A-O (bottom) or a-o (top)").format(
                              ch=repr(ch), where=where), where)
        if n > _MAX_CHECKERS:
            raise fail(0, _("has {ch} at offset {where}: {n} checkers on one point, more than 15 (R2)").format(
                              ch=repr(ch), where=where, n=n), where)
        if is_bottom:
            if i == 0:
                raise fail(0, _("has {ch} at offset {where}: index 0 is the top player's bar, bottom (upper-case) "
                                "checkers cannot be there").format(ch=repr(ch), where=where), where)
            bottom[i] = n
        else:
            if i == 25:
                raise fail(0, _("has {ch} at offset {where}: index 25 is the bottom player's bar, top (lower-case) "
                                "checkers cannot be there").format(ch=repr(ch), where=where), where)
            top[25 - i] = n
    too_many = {"bottom": N_("gives the bottom player {on_board} checkers, more than {checkers}"),
                "top": N_("gives the top player {on_board} checkers, more than {checkers}")}
    for name, side in (("bottom", bottom), ("top", top)):
        on_board = sum(side)
        if on_board > checkers:
            raise fail(0, _(too_many[name]).format(on_board=on_board, checkers=checkers))
        side[0] = checkers - on_board

    # Fields 2-10.
    def uint(field: int) -> int:
        raw = parts[field]
        if not _UINT.fullmatch(raw):
            raise fail(field, _("must be a whole number from 0 to 99999 without leading zeros, not {raw}").format(
                                  raw=repr(raw)))
        return int(raw)

    cube_log = uint(1)
    if cube_log > _MAX_CUBE_LOG:
        raise fail(1, _("is {cube_log}: the cube value is 2**{cube_log}, above bgsim's limit 2**15").format(
                          cube_log=cube_log))
    raw = parts[2]
    if raw not in ("-1", "0", "1"):
        raise fail(2, _("must be 1 (bottom owns the cube), 0 (centred) or -1 (top owns it), not {raw}").format(
                          raw=repr(raw)))
    cube_owner = {"0": None, "1": 0, "-1": 1}[raw]
    raw = parts[3]
    if raw not in ("1", "-1"):
        raise fail(3, _("must be 1 (bottom player) or -1 (top player), not {raw}").format(raw=repr(raw)))
    player_on_roll = 0 if raw == "1" else 1
    raw = parts[4]
    if not _DICE.fullmatch(raw):
        raise fail(4, _("must be '00', 'D', 'B', 'R' or two digits 1-6, not {raw}").format(raw=repr(raw)))
    if raw in (XG_DOUBLED, XG_BEAVERED, XG_RACCOONED):
        dice, cube_action = (0, 0), raw
    else:
        dice, cube_action = (int(raw[0]), int(raw[1])), None
    score = (uint(5), uint(6))
    cj = uint(7)
    match_length = uint(8)
    max_log = uint(9)
    if max_log > _MAX_CUBE_LOG:
        raise fail(9, _("is {max_log}: the max cube is 2**{max_log}, above bgsim's limit 2**15").format(
                          max_log=max_log))
    if match_length:
        if cj > 1:
            raise fail(7, _("is {cj}; in a match it is 1 in the Crawford game (R28), else 0").format(cj=cj))
        crawford, jacoby, beaver = bool(cj), False, False
    else:
        if cj > 3:
            raise fail(7, _("is {cj}; in a money game it is 1 (Jacoby rule, X1) + 2 (beavers, X2), 0 to 3").format(
                              cj=cj))
        crawford, jacoby, beaver = False, bool(cj & 1), bool(cj & 2)
    fields: dict[str, Any] = dict(
        cube_value=1 << cube_log,
        cube_owner=cube_owner,
        dice=dice,
        cube_action=cube_action,
        score=score,
        match_length=match_length,
        crawford=crawford,
        jacoby=jacoby,
        beaver=beaver,
        max_cube=1 << max_log,
    )
    problem = _xgid_state_problem(SimpleNamespace(**fields))
    if problem is not None:
        field, message = problem
        raise fail(field, _("is inconsistent with the rest: {message}").format(message=message))
    state = XgidState(**fields)
    if len(_XGID_TAILS) >= _XGID_TAILS_MAX:
        _XGID_TAILS.clear()
    _XGID_TAILS[body[26:]] = (player_on_roll, state)
    mine, theirs = (bottom, top) if player_on_roll == 0 else (top, bottom)
    return tuple(mine), tuple(theirs), player_on_roll, state


# Fast path of decode_xgid: the fields after the board (":1:0:1:00:..."), once read and checked
# by the careful path, map to (player on roll, state); a board of 26 plain characters is then
# read by table. Anything else (a new tail, an odd character, too many checkers) takes the
# careful path, which gives the error message.
_XGID_TAILS: dict[str, tuple[int, XgidState]] = {}
_XGID_TAILS_MAX = 4096
_XG_TOP_COUNT = {ch: n for n, ch in enumerate(_XG_LOWER)}      # '-' -> 0, 'a' -> 1 ...
_XG_BOTTOM_COUNT = {ch: n for n, ch in enumerate(_XG_UPPER)}
_XG_BOARD_FAST = re.compile(r"[-a-o][-A-Oa-o]{24}[-A-O]")


def _decode_xgid_fast(body: str, checkers: int) -> tuple[Board, Board, int, XgidState] | None:
    tail = _XGID_TAILS.get(body[26:])
    if tail is None or not _XG_BOARD_FAST.match(body, 0, 26):
        return None
    player_on_roll, state = tail
    bottom = [0] * 26
    top = [0] * 26
    top[25] = _XG_TOP_COUNT[body[0]]
    bottom[25] = _XG_BOTTOM_COUNT[body[25]]
    for i in range(1, 25):
        ch = body[i]
        if ch in _XG_BOTTOM_COUNT:
            bottom[i] = _XG_BOTTOM_COUNT[ch]
        else:
            top[25 - i] = _XG_TOP_COUNT[ch]
    on_bottom, on_top = sum(bottom), sum(top)
    if on_bottom > checkers or on_top > checkers:
        return None
    bottom[0] = checkers - on_bottom
    top[0] = checkers - on_top
    mine, theirs = (bottom, top) if player_on_roll == 0 else (top, bottom)
    return tuple(mine), tuple(theirs), player_on_roll, state
