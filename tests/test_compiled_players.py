"""bgsim.sim.compiled_players: the named compiled players, their tables and compiled_choice."""

from __future__ import annotations

import numpy as np
import pytest

from bgsim import Position
from bgsim.sim import montecarlo
from bgsim.sim.compiled_players import (
    PLAYER_DESCRIPTIONS,
    PLAYERS,
    compiled_choice,
    pubeval_tables,
    pubeval_weights,
)
from bgsim.engine.errors import InvalidSettingError
from bgsim.sim.net import Net, NetPlayer


def test_every_name_is_described_and_montecarlo_shows_the_same_names():
    assert set(PLAYER_DESCRIPTIONS) == set(PLAYERS)
    assert montecarlo.PLAYERS is PLAYERS
    assert montecarlo.pubeval_weights is pubeval_weights


def _pubeval_by_hand(pos: Position, plays) -> int:
    """Pubeval's choice computed from the published weights in plain Python (not the tables)."""
    race, contact = pubeval_weights()
    mine, theirs = pos.mine, pos.theirs
    hi_me = max((p for p in range(1, 26) if mine[p]), default=0)
    hi_them = max((p for p in range(1, 26) if theirs[p]), default=0)
    w = contact if hi_me and hi_them and hi_me + hi_them > 25 else race   # chosen before the move
    best, best_s = 0, -np.inf
    for k, play in enumerate(plays):
        after = play.after
        m, t = after.theirs, after.mine          # the mover's view after the move
        if m[0] == pos.checkers:
            return k                             # bears off the last checker
        s = w[120] * t[25] / 2 + w[121] * m[0] / 15
        for p in range(1, 25):
            n = m[p] - t[25 - p]
            base = 5 * (24 - p)
            if n == -1:
                s += w[base]
            elif n == 1:
                s += w[base + 1]
            elif n >= 2:
                s += w[base + 2] + (w[base + 3] if n == 3 else 0) + (w[base + 4] * (n - 3) / 2 if n >= 4 else 0)
        if s > best_s:
            best, best_s = k, s
    return best


def _random_walk(seed: int, turns: int = 200):
    """(position, dice) along random play from the start (a new game after each finished one)."""
    rng = np.random.default_rng(seed)
    pos, out = Position.initial(), []
    for _ in range(turns):
        if max(pos.mine[0], pos.theirs[0]) == pos.checkers:   # a side has borne off (R22)
            pos = Position.initial()
        dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        out.append((pos, dice))
        plays = pos.legal_plays(dice)
        pos = plays[int(rng.integers(len(plays)))].after
    return out


def test_compiled_pubeval_chooses_as_the_published_weights_say():
    assert pubeval_tables() is pubeval_tables()   # loaded once per process
    checked = 0
    for pos, dice in _random_walk(3, 600):
        plays = pos.legal_plays(dice)
        if len(plays) > 1:
            assert compiled_choice("pubeval", pos, plays) == _pubeval_by_hand(pos, plays)
            checked += 1
    assert checked > 300


def test_the_net_by_name_and_as_an_object_choose_alike():
    pos = Position.initial()
    plays = pos.legal_plays((6, 4))
    assert compiled_choice("net", pos, plays) == compiled_choice(Net(), pos, plays)
    assert compiled_choice(NetPlayer(), pos, plays) == compiled_choice(Net(), pos, plays)


@pytest.mark.parametrize("player", ["random", "nobody", 3])
def test_compiled_choice_refuses_what_it_cannot_play(player):
    pos = Position.initial()
    with pytest.raises(InvalidSettingError, match="compiled_choice plays"):
        compiled_choice(player, pos, pos.legal_plays((3, 1)))


def test_compiled_choice_needs_a_play():
    with pytest.raises(InvalidSettingError, match="R12"):
        compiled_choice("pubeval", Position.initial(), [])
