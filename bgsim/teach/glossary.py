"""The words of the game in English, Czech and Slovak: one glossary for the lessons, the rule
reference and the message catalogue.

The words are those of the Czech and Slovak rule pages the rules come from (``SOURCES`` in
:mod:`bgsim.teach.rulebook`); they live in ``bgsim/data/glossary.json``. Lesson 00 shows the table
(in the Czech edition with Czech explanations), ``docs/rules.cs.md`` and ``docs/rules.sk.md`` end with it, and
``tests/test_i18n.py`` checks that the Czech messages use its words (``cs_stems``).

>>> g = glossary()
>>> g["checker"].cs, g["checker"].sk
('kámen', 'dáma')
>>> g["bear_off"].cs_words
('vyvádění', 'vyvést', 'snímání', 'sejmout')
>>> print(g.markdown("cs").splitlines()[2])
| vrhcáby | backgammon, krátký vrhcáb | backgammon | backgammon | hra |
>>> print(g.markdown("sk").splitlines()[3])
| dáma | kameň | kámen | checker | jedna z 15 hracích dám hráča |
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..engine.errors import UnknownRuleError
from ..engine.i18n import _, get_language

__all__ = ["Glossary", "Term", "glossary"]


@dataclass(frozen=True)
class Term:
    """One thing of the game and its words.

    ``cs`` and ``sk`` are the words bgsim uses, ``cs_also``/``sk_also`` other words of the
    pages; ``note``/``cs_note``/``sk_note`` say what it is; ``cs_stems`` are the stems a Czech message
    about it must contain one of (for the catalogue test), ``en_words`` the English words
    that name it in a message (``en_not``: phrases that use them for something else, "progress
    bar"); ``sources`` the seed pages the Czech words come from.
    """

    key: str
    en: str
    cs: str
    sk: str
    note: str
    cs_note: str
    cs_also: tuple[str, ...] = ()
    sk_also: tuple[str, ...] = ()
    cs_stems: tuple[str, ...] = ()
    en_words: tuple[str, ...] = ()
    en_not: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    sk_note: str = ""

    @property
    def cs_words(self) -> tuple[str, ...]:
        """The Czech word and the other Czech words of the pages."""
        return (self.cs, *self.cs_also)


class Glossary(tuple):
    """Every :class:`Term`, in lesson order; ``g["checker"]`` finds one by key. Shows itself as a
    table in the current language (:func:`bgsim.set_language`)."""

    def __getitem__(self, key):
        if isinstance(key, str):
            for term in self:
                if term.key == key:
                    return term
            raise UnknownRuleError(_("no glossary term {key}: {join}").format(
                                       key=repr(key), join=', '.join(t.key for t in self)))
        return super().__getitem__(key)

    def markdown(self, lang: str | None = None) -> str:
        """The glossary as a Markdown table: English columns first, or Czech first for ``"cs"``, Slovak
        first for ``"sk"``."""
        lang = lang or get_language()
        if lang == "sk":
            rows = ["| slovensky | ďalšie slová | česky | anglicky | čo to je |",
                    "| --- | --- | --- | --- | --- |"]
            rows += [f"| {t.sk} | {', '.join(t.sk_also) or '-'} | {t.cs} | {t.en} | {t.sk_note or t.note} |"
                     for t in self]
            return "\n".join(rows)
        if lang == "cs":
            rows = ["| česky | další slova pravidel | slovensky | anglicky | co to je |",
                    "| --- | --- | --- | --- | --- |"]
            rows += [f"| {t.cs} | {', '.join(t.cs_also) or '-'} | {_sk(t)} | {t.en} | {t.cs_note} |" for t in self]
            return "\n".join(rows)
        rows = ["| English | Czech | Slovak | what it is |", "| --- | --- | --- | --- |"]
        rows += [f"| {t.en} | {', '.join(t.cs_words)} | {_sk(t)} | {t.note} |" for t in self]
        return "\n".join(rows)

    def _repr_markdown_(self) -> str:
        return self.markdown()

    def __repr__(self) -> str:
        return f"Glossary({len(self)} terms: {', '.join(t.key for t in self)})"


def _sk(term: Term) -> str:
    return ", ".join((term.sk, *term.sk_also))


@lru_cache(maxsize=1)
def glossary() -> Glossary:
    """The glossary from ``bgsim/data/glossary.json`` (read once)."""
    text = resources.files("bgsim.data").joinpath("glossary.json").read_text(encoding="utf-8")
    data = json.loads(text)
    terms = []
    for t in data["terms"]:
        terms.append(Term(key=t["key"], en=t["en"], cs=t["cs"], sk=t["sk"], note=t["note"], cs_note=t["cs_note"],
                          cs_also=tuple(t.get("cs_also", ())), sk_also=tuple(t.get("sk_also", ())),
                          cs_stems=tuple(t.get("cs_stems", ())), en_words=tuple(t.get("en_words", ())),
                          en_not=tuple(t.get("en_not", ())),
                          sources=tuple(t.get("sources", ())), sk_note=t.get("sk_note", "")))
    return Glossary(terms)
