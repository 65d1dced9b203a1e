"""Step through a recorded game or match on a big board: forward, back, jump to a game or to the
next cube action, or click a move in the list; with captions."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..engine.i18n import _
from ..game.events import Event, EventVisitor
from ..game.narrator import score_text
from ..game.records import GameRecord, MatchRecord
from ._board import BoardWidget
from ._page import Presentable

__all__ = ["ReplayWidget", "is_cube_or_resignation"]

class _Stops(EventVisitor[bool]):
    """The events a class stops at with "Next cube or resignation": the cube turned or refused, and
    resignations (offered, accepted, refused, or made outright). Every event class is answered here,
    so a new one raises until it is (a visitor, not a list that would skip it silently)."""

    def _yes(self, event: Event) -> bool:
        return True

    def _no(self, event: Event) -> bool:
        return False

    visit_automatic_double = visit_double = visit_take = visit_drop = visit_beaver = _yes
    visit_resign = visit_resignation_offer = visit_resignation_accepted = visit_resignation_rejected = _yes
    visit_game_start = visit_opening_roll = visit_carried_double = visit_roll = visit_move = visit_pass = _no
    visit_final_roll = visit_game_over = _no


_STOPS = _Stops()


def is_cube_or_resignation(event: Event) -> bool:
    """True for a cube action (a double, take, drop, beaver or automatic double) or a resignation.

    >>> from bgsim.game.events import Double, Take, Roll
    >>> is_cube_or_resignation(Double(0, 2)), is_cube_or_resignation(Roll(0, (3, 1)))
    (True, False)
    """
    return event.accept(_STOPS)


class ReplayWidget(Presentable, w.VBox):
    """A :class:`~bgsim.game.records.GameRecord` or :class:`~bgsim.game.records.MatchRecord`, one step
    at a time: first / back / forward / last buttons, jumps to the previous or next game and
    to the previous or next cube action or resignation, a slider, and the list of every
    step (a move list: click one to go there); the step's caption in words, the players'
    names on the board, the cube and the score, and the step's gnubg ID and XGID.

    The slider, the status line ("step 3 of 9") and the move list always show the same
    step, however it was reached. ``perspective`` keeps one player at the bottom for the
    whole replay (the board does not turn with the dice); ``size`` is the board's width in
    pixels (big for a projector; ``present=True`` fills the page). The record's own cursor
    follows the widget.

    >>> from bgsim.game.game import Game
    >>> from bgsim.game.records import GameRecord
    >>> g = Game(rng=1); g.roll(dice=(4, 3)); g.play("24/20 24/21")
    (4, 3)
    >>> r = ReplayWidget(GameRecord.from_game(g))
    >>> r.forward(); r.index, r.caption.value.startswith('<div class="bgsim-caption-text">Opening roll')
    (1, True)
    >>> r.last(); r.index, r.record.cursor, r.slider.value, "step 3 of 3" in r.status.value, r.moves.index
    (2, 2, 3, True, 2)
    >>> r.moves.index = 0; r.index, r.slider.value
    (0, 1)
    """

    def __init__(self, record: GameRecord | MatchRecord, *, perspective: int = 0, size: int | None = 760,
                 present: bool = False, **drawing: Any) -> None:
        if not isinstance(record, (GameRecord, MatchRecord)):
            raise TypeError(f"record must be a GameRecord or a MatchRecord, not {type(record).__name__}")
        self.record = record
        steps = record.steps
        # where each game starts, and the steps a class stops at (cube actions, resignations)
        self._game_starts = [i for i, s in enumerate(steps) if i == 0 or s.game_number != steps[i - 1].game_number]
        self._stops = [i for i, s in enumerate(steps) if is_cube_or_resignation(s.event)]
        first = record[0]
        drawing.setdefault("names", record.names)    # the players by name, on the board and in the status
        self.board = BoardWidget(first.position, perspective, size=size, **drawing)
        self.board.view.clickable = False

        def button(description: str, icon: str, css: str, action, tooltip: str = "",
                   width: str = "7.5em") -> w.Button:
            b = w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width=width))
            b.add_class(css)
            b.on_click(lambda _b: action())
            return b

        self.first_button = button(_("First"), "fast-backward", "bgsim-first", self.first, _("the first step"))
        self.back_button = button(_("Back"), "step-backward", "bgsim-back", self.back, _("one step back"))
        self.forward_button = button(_("Forward"), "step-forward", "bgsim-forward", self.forward, _("one step on"))
        self.last_button = button(_("Last"), "fast-forward", "bgsim-last", self.last, _("the last step"))
        self.previous_game_button = button(_("Previous game"), "backward", "bgsim-previous-game", self.previous_game,
                                           _("the previous game (or the start of this one)"), "11em")
        self.next_game_button = button(_("Next game"), "forward", "bgsim-next-game", self.next_game,
                                       _("the start of the next game"), "11em")
        self.previous_cube_button = button(_("Previous cube or resignation"), "chevron-left", "bgsim-previous-cube",
                                           self.previous_cube_action,
                                           _("the previous double, take, drop or resignation"), "17em")
        self.next_cube_button = button(_("Next cube or resignation"), "chevron-right", "bgsim-next-cube",
                                       self.next_cube_action, _("the next double, take, drop or resignation"), "17em")
        # The slider counts steps from 1, as the status line does ("step 3 of 9").
        self.slider = w.IntSlider(min=1, max=len(record), value=record.cursor + 1, description=_("step"),
                                  continuous_update=False, layout=w.Layout(width="100%"))
        self.slider.add_class("bgsim-replay-slider")
        self.slider.observe(lambda c: self.goto(c["new"] - 1), names="value")
        self.moves = w.Select(options=[(self._label(i), i) for i in range(len(steps))], value=record.cursor,
                              rows=14, layout=w.Layout(width="100%"))
        self.moves.add_class("bgsim-moves")
        self.moves.observe(self._on_move_chosen, names="value")
        self.caption = w.HTML()
        self.caption.add_class("bgsim-caption")
        self.status = w.HTML()
        self.status.add_class("bgsim-status")
        nav = w.HBox([self.first_button, self.back_button, self.forward_button, self.last_button],
                     layout=w.Layout(flex_flow="row wrap"))
        nav.add_class("bgsim-controls")
        jumps = w.HBox([self.previous_game_button, self.next_game_button, self.previous_cube_button,
                        self.next_cube_button], layout=w.Layout(flex_flow="row wrap"))
        jumps.add_class("bgsim-jumps")
        side = w.VBox([w.HTML("<b>" + _("Moves") + "</b>"), self.moves],
                      layout=w.Layout(width="24em", min_width="14em"))
        side.add_class("bgsim-side")
        board_row = w.HBox([self.board, side])
        board_row.add_class("bgsim-board-row")
        aside = w.VBox([self.status, nav, jumps])
        aside.add_class("bgsim-aside")
        super().__init__([self.caption, board_row, self.slider, aside])
        self.add_class("bgsim-replay")
        self.add_class("bgsim-widget")
        self.present = present
        self.goto(record.cursor)

    def _label(self, i: int) -> str:
        step = self.record[i]
        caption = step.caption if len(step.caption) <= 90 else step.caption[:89] + "\u2026"
        return f"{i + 1}. {caption}"

    @property
    def index(self) -> int:
        """The step shown (0 = the first)."""
        return self.record.cursor

    @property
    def game_starts(self) -> tuple[int, ...]:
        """The index of the first step of each game, in order."""
        return tuple(self._game_starts)

    @property
    def stops(self) -> tuple[int, ...]:
        """The indices of the cube actions and resignations, in order (see :func:`is_cube_or_resignation`)."""
        return tuple(self._stops)

    def goto(self, i: int) -> None:
        """Show step ``i`` (negative counts from the end); the slider, the status and the move list follow."""
        step = self.record.goto(i)
        at = self.record.cursor
        if self.slider.value != at + 1:
            self.slider.value = at + 1
        if self.moves.value != at:
            self.moves.value = at
        self.caption.value = f'<div class="bgsim-caption-text">{html.escape(step.caption)}</div>'
        rules = step.rules
        names = self.record.names
        owner = _("centred") if step.cube_owner is None else _("owned by {name}").format(name=names[step.cube_owner])
        # a step's score is the score before its game; once the game is over its result counts
        # too, so the last step agrees with the play widget's status, naming the same rule
        result = step.snapshot.result
        won = list(step.score)
        if result is not None and result.winner is not None:
            won[result.winner] += result.points
        if rules.is_money:
            score = _("money play; won so far {a} {x}, {b} {y}").format(a=names[0], x=won[0], b=names[1], y=won[1])
        else:
            score = _("{n}-point match, {a} {x}, {b} {y}").format(n=rules.match_length, a=names[0], x=won[0],
                                                                   b=names[1], y=won[1])
            if step.crawford_game:
                score += _(", Crawford game (R28)")
        if result is not None:
            score += " \u00b7 " + score_text(result, names)
        n = len(self.record)
        games = len(self._game_starts)
        if isinstance(self.record, MatchRecord):
            game = "<b>" + _("game {number}").format(number=step.game_number) + "</b>" + _(" of {games}").format(
                games=games)
        else:
            game = "<b>" + _("game {number}").format(number=step.game_number) + "</b>"
        self.status.value = (game + _(", step {i} of {n}").format(i=at + 1, n=n) + " &middot; <b>"
                             + _("cube {value}").format(value=step.cube_value)
                             + f"</b> ({owner}) &middot; {html.escape(score)}")
        self.board.show(step.position, dice=step.dice, cube=(step.cube_value, step.cube_owner),
                        xgid_state=step.xgid_state())
        self.first_button.disabled = self.back_button.disabled = self.record.at_start
        self.forward_button.disabled = self.last_button.disabled = self.record.at_end
        self.previous_game_button.disabled = at == 0
        self.next_game_button.disabled = self._next_game_start() is None
        self.previous_cube_button.disabled = not any(s < at for s in self._stops)
        self.next_cube_button.disabled = not any(s > at for s in self._stops)

    def _on_move_chosen(self, change: dict) -> None:
        if change["new"] is not None and change["new"] != self.record.cursor:
            self.goto(change["new"])

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

    def _game_start(self) -> int:
        at = self.record.cursor
        return max(s for s in self._game_starts if s <= at)

    def _next_game_start(self) -> int | None:
        at = self.record.cursor
        return next((s for s in self._game_starts if s > at), None)

    def next_game(self) -> None:
        """The first step of the next game (nothing in the last game)."""
        target = self._next_game_start()
        if target is not None:
            self.goto(target)

    def previous_game(self) -> None:
        """The first step of the previous game; in the first game, its first step."""
        start = self._game_start()
        earlier = [s for s in self._game_starts if s < start]
        self.goto(earlier[-1] if earlier else start)

    def next_cube_action(self) -> None:
        """The next double, take, drop, beaver or resignation (nothing if none is left)."""
        at = self.record.cursor
        target = next((s for s in self._stops if s > at), None)
        if target is not None:
            self.goto(target)

    def previous_cube_action(self) -> None:
        """The previous double, take, drop, beaver or resignation (nothing if there is none)."""
        at = self.record.cursor
        earlier = [s for s in self._stops if s < at]
        if earlier:
            self.goto(earlier[-1])
