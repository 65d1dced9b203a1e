"""The teacher view's Voila as ``make teach`` runs it (teach/voila_teach.py), for the browser tests."""

from __future__ import annotations

import contextlib
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from .conftest import ROOT, Server, _env, _free_port, _stop, _wait_http


@contextlib.contextmanager
def teach_server(root: Path, home: Path, *, ready: int = 0, pages: str = "",
                 extra_env: dict[str, str] | None = None) -> Iterator[tuple[Server, subprocess.Popen]]:
    """Voila on 127.0.0.1 serving ``root`` with the bgsim template, ``ready`` kernels kept ready for
    ``pages`` (BGSIM_TEACH_READY, BGSIM_TEACH_PAGES); stopped, kernels and all, on leaving."""
    port, token = _free_port(), secrets.token_hex(16)
    log = home / "voila.log"
    env = _env(home)
    env.update(JUPYTER_PATH=str(ROOT / "teach"), BGSIM_TEACH_READY=str(ready), BGSIM_TEACH_PAGES=pages,
               **(extra_env or {}))
    cmd = [sys.executable, str(ROOT / "teach" / "voila_teach.py"), "--no-browser", "--Voila.ip=127.0.0.1",
           f"--port={port}", f"--token={token}", f"--Voila.root_dir={root}", "--template=bgsim",
           "--show_tracebacks=True", "--MappingKernelManager.cull_idle_timeout=300",
           "--MappingKernelManager.cull_interval=60", str(root)]
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root,
                                start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", token, root)
    server.log = log          # type: ignore[attr-defined]
    try:
        _wait_http(server.url("/"), proc, log)
        yield server, proc
    finally:
        _stop(proc)
