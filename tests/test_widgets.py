"""The widgets' logic, driven from Python without a browser (clicks through ``BoardView.click``)."""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget", reason="the widgets need the lessons extra (anywidget)")

import ast
import re
from pathlib import Path

import bgsim.widgets
from bgsim import InvalidPositionError, Position
from bgsim.engine.errors import QuizError, ViewError
from bgsim.game.game import Game
from bgsim.engine.ids import XgidState
from bgsim.teach.quiz import Quiz
from bgsim.game.records import GameRecord
from bgsim.widgets import (
    BoardView,
    BoardWidget,
    EditorWidget,
    IdBox,
    MonteCarloWidget,
    QuizWidget,
    ReplayWidget,
    ScoreWidget,
    StepperWidget,
)
from bgsim.widgets._common import counts_of
from tests.support.processes import wait_for


# ----------------------------------------------------------------------------- board
def test_board_view_reports_browser_messages():
    view = BoardView(svg="<svg/>")
    seen = []
    view.on_click(seen.append)
    # what board.js sends for a checker on the bar, an empty point and a tray
    view._on_message(view, {"type": "click", "kind": "bar", "player": 1, "point": 25}, [])
    view._on_message(view, {"type": "click", "kind": "point", "point": 7, "player": None}, [])   # numbers, as sent
    view._on_message(view, {"type": "click", "kind": "tray", "player": 0, "point": 0}, [])
    view._on_message(view, {"type": "other"}, [])
    view._on_message(view, {"type": "click", "kind": "nonsense"}, [])
    assert seen == [{"kind": "bar", "point": 25, "player": 1}, {"kind": "point", "point": 7, "player": None},
                    {"kind": "tray", "point": 0, "player": 0}]
    view.on_click(seen.append, remove=True)
    view.click("point", point=3)
    assert len(seen) == 3


@pytest.mark.parametrize("args", [("wall",), ("point",), ("point", 25), ("bar", None, None), ("tray", None, 2)])
def test_board_view_click_checks_its_arguments(args):
    with pytest.raises(ViewError):
        BoardView().click(*args)
    assert issubclass(ViewError, ValueError)


def test_board_widget_draws_the_dom_contract_and_ids():
    pos = Position.from_counts({6: 2, 25: 1}, {1: 3}, turn=1)
    b = BoardWidget(pos, perspective=0)
    svg = b.view.svg
    assert 'class="point' in svg and 'data-point="24"' in svg
    assert 'class="bar' in svg and 'class="tray' in svg
    assert b.ids.gnubg.value == pos.gnubg_id()
    assert b.ids.xgid.value == pos.xgid()
    b.position = Position.initial()
    assert b.ids.gnubg.value == "4HPwATDgc/ABMA"
    b.redraw(highlight=(5,))
    assert 'data-point="5"' in b.view.svg and "highlight" in b.view.svg
    with pytest.raises(InvalidPositionError, match="bgsim.Position"):
        b.position = "4HPwATDgc/ABMA"
    with pytest.raises(ViewError):
        BoardWidget(perspective=2)


def test_id_boxes_are_read_only():
    box = IdBox(Position.initial())
    box.gnubg.value = "typed over"
    box.xgid.value = ""
    assert box.gnubg.value == "4HPwATDgc/ABMA"
    assert box.xgid.value.startswith("XGID=-b----E-C")


def test_board_widget_show_draws_a_position_with_its_keywords_in_one_go():
    b = BoardWidget(Position.initial(), perspective=1, theme="colorblind")
    after = Position.initial().play("13/7 8/7")
    b.show(after, dice=(6, 1), cube=(2, 0), highlight=(7, 25))
    assert b.position == after and b.ids.gnubg.value == after.gnubg_id()
    assert b.view.svg == str(bgsim.draw.svg.board(after, perspective=1, theme="colorblind", dice=(6, 1), cube=(2, 0),
                                             highlight=(7, 25)))
    assert dict(b.drawing) == {"theme": "colorblind", "dice": (6, 1), "cube": (2, 0), "highlight": (7, 25)}
    b.show(Position.initial(), dice=None)                       # keywords not given keep their values
    assert b.drawing["cube"] == (2, 0) and b.drawing["dice"] is None
    shown = b.view.svg
    with pytest.raises(ViewError):                              # a refused keyword changes nothing
        b.show(after, cube=3)
    assert b.position == Position.initial() and b.view.svg == shown and b.drawing["cube"] == (2, 0)
    with pytest.raises(InvalidPositionError):
        b.show("4HPwATDgc/ABMA")
    with pytest.raises(TypeError):
        b.drawing["dice"] = (1, 1)                              # read-only: change it through show()
    state = XgidState(cube_value=2, cube_owner=0, dice=(6, 1))
    b.show(after, xgid_state=state)
    assert b.ids.xgid.value == after.xgid(state)
    b.position = Position.initial()                             # the XGID state stays until changed
    assert b.ids.xgid.value == Position.initial().xgid(state)


