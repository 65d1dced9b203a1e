"""A position travels as a link, and the sandbox editor at 1280x720 (issue 32, items 3 and 4).

In the teacher view as ``make teach`` runs it (the sandbox page kept ready, so the page tells its
kernel its address from the browser): a lesson board's "copy this position" shows the link to
the sandbox with the position and the dice to play; opening it shows the same position and dice
on the sandbox's stepper; a bad link says why. The sandbox's set-up has its dice, Clear board
and Start position on a 1280x720 screen without scrolling.

Screenshots: test-artifacts/sandbox-from-link-1280x720.png, sandbox-setup-1280x720.png.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from tests.support.processes import wait_for

from .conftest import Server, _only_localhost
from .teach_server import teach_server

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 180_000
MEASURED: dict[str, object] = {}


@pytest.fixture(scope="module")
def teach(notebook_dir, tmp_path_factory) -> Iterator[Server]:
    with teach_server(notebook_dir, tmp_path_factory.mktemp("link-home"), ready=1,
                      pages="lessons/sandbox") as (server, _proc):
        # the sandbox's kernel ready (a line in the server's log): the page's address comes later
        wait_for(lambda: "lessons/sandbox.ipynb is ready" in server.log.read_text(errors="replace"), 240,
                 "the sandbox's ready kernel", interval=0.5)
        yield server


@pytest.fixture
def page(chromium, request, screenshot):
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.route("**/*", _only_localhost)
    pg = context.new_page()
    expect.set_options(timeout=60_000)
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        screenshot(pg, f"FAILED-{request.node.name}")
    context.close()


def ready(page) -> None:
    page.wait_for_selector("body[data-bgsim-ready='1']", state="attached", timeout=LONG)


def test_a_lesson_board_links_to_the_sandbox_with_its_position_and_dice(page, teach, screenshot):
    page.goto(teach.url("/voila/render/lessons/03-forced-play.ipynb"), timeout=LONG)
    ready(page)
    stepper = page.locator(".stepper-6-5, .bgsim-stepper").filter(has=page.locator(".die")).first
    stepper.locator(".bgsim-ids-toggle").click()
    xgid = stepper.locator(".bgsim-xgid input").input_value()
    assert xgid.split(":")[4] == "65", f"the XGID keeps the dice to play: {xgid}"
    link = stepper.locator(".bgsim-link-text").input_value()
    assert re.search(r"/voila/render/lessons/sandbox\.ipynb\?xgid=[-a-zA-Z]{26}:\d+:-?\d+:-?1:65:", link), link
    expect(stepper.locator("a.bgsim-sandbox-link")).to_have_attribute("href", re.compile(r"^sandbox\.ipynb\?xgid="))

    t0 = time.monotonic()
    page.goto(link + "&present=1", timeout=LONG)                       # as a student opening the link
    ready(page)
    box = page.locator(".bgsim-sandbox")
    sandbox = box.locator(".bgsim-stepper")
    expect(sandbox).to_be_visible()
    expect(box.locator(":scope > .bgsim-message")).to_contain_text("opened from a link: Light to play 6-5")
    MEASURED["sandbox opened from a link, s"] = round(time.monotonic() - t0, 1)
    view = sandbox.locator(".bgsim-board-view")
    expect(view.locator(".die")).to_have_count(2)
    expect(view.locator('.die[data-value="6"]')).to_have_count(1)
    expect(box.get_by_role("button", name="2. Step through it")).to_have_class(re.compile(r"\bmod-active\b"))
    sandbox.locator(".bgsim-ids-toggle").evaluate("e => e.click()")     # hidden in Present: the same XGID
    page.wait_for_function("x => document.querySelector('.bgsim-sandbox .bgsim-stepper .bgsim-xgid input')"
                           ".value === x", arg=xgid)
    box.evaluate("e => e.scrollIntoView({block: 'start'})")
    screenshot(page, "sandbox-from-link-1280x720")


def test_a_bad_link_says_why(page, teach):
    page.goto(teach.url("/voila/render/lessons/sandbox.ipynb", xgid="not-a-position"), timeout=LONG)
    ready(page)
    message = page.locator(".bgsim-sandbox > .bgsim-message")
    expect(message).to_contain_text("cannot open this link: the position in this link cannot be read")
    expect(page.locator(".bgsim-sandbox .bgsim-editor")).to_be_visible()   # the sandbox still works


@pytest.mark.parametrize("present", ["", "1"])
def test_sandbox_setup_fits_1280x720(page, teach, screenshot, present):
    page.goto(teach.url("/voila/render/lessons/sandbox.ipynb", **({"present": "1"} if present else {})),
              timeout=LONG)
    ready(page)
    box = page.locator(".bgsim-sandbox")
    box.evaluate("e => e.scrollIntoView({block: 'start'})")
    editor = box.locator(".bgsim-editor")
    parts = {"die 1": editor.locator(".bgsim-dice-row select").first,
             "die 2": editor.locator(".bgsim-dice-row select").nth(1),
             "Clear board": editor.locator(".bgsim-clear"), "Start position": editor.locator(".bgsim-start-position"),
             "Roll the dice": box.locator(".bgsim-sandbox-roll"),
             "off Dark": editor.locator(".bgsim-counts-row .widget-inline-hbox").nth(3),
             "cube owner": editor.locator(".bgsim-cube-row .widget-dropdown").nth(1)}
    bottoms = {}
    for name, loc in parts.items():
        r = loc.evaluate("e => e.getBoundingClientRect().toJSON()")
        bottoms[name] = round(r["bottom"])
        assert r["top"] >= 0 and r["bottom"] <= 720 and r["right"] <= 1280, f"{name}: {r}"
    MEASURED[f"sandbox set-up, present={present or 0}: bottom of each control, px (of 720)"] = bottoms
    view = editor.locator(".bgsim-board-view")
    on_board = '.checker:not([data-point="0"])'                            # not the trays' borne-off checkers
    editor.locator(".bgsim-clear").click()
    expect(view.locator(on_board)).to_have_count(0)
    expect(editor.locator(".bgsim-message")).to_contain_text("board cleared")
    view.locator('.point[data-point="6"]').click(force=True)               # one click: a checker there
    expect(view.locator(on_board)).to_have_count(1)
    editor.locator(".bgsim-start-position").click()
    expect(view.locator(on_board)).to_have_count(30)
    editor.locator(".bgsim-dice-row select").first.select_option("6")
    editor.locator(".bgsim-dice-row select").nth(1).select_option("5")
    expect(view.locator(".die")).to_have_count(2)
    expect(editor.locator(".bgsim-message")).to_contain_text("R3")    # a message shows: nothing is pushed out
    box.evaluate("e => e.scrollIntoView({block: 'start'})")
    after = {}
    for name in ("cube owner", "off Dark", "Start position"):
        r = parts[name].evaluate("e => e.getBoundingClientRect().toJSON()")
        after[name] = round(r["bottom"])
        assert r["top"] >= 0 and r["bottom"] <= 720, f"{name} with the message shown: {r}"
    MEASURED[f"sandbox set-up, present={present or 0}, a message shown: bottom, px (of 720)"] = after
    if present:
        screenshot(page, "sandbox-setup-1280x720")


def test_report(capsys):
    if MEASURED:
        with capsys.disabled():
            print("\nsandbox links and set-up at 1280x720:")
            for key, value in MEASURED.items():
                print(f"  {key}: {value}")
