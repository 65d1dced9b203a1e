"""Waiting for a real signal, and walking processes that may end while they are looked at.

Tests that wait never sleep a fixed time: they poll a signal of readiness (a line on a
stream, a file, a port, a process's own CPU time) until a generous deadline, because a
machine busy with other work may be several times slower than a quiet one.

A process listed a moment ago may have ended, or be a zombie waiting for its parent, by the
time it is asked for its command line or its CPU time: psutil then raises
:class:`psutil.NoSuchProcess` (:class:`psutil.ZombieProcess` is one) or
:class:`psutil.AccessDenied`. The helpers here treat such a process as gone.
"""

from __future__ import annotations

import os
import re
import selectors
import signal
import time
from collections.abc import Callable
from typing import IO, TypeVar

import psutil

#: What psutil raises about a process that ended (or turned zombie) meanwhile.
GONE = (psutil.NoSuchProcess, psutil.AccessDenied)

T = TypeVar("T")


def wait_for(condition: Callable[[], T], timeout: float, what: str, interval: float = 0.05) -> T:
    """Poll ``condition()`` until it returns something true, and return that; fail after ``timeout`` s.

    ``interval`` only spaces the polls out; the deadline is what a slow machine needs.

    >>> wait_for(lambda: 3, 1, "three")
    3
    """
    deadline = time.monotonic() + timeout
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not seen after {timeout:.0f} s")
        time.sleep(interval)


def default_sigint() -> None:
    """Give a child process the default Ctrl-C (``Popen(..., preexec_fn=default_sigint)``).

    A test that sends SIGINT to a child must not depend on how the test run was started: a
    background job of a script (``pytest ... &``, ``nohup``) ignores SIGINT, every process it
    starts inherits that, and Python then never raises ``KeyboardInterrupt``.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def children(parent: int | psutil.Process, recursive: bool = True) -> list[psutil.Process]:
    """The processes ``parent`` started and that still exist ([] when ``parent`` itself is gone)."""
    try:
        proc = parent if isinstance(parent, psutil.Process) else psutil.Process(parent)
        return proc.children(recursive=recursive)
    except GONE:
        return []


def cmdline(proc: psutil.Process) -> str:
    """The process's command line as one string; "" when it is gone (or a zombie, which has none)."""
    try:
        return " ".join(proc.cmdline())
    except GONE:
        return ""


def running(proc: psutil.Process) -> bool:
    """True while the process exists and is not a zombie waiting to be reaped."""
    try:
        return proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE
    except GONE:
        return False


def cpu_seconds(proc: psutil.Process) -> float:
    """The user CPU time the process has used so far (0 when it is gone): progress that does not
    depend on how busy the machine is."""
    try:
        return float(proc.cpu_times().user)
    except GONE:
        return 0.0


def read_until(stream: IO[bytes], pattern: str, timeout: float, what: str) -> str:
    """Read a subprocess's pipe (opened in binary) until ``pattern`` (a regex) appears; return what was read.

    The pipe is read as it comes, not line by line (a progress bar rewrites its line with
    ``\\r``). Fails after ``timeout`` seconds, or when the stream ends first, with what was read.
    """
    found = re.compile(pattern)
    fd = stream.fileno()
    seen = b""
    deadline = time.monotonic() + timeout
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{what}: not seen after {timeout:.0f} s; read so far:\n"
                                   f"{seen.decode(errors='replace')[-3000:]}")
            if not sel.select(min(left, 1.0)):
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise EOFError(f"{what}: the stream ended first; read:\n{seen.decode(errors='replace')[-3000:]}")
            seen += chunk
            text = seen.decode(errors="replace")
            if found.search(text):
                return text