def private_accesses(source: str) -> list[tuple[int, str]]:
    """(line, expression) of each ``x._name`` in ``source`` where x is not ``self`` or ``cls`` (dunders allowed)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__") and node.attr.endswith("__"):
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_seam_checker_sees_a_private_access():
    source = "self.board._position = p\nself._ok = 1\nx.__class__\ncls._table\nf()._hidden\n"
    assert private_accesses(source) == [(1, "self.board._position"), (5, "f()._hidden")]


#: The private members of ipywidgets used on purpose, with the reason.
FRAMEWORK_HOOKS = {
    ("_input.py", "control._handle_msg"): "the one place that receives the page's messages (bgsim.widgets._input) "
                                          "hands the checked ones to ipywidgets' own handler; it has no public one",
}


def test_widgets_touch_no_other_objects_private_members():
    # Composite widgets compose through public seams (BoardWidget.show, on_click, ...), never
    # through each other's private state (docs/architecture.md, how to add a widget).
    found = [f"{path.name}:{line} {text}"
             for path in sorted(Path(bgsim.widgets.__file__).parent.glob("*.py"))
             for line, text in private_accesses(path.read_text(encoding="utf-8"))
             if (path.name, text) not in FRAMEWORK_HOOKS]
    assert not found, "private members of other objects used: " + "; ".join(found)


# ----------------------------------------------------------------------------- editor
def test_editor_adds_and_removes_checkers_by_clicking():
    ed = EditorWidget(Position.from_counts({6: 14}, {6: 14}))   # one checker each in the tray
    ed.colour.value = 0
    ed.board.view.click("point", point=4)
    assert counts_of(ed.position, 0)[4] == 1 and counts_of(ed.position, 0)[0] == 0
    assert ed.board.ids.gnubg.value == ed.position.gnubg_id()
    ed.colour.value = -1
    ed.board.view.click("point", point=4)
    assert counts_of(ed.position, 0)[4] == 0 and counts_of(ed.position, 0)[0] == 1
    ed.colour.value = 1
    ed.board.view.click("bar", player=1)
    assert counts_of(ed.position, 1)[25] == 1 and ed.bar[1].value == 1


def test_editor_refuses_an_impossible_position_and_keeps_the_last_valid_one():
    ed = EditorWidget()   # the starting position: nobody has a checker in the tray
    before = ed.position
    ed.colour.value = 0
    ed.board.view.click("point", point=5)        # a 16th checker (R2)
    assert ed.position == before
    assert "16 checkers" in ed.message.text and "(R2)" in ed.message.text
    assert ed.message.kind == "error"
    ed.colour.value = -1
    ed.board.view.click("point", point=6)        # still works after the refusal
    assert counts_of(ed.position, 0)[6] == 4
    ed.board.view.click("point", point=1)        # one of player 1's back checkers to his tray
    assert counts_of(ed.position, 1)[24] == 1
    ed.colour.value = 1
    ed.board.view.click("point", point=8)        # player 1 onto player 0's 8-point: two colours (R7)
    assert "R7" in ed.message.text and counts_of(ed.position, 1)[17] == 0


def test_editor_number_boxes_turn_and_refusal():
    ed = EditorWidget(Position.from_counts({6: 13}, {6: 15}))
    ed.bar[0].value = 2                          # from the tray to the bar
    assert ed.position.bar == (2, 0) and ed.off[0].value == 0
    ed.bar[0].value = 3                          # no checker left in the tray (R2)
    assert ed.position.bar == (2, 0) and ed.bar[0].value == 2 and "R2" in ed.message.text
    ed.off[1].value = 1                          # 16 checkers for player 1
    assert ed.off[1].value == 0 and "R2" in ed.message.text
    ed.turn.value = 1
    assert ed.position.turn == 1 and ed.board.ids.xgid.value == ed.position.xgid(ed.xgid_state)


def test_editor_loads_ids_and_refuses_bad_ones():
    ed = EditorWidget()
    target = Position.from_counts({1: 2, 2: 13}, {1: 15}, turn=1)
    assert ed.load_id(target.xgid())
    assert ed.position == target
    assert ed.load_id("4HPwATDgc/ABMA")
    assert ed.position == Position.initial(turn=1)   # a Position ID keeps the side on roll
    good = ed.position
    ed.paste.value = "not an id"
    ed.load.click()
    assert ed.position == good and ed.message.kind == "error" and "not an id" in ed.message.text
    ed.dice[0].value, ed.dice[1].value = 6, 4
    ed.cube_value.value, ed.cube_owner.value = 4, 1
    state = ed.xgid_state
    assert (state.dice, state.cube_value, state.cube_owner) == ((6, 4), 4, 1)
    assert ed.board.ids.xgid.value == ed.position.xgid(state)


# ----------------------------------------------------------------------------- stepper
BAR_POS = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})


def test_stepper_refuses_an_illegal_click_with_the_rule_and_goes_on():
    s = StepperWidget(BAR_POS, dice=(6, 2), auto=True)   # the quick mode
    s.click(13)
    assert s.message.kind == "error"
    assert s.message.text == BAR_POS.start_turn((6, 2)).why("13/7")
    assert "(R13)" in s.message.text and not s.turn.steps
    s.click(25)                                  # the only way in: entered at once
    assert [str(x) for x in s.turn.steps] == ["bar/19"]
    s.click(13)                                  # now 13 may move; one destination (11)
    assert s.turn.is_complete
    assert s.turn.play in BAR_POS.legal_plays((6, 2))
    s.undo()
    assert len(s.turn.steps) == 1 and not s.turn.is_complete


def test_stepper_highlights_sources_then_destinations():
    s = StepperWidget(Position.initial(), dice=(6, 4), auto=True)   # the quick mode hints
    hl = s.board.drawing["highlight"]
    assert set(hl) == {x.src for x in s.turn.options()}
    s.click(24)                                  # two destinations: 18 and 20
    assert set(s.board.drawing["highlight"]) == {24, 18, 20}
    s.click(22)                                  # not a destination: refused, the checker goes back (issue 31)
    assert s.message.kind == "error" and "24/22" in s.message.text
    assert set(s.board.drawing["highlight"]) == {x.src for x in s.turn.options()}
    s.click(24)
    s.click(18)
    assert [str(x) for x in s.turn.steps] == ["24/18"]
    s.click(13)                                  # only the 4 is left: one destination, applied at once
    assert s.message.kind == "ok" and s.turn.is_complete and str(s.turn.play) == "24/18 13/9"


def test_stepper_perspective_numbering_and_roll():
    pos = Position.initial(turn=1)
    s = StepperWidget(pos, dice=(3, 1), perspective=0, auto=True)   # the mover at the top of the board
    s.board.view.click("point", point=25 - 8)            # player 1's 8-point, as drawn for player 0
    assert s.message.kind == "info" and "where to" in s.message.text
    s.board.view.click("point", point=25 - 5)
    assert [str(x) for x in s.turn.steps] == ["8/5"]
    s2 = StepperWidget(Position.initial(), rng=3)
    s2.click(24)
    assert s2.message.kind == "error" and "roll" in s2.message.text
    d = s2.roll()
    assert s2.turn is not None and s2.turn.dice == d
    assert len(s2.plays.options) == len(Position.initial().legal_plays(d))


def test_stepper_lists_plays_and_shows_one_with_arrows():
    s = StepperWidget(Position.initial(), dice=(6, 4))
    plays = Position.initial().legal_plays((6, 4))
    assert list(s.plays.options) == [str(p) for p in plays]
    s.plays.index = 2
    assert s.board.drawing["play"] == plays[2]
    s.click(24)                                  # back to stepping
    assert s.plays.index is None and s.board.drawing["play"] is None
    s.click(24)                                  # unselect
    for p in ("24", "18", "13", "9"):
        s.click(int(p))
    assert s.turn.is_complete and str(s.turn.play) == "24/18 13/9"
    s.next_turn()
    assert s.position.turn == 1 and s.turn is None


# ----------------------------------------------------------------------------- replay
def _record() -> GameRecord:
    g = Game(rng=1)
    g.roll(dice=(4, 3))
    g.play("24/20 24/21")
    g.roll(dice=(6, 5))
    g.play("24/13")
    return GameRecord.from_game(g)


def test_replay_steps_back_and_forth():
    rec = _record()
    r = ReplayWidget(rec)
    assert r.index == 0 and r.back_button.disabled and not r.forward_button.disabled
    r.forward()
    r.forward()
    assert r.index == 2 and r.board.position == rec[2].position
    assert r.board.ids.xgid.value == rec[2].xgid
    assert rec[2].caption.split()[0] in r.caption.value
    r.slider.value = 2                           # the slider counts from 1, like the status line
    assert r.index == 1 and rec.cursor == 1 and "step 2 of" in r.status.value
    r.last()
    assert r.index == len(rec) - 1 and r.forward_button.disabled
    r.forward()                                  # at the end: nothing happens
    assert r.index == len(rec) - 1
    r.first()
    assert r.index == 0 and "cube 1" in r.status.value and r.slider.value == 1
    with pytest.raises(TypeError):
        ReplayWidget("a game")


def test_replay_names_the_players():
    from bgsim.game.game import Game

    g = Game(rng=1)
    g.roll(dice=(4, 3))
    g.play("24/20 24/21")
    r = ReplayWidget(GameRecord.from_game(g, names=("Ann", "Ben")))
    assert "Ann" in r.board.view.svg and "Ben" in r.board.view.svg and "Player 0" not in r.board.view.svg


# ----------------------------------------------------------------------------- score
def test_score_money_points_ending_and_jacoby():
    s = ScoreWidget()
    s.winner.value = 1
    s.kind.value = "backgammon"
    s.cube.value = 4
    assert s.points == 12 and s.new_score == (0, 12)
    s.ending.value = "mars"
    assert s.points == 8                         # V1: Mars counts a backgammon 2
    s.ending.value = "koks"
    s.cube.value = 1
    s.jacoby.value = True
    assert s.points == 1                         # X1: cube never turned
    s.cube_turned.value = True
    assert s.points == 3


def test_score_match_equity_and_crawford():
    s = ScoreWidget()
    s.mode.value = "match"
    s.length.value = 7
    s.score0.value, s.score1.value = 5, 3
    s.kind.value = "single"
    assert s.points == 1 and s.new_score == (6, 3)
    assert "Crawford game" in s.result.value and "take point" in s.result.value
    s.score0.value = 6
    s.crawford.value = True
    s.cube.value = 2                             # no cube in the Crawford game (R28)
    assert s.points is None and "R28" in s.message.value
    s.cube.value = 1                             # keeps working after the refusal
    assert s.points == 1 and "wins the match" in s.result.value


def test_score_widget_names_the_sides_and_its_refusals_are_translated():
    """Issue 31: a person reads "Light's score", never "Score 0"; the widget's refusals (R27, R28)
    come from the catalogue, so a Czech page says them in Czech."""
    from bgsim.engine.i18n import language

    s = ScoreWidget()
    assert (s.score0.description, s.score1.description) == ("Light's score", "Dark's score")
    s.mode.value, s.length.value = "match", 5
    s.crawford.value = True                      # 0-0: nobody is 1 point away (R28)
    assert "(R28)" in s.message.value and "player" not in s.message.value
    with language("cs"):
        cs = ScoreWidget()
        assert "Světlého" in cs.score0.description and "Tmavého" in cs.score1.description
        cs.mode.value, cs.length.value = "match", 5
        cs.score0.value = 5                      # the match is already won (R27)
        assert "(R27)" in cs.message.value and "already" not in cs.message.value
        cs.score0.value, cs.crawford.value = 0, True
        assert "(R28)" in cs.message.value and "Crawford game" not in cs.message.value


# ----------------------------------------------------------------------------- Monte Carlo
def test_montecarlo_runs_and_stops_in_a_thread_keeping_a_partial_result():
    mc = MonteCarloWidget(Position.initial(), games=200_000, seed=1)
    mc.start()
    assert mc.running
    # the main thread is free meanwhile; the timeout is generous (a busy machine)
    wait_for(lambda: mc.games > 0, 300, "the first games of the Monte Carlo run")
    mc.stop()
    assert mc.wait(120)
    assert mc.stopped and 0 < mc.games < 200_000
    assert sum(mc.outcomes) == mc.games and mc.trace[-1][0] == mc.games
    assert "stopped" in mc.message.value and "<polyline" in mc.plot.value
    assert not mc.start_button.disabled and mc.stop_button.disabled
    mc.games_box.value = 720                     # runs again after a stop
    mc.start()
    assert mc.wait(120) and mc.games == 720 and not mc.stopped
    # round by round, the widget computed exactly the library's one-shot run
    from bgsim import estimate
    from bgsim.widgets._montecarlo import CHUNK

    one_shot = estimate(Position.initial(), mc.rules(), games=720, rng=1, chunk_size=CHUNK,
                        player=(mc.player_box.value, mc.opponent_box.value))
    assert mc.result.outcomes == one_shot.outcomes and len(mc.trace) > 1


def test_montecarlo_simple_mode_shows_how_often_and_how_sure_without_statistics_jargon():
    """Issue 31: the learner's lab (lesson 09) has no equity, seed, chunks or standard errors on
    screen: only how many games, Play, bars for how often and the band for how sure."""
    race = Position.from_counts({6: 2, 5: 2, 3: 2}, {5: 1, 4: 2, 3: 2, 2: 1})
    mc = MonteCarloWidget(race, simple=True, seed=4)
    mc.player_box.value = mc.opponent_box.value = "heuristic"
    assert mc.games_box.value == 100 and mc.games_choice.value == 100
    hidden = (mc.seed_box, mc.player_box, mc.opponent_box, mc.ending_box, mc.cube_box, mc.jacoby_box,
              mc.caucasian_box, mc.games_box)
    assert all(box.layout.display == "none" for box in hidden) and mc.games_choice.layout.display != "none"
    assert "press Play" in mc.bars.value and mc.start_button.description == "Play"
    mc.games_choice.value = 1000
    assert mc.games_box.value == 1000
    mc.start()
    assert mc.wait(300) and mc.games == 1000 and mc.seed_box.value == 5      # the next Play: new dice
    from bgsim import estimate
    from bgsim.widgets._montecarlo import CHUNK

    one_shot = estimate(race, mc.rules(), games=1000, rng=4, chunk_size=CHUNK, player="heuristic")
    assert mc.result.outcomes == one_shot.outcomes
    words = " ".join(re.findall(r">([^<]+)<", mc.bars.value + mc.plot.value))
    assert "Light wins" in words and "Dark wins" in words and "very likely" in words
    for jargon in ("equity", "standard error", "chunk", "seed", "points per game", "interval"):
        assert jargon not in words.lower() and jargon not in mc.table.value.lower(), jargon
    share, low, high = mc.win_trace[-1][1:]
    wins = sum(mc.outcomes[:3]) / 1000
    assert share == wins and low < wins < high and high - low < mc.win_trace[0][3] - mc.win_trace[0][2]   # it narrows
    full = MonteCarloWidget(race)                 # the full lab keeps every setting
    assert full.games_choice.layout.display == "none" and full.seed_box.layout.display != "none"


def test_a_puzzle_stepper_hides_the_answer_until_asked():
    from bgsim.widgets import StepperWidget

    pos = Position.initial()
    dice = (3, 1)
    assert len(pos.legal_plays(dice)) > 1
    forced = Position.from_counts({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
    roll = (6, 6)   # only the checker on the bar can move: in, and on all the way (R13, R6)
    assert len(forced.legal_plays(roll)) == 1 and len(forced.legal_plays(roll)[0].steps) == 4
    s = StepperWidget(forced, dice=roll, show_answers=False)
    only = str(forced.legal_plays(roll)[0])
    assert s.explain.value == "" and s.side.layout.display == "none"   # not even "it is forced"
    s.answers_button.value = True
    assert "it is forced" in s.explain.value and only in s.explain.value and s.side.layout.display is None
    # the default shows everything at once
    assert StepperWidget(pos, dice=dice).side.layout.display is None


def test_a_puzzle_stepper_refuses_without_naming_the_solution():
    """Issue 31: in a puzzle a refusal names the rule and why the step fails (R10, R11), never
    the winning play; after Show answers the example play may be named again."""
    from bgsim.widgets import StepperWidget

    home = {5: 3, 4: 3, 3: 3, 2: 2, 1: 2}
    pos1 = Position.from_counts({20: 1, 11: 1, **home}, {11: 2, 16: 2, 6: 5, 8: 3, 13: 3})   # lesson 03, puzzle 1
    (only,) = pos1.legal_plays((6, 5))
    assert str(only) == "20/15 11/5"
    s = StepperWidget(pos1, dice=(6, 5), show_answers=False)
    s.click(11)
    s.click(6)                                       # 11/6 leaves the 6 with nowhere to go (R10)
    said = s.message.text
    assert s.turn.steps == () and "(R10)" in said and "11/6 would leave the 6 unplayed" in said
    assert "20/15" not in said and "11/5" not in said and "both dice can be played" in said
    s.answers_button.value = True                    # Show answers: the example may be named now
    s.click(11)
    s.click(6)
    assert "20/15 11/5 plays both dice (R10)" in s.message.text
    pos2 = Position.from_counts({20: 1, 5: 3, 4: 3, 3: 3, 2: 3, 1: 2}, {16: 2, 6: 5, 8: 3, 13: 5})   # puzzle 2
    s = StepperWidget(pos2, dice=(6, 5), show_answers=False)
    s.click(20)
    s.click(15)                                      # the lower die: R11, without "(20/14)"
    assert "(R11)" in s.message.text and "20/14" not in s.message.text
    # the drill's board is a puzzle too: the same sentence, without the play
    t = pos1.start_turn((6, 5))
    assert t.why("11/6", reveal=False) == "11/6 would leave the 6 unplayed, but both dice can be played (R10)"
    assert "20/15 11/5" in str(t.attempt("11/6"))
    # the same puzzle typed: a wrong try names the rule, not the solution (Quiz.play(reveal=False))
    typed = Quiz.play("Light to play 6-5: the only legal play is ...", pos1, (6, 5), reveal=False,
                      accept=lambda play: (str(play) == "20/15 11/5", "the only legal play"))
    right, why = typed.check("11/6")
    assert not right and "(R10)" in why and "20/15" not in why and "both dice can be played" in why
    right, why = typed.check("20/15")                # one die of two: R10 too, still no solution
    assert not right and "(R10)" in why and "11/5" not in why
    assert typed.check("20/15 11/5")[0]
    higher = Quiz.play("Light to play 6-5.", pos2, (6, 5), reveal=False)
    right, why = higher.check("20/15")               # the lower die: R11, without "(20/14)"
    assert not right and "(R11)" in why and "20/14" not in why
    assert "20/15 11/5" in Quiz.play("Play 6-5.", pos1, (6, 5)).check("11/6")[1]   # not a puzzle: the example stays


# ----------------------------------------------------------------------------- quiz
def test_a_quiz_shows_itself_as_a_quiz_widget_with_its_own_feedback():
    from html import escape

    q = Quiz.play("Play 6-3 from the start, using both dice.", Position.initial(), (6, 3))
    box = q.widget
    assert isinstance(box, QuizWidget) and q.widget is box       # made once
    assert "bgsim-quiz" in box.get_state()["_dom_classes"]
    assert box.field.placeholder == q.placeholder
    box.field.value = "13/10"                                      # typed: checked at once
    right, why = q.check("13/10")
    assert not right and box.feedback.value == f'<span style="color:#b42318;font-size:1.05em">{escape(why)}</span>'
    box.field.value = "24/18 13/10"
    assert box.check() == q.check("24/18 13/10") and "#1a7f37" in box.feedback.value
    # the text form of the plain box it always was (the lessons store it)
    assert repr(box).startswith("VBox(children=(HTML(value='<b>Play 6-3")


def test_a_choice_quiz_widget_asks_for_an_answer_first():
    q = Quiz.choice("Which point is the bar?", [0, 25], answer=25, why="The bar counts as point 25.",
                    wrong={0: "0 is off the board."})
    box = QuizWidget(q)
    box.check_button.click()
    assert "Choose or type an answer first." in box.feedback.value
    box.field.value = 0
    box.check_button.click()
    assert "Not quite. 0 is off the board." in box.feedback.value
    with pytest.raises(TypeError):
        QuizWidget("Which point is the bar?")


def test_quiz_module_imports_no_widgets_at_module_level():
    import bgsim.teach.quiz

    tree = ast.parse(Path(bgsim.teach.quiz.__file__).read_text(encoding="utf-8"))
    top = [ast.unparse(n) for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not [s for s in top if "widgets" in s or "svg" in s or "IPython" in s], top
    # nor anywhere else: the widget layer gives the quiz its display (docs/architecture.md)
    every = [ast.unparse(n) for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not [s for s in every if "widgets" in s], every


def test_the_widget_layer_gives_every_quiz_its_display():
    assert Quiz._display is QuizWidget            # set when bgsim.widgets was imported
    saved = Quiz._display
    try:
        Quiz._display = None
        with pytest.raises(QuizError, match="import bgsim.widgets"):
            Quiz.choice("Which point is the bar?", [0, 25], answer=25, why="25.").widget
    finally:
        Quiz.display_with(saved)
    assert isinstance(Quiz.choice("Which point is the bar?", [0, 25], answer=25, why="25.").widget, QuizWidget)


# ----------------------------------------------------------------------------- the teaching stepper (issue 19)
def test_teaching_stepper_picks_up_and_never_moves_a_checker_by_itself():
    forced = Position.from_counts({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
    s = StepperWidget(forced, dice=(6, 6))          # one legal play: still nothing moves by itself
    s.click(25)
    assert s.turn.steps == () and "picked up" in s.message.text
    assert s.board.drawing["highlight"] == (25,)    # only the picked checker, no hint where to go
    s.click(25)                                      # a second click puts it down
    assert "put down" in s.message.text and s.board.drawing["highlight"] == ()


def test_teaching_stepper_refuses_each_tried_step_with_the_rule_of_that_step():
    pos2 = Position.from_counts({20: 1, 5: 3, 4: 3, 3: 3, 2: 3, 1: 2}, {16: 2, 6: 5, 8: 3, 13: 5})
    s = StepperWidget(pos2, dice=(6, 5), show_answers=False)   # lesson 03, puzzle 2
    s.click(20)
    s.click(15)                                      # the tempting 20/15 with the lower die
    assert s.turn.steps == () and "(R11)" in s.message.text and "higher die 6" in s.message.text
    assert "goes back" in s.message.text             # put back: the next click starts afresh (issue 31)
    s.click(20)
    s.click(14)                                      # the higher die: legal, played
    assert [str(x) for x in s.turn.steps] == ["20/14"]
    s.undo()
    assert s.message.text == "took back 20/14"      # Undo says what it did; the old refusal is gone


def test_teaching_stepper_explains_ordinary_clicks_truthfully():
    bar = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
    s = StepperWidget(bar, dice=(6, 2))
    s.click(19)                                      # a point with nothing of mine, a checker on the bar
    assert "click it first (on the bar)" in s.message.text and "(R13)" in s.message.text
    s.click(13)                                      # another checker while one is on the bar
    assert s.message.text.startswith("13: a checker on the bar must enter") and "(R13)" in s.message.text
    s.click(25)
    s.click(23)                                      # bar/23 onto a closed point
    assert s.message.text == ("bar/23: point 23 is closed: the opponent has 2 checkers there (R14). "
                              "The checker goes back: pick a checker to move.")
    start = StepperWidget(Position.initial(), dice=(6, 5))
    start.click(7)                                   # an empty point, nothing picked up
    assert start.message.text.startswith("pick one of your checkers first")
    start.click(6)
    start.click(0)                                   # the tray: bearing off is tried and refused (R16)
    assert start.message.text.startswith("6/off:") and "(R16)" in start.message.text
    start.click(13)                                  # behind the picked checker: pick that one instead
    assert start.message.text.startswith("13: picked up")
    start.click(2)                                   # too far for one die
    assert "(R5)" in start.message.text and start.turn.steps == ()


def test_teaching_stepper_names_the_closed_points_when_nothing_can_enter():
    closed = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
    s = StepperWidget(closed, dice=(6, 5))
    s.click(25)
    assert "point 19 is closed" in s.message.text and "point 20 is closed" in s.message.text
    assert "(R14)" in s.message.text and "forfeited (R12)" in s.message.text


# ----------------------------------------------------------------------------- drills (issue 19)
def test_a_drill_is_worked_through_by_clicking_with_a_wrong_step_refused_and_counted():
    from bgsim.widgets import DrillWidget

    d = DrillWidget(["enter", "result"], per_kind=1, rng=11)
    task = d.drill.task
    assert task.kind == "enter" and "Task 1 of 2" in d.title.value and d.next_button.disabled
    closed = next(die for die in task.dice if task.position.theirs[die] >= 2)
    d.stepper.click(25)
    d.stepper.click(25 - closed)                     # onto the closed point: refused, with its rule
    assert d.message.kind == "error" and "(R14)" in d.message.text and d.drill.task is task
    d.stepper.undo()                                 # put the picked-up checker down again
    for src, dst in task.solution_play().steps:
        d.stepper.click(src)
        d.stepper.click(dst)
    assert d.message.kind == "ok" and not d.next_button.disabled
    d.next_task()
    result = d.drill.task
    assert result.kind == "result" and d.choices.layout.display is None
    d.show_solution()
    assert d.message.text.startswith("Solution:") and "(R23)" in d.message.text
    right = next(c for c in result.choices if result.check(c).right)
    d.choices.value = right
    assert d.drill.finished and d.score.value.startswith("<b>Done: 0 of 2")


def test_a_route_drill_refuses_the_closed_stop_and_takes_the_open_order():
    from bgsim.widgets import DrillWidget

    d = DrillWidget(["route"], per_kind=2, rng=2)
    task = d.drill.task
    assert task.kind == "route" and task.level == 1
    src, _dst = task.route
    closed = next(src - die for die in task.dice if task.position.theirs[25 - (src - die)] >= 2)
    d.stepper.click(src)
    d.stepper.click(closed)                           # the closed stop first: refused (R7), a wrong try
    assert d.message.kind == "error" and "(R7)" in d.message.text and d.drill.task is task
    for a, b in task.solution_play().steps:
        d.stepper.click(a)
        d.stepper.click(b)
    assert d.message.kind == "ok" and "(R5, R7)" in d.message.text and d.drill.score == (0, 1)
    d.next_task()
    double = d.drill.task
    assert double.dice[0] == double.dice[1] and f"{double.route[0]}-point" in d.title.value
    d.show_solution()
    assert "(R6, R7)" in d.message.text


# ----------------------------------------------------------------------------- a point quiz
def test_a_point_quiz_is_answered_by_clicking_its_board():
    q = Quiz.point("Click the point player 1 calls its 13-point.", Position.initial(), 12, why="25 - 13 = 12.")
    box = q.widget
    assert isinstance(box.field, BoardWidget) and box.check_button.layout.display == "none"
    assert box.field.ids.layout.display == "none"
    box.field.view.click("point", point=13)           # the wrong one: named from both sides
    assert "Light's 13-point (Dark's 12-point): 5 checkers of Light" in box.feedback.value
    assert box.field.drawing["highlight"] == (13,)
    box.field.view.click("bar", player=1)
    assert "Click one of the 24 points" in box.feedback.value
    box.field.view.click("point", point=12)
    assert "Right! 25 - 13 = 12." in box.feedback.value and box.field.drawing["highlight"] == (12,)
    with pytest.raises(QuizError, match="a point 1-24"):
        Quiz.point("?", Position.initial(), 25, why="")


def test_a_play_quiz_names_both_plays_an_unmarked_double_hit_could_be():
    after_dark = Position.initial(turn=1).play("13/7 13/11", (6, 2))   # lesson 02: blots on 18 and 14
    q = Quiz.play("Hit both blots.", after_dark, (6, 4))
    right, why = q.check("24/14")
    assert not right and why == ("Not quite. 24/14: that could be 24/14* or 24/18*/14*: mark where the "
                                 "checker hits with '*'")
    assert q.check("24/18*/14*")[0]


# ----------------------------------------------------------------------------- issue 21: present in class
def _every_widget():
    from bgsim.game.match import Match
    from bgsim.widgets import DrillWidget, PlayWidget, SandboxWidget

    record = Match(3, rng=3, names=("Ann", "Ben")).play_out().record()
    return [BoardWidget(), StepperWidget(), EditorWidget(), ReplayWidget(record), ScoreWidget(),
            MonteCarloWidget(), DrillWidget(["only-play"], per_kind=1, rng=5), SandboxWidget(), PlayWidget(rng=1),
            QuizWidget(Quiz.choice("Which point is the bar?", [0, 25], answer=25, why="25."))]


def test_every_widget_has_a_presentation_mode():
    for widget in _every_widget():
        name = type(widget).__name__
        assert widget.present is False and "bgsim-present" not in widget._dom_classes, name
        widget.present = True
        assert widget.present and "bgsim-present" in widget._dom_classes, name
        widget.present = False
        assert not widget.present, name
        assert type(widget)(**({"record": widget.record} if name == "ReplayWidget" else
                               {"quiz": widget.quiz} if name == "QuizWidget" else {}), present=True).present, name


def test_every_widget_carries_the_stylesheet_and_the_page_switches():
    from bgsim.widgets import PageKit
    from bgsim.widgets._page import STATIC

    css = (STATIC / "bgsim.css").read_text(encoding="utf-8")
    assert BoardView()._css == css and PageKit()._css == css
    assert "function bgsimPage" in BoardView()._esm and "function bgsimPage" in PageKit()._esm

    def carriers(widget) -> list:
        found = [widget] if isinstance(widget, (BoardView, PageKit)) else []
        for child in getattr(widget, "children", ()):
            found += carriers(child)
        return found

    for widget in _every_widget():          # the score widget and a quiz have no board: a PageKit
        assert carriers(widget), f"{type(widget).__name__} brings no stylesheet"
    for part in (".bgsim-present", ".bgsim-score-result .bgsim-big", ".bgsim-toolbar", "img.bgsim-static-board"):
        assert part in css


def test_the_lessons_stored_text_forms_are_unchanged():
    """Lessons store each widget's text form (its first 110 characters): new parts go after them."""
    from bgsim.game.match import Match

    text = {type(w).__name__: w._repr_mimebundle_()["text/plain"] for w in (
        StepperWidget(), ScoreWidget(), MonteCarloWidget(),
        QuizWidget(Quiz.choice("Which point is the bar?", [0, 25], answer=25, why="25.")),
        ReplayWidget(Match(3, rng=3, names=("Anna", "Ben")).play_out().record()))}
    assert text["StepperWidget"].startswith("StepperWidget(children=(HBox(children=(Button(button_style='primary', "
                                            "description='Roll', icon='cube', style=B")
    assert text["ScoreWidget"].startswith("ScoreWidget(children=(ToggleButtons(description='Winner', ")
    assert text["MonteCarloWidget"].startswith("MonteCarloWidget(children=(HBox(children=(BoardWidget(children=("
                                               "<bgsim.widgets._board.BoardView object at 0x")
    assert text["QuizWidget"].startswith("VBox(children=(HTML(value='<b>Which point is the bar?</b>'), RadioButtons(")
    assert text["ReplayWidget"].startswith(
        "ReplayWidget(children=(HTML(value='<div class=\"bgsim-caption-text\">Game 1")


