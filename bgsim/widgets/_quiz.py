"""A quiz on the page: the question, the answer field, a Check button and the feedback."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w
from IPython import get_ipython
from IPython.utils.capture import capture_output

from ..engine.i18n import _
from ..teach.quiz import Quiz
from ._board import BoardWidget
from ._classresults import reporter_for
from ._page import PageKit, Presentable

__all__ = ["AfterTry", "QuizWidget", "after_try"]

_RIGHT, _WRONG = "#1a7f37", "#b42318"


class QuizWidget(Presentable, w.VBox):
    """A :class:`~bgsim.teach.quiz.Quiz` to answer: radio buttons for a choice (a text box for a
    number or a play, a board to click for a point), **Check**, and the quiz's own feedback
    in green or red.

    The feedback is :meth:`Quiz.check <bgsim.teach.quiz.Quiz.check>`'s, word for word, so what a
    learner reads is what the lesson's answer key asserts. A typed answer is checked as soon
    as it is entered, a clicked point as soon as it is clicked (the board marks it; a point
    quiz has no Check button). The outer box has the CSS class ``bgsim-quiz``, the feedback
    ``bgsim-feedback``. A quiz shown as the last line of a cell (or ``quiz.widget``) is one
    of these. It brings bgsim's stylesheet and the page's switches (a :class:`PageKit`), so
    a page of quizzes alone has the presentation mode too (``present=True`` for one quiz).

    Parameters
    ----------
    quiz : Quiz
        The question, its choices or placeholder, and its check.

    >>> from bgsim.teach.quiz import Quiz
    >>> q = Quiz.choice("Which point is the bar?", [0, 25], answer=25, why="The bar counts as point 25.")
    >>> box = QuizWidget(q)
    >>> box.field.value = 25
    >>> box.check_button.click()
    >>> box.feedback.value
    '<span style="color:#1a7f37;font-size:1.05em">Right! The bar counts as point 25.</span>'

    A point quiz is answered on its board:

    >>> from bgsim import Position
    >>> box = QuizWidget(Quiz.point("Click player 0's 6-point.", Position.initial(), 6, why="Bottom right."))
    >>> box.field.view.click("point", point=6)
    >>> box.check()
    (True, 'Right! Bottom right.')
    """

    def __init__(self, quiz: Quiz, *, present: bool = False) -> None:
        if not isinstance(quiz, Quiz):
            raise TypeError(f"quiz must be a bgsim.teach.quiz.Quiz, not {type(quiz).__name__}")
        self.quiz = quiz
        self.field: w.RadioButtons | w.Text | BoardWidget
        self._clicked: int | None = None
        if quiz.board is not None:
            position, perspective = quiz.board
            self.field = BoardWidget(position, perspective, size=560)
            self.field.ids.layout.display = "none"      # no IDs to copy in a question
            self.field.on_click(self._on_click)
        elif quiz.choices is not None:
            self.field = w.RadioButtons(options=quiz.choices, value=None, layout=w.Layout(width="auto"))
        else:
            self.field = w.Text(placeholder=quiz.placeholder, continuous_update=False)
        self.check_button = w.Button(description=_("Check"), button_style="primary", icon="check")
        #: "Show answer": the quiz's solution, for a learner who has tried enough (or gives up).
        self.show_button = w.Button(description=_("Show answer"), icon="eye")
        self.show_button.on_click(lambda _b: self.show_answer())
        if not quiz.solution:
            self.show_button.layout.display = "none"
        self.feedback = w.HTML()
        self.feedback.add_class("bgsim-feedback")
        self.check_button.on_click(lambda _b: self.check())
        if isinstance(self.field, w.Text):
            self.field.observe(lambda _change: self.check(), names="value")
        if isinstance(self.field, BoardWidget):
            self.check_button.layout.display = "none"   # a click is the answer
        # the question's box has no class of its own: the lessons store this widget's text form
        # the class's results (bgsim.teach.classresults): a "Your name" box, when the server stores them
        self.reporter = reporter_for()
        buttons = w.HBox([self.check_button, self.show_button])
        super().__init__([w.HTML(f"<b>{quiz.question}</b>"), self.field, buttons, self.feedback,
                          PageKit(), *([self.reporter] if self.reporter else [])])
        self.add_class("bgsim-quiz")
        self.present = present

    def check(self) -> tuple[bool, str]:
        """Check the answer given (what **Check** does): show the feedback and return it as ``(right, why)``."""
        given = self._clicked if isinstance(self.field, BoardWidget) else self.field.value
        right, why = self.quiz.check(given)
        if self.reporter is not None and given not in (None, ""):
            self.reporter.report(self.quiz.question, right, given)
        colour = _RIGHT if right else _WRONG
        self.feedback.value = f'<span style="color:{colour};font-size:1.05em">{_escape(why)}</span>'
        if given not in (None, ""):
            self.quiz.mark_tried()          # right or wrong, a try: what waits for it opens
        return right, why

    def show_answer(self) -> str:
        """What **Show answer** does: show the quiz's solution (and open what waits for the try)."""
        self.feedback.value = f'<span style="font-size:1.05em">{_escape(self.quiz.solution)}</span>'
        self.quiz.mark_tried()
        return self.quiz.solution

    def _on_click(self, click: dict) -> None:
        assert isinstance(self.field, BoardWidget)
        self._clicked = click["point"] if click["kind"] == "point" else -1
        if self._clicked > 0:
            self.field.redraw(highlight=(self._clicked,))
        self.check()

    def __repr__(self) -> str:
        # ipywidgets names the class in a widget's text form; a quiz keeps the name of the plain
        # box it always was, so the lessons' stored outputs ("VBox(children=...") stay the same.
        text: str = super().__repr__()
        return "VBox" + text.removeprefix(type(self).__name__)


