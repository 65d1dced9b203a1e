"""Race formulas: cube decisions in pure races from pip counts and checker distribution.

Once contact is over (:meth:`bgsim.Position.is_race`), the game is a race and a
few over-the-board formulas decide the cube well. Each function here takes a
:class:`bgsim.Position` (the side on roll against the other) and returns a
small result that shows its arithmetic and says the verdict:

- :func:`keith_count`  - Tom Keith's adjusted pip count (wastage + 1/7 for the roller);
- :func:`thorp_count`  - Edward O. Thorp's count (with the 10% rule);
- :func:`kleinman_count` - Danny Kleinman's winning chance from the pip difference and sum;
- :func:`eight_nine_twelve` - the 8-9-12 percent rule for long races.

They are money-play rules of thumb with a centred or owned cube and no gammons
(races almost never end in one); at a match score use :mod:`bgsim.odds.equity`.

>>> from bgsim import Position
>>> pos = Position.from_xgid("XGID=----BCD-CB-Ac---ab-dcb----:0:0:1:00:0:0:2:0:10")
>>> pos.pips()
(100, 111)
>>> keith_count(pos).verdict, thorp_count(pos).verdict
('Double, take', 'Double, take')
>>> round(kleinman_count(pos).winning_chance, 2)     # a rollout gives 76.8% (backginners blog, 2011)
0.77
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass
from typing import Any

from ..engine.errors import InvalidPositionError, NotARaceError, RaceError
from ..engine.i18n import N_, _, fmt_number, fmt_percent
from ..engine.position import Position
from .results import ResultDisplay, TextTable

__all__ = [
    "KeithCount",
    "KleinmanCount",
    "NotARaceError",
    "PercentRule",
    "RaceError",
    "ThorpCount",
    "eight_nine_twelve",
    "keith_count",
    "kleinman_chance_from_k",
    "kleinman_count",
    "kleinman_winning_chance",
    "thorp_count",
]


def _require_race(pos: Position, what: str) -> None:
    if not isinstance(pos, Position):
        raise InvalidPositionError(_("{what} takes a bgsim.Position, not {type}").format(
                                       what=what, type=type(pos).__name__))
    if pos.is_game_over():
        raise NotARaceError(_("{what}: the game is over (R22), there is nothing left to race for").format(what=what))
    if not pos.is_race():
        raise NotARaceError(
            _("{what} is a race formula: this position still has contact (a checker can still hit or be hit, or "
              "one is on the bar), so pip counts do not decide it. Use bgsim.odds.equity with an estimated winning "
              "chance instead.").format(what=what))


#: The verdicts as the data names them; shown through the catalogue.
VERDICTS = (N_("No double, take"), N_("Double, take"), N_("Double, pass"))


def _verdict(double: bool, redouble: bool, take: bool) -> str:
    if not double:
        return "No double, take"
    return "Double, take" if take else "Double, pass"


def _detail(double: bool, redouble: bool, take: bool) -> str:
    if not double:
        return _("No double (nor redouble); take")
    kind = _("double and redouble") if redouble else _("initial double only (no redouble)")
    return _("{kind}; take").format(kind=kind) if take else _("{kind}; pass").format(kind=kind)


class _RaceResult(ResultDisplay):
    """What every race formula's result shares: the verdict and the display, from
    ``_name`` (the title), ``_rows()`` (the arithmetic) and ``double``/``redouble``/``take``."""

    _name = ""
    double: bool
    redouble: bool
    take: bool

    @property
    def verdict(self) -> str:
        """"No double, take", "Double, take" or "Double, pass" (with the cube centred)."""
        return _verdict(self.double, self.redouble, self.take)

    def _rows(self) -> tuple[tuple[str, ...], ...]:  # pragma: no cover - every formula defines it
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data: the formula's ``name``, its fields and the ``verdict``."""
        return {"name": self._name, **super().to_dict(), "verdict": self.verdict}

    def _table(self) -> TextTable:
        return TextTable(title=(_(self._name),),
                     rows=(*self._rows(), (_detail(self.double, self.redouble, self.take),)),
                     notes=(_("Verdict: {verdict}").format(verdict=_(self.verdict)),), indent=2, sep=" ")


