"""Result objects as data (issue 22 item 4): every result class has ``to_dict()``, standard JSON
writes it (no NaN, no numpy, no Fraction) and reads back the same dict; records compare by
content, so ``from_dict(to_dict())`` gives an equal record."""

from __future__ import annotations

import importlib
import json
import math
import pkgutil
from fractions import Fraction

import numpy as np
import pytest

import bgsim
from bgsim import Game, Position, Rules, rank_plays
from bgsim.odds import exact, race
from bgsim.odds.equity import janowski_decision, janowski_points, match_equity_table
from bgsim.odds.intervals import Interval, wilson_interval
from bgsim.game.match import Match, Session
from bgsim.sim.montecarlo import estimate
from bgsim.game.records import GameRecord, MatchRecord
from bgsim.odds.results import ResultDisplay, jsonable

RACE = Position.from_xgid("XGID=----BCD-CB-Ac---ab-dcb----:0:0:1:00:0:0:2:0:10")


def _examples() -> dict[str, object]:
    """One instance of every result class, by class name."""
    shots = exact.shots(Position.from_counts({13: 1}, {18: 1, 16: 1}))
    return {
        "Interval": wilson_interval(5, 10),
        "Estimate": estimate(Position.initial(), games=72, rng=1, player="random"),
        "CubeDecision": janowski_decision(0.7, match_length=7, score=(2, 4), gammons=(0.2, 0.1)),
        "CubePoints": janowski_points(0.68),
        "MatchEquityTable": match_equity_table(),
        "Odds": exact.hit_chance(Position.from_counts({13: 1}, {18: 1})),
        "EnterOdds": exact.enter_chance(Position.from_counts({25: 1, 6: 14}, {1: 2, 2: 2, 3: 2, 0: 9})),
        "BlotShots": shots.blots[0],
        "Shots": shots,
        "KeithCount": race.keith_count(RACE),
        "ThorpCount": race.thorp_count(RACE),
        "KleinmanCount": race.kleinman_count(RACE),
        "PercentRule": race.eight_nine_twelve(RACE),
        "PlayRanking": rank_plays(RACE, (6, 5), rollout=True, candidates=2, games=36, rng=1),
    }


def _result_classes() -> set[str]:
    for m in pkgutil.walk_packages(bgsim.__path__, "bgsim."):
        if not m.name.endswith("__main__"):
            importlib.import_module(m.name)
    found: set[str] = set()
    todo = [ResultDisplay]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if not sub.__name__.startswith("_") and sub.__module__.startswith("bgsim."):
                found.add(sub.__name__)
    return found


def test_every_result_class_has_an_example_here():
    assert _result_classes() == set(_examples())


@pytest.mark.parametrize("name", sorted(_examples()))
def test_to_dict_round_trips_through_standard_json(name):
    result = _examples()[name]
    data = result.to_dict()
    text = json.dumps(data, allow_nan=False)          # standard JSON: no NaN, no numpy, no Fraction
    assert json.loads(text) == data
    assert isinstance(data, dict) and data


def test_the_dicts_say_what_the_results_say():
    est = _examples()["Estimate"]
    d = est.to_dict()
    assert d["games"] == 72 and d["win"]["value"] == est.win.value and d["players"] == ["random", "random"]
    assert sum(d["outcomes"]) == 72 and d["run"]["seed"] == 1 and "chunk_log" not in d["run"]
    assert len(d["trace_games"]) == est.chunks and d["position"] == Position.initial().to_dict()
    cube = _examples()["CubeDecision"].to_dict()
    assert cube["score"] == [2, 4] and cube["away"] == [5, 3] and cube["gammons"]["win"] == 0.2
    odds = _examples()["Odds"].to_dict()
    assert odds["count"] == 17 and odds["chance"] == "17/36" and len(odds["rolls"]) == 17
    assert _examples()["KeithCount"].to_dict()["verdict"] in ("No double, take", "Double, take", "Double, pass")


def test_dataclasses_asdict_is_not_needed_for_json():
    """The complaint: json.dumps(dataclasses.asdict(est)) fails on an ndarray. to_dict is the way."""
    est = _examples()["Estimate"]
    json.dumps(est.to_dict(), allow_nan=False)


def test_jsonable_refuses_nothing_and_keeps_json_standard():
    assert jsonable(math.nan) is None and jsonable(math.inf) is None
    assert jsonable(np.float32(0.5)) == 0.5 and jsonable(np.arange(3)) == [0, 1, 2]
    assert jsonable(Fraction(1, 3)) == "1/3" and jsonable(Rules.match(3))["match_length"] == 3
    assert jsonable(Interval(math.nan, 0.0, 1.0)) == {"value": None, "low": 0.0, "high": 1.0,
                                                       "confidence_level": 0.95}


# ----------------------------------------------------------------------------- records
def test_game_record_equality_and_round_trip():
    g = Game(starter=0, rng=3)
    g.roll(dice=(6, 1))
    g.play("13/7 8/7")
    rec = GameRecord.from_game(g, names=("Ann", "Ben"))
    back = GameRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert back == rec and hash(back) == hash(rec)
    back.goto(0)                                     # where the view stands does not count
    assert back == rec
    assert GameRecord.from_game(g, names=("Ann", "Bob")) != rec
    assert GameRecord.from_game(g, names=("Ann", "Ben"), number=2) != rec
    assert rec != "a record"


@pytest.mark.parametrize("make", [lambda: Match(3, rng=4).play_out(), lambda: Match(1, rng=2).play_out(),
                                  lambda: Session(rng=5)])
def test_match_record_from_dict_of_to_dict_is_equal(make):
    rec = make().record()
    back = MatchRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert back == rec and hash(back) == hash(rec)
    other = MatchRecord(rec.games, rules=rec.rules, names=("x", "y"))
    assert other != rec
