"""`Play`: one legal way to use a roll, and the generation of every legal play.

A play is the sequence of single-die steps ``(from, to)`` in the mover's numbering
(25 = bar, 0 = off), with which steps hit. Two plays that lead to the same position
are the same play for the rules, so :func:`generate_plays` keeps one of them
(R5-R21: a roll is played in full when it can be, one play per distinct result; the
Caucasian rule V5 when the variant says so, :mod:`bgsim.engine.variants`).

>>> from bgsim import Position
>>> play = Position.initial().legal_plays((6, 1))[4]
>>> play.steps, str(play)
(((13, 7), (8, 7)), '13/7 8/7')
>>> play.before == Position.initial(), play.after.turn
(True, 1)

One resolver answers "which legal play is this?": :meth:`LegalPlays.resolve` takes a
:class:`Play` or notation and returns the legal play it names, or raises an error carrying
the :class:`~bgsim.engine.errors.Refusal` that says which rule it breaks (:func:`bgsim.engine.explain.diagnose`).
:meth:`bgsim.Position.parse_play`, :meth:`bgsim.Position.play`, the game and the widgets all
go through it.

>>> plays = Position.initial().legal_plays((6, 1))
>>> plays.resolve("8/7 13/7") is plays[4]
True

This module stands on the board value (:mod:`bgsim.engine.board`) and never imports
:mod:`bgsim.engine.position`: it builds the positions it returns through the class of the
position it was given (``type(pos)``), so a :class:`bgsim.Position` in gives Positions out.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

import numpy as np

from . import _kernel
from .board import BasePosition
from .dice import check_dice
from .errors import AmbiguousPlayError, IllegalPlayError, ParseError, Refusal
from .explain import covers, diagnose
from .i18n import _
from .notation import Chain, chain_steps, format_play, hit_marks, parse_chains
from .variants import CAUCASIAN, STANDARD, Variant

__all__ = ["ROLLS", "LegalPlays", "Play", "check_dice", "generate_plays", "parse_play", "result_of"]

#: The 21 distinct rolls, higher die first (6-6, 6-5, ... 1-1).
ROLLS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(6, 0, -1) for b in range(a, 0, -1))

#: The class of the positions a play or a list of plays holds (a :class:`bgsim.Position`).
P = TypeVar("P", bound=BasePosition)

# Per-thread kernel buffers (see _packed): a widget's background thread and the main thread
# never share them.
_LOCAL = threading.local()


@dataclass(frozen=True)
class Play(Generic[P]):
    """A play: the single-die steps, in order, and the roll they use.

    ``steps`` holds ``(from, to)`` pairs in the mover's numbering (25 = bar, 0 = off);
    ``hits[i]`` tells whether step ``i`` hit a blot (R8). ``str(play)`` is the standard
    notation (``24/18*/13``, ``13/7(2)``, ``bar/22``, ``6/off``). A play from
    :meth:`~bgsim.Position.legal_plays` knows the position it was played from
    (:attr:`before`) and the one it leads to (:attr:`after`, the opponent on roll).

    Two plays are equal when their steps, dice and hits are equal. Plays are made by the
    engine (:meth:`~bgsim.Position.legal_plays`, :meth:`~bgsim.Position.parse_play`,
    :meth:`from_dict`); the constructor does not check the play against any position.

    Parameters
    ----------
    steps : tuple of (int, int)
        The single-die steps ``(from, to)`` in order, in the mover's numbering.
    dice : pair of int
        The roll played.
    hits : tuple of bool, optional
        Per step, whether it hit a blot (R8).
    before : Position, optional
        The position the play starts from (the mover on roll).
    after : Position, optional
        The position it leads to (the opponent on roll).
    caucasian : bool, default False
        Whether the play was generated under the Caucasian restriction (V5).

    >>> from bgsim import Position
    >>> [str(p) for p in Position.initial().legal_plays((4, 4))][:2]
    ['24/16(2)', '24/16 24/20 13/9']
    >>> play = Position.initial().legal_plays((3, 1))[0]
    >>> play
    Play(steps=((24, 21), (24, 23)), dice=(3, 1))
    >>> play.after == play.before.play(play)
    True
    """

    steps: tuple[tuple[int, int], ...]
    dice: tuple[int, int]
    hits: tuple[bool, ...] = field(default=(), repr=False)
    before: P | None = field(default=None, repr=False, compare=False)
    after: P | None = field(default=None, repr=False, compare=False)
    caucasian: bool = field(default=False, repr=False, compare=False)

    @property
    def dice_used(self) -> int:
        """How many dice the play uses (0-4; R10).

        >>> from bgsim import Position
        >>> Position.initial().legal_plays((2, 2))[0].dice_used
        4
        """
        return len(self.steps)

    @property
    def is_empty(self) -> bool:
        """True for the empty play of a player who cannot move (R12)."""
        return not self.steps

    def __str__(self) -> str:
        return format_play(self.steps, self.hits)

    def _repr_svg_(self) -> str:
        """Jupyter draws a play as the board before it, with an arrow per step (hits marked)."""
        from ..draw.svg import play_board  # presentation, imported only to draw

        return play_board(self)

    def __len__(self) -> int:
        return len(self.steps)

    # ----------------------------------------------------------------- JSON form
    def to_dict(self) -> dict:
        """A JSON-safe dict: the position before (or None), the dice, steps, hits and the V5 flag.

        >>> from bgsim import Position
        >>> d = Position.initial().legal_plays((6, 1))[4].to_dict()
        >>> d["dice"], d["steps"], d["hits"], d["caucasian"], d["before"]["turn"]
        ([6, 1], [[13, 7], [8, 7]], [False, False], False, 0)
        """
        return {
            "before": None if self.before is None else self.before.to_dict(),
            "dice": [int(d) for d in self.dice],
            "steps": [[int(a), int(b)] for a, b in self.steps],
            "hits": [bool(h) for h in self.hits],
            "caucasian": bool(self.caucasian),
        }

    @classmethod
    def from_dict(cls, data: Mapping, *, position_type: type[BasePosition] = BasePosition) -> Play:
        """The play :meth:`to_dict` wrote, checked against the rules.

        With a ``before`` position the play must be legal there (R5-R21, V5 when
        ``caucasian``) and comes back with its :attr:`after`; otherwise it is read as
        written. The positions are built as ``position_type``: pass :class:`bgsim.Position`
        to get positions with the rules' methods (the value class
        :class:`~bgsim.engine.board.BasePosition` by default, as this module stands below the
        rules facade). Malformed data raises :class:`~bgsim.engine.errors.ParseError`, a bad
        position :class:`~bgsim.engine.errors.InvalidPositionError`, an illegal play
        :class:`~bgsim.engine.errors.IllegalPlayError`.

        >>> from bgsim import Position
        >>> play = Position.initial().legal_plays((6, 1))[4]
        >>> back = Play.from_dict(play.to_dict(), position_type=Position)
        >>> back == play and back.after == play.after, type(back.after).__name__
        (True, 'Position')
        >>> Play.from_dict({"dice": [6, 1]})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.ParseError: a play dict needs the key 'steps'
        """
        if not isinstance(data, Mapping):
            raise ParseError(_("a play dict must be a mapping, not {type}").format(type=type(data).__name__))
        unknown = set(data) - {"before", "dice", "steps", "hits", "caucasian"}
        if unknown:
            raise ParseError(_("unknown keys in a play dict: {sorted}").format(sorted=sorted(map(str, unknown))))
        for key in ("dice", "steps"):
            if key not in data:
                raise ParseError(_("a play dict needs the key {key}").format(key=repr(key)))
        dice = check_dice(data["dice"], error=ParseError)
        steps = _read_pairs(data["steps"])
        hits_raw = data.get("hits", [False] * len(steps))
        if (not isinstance(hits_raw, (list, tuple)) or len(hits_raw) != len(steps)
                or not all(isinstance(h, bool) for h in hits_raw)):
            raise ParseError(_("a play's hits are one true/false per step ({len}), not {hits_raw}").format(
                                 len=len(steps), hits_raw=repr(hits_raw)))
        hits = tuple(hits_raw)
        caucasian = data.get("caucasian", False)
        if not isinstance(caucasian, bool):
            raise ParseError(_("a play's caucasian flag is true or false, not {caucasian}").format(
                                 caucasian=repr(caucasian)))
        before = data.get("before")
        if before is None:
            return cls(steps, dice, hits, caucasian=caucasian)
        if not (isinstance(position_type, type) and issubclass(position_type, BasePosition)):
            raise TypeError(_("position_type must be a position class such as bgsim.Position, not {position_type}")
                              .format(
                                position_type=repr(position_type)))
        pos = position_type.from_dict(before)
        legal = generate_plays(pos, dice, CAUCASIAN if caucasian else STANDARD)
        i = legal._find(cls(steps, dice, hits))
        if i >= 0:
            return legal[i]
        # The same play with its steps written in another order is the same play.
        after = _apply_steps(pos, steps)
        if after is not None and _hits_of(pos, steps) == hits and legal._index_of_after(after) >= 0:
            return cls(steps, dice, hits, pos, after, caucasian)  # type: ignore[arg-type]  # Play[BasePosition]
        raise IllegalPlayError(diagnose(pos, [steps], dice, legal, variant=legal.variant,
                                        text=format_play(steps, hits)))


def _read_pairs(value: object) -> tuple[tuple[int, int], ...]:
    """Steps from JSON: a list of at most four [from, to] pairs of points 0-25."""
    if not isinstance(value, (list, tuple)) or len(value) > 4:
        raise ParseError(_("a play's steps are a list of at most four [from, to] pairs, not {value}").format(
                             value=repr(value)))
    out = []
    for pair in value:
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 25 for x in pair)):
            raise ParseError(_("a step is a [from, to] pair of points 0-25 (25 = bar, 0 = off), not {pair}").format(
                                 pair=repr(pair)))
        out.append((int(pair[0]), int(pair[1])))
    return tuple(out)


def _hits_of(pos: BasePosition, steps) -> tuple[bool, ...]:
    """Which of the steps hit a blot, played in order from ``pos`` (R8)."""
    theirs = list(pos.theirs)
    hits = []
    for _src, dst in steps:
        hit = 1 <= dst <= 24 and theirs[25 - dst] == 1
        if hit:
            theirs[25 - dst] = 0
        hits.append(hit)
    return tuple(hits)


# ---------------------------------------------------------------------------
# LegalPlays: the kernel's answer, kept as bytes; Play objects only when asked for
# ---------------------------------------------------------------------------

def _packed() -> tuple[np.ndarray, memoryview]:
    """This thread's buffer for :func:`generate_plays` (thread safety), made on first use: the
    array of a :class:`~bgsim.engine._kernel.PackedWorkspace` and a memoryview of its int8 part
    (slicing a memoryview is cheaper than slicing the array)."""
    buffers = getattr(_LOCAL, "packed", None)
    if buffers is None:
        ws = _kernel.PackedWorkspace()
        buffers = _LOCAL.packed = (ws.buf, ws.i8.data)   # .data: a memoryview
        _resolve_entry(ws.buf)
    return buffers


def _resolve_entry(buf: np.ndarray) -> None:
    """Call the compiled :func:`~bgsim.engine._kernel.generate_packed` directly from now on.

    Its argument types never change (the 52 board bytes, three ints, the int64 buffer), so
    numba's per-call type dispatch can be skipped: the compiled function for those types is
    looked up once (about 1 us less per call). Falls back to the dispatcher if numba's
    internals do not offer it.
    """
    global _generate_packed
    dispatcher = _kernel.generate_packed
    args = (bytes(52), 1, 2, 0, buf)   # an empty board: the empty play (R12)
    dispatcher(*args)                 # compiles, or loads the on-disk cache
    try:
        compiled: Any = dispatcher.overloads[tuple(dispatcher.typeof_pyval(a) for a in args)]
        entry = compiled.entry_point
        if entry(*args) != 1:  # pragma: no cover - a numba that calls differently
            return
    except Exception:  # pragma: no cover - numba's internals changed: keep the dispatcher
        return
    _generate_packed = entry


def _new_play(steps, dice, hits, before, after, caucasian) -> Play:
    """A Play without the frozen dataclass's ``__init__`` (values known right: engine output)."""
    play = object.__new__(Play)
    d = play.__dict__
    d["steps"] = steps
    d["dice"] = dice
    d["hits"] = hits
    d["before"] = before
    d["after"] = after
    d["caucasian"] = caucasian
    return play


