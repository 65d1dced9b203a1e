"""The class's results in the widgets: the "Your name" box of quizzes and drills, and the teacher's board.

Only when the server has the class's results on (:mod:`bgsim.teach.classresults`): otherwise a quiz or
a drill shows no name box and stores nothing.
"""

from __future__ import annotations

import html
import os
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from ..engine.i18n import _, ngettext
from ..teach import classresults
from ..teach.classresults import ClassResults, ClassResultsError, QuestionResult
from ..teach.rulebook import join_ids, page_rules
from ._link import PageAddress
from ._page import PageKit, Presentable

__all__ = ["AnswerReporter", "ClassResultsBoard", "reporter_for"]

_name_box: w.Text | None = None


def shared_name_box() -> w.Text:
    """The one "Your name" box of this kernel (page): shown by every quiz and drill, typed in once."""
    global _name_box
    if _name_box is None:
        _name_box = w.Text(description=_("Your name"), placeholder=_("type your name for the class's results"),
                           style={"description_width": "initial"}, layout=w.Layout(width="24em", max_width="100%"))
        _name_box.add_class("bgsim-student-name")
    return _name_box


class AnswerReporter(w.HBox):
    """Stores a student's first try at each question of a quiz or drill (the class's results).

    A student who answers before typing a name has that first try kept and stored once the
    name is typed. The page's name (the lesson) comes from the browser (:class:`PageAddress`),
    or from the Voila request the kernel was started for.
    """

    def __init__(self) -> None:
        self.name = shared_name_box()
        self.status = w.HTML()
        self.status.add_class("bgsim-class-status")
        self.address = PageAddress()
        self._pending: dict[str, tuple[bool, str]] = {}
        self._done: set[str] = set()
        self.name.observe(lambda _c: self._flush(), names="value")
        super().__init__([self.name, self.status, self.address], layout=w.Layout(flex_flow="row wrap"))
        self.add_class("bgsim-class-results")

    @property
    def lesson(self) -> str:
        """The page's name (``03-forced-play``), from its address."""
        return classresults.page_name(self.address.path or os.environ.get("SCRIPT_NAME", ""))

    def report(self, question: str, right: bool, answer: Any = "") -> None:
        """A try at ``question``: stored if it is the student's first (said in the status line)."""
        if question in self._done or question in self._pending:
            return
        self._pending[question] = (bool(right), str(answer))
        self._flush()

    def _flush(self) -> None:
        if not self._pending:
            return
        try:
            student = classresults.student_name(self.name.value)
        except ClassResultsError as e:
            self._say(str(e), "error")
            return
        try:
            for question, (right, answer) in list(self._pending.items()):
                classresults.record_answer(self.lesson, question, student, right, answer)
                self._done.add(question)
                del self._pending[question]
        except ClassResultsError as e:
            self._say(str(e), "error")
            return
        self._say(_("stored for the class: your first try, as {name}").format(name=student), "ok")

    def _say(self, text: str, kind: str) -> None:
        self.status.value = f'<span class="bgsim-{kind}">{html.escape(text)}</span>'


def reporter_for() -> AnswerReporter | None:
    """A reporter for a quiz or drill when the class's results are on; None when off."""
    return AnswerReporter() if classresults.enabled() else None


_BOARD_JS = """
function render({ model, el }) {
  el.classList.add("bgsim-class-board");
  const holder = document.createElement("div");
  el.appendChild(holder);
  const draw = () => { holder.innerHTML = model.get("html"); };
  draw();
  model.on("change:html", draw);
  const ask = () => model.send({ type: "refresh" });
  const every = Math.max(1, model.get("every")) * 1000;
  const timer = setInterval(ask, every);
  ask();
  return () => { clearInterval(timer); model.off("change:html", draw); };
}
export default { render };
"""


class _Table(anywidget.AnyWidget):
    """The results' table; the browser asks for it again every ``every`` seconds while it is shown."""

    _esm = _BOARD_JS
    html = traitlets.Unicode("").tag(sync=True)
    every = traitlets.Float(2.0).tag(sync=True)


