"""Benchmark: how many visitors one teacher machine serves in the teacher view (issue 21).

Starts one local Voila server the way ``make teach`` does (the bgsim template; a kernel kept
ready for the lesson, unless ``--pool 0``), then opens N pages of a lesson at the same moment
in headless Chromium, as a class does when the teacher says "open lesson 04". For each
visitor it measures:

- **time to a live stepper**: from asking for the page until its turn stepper is drawn and
  answers a click on its board (the message line changes: a round trip to the kernel);
- **memory per visitor**: what the server machine holds for each open page, the kernels'
  resident and unique memory (RSS and USS) and the server's growth;
- **CPU per visitor**: the kernels' and the server's CPU seconds;

then closes the pages and checks that their kernels end (Voila's close-the-page beacon).
The browsers' own memory is not counted: in class each visitor's browser runs on their own
machine. But here the browsers share the machine's CPUs with the server, so their times are
longer than a class would see: ``--http`` measures the server alone, each visitor a plain
request for the page, timed until Voila has run the whole lesson and sent the last of it
(the widgets then come alive in the visitor's own browser). Asserts nothing.

Run: ``python benchmarks/bench_class_size.py`` (4 visitors in Chromium: a modest default,
as ``make bench`` runs it); ``--visitors 30 --http`` for a class against the server alone;
``--json`` for the numbers as JSON. Needs the ``lessons`` and ``test`` extras (Voila,
Playwright) and, without ``--http``, Chromium (``/usr/bin/chromium`` or ``$BGSIM_CHROMIUM``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("BGSIM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
GIB = 1024 ** 3


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _kernels(server) -> list:
    """The server's kernel processes (psutil), alive now."""
    out = []
    for p in server.children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                out.append(p)
        except Exception:  # a kernel that just ended
            pass
    return out


def _memory(procs) -> tuple[float, float, float]:
    """Total RSS, USS (bytes) and CPU seconds of ``procs`` (the ones still alive)."""
    rss = uss = cpu = 0.0
    for p in procs:
        try:
            info = p.memory_full_info()
            times = p.cpu_times()
        except Exception:  # gone meanwhile
            continue
        rss += info.rss
        uss += info.uss
        cpu += times.user + times.system
    return rss, uss, cpu


