"""Legal plays, rule by rule (R4-R21, V5, X3 of docs/rules.md), worked out by hand.

Each test names the rule it proves. The exhaustive comparison with the independent
brute-force oracle is in ``test_engine_vs_reference.py``.
"""

from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgsim import OPENING_ROLLS, IllegalPlayError, InvalidPositionError, ParseError, Play, Position
from bgsim.engine.dice import ALL_ROLLS

from tests.support.positions import GENERATORS, sample_case, valid_positions


def _start_with(**change):
    d = Position.initial().to_dict()
    d.update(change)
    return d


def P(mine, theirs, **kw):
    return Position.from_counts(mine, theirs, **kw)


def plays(pos, dice, **kw):
    return sorted(str(p) for p in pos.legal_plays(dice, **kw))


# The opponent's checkers, parked where they block nothing relevant unless said.
FAR = {0: 15}
# their points 1-6 are my 24-19: an opponent home board closed on every point
CLOSED_BOARD = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3}


def test_R4_opening_rolls_are_never_doubles():
    assert len(OPENING_ROLLS) == 30 and all(a != b for a, b in OPENING_ROLLS)
    assert len({frozenset(r) for r in OPENING_ROLLS}) == 15


def test_R5_both_dice_on_one_checker_needs_an_open_landing_point():
    # one checker on my 24; my 18 and 19 closed (their 7 and 6): 6-5 cannot be played at all
    blocked = P({24: 1, 0: 14}, {7: 2, 6: 2, 0: 11})
    assert plays(blocked, (6, 5)) == ["(no play)"]
    # only 18 closed: the checker goes 24/19/13, through the open 19
    via19 = P({24: 1, 0: 14}, {7: 2, 0: 13})
    (only,) = via19.legal_plays((6, 5))
    assert only.steps == ((24, 19), (19, 13)) and str(only) == "24/13"


def test_R6_doubles_move_four_times_and_stop_at_a_closed_point():
    # one checker, 4-4, my 12 closed: 24/20/16 and then the third 4 is blocked
    pos = P({24: 1, 0: 14}, {13: 2, 0: 13})
    (only,) = pos.legal_plays((4, 4))
    assert str(only) == "24/16" and only.dice_used == 2
    # four checkers, 2-2: each can take one 2, or one checker can take all four
    free = P({24: 4, 0: 11}, FAR)
    texts = plays(free, (2, 2))
    assert "24/22(4)" in texts and "24/16" in texts and all(p.dice_used == 4 for p in free.legal_plays((2, 2)))


def test_R7_closed_points_cannot_be_landed_on_but_can_be_passed():
    pos = P({13: 1, 0: 14}, {15: 2, 0: 13})  # their 15 = my 10: closed
    assert "13/10" not in " ".join(plays(pos, (3, 1)))
    # passing over the closed 10 with a 6 is fine: 13/7/6
    assert any((13, 7) in p.steps for p in pos.legal_plays((6, 1)))


def test_R8_hit_sends_the_blot_to_the_bar_and_the_hitter_may_go_on():
    pos = P({24: 1, 0: 14}, {7: 1, 0: 14})  # their blot on their 7 = my 18
    texts = plays(pos, (6, 5))
    assert "24/18*/13" in texts
    hit = next(p for p in pos.legal_plays((6, 5)) if str(p) == "24/18*/13")
    after = pos.play(hit)
    assert after.mine[25] == 1 and after.mine[7] == 0  # the opponent (now on roll) is on the bar


def test_R9_a_full_prime_cannot_be_passed():
    # my 24 trapped behind their prime on my 23..18 (their 2..7)
    prime = {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 0: 3}
    pos = P({24: 1, 6: 14}, prime)
    for roll in ALL_ROLLS:
        assert all(src != 24 for p in pos.legal_plays(roll) for src, _ in p.steps), roll


