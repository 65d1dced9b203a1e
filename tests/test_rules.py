"""Tests of bgsim.game.rules: the settings (R4, R4a, R4b, R27-R29, V1, V2, V4, V5, X1-X3) and scoring (R23, R26, V1, X1).

The expected numbers are written here from the rules' text (docs/rules.md), not taken from the code.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import pytest

from bgsim import Position, RuleViolationError
from bgsim.game.rules import CUBE_OFF, ENDING_MODES, ResultKind, Rules, result_kind

# V1, written out from the rule's text: Oin 1/1/1, Mars 1/2/2, Koks 1/2/3 (single, gammon, backgammon).
V1_TABLE = {
    "oin": {"single": 1, "gammon": 1, "backgammon": 1},
    "mars": {"single": 1, "gammon": 2, "backgammon": 2},
    "koks": {"single": 1, "gammon": 2, "backgammon": 3},
}
KINDS = ("single", "gammon", "backgammon")
CUBES = (1, 2, 4, 8, 16, 32, 64)


# ----------------------------------------------------------------------------- scoring
@pytest.mark.parametrize("ending", sorted(V1_TABLE))
@pytest.mark.parametrize("jacoby", [False, True])
def test_points_table_R23_V1_X1(ending, jacoby):
    """R23 x V1 x cube x X1: points = multiplier(kind, ending) x cube; with Jacoby only once the cube is turned."""
    rules = Rules.money(ending=ending, jacoby=jacoby)
    for kind, cube, turned in itertools.product(KINDS, CUBES, (False, True)):
        mult = V1_TABLE[ending][kind]
        if jacoby and not turned:
            mult = 1  # X1: gammons and backgammons count only if the cube has been turned
        assert rules.points(kind, cube, cube_turned=turned) == mult * cube, (ending, jacoby, kind, cube, turned)


def test_points_default_cube_turned_is_cube_above_one_X1():
    r = Rules.money(jacoby=True)
    assert r.points("gammon", 1) == 1
    assert r.points("gammon", 2) == 4
    assert Rules.money().points("gammon", 1) == 2  # no Jacoby: always counts (R23)


def test_the_game_sites_example_mars_at_cube_4_V1():
    """The game site's own example (V1): "Mars at cube 4 gives a total coefficient of 2 x 4"."""
    assert Rules(ending="mars").points("gammon", 4) == 8
    assert Rules(ending="mars").points("backgammon", 4) == 8


def test_points_rejects_bad_cube_R24():
    with pytest.raises(RuleViolationError, match="R24"):
        Rules().points("single", 3)


def test_ending_modes_constant_matches_V1():
    for mode, table in V1_TABLE.items():
        assert ENDING_MODES[mode] == tuple(table[k] for k in KINDS)


def test_result_kind_names_R23_V1():
    assert ResultKind.of("single") is ResultKind.SINGLE
    assert ResultKind.of("Oin") is ResultKind.SINGLE
    assert ResultKind.of("mars") is ResultKind.GAMMON
    assert ResultKind.of("KOKS") is ResultKind.BACKGAMMON
    assert ResultKind.of(3) is ResultKind.BACKGAMMON
    for bad in ("double", 0, 4, True, None):
        with pytest.raises(RuleViolationError, match="R23"):
            ResultKind.of(bad)


# ----------------------------------------------------------------------------- R23 judged from a position
@pytest.mark.parametrize("loser_counts, expected", [
    ({0: 1, 6: 14}, ResultKind.SINGLE),              # one off: single game
    ({0: 14, 20: 1}, ResultKind.SINGLE),             # one off, even with a checker in the winner's home
    ({6: 15}, ResultKind.GAMMON),                    # none off, none in the winner's home
    ({18: 1, 6: 14}, ResultKind.GAMMON),             # the loser's 18 is the winner's 7: outside the home board
    ({19: 1, 6: 14}, ResultKind.BACKGAMMON),         # the loser's 19 is the winner's 6: in the home board
    ({25: 1, 6: 14}, ResultKind.BACKGAMMON),         # on the bar
    ({24: 2, 13: 5, 8: 3, 6: 5}, ResultKind.BACKGAMMON),  # the starting position (R3)
])
@pytest.mark.parametrize("loser", [0, 1])
@pytest.mark.parametrize("loser_on_roll", [False, True])
def test_result_kind_R23(loser_counts, expected, loser, loser_on_roll):
    winner_counts = {0: 14, 1: 1} if 24 not in loser_counts else {0: 14, 2: 1}
    if loser_on_roll:
        pos = Position.from_counts(loser_counts, winner_counts, turn=loser)
    else:
        pos = Position.from_counts(winner_counts, loser_counts, turn=1 - loser)
    assert result_kind(pos, loser) is expected


# ----------------------------------------------------------------------------- settings and validation
def test_defaults_are_plain_money_R24_R26():
    r = Rules()
    assert (r.match_length, r.crawford, r.automatic_doubles, r.jacoby, r.beavers) == (0, False, 0, False, False)
    assert (r.ending, r.cube_limit, r.opening, r.series_starter) == ("koks", None, "standard", "opening_roll")
    assert (r.last_roll_draw, r.caucasian, r.variant, r.checkers) == (False, False, "standard", 15)
    assert r.is_money and not r.is_match and r.cube_enabled


def test_rules_are_frozen_and_hashable():
    r = Rules.money()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.match_length = 3  # type: ignore[misc]
    assert hash(r) == hash(Rules.money()) and r == Rules()


