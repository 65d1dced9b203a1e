"""The ``bgsim`` command line: positions, legal plays, exact odds, bear-offs, match equity, estimates.

Positions are given as a gnubg Position ID (``4HPwATDgc/ABMA``), an XGID
(``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10``) or ``start``.
Rolls are written ``61``, ``6-1`` or ``6,1``. Bad input gets a one-line message and exit
status 2, never a traceback.

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
from .equity import cube_decision, match_equity
from .errors import BgsimError, InvalidPositionError, ParseError
from .montecarlo import estimate
from .position import Position
from .race import eight_nine_twelve, keith_count, kleinman_count, thorp_count
from .rulebook import rules_reference
from .rules import Rules

__all__ = ["main", "read_dice", "read_position"]


def read_position(text: str) -> Position:
    """A position from ``start``, a gnubg Position ID or an XGID.

    >>> read_position("start") == Position.initial()
    True
    >>> read_position("4HPwATDgc/ABMA").pips()
    (167, 167)
    >>> read_position("nonsense!")
    Traceback (most recent call last):
    ...
    bgsim.errors.ParseError: cannot read 'nonsense!' as a position: give start, a gnubg Position ID
    (14 characters) or an XGID
    """
    t = text.strip()
    if t.lower() in ("start", "initial"):
        return Position.initial()
    if t.upper().startswith("XGID=") or t.count(":") >= 9:
        return Position.from_xgid(t)
    if ":" in t:  # gnubg's "PositionID:MatchID"
        t = t.split(":", 1)[0]
    if len(t) == 14:
        return Position.from_gnubg_id(t)
    raise ParseError(f"cannot read {text!r} as a position: give start, a gnubg Position ID (14 characters) or an XGID")


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
    pos = read_position(args.position)
    print(pos)
    print(f"gnubg Position ID: {pos.gnubg_id()}")
    print(f"XGID: {pos.xgid()}")
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

    pos = read_position(args.position)
    print(pos)
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
        first = ", ".join(f"{n}: {p:.1%}" for n, p in enumerate(dist[:8]) if p > 0.0005)
        print(f"{name}: {db.expected_rolls(side):.3f} rolls expected, EPC {db.epc(side):.1f} "
              f"(rolls to finish: {first})")
    if pos.can_bear_off() and pos.swap().can_bear_off():
        try:
            print(f"on roll wins {two_sided(args.checkers).win_chance(pos):.2%} with best play (two-sided database)")
        except InvalidPositionError as exc:
            print(f"two-sided: {exc}")
    return 0


def _cmd_estimate(args) -> int:

    pos = read_position(args.position)
    if args.match:
        rules = Rules.match(args.match, variant="standard")
        away = tuple(args.away) if args.away else None
    else:
        rules, away = Rules.money(), None
    if args.caucasian:
        rules = rules.replace(caucasian=True)
    result = estimate(pos, rules, games=args.games, player=args.player, rng=args.seed, workers=args.workers,
                      progress=not args.quiet, away=away)
    print(result)
    return 0


def _cmd_met(args) -> int:

    mwc = match_equity(args.my_away, args.opp_away, crawford=args.crawford, post_crawford=args.post_crawford)
    game = " (Crawford game)" if args.crawford else " (post-Crawford)" if args.post_crawford else ""
    print(f"{args.my_away}-away vs {args.opp_away}-away{game}: {mwc:.2%} to win the match (Kazaross-XG2)")
    return 0


def _cmd_race(args) -> int:

    pos = read_position(args.position)
    for count in (keith_count, thorp_count, kleinman_count, eight_nine_twelve):
        print(count(pos))
        print()
    return 0


def _cmd_cube(args) -> int:

    p = args.p_win / 100 if args.p_win > 1 else args.p_win
    score = tuple(args.score) if args.score else None
    print(cube_decision(p, gammons=(args.gammons / 100, args.gammons_lost / 100), cube=args.cube,
                        score=score, crawford=args.crawford))
    return 0


def _percent(text: str) -> float:
    try:
        value = float(text.rstrip("%"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text!r} is not a chance between 0 and 100 (percent)")
    return value


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
    p.add_argument("position", help="start, a gnubg Position ID or an XGID")
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

    p = sub.add_parser("bearoff", help="bear-off databases: expected rolls, EPC, winning chance")
    p.add_argument("position")
    p.add_argument("--checkers", type=int, default=6, help="two-sided database size (checkers a side, 1-8)")
    p.set_defaults(func=_cmd_bearoff)

    p = sub.add_parser("estimate", help="Monte Carlo: play games out and estimate wins, gammons, equity")
    p.add_argument("position")
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--player", default="heuristic", help="random, pubeval or heuristic (default)")
    p.add_argument("--seed", type=int, default=0, help="the same seed gives the same numbers (default 0)")
    p.add_argument("--workers", type=int, default=1, help="processes to use")
    p.add_argument("--match", type=int, default=0, metavar="N", help="match play to N points (R27)")
    p.add_argument("--away", type=int, nargs=2, metavar=("MY_AWAY", "OPP_AWAY"), help="match score, points away")
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

    p = sub.add_parser("cube", help="double / take decision from a winning chance (money or a match score)")
    p.add_argument("p_win", type=_percent, help="cubeless winning chance of the player on roll, percent")
    p.add_argument("--gammons", type=_percent, default=0.0, help="percent of wins that are gammons")
    p.add_argument("--gammons-lost", type=_percent, default=0.0, help="percent of losses that are gammons")
    p.add_argument("--cube", type=int, default=1, help="cube value before the double")
    p.add_argument("--score", type=int, nargs=2, metavar=("MY_AWAY", "OPP_AWAY"), help="match score (away)")
    p.add_argument("--crawford", action="store_true")
    p.set_defaults(func=_cmd_cube)

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
