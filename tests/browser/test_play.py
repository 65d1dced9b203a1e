"""Playing the computer in a real browser (issue 20, items 1, 3 and 7).

- A whole seeded money game against the net, played by clicking in Voila
  (``notebooks/play_demo.ipynb``: ``PlayWidget("net", rng=13, delay=0)``): refused clicks and
  buttons (R4, R25, R10-R11), a double the computer takes, every move made checker by checker
  on the board, the computer's resignation accepted; at the end the result, the replay and the
  ``.mat`` download, whose text ``read_mat`` replays to the same result as the same game played
  by :class:`bgsim.players.table.Table` in this process (same seed, same choices: the same game).
- Lesson 11 in JupyterLab (Run All): the tutor's money game (a refused Double, the roll, the
  hint) and the 3-point match; and in Voila at 1280x720 in the presentation mode.

Screenshots (test-artifacts/): play-refused.png, play-double-taken.png, play-end.png,
lesson11-money.png, lesson11-hint.png, lesson11-match.png, lesson11-present-1280x720.png.
"""

from __future__ import annotations

import base64
import re

import pytest

from bgsim.game.events import GameState
from bgsim.game.matfile import read_mat
from bgsim.players.table import Table

from .conftest import kernel_answered
from .test_lab import open_and_run

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 300_000   # ms, for a busy machine (3-5x slower)
EXPECT = 60_000   # ms: one step on the page (a click, a redraw), on a busy machine
SEED = 13            # play_demo.ipynb's seed: a double taken and a resignation by the computer
LESSON_SEED = 2026   # lesson 11's money game


def plan(seed: int = SEED):
    """The person's actions for the seeded game, found by playing it here with the same table.

    The person doubles at the first chance, takes every double, accepts every resignation and
    plays the net's best move. Each action comes with the status line and the number of moves
    listed that the page must show before it is made.
    """
    table = Table("net", rng=seed)
    actions = []
    doubled = False
    while not table.game.is_over:
        if table.waiting_for_computer:
            table.run_computer()
            continue
        game, state = table.game, table.game.state
        before = (table.status(), len(table.moves()))
        if state is GameState.OPENING:
            actions.append(("roll", before, None))
            table.roll()
        elif state is GameState.AWAITING_DOUBLE_OR_ROLL:
            if not doubled and game.can_double():
                actions.append(("double", before, None))
                assert table.double() is None
                doubled = True
            else:
                actions.append(("roll", before, None))
                table.roll()
        elif state is GameState.AWAITING_PLAY:
            play = table.hint(1)[0].play
            actions.append(("play", before, play.steps))
            assert table.commit(play) is None
        elif state is GameState.AWAITING_ANSWER:
            actions.append(("take", before, None))
            table.take()
        else:
            actions.append(("accept", before, None))
            table.accept_resignation()
    return table, actions


def _wait_for(widget, status: str, moves: int) -> None:
    expect(widget.locator(".bgsim-play-status")).to_have_text(status)
    if moves:
        expect(widget.locator(".bgsim-play-movelist li")).to_have_count(moves)


def _click(view, target) -> None:
    """Click one element of the board and wait until the board is drawn again."""
    before = view.get_attribute("data-version")
    target.click(force=True)
    expect(view).not_to_have_attribute("data-version", before)
    kernel_answered(view)


def _target(view, point: int, source: bool):
    if point == 25:
        return view.locator('.bar[data-player="0"]')
    if point == 0:
        return view.locator('.tray[data-player="0"]')
    if source:
        return view.locator(f'.checker[data-player="0"][data-point="{point}"]').first
    return view.locator(f'.point[data-point="{point}"]')


def test_a_whole_seeded_game_by_clicking_and_its_mat(page, voila, screenshot):
    expect.set_options(timeout=EXPECT)
    table, actions = plan()
    assert any(a[0] == "double" for a in actions) and any("Computer takes" in m for m in table.moves())
    page.goto(voila.url("/voila/render/play_demo.ipynb"), timeout=LONG)
    widget = page.locator(".demo-play")
    expect(widget).to_be_visible(timeout=LONG)
    view = widget.locator(".bgsim-play-row .bgsim-board-view")
    message = widget.locator(".bgsim-play-message")
    button = {name: widget.locator(f".bgsim-play-{name}") for name in
              ("roll", "double", "take", "drop", "accept", "done", "undo")}

    # refused before the game: a click on a checker and the Take button, each with its rule
    view.locator('.checker[data-player="0"][data-point="13"]').first.click(force=True)
    expect(message).to_contain_text("roll the opening roll first (R4)")
    button["take"].click()
    expect(message).to_contain_text("no double has been offered (R26)")
    screenshot(page, "play-refused", widget)

    refused_after_roll = False
    for kind, (status, moves), steps in actions:
        _wait_for(widget, status, moves)
        if kind == "play":
            if not refused_after_roll:          # refused once: a double after the roll, Done too early
                button["double"].click()
                expect(message).to_contain_text("a double comes before the roll (R25)")
                button["done"].click()
                expect(message).to_contain_text("(R10, R11)")
                refused_after_roll = True
            for src, dst in steps:
                _click(view, _target(view, src, True))
                _click(view, _target(view, dst, False))
            button["done"].click()
        else:
            button[kind].click()
            if kind == "double":
                expect(widget.locator(".bgsim-play-movelist")).to_contain_text("Computer takes")
                screenshot(page, "play-double-taken", widget)

    # the end: how it was scored, the replay and the .mat file
    result = table.game.result
    assert result is not None
    end = widget.locator(".bgsim-play-result")
    expect(end).to_be_visible(timeout=LONG)
    expect(end).to_contain_text(f"= {result.points} point")
    expect(widget.locator(".bgsim-play-end .bgsim-replay")).to_be_attached()
    link = widget.locator("a.bgsim-mat-link")
    href = link.get_attribute("href")
    assert href.startswith("data:text/plain;charset=utf-8;base64,")
    mat = base64.b64decode(href.split(",", 1)[1]).decode("utf-8")
    assert mat == table.mat()                       # the game clicked is the game planned
    record = read_mat(mat)
    assert record.final_score == table.series.score
    assert record.games[0].result == result
    with page.expect_download() as info:            # the link downloads the file too
        link.click()
    assert info.value.suggested_filename == "bgsim-game.mat"
    end.scroll_into_view_if_needed()
    screenshot(page, "play-end", widget)
    print(f"\nplayed {len(actions)} actions by clicking; result: {result}")


