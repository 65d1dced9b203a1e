"""Match equity (R27, R28) and cube theory (R24-R26) in bgsim.odds.equity.

Expected numbers come from the sources, not from our own output: entries of the published
Kazaross-XG2 table (met/Kazaross-XG2.xml of GNU Backgammon), take points worked by hand from table entries,
and the textbook take points (25% dead cube, 20% live cube).
"""

from __future__ import annotations

import itertools
import math

import pytest

from bgsim.engine.errors import BgsimError, RuleViolationError
from bgsim.odds.equity import (
    CubeDecision,
    GammonRates,
    MatchEquityError,
    janowski_decision,
    cubeful_equity,
    cubeless_equity,
    dead_cube_take_point,
    janowski_points,
    janowski_take_point,
    live_cube_take_point,
    match_equity,
    match_equity_table,
    match_take_point,
)

AWAYS = range(1, 26)


# ----------------------------------------------------------------------------- MET (R27, R28)
def test_met_published_values_at_the_crawford_game():
    assert match_equity(1, 1) == 0.5
    # 2-away vs 1-away in the Crawford game (R28): 0.32264 for the trailer
    assert match_equity(2, 1, crawford=True) == pytest.approx(0.32264, abs=1e-12)
    assert match_equity(1, 2, crawford=True) == pytest.approx(1 - 0.32264, abs=1e-12)


def test_met_more_published_entries():
    # entries of met/Kazaross-XG2.xml (gnubg), read off the file by hand
    assert match_equity(3, 3) == 0.5
    assert match_equity(1, 3) == 0.75076
    assert match_equity(4, 2) == 0.33130
    assert match_equity(25, 25) == 0.5
    assert match_equity(25, 1) == 0.00095
    assert match_equity(2, 1, post_crawford=True) == 0.48803
    assert match_equity(3, 1, post_crawford=True) == 0.32264
    assert match_equity(25, 1, post_crawford=True) == 0.001230


def test_met_symmetry_every_score():
    for a, b in itertools.product(AWAYS, AWAYS):
        assert match_equity(a, b) + match_equity(b, a) == pytest.approx(1.0, abs=2e-6), (a, b)
    for n in AWAYS:
        assert match_equity(n, 1, post_crawford=True) + match_equity(1, n, post_crawford=True) == pytest.approx(1.0)


def test_met_diagonal_is_even():
    for n in AWAYS:
        assert match_equity(n, n) == pytest.approx(0.5)


def test_met_monotone():
    # needing more points never helps; the opponent needing more always helps
    for a, b in itertools.product(range(1, 25), AWAYS):
        assert match_equity(a + 1, b) < match_equity(a, b)
        assert match_equity(b, a + 1) > match_equity(b, a)
    for n in range(2, 25):
        assert match_equity(n + 1, 1, post_crawford=True) < match_equity(n, 1, post_crawford=True)


def test_met_default_with_a_1away_player_is_the_crawford_game():
    # R28: the score has just been reached, so the next game is the Crawford game
    assert match_equity(4, 1) == match_equity(4, 1, crawford=True)
    assert match_equity(4, 1) != match_equity(4, 1, post_crawford=True)


def test_post_crawford_even_away_trailer_is_close_to_the_odd_one_below():
    # the free drop: 2k-away is worth only a little less than (2k-1)-away post-Crawford
    for k in range(2, 12):
        hi, lo = match_equity(2 * k - 1, 1, post_crawford=True), match_equity(2 * k, 1, post_crawford=True)
        assert lo < hi and hi - lo < 0.2 * hi


@pytest.mark.parametrize("args, kwargs", [
    ((0, 3), {}), ((3, 0), {}), ((26, 3), {}), ((-1, 2), {}), ((2.0, 3), {}), ((True, 3), {}), (("2", 3), {}),
    ((2, 1), {"crawford": True, "post_crawford": True}),
    ((3, 3), {"crawford": True}),          # nobody 1-away: no Crawford game
    ((1, 1), {"crawford": True}),          # 1-away/1-away is post-Crawford
    ((3, 4), {"post_crawford": True}),
])
def test_met_bad_inputs_raise_clear_errors(args, kwargs):
    with pytest.raises(MatchEquityError) as info:
        match_equity(*args, **kwargs)
    assert isinstance(info.value, BgsimError) and isinstance(info.value, ValueError)
    assert str(info.value)


