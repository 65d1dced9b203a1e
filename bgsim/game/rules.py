"""`Rules`: every setting a game of bgsim can be played under, and how a game is scored.

One frozen :class:`Rules` value says which rules a :class:`~bgsim.game.game.Game` follows:
money or match play (R27), Crawford (R28), automatic doubles (R29), the opening roll
(R4, R4a), who starts later games of a series (R4b), the Jacoby rule (X1), beavers
(X2), the ending mode (V1), the cube limit (V2), the last-roll draw (V4), the Caucasian
hit rule (V5) and the variant (standard or hypergammon, X3).

Scoring lives here too: :func:`result_kind` judges a finished (or resigned) game as a
single game, gammon or backgammon (R23), and :meth:`Rules.points` turns the kind, the
cube and the ending mode into points (R23, R26, V1, X1).

>>> rules = Rules.money()
>>> rules.points("gammon", cube=4)            # R23: gammon = 2 x the cube
8
>>> Rules.short_backgammon(ending="mars").points("backgammon", cube=4)   # V1: Mars counts it 2
8
>>> Rules.match(7, jacoby=True)
Traceback (most recent call last):
...
bgsim.engine.errors.RuleViolationError: the Jacoby rule (X1) is a money-game option; this is a 7-point match
"""

from __future__ import annotations

import dataclasses
import enum
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.errors import RuleViolationError
from ..engine.i18n import _
from ..engine.variants import VARIANTS as _ENGINE_VARIANTS
from ..engine.variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.position import Position

__all__ = [
    "CUBE_OFF",
    "ENDING_MODES",
    "OPENING_STYLES",
    "RESIGNATION_STYLES",
    "SERIES_STARTERS",
    "VARIANTS",
    "ResultKind",
    "Rules",
    "result_kind",
]

#: V1: the points each result kind counts (single, gammon, backgammon) under each ending mode.
ENDING_MODES: dict[str, tuple[int, int, int]] = {
    "oin": (1, 1, 1),    # every loss counts one stake
    "mars": (1, 2, 2),   # gammon and backgammon both count two
    "koks": (1, 2, 3),   # the standard R23: 1, 2, 3
}

#: R4 (standard: the opening dice are the first move) and R4a (the winner rolls both dice afresh).
OPENING_STYLES = ("standard", "winner_rolls")

#: R4b: who starts game 2, 3, ... of a series.
SERIES_STARTERS = ("opening_roll", "loser", "alternate")

#: The variants by name and their checkers a side (15, or hypergammon's 3, X3); the variants
#: themselves are :data:`bgsim.engine.variants.VARIANTS`.
VARIANTS = {name: v.checkers for name, v in _ENGINE_VARIANTS.items()}

#: R30 (a player offers to resign a kind; the opponent accepts or refuses) and V3 (the kind is
#: judged from the position).
RESIGNATION_STYLES = ("offer", "judged")

#: V2: ``cube_limit=CUBE_OFF`` switches the cube off (its value can never pass 1).
CUBE_OFF = 1

_LARGEST_CUBE = 2 ** 15   # what gnubg's Match ID can hold; far above any real game


class ResultKind(enum.IntEnum):
    """How big a win is (R23): its value is the multiplier under the standard ending mode (Koks, V1).

    :meth:`of` reads the usual names, the game site's names (V1) and the numbers 1-3.

    >>> ResultKind.of("gammon"), ResultKind.of("koks"), ResultKind.of(1)
    (<ResultKind.GAMMON: 2>, <ResultKind.BACKGAMMON: 3>, <ResultKind.SINGLE: 1>)
    >>> str(ResultKind.BACKGAMMON)
    'backgammon'
    """

    SINGLE = 1
    GAMMON = 2
    BACKGAMMON = 3

    @classmethod
    def of(cls, value: ResultKind | str | int) -> ResultKind:
        """The kind named by ``value``: a ResultKind, 1-3, or a name.

        Names: ``single`` (also ``single game``, ``oin``), ``gammon`` (``mars``),
        ``backgammon`` (``koks``) -- Oin, Mars and Koks are the game site's words (V1).

        >>> ResultKind.of("Mars")
        <ResultKind.GAMMON: 2>
        >>> ResultKind.of("triple")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: unknown result kind 'triple': single, gammon or backgammon (R23)
        """
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            key = value.strip().lower().replace("_", " ")
            found = _KIND_NAMES.get(key)
            if found is not None:
                return found
        elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 3:
            return cls(value)
        raise RuleViolationError(f"unknown result kind {value!r}: single, gammon or backgammon (R23)")

    def __str__(self) -> str:
        return self.name.lower()


