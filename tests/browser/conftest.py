"""Fixtures that run notebooks in a real browser: JupyterLab and Voila servers, and Chromium.

Every test here is marked ``browser``. They need the ``playwright`` package (PyPI; its
own browser download is never used) and Debian's Chromium at ``/usr/bin/chromium`` (or
``$BGSIM_CHROMIUM``); without either they are skipped with the reason.

The servers listen on 127.0.0.1 on a free port with a random token, run as root if
need be, and work on a throw-away copy of ``tests/browser/notebooks/`` (and of ``lessons/``) with throw-away
settings (no autosave, no notebook windowing, no news) so a test never rewrites a
committed file. They are shut down through their API (Lab) or SIGTERM (Voila), and any
kernel that survives is killed, also when a test fails. Pages may load nothing but
localhost. Screenshots go to ``test-artifacts/`` at the repository root (ignored by git).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.processes import children, wait_for

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).parent / "notebooks"
LESSONS = ROOT / "lessons"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("BGSIM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
START_TIMEOUT = 300.0   # s: a server starts in 4-8 s on a quiet machine; generous for a busy one

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the environment
    sync_playwright = None


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    missing = None
    if sync_playwright is None:
        missing = "the playwright package is not installed (pip install bgsim[test])"
    elif not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        missing = f"no Chromium at {CHROMIUM} (apt-get install chromium, or set BGSIM_CHROMIUM)"
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            if missing:
                item.add_marker(pytest.mark.skip(reason=f"browser test skipped: {missing}"))


# ----------------------------------------------------------------------------- the kernel's answers
def kernel_answered(view) -> None:
    """Wait until the kernel has answered every click sent from a board view (``.bgsim-board-view``).

    The view counts the clicks it sent (``data-clicks``) and shows how many the kernel has
    answered (``data-answered``, sent by the kernel after everything the click changed): a
    real signal that the board, the message line and the rest are what the kernel made them,
    however busy the machine (no guessed time). Waits as long as ``expect`` does.
    """
    from playwright.sync_api import expect

    clicks = view.get_attribute("data-clicks")
    if clicks is not None:
        expect(view).to_have_attribute("data-answered", clicks)


# ----------------------------------------------------------------------------- servers
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, log: Path) -> None:
    """Return once ``url`` answers 200 (the server's readiness); fail at once if the server exits."""
    def answered() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                return r.status == 200
        except (urllib.error.URLError, ConnectionError, OSError):
            return False

    try:
        wait_for(answered, START_TIMEOUT, f"the server at {url}", interval=0.3)
    except TimeoutError:
        raise RuntimeError(f"server not ready after {START_TIMEOUT:.0f} s:\n{log.read_text()[-3000:]}") from None


def _stop(proc: subprocess.Popen, shutdown_url: str | None = None) -> None:
    """Shut a server down, then kill whatever it started that is still alive (kernels run
    in their own process session, so they do not die with the server's group)."""
    family = children(proc.pid)          # [] when the server is already gone; ended ones are skipped
    if proc.poll() is None:
        if shutdown_url:
            try:
                urllib.request.urlopen(urllib.request.Request(shutdown_url, method="POST", data=b""), timeout=5)
            except OSError:   # not answering: it is killed below
                proc.send_signal(signal.SIGTERM)
        else:
            proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
    for child in family:
        try:
            child.wait(timeout=5)
        except Exception:
            with contextlib.suppress(Exception):
                child.kill()


@dataclass
class Server:
    """A running server: ``url(path)`` gives an address with the token."""

    base: str
    token: str
    root: Path

    def url(self, path: str, **query: str) -> str:
        sep = "&" if "?" in path else "?"
        extra = "".join(f"&{k}={v}" if v else f"&{k}" for k, v in query.items())
        return f"{self.base}{path}{sep}token={self.token}{extra}"

    def api(self, method: str, path: str) -> object:
        req = urllib.request.Request(f"{self.base}{path}", method=method,
                                     headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    for name, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                      ("IPYTHONDIR", "ipython")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    return env


_LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none",
                                                                   "autoStartDefaultKernel": True},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                         "checkForUpdates": False},
}


