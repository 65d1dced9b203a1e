"""What each ``bgsim`` command computes, as text for the terminal and as JSON-safe data.

Every command takes the parsed arguments and returns an :class:`Output`: the lines to print,
the same answer as data (what ``--json`` prints) and the exit status. Bad input raises the
library's own errors (:class:`~bgsim.engine.errors.BgsimError`); :func:`bgsim.cli.main.main` turns them
into one line on stderr and exit status 2.

Scores follow one convention, as gnubg and XG show them: ``--score A-B`` is the **points
won** (with ``--match N``); the points still needed are given only as ``--away A B``; both
given must agree. Points on a drawn board are named as the board is drawn, from player 0's
side (R1).
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine.errors import BearoffError, BgsimError, InvalidPositionError, MatchEquityError, ParseError
from ..engine.i18n import N_, _, fmt_count, fmt_number, fmt_percent, side_name
from ..engine.notation import text_order
from ..engine.position import Position
from ..game.events import GameState
from ..game.game import Game
from ..game.rules import Rules
from ..odds import exact
from ..odds.bearoff import one_sided, race_chances, two_sided
from ..odds.equity import (
    MET_MAX_AWAY,
    GammonRates,
    dead_cube_take_point,
    janowski_take_point,
    live_cube_take_point,
    match_equity,
    match_take_point,
)
from ..odds.race import eight_nine_twelve, keith_count, kleinman_count, thorp_count
from ..odds.results import jsonable
from ..players.decisions import cube_decision as decide
from ..players.hint import cube_hint, rank_plays
from ..sim.montecarlo import DEFAULT_PLAYER, estimate
from ..sim.net import Net
from ..sim.net_cube import CubeView
from ..sim.net_cube import decide as net_decide
from ..teach.rulebook import rules_reference
from .read import dice_of, looks_like_a_chance, looks_like_a_position, read_chance, read_state, refuse_dice

__all__ = ["COMMANDS", "Output"]

#: Exit status after Ctrl-C (128 + SIGINT), also when a partial result was printed.
STOPPED = 130

NUMBERING = N_("points are numbered from Light's side, as drawn (Dark counts point p as 25 - p; R1)")
MOVER = N_("(Dark is on roll: plays are in Dark's numbering, as the mover counts; a drawn board shows "
           "Light's, where point p is 25 - p; R1)")


@dataclass
class Output:
    """What a command gives: ``lines`` for the terminal, ``data`` for ``--json``, the exit ``status`` and a
    ``note`` for stderr (a stopped run says so there)."""

    lines: list[str]
    data: dict[str, Any] = field(default_factory=dict)
    status: int = 0
    note: str = ""


# --------------------------------------------------------------------------- the game state
def describe(game: Game) -> list[str]:
    """The game state in words: match or money, score, cube, whose turn and the dice."""
    r = game.rules
    if r.is_match:
        n = r.match_length
        a, b = game.id_score
        line = _("{n}-point match, score {a}-{b} (Light-Dark: {x}-away vs {y}-away)").format(
            n=n, a=a, b=b, x=n - a, y=n - b)
        if game.crawford_game:
            line += _(", Crawford game (R28)")
        elif (n - a == 1) != (n - b == 1):
            line += _(", post-Crawford")
    else:
        line = (_("money game") + (_(", Jacoby rule (X1)") if r.jacoby else "")
                + (_(", beavers (X2)") if r.beavers else ""))
    if game.cube_owner is None:
        lines = [line, _("cube {value} centred").format(value=game.cube_value)]
    else:
        lines = [line, _("cube {value} owned by {owner}").format(
            value=game.cube_value, owner=side_name(game.cube_owner))]
    s = game.state
    if s is GameState.OPENING:
        lines.append(_("before the opening roll (R4)"))
    elif s is GameState.AWAITING_PLAY:
        d = game.dice
        lines.append(_("{player} on roll, dice {roll} to play").format(
            player=side_name(game.player_on_roll), roll=f"{d[0]}-{d[1]}"))  # type: ignore[index]
    elif s is GameState.AWAITING_ANSWER:
        cube, doubler = game.cube, game.player_on_roll
        if cube.beaver_pending:
            lines.append(_("{doubler} doubled to {value}, {other} beavered to {offered}; "
                           "{doubler} takes or drops (X2)").format(
                doubler=side_name(doubler), value=cube.value, other=side_name(1 - doubler), offered=cube.offered_value))  # type: ignore[operator]
        else:
            lines.append(_("{doubler} doubles to {offered}; {answerer} takes or drops (R26)").format(
                doubler=side_name(doubler), offered=cube.offered_value, answerer=side_name(game.player_to_act)))
    elif s is GameState.AWAITING_DOUBLE_OR_ROLL:
        lines.append(_("{player} on roll, to double or roll").format(player=side_name(game.player_on_roll)))
    return lines


def state_data(game: Game) -> dict[str, Any]:
    """The game state as data: scores are points won ``[player 0, player 1]``, with the points away beside them."""
    r = game.rules
    n = r.match_length if r.is_match else None
    score = list(game.id_score) if n else None
    return {"match_length": n, "score": score, "away": [n - score[0], n - score[1]] if n and score else None,
            "crawford_game": game.crawford_game, "jacoby": r.jacoby, "beavers": r.beavers,
            "cube": game.cube_value, "cube_owner": game.cube_owner, "state": game.state.value,
            "player_on_roll": game.player_on_roll, "dice": list(game.dice) if game.dice else None}


def position_data(pos: Position) -> dict[str, Any]:
    """A position as data: its IDs, the side on roll, the pip counts and the counts themselves."""
    return {"gnubg_id": pos.gnubg_id(), "xgid": pos.xgid(), "turn": pos.turn, "pips": list(pos.pips()),
            **pos.to_dict()}


# --------------------------------------------------------------------------- match scores
def match_score(args: argparse.Namespace, who: tuple[str, str]) -> tuple[int | None, tuple[int, int] | None,
                                                                            tuple[int, int] | None]:
    """``(match length, score as points won, points away)`` from ``--match``, ``--score`` and ``--away``.

    All ``None`` for money play. ``--score`` is the points won and needs ``--match``;
    ``--away`` the points still needed; given both, they must agree. ``who`` names the two
    sides in messages (the first is the one whose points come first).
    """
    n, score = args.match, args.score
    away = tuple(args.away) if args.away else None
    if n is not None and not 1 <= n <= MET_MAX_AWAY:
        raise MatchEquityError(_("--match {n}: a match is played to 1 to {met_max_away} points here (the match "
                                 "equity table's range, R27)").format(n=n, met_max_away=MET_MAX_AWAY))
    if score is not None and n is None:
        raise ParseError(_("--score A-B is the points won and needs --match N; for points still needed give --away "
                           "A B (R27)"))
    if n is not None and score is None and away is None:
        raise ParseError(_("--match {n} needs the score: --score A-B (points won, 0-0 at the start) or --away A B "
                           "(points still needed) (R27)").format(n=n))
    from_score = None
    if score is not None and n is not None:
        for name, x in zip(who, score, strict=True):
            if not 0 <= x < n:
                raise MatchEquityError(_("the {name}'s score {x} must be from 0 to {value} in a {n}-point match "
                                         "(R27)").format(name=name, x=x, value=n - 1, n=n))
        from_score = (n - score[0], n - score[1])
    if away is None:
        return n, score, from_score
    top = n if n is not None else MET_MAX_AWAY
    for name, x in zip(who, away, strict=True):
        if not 1 <= x <= top:
            where = (_("in a {n}-point match").format(n=n) if n is not None
                     else _("in the match equity table"))
            raise MatchEquityError(_("the {name} is {x}-away: points still needed are 1 to {top} {where} (R27)").format(
                                       name=name, x=x, top=top, where=where))
    if from_score is not None and away != from_score:
        raise MatchEquityError(_("--away {away_0} {away_1} contradicts --score {score_0}-{score_1} in a {n}-point "
                                 "match, which is {from_score_0}-away vs {from_score_1}-away (--score is the "
                                 "points won, --away the points still needed; R27)").format(
                                   away_0=away[0], away_1=away[1], score_0=score[0], score_1=score[1], n=n,
                                   from_score_0=from_score[0], from_score_1=from_score[1]))
    if n is not None:
        score = (n - away[0], n - away[1])
    return n, score, (away[0], away[1])


# --------------------------------------------------------------------------- commands
def show(args: argparse.Namespace) -> Output:
    game, _carried = read_state(args.position)
    pos = game.position
    lines = [str(pos), *describe(game)]
    if pos.turn == 1:
        lines.append(_(NUMBERING))
    lines.append(f"gnubg Position ID: {pos.gnubg_id()}")
    match_id: str | None = None
    why: str | None = None
    try:
        match_id = game.match_id()
        lines.append(f"gnubg Match ID: {match_id}")
    except BgsimError as exc:
        why = str(exc)
        lines.append(_("gnubg Match ID: none ({why})").format(why=exc))
    lines.append(f"XGID: {game.xgid()}")
    data = {"position": position_data(pos), "state": state_data(game), "gnubg_id": pos.gnubg_id(),
            "match_id": match_id, "match_id_refused": why, "xgid": game.xgid()}
    return Output(lines, data)


def plays(args: argparse.Namespace) -> Output:
    game, _carried = read_state(args.position)
    pos = game.position
    dice = dice_of(game, args.dice)
    found = pos.legal_plays(dice, caucasian=args.caucasian)
    width = len(str(len(found)))
    lines = [f"{i:>{width}}. {play}" for i, play in enumerate(found, 1)]
    if pos.turn == 1:
        lines.append(_(MOVER))
    data = {"position": pos.gnubg_id(), "turn": pos.turn, "numbering": f"player {pos.turn}", "dice": list(dice),
            "plays": [{"play": str(p), "steps": [list(p.steps[i]) for i in text_order(p.steps)],
                       "hits": [p.hits[i] for i in text_order(p.steps) if i < len(p.hits)],
                       "after": p.after.gnubg_id() if p.after is not None else None} for p in found]}
    return Output(lines, data)


def hint(args: argparse.Namespace) -> Output:
    game, carried = read_state(args.position)
    if game.state is GameState.AWAITING_ANSWER:
        raise ParseError(_("a double waits for an answer (R26): a hint is for a roll to play; give the position "
                           "without cube action"))
    pos = game.position
    dice = dice_of(game, args.dice)
    if args.top is not None and args.top < 1:
        raise ParseError(_("--top must be 1 or more, not {top}").format(top=args.top))
    ranking = rank_plays(pos, dice, player=args.player, rollout=args.rollout, candidates=args.candidates,
                         rng=args.seed if args.rollout else None, plies=args.plies)
    text = str(ranking) if args.top is None else _top_lines(ranking, args.top)
    lines = (["; ".join(describe(game))] if carried else []) + [text]
    if pos.turn == 1:
        lines.append(_(MOVER))
    shown = ranking.to_dict()
    if args.top is not None:
        shown["plays"] = shown["plays"][:args.top]
    data = {"state": state_data(game) if carried else None, "hint": shown}
    return Output(lines, data)


def _top_lines(ranking, top: int) -> str:
    """The ranking's table with only the best ``top`` plays (the notes kept)."""
    lines = str(ranking).split("\n")
    head = 3        # title, player, header
    body = lines[head:head + len(ranking)]
    return "\n".join(lines[:head] + body[:top] + lines[head + len(ranking):])


