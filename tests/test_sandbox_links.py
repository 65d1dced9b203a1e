"""A position travels as a link, the sandbox editor's new buttons and its "find the best play"
puzzle (issue 32, items 3 and 4). Browser tests: tests/browser/test_sandbox_link.py."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from bgsim import Position
from bgsim.engine.ids import XgidState
from bgsim.widgets import (
    BestPlayTask,
    BoardWidget,
    EditorWidget,
    LinkError,
    SandboxWidget,
    StepperWidget,
    rank_exactly,
    read_link,
    sandbox_link,
)

HIGHER_DIE = Position.from_counts({13: 1, 0: 14}, {23: 2, 0: 13})       # 6-5: only 13/7 (R11)
TWO_CHECKERS = Position.from_counts({6: 1, 4: 1}, {})                  # 5-2: 6/off leaves a 4


# ----------------------------------------------------------------------------- links
@pytest.mark.parametrize("dice", [None, (6, 5), (1, 1), (2, 6)])
@pytest.mark.parametrize("position", [Position.initial(), Position.initial(turn=1), HIGHER_DIE])
def test_a_link_opens_the_same_position_and_dice(position, dice):
    link = sandbox_link(position, dice)
    assert link.startswith("sandbox.ipynb?xgid=")
    back = read_link(link)
    assert back.position == position and back.dice == (None if dice is None else dice)
    assert back.mode == ("step" if dice else "setup")
    box = SandboxWidget.from_link("http://teacher.local:8866/voila/render/lessons/" + link)
    assert box.position == position and box.dice == back.dice
    assert box.steps.value == back.mode
    if dice:
        assert box.stepper.turn.dice == dice and box.stepper.position == position


def test_a_link_keeps_the_cube_and_opens_a_puzzle():
    state = XgidState(cube_value=4, cube_owner=1)
    link = sandbox_link(HIGHER_DIE, (6, 5), state=state, mode="puzzle", base="http://x/sandbox.ipynb?present=1")
    assert link.startswith("http://x/sandbox.ipynb?present=1&xgid=") and link.endswith("&mode=puzzle")
    box = SandboxWidget.from_link(link)
    assert box.steps.value == "puzzle" and box.task is not None and box.task.kind == "only-play"
    assert box.editor.cube_value.value == 4 and box.editor.cube_owner.value == 1


@pytest.mark.parametrize(("link", "why"), [
    ("sandbox.ipynb", "names no position"),
    ("sandbox.ipynb?present=1&board=high-contrast", "names no position"),
    ("?xgid=not-an-xgid", "cannot be read"),
    ("?xgid=-b----E-C---eE---c-e----B-:0:0:1:65:0:0:0:0:10&mode=quiz", "mode must be one of"),
    ("?position=4HPwATDgc/ABMA&dice=75", "dice: two numbers from 1 to 6"),
    ("?position=4HPwATDgc/ABMA&dice=six", "dice: two numbers from 1 to 6"),
    ("?position=4HPwATDgc/ABMA&turn=2", "turn must be 0 or 1"),
    ("?position=!!!", "cannot be read"),
])
def test_bad_links_get_a_clear_error(link, why):
    with pytest.raises(LinkError, match=why):
        read_link(link)
    with pytest.raises(ValueError, match=why):               # a BgsimError: a ValueError too
        SandboxWidget.from_link(link)
    box = SandboxWidget()                                      # from the page's address: said, not raised
    assert not box.open_link(link)
    assert box.message.kind == "error" and why in box.message.text and box.position == Position.initial()


def test_sandbox_link_refuses_bad_arguments():
    with pytest.raises(LinkError, match="dice"):
        sandbox_link(Position.initial(), (0, 3))
    with pytest.raises(LinkError, match="mode"):
        sandbox_link(Position.initial(), mode="quiz")
    with pytest.raises(LinkError, match=r"bgsim\.Position"):
        sandbox_link("4HPwATDgc/ABMA")                         # type: ignore[arg-type]


def test_the_sandbox_opens_its_pages_address(monkeypatch):
    """Voila hands the page's query string to a kernel started for the page (QUERY_STRING); a kernel
    run in advance hears it from the browser (the PageAddress widget)."""
    link = sandbox_link(HIGHER_DIE, (6, 5))
    query = link.split("?", 1)[1]
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setenv("QUERY_STRING", query + "&present=1")
    box = SandboxWidget()
    assert box.position == HIGHER_DIE and box.steps.value == "step" and "opened from a link" in box.message.text
    monkeypatch.setenv("VOILA_PREHEAT", "True")                # run in advance: the address comes later
    box = SandboxWidget()
    assert box.position == Position.initial()
    box.address.query = "?" + query
    assert box.position == HIGHER_DIE and box.stepper.turn.dice == (6, 5)
    box.address.query = "?present=1"                           # an address naming no position: left alone
    assert box.position == HIGHER_DIE and box.message.kind != "error"


# ----------------------------------------------------------------------------- every board offers it
def test_a_board_that_says_to_play_6_5_copies_its_dice():
    """Before: the stepper's board said 'to play 6-5' and its XGID said dice 00."""
    stepper = StepperWidget(HIGHER_DIE, dice=(6, 5))
    xgid = stepper.board.ids.xgid.value
    assert xgid.split(":")[4] == "65", xgid
    assert read_link(stepper.board.ids.link.href).dice == (6, 5)
    stepper.click(13)
    stepper.click(7)                                           # 13/7 played: a half-played turn has no XGID dice
    assert stepper.board.ids.xgid.value.split(":")[4] == "00" and "played 13/7" in stepper.message.text
    stepper.undo()
    assert stepper.board.ids.xgid.value.split(":")[4] == "65"
    assert BoardWidget(Position.initial()).ids.xgid.value.split(":")[4] == "00"      # no dice drawn: none copied
    board = BoardWidget(Position.initial(), dice=(3, 1), xgid_state=XgidState(dice=(4, 2)))
    assert board.ids.xgid.value.split(":")[4] == "42"          # dice given for the XGID win
    assert "open this position in the sandbox" in board.ids.link.label


