"""The teacher view in front of a class (issue 21), in Chromium at 1280x720, as ``make teach`` runs it.

One Voila server for the module, started the way ``make teach`` starts it: the bgsim template
(``teach/voila/templates/bgsim``: the stylesheet and the page's switches on every page), a
kernel kept ready (preheated) for two pages, idle kernels culled. Each test opens its page
in a fresh 1280x720 browser page that can reach nothing but localhost.

- the presentation mode (``?present=1`` and the Present switch): computed font sizes of the
  message, the captions and the controls, the board's width against the content's, the rule
  message beside the board, the IDs hidden;
- the board theme by address (``?board=high-contrast``) in a preheated page (run in advance:
  the page asks its kernel to draw its boards again), and the Boards switch (every board at
  once with no reload; a page with no widget reloads with the new address);
- the score widget styled on a page with no board widget;
- the replay's jumps (game, cube action), its move list, and the slider, status and list agreeing;
- the sandbox used end to end with no code: paste an XGID, roll, a refused click, a finished
  play; then a one-question puzzle with a wrong try;
- a page's kernel ends when the page is left.

Screenshots (test-artifacts/): present-stepper-1280x720.png, theme-high-contrast-1280x720.png,
replay-present-1280x720.png, sandbox-puzzle-1280x720.png, score-present-1280x720.png. Each page is
opened until its readiness signal (``body[data-bgsim-ready="1"]``, set by page.js when every board
widget is live and the "getting the boards ready..." bar is gone), and each screenshot is taken
only after checking that no such banner is on screen (:func:`shoot`): a board drawn in the right
theme does not mean the page is ready (the theme screenshot once showed the bar over a drawn board).
"""

from __future__ import annotations

import contextlib
import re
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.support.processes import children, cmdline, wait_for

from .conftest import ROOT, Server, _env, _free_port, _only_localhost, _stop, _wait_http, kernel_answered

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 300_000   # ms, for a busy machine (3-5x slower): Voila runs the whole notebook before it shows the page
EXPECT = 60_000   # ms: one step on the page (a click, a redraw), on a busy machine
VIEWPORT = {"width": 1280, "height": 720}
PREHEATED = ("present_demo.ipynb", "lessons/sandbox.ipynb")
HIGH_CONTRAST_FRAME = 'fill="#000000"'          # svg.THEMES["high-contrast"]["frame"]
COLORBLIND_CHECKER = 'fill="#0072b2"'           # svg.THEMES["colorblind"]["checker"][0]
CLASSIC_FRAME = 'fill="#6b4423"'
XGID_TWO_LEFT = "XGID=-B-----------------a----a-:0:0:1:00:0:0:0:0:10"      # two checkers left on each 1-point
XGID_HIGHER_DIE = "XGID=--b----------A------------:0:0:1:65:0:0:0:0:10"    # 6-5: only 13/7 (R11)
KERNEL_END = 120.0        # s: a page's kernel ends (the beacon, then the kernel's shutdown) on a busy machine
MEASURED: dict[str, object] = {}


# ----------------------------------------------------------------------------- the server
@pytest.fixture(scope="module")
def teach(notebook_dir, tmp_path_factory) -> Iterator[tuple[Server, subprocess.Popen]]:
    """Voila as `make teach` runs it, on the notebook copy (the lessons under lessons/)."""
    home = tmp_path_factory.mktemp("teach-home")
    port, token = _free_port(), secrets.token_hex(16)
    log = home / "voila.log"
    env = _env(home)
    # as `make teach TEACH_PAGES="present_demo lessons/sandbox"`: a ready kernel for these two pages
    env.update(JUPYTER_PATH=str(ROOT / "teach"), BGSIM_TEACH_READY=str(len(PREHEATED)),
               BGSIM_TEACH_PAGES=" ".join(p.removesuffix(".ipynb") for p in PREHEATED))
    cmd = [sys.executable, str(ROOT / "teach" / "voila_teach.py"), "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", f"--token={token}", f"--Voila.root_dir={notebook_dir}", "--show_tracebacks=True",
           "--template=bgsim", "--MappingKernelManager.cull_idle_timeout=600",
           "--MappingKernelManager.cull_interval=60", str(notebook_dir)]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=notebook_dir,
                                start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", token, notebook_dir)
    server.log = log            # read by tests that explain a failure with the server's words
    try:
        _wait_http(server.url("/"), proc, log)
        yield server, proc
    finally:
        _stop(proc)