def check(args: argparse.Namespace) -> Output:
    game, _carried = read_state(args.position)
    if len(args.rest) == 2:
        dice_text, text = args.rest
    elif len(args.rest) == 1:
        dice_text, text = None, args.rest[0]
    else:
        raise ParseError(_("check takes the position, the roll (unless the position's ID has one) and the play, "
                           "e.g. bgsim check start 61 \"13/7 8/7\""))
    pos = game.position
    dice = dice_of(game, dice_text)
    play = pos.parse_play(text, dice, caucasian=args.caucasian)
    after = pos.play(play, caucasian=args.caucasian)
    lines = [_("legal: {play}").format(play=play),
             _("then the opponent is on roll in {id}").format(id=after.gnubg_id())]
    if pos.turn == 1:
        lines.append(_(MOVER))
    return Output(lines, {"legal": True, "play": str(play), "dice": list(dice), "after": after.gnubg_id(),
                          "numbering": f"player {pos.turn}"})


def odds(args: argparse.Namespace) -> Output:
    game, carried = read_state(args.position)
    refuse_dice(game, _("odds are over the 36 rolls to come"))
    pos = game.position
    lines = [str(pos)]
    if carried:
        lines.append("; ".join(describe(game)))
    if pos.turn == 1:
        lines.append(_(NUMBERING))
    data: dict[str, Any] = {"position": position_data(pos), "state": state_data(game) if carried else None}
    if pos.bar[0]:
        e = exact.enter_chance(pos)
        lines.append(_("enter from the bar (R14, R15): {odds}").format(odds=e))
        data["enter"] = e.to_dict()
    s = exact.shots(pos)
    lines.append(_("hit a blot this roll (R8): {odds}").format(odds=s))
    data["shots"] = s.to_dict()
    if not pos.is_race():
        f = exact.forced_shot_chance(pos)
        lines.append(_("forced to leave a shot (every play leaves one): {odds}").format(odds=f))
        data["forced_shot"] = f.to_dict()
    if pos.bar[1]:
        c = exact.closeout_chance(pos)
        lines.append(_("close out the checker on the bar: {odds}").format(odds=c))
        data["closeout"] = c.to_dict()
    if pos.can_bear_off():
        b = exact.bearoff_chance(pos)
        lines.append(_("bear off every checker this roll (R16-R19): {odds}").format(odds=b))
        data["bearoff"] = b.to_dict()
    return Output(lines, data)


