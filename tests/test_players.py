"""Tests of bgsim.players.players: the Player protocol, the random, hand-written and named players, and play_game.

Rule ids: R12 (automatic passes), R22-R26 (games end, cube answers), R28 (Crawford), X2 (beavers), X3.
"""

from __future__ import annotations


import numpy as np
import pytest

from bgsim import Position
from bgsim.game.events import Beaver, Double, GameState, Move
from bgsim.game.game import Game
from bgsim.game.drive import Player, RandomPlayer
from bgsim.players.players import HandwrittenPlayer, HeuristicPlayer, play_game, shot_rolls
from bgsim.game.rules import CUBE_OFF, Rules

# The classic table of how many of the 36 rolls hit a blot at a distance (no blocking points).
SHOTS = {1: 11, 2: 12, 3: 14, 4: 15, 5: 15, 6: 17, 7: 6, 8: 6, 9: 5, 10: 3, 11: 2, 12: 3,
         13: 0, 14: 0, 15: 1, 16: 1, 17: 0, 18: 1, 19: 0, 20: 1, 21: 0, 22: 0, 23: 0, 24: 1}


@pytest.mark.parametrize("distance", sorted(SHOTS))
def test_shot_rolls_single_distance(distance):
    assert shot_rolls([distance]) == SHOTS[distance]


def test_shot_rolls_union():
    # a 1 or a 6 or a combination making 6 (5-1 has a 1 anyway, 4-2, 3-3, 2-2): 20 + 4
    assert shot_rolls([1, 6]) == 24
    assert shot_rolls([]) == 0 and shot_rolls([0, 25]) == 0


def test_builtin_players_follow_the_protocol():
    assert isinstance(RandomPlayer(0), Player)
    assert isinstance(HandwrittenPlayer(), Player)
    assert isinstance(HeuristicPlayer(), Player)


class FirstPlay:
    """A player written outside bgsim: structural typing is enough."""

    def choose_play(self, game_or_pos, dice, plays):
        return plays[0]

    def offer_double(self, game):
        return False

    def accept_double(self, game):
        return "take"


def test_custom_player_runs_a_game():
    g = play_game(Rules.money(), (FirstPlay(), FirstPlay()), rng=3)
    assert g.is_over and g.result.how == "bearoff"
    for ev in g.events:
        if isinstance(ev, Move):
            assert ev.play == ev.position.legal_plays(ev.play.dice)[0]


def test_random_player_is_reproducible():
    def run(seed):
        return play_game(Rules.money(), (RandomPlayer(seed), RandomPlayer(seed + 1)), rng=seed).events

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_random_player_answers():
    g = Game(Rules.money(beavers=True), starter=0)
    g.double()
    answers = {RandomPlayer(s, drop_rate=0.3, beaver_rate=0.3).accept_double(g) for s in range(50)}
    assert answers == {"take", "drop", "beaver"}
    g = Game(Rules.money(), starter=0)
    g.double()
    answers = {RandomPlayer(s, drop_rate=0.3, beaver_rate=0.3).accept_double(g) for s in range(50)}
    assert answers == {"take", "drop"}           # no beaver without X2
    assert not RandomPlayer(0, double_rate=0.0).offer_double(g)


def test_random_players_exercise_the_cube_X2():
    rules = Rules.money(beavers=True)
    seen = set()
    for seed in range(40):
        g = play_game(rules, (RandomPlayer(seed, double_rate=0.3, beaver_rate=0.3), RandomPlayer(seed + 50)), rng=seed)
        seen |= {type(e) for e in g.events}
        seen.add(g.result.how)
    assert {Double, Beaver, "drop", "bearoff"} <= seen


def test_handwritten_makes_the_five_point_with_3_1():
    pos = Position.initial()
    assert str(HandwrittenPlayer().choose_play(pos, (3, 1), pos.legal_plays((3, 1)))) == "8/5 6/5"


def test_handwritten_hits_a_blot():
    pos = Position.initial(turn=1).play("13/9 6/5")      # player 1 left a blot on player 0's 20-point
    for dice in [(4, 1), (4, 3), (6, 4)]:
        play = HandwrittenPlayer().choose_play(pos, dice, pos.legal_plays(dice))
        assert any(play.hits), (dice, str(play))


def test_handwritten_avoids_blots():
    # two checkers on our 8, opponent anchored on our 1-point: with 5-2 the 5 must be 8/3;
    # 8/3 8/6 leaves one blot, 8/3 6/4 leaves three
    pos = Position.from_counts({8: 2, 6: 13}, {24: 2, 1: 13}, turn=0)
    plays = pos.legal_plays((5, 2))
    assert len(plays) >= 2
    play = HandwrittenPlayer().choose_play(pos, (5, 2), plays)
    assert pos.play(play) == pos.play("8/3 8/6")


