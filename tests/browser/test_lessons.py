"""Lessons 01 to 05 in a real browser: run each in JupyterLab, then use its boards and one of
its quizzes the way a learner does; and lessons 00 and 04 in Voila, the teacher view.

Lessons 01-03 use the teaching stepper: a click picks a checker up, the next click tries a step,
and the test clicks the steps a learner would try (wrong ones included, each refused with its rule).

A stepper is played by what the page offers, not by a script of known moves: the test clicks
a highlighted checker (or the bar), and when the stepper asks "where to?" it clicks the first
destination it names, until the widget says the play is complete. The finished play must be
one of the legal plays the widget lists for that roll. One refused click per lesson must put
the rule sentence, with its rule id, into the widget's message line.

One Lab page serves all three lessons (loading Lab is the slow part on this machine); the
Lab sessions are deleted between lessons so each one runs in a fresh kernel.
"""

from __future__ import annotations

import re
import time

import pytest

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 120_000    # ms: a cold kernel compiles numba code on first use
RULE_ID = re.compile(r"\((R|V|X)\d+")
WHERE_TO = re.compile(r"^(\w+): where to\? (.+)$")
LIGHT = 0         # the side on roll in every stepper used here (light, player 0)
TIMES: dict[str, float] = {}


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


def _menu(page, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).first.click()


def run_lesson(page, lab, name: str, last_widget: str) -> float:
    """Open lessons/<name> in a fresh kernel, clear the stored outputs, Run All, and wait until
    ``last_widget`` (a CSS selector) is on the page; returns the seconds it took."""
    start = time.monotonic()
    for s in lab.api("GET", "/api/sessions"):          # Lab would reuse the old kernel otherwise
        lab.api("DELETE", f"/api/sessions/{s['id']}")
    page.goto(lab.url(f"/lab/tree/lessons/{name}", reset=""), timeout=LONG)
    page.wait_for_selector(".jp-Notebook", timeout=LONG)
    expect(page.get_by_role("button", name=re.compile(r"\(ipykernel\) \| Idle"))).to_be_visible(timeout=LONG)
    _menu(page, "Edit", "Clear Outputs of All Cells")
    _menu(page, "Run", "Run All Cells")
    expect(page.locator(last_widget).first).to_be_attached(timeout=LONG)
    # the kernel answers widget messages only between cells: wait until the run is over
    expect(page.locator(".jp-InputArea-prompt", has_text="[*]")).to_have_count(0, timeout=LONG)
    TIMES[name] = time.monotonic() - start
    return TIMES[name]


# ----------------------------------------------------------------------------- a stepper
def _click(view, target) -> None:
    """Click one element of a board view and wait for the board to be redrawn."""
    before = view.get_attribute("data-version")
    target.click(force=True)             # checkers lie on top of the points: click what is there
    expect(view).not_to_have_attribute("data-version", before)


def _checker_or(view, point: int, fallback):
    checkers = view.locator(f'.checker[data-player="{LIGHT}"][data-point="{point}"]')
    return checkers.first if checkers.count() else fallback


def _source(view):
    """A highlighted place the side on roll may move a checker from, as a clickable element."""
    marked = view.locator(".point.highlight, .bar.highlight, .tray.highlight")
    expect(marked.first).to_be_attached()
    first = marked.first
    if "bar" in (first.get_attribute("class") or ""):
        return _checker_or(view, 25, first)
    return _checker_or(view, int(first.get_attribute("data-point")), first)


def _destination(view, name: str):
    if name == "off":
        return view.locator(f'.tray[data-player="{LIGHT}"]')
    return view.locator(f'.point[data-point="{int(name)}"]')


def refuse(stepper, target, *, contains: str | None = None) -> str:
    """Click ``target``, which the rules forbid: the board stays, the message names a rule."""
    message = stepper.locator(".bgsim-message")
    played = stepper.locator(".bgsim-played").inner_text()
    target.click(force=True)
    expect(message).to_contain_text(RULE_ID)
    if contains:
        expect(message).to_contain_text(contains)
    assert stepper.locator(".bgsim-played").inner_text() == played     # nothing moved
    return message.inner_text()


