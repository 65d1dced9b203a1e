"""The rule reference: every id, every cited id, options that exist, docs/rules.md up to date, `bgsim rule`."""

from __future__ import annotations

import inspect
import re
import tokenize
from pathlib import Path

import pytest

import bgsim
from bgsim import Game, Match, Position, Rules, Session
from bgsim.teach import rulebook
from bgsim.cli.main import main
from bgsim.teach.rulebook import (LESSONS, SECTIONS, SOURCES, RuleEntry, UnknownRuleError, join_ids, page_rules,
                                  parse_ids, rules_reference)

ROOT = Path(__file__).resolve().parent.parent

EXPECTED_IDS = (
    [f"R{n}" for n in range(1, 31)] + ["R4a", "R4b"]
    + [f"V{n}" for n in range(1, 7)] + ["P1", "P2"] + [f"X{n}" for n in range(1, 4)]
)

#: A rule id as code and messages write it: R13, R4a, V5, P1, X2.
RULE_ID = re.compile(r"\b(?:R\d+[ab]?|V\d+|P\d+|X\d+)\b")


def test_the_reference_holds_exactly_the_rule_ids():
    ids = rules_reference().ids
    assert len(ids) == len(set(ids)), "an id appears twice"
    assert set(ids) == set(EXPECTED_IDS)


def test_entries_are_in_rule_book_order():
    ids = rules_reference().ids
    assert ids[:6] == ("R1", "R2", "R3", "R4", "R4a", "R4b")
    assert ids[-3:] == ("X1", "X2", "X3")
    assert [e.id for _, entries in SECTIONS for e in entries] == list(ids)


def _string_literals(path: Path) -> list[str]:
    with path.open("rb") as f:
        return [tok.string for tok in tokenize.tokenize(f.readline) if tok.type == tokenize.STRING]


def test_every_rule_id_cited_in_the_package_exists():
    """Messages, captions and docstrings of bgsim cite ids; each must be one the reference explains."""
    known = set(rules_reference().ids)
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "bgsim").rglob("*.py")):
        if path.name == "rulebook.py":   # shows an unknown id on purpose
            continue
        for literal in _string_literals(path):
            for rid in RULE_ID.findall(literal):
                cited.setdefault(rid, set()).add(path.name)
    assert len(cited) > 20, "the scan found too few ids to be working"
    unknown = {rid: sorted(files) for rid, files in cited.items() if rid not in known}
    assert not unknown, f"rule ids cited in bgsim/ but missing from the reference: {unknown}"


def test_error_messages_cite_ids_the_reference_knows():
    """The same, for ids inside raise statements only (the check asked of error messages)."""
    known = set(rules_reference().ids)
    seen = 0
    for path in sorted((ROOT / "bgsim").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"raise \w+\((.*?)\)\s*(?:from \w+)?\n", text, re.S):
            for rid in RULE_ID.findall(m.group(1)):
                seen += 1
                assert rid in known, f"{path.name}: {m.group(0)[:80]!r} cites {rid}"
    assert seen > 20


@pytest.mark.parametrize("rid", EXPECTED_IDS)
def test_every_entry_is_complete(rid):
    e = rules_reference(rid)
    assert isinstance(e, RuleEntry) and e.id == rid
    assert e.title and e.title[0].isupper()
    assert 20 < len(e.text) < 450 and e.text.endswith(".")
    assert all(key in SOURCES for key in e.sources)
    if rid.startswith("X"):
        assert e.sources == ()          # beyond the source pages
    else:
        assert e.sources, f"{rid} names no source page"
    assert e.lessons, f"no planned lesson teaches {rid}"
    text = str(e)
    assert text.splitlines()[0] == f"{rid} {e.title}"
    assert "Options:" in text and "Sources:" in text and "Lessons:" in text
    assert e._repr_markdown_().startswith(f"#### {rid} {e.title}")
    html = e._repr_html_()
    assert f'data-rule="{rid}"' in html and "<script" not in html


def test_every_source_page_is_used():
    used = {key for e in rules_reference() for key in e.sources}
    assert used == set(SOURCES)


def test_lookup_forms():
    assert rules_reference("r13") is rules_reference("R13") is rules_reference(" (R13) ")
    assert rules_reference("r4A").id == "R4a"
    assert rules_reference("x3").title == "Hypergammon"


@pytest.mark.parametrize("bad", ["R31", "R0", "V7", "R4c", "Q1", "", "13", "rule 13"])
def test_unknown_ids_are_refused_with_the_list_of_ids(bad):
    with pytest.raises(UnknownRuleError, match="R1-R30 .*V1-V6, P1-P2 and X1-X3") as info:
        rules_reference(bad)
    assert isinstance(info.value, bgsim.BgsimError) and isinstance(info.value, ValueError)


def test_a_non_string_id_is_refused():
    with pytest.raises(UnknownRuleError, match="a rule id is a string"):
        rules_reference(13)  # type: ignore[call-overload]


def test_the_list_of_all_rules_shows_itself():
    book = rules_reference()
    lines = str(book).splitlines()
    assert len(lines) == len(EXPECTED_IDS)
    assert "R28  Crawford" in lines
    assert len(re.findall(r"^\| [RVPX]\d", book._repr_markdown_(), re.M)) == len(EXPECTED_IDS)
    assert "<table" in book._repr_html_()


