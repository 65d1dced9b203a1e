"""Bear-off databases (bgsim.bearoff): published numbers, brute force, self-consistency, cache.

Independent checks used here:
- published values: one checker off in one roll / expected rolls from 4..12 pips; Walter
  Trice's 7- and 13-checker ace-point stacks; Taper_Mike's count of 3825 (position, roll)
  pairs where holding back beats bearing off; the XG "4 on the ace vs 2 on the ace" 1/6;
- a brute-force solver written here, with its own bear-off move rules (R16-R19) and exact
  fractions, for every position of up to 3 checkers, and a two-sided one for 2-3 checkers;
- self-consistency with the engine's Python API on a random sample of positions.
"""

from __future__ import annotations

import os
import warnings
from fractions import Fraction
from functools import lru_cache
from math import comb

import numpy as np
import pytest

from bgsim import InvalidPositionError, Position, bearoff
from bgsim.bearoff import (
    N_POSITIONS, OneSided, TwoSided, best_bearoff_play, cache_dir, counts, index, one_sided, rolls_distribution,
    two_sided,
)
from bgsim.dice import DISTINCT_ROLLS
from bgsim.errors import BgsimError


@pytest.fixture(scope="session")
def built() -> OneSided:
    """The one-sided database, built from scratch once per session (not read from a cache)."""
    return OneSided.build()


@pytest.fixture(scope="session")
def two3() -> TwoSided:
    return TwoSided.build(3)


def side(c) -> dict[int, int]:
    """Six home counts as a {point: count} mapping for Position.from_counts."""
    return {p + 1: n for p, n in enumerate(c) if n}


# =============================================================================== the index


def test_index_is_a_perfect_ranking():
    seen = set()
    for i in range(N_POSITIONS):
        c = counts(i)
        assert index(c) == i
        seen.add(c)
    assert len(seen) == N_POSITIONS == comb(21, 6) == 54264
    assert all(sum(c) <= 15 and min(c) >= 0 for c in seen)


def test_index_prefix_property():
    """Positions with at most n checkers are exactly the first C(n + 6, 6) indices."""
    for n in range(16):
        m = comb(n + 6, 6)
        assert all(sum(counts(i)) <= n for i in range(m))
        if m < N_POSITIONS:
            assert sum(counts(m)) == n + 1
    assert index((0,) * 6) == 0


def test_index_accepts_positions_and_mappings():
    pos = Position.from_counts({6: 2, 1: 3}, {1: 15})
    assert index(pos) == index((3, 0, 0, 0, 0, 2)) == index({1: 3, 6: 2})


@pytest.mark.parametrize("bad", [(1, 2, 3), (16, 0, 0, 0, 0, 0), (-1, 0, 0, 0, 0, 0), "abcdef", {7: 1}])
def test_index_rejects_non_bearoff_counts(bad):
    with pytest.raises(InvalidPositionError):
        index(bad)


def test_position_must_be_a_bearoff():
    """R16: a checker outside the home board (or on the bar) means no bear-off yet."""
    with pytest.raises(InvalidPositionError, match="R16"):
        one_sided().distribution(Position.from_counts({7: 1, 6: 1}, {1: 2}))
    with pytest.raises(InvalidPositionError):
        counts(N_POSITIONS)


# =============================================================================== published values

ONE_ROLL_OFF = {4: 34, 5: 31, 6: 27, 7: 23, 8: 17, 9: 12, 10: 8, 11: 6, 12: 4}
EXPECTED_ROLLS = {4: 1.056, 5: 1.139, 6: 1.25, 7: 1.364, 8: 1.540, 9: 1.698, 10: 1.840, 11: 1.946, 12: 2.072}


@pytest.mark.parametrize("pips", range(4, 13))
def test_one_checker_published_tables(built, pips):
    """Published: a single checker N pips away (on point N) is borne off in one roll with
    34, 31, 27, 23, 17, 12, 8, 6, 4 rolls of 36 and needs 1.056 ... 2.072 rolls on average.
    Points 4-6 come straight from the database; points 7-12 from the engine recursion, which
    hands over to the database once the checker is home (R16)."""
    if pips <= 6:
        c = [0] * 6
        c[pips - 1] = 1
        assert round(built.p_off_in(c, 1) * 36, 9) == ONE_ROLL_OFF[pips]
        assert round(built.expected_rolls(c), 3) == EXPECTED_ROLLS[pips]
    d = rolls_distribution({pips: 1})
    assert round(float(d[1]) * 36, 9) == ONE_ROLL_OFF[pips]
    assert round(float((d * np.arange(len(d))).sum()), 3) == EXPECTED_ROLLS[pips]


