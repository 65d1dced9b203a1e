"""The thin per-call API (issue 11): LegalPlays, the fast ids, parse_play without dice.

Each fast path is compared with a plain reference kept here: the eager list of plays the
engine's output used to be turned into, the bit-by-bit ID codecs, and parse_play trying
all 21 rolls. Positions come from random self-play games (tests/support/games.py).
"""

from __future__ import annotations

import base64
import pickle
import threading

import numpy as np
import pytest

from bgsim import IllegalPlayError, LegalPlays, ParseError, Play, Position
from bgsim.engine import _kernel, plays as plays_module
from bgsim.engine import plays as plays_module
from bgsim.engine.errors import AmbiguousPlayError
from bgsim.game.game import Game
from bgsim.engine.ids import decode_position_id, decode_xgid, encode_position_id, encode_xgid
from bgsim.engine.notation import format_play
from bgsim.engine.plays import ROLLS
from tests.support.games import random_game_cases

CASES = random_game_cases(400, seed=1111)


def _positions():
    return [(Position(m, t), d) for m, t, d in CASES]


def eager_plays(pos: Position, dice, caucasian: bool = False) -> list[Play]:
    """The legal plays as generate_plays built them before LegalPlays: every Play at once."""
    ws = _kernel.Workspace()
    n = _kernel.generate(pos.to_array(), dice[0], dice[1], _kernel.FLAG_CAUCASIAN if caucasian else 0, *ws.arrays())
    out = []
    for i in range(n):
        k = int(ws.nmoves[i])
        steps = tuple((int(ws.moves[i, j, 0]), int(ws.moves[i, j, 1])) for j in range(k))
        hits = tuple(bool(ws.moves[i, j, 2] == 1) for j in range(k))
        after = Position(tuple(int(x) for x in ws.boards[i, 1]), tuple(int(x) for x in ws.boards[i, 0]),
                         1 - pos.turn)
        out.append(Play(steps, tuple(dice), hits, pos, after, caucasian))
    return out


# ---------------------------------------------------------------------------
# LegalPlays (R5-R21: the same plays, in the same order, as the eager list)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("caucasian", [False, True])
def test_legal_plays_equal_the_eager_list_item_by_item_R5_R21(caucasian):
    for pos, dice in _positions()[:200]:
        ref = eager_plays(pos, dice, caucasian)
        lazy = pos.legal_plays(dice, caucasian=caucasian)
        assert isinstance(lazy, LegalPlays) and len(lazy) == len(ref)
        assert lazy == ref and ref == lazy and not (lazy != ref)
        assert [p.after for p in lazy] == [p.after for p in ref]
        assert [p.hits for p in lazy] == [p.hits for p in ref]
        assert all(p.before is pos and p.caucasian == caucasian for p in lazy)
        assert list(lazy.afters()) == [p.after for p in ref] and lazy.positions() == lazy.afters()


