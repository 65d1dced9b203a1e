"""The lessons' message catalogue: extract it, merge it into each language, report what is missing.

    python lessons/tools/messages.py            # lessons/locale/lessons.pot from lessons/src/*.md,
                                                # merged into every lessons/locale/<lang>/LC_MESSAGES/lessons.po
    python lessons/tools/messages.py --report   # list every entry untranslated or fuzzy; exit 1 if any
    python lessons/tools/messages.py --lang xx  # only language xx (a new language: its .po is created)

The entries are those of ``lesson_text.py`` (every heading, paragraph, list item, table cell,
``_("...")`` string and comment of every lesson source), plus the two a translated edition adds
(the link to the English edition, the comment of its ``set_language`` line). Merging works like
``pybabel update``: a new entry comes in untranslated, a changed one keeps its old translation
marked fuzzy (check it, then delete the ``#, fuzzy`` line), an entry no source has any more is
dropped. Entries carry their source file (no line numbers, so an edit does not touch every
entry below it) and are written unwrapped, one sentence per line as in the sources.

``make messages`` runs both steps (and bgsim's own catalogue's); ``tests/test_lessons_i18n.py``
fails on what ``--report`` lists.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import lesson_text

ROOT = build.LESSONS.parent
TEMPLATE = build.LOCALE / f"{build.DOMAIN}.pot"
PROJECT = "bgsim lessons"

#: A rule id as the lessons cite it (R13, R4a, V5, P1, X2), and a {placeholder} of an f-string.
RULE_ID = re.compile(r"\b[RVPX]\d+[ab]?\b")
PLACEHOLDER = re.compile(r"\{[^{}'\"]+\}")      # one without a string in it (those may be translated)


def extract() -> Catalog:
    """Every entry of every lesson source, in order, with the source files it comes from."""
    catalog = Catalog(project=PROJECT, fuzzy=False, charset="utf-8")
    for path in build.source_paths():
        where: tuple[str, int | None] = (path.relative_to(ROOT).as_posix(), None)
        nb = build.read_source(path)
        first_markdown = first_code = True
        for cell in nb.cells:
            entries: list[tuple[str, str | None]]
            if cell.cell_type == "markdown":
                entries = [(m, None) for m in lesson_text.markdown_messages(cell.source)]
                if first_markdown:
                    entries.append((build.edition_line(path.stem), None))
                first_markdown = False
            elif cell.cell_type == "code":
                entries = lesson_text.code_messages(cell.source)
                if first_code:
                    entries.append((lesson_text.LANGUAGE_COMMENT, None))
                first_code = False
            else:
                continue
            for message, context in entries:
                found = catalog.get(message, context)
                if found is None:
                    catalog.add(message, locations=[where], context=context)  # type: ignore[list-item]
                elif where not in found.locations:
                    found.locations.append(where)  # type: ignore[arg-type]  # Babel takes None: no line
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=0, include_lineno=False, ignore_obsolete=True)


def update(languages: list[str]) -> None:
    """Write the template and merge it into each language's catalogue (creating a new one)."""
    template = extract()
    _write(template, TEMPLATE)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template)} entries")
    for language in languages:
        path = build.catalogue_path(language)
        if path.exists():
            with open(path, "rb") as f:
                catalog = read_po(f, locale=language, domain=build.DOMAIN)
        else:
            catalog = Catalog(locale=language, project=PROJECT, fuzzy=False, charset="utf-8")
            print(f"{path.relative_to(ROOT)}: a new catalogue")
        catalog.update(template, update_header_comment=False, update_creation_date=False)
        _write(catalog, path)


def problems(language: str) -> list[str]:
    """Every entry of ``language``'s catalogue that lacks a usable translation, one line each: the
    lesson sources' entries missing from it, untranslated, fuzzy, or dropping a rule id or an
    f-string's ``{placeholder}``."""
    path = build.catalogue_path(language)
    if not path.exists():
        return [f"{language}: no catalogue {path.relative_to(ROOT)}: `make messages LANG={language}`"]
    with open(path, "rb") as f:
        catalog = read_po(f, locale=language, domain=build.DOMAIN)
    out = []
    for entry in extract():
        if not entry.id:
            continue
        found = catalog.get(entry.id, entry.context)
        english = str(entry.id)
        name = repr(english)[:120]
        where = " ".join(loc for loc, _ in entry.locations)
        if found is None:
            out.append(f"{language}: not in the catalogue (`make messages`): {name} ({where})")
        elif found.fuzzy:
            out.append(f"{language}: fuzzy (check the translation, then remove the fuzzy flag): {name} ({where})")
        elif not found.string:
            out.append(f"{language}: not translated: {name} ({where})")
        else:
            for what, pattern in (("rule ids", RULE_ID), ("placeholders", PLACEHOLDER)):
                a, b = sorted(set(pattern.findall(english))), sorted(set(pattern.findall(str(found.string))))
                if a != b:
                    out.append(f"{language}: {what} {' '.join(a) or '-'} -> {' '.join(b) or '-'} in {name} ({where})")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--report", action="store_true", help="list what is untranslated or fuzzy; exit 1 if any")
    parser.add_argument("--lang", action="append", help="a language (default: every catalogue)")
    args = parser.parse_args(argv)
    languages = args.lang or [lang for lang in build.languages() if lang != "en"]
    if not args.report:
        update(languages)
        return 0
    found = [p for language in languages for p in problems(language)]
    for line in found:
        print(line)
    print(f"lessons: {len(found)} entries to translate or check" if found
          else f"lessons: every entry translated ({', '.join(languages)})")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
