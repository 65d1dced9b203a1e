"""Honest estimates (issue 20, item 6): every estimate states its players' measured strength and that its
interval covers the dice only."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from bgsim import Position, cube_decision, estimate, rank_plays
from bgsim.cli.main import main
from bgsim.sim.strength import INTERVAL_COVERS, player_strength, strength_note, strengths

RACE = Position.from_counts({6: 2, 5: 2}, {6: 2, 4: 2})
RECORDED = json.loads(resources.files("bgsim.data").joinpath("player-strength.json").read_text(encoding="utf-8"))


def measured(name: str) -> str:
    """The recorded measurement as the texts must show it (three decimals, from the data file):
    the luck-adjusted figure where it was measured, else the raw one."""
    d = RECORDED["players"][name]
    ppg, half = (d["ppg_adjusted"], d["ppg_adjusted_half_width"]) if "ppg_adjusted" in d else (d["ppg"],
                                                                                              d["ppg_half_width"])
    return f"{name}, {ppg:+.3f} +- {half:.3f} points per game"


def test_the_data_file_has_the_documented_fields():
    for name, d in RECORDED["players"].items():
        assert set(d) >= {"opponent", "ppg", "ppg_half_width", "win_rate", "games", "command", "date"}, name
        assert len(d["date"]) == 10 and d["date"][4] == "-" and d["opponent"] == "gnubg 0-ply"
    net = player_strength("net")
    raw = RECORDED["players"]["net"]
    assert (net.ppg, net.ppg_half_width, net.win_rate, net.games) == (
        raw["ppg"], raw["ppg_half_width"], raw["win_rate"], raw["games"])
    assert -1 < net.ppg < 0.5 and 0 < net.ppg_half_width < 0.1 and net.games >= 10_000
    # luck-adjusted (the same games): the same expected value, so within the raw interval, and narrower
    assert (net.ppg_adjusted, net.ppg_adjusted_half_width) == (raw["ppg_adjusted"], raw["ppg_adjusted_half_width"])
    assert abs(net.ppg_adjusted - net.ppg) < net.ppg_half_width and net.ppg_adjusted_half_width < net.ppg_half_width
    assert set(strengths()) >= {"net", "heuristic", "pubeval"}


def test_the_note_names_each_player_once_and_says_what_the_interval_covers():
    note = strength_note("net", "net")
    games = RECORDED["players"]["net"]["games"]
    assert note == (f"Player strength: {measured('net')} against gnubg's 0-ply player ({games:,} games, "
                    "luck-adjusted); " + INTERVAL_COVERS)
    both = strength_note("heuristic", "random")
    assert measured("heuristic") in both
    assert "random is unmeasured (no games against gnubg's 0-ply player recorded)" in both


@pytest.mark.parametrize("player", ["net", "heuristic", ("heuristic", "random")])
def test_every_estimate_states_the_strength_in_text_and_html(player):
    est = estimate(RACE, games=72, rng=1, player=player)
    assert est.strength_text() in str(est).splitlines()
    assert "Player strength: " in est._repr_html_()
    assert "covers the dice only, not the player's errors" in str(est)


def test_a_cube_decision_from_a_position_states_it_too():
    d = cube_decision(RACE, games=72, rng=1, player="heuristic")
    assert "Player strength: " + measured("heuristic") in str(d)


def test_cli_estimate_states_it(capsys):
    assert main(["estimate", RACE.gnubg_id(), "--games", "72", "--quiet", "--player", "heuristic"]) == 0
    assert "Player strength: " + measured("heuristic") in capsys.readouterr().out
    assert main(["estimate", RACE.gnubg_id(), "--games", "72", "--quiet", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["player_strength"].startswith("Player strength: " + measured("net"))


def test_the_monte_carlo_widget_states_it():
    pytest.importorskip("ipywidgets")
    from bgsim.widgets import MonteCarloWidget

    mc = MonteCarloWidget(RACE, games=72)
    mc.start()
    assert mc.wait(120)
    assert "Player strength: " + measured("net") in mc.table.value
    assert "covers the dice only" in mc.table.value


# ------------------------------------------------------------------ error by class (issue 33, item 4)
def test_position_classes():
    from bgsim import Position
    from bgsim.sim.strength import position_class

    assert position_class(Position.initial()) == "contact"
    assert position_class(Position.from_counts({6: 2}, {12: 2})) == "race"
    assert position_class(Position.from_counts({6: 5, 5: 5, 4: 5}, {1: 2, 2: 3})) == "bearoff"
    # five of mine in play, ten piled deep on my ace and deuce points, against a back checker: crashed
    crashed = Position.from_counts({1: 6, 2: 6, 8: 3}, {20: 1, 13: 5, 8: 5, 6: 4})
    assert position_class(crashed) == "crashed"
    assert position_class(crashed.swap()) == "crashed"     # either side's board counts


def test_the_hint_quotes_the_measured_error_of_its_class():
    from bgsim import Position
    from bgsim.sim.strength import decision_error, error_note

    data = decision_error()
    assert data["player"] == "net" and data["judge"] == "gnubg 0-ply"
    assert set(data["classes"]) >= {"contact", "crashed", "race", "bearoff"}
    contact = data["classes"]["contact"]
    note = error_note(Position.initial(), "net")
    assert "contact positions" in note and f"{contact['loss_per_decision']:.4f}" in note
    assert f"{contact['shown_error']:.3f}" in note and f"{contact['decisions']:,}" in note
    ranking = rank_plays(Position.initial(), (3, 1))
    assert note in str(ranking) and ranking.to_dict()["position_class"] == "contact"
    assert error_note(Position.initial(), "gnubg") == ""          # measured for the net only