def test_boards_follow_the_page_theme():
    from bgsim.draw.page import page, settings

    with page():                                                   # puts the page's theme back after
        b = BoardWidget()
        assert 'fill="#6b4423"' in b.view.svg                      # classic
        b.view.page_theme = "high-contrast"                        # what the page's switch sends
        assert b.drawing["theme"] == "high-contrast" and 'fill="#6b4423"' not in b.view.svg
        assert settings().theme == "high-contrast"                 # and the boards drawn from now on
        b.redraw(dice=(3, 1))
        assert b.drawing["theme"] == "high-contrast"               # it stays through other redraws
        b.view.page_theme = "neon"                                 # not a theme: ignored
        assert b.drawing["theme"] == "high-contrast"
    with page(theme="colorblind"):                                 # a page that asked in its address
        s = StepperWidget(dice=(3, 1))
        assert 'fill="#0072b2"' in s.board.view.svg
    assert settings().theme == "classic"


def test_the_page_asks_for_its_board_pictures_in_another_theme():
    from bgsim import svg
    from bgsim.draw.page import page
    from bgsim.widgets import PageKit

    picture = svg.board(Position.initial(), dice=(3, 1), caption="a lesson's picture")
    board_id = picture[picture.index('id="') + 4:picture.index('" class="bgsim-board"')]
    for widget in (PageKit(), BoardView()):
        sent = []
        widget.send = sent.append
        with page():
            widget._handle_custom_msg({"type": "restyle", "theme": "high-contrast", "boards": [board_id, "x"]}, [])
            assert sent and sent[0]["type"] == "restyled" and list(sent[0]["boards"]) == [board_id]
            assert sent[0]["boards"][board_id] == svg.board(Position.initial(), dice=(3, 1),
                                                            caption="a lesson's picture", theme="high-contrast")
            widget._handle_custom_msg({"type": "restyle", "theme": "neon", "boards": [board_id]}, [])
            assert len(sent) == 1                                  # not a theme: no answer


