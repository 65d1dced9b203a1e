"""Checks of bgsim's message catalogue (``bgsim/locale/<lang>/LC_MESSAGES/bgsim.po``), shared by
``tests/test_i18n.py`` and ``make messages`` (``python -m tests.support.catalogue`` lists what is
wrong and exits 1).

A message is complete in a language when its translation is there, is not marked fuzzy (a
changed English message Babel matched to an old translation), keeps every rule id (R13, V5,
R5-R21 ...), every number and every ``{placeholder}`` of the English, and the compiled ``.mo``
says the same as the ``.po``.
"""

from __future__ import annotations

import gettext
import re
import sys
from collections import Counter
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bgsim" / "locale"
#: Every language with a catalogue (.po) under bgsim/locale.
LANGS = tuple(sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/bgsim.po")))

#: A rule id as bgsim cites it: R13, R4a, V5, P1, X2.
RULE_ID = re.compile(r"\b[RVPX]\d+[ab]?\b")
#: A number in a message (rule ids' digits are compared as rule ids, not here).
NUMBER = re.compile(r"(?<![RVPX\d])\d+")
#: A str.format placeholder.
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "bgsim.po"


def load(lang: str) -> Catalog:
    """The ``.po`` catalogue of ``lang``."""
    with open(po_path(lang), "rb") as f:
        return read_po(f, locale=lang)


def _forms(message: Message) -> list[tuple[str, str]]:
    """(English, translation) pairs: one for a plain message, one per plural form (compared with the
    English plural, whose placeholders the singular shares)."""
    if isinstance(message.id, str):
        return [(message.id, message.string if isinstance(message.string, str) else "")]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return [(message.id[1], s or "") for s in strings]


def kept(english: str, translated: str) -> list[str]:
    """What a translation drops or changes of the English: rule ids, numbers, placeholders.

    >>> kept("point {point} is closed (R7), 2 checkers", "bod {point} je uzavřený (R7), 2 kameny")
    []
    >>> kept("point {point} is closed (R7)", "bod {bod} je uzavřený (R8)")
    ['rule ids R7 -> R8', 'placeholders {point} -> {bod}']
    """
    problems = []
    for what, pattern in (("rule ids", RULE_ID), ("numbers", NUMBER), ("placeholders", PLACEHOLDER)):
        a, b = Counter(pattern.findall(english)), Counter(pattern.findall(translated))
        if what == "numbers":    # "1-6" may be said "1 až 6"; a number said twice is fine: compare sets
            a, b = Counter(set(a)), Counter(set(b))
        if a != b:
            problems.append(f"{what} {' '.join(sorted(a)) or '-'} -> {' '.join(sorted(b)) or '-'}")
    return problems


def problems(lang: str) -> list[str]:
    """Every problem of ``lang``'s catalogue, one line each, naming the msgid."""
    out = []
    for m in load(lang):
        if not m.id:
            continue
        name = repr(m.id if isinstance(m.id, str) else m.id[0])
        if m.fuzzy:
            out.append(f"{lang}: fuzzy (check the translation, then remove the fuzzy flag): {name}")
            continue
        forms = _forms(m)
        if not all(t for _e, t in forms):
            out.append(f"{lang}: no translation: {name}")
            continue
        for english, translated in forms:
            for p in kept(english, translated):
                out.append(f"{lang}: {p}: {name}")
    return out


def stale_mo(lang: str) -> list[str]:
    """Messages whose compiled translation (``.mo``) differs from the ``.po``: run ``make messages``."""
    mo = po_path(lang).with_suffix(".mo")
    if not mo.exists():
        return [f"{lang}: {mo.relative_to(ROOT)} is missing: run make messages"]
    with open(mo, "rb") as f:
        trans = gettext.GNUTranslations(f)
    out = []
    for m in load(lang):
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, str):
            got = trans.pgettext(m.context, m.id) if m.context else trans.gettext(m.id)
            if m.string and got != m.string:
                out.append(f"{lang}: .mo differs from .po: {m.id!r}")
        elif isinstance(m.string, tuple) and all(m.string):
            for n, want in zip((1, 2, 5), m.string, strict=False):
                if trans.ngettext(m.id[0], m.id[1], n) != want:
                    out.append(f"{lang}: .mo differs from .po: {m.id[0]!r} (n={n})")
    return out


def source_messages() -> set[str]:
    """Every msgid in bgsim's code now (what ``pybabel extract`` finds with babel.cfg): the
    singular of a plural message."""
    from babel.messages.extract import extract_from_dir

    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(ROOT / "bgsim"), method_map=[("**.py", "python")],
            keywords={"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}):
        found.add(message if isinstance(message, str) else message[0])
    return found


def not_in_catalogue(lang: str) -> list[str]:
    """Messages of the code that the ``.po`` does not have yet: run ``make messages`` and translate them."""
    have = {m.id if isinstance(m.id, str) else m.id[0] for m in load(lang) if m.id}
    return [f"{lang}: not in the catalogue (run make messages, then translate): {m!r}"
            for m in sorted(source_messages() - have)]


def main() -> int:
    found = [p for lang in LANGS for p in not_in_catalogue(lang) + problems(lang) + stale_mo(lang)]
    for p in found:
        print(p)
    if not found:
        print("catalogue complete: " + ", ".join(f"{lang} {sum(1 for m in load(lang) if m.id)} messages"
                                                 for lang in LANGS))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
