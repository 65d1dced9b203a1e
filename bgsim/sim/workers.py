"""Where the chunks of a Monte Carlo run are played: here, in worker processes, or on an executor.

:func:`run_chunks` plays the chunks of a :class:`~bgsim.sim.playouts.PlayoutJob` one after the
other in this process, in a pool of worker processes (``workers=N``), or on any
:class:`concurrent.futures.Executor` (a dask ``Client(...).get_executor()``), hands each
result back as it comes, and stops early on ``stop``, Ctrl-C or SIGTERM.

Worker processes never outlive the process that started them: SIGTERM ends them and then
the process as it would have ended anyway, and if the parent dies any other way (SIGKILL,
a notebook kernel restarted) each worker notices within a fraction of a second and exits.

>>> import numpy as np
>>> from bgsim import Position
>>> from bgsim.engine.dice import ALL_ROLLS
>>> from bgsim.sim.playouts import PlayoutJob
>>> from bgsim.game.rules import Rules
>>> job = PlayoutJob.create(Position.initial(), Rules(), ALL_ROLLS, players=(0, 0), starter=0,
...                         seed=np.random.SeedSequence(1))
>>> games = {}
>>> run_chunks(job, [(0, 36), (1, 72)], finished=lambda k, result: games.update({k: int(result[0].sum())}))
False
>>> games
{0: 36, 1: 72}
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait

import numpy as np

from ..engine.errors import _ChunkStopped, _Terminated
from .playouts import PlayoutJob, play_chunk, warm

__all__ = ["MAX_INFLIGHT", "mp_context", "run_chunks"]

#: Chunks handed to an external executor at once (it decides what runs when).
MAX_INFLIGHT = 10_000

#: How often (seconds) a worker's watcher thread checks that its parent is still there.
_PARENT_POLL = 0.05
#: Ask Linux to kill a worker the moment its parent dies (``prctl(PR_SET_PDEATHSIG)``).
_PDEATHSIG = True
_PR_SET_PDEATHSIG = 1


def run_chunks(job: PlayoutJob, todo: list[tuple[int, int]], *, finished: Callable[[int, tuple[np.ndarray, int]], None],
               workers: int = 1, executor: Executor | None = None, stop: Callable[[], bool] = lambda: False,
               cleanup: Callable[[], None] | None = None) -> bool:
    """Play the chunks ``todo`` (pairs of chunk number and games) of ``job``; True if stopped early.

    ``finished(k, (counts, turns))`` is called in this thread as each chunk ends (in any
    order with workers or an executor). With ``workers=1`` and no ``executor`` the chunks
    are played here, one after the other; ``workers=N`` starts N processes (forked on
    Linux: they inherit the compiled code and the tables) that end with this process
    however it ends; an ``executor`` is used as it is and not shut down.

    ``stop`` is checked between chunks (and between the games of a Python chunk played
    here, which is then dropped); when it returns True, or on Ctrl-C, the run ends and
    True is returned: the chunks finished so far have been handed to ``finished``. On
    SIGTERM while worker processes run, the workers are ended, ``cleanup`` is called and
    the signal is passed on (by default this process then ends, as it would have anyway).
    ``cleanup`` is called last, however the run ends.
    """
    in_python = job.python is not None
    pool = None
    previous_sigterm = None
    stopped = terminated = False
    try:
        if executor is None and workers == 1:
            for k, n in todo:
                if stop():
                    stopped = True
                    break
                finished(k, play_chunk(job, k, n, stop if in_python else None))
        elif todo:
            runner: Executor
            if executor is None:
                previous_sigterm = _catch_sigterm()   # SIGTERM ends the workers as Ctrl-C does
                warm(job)   # compiled code and tables are inherited by forked workers
                pool = ProcessPoolExecutor(max_workers=workers, mp_context=mp_context(),
                                           initializer=_worker_init, initargs=(os.getpid(),))
                runner = pool
                inflight = 2 * workers
            else:
                runner = executor
                inflight = MAX_INFLIGHT   # an external executor (a cluster) decides what runs when
            stopped = _drive(runner, job, todo, inflight, stop, finished)
    except (KeyboardInterrupt, _ChunkStopped):
        stopped = True
    except _Terminated:
        stopped = terminated = True
    finally:
        if pool is not None:
            if terminated:
                _end_workers(pool)
            pool.shutdown(wait=not stopped, cancel_futures=True)
        if previous_sigterm is not None:
            signal.signal(signal.SIGTERM, previous_sigterm)
        if cleanup is not None:
            cleanup()
    if terminated:
        _pass_on_sigterm(previous_sigterm)
    return stopped


def _drive(runner: Executor, job: PlayoutJob, todo: list[tuple[int, int]], inflight: int, stop_fn,
           finished) -> bool:
    """Run the chunks ``todo`` (number, games) on an executor, at most ``inflight`` at a time;
    True if stopped early."""
    pending: dict = {}
    nxt = 0
    stopped = False
    try:
        while True:
            if stop_fn():
                stopped = True
                break
            while nxt < len(todo) and len(pending) < inflight:
                k, n = todo[nxt]
                pending[runner.submit(play_chunk, job, k, n)] = k
                nxt += 1
            if not pending:
                break
            done, _ = wait(list(pending), timeout=0.2, return_when=FIRST_COMPLETED)
            for f in done:
                finished(pending.pop(f), f.result())
    except KeyboardInterrupt:
        stopped = True
    finally:
        for f in pending:
            f.cancel()
    return stopped


def mp_context():
    """Fork on Linux: the workers inherit the compiled loop and the tables at no cost
    (spawn or forkserver would import numba and rebuild the tables in every worker).
    ``None`` (the platform's default) elsewhere."""
    if sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return None


# --------------------------------------------------------------------------------------------
# Worker processes never outlive the process that started them
# --------------------------------------------------------------------------------------------


def _worker_init(parent: int) -> None:
    """Run first in every worker process :func:`run_chunks` starts; ``parent`` is the starter's pid.

    Ctrl-C goes to the whole process group: the parent handles it and keeps the finished
    chunks, so the workers ignore SIGINT and must not die of it mid-chunk. Whatever ends
    the parent (SIGTERM, SIGKILL, a kernel restart), the worker ends too:

    - on Linux the kernel sends it SIGKILL when the parent dies (``PR_SET_PDEATHSIG``);
    - everywhere, a daemon thread checks ``os.getppid()`` every :data:`_PARENT_POLL`
      seconds and ends the process once the parent is gone. The compiled loop runs
      without the GIL, so the check runs during a long chunk too.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)   # not the parent's handler, if it had one
    if _PDEATHSIG and sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no libc prctl: the watcher does it
            pass
    if os.getppid() != parent:   # the parent died before we could ask to be told
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="bgsim-parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL)
    os._exit(1)


def _raise_terminated(signum, frame) -> None:
    raise _Terminated


def _catch_sigterm():
    """Make SIGTERM raise the private ``_Terminated`` in the main thread; returns the handler it
    replaced (to restore and pass the signal on), or ``None`` if it installed nothing
    (not the main thread, or SIGTERM ignored or handled outside Python)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGTERM)
    if previous is None or previous == signal.SIG_IGN:
        return None
    signal.signal(signal.SIGTERM, _raise_terminated)
    return previous


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate the pool's worker processes now (not after their current chunk)."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            proc.terminate()
        except (OSError, ValueError, AttributeError):  # pragma: no cover - already gone
            pass


def _pass_on_sigterm(previous) -> None:
    """After the workers are gone, let SIGTERM do what it would have done without us."""
    if previous == signal.SIG_DFL:
        os.kill(os.getpid(), signal.SIGTERM)   # the default action: the process ends here
        raise SystemExit(128 + signal.SIGTERM)  # pragma: no cover - only if the kill returned
    if callable(previous):
        previous(signal.SIGTERM, None)