def test_R10_both_dice_must_be_played_when_possible():
    # 13/7 is closed, but 13/10/4 plays both dice: the only legal play
    pos = P({13: 1, 0: 14}, {18: 2, 0: 13})
    assert plays(pos, (6, 3)) == ["13/4"]
    with pytest.raises(IllegalPlayError, match=r"R10"):
        Position.initial().parse_play("13/10", dice=(6, 3))


def test_R10_doubles_as_many_as_possible():
    # 5-5 from my 24 with their 4 closed (my 21 open... my 14 closed): 24/19 then 19/14 blocked
    pos = P({24: 2, 0: 13}, {11: 2, 0: 13})
    texts = plays(pos, (5, 5))
    assert texts == ["24/19(2)"]


def test_R11_the_higher_die_when_only_one_can_be_played():
    # one checker on 13, 6-3; 13/7 and 13/10 are open but 4 is closed: only one die, the 6
    pos = P({13: 1, 0: 14}, {21: 2, 0: 13})
    assert plays(pos, (6, 3)) == ["13/7"]
    with pytest.raises(IllegalPlayError, match=r"R11"):
        pos.parse_play("13/10", dice=(6, 3))


def test_R11_the_only_playable_die_is_played_even_if_lower():
    pos = P({13: 1, 0: 14}, {21: 2, 18: 2, 0: 11})  # my 4 and my 7 closed
    assert plays(pos, (6, 3)) == ["13/10"]


def test_R12_no_legal_move_forfeits_the_roll():
    pos = P({25: 1, 13: 14}, CLOSED_BOARD)
    for roll in ALL_ROLLS:
        (only,) = pos.legal_plays(roll)
        assert only.is_empty and str(only) == "(no play)"
        assert pos.play(only) == pos.swap()


def test_R13_bar_first():
    pos = P({25: 1, 13: 14}, FAR)
    for roll in ALL_ROLLS:
        for p in pos.legal_plays(roll):
            assert p.steps[0][0] == 25


def test_R14_entry_point_is_25_minus_die_and_must_be_open():
    # their 3 point (my 22) is the only open point of their home board
    board = {1: 2, 2: 2, 4: 2, 5: 2, 6: 2, 0: 5}
    pos = P({25: 1, 13: 14}, board)
    assert plays(pos, (3, 5)) == ["bar/17", "bar/22 13/8"]
    assert plays(pos, (6, 5)) == ["(no play)"]
    # entering on a blot hits it
    pos2 = P({25: 1, 13: 14}, {3: 1, 0: 14})
    assert any(str(p).startswith("bar/22*") for p in pos2.legal_plays((3, 1)))


def test_R15_partial_entry_forfeits_the_rest():
    board = {1: 2, 2: 2, 4: 2, 5: 2, 6: 2, 0: 5}
    pos = P({25: 2, 13: 13}, board)
    assert plays(pos, (3, 5)) == ["bar/22"]
    assert plays(pos, (3, 3)) == ["bar/22(2) 13/10(2)", "bar/22(2) 13/7"]  # my 19 (their 6) is closed
    # both enter with 3-3, then the remaining 3s are played by any checker, the entered ones included
    pos = P({25: 2, 13: 13}, {1: 2, 2: 2, 4: 2, 5: 2, 0: 7})
    texts = plays(pos, (3, 3))
    assert all(t.startswith("bar/") for t in texts)
    assert "bar/19 bar/22 13/10" in texts and "bar/16 bar/22" in texts


def test_R16_bearing_off_only_with_all_home_even_mid_turn():
    pos = P({8: 1, 6: 14}, FAR)
    texts = plays(pos, (6, 2))
    assert texts == ["8/2 6/4", "8/off"]  # 8/off is 8/6 then 6/off: home mid-turn
    # before the last checker is home, no bear-off
    for p in pos.legal_plays((6, 2)):
        if p.steps[0][1] == 0:
            pytest.fail(f"{p} bore off with a checker still on 8")


def test_R17_exact_number():
    pos = P({4: 1, 3: 1, 0: 13}, FAR)
    assert "4/off 3/off" in plays(pos, (4, 3))