def test_replay_jumps_to_games_and_cube_actions_with_slider_status_and_list_agreeing():
    from bgsim import named_player
    from bgsim.game.match import Match
    from bgsim.widgets._replay import is_cube_or_resignation

    bots = (named_player("heuristic"), named_player("heuristic"))
    record = Match(5, rng=33, names=("Anna", "Ben")).play_out(bots).record()
    r = ReplayWidget(record)
    starts, stops = r.game_starts, r.stops
    assert len(starts) == len(record.games) > 2 and stops
    assert all(is_cube_or_resignation(record[i].event) for i in stops)

    def agree():
        at = r.index
        assert r.slider.value == at + 1 and r.moves.value == at and f"step {at + 1} of {len(record)}" in r.status.value
        assert f"game {record[at].game_number}</b> of {len(starts)}" in r.status.value

    agree()
    assert r.previous_game_button.disabled and r.previous_cube_button.disabled
    r.next_game()
    assert r.index == starts[1] and r.caption.value.count("Game 2")
    agree()
    r.next_cube_action()
    assert r.index == min(s for s in stops if s > starts[1])
    agree()
    r.previous_cube_action()
    assert r.index == max([s for s in stops if s < min(s for s in stops if s > starts[1])] or [r.index])
    agree()
    r.goto(starts[2] + 3)
    r.previous_game()                           # in the middle of game 3: the start of game 2
    assert r.index == starts[1]
    agree()
    r.first()
    r.previous_game()                           # in game 1: its start
    assert r.index == 0
    r.moves.value = 42                          # a move picked in the list
    assert r.index == 42
    agree()
    r.slider.value = 7
    assert r.index == 6
    agree()
    r.goto(starts[-1])
    assert r.next_game_button.disabled
    r.next_game()
    assert r.index == starts[-1]
    r.last()
    assert r.next_cube_button.disabled == (not any(s > r.index for s in stops))
    agree()
    assert "Anna" in r.board.view.svg and "Ben" in r.board.view.svg


