# bgsim: one command to set up and run everything.
#
#   make lab     set up .venv (first time only), then open the lessons in JupyterLab
#   make teach   the teacher view: the lessons in Voila (widgets and outputs, no code), the next
#                pages ready at once (at most 4 kernels kept ready), with Present and Boards switches
#   make lessons build the lesson notebooks (lessons/*.ipynb, lessons/cs/*.ipynb) from their sources
#                (lessons/src/*.md) and catalogues (lessons/locale/), run them and store their outputs;
#                only those missing or stale (make lab, teach, test and Binder do it first)
#   make handouts  a printable PDF per lesson and language (build/handouts/<lang>/NN-name.pdf: text,
#                boards, questions with lines for the answers, no code) and an answer sheet for the
#                teacher (NN-name-answers.pdf); needs Chromium (apt-get install chromium)
#   make test    set up .venv (first time only), then run every test (make check first)
#   make check   lint (ruff) and type-check (mypy) bgsim/
#   make bench   set up .venv (first time only), then run every benchmarks/bench_*.py
#   make docs    regenerate docs/rules.md, docs/rules.cs.md and docs/rules.sk.md from bgsim/teach/rulebook.py
#   make messages  the message catalogues: extract the English messages of bgsim (bgsim/locale/bgsim.pot,
#                and argparse's own words) and of the lessons (lessons/locale/lessons.pot), merge them into
#                each language's .po, compile bgsim's .mo, and list what lacks a translation (or is fuzzy)
#   make clean   remove caches and build output (keeps .venv)
#   make distclean   clean, and remove .venv too
#
# The set-up is idempotent: .venv is created only if missing, and the project is
# (re)installed only when pyproject.toml is newer than the stamp file in .venv.
# Override the interpreter with `make test PYTHON=python3.12`; pass extra arguments
# with `make test PYTEST_ARGS='-x -k plays'` (tests and doctests), NBVAL_ARGS=...
# (the notebook run), `make lab LAB_ARGS=--no-browser`, `make teach TEACH_ARGS=--no-browser`
# or `make lessons LESSONS=04-bar` (one lesson only), `make lessons LANG=cs` (one language),
# `make lessons FORCE=1` (run them again even when up to date). The teacher view
# keeps at most TEACH_READY kernels ready (default 4; 0 on a small machine), for the pages
# named in TEACH_PAGES (e.g. `make teach TEACH_PAGES="03 04 sandbox"`; default: the next pages).

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
TEACH_READY ?= 4
TEACH_PAGES ?=
CLASS_RESULTS ?= 0
LESSONS     ?=
FORCE       ?=
# `make lessons LANG=xx`: LANG counts only when given on the command line (the environment's LANG
# is the locale, en_US.UTF-8 and the like, not a lesson language).
LESSON_LANG := $(if $(filter command line,$(origin LANG)),$(LANG))
# JupyterLab refuses to run as root unless told to (CI and these machines run as root).
# Kept apart from LAB_ARGS so that `make lab LAB_ARGS=...` does not drop it.
LAB_ROOT_ARGS := $(if $(filter 0,$(shell id -u)),--ServerApp.allow_root=True)

export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: help setup trust lab teach lessons handouts test test-code test-lessons check bench clean distclean docs messages

help:
	@echo "make lab        open the lessons in JupyterLab (sets up .venv the first time)"
	@echo "make teach      the teacher view: the lessons in Voila, no code on screen"
	@echo "make lessons    build the lesson notebooks from lessons/src and lessons/locale, run them, store outputs"
	@echo "make handouts   a printable PDF per lesson and language, and an answer sheet (build/handouts/)"
	@echo "make test       run every test: make check, tests/, doctests in bgsim/, lesson notebooks (nbval)"
	@echo "make check      lint (ruff) and type-check (mypy) bgsim/; settings in pyproject.toml"
	@echo "make bench      run every benchmarks/bench_*.py"
	@echo "make docs       regenerate docs/rules.md, docs/rules.cs.md and docs/rules.sk.md (the rule reference) from bgsim/teach/rulebook.py"
	@echo "make messages   extract the messages, update the Czech catalogue (.po), compile it (.mo), list what is untranslated"
	@echo "make clean      remove caches and build output; 'make distclean' also removes .venv"

