"""Race formulas in bgsim.odds.race: Keith, Thorp, Kleinman, 8-9-12.

Expected values come from the published sources quoted in each test (worked
examples and rollouts), or are worked by hand from the formulas' definitions.
"""

from __future__ import annotations

import html

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bgsim import Position
from bgsim.engine.errors import BgsimError
from bgsim.odds.race import (
    NotARaceError,
    eight_nine_twelve,
    keith_count,
    kleinman_chance_from_k,
    kleinman_count,
    kleinman_winning_chance,
    thorp_count,
)

# BGonline.org, Stick, 9 Dec 2014: "Keith straight up we get 117 to 112 ... a no double"
STICK = "XGID=-----CFACA-Aaaa-abaeba----:0:0:1:00:0:0:3:0:10"
# backginners.blogspot.com, "Doubling in races" (May 2011): 100 vs 111 pips, rollout 76.76%,
# Double / Take, and "our opponent trails by 11 pips ... he can still take"
BACKGINNERS = "XGID=----BCD-CB-Ac---ab-dcb----:0:0:1:00:0:0:2:0:10"

FORMULAS = (keith_count, thorp_count, kleinman_count, eight_nine_twelve)


def race(my_pips: int, opp_pips: int) -> Position:
    """A race with the given pip counts: both sides' checkers on their own points 1-11 (never in contact).

    Pips are dealt round-robin, so the checkers stand on one or two neighbouring points.
    """
    def side(pips: int) -> dict[int, int]:
        assert 15 <= pips <= 165
        points = [1] * 15
        extra = pips - 15
        i = 0
        while extra:
            if points[i % 15] < 11:
                points[i % 15] += 1
                extra -= 1
            i += 1
        counts: dict[int, int] = {}
        for p in points:
            counts[p] = counts.get(p, 0) + 1
        return counts
    pos = Position.from_counts(side(my_pips), side(opp_pips))
    assert pos.is_race() and pos.pips() == (my_pips, opp_pips)
    return pos


# ----------------------------------------------------------------------------- Keith
def test_keith_published_example_no_double():
    k = keith_count(Position.from_xgid(STICK))
    assert k.pips == (102, 112)
    assert k.counts == (117, 112)          # 102 + 1 (gap on the 4) = 103, + 103 // 7 = 117
    assert k.difference == 5
    assert not k.double and k.verdict == "No double, take"


def test_keith_backginners_double_take():
    k = keith_count(Position.from_xgid(BACKGINNERS))
    assert k.counts == (114, 111)          # 100 + 14, no wastage on either side
    assert k.double and k.redouble and k.take and k.verdict == "Double, take"


def test_keith_wastage_terms_by_hand():
    # roller: 4 on the 1-point (+6), 3 on the 2-point (+2), 5 on the 3-point (+2), 4 empty,
    # 6 and 5 held -> +1; opponent: 4-4-4 on the 6, 5, 4 points and 3 on the 3 (no wastage)
    mine = {1: 4, 2: 3, 3: 5, 5: 2, 6: 1}
    theirs = {6: 4, 5: 4, 4: 4, 3: 3}
    pos = Position.from_counts(mine, theirs)
    pips = 4 * 1 + 3 * 2 + 5 * 3 + 2 * 5 + 6
    k = keith_count(pos)
    assert k.pips[0] == pips
    assert k.adjusted == (pips + 6 + 2 + 2 + 1, pos.pips()[1])
    assert k.counts[0] == k.adjusted[0] + k.adjusted[0] // 7


def _flat(pips: int) -> dict[int, int]:
    """15 checkers on the 4-12 points with the 4, 5 and 6 points held (no Keith wastage)."""
    points = [4, 5, 6] + [4] * 12
    extra = pips - sum(points)
    assert extra >= 0
    for i in range(3, 15):
        step = min(8, extra)       # up to the 12-point at most
        points[i] += step
        extra -= step
    assert extra == 0
    counts: dict[int, int] = {}
    for p in points:
        counts[p] = counts.get(p, 0) + 1
    return counts