# ----------------------------------------------------------------------------- the sandbox
TWO_LEFT = "XGID=-B-----------------a----a-:0:0:1:00:0:0:0:0:10"
HIGHER_DIE = "XGID=--b----------A------------:0:0:1:65:0:0:0:0:10"


def test_sandbox_sets_up_rolls_and_steps_through_a_position():
    from bgsim.widgets import SandboxWidget

    box = SandboxWidget(rng=7)
    assert box.steps.value == "setup" and box.play_panel.layout.display == "none"
    assert box.editor.load_id(TWO_LEFT) and box.dice is None
    dice = box.roll()
    assert box.dice == dice and box.editor.board.drawing["dice"] == dice
    assert f"rolled {dice[0]}-{dice[1]}" in box.message.text
    box.steps.value = "step"                                   # the step button, as a click does
    assert box.setup_panel.layout.display == "none" and box.play_panel.layout.display is None
    assert box.stepper.position == box.position and box.stepper.turn.dice == dice
    box.stepper.click(1)
    box.stepper.click(5)
    assert "(R1)" in box.stepper.message.text and box.stepper.message.kind == "error"
    box.stepper.click(1)                                       # refused: it went back; pick it up again
    box.stepper.click(0)
    box.stepper.click(1)
    box.stepper.click(0)
    assert box.stepper.turn.is_complete and box.stepper.message.text == "played 1/off(2)"
    box.steps.value = "setup"
    assert box.editor.position.checkers == 15 and box.setup_panel.layout.display is None