_KIND_NAMES = {
    "single": ResultKind.SINGLE, "single game": ResultKind.SINGLE, "oin": ResultKind.SINGLE,
    "gammon": ResultKind.GAMMON, "mars": ResultKind.GAMMON,
    "backgammon": ResultKind.BACKGAMMON, "koks": ResultKind.BACKGAMMON,
}


def result_kind(position: Position, loser: int) -> ResultKind:
    """Judge how much ``loser`` (player 0 or 1) loses in ``position`` (R23, also for a resignation, V3).

    Single game: the loser has borne off at least one checker. Gammon: none off.
    Backgammon: none off and a checker still on the bar or in the winner's home board
    (the loser's own points 19-24).

    >>> from bgsim import Position
    >>> pos = Position.from_counts({0: 15}, {25: 1, 12: 14}, turn=0)   # player 1 on the bar, nothing off
    >>> result_kind(pos, loser=1)
    <ResultKind.BACKGAMMON: 3>
    >>> result_kind(Position.from_counts({0: 15}, {0: 1, 6: 14}), loser=1)
    <ResultKind.SINGLE: 1>
    """
    if loser not in (0, 1) or isinstance(loser, bool):
        raise RuleViolationError(f"loser must be player 0 or 1, not {loser!r}")
    counts = position.mine if position.turn == loser else position.theirs
    if counts[0] > 0:
        return ResultKind.SINGLE
    if any(counts[19:26]):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_power_of_two(x: int) -> bool:
    return x >= 1 and x & (x - 1) == 0


