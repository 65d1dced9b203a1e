"""Lessons 03, 04 and 05 in a real browser: run each in JupyterLab, then use its turn stepper
and one of its quizzes the way a learner does; and lesson 04 in Voila, the teacher view.

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
def test_lesson03_puzzles(lab_page, lab, screenshot):
    page = lab_page
    expect.set_options(timeout=30_000)
    run_lesson(page, lab, "03-forced-play.ipynb", ".lesson03-puzzle3")
    for k in (1, 2, 3):
        expect(page.locator(f".lesson03-puzzle{k} .bgsim-board-view svg")).to_be_visible()

    # puzzle 1: the answers stay hidden until "Show answers"
    p1 = page.locator(".lesson03-puzzle1")
    p1.scroll_into_view_if_needed()
    expect(p1.locator(".bgsim-plays")).to_be_hidden()
    expect(p1.locator(".bgsim-explain")).to_contain_text("it is forced")
    expect(p1.locator(".bgsim-explain")).not_to_contain_text("forced (")
    # a checker already home may not move yet: bearing off needs all 15 home
    refuse(p1, p1.locator(f'.checker[data-player="{LIGHT}"][data-point="5"]').first, contains="(R16)")
    screenshot(page, "lesson03-refused", p1)
    played = play_through(p1)
    p1.locator(".bgsim-show-answers").click()
    expect(p1.locator(".bgsim-plays")).to_be_visible()
    assert legal_plays(p1) == [played]                                  # a puzzle: one legal play, and we found it
    expect(p1.locator(".bgsim-explain")).to_contain_text(f"forced ({played})")
    screenshot(page, "lesson03-solved", p1)

    # puzzle 3: only the lower die can move
    p3 = page.locator(".lesson03-puzzle3")
    p3.scroll_into_view_if_needed()
    refuse(p3, p3.locator(f'.checker[data-player="{LIGHT}"][data-point="4"]').first, contains="(R16)")
    play_through(p3)

    # the quiz of puzzle 1: the answer is the play just found on the board
    q = quiz(page, "Light to play 6-5")
    assert "(R10)" in answer(q, "11/6", right=False)
    answer(q, played, right=True)
    screenshot(page, "lesson03-quiz", q)


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
