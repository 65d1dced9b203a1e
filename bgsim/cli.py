"""The ``bgsim`` command line: positions, plays, hints, exact odds, bear-offs, match equity, estimates, cube decisions.

Positions are given as ``start``, a gnubg Position ID (``4HPwATDgc/ABMA``), a gnubg
Position ID and Match ID (``4HPwATDgc/ABMA:QYkqASAAIAAA``), an XGID
(``XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10``) or one signed board seen by the
side on roll (``board:24=2,13=5,8=3,6=5,1=-2,12=-5,17=-3,19=-5``, see :func:`read_board`).
An XGID or a Match ID brings the whole game state with it: cube value and owner, score,
match length, Crawford game, Jacoby rule, whose turn and the dice; the commands use it, and
an ID's dice are used (``plays``, ``check``) or refused (questions asked before the roll),
never ignored. Rolls are written ``61``, ``6-1`` or ``6,1``; chances ``0.72`` or ``72%``.

One convention for scores, as gnubg and XG show them: ``--score A-B`` is the **points won**
(with ``--match N``); the points still needed are given only as ``--away A B``; given both,
they must agree. In ``cube`` and ``takepoint`` both name the **doubler first**, then the taker
(the doubler is the player on roll), and every answer prints the score it read with the names.
Points are named as the board is drawn, from player 0's side (R1).

Every command takes ``--json``: the same answer as JSON on stdout. Exit status: 0 for a
finished answer, 2 for bad input or contradictory options (one line on stderr, never a
traceback), 130 after Ctrl-C (a partial estimate is still printed), 141 when stdout is
closed early (``bgsim plays start 66 | head -1``), silently.

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
import json
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from .cli_commands import COMMANDS, STOPPED, Output
from .cli_read import read_board, read_chance, read_dice, read_game, read_position, read_score
from .equity import DEFAULT_CUBE_LIFE
from .errors import BgsimError
from .i18n import LANGUAGES, N_, _, argparse_language, fmt_count, get_language, language
from .montecarlo import DEFAULT_PLAYER
from .results import jsonable

__all__ = ["main", "read_board", "read_chance", "read_dice", "read_game", "read_position", "read_score"]

#: Exit status when stdout is closed before the output is written (128 + SIGPIPE, as a shell reports it).
CLOSED_PIPE = 141


def _chance(text: str) -> float:
    try:
        return read_chance(text)
    except BgsimError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _score(text: str) -> tuple[int, int]:
    try:
        return read_score(text)
    except BgsimError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _match_options(p: argparse.ArgumentParser, first: str, second: str) -> None:
    """``--match N``, ``--score A-B`` (points won) and ``--away A B`` (points still needed)."""
    p.add_argument("--match", type=int, metavar="N", help=_("a match to N points (R27)"))
    p.add_argument("--score", type=_score, metavar="A-B",
                   help=_("the score in points won (as gnubg and XG show it), {first}'s first, e.g. 2-4; needs "
                          "--match").format(first=_(first)))
    p.add_argument("--away", type=int, nargs=2, metavar=(f"{first.upper()}_AWAY", f"{second.upper()}_AWAY"),
                   help=_("the score as points still needed instead (must agree with --score if both are given)"))


class _Parser(argparse.ArgumentParser):
    """argparse with its complaints on one line, like bgsim's own (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, "bgsim: " + _("{message} (see: {prog} --help)").format(message=message, prog=self.prog) + "\n")


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bgsim",
        description=_("Backgammon rules, exact odds, cube decisions and Monte Carlo estimates "
                    "(rules cited by id: `bgsim rule ID` explains one). Scores are points won (--score A-B); "
                    "points still needed are --away A B."))
    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", help=_("print the answer as JSON"))
    lang_help = _("the language of the answers and this help: {languages} (default: $BGSIM_LANG, else en)").format(
        languages=", ".join(LANGUAGES))
    common.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=lang_help)
    parser.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=lang_help)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    where = _("start, a gnubg Position ID[:Match ID], an XGID or board:P=N,...")

    def command(name: str, **kwargs) -> argparse.ArgumentParser:
        p = sub.add_parser(name, parents=[common], **kwargs)
        p.set_defaults(func=COMMANDS[name])
        return p

    p = command("show", help=_("draw a position and give its IDs"))
    p.add_argument("position", help=where)

    p = command("plays", help=_("list the legal plays of a roll (R5-R21)"))
    p.add_argument("position", help=where)
    p.add_argument("dice", nargs="?", help=_("the roll, e.g. 61 or 6-1 (default: the dice the ID gives)"))
    p.add_argument("--caucasian", action="store_true", help=_("apply the Caucasian hit rule (V5)"))

    p = command("hint", help=_("rank every legal play of a roll by a player's equity (0-ply, 1-ply or rolled out)"))
    p.add_argument("position", help=where)
    p.add_argument("dice", nargs="?", help=_("the roll, e.g. 61 or 6-1 (default: the dice the ID gives)"))
    p.add_argument("--player", default="net",
                   help=_("who judges (and plays the rollouts): net (the default) or gnubg (needs pip install "
                          "'bgsim[gnubg]')"))
    p.add_argument("--rollout", type=int, metavar="N",
                   help=_("roll the best candidates out N games each, on the same dice for each"))
    p.add_argument("--candidates", type=int, default=5, help=_("plays to roll out (default 5)"))
    p.add_argument("--seed", type=int, default=0, help=_("the rollout's seed (default 0)"))
    p.add_argument("--top", type=int, help=_("show only the best TOP plays (all by default)"))
    p.add_argument("--plies", type=int, choices=(0, 1), default=0,
                   help=_("0: the player's judgement of each result (default); 1: one roll deeper"))

    p = command("check", help=_("is a play legal? if not, which rule does it break"))
    p.add_argument("position", help=where)
    p.add_argument("rest", nargs="+", metavar="[DICE] PLAY",
                   help=_('the roll (left out when the ID gives one) and the play in standard notation, e.g. 61 '
                        '"13/7 8/7"'))
    p.add_argument("--caucasian", action="store_true")

    p = command("odds", help=_("exact odds of this roll: entering, hitting, closing out, bearing off"))
    p.add_argument("position", help=where)

    p = command("bearoff", help=_("bear-off databases: rolls to finish (all, with cumulative odds), EPC, "
                                "winning chance"))
    p.add_argument("position", help=where)
    p.add_argument("--checkers", type=int, default=6, help=_("two-sided database size (checkers a side, 1-8)"))

    p = command("estimate", help=_("Monte Carlo: play games out and estimate wins, gammons, equity"))
    p.add_argument("position", help=where)
    p.add_argument("--games", type=int, default=10_000, metavar="N",
                   help=_("games to play out (default {games}); the intervals narrow as one over the square root of "
                          "N").format(games=f"{10_000:,}"))
    p.add_argument("--player", default=DEFAULT_PLAYER,
                   help=_("who plays the games out: random, pubeval, heuristic or net (the default; see "
                        "bgsim.montecarlo.PLAYERS; heuristic is pubeval plus the exact bear-off database, "
                        "bgsim.HeuristicPlayer in Python; the results depend on it), or gnubg (gnubg's own "
                        "network, needs pip install 'bgsim[gnubg]'); ON_ROLL,OPPONENT gives each "
                        "side its own, e.g. heuristic,random"))
    p.add_argument("--seed", type=int, default=0, help=_("the same seed gives the same numbers (default 0)"))
    p.add_argument("--workers", type=int, default=1, help=_("processes to use"))
    _match_options(p, N_("on roll"), N_("opponent"))
    p.add_argument("--opening", action="store_true",
                   help=_("the first roll is an opening roll (R4: no doubles); the position is the start"))
    p.add_argument("--caucasian", action="store_true", help=_("the Caucasian hit rule (V5)"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))

    p = command("met", help=_("match equity: the chance to win a match from a score (R27, R28)"))
    p.add_argument("my_away", type=int, nargs="?", help=_("points you still need"))
    p.add_argument("opp_away", type=int, nargs="?", help=_("points the opponent still needs"))
    _match_options(p, N_("my"), N_("opp"))
    g = p.add_mutually_exclusive_group()
    g.add_argument("--crawford", action="store_true",
                   help=_("this is the Crawford game (R28); a 1-away score without either flag is read as it"))
    g.add_argument("--post-crawford", action="store_true", help=_("a game after the Crawford game"))

    p = command("race", help=_("race counts: Keith, Thorp, Kleinman, 8-9-12"))
    p.add_argument("position", help=where)

    chance = "0.72 or 72%%"
    p = command("cube", help=_("double / take decision from a winning chance, or from a position (at once from "
                             "the net's evaluation, as the library and the PlayWidget give it; --rollout N plays it "
                             "out)"))
    p.add_argument("what", metavar="CHANCE|POSITION",
                   help=_("the cubeless winning chance of the player on roll ({chance}), or a position ({where}): "
                          "its instant decision from the net's evaluation, or with --rollout N from play-outs").format(
                       chance=chance, where=where))
    p.add_argument("--gammons", type=_chance, help=_("with a chance: share of wins that are gammons ({chance})").format(
        chance=chance))
    p.add_argument("--gammons-lost", type=_chance,
                   help=_("with a chance: share of losses that are gammons ({chance})").format(chance=chance))
    p.add_argument("--cube", type=int, help=_("cube value before the double (default 1)"))
    p.add_argument("--owner", choices=("centered", "me"), help=_("who holds the cube (default: centered)"))
    _match_options(p, N_("doubler"), N_("taker"))
    p.add_argument("--crawford", action="store_true", help=_("this is the Crawford game (R28: no double)"))
    p.add_argument("--position", metavar="ID",
                   help=_("with a chance: an XGID or PositionID:MatchID giving the cube, its owner and the score"))
    p.add_argument("--rollout", type=int, metavar="N",
                   help=_("with a position: play it out N times (e.g. {games}) and decide from those chances, with "
                          "their interval, instead of the instant decision").format(games=fmt_count(10_000)))
    p.add_argument("--games", type=int, metavar="N", help=_("with a position: the same as --rollout N"))
    p.add_argument("--player", help=_("with --rollout: who plays the games (default {player}; the chances depend "
                                      "on it)").format(player=DEFAULT_PLAYER))
    p.add_argument("--seed", type=int, help=_("with --rollout: the seed (default 0)"))
    p.add_argument("--workers", type=int, help=_("with --rollout: processes to use (default 1)"))
    p.add_argument("--quiet", action="store_true", help=_("no progress bar"))

    p = command("takepoint", help=_("the taker's take point: money (dead, live, Janowski) or at a match score"))
    p.add_argument("--gammons", type=_chance,
                   help=_("share of the taker's wins that are gammons ({chance})").format(chance=chance))
    p.add_argument("--gammons-lost", type=_chance,
                   help=_("share of the taker's losses that are gammons ({chance})").format(chance=chance))
    p.add_argument("--cube-life", type=float, default=DEFAULT_CUBE_LIFE,
                   help=_("Janowski's cube life x for money, 0 (dead) to 1 (live)"))
    _match_options(p, N_("doubler"), N_("taker"))
    p.add_argument("--cube", type=int, help=_("cube value before the double (default 1)"))

    p = command("rule", help=_("look up a rule by its id (R13, V5 ...); with no id, list them all"))
    p.add_argument("rule_id", nargs="?", metavar="ID", help=_("a rule id such as R13"))
    return parser


