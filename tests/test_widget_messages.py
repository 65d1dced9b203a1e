"""What a page sends to the widgets is input: checked, never trusted (bgsim.widgets._input).

Messages go in where a browser's do: through each widget's comm (``comm.handle_msg``),
as ipywidgets' front end sends them (``update`` with a state, ``custom`` with a click).
The targeted tests are the cases once found to raise or to move a checker; the property
test sends random messages, well-formed and malformed, to every widget that takes input
from the page, and checks that nothing is raised and that a malformed one changes nothing.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bgsim import Position, svg
from bgsim.game.game import Game
from bgsim.draw.page import page
from bgsim.players.players import HandwrittenPlayer
from bgsim.teach.quiz import Quiz
from bgsim.game.records import GameRecord
from bgsim.widgets import (
    BoardView,
    BoardWidget,
    DrillWidget,
    EditorWidget,
    MonteCarloWidget,
    PlayWidget,
    QuizWidget,
    ReplayWidget,
    SandboxWidget,
    ScoreWidget,
    StepperWidget,
)


@pytest.fixture(autouse=True)
def _own_page():
    """A page's theme switch changes the kernel's page theme (bgsim.draw.page): put it back after each test."""
    with page():
        yield


# ----------------------------------------------------------------------------- as a page sends them
def update(control: w.Widget, **state: Any) -> None:
    """The page sets ``state`` on ``control`` (what a toggle, a drop-down or a text box sends)."""
    control.comm.handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def custom(control: w.Widget, content: Any) -> None:
    """The page sends ``content`` to ``control`` (a button's click, a board's click)."""
    control.comm.handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def click(view: BoardView, **fields: Any) -> None:
    custom(view, {"type": "click", **fields})


def tree(root: w.Widget) -> Iterator[w.Widget]:
    yield root
    for child in getattr(root, "children", ()) or ():
        yield from tree(child)


# ----------------------------------------------------------------------------- the cases found
BAD_POINTS = [[6], "x", "6", float("nan"), float("inf"), -float("inf"), 10 ** 100, 2 ** 64, -2, -1, 0, 25, 26, 6.5,
              True, None, {"p": 6}]


@pytest.mark.parametrize("point", BAD_POINTS, ids=repr)
def test_a_click_on_no_point_is_ignored(point, caplog):
    """A point that is a list, a string, NaN, inf, a huge number, outside 1-24 or negative (-2
    once wrapped round to pick up the checker on 24) is no click: logged at debug level."""
    editor = EditorWidget(Position.initial())
    seen: list = []
    editor.board.on_click(seen.append)
    with caplog.at_level(logging.DEBUG, logger="bgsim.widgets"):
        for player in (None, 0, 1):
            click(editor.board.view, kind="point", point=point, player=player)
    assert seen == [] and editor.position == Position.initial() and editor.message.text == ""
    assert any("ignored a message from the page" in r.getMessage() and r.levelno == logging.DEBUG
               for r in caplog.records)


@pytest.mark.parametrize("fields", [
    {"kind": "bar", "player": 2}, {"kind": "bar", "player": None}, {"kind": "tray", "player": "0"},
    {"kind": "tray", "player": float("nan")}, {"kind": "checker", "point": 6}, {"kind": None}, {},
    {"kind": "point", "point": 6, "player": 5}, {"kind": ["point"], "point": 6},
], ids=repr)
def test_a_click_on_no_part_of_the_board_is_ignored(fields):
    stepper = StepperWidget(Position.initial(), dice=(3, 1))
    seen: list = []
    stepper.board.on_click(seen.append)
    before = stepper.message.text
    click(stepper.board.view, **fields)
    assert seen == [] and stepper.message.text == before and not stepper.turn.steps


def test_a_good_click_from_the_page_still_plays():
    stepper = StepperWidget(Position.initial(), dice=(3, 1))
    click(stepper.board.view, kind="point", point=8, player=0)
    click(stepper.board.view, kind="point", point=5, player=None)
    assert [str(s) for s in stepper.turn.steps] == ["8/5"]


def test_every_click_from_the_page_is_answered():
    """The view counts the page's clicks the kernel has answered, ignored ones too: a browser
    test waits for that count instead of guessing how long the kernel takes."""
    view = BoardWidget().view
    sent: list = []
    view.comm.send = lambda data=None, **_kw: sent.append(data)
    click(view, kind="point", point=6, player=0)
    click(view, kind="point", point=-2)
    custom(view, {"type": "restyle", "theme": "neon", "boards": []})      # not a click
    assert view.answered == 2 and sent[-1]["state"] == {"answered": 2}


def test_a_deselected_toggle_is_refused_and_shown_again():
    """A toggle emptied by the page (index None) left the editor's turn and the sandbox's step
    at None, and the widgets raised; now the page is told the real value again."""
    editor = EditorWidget(Position.initial())
    sent: list = []
    editor.turn.comm.send = lambda data=None, **_kw: sent.append(data)      # what goes back to the page
    update(editor.turn, index=None)
    assert editor.turn.value == 0 and editor.position == Position.initial()
    assert sent and sent[-1]["state"] == {"index": 0}
    update(editor.colour, index=None)
    assert editor.colour.value == 0
    sandbox = SandboxWidget(rng=1)
    update(sandbox.steps, index=None)
    assert sandbox.steps.value == "setup" and sandbox.setup_panel.layout.display is None
    update(sandbox.steps, index=1)                                         # a real choice still works
    assert sandbox.steps.value == "step" and sandbox.play_panel.layout.display is None


@pytest.mark.parametrize("value", [None, -1, 99, 2 ** 70, "1", 1.0, float("nan"), True, [0]], ids=repr)
def test_a_choice_that_is_not_an_option_is_refused(value):
    score = ScoreWidget()
    update(score.cube, index=value)
    update(score.winner, index=value)
    assert (score.cube.value, score.winner.value, score.points) == (1, 0, 1)


@pytest.mark.parametrize("value", [-5, 16, 10 ** 30, "3", 2.5, None, float("inf")], ids=repr)
def test_a_number_out_of_range_is_refused_not_clamped(value):
    editor = EditorWidget(Position.initial())
    update(editor.bar[0], value=value)
    assert editor.bar[0].value == 0 and editor.position == Position.initial()


def test_only_the_values_a_page_sets_are_taken():
    """``disabled``, ``options``, the board's SVG ...: the kernel's to set, not the page's."""
    drill = DrillWidget(["only-play"], per_kind=1, rng=5)
    update(drill.next_button, disabled=False)
    update(drill.stepper.board.view, svg="<svg/>", clickable=False)
    update(drill.stepper.plays, _options_labels=["24/off"])
    assert drill.next_button.disabled and drill.stepper.board.view.clickable
    assert "<svg/>" != drill.stepper.board.view.svg and drill.stepper.plays._options_labels != ("24/off",)


