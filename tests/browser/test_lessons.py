"""The lessons in a real browser, used the way a learner does, on the teaching stepper.

Lessons 03-06 are opened in Voila (the learner and teacher view: no code, widgets live). A
stepper is played as a learner plays it: pick a checker up (the bar first, then from the
back), try each die left from it, put it down when the try is refused, until the widget says
the play is complete; the finished play must be one of the legal plays the widget lists.
Refused clicks must put the rule sentence, with its rule id, into the message line. One test
opens a lesson in JupyterLab without running it (as in Binder) and finds its boards drawn.
"""

from __future__ import annotations

import re
import time

import pytest

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 120_000    # ms: a cold kernel compiles numba code on first use
RULE_ID = re.compile(r"\((R|V|X)\d+")
LIGHT = 0         # the side on roll in every stepper used here (light, player 0)


def _words(t):
    return " ".join(t.split())


def act(stepper, target, timeout=8.0) -> str:
    """Click ``target`` in a stepper and wait until the board or the message line changes; return the message."""
    view = stepper.locator(".bgsim-board-view").first
    message = stepper.locator(".bgsim-message").first
    before = (view.get_attribute("data-version"), message.inner_text())
    target.click(force=True)
    end = time.monotonic() + timeout
    now = before
    while time.monotonic() < end and now == before:      # the kernel answers: the board or the message changes
        time.sleep(0.05)
        now = (view.get_attribute("data-version"), message.inner_text())
    while time.monotonic() < end:                          # ... then wait until both have settled
        time.sleep(0.25)
        later = (view.get_attribute("data-version"), message.inner_text())
        if later == now:
            break
        now = later
    return _words(now[1])


def dice_left(stepper):
    m = re.search(r"dice left: ([\d ]+)", _words(stepper.locator(".bgsim-played").first.inner_text()))
    return [int(x) for x in m.group(1).split()] if m else []


def teach_play_through(stepper) -> str:
    """Play the roll as a learner does on the teaching stepper: pick a checker up (the bar first,
    then from the back), try each die left from it (the tray when it would go past the end);
    a refused try leaves the board as it was, so put the checker down and try the next one."""
    view = stepper.locator(".bgsim-board-view").first
    played = stepper.locator(".bgsim-played").first
    for _ in range(8):
        if "complete" in played.inner_text():
            break
        moved = False
        for src in [25, *range(24, 0, -1)]:
            checker = view.locator(f'.checker[data-player="{LIGHT}"][data-point="{src}"]')
            if not checker.count():
                continue
            if "picked up" not in act(stepper, checker.first):
                continue                                     # refused at once (R13)
            for die in sorted(set(dice_left(stepper)), reverse=True):
                dst = src - die
                target = (view.locator(f'.tray[data-player="{LIGHT}"]') if dst <= 0
                          else view.locator(f'.point[data-point="{dst}"]'))
                before = played.inner_text()
                act(stepper, target)
                if played.inner_text() != before:
                    moved = True
                    break
            if moved:
                break
            act(stepper, view.locator(f'.checker[data-player="{LIGHT}"][data-point="{src}"]').first)  # put it down
        assert moved, "no checker could move, yet the turn is not complete"
    expect(played).to_contain_text("complete")
    message = _words(stepper.locator(".bgsim-message").first.inner_text())
    assert message.startswith("played "), message
    play = message.removeprefix("played ")
    legal = [_words(o) for o in stepper.locator(".bgsim-plays select option").all_text_contents()]
    assert play in legal, (play, legal)
    return play


def open_voila(page, voila, name, selector):
    page.goto(voila.url(f"/voila/render/lessons/{name}"), timeout=LONG)
    expect(page.locator(selector).first).to_be_attached(timeout=LONG)
    expect(page.get_by_text("VBox(children=")).to_have_count(0)
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)



def test_voila_lesson03_puzzles(page, voila, screenshot):
    expect.set_options(timeout=30_000)
    t = time.monotonic()
    open_voila(page, voila, "03-forced-play.ipynb", ".lesson03-puzzle2")
    print(f"\nVoila: lesson 03 live in {time.monotonic() - t:.0f} s")
    p2 = page.locator(".lesson03-puzzle2")
    p2.scroll_into_view_if_needed()
    expect(p2.locator(".bgsim-plays")).to_be_hidden()                 # a puzzle: no answers on screen
    expect(p2.locator(".bgsim-explain")).to_have_text("")             # not even "it is forced"
    v = p2.locator(".bgsim-board-view")
    assert "picked up" in act(p2, v.locator(f'.checker[data-player="{LIGHT}"][data-point="20"]').first)
    message = act(p2, v.locator('.point[data-point="15"]'))           # the tempting 20/15 with 6-5
    assert "(R11)" in message and "higher die 6" in message, message
    expect(p2.locator(".bgsim-played")).not_to_contain_text("20/")
    screenshot(page, "lesson03-puzzle2-refused", p2)
    play = teach_play_through(p2)
    assert play == "20/14", play
    p2.locator(".bgsim-show-answers").click()
    expect(p2.locator(".bgsim-explain")).to_contain_text("(R11)")
    expect(p2.locator(".bgsim-plays")).to_be_visible()
    screenshot(page, "lesson03-puzzle2-solved", p2)