def test_keith_thresholds_exact():
    mine = {6: 5, 5: 5, 4: 5}                       # 75 pips -> 75 + 10 = 85
    for opp, expect in ((81, (True, False, True)),   # exceeds by 4
                        (82, (True, True, True)),    # by 3
                        (83, (True, True, True)),    # by 2: still a take
                        (84, (True, True, False)),   # by 1: pass
                        (80, (False, False, True))): # by 5: no double
        k = keith_count(Position.from_counts(mine, _flat(opp)))
        assert k.counts == (85, opp)
        assert (k.double, k.redouble, k.take) == expect, opp


# ----------------------------------------------------------------------------- Thorp
def test_thorp_backginners_by_hand():
    t = thorp_count(Position.from_xgid(BACKGINNERS))
    # roller: 100 + 2*15 + 0 on the ace - 3 home points = 127, > 30 so + 10% = 139.7
    # opponent: 111 + 30 + 0 - 3 = 138; T - L = -1.7: double (>= -2), no redouble (< -1), take
    assert t.raw == (127, 138)
    assert t.leader == pytest.approx(139.7)
    assert t.margin == pytest.approx(-1.7)
    assert (t.double, t.redouble, t.take) == (True, False, True)


def test_thorp_short_race_has_no_ten_percent():
    # roller: 2 checkers on the 1-point, 13 off: 2 + 2*2 + 2 - 1 = 7 (<= 30: no 10%)
    pos = Position.from_counts({1: 2}, {2: 1, 1: 1})
    t = thorp_count(pos)
    assert t.raw == (7, 3 + 4 + 1 - 2)
    assert t.leader == 7
    # T - L = -1: double and redouble (>= -1), take (<= 2) by Thorp's rule; the true answer is a
    # pass (any roll bears off both checkers): Chuck Bower (rec.games.backgammon, 1999) warns that
    # the count is least reliable with only a few checkers left
    assert (t.double, t.redouble, t.take) == (True, True, True)


# ----------------------------------------------------------------------------- Kleinman
def test_kleinman_published_table():
    # Kleinman's table, as quoted by Oystein Johansen (rec.games.backgammon, 22 Feb 2001)
    table = {0.5: 0.69, 0.7: 0.72, 1.0: 0.76, 1.2: 0.78, 1.4: 0.80, 2.0: 0.84}
    for k, w in table.items():
        assert kleinman_chance_from_k(k) == pytest.approx(w, abs=0.005)
        assert kleinman_chance_from_k(k, leading=False) == pytest.approx(1 - w, abs=0.005)


def test_kleinman_published_examples():
    # Johansen's examples: 100 vs 113 -> D 17, S 209, K 1.383, W 79.7%; 100 vs 106 -> D 10, S 202, K 0.495, W 68.8%
    k = kleinman_count(race(100, 113))
    assert (k.D, k.S) == (17, 209) and round(k.K, 3) == 1.383
    assert k.winning_chance == pytest.approx(0.797, abs=0.002)
    k = kleinman_count(race(100, 106))
    assert (k.D, k.S) == (10, 202) and round(k.K, 3) == 0.495
    assert k.winning_chance == pytest.approx(0.688, abs=0.005)    # his 0.688 is a curve fit to the table
    assert kleinman_winning_chance(100, 113) == pytest.approx(0.797, abs=0.002)


def test_kleinman_near_the_rollout():
    k = kleinman_count(Position.from_xgid(BACKGINNERS))
    assert k.winning_chance == pytest.approx(0.7676, abs=0.01)     # rollout 76.76%
    assert k.verdict == "Double, take"


def test_kleinman_even_when_four_behind_on_roll():
    assert kleinman_winning_chance(84, 80) == pytest.approx(0.5)
    k = kleinman_count(race(84, 80))
    assert k.K == 0 and not k.double and k.take