def test_parse_ids():
    assert parse_ids("R24-R26, R29, X1, X2") == ("R24", "R25", "R26", "R29", "X1", "X2")
    assert parse_ids("V1-V6, X3") == tuple(f"V{n}" for n in range(1, 7)) + ("X3",)
    with pytest.raises(UnknownRuleError):
        parse_ids("R4a-R5")


def test_join_ids_writes_each_lessons_rules_as_the_plan_does():
    """join_ids is parse_ids backwards: every lesson's plan (R1-R4, R4a, P1, P2; R22, R23, R30, V3 ...)
    comes back as written, and ids of several lessons merge in rule-book order."""
    for lesson in LESSONS.values():
        assert join_ids(parse_ids(lesson.rules)) == lesson.rules
        assert join_ids(reversed(parse_ids(lesson.rules))) == lesson.rules
    both = join_ids(parse_ids(LESSONS["04"].rules) + parse_ids(LESSONS["03"].rules))   # R8, R13-R15 and R10-R12
    assert both == "R8, R10-R15"
    assert parse_ids(both) == ("R8", "R10", "R11", "R12", "R13", "R14", "R15")
    assert join_ids(["r13", "(R14)", "R13"]) == "R13, R14"


def test_page_rules_reads_the_plan_by_page_name():
    assert page_rules("04-bar") == page_rules("cs/04-bar") == page_rules("lessons/cs/04-bar.ipynb") == (
        "R8", "R13", "R14", "R15")
    assert page_rules("09-monte-carlo") == ()                       # a lesson that teaches no rule
    for page in ("sandbox", "class-results", "teacher-guide", "present_demo", ""):
        assert page_rules(page) == ()


def test_the_planned_lessons_teach_every_rule_and_only_real_ones():
    known = set(rules_reference().ids)
    taught: set[str] = set()
    for number, lesson in LESSONS.items():
        ids = parse_ids(lesson.rules)
        assert set(ids) <= known, f"lesson {number} plans unknown ids {set(ids) - known}"
        assert lesson.file.startswith(f"{number}-") and lesson.file.endswith(".ipynb")
        taught |= set(ids)
    assert taught == known, f"no lesson is planned for {sorted(known - taught)}"


# Options name real settings and calls ------------------------------------------------------

_CLASSES = {"Rules": Rules, "Game": Game, "Position": Position, "Session": Session, "Match": Match}


def _all_options():
    return [(e.id, option) for e in rules_reference() for option in e.options]


@pytest.mark.parametrize("rid, option", _all_options())
def test_options_name_settings_and_methods_that_exist(rid, option):
    code = option.partition(": ")[0]
    if code.startswith("bgsim "):        # a command-line flag: test_command_line_flags_in_options_exist
        return
    m = re.match(r"(\w+)(?:\.(\w+))?\((.*)\)$", code)
    assert m, f"{rid}: cannot read the option {code!r}"
    cls_name, method, args = m.groups()
    cls = _CLASSES[cls_name]
    target = getattr(cls, method) if method else cls
    params = inspect.signature(target).parameters
    for keyword in re.findall(r"(\w+)=", args):
        assert keyword in params, f"{rid}: {code} names {keyword!r}, not a parameter of {cls_name}"


def test_command_line_flags_in_options_exist(capsys):
    for rid, option in _all_options():
        code = option.partition(": ")[0]
        if code.startswith("bgsim "):
            command, flag = code.split()[1], code.split()[-1]
            assert main([command, "--help"]) == 0
            assert flag in capsys.readouterr().out, f"{rid}: `bgsim {command}` has no {flag}"


def test_settings_in_options_are_accepted_by_rules():
    """The concrete Rules(...) settings the reference shows are valid settings."""
    for rid, option in _all_options():
        code = option.partition(": ")[0]
        if code.startswith("Rules(") and not re.search(r"=\w*n\b|\.\.\.| \| ", code):
            assert isinstance(eval(code, {"Rules": Rules}), Rules), (rid, code)


# docs/rules.md ---------------------------------------------------------------------------

def test_docs_rules_md_is_up_to_date():
    path = ROOT / "docs" / "rules.md"
    assert path.read_text(encoding="utf-8") == rulebook.markdown(), (
        "docs/rules.md is stale: run `make docs`")


def test_docs_rules_md_anchors_match_headings():
    text = rulebook.markdown()
    headings = re.findall(r"^### (.+)$", text, re.M)
    anchors = re.findall(r"\]\(#([^)]+)\)", text)
    assert len(headings) == len(anchors) == len(EXPECTED_IDS)
    slug = [re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings]
    assert slug == anchors


def test_markdown_links_lessons():
    assert "(../lessons/04-bar.ipynb)" in rules_reference("R13").markdown()


def test_write_markdown(tmp_path):
    out = tmp_path / "rules.md"
    rulebook.write_markdown(str(out))
    assert out.read_bytes() == rulebook.markdown().encode("utf-8")


# bgsim rule ------------------------------------------------------------------------------

def test_cli_rule_prints_one_entry(capsys):
    assert main(["rule", "R13"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R13 Bar first\n") and "no other checker may move" in out


def test_cli_rule_lists_all(capsys):
    assert main(["rule"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(rules_reference().ids)


def test_cli_rule_unknown(capsys):
    assert main(["rule", "R99"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("bgsim: there is no rule 'R99'") and "X1-X3" in err
