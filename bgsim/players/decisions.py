"""Cube decisions from a position: the chances estimated by play-outs, then the decision.

:func:`bgsim.odds.equity.janowski_decision` answers "double? take?" from a winning chance and gammon
rates typed in. :func:`cube_decision` here also takes a :class:`~bgsim.engine.position.Position`
(or a :class:`~bgsim.game.game.Game` about to roll, which brings its cube, score and rules): it
plays the position out with a chosen player (:func:`bgsim.sim.montecarlo.estimate`, cubeless),
reads the winning chance and the gammon rates from the games, and gives the decision with

- the winning chance's confidence interval, and the verdicts at its two ends: one verdict
  means the games settle the decision, two or more that it is too close to call with that
  many games;
- the player's caveat: the chances are those of the games the player played, as strong as
  that player (:data:`bgsim.sim.montecarlo.PLAYERS`).

>>> from bgsim import Position
>>> race = Position.from_counts({6: 2, 5: 2, 4: 3}, {6: 3, 5: 3, 4: 3, 3: 1})   # a race, 34 vs 48 pips
>>> d = cube_decision(race, games=3600, rng=1, player="heuristic")
>>> d.action, d.actions_in_interval
('Double, pass', ('Double, pass',))
>>> print(d)                                     # doctest: +ELLIPSIS
Money game, cube 1 centred, cube life x = 0.68 (Janowski)
Winning chance 93.1% [92.3, 93.9]; gammons 0% of wins, 0% of losses
...
Proper cube action: Double, pass
Across the winning chance's interval the action is the same
Chances from 3,600 games played out by heuristic vs heuristic (seed 1); they depend on the player: ...
>>> close = Position.from_counts({6: 2, 5: 3, 4: 3}, {6: 3, 5: 3, 4: 3})       # 39 vs 45 pips
>>> cube_decision(close, games=3600, rng=1, player="heuristic").actions_in_interval   # too close to call
('Double, take', 'Double, pass')
>>> cube_decision(0.72).action                   # a chance: the formula alone, no play-outs
'Double, take'
"""

from __future__ import annotations

import numbers
from dataclasses import replace

from ..engine.errors import InvalidSettingError, MatchEquityError, RuleViolationError
from ..engine.i18n import _, fmt_count
from ..engine.position import Position
from ..game.events import GameState
from ..game.game import Game
from ..game.rules import Rules
from ..odds.equity import DEFAULT_CUBE_LIFE, CubeDecision, GammonLike, GammonRates, match_away
from ..odds.equity import janowski_decision as decide_from_chance
from ..sim.montecarlo import DEFAULT_PLAYER, Estimate, describe_player, estimate

__all__ = ["DEFAULT_GAMES", "cube_decision"]

#: Games played out when :func:`cube_decision` is given a position and no ``games``.
DEFAULT_GAMES = 10_000


def _share(part: float, whole: float) -> float:
    return min(1.0, part / whole) if whole > 0 else 0.0


def _rates(est: Estimate) -> tuple[float, GammonRates]:
    """The cubeless winning chance and the gammon rates (shares of wins and of losses) the games gave."""
    win, lose = est.win.value, est.opp_win.value
    rates = GammonRates(_share(est.gammon.value, win), _share(est.opp_gammon.value, lose),
                        _share(est.backgammon.value, win), _share(est.opp_backgammon.value, lose))
    return win, rates


def _caveat(est: Estimate) -> str:
    me, opp = est.players
    who = (_("{me} vs {opp}") if me == opp else _("{me} (on roll) vs {opp}")).format(me=me, opp=opp)
    what = describe_player(me) if me == opp else f"{me}: {describe_player(me)}; {opp}: {describe_player(opp)}"
    seed = _("seed {seed}").format(seed=est.seed) + (
        _(", spawn key {key}").format(key=est.spawn_key) if est.spawn_key else "")
    stopped = _(", STOPPED EARLY") if est.stopped else ""
    return _("Chances from {n} games played out by {who} ({seed}{stopped}); they depend on the player: {what}. "
             "{strength}").format(n=fmt_count(est.games), who=who, seed=seed, stopped=stopped, what=what,
                                  strength=est.strength_text())


