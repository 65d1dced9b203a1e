"""Benchmark: a long money session played through :class:`bgsim.widgets.PlayWidget` (issue 28, item 1).

A class leaves a play widget open for an hour and plays game after game; each game end puts
the result, the ``.mat`` download and a replay on screen. This plays ``--games`` games of one
session through the widget as a person would, without a browser: **Roll**, the play clicked
on the board checker by checker (the first legal play, so a game is quick and the person's
choice costs nothing), **Done**, **New game**; the computer is the heuristic player and acts
at once (``delay=0``). It prints the process's memory (RSS) and the seconds per game over the
first and the last ``--window`` games, the growth per game and the ipywidgets left open.

The targets: at most 1 MiB of growth per game, and the last games as fast as the first.
Asserts nothing. Run: ``python benchmarks/bench_play_widget_memory.py [--games 300]``.
"""

from __future__ import annotations

import argparse
import gc
import os
import time


def rss_mib() -> float:
    """The resident memory of this process in MiB (Linux ``/proc``; psutil elsewhere)."""
    try:
        with open(f"/proc/{os.getpid()}/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        import psutil
        return psutil.Process().memory_info().rss / 2**20


def open_widgets() -> int:
    """How many ipywidgets are open in this process (ipywidgets' own registry of live widgets)."""
    from ipywidgets.widgets import widget

    return len(widget._instances)


def play_one_game(widget) -> None:
    """Play the widget's current game to its end as the person, by the widget's buttons and board clicks."""
    from bgsim.game.events import GameState

    table = widget.table
    for _ in range(2000):
        game = table.game
        if game.is_over:
            return
        state = game.state
        if state in (GameState.OPENING, GameState.AWAITING_DOUBLE_OR_ROLL):
            widget.roll()
        elif state is GameState.AWAITING_PLAY:
            play = game.legal_plays()[0]
            for src, dst in play.steps:          # the stepper numbers points from the side on roll
                widget.stepper.click(src)
                widget.stepper.click(dst)
            widget.done()
        elif state is GameState.AWAITING_ANSWER:
            widget.take()
        else:
            widget.reject_resignation()
    raise RuntimeError("the game did not end in 2000 actions")


def main(games: int = 300, window: int = 20, seed: int = 1) -> None:
    from bgsim.widgets import PlayWidget

    window = max(1, min(window, games // 2 or 1))
    widget = PlayWidget("heuristic", session=True, rng=seed, delay=0)
    play_one_game(widget)                        # warm-up: loads the compiled kernels and the fonts of the board
    widget.new_game()
    gc.collect()
    start = rss_mib()
    open_start = open_widgets()
    seconds: list[float] = []
    memory: list[float] = [start]
    for i in range(games):
        t = time.perf_counter()
        play_one_game(widget)
        widget.new_game()
        seconds.append(time.perf_counter() - t)
        memory.append(rss_mib())
        if (i + 1) % 50 == 0:
            print(f"  game {i + 1}: {memory[-1]:.0f} MiB, {seconds[-1]:.3f} s", flush=True)
    gc.collect()
    end = rss_mib()
    open_end = open_widgets()
    first = sum(seconds[:window]) / window
    last = sum(seconds[-window:]) / window
    print(f"PlayWidget session of {games} games (heuristic opponent, delay=0, first legal plays clicked):")
    print(f"  memory (RSS): {start:.0f} MiB at the start, {end:.0f} MiB at the end: "
          f"{(end - start) / games:+.3f} MiB per game (target: at most 1)")
    print(f"  seconds per game: {first:.3f} over the first {window}, {last:.3f} over the last {window} "
          f"(ratio {last / first:.2f}; target: about 1)")
    print(f"  ipywidgets open: {open_start} at the start, {open_end} at the end "
          f"({(open_end - open_start) / games:+.1f} per game)")
    widget.close()
    print(f"  after PlayWidget.close(): {open_widgets()} ipywidgets open")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    parser.add_argument("--window", type=int, default=20, help="games averaged at the start and the end")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    main(args.games, args.window, args.seed)
