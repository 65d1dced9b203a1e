"""Notation: writing plays and reading them back; clear errors for bad text (R5-R21 cited)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgsim import IllegalPlayError, ParseError, Position
from bgsim.engine.errors import AmbiguousPlayError
from bgsim.engine.errors import BgsimError
from bgsim.engine.notation import format_play, parse_chains

from tests.support.positions import GENERATORS, sample_case


@pytest.mark.parametrize(
    "moves, hits, text",
    [
        (((24, 18), (13, 11)), (False, False), "24/18 13/11"),
        (((25, 22), (22, 16)), (True, False), "bar/22*/16"),
        (((25, 22),), (False,), "bar/22"),
        (((6, 0), (6, 0)), (False, False), "6/off(2)"),
        (((13, 7), (13, 7), (8, 2), (8, 2)), (False,) * 4, "13/7(2) 8/2(2)"),
        (((24, 18), (18, 13)), (True, False), "24/18*/13"),
        (((24, 18), (18, 13)), (False, False), "24/13"),
        (((24, 18), (18, 13)), (False, True), "24/13*"),
        (((6, 2), (2, 0)), (False, False), "6/off"),
        ((), (), "(no play)"),
    ],
)
def test_format(moves, hits, text):
    assert format_play(moves, hits) == text


def test_parse_and_format_a_play_with_steps_in_any_order():
    pos = Position.initial()
    play = pos.parse_play("8/7 13/7")
    assert play.steps in (((13, 7), (8, 7)), ((8, 7), (13, 7)))
    assert str(play) == "13/7 8/7"
    assert pos.parse_play("13/7 8/7", dice=(1, 6)) == play or pos.play("13/7 8/7") == pos.play(play)
    msg = str(pytest.raises(IllegalPlayError, pos.parse_play, "13/10", dice=(6, 3)).value)
    assert msg.startswith("13/10 alone leaves the 6 unplayed, but ") and msg.endswith("plays both dice (R10)")


def test_merged_and_unmerged_forms_give_the_same_play():
    pos = Position.initial()
    a = pos.play("24/13", dice=(6, 5))
    b = pos.play("24/18 18/13")
    c = pos.play("18/13 24/18")  # any order
    assert a == b == c


def test_hit_marks_are_respected():
    # their blot on my 18; 24/18*/13 and 24/19/13 both reach 13
    pos = Position.from_counts({24: 1, 6: 14}, {7: 1, 0: 14})
    hit = pos.parse_play("24/18*/13")
    quiet = pos.parse_play("24/13")
    assert any(hit.hits) and not any(quiet.hits)
    assert pos.play(hit) != pos.play(quiet)


def test_roll_inference_prefers_the_literal_reading():
    # 8/5 6/5 is 3-1 (two steps); 1-1 could also do it with 8/7/6/5 6/5
    assert Position.initial().parse_play("8/5 6/5").dice == (3, 1)


def test_ambiguous_roll_asks_for_dice():
    with pytest.raises(AmbiguousPlayError, match="give the dice") as info:
        Position.initial().parse_play("13/5")  # 6-2 or 5-3
    assert isinstance(info.value, ParseError)
    candidates = info.value.candidates
    assert {"13/5 (6-2)", "13/5 (5-3)"} <= set(candidates) and len(set(candidates)) == len(candidates)
    for text in candidates:  # "13/5 (6-2)": legal with that roll
        play, roll = text.rsplit(" (", 1)
        dice = tuple(int(d) for d in roll.rstrip(")").split("-"))
        assert str(Position.initial().parse_play("13/5", dice=dice)) == play


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("13/14", "backwards"),
        ("hello", "cannot read"),
        ("off/3", "cannot start from off"),
        ("26/20", "no point 26"),
        ("13/7/bar", "bar can only be where a move starts"),
        ("6/off/3", "cannot read|backwards|nothing comes after off"),
        ("13/7(5)", "1 to 4 times|cannot read"),
        ("13/7 13/7 13/7 13/7 13/7", "at most four"),
        ("*13/7", "cannot read"),
    ],
)
def test_parse_errors_say_what_is_wrong(text, fragment):
    with pytest.raises(ParseError, match=fragment):
        parse_chains(text)


@pytest.mark.parametrize(
    "mine, theirs, text, dice, rule",
    [
        ({25: 1, 13: 14}, {0: 15}, "13/7 13/12", (6, 1), "R13"),
        ({13: 15}, {18: 2, 0: 13}, "13/7 13/12", (6, 1), "R7"),
        ({8: 1, 6: 14}, {0: 15}, "6/off 6/4", (6, 2), "R16"),
        ({5: 1, 1: 1, 0: 13}, {0: 15}, "5/4 1/off", (2, 1), "R19"),
        ({13: 1, 0: 14}, {21: 2, 0: 13}, "13/10", (6, 3), "R11"),
        ({24: 2, 0: 13}, {0: 15}, "24/19", (5, 5), "R10"),
        ({25: 1, 13: 14}, {1: 2, 2: 2, 4: 2, 5: 2, 6: 2, 0: 5}, "bar/20", (5, 3), "R14"),
    ],
)
def test_illegal_plays_cite_the_rule(mine, theirs, text, dice, rule):
    pos = Position.from_counts(mine, theirs)
    with pytest.raises(IllegalPlayError, match=rule):
        pos.parse_play(text, dice=dice)


def test_no_checker_there():
    with pytest.raises(IllegalPlayError, match="no checker of yours on point 20"):
        Position.initial().parse_play("20/14 13/12", dice=(6, 1))


@settings(max_examples=150)
@given(st.sampled_from(sorted(GENERATORS)), st.integers(0, 2**32 - 1))
def test_every_legal_play_round_trips_through_notation(name, seed):
    rng = np.random.default_rng(seed)
    mine, theirs, dice = sample_case(name, rng)
    pos = Position(mine, theirs)
    caucasian = False
    for play in pos.legal_plays(dice, caucasian=caucasian):
        back = pos.parse_play(str(play), dice=dice, caucasian=caucasian)
        assert pos.play(back) == pos.play(play), (str(play), dice)


@settings(max_examples=300)
@given(st.text(max_size=40))
def test_fuzz_parse_play_only_documented_errors(text):
    pos = Position.initial()
    try:
        pos.parse_play(text)
    except BgsimError:
        pass


@settings(max_examples=300)
@given(st.lists(st.sampled_from(["bar", "off", "24", "18", "13", "7", "6", "1", "0", "25", "/", "*", " ", "(2)", "(9)"]),
                max_size=12))
def test_fuzz_parse_play_near_miss_text(parts):
    pos = Position.from_counts({25: 1, 6: 10, 1: 4}, {1: 2, 7: 1, 0: 12})
    try:
        pos.parse_play("".join(parts), dice=(6, 1))
    except BgsimError:
        pass


def test_a_move_that_could_hit_on_either_route_must_say_where():
    # my checker on 24; their blots on my 18 and my 19: 6-5 hits on one of them on the way to 13
    pos = Position.from_counts({24: 1, 6: 14}, {7: 1, 6: 1, 0: 13})
    with pytest.raises(AmbiguousPlayError, match=r"24/18\*/13 or 24/19\*/13") as info:
        pos.parse_play("24/13", dice=(6, 5))
    assert info.value.candidates == ("24/18*/13", "24/19*/13")
    for text in info.value.candidates:  # each candidate reads back as exactly one play
        assert str(pos.parse_play(text, dice=(6, 5))) == text
    assert pos.parse_play("24/19*/13", dice=(6, 5)).steps == ((24, 19), (19, 13))
    assert pos.parse_play("24/18*/13", dice=(6, 5)).steps == ((24, 18), (18, 13))
