"""The Czech rule reference (issue 23): docs/rules.cs.md up to date, every rule with the sentence of
its source page (quoted word for word), a Slovak title, and ``bgsim rule R13 --lang cs``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bgsim import rules_reference
from bgsim.i18n import get_language, language
from bgsim.rulebook import SOURCES, markdown

ROOT = Path(__file__).resolve().parents[1]
#: The original rule pages (not part of the repository); BGSIM_SEEDS points elsewhere.
SEEDS = Path(os.environ.get("BGSIM_SEEDS", "/work/shared/seeds"))
SEED_FILES = {"pravidla": "000", "kompletne": "001", "kratky": "002", "kniha": "003", "vrhcaby": "004"}


def test_docs_rules_cs_md_is_up_to_date():
    path = ROOT / "docs" / "rules.cs.md"
    assert path.read_text(encoding="utf-8") == markdown("cs"), "docs/rules.cs.md is stale: run `make docs`"
    assert get_language() == "en"


def test_docs_rules_md_stays_english():
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == markdown("en")


@pytest.mark.parametrize("rid", rules_reference().ids)
def test_every_rule_has_a_slovak_title_and_its_source_sentences(rid):
    entry = rules_reference(rid)
    assert entry.sk_title
    if rid.startswith("X"):          # standard options beyond the pages: nothing to quote
        assert entry.quotes == () and entry.sources == ()
        return
    assert entry.quotes, f"{rid} has no source sentence"
    for key, sentence in entry.quotes:
        assert key in SOURCES and len(sentence) > 20
    with language("cs"):
        text = str(entry)
        assert all(sentence in text for _k, sentence in entry.quotes)
        assert text.startswith(f"{rid} ") and text.count(rid) >= 1


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the original rule pages are not on this machine")
def test_every_quote_is_word_for_word_in_its_page():
    pages = {k: next(SEEDS.glob(f"{n}_*.txt")).read_text(encoding="utf-8") for k, n in SEED_FILES.items()}
    missing = [(e.id, k, q[:60]) for e in rules_reference() for k, q in e.quotes if q not in pages[k]]
    assert not missing


def test_english_entries_carry_no_quotes():
    # English restates the pages in its own words; its text stays as it was.
    assert "From the rule page" not in str(rules_reference("R13"))