# --------------------------------------------------------------------------- Keith
def _keith_adjusted(counts: tuple[int, ...]) -> int:
    pips = sum(p * counts[p] for p in range(1, 26))
    return (pips
            + 2 * max(0, counts[1] - 1)      # each checker more than 1 on the one-point
            + max(0, counts[2] - 1)          # each checker more than 1 on the two-point
            + max(0, counts[3] - 3)          # each checker more than 3 on the three-point
            + sum(1 for p in (4, 5, 6) if counts[p] == 0))   # each empty space on 4, 5, 6


@dataclass(frozen=True)
class KeithCount(_RaceResult):
    """Tom Keith's count for the side on roll and the opponent.

    ``adjusted`` are the pip counts plus wastage penalties; ``counts`` adds one
    seventh (rounded down) to the roller's; ``difference`` = roller's count minus
    opponent's.

    Parameters
    ----------
    pips, adjusted, counts : (int, int)
        Roller's and opponent's pip counts, adjusted counts, and counts after the 1/7.
    difference : int
        The roller's count minus the opponent's.
    double, redouble, take : bool
        Whether the roller should double, redouble (with the cube owned), and whether
        the opponent should take (:attr:`verdict` says it in words).
    """

    pips: tuple[int, int]
    adjusted: tuple[int, int]
    counts: tuple[int, int]
    difference: int
    double: bool
    redouble: bool
    take: bool

    _name = N_("Keith count (Tom Keith)")

    def _rows(self) -> tuple[tuple[str, ...], ...]:
        (pr, po), (ar, ao), (cr, _co) = self.pips, self.adjusted, self.counts
        return ((_("on roll:"), _("{pips} pips, adjusted {adjusted}, + 1/7 = {count}").format(
                    pips=pr, adjusted=ar, count=cr)),
                (_("opponent:"), _("{pips} pips, adjusted {adjusted}").format(pips=po, adjusted=ao)),
                (_("roller's count exceeds the opponent's by {d}: double if <= 4, redouble if <= 3, take if "
                   ">= 2").format(d=self.difference),))


def keith_count(pos: Position) -> KeithCount:
    """Tom Keith's count: an adjusted pip count for race cube decisions.

    Source: Tom Keith, the Keith count (bgonline.org/keith.html; bkgm.com glossary
    "Keith Count"; compared with other methods in his article "Cube Handling in
    Noncontact Positions"). For each player take the pip count and add

    - 2 for each checker more than 1 on the one-point,
    - 1 for each checker more than 1 on the two-point,
    - 1 for each checker more than 3 on the three-point,
    - 1 for each empty space on the four, five and six points.

    Then increase the count of the player on roll by one seventh (rounded down).
    The roller should **double** if their count exceeds the opponent's by no more
    than 4, **redouble** by no more than 3; the opponent should **take** if the
    doubler's count exceeds theirs by at least 2.

    Worked example (Stick on BGonline.org, 9 December 2014): the roller has 102
    pips and a gap on the four-point (103, + 14 = 117) against 112: 5 more, so no
    double.

    >>> from bgsim import Position
    >>> k = keith_count(Position.from_xgid("XGID=-----CFACA-Aaaa-abaeba----:0:0:1:00:0:0:3:0:10"))
    >>> k.counts, k.difference, k.verdict
    ((117, 112), 5, 'No double, take')
    """
    _require_race(pos, "keith_count")
    mine, theirs = pos.mine, pos.theirs
    pr, po = pos.pips()
    ar, ao = _keith_adjusted(mine), _keith_adjusted(theirs)
    cr = ar + ar // 7
    diff = cr - ao
    return KeithCount((pr, po), (ar, ao), (cr, ao), diff, diff <= 4, diff <= 3, diff >= 2)