def test_trice_ace_point_stacks(built):
    """Walter Trice, "Effective Pip Count" (2000): 7 checkers on the ace point need
    3.5509259259 rolls on average (2, 3 or 4 rolls: 1/36 and 125/216 for the extremes); 13
    checkers have an EPC of 50.000004."""
    assert round(built.expected_rolls((7, 0, 0, 0, 0, 0)), 10) == 3.5509259259
    d = built.distribution((7, 0, 0, 0, 0, 0))
    assert d[2] == pytest.approx(1 / 36) and d[4] == pytest.approx(125 / 216) and len(d) == 5
    assert round(built.epc((13, 0, 0, 0, 0, 0)), 6) == 50.000004


def test_taper_holding_back_two_checkers(built):
    """Taper_Mike (bgonline.org, Nov 2013): among two-checker positions there is exactly one where
    a non-double could bear a checker off but not bearing off is strictly better: 6 and 4 with
    5-2 (6/1 4/2 leaves 2+1, which never misses; 6/off leaves a 4, which misses with 21)."""
    found = []
    for i in range(comb(8, 6)):  # positions of up to 2 checkers
        c = counts(i)
        if sum(c) != 2:
            continue
        pos = Position.from_counts(side(c), {})
        for (a, b), _w in DISTINCT_ROLLS:
            if a == b:
                continue
            off, stay = [], []
            for pl in pos.legal_plays((a, b)):
                after = pos.play(pl).theirs
                (off if after[0] > pos.mine[0] else stay).append(built.expected_rolls(after[1:7]))
            if off and stay and min(stay) < min(off) - 1e-12:
                found.append((c, (a, b)))
    assert found == [((0, 0, 0, 1, 0, 1), (5, 2))]
    assert str(best_bearoff_play(Position.from_counts({6: 1, 4: 1}, {}), (5, 2), two=None)) == "6/1 4/2"


@pytest.mark.slow
def test_taper_count_3825(built):
    """Taper_Mike (bgonline.org, Nov 2013): 3825 (position, non-double) pairs in the whole
    one-sided database where a checker could be borne off but the lowest EPC bears none off."""
    table = bearoff._all_counts(bearoff._BINOM)
    ptr, succ = bearoff._successors(N_POSITIONS, table, bearoff._BINOM, bearoff._kernel.Workspace().arrays())
    on_board = table.sum(axis=1)
    owner = np.repeat(np.arange(N_POSITIONS * 21) // 21, np.diff(ptr))   # the position of each result
    bears = on_board[succ] < on_board[owner]
    e = built._expected[succ]
    best_off = np.minimum.reduceat(np.where(bears, e, np.inf), ptr[:-1])
    best_stay = np.minimum.reduceat(np.where(bears, np.inf, e), ptr[:-1])
    rolls = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]  # the order _successors uses
    non_double = np.tile([a != b for a, b in rolls], N_POSITIONS)
    holding_back = non_double & np.isfinite(best_off) & (best_stay < best_off - 1e-12)
    n = int(holding_back.sum())
    assert n == 3825


# =============================================================================== brute force


def _bf_steps(c: tuple[int, ...], die: int) -> set[tuple[int, ...]]:
    """One die in a bear-off, straight from the rules: R17 exact, R18 higher number from
    the highest point, R19 otherwise move inside (R20: moving inside is always allowed)."""
    out = set()
    highest = max((p for p in range(1, 7) if c[p - 1]), default=0)
    for p in range(1, 7):
        if not c[p - 1]:
            continue
        n = list(c)
        n[p - 1] -= 1
        if p > die:
            n[p - 1 - die] += 1
        elif p == die or p == highest:
            pass  # borne off
        else:
            continue
        out.add(tuple(n))
    return out


def _bf_results(c: tuple[int, ...], roll: tuple[int, int]) -> set[tuple[int, ...]]:
    """Every result of a roll. With no opponent every die can be played while a checker is
    left (R10), so the results are the ends of all full sequences, or the empty board."""
    a, b = roll
    orders = [(a,) * 4] if a == b else [(a, b), (b, a)]
    finals = set()
    for order in orders:
        frontier = {c}
        for die in order:
            nxt = set()
            for s in frontier:
                nxt |= _bf_steps(s, die) if any(s) else {s}
            frontier = nxt
        finals |= frontier
    return finals


