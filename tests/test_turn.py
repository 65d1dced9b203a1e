"""The turn stepper (bgsim.engine.turn): stepping die by die reaches exactly the legal plays, and every
refused step is explained with a rule id.

Exhaustive part: for thousands of (position, roll) cases from tests/support/positions.py (bar against
0-6 closed points, partial entry, primes, bear-offs with gaps and contact, one die / higher die,
doubles blocked after 1-3 steps, Caucasian V5, hypergammon X3) and from random games, a depth
first search through ``options()`` must reach exactly the results of ``legal_plays`` and of the
brute-force oracle (tests/support/reference.py), and every (point, die) that is not an option must be
refused by ``why`` and ``step`` with a sentence citing a rule, changing nothing.
"""

from __future__ import annotations

import os
import re

import numpy as np
import pytest

from bgsim import BgsimError, IllegalPlayError, ParseError, Position, Refusal, RuleViolationError, Step, TurnBuilder
from tests.support.games import random_game_cases
from tests.support.positions import GENERATORS, sample_case
from tests.support.reference import reference_moves, reference_results

RULE_ID = re.compile(r"\((R|V|X)\d+")

CASES_PER_GENERATOR = 150
RANDOM_GAME_CASES = 600
CAUCASIAN_CASES = 120
WHY_EVERY = 6  # check every refused (point, die) on one visited state in WHY_EVERY
#: The slow tier's size: BGSIM_SOAK=5 (say) multiplies it for a deeper soak run by hand.
SOAK = max(1, int(os.environ.get("BGSIM_SOAK", "1")))


# ------------------------------------------------------------------------------------------
# The exhaustive walk
# ------------------------------------------------------------------------------------------


def _snapshot(t: TurnBuilder):
    return t.position, t.dice_left, t.steps, t.options()


def _check_refusals(t: TurnBuilder) -> None:
    """(b): every (point, die) that is not an option is refused with a rule id, changing nothing."""
    legal = {(s.src, s.die) for s in t.options()}
    before = _snapshot(t)
    for src in range(26):
        for die in range(1, 7):
            reason = t.why(src, die)
            if (src, die) in legal:
                assert reason is None, (t, src, die, reason)
                continue
            assert reason is not None and RULE_ID.search(reason), (t, src, die, reason)
            try:  # (not pytest.raises: this runs millions of times)
                t.step(src, die)
            except IllegalPlayError as err:
                assert str(err) == reason
            else:
                raise AssertionError(f"{t}: step({src}, {die}) was accepted; why() said {reason!r}")
            assert _snapshot(t) == before


def walk(t: TurnBuilder, *, check_why: int = 0, prune: bool = True) -> set:
    """Depth-first through options(); returns the complete results (mine, theirs) reached.

    ``prune``: visit each state (board, dice left, V5 hitters) once, else every path;
    ``check_why``: run the refusal check on every n-th visited state (0: never).
    """
    results: set = set()
    seen: set = set()
    counter = [0]
    pos0 = t.start

    def rec() -> None:
        # White box: under V5 the state also holds which checkers hit this turn (the frontier).
        key = (t.position, t.dice_left, t._stack[-1].frontier) if prune else t.steps
        if key in seen:
            return
        seen.add(key)
        counter[0] += 1
        if check_why and counter[0] % check_why == 1 % check_why:
            _check_refusals(t)
        options = t.options()
        if not options:
            assert t.is_complete
            play = t.play
            assert play in t.legal_plays  # (check_case compares legal_plays with the engine's)
            after = pos0.play(play, caucasian=t.caucasian)
            assert (after.theirs, after.mine) == (t.position.mine, t.position.theirs)
            assert t.remaining_plays == (play,)
            results.add((t.position.mine, t.position.theirs))
            return
        assert not t.is_complete
        with pytest.raises(BgsimError):
            _ = t.play
        for s in options:
            assert t.why(s) is None and t.why(str(s)) is None
            before = _snapshot(t)
            t.step(s)
            assert t.steps[-1] == s and len(t.dice_left) == len(before[1]) - 1
            rec()
            t.undo()
            assert _snapshot(t) == before

    rec()
    return results