def _words(text: str) -> str:
    return " ".join(text.split())          # the page may space with no-break spaces


def legal_plays(stepper) -> list[str]:
    """The widget's list of every legal play of the roll (present even while hidden)."""
    return [_words(o) for o in stepper.locator(".bgsim-plays select option").all_text_contents()]


def play_through(stepper) -> str:
    """Click highlighted checkers and the destinations the stepper names until the play is
    complete; returns the play the widget reports, which must be in its list of legal plays."""
    view = stepper.locator(".bgsim-board-view")
    message = stepper.locator(".bgsim-message")
    for _ in range(12):
        if "complete" in stepper.locator(".bgsim-played").inner_text():
            break
        _click(view, _source(view))
        ask = WHERE_TO.match(_words(message.inner_text()))
        if ask:                              # several destinations: take the first one named
            _click(view, _destination(view, ask.group(2).split(", ")[0]))
    expect(stepper.locator(".bgsim-played")).to_contain_text("complete")
    expect(message).to_contain_text(re.compile(r"^played "))
    play = _words(message.inner_text()).removeprefix("played ")
    legal = legal_plays(stepper)
    assert legal, "the widget lists no legal play"
    assert play in legal, f"{play!r} is not one of the legal plays {legal}"
    return play


# ----------------------------------------------------------------------------- a quiz
def quiz(page, question: str):
    q = page.locator(".bgsim-quiz", has_text=question).first
    q.scroll_into_view_if_needed()
    return q


def answer(q, text: str, right: bool) -> str:
    """Type (or pick) ``text``, press Check, and check the verdict in the feedback line."""
    box = q.locator("input[type=text]")
    if box.count():
        box.fill(text)
    else:
        q.get_by_text(text, exact=True).click()
    q.get_by_role("button", name="Check").click()
    feedback = q.locator(".bgsim-feedback")
    expect(feedback).to_contain_text("Right!" if right else "Not quite.")
    return feedback.inner_text()


# ----------------------------------------------------------------------------- the lessons
def _point(view, point: int):
    return view.locator(f'.point[data-point="{point}"]')


def _pick(view, point: int) -> None:
    """Pick up (or put down) light's checker on ``point``: the board redraws with its mark."""
    _click(view, _checker_or(view, point, _point(view, point)))


def step(stepper, src: int, dst: int) -> None:
    """Play one legal step by clicking its checker, then its point (the teaching stepper)."""
    view = stepper.locator(".bgsim-board-view")
    _pick(view, src)
    _click(view, _point(view, dst))


def test_lesson01_find_the_point(lab_page, lab, screenshot):
    page = lab_page
    expect.set_options(timeout=30_000)
    run_lesson(page, lab, "01-board.ipynb", ".bgsim-quiz")
    q = quiz(page, "calls its 13-point")
    view = q.locator(".bgsim-board-view")
    expect(q.get_by_role("button", name="Check")).to_be_hidden()     # the click is the answer
    _click(view, _point(view, 13))
    expect(q.locator(".bgsim-feedback")).to_contain_text("Not quite")
    expect(q.locator(".bgsim-feedback")).to_contain_text("player 0's 13-point")
    _click(view, _point(view, 12))                                   # player 1's 13-point: 25 - 13
    expect(q.locator(".bgsim-feedback")).to_contain_text("Right!")
    screenshot(page, "lesson01-point-quiz", q)