# --------------------------------------------------------------------------- Thorp
def _thorp_raw(counts: tuple[int, ...]) -> int:
    pips = sum(p * counts[p] for p in range(1, 26))
    on_board = sum(counts[1:26])
    home_points = sum(1 for p in range(1, 7) if counts[p] > 0)
    return pips + 2 * on_board + counts[1] - home_points


@dataclass(frozen=True)
class ThorpCount(_RaceResult):
    """Edward Thorp's count: ``leader`` (the roller, L, with the 10% rule) and ``trailer`` (T).

    ``raw`` are both counts before the 10% increase; ``margin`` = T - L (how far the
    opponent's count is behind the roller's).

    Parameters
    ----------
    pips, raw : (int, int)
        Both pip counts and both counts before the 10%.
    leader : float
        The roller's count L after the 10% rule.
    trailer : int
        The opponent's count T.
    margin : float
        T - L.
    double, redouble, take : bool
        Whether the roller should double, redouble (with the cube owned), and whether
        the opponent should take (:attr:`verdict` says it in words).
    """

    pips: tuple[int, int]
    raw: tuple[int, int]
    leader: float
    trailer: int
    margin: float
    double: bool
    redouble: bool
    take: bool

    _name = N_("Thorp count (Edward O. Thorp)")

    def _rows(self) -> tuple[tuple[str, ...], ...]:
        (pr, po), (rr, ro) = self.pips, self.raw
        bump = (f" + 10% = {fmt_number(self.leader, 0 if self.leader == int(self.leader) else 1)}"
                if self.leader != rr else _(" (30 or less: no 10%)"))
        return ((_("on roll:"), _("{pips} pips, count {count}").format(pips=pr, count=rr) + bump),
                (_("opponent:"), _("{pips} pips, count {count}").format(pips=po, count=ro)),
                (_("T - L = {margin}: double if >= -2, redouble if >= -1, take if <= +2").format(
                    margin=fmt_number(self.margin, 1, sign=True)),))


def thorp_count(pos: Position) -> ThorpCount:
    """Edward O. Thorp's count, with the 10% rule.

    Source: E. O. Thorp's count as popularised by Bill Robertie (*Advanced
    Backgammon*, vol. 2), stated by Simon Woodhead (rec.games.backgammon,
    11 September 1991, bkgm.com forum archive) and the bkgm.com glossary
    ("Thorp Count"). Each player's count is

        pip count + 2 x checkers still on the board + checkers on the one-point
        - home-board points occupied;

    the player on roll (L) then adds 10% if the count is more than 30. The roller
    should **double** if the opponent's count T is at least L - 2, **redouble** if
    T >= L - 1; the opponent should **take** if T <= L + 2. The 10% is not rounded
    here (sources differ on rounding; Chuck Bower suggests not rounding,
    rec.games.backgammon 1999).

    >>> from bgsim import Position
    >>> t = thorp_count(Position.from_xgid("XGID=----BCD-CB-Ac---ab-dcb----:0:0:1:00:0:0:2:0:10"))
    >>> t.raw, round(t.leader, 1), t.trailer, t.verdict
    ((127, 138), 139.7, 138, 'Double, take')
    >>> t.redouble
    False
    """
    _require_race(pos, "thorp_count")
    pr, po = pos.pips()
    rr, ro = _thorp_raw(pos.mine), _thorp_raw(pos.theirs)
    lead = rr * 1.1 if rr > 30 else float(rr)
    margin = ro - lead
    eps = 1e-9
    return ThorpCount((pr, po), (rr, ro), lead, ro, margin,
                      margin >= -2 - eps, margin >= -1 - eps, margin <= 2 + eps)


# --------------------------------------------------------------------------- Kleinman
def _phi(z: float) -> float:
    return 0.5 * math.erfc(-z / math.sqrt(2.0))


