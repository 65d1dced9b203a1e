"""The class's results (issue 32, item 8): first tries stored by name in SQLite on the class's server.

Off unless the server turns it on; off on Binder; 30 students (processes) answering at once each
have every first try stored exactly once; a kernel killed after answering loses nothing, and one
killed while writing blocks nobody.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bgsim.teach import classresults
from bgsim.teach.classresults import ClassResults, ClassResultsError, student_name

STUDENTS = 30
QUESTIONS = 6


@pytest.fixture
def class_on(tmp_path, monkeypatch) -> Path:
    """The class's results on, in a database of this test's own."""
    path = tmp_path / "data" / "class-results.sqlite3"
    monkeypatch.setenv("BGSIM_CLASS_RESULTS", "1")
    monkeypatch.setenv("BGSIM_CLASS_RESULTS_DB", str(path))
    for key in [k for k in os.environ if k.startswith("BINDER_")]:
        monkeypatch.delenv(key)
    return path


# ----------------------------------------------------------------------------- on and off
def test_off_by_default_and_on_binder(monkeypatch, tmp_path):
    monkeypatch.delenv("BGSIM_CLASS_RESULTS", raising=False)
    assert not classresults.enabled() and "CLASS_RESULTS=1" in classresults.off_reason()
    assert not classresults.record_answer("03", "q", "Ana", True)           # nothing stored, nothing opened
    monkeypatch.setenv("BGSIM_CLASS_RESULTS", "1")
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    assert not classresults.enabled() and "Binder" in classresults.off_reason()


def test_the_database_lives_under_the_servers_data_directory(monkeypatch, tmp_path):
    monkeypatch.delenv("BGSIM_CLASS_RESULTS_DB", raising=False)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter-data"))
    assert classresults.database_path() == tmp_path / "jupyter-data" / "bgsim" / "class-results.sqlite3"


@pytest.mark.parametrize(("name", "why"), [("", "type your name first"), ("   ", "type your name first"),
                                           ("x" * 41, "at most 40"), ("Ana\x00", "letters, digits"),
                                           (7, "a name is text")])
def test_bad_names_are_refused_with_a_sentence(name, why, tmp_path):
    with pytest.raises(ClassResultsError, match=why):
        student_name(name)
    with pytest.raises(ValueError, match=why):
        ClassResults(tmp_path / "c.sqlite3").record("03", "q", name, True)


def test_a_database_that_cannot_be_made_is_a_clear_error(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(ClassResultsError, match="cannot be stored in"):
        ClassResults(tmp_path / "file" / "c.sqlite3")


def test_first_try_only_and_the_summary(tmp_path):
    db = ClassResults(tmp_path / "c.sqlite3")
    assert db.record("03", "Q1", "Ana", False, "13/8")
    assert not db.record("03", "Q1", "Ana", True, "13/7")               # her second try: not stored
    assert db.record("03", "Q1", " Ben ", True)
    assert not db.record("03", "Q1", "Ben", False)                        # the same name, trimmed
    assert db.record("03", "Q2", "Ana", True) and db.record("04", "Q1", "Ana", True)
    summary = {(r.lesson, r.question): (r.answered, r.right_first) for r in db.summary()}
    assert summary == {("03", "Q1"): (2, 1), ("03", "Q2"): (1, 1), ("04", "Q1"): (1, 1)}
    assert [r.question for r in db.summary("03")] == ["Q1", "Q2"]
    assert db.clear("04") == 1 and len(db.answers()) == 3
    with sqlite3.connect(db.path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


# ----------------------------------------------------------------------------- 30 students at once
def _student(path: str, student: int, start, out) -> None:
    """One student: waits for the others, then answers every question twice (only the first counts)."""
    db = ClassResults(path)
    start.wait()
    stored = []
    for q in range(QUESTIONS):
        first_right = (student + q) % 3 == 0
        stored.append(db.record("03-forced-play", f"Task {q + 1}", f"student {student:02d}", first_right, "first"))
        stored.append(db.record("03-forced-play", f"Task {q + 1}", f"student {student:02d}", not first_right,
                                "second"))
    out.put((student, stored))


def test_thirty_students_answering_at_once_each_answer_stored_once(tmp_path):
    path = str(tmp_path / "class.sqlite3")
    ClassResults(path)                                   # made once, as the teacher's page does
    ctx = mp.get_context("fork")
    start, out = ctx.Barrier(STUDENTS), ctx.Queue()
    procs = [ctx.Process(target=_student, args=(path, s, start, out)) for s in range(STUDENTS)]
    for p in procs:
        p.start()
    results = dict(out.get(timeout=240) for _ in procs)
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    for student, stored in results.items():              # each first try stored, each second refused
        assert stored == [True, False] * QUESTIONS, (student, stored)
    rows = ClassResults(path).answers()
    assert len(rows) == STUDENTS * QUESTIONS
    assert len({(q, s) for _l, q, s, _r in rows}) == STUDENTS * QUESTIONS
    for _lesson, question, student, right in rows:
        s, q = int(student.split()[1]), int(question.split()[1]) - 1
        assert right == ((s + q) % 3 == 0), (student, question)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT COUNT(*) FROM answers WHERE answer = 'second'").fetchone()[0] == 0
    summary = ClassResults(path).summary()
    assert [r.answered for r in summary] == [STUDENTS] * QUESTIONS
    assert [r.right_first for r in summary] == [sum((s + q) % 3 == 0 for s in range(STUDENTS))
                                                for q in range(QUESTIONS)]


# ----------------------------------------------------------------------------- kernels that die
def _python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60)


def test_a_kernel_killed_after_answering_loses_nothing(tmp_path):
    path = tmp_path / "class.sqlite3"
    done = _python(f"""
        import os, signal
        from bgsim.teach.classresults import ClassResults
        ClassResults({str(path)!r}).record("03", "Task 1", "Ana", True)
        os.kill(os.getpid(), signal.SIGKILL)                # the kernel dies at once: no clean exit
    """)
    assert done.returncode == -signal.SIGKILL
    assert ClassResults(path).answers() == [("03", "Task 1", "Ana", True)]


def test_a_kernel_killed_while_writing_blocks_nobody(tmp_path):
    path = tmp_path / "class.sqlite3"
    ClassResults(path)
    done = _python(f"""
        import os, signal, sqlite3
        db = sqlite3.connect({str(path)!r}, isolation_level=None)
        db.execute("BEGIN IMMEDIATE")                       # holds the write lock ...
        db.execute("INSERT INTO answers VALUES ('03', 'Task 1', 'Ben', 1, '', 0)")
        os.kill(os.getpid(), signal.SIGKILL)                # ... and dies before committing
    """)
    assert done.returncode == -signal.SIGKILL
    db = ClassResults(path, timeout=5)
    assert db.record("03", "Task 1", "Ana", False)         # the lock went with the process
    assert db.answers() == [("03", "Task 1", "Ana", False)]  # the half-written answer is not there


# ----------------------------------------------------------------------------- the widgets
def test_quiz_and_drill_report_first_tries_by_name(class_on):
    pytest.importorskip("ipywidgets")
    from bgsim.teach.quiz import Quiz
    from bgsim.widgets import DrillWidget, QuizWidget

    quiz = QuizWidget(Quiz.choice("How many checkers does each side have?", ["12", "15"], "15", "R2"))
    assert quiz.reporter is not None and quiz.reporter in quiz.children
    quiz.reporter.address.path = "/voila/render/lessons/01-board.ipynb"
    quiz.field.value = "12"
    quiz.check()                                          # no name yet: kept, and the student is asked
    assert "type your name first" in quiz.reporter.status.value
    assert not ClassResults(class_on).answers()
    quiz.reporter.name.value = "Ana"                       # the name: the kept first try is stored
    assert ClassResults(class_on).answers() == [("01-board", "How many checkers does each side have?", "Ana", False)]
    quiz.field.value = "15"
    quiz.check()                                          # a later try: not stored
    assert len(ClassResults(class_on).answers()) == 1 and "stored for the class" in quiz.reporter.status.value

    drill = DrillWidget(["only-play"], per_kind=1, rng=5)
    assert drill.reporter is not None and drill.reporter.name is quiz.reporter.name     # typed once a page
    drill.reporter.address.path = "/voila/render/lessons/03-forced-play.ipynb"
    mine = drill.task.position.mine
    empty = next(p for p in range(1, 25) if not mine[p] and not drill.task.position.theirs[25 - p])
    drill.stepper.click(empty)                                                          # a refused click: wrong
    drill.stepper.click(empty)
    rows = [r for r in ClassResults(class_on).answers() if r[0] == "03-forced-play"]
    assert len(rows) == 1 and rows[0][1].startswith("Task 1 of 1: ") and rows[0][2:] == ("Ana", False), rows


def test_widgets_store_nothing_when_off(monkeypatch):
    pytest.importorskip("ipywidgets")
    monkeypatch.delenv("BGSIM_CLASS_RESULTS", raising=False)
    from bgsim.teach.quiz import Quiz
    from bgsim.widgets import DrillWidget, QuizWidget

    quiz = QuizWidget(Quiz.choice("Q?", ["a", "b"], "a", "why"))
    assert quiz.reporter is None and repr(quiz).startswith("VBox(children=")
    assert DrillWidget(["only-play"], per_kind=1, rng=5).reporter is None


def test_the_teachers_board_shows_each_question(class_on):
    pytest.importorskip("ipywidgets")
    from bgsim.widgets import ClassResultsBoard

    board = ClassResultsBoard()
    assert "no answers yet" in board.table.html
    db = ClassResults(class_on)
    for name, right in (("Ana", True), ("Ben", False), ("Cyril", True)):
        db.record("03-forced-play", "Task 1 of 4: Roll 6-5.", name, right)
    board.table._handle_custom_msg({"type": "refresh"}, [])          # what the open page asks every 2 s
    assert "2 of 3 (67%)" in board.table.html and "3 students have answered" in board.title.value


def test_the_teachers_board_names_the_rules_its_questions_cover(class_on):
    """The page names the rule ids of the lessons its answered questions come from (the plan in
    bgsim.teach.rulebook.LESSONS: lesson 01 R1-R4, R4a, P1, P2; lesson 04 R8, R13-R15), through the
    catalogue; with no such question it shows no rules line at all (never "Rules: none")."""
    pytest.importorskip("ipywidgets")
    from bgsim.engine.i18n import language
    from bgsim.teach.rulebook import parse_ids, rules_reference
    from bgsim.widgets import ClassResultsBoard

    said = "Rules of the lessons these questions come from:"
    board = ClassResultsBoard()
    assert board.rules == "" and "Rules" not in board.table.html           # no answers yet
    db = ClassResults(class_on)
    db.record("sandbox", "Roll 6-5. Find the only legal play.", "Ana", True)
    board.refresh()
    assert board.rules == "" and "Rules" not in board.table.html           # the sandbox is no lesson
    db.record("01-board", "In the opening roll Light throws a 2 and Dark a 5. What happens?", "Ana", True)
    db.record("cs/04-bar", "Kam smí vstoupit kámen z baru?", "Ben", False)
    board.refresh()
    assert board.rules == "R1-R4, R4a, R8, R13-R15, P1, P2"
    assert f"{said} R1-R4, R4a, R8, R13-R15, P1, P2" in board.table.html
    assert set(parse_ids(board.rules)) <= set(rules_reference().ids)
    assert board.table.html.index(said) < board.table.html.index("<table")   # above the table
    assert "none" not in board.table.html
    with language("cs"):
        board.refresh()
    assert "Pravidla lekcí, ze kterých tyto otázky jsou: R1-R4, R4a, R8, R13-R15, P1, P2" in board.table.html
    assert ClassResultsBoard(lesson="01-board").rules == "R1-R4, R4a, P1, P2"   # one lesson's page


def test_the_teachers_board_says_why_it_is_off(monkeypatch):
    pytest.importorskip("ipywidgets")
    monkeypatch.delenv("BGSIM_CLASS_RESULTS", raising=False)
    from bgsim.widgets import ClassResultsBoard

    assert "CLASS_RESULTS=1" in ClassResultsBoard().title.value