def test_met_ships_with_its_notice_and_loads_lazily():
    from importlib import resources

    text = resources.files("bgsim").joinpath("data").joinpath("kazaross_xg2.met").read_text(encoding="utf-8")
    assert "Copying and distribution of verbatim and modified versions of this file" in text
    assert "Neil Kazaross" in text
    table = match_equity_table()
    assert table is match_equity_table()          # read once, then kept
    assert table.length == 25 and len(table.post_crawford) == 25
    assert "permission notice are preserved" in table.notice
    assert "Kazaross" in str(table)


# ----------------------------------------------------------------------------- money take points
def test_dead_and_live_take_points_without_gammons():
    assert dead_cube_take_point() == 0.25
    assert live_cube_take_point() == pytest.approx(0.20)
    assert janowski_take_point(0.0) == pytest.approx(0.25)
    assert janowski_take_point(1.0) == pytest.approx(0.20)


@pytest.mark.parametrize("W, L", [(1.0, 1.0), (1.3, 1.1), (1.0, 1.5), (2.0, 2.0), (1.2, 1.0)])
def test_janowski_interpolates_dead_and_live(W, L):
    assert janowski_take_point(0.0, W, L) == pytest.approx(dead_cube_take_point(W, L))
    assert janowski_take_point(1.0, W, L) == pytest.approx(live_cube_take_point(W, L))
    xs = [i / 10 for i in range(11)]
    tps = [janowski_take_point(x, W, L) for x in xs]
    assert all(a > b for a, b in zip(tps, tps[1:]))   # a livelier cube lets the taker take more


def test_take_point_rises_when_the_taker_loses_more_gammons():
    assert janowski_take_point(0.7, 1.0, 1.3) > janowski_take_point(0.7, 1.0, 1.0)
    assert janowski_take_point(0.7, 1.3, 1.0) < janowski_take_point(0.7, 1.0, 1.0)


@pytest.mark.parametrize("x", [0.0, 0.3, 0.68, 1.0])
@pytest.mark.parametrize("W, L", [(1.0, 1.0), (1.25, 1.1), (1.5, 1.4)])
def test_take_point_is_where_taking_equals_passing(x, W, L):
    # an independent route: the taker owns the doubled cube (value 2); passing costs 1
    tp = janowski_take_point(x, W, L)
    assert 2 * cubeful_equity(tp, cube_life=x, W=W, L=L, owner="me") == pytest.approx(-1.0)


@pytest.mark.parametrize("x", [0.0, 0.5, 0.68, 1.0])
@pytest.mark.parametrize("W, L", [(1.0, 1.0), (1.25, 1.1)])
def test_doubling_points_agree_with_the_equities(x, W, L):
    pts = janowski_points(x, W, L)
    g = GammonRates(win=W - 1, lose=L - 1)
    # cash point = 1 - the opponent's take point
    assert pts.cash_point == pytest.approx(1 - janowski_take_point(x, W=L, L=W))
    # at the initial double point, no double = double/take (centred cube)
    d = janowski_decision(pts.initial_double_point, gammons=g, cube_life=x)
    assert d.no_double == pytest.approx(d.double_take, abs=1e-9)
    # at the redouble point, the same with the cube owned
    d = janowski_decision(pts.redouble_point, gammons=g, cube_life=x, owner="me")
    assert d.no_double == pytest.approx(d.double_take, abs=1e-9)
    assert pts.initial_double_point <= pts.redouble_point + 1e-12 <= pts.cash_point + 2e-12
    assert pts.cash_point <= pts.too_good_point + 1e-12


def test_window_at_the_extremes_without_gammons():
    dead = janowski_points(0.0)
    assert (dead.take_point, dead.cash_point, dead.initial_double_point, dead.redouble_point) == \
        pytest.approx((0.25, 0.75, 0.5, 0.5))
    live = janowski_points(1.0)
    assert (live.take_point, live.cash_point, live.initial_double_point, live.redouble_point) == \
        pytest.approx((0.2, 0.8, 0.8, 0.8))
    # without gammons playing on is never better than cashing before the last roll
    assert janowski_points(0.5).too_good_point == pytest.approx(1.0)


def test_cubeful_equity_dead_cube_is_cubeless():
    for p in (0.0, 0.1, 0.33, 0.5, 0.8, 1.0):
        for owner in ("centered", "me", "opponent"):
            assert cubeful_equity(p, cube_life=0.0, W=1.2, L=1.1, owner=owner) == \
                pytest.approx(cubeless_equity(p, 1.2, 1.1))