def test_handwritten_beats_random():
    rng = np.random.default_rng(12)
    wins = 0
    n = 60
    for k in range(n):
        me = k % 2
        players = [None, None]
        players[me] = HandwrittenPlayer()
        players[1 - me] = RandomPlayer(rng, double_rate=0.0)
        g = play_game(Rules.money(cube_limit=CUBE_OFF), players, rng=rng)
        wins += g.result.winner == me
    assert wins >= 0.8 * n


def test_handwritten_cube_rule():
    race_ahead = Position.from_counts({3: 15}, {6: 15}, turn=0)     # 45 pips against 90
    contact = Position.initial()
    h = HandwrittenPlayer()
    assert h.offer_double(Game(position=race_ahead))
    assert not h.offer_double(Game(position=contact))
    assert not h.offer_double(Game(Rules.money(cube_limit=CUBE_OFF), position=race_ahead))
    g = Game(position=race_ahead); g.double()
    assert h.accept_double(g) == "drop"                             # 100% behind: drop
    g = Game(position=contact); g.double()
    assert h.accept_double(g) == "take"
    close = Position.from_counts({3: 5, 4: 5, 5: 5}, {3: 5, 4: 5, 6: 5}, turn=0)   # 60 against 65
    g = Game(position=close); g.double()
    assert h.accept_double(g) == "take"
    g = Game(Rules.money(beavers=True), position=Position.from_counts({1: 15}, {6: 10, 5: 5}, turn=1))
    g.double()
    assert h.accept_double(g) == "drop"
    g = Game(Rules.money(beavers=True), position=Position.from_counts({6: 15}, {1: 15}, turn=1))
    g.double()
    assert g.can_beaver() and h.accept_double(g) == "beaver"        # X2: the doubler is far behind


@pytest.mark.parametrize("rules", [Rules.money(), Rules.match(7), Rules.short_backgammon(), Rules.hypergammon()],
                         ids=["money", "match", "short", "hyper"])
def test_play_game_finishes_under_each_preset_R22(rules):
    for seed in range(20):
        g = play_game(rules, (HandwrittenPlayer(), RandomPlayer(seed)), rng=seed)
        assert g.state is GameState.OVER and g.result is not None


def test_play_game_passes_game_options_R28():
    g = play_game(Rules.match(5), (RandomPlayer(1, double_rate=1.0), RandomPlayer(2, double_rate=1.0)),
                  rng=1, crawford_game=True, starter=1)
    assert g.crawford_game and g.cube_value == 1 and g.starter == 1


def test_play_game_checks_its_players():
    with pytest.raises(ValueError):
        play_game(Rules.money(), (RandomPlayer(0),), rng=0)

    class Undecided(FirstPlay):
        def accept_double(self, game):
            return "maybe"

    class Doubler(FirstPlay):
        def offer_double(self, game):
            return True

    with pytest.raises(ValueError, match="take"):
        play_game(Rules.money(), (Doubler(), Undecided()), rng=0)


# ---------------------------------------------------------------------------
# named players: the names of bgsim.sim.montecarlo.PLAYERS and Net objects
# ---------------------------------------------------------------------------

def test_play_game_takes_names_and_nets():
    from bgsim.sim.net import Net

    g = play_game(Rules.money(), ("net", "heuristic"), rng=3)
    assert g.is_over and g.result.winner in (0, 1)
    g = play_game(Rules.money(), (Net(), " Pubeval "), rng=4)   # names are read as estimate reads them
    assert g.is_over
    g = play_game(Rules.hypergammon(), ("random", RandomPlayer(1)), rng=5)
    assert g.is_over


def test_named_players_are_the_estimate_players():
    from bgsim.sim.montecarlo import PLAYERS
    from bgsim.sim.net import Net, NetPlayer
    from bgsim.players.players import PubevalPlayer, named_player

    made = {name: named_player(name, rng=1) for name in PLAYERS}
    assert isinstance(made["random"], RandomPlayer) and isinstance(made["net"], NetPlayer)
    assert repr(made["pubeval"]) == "PubevalPlayer()"
    assert repr(made["heuristic"]) == "HeuristicPlayer()" and type(made["heuristic"]) is HeuristicPlayer
    assert isinstance(made["heuristic"], PubevalPlayer) and made["heuristic"].bearoff   # pubeval + bear-off
    assert all(isinstance(p, Player) for p in made.values())
    assert isinstance(named_player(Net()), NetPlayer)