def _pct(p: float) -> str:
    """A chance in percent with two decimals that never rounds to 0% or 100% when it is not."""
    if 0.0 < p < 0.00005:
        return "<0.01%"
    if 0.99995 <= p < 1.0:
        return ">99.99%"
    return fmt_percent(p, 2)


def bearoff(args: argparse.Namespace) -> Output:
    if not 1 <= args.checkers <= 8:
        raise BearoffError(_("--checkers {checkers}: the two-sided database holds 1 to 8 checkers a side").format(
                               checkers=args.checkers))
    game, _carried = read_state(args.position)
    refuse_dice(game, _("the bear-off tables count the rolls to come"))
    pos = game.position
    if not pos.can_bear_off() and not pos.swap().can_bear_off():
        raise InvalidPositionError(_("neither side is bearing off yet: every checker must be home first (R16)"))
    db = one_sided()
    lines: list[str] = []
    data: dict[str, Any] = {"position": position_data(pos)}
    for side, name, key in ((pos, _("on roll"), "on_roll"), (pos.swap(), _("opponent"), "opponent")):
        if not side.can_bear_off():
            lines.append(_("{side}: not bearing off yet (R16)").format(side=name))
            data[key] = None
            continue
        dist = db.distribution(side)
        lines.append(_("{side}: {rolls} rolls expected, EPC {epc}").format(
            side=name, rolls=fmt_number(db.expected_rolls(side), 3), epc=fmt_number(db.epc(side), 1)))
        lines.append(_("  rolls  exactly  within"))
        rows = []
        for n, p in enumerate(dist):
            if p > 0.0:   # within n rolls = 1 - the chance of needing more (exact at the end)
                within = max(0.0, 1.0 - float(dist[n + 1:].sum()))
                lines.append(f"  {n:>5}  {_pct(float(p)):>7}  {_pct(within):>7}")
                rows.append({"rolls": n, "exactly": float(p), "within": within})
        data[key] = {"expected_rolls": db.expected_rolls(side), "epc": db.epc(side), "distribution": rows}
    data["two_sided"] = None
    if pos.can_bear_off() and pos.swap().can_bear_off():
        most = max(pos.checkers - pos.off[0], pos.checkers - pos.off[1])
        if most > args.checkers:
            more = (_("give --checkers {n} (its table is built once, the larger the slower)").format(n=most)
                    if most <= 8 else _("the database holds at most 8 a side"))
            line = _("two-sided: up to {n} checkers a side (--checkers); this position has {most}: {more}").format(
                n=args.checkers, most=most, more=more)
            lines.append(line)
            data["two_sided"] = {"refused": line}
            est = race_chances(pos, exact_checkers=0)
            assert est is not None     # both sides bear off, contact over
            lines.append(_("on roll wins {win} (estimate from the one-sided database: each side's rolls to bear off, "
                           "as if each played for the fewest rolls)").format(win=fmt_percent(est.win, 2)))
            if est.win_gammon or est.lose_gammon:
                lines.append(_("  gammons (R23): on roll wins one {win}, loses one {lose} (from the rolls until "
                               "the first checker is off)").format(win=_pct(est.win_gammon),
                                                                   lose=_pct(est.lose_gammon)))
            data["one_sided"] = {"method": "one-sided", "win_chance": est.win, "win_gammon": est.win_gammon,
                                 "lose_gammon": est.lose_gammon}
        else:
            win = two_sided(args.checkers).win_chance(pos)
            lines.append(_("on roll wins {win} with best play (two-sided database)").format(win=fmt_percent(win, 2)))
            data["two_sided"] = {"checkers": args.checkers, "win_chance": win}
    return Output(lines, data)


