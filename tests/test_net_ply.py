"""The network one roll deep (1-ply) and the distillation that trains on it (issue 20, item 5).

The compiled 1-ply judgement is checked against a plain reading done here with the public
API: for each of the 21 rolls (R3), the play the network chooses, the network's estimate of
what follows (or the exact result when the play bears off the last checker, R22-R23),
averaged with weights 1/36 and 2/36.
"""

from __future__ import annotations

import numpy as np
import pytest

from bgsim import Position
from bgsim.engine import _kernel
from bgsim.sim import _net_kernel as nk
from bgsim.sim import _net_ply as ply
from bgsim.players import train as train_mod
from bgsim.engine.errors import InvalidSettingError
from bgsim.sim.net import BINOM, Net, NetEvaluation, bearoff_expected, load_weights, save_weights, shipped_weights
from bgsim.game.rules import result_kind

CONTACT = Position.from_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
ON_BAR = Position.from_counts({25: 1, 6: 4, 8: 3, 13: 5, 24: 2}, {2: 2, 3: 2, 4: 2, 6: 5, 8: 2, 13: 2})
RACE = Position.from_counts({8: 3, 7: 3, 6: 3, 5: 3, 4: 3}, {9: 3, 7: 3, 6: 3, 5: 3, 4: 1, 3: 2})
LAST_ROLL = Position.from_counts({6: 1, 5: 1}, {1: 1})    # the roller must bear off both now, or lose
GAMMON_ROLL = Position.from_counts({2: 1, 1: 1}, {13: 15})   # every roll bears both off: a gammon at once

POSITIONS = [Position.initial(), CONTACT, CONTACT.swap(), ON_BAR, RACE, LAST_ROLL, GAMMON_ROLL]

ROLLS = [(a, b) for a in range(1, 7) for b in range(a, 7)]


def _raw(net: Net, position: Position) -> NetEvaluation:
    """The network's five outputs as they come (``Net.evaluate`` makes them consistent after)."""
    idx, val = np.zeros(nk.MAX_NONZERO, dtype=np.int64), np.zeros(nk.MAX_NONZERO)
    out = np.zeros(5)
    nz = nk.encode(position.to_array(), 0, idx, val, nk.HIT_MASKS)
    nk.forward(idx, val, nz, *net.arrays(), np.zeros(net.hidden), out)
    return NetEvaluation(*out)


def reference_ply1(position: Position, net: Net) -> np.ndarray:
    """The 1-ply outputs of ``position`` (its side on roll's view), read plainly."""
    acc = np.zeros(5)
    for d1, d2 in ROLLS:
        weight = (1 if d1 == d2 else 2) / 36
        plays = position.legal_plays((d1, d2))
        play = plays[net.choose_index(position, [p.after for p in plays])]
        after = play.after
        if after.is_game_over():
            kind = int(result_kind(after, loser=after.turn))
            acc += weight * np.array([1.0, kind >= 2, kind >= 3, 0.0, 0.0])
        else:
            e = _raw(net, after)                        # the opponent's view: turn it round
            acc += weight * np.array([e.lose, e.lose_gammon, e.lose_backgammon, e.win_gammon, e.win_backgammon])
    return acc


def compiled_ply1(position: Position, weights: tuple) -> np.ndarray:
    acc = np.zeros(5)
    h = weights[1].shape[0]
    ws = _kernel.Workspace()
    ply.ply1_outputs(position.to_array(), 15, *weights, bearoff_expected(), BINOM, nk.HIT_MASKS, *ws.arrays(),
                     np.zeros(nk.MAX_NONZERO, dtype=np.int64), np.zeros(nk.MAX_NONZERO), np.zeros(h), np.zeros(5),
                     np.zeros(5), acc)
    return acc


@pytest.mark.parametrize("position", POSITIONS, ids=["opening", "contact", "contact-swapped", "on-bar", "race",
                                                      "last-roll", "gammon-roll"])
