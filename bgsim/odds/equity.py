"""Match equity and the doubling cube: what a point, a gammon and the cube are worth.

Three layers, each built on the one before:

1. **The match equity table** (MET): the chance to win a match from a score,
   ``match_equity(my_away, opp_away)``. bgsim ships the Kazaross-XG2 table
   (pre-Crawford up to 25-away and the post-Crawford column, R27/R28) as package
   data, with its original permissive notice (``bgsim/data/kazaross_xg2.met``).
2. **Money cube theory** (R24-R26): take points with a dead cube (25%), a fully
   live cube (20%, Keeler and Spencer) and everything in between through Rick
   Janowski's cube-efficiency ("cube life") ``x``; the conversion of a cubeless
   winning chance into a cubeful equity; the doubling points.
3. **Decisions**: take points at a match score from the table (risk over
   risk + gain), and :func:`janowski_decision`, which says *double / no double*,
   *take / pass* with the equities behind the verdict.

>>> match_equity(2, 1, crawford=True)       # trailing 2-away in the Crawford game
0.32264
>>> round(janowski_take_point(0.0), 4), round(janowski_take_point(1.0), 4)
(0.25, 0.2)
>>> print(janowski_decision(0.72).action)
Double, take

Conventions: a winning chance ``p`` is always cubeless and belongs to the player
the function is about (the one on roll for a cube decision). ``W`` and ``L`` are
the average cubeless values of that player's wins and losses (1 each without
gammons; a gammon counts 2 and a backgammon 3, R23). Money equities are in
units of the current cube value times the stake unless a docstring says
otherwise; match results are match-winning chances (MWC) in [0, 1].
"""

from __future__ import annotations

import itertools
import numbers
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any

from ..engine.errors import MatchEquityError, RuleViolationError
from ..engine.i18n import N_, _, fmt_number, fmt_percent
from .results import ResultDisplay, TextTable, jsonable

__all__ = [
    "DEFAULT_CUBE_LIFE",
    "MET_MAX_AWAY",
    "CubeDecision",
    "CubePoints",
    "GammonRates",
    "MatchEquityError",
    "MatchEquityTable",
    "cubeful_equity",
    "cubeless_equity",
    "dead_cube_take_point",
    "janowski_decision",
    "janowski_points",
    "janowski_take_point",
    "live_cube_take_point",
    "match_away",
    "match_cubeful_mwc",
    "match_equity",
    "match_equity_table",
    "match_take_point",
]

#: Longest match the shipped table covers (points away).
MET_MAX_AWAY = 25

#: Janowski's cube life ``x`` used when none is given: a middle-game value.
#: Typical values are 0.55 to 0.8 (bkgm.com glossary, "Janowski's formulas");
#: long races are nearer the top of that range, closed-out positions nearer the bottom.
DEFAULT_CUBE_LIFE = 0.68

_MET_FILE = "kazaross_xg2.met"


# --------------------------------------------------------------------------- the table
@dataclass(frozen=True)
class MatchEquityTable(ResultDisplay):
    """A match equity table: ``pre_crawford[i-1][j-1]`` is the chance that the player
    ``i``-away wins against a player ``j``-away; a 1-away row or column is the Crawford
    game (R28). ``post_crawford[j-1]`` is the chance that the trailer ``j``-away wins
    against the leader 1-away after the Crawford game.

    Parameters
    ----------
    name : str
        The table's name.
    length : int
        The longest match it covers (points away).
    pre_crawford : tuple of tuples of float
        ``pre_crawford[i-1][j-1]``: the chance of the player ``i``-away against ``j``-away.
    post_crawford : tuple of float
        ``post_crawford[j-1]``: the trailer ``j``-away against the leader 1-away.
    notice : str
        The table's licence notice.

    >>> t = match_equity_table()
    >>> t.name, t.length, t.pre_crawford[0][0], t.post_crawford[1]
    ('Kazaross XG2 25 point MET', 25, 0.5, 0.48803)
    """

    name: str
    length: int
    pre_crawford: tuple[tuple[float, ...], ...]
    post_crawford: tuple[float, ...]
    notice: str = field(repr=False, default="")

    def _table(self) -> TextTable:
        n = min(self.length, 9)
        cols = range(1, n + 1)
        return TextTable(
            title=(f"{self.name} (row: my points away, column: opponent's; 1-away = Crawford game)",),
            header=("away", *(str(j) for j in cols)),
            rows=tuple((str(i), *(f"{self.pre_crawford[i - 1][j - 1]:.3f}" for j in cols)) for i in cols),
            notes=("post-Crawford, trailer j-away vs 1-away: "
                   + " ".join(f"{self.post_crawford[j-1]:.3f}" for j in range(2, n + 1)),),
            align=">" * (n + 1), widths=(4, 8) + (7,) * (n - 1), sep="")


def _parse_met(text: str) -> MatchEquityTable:
    notice_lines: list[str] = []
    section = None
    pre: list[tuple[float, ...]] = []
    post: list[tuple[float, ...]] = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line.startswith("#"):
            notice_lines.append(raw[1:].rstrip())
            continue
        if not line:
            continue
        if line in ("[pre-crawford]", "[post-crawford]"):
            section = line
            continue
        try:
            row = tuple(float(v) for v in line.split())
        except ValueError:
            raise MatchEquityError(_("{met_file}, line {n}: not a row of numbers: {value}").format(
                                       met_file=_MET_FILE, n=n, value=repr(line[:40]))) from None
        if section == "[pre-crawford]":
            pre.append(row)
        elif section == "[post-crawford]":
            post.append(row)
        else:
            raise MatchEquityError(_("{met_file}, line {n}: numbers before a [section] header").format(
                                       met_file=_MET_FILE, n=n))
    length = len(pre)
    if length == 0 or any(len(r) != length for r in pre) or len(post) != 1 or len(post[0]) != length:
        raise MatchEquityError(_("{met_file}: expected a square pre-Crawford table and one post-Crawford row").format(
                                   met_file=_MET_FILE))
    return MatchEquityTable("Kazaross XG2 25 point MET", length, tuple(pre), post[0], "\n".join(notice_lines))


@lru_cache(maxsize=1)
def match_equity_table() -> MatchEquityTable:
    """The shipped Kazaross-XG2 table, read from package data on first use and kept.

    Its numbers come from the file ``met/Kazaross-XG2.xml`` distributed with GNU
    Backgammon (XG rollouts to 9 points, GNUBG rollouts to 15, extended to 25 by
    Neil Kazaross, 2011); the file's permissive notice travels with it in
    ``bgsim/data/kazaross_xg2.met`` and in :attr:`MatchEquityTable.notice`.

    >>> "permission notice are preserved" in match_equity_table().notice
    True
    """
    text = resources.files("bgsim.data").joinpath(_MET_FILE).read_text(encoding="utf-8")
    return _parse_met(text)


