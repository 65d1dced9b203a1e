"""Benchmark: bear-off databases (bgsim.odds.bearoff).

Targets: one-sided database built in <= 5 s and loaded from the disk cache in <= 0.5 s;
two-sided database (6 checkers a side, 924 x 924) built in <= 60 s.

"build" is the dynamic programme with the compiled code ready; the first call in a fresh
install also compiles the numba loops (once: they are cached on disk), shown separately.
Everything is written to a temporary cache directory, so the user's cache is not touched.

Prints numbers; asserts nothing. Run: ``python benchmarks/bench_bearoff.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(fn, *args, **kwargs):
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - t0


def main() -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bgsim-bench-"))
    os.environ["BGSIM_CACHE"] = str(tmp)

    from bgsim.odds import bearoff
    from bgsim.odds.bearoff import OneSided, TwoSided

    threads = bearoff._threads()
    _, first = timed(OneSided.build)
    print(f"one-sided first build in this process (includes loading/compiling the numba code): {first:.2f} s")
    times = [timed(OneSided.build)[1] for _ in range(3)]
    print(f"one-sided build: {min(times):.2f} s (target <= 5 s; best of 3, {threads} thread(s); "
          f"all: {', '.join(f'{t:.2f}' for t in times)})")
    if threads > 1:
        t1 = min(timed(OneSided.build, threads=1)[1] for _ in range(2))
        print(f"one-sided build on one thread: {t1:.2f} s")

    db, t_save = timed(OneSided.load)  # builds and writes the cache file
    path = tmp / OneSided.FILE
    print(f"one-sided build + save to the cache: {t_save:.2f} s ({path.stat().st_size / 1e6:.1f} MB, {path.name})")
    loads = [timed(OneSided.load)[1] for _ in range(5)]
    print(f"one-sided load from cache: {min(loads):.3f} s (target <= 0.5 s; best of 5, worst {max(loads):.3f} s)")
    code = ("import time, bgsim.odds.bearoff as b; t = time.perf_counter(); b.one_sided(); "
            "print(f'{time.perf_counter() - t:.3f}')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env=dict(os.environ))
    print(f"one-sided load from cache in a fresh process (after import bgsim): {float(out.stdout):.3f} s")

    timed(TwoSided.build, 2)  # compile / load the compiled code
    two, t6 = timed(TwoSided.build, 6)
    print(f"two-sided build (6 checkers, {two.size} x {two.size}): {t6:.2f} s (target <= 60 s)")
    _, t_save2 = timed(TwoSided.load, 6)
    loads2 = [timed(TwoSided.load, 6)[1] for _ in range(3)]
    print(f"two-sided (6) save: {t_save2:.2f} s; load from cache: {min(loads2):.3f} s")
    two8, t8 = timed(TwoSided.build, 8)
    print(f"two-sided build (8 checkers, {two8.size} x {two8.size}, for scale): {t8:.2f} s")

    for f in tmp.iterdir():
        f.unlink()
    tmp.rmdir()


if __name__ == "__main__":
    main()
