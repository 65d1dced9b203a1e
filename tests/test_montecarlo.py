"""Tests of the Monte Carlo engine (bgsim.sim.montecarlo, bgsim.sim._mc_kernel).

Every statistical check compares an estimate with an exact answer computed here,
independently of the engine, and allows 4 standard errors. Seeds are fixed, so the
suite is deterministic.
"""

from __future__ import annotations

import dataclasses
import math
import threading
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

from bgsim import Position
from bgsim.odds import bearoff
from bgsim.sim import _mc_kernel as K
from bgsim.engine import _random_kernel as R
from bgsim.engine._kernel import Workspace, generate
from bgsim.engine.dice import ALL_ROLLS, OPENING_ROLLS
from bgsim.odds.equity import match_equity
from bgsim.engine.errors import RuleViolationError
from bgsim.sim.montecarlo import (
    EstimateError,
    PLAYERS, Estimate, Interval, estimate, mean_interval, normal_quantile, pubeval_weights, wilson_interval,
)
from bgsim.game.rules import Rules


def close_to(est_interval, exact: float, n: int, sigmas: float = 4.0) -> bool:
    """|estimate - exact| within ``sigmas`` standard errors of a proportion ``exact``."""
    exact = min(1.0, max(0.0, exact))
    se = math.sqrt(exact * (1 - exact) / n)
    return abs(est_interval.value - exact) <= sigmas * se + 1e-9


# ============================================================================================
# Exact answers, computed here without the engine
# ============================================================================================

def single_checker_rolls(start: int, ace_closed: bool) -> list[float]:
    """Distribution of the rolls one lone checker needs to bear off from ``start`` (25 = bar).

    With one checker there is no choice: a roll moves it the dice total (a double four
    times, R6) or bears it off when the total reaches it (R17, R18). From the bar, 1-1
    cannot enter when the opponent holds my 24-point, their ace (R14: 36 - 1**2 = 35 rolls
    enter). Stepped roll by roll until less than 1e-15 of the probability is left.
    """
    dist = [0.0]
    states = {start: 1.0}
    while sum(states.values()) > 1e-15:
        nxt: dict[int, float] = {}
        off = 0.0
        for p, pr in states.items():
            for d1, d2 in ALL_ROLLS:
                w = pr / 36
                if p == 25 and ace_closed and d1 == d2 == 1:
                    nxt[p] = nxt.get(p, 0.0) + w
                    continue
                total = 4 * d1 if d1 == d2 else d1 + d2
                q = p - total
                if q <= 0:
                    off += w
                else:
                    nxt[q] = nxt.get(q, 0.0) + w
        dist.append(off)
        states = nxt
    return dist


def ace_point_rolls(checkers: int) -> list[Fraction]:
    """Rolls to bear off ``checkers`` (even) from the ace point: 4 on a double, else 2."""
    dist = [Fraction(0)] * (checkers + 2)
    states = {checkers: Fraction(1)}
    n = 0
    while states:
        n += 1
        nxt: dict[int, Fraction] = {}
        for c, pr in states.items():
            for step, w in ((4, Fraction(1, 6)), (2, Fraction(5, 6))):
                left = max(0, c - step)
                if left == 0:
                    dist[n] += pr * w
                else:
                    nxt[left] = nxt.get(left, 0) + pr * w
        states = nxt
    return dist


def p_first_finishes(mine, theirs) -> float:
    """P(I finish first) when I roll first: sum_n P(I need n) * P(they need >= n)."""
    total = 0.0
    for n, p in enumerate(mine):
        if n == 0:
            continue
        total += float(p) * float(sum(theirs[n:]))
    return total


# ============================================================================================
# Random numbers (the compiled generator)
# ============================================================================================

def xoshiro_reference(s, count):
    """xoshiro256** as published by Blackman and Vigna, in plain Python integers."""
    mask = (1 << 64) - 1
    s = [int(x) for x in s]
    out = []

    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & mask

    for _ in range(count):
        out.append(rotl((s[1] * 5) & mask, 7) * 9 & mask)
        t = (s[1] << 17) & mask
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return out


def test_xoshiro_matches_the_reference_algorithm():
    state = np.array([1, 2, 3, 4], dtype=np.uint64)
    got = [int(R.next_u64(state)) for _ in range(50)]
    assert got[:2] == [11520, 0]        # the published first outputs for the state (1, 2, 3, 4)
    assert got == xoshiro_reference([1, 2, 3, 4], 50)


def test_bounded_integers_are_lemires_method_and_uniform():
    seed = np.random.SeedSequence(9).generate_state(4, np.uint64)
    draws = R.draw_uniform(seed.copy(), 36, 36_000)
    # reference: Lemire's multiply-shift on the top 32 bits, with its rejection step
    ref = []
    raw = iter(xoshiro_reference(seed, 40_000))
    for _ in range(36_000):
        while True:
            m = (next(raw) >> 32) * 36
            if (m & 0xFFFFFFFF) >= (2**32 - 36) % 36:
                break
        ref.append(m >> 32)
    assert draws.tolist() == ref
    counts = np.bincount(draws, minlength=36)
    chi2 = ((counts - 1000) ** 2 / 1000).sum()
    assert chi2 < 80   # 35 degrees of freedom: P(chi2 > 80) < 1e-4


# ============================================================================================
# pubeval: the 122 inputs from Tesauro's description, computed the slow way
# ============================================================================================

def pubeval_reference(board, race_w, contact_w, race: bool) -> float:
    """Tesauro's pubeval on a board from the mover's view (row 0 mover, row 1 opponent)."""
    pos = [0] * 28
    for p in range(1, 25):
        pos[p] = int(board[0, p]) - int(board[1, 25 - p])
    pos[25] = int(board[0, 25])
    pos[0] = -int(board[1, 25])
    pos[26] = int(board[0, 0])
    pos[27] = -int(board[1, 0])
    x = [0.0] * 122
    for j in range(1, 25):
        n = pos[25 - j]
        base = 5 * (j - 1)
        if n == -1:
            x[base] = 1.0
        if n == 1:
            x[base + 1] = 1.0
        if n >= 2:
            x[base + 2] = 1.0
        if n == 3:
            x[base + 3] = 1.0
        if n >= 4:
            x[base + 4] = (n - 3) / 2.0
    x[120] = -pos[0] / 2.0
    x[121] = pos[26] / 15.0
    w = race_w if race else contact_w
    return float(np.dot(w, x))