def test_cubeful_equity_live_cube_market_edges():
    # Keeler-Spencer fully live cube without gammons: -1 at 20%, +1 at 80% (centred), linear between
    assert cubeful_equity(0.2, cube_life=1.0) == pytest.approx(-1.0)
    assert cubeful_equity(0.8, cube_life=1.0) == pytest.approx(1.0)
    assert cubeful_equity(0.5, cube_life=1.0) == pytest.approx(0.0, abs=1e-12)
    # owning the cube is worth something, the opponent owning it costs as much
    for p in (0.3, 0.5, 0.7):
        own = cubeful_equity(p, owner="me")
        mid = cubeful_equity(p, owner="centered")
        their = cubeful_equity(p, owner="opponent")
        assert own > mid > their
        assert cubeful_equity(1 - p, owner="opponent") == pytest.approx(-own)


def test_cubeful_equity_increases_with_p():
    for owner in ("centered", "me", "opponent"):
        values = [cubeful_equity(i / 100, W=1.3, L=1.2, owner=owner) for i in range(101)]
        assert all(a < b for a, b in zip(values, values[1:]))


@pytest.mark.parametrize("kwargs", [
    {"p": 1.5}, {"p": -0.1}, {"p": 0.5, "cube_life": 1.2}, {"p": 0.5, "W": 0.5}, {"p": 0.5, "L": 4},
    {"p": 0.5, "owner": "nobody"},
])
def test_cubeful_equity_bad_inputs(kwargs):
    p = kwargs.pop("p")
    with pytest.raises(MatchEquityError):
        cubeful_equity(p, **kwargs)


def test_gammon_rates():
    g = GammonRates(win=0.3, lose=0.2, win_backgammon=0.05, lose_backgammon=0.01)
    assert g.W == pytest.approx(1.35) and g.L == pytest.approx(1.21)
    assert g.swapped().W == pytest.approx(g.L)
    for bad in ({"win": 1.2}, {"lose": -0.1}, {"win": 0.1, "win_backgammon": 0.2}, {"win": True}):
        with pytest.raises(MatchEquityError):
            GammonRates(**bad)


# ----------------------------------------------------------------------------- match take points
def test_match_take_point_2away_2away():
    # any double makes it double match point: pass = ME(2,1) Crawford, take = win 1 / lose 0
    assert match_take_point(2, 2) == pytest.approx(0.32264, abs=1e-9)
    # gammons do not matter: one game decides the match
    assert match_take_point(2, 2, gammon_rates=(0.3, 0.3)) == pytest.approx(0.32264, abs=1e-9)


def test_match_take_point_by_risk_and_gain():
    # 5-away/5-away, cube 1 -> 2, no gammons, from the table by hand:
    # risk = ME(5,4) - ME(5,3) = 0.42268 - 0.35205, gain = ME(3,5) - ME(5,4) = 0.64795 - 0.42268
    risk, gain = 0.42268 - 0.35205, 0.64795 - 0.42268
    assert match_take_point(5, 5) == pytest.approx(risk / (risk + gain), abs=1e-9)
    # 4-away (taker) vs 2-away (doubler): pass -> ME(4,1) Crawford = 0.18564; lose -> 0; win -> ME(2,2) = 0.5
    assert match_take_point(4, 2) == pytest.approx(0.18564 / 0.5, abs=1e-9)


def test_match_take_point_with_gammons_by_hand():
    # 5-away/5-away, taker's gammon rates 20% of wins, 20% of losses (backgammons 0)
    pass_ = 0.42268                                   # ME(5,4)
    lose = 0.8 * 0.35205 + 0.2 * 0.15821              # ME(5,3), ME(5,1) (Crawford)
    win = 0.8 * 0.64795 + 0.2 * 0.84179               # ME(3,5), ME(1,5)
    assert match_take_point(5, 5, gammon_rates=(0.2, 0.2)) == pytest.approx((pass_ - lose) / (win - lose), abs=1e-9)


def test_match_take_point_post_crawford():
    # the trailer 2-away doubles the leader 1-away: pass -> 1-away/1-away (0.5), take -> one game decides
    assert match_take_point(1, 2) == pytest.approx(0.5)


def test_match_take_point_rises_with_the_doublers_gammons():
    base = match_take_point(7, 7)
    assert match_take_point(7, 7, gammon_rates=GammonRates(win=0.0, lose=0.25)) > base


@pytest.mark.parametrize("cube", [0, 3, 6, -2, 1.0, True])
def test_match_take_point_bad_cube(cube):
    with pytest.raises(MatchEquityError, match="R24"):
        match_take_point(5, 5, cube)