def test_voila_lesson04_bar(page, voila, screenshot):
    expect.set_options(timeout=30_000)
    t = time.monotonic()
    open_voila(page, voila, "04-bar.ipynb", ".lesson04-drill")
    print(f"\nVoila: lesson 04 live in {time.monotonic() - t:.0f} s")
    hb = page.locator(".lesson04-hit-back")
    hb.scroll_into_view_if_needed()
    expect(hb.locator(".bgsim-plays")).to_be_hidden()
    expect(hb.locator(".bgsim-explain")).to_have_text("")
    v = hb.locator(".bgsim-board-view")
    assert "(R13)" in act(hb, v.locator('.checker[data-player="0"][data-point="24"]').first)
    assert "picked up" in act(hb, v.locator('.checker[data-player="0"][data-point="25"]').first)
    m = act(hb, v.locator('.point[data-point="19"]'))
    assert "(R14)" in m and "closed" in m, m
    screenshot(page, "04-hit-back-refused", hb)
    act(hb, v.locator('.point[data-point="21"]'))
    act(hb, v.locator('.checker[data-player="0"][data-point="24"]').first)
    assert act(hb, v.locator('.point[data-point="18"]')) == "played bar/21 24/18*"
    screenshot(page, "04-hit-back-played", hb)

    st = page.locator(".lesson04-stepper")
    st.scroll_into_view_if_needed()
    v = st.locator(".bgsim-board-view")
    refused = act(st, v.locator('.checker[data-player="0"][data-point="13"]').first)
    assert "must enter before any other checker moves (R13)" in refused, refused
    play = teach_play_through(st)
    assert play == "bar/24", play
    expect(st.locator(".checker[data-point='25'][data-player='0']")).to_have_count(1)
    st.locator(".bgsim-show-answers").click()
    expect(st.locator(".bgsim-explain")).to_contain_text("(R13, R15)")
    expect(st.locator(".bgsim-plays")).to_be_visible()
    screenshot(page, "04-stepper", st)
    st.locator("select").nth(0).select_option("3")
    st.locator("select").nth(1).select_option("2")
    st.locator(".bgsim-set-dice").click()
    expect(st.locator(".bgsim-message")).to_contain_text("rolled 3-2")
    assert teach_play_through(st).count("bar/") == 2

    ex = page.locator(".lesson04-closed-points")
    expect(ex).to_contain_text("4 closed: 20 of 36 rolls enter")

    dr = page.locator(".lesson04-drill")
    dr.scroll_into_view_if_needed()
    screenshot(page, "04-drill", dr)
    st = dr.locator(".bgsim-drill-board")
    v = st.locator(".bgsim-board-view")
    m = act(st, v.locator('.checker[data-player="0"][data-point="13"]').first)
    assert "(R13)" in m, m
    expect(dr.locator(".bgsim-message").last).to_contain_text("Not that")
    teach_play_through(st)
    expect(dr).to_contain_text("Right")
    dr.locator(".bgsim-drill-next").click()
    expect(dr.locator(".bgsim-drill-title")).to_contain_text("Task 2 of 2")
    expect(st.locator(".bgsim-message")).to_contain_text("rolled")
    expect(st.locator(".bgsim-played")).not_to_contain_text("complete")
    teach_play_through(st)
    expect(dr.locator(".bgsim-drill-score")).to_contain_text("1 of 2")
    screenshot(page, "04-drill-done", dr)