def test_sandbox_without_dice_waits_for_a_roll_on_the_stepper():
    from bgsim.widgets import SandboxWidget

    box = SandboxWidget()
    box.step_through()
    assert box.stepper.turn is None and box.stepper.roll_button.layout.display is None
    assert not box.puzzle() and "needs a roll" in box.message.text and box.steps.value == "step"


def test_sandbox_puzzle_needs_exactly_one_legal_play_and_counts_wrong_tries():
    from bgsim.widgets import SandboxWidget

    box = SandboxWidget(dice=(3, 1))                           # the start: 3-1 has many plays
    box.steps.value = "puzzle"
    assert box.steps.value == "setup" and box.task is None     # refused: stays where it was
    assert "3-1 has 16 legal plays here" in box.message.text and box.message.kind == "error"
    assert box.editor.load_id(HIGHER_DIE)
    assert box.puzzle() and box.steps.value == "puzzle"
    assert box.task_line.value.endswith("Roll 6-5. Find the only legal play.")
    assert "Light to play." in box.task_line.value and "Player" not in box.task_line.value
    assert box.stepper.roll_button.layout.display == "none" and box.stepper.next_button.layout.display == "none"
    box.stepper.click(13)
    box.stepper.click(8)                                       # 13/8: the lower die, refused (R11)
    box.stepper.click(13)
    box.stepper.click(8)                                       # the same refusal again: still one wrong try
    assert box.wrong_tries == 1 and not box.solved
    box.stepper.click(13)
    box.stepper.click(7)
    assert box.solved and box.stepper.message.text == ("Right: 13/7 is the only legal play of 6-5 here. "
                                                       "Found after 1 wrong try.")