def covered_rules(rows: list[QuestionResult]) -> str:
    """The rule ids of the lessons the answered questions come from (their plan in
    :data:`bgsim.teach.rulebook.LESSONS`), as one list: ``"R10-R12"`` for lesson 03's questions
    (forced play, R10-R12); empty when none of them comes from a lesson that teaches a rule.

    >>> covered_rules([QuestionResult("03-forced-play", "Task 1", 1, 1), QuestionResult("cs/04-bar", "Q", 2, 1)])
    'R8, R10-R15'
    >>> covered_rules([QuestionResult("sandbox", "Puzzle", 1, 0)])
    ''
    """
    return join_ids(i for r in rows for i in page_rules(r.lesson))


class ClassResultsBoard(Presentable, w.VBox):
    """The teacher's page: per question, how many students answered and how many got it right at the first try.

    Refreshed every ``every`` seconds while the page is open (the page asks; nothing runs when
    it is closed). ``lesson`` shows one lesson only. With the class's results off it says so,
    and why (:func:`bgsim.teach.classresults.off_reason`). Above the table, the rule ids of the
    lessons the answered questions come from (:attr:`rules`; no such line while there are none).

    >>> import tempfile, pathlib
    >>> db = ClassResults(pathlib.Path(tempfile.mkdtemp()) / "c.sqlite3")
    >>> _ = db.record("03-forced-play", "Task 1 of 4: Roll 6-5.", "Ana", True)
    >>> board = ClassResultsBoard(db); board.refresh(); "1 of 1" in board.table.html
    True
    >>> board.rules
    'R10-R12'
    """

    def __init__(self, database: ClassResults | None = None, *, lesson: str | None = None, every: float = 2.0,
                 present: bool = False) -> None:
        self._database = database
        self.lesson = lesson
        #: The rule ids the answered questions' lessons teach (``"R10-R12"``), as shown; "" for none.
        self.rules = ""
        self.title = w.HTML()
        self.title.add_class("bgsim-class-title")
        self.table = _Table(every=every)
        self.table.on_msg(lambda _w, content, _b: self.refresh() if isinstance(content, dict)
                          and content.get("type") == "refresh" else None)
        super().__init__([self.title, self.table, PageKit()])
        self.add_class("bgsim-class-board")
        self.add_class("bgsim-widget")
        self.present = present
        self.refresh()

    def _db(self) -> ClassResults | None:
        if self._database is not None:
            return self._database
        if not classresults.enabled():
            return None
        return classresults.database()

    def refresh(self) -> None:
        """Read the database again and show it."""
        db = self._db()
        if db is None:
            self.title.value = "<b>" + html.escape(classresults.off_reason() or "") + "</b>"
            self.table.html = self.rules = ""
            return
        try:
            rows = db.summary(self.lesson)
            students = len({a[2] for a in db.answers() if self.lesson is None or a[0] == self.lesson})
        except Exception as e:        # a database another process is writing: say it, try again later
            self.title.value = html.escape(str(e))
            return
        self.title.value = "<b>" + ngettext("{n} student has answered", "{n} students have answered",
                                            students).format(n=students) + "</b>"
        if not rows:
            self.rules = ""
            self.table.html = "<p>" + html.escape(_("no answers yet: they appear here as the students answer")) + \
                "</p>"
            return
        self.rules = covered_rules(rows)
        # TRANSLATORS: {rules} is a list of rule ids such as "R1-R4, R4a, R10-R12", kept as they are.
        said = _("Rules of the lessons these questions come from: {rules}").format(rules=self.rules)
        rules_line = f"<p class='bgsim-class-rules'>{html.escape(said)}</p>" if self.rules else ""
        head = (f"<tr><th>{html.escape(_('page'))}</th><th>{html.escape(_('question'))}</th>"
                f"<th>{html.escape(_('right at the first try'))}</th><th></th></tr>")
        body = []
        for r in rows:
            bar = f'<span class="bgsim-class-bar" style="width:{100 * r.share:.0f}%"></span>'
            body.append(f"<tr><td class='bgsim-class-page'>{html.escape(r.lesson)}</td>"
                        f"<td>{html.escape(r.question)}</td><td class='bgsim-class-count'>"
                        + html.escape(_("{right} of {n}").format(right=r.right_first, n=r.answered))
                        + f" ({r.share:.0%})</td><td class='bgsim-class-share'>{bar}</td></tr>")
        self.table.html = f'{rules_line}<table class="bgsim-table bgsim-class-table">{head}{"".join(body)}</table>'
