"""The position editor: click checkers onto the board, set the bar, the trays, the turn,
the cube and the dice, or paste an ID; impossible positions are refused with the reason."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..engine.errors import BgsimError, InvalidPositionError
from ..engine.i18n import _, side_name
from ..engine.ids import XgidState, decode_xgid
from ..engine.position import CHECKERS, Position
from ._board import BoardWidget, Click
from ._common import MessageLine, counts_of, to_player
from ._page import Presentable

__all__ = ["EditorWidget"]

_CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)
_NO_DIE = 0
_CENTRED = -1   # a Dropdown's None means "nothing selected"


class EditorWidget(Presentable, w.VBox):
    """Set up any position by clicking, and read it back as :attr:`position`.

    Pick a colour with the buttons (Light, Dark, remove), then click a point to put
    a checker of that colour there (taken from that player's tray of borne-off checkers)
    or to take one away; a bar half or a tray adds to it, or takes from it. The number
    boxes set the bar and borne-off counts directly; the toggles say who is on roll; the
    cube and dice go into the XGID. "Load" reads a gnubg Position ID (the side on roll
    stays) or an XGID (with its cube and dice).

    A change that would make an impossible position (16 checkers, two colours on one
    point, R2 and R7) is refused: the reason appears in the message line and the last
    valid position stays. Lessons and tests can click from Python through
    ``editor.board.view.click(...)``. ``present=True`` is the presentation mode (a
    projector: the board as wide as the page, the controls and the message beside it).

    >>> from bgsim import Position
    >>> start = Position.from_counts({6: 15}, {6: 14})        # player 1 has one checker off
    >>> ed = EditorWidget(start)
    >>> ed.colour.value = 1
    >>> ed.board.view.click("point", point=6)      # player 1's checker onto player 0's 6-point
    >>> ed.message.text
    "point 6 holds checkers of both sides (15 on roll, 1 opponent's; R7)"
    >>> ed.position == start
    True
    >>> ed.board.view.click("point", point=20)     # player 1's 5-point: fine
    >>> counts_of(ed.position, 1)[5], ed.message.text
    (1, '')
    >>> ed.board.view.click("point", point=20)     # a 16th checker
    >>> ed.message.text
    'Dark would have 16 checkers (16 on the board); each side has 15 (R2)'
    """

    def __init__(self, position: Position | None = None, perspective: int = 0, *, size: int | None = 560,
                 present: bool = False, **drawing: Any) -> None:
        self._position = Position.initial() if position is None else position
        self._checkers = self._position.checkers
        self.board = BoardWidget(self._position, perspective, size=size, ids_open=True, **drawing)
        self.board.on_click(self._on_board_click)
        self.colour = w.ToggleButtons(options=[(_("Light"), 0), (_("Dark"), 1), (_("remove"), -1)], value=0,
                                      description=_("Click adds"), style={"button_width": "6.5em"})
        self.colour.add_class("bgsim-colour")
        self.turn = w.ToggleButtons(options=[(_("Light"), 0), (_("Dark"), 1)], value=self._position.turn,
                                    description=_("On roll"), style={"button_width": "6.5em"})
        self.turn.add_class("bgsim-turn")
        small = w.Layout(width="11em")
        self.bar = [w.BoundedIntText(min=0, max=CHECKERS, description=_("bar {p}").format(p=side_name(p)),
                                  layout=small) for p in (0, 1)]
        self.off = [w.BoundedIntText(min=0, max=CHECKERS, description=_("off {p}").format(p=side_name(p)),
                                  layout=small) for p in (0, 1)]
        self.cube_value = w.Dropdown(options=_CUBE_VALUES, value=1, description=_("cube"), layout=small)
        self.cube_owner = w.Dropdown(options=[(_("centred"), _CENTRED), (_("Light"), 0), (_("Dark"), 1)],
                                     value=_CENTRED, description=_("owner"), layout=w.Layout(width="13em"))
        dice_options = [("-", _NO_DIE)] + [(str(d), d) for d in range(1, 7)]
        self.dice = [w.Dropdown(options=dice_options, value=_NO_DIE, description=_("die {i}").format(i=i + 1),
                                layout=small)
                     for i in (0, 1)]
        self.paste = w.Text(placeholder=_("paste a gnubg Position ID or an XGID"),
                            layout=w.Layout(width="32em", max_width="100%"))
        self.paste.add_class("bgsim-paste")
        self.load = w.Button(description=_("Load"), icon="upload", button_style="primary")
        self.load.add_class("bgsim-load")
        self.load.on_click(lambda _b: self.load_id(self.paste.value))
        self.clear_button = w.Button(description=_("Clear board"), icon="eraser", layout=w.Layout(width="auto"),
                                     tooltip=_("every checker off the board, into its tray: then click a position "
                                               "together"))
        self.clear_button.add_class("bgsim-clear")
        self.clear_button.on_click(lambda _b: self.clear())
        self.start_button = w.Button(description=_("Start position"), icon="refresh", layout=w.Layout(width="auto"),
                                     tooltip=_("the checkers where every game starts (R3)"))
        self.start_button.add_class("bgsim-start-position")
        self.start_button.on_click(lambda _b: self.start_position())
        self.message = MessageLine()
        self._syncing = False
        for box in (*self.bar, *self.off):
            box.observe(self._on_counts_box, names="value")
        self.turn.observe(self._on_turn, names="value")
        for box in (self.cube_value, self.cube_owner, *self.dice):
            box.observe(lambda _c: self._redraw(), names="value")
        paste_row = w.HBox([self.paste, self.load], layout=w.Layout(flex_flow="row wrap"))
        paste_row.add_class("bgsim-paste-row")
        dice_row = w.HBox([self.dice[0], self.dice[1]], layout=w.Layout(flex_flow="row wrap"))
        dice_row.add_class("bgsim-dice-row")
        board_row = w.HBox([self.clear_button, self.start_button], layout=w.Layout(flex_flow="row wrap"))
        board_row.add_class("bgsim-setup-row")
        # the dice near the top: a teacher sets them for nearly every position
        counts_row = w.HBox([self.bar[0], self.bar[1], self.off[0], self.off[1]], layout=w.Layout(flex_flow="row wrap"))
        counts_row.add_class("bgsim-counts-row")
        cube_row = w.HBox([self.cube_value, self.cube_owner], layout=w.Layout(flex_flow="row wrap"))
        cube_row.add_class("bgsim-cube-row")
        controls = w.VBox([dice_row, self.colour, board_row, self.turn, counts_row, cube_row, paste_row])
        controls.add_class("bgsim-controls")
        aside = w.VBox([controls, self.message])
        aside.add_class("bgsim-aside")
        super().__init__([self.board, aside])
        self.add_class("bgsim-editor")
        self.add_class("bgsim-widget")
        self.present = present
        self._show(self._position)

    # ------------------------------------------------------------------ reading
    @property
    def position(self) -> Position:
        """The current (always valid) position."""
        return self._position

    @position.setter
    def position(self, position: Position) -> None:
        if not isinstance(position, Position):
            raise InvalidPositionError(f"position must be a bgsim.Position, not {type(position).__name__}")
        self._checkers = position.checkers
        self._show(position)

    @property
    def xgid_state(self) -> XgidState:
        """The cube and dice set in the editor, for the XGID."""
        d = (self.dice[0].value, self.dice[1].value)
        owner = None if self.cube_owner.value == _CENTRED else self.cube_owner.value
        return XgidState(cube_value=self.cube_value.value, cube_owner=owner, dice=d if all(d) else (0, 0))

    # ------------------------------------------------------------------ actions
    def load_id(self, text: str) -> bool:
        """Load a gnubg Position ID or an XGID; on a bad one show why and keep the position."""
        text = (text or "").strip()
        try:
            if text.upper().startswith("XGID=") or ":" in text:
                mine, theirs, on_roll, state = decode_xgid(text, checkers=self._checkers)
                pos = Position(mine, theirs, on_roll)
                self._set_extras(state)
            else:
                pos = Position.from_gnubg_id(text, turn=self._position.turn, checkers=self._checkers)
        except BgsimError as e:
            self.message.say(_("cannot load {text}: {why}").format(text=repr(text), why=e), "error")
            return False
        self._show(pos)
        self.message.say(_("loaded"), "ok")
        return True

    def clear(self) -> bool:
        """Every checker off the board, into its side's tray ("Clear board"), to click a position together.

        >>> ed = EditorWidget(); ed.clear()
        True
        >>> ed.position.pips(), ed.message.text
        ((0, 0), 'board cleared: choose a colour and click the points to put checkers there')
        """
        empty = [[self._checkers] + [0] * 25 for _p in (0, 1)]
        return self._try(empty, self._position.turn,
                         _("board cleared: choose a colour and click the points to put checkers there"))

    def start_position(self) -> bool:
        """The checkers where every game starts (R3), the side on roll kept ("Start position").

        >>> ed = EditorWidget(); _ = ed.clear(); ed.start_position(), ed.position == Position.initial()
        (True, True)
        """
        if self._checkers != CHECKERS:
            self.message.say(_("the start position has {each} checkers a side, this board {n}").format(
                each=CHECKERS, n=self._checkers), "error")
            return False
        start = Position.initial(turn=self._position.turn)
        self._show(start)
        self.message.say(_("the start position (R3)"), "ok")
        return True

    def _set_extras(self, state: XgidState) -> None:
        self._syncing = True
        try:
            self.cube_value.value = state.cube_value if state.cube_value in _CUBE_VALUES else 1
            self.cube_owner.value = _CENTRED if state.cube_owner is None else state.cube_owner
            d1, d2 = state.dice
            self.dice[0].value = d1 if 1 <= d1 <= 6 else _NO_DIE
            self.dice[1].value = d2 if 1 <= d2 <= 6 else _NO_DIE
        finally:
            self._syncing = False

    def _counts(self) -> list[list[int]]:
        return [list(counts_of(self._position, p)) for p in (0, 1)]

    def _try(self, counts: list[list[int]], turn: int, done: str = "") -> bool:
        """Make the position from both players' counts, or refuse it with the reason."""
        try:
            for p in (0, 1):
                on_board = sum(counts[p][1:])
                if counts[p][0] < 0 or sum(counts[p]) != self._checkers:
                    raise InvalidPositionError(
                        _("{p} would have {n} checkers ({on_board} on the board); each side has {each} "
                          "(R2)").format(p=side_name(p), n=on_board + max(counts[p][0], 0), on_board=on_board,
                                         each=self._checkers))
            pos = Position(counts[turn], counts[1 - turn], turn)
        except InvalidPositionError as e:
            self.message.say(str(e), "error")
            self._show(self._position)   # put the number boxes back
            return False
        self._show(pos)
        self.message.say(done, "ok" if done else "info")
        return True

    def _on_board_click(self, click: Click) -> None:
        colour = self.colour.value
        counts = self._counts()
        persp = self.board.perspective
        kind = click["kind"]
        if kind == "tray":
            self.message.say(_("the trays hold the checkers borne off: set them with the 'off' boxes"), "info")
            return
        if kind == "bar":
            player, where = click["player"], 25
            if colour not in (-1, player):
                self.message.say(_("that is {player}'s half of the bar: choose {player} or "
                                   "remove").format(player=side_name(player)), "error")
                return
        elif colour in (0, 1):
            player, where = colour, to_player(click["point"], persp, colour)
        else:
            owners = [p for p in (0, 1) if counts[p][to_player(click["point"], persp, p)]]
            if not owners:
                self.message.say(_("point {point} is empty: nothing to remove").format(point=click["point"]),
                                 "error")
                return
            player = owners[0]
            where = to_player(click["point"], persp, player)
        if colour == -1:
            if not counts[player][where]:
                self.message.say(_("{player} has no checker on the bar: nothing to remove").format(
                    player=side_name(player)), "error")
                return
            counts[player][where] -= 1
            counts[player][0] += 1
        else:
            counts[player][where] += 1
            counts[player][0] -= 1   # from the tray; none left there: refused (R2)
        self._try(counts, self._position.turn)

    def _on_counts_box(self, _change: dict) -> None:
        if self._syncing:
            return
        counts = self._counts()
        for p in (0, 1):
            old_bar, old_off = counts[p][25], counts[p][0]
            new_bar, new_off = self.bar[p].value, self.off[p].value
            if new_bar != old_bar:   # checkers go between the tray and the bar
                counts[p][25] = new_bar
                counts[p][0] = old_off - (new_bar - old_bar)
            elif new_off != old_off:   # the tray alone: the total must stay right (R2)
                counts[p][0] = new_off
        self._try(counts, self._position.turn)

    def _on_turn(self, change: dict) -> None:
        if self._syncing:
            return
        self._try(self._counts(), change["new"])

    # ------------------------------------------------------------------ drawing
    def _show(self, pos: Position) -> None:
        self._position = pos
        self._syncing = True
        try:
            self.turn.value = pos.turn
            for p in (0, 1):
                c = counts_of(pos, p)
                self.bar[p].max = self.off[p].max = self._checkers
                self.bar[p].value = c[25]
                self.off[p].value = c[0]
        finally:
            self._syncing = False
        self._redraw()

    def _redraw(self) -> None:
        if self._syncing:
            return
        try:
            state = self.xgid_state
        except BgsimError as e:
            self.message.say(str(e), "error")
            state = None
        d = (self.dice[0].value, self.dice[1].value)
        self.board.show(self._position, dice=d if all(d) else None, xgid_state=state,
                        cube=(state.cube_value, state.cube_owner) if state else None)
