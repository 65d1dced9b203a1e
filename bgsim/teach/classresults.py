"""The class's results: each student's first try at the lessons' quizzes and drills, on the class's server.

When a class works on one shared server (the teacher's ``make teach CLASS_RESULTS=1`` on the
school network, or a JupyterHub the school runs), every quiz and drill shows a small "Your name"
box; a student types a name once per page, and the first try at each question is stored under
that name in a small SQLite database on that server. The teacher's page
(``lessons/class-results.ipynb``: :class:`ClassResultsBoard`) shows, question by question, how
many answered and how many got it right at the first try, refreshed while it is open.

- **Off by default.** It is on only when the server's environment says so:
  ``BGSIM_CLASS_RESULTS=1`` (``make teach CLASS_RESULTS=1`` sets it). On Binder it stays off
  whatever is set (a Binder server is one learner's, and public).
- **Nothing leaves the server**: the answers go into one file under the server's Jupyter data
  directory (``jupyter --data-dir``, then ``bgsim/class-results.sqlite3``; or the file named by
  ``BGSIM_CLASS_RESULTS_DB``). Nothing is sent anywhere else.
- **One writer at a time, nothing lost**: the database runs in SQLite's write-ahead-log mode
  with full syncing; each answer is one transaction (``BEGIN IMMEDIATE``, so writers queue
  rather than fail), committed before the student sees the feedback, so a kernel that dies
  afterwards loses nothing. A student's first answer to a question is stored once: later
  tries are not stored (a unique key on lesson, question and student).

>>> import tempfile, pathlib
>>> db = ClassResults(pathlib.Path(tempfile.mkdtemp()) / "class.sqlite3")
>>> db.record("03-forced-play", "Which play?", "Ana", True, "13/7")      # her first try: stored
True
>>> db.record("03-forced-play", "Which play?", "Ana", False)             # a later try: not
False
>>> db.record("03-forced-play", "Which play?", "Ben", False, "13/8")
True
>>> [(q.question, q.answered, q.right_first) for q in db.summary()]
[('Which play?', 2, 1)]
"""

from __future__ import annotations

import os
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import ClassResultsError
from ..engine.i18n import _

__all__ = ["ClassResults", "ClassResultsError", "QuestionResult", "database_path", "enabled", "off_reason",
           "page_name", "record_answer", "student_name"]

ENV_ON = "BGSIM_CLASS_RESULTS"
ENV_DB = "BGSIM_CLASS_RESULTS_DB"
MAX_NAME = 40
_TRUE = {"1", "true", "yes", "on"}

_SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    lesson   TEXT NOT NULL,
    question TEXT NOT NULL,
    student  TEXT NOT NULL,
    right    INTEGER NOT NULL CHECK (right IN (0, 1)),
    answer   TEXT NOT NULL DEFAULT '',
    at       REAL NOT NULL,
    PRIMARY KEY (lesson, question, student)
);
"""


def on_binder(environ: Mapping[str, str] | None = None) -> bool:
    """True on a Binder server (mybinder.org sets ``BINDER_*`` variables in every session).

    >>> on_binder({"BINDER_LAUNCH_HOST": "https://mybinder.org/"}), on_binder({})
    (True, False)
    """
    env: Mapping[str, str] = os.environ if environ is None else environ
    return any(key.startswith("BINDER_") for key in env)


def off_reason(environ: Mapping[str, str] | None = None) -> str | None:
    """Why the class's results are off (a sentence), or None when they are on.

    >>> off_reason({}) is not None, off_reason({"BGSIM_CLASS_RESULTS": "1"})
    (True, None)
    >>> off_reason({"BGSIM_CLASS_RESULTS": "1", "BINDER_REQUEST": "v2/gh/x"})
    "the class's results stay off on Binder (a Binder server is one learner's)"
    """
    env: Mapping[str, str] = os.environ if environ is None else environ
    if env.get(ENV_ON, "").strip().lower() not in _TRUE:
        return _("the class's results are off (the server turns them on: make teach CLASS_RESULTS=1)")
    if on_binder(env):
        return _("the class's results stay off on Binder (a Binder server is one learner's)")
    return None


def enabled(environ: Mapping[str, str] | None = None) -> bool:
    """True when answers are stored on this server (see :func:`off_reason`)."""
    return off_reason(environ) is None


def database_path(environ: Mapping[str, str] | None = None) -> Path:
    """The database file: ``BGSIM_CLASS_RESULTS_DB``, else ``bgsim/class-results.sqlite3`` under Jupyter's
    data directory (``jupyter --data-dir``).

    >>> database_path({"BGSIM_CLASS_RESULTS_DB": "/srv/class.db"})
    PosixPath('/srv/class.db')
    """
    env: Mapping[str, str] = os.environ if environ is None else environ
    if env.get(ENV_DB):
        return Path(env[ENV_DB])
    from jupyter_core.paths import jupyter_data_dir

    return Path(jupyter_data_dir()) / "bgsim" / "class-results.sqlite3"


def student_name(text: Any) -> str:
    """A student's name as stored: spaces trimmed and squeezed, 1-40 printable characters.

    Raises
    ------
    ClassResultsError
        No name, a name too long, or one with control characters.

    >>> student_name("  Ana   Nováková ")
    'Ana Nováková'
    >>> student_name("")
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.ClassResultsError: type your name first: your answers are stored under it
    """
    if not isinstance(text, str):
        raise ClassResultsError(f"a name is text, not {type(text).__name__}")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        raise ClassResultsError(_("type your name first: your answers are stored under it"))
    if len(name) > MAX_NAME:
        raise ClassResultsError(_("a name of at most {n} characters, please").format(n=MAX_NAME))
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise ClassResultsError(_("a name of letters, digits and spaces, please"))
    return name


def page_name(path: str) -> str:
    """A page's name from its address or file path: ``/voila/render/lessons/cs/04-bar.ipynb`` -> ``cs/04-bar``.

    >>> page_name("/voila/render/lessons/03-forced-play.ipynb"), page_name("/lab/tree/lessons/cs/04-bar.ipynb")
    ('03-forced-play', 'cs/04-bar')
    """
    parts = [p for p in str(path).split("?")[0].split("/") if p]
    if not parts:
        return ""
    name = parts[-1].removesuffix(".ipynb")
    return f"{parts[-2]}/{name}" if len(parts) > 1 and parts[-2] in ("cs",) else name


@dataclass(frozen=True)
class QuestionResult:
    """One question's results: how many students answered it, and how many right at the first try."""

    lesson: str
    question: str
    answered: int
    right_first: int

    @property
    def share(self) -> float:
        """The share right at the first try (0 when nobody answered)."""
        return self.right_first / self.answered if self.answered else 0.0