def test_indexing_slicing_and_search_like_a_list():
    for pos, dice in _positions()[:150]:
        ref = eager_plays(pos, dice)
        lazy = pos.legal_plays(dice)
        n = len(ref)
        for i in (0, n - 1, -1, -n, n // 2):
            assert lazy[i] == ref[i] and lazy[i].after == ref[i].after
        assert lazy[1:3] == ref[1:3] and lazy[::-1] == ref[::-1] and lazy[5:2] == []
        assert lazy[::2] == ref[::2] and lazy[-2:] == ref[-2:]
        for i, p in enumerate(ref):
            assert p in lazy and lazy.index(p) == i and lazy.count(p) == 1
        with pytest.raises(IndexError):
            lazy[n]
        with pytest.raises(IndexError):
            lazy[-n - 1]
        assert np.int64(0) is not None and lazy[np.int64(0)] == ref[0]   # numpy ints index too


def test_membership_compares_steps_dice_and_hits_like_play_eq():
    pos = Position.initial()
    plays = pos.legal_plays((6, 1))
    play = plays[4]
    assert Play(((13, 7), (8, 7)), (6, 1), (False, False)) in plays          # made by hand: equal
    assert Play(((13, 7), (8, 7)), (1, 6), (False, False)) not in plays      # other dice order: not equal
    assert Play(((8, 7), (13, 7)), (6, 1), (False, False)) not in plays      # other step order
    assert Play(((13, 7), (8, 7)), (6, 1), (True, False)) not in plays       # other hits
    assert "13/7 8/7" not in plays and None not in plays and 4 not in plays
    assert plays.index(play) == 4 and plays.count("x") == 0
    with pytest.raises(ValueError):
        plays.index(Play(((24, 18), (18, 17)), (6, 1)))
    assert plays.index(plays[7], 5) == 7
    with pytest.raises(ValueError):
        plays.index(plays[3], 4)


def test_plays_are_built_once_and_cached():
    plays = Position.initial().legal_plays((5, 2))
    assert plays[3] is plays[3] and plays[-1] is plays[len(plays) - 1]
    assert list(plays)[3] is plays[3]
    assert plays.afters()[3] is plays[3].after          # the same position objects
    fresh = Position.initial().legal_plays((5, 2))
    assert fresh.afters()[2] is fresh[2].after          # afters first, then the play


def test_legal_plays_are_immutable():
    plays = Position.initial().legal_plays((4, 2))
    with pytest.raises(TypeError):
        plays[0] = plays[1]
    with pytest.raises(TypeError):
        del plays[0]
    with pytest.raises(AttributeError):
        plays.append(plays[0])
    with pytest.raises(AttributeError):
        plays.extra = 1
    with pytest.raises(TypeError):
        hash(plays)   # compared with lists, like a list
    before = list(plays)
    copy = plays[:]
    copy.pop()                                          # a slice is a new list
    assert list(plays) == before and len(plays) == len(before)


def test_repr_equality_pickle_and_results_survive_the_next_call():
    pos = Position.initial()
    plays = pos.legal_plays((3, 1))
    assert repr(plays) == repr(list(plays))
    assert plays == pos.legal_plays((3, 1)) and plays != pos.legal_plays((1, 3)) and plays != pos.legal_plays((4, 1))
    assert plays != "x" and plays != tuple(plays)       # like a list: equal to lists only
    snapshot = [str(p) for p in plays]
    for roll in ((6, 6), (2, 1), (5, 5)):               # the kernel buffers are reused ...
        pos.legal_plays(roll)
    assert [str(p) for p in plays] == snapshot          # ... the copy is not
    back = pickle.loads(pickle.dumps(plays))
    assert back == plays and back.before == pos and back.dice == (3, 1)


def test_empty_play_and_dice_checks_R12():
    blocked = Position.from_counts({25: 1, 13: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 0: 3})
    plays = blocked.legal_plays((3, 3))
    assert len(plays) == 1 and plays[0].is_empty and plays[0].after == blocked.swap()
    assert plays == [Play((), (3, 3))]
    for bad in ((7, 1), (True, 1), (6.0, 1), "61", (1, 2, 3), None):
        with pytest.raises(IllegalPlayError):
            Position.initial().legal_plays(bad)
    assert Position.initial().legal_plays([6, 1]) == Position.initial().legal_plays((6, 1))
    assert Position.initial().legal_plays((np.int64(6), np.int8(1)))[0].dice == (6, 1)


def test_each_thread_gets_its_own_buffers():
    cases = _positions()[:60]
    expected = [[str(p) for p in pos.legal_plays(d)] for pos, d in cases]
    errors = []

    def work():
        for _ in range(3):
            for (pos, d), want in zip(cases, expected, strict=True):
                if [str(p) for p in pos.legal_plays(d)] != want:
                    errors.append((pos, d))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_game_hands_out_the_legal_plays_and_takes_them_back():
    g = Game(starter=0)
    g.roll(dice=(6, 1))
    plays = g.legal_plays()
    assert isinstance(plays, LegalPlays) and plays == Position.initial().legal_plays((6, 1))
    chosen = plays[4]
    g.play(chosen)
    assert g.position == chosen.after and g.events[-1].play is chosen
    g.roll(dice=(3, 1))
    hand = Play(((8, 5), (6, 5)), (3, 1), (False, False))      # equal, not identical: found by result
    g.play(hand)
    assert g.events[-1].play == hand and g.events[-1].play.after is not None
    assert g.legal_plays() == []


# ---------------------------------------------------------------------------
# Fast ids vs the bit-by-bit reference (gnubg manual; XG's format)
# ---------------------------------------------------------------------------

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def slow_position_id(mine, theirs) -> str:
    key, bit = 0, 0
    for side in (theirs, mine):
        for slot in range(1, 26):
            n = side[slot]
            key |= ((1 << n) - 1) << bit
            bit += n + 1
    value = int.from_bytes(key.to_bytes(10, "little"), "big") << 4
    return "".join(_ALPHABET[(value >> (6 * (13 - i))) & 63] for i in range(14))


def slow_decode_position_id(text: str, checkers: int = 15):
    raw = base64.b64decode(text + "==")
    key = int.from_bytes(raw, "little")
    sides, bit = [], 0
    for _ in range(2):
        counts = [0] * 26
        for slot in range(1, 26):
            while (key >> bit) & 1:
                counts[slot] += 1
                bit += 1
            bit += 1
        counts[0] = checkers - sum(counts)
        sides.append(tuple(counts))
    theirs, mine = sides
    return mine, theirs


def slow_xgid(mine, theirs, turn) -> str:
    bottom, top = (mine, theirs) if turn == 0 else (theirs, mine)
    chars = []
    for i in range(26):
        b = bottom[i] if i >= 1 else 0
        t = top[25 - i] if i <= 24 else 0
        chars.append(chr(ord("A") + b - 1) if b else chr(ord("a") + t - 1) if t else "-")
    return "XGID=" + "".join(chars) + (":0:0:1:00:0:0:0:0:10" if turn == 0 else ":0:0:-1:00:0:0:0:0:10")


def test_fast_ids_match_the_reference_and_round_trip():
    seen = set()
    for pos, _d in _positions():
        for p in (pos, pos.swap(), pos.mirror()):
            gid, xgid = p.gnubg_id(), p.xgid()
            assert gid == slow_position_id(p.mine, p.theirs) == encode_position_id(p.mine, p.theirs)
            assert xgid == slow_xgid(p.mine, p.theirs, p.turn) == encode_xgid(p.mine, p.theirs, p.turn)
            assert decode_position_id(gid) == slow_decode_position_id(gid) == (p.mine, p.theirs)
            assert Position.from_gnubg_id(gid, turn=p.turn) == p and Position.from_xgid(xgid) == p
            assert decode_xgid(xgid)[:3] == (p.mine, p.theirs, p.turn)
            seen.add(gid)
    assert len(seen) > 500


def test_fast_ids_for_hypergammon_and_surrounding_space_X3():
    start = Position.initial(variant="hypergammon")
    gid = start.gnubg_id()
    assert gid == slow_position_id(start.mine, start.theirs)
    assert Position.from_gnubg_id(f"  {gid}\n", checkers=3) == start
    assert Position.from_xgid(" " + start.xgid() + " ", checkers=3) == start
    assert Position.from_xgid(start.xgid()[5:], checkers=3) == start      # without the XGID= prefix


_TWO = (13,) + (0,) * 5 + (2,) + (0,) * 19   # 13 off, 2 on the 6-point


@pytest.mark.parametrize("text, message", [
    ("4HPwATDgc/ABM", "has 14 characters, got 13"),
    ("4HPwATDgc/AB!A", "is not in the base64"),
    ("4HPwATDgc/ABMB", "unused low bits"),
    ("/////////////w", "more than 15 checkers"),
    # two checkers a side on the board (54 bits used), and bit 70 set
    (base64.b64encode((int.from_bytes(base64.b64decode(slow_position_id(_TWO, _TWO) + "=="), "little") | 1 << 70)
                      .to_bytes(10, "little")).decode()[:14], "non-zero bit"),
    # one checker each on the same point: my 1-point is their 24-point (R1)
    (slow_position_id((14, 1) + (0,) * 24, (14,) + (0,) * 23 + (1, 0)), "both sides have checkers on one point"),
])
def test_malformed_position_ids_still_explain_themselves(text, message):
    with pytest.raises(ParseError, match=message):
        Position.from_gnubg_id(text)


def test_hypergammon_id_with_too_many_checkers_is_refused():
    with pytest.raises(ParseError, match="more than 3 checkers"):
        Position.from_gnubg_id(Position.initial().gnubg_id(), checkers=3)


@pytest.mark.parametrize("text, message", [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:0:0:10", "dice"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", "10 ':'-separated fields"),
    ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "top player's bar"),
    ("XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10", "bottom player's bar"),
    ("XGID=-b----E-C---eE---c-e----BB:0:0:1:00:0:0:0:0:10", "more than 15"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10", "Crawford/Jacoby"),
    ("XGID=-b----E-C--?eE---c-e----B-:0:0:1:00:0:0:0:0:10", "has '?'"),
])
def test_malformed_xgids_still_explain_themselves_even_after_a_good_one(text, message):
    Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")   # fills the fast path's table
    with pytest.raises(ParseError, match=message):
        Position.from_xgid(text)


