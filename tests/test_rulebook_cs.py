"""The Czech rule reference (issue 23): docs/rules.cs.md up to date, every rule with the sentence of
its source page (quoted word for word), a Slovak title, and ``bgsim rule R13 --lang cs``."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bgsim import rules_reference
from bgsim.engine.i18n import get_language, language
from bgsim.teach.rulebook import SIC, SOURCES, _sic, markdown

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
        assert all(_sic(sentence) in text for _k, sentence in entry.quotes)
        assert text.startswith(f"{rid} ") and text.count(rid) >= 1


@pytest.mark.parametrize("rid", rules_reference().ids)
def test_slovak_entry_quotes_the_slovak_page_where_it_has_a_sentence(rid):
    """docs/rules.sk.md and `bgsim rule ID --lang sk`: the Slovak page's sentence where the rule has one
    (issue 34), else the Czech pages' (the rule's source all the same)."""
    entry = rules_reference(rid)
    slovak = [q for k, q in entry.quotes if SOURCES[k].language == "Slovak"]
    with language("sk"):
        text = str(entry)
    shown = slovak or [q for _k, q in entry.quotes]
    assert all(_sic(q) in text for q in shown)
    if slovak:
        assert not any(q in text for k, q in entry.quotes if SOURCES[k].language != "Slovak")
    assert "Zo stránky s pravidlami" in text or not entry.quotes


def test_slovak_page_sentences_cover_the_core_rules():
    have = {e.id for e in rules_reference() if any(SOURCES[k].language == "Slovak" for k, _q in e.quotes)}
    assert {"R4", "R6", "R8", "R10", "R11", "R12", "R13", "R15", "R16", "R17", "R18", "R19"} <= have


def test_the_pages_typos_are_marked_sic():
    assert all(any(t in q for e in rules_reference() for _k, q in e.quotes) for t in SIC)
    with language("cs"):
        assert "rozděleny to [sic] čtyř sektorů" in str(rules_reference("R1"))


def test_docs_rules_sk_md_is_up_to_date():
    path = ROOT / "docs" / "rules.sk.md"
    assert path.read_text(encoding="utf-8") == markdown("sk"), "docs/rules.sk.md is stale: run `make docs`"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the original rule pages are not on this machine")
def test_every_quote_is_word_for_word_in_its_page():
    pages = {k: next(SEEDS.glob(f"{n}_*.txt")).read_text(encoding="utf-8") for k, n in SEED_FILES.items()}
    missing = [(e.id, k, q[:60]) for e in rules_reference() for k, q in e.quotes if q not in pages[k]]
    assert not missing


def test_english_entries_carry_no_quotes():
    # English restates the pages in its own words; its text stays as it was.
    assert "From the rule page" not in str(rules_reference("R13"))
