"""The widgets in Voila (the teacher view): no code on screen, widgets live, clicks work."""

from __future__ import annotations

import pytest

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

NOTEBOOK = "widgets_demo.ipynb"
LONG = 120_000   # ms: Voila runs the whole notebook before it shows the page


def open_voila(page, voila, name: str = NOTEBOOK) -> None:
    page.goto(voila.url(f"/voila/render/{name}"), timeout=LONG)
    expect(page.locator(".demo-board .bgsim-board-view svg")).to_be_visible(timeout=LONG)


def test_voila_board_click(page, voila, screenshot):
    open_voila(page, voila)
    # rendered, not shown as code: no input cells, and no widget text repr (missing manager)
    expect(page.locator(".jp-InputArea-editor")).to_have_count(0)
    expect(page.get_by_text("VBox(children=")).to_have_count(0)
    view = page.locator(".demo-board .bgsim-board-view")
    before = view.get_attribute("data-version")
    view.locator('.point[data-point="20"]').click()
    expect(view).not_to_have_attribute("data-version", before)
    expect(view.locator('.point.highlight[data-point="20"]')).to_have_count(1)
    print(f"\nVoila: click to redrawn board {float(view.get_attribute('data-click-to-redraw-ms')):.1f} ms")
    screenshot(page, "voila-board")