def test_pubeval_table_reproduces_the_122_input_evaluator():
    race_w, contact_w = pubeval_weights()
    assert race_w.shape == contact_w.shape == (122,)
    ptab, pbar, poff = K.pubeval_table(race_w, contact_w)
    rng = np.random.default_rng(4)
    ws = Workspace()
    checked = 0
    pos = Position.initial()
    for _ in range(60):   # positions along a random game, every legal result of each roll
        if pos.is_game_over():
            pos = Position.initial()
        d1, d2 = (int(x) for x in rng.integers(1, 7, size=2))
        b = pos.to_array()
        n = generate(b, d1, d2, 0, *ws.arrays())
        for k in range(n):
            for r in (0, 1):
                got = K.pubeval_score(ws.boards, k, r, ptab, pbar, poff)
                want = pubeval_reference(ws.boards[k], race_w, contact_w, race=(r == 1))
                assert got == pytest.approx(want, abs=1e-9)
                checked += 1
        plays = pos.legal_plays((d1, d2))
        pos = pos.play(plays[int(rng.integers(len(plays)))])
    assert checked > 500


def test_pubeval_player_picks_the_highest_score():
    race_w, contact_w = pubeval_weights()
    ptab, pbar, poff = K.pubeval_table(race_w, contact_w)
    ws = Workspace()
    b = Position.initial().to_array()
    n = generate(b, 3, 1, 0, *ws.arrays())
    k = K.choose(K.PLAYER_PUBEVAL, b, n, 15, np.zeros(4, np.uint64), ws.boards, ptab, pbar, poff,
                 np.zeros(1), np.zeros((22, 7), np.int64), K.no_net())
    scores = [pubeval_reference(ws.boards[i], race_w, contact_w, race=False) for i in range(n)]
    assert k == int(np.argmax(scores))
    after = Position.from_array(ws.boards[k])
    assert after.mine[5] == 2   # pubeval makes the 5-point with 3-1 (8/5 6/5)


# ============================================================================================
# Agreement with exact answers
# ============================================================================================

@pytest.mark.parametrize("mine, theirs", [(4, 6), (6, 5), (12, 3), (2, 11)])
@pytest.mark.parametrize("player", ["random", "heuristic"])
def test_lone_checker_race_matches_exact(mine, theirs, player):
    """R17, R18, R22: one checker each, no choices; P(on roll wins) is exact."""
    pos = Position.from_counts({mine: 1}, {theirs: 1})
    games = 36 * 250
    est = estimate(pos, games=games, player=player, rng=11)
    exact = p_first_finishes(single_checker_rolls(mine, False), single_checker_rolls(theirs, False))
    assert close_to(est.win, exact, games), (est.win, exact)
    assert est.gammon.value == 0 and est.opp_gammon.value == 0   # R23: both have checkers off
    assert est.equity.value == pytest.approx(2 * est.win.value - 1)


@pytest.mark.parametrize("ace_checkers", [4, 8, 12])
def test_entering_against_a_closed_point_matches_exact(ace_checkers):
    """R13, R14: my last checker is on the bar; the opponent's ace point (my 24) is closed,
    so 1-1 does not enter (35 of 36 rolls do); the opponent bears off 2 checkers a roll (4
    on a double) from the ace. I win when my checker comes around and off first."""
    pos = Position.from_counts({25: 1, 0: 14}, {1: ace_checkers})
    games = 36 * 300
    est = estimate(pos, games=games, rng=3, player="random")
    exact = p_first_finishes(single_checker_rolls(25, True), ace_point_rolls(ace_checkers))
    assert 0 < exact < 1
    assert close_to(est.win, exact, games), (est.win, exact)
    # the stratified first roll: only 1-1 fails to enter, and then I need two more rolls
    # (at best 6-6 and any), while 4 checkers come off the ace within two
    if ace_checkers == 4:
        i = ALL_ROLLS.index((1, 1))
        assert est.by_first_roll[i, :3].sum() == 0


def test_bearoff_race_matches_the_one_sided_database():
    """R16-R19: the heuristic bears off like the database (fewest expected rolls, its tie
    rule), so P(on roll wins) = sum_n P(I need n) P(they need >= n), from its distributions."""
    me, them = (2, 0, 1, 0, 2, 1), (0, 2, 0, 3, 0, 1)
    pos = Position.from_counts({p + 1: c for p, c in enumerate(me) if c},
                               {p + 1: c for p, c in enumerate(them) if c})
    db = bearoff.one_sided()
    exact = p_first_finishes(db.distribution(me), db.distribution(them))
    games = 36 * 300
    est = estimate(pos, games=games, rng=5, player="heuristic")
    assert close_to(est.win, exact, games), (est.win, exact)


# ============================================================================================
# Scoring: R23, V1, X1, cube, match play, V4
# ============================================================================================

SURE_WIN = {1: 1}   # my last checker on my ace point: any roll bears it off (R17, R18)


@pytest.mark.parametrize("theirs, kind", [
    ({25: 1, 7: 14}, 3),          # a checker on the bar: backgammon (R23)
    ({19: 15}, 3),                # all in my home board (their 19-24): backgammon
    ({7: 15}, 2),                 # none off, none in my home or on the bar: gammon
    ({0: 1, 19: 14}, 1),          # one checker off: single game
])
def test_forced_result_kinds_r23(theirs, kind):
    pos = Position.from_counts(SURE_WIN, theirs)
    est = estimate(pos, games=72, rng=1)
    assert est.outcomes[kind - 1] == 72 and sum(est.outcomes) == 72
    assert est.win.value == 1.0
    assert est.gammon.value == (1.0 if kind >= 2 else 0.0)
    assert est.backgammon.value == (1.0 if kind == 3 else 0.0)
    assert est.equity.value == kind and est.equity.half_width == 0


@pytest.mark.parametrize("ending, points", [("koks", 3), ("mars", 2), ("oin", 1)])
def test_ending_modes_v1(ending, points):
    pos = Position.from_counts(SURE_WIN, {25: 1, 7: 14})
    assert estimate(pos, Rules.money(ending=ending), games=36).equity.value == points
    assert estimate(pos, Rules.money(ending=ending), games=36, cube=4).equity.value == 4 * points


