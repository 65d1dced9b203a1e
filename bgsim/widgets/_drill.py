"""Drills on a live board: one small task at a time, the learner's own moves checked by the engine."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..engine.dice import rng_from
from ..engine.i18n import _, ngettext
from ..teach.drills import DECISION_KINDS, KINDS, Drill, Task, choice_label
from ._classresults import reporter_for
from ._common import MessageLine
from ._page import Presentable
from ._stepper import StepperWidget

__all__ = ["DrillWidget"]


class DrillWidget(Presentable, w.VBox):
    """A :class:`~bgsim.teach.drills.Drill` to work through by clicking, lichess-style.

    Each task shows its position and what to do. Play tasks put the roll on the teaching
    stepper: the learner moves the checkers, a step the rules forbid is refused with its
    rule (and counts as a wrong try), and a finished turn is checked against the task's
    goal. A result task offers single game, gammon or backgammon, a take-drop task take or
    drop. "Show solution" tells the answer only when asked; "Next task" moves on. The score
    (tasks solved at the first try) shows at the end, with "New tasks": the same kinds again,
    drawn further from the same seed (so a seeded drill's second round is seeded too). Until
    then a click or a choice only says that the drill is over.

    Parameters
    ----------
    kinds : sequence of str, optional
        Which tasks (see :data:`bgsim.teach.drills.KINDS`, and ``"take-drop"`` of
        :data:`bgsim.teach.drills.DECISION_KINDS`); all kinds of ``KINDS`` by default.
    per_kind : int, default 2
        Tasks of each kind: the first half plain, the rest harder.
    rng : int, SeedSequence or Generator, optional
        The seed the tasks are drawn with (the same seed, the same drill).
    size : int or None, default 520
        The board's width in pixels.
    present : bool, default False
        The presentation mode (a projector): the board as wide as the page, the task and
        the message beside it in big type.

    >>> d = DrillWidget(["only-play"], per_kind=1, rng=5)
    >>> d.title.value.startswith("<b>Task 1 of 1")
    True
    >>> task = d.drill.task
    >>> for step in task.solution_play().steps:         # play the solution by clicking
    ...     d.stepper.click(step[0]); d.stepper.click(step[1])
    >>> d.message.kind, d.drill.finished
    ('ok', True)
    >>> d.new_tasks(); d.drill.finished, d.drill.index
    (False, 0)
    """

    def __init__(self, kinds: Any = tuple(KINDS), per_kind: int = 2, *, rng: Any = None,
                 size: int | None = 520, present: bool = False) -> None:
        self._rng = rng_from(rng)             # one stream: "New tasks" draws on from where the drill stopped
        self.drill = Drill(kinds, per_kind=per_kind, rng=self._rng)
        self._kinds, self._per_kind = kinds, per_kind
        self.title = w.HTML()
        self.title.add_class("bgsim-drill-title")
        self.message = MessageLine()
        first = self.drill.task
        self.stepper = StepperWidget(first.position, dice=first.dice or (1, 1), size=size, show_answers=False)
        self.stepper.add_class("bgsim-drill-board")
        for button in (self.stepper.roll_button, self.stepper.set_button, self.stepper.next_button,
                       self.stepper.answers_button, *self.stepper.die_boxes):
            button.layout.display = "none"   # the task gives the roll: no rolling, no list of plays
        self.stepper.board.on_click(self._after_click)
        self.choices = w.ToggleButtons(options=[], value=None)
        self.choices.add_class("bgsim-drill-choices")
        self.choices.observe(self._on_choice, names="value")
        self.solution_button = w.Button(description=_("Show solution"), icon="eye")
        self.solution_button.add_class("bgsim-drill-solution")
        self.solution_button.on_click(lambda _b: self.show_solution())
        self.next_button = w.Button(description=_("Next task"), icon="forward", button_style="primary")
        self.next_button.add_class("bgsim-drill-next")
        self.next_button.on_click(lambda _b: self.next_task())
        self.new_button = w.Button(description=_("New tasks"), icon="refresh", button_style="primary")
        self.new_button.add_class("bgsim-drill-new")
        self.new_button.on_click(lambda _b: self.new_tasks())
        self.new_button.layout.display = "none"      # shown when the drill is over
        self.score = w.HTML()
        self.score.add_class("bgsim-drill-score")
        buttons = w.HBox([self.solution_button, self.next_button, self.new_button])
        buttons.add_class("bgsim-drill-buttons")
        # in the presentation mode the task, the choices, the message and the buttons go beside
        # the board (the stylesheet places them; the message stays the drill's own child)
        self.reporter = reporter_for()        # the class's results: a "Your name" box, when the server stores them
        super().__init__([self.title, self.stepper, self.choices, self.message, buttons, self.score,
                          *([self.reporter] if self.reporter else [])])
        self.add_class("bgsim-drill")
        self.add_class("bgsim-widget")
        self.present = present
        self._solved = False
        self._seen_refusal = ""
        self._show_task()

    # ------------------------------------------------------------------ the task
    def _show_task(self) -> None:
        task = self.drill.task
        n = self.drill.index + 1
        choice = task.dice is None          # a result or take-drop task: a choice, nothing to play
        who = ("" if choice else _(" You move the light checkers, at the bottom.")
               if task.position.turn == 0 else _(" You move the dark checkers, at the bottom."))
        what = KINDS.get(task.kind) or DECISION_KINDS[task.kind]
        self.title.value = ("<b>" + _("Task {n} of {total}").format(n=n, total=len(self.drill))
                            + f"</b> &middot; {_(what)}"
                            + (" &middot; " + _("harder") if task.level > 1 else "") + f"<br>{task.prompt}{who}")
        self._solved = False
        self._seen_refusal = ""
        self.message.say("", "info")
        self.next_button.disabled = True
        self.solution_button.disabled = False
        self.stepper.message.layout.display = "none"      # the drill says it, in its own message line
        for part in (self.stepper.played, self.stepper.explain, self.stepper.undo_button):
            part.layout.display = "none" if choice else None
        if choice:
            self.stepper.set_position(task.position)
            self.choices.unobserve(self._on_choice, names="value")
            self.choices.options = [(choice_label(c), c) for c in task.choices]   # shown translated, answered as named
            self.choices.value = None
            self.choices.observe(self._on_choice, names="value")
            self.choices.layout.display = None
        else:
            self.choices.layout.display = "none"
            self.stepper.board.perspective = task.position.turn   # drawn from the mover's side (R1)
            self.stepper.set_position(task.position, task.dice)

    def _after_click(self, _click: Any) -> None:
        """After each board click: a refusal is a wrong try; a finished turn is checked."""
        if self.drill.finished:
            self._say_over()
            return
        task = self.drill.task
        if self._solved or task.dice is None or self.stepper.turn is None:
            return
        shown = self.stepper.message
        if shown.kind == "error":
            if shown.text != self._seen_refusal:   # the same refusal twice is one wrong try
                self._seen_refusal = shown.text
                self.drill.wrong_try()
                self._report(False, shown.text)
            self.message.say(_("Not that: {why}").format(why=shown.text), "error")
            return
        turn = self.stepper.turn
        if turn.steps and turn.is_complete:
            self._judge(self.drill.answer(turn.play))
        else:
            self.message.say(shown.text, shown.kind)

    def _on_choice(self, change: dict) -> None:
        if change["new"] is None or self._solved:
            return
        if self.drill.finished:
            self._say_over()
            return
        self._judge(self.drill.answer(change["new"]))

    def _report(self, right: bool, answer: str) -> None:
        if self.reporter is not None:
            task = self.drill.task
            self.reporter.report(f"{_('Task {n} of {total}').format(n=self.drill.index + 1, total=len(self.drill))}: "
                                 f"{task.prompt}", right, answer)

    def _judge(self, verdict: Any) -> None:
        self._report(verdict.right, verdict.text)
        if verdict.right:
            self._solved = True
            self.message.say(verdict.text, "ok")
            self.next_button.disabled = False
            self.solution_button.disabled = True
            if self.drill.finished:
                self._finish()
        else:
            self.message.say(verdict.text, "error")
            if self.drill.task.dice is not None:
                self.stepper.set_position(self.drill.task.position, self.drill.task.dice)   # try again

    # ------------------------------------------------------------------ buttons
    def show_solution(self) -> None:
        """Say the solution of the current task (it then counts as not solved at the first try)."""
        if self.drill.finished:
            self._say_over()
            return
        self.message.say(_("Solution: {solution}").format(solution=self.drill.reveal()), "info")
        self.next_button.disabled = False     # the answer is shown: moving on is the next step

    def next_task(self) -> None:
        """Go on to the next task (skipping the current one if it is not solved)."""
        if self.drill.finished:
            self._say_over()
            return
        if not self._solved:
            self.drill.skip()
        if self.drill.finished:
            self._finish()
            return
        self._show_task()

    def new_tasks(self) -> None:
        """Start again with new tasks of the same kinds (drawn on from the drill's seed); the score starts at 0."""
        self.drill = Drill(self._kinds, per_kind=self._per_kind, rng=self._rng)
        self.score.value = ""
        self.new_button.layout.display = "none"
        self._show_task()

    def _say_over(self) -> None:
        """Every task is done: a click, a choice or a button only says so (the score stays as it was)."""
        self.message.say(_("The drill is over: every task is done. Press “New tasks” for more."), "info")

    def _finish(self) -> None:
        right, done = self.drill.score
        self.score.value = ("<b>" + ngettext("Done: {right} of {done} task solved at the first try.",
                                             "Done: {right} of {done} tasks solved at the first try.", done).format(
            right=right, done=done) + "</b> " + _("Press “New tasks” for more."))
        self.next_button.disabled = True
        self.solution_button.disabled = True
        self.new_button.layout.display = None

    @property
    def task(self) -> Task:
        """The current task."""
        return self.drill.task
