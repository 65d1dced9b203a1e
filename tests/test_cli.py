"""The command line: output for good input, one clear line and exit status 2 for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bgsim.cli.main import main


def test_show(capsys):
    assert main(["show", "4HPwATDgc/ABMA"]) == 0
    out = capsys.readouterr().out
    assert "gnubg Position ID: 4HPwATDgc/ABMA" in out and "XGID=-b----E-C---eE---c-e----B-" in out


def test_plays_from_an_xgid(capsys):
    assert main(["plays", "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "6-5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "24/13" in [line.split(". ", 1)[1] for line in lines]


def test_check_legal_and_illegal(capsys):
    assert main(["check", "start", "31", "8/5 6/5"]) == 0
    assert "legal: 8/5 6/5" in capsys.readouterr().out
    assert main(["check", "start", "63", "13/10"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bgsim: 13/10 alone leaves the 6 unplayed") and "(R10)" in err


@pytest.mark.parametrize(
    "argv, fragment",
    [
        (["show", "AAAA"], "cannot read 'AAAA' as a position"),
        (["show", "4HPwATDgc/AB!A"], "Position ID"),
        (["plays", "start", "71"], "cannot read '71' as a roll"),
        (["check", "start", "61", "13/14"], "backwards"),
    ],
)
def test_bad_input_is_one_clear_line(capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err and err.count("\n") == 1


def test_python_dash_m():
    out = subprocess.run([sys.executable, "-m", "bgsim", "plays", "start", "11"], capture_output=True, text=True)
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 42
    bad = subprocess.run([sys.executable, "-m", "bgsim", "show", "xyz"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("bgsim: ")


def test_met(capsys):
    assert main(["met", "2", "1", "--crawford"]) == 0
    assert "32.26%" in capsys.readouterr().out
    assert main(["met", "0", "3"]) == 2
    assert "bgsim: " in capsys.readouterr().err


def test_race_and_contact(capsys):
    race = "XGID=-CCCBBB------------bbbccc-:0:0:1:00:0:0:0:0:10"  # 15 checkers each on the six home points
    assert main(["race", race]) == 0
    out = capsys.readouterr().out
    assert "Keith count" in out and "Kleinman" in out and "Thorp" in out
    assert main(["race", "start"]) == 2
    assert "race" in capsys.readouterr().err


def test_cube(capsys):
    assert main(["cube", "72%"]) == 0
    assert "Double, take" in capsys.readouterr().out
    assert main(["cube", "140%"]) == 2


def test_odds_entering(capsys):
    from bgsim import Position

    pos = Position.from_counts({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 0: 9})  # 3 closed points: 36 - 9 = 27
    assert main(["odds", pos.xgid()]) == 0
    assert "enter from the bar (R14, R15): all enter: 27/36 = 75.0%" in capsys.readouterr().out


def test_bearoff(capsys):
    from bgsim import Position

    pos = Position.from_counts({1: 1, 0: 14}, {1: 1, 0: 14})  # on roll bears off and wins
    assert main(["bearoff", pos.xgid()]) == 0
    out = capsys.readouterr().out
    assert "on roll: 1.000 rolls expected" in out and "on roll wins 100.00%" in out


def test_estimate_is_reproducible(capsys):
    argv = ["estimate", "start", "--games", "360", "--seed", "4", "--quiet", "--player", "random"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    second = capsys.readouterr().out
    assert "360 games" in first
    strip = [line for line in first.splitlines() if "games/s" not in line and " s " not in line]
    assert strip == [line for line in second.splitlines() if "games/s" not in line and " s " not in line]
    assert main(["estimate", "start", "--player", "wizard", "--quiet"]) == 2
    assert "unknown player" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# full game state from IDs, boards, bear-off table, chances, take points, --opening
# ---------------------------------------------------------------------------

MATCH_XGID = "XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8"


def test_show_prints_the_state_and_round_trips_the_xgid(capsys):
    assert main(["show", MATCH_XGID]) == 0
    out = capsys.readouterr().out
    assert f"XGID: {MATCH_XGID}" in out
    assert "5-point match, score 3-2" in out and "2-away vs 3-away" in out
    assert "cube 2 owned by Dark" in out and "Dark on roll, dice 4-2 to play" in out
    crawford = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10"
    assert main(["show", crawford]) == 0
    out = capsys.readouterr().out
    assert "Crawford game (R28)" in out and f"XGID: {crawford}" in out


def test_show_gnubg_pair_keeps_the_match_id(capsys):
    assert main(["show", "4HPwATDgc/ABMA:QYkqASAAIAAA"]) == 0
    out = capsys.readouterr().out
    assert "gnubg Match ID: QYkqASAAIAAA" in out and "9-point match, score 2-4" in out
    assert "dice 5-2 to play" in out and "cube 2 owned by Light" in out


def test_show_board_syntax(capsys):
    from bgsim import Position

    assert main(["show", "board:24=2,13=5,8=3,6=5,1=-2,12=-5,17=-3,19=-5"]) == 0
    assert f"XGID: {Position.initial().xgid()}" in capsys.readouterr().out
    assert main(["show", "board:6=2,19=-1,bar=0/1,turn=1"]) == 0
    out = capsys.readouterr().out
    pos = Position.from_board({6: 2, 19: -1}, bar=(0, 1), turn=1)
    assert f"gnubg Position ID: {pos.gnubg_id()}" in out and "Dark on roll" in out
    for bad, words in (("board:6=2,6=1", "given twice"), ("board:30=1", "unknown point 30"),
                       ("board:6=x", "cannot read '6=x'")):
        assert main(["show", bad]) == 2
        assert words in capsys.readouterr().err


def test_odds_and_race_print_the_match_state(capsys):
    race = "XGID=-CCCBBB------------bbbccc-:1:1:1:00:1:3:0:5:10"
    assert main(["race", race]) == 0
    out = capsys.readouterr().out
    assert "5-point match, score 1-3" in out and "cube 2 owned by Light" in out and "Keith count" in out
    assert main(["odds", race]) == 0
    assert "5-point match, score 1-3" in capsys.readouterr().out


def test_bearoff_full_distribution_with_cumulative_odds(capsys):
    from bgsim import Position
    from bgsim.odds.bearoff import one_sided

    pos = Position.from_counts({6: 15}, {1: 15})   # 15 on the six point: many rolls, past 7
    assert main(["bearoff", pos.xgid()]) == 0
    out = capsys.readouterr().out
    dist = one_sided().distribution(pos)
    assert len(dist) - 1 > 7
    rows = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    on_roll = rows[: sum(1 for p in dist if p > 0)]
    assert [int(r[0]) for r in on_roll] == [n for n, p in enumerate(dist) if p > 0]
    assert int(on_roll[-1][0]) == len(dist) - 1 and on_roll[-1][2] == "100.00%"
    # the cumulative column is the running sum of the exact chances
    running = 0.0
    for r in on_roll:
        running += float(dist[int(r[0])])
        if r[2][0].isdigit():
            assert abs(float(r[2].rstrip("%")) - 100 * running) < 0.006


@pytest.mark.parametrize("text, words", [("1", "0.72, 1.0"), ("72", "72%"), ("140%", "between 0 and 1"),
                                          ("0.7x", "cannot read")])
def test_cube_chance_format_is_explicit(capsys, text, words):
    assert main(["cube", text]) == 2
    assert words in capsys.readouterr().err


def test_cube_chance_formats_agree(capsys):
    from bgsim.odds.equity import janowski_decision

    assert main(["cube", "0.72"]) == 0
    first = capsys.readouterr().out
    assert main(["cube", "72%"]) == 0
    assert capsys.readouterr().out == first == str(janowski_decision(0.72)) + "\n"
    assert main(["cube", "1.0"]) == 0
    assert str(janowski_decision(1.0)) in capsys.readouterr().out


def test_cube_from_a_position_id(capsys):
    from bgsim.odds.equity import janowski_decision

    # player 0 on roll at 1-3 in a 5-point match (4-away vs 2-away), owning a 2-cube
    x = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:1:3:0:5:10"
    assert main(["cube", "0.6", "--position", x]) == 0
    out = capsys.readouterr().out
    assert str(janowski_decision(0.6, cube=2, owner="me", match_length=5, score=(1, 3))) in out
    assert "5-point match, doubler 1, taker 3 (4-away vs 2-away)" in out
    assert main(["cube", "0.6", "--position", x, "--match", "5", "--score", "1-3"]) == 2
    assert "contradict --position" in capsys.readouterr().err
    theirs = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:1:3:0:5:10"   # player 1 owns the cube
    assert main(["cube", "0.6", "--position", theirs]) == 2
    assert "R25" in capsys.readouterr().err


def test_takepoint_money_and_match(capsys):
    from bgsim.odds.equity import match_take_point

    assert main(["takepoint"]) == 0
    out = capsys.readouterr().out
    assert "dead cube:  25.0%" in out and "live cube:  20.0%" in out
    assert main(["takepoint", "--gammons", "20%", "--gammons-lost", "0.3"]) == 0
    out = capsys.readouterr().out
    W, L = 1.2, 1.3   # the taker's average win and loss
    assert f"dead cube:  {(L - 0.5) / (W + L):.1%}" in out
    assert f"live cube:  {(L - 0.5) / (W + L + 0.5):.1%}" in out
    assert main(["takepoint", "--match", "7", "--score", "4-2"]) == 0      # the doubler first, as in `cube`
    out = capsys.readouterr().out
    assert f"take point: {match_take_point(5, 3):.1%}" in out
    assert main(["takepoint", "--match", "7", "--score", "7-4"]) == 2
    assert "R27" in capsys.readouterr().err
    assert main(["takepoint", "--score", "2-4"]) == 2
    assert "needs --match" in capsys.readouterr().err
    assert main(["takepoint", "--match", "7"]) == 2


def _estimate_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if "games/s" not in line and " s " not in line]


def test_estimate_uses_the_match_state_of_an_xgid(capsys):
    from bgsim import Position, Rules
    from bgsim.sim.montecarlo import estimate

    x = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:2:0:5:10"   # player 0 on roll, 2-away vs 3-away
    assert main(["estimate", x, "--games", "360", "--quiet", "--player", "random"]) == 0
    out = capsys.readouterr().out
    assert "5-point match" in out and "2-away vs 3-away" in out
    expected = estimate(Position.initial(), Rules.match(5), games=360, player="random", rng=0, away=(2, 3))
    assert _estimate_lines(str(expected)) == _estimate_lines(out)[1:]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:2:0:5:10", "--match", "7"], "contradicts the ID"),
        (["XGID=-b----E-C---eE---c-e----B-:0:0:1:00:3:2:0:5:10", "--away", "3", "3"], "contradicts the ID's score"),
        (["XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "--match", "5"], "money game"),
        (["start", "--away", "3", "2"], "--away needs --match"),
        (["XGID=-b----E-C---eE---c-e----B-:0:0:1:61:0:0:0:0:10"], "before the roll"),
        (["XGID=-CCCBBB------------bbbccc-:0:0:1:00:0:0:0:0:10", "--opening"], "give start"),
    ],
)
def test_estimate_contradictions_are_errors(capsys, argv, words):
    assert main(["estimate", *argv, "--games", "36", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_estimate_opening(capsys):
    from bgsim import Position
    from bgsim.sim.montecarlo import estimate

    assert main(["estimate", "start", "--opening", "--games", "300", "--quiet", "--player", "random"]) == 0
    out = capsys.readouterr().out
    assert "opening roll first" in out
    expected = estimate(Position.initial(), games=300, player="random", rng=0, opening=True)
    assert _estimate_lines(str(expected)) == _estimate_lines(out)


def test_estimate_names_its_players_and_says_the_results_depend_on_them(capsys):
    assert main(["estimate", "start", "--games", "72", "--quiet", "--player", "heuristic,random"]) == 0
    out = capsys.readouterr().out
    assert "players: heuristic (on roll) vs random" in out
    assert "results depend on the players: heuristic (pubeval plus the exact bear-off database) vs random" in out
    assert main(["estimate", "start", "--games", "36", "--quiet", "--player", "net"]) == 0
    assert "players: net vs net" in capsys.readouterr().out
    assert main(["estimate", "start", "--games", "36", "--quiet", "--player", "a,b,c"]) == 2
    assert "one name or two" in capsys.readouterr().err
    main(["estimate", "--help"])
    assert "heuristic or net (the default" in " ".join(capsys.readouterr().out.split())


# ---------------------------------------------------------------------------
# issue 22: one score convention, points as drawn, cube from a position, JSON, exit codes,
# the compile notice, validation gaps and output nits
# ---------------------------------------------------------------------------

def _run(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_one_score_convention_on_every_command(capsys):
    """--score A-B is the points won (with --match N) everywhere; --away A B the points still needed;
    in `cube` and `takepoint` both list the doubler first (issue 33: takepoint listed the taker first)."""
    from bgsim.odds.equity import janowski_decision, match_take_point

    _, out, _ = _run(capsys, "takepoint", "--match", "7", "--score", "4-2")
    assert f"take point: {match_take_point(5, 3):.1%}" in out and "doubler 4 (3-away), taker 2 (5-away)" in out
    assert _run(capsys, "takepoint", "--away", "3", "5")[1].splitlines()[-1] == out.splitlines()[-1]
    _, won, _ = _run(capsys, "cube", "0.75", "--match", "7", "--score", "2-4")
    assert "7-point match, doubler 2, taker 4 (5-away vs 3-away)" in won
    assert str(janowski_decision(0.75, match_length=7, score=(2, 4))) in won
    _, away, _ = _run(capsys, "cube", "0.75", "--away", "5", "3")
    assert won.splitlines()[1:] == away.splitlines()[1:]            # the same numbers, another header
    _, both, _ = _run(capsys, "cube", "0.75", "--match", "7", "--score", "2-4", "--away", "5", "3")
    assert both == won
    _, met, _ = _run(capsys, "met", "--match", "7", "--score", "2-4")
    assert "score 2-4: 5-away vs 3-away" in met
    _, est, _ = _run(capsys, "estimate", "start", "--match", "7", "--score", "2-4", "--games", "72", "--quiet",
                     "--player", "random")
    assert "5-away vs 3-away" in est


@pytest.mark.parametrize("argv, words", [
    (["cube", "0.75", "--score", "2", "4"], "write the points won as A-B"),          # the old away form
    (["cube", "0.75", "--score", "2-4"], "needs --match N"),
    (["cube", "0.75", "--match", "7", "--score", "2-4", "--away", "2", "4"], "contradicts --score 2-4"),
    (["takepoint", "--match", "7", "--score", "2-4", "--away", "3", "5"], "contradicts --score 2-4"),
    (["takepoint", "--match", "7", "--score", "4-2", "--away", "5", "3"], "contradicts --score 4-2"),
    (["met", "2", "1", "--match", "7", "--score", "2-4"], "contradicts --match 7 --score 2-4"),
    (["estimate", "start", "--match", "7", "--score", "2-4", "--away", "5", "4", "--quiet"], "contradicts"),
    (["takepoint", "--match", "7", "--away", "8", "3"], "1 to 7 in a 7-point match"),
])
def test_a_score_contradiction_is_refused(capsys, argv, words):
    status, _, err = _run(capsys, *argv)
    assert status == 2 and words in err and err.count("\n") == 1 and "Traceback" not in err


def test_blots_are_named_as_the_board_is_drawn(capsys):
    board = "board:24=2,13=4,8=3,6=5,5=1,16=-1,20=-2,18=-2,19=-3,17=-2,12=-3,1=-2"
    _, out, _ = _run(capsys, "odds", board)
    assert "(blot on 16: 4/36 = 11.1%)" in out and "blot on 9" not in out
    drawn = out.splitlines()[:13]
    assert drawn[0].split()[3] == "16" and drawn[1].split()[3] == "O"       # the O blot is drawn on 16
    _, flipped, _ = _run(capsys, "odds", board + ",turn=1")                   # player 1 on roll: say whose numbering
    assert "numbered from Light's side, as drawn" in flipped and "(blot on 9: 4/36" in flipped
    _, data, _ = _run(capsys, "odds", board, "--json")
    blot = json.loads(data)["shots"]["blots"][0]
    assert (blot["drawn_point"], blot["point"], blot["roller_point"], blot["owner"]) == (16, 9, 16, 1)


def test_cube_decision_from_a_position(capsys):
    from bgsim import Position
    from bgsim.players.decisions import cube_decision

    race = "board:6=2,5=2,4=3,19=-3,20=-3,21=-3,22=-1"
    status, out, _ = _run(capsys, "cube", race, "--games", "1800", "--player", "heuristic", "--seed", "3", "--quiet")
    assert status == 0
    direct = cube_decision(Position.from_board({6: 2, 5: 2, 4: 3, 19: -3, 20: -3, 21: -3, 22: -1}), games=1800,
                           player="heuristic", rng=3)
    assert str(direct) in out
    assert direct.p_win_interval is not None and f"Winning chance {100 * direct.p_win:.1f}% [" in out
    assert "Across the winning chance's interval" in out
    assert "Chances from 1,800 games played out by heuristic vs heuristic (seed 3); they depend on the player" in out
    _, data, _ = _run(capsys, "cube", race, "--games", "360", "--player", "heuristic", "--quiet", "--json")
    decision = json.loads(data)["decision"]
    assert decision["estimate"]["games"] == 360 and len(decision["p_win_interval"]) == 2
    # an XGID brings its cube and score; options that say them again are refused
    x = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:1:3:0:5:10"
    _, out, _ = _run(capsys, "cube", x, "--games", "360", "--player", "heuristic", "--quiet")
    assert "5-point match, doubler 1, taker 3 (4-away vs 2-away), cube 2 owned by the doubler" in out
    for argv, words in ((["--cube", "2"], "contradict the ID"), (["--gammons", "0.2"], "goes with a chance"),
                        (["--position", x], "give the position once")):
        status, _, err = _run(capsys, "cube", x, "--quiet", *argv)
        assert status == 2 and words in err
    status, _, err = _run(capsys, "cube", "0.7", "--games", "100")
    assert status == 2 and "with a chance (0.7) there is nothing to play" in err
    status, _, err = _run(capsys, "cube", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "--quiet")
    assert status == 2 and "5-2 rolled" in err
    status, _, err = _run(capsys, "cube", "nonsense")
    assert status == 2 and "as a chance or a position" in err


JSON_COMMANDS = [
    ["show", "start"], ["show", MATCH_XGID], ["plays", "start", "61"], ["hint", "start", "61"], ["check", "start", "61", "13/7 8/7"],
    ["odds", "start"], ["bearoff", "XGID=-CCCBBB------------bbbccc-:0:0:1:00:0:0:0:0:10"],
    ["estimate", "start", "--games", "72", "--quiet", "--player", "random"], ["met", "2", "1"],
    ["race", "XGID=-CCCBBB------------bbbccc-:0:0:1:00:0:0:0:0:10"], ["cube", "0.7"],
    ["cube", "start", "--games", "72", "--player", "random", "--quiet"], ["takepoint"],
    ["takepoint", "--match", "5", "--score", "1-3"], ["rule", "R13"], ["rule"],
]


@pytest.mark.parametrize("argv", JSON_COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_json_on_every_command(capsys, argv):
    status, out, _ = _run(capsys, *argv, "--json")
    assert status == 0
    data = json.loads(out)
    assert isinstance(data, dict) and data
    assert json.dumps(data, allow_nan=False)


def test_every_command_takes_json():
    from bgsim.cli.main import _build_parser

    parser = _build_parser()
    commands = parser._subparsers._group_actions[0].choices      # argparse keeps them there
    assert {a[0] for a in JSON_COMMANDS} == set(commands)
    for name, sub in commands.items():
        assert any("--json" in a.option_strings for a in sub._actions), name


def test_json_answers_match_the_text(capsys):
    _, data, _ = _run(capsys, "plays", "start", "61", "--json")
    plays = json.loads(data)["plays"]
    assert [p["play"] for p in plays][:2] == ["24/18 24/23", "24/18 8/7"] and plays[0]["after"]
    _, data, _ = _run(capsys, "met", "2", "1", "--json")
    met = json.loads(data)
    assert met["match_equity"] == 0.32264 and met["crawford_assumed"] is True
    status, out, err = _run(capsys, "check", "start", "63", "13/10", "--json")
    assert status == 2 and json.loads(out)["rule"] == "R10" and "R10" in err


def test_ctrl_c_prints_the_partial_estimate_and_exits_130(capsys, monkeypatch):
    from bgsim.cli import commands as cli_commands
    from bgsim.sim.montecarlo import estimate as real

    played = []

    def stopped_after_one_chunk(*args, **kwargs):   # what Ctrl-C does inside estimate: stop between chunks
        return real(*args, stop=lambda: bool(played.append(1)) or len(played) > 1, **kwargs)

    monkeypatch.setattr(cli_commands, "estimate", stopped_after_one_chunk)
    status, out, err = _run(capsys, "estimate", "start", "--games", "100000", "--quiet", "--player", "random")
    assert status == 130
    assert "STOPPED EARLY" in out and "1,080 games" in out
    assert "stopped (Ctrl-C) after 1,080 games: the result is partial" in err
    status, out, _ = _run(capsys, "estimate", "start", "--games", "100000", "--quiet", "--player", "random", "--json")
    assert status == 130 and json.loads(out)["estimate"]["run"]["stopped"] is True


def _stopped_run(*extra: str, before: str, what: str, python: tuple[str, ...] = ("-m", "bgsim"),
                 args: tuple[str, ...] = ("estimate", "start", "--games", "100000000", "--player", "random"),
                 ) -> tuple[int, str, str]:
    """Start the command, send Ctrl-C as soon as ``before`` (a regex) shows on its stderr, and
    return its exit status, stdout and stderr (Python's ``-X importtime`` lines left out).

    A readiness line, never a fixed sleep: on a busy machine the start-up takes many times
    longer (numba's import, a cold compile), so the deadline is generous."""
    import signal

    from tests.support.processes import default_sigint, read_until

    p = subprocess.Popen([sys.executable, *extra, *python, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=default_sigint)
    try:
        seen = read_until(p.stderr, before, timeout=300, what=what)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=300)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    err_text = seen + err.decode(errors="replace")
    lines = [x for x in err_text.splitlines() if not x.startswith("import time:")]
    return p.returncode, out.decode(errors="replace"), "\n".join(lines)


def test_ctrl_c_in_a_real_run():
    """Ctrl-C once the estimate runs (its first progress line counts games played: stderr is a pipe,
    so a plain line every few seconds): the partial result, exit 130."""
    status, out, err = _stopped_run(before=r"estimate: [1-9][\d,]* of", what="the first games played")
    assert status == 130, err
    assert "STOPPED EARLY" in out and "the result is partial" in err and "Traceback" not in err


def _entry_points() -> list[tuple[str, ...]]:
    """``python -m bgsim``, and the ``bgsim`` script when it is installed beside this Python."""
    script = Path(sys.executable).parent / "bgsim"
    return [("-m", "bgsim"), *([(str(script),)] if script.is_file() else [])]


@pytest.mark.parametrize("python", _entry_points(), ids=lambda p: "python -m bgsim" if p[0] == "-m" else "bgsim script")
@pytest.mark.parametrize(("before", "when"), [
    (r"\|\s+bgsim\.cli\.startup\n", "as bgsim starts to import"),
    (r"\|\s+numba\.\S+\n", "while numba imports"),
    (r"\|\s+bgsim\.sim\.montecarlo\n", "while the rest of bgsim imports"),
], ids=["first", "numba", "bgsim"])
def test_ctrl_c_while_the_command_starts(python, before, when):
    """Ctrl-C during the start-up (Python's ``-X importtime`` says how far the imports are):
    exit 130 and one line on stderr, never a traceback or death by the signal."""
    status, out, err = _stopped_run("-X", "importtime", python=python, before=before, what=when)
    assert (status, err) == (130, "bgsim: stopped (Ctrl-C)"), (when, status, err)
    assert "Traceback" not in err and "STOPPED EARLY" not in out


def test_ctrl_c_while_starting_speaks_the_language_asked_for():
    status, _out, err = _stopped_run("-X", "importtime", before=r"\|\s+numba\.\S+\n", what="numba",
                                     args=("plays", "start", "61", "--lang", "cs"))
    assert (status, err) == (130, "bgsim: zastaveno (Ctrl-C)")


def test_a_closed_pipe_ends_quietly():
    import os

    read, write = os.pipe()
    p = subprocess.Popen([sys.executable, "-m", "bgsim", "plays", "start", "66"], stdout=write,
                         stderr=subprocess.PIPE)
    os.close(write)
    os.close(read)                                     # the reader goes away, as `| head -1` does
    err = p.stderr.read().decode()
    p.wait(timeout=60)
    assert err == "" and p.returncode == 141


def test_compile_notice(monkeypatch, capsys):
    """The first compile says so on stderr, once, when a person can see it (a terminal) or when asked."""
    from types import SimpleNamespace

    from bgsim.engine._kernel import COMPILE_NOTICE, _CompileNotice

    def compiling(module):
        return SimpleNamespace(data={"dispatcher": SimpleNamespace(py_func=SimpleNamespace(__module__=module))})

    assert "compiling the engine (once, about 15 s" in COMPILE_NOTICE
    monkeypatch.setenv("BGSIM_COMPILE_NOTICE", "1")
    notice = _CompileNotice()
    notice.on_start(compiling("somebody_else"))        # not bgsim's: quiet
    notice.on_start(compiling("bgsim.engine._kernel"))
    notice.on_start(compiling("bgsim.sim._mc_kernel"))     # once per process
    assert capsys.readouterr().err == COMPILE_NOTICE + "\n"
    monkeypatch.setenv("BGSIM_COMPILE_NOTICE", "0")
    _CompileNotice().on_start(compiling("bgsim.engine._kernel"))
    monkeypatch.delenv("BGSIM_COMPILE_NOTICE")
    _CompileNotice().on_start(compiling("bgsim.engine._kernel"))   # captured stderr is no terminal: quiet
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("argv, words", [
    (["cube", "0.7", "--cube", "0"], "--cube 0: the cube shows 1, 2, 4, 8"),
    (["cube", "0.7", "--cube", "3"], "--cube 3"),
    (["takepoint", "--cube", "3"], "--cube 3: the cube shows 1, 2, 4, 8"),
    (["takepoint", "--match", "-7", "--score", "0-0"], "--match -7: a match is played to 1 to 25 points"),
    (["takepoint", "--match", "7"], "needs the score"),
    (["takepoint", "--cube-life", "nan"], "--cube-life nan"),
    (["takepoint", "--cube-life", "1.5"], "--cube-life 1.5"),
    (["show", "board:off=9/4,off=8/3,6=6,19=-11"], "off is given twice"),
    (["show", "board:6=2,bar=1/0,bar=0/0"], "bar is given twice"),
    (["show", "board:6=2,turn=1,turn=0"], "turn is given twice"),
    (["bearoff", "start", "--checkers", "9"], "--checkers 9"),
    (["bearoff", "start", "--checkers", "0"], "--checkers 0"),
    (["bearoff", "start"], "neither side is bearing off yet"),
    (["show", "AAAAAAAAAAAAAA"], "borne off every checker"),
    (["plays", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "61"], "contradicts the position's ID"),
    (["check", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "61", "13/7 8/7"], "has 5-2 rolled"),
    (["plays", "start"], "give the roll"),
    (["odds", "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"], "5-2 rolled"),
    (["race", "XGID=-CCCBBB------------bbbccc-:0:0:1:52:0:0:0:0:10"], "5-2 rolled"),
    (["bearoff", "XGID=-CCCBBB------------bbbccc-:0:0:1:52:0:0:0:0:10"], "5-2 rolled"),
    (["met", "2"], "give both"),
    (["met"], "give the score"),
    (["met", "0", "3"], "1 to 25"),
    (["estimate", "start", "--games", "0", "--quiet"], "games"),
    (["cube", "0.7", "--match", "30", "--score", "0-0"], "--match 30"),
])
def test_validation_gaps_are_closed(capsys, argv, words):
    status, out, err = _run(capsys, *argv)
    assert status == 2, (status, out)
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert out == ""                                   # nothing printed before the error


def test_an_ids_dice_are_used(capsys):
    x = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10"
    _, with_dice, _ = _run(capsys, "plays", x, "52")
    _, from_id, _ = _run(capsys, "plays", x)
    _, typed, _ = _run(capsys, "plays", "start", "52")
    assert with_dice == from_id == typed
    status, out, _ = _run(capsys, "check", x, "13/8 13/11")
    assert status == 0 and "legal: 13/8 13/11" in out


def test_output_nits(capsys):
    _, out, _ = _run(capsys, "met", "2", "1")
    assert "(Crawford game, assumed: --post-crawford for a game after it)" in out and "32.26%" in out
    _, out, _ = _run(capsys, "met", "2", "1", "--crawford")
    assert "(Crawford game)" in out and "assumed" not in out
    _, out, _ = _run(capsys, "met", "2", "1", "--post-crawford")
    assert "(post-Crawford)" in out and "48.80%" in out
    _, out, _ = _run(capsys, "cube", "0.5")
    assert "-0.000" not in out and "+0.000" in out
    _, out, _ = _run(capsys, "cube", "100%")
    assert "Proper cube action: Double, pass" in out and "Too good" not in out
    _, out, _ = _run(capsys, "bearoff", "board:6=7,19=-3")
    assert "give --checkers 7" in out
    _, out, _ = _run(capsys, "takepoint", "--cube", "2")
    assert "money take points do not depend on the cube's value" in out


def test_the_cli_doc_and_help_say_the_conventions(capsys):
    import bgsim.cli.main

    doc = bgsim.cli.main.__doc__
    assert "points won" in doc and "--away" in doc and "--json" in doc and "130" in doc and "141" in doc
    main(["cube", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "points won" in text and "--away" in text and "--json" in text


def test_plays_say_whose_numbering_when_player_1_is_on_roll(capsys):
    _, out, _ = _run(capsys, "plays", "board:6=2,19=-1,bar=0/1,turn=1", "21")
    assert out.splitlines()[0] == "1. 6/4 6/5" and "plays are in Dark's numbering" in out.splitlines()[-1]
    _, out, _ = _run(capsys, "plays", "board:6=2,19=-1,bar=0/1", "21")
    assert "numbering" not in out
    _, out, _ = _run(capsys, "check", "board:6=2,19=-1,bar=0/1,turn=1", "21", "6/3")
    assert "legal: 6/3" in out and "Dark's numbering" in out


def test_bearoff_beyond_the_two_sided_table_gives_the_one_sided_estimate(capsys):
    """Issue 33: more checkers than the two-sided table holds got only a refusal; now the one-sided
    estimate answers, labelled as such, and --json carries it with its method."""
    from bgsim import Game
    from bgsim.odds.bearoff import race_chances

    xgid = "XGID=-CCCBBB------------bbbccc-:0:0:1:00:0:0:0:0:10"      # 15 against 15
    want = race_chances(Game.from_xgid(xgid).position, exact_checkers=0).win
    assert main(["bearoff", xgid]) == 0
    out = capsys.readouterr().out
    assert "the database holds at most 8 a side" in out
    assert f"on roll wins {want:.2%} (estimate from the one-sided database" in out
    assert main(["bearoff", xgid, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["one_sided"]["method"] == "one-sided" and data["one_sided"]["win_chance"] == pytest.approx(want)
    assert data["two_sided"]["refused"]


def test_cube_from_a_position_is_the_instant_decision_by_default(capsys):
    """Issue 33: `bgsim cube POSITION` played 10,000 games while bgsim.cube_hint(game) and the PlayWidget
    answered at once, and they disagreed; now the command gives the library's instant answer,
    labelled, and --rollout N the played-out one, labelled too."""
    from bgsim import Game, Position, Rules, cube_hint

    pid = "mHPkgwDL9gEDEA"
    library = cube_hint(Game(Rules.money(), position=Position.from_gnubg_id(pid)))
    status, out, _ = _run(capsys, "cube", pid)
    assert status == 0 and "Instant decision from the net's evaluation" in out
    assert str(library) in out and "games played out" not in out
    _, data, _ = _run(capsys, "cube", pid, "--json")
    data = json.loads(data)
    assert data["method"] == "instant" and data["decision"]["action"] == library.action
    # at a match score given by options, the same as the library's decision of that game
    _, out, _ = _run(capsys, "cube", "start", "--match", "5", "--score", "0-0")
    assert "Proper cube action: No double, take" in out and "5-point match" in out
    status, out, _ = _run(capsys, "cube", pid, "--rollout", "72", "--player", "random", "--quiet")
    assert status == 0 and "Played-out decision: 72 games (--rollout)" in out
    assert "Chances from 72 games played out by random vs random" in out
    for argv, words in ((["--player", "random"], "add --rollout N"), (["--seed", "3"], "add --rollout N"),
                        (["--rollout", "72", "--games", "36"], "disagree"), (["--rollout", "0"], "at least one")):
        status, _, err = _run(capsys, "cube", pid, "--quiet", *argv)
        assert status == 2 and words in err, argv
    status, _, err = _run(capsys, "cube", "0.7", "--rollout", "100")
    assert status == 2 and "--rollout play a position out" in err


def test_estimate_help_explains_games(capsys):
    main(["estimate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--games N games to play out (default 10,000)" in text


# ----------------------------------------------------------------------------- issue 28, item 6
@pytest.mark.parametrize("lang, words", [("en", "one game gives no interval"), ("cs", "z jedné hry žádný interval")])
def test_estimate_of_one_game_says_it_has_no_interval(capsys, lang, words):
    """`bgsim estimate start --games 1` printed '+- nan': one game has no spread to measure."""
    status, out, _ = _run(capsys, "estimate", "start", "--games", "1", "--quiet", "--player", "random",
                          "--lang", lang)
    assert status == 0 and "+- nan" not in out and " nan " not in out and words in out
    status, out, _ = _run(capsys, "estimate", "start", "--games", "2", "--quiet", "--player", "random")
    assert status == 0 and "+- " in out and "no interval" not in out


def test_rule_json_in_czech_gives_the_czech_title_text_and_options(capsys):
    """`bgsim rule R4b --lang cs --json` gave the English title and text."""
    from bgsim import rules_reference
    from bgsim.engine.i18n import _, language

    entry = rules_reference("R4b")
    _status, out, _err = _run(capsys, "rule", "R4b", "--lang", "cs", "--json")
    data = json.loads(out)
    with language("cs"):
        assert (data["title"], data["text"]) == (_(entry.title), _(entry.text))
        assert data["options"] == [_(o) for o in entry.options]
    assert data["title"] != entry.title and data["id"] == "R4b"
    _status, out, _err = _run(capsys, "rule", "R4b", "--json")
    assert json.loads(out)["title"] == entry.title                 # English unchanged
    _status, out, _err = _run(capsys, "rule", "--lang", "cs", "--json")
    with language("cs"):
        assert all(e["title"] == _(rules_reference(e["id"]).title) for e in json.loads(out)["rules"])