def test_jacoby_rule_x1():
    pos = Position.from_counts(SURE_WIN, {7: 15})                  # a sure gammon
    jacoby = Rules.money(jacoby=True)
    assert estimate(pos, jacoby, games=36).equity.value == 1       # cube centred: counts single
    assert estimate(pos, jacoby, games=36, cube=2).equity.value == 4               # turned: 2 x 2
    assert estimate(pos, jacoby, games=36, cube=2, cube_turned=False).equity.value == 2  # R29
    assert estimate(pos, Rules.money(), games=36).equity.value == 2


def test_match_equity_r27_r28():
    gammon = Position.from_counts(SURE_WIN, {7: 15})
    rules = Rules.match(7)
    est = estimate(gammon, rules, games=36, away=(5, 4))
    assert est.equity_unit == "match-winning chance"
    assert est.equity.value == pytest.approx(match_equity(3, 4))    # a gammon: 2 points
    assert estimate(gammon, rules, games=36, away=(2, 4)).equity.value == 1.0
    # the trailer wins the Crawford game: both 1-away
    single = Position.from_counts(SURE_WIN, {0: 1, 6: 14})
    assert estimate(single, rules, games=36, away=(2, 1)).equity.value == pytest.approx(0.5)
    # leader reaches 1-away in a normal game: the next game is the Crawford game
    assert estimate(single, rules, games=36, away=(2, 4)).equity.value == pytest.approx(match_equity(1, 4))
    # ... but after the Crawford game, play is post-Crawford
    est = estimate(single, rules, games=36, away=(3, 1), crawford_game=False)
    assert est.equity.value == pytest.approx(match_equity(2, 1, post_crawford=True))
    losing = Position.from_counts({0: 14, 25: 1}, {0: 13, 1: 2})     # the opponent wins next roll
    est = estimate(losing, rules, games=36, away=(4, 3), player="random")
    assert est.win.value == 0.0      # from the bar nothing comes off in one roll (R13, R16)
    assert est.equity.value == pytest.approx(match_equity(4, 2))
    with pytest.raises(RuleViolationError, match="R28"):
        estimate(single, rules, games=36, away=(2, 1), cube=2)
    with pytest.raises(RuleViolationError, match="R27"):
        estimate(single, Rules.money(), games=36, away=(2, 1))


def test_last_roll_draw_v4():
    """The starter bears off its last checker; the other side's final roll draws if it
    bears off everything: one checker on the 6-point comes off with 27 of 36 rolls."""
    pos = Position.from_counts(SURE_WIN, {6: 1, 0: 14})
    rules = Rules.money(last_roll_draw=True)
    est = estimate(pos, rules, games=36 * 200, rng=2)             # starter: the player on roll
    assert est.draw is not None
    # stratified first rolls make my roll irrelevant; the final roll is random
    assert close_to(est.draw, 27 / 36, est.games)
    assert est.draw.value + est.win.value == pytest.approx(1.0)
    assert est.outcome_values[6] == 0.0
    other = estimate(pos, rules, games=72, starter=1 - pos.turn)   # the opponent started
    assert other.win.value == 1.0 and other.draw.value == 0.0
    assert estimate(pos, Rules.money(), games=72).draw is None


def test_final_roll_saves_what_it_can_v4():
    """A failed final roll is judged after it (R23): bearing one checker off saves the gammon.

    The opponent (15 checkers: 2 on their 6-point, 13 on their ace) cannot draw; the rolls
    that can bear a checker off are counted here with the public API (R17-R19)."""
    final = Position.from_counts({6: 2, 1: 13}, {0: 15})      # the opponent's final roll, their view
    saving = sum(1 for roll in ALL_ROLLS
                 if any(final.play(p).theirs[0] > 0 for p in final.legal_plays(roll)))
    assert 20 < saving < 36
    pos = Position.from_counts(SURE_WIN, {6: 2, 1: 13})
    games = 36 * 200
    est = estimate(pos, Rules.money(last_roll_draw=True), games=games, rng=1, player="random")
    assert est.draw.value == 0.0 and est.win.value == 1.0 and est.backgammon.value == 0.0
    assert close_to(Interval(est.outcomes[0] / games, 0, 1), saving / 36, games)   # single games
    assert est.outcomes[0] + est.outcomes[1] == games                             # else gammons


def test_hypergammon_and_variant_checks_x3():
    pos = Position.initial(variant="hypergammon")
    est = estimate(pos, Rules.hypergammon(), games=360, rng=1, player="random")
    assert est.games == 360 and sum(est.outcomes) == 360
    with pytest.raises(RuleViolationError, match="X3"):
        estimate(pos, Rules.money(), games=36)


def test_caucasian_flag_reaches_the_kernel_v5():
    """V5 changes the legal plays, so some play-out must differ under the same dice."""
    pos = Position.initial()
    a = estimate(pos, Rules.money(), games=720, rng=4, player="random")
    b = estimate(pos, Rules.money(caucasian=True), games=720, rng=4, player="random")
    assert a.games == b.games == 720
    assert a.outcomes != b.outcomes


# ============================================================================================
# Players
# ============================================================================================

def test_players_order_of_strength():
    pos = Position.initial()
    est = estimate(pos, games=720, rng=8, player=("heuristic", "random"))
    assert est.win.low > 0.9
    est = estimate(pos, games=720, rng=8, player=("random", "pubeval"))
    assert est.win.high < 0.1
    assert est.players == ("random", "pubeval")
    assert set(PLAYERS) == {"random", "pubeval", "heuristic", "net"}
    est = estimate(pos, games=720, rng=8, player=("net", "random"))
    assert est.win.low > 0.9 and est.players == ("net", "random")


# ============================================================================================
# Variance reduction, reproducibility, parallel runs
# ============================================================================================

