"""The net player's cube (issue 20, item 4): decisions from its own cubeless chances (R24-R28, X2).

Known answers: last-roll positions (exact chances, dead cube: double from 50%, take from 25%),
clear drops and no-doubles in races, the Crawford game (no double, R28), post-Crawford (the
trailer doubles at once), beavers only where the rules allow them (X2).
"""

from __future__ import annotations

import pytest

from bgsim import Game, NetPlayer, Position, Rules, cube_hint
from bgsim.engine.errors import RuleViolationError
from bgsim.odds.equity import janowski_points
from bgsim.players.players import play_game
from bgsim.sim.net import Net
from bgsim.sim.net_cube import ExactEvaluator, accept_double, cube_advice, is_last_roll, offer_double
from bgsim.sim.strength import player_strength

NET = Net()
THEY_BEAR_OFF = {1: 2}            # the opponent bears off with any roll: my roll is the last


def game(mine, theirs=THEY_BEAR_OFF, rules=None, **kw) -> Game:
    return Game(rules or Rules.money(), position=Position.from_counts(mine, theirs), **kw)


def answer(g: Game, player=None) -> str:
    g.double()
    return (player or NetPlayer()).accept_double(g)


# ------------------------------------------------------------------------------------ last roll
@pytest.mark.parametrize("mine, wins, action", [
    ({2: 2}, 26, "Double, take"),              # 72.2%: double; the taker has 27.8% >= 25%
    ({3: 1, 2: 1}, 25, "Double, take"),        # 69.4%
    ({4: 1, 1: 1}, 29, "Double, pass"),        # 80.6%: the taker has 19.4% < 25%
    ({3: 1, 1: 1}, 34, "Double, pass"),        # 94.4%
    ({4: 1, 2: 1}, 23, "Double, take"),        # 63.9%: on the last roll the cube is dead: double above 50%
    ({3: 2}, 17, "No double, take"),           # 47.2%: no double below 50%
    ({6: 2}, 4, "No double, take"),            # 11.1%
])
def test_last_roll_decisions_follow_the_dead_cube_take_point(mine, wins, action):
    g = game(mine)
    assert is_last_roll(g.position)
    assert ExactEvaluator().evaluate(g.position).win == pytest.approx(wins / 36)
    d = cube_hint(g)
    assert d.p_win == pytest.approx(wins / 36) and d.cube_life == 0.0
    assert d.source.startswith("Chances exact: the last roll")
    assert d.action == action
    assert NetPlayer().offer_double(game(mine)) is d.double
    if d.double:
        assert answer(game(mine)) == ("take" if d.take else "drop")
        assert d.take is (1 - wins / 36 >= 0.25)


def test_last_roll_is_only_the_last_roll():
    assert not is_last_roll(Position.initial())
    assert not is_last_roll(Position.from_counts({2: 2}, {6: 2}))        # they may miss: not the last roll
    assert is_last_roll(Position.from_counts({6: 3}, {1: 1, 2: 1}))


