"""The command line: output for good input, one clear line and exit status 2 for bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bgsim.cli import main


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
    assert "cube 2 owned by player 1" in out and "player 1 on roll, dice 4-2 to play" in out
    crawford = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10"
    assert main(["show", crawford]) == 0
    out = capsys.readouterr().out
    assert "Crawford game (R28)" in out and f"XGID: {crawford}" in out


def test_show_gnubg_pair_keeps_the_match_id(capsys):
    assert main(["show", "4HPwATDgc/ABMA:QYkqASAAIAAA"]) == 0
    out = capsys.readouterr().out
    assert "gnubg Match ID: QYkqASAAIAAA" in out and "9-point match, score 2-4" in out
    assert "dice 5-2 to play" in out and "cube 2 owned by player 0" in out


def test_show_board_syntax(capsys):
    from bgsim import Position

    assert main(["show", "board:24=2,13=5,8=3,6=5,1=-2,12=-5,17=-3,19=-5"]) == 0
    assert f"XGID: {Position.initial().xgid()}" in capsys.readouterr().out
    assert main(["show", "board:6=2,19=-1,bar=0/1,turn=1"]) == 0
    out = capsys.readouterr().out
    pos = Position.from_board({6: 2, 19: -1}, bar=(0, 1), turn=1)
    assert f"gnubg Position ID: {pos.gnubg_id()}" in out and "player 1 on roll" in out
    for bad, words in (("board:6=2,6=1", "given twice"), ("board:30=1", "unknown point 30"),
                       ("board:6=x", "cannot read '6=x'")):
        assert main(["show", bad]) == 2
        assert words in capsys.readouterr().err


def test_odds_and_race_print_the_match_state(capsys):
    race = "XGID=-CCCBBB------------bbbccc-:1:1:1:00:1:3:0:5:10"
    assert main(["race", race]) == 0
    out = capsys.readouterr().out
    assert "5-point match, score 1-3" in out and "cube 2 owned by player 0" in out and "Keith count" in out
    assert main(["odds", race]) == 0
    assert "5-point match, score 1-3" in capsys.readouterr().out


def test_bearoff_full_distribution_with_cumulative_odds(capsys):
    from bgsim import Position
    from bgsim.bearoff import one_sided

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
    from bgsim.equity import cube_decision

    assert main(["cube", "0.72"]) == 0
    first = capsys.readouterr().out
    assert main(["cube", "72%"]) == 0
    assert capsys.readouterr().out == first == str(cube_decision(0.72)) + "\n"
    assert main(["cube", "1.0"]) == 0
    assert str(cube_decision(1.0)) in capsys.readouterr().out


def test_cube_from_a_position_id(capsys):
    from bgsim.equity import cube_decision

    # player 0 on roll at 1-3 in a 5-point match (4-away vs 2-away), owning a 2-cube
    x = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:1:3:0:5:10"
    assert main(["cube", "0.6", "--position", x]) == 0
    out = capsys.readouterr().out
    assert str(cube_decision(0.6, cube=2, owner="me", match_length=5, score=(1, 3))) in out
    assert "5-point match, doubler 1, taker 3 (4-away vs 2-away)" in out
    assert main(["cube", "0.6", "--position", x, "--match", "5", "--score", "1-3"]) == 2
    assert "contradict --position" in capsys.readouterr().err
    theirs = "XGID=-b----E-C---eE---c-e----B-:1:-1:1:00:1:3:0:5:10"   # player 1 owns the cube
    assert main(["cube", "0.6", "--position", theirs]) == 2
    assert "R25" in capsys.readouterr().err


def test_takepoint_money_and_match(capsys):
    from bgsim.equity import match_take_point

    assert main(["takepoint"]) == 0
    out = capsys.readouterr().out
    assert "dead cube:  25.0%" in out and "live cube:  20.0%" in out
    assert main(["takepoint", "--gammons", "20%", "--gammons-lost", "0.3"]) == 0
    out = capsys.readouterr().out
    W, L = 1.2, 1.3   # the taker's average win and loss
    assert f"dead cube:  {(L - 0.5) / (W + L):.1%}" in out
    assert f"live cube:  {(L - 0.5) / (W + L + 0.5):.1%}" in out
    assert main(["takepoint", "--match", "7", "--score", "2-4"]) == 0
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
    from bgsim.montecarlo import estimate

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
    from bgsim.montecarlo import estimate

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
