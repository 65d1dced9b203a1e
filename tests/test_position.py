"""Position: construction, validation (clear errors), reading, transforms (R1-R3, R16, R21-R23, X3)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given

from bgsim import InvalidPositionError, Position
from bgsim.errors import BgsimError

from positions import valid_positions


def test_R3_initial_position():
    pos = Position.initial()
    for side in (pos.mine, pos.theirs):
        assert {p: n for p, n in enumerate(side) if n} == {24: 2, 13: 5, 8: 3, 6: 5}
    assert pos.turn == 0 and pos.pips() == (167, 167) and pos.checkers == 15


def test_X3_hypergammon_initial():
    pos = Position.initial(variant="hypergammon")
    assert {p: n for p, n in enumerate(pos.mine) if n} == {24: 1, 23: 1, 22: 1}
    assert pos.checkers == 3 and pos.pips() == (69, 69)


def test_R1_point_numbering_is_mirrored():
    # my point p is the opponent's point 25 - p: the opponent's 24-point checkers sit on my 1-point
    pos = Position.initial()
    assert pos.owner(1) == (1, 2) and pos.owner(24) == (0, 2) and pos.owner(12) == (1, 5)


@pytest.mark.parametrize(
    "mine, theirs, fragment",
    [
        ({6: 16}, {6: 15}, "more than 15"),
        ({6: 15}, {6: 14, 0: 0}, "different numbers of checkers"),
        ({6: 15, 19: 0}, {6: 15}, None),
        ({6: 14, 19: 1}, {6: 15}, "both sides"),  # my 19 = their 6
        ({30: 1}, {6: 15}, "unknown point"),
        ({"x": 1}, {6: 15}, "unknown point"),
        ({6: -1}, {6: 15}, "negative"),
        ((1,) * 25, {6: 15}, "26 counts"),
        ({0: 15}, {0: 15}, "both sides have borne off"),
        ({6: 1.5}, {6: 15}, "whole number"),
    ],
)
def test_validation_names_the_problem(mine, theirs, fragment):
    if fragment is None:
        Position.from_counts(mine, theirs)
        return
    with pytest.raises(InvalidPositionError, match=fragment):
        Position.from_counts(mine, theirs)


def test_errors_are_value_errors():
    with pytest.raises(ValueError):
        Position.from_counts({6: 16}, {6: 15})
    assert issubclass(InvalidPositionError, BgsimError)


def test_bad_turn():
    with pytest.raises(InvalidPositionError, match="turn"):
        Position.initial(turn=2)


def test_R21_checkers_off_with_a_checker_on_the_bar_is_valid():
    pos = Position.from_counts({25: 1, 3: 4}, {1: 2, 12: 13})
    assert pos.off == (10, 0) and pos.bar == (1, 0) and not pos.can_bear_off()


def test_R16_can_bear_off():
    assert Position.from_counts({6: 5, 1: 5}, {12: 15}).can_bear_off()
    assert not Position.from_counts({7: 1, 1: 5}, {12: 15}).can_bear_off()
    assert not Position.from_counts({25: 1, 1: 5}, {12: 15}).can_bear_off()


def test_race_and_contact():
    assert not Position.initial().is_race()
    # my rearmost on 10, their rearmost on their 14 = my 11: they have passed each other
    assert Position.from_counts({10: 15}, {14: 15}).is_race()
    # their rearmost on their 16 = my 9: my checker on 10 can still hit it
    assert not Position.from_counts({10: 15}, {16: 15}).is_race()
    assert not Position.from_counts({25: 1, 1: 14}, {1: 15}).is_race()


def test_R22_winner_and_game_over():
    pos = Position.from_counts({0: 15}, {6: 15}, turn=1)
    assert pos.is_game_over() and pos.winner() == 1
    assert Position.initial().winner() is None


def test_blots_and_made_points():
    pos = Position.from_counts({6: 2, 5: 1, 4: 1, 13: 11}, {24: 15})
    assert pos.blots() == (5, 4) and pos.made_points() == (13, 6)
    assert pos.made_points(1) == (24,) and pos.blots(1) == ()


def test_swap_and_mirror():
    pos = Position.from_counts({6: 5, 25: 1}, {3: 2, 24: 13}, turn=1)
    s = pos.swap()
    assert s.mine == pos.theirs and s.theirs == pos.mine and s.turn == 0
    assert s.swap() == pos
    m = pos.mirror()
    assert m.mine == pos.mine and m.turn == 0 and m.mirror() == pos


@given(valid_positions())
def test_value_semantics(board):
    mine, theirs = board
    pos = Position(mine, theirs)
    same = Position(list(mine), list(theirs))
    assert pos == same and hash(pos) == hash(same)
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert Position.from_array(pos.to_array()) == pos
    assert sum(pos.mine) == sum(pos.theirs) == pos.checkers
    a, b = pos.pips()
    assert a == sum(i * n for i, n in enumerate(mine)) and b == sum(i * n for i, n in enumerate(theirs))


def test_text_board_shows_the_position():
    text = str(Position.from_counts({25: 2, 6: 13}, {24: 15}))
    assert "bar: X 2  O 0" in text and "X on roll" in text


def test_immutable():
    pos = Position.initial()
    with pytest.raises(AttributeError):
        pos.turn = 1  # type: ignore[misc]
    assert isinstance(pos.mine, tuple)