def test_lesson02_boards(lab_page, lab, screenshot):
    page = lab_page
    expect.set_options(timeout=30_000)
    run_lesson(page, lab, "02-moving.ipynb", ".lesson02-drill")

    # the point in between: 18 closed, 20 open; 6-4 takes the back checker to 14 only 4 first
    order = page.locator(".lesson02-stepper")
    order.scroll_into_view_if_needed()
    view = order.locator(".bgsim-board-view")
    expect(order.locator(".bgsim-plays")).to_be_hidden()
    _pick(view, 24)
    refuse(order, _point(view, 18), contains="point 18 is closed")
    refuse(order, _point(view, 14), contains="(R5)")                  # no 10-pip jump
    _click(view, _point(view, 20))
    expect(order.locator(".bgsim-message")).to_contain_text("24/20 played; 6 left")
    step(order, 20, 14)
    expect(order.locator(".bgsim-played")).to_contain_text("24/20 20/14")
    screenshot(page, "lesson02-stepper", order)

    # a double: one checker three times, then the fourth 3 would land on the closed 12-point
    threes = page.locator(".lesson02-double")
    threes.scroll_into_view_if_needed()
    for src in (24, 21, 18):
        step(threes, src, src - 3)
    _pick(threes.locator(".bgsim-board-view"), 15)
    refuse(threes, _point(threes.locator(".bgsim-board-view"), 12), contains="(R7)")
    expect(threes.locator(".bgsim-played")).to_contain_text("dice left: 3")

    # exercise 3: an unmarked double hit is ambiguous, and the quiz names both plays
    q = quiz(page, "hit both dark blots")
    assert "24/18*/14*" in answer(q, "24/14", right=False)
    answer(q, "24/18*/14*", right=True)
    screenshot(page, "lesson02-quiz", q)

    # the drill: the task names the roll and the route; one order is refused (R7), the other plays
    drill = page.locator(".lesson02-drill")
    drill.scroll_into_view_if_needed()
    task = re.search(r"Roll (\d)-(\d)\. Move (?:a|the) checker on the (\d+)-point to the (\d+)-point",
                     _words(drill.locator(".bgsim-drill-title").inner_text()))
    assert task, "the first task names a roll and a route"
    d1, d2, src, dst = map(int, task.groups())
    assert d1 != d2 and src - dst == d1 + d2                         # level 1: a plain roll
    board = drill.locator(".bgsim-drill-board")
    view = board.locator(".bgsim-board-view")
    _pick(view, src)
    first = src - d1
    _point(view, first).click(force=True)
    message = board.locator(".bgsim-message")
    expect(message).to_contain_text(re.compile(r"closed|played"))
    if "closed" in message.inner_text():                              # that stop was the closed one
        first = src - d2
        _click(view, _point(view, first))
    step(board, first, dst)
    expect(drill.locator(".bgsim-message").last).to_contain_text("Right:")
    screenshot(page, "lesson02-drill", drill)


