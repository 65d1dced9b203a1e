"""Lesson 09 in Voila (issue 31): the learner's Monte Carlo lab and what opens after a try.

The lab's simple mode plays the games when Play is pressed and draws the bars (how often) and the
line with its band (how sure), with no equity, seed or chunk on screen. Question 1's answer (the
race's two counts, "2.0 times narrower", and the picture of the band narrowing) is not on the page
after the lesson runs; it opens after a try. In Voila it once stayed empty: the part after the try
came from a button's callback through the front end's message hooks (``after_try`` now hands it to
the page as the Output widget's state).

Screenshots: test-artifacts/lesson09-lab.png, lesson09-after-try.png.
"""

from __future__ import annotations

import pytest

from .test_lessons import open_voila
from .test_play import EXPECT, LONG

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect


def test_voila_lesson09_lab_and_after_try(page, voila, screenshot):
    expect.set_options(timeout=EXPECT)
    open_voila(page, voila, "09-monte-carlo.ipynb", ".lesson09-montecarlo")
    lab = page.locator(".lesson09-montecarlo").first
    lab.scroll_into_view_if_needed()
    expect(lab.locator(".bgsim-share-bars")).to_contain_text("press Play")
    lab.locator(".bgsim-start").click()
    expect(lab.locator(".bgsim-message")).to_contain_text("done: 100 games", timeout=LONG)
    bars = lab.locator(".bgsim-share-bars")
    expect(bars).to_contain_text("Light wins")
    expect(bars).to_contain_text("very likely")
    for jargon in ("equity", "seed", "chunk", "standard error"):
        expect(lab).not_to_contain_text(jargon, use_inner_text=True)     # hidden boxes do not count
    screenshot(page, "lesson09-lab", lab)
    # question 1: its answer is not on the page before the try, and opens after it
    expect(page.get_by_text("times narrower")).to_have_count(0)
    quiz = page.locator(".bgsim-quiz").first
    quiz.scroll_into_view_if_needed()
    quiz.locator("input").first.fill("3")                    # a wrong try is a try
    quiz.get_by_role("button", name="Check").click()
    opened = page.locator(".bgsim-after-try").first
    expect(opened).to_contain_text("times narrower", timeout=LONG)
    expect(opened.locator("img")).to_have_count(1)           # the picture of the band narrowing
    expect(opened.locator(".bgsim-after-try-waiting")).to_be_hidden()
    screenshot(page, "lesson09-after-try", opened)
