"""pyproject.toml, environment.yml and binder/ install the same packages with compatible lower bounds."""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path

import pytest
import tomllib
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _lower_bound(spec: SpecifierSet) -> Version | None:
    bounds = [Version(s.version) for s in spec if s.operator in (">=", "==", "~=")]
    return max(bounds) if bounds else None


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def pyproject_requirements(*extras: str) -> dict[str, Version | None]:
    """Package -> lower bound, for the core dependencies plus the named extras."""
    project = _pyproject()["project"]
    reqs = list(project["dependencies"])
    for extra in extras:
        reqs += project["optional-dependencies"][extra]
    out: dict[str, Version | None] = {}
    for text in reqs:
        r = Requirement(text)
        out[_norm(r.name)] = _lower_bound(r.specifier)
    return out


def conda_environment(path: Path) -> tuple[dict[str, str], list[str]]:
    """(conda package -> its spec text, pip lines) from an environment.yml's ``dependencies``.

    A small reader for the simple files kept here: one ``- spec`` per line, and an
    optional ``- pip:`` list; comments ignored.
    """
    conda: dict[str, str] = {}
    pip: list[str] = []
    in_deps = False
    pip_indent = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if not line.startswith(" "):
            in_deps = line.startswith("dependencies:")
            continue
        if not in_deps:
            continue
        m = re.match(r"^(\s*)- (.+)$", line)
        assert m, f"{path}: cannot read {raw!r}"
        indent, item = len(m.group(1)), m.group(2).strip()
        if pip_indent is not None and indent > pip_indent:
            pip.append(item)
            continue
        pip_indent = None
        if item == "pip:":
            pip_indent = indent
            continue
        name = re.split(r"[<>=!~ ]", item, maxsplit=1)[0]
        conda[_norm(name)] = item[len(name):].strip()
    return conda, pip


def conda_bound(spec: str) -> Version | None:
    m = re.search(r">=\s*([\w.]+)", spec)
    return Version(m.group(1)) if m else None


ROOT_ENV = ROOT / "environment.yml"
BINDER_ENV = ROOT / "binder" / "environment.yml"
#: What each environment installs, as pyproject extras.
EXTRAS = {ROOT_ENV: ("lessons", "test", "dist"), BINDER_ENV: ("lessons", "dist")}


@pytest.mark.parametrize("env", [ROOT_ENV, BINDER_ENV], ids=["environment.yml", "binder/environment.yml"])
def test_environment_has_the_pyproject_packages_and_bounds(env):
    wanted = pyproject_requirements(*EXTRAS[env])
    conda, _ = conda_environment(env)
    have = {name for name in conda if name not in ("python", "pip")}
    assert have == set(wanted), (
        f"{env.relative_to(ROOT)}: missing {sorted(set(wanted) - have)}, extra {sorted(have - set(wanted))}")
    for name, low in wanted.items():
        mine = conda_bound(conda[name])
        if low is None:
            continue
        assert mine is not None, f"{env.relative_to(ROOT)}: {name} needs a lower bound (pyproject: >={low})"
        assert mine >= low, f"{env.relative_to(ROOT)}: {name}>={mine} allows versions pyproject refuses (>={low})"


def test_both_environments_agree_with_each_other():
    root, _ = conda_environment(ROOT_ENV)
    binder, _ = conda_environment(BINDER_ENV)
    for name, spec in binder.items():
        assert root.get(name) == spec, f"{name}: environment.yml says {root.get(name)!r}, binder says {spec!r}"


@pytest.mark.parametrize("env", [ROOT_ENV, BINDER_ENV], ids=["environment.yml", "binder/environment.yml"])
def test_python_version_satisfies_requires_python(env):
    conda, _ = conda_environment(env)
    m = re.fullmatch(r"=([\d.]+)", conda["python"])
    assert m, f"pin python in {env.name}: python=3.x"
    assert Version(m.group(1)) in SpecifierSet(_pyproject()["project"]["requires-python"])


def test_the_root_environment_installs_bgsim_editable():
    _, pip = conda_environment(ROOT_ENV)
    assert pip == ["-e ."]


def test_binder_installs_bgsim_with_the_lessons_and_warms_the_caches():
    post = ROOT / "binder" / "postBuild"
    text = post.read_text(encoding="utf-8")
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    assert text.startswith("#!/bin/bash") and "set -euo pipefail" in text
    m = re.search(r'pip install [^\n]*-e "\.\[([\w,]+)\]"', text)
    assert m, "postBuild installs bgsim with its extras: pip install -e \".[lessons,...]\""
    assert set(m.group(1).split(",")) == set(EXTRAS[BINDER_ENV])
    assert "python -m bgsim.cli.warmup" in text


def test_one_warm_up_script_for_binder_and_make_setup():
    """Issue 22 and 31: binder/postBuild and `make setup` (so `make lab` and `make teach`) run the
    same warm-up, bgsim.cli.warmup, which warms every compiled player (the default "net" first),
    seeded with rng= (not the deprecated seed=); it runs as written."""
    import inspect

    from bgsim.cli import warmup
    from bgsim.sim.montecarlo import DEFAULT_PLAYER, PLAYERS

    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    setup = make.split("$(STAMP): pyproject.toml", 1)[1].split("\n\n", 1)[0]
    assert "-m bgsim.cli.warmup" in setup, "make setup warms the caches"
    assert "python -m bgsim.cli.warmup" in (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    code = inspect.getsource(warmup.warm)
    assert "PLAYERS" in code and "DEFAULT_PLAYER" in code and "seed=" not in code and "rng=0" in code
    assert DEFAULT_PLAYER in PLAYERS
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)     # no deprecated seed= (or anything else)
        assert warmup.warm() >= 0


def test_the_makefile_installs_the_same_extras_as_environment_yml():
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    m = re.search(r"^EXTRAS \?= ([\w,]+)$", make, re.MULTILINE)
    assert m and set(m.group(1).split(",")) == set(EXTRAS[ROOT_ENV])


def test_the_all_extra_names_every_extra_but_the_benchmark_peers():
    # "bench" (gnubg-nn, open-spiel) is for side-by-side numbers in benchmarks/ only: large
    # wheels nobody needs to use, teach or test bgsim, so "all" leaves it out on purpose. So does
    # "gnubg" (the optional "gnubg" player, GPL): never required, installed only by who asks for it.
    extras = _pyproject()["project"]["optional-dependencies"]
    (everything,) = extras["all"]
    named = set(Requirement(everything).extras)
    assert "bench" in extras and "gnubg" in extras
    assert named == set(extras) - {"all", "bench", "gnubg"}


def test_widgets_need_anywidget():
    assert "anywidget" in pyproject_requirements("lessons")
    assert pyproject_requirements("lessons")["anywidget"] >= Version("0.9")


def test_readme_binder_links_open_existing_lessons():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    paths = re.findall(r"urlpath=(?:lab/tree|voila/render)/([\w./-]+\.ipynb)", text)
    assert paths, "the README has no Binder link"
    for p in paths:      # a lesson notebook is built (make lessons, Binder's postBuild) from its source
        source = ROOT / "lessons" / "src" / f"{Path(p).stem}.md"
        assert p.startswith("lessons/") and source.is_file(), f"README links {p}, which has no source {source}"