def test_lesson03_puzzles(lab_page, lab, screenshot):
    page = lab_page
    expect.set_options(timeout=30_000)
    run_lesson(page, lab, "03-forced-play.ipynb", ".lesson03-drill")
    for k in (1, 2, 3):
        expect(page.locator(f".lesson03-puzzle{k} .bgsim-board-view svg")).to_be_visible()

    # puzzle 1: nothing of the answer shows until "Show answers"
    p1 = page.locator(".lesson03-puzzle1")
    p1.scroll_into_view_if_needed()
    view = p1.locator(".bgsim-board-view")
    expect(p1.locator(".bgsim-plays")).to_be_hidden()
    expect(p1.locator(".bgsim-explain")).to_have_text("")
    _pick(view, 5)                                  # a checker at home may not bear off yet (R16)
    refuse(p1, view.locator(f'.tray[data-player="{LIGHT}"]'), contains="(R16)")
    _pick(view, 5)                                  # put it down
    _pick(view, 11)
    refuse(p1, _point(view, 6), contains="(R10)")   # the tempting 11/6 leaves the 6 unplayable
    screenshot(page, "lesson03-refused", p1)
    _click(view, _point(view, 5))
    step(p1, 20, 15)
    expect(p1.locator(".bgsim-message")).to_have_text("played 20/15 11/5")
    p1.locator(".bgsim-show-answers").click()
    expect(p1.locator(".bgsim-plays")).to_be_visible()
    assert legal_plays(p1) == ["20/15 11/5"]                         # a puzzle: one legal play
    expect(p1.locator(".bgsim-explain")).to_contain_text("forced (20/15 11/5)")
    screenshot(page, "lesson03-solved", p1)

    # puzzle 2: 20/15 is refused with the R11 sentence, 20/14 is played
    p2 = page.locator(".lesson03-stepper.lesson03-puzzle2")
    p2.scroll_into_view_if_needed()
    view = p2.locator(".bgsim-board-view")
    _pick(view, 20)
    said = refuse(p2, _point(view, 15), contains="(R11)")
    assert "higher die 6" in said
    _click(view, _point(view, 14))
    expect(p2.locator(".bgsim-message")).to_have_text("played 20/14")
    screenshot(page, "lesson03-puzzle2", p2)

    # puzzle 3: the 6 cannot move at all, so the 5 is played
    p3 = page.locator(".lesson03-puzzle3")
    p3.scroll_into_view_if_needed()
    view = p3.locator(".bgsim-board-view")
    _pick(view, 20)
    refuse(p3, _point(view, 14), contains="(R7)")
    _click(view, _point(view, 15))
    expect(p3.locator(".bgsim-message")).to_have_text("played 20/15")

    # the quiz of puzzle 1: the answer is the play just found on the board
    q = quiz(page, "Light to play 6-5")
    assert "(R10)" in answer(q, "11/6", right=False)
    answer(q, "20/15 11/5", right=True)
    screenshot(page, "lesson03-quiz", q)

    # the drill: the solution only on request
    drill = page.locator(".lesson03-drill")
    drill.scroll_into_view_if_needed()
    expect(drill.locator(".bgsim-drill-title")).to_contain_text("Task 1 of 4")
    expect(drill.locator(".bgsim-message").last).not_to_contain_text("Solution")
    drill.locator(".bgsim-drill-solution").click()
    expect(drill.locator(".bgsim-message").last).to_contain_text("Solution:")
    screenshot(page, "lesson03-drill", drill)


def test_lesson04_bar(lab_page, lab, screenshot):
    page = lab_page
    expect.set_options(timeout=30_000)
    run_lesson(page, lab, "04-bar.ipynb", ".lesson04-stepper")
    stepper = page.locator(".lesson04-stepper")
    stepper.scroll_into_view_if_needed()
    expect(stepper.locator(".bgsim-explain")).to_contain_text("(R13, R15)")   # two on the bar
    expect(stepper.locator(".bar.highlight")).to_have_count(1)                 # only the bar may move
    refuse(stepper, stepper.locator(f'.checker[data-player="{LIGHT}"][data-point="13"]').first,
           contains="must enter before any other checker moves (R13)")
    screenshot(page, "lesson04-refused", stepper)
    played = play_through(stepper)
    assert played.startswith("bar/")
    expect(stepper.locator(".checker[data-point='25'][data-player='0']")).to_have_count(1)  # one still out (R15)
    screenshot(page, "lesson04-stepper", stepper)

    # a second roll on the same position: 3-2 brings both checkers in
    stepper.locator("select").nth(0).select_option("3")
    stepper.locator("select").nth(1).select_option("2")
    stepper.locator(".bgsim-set-dice").click()
    expect(stepper.locator(".bgsim-message")).to_contain_text("rolled 3-2")
    assert play_through(stepper).count("bar/") == 2

    # the slider explorer is live too
    explorer = page.locator(".lesson04-closed-points")
    expect(explorer).to_contain_text("4 closed: 20 of 36 rolls enter")

    q = quiz(page, "In how many of the 36 rolls")
    answer(q, "32", right=False)
    answer(q, str(36 - 4 * 4), right=True)              # stays out only if both dice are closed numbers
    screenshot(page, "lesson04-quiz", q)


