"""Run lesson notebooks top to bottom in a fresh kernel and store their outputs in place.

    python lessons/tools/execute.py                      # every lessons/*.ipynb
    python lessons/tools/execute.py lessons/00-start-here.ipynb

Each notebook gets its own fresh ``python3`` kernel, started in ``lessons/`` (so relative
paths in a lesson work the same as in JupyterLab). Outputs are stored without widget state
and without per-cell timing metadata, and widget views get fixed model ids, so re-running an
unchanged lesson leaves the file unchanged. Prints each lesson's run time; exits
with status 1 if any lesson fails (that notebook is then left as it was).

`make lessons` runs this; `make test` then compares the stored outputs with a fresh run (nbval).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

LESSONS = Path(__file__).resolve().parent.parent
KERNEL = "python3"
KERNELSPEC = {"name": KERNEL, "display_name": "Python 3 (ipykernel)", "language": "python"}


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def stable_model_id(name: str, cell: int, output: int) -> str:
    """A fixed 32-hex id for a stored widget view.

    Without stored widget state, a saved view points at a model that exists only once the
    lesson runs again (then the kernel makes new ids); a fixed placeholder keeps re-runs of
    an unchanged lesson from changing the file.
    """
    return hashlib.md5(f"{name}:{cell}:{output}".encode()).hexdigest()


def lesson_files(paths: list[str]) -> list[Path]:
    """The notebooks named, or every lesson notebook in ``lessons/`` (sorted, checkpoints skipped)."""
    if paths:
        return [Path(p).resolve() for p in paths]
    return sorted(p for p in LESSONS.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def execute(path: Path, timeout: int = 120) -> float:
    """Execute one notebook in place; returns the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    client = NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=timeout,
        resources={"metadata": {"path": str(LESSONS)}},
        store_widget_state=False,
        record_timing=False,
    )
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    nb.metadata.pop("widgets", None)   # old widget state: random model ids on every run
    for i, cell in enumerate(nb.cells):
        cell.metadata.pop("execution", None)
        for j, output in enumerate(cell.get("outputs", [])):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view and "model_id" in view:
                view["model_id"] = stable_model_id(path.name, i, j)
    nbformat.validate(nb)
    nbformat.write(nb, path)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to run (default: every lessons/*.ipynb)")
    parser.add_argument("--timeout", type=int, default=120, help="seconds allowed per cell (default 120)")
    args = parser.parse_args(argv)
    files = lesson_files(args.notebooks)
    if not files:
        print("no lesson notebooks found")
        return 0
    failed = []
    total = 0.0
    for path in files:
        name = path.name
        try:
            seconds = execute(path, args.timeout)
        except CellExecutionError as exc:
            failed.append(name)
            print(f"FAILED  {name}\n{exc}", file=sys.stderr)
            continue
        total += seconds
        print(f"{seconds:7.1f} s  {name}", flush=True)
    print(f"{total:7.1f} s  total ({len(files) - len(failed)} of {len(files)} lessons)")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