def kleinman_chance_from_k(k: float, *, leading: bool = True) -> float:
    """Kleinman's winning chance from his metric ``K = D^2 / S``: ``Phi(sqrt(K / 2))``.

    The normal model behind Danny Kleinman's table (rolls worth 8 pips on
    average, standard deviation about 4): the roller's lead in rolls is ``D/8``
    with variance ``S/32``, so the chance is ``Phi(D / sqrt(2 S))``. Kleinman's
    published table (via Oystein Johansen, rec.games.backgammon, 22 February
    2001): K = 0.5 -> 69%, 0.7 -> 72%, 1.0 -> 76%, 1.2 -> 78%, 1.4 -> 80%, 2.0 -> 84%.
    ``leading=False`` gives the trailer's side (1 minus it).

    >>> [round(kleinman_chance_from_k(k), 2) for k in (0.5, 0.7, 1.0, 1.2, 1.4, 2.0)]
    [0.69, 0.72, 0.76, 0.78, 0.8, 0.84]
    """
    if isinstance(k, bool) or not isinstance(k, numbers.Real) or not 0 <= k < math.inf:
        raise RaceError(_("Kleinman's K = {k} must be a finite number >= 0").format(k=repr(k)))
    w = _phi(math.sqrt(k / 2.0))
    return w if leading else 1.0 - w


def kleinman_winning_chance(my_pips: int, opp_pips: int) -> float:
    """Kleinman's winning chance for the player on roll with ``my_pips`` against ``opp_pips``.

    Danny Kleinman's count: ``D = opp - mine + 4`` (being on roll is worth about 4
    pips), ``S = opp + mine - 4``; the chance is ``Phi(D / sqrt(2 S))`` (see
    :func:`kleinman_chance_from_k`). It takes plain pip counts, so it also serves
    where no :class:`~bgsim.Position` is at hand; it means something only for a
    race without much wastage.

    Oystein Johansen's examples (rec.games.backgammon, 22 February 2001, with his
    curve fits to Kleinman's table): 100 vs 113 -> 79.7%, 100 vs 106 -> 68.8%.

    >>> round(kleinman_winning_chance(100, 113), 3), round(kleinman_winning_chance(100, 106), 3)
    (0.797, 0.691)
    >>> kleinman_winning_chance(50, 46)     # 4 pips behind, on roll: an even race
    0.5
    """
    for name, v in (("my_pips", my_pips), ("opp_pips", opp_pips)):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral) or v < 1:
            raise RaceError(_("{name} = {v} must be a pip count of at least 1").format(name=name, v=repr(v)))
    d = opp_pips - my_pips + 4
    s = opp_pips + my_pips - 4
    if s <= 0:
        raise RaceError(_("pip counts {my_pips} and {opp_pips} are too short for Kleinman's formula (S = {s})").format(
                            my_pips=my_pips, opp_pips=opp_pips, s=s))
    return _phi(d / math.sqrt(2.0 * s))


@dataclass(frozen=True)
class KleinmanCount(_RaceResult):
    """Danny Kleinman's count: ``D``, ``S``, ``K = D^2/S`` (0 when the roller is not ahead) and the chance.

    Parameters
    ----------
    pips : (int, int)
        Both pip counts.
    D, S : int
        The pip difference (plus 4 for the roll) and the sum (minus 4).
    K : float
        ``D^2 / S``, 0 when the roller is not ahead.
    winning_chance : float
        ``Phi(D / sqrt(2 S))``.
    double, redouble, take : bool
        Whether the roller should double, redouble (with the cube owned), and whether
        the opponent should take (:attr:`verdict` says it in words).
    """

    pips: tuple[int, int]
    D: int
    S: int
    K: float
    winning_chance: float
    double: bool
    redouble: bool
    take: bool

    _name = N_("Kleinman count (Danny Kleinman)")

    def _rows(self) -> tuple[tuple[str, ...], ...]:
        pr, po = self.pips
        return ((_("on roll {pr} pips, opponent {po}: D = {po} - {pr} + 4 = {d}, S = {po} + {pr} - 4 = {s}").format(
                    pr=pr, po=po, d=self.D, s=self.S),),
                (_("K = D^2 / S = {k}: double if >= {a}, redouble if >= {b}, take if <= {c}").format(
                    k=fmt_number(self.K, 3), a=fmt_number(0.5, 1), b=fmt_number(0.7, 1), c=fmt_number(1.2, 1)),),
                (_("winning chance Phi(D / sqrt(2S)) = {p}").format(p=fmt_percent(self.winning_chance, 1)),))


