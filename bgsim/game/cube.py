"""The doubling cube as a value: what it shows, who owns it, and what may happen to it next.

A :class:`Cube` never changes; each action gives a new cube (``cube.doubled(0)``,
``cube.taken()``, ``cube.beavered()``, ``cube.dropped()``, ``cube.auto_doubled()``),
refusing the ones the rules do not allow with a :class:`~bgsim.engine.errors.RuleViolationError`.
The cube also answers the questions a player asks before acting, as
:class:`~bgsim.engine.errors.Refusal` values (:meth:`Cube.double_refusal`, :meth:`Cube.beaver_refusal`)
or as messages and flags (:meth:`Cube.why_no_double`, :meth:`Cube.can_double`,
:meth:`Cube.can_beaver`). A :class:`~bgsim.game.game.Game` keeps one cube and asks it.

The cube starts at 1 in the middle (R24). The player on roll may double before rolling
(R25) when the cube is in the middle or theirs; the opponent takes (the cube shows twice
as much and is theirs) or drops (the game ends, R26). With beavers (X2, money play) the
doubled player may take and redouble at once, keeping the cube; the doubler then takes or
drops that beaver.

>>> from bgsim.game.rules import Rules
>>> cube = Cube()
>>> cube.can_double(0, Rules.money())
True
>>> offered = cube.doubled(0); offered.offered_value, offered.answerer
(2, 1)
>>> taken = offered.taken(); taken
Cube(value=2, owner=1)
>>> taken.why_no_double(0, Rules.money())
'Light does not own the cube, Dark does (R25: after a take only the owner may redouble)'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.errors import Refusal, RuleViolationError
from ..engine.i18n import _, side_name
from .rules import Rules

__all__ = ["Cube"]


def _is_player(value: object) -> bool:
    return value in (0, 1) and not isinstance(value, bool)


@dataclass(frozen=True)
class Cube:
    """The doubling cube: ``value``, ``owner`` (``None`` = in the middle), and any double waiting for an answer.

    Parameters
    ----------
    value : int, default 1
        The value the cube shows: 1, 2, 4, 8, ... (R24, R26).
    owner : int or None, default None
        The player who owns the cube; None while it is in the middle (R24).
    doubler : int or None, default None
        The player whose double waits for an answer; None when none does (R26).
    beaver_pending : bool, default False
        True when the doubled player has beavered and the doubler must answer the beaver (X2).
    automatic_doubles : int, default 0
        How many opening-roll ties doubled the centred cube (R29).

    Raises
    ------
    RuleViolationError
        A value that is not 1, 2, 4, ..., or an owned cube at 1.

    >>> Cube(4, 1)
    Cube(value=4, owner=1)
    >>> Cube(3)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: a cube value is 1, 2, 4, 8, ... not 3 (R24, R26)
    """

    value: int = 1
    owner: int | None = None
    doubler: int | None = None
    beaver_pending: bool = False
    automatic_doubles: int = 0

    def __post_init__(self) -> None:
        v = self.value
        if not isinstance(v, int) or isinstance(v, bool) or v < 1 or v & (v - 1):
            raise RuleViolationError(Refusal(_("a cube value is 1, 2, 4, 8, ... not {value}").format(value=repr(v)),
                                             "R24, R26"))
        for name in ("owner", "doubler"):
            p = getattr(self, name)
            if p is not None and not _is_player(p):
                raise RuleViolationError(f"{'cube_owner' if name == 'owner' else name} must be player 0 or 1, "
                                         f"not {p!r}")
        if self.owner is not None and v == 1:
            raise RuleViolationError(Refusal(_("a cube at 1 is in the middle; it is owned only after a double is "
                                               "taken"), "R24, R26"))
        if self.beaver_pending and self.doubler is None:
            raise RuleViolationError(Refusal(_("a beaver answers a double (X2): no double is offered"), "X2",
                                             cite=False))
        n = self.automatic_doubles
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RuleViolationError(Refusal(_("automatic_doubles counts opening-roll ties, not {n}").format(n=repr(n)),
                                             "R29"))

    # ------------------------------------------------------------- reading
    @property
    def is_centred(self) -> bool:
        """True while nobody owns the cube (R24; automatic doubles keep it centred, R29).

        >>> Cube().is_centred, Cube(2, 0).is_centred
        (True, False)
        """
        return self.owner is None

    @property
    def turned(self) -> bool:
        """True once a double has been taken (or beavered): the Jacoby rule (X1) counts gammons again.

        >>> Cube(2).turned, Cube(2, 1).turned
        (False, True)
        """
        return self.owner is not None

    @property
    def is_offered(self) -> bool:
        """True while a double (or a beaver) waits for an answer (R26, X2).

        >>> Cube().doubled(1).is_offered
        True
        """
        return self.doubler is not None

    @property
    def answerer(self) -> int | None:
        """Who must answer now: the doubled player, or after a beaver the doubler (X2); ``None`` when nothing is
        offered.

        >>> Cube().doubled(0).beavered().answerer
        0
        """
        if self.doubler is None:
            return None
        return self.doubler if self.beaver_pending else 1 - self.doubler

    @property
    def offered_value(self) -> int | None:
        """The value the cube shows if the waiting double (or beaver) is taken; ``None`` when nothing is offered.

        >>> Cube(2, 1).doubled(1).offered_value, Cube().doubled(0).beavered().offered_value
        (4, 4)
        """
        return None if self.doubler is None else 2 * self.value

    # ------------------------------------------------------------- questions
    def double_refusal(self, player: int, rules: Rules, *, crawford_game: bool = False, final_roll: bool = False,
                       lead: str = "") -> Refusal | None:
        """Why ``player`` (on roll, before rolling) may not double this cube, as a
        :class:`~bgsim.engine.errors.Refusal`;
        ``None`` if they may.

        The reasons, in order: a double already waits for an answer (R26), the Crawford
        game (R28), the cube is off (V2), the final roll of a last-roll draw (V4), the cube
        belongs to the other player (R25), the cube is at its limit (V2). Whose turn it is
        and whether the dice are rolled are the game's business (R25). ``lead`` goes before
        a sentence that does not name the player (a game passes ``"cannot double: "``).

        >>> Cube().double_refusal(0, Rules.match(5), crawford_game=True).rule
        'R28'
        >>> str(Cube(2, 1).double_refusal(0, Rules.money(), lead="cannot double: "))
        'Light does not own the cube, Dark does (R25: after a take only the owner may redouble)'
        """
        if self.doubler is not None:
            return Refusal(lead + _("a double is already offered; {player} must take or drop it").format(
                player=side_name(self.answerer)), "R26")
        if crawford_game:
            return Refusal(lead + _("no doubling in the Crawford game"), "R28")
        if not rules.cube_enabled:
            return Refusal(lead + _("the cube is off in these rules"), "V2")
        if final_roll:
            return Refusal(lead + _("the final roll of the last-roll draw is a roll only, no double"), "V4")
        if self.owner is not None and self.owner != player:
            return Refusal(_("{player} does not own the cube, {owner} does "
                             "(R25: after a take only the owner may redouble)").format(
                               player=side_name(player), owner=side_name(self.owner)),
                           "R25", cite=False)
        if not rules.cube_allows(2 * self.value):
            return Refusal(lead + _("the cube is at its limit of {limit}").format(limit=rules.cube_limit), "V2")
        return None

    def why_no_double(self, player: int, rules: Rules, *, crawford_game: bool = False,
                      final_roll: bool = False) -> str | None:
        """Why ``player`` (on roll, before rolling) may not double this cube, citing the rule; ``None`` if they may.

        :meth:`double_refusal` as a message.

        >>> Cube().why_no_double(0, Rules.match(5), crawford_game=True)
        'no doubling in the Crawford game (R28)'
        >>> Cube(2, 0).why_no_double(0, Rules.money(cube_limit=2))
        'the cube is at its limit of 2 (V2)'
        """
        refusal = self.double_refusal(player, rules, crawford_game=crawford_game, final_roll=final_roll)
        return None if refusal is None else str(refusal)

    def can_double(self, player: int, rules: Rules, *, crawford_game: bool = False,
                   final_roll: bool = False) -> bool:
        """True when :meth:`double_refusal` has no objection.

        >>> Cube(2, 1).can_double(0, Rules.money()), Cube(2, 1).can_double(1, Rules.money())
        (False, True)
        """
        return self.double_refusal(player, rules, crawford_game=crawford_game, final_roll=final_roll) is None

    def beaver_refusal(self, rules: Rules, *, lead: str = "") -> Refusal | None:
        """Why the doubled player may not beaver now (X2, V2), as a :class:`~bgsim.engine.errors.Refusal`; ``None`` if
        they
        may. ``lead`` goes before a sentence that does not say what is refused (``"cannot beaver: "``).

        >>> str(Cube().doubled(0).beaver_refusal(Rules.money(), lead="cannot beaver: "))
        'cannot beaver: beavers (X2) are not allowed in these rules'
        """
        if self.doubler is None:
            return Refusal(lead + _("no double has been offered"), "R26")
        if self.beaver_pending:
            return Refusal(_("cannot beaver a beaver: raccoons are not in the rules"), "X2")
        if not rules.beavers:
            return Refusal(lead + _("beavers (X2) are not allowed in these rules"), "X2", cite=False)
        value = 4 * self.value
        if not rules.cube_allows(value):
            return Refusal(lead + _("the cube would reach {value}, above its limit of {limit}").format(
                value=value, limit=rules.cube_limit), "V2, X2")
        return None

    def why_no_beaver(self, rules: Rules) -> str | None:
        """Why the doubled player may not beaver now, citing the rule (X2, V2); ``None`` if they may.

        >>> Cube().doubled(0).why_no_beaver(Rules.money())
        'beavers (X2) are not allowed in these rules'
        """
        refusal = self.beaver_refusal(rules)
        return None if refusal is None else str(refusal)

    def can_beaver(self, rules: Rules) -> bool:
        """True when the doubled player may beaver now (X2, within the cube limit V2).

        >>> Cube().doubled(0).can_beaver(Rules.money(beavers=True))
        True
        """
        return self.beaver_refusal(rules) is None

    def can_auto_double(self, rules: Rules) -> bool:
        """True when a tie on the opening roll doubles this cube (R29: up to the rules' count and the limit, V2).

        >>> Cube().can_auto_double(Rules.money(automatic_doubles=1)), Cube(automatic_doubles=1).can_auto_double(
        ...     Rules.money(automatic_doubles=1))
        (True, False)
        """
        return (self.automatic_doubles < rules.automatic_doubles and self.owner is None
                and rules.cube_allows(2 * self.value))

    # ------------------------------------------------------------- transitions
    def doubled(self, by: int) -> Cube:
        """The cube with ``by``'s double waiting for the answer (R25, R26); the value changes on the take.

        >>> Cube().doubled(1)
        Cube(value=1, owner=None, doubler=1)
        """
        if not _is_player(by):
            raise RuleViolationError(f"the doubler must be player 0 or 1, not {by!r}")
        if self.doubler is not None:
            raise RuleViolationError(Refusal(_("a double is already offered; {player} must answer it").format(
                player=side_name(self.answerer)), "R26"))
        if self.owner is not None and self.owner != by:
            raise RuleViolationError(Refusal(_("{player} does not own the cube, {owner} does").format(
                player=side_name(by), owner=side_name(self.owner)), "R25"))
        return replace(self, doubler=by)

    def taken(self) -> Cube:
        """The cube after the answerer takes: twice the value; the taker owns it (R26), or after a beaver the
        beaverer keeps it (X2).

        >>> Cube().doubled(0).taken(), Cube().doubled(0).beavered().taken()
        (Cube(value=2, owner=1), Cube(value=4, owner=1))
        """
        if self.doubler is None:
            raise RuleViolationError(Refusal(_("cannot take: no double has been offered"), "R26"))
        owner = self.owner if self.beaver_pending else 1 - self.doubler
        return replace(self, value=2 * self.value, owner=owner, doubler=None, beaver_pending=False)

    def beavered(self) -> Cube:
        """The cube after the doubled player beavers: the double taken (twice the value, theirs) and redoubled
        at once (X2).

        The doubler must now answer; :attr:`offered_value` is four times the old value.

        >>> Cube().doubled(0).beavered()
        Cube(value=2, owner=1, doubler=0, beaver_pending=True)
        """
        if self.doubler is None:
            raise RuleViolationError(Refusal(_("cannot beaver: no double has been offered"), "R26"))
        if self.beaver_pending:
            raise RuleViolationError(Refusal(_("cannot beaver a beaver: raccoons are not in the rules"), "X2"))
        return replace(self, value=2 * self.value, owner=1 - self.doubler, beaver_pending=True)

    def dropped(self) -> Cube:
        """The cube after a drop (R26): nothing waits any more; the game is scored at :attr:`value`.

        >>> Cube().doubled(0).dropped()
        Cube(value=1, owner=None)
        """
        if self.doubler is None:
            raise RuleViolationError(Refusal(_("cannot drop: no double has been offered"), "R26"))
        return replace(self, doubler=None, beaver_pending=False)

    def auto_doubled(self) -> Cube:
        """The cube after an automatic double (R29): twice the value, still in the middle.

        >>> Cube().auto_doubled()
        Cube(value=2, owner=None, automatic_doubles=1)
        """
        if self.owner is not None:
            raise RuleViolationError(Refusal(_("automatic doubles (R29) double a centred cube"), "R29", cite=False))
        return replace(self, value=2 * self.value, automatic_doubles=self.automatic_doubles + 1)

    def __repr__(self) -> str:
        parts = [f"value={self.value}", f"owner={self.owner}"]
        if self.doubler is not None:
            parts.append(f"doubler={self.doubler}")
        if self.beaver_pending:
            parts.append("beaver_pending=True")
        if self.automatic_doubles:
            parts.append(f"automatic_doubles={self.automatic_doubles}")
        return f"Cube({', '.join(parts)})"