def test_compiled_1ply_is_the_plain_average_over_the_21_rolls(position):
    net = Net()
    mine = reference_ply1(position, net)
    got = compiled_ply1(position, net.arrays())
    np.testing.assert_allclose(got, mine, atol=1e-9)
    assert ((0.0 <= got) & (got <= 1.0)).all()


def test_1ply_knows_the_last_roll():
    """A race decided by this roll: 6-5 (two ways), 6-6, 5-5, 4-4 and 3-3 bear off both checkers
    (R18, R22), 6 rolls of 36 counted exactly; after any other the opponent bears off its last
    checker, which the network judges nearly certain."""
    got = compiled_ply1(LAST_ROLL, Net().arrays())
    assert got[0] == pytest.approx(6 / 36, abs=0.01)
    assert got[1] == pytest.approx(0.0, abs=0.01)          # both sides have checkers off: no gammon (R23)


def test_1ply_counts_a_gammon_won_at_once():
    got = compiled_ply1(GAMMON_ROLL, Net().arrays())
    assert got[0] == pytest.approx(1.0) and got[1] == pytest.approx(1.0)
    assert got[2] == pytest.approx(0.0)      # the loser has no checker in the winner's home board: no backgammon


def _ply1_equity_of_results(position: Position, dice, net: Net) -> dict[str, float]:
    out = {}
    for play in position.legal_plays(dice):
        after = play.after
        if after.is_game_over():
            out[str(play)] = float(result_kind(after, loser=after.turn))
        else:
            o = reference_ply1(after, net)
            out[str(play)] = -(2 * o[0] - 1 + o[1] - o[3] + o[2] - o[4])
    return out


@pytest.mark.parametrize("position, dice", [(Position.initial(), (6, 4)), (ON_BAR, (4, 3)), (CONTACT, (5, 2))])
def test_1ply_choice_is_the_best_by_1ply_among_those_it_judges(position, dice):
    """With every play judged again (keep and window unbounded), the choice is the brute-force best."""
    net = Net()
    plays = position.legal_plays(dice)
    b = position.to_array()
    cand = np.array([p.after.to_array()[::-1] for p in plays])   # the mover back in row 0
    ws = _kernel.Workspace()
    k = ply.ply1_choose(b, len(plays), 15, cand, *net.arrays(), bearoff_expected(), BINOM, nk.HIT_MASKS,
                        *ws.arrays(), 1000, 100.0)
    brute = _ply1_equity_of_results(position, dice, net)
    best = max(brute.values())
    assert brute[str(plays[k])] == pytest.approx(best, abs=1e-9)


def test_collected_positions_are_reproducible_and_legal():
    w = {k: v for k, v in zip(("w1", "b1", "w2", "b2"), Net().arrays(), strict=True)}
    a = train_mod.collect_positions(w, 500, seed=3, threads=2)
    b = train_mod.collect_positions(w, 500, seed=3, threads=2)
    np.testing.assert_array_equal(a, b)
    assert a.shape == (500, 2, 26)
    assert (a.sum(axis=2) == 15).all()                   # 15 checkers a side, borne-off ones included (R2)
    assert not ((a[:, 0, 1:25] > 0) & (a[:, 1, 24:0:-1] > 0)).any()   # never both sides on one point (R8)
    for board in a[::50]:
        Position.from_array(board)                        # a position bgsim accepts


def test_targets_in_threads_equal_targets_in_one():
    w = {k: v for k, v in zip(("w1", "b1", "w2", "b2"), Net().arrays(), strict=True)}
    boards = train_mod.collect_positions(w, 300, seed=4)
    one = train_mod.ply1_targets(w, boards, threads=1)
    two = train_mod.ply1_targets(w, boards, threads=2)
    np.testing.assert_array_equal(one, two)
    np.testing.assert_allclose(one[7], reference_ply1(Position.from_array(boards[7]), Net()), atol=1e-9)


