# bgsim: one command to set up and run everything.
#
#   make lab     set up .venv (first time only), then open the lessons in JupyterLab
#   make teach   the teacher view: the lessons in Voila (widgets and outputs, no code), each page
#                ready at once (one kernel kept ready per page), with Present and Boards switches
#   make lessons run every lesson in a fresh kernel and store its outputs (after editing one)
#   make test    set up .venv (first time only), then run every test (make check first)
#   make check   lint (ruff) and type-check (mypy) bgsim/
#   make bench   set up .venv (first time only), then run every benchmarks/*.py
#   make docs    regenerate docs/rules.md, docs/rules.cs.md and docs/rules.sk.md from bgsim/rulebook.py
#   make messages  the message catalogue: extract the English messages (bgsim/locale/bgsim.pot),
#                merge them into the Czech and Slovak .po, compile the .mo, and list what lacks a Czech translation
#   make clean   remove caches and build output (keeps .venv)
#   make distclean   clean, and remove .venv too
#
# The set-up is idempotent: .venv is created only if missing, and the project is
# (re)installed only when pyproject.toml is newer than the stamp file in .venv.
# Override the interpreter with `make test PYTHON=python3.12`; pass extra arguments
# with `make test PYTEST_ARGS='-x -k plays'` (tests and doctests), NBVAL_ARGS=...
# (the notebook run), `make lab LAB_ARGS=--no-browser`, `make teach TEACH_ARGS=--no-browser`
# or `make lessons LESSONS=lessons/00-start-here.ipynb` (one lesson only). The teacher view
# keeps TEACH_POOL kernels ready per page (default 1; 0 on a small machine), for the pages
# named in TEACH_PAGES (e.g. `make teach TEACH_PAGES="03 04 sandbox"`; default: every page).

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   ?= .venv
VPY    := $(VENV)/bin/python
STAMP  := $(VENV)/.bgsim-installed
EXTRAS ?= lessons,test,dist

PYTEST_ARGS ?=
NBVAL_ARGS  ?=
LAB_ARGS    ?=
TEACH_ARGS  ?=
TEACH_POOL  ?= 1
TEACH_PAGES ?=
LESSONS     ?=
# JupyterLab refuses to run as root unless told to (CI and these machines run as root).
# Kept apart from LAB_ARGS so that `make lab LAB_ARGS=...` does not drop it.
LAB_ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--ServerApp.allow_root=True)

export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: help setup trust lab teach lessons test test-code test-lessons check bench clean distclean docs messages

help:
	@echo "make lab        open the lessons in JupyterLab (sets up .venv the first time)"
	@echo "make teach      the teacher view: the lessons in Voila, no code on screen"
	@echo "make lessons    run every lesson in a fresh kernel and store its outputs"
	@echo "make test       run every test: make check, tests/, doctests in bgsim/, lesson notebooks (nbval)"
	@echo "make check      lint (ruff) and type-check (mypy) bgsim/; settings in pyproject.toml"
	@echo "make bench      run every benchmarks/*.py"
	@echo "make docs       regenerate docs/rules.md, docs/rules.cs.md and docs/rules.sk.md (the rule reference) from bgsim/rulebook.py"
	@echo "make messages   extract the messages, update the Czech catalogue (.po), compile it (.mo), list what is untranslated"
	@echo "make clean      remove caches and build output; 'make distclean' also removes .venv"

# --- set-up ------------------------------------------------------------------

$(VPY):
	@echo "==> creating $(VENV) with $(PYTHON) ($$($(PYTHON) --version 2>&1))"
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(VPY)
	@echo "==> installing bgsim (editable) with extras [$(EXTRAS)] into $(VENV)"
	$(VPY) -m pip install --progress-bar off -e ".[$(EXTRAS)]"
	$(VPY) -m bgsim.warmup
	@touch $@

setup: $(STAMP)

# --- lessons -------------------------------------------------------------------

