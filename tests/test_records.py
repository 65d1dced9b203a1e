"""Tests of bgsim.game.records: stepping through games and matches, captions, text, and IDs per position.

Rule ids: R3 (start position IDs), R4 (opening), R12 (pass caption), R22-R26 (cube and
results in captions and IDs), R27, R28 (score and Crawford in the Match ID / XGID), R29
(automatic doubles), V3 (resign), V4 (final roll), X1-X3 (Jacoby/beaver flags, hypergammon).
Known IDs come from the gnubg manual (start position ``4HPwATDgc/ABMA``) and XG's format
description (start XGID), as quoted in bgsim.engine.ids.
"""

from __future__ import annotations

import numpy as np
import pytest

from bgsim import Position, RuleViolationError
from bgsim.game.events import GameState, Roll
from bgsim.game.game import Game
from bgsim.engine.ids import (
    GAME_DROPPED,
    GAME_OVER,
    GAME_PLAYING,
    GAME_RESIGNED,
    decode_match_id,
    decode_position_id,
    decode_xgid,
)
from bgsim.game.match import Match, Session, record_from_events
from bgsim.game.drive import RandomPlayer
from bgsim.players.players import play_game
from bgsim.game.records import GameRecord, MatchRecord, RecordStep
from bgsim.game.rules import ResultKind, Rules

START_ID = "4HPwATDgc/ABMA"                                            # gnubg manual, R3
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"     # XG, money, R3


def check_ids(step: Step) -> None:
    """Every ID of a step decodes back to the step's position and state (bgsim.engine.ids decoders)."""
    pos = step.position
    n = pos.checkers
    mine, theirs = decode_position_id(step.position_id, checkers=n)
    assert (mine, theirs) == (pos.mine, pos.theirs)
    state = decode_match_id(step.match_id)
    assert state == step.match_state()
    assert state.player_on_roll == pos.turn
    assert state.cube_value == step.cube_value and state.cube_owner == step.cube_owner
    assert state.crawford == step.crawford_game
    assert state.double_offered == (step.state is GameState.AWAITING_ANSWER)
    assert state.dice == (step.dice or (0, 0))
    rules = step.rules
    assert state.match_length == rules.match_length
    assert state.score == (step.score if rules.is_match else (0, 0))
    assert state.game_state == (GAME_PLAYING if step.result is None else
                                {"drop": GAME_DROPPED, "resign": GAME_RESIGNED}.get(step.result.how, GAME_OVER))
    m2, t2, on_roll, xs = decode_xgid(step.xgid, checkers=n)
    assert (m2, t2, on_roll) == (pos.mine, pos.theirs, pos.turn)
    assert xs == step.xgid_state()
    assert xs.cube_value == step.cube_value and xs.cube_owner == step.cube_owner
    assert (xs.cube_action == "D") == (step.state is GameState.AWAITING_ANSWER)
    assert xs.crawford == step.crawford_game
    if rules.is_money:
        assert (xs.jacoby, xs.beaver) == (rules.jacoby, rules.beavers)      # X1, X2 flags


