"""The teacher's sandbox: set up any position, choose or roll the dice, then step through it on
the teaching stepper or give it to the class as a one-question puzzle. No code needed."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..dice import rng_from
from ..dice import roll as roll_dice
from ..drills import Task, make_task
from ..i18n import _, ngettext, side_name
from ..position import Position
from ._board import Click
from ._common import MessageLine
from ._editor import EditorWidget
from ._page import Presentable
from ._stepper import StepperWidget

__all__ = ["SandboxWidget"]

SETUP, STEP, PUZZLE = "setup", "step", "puzzle"


class SandboxWidget(Presentable, w.VBox):
    """A position of the teacher's own, three ways, all by clicking.

    1. **Set up**: the position editor (:class:`EditorWidget`): paste a gnubg Position ID or
       an XGID and press Load, or click checkers onto the board; choose the dice in the
       editor's boxes or press **Roll the dice**.
    2. **Step through it**: the same position and dice on the teaching stepper
       (:class:`StepperWidget`): the class tries steps, each refused one is explained with
       its rule; **Show answers** lists the legal plays.
    3. **Puzzle**: "find the only legal play", for a position and roll that have exactly one
       legal play. The board takes the clicks; a refused step counts as a wrong try; a
       finished play is the answer. A roll with several legal plays is refused with the
       number (change the position or the dice, or step through it instead).

    The steps are the buttons at the top (:attr:`steps`); :meth:`set_up`, :meth:`step_through`,
    :meth:`puzzle` and :meth:`roll` do the same from code. One board shows at a time.

    Parameters
    ----------
    position : Position, optional
        The position to start from; the starting position by default.
    dice : pair of int, optional
        The dice to start with (none by default).
    rng : int, SeedSequence or Generator, optional
        Where **Roll the dice** gets its dice (see :func:`bgsim.dice.rng_from`).
    size : int or None, default 600
        The boards' width in pixels (``present=True`` fills the page).
    present : bool, default False
        The presentation mode (a projector).

    >>> from bgsim import Position
    >>> box = SandboxWidget(rng=1)
    >>> box.editor.load_id("XGID=-B-----------------a----a-:0:0:1:31:0:0:0:0:10")   # 2 left each, 3-1
    True
    >>> box.step_through(); box.stepper.turn.dice
    (3, 1)
    >>> box.puzzle(), box.task.prompt
    (True, 'Roll 3-1. Find the only legal play.')
    >>> box.stepper.click(1); box.stepper.click(2)           # backwards: refused, a wrong try
    >>> box.wrong_tries                                       # (and the checker goes back)
    1
    >>> box.stepper.click(1); box.stepper.click(0)           # one checker off
    >>> box.stepper.click(1); box.stepper.click(0)           # and the other one
    >>> box.solved, box.stepper.message.text
    (True, 'Right: 1/off(2) is the only legal play of 3-1 here. Found after 1 wrong try.')
    """

    def __init__(self, position: Position | None = None, dice: tuple[int, int] | None = None, *, rng: Any = None,
                 size: int | None = 600, present: bool = False) -> None:
        self._rng = rng_from(rng)
        self.task: Task | None = None
        self.wrong_tries = 0
        self.solved = False
        self._last_refusal = ""
        self.steps = w.ToggleButtons(options=[(_("1. Set up the position"), SETUP), (_("2. Step through it"), STEP),
                                              (_("3. Puzzle: find the only legal play"), PUZZLE)],
                                     value=SETUP, style={"button_width": "auto"})
        self.steps.add_class("bgsim-sandbox-steps")
        self.steps.observe(self._on_step_chosen, names="value")
        self.message = MessageLine()
        self.editor = EditorWidget(position, size=size)
        self.roll_button = w.Button(description=_("Roll the dice"), icon="cube", button_style="primary",
                                    layout=w.Layout(width="auto"))
        self.roll_button.add_class("bgsim-sandbox-roll")
        self.roll_button.on_click(lambda _b: self.roll())
        self.stepper = StepperWidget(self.editor.position, perspective=self.editor.board.perspective, size=size,
                                     show_answers=False)
        self.stepper.board.on_click(self._after_click)   # after the stepper's own handler
        self.task_line = w.HTML()
        self.task_line.add_class("bgsim-sandbox-task")
        self.setup_panel = w.VBox([self.roll_button, self.editor])
        self.setup_panel.add_class("bgsim-sandbox-setup")
        self.play_panel = w.VBox([self.task_line, self.stepper])
        self.play_panel.add_class("bgsim-sandbox-play")
        super().__init__([self.steps, self.message, self.setup_panel, self.play_panel])
        self.add_class("bgsim-sandbox")
        self.add_class("bgsim-widget")
        self.present = present
        if dice is not None:
            self._set_dice(dice)
        self.set_up()

    # ------------------------------------------------------------------ reading
    @property
    def position(self) -> Position:
        """The position set up in the editor."""
        return self.editor.position

    @property
    def dice(self) -> tuple[int, int] | None:
        """The dice set up in the editor, or None."""
        d = self.editor.xgid_state.dice
        return (d[0], d[1]) if all(d) else None

    # ------------------------------------------------------------------ the three steps
    def set_up(self) -> None:
        """Step 1: the editor, to paste an ID or click a position together, and the dice."""
        self._show(SETUP)
        self.message.say(_("set up a position: paste an ID and press Load, or click checkers onto the board; "
                           "choose the dice or roll them"), "info")

    def roll(self) -> tuple[int, int]:
        """Roll the dice for the position set up (what **Roll the dice** does)."""
        dice = roll_dice(self._rng)
        self._set_dice(dice)
        self.message.say(_("rolled {roll} for {player}").format(roll=f"{dice[0]}-{dice[1]}",
                                                                       player=side_name(self.position.turn)), "info")
        return dice

    def step_through(self) -> None:
        """Step 2: the position and dice on the teaching stepper (no dice yet: it waits for a roll)."""
        self.task = None
        self.stepper.set_position(self.position, self.dice)
        self._show(STEP)
        self.task_line.value = ""
        self.message.say(_("click a checker, then the point where it goes; every refused step says which rule "
                           "forbids it"), "info")

    def puzzle(self) -> bool:
        """Step 3: a one-question puzzle, "find the only legal play"; False (and a reason) if it cannot be one."""
        pos, dice = self.position, self.dice
        if dice is None:
            self.message.say(_("a puzzle needs a roll: choose the dice or press Roll the dice first"), "error")
            self._show(self._mode)
            return False
        plays = pos.legal_plays(dice)
        n = len(plays)
        if n == 1 and not len(plays[0]):
            self.message.say(_("{roll} has no legal play here: the turn is forfeited (R12). A click cannot answer "
                               "that; change the position or the dice").format(roll=f"{dice[0]}-{dice[1]}"), "error")
            self._show(self._mode)
            return False
        if n != 1:
            self.message.say(_("{roll} has {n} legal plays here; a 'find the only legal play' puzzle needs exactly "
                               "one. Change the position or the dice, or step through it").format(
                roll=f"{dice[0]}-{dice[1]}", n=n), "error")
            self._show(self._mode)
            return False
        self.task = make_task("only-play", pos, dice)
        self.wrong_tries = 0
        self.solved = False
        self._last_refusal = ""
        self.stepper.set_position(pos, dice)
        self._show(PUZZLE)
        side = _("Light to play.") if pos.turn == 0 else _("Dark to play.")
        self.task_line.value = "<b>" + _("Puzzle.") + f"</b> {side} {self.task.prompt}"
        self.message.say(_("the class plays it on the board: a refused step counts as a wrong try"), "info")
        return True

    # ------------------------------------------------------------------ inner workings
    @property
    def _mode(self) -> str:
        return str(self.steps.value)

    def _set_dice(self, dice: tuple[int, int]) -> None:
        for box, d in zip(self.editor.dice, dice, strict=True):
            box.value = d

    def _show(self, mode: str) -> None:
        """Show the panel of ``mode`` and put the step buttons on it (without acting again)."""
        self.steps.unobserve(self._on_step_chosen, names="value")
        self.steps.value = mode
        self.steps.observe(self._on_step_chosen, names="value")
        self.setup_panel.layout.display = None if mode == SETUP else "none"
        self.play_panel.layout.display = "none" if mode == SETUP else None
        for part in (self.stepper.roll_button, self.stepper.set_button, *self.stepper.die_boxes,
                     self.stepper.next_button):
            part.layout.display = "none" if mode == PUZZLE else None   # the puzzle's roll is given

    def _on_step_chosen(self, change: dict) -> None:
        mode = change["new"]
        if mode == SETUP:
            self.set_up()
        elif mode == STEP:
            self.step_through()
        else:
            self._show(change["old"])      # stay where we were unless the puzzle can start
            self.puzzle()

    def _after_click(self, _click: Click) -> None:
        """In a puzzle, after each click on the board: a refused step is a wrong try, a finished play the answer."""
        task, turn = self.task, self.stepper.turn
        if self._mode != PUZZLE or task is None or self.solved or turn is None:
            return
        said = self.stepper.message
        if said.kind == "error":
            if said.text != self._last_refusal:      # the same refusal twice is one wrong try
                self._last_refusal = said.text
                self.wrong_tries += 1
            return
        if turn.steps and turn.is_complete:
            verdict = task.check(turn.play)
            self.solved = verdict.right
            tries = (_("at the first try") if not self.wrong_tries else
                     ngettext("after {n} wrong try", "after {n} wrong tries", self.wrong_tries).format(
                         n=self.wrong_tries))
            self.stepper.message.say(verdict.text + " " + _("Found {tries}.").format(tries=tries) if verdict.right
                                     else verdict.text,
                                     "ok" if verdict.right else "error")
