"""Printable handouts (``make handouts``, ``lessons/tools/handouts.py``; issue 32, item 5).

A handout is a lesson on paper: its text, its boards and its questions with a line for the
answer, and no code; the answer sheet lists each question with its answer. Built here for
lesson 03 (forced play, R10-R12: three play puzzles, a choice and a drill of four tasks) in
English and in Czech, each PDF opened with pypdf, its pages counted and its text searched.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "lessons" / "tools"))

import handouts  # noqa: E402

pypdf = pytest.importorskip("pypdf")

#: Text that is code: none of it may be on a handout (its sentences about code are left out too).
#: ("bgsim." and "widgets." followed by a name: a sentence may end with the word bgsim.)
CODE = re.compile(r"\bimport \w|\bbgsim\.\w|\bwidgets\.\w|\bdef \w|print\(|Quiz\.|StepperWidget|rng=|assert ")


def pdf_text(path: Path) -> tuple[int, str]:
    """The number of pages and the text of a PDF, ligatures and spaces evened out."""
    reader = pypdf.PdfReader(path)
    text = "\n".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text))


def plain(html: str) -> str:
    """A question's words as a PDF's text has them (no tags, entities, or runs of spaces)."""
    text = re.sub(r"<[^>]+>", " ", html).replace("&middot;", "\u00b7").replace("&nbsp;", " ")
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", text)).strip()


# --- the text on paper: no code (fast, no kernel) ------------------------------------------------

@pytest.mark.parametrize("line, code", [
    ("`pos.start_turn(dice)` starts a turn; `turn.explain()` says why", True),
    ("Run the cell again with another number after `rng=` for new puzzles.", True),
    ("Could light play only the 3, `13/10`, and keep the 6 for later?", False),
    ("Two 1s: `bar/24(2) 6/5(2)` brings both in.", False),
    ("Download the `.mat` file.", False),
    ("*English edition: [../03-forced-play.ipynb](../03-forced-play.ipynb).*", True),
    ("**R10 Use as many dice as possible.**", False),
])
def test_a_line_that_shows_code_is_left_out(line, code):
    assert handouts.is_code_line(line) is code


def test_a_printed_line_that_names_code_is_left_out():
    import nbformat

    text = "Light wins 52.1% +- 1.0%\nimport bgsim\nDark wins 47.9%\n"
    assert handouts.paper_text(text) == "Light wins 52.1% +- 1.0%\nDark wins 47.9%\n"
    note = "note: results depend on the players: heuristic vs heuristic; see bgsim.sim.montecarlo.PLAYERS\n"
    assert handouts.paper_text(note) == "note: results depend on the players: heuristic vs heuristic\n"
    html = [nbformat.v4.new_output("display_data", data={"text/html": "<p>note; viz bgsim.sim.montecarlo.PLAYERS</p>"})]
    assert handouts.paper_outputs(html)[0]["data"]["text/html"] == "<p>note</p>"
    assert handouts.is_code_line("The default of bgsim.") is False
    assert handouts.is_code_line("Its name is bgsim.widgets.StepperWidget.") is True


def test_fenced_code_in_the_text_is_left_out():
    text = "Before.\n```python\nimport bgsim\n```\nAfter `bgsim.rules_reference(\"R11\")`.\nEnd."
    assert handouts.paper_markdown(text) == "Before.\nEnd."


def test_a_bare_repr_is_dropped_and_pictures_and_prints_stay():
    import nbformat

    outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": "<bgsim.game.Game object>"},
                                      execution_count=1),
               nbformat.v4.new_output("display_data", data={"text/plain": "SvgBoard", "image/svg+xml": "<svg/>"}),
               nbformat.v4.new_output("stream", name="stdout", text="13/10: both dice must be played (R10)\n"),
               nbformat.v4.new_output("stream", name="stderr", text="a warning\n")]
    kept = handouts.paper_outputs(outputs)
    assert [o.get("data", {}).keys() or o["name"] for o in kept] == [{"image/svg+xml": 0}.keys(), "stdout"]


# --- a whole handout, in each language (about 15 s) -------------------------------------------------

@pytest.fixture(scope="module")
def lesson03(tmp_path_factory):
    """Lesson 03's handouts and answer sheets in English and Czech, and the questions each asked."""
    if handouts.chromium_path() is None:
        pytest.skip("no Chromium on this machine (apt-get install chromium)")
    out = tmp_path_factory.mktemp("handouts")
    made = {}
    with handouts.Printer() as printer:
        for language in ("en", "cs"):
            sheet, answers, kept = handouts.handout("03-forced-play", language, out, printer)
            made[language] = (sheet, answers, kept)
    return made


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "cs"])
def test_a_handout_has_pages_its_questions_and_no_code(lesson03, language):
    sheet, _answers, kept = lesson03[language]
    assert sheet.name == "03-forced-play.pdf" and sheet.parent.name == language
    pages, text = pdf_text(sheet)
    assert 3 <= pages <= 30, pages
    assert not CODE.findall(text), CODE.findall(text)
    questions = kept["questions"]
    # the lesson's four quizzes (R10, R11, R11-R12, R12) and the drill's four tasks
    assert len(questions) == 8
    for q in questions:
        assert plain(q["question"])[:40] in text, q["question"]
    assert text.count(kept["labels"]["answer"]) >= len(questions)   # a line to write on for each
    # the boards are drawn: the point numbers of each board, and no answer is given away
    assert text.count("13 14 15 16 17 18 19 20 21 22 23 24") >= 8
    assert "20/15 11/5" not in text and "Show answers" not in text.replace("Show answers:", "")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_answer_sheet_answers_every_question(lesson03, language):
    _sheet, answers, kept = lesson03[language]
    pages, text = pdf_text(answers)
    assert pages >= 1 and not CODE.findall(text), CODE.findall(text)
    for q in kept["questions"]:
        assert plain(q["question"])[:40] in text and plain(q["answer"])[:30] in text, q
    # the puzzles' answers, checked by the lesson's own quizzes (R10, R11, R12)
    assert ["20/15 11/5", "20/14", "20/15"] == [q["answer"] for q in kept["questions"][:3]]


def test_the_czech_handout_speaks_czech(lesson03):
    _sheet, _answers, kept = lesson03["cs"]
    assert kept["labels"]["answer"] == "Odpověď:"
    _pages, text = pdf_text(lesson03["cs"][0])
    assert "Povinné tahy" in text and "Forced play" not in text and "Answer:" not in text
    assert "English edition" not in text and "00.*" not in text   # the link to the English edition is left out whole
    _pages, text = pdf_text(lesson03["cs"][1])
    assert "Odpovědi" in text and "Answers" not in text


def test_the_printer_works_where_an_asyncio_loop_runs():
    """Playwright's sync API refuses a thread with a running asyncio loop (a kernel, or a test
    session whose browser tests ran first: the full suite failed so); the printer has its own."""
    import asyncio

    async def inside_a_loop() -> bytes:
        with handouts.Printer() as printer:
            return printer.pdf("<html><body><p>Light to play</p></body></html>")

    import threading

    printed: list[bytes] = []
    # a thread of its own: the test session may hold a running loop in this one already
    runner = threading.Thread(target=lambda: printed.append(asyncio.run(inside_a_loop())))
    runner.start()
    runner.join(timeout=300)
    assert printed and printed[0].startswith(b"%PDF")