def _player(text: str) -> str | tuple[str, str]:
    names = [name.strip() for name in text.split(",")]
    if len(names) > 2:
        raise ParseError(_("--player is one name or two (ON_ROLL,OPPONENT), not {text}").format(text=repr(text)))
    return names[0] if len(names) == 1 else (names[0], names[1])


def run_estimate(args: argparse.Namespace) -> Output:
    game, carried = read_state(args.position)
    if game.state in (GameState.AWAITING_PLAY, GameState.AWAITING_ANSWER):
        raise ParseError(_("estimate plays games out from before the roll, with no double waiting: give the "
                           "position without dice or cube action (XGID dice field 00)"))
    if args.opening and game.position != Position.initial(game.position.turn):
        raise ParseError(_("--opening is the position before the opening roll (R3, R4): give start"))
    rules = game.rules
    away = crawford = None
    if carried:
        if args.match and args.match != rules.match_length:
            what = (_("a {n}-point match").format(n=rules.match_length) if rules.is_match
                    else _("a money game"))
            raise ParseError(_("--match {match} contradicts the ID, which is {what} (R27)").format(
                                 match=args.match, what=what))
        if rules.is_match:
            n = rules.match_length
            p = game.position.turn
            score = game.id_score
            away = (n - score[p], n - score[1 - p])
            if args.away and tuple(args.away) != away:
                raise ParseError(_("--away {away_0} {away_1} contradicts the ID's score {score_0}-{score_1} in a "
                                   "{n}-point match ({x}-away vs {y}-away for the player on roll)").format(
                                     away_0=args.away[0], away_1=args.away[1], score_0=score[0], score_1=score[1], n=n,
                                     x=away[0], y=away[1]))
            if args.score and tuple(args.score) != (score[p], score[1 - p]):
                raise ParseError(_("--score {score_0}-{score_1} contradicts the ID's score: the player on roll has "
                                   "{value}, the opponent {value2} (points won, R27)").format(
                                     score_0=args.score[0], score_1=args.score[1], value=score[p], value2=score[1 - p]))
            crawford = game.crawford_game if 1 in away else None
        elif args.away or args.score:
            raise ParseError(_("{value} is a match score, but the ID is a money game (R27)").format(
                                 value='--away' if args.away else '--score'))
    else:
        if args.away and not args.match:
            raise ParseError(_("--away needs --match N: it is the score of a match (R27)"))
        n_, _score, away = match_score(args, (_("player on roll"), _("opponent")))
        if n_ is not None:
            rules = Rules.match(n_)
    if args.caucasian:
        rules = rules.replace(caucasian=True)
    result = estimate(game.position, rules, games=args.games, player=_player(args.player), rng=args.seed,
                      workers=args.workers, progress=not args.quiet, away=away, crawford_game=crawford,
                      cube=game.cube_value, cube_turned=game.cube_owner is not None or None,
                      opening=args.opening)
    lines = (["; ".join(describe(game))] if carried else []) + [str(result)]
    data = {"state": state_data(game) if carried else None, "estimate": result.to_dict(),
            "player_strength": result.strength_text()}
    if result.stopped:
        return Output(lines, data, STOPPED, _("stopped (Ctrl-C) after {n} games: the result is partial").format(
            n=fmt_count(result.games)))
    return Output(lines, data)


