"""The variants of backgammon bgsim plays, each one value: where the checkers start, how many, and
which optional step rules apply.

A :class:`Variant` is what the rules of a game carry to the engine
(:attr:`bgsim.Rules.engine_variant`): :meth:`bgsim.Position.legal_plays`, the turn stepper, the
explainer and the compiled play-outs all read the same object, so a variant is written once,
here. Its parameters:

- ``start``: the starting layout, the same for both sides, each in its own numbering (R1, R3);
  the number of checkers (R2) follows from it;
- ``step_rules``: the rule ids of the optional checks of the step rules' table
  (:data:`bgsim.engine.step_rules.STEP_CHECKS`) the variant switches on, such as V5, the
  Caucasian hit rule; the standard step rules always apply.

The variants by name (:data:`VARIANTS`, :func:`find_variant`) are the starting variants a game
chooses (``Rules(variant=...)``, ``Position.initial(variant=...)``); the Caucasian rule is a
step rule that any of them may add (``Rules(caucasian=True)``, ``legal_plays(dice,
caucasian=True)``, :meth:`Variant.with_step_rules`).

>>> STANDARD.checkers, HYPERGAMMON.checkers, HYPERGAMMON.start_layout()
(15, 3, {24: 1, 23: 1, 22: 1})
>>> CAUCASIAN.name, CAUCASIAN.caucasian, CAUCASIAN.kernel_flags
('standard+V5', True, 1)
>>> find_variant("hypergammon").with_step_rules("V5").name
'hypergammon+V5'

To add a variant with its own starting layout, add a ``Variant`` to :data:`VARIANTS` below and
its rule to the rule book (``bgsim/teach/rulebook.py``, then ``make docs``): ``Rules(variant=...)``,
``Position.initial(variant=...)`` and the play-outs take it from there.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import RuleViolationError
from .i18n import N_, _
from .step_rules import STEP_CHECKS, VARIANT_STEP_RULES, StepChecks, checks_for

__all__ = ["CAUCASIAN", "HYPERGAMMON", "STANDARD", "VARIANTS", "Variant", "find_variant", "variant_of"]


@dataclass(frozen=True)
class Variant:
    """A variant of the rules as the engine plays it: a name, the rule id that defines it, the
    starting layout (``start``: ``(point, checkers)`` pairs, R3) and the optional step rules it
    switches on (``step_rules``, rule ids of :data:`~bgsim.engine.step_rules.STEP_CHECKS`).

    >>> Variant("nackgammon", "R3", ((24, 2), (23, 2), (13, 4), (8, 3), (6, 4))).checkers
    15
    >>> Variant("odd", "R3", ((24, 2),), frozenset({"R7"}))
    Traceback (most recent call last):
        ...
    bgsim.engine.errors.RuleViolationError: a variant may switch on only the step rules V5, not R7
    """

    name: str
    rule: str
    start: tuple[tuple[int, int], ...]
    step_rules: frozenset[str] = frozenset()
    #: how :meth:`bgsim.Rules.describe` names it, untranslated (empty: not named, the standard game)
    label: str = field(default="", compare=False)
    #: the checks of the step rules' table that apply, in order (the standard ones and ``step_rules``')
    checks: StepChecks = field(init=False, repr=False, compare=False)
    #: the compiled kernel's flags for ``step_rules`` (``_kernel.FLAG_CAUCASIAN`` for V5)
    kernel_flags: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        unknown = sorted(set(self.step_rules) - VARIANT_STEP_RULES)
        if unknown:
            raise RuleViolationError(_("a variant may switch on only the step rules {rules}, not {unknown}").format(
                rules=", ".join(sorted(VARIANT_STEP_RULES)), unknown=", ".join(unknown)))
        object.__setattr__(self, "step_rules", frozenset(self.step_rules))
        object.__setattr__(self, "checks", checks_for(self.step_rules))
        flags = 0
        for check in STEP_CHECKS:
            if check.rule in self.step_rules:
                flags |= check.kernel_flag
        object.__setattr__(self, "kernel_flags", flags)

    @property
    def checkers(self) -> int:
        """Checkers a side (R2): 15 in the standard game, 3 in hypergammon (X3)."""
        return sum(n for _p, n in self.start)

    @property
    def caucasian(self) -> bool:
        """True when the Caucasian hit rule (V5) applies."""
        return "V5" in self.step_rules

    def start_layout(self) -> dict[int, int]:
        """The starting layout as ``{point: checkers}`` (each side in its own numbering, R1)."""
        return dict(self.start)

    def with_step_rules(self, *rules: str) -> Variant:
        """This variant with the optional step rules ``rules`` switched on too (named ``name+rule``).

        >>> STANDARD.with_step_rules("V5") == CAUCASIAN, CAUCASIAN.with_step_rules("V5") is CAUCASIAN
        (True, True)
        """
        if set(rules) <= self.step_rules:
            return self
        key = (self, frozenset(rules))
        found = _WITH.get(key)
        if found is None:
            step_rules = self.step_rules | set(rules)
            base = self.name.split("+")[0]
            found = _WITH[key] = Variant("+".join([base, *sorted(step_rules)]), self.rule, self.start,
                                         frozenset(step_rules), self.label)
        return found

    def __str__(self) -> str:
        return self.name


#: The variants made by :meth:`Variant.with_step_rules`, kept (a variant is asked for on every call).
_WITH: dict[tuple[Variant, frozenset[str]], Variant] = {}


def _layout(counts: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(counts.items(), reverse=True))


#: The standard game: 15 checkers a side on the 24-, 13-, 8- and 6-points (R2, R3).
STANDARD = Variant("standard", "R3", _layout({24: 2, 13: 5, 8: 3, 6: 5}))
#: Hypergammon: 3 checkers a side on the 24-, 23- and 22-points (X3).
HYPERGAMMON = Variant("hypergammon", "X3", _layout({24: 1, 23: 1, 22: 1}), label=N_("hypergammon (X3)"))
#: The standard game with the Caucasian hit rule (V5).
CAUCASIAN = STANDARD.with_step_rules("V5")

#: The starting variants by name, as ``Rules(variant=...)`` and ``Position.initial(variant=...)`` name them.
VARIANTS: dict[str, Variant] = {v.name: v for v in (STANDARD, HYPERGAMMON)}


def find_variant(name: str | Variant) -> Variant:
    """The variant named ``name`` (one of :data:`VARIANTS`, any case), or ``name`` itself if it is a
    :class:`Variant`; an unknown name raises :class:`~bgsim.engine.errors.RuleViolationError`.

    >>> find_variant("Hypergammon") is HYPERGAMMON
    True
    >>> find_variant("nackgammon")
    Traceback (most recent call last):
        ...
    bgsim.engine.errors.RuleViolationError: unknown variant 'nackgammon' (standard or hypergammon)
    """
    if isinstance(name, Variant):
        return name
    key = name.strip().lower() if isinstance(name, str) else name
    found = VARIANTS.get(key) if isinstance(key, str) else None
    if found is None:
        raise RuleViolationError(_("unknown variant {variant} ({known})").format(
            variant=repr(name), known=_(" or ").join(VARIANTS)))
    return found


def variant_of(variant: Variant | None = None, caucasian: bool = False) -> Variant:
    """The variant a call plays by: ``variant`` (the standard game when None), with the Caucasian hit
    rule (V5) added when ``caucasian`` is true, the shorthand the public methods take.

    >>> [str(v) for v in (variant_of(), variant_of(caucasian=True), variant_of(HYPERGAMMON, caucasian=True))]
    ['standard', 'standard+V5', 'hypergammon+V5']
    """
    if variant is None:
        return CAUCASIAN if caucasian else STANDARD
    if not isinstance(variant, Variant):
        raise RuleViolationError(_("a variant is a bgsim Variant (bgsim.engine.variants), not {type}").format(
            type=type(variant).__name__))
    return variant.with_step_rules("V5") if caucasian else variant