def test_distillation_fits_the_teacher_1ply_and_records_it(tmp_path):
    teacher = tmp_path / "teacher.npz"
    w, meta = shipped_weights()
    save_weights(teacher, w, meta)
    data = tmp_path / "data.npz"
    log = tmp_path / "log.tsv"
    got = train_mod.distill(3000, init=teacher, hidden=w["b1"].shape[0] + 4, epochs=6, lr=1e-3, seed=9,
                            eval_games=60, out=tmp_path / "student.npz", log=log, progress=False, data=data,
                            command="python -m bgsim.players.train --method distill --test")
    back, smeta = load_weights(tmp_path / "student.npz")
    assert back["b1"].shape == (w["b1"].shape[0] + 4,)
    np.testing.assert_allclose(back["w1"], got["w1"])
    fit = smeta["fit"]
    assert fit[-1]["train_mse"] < 0.9 * fit[0]["train_mse"]   # the student moved towards the 1-ply targets
    assert all(row["valid_mse"] > 0 for row in fit)
    assert smeta["method"] == "distill" and smeta["positions"] == 3000
    assert smeta["init"]["file"] == "teacher.npz" and smeta["init"]["meta"] == meta   # the teacher's whole record
    assert 0 < smeta["check"]["win_rate"] < 1
    lines = log.read_text().splitlines()
    assert lines[0] == "# python -m bgsim.players.train --method distill --test"
    assert [line.split("\t")[0] for line in lines[2:9]] == [str(e) for e in range(7)]
    with np.load(data) as z:
        assert z["boards"].shape == (3000, 2, 26) and z["targets"].shape == (3000, 5)
    again = train_mod.distill(3000, init=teacher, epochs=1, seed=9, eval_games=0, progress=False, data=data)
    with pytest.raises(InvalidSettingError, match="another teacher, seed or number of positions"):
        train_mod.distill(3000, init=teacher, epochs=1, seed=9, eval_games=0, progress=False, data=data,
                          alternatives=0.5)                                  # other positions: not the kept ones
    mixed = train_mod.distill(400, init=teacher, epochs=1, seed=9, eval_games=0, progress=False, alternatives=0.5,
                              out=tmp_path / "mixed.npz")
    assert load_weights(tmp_path / "mixed.npz")[1]["alternatives"] == 200 and mixed["w1"].shape == w["w1"].shape
    assert again["w1"].shape == w["w1"].shape             # read the kept data; the teacher's size by default
    with pytest.raises(InvalidSettingError, match="another teacher, seed or number of positions"):
        train_mod.distill(3000, init=teacher, epochs=1, seed=10, eval_games=0, progress=False, data=data)


def test_distillation_fits_earlier_rounds_data_too(tmp_path):
    """--more-data: the positions and targets of earlier rounds are fitted with this round's,
    and the record names each file, who made it and how many positions it held."""
    teacher = tmp_path / "teacher.npz"
    w, meta = shipped_weights()
    save_weights(teacher, w, meta)
    earlier = tmp_path / "earlier.npz"
    train_mod.distill(300, init=teacher, epochs=1, seed=4, eval_games=0, progress=False, data=earlier)
    log = tmp_path / "log.tsv"
    train_mod.distill(200, init=teacher, epochs=1, seed=5, eval_games=0, progress=False, more_data=[earlier],
                      out=tmp_path / "student.npz", log=log)
    smeta = load_weights(tmp_path / "student.npz")[1]
    assert smeta["positions"] == 200                       # this round's own, as the command says
    (more,) = smeta["more_data"]
    assert more["file"] == "earlier.npz" and more["positions"] == 300 and more["made_by"]["seed"] == 4
    bad = tmp_path / "bad.npz"
    np.savez(bad, boards=np.zeros((3, 26)), targets=np.zeros((3, 5)))
    with pytest.raises(InvalidSettingError, match="bad.npz holds boards of shape"):
        train_mod.distill(200, init=teacher, epochs=1, seed=5, eval_games=0, progress=False, more_data=[bad])
    with pytest.raises(InvalidSettingError, match="is not a --data file"):
        train_mod.distill(200, init=teacher, epochs=1, seed=5, eval_games=0, progress=False,
                          more_data=[tmp_path / "missing.npz"])