def test_pubeval_player_chooses_as_the_compiled_players():
    """Each choice of PubevalPlayer is the compiled pubeval's (with ``bearoff``: the compiled
    heuristic's, which in a pure bear-off takes the fewest expected rolls, R16)."""
    from bgsim.sim import _mc_kernel as K
    from bgsim.sim.compiled_players import pubeval_tables as _pubeval_tables
    from bgsim.sim.net import BINOM, bearoff_expected
    from bgsim.players.players import PubevalPlayer, named_player

    ptab, pbar, poff = _pubeval_tables()
    rng = np.random.default_rng(7)
    for pos in (Position.initial(), Position.from_counts({1: 3, 2: 4, 5: 3, 6: 5}, {3: 5, 4: 5, 22: 5}),
                Position.from_counts({1: 2, 2: 3, 4: 5, 6: 5}, {2: 5, 4: 5, 6: 5})):
        for _ in range(12):
            dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            plays = pos.legal_plays(dice)
            boards = np.array([(p.after.theirs, p.after.mine) for p in plays], dtype=np.int8)
            for code, player in ((K.PLAYER_PUBEVAL, PubevalPlayer()), (K.PLAYER_HEURISTIC, PubevalPlayer(True)),
                                 (K.PLAYER_HEURISTIC, named_player("heuristic"))):
                k = K.choose(code, pos.to_array(), len(plays), 15, np.zeros(4, np.uint64), boards, ptab, pbar, poff,
                             bearoff_expected(), BINOM, K.no_net())
                assert player.choose_play(pos, dice, plays) is plays[k]


def test_unknown_player_names_are_refused_with_the_choices():
    from bgsim.engine.errors import InvalidSettingError

    with pytest.raises(InvalidSettingError, match="unknown player 'wizard': choose from random, pubeval, "
                                                  "heuristic, net"):
        play_game(Rules.money(), ("wizard", "random"), rng=0)
    with pytest.raises(InvalidSettingError, match="a player is a Player"):
        play_game(Rules.money(), (42, "random"), rng=0)
    with pytest.raises(InvalidSettingError, match="two players"):
        play_game(Rules.money(), "random", rng=0)


# ---------------------------------------------------------------------------
# one name, one player (issue 18): HeuristicPlayer is "heuristic"; the hand-written one is HandwrittenPlayer
# ---------------------------------------------------------------------------

def test_each_name_is_one_player_and_its_class_has_the_name():
    import bgsim
    from bgsim.sim.compiled_players import PLAYER_DESCRIPTIONS, PLAYERS
    from bgsim.sim.net import NetPlayer
    from bgsim.players.players import PubevalPlayer, named_player

    classes = {"random": RandomPlayer, "pubeval": PubevalPlayer, "heuristic": HeuristicPlayer, "net": NetPlayer}
    assert set(classes) == set(PLAYERS)
    for name in PLAYERS:
        assert type(named_player(name, rng=1)) is classes[name], name
    assert PLAYER_DESCRIPTIONS["heuristic"] == "pubeval plus the exact bear-off database"
    assert bgsim.HeuristicPlayer is HeuristicPlayer and bgsim.HandwrittenPlayer is HandwrittenPlayer
    assert "HandwrittenPlayer" in bgsim.__all__ and "HeuristicPlayer" in bgsim.__all__
    assert repr(HandwrittenPlayer()) == "HandwrittenPlayer()"


def test_making_a_heuristic_player_by_hand_does_not_warn():
    """The name changed meaning in 0.2 (it was the hand-written player, CHANGELOG.md); the one-release
    warning is gone: making one by hand or by its name does not warn, and it plays as "heuristic"."""
    import pickle
    import warnings

    from bgsim.players.players import PubevalPlayer, named_player

    with warnings.catch_warnings():
        warnings.simplefilter("error")                   # none of these warns
        h = HeuristicPlayer(double_lead=0.1)
        named = named_player("heuristic")
        back = pickle.loads(pickle.dumps(h))
        play_game(Rules.money(), ("heuristic", "random"), rng=1)
    assert h.bearoff and h.double_lead == 0.1 and repr(h) == "HeuristicPlayer()"
    assert type(back) is HeuristicPlayer and back.double_lead == 0.1
    pos = Position.from_counts({1: 1, 4: 2, 6: 2}, {1: 2})          # a pure bear-off (R16)
    plays = pos.legal_plays((4, 2))
    assert str(named.choose_play(pos, (4, 2), plays)) == str(PubevalPlayer(bearoff=True).choose_play(
        pos, (4, 2), plays)) == "6/off"                                # the bear-off database, as "heuristic"
    assert str(PubevalPlayer().choose_play(pos, (4, 2), plays)) == "4/off 4/2"
    start = Position.initial()                                         # two different players:
    plays = start.legal_plays((6, 2))
    assert str(HandwrittenPlayer().choose_play(start, (6, 2), plays)) == "13/5"
    assert str(named.choose_play(start, (6, 2), plays)) == "24/16"