def test_each_block_of_36_games_starts_with_every_roll_once():
    pos = Position.initial()
    for g in (36, 36 * 7):
        est = estimate(pos, games=g, rng=13, chunk_size=36, player="random")
        per_roll = est.by_first_roll.sum(axis=1)
        assert per_roll.tolist() == [g // 36] * 36
        assert np.diff(est.trace_games).tolist() == [36] * (g // 36 - 1)   # one block per chunk
    est = estimate(pos, games=36 * 5 + 10, rng=13, chunk_size=180, player="random")
    per_roll = est.by_first_roll.sum(axis=1)
    assert per_roll.min() == 5 and per_roll.max() == 6 and per_roll.sum() == 190
    # R4: an opening roll has no doubles: 30 rolls per block
    est = estimate(pos, games=180, rng=13, opening=True, chunk_size=180, player="random")
    assert est.first_rolls == OPENING_ROLLS
    assert est.by_first_roll.sum(axis=1).tolist() == [6] * 30


def same(a: Estimate, b: Estimate) -> bool:
    return (a.outcomes == b.outcomes and np.array_equal(a.by_first_roll, b.by_first_roll)
            and np.array_equal(a.trace_equity, b.trace_equity) and a.equity == b.equity
            and a.mean_turns == b.mean_turns and a.games == b.games)


def test_same_seed_same_numbers_whatever_runs_it():
    pos = Position.initial()
    kw = dict(games=1000, rng=21, chunk_size=180, player="heuristic")
    one = estimate(pos, **kw)
    assert one.chunks == 6 and one.trace_games.tolist() == [180, 360, 540, 720, 900, 1000]
    assert same(one, estimate(pos, **kw))
    assert same(one, estimate(pos, workers=2, **kw))
    with ThreadPoolExecutor(3) as ex:
        assert same(one, estimate(pos, executor=ex, **kw))
    assert not same(one, estimate(pos, **{**kw, "rng": 22}))


def test_dask_distributed_executor():
    distributed = pytest.importorskip("dask.distributed")
    pos = Position.initial()
    kw = dict(games=720, rng=3, chunk_size=180, player="pubeval")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2,
                            dashboard_address=None) as client:
        on_dask = estimate(pos, executor=client.get_executor(), **kw)
    assert same(on_dask, estimate(pos, **kw))


# ============================================================================================
# Stopping early, progress, the result's display
# ============================================================================================

def counting_stop(after: int, action):
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        if calls["n"] > after:
            return action()
        return False
    return stop


def raise_interrupt():
    raise KeyboardInterrupt


@pytest.mark.parametrize("action", [lambda: True, raise_interrupt], ids=["stop", "ctrl-c"])
def test_stop_returns_the_finished_chunks(action):
    pos = Position.initial()
    kw = dict(games=36 * 10, rng=6, chunk_size=36, player="random")
    full = estimate(pos, **kw)
    part = estimate(pos, stop=counting_stop(3, action), **kw)
    assert part.stopped and not full.stopped
    assert part.games == 3 * 36 and part.chunks == 3
    assert part.trace_equity.tolist() == full.trace_equity[:3].tolist()   # the same first chunks
    assert "STOPPED EARLY" in str(part)


def test_stop_event_and_executor():
    pos = Position.initial()
    ev = threading.Event()
    ev.set()
    est = estimate(pos, games=360, stop=ev, chunk_size=36)
    assert est.stopped and est.games == 0 and math.isnan(est.win.value)
    str(est), est._repr_html_()   # an empty result still shows itself
    with ThreadPoolExecutor(2) as ex:
        est = estimate(pos, games=36 * 40, chunk_size=36, executor=ex, player="random",
                       stop=counting_stop(2, lambda: True))
    assert est.stopped and 0 < est.games < 36 * 40 and est.games % 36 == 0


def test_progress_bar_and_display(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)     # a terminal: tqdm's bar
    pos = Position.initial()
    est = estimate(pos, games=360, chunk_size=180, progress=True, player="pubeval",
                   rules=Rules.money(last_roll_draw=True))
    err = capsys.readouterr().err
    assert "360/360" in err
    text = str(est)
    for word in ("360 games", "pubeval", "win", "gammon", "backgammon", "draw (V4)", "equity",
                 "points per game", "last-roll draw (V4)"):
        assert word in text
    html = est._repr_html_()
    assert html.startswith("<div>") and "<table" in html
    assert "Estimate 360 games" in repr(est)
    assert est.trace_half_width[-1] < est.trace_half_width[0]


def test_interval_helpers():
    iv = wilson_interval(0, 50)
    assert iv.value == 0 and iv.low == 0 and 0 < iv.high < 0.1
    iv = mean_interval([2.0, -1.0], [25, 75])
    assert iv.value == pytest.approx(-0.25)
    s = math.sqrt((25 * 2.25**2 + 75 * 0.75**2) / 99)
    assert iv.half_width == pytest.approx(1.959963984540054 * s / 10)


@pytest.mark.parametrize("level", [0.5, 0.8, 0.9, 0.95, 0.99, 0.999])
def test_interval_levels_follow_the_normal_quantile(level):
    stats = pytest.importorskip("scipy.stats")
    z = stats.norm.ppf(1 - (1 - level) / 2)
    assert normal_quantile(level) == pytest.approx(z, rel=1e-12)
    # Wilson score interval, written out from its formula
    k, n = 37, 120
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    iv = wilson_interval(k, n, confidence_level=level)
    assert (iv.low, iv.high) == pytest.approx((centre - half, centre + half))
    assert iv.confidence_level == level
    iv = mean_interval([1.0, -1.0], [70, 50], confidence_level=level)
    sd = math.sqrt((70 * (1 - 1 / 6) ** 2 + 50 * (-1 - 1 / 6) ** 2) / 119)
    assert iv.half_width == pytest.approx(z * sd / math.sqrt(120))


def test_estimate_intervals_on_request():
    est = estimate(Position.initial(), Rules.money(last_roll_draw=True), games=720, rng=2, player="random")
    for name in ("win", "gammon", "backgammon", "opp_win", "opp_gammon", "opp_backgammon", "draw", "equity"):
        at95 = est.interval(name)
        assert at95 == getattr(est, name)
        at99 = est.interval(name, confidence_level=0.99)
        assert at99.value == at95.value and at99.confidence_level == 0.99
        assert at99.low <= at95.low and at99.high >= at95.high
    assert est.interval("win", confidence_level=0.99).half_width > est.win.half_width
    sd = est.stderr * math.sqrt(est.games)
    assert est.interval("equity", confidence_level=0.9).half_width == pytest.approx(normal_quantile(0.9) * sd
                                                                                    / math.sqrt(est.games))
    assert "(95% CI)" in str(est)
    for bad in (0, 1, 1.5, -0.1, float("nan"), "0.95", True):
        with pytest.raises(EstimateError):
            est.interval("win", confidence_level=bad)
    with pytest.raises(EstimateError):
        est.interval("gamon")
    with pytest.raises(EstimateError, match="V4"):
        estimate(Position.initial(), games=36, rng=1).interval("draw")


# ============================================================================================
# Seeding (rng=) and resuming a run
# ============================================================================================

def test_rng_takes_an_int_a_seed_sequence_or_a_generator():
    pos = Position.initial()
    kw = dict(games=360, chunk_size=180, player="random")
    by_int = estimate(pos, rng=5, **kw)
    assert by_int.seed == 5 and by_int.spawn_key == ()
    assert same(by_int, estimate(pos, rng=np.random.SeedSequence(5), **kw))
    assert same(by_int, estimate(pos, rng=np.int64(5), **kw))
    # a Generator: 128 bits drawn from it seed the run, so the same generator state gives the same run
    a = estimate(pos, rng=np.random.default_rng(9), **kw)
    b = estimate(pos, rng=np.random.default_rng(9), **kw)
    assert same(a, b) and not same(a, by_int)
    g = np.random.default_rng(9)
    g.bytes(16)
    assert not same(a, estimate(pos, rng=g, **kw))          # the generator advanced
    assert same(a, estimate(pos, rng=a.seed, **kw))          # the recorded seed replays the run
    # a spawned SeedSequence keeps its spawn key
    child = np.random.SeedSequence(5).spawn(2)[1]
    c = estimate(pos, rng=child, **kw)
    assert c.seed == 5 and c.spawn_key == (1,) and not same(c, by_int)
    assert same(c, estimate(pos, rng=c.seed_sequence, **kw))
    assert "spawn key (1,)" in str(c)
    # None: fresh entropy, recorded
    fresh = estimate(pos, **kw)
    assert fresh.seed != estimate(pos, **kw).seed
    assert same(fresh, estimate(pos, rng=fresh.seed, **kw))


def test_rng_is_the_one_name_of_the_seed():
    # seed= (rng's old alias) went in 0.2 (CHANGELOG.md): the one name is rng=
    pos = Position.initial()
    with pytest.raises(TypeError, match="seed"):
        estimate(pos, games=72, seed=4, player="random", chunk_size=36)
    with pytest.raises(TypeError, match="seed"):
        estimate(pos, games=72, seed=4, rng=4)


def test_resume_continues_exactly_as_one_longer_run():
    pos = Position.initial()
    kw = dict(rng=17, chunk_size=180, player="pubeval")
    whole = estimate(pos, games=2000, **kw)
    first = estimate(pos, games=1000, **kw)           # ends in a chunk of 100: played again in full
    assert first.chunk_log.partial is not None
    resumed = estimate(pos, games=2000, resume=first, **kw)
    assert same(resumed, whole) and resumed.outcomes == whole.outcomes
    assert resumed.trace_games.tolist() == whole.trace_games.tolist()
    # in two steps, rng and chunk size taken from the previous run, and on two workers
    step = estimate(pos, games=1440, resume=estimate(pos, games=540, **kw), player="pubeval")
    assert same(estimate(pos, games=2000, resume=step, player="pubeval", workers=2), whole)
    # the same number of games again: nothing to play, the same numbers
    assert same(estimate(pos, games=1000, resume=first, **kw), first)
    # a stopped run is filled in
    part = estimate(pos, games=2000, stop=counting_stop(3, lambda: True), **kw)
    assert part.stopped and part.games == 540
    assert same(estimate(pos, games=2000, resume=part, **kw), whole)


@pytest.mark.parametrize("change, word", [
    (dict(player="random"), "player"),
    (dict(rng=18), "rng"),
    (dict(chunk_size=360), "chunk_size"),
    (dict(cube=2), "cube"),
    (dict(rules=Rules.money(jacoby=True)), "rules"),
    (dict(games=900), "at least 1,000"),
])
def test_resume_refuses_a_different_run(change, word):
    pos = Position.initial()
    kw = dict(rng=17, chunk_size=180, player="pubeval", games=1000)
    first = estimate(pos, **kw)
    with pytest.raises(EstimateError, match=word):
        estimate(pos, **{**kw, "games": 2000, **change}, resume=first)
    with pytest.raises(EstimateError, match="position"):
        estimate(pos.play("8/5 6/5"), **{**kw, "games": 2000}, resume=first)
    with pytest.raises(EstimateError):
        estimate(pos, **kw, resume="first")


def test_the_default_player_is_the_net_and_the_display_names_the_players():
    from bgsim.sim.montecarlo import DEFAULT_PLAYER

    pos = Position.initial()
    default = estimate(pos, games=36, rng=1)
    assert DEFAULT_PLAYER == "net" and default.players == ("net", "net")
    assert "players: net vs net" in str(default)
    est = estimate(pos, games=36, rng=1, player=("pubeval", "random"))
    assert "players: pubeval (on roll) vs random" in str(est)
    assert "players: pubeval (on roll) vs random" in est._repr_html_()


@pytest.mark.parametrize("kwargs, error", [
    (dict(games=0), EstimateError),
    (dict(player="wizard"), EstimateError),
    (dict(player=("random",)), EstimateError),
    (dict(chunk_size=100), EstimateError),
    (dict(workers=0), EstimateError),
    (dict(workers=2, executor=ThreadPoolExecutor(1)), EstimateError),
    (dict(cube=3), RuleViolationError),
    (dict(starter=2), EstimateError),
    (dict(rng=-1), EstimateError),
])
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        estimate(Position.initial(), **kwargs)


def test_estimate_shows_its_table_and_convergence_plot_in_a_notebook():
    import xml.etree.ElementTree as ET

    est = estimate(Position.initial(), games=720, rng=3)
    html = est._repr_html_()
    assert html.startswith(est._table().html())
    plot = html[len(est._table().html()):]
    root = ET.fromstring(plot)   # the plot is one well-formed SVG element
    assert root.tag.endswith("svg") and "bgsim-plot" in root.get("class", "")
    # one vertex of the running estimate per trace point
    line = next(el for el in root.iter() if el.tag.endswith("polyline"))
    assert len(line.get("points").split()) == len(est.trace_games)


# ============================================================================================
# Python players: the Python play-out path
# ============================================================================================

#: Short positions, so Python play-outs are quick: a race (about 12 turns), a bear-off (about 9)
#: and a contact position with checkers back (gammons and backgammons happen, R23).
PY_RACE = Position.from_counts({2: 2, 4: 2, 6: 2, 8: 2, 10: 1}, {3: 2, 5: 2, 7: 2, 9: 1, 11: 1})
PY_BEAROFF = Position.from_counts({1: 3, 2: 2, 4: 2, 5: 1, 6: 2}, {1: 2, 2: 2, 3: 3, 5: 1, 6: 2})
PY_CONTACT = Position.from_counts({1: 2, 6: 5, 8: 3, 13: 4, 24: 1}, {2: 1, 4: 3, 6: 4, 8: 3, 13: 2, 20: 2})


def first_play(position, dice, plays):
    """A deterministic custom player (module level, so workers can unpickle it)."""
    return plays[0]


class LastPlay:
    """A deterministic custom player object."""

    def choose_play(self, position, dice, plays):
        return plays[-1]


@pytest.mark.parametrize("pos, rules, kw", [
    (PY_RACE, Rules.money(), {}),
    (PY_CONTACT, Rules.money(), {}),
    (PY_CONTACT, Rules.money(ending="mars", jacoby=True), {}),        # V1, X1
    (PY_RACE, Rules.money(last_roll_draw=True), {}),                  # V4: draws and the final roll
    (PY_CONTACT, Rules.match(5), dict(away=(2, 4))),                  # R27
    (PY_RACE, Rules.money(caucasian=True), dict(starter=1 - PY_RACE.turn)),   # V5, V4's starter
    (Position.from_counts({0: 15}, {1: 1, 24: 2}), Rules.money(), {}),   # over before it starts (R22, R23)
])
def test_python_path_replays_the_compiled_loop_exactly(pos, rules, kw):
    """A Python player choosing as a compiled one does gives identical counts: the same dice,
    first-roll blocks, V4 final roll and R23 outcome kinds, chunk by chunk."""
    from bgsim.players.players import PubevalPlayer

    kw = dict(games=396, rng=3, chunk_size=180, **kw)   # a last chunk of 36: partial chunks too
    compiled = estimate(pos, rules, player="heuristic", **kw)
    python = estimate(pos, rules, player=PubevalPlayer(bearoff=True), **kw)
    assert same(compiled, python)
    assert python.players == ("PubevalPlayer (custom Python player)",) * 2
    assert python.outcome_values == compiled.outcome_values and python.draw == compiled.draw
    # a mixed pair: the named side still chooses in compiled code, with the same random stream
    mixed = estimate(pos, rules, player=("random", PubevalPlayer()), **kw)
    assert same(mixed, estimate(pos, rules, player=("random", "pubeval"), **kw))


def test_the_heuristic_player_class_plays_as_the_name():
    """One name, one player: the class HeuristicPlayer (named_player("heuristic")) replays the
    compiled "heuristic" player's games exactly in the Python loop."""
    from bgsim.players.players import named_player

    kw = dict(games=216, rng=5, chunk_size=72)
    for pos in (PY_CONTACT, PY_BEAROFF):
        python = estimate(pos, player=named_player("heuristic"), **kw)
        assert same(python, estimate(pos, player="heuristic", **kw))
        assert python.players == ("HeuristicPlayer (custom Python player)",) * 2


def test_a_netplayer_subclass_plays_as_the_compiled_net():
    from bgsim.sim.net import NetPlayer

    class Mine(NetPlayer):
        def choose_play(self, game_or_pos, dice, plays):
            return super().choose_play(game_or_pos, dice, plays)

    kw = dict(games=72, rng=4, chunk_size=36)
    assert same(estimate(PY_CONTACT, player=Mine(), **kw), estimate(PY_CONTACT, player="net", **kw))
    assert estimate(PY_CONTACT, player=NetPlayer(), **kw).players == ("net", "net")   # compiled, as before


def two_sample_z(a: Estimate, b: Estimate) -> float:
    """The equity difference of two independent estimates in standard errors."""
    return (a.equity.value - b.equity.value) / math.sqrt(a.stderr ** 2 + b.stderr ** 2)


@pytest.mark.parametrize("pos, name, make", [
    (PY_RACE, "random", lambda: __import__("bgsim").RandomPlayer()),
    (PY_BEAROFF, "heuristic", lambda: __import__("bgsim").HandwrittenPlayer()),
])
def test_python_players_agree_with_the_compiled_ones_statistically(pos, name, make):
    """RandomPlayer and the compiled "random" player are the same player with other random
    numbers; HandwrittenPlayer is another evaluation than the compiled "heuristic" (pubeval and
    the bear-off database), but in a pure bear-off the two play alike. Independent seeds:
    the win chances and equities must agree within 4 standard errors of their difference."""
    games = 2160
    compiled = estimate(pos, games=games, rng=11, player=name)
    python = estimate(pos, games=games, rng=12, player=make())
    assert abs(two_sample_z(compiled, python)) < 4
    p = (compiled.win.value + python.win.value) / 2
    assert abs(compiled.win.value - python.win.value) < 4 * math.sqrt(2 * p * (1 - p) / games)
    assert abs(compiled.mean_turns - python.mean_turns) < 0.5


def test_a_custom_deterministic_player_gives_deterministic_results():
    kw = dict(games=360, rng=8, chunk_size=72)
    a = estimate(PY_CONTACT, player=first_play, **kw)
    assert a.players == ("first_play (custom Python player)",) * 2
    assert same(a, estimate(PY_CONTACT, player=first_play, **kw))
    assert same(a, estimate(PY_CONTACT, player=first_play, workers=2, **kw))     # pickled to workers
    assert same(a, estimate(PY_CONTACT, player=first_play, games=360, resume=estimate(PY_CONTACT, player=first_play,
                                                                                    games=144, rng=8, chunk_size=72)))
    with ThreadPoolExecutor(2) as ex:
        assert same(a, estimate(PY_CONTACT, player=first_play, executor=ex, **kw))
    b = estimate(PY_CONTACT, player=(LastPlay(), first_play), **kw)
    assert b.players == ("LastPlay (custom Python player)", "first_play (custom Python player)")
    assert not same(a, b)
    assert not same(a, estimate(PY_CONTACT, player=first_play, games=360, rng=9, chunk_size=72))


def test_a_random_python_player_is_reseeded_per_chunk():
    """A player with a numpy Generator in ``rng`` plays each chunk with one seeded from the
    run's seed, the chunk and the side: seeded runs are reproducible with any workers."""
    from bgsim.game.drive import RandomPlayer

    player = RandomPlayer(0)
    kw = dict(games=360, rng=5, chunk_size=72)
    a = estimate(PY_RACE, player=player, **kw)
    assert same(a, estimate(PY_RACE, player=RandomPlayer(123), **kw))   # its own seed does not matter
    assert same(a, estimate(PY_RACE, player=player, workers=2, **kw))
    assert same(a, estimate(PY_RACE, player=player, games=360, resume=estimate(PY_RACE, player=player, games=200,
                                                                                rng=5, chunk_size=72)))
    assert player.rng.bit_generator.state == RandomPlayer(0).rng.bit_generator.state   # not used itself


def test_a_player_returning_an_illegal_play_is_named():
    def cheat(position, dice, plays):
        return Position.initial().legal_plays((6, 5))[0]      # 24/13: not a play of this position

    with pytest.raises(EstimateError, match=r"the Python player cheat \(custom Python player\) \(opponent\) "
                                            r"returned 24/13, which is not one of the \d+ legal plays"):
        estimate(PY_CONTACT, games=36, rng=1, player=("heuristic", cheat))
    with pytest.raises(EstimateError, match="returned 'bar/off'"):
        estimate(PY_CONTACT, games=36, rng=1, player=lambda pos, dice, plays: "bar/off")


def test_python_player_settings_are_checked():
    from bgsim.players.players import HeuristicPlayer

    with pytest.raises(EstimateError, match="cannot be pickled"):
        estimate(PY_RACE, games=72, chunk_size=36, workers=2, player=lambda pos, dice, plays: plays[0])
    with ThreadPoolExecutor(2) as ex:    # threads share the player: no pickling needed
        est = estimate(PY_RACE, games=72, chunk_size=36, rng=1, executor=ex, player=lambda pos, dice, plays: plays[0])
    assert same(est, estimate(PY_RACE, games=72, chunk_size=36, rng=1, player=first_play))
    with pytest.raises(EstimateError, match=r"give HeuristicPlayer\(\), not HeuristicPlayer"):
        estimate(PY_RACE, games=36, player=HeuristicPlayer)
    with pytest.raises(EstimateError, match="resume"):     # another player: not the same run
        estimate(PY_RACE, games=72, chunk_size=36, rng=1, player="random",
                 resume=estimate(PY_RACE, games=36, chunk_size=36, rng=1, player=first_play))
    assert estimate(PY_RACE, games=36, rng=1, player=first_play).chunk_size == 180   # DEFAULT_PYTHON_CHUNK_SIZE


def test_python_players_stop_between_games_and_keep_finished_chunks():
    calls = {"n": 0}

    def stop():
        calls["n"] += 1
        return calls["n"] > 60    # in the middle of the second chunk of 36 games

    est = estimate(PY_RACE, games=360, rng=2, chunk_size=36, player=first_play, stop=stop, progress=True)
    assert est.stopped and est.games == 36 and est.chunks == 1
    whole = estimate(PY_RACE, games=360, rng=2, chunk_size=36, player=first_play, resume=est)
    assert same(whole, estimate(PY_RACE, games=360, rng=2, chunk_size=36, player=first_play))


def test_the_display_says_the_results_depend_on_the_players():
    est = estimate(PY_RACE, games=36, rng=1, player=("pubeval", first_play))
    text = str(est)
    assert "players: pubeval (on roll) vs first_play (custom Python player)" in text
    assert ("note: results depend on the players: pubeval (Tesauro's pubeval linear evaluator) vs first_play "
            "(custom Python player); see bgsim.sim.montecarlo.PLAYERS") in text
    assert "results depend on the players" in est._repr_html_()
    assert repr(est).startswith("<Estimate 36 games, pubeval vs first_play (custom Python player): win ")
    same_players = str(estimate(PY_RACE, games=36, rng=1))
    assert ("results depend on the players: net vs net (neural network trained here, see bgsim.players.train); "
            "see bgsim.sim.montecarlo.PLAYERS") in same_players


def test_every_named_player_is_described():
    from bgsim.sim.montecarlo import PLAYER_DESCRIPTIONS, describe_player

    assert set(PLAYER_DESCRIPTIONS) == set(PLAYERS)
    assert describe_player("net (weights.npz)").startswith("neural network with other weights")
    assert describe_player("LastPlay (custom Python player)") == "custom (Python): LastPlay"


# ============================================================================================
# The parts (issue 18): settings checked once, the run's bookkeeping, chunks, workers
# ============================================================================================

def test_the_old_home_still_exports_what_moved():
    from bgsim.sim import compiled_players, estimate_settings, montecarlo
    from bgsim.odds import intervals

    assert montecarlo.Interval is intervals.Interval and montecarlo.wilson_interval is intervals.wilson_interval
    assert montecarlo.mean_interval is intervals.mean_interval
    assert montecarlo.normal_quantile is intervals.normal_quantile
    assert montecarlo.DEFAULT_CHUNK_SIZE == estimate_settings.DEFAULT_CHUNK_SIZE == 1080
    assert montecarlo.DEFAULT_PYTHON_CHUNK_SIZE == estimate_settings.DEFAULT_PYTHON_CHUNK_SIZE == 180
    assert montecarlo.PLAYERS is compiled_players.PLAYERS
    for name in montecarlo.__all__:
        assert getattr(montecarlo, name) is not None


def test_settings_are_checked_once_and_resolved():
    from bgsim.sim.estimate_settings import EstimateSettings

    s = EstimateSettings.from_arguments(Position.initial(), Rules.match(5), games=1000, rng=4, away=(1, 3),
                                        player=("heuristic", first_play), opening=True)
    assert s.players == ("heuristic", "first_play (custom Python player)") and s.in_python
    assert s.chunk_size == 180 and s.chunk_sizes == [180] * 5 + [100]   # DEFAULT_PYTHON_CHUNK_SIZE
    assert s.first_rolls == OPENING_ROLLS and s.crawford_game is True and s.equity_unit == "match-winning chance"
    assert s.job.python is not None and s.job.entropy == 4 and s.stop() is False
    with pytest.raises(EstimateError, match="games must be a whole number >= 1, not 0"):
        EstimateSettings.from_arguments(Position.initial(), games=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.games = 5   # type: ignore[misc]


def test_estimate_builds_its_settings_once(monkeypatch):
    from bgsim.sim.estimate_settings import EstimateSettings

    calls = []
    real = EstimateSettings.from_arguments.__func__

    def counted(cls, *args, **kwargs):
        calls.append(kwargs)
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(EstimateSettings, "from_arguments", classmethod(counted))
    estimate(Position.initial(), games=72, rng=1, player="random", chunk_size=36)
    assert len(calls) == 1 and calls[0]["games"] == 72 and calls[0]["chunk_size"] == 36


def test_the_run_bookkeeping_is_grouped_and_read_through_the_old_names():
    from bgsim.sim.montecarlo import RunInfo

    est = estimate(Position.initial(), games=100, rng=np.random.SeedSequence(6, spawn_key=(2,)), player="random",
                   chunk_size=36)
    assert isinstance(est.run, RunInfo)
    for name in ("seed", "spawn_key", "pool_size", "chunk_size", "chunks", "stopped", "elapsed", "chunk_log"):
        assert getattr(est, name) == getattr(est.run, name), name
        with pytest.raises(AttributeError):
            setattr(est, name, None)
    assert (est.seed, est.spawn_key, est.chunks, est.chunk_size, est.stopped) == (6, (2,), 3, 36, False)
    assert est.chunk_log.sizes == (36, 36, 28) and est.chunk_log.partial is not None
    assert est.seed_sequence.spawn_key == (2,) and est.run.seed_sequence.entropy == 6
    assert "run" not in repr(est) and "RunInfo" not in str(est)


def test_estimates_pickle_and_old_pickles_still_load():
    import pickle

    from bgsim.sim.montecarlo import RunInfo

    est = estimate(Position.initial(), games=100, rng=3, player="random", chunk_size=36)
    back = pickle.loads(pickle.dumps(est))
    assert repr(back) == repr(est) and str(back) == str(est) and back.run == est.run
    # an estimate pickled before the bookkeeping moved into ``run`` kept it at its top level
    old_state = {k: v for k, v in vars(est).items() if k != "run"}
    old_state.update({f.name: getattr(est.run, f.name) for f in dataclasses.fields(RunInfo)})
    old = Estimate.__new__(Estimate)
    old.__setstate__(old_state)
    assert old.run == est.run and str(old) == str(est) and old.chunk_log == est.chunk_log
    resumed = estimate(Position.initial(), games=216, rng=3, player="random", chunk_size=36, resume=old)
    assert same(resumed, estimate(Position.initial(), games=216, rng=3, player="random", chunk_size=36))


def test_a_chunk_depends_only_on_the_seed_and_its_number():
    from bgsim.sim.playouts import PlayoutJob, play_chunk

    job = PlayoutJob.create(Position.initial(), Rules(), ALL_ROLLS, players=(K.PLAYER_RANDOM, K.PLAYER_RANDOM),
                            starter=0, seed=np.random.SeedSequence(9))
    a, ta = play_chunk(job, 2, 72)
    b, tb = play_chunk(job, 2, 72)
    c, _ = play_chunk(job, 3, 72)
    assert np.array_equal(a, b) and ta == tb and not np.array_equal(a, c)
    assert a.shape == (36, K.N_OUTCOMES) and a.sum() == 72 and (a.sum(axis=1) == 2).all()   # whole blocks
    est = estimate(Position.initial(), games=72 * 3, rng=9, player="random", chunk_size=72)
    assert est.chunk_log.totals[2] == tuple(int(x) for x in a.sum(axis=0))


def test_run_chunks_here_in_threads_and_stopped():
    from bgsim.sim.playouts import PlayoutJob
    from bgsim.sim.workers import run_chunks

    job = PlayoutJob.create(Position.initial(), Rules(), ALL_ROLLS, players=(K.PLAYER_RANDOM, K.PLAYER_RANDOM),
                            starter=0, seed=np.random.SeedSequence(9))
    todo = [(k, 36) for k in range(4)]
    here: dict = {}
    cleaned = []
    assert run_chunks(job, todo, finished=here.__setitem__, cleanup=lambda: cleaned.append(1)) is False
    assert sorted(here) == [0, 1, 2, 3] and cleaned == [1]
    threads: dict = {}
    with ThreadPoolExecutor(2) as ex:
        assert run_chunks(job, todo, finished=threads.__setitem__, executor=ex) is False
    assert all(np.array_equal(here[k][0], threads[k][0]) for k in here)
    some: dict = {}
    assert run_chunks(job, todo, finished=some.__setitem__, stop=counting_stop(2, lambda: True)) is True
    assert sorted(some) == [0, 1]


def test_progress_off_a_terminal_is_lines_every_few_seconds(capsys, monkeypatch):
    """Issue 33: with stderr redirected (a log, a pipe, CI) tqdm's carriage returns made one long
    line; now plain lines every PROGRESS_INTERVAL seconds, and nothing for a short run."""
    from bgsim.sim import montecarlo

    assert isinstance(montecarlo.progress_bar(10), montecarlo.LineProgress)     # captured: not a terminal
    estimate(Position.initial(), games=72, rng=1, player="random", progress=True)
    assert capsys.readouterr().err == ""                                          # shorter than the interval
    monkeypatch.setattr(montecarlo, "PROGRESS_INTERVAL", 0.0)
    e = estimate(Position.initial(), games=720, rng=1, player="random", progress=True, chunk_size=360)
    err = capsys.readouterr().err
    assert err.count("\n") >= 2 and "\r" not in err
    assert err.splitlines()[-1].startswith("estimate: 720 of 720 games (100%)") and e.games == 720
