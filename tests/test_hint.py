"""Hints (issue 20, item 2): every legal play ranked by a player's evaluation, and rollouts of the best.

The 0-ply ranking must be the exhaustive one: each legal play's result evaluated here, by the
same network, from the mover's side. Rollouts use common random numbers: their intervals
must cover a longer independent run's values (tolerance from both runs' sampling error) and
be narrower than two independent runs would give.
"""

from __future__ import annotations

import json
import math
import re

import pytest

import bgsim
from bgsim import Game, Position, Rules
from bgsim.sim import gnubg_player
from bgsim.cli.main import main
from bgsim.engine.errors import HintError, MissingExtraError
from bgsim.players.hint import PlayRanking, RankedPlay, cube_hint, rank_plays
from bgsim.sim.net import Net
from bgsim.game.rules import result_kind
from bgsim.sim.strength import player_strength

RACE = Position.from_counts({8: 3, 7: 3, 6: 3, 5: 3, 4: 3}, {9: 3, 7: 3, 6: 3, 5: 3, 4: 1, 3: 2})   # 90 vs 91 pips
CONTACT = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
BEAROFF_WIN = Position.from_counts({2: 1, 1: 1}, {6: 5, 5: 5, 4: 5})    # 2-1 bears both off at once (R22)
ON_BAR = Position.from_counts({25: 1, 6: 4, 8: 3, 13: 5, 24: 2}, {2: 2, 3: 2, 4: 2, 6: 5, 8: 2, 13: 2})

CASES = [(Position.initial(), (3, 1)), (Position.initial(), (6, 4)), (Position.initial(), (2, 2)),
         (CONTACT.swap(), (5, 2)), (RACE, (6, 5)), (RACE, (1, 1)), (BEAROFF_WIN, (2, 1)), (BEAROFF_WIN, (6, 6)),
         (ON_BAR, (4, 3))]


def exhaustive(position: Position, dice, net: Net) -> list[tuple[str, float]]:
    """Every legal play with the mover's cubeless equity after it, evaluated here one by one."""
    out = []
    for play in position.legal_plays(dice):
        after = play.after
        if after.is_game_over():
            kind = int(result_kind(after, loser=after.turn))
            eq = float(kind)
        else:
            e = net.evaluate(after)            # the opponent on roll: its equity, negated
            eq = -e.equity
        out.append((str(play), eq))
    return out


@pytest.mark.parametrize("position, dice", CASES)
def test_rank_plays_is_the_exhaustive_ranking_by_the_same_evaluation(position, dice):
    ranking = rank_plays(position, dice)
    mine = exhaustive(position, dice, Net())
    assert len(ranking) == len(mine) == len(position.legal_plays(dice))
    by_play = dict(mine)
    assert {str(r.play) for r in ranking} == set(by_play)
    for r in ranking:
        assert r.equity == pytest.approx(by_play[str(r.play)], abs=1e-9)
        assert r.equity == pytest.approx(2 * r.win - 1 + r.win_gammon - r.lose_gammon
                                         + r.win_backgammon - r.lose_backgammon, abs=1e-9)
        assert r.interval is None and not r.rolled_out
    equities = [r.equity for r in ranking]
    assert equities == sorted(equities, reverse=True)
    assert ranking.best.equity == pytest.approx(max(e for _, e in mine))
    assert [r.rank for r in ranking] == list(range(1, len(ranking) + 1))
    assert ranking.best.loss == 0.0 and all(r.loss >= 0 for r in ranking)
    for r in ranking:
        assert r.loss == pytest.approx(ranking.best.equity - r.equity, abs=1e-12)


def test_a_play_that_bears_off_the_last_checker_wins_at_once_R22():
    ranking = rank_plays(BEAROFF_WIN, (2, 1))
    assert str(ranking.best.play) == "2/off 1/off"
    assert (ranking.best.win, ranking.best.equity) == (1.0, 2.0)   # they have none off: a gammon (R23)
    assert ranking.best.win_gammon == 1.0