def walk(rec) -> None:
    """Forward to the end, then back to the start: the same steps both ways (the same positions)."""
    rec.goto(0)
    forward = [rec.step]
    while (s := rec.next()) is not None:
        forward.append(s)
    assert rec.at_end and len(forward) == len(rec)
    backward = [rec.step]
    while (s := rec.prev()) is not None:
        backward.append(s)
    assert rec.at_start
    assert [(s.position, s.cube_value, s.cube_owner, s.dice, s.score) for s in forward] == \
           [(s.position, s.cube_value, s.cube_owner, s.dice, s.score) for s in reversed(backward)]
    for i in (0, len(rec) // 2, len(rec) - 1, -1):
        assert rec.goto(i) is forward[i]


# ----------------------------------------------------------------------------- stepping
def test_record_steps_forward_and_backward_to_the_same_positions():
    for seed in range(40):
        g = play_game(Rules.money(), rng=seed)
        rec = GameRecord.from_game(g)
        walk(rec)
        assert rec.positions() == g.positions()
        assert [s.event for s in rec] == list(g.events)
        replayed = GameRecord(g.events)                 # from the events alone, replayed and checked
        assert [(s.position, s.caption) for s in replayed] == [(s.position, s.caption) for s in rec]


def test_record_knows_position_cube_dice_and_score_at_each_step_R25_R26():
    g = Game(Rules.money(), rng=0)
    g.roll(dice=(3, 1)); g.play("8/5 6/5")                 # player 0 opens 3-1 (R4)
    g.double(); g.take()                                    # player 1 doubles, player 0 takes
    g.roll(dice=(6, 6)); g.play(g.legal_plays()[0])
    rec = GameRecord.from_game(g)
    kinds = [type(s.event).__name__ for s in rec]
    assert kinds == ["GameStart", "OpeningRoll", "Move", "Double", "Take", "Roll", "Move"]
    assert rec[1].dice == (3, 1) and rec[1].player_on_roll == 0 and rec[1].rolled == (3, 1)
    assert rec[2].dice is None and rec[2].position == Position.initial(0).play("8/5 6/5")
    assert rec[3].state is GameState.AWAITING_ANSWER and rec[3].player_to_act == 0
    assert (rec[4].cube_value, rec[4].cube_owner) == (2, 0)
    assert rec[5].dice == (6, 6) and rec[6].rolled == (6, 6)
    assert all(s.score == (0, 0) for s in rec)


def test_live_game_from_a_step():
    g = play_game(Rules.money(), rng=3)
    rec = GameRecord.from_game(g)
    i = len(rec) // 2
    live = rec.game(i)
    assert live.position == rec[i].position and live.state is rec[i].state
    assert rec.cursor == i
    if not live.is_over:                                    # play on from there
        if live.state is GameState.AWAITING_PLAY:
            live.play(live.legal_plays()[0])
        elif live.state is GameState.AWAITING_DOUBLE_OR_ROLL:
            live.roll(dice=(2, 1))


def test_goto_out_of_range_and_navigation_at_the_ends():
    rec = GameRecord.from_game(Game())
    assert rec.prev() is None and rec.next() is None and rec.cursor == 0
    with pytest.raises(IndexError):
        rec.goto(1)
    with pytest.raises(TypeError):
        rec.goto("1")


def test_record_from_tampered_events_is_refused():
    g = Game(starter=0)
    g.roll(dice=(6, 1)); g.play("13/7 8/7")
    events = list(g.events)
    events[1] = Roll(0, (5, 2))
    with pytest.raises(RuleViolationError):
        GameRecord(events)


# ----------------------------------------------------------------------------- captions and text
def test_captions_name_the_players_and_the_rules():
    g = Game(Rules.money(beavers=True), rng=0)
    g.roll(dice=(3, 3))                                    # tie (R4)
    g.roll(dice=(1, 4))                                    # player 1 starts with 4-1
    g.play(g.legal_plays()[0])
    g.double(); g.beaver()                                 # player 0 doubles, player 1 beavers (X2)
    g.take()                                               # player 0 takes the beaver
    g.roll(dice=(6, 5)); g.play(g.legal_plays()[0])
    g.resign(player=0)                                     # V3
    rec = GameRecord.from_game(g, names=("Ann", "Ben"))
    caps = [s.caption for s in rec]
    assert "tie" in caps[1] and "R4" in caps[1]
    assert caps[2].startswith("Opening roll: Ann throws 1, Ben throws 4: Ben starts and plays 4-1 (R4)")
    assert "Ben plays" in caps[3] and "Pip counts" in caps[3]
    assert "Ann doubles to 2 (R25)" in caps[4]
    assert "Ben beavers" in caps[5] and "X2" in caps[5]
    assert "Ann takes the beaver: the cube shows 4 and Ben keeps it (X2)" in caps[6]
    assert "Ann resigns" in caps[-2] and "V3" in caps[-2]
    assert caps[-1].startswith("Game over: Ben wins a")
    rec.goto(4)
    text = str(rec)
    assert "Ann doubles to 2" in text and "Position ID:" in text and "XGID=" in text and "cube 1" in text
    assert "X = Ann (player 0)" in text                    # the doubler is on roll in the board


def test_captions_for_pass_final_roll_crawford_and_automatic_doubles():
    # R12 pass: player 1 on the bar against a closed board.
    pos = Position.from_counts({25: 1, 12: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2, 24: 3}, turn=1)
    g = Game(position=pos)
    g.roll(dice=(6, 6))
    cap = GameRecord.from_game(g)[-1].caption
    assert "cannot move" in cap and "R12" in cap
    # V4 final roll.
    pos = Position.from_counts({1: 1}, {1: 2}, turn=0)
    g = Game(Rules.money(last_roll_draw=True), position=pos)
    g.roll(dice=(2, 1)); g.play(g.legal_plays()[0])
    assert "final roll" in GameRecord.from_game(g)[-1].caption and "V4" in GameRecord.from_game(g)[-1].caption
    # R28 Crawford game and R29 automatic doubles.
    m = Match(4, rng=1)
    m.game.resign(player=1)                                # a backgammon at the start: 3-0, 1 away
    rec = m.record()
    crawford_start = rec.goto_game(2)
    assert crawford_start.crawford_game and "Crawford game" in crawford_start.caption and "R28" in crawford_start.caption
    g = Game(Rules.money(automatic_doubles=1), rng=0)
    g.roll(dice=(2, 2))
    assert "R29" in GameRecord.from_game(g)[-1].caption


def test_transcript_and_match_text():
    m = Match(3, rng=4, names=("Ann", "Ben")).play_out()
    rec = m.record()
    lines = rec.transcript().splitlines()
    assert len(lines) == len(rec) and lines[0].strip().startswith("0. Game 1 of a 3-point match")
    assert "wins the match (R27)" in lines[-1]
    assert rec.text().splitlines()[0].startswith("Game 1 of a 3-point match, score Ann 0, Ben 0")


# ----------------------------------------------------------------------------- IDs
def test_start_ids_are_the_known_ones_R3():
    rec = GameRecord.from_game(Game())
    assert rec.step.position_id == START_ID
    assert rec.step.xgid == START_XGID


def test_ids_round_trip_through_the_decoders_for_every_step():
    settings = [Rules.money(), Rules.money(jacoby=True, beavers=True, cube_limit=64, automatic_doubles=2),
                Rules.short_backgammon(last_roll_draw=True)]
    for k, rules in enumerate(settings):
        for seed in range(6):
            rng = np.random.default_rng(100 * k + seed)
            g = play_game(rules, (RandomPlayer(rng, double_rate=0.2, beaver_rate=0.5),
                                  RandomPlayer(rng, double_rate=0.2, beaver_rate=0.5)), rng=rng)
            for step in GameRecord.from_game(g):
                check_ids(step)


def test_match_ids_carry_score_length_and_crawford_R27_R28():
    for seed in range(12):
        m = Match(5, rng=seed).play_out()
        rec = m.record()
        walk(rec)
        for step in rec:
            check_ids(step)
        for g, summary in zip(rec.games, m.summaries):
            state = decode_match_id(g[0].match_id)
            assert state.score == summary.score_before and state.match_length == 5
            assert state.crawford == summary.crawford_game
            xs = decode_xgid(g[0].xgid)[3]
            assert xs.score == summary.score_before and xs.crawford == summary.crawford_game


def test_hypergammon_ids_X3():
    g = play_game(Rules.hypergammon(), rng=2)
    for step in GameRecord.from_game(g):
        check_ids(step)
        assert sum(step.position.mine) == 3


def test_player_mapping_gnubg_player_0_is_xg_bottom():
    g = Game(starter=1)
    g.roll(dice=(5, 2))
    step = GameRecord.from_game(g)[-1]
    assert decode_match_id(step.match_id).player_on_roll == 1
    assert step.xgid.split(":")[3] == "-1"                 # XG: turn -1 = the top player = bgsim player 1
    assert decode_match_id(step.match_id).dice == (5, 2) and step.xgid.split(":")[4] == "52"


def test_double_offered_and_result_states_in_ids_R26_V3():
    g = Game(starter=0)
    g.double()
    step = GameRecord.from_game(g)[-1]
    assert decode_match_id(step.match_id).double_offered and decode_match_id(step.match_id).turn == 1
    assert step.xgid.split(":")[4] == "D"
    g.drop()
    assert decode_match_id(GameRecord.from_game(g)[-1].match_id).game_state == GAME_DROPPED
    g = Game(starter=0)
    g.resign(player=0)
    state = decode_match_id(GameRecord.from_game(g)[-1].match_id)
    assert state.game_state == GAME_RESIGNED and state.resignation == int(ResultKind.BACKGAMMON)


# ----------------------------------------------------------------------------- match records
def test_match_record_steps_across_games():
    m = Match(3, rng=5).play_out()
    rec = m.record()
    assert len(rec) == sum(len(g) for g in rec.games) and len(rec.games) == len(m.games)
    assert rec.final_score == m.score and rec.winner == m.winner and rec.is_over
    assert rec.scores == tuple(s.score_before for s in m.summaries)
    for number in range(1, len(rec.games) + 1):
        step = rec.goto_game(number)
        assert step.game_number == number and step.index == 0 and rec.game_index == number - 1
        if number > 1:
            prev = rec.prev()
            assert prev.game_number == number - 1 and prev.result is not None
    with pytest.raises(IndexError):
        rec.goto_game(len(rec.games) + 1)
    again = record_from_events([g.events for g in rec.games], rec.rules)
    assert again.final_score == rec.final_score and [s.position for s in again] == [s.position for s in rec]


def test_session_record():
    s = Session(Rules.money(cube_limit=8), stakes=2, rng=6).play_out(games=3)
    rec = s.record()
    assert rec.length == 0 and not rec.is_over and rec.winner is None
    assert rec.scores[:3] == tuple(x.score_before for x in s.summaries)
    walk(rec)
    for step in rec:
        check_ids(step)


# ----------------------------------------------------------------------------- views
def test_two_views_of_one_record_move_independently():
    g = play_game(Rules.money(), rng=8)
    rec = GameRecord.from_game(g)
    a, b = rec.view(), rec.view(start=-1)
    assert a.index == 0 and b.index == len(rec) - 1 and b.at_end
    a.next(); a.next()
    b.prev()
    assert a.index == 2 and b.index == len(rec) - 2 and rec.cursor == 0
    assert a.step is rec[2] and b.step is rec[-2]
    rec.goto(5)
    assert a.index == 2 and rec.cursor == 5
    walk(a)
    assert "step" in a.text().splitlines()[0] and a.record is rec
    m = Match(3, rng=5).play_out()
    mrec = m.record()
    v, w = mrec.view(), mrec.view()
    v.goto_game(len(mrec.games))
    assert v.game_index == len(mrec.games) - 1 and w.game_index == 0 and mrec.game_index == 0
    with pytest.raises(IndexError):
        v.goto_game(0)


def test_steps_hold_the_games_snapshots():
    g = play_game(Rules.money(beavers=True), rng=9)
    rec = GameRecord.from_game(g)
    for step, snap in zip(rec, g.history()):
        assert step.snapshot is snap
        assert (step.index, step.event, step.position, step.state, step.dice, step.cube_value, step.cube_owner,
                step.result) == (snap.index, snap.event, snap.position, snap.state, snap.dice, snap.cube.value,
                                 snap.cube.owner, snap.result)


def test_bad_record_arguments_are_bgsim_errors():
    from bgsim.engine.errors import InvalidSettingError, ParseError
    from bgsim.game.events import Event

    g = Game(starter=0)
    for kwargs in ({"number": 0}, {"number": 1.5}, {"score": (1,)}, {"score": (-1, 0)}, {"names": ("a:b", "c")}):
        with pytest.raises(InvalidSettingError):     # the most specific class (issue 18)
            GameRecord.from_game(g, **kwargs)
    with pytest.raises(ParseError):
        GameRecord.from_dict({"events": "none"})
    with pytest.raises(ParseError):
        MatchRecord.from_dict({"games": None})
    with pytest.raises(ParseError):
        Event.from_dict({"type": "Nope"})