def test_R18_higher_number_from_the_highest_point():
    pos = P({3: 1, 2: 1, 0: 13}, FAR)
    assert plays(pos, (6, 5)) == ["3/off 2/off"]


def test_R19_lower_restriction():
    # a 2 cannot bear off from 5; with 2-1 the plays are 5/3 1/off and 5/2
    pos = P({5: 1, 1: 1, 0: 13}, FAR)
    assert plays(pos, (2, 1)) == ["5/2", "5/3 1/off"]
    with pytest.raises(IllegalPlayError, match=r"R19"):
        pos.parse_play("5/4 1/off", dice=(2, 1))


def test_R20_bearing_off_is_not_compulsory():
    pos = P({6: 1, 3: 1, 0: 13}, FAR)
    texts = plays(pos, (3, 1))
    assert any("off" in t for t in texts) and any("off" not in t for t in texts)


def test_R21_a_hit_checker_must_come_home_before_bearing_off_resumes():
    pos = P({25: 1, 1: 4, 0: 10}, {20: 2, 0: 13})
    for roll in ALL_ROLLS:
        for p in pos.legal_plays(roll):
            cur = list(pos.mine)
            for src, dst in p.steps:
                if dst == 0:
                    assert not any(cur[7:]), f"{p} bore off with a checker outside"
                cur[src] -= 1
                cur[dst] += 1


def test_V5_caucasian_hitter_may_not_land_on_own_checkers():
    # their blot on my 5 (their 20); my checkers on 8 and on 4
    pos = P({8: 1, 4: 2, 13: 12}, {20: 1, 0: 14})
    standard = plays(pos, (3, 1))
    caucasian = plays(pos, (3, 1), caucasian=True)
    assert "8/5*/4" in standard and "8/5*/4" not in caucasian
    with pytest.raises(IllegalPlayError, match="V5"):
        pos.parse_play("8/5*/4", dice=(3, 1), caucasian=True)
    # the hitter may go on to an empty point, and another checker may cover it
    pos2 = P({8: 1, 6: 2, 13: 12}, {20: 1, 0: 14})
    cau2 = plays(pos2, (3, 1), caucasian=True)
    assert "8/5* 6/5" in cau2 and "8/5*/4" in cau2
    # hitting outside the home board is not restricted
    pos3 = P({13: 1, 9: 2, 6: 12}, {15: 1, 0: 14})  # their blot on my 10
    assert "13/10*/9" in plays(pos3, (3, 1), caucasian=True)


def test_V5_caucasian_hitter_may_bear_off():
    pos = P({6: 1, 2: 2, 0: 12}, {22: 1, 0: 14})
    assert plays(pos, (3, 3), caucasian=True) == ["6/3*/off 2/off(2)"]
    # with 3-1 the hitter may not go on to my 2, which holds my checkers; 6/5/2 does not hit
    assert plays(pos, (3, 1), caucasian=True) == ["6/2", "6/3* 2/1"]
    assert plays(pos, (3, 1)) == ["6/2", "6/3* 2/1", "6/3*/2"]


def test_X3_hypergammon_keeps_three_checkers():
    pos = Position.initial(variant="hypergammon")
    for roll in ALL_ROLLS:
        for p in pos.legal_plays(roll):
            after = pos.play(p)
            assert after.checkers == 3 and sum(after.theirs) == 3
    # 6-1 from 24, 23, 22: 24/23 23/17 is the same position as 24/17, and 23/22 22/16 as 23/16
    assert plays(pos, (6, 1)) == ["22/15", "23/16", "23/17 22/21", "24/17", "24/18 22/21", "24/18 23/22",
                                  "24/23 22/16"]


def test_play_rejects_a_play_of_another_position():
    pos = Position.initial()
    foreign = P({25: 1, 13: 14}, FAR).legal_plays((6, 1))[0]
    with pytest.raises(IllegalPlayError):
        pos.play(foreign)


