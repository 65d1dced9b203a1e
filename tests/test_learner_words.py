"""Issue 31, the library side: people read Light and Dark (or the names given), never "player 0";
the board forgives a refused step; a drill is drawn from the mover's side; the replay's last step
agrees with the result."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("anywidget", reason="the widgets need the lessons extra (anywidget)")

import bgsim
from bgsim import Position
from bgsim.engine.i18n import language, side_name
from bgsim.game.records import GameRecord
from bgsim.widgets import DrillWidget, ReplayWidget, StepperWidget

#: "player 0", "Player 1", "hráč 0" (Czech and Slovak): the API's numbers, never for people.
NUMBERED = re.compile(r"\b(?:[Pp]layer|[Hh]ráč\w*) [01]\b")


@pytest.mark.parametrize("lang, light, dark", [("en", "Light", "Dark"), ("cs", "Světlý", "Tmavý"),
                                               ("sk", "Svetlý", "Tmavý")])
def test_sides_are_named_by_their_colour_in_every_language(lang, light, dark):
    with language(lang):
        assert (side_name(0), side_name(1)) == (light, dark)


@pytest.mark.parametrize("lang", ["en", "cs", "sk"])
def test_a_whole_game_record_names_the_sides_by_colour(lang):
    """Every event of a game (rolls, plays, the cube, the result: R4-R26) in Light and Dark."""
    with language(lang):
        g = bgsim.Game(starter=1, rng=7)
        g.double()
        g.take()
        while not g.is_over:
            g.roll()
            if not g.is_over and g.state.name == "AWAITING_PLAY":
                g.play(g.position.legal_plays(g.dice)[0])
        text = g.transcript()
        assert not NUMBERED.search(text), NUMBERED.search(text)
        assert side_name(0) in text and side_name(1) in text


def test_game_refusals_and_the_cli_state_name_the_side():
    g = bgsim.Game(starter=0)
    g.double()
    found = g.why_not("roll")
    assert str(found) == "Dark must first take or drop the double (R26)"
    from bgsim.cli.commands import describe

    lines = " ".join(describe(g))
    assert "Light doubles to 2; Dark takes or drops (R26)" in lines and not NUMBERED.search(lines)


def test_the_stepper_says_who_rolled_by_colour():
    s = StepperWidget(Position.initial(turn=1))
    assert s.message.text.startswith("Dark to roll")
    s.roll((6, 4))
    assert s.message.text == "Dark rolled 6-4"          # rolls written 6-4 for people


def test_editor_score_and_monte_carlo_labels_use_colours():
    from bgsim.widgets import EditorWidget, ScoreWidget

    e = EditorWidget()
    labels = [lab for lab, _v in e.colour.options] + [lab for lab, _v in e.turn.options]
    labels += [b.description for b in (*e.bar, *e.off)] + [lab for lab, _v in e.cube_owner.options]
    assert not any(NUMBERED.search(x) for x in labels), labels
    assert "bar Light" in labels and "off Dark" in labels
    sw = ScoreWidget()
    assert [lab for lab, _v in sw.winner.options] == ["Light", "Dark"]


# ----------------------------------------------------------------------------- a board that forgives
def test_a_refused_step_puts_the_checker_back_and_another_checker_is_picked_up():
    """The learner means 20->15 but first holds 24: 24/20 is refused (no 4 in 6-5, R5); the
    next click on 20 picks up the checker there, it is not read as a move of the 24."""
    pos = Position.from_counts({24: 2, 20: 1, 13: 5, 8: 3, 6: 4}, {24: 2, 13: 5, 8: 3, 6: 5})
    s = StepperWidget(pos, dice=(6, 5))
    s.click(24)
    assert "picked up" in s.message.text
    s.click(20)                          # 24/20: no 4 to play; 20 holds a checker of mine
    assert "(R5)" in s.message.text and "20 is picked up instead" in s.message.text
    s.click(15)                          # read as 20/15, not as 24/15 ("moves 9 pips")
    assert [str(x) for x in s.turn.steps] == ["20/15"]


def test_a_refused_step_onto_an_empty_point_puts_the_checker_back():
    s = StepperWidget(Position.initial(), dice=(6, 5))
    s.click(13)
    s.click(10)                          # 13/10: no 3 (R5)
    assert "(R5)" in s.message.text and "goes back" in s.message.text
    assert s.board.drawing["highlight"] == ()          # nothing held any more
    s.click(8)                           # a fresh pick-up, not 13/8
    assert s.turn.steps == () and s.message.text.startswith("8: picked up")


def test_a_die_lost_after_entering_is_said_with_its_rule():
    """bar/24 with 6-1: the 6 cannot enter (19 closed) and, once entered, no checker can move 6
    (18 closed, no bearing off with a checker on 24): the 6 is lost (R15, R12)."""
    pos = Position.from_counts({25: 1, 1: 14}, {6: 2, 7: 2, 0: 11})
    s = StepperWidget(pos, dice=(6, 1))
    s.click(25)
    s.click(24)
    assert s.turn.is_complete
    assert s.message.text == ("played bar/24; the 6 is lost: once the checker has entered, the rest of the roll "
                              "is played normally, but no checker can move 6 (R15, R12)")


def test_a_drill_is_drawn_from_the_side_of_the_mover_and_next_follows_show_solution():
    d = DrillWidget(["route"], per_kind=4, rng=2)
    movers = set()
    while True:
        task = d.drill.task
        movers.add(task.position.turn)
        assert d.stepper.board.perspective == task.position.turn      # the mover's 1-24 (R1)
        assert d.next_button.disabled
        d.show_solution()
        assert not d.next_button.disabled                               # the answer shown: move on
        if d.drill.index + 1 == len(d.drill):
            break
        d.next_task()
    assert movers == {0, 1}, "the seed should give tasks for both sides"


def test_the_replays_last_step_counts_the_result_like_the_status():
    g = bgsim.Game(starter=0)
    g.double()
    g.drop()                             # Light wins 1 point: the double dropped (R26)
    r = ReplayWidget(GameRecord.from_game(g))
    r.last()
    assert "won so far Light 1, Dark 0" in r.status.value and "(R26)" in r.status.value
    r.first()
    assert "won so far Light 0, Dark 0" in r.status.value


def test_the_computer_play_is_highlighted_and_the_tutor_keeps_the_learners_play():
    from bgsim.players.players import HandwrittenPlayer
    from bgsim.widgets import PlayWidget

    p = PlayWidget(HandwrittenPlayer(), rng=3, delay=0)
    p.roll()                                              # 5-1 for You (see PlayWidget's example)
    for a, b in ((24, 23), (13, 8)):
        p.stepper.click(a)
        p.stepper.click(b)
    p.done()                                              # the computer replies at once (delay=0)
    last = p.table.game.events[-1]
    assert type(last).__name__ == "Move" and last.player == 1
    assert p.stepper.board.drawing["highlight"], "the computer's play is marked on the board"


def test_the_board_shows_a_line_instead_of_broken_links_before_the_kernel_runs():
    """The front-end's before-run state: the line comes from the catalogue, in the language."""
    from bgsim.widgets import BoardWidget
    from bgsim.widgets._page import STATIC

    assert BoardWidget().view.offline_text.startswith("Run the lesson to play")
    with language("cs"):
        assert BoardWidget().view.offline_text.startswith("Ke hře nejdřív spusťte lekci")
    css = (STATIC / "bgsim.css").read_text(encoding="utf-8")
    assert ".jupyter-widgets-disconnected > .bgsim-offline" in css
    assert "bgsim-offline" in (STATIC / "board.js").read_text(encoding="utf-8")


def test_after_the_tutors_warning_the_learners_play_stays_on_the_board():
    from bgsim.players.players import HandwrittenPlayer
    from bgsim.widgets import PlayWidget

    p = PlayWidget(HandwrittenPlayer(), rng=3, delay=0, tutor=True, tutor_threshold=0.0)
    p.roll()                                              # 5-1
    for a, b in ((8, 7), (8, 3)):                         # 8/7 8/3: two blots, not the best
        p.stepper.click(a)
        p.stepper.click(b)
    turn = p.stepper.turn
    assert turn.is_complete
    p.done()
    if p.table.game.events[-1].__class__.__name__ == "Move":
        pytest.skip("the tutor found this play good enough; nothing to warn about")
    assert p.message.kind == "error" and "Press Done again to keep your play, or Undo" in p.message.text
    assert p.stepper.board.position == turn.position      # the learner's own play, not the net's