# ----------------------------------------------------------------------------- cube decisions
def test_money_cube_decision_categories():
    assert janowski_decision(0.50).action == "No double, take"
    assert janowski_decision(0.72).action == "Double, take"
    assert janowski_decision(0.85).action == "Double, pass"
    assert janowski_decision(0.85, gammons=(0.6, 0.0)).action == "Too good to double, pass"


def test_money_cube_decision_dead_cube_no_gammons_is_the_textbook():
    # x = 0: double when ahead, the taker takes up to 75% for the doubler (25% take point)
    assert janowski_decision(0.55, cube_life=0.0).action == "Double, take"
    assert janowski_decision(0.74, cube_life=0.0).action == "Double, take"
    assert janowski_decision(0.76, cube_life=0.0).action == "Double, pass"
    assert janowski_decision(0.45, cube_life=0.0).action == "No double, take"
    assert janowski_decision(0.6, cube_life=0.0).take_point == pytest.approx(0.25)


def test_money_cube_decision_numbers():
    d = janowski_decision(0.7, cube=2, owner="me", cube_life=0.5)
    assert isinstance(d, CubeDecision) and d.money
    assert d.double_pass == 2.0
    assert d.no_double == pytest.approx(2 * cubeful_equity(0.7, cube_life=0.5, owner="me"))
    assert d.double_take == pytest.approx(4 * cubeful_equity(0.7, cube_life=0.5, owner="opponent"))
    assert d.best == max(d.no_double, min(d.double_take, d.double_pass))


def test_match_cube_decision_2away_2away():
    # Dead cube (cube_life=0), from the table: ND = p*ME(1,2) + (1-p)*ME(2,1); DT = p; DP = ME(1,2) = 0.67736
    dead = janowski_decision(0.55, away=(2, 2), cube_life=0.0)
    assert dead.no_double == pytest.approx(0.55 * 0.67736 + 0.45 * 0.32264)
    assert dead.double_take == pytest.approx(0.55) and dead.action == "Double, take"
    # Live cube, worked by hand: a double to 2 decides the match, so each side doubles exactly where
    # the other's pass (0.32264 / 0.67736) meets the match played for one game (MWC = p). The fully
    # live MWC of the centred cube is then flat at 0.32264 up to p = 0.32264, rises as p to 0.67736
    # and stays there: at p = 0.55 it is 0.55. ND = x * 0.55 + (1 - x) * dead ND (x = 0.68).
    d = janowski_decision(0.55, away=(2, 2))
    assert d.no_double == pytest.approx(0.68 * 0.55 + 0.32 * (0.55 * 0.67736 + 0.45 * 0.32264))
    assert d.double_take == pytest.approx(0.55)
    assert d.double_pass == pytest.approx(0.67736)
    assert d.action == "Double, take"
    assert janowski_decision(0.70, away=(2, 2)).action == "Double, pass"
    assert janowski_decision(0.45, away=(2, 2)).action == "No double, take"


def test_match_cube_keeps_the_cube_at_5away_all_with_a_small_edge():
    """Issue 33: with the cube dead after the double, 52% at 5-away/5-away was a double. The live
    cube keeps its value: no double, take (gnubg agrees on the opening position), and owning
    the cube is worth something at every score where the owner can still use it."""
    from bgsim.odds.equity import match_cubeful_mwc

    assert janowski_decision(0.52, gammons=(0.27, 0.22), away=(5, 5)).action == "No double, take"
    assert janowski_decision(0.52, gammons=(0.27, 0.22), away=(5, 5), cube_life=0.0).action == "Double, take"
    for a, b in ((5, 5), (3, 5), (7, 7), (9, 6)):
        assert match_cubeful_mwc(0.5, a, b, owner="me") > match_cubeful_mwc(0.5, a, b) > \
            match_cubeful_mwc(0.5, a, b, owner="opponent")
    # a cube the owner cannot use (a single win already wins the match) is worth nothing to them
    assert match_cubeful_mwc(0.6, 2, 5, 2, owner="me") == pytest.approx(match_cubeful_mwc(0.6, 2, 5, 2, cube_life=0))


def test_match_cubeful_mwc_is_the_dead_cube_at_x0_and_rises_with_p():
    from bgsim.odds.equity import match_cubeful_mwc

    g = GammonRates(0.25, 0.15, 0.02, 0.01)
    for owner in ("centered", "me", "opponent"):
        values = [match_cubeful_mwc(p / 20, 5, 3, owner=owner, gammon_rates=g) for p in range(21)]
        assert all(v1 >= v0 - 1e-12 for v0, v1 in itertools.pairwise(values))
        assert values[0] == pytest.approx(match_cubeful_mwc(0.0, 5, 3, owner=owner, gammon_rates=g, cube_life=0))