def kleinman_count(pos: Position) -> KleinmanCount:
    """Danny Kleinman's count: the race winning chance from the pip difference D and sum S.

    ``D = opp - mine + 4``, ``S = opp + mine - 4``, ``K = D^2 / S`` and the winning
    chance ``Phi(D / sqrt(2 S))`` (Danny Kleinman's metric, as explained by Oystein
    Johansen, rec.games.backgammon, 22 February 2001, bkgm.com forum archive
    "Cube Handling in Races"). Cube thresholds from Kleinman's table: a double from
    K = 0.5 (69%), a redouble from K = 0.7 (72%), a take up to K = 1.2 (78%,
    borderline).

    >>> from bgsim import Position
    >>> k = kleinman_count(Position.from_xgid("XGID=----BCD-CB-Ac---ab-dcb----:0:0:1:00:0:0:2:0:10"))
    >>> k.D, k.S, round(k.K, 3), k.verdict
    (15, 207, 1.087, 'Double, take')
    """
    _require_race(pos, "kleinman_count")
    pr, po = pos.pips()
    d = po - pr + 4
    s = po + pr - 4
    w = kleinman_winning_chance(pr, po)
    k = d * d / s if d > 0 else 0.0
    ahead = d > 0
    return KleinmanCount((pr, po), d, s, k, w, ahead and k >= 0.5, ahead and k >= 0.7, k <= 1.2)


# --------------------------------------------------------------------------- 8-9-12
@dataclass(frozen=True)
class PercentRule(_RaceResult):
    """The 8-9-12 rule: the roller's lead in pips and as a percentage of the roller's count.

    Parameters
    ----------
    pips : (int, int)
        Both pip counts.
    lead : int
        The opponent's pips minus the roller's.
    lead_percent : float
        The lead as a percentage of the roller's count.
    double, redouble, take : bool
        Whether the roller should double, redouble (with the cube owned), and whether
        the opponent should take (:attr:`verdict` says it in words).
    """

    pips: tuple[int, int]
    lead: int
    lead_percent: float
    double: bool
    redouble: bool
    take: bool

    _name = N_("8-9-12 rule (long races)")

    def _rows(self) -> tuple[tuple[str, ...], ...]:
        pr, po = self.pips
        return ((_("on roll {pr} pips, opponent {po}: lead {lead} = {percent} of {pr}").format(
                    pr=pr, po=po, lead=self.lead, percent=fmt_percent(self.lead_percent / 100, 1)),),
                (_("double from {a}, redouble from {b}, take up to {c}").format(
                    a=fmt_percent(0.08, 0), b=fmt_percent(0.09, 0), c=fmt_percent(0.12, 0)),))


def eight_nine_twelve(pos: Position) -> PercentRule:
    """The 8-9-12 rule for long races: lead as a percentage of the roller's pip count.

    Double with a lead of 8% or more, redouble with 9% or more; the opponent takes
    with a deficit of no more than 12% (bkgm.com glossary, "8-9-12 Doubling Rule";
    Simon Woodhead, rec.games.backgammon, 11 September 1991, as a simpler
    alternative to the Thorp count). It is a rule of thumb for long races (around
    100 pips) without wastage; in short races and bear-offs a bigger lead is needed
    and :func:`keith_count` or :func:`thorp_count` serve better.

    >>> from bgsim import Position
    >>> r = eight_nine_twelve(Position.from_xgid("XGID=----BCD-CB-Ac---ab-dcb----:0:0:1:00:0:0:2:0:10"))
    >>> r.lead, r.lead_percent, r.verdict
    (11, 11.0, 'Double, take')
    """
    _require_race(pos, "eight_nine_twelve")
    pr, po = pos.pips()
    lead = po - pr
    pct = 100.0 * lead / pr
    eps = 1e-9
    return PercentRule((pr, po), lead, pct, pct >= 8 - eps, pct >= 9 - eps, pct <= 12 + eps)
