"""The step rules in one table: what may refuse one checker's step, rule id by rule id.

A *step* is one die moving one checker (R5): from ``src`` (25 = the bar) towards ``src - die``,
which at 0 or below is a bear-off. Whether the rules allow it is decided by the checks of
:data:`STEP_CHECKS`, in their order: the first one that refuses the step says why, with its
rule id and its sentence; a step no check refuses is legal. The checks read only plain ints and
sequences (the mover's counts ``mine``, the opponent's ``theirs``, each in its own numbering,
R1), so they read the same in Python and in the compiled kernel.

Who uses the table:

- the explainer (:mod:`bgsim.engine.explain`) walks it to say why a step is refused
  (:func:`first_refusal`); the turn stepper and the play diagnosis go through the explainer;
- the compiled kernel (:mod:`bgsim.engine._kernel`: ``_step_dest`` and, for V5, its search)
  decides the same steps in machine code, in the same order, for speed. It is held to this
  table by ``tests/test_step_rules.py``: one test per rule id, over a large random sample of
  positions, dice and steps, asserts that the kernel allows exactly the steps the table allows
  and refuses the others.

Most checks are standard rules. A check with ``variant=True`` applies only when the variant in
play switches it on (:class:`bgsim.engine.variants.Variant` lists its ``step_rules``): V5, the
Caucasian hit rule, refuses a step of a checker that hit in its own home board this turn
(``hitter``) onto a point holding the mover's own checkers.

>>> start = [0] * 26
>>> start[24], start[13], start[8], start[6] = 2, 5, 3, 5
>>> first_refusal(start, start, 6, 6).rule
'R16'
>>> first_refusal(start, start, 13, 6) is None
True
>>> [check.rule for check in STEP_CHECKS]
['R5', 'R13', 'R14', 'R7', 'R16', 'R18', 'R19', 'R18', 'V5']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ._kernel import FLAG_CAUCASIAN
from .errors import Refusal
from .i18n import N_, _, ngettext
from .notation import point_name

__all__ = ["BAR", "HITTER_JOINS_TEXT", "OFF", "STEP_CHECKS", "VARIANT_STEP_RULES", "StepCheck", "StepChecks",
           "checks_for", "destination", "first_refusal", "step_rule_ids"]

BAR = 25  # R1: the bar is the mover's point 25
OFF = 0   # borne off

#: The question a check answers: does it refuse the step ``src`` by ``die`` (the raw landing
#: point ``dst = src - die``, at 0 or below a bear-off) of a checker that is (``hitter``) or is
#: not one that hit in its home board this turn?
Refuses = Callable[[Sequence[int], Sequence[int], int, int, int, bool], bool]
#: The sentence of a refused step, as a :class:`~bgsim.engine.errors.Refusal` in the current language.
Explains = Callable[[Sequence[int], Sequence[int], int, int], Refusal]


@dataclass(frozen=True)
class StepCheck:
    """One row of :data:`STEP_CHECKS`: a rule id, when it refuses a step, and what it says then.

    ``variant`` marks a check that only a variant switches on (its rule id is in the
    variant's ``step_rules``); the others always apply. ``kernel_flag`` is the compiled
    kernel's flag that switches such a check on there. ``bear_off`` marks a check that can
    refuse only a bear-off (``dst <= 0``): a step to a point skips it (the explainer's speed;
    ``tests/test_step_rules.py`` checks the mark).
    """

    rule: str
    refuses: Refuses
    refusal: Explains
    variant: bool = False
    kernel_flag: int = 0
    bear_off: bool = False


class StepChecks(tuple):
    """Checks of :data:`STEP_CHECKS` in their order (a tuple), with ``moving``: those of them that
    can refuse a step to a point (not marked ``bear_off``), the ones :func:`first_refusal` asks then.
    """

    moving: tuple[StepCheck, ...]
    _pairs: tuple[tuple[Refuses, StepCheck], ...]
    _moving_pairs: tuple[tuple[Refuses, StepCheck], ...]

    def __new__(cls, checks=()) -> StepChecks:
        self = super().__new__(cls, checks)
        self.moving = tuple(c for c in self if not c.bear_off)
        # (question, check) pairs for first_refusal's loop: one attribute lookup less per check
        self._pairs = tuple((c.refuses, c) for c in self)
        self._moving_pairs = tuple((c.refuses, c) for c in self.moving)
        return self


def destination(src: int, die: int) -> int:
    """Where a step lands: ``src - die``, or 0 (off) for a bear-off (R17, R18).

    >>> destination(13, 6), destination(3, 6)
    (7, 0)
    """
    return src - die if src > die else OFF


def _highest_above(mine: Sequence[int], src: int) -> int:
    """The mover's highest occupied home point above ``src`` (0 when none)."""
    for p in range(6, src, -1):
        if mine[p]:
            return p
    return 0


# --------------------------------------------------------------------------------- the checks
def _no_checker(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return mine[src] == 0


def _no_checker_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    if src == BAR:
        return Refusal(_("there is no checker of yours on the bar"), "R5")
    return Refusal(_("there is no checker of yours on point {point}").format(point=point_name(src)), "R5")


def _bar_first(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return src != BAR and mine[BAR] > 0


def _bar_first_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    return Refusal(_("a checker on the bar must enter before any other checker moves"), "R13")


def _closed_entry(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return src == BAR and theirs[25 - dst] >= 2   # entering always lands on a point (dst 19-24)


def _closed_point(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return src != BAR and dst >= 1 and theirs[25 - dst] >= 2


def _closed_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    dst = src - die
    n = theirs[25 - dst]
    return Refusal(ngettext("point {point} is closed: the opponent has {n} checker there",
                            "point {point} is closed: the opponent has {n} checkers there", n).format(
        point=dst, n=n), "R14" if src == BAR else "R7")


def _not_all_home(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return dst <= 0 and any(mine[7:])


def _not_all_home_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    return Refusal(_("you can bear off only when all your checkers are in your home board"), "R16")


def _die_point_taken(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    # a higher die than the point: a checker on the die's own point takes it exactly (R17);
    # that checker stands above src, so src is not the highest
    return dst < 0 and mine[die] > 0


def _die_point_taken_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    return Refusal(_("a {die} bears off a checker from point {die} (R17), not from point {src}: a lower "
                     "checker may use it only when no checker stands on point {die} or higher").format(
        die=die, src=src), "R18")


def _lower_number(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return dst < 0 and _highest_above(mine, src) > die


def _lower_number_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    return Refusal(_("a {die} cannot bear off from point {src} while a checker stands on a higher point; "
                     "the {die} must be played inside the board").format(die=die, src=src), "R19")


def _not_highest(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return dst < 0 and _highest_above(mine, src) > 0


def _not_highest_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    return Refusal(_("a {die} bears off from your highest point, {high}, not from point {src}").format(
        die=die, high=_highest_above(mine, src), src=src), "R18")


def _hitter_joins(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, dst: int, hitter: bool) -> bool:
    return hitter and dst >= 1 and mine[dst] > 0


#: What V5 says when it refuses a step (the Caucasian hit rule), before translation.
HITTER_JOINS_TEXT = N_("a checker that hit in its home board may not go on to a point holding your "
                       "own checkers in the same turn")


def _hitter_joins_says(mine: Sequence[int], theirs: Sequence[int], src: int, die: int) -> Refusal:
    return Refusal(_(HITTER_JOINS_TEXT), "V5")


#: The step rules, in the order they are asked: the first that refuses a step says why.
#: The compiled kernel decides them in this order too (``_kernel._step_dest``; V5 in ``_search``).
STEP_CHECKS: StepChecks = StepChecks((
    StepCheck("R5", _no_checker, _no_checker_says),              # a checker of yours is there
    StepCheck("R13", _bar_first, _bar_first_says),               # the bar first
    StepCheck("R14", _closed_entry, _closed_says),               # entering: only on an open point
    StepCheck("R7", _closed_point, _closed_says),                # moving: only to an open point
    StepCheck("R16", _not_all_home, _not_all_home_says, bear_off=True),        # bear off only with all checkers home
    StepCheck("R18", _die_point_taken, _die_point_taken_says, bear_off=True),  # a higher die: the exact point first
    StepCheck("R19", _lower_number, _lower_number_says, bear_off=True),        # not below a checker higher than the die
    StepCheck("R18", _not_highest, _not_highest_says, bear_off=True),          # a higher die: the highest point only
    StepCheck("V5", _hitter_joins, _hitter_joins_says, variant=True,  # Caucasian: a home hitter stays off own checkers
              kernel_flag=FLAG_CAUCASIAN),
))

#: Rule ids a variant may switch on (``Variant.step_rules``).
VARIANT_STEP_RULES = frozenset(c.rule for c in STEP_CHECKS if c.variant)

_STANDARD = StepChecks(c for c in STEP_CHECKS if not c.variant)


def step_rule_ids() -> tuple[str, ...]:
    """The distinct rule ids of :data:`STEP_CHECKS`, in order.

    >>> step_rule_ids()
    ('R5', 'R13', 'R14', 'R7', 'R16', 'R18', 'R19', 'V5')
    """
    return tuple(dict.fromkeys(c.rule for c in STEP_CHECKS))


def checks_for(step_rules: frozenset[str] = frozenset()) -> StepChecks:
    """The checks that apply when the variant switches on ``step_rules``: every standard
    check, and the variant checks whose rule ids are named.

    >>> [c.rule for c in checks_for(frozenset({"V5"}))][-1], len(checks_for())
    ('V5', 8)
    """
    if not step_rules:
        return _STANDARD
    return StepChecks(c for c in STEP_CHECKS if not c.variant or c.rule in step_rules)


def first_refusal(mine: Sequence[int], theirs: Sequence[int], src: int, die: int, *, hitter: bool = False,
                  checks: StepChecks = _STANDARD) -> Refusal | None:
    """The refusal of the first check of ``checks`` that refuses the step, or None when the step
    is legal (its destination is :func:`destination`).

    >>> mine = [0] * 26
    >>> mine[3], mine[5] = 1, 1
    >>> first_refusal(mine, [0] * 26, 3, 6).text
    'a 6 bears off from your highest point, 5, not from point 3'
    >>> first_refusal(mine, [0] * 26, 5, 6) is None
    True
    """
    dst = src - die
    for refuses, check in checks._pairs if dst <= 0 else checks._moving_pairs:
        if refuses(mine, theirs, src, die, dst, hitter):
            return check.refusal(mine, theirs, src, die)
    return None