def test_lesson11_in_lab(page, lab, screenshot):
    expect.set_options(timeout=EXPECT)
    open_and_run(page, lab, "lessons/11-play.ipynb")
    money = page.locator(".lesson11-money")
    expect(money).to_be_visible(timeout=LONG)
    money.scroll_into_view_if_needed()
    message = money.locator(".bgsim-play-message")
    money.locator(".bgsim-play-double").click()
    expect(message).to_contain_text("(R4, R25)")
    money.locator(".bgsim-play-roll").click()
    expect(money.locator(".bgsim-play-status")).not_to_contain_text("opening roll", timeout=LONG)
    expect(money.locator(".bgsim-play-status")).to_contain_text(re.compile(r"You: (play|Roll)"), timeout=LONG)
    screenshot(page, "lesson11-money", money)
    money.locator(".bgsim-play-hint").click()
    expect(money.locator(".bgsim-play-hint-text")).to_contain_text("The net's", timeout=LONG)
    screenshot(page, "lesson11-hint", money)
    # the lesson's seed: the person opens; play the net's best move by clicking, then the computer
    # answers on its own, one action every 0.8 s (the widget's timer in the kernel)
    table = Table("net", rng=LESSON_SEED, tutor=True)
    table.roll()
    assert table.game.player_on_roll == 0
    best = table.hint(1)[0].play
    view = money.locator(".bgsim-play-row .bgsim-board-view")
    for src, dst in best.steps:
        _click(view, _target(view, src, True))
        _click(view, _target(view, dst, False))
    money.locator(".bgsim-play-done").click()
    table.commit(best)
    said = table.run_computer()
    expect(money.locator(".bgsim-play-status")).to_have_text(table.status(), timeout=LONG)
    expect(money.locator(".bgsim-play-movelist")).to_contain_text(said[-1].split(" plays ")[-1].rstrip("."))
    # try before told: the opening 5-1 is played on a board first; the net's ranking waits, closed
    opening = page.locator(".lesson11-opening")
    opening.scroll_into_view_if_needed()
    ranking = opening.locator(".widget-accordion")
    expect(ranking).to_be_visible()
    expect(opening.get_by_text("Hint: 5-1")).to_be_hidden()
    view = opening.locator(".bgsim-board-view")
    _click(view, _target(view, 13, True))
    _click(view, _target(view, 8, False))
    expect(opening.locator(".bgsim-played")).to_contain_text("13/8")
    opening.get_by_text("The net's ranking of every 5-1").click()
    expect(opening.get_by_text("Hint: 5-1")).to_be_visible()
    screenshot(page, "lesson11-try-first", opening)
    match = page.locator(".lesson11-match")
    match.scroll_into_view_if_needed()
    expect(match.locator(".bgsim-play-status")).to_contain_text("3-point match")
    match.locator(".bgsim-play-roll").click()
    expect(match.locator(".bgsim-play-status")).not_to_contain_text("opening roll", timeout=LONG)
    screenshot(page, "lesson11-match", match)


def test_lesson11_present_1280x720(chromium, voila, screenshot):
    from .conftest import _only_localhost

    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.route("**/*", _only_localhost)
    page = context.new_page()
    try:
        expect.set_options(timeout=EXPECT)
        page.goto(voila.url("/voila/render/lessons/11-play.ipynb", present="1"), timeout=LONG)
        money = page.locator(".lesson11-money")
        expect(money).to_be_visible(timeout=LONG)
        expect(page.locator("body")).to_have_class(re.compile(r"\bbgsim-present\b"))
        money.evaluate("e => e.scrollIntoView({block: 'start'})")
        money.locator(".bgsim-play-double").click()
        message = money.locator(".bgsim-play-message .bgsim-error")
        expect(message).to_contain_text("(R4, R25)")
        size = float(message.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
        assert size >= 20, f"the rule message is {size} px in the presentation mode"
        board = money.locator(".bgsim-play-row .bgsim-board-view svg").evaluate(
            "e => e.getBoundingClientRect().right")
        side = money.locator(".bgsim-play-side").evaluate("e => e.getBoundingClientRect().left")
        assert side >= board - 1, "the buttons and the message are beside the board"
        screenshot(page, "lesson11-present-1280x720")
    finally:
        context.close()