# The kernel's step bytes ((src, dst, hit) per step) -> (steps, hits), kept: the same steps
# come back again and again. Bounded: cleared when full.
_STEPS: dict[bytes, tuple[tuple[tuple[int, int], ...], tuple[bool, ...]]] = {}
_STEPS_MAX = 1 << 16


def _decode_steps(raw: bytes) -> tuple[tuple[tuple[int, int], ...], tuple[bool, ...]]:
    decoded = (tuple((raw[j], raw[j + 1]) for j in range(0, len(raw), 3)),
               tuple(raw[j + 2] == 1 for j in range(0, len(raw), 3)))
    if len(_STEPS) >= _STEPS_MAX:
        _STEPS.clear()
    _STEPS[raw] = decoded
    return decoded


class LegalPlays(Sequence[Play[P]]):
    """The legal plays of one roll in one position: an immutable, list-like sequence.

    :meth:`~bgsim.Position.legal_plays` returns one. It holds a copy of the rules
    engine's output (52 board bytes and the steps of each play) and builds a
    :class:`Play` only for the items asked for (then keeps it), so a call that looks at
    one or two plays costs little more than the generation itself (R5-R21; V5 with
    its ``variant``). It behaves like a list of plays: ``len``, iteration, indexing,
    slicing (a list), ``in``, :meth:`index`, :meth:`count`, and ``==`` with a list of
    plays or another ``LegalPlays``; the order is the engine's (higher die first, back
    checkers first). :meth:`afters` gives the resulting positions without building plays.

    >>> from bgsim import Position
    >>> plays = Position.initial().legal_plays((6, 1))
    >>> len(plays), str(plays[4]), plays[4] in plays, plays.index(plays[4])
    (10, '13/7 8/7', True, 4)
    >>> plays == list(plays), [str(p) for p in plays[:2]]
    (True, ['24/18 24/23', '24/18 8/7'])
    >>> plays.afters()[4] == plays[4].after == Position.initial().play("13/7 8/7")
    True
    >>> plays[0] = None
    Traceback (most recent call last):
    ...
    TypeError: 'LegalPlays' object does not support item assignment
    """

    __slots__ = ("_afters", "_before", "_data", "_dice", "_n", "_plays", "_variant")

    def __init__(self, before: P, dice: tuple[int, int], data: bytes, n: int, variant: Variant = STANDARD) -> None:
        # data, the kernel's output for n plays (_kernel.generate_packed): first 52 bytes per play
        # (the board after it, the mover's row then the opponent's, not swapped), then 12 bytes
        # per play ((src, dst, hit) x 4, the first k meaningful), then the n step counts k.
        self._before = before
        self._dice = dice
        self._data = data
        self._n = n
        self._variant = variant
        self._plays: list[Play[P] | None] | None = None
        self._afters: tuple | None = None

    # ----------------------------------------------------------------- reading
    @property
    def before(self) -> P:
        """The position the plays start from."""
        return self._before

    @property
    def dice(self) -> tuple[int, int]:
        """The roll."""
        return self._dice

    @property
    def variant(self) -> Variant:
        """The variant whose step rules made the plays (:mod:`bgsim.engine.variants`)."""
        return self._variant

    @property
    def caucasian(self) -> bool:
        """Whether the plays were generated under the Caucasian rule (V5)."""
        return self._variant.caucasian

    def __len__(self) -> int:
        return self._n

    def _after(self, i: int) -> P:
        afters = self._afters
        if afters is not None:
            return afters[i]
        b = self._data
        o = 52 * i
        # The mover's row becomes the opponent's: the opponent is on roll after the play.
        theirs = b[o:o + 26]
        mine = b[o + 26:o + 52]
        before = self._before
        return before._make(tuple(mine), tuple(theirs), 1 - before.turn, mine + theirs)

    def _play(self, i: int) -> Play[P]:
        plays = self._plays
        if plays is None:
            plays = self._plays = [None] * self._n
        play = plays[i]
        if play is None:
            m = self._data
            o = 52 * self._n + 12 * i
            raw = m[o:o + 3 * m[64 * self._n + i]]
            decoded = _STEPS.get(raw)
            if decoded is None:
                decoded = _decode_steps(raw)
            play = plays[i] = _new_play(decoded[0], self._dice, decoded[1], self._before, self._after(i),
                                        self._variant.caucasian)
        return play

    @overload
    def __getitem__(self, index: int) -> Play[P]: ...

    @overload
    def __getitem__(self, index: slice) -> list[Play[P]]: ...

    def __getitem__(self, index: int | slice) -> Play[P] | list[Play[P]]:
        if isinstance(index, slice):
            return [self._play(i) for i in range(*index.indices(self._n))]
        try:
            i = index.__index__()
        except AttributeError:
            raise TypeError(_("LegalPlays indices must be integers or slices, not {type}").format(
                                type=type(index).__name__)) from None
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(_("LegalPlays index out of range"))
        return self._play(i)

    def __iter__(self) -> Iterator[Play[P]]:
        play = self._play
        return (play(i) for i in range(self._n))

    def afters(self) -> tuple[P, ...]:
        """The position after each play, in order (the opponent on roll), built without the plays.

        >>> from bgsim import Position
        >>> plays = Position.initial().legal_plays((2, 1))
        >>> [p.after for p in plays] == list(plays.afters())
        True
        """
        afters = self._afters
        if afters is None:
            plays = self._plays
            if plays is not None:   # keep the plays' positions: the same objects
                afters = tuple(self._after(i) if p is None else p.after for i, p in enumerate(plays))
            else:   # _after, unrolled
                b = self._data
                before = self._before
                make, turn = before._make, 1 - before.turn
                out = []
                for o in range(0, 52 * self._n, 52):
                    theirs = b[o:o + 26]
                    mine = b[o + 26:o + 52]
                    out.append(make(tuple(mine), tuple(theirs), turn, mine + theirs))
                afters = tuple(out)
            self._afters = afters
        return afters

    #: Another name of :meth:`afters`: the resulting positions.
    positions = afters

    # ----------------------------------------------------------------- searching
    def _key(self, play: object) -> bytes | None:
        """The play's steps as the kernel writes them, or None if it cannot be one of these."""
        if not isinstance(play, Play) or play.dice != self._dice or len(play.hits) != len(play.steps):
            return None
        try:
            return bytes(x for (a, b), h in zip(play.steps, play.hits, strict=True) for x in (a, b, 1 if h else 0))
        except (TypeError, ValueError):
            return None

    def _find(self, play: object, start: int = 0, stop: int | None = None) -> int:
        """The index of the first play equal to ``play`` (steps, dice, hits) in [start, stop), or -1."""
        key = self._key(play)
        if key is None:
            return -1
        k = len(key) // 3
        m, n = self._data, self._n
        for i in range(*slice(start, stop).indices(n)):
            o = 52 * n + 12 * i
            if m[64 * n + i] == k and m[o:o + 3 * k] == key:
                return i
        return -1

    def __contains__(self, play: object) -> bool:
        return self._find(play) >= 0

    def index(self, play: object, start: int = 0, stop: int | None = None) -> int:
        """The index of the first play equal to ``play``; :class:`ValueError` if none (as a list)."""
        i = self._find(play, start, stop)
        if i < 0:
            # a ValueError, as list.index raises
            raise IllegalPlayError(_("{play} is not in the legal plays").format(play=repr(play)))
        return i

    def count(self, play: object) -> int:
        """How many plays equal ``play`` (0 or 1: the plays are distinct)."""
        return int(self._find(play) >= 0)

    def _index_of_after(self, after: BasePosition) -> int:
        """The index of the play leading to ``after`` (the opponent on roll), or -1."""
        if after.turn != 1 - self._before.turn:
            return -1
        return self._index_of_row(bytes(after.theirs) + bytes(after.mine))

    def _index_of_row(self, row: bytes) -> int:
        b, end = self._data, 52 * self._n
        i = b.find(row, 0, end)
        while i >= 0 and i % 52:
            i = b.find(row, i + 1, end)
        return -1 if i < 0 else i // 52

    def _indices_of_mine(self, mine: Sequence[int]) -> list[int]:
        """The indices of the plays after which the mover has ``mine`` (26 counts)."""
        try:
            row = bytes(mine)
        except (TypeError, ValueError):
            return []
        b, end = self._data, 52 * self._n
        out = []
        i = b.find(row, 0, end)
        while i >= 0:
            if i % 52 == 0:
                out.append(i // 52)
            i = b.find(row, i + 1, end)
        return out

    def _cached_index(self, play: object) -> int:
        """The index of ``play`` itself (the same object) among the plays built so far, or -1."""
        plays = self._plays
        if plays is not None:
            for i, p in enumerate(plays):
                if p is play:
                    return i
        return -1

    # ----------------------------------------------------------------- resolving
    def resolve(self, play: Play | str, *, reveal: bool = True) -> Play[P]:
        """The legal play that ``play`` names: one of these plays, the very object.

        ``play`` is a :class:`Play` (from these plays, or made elsewhere: the same steps in
        another order, or from another list of the same roll, name the same play) or text
        in notation (``"24/18 13/11"``, ``"13/7(2)"``, moves in any order). The one place
        that answers "which legal play is this?" for positions, games and widgets.

        Raises :class:`~bgsim.engine.errors.IllegalPlayError` carrying the
        :class:`~bgsim.engine.errors.Refusal` that names the broken rule (R5-R21, V5),
        :class:`~bgsim.engine.errors.AmbiguousPlayError` when the text fits two plays that hit
        differently, :class:`~bgsim.engine.errors.ParseError` for text that is not notation.
        ``reveal=False`` (a puzzle) words an R10/R11 refusal without naming a legal play.

        >>> from bgsim import Position
        >>> plays = Position.initial().legal_plays((6, 4))
        >>> str(plays.resolve("13/9 24/18")), plays.resolve(plays[3]) is plays[3]
        ('24/18 13/9', True)
        >>> plays.resolve("13/7")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.IllegalPlayError: 13/7 alone leaves the 4 unplayed, but 24/20 13/7 plays both dice (R10)
        >>> try:
        ...     plays.resolve("24/14 24/20")
        ... except ValueError as err:
        ...     print(err.rule)
        R5
        """
        if isinstance(play, str):
            return self._resolve_chains(parse_chains(play), play, reveal=reveal)
        if not isinstance(play, Play):
            raise TypeError(_("a play is a Play or a play in notation such as '24/18 13/9', not {type}").format(
                                type=type(play).__name__))
        if self._cached_index(play) >= 0:   # one of ours, as handed out: nothing to check
            return play
        dice = self._dice
        if sorted(play.dice) != sorted(dice):
            raise IllegalPlayError(Refusal(_("{play} is a play of {roll}, but the roll is {actual}").format(
                play=play, roll=f"{play.dice[0]}-{play.dice[1]}", actual=f"{dice[0]}-{dice[1]}"), "R5"))
        before = self._before
        if play.after is not None and play.before == before and play.caucasian == self._variant.caucasian:
            i = self._index_of_after(play.after)
            if i >= 0:
                return self._play(i)
        # A play made elsewhere (or by hand): legal if its steps reach a legal result.
        after = _apply_steps(before, play.steps)
        i = self._index_of_after(after) if after is not None else -1
        if i >= 0:
            return self._play(i)
        raise IllegalPlayError(diagnose(before, [play.steps], play.dice, self, variant=self._variant,
                                        text=str(play), reveal=reveal))

    def _named(self, chains: Sequence[Chain], mine_after: tuple[int, ...] | None) -> list[Play[P]]:
        """The plays the written chains can name: those with the written result that hit at least
        where the text marks a hit (R8). Plays with the same result differ only in what they hit,
        so when several fit, the text must mark the hits of one of them exactly; otherwise
        they all stay (the caller reports the ambiguity, naming each reading)."""
        if mine_after is None:
            return []
        plays = [self._play(i) for i in self._indices_of_mine(mine_after)]   # only the written result
        marked = set(hit_marks(chains))
        fits = [p for p in plays if marked <= _hit_points(p)]
        on_the_way = {p for ch in chains for p, _hit in ch[1:-1]}
        if len(fits) > 1 and on_the_way:
            # The text writes points on the way (12/11/5): it names the route through them.
            on_route = [p for p in fits if on_the_way <= {dst for _src, dst in p.steps}]
            if len(on_route) == 1:
                return on_route
        if len(fits) > 1:
            exact = [p for p in fits if _hit_points(p) == marked]   # the text marks every hit of one
            if len(exact) == 1:
                return exact
        return fits

    def _resolve_chains(self, chains: list[Chain], text: str, *, reveal: bool = True) -> Play[P]:
        """:meth:`resolve` for text already read into chains."""
        found = self._named(chains, _mine_after(self._before.mine, chains))
        if len(found) > 1:
            options = sorted(str(p) for p in found)
            raise AmbiguousPlayError(_("that could be {join}: mark where the checker hits with '*'").format(
                                         join=' or '.join(options)),
                                     tuple(options))
        if found:
            return found[0]
        raise IllegalPlayError(diagnose(self._before, [chain_steps(ch) for ch in chains], self._dice, self,
                                        variant=self._variant, text=text.strip(), hit_marks=hit_marks(chains),
                                        reveal=reveal))

    # ----------------------------------------------------------------- comparing
    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalPlays):
            return self._n == other._n and self._dice == other._dice and list(self) == list(other)
        if isinstance(other, list):
            return len(other) == self._n and list(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compared with lists, like a list

    def __repr__(self) -> str:
        return repr(list(self))

    def __reduce__(self):
        return (LegalPlays, (self._before, self._dice, self._data, self._n, self._variant))


def generate_plays(pos: P, dice: Any, variant: Variant = STANDARD) -> LegalPlays[P]:
    """The legal plays of ``dice`` in ``pos`` by the step rules of ``variant`` (R5-R21; V5 with
    :data:`~bgsim.engine.variants.CAUCASIAN`), as :class:`LegalPlays`.

    What :meth:`bgsim.Position.legal_plays` returns; the positions in it are of the class of ``pos``.

    >>> from bgsim import Position
    >>> len(generate_plays(Position.initial(), (1, 1)))
    42
    """
    # check_dice's test for a tuple of two ints, inline (this is the per-call hot path); R2
    if type(dice) is not tuple or len(dice) != 2 or type(dice[0]) is not int or type(dice[1]) is not int \
            or not (0 < dice[0] < 7 and 0 < dice[1] < 7):
        dice = check_dice(dice)
    buffers = getattr(_LOCAL, "packed", None)
    if buffers is None:
        buffers = _packed()
    buf, view = buffers
    n = _generate_packed(pos.key, dice[0], dice[1], variant.kernel_flags, buf)
    # LegalPlays.__init__ inline. The data is a copy of the n results only: the buffer is
    # reused by this thread's next call.
    plays = _new_object(LegalPlays)
    plays._before = pos
    plays._dice = dice
    plays._data = view[_OUT:_OUT + 65 * n].tobytes()
    plays._n = n
    plays._variant = variant
    plays._plays = None
    plays._afters = None
    return plays


_new_object = object.__new__


_generate_packed = _kernel.generate_packed
_OUT = _kernel.P8_OUT


def result_of(pos: P, play: Play, *, variant: Variant = STANDARD) -> P:
    """The position after a legal ``play``, opponent on roll; :class:`IllegalPlayError` otherwise.

    >>> from bgsim import Position
    >>> pos = Position.initial()
    >>> result_of(pos, pos.legal_plays((3, 1))[0]).turn
    1
    """
    if play.after is not None and play.caucasian == variant.caucasian and play.before == pos:
        return play.after
    after = generate_plays(pos, play.dice, variant).resolve(play).after
    assert after is not None   # a legal play from the engine knows where it leads
    return after


def parse_play(pos: P, text: str, dice: Any = None, *, variant: Variant = STANDARD) -> Play[P]:
    """Read ``text`` as a legal play in ``pos`` (see :meth:`bgsim.Position.parse_play`).

    With ``dice`` this is ``pos.legal_plays(dice).resolve(text)``. Without them the roll is
    worked out from the text, which works when exactly one roll makes the text a legal play
    (read literally, one written step per die, when several do).

    Raises :class:`~bgsim.engine.errors.ParseError` for text that is not a play in notation,
    :class:`~bgsim.engine.errors.IllegalPlayError` (with the refusal naming the rule, R5-R21, V5)
    for a play the rules do not allow, and :class:`~bgsim.engine.errors.AmbiguousPlayError` when
    the text names several legal plays.

    >>> from bgsim import Position
    >>> str(parse_play(Position.initial(), "24/18 18/13"))
    '24/13'
    >>> parse_play(Position.initial(), "13/7 13/11", (6, 1))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.IllegalPlayError: 13/7 13/11: 13/11 needs 2 pips but the roll 6-1 has no such die or sum (R5)
    """
    chains = parse_chains(text)
    if dice is not None:
        return generate_plays(pos, check_dice(dice), variant)._resolve_chains(chains, text)
    by_roll: dict[tuple[int, int], Play[P]] = {}
    mine_after = _mine_after(pos.mine, chains)
    for roll in _possible_rolls(pos.mine, mine_after):
        found = generate_plays(pos, roll, variant)._named(chains, mine_after)
        if found:
            by_roll[roll] = found[0]
    if len(by_roll) == 1:
        return next(iter(by_roll.values()))
    if len(by_roll) > 1:
        # Read literally: one written step per die (8/5 6/5 is 3-1, not 1-1 played 8/7/6/5 6/5).
        nsteps = sum(len(ch) - 1 for ch in chains)
        literal = [p for p in by_roll.values() if p.dice_used == nsteps]
        if len(literal) == 1:
            return literal[0]
        rolls = ", ".join(f"{a}-{b}" for a, b in by_roll)
        raise AmbiguousPlayError(_("{strip} is a legal play of several rolls ({rolls}): give the dice").format(
                                     strip=repr(text.strip()), rolls=rolls),
                                 tuple(f"{p} ({a}-{b})" for (a, b), p in by_roll.items()))
    plausible = [r for r in ROLLS if covers([s for ch in chains for s in chain_steps(ch)], r)]
    if len(plausible) == 1:
        return generate_plays(pos, plausible[0], variant)._resolve_chains(chains, text)
    raise IllegalPlayError(_("{strip} is not a legal play of any roll here; give the dice to see why").format(
                               strip=repr(text.strip())))


def _mine_after(mine: Sequence[int], chains: Sequence[Chain]) -> tuple[int, ...] | None:
    """The mover's counts after the written moves, or None if they move checkers that are not there."""
    b = list(mine)
    for ch in chains:
        b[ch[0][0]] -= 1
        b[ch[-1][0]] += 1
    if min(b) < 0:
        return None
    return tuple(b)


def _hit_points(play: Play) -> set[int]:
    """The points where the play hits (R8)."""
    return {dst for (_src, dst), hit in zip(play.steps, play.hits, strict=True) if hit}


def _possible_rolls(mine: Sequence[int], mine_after: Sequence[int] | None) -> list[tuple[int, int]]:
    """The rolls (of the 21) that can have a legal play leaving the mover with ``mine_after``.

    Only a play with that result can match the text, so the other rolls need no generation.
    A play of dice ``U`` moves its checkers ``sum(U)`` pips (R5, R6), except that a bear-off
    may use a die up to 5 pips larger than the distance (R18); the number of bear-offs is
    the growth of the off count. ``U`` is both dice, one of them, or none (R10-R12); for
    doubles 1 to 4 of the number (R6).

    >>> five_on_13 = (0,) * 13 + (5,) + (0,) * 12
    >>> _possible_rolls(five_on_13, (0,) * 9 + (1,) + (0,) * 3 + (4,) + (0,) * 12)   # 13/9: 4 pips
    [(6, 4), (5, 4), (4, 4), (4, 3), (4, 2), (4, 1), (3, 1), (2, 2), (1, 1)]
    """
    if mine_after is None:
        return []
    pips = sum(i * n for i, n in enumerate(mine)) - sum(i * n for i, n in enumerate(mine_after))
    slack = 5 * (mine_after[0] - mine[0])
    out = []
    for a, b in ROLLS:
        used = (a, 2 * a, 3 * a, 4 * a) if a == b else (a + b, a, b)
        if pips == 0 or any(pips <= u <= pips + slack for u in used):
            out.append((a, b))
    return out


def _apply_steps(pos: P, steps: Sequence[tuple[int, int]]) -> P | None:
    """Apply steps with the engine's single-step rules; None if one is illegal."""
    b = pos.to_array()
    for src, dst in steps:
        if not (0 <= src <= 25 and 0 <= dst <= 25):
            return None
        die = src - dst if dst > 0 else None
        if die is not None:
            if _kernel.step_dest(b, src, die) != dst:
                return None
        else:
            ok = False
            for d in range(src, 7):
                if _kernel.step_dest(b, src, d) == 0:
                    ok = True
                    break
            if not ok:
                return None
        _kernel.apply_step(b, src, dst)
    return pos._make(tuple(int(x) for x in b[1]), tuple(int(x) for x in b[0]), 1 - pos.turn)