def test_kleinman_bad_input():
    for args in ((0, 50), (50, -1), (2.5, 50), (True, 50)):
        with pytest.raises(BgsimError):
            kleinman_winning_chance(*args)
    with pytest.raises(BgsimError):
        kleinman_chance_from_k(-1)


# ----------------------------------------------------------------------------- 8-9-12
@pytest.mark.parametrize("opp, expect", [
    (107, (False, False, True)),    # 7%: no double
    (108, (True, False, True)),     # 8%: double, no redouble
    (109, (True, True, True)),      # 9%: redouble
    (112, (True, True, True)),      # 12%: still a take
    (113, (True, True, False)),     # 13%: pass
])
def test_eight_nine_twelve_thresholds(opp, expect):
    r = eight_nine_twelve(race(100, opp))
    assert r.lead == opp - 100 and r.lead_percent == pytest.approx(opp - 100)
    assert (r.double, r.redouble, r.take) == expect


def test_all_formulas_agree_with_the_backginners_rollout():
    pos = Position.from_xgid(BACKGINNERS)
    for f in FORMULAS:
        assert f(pos).verdict == "Double, take", f.__name__


# ----------------------------------------------------------------------------- refusals, display
def test_non_race_is_refused():
    for f in FORMULAS:
        with pytest.raises(NotARaceError, match="race") as info:
            f(Position.initial())
        assert isinstance(info.value, BgsimError)


def test_finished_game_is_refused():
    over = Position.from_counts({0: 15}, {1: 15})
    for f in FORMULAS:
        with pytest.raises(NotARaceError, match="R22"):
            f(over)


def test_results_show_their_verdict():
    pos = Position.from_xgid(BACKGINNERS)
    for f in FORMULAS:
        text = str(f(pos))
        assert "Verdict: Double, take" in text


# ----------------------------------------------------------------------------- properties
@given(st.integers(40, 150), st.integers(40, 150), st.integers(1, 20))
def test_more_pips_behind_means_lower_chance(my_pips, opp_pips, extra):
    # Kleinman: the roller with more pips (same opponent) has a lower winning chance
    assert kleinman_winning_chance(my_pips + extra, opp_pips) < kleinman_winning_chance(my_pips, opp_pips)
    assert kleinman_winning_chance(my_pips, opp_pips + extra) > kleinman_winning_chance(my_pips, opp_pips)


@given(st.integers(100, 160), st.integers(60, 160))
def test_moving_the_rearmost_checker_back_never_helps(my_pips, opp_pips):
    pos = race(my_pips, opp_pips)
    mine = list(pos.mine)
    back = max(p for p in range(1, 25) if mine[p])
    assert 7 <= back <= 11          # outside home: moving it changes no wastage term
    mine[back] -= 1
    mine[back + 1] += 1
    worse = Position(mine, pos.theirs)
    assert worse.is_race() and worse.pips()[0] == my_pips + 1
    assert keith_count(worse).difference >= keith_count(pos).difference
    assert thorp_count(worse).margin < thorp_count(pos).margin
    assert kleinman_count(worse).winning_chance < kleinman_count(pos).winning_chance
    assert eight_nine_twelve(worse).lead_percent < eight_nine_twelve(pos).lead_percent


def test_results_show_the_same_table_as_text_and_html():
    pos = Position.from_xgid(BACKGINNERS)
    for f in FORMULAS:
        result = f(pos)
        page = result._repr_html_()
        assert page.startswith("<div>") and "<table" in page and f"Verdict: {result.verdict}" in page
        text = str(result).splitlines()
        rows = result._table().rows
        assert len(text) == len(rows) + 2                  # title, one line per row, the verdict
        for line, row in zip(text[1:], rows):               # each row: the same cells in both
            assert line.split() == " ".join(row).split()
            assert all(html.escape(cell) in page for cell in row)