def test_a_theme_the_boards_do_not_have_is_refused():
    board = BoardWidget()
    update(board.view, page_theme="neon")
    custom(board.view, {"type": "restyle", "theme": "neon", "boards": 5})
    assert board.view.page_theme == "" and board.drawing.get("theme") is None


def test_the_page_address_is_taken_from_the_page_and_nothing_else():
    """The sandbox opened from a link learns the link from its page (its PageAddress's query and
    path): a short string is taken, anything else (a number, a list, a huge text, another trait)
    is not, and the position stays."""
    sandbox = SandboxWidget()
    before, address = sandbox.position, sandbox.address
    update(address, query="?x=1", path="/voila/render/lessons/sandbox.ipynb")
    assert (address.query, address.path) == ("?x=1", "/voila/render/lessons/sandbox.ipynb")
    for bad in (5, ["?x"], None, "x" * 100_000):
        update(address, query=bad)
        assert address.query == "?x=1", bad
    update(address, _esm="evil")
    assert address._esm != "evil" and sandbox.position == before


def test_broken_envelopes_are_ignored():
    view = BoardWidget().view
    for msg in (None, 5, {}, {"content": None}, {"content": {"data": []}}, {"content": {"data": {"method": "x"}}},
                {"content": {"data": {"method": "update", "state": [1]}}},
                {"content": {"data": {"method": "custom", "content": "click"}}}):
        view.comm.handle_msg(msg)


# ----------------------------------------------------------------------------- the property test
def _game_record() -> GameRecord:
    g = Game(rng=1)
    g.roll(dice=(4, 3))
    g.play("24/20 24/21")
    g.roll(dice=(6, 1))
    g.play("13/7 8/7")
    return GameRecord.from_game(g)


