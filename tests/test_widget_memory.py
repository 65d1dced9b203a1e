"""Nothing piles up (issue 28, item 1): closing a widget closes every part of it, and a long session
through PlayWidget leaves no widgets behind and costs the same at every game end.

ipywidgets keeps every widget it ever opened in a registry until it is closed, so a widget
that is built again and again and never closed stays in the kernel's memory for good; the
tests count that registry.
"""

from __future__ import annotations

import pytest

pytest.importorskip("anywidget", reason="the widgets need the lessons extra (anywidget)")

import ipywidgets as w
from ipywidgets.widgets import widget as ipywidget_module

import bgsim.widgets
from bgsim.game.events import GameState
from bgsim.game.match import Match, Session
from bgsim.game.matfile import read_mat, write_mat
from bgsim.teach.quiz import Quiz
from bgsim.game.records import MatchRecord
from bgsim.widgets import PlayWidget
from bgsim.widgets._page import close_all, owned_widgets


def open_widgets() -> set[str]:
    """The model ids of the ipywidgets open now."""
    return set(ipywidget_module._instances)


def _record() -> MatchRecord:
    return Match(3, rng=3, names=("Ann", "Ben")).play_out().record()


#: How to build one of each public widget class; a new class must be added here (the test says so).
FACTORIES = {
    "BoardView": lambda: bgsim.widgets.BoardView(svg="<svg></svg>"),
    "AfterTry": lambda: bgsim.widgets.AfterTry(Quiz.number("How many?", 15, why="R1."), lambda: "15"),
    "BoardWidget": lambda: bgsim.widgets.BoardWidget(),
    "ClassResultsBoard": lambda: bgsim.widgets.ClassResultsBoard(),
    "DrillWidget": lambda: bgsim.widgets.DrillWidget(["only-play", "take-drop"], per_kind=1, rng=5),
    "EditorWidget": lambda: bgsim.widgets.EditorWidget(),
    "IdBox": lambda: bgsim.widgets.IdBox(),
    "LinkView": lambda: bgsim.widgets.LinkView(href="sandbox.ipynb?xgid=x", label="a link"),
    "MessageLine": lambda: bgsim.widgets.MessageLine("a message"),
    "MonteCarloWidget": lambda: bgsim.widgets.MonteCarloWidget(),
    "PageKit": lambda: bgsim.widgets.PageKit(),
    "PlayWidget": lambda: bgsim.widgets.PlayWidget("random", rng=1, delay=0),
    "QuizWidget": lambda: bgsim.widgets.QuizWidget(Quiz.choice("Which point is the bar?", [0, 25], answer=25,
                                                               why="25.")),
    "ReplayWidget": lambda: bgsim.widgets.ReplayWidget(_record()),
    "SandboxWidget": lambda: bgsim.widgets.SandboxWidget(),
    "ScoreWidget": lambda: bgsim.widgets.ScoreWidget(),
    "StepperWidget": lambda: bgsim.widgets.StepperWidget(),
}


def test_every_widget_class_is_built_here():
    classes = {name for name in bgsim.widgets.__all__ if isinstance(getattr(bgsim.widgets, name), type)
               and issubclass(getattr(bgsim.widgets, name), w.Widget)}
    assert classes == set(FACTORIES), "add the new widget class to FACTORIES"


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_closing_a_widget_closes_every_widget_it_is_made_of(name):
    before = open_widgets()
    widget = FACTORIES[name]()
    made = open_widgets() - before
    assert widget.model_id in made and len(made) > 1        # at least itself and its layout
    widget.close()
    assert open_widgets() - before == set(), f"{name}.close() left {len(open_widgets() - before)} widgets open"
    assert widget.comm is None


def test_closing_a_widget_stops_its_monte_carlo_run():
    mc = bgsim.widgets.MonteCarloWidget(games=10_000_000, seed=1)
    mc.start()
    mc.close()
    assert mc.wait(60) and mc.stopped


def test_owned_widgets_finds_parts_off_screen_and_closes_plain_ipywidgets_whole():
    hidden = w.Button(description="hidden")

    class Holder(bgsim.widgets._page.ClosesParts, w.VBox):
        pass

    holder = Holder([w.HTML("shown")])
    holder.spare = [hidden]                                 # a part kept for later, not a child now
    assert hidden in owned_widgets(holder) and hidden.style in owned_widgets(holder)
    before = open_widgets()
    label = w.HTML("x")
    close_all(label)                                        # its layout and style too
    assert open_widgets() == before


# ----------------------------------------------------------------------------- a long session
def _end_the_game_at_once(widget: PlayWidget) -> None:
    """Hot seat: the opening roll and its play (clicked), then the next player offers to resign a single game
    and it is accepted (R30)."""
    table = widget.table
    widget.roll()
    while table.game.state is not GameState.AWAITING_DOUBLE_OR_ROLL:
        play = table.game.legal_plays()[0]
        for src, dst in play.steps:
            widget.stepper.click(src)
            widget.stepper.click(dst)
        widget.done()
    widget.offer_resignation("single")
    widget.accept_resignation()
    assert table.game.is_over and widget.end.children


def test_a_session_leaves_no_widgets_behind_game_after_game():
    at_start = open_widgets()
    widget = PlayWidget(None, session=True, rng=4, delay=0)
    counts = []
    replays = []
    for _ in range(5):
        _end_the_game_at_once(widget)
        replays.append(widget.replay)
        counts.append(len(open_widgets()))
        widget.new_game()
    # the same widgets open at every game end: the last game's end was closed, nothing piled up
    assert counts[1:] == counts[:-1], counts
    assert all(replay.comm is None for replay in replays)   # each game's replay closed at the next game
    # each game end shows that game's replay (the session is in the .mat file), and costs the same
    assert [r.record.number for r in replays] == [1, 2, 3, 4, 5]
    assert all(len(r.record.steps) < 10 for r in replays)
    mat = read_mat(widget.mat())
    assert len(mat.games) == 5 and mat.final_score == widget.table.series.score
    _end_the_game_at_once(widget)
    widget.close()                                          # at a game's end: the replay and the rest close
    assert open_widgets() == at_start


def test_the_replay_at_the_end_of_a_match_is_the_whole_match():
    widget = PlayWidget(None, match=2, rng=4, delay=0)
    while not widget.table.finished:
        _end_the_game_at_once(widget)
        if not widget.table.finished:
            assert isinstance(widget.replay.record, type(widget.table.game_record()))
            widget.new_game()
    assert isinstance(widget.replay.record, MatchRecord)
    assert len(widget.replay.record.games) == len(widget.table.series.games) >= 2


def test_a_series_builds_the_record_of_a_finished_game_once_and_writes_the_same_mat():
    session = Session(rng=7, names=("Ann", "Ben"))
    session.play_out(games=3)
    first, again = session.record(), session.record()
    assert all(a is b for a, b in zip(first.games, again.games, strict=True))   # built once
    fresh = MatchRecord([type(g).from_game(game, number=g.number, score=g.score, names=g.names)
                         for g, game in zip(first.games, session.games, strict=True)],
                        rules=first.rules, names=first.names)
    assert write_mat(session) == write_mat(fresh) == write_mat(session)
    # a game's lines are laid out once per record, but never reused for other names
    assert "Cid : 0" in write_mat(session, names=("Cid", "Dan")) and "Ann : 0" in write_mat(session)