def test_a_cube_the_opponent_doubles_at_once_is_all_live():
    """Issue 33: 2-away doubles 4-away. The taker's 2-cube is worth a redouble to 4 at once (the
    game for the match: any game the 2-away doubler loses at 2 already costs them the match, so
    the redouble costs the taker nothing). Nothing is left to a market, so after the take the
    doubler's MWC is the live line: the better of playing the match out (p) and passing the
    redouble (ME(2,2) = 0.5), whatever the gammons (at 4 every game decides the match). With
    Janowski's mix of live and dead, 0.68 * 0.79 + 0.32 * (0.79 + 0.21 * 0.9 * 0.5) = 0.8202 was
    above the pass (ME(1,4) = 0.81436): a wrong pass (gnubg takes too)."""
    d = janowski_decision(0.79, gammons=(0.3, 0.1), away=(2, 4))
    assert d.double_take == pytest.approx(0.79)
    assert d.double_pass == pytest.approx(match_equity(1, 4))
    assert d.take and d.double_take < d.double_pass
    assert janowski_decision(0.45, away=(2, 4)).double_take == pytest.approx(0.5)    # the redouble is passed
    # the dead cube asked for (x = 0: the last roll) stays dead
    dead = janowski_decision(0.79, gammons=(0.3, 0.1), away=(2, 4), cube_life=0.0)
    assert dead.double_take == pytest.approx(0.79 + 0.21 * 0.9 * 0.5)


def test_post_crawford_the_leader_faces_the_trailers_double_at_once():
    """R28: post-Crawford the trailer doubles at once, so the leader's MWC with the cube centred
    is the live line (take the game for 2 points or pass), not a mix with the dead cube."""
    from bgsim.odds.equity import match_cubeful_mwc

    for p in (0.6, 0.8):     # above the leader's take point: the game is played for 2 points
        at_once = match_cubeful_mwc(p, 1, 4, gammon_rates=(0.2, 0.1))
        assert at_once == pytest.approx(match_cubeful_mwc(p, 1, 4, gammon_rates=(0.2, 0.1), cube_life=1.0))
        take = p + (1 - p) * (0.9 * match_equity(1, 2, post_crawford=True))   # a gammon loss at 2 loses the match
        assert take > match_equity(1, 3, post_crawford=True)                   # better than passing
        assert at_once == pytest.approx(take)
    # the trailer's own centred cube post-Crawford: still "Double" in the window
    assert janowski_decision(0.4, away=(4, 1)).double


def test_match_cube_decision_leader_post_crawford_never_doubles():
    assert not janowski_decision(0.6, away=(1, 4)).double


def test_cube_decision_rules():
    with pytest.raises(RuleViolationError, match="R25"):
        janowski_decision(0.7, owner="opponent")
    with pytest.raises(RuleViolationError, match="R28"):
        janowski_decision(0.7, away=(3, 1), crawford=True)
    with pytest.raises(MatchEquityError):
        janowski_decision(1.2)
    with pytest.raises(MatchEquityError):
        janowski_decision(0.6, away=(3,))
    with pytest.raises(MatchEquityError):
        janowski_decision(0.6, away=(3, 3), cube=2)        # a centred match cube shows 1 (R24)


def test_cube_decision_shows_itself():
    d = janowski_decision(0.7)
    text = str(d)
    assert "Proper cube action: Double, take" in text and "No double" in text and "Taker needs" in text
    html = d._repr_html_()
    assert "<table" in html and "Double, take" in html
    m = str(janowski_decision(0.6, away=(5, 3), gammons=(0.2, 0.1)))
    assert "5-away vs 3-away" in m and "%" in m
    assert math.isfinite(janowski_decision(0.6, away=(5, 3)).take_point)


