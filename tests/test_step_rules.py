"""The compiled kernel against the step rules' table (bgsim.engine.step_rules), rule id by rule id.

The table ``STEP_CHECKS`` is where a step rule is decided: the explainer walks it to say why a
step is refused. The kernel (``_kernel._step_dest``, and V5 inside its search) decides the same
steps in machine code for speed. These tests hold the two together on a large seeded sample of
positions from random games and from the purpose-built generators of tests/support/positions.py
(bar entry against closed points, primes, bear-offs with gaps and contact, home-board hits,
hypergammon): for every place a checker could start from (1-25) and every die, the kernel
allows exactly the steps the table allows, to the same point, and for each rule id it refuses
every step that rule is the first to refuse (R5, R7, R13, R14, R16, R18, R19; V5 with the
Caucasian rule).
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from bgsim import Position
from bgsim.engine import _kernel
from bgsim.engine.explain import Node, step_refusal, try_step
from bgsim.engine.step_rules import STEP_CHECKS, destination, first_refusal, step_rule_ids
from tests.support.games import random_game_cases
from tests.support.positions import GENERATORS, sample_case

RANDOM_GAME_CASES = 3000
CASES_PER_GENERATOR = 300
#: Every rule id must be the first refusal of at least this many steps of the sample, so that
#: each test below checks something (the counts are far higher: see test_every_rule_is_met).
MIN_CASES_PER_RULE = 100

STANDARD_RULES = tuple(r for r in step_rule_ids() if r != "V5")


@functools.cache
def _sample() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Distinct positions (mine, theirs): random games and every generator, seeded."""
    seen = {(m, t) for m, t, _d in random_game_cases(RANDOM_GAME_CASES, seed=20261206)}
    for name in sorted(GENERATORS):
        rng = np.random.default_rng(29 + sum(map(ord, name)))
        for _ in range(CASES_PER_GENERATOR):
            mine, theirs, _dice = sample_case(name, rng)
            seen.add((tuple(mine), tuple(theirs)))
    return sorted(seen)


@functools.cache
def _verdicts() -> dict[str | None, list[tuple[tuple[int, ...], tuple[int, ...], int, int, int]]]:
    """Every (position, src, die) step of the sample, by the rule id of the table's first refusal
    (None for a legal step), each with the kernel's answer (its destination, or -1)."""
    out: dict[str | None, list] = {}
    b = np.zeros((2, 26), dtype=np.int8)
    for mine, theirs in _sample():
        b[0, :] = mine
        b[1, :] = theirs
        for src in range(1, 26):
            for die in range(1, 7):
                refusal = first_refusal(mine, theirs, src, die)
                rule = None if refusal is None else refusal.rule
                out.setdefault(rule, []).append((mine, theirs, src, die, int(_kernel.step_dest(b, src, die))))
    return out


def test_every_rule_is_met():
    """The sample reaches every standard step rule, each as the first refusal many times."""
    counts = {rule: len(cases) for rule, cases in _verdicts().items()}
    assert set(STANDARD_RULES) <= set(counts)
    assert all(counts[r] >= MIN_CASES_PER_RULE for r in STANDARD_RULES), counts
    assert counts[None] >= MIN_CASES_PER_RULE


@pytest.mark.parametrize("rule", STANDARD_RULES)
def test_kernel_refuses_what_the_rule_refuses(rule):
    """Every step whose first refusal in the table is ``rule``, the kernel refuses too."""
    wrong = [(m, t, src, die, got) for m, t, src, die, got in _verdicts()[rule] if got != -1]
    assert not wrong, wrong[:3]


def test_kernel_allows_what_the_table_allows():
    """Every step no check refuses, the kernel allows, and to the same point (0 = off)."""
    wrong = [(m, t, src, die, got) for m, t, src, die, got in _verdicts()[None] if got != destination(src, die)]
    assert not wrong, wrong[:3]


def test_the_explainer_says_the_tables_reason():
    """step_refusal (what the turn stepper and the diagnosis say) is the table's first refusal."""
    for rule, cases in _verdicts().items():
        for mine, theirs, src, die, _got in cases[:200]:
            dst, refusal = step_refusal(mine, theirs, src, die)
            assert (refusal.rule if refusal else None) == rule
            assert dst == (None if rule else destination(src, die))