def test_the_ranking_is_a_sequence_with_its_settings():
    r = rank_plays(Position.initial(), (6, 5))
    assert isinstance(r, PlayRanking) and isinstance(r[0], RankedPlay)
    assert r.player == "net" and r.dice == (6, 5) and r.position == Position.initial() and r.rollout is None
    assert r.best is r[0] and list(r)[1:] == list(r[1:])
    assert str(r.rank_of("24/13").play) == "24/13"
    with pytest.raises(HintError):
        r.rank_of(Position.initial().legal_plays((3, 1))[0])


def test_text_html_and_json():
    r = rank_plays(Position.initial(), (3, 1))
    text = str(r)
    assert text.startswith("Hint: 3-1, 16 legal plays")
    assert "8/5 6/5" in text.splitlines()[3]
    ppg, half = player_strength("net").quoted       # the recorded measurement, shown with three decimals
    assert f"Player strength: net, {ppg:+.3f} +- {half:.3f} points per game against gnubg's 0-ply player" in text
    assert "<table" in r._repr_html_() and "Player strength" in r._repr_html_()
    # every cell pads itself: inside a widget (lesson 11) no notebook style spaces the columns
    cells = re.findall(r"<t[hd] style='([^']*)'", r._repr_html_())
    assert len(cells) == (16 + 1) * 10 and all("padding" in c for c in cells)   # a header and 16 plays, 10 columns
    d = json.loads(json.dumps(r.to_dict()))
    assert d["player"] == "net" and d["dice"] == [3, 1] and d["rollout"] is None
    assert d["plays"][0]["play"] == "8/5 6/5" and d["plays"][0]["rank"] == 1 and d["plays"][0]["loss"] == 0.0
    assert d["gnubg_id"] == Position.initial().gnubg_id()


# ------------------------------------------------------------------------------------ rollouts
def test_rollout_settings_and_reproducibility():
    a = rank_plays(RACE, (6, 5), rollout=True, candidates=3, games=360, rng=4)
    b = rank_plays(RACE, (6, 5), rollout=360, candidates=3, rng=4)
    assert a.rollout.games == 360 and a.rollout.seed == 4 and a.rollout.player == "net"
    assert a.rollout.candidates == 3
    assert [(str(r.play), r.equity) for r in a] == [(str(r.play), r.equity) for r in b]
    rolled = [r for r in a if r.rolled_out]
    assert len(rolled) == 3 and all(r.rolled_out for r in a[:3]) and not any(r.rolled_out for r in a[3:])
    assert a.best.interval.value == 0.0 and a.best.loss == 0.0
    assert all(r.loss >= 0 for r in a)
    assert [r.equity for r in rolled] == sorted((r.equity for r in rolled), reverse=True)
    for r in rolled[1:]:
        assert r.interval.low <= r.loss <= r.interval.high
    assert "rolled out by net, 360 games each, same dice for every candidate, seed 4" in str(a)
    assert "the rollout intervals cover the dice only" in str(a)


def test_rollout_intervals_cover_a_longer_runs_values():
    short = rank_plays(RACE, (6, 5), rollout=True, candidates=3, games=720, rng=11)
    long = rank_plays(RACE, (6, 5), rollout=True, candidates=3, games=5760, rng=12)
    long_by_play = {str(r.play): r for r in long if r.rolled_out}
    best_long = long.best
    for r in short:
        if not r.rolled_out:
            continue
        lr = long_by_play[str(r.play)]
        # the candidate's own equity: the longer run's value within the short interval, widened by
        # the longer run's own sampling error
        hw = lr.equity_interval.half_width
        assert r.equity_interval.low - hw <= lr.equity <= r.equity_interval.high + hw
        # the difference to the short run's best, as the longer run measures it; the longer run's
        # own error of that difference: its paired intervals are to its own best play, so the
        # difference of two of them is within the sum of their half widths
        if r.rank > 1:
            sb = long_by_play[str(short.best.play)]
            d_long = sb.equity - lr.equity
            hw_long = sum(x.interval.half_width for x in (sb, lr) if x is not best_long)
            assert r.interval.low - hw_long - 0.01 <= d_long <= r.interval.high + hw_long + 0.01