@lru_cache(maxsize=None)
def _bf_one(c: tuple[int, ...]) -> tuple[Fraction, tuple[Fraction, ...]]:
    """Exact (expected rolls, distribution) with the database's policy: least expected rolls,
    ties to the lower index."""
    if not any(c):
        return Fraction(0), (Fraction(1),)
    e = Fraction(1)
    dist = [Fraction(0)] * 20
    for roll, w in DISTINCT_ROLLS:
        best = min(_bf_results(c, roll), key=lambda s: (_bf_one(s)[0], index(s)))
        be, bd = _bf_one(best)
        e += Fraction(w, 36) * be
        for k, p in enumerate(bd):
            dist[k + 1] += Fraction(w, 36) * p
    while dist[-1] == 0:
        dist.pop()
    return e, tuple(dist)


def test_brute_force_up_to_three_checkers(built):
    """Every position of up to 3 checkers: expected rolls and whole distribution agree with an
    exact brute-force solver that shares nothing with the engine."""
    for i in range(comb(9, 6)):
        c = counts(i)
        e, d = _bf_one(c)
        assert built.expected_rolls(c) == pytest.approx(float(e), abs=1e-12)
        got = built.distribution(c)
        assert len(got) == len(d)
        assert np.allclose(got, [float(x) for x in d], atol=1e-12, rtol=0)


def test_brute_force_first_off_up_to_three_checkers(built):
    """The gammon table: rolls until the first checker is off, by brute force."""

    @lru_cache(maxsize=None)
    def first(c):
        e = Fraction(1)
        for roll, w in DISTINCT_ROLLS:
            res = _bf_results(c, roll)
            if any(sum(s) < sum(c) for s in res):
                continue
            e += Fraction(w, 36) * min(first(s) for s in res)
        return e

    for i in range(1, comb(9, 6)):
        c = counts(i)
        assert built.expected_first_off(c) == pytest.approx(float(first(c)), abs=1e-12)
        if sum(c) == 1:
            assert built.expected_first_off(c) == pytest.approx(built.expected_rolls(c), abs=1e-15)


# =============================================================================== self-consistency


def _best(db: OneSided, pos: Position, roll, key):
    results = [tuple(pos.play(pl).theirs[1:7]) for pl in pos.legal_plays(roll)]
    return results, min(results, key=lambda s: (round(key(s), 11), index(s)))


def test_self_consistency_on_random_positions(built):
    """A position's distribution is the average over the 36 rolls of the best follow-up's
    distribution shifted by one roll (best = least expected rolls), with the legal plays from
    the engine's Python API. Likewise for the first-checker-off table."""
    rng = np.random.default_rng(2026)
    sample = rng.choice(np.arange(1, N_POSITIONS), size=300, replace=False)
    width = built._dist.shape[1]
    for i in sample:
        c = counts(int(i))
        pos = Position.from_counts(side(c), {})
        dist = np.zeros(width)
        first = np.zeros(built._first.shape[1])
        e = 1.0
        for roll, w in DISTINCT_ROLLS:
            results, best = _best(built, pos, roll, built.expected_rolls)
            bd = built.distribution(best)
            dist[1:len(bd) + 1] += w / 36 * bd
            e += w / 36 * built.expected_rolls(best)
            if any(sum(s) < sum(c) for s in results):
                first[1] += w / 36
            else:
                _r, bf = _best(built, pos, roll, built.expected_first_off)
                fd = built.first_off_distribution(bf)
                first[1:len(fd) + 1] += w / 36 * fd
        got = built.distribution(c)
        assert np.allclose(got, dist[:len(got)], atol=1e-12) and not dist[len(got):].any()
        assert built.expected_rolls(c) == pytest.approx(e, abs=1e-12)
        got_f = built.first_off_distribution(c)
        assert np.allclose(got_f, first[:len(got_f)], atol=1e-12)


def test_tables_are_distributions(built):
    assert built.n_positions == N_POSITIONS
    assert np.allclose(built._dist.sum(axis=1), 1.0) and np.allclose(built._first.sum(axis=1), 1.0)
    assert built.distribution((0,) * 6).tolist() == [1.0]
    # the worst position, 15 on the 6 point, is the slowest, and needs at most 30 rolls
    worst = built.expected_rolls((0, 0, 0, 0, 0, 15))
    assert worst == pytest.approx(built._expected.max())
    assert len(built.distribution((0, 0, 0, 0, 0, 15))) <= 31
    assert built.epc((0, 0, 0, 0, 0, 15)) == pytest.approx(worst * 49 / 6)


