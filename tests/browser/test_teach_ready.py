"""Pages come up with their boards (issue 32, item 1), on a busy machine, as ``make teach`` runs them.

The teacher starts ``make teach`` and opens six lessons in a row at once, while two CPU-bound
processes run beside it (the machine's two CPUs busy with other work). Voila runs through
``teach/voila_teach.py`` as the Makefile runs it: at most 4 ready kernels, started one after
another, and an executor that waits for late outputs. Every page must come up with live boards
(never text and pictures with the boards silently missing), the page must say "getting the
boards ready..." while it waits, the server must never have dropped an output ("Timeout waiting
for IOPub output"), and the ready kernels must stay within the limit.

The times are printed with ``-s`` (test_report).
"""

from __future__ import annotations

import secrets
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.support.processes import wait_for

from .conftest import LESSONS, ROOT, Server, _env, _free_port, _only_localhost, _stop, _wait_http

expect = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright").expect
psutil = pytest.importorskip("psutil")

PAGES = ["03-forced-play.ipynb", "04-bar.ipynb", "05-bearing-off.ipynb", "06-scoring.ipynb", "07-cube.ipynb",
         "08-match.ipynb"]
READY = 4
LONG = 300_000                        # ms: a page on a machine whose CPUs are busy
MEASURED: dict[str, object] = {}
SEEN_LOADING = """
setInterval(() => {
  const el = document.getElementById('loading_text');
  if (el && el.textContent.includes('getting the boards ready')) sessionStorage.setItem('bgsim-seen-loading', '1');
}, 20);
"""


def burners(n: int) -> list[subprocess.Popen]:
    """``n`` CPU-bound processes: the other work on the teacher's machine."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


def kernels(proc) -> set[int]:
    """The live kernels the server started (zombies, ended but not yet reaped, left out)."""
    import psutil

    out = set()
    for p in psutil.Process(proc.pid).children(recursive=True):
        try:
            if p.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(p.cmdline()):
                out.add(p.pid)
        except psutil.Error:          # ended while we looked
            pass
    return out


@pytest.fixture(scope="module")
def busy_teach(tmp_path_factory) -> Iterator[tuple[Server, subprocess.Popen, float]]:
    """``make teach`` on a copy of lessons/, started while two CPU-bound processes run."""
    home = tmp_path_factory.mktemp("teach-busy-home")
    root = tmp_path_factory.mktemp("teach-busy") / "lessons"
    shutil.copytree(LESSONS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "tools", "src"))
    (root.parent / "docs").mkdir()
    shutil.copy2(ROOT / "docs" / "rules.md", root.parent / "docs" / "rules.md")
    port, token = _free_port(), secrets.token_hex(16)
    log = home / "voila.log"
    env = _env(home)
    env.update(JUPYTER_PATH=str(ROOT / "teach"), BGSIM_TEACH_READY=str(READY), BGSIM_TEACH_PAGES="")
    cmd = [sys.executable, str(ROOT / "teach" / "voila_teach.py"), "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", f"--token={token}", f"--Voila.root_dir={root}", "--template=bgsim",
           "--MappingKernelManager.cull_idle_timeout=600", "--MappingKernelManager.cull_interval=60", str(root)]
    hogs = burners(2)
    started = time.monotonic()
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root,
                                start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", token, root)
    server.log = log
    try:
        _wait_http(server.url("/"), proc, log)
        yield server, proc, started
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
        _stop(proc)


def test_six_pages_in_a_row_on_a_busy_machine_all_have_live_boards(chromium, busy_teach, screenshot):
    server, proc, started = busy_teach
    context = chromium.new_context(viewport={"width": 1280, "height": 720})
    context.route("**/*", _only_localhost)
    context.add_init_script(SEEN_LOADING)
    most_kernels = 0
    times = {}
    try:
        for name in PAGES:                              # one after another, the moment the server answers
            page = context.new_page()
            t0 = time.monotonic()
            page.goto(server.url(f"/voila/render/{name}"), timeout=LONG, wait_until="commit")
            # until the page has shown its cells and every widget on it is live
            page.wait_for_selector("body[data-bgsim-ready='1']", state="attached", timeout=LONG)
            expect(page.get_by_text("VBox(children=")).to_have_count(0)
            boards = page.locator(".bgsim-board-view svg")
            assert boards.count() >= 1, f"{name}: no live board"
            expect(boards.first).to_be_visible()
            assert page.locator(".bgsim-board-view svg .point").count() >= 24
            assert page.evaluate("sessionStorage.getItem('bgsim-seen-loading')") == "1", \
                f"{name}: the page never said 'getting the boards ready...'"
            times[name] = round(time.monotonic() - t0, 1)
            most_kernels = max(most_kernels, len(kernels(proc)))
        screenshot(page, "teach-busy-last-page-1280x720")
    finally:
        context.close()
    MEASURED["seconds per page (busy machine, opened in a row)"] = times
    MEASURED["from the server's start to the sixth page, s"] = round(time.monotonic() - started, 1)
    MEASURED["most kernels at once (ready + the pages open)"] = most_kernels
    text = server.log.read_text(errors="replace")
    assert "Timeout waiting for IOPub output" not in text
    # the ready kernels stay within the limit: at most READY ready plus the six pages' own
    assert most_kernels <= READY + len(PAGES), most_kernels


def test_the_pool_starts_its_kernels_one_after_another(busy_teach):
    """The server's log: each ready kernel is 'getting ... ready' only once the one before is 'ready'."""
    server, _proc, _started = busy_teach
    def ready_lines() -> int:
        return sum("bgsim: " in x and "is ready" in x for x in server.log.read_text(errors="replace").splitlines())

    wait_for(lambda: ready_lines() >= 2, 240, "two ready kernels in the server's log", interval=1)
    lines = [x for x in server.log.read_text(errors="replace").splitlines() if "bgsim: getting" in x
             or " is ready" in x]
    running = 0
    for line in lines:
        running += 1 if "bgsim: getting" in line else -1
        assert running <= 1, "two ready kernels started at once:\n" + "\n".join(lines)
    assert any(" is ready" in x for x in lines), lines


def test_report(capsys):
    if MEASURED:
        with capsys.disabled():
            print("\nmake teach on a busy machine:")
            for key, value in MEASURED.items():
                print(f"  {key}: {value}")

