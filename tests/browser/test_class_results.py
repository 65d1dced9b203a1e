"""The class's results in the teacher view (issue 32, item 8), as ``make teach CLASS_RESULTS=1`` runs it.

A student opens lesson 01, types a name and answers a quiz (a wrong first try, then the right
one); the teacher's page (lessons/class-results.ipynb) shows that question with "0 of 1", and,
without a reload, "1 of 2" once another student's first try is stored, under the rule ids of the
question's lesson (lesson 01: R1-R4, R4a, P1, P2). Screenshot:
test-artifacts/class-results-1280x720.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bgsim.teach.classresults import ClassResults

from .conftest import Server, _only_localhost
from .teach_server import teach_server

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect

LONG = 180_000
MEASURED: dict[str, object] = {}


@pytest.fixture(scope="module")
def teach(notebook_dir, tmp_path_factory) -> Iterator[tuple[Server, Path]]:
    home = tmp_path_factory.mktemp("class-home")
    db = home / "data" / "class-results.sqlite3"
    with teach_server(notebook_dir, home, extra_env={"BGSIM_CLASS_RESULTS": "1",
                                                     "BGSIM_CLASS_RESULTS_DB": str(db)}) as (server, _proc):
        yield server, db


@pytest.fixture
def context(chromium):
    ctx = chromium.new_context(viewport={"width": 1280, "height": 720})
    ctx.route("**/*", _only_localhost)
    expect.set_options(timeout=60_000)
    yield ctx
    ctx.close()


def test_a_students_first_try_reaches_the_teachers_page_live(context, teach, screenshot):
    server, db = teach
    student = context.new_page()
    student.goto(server.url("/voila/render/lessons/01-board.ipynb"), timeout=LONG)
    student.wait_for_selector("body[data-bgsim-ready='1']", state="attached", timeout=LONG)
    quiz = student.locator(".bgsim-quiz").filter(has=student.locator(".widget-radio-box")).first
    quiz.scroll_into_view_if_needed()
    question = quiz.locator(".widget-html-content b").first.inner_text()
    name = quiz.locator(".bgsim-student-name input")
    expect(name).to_be_visible()
    name.fill("Ana")
    name.press("Enter")
    radios = quiz.locator(".widget-radio-box label")
    n = radios.count()
    labels = [radios.nth(i).inner_text() for i in range(n)]
    t0 = time.monotonic()
    for i in range(n):                                  # try the choices in turn until one is right
        radios.nth(i).click()
        quiz.locator("button", has_text="Check").click()
        expect(quiz.locator(".bgsim-feedback span")).to_be_visible()
        expect(quiz.locator(".bgsim-class-status")).to_contain_text("stored for the class")
        if quiz.locator(".bgsim-feedback span").get_attribute("style").find("green") >= 0 or \
                "Right" in quiz.locator(".bgsim-feedback").inner_text():
            break
    first_right = i == 0
    rows = [r for r in ClassResults(db).answers() if r[1] == question]
    assert rows == [("01-board", question, "Ana", first_right)], (rows, labels)
    MEASURED["answer stored, s after the click"] = round(time.monotonic() - t0, 2)

    teacher = context.new_page()
    teacher.goto(server.url("/voila/render/lessons/class-results.ipynb", present="1"), timeout=LONG)
    teacher.wait_for_selector("body[data-bgsim-ready='1']", state="attached", timeout=LONG)
    table = teacher.locator(".bgsim-class-table")
    row = table.locator("tr", has_text=question[:40])
    expect(row).to_contain_text(f"{int(first_right)} of 1")
    ClassResults(db).record("01-board", question, "Ben", True)           # another student, elsewhere
    t1 = time.monotonic()
    expect(row).to_contain_text(f"{int(first_right) + 1} of 2", timeout=15_000)   # no reload: the page asks again
    MEASURED["teacher's page shows a new answer after, s"] = round(time.monotonic() - t1, 1)
    expect(teacher.locator(".bgsim-class-title")).to_contain_text("2 students have answered")
    # the rules of the lesson the question comes from (lesson 01: R1-R4, R4a, P1, P2), not "Rules: none"
    expect(teacher.locator(".bgsim-class-rules")).to_have_text(
        "Rules of the lessons these questions come from: R1-R4, R4a, P1, P2")
    expect(teacher.get_by_text("Rules: none")).to_have_count(0)
    size = float(row.locator("td").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert size >= 20, size
    teacher.locator(".class-results").scroll_into_view_if_needed()
    screenshot(teacher, "class-results-1280x720")


def test_report(capsys):
    if MEASURED:
        with capsys.disabled():
            print("\nthe class's results:")
            for key, value in MEASURED.items():
                print(f"  {key}: {value}")