def test_bear_off_checks_refuse_only_bear_offs():
    """A check marked ``bear_off`` (the explainer skips it for a step to a point) never refuses a
    step to a point (R16-R19 are the bear-off rules)."""
    marked = [c for c in STEP_CHECKS if c.bear_off]
    assert [c.rule for c in marked] == ["R16", "R18", "R19", "R18"]
    for mine, theirs in _sample()[::5]:
        for src in range(1, 26):
            for die in range(1, min(src, 7)):
                dst = src - die
                assert not any(c.refuses(mine, theirs, src, die, dst, False) for c in marked), (mine, theirs, src, die)


def test_the_table_lists_each_check_once_in_kernel_order():
    """The order the kernel decides in (bar first, closed points, bear-off) is the table's."""
    assert [c.rule for c in STEP_CHECKS] == ["R5", "R13", "R14", "R7", "R16", "R18", "R19", "R18", "V5"]
    assert [c.rule for c in STEP_CHECKS if c.variant] == ["V5"]


# ------------------------------------------------------------------------------ V5 inside the search
def _dice_orders(dice: tuple[int, int]) -> list[tuple[int, ...]]:
    d1, d2 = dice
    if d1 == d2:
        return [(d1,) * 4]
    return [(max(dice), min(dice)), (min(dice), max(dice))]


def _explainer_results(mine, theirs, dice, v5_refusals: list[int]) -> set:
    """The Caucasian plays' results found by the explainer alone (try_step with the hitters of
    V5), keeping the most dice (R10) and, when one die of a non-double is all, the higher (R11).
    Adds to ``v5_refusals[0]`` the steps of a hitter that V5 refused on the way."""
    by_first: dict[int, set] = {}
    results: dict[int, set] = {}

    @functools.cache
    def walk(node: Node, left: tuple[int, ...]) -> frozenset:
        """(dice used, result) of every maximal run of steps from ``node``."""
        if not left:
            return frozenset({(0, (node[0], node[1]))})
        out = set()
        for src in range(25, 0, -1):
            assert node[2] is not None
            if node[2][src] and node[0][src] and first_refusal(node[0], node[1], src, left[0]) is None \
                    and first_refusal(node[0], node[1], src, left[0], hitter=True, checks=STEP_CHECKS):
                v5_refusals[0] += 1
            for _dst, _hit, child in try_step(node, src, left[0])[1]:
                out |= {(n + 1, r) for n, r in walk(child, left[1:])}
        return frozenset(out) if out else frozenset({(0, (node[0], node[1]))})

    start: Node = (tuple(mine), tuple(theirs), (0,) * 26)
    for order in _dice_orders(dice):
        for used, result in walk(start, order):
            results.setdefault(used, set()).add(result)
            if used == 1:
                by_first.setdefault(order[0], set()).add(result)
    most = max(results)
    if most == 1 and dice[0] != dice[1]:
        high = max(dice)
        return by_first.get(high) or by_first[min(dice)]
    return results[most]


def _caucasian_cases() -> list:
    cases = []
    for name in ("home_hits", "anything", "bar", "bearoff_contact"):
        rng = np.random.default_rng(500 + sum(map(ord, name)))
        cases += [sample_case(name, rng) for _ in range(150)]
    return cases


def test_v5_kernel_and_explainer_agree_on_every_result():
    """Under the Caucasian rule (V5), the kernel's plays reach exactly the results the explainer's
    steps reach, and each kernel play walks through the explainer's steps one by one."""
    refused_by_v5 = [0]
    for mine, theirs, dice in _caucasian_cases():
        pos = Position(mine, theirs)
        plays = pos.legal_plays(dice, caucasian=True)
        kernel = {(a.theirs, a.mine) for a in plays.afters()}
        assert kernel == _explainer_results(mine, theirs, dice, refused_by_v5), (pos, dice)
        for play in plays:
            frontier: set = {(tuple(mine), tuple(theirs), (0,) * 26)}
            for src, dst in play.steps:
                nxt = set()
                for die in {d for d in dice if destination(src, d) == dst}:
                    for node in frontier:
                        nxt |= {child for d, _hit, child in try_step(node, src, die)[1] if d == dst}
                assert nxt, (pos, dice, str(play), src, dst)
                frontier = nxt
    assert refused_by_v5[0] >= MIN_CASES_PER_RULE


def test_v5_is_met_and_changes_plays():
    """The Caucasian sample holds positions where V5 removes a play the standard rules allow."""
    changed = 0
    for mine, theirs, dice in _caucasian_cases():
        pos = Position(mine, theirs)
        if len(pos.legal_plays(dice, caucasian=True)) != len(pos.legal_plays(dice)):
            changed += 1
    assert changed >= 20
