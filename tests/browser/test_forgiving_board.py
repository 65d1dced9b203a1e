"""Issue 31 in JupyterLab: a board that forgives, a drill drawn from the mover's side, and a lesson
opened before it runs.

- ``notebooks/forgiving_demo.ipynb`` (Run All): the learner holds 24 with 6-5 and clicks 20 (24/20:
  no 4, R5); the checker goes back and the 20 is picked up, so the next click on 15 plays 20/15
  (before issue 31 it was read as 24/15, "moves 9 pips"). A drill's task for the light checkers
  after one for the dark (lesson 02's "24 to 16 with 5-3") is drawn from Light's side: the
  light checkers' 24-point is top right, and the solution is clicked in their numbering.
- A notebook run once and stored with its widget state, opened again without running: no
  broken-link icons and no dead buttons, one line "Run the lesson to play" on the board.

Screenshots (test-artifacts/): forgive-refused-after.png, forgive-picked-other-after.png,
forgive-played-after.png, drill-mover-side-after.png, drill-mover-side-solved-after.png,
before-run-after.png. The "before" pictures are the issue's evidence (lesson00-before-running-
broken-link-icons.png, lesson02-drill-numbered-from-the-other-side.png).
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from .conftest import _env
from .test_lab import click_and_time, open_and_run

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 120_000


def test_a_refused_step_lets_go_and_a_drill_is_drawn_from_the_movers_side(page, lab, screenshot):
    expect.set_options(timeout=30_000)
    open_and_run(page, lab, "forgiving_demo.ipynb")

    # --- a refused step, then a click on another checker of mine
    stepper = page.locator(".forgive-stepper")
    expect(stepper).to_be_attached(timeout=LONG)
    stepper.scroll_into_view_if_needed()
    sv = stepper.locator(".bgsim-board-view")
    msg = stepper.locator(".bgsim-message")
    expect(sv.locator("svg")).to_be_visible(timeout=LONG)
    click_and_time(sv, '.checker[data-player="0"][data-point="24"]')
    expect(msg).to_contain_text("24: picked up")
    click_and_time(sv, '.checker[data-player="0"][data-point="20"]')     # 24/20: no 4 in 6-5 (R5)
    expect(msg).to_contain_text("(R5)")
    expect(msg).to_contain_text("So 20 is picked up instead")
    expect(sv.locator('.highlight[data-point="20"]')).to_have_count(1)   # the 20 is held, not the 24
    expect(sv.locator('.highlight[data-point="24"]')).to_have_count(0)
    screenshot(page, "forgive-picked-other-after", stepper)
    click_and_time(sv, '.point[data-point="15"]')
    expect(stepper.locator(".bgsim-played")).to_contain_text("20/15")
    expect(msg).not_to_contain_text("24/15")
    screenshot(page, "forgive-played-after", stepper)
    click_and_time(sv, '.checker[data-player="0"][data-point="13"]')
    click_and_time(sv, '.point[data-point="10"]')                        # 13/10: no 3 left (R5)
    expect(msg).to_contain_text("The checker goes back")
    expect(sv.locator(".highlight")).to_have_count(0)                    # nothing held any more
    screenshot(page, "forgive-refused-after", stepper)

    # --- a drill for the light checkers after one for the dark: drawn from Light's side
    drill = page.locator(".mover-drill")
    drill.scroll_into_view_if_needed()
    notes = page.locator(".jp-OutputArea-output", has_text="SOLUTION:").first.inner_text()
    mover = int(re.search(r"MOVER: (\d)", notes).group(1))
    first = int(re.search(r"FIRST: (\d)", notes).group(1))
    src, dst = (int(x) for x in re.search(r"ROUTE: (\d+) (\d+)", notes).groups())
    steps = re.search(r"SOLUTION: (.+)", notes).group(1).split()
    assert mover != first
    dv = drill.locator(".bgsim-board-view")
    expect(dv.locator("svg")).to_be_visible(timeout=LONG)
    # drawn from the mover's side: the board's numbering is the mover's, its point 1 bottom right
    expect(dv.locator("svg.bgsim-board")).to_have_attribute("data-perspective", str(mover))
    expect(dv.locator(f'.checker[data-player="{mover}"][data-point="{src}"]').first).to_be_attached()
    screenshot(page, "drill-mover-side-after", drill)
    for step in steps:
        a, b = (int(x) for x in step.split("/"))
        click_and_time(dv, f'.checker[data-player="{mover}"][data-point="{a}"]')
        click_and_time(dv, f'.point[data-point="{b}"]')
    expect(drill.locator(":scope > .bgsim-message")).to_contain_text("Right")
    expect(dv.locator(f'.checker[data-player="{mover}"][data-point="{dst}"]').first).to_be_attached()
    screenshot(page, "drill-mover-side-solved-after", drill)


def test_a_notebook_opened_before_running_says_run_the_lesson_instead_of_broken_links(page, lab, screenshot,
                                                                                     tmp_path):
    """Stored widget state only, no live kernel behind it: the board is drawn, its controls are
    hidden and one line says what to do; no broken-link icon in the bgsim widgets."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("from bgsim.widgets import StepperWidget\n"
                                          "s = StepperWidget(size=520)\ns.add_class('stored-stepper')\ns")]
    nbclient.NotebookClient(nb, kernel_name="python3", store_widget_state=True, timeout=600,
                            resources={"metadata": {"path": str(lab.root)}}).execute()
    assert "application/vnd.jupyter.widget-state+json" in nb.metadata.get("widgets", {})
    path = lab.root / "stored_before_run.ipynb"
    nbformat.write(nb, str(path))
    # trusted, as `make lab` trusts the lessons: Lab then shows the stored widgets before a run
    subprocess.run([sys.executable, "-m", "jupyter", "trust", str(path)], env=_env(tmp_path), check=True,
                   capture_output=True)
    for s in lab.api("GET", "/api/sessions"):
        lab.api("DELETE", f"/api/sessions/{s['id']}")
    page.goto(lab.url("/lab/tree/stored_before_run.ipynb", reset=""))
    widget = page.locator(".stored-stepper")
    expect(widget).to_be_attached(timeout=LONG)
    view = widget.locator(".bgsim-board-view")
    expect(view.locator("svg")).to_be_visible(timeout=LONG)
    expect(view).to_have_class(re.compile(r"jupyter-widgets-disconnected"))
    expect(view.locator(".bgsim-offline")).to_be_visible()
    expect(view.locator(".bgsim-offline")).to_have_text("Run the lesson to play: Run > Run All Cells.")
    expect(widget.locator(".widget-button:visible")).to_have_count(0)     # no button that cannot answer
    icons = page.evaluate("""() => [...document.querySelectorAll(
        '.stored-stepper.jupyter-widgets-disconnected, .stored-stepper .jupyter-widgets-disconnected')]
        .filter(el => !['none', 'normal', ''].includes(getComputedStyle(el, '::before').content)).length""")
    assert icons == 0, f"{icons} broken-link icons in the stored widget"
    screenshot(page, "before-run-after", page.locator(".jp-Cell").first)
