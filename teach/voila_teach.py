"""The teacher view's Voila (``make teach``): a few ready kernels, started one after another.

Voila can keep a kernel ready for a page (a *preheated* kernel: the notebook already run, so
the page comes up at once). Its own pool keeps one for every notebook and starts them all at
the same moment: for bgsim's 28 pages that is 28 kernels and 5.6 GiB, and on a busy 2-CPU
machine the kernels starved each other until Voila gave up waiting for their outputs (the
log's "Timeout waiting for IOPub output") and pages came up with their text but without
their boards. This launcher runs Voila with a pool that

- keeps at most ``BGSIM_TEACH_READY`` kernels ready (default 4; 0 turns the pool off);
- keeps them for the pages named in ``BGSIM_TEACH_PAGES`` (``"03 04 sandbox"``: names or
  the start of names, ``cs/04`` for a Czech page), or, when none are named, for the *next*
  pages: at the start the first pages of the course, and after a page is opened the pages
  after it (and the page itself, for a reload), so the next click of the lesson plan is ready;
- starts them **one after another**: the next kernel starts only when the one before has
  run its whole lesson, so they never compete with each other for the CPUs;
- shuts down the ready kernels of pages no longer wanted (memory stays at the limit).

Voila's executor is also told to wait up to ``BGSIM_TEACH_IOPUB_TIMEOUT`` seconds (default
120) for a cell's outputs instead of 4: on a busy machine the outputs come late, and an
output Voila stopped waiting for is a board that never shows.

Run it as Voila itself (every Voila option works)::

    python teach/voila_teach.py lessons/ --template=bgsim

The pool is a mixin put in front of Voila's own preheating kernel manager (the class that
``voila.voila_kernel_manager.voila_kernel_manager_factory`` makes); :func:`plan` decides which
pages are wanted, and is a plain function for the tests.
"""

from __future__ import annotations

import asyncio
import os
import posixpath
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT_READY", "TeachPool", "course_pages", "main", "plan", "resolve_pages"]

DEFAULT_READY = 4
RENDER_PREFIX = "voila/render/"


def course_pages(root: str | Path) -> list[str]:
    """Every notebook under ``root`` (relative, ``/``-separated, checkpoints left out), sorted.

    Sorted names are the course's order: ``00-start-here``, ``01-board`` ... ``11-play``, then
    the other pages of the folder (``sandbox``, ``teacher-guide``).
    """
    root = Path(root)
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def resolve_pages(named: Sequence[str], pages: Sequence[str]) -> list[str]:
    """The pages the teacher named (``"03"``, ``"cs/04"``, ``"sandbox"``, a full name), in that order.

    A name matches a page in the same folder whose file name starts with it (``03`` is
    ``03-forced-play.ipynb``), in the top folder of the course first. A name that matches no
    page is left out.

    >>> resolve_pages(["04", "cs/04", "sandbox", "99"], ["03-a.ipynb", "04-bar.ipynb", "cs/04-bar.ipynb",
    ...                                                   "sandbox.ipynb"])
    ['04-bar.ipynb', 'cs/04-bar.ipynb', 'sandbox.ipynb']
    """
    out: list[str] = []
    for name in named:
        folder, stem = posixpath.split(name.strip().removesuffix(".ipynb"))
        for page in pages:
            where, file = posixpath.split(page)
            here = (where == folder or where.endswith("/" + folder)) if folder else where in ("", "lessons")
            if here and file.startswith(stem) and page not in out:
                out.append(page)
                break
    return out


def plan(pages: Sequence[str], ready: int, named: Sequence[str] = (), opened: str | None = None) -> list[str]:
    """The pages to keep a kernel ready for, most wanted first (at most ``ready``).

    ``pages`` is the course (:func:`course_pages`); ``named`` the pages the teacher named for
    the day (:func:`resolve_pages` already applied); ``opened`` the page opened last. With
    named pages: the named pages after the one opened, then the others, the opened one last
    (for a reload). Without: the pages after the one opened in its own folder (the next
    lessons), then the opened page; before any page is opened, the first pages of the course
    (the folder holding ``00-start-here``, or the top folder).

    >>> course = ["00-start.ipynb", "01-board.ipynb", "02-moving.ipynb", "03-forced.ipynb", "04-bar.ipynb",
    ...           "05-off.ipynb", "cs/00-start.ipynb", "sandbox.ipynb"]
    >>> plan(course, 4)
    ['00-start.ipynb', '01-board.ipynb', '02-moving.ipynb', '03-forced.ipynb']
    >>> plan(course, 4, opened="03-forced.ipynb")
    ['04-bar.ipynb', '05-off.ipynb', 'sandbox.ipynb', '03-forced.ipynb']
    >>> plan(course, 2, named=["03-forced.ipynb", "04-bar.ipynb", "sandbox.ipynb"], opened="03-forced.ipynb")
    ['04-bar.ipynb', 'sandbox.ipynb']
    >>> plan(course, 0)
    []
    """
    if ready <= 0 or not pages:
        return []
    if named:
        order = list(named)
        if opened in order:
            i = order.index(opened)
            order = order[i + 1:] + order[:i] + [opened]
        return order[:ready]
    if opened is None or opened not in pages:
        starts = sorted((p for p in pages if posixpath.basename(p).startswith("00-")), key=lambda p: (p.count("/"), p))
        folder = posixpath.dirname(starts[0]) if starts else ""
        return [p for p in pages if posixpath.dirname(p) == folder][:ready]
    folder = posixpath.dirname(opened)
    same = [p for p in pages if posixpath.dirname(p) == folder]
    i = same.index(opened)
    return [*same[i + 1:i + ready], opened][:ready]