def test_sandbox_refuses_a_puzzle_with_no_legal_play():
    from bgsim import Position
    from bgsim.engine.ids import XgidState
    from bgsim.widgets import SandboxWidget

    closed = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
    box = SandboxWidget()
    assert box.editor.load_id(closed.xgid(XgidState(dice=(6, 5))))
    assert not box.puzzle() and "no legal play here: the turn is forfeited (R12)" in box.message.text


# --- after the try (issue 31): what gives an answer away opens only after the learner has tried ---

def test_after_try_opens_on_a_wrong_check_and_builds_nothing_before():
    from bgsim.teach.quiz import Quiz
    from bgsim.widgets import after_try

    built = []
    q = Quiz.choice("Which point is the bar?", [0, 25], answer=25, why="The bar is point 25.")
    later = after_try(q, lambda: built.append("table") or None)
    box = q.widget
    box.check_button.click()                      # nothing chosen: not a try
    assert (later.opened, built, q.tried) == (False, [], False)
    box.field.value = 0
    box.check_button.click()                      # wrong, but a try
    assert (later.opened, built, q.tried) == (True, ["table"], True)
    box.field.value = 25
    box.check_button.click()
    assert built == ["table"]                     # built once


def test_show_answer_shows_the_solution_and_opens_what_waits():
    from bgsim.teach.quiz import Quiz
    from bgsim.widgets import after_try

    q = Quiz.number("How many checkers does each side have?", 15, why="15 each (R1).")
    later = after_try(q, lambda: None)
    assert not later.opened and "15" not in q.widget.feedback.value
    q.widget.show_button.click()
    assert later.opened and "The answer: 15. 15 each (R1)." in q.widget.feedback.value


