"""How strong bgsim's players are: the measured numbers behind every estimate's honesty note.

A Monte Carlo estimate's interval covers the dice only: the games are played by a player
(``net``, ``heuristic`` ...) who makes mistakes, and the interval says nothing about them.
``bgsim/data/player-strength.json`` records each player's measured strength -- cubeless
points per game against gnubg's 0-ply player, with its 95% half width, the games and the
command that measured it -- and :func:`strength_note` turns it into the line that
:class:`bgsim.Estimate`, hints and the command line print.

>>> s = player_strength("net")
>>> s.opponent, s.ppg < 0
('gnubg 0-ply', True)
>>> print(strength_note("random"))
Player strength: random is unmeasured (no games against gnubg's 0-ply player recorded); the interval above
covers the dice only, not the player's errors.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from importlib import resources

from ..engine.i18n import N_, _, fmt_count, fmt_number, ngettext

__all__ = ["DECISION_ERROR_FILE", "INTERVAL_COVERS", "POSITION_CLASSES", "STRENGTH_FILE", "PlayerStrength",
           "decision_error", "error_note", "player_strength", "position_class", "strength_note", "strengths"]

STRENGTH_FILE = "player-strength.json"
_LOCK = threading.Lock()
_CACHE: dict[str, PlayerStrength] | None = None


@dataclass(frozen=True)
class PlayerStrength:
    """One player's measured strength (cubeless, money play) against ``opponent``.

    ``ppg``: points per game (negative: it loses points to the opponent), ``ppg_half_width``:
    its 95% half width; ``win_rate`` and ``games`` may be ``None`` when not recorded;
    ``command`` says how it was measured and ``date`` when; ``note`` any caveat.
    ``ppg_adjusted`` and ``ppg_adjusted_half_width``: the same games' luck-adjusted points per
    game, when measured (``benchmarks/bench_strength.py --luck``: each roll's luck, as a judge
    sees it, taken off the points): the same expected value, a narrower interval.
    """

    name: str
    opponent: str
    ppg: float
    ppg_half_width: float
    win_rate: float | None
    games: int | None
    command: str
    date: str
    note: str = ""
    ppg_adjusted: float | None = None
    ppg_adjusted_half_width: float | None = None

    def _adjusted(self) -> tuple[float, float] | None:
        """The luck-adjusted points per game and half width, if they were measured."""
        if self.ppg_adjusted is None or self.ppg_adjusted_half_width is None:
            return None
        return self.ppg_adjusted, self.ppg_adjusted_half_width

    @property
    def luck_adjusted(self) -> bool:
        """Whether the luck-adjusted figure was measured (then :meth:`text` quotes it)."""
        return self._adjusted() is not None

    @property
    def quoted(self) -> tuple[float, float]:
        """The points per game and 95% half width that :meth:`text` quotes: the luck-adjusted
        figure when it was measured (the narrower interval), else the raw one.

        >>> s = PlayerStrength("x", "gnubg 0-ply", -0.019, 0.017, 0.49, 20000, "", "", "", -0.018, 0.003)
        >>> s.quoted
        (-0.018, 0.003)
        >>> s.text()
        "x, -0.018 +- 0.003 points per game against gnubg's 0-ply player (20,000 games, luck-adjusted)"
        """
        return self._adjusted() or (self.ppg, self.ppg_half_width)

    def text(self) -> str:
        """The measurement in words, e.g. ``net, -0.070 +- 0.014 points per game against ...``."""
        opp = _("gnubg's 0-ply player") if self.opponent == "gnubg 0-ply" else self.opponent
        if self.name == "gnubg" and self.opponent == "gnubg 0-ply":
            return _("gnubg, the reference player itself (gnubg's 0-ply network)")
        games = ""
        if self.games:
            words = (ngettext("{n} game, luck-adjusted", "{n} games, luck-adjusted", self.games) if self.luck_adjusted
                     else ngettext("{n} game", "{n} games", self.games))
            games = " (" + words.format(n=fmt_count(self.games)) + ")"
        ppg, half = self.quoted
        return _("{name}, {ppg} +- {half} points per game against {opp}").format(
            name=self.name, ppg=fmt_number(ppg, 3, sign=True), half=fmt_number(half, 3), opp=opp) + games


def strengths() -> dict[str, PlayerStrength]:
    """Every recorded measurement, by player name (read once from ``bgsim/data/player-strength.json``)."""
    global _CACHE
    with _LOCK:
        if _CACHE is None:
            with resources.files("bgsim.data").joinpath(STRENGTH_FILE).open("r", encoding="utf-8") as f:
                data = json.load(f)
            _CACHE = {name: PlayerStrength(name=name, opponent=str(d["opponent"]), ppg=float(d["ppg"]),
                                           ppg_half_width=float(d["ppg_half_width"]),
                                           win_rate=_optional(d.get("win_rate")),
                                           games=None if d.get("games") is None else int(d["games"]),
                                           command=str(d.get("command", "")), date=str(d.get("date", "")),
                                           note=str(d.get("note", "")),
                                           ppg_adjusted=_optional(d.get("ppg_adjusted")),
                                           ppg_adjusted_half_width=_optional(d.get("ppg_adjusted_half_width")))
                      for name, d in data["players"].items()}
        return _CACHE


def _optional(x) -> float | None:
    return None if x is None else float(x)


def player_strength(name: str) -> PlayerStrength | None:
    """The measured strength of the player ``name``, or ``None`` if it was never measured."""
    return strengths().get(name)


#: What the honesty line says an estimate's interval covers.
INTERVAL_COVERS = N_("the interval above covers the dice only, not the player's errors.")


def strength_note(*names: str, tail: str = INTERVAL_COVERS) -> str:
    """The honesty line for results of games played by ``names`` (the players of both sides).

    >>> strength_note("net").startswith("Player strength: net, -0.")   # it loses points to gnubg
    True
    """
    parts = []
    for name in dict.fromkeys(names):   # each player once, in order
        s = player_strength(name)
        if s is None:
            parts.append(_("{name} is unmeasured (no games against {opp} recorded)").format(
                name=name, opp=_("gnubg's 0-ply player")))
        else:
            parts.append(s.text())
    return _("Player strength: {parts}; {tail}").format(parts="; ".join(parts), tail=_(tail))


# --------------------------------------------------------------------------- error by class of position
DECISION_ERROR_FILE = "decision-error.json"
_ERRORS: dict | None = None

#: The classes of position the error is measured in (gnubg's classes).
POSITION_CLASSES = ("contact", "crashed", "race", "bearoff")


def position_class(position) -> str:
    """The class of ``position``, after gnubg's classes: ``"bearoff"`` (contact over, both sides
    home, R16), ``"race"`` (contact over), ``"crashed"`` (a side has at most 6 checkers still in
    play, not counting the spares piled on its ace and deuce points: every checker there after
    the first) or ``"contact"``. bgsim's own reading of the idea, so a few positions near the
    edge are classed otherwise than gnubg does.

    >>> from bgsim import Position
    >>> position_class(Position.initial()), position_class(Position.from_counts({6: 2}, {6: 2}))
    ('contact', 'bearoff')
    >>> position_class(Position.from_counts({6: 2}, {12: 2}))
    'race'
    """
    if position.is_race():
        return "bearoff" if position.can_bear_off(0) and position.can_bear_off(1) else "race"
    for side in (position.mine, position.theirs):
        in_play = position.checkers - side[0] - max(0, side[1] - 1) - max(0, side[2] - 1)
        if in_play <= 6:
            return "crashed"
    return "contact"


def decision_error() -> dict:
    """The net's measured error by class of position (``bgsim/data/decision-error.json``, written by
    ``benchmarks/bench_decisions.py --write``): for each class the decisions judged, the equity
    given away per decision and the mean absolute error of the equity a hint shows, in points;
    an empty dict when it was never measured."""
    global _ERRORS
    with _LOCK:
        if _ERRORS is None:
            try:
                with resources.files("bgsim.data").joinpath(DECISION_ERROR_FILE).open("r", encoding="utf-8") as f:
                    _ERRORS = json.load(f)
            except FileNotFoundError:
                _ERRORS = {}
        return _ERRORS


def error_note(position, player: str = "net") -> str:
    """The line a hint prints next to its numbers: the measured error of ``player``'s 0-ply
    judgement in positions of this class, or ``""`` when it was not measured.

    >>> from bgsim import Position
    >>> error_note(Position.initial(), "gnubg")
    ''
    """
    data = decision_error()
    if player != data.get("player"):
        return ""
    kind = position_class(position)
    f = data.get("classes", {}).get(kind)
    if not f or f.get("shown_error") is None:
        return ""
    texts = {"contact": N_("Measured error in contact positions ({player}, 0-ply, judged by gnubg's 0-ply in {n} "
                           "decisions): it gives away {loss} points a decision, and the equity shown is off by "
                           "{shown} on average"),
             "crashed": N_("Measured error in crashed positions ({player}, 0-ply, judged by gnubg's 0-ply in {n} "
                           "decisions): it gives away {loss} points a decision, and the equity shown is off by "
                           "{shown} on average"),
             "race": N_("Measured error in races ({player}, 0-ply, judged by gnubg's 0-ply in {n} decisions): it "
                        "gives away {loss} points a decision, and the equity shown is off by {shown} on average"),
             "bearoff": N_("Measured error in bear-offs ({player}, judged by gnubg's 0-ply in {n} decisions): the "
                           "plays give away {loss} points a decision, and the equity shown, from the bear-off "
                           "databases, is off by {shown} on average")}
    return _(texts[kind]).format(player=player, n=fmt_count(f["decisions"]), loss=fmt_number(f["loss_per_decision"], 4),
                                 shown=fmt_number(f["shown_error"], 3))
