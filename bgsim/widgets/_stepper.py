"""The turn stepper on a board: roll, then move the checkers die by die by clicking."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..engine.board import BAR, OFF
from ..engine.dice import check_dice, rng_from
from ..engine.dice import roll as roll_dice
from ..engine.errors import BgsimError, InvalidPositionError, Refusal
from ..engine.i18n import _, ngettext, side_name
from ..engine.ids import XgidState
from ..engine.notation import point_name
from ..engine.position import Position
from ..engine.turn import TurnBuilder
from ._board import BoardWidget, Click
from ._common import MessageLine, from_player, to_player
from ._page import Presentable

__all__ = ["StepperWidget"]

_name = point_name   # "bar", "off" or the number: notation, never translated


class StepperWidget(Presentable, w.VBox):
    """Play one roll checker by checker, with the rules explaining every refusal.

    Roll (or choose the dice and press "Set dice"), then click one of your checkers to pick
    it up and the point it goes to (the tray to bear off). This is the **teaching mode**,
    the default: a click on a checker only selects it, nothing moves by itself, nothing
    hints where to go, and any step the learner tries is either played or refused with the
    rule that forbids *that* step (a step is legal only if the turn can still be finished
    into a legal play, so the rules of using both dice or the higher one, R10-R12, hold
    from the first step). ``auto=True`` is the quick mode for people who know the rules:
    the checkers that may move are highlighted, and a checker with one legal destination
    moves at once. "Undo" takes back a step; the list shows every legal play of the roll:
    pick one to see it drawn with arrows.

    Points are clicked on the board as drawn; sentences use the numbering of the side on
    roll (``perspective`` defaults to that side, so they agree).

    Parameters
    ----------
    position : Position, optional
        The position the roll is played from; the starting position by default.
    dice : pair of int, optional
        The roll to play at once; None: wait for Roll or Set dice.
    rng : int, SeedSequence or Generator, optional
        Where the Roll button's dice come from (see :func:`bgsim.engine.dice.rng_from`); None:
        fresh entropy.
    perspective : int, optional
        The player drawn at the bottom; by default the side on roll.
    caucasian : bool, default False
        Apply the Caucasian restriction (V5).
    size : int or None, default 560
        The board's width in pixels; None: as wide as the page allows.
    show_answers : bool, default True
        Show the list of every legal play of the roll and the summary of what the roll must
        do. False is a puzzle: both stay hidden behind a "Show answers" toggle.
    auto : bool, default False
        The quick mode: highlight what may move and move a checker with one legal
        destination at once. False (the teaching mode) lets the learner try any step.
    present : bool, default False
        The presentation mode (:attr:`present`, for a projector): the board as wide as the
        page allows, the buttons and the rule message beside it in big type, no IDs.
    **drawing
        Other keywords for the board (:func:`bgsim.draw.svg.board`): ``cube``, ``orientation``,
        ``theme`` ...

    Raises
    ------
    SeedError
        ``rng`` is not a seed, a SeedSequence or a Generator.
    ViewError
        ``perspective`` is not player 0 or 1.

    >>> from bgsim import Position
    >>> pos = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 0: 5})
    >>> s = StepperWidget(pos, dice=(6, 2))
    >>> s.click(13); s.message.text                      # the bar comes first
    '13: a checker on the bar must enter before any other checker moves (R13)'
    >>> s.click(25); s.message.text                      # pick up the checker on the bar ...
    'bar: picked up; now click the point where it goes'
    >>> s.click(23); s.message.text                      # ... and try the closed point: it goes back
    'bar/23: point 23 is closed: the opponent has 2 checkers there (R14). The checker goes back: pick a ...'
    >>> s.click(25); s.click(19); [str(x) for x in s.turn.steps], s.turn.dice_left
    (['bar/19'], (2,))
    """

    def __init__(self, position: Position | None = None, dice: tuple[int, int] | None = None, *, rng=None,
                 perspective: int | None = None, caucasian: bool = False, size: int | None = 560,
                 show_answers: bool = True, auto: bool = False, present: bool = False, **drawing: Any) -> None:
        self._start = Position.initial() if position is None else position
        self._auto = bool(auto)
        self._rng = rng_from(rng)
        self._caucasian = caucasian
        self.turn: TurnBuilder | None = None
        self._selected: int | None = None
        self._plays: list = []
        self.board = BoardWidget(self._start, self._start.turn if perspective is None else perspective,
                                 size=size, **drawing)
        self.board.on_click(self._on_board_click)
        self.roll_button = w.Button(description=_("Roll"), icon="cube", button_style="primary")
        self.roll_button.add_class("bgsim-roll")
        self.roll_button.on_click(lambda _b: self.roll())
        dice_options = [(str(d), d) for d in range(1, 7)]
        self.die_boxes = [w.Dropdown(options=dice_options, value=1 + i, layout=w.Layout(width="4.5em"))
                          for i in (0, 1)]
        self.set_button = w.Button(description=_("Set dice"), icon="check")
        self.set_button.add_class("bgsim-set-dice")
        self.set_button.on_click(lambda _b: self.roll((self.die_boxes[0].value, self.die_boxes[1].value)))
        self.undo_button = w.Button(description=_("Undo"), icon="undo")
        self.undo_button.add_class("bgsim-undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.next_button = w.Button(description=_("Next turn"), icon="forward")
        self.next_button.add_class("bgsim-next-turn")
        self.next_button.on_click(lambda _b: self.next_turn())
        self.explain = w.HTML()
        self.explain.add_class("bgsim-explain")
        self.played = w.HTML()
        self.played.add_class("bgsim-played")
        self.message = MessageLine()
        self.plays = w.Select(options=[], rows=12, layout=w.Layout(width="15em"))
        self.plays.add_class("bgsim-plays")
        self.plays.observe(self._on_play_chosen, names="index")
        self.side = w.VBox([w.HTML("<b>" + _("All legal plays") + "</b>"), self.plays])
        self.answers_button = w.ToggleButton(value=show_answers, description=_("Show answers"), icon="eye")
        self.answers_button.add_class("bgsim-show-answers")
        self.answers_button.observe(lambda _c: self._show_answers_changed(), names="value")
        self.side.layout.display = None if show_answers else "none"
        self.answers_button.layout.display = "none" if show_answers else None
        self.side.add_class("bgsim-side")
        buttons = w.HBox([self.roll_button, self.die_boxes[0], self.die_boxes[1], self.set_button,
                          self.undo_button, self.next_button, self.answers_button],
                         layout=w.Layout(flex_flow="row wrap"))
        buttons.add_class("bgsim-controls")
        board_row = w.HBox([self.board, self.side])
        board_row.add_class("bgsim-board-row")
        # what the roll must do, what was played and the news: under the board, and beside
        # it in the presentation mode (the message first)
        aside = w.VBox([self.explain, self.played, self.message])
        aside.add_class("bgsim-aside")
        super().__init__([buttons, board_row, aside])
        self.add_class("bgsim-stepper")
        self.add_class("bgsim-widget")
        self.present = present
        if dice is not None:
            self.roll(dice)
        else:
            self._refresh()
            self.message.say(_("{player} to roll: press Roll or choose the dice").format(
                player=side_name(self._start.turn)), "info")

    # ------------------------------------------------------------------ actions
    @property
    def position(self) -> Position:
        """The position the roll is played from."""
        return self._start

    def roll(self, dice: tuple[int, int] | None = None) -> tuple[int, int]:
        """Start the turn over with ``dice`` (``None``: roll them)."""
        if dice is None:
            dice = roll_dice(self._rng)
        try:
            dice = check_dice(dice)
            self.turn = self._start.start_turn(dice, caucasian=self._caucasian)
        except BgsimError as e:
            self.message.say(str(e), "error")
            return dice
        self._plays = list(self.turn.plays)   # the turn's own legal plays: generated once
        self._selected = None
        for box, d in zip(self.die_boxes, dice, strict=True):
            box.value = d
        self.message.say(_("{player} rolled {roll}").format(player=side_name(self._start.turn),
                                                                 roll=f"{dice[0]}-{dice[1]}"), "info")
        self._refresh(list_plays=True)
        return dice

    def set_position(self, position: Position, dice: tuple[int, int] | None = None) -> None:
        """Start again from ``position``, and roll ``dice`` at once if given (a drill's next task).

        >>> from bgsim import Position
        >>> s = StepperWidget(Position.initial(), dice=(3, 1))
        >>> s.set_position(Position.initial(turn=1), (6, 5)); s.turn.dice, s.position.turn
        ((6, 5), 1)
        """
        if not isinstance(position, Position):
            raise InvalidPositionError(f"position must be a bgsim.Position, not {type(position).__name__}")
        self._start = position
        self.turn = None
        self._plays = []
        self._selected = None
        if dice is not None:
            self.roll(dice)
        else:
            self.message.say(_("{player} to roll").format(player=side_name(position.turn)), "info")
            self._refresh(list_plays=True)

    def undo(self) -> None:
        """Take back the last step (or the picked checker)."""
        if self.turn is None:
            return
        if self._selected is not None:
            self._selected = None
            self.message.say(_("put down: pick a checker to move"), "info")
        elif self.turn.steps:
            step = self.turn.steps[-1]
            self.turn.undo()
            self.message.say(_("took back {step}").format(step=step), "info")
        else:
            self.message.say(_("nothing to undo"), "info")
        self._refresh()

    def next_turn(self) -> None:
        """Once the roll is played, go on from the new position with the opponent to roll."""
        if self.turn is None or not self.turn.is_complete:
            self.message.say(_("finish the turn first: the dice left must be played (R10)"), "error")
            return
        self._start = self._start.play(self.turn.play)   # the play's own after, if it has it
        self.turn = None
        self._plays = []
        self._selected = None
        self.message.say(_("{player} to roll").format(player=side_name(self._start.turn)), "info")
        self._refresh(list_plays=True)

    def click(self, point: int) -> None:
        """Click ``point`` as numbered from the side on roll (25 = its bar, 0 = off)."""
        mover = self._start.turn   # through the board, as a real click: every listener hears it
        if point == BAR:
            self.board.view.click("bar", player=mover)
        elif point == OFF:
            self.board.view.click("tray", player=mover)
        else:
            self.board.view.click("point", point=from_player(point, mover, self.board.perspective))

    # ------------------------------------------------------------------ clicks
    def _on_board_click(self, click: Click) -> None:
        if self.plays.index is not None:   # leave the "show a play" view
            self.plays.index = None
        t = self.turn
        if t is None:
            self.message.say(_("roll first (or choose the dice and press Set dice)"), "error")
            return
        mover = self._start.turn
        if t.is_complete:
            if not t.steps and click["kind"] != "tray" and (click["kind"] != "bar" or click["player"] == mover):
                m = BAR if click["kind"] == "bar" else to_player(click["point"], self.board.perspective, mover)
                self.message.say(str(t.forfeit(m)), "error")
            else:
                self.message.say(_("the turn is complete: press Undo, Roll again or Next turn"), "info")
            return
        if click["kind"] == "point":
            m = to_player(click["point"], self.board.perspective, mover)
        elif click["kind"] == "bar":
            if click["player"] != mover:
                self.message.say(_("that is the opponent's half of the bar; {player} is moving").format(
                    player=side_name(mover)), "error")
                return
            m = BAR
        else:
            m = OFF
        if m == OFF and self._selected is None and not t.position.can_bear_off():
            # the tray clicked first while some checker is still outside the home board: the reason is R16
            self.message.say(str(Refusal(_("you can bear off only when all your checkers are in your home board"),
                                         "R16")), "error")
            return
        if not self._auto:
            self._teach(t, m)
            return
        options = t.options()
        if self._selected is None or (m == self._selected):
            if m == self._selected:       # a second click on the picked checker puts it down
                self._selected = None
                self._refresh()
                return
            self._pick_source(t, m, options)
            return
        src = self._selected
        matching = [s for s in options if s.src == src and s.dst == m]
        if matching:
            self._apply(t, self._best(matching, src, m))
            return
        if m != OFF and any(s.src == m for s in options):   # another checker: pick that one instead
            self._pick_source(t, m, options)
            return
        self._selected = None             # refused: the checker goes back, the next click starts afresh
        self.message.say(self._why_text(t, f"{_name(src)}/{_name(m)}"), "error")
        self._refresh()

    def _teach(self, t: TurnBuilder, m: int) -> None:
        """The teaching mode's click: pick a checker up, put it down, or try a step with it."""
        mine = t.position.mine
        src = self._selected
        if src is None:
            if m != OFF and mine[m]:
                refusal = t.pick(m)            # R13: said at once, before any step is tried
                if refusal is not None:
                    self.message.say(str(refusal), "error")
                    return
                self._selected = m
                self.message.say(_name(m) + _(": picked up; now click the point where it goes")
                                 + (_(" (or the tray to bear off)") if t.position.can_bear_off() else ""), "info")
                self._refresh()
            elif mine[BAR]:
                self.message.say(_("you have a checker on the bar: click it first (on the bar), then the point "
                                   "where it enters (R13)"), "error")
            else:
                self.message.say(_("pick one of your checkers first: click it, then the point where it goes"), "error")
            return
        if m == src:                      # a second click on the picked checker puts it down
            self._selected = None
            self.message.say(_("put down: pick a checker to move"), "info")
            self._refresh()
            return
        if m != OFF and m > src and mine[m]:   # behind the picked checker: pick that one instead
            self._selected = None
            self._teach(t, m)
            return
        after = t.attempt(f"{_name(src)}/{_name(m)}", reveal=self._reveal)
        if not isinstance(after, Refusal):
            self._played(after)
            return
        why = str(after)
        # A refused step puts the checker back, so the next click is read afresh, never as a
        # move of the checker the learner no longer means: a click on another of their own
        # checkers picks that one up (the refusal still said first).
        self._selected = None
        why += " " if why.endswith(".") else ". "
        if m not in (OFF, BAR) and mine[m] and not mine[BAR]:
            self._teach(t, m)
            self.message.say(why + _("So {point} is picked up instead; now click the point where it goes.")
                             .format(point=_name(m)), "error")
            return
        self.message.say(why + _("The checker goes back: pick a checker to move."), "error")
        self._refresh()

    @staticmethod
    def _lost_dice_text(t: TurnBuilder) -> str:
        """Why a die is left over when the turn is complete ("; the 6 is lost: ..."), or "".

        With a checker still on the bar nothing else may move, so a die that cannot enter is
        lost (R13, R15); after the entry the rest is played normally if any checker can (R15),
        else, as with any die no checker can move, it is lost (R12). Dice left over when some
        are played are all one number: two different dice leave at most one unplayed.
        """
        left = t.dice_left
        if not left or not t.steps:
            return ""
        die, n = left[0], len(left)
        if t.position.mine[BAR]:
            text = ngettext("the {die} is lost: a checker is still on the bar and cannot enter with it, so no other "
                            "checker may move (R13, R15)",
                            "the other {die}s are lost: a checker is still on the bar and cannot enter with them, "
                            "so no other checker may move (R13, R15)", n)
        elif t.steps[0].src == BAR:      # entered: the rest is played normally, if any checker can (R15)
            text = ngettext("the {die} is lost: once the checker has entered, the rest of the roll is played "
                            "normally, but no checker can move {die} (R15, R12)",
                            "the other {die}s are lost: once the checker has entered, the rest of the roll is "
                            "played normally, but no checker can move {die} (R15, R12)", n)
        else:
            text = ngettext("the {die} is lost: no checker can move {die} now (R12)",
                            "the other {die}s are lost: no checker can move {die} now (R12)", n)
        return "; " + text.format(die=die)


    def _pick_source(self, t: TurnBuilder, m: int, options) -> None:
        steps = [s for s in options if s.src == m]
        if not steps:
            self.message.say(self._why_source(t, m), "error")
            return
        dests = sorted({s.dst for s in steps})
        if len(dests) == 1:
            self._apply(t, self._best(steps, m, dests[0]))
            return
        self._selected = m
        self.message.say(_name(m) + _(": where to? ") + ", ".join(_name(d) for d in dests), "info")
        self._refresh()

    @staticmethod
    def _best(steps, src: int, dst: int):
        """Of several steps src/dst (a bear-off two dice allow, R18), the exact die, else the lower."""
        exact = [s for s in steps if s.die == src - dst]
        return exact[0] if exact else min(steps, key=lambda s: s.die)

    def _why_text(self, t: TurnBuilder, text: str) -> str:
        try:
            reason = t.why(text, reveal=self._reveal)
        except BgsimError as e:
            return str(e)
        return reason or _("{step} is not possible now").format(step=text)

    def _why_source(self, t: TurnBuilder, m: int) -> str:
        for die in sorted(set(t.dice_left), reverse=True):
            try:
                reason = t.why(m, die, reveal=self._reveal)
            except BgsimError as e:
                reason = str(e)
            if reason:
                return reason
        return _("no legal step starts from {point}").format(point=_name(m))

    @property
    def _reveal(self) -> bool:
        """False in a puzzle (``show_answers=False``) until **Show answers** is pressed: then a
        refusal names the rule and why the step fails, never the play that works (R10, R11)."""
        return bool(self.answers_button.value)

    def _apply(self, t: TurnBuilder, step) -> None:
        after = t.attempt(step)
        assert not isinstance(after, Refusal), after   # one of the builder's own options
        self._played(after)

    def _played(self, t: TurnBuilder) -> None:
        """Show the turn after a step the builder took."""
        self._selected = None
        if t.is_complete:
            said = _("played {play}").format(play=t.play) if len(t.steps) else _("no legal play")
            self.message.say(said + self._lost_dice_text(t), "ok")
        else:
            left = _(" and ").join(str(d) for d in t.dice_left)
            self.message.say(_("{step} played; {dice} left").format(step=t.steps[-1], dice=left), "ok")
        self._refresh()

    def _on_play_chosen(self, change: dict) -> None:
        i = change["new"]
        if i is None or not 0 <= i < len(self._plays):
            self._refresh()
            return
        play = self._plays[i]
        self.board.show(self._start, play=play, highlight=(), dice=self.turn.dice if self.turn else None, arrows=(),
                        xgid_state=XgidState(dice=self.turn.dice) if self.turn else XgidState())
        self.message.say(_("legal play {i} of {n}: {play}").format(i=i + 1, n=len(self._plays), play=play), "info")

    # ------------------------------------------------------------------ drawing
    def _show_answers_changed(self) -> None:
        """A puzzle's "Show answers": reveal the list of legal plays and the forced play."""
        self.side.layout.display = None if self.answers_button.value else "none"
        self._refresh()

    def _refresh(self, list_plays: bool = False) -> None:
        t = self.turn
        persp = self.board.perspective
        mover = self._start.turn
        if list_plays:
            self.plays.unobserve(self._on_play_chosen, names="index")
            self.plays.options = [str(p) or _("(no legal play)") for p in self._plays]
            self.plays.index = None
            self.plays.observe(self._on_play_chosen, names="index")
        if t is None:
            self.explain.value = ""
            self.played.value = ""
            self.board.show(self._start, highlight=(), play=None, dice=None, arrows=(),   # no hint arrows left
                            xgid_state=XgidState())
            return
        if not self._auto:              # teaching: only the picked checker, no hint where to go
            marks = set() if self._selected is None else {self._selected}
        elif self._selected is None:
            marks = {s.src for s in t.options()}
        else:
            marks = {s.dst for s in t.options() if s.src == self._selected} | {self._selected}
        highlight = tuple(sorted(from_player(p, mover, persp) for p in marks))
        reveal = self.answers_button.value
        self.explain.value = "<b>" + _("This roll:") + f"</b> {t.explain()}" if reveal else ""
        steps = " ".join(str(s) for s in t.steps)
        left = " ".join(str(d) for d in t.dice_left) if not t.is_complete else ""
        self.played.value = ("<b>" + _("Played:") + f"</b> {steps or '-'}"
                             + (" &nbsp; <b>" + _("dice left:") + f"</b> {left}" if left else "")
                             + (" &nbsp; <b>" + _("complete") + "</b>" if t.is_complete else ""))
        # the XGID keeps the dice to play until a step is played (XG has no half-played turn)
        self.board.show(t.position, highlight=highlight, play=None, dice=t.dice, arrows=(),
                        xgid_state=XgidState() if t.steps else XgidState(dice=t.dice))
