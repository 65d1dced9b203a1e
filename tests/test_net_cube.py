"""The net player's cube (issue 20, item 4): decisions from its own cubeless chances (R24-R28, X2).

Known answers: last-roll positions (exact chances, dead cube: double from 50%, take from 25%),
clear drops and no-doubles in races, the Crawford game (no double, R28), post-Crawford (the
trailer doubles at once), beavers only where the rules allow them (X2).
"""

from __future__ import annotations

import pytest

from bgsim import Game, NetPlayer, Position, Rules
from bgsim.equity import janowski_points
from bgsim.errors import RuleViolationError
from bgsim.net import Net
from bgsim.net_cube import ExactEvaluator, accept_double, cube_hint, is_last_roll, offer_double
from bgsim.players import play_game
from bgsim.strength import player_strength

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
    d = g.cube_hint()
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
    d = g.cube_hint()
    assert not is_last_roll(g.position) and d.cube_life == pytest.approx(0.68)
    if verdict == "pass":
        assert not d.take
        assert answer(game(mine, theirs)) == "drop"
    else:
        assert not d.double and d.take
        assert NetPlayer().offer_double(game(mine, theirs)) is False


def test_no_double_at_the_start_and_the_decision_agrees_with_the_net_and_janowski():
    g = Game(Rules.money(), starter=0)
    d = g.cube_hint()
    e = NET.evaluate(Position.initial())
    assert d.p_win == pytest.approx(e.win) and not d.double and d.take
    assert "net's own cubeless evaluation" in str(d)
    assert f"Player strength: net, {player_strength('net').ppg:+.3f}" in str(d)
    assert NetPlayer().offer_double(Game(Rules.money(), starter=0)) is False
    # the doubling window the verdict rests on: Janowski's points for the net's gammon rates
    points = janowski_points(0.68, d.gammons.W, d.gammons.L)
    assert d.p_win < points.initial_double_point


def test_the_cube_the_opponent_owns_cannot_be_doubled_R25():
    g = game({2: 2}, cube_value=2, cube_owner=1)
    assert NetPlayer().offer_double(g) is False
    with pytest.raises(RuleViolationError, match="R25"):
        g.cube_hint()


# ------------------------------------------------------------------------------------ match play
def test_no_double_in_the_crawford_game_R28():
    g = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10")   # 4-2 to 5, Crawford
    assert g.crawford_game
    assert NetPlayer().offer_double(g) is False
    with pytest.raises(RuleViolationError, match="R28"):
        g.cube_hint()


def test_post_crawford_the_trailer_doubles_at_once():
    g = Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:4:0:5:10")   # I trail 0-4 to 5, post-Crawford
    assert not g.crawford_game and g.can_double()
    d = g.cube_hint()
    assert d.away == (5, 1) and d.double
    assert NetPlayer().offer_double(g) is True
    g.double()
    assert NetPlayer().accept_double(g) == "take"      # the leader has nothing to lose by taking at 1-away


def test_match_score_moves_the_take_point():
    # 2-away/2-away: double whenever ahead (the cube to 2 is the match); money would not double at 55%
    money = game({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2})
    d_money = money.cube_hint()
    match = Game.from_xgid(_match_xgid(money.position, 3, 3, 5))
    d_match = match.cube_hint()
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
    d = g.cube_hint()
    assert d.away == (away, away) and d.p_win > 0.5
    assert (d.double, d.take) == (False, True), d.action
    assert NetPlayer().offer_double(g) is False


def test_the_opening_at_2away_all_is_a_double():
    d = Game.from_xgid(_match_xgid(Position.initial(), 3, 3, 5)).cube_hint()
    assert d.away == (2, 2) and d.action == "Double, take"


def test_opening_cube_agrees_with_gnubg_at_every_even_score():
    """The optional peer (gnubg-nn, GPL, only measured): its 0-ply cube decision of the opening at
    every even score from 2-away to 25-away has the same double and take as bgsim's."""
    gnubg = pytest.importorskip("gnubg_nn")
    key = gnubg.key_of_board(gnubg.board_from_position_id(Position.initial().gnubg_id()))
    for away in range(2, 26):
        gnubg.set.score(away, away)
        nd, dt, dp = gnubg.evaluate_cube_decision(key, i=1)[3:]
        d = Game.from_xgid(_match_xgid(Position.initial(), 25 - away, 25 - away, 25)).cube_hint()
        assert (d.double, d.take) == (min(dt, dp) > nd, dt <= dp), away
    gnubg.set.score(0, 0)


def _match_xgid(position: Position, mine: int, theirs: int, length: int) -> str:
    """An XGID of ``position`` (player 0 on roll) at the score ``mine``-``theirs`` in a ``length``-point match."""
    parts = Game(Rules.money(), position=position).xgid().split(":")
    parts[5], parts[6], parts[7], parts[8] = str(mine), str(theirs), "0", str(length)
    return ":".join(parts)


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
    assert cube_hint(game({2: 2}), ExactEvaluator()).action == "Double, take"
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