def test_after_try_writes_what_it_shows_into_the_output_widget_itself():
    """What opens after the try is the Output widget's own outputs (synced to the page), not output
    routed by message id: the try is a click handled outside any cell, and Voila showed the opened
    part empty (issue 31). Both what build() returns and what it displays or prints are kept."""
    from IPython.display import display

    from bgsim.teach.quiz import Quiz
    from bgsim.widgets import after_try

    q = Quiz.number("How many?", 15, why="R1.")

    def build():
        display("a table")
        print("a sentence")
        return "a board"

    later = after_try(q, build)
    assert later.output.outputs == ()
    q.mark_tried()
    texts = [o.get("text") or o["data"]["text/plain"] for o in later.output.outputs]
    assert "a sentence" in "".join(texts) and "'a board'" in texts and "a table" in "".join(texts)


def test_after_try_registered_after_the_try_opens_at_once():
    from bgsim.teach.quiz import Quiz
    from bgsim.widgets import after_try

    q = Quiz.number("How many?", 15, why="R1.")
    q.mark_tried()
    assert after_try(q, lambda: None).opened


def test_show_answer_says_the_number_the_quiz_accepts_not_a_rounded_one():
    """Issue 31: "Show answer" for a number quiz whose answer is 15.8 said "The answer: 16." (the
    number was formatted without decimals); it says 15.8, and a whole number stays whole."""
    q = Quiz.number("Ben's chance to win the match, in %?", 15.8, why="100% minus 84.2%.", tolerance=0.5)
    assert q.solution.startswith("The answer: 15.8.") and q.check("15.8")[0]
    assert Quiz.number("Checkers each?", 15, why="R1.").solution.startswith("The answer: 15.")
    assert QuizWidget(q).show_answer().startswith("The answer: 15.8.")


def test_after_try_hands_what_it_built_to_the_page_as_widget_state_in_a_kernel():
    """Issue 31: in Voila the part after a question stayed empty after the try (the outputs went
    through the front end's message hooks from a button's callback). In a kernel, what the build
    displays and returns becomes the Output widget's synced ``outputs``."""
    nbformat = pytest.importorskip("nbformat")
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "from IPython.display import Markdown, display\n"
        "from bgsim.teach.quiz import Quiz\n"
        "from bgsim.widgets import after_try\n"
        "q = Quiz.number('How many checkers does each side have?', 15, why='15 each (R1).')\n"
        "later = after_try(q, lambda: display(Markdown('**fifteen**')) or 'as R1 says')\n"
        "later"),
        nbformat.v4.new_code_cell(
        "before = len(later.output.outputs)\n"
        "q.widget.field.value = '14'\n"
        "q.widget.check()\n"
        "print(before, [sorted(o['data']) for o in later.output.outputs])")]
    NotebookClient(nb, timeout=300, kernel_name="python3").execute()
    printed = "".join(o.get("text", "") for o in nb.cells[1].outputs)
    assert printed.startswith("0 ") and "text/markdown" in printed and printed.count("text/plain") == 2, printed