@pytest.fixture(scope="session")
def notebook_dir(tmp_path_factory) -> Path:
    """A throw-away copy of tests/browser/notebooks/, outputs and all, with the lessons
    (``lessons/*.ipynb``, the Czech ones under ``lessons/cs/``) under ``lessons/`` and the rule
    references under ``docs/``, so the
    lessons' links to ``../docs/rules.md`` and to each other still resolve."""
    dest = tmp_path_factory.mktemp("notebooks") / "nb"
    shutil.copytree(NOTEBOOKS, dest, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (dest / "lessons").mkdir()
    for lesson in sorted(LESSONS.glob("*.ipynb")):
        shutil.copy2(lesson, dest / "lessons" / lesson.name)
    (dest / "lessons" / "cs").mkdir()           # the Czech edition (issue 23)
    for lesson in sorted((LESSONS / "cs").glob("*.ipynb")):
        shutil.copy2(lesson, dest / "lessons" / "cs" / lesson.name)
    (dest / "docs").mkdir()
    shutil.copy2(ROOT / "docs" / "rules.md", dest / "docs" / "rules.md")
    shutil.copy2(ROOT / "docs" / "rules.cs.md", dest / "docs" / "rules.cs.md")
    return dest


@pytest.fixture(scope="session")
def lab(notebook_dir, tmp_path_factory) -> Iterator[Server]:
    """JupyterLab on 127.0.0.1 serving the notebook copy."""
    home = tmp_path_factory.mktemp("lab-home")
    settings = home / "settings"
    for rel, value in _LAB_SETTINGS.items():
        f = settings / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(value))
    # As `make lab` and Binder do: trust the lessons, so their stored boards and widgets show
    # before anything runs (a notebook is trusted per machine, in this throw-away Jupyter home).
    lessons = sorted(str(p) for p in (notebook_dir / "lessons").glob("**/*.ipynb"))    # both editions
    if lessons:     # none until `make lessons` has built them: tests of their own notebooks still run
        subprocess.run([sys.executable, "-m", "jupyter", "trust", *lessons], env=_env(home), check=True,
                       capture_output=True)
    port, token = _free_port(), secrets.token_hex(16)
    log = home / "lab.log"
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--ServerApp.port={port}", "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
           "--ServerApp.allow_root=True", f"--ServerApp.root_dir={notebook_dir}",
           f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={home / 'workspaces'}",
           "--MappingKernelManager.cull_idle_timeout=300", "--MappingKernelManager.cull_interval=60"]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=_env(home), cwd=notebook_dir,
                                start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", token, notebook_dir)
    try:
        _wait_http(server.url("/api/status"), proc, log)
        yield server
    finally:
        _stop(proc, server.url("/api/shutdown"))


@pytest.fixture(scope="session")
def voila(notebook_dir, tmp_path_factory) -> Iterator[Server]:
    """Voila on 127.0.0.1 serving the notebook copy (pages under /voila/render/)."""
    home = tmp_path_factory.mktemp("voila-home")
    port, token = _free_port(), secrets.token_hex(16)
    log = home / "voila.log"
    cmd = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           f"--token={token}", f"--Voila.root_dir={notebook_dir}", "--show_tracebacks=True",
           "--MappingKernelManager.cull_idle_timeout=120", "--MappingKernelManager.cull_interval=30",
           str(notebook_dir)]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=_env(home), cwd=notebook_dir,
                                start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", token, notebook_dir)
    try:
        _wait_http(server.url("/"), proc, log)
        yield server
    finally:
        _stop(proc)


# ----------------------------------------------------------------------------- browser
@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def _only_localhost(route) -> None:
    url = route.request.url
    if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "http://localhost", "ws://localhost",
                       "data:", "blob:", "about:")):
        route.continue_()
    else:
        route.abort()


@pytest.fixture
def page(chromium, request):
    """A fresh page (1280x1100) that can reach nothing but localhost; console errors are kept
    in ``page.console_errors``. A screenshot is saved if the test fails."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1100})
    context.route("**/*", _only_localhost)
    pg = context.new_page()
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        shot(pg, f"FAILED-{request.node.name}")
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


@pytest.fixture(scope="session", autouse=True)
def _no_stale_failure_shots():
    """A FAILED-*.png left by an earlier run would read as this run's failure: remove them first."""
    for old in ARTIFACTS.glob("FAILED-*.png"):
        old.unlink()


def shot(page, name: str, locator=None) -> Path:
    """Save a screenshot of the page (or of one element) as test-artifacts/<name>.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    (locator or page).screenshot(path=str(path))
    return path


@pytest.fixture
def screenshot():
    """``screenshot(page, name, locator=None)`` saves test-artifacts/<name>.png."""
    return shot
