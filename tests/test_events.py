"""Tests of bgsim.game.events and bgsim.game.cube: the event visitor, JSON forms, and the cube's transitions.

Rule ids: R24-R26 (cube, double, take, drop), R28 (Crawford), R29 (automatic doubles),
V2 (cube limit), V4 (final roll), X2 (beavers).
"""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest

from bgsim import BgsimError, Position, RuleViolationError
from bgsim.game.cube import Cube
from bgsim.game.events import (
    EVENT_TYPES,
    AutomaticDouble,
    Beaver,
    Double,
    Drop,
    Event,
    EventVisitor,
    FinalRoll,
    GameOver,
    GameResult,
    GameStart,
    Move,
    OpeningRoll,
    Pass,
    Resign,
    Roll,
    Take,
)
from bgsim.game.game import Game
from bgsim.game.match import Match, Session
from bgsim.game.drive import RandomPlayer
from bgsim.players.players import play_game
from bgsim.game.records import GameRecord, MatchRecord
from bgsim.game.rules import CUBE_OFF, Rules

BUILT_IN = (GameStart, OpeningRoll, AutomaticDouble, Double, Take, Drop, Beaver, Roll, Move, Pass, FinalRoll,
            Resign, GameOver)


def sample_events() -> list[Event]:
    """One event of every built-in kind, from real games (seeded), beavers and automatic doubles on."""
    found: dict[type, Event] = {}
    rules = Rules.money(beavers=True, automatic_doubles=2, last_roll_draw=True)
    rng = np.random.default_rng(5)
    for _ in range(300):
        g = play_game(rules, (RandomPlayer(rng, double_rate=0.3, beaver_rate=0.5, drop_rate=0.3),
                              RandomPlayer(rng, double_rate=0.3, beaver_rate=0.5, drop_rate=0.3)), rng=rng)
        for ev in g.events:
            found.setdefault(type(ev), ev)
        if set(BUILT_IN) - {Resign, Pass, FinalRoll} <= set(found):   # those three are made by hand below
            break
    g = Game(starter=0)
    g.resign()
    found.setdefault(Resign, g.events[1])
    g = Game(Rules.money(), position=Position.from_counts({25: 1, 12: 14}, {6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 2,
                                                                           24: 3}, turn=0))
    g.roll(dice=(6, 6))
    found.setdefault(Pass, g.events[-1])
    g = Game(Rules.money(last_roll_draw=True), position=Position.from_counts({1: 1}, {1: 2}, turn=0))
    g.roll(dice=(2, 1)); g.play(g.legal_plays()[0])
    found.setdefault(FinalRoll, g.events[-1])
    assert set(found) == set(BUILT_IN)
    return [found[k] for k in BUILT_IN]


# ----------------------------------------------------------------------------- the visitor
class Names(EventVisitor[str]):
    """A visitor that handles every built-in event (by name)."""


for _cls in BUILT_IN:
    setattr(Names, _cls.visit_name, lambda self, ev: type(ev).__name__)


def test_every_built_in_event_has_its_own_visit_method():
    names = {cls.visit_name for cls in BUILT_IN}
    assert len(names) == len(BUILT_IN)
    for cls in BUILT_IN:
        assert callable(getattr(EventVisitor, cls.visit_name))
        assert EVENT_TYPES[cls.__name__] is cls
    for ev in sample_events():
        assert ev.accept(Names()) == type(ev).__name__ == Names().visit(ev)


def test_a_visitor_that_skips_a_kind_raises_naming_it():
    class OnlyRolls(EventVisitor[int]):
        def visit_roll(self, event):
            return 1

    assert Roll(0, (3, 1)).accept(OnlyRolls()) == 1
    for ev in sample_events():
        if isinstance(ev, Roll):
            continue
        with pytest.raises(TypeError, match=type(ev).__name__):
            ev.accept(OnlyRolls())


def test_a_new_event_class_is_unhandled_by_every_existing_visitor():
    @dataclasses.dataclass(frozen=True)
    class Coffee(Event):       # a new kind of event the visitors below have never heard of
        player: int

    ev = Coffee(1)
    assert Coffee.visit_name == "visit_coffee"
    with pytest.raises(TypeError, match="Coffee"):
        ev.accept(Names())
    with pytest.raises(TypeError, match="visit_coffee"):
        EventVisitor().visit(ev)
    # the game's replay refuses it as a rule violation naming the event type
    g = Game(starter=0)
    with pytest.raises(RuleViolationError, match="Coffee"):
        Game.replay(list(g.events) + [ev])
    # the .mat writer and the captions are visitors too: they refuse it
    from bgsim.game.matfile import _MatCells
    from bgsim.game.narrator import Captions

    with pytest.raises(TypeError, match="Coffee"):
        ev.accept(_MatCells())
    with pytest.raises(TypeError, match="Coffee"):
        ev.accept(Captions(("a", "b"), Rules.money(), 1, (0, 0)))


