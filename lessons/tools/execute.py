"""Run lesson notebooks top to bottom in a fresh kernel and store their outputs in place.

    python lessons/tools/execute.py                      # every lessons/*.ipynb and lessons/cs/*.ipynb
    python lessons/tools/execute.py lessons/00-start-here.ipynb lessons/cs/00-start-here.ipynb

Each notebook gets its own fresh ``python3`` kernel, started in its own folder (``lessons/``,
or ``lessons/cs/`` for the Czech edition, so relative paths in a lesson work the same as in
JupyterLab). The Czech lessons switch bgsim to Czech in their first code cell
(``bgsim.set_language("cs")``), so they speak Czech in JupyterLab, Voila and Binder alike.
Outputs are stored with the widgets' state
(so a lesson opened without running it, as in Binder, shows its boards and widgets: issue 19)
and without per-cell timing metadata. Every widget model gets a fixed id, derived from the
lesson's name and the order the models were made in, in the state and in the outputs alike,
so re-running an unchanged lesson leaves the file unchanged. Prints each lesson's run time;
exits with status 1 if any lesson fails (that notebook is then left as it was).

`make lessons` runs ``build.py``, which builds each notebook from its source and runs it with
:func:`run`; `make test` then compares the stored outputs with a fresh run (nbval).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
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


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def stable_model_id(name: str, n: int) -> str:
    """A fixed 32-hex id for the ``n``-th widget model a lesson makes.

    The kernel makes random ids on every run; renaming them in a fixed order keeps re-runs of
    an unchanged lesson from changing the file.
    """
    return hashlib.md5(f"{name}:{n}".encode()).hexdigest()


def _rename_models(nb, name: str) -> None:
    """Give every widget model of the stored state and outputs its fixed id."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    old_ids = list(state)
    for cell in nb.cells:          # views of models the state does not hold (closed ones)
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view and view.get("model_id") and view["model_id"] not in old_ids:
                old_ids.append(view["model_id"])
    rename = {old: stable_model_id(name, n) for n, old in enumerate(old_ids)}
    if not rename:
        return
    pattern = re.compile("|".join(re.escape(old) for old in rename))
    text = json.dumps({"metadata": nb.metadata.get("widgets", {}), "cells": [c.get("outputs", []) for c in nb.cells]})
    renamed = json.loads(pattern.sub(lambda m: rename[m.group(0)], text))
    if "widgets" in nb.metadata:
        nb.metadata["widgets"] = nbformat.from_dict(renamed["metadata"])
    for cell, outputs in zip(nb.cells, renamed["cells"], strict=True):
        if "outputs" in cell:
            cell.outputs = [nbformat.from_dict(o) for o in outputs]


def lesson_files(paths: list[str]) -> list[Path]:
    """The notebooks named, or every lesson notebook in ``lessons/`` and ``lessons/cs/`` (sorted,
    checkpoints skipped)."""
    if paths:
        return [Path(p).resolve() for p in paths]
    found = [*sorted(LESSONS.glob("*.ipynb")), *sorted((LESSONS / "cs").glob("*.ipynb"))]
    return [p for p in found if ".ipynb_checkpoints" not in p.parts]


def model_name(path: Path) -> str:
    """The name a lesson's widget ids are derived from: its path under ``lessons/``
    (``04-bar.ipynb``, ``cs/04-bar.ipynb``)."""
    try:
        return path.resolve().relative_to(LESSONS).as_posix()
    except ValueError:
        return path.name


def run(nb, path: Path, timeout: int = 120) -> float:
    """Run the notebook ``nb`` (to be stored at ``path``) in a fresh kernel in ``path``'s folder,
    storing outputs and widget state with fixed ids; returns the seconds it took."""
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    client = NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=timeout,
        resources={"metadata": {"path": str(path.resolve().parent)}},
        store_widget_state=True,
        record_timing=False,
    )
    start = time.perf_counter()
    client.execute()
    seconds = time.perf_counter() - start
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if "outputs" in cell:
            cell.outputs = _coalesce_streams(cell.outputs)
    _rename_models(nb, model_name(path))
    return seconds


def _coalesce_streams(outputs: list) -> list:
    """Consecutive outputs of one stream (stdout, stderr) as one: how a print is cut into
    messages depends on timing, and the stored notebook must not."""
    merged: list = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and last is not None
                and last.get("output_type") == "stream" and last.get("name") == output.get("name")):
            last["text"] = last["text"] + output["text"]
        else:
            merged.append(output)
    return merged


def execute(path: Path, timeout: int = 120) -> float:
    """Execute one notebook in place; returns the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    seconds = run(nb, path, timeout)
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
        name = model_name(path)
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
