"""The teacher's sandbox: set up any position, choose or roll the dice, then step through it on
the teaching stepper or give it to the class as a one-question puzzle. No code needed. A
position travels as a link (:func:`sandbox_link`): the sandbox opens the position its page's
address names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from ..engine.dice import rng_from
from ..engine.dice import roll as roll_dice
from ..engine.errors import IllegalPlayError, ParseError
from ..engine.i18n import _, ngettext, side_name
from ..engine.plays import Play
from ..engine.position import Position
from ..odds import bearoff
from ..teach.drills import Task, Verdict, make_task
from ._board import Click
from ._common import MessageLine
from ._editor import EditorWidget
from ._link import Link, LinkError, PageAddress, page_query, read_link, sandbox_link
from ._page import Presentable
from ._stepper import StepperWidget

__all__ = ["BestPlayTask", "SandboxWidget", "rank_exactly", "sandbox_link"]

SETUP, STEP, PUZZLE = "setup", "step", "puzzle"
_TIE = 1e-9


@dataclass(frozen=True)
class Ranked:
    """One legal play and what the exact bear-off database says of it.

    ``value`` is larger for a better play: the chance to win (two-sided database) or minus
    the expected number of rolls to bear off (one-sided); ``words`` says it in a sentence.
    """

    play: Play
    value: float
    words: str


def rank_exactly(position: Position, dice: tuple[int, int]) -> list[Ranked] | None:
    """Every legal play of ``dice``, best first, ranked exactly; None where nothing exact ranks them.

    In a bear-off with no contact (R16) the databases rank the plays exactly: the two-sided one
    by the chance to win when both sides have at most 6 checkers left (and the opponent is
    bearing off too), else the one-sided one by the expected number of rolls to bear off.
    Elsewhere bgsim has no exact ranking (the hint's is an estimate) and the answer is None.

    >>> pos = Position.from_counts({6: 1, 4: 1}, {})                # the famous 5-2: 6/off leaves a 4
    >>> [str(r.play) for r in rank_exactly(pos, (5, 2))][:2]
    ['6/1 4/2', '6/off']
    >>> rank_exactly(Position.initial(), (6, 5)) is None
    True
    """
    if not (position.is_race() and position.can_bear_off(0)) or position.mine[0] == position.checkers:
        return None
    plays = position.legal_plays(dice)
    table = None
    if position.can_bear_off(1) and position.theirs[0] < position.checkers:
        two = bearoff.two_sided()
        if max(position.checkers - position.mine[0], position.checkers - position.theirs[0]) <= two.max_checkers:
            table = two
    one = None if table is not None else bearoff.one_sided()
    out = []
    for play in plays:
        after = position.play(play)
        mine_after = tuple(after.theirs[1:7])
        if table is not None:
            win = 1.0 if not any(mine_after) else 1.0 - table.win_chance(after)
            out.append(Ranked(play, win, _("{p} to win").format(p=f"{win:.1%}")))
        else:
            assert one is not None
            rolls = float(one.expected_rolls(mine_after))
            out.append(Ranked(play, -rolls, _("{n} rolls on average to bear off the rest").format(n=f"{rolls:.3f}")))
    out.sort(key=lambda r: -r.value)
    return out


@dataclass(frozen=True)
class BestPlayTask:
    """A sandbox puzzle "find the best play": a bear-off position whose legal plays the exact
    database ranks (:func:`rank_exactly`). Every play as good as the best is right.

    >>> task = BestPlayTask.make(Position.from_counts({6: 1, 4: 1}, {}), (5, 2))
    >>> task.prompt
    'Roll 5-2. Find the best play: the exact bear-off database ranks the 2 legal plays.'
    >>> task.check("6/off").right, task.check("6/1 4/2").text
    (False, 'Right: 6/1 4/2 is the best play of 5-2 here: 1.000 rolls on average to bear off the rest.')
    """

    position: Position
    dice: tuple[int, int]
    ranked: tuple[Ranked, ...]
    kind: str = "best-play"

    @classmethod
    def make(cls, position: Position, dice: tuple[int, int]) -> BestPlayTask | None:
        """The puzzle, or None when nothing ranks the plays exactly or none is better than another."""
        ranked = rank_exactly(position, dice)
        if not ranked or len(ranked) < 2 or ranked[0].value - ranked[-1].value <= _TIE:
            return None
        return cls(position, dice, tuple(ranked))

    @property
    def roll(self) -> str:
        return f"{self.dice[0]}-{self.dice[1]}"

    @property
    def prompt(self) -> str:
        return _("Roll {roll}. Find the best play: the exact bear-off database ranks the {n} legal plays.").format(
            roll=self.roll, n=len(self.ranked))

    def best(self) -> list[Ranked]:
        """The plays as good as the best (within rounding)."""
        top = self.ranked[0].value
        return [r for r in self.ranked if r.value >= top - _TIE]

    def check(self, answer: Play | str) -> Verdict:
        """Right for a play as good as the best; a legal worse play is told how much worse."""
        try:
            play = self.position.legal_plays(self.dice).resolve(answer)
        except IllegalPlayError as err:
            return Verdict(False, _("Not legal: {why}").format(why=err), err.refusal)
        except ParseError as err:
            return Verdict(False, _("Cannot read that: {why}").format(why=err))
        mine = next(r for r in self.ranked if r.play == play)
        best = self.best()
        if any(r.play == play for r in best):
            return Verdict(True, _("Right: {play} is the best play of {roll} here: {words}.").format(
                play=play, roll=self.roll, words=mine.words))
        return Verdict(False, _("Legal, but not the best: {play} gives {words}; the best play gives {best}.").format(
            play=play, words=mine.words, best=best[0].words))

    def solution(self) -> str:
        return _("{play}: {words}.").format(play=self.best()[0].play, words=self.best()[0].words)


class SandboxWidget(Presentable, w.VBox):
    """A position of the teacher's own, three ways, all by clicking.

    1. **Set up**: the position editor (:class:`EditorWidget`): paste a gnubg Position ID or
       an XGID and press Load, or click checkers onto the board; choose the dice in the
       editor's boxes or press **Roll the dice**.
    2. **Step through it**: the same position and dice on the teaching stepper
       (:class:`StepperWidget`): the class tries steps, each refused one is explained with
       its rule; **Show answers** lists the legal plays.
    3. **Puzzle**: "find the only legal play", for a position and roll that have exactly one
       legal play, or "find the best play" for a bear-off whose legal plays the exact bear-off
       database ranks (:class:`BestPlayTask`). The board takes the clicks; a refused step or a
       worse play counts as a wrong try; the right play is the answer. A roll with several
       legal plays that nothing ranks exactly is refused with the number (change the position
       or the dice, or step through it instead).

    The steps are the buttons at the top (:attr:`steps`); :meth:`set_up`, :meth:`step_through`,
    :meth:`puzzle` and :meth:`roll` do the same from code. One board shows at a time.

    A position travels as a link (:func:`sandbox_link`, and every board's "copy this
    position"): the sandbox opens the position, dice and mode its page's address names
    (:meth:`open_link`; :meth:`from_link` from code). A bad address is said in the message line.

    Parameters
    ----------
    position : Position, optional
        The position to start from; the starting position by default.
    dice : pair of int, optional
        The dice to start with (none by default).
    rng : int, SeedSequence or Generator, optional
        Where **Roll the dice** gets its dice (see :func:`bgsim.engine.dice.rng_from`).
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
    >>> SandboxWidget.from_link("sandbox.ipynb?xgid=-B-----------------a----a-:0:0:1:31:0:0:0:0:10").dice
    (3, 1)
    """

    def __init__(self, position: Position | None = None, dice: tuple[int, int] | None = None, *, rng: Any = None,
                 size: int | None = 600, present: bool = False) -> None:
        self._rng = rng_from(rng)
        self.task: Task | BestPlayTask | None = None
        self._opened_link = ""
        self.wrong_tries = 0
        self.solved = False
        self._last_refusal = ""
        self.steps = w.ToggleButtons(options=[(_("1. Set up the position"), SETUP), (_("2. Step through it"), STEP),
                                              (_("3. Puzzle: find the right play"), PUZZLE)],
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
        self.address = PageAddress()          # the page's address, told by the browser (a page run in advance)
        self.address.observe(lambda change: self._follow_address(change["new"]), names="query")
        super().__init__([self.steps, self.message, self.setup_panel, self.play_panel, self.address])
        self.add_class("bgsim-sandbox")
        self.add_class("bgsim-widget")
        self.present = present
        if dice is not None:
            self._set_dice(dice)
        self.set_up()
        self._follow_address(page_query())    # a Voila page's address, known to its kernel from the start

    # ------------------------------------------------------------------ links
    @classmethod
    def from_link(cls, link: str, **kwargs: Any) -> SandboxWidget:
        """A sandbox opened on the position, dice and mode a link names (:func:`sandbox_link`).

        ``kwargs`` go to the sandbox (``rng``, ``size``, ``present``).

        Raises
        ------
        LinkError
            The link names no position, or one that cannot be read.

        >>> box = SandboxWidget.from_link("?position=4HPwATDgc/ABMA&dice=65")
        >>> box.steps.value, box.stepper.turn.dice, box.position == Position.initial()
        ('step', (6, 5), True)
        >>> SandboxWidget.from_link("sandbox.ipynb?xgid=oops")
        Traceback (most recent call last):
        ...
        bgsim.engine.errors.LinkError: the position in this link cannot be read: ...
        """
        read_link(link)                       # a bad link raises here, with the reason
        box = cls(**kwargs)
        box.open_link(link)
        return box

    def open_link(self, link: str) -> bool:
        """Open the position a link names (the address's ``xgid=...&mode=...``); False, and the reason said
        in the message line, for a link that names none."""
        try:
            target = read_link(link)
        except LinkError as e:
            self.message.say(_("cannot open this link: {why}").format(why=e), "error")
            return False
        self._open(target, link)
        return True

    def _open(self, target: Link, link: str) -> None:
        self._opened_link = link
        self.editor.load_id(target.position.xgid(target.state))
        if target.mode == PUZZLE:
            self.puzzle()                     # or the reason it cannot be one, in the message line
            return
        if target.mode == STEP:
            self.step_through()
        elif target.mode == SETUP:
            self.set_up()
        self.message.say(_("opened from a link: {side} to play{roll}").format(
            side=_("Light") if target.position.turn == 0 else _("Dark"),
            roll=f" {target.dice[0]}-{target.dice[1]}" if target.dice else ""), "info")

    def _follow_address(self, query: str) -> None:
        """Open the position the page's address names, once (an address naming none is left alone)."""
        if not query or query == self._opened_link or ("xgid=" not in query and "position=" not in query):
            return
        self.open_link(query)

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
        """Step 3: a one-question puzzle, "find the only legal play" or (a bear-off the exact database ranks)
        "find the best play"; False (and a reason) if it cannot be one."""
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
        best = BestPlayTask.make(pos, dice) if n > 1 else None
        if n != 1 and best is None:
            self.message.say(_("{roll} has {n} legal plays here; a puzzle needs exactly one, or a bear-off where the "
                               "exact database ranks the plays. Change the position or the dice, or step through "
                               "it").format(roll=f"{dice[0]}-{dice[1]}", n=n), "error")
            self._show(self._mode)
            return False
        self.task = best if best is not None else make_task("only-play", pos, dice)
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
            if not verdict.right:                     # a worse play: a wrong try, and the puzzle again
                self.wrong_tries += 1
                self.stepper.set_position(task.position, task.dice)
                self.stepper.message.say(verdict.text + " " + _("Try again."), "error")
                return
            tries = (_("at the first try") if not self.wrong_tries else
                     ngettext("after {n} wrong try", "after {n} wrong tries", self.wrong_tries).format(
                         n=self.wrong_tries))
            self.stepper.message.say(verdict.text + " " + _("Found {tries}.").format(tries=tries) if verdict.right
                                     else verdict.text,
                                     "ok" if verdict.right else "error")