# ----------------------------------------------------------------------------- the editor
def test_clear_board_and_start_position_buttons():
    ed = EditorWidget(Position.initial(turn=1))
    ed.clear_button.click()
    assert ed.position.pips() == (0, 0) and ed.position.turn == 1 and ed.off[0].value == 15
    for point in (6, 6, 8):                                    # then a position of two clicks and a bit
        ed.board.view.click("point", point=point)
    assert ed.position.mine[6] + ed.position.theirs[6] + ed.position.mine[19] + ed.position.theirs[19] >= 2
    ed.start_button.click()
    assert ed.position == Position.initial(turn=1) and "(R3)" in ed.message.text


# ----------------------------------------------------------------------------- find the best play
def test_rank_exactly_agrees_with_the_bear_off_database():
    from bgsim.odds.bearoff import best_bearoff_play

    for pos, dice in [(TWO_CHECKERS, (5, 2)), (Position.from_counts({6: 2, 5: 1, 4: 1, 1: 3}, {1: 3, 2: 2}), (6, 2)),
                      (Position.from_counts({6: 3, 5: 3, 3: 3, 2: 3, 1: 3}, {}), (4, 1))]:
        ranked = rank_exactly(pos, dice)
        assert ranked and len(ranked) == len(pos.legal_plays(dice))
        assert [r.value for r in ranked] == sorted((r.value for r in ranked), reverse=True)
        best = best_bearoff_play(pos, dice)
        assert any(r.play == best for r in ranked if r.value >= ranked[0].value - 1e-9)
    assert rank_exactly(Position.initial(), (6, 5)) is None     # contact: nothing exact ranks the plays


def test_sandbox_poses_find_the_best_play_where_the_database_ranks_the_plays():
    box = SandboxWidget()
    assert box.editor.load_id(TWO_CHECKERS.xgid(XgidState(dice=(5, 2))))
    assert box.puzzle() and isinstance(box.task, BestPlayTask)
    assert "Find the best play" in box.task_line.value
    box.stepper.click(6)
    box.stepper.click(4)                                       # 6/4, then 4/off: a checker off, but a 4 left
    box.stepper.click(4)
    box.stepper.click(0)
    assert not box.solved and box.wrong_tries == 1
    said = box.stepper.message.text
    assert said.startswith("Legal, but not the best: 6/off gives ") and "the best play gives 1.000 rolls" in said, said
    assert said.endswith("Try again.") and box.stepper.message.kind == "error"
    assert box.stepper.turn is not None and not box.stepper.turn.steps     # the puzzle again
    box.stepper.click(6)
    box.stepper.click(1)
    box.stepper.click(4)
    box.stepper.click(2)
    assert box.solved and box.stepper.message.text.startswith("Right: 6/1 4/2 is the best play of 5-2 here")
    assert box.stepper.message.text.endswith("Found after 1 wrong try.")


def test_sandbox_still_refuses_a_puzzle_nothing_ranks():
    box = SandboxWidget(dice=(3, 1))
    assert not box.puzzle()
    assert "3-1 has 16 legal plays here" in box.message.text and "bear-off" in box.message.text
