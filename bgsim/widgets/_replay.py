"""Step through a recorded game or match on a big board: forward, back, jump, with captions."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..records import GameRecord, MatchRecord
from ._board import BoardWidget

__all__ = ["ReplayWidget"]


class ReplayWidget(w.VBox):
    """A :class:`~bgsim.records.GameRecord` or :class:`~bgsim.records.MatchRecord`, one step
    at a time: first / back / forward / last buttons, a slider to jump, the step's caption
    in words, the cube and the score, and the step's gnubg ID and XGID.

    ``perspective`` keeps one player at the bottom for the whole replay (the board does not
    turn with the dice); ``size`` is the board's width in pixels (big for a projector).
    The record's own cursor follows the widget.

    >>> from bgsim.game import Game
    >>> from bgsim.records import GameRecord
    >>> g = Game(rng=1); g.roll(dice=(4, 3)); g.play("24/20 24/21")
    (4, 3)
    >>> r = ReplayWidget(GameRecord.from_game(g))
    >>> r.forward(); r.index, r.caption.value.startswith('<div class="bgsim-caption-text">Opening roll')
    (1, True)
    >>> r.last(); r.index, r.record.cursor, r.slider.value, "step 3 of 3" in r.status.value
    (2, 2, 3, True)
    """

    def __init__(self, record: GameRecord | MatchRecord, *, perspective: int = 0, size: int | None = 760,
                 **drawing: Any) -> None:
        if not isinstance(record, (GameRecord, MatchRecord)):
            raise TypeError(f"record must be a GameRecord or a MatchRecord, not {type(record).__name__}")
        self.record = record
        first = record[0]
        drawing.setdefault("names", record.names)    # the players by name, on the board and in the status
        self.board = BoardWidget(first.position, perspective, size=size, **drawing)
        self.board.view.clickable = False

        def button(description: str, icon: str, css: str, action) -> w.Button:
            b = w.Button(description=description, icon=icon, layout=w.Layout(width="7.5em"))
            b.add_class(css)
            b.on_click(lambda _b: action())
            return b

        self.first_button = button("First", "fast-backward", "bgsim-first", self.first)
        self.back_button = button("Back", "step-backward", "bgsim-back", self.back)
        self.forward_button = button("Forward", "step-forward", "bgsim-forward", self.forward)
        self.last_button = button("Last", "fast-forward", "bgsim-last", self.last)
        # The slider counts steps from 1, as the status line does ("step 3 of 9").
        self.slider = w.IntSlider(min=1, max=len(record), value=record.cursor + 1, description="step",
                                  continuous_update=False, layout=w.Layout(width="100%"))
        self.slider.add_class("bgsim-replay-slider")
        self.slider.observe(lambda c: self.goto(c["new"] - 1), names="value")
        self.caption = w.HTML()
        self.caption.add_class("bgsim-caption")
        self.status = w.HTML()
        self.status.add_class("bgsim-status")
        nav = w.HBox([self.first_button, self.back_button, self.forward_button, self.last_button])
        super().__init__([self.caption, self.board, nav, self.slider, self.status])
        self.add_class("bgsim-replay")
        self.add_class("bgsim-widget")
        self.goto(record.cursor)

    @property
    def index(self) -> int:
        """The step shown."""
        return self.record.cursor

    def goto(self, i: int) -> None:
        """Show step ``i`` (negative counts from the end)."""
        step = self.record.goto(i)
        if self.slider.value != self.record.cursor + 1:
            self.slider.value = self.record.cursor + 1
        self.caption.value = f'<div class="bgsim-caption-text">{html.escape(step.caption)}</div>'
        rules = step.rules
        names = self.record.names
        owner = "centred" if step.cube_owner is None else f"owned by {names[step.cube_owner]}"
        if rules.is_money:
            score = f"money play; won so far {names[0]} {step.score[0]}, {names[1]} {step.score[1]}"
        else:
            score = f"{rules.match_length}-point match, {names[0]} {step.score[0]}, {names[1]} {step.score[1]}"
            if step.crawford_game:
                score += ", Crawford game (R28)"
        n = len(self.record)
        self.status.value = (f"<b>game {step.game_number}</b>, step {self.record.cursor + 1} of {n} &middot; "
                             f"<b>cube {step.cube_value}</b> ({owner}) &middot; {html.escape(score)}")
        self.board.show(step.position, dice=step.dice, cube=(step.cube_value, step.cube_owner),
                        xgid_state=step.xgid_state())
        self.first_button.disabled = self.back_button.disabled = self.record.at_start
        self.forward_button.disabled = self.last_button.disabled = self.record.at_end

    def forward(self) -> None:
        """One step on (nothing at the end)."""
        if not self.record.at_end:
            self.goto(self.record.cursor + 1)

    def back(self) -> None:
        """One step back (nothing at the start)."""
        if not self.record.at_start:
            self.goto(self.record.cursor - 1)

    def first(self) -> None:
        """The first step."""
        self.goto(0)

    def last(self) -> None:
        """The last step."""
        self.goto(-1)