@pytest.fixture
def page(chromium, request, screenshot):
    """A fresh 1280x720 page that can reach nothing but localhost (a screenshot if the test fails)."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.route("**/*", _only_localhost)
    pg = context.new_page()
    expect.set_options(timeout=EXPECT)
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        screenshot(pg, f"FAILED-{request.node.name}")
    # as a closed tab: the page's unload handler sends the beacon that ends its kernel. With
    # run_before_unload, close() does not wait for the page to go: wait for its "close" event.
    with pg.expect_event("close", timeout=LONG):
        pg.close(run_before_unload=True)
    context.close()


#: What says "not ready yet" on a teacher-view page: page.js's bar ("getting the boards ready...")
#: and Voila's spinner with its line ("getting the boards ready... (3 of 12)") while the kernel runs.
NOT_READY = ".bgsim-readiness, #loading, #loading_text"


def wait_until_ready(page) -> None:
    """Until the page's readiness signal: every board widget live (``data-bgsim-ready``), no banner left."""
    expect(page.locator("body")).to_have_attribute("data-bgsim-ready", "1", timeout=LONG)
    expect(page.locator(".bgsim-readiness")).to_have_count(0)


def banners_on_screen(page) -> list[str]:
    """The texts of the "not ready" banners (:data:`NOT_READY`) that are visible now."""
    return page.evaluate(
        "sel => [...document.querySelectorAll(sel)]"
        ".filter(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')"
        ".map(e => (e.textContent || '').trim())", NOT_READY)


def shoot(page, screenshot, name: str) -> None:
    """A screenshot of a ready page: fails, rather than shoots, while a "getting the boards ready..."
    banner is still on screen (the shot would show a page the teacher is not yet looking at)."""
    assert page.locator("body").get_attribute("data-bgsim-ready") == "1", f"{name}: the page is not ready"
    shown = banners_on_screen(page)
    assert not shown, f"{name}: a banner is still on screen: {shown}"
    screenshot(page, name)


def open_page(page, teach, path: str, widget: str, **query: str) -> float:
    """Open a notebook in the teacher view and wait for ``widget`` and the page's readiness signal
    (:func:`wait_until_ready`); returns the seconds it took."""
    server, _proc = teach
    start = time.monotonic()
    page.goto(server.url(f"/voila/render/{path}", **query), timeout=LONG)
    expect(page.locator(widget).first).to_be_visible(timeout=LONG)
    wait_until_ready(page)
    expect(page.get_by_text("VBox(children=")).to_have_count(0)
    return time.monotonic() - start


