"""Tests of the benchmarks' player names (benchmarks/bench_strength.py): ``net``, ``net:PATH``,
``net-1ply`` and ``net-1ply:PATH`` name the network at 0 or 1 roll deeper, shipped or from a
file, the same way in ``bench_strength.py`` and ``bench_decisions.py``."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from bench_strength import make_side, parse_network

from bgsim.engine.errors import WeightsError
from bgsim.sim.net import save_weights, shipped_weights


@pytest.mark.parametrize(("name", "parsed"), [
    ("net", (0, None)), ("net:a/b.npz", (0, "a/b.npz")), ("net-1ply", (1, None)),
    ("net-1ply:c:d.npz", (1, "c:d.npz")), ("pubeval", None), ("heuristic", None), ("network", None),
    ("net-1plyx", None),
])
def test_parse_network(name: str, parsed: tuple[int, str | None] | None) -> None:
    assert parse_network(name) == parsed


def test_a_weights_file_plays_as_the_shipped_network(tmp_path: Path) -> None:
    """The shipped weights saved to a file and named ``net:PATH`` / ``net-1ply:PATH`` choose the
    same plays as ``net`` / ``net-1ply``; a missing file is an error, not the shipped network."""
    path = tmp_path / "copy.npz"
    save_weights(path, *shipped_weights())
    board = np.zeros((2, 26), dtype=np.int8)
    board[0, [6, 8, 13, 24]] = [5, 3, 5, 2]           # the starting position (R1), row 0 on roll
    board[1, [6, 8, 13, 24]] = [5, 3, 5, 2]
    for shipped, copy in (("net", f"net:{path}"), ("net-1ply", f"net-1ply:{path}")):
        a, b = make_side(shipped), make_side(copy)
        assert b.name == copy
        for d1, d2 in ((3, 1), (6, 5), (4, 4)):
            assert np.array_equal(a.choose(board, d1, d2), b.choose(board, d1, d2))
    for missing in (f"net:{tmp_path / 'none.npz'}", f"net-1ply:{tmp_path / 'none.npz'}"):
        with pytest.raises(WeightsError, match="cannot read network weights"):
            make_side(missing)


def test_an_unknown_player_is_refused() -> None:
    with pytest.raises(SystemExit, match="unknown player 'gnubg2'"):
        make_side("gnubg2")


def test_worker_processes_play_the_same_games() -> None:
    """``--processes 2`` splits the pairs of dice between two workers: the same points in the
    same order as one process (every pair has its own dice stream), and the figures with them."""
    from bench_strength import run

    one = run(["heuristic"], 5, 99, opponent="pubeval")[0]
    two = run(["heuristic"], 5, 99, processes=2, opponent="pubeval")[0]
    assert one["pts"].shape == (5, 2)
    assert np.array_equal(one["pts"], two["pts"])
    assert one["ppg"] == two["ppg"] and one["ppg_half_width"] == two["ppg_half_width"]
