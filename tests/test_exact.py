"""Exact odds over the 36 rolls (bgsim.odds.exact) against the published tables and hand counts.

Every expected number here comes from a published table or is counted by hand in a comment;
positions are legal 15-checker positions whose other checkers are borne off, so nothing but
the checkers named can block or hit (R7: a point held by two or more checkers is closed).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from bgsim import BgsimError, InvalidPositionError, Position
from bgsim.odds.exact import (
    EnterOdds, Odds, Shots, bearoff_chance, chance, closeout_chance, enter_chance, hit_chance, odds, roll_name,
    shot_chance, shots,
)

from tests.support.positions import gen_anything, gen_bar
from tests.support.reference import reference_results

# Published: the number of the 36 rolls that hit a blot d = 1..24 pips away with one checker and
# nothing in between (OEIS A055100, "In the game of backgammon, the number of blot hitting rolls
# when the blot is n points away"; the same table is in every backgammon primer).
HIT_TABLE = [11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1]

# Published: one checker borne off in one roll from 4..12 pips (the checker on that point).
ONE_ROLL_OFF = {4: 34, 5: 31, 6: 27, 7: 23, 8: 17, 9: 12, 10: 8, 11: 6, 12: 4}


# ------------------------------------------------------------------------------ hitting (R5-R8)


@pytest.mark.parametrize("d", range(1, 25))
def test_hit_table_from_the_bar(d):
    """R8, R14, R5, R6: one checker on the bar, one blot d pips away (my point 25 - d = their d)."""
    pos = Position.from_counts({25: 1}, {d: 1})
    assert hit_chance(pos).count == HIT_TABLE[d - 1]
    assert hit_chance(pos, 25 - d).count == HIT_TABLE[d - 1]


@pytest.mark.parametrize("d", range(1, 24))
def test_hit_table_from_the_24_point(d):
    """The same table from my 24 point: the blot on my point 24 - d (their point d + 1)."""
    pos = Position.from_counts({24: 1}, {d + 1: 1})
    assert hit_chance(pos).count == HIT_TABLE[d - 1]


def test_hit_rolls_are_the_right_ones():
    """d = 6: any 6 (11 rolls), 51 and 42 (two each), 33 and 22 -- 17 (R5, R6)."""
    got = hit_chance(Position.from_counts({13: 1}, {18: 1}))
    assert got.roll_names() == ("66", "65", "64", "63", "62", "61", "51", "42", "33", "22")
    assert got.count == 17 and got.fraction == Fraction(17, 36)
    assert len(set(got.rolls)) == len(got.rolls)  # ordered rolls, each once
    assert (1, 5) in got.rolls and (5, 1) in got.rolls and (3, 3) in got.rolls


def test_blocking_points_are_respected():
    """R5, R7: a blot 6 away; its owner holds the points 2 and 3 pips in front of the hitter.
    Hits: any 6 (11), 51 (2: via 1 or 5, both open), 42 (2: via the open 4); 33 and 22 land on
    the closed points: 15 rolls."""
    pos = Position.from_counts({13: 1}, {18: 1, 14: 2, 15: 2})
    assert hit_chance(pos).count == 15
    # Close every intermediate point 1..5 pips ahead: only a direct 6 hits (11 rolls).
    pos = Position.from_counts({13: 1}, {18: 1, 13: 2, 14: 2, 15: 2, 16: 2, 17: 2})
    assert hit_chance(pos).count == 11


def test_shots_per_blot_and_union():
    """Two blots, 6 and 4 pips away: 17 and 15 rolls; together 27 (any 6 or 4: 20, plus 51,
    31 (two each), 33, 22, 11)."""
    pos = Position.from_counts({13: 1}, {18: 1, 16: 1})
    s = shots(pos)
    assert isinstance(s, Shots)
    assert s.count == 27 and s.fraction == Fraction(27, 36)
    assert {b.point: b.odds.count for b in s.blots} == {18: 17, 16: 15}
    assert shot_chance(pos, 18).count == 17 and shot_chance(pos, 16).count == 15
    assert shot_chance(pos) == s.total == hit_chance(pos)
    # named as the board is drawn (player 0's numbering: their 18 and 16 are drawn on 7 and 9), issue 22
    assert {b.drawn_point: b.point for b in s.blots} == {7: 18, 9: 16}
    assert str(s).startswith("27/36 = 75.0% (blot on 9: 15/36 = 41.7%; blot on 7: 17/36")
    flipped = shots(pos.mirror())            # player 1 on roll: the blots are player 0's, drawn on 18 and 16
    assert [b.drawn_point for b in flipped.blots] == [18, 16] and [b.owner for b in flipped.blots] == [0, 0]


def test_shots_after_a_play():
    """The usual question: my play, then the opponent's shots at my blots, named in my own
    numbering (R1). The total is the union of the per-blot rolls."""
    after = Position.initial().play("24/18 13/11")
    s = shots(after)
    assert {b.point for b in s.blots} == {24, 18, 11}
    union = set().union(*(set(b.odds.rolls) for b in s.blots))
    assert set(s.total.rolls) == union
    assert s.count > 0


@pytest.mark.parametrize("seed", range(12))
def test_hit_chance_against_the_reference_oracle(seed):
    """R8 on random positions: the engine-based count equals the count from the independent
    reference generator (tests/support/reference.py): a roll hits when some result has more opposing
    checkers on the bar."""
    rng = np.random.default_rng(seed)
    mine, theirs = (gen_bar if seed % 3 == 0 else gen_anything)(rng)
    pos = Position(mine, theirs)
    expected = 0
    for a in range(1, 7):
        for b in range(1, 7):
            results = reference_results(mine, theirs, (a, b))
            if any(th[25] > theirs[25] for _m, th in results):
                expected += 1
    assert hit_chance(pos).count == expected


def test_hit_target_must_be_a_blot():
    pos = Position.from_counts({13: 1}, {18: 1})
    with pytest.raises(InvalidPositionError, match="no opposing blot"):
        hit_chance(pos, 8)
    with pytest.raises(InvalidPositionError):
        hit_chance(pos, 30)


# ------------------------------------------------------------------------------ entering (R13-R15)


@pytest.mark.parametrize("k", range(7))
def test_entering_against_k_closed_points(k):
    """R14: one checker on the bar enters unless both dice show closed points: 36 - k**2.
    R15: two checkers both enter with (6 - k)**2 rolls, at least one with 36 - k**2; three on
    the bar all enter only with a double of an open point (6 - k rolls)."""
    closed = {q: 2 for q in range(1, k + 1)}
    one = enter_chance(Position.from_counts({25: 1}, closed))
    assert isinstance(one, EnterOdds)
    assert one.all.count == one.some.count == 36 - k * k
    two = enter_chance(Position.from_counts({25: 2}, closed))
    assert two.all.count == (6 - k) ** 2
    assert two.some.count == 36 - k * k
    three = enter_chance(Position.from_counts({25: 3}, closed))
    assert three.all.count == 6 - k
    assert three.some.count == 36 - k * k
    five = enter_chance(Position.from_counts({25: 5}, closed))  # at most four enter (R6, R15)
    assert five.all.count == 0 and five.some.count == 36 - k * k


def test_entering_blots_are_open():
    """R7, R14: a blot is no obstacle; closed points elsewhere on the board do not matter."""
    pos = Position.from_counts({25: 1}, {1: 1, 2: 1, 3: 2, 12: 2})
    assert enter_chance(pos).all.count == 36 - 1


def test_enter_needs_a_checker_on_the_bar():
    with pytest.raises(InvalidPositionError, match="bar"):
        enter_chance(Position.initial())


# ------------------------------------------------------------------------------ closing out


def test_closeout_hand_count():
    """They are on the bar; I hold 2-6, a blot on 1 and two spares on 6 (13 checkers, 2 off).
    A closed board keeps 12 checkers at 2 a point plus one spare at q: the play must move
    exactly 11 - q pips with no checker off, or 11 pips bearing exactly one off. Rolls with a
    5 bring a spare 6/1 and the other die moves the second spare (51 52 53 54 65: 10 rolls;
    55 fails, its 3rd and 4th fives must break a point, R10); 41 and 32 play 6/1 with both dice
    (4 rolls). Every other roll fails (a 6 can only bear off from 6, doubles move too far, 42 and
    43 cannot reach the 1 point from an even point). 14 rolls."""
    pos = Position.from_counts({6: 4, 5: 2, 4: 2, 3: 2, 2: 2, 1: 1}, {25: 1})
    got = closeout_chance(pos)
    assert got.count == 14
    assert got.roll_names() == ("65", "54", "53", "52", "51", "41", "32")
    # and against the reference oracle (an independent reading of R5-R21)
    ref = sum(1 for a in range(1, 7) for b in range(1, 7)
              if any(all(m[q] >= 2 for q in range(1, 7)) for m, _t in reference_results(pos.mine, pos.theirs, (a, b))))
    assert ref == 14


def test_closeout_impossible_when_too_few_checkers():
    """Eleven checkers cannot cover six points (12 needed)."""
    pos = Position.from_counts({6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 1: 1}, {25: 1})
    assert closeout_chance(pos).count == 0


# ------------------------------------------------------------------------------ bearing off (R16-R19)


@pytest.mark.parametrize("pips,count", sorted(ONE_ROLL_OFF.items()))
def test_one_checker_off_in_one_roll(pips, count):
    """Published table: one checker on point N (N = 4..12) comes off in one roll with
    34, 31, 27, 23, 17, 12, 8, 6, 4 rolls of 36. From outside the home board it must come home
    with the first die(s) and be borne off with the rest (R16-R18)."""
    pos = Position.from_counts({pips: 1}, {})
    assert bearoff_chance(pos).count == count


def test_bearoff_chance_at_least_n():
    """{6: 3, 1: 1}, two checkers off: 61 (6/off 1/off), 66, and 33 (6/3/off twice); 44 and 55
    take only one off (the others then bear off from the highest point, R18) -- 4 rolls."""
    pos = Position.from_counts({6: 3, 1: 1}, {})
    assert bearoff_chance(pos, checkers=2).roll_names() == ("66", "61", "33")
    assert bearoff_chance(pos, checkers=2).count == 4
    # at least one off: any 6 (11) or any 1 (11), overlapping in 61 (2): 20; 42 (6/2, 2/off: 2);
    # 22 33 44 55 (6/4/2/off, 6/3/off, 6/2 x3 then 2/off, 6/1 x3 then 1/off): 26
    assert bearoff_chance(pos, checkers=1).count == 26
    with pytest.raises(InvalidPositionError):
        bearoff_chance(pos, checkers=5)


# ------------------------------------------------------------------------------ the general tool


def test_chance_is_a_fraction_and_complements_sum_to_one():
    pos = Position.initial()
    ev = lambda p, r, plays: any(p.play(pl).theirs[5] >= 2 for pl in plays)  # noqa: E731
    yes = chance(pos, ev)
    no = chance(pos, lambda p, r, plays: not ev(p, r, plays))
    assert isinstance(yes, Fraction) and yes + no == 1
    assert yes == Fraction(5, 36)  # 31 (2), 11, 33, 44 make the 5 point at the start


def test_event_sees_every_ordered_roll():
    seen = []
    odds(Position.initial(), lambda p, r, plays: seen.append(r) or False)
    assert len(seen) == 36 and len(set(seen)) == 36


def test_odds_display():
    o = Odds(((6, 6),))
    assert str(o) == "1/36 = 2.8%" and float(o) == pytest.approx(1 / 36)
    assert roll_name((2, 5)) == "52"


def test_not_a_position():
    with pytest.raises(BgsimError):
        hit_chance("4HPwATDgc/ABMA")


def test_forced_shot_chance_R8_R10():
    """Every legal play leaves a shot: worked out by hand for a two-checker position."""
    from bgsim.odds.exact import forced_shot_chance, hit_chance

    # Two on my 8, the rest off; their only checker is on the bar and enters on my home points.
    pos = Position.from_counts({8: 2}, {25: 1})
    forced = set(forced_shot_chance(pos).roll_names())
    # 6-5: 8/2 8/3 is the only play (no bear-off with a checker still on 8, R16): two blots
    # their entering checker hits with a 2 or a 3 (their 23 and 22 are my 2 and 3).
    assert "65" in forced
    # doubles 1-1 and 2-2 keep the pair together (8/6(2), 8/4(2)): no blot, no shot
    assert "11" not in forced and "22" not in forced
    # 4-4: 8/4(2) then 4/off(2) bears both off: the game is over, nothing to hit (R22)
    assert "44" not in forced
    # cross-check one roll directly: after 8/2 8/3 the opponent hits with any 2 or 3 (20 rolls)
    # and with 1-1 (enter on my 1, then on to my 2: an indirect shot, R5): 21 of 36
    after = pos.play("8/2 8/3", dice=(6, 5))
    assert hit_chance(after).count == 21 and (1, 1) in hit_chance(after).rolls


def test_roll_condition_has_one_name():
    import bgsim.odds.exact as ex
    assert "RollCondition" in ex.__all__ and "Event" not in ex.__all__
    with pytest.raises(AttributeError):
        ex.Event  # noqa: B018   (the old alias of RollCondition went in 0.2, CHANGELOG.md)
    with pytest.raises(AttributeError):
        ex.NoSuchThing  # noqa: B018


def test_odds_results_show_themselves_the_same_everywhere():
    pos = Position.from_counts({13: 1}, {18: 1, 16: 1})
    for result in (shots(pos), Odds(((6, 1), (1, 6))), enter_chance(Position.from_counts({25: 1}, {1: 2}))):
        text = str(result)
        assert result._repr_html_() == f"<div><p>{text}</p></div>"
        shown = []

        class Printer:
            def text(self, s):
                shown.append(s)
        result._repr_pretty_(Printer(), False)
        assert shown == [text]
