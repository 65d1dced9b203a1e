"""The Czech edition in Voila (issue 23): a Czech lesson opens in the teacher view, a refused click
answers with the Czech sentence of the rule and its id, and the widgets' buttons speak Czech.

Screenshots: test-artifacts/cs-voila-lesson04.png (the page) and test-artifacts/cs-stepper-refused.png
(the stepper with the Czech R13 refusal).
"""

from __future__ import annotations

import time

import pytest

from tests.browser.test_lessons import EXPECT, act, open_voila

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

R13_CS = "kámen na baru musí vstoupit do hry dřív, než se pohne kterýkoli jiný kámen (R13)"
R14_CS = "bod 19 je uzavřený: soupeř na něm má 5 kamenů (R14)"


def test_voila_czech_lesson04(page, voila, screenshot):
    expect.set_options(timeout=EXPECT)
    t = time.monotonic()
    open_voila(page, voila, "cs/04-bar.ipynb", ".lesson04-drill")
    print(f"\nVoila: Czech lesson 04 live in {time.monotonic() - t:.0f} s")
    expect(page.get_by_text("Vyhazování a bar").first).to_be_visible()
    screenshot(page, "cs-voila-lesson04")

    hb = page.locator(".lesson04-hit-back")
    hb.scroll_into_view_if_needed()
    expect(hb.locator(".bgsim-roll")).to_have_text("Hodit")
    expect(hb.locator(".bgsim-undo")).to_have_text("Zpět")
    v = hb.locator(".bgsim-board-view")
    refused = act(hb, v.locator('.checker[data-player="0"][data-point="24"]').first)   # not the bar's checker
    assert refused == f"24: {R13_CS}", refused
    screenshot(page, "cs-stepper-refused", hb)
    assert "zvednuto" in act(hb, v.locator('.checker[data-player="0"][data-point="25"]').first)
    m = act(hb, v.locator('.point[data-point="19"]'))
    assert R14_CS in m, m
    act(hb, v.locator('.checker[data-player="0"][data-point="25"]').first)     # it went back: pick it up again
    act(hb, v.locator('.point[data-point="21"]'))
    act(hb, v.locator('.checker[data-player="0"][data-point="24"]').first)
    assert act(hb, v.locator('.point[data-point="18"]')) == "zahráno bar/21 24/18*"

    dr = page.locator(".lesson04-drill")
    dr.scroll_into_view_if_needed()
    expect(dr).to_contain_text("Úloha 1 z 2")
    expect(dr.get_by_role("button", name="Ukázat řešení")).to_be_visible()

    # the drill's end: the score in Czech, and "Nové úlohy" (new tasks from the same seed) instead of
    # the old advice to run the cell again with another rng=
    for n in (1, 2):
        expect(dr.locator(".bgsim-drill-title")).to_contain_text(f"Úloha {n} z 2")
        dr.get_by_role("button", name="Ukázat řešení").click()
        dr.get_by_role("button", name="Další úloha").click()
    expect(dr.locator(".bgsim-drill-score")).to_contain_text("Hotovo: na první pokus vyřešeno 0 z 2 úloh.")
    new = dr.get_by_role("button", name="Nové úlohy")
    expect(new).to_be_visible()
    screenshot(page, "cs-drill-new-tasks", dr)
    new.click()
    expect(dr.locator(".bgsim-drill-title")).to_contain_text("Úloha 1 z 2")
    expect(new).to_be_hidden()
    expect(dr.locator(".bgsim-drill-score")).to_have_text("")