def test_alternative_positions_are_one_legal_play_away():
    """Each alternative is a legal result (R5-R21) of some roll from one of the boards, the
    game not over, with the opponent on roll (rows swapped); and they are not all the same."""
    boards = np.array([Position.initial().to_array(), Position.from_gnubg_id("4HPwATDgc/ABMA").to_array()])
    alt = train_mod.alternative_positions(boards, 40, seed=3)
    ws = _kernel.Workspace()
    reachable = set()
    for b in boards:
        for d1 in range(1, 7):
            for d2 in range(d1, 7):
                n = _kernel.generate(b.copy(), d1, d2, 0, *ws.arrays())
                reachable |= {ws.boards[k, ::-1].tobytes() for k in range(n)}
    assert all(a.tobytes() in reachable for a in alt)
    assert all(a[1, 0] < 15 for a in alt)
    assert len({a.tobytes() for a in alt}) > 20
    np.testing.assert_array_equal(alt, train_mod.alternative_positions(boards, 40, seed=3))   # seeded


@pytest.mark.parametrize("equity_weight, gammon_weight", [(0.0, 1.0), (1.5, 1.0), (0.0, 3.0), (1.5, 2.5)])
def test_the_fit_follows_the_gradient_of_its_loss(equity_weight, gammon_weight):
    """The distillation's loss: the outputs' squared error (the four gammon outputs' times
    ``gammon_weight``) plus ``equity_weight`` times the equity's (R23: 2 win - 1 + gammons
    and backgammons won - lost); its gradient, checked against finite differences of the
    loss in float64."""
    rng = np.random.default_rng(4)
    w = {"w1": rng.normal(0, 0.3, (6, 4)), "b1": rng.normal(0, 0.1, 4), "w2": rng.normal(0, 0.5, (5, 4)),
         "b2": rng.normal(0, 0.1, 5)}
    fit = train_mod._Adam(w, equity_weight, gammon_weight)
    fit.p = {k: v.astype(np.float64) for k, v in fit.p.items()}
    fit.output_weights = fit.output_weights.astype(np.float64)
    x, y = rng.random((7, 6)), rng.random((7, 5))
    grads = fit.gradients(x, y)
    for name in ("w1", "b1", "w2", "b2"):
        p = fit.p[name]
        numeric = np.zeros_like(p)
        for i in np.ndindex(p.shape):
            keep = p[i]
            p[i] = keep + 1e-6
            up = fit.loss(x, y)
            p[i] = keep - 1e-6
            down = fit.loss(x, y)
            p[i] = keep
            numeric[i] = (up - down) / 2e-6
        np.testing.assert_allclose(grads[name], numeric, rtol=1e-5, atol=1e-9, err_msg=name)
    # an error that cancels in the equity (a gammon won and one lost, both 0.01 too high) costs its
    # squared error only; one that adds up (gammons won 0.01 too high, lost 0.01 too low) costs more
    _, o = fit.forward(x)
    cancels, adds = o + [0, 0.01, 0, 0.01, 0], o + [0, 0.01, 0, -0.01, 0]
    assert fit.loss(x, cancels) == pytest.approx(2e-4 * gammon_weight)
    assert fit.loss(x, adds) == pytest.approx(2e-4 * gammon_weight + equity_weight * 0.02 ** 2)
    # the win's error counts once whatever the gammon weight
    assert fit.loss(x, o + [0.01, 0, 0, 0, 0]) == pytest.approx(1e-4 + equity_weight * 0.02 ** 2)


def test_distillation_settings_out_of_range_are_refused(tmp_path, capsys):
    for bad in ({"positions": 10}, {"epochs": 0}, {"lr": 0.0}, {"threads": 0}, {"equity_weight": -1.0},
                {"alternatives": 1.0}, {"gammon_weight": 0.0}):
        kw = {"positions": 1000, **bad}
        with pytest.raises(InvalidSettingError, match="positions >= 100, epochs >= 1"):
            train_mod.distill(kw.pop("positions"), init=tmp_path / "none.npz", progress=False, **kw)
    assert train_mod.main(["--method", "distill", "--no-progress"]) == 2
    assert "--init TEACHER" in capsys.readouterr().err
