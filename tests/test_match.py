"""Tests of bgsim.game.match: matches to N points and money sessions.

Rule ids: R4, R4b (who starts each game), R22-R26 (results, cube), R27 (a match ends when a
player reaches N), R28 (Crawford and post-Crawford), R29 (automatic doubles), V1 (ending
modes), V2 (cube limit), V3 (resign), V4 (draws), V6 (bankroll), X1 (Jacoby), X2 (beavers),
X3 (hypergammon). Expected scores come from the rules' text (R26: a drop wins the cube
value before the offer; V3: a resignation at the start, with a checker in the winner's
home board and none off, is a backgammon; V6: stake x limit x largest multiplier).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from bgsim import RuleViolationError
from bgsim.game.events import AutomaticDouble, Beaver, Double, Drop, GameState, Move, Take
from bgsim.game.game import Game
from bgsim.game.match import GameSummary, Match, Session
from bgsim.game.drive import RandomPlayer, drive
from bgsim.players.players import HandwrittenPlayer
from bgsim.game.rules import ENDING_MODES, ResultKind, Rules

CUBE_EVENTS = (Double, Take, Drop, Beaver)


# ----------------------------------------------------------------------------- helpers
def open_and_double(game: Game, opening: tuple[int, int], answer: str) -> None:
    """Opening roll, the starter's play, the other's roll and play, then the starter doubles and gets ``answer``.

    The plays are the first legal play of each roll, so the test only fixes the dice.
    """
    game.roll(dice=opening)
    game.play(game.legal_plays()[0])
    game.roll(dice=(6, 4))
    game.play(game.legal_plays()[0])
    game.double()
    getattr(game, answer)()


def first_double_then(game: Game, opening: tuple[int, int], answer: str) -> None:
    """Opening roll and play; the other player doubles at once and gets ``answer`` (take/drop)."""
    game.roll(dice=opening)
    game.play(game.legal_plays()[0])
    game.double()
    getattr(game, answer)()


def independent_points(rules: Rules, game: Game) -> int:
    """A game's points recomputed from the rules' text, not from Game: R23/V1 x cube, X1, R26."""
    r = game.result
    if r.winner is None:
        return 0
    cube = 1
    turned = False
    for ev in game.events:
        if isinstance(ev, AutomaticDouble):    # R29: raises the centred cube without turning it
            cube = ev.cube_value
        elif isinstance(ev, Take):             # R26 (also the doubler taking a beaver, X2)
            cube, turned = ev.cube_value, True
        elif isinstance(ev, Beaver):           # X2: the double is taken and redoubled
            cube, turned = ev.cube_value // 2, True
    if r.how == "drop":                       # R26: the value before the offer, no gammons
        return cube
    mult = ENDING_MODES[rules.ending][int(r.kind) - 1]
    if rules.jacoby and not turned:           # X1
        mult = 1
    return mult * cube


def check_match_invariants(m: Match) -> None:
    """Scores add up, the match ends exactly at N, one Crawford game exactly when due (R27, R28)."""
    n, rules = m.length, m.rules
    sums = m.summaries
    assert m.is_over and len(sums) == len(m.games)
    score = (0, 0)
    crawford_due = None
    for k, (s, game) in enumerate(zip(sums, m.games)):
        assert s.score_before == score
        assert max(score) < n                                      # R27: no game after the end
        pts = independent_points(rules, game)
        assert s.points == pts
        after = list(score)
        if s.winner is not None:
            after[s.winner] += pts
        score = (after[0], after[1])
        assert s.score_after == score
        one_away = (s.score_before[0] == n - 1) != (s.score_before[1] == n - 1)
        if crawford_due is None and rules.crawford and one_away:
            crawford_due = k                                       # R28: the first game after N-1
        assert s.crawford_game == (k == crawford_due)
        if s.crawford_game:
            assert not any(isinstance(e, CUBE_EVENTS) for e in game.events)   # R28: no cube at all
            assert s.result.cube == 1
        assert game.events[0].starter is None if rules.series_starter == "opening_roll" else True   # R4b
    assert m.score == score and max(score) >= n                    # R27: the match ends exactly at N
    assert m.winner == (0 if score[0] >= n else 1) and score[1 - m.winner] < n
    assert sum(1 for s in sums if s.crawford_game) == (1 if crawford_due is not None else 0)


# ----------------------------------------------------------------------------- Crawford (R28)
def test_crawford_game_after_first_reaching_n_minus_1_and_post_crawford_R28():
    m = Match(5, rng=0)
    # Game 1: player 1 resigns at the start: a backgammon (V3), 3 points.
    m.game.resign(player=1)
    assert m.score == (3, 0) and not m.crawford_game
    # Game 2: player 0 doubles, player 1 drops: 1 point (R26) -> 4-0, player 0 is 1 away.
    open_and_double(m.game, (6, 1), "drop")
    assert m.score == (4, 0)
    crawford = m.game
    assert m.crawford_game and crawford.crawford_game                 # R28: the Crawford game
    crawford.roll(dice=(5, 2))
    crawford.play(crawford.legal_plays()[0])
    assert not crawford.can_double()
    with pytest.raises(RuleViolationError, match="R28"):
        crawford.double()
    crawford.resign(player=0)                                          # the leader loses it: 4-3
    assert m.score == (4, 3)
    assert m.post_crawford and not m.crawford_game                     # the next game has the cube back
    nxt = m.game
    assert not nxt.crawford_game
    nxt.roll(dice=(4, 3))
    nxt.play(nxt.legal_plays()[0])
    assert nxt.can_double()                                            # R28: post-Crawford, doubling again
    nxt.double()
    assert nxt.state is GameState.AWAITING_ANSWER


def test_crawford_only_once_even_when_the_other_player_reaches_n_minus_1_R28():
    m = Match(4, rng=1)
    m.game.resign(player=1)                 # 3-0: player 0 is 1 away
    assert m.crawford_game
    m.game.resign(player=0)                 # Crawford game lost by a backgammon: 3-3, both 1 away
    assert m.score == (3, 3) and m.post_crawford
    assert not m.crawford_game              # no second Crawford game (R28)
    g = m.game
    g.roll(dice=(3, 1))
    g.play(g.legal_plays()[0])
    assert g.can_double()


def test_no_crawford_game_without_the_rule_or_when_jumping_past_n_minus_1_R28():
    m = Match(4, Rules.match(4, crawford=False), rng=2)
    m.game.resign(player=1)                 # 3-0
    assert not m.crawford_game                  # 3-0 in a 4-point match, but the rule is off
    g = m.game
    g.roll(dice=(2, 1))
    g.play(g.legal_plays()[0])
    assert g.can_double()                       # the other player may double at once
    m2 = Match(3, rng=3)
    m2.game.resign(player=0)                # 0-3: player 1 jumps from 0 past 2 to 3 and wins
    assert m2.is_over and not any(s.crawford_game for s in m2.summaries)


def test_one_point_match_has_no_crawford_game_R28():
    m = Match(1, rng=4)
    assert not m.crawford_game              # 0-0 in a 1-point match: both "1 away" from the start
    m.play_out()
    assert m.is_over and len(m.games) == 1 and not m.summaries[0].crawford_game


# ----------------------------------------------------------------------------- a worked 5-point match
def test_worked_five_point_match_R26_R27_R28():
    """Alice (player 0) and Bob (player 1); dice scripted with roll(dice=...), scores from R26/V3."""
    m = Match(5, rng=99, names=("Alice", "Bob"))
    # Game 1: Alice wins the opening 3-1; after Bob's 6-4 she doubles, Bob drops: +1 Alice (R26).
    g = m.game
    g.roll(dice=(3, 1))
    assert g.player_on_roll == 0
    g.play("8/5 6/5")
    g.roll(dice=(6, 4)); g.play("24/18 13/9")
    g.double(); g.drop()
    assert m.score == (1, 0)
    # Game 2: Bob wins the opening 2-6 and plays; Alice doubles at once, Bob takes (2, his cube);
    # Alice plays 5-5, Bob redoubles to 4 (R25: the owner), Alice drops: +2 Bob (R26).
    g = m.game
    g.roll(dice=(2, 6)); g.play("24/18 13/11")
    g.double(); g.take()
    assert (g.cube_value, g.cube_owner) == (2, 1)
    g.roll(dice=(5, 5)); g.play(g.legal_plays()[0])
    with pytest.raises(RuleViolationError, match="R25"):
        g.double(player=0)
    g.double(); g.drop()
    assert m.score == (1, 2)
    # Game 3: Alice opens 4-2; Bob doubles at once, Alice drops: +1 Bob. 1-3.
    first_double_then(m.game, (4, 2), "drop")
    assert m.score == (1, 3)
    # Game 4: Bob opens (1-5); Alice doubles, Bob drops: +1 Alice. 2-3.
    first_double_then(m.game, (1, 5), "drop")
    assert m.score == (2, 3)
    # Game 5: Alice opens (6-3); Bob doubles, Alice drops: +1 Bob. 2-4: Bob is 1 away.
    first_double_then(m.game, (6, 3), "drop")
    assert m.score == (2, 4) and not m.post_crawford
    # Game 6, the Crawford game (R28): no double; Bob resigns at the start: a backgammon (V3), +3 Alice.
    g = m.game
    assert g.crawford_game
    g.roll(dice=(5, 4)); g.play(g.legal_plays()[0])
    with pytest.raises(RuleViolationError, match="R28"):
        g.double()
    g.resign(player=1)
    assert g.result.kind is ResultKind.BACKGAMMON and m.score == (5, 4)
    # Alice reached 5: the match is over at once (R27), no seventh game.
    assert m.is_over and m.winner == 0 and len(m.games) == 6
    assert [s.points for s in m.summaries] == [1, 2, 1, 1, 1, 3]
    assert [s.crawford_game for s in m.summaries] == [False] * 5 + [True]
    assert [s.starter for s in m.summaries] == [0, 1, 0, 1, 0, 0]
    with pytest.raises(RuleViolationError, match="R27"):
        m.new_game()


def test_match_ends_exactly_at_n_and_keeps_the_real_score_R27():
    m = Match(5, rng=5)
    open_and_double(m.game, (6, 1), "drop")       # 1-0
    m.game.resign(player=1)                       # backgammon: 4-0
    assert not m.is_over and m.crawford_game
    m.game.resign(player=1)                       # another backgammon in the Crawford game: 7-0
    assert m.is_over and m.score == (7, 0) and m.winner == 0   # not capped at 5 (documented)
    assert m.away() == (0, 5)
    assert m.game is m.games[-1] and m.game.is_over           # no game after the end
    with pytest.raises(RuleViolationError, match="R27"):
        m.new_game()


# ----------------------------------------------------------------------------- series flow (R4, R4b)
@pytest.mark.parametrize("setting", ["opening_roll", "loser", "alternate"])
def test_series_starter_R4b(setting):
    m = Match(9, Rules.match(9, series_starter=setting), rng=6)
    for _ in range(6):
        g = m.game
        drive(g, (RandomPlayer(1, double_rate=0.0), RandomPlayer(2, double_rate=0.0)))
    sums = m.summaries
    for prev, cur, game in zip(sums, sums[1:], m.games[1:]):
        start = game.events[0]
        if setting == "opening_roll":
            assert start.starter is None                      # R4: an opening roll each game
        elif setting == "loser":
            assert start.starter == 1 - prev.winner == cur.starter
        else:
            assert start.starter == 1 - prev.starter == cur.starter


def test_auto_start_and_new_game():
    m = Match(5, rng=7, auto_start=False)
    g = m.game
    assert m.new_game() is g                             # nobody has acted yet: it is the new game
    g.roll(dice=(3, 1))
    with pytest.raises(RuleViolationError, match="still being played"):
        m.new_game()
    g.resign(player=1)
    assert m.game is g and m.score == (3, 0)             # waits for new_game
    g2 = m.new_game()
    assert g2 is m.game and g2 is not g and len(m.games) == 2
    m2 = Match(5, rng=7)
    g = m2.game
    g.resign(player=0)
    assert m2.game is not g and m2.new_game() is m2.game  # auto-started; new_game returns it


def test_play_out_continues_a_game_a_person_started():
    m = Match(3, rng=8)
    g = m.game
    g.roll(dice=(6, 5)); g.play("24/13")
    m.play_out((HandwrittenPlayer(), HandwrittenPlayer()))
    assert m.games[0] is g and g.is_over and m.is_over
    first = g.events
    assert isinstance(first[2], Move) and str(first[2].play) == "24/13"
    check_match_invariants(m)


def test_match_needs_match_rules_and_a_length_R27():
    with pytest.raises(RuleViolationError, match="R27"):
        Match(5, Rules.money())
    with pytest.raises(RuleViolationError, match="R27"):
        Match(5, Rules.match(7))
    with pytest.raises(RuleViolationError, match="R27"):
        Match(0)


def test_replay_checks_the_match_flow_R28_R27():
    m = Match(3, rng=9).play_out()
    games = [g.events for g in m.games]
    again = Match.replay(games, m.rules)
    assert again.score == m.score and [s.crawford_game for s in again.summaries] == \
        [s.crawford_game for s in m.summaries]
    with pytest.raises(RuleViolationError, match="game"):
        Match.replay(games + [games[0]], m.rules)          # a game after the end (R27)
    # A record claiming the Crawford game where there is none is refused.
    start = games[0][0]
    import dataclasses
    tampered = [(dataclasses.replace(start, crawford_game=True),) + tuple(games[0][1:])] + games[1:]
    with pytest.raises(RuleViolationError):
        Match.replay(tampered, m.rules)


# ----------------------------------------------------------------------------- random invariants
@pytest.mark.parametrize("length, rules_kw, count", [
    (3, {}, 120),
    (5, {}, 40),
    (1, {}, 100),
    (4, {"crawford": False}, 40),
    (5, {"series_starter": "loser", "opening": "winner_rolls"}, 30),
    (3, {"ending": "mars", "cube_limit": 4, "last_roll_draw": True}, 40),
    (3, {"caucasian": True, "series_starter": "alternate"}, 30),
])
def test_random_matches_keep_every_invariant_R27_R28(length, rules_kw, count):
    rules = Rules.match(length, **rules_kw)
    for seed in range(count):
        rng = np.random.default_rng(seed)
        m = Match(length, rules, rng=rng, players=(RandomPlayer(rng), RandomPlayer(rng)))
        m.play_out()
        check_match_invariants(m)


def test_thousands_of_hypergammon_matches_X3_R27_R28():
    crawford_seen = 0
    for seed in range(1000):
        rules = Rules.hypergammon(match_length=(seed % 5) + 1)
        m = Match(rules.match_length, rules, rng=seed).play_out()
        check_match_invariants(m)
        crawford_seen += any(s.crawford_game for s in m.summaries)
        for g in m.games:
            assert all(sum(p.mine) == sum(p.theirs) == 3 for p in g.positions())   # X3
    assert crawford_seen > 60


# ----------------------------------------------------------------------------- money sessions (V6)
def test_bankroll_refusal_V6():
    rules = Rules.short_backgammon()                     # cube limit 64, Koks: 1/2/3
    need = 10 * 64 * 3
    assert rules.largest_loss(10) == need
    with pytest.raises(RuleViolationError, match="V6"):
        Session(rules, stakes=10, bankrolls=(need - 1, need))
    with pytest.raises(RuleViolationError, match="V6") as exc:
        Session(rules, stakes=10, bankrolls=(need, need - 1))
    assert str(exc.value).startswith("Dark cannot sit down")
    assert Session(rules, stakes=10, bankrolls=(need, need)).can_continue
    # The ending mode's largest multiplier (V1): Mars 2, Oin 1.
    assert Session(Rules.money(cube_limit=8, ending="mars"), stakes=2, bankrolls=(32, 32)).can_continue
    with pytest.raises(RuleViolationError, match="V6"):
        Session(Rules.money(cube_limit=8, ending="mars"), stakes=2, bankrolls=(31, 32))
    assert Session(Rules.money(cube_limit=8, ending="oin"), stakes=2, bankrolls=(16, 16)).can_continue
    # An unlimited cube (V2) can never be covered; without bankrolls there is no check.
    with pytest.raises(RuleViolationError, match="V6"):
        Session(Rules.money(), bankrolls=(10**9, 10**9))
    assert Session(Rules.money()).can_continue


def test_session_stops_when_a_balance_no_longer_covers_V6():
    rules = Rules.money(cube_limit=2)                    # largest loss: stake x 2 x 3 = 6
    s = Session(rules, stakes=1, bankrolls=(8, 100), rng=1)
    s.game.resign(player=0)                              # a backgammon at the start: -3 -> 5 < 6
    assert s.balances == (5, 103)
    assert not s.can_continue and "V6" in s.refusal and s.game.is_over
    with pytest.raises(RuleViolationError, match="V6"):
        s.new_game()


def test_session_balances_add_up_V6():
    rules = Rules.short_backgammon(cube_limit=8)
    stake = Fraction(5, 2)
    bank = (200, 150)
    need = rules.largest_loss(stake)
    for seed in range(6):
        rng = np.random.default_rng(seed)
        s = Session(rules, stakes=stake, bankrolls=bank, rng=rng, players=(RandomPlayer(rng), RandomPlayer(rng)))
        s.play_out()                                     # until a seat is refused
        assert s.seat_problem() is not None and "V6" in s.refusal
        points = [0, 0]
        for summary, game in zip(s.summaries, s.games):
            balance = [bank[p] + (points[p] - points[1 - p]) * stake for p in (0, 1)]
            assert min(balance) >= need                  # V6 held when each game started
            assert summary.points == independent_points(rules, game)
            if summary.winner is not None:
                points[summary.winner] += summary.points
            assert summary.score_after == tuple(points)
        assert s.points == tuple(points)
        assert sum(s.balances) == sum(bank)              # money only changes hands
        assert s.balances[0] == bank[0] + (points[0] - points[1]) * stake


@pytest.mark.parametrize("rules", [
    Rules.money(automatic_doubles=2, cube_limit=32),
    Rules.money(jacoby=True, cube_limit=16),
    Rules.money(beavers=True, cube_limit=64),
    Rules.money(jacoby=True, beavers=True, automatic_doubles=1, cube_limit=8, ending="oin"),
    Rules.short_backgammon(last_roll_draw=True, caucasian=True),
])
def test_money_options_in_sessions_R29_X1_X2_V4(rules):
    games = 0
    for seed in range(20):
        rng = np.random.default_rng(seed)
        s = Session(rules, stakes=1, bankrolls=None, rng=rng,
                    players=(RandomPlayer(rng, beaver_rate=0.5), RandomPlayer(rng, beaver_rate=0.5)))
        s.play_out(games=5)
        assert len(s.summaries) == 5
        for summary, game in zip(s.summaries, s.games):
            assert summary.points == independent_points(rules, game)          # R23, R26, V1, X1
            assert game.cube_value <= rules.cube_limit                         # V2 (R29 and X2 stop there)
        assert sum(s.balances) == 0 and s.net[0] == s.points[0] - s.points[1]
        games += 5
    assert games == 100


def test_thousand_money_games_per_preset_keep_the_books():
    for rules, count in ((Rules.money(), 200), (Rules.short_backgammon(), 200), (Rules.hypergammon(), 1200)):
        s = Session(rules, stakes=3, rng=count)
        s.play_out(games=count)
        pts = [0, 0]
        for summary, game in zip(s.summaries, s.games):
            assert summary.points == independent_points(rules, game)
            if summary.winner is not None:
                pts[summary.winner] += summary.points
        assert s.points == tuple(pts) and s.balances == ((pts[0] - pts[1]) * 3, (pts[1] - pts[0]) * 3)
        if rules.series_starter == "loser":                                   # R4b in sessions too
            for prev, game in zip(s.summaries, s.games[1:]):
                if prev.winner is not None:
                    assert game.events[0].starter == 1 - prev.winner


def test_session_needs_money_rules_and_sane_arguments():
    with pytest.raises(RuleViolationError, match="R27"):
        Session(Rules.match(5))
    with pytest.raises(ValueError):
        Session(stakes=0)
    with pytest.raises(ValueError):
        Session(bankrolls=(10,))
    with pytest.raises(ValueError):
        Session(rules=Rules.money(cube_limit=2), bankrolls=(-1, 5))
    with pytest.raises(ValueError, match="games="):
        Session().play_out()


def test_session_replay_and_summary_type():
    s = Session(Rules.money(cube_limit=4), rng=3).play_out(games=3)
    again = Session.replay([g.events for g in s.games], s.rules)
    assert again.points == s.points and all(isinstance(x, GameSummary) for x in again.summaries)


# ----------------------------------------------------------------------------- bad input and views
def test_bad_match_and_session_arguments_are_bgsim_errors():
    from bgsim import BgsimError
    from bgsim.engine.errors import InvalidSettingError

    for length in (-1, 0, 2.5, "3", True, None):
        with pytest.raises(BgsimError, match="R27"):
            Match(length)  # type: ignore[arg-type]
    assert Match(np.int64(3)).length == 3
    for names in (("a:b", "c"), ("a", ""), ("a", " b"), ("a\nb", "c"), ("a",), "ab", ("a", 3), 5):
        with pytest.raises(InvalidSettingError):
            Match(3, names=names)
        with pytest.raises(InvalidSettingError):
            Session(names=names)
    for stakes in (float("nan"), float("inf"), -1, 0, -0.5, "1", None, True):
        with pytest.raises(InvalidSettingError, match="stakes"):
            Session(stakes=stakes)  # type: ignore[arg-type]
    for bankrolls in ((float("nan"), 5), (5, float("inf")), (-1, 5), (5,), "ab", 5, ("1", 2)):
        with pytest.raises(InvalidSettingError):
            Session(Rules.money(cube_limit=2), bankrolls=bankrolls)
    for rng in (-1, "x"):
        with pytest.raises(InvalidSettingError, match="rng"):
            Match(3, rng=rng)
        with pytest.raises(InvalidSettingError, match="rng"):
            Session(rng=rng)
    with pytest.raises(InvalidSettingError, match="two players"):
        Match(3, players=(RandomPlayer(0),))
    with pytest.raises(InvalidSettingError, match="two players"):
        Match(3).play_out(players=(RandomPlayer(0),) * 3)
    with pytest.raises(InvalidSettingError, match="games"):
        Session().play_out(games=-1)
    with pytest.raises(InvalidSettingError, match="games"):
        Session().play_out(games=1.5)  # type: ignore[arg-type]


def test_reading_a_series_never_changes_it():
    m = Match(5, rng=3, auto_start=False)
    m.game.resign(player=0)                       # a backgammon: 0-3
    before = (len(m.games), m.summaries, m.score)
    for _ in range(3):                            # every getter, several times
        _ = (m.score, m.games, m.game, m.summaries, m.is_over, m.winner, m.crawford_game, m.post_crawford,
             m.away())
        repr(m); m.record()
    assert (len(m.games), m.summaries, m.score) == before == (1, before[1], (0, 3))
    game2 = m.new_game()                          # the transition is explicit
    assert len(m.games) == 2 and m.game is game2
    s = Session(Rules.money(cube_limit=2), bankrolls=(20, 20), rng=1, auto_start=False)
    s.game.resign(player=1)
    before = (len(s.games), s.points, s.balances)
    for _ in range(3):
        _ = (s.points, s.score, s.net, s.balances, s.refusal, s.can_continue, s.games, s.game, s.summaries)
        repr(s); s.record()
    assert (len(s.games), s.points, s.balances) == before
    s.new_game()
    assert len(s.games) == 2


def test_the_series_scores_a_game_the_moment_it_ends():
    m = Match(5, rng=3)                           # auto_start: the next game starts at once
    game1 = m.game
    game1.roll(dice=(3, 1)); game1.play("8/5 6/5")
    assert len(m.summaries) == 0 and m.score == (0, 0)
    game1.double(); game1.drop()                  # player 1 doubles, player 0 drops (R26)
    assert m.summaries[0].result is game1.result and m.score == (0, 1)
    assert len(m.games) == 2 and m.game is not game1 and len(m.game.events) == 1


def test_match_subscribe_follows_every_game():
    m = Match(3, rng=2)
    seen = []
    stop = m.subscribe(seen.append)
    m.play_out((HandwrittenPlayer(), HandwrittenPlayer()))
    assert seen == [ev for g in m.games for ev in g.events][1:]   # the first GameStart came before subscribing
    stop()
    n = len(seen)
    m2 = Match.replay([g.events for g in m.games], m.rules)
    assert m2.score == m.score and len(seen) == n


def test_session_record_after_play_out_holds_exactly_n_games():
    s = Session(Rules.money(cube_limit=4), rng=5).play_out(games=3)
    assert len(s.record().games) == 3 and len(s.games) == 3
    s.new_game()
    assert len(s.games) == 4


def test_carry_over_of_automatic_doubles_seed_004_R29():
    rules = Rules.money(automatic_doubles=1, carry_over=True)
    s = Session(rules, rng=1, auto_start=False)
    g = s.game
    g.roll(dice=(3, 3)); g.roll(dice=(5, 5)); g.roll(dice=(2, 2)); g.roll(dice=(6, 1))
    assert g.cube_value == 2 and g.carried_doubles == 2
    g.resign(player=1)
    nxt = s.new_game()
    assert nxt.cube_value == 4 and nxt.cube_owner is None
    with pytest.raises(RuleViolationError, match="R29"):
        Rules.money(carry_over=True)
    assert Session.replay([x.events for x in s.games], rules).games[-1].cube_value == 4