def test_xgid_state_is_read_on_the_fast_path_too():
    text = "XGID=-b----E-C---eE---c-e----B-:1:-1:-1:31:2:5:0:7:10"
    first = decode_xgid(text)
    second = decode_xgid(text)                           # the tail is known now
    assert first == second and second[3].cube_value == 2 and second[3].cube_owner == 1 and second[2] == 1


# ---------------------------------------------------------------------------
# parse_play without dice: the same answer as trying all 21 rolls (R5-R21)
# ---------------------------------------------------------------------------


def parse_all_rolls(pos: Position, text: str):
    """parse_play's answer when it tried every roll: {roll: play}."""
    by_roll = {}
    for roll in ROLLS:
        try:
            by_roll[roll] = pos.legal_plays(roll).resolve(text)
        except IllegalPlayError:
            pass
    return by_roll


def _outcome(pos: Position, text: str, dice=None):
    try:
        play = pos.parse_play(text, dice)
    except (ParseError, IllegalPlayError) as exc:
        return type(exc).__name__, str(exc)
    return play, play.dice, play.after


def test_parse_play_without_dice_agrees_with_all_rolls_and_with_the_dice(monkeypatch):
    rng = np.random.default_rng(5)
    texts = []
    for pos, dice in _positions()[:250]:
        plays = pos.legal_plays(dice)
        play = plays[int(rng.integers(len(plays)))]
        # merged notation, and the same with the hit marks after the first left out
        for text in {str(play), format_play(play.steps, play.hits[:1])}:
            texts.append((pos, dice, play, text))
    fast = [_outcome(pos, text) for pos, _d, _p, text in texts]
    with monkeypatch.context() as m:   # the old way: every one of the 21 rolls
        m.setattr(plays_module, "_possible_rolls", lambda mine, after: list(ROLLS))
        slow = [_outcome(pos, text) for pos, _d, _p, text in texts]
    assert fast == slow
    found = 0
    for (pos, dice, play, text), got in zip(texts, fast, strict=True):
        if isinstance(got[0], Play):
            found += 1
            assert got[0].after == pos.parse_play(text, got[1]).after
            if sorted(got[1]) == sorted(dice):
                assert got[2] == play.after or text != str(play)
        else:
            assert got[0] == "AmbiguousPlayError"    # a legal play is never refused, only ambiguous
    assert found > 150