#: Every widget that takes input from the page, as a lesson builds it.
WIDGETS: dict[str, Callable[[], w.Widget]] = {
    "board": lambda: BoardWidget(Position.initial()),
    "stepper": lambda: StepperWidget(Position.initial(), dice=(3, 1), rng=1),
    "editor": lambda: EditorWidget(Position.initial()),
    "sandbox": lambda: SandboxWidget(rng=1),
    "drill": lambda: DrillWidget(["only-play", "result"], per_kind=1, rng=5),
    "quiz-point": lambda: QuizWidget(Quiz.point("Click the 6-point.", Position.initial(), 6, why="There.")),
    "quiz-choice": lambda: QuizWidget(Quiz.choice("The bar?", [0, 25], answer=25, why="25.")),
    "replay": lambda: ReplayWidget(_game_record()),
    "score": lambda: ScoreWidget(),
    "play": lambda: PlayWidget(HandwrittenPlayer(), rng=3, delay=0),
    "montecarlo": lambda: MonteCarloWidget(games=72),
}

#: Buttons left out of the random clicks: Start runs games in a thread (its own tests stop it).
NOT_CLICKED = {"montecarlo": ("bgsim-start",)}

_SELECTIONS = (w.ToggleButtons, w.Dropdown, w.Select, w.RadioButtons)
_NUMBERS = (w.BoundedIntText, w.IntSlider)

GARBAGE = st.one_of(
    st.none(), st.booleans(), st.sampled_from([float("nan"), float("inf"), -float("inf"), 10 ** 100, 2 ** 64, -2]),
    st.integers(-50, 50), st.floats(allow_nan=True), st.text(max_size=8), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2))


def well_formed(control: w.Widget, draw: Any) -> tuple[str, Any] | None:
    """A message a working page could send to ``control``: ("update", state) or ("custom", content)."""
    if isinstance(control, BoardView):
        if draw(st.booleans()):
            return "update", {"page_theme": draw(st.sampled_from(["", *svg.THEMES]))}
        kind = draw(st.sampled_from(["point", "bar", "tray"]))
        if kind == "point":
            return "custom", {"type": "click", "kind": kind, "point": draw(st.integers(1, 24)),
                              "player": draw(st.sampled_from([None, 0, 1]))}
        return "custom", {"type": "click", "kind": kind, "player": draw(st.sampled_from([0, 1]))}
    if isinstance(control, w.Button):
        return "custom", {"event": "click"}
    if isinstance(control, _SELECTIONS):
        if not control.options:
            return None
        return "update", {"index": draw(st.integers(0, len(control.options) - 1))}
    if isinstance(control, (w.Checkbox, w.ToggleButton)):
        return "update", {"value": draw(st.booleans())}
    if isinstance(control, _NUMBERS):
        return "update", {"value": draw(st.integers(control.min, min(control.max, control.min + 1000)))}
    if isinstance(control, w.Text):
        return "update", {"value": draw(st.text(max_size=12))}
    return None


def takes(control: w.Widget, kind: str, payload: Any) -> bool:
    """The test's own oracle (not bgsim's code): may a page send this to ``control``?"""
    def whole(v: Any, low: float, high: float) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high

    if kind == "custom":
        if isinstance(control, w.Button):
            return isinstance(payload, dict) and payload.get("event") == "click"
        if isinstance(control, BoardView) and isinstance(payload, dict) and payload.get("type") == "click":
            k, point, player = payload.get("kind"), payload.get("point"), payload.get("player")
            if k == "point":
                return whole(point, 1, 24) and (player is None or whole(player, 0, 1))
            return k in ("bar", "tray") and whole(player, 0, 1)
        return False      # a restyle request is drawn well-formed only (it changes the page's theme)
    if not isinstance(payload, dict) or len(payload) != 1:
        return False
    (key, value), = payload.items()
    if isinstance(control, BoardView):
        return key == "page_theme" and isinstance(value, str) and (value == "" or value in svg.THEMES)
    if isinstance(control, _SELECTIONS) and key == "index":
        if value is None:
            return isinstance(control, (w.Select, w.RadioButtons))
        return whole(value, 0, len(control.options) - 1)
    if isinstance(control, (w.Checkbox, w.ToggleButton)) and key == "value":
        return isinstance(value, bool)
    if isinstance(control, _NUMBERS) and key == "value":
        return whole(value, control.min, control.max)
    if isinstance(control, w.Text) and key == "value":
        return isinstance(value, str)
    return False