def start_server(lesson: str, pool: int, home: Path):
    """Voila as `make teach` starts it, on lessons/; returns (process, base url, token, log)."""
    port, token = _free_port(), secrets.token_hex(16)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env["JUPYTER_PATH"] = str(ROOT / "teach")
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        (home / name).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / name)
    cmd = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           f"--token={token}", "--template=bgsim", "--MappingKernelManager.cull_idle_timeout=600",
           "--MappingKernelManager.cull_interval=60", str(ROOT / "lessons")]
    if pool:
        pools = {"default": {"pool_size": 0}, lesson: {"pool_size": pool}}
        cmd[-1:-1] = ["--preheat_kernel=True", f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"]
    log = home / "voila.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=home,
                                start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{base}/?token={token}", timeout=2):
                break
        except OSError:
            time.sleep(0.3)
    else:
        raise RuntimeError(f"Voila not ready:\n{log.read_text()[-3000:]}")
    return proc, base, token, log


def wait_for_pool(log: Path, lesson: str, pool: int, timeout: float = 180) -> None:
    """Until Voila says the lesson's pool of ready kernels is full (and the CPU has calmed down)."""
    if not pool:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if f"Kernel pool of {lesson} is filled" in log.read_text(errors="replace"):
            time.sleep(3)            # the kernels run the lesson up to its first board
            return
        time.sleep(0.5)
    raise RuntimeError("the kernel pool was not filled")


def stop_server(proc) -> None:
    import psutil

    try:
        family = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        family = []
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    for child in family:
        try:
            child.wait(timeout=5)
        except Exception:  # still there: kill it
            try:
                child.kill()
            except Exception:
                pass


async def visit(browser, url: str, widget: str, t0: float, timeout_ms: float) -> dict:
    """One visitor: open the page, wait for the stepper, click its board, wait for the answer."""
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    page = await context.new_page()
    out: dict = {"context": context, "page": page}
    try:
        await page.goto(url, timeout=timeout_ms)
        stepper = page.locator(widget).first
        view = stepper.locator(".bgsim-board-view svg")
        await view.wait_for(state="visible", timeout=timeout_ms)
        out["drawn"] = time.monotonic() - t0
        message = stepper.locator(".bgsim-message")
        before = await message.inner_text()
        await stepper.locator('.bgsim-board-view .point[data-point="1"]').click(force=True, timeout=timeout_ms)
        deadline = time.monotonic() + timeout_ms / 1000
        while await message.inner_text() == before:
            if time.monotonic() > deadline:
                raise TimeoutError("the stepper did not answer a click")
            await asyncio.sleep(0.05)
        out["live"] = time.monotonic() - t0
    except Exception as e:  # reported per visitor
        out["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
    return out


def class_requests(url: str, visitors: int, timeout_s: float, on_live) -> list[dict]:
    """Every visitor asks for the page at once; each is timed until the page is complete."""
    import threading

    t0 = time.monotonic()
    results: list[dict] = [{} for _ in range(visitors)]

    def one(i: int) -> None:
        try:
            with urllib.request.urlopen(url, timeout=timeout_s) as r:
                body = r.read().decode("utf-8", "replace")
            if "voila_finish" not in body:
                raise RuntimeError("the page ended early")
            results[i]["drawn"] = results[i]["live"] = time.monotonic() - t0
        except Exception as e:  # reported per visitor
            results[i]["error"] = f"{type(e).__name__}: {str(e)[:200]}"

    threads = [threading.Thread(target=one, args=(i,)) for i in range(visitors)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    on_live()
    return results


async def class_arrives(url: str, visitors: int, widget: str, timeout_s: float, on_live) -> list[dict]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            t0 = time.monotonic()
            results = await asyncio.gather(*(visit(browser, url, widget, t0, timeout_s * 1000)
                                             for _ in range(visitors)))
            on_live()                                   # measure the server while every page is open
            for r in results:                           # then every visitor closes the tab
                await r["page"].close(run_before_unload=True)
            await asyncio.sleep(2)
            for r in results:
                await r.pop("context").close()
                r.pop("page")
        finally:
            await browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visitors", type=int, default=4, help="pages opened at once (default 4)")
    parser.add_argument("--lesson", default="04-bar.ipynb", help="the lesson every visitor opens")
    parser.add_argument("--widget", default=".bgsim-stepper", help="CSS selector of the stepper to wait for")
    parser.add_argument("--pool", type=int, default=1, help="kernels kept ready for the lesson (make teach: 1)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a visitor waits at most")
    parser.add_argument("--http", action="store_true",
                        help="visitors without a browser: the server alone, until each page is sent")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    args = parser.parse_args()
    if not args.http:
        missing = None
        try:
            import playwright  # noqa: F401
        except ImportError:
            missing = "the playwright package (pip install -e '.[test]')"
        if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
            missing = f"Chromium at {CHROMIUM} (apt-get install chromium, or set BGSIM_CHROMIUM)"
        if missing:
            print(f"no {missing}: the visitors are plain requests (--http)")
            args.http = True
    import psutil

    home = Path(tempfile.mkdtemp(prefix="bgsim-class-"))
    proc, base, token, log = start_server(args.lesson, args.pool, home)
    try:
        server = psutil.Process(proc.pid)
        wait_for_pool(log, args.lesson, args.pool)
        ready = _kernels(server)
        k_rss0, k_uss0, k_cpu0 = _memory(ready)
        s_rss0, _s_uss0, s_cpu0 = _memory([server])
        snapshot: dict = {}

        def on_live() -> None:
            kernels = _kernels(server)
            snapshot["kernels"] = len(kernels)
            snapshot["kernel"] = _memory(kernels)
            snapshot["server"] = _memory([server])

        url = f"{base}/voila/render/{args.lesson}?token={token}"
        if args.http:
            results = class_requests(url, args.visitors, args.timeout, on_live)
        else:
            results = asyncio.run(class_arrives(url, args.visitors, args.widget, args.timeout, on_live))
        time.sleep(3)
        left = len(_kernels(server))
    finally:
        stop_server(proc)
        shutil.rmtree(home, ignore_errors=True)

    n = args.visitors
    live = sorted(r["live"] for r in results if "live" in r)
    drawn = sorted(r["drawn"] for r in results if "drawn" in r)
    k_rss, k_uss, k_cpu = snapshot["kernel"]
    s_rss, _s_uss, s_cpu = snapshot["server"]
    report = {
        "lesson": args.lesson, "visitors": n, "pool": args.pool, "cpus": os.cpu_count(),
        "mode": "http" if args.http else "browser",
        "live": len(live), "errors": [r["error"] for r in results if "error" in r],
        "drawn_s": {"first": drawn[0], "median": statistics.median(drawn), "last": drawn[-1]} if drawn else None,
        "live_s": {"first": live[0], "median": statistics.median(live), "last": live[-1]} if live else None,
        "kernels_while_open": snapshot["kernels"], "kernels_ready_before": len(ready),
        "kernels_after_closing": left,
        "per_visitor": {
            "kernel_rss_gib": (k_rss - k_rss0) / n / GIB, "kernel_uss_gib": (k_uss - k_uss0) / n / GIB,
            "server_rss_gib": (s_rss - s_rss0) / n / GIB, "cpu_s": ((k_cpu - k_cpu0) + (s_cpu - s_cpu0)) / n,
        },
        "total_gib": {"kernels": k_rss / GIB, "server": s_rss / GIB},
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"class-size benchmark: {n} visitors open {args.lesson} at once; one Voila server, "
          f"{args.pool} kernel(s) kept ready; {os.cpu_count()} CPUs"
          + ("; plain requests, no browser (the server alone)" if args.http else "; Chromium on the same machine"))
    if report["live_s"] and args.http:
        lv = report["live_s"]
        print(f"  page sent       first {lv['first']:5.1f} s  median {lv['median']:5.1f} s  last {lv['last']:5.1f} s"
              f"  ({len(live)} of {n} pages)")
    elif report["live_s"]:
        d, lv = report["drawn_s"], report["live_s"]
        print(f"  stepper drawn   first {d['first']:5.1f} s  median {d['median']:5.1f} s  last {d['last']:5.1f} s")
        print(f"  stepper live    first {lv['first']:5.1f} s  median {lv['median']:5.1f} s  last {lv['last']:5.1f} s"
              f"  ({len(live)} of {n} pages)")
    for e in report["errors"]:
        print(f"  a visitor failed: {e}")
    pv = report["per_visitor"]
    print(f"  per visitor     kernel {pv['kernel_rss_gib']:.2f} GiB RSS ({pv['kernel_uss_gib']:.2f} GiB unique), "
          f"server +{pv['server_rss_gib'] * 1024:.0f} MiB, CPU {pv['cpu_s']:.1f} s")
    print(f"  while open      {snapshot['kernels']} kernels, {k_rss / GIB:.2f} GiB in kernels, "
          f"server {s_rss / GIB:.2f} GiB")
    if args.http:
        print(f"  afterwards      {left} kernels (no browser closed a page: Voila culls them when idle)")
    else:
        print(f"  after closing   {left} kernel(s) left (the {len(ready)} kept ready, refilled)")


if __name__ == "__main__":
    main()
