"""What a game is worth: result, cube, ending mode, Jacoby, money or match score."""

from __future__ import annotations

import html

import ipywidgets as w

from ..engine.errors import BgsimError, MatchEquityError, RuleViolationError
from ..engine.i18n import _, fmt_percent, ngettext, side_name
from ..game.rules import ENDING_MODES, ResultKind, Rules
from ..odds.equity import dead_cube_take_point, live_cube_take_point, match_equity, match_take_point
from ._page import PageKit, Presentable

__all__ = ["ScoreWidget"]

_CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)


class ScoreWidget(Presentable, w.VBox):
    """Score one game: who won, how (single, gammon, backgammon, R23), the cube, the ending
    mode (V1) and the Jacoby rule (X1) for money play, or the match score, length and the
    Crawford game (R27, R28); it shows the points won, the new score, the match equity
    before and after, and the take points.

    The numbers are also attributes: :attr:`points`, :attr:`new_score`. The widget brings
    its own styles (a page holding no board still shows the result in big type), and
    ``present=True`` (or the page's Present switch) sets everything at projector sizes.

    >>> s = ScoreWidget()
    >>> s.kind.value, s.cube.value = "gammon", 2
    >>> s.points, s.new_score
    (4, (4, 0))
    >>> s.mode.value = "match"; s.length.value = 5; s.score0.value = 3
    >>> s.points, s.new_score          # a gammon at cube 2 wins the 5-point match
    (4, (7, 0))
    """

    def __init__(self, *, present: bool = False) -> None:
        style = {"description_width": "7em"}
        self.winner = w.ToggleButtons(options=[(_("Light"), 0), (_("Dark"), 1)], value=0,
                                      description=_("Winner"),
                                      style=style)
        self.kind = w.ToggleButtons(options=[(_("single"), "single"), (_("gammon"), "gammon"),
                                             (_("backgammon"), "backgammon")], value="single",
                                    description=_("Result"), style=style)
        self.kind.add_class("bgsim-kind")
        self.cube = w.Dropdown(options=_CUBE_VALUES, value=1, description=_("Cube"), style=style,
                               layout=w.Layout(width="14em"))
        self.cube_turned = w.Checkbox(value=False, description=_("a double was taken (cube turned)"), indent=False)
        self.ending = w.Dropdown(options=[(f"{k.capitalize()} ({'/'.join(map(str, v))})", k)
                                          for k, v in ENDING_MODES.items()],
                                 value="koks", description=_("Ending (V1)"), style=style,
                                 layout=w.Layout(width="20em"))
        self.jacoby = w.Checkbox(value=False, description=_("Jacoby rule (X1)"), indent=False)
        self.mode = w.ToggleButtons(options=[(_("money"), "money"), (_("match"), "match")], value="money",
                                    description=_("Play"), style=style)
        self.length = w.BoundedIntText(value=7, min=1, max=25, description=_("Match to"), style=style,
                                       layout=w.Layout(width="12em"))
        # the scores are named by side, as everything a person reads (never "score 0")
        wide = {"description_width": "initial"}
        self.score0 = w.BoundedIntText(value=0, min=0, max=24, description=_("Light's score"), style=wide,
                                       layout=w.Layout(width="16em"))
        self.score1 = w.BoundedIntText(value=0, min=0, max=24, description=_("Dark's score"), style=wide,
                                       layout=w.Layout(width="16em"))
        self.crawford = w.Checkbox(value=False, description=_("this is the Crawford game (R28)"), indent=False)
        self.result = w.HTML()
        self.result.add_class("bgsim-score-result")
        self.message = w.HTML()
        self.message.add_class("bgsim-message")
        self._match_box = w.HBox([self.length, self.score0, self.score1, self.crawford],
                                 layout=w.Layout(flex_flow="row wrap"))
        self._money_box = w.HBox([self.jacoby])
        super().__init__([self.winner, self.kind, w.HBox([self.cube, self.cube_turned]), self.ending, self.mode,
                          self._money_box, self._match_box, self.result, self.message, PageKit()])
        self.add_class("bgsim-score")
        self.add_class("bgsim-widget")
        self.present = present
        for box in (self.winner, self.kind, self.cube, self.cube_turned, self.ending, self.jacoby, self.mode,
                    self.length, self.score0, self.score1, self.crawford):
            box.observe(self._update, names="value")
        self.cube.observe(lambda c: setattr(self.cube_turned, "value", c["new"] > 1), names="value")
        self.points: int | None = None
        self.new_score: tuple[int, int] | None = None
        self._update()

    def rules(self) -> Rules:
        """The :class:`~bgsim.game.rules.Rules` the boxes describe (an error if they clash)."""
        if self.mode.value == "money":
            return Rules.money(ending=self.ending.value, jacoby=self.jacoby.value)
        return Rules.match(self.length.value, ending=self.ending.value)

    def _update(self, _change=None) -> None:
        match = self.mode.value == "match"
        self._match_box.layout.display = "" if match else "none"
        self._money_box.layout.display = "none" if match else ""
        try:
            self._compute(match)
        except BgsimError as e:
            self.points = self.new_score = None
            self.result.value = ""
            self.message.value = f'<div class="bgsim-error">{html.escape(str(e))}</div>'
        else:
            self.message.value = ""

    def _compute(self, match: bool) -> None:
        rules = self.rules()
        kind = ResultKind.of(self.kind.value)
        cube, turned = self.cube.value, self.cube_turned.value
        winner = self.winner.value
        points = rules.points(kind, cube, cube_turned=turned)
        mult = rules.multiplier(kind, cube_turned=turned)
        lines = ["<div class='bgsim-big'>" + ngettext("{winner} wins {points} point",
                                                      "{winner} wins {points} points", points).format(
                     winner=side_name(winner), points=points) + "</div>",
                 _("{kind} counts {mult} (ending {ending}").format(kind=_(str(kind)), mult=mult,
                                                                    ending=self.ending.value.capitalize())
                 + (_(", Jacoby rule: cube not turned, X1") if rules.jacoby and not turned else "")
                 + ") &times; " + _("cube {cube} = {points}").format(cube=cube, points=points)]
        if not match:
            score = [0, 0]
            score[winner] = points
            self.points, self.new_score = points, (score[0], score[1])
            lines.append(_("take point against a double: {dead} with a dead cube, {live} with a live cube "
                           "(no gammons)").format(dead=fmt_percent(dead_cube_take_point(), 0),
                                                  live=fmt_percent(live_cube_take_point(), 0)))
            self.result.value = "<br>".join(lines)
            return
        n = rules.match_length
        before = (self.score0.value, self.score1.value)
        if max(before) >= n:
            raise MatchEquityError(_("a score of {score} has already won a {n}-point match (R27)").format(
                score=f"{before[0]}-{before[1]}", n=n))
        away = (n - before[0], n - before[1])
        one_away = (away[0] == 1) != (away[1] == 1)
        if self.crawford.value and not one_away:
            raise MatchEquityError(_("in the Crawford game exactly one side is 1 point away (R28)"))
        if self.crawford.value and cube != 1:
            raise RuleViolationError(_("the cube stays at 1 in the Crawford game (R28)"))
        post = one_away and not self.crawford.value
        after = list(before)
        after[winner] += points
        self.points, self.new_score = points, (after[0], after[1])
        me_before = match_equity(away[0], away[1], crawford=self.crawford.value, post_crawford=post)
        lines.append(_("score {before} &rarr; <b>{after}</b> in a {n}-point match").format(
            before=f"{before[0]}-{before[1]}", after=f"{after[0]}-{after[1]}", n=n))
        if max(after) >= n:
            lines.append("<b>" + _("{winner} wins the match").format(winner=side_name(winner)) + "</b>")
            me_after = 1.0 if winner == 0 else 0.0
        else:
            a0, a1 = n - after[0], n - after[1]
            was_one_away = 1 in away
            me_after = match_equity(a0, a1, post_crawford=was_one_away and (a0 == 1) != (a1 == 1))
            if (a0 == 1) != (a1 == 1) and not was_one_away:
                lines.append(_("the next game is the Crawford game (R28)"))
        lines.append(_("Light's match equity: {before} before, {after} after").format(
            before=fmt_percent(me_before, 1), after=fmt_percent(me_after, 1)))
        if not self.crawford.value:
            try:
                tp = [match_take_point(away[p], away[1 - p], cube) for p in (0, 1)]
            except BgsimError as e:
                lines.append(_("no take point at this score: {why}").format(why=html.escape(str(e))))
            else:
                lines.append(_("take point if doubled now (cube {cube} &rarr; {doubled}): Light {a}, Dark {b} "
                               "(dead cube)").format(cube=cube, doubled=2 * cube, a=fmt_percent(tp[0], 1),
                                                     b=fmt_percent(tp[1], 1)))
        self.result.value = "<br>".join(lines)