class AfterTry(Presentable, w.VBox):
    """What gives a question's answer away (a table, a caption, a sentence, a board), kept off
    the screen until the learner has tried the question: an answer checked, right or wrong, or
    **Show answer** pressed.

    Until then it shows one line saying what to do. ``build()`` runs only then, so neither the
    page after "Run All" nor the notebook's stored widget state holds the answer. Whatever
    ``build()`` returns is displayed (``None``: it displays what it shows itself).

    >>> from bgsim.teach.quiz import Quiz
    >>> q = Quiz.number("How many checkers does each side have?", 15, why="15 each (R1).")
    >>> later = AfterTry(q, lambda: "fifteen, as R1 says")
    >>> later.opened, "Try the question" in later.waiting.value
    (False, True)
    >>> q.widget.field.value = "14"        # a wrong try is a try: what waits is built and shown
    >>> later.opened, later.output.outputs[0]["data"]["text/plain"]
    (True, "'fifteen, as R1 says'")
    """

    def __init__(self, quiz: Any, build: Callable[[], Any], *, waiting: str | None = None) -> None:
        if not callable(build):
            raise TypeError(f"build must be a function, not {type(build).__name__}")
        self.quiz = quiz
        self.opened = False
        self._build = build
        self.waiting = w.HTML("<i>" + _escape(waiting or _("Try the question above first; this part opens then."))
                              + "</i>")
        self.waiting.add_class("bgsim-after-try-waiting")
        self.output = w.Output()
        super().__init__([self.waiting, self.output])
        self.add_class("bgsim-after-try")
        quiz.when_tried(self._open)

    def _open(self) -> None:
        if self.opened:
            return
        self.opened = True
        self.waiting.layout.display = "none"
        # What build() shows is written into the Output widget's outputs, not captured with
        # ``with self.output:``: the try is a click, handled outside any cell, and Voila does not
        # route a callback's outputs to an Output widget (the part opened empty).
        with capture_output() as captured:
            shown = self._build()
        outputs: list[dict[str, Any]] = []
        if captured.stdout:
            outputs.append({"output_type": "stream", "name": "stdout", "text": captured.stdout})
        outputs += [{"output_type": "display_data", "data": rich.data, "metadata": rich.metadata or {}}
                    for rich in captured.outputs]
        if shown is not None:
            data, metadata = _formatted(shown)
            outputs.append({"output_type": "display_data", "data": data, "metadata": metadata})
        self.output.outputs = tuple(outputs)


def _formatted(shown: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """``shown`` as display data (its mime bundle), as IPython would display it; outside IPython
    its text form only."""
    shell = get_ipython()
    if shell is None:
        return {"text/plain": repr(shown)}, {}
    data, metadata = shell.display_formatter.format(shown)
    return data, metadata


def after_try(quiz: Any, build: Callable[[], Any], *, waiting: str | None = None) -> AfterTry:
    """Show what ``build()`` returns only once the learner has tried ``quiz`` (see :class:`AfterTry`).

    In a lesson, the cell after a question::

        after_try(q2, lambda: closed_points_table(position))
    """
    return AfterTry(quiz, build, waiting=waiting)


def _escape(text: str) -> str:
    """``&``, ``<`` and ``>`` escaped (quotes left as they are, as the feedback always showed them)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# The widget layer gives every quiz its display: the quiz (a lower layer) imports no widget.
Quiz.display_with(QuizWidget)