def met(args: argparse.Namespace) -> Output:
    given = args.my_away is not None, args.opp_away is not None
    if given[0] != given[1]:
        raise ParseError(_("give both MY_AWAY and OPP_AWAY, or --match N with --score A-B"))
    n, score, away = match_score(args, (_("first player"), _("second player")))
    if given[0]:
        if away is not None and away != (args.my_away, args.opp_away):
            raise MatchEquityError(_("{my_away}-away vs {opp_away}-away contradicts --match {n} --score "
                                     "{score_0}-{score_1}, which is {away_0}-away vs {away_1}-away (R27)").format(
                                       my_away=args.my_away, opp_away=args.opp_away, n=n, score_0=score[0],  # type: ignore[index]
                                       score_1=score[1], away_0=away[0], away_1=away[1]))  # type: ignore[index]
        away = (args.my_away, args.opp_away)
    if away is None:
        raise ParseError(_("give the score: MY_AWAY OPP_AWAY (points still needed), or --match N --score A-B "
                           "(points won)"))
    a, b = away
    crawford, post = args.crawford, args.post_crawford
    one_away = (a == 1) != (b == 1)
    assumed = one_away and not crawford and not post
    mwc = match_equity(a, b, crawford=crawford or assumed, post_crawford=post)
    if crawford or assumed:
        game = (_(" (Crawford game, assumed: --post-crawford for a game after it)") if assumed
                else _(" (Crawford game)"))
    elif post:
        game = _(" (post-Crawford)")
    else:
        game = ""
    at = (_("{n}-point match, score {a}-{b}: ").format(n=n, a=score[0], b=score[1])
          if n is not None and score is not None else "")
    lines = [at + _("{a}-away vs {b}-away{game}: {mwc} to win the match (Kazaross-XG2)").format(
        a=a, b=b, game=game, mwc=fmt_percent(mwc, 2))]
    data = {"match_length": n, "score": list(score) if score else None, "away": [a, b],
            "crawford_game": bool(crawford or assumed), "post_crawford": bool(post), "crawford_assumed": assumed,
            "match_equity": mwc, "table": "Kazaross-XG2"}
    return Output(lines, data)