# ----------------------------------------------------------------------------- JSON
def test_every_event_round_trips_through_json():
    for ev in sample_events():
        data = json.loads(json.dumps(ev.to_dict()))
        assert data["type"] == type(ev).__name__
        back = Event.from_dict(data)
        assert type(back) is type(ev) and back == ev
        assert str(back) == str(ev)


def test_bad_event_data_is_a_bgsim_error():
    for bad in ({"type": "Nope"}, {"player": 1}, [], {"type": "Roll", "player": 0, "dice": [7]},
                {"type": "Move", "player": 0, "play": {"steps": [[1, 2]], "dice": [1, 1], "hits": []},
                 "position": {"mine": [0] * 25 + [15], "theirs": [0] * 25 + [15], "turn": 0, "checkers": 15}},
                {"type": "Pass", "player": 0, "dice": [1, 2],
                 "position": {"mine": [1], "theirs": [1], "turn": 0, "checkers": 15}},
                {"type": "GameOver", "result": {"winner": 0, "kind": "single", "points": 1, "cube": 1,
                                                "how": "sideways"}}):
        with pytest.raises(BgsimError):
            Event.from_dict(bad)  # type: ignore[arg-type]


def test_game_records_round_trip_through_json_and_replay():
    settings = [Rules.money(), Rules.money(beavers=True, jacoby=True, cube_limit=64, automatic_doubles=1),
                Rules.hypergammon(), Rules.money(caucasian=True, last_roll_draw=True)]
    for k, rules in enumerate(settings):
        for seed in range(4):
            rng = np.random.default_rng(10 * k + seed)
            g = play_game(rules, (RandomPlayer(rng, double_rate=0.2, beaver_rate=0.5),
                                  RandomPlayer(rng, double_rate=0.2)), rng=rng)
            rec = GameRecord.from_game(g, number=2, score=(1, 0), names=("Ann", "Ben"))
            text = json.dumps(rec.to_dict())
            back = GameRecord.from_dict(json.loads(text))
            assert back.events == rec.events and back.result == g.result
            assert (back.number, back.score, back.names) == (2, (1, 0), ("Ann", "Ben"))
            assert [s.caption for s in back] == [s.caption for s in rec]
            assert json.dumps(back.to_dict()) == text


def test_match_and_session_records_round_trip_through_json():
    for seed in range(3):
        m = Match(5, rng=seed, names=("Ann", "Ben")).play_out()
        rec = m.record()
        back = MatchRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
        assert back.final_score == m.score and back.winner == m.winner and back.names == ("Ann", "Ben")
        assert [g.events for g in back.games] == [g.events for g in rec.games]
        assert back.rules == m.rules and back.scores == rec.scores
    s = Session(Rules.money(cube_limit=8), stakes=2, rng=4).play_out(games=3)
    rec = s.record()
    back = MatchRecord.from_dict(json.loads(json.dumps(rec.to_dict())))
    assert back.final_score == s.points and [g.events for g in back.games] == [g.events for g in rec.games]


def test_rules_and_results_round_trip():
    for rules in (Rules.money(), Rules.match(7, crawford=False), Rules.short_backgammon(), Rules.hypergammon()):
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    r = GameResult(None, None, 0, 2, "draw")
    assert GameResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    with pytest.raises(RuleViolationError):
        Rules.from_dict({"match_length": -1})


# ----------------------------------------------------------------------------- the cube
def test_cube_transitions_R25_R26():
    cube = Cube()
    assert cube.is_centred and not cube.turned and not cube.is_offered and cube.answerer is None
    offered = cube.doubled(0)
    assert offered.is_offered and offered.answerer == 1 and offered.offered_value == 2 and offered.value == 1
    taken = offered.taken()
    assert (taken.value, taken.owner, taken.is_offered) == (2, 1, False) and taken.turned
    assert offered.dropped() == Cube(1, None)
    with pytest.raises(RuleViolationError, match="R25"):
        taken.doubled(0)                       # only the owner redoubles
    again = taken.doubled(1).taken()
    assert (again.value, again.owner) == (4, 0)
    with pytest.raises(RuleViolationError, match="R26"):
        Cube().taken()
    with pytest.raises(RuleViolationError, match="R26"):
        offered.doubled(0)


