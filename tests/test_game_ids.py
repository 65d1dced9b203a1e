"""Full game state in IDs: Game.from_xgid / from_gnubg_ids and game.xgid() / match_id() round trips."""

from __future__ import annotations

import pytest

from bgsim import Game, Match, Position, Rules, play_game
from bgsim.engine.errors import BgsimError, ParseError, RuleViolationError
from bgsim.game.events import GameState
from bgsim.engine.ids import decode_match_id, decode_xgid
from bgsim.game.drive import RandomPlayer, drive
from bgsim.players.players import HandwrittenPlayer

START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def prefixes(game: Game):
    """The game at every point of its record (replayed from the first k events)."""
    events = game.events
    for k in range(1, len(events) + 1):
        yield Game.replay(events[:k])


def check_round_trip(game: Game, score=(0, 0)) -> None:
    x = game.xgid(score=score)
    again = Game.from_xgid(x, game.rules if game.rules.is_money else None)
    assert again.xgid() == x
    assert again.id_score == tuple(score)
    assert again.position == game.position or game.state is GameState.OPENING
    assert (again.cube_value, again.cube_owner, again.crawford_game) == (game.cube_value, game.cube_owner,
                                                                         game.crawford_game)
    assert again.dice == game.dice and again.state == (
        GameState.AWAITING_DOUBLE_OR_ROLL if game.state is GameState.OPENING else game.state)
    assert again.player_to_act == (game.player_to_act if game.state is not GameState.OPENING else 0)
    if not game.cube.beaver_pending:
        m = game.match_id(score=score)
        back = Game.from_gnubg_ids(game.position.gnubg_id(), m)
        assert back.match_id() == m and back.gnubg_id() == game.position.gnubg_id()
        assert back.state == game.state and back.dice == game.dice and back.cube == game.cube


@pytest.mark.parametrize("seed", range(4))
def test_round_trip_on_every_point_of_seeded_money_games(seed):
    rules = Rules.money(jacoby=seed % 2 == 1, beavers=seed >= 2)
    game = play_game(rules, (HandwrittenPlayer(), RandomPlayer(seed)), rng=seed)
    for g in prefixes(game):
        if g.is_over:
            continue
        check_round_trip(g)


def test_round_trip_with_doubles_beavers_and_dice():
    g = Game(Rules.money(beavers=True), rng=1, starter=0)
    check_round_trip(g)
    g.double()
    assert g.xgid().split(":")[4] == "D"
    check_round_trip(g)
    g.beaver()
    x = g.xgid()
    assert x.split(":")[1:5] == ["0", "0", "1", "B"]   # the cube as before the double, centred
    check_round_trip(g)
    with pytest.raises(RuleViolationError, match="beaver"):
        g.match_id()
    g.take()
    assert (g.cube_value, g.cube_owner) == (4, 1)
    g.roll(dice=(6, 1))
    check_round_trip(g)
    again = Game.from_xgid(g.xgid())
    again.play("13/7 8/7")
    assert again.cube_value == 4 and again.player_on_roll == 1


def test_round_trip_in_a_seeded_match_with_scores():
    m = Match(5, rng=3, players=(HandwrittenPlayer(), HandwrittenPlayer()))
    seen_crawford = False
    while not m.is_over:
        score = m.score
        game = m.game
        before = len(m.games)
        # play this game to its end, checking IDs at every point of it
        drive(game, (HandwrittenPlayer(), HandwrittenPlayer()))
        for g in prefixes(game):
            if g.is_over:
                continue
            check_round_trip(g, score)
            x = g.xgid(score=score)
            assert decode_xgid(x)[3].match_length == 5
            seen_crawford |= g.crawford_game
        assert len(m.games) >= before
    assert max(m.score) >= 5 and isinstance(seen_crawford, bool)


def test_xgid_fields_are_kept():
    x = "XGID=-BDB-------------a------e-:1:-1:-1:42:3:2:0:5:8"
    g = Game.from_xgid(x)
    assert g.rules.match_length == 5 and g.rules.cube_limit == 256 and g.rules.crawford
    assert (g.cube_value, g.cube_owner, g.id_score, g.dice, g.player_on_roll) == (2, 1, (3, 2), (4, 2), 1)
    assert g.state is GameState.AWAITING_PLAY and g.xgid() == x
    crawford = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:4:2:1:5:10"
    g = Game.from_xgid(crawford)
    assert g.crawford_game and not g.can_double() and g.xgid() == crawford
    money = "XGID=-b----E-C---eE---c-e----B-:2:1:-1:00:0:0:3:0:10"
    g = Game.from_xgid(money)
    assert g.rules.is_money and g.rules.jacoby and g.rules.beavers and g.rules.cube_limit is None
    assert (g.cube_value, g.cube_owner, g.player_on_roll) == (4, 0, 1)
    assert not g.can_double()          # player 0 owns the cube; player 1 is on roll (R25)
    assert g.xgid() == money


