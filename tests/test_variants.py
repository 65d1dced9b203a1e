"""Variants as values (bgsim.engine.variants): the rules carry one, the engine, the game and the
play-outs read it, and a new starting variant is one entry of ``VARIANTS`` (X3, V5)."""

from __future__ import annotations

import pickle

import pytest

from bgsim import Game, Position, Rules, estimate
from bgsim.engine import variants
from bgsim.engine.errors import InvalidPositionError, RuleViolationError
from bgsim.engine.variants import CAUCASIAN, HYPERGAMMON, STANDARD, Variant, find_variant
from bgsim.players.players import play_game

#: A variant the package does not ship: nackgammon's start (15 checkers, two more back).
NACKGAMMON = Variant("nackgammon", "X9", ((24, 2), (23, 2), (13, 4), (8, 3), (6, 4)))


@pytest.fixture
def nackgammon(monkeypatch):
    """Nackgammon added the way the architecture says: one entry of variants.VARIANTS."""
    monkeypatch.setitem(variants.VARIANTS, "nackgammon", NACKGAMMON)
    return NACKGAMMON


def test_the_rules_carry_the_variant():
    assert Rules().engine_variant is STANDARD
    assert Rules(caucasian=True).engine_variant is CAUCASIAN                       # V5
    assert Rules.hypergammon().engine_variant is HYPERGAMMON                       # X3
    both = Rules.hypergammon(caucasian=True).engine_variant
    assert both.caucasian and both.checkers == 3 and both.kernel_flags == CAUCASIAN.kernel_flags


def test_the_game_plays_by_its_rules_variant():
    pos = Position.from_counts({13: 4, 8: 2, 7: 1, 6: 5, 3: 2, 24: 1}, {20: 1, 24: 2, 13: 5, 8: 3, 6: 4})
    game = Game(Rules.money(caucasian=True), position=pos)
    game.roll(dice=(3, 2))
    offered = game.legal_plays()
    assert offered.variant is CAUCASIAN   # type: ignore[attr-defined]  # the engine's LegalPlays
    assert {str(p) for p in offered} == {str(p) for p in pos.legal_plays((3, 2), caucasian=True)}
    assert pos.legal_plays((3, 2), variant=CAUCASIAN) == pos.legal_plays((3, 2), caucasian=True)
    assert len(pos.legal_plays((3, 2), caucasian=True)) < len(pos.legal_plays((3, 2)))   # V5 forbids one


def test_variants_by_name_and_bad_names():
    assert find_variant(" Hypergammon ") is HYPERGAMMON and find_variant(CAUCASIAN) is CAUCASIAN
    with pytest.raises(RuleViolationError, match="unknown variant 'nackgammon'"):
        find_variant("nackgammon")
    with pytest.raises(InvalidPositionError, match="unknown variant 'nackgammon'"):
        Position.initial(variant="nackgammon")
    with pytest.raises(RuleViolationError, match="step rules V5, not R7"):
        Variant("odd", "X9", ((24, 2),), frozenset({"R7"}))
    with pytest.raises(RuleViolationError, match="not str"):
        Position.initial().legal_plays((3, 1), variant="caucasian")  # type: ignore[arg-type]


def test_a_variant_survives_pickling_for_the_workers():
    for v in (STANDARD, CAUCASIAN, HYPERGAMMON.with_step_rules("V5")):
        back = pickle.loads(pickle.dumps(v))
        assert back == v and back.kernel_flags == v.kernel_flags and back.checks == v.checks


def test_a_new_starting_variant_is_one_entry(nackgammon):
    """Adding nackgammon to variants.VARIANTS alone: the start, the rules, a game and play-outs."""
    start = Position.initial(variant="nackgammon")
    assert start.mine[23] == 2 and start.pips() == (194, 194)   # 48 + 46 + 52 + 24 + 24
    rules = Rules(variant="nackgammon")
    assert rules.checkers == 15 and rules.engine_variant is nackgammon
    game = play_game(rules, rng=3)
    assert game.is_over
    est = estimate(start, rules, games=60, rng=5, player="random")
    assert est.games == 60