@dataclass(frozen=True)
class Rules:
    """The settings of a game (or a match, or a money session): frozen, validated, documented.

    Parameters
    ----------
    match_length : int, default 0
        0 = money play; N >= 1 = a match to N points (R27).
    crawford : bool or None, default None
        The Crawford rule (R28), match play only. ``None`` (the default) means "on in a
        match, off for money"; ``True`` for money play is refused.
    automatic_doubles : int, default 0
        Automatic doubles (R29), money play only: how many times at most a tie on the
        opening roll doubles the centred cube. 0 = off. They also stop at the cube limit.
    carry_over : bool, default False
        The game site's house rule for automatic doubles (R29), money play only: once a game
        has used its automatic doubles, each further tie on its opening roll carries one
        doubling over to the next game of the session, which starts with the cube at 2, 4,
        ... in the middle (up to the cube limit). Needs ``automatic_doubles >= 1``.
    opening : str, default "standard"
        ``"standard"`` (R4: the opening dice are the first player's first move) or
        ``"winner_rolls"`` (R4a: the winner of the opening roll rolls both dice afresh).
    series_starter : str, default "opening_roll"
        Who starts game 2, 3, ... of a series (R4b): ``"opening_roll"``, ``"loser"`` (of
        the previous game) or ``"alternate"``; see :meth:`next_starter`. Used by matches
        and sessions; a single :class:`~bgsim.game.game.Game` takes its starter as an argument.
    jacoby : bool, default False
        The Jacoby rule (X1), money only: gammons and backgammons count as single games
        unless a double has been offered and taken in the game (automatic doubles do not
        count: the cube is still centred).
    beavers : bool, default False
        Beavers (X2), money only: the doubled player may redouble at once, keeping the cube.
    ending : str, default "koks"
        The ending mode (V1): ``"oin"`` (1/1/1), ``"mars"`` (1/2/2) or ``"koks"`` (1/2/3,
        the standard R23).
    cube_limit : int or None, default None
        The cube limit (V2): ``None`` = unlimited, ``1`` (:data:`CUBE_OFF`) = no cube,
        else the highest value the cube may reach, a power of two (the game site offers
        2, 4, 8, 16, 32, 64).
    last_roll_draw : bool, default False
        The last-roll draw (V4).
    caucasian : bool, default False
        The Caucasian hit rule (V5), a step rule of the engine's variant (:attr:`engine_variant`).
    variant : str, default "standard"
        The name of a variant of :mod:`bgsim.engine.variants`: ``"standard"`` (15 checkers,
        R3) or ``"hypergammon"`` (3 checkers, X3).
    resignation : str, default "offer"
        ``"offer"`` (R30, the default: a player offers to resign a single game, a gammon or
        a backgammon, and the opponent accepts or refuses) or ``"judged"`` (V3, the game
        site's rule: a resignation is valued from the position; no offers).
    jacoby_resignations : bool, default True
        With the Jacoby rule (X1): whether it also applies to an accepted resignation
        offer (R30). True by default (a resigned gammon counts single while the cube is
        centred); gnubg scores resignations without it (``False``), and ``read_mat`` reads
        gnubg's money sessions that way. Without the Jacoby rule it is always True.

    Raises
    ------
    RuleViolationError
        A setting out of range or settings that contradict each other (the Crawford rule or
        Jacoby in the wrong kind of play, a cube limit that is not a cube value ...).

    Build one with a preset (:meth:`money`, :meth:`match`, :meth:`short_backgammon`,
    :meth:`hypergammon`), or by keywords; change one with :meth:`replace`.

    >>> Rules().describe()
    'money play; ending Koks (1/2/3); cube unlimited; standard opening (R4); later games: opening roll'
    >>> Rules(match_length=5).crawford
    True
    >>> Rules(cube_limit=48)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.RuleViolationError: cube_limit 48 is not a cube value: use None (unlimited), 1 (cube off)
    or a power of two such as 2, 4, ... 64 (V2)
    """

    match_length: int = 0
    crawford: bool | None = None
    automatic_doubles: int = 0
    opening: str = "standard"
    series_starter: str = "opening_roll"
    jacoby: bool = False
    beavers: bool = False
    ending: str = "koks"
    cube_limit: int | None = None
    last_roll_draw: bool = False
    caucasian: bool = False
    variant: str = "standard"
    resignation: str = "offer"
    carry_over: bool = False
    jacoby_resignations: bool = True

    # ----------------------------------------------------------------- validation
    def __post_init__(self) -> None:
        def fail(message: str) -> None:
            raise RuleViolationError(message)

        n = self.match_length
        if not _is_int(n) or n < 0:
            fail(f"match_length must be 0 (money play) or a number of points N >= 1, not {n!r} (R27)")
        where = "money play" if n == 0 else f"this is a {n}-point match"
        for name in ("jacoby", "beavers", "last_roll_draw", "caucasian", "carry_over", "jacoby_resignations"):
            if not isinstance(getattr(self, name), bool):
                fail(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.crawford is None:
            object.__setattr__(self, "crawford", n > 0)
        elif not isinstance(self.crawford, bool):
            fail(f"crawford must be True, False or None, not {self.crawford!r} (R28)")
        elif self.crawford and n == 0:
            fail("the Crawford rule (R28) belongs to match play; money play (match_length=0) has no Crawford game")

        limit = self.cube_limit
        if limit is not None and (not _is_int(limit) or not _is_power_of_two(limit) or limit > _LARGEST_CUBE):
            fail(f"cube_limit {limit!r} is not a cube value: use None (unlimited), 1 (cube off) "
                 "or a power of two such as 2, 4, ... 64 (V2)")

        a = self.automatic_doubles
        if not _is_int(a) or a < 0:
            fail(f"automatic_doubles is how many opening-roll ties may double the cube (0 = off), "
                 f"not {a!r} (R29)")
        if a and n:
            fail(f"automatic doubles (R29) are a money-game option; {where}")
        if a and limit == CUBE_OFF:
            fail("automatic doubles (R29) double the cube, but the cube is off (cube_limit=1, V2)")
        if not self.jacoby:
            object.__setattr__(self, "jacoby_resignations", True)   # only meaningful with X1
        if self.carry_over and not a:
            fail("carry_over (R29) carries opening-roll ties over to the next game once the automatic doubles "
                 "are used up; it needs automatic_doubles >= 1")
        if self.jacoby and n:
            fail(f"the Jacoby rule (X1) is a money-game option; {where}")
        if self.beavers and n:
            fail(f"beavers (X2) are a money-game option; {where}")
        if self.beavers and limit == CUBE_OFF:
            fail("beavers (X2) redouble the cube, but the cube is off (cube_limit=1, V2)")

        for name, allowed, rule in (("opening", OPENING_STYLES, "R4, R4a"),
                                    ("series_starter", SERIES_STARTERS, "R4b"),
                                    ("ending", tuple(ENDING_MODES), "V1"),
                                    ("variant", tuple(_ENGINE_VARIANTS), "X3"),
                                    ("resignation", RESIGNATION_STYLES, "R30, V3")):
            value = getattr(self, name)
            key = value.strip().lower() if isinstance(value, str) else value
            if key not in allowed:
                fail(f"{name} must be one of {', '.join(map(repr, allowed))}, not {value!r} ({rule})")
            object.__setattr__(self, name, key)

    # ----------------------------------------------------------------- presets
    @classmethod
    def money(cls, **changes) -> Rules:
        """Money play (R24-R26): Koks scoring (R23), unlimited cube, no optional rules unless asked.

        >>> Rules.money().is_money, Rules.money(jacoby=True, beavers=True).jacoby
        (True, True)
        """
        return cls(**{"match_length": 0, **changes})

    @classmethod
    def match(cls, length: int, **changes) -> Rules:
        """A match to ``length`` points (R27) with the Crawford rule (R28) on.

        >>> Rules.match(7).describe()
        '7-point match, Crawford rule; ending Koks (1/2/3); cube unlimited; standard opening (R4);
        later games: opening roll'
        """
        if not _is_int(length) or length < 1:
            raise RuleViolationError(f"a match is played to N >= 1 points, not {length!r} (R27)")
        return cls(**{"match_length": length, "crawford": True, **changes})

    @classmethod
    def short_backgammon(cls, **changes) -> Rules:
        """The game site's "short backgammon", with the defaults bgsim chose for it.

        The site's page (the source "Krátký backgammon pravidla" of ``docs/rules.md``) lists
        its settings but not their defaults; bgsim reads them as:

        - money play (the site plays for stakes, V6);
        - standard opening (R4: "the values of both dice from the draw are used at once");
        - later games of a series: the loser of the previous game starts (R4b: "Poraženému",
          the first of the two choices the site names; ``series_starter="alternate"`` is the other);
        - ending mode Koks, all three levels 1/2/3 (V1, the standard R23);
        - the cube on, capped at 64, the largest limit the site offers (V2);
        - last-roll draw off (V4: the site says it "can be switched on");
        - standard, not Caucasian, hitting (V5 is the other variant the site offers);
        - no automatic doubles, Jacoby or beavers (the page does not mention them);
        - resignations valued from the position (V3, ``resignation="judged"``), not offered (R30).

        >>> r = Rules.short_backgammon()
        >>> r.cube_limit, r.ending, r.series_starter, r.last_roll_draw, r.resignation
        (64, 'koks', 'loser', False, 'judged')
        >>> Rules.short_backgammon(last_roll_draw=True, caucasian=True).describe()
        'money play; ending Koks (1/2/3); cube limit 64; standard opening (R4); later games: loser starts;
        last-roll draw (V4); Caucasian hits (V5); resignations judged from the position (V3)'
        """
        base = {"match_length": 0, "ending": "koks", "cube_limit": 64, "series_starter": "loser",
                "last_roll_draw": False, "caucasian": False, "resignation": "judged"}
        return cls(**{**base, **changes})

    @classmethod
    def hypergammon(cls, **changes) -> Rules:
        """Hypergammon (X3): 3 checkers a side on 24, 23, 22; money play unless ``match_length`` is given.

        >>> Rules.hypergammon().checkers, Rules.hypergammon(match_length=3).crawford
        (3, True)
        """
        return cls(**{"variant": "hypergammon", **changes})

    def replace(self, **changes) -> Rules:
        """A copy with some settings changed (checked again).

        ``crawford`` goes back to its default (on for a match) when ``match_length``
        changes and ``crawford`` is not given.

        >>> Rules.money().replace(match_length=5).crawford
        True
        """
        if "match_length" in changes and "crawford" not in changes:
            changes["crawford"] = None
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, object]:
        """Every setting by name: JSON-safe data (ints, bools, strings, ``None``).

        >>> Rules.match(3).to_dict()["match_length"], Rules.money().to_dict()["cube_limit"]
        (3, None)
        """
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """The rules :meth:`to_dict` gave (missing settings keep their defaults; unknown ones are refused).

        >>> Rules.from_dict(Rules.hypergammon(jacoby=True).to_dict()) == Rules.hypergammon(jacoby=True)
        True
        >>> Rules.from_dict({"colour": "red"})
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: unknown rules setting(s): colour
        """
        if not isinstance(data, dict):
            raise RuleViolationError(f"rules are a dict of settings, not {data!r}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RuleViolationError(f"unknown rules setting(s): {', '.join(map(str, unknown))}")
        return cls(**data)

    # ----------------------------------------------------------------- reading
    @property
    def is_money(self) -> bool:
        """True for money play (``match_length == 0``).

        >>> Rules.money().is_money, Rules.match(3).is_money
        (True, False)
        """
        return self.match_length == 0

    @property
    def is_match(self) -> bool:
        """True for match play (R27).

        >>> Rules.match(3).is_match
        True
        """
        return self.match_length > 0

    @property
    def cube_enabled(self) -> bool:
        """False when the cube is switched off (V2).

        >>> Rules(cube_limit=CUBE_OFF).cube_enabled, Rules(cube_limit=2).cube_enabled
        (False, True)
        """
        return self.cube_limit != CUBE_OFF

    @property
    def checkers(self) -> int:
        """Checkers per side: 15 (R2), 3 in hypergammon (X3).

        >>> Rules().checkers
        15
        """
        return _ENGINE_VARIANTS[self.variant].checkers

    @property
    def engine_variant(self) -> Variant:
        """The variant the engine plays these rules by: the starting variant (:attr:`variant`)
        with the Caucasian hit rule (V5) when :attr:`caucasian` is on. The game, its legal plays
        and the play-outs all take it from here.

        >>> Rules().engine_variant.name, Rules.hypergammon(caucasian=True).engine_variant.name
        ('standard', 'hypergammon+V5')
        """
        found = _ENGINE_VARIANTS[self.variant]
        return found.with_step_rules("V5") if self.caucasian else found

    @property
    def max_multiplier(self) -> int:
        """The largest multiplier the ending mode gives (V1): 1 for Oin, 2 for Mars, 3 for Koks.

        >>> Rules(ending="mars").max_multiplier
        2
        """
        return max(ENDING_MODES[self.ending])

    def cube_allows(self, value: int) -> bool:
        """True when the cube may show ``value`` under the cube limit (V2).

        >>> Rules(cube_limit=4).cube_allows(4), Rules(cube_limit=4).cube_allows(8), Rules().cube_allows(1024)
        (True, False, True)
        """
        return self.cube_limit is None or value <= self.cube_limit

    # ----------------------------------------------------------------- scoring
    def multiplier(self, kind: ResultKind | str | int, *, cube_turned: bool = True) -> int:
        """What a result kind counts before the cube: V1's table, and X1 when the cube was never turned.

        >>> r = Rules.money(jacoby=True)
        >>> r.multiplier("gammon"), r.multiplier("gammon", cube_turned=False)
        (2, 1)
        >>> Rules(ending="oin").multiplier("backgammon")
        1
        """
        k = ResultKind.of(kind)
        if self.jacoby and not cube_turned:
            return 1  # X1: gammons and backgammons count only once the cube has been turned
        return ENDING_MODES[self.ending][k - 1]

    def points(self, kind: ResultKind | str | int, cube: int = 1, *, cube_turned: bool | None = None) -> int:
        """Points won: the kind's multiplier (R23 under the ending mode V1, X1) times the cube value.

        ``cube_turned`` says whether a double was offered and taken in the game (for the
        Jacoby rule X1); by default it is taken to be ``cube > 1``. A dropped double
        (R26) scores ``points("single", cube_before_the_offer)``.

        >>> r = Rules.money()
        >>> r.points("single"), r.points("gammon", 2), r.points("backgammon", 4)
        (1, 4, 12)
        >>> Rules(ending="mars").points("backgammon", 4)    # the site: "Mars at cube 4 gives 2 x 4"
        8
        >>> Rules.money(jacoby=True).points("backgammon", 1)   # X1: cube not turned
        1
        """
        if not _is_int(cube) or not _is_power_of_two(cube):
            raise RuleViolationError(f"a cube value is 1, 2, 4, 8, ... not {cube!r} (R24, R26)")
        if cube_turned is None:
            cube_turned = cube > 1
        return self.multiplier(kind, cube_turned=cube_turned) * cube

    def largest_loss(self, stake: int | float = 1) -> float:
        """The most one game can lose (V6): stake x cube limit x the ending mode's largest multiplier.

        ``math.inf`` when the cube is unlimited; the cube limit counts as 1 when the cube is off.

        >>> Rules.short_backgammon().largest_loss(10)
        1920
        >>> Rules.money().largest_loss()
        inf
        >>> Rules(cube_limit=4).largest_loss(-1)
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.RuleViolationError: a stake is a positive finite amount, not -1 (V6)
        """
        try:
            ok = not isinstance(stake, bool) and math.isfinite(stake) and stake > 0
        except TypeError:
            ok = False
        if not ok:
            raise RuleViolationError(f"a stake is a positive finite amount, not {stake!r} (V6)")
        if self.cube_limit is None:
            return math.inf
        return stake * self.cube_limit * self.max_multiplier

    # ----------------------------------------------------------------- series
    def next_starter(self, previous_starter: int, previous_winner: int | None) -> int | None:
        """Who starts the next game of a series (R4b); ``None`` means "decide by an opening roll" (R4).

        ``"loser"``: the loser of the previous game (after a draw, V4, nobody lost: an opening
        roll decides); ``"alternate"``: the player who did not start the previous game.

        >>> Rules(series_starter="loser").next_starter(0, previous_winner=1)
        0
        >>> Rules(series_starter="alternate").next_starter(0, previous_winner=0)
        1
        >>> Rules().next_starter(0, 1) is None
        True
        """
        for name, value in (("previous_starter", previous_starter), ("previous_winner", previous_winner)):
            if value not in (0, 1) and not (name == "previous_winner" and value is None):
                raise RuleViolationError(f"{name} must be player 0 or 1, not {value!r}")
        if self.series_starter == "loser":
            return None if previous_winner is None else 1 - previous_winner
        if self.series_starter == "alternate":
            return 1 - previous_starter
        return None

    def describe(self) -> str:
        """The settings in one line of words, for lessons and logs.

        >>> Rules.hypergammon(cube_limit=1).describe()
        'money play; hypergammon (X3); ending Koks (1/2/3); cube off; standard opening (R4); later games: opening roll'
        """
        parts = [_("money play") if self.is_money else
                 _("{n}-point match").format(n=self.match_length)
                 + (_(", Crawford rule") if self.crawford else _(", no Crawford rule"))]
        if self.engine_variant.label:
            parts.append(_(self.engine_variant.label))
        m = ENDING_MODES[self.ending]
        parts.append(_("ending {mode} ({a}/{b}/{c})").format(mode=self.ending.capitalize(), a=m[0], b=m[1], c=m[2]))
        parts.append(_("cube unlimited") if self.cube_limit is None else
                     _("cube off") if self.cube_limit == CUBE_OFF else
                     _("cube limit {limit}").format(limit=self.cube_limit))
        if self.automatic_doubles:
            parts.append(_("automatic doubles up to {n} (R29)").format(n=self.automatic_doubles)
                         + (_(", further ties carried over to the next game") if self.carry_over else ""))
        if self.jacoby:
            parts.append(_("Jacoby rule (X1)") + ("" if self.jacoby_resignations else _(", not for resignations")))
        if self.beavers:
            parts.append(_("beavers (X2)"))
        parts.append(_("standard opening (R4)") if self.opening == "standard" else _("winner rolls afresh (R4a)"))
        parts.append(_("later games: {how}").format(how={"opening_roll": _("opening roll"), "loser": _("loser starts"),
                                                          "alternate": _("players alternate")}[self.series_starter]))
        if self.last_roll_draw:
            parts.append(_("last-roll draw (V4)"))
        if self.caucasian:
            parts.append(_("Caucasian hits (V5)"))
        if self.resignation == "judged":
            parts.append(_("resignations judged from the position (V3)"))
        return "; ".join(parts)

