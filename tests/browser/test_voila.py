"""The widgets in Voila (the teacher view): no code on screen, widgets live, clicks work."""

from __future__ import annotations

import pytest

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

NOTEBOOK = "widgets_demo.ipynb"
LONG = 300_000   # ms, for a busy machine (3-5x slower): Voila runs the whole notebook before it shows the page
EXPECT = 60_000   # ms: one step on the page (a click, a redraw), on a busy machine


def test_voila_teacher_view(page, voila, screenshot):
    expect.set_options(timeout=EXPECT)
    page.goto(voila.url(f"/voila/render/{NOTEBOOK}"), timeout=LONG)
    expect(page.locator(".bgsim-montecarlo")).to_be_attached(timeout=LONG)
    # rendered, not shown as code: no input cells, and no widget text repr (a missing manager)
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)
    expect(page.get_by_text("VBox(children=")).to_have_count(0)
    expect(page.get_by_text("stepper = StepperWidget")).to_have_count(0)

    view = page.locator(".demo-board .bgsim-board-view")
    expect(view.locator("svg")).to_be_visible(timeout=LONG)
    before = view.get_attribute("data-version")
    view.locator('.point[data-point="20"]').click(force=True)
    expect(view).not_to_have_attribute("data-version", before)
    expect(view.locator('.point.highlight[data-point="20"]')).to_have_count(1)
    ms = float(view.get_attribute("data-click-to-redraw-ms"))
    screenshot(page, "voila-page")

    stepper = page.locator(".bgsim-stepper:not(.bgsim-drill-board)")
    stepper.scroll_into_view_if_needed()
    sv = stepper.locator(".bgsim-board-view")
    sv.locator('.checker[data-point="13"]').first.click(force=True)
    expect(stepper.locator(".bgsim-message")).to_contain_text("must enter before any other checker moves (R13)")
    sv.locator('.bar[data-player="0"]').click(force=True)            # pick the checker up ...
    expect(stepper.locator(".bgsim-message")).to_contain_text("bar: picked up")
    sv.locator('.point[data-point="19"]').click(force=True)          # ... and bring it in
    expect(stepper.locator(".bgsim-played")).to_contain_text("bar/19")
    screenshot(page, "voila-stepper", stepper)
    print(f"\nVoila: click to redrawn board {ms:.0f} ms")