def test_voila_lesson05_bearing_off(page, voila, screenshot):
    expect.set_options(timeout=30_000)
    t = time.monotonic()
    open_voila(page, voila, "05-bearing-off.ipynb", ".lesson05-drill")
    print(f"\nVoila: lesson 05 live in {time.monotonic() - t:.0f} s")
    hf = page.locator(".lesson05-home-first")
    hf.scroll_into_view_if_needed()
    v = hf.locator(".bgsim-board-view")
    assert "picked up" in act(hf, v.locator('.checker[data-player="0"][data-point="6"]').first)
    m = act(hf, v.locator('.tray[data-player="0"]'))
    assert "(R16)" in m, m
    screenshot(page, "05-home-first-refused", hf)

    g = page.locator(".lesson05-gallery")
    g.scroll_into_view_if_needed()
    st = g.locator(".lesson05-stepper")
    v = st.locator(".bgsim-board-view")
    assert "picked up" in act(st, v.locator('.checker[data-player="0"][data-point="8"]').first)
    assert "(R16)" in act(st, v.locator('.tray[data-player="0"]'))
    act(st, v.locator('.checker[data-player="0"][data-point="8"]').first)
    teach_play_through(st)
    g.locator("select").first.select_option(label="Hit during the bear-off, 4-3 (R21)")
    st = g.locator(".lesson05-stepper")
    expect(st.locator(".bgsim-message")).to_contain_text("rolled 4-3")
    v = st.locator(".bgsim-board-view")
    assert "(R13)" in act(st, v.locator('.checker[data-player="0"][data-point="6"]').first)
    assert "off" not in teach_play_through(st)
    screenshot(page, "05-gallery", g)

    dr = page.locator(".lesson05-drill")
    dr.scroll_into_view_if_needed()
    screenshot(page, "05-drill", dr)
    st = dr.locator(".bgsim-drill-board")
    v = st.locator(".bgsim-board-view")
    # task 1: 1-1 with checkers on the 1 and 2 points; the learner first plays 2/1 (legal, bears off less)
    act(st, v.locator('.checker[data-player="0"][data-point="2"]').first)
    m = act(st, v.locator('.tray[data-player="0"]'))
    assert "(R17, R18)" in m, m
    expect(dr.locator(".bgsim-message").last).to_contain_text("Not that")
    screenshot(page, "05-drill-refused", dr)
    act(st, v.locator('.checker[data-player="0"][data-point="2"]').first)   # put down
    for _ in range(4):
        act(st, v.locator('.checker[data-player="0"][data-point="1"]').first)
        act(st, v.locator('.tray[data-player="0"]'))
    expect(dr.locator(".bgsim-message").last).to_contain_text("Right")
    dr.locator(".bgsim-drill-next").click()
    expect(dr.locator(".bgsim-drill-title")).to_contain_text("Task 2 of 3")
    screenshot(page, "05-drill-after", dr)


def test_voila_lesson06_result_drill(page, voila, screenshot):
    expect.set_options(timeout=30_000)
    t = time.monotonic()
    open_voila(page, voila, "06-scoring.ipynb", ".lesson06-drill")
    print(f"\nVoila: lesson 06 live in {time.monotonic() - t:.0f} s")
    dr = page.locator(".lesson06-drill")
    dr.scroll_into_view_if_needed()
    screenshot(page, "06-drill", dr)
    for k, (wrong, right) in enumerate([("gammon", "single game"), (None, "single game"),
                                        (None, "gammon"), (None, "backgammon")]):
        if wrong:
            dr.get_by_role("button", name=wrong, exact=True).click()
            expect(dr.locator(".bgsim-message").last).to_contain_text("(R23)")
            screenshot(page, "06-drill-wrong", dr)
        dr.get_by_role("button", name=right, exact=True).click()
        expect(dr.locator(".bgsim-message").last).to_contain_text("Right")
        if k < 3:
            dr.locator(".bgsim-drill-next").click()
    expect(dr.locator(".bgsim-drill-score")).to_contain_text("3 of 4")
    screenshot(page, "06-drill-done", dr)


# ----------------------------------------------------------------------------- page and Lab
def _only_localhost(route) -> None:
    local = route.request.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "http://localhost",
                                          "ws://localhost", "data:", "blob:", "about:"))
    route.continue_() if local else route.abort()


@pytest.fixture(scope="module")
def lab_page(chromium):
    """One Chromium page for every lesson of this module (it can reach nothing but localhost)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1100})
    context.route("**/*", _only_localhost)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(autouse=True)
def _shot_on_failure(request, screenshot):
    yield
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed and "lab_page" in request.fixturenames:
        screenshot(request.getfixturevalue("lab_page"), f"FAILED-{request.node.name}")


def test_a_lesson_opened_without_running_shows_its_boards_and_widgets(lab_page, lab, screenshot):
    """As in Binder: open a lesson and run nothing. The lessons are trusted and store their
    widgets' state, so the page shows SVG boards and live-looking widgets, not their text forms."""
    page = lab_page
    expect.set_options(timeout=30_000)
    for s in lab.api("GET", "/api/sessions"):
        lab.api("DELETE", f"/api/sessions/{s['id']}")
    page.goto(lab.url("/lab/tree/lessons/04-bar.ipynb", reset=""), timeout=LONG)
    page.wait_for_selector(".jp-Notebook", timeout=LONG)
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.locator("svg.bgsim-board").first).to_be_visible(timeout=LONG)
    expect(page.locator(".lesson04-stepper .bgsim-board-view svg").first).to_be_attached(timeout=LONG)
    expect(page.get_by_text("VBox(children=")).to_have_count(0)
    expect(page.get_by_text("Position.from_gnubg_id(")).to_have_count(0)
    assert page.locator(".jp-InputArea-prompt", has_text="[*]").count() == 0     # nothing ran
    screenshot(page, "lesson04-opened-before-running")
