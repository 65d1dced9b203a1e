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
    assert main(["cube", "72"]) == 0
    assert "Double, take" in capsys.readouterr().out
    assert main(["cube", "140"]) == 2


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