def test_cube_beaver_X2():
    rules = Rules.money(beavers=True)
    offered = Cube(2, 1).doubled(1)
    assert offered.can_beaver(rules) and not offered.can_beaver(Rules.money())
    beavered = offered.beavered()
    assert beavered.answerer == 1 and beavered.offered_value == 8 and beavered.owner == 0 and beavered.value == 4
    assert "raccoons" in beavered.why_no_beaver(rules)
    assert beavered.taken() == Cube(8, 0)
    assert beavered.dropped() == Cube(4, 0)     # the beaverer wins the doubled stake
    assert "V2" in Cube(2, 1).doubled(1).why_no_beaver(Rules.money(beavers=True, cube_limit=4))


def test_cube_why_no_double_reasons():
    assert Cube().why_no_double(0, Rules.money()) is None
    assert "R28" in Cube().why_no_double(0, Rules.match(5), crawford_game=True)
    assert "V2" in Cube().why_no_double(0, Rules.money(cube_limit=CUBE_OFF))
    assert "V4" in Cube().why_no_double(0, Rules.money(last_roll_draw=True), final_roll=True)
    assert "R25" in Cube(2, 1).why_no_double(0, Rules.money())
    assert "V2" in Cube(4, 0).why_no_double(0, Rules.money(cube_limit=4))
    assert "R26" in Cube().doubled(1).why_no_double(1, Rules.money())


def test_cube_refusals_are_values_and_the_messages_render_them():
    money, beavers = Rules.money(), Rules.money(beavers=True)
    cases = [(Cube(), dict(crawford_game=True), Rules.match(5), "R28"),
             (Cube(), {}, Rules.money(cube_limit=CUBE_OFF), "V2"),
             (Cube(), dict(final_roll=True), Rules.money(last_roll_draw=True), "V4"),
             (Cube(2, 1), {}, money, "R25"), (Cube().doubled(1), {}, money, "R26")]
    for cube, kw, rules, rule in cases:
        refusal = cube.double_refusal(0, rules, **kw)
        assert refusal.rule == rule and str(refusal) == cube.why_no_double(0, rules, **kw)
        led = cube.double_refusal(0, rules, lead="cannot double: ", **kw)
        assert str(led) == (str(refusal) if rule == "R25" else "cannot double: " + str(refusal))
    assert Cube().double_refusal(0, money) is None and Cube().doubled(0).beaver_refusal(beavers) is None
    assert Cube().doubled(0).beaver_refusal(money).rule == "X2"
    assert Cube().doubled(0).beavered().beaver_refusal(beavers).rule == "X2"
    assert Cube(2, 1).doubled(1).beaver_refusal(Rules.money(beavers=True, cube_limit=4)).rule == "V2, X2"
    assert Cube().beaver_refusal(beavers).rule == "R26"
    for make, rule in [(lambda: Cube(3), "R24, R26"), (lambda: Cube(2, 1).doubled(0), "R25"),
                       (lambda: Cube().taken(), "R26"), (lambda: Cube(2, 0).auto_doubled(), "R29")]:
        with pytest.raises(RuleViolationError) as info:
            make()
        assert info.value.rule == rule


def test_cube_automatic_doubles_R29():
    rules = Rules.money(automatic_doubles=2, cube_limit=2)
    cube = Cube()
    assert cube.can_auto_double(rules)
    cube = cube.auto_doubled()
    assert cube == Cube(2, None, automatic_doubles=1) and cube.is_centred and not cube.turned
    assert not cube.can_auto_double(rules)     # the limit (V2)
    assert Cube(2, None, automatic_doubles=1).can_auto_double(Rules.money(automatic_doubles=2))
    assert not Cube(4, None, automatic_doubles=2).can_auto_double(Rules.money(automatic_doubles=2))


def test_bad_cubes_are_refused_R24():
    for kwargs in ({"value": 3}, {"value": 0}, {"value": True}, {"value": 2, "owner": 2}, {"owner": 0},
                   {"beaver_pending": True}, {"automatic_doubles": -1}):
        with pytest.raises(RuleViolationError):
            Cube(**kwargs)


def test_game_delegates_to_its_cube():
    g = Game(Rules.money(beavers=True), starter=0)
    assert g.cube == Cube()
    g.double()
    assert g.cube == Cube(1, None, doubler=0) and g.snapshot().cube is g.cube
    g.beaver()
    assert g.cube.beaver_pending and g.player_to_act == 0
    g.take()
    assert g.cube == Cube(4, 1) and (g.cube_value, g.cube_owner) == (4, 1)
    assert [s.cube_value for s in g.history()] == [1, 1, 2, 4]
