"""Position: construction, validation (clear errors), reading, transforms (R1-R3, R16, R21-R23, X3)."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bgsim import InvalidPositionError, ParseError, Position
from bgsim.engine.errors import BgsimError

from tests.support.positions import GENERATORS, sample_case, valid_positions


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


# ------------------------------------------------------------------------------ counts(player), side
def test_counts_is_the_absolute_players_own_numbering_whoever_is_on_roll():
    start = Position.initial()
    after = start.play("24/18 13/11")            # player 0 moved, player 1 on roll
    assert after.turn == 1
    assert after.counts(1) == after.mine and after.counts(0) == after.theirs
    assert after.counts(0)[18] == 1 and after.counts(0)[11] == 1 and after.counts(0)[24] == 1
    assert start.counts(0) == start.counts(1) == start.mine
    assert after.side_of(1) == 0 and after.side_of(0) == 1


@given(valid_positions(), st.sampled_from([0, 1]))
def test_counts_follow_the_player_through_swap_and_mirror(board, turn):
    pos = Position(*board, turn)
    for player in (0, 1):
        side = pos.side_of(player)
        assert pos.counts(player) == (pos.mine, pos.theirs)[side]
        assert pos.swap().counts(player) == pos.counts(player)        # same checkers, other side on roll
        assert pos.mirror().counts(1 - player) == pos.counts(player)  # colours exchanged
        assert pos.blots(side) == tuple(p for p in range(24, 0, -1) if pos.counts(player)[p] == 1)


@pytest.mark.parametrize("bad", [2, -1, True, "0", None, 0.0])
def test_counts_and_sides_reject_anything_but_0_or_1(bad):
    pos = Position.initial()
    for call in (pos.counts, pos.side_of, pos.blots, pos.made_points, pos.can_bear_off):
        with pytest.raises(InvalidPositionError, match="0|1"):
            call(bad)


# ------------------------------------------------------------------------------ ids: checkers=
@pytest.mark.parametrize("checkers", [-1, 0, 16, True, "15", 3.0])
def test_id_readers_reject_a_bad_checkers_count_with_invalid_position_error(checkers):
    with pytest.raises(InvalidPositionError, match="checkers"):
        Position.from_gnubg_id("4HPwATDgc/ABMA", checkers=checkers)
    with pytest.raises(InvalidPositionError, match="checkers"):
        Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", checkers=checkers)


# ------------------------------------------------------------------------------ to_dict / from_dict
@settings(max_examples=200)
@given(st.one_of(valid_positions(), valid_positions(3)), st.sampled_from([0, 1]))
def test_to_dict_round_trips_through_json(board, turn):
    pos = Position(*board, turn)
    data = pos.to_dict()
    assert data == json.loads(json.dumps(data))   # JSON-safe: nothing changes on the way
    back = Position.from_dict(json.loads(json.dumps(data)))
    assert back == pos and back.checkers == pos.checkers and back.turn == turn
    assert back.counts(0) == pos.counts(0)


@given(st.sampled_from(sorted(GENERATORS)), st.integers(0, 2**32 - 1))
def test_to_dict_round_trips_generated_positions(name, seed):
    mine, theirs, _dice = sample_case(name, np.random.default_rng(seed))
    pos = Position(mine, theirs, seed % 2)
    assert Position.from_dict(json.loads(json.dumps(pos.to_dict()))) == pos


def _start_dict(**change):
    d = Position.initial().to_dict()
    d.update(change)
    return d


@pytest.mark.parametrize("data, error, fragment", [
    (None, ParseError, "mapping"),
    ([1, 2], ParseError, "mapping"),
    ({}, ParseError, "missing"),
    (_start_dict(extra=1), ParseError, "unknown: extra"),
    ({k: v for k, v in _start_dict().items() if k != "turn"}, ParseError, "missing: turn"),
    (_start_dict(turn=2), InvalidPositionError, "turn"),
    (_start_dict(turn="0"), InvalidPositionError, "turn"),
    (_start_dict(turn=None), InvalidPositionError, "turn"),
    (_start_dict(checkers=14), InvalidPositionError, "14"),
    (_start_dict(checkers=0), InvalidPositionError, "checkers"),
    (_start_dict(checkers="15"), InvalidPositionError, "checkers"),
    (_start_dict(mine=[0] * 25), InvalidPositionError, "26"),
    (_start_dict(mine="abc"), InvalidPositionError, "26"),
    (_start_dict(mine=None), InvalidPositionError, "26"),
    (_start_dict(mine=[1.5] * 26), InvalidPositionError, "whole"),
    (_start_dict(mine=[True] * 15 + [0] * 11), InvalidPositionError, "whole"),
    (_start_dict(mine={"6": 15}), InvalidPositionError, "26"),
    (_start_dict(mine=[0, 1] + [0] * 22 + [14, 0]), InvalidPositionError, "R7"),  # my 1 = their 24
    (_start_dict(mine=[16] + [0] * 24 + [-1]), InvalidPositionError, "negative"),
])
def test_from_dict_rejects_bad_data_with_library_errors(data, error, fragment):
    with pytest.raises(error, match=fragment):
        Position.from_dict(data)


# ------------------------------------------------------------------ draws (V4)


@pytest.mark.parametrize("turn", [0, 1])
@pytest.mark.parametrize("checkers", [15, 3])
def test_V4_a_draw_position_is_whole(turn, checkers):
    """A drawn game (V4) ends with every checker of both sides off: no winner, game over."""
    draw = Position.from_counts({0: checkers}, {0: checkers}, turn=turn)
    assert draw.is_game_over() and draw.winner() is None
    assert draw.off == (checkers, checkers) and draw.pips() == (0, 0)
    # read back from its IDs when the reader is told it is a finished game (issue 22: refused otherwise)
    assert Position.from_gnubg_id(draw.gnubg_id(), turn=turn, checkers=checkers, finished=True) == draw
    assert Position.from_xgid(draw.xgid(), checkers=checkers, finished=True) == draw
    for read in (lambda: Position.from_gnubg_id(draw.gnubg_id(), turn=turn, checkers=checkers),
                 lambda: Position.from_xgid(draw.xgid(), checkers=checkers),
                 lambda: Position.from_board({}, turn=turn, checkers=checkers)):
        with pytest.raises(InvalidPositionError, match="finished=True"):
            read()
    assert Position.from_dict(json.loads(json.dumps(draw.to_dict()))) == draw
    assert pickle.loads(pickle.dumps(draw)) == draw
    assert draw.swap().winner() is None and draw.swap().is_game_over()


def test_V4_a_draw_position_draws_itself():
    from bgsim.draw.svg import board

    svg = board(Position.from_counts({0: 15}, {0: 15}))
    for player in (0, 1):  # every checker of both players in its tray
        assert svg.count(f'class="checker" data-player="{player}" data-point="0"') == 15
    assert 'data-point="1"' in svg  # the empty points are there too


def test_V4_a_drawn_game_ends_on_the_draw_position_and_records_it():
    from bgsim import Game, Rules
    from bgsim.game.records import GameRecord

    g = Game(Rules.money(last_roll_draw=True), position=Position.from_counts({1: 1}, {1: 2}, turn=0))
    g.roll(dice=(2, 1))
    g.play("1/off")
    g.roll(dice=(3, 2))
    g.play("1/off(2)")
    assert g.result.is_draw
    final = g.position
    assert final == Position.from_counts({0: 15}, {0: 15}, turn=final.turn)
    assert final.winner() is None and final.is_game_over()
    record = GameRecord.from_game(g)
    back = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert back.steps[-1].position == final
    assert Position.from_xgid(back.steps[-1].xgid, finished=True) == final   # a finished game, said so (issue 22)
    assert "draw" in back.steps[-1].caption
    assert 'class="checker"' in back.steps[-1]._repr_svg_()


def test_V4_a_draw_has_no_bear_off_chances_left():
    from bgsim.odds.bearoff import two_sided

    with pytest.raises(InvalidPositionError, match="V4"):
        two_sided(max_checkers=1).win_chance(Position.from_counts({0: 15}, {0: 15}))