def test_match_preset_R27_R28():
    r = Rules.match(7)
    assert r.match_length == 7 and r.crawford and r.is_match
    assert Rules.match(7, crawford=False).crawford is False
    assert Rules(match_length=3).crawford is True   # default on in a match
    with pytest.raises(RuleViolationError, match="R27"):
        Rules.match(0)
    with pytest.raises(RuleViolationError, match="R27"):
        Rules(match_length=-1)


@pytest.mark.parametrize("option, rule", [
    ({"automatic_doubles": 2}, "R29"),
    ({"jacoby": True}, "X1"),
    ({"beavers": True}, "X2"),
])
def test_money_only_options_refused_in_a_match(option, rule):
    with pytest.raises(RuleViolationError, match=rule) as info:
        Rules.match(5, **option)
    assert "5-point match" in str(info.value)
    Rules.money(**option)  # fine for money play


def test_crawford_refused_for_money_R28():
    with pytest.raises(RuleViolationError, match="R28"):
        Rules(crawford=True)


@pytest.mark.parametrize("limit", [1, 2, 4, 8, 16, 32, 64, 128, None])
def test_cube_limit_values_V2(limit):
    r = Rules(cube_limit=limit)
    assert r.cube_enabled == (limit != CUBE_OFF)
    assert r.cube_allows(1)
    assert r.cube_allows(2) == (limit is None or limit >= 2)


@pytest.mark.parametrize("limit", [0, 3, 48, -2, 2.0, True, "64"])
def test_cube_limit_refused_V2(limit):
    with pytest.raises(RuleViolationError, match="V2"):
        Rules(cube_limit=limit)


def test_options_needing_the_cube_V2():
    with pytest.raises(RuleViolationError, match="R29"):
        Rules(automatic_doubles=1, cube_limit=CUBE_OFF)
    with pytest.raises(RuleViolationError, match="X2"):
        Rules(beavers=True, cube_limit=CUBE_OFF)


@pytest.mark.parametrize("field, bad, rule", [
    ("opening", "both", "R4"),
    ("series_starter", "winner", "R4b"),
    ("ending", "double", "V1"),
    ("variant", "nackgammon", "X3"),
    ("automatic_doubles", -1, "R29"),
    ("automatic_doubles", True, "R29"),
])
def test_bad_values_name_their_rule(field, bad, rule):
    with pytest.raises(RuleViolationError, match=rule):
        Rules(**{field: bad})


@pytest.mark.parametrize("field", ["jacoby", "beavers", "last_roll_draw", "caucasian"])
def test_flags_must_be_bools(field):
    with pytest.raises(RuleViolationError, match=field):
        Rules(**{field: 1})


def test_names_are_normalised():
    r = Rules(ending=" Mars ", variant="HYPERGAMMON", opening="Winner_Rolls")
    assert (r.ending, r.variant, r.opening, r.checkers) == ("mars", "hypergammon", "winner_rolls", 3)


def test_short_backgammon_preset_seed_002():
    r = Rules.short_backgammon()
    assert r.is_money                                   # the site plays for stakes (V6)
    assert r.opening == "standard"                      # R4: the draw's dice are the first move
    assert r.series_starter == "loser"                  # R4b: "Poraženému"
    assert r.ending == "koks"                           # V1: all three levels
    assert r.cube_limit == 64                           # V2: the largest limit the site offers
    assert not r.last_roll_draw and not r.caucasian     # V4, V5: options, off unless chosen
    assert not r.jacoby and not r.beavers and r.automatic_doubles == 0
    assert Rules.short_backgammon(series_starter="alternate", cube_limit=8).cube_limit == 8


def test_hypergammon_preset_X3():
    r = Rules.hypergammon()
    assert r.variant == "hypergammon" and r.checkers == 3 and r.is_money
    assert Rules.hypergammon(match_length=5).crawford


def test_replace_revalidates():
    assert Rules.money(jacoby=True).replace(jacoby=False).jacoby is False
    with pytest.raises(RuleViolationError, match="X1"):
        Rules.money(jacoby=True).replace(match_length=3)
    assert Rules.match(3).replace(match_length=0).crawford is False


def test_largest_loss_V6():
    assert Rules.short_backgammon().largest_loss(5) == 5 * 64 * 3
    assert Rules(cube_limit=8, ending="mars").largest_loss(2) == 2 * 8 * 2
    assert Rules(cube_limit=CUBE_OFF, ending="oin").largest_loss(10) == 10
    assert Rules().largest_loss() == math.inf


@pytest.mark.parametrize("mode, prev_starter, prev_winner, expected", [
    ("opening_roll", 0, 1, None),
    ("loser", 0, 1, 0),
    ("loser", 0, 0, 1),
    ("loser", 1, None, None),   # a draw (V4) has no loser: an opening roll decides
    ("alternate", 0, 0, 1),
    ("alternate", 1, 0, 0),
])
def test_next_starter_R4b(mode, prev_starter, prev_winner, expected):
    assert Rules(series_starter=mode).next_starter(prev_starter, prev_winner) == expected


def test_next_starter_checks_players():
    with pytest.raises(RuleViolationError):
        Rules().next_starter(2, 0)


def test_describe_mentions_the_options():
    text = Rules.money(automatic_doubles=2, jacoby=True, beavers=True, cube_limit=16,
                       opening="winner_rolls", last_roll_draw=True, caucasian=True).describe()
    for needle in ("R29", "X1", "X2", "cube limit 16", "R4a", "V4", "V5"):
        assert needle in text