def test_one_score_convention_points_won_with_away_by_name():
    """Issue 22: score is points won (as gnubg and XG show it) with the match length; points still
    needed only as away=; both given must agree; the old points-away score= warns and still works."""
    from bgsim.odds.equity import match_away

    won = janowski_decision(0.6, match_length=7, score=(2, 4))
    assert won.away == (5, 3) and won.points_won == (2, 4) and won.match_length == 7
    assert won == janowski_decision(0.6, away=(5, 3), match_length=7) == janowski_decision(
        0.6, match_length=7, score=(2, 4), away=(5, 3))
    assert janowski_decision(0.6, away=(5, 3)).no_double == won.no_double
    assert "7-point match, doubler 2, taker 4 (5-away vs 3-away)" in str(won)
    with pytest.raises(MatchEquityError, match="contradicts score"):
        janowski_decision(0.6, match_length=7, score=(2, 4), away=(2, 4))
    with pytest.raises(MatchEquityError, match="from 0 to 6 in a 7-point match"):
        match_away(match_length=7, score=(7, 4))
    with pytest.raises(MatchEquityError, match="more than the match length"):
        match_away(match_length=7, away=(9, 3))
    with pytest.raises(MatchEquityError, match="needs the score"):
        janowski_decision(0.6, match_length=7)
    with pytest.raises(MatchEquityError, match="match_length = -7"):
        match_away(match_length=-7, score=(0, 0))
    # 0.2 dropped the points-away reading of score= without match_length, and CubeDecision.score (CHANGELOG.md)
    with pytest.raises(MatchEquityError, match=r"needs match_length=N.*away=\(my_away, opp_away\)"):
        janowski_decision(0.6, score=(5, 3))
    with pytest.raises(MatchEquityError, match="needs match_length=N"):
        janowski_decision(0.6, score=(5, 3), away=(5, 3))
    d = janowski_decision(0.6, away=(5, 3))
    assert d.away == (5, 3) and not hasattr(d, "score")


def test_cube_decision_output_nits():
    """Issue 22: no negative zero; a sure single win is a cash (Double, pass), not 'too good'."""
    even = str(janowski_decision(0.5))
    assert "-0.000" not in even and "+0.000" in even
    sure = janowski_decision(1.0)
    assert sure.action == "Double, pass" and sure.double and not sure.take
    assert "cash it" in str(sure)
    assert janowski_decision(1.0, gammons=(0.2, 0.0)).action == "Too good to double, pass"


@pytest.mark.parametrize("x, W, L", [(0.68, 1.25, 1.1), (0.3, 1.5, 1.0), (1.0, 1.0, 1.4)])
def test_janowski_take_point_is_the_complement_of_the_cash_point(x, W, L):
    """With gammons the taker's take point uses the doubler's W (review finding): TP = 1 - CP,
    and it agrees with janowski_take_point seen from the taker's side and with cube_decision."""
    from bgsim.odds.equity import janowski_points, janowski_take_point

    pts = janowski_points(x, W=W, L=L)
    assert pts.take_point == pytest.approx(1 - pts.cash_point)
    assert pts.take_point == pytest.approx(janowski_take_point(x, W=L, L=W))


def test_cube_decision_take_point_agrees_with_janowski_points():
    from bgsim.odds.equity import janowski_decision, janowski_points

    d = janowski_decision(0.7, gammons=(0.25, 0.1), cube_life=0.68)
    assert d.take_point == pytest.approx(janowski_points(0.68, W=1.25, L=1.1).take_point)


def test_the_table_is_found_when_a_folder_named_bgsim_shadows_the_package(tmp_path):
    """Issue 22: run from the folder above a clone named ``bgsim``, ``import bgsim`` finds the
    clone (no ``__init__.py`` at its top) as a namespace package while an editable install's
    finder still maps the submodules; the data must come through importlib.resources by the
    data package's own name, not from ``files("bgsim")/data`` (the clone's top folder)."""
    import subprocess
    import sys
    from pathlib import Path

    import bgsim

    package = Path(bgsim.__file__).parent
    (tmp_path / "bgsim").mkdir()                       # the clone's top folder: no __init__.py, no data/
    script = f"""
import importlib.machinery, sys
class EditableFinder:   # as setuptools' editable install maps bgsim's submodules to the source folder
    @classmethod
    def find_spec(cls, fullname, path=None, target=None):
        if fullname.startswith("bgsim."):
            return importlib.machinery.PathFinder.find_spec(fullname, [{str(package)!r}])
        return None
sys.meta_path.insert(0, EditableFinder)
import bgsim
assert bgsim.__spec__.origin in (None, "namespace"), bgsim.__spec__    # the shadowing namespace package
from bgsim.odds import equity
print(equity.match_equity(3, 5))
"""
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True,
                         env={"PATH": "", "PYTHONPATH": ""})
    assert out.returncode == 0, out.stderr
    assert float(out.stdout) == match_equity(3, 5)
