"""Widgets on paper: what a lesson's live widgets become in a printed handout.

A handout (``make handouts``, ``lessons/tools/handouts.py``) is a lesson run once more with
:func:`paper_mode` switched on in its kernel. From then on every widget the lesson shows is
drawn as static HTML instead of a live view, and every question it asks is written down:

- a quiz (:class:`QuizWidget`) becomes its question, its choices as boxes to tick (or the
  board whose point is the answer) and an empty line to write the answer on;
- a drill (:class:`DrillWidget`) becomes each of its tasks: the board with the roll, the task
  and a line for the answer;
- a board, a turn stepper, a replay ... becomes the picture of its board as it stands (a
  puzzle's answers stay hidden, as on screen);
- a box of widgets becomes what its parts become; a button, a slider, a text box or a closed
  answer box (an accordion) becomes nothing: a page has no buttons, and an answer stays off
  the handout.

Each question is also kept, with its answer and the reason, in :func:`paper_questions`: the
teacher's answer sheet is made from that list. The words ("Answer:", "Task 2 of 4") come from
bgsim's message catalogue, in the language the lesson switched bgsim to.

>>> from bgsim import Position
>>> from bgsim.teach.quiz import Quiz
>>> from bgsim.widgets import QuizWidget, StepperWidget
>>> q = Quiz.choice("How many checkers does each side have?", [13, 15], answer=15, why="Count them.")
>>> page = on_paper(QuizWidget(q))
>>> "How many checkers" in page and "bgsim-paper-answer" in page and "Count them" not in page
True
>>> paper_questions()[-1].answer, paper_questions()[-1].why
('15', 'Count them.')
>>> "<svg" in on_paper(StepperWidget(Position.initial(), dice=(3, 1)))
True
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ..draw import svg
from ..engine.i18n import _
from ..teach.drills import DECISION_KINDS, KINDS, Task, choice_label
from ..teach.quiz import Quiz
from ._board import BoardView, BoardWidget
from ._drill import DrillWidget
from ._quiz import QuizWidget

__all__ = ["PaperQuestion", "on_paper", "paper_labels", "paper_mode", "paper_questions"]


@dataclass(frozen=True)
class PaperQuestion:
    """A question as a handout asks it and the answer sheet answers it."""

    #: The question, as the lesson words it (plain text or simple HTML).
    question: str
    #: The answer: the right choice, number, point or play(s).
    answer: str
    #: What the lesson says when the answer is given (may be empty).
    why: str = ""


_questions: list[PaperQuestion] = []


def paper_questions() -> list[PaperQuestion]:
    """The questions drawn on paper so far in this kernel, in order (a copy)."""
    return list(_questions)


def paper_labels() -> dict[str, str]:
    """The words a handout adds around the lesson, in the language bgsim speaks now."""
    return {"answer": _("Answer:"), "name": _("Name:"), "date": _("Date:"),
            # TRANSLATORS: the title of a lesson's answer sheet for the teacher: "Answers: 03 Forced play"
            "answers": _("Answers")}


def _answer_line(label: str | None = None) -> str:
    return (f"<p class='bgsim-paper-answer'><b>{html.escape(label or _('Answer:'))}</b> "
            "<span class='bgsim-paper-line'></span></p>")


def _quiz_on_paper(quiz: Quiz) -> str:
    """A quiz: its question, the choices to tick or the board to mark, a line for the answer."""
    parts = [f"<div class='bgsim-paper-question'><p><b>{len(_questions) + 1}. {quiz.question}</b></p>"]
    if quiz.board is not None:
        position, perspective = quiz.board
        parts.append(str(svg.board(position, perspective=perspective, size=420)))
    if quiz.choices:
        parts.append("<ul class='bgsim-paper-choices'>"
                     + "".join(f"<li>&#9744; {html.escape(str(c))}</li>" for c in quiz.choices) + "</ul>")
    parts.append(_answer_line() + "</div>")
    answer = ", ".join(quiz.answers)
    given = [c for c in quiz.choices or () if str(c) in quiz.answers] or list(quiz.answers)
    right, why = quiz.check(given[0]) if given else (False, "")
    why = why.removeprefix(_("Right! ")) if right else ""
    _questions.append(PaperQuestion(quiz.question, answer, why))
    return "".join(parts)


def _task_on_paper(task: Task, n: int, total: int) -> str:
    """One drill task: its board and roll, what to do, the choices, a line for the answer."""
    what = KINDS.get(task.kind) or DECISION_KINDS[task.kind]
    title = _("Task {n} of {total}").format(n=n, total=total) + f" &middot; {html.escape(_(what))}"
    who = ("" if task.dice is None else _(" You move the light checkers, at the bottom.")
           if task.position.turn == 0 else _(" You move the dark checkers, at the bottom."))
    parts = [f"<div class='bgsim-paper-question'><p><b>{len(_questions) + 1}. {title}</b><br>"
             f"{task.prompt}{html.escape(who)}</p>",
             str(svg.board(task.position, perspective=task.position.turn, dice=task.dice, size=420))]
    if task.choices:
        parts.append("<ul class='bgsim-paper-choices'>"
                     + "".join(f"<li>&#9744; {html.escape(choice_label(c))}</li>" for c in task.choices) + "</ul>")
    parts.append(_answer_line() + "</div>")
    _questions.append(PaperQuestion(f"{title}: {task.prompt}", task.solution()))
    return "".join(parts)


def _board_picture(widget: Any) -> str:
    """The first board inside ``widget`` as it stands, or '' when it has none."""
    if isinstance(widget, BoardWidget):
        return str(svg.board(widget.position, perspective=widget.perspective,
                             **{**widget.drawing, "present": False}))
    if isinstance(widget, BoardView):
        return widget.svg
    for child in getattr(widget, "children", ()):
        picture = _board_picture(child)
        if picture:
            return picture
    return ""


def on_paper(widget: Any) -> str:
    """``widget`` as static HTML for a printed page (see the module's text); '' for a control."""
    if isinstance(widget, QuizWidget):
        return _quiz_on_paper(widget.quiz)
    if isinstance(widget, DrillWidget):
        tasks = widget.drill.tasks
        return "".join(_task_on_paper(task, n, len(tasks)) for n, task in enumerate(tasks, 1))
    if type(widget).__module__.startswith("bgsim.widgets"):
        picture = _board_picture(widget)        # a stepper, a replay, a score ...: its board
        return f"<div class='bgsim-paper-board'>{picture}</div>" if picture else ""
    if isinstance(widget, (w.HTML, w.HTMLMath)):
        return str(widget.value)
    if isinstance(widget, w.Label):
        return html.escape(str(widget.value))
    if isinstance(widget, (w.Accordion, w.Tab, w.Stack)):
        return ""                               # closed boxes: answers and extras stay off paper
    if isinstance(widget, w.Box):
        return "".join(on_paper(child) for child in widget.children if child.layout.display != "none")
    return ""


def _bundle(widget: Any) -> dict[str, str]:
    return {"text/html": on_paper(widget)}


def paper_mode() -> None:
    """Draw every widget shown from now on in this IPython kernel on paper (:func:`on_paper`)."""
    from IPython import get_ipython  # optional: only inside IPython

    shell = get_ipython()
    if shell is None:
        raise RuntimeError("paper_mode() works inside an IPython kernel only")
    shell.display_formatter.mimebundle_formatter.for_type(w.Widget, _bundle)