class ClassResults:
    """The database of first tries (one SQLite file; see the module's description).

    Every call opens its own connection (a kernel may run widgets' callbacks on several
    threads; processes share the file through SQLite's locks).
    """

    def __init__(self, path: str | Path | None = None, *, timeout: float = 30.0) -> None:
        self.path = Path(path) if path is not None else database_path()
        self.timeout = float(timeout)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect() as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.executescript(_SCHEMA)
        except (OSError, sqlite3.Error) as e:
            raise ClassResultsError(_("the class's results cannot be stored in {path}: {why}").format(
                path=self.path, why=e)) from None

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        try:
            db.execute("PRAGMA synchronous=FULL")
            db.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
            yield db
        finally:
            db.close()

    def record(self, lesson: str, question: str, student: str, right: bool, answer: str = "") -> bool:
        """Store a student's try at a question if it is the first; True if it was (and is now stored).

        Raises
        ------
        ClassResultsError
            A bad name (:func:`student_name`), or the database stays locked or broken.
        """
        name = student_name(student)
        row = (str(lesson)[:200], str(question)[:500], name, 1 if right else 0, str(answer)[:500], time.time())
        for attempt in range(5):
            try:
                with self._connect() as db:
                    db.execute("BEGIN IMMEDIATE")        # one writer at a time: the others wait their turn
                    try:
                        cur = db.execute("INSERT OR IGNORE INTO answers (lesson, question, student, right, answer, "
                                         "at) VALUES (?, ?, ?, ?, ?, ?)", row)
                        db.execute("COMMIT")
                    except BaseException:
                        db.execute("ROLLBACK")
                        raise
                    return cur.rowcount == 1
            except sqlite3.OperationalError as e:
                if ("locked" not in str(e) and "busy" not in str(e)) or attempt == 4:
                    raise ClassResultsError(_("the class's results cannot be stored in {path}: {why}").format(
                        path=self.path, why=e)) from None
                time.sleep(0.05 * (attempt + 1))
        return False   # pragma: no cover - the loop returns or raises

    def summary(self, lesson: str | None = None) -> list[QuestionResult]:
        """Per question (of ``lesson``, or of every lesson): students who answered, and right at the first try.

        In the order the questions were first answered, lesson by lesson.
        """
        sql = ("SELECT lesson, question, COUNT(*), SUM(right), MIN(at) FROM answers "
               + ("WHERE lesson = ? " if lesson is not None else "")
               + "GROUP BY lesson, question ORDER BY lesson, MIN(at)")
        with self._connect() as db:
            rows = db.execute(sql, () if lesson is None else (lesson,)).fetchall()
        return [QuestionResult(r[0], r[1], int(r[2]), int(r[3] or 0)) for r in rows]

    def answers(self) -> list[tuple[str, str, str, bool]]:
        """Every stored first try: (lesson, question, student, right)."""
        with self._connect() as db:
            rows = db.execute("SELECT lesson, question, student, right FROM answers ORDER BY at").fetchall()
        return [(r[0], r[1], r[2], bool(r[3])) for r in rows]

    def clear(self, lesson: str | None = None) -> int:
        """Forget the stored answers (of ``lesson``, or all: between two classes); returns how many."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            cur = db.execute("DELETE FROM answers" + (" WHERE lesson = ?" if lesson is not None else ""),
                             () if lesson is None else (lesson,))
            db.execute("COMMIT")
        return int(cur.rowcount)


# ----------------------------------------------------------------------------- a kernel's side
_database: ClassResults | None = None
_listeners: list[Callable[[], None]] = []


def database() -> ClassResults:
    """This server's database (opened once per kernel)."""
    global _database
    if _database is None or _database.path != database_path():
        _database = ClassResults()
    return _database


def record_answer(lesson: str, question: str, student: str, right: bool, answer: str = "") -> bool:
    """Store a first try in this server's database when the class's results are on; False when off."""
    if not enabled():
        return False
    stored = database().record(lesson, question, student, right, answer)
    for listener in list(_listeners):
        listener()
    return stored
