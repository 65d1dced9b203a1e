"""The ``bgsim`` command line: positions, legal plays, exact odds, bear-offs, match equity, estimates.

Positions are given as ``start``, a gnubg Position ID (``4HPwATDgc/ABMA``), a gnubg
Position ID and Match ID (``4HPwATDgc/ABMA:QYkqASAAIAAA``), an XGID
(``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10``) or one signed board seen by the
side on roll (``board:24=2,13=5,8=3,6=5,1=-2,12=-5,17=-3,19=-5``, see :func:`read_board`).
An XGID or a Match ID brings the whole game state with it: cube value and owner, score,
match length, Crawford game, Jacoby rule, whose turn and the dice; ``show``, ``odds``,
``race``, ``cube --position`` and ``estimate`` use it. Rolls are written ``61``, ``6-1``
or ``6,1``; chances ``0.72`` or ``72%``. Bad input and contradictory options get a
one-line message and exit status 2, never a traceback.

>>> main(["plays", "start", "61"])
 1. 24/18 24/23
 2. 24/18 8/7
 3. 24/18 6/5
 4. 24/23 13/7
 5. 13/7 8/7
 6. 13/6
 7. 13/7 6/5
 8. 24/23 8/2
 9. 8/2 8/7
10. 8/2 6/5
0
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence

from . import exact
from .bearoff import one_sided, two_sided
from .equity import (
    DEFAULT_CUBE_LIFE,
    GammonRates,
    cube_decision,
    dead_cube_take_point,
    janowski_take_point,
    live_cube_take_point,
    match_equity,
    match_take_point,
)
from .errors import BgsimError, InvalidPositionError, ParseError
from .events import GameState
from .game import Game
from .montecarlo import DEFAULT_PLAYER, estimate
from .position import Position
from .race import eight_nine_twelve, keith_count, kleinman_count, thorp_count
from .rulebook import rules_reference
from .rules import Rules

__all__ = ["main", "read_board", "read_chance", "read_dice", "read_game", "read_position"]


def read_board(text: str) -> Position:
    """A position from ``board:`` and comma-separated items, seen by the side on roll.

    ``P=N`` puts ``N`` checkers on my point ``P`` (1-24): positive ``N`` for mine,
    negative for the opponent's, both in my numbering (as on an XGID's board);
    ``bar=M/T`` and ``off=M/T`` give my and their checkers on the bar and off (default:
    none on the bar, the rest of the 15 off); ``turn=1`` says player 1 is on roll.
    This is :meth:`Position.from_board <bgsim.position.Position.from_board>`.

    >>> read_board("board:24=2,13=5,8=3,6=5,1=-2,12=-5,17=-3,19=-5") == Position.initial()
    True
    >>> read_board("board:6=2,5=-1,bar=1/0").bar
    (1, 0)
    >>> read_board("board:6=two")
    Traceback (most recent call last):
    ...
    bgsim.errors.ParseError: cannot read '6=two' in a board: write P=N (N < 0 for the opponent), bar=M/T, off=M/T
    or turn=0/1
    """
    body = text.strip()
    if body.lower().startswith("board:"):
        body = body[len("board:"):]
    board: dict[int, int] = {}
    extra: dict[str, object] = {}
    for item in filter(None, (x.strip() for x in body.split(","))):
        m = re.fullmatch(r"(\d{1,2})\s*=\s*([+-]?\d+)|(bar|off)\s*=\s*(\d+)\s*/\s*(\d+)|turn\s*=\s*([01])",
                         item, flags=re.IGNORECASE)
        if not m:
            raise ParseError(f"cannot read {item!r} in a board: write P=N (N < 0 for the opponent), bar=M/T, "
                             "off=M/T or turn=0/1")
        if m.group(1):
            point = int(m.group(1))
            if point in board:
                raise ParseError(f"point {point} is given twice in the board")
            board[point] = int(m.group(2))
        elif m.group(3):
            extra[m.group(3).lower()] = (int(m.group(4)), int(m.group(5)))
        else:
            extra["turn"] = int(m.group(6))
    return Position.from_board(board, **extra)  # type: ignore[arg-type]


def _read(text: str) -> tuple[Game, bool]:
    """The game a text describes, and whether the text carried a game state (XGID or Match ID)."""
    t = text.strip()
    if t.lower() in ("start", "initial"):
        return Game(starter=0), False
    if t.lower().startswith("board:"):
        return Game(position=read_board(t)), False
    if t.upper().startswith("XGID=") or t.count(":") >= 9:
        return Game.from_xgid(t), True
    if ":" in t:  # gnubg's "PositionID:MatchID"
        pid, mid = (x.strip() for x in t.split(":", 1))
        return Game.from_gnubg_ids(pid, mid), True
    if len(t) == 14:
        return Game(position=Position.from_gnubg_id(t)), False
    raise ParseError(f"cannot read {text!r} as a position: give start, a gnubg Position ID (14 characters, "
                     "optionally :MatchID), an XGID or board:P=N,...")


def read_game(text: str) -> Game:
    """The game at the point ``text`` describes: an XGID or ``PositionID:MatchID`` keep the whole state.

    ``start``, a bare gnubg Position ID and ``board:...`` give a money game with the cube
    in the middle and the side on roll about to roll.

    >>> g = read_game("4HPwATDgc/ABMA:QYkqASAAIAAA")
    >>> g.rules.match_length, g.id_score, g.dice
    (9, (2, 4), (5, 2))
    """
    return _read(text)[0]


def read_position(text: str) -> Position:
    """A position from ``start``, a gnubg Position ID (with or without its Match ID), an XGID or ``board:``.

    >>> read_position("start") == Position.initial()
    True
    >>> read_position("4HPwATDgc/ABMA").pips()
    (167, 167)
    >>> read_position("nonsense!")
    Traceback (most recent call last):
    ...
    bgsim.errors.ParseError: cannot read 'nonsense!' as a position: give start, a gnubg Position ID
    (14 characters, optionally :MatchID), an XGID or board:P=N,...
    """
    t = text.strip()
    if t.upper().startswith("XGID=") or t.count(":") >= 9:
        return Position.from_xgid(t)
    if ":" in t and not t.lower().startswith("board:"):
        return Position.from_gnubg_id(t.split(":", 1)[0])
    return _read(t)[0].position


def read_chance(text: str) -> float:
    """A chance written ``0.72`` (a decimal from 0 to 1) or ``72%`` (percent); a bare ``72`` or ``1`` is refused.

    >>> read_chance("0.72"), read_chance("72%"), read_chance("1.0"), read_chance(".5")
    (0.72, 0.72, 1.0, 0.5)
    >>> read_chance("1")
    Traceback (most recent call last):
    ...
    bgsim.errors.ParseError: cannot read '1' as a chance: write a decimal from 0 to 1 with its point (0.72, 1.0) or
    a percentage (72%)
    """
    t = text.strip()
    how = "write a decimal from 0 to 1 with its point (0.72, 1.0) or a percentage (72%)"
    if re.fullmatch(r"\d+(\.\d*)?%|\.\d+%", t):
        value = float(t[:-1]) / 100
    elif re.fullmatch(r"\d*\.\d+|\d+\.\d*", t):
        value = float(t)
    else:
        raise ParseError(f"cannot read {text!r} as a chance: {how}")
    if not 0.0 <= value <= 1.0:
        raise ParseError(f"{text!r} is not a chance between 0 and 1 (0% and 100%)")
    return round(value, 12)


def _describe(game: Game) -> list[str]:
    """The game state in words: match or money, score, cube, whose turn and the dice."""
    r = game.rules
    if r.is_match:
        n = r.match_length
        a, b = game.id_score
        line = f"{n}-point match, score {a}-{b} (player 0-player 1: {n - a}-away vs {n - b}-away)"
        if game.crawford_game:
            line += ", Crawford game (R28)"
        elif (n - a == 1) != (n - b == 1):
            line += ", post-Crawford"
    else:
        line = "money game" + (", Jacoby rule (X1)" if r.jacoby else "") + (", beavers (X2)" if r.beavers else "")
    owner = "centred" if game.cube_owner is None else f"owned by player {game.cube_owner}"
    lines = [line, f"cube {game.cube_value} {owner}"]
    s = game.state
    if s is GameState.OPENING:
        lines.append("before the opening roll (R4)")
    elif s is GameState.AWAITING_PLAY:
        d = game.dice
        lines.append(f"player {game.player_on_roll} on roll, dice {d[0]}-{d[1]} to play")  # type: ignore[index]
    elif s is GameState.AWAITING_ANSWER:
        cube, doubler = game.cube, game.player_on_roll
        if cube.beaver_pending:
            lines.append(f"player {doubler} doubled to {cube.value}, player {1 - doubler} beavered to "  # type: ignore[operator]
                         f"{cube.offered_value}; player {doubler} takes or drops (X2)")
        else:
            lines.append(f"player {doubler} doubles to {cube.offered_value}; player {game.player_to_act} "
                         "takes or drops (R26)")
    elif s is GameState.AWAITING_DOUBLE_OR_ROLL:
        lines.append(f"player {game.player_on_roll} on roll, to double or roll")
    return lines


def read_dice(text: str) -> tuple[int, int]:
    """A roll from ``61``, ``6-1``, ``6,1`` or ``6 1``.

    >>> read_dice("6-1"), read_dice("33")
    ((6, 1), (3, 3))
    >>> read_dice("7")
    Traceback (most recent call last):
    ...
    bgsim.errors.ParseError: cannot read '7' as a roll: write two dice from 1 to 6, like 61 or 6-1
    """
    m = re.fullmatch(r"\s*([1-6])\s*[-, ]?\s*([1-6])\s*", text)
    if not m:
        raise ParseError(f"cannot read {text!r} as a roll: write two dice from 1 to 6, like 61 or 6-1")
    return int(m.group(1)), int(m.group(2))


def _cmd_show(args) -> int:
    game, _ = _read(args.position)
    pos = game.position
    print(pos)
    for line in _describe(game):
        print(line)
    print(f"gnubg Position ID: {pos.gnubg_id()}")
    try:
        print(f"gnubg Match ID: {game.match_id()}")
    except BgsimError as exc:
        print(f"gnubg Match ID: none ({exc})")
    print(f"XGID: {game.xgid()}")
    return 0


def _cmd_plays(args) -> int:
    pos = read_position(args.position)
    dice = read_dice(args.dice)
    plays = pos.legal_plays(dice, caucasian=args.caucasian)
    width = len(str(len(plays)))
    for i, play in enumerate(plays, 1):
        print(f"{i:>{width}}. {play}")
    return 0


def _cmd_check(args) -> int:
    pos = read_position(args.position)
    dice = read_dice(args.dice)
    play = pos.parse_play(args.play, dice, caucasian=args.caucasian)
    after = pos.play(play, caucasian=args.caucasian)
    print(f"legal: {play}")
    print(f"then the opponent is on roll in {after.gnubg_id()}")
    return 0


def _cmd_odds(args) -> int:
    game, carried = _read(args.position)
    pos = game.position
    print(pos)
    if carried:
        print("; ".join(_describe(game)))
    if pos.bar[0]:
        print(f"enter from the bar (R14, R15): {exact.enter_chance(pos)}")
    print(f"hit a blot this roll (R8): {exact.shots(pos)}")
    if not pos.is_race():
        print(f"forced to leave a shot (every play leaves one): {exact.forced_shot_chance(pos)}")
    if pos.bar[1]:
        print(f"close out the checker on the bar: {exact.closeout_chance(pos)}")
    if pos.can_bear_off():
        print(f"bear off every checker this roll (R16-R19): {exact.bearoff_chance(pos)}")
    return 0


def _cmd_bearoff(args) -> int:
    pos = read_position(args.position)
    db = one_sided()
    for side, name in ((pos, "on roll"), (pos.swap(), "opponent")):
        if not side.can_bear_off():
            print(f"{name}: not bearing off yet (R16)")
            continue
        dist = db.distribution(side)
        print(f"{name}: {db.expected_rolls(side):.3f} rolls expected, EPC {db.epc(side):.1f}")
        print("  rolls  exactly  within")
        for n, p in enumerate(dist):
            if p > 0.0:   # within n rolls = 1 - the chance of needing more (exact at the end)
                within = max(0.0, 1.0 - float(dist[n + 1:].sum()))
                print(f"  {n:>5}  {_pct(float(p)):>7}  {_pct(within):>7}")
    if pos.can_bear_off() and pos.swap().can_bear_off():
        try:
            print(f"on roll wins {two_sided(args.checkers).win_chance(pos):.2%} with best play (two-sided database)")
        except InvalidPositionError as exc:
            print(f"two-sided: {exc}")
    return 0


def _pct(p: float) -> str:
    """A chance in percent with two decimals that never rounds to 0% or 100% when it is not."""
    if 0.0 < p < 0.00005:
        return "<0.01%"
    if 0.99995 <= p < 1.0:
        return ">99.99%"
    return f"{p:.2%}"


def _cmd_estimate(args) -> int:
    game, carried = _read(args.position)
    if game.state in (GameState.AWAITING_PLAY, GameState.AWAITING_ANSWER):
        raise ParseError("estimate plays games out from before the roll, with no double waiting: give the "
                         "position without dice or cube action (XGID dice field 00)")
    if args.opening and game.position != Position.initial(game.position.turn):
        raise ParseError("--opening is the position before the opening roll (R3, R4): give start")
    rules = game.rules
    away = crawford = None
    if carried:
        if args.match and args.match != rules.match_length:
            what = f"a {rules.match_length}-point match" if rules.is_match else "a money game"
            raise ParseError(f"--match {args.match} contradicts the ID, which is {what} (R27)")
        if rules.is_match:
            n = rules.match_length
            p = game.position.turn
            score = game.id_score
            away = (n - score[p], n - score[1 - p])
            if args.away and tuple(args.away) != away:
                raise ParseError(f"--away {args.away[0]} {args.away[1]} contradicts the ID's score "
                                 f"{score[0]}-{score[1]} in a {n}-point match ({away[0]}-away vs {away[1]}-away "
                                 "for the player on roll)")
            crawford = game.crawford_game if 1 in away else None
        elif args.away:
            raise ParseError("--away is a match score, but the ID is a money game (R27)")
    elif args.match:
        rules = Rules.match(args.match)
        away = tuple(args.away) if args.away else None
    elif args.away:
        raise ParseError("--away needs --match N: it is the score of a match (R27)")
    if args.caucasian:
        rules = rules.replace(caucasian=True)
    names = [name.strip() for name in args.player.split(",")]
    if len(names) > 2:
        raise ParseError(f"--player is one name or two (ON_ROLL,OPPONENT), not {args.player!r}")
    player = names[0] if len(names) == 1 else (names[0], names[1])
    result = estimate(game.position, rules, games=args.games, player=player, rng=args.seed,
                      workers=args.workers, progress=not args.quiet, away=away, crawford_game=crawford,
                      cube=game.cube_value, cube_turned=game.cube_owner is not None or None,
                      opening=args.opening)
    if carried:
        print("; ".join(_describe(game)))
    print(result)
    return 0


def _cmd_met(args) -> int:

    mwc = match_equity(args.my_away, args.opp_away, crawford=args.crawford, post_crawford=args.post_crawford)
    game = " (Crawford game)" if args.crawford else " (post-Crawford)" if args.post_crawford else ""
    print(f"{args.my_away}-away vs {args.opp_away}-away{game}: {mwc:.2%} to win the match (Kazaross-XG2)")
    return 0


def _cmd_race(args) -> int:
    game, carried = _read(args.position)
    pos = game.position
    if carried:
        print("; ".join(_describe(game)))
        if game.rules.is_match:
            print("(the counts' cube advice is for money play)")
        print()
    for count in (keith_count, thorp_count, kleinman_count, eight_nine_twelve):
        print(count(pos))
        print()
    return 0


def _cmd_cube(args) -> int:
    gammons = (args.gammons or 0.0, args.gammons_lost or 0.0)
    cube, owner, score, crawford = args.cube or 1, "centered", tuple(args.score) if args.score else None, args.crawford
    if args.position is not None:
        given = [name for name, v in (("--cube", args.cube), ("--score", args.score), ("--crawford", args.crawford))
                 if v]
        if given:
            raise ParseError(f"{', '.join(given)} contradict --position: the ID gives the cube and the score")
        game = read_game(args.position)
        if game.state is not GameState.AWAITING_DOUBLE_OR_ROLL:
            raise ParseError("a cube decision is made before the roll, with no double waiting: give the "
                             "position without dice (XGID dice field 00)")
        p = game.position.turn
        cube = game.cube_value
        owner = "centered" if game.cube_owner is None else "me" if game.cube_owner == p else "opponent"
        if game.rules.is_match:
            n, s = game.rules.match_length, game.id_score
            score, crawford = (n - s[p], n - s[1 - p]), game.crawford_game
        print("; ".join(_describe(game)))
    print(cube_decision(args.p_win, gammons=gammons, cube=cube, owner=owner, score=score, crawford=crawford))
    return 0


def _cmd_takepoint(args) -> int:
    g = GammonRates(args.gammons or 0.0, args.gammons_lost or 0.0)
    if args.match:
        n = args.match
        if not args.score:
            raise ParseError("--match N needs --score A-B: the taker's points, then the doubler's (R27)")
        a, b = args.score
        for who, x in (("taker", a), ("doubler", b)):
            if not 0 <= x < n:
                raise ParseError(f"the {who}'s score {x} must be from 0 to {n - 1} in a {n}-point match (R27)")
        tp = match_take_point(n - a, n - b, args.cube, gammon_rates=g)
        print(f"{n}-point match, taker {a} ({n - a}-away), doubler {b} ({n - b}-away), cube {args.cube} "
              f"-> {2 * args.cube}; taker's gammons: {g.win:.0%} of wins, {g.lose:.0%} of losses")
        print(f"take point: {tp:.1%} (dead cube, Kazaross-XG2 match equity table)")
        return 0
    if args.score:
        raise ParseError("--score needs --match N; without it this is a money game")
    W, L = g.W, g.L  # the taker's average win and loss
    print(f"money game; taker's gammons: {g.win:.0%} of wins, {g.lose:.0%} of losses (W = {W:.2f}, L = {L:.2f})")
    print(f"dead cube:  {dead_cube_take_point(W, L):.1%}")
    print(f"live cube:  {live_cube_take_point(W, L):.1%}")
    print(f"cube life x = {args.cube_life:.2f} (Janowski): {janowski_take_point(args.cube_life, W, L):.1%}")
    return 0


def _chance(text: str) -> float:
    try:
        return read_chance(text)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _score(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*[-:]\s*(\d+)\s*", text)
    if not m:
        raise argparse.ArgumentTypeError(f"cannot read {text!r} as a score: write A-B, e.g. 2-4")
    return int(m.group(1)), int(m.group(2))


def _cmd_rule(args) -> int:
    if args.rule_id is None:
        print(rules_reference())
    else:
        print(rules_reference(args.rule_id))
    return 0


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bgsim",
        description="Backgammon rules, exact odds and Monte Carlo estimates "
                    "(rules cited by id: `bgsim rule ID` explains one).")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("show", help="draw a position and give its IDs")
    p.add_argument("position", help="start, a gnubg Position ID[:Match ID], an XGID or board:P=N,...")
    p.set_defaults(func=_cmd_show)

    p = sub.add_parser("plays", help="list the legal plays of a roll (R5-R21)")
    p.add_argument("position")
    p.add_argument("dice", help="the roll, e.g. 61 or 6-1")
    p.add_argument("--caucasian", action="store_true", help="apply the Caucasian hit rule (V5)")
    p.set_defaults(func=_cmd_plays)

    p = sub.add_parser("check", help="is a play legal? if not, which rule does it break")
    p.add_argument("position")
    p.add_argument("dice")
    p.add_argument("play", help='the play in standard notation, e.g. "13/7 8/7"')
    p.add_argument("--caucasian", action="store_true")
    p.set_defaults(func=_cmd_check)

    p = sub.add_parser("odds", help="exact odds of this roll: entering, hitting, closing out, bearing off")
    p.add_argument("position")
    p.set_defaults(func=_cmd_odds)

    p = sub.add_parser("bearoff", help="bear-off databases: rolls to finish (all, with cumulative odds), EPC, "
                                       "winning chance")
    p.add_argument("position")
    p.add_argument("--checkers", type=int, default=6, help="two-sided database size (checkers a side, 1-8)")
    p.set_defaults(func=_cmd_bearoff)

    p = sub.add_parser("estimate", help="Monte Carlo: play games out and estimate wins, gammons, equity")
    p.add_argument("position")
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--player", default=DEFAULT_PLAYER,
                   help="who plays the games out: random, pubeval, heuristic or net (the default; see "
                        "bgsim.montecarlo.PLAYERS; heuristic is pubeval plus the exact bear-off database, "
                        "bgsim.HeuristicPlayer in Python; the results depend on it); ON_ROLL,OPPONENT gives each "
                        "side its own, e.g. heuristic,random")
    p.add_argument("--seed", type=int, default=0, help="the same seed gives the same numbers (default 0)")
    p.add_argument("--workers", type=int, default=1, help="processes to use")
    p.add_argument("--match", type=int, default=0, metavar="N",
                   help="match play to N points (R27); an XGID or Match ID gives it itself")
    p.add_argument("--away", type=int, nargs=2, metavar=("MY_AWAY", "OPP_AWAY"),
                   help="match score, points away (needs --match)")
    p.add_argument("--opening", action="store_true",
                   help="the first roll is an opening roll (R4: no doubles); the position is the start")
    p.add_argument("--caucasian", action="store_true", help="the Caucasian hit rule (V5)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=_cmd_estimate)

    p = sub.add_parser("met", help="match equity: the chance to win a match from a score (R27, R28)")
    p.add_argument("my_away", type=int, help="points you still need")
    p.add_argument("opp_away", type=int, help="points the opponent still needs")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--crawford", action="store_true", help="this is the Crawford game (R28)")
    g.add_argument("--post-crawford", action="store_true", help="a game after the Crawford game")
    p.set_defaults(func=_cmd_met)

    p = sub.add_parser("race", help="race counts: Keith, Thorp, Kleinman, 8-9-12")
    p.add_argument("position")
    p.set_defaults(func=_cmd_race)

    chance = "0.72 or 72%%"
    p = sub.add_parser("cube", help="double / take decision from a winning chance (money or a match score)")
    p.add_argument("p_win", type=_chance, help=f"cubeless winning chance of the player on roll: {chance}")
    p.add_argument("--gammons", type=_chance, help=f"share of wins that are gammons ({chance})")
    p.add_argument("--gammons-lost", type=_chance, help=f"share of losses that are gammons ({chance})")
    p.add_argument("--cube", type=int, help="cube value before the double (default 1)")
    p.add_argument("--score", type=int, nargs=2, metavar=("MY_AWAY", "OPP_AWAY"), help="match score (away)")
    p.add_argument("--crawford", action="store_true")
    p.add_argument("--position", metavar="ID",
                   help="an XGID or PositionID:MatchID giving the cube, its owner and the score")
    p.set_defaults(func=_cmd_cube)

    p = sub.add_parser("takepoint", help="the taker's take point: money (dead, live, Janowski) or at a match score")
    p.add_argument("--gammons", type=_chance, help=f"share of the taker's wins that are gammons ({chance})")
    p.add_argument("--gammons-lost", type=_chance, help=f"share of the taker's losses that are gammons ({chance})")
    p.add_argument("--cube-life", type=float, default=DEFAULT_CUBE_LIFE,
                   help="Janowski's cube life x for money, 0 (dead) to 1 (live)")
    p.add_argument("--match", type=int, default=0, metavar="N", help="a match to N points (R27)")
    p.add_argument("--score", type=_score, metavar="A-B", help="the taker's score, then the doubler's")
    p.add_argument("--cube", type=int, default=1, help="cube value before the double (default 1)")
    p.set_defaults(func=_cmd_takepoint)

    p = sub.add_parser("rule", help="look up a rule by its id (R13, V5 ...); with no id, list them all")
    p.add_argument("rule_id", nargs="?", metavar="ID", help="a rule id such as R13")
    p.set_defaults(func=_cmd_rule)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input).

    >>> main(["check", "start", "63", "13/10"])  # the message goes to stderr
    2
    """
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed its message
        return int(exc.code or 0)
    try:
        return int(args.func(args) or 0)
    except BgsimError as exc:
        print(f"bgsim: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("bgsim: stopped", file=sys.stderr)
        return 130
