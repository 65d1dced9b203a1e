"""Tests of bgsim.game.game: the flow of a game, the cube, scoring and the record.

Rule ids: R4, R4a (opening), R10-R12 (plays, passes), R22-R26 (end, scoring, cube), R28
(Crawford), R29 (automatic doubles), V1-V5 (site settings), X1-X3 (Jacoby, beavers,
hypergammon), P1 (a roll out of turn). Expected values come from the rules' text (docs/rules.md).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bgsim import IllegalGamePlayError, IllegalPlayError, InvalidSettingError, Position, RuleViolationError
from bgsim.game.events import (
    AutomaticDouble,
    Beaver,
    Double,
    Drop,
    FinalRoll,
    GameOver,
    GameStart,
    GameState,
    Move,
    OpeningRoll,
    Pass,
    Resign,
    Roll,
    Take,
)
from bgsim.game.game import Game
from bgsim.game.drive import RandomPlayer
from bgsim.players.players import play_game
from bgsim.game.rules import CUBE_OFF, ResultKind, Rules

V1_TABLE = {  # V1: the points of single, gammon, backgammon under each ending mode
    "oin": {ResultKind.SINGLE: 1, ResultKind.GAMMON: 1, ResultKind.BACKGAMMON: 1},
    "mars": {ResultKind.SINGLE: 1, ResultKind.GAMMON: 2, ResultKind.BACKGAMMON: 2},
    "koks": {ResultKind.SINGLE: 1, ResultKind.GAMMON: 2, ResultKind.BACKGAMMON: 3},
}

# Loser's checkers (own numbering) that make each kind (R23), against a winner far from done.
LOSER_OF_KIND = {
    ResultKind.SINGLE: {0: 2, 6: 13},
    ResultKind.GAMMON: {6: 10, 12: 5},
    ResultKind.BACKGAMMON: {25: 1, 6: 14},
}
WINNER = {3: 5, 4: 5, 5: 5}


def kind_position(kind: ResultKind, loser: int, loser_on_roll: bool) -> Position:
    if loser_on_roll:
        return Position.from_counts(LOSER_OF_KIND[kind], WINNER, turn=loser)
    return Position.from_counts(WINNER, LOSER_OF_KIND[kind], turn=1 - loser)


def started(rules: Rules | None = None, starter: int = 0, **kw) -> Game:
    return Game(rules or Rules.money(), rng=1, starter=starter, **kw)


# ----------------------------------------------------------------------------- opening (R4, R4a)
def test_opening_roll_R4_ties_rolled_again_and_dice_are_the_first_move():
    g = Game(Rules.money(), rng=0)
    assert g.state is GameState.OPENING and g.player_on_roll is None and g.dice is None
    assert g.roll(dice=(3, 3)) is None                  # a tie: roll again (R4)
    assert g.state is GameState.OPENING and g.cube_value == 1
    assert g.roll(dice=(2, 6)) == (6, 2)                # player 1 wins and plays 6-2 (R4)
    assert g.state is GameState.AWAITING_PLAY and g.player_on_roll == 1 and g.starter == 1
    assert g.position == Position.initial(turn=1)
    assert [type(e) for e in g.events] == [GameStart, OpeningRoll, OpeningRoll]
    assert g.events[1].starter is None and g.events[2].starter == 1
    assert not g.can_double()                           # the first move is already rolled (R25)


def test_opening_roll_with_generator_never_a_double_R4():
    seen = set()
    for seed in range(300):
        g = Game(Rules.money(), rng=seed)
        dice = g.roll()
        assert dice[0] != dice[1] and g.state is GameState.AWAITING_PLAY
        opening = [e for e in g.events if isinstance(e, OpeningRoll)]
        assert all(e.starter is None for e in opening[:-1]) and opening[-1].starter == g.starter
        d = opening[-1].dice
        assert dice == (d[g.starter], d[1 - g.starter]) and d[g.starter] > d[1 - g.starter]
        seen.add(d)
    assert len(seen) == 30  # every ordered opening roll of R4 turns up


def test_winner_rolls_afresh_R4a():
    g = Game(Rules.money(opening="winner_rolls"), rng=0)
    assert g.roll(dice=(5, 1)) is None
    assert g.state is GameState.AWAITING_DOUBLE_OR_ROLL and g.player_on_roll == 0 and g.dice is None
    assert g.roll(dice=(4, 4)) == (4, 4)                # a double is possible as the first move (R4a)
    assert len(g.legal_plays()) > 0


def test_given_starter_skips_the_opening_roll_R4b():
    g = Game(Rules.short_backgammon(), rng=0, starter=1)
    assert g.state is GameState.AWAITING_DOUBLE_OR_ROLL and g.player_on_roll == 1
    assert g.events[0].starter == 1 and g.roll(dice=(6, 6)) == (6, 6)


def test_hypergammon_start_X3():
    g = Game(Rules.hypergammon(), rng=0, starter=0)
    assert g.position == Position.initial(variant="hypergammon") and g.position.checkers == 3
    with pytest.raises(RuleViolationError, match="X3"):
        Game(Rules.hypergammon(), position=Position.initial())


# ----------------------------------------------------------------------------- automatic doubles (R29)
def test_automatic_doubles_up_to_the_limit_R29():
    g = Game(Rules.money(automatic_doubles=2), rng=0)
    for k in range(3):
        g.roll(dice=(4, 4))
    assert g.cube_value == 4 and g.cube_owner is None       # two automatic doubles, then the limit
    assert [e.cube_value for e in g.events if isinstance(e, AutomaticDouble)] == [2, 4]
    g.roll(dice=(1, 2))
    assert g.cube_value == 4 and g.cube_owner is None and not g.cube_turned


def test_automatic_doubles_stop_at_the_cube_limit_R29_V2():
    g = Game(Rules.money(automatic_doubles=5, cube_limit=4), rng=0)
    for _ in range(4):
        g.roll(dice=(2, 2))
    assert g.cube_value == 4


def test_automatic_doubles_off_by_default_R29():
    g = Game(Rules.money(), rng=0)
    g.roll(dice=(6, 6))
    assert g.cube_value == 1 and not any(isinstance(e, AutomaticDouble) for e in g.events)


def test_automatic_double_does_not_turn_the_cube_for_jacoby_X1_R29():
    """An automatic double leaves the cube centred: under Jacoby a gammon then counts single (x the cube)."""
    rules = Rules.money(automatic_doubles=1, jacoby=True)
    g = Game(rules, position=kind_position(ResultKind.GAMMON, loser=1, loser_on_roll=False), cube_value=2)
    g.resign(player=1)
    assert g.result.points == 2 and g.result.kind is ResultKind.GAMMON


def test_automatic_doubles_with_the_generator_R29():
    cubes = set()
    for seed in range(200):
        g = Game(Rules.money(automatic_doubles=3), rng=seed)
        g.roll()
        ties = sum(1 for e in g.events if isinstance(e, OpeningRoll) and e.starter is None)
        assert g.cube_value == 2 ** min(ties, 3)
        cubes.add(g.cube_value)
    assert {1, 2} <= cubes


# ----------------------------------------------------------------------------- the cube (R24-R26, V2, R28, X2)
def test_cube_starts_centred_R24():
    g = started()
    assert (g.cube_value, g.cube_owner, g.cube_turned) == (1, None, False)
    assert g.can_double() and g.can_double(0) and not g.can_double(1)


def test_double_take_and_ownership_R25_R26():
    g = started()
    g.double()
    assert g.state is GameState.AWAITING_ANSWER and g.player_to_act == 1 and g.player_on_roll == 0
    g.take()
    assert (g.cube_value, g.cube_owner, g.state) == (2, 1, GameState.AWAITING_DOUBLE_OR_ROLL)
    assert g.player_on_roll == 0 and not g.can_double()
    with pytest.raises(RuleViolationError, match="R25") as info:
        g.double()
    assert "does not own the cube" in str(info.value)
    g.roll(dice=(3, 1)); g.play("8/5 6/5")
    assert g.can_double()                      # player 1 owns the cube and is on roll
    g.double(); g.take(player=0)
    assert (g.cube_value, g.cube_owner) == (4, 0)
    assert [type(e) for e in g.events[1:]] == [Double, Take, Roll, Move, Double, Take]


def test_drop_scores_the_value_before_the_offer_without_gammons_R26():
    for ending in V1_TABLE:
        # the dropper would lose a backgammon if the game ended now: a drop still counts single (R26)
        g = Game(Rules.money(ending=ending), position=kind_position(ResultKind.BACKGAMMON, 1, False),
                 cube_value=4, cube_owner=0)
        g.double()
        g.drop()
        r = g.result
        assert (r.winner, r.kind, r.points, r.cube, r.how) == (0, ResultKind.SINGLE, 4, 4, "drop")
        assert isinstance(g.events[-2], Drop) and isinstance(g.events[-1], GameOver)


def test_no_double_after_rolling_R25():
    g = started()
    g.roll(dice=(6, 1))
    with pytest.raises(RuleViolationError, match="R25") as info:
        g.double()
    assert "already rolled" in str(info.value)


def test_crawford_game_has_no_doubling_R28():
    g = Game(Rules.match(5), rng=1, starter=0, crawford_game=True)
    assert not g.can_double() and "R28" in g.why_no_double()
    with pytest.raises(RuleViolationError, match="R28"):
        g.double()
    g.roll(dice=(3, 1)); g.play("8/5 6/5")
    with pytest.raises(RuleViolationError, match="R28"):
        g.double()
    # the next (post-Crawford) game uses the cube again
    post = Game(Rules.match(5), rng=1, starter=0)
    assert post.can_double()
    post.double(); post.take()
    assert post.cube_value == 2


def test_crawford_game_needs_match_and_no_cube_R28():
    with pytest.raises(RuleViolationError, match="R28"):
        Game(Rules.money(), crawford_game=True)
    with pytest.raises(RuleViolationError, match="R28"):
        Game(Rules.match(5, crawford=False), crawford_game=True)
    with pytest.raises(RuleViolationError, match="R28"):
        Game(Rules.match(5), crawford_game=True, position=Position.initial(), cube_value=2, cube_owner=0)


def test_crawford_random_games_never_double_R28():
    for seed in range(50):
        g = play_game(Rules.match(3), (RandomPlayer(seed, double_rate=1.0), RandomPlayer(seed + 1, double_rate=1.0)),
                      rng=seed, crawford_game=True)
        assert g.cube_value == 1 and not any(isinstance(e, (Double, Take, Drop)) for e in g.events)
        assert g.result.how in ("bearoff",)


@pytest.mark.parametrize("limit", [2, 4, 8, 16, 32, 64])
def test_cube_limit_V2(limit):
    g = started(Rules.money(cube_limit=limit))
    player = 0
    while g.cube_value < limit:
        assert g.can_double()
        g.double(); g.take()
        # the doubler rolls and plays, then the owner is on roll
        g.roll(dice=(1, 2)); g.play(g.legal_plays()[0])
        player = 1 - player
    assert g.cube_value == limit and g.player_on_roll == g.cube_owner
    assert not g.can_double()
    with pytest.raises(RuleViolationError, match="V2") as info:
        g.double()
    assert str(limit) in str(info.value)


def test_cube_off_V2():
    g = started(Rules.money(cube_limit=CUBE_OFF))
    assert not g.can_double()
    with pytest.raises(RuleViolationError, match="V2"):
        g.double()
    with pytest.raises(RuleViolationError, match="V2"):
        Game(Rules.money(cube_limit=CUBE_OFF), position=Position.initial(), cube_value=2)
    with pytest.raises(RuleViolationError, match="V2"):
        Game(Rules.money(cube_limit=4), position=Position.initial(), cube_value=8, cube_owner=0)


def test_beaver_X2():
    g = started(Rules.money(beavers=True))
    g.double()
    assert g.can_beaver()
    g.beaver()
    # the double is taken and redoubled: now the original doubler answers the beaver (X2)
    assert (g.cube_value, g.cube_owner, g.player_to_act, g.state) == (2, 1, 0, GameState.AWAITING_ANSWER)
    assert isinstance(g.events[-1], Beaver) and g.events[-1].cube_value == 4
    assert not g.can_beaver()          # no raccoons
    with pytest.raises(RuleViolationError, match="X2"):
        g.beaver()
    with pytest.raises(RuleViolationError, match="Dark cannot take"):
        g.take(player=1)
    g.take(player=0)
    assert (g.cube_value, g.cube_owner, g.player_on_roll, g.state) == (4, 1, 0, GameState.AWAITING_DOUBLE_OR_ROLL)
    assert not g.can_double()          # the beaverer keeps the cube (X2)
    assert g.cube_turned


def test_beaver_dropped_X2_R26():
    g = started(Rules.money(beavers=True))
    g.double()
    g.beaver()
    g.drop(player=0)                   # the doubler refuses the beaver: loses the doubled stake
    assert g.is_over and g.result.winner == 1 and g.result.points == 2 and g.result.kind is ResultKind.SINGLE


def test_beaver_refused_without_the_option_or_past_the_limit_X2_V2():
    g = started(Rules.money())
    g.double()
    assert not g.can_beaver()
    with pytest.raises(RuleViolationError, match="X2"):
        g.beaver()
    g = started(Rules.money(beavers=True, cube_limit=2))
    g.double()
    assert not g.can_beaver()
    with pytest.raises(RuleViolationError, match="V2"):
        g.beaver()
    g.take()  # the plain take is still possible
    assert g.cube_value == 2


def test_beaver_then_gammon_scores_four_times_two_X2_R23():
    g = Game(Rules.money(beavers=True), position=kind_position(ResultKind.GAMMON, loser=0, loser_on_roll=False))
    # player 1 is on roll and doubles; player 0 (who is losing a gammon) beavers, then resigns
    g.double(); g.beaver(player=0); g.take(player=1)
    g.resign(player=0)
    assert g.result.points == 8 and g.result.kind is ResultKind.GAMMON


# ----------------------------------------------------------------------------- scoring table through the game
@pytest.mark.parametrize("ending", sorted(V1_TABLE))
@pytest.mark.parametrize("jacoby", [False, True])
@pytest.mark.parametrize("kind", list(ResultKind))
def test_scoring_table_resign_and_drop_R23_R26_V1_V3_X1(ending, jacoby, kind):
    """Result kind x cube value x ending mode x Jacoby x (resign, drop), played through Game."""
    rules = Rules.money(ending=ending, jacoby=jacoby)
    for cube, owner, loser_on_roll in itertools.product((1, 2, 4, 8, 64), (None, 0, 1), (False, True)):
        if cube == 1 and owner is not None:
            continue
        pos = kind_position(kind, loser=1, loser_on_roll=loser_on_roll)
        turned = owner is not None
        # resign (V3): the kind judged from the position, then V1, X1 and the cube
        g = Game(rules, position=pos, cube_value=cube, cube_owner=owner)
        g.resign(player=1)
        mult = 1 if (jacoby and not turned) else V1_TABLE[ending][kind]
        r = g.result
        assert (r.winner, r.kind, r.how, r.cube) == (0, kind, "resign", cube)
        assert r.points == mult * cube, (ending, jacoby, kind, cube, owner)
        # drop (R26): the doubler wins the cube before the offer, single, whatever the position
        g = Game(rules, position=pos, cube_value=cube, cube_owner=owner)
        doubler = g.player_on_roll
        if g.can_double():
            g.double(); g.drop()
            r = g.result
            assert (r.winner, r.kind, r.points, r.how) == (doubler, ResultKind.SINGLE, cube, "drop")


@pytest.mark.parametrize("ending, expected", [("koks", 3), ("mars", 2), ("oin", 1)])
@pytest.mark.parametrize("cube", [1, 2, 4])
def test_resign_with_a_checker_on_the_bar_and_none_off_V3(ending, expected, cube):
    """A resignation while on the bar with nothing off is a backgammon (R23):
    3 x cube under Koks, 2 x cube under Mars, 1 x cube under Oin (V1, V3)."""
    pos = Position.from_counts({1: 2, 2: 2, 3: 2, 4: 3, 5: 3, 6: 3}, {25: 1, 10: 14}, turn=0)
    g = Game(Rules.money(ending=ending), position=pos, cube_value=cube, cube_owner=None if cube == 1 else 1)
    g.resign(player=1)
    assert g.result.kind is ResultKind.BACKGAMMON and g.result.points == expected * cube


def test_resign_at_any_time_V3():
    # before the opening roll: the start position leaves 2 checkers in the opponent's home -> backgammon
    g = Game(Rules.money(), rng=0)
    with pytest.raises(RuleViolationError, match="V3"):
        g.resign()
    g.resign(player=1)
    assert (g.result.winner, g.result.kind, g.result.points) == (0, ResultKind.BACKGAMMON, 3)
    # while a double waits for an answer, the doubled player resigns instead of answering
    g = Game(Rules.money(), position=kind_position(ResultKind.SINGLE, 1, False))
    g.double()
    g.resign()
    assert (g.result.winner, g.result.kind, g.result.points, g.result.cube) == (0, ResultKind.SINGLE, 1, 1)
    # the player not on roll may resign too, after the roll
    g = Game(Rules.money(), position=kind_position(ResultKind.GAMMON, 1, False))
    g.roll(dice=(1, 1))
    g.resign(player=1)
    assert g.result.kind is ResultKind.GAMMON and isinstance(g.events[-2], Resign)


def test_resign_more_never_less_than_the_position_V3():
    g = Game(Rules.money(), position=kind_position(ResultKind.GAMMON, 1, False))
    with pytest.raises(RuleViolationError, match="V3") as info:
        g.resign("single", player=1)
    assert "gammon" in str(info.value)
    g.resign("backgammon", player=1)
    assert g.result.kind is ResultKind.BACKGAMMON and g.result.points == 3


# ----------------------------------------------------------------------------- plays and passes
def test_pass_when_nothing_moves_R12():
    closed = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3}
    pos = Position.from_counts({25: 1, 13: 14}, closed, turn=0)
    g = Game(Rules.money(), position=pos)
    assert g.roll(dice=(5, 3)) == (5, 3)
    assert isinstance(g.events[-2], Roll) and isinstance(g.events[-1], Pass)
    ev = g.events[-1]
    assert (ev.player, ev.dice, ev.position) == (0, (5, 3), pos)
    assert g.state is GameState.AWAITING_DOUBLE_OR_ROLL and g.player_on_roll == 1 and g.dice is None
    assert g.position == pos.swap()


def test_play_text_and_play_objects_R10():
    g = started()
    g.roll(dice=(6, 1))
    plays = g.legal_plays()
    assert len(plays) == len(Position.initial().legal_plays((6, 1)))
    g.play("8/7 13/7")                       # any order of notation
    assert g.events[-1].play.steps == ((13, 7), (8, 7))
    g.roll(dice=(2, 1))
    g.play(g.legal_plays()[3])
    assert g.player_on_roll == 0


def test_illegal_play_is_a_rule_violation_R10_R11():
    g = started()
    g.roll(dice=(6, 3))
    with pytest.raises(RuleViolationError, match="R10"):
        g.play("13/10")
    with pytest.raises(IllegalPlayError):       # also an IllegalPlayError for engine-minded callers
        g.play("13/10")
    other = Position.initial().legal_plays((5, 2))[0]
    with pytest.raises(IllegalGamePlayError, match="R5"):
        g.play(other)                          # a play of other dice
    with pytest.raises(TypeError):
        g.play(42)                             # type: ignore[arg-type]
    assert g.state is GameState.AWAITING_PLAY  # nothing changed


def test_caucasian_rule_passed_through_V5():
    pos = Position.from_counts({10: 1, 3: 2, 6: 12}, {21: 1, 24: 14}, turn=0)
    std = Game(Rules.money(), position=pos)
    std.roll(dice=(6, 1))
    cau = Game(Rules.money(caucasian=True), position=pos)
    cau.roll(dice=(6, 1))
    assert "10/4*/3" in [str(p) for p in std.legal_plays()]
    assert "10/4*/3" not in [str(p) for p in cau.legal_plays()]
    with pytest.raises(RuleViolationError, match="V5"):
        cau.play("10/4*/3")
    standard_play = next(p for p in pos.legal_plays((6, 1)) if str(p) == "10/4*/3")
    with pytest.raises(RuleViolationError, match="V5"):
        cau.play(standard_play)                # a Play made under standard rules is checked again
    std.play("10/4*/3")
    cau.play("10/4*/3".replace("*/3", "* 3/2"))


def test_caucasian_random_games_play_only_caucasian_plays_V5():
    rules = Rules.short_backgammon(caucasian=True)
    hits_home = 0
    for seed in range(60):
        g = play_game(rules, rng=seed)
        for ev in g.events:
            if isinstance(ev, Move):
                legal = ev.position.legal_plays(ev.play.dice, caucasian=True)
                assert any(p.steps == ev.play.steps for p in legal)
                hits_home += any(h and 1 <= dst <= 6 for (src, dst), h in zip(ev.play.steps, ev.play.hits))
    assert hits_home > 0


# ----------------------------------------------------------------------------- the end (R22, V4)
def test_bearing_off_the_last_checker_ends_the_game_R22_R23():
    pos = Position.from_counts({1: 1}, {6: 15}, turn=0)
    g = Game(Rules.money(), position=pos, cube_value=2, cube_owner=1)
    g.roll(dice=(2, 1)); g.play("1/off")
    r = g.result
    assert (r.winner, r.kind, r.points, r.how) == (0, ResultKind.GAMMON, 4, "bearoff")
    assert g.state is GameState.OVER and g.player_on_roll is None and g.legal_plays() == []


def test_last_roll_draw_V4():
    rules = Rules.money(last_roll_draw=True)
    pos = Position.from_counts({1: 1}, {1: 2}, turn=0)       # player 0 (the starter) bears off next
    g = Game(rules, position=pos)
    g.roll(dice=(2, 1)); g.play("1/off")
    assert g.state is GameState.AWAITING_DOUBLE_OR_ROLL and g.final_roll and g.player_on_roll == 1
    assert isinstance(g.events[-1], FinalRoll) and g.events[-1].player == 1
    assert not g.can_double() and "V4" in g.why_no_double()
    with pytest.raises(RuleViolationError, match="V4"):
        g.double()
    g.roll(dice=(3, 2)); g.play("1/off(2)")
    assert g.result.is_draw and g.result.points == 0 and g.result.how == "draw" and g.result.winner is None


def test_last_roll_draw_fails_starter_wins_V4():
    rules = Rules.money(last_roll_draw=True)
    pos = Position.from_counts({1: 1}, {6: 5, 0: 10}, turn=0)
    g = Game(rules, position=pos)
    g.roll(dice=(2, 1)); g.play("1/off")
    g.roll(dice=(6, 5)); g.play(g.legal_plays()[0])
    r = g.result
    assert (r.winner, r.kind, r.points, r.how) == (0, ResultKind.SINGLE, 1, "bearoff")


def test_last_roll_draw_final_roll_from_the_bar_V4():
    rules = Rules.money(last_roll_draw=True)
    pos = Position.from_counts({1: 1}, {25: 1, 1: 1, 0: 13}, turn=0)
    g = Game(rules, position=pos)
    g.roll(dice=(1, 2)); g.play("1/off")
    assert g.final_roll
    g.roll(dice=(6, 6))   # enters and runs, but cannot bear off both checkers
    g.play(g.legal_plays()[0])
    r = g.result
    assert (r.winner, r.kind, r.how) == (0, ResultKind.SINGLE, "bearoff")


def test_last_roll_draw_only_for_the_starter_V4():
    rules = Rules.money(last_roll_draw=True)
    # player 0 starts; player 1 bears off first: an ordinary win, no final roll
    pos = Position.from_counts({6: 5, 0: 10}, {1: 1}, turn=0)
    g = Game(rules, position=pos)
    g.roll(dice=(6, 5)); g.play(g.legal_plays()[0])
    g.roll(dice=(2, 1)); g.play("1/off")
    assert g.result.winner == 1 and not any(isinstance(e, FinalRoll) for e in g.events)


def test_without_last_roll_draw_the_starter_just_wins_V4():
    pos = Position.from_counts({1: 1}, {1: 2}, turn=0)
    g = Game(Rules.money(), position=pos)
    g.roll(dice=(2, 1)); g.play("1/off")
    assert g.is_over and g.result.winner == 0


def test_last_roll_draws_happen_in_random_play_V4():
    draws = 0
    for seed in range(400):
        g = play_game(Rules.hypergammon(last_roll_draw=True, cube_limit=CUBE_OFF), rng=seed)
        check_invariants(g)
        draws += g.result.is_draw
    assert draws > 0


# ----------------------------------------------------------------------------- every illegal action names its rule
def _fresh():
    return Game(Rules.money(), rng=5)


def _rolled():
    g = started(); g.roll(dice=(6, 1)); return g


def _doubled():
    g = started(); g.double(); return g


def _over():
    g = started(); g.double(); g.drop(); return g


def _taken():
    g = started(); g.double(); g.take(); return g


@pytest.mark.parametrize("setup, action, rule", [
    (_fresh, lambda g: g.play("13/7 8/7"), "R4"),                 # playing before the opening roll
    (_fresh, lambda g: g.double(), "R4"),                          # doubling before the opening roll
    (_fresh, lambda g: g.take(), "R26"),
    (started, lambda g: g.play("13/7 8/7"), "R5"),                 # playing before rolling
    (started, lambda g: g.take(), "R26"),                          # taking when no double was offered
    (started, lambda g: g.drop(), "R26"),
    (started, lambda g: g.beaver(), "R26"),
    (started, lambda g: g.double(player=1), "R25"),                # doubling out of turn
    (started, lambda g: g.roll(player=1), "P1"),                   # rolling out of turn
    (started, lambda g: g.roll(dice=(0, 7)), "R2"),
    (_rolled, lambda g: g.roll(), "R10"),                          # rolling twice
    (_rolled, lambda g: g.double(), "R25"),                        # doubling after rolling
    (_rolled, lambda g: g.play("13/7 8/7", player=1), "R10"),      # playing out of turn
    (_rolled, lambda g: g.play("13/7"), "R10"),                    # an illegal play (one die unplayed)
    (_rolled, lambda g: g.play("13/10"), "R5"),                    # no such die
    (_doubled, lambda g: g.roll(), "R26"),                         # rolling while a double waits
    (_doubled, lambda g: g.play("13/7 8/7"), "R26"),
    (_doubled, lambda g: g.double(), "R26"),
    (_doubled, lambda g: g.take(player=0), "R26"),                 # taking one's own double
    (_doubled, lambda g: g.beaver(), "X2"),                        # beavers not allowed
    (_taken, lambda g: g.double(), "R25"),                         # redoubling without owning the cube
    (_over, lambda g: g.roll(), "R22"),
    (_over, lambda g: g.play("13/7 8/7"), "R22"),
    (_over, lambda g: g.double(), "R22"),
    (_over, lambda g: g.take(), "R22"),
    (_over, lambda g: g.resign(), "R22"),
    (lambda: started(Rules.match(3), crawford_game=True), lambda g: g.double(), "R28"),
    (lambda: started(Rules.money(cube_limit=1)), lambda g: g.double(), "V2"),
])
def test_illegal_actions_raise_rule_violation_naming_the_rule(setup, action, rule):
    g = setup()
    before = (g.state, g.position, g.cube_value, g.cube_owner, len(g.events))
    with pytest.raises(RuleViolationError) as info:
        action(g)
    assert f"{rule}" in str(info.value), str(info.value)
    assert (g.state, g.position, g.cube_value, g.cube_owner, len(g.events)) == before  # nothing changed


def test_bad_game_setups():
    with pytest.raises(RuleViolationError):
        Game(starter=2)
    with pytest.raises(RuleViolationError):
        Game(position=Position.initial(turn=1), starter=0)
    with pytest.raises(RuleViolationError, match="R22"):
        Game(position=Position.from_counts({0: 15}, {6: 15}))
    with pytest.raises(RuleViolationError, match="R24"):
        Game(position=Position.initial(), cube_value=3)
    with pytest.raises(RuleViolationError, match="R26"):
        Game(position=Position.initial(), cube_value=1, cube_owner=0)
    with pytest.raises(TypeError):
        Game(rules="money")  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- record and replay
def test_record_positions_and_history():
    g = Game(Rules.money(), rng=3)
    g.roll(dice=(6, 1)); g.play("13/7 8/7")
    g.double(); g.take()
    g.roll(dice=(5, 2)); g.play("13/8 13/11")
    positions = g.positions()
    assert positions[0] == Position.initial(turn=0)
    assert positions[1] == Position.initial().play("13/7 8/7")
    assert len(positions) == 3 and positions[-1] == g.position
    hist = g.history()
    assert len(hist) == len(g.events)
    assert [h.state for h in hist] == [
        GameState.OPENING, GameState.AWAITING_PLAY, GameState.AWAITING_DOUBLE_OR_ROLL,
        GameState.AWAITING_ANSWER, GameState.AWAITING_DOUBLE_OR_ROLL, GameState.AWAITING_PLAY,
        GameState.AWAITING_DOUBLE_OR_ROLL]
    assert hist[3].double_offered and hist[3].player_to_act == 0 and hist[3].player_on_roll == 1
    assert hist[4].cube_value == 2 and hist[4].cube_owner == 0
    assert hist[1].dice == (6, 1) and hist[2].dice is None
    assert "Dark doubles to 2" in g.transcript()


def test_replay_reproduces_games_exactly():
    presets = [Rules.money(beavers=True, jacoby=True, automatic_doubles=2), Rules.match(5),
               Rules.short_backgammon(last_roll_draw=True), Rules.hypergammon(last_roll_draw=True),
               Rules.money(opening="winner_rolls", caucasian=True)]
    for rules, seed in itertools.product(presets, range(15)):
        g = play_game(rules, (RandomPlayer(seed, double_rate=0.2), RandomPlayer(seed + 99)), rng=seed)
        again = Game.replay(g.events)
        assert again.events == g.events and again.result == g.result and again.position == g.position
        assert again.history() == g.history()
        # a partial record gives a game that can go on
        part = Game.replay(g.events[: len(g.events) // 2])
        assert not part.is_over or part.result == g.result


def test_replay_refuses_a_tampered_record():
    g = play_game(Rules.money(), rng=4)
    events = list(g.events)
    k = next(i for i, e in enumerate(events) if isinstance(e, Roll))
    events[k] = Roll(events[k].player, (events[k].dice[0] % 6 + 1, events[k].dice[1]))
    with pytest.raises(RuleViolationError, match="replay"):
        Game.replay(events)
    with pytest.raises(RuleViolationError, match="GameStart"):
        Game.replay(g.events[1:])
    over = list(g.events)
    over[-1] = GameOver(type(g.result)(g.result.winner, g.result.kind, g.result.points + 1, g.result.cube,
                                       g.result.how))
    with pytest.raises(RuleViolationError, match="replay"):
        Game.replay(over)
    with pytest.raises(RuleViolationError, match="replay"):
        Game.replay([g.events[0], Pass(0, (1, 1), g.events[0].position)])


def test_replay_refuses_an_illegal_cube_action():
    g = Game(Rules.match(3), rng=0, starter=0, crawford_game=True)
    with pytest.raises(RuleViolationError, match="R28"):
        Game.replay([g.events[0], Double(0, 2)])


# ----------------------------------------------------------------------------- invariants over many random games
def independent_kind(final: Position, loser: int) -> ResultKind:
    """R23 straight from the text, for checking (not bgsim.game.rules.result_kind)."""
    side = final.mine if final.turn == loser else final.theirs
    if side[0] >= 1:
        return ResultKind.SINGLE
    if side[25] > 0 or any(side[p] for p in range(19, 25)):
        return ResultKind.BACKGAMMON
    return ResultKind.GAMMON


def check_invariants(g: Game, *, full_legality: bool = False) -> None:
    rules = g.rules
    n = rules.checkers
    assert g.is_over and isinstance(g.events[-1], GameOver) and g.result is g.events[-1].result
    assert isinstance(g.events[0], GameStart)
    cube, owner, prev_after = g.events[0].cube_value, g.events[0].cube_owner, None
    final_roll_seen = False
    prev_cube_event = None
    for i, ev in enumerate(g.events):
        if isinstance(ev, (Move, Pass)):
            pos = ev.position
            assert sum(pos.mine) == n and sum(pos.theirs) == n           # R2 / X3: checkers a side
            assert pos.turn == ev.player
            if prev_after is not None:
                assert pos == prev_after                                   # the record is a chain
            # the game ends exactly when someone is off (R22); V4's final roll is the one exception
            if final_roll_seen:
                assert pos.theirs[0] == n and pos.mine[0] < n
            else:
                assert not pos.is_game_over()
            if isinstance(ev, Move):
                assert not ev.play.is_empty
                if full_legality:
                    legal = pos.legal_plays(ev.play.dice, caucasian=rules.caucasian)
                    assert any(p.steps == ev.play.steps for p in legal)   # R5-R21, V5
                prev_after = ev.after
            else:
                legal = pos.legal_plays(ev.dice, caucasian=rules.caucasian)
                assert len(legal) == 1 and legal[0].is_empty               # R12
                prev_after = pos.swap()
        elif isinstance(ev, FinalRoll):
            assert rules.last_roll_draw and not final_roll_seen
            final_roll_seen = True
        elif isinstance(ev, AutomaticDouble):
            assert rules.automatic_doubles and owner is None and ev.cube_value == 2 * cube
            cube = ev.cube_value
        elif isinstance(ev, Double):
            assert not g.crawford_game and rules.cube_enabled               # R28, V2
            assert owner in (None, ev.player) and ev.cube_value == 2 * cube   # R25
        elif isinstance(ev, Take):
            if isinstance(prev_cube_event, Beaver):   # X2: the doubler takes the beaver; cube stays put
                cube = ev.cube_value
            else:
                cube, owner = ev.cube_value, ev.player
        elif isinstance(ev, Beaver):
            assert rules.beavers
            cube, owner = ev.cube_value // 2, ev.player   # the double is taken, then redoubled
        if isinstance(ev, (Double, Take, Beaver, Drop)):
            prev_cube_event = ev
        assert rules.cube_allows(cube)                                       # V2
    r = g.result
    assert r.cube == cube == g.cube_value
    mult = V1_TABLE[rules.ending]
    if r.how == "draw":
        assert rules.last_roll_draw and final_roll_seen and r.points == 0
        assert prev_after.mine[0] == n and prev_after.theirs[0] == n
    elif r.how == "drop":
        assert isinstance(g.events[-2], Drop) and r.points == cube and r.kind is ResultKind.SINGLE
    elif r.how == "resign":
        assert isinstance(g.events[-2], Resign)
    else:
        final = prev_after
        assert r.how == "bearoff" and final is not None and final.winner() == r.winner   # R22
        if final_roll_seen:   # V4: the final roll did not bear off every checker
            assert r.winner == g.starter
            other = final.mine if final.turn != r.winner else final.theirs
            assert other[0] < n
        assert r.kind is independent_kind(final, 1 - r.winner)
        expected = cube * (1 if (rules.jacoby and owner is None) else mult[r.kind])
        assert r.points == expected                                         # R23, V1, X1


PRESETS = {
    "money": Rules.money(),
    "match": Rules.match(7),
    "short_backgammon": Rules.short_backgammon(),
    "hypergammon": Rules.hypergammon(),
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_thousand_random_games_per_preset(name):
    """R2, R12, R22-R26, V1, V2, X3: 1000 seeded random games, no invariant breaks."""
    rules = PRESETS[name]
    rng = np.random.default_rng(20240 + len(name))
    players = (RandomPlayer(rng, double_rate=0.05), RandomPlayer(rng, double_rate=0.05))
    hows = set()
    for k in range(1000):
        g = play_game(rules, players, rng=rng)
        check_invariants(g, full_legality=(name == "hypergammon" or k % 10 == 0))
        hows.add(g.result.how)
        if k % 100 == 0:
            assert Game.replay(g.events).events == g.events
    assert {"bearoff", "drop"} <= hows


@pytest.mark.parametrize("rules", [
    Rules.money(automatic_doubles=3, jacoby=True, beavers=True, cube_limit=32),
    Rules.money(ending="mars", last_roll_draw=True, opening="winner_rolls"),
    Rules.short_backgammon(ending="oin", caucasian=True, series_starter="alternate"),
    Rules.match(5, crawford=False),
], ids=["autodouble-jacoby-beaver", "mars-draw-R4a", "oin-caucasian", "match-no-crawford"])
def test_random_games_under_other_settings(rules):
    rng = np.random.default_rng(7)
    players = (RandomPlayer(rng, double_rate=0.1), RandomPlayer(rng, double_rate=0.1))
    for k in range(100):
        g = play_game(rules, players, rng=rng, starter=(None if k % 3 else k % 2))
        check_invariants(g, full_legality=(k % 4 == 0))


# ----------------------------------------------------------------------------- views and bad input
def test_subscribe_sees_every_recorded_event_until_unsubscribed():
    g = Game(Rules.money(), rng=4, starter=0)
    seen, states = [], []
    stop = g.subscribe(lambda ev: (seen.append(ev), states.append(g.snapshot().event)))
    other = []
    stop_other = g.subscribe(other.append)
    g.roll(dice=(6, 1)); g.play("13/7 8/7")
    g.double(); g.take()
    assert seen == list(g.events[1:]) == other
    assert states == seen                         # the game is up to date when the callback runs
    stop()
    stop()                                        # twice is harmless
    g.roll(dice=(3, 1))
    assert len(seen) == 4 and other[-1] == g.events[-1] and len(other) == 5
    stop_other()
    g.resign()
    assert len(other) == 5
    with pytest.raises(InvalidSettingError, match="callable"):
        g.subscribe("not callable")  # type: ignore[arg-type]


def test_subscribe_sees_automatic_events():
    g = Game(Rules.money(automatic_doubles=1), rng=0)
    kinds = []
    g.subscribe(lambda ev: kinds.append(type(ev)))
    g.roll(dice=(2, 2)); g.roll(dice=(3, 1))
    assert kinds == [OpeningRoll, AutomaticDouble, OpeningRoll]


@pytest.mark.parametrize("rng", [-1, "seed", 1.5, [1, -2]])
def test_bad_seeds_are_bgsim_errors(rng):
    from bgsim import BgsimError

    with pytest.raises(BgsimError, match="rng"):
        Game(rng=rng)
    with pytest.raises(BgsimError, match="rng"):
        play_game(rng=rng)
    with pytest.raises(BgsimError, match="rng"):
        RandomPlayer(rng)


# ----------------------------------------------------------------------------- R30 resignation offers
def test_resignation_offer_accepted_scores_kind_times_cube_R30_V1():
    g = Game(Rules.money(), starter=0, cube_value=8, cube_owner=1)
    g.offer_resignation("gammon")
    assert g.state is GameState.AWAITING_RESIGNATION_ANSWER and g.player_to_act == 1
    with pytest.raises(RuleViolationError, match="R30"):
        g.roll()
    g.accept_resignation(player=1)
    assert (g.result.winner, g.result.kind, g.result.points, g.result.how) == (1, ResultKind.GAMMON, 16, "resign")
    assert Game.replay(g.events).result == g.result
    mars = Game(Rules.money(ending="mars"), starter=1)
    mars.offer_resignation("backgammon"); mars.accept_resignation()
    assert mars.result.points == 2


def test_resignation_jacoby_and_refusal_R30_X1():
    g = Game(Rules.money(jacoby=True), starter=0)
    g.roll(dice=(6, 1))
    g.offer_resignation(ResultKind.GAMMON)
    g.reject_resignation()
    assert g.state is GameState.AWAITING_PLAY and g.dice == (6, 1)
    with pytest.raises(RuleViolationError, match="R30"):
        g.offer_resignation("gammon")                   # the same refused offer, same turn
    with pytest.raises(RuleViolationError, match="R30"):
        g.offer_resignation("single", player=1)        # not player 1's turn
    g.play("13/7 8/7")
    g.offer_resignation("single")                      # player 1, on their own turn
    g.reject_resignation()
    g.roll(dice=(2, 1)); g.play("24/22 24/23")
    g.offer_resignation("gammon")                      # player 0's next turn: allowed again
    g.accept_resignation()
    assert g.result.points == 1                        # X1: cube never turned
    assert [type(e).__name__ for e in Game.replay(g.events).events] == [type(e).__name__ for e in g.events]


def test_judged_rules_refuse_offers_V3():
    g = Game(Rules.short_backgammon(), starter=0)
    with pytest.raises(RuleViolationError, match="V3"):
        g.offer_resignation("single")
    assert Rules.from_dict(Rules.short_backgammon().to_dict()).resignation == "judged"


def test_transcript_after_a_beaver_names_the_beaverer_as_owner_X2():
    g = Game(Rules.money(beavers=True), starter=0)
    g.double(); g.beaver(); g.take()
    last = g.transcript().splitlines()[-1]
    assert last == "Light takes the beaver: cube 4, owned by Dark" and g.cube_owner == 1


# ----------------------------------------------------------------------------- one table of refusals (issue 18)
def _games_in_every_state():
    """Games in every state, with the cube, offers and V4 final rolls, and points of seeded random games."""
    games = [Game(), Game(Rules.money(opening="winner_rolls")), started(), started(Rules.match(3), crawford_game=True),
             started(Rules.money(cube_limit=1)), started(Rules.money(resignation="judged"))]
    g = started(); g.roll(dice=(6, 1)); games.append(g)
    g = started(Rules.money(beavers=True)); g.double(); games.append(g)
    g = started(Rules.money(beavers=True)); g.double(); g.beaver(); games.append(g)
    g = started(Rules.money(cube_limit=2)); g.double(); g.take(); games.append(g)
    g = started(); g.offer_resignation("gammon"); games.append(g)
    g = started(); g.roll(dice=(6, 1)); g.offer_resignation("single"); games.append(g)
    g = started(); g.offer_resignation("single"); g.reject_resignation(); games.append(g)
    g = started(); g.double(); g.drop(); games.append(g)
    g = Game(Rules.money(last_roll_draw=True), rng=1, starter=0,
             position=Position.from_counts({1: 1, 0: 14}, {6: 2, 0: 13}))
    g.roll(dice=(1, 2)); g.play(g.legal_plays()[0]); games.append(g)
    assert g.final_roll
    for rules, seed in itertools.product([Rules.money(beavers=True), Rules.match(5)], range(2)):
        full = play_game(rules, (RandomPlayer(seed, double_rate=0.3), RandomPlayer(seed + 7, double_rate=0.3)),
                         rng=seed)
        games += [Game.replay(full.events[:k], rng=seed) for k in range(1, len(full.events), 9)]
    return games


ACTS = {
    "roll": lambda g, p, k: g.roll(player=p),
    "play": lambda g, p, k: g.play(g.legal_plays()[0] if g.legal_plays() else "13/7 8/7", player=p),
    "double": lambda g, p, k: g.double(player=p),
    "take": lambda g, p, k: g.take(player=p),
    "drop": lambda g, p, k: g.drop(player=p),
    "beaver": lambda g, p, k: g.beaver(player=p),
    "resign": lambda g, p, k: g.resign(k, player=p),
    "offer_resignation": lambda g, p, k: g.offer_resignation(k, player=p),
    "accept_resignation": lambda g, p, k: g.accept_resignation(player=p),
    "reject_resignation": lambda g, p, k: g.reject_resignation(player=p),
}


def test_why_not_is_the_one_answer_every_action_gives():
    # For every action, player and kind in every state: why_not says None exactly when the
    # action goes through, else the action raises that very refusal (message and rule).
    import copy

    from bgsim.game.game_guards import ACTIONS

    assert set(ACTS) == set(ACTIONS)
    seen_states, refused = set(), 0
    for game in _games_in_every_state():
        seen_states.add(game.state)
        for action, player, kind in itertools.product(ACTIONS, (None, 0, 1), (None, "single", "backgammon")):
            if action == "offer_resignation" and kind is None:
                continue
            why = game.why_not(action, player, kind=kind)
            trial = copy.deepcopy(game)
            if why is None:
                ACTS[action](trial, player, kind)
                continue
            refused += 1
            with pytest.raises(RuleViolationError) as info:
                ACTS[action](trial, player, kind)
            assert str(info.value) == str(why) and info.value.rule == why.rule and why.rule, (action, str(why))
            assert trial.events == game.events
    assert seen_states == set(GameState) and refused > 1000


def test_the_guard_table_has_a_row_for_every_action_and_state():
    from bgsim.game.game_guards import ACTIONS, TABLE

    assert set(TABLE) == set(ACTIONS)
    for action in ACTIONS:
        assert set(TABLE[action]) == set(GameState), action
    with pytest.raises(RuleViolationError, match="not an action"):
        Game().why_not("castle")


def test_the_questions_are_the_table_without_the_lead():
    g = started(); g.double(); g.drop()
    assert g.why_no_double() == "the game is over (R22)"
    assert str(g.why_not("double")) == "cannot double: the game is over (R22)" and g.why_not("double").rule == "R22"
    g = started(); g.offer_resignation("single")
    assert g.why_no_double() == str(g.why_not("double"))          # a sentence that names its player: no lead
    g = started(); g.roll(dice=(6, 1))
    assert g.why_no_resignation_offer("single", player=1) == str(g.why_not("offer_resignation", 1, kind="single"))
    g = started(Rules.money(resignation="judged"))
    assert g.why_no_resignation_offer("single") == ("these rules judge a resignation from the position (V3), "
                                                    "without offers: use resign()")
    assert g.why_not("offer_resignation", kind="single").rule == "V3"
    assert started().why_not("resign", kind="single").rule == "V3, R23"   # less than the position shows


def test_engine_refusals_keep_their_rule_and_a_bare_complaint_gets_R5_R21():
    from bgsim.engine.errors import Refusal
    from bgsim.game.game import _illegal

    g = started(); g.roll(dice=(6, 1))
    with pytest.raises(IllegalGamePlayError) as info:
        g.play("13/7")
    assert info.value.rule == "R10" and info.value.refusal is not None
    bare = _illegal(IllegalPlayError("24/18 is not a play of this roll (R7 mentioned in the text)"))
    assert bare.rule == "R5-R21"
    assert str(bare) == ("24/18 is not a play of this roll (R7 mentioned in the text) "
                         "(R5-R21: not a legal play of this roll)")
    assert _illegal(IllegalPlayError(Refusal("blocked", "R7"))).rule == "R7"


def test_replay_keeps_the_rule_of_the_refusal_it_wraps():
    g = Game(Rules.match(3), rng=0, starter=0, crawford_game=True)
    with pytest.raises(RuleViolationError) as info:
        Game.replay([g.events[0], Double(0, 2)])
    assert info.value.rule == "R28" and str(info.value).startswith("replay, event 1 (Light doubles to 2): ")


def test_game_parts_live_in_their_modules():
    from bgsim.game import game_base, game_guards, game_ids, game_replay

    g = started()
    assert isinstance(g, game_base.BaseGame) and g.refused_offers == frozenset()
    assert game_guards.refusal(g, "take").rule == "R26"
    assert game_ids.xgid_of(g) == g.xgid() and game_ids.match_id_of(g) == g.match_id()
    at = game_ids.read_xgid(g.xgid())
    assert (at.rules, at.position, at.score, at.doubled, at.dice) == (g.rules, g.position, (0, 0), False, None)
    assert game_replay.record_start(g.events) is g.events[0]
    assert repr(g).startswith("<Game awaiting_double_or_roll, player on roll 0")
