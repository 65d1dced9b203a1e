"""Ctrl-C while the ``bgsim`` command is still starting: one line and exit status 130, no traceback.

The command's first seconds go to importing numpy, numba and bgsim itself. Python answers
Ctrl-C there with a ``KeyboardInterrupt`` raised in the middle of some import, and an
uncaught one prints a traceback and ends the process by the signal (exit status -2). The
``bgsim`` command promises one line on stderr and exit status 130 instead, whenever Ctrl-C
comes (:func:`bgsim.cli.main.main`).

This module is the first thing ``bgsim/__init__.py`` imports. When the process *is* the
command (the ``bgsim`` script, or ``python -m bgsim``), it puts a handler on SIGINT that
says ``bgsim: stopped (Ctrl-C)`` and ends the process with status 130 at once; a Python
program, a notebook or a test that imports bgsim is left alone. :func:`started`, called by
:func:`bgsim.cli.main.main` once everything is imported, hands Ctrl-C back to Python
(``KeyboardInterrupt``), which ``main`` turns into the same line, or into the partial
result of an estimate stopped part-way.

What cannot be helped: a Ctrl-C in the few milliseconds before Python itself has started
(before this module runs) ends the process by the signal, as for any program.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence
from typing import Any

from ..engine.i18n import LANGUAGES, _, language

__all__ = ["STOPPED", "is_the_command", "language_of", "started"]

#: The exit status after Ctrl-C (128 + SIGINT, what shells report for a program stopped so).
STOPPED = 130

_SCRIPT_NAMES = ("bgsim", "bgsim.exe", "bgsim-script.py")


def language_of(argv: Sequence[str]) -> str | None:
    """The language ``--lang X`` (or ``--lang=X``) asks for, wherever it stands; None without one.

    >>> language_of(["rule", "R13", "--lang", "cs"]), language_of(["--lang=cs", "rule"]), language_of(["rule"])
    ('cs', 'cs', None)
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv) and argv[i + 1] in LANGUAGES:
            return argv[i + 1]
        if arg.startswith("--lang=") and arg[7:] in LANGUAGES:
            return arg[7:]
    return None


def is_the_command(argv: Sequence[str] | None = None, orig_argv: Sequence[str] | None = None) -> bool:
    """Whether this process is the ``bgsim`` command: its script, or ``python -m bgsim``.

    While ``python -m bgsim`` imports the package, ``sys.argv[0]`` is ``"-m"`` and the
    interpreter's own command line (``sys.orig_argv``) names the module just before the
    program's arguments.

    >>> is_the_command(["/venv/bin/bgsim", "plays"], ["python", "/venv/bin/bgsim", "plays"])
    True
    >>> is_the_command(["-m", "plays"], ["python", "-X", "importtime", "-m", "bgsim", "plays"])
    True
    >>> is_the_command(["-m"], ["python", "-m", "pytest"]), is_the_command(["lesson.py"], ["python", "lesson.py"])
    (False, False)
    """
    argv = sys.argv if argv is None else argv
    orig_argv = getattr(sys, "orig_argv", []) if orig_argv is None else orig_argv
    if not argv:
        return False
    if os.path.basename(argv[0]) in _SCRIPT_NAMES:
        return True
    at = len(orig_argv) - len(argv)       # where the module's name stands in the interpreter's command line
    return argv[0] == "-m" and 0 <= at < len(orig_argv) and orig_argv[at] in ("bgsim", "-mbgsim")


def _stop_quietly(_signum: int, _frame: Any) -> None:
    """Ctrl-C while the command starts: the one line, in the language asked for, and exit 130."""
    try:
        lang = language_of(sys.argv[1:])
        if lang is None:
            line = _("bgsim: stopped (Ctrl-C)")
        else:
            with language(lang):
                line = _("bgsim: stopped (Ctrl-C)")
    except Exception:           # never a traceback here, whatever state the imports are in
        line = "bgsim: stopped (Ctrl-C)"
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    finally:
        os._exit(STOPPED)       # nothing is written yet that needs closing; no import half done matters


def started() -> None:
    """The command has started: Ctrl-C raises ``KeyboardInterrupt`` again (``main`` answers it).

    Does nothing unless this module's handler is the one in place (a test calling
    :func:`bgsim.cli.main.main` keeps its own).
    """
    try:
        if signal.getsignal(signal.SIGINT) is _stop_quietly:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    except ValueError:          # not the main thread: signals are not ours to set
        pass


if is_the_command() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    try:                        # (a background job started with Ctrl-C ignored keeps ignoring it)
        signal.signal(signal.SIGINT, _stop_quietly)
    except ValueError:          # pragma: no cover - imported outside the main thread
        pass
