"""Cube decisions of the evaluating players (``"net"``, ``"gnubg"``) from their own cubeless chances.

The model (documented, not learned): the player evaluates the position before the roll
(cubeless win, gammon and backgammon chances of the side on roll, R23) and feeds them to
:func:`bgsim.odds.equity.janowski_decision`:

- **Money** (R24-R26): Janowski's cubeful equity with cube life ``x`` =
  :data:`bgsim.odds.equity.DEFAULT_CUBE_LIFE` (0.68, the usual value for middle-game and race
  positions). The gammon rates enter as the average value of a win ``W`` and of a loss
  ``L``. The Jacoby rule (X1) is not in the model.
- **Bear-off** (both sides bearing off, contact over): the chances come from the bear-off
  databases (:func:`bgsim.odds.bearoff.race_chances`), not from the player.
- **Last roll** (:func:`is_last_roll`: the opponent bears off with any roll): the chances
  are exact (the share of the 36 rolls that bear off now) and the cube is dead (x = 0):
  double from 50%, take from 25%.
- **Match** (R27, R28): the Kazaross-XG2 match equity table, the gammon rates from the
  player's chances one roll deeper (:data:`MATCH_PLIES`: the average over the 21 rolls of
  its estimate after the play it would make; consistent like the 0-ply ones), and a live
  cube: Janowski's cube life in match-winning-chance space, with what
  owning the cube is worth at that score from the table (see
  :func:`bgsim.odds.equity.match_cubeful_mwc`; ``benchmarks/bench_match_cube.py`` compares it
  with gnubg's decisions). No
  doubling in the Crawford game (R28); post-Crawford the trailer's double costs nothing, and
  the table says so: it doubles at once.

Why one roll deeper at a match score and not in money play: against gnubg 0-ply's match
cube decisions (``benchmarks/bench_match_cube.py``, 2,400 decisions at 8 scores, and 2,400
more from other games) the 1-ply chances agree more often on the double (88.7% -> 89.5% and
93.0% -> 94.2%; 89 decisions better, 40 worse) and on the take, and give away less; they
are also closer to the network's own play-outs (mean error of the winning chance 0.027
against 0.030 over 80 positions played out 400 times). They cost about 5-15 ms a decision.
Money play keeps 0-ply: there is no judge of money cube decisions to show a gain.

The answer: take when the taker's equity after taking beats the drop (the take point).
Beaver (X2) only where the rules allow it (money play with ``Rules.money(beavers=True)``,
``game.can_beaver()``) and only when the taker is the favourite even with the doubled cube
(the doubler's equity after a take below zero). After a beaver the original doubler answers
the redouble: take when playing on against a cube of four times the value, owned by the
beaverer, costs less than giving up the doubled stake.

A game's match score is what the game knows (``game.id_score``, from an XGID or gnubg IDs);
a game of a :class:`bgsim.Match` starts from ``(0, 0)``.

>>> from bgsim import Game, Rules, Position
>>> from bgsim.sim.net import Net
>>> last = Position.from_counts({2: 2}, {1: 2})    # my last roll: 26 of 36 rolls bear both off
>>> d = cube_advice(Game(Rules.money(), position=last), Net())
>>> round(d.p_win, 4), d.cube_life, d.action
(0.7222, 0.0, 'Double, take')
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Protocol

from ..engine.errors import Refusal, RuleViolationError
from ..engine.i18n import N_, _
from ..engine.position import Position
from ..game.events import GameState
from ..odds.bearoff import EXACT_CHECKERS, race_chances
from ..odds.equity import DEFAULT_CUBE_LIFE, CubeDecision, GammonRates
from ..odds.equity import janowski_decision as _decide
from .strength import strength_note

__all__ = ["MATCH_PLIES", "CubeView", "Evaluator", "ExactEvaluator", "accept_double", "cube_advice", "cube_view",
           "decide", "is_last_roll", "offer_double"]

MATCH_PLIES = 1
"""How deep the player looks for its chances at a match score (1: one roll deeper, where its
``evaluate`` takes ``plies``; the module notes say why). Money play: 0."""


class Evaluator(Protocol):
    """Anything with ``evaluate(position)`` giving the side on roll's cubeless chances before the roll
    (``win``, ``win_gammon``, ``win_backgammon``, ``lose_gammon``, ``lose_backgammon``)."""

    def evaluate(self, position: Position) -> Any: ...


@lru_cache(maxsize=64)
def _takes_plies(kind: Any) -> bool:
    """Whether ``kind.evaluate`` takes ``plies`` (the network and gnubg do)."""
    try:
        return "plies" in inspect.signature(kind.evaluate).parameters
    except (TypeError, ValueError):   # pragma: no cover - a builtin without a signature
        return False


def _evaluate(evaluator: Evaluator, position: Position, plies: int) -> tuple[Any, int]:
    """``evaluator``'s chances for ``position`` at ``plies`` where it can look that deep; the
    chances and the depth used."""
    if plies and _takes_plies(type(evaluator)):
        return evaluator.evaluate(position, plies=plies), plies  # type: ignore[call-arg]
    return evaluator.evaluate(position), 0


@dataclass(frozen=True)
class _Chances:
    win: float
    win_gammon: float = 0.0
    win_backgammon: float = 0.0
    lose_gammon: float = 0.0
    lose_backgammon: float = 0.0


def _bears_off_now(position: Position) -> int:
    """How many of the 36 rolls let the side on roll bear off its last checker now (R16-R18, R22)."""
    n = 0
    for a in range(1, 7):
        for b in range(a, 7):
            if any(p.after is not None and p.after.is_game_over() for p in position.legal_plays((a, b))):
                n += 1 if a == b else 2
    return n


def is_last_roll(position: Position) -> bool:
    """True when the side on roll wins only by bearing off now: the opponent bears off its last
    checker with any roll, whatever the side on roll plays (a race, R16-R18).

    >>> is_last_roll(Position.from_counts({2: 2}, {1: 2})), is_last_roll(Position.initial())
    (True, False)
    """
    if position.is_game_over() or not position.is_race():
        return False
    theirs = position.swap()
    return _bears_off_now(theirs) == 36


class ExactEvaluator:
    """The exact chances of a last-roll position (:func:`is_last_roll`): win = the share of the
    36 rolls that bear everything off now (R16-R18); a miss loses a gammon when the side on
    roll has no checker off yet (R23)."""

    def evaluate(self, position: Position) -> _Chances:
        p = _bears_off_now(position) / 36
        gammon = 1.0 if position.off[0] == 0 else 0.0
        return _Chances(p, 0.0, 0.0, (1 - p) * gammon, 0.0)


@dataclass(frozen=True)
class CubeView:
    """A game's cube question seen from the side on roll (the doubler): the position, the cube
    value before any double, its owner (``"centered"``, ``"me"``, ``"opponent"``), the score as
    points away ``(mine, theirs)`` (``None``: money), the Crawford game."""

    position: Position
    cube: int
    owner: str
    away: tuple[int, int] | None
    crawford: bool


def cube_view(game) -> CubeView:
    """The cube question of ``game`` from the side on roll (its doubler), before the roll or
    while a double of the side on roll waits for an answer."""
    if game.state not in (GameState.AWAITING_DOUBLE_OR_ROLL, GameState.AWAITING_ANSWER):
        raise RuleViolationError(Refusal(
            _("a cube decision is made before the roll or in answer to a double; this game is {state}").format(
                state=game.state.name.lower().replace('_', ' ')), "R25"))
    pos = game.position
    me = pos.turn
    owner = "centered" if game.cube_owner is None else "me" if game.cube_owner == me else "opponent"
    rules = game.rules
    if not rules.is_match:
        return CubeView(pos, game.cube_value, owner, None, False)
    n = rules.match_length
    s = game.id_score
    return CubeView(pos, game.cube_value, owner, (n - s[me], n - s[1 - me]), bool(game.crawford_game))


def _share(part: float, whole: float) -> float:
    return min(1.0, max(0.0, part / whole)) if whole > 1e-12 else 0.0


def decide(view: CubeView, evaluator: Evaluator, *, cube_life: float = DEFAULT_CUBE_LIFE,
           plies: int | None = None) -> CubeDecision:
    """The cube decision of the doubler of ``view`` (its side on roll) from ``evaluator``'s chances
    (the module notes say how), without a game: the question as :func:`cube_view` reads it.
    ``plies`` overrides the depth of the chances (default: :data:`MATCH_PLIES` at a match score,
    0 in money play); for measuring one against the other.

    >>> last = Position.from_counts({2: 2}, {1: 2})
    >>> decide(CubeView(last, 1, "centered", (3, 3), False), ExactEvaluator()).action
    'Double, pass'
    """
    if plies is not None and plies not in (0, 1):
        raise ValueError(f"plies = {plies!r}: the chances are 0-ply or 1-ply")
    return _decision(view, evaluator, cube_life, plies)


def _decision(view: CubeView, evaluator: Evaluator, cube_life: float, plies: int | None = None) -> CubeDecision:
    known = race_chances(view.position)
    if is_last_roll(view.position):   # exact chances, and a dead cube: nobody gets to use it again
        e: Any = ExactEvaluator().evaluate(view.position)
        cube_life = 0.0
        source = _("Chances exact: the last roll (the share of the 36 rolls that bear off now); the cube is dead "
                   "(cube life 0)")
    elif known is not None:           # both sides bearing off: the databases know the chances
        e = known
        source = (_("Chances exact: the two-sided bear-off database (both sides at most {n} checkers, best play).")
                  .format(n=EXACT_CHECKERS) if known.method == "two-sided" else
                  _("Chances from the one-sided bear-off database: each side's rolls to bear off and to get a "
                    "first checker off (exact for players who minimise their expected rolls)."))
    else:
        want = (MATCH_PLIES if view.away is not None else 0) if plies is None else plies
        e, depth = _evaluate(evaluator, view.position, want)
        name = str(getattr(evaluator, "name", type(evaluator).__name__))
        source = ((_("Chances: {name}'s own cubeless evaluation before the roll (0-ply, no interval).") if depth == 0
                   else _("Chances: {name}'s own cubeless evaluation before the roll, one roll deeper (1-ply: the "
                          "average over the 21 rolls after its play; no interval).")).format(name=name)
                  + " " + strength_note(name, tail=N_("the decision is as good as the player's judgement.")))
    p = min(1.0, max(0.0, float(e.win)))
    rates = GammonRates(_share(e.win_gammon, p), _share(e.lose_gammon, 1 - p),
                        min(_share(e.win_backgammon, p), _share(e.win_gammon, p)),
                        min(_share(e.lose_backgammon, 1 - p), _share(e.lose_gammon, 1 - p)))
    owner = "me" if view.owner == "opponent" else view.owner   # only asked when the doubler may double
    away = view.away
    if away is not None and owner == "centered" and view.cube != 1:   # pragma: no cover - a match cube starts at 1
        owner = "me"
    d = _decide(p, gammons=rates, cube=view.cube, owner=owner, cube_life=cube_life, away=away,
               crawford=view.crawford and away is not None and ((away[0] == 1) != (away[1] == 1)))
    return replace(d, source=source)


def cube_advice(game, evaluator: Evaluator, *, cube_life: float = DEFAULT_CUBE_LIFE) -> CubeDecision:
    """The cube decision for the side on roll of ``game`` (double? take?) from ``evaluator``'s
    cubeless chances (see the module notes for the model).

    Raises :class:`~bgsim.engine.errors.RuleViolationError` naming the rule when the side on roll may
    not double: the cube is the opponent's (R25) or this is the Crawford game (R28).

    >>> from bgsim import Game, Rules
    >>> last = Game(Rules.money(), position=Position.from_counts({4: 1, 1: 1}, {1: 2}))   # 29 of 36 rolls
    >>> cube_advice(last, ExactEvaluator()).action
    'Double, pass'
    """
    view = cube_view(game)
    if view.owner == "opponent":
        raise RuleViolationError(Refusal(_("the cube belongs to the opponent: only its owner may double"), "R25"))
    return _decision(view, evaluator, cube_life)


def offer_double(game, evaluator: Evaluator, *, cube_life: float = DEFAULT_CUBE_LIFE) -> bool:
    """Whether the side on roll should double now (asked only when it may, R25, R28).

    >>> from bgsim import Game, Rules
    >>> offer_double(Game(Rules.money(), position=Position.from_counts({3: 2}, {1: 2})), ExactEvaluator())
    False
    """
    view = cube_view(game)
    if view.owner == "opponent" or (view.crawford and view.away is not None and 1 in view.away):
        return False
    return _decision(view, evaluator, cube_life).double


def accept_double(game, evaluator: Evaluator, *, cube_life: float = DEFAULT_CUBE_LIFE) -> str:
    """``"take"``, ``"drop"`` or ``"beaver"`` (X2, only when ``game.can_beaver()``) for the player
    who must answer the waiting double of ``game``.

    >>> from bgsim import Game, Rules
    >>> g = Game(Rules.money(beavers=True), position=Position.from_counts({6: 1, 2: 1}, {1: 2}))
    >>> g.double(); accept_double(g, ExactEvaluator())      # the doubler has 13 of 36 rolls: beaver (X2)
    'beaver'
    """
    view = cube_view(game)
    answerer = game.player_to_act
    if answerer == view.position.turn:
        # X2: the original doubler answers a beaver: take the cube at 4 x (the beaverer owns it)
        # when that costs less than giving up the doubled stake.
        # Beavers are money play. The cube shows 2c now (c: before the double), and the question
        # is that of a double of 2c: double_take is the doubler's equity at 4c with the beaverer
        # owning the cube, double_pass = 2c the stake a drop gives up.
        d = _decision(CubeView(view.position, game.cube_value, "centered", None, False), evaluator, cube_life)
        return "take" if d.double_take > -d.double_pass else "drop"
    d = _decision(view, evaluator, cube_life)
    if not d.take:
        return "drop"
    if view.away is None and game.can_beaver() and d.double_take < 0.0:
        return "beaver"
    return "take"
