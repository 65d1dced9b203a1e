"""Monte Carlo estimates in a background thread, with a progress bar, a live convergence
plot and a Stop button that keeps what was found so far."""

from __future__ import annotations

import html
import threading
from typing import Any

import ipywidgets as w

from ..draw.charts import share_bars, share_over_games
from ..draw.svg import convergence
from ..engine.errors import BgsimError, EstimateError
from ..engine.i18n import _, fmt_count, fmt_number, fmt_percent, pgettext, side_name
from ..engine.position import Position
from ..game.rules import ENDING_MODES, Rules
from ..sim.montecarlo import DEFAULT_PLAYER, PLAYERS, Estimate, Interval, estimate, wilson_interval
from ._board import BoardWidget
from ._page import Presentable

__all__ = ["MonteCarloWidget"]

_BLOCK = 36            # games per block of first rolls (estimate's stratification)
CHUNK = 360            # games per chunk of the run (a multiple of the block)
_POINTS = 40           # about this many points on the convergence plot


def _rounds(games: int) -> list[int]:
    """Games per round: small rounds first (the plot moves at once), growing by half each time
    up to about 1/40 of the run, each a multiple of the first-roll block.

    >>> _rounds(100), sum(_rounds(10_000)) == 10_000, _rounds(100_000)[:4]
    ([36, 36, 28], True, [360, 540, 792, 1188])
    """
    cap = max(_BLOCK, games // _POINTS // _BLOCK * _BLOCK)
    size = min(cap, 10 * _BLOCK)
    out: list[int] = []
    left = games
    while left > 0:
        n = min(size, left)
        out.append(n)
        left -= n
        size = min(cap, int(size * 1.5) // _BLOCK * _BLOCK)
    return out


class MonteCarloWidget(Presentable, w.VBox):
    """Estimate a position's chances by playing it out many times, live.

    Choose the number of games, the players (the side on roll and its opponent) and the
    rules (ending mode V1, Jacoby X1, Caucasian hits V5, the cube's value), then Start:
    the games run in a background thread (the compiled game loop releases the GIL, so
    the notebook stays responsive) in rounds, each adding a point to the convergence plot
    and moving the progress bar. Stop ends the run between chunks and keeps the partial
    result on screen. The numbers are attributes too: :attr:`games`, :attr:`outcomes`,
    :attr:`equity`, :attr:`stopped`; :meth:`wait` waits for a run to end.

    Parameters
    ----------
    position : Position, optional
        The position played out, the side on roll moving first; the starting position by
        default.
    games : int, default 3600
        The number of games first shown in the "games" box.
    seed : int, default 0
        The seed first shown in the "seed" box: the same seed, settings and games give the
        same result.
    size : int or None, default 400
        The board's width in pixels; None: as wide as the page allows.
    present : bool, default False
        The presentation mode (a projector): a bigger board, the settings and results in big type.
    simple : bool, default False
        The learner's mode: only how many games to play (100, 1,000 or 10,000) and Play; the
        results are how often each side wins (and wins a gammon) as bars, and how often the side
        on roll wins as the games add up, each with the range it is very likely in. No equity,
        seed, rules or players on screen (the boxes are still there for code to set), and each
        run plays new dice (the seed goes up by one after a run), so pressing Play again shows
        how much a small run can wander.
    **drawing
        Keywords for the board (:func:`bgsim.draw.svg.board`): ``cube``, ``orientation``,
        ``theme`` ...

    >>> from bgsim import Position
    >>> mc = MonteCarloWidget(Position.from_counts({1: 1}, {2: 1}), games=72)
    >>> mc.start(); mc.wait(120)
    True
    >>> mc.games, mc.outcomes[0], mc.equity.value, mc.stopped
    (72, 72, 1.0, False)
    >>> simple = MonteCarloWidget(Position.from_counts({1: 1}, {2: 1}), simple=True)
    >>> simple.games_box.value, [box.layout.display for box in (simple.seed_box, simple.cube_box)]
    (100, ['none', 'none'])
    """

    def __init__(self, position: Position | None = None, *, games: int = 3600, seed: int = 0,
                 size: int | None = 400, present: bool = False, simple: bool = False, **drawing: Any) -> None:
        self.simple = simple
        if simple and games == 3600:
            games = 100
        self._position = Position.initial() if position is None else position
        self.board = BoardWidget(self._position, self._position.turn, size=size, **drawing)
        self.board.view.clickable = False
        style = {"description_width": "8em"}
        self.games_box = w.BoundedIntText(value=games, min=_BLOCK, max=10_000_000, step=_BLOCK,
                                          description=_("games"), style=style, layout=w.Layout(width="16em"))
        self.seed_box = w.BoundedIntText(value=seed, min=0, max=2**31 - 1, description=_("seed"), style=style,
                                         layout=w.Layout(width="16em"))
        self.player_box = w.Dropdown(options=PLAYERS, value=DEFAULT_PLAYER, description=_("side on roll"),
                                     style=style, layout=w.Layout(width="16em"))
        self.opponent_box = w.Dropdown(options=PLAYERS, value=DEFAULT_PLAYER, description=_("opponent"), style=style,
                                       layout=w.Layout(width="16em"))
        self.ending_box = w.Dropdown(options=list(ENDING_MODES), value="koks", description=_("ending (V1)"),
                                     style=style, layout=w.Layout(width="16em"))
        self.cube_box = w.Dropdown(options=(1, 2, 4, 8), value=1, description=_("cube"), style=style,
                                   layout=w.Layout(width="16em"))
        self.jacoby_box = w.Checkbox(value=False, description=_("Jacoby (X1)"), indent=False)
        self.caucasian_box = w.Checkbox(value=False, description=_("Caucasian hits (V5)"), indent=False)
        self.games_choice = w.ToggleButtons(options=[(fmt_count(n), n) for n in (100, 1000, 10_000)],
                                            value=games if games in (100, 1000, 10_000) else None,
                                            description=_("games to play"), style={"description_width": "auto"})
        self.games_choice.observe(self._games_chosen, "value")
        start = pgettext("a button: play the games", "Play") if simple else _("Start")
        self.start_button = w.Button(description=start, icon="play", button_style="success")
        self.start_button.add_class("bgsim-start")
        self.start_button.on_click(lambda _b: self.start())
        self.stop_button = w.Button(description=_("Stop"), icon="stop", button_style="danger", disabled=True)
        self.stop_button.add_class("bgsim-stop")
        self.stop_button.on_click(lambda _b: self.stop())
        self.progress = w.IntProgress(value=0, min=0, max=games, description=_("{n} games").format(n=0), style=style,
                                      layout=w.Layout(width="30em"))
        self.progress.add_class("bgsim-progress")
        self.plot = w.HTML(convergence([]))
        self.plot.add_class("bgsim-convergence")
        self.table = w.HTML()
        self.table.add_class("bgsim-mc-result")
        self.message = w.HTML()
        self.message.add_class("bgsim-message")
        expert = (self.games_box, self.seed_box, self.player_box, self.opponent_box, self.ending_box,
                  self.cube_box, self.jacoby_box, self.caucasian_box)
        if simple:                    # the learner's lab: how many games, and Play
            for box in expert:
                box.layout.display = "none"
        else:
            self.games_choice.layout.display = "none"
        self.bars = w.HTML()
        self.bars.add_class("bgsim-share-bars")
        settings = w.VBox([self.games_choice, *expert, w.HBox([self.start_button, self.stop_button])])
        settings.add_class("bgsim-aside")
        board_row = w.HBox([self.board, settings], layout=w.Layout(flex_flow="row wrap"))
        board_row.add_class("bgsim-board-row")
        results = [self.bars, self.plot] if simple else [self.plot, self.table]
        super().__init__([board_row, self.progress, w.HBox(results, layout=w.Layout(flex_flow="row wrap")),
                          self.message])
        self.add_class("bgsim-montecarlo")
        self.add_class("bgsim-widget")
        self.present = present
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._reset()
        if simple:
            self._show()

    # ------------------------------------------------------------------ state
    def _reset(self) -> None:
        self.games = 0
        self.outcomes: tuple[int, ...] = (0,) * 7
        self.equity: Interval | None = None
        self.result: Estimate | None = None
        self.trace: list[tuple[int, float, float]] = []
        #: How often the side on roll won after each round: ``(games, share, low, high)`` (95%).
        self.win_trace: list[tuple[int, float, float, float]] = []
        self.stopped = False
        self.error: str | None = None

    @property
    def position(self) -> Position:
        """The position played out (the side on roll is about to roll)."""
        return self._position

    @position.setter
    def position(self, position: Position) -> None:
        if self.running:
            raise EstimateError("stop the run before changing the position")
        self._position = position
        self.board.position = position

    @property
    def running(self) -> bool:
        """True while a run is going on."""
        return self._thread is not None and self._thread.is_alive()

    def rules(self) -> Rules:
        """The rules chosen in the boxes (money play)."""
        return Rules.money(ending=self.ending_box.value, jacoby=self.jacoby_box.value,
                           caucasian=self.caucasian_box.value, variant="hypergammon"
                           if self._position.checkers == 3 else "standard")

    def _games_chosen(self, change: dict) -> None:
        if change["new"] is not None:
            self.games_box.value = change["new"]

    # ------------------------------------------------------------------ actions
    def start(self) -> None:
        """Start a run in a background thread (nothing happens if one is going on)."""
        if self.running:
            return
        try:
            rules = self.rules()
        except BgsimError as e:
            self._say(str(e), error=True)
            return
        self._reset()
        total = int(self.games_box.value)
        self._stop.clear()
        self.progress.max = total
        self.progress.value = 0
        self.progress.bar_style = "info"
        self.start_button.disabled = True
        self.stop_button.disabled = False
        self._say(_("running..."))
        self._show()
        args = (rules, total, (self.player_box.value, self.opponent_box.value), int(self.seed_box.value),
                int(self.cube_box.value))
        if self.simple:               # the next Play throws new dice
            self.seed_box.value = min(self.seed_box.max, int(self.seed_box.value) + 1)
        self._thread = threading.Thread(target=self._run, args=args, name="bgsim-montecarlo", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Ask the run to stop after the chunk being played; what was played is kept."""
        self._stop.set()

    def before_close(self) -> None:
        """Closing the widget stops its run (after the chunk being played)."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the run to end; True if it has."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    # ------------------------------------------------------------------ the run
    def _run(self, rules: Rules, total: int, players: tuple[str, str], seed: int, cube: int) -> None:
        # Each round resumes the previous one, so the finished run is exactly
        # estimate(position, games=total, rng=seed, chunk_size=CHUNK): the widget shows what
        # the library computes, round by round.
        played = 0
        try:
            for n in _rounds(total):
                if self._stop.is_set():
                    self.stopped = True
                    break
                played += n
                est = estimate(self._position, rules, games=played, player=players, cube=cube,
                               rng=seed if self.result is None else None, resume=self.result,
                               chunk_size=CHUNK if self.result is None else None, stop=self._stop)
                self.result = est
                if est.games:
                    self.games = est.games
                    self.outcomes = tuple(int(c) for c in est.outcomes)
                    self.equity = est.equity
                    self.trace.append((self.games, est.equity.value, est.equity.half_width))
                    won = wilson_interval(sum(self.outcomes[:3]), self.games)
                    self.win_trace.append((self.games, won.value, won.low, won.high))
                    self._unit = est.equity_unit
                    self._show()
                if est.stopped:
                    self.stopped = True
                    break
        except Exception as e:
            self.error = str(e)
            self._say(_("the run failed: {why}").format(why=e), error=True)
        finally:
            self.start_button.disabled = False
            self.stop_button.disabled = True
            self.progress.bar_style = "warning" if self.stopped else "success" if not self.error else "danger"
            if not self.error:
                how = (_("stopped after {n} games: the partial result is kept").format(n=fmt_count(self.games))
                       if self.stopped else _("done: {n} games").format(n=fmt_count(self.games)))
                self._say(how)

    # ------------------------------------------------------------------ drawing
    def _say(self, text: str, error: bool = False) -> None:
        kind = "error" if error else "info"
        self.message.value = f'<div class="bgsim-{kind}">{html.escape(text)}</div>'

    def _show(self) -> None:
        self.progress.value = self.games
        self.progress.description = _("{n} games").format(n=fmt_count(self.games))
        if self.simple:
            self._show_simple()
            return
        self.plot.value = convergence(self.trace, unit=getattr(self, "_unit", "points per game"))
        n = self.games
        eq = self.equity
        if not n or eq is None:
            self.table.value = ""
            return
        o = self.outcomes

        def row(name: str, k: int) -> str:
            iv = wilson_interval(k, n)
            return (f"<tr><td>{name}</td><td>{fmt_percent(iv.value, 1)}</td>"
                    f"<td>{fmt_percent(iv.low, 1)} - {fmt_percent(iv.high, 1)}</td></tr>")

        rows = [row(_("wins"), o[0] + o[1] + o[2]), row(_("wins a gammon"), o[1] + o[2]),
                row(_("wins a backgammon"), o[2]), row(_("loses"), o[3] + o[4] + o[5]),
                row(_("loses a gammon"), o[4] + o[5])]
        rows.append(f"<tr><td><b>{_('equity')}</b></td><td><b>{fmt_number(eq.value, 3, sign=True)}</b></td>"
                    f"<td>{fmt_number(eq.low, 3, sign=True)} - {fmt_number(eq.high, 3, sign=True)}</td></tr>")
        strength = self.result.strength_text() if self.result is not None else ""
        self.table.value = ("<table class='bgsim-table'><tr><th>"
                            + _("{player} (on roll)").format(player=side_name(self._position.turn))
                            + "</th><th>" + _("estimate") + "</th><th>" + _("95% interval") + "</th></tr>"
                            + "".join(rows) + "</table>"
                            + (f"<p class='bgsim-strength'>{html.escape(strength)}</p>" if strength else ""))

    def _show_simple(self) -> None:
        """The learner's results: bars for how often, a line for how it settles (no equity)."""
        me, them = side_name(self._position.turn), side_name(1 - self._position.turn)
        n, o = self.games, self.outcomes
        empty = _("press Play: the games are played here, and counted")
        if not n:
            self.bars.value = share_bars([], empty=empty)
            self.plot.value = share_over_games([], _("{side} wins").format(side=me), empty=empty)
            return

        def bar(label: str, k: int) -> tuple[str, float, float, float]:
            iv = wilson_interval(k, n)
            return (label, iv.value, iv.low, iv.high)

        self.bars.value = share_bars([
            bar(_("{side} wins").format(side=me), o[0] + o[1] + o[2]),
            bar(_("{side} wins a gammon").format(side=me), o[1] + o[2]),
            bar(_("{side} wins").format(side=them), o[3] + o[4] + o[5]),
            bar(_("{side} wins a gammon").format(side=them), o[4] + o[5])])
        self.plot.value = share_over_games(self.win_trace, _("{side} wins").format(side=me))