def test_common_random_numbers_give_narrower_intervals_than_independent_runs():
    r = rank_plays(RACE, (6, 5), rollout=True, candidates=3, games=1440, rng=3)
    best = r.best
    for x in r[1:3]:
        independent = math.hypot(best.equity_interval.half_width, x.equity_interval.half_width)
        assert x.interval.half_width < 0.6 * independent, (x.interval.half_width, independent)


def test_contact_rollout_runs_and_intervals_cover_the_loss():
    r = rank_plays(Position.initial(), (4, 3), rollout=True, candidates=2, games=144, rng=1)
    assert r[1].rolled_out and r[1].interval.low <= r[1].loss <= r[1].interval.high
    assert r[1].interval.half_width > 0


# ------------------------------------------------------------------------------------ refusals
@pytest.mark.parametrize("call, fragment", [
    (lambda: rank_plays(Position.initial(), (7, 1)), "7"),
    (lambda: rank_plays(Position.initial(), (3, 1), player="heuristic"), "does not evaluate positions"),
    (lambda: rank_plays(Position.initial(), (3, 1), player="wizard"), "a hint's player is one of net, gnubg"),
    (lambda: rank_plays(Position.initial(), (3, 1), rollout=True, candidates=0), "candidates must be"),
    (lambda: rank_plays(Position.initial(), (3, 1), rollout=True, games=0), "games must be"),
    (lambda: rank_plays(Position.initial(), (3, 1), rollout=10, games=20), "disagree"),
    (lambda: rank_plays(Position.initial(), (3, 1), rollout=True, rng=-1), "rng must be"),
    (lambda: rank_plays(Position.from_counts({0: 15}, {6: 15}), (3, 1)), "R22"),
    (lambda: rank_plays(Position.initial(variant="hypergammon"), (3, 1)), "X3"),
])
def test_bad_input_is_a_hint_error(call, fragment):
    with pytest.raises(HintError, match=fragment):
        call()


