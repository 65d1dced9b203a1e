"""`Position`: a backgammon position under the rules, seen from the player on roll.

:class:`Position` is the board value (:class:`bgsim.engine.board.BasePosition`: the checkers, the
side on roll, IDs, equality) with the rules on top: its legal plays (R5-R21, V5), playing
one, reading plays in notation, and the turn stepper. It adds no state: a ``Position`` is
the value, and the rules are its methods.

Both sides' checkers are kept in each side's own numbering (R1):
index 0 = borne off, 1..24 = points, 25 = the bar. ``mine`` is the side on roll,
``theirs`` the other side; my point ``p`` is their point ``25 - p``.

>>> pos = Position.initial()
>>> pos.pips()
(167, 167)
>>> [str(p) for p in pos.legal_plays((6, 1))][:3]
['24/18 24/23', '24/18 8/7', '24/18 6/5']
>>> after = pos.play("13/7 8/7")
>>> after.turn, after.pips()
(1, (167, 160))
"""

from __future__ import annotations

from .board import BAR, CHECKERS, HYPERGAMMON_CHECKERS, OFF, BasePosition, Counts
from .errors import IllegalPlayError, InvalidPositionError
from .i18n import _
from .plays import LegalPlays, Play, generate_plays, parse_play, result_of
from .text import board_text
from .turn import TurnBuilder
from .variants import CAUCASIAN, STANDARD, VARIANTS, Variant, variant_of

__all__ = ["BAR", "CHECKERS", "HYPERGAMMON_CHECKERS", "OFF", "BasePosition", "Counts", "Position"]


class Position(BasePosition):
    """A backgammon position with one side on roll, under the rules. Immutable and hashable.

    Build one with :meth:`initial`, :meth:`from_counts`, :meth:`from_board`,
    :meth:`from_gnubg_id` or :meth:`from_xgid`; read it with :attr:`mine`, :attr:`theirs`,
    :meth:`pips` ... (all from :class:`~bgsim.engine.board.BasePosition`); ask it for
    :meth:`legal_plays` and get the next position with :meth:`play`.

    >>> pos = Position.from_counts({6: 2, 5: 13}, {24: 15}, turn=1)
    >>> pos.turn, pos.mine[6], pos.off
    (1, 2, (0, 0))
    >>> len(pos.legal_plays((6, 5)))
    1
    """

    __slots__ = ()

    @classmethod
    def initial(cls, turn: int = 0, *, variant: str | Variant = "standard") -> Position:
        """The starting position (R3), or a variant's (:data:`bgsim.engine.variants.VARIANTS`, by name
        or as a :class:`~bgsim.engine.variants.Variant`): hypergammon's (X3) with ``variant="hypergammon"``.

        >>> Position.initial().mine[24], Position.initial(variant="hypergammon").pips()
        (2, (69, 69))
        """
        found = variant if isinstance(variant, Variant) else VARIANTS.get(variant) if isinstance(variant, str) else None
        if found is None:
            raise InvalidPositionError(_("unknown variant {variant} ({known})").format(
                                           variant=repr(variant), known=_(" or ").join(VARIANTS)))
        layout = found.start_layout()
        n = sum(layout.values())
        return cls(layout, layout, turn, checkers=n)

    # ----------------------------------------------------------------- plays
    def legal_plays(self, dice: tuple[int, int], *, caucasian: bool = False,
                    variant: Variant | None = None) -> LegalPlays[Position]:
        """Every legal play of ``dice`` (R5-R21), one per distinct resulting position.

        A :class:`~bgsim.engine.plays.LegalPlays`: an immutable list-like sequence that builds each
        :class:`~bgsim.engine.plays.Play` only when it is asked for; ``.afters()`` gives the
        resulting positions.

        The empty play when nothing can move (R12). ``caucasian=True`` applies the
        Caucasian hit rule (V5); ``variant`` plays by a :class:`~bgsim.engine.variants.Variant`'s
        step rules (what :attr:`bgsim.Rules.engine_variant` gives). The order is deterministic:
        higher die first, back checkers first.

        >>> len(Position.initial().legal_plays((6, 1)))
        10
        >>> Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3}).legal_plays((3, 3))
        [Play(steps=(), dice=(3, 3))]
        """
        if variant is None:
            return generate_plays(self, dice, CAUCASIAN if caucasian else STANDARD)
        return generate_plays(self, dice, variant_of(variant, caucasian))

    def parse_play(self, text: str, dice: tuple[int, int] | None = None, *,
                   caucasian: bool = False, variant: Variant | None = None) -> Play[Position]:
        """Read a play in standard notation and check it is legal (R5-R21).

        Merged (``24/13``, ``13/7(2)``) and step by step (``24/18 18/13``) forms are
        accepted, moves in any order. Without ``dice`` the roll is worked out from the
        text; pass it when the text alone is ambiguous.

        >>> str(Position.initial().parse_play("8/7 13/7"))
        '13/7 8/7'
        >>> Position.initial().parse_play("13/10", dice=(6, 3))
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.IllegalPlayError: 13/10 alone leaves the 6 unplayed, but 24/18 13/10 plays both dice (R10)
        """
        return parse_play(self, text, dice, variant=variant_of(variant, caucasian))

    def play(self, play: Play | str, dice: tuple[int, int] | None = None, *, caucasian: bool = False,
             variant: Variant | None = None) -> Position:
        """The position after ``play`` (a :class:`Play` or notation), with the opponent on roll.

        The play is checked against the legal plays; an illegal one raises
        :class:`~bgsim.engine.errors.IllegalPlayError` naming the rule.

        >>> Position.initial().play("24/18 13/11").pips()
        (167, 159)
        """
        if isinstance(play, str):
            play = self.parse_play(play, dice, caucasian=caucasian, variant=variant)
        elif not isinstance(play, Play):
            raise IllegalPlayError(
                _("a play is a Play or a play in notation such as '24/18 13/9', not {type}").format(
                    type=type(play).__name__))
        return result_of(self, play, variant=variant_of(variant, caucasian))

    # ----------------------------------------------------------------- text and pictures
    def __str__(self) -> str:
        return board_text(self)

    def _repr_svg_(self) -> str:
        """Jupyter shows a position as an SVG board (player 0 at the bottom; bgsim.draw.svg.board)."""
        from ..draw.svg import board

        return board(self)

    # ----------------------------------------------------------------- stepping
    def start_turn(self, dice: tuple[int, int], *, caucasian: bool = False,
                   variant: Variant | None = None) -> TurnBuilder[Position]:
        """Play ``dice`` one checker and one die at a time, with the rules explained (R5-R21, V5).

        >>> t = Position.initial().start_turn((6, 4))
        >>> t.step("24/18").step("18/14").play in Position.initial().legal_plays((6, 4))
        True
        """
        return TurnBuilder(self, dice, caucasian=caucasian, variant=variant)