def _game_state(game: Game) -> tuple[Position, Rules, int, str, tuple[int, int] | None, int | None, bool]:
    """What a game about to roll says about the cube question: position, rules, cube, owner (seen
    from the player on roll), score as points won (on roll first), match length, Crawford game."""
    if game.state is not GameState.AWAITING_DOUBLE_OR_ROLL:
        raise RuleViolationError(_("a cube decision is made before the roll, with no double waiting (R25): this "
                                   "game is {replace}").format(replace=game.state.name.lower().replace('_', ' ')))
    p = game.position.turn
    owner = "centered" if game.cube_owner is None else "me" if game.cube_owner == p else "opponent"
    rules = game.rules
    if not rules.is_match:
        return game.position, rules, game.cube_value, owner, None, None, False
    s = game.id_score
    return game.position, rules, game.cube_value, owner, (s[p], s[1 - p]), rules.match_length, game.crawford_game


def cube_decision(what: float | Position | Game, *, rules: Rules | None = None, games: int | None = None,
                  player=DEFAULT_PLAYER, rng=None, workers: int = 1, progress: bool = False, stop=None,
                  gammons: GammonLike = None, cube: int = 1, owner: str = "centered",
                  cube_life: float = DEFAULT_CUBE_LIFE, score: tuple[int, int] | None = None,
                  match_length: int | None = None, away: tuple[int, int] | None = None,
                  crawford: bool = False) -> CubeDecision:
    """Should the player on roll double, and should the opponent take, from a chance or a position.

    ``what`` is a winning chance (then this is :func:`bgsim.odds.equity.janowski_decision`), a
    :class:`~bgsim.engine.position.Position` with the player on roll about to roll, or a
    :class:`~bgsim.game.game.Game` waiting for the player on roll to double or roll (its cube,
    owner, score, match length, Crawford game and rules are used; giving them again is
    refused). From a position the games are played out by ``player`` (cubeless, see
    :func:`bgsim.sim.montecarlo.estimate`), and the winning chance and gammon rates they give
    decide; the :class:`~bgsim.odds.equity.CubeDecision` then carries the chance's interval, the
    verdicts at its ends, the players' caveat and the :class:`~bgsim.sim.montecarlo.Estimate`.

    Parameters
    ----------
    what : float, Position or Game
        The chance, the position, or the game.
    rules : Rules, optional
        For a position: the rules to play out by (money play by default; with
        ``match_length``, ``Rules.match(match_length)``). Games with a last-roll draw (V4)
        are refused: the cube formulas assume every game has a winner.
    games : int, optional
        Games to play out (default :data:`DEFAULT_GAMES`).
    player, rng, workers, progress, stop
        As :func:`bgsim.sim.montecarlo.estimate` takes them (``rng=None``: fresh entropy; the
        seed used is named in the result).
    gammons : GammonRates or tuple, optional
        With a chance only (from a position the games give them).
    cube, owner, cube_life, score, match_length, away, crawford
        As :func:`bgsim.odds.equity.janowski_decision` takes them: ``score`` is the points won
        ``(mine, theirs)`` with ``match_length``; ``away`` the points still needed.

    Returns
    -------
    CubeDecision
        The equities, the take point and the verdict (and, from a position, the interval
        and the caveat).

    Raises
    ------
    MatchEquityError
        Bad or contradictory chances, scores, cube or gammon rates (see
        :func:`bgsim.odds.equity.janowski_decision`); ``gammons`` or play-out settings with a chance.
    RuleViolationError
        A game not waiting for a double or roll, a cube the opponent owns (R25), the
        Crawford game (R28), V4 rules.
    EstimateError
        Bad play-out settings (player, games, workers, seed).

    >>> from bgsim import Game, Rules
    >>> g = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:1:1:1:00:1:3:0:5:10")  # 1-3 in a 5-point match
    >>> d = cube_decision(g, games=360, rng=2, player="heuristic")
    >>> d.points_won, d.away, d.cube, d.owner
    ((1, 3), (4, 2), 2, 'me')
    >>> cube_decision(0.7, games=100)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.MatchEquityError: games= plays a position out; with a chance (0.7) there is nothing to play
    """
    if isinstance(what, numbers.Real) and not isinstance(what, bool):
        given = [name for name, v in (("games", games), ("rules", rules), ("stop", stop)) if v is not None]
        if given:
            raise MatchEquityError(_("{join}= plays a position out; with a chance ({what}) there is nothing to play")
                                     .format(
                                       join='= and '.join(given), what=repr(what)))
        return decide_from_chance(float(what), gammons=gammons, cube=cube, owner=owner, cube_life=cube_life,
                                  score=score, match_length=match_length, away=away, crawford=crawford)
    if gammons is not None:
        raise MatchEquityError(_("gammons= goes with a chance; from a position the games played out give the "
                                 "gammon rates"))
    crawford_game: bool | None
    if isinstance(what, Game):
        mine = [name for name, v in (("rules", rules), ("score", score), ("match_length", match_length),
                                     ("away", away)) if v is not None]
        mine += [name for name, v, default in (("cube", cube, 1), ("owner", owner, "centered"),
                                               ("crawford", crawford, False)) if v != default]
        if mine:
            raise MatchEquityError(_("{join}: the game already gives the cube, the score and the rules; give them "
                                     "only with a position").format(join=', '.join(mine)))
        position, rules, cube, owner, score, match_length, crawford = _game_state(what)
    elif isinstance(what, Position):
        position = what
    else:
        raise MatchEquityError(_("a cube decision needs a winning chance, a Position or a Game, not {type}").format(
                                   type=type(what).__name__))
    pair = match_away(match_length=match_length, score=score, away=away)
    if rules is None:
        rules = Rules.money() if pair is None else Rules.match(match_length or max(pair))
    elif not isinstance(rules, Rules):
        raise InvalidSettingError(_("rules must be a bgsim.Rules, not {type}").format(type=type(rules).__name__))
    elif match_length is None and rules.is_match:
        match_length = rules.match_length
    if match_length is not None and rules.match_length != match_length:
        kind = (_("money play") if not rules.is_match else
                _("a {n}-point match").format(n=rules.match_length))
        raise MatchEquityError(_("match_length={match_length} contradicts the rules, {value} (R27)").format(
                                   match_length=match_length, value=kind))
    if rules.last_roll_draw:
        raise RuleViolationError(_("the cube formulas assume every game has a winner; these rules have a last-roll "
                                   "draw (V4)"))
    if pair is not None and not rules.is_match:
        raise MatchEquityError(_("a match score needs match rules (Rules.match(N)); these rules are money play "
                                 "(R27)"))
    if pair is None and rules.is_match:
        raise MatchEquityError(_("these rules are a {match_length}-point match: give the score, score=(mine, "
                                 "theirs) in points won, or away= (R27)").format(match_length=rules.match_length))
    one_away = pair is not None and (pair[0] == 1) != (pair[1] == 1)
    crawford_game = bool(crawford) if one_away and rules.crawford else None
    # check the question before playing anything out (a chance of 0.5 stands in for the games)
    decide_from_chance(0.5, cube=cube, owner=owner, cube_life=cube_life, away=pair, crawford=crawford)
    est = estimate(position, rules, games=DEFAULT_GAMES if games is None else games, player=player, rng=rng,
                   workers=workers, progress=progress, stop=stop, away=pair, crawford_game=crawford_game)
    p, rates = _rates(est)
    n = match_length if pair is not None else None   # known only when given (by itself or by the rules)

    def at(q: float) -> CubeDecision:
        return decide_from_chance(q, gammons=rates, cube=cube, owner=owner, cube_life=cube_life, away=pair,
                                  match_length=n)

    d = at(p)
    lo, hi = est.win.low, est.win.high
    actions: list[str] = []
    for q in (lo, p, hi):
        action = at(q).action
        if action not in actions:
            actions.append(action)
    source = _caveat(est)
    if rules.jacoby and pair is None:
        source += "; the Jacoby rule (X1) is not in the cube model"
    return replace(d, p_win_interval=(lo, hi), actions_in_interval=tuple(actions), source=source, estimate=est)