def px(locator) -> float:
    """The computed font size of the first element, in CSS pixels."""
    return float(locator.first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def box(locator) -> dict:
    return locator.first.evaluate("e => { const r = e.getBoundingClientRect(); return {left: r.left, "
                                  "right: r.right, top: r.top, width: r.width, height: r.height}; }")


def svg_text_px(text) -> float:
    """The size on screen of an SVG text: its font size times the picture's scale."""
    return float(text.evaluate("e => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a"))


def content_width(widget) -> float:
    """The width of the page's content where ``widget`` is: its cell's output area."""
    return float(widget.first.evaluate("e => e.closest('.jp-OutputArea-output, .jp-OutputArea-child')"
                                       ".getBoundingClientRect().width"))


def svg_of(view) -> str:
    return view.locator("svg").first.evaluate("e => e.outerHTML")


def static_board_svg(page) -> str:
    """The SVG text of the first board picture (a cell's SVG output, shown as an <img>; in the
    presentation mode put into the page as an SVG)."""
    return page.locator("img.bgsim-static-board, svg.bgsim-board.bgsim-picture").first.evaluate(
        "e => e.tagName === 'IMG' ? decodeURIComponent(e.getAttribute('src').split(',').slice(1).join(','))"
        " : e.outerHTML")


def click_board(view, target) -> None:
    """Click one element of a board view and wait until the board is drawn again."""
    before = view.get_attribute("data-version")
    target.click(force=True)
    expect(view).not_to_have_attribute("data-version", before)
    kernel_answered(view)


# ----------------------------------------------------------------------------- presentation mode
def test_presentation_mode_at_1280x720(page, teach, screenshot):
    seconds = open_page(page, teach, "present_demo.ipynb", ".demo-stepper", present="1")
    MEASURED["present_demo page (preheated), s"] = round(seconds, 1)
    expect(page.locator("body")).to_have_class(re.compile(r"\bbgsim-present\b"))
    expect(page.locator(".bgsim-toolbar")).to_have_count(1)            # one set of switches, template or widgets
    expect(page.locator(".bgsim-toolbar .bgsim-present-switch")).to_have_attribute("aria-pressed", "true")

    stepper = page.locator(".demo-stepper")
    stepper.evaluate("e => e.scrollIntoView({block: 'start'})")
    view = stepper.locator(".bgsim-board-view")
    message = stepper.locator(".bgsim-message")
    # a refused click: the rule sentence, beside the board, in big type
    view.locator('.checker[data-player="0"][data-point="13"]').first.click(force=True)
    expect(message).to_contain_text("(R13)")
    board, note = box(view.locator("svg")), box(message)
    width = content_width(stepper)
    sizes = {
        "message": px(message.locator(".bgsim-error")),
        "played": px(stepper.locator(".bgsim-played .widget-html-content")),
        "explain": px(stepper.locator(".bgsim-explain .widget-html-content")),
        "button": px(stepper.locator(".bgsim-roll")),
        "dice box": px(stepper.locator(".widget-dropdown select")),
        "lesson text": px(page.locator(".jp-RenderedHTMLCommon p")),
        "quiz question": px(page.locator(".bgsim-quiz .widget-html-content")),
        "quiz choice": px(page.locator(".bgsim-quiz .widget-radio-box label")),
        # the board's own text (point numbers, the status line under it) grows with the board
        "board numbers": svg_text_px(view.locator("svg text").first),
        "board status line": svg_text_px(view.locator("svg text.pips").first),
    }
    MEASURED["present font sizes, px"] = sizes
    MEASURED["present board / content width, px"] = (round(board["width"]), round(width),
                                                     f"{board['width'] / width:.0%}")
    for name, size in sizes.items():
        assert size >= 20, f"{name}: {size} px in presentation mode"
    assert sizes["message"] >= 24
    # the whole board on the screen's height (issue 32): at 1280x720 about 60% of the width
    assert board["width"] >= 0.5 * width, f"board {board['width']:.0f} px of {width:.0f} px"
    assert board["height"] <= 720, board
    assert note["left"] >= board["right"] - 1, "the rule message is beside the board, not under it"
    assert note["top"] < 720, "the rule message is on screen"
    expect(stepper.locator(".bgsim-ids")).to_be_hidden()
    picture = page.locator("svg.bgsim-board.bgsim-picture")              # a board picture grows too (inline SVG)
    expect(picture).to_have_count(1)
    assert box(picture)["width"] >= 0.5 * content_width(picture) and box(picture)["height"] <= 720
    shoot(page, screenshot, "present-stepper-1280x720")

    # the Present switch turns it off and on again, live (no reload: the refusal stays)
    page.evaluate("window.__notReloaded = true")
    switch = page.locator(".bgsim-toolbar .bgsim-present-switch")
    switch.click()
    expect(page.locator("body")).not_to_have_class(re.compile(r"\bbgsim-present\b"))
    assert px(message.locator(".bgsim-error")) < 20
    assert box(view.locator("svg"))["width"] <= 521
    assert "present=" not in page.url
    switch.click()
    expect(page.locator("body")).to_have_class(re.compile(r"\bbgsim-present\b"))
    assert px(message.locator(".bgsim-error")) >= 24 and "present=1" in page.url
    assert page.evaluate("window.__notReloaded === true")
    expect(message).to_contain_text("(R13)")


def test_a_page_without_widgets_has_the_switches_too(page, teach):
    """The template puts the stylesheet and the switches on every page, not only on pages with widgets."""
    open_page(page, teach, "board_only.ipynb", "img.bgsim-static-board")
    expect(page.locator(".bgsim-widget, .bgsim-quiz, .bgsim-board-view")).to_have_count(0)
    picture = page.locator("img.bgsim-static-board")
    assert round(box(picture)["width"]) == 480
    page.locator(".bgsim-toolbar .bgsim-present-switch").click()
    expect(page.locator("body")).to_have_class(re.compile(r"\bbgsim-present\b"))
    picture = page.locator("svg.bgsim-board.bgsim-picture")             # put into the page as SVG, sized to the screen
    expect(picture).to_have_count(1)
    assert box(picture)["width"] >= 0.5 * content_width(picture) and box(picture)["height"] <= 720
    assert px(page.locator(".jp-RenderedHTMLCommon p")) >= 20
    assert "present=1" in page.url
    # shoot()'s check sees page.js's bar when there is one (here a copy of it, on a ready page)
    assert banners_on_screen(page) == []
    page.evaluate("() => { const bar = document.createElement('div'); bar.className = 'bgsim-readiness';"
                  " bar.textContent = 'getting the boards ready...';"
                  " (document.querySelector('#rendered_cells > div') || document.body).prepend(bar); }")
    assert banners_on_screen(page) == ["getting the boards ready..."]


def test_score_widget_brings_its_own_styles(page, teach, screenshot):
    """Lesson 07's bug: the score widget unstyled on a page with no board widget."""
    open_page(page, teach, "score_only.ipynb", ".demo-score")
    score = page.locator(".demo-score")
    expect(page.locator(".bgsim-board-view")).to_have_count(0)          # no board widget on this page
    assert px(score.locator(".bgsim-big")) == 24
    assert px(score.locator(".bgsim-score-result .widget-html-content")) == 16
    expect(score.locator(".bgsim-big")).to_have_css("font-weight", "700")
    page.locator(".bgsim-toolbar .bgsim-present-switch").click()        # and its presentation mode
    sizes = {"result": px(score.locator(".bgsim-score-result .widget-html-content")),
             "big": px(score.locator(".bgsim-big")), "label": px(score.locator(".widget-label")),
             "button": px(score.locator(".widget-toggle-button"))}
    MEASURED["score widget, present, px"] = sizes
    assert min(sizes.values()) >= 20, sizes
    # a page with no board is ready as soon as its widgets are: no "getting the boards ready..." left over
    wait_until_ready(page)
    score.evaluate("e => e.scrollIntoView({block: 'start'})")
    shoot(page, screenshot, "score-present-1280x720")


def test_lesson03_on_a_1920x1080_projector(chromium, teach, screenshot):
    """The evidence view lesson03-1920-small-text.png again: lesson 03 in Voila at 1920x1080,
    now in presentation mode: the board grows with the screen and the text with its height."""
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    context.route("**/*", _only_localhost)
    pg = context.new_page()
    try:
        open_page(pg, teach, "lessons/03-forced-play.ipynb", ".bgsim-board-view", present="1")
        # every board live, the "getting the boards ready..." bar gone (open_page waited), before measuring
        view = pg.locator(".bgsim-board-view").first
        view.evaluate("e => e.scrollIntoView({block: 'start'})")
        board = box(view.locator("svg"))
        width = content_width(view)
        sizes = {"lesson text": px(pg.locator(".jp-RenderedHTMLCommon p")),
                 "board numbers": svg_text_px(view.locator("svg text").first)}
        MEASURED["lesson 03 at 1920x1080, present: board px, content px, font px"] = (
            round(board["width"]), round(width), sizes)
        assert board["width"] >= 0.5 * width and board["width"] > 1000 and board["height"] <= 1080, board
        for name, size in sizes.items():
            assert size >= 28, f"{name}: {size} px at 1080p"        # 2.75vh of 1080 px, as large as at 720p in relation
        shoot(pg, screenshot, "lesson03-1920x1080-present")
    finally:
        pg.close(run_before_unload=True)
        context.close()


# ----------------------------------------------------------------------------- themes
def wait_for_picture(page, fill: str) -> None:
    """Until the first board picture on the page is drawn with ``fill`` (a theme's colour)."""
    page.wait_for_function(
        "fill => { const img = document.querySelector('img.bgsim-static-board, svg.bgsim-board.bgsim-picture');"
        " if (!img) return false;"
        " const text = img.tagName === 'IMG' ?"
        " decodeURIComponent(img.getAttribute('src').split(',').slice(1).join(',')) : img.outerHTML;"
        " return text.includes(fill); }",
        arg=fill, timeout=LONG)


def test_theme_by_address_and_switch(page, teach, screenshot):
    # a preheated page: its kernel ran the lesson in advance, in the classic theme; the page
    # asks it for the address's theme, for the live boards and the board pictures alike
    open_page(page, teach, "present_demo.ipynb", ".demo-stepper", board="high-contrast", present="1")
    view = page.locator(".demo-stepper .bgsim-board-view")
    expect(page.locator('.bgsim-toolbar button[data-theme="high-contrast"]')).to_have_attribute("aria-pressed", "true")
    wait_for_picture(page, HIGH_CONTRAST_FRAME)                          # the board picture
    expect(view.locator("svg")).to_be_visible()
    page.wait_for_function("() => document.querySelector('.demo-stepper .bgsim-board-view svg')"
                           f".outerHTML.includes('{HIGH_CONTRAST_FRAME}')")
    assert CLASSIC_FRAME not in svg_of(view) and CLASSIC_FRAME not in static_board_svg(page)
    # the boards in the address's theme say nothing of the page's other widgets (the quiz): the
    # screenshot once showed "getting the boards ready..." over a drawn board. open_page waited for
    # the readiness signal; shoot() fails if a banner is on screen all the same.
    shoot(page, screenshot, "theme-high-contrast-1280x720")

    # the switch: every board on the page at once, with no reload (the refusal stays on screen)
    view.locator('.checker[data-player="0"][data-point="13"]').first.click(force=True)
    expect(page.locator(".demo-stepper .bgsim-message")).to_contain_text("(R13)")
    page.evaluate("window.__notReloaded = true")
    page.locator('.bgsim-toolbar button[data-theme="colorblind"]').click()
    expect(page.locator('.bgsim-toolbar button[data-theme="colorblind"]')).to_have_attribute("aria-pressed", "true")
    wait_for_picture(page, COLORBLIND_CHECKER)
    page.wait_for_function("() => document.querySelector('.demo-stepper .bgsim-board-view svg')"
                           f".outerHTML.includes('{COLORBLIND_CHECKER}')")
    assert page.evaluate("window.__notReloaded === true")
    assert "board=colorblind" in page.url and "present=1" in page.url
    expect(page.locator(".demo-stepper .bgsim-message")).to_contain_text("(R13)")


def test_a_page_without_widgets_reloads_in_the_new_theme(page, teach):
    """No widget, no way to the kernel: the switch runs the page again with the new address."""
    open_page(page, teach, "board_only.ipynb", "img.bgsim-static-board")
    assert CLASSIC_FRAME in static_board_svg(page)
    page.locator('.bgsim-toolbar button[data-theme="high-contrast"]').click()
    page.wait_for_url(re.compile(r"board=high-contrast"), timeout=LONG)
    expect(page.locator("img.bgsim-static-board")).to_be_visible(timeout=LONG)
    wait_for_picture(page, HIGH_CONTRAST_FRAME)


# ----------------------------------------------------------------------------- the replay
def replay_state(replay) -> dict:
    status = " ".join(replay.locator(".bgsim-status").inner_text().split())
    m = re.search(r"game (\d+) of (\d+), step (\d+) of (\d+)", status)
    assert m, status
    selected = replay.locator(".bgsim-moves select").evaluate("e => e.selectedIndex")
    return {"game": int(m[1]), "games": int(m[2]), "step": int(m[3]), "steps": int(m[4]),
            "slider": int(replay.locator(".bgsim-replay-slider .widget-readout").inner_text()),
            "listed": selected + 1, "caption": replay.locator(".bgsim-caption").inner_text()}


def agree(state: dict) -> None:
    assert state["step"] == state["slider"] == state["listed"], state


def test_replay_jumps(page, teach, screenshot):
    open_page(page, teach, "replay_demo.ipynb", ".demo-replay", present="1")
    replay = page.locator(".demo-replay")
    view = replay.locator(".bgsim-board-view")
    expect(view.locator("svg")).to_be_visible()
    names = view.locator("svg .pips").all_text_contents()
    assert any("Anna" in n for n in names) and any("Ben" in n for n in names), names
    start = replay_state(replay)
    assert start["step"] == 1 and start["game"] == 1 and start["games"] > 1
    agree(start)

    replay.locator(".bgsim-next-game").click()
    expect(replay.locator(".bgsim-status")).to_contain_text(re.compile(r"game 2 of"))
    second = replay_state(replay)
    agree(second)
    assert second["caption"].startswith("Game 2")

    replay.locator(".bgsim-next-cube").click()
    expect(replay.locator(".bgsim-caption")).to_contain_text(re.compile(r"doubles|takes|drops|resign|beaver"))
    cube = replay_state(replay)
    agree(cube)
    assert cube["step"] > second["step"]
    sizes = {"caption": px(replay.locator(".bgsim-caption-text")),
             "status": px(replay.locator(".bgsim-status .widget-html-content")),
             "jump button": px(replay.locator(".bgsim-next-cube")),
             "board names": svg_text_px(view.locator("svg text.pips").first)}
    MEASURED["replay, present, px"] = sizes
    assert min(sizes.values()) >= 20, sizes
    board, aside = box(view.locator("svg")), box(replay.locator(".bgsim-status"))
    assert board["width"] >= 0.5 * content_width(replay) and aside["left"] >= board["right"] - 1
    replay.evaluate("e => e.scrollIntoView({block: 'start'})")
    shoot(page, screenshot, "replay-present-1280x720")

    replay.locator(".bgsim-previous-game").click()                      # back to the previous game's start
    expect(replay.locator(".bgsim-status")).to_contain_text(f"game {cube['game'] - 1} of")
    back = replay_state(replay)
    agree(back)
    assert back["game"] == cube["game"] - 1 and back["caption"].startswith(f"Game {back['game']}")

    # a move in the list: click the option five steps on
    target = back["step"] + 5
    replay.locator(".bgsim-moves select").select_option(index=target - 1)
    expect(replay.locator(".bgsim-status")).to_contain_text(f"step {target} of")
    agree(replay_state(replay))
    replay.locator(".bgsim-forward").click()
    expect(replay.locator(".bgsim-status")).to_contain_text(f"step {target + 1} of")
    agree(replay_state(replay))


# ----------------------------------------------------------------------------- the sandbox
def test_sandbox_end_to_end_without_code(page, teach, screenshot):
    seconds = open_page(page, teach, "lessons/sandbox.ipynb", ".sandbox", present="1")
    MEASURED["sandbox page (preheated), s"] = round(seconds, 1)
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)       # no code on screen
    box_ = page.locator(".sandbox")
    box_.evaluate("e => e.scrollIntoView({block: 'start'})")
    editor = box_.locator(".bgsim-editor")

    # 1. paste an XGID, roll
    editor.locator(".bgsim-paste input").fill(XGID_TWO_LEFT)
    editor.locator(".bgsim-load").click()
    expect(editor.locator(".bgsim-message")).to_contain_text("loaded")
    box_.locator(".bgsim-sandbox-roll").click()
    expect(box_.locator(":scope > .bgsim-message")).to_contain_text(re.compile(r"rolled \d-\d for Light"))
    rolled = re.search(r"rolled (\d)-(\d)", box_.locator(":scope > .bgsim-message").inner_text())
    expect(editor.locator(".bgsim-board-view .die")).to_have_count(2)

    # 2. step through it: a refused click, then a finished play
    box_.get_by_role("button", name="2. Step through it").click()
    stepper = box_.locator(".bgsim-stepper")
    expect(stepper).to_be_visible()
    expect(editor).to_be_hidden()
    view = stepper.locator(".bgsim-board-view")
    expect(view.locator(f'.die[data-value="{rolled[1]}"]').first).to_be_attached()
    message = stepper.locator(".bgsim-message")
    click_board(view, view.locator('.checker[data-player="0"][data-point="1"]').first)
    expect(message).to_contain_text("picked up")
    view.locator('.point[data-point="5"]').click(force=True)             # backwards: refused with its rule
    expect(message).to_contain_text("(R1)")
    assert box(message)["left"] >= box(view.locator("svg"))["right"] - 1
    # a refused step puts the checker back (issue 31): pick it up again, then bear it off
    click_board(view, view.locator('.checker[data-player="0"][data-point="1"]').first)
    expect(message).to_contain_text("picked up")
    click_board(view, view.locator('.tray[data-player="0"]'))
    click_board(view, view.locator('.checker[data-player="0"][data-point="1"]').first)
    click_board(view, view.locator('.tray[data-player="0"]'))
    expect(stepper.locator(".bgsim-played")).to_contain_text("complete")
    expect(message).to_contain_text("played 1/off(2)")

    # 3. a one-question puzzle: only the higher die (R11); a wrong try, then the answer
    box_.get_by_role("button", name="1. Set up the position").click()
    editor.locator(".bgsim-paste input").fill(XGID_HIGHER_DIE)
    editor.locator(".bgsim-load").click()
    expect(editor.locator(".bgsim-message")).to_contain_text("loaded")
    box_.get_by_role("button", name="3. Puzzle: find the right play").click()
    expect(box_.locator(".bgsim-sandbox-task")).to_contain_text("Roll 6-5. Find the only legal play.")
    expect(stepper.locator(".bgsim-roll")).to_be_hidden()                # the puzzle's roll is given
    click_board(view, view.locator('.checker[data-player="0"][data-point="13"]').first)
    view.locator('.point[data-point="8"]').click(force=True)
    expect(message).to_contain_text("(R11)")
    click_board(view, view.locator('.checker[data-player="0"][data-point="13"]').first)   # it went back: again
    view.locator('.point[data-point="7"]').click(force=True)
    expect(message).to_contain_text("Right: 13/7 is the only legal play of 6-5 here. Found after 1 wrong try.")
    box_.locator(".bgsim-sandbox-play").evaluate("e => e.scrollIntoView({block: 'start'})")
    shoot(page, screenshot, "sandbox-puzzle-1280x720")

    # the Boards switch on a page with no board picture: the live board redraws, no reload
    page.evaluate("window.__notReloaded = true")
    page.locator('.bgsim-toolbar button[data-theme="high-contrast"]').click()
    expect(view).to_have_attribute("data-version", re.compile(r"\d+"))
    page.wait_for_function("() => document.querySelector('.sandbox .bgsim-stepper .bgsim-board-view svg')"
                           f".outerHTML.includes('{HIGH_CONTRAST_FRAME}')")
    assert page.evaluate("window.__notReloaded === true") and "board=high-contrast" in page.url
    expect(message).to_contain_text("Right: 13/7")                     # the puzzle stays solved