# The lessons are marked trusted first (a notebook is trusted per machine): JupyterLab then
# shows their stored boards (SVG) and widgets before anything is run, not their text forms.
trust: $(STAMP)
	$(VENV)/bin/jupyter trust lessons/*.ipynb lessons/cs/*.ipynb

lab: trust
	$(VENV)/bin/jupyter lab lessons/ $(LAB_ROOT_ARGS) $(LAB_ARGS)

# Voila runs each notebook and shows its outputs and widgets without the code. It needs no
# allow_root flag; it listens on localhost:8866 (change with TEACH_ARGS=--port=N).
# - The bgsim template (teach/voila/templates/bgsim) puts bgsim's stylesheet and the page's
#   switches on every page: Present (projector sizes) and Boards (classic, high contrast,
#   colour-blind safe); the address carries them too: ...04-bar.ipynb?present=1&board=high-contrast.
# - Instant pages: Voila keeps TEACH_POOL kernels per page ready, the lesson already run (in
#   the classic theme: a page whose address asks for another theme has its boards drawn
#   again at once). Each ready kernel holds about 0.2 GB: every page (13) about 2.6 GB.
#   TEACH_PAGES limits them to the day's pages, TEACH_POOL=0 turns them off (a page then
#   takes its kernel's start and the whole lesson's run: 4 s for lesson 04 instead of 2 s).
# - A page's kernel ends when the page is closed or reloaded (Voila's beacon, which the bgsim
#   page script makes sure is accepted); a kernel whose page vanished (a crash, a closed
#   laptop) is ended after 10 idle minutes.
comma := ,
TEACH_PAGE_FILES = $(foreach p,$(TEACH_PAGES),$(notdir $(wildcard lessons/$(p)*.ipynb)))
TEACH_POOLS = {"default": {"pool_size": $(if $(strip $(TEACH_PAGES)),0,$(TEACH_POOL))}$(foreach f,$(TEACH_PAGE_FILES),$(comma) "$(f)": {"pool_size": $(TEACH_POOL)})}

teach: trust
	JUPYTER_PATH="$(CURDIR)/teach$${JUPYTER_PATH:+:$$JUPYTER_PATH}" $(VENV)/bin/voila lessons/ --template=bgsim \
	  $(if $(filter 0,$(TEACH_POOL)),,--preheat_kernel=True '--VoilaKernelManager.kernel_pools_config=$(TEACH_POOLS)') \
	  --MappingKernelManager.cull_idle_timeout=600 --MappingKernelManager.cull_interval=60 $(TEACH_ARGS)

# Execute lessons in place (fresh python3 kernel, cwd lessons/), storing outputs for nbval.
lessons: $(STAMP)
	$(VPY) lessons/tools/execute.py $(LESSONS)

# --- tests -------------------------------------------------------------------

# check first: it takes seconds and fails fast.
test: check test-code test-lessons

# ruff and mypy read their settings from [tool.ruff] and [tool.mypy] in pyproject.toml.
check: $(STAMP)
	$(VENV)/bin/ruff check bgsim
	$(VENV)/bin/mypy bgsim

# tests/ and the docstring examples in bgsim/ (testpaths and --doctest-modules
# come from [tool.pytest.ini_options] in pyproject.toml).
test-code: $(STAMP)
	$(VPY) -m pytest $(PYTEST_ARGS)

# The lesson notebooks, compared with their stored outputs. Skipped while
# lessons/ holds no notebook: pytest would exit 5 ("no tests collected").
test-lessons: $(STAMP)
	@if [ -n "$$(find lessons -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | head -n 1)" ]; then \
	  echo "$(VPY) -m pytest --nbval --nbval-current-env --nbval-sanitize-with lessons/sanitize.cfg lessons/ $(NBVAL_ARGS)"; \
	  $(VPY) -m pytest --nbval --nbval-current-env --nbval-sanitize-with lessons/sanitize.cfg lessons/ $(NBVAL_ARGS); \
	else \
	  echo "==> no notebooks in lessons/: nothing for nbval to check"; \
	fi

# --- benchmarks ----------------------------------------------------------------

bench: $(STAMP)
	@shopt -s nullglob; files=(benchmarks/*.py); \
	if [ $${#files[@]} -eq 0 ]; then echo "==> no benchmarks/*.py yet"; exit 0; fi; \
	failed=0; \
	for f in "$${files[@]}"; do \
	  echo "==> $(VPY) $$f"; \
	  $(VPY) "$$f" || { echo "!! $$f failed"; failed=1; }; \
	done; \
	exit $$failed

# --- docs ----------------------------------------------------------------------

docs: $(STAMP)
	$(VPY) -c "from bgsim import rulebook; rulebook.write_markdown('docs/rules.md')"
	$(VPY) -c "from bgsim import rulebook; rulebook.write_markdown('docs/rules.cs.md', lang='cs')"
	$(VPY) -c "from bgsim import rulebook; rulebook.write_markdown('docs/rules.sk.md', lang='sk')"

# --- the message catalogue (gettext, domain bgsim; Babel does the work) --------------
# 1. extract every _() / ngettext() / N_() message of bgsim/ into the template (.pot),
# 2. merge it into each language's .po (new messages come in empty, changed ones fuzzy),
# 3. compile the .mo files that bgsim.i18n loads (committed: a fresh clone needs no Babel),
#    and the same for argparse's own words (domain argparse, lent to argparse by bgsim's CLI),
# 4. list every message that still lacks a translation (tests/test_i18n.py fails on them).
# A new language xx: pybabel init -i bgsim/locale/bgsim.pot -d bgsim/locale -D bgsim -l xx (and
# -D argparse with argparse.pot), translate, make messages: bgsim.i18n.available_languages() finds it.
LOCALES := bgsim/locale
messages: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg --no-wrap --sort-by-file --project=bgsim \
	  --add-comments=TRANSLATORS: -k N_ -k pgettext:1c,2 -o $(LOCALES)/bgsim.pot bgsim
	$(VENV)/bin/pybabel update -i $(LOCALES)/bgsim.pot -d $(LOCALES) -D bgsim --no-wrap --ignore-obsolete
	$(VENV)/bin/pybabel compile -d $(LOCALES) -D bgsim --statistics
	$(VENV)/bin/pybabel extract --no-wrap --no-location --project="bgsim (Python's argparse messages)" \
	  -k _ -k ngettext:1,2 -o $(LOCALES)/argparse.pot "$$($(VPY) -c 'import argparse; print(argparse.__file__)')"
	$(VENV)/bin/pybabel update -i $(LOCALES)/argparse.pot -d $(LOCALES) -D argparse --no-wrap
	$(VENV)/bin/pybabel compile -d $(LOCALES) -D argparse --statistics
	$(VPY) -m tests.support.catalogue

# --- cleaning ------------------------------------------------------------------

clean:
	rm -rf build dist *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache bgsim/data/cache
	find . -path ./$(VENV) -prune -o \
	  \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} + \
	  -o \( -name '*.nbi' -o -name '*.nbc' -o -name '*.py[co]' \) -type f -exec rm -f {} +

distclean: clean
	rm -rf $(VENV)
