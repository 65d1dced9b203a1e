"""Play a game, a money session or a match against the computer (or another person) by clicking."""

from __future__ import annotations

import asyncio
import base64
import html
from typing import Any

import ipywidgets as w

from ..engine.errors import Refusal
from ..engine.i18n import N_, _, fmt_number, fmt_percent
from ..game.drive import Player
from ..game.events import GameState, Move
from ..game.narrator import is_you, score_text
from ..game.rules import ResultKind, Rules
from ..players.table import Table, TutorWarning
from ._board import Click
from ._common import MessageLine, from_player
from ._page import Presentable, close_all
from ._replay import ReplayWidget
from ._stepper import StepperWidget

__all__ = ["PlayWidget"]

_KINDS = [(N_("a single game"), "single"), (N_("a gammon"), "gammon"), (N_("a backgammon"), "backgammon")]


class PlayWidget(Presentable, w.VBox):
    """Play backgammon against the computer: a money game, a money session or a match of N points.

    The person is player 0, at the bottom of the board. **Roll**, then move by clicking on the
    board as on the teaching stepper (click a checker, then where it goes: a step the rules
    refuse is answered with the rule), **Undo** a step, **Done** to commit the play. **Double**,
    **Take**, **Drop**, **Beaver**, **Offer to resign** (a single game, gammon or backgammon)
    and **Accept** / **Refuse** a resignation are buttons; every button can be pressed at any
    time, and one the rules do not allow now answers with the rule that says why (nothing
    changes). The computer's turns are shown one action at a time (every ``delay`` seconds,
    or with **Next**), and each play goes into the move list in notation. The cube, the score,
    the match score and the Crawford state are always in the status line.

    At the end of a game: how it was scored, its replay (:class:`ReplayWidget`; at the end of a
    match, the whole match) and the game, session or match so far as a ``.mat`` file to
    download (gnubg imports it); **New game** plays the next game of a session or match. A
    session can go on for hundreds of games: each game end costs the same, and the widgets of
    the last game's end are closed. :meth:`close` closes every widget the play widget is made of.

    **Hint** shows the network's best plays (arrows on the board for the best one) with their
    equities, before the roll its chances; ``tutor=True`` warns before a play is committed
    when it loses more than ``tutor_threshold`` against the network's best play, and shows the
    better play (press **Done** again to keep yours). The hint and the tutor are the network's
    opinion one roll ahead (1-ply, :attr:`bgsim.players.table.Table.judge_plies`), not the truth.

    Parameters
    ----------
    opponent : str, Player or None
        The computer (``"net"`` by default, or ``"heuristic"``, ``"pubeval"``, ``"random"``,
        or any :class:`~bgsim.game.drive.Player`); ``None``: two people on one screen.
    match : int, optional
        A match to this many points (R27, R28); default money play.
    session : bool
        Money play: a session of games instead of one game.
    rules : Rules, optional
        The rules (default ``Rules.money()`` or ``Rules.match(match)``).
    names : pair of str
        The person's and the computer's names (default "You" and "Computer", in the language spoken).
    rng : int, SeedSequence or Generator, optional
        The dice: a seed makes the game repeatable.
    tutor : bool, default False
        Warn before committing a play that loses more than ``tutor_threshold`` (points per game).
    tutor_threshold : float, default 0.08
    hint : bool, default True
        Show the Hint button.
    delay : float or None, default 0.8
        Seconds between the computer's actions; 0: all at once; None: one per press of **Next**.
    size : int or None, default 560
        The board's width in pixels.
    present : bool, default False
        The presentation mode (a projector).

    >>> from bgsim.players.players import HandwrittenPlayer
    >>> p = PlayWidget(HandwrittenPlayer(), rng=3, delay=0)
    >>> p.stepper.click(13); p.message.text                   # before the roll: refused with the rule
    'roll the opening roll first (R4)'
    >>> p.roll(); p.table.game.dice
    (5, 1)
    >>> p.stepper.click(24); p.stepper.click(23); p.stepper.click(13); p.stepper.click(8); p.done()
    >>> p.moves_list()[-1]
    'Computer 2-2: 6/2* 6/2'
    """

    def __init__(self, opponent: str | Player | None = "net", *, match: int | None = None, session: bool = False,
                 rules: Rules | None = None, names: tuple[str, str] | None = None, rng: Any = None,
                 tutor: bool = False, tutor_threshold: float = 0.08, hint: bool = True,
                 delay: float | None = 0.8, size: int | None = 560, present: bool = False) -> None:
        self.table = Table(opponent, match=match, session=session, rules=rules, names=names, rng=rng, tutor=tutor,
                           tutor_threshold=tutor_threshold)
        self.delay = delay
        self._shown_turn: tuple[int, int] | None = None   # (game number, event count) the stepper was set up for
        self._pending = False
        self.stepper = StepperWidget(self.table.game.position, perspective=0, size=size, show_answers=False)
        for part in (self.stepper.roll_button, self.stepper.set_button, *self.stepper.die_boxes,
                     self.stepper.next_button, self.stepper.answers_button, self.stepper.undo_button,
                     self.stepper.message):
            part.layout.display = "none"           # the play widget's own buttons and message line
        self.stepper.board.on_click(self._after_click)

        def button(description: str, css: str, action, icon: str = "", style: str = "",
                   tooltip: str = "") -> w.Button:
            b = w.Button(description=description, icon=icon, button_style=style, tooltip=tooltip,
                         layout=w.Layout(width="auto"))
            b.add_class(css)
            b.on_click(lambda _b: action())
            return b

        self.roll_button = button(_("Roll"), "bgsim-play-roll", self.roll, "cube", "primary")
        self.done_button = button(_("Done"), "bgsim-play-done", self.done, "check", "success",
                                  _("commit the play you made on the board"))
        self.undo_button = button(_("Undo"), "bgsim-play-undo", self.undo, "undo", tooltip=_("take back a step"))
        self.double_button = button(_("Double"), "bgsim-play-double", self.double, "arrow-up")
        self.take_button = button(_("Take"), "bgsim-play-take", self.take)
        self.drop_button = button(_("Drop"), "bgsim-play-drop", self.drop)
        self.beaver_button = button(_("Beaver"), "bgsim-play-beaver", self.beaver,
                                    tooltip=_("take and redouble (X2)"))
        self.resign_kind = w.Dropdown(options=[(_(label), v) for label, v in _KINDS], value="single",
                                      layout=w.Layout(width="auto"))
        self.resign_kind.add_class("bgsim-play-resign-kind")
        self.resign_button = button(_("Offer to resign"), "bgsim-play-resign", self.offer_resignation, "flag")
        self.accept_button = button(_("Accept"), "bgsim-play-accept", self.accept_resignation,
                                    tooltip=_("accept the resignation offered"))
        self.refuse_button = button(_("Refuse"), "bgsim-play-refuse", self.reject_resignation,
                                    tooltip=_("refuse the resignation offered: play on"))
        self.hint_button = button(_("Hint"), "bgsim-play-hint", self.hint, "lightbulb-o",
                                  tooltip=_("the network's best plays (its opinion)"))
        self.hint_button.layout.display = None if hint else "none"
        self.next_button = button(_("Next"), "bgsim-play-next", self.next, "forward",
                                  tooltip=_("the computer's next action"))
        self.new_button = button(_("New game"), "bgsim-play-new", self.new_game, "refresh")
        self.status = w.HTML()
        self.status.add_class("bgsim-play-status")
        self.status.add_class("bgsim-status")
        self.message = MessageLine()
        self.message.add_class("bgsim-play-message")
        self.hint_box = w.HTML()
        self.hint_box.add_class("bgsim-play-hint-text")
        self.moves = w.HTML()
        self.moves.add_class("bgsim-play-moves")
        self.end = w.VBox()
        self.end.add_class("bgsim-play-end")
        self.replay: ReplayWidget | None = None
        self.download = w.HTML()
        self.download.add_class("bgsim-play-download")
        rows = [w.HBox([self.roll_button, self.undo_button, self.done_button, self.next_button],
                       layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.double_button, self.take_button, self.drop_button, self.beaver_button],
                       layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.resign_kind, self.resign_button, self.accept_button, self.refuse_button],
                       layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.hint_button, self.new_button], layout=w.Layout(flex_flow="row wrap"))]
        controls = w.VBox(rows)
        controls.add_class("bgsim-controls")
        side = w.VBox([self.message, controls, self.hint_box, w.HTML("<b>" + _("Moves") + "</b>"), self.moves],
                      layout=w.Layout(width="22em", min_width="16em"))
        side.add_class("bgsim-play-side")
        row = w.HBox([self.stepper, side], layout=w.Layout(flex_flow="row wrap"))
        row.add_class("bgsim-play-row")
        super().__init__([self.status, row, self.end])
        self.add_class("bgsim-play")
        self.add_class("bgsim-widget")
        self.present = present
        self._refresh()
        self.message.say(self.table.prompt(), "info")

    # ------------------------------------------------------------------ the person's buttons
    def _answer(self, found: Refusal | None, done: str = "") -> None:
        """Show a refusal (its rule), or after an action the computer's turn and the new state."""
        if found is not None:
            self.message.say(str(found), "error")
            self._refresh()
            return
        self.hint_box.value = ""
        self._after_action(done)

    def roll(self) -> None:
        """Roll the dice (the opening roll first, R4)."""
        self._answer(self.table.roll())

    def double(self) -> None:
        """Offer a double (R25)."""
        self._answer(self.table.double())

    def take(self) -> None:
        """Take the double (R26)."""
        self._answer(self.table.take())

    def drop(self) -> None:
        """Drop the double (R26)."""
        self._answer(self.table.drop())

    def beaver(self) -> None:
        """Beaver the double (X2)."""
        self._answer(self.table.beaver())

    def offer_resignation(self, kind: ResultKind | str | None = None) -> None:
        """Offer to resign the kind chosen in the drop-down (or ``kind``), R30."""
        if kind is not None:
            self.resign_kind.value = ResultKind.of(kind).name.lower()
        self._answer(self.table.offer_resignation(self.resign_kind.value))

    def accept_resignation(self) -> None:
        """Accept the resignation offered (R30)."""
        self._answer(self.table.accept_resignation())

    def reject_resignation(self) -> None:
        """Refuse the resignation offered (R30)."""
        self._answer(self.table.reject_resignation())

    def undo(self) -> None:
        """Take back the last step of the play being made (or the warning of the tutor)."""
        turn = self.stepper.turn
        if turn is None or self.table.game.state is not GameState.AWAITING_PLAY or self.table.waiting_for_computer:
            self.message.say(_("nothing to undo: steps can be taken back only before Done"), "error")
            return
        self.stepper.undo()
        self._decorate()
        self.message.say(self.stepper.message.text or _("took back a step"), self.stepper.message.kind)

    def done(self) -> None:
        """Commit the play made on the board (the tutor may warn first)."""
        table, turn = self.table, self.stepper.turn
        found = table.game.why_not("play", table.person())
        if found is not None or table.waiting_for_computer:
            self._answer(found or Refusal(_("it is the computer's turn: press Next"), "R10", cite=False))
            return
        if turn is None or turn.start != table.game.position:
            self._sync()
            turn = self.stepper.turn
        assert turn is not None
        if not turn.is_complete:
            left = _(" and ").join(str(d) for d in turn.dice_left)
            self.message.say(_("the play is not finished: {left} still to play; a roll is played in full when it "
                               "can be (R10, R11)").format(left=left), "error")
            return
        result = table.commit(turn.play)
        if isinstance(result, TutorWarning):
            # the learner's own play stays on the board (the better one is named in the warning),
            # and the message says what to do next: Done again keeps it, Undo changes it
            self.message.say(result.text, "error")
            return
        self._answer(result)

    def hint(self) -> None:
        """The network's best plays for the dice rolled (the best drawn as arrows), or its chances before the
        roll. Its opinion at 1-ply, not the truth."""
        table = self.table
        if table.waiting_for_computer or table.game.is_over or table.game.player_on_roll is None:
            self.message.say(_("a hint is for your own turn"), "error")
            return
        ranking = table.ranking()
        if ranking is not None:
            best = ranking[:3]
            items = "".join("<li>{play} &nbsp; {eq}{loss}</li>".format(
                play=html.escape(str(c.play)), eq=_("equity {eq}").format(eq=fmt_number(c.equity, 3, sign=True)),
                loss="" if c.rank == 1 else f" (&minus;{fmt_number(c.loss, 3)})") for c in best)
            self.hint_box.value = ("<b>" + _("The net's best plays") + "</b> "
                                   + _("(its opinion, cubeless, one roll ahead):")
                                   + f"<ol>{items}</ol><small>{html.escape(ranking.strength_text())}</small>")
            turn = self.stepper.turn
            if turn is not None:   # the top plays from the roll's start, best first (numbered badges)
                self.stepper.board.show(turn.start, arrows=[c.play for c in best], play=None, highlight=(),
                                        dice=turn.dice)
            self.message.say(_("hint: the arrows show the net's {n} best plays, best first: {play}").format(
                n=len(best), play=best[0].play), "info")
            return
        if table.no_hint and table.game.state is GameState.AWAITING_PLAY:
            self.message.say(_("no hint here: {why}").format(why=table.no_hint), "error")
            return
        chances = table.chances()
        if chances is None:
            self.message.say(_("no hint here: the net judges standard backgammon only (R2, X3)"), "error")
            return
        win, gammon, lost_gammon = chances
        name = table.names[table.game.player_on_roll or 0]
        cube = table.cube_advice()
        whose = _("The net's chances for You") if is_you(name) else _("The net's chances for {name}")
        self.hint_box.value = ("<b>" + whose.format(name=html.escape(name)) + "</b> "
                               + _("(cubeless, before the roll): win {win}, win a gammon {gammon}, lose a gammon "
                                   "{lost}.").format(win=fmt_percent(win, 0), gammon=fmt_percent(gammon, 0),
                                                     lost=fmt_percent(lost_gammon, 0))
                               + ("<br><b>" + _("The cube:") + f"</b> {html.escape(cube)}" if cube else ""))
        self.message.say(_("hint: the net's chances are beside the board; roll for its best plays"), "info")

    def next(self) -> None:
        """The computer's next action (shown, and written into the move list)."""
        said = self.table.step_computer()
        if said is None:
            self.message.say(_("nothing to wait for: {prompt}").format(prompt=self.table.prompt()), "info")
            return
        self._pending = False
        self._refresh()
        self.message.say(said, "info")
        if self.table.waiting_for_computer:
            self._schedule()
        else:
            self._your_turn(said)

    def new_game(self) -> None:
        """Start the next game of the session or match."""
        found = self.table.new_game()
        if found is None:
            self._clear_end()
        self._answer(found)

    def _clear_end(self) -> None:
        """Take the last game's result and replay off the screen, and close them (the download line is reused)."""
        shown = [part for part in self.end.children if part is not self.download]
        self.end.children = ()
        self.replay = None
        self.download.value = ""
        for part in shown:
            close_all(part)

    def refresh(self) -> None:
        """Draw everything again from the table (after driving :attr:`table` directly, as tests and lessons may)."""
        self._refresh()
        self.message.say(self.table.prompt(), "ok" if self.table.game.is_over else "info")

    # ------------------------------------------------------------------ reading
    def moves_list(self) -> list[str]:
        """The current game's move list (plays in notation, cube and resignation actions)."""
        return self.table.moves()

    def mat(self) -> str:
        """The game, session or match so far as a ``.mat`` file's text (gnubg imports it)."""
        return self.table.mat()

    # ------------------------------------------------------------------ the flow
    def _after_action(self, done: str) -> None:
        self._refresh()
        if self.table.waiting_for_computer:
            self.message.say(done or self.table.prompt(), "info")
            self._schedule()
        else:
            self._your_turn(done)

    def _your_turn(self, said: str) -> None:
        prompt = self.table.prompt()
        self.message.say(f"{said} {prompt}".strip() if said else prompt, "ok" if self.table.game.is_over else "info")

    def _schedule(self) -> None:
        """Let the computer act: at once (``delay=0``), after ``delay`` seconds, or at the press of Next."""
        if self.delay is None or self._pending:
            return
        if self.delay <= 0:
            said = self.table.run_computer()
            self._refresh()
            self._your_turn(said[-1] if said else "")
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:      # no event loop (a script): no timer, all at once
            said = self.table.run_computer()
            self._refresh()
            self._your_turn(said[-1] if said else "")
            return
        self._pending = True
        loop.call_later(self.delay, self._tick)

    def _tick(self) -> None:
        if self._pending:
            self._pending = False
            if self.table.waiting_for_computer:
                self.next()

    def _after_click(self, _click: Click) -> None:
        """After the stepper's answer to a click: the game's refusal when it is not the person's play now."""
        table = self.table
        found = table.game.why_not("play", table.person())
        if found is None and table.waiting_for_computer:
            found = Refusal(_("it is the computer's turn: press Next"), "R10", cite=False)
        if found is not None:
            self.message.say(str(found), "error")
            self._sync()
            return
        self.hint_box.value = ""
        self.message.say(self.stepper.message.text, self.stepper.message.kind)
        self._decorate()

    def _sync(self) -> None:
        """Put the game's position (and the dice of a person's play) on the stepper, once per turn."""
        table = self.table
        game = table.game
        key = (len(table.series.games), len(game.events))
        person_plays = game.state is GameState.AWAITING_PLAY and not table.waiting_for_computer
        if person_plays:
            if self._shown_turn != key:
                self.stepper.set_position(game.position, game.dice)
                self._shown_turn = key
        else:
            self.stepper.set_position(game.position)
            self._shown_turn = None
            if game.dice is not None:
                self.stepper.board.redraw(dice=game.dice)
            self._mark_computer_play()
        self._decorate()

    def _mark_computer_play(self) -> None:
        """The computer's play just made, highlighted on the board: the points its checkers left
        and reached (the bar and the tray included), so the person sees what moved."""
        events = self.table.game.events
        last = events[-1] if events else None
        if isinstance(last, Move) and last.player != self.table.person():
            persp = self.stepper.board.perspective
            marks = {from_player(p, last.player, persp) for step in last.play.steps for p in step[:2]}
            self.stepper.board.redraw(highlight=tuple(sorted(marks)))

    def _decorate(self) -> None:
        """The cube and the names on the board (the stepper draws the checkers and dice)."""
        game = self.table.game
        self.stepper.board.redraw(cube=(game.cube_value, game.cube_owner), names=self.table.names)

    def _refresh(self) -> None:
        table = self.table
        self._sync()
        self.status.value = f"<b>{html.escape(table.status())}</b>"
        items = "".join(f"<li>{html.escape(m)}</li>" for m in table.moves())
        self.moves.value = (f"<ol class='bgsim-play-movelist'>{items}</ol>" if items
                            else "<i>" + _("no moves yet") + "</i>")
        if table.game.is_over and not self.end.children:
            self._show_end()

    def _show_end(self) -> None:
        """The result with how it was scored, the replay and the .mat download."""
        self._clear_end()
        table = self.table
        result = table.game.result
        assert result is not None
        text = score_text(result, table.names)
        series = table.series
        if table.is_match and table.finished:
            winner = table.names[getattr(series, "winner", 0) or 0]
            text += (_(" You won the match {a}-{b}.") if is_you(winner) else
                     _(" {name} won the match {a}-{b}.")).format(name=winner, a=series.score[0], b=series.score[1])
        heading = w.HTML(f"<div class='bgsim-play-result'><b>{html.escape(text)}</b></div>")
        heading.add_class("bgsim-play-result-box")
        mat = table.mat()
        data = base64.b64encode(mat.encode("utf-8")).decode("ascii")
        filename = "bgsim-match.mat" if table.is_match else "bgsim-game.mat"
        self.download.value = (f"<a class='bgsim-mat-link' download='{filename}' "
                               f"href='data:text/plain;charset=utf-8;base64,{data}'>" + _("Download the .mat file")
                               + "</a> " + _("(GNU Backgammon: File &gt; Import &gt; .mat)"))
        # The replay of the game just played (a session's earlier games are in the .mat file); at the end of
        # a match, the whole match. Each game end builds one, so its cost must not grow with the session.
        record = table.record() if table.is_match and table.finished else table.game_record()
        self.replay = ReplayWidget(record, size=480)
        self.replay.last()
        self.end.children = (heading, self.download, w.HTML("<b>" + _("Replay") + "</b>"), self.replay)