# ------------------------------------------------------------------------------------ races and contact
RACES = [
    # (mine, theirs, what the net's cube must say); pips on roll vs opponent in the comment
    ({8: 2, 6: 3, 5: 3, 4: 3, 3: 2, 2: 1, 1: 1}, {9: 3, 7: 3, 6: 3, 5: 3, 4: 3}, "pass"),     # 70 vs 93
    ({10: 3, 9: 3, 8: 3, 6: 3, 5: 3}, {13: 3, 11: 3, 10: 3, 8: 3, 6: 3}, "pass"),             # 114 vs 144
    ({9: 3, 8: 3, 7: 3, 6: 3, 5: 3}, {5: 3, 4: 3, 3: 3, 2: 3, 1: 3}, "no double"),            # 105 vs 45
    ({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, "no double"),  # even race
]


@pytest.mark.parametrize("mine, theirs, verdict", RACES)
def test_clear_race_decisions(mine, theirs, verdict):
    g = game(mine, theirs)
    d = cube_hint(g)
    assert not is_last_roll(g.position) and d.cube_life == pytest.approx(0.68)
    if verdict == "pass":
        assert not d.take
        assert answer(game(mine, theirs)) == "drop"
    else:
        assert not d.double and d.take
        assert NetPlayer().offer_double(game(mine, theirs)) is False


def test_no_double_at_the_start_and_the_decision_agrees_with_the_net_and_janowski():
    g = Game(Rules.money(), starter=0)
    d = cube_hint(g)
    e = NET.evaluate(Position.initial())
    assert d.p_win == pytest.approx(e.win) and not d.double and d.take
    assert "net's own cubeless evaluation" in str(d)
    assert f"Player strength: net, {player_strength('net').quoted[0]:+.3f}" in str(d)
    assert NetPlayer().offer_double(Game(Rules.money(), starter=0)) is False
    # the doubling window the verdict rests on: Janowski's points for the net's gammon rates
    points = janowski_points(0.68, d.gammons.W, d.gammons.L)
    assert d.p_win < points.initial_double_point


def test_the_cube_the_opponent_owns_cannot_be_doubled_R25():
    g = game({2: 2}, cube_value=2, cube_owner=1)
    assert NetPlayer().offer_double(g) is False
    with pytest.raises(RuleViolationError, match="R25"):
        cube_hint(g)


# ------------------------------------------------------------------------------------ match play
def test_no_double_in_the_crawford_game_R28():
    g = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10")   # 4-2 to 5, Crawford
    assert g.crawford_game
    assert NetPlayer().offer_double(g) is False
    with pytest.raises(RuleViolationError, match="R28"):
        cube_hint(g)


def test_post_crawford_the_trailer_doubles_at_once():
    g = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:4:0:5:10")   # I trail 0-4 to 5, post-Crawford
    assert not g.crawford_game and g.can_double()
    d = cube_hint(g)
    assert d.away == (5, 1) and d.double
    assert NetPlayer().offer_double(g) is True
    g.double()
    assert NetPlayer().accept_double(g) == "take"      # the leader has nothing to lose by taking at 1-away


def test_match_score_moves_the_take_point():
    # 2-away/2-away: double whenever ahead (the cube to 2 is the match); money would not double at 55%
    money = game({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2})
    d_money = cube_hint(money)
    match = Game.from_xgid(_match_xgid(money.position, 3, 3, 5))
    d_match = cube_hint(match)
    assert d_match.away == (2, 2)
    assert d_match.p_win == pytest.approx(d_money.p_win)
    if d_match.p_win > 0.5:
        assert d_match.double and not d_money.double


@pytest.mark.parametrize("away", range(3, 26))
def test_no_double_from_the_opening_at_any_even_score(away):
    """Issue 33: the dead-cube match model doubled the opening position (about 52%) at 5-away/5-away.
    With the live cube nobody doubles it at any even score from 3-away on (gnubg 0-ply agrees);
    at 2-away/2-away the double is the match and any edge is a double (gnubg doubles too)."""
    g = Game.from_xgid(_match_xgid(Position.initial(), 0, 0, away))
    d = cube_hint(g)
    assert d.away == (away, away) and d.p_win > 0.5
    assert (d.double, d.take) == (False, True), d.action
    assert NetPlayer().offer_double(g) is False


def test_the_opening_at_2away_all_is_a_double():
    d = cube_hint(Game.from_xgid(_match_xgid(Position.initial(), 3, 3, 5)))
    assert d.away == (2, 2) and d.action == "Double, take"


def test_opening_cube_agrees_with_gnubg_at_every_even_score():
    """The optional peer (gnubg-nn, GPL, only measured): its 0-ply cube decision of the opening at
    every even score from 2-away to 25-away has the same double and take as bgsim's."""
    gnubg = pytest.importorskip("gnubg_nn")
    key = gnubg.key_of_board(gnubg.board_from_position_id(Position.initial().gnubg_id()))
    for away in range(2, 26):
        gnubg.set.score(away, away)
        nd, dt, dp = gnubg.evaluate_cube_decision(key, i=1)[3:]
        d = cube_hint(Game.from_xgid(_match_xgid(Position.initial(), 25 - away, 25 - away, 25)))
        assert (d.double, d.take) == (min(dt, dp) > nd, dt <= dp), away
    gnubg.set.score(0, 0)


def _match_xgid(position: Position, mine: int, theirs: int, length: int) -> str:
    """An XGID of ``position`` (player 0 on roll) at the score ``mine``-``theirs`` in a ``length``-point match."""
    parts = Game(Rules.money(), position=position).xgid().split(":")
    parts[5], parts[6], parts[7], parts[8] = str(mine), str(theirs), "0", str(length)
    return ":".join(parts)


# ------------------------------------------------------------------ match cube: chances and the table
def test_match_cube_uses_the_chances_one_roll_deeper_and_money_keeps_0ply():
    """Issue 33: at a match score the net's chances are its 1-ply average (MATCH_PLIES, measured
    against gnubg in benchmarks/bench_match_cube.py); money play keeps the 0-ply chances."""
    from bgsim.sim.net_cube import MATCH_PLIES, CubeView, decide

    assert MATCH_PLIES == 1
    pos = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    match = cube_hint(Game.from_xgid(_match_xgid(pos, 2, 1, 7)))                # 5-away/6-away
    assert match.away == (5, 6)
    assert match.p_win == pytest.approx(NET.evaluate(pos, plies=1).win)
    assert match.p_win != pytest.approx(NET.evaluate(pos).win, abs=1e-9)
    assert "1-ply" in match.source
    money = cube_hint(Game(Rules.money(), position=pos))
    assert money.p_win == pytest.approx(NET.evaluate(pos).win) and "0-ply" in money.source
    view = CubeView(pos, 1, "centered", (5, 6), False)
    assert decide(view, NET, plies=0).p_win == pytest.approx(NET.evaluate(pos).win)
    with pytest.raises(ValueError, match="plies"):
        decide(view, NET, plies=2)


def test_an_evaluator_without_depth_answers_at_a_match_score():
    """An evaluator whose evaluate() takes only the position (the Evaluator protocol) still
    answers at a match score: its own chances, 0-ply."""
    from bgsim.sim.net_cube import CubeView, decide

    class Plain:
        name = "plain"

        def evaluate(self, position):
            return NET.evaluate(position)

    pos = Position.initial()
    d = decide(CubeView(pos, 1, "centered", (5, 5), False), Plain())
    assert d.p_win == pytest.approx(NET.evaluate(pos).win) and "0-ply" in d.source


def test_match_cube_chances_are_consistent():
    """The gammon rates the match model gets from the 1-ply chances: backgammon <= gammon and
    each a share of the wins or losses (R23), over seeded bar-heavy and closed-out positions."""
    import numpy as np

    from bgsim.sim.net_cube import CubeView, decide
    from tests.support.positions import gen_bar, gen_prime

    for seed in range(6):
        for gen in (gen_bar, gen_prime):
            pos = Position(*gen(np.random.default_rng(seed)))
            if pos.is_game_over():
                continue
            e = NET.evaluate(pos, plies=1)
            assert e.win_backgammon <= e.win_gammon <= e.win and e.lose_backgammon <= e.lose_gammon <= 1 - e.win
            g = decide(CubeView(pos, 1, "centered", (4, 2), False), NET).gammons
            assert 0 <= g.win_backgammon <= g.win <= 1 and 0 <= g.lose_backgammon <= g.lose <= 1


@pytest.mark.parametrize("away, action", [
    # My last roll (26 of 36 rolls bear both checkers off, 13 are off: no gammon either way), the
    # cube dead. Worked from the Kazaross-XG2 table, p = 26/36:
    # 4-away/2-away: ND = p ME(3,2) + (1-p) ME(4,1) = 0.7222 * 0.40053 + 0.2778 * 0.18564 = 0.3408;
    #   DT = p ME(2,2) + (1-p) * 0 = 0.3611 (the leader wins the match with the 2-cube);
    #   DP = ME(3,2) = 0.4005 > DT: the leader takes, and DT > ND: double.
    ((4, 2), "Double, take"),
    # 2-away/4-away: DT = p * 1 + (1-p) ME(2,2) = 0.8611 > DP = ME(1,4) = 0.81436: the trailer passes;
    #   ND = p ME(1,4) + (1-p) ME(2,3) < DP: double (and it is passed).
    ((2, 4), "Double, pass"),
])
def test_last_roll_match_decisions_follow_the_table(away, action):
    from bgsim.odds.equity import match_equity
    from bgsim.sim.net_cube import CubeView, decide

    last = Position.from_counts({2: 2}, THEY_BEAR_OFF)
    d = decide(CubeView(last, 1, "centered", away, False), NET)
    p = 26 / 36
    a, b = away
    assert d.p_win == pytest.approx(p) and d.cube_life == 0.0
    assert d.no_double == pytest.approx(p * match_equity(a - 1, b) + (1 - p) * match_equity(a, b - 1))
    win2 = 1.0 if a <= 2 else match_equity(a - 2, b)
    lose2 = 0.0 if b <= 2 else match_equity(a, b - 2)
    assert d.double_take == pytest.approx(p * win2 + (1 - p) * lose2)
    assert d.double_pass == pytest.approx(match_equity(a - 1, b))
    assert d.action == action


# ------------------------------------------------------------------------------------ beavers (X2)
BAD_DOUBLE = ({6: 1, 2: 1}, THEY_BEAR_OFF)      # last roll, 36.1% for the doubler: the taker is the favourite


def test_beaver_only_where_the_rules_allow_it_X2():
    with_beavers = game(*BAD_DOUBLE, rules=Rules.money(beavers=True))
    assert answer(with_beavers) == "beaver"
    without = game(*BAD_DOUBLE, rules=Rules.money())
    assert answer(without) == "take"
    g = Game.from_xgid(_match_xgid(Position.from_counts(*BAD_DOUBLE), 0, 0, 7))
    assert answer(g) == "take"          # no beavers in a match


def test_no_beaver_when_the_taker_is_the_underdog():
    g = game({2: 2}, rules=Rules.money(beavers=True))
    assert answer(g) == "take"


def test_the_doubler_answers_a_beaver():
    g = game(*BAD_DOUBLE, rules=Rules.money(beavers=True))
    g.double()
    g.beaver()
    # the doubler (36.1%) facing a cube of 4 owned by the opponent on the last roll: 4 x (2 * 0.361 - 1) =
    # -1.11 beats dropping (-2): take
    assert accept_double(g, NET) == "take"
    g = game({6: 2}, rules=Rules.money(beavers=True))     # 11.1%: 4 x (-0.78) = -3.1 < -2: drop
    g.double()
    g.beaver()
    assert accept_double(g, NET) == "drop"


def test_functions_take_any_evaluator_and_games_finish():
    assert offer_double(game({2: 2}), NET) is True
    assert cube_advice(game({2: 2}), ExactEvaluator()).action == "Double, take"
    g = play_game(Rules.money(beavers=True), (NetPlayer(), NetPlayer()), rng=3)
    assert g.is_over


def test_a_match_tells_its_games_the_score_so_the_net_cube_sees_it():
    from bgsim import Match

    m = Match(5, rng=4, players=(NetPlayer(), NetPlayer())).play_out()
    score = [0, 0]
    for g in m.games:
        assert g.id_score == tuple(score)
        r = g.result
        score[r.winner] += r.points
    assert tuple(score) == m.score and max(score) >= 5