def race(args: argparse.Namespace) -> Output:
    game, carried = read_state(args.position)
    refuse_dice(game, _("the race counts advise the cube before the roll"))
    pos = game.position
    lines: list[str] = []
    if carried:
        lines.append("; ".join(describe(game)))
        if game.rules.is_match:
            lines.append(_("(the counts' cube advice is for money play)"))
        lines.append("")
    data: dict[str, Any] = {"position": position_data(pos), "state": state_data(game) if carried else None}
    for name, count in (("keith", keith_count), ("thorp", thorp_count), ("kleinman", kleinman_count),
                        ("eight_nine_twelve", eight_nine_twelve)):
        r = count(pos)
        lines += [str(r), ""]
        data[name] = r.to_dict()
    return Output(lines[:-1], data)


def cube(args: argparse.Namespace) -> Output:
    if looks_like_a_chance(args.what):
        return _cube_from_chance(args, read_chance(args.what))
    return _cube_from_position(args)


_PLAYOUT = (("--games", "games"), ("--player", "player"), ("--seed", "seed"), ("--workers", "workers"))


def _cube_from_chance(args: argparse.Namespace, p: float) -> Output:
    given = [flag for flag, name in (("--rollout", "rollout"), *_PLAYOUT) if getattr(args, name, None) is not None]
    if given:
        raise ParseError(_("{join} play a position out; with a chance ({what}) there is nothing to play: give a "
                           "position instead (bgsim cube POSITION)").format(join=', '.join(given), what=args.what))
    gammons = (args.gammons or 0.0, args.gammons_lost or 0.0)
    lines: list[str] = []
    state = None
    if args.position is not None:
        given = [flag for flag, v in (("--cube", args.cube), ("--owner", args.owner), ("--match", args.match),
                                      ("--score", args.score), ("--away", args.away), ("--crawford", args.crawford))
                 if v]
        if given:
            raise ParseError(_("{join} contradict --position: the ID gives the cube and the score").format(
                                 join=', '.join(given)))
        game = read_state(args.position)[0]
        if game.state is not GameState.AWAITING_DOUBLE_OR_ROLL:
            raise ParseError(_("a cube decision is made before the roll, with no double waiting: give the position "
                               "without dice (XGID dice field 00)"))
        p_on_roll = game.position.turn
        c = game.cube_value
        owner = "centered" if game.cube_owner is None else "me" if game.cube_owner == p_on_roll else "opponent"
        n = score = None
        crawford = False
        if game.rules.is_match:
            n, s = game.rules.match_length, game.id_score
            score, crawford = (s[p_on_roll], s[1 - p_on_roll]), game.crawford_game
        lines.append("; ".join(describe(game)))
        state = state_data(game)
        d = decide(p, gammons=gammons, cube=c, owner=owner, score=score, match_length=n, crawford=crawford)
    else:
        c = _cube_value(args.cube)
        n, score, away = match_score(args, (_("doubler"), _("taker")))
        d = decide(p, gammons=gammons, cube=c, owner=args.owner or "centered", away=away, match_length=n,
                   crawford=args.crawford)
    lines.append(str(d))
    return Output(lines, {"state": state, "decision": d.to_dict()})