def test_gnubg_missing_names_the_extra(monkeypatch):
    monkeypatch.setattr(gnubg_player, "_gnubg", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'bgsim\[gnubg\]'"):
        rank_plays(Position.initial(), (3, 1), player="gnubg")
    with pytest.raises(MissingExtraError, match="gnubg-nn"):
        bgsim.estimate(Position.initial(), games=36, player="gnubg")


# ------------------------------------------------------------------------------------ the game
def test_rank_plays_of_a_game_ranks_the_dice_just_rolled():
    g = Game(starter=0)
    with pytest.raises(HintError, match=r"must roll before playing.*\(R5, R25\)") as info:
        rank_plays(g)
    assert info.value.rule == "R5, R25"
    g.roll(dice=(6, 4))
    h = rank_plays(g)
    assert h.dice == (6, 4) and [str(r.play) for r in h] == [str(r.play) for r in rank_plays(Position.initial(), (6, 4))]
    g.play(h.best.play)
    with pytest.raises(HintError):
        rank_plays(g)


def test_the_position_and_the_game_know_no_player():
    # Analysis is a client of the value, as engine.analyse(board) is in python-chess: the entry
    # points are bgsim.rank_plays(position, dice) (or a game) and bgsim.cube_hint(game), and no
    # registry lets the engine or the game call up into the players (docs/architecture.md).
    import bgsim.engine.position as position_module

    assert not hasattr(Position, "rank_plays") and not hasattr(Game, "hint") and not hasattr(Game, "cube_hint")
    assert not hasattr(position_module, "register_analysis")
    assert bgsim.rank_plays is rank_plays and bgsim.cube_hint(Game(starter=0)).action == "No double, take"


def test_rank_plays_of_a_game_refuses_a_finished_game():
    g = Game(Rules.money(), starter=0)
    g.double()
    g.drop()
    with pytest.raises(HintError, match="no play to rank"):
        rank_plays(g)


# ------------------------------------------------------------------------------------ gnubg
needs_gnubg = pytest.mark.skipif(not gnubg_player.available(), reason="the optional gnubg-nn is not installed")


@needs_gnubg
def test_gnubg_board_matches_gnubgs_own_reading_of_the_position_id():
    g = gnubg_player.require()
    for pos in (Position.initial(), CONTACT.swap(), ON_BAR, RACE):
        assert [list(row) for row in g.board_from_position_id(pos.gnubg_id())] == gnubg_player.gnubg_board(pos)


@needs_gnubg
@pytest.mark.parametrize("position, dice", CASES[:5])
def test_gnubg_ranking_is_the_exhaustive_ranking_by_gnubg(position, dice):
    player = gnubg_player.GnubgPlayer()
    ranking = rank_plays(position, dice, player="gnubg")
    assert ranking.player == "gnubg"
    assert "gnubg, the reference player itself" in str(ranking)
    for r in ranking:
        after = r.play.after
        expected = float(int(result_kind(after, loser=after.turn))) if after.is_game_over() \
            else -player.evaluate(after).equity
        assert r.equity == pytest.approx(expected, abs=1e-6)
    assert [r.equity for r in ranking] == sorted((r.equity for r in ranking), reverse=True)
    chosen = player.choose_play(position, dice, position.legal_plays(dice))
    assert ranking.best.equity == pytest.approx(ranking.rank_of(chosen).equity, abs=1e-9)


@needs_gnubg
def test_gnubg_plays_out_in_estimates_and_rollouts():
    est = bgsim.estimate(RACE, games=72, rng=1, player="gnubg")
    assert est.players == ("gnubg", "gnubg") and est.games == 72
    assert "gnubg's 0-ply network" in str(est)
    r = rank_plays(RACE, (6, 5), player="gnubg", rollout=True, candidates=2, games=72, rng=1)
    assert r.rollout.player == "gnubg" and r[1].interval is not None


# ------------------------------------------------------------------------------------ command line
def test_cli_hint(capsys):
    assert main(["hint", "start", "31"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hint: 3-1, 16 legal plays") and " 1  8/5 6/5" in out and "Player strength: net" in out
    assert main(["hint", "start", "31", "--json", "--top", "2"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [p["play"] for p in d["hint"]["plays"]] == ["8/5 6/5", d["hint"]["plays"][1]["play"]]
    assert len(d["hint"]["plays"]) == 2 and d["hint"]["player"] == "net"


def test_cli_hint_rollout(capsys):
    assert main(["hint", RACE.gnubg_id(), "65", "--rollout", "72", "--candidates", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "rolled out by net, 72 games each" in out and "seed 3" in out


def test_cli_hint_uses_the_dice_of_an_xgid(capsys):
    assert main(["hint", "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10"]) == 0
    assert "Hint: 3-1" in capsys.readouterr().out


@pytest.mark.parametrize("argv, fragment", [
    (["hint", "start"], "give the roll"),
    (["hint", "start", "31", "--player", "heuristic"], "does not evaluate positions"),
    (["hint", "start", "31", "--top", "0"], "--top"),
    (["hint", "start", "31", "--rollout", "0"], "rollout"),
])
def test_cli_hint_bad_input(capsys, argv, fragment):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("bgsim: ") and fragment in err and len(err.strip().splitlines()) == 1


# ------------------------------------------------------------------------------------ pictures
def test_svg_draws_a_hints_top_plays_as_ranked_arrows():
    from bgsim import svg
    from bgsim.engine.errors import ViewError

    pos = Position.initial()
    top = [r.play for r in rank_plays(pos, (4, 3))[:3]]
    picture = svg.board(pos, dice=(4, 3), arrows=top)
    for k in (1, 2, 3):
        assert f'class="hint-arrows" data-rank="{k}"' in picture
    group = picture[picture.index('data-rank="1"'):]
    group = group[:group.index("</g></g>") + 4]
    assert group.count('class="step"') == len(top[0].steps)
    assert picture.index('data-rank="3"') < picture.index('data-rank="1"')      # the best on top
    assert picture != svg.board(pos, dice=(4, 3), arrows=top[:2])
    assert 'hint-arrows' not in svg.board(pos, dice=(4, 3))
    with pytest.raises(ViewError, match="another position"):
        svg.board(RACE, arrows=top)
    with pytest.raises(ViewError, match="a list of plays"):
        svg.board(pos, arrows=top[0])
    with pytest.raises(ViewError, match="at most 9"):
        svg.board(pos, arrows=list(pos.legal_plays((4, 3)))[:10])


# ------------------------------------------------------------------------------ 1-ply
@pytest.mark.parametrize("position, dice", [(Position.initial(), (6, 4)), (ON_BAR, (4, 3)), (RACE, (6, 5)),
                                            (BEAROFF_WIN, (2, 1))])
def test_1ply_ranking_is_every_result_judged_one_roll_deeper(position, dice):
    """plies=1: each play's equity is the network's 1-ply judgement of its result, turned to the mover
    (Net.evaluate(plies=1) itself is checked against a plain reading in test_net_ply.py)."""
    net = Net()
    ranking = rank_plays(position, dice, plies=1)
    assert ranking.plies == 1 and ranking.judge_name == "net 1-ply"
    for r in ranking:
        after = r.play.after
        if after.is_game_over():
            assert r.equity == int(result_kind(after, loser=after.turn))
        else:
            assert r.equity == pytest.approx(-net.evaluate(after, plies=1).equity, abs=1e-9)
    assert [r.equity for r in ranking] == sorted((r.equity for r in ranking), reverse=True)
    assert "1-ply" in str(ranking) and ranking.to_dict()["plies"] == 1
    assert "net 1-ply" in ranking.strength_text()


def test_1ply_needs_plies_0_or_1_and_cli_takes_it(capsys):
    with pytest.raises(HintError, match="plies is 0"):
        rank_plays(Position.initial(), (3, 1), plies=2)
    assert main(["hint", Position.initial().gnubg_id(), "31", "--plies", "1", "--top", "1"]) == 0
    out = capsys.readouterr().out
    assert "net, 1-ply" in out and "8/5 6/5" in out


def test_netplayer_1ply_chooses_the_best_play_one_roll_deeper():
    from bgsim import NetPlayer
    from bgsim.engine.errors import InvalidSettingError

    pos, dice = Position.initial(), (6, 4)
    plays = pos.legal_plays(dice)
    player = NetPlayer(plies=1)
    chosen = player.choose_play(pos, dice, plays)
    deeper = rank_plays(pos, dice, plies=1)
    # the 1-ply player judges again the best plays at 0-ply (bgsim.sim._net_ply.KEEP, WINDOW): its
    # choice is the best at 1-ply among those
    kept = [r.play for r in rank_plays(pos, dice)][:8]
    assert chosen in kept
    assert deeper.rank_of(chosen).equity == max(deeper.rank_of(p).equity for p in kept
                                                if rank_plays(pos, dice).rank_of(p).loss <= 0.16)
    assert repr(player).endswith("plies=1)")
    with pytest.raises(InvalidSettingError, match="plies is 0"):
        NetPlayer(plies=2)


# ------------------------------------------------------------------ exact where exact is known (issue 33, item 3)
BEAROFF = Position.from_counts({1: 1, 2: 2, 4: 1, 5: 1, 6: 1}, {3: 2, 5: 1})   # the net played 6/3 2/off here


def test_the_hint_judges_a_bear_off_by_the_two_sided_table():
    from bgsim.odds.bearoff import best_bearoff_play, two_sided

    r = rank_plays(BEAROFF, (3, 2))
    assert r.bearoff == "two-sided"
    for row in r:
        after = row.play.after
        assert row.win == pytest.approx(1.0 - two_sided(6).win_chance(after), abs=1e-12)
    assert r.best.play.after == best_bearoff_play(BEAROFF, (3, 2)).after
    assert str(r.best.play) == "5/off"
    assert "two-sided bear-off database (exact)" in str(r)
    assert rank_plays(Position.initial(), (3, 1)).bearoff == ""


def test_the_net_player_and_evaluate_use_the_databases_in_a_bear_off():
    from bgsim import NetPlayer
    from bgsim.odds.bearoff import race_chances

    pos = BEAROFF
    plays = pos.legal_plays((3, 2))
    assert str(NetPlayer().choose_play(pos, (3, 2), plays)) == "5/off"
    assert str(NetPlayer(plies=1).choose_play(pos, (3, 2), plays)) == "5/off"
    assert tuple(Net().evaluate(pos)) == tuple(race_chances(pos)[:5])
    assert tuple(Net().evaluate(pos, plies=1)) == tuple(race_chances(pos)[:5])
    assert tuple(Net().evaluate(pos, bearoff=False)) != tuple(race_chances(pos)[:5])


def test_the_cube_in_a_bear_off_uses_the_database_and_says_so():
    from bgsim.odds.bearoff import race_chances, two_sided

    g = Game(Rules.money(), position=Position.from_counts({6: 2, 5: 2}, {4: 2, 3: 1}))
    d = cube_hint(g)
    assert d.p_win == pytest.approx(two_sided(6).win_chance(g.position))
    assert "two-sided bear-off database" in str(d)
    big = Game(Rules.money(), position=Position.from_counts({6: 4, 5: 4, 4: 4}, {6: 3, 4: 4, 3: 4}))
    d = cube_hint(big)
    assert d.p_win == pytest.approx(race_chances(big.position).win)
    assert "one-sided bear-off database" in str(d)


def test_hint_json_gives_the_position_ids_and_steps_in_the_play_texts_order(capsys):
    """Issue 33: `bgsim hint --json` spread the position over 150 lines and listed the steps of
    24/23 13/7 as [[13, 7], [24, 23]]."""
    assert main(["hint", "start", "61", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["hint"]
    assert data["position"] == {"gnubg_id": "4HPwATDgc/ABMA", "turn": 0,
                                "xgid": Position.initial().xgid()}
    rows = {row["play"]: row["steps"] for row in data["plays"]}
    assert rows["24/23 13/7"] == [[24, 23], [13, 7]]
    assert rows["13/6"] == [[13, 7], [7, 6]]
    for text, steps in rows.items():       # each checker's path, in the order the text names them
        assert [f"{a}" for a, _ in steps][0] == text.split("/")[0]
    assert main(["plays", "start", "61", "--json"]) == 0
    plays = {p["play"]: p["steps"] for p in json.loads(capsys.readouterr().out)["plays"]}
    assert plays["24/23 13/7"] == [[24, 23], [13, 7]]


def test_rows_not_rolled_out_say_so():
    """Issue 33: in a hint with a rollout, the rows the rollout skipped read "0-ply, not rolled out"."""
    r = rank_plays(Position.initial(), (6, 1), rollout=36, candidates=2, rng=1)
    rows = str(r).splitlines()[3:3 + len(r)]
    assert [row.rstrip().endswith("rollout") for row in rows] == [p.rolled_out for p in r]
    assert all(row.rstrip().endswith("0-ply, not rolled out") for row, p in zip(rows, r) if not p.rolled_out)
    assert 'plays marked "0-ply, not rolled out" show the 0-ply numbers' in str(r)