def test_lesson05_gallery(lab_page, lab, screenshot):
    page = lab_page
    expect.set_options(timeout=30_000)
    run_lesson(page, lab, "05-bearing-off.ipynb", ".lesson05-gallery .lesson05-stepper")
    gallery = page.locator(".lesson05-gallery")
    gallery.scroll_into_view_if_needed()
    stepper = gallery.locator(".lesson05-stepper")
    view = stepper.locator(".bgsim-board-view")

    # case 1, one checker outside: pick it, then the tray is refused (R16); then play the roll
    _click(view, view.locator(f'.checker[data-player="{LIGHT}"][data-point="8"]').first)
    expect(stepper.locator(".bgsim-message")).to_contain_text("where to?")
    refuse(stepper, view.locator(f'.tray[data-player="{LIGHT}"]'), contains="(R16)")
    _click(view, view.locator(f'.checker[data-player="{LIGHT}"][data-point="8"]').first)   # put it down
    play_through(stepper)
    screenshot(page, "lesson05-stepper", stepper)

    # another case from the menu: a hit during the bear-off, the bar comes first
    gallery.locator("select").first.select_option(label="Hit during the bear-off, 4-3 (R21)")
    stepper = gallery.locator(".lesson05-stepper")
    expect(stepper.locator(".bgsim-message")).to_contain_text("rolled 4-3")
    refuse(stepper, stepper.locator(f'.checker[data-player="{LIGHT}"][data-point="6"]').first, contains="(R13)")
    screenshot(page, "lesson05-refused", stepper)
    played = play_through(stepper)
    assert "off" not in played                           # not home yet: nothing is borne off (R21)
    screenshot(page, "lesson05-hit-case", stepper)

    q = quiz(page, "Light rolls 6-6")
    answer(q, "Only with a 6.", right=False)
    answer(q, "No: the checker on the bar must enter first, and then come home.", right=True)
    screenshot(page, "lesson05-quiz", q)
    print("\nLab, clear + Run All until the widgets answer: "
          + ", ".join(f"{name} {s:.0f} s" for name, s in TIMES.items()))


def test_voila_lesson00_has_no_code_and_a_live_board(page, voila, screenshot):
    """Lesson 00 reads with no code: in the teacher view its board, stepper and quizzes are live."""
    expect.set_options(timeout=30_000)
    page.goto(voila.url("/voila/render/lessons/00-start-here.ipynb"), timeout=LONG)
    stepper = page.locator(".lesson00-stepper")
    expect(stepper).to_be_attached(timeout=LONG)
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)
    expect(page.get_by_text("VBox(children=")).to_have_count(0)
    expect(page.locator(".bgsim-quiz")).to_have_count(3)
    stepper.scroll_into_view_if_needed()
    stepper.locator(".bgsim-roll").click()
    expect(stepper.locator(".bgsim-message")).to_contain_text("rolled")
    view = stepper.locator(".bgsim-board-view")
    _click(view, view.locator(f'.checker[data-player="{LIGHT}"][data-point="13"]').first)
    expect(stepper.locator(".bgsim-message")).to_contain_text("13: picked up")
    screenshot(page, "voila-lesson00", stepper)


def test_voila_lesson04(page, voila, screenshot):
    """The teacher view: no code, widgets live, a click on the stepper works."""
    expect.set_options(timeout=30_000)
    start = time.monotonic()
    page.goto(voila.url("/voila/render/lessons/04-bar.ipynb"), timeout=LONG)
    stepper = page.locator(".lesson04-stepper")
    expect(stepper).to_be_attached(timeout=LONG)
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)
    expect(page.get_by_text("VBox(children=")).to_have_count(0)
    expect(page.get_by_text("StepperWidget(two_on_bar")).to_have_count(0)
    expect(page.locator(".bgsim-quiz").first).to_be_visible()
    stepper.scroll_into_view_if_needed()
    expect(stepper.locator(".bgsim-board-view svg")).to_be_visible(timeout=LONG)
    seconds = time.monotonic() - start
    refuse(stepper, stepper.locator(f'.checker[data-player="{LIGHT}"][data-point="13"]').first, contains="(R13)")
    view = stepper.locator(".bgsim-board-view")
    _click(view, stepper.locator(f'.bar[data-player="{LIGHT}"]'))
    expect(stepper.locator(".bgsim-played")).to_contain_text("bar/24")
    screenshot(page, "voila-lesson04", stepper)
    print(f"\nVoila: lesson 04 live in {seconds:.0f} s")