def _cube_value(value: int | None) -> int:
    c = 1 if value is None else value
    if c < 1 or c & (c - 1):
        raise MatchEquityError(_("--cube {c}: the cube shows 1, 2, 4, 8, ... (R24, R26)").format(c=c))
    return c


def _rollout_games(args: argparse.Namespace) -> int | None:
    """Games to play a position out (``--rollout N``, or ``--games N``, its older spelling), or
    ``None`` for the instant decision; the play-out options without either are refused."""
    rollout, games = getattr(args, "rollout", None), args.games
    if rollout is not None and games is not None and rollout != games:
        raise ParseError(_("--rollout {r} and --games {g} disagree: give the games once").format(r=rollout, g=games))
    n = rollout if rollout is not None else games
    if n is None:
        given = [flag for flag, name in _PLAYOUT[1:] if getattr(args, name) is not None]
        if given:
            raise ParseError(_("{join} play the position out: add --rollout N (without it the decision is the "
                               "instant one, from the net's evaluation)").format(join=", ".join(given)))
        return None
    if n < 1:
        raise ParseError(_("--rollout {n}: play at least one game").format(n=n))
    return n


def _cube_from_position(args: argparse.Namespace) -> Output:
    if args.position is not None:
        raise ParseError(_("give the position once: as the first argument (chances estimated from it) or as "
                           "--position with a chance"))
    for flag, v in (("--gammons", args.gammons), ("--gammons-lost", args.gammons_lost)):
        if v is not None:
            raise ParseError(_("{flag} goes with a chance; from a position the games played out give the gammon "
                               "rates").format(flag=flag))
    try:
        game, carried = read_state(args.what)
    except ParseError:
        if looks_like_a_position(args.what):
            raise
        raise ParseError(_("cannot read {what} as a chance or a position: give a chance (0.72 or 72%), or start, a "
                           "gnubg Position ID[:Match ID], an XGID or board:P=N,...").format(
                               what=repr(args.what))) from None
    lines: list[str] = []
    games = _rollout_games(args)
    if carried:
        given = [flag for flag, v in (("--cube", args.cube), ("--owner", args.owner), ("--match", args.match),
                                      ("--score", args.score), ("--away", args.away), ("--crawford", args.crawford))
                 if v]
        if given:
            raise ParseError(_("{join} contradict the ID: it gives the cube and the score").format(
                                 join=', '.join(given)))
        if game.state is GameState.AWAITING_PLAY:
            refuse_dice(game, _("a cube decision is made before the roll"))
        lines.append("; ".join(describe(game)))
    if games is None:      # the instant decision: the one bgsim.cube_hint(game) and the PlayWidget give
        if carried:
            d = cube_hint(game)
        else:
            n, _score, away = match_score(args, ("doubler", "taker"))
            if args.crawford and away is None:
                raise MatchEquityError(_("--crawford needs a match score: --match N --score A-B or --away A B (R28)"))
            view = CubeView(game.position, _cube_value(args.cube), args.owner or "centered", away,
                            bool(args.crawford))
            d = replace(net_decide(view, Net()), match_length=n)
        lines.append(_("Instant decision from the net's evaluation before the roll (as bgsim.cube_hint(game) and the "
                       "PlayWidget give it); --rollout N plays the position out instead"))
    else:
        playout = {"games": games, "player": _player(args.player or DEFAULT_PLAYER),
                   "rng": 0 if args.seed is None else args.seed,
                   "workers": 1 if args.workers is None else args.workers, "progress": not args.quiet}
        if carried:
            d = decide(game, **playout)   # type: ignore[arg-type]
        else:
            n, _score, away = match_score(args, (_("doubler"), _("taker")))
            d = decide(game.position, cube=_cube_value(args.cube), owner=args.owner or "centered", away=away,
                       match_length=n, crawford=args.crawford, **playout)   # type: ignore[arg-type]
        lines.append(_("Played-out decision: {games} games (--rollout), the chances with their interval").format(
            games=fmt_count(games)))
    lines.append(str(d))
    data = {"state": state_data(game) if carried else None, "method": "instant" if games is None else "rollout",
            "decision": d.to_dict()}
    est = d.estimate
    if getattr(est, "stopped", False):
        return Output(lines, data, STOPPED, _("stopped (Ctrl-C) after {n} games: the decision rests on a partial "
                                              "result").format(n=fmt_count(getattr(est, "games", 0))))
    return Output(lines, data)