def test_p_off_in_is_the_cumulative_distribution(built):
    c = (2, 1, 0, 3, 0, 2)
    d = built.distribution(c)
    for n in range(len(d) + 2):
        assert built.p_off_in(c, n) == pytest.approx(d[: n + 1].sum())
    assert built.p_off_in(c, 0) == 0.0 and built.p_off_in(c, 99) == pytest.approx(1.0)
    assert built.p_first_off_in(c, 1) == pytest.approx(built.first_off_distribution(c)[1])


def test_distribution_accepts_a_position(built):
    pos = Position.from_counts({6: 2, 5: 1, 1: 4}, {2: 15})
    assert built.expected_rolls(pos) == built.expected_rolls((4, 0, 0, 0, 1, 2))


# =============================================================================== cache


def test_shared_instance_matches_a_fresh_build(built):
    """What one_sided() serves (from the disk cache) is what a build produces now."""
    db = one_sided()
    assert np.array_equal(db._dist, built._dist) and np.array_equal(db._first, built._first)
    assert np.array_equal(db._expected, built._expected)


def test_cache_round_trip_and_atomic_write(built, tmp_path):
    path = tmp_path / "db.npz"
    built.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["db.npz"]  # no temporary file left
    loaded = OneSided.load(path=path)
    assert np.array_equal(loaded._dist, built._dist)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "wrong version"])
def test_corrupt_cache_is_rebuilt(built, tmp_path, monkeypatch, damage):
    path = tmp_path / "db.npz"
    built.save(path)
    if damage == "garbage":
        path.write_bytes(b"not a zip file at all")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:5000])
    else:
        arrays = built._arrays()
        arrays["version"] = np.array(bearoff.FORMAT_VERSION + 1)
        bearoff._save_npz(path, arrays)
    calls = []

    def fake_build(threads=None):
        calls.append(1)
        return built._arrays()

    monkeypatch.setattr(bearoff, "_build_one_sided_arrays", fake_build)
    with pytest.warns(UserWarning, match="rebuilding"):
        db = OneSided.load(path=path)
    assert calls == [1]
    assert np.array_equal(db._dist, built._dist)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the rewritten file is sound: no warning, no build
        OneSided.load(path=path)
    assert calls == [1]