# --- set-up ------------------------------------------------------------------

$(VPY):
	@echo "==> creating $(VENV) with $(PYTHON) ($$($(PYTHON) --version 2>&1))"
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(VPY)
	@echo "==> installing bgsim (editable) with extras [$(EXTRAS)] into $(VENV)"
	$(VPY) -m pip install --progress-bar off -e ".[$(EXTRAS)]"
	$(VPY) -m bgsim.cli.warmup
	@touch $@

setup: $(STAMP)

# --- lessons -------------------------------------------------------------------

# The notebooks are built from lessons/src/*.md (one text per lesson, English) and the catalogues
# lessons/locale/<lang>/LC_MESSAGES/lessons.po (lessons/tools/build.py; lessons/README.md says how):
# each one missing or older than its source, its translations or the build tools is built and run
# in a fresh kernel, its outputs and widgets stored (about 2 minutes for all on a quiet machine).
# They are not committed: make lab, teach and test (and Binder's postBuild) build them first.
lessons: $(STAMP)
	$(if $(LESSON_LANG),env LANG=C.UTF-8) $(VPY) lessons/tools/build.py $(LESSONS) \
	  $(foreach l,$(LESSON_LANG),--lang $(l)) $(if $(FORCE),--force)

# The lessons are marked trusted first (a notebook is trusted per machine): JupyterLab then
# shows their stored boards (SVG) and widgets before anything is run, not their text forms.
trust: lessons
	$(VENV)/bin/jupyter trust lessons/*.ipynb lessons/cs/*.ipynb

lab: trust
	$(VENV)/bin/jupyter lab lessons/ $(LAB_ROOT_ARGS) $(LAB_ARGS)

# Voila runs each notebook and shows its outputs and widgets without the code. It needs no
# allow_root flag; it listens on localhost:8866 (change with TEACH_ARGS=--port=N).
# - The bgsim template (teach/voila/templates/bgsim) puts bgsim's stylesheet and the page's
#   switches on every page: Present (projector sizes) and Boards (classic, high contrast,
#   colour-blind safe); the address carries them too: ...04-bar.ipynb?present=1&board=high-contrast.
#   While a page's kernel runs the lesson the page says "getting the boards ready..." and fills in.
# - Ready pages (teach/voila_teach.py): at most TEACH_READY kernels (default 4, about 0.2 GB
#   each) kept ready with their lesson already run, started one after another: for the pages
#   named in TEACH_PAGES (e.g. `make teach TEACH_PAGES="03 04 sandbox"`), or else the next
#   pages: the first ones of the course, then the pages after the one opened last.
#   TEACH_READY=0 turns them off (a page then takes its kernel's start and its lesson's run).
# - A page's kernel ends when the page is closed or reloaded (Voila's beacon, which the bgsim
#   page script makes sure is accepted); a kernel whose page vanished (a crash, a closed
#   laptop) is ended after 10 idle minutes.
# - CLASS_RESULTS=1 lets drills and quizzes record each student's first try on this server
#   (bgsim.teach.classresults: a SQLite file under Jupyter's data directory; off by default).
teach: trust
	JUPYTER_PATH="$(CURDIR)/teach$${JUPYTER_PATH:+:$$JUPYTER_PATH}" BGSIM_TEACH_READY="$(TEACH_READY)" \
	  BGSIM_TEACH_PAGES="$(TEACH_PAGES)" $(if $(filter 1,$(CLASS_RESULTS)),BGSIM_CLASS_RESULTS=1) \
	  $(VPY) teach/voila_teach.py lessons/ --template=bgsim \
	  --MappingKernelManager.cull_idle_timeout=600 --MappingKernelManager.cull_interval=60 $(TEACH_ARGS)

# --- handouts -----------------------------------------------------------------

# Each lesson (00-11) in each language run once more with its widgets drawn on paper (a quiz: its
# question and a line for the answer; a drill: each task with its board; a board: its picture),
# without code, printed by nbconvert's webpdf export in the system's Chromium (lessons/tools/handouts.py):
# build/handouts/<lang>/NN-name.pdf and NN-name-answers.pdf (every question with its answer).
# `make handouts LESSONS=03-forced-play LANG=cs` for one; about 6 s per lesson and language.
handouts: $(STAMP)
	$(VPY) lessons/tools/handouts.py $(LESSONS) $(foreach l,$(LESSON_LANG),--lang $(l))

# --- tests -------------------------------------------------------------------

# check first: it takes seconds and fails fast.
test: check test-code test-lessons

# ruff and mypy read their settings from [tool.ruff] and [tool.mypy] in pyproject.toml.
check: $(STAMP)
	$(VENV)/bin/ruff check bgsim
	$(VENV)/bin/mypy bgsim

# tests/ and the docstring examples in bgsim/ (testpaths and --doctest-modules
# come from [tool.pytest.ini_options] in pyproject.toml).
test-code: lessons
	$(VPY) -m pytest $(PYTEST_ARGS)

# The lesson notebooks of every language (built first if missing or stale), each run again and
# compared with the outputs its build stored (strict nbval).
test-lessons: lessons
	$(VPY) -m pytest --nbval --nbval-current-env --nbval-sanitize-with lessons/sanitize.cfg lessons/ $(NBVAL_ARGS)

# --- benchmarks ----------------------------------------------------------------

bench: $(STAMP)
	@shopt -s nullglob; files=(benchmarks/bench_*.py); \
	if [ $${#files[@]} -eq 0 ]; then echo "==> no benchmarks/bench_*.py yet"; exit 0; fi; \
	failed=0; \
	for f in "$${files[@]}"; do \
	  echo "==> $(VPY) $$f"; \
	  $(VPY) "$$f" || { echo "!! $$f failed"; failed=1; }; \
	done; \
	exit $$failed

# --- docs ----------------------------------------------------------------------

docs: $(STAMP)
	$(VPY) -c "from bgsim.teach import rulebook; rulebook.write_markdown('docs/rules.md')"
	$(VPY) -c "from bgsim.teach import rulebook; rulebook.write_markdown('docs/rules.cs.md', lang='cs')"
	$(VPY) -c "from bgsim.teach import rulebook; rulebook.write_markdown('docs/rules.sk.md', lang='sk')"

# --- the message catalogues (gettext; Babel does the work) ---------------------------
# bgsim's own (domain bgsim):
# 1. extract every _() / ngettext() / N_() message of bgsim/ into the template (.pot),
# 2. merge it into each language's .po (new messages come in empty, changed ones fuzzy),
# 3. compile the .mo files that bgsim.engine.i18n loads (committed: a fresh clone needs no Babel),
#    and the same for argparse's own words (domain argparse, lent to argparse by bgsim's CLI),
# 4. list every message that still lacks a translation (tests/test_i18n.py fails on them).
# A new language xx: pybabel init -i bgsim/locale/bgsim.pot -d bgsim/locale -D bgsim -l xx (and
# -D argparse with argparse.pot), translate, make messages: bgsim.engine.i18n.available_languages() finds it.
# The lessons' (domain lessons, lessons/tools/messages.py): every heading, paragraph, list item,
# table cell, _("...") string and comment of lessons/src/*.md into lessons/locale/lessons.pot,
# merged into lessons/locale/<lang>/LC_MESSAGES/lessons.po the same way, and listed when
# untranslated or fuzzy (tests/test_lessons_i18n.py fails on them). Both lists are printed
# before the exit status says whether anything is missing.
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
	$(VPY) lessons/tools/messages.py $(foreach l,$(LESSON_LANG),--lang $(l))
	status=0; $(VPY) -m tests.support.catalogue || status=1; \
	  $(VPY) lessons/tools/messages.py --report $(foreach l,$(LESSON_LANG),--lang $(l)) || status=1; \
	  exit $$status

# --- cleaning ------------------------------------------------------------------

clean:
	rm -rf build dist *.egg-info .pytest_cache .hypothesis .mypy_cache .ruff_cache bgsim/data/cache
	find . -path ./$(VENV) -prune -o \
	  \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} + \
	  -o \( -name '*.nbi' -o -name '*.nbc' -o -name '*.py[co]' \) -type f -exec rm -f {} +

distclean: clean
	rm -rf $(VENV)