def test_bad_dice():
    with pytest.raises(IllegalPlayError, match="1 to 6"):
        Position.initial().legal_plays((0, 3))
    with pytest.raises(IllegalPlayError):
        Position.initial().legal_plays("63")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ Play's names
def test_play_steps_before_after_and_no_moves_alias():
    start = Position.initial()
    play = start.parse_play("13/7 8/7")
    assert play.steps == ((13, 7), (8, 7)) and play.hits == (False, False) and play.dice == (6, 1)
    assert play.before == start and play.after == start.play(play) and play.after.turn == 1
    assert not hasattr(play, "moves")       # the old alias of steps went in 0.2 (CHANGELOG.md)
    assert not hasattr(play, "_before") and not hasattr(play, "_after")
    # equal and hashable by steps, dice and hits (not by the positions they carry)
    again = Play(((13, 7), (8, 7)), (6, 1), (False, False))
    assert again == play and hash(again) == hash(play) and again.before is None


# ------------------------------------------------------------------------------ to_dict / from_dict
@settings(max_examples=150)
@given(st.one_of(valid_positions(), valid_positions(3)), st.sampled_from(ALL_ROLLS), st.booleans(), st.integers(0))
def test_play_to_dict_round_trips_through_json(board, dice, caucasian, pick):
    pos = Position(*board)
    legal = pos.legal_plays(dice, caucasian=caucasian)
    for play in {legal[0], legal[-1], legal[pick % len(legal)]}:
        data = json.loads(json.dumps(play.to_dict()))
        back = Play.from_dict(data)
        assert back == play and back.after == play.after and back.before == pos
        assert back.caucasian == caucasian and back.to_dict() == play.to_dict()


@given(st.sampled_from(sorted(GENERATORS)), st.integers(0, 2**32 - 1))
def test_play_to_dict_round_trips_generated_cases(name, seed):
    mine, theirs, dice = sample_case(name, np.random.default_rng(seed))
    pos = Position(mine, theirs, seed % 2)
    legal = pos.legal_plays(dice)
    for play in {legal[0], legal[-1], legal[seed % len(legal)]}:
        assert Play.from_dict(json.loads(json.dumps(play.to_dict()))).after == play.after


def test_play_from_dict_without_a_position_and_with_steps_in_another_order():
    bare = Play.from_dict({"dice": [6, 1], "steps": [[13, 7], [8, 7]]})
    assert bare.before is None and str(bare) == "13/7 8/7" and bare.hits == (False, False)
    start = Position.initial()
    swapped = Play.from_dict({"before": start.to_dict(), "dice": [6, 1], "steps": [[8, 7], [13, 7]],
                              "hits": [False, False]})
    assert swapped.after == start.play("13/7 8/7")


def _play_dict(**change):
    d = Position.initial().parse_play("13/7 8/7").to_dict()
    d.update(change)
    return d


@pytest.mark.parametrize("data, error, fragment", [
    ("13/7 8/7", ParseError, "mapping"),
    ({"steps": [[13, 7]]}, ParseError, "'dice'"),
    (_play_dict(extra=True), ParseError, "unknown"),
    (_play_dict(dice=[7, 1]), ParseError, "R2"),
    (_play_dict(dice="61"), ParseError, "R2"),
    (_play_dict(steps=[[13, 7, 1]]), ParseError, "pair"),
    (_play_dict(steps=[[13, 26], [8, 7]]), ParseError, "0-25"),
    (_play_dict(steps="13/7"), ParseError, "steps"),
    (_play_dict(steps=[[13, 7]] * 5), ParseError, "four"),
    (_play_dict(hits=[False]), ParseError, "hits"),
    (_play_dict(hits=[0, 0]), ParseError, "hits"),
    (_play_dict(caucasian="no"), ParseError, "caucasian"),
    (_play_dict(before={"mine": [0] * 26}), ParseError, "missing"),
    (_play_dict(before=_start_with(turn=3)), InvalidPositionError, "turn"),
    (_play_dict(steps=[[13, 7], [13, 12]]), IllegalPlayError, "13/12"),
    (_play_dict(hits=[True, False]), IllegalPlayError, "13/7"),
])
def test_play_from_dict_rejects_bad_data_with_library_errors(data, error, fragment):
    with pytest.raises(error, match=fragment):
        Play.from_dict(data)