def takepoint(args: argparse.Namespace) -> Output:
    g = GammonRates(args.gammons or 0.0, args.gammons_lost or 0.0)
    c = _cube_value(args.cube)
    x = args.cube_life
    if not math.isfinite(x) or not 0.0 <= x <= 1.0:
        raise MatchEquityError(_("--cube-life {x}: Janowski's cube life lies from 0 (dead cube) to 1 (fully "
                                 "live)").format(x=x))
    n, score, away = match_score(args, (_("doubler"), _("taker")))    # one order, as in `cube`: the doubler first
    gam = _("taker's gammons: {win} of wins, {lose} of losses").format(win=fmt_percent(g.win, 0),
                                                                       lose=fmt_percent(g.lose, 0))
    if away is not None:
        tp = match_take_point(away[1], away[0], c, gammon_rates=g)
        at = (_("{n}-point match, doubler {a} ({x}-away), taker {b} ({y}-away)").format(
                  n=n, a=score[0], b=score[1], x=away[0], y=away[1])  # type: ignore[index]
              if n is not None else _("match, doubler {x}-away, taker {y}-away").format(x=away[0], y=away[1]))
        lines = [at + _(", cube {c} -> {d}; {gammons}").format(c=c, d=2 * c, gammons=gam),
                 _("take point: {tp} (dead cube, Kazaross-XG2 match equity table)").format(tp=fmt_percent(tp, 1))]
        data = {"match_length": n, "score": list(score) if score else None, "away": list(away),
                "order": ["doubler", "taker"], "cube": c, "gammons": jsonable(g), "take_point": tp,
                "model": "dead cube, Kazaross-XG2"}
        return Output(lines, data)
    W, L = g.W, g.L  # the taker's average win and loss
    dead, live, jan = dead_cube_take_point(W, L), live_cube_take_point(W, L), janowski_take_point(x, W, L)
    lines = [_("money game; {gammons} (W = {W}, L = {L})").format(gammons=gam, W=fmt_number(W, 2),
                                                                  L=fmt_number(L, 2))]
    if args.cube is not None:
        lines.append(_("cube {c} -> {d}: money take points do not depend on the cube's value").format(c=c, d=2 * c))
    lines += [_("dead cube:  {tp}").format(tp=fmt_percent(dead, 1)),
              _("live cube:  {tp}").format(tp=fmt_percent(live, 1)),
              _("cube life x = {x} (Janowski): {tp}").format(x=fmt_number(x, 2), tp=fmt_percent(jan, 1))]
    data = {"match_length": None, "cube": c, "gammons": jsonable(g), "W": W, "L": L, "dead_cube": dead,
            "live_cube": live, "cube_life": x, "janowski": jan}
    return Output(lines, data)


def rule(args: argparse.Namespace) -> Output:
    if args.rule_id is None:
        book = rules_reference()
        return Output([str(book)], {"rules": [_entry(e) for e in book]})
    entry = rules_reference(args.rule_id)
    return Output([str(entry)], _entry(entry))


def _entry(entry) -> dict[str, Any]:
    """A rule as JSON, its words in the language spoken (as the text output): title, text and options."""
    return {**jsonable(entry), "title": _(entry.title), "text": _(entry.text),
            "options": [_(option) for option in entry.options], "lessons": jsonable(entry.lessons)}


#: The commands by name: what ``bgsim NAME`` runs.
COMMANDS = {"show": show, "plays": plays, "hint": hint, "check": check, "odds": odds, "bearoff": bearoff,
            "estimate": run_estimate, "met": met, "race": race, "cube": cube, "takepoint": takepoint, "rule": rule}