def _check_away(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise MatchEquityError(_("{name} must be a whole number of points away, not {value}").format(
                                   name=name, value=repr(value)))
    value = int(value)
    if not 1 <= value <= MET_MAX_AWAY:
        raise MatchEquityError(
            _("{name} = {value}: the table covers 1 to {met_max_away} points away (R27)").format(
                name=name, value=value, met_max_away=MET_MAX_AWAY))
    return value


def match_equity(my_away: int, opp_away: int, *, crawford: bool = False, post_crawford: bool = False) -> float:
    """The chance that the player ``my_away`` points away wins the match (Kazaross-XG2 table).

    Scores are counted as points still needed ("away"), R27. With one player
    1-away, the rules tell two games apart (R28): the **Crawford game**, the first
    game after the leader reached 1-away, played without the cube, and the
    **post-Crawford** games after it, where the trailer doubles at once. A score
    with a 1-away player that says neither is read as *just reached*, so the
    next game is the Crawford game (that is also what the table's 1-away rows
    hold). 1-away against 1-away is always 0.5 (double match point).

    Values are symmetric: ``match_equity(a, b) + match_equity(b, a) == 1`` (to the
    table's 5-6 decimals).

    >>> match_equity(1, 1)
    0.5
    >>> match_equity(2, 1, crawford=True), match_equity(1, 2, crawford=True)
    (0.32264, 0.67736)
    >>> match_equity(2, 1, post_crawford=True)   # the leader's free drop costs the trailer a little
    0.48803
    >>> match_equity(5, 7)
    0.62638
    >>> match_equity(0, 3)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.MatchEquityError: my_away = 0: the table covers 1 to 25 points away (R27)
    """
    a = _check_away(my_away, "my_away")
    b = _check_away(opp_away, "opp_away")
    if crawford and post_crawford:
        raise MatchEquityError(_("a game is either the Crawford game or post-Crawford, not both (R28)"))
    if crawford and (a == 1) == (b == 1):
        raise MatchEquityError(
            _("{a}-away vs {b}-away cannot be the Crawford game: exactly one player is 1-away in it (R28)").format(
                a=a, b=b))
    if post_crawford and a != 1 and b != 1:
        raise MatchEquityError(
            _("{a}-away vs {b}-away cannot be post-Crawford: a player must be 1-away (R28)").format(a=a, b=b))
    return _mwc(a, b, post_crawford)


def _mwc(my_away: int, opp_away: int, post_crawford: bool) -> float:
    """MWC with scores already checked; <= 0 away means the match is over."""
    if my_away <= 0:
        return 1.0
    if opp_away <= 0:
        return 0.0
    t = match_equity_table()
    if post_crawford and (my_away == 1 or opp_away == 1):
        if my_away == 1 and opp_away == 1:
            return 0.5
        if my_away == 1:
            return 1.0 - t.post_crawford[opp_away - 1]
        return t.post_crawford[my_away - 1]
    return t.pre_crawford[my_away - 1][opp_away - 1]


# --------------------------------------------------------------------------- money theory
@dataclass(frozen=True)
class GammonRates:
    """How often the games of one player end as gammons or backgammons (R23).

    ``win`` is the share of that player's *wins* that are gammons (backgammons
    included), ``lose`` the share of their *losses* that are; the backgammon shares
    are parts of those. ``W`` and ``L`` are then the average cubeless values of a
    win and of a loss: ``W = 1 + win + win_backgammon`` (a single game counts 1, a
    gammon 2, a backgammon 3).

    >>> g = GammonRates(win=0.25, lose=0.10)
    >>> g.W, g.L
    (1.25, 1.1)
    >>> GammonRates(win=0.2, win_backgammon=0.3)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.MatchEquityError: win_backgammon = 0.3 cannot exceed win = 0.2 (backgammons are part of the
    gammons)
    """

    win: float = 0.0
    lose: float = 0.0
    win_backgammon: float = 0.0
    lose_backgammon: float = 0.0

    def __post_init__(self) -> None:
        for name in ("win", "lose", "win_backgammon", "lose_backgammon"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, numbers.Real) or not 0.0 <= float(v) <= 1.0:
                raise MatchEquityError(_("gammon rate {name} = {v} must be a share between 0 and 1").format(
                                           name=name, v=repr(v)))
        for bg, g in (("win_backgammon", "win"), ("lose_backgammon", "lose")):
            if getattr(self, bg) > getattr(self, g):
                raise MatchEquityError(
                    _("{bg} = {getattr} cannot exceed {g} = {getattr2} (backgammons are part of the gammons)").format(
                        bg=bg, getattr=getattr(self, bg), g=g, getattr2=getattr(self, g)))

    @property
    def W(self) -> float:
        """Average cubeless value of a win."""
        return 1.0 + self.win + self.win_backgammon

    @property
    def L(self) -> float:
        """Average cubeless value of a loss (a positive number)."""
        return 1.0 + self.lose + self.lose_backgammon

    def swapped(self) -> GammonRates:
        """The same rates seen by the other player.

        >>> GammonRates(0.3, 0.1).swapped()
        GammonRates(win=0.1, lose=0.3, win_backgammon=0.0, lose_backgammon=0.0)
        """
        return GammonRates(self.lose, self.win, self.lose_backgammon, self.win_backgammon)


GammonLike = GammonRates | Sequence[float] | None


def _rates(g: GammonLike) -> GammonRates:
    if g is None:
        return GammonRates()
    if isinstance(g, GammonRates):
        return g
    try:
        values = tuple(g)
    except TypeError:
        raise MatchEquityError(_("gammon rates must be GammonRates or a tuple (win, lose[, win_bg, lose_bg]), not "
                                 "{g}").format(g=repr(g))) from None
    if len(values) not in (2, 4):
        raise MatchEquityError(_("gammon rates need 2 or 4 numbers (win, lose[, win_bg, lose_bg]), got {len}").format(
                                   len=len(values)))
    return GammonRates(*values)


def _check_p(p, name: str = "p_win") -> float:
    if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0.0 <= float(p) <= 1.0:
        raise MatchEquityError(_("{name} = {p} must be a probability between 0 and 1").format(name=name, p=repr(p)))
    return float(p)


def _check_wl(W, L) -> tuple[float, float]:
    for name, v in (("W", W), ("L", L)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not 1.0 <= float(v) <= 3.0:
            raise MatchEquityError(
                _("{name} = {v}: the average value of a win or loss lies between 1 (no gammons) and 3 (R23)").format(
                    name=name, v=repr(v)))
    return float(W), float(L)


def _check_x(x) -> float:
    if isinstance(x, bool) or not isinstance(x, numbers.Real) or not 0.0 <= float(x) <= 1.0:
        raise MatchEquityError(_("cube life x = {x} must lie between 0 (dead cube) and 1 (fully live)").format(
                                   x=repr(x)))
    return float(x)


def cubeless_equity(p: float, W: float = 1.0, L: float = 1.0) -> float:
    """Cubeless money equity per unit stake: ``p*W - (1-p)*L``.

    >>> cubeless_equity(0.5), round(cubeless_equity(0.7, W=1.2, L=1.1), 4)
    (0.0, 0.51)
    """
    p = _check_p(p, "p")
    W, L = _check_wl(W, L)
    return p * W - (1.0 - p) * L


def dead_cube_take_point(W: float = 1.0, L: float = 1.0) -> float:
    """Take point with a dead cube (the taker can never redouble): ``(L - 1/2) / (W + L)``.

    Taking risks losing ``L`` instead of 1 on the doubled cube; passing costs 1/2 of
    the new cube. Without gammons this is the classical 25%: a take loses 2 three
    times in four and wins 2 once, exactly what a pass costs.

    >>> dead_cube_take_point()
    0.25
    >>> round(dead_cube_take_point(W=1.0, L=1.3), 4)   # the taker gets gammoned more often
    0.3478
    """
    W, L = _check_wl(W, L)
    return (L - 0.5) / (W + L)


def live_cube_take_point(W: float = 1.0, L: float = 1.0) -> float:
    """Take point with a fully live cube: ``(L - 1/2) / (W + L + 1/2)``.

    The taker owns the cube and redoubles exactly at the doubler's take point, so
    the games they would win by recubing are worth more. Without gammons: 20%
    (E. Keeler and J. Spencer, "Optimal Doubling in Backgammon", Operations
    Research 23, 1975; the general form is Janowski's x = 1 case).

    >>> live_cube_take_point()
    0.2
    """
    W, L = _check_wl(W, L)
    return (L - 0.5) / (W + L + 0.5)


def janowski_take_point(x: float, W: float = 1.0, L: float = 1.0) -> float:
    """Janowski's take point for cube life ``x``: ``(L - 1/2) / (W + L + x/2)``.

    Rick Janowski, "Take-Points in Money Games" (1993): the cubeful equity is the
    mix ``x * live + (1 - x) * dead`` of the fully live and the dead-cube equities,
    so the take point moves from the dead 25% (x = 0) to the live 20% (x = 1)
    without gammons. ``x`` measures how efficiently the cube can be used later
    (typically 0.55-0.8).

    >>> janowski_take_point(0), janowski_take_point(1)
    (0.25, 0.2)
    >>> round(janowski_take_point(0.68, W=1.25, L=1.1), 4)    # 0.6 / 2.69
    0.223
    """
    x = _check_x(x)
    W, L = _check_wl(W, L)
    return (L - 0.5) / (W + L + 0.5 * x)


# The fully live model (Keeler-Spencer, in Janowski's general form): cubeful equity is
# piecewise linear in p between the points where someone cashes. Per unit of the
# current cube, with TPl / CPl the live take and cash points of the player:
#   their cash region (p < TPl):   (0, -L) -> (TPl, -1)     (they play on for gammons)
#   window, centred cube:          (TPl, -1) -> (CPl, +1)
#   I own the cube (p < CPl):      (0, -L) -> (CPl, +1)
#   they own the cube (p > TPl):   (TPl, -1) -> (1, W)
#   my cash region (p > CPl):      (CPl, +1) -> (1, W)      (I play on for gammons)
def _live_equity(p: float, W: float, L: float, owner: str) -> float:
    tp = (L - 0.5) / (W + L + 0.5)
    cp = (L + 1.0) / (W + L + 0.5)
    if owner in ("centered", "opponent") and p <= tp:
        return -L + p * (L - 1.0) / tp
    if owner in ("centered", "me") and p >= cp:
        return 1.0 + (p - cp) * (W - 1.0) / (1.0 - cp)
    if owner == "centered":
        return -1.0 + 2.0 * (p - tp) / (cp - tp)
    if owner == "me":
        return -L + p * (L + 1.0) / cp
    return -1.0 + (p - tp) * (W + 1.0) / (1.0 - tp)


_OWNERS = ("centered", "me", "opponent")


def _check_owner(owner: str) -> str:
    if owner not in _OWNERS:
        raise MatchEquityError(_("cube owner must be one of {owners}, not {owner} (R24-R26)").format(
                                   owners=_OWNERS, owner=repr(owner)))
    return owner


def cubeful_equity(p: float, *, cube_life: float = DEFAULT_CUBE_LIFE, W: float = 1.0, L: float = 1.0,
                   owner: str = "centered") -> float:
    """Janowski's cubeless -> cubeful conversion, per unit of the current cube value.

    ``E = x * E_live + (1 - x) * E_dead`` (Rick Janowski, "Take-Points in Money
    Games", 1993): ``E_dead = p*W - (1-p)*L`` is the cubeless equity, ``E_live`` the
    equity when every later double comes exactly at the market edge (piecewise
    linear in ``p``, see the comment above this function in the source). ``owner``
    is who holds the cube: ``"centered"`` (R24), ``"me"`` or ``"opponent"`` (after a
    take, R26).

    Parameters
    ----------
    p : float
        The cubeless winning chance of the player the equity is for, 0 to 1.
    cube_life : float, default DEFAULT_CUBE_LIFE (0.68)
        Janowski's ``x``: 0 a dead cube, 1 a fully live one.
    W, L : float, default 1.0
        Average cubeless values of that player's wins and losses, 1 to 3 (R23).
    owner : {"centered", "me", "opponent"}, default "centered"
        Who holds the cube.

    Returns
    -------
    float
        The cubeful money equity per unit of the current cube value.

    Raises
    ------
    MatchEquityError
        ``p`` or ``cube_life`` outside 0..1, ``W`` or ``L`` outside 1..3, NaN or not a
        number, or an unknown ``owner``.

    >>> abs(cubeful_equity(0.5, owner="centered")) < 1e-12     # an even game with the cube in the middle
    True
    >>> round(cubeful_equity(0.5, owner="me"), 4), round(cubeful_equity(0.5, owner="opponent"), 4)
    (0.17, -0.17)
    >>> round(cubeful_equity(0.7, cube_life=0.0), 4) == round(cubeless_equity(0.7), 4)
    True
    """
    p = _check_p(p, "p")
    x = _check_x(cube_life)
    W, L = _check_wl(W, L)
    _check_owner(owner)
    return x * _live_equity(p, W, L, owner) + (1.0 - x) * (p * W - (1.0 - p) * L)


@dataclass(frozen=True)
class CubePoints(ResultDisplay):
    """Janowski's doubling window for one cube life ``x`` and gammon values ``W``, ``L``.

    All points are the doubler's cubeless winning chance, except ``take_point``,
    which is the taker's minimum winning chance. Made by :func:`janowski_points`.

    Parameters
    ----------
    x, W, L : float
        The cube life and the average values of a win and a loss.
    take_point, cash_point, initial_double_point, redouble_point : float
        The doubling window's edges.
    too_good_point, too_good_redouble_point : float
        Where playing on beats cashing, with the cube centred or owned.

    >>> print(janowski_points(1.0))
    Janowski cube points, x = 1.00, W = 1.00, L = 1.00
      take point (taker needs)     20.0%
      initial double (centred)     80.0%
      redouble (cube owned)        80.0%
      cash point (taker passes)    80.0%
      too good (centred / owned)   80.0% / 80.0%
    """

    x: float
    W: float
    L: float
    take_point: float
    cash_point: float
    initial_double_point: float
    redouble_point: float
    too_good_point: float
    too_good_redouble_point: float

    def _table(self) -> TextTable:
        return TextTable(
            title=(_("Janowski cube points, x = {x}, W = {W}, L = {L}").format(
                x=fmt_number(self.x, 2), W=fmt_number(self.W, 2), L=fmt_number(self.L, 2)),),
            rows=((_("take point (taker needs)"), fmt_percent(self.take_point, 1)),
                  (_("initial double (centred)"), fmt_percent(self.initial_double_point, 1)),
                  (_("redouble (cube owned)"), fmt_percent(self.redouble_point, 1)),
                  (_("cash point (taker passes)"), fmt_percent(self.cash_point, 1)),
                  (_("too good (centred / owned)"),
                   f"{fmt_percent(self.too_good_point, 1)} / {fmt_percent(self.too_good_redouble_point, 1)}")),
            widths=(27,), indent=2)


def _too_good(x: float, W: float, L: float, owner: str, start: float) -> float:
    """Smallest p >= start where no double is worth at least the cash (+1); 1.0 if never before the end."""
    def nd(q: float) -> float:
        return x * _live_equity(q, W, L, owner) + (1.0 - x) * (q * W - (1.0 - q) * L) - 1.0

    if nd(start) >= -1e-12:
        return start
    if nd(1.0) < 1e-12:
        return 1.0
    lo, hi = start, 1.0            # nd is increasing and piecewise linear: bisection is exact enough
    for _i in range(100):
        mid = 0.5 * (lo + hi)
        if nd(mid) >= 0.0:
            hi = mid
        else:
            lo = mid
    return hi


def janowski_points(cube_life: float = DEFAULT_CUBE_LIFE, W: float = 1.0, L: float = 1.0) -> CubePoints:
    """The doubling window in Janowski's model, as functions of ``x``, ``W`` and ``L``.

    Rick Janowski, "Take-Points in Money Games" (1993), general model; derived here
    from ``E = x * E_live + (1 - x) * E_dead`` (see :func:`cubeful_equity`):

    - take point ``TP = (W - 1/2) / (W + L + x/2)`` (the taker's chance: the taker's
      losses are worth the doubler's ``W``, so this is :func:`janowski_take_point` with
      the sides' values exchanged, and ``TP = 1 - CP``);
    - cash point ``CP = (L + 1/2 + x/2) / (W + L + x/2)`` = 1 - the opponent's TP;
    - redouble point ``RP = (L + x) / (W + L + x/2)``: where doubling the owned cube
      (their new equity halves the worth of my ownership) equals keeping it;
    - initial double point ``IDP = (L(3 - x) + 2x) / ((W + L)(3 - x) + x)``: where
      doubling the centred cube equals keeping it. Janowski's paper prints another
      form of this point (his eq. 7, which readers such as M. Maini on bug-gnubg,
      March 2009, could not rederive); this one is the straight derivation in the
      same model and gives 50% at x = 0 and 80% at x = 1 without gammons;
    - too-good points: where playing on (for a gammon) is worth the cash, with the
      cube centred or owned. They need ``W > 1`` to come before the end.

    >>> pts = janowski_points(0.0)
    >>> pts.take_point, pts.cash_point, pts.initial_double_point, pts.redouble_point
    (0.25, 0.75, 0.5, 0.5)
    >>> round(janowski_points(0.68).initial_double_point, 4), round(janowski_points(0.68).redouble_point, 4)
    (0.6917, 0.7179)
    """
    x = _check_x(cube_life)
    W, L = _check_wl(W, L)
    d = W + L + 0.5 * x
    tp = (W - 0.5) / d
    cp = (L + 0.5 + 0.5 * x) / d
    rp = (L + x) / d
    idp = (L * (3.0 - x) + 2.0 * x) / ((W + L) * (3.0 - x) + x)
    return CubePoints(x, W, L, tp, cp, idp, rp,
                      _too_good(x, W, L, "centered", cp), _too_good(x, W, L, "me", cp))


# --------------------------------------------------------------------------- match take points
def _check_cube(cube) -> int:
    if isinstance(cube, bool) or not isinstance(cube, numbers.Integral) or cube < 1 or cube & (cube - 1):
        raise MatchEquityError(_("cube = {cube}: the cube shows 1, 2, 4, 8, ... (R24, R26)").format(cube=repr(cube)))
    return int(cube)


def _outcome_mwc(my_away: int, opp_away: int, stake: int, p_win: float, g: GammonRates, post: bool) -> float:
    """Expected MWC when the game is played out for ``stake`` points a single game (dead cube)."""
    win = ((1.0 - g.win) * _mwc(my_away - stake, opp_away, post)
           + (g.win - g.win_backgammon) * _mwc(my_away - 2 * stake, opp_away, post)
           + g.win_backgammon * _mwc(my_away - 3 * stake, opp_away, post))
    lose = ((1.0 - g.lose) * _mwc(my_away, opp_away - stake, post)
            + (g.lose - g.lose_backgammon) * _mwc(my_away, opp_away - 2 * stake, post)
            + g.lose_backgammon * _mwc(my_away, opp_away - 3 * stake, post))
    return p_win * win + (1.0 - p_win) * lose


def match_take_point(my_away: int, opp_away: int, cube: int = 1, *, gammon_rates: GammonLike = None) -> float:
    """The dead-cube take point at a match score: risk / (risk + gain), from the MET.

    ``my_away`` is the player being doubled (the taker), ``opp_away`` the doubler;
    ``cube`` is the value before the double (it is turned to ``2 * cube``).
    ``gammon_rates`` are the *taker's* (``win`` = share of the taker's wins that are
    gammons, ``lose`` = share of the taker's losses that are), as a
    :class:`GammonRates` or a tuple. With

    - pass: the doubler scores ``cube`` now: ``P = ME(my, opp - cube)``;
    - take and lose: ``Lo`` = expected ME after the doubler wins ``2*cube`` (x2, x3 for
      gammons, backgammons);
    - take and win: ``Wi`` = expected ME after the taker wins ``2*cube`` (likewise),

    the taker needs ``(P - Lo) / (Wi - Lo)`` winning chances. A score where someone is
    1-away is taken as post-Crawford (no cube in the Crawford game, R28).

    Approximation: the cube is dead after the take. Where the taker can still use
    it (``2 * cube < my_away``) the recube vig makes the true take point a little
    lower; with the cube dead for the taker (``2 * cube >= my_away``) it is exact
    for the given chances.

    >>> round(match_take_point(2, 2), 4)              # 2-away/2-away: take and it is double match point
    0.3226
    >>> round(match_take_point(5, 5), 4)              # (ME(5,4) - ME(5,3)) / (ME(3,5) - ME(5,3))
    0.2387
    >>> round(match_take_point(5, 5, gammon_rates=(0.2, 0.2)), 3)   # gammons cost the taker more
    0.293
    >>> match_take_point(1, 2)                         # post-Crawford: the trailer doubles the leader
    0.5
    """
    a = _check_away(my_away, "my_away")
    b = _check_away(opp_away, "opp_away")
    c = _check_cube(cube)
    g = _rates(gammon_rates)
    post = a == 1 or b == 1
    pass_ = _mwc(a, b - c, post)
    win = _outcome_mwc(a, b, 2 * c, 1.0, g, post)
    lose = _outcome_mwc(a, b, 2 * c, 0.0, g, post)
    if win - lose <= 0.0:
        raise MatchEquityError(_("at {a}-away vs {b}-away the doubled game decides nothing; no take point").format(
                                   a=a, b=b))
    return max(0.0, min(1.0, (pass_ - lose) / (win - lose)))


# --------------------------------------------------------------------------- the live match cube
# Janowski's interpolation carried into match-winning-chance (MWC) space. Between the dead cube
# (the game played out for the cube it shows) and the fully live cube (the chances move
# smoothly, every double comes exactly at the market edge and is taken at the take point), the
# cubeful MWC is x * live + (1 - x) * dead. The fully live MWC of the player the question is
# about is piecewise linear in that player's cubeless winning chance p: it runs from the MWC of
# a loss (p = 0) to that of a win (p = 1) at the cube's value, with a corner at each point where
# a side can still use the cube:
#   - the taker's take point of the opponent's double (from c to 2c), where playing on with the
#     cube at 2c is worth exactly the pass (the MWC after giving up c points);
#   - the doubler's cash point, where the opponent, taking at 2c, is indifferent between taking
#     and passing.
# Each point is found on the live MWC line of the doubled cube, so they come from a recursion
# that ends where the cube is dead: a side whose single win at the cube's value already wins the
# match never doubles (it owns a cube it cannot use). The value of owning the cube at a score is
# then what the table says the points are worth, not a money rule.
#
# One kind of cube is used at once, and its cube life is then 1, not x: a cube held by the
# opponent (or centred) when I am at most its value away. Any game I lose already loses me the
# match, so their double costs them nothing and they double at their next turn (waiting only
# lets my roll help me: the value of the choice I get, take or pass, is convex in the chances).
# Nothing is left to a market: my MWC is the fully live line (the better of playing on for the
# doubled cube and passing). Post-Crawford the trailer's cube against the 1-away leader is this
# cube; so is the 4-away taker's 2-cube when the doubler is 2-away. A cube I hold that way I turn
# now; the decision says so without the rule (doubling then beats the mix of live and dead).
def _used_at_once(a: int, b: int, c: int, owner: str) -> bool:
    """Whether the opponent of the player ``a`` away holds (or, centred, may take) a cube ``c`` they
    double at once: they can double (``b > c``) and any game ``a`` loses already ends the match."""
    return owner != "me" and b > c and a <= c


def _cubeful_mwc(p: float, a: int, b: int, c: int, owner: str, g: GammonRates, x: float, post: bool) -> float:
    """The cubeful MWC of the player ``a`` away: Janowski's ``x * live + (1 - x) * dead``, or the
    live line alone for a cube the opponent uses at once (see the comment above) unless ``x`` is
    0, the dead cube asked for."""
    live = _on_line(_live_corners(a, b, c, owner, g, post), p)
    if x > 0.0 and _used_at_once(a, b, c, owner):   # x = 0 asks for every cube dead (the last roll)
        return live
    return x * live + (1.0 - x) * _outcome_mwc(a, b, c, p, g, post)


def _live_corners(a: int, b: int, c: int, owner: str, g: GammonRates, post: bool) -> tuple[tuple[float, float], ...]:
    """The corners (p, MWC) of the fully live MWC line of the player ``a`` away against ``b`` away,
    cube ``c`` owned by ``owner`` ("centered", "me", "opponent"), gammon rates ``g`` (theirs)."""
    return _corners(a, b, c, owner, g.win, g.lose, g.win_backgammon, g.lose_backgammon, post)


@lru_cache(maxsize=4096)
def _corners(a: int, b: int, c: int, owner: str, gw: float, gl: float, bw: float, bl: float,
             post: bool) -> tuple[tuple[float, float], ...]:
    g = GammonRates(gw, gl, bw, bl)
    points = [(0.0, _outcome_mwc(a, b, c, 0.0, g, post))]
    if owner in ("centered", "opponent") and b > c:          # they can double me: my take point
        q = _mwc(a, b - c, post)                              # what I keep when I pass their double
        points.append((_crossing(_corners(a, b, 2 * c, "me", gw, gl, bw, bl, post), q), q))
    if owner in ("centered", "me") and a > c:                 # I can double them: my cash point
        cash = _mwc(a - c, b, post)                           # what I get when they pass
        points.append((_crossing(_corners(a, b, 2 * c, "opponent", gw, gl, bw, bl, post), cash), cash))
    points.append((1.0, _outcome_mwc(a, b, c, 1.0, g, post)))
    points.sort()
    return tuple(points)


def _on_line(corners: Sequence[tuple[float, float]], p: float) -> float:
    """The piecewise linear function through ``corners`` at ``p``."""
    for (p0, v0), (p1, v1) in itertools.pairwise(corners):
        if p <= p1:
            return v0 if p1 - p0 < 1e-12 else v0 + (v1 - v0) * (p - p0) / (p1 - p0)
    return corners[-1][1]


def _crossing(corners: Sequence[tuple[float, float]], value: float) -> float:
    """The smallest ``p`` where the rising line through ``corners`` reaches ``value`` (0 or 1 outside)."""
    if value <= corners[0][1]:
        return 0.0
    for (p0, v0), (p1, v1) in itertools.pairwise(corners):
        if value <= v1:
            return p0 if v1 - v0 < 1e-12 else p0 + (p1 - p0) * (value - v0) / (v1 - v0)
    return 1.0


def _match_take_point(a: int, b: int, c: int, g: GammonRates, x: float, post: bool, cash: float) -> float:
    """The taker's cubeful take point of a double from ``c`` to ``2c`` (the doubler ``a`` away,
    the taker ``b`` away): one minus the doubler's chance at which taking is worth the pass."""
    lo, hi = 0.0, 1.0

    def taken(q: float) -> float:
        return _cubeful_mwc(q, a, b, 2 * c, "opponent", g, x, post)

    if taken(hi) <= cash:
        return 0.0
    if taken(lo) >= cash:
        return 1.0
    for _step in range(60):         # the doubler's MWC after a take rises with their chance: bisect
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if taken(mid) < cash else (lo, mid)
    return 1.0 - 0.5 * (lo + hi)


def match_cubeful_mwc(p: float, my_away: int, opp_away: int, cube: int = 1, *, owner: str = "centered",
                      gammon_rates: GammonLike = None, cube_life: float = DEFAULT_CUBE_LIFE,
                      post_crawford: bool | None = None) -> float:
    """The cubeful match-winning chance of a player with cubeless winning chance ``p``.

    Janowski's cube life in MWC space: ``x * live + (1 - x) * dead``. The dead part plays the
    game out for the cube it shows (gammons and backgammons at their rates, R23); the live part
    assumes every later double comes at the market edge, with the take and cash points of both
    sides at this score worked out from the match equity table, double after double, until the
    cube is dead (see the comment above this function in the source). A cube the opponent
    doubles at once (they can double, and any game this player loses already ends the match,
    as the trailer's cube post-Crawford) is all live: its MWC is the live line. ``owner`` is
    ``"centered"`` (R24), ``"me"`` or ``"opponent"`` (R26); ``post_crawford`` defaults to a score
    with a 1-away player (R28).

    >>> round(match_cubeful_mwc(0.5, 5, 5), 4)          # an even game at 5-away all: even match
    0.5
    >>> own, theirs = match_cubeful_mwc(0.5, 5, 5, owner="me"), match_cubeful_mwc(0.5, 5, 5, owner="opponent")
    >>> own > 0.5 > theirs                               # owning the cube is worth something
    True
    >>> round(match_cubeful_mwc(0.7, 5, 5, cube_life=0.0), 4) == round(0.7 * match_equity(4, 5)
    ...                                                                + 0.3 * match_equity(5, 4), 4)
    True
    """
    p = _check_p(p, "p")
    a = _check_away(my_away, "my_away")
    b = _check_away(opp_away, "opp_away")
    c = _check_cube(cube)
    _check_owner(owner)
    x = _check_x(cube_life)
    g = _rates(gammon_rates)
    post = (a == 1 or b == 1) if post_crawford is None else bool(post_crawford)
    return _cubeful_mwc(p, a, b, c, owner, g, x, post)


# --------------------------------------------------------------------------- scores
def _check_length(match_length) -> int:
    if isinstance(match_length, bool) or not isinstance(match_length, numbers.Integral):
        raise MatchEquityError(_("match_length must be a whole number of points, not {match_length} (R27)").format(
                                   match_length=repr(match_length)))
    n = int(match_length)
    if not 1 <= n <= MET_MAX_AWAY:
        raise MatchEquityError(_("match_length = {n}: a match is played to 1 to {met_max_away} points here (the "
                                 "table's range, R27)").format(n=n, met_max_away=MET_MAX_AWAY))
    return n


def _pair(value, name: str, what: str) -> tuple[int, int]:
    try:
        a, b = value
    except (TypeError, ValueError):
        raise MatchEquityError(_("{name} must be two whole numbers ({what}), not {value}").format(
                                   name=name, what=what, value=repr(value))) from None
    for x in (a, b):
        if isinstance(x, bool) or not isinstance(x, numbers.Integral):
            raise MatchEquityError(_("{name} must be two whole numbers ({what}), not {value}").format(
                                       name=name, what=what, value=repr(value)))
    return int(a), int(b)


def match_away(*, match_length: int | None = None, score: tuple[int, int] | None = None,
               away: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The points each side still needs, from a match score: ``None`` for money play.

    bgsim's one convention for a match score, as gnubg and XG show it: ``score`` is the
    **points won** so far, ``(mine, theirs)``, in a match to ``match_length`` points (R27).
    The other way to say it, the points still needed, is accepted only under its own name,
    ``away=(my_away, opp_away)``. Given both, they must agree.

    >>> match_away(match_length=7, score=(2, 4))     # 2-4 in a 7-point match: 5-away vs 3-away
    (5, 3)
    >>> match_away(away=(5, 3)), match_away(match_length=7, score=(2, 4), away=(5, 3))
    ((5, 3), (5, 3))
    >>> match_away() is None                          # money play
    True
    >>> match_away(match_length=7, score=(2, 4), away=(2, 4))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.MatchEquityError: away=(2, 4) contradicts score=(2, 4) in a 7-point match, which is 5-away vs
    3-away (score is points won, away points still needed; R27)
    >>> match_away(score=(2, 4))
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.MatchEquityError: score=(2, 4) is points won and needs match_length=N; for points still needed
    give away=(my_away, opp_away) (R27)
    """
    n = None if match_length is None else _check_length(match_length)
    from_score = None
    if score is not None:
        if n is None:
            raise MatchEquityError(_("score={score} is points won and needs match_length=N; for points still "
                                     "needed give away=(my_away, opp_away) (R27)").format(score=repr(score)))
        s = _pair(score, "score", "points won: mine, theirs")
        for who, x in zip(("my", "the opponent's"), s, strict=True):
            if not 0 <= x < n:
                raise MatchEquityError(_("{who} score {x} must be from 0 to {value} in a {n}-point match (R27)").format(
                                           who=who, x=x, value=n - 1, n=n))
        from_score = (n - s[0], n - s[1])
    if away is not None:
        a = _pair(away, "away", "points still needed: mine, theirs")
        for name, x in zip(("my_away", "opp_away"), a, strict=True):
            _check_away(x, name)
            if n is not None and x > n:
                raise MatchEquityError(_("{name} = {x} is more than the match length {n} (R27)").format(
                                           name=name, x=x, n=n))
        if from_score is not None and a != from_score:
            raise MatchEquityError(_("away={a} contradicts score={score} in a {n}-point match, which is "
                                     "{from_score_0}-away vs {from_score_1}-away (score is points won, away points "
                                     "still needed; R27)").format(
                                       a=repr(a), score=repr(tuple(score)),  # type: ignore[arg-type]
                                       n=n, from_score_0=from_score[0], from_score_1=from_score[1]))
        return a
    if from_score is None and n is not None:
        raise MatchEquityError(_("match_length={n} needs the score: score=(mine, theirs), points won (0-0 at the "
                                 "start), or away=(my_away, opp_away) (R27)").format(n=n))
    return from_score


def _signed(v: float, fmt: str) -> str:
    """``v`` formatted with ``fmt`` (a signed format), never as a negative zero ("-0.000")."""
    text = format(v, fmt)
    return format(0.0, fmt) if text.lstrip("+-").strip("0.%") == "" else text


def _signed_local(v: float, digits: int, percent: bool = False) -> str:
    """``v`` signed, with ``digits`` decimals (of a percentage if ``percent``), in the language's way
    of writing numbers, never as a negative zero."""
    scale = 100 if percent else 1
    if round(v * scale, digits) == 0:
        v = 0.0
    return fmt_percent(v, digits, sign=True) if percent else fmt_number(v, digits, sign=True)


#: The cube actions as the data names them (``CubeDecision.action``); shown through the catalogue.
CUBE_ACTIONS = (N_("No double"), N_("Double, take"), N_("Double, pass"), N_("No double, take"),
                N_("Too good to double, pass"))


# --------------------------------------------------------------------------- decisions
@dataclass(frozen=True)
class CubeDecision(ResultDisplay):
    """A cube decision with the numbers behind it (from the doubler's side).

    ``no_double``, ``double_take`` and ``double_pass`` are the doubler's equities
    (money: points per unit stake, i.e. already times the cube; match: match-winning
    chances). ``take_point`` is the smallest winning chance the *taker* needs.
    ``action`` is the verdict: "No double, take", "Double, take", "Double, pass"
    or "Too good to double, pass". Made by :func:`janowski_decision` (from a chance) or
    :func:`bgsim.players.decisions.cube_decision` (from a position: the chances estimated by
    play-outs, with their interval and who played them).

    Parameters
    ----------
    p_win, gammons, cube, owner, away, cube_life
        The question, as :func:`janowski_decision` took it (``away``, the points each side still
        needs, is ``None`` for money).
    no_double, double_take, double_pass : float
        The doubler's equity after each choice.
    take_point : float
        The taker's minimum winning chance.
    double, take : bool
        The doubler's and the taker's right choices.
    action : str
        The verdict in words.
    match_length : int or None
        The match length when the score was given as points won (then :attr:`score` is known).
    p_win_interval : (float, float) or None
        When the chances were estimated: the winning chance's confidence interval.
    actions_in_interval : tuple of str
        When estimated: the verdicts at the interval's low end, the estimate and its high
        end, each once (one verdict: the interval does not change the decision).
    source : str
        When estimated: how (games, players, seed) and that the numbers depend on the players.
    estimate : Estimate or None
        When estimated: the :class:`~bgsim.sim.montecarlo.Estimate` itself (not compared).

    >>> d = janowski_decision(0.80, cube_life=0.68)
    >>> d.double, d.take, d.action
    (True, False, 'Double, pass')
    >>> janowski_decision(0.6, match_length=7, score=(2, 4)).away
    (5, 3)
    """

    p_win: float
    gammons: GammonRates
    cube: int
    owner: str
    away: tuple[int, int] | None
    cube_life: float
    no_double: float
    double_take: float
    double_pass: float
    take_point: float
    double: bool
    take: bool
    action: str
    match_length: int | None = None
    p_win_interval: tuple[float, float] | None = None
    actions_in_interval: tuple[str, ...] = ()
    source: str = ""
    estimate: object = field(default=None, repr=False, compare=False)

    @property
    def money(self) -> bool:
        """True for a money game, False at a match score."""
        return self.away is None

    @property
    def points_won(self) -> tuple[int, int] | None:
        """The match score as points won ``(doubler, taker)``, when the match length is known; else ``None``.

        >>> janowski_decision(0.6, match_length=7, score=(2, 4)).points_won
        (2, 4)
        """
        if self.away is None or self.match_length is None:
            return None
        n = self.match_length
        return (n - self.away[0], n - self.away[1])

    @property
    def score(self) -> tuple[int, int] | None:
        """Deprecated: this was the points *away*; read :attr:`away` (or :attr:`points_won` for the score)."""
        warnings.warn("CubeDecision.score is deprecated: it was the points away; read .away, or .points_won for "
                      "the score as points won", DeprecationWarning, stacklevel=2)
        return self.away

    @property
    def best(self) -> float:
        """The doubler's equity with the proper cube action on both sides."""
        return max(self.no_double, min(self.double_take, self.double_pass))

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data: the fields (the estimate, if any, by its own ``to_dict``), plus ``score`` as
        points won (``None`` unless the match length is known) and ``best``.

        >>> d = janowski_decision(0.6, match_length=7, score=(2, 4)).to_dict()
        >>> d["away"], d["score"], d["match_length"], d["action"]
        ([5, 3], [2, 4], 7, 'No double, take')
        """
        return {**super().to_dict(), "score": jsonable(self.points_won), "best": self.best}

    def _fmt(self, v: float) -> str:
        return _signed_local(v, 3) if self.money else fmt_percent(v, 2)

    def _rows(self) -> list[tuple[str, str, str]]:
        best = self.best
        rows = []
        for label, v in (("No double", self.no_double), ("Double, take", self.double_take),
                         ("Double, pass", self.double_pass)):
            diff = v - best
            rows.append((_(label), self._fmt(v), "" if abs(diff) < 5e-7 else
                         f"({_signed_local(diff, 3) if self.money else _signed_local(diff, 2, percent=True)})"))
        return rows

    def _header(self) -> tuple[str, str]:
        own = {"centered": _("centred"), "me": _("owned by the doubler"),
               "opponent": _("owned by the opponent")}[self.owner]
        if self.away is None:      # money play
            kind = _("Money game, cube {cube} {owner}, cube life x = {x} (Janowski)").format(
                cube=self.cube, owner=own, x=fmt_number(self.cube_life, 2))
        else:
            won = self.points_won
            at = (_("{n}-point match, doubler {a}, taker {b} ({x}-away vs {y}-away)").format(
                      n=self.match_length, a=won[0], b=won[1], x=self.away[0], y=self.away[1])
                  if won is not None else
                  _("Match, doubler {x}-away vs {y}-away").format(x=self.away[0], y=self.away[1]))
            kind = _("{match}, cube {cube} {owner}, cube life x = {x} (Janowski, match equity table)").format(
                match=at, cube=self.cube, owner=own, x=fmt_number(self.cube_life, 2))
        g = self.gammons
        chance = _("Winning chance {p}").format(p=fmt_percent(self.p_win, 1))
        if self.p_win_interval is not None:
            lo, hi = self.p_win_interval
            chance += f" [{fmt_number(100 * lo, 1)}, {fmt_number(100 * hi, 1)}]"
        line = _("{chance}; gammons {win} of wins, {lose} of losses").format(
            chance=chance, win=fmt_percent(g.win, 0), lose=fmt_percent(g.lose, 0))
        if g.win_backgammon or g.lose_backgammon:
            line += _("; backgammons {win} / {lose}").format(win=fmt_percent(g.win_backgammon, 0),
                                                             lose=fmt_percent(g.lose_backgammon, 0))
        return (kind, line)

    def _notes(self) -> tuple[str, ...]:
        notes = [_("Taker needs {need} and has {has}").format(need=fmt_percent(self.take_point, 1),
                                                             has=fmt_percent(1 - self.p_win, 1)),
                 _("Proper cube action: {action}").format(action=_(self.action))]
        if self.action == "Double, pass" and abs(self.no_double - self.double_pass) < 1e-9:
            notes[-1] += _(" (playing on is worth exactly the cash: cash it)")
        if self.p_win_interval is not None:
            if len(self.actions_in_interval) <= 1:
                notes.append(_("Across the winning chance's interval the action is the same"))
            else:
                notes.append(_("Across the winning chance's interval the action changes: {actions} (too close to "
                               "call: play more games)").format(
                                   actions=" / ".join(_(a) for a in self.actions_in_interval)))
        if self.source:
            notes.append(self.source)
        return tuple(notes)

    def _table(self) -> TextTable:
        return TextTable(title=self._header(), rows=tuple(self._rows()), notes=self._notes(),
                     align="<>", widths=(12, 8), indent=2)


def _verdict(nd: float, dt: float, dp: float) -> tuple[bool, bool, str]:
    """The doubler's and the taker's choices from the three equities. At an exact tie between
    playing on and the cash (no gammons to play for) the verdict is to cash: "Double, pass"."""
    take = dt <= dp + 1e-12
    answer = min(dt, dp)
    double = answer > nd + 1e-12 or (not take and abs(answer - nd) <= 1e-12)
    if double:
        return True, take, "Double, take" if take else "Double, pass"
    if take:
        return False, True, "No double, take"
    return False, False, "Too good to double, pass"


def janowski_decision(p_win: float, *, gammons: GammonLike = None, cube: int = 1, owner: str = "centered",
                  cube_life: float = DEFAULT_CUBE_LIFE, score: tuple[int, int] | None = None,
                  match_length: int | None = None, away: tuple[int, int] | None = None,
                  crawford: bool = False) -> CubeDecision:
    """Should the player on roll double, and should the opponent take?

    ``p_win`` is the player on roll's cubeless winning chance, ``gammons`` their
    :class:`GammonRates` (or a tuple ``(win, lose[, win_bg, lose_bg])``), ``cube`` the
    value before the double, ``owner`` ``"centered"`` or ``"me"`` (R25: a player may
    double only with the cube centred or their own). For a position instead of a chance,
    :func:`bgsim.players.decisions.cube_decision` estimates the chances by play-outs first.

    - **Money** (no score): Janowski's model with cube life ``cube_life``
      (see :func:`cubeful_equity`). No double = the cubeful equity now; double/take
      = twice the cube with the opponent owning it; double/pass = the cube value.
    - **Match**: ``match_length=N`` and ``score=(mine, theirs)``, the **points won** (as
      gnubg and XG show a score), or ``away=(my_away, opp_away)``, the points still needed
      (see :func:`match_away`; given both, they must agree). Equities are match-winning
      chances from the Kazaross-XG2 table with a live cube (:func:`match_cubeful_mwc`:
      Janowski's cube life ``cube_life`` in MWC space, the take and cash points of both
      sides at this score, double after double, from the table). ``cube_life=0`` is the
      dead cube (the game played out for the cube it shows). A score with a 1-away
      player is a post-Crawford game; ``crawford=True`` says it is the Crawford game,
      where the cube may not be used (R28).

    Each side picks the best for themselves: the taker passes when the pass costs
    less than the take (``double_pass <= double_take`` for the doubler), and the
    doubler doubles when the answer they get beats not doubling. When playing on is
    worth exactly the cash (a sure win without gammons) the verdict is "Double, pass".

    Parameters
    ----------
    p_win : float
        The player on roll's cubeless winning chance, 0 to 1.
    gammons : GammonRates or tuple, optional
        Their gammon rates, ``(win, lose[, win_bg, lose_bg])``; default none.
    cube : int, default 1
        The cube's value before the double (1, 2, 4, ...).
    owner : {"centered", "me"}, default "centered"
        Who holds the cube (``"opponent"`` raises: only the owner may double, R25).
    cube_life : float, default DEFAULT_CUBE_LIFE (0.68)
        Janowski's ``x``, in money play and at a match score.
    score : (int, int), optional
        The match score as points won, ``(mine, theirs)``, with ``match_length`` (R27).
        Deprecated: without ``match_length`` it is read, as it used to be, as points away
        (with a warning; give ``away=`` for that).
    match_length : int, optional
        The match length N for ``score``.
    away : (int, int), optional
        The match score as points still needed, ``(my_away, opp_away)``.
    crawford : bool, default False
        At a match score with one player 1-away: this is the Crawford game (R28).

    Returns
    -------
    CubeDecision
        The three equities, the taker's take point and the verdict.

    Raises
    ------
    MatchEquityError
        A chance, gammon rate, cube, cube life or score out of range or not a number, a
        score and ``away`` that contradict each other, an unknown owner, a centred match
        cube above 1, or ``crawford`` in money play.
    RuleViolationError
        Doubling a cube the opponent owns (R25) or in the Crawford game (R28).

    Warns
    -----
    DeprecationWarning
        ``score=`` without ``match_length`` (the old points-away reading).

    >>> print(janowski_decision(0.70))
    Money game, cube 1 centred, cube life x = 0.68 (Janowski)
    Winning chance 70.0%; gammons 0% of wins, 0% of losses
      No double       +0.581  (-0.015)
      Double, take    +0.596
      Double, pass    +1.000  (+0.404)
    Taker needs 21.4% and has 30.0%
    Proper cube action: Double, take
    >>> janowski_decision(0.60).action
    'No double, take'
    >>> janowski_decision(0.60, match_length=5, score=(3, 3)).action   # 2-away/2-away: double whenever ahead
    'Double, take'
    >>> janowski_decision(0.60, match_length=5, score=(0, 0)).action   # 5-away/5-away: keep the cube's value
    'No double, take'
    >>> janowski_decision(0.60, away=(2, 2)).action                     # the same score, as points away
    'Double, take'
    >>> janowski_decision(0.85, gammons=(0.6, 0.0)).action  # playing on for the gammon is worth more
    'Too good to double, pass'
    >>> janowski_decision(1.0).action                       # a sure single win: cash it
    'Double, pass'
    """
    if hasattr(p_win, "legal_plays") or hasattr(p_win, "position"):
        raise MatchEquityError(_("equity.janowski_decision takes a winning chance; for a position or a game use "
                                 "bgsim.cube_decision(position), which plays it out first"))
    p = _check_p(p_win)
    g = _rates(gammons)
    c = _check_cube(cube)
    _check_owner(owner)
    if owner == "opponent":
        raise RuleViolationError(_("the cube belongs to the opponent: only its owner may double (R25)"))
    x = _check_x(cube_life)
    if score is not None and match_length is None and away is not None:
        raise MatchEquityError(_("score= without match_length is the deprecated spelling of away=: give one of "
                                 "them (score=(mine, theirs) in points won needs match_length=N)"))
    if score is not None and match_length is None:
        warnings.warn("janowski_decision(score=...) without match_length reads the score as points away, as it used "
                      "to; that is deprecated: give match_length=N with score=(mine, theirs) in points won, or "
                      "away=(my_away, opp_away)", DeprecationWarning, stacklevel=2)
        score, away = None, _pair(score, "score", "points away: mine, theirs")
    pair = match_away(match_length=match_length, score=score, away=away)
    n = None if match_length is None else int(match_length)
    if pair is None:
        if crawford:
            raise MatchEquityError(_("crawford=True needs a match score (R28)"))
        W, L = g.W, g.L
        nd = c * (x * _live_equity(p, W, L, owner) + (1.0 - x) * (p * W - (1.0 - p) * L))
        dt = 2 * c * (x * _live_equity(p, W, L, "opponent") + (1.0 - x) * (p * W - (1.0 - p) * L))
        dp = float(c)
        take_point = (W - 0.5) / (W + L + 0.5 * x)      # the taker's TP: their L is my W
        double, take, action = _verdict(nd, dt, dp)
        return CubeDecision(p, g, c, owner, None, x, nd, dt, dp, take_point, double, take, action)

    a, b = pair
    if crawford:
        if (a == 1) == (b == 1):
            raise MatchEquityError(_("{a}-away vs {b}-away cannot be the Crawford game (R28)").format(a=a, b=b))
        raise RuleViolationError(_("no doubling in the Crawford game (R28)"))
    if owner == "centered" and c != 1:
        raise MatchEquityError(_("in a match a centred cube shows 1 (R24; automatic doubles, R29, are money only); "
                                 "give owner='me' for a cube already turned"))
    post = a == 1 or b == 1
    nd = _cubeful_mwc(p, a, b, c, owner, g, x, post)
    dt = _cubeful_mwc(p, a, b, 2 * c, "opponent", g, x, post)
    dp = _mwc(a - c, b, post)
    take_point = _match_take_point(a, b, c, g, x, post, dp)
    double, take, action = _verdict(nd, dt, dp)
    return CubeDecision(p, g, c, owner, (a, b), x, nd, dt, dp, take_point, double, take, action, match_length=n)