# ------------------------------------------------------------------------------ threads
def test_threads_generating_plays_at_once_get_what_one_thread_gets():
    rng = np.random.default_rng(7)
    cases = []
    for i in range(300):
        name = sorted(GENERATORS)[i % len(GENERATORS)]
        mine, theirs, dice = sample_case(name, rng)
        cases.append((Position(mine, theirs), dice))
    expected = [[(p.steps, p.hits, p.after) for p in pos.legal_plays(dice)] for pos, dice in cases]
    start = threading.Barrier(4)

    def work(offset):
        start.wait()
        out = {}
        for k in range(len(cases)):
            i = (k + offset * 75) % len(cases)  # each thread walks the cases from its own place
            pos, dice = cases[i]
            out[i] = [(p.steps, p.hits, p.after) for p in pos.legal_plays(dice)]
        return out

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(work, range(4)))
    for out in results:
        assert [out[i] for i in range(len(cases))] == expected


# ------------------------------------------------------------------------------ one resolver (issue 18)
def test_resolve_returns_the_legal_play_object_for_a_play_or_its_notation():
    plays = Position.initial().legal_plays((6, 4))
    target = plays.resolve("24/18 13/9")
    assert target in plays and plays.resolve(target) is target
    # the same steps in another order, made by hand, name the same play
    by_hand = Play(((13, 9), (24, 18)), (6, 4), (False, False))
    assert plays.resolve(by_hand) is target
    # a play of another list of the same roll, too
    assert plays.resolve(Position.initial().legal_plays((4, 6)).resolve("24/18 13/9")) is target


def test_resolve_refuses_with_a_refusal_value_naming_the_rule():
    from bgsim.engine.errors import Refusal

    plays = Position.initial().legal_plays((6, 4))
    with pytest.raises(IllegalPlayError) as info:
        plays.resolve("13/7")
    assert info.value.rule == "R10" and isinstance(info.value.refusal, Refusal)
    assert str(info.value) == str(info.value.refusal)
    with pytest.raises(IllegalPlayError) as info:
        plays.resolve(Position.initial().legal_plays((3, 1))[0])
    assert info.value.rule == "R5" and "is a play of 3-1, but the roll is 6-4" in str(info.value)
    with pytest.raises(TypeError):
        plays.resolve(42)  # type: ignore[arg-type]


def test_play_from_dict_builds_the_position_class_it_is_given():
    from bgsim.engine.board import BasePosition

    play = Position.initial().legal_plays((6, 1))[4]
    as_value = Play.from_dict(play.to_dict())
    as_rules = Play.from_dict(play.to_dict(), position_type=Position)
    assert as_value == as_rules == play
    assert type(as_value.after) is BasePosition and type(as_rules.after) is Position
    assert as_rules.after.legal_plays((1, 1))   # a Position knows the rules


def test_a_merged_move_whose_routes_hit_differently_is_ambiguous_and_names_both_readings():
    from bgsim import AmbiguousPlayError

    pos = Position.from_counts({24: 1, 6: 14}, {25 - 18: 1, 25 - 14: 1, 0: 13})   # blots on my 18 and 14
    with pytest.raises(AmbiguousPlayError) as info:
        pos.parse_play("24/14", (6, 4))
    assert set(info.value.candidates) == {"24/14*", "24/18*/14*"}
    assert "24/14* or 24/18*/14*" in str(info.value)
    # marking the hits says which one; so does writing the route
    assert pos.parse_play("24/14*", (6, 4)).hits == (False, True)
    assert pos.parse_play("24/18*/14*", (6, 4)).hits == (True, True)
    assert pos.parse_play("24/20/14", (6, 4)) == pos.parse_play("24/14*", (6, 4))