class TeachPool:
    """A mixin for Voila's preheating kernel manager: few ready kernels, one started at a time.

    Voila's manager keeps ``_pools``: per notebook a list of tasks, each giving a ready kernel
    (``{"kernel_id", "renderer", "task"}``); a page request takes the first one
    (``get_rendered_notebook``) and asks for a refill (``fill_if_needed``). Here no refill
    starts a kernel at once: every request only updates the plan (:func:`plan`), and one worker
    starts the kernel of the most wanted page without one, waits until it has run its whole
    notebook, then goes on to the next, while fewer than the limit are ready.
    """

    def __init__(self, **kwargs: Any) -> None:
        self._teach_planning = True          # Voila's own __init__ asks to fill every pool: not yet
        self._teach_ready = int(os.environ.get("BGSIM_TEACH_READY", str(DEFAULT_READY)))
        super().__init__(**kwargs)
        self._teach_pages = course_pages(self.root_dir)
        self._teach_named = resolve_pages(os.environ.get("BGSIM_TEACH_PAGES", "").split(), self._teach_pages)
        self._teach_wanted = plan(self._teach_pages, self._teach_ready, self._teach_named)
        self._teach_wake = asyncio.Event()
        self._teach_planning = False
        self.log.info("bgsim: at most %d ready kernel(s), started one after another: %s", self._teach_ready,
                      ", ".join(self._teach_wanted) or "none")
        self._teach_worker = asyncio.get_event_loop().create_task(self._teach_work())
        self._teach_wake.set()

    # -------------------------------------------------------------- what Voila calls
    def fill_if_needed(self, delay: float | None = None, notebook_name: str | None = None,
                       extra_kernel_env_variables: dict | None = None, **kwargs: Any) -> None:
        """Voila asks for a refill after a page took its ready kernel: plan again, start nothing here."""
        if self._teach_planning or notebook_name is None:
            return
        self._opened(notebook_name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """A page asked for with no ready kernel: Voila starts one for it; the plan follows that page."""
        env = kwargs.get("env") or {}
        script = str(env.get("SCRIPT_NAME", ""))
        if RENDER_PREFIX in script:
            self._opened(script.split(RENDER_PREFIX, 1)[1])
        return await super().start_kernel(*args, **kwargs)  # type: ignore[misc]

    # -------------------------------------------------------------- the plan and the worker
    def _opened(self, notebook: str) -> None:
        if notebook not in self._teach_pages:
            return
        self._teach_wanted = plan(self._teach_pages, self._teach_ready, self._teach_named, opened=notebook)
        self.log.info("bgsim: %s opened; ready next: %s", notebook, ", ".join(self._teach_wanted) or "none")
        self._teach_wake.set()

    def _ready_count(self) -> int:
        return sum(len(pool) for pool in self._pools.values())

    async def _evict(self) -> None:
        """Shut down the ready kernels of pages no longer wanted (each once it has finished its run)."""
        for name, pool in list(self._pools.items()):
            if name in self._teach_wanted:
                continue
            for task in list(pool):
                if not task.done():
                    continue
                try:
                    content = task.result()
                    render = content["task"]
                except Exception:       # a kernel that failed to start: nothing to shut down
                    pool.remove(task)
                    continue
                if not render.done():
                    continue
                pool.remove(task)
                self.log.info("bgsim: %s no longer wanted: its ready kernel ends", name)
                try:
                    await self.shutdown_kernel(content["kernel_id"])
                except Exception as e:  # already gone
                    self.log.debug("bgsim: shutting down %s: %s", content["kernel_id"], e)

    async def _teach_work(self) -> None:
        while True:
            await self._teach_wake.wait()
            self._teach_wake.clear()
            while True:
                await self._evict()
                todo = next((n for n in self._teach_wanted if not self._pools.get(n)), None)
                if todo is None or self._ready_count() >= self._teach_ready:
                    break
                self._teach_planning = True
                try:                    # Voila's own refill, for one kernel of one page
                    super().fill_if_needed(delay=0, notebook_name=todo)  # type: ignore[misc]
                finally:
                    self._teach_planning = False
                pool = self._pools.get(todo) or []
                if not pool:
                    break
                self.log.info("bgsim: getting %s ready", todo)
                try:
                    content = await pool[-1]
                    await content["task"]          # the whole notebook run (or taken by a page)
                except Exception as e:
                    self.log.warning("bgsim: %s could not be got ready: %s", todo, e)
                    if pool:
                        pool.pop()
                    break
                self.log.info("bgsim: %s is ready", todo)


def _patch_voila() -> None:
    """Put :class:`TeachPool` in front of the preheating kernel manager Voila makes."""
    import voila.app
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    def factory(base_class, preheat_kernel, default_pool_size, page_config_hook=None):  # type: ignore[no-untyped-def]
        cls = voila_kernel_manager_factory(base_class, preheat_kernel, default_pool_size,
                                           page_config_hook=page_config_hook)
        if not preheat_kernel:
            return cls
        return type("BgsimTeachKernelManager", (TeachPool, cls), {})

    voila.app.voila_kernel_manager_factory = factory


def main(argv: Sequence[str] | None = None) -> None:
    """Voila with the teacher view's pool (when ``BGSIM_TEACH_READY`` is not 0) and a patient executor."""
    args = list(sys.argv[1:] if argv is None else argv)
    ready = int(os.environ.get("BGSIM_TEACH_READY", str(DEFAULT_READY)))
    iopub = os.environ.get("BGSIM_TEACH_IOPUB_TIMEOUT", "120")
    extra = [f"--VoilaExecutor.iopub_timeout={iopub}"]
    if ready > 0:
        _patch_voila()
        extra.append("--preheat_kernel=True")
    from voila.app import main as voila_main

    sys.argv = [sys.argv[0], *extra, *args]
    voila_main()


if __name__ == "__main__":
    main()