def test_parse_play_without_dice_keeps_its_errors():
    start = Position.initial()
    assert str(start.parse_play("24/18 18/13")) == "24/13" and str(start.parse_play("24/14")) == "24/14"  # 5-5
    assert sorted(parse_all_rolls(start, "24/16")) == [(2, 2), (5, 3), (6, 2)]
    with pytest.raises(AmbiguousPlayError, match=r"several rolls \(6-2, 5-3, 2-2\)"):
        start.parse_play("24/16")
    for text in ("13/11", "6/off", "(no play)"):       # R10, R16, R12: no roll makes these legal here
        assert parse_all_rolls(start, text) == {}
        with pytest.raises(IllegalPlayError, match="not a legal play of any roll here"):
            start.parse_play(text)
    with pytest.raises(ParseError, match="backwards"):
        start.parse_play("13/14")


# ---------------------------------------------------------------------------
# The pieces under legal_plays: positions from the engine, the compiled entry
# ---------------------------------------------------------------------------


def test_positions_from_the_engine_hash_and_compare_like_built_ones():
    for pos, dice in _positions()[:100]:
        afters = pos.legal_plays(dice).afters()
        built = [Position(a.mine, a.theirs, a.turn) for a in afters]
        assert afters == tuple(built) and [hash(a) for a in afters] == [hash(b) for b in built]
        assert set(afters) == set(built) and len(set(afters)) == len(afters)   # one play per result (R5-R21)
        assert all(a.to_array().tolist() == b.to_array().tolist() for a, b in zip(afters, built, strict=True))


def test_to_array_is_a_fresh_writable_copy():
    pos = Position.initial()
    a = pos.to_array()
    assert a.dtype == np.int8 and a.shape == (2, 26) and a.flags.writeable
    a[0, 24] = 9
    assert pos.to_array()[0, 24] == 2 and pos.mine[24] == 2
    assert pos.legal_plays((6, 1)) == Position.initial().legal_plays((6, 1))


def test_the_direct_entry_and_numba_dispatch_give_the_same_plays(monkeypatch):
    cases = _positions()[:100]
    direct = [list(pos.legal_plays(d)) for pos, d in cases]
    monkeypatch.setattr(plays_module, "_generate_packed", _kernel.generate_packed)   # the dispatcher
    assert [list(pos.legal_plays(d)) for pos, d in cases] == direct


def test_each_thread_has_its_own_packed_buffer():
    mine = plays_module._packed()
    seen = []
    t = threading.Thread(target=lambda: seen.append(plays_module._packed()))
    t.start()
    t.join()
    assert seen[0][0] is not mine[0] and plays_module._packed()[0] is mine[0]
    assert not np.shares_memory(seen[0][0], mine[0])