def test_xgid_with_rules_must_agree():
    g = Game.from_xgid(START_XGID, Rules.money(ending="mars"))
    assert g.rules.ending == "mars"
    with pytest.raises(RuleViolationError, match="money game, but the rules are a 7-point match"):
        Game.from_xgid(START_XGID, Rules.match(7))
    with pytest.raises(RuleViolationError, match="X1"):
        Game.from_xgid(START_XGID, Rules.money(jacoby=True))
    with pytest.raises(RuleViolationError, match="5-point match, but the rules are a 7-point"):
        Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:5:10", Rules.match(7))
    with pytest.raises(RuleViolationError, match="raccoon"):
        Game.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:R:0:0:2:0:10")
    with pytest.raises(ParseError):
        Game.from_xgid("XGID=nonsense")


def test_gnubg_match_ids_the_id_tests_use():
    manual = "QYkqASAAIAAA"
    s = decode_match_id(manual)
    pos = Position.initial(1)
    g = Game.from_gnubg_ids(pos.gnubg_id(), manual)
    assert g.match_id() == manual and g.id_score == s.score == (2, 4)
    assert (g.cube_value, g.cube_owner, g.dice, g.player_on_roll) == (2, 0, (5, 2), 1)
    # a Position ID and Match ID pair from backgammon-engine-kit's docs; gnubg's player 0 is on roll
    g = Game.from_gnubg_ids("ewMAAD4gAAAAAA", "AQGqAAAAAAAE")
    assert g.match_id() == "AQGqAAAAAAAE" and g.gnubg_id() == "ewMAAD4gAAAAAA"
    assert (g.rules.match_length, g.cube_value, g.cube_owner, g.dice) == (5, 2, 0, (4, 2))
    # a Crawford game 2-1 in a 3-point match; gnubg wrote "no game" though dice are rolled
    x = Game.from_gnubg_ids(Position.initial(1).gnubg_id(), "8IhuACAACAAE")
    assert x.crawford_game and x.id_score == (2, 1) and x.dice == (5, 3)
    again = Game.from_gnubg_ids(x.gnubg_id(), x.match_id())
    assert again.match_id() == x.match_id()
    # before the opening roll
    g = Game.from_gnubg_ids("4HPwATDgc/ABMA", "MAAAAAAAAAAA")
    assert g.state is GameState.OPENING and g.match_id() == "MAAAAAAAAAAA"


def test_gnubg_ids_refused():
    start = "4HPwATDgc/ABMA"
    from bgsim.engine.ids import GAME_DROPPED, RESIGN_GAMMON, MatchState, encode_match_id
    with pytest.raises(RuleViolationError, match="over"):
        Game.from_gnubg_ids(start, encode_match_id(MatchState(game_state=GAME_DROPPED)))
    with pytest.raises(RuleViolationError, match="resignation"):
        Game.from_gnubg_ids(start, encode_match_id(MatchState(resignation=RESIGN_GAMMON, turn=1)))
    with pytest.raises(RuleViolationError, match="turn"):
        Game.from_gnubg_ids(start, encode_match_id(MatchState(turn=1)))
    with pytest.raises(RuleViolationError, match="R27"):
        Game.from_gnubg_ids(start, encode_match_id(MatchState(match_length=5, score=(5, 2))))
    with pytest.raises(RuleViolationError, match="R28"):
        Game.from_gnubg_ids(start, encode_match_id(MatchState(match_length=5, score=(1, 2), crawford=True)))
    with pytest.raises(BgsimError):
        Game.from_gnubg_ids(start, "QYkqAS*AIAAA")


def test_double_offered_in_a_match_id():
    g = Game(Rules.match(7), starter=0)
    g.double()
    m = g.match_id(score=(3, 1))
    s = decode_match_id(m)
    assert s.double_offered and s.turn == 1 and s.player_on_roll == 0 and s.cube_value == 1
    back = Game.from_gnubg_ids(g.gnubg_id(), m)
    assert back.state is GameState.AWAITING_ANSWER and back.player_to_act == 1
    back.take()
    assert (back.cube_value, back.cube_owner) == (2, 1)


def test_finished_games_write_their_state():
    g = Game(starter=0)
    g.double()
    g.drop()
    assert decode_match_id(g.match_id()).game_state == 4
    g = play_game(Rules.money(), rng=2)
    assert decode_match_id(g.match_id()).game_state == 2
    assert g.xgid().startswith("XGID=")


def test_the_id_readers_give_plain_values_and_keep_the_rule():
    from bgsim.game.game_ids import IdGame, read_gnubg_ids, read_xgid

    g = Game(Rules.money(beavers=True), starter=0); g.double(); g.beaver()
    at = read_xgid(g.xgid())
    assert isinstance(at, IdGame) and at.doubled and at.beavered and at.dice is None and at.rules == g.rules
    at = read_gnubg_ids("4HPwATDgc/ABMA", "QYkqASAAIAAA")
    assert (at.score, at.dice, at.doubled, at.position is not None) == ((2, 4), (5, 2), False, True)
    with pytest.raises(RuleViolationError) as info:
        read_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", Rules.match(7))
    assert info.value.rule == "R27"
    with pytest.raises(RuleViolationError) as info:
        Game.from_xgid(g.xgid().replace(":B:", ":R:"))
    assert info.value.rule == "X2"