def check_case(mine, theirs, dice, *, caucasian=False, check_why=0, prune=True, moves=0) -> None:
    pos = Position(mine, theirs)
    t = pos.start_turn(dice, caucasian=caucasian)
    plays = pos.legal_plays(dice, caucasian=caucasian)
    assert t.legal_plays == tuple(plays)
    engine = {(p_after.theirs, p_after.mine) for p_after in (pos.play(p, caucasian=caucasian) for p in plays)}
    reached = walk(t, check_why=check_why, prune=prune)
    assert reached == engine, (pos, dice, caucasian)
    assert reached == set(reference_results(mine, theirs, dice, caucasian=caucasian)), (pos, dice, caucasian)
    assert t.steps == () and len(t.remaining_plays) == len(plays)
    if moves:
        # Every ordered sequence of single steps the oracle allows can be stepped, in its order
        # (the oracle lists every order and route; about ``moves`` of them are stepped).
        all_sequences = [(result, seq) for result, sequences in
                         reference_moves(mine, theirs, dice, caucasian=caucasian).items() for seq in sorted(sequences)]
        for result, seq in all_sequences[::max(1, len(all_sequences) // moves)]:
            t2 = pos.start_turn(dice, caucasian=caucasian)
            for src, dst in seq:
                # (a bear-off two dice allow is offered once per die; either one finishes the same way)
                matching = [s for s in t2.options() if (s.src, s.dst) == (src, dst)]
                assert matching, (pos, dice, seq, t2)
                t2.step(matching[0])
            assert t2.is_complete and (t2.position.mine, t2.position.theirs) == result


@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_stepping_reaches_exactly_the_legal_plays(name):
    rng = np.random.default_rng(7 + sum(map(ord, name)))
    for i in range(CASES_PER_GENERATOR):
        mine, theirs, dice = sample_case(name, rng)
        check_case(mine, theirs, dice, check_why=WHY_EVERY, moves=20 if i % 10 == 0 and dice[0] != dice[1] else 0)


def test_stepping_on_random_games():
    for i, (mine, theirs, dice) in enumerate(random_game_cases(RANDOM_GAME_CASES, seed=8)):
        check_case(mine, theirs, dice, check_why=WHY_EVERY if i % 3 == 0 else 0,
                   moves=20 if i % 25 == 0 and dice[0] != dice[1] else 0)


@pytest.mark.parametrize("name", ["home_hits", "anything", "bearoff_contact", "bar"])
def test_stepping_caucasian(name):
    rng = np.random.default_rng(300 + sum(map(ord, name)))
    for i in range(CAUCASIAN_CASES // 4):
        mine, theirs, dice = sample_case(name, rng)
        check_case(mine, theirs, dice, caucasian=True, check_why=WHY_EVERY, prune=dice[0] == dice[1],
                   moves=20 if i % 5 == 0 and dice[0] != dice[1] else 0)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GENERATORS))
def test_stepping_many_more_cases(name):
    rng = np.random.default_rng(1000 + sum(map(ord, name)))
    for i in range(200 * SOAK):
        mine, theirs, dice = sample_case(name, rng)
        check_case(mine, theirs, dice, check_why=1, moves=100 if i % 5 == 0 else 0)
        check_case(mine, theirs, dice, caucasian=True, check_why=2)


@pytest.mark.slow
def test_stepping_many_random_games():
    for i, (mine, theirs, dice) in enumerate(random_game_cases(500 * SOAK, seed=9)):
        check_case(mine, theirs, dice, check_why=1, moves=100 if i % 10 == 0 else 0)


# ------------------------------------------------------------------------------------------
# Hand-made edge cases, with the exact sentences
# ------------------------------------------------------------------------------------------


def _refusals_ok(t: TurnBuilder) -> None:
    _check_refusals(t)


def test_the_pinned_api_on_the_opening_roll():
    pos = Position.initial()
    t = pos.start_turn((6, 4))
    assert isinstance(t, TurnBuilder)
    assert t.explain() == "both dice must be played (R10)"
    assert t.dice == (6, 4) and t.dice_left == (6, 4) and t.steps == () and not t.is_complete
    assert Step(24, 18, 6, False) in t.options() and Step(13, 9, 4, False) in t.options()
    assert t.step("24/18") is t
    assert t.steps == (Step(24, 18, 6, False),) and t.dice_left == (4,)
    assert t.position.mine[18] == 1 and t.position.turn == pos.turn  # still the mover's view
    t.step(13, 4)
    assert t.is_complete and t.dice_left == () and t.options() == ()
    assert t.play in pos.legal_plays((6, 4)) and str(t.play) == "24/18 13/9"
    t.undo().undo()
    assert t.steps == () and t.position == pos
    # The other order and another route reach the same plays.
    assert t.step("13/9").step("24/18").play == pos.parse_play("24/18 13/9", (6, 4))
    t.undo().undo()
    via_7 = t.step("13/7").step("7/3").play
    t.undo().undo()
    assert t.step("13/9").step("9/3").play == via_7 and str(via_7) == "13/3"
    assert t.why("13/9") == "13/9: the 4 is already used; both dice are used (R5)"


def test_step_forms_and_refusals_change_nothing():
    pos = Position.from_counts({25: 1, 13: 14}, {3: 1, 0: 14})  # a blot on my 22
    t = pos.start_turn((3, 1))
    assert t.why("bar/22*") is None and t.why("bar/22") is None and t.why(Step(25, 22, 3)) is None
    assert t.why("bar/24*") == "bar/24*: there is no lone opposing checker on point 24 to hit (R8)"
    assert t.why(Step(25, 21, 3)) == "bar/21: a 3 moves a checker from bar to 22, not to 21 (R5)"
    assert t.why("13/10") == "13/10: a checker on the bar must enter before any other checker moves (R13)"
    assert t.why(25, 5) == "bar/20: the roll 3-1 has no 5; the dice left are 3 and 1 (R5)"
    assert t.why(30, 1) == "30 is not a possible point: points are 0-25 (25 = bar, 0 = off) (R1)"
    assert t.why(13, 7) == "7 is not a possible die: a die shows 1 to 6 (R2)"
    assert t.why(0, 3) == "a borne-off checker has left the board and never moves again (R1)"
    with pytest.raises(IllegalPlayError, match=r"R13"):
        t.step("13/10")
    assert t.steps == () and t.dice_left == (3, 1)
    t.step("bar/22*")
    assert t.steps == (Step(25, 22, 3, True),) and str(t.steps[0]) == "bar/22*"
    assert t.position.theirs[25] == 1  # the hit checker is on the bar (R8)
    assert t.why("22/21") is None and t.why("13/12") is None
    for bad in ("24/18 13/9", "24/18/13", "13/7(2)"):
        with pytest.raises(ParseError, match="not one step"):
            t.why(bad)
    with pytest.raises(ParseError):
        t.step("hello")
    with pytest.raises(TypeError):
        t.step(13)
    t.undo()
    with pytest.raises(RuleViolationError, match="nothing to undo"):
        t.undo()
    _refusals_ok(t)


def test_r10_a_step_that_would_strand_a_die_is_refused():
    pos = Position.from_counts({24: 1, 10: 1, 1: 13}, {6: 2, 0: 13})  # my 19 is closed
    t = pos.start_turn((6, 5))
    assert t.explain() == "both dice must be played (R10)"
    assert [str(s) for s in t.options()] == ["24/18", "10/5"]
    assert t.why("10/4") == "10/4 would leave the 5 unplayed, but 24/13 plays both dice (R10)"
    assert t.why("24/19") == "24/19: point 19 is closed: the opponent has 2 checkers there (R7)"
    with pytest.raises(IllegalPlayError) as err:
        t.step("10/4")
    assert "(R10)" in str(err.value) and t.steps == ()
    _refusals_ok(t)


def test_r11_only_the_higher_die():
    pos = Position.from_counts({24: 1, 0: 14}, {12: 2, 0: 13})  # my 13 closed: 24/18/13 and 24/19/13 fail
    t = pos.start_turn((6, 5))
    assert t.explain() == "only the higher die can be played (R11); only one legal play: it is forced (24/18)"
    assert t.options() == (Step(24, 18, 6, False),)
    assert t.why("24/19") == ("24/19 plays the 5, but the higher die 6 can be played (24/18); "
                              "when only one die can be played it must be the higher (R11)")
    t.step("24/18")
    assert t.is_complete and t.dice_left == (5,) and str(t.play) == "24/18"
    assert t.why("18/13") == "18/13: point 13 is closed: the opponent has 2 checkers there (R7)"
    _refusals_ok(t)


def test_r11_only_the_lower_die_when_the_higher_cannot_move():
    pos = Position.from_counts({24: 1, 0: 14}, {12: 2, 7: 2, 0: 11})  # my 13 and 18 closed
    t = pos.start_turn((6, 5))
    assert t.explain() == ("only the lower die can be played: the 6 cannot move (R11); the 6 is forfeited (R12); "
                           "only one legal play: it is forced (24/19)")
    assert t.options() == (Step(24, 19, 5, False),)
    assert t.why("24/18") == "24/18: point 18 is closed: the opponent has 2 checkers there (R7)"
    assert t.step("24/19").is_complete and t.dice_left == (6,)


def test_r12_no_legal_play():
    pos = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
    t = pos.start_turn((6, 6))
    assert t.explain() == "no legal play: the turn is forfeited (R12)"
    assert t.options() == () and t.is_complete and t.dice_left == (6, 6, 6, 6)
    assert t.play.is_empty and t.play == pos.legal_plays((6, 6))[0]
    assert t.why("bar/19") == "bar/19: point 19 is closed: the opponent has 2 checkers there (R14)"
    assert t.why("13/7") == "13/7: a checker on the bar must enter before any other checker moves (R13)"
    assert t.why(13, 5) == "13/8: the roll 6-6 has no 5; it is four 6s (R5, R6)"
    _refusals_ok(t)


def test_r13_r15_partial_entry():
    pos = Position.from_counts({25: 2, 13: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})  # only my 19 open
    t = pos.start_turn((6, 2))
    assert t.explain() == ("only the higher die can be played (R11); the 2 checkers on the bar enter first "
                           "(R13, R15); only one legal play: it is forced (bar/19)")
    assert t.why("bar/23") == "bar/23: point 23 is closed: the opponent has 2 checkers there (R14)"
    t.step("bar/19")
    assert t.is_complete and t.dice_left == (2,)  # one checker stays on the bar: the 2 is forfeited
    assert t.why("19/17") == "19/17: a checker on the bar must enter before any other checker moves (R13)"
    _refusals_ok(t)
    # With 6-6 both enter, then the just-entered checkers may go on (R15).
    t = pos.start_turn((6, 6))
    assert t.explain() == "all four 6s must be played (R6, R10); the 2 checkers on the bar enter first (R13, R15)"
    assert t.options() == (Step(25, 19, 6, False),)
    t.step("bar/19").step("bar/19")
    assert {str(s) for s in t.options()} == {"19/13", "13/7"}
    assert t.why("13/7") is None
    _refusals_ok(t)


def test_r16_bearing_off_needs_every_checker_home_and_can_start_mid_turn():
    pos = Position.from_counts({8: 1, 5: 2, 3: 2, 0: 10}, {24: 2, 0: 13})
    t = pos.start_turn((3, 2))
    assert t.why("3/off") == "3/off: you can bear off only when all your checkers are in your home board (R16)"
    assert t.why("5/off") == ("5/off: bearing off from point 5 needs a die of 5 or more, and the dice left "
                              "are 3 and 2 (R17, R18)")
    t.step("8/5")
    assert t.why("3/off") == ("3/off: bearing off from point 3 needs a die of 3 or more, and the dice left "
                              "are 2 (R17, R18)")
    _refusals_ok(t)
    pos = Position.from_counts({7: 1, 2: 2, 0: 12}, {24: 2, 0: 13})
    t = pos.start_turn((2, 1))
    assert t.why("2/off") == "2/off: you can bear off only when all your checkers are in your home board (R16)"
    t.step("7/6")  # now every checker is home: the 2 may bear off (R16)
    assert t.why("2/off") is None and Step(2, 0, 2, False) in t.options()


def test_r17_r19_bearing_off_exact_higher_and_lower():
    pos = Position.from_counts({5: 1, 2: 2, 0: 12}, {24: 2, 0: 13})
    t = pos.start_turn((6, 4))
    assert t.options() == (Step(5, 0, 6, False),)  # R18: the 6 bears off from the highest point
    assert t.why("2/off") == ("2/off: a 4 cannot bear off from point 2 while a checker stands on a higher "
                              "point; the 4 must be played inside the board (R19)")
    assert t.why("5/1") == "5/1: point 1 is closed: the opponent has 2 checkers there (R7)"
    assert t.explain() == "both dice must be played (R10); only one legal play: it is forced (5/off 2/off)"
    t.step("5/off")
    assert t.steps == (Step(5, 0, 6, False),)
    assert t.options() == (Step(2, 0, 4, False),)  # R18 again, now that nothing stands higher
    _refusals_ok(t)
    # Two dice both bear off the same checker (R18): each is its own option.
    t = Position.from_counts({3: 1, 1: 1}, {1: 1}).start_turn((6, 5))
    assert t.options() == (Step(3, 0, 6, False), Step(3, 0, 5, False))
    assert t.why("1/off") == "1/off: a 5 bears off from your highest point, 3, not from point 1 (R18)"
    assert t.step("3/off").steps[0].die == 5  # text picks the smallest die that is legal
    assert str(t.step("1/off").play) == "3/off 1/off"


def test_doubles_blocked_after_two_steps():
    pos = Position.from_counts({24: 2, 1: 13}, {7: 2, 0: 13})  # my 18 closed
    t = pos.start_turn((3, 3))
    assert t.explain() == ("only two of the four 3s can be played (R6, R10); the rest is forfeited (R12); "
                           "only one legal play: it is forced (24/21(2))")
    t.step("24/21")
    assert not t.is_complete
    assert t.why("21/18") == "21/18: point 18 is closed: the opponent has 2 checkers there (R7)"
    t.step("24/21")
    assert t.is_complete and t.dice_left == (3, 3) and str(t.play) == "24/21(2)"
    assert t.why(24, 3) == "24/21: there is no checker of yours on point 24 (R5)"
    _refusals_ok(t)
    t = Position.initial().start_turn((2, 2))
    for _ in range(4):
        t.step("6/4")
    assert t.why("8/6") == "8/6: all four 2s are already used (R6)"
    assert t.why("8/7") == "8/7: the roll 2-2 has no 1; it is four 2s (R5, R6)"


def test_v5_caucasian_hitter_may_not_join_its_own_checkers():
    pos = Position.from_counts({8: 1, 6: 2, 4: 2, 0: 10}, {20: 1, 1: 2, 0: 12})  # a blot on my 5
    t = pos.start_turn((3, 1), caucasian=True)
    t.step("8/5*")
    assert [str(s) for s in t.options()] == ["6/5", "4/3"]
    assert t.why("5/4") == ("5/4: a checker that hit in its home board may not go on to a point holding your "
                            "own checkers in the same turn (V5)")
    _refusals_ok(t)
    assert t.step("6/5").play in pos.legal_plays((3, 1), caucasian=True)
    # Without V5 the same step is fine.
    assert pos.start_turn((3, 1)).step("8/5*").why("5/4") is None


def test_v5_two_checkers_on_a_point_either_may_move():
    # Hit 6/5* with a 1, cover with 8/5 (3): the point now holds the hitter and another checker;
    # with 1-1 or the like either may be the one that moves on. Checked against the oracle.
    pos = Position.from_counts({8: 2, 6: 2, 4: 2, 0: 9}, {20: 1, 1: 2, 0: 12})
    for dice in ((3, 1), (1, 1), (3, 3), (2, 1)):
        check_case(pos.mine, pos.theirs, dice, caucasian=True, check_why=1, prune=False, moves=1000)


def test_hypergammon_start():
    pos = Position.initial(variant="hypergammon")
    t = pos.start_turn((2, 1))
    assert {str(s) for s in t.options()} == {"24/22", "24/23", "23/21", "23/22", "22/20", "22/21"}
    t.step("24/22").step("22/21")
    assert t.play in pos.legal_plays((2, 1)) and t.position.checkers == 3


def test_play_before_completion_and_to_dict_are_clear():
    import json

    t = Position.initial().start_turn((5, 2))
    with pytest.raises(RuleViolationError, match="not complete"):
        _ = t.play
    t.step("13/8")
    d = json.loads(json.dumps(t.to_dict()))
    assert d["dice"] == [5, 2] and d["steps"] == [{"src": 13, "dst": 8, "die": 5, "hit": False}]
    assert d["dice_left"] == [2] and not d["complete"]
    assert {(o["src"], o["die"]) for o in d["options"]} == {(s.src, s.die) for s in t.options()}
    assert repr(t) == "<TurnBuilder 5-2: 13/8 | 2 left>"
    with pytest.raises(IllegalPlayError, match="R2"):
        Position.initial().start_turn((7, 1))


def test_remaining_plays_narrow_as_steps_are_taken():
    pos = Position.initial()
    t = pos.start_turn((6, 1))
    assert set(t.remaining_plays) == set(pos.legal_plays((6, 1))) == set(t.legal_plays)
    t.step("13/7")
    assert {str(p) for p in t.remaining_plays} == {"13/7 8/7", "24/23 13/7", "13/6", "13/7 6/5"}


@pytest.mark.parametrize("dice, shape", [
    ((6, 4), "both dice must be played (R10)"),
    ((4, 4), "all four 4s must be played (R6, R10)"),
])
def test_explain_shapes_of_ordinary_rolls(dice, shape):
    assert Position.initial().start_turn(dice).explain() == shape


# ------------------------------------------------------------------------------ refusals as values (issue 18)
def test_every_refused_step_carries_its_rule_as_a_value():
    """For every (point, die) a learner can click, a refused step is a Refusal with a rule id,
    and why() is that refusal's sentence, ending with the rule in brackets."""
    import numpy as np

    from bgsim import Refusal
    from tests.support.positions import gen_anything, gen_bar, gen_bearoff_contact, gen_bearoff_gaps, random_dice

    rng = np.random.default_rng(18)
    checked = 0
    for gen in (gen_anything, gen_bar, gen_bearoff_gaps, gen_bearoff_contact):
        for _ in range(15):
            mine, theirs = gen(rng)
            pos, dice = Position.from_counts(mine, theirs), random_dice(rng)
            if pos.is_game_over():
                continue
            for caucasian in (False, True):
                t = pos.start_turn(dice, caucasian=caucasian)
                legal = {(s.src, s.die) for s in t.options()}
                for src in range(0, 26):
                    for die in range(1, 7):
                        refusal = t.refusal(src, die)
                        if (src, die) in legal:
                            assert refusal is None
                            continue
                        assert isinstance(refusal, Refusal) and refusal.rule, (pos, dice, src, die, refusal)
                        assert t.why(src, die) == str(refusal)
                        assert str(refusal).endswith(f"({refusal.rule})")
                        checked += 1
    assert checked > 5000


# ------------------------------------------------------------------------------ one attempt (issue 29)
def test_attempt_plays_a_legal_step_or_returns_the_refusal_and_changes_nothing():
    t = Position.initial().start_turn((6, 4))
    assert t.attempt("24/18") is t and t.steps[-1].src == 24 and t.dice_left == (4,)
    refused = t.attempt("13/7")                      # the 6 is used (R5)
    assert isinstance(refused, Refusal) and refused.rule == "R5" and t.dice_left == (4,)
    backwards = t.attempt("9/13")                    # not a step at all: refused with the reason
    assert isinstance(backwards, Refusal) and str(backwards).startswith("9/13: ") and len(t.steps) == 1
    assert t.attempt(13, 4) is t and t.is_complete


def test_pick_refuses_another_checker_while_one_is_on_the_bar_r13():
    pos = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
    t = pos.start_turn((6, 2))
    assert t.pick(13).rule == "R13" and str(t.pick(13)).startswith("13: ")
    assert t.pick(25) is None and t.pick(0) is None and t.pick(7) is None   # the bar; off; an empty point
    assert Position.initial().start_turn((6, 4)).pick(13) is None


def test_forfeit_says_why_each_die_is_blocked_and_that_the_turn_is_forfeited_r12():
    closed = Position.from_counts({25: 2, 13: 13}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
    t = closed.start_turn((6, 5))
    f = t.forfeit(25)
    assert f.rule == "R12" and str(f).endswith("no legal play: the turn is forfeited (R12)")
    assert "bar/19" in str(f) and "bar/20" in str(f)          # each die's reason, higher die first
    assert Position.initial().start_turn((6, 4)).forfeit(24) is None
