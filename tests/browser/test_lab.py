"""The widgets in JupyterLab: run the demo notebook, click, and read what the page shows."""

from __future__ import annotations

import re

import pytest

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

NOTEBOOK = "widgets_demo.ipynb"
LONG = 90_000   # ms: a cold kernel compiles numba code on first use


def _delete_sessions(lab) -> None:
    for s in lab.api("GET", "/api/sessions"):
        lab.api("DELETE", f"/api/sessions/{s['id']}")


def open_and_run(page, lab, name: str = NOTEBOOK) -> None:
    """Open a notebook in a fresh Lab workspace, wait for an idle kernel, clear and Run All."""
    _delete_sessions(lab)   # Lab reuses a session (and its variables) for the same path
    page.goto(lab.url(f"/lab/tree/{name}", reset=""))
    page.wait_for_selector(".jp-Notebook", timeout=LONG)
    # the status bar, not the toolbar's indicator: that one says idle before a kernel exists
    expect(page.get_by_role("button", name=re.compile(r"\(ipykernel\) \| Idle"))).to_be_visible(timeout=LONG)
    menu(page, "Edit", "Clear Outputs of All Cells")
    menu(page, "Run", "Run All Cells")


def menu(page, top: str, item: str) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{re.escape(top)}$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$")).first.click()


def test_board_click_redraws(page, lab, screenshot):
    open_and_run(page, lab)
    view = page.locator(".demo-board .bgsim-board-view")
    expect(view.locator("svg")).to_be_visible(timeout=20000)
    point = view.locator('.point[data-point="5"]')
    before = view.get_attribute("data-version")
    point.click()
    expect(view).not_to_have_attribute("data-version", before)
    expect(view.locator('.point.highlight[data-point="5"]')).to_have_count(1)
    ms = float(view.get_attribute("data-click-to-redraw-ms"))
    print(f"\nLab: click to redrawn board {ms:.1f} ms")
    screenshot(page, "lab-board", page.locator(".demo-board"))
