"""Worker processes started by ``estimate(..., workers=n)`` never outlive their parent.

Each test starts a real Python process running a long ``estimate(workers=2)``, waits until
its two worker processes exist, ends the parent (SIGTERM, SIGKILL, SIGINT) and checks, by
process id, that no worker is still running a few seconds later.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

from tests.support.processes import GONE, children, cpu_seconds, default_sigint, running, wait_for

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals, fork workers")

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = textwrap.dedent("""
    import sys
    import bgsim.sim.montecarlo as mc
    import bgsim.sim.workers
    from bgsim import Position
    bgsim.sim.workers._PDEATHSIG = {pdeathsig}
    est = mc.estimate(Position.initial(), games=10**8, workers=2, chunk_size=1080, player="random")
    print("RESULT", est.games, est.stopped, flush=True)
""")

GRACE = 20.0  # seconds the workers get to end after the parent is gone (they take ~0.1 s; a busy machine is slower)
WORKING = 0.3  # CPU seconds each worker has used when the parent is ended: well inside its first chunk


def start(pdeathsig: bool = True) -> tuple[subprocess.Popen, list[psutil.Process]]:
    """Start a parent running a long estimate; return it once its two workers run."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT.format(pdeathsig=pdeathsig)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=default_sigint)
    def working() -> list[psutil.Process] | None:
        """The two workers once each has computed a while (CPU time, not wall time: a busy machine)."""
        assert proc.poll() is None, proc.communicate()
        workers = children(proc.pid, recursive=False)
        return workers if len(workers) == 2 and all(cpu_seconds(w) > WORKING for w in workers) else None

    try:
        return proc, wait_for(working, timeout=300, what="two working workers")   # a cold numba cache compiles
    except TimeoutError:
        proc.kill()
        raise


def seconds_until_gone(workers: list[psutil.Process], since: float) -> float:
    """Wait (up to GRACE) until no worker runs; the time it took, measured from ``since``."""
    try:
        wait_for(lambda: not any(running(w) for w in workers), GRACE - (time.monotonic() - since),
                 "the workers' end", interval=0.01)
        return time.monotonic() - since
    except TimeoutError:
        alive = [w.pid for w in workers if running(w)]
        for w in workers:
            if running(w):
                with contextlib.suppress(*GONE):
                    w.kill()
        pytest.fail(f"workers {alive} still running {GRACE} s after their parent ended")


def end_parent(sig: int, pdeathsig: bool = True) -> tuple[subprocess.Popen, float]:
    proc, workers = start(pdeathsig)
    pids = {w.pid for w in workers}
    assert proc.pid not in pids and len(pids) == 2
    t0 = time.monotonic()
    os.kill(proc.pid, sig)
    proc.wait(timeout=GRACE)
    took = seconds_until_gone(workers, t0)
    print(f"{signal.Signals(sig).name}: workers gone {took * 1000:.0f} ms after the signal")
    return proc, took


def test_sigterm_ends_the_workers_and_then_the_parent():
    proc, took = end_parent(signal.SIGTERM)
    assert proc.returncode == -signal.SIGTERM     # the parent still dies of SIGTERM, as without workers
    assert "RESULT" not in proc.stdout.read()
    assert took < GRACE


@pytest.mark.parametrize("pdeathsig", [True, False], ids=["pdeathsig", "watcher-only"])
def test_sigkill_of_the_parent_ends_the_workers(pdeathsig):
    """SIGKILL cannot be caught: the workers learn of it themselves (the kernel's parent-death
    signal, or the watcher thread polling ``os.getppid()`` when that is not available)."""
    proc, took = end_parent(signal.SIGKILL, pdeathsig)
    assert proc.returncode == -signal.SIGKILL
    assert took < GRACE


def test_sigint_still_returns_the_finished_chunks():
    proc, workers = start()
    proc.send_signal(signal.SIGINT)
    try:
        out, err = proc.communicate(timeout=300)   # the chunks being played finish first: slow on a busy machine
    finally:
        if proc.poll() is None:                    # never left running (its workers end with it)
            proc.kill()
    assert proc.returncode == 0, err
    _, games, stopped = out.split()
    assert stopped == "True" and int(games) % 1080 == 0
    seconds_until_gone(workers, time.monotonic())