def test_cache_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("BGSIM_CACHE", str(tmp_path / "x"))
    assert cache_dir() == tmp_path / "x"
    monkeypatch.delenv("BGSIM_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "bgsim"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == __import__("pathlib").Path(os.path.expanduser("~")) / ".cache" / "bgsim"


def test_two_sided_cache(tmp_path, two3):
    path = tmp_path / "two.npz"
    two3.save(path)
    assert np.array_equal(TwoSided.load(3, path=path)._win, two3._win)
    path.write_bytes(b"junk")
    with pytest.warns(UserWarning, match="rebuilding"):
        again = TwoSided.load(3, path=path)
    assert np.array_equal(again._win, two3._win)


# =============================================================================== two-sided


@lru_cache(maxsize=None)
def _bf_win(me: tuple[int, ...], opp: tuple[int, ...]) -> float:
    """Brute force: the chance that the side on roll wins, both maximising their chance (R22)."""
    total = 0.0
    for roll, w in DISTINCT_ROLLS:
        total += w / 36 * max(1.0 if not any(s) else 1.0 - _bf_win(opp, s) for s in _bf_results(me, roll))
    return total


def test_two_sided_brute_force(two3):
    """Every pair of positions of up to 3 checkers against the brute-force game solver."""
    for i in range(1, 84):
        for j in range(1, 84):
            assert two3.win_chance(counts(i), counts(j)) == pytest.approx(_bf_win(counts(i), counts(j)), abs=1e-12)


def test_two_sided_known_values(two3):
    """1 each on the ace point: the side on roll wins. A checker on 6 against one on the ace:
    the roller must bear off at once, 27/36. XG's reference position "2 rolls v. 1 roll"
    (4 on the ace against 2 on the ace): a double is needed, 16.67%."""
    ace = (1, 0, 0, 0, 0, 0)
    assert two3.win_chance(ace, ace) == pytest.approx(1.0)
    assert two3.win_chance((0, 0, 0, 0, 0, 1), ace) == pytest.approx(27 / 36)
    db4 = two_sided(4)
    assert db4.win_chance((4, 0, 0, 0, 0, 0), (2, 0, 0, 0, 0, 0)) == pytest.approx(1 / 6)
    assert db4.win_chance(Position.from_counts({1: 4}, {1: 2})) == pytest.approx(1 / 6)


def test_two_sided_ace_point_races_are_independent(built):
    """With every checker on the ace point each roll has one result, so the game is two
    independent bear-offs: P(on roll wins) = sum_n P(X = n) P(Y >= n)."""
    db = two_sided(6)
    for a in range(1, 7):
        for b in range(1, 7):
            x = built.distribution((a, 0, 0, 0, 0, 0))
            y = built.distribution((b, 0, 0, 0, 0, 0))
            p = sum(x[n] * y[n:].sum() for n in range(len(x)))
            assert db.win_chance((a, 0, 0, 0, 0, 0), (b, 0, 0, 0, 0, 0)) == pytest.approx(p, abs=1e-12)


def test_two_sided_corner_of_the_bigger_table(two3):
    """The 3-checker table is the top-left corner of the 6-checker one (same index order)."""
    assert np.allclose(two_sided(6)._win[:84, :84], two3._win, atol=1e-15)


def test_two_sided_limits(two3):
    with pytest.raises(InvalidPositionError, match="up to 3"):
        two3.win_chance((4, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0))
    with pytest.raises(InvalidPositionError, match="R16"):
        two3.win_chance(Position.from_counts({7: 1}, {1: 1}))
    with pytest.raises(BgsimError):
        two_sided(0)
    with pytest.raises(BgsimError):
        two3.win_chance((1, 0, 0, 0, 0, 0))
    assert two3.win_chance((1, 0, 0, 0, 0, 0), (0,) * 6) == 0.0  # the opponent has already won (R22)


# =============================================================================== best play


def test_best_play_two_sided_can_differ_from_least_rolls(two3):
    """3 on the 6 point against 6+5, rolling 11: 6/3 6/5 has the fewest expected rolls, but
    6/4(2) wins more often (it keeps a 2-roll finish alive). The brute-force solver agrees."""
    pos = Position.from_counts({6: 3}, {6: 1, 5: 1})
    one = best_bearoff_play(pos, (1, 1), two=None)
    two = best_bearoff_play(pos, (1, 1), two=two3)
    assert str(one) == "6/3 6/5" and str(two) == "6/4(2)"
    win = {str(pl): 1 - _bf_win((0, 0, 0, 0, 1, 1), tuple(pos.play(pl).theirs[1:7]))
           for pl in pos.legal_plays((1, 1))}
    assert max(win, key=win.get) == "6/4(2)" and win["6/4(2)"] > win["6/3 6/5"] + 0.01


def test_best_play_is_the_argmin_of_expected_rolls(built):
    rng = np.random.default_rng(7)
    for i in rng.choice(np.arange(1, N_POSITIONS), size=30, replace=False):
        pos = Position.from_counts(side(counts(int(i))), {1: 2})
        roll = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        pl = best_bearoff_play(pos, roll, two=None)
        chosen = built.expected_rolls(pos.play(pl).theirs[1:7])
        assert chosen == pytest.approx(min(built.expected_rolls(pos.play(q).theirs[1:7])
                                           for q in pos.legal_plays(roll)), abs=1e-12)


def test_best_play_needs_a_bearoff_without_contact():
    with pytest.raises(InvalidPositionError, match="R16"):
        best_bearoff_play(Position.initial(), (6, 1))
    contact = Position.from_counts({6: 3, 2: 1}, {24: 1})  # their checker on my 1 point
    with pytest.raises(InvalidPositionError, match="contact"):
        best_bearoff_play(contact, (6, 1))


# =============================================================================== bearing in


def test_rolls_distribution_matches_database_when_home(built):
    c = (1, 2, 0, 1, 0, 3)
    assert np.allclose(rolls_distribution(dict(side(c))), built.distribution(c))


def test_rolls_distribution_accepts_a_position():
    pos = Position.from_counts({9: 1, 3: 1}, {1: 2})
    assert np.allclose(rolls_distribution(pos), rolls_distribution({9: 1, 3: 1}))
    with pytest.raises(InvalidPositionError, match="contact"):
        rolls_distribution(Position.from_counts({9: 1}, {20: 1}))


# ------------------------------------------------------------------ race_chances (issue 33, item 3)
def _random_home(rng, n: int) -> dict[int, int]:
    c = [0] * 6
    for _ in range(n):
        c[int(rng.integers(0, 6))] += 1
    return {i + 1: c[i] for i in range(6) if c[i]}


def test_race_chances_use_the_two_sided_table_up_to_6_checkers():
    rng = np.random.default_rng(33)
    for _ in range(30):
        pos = Position.from_counts(_random_home(rng, int(rng.integers(1, 7))), _random_home(rng, int(rng.integers(1, 7))))
        c = bearoff.race_chances(pos)
        assert c.method == "two-sided" and c.win == two_sided(6).win_chance(pos)
        assert c.win_gammon == c.lose_gammon == 0.0     # both have checkers off: no gammon (R23)


def test_one_sided_race_chances_are_the_race_of_two_independent_distributions():
    """Beyond 6 checkers: win = P(my rolls <= theirs) with me rolling first; read here by a plain
    double loop over the two distributions. Close to the two-sided table where both exist."""
    db = one_sided()
    rng = np.random.default_rng(34)
    for _ in range(20):
        pos = Position.from_counts(_random_home(rng, int(rng.integers(7, 16))),
                                   _random_home(rng, int(rng.integers(7, 16))))
        c = bearoff.race_chances(pos)
        mine, theirs = db.distribution(tuple(pos.mine[1:7])), db.distribution(tuple(pos.theirs[1:7]))
        want = sum(mine[n] * theirs[m] for n in range(len(mine)) for m in range(len(theirs)) if n <= m)
        assert c.method == "one-sided" and c.win == pytest.approx(want, abs=1e-12)
    # where both exist, the one-sided answer is within a hair of the exact one
    for _ in range(30):
        pos = Position.from_counts(_random_home(rng, int(rng.integers(3, 7))), _random_home(rng, int(rng.integers(3, 7))))
        mine, theirs = db.distribution(tuple(pos.mine[1:7])), db.distribution(tuple(pos.theirs[1:7]))
        one = sum(mine[n] * theirs[m] for n in range(len(mine)) for m in range(len(theirs)) if n <= m)
        assert abs(one - two_sided(6).win_chance(pos)) < 0.02


def test_race_chances_gammons_from_the_first_checker_off():
    """15 checkers on the 6 point against 2 on the ace point (on roll): they bear off next roll, so
    I am gammoned unless my first roll takes a checker off (R23). A 6 does (11 rolls), and one
    checker can go all the way with 5-1 (6/1/off) and 4-2 (6/2/off), 2 rolls each, 3-3 (6/3/off)
    and 2-2 (6/4/2/off): 17 rolls save the gammon, 19 do not. I cannot win (they need one roll)."""
    pos = Position.from_counts({6: 15}, {1: 2})
    c = bearoff.race_chances(pos)
    assert c.win == 0.0 and c.method == "one-sided"
    assert c.lose_gammon == pytest.approx(19 / 36, abs=1e-12)
    swapped = bearoff.race_chances(Position.from_counts({1: 2}, {6: 15}))
    assert swapped.win == 1.0 and swapped.win_gammon == 1.0     # off now, they have none off


def test_race_chances_are_only_for_a_bear_off_of_both_sides():
    assert bearoff.race_chances(Position.initial()) is None
    assert bearoff.race_chances(Position.from_counts({6: 2}, {12: 2})) is None    # they are not home


def test_race_chances_agree_with_gnubg():
    """The optional peer (gnubg-nn, GPL, only measured) evaluates bear-offs from its own two-sided
    (6 checkers) and one-sided databases: the same five chances as bgsim's."""
    pytest.importorskip("gnubg_nn")
    from bgsim.gnubg_player import GnubgPlayer

    g = GnubgPlayer()
    rng = np.random.default_rng(35)
    for k in range(40):
        n_mine, n_theirs = (15, int(rng.integers(1, 16))) if k % 2 else (int(rng.integers(1, 16)),) * 2
        pos = Position.from_counts(_random_home(rng, n_mine), _random_home(rng, n_theirs))
        if k % 4 == 3:
            pos = pos.swap()
        if pos.is_game_over():
            continue
        np.testing.assert_allclose(tuple(bearoff.race_chances(pos))[:5], tuple(g.evaluate(pos)), atol=2e-4)