def _silence_stdout() -> None:
    """Point stdout at the null device, so that nothing written later (the interpreter's last
    flush) hits the closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # not a real file (a test's capture)
        pass


def _write(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0: a finished answer; 2: bad input or contradictory options (one line on stderr; with
    ``--json`` also ``{"error": ...}`` on stdout); 130: stopped by Ctrl-C (an estimate
    stopped part-way still prints its partial result); 141: stdout closed before the output
    was written (no traceback).

    >>> main(["check", "start", "63", "13/10"])  # the message goes to stderr
    2
    >>> main(["met", "--match", "7", "--score", "2-4", "--json"])     # doctest: +ELLIPSIS
    {
      "match_length": 7,
      "score": [
        2,
        4
      ],
      "away": [
        5,
        3
      ],
    ...
    0
    """
    lang = _lang_of(sys.argv[1:] if argv is None else argv)
    if lang is None:
        with argparse_language(get_language()):
            return _main(argv)
    with language(lang), argparse_language(lang):   # the help, answers and messages in that language; restored after
        return _main(argv)


def _lang_of(argv: Sequence[str]) -> str | None:
    """The language ``--lang X`` (or ``--lang=X``) asks for, wherever it stands; None without one.

    >>> _lang_of(["rule", "R13", "--lang", "cs"]), _lang_of(["--lang=cs", "rule"]), _lang_of(["rule"])
    ('cs', 'cs', None)
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if arg.startswith("--lang=") and arg[7:] in LANGUAGES:
            return arg[7:]
    return None


def _main(argv: Sequence[str] | None) -> int:
    parser = _build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed its message
        return int(exc.code or 0)
    try:
        try:
            out: Output = args.func(args)
        except BgsimError as exc:
            print(f"bgsim: {exc}", file=sys.stderr)
            if args.json:
                _write(json.dumps({"error": str(exc), "error_type": type(exc).__name__, "rule": exc.rule}))
            return 2
        except KeyboardInterrupt:
            print(_("bgsim: stopped (Ctrl-C)"), file=sys.stderr)
            return STOPPED
        _write(json.dumps(jsonable(out.data), indent=2, allow_nan=False) if args.json else "\n".join(out.lines))
        if out.note:
            print(f"bgsim: {out.note}", file=sys.stderr)
        return out.status
    except BrokenPipeError:
        _silence_stdout()
        return CLOSED_PIPE