# ----------------------------------------------------------------------------- kernels
def kernels(proc) -> set[int]:
    """The server's kernel processes now (one that ends while it is looked at is not one)."""
    return {p.pid for p in children(proc.pid) if "ipykernel" in cmdline(p)}


def test_a_page_ends_its_kernel_when_it_is_left(chromium, teach):
    server, proc = teach
    # no request routing in this browser context: Chromium drops a routed beacon sent while
    # the page unloads (the page still reaches only localhost here: the machine is offline)
    context = chromium.new_context(viewport=VIEWPORT)
    page = context.new_page()
    try:
        before = kernels(proc)
        open_page(page, teach, "score_only.ipynb", ".demo-score")      # opened from a bookmark, not the file list
        during = kernels(proc)
        assert len(during - before) == 1, (before, during)
        page.goto("about:blank")                                        # the teacher goes elsewhere
        with contextlib.suppress(TimeoutError):   # the assertion below says what is left
            wait_for(lambda: not kernels(proc) & (during - before), timeout=KERNEL_END, what="the kernel's end",
                     interval=0.5)
        lines = [x for x in server.log.read_text().splitlines() if "shutdown" in x.lower() or " 403 " in f" {x} "]
        assert not kernels(proc) & (during - before), "the page's kernel still runs:\n" + "\n".join(lines[-8:])
    finally:
        context.close()


def test_report(capsys):
    """Prints what the tests above measured (run with -s to see it)."""
    if MEASURED:
        with capsys.disabled():
            print("\nteacher view at 1280x720:")
            for key, value in MEASURED.items():
                print(f"  {key}: {value}")