@st.composite
def messages(draw: Any, controls: list[w.Widget]) -> tuple[int, str, Any]:
    """(which control, "update" | "custom" | "raw", payload): well-formed or malformed."""
    i = draw(st.integers(0, len(controls) - 1))
    control = controls[i]
    if draw(st.integers(0, 2)) == 0:
        good = well_formed(control, draw)
        if good is not None:
            return i, *good
    shape = draw(st.sampled_from(["value", "other-key", "click", "custom", "raw"]))
    if shape == "value":
        key = draw(st.sampled_from(["value", "index", "page_theme"]))
        return i, "update", {key: draw(GARBAGE)}
    if shape == "other-key":
        key = draw(st.sampled_from(["disabled", "options", "_options_labels", "svg", "max", "min", "children",
                                    "description", "unknown", "layout", "clickable"]))
        return i, "update", {key: draw(GARBAGE)}
    if shape == "click":
        return i, "custom", {"type": "click", "kind": draw(st.one_of(st.sampled_from(["point", "bar", "tray"]),
                                                                     GARBAGE)),
                             "point": draw(st.one_of(st.integers(-30, 30), GARBAGE)),
                             "player": draw(st.one_of(st.integers(-2, 3), GARBAGE))}
    if shape == "custom":
        return i, "custom", draw(st.one_of(GARBAGE, st.fixed_dictionaries({"event": GARBAGE})))
    return i, "raw", draw(st.one_of(GARBAGE, st.fixed_dictionaries({"content": st.one_of(
        GARBAGE, st.fixed_dictionaries({"data": st.one_of(GARBAGE, st.fixed_dictionaries({
            "method": st.one_of(st.sampled_from(["update", "custom", "echo_update", "x"]), GARBAGE),
            "state": GARBAGE, "content": GARBAGE}))}))})))


def snapshot(widget: w.Widget) -> tuple:
    """Everything a page could see of the widget, and the position it holds."""
    states = []
    for part in tree(widget):
        state = part.get_state()
        state.pop("answered", None)      # a board view's count of the page's clicks answered: the page's news
        states.append({k: v for k, v in state.items() if not (isinstance(v, float) and math.isnan(v))})
    return repr(getattr(widget, "position", None)), repr(states)


def controls_of(name: str, widget: w.Widget) -> list[w.Widget]:
    skip = NOT_CLICKED.get(name, ())
    return [c for c in tree(widget) if getattr(c, "comm", None) is not None and not isinstance(c, w.Box)
            and not set(getattr(c, "_dom_classes", ())) & set(skip)]


@pytest.mark.parametrize("name", list(WIDGETS))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_random_messages_from_the_page(name, data):
    """No message raises; a malformed one changes nothing the page shows nor the position."""
    with page():                   # each example starts from the page's own theme, and puts it back
        _random_messages(name, data)


def _random_messages(name: str, data: Any) -> None:
    widget = WIDGETS[name]()
    controls = controls_of(name, widget)
    for _ in range(data.draw(st.integers(1, 12), label="messages")):
        i, kind, payload = data.draw(messages(controls), label="message")
        control = controls[i]
        before = snapshot(widget)
        if kind == "raw":
            control.comm.handle_msg(payload)
        else:
            control.comm.handle_msg({"content": {"data": {"method": kind, ("state" if kind == "update" else "content"):
                                                          payload}}, "buffers": []})
        if kind == "raw" or not takes(control, kind, payload):
            assert snapshot(widget) == before, (name, type(control).__name__, kind, payload)
    if isinstance(widget, MonteCarloWidget):
        widget.stop()
        assert widget.wait(120)


def test_what_the_page_shows_in_an_output_is_never_sent_back_over():
    """An Output inside a bgsim widget (after_try's): the page reports what it captured there
    (``outputs``). The guard sent the kernel's empty list back, and the page wiped what
    ``build()`` had printed and displayed: after the try the part stayed blank (issue 31)."""
    from bgsim.widgets import after_try

    q = Quiz.number("How many checkers does each side have?", 15, why="15 each (R1).")
    later = after_try(q, lambda: "fifteen")
    sent: list = []
    later.output.comm.send = lambda data=None, **_kw: sent.append(data)     # what goes back to the page
    shown = [{"output_type": "stream", "name": "stdout", "text": "fifteen\n"}]
    update(later.output, outputs=shown)
    assert not sent                                    # the page keeps what it shows
    update(later.output, msg_id="forged")              # anything else of the Output's: still refused
    assert later.output.msg_id == ""
