"""The translatable text of a lesson, and a lesson's text in another language.

A lesson's source (``lessons/src/NN-name.md``) holds its English text and its code once. What a
translator translates, one gettext entry each (like Sphinx's i18n):

- in Markdown cells: every heading, paragraph, list item's paragraph and table cell, as the
  Markdown source of its inline text (emphasis, code spans and links included, so a translator
  can move them; a paragraph keeps one sentence per line, so a one-sentence change is a
  one-line change in the catalogue too);
- in code cells: every string marked ``_("...")`` (a plain string or an f-string, also split over
  several lines as ``_("..." "...")``: one entry, its ``{expressions}`` kept as they are
  written), and every comment (``# ...``: comments are read by the learner).

The marker ``_( )`` is never shown: the English notebook has the bare string where the source has
``_("...")``, another language has the translation in its place (split over as many lines as the
English one). Markdown is parsed by markdown-it-py (CommonMark and tables) and code by Python's
own tokenizer; a translation replaces exactly the text of its entry, so everything around it
(list markers, indentation, table pipes, code) stays as the source has it.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Callable
from dataclasses import dataclass

from markdown_it import MarkdownIt

#: ``translate(message, context)``: the translation of a catalogue entry (context: None, or a ``_p`` one).
Translate = Callable[[str, "str | None"], str]

_MD = MarkdownIt("commonmark").enable("table")


class LessonTextError(ValueError):
    """A lesson's source or a translation cannot be used as it is (the message says where and why)."""


# ----------------------------------------------------------------------------------- Markdown
@dataclass(frozen=True)
class Block:
    """One translatable piece of a Markdown cell: a heading, a paragraph or a table cell.

    ``lines`` is the range of source lines it covers (a table cell: its row's line); ``text`` is
    its Markdown, container prefixes (list markers, indentation) removed; ``cell`` is the
    cell's column in its table row (None outside tables).
    """

    kind: str
    lines: tuple[int, int]
    text: str
    cell: int | None = None


def markdown_blocks(source: str) -> list[Block]:
    """The translatable blocks of a Markdown cell, in reading order."""
    blocks: list[Block] = []
    tokens = _MD.parse(source)
    row: tuple[int, int] | None = None
    column = 0
    for i, token in enumerate(tokens):
        if token.type == "tr_open":
            row, column = (token.map[0], token.map[1]) if token.map else None, 0
        elif token.type == "inline":
            opener = tokens[i - 1]
            if opener.type in ("th_open", "td_open"):
                assert row is not None
                blocks.append(Block("cell", row, token.content, column))
                column += 1
            elif opener.map is not None and token.content.strip():
                kind = "heading" if opener.type == "heading_open" else "paragraph"
                blocks.append(Block(kind, (opener.map[0], opener.map[1]), token.content))
    return blocks


def markdown_messages(source: str) -> list[str]:
    """The catalogue entries of a Markdown cell."""
    return [b.text for b in markdown_blocks(source) if _has_words(b.text)]


def _has_words(text: str) -> bool:
    return bool(re.search(r"[^\W\d_]", text))


def translate_markdown(source: str, translate: Translate) -> str:
    """The Markdown cell with every block's text replaced by ``translate(text)``."""
    lines = source.split("\n")
    blocks = markdown_blocks(source)
    rows: dict[tuple[int, int], list[Block]] = {}
    for block in blocks:
        if block.kind == "cell":
            rows.setdefault(block.lines, []).append(block)
    done_rows: set[tuple[int, int]] = set()
    for block in reversed(blocks):            # from the end: earlier line numbers stay valid
        if block.kind == "cell":
            if block.lines in done_rows:
                continue
            done_rows.add(block.lines)
            lines[block.lines[0]] = _translate_row(lines[block.lines[0]], rows[block.lines], translate)
            continue
        if not _has_words(block.text):
            continue
        new = translate(block.text, None)
        if new == block.text:
            continue
        start, end = block.lines
        if block.kind == "heading" and "\n" in new:
            raise LessonTextError(f"a heading's translation must be one line: {new!r}")
        old = block.text.split("\n")
        if block.kind == "heading" and end - start > len(old):          # a setext heading: keep its underline
            end = start + len(old)
        first = lines[start]
        at = first.find(old[0])
        if at < 0:
            raise LessonTextError(f"cannot find {old[0]!r} in line {start + 1}: {first!r}")
        prefix, suffix = first[:at], first[at + len(old[0]):] if len(old) == 1 else ""
        if len(old) > 1:
            second = lines[start + 1]
            more = second[: second.find(old[1])] if old[1] in second else " " * len(prefix)
            suffix = lines[end - 1][lines[end - 1].find(old[-1]) + len(old[-1]):]
        else:
            more = re.sub(r"[^>\s]", " ", prefix)
        new_lines = new.split("\n")
        out = [prefix + new_lines[0]] + [more + line for line in new_lines[1:]]
        out[-1] += suffix
        lines[start:end] = out
    return "\n".join(lines)


def _translate_row(line: str, cells: list[Block], translate: Translate) -> str:
    """A table row with each cell's text translated (cells found in order between the pipes)."""
    out, at = [], 0
    for block in cells:
        if not block.text:
            continue
        found = line.find(block.text, at)
        if found < 0:
            raise LessonTextError(f"cannot find table cell {block.text!r} in {line!r}")
        new = translate(block.text, None) if _has_words(block.text) else block.text
        if "\n" in new:
            raise LessonTextError(f"a table cell's translation must be one line: {new!r}")
        out.append(line[at:found] + new)
        at = found + len(block.text)
    out.append(line[at:])
    return "".join(out)


# -------------------------------------------------------------------- one sentence per line
_SENTENCE_END = re.compile(r"(?<=[.!?])([)*_\"\u201d\u201c]*) +(?=[A-Z\u00c0-\u017d*`(\"\u201e\[])")
_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "cf.", "etc.", "např.", "tj.", "tzv.", "atd.", "apod.", "č.", "str.")


def split_sentences(text: str) -> str:
    """A paragraph's Markdown with one sentence per line (soft line breaks, so it renders the same).

    Lines ending in a hard break (two spaces or a backslash) are kept as they are; a sentence
    is not broken off where its next line would start a list or a heading.
    """
    out = []
    for line in re.split(r"(?<![ \\])\n", text) if text else [text]:
        if line.endswith(("  ", "\\")):
            out.append(line)
            continue
        out.append(_split_line(line))
    return "\n".join(out)


def _split_line(line: str) -> str:
    pieces, start = [], 0
    for m in _SENTENCE_END.finditer(line):
        before = line[start:m.start()]
        last_word = before.rsplit(" ", 1)[-1]
        if last_word.lower() in _ABBREVIATIONS or line.count("`", 0, m.start()) % 2:
            continue                                  # an abbreviation, or inside a code span
        nxt = line[m.end():]
        if re.match(r"(\*|-|\+) |#|\d+[.)] |>", nxt):
            continue
        pieces.append(line[start:m.start()] + m.group(1))
        start = m.end()
    pieces.append(line[start:])
    return "\n".join(pieces)


def reflow_markdown(source: str) -> str:
    """A Markdown cell with each paragraph's lines joined and split again one sentence per line
    (headings, tables and everything else as they are). It renders exactly as the original."""
    def one_per_sentence(text: str) -> str:
        return split_sentences(re.sub(r"(?<![ \\])\n", " ", text))
    lines = source.split("\n")
    for block in reversed(markdown_blocks(source)):
        if block.kind != "paragraph" or ("\n" not in block.text and not _SENTENCE_END.search(block.text)):
            continue
        new = one_per_sentence(block.text)
        if new == block.text:
            continue
        start, end = block.lines
        old = block.text.split("\n")
        first = lines[start]
        at = first.find(old[0])
        prefix = first[:at]
        more = re.sub(r"[^>\s]", " ", prefix)
        new_lines = new.split("\n")
        lines[start:end] = [prefix + new_lines[0]] + [more + line for line in new_lines[1:]]
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- code
LANGUAGE_COMMENT = "messages, buttons and rules in this language"


@dataclass(frozen=True)
class _Marked:
    """A ``_("...")`` call in code: its span (offsets into the source), its literals, its message."""

    start: int
    end: int
    literals: list[tokenize.TokenInfo]
    message: str
    fstring: bool
    context: str | None = None


def _offsets(source: str) -> list[int]:
    starts, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line)
        starts.append(total)
    return starts


def _prefix(token: str) -> str:
    """A string literal's prefix (``f``, ``rb`` ...)."""
    return token[: len(token) - len(token.lstrip("rRbBuUfF"))]


def _literal_text(token: str, *, as_template: bool) -> str:
    """The text of one string literal: its value; in a template (an f-string's concatenation),
    with ``{expressions}`` as written and the braces of plain pieces doubled."""
    prefix = _prefix(token)
    body = token[len(prefix):]
    if "f" in prefix.lower():
        value = ast.literal_eval(prefix.lower().replace("f", "") + body)
        return value
    value = ast.literal_eval(token)
    return value.replace("{", "{{").replace("}", "}}") if as_template else value


def marked_strings(code: str) -> list[_Marked]:
    """Every ``_("...")`` in a code cell, in order."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError) as exc:
        raise LessonTextError(f"code does not tokenize: {exc}\n{code}") from exc
    offsets = _offsets(code)
    found = []
    skip = (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)
    for i, tok in enumerate(tokens):
        if not (tok.type == tokenize.NAME and tok.string in ("_", "_p") and i + 1 < len(tokens)
                and tokens[i + 1].string == "("):
            continue
        if i > 0 and tokens[i - 1].string == ".":
            continue
        j, literals, context = i + 2, [], None
        if tok.string == "_p":                      # _p("context", "message"): a message with a context
            if not (tokens[j].type == tokenize.STRING and tokens[j + 1].string == ","):
                raise LessonTextError(f'_p( ) needs a context string first (line {tok.start[0]})')
            context = ast.literal_eval(tokens[j].string)
            j += 2
        while j < len(tokens) and (tokens[j].type == tokenize.STRING or tokens[j].type in skip):
            if tokens[j].type == tokenize.STRING:
                literals.append(tokens[j])
            j += 1
        if not literals or tokens[j].string != ")":
            raise LessonTextError(f'_( ) must hold string literals only (line {tok.start[0]}): {tok.line.strip()}')
        fstring = any("f" in _prefix(t.string).lower() for t in literals)
        message = "".join(_literal_text(t.string, as_template=fstring) for t in literals)
        start = offsets[tok.start[0] - 1] + tok.start[1]
        end = offsets[tokens[j].end[0] - 1] + tokens[j].end[1]
        found.append(_Marked(start, end, literals, message, fstring, context))
    return found


def code_comments(code: str) -> list[tokenize.TokenInfo]:
    return [t for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type == tokenize.COMMENT]


def _comment_text(comment: str) -> str:
    return re.sub(r"^#\s?", "", comment)


def code_messages(code: str) -> list[tuple[str, str | None]]:
    """The catalogue entries of a code cell, ``(message, context)``: its marked strings and its
    comments, in order."""
    items = [(m.start, m.message, m.context) for m in marked_strings(code)]
    offsets = _offsets(code)
    items += [(offsets[c.start[0] - 1] + c.start[1], _comment_text(c.string), None) for c in code_comments(code)]
    return [(text, context) for _, text, context in sorted(items, key=lambda x: x[0]) if _has_words(text)]


def _quote(text: str, quote: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace(quote, "\\" + quote)
    return quote + escaped + quote


def _pieces(text: str, n: int) -> list[str]:
    """``text`` cut at spaces (outside ``{...}``) into at most ``n`` pieces of about equal length,
    each but the last keeping its trailing space."""
    if n <= 1:
        return [text]
    cuts, depth = [], 0
    for i, ch in enumerate(text):
        depth += (ch == "{") - (ch == "}")
        if ch == " " and depth == 0:
            cuts.append(i + 1)
    pieces, start = [], 0
    for k in range(1, n):
        target = len(text) * k / n
        options = [c for c in cuts if start < c < len(text)]
        if not options:
            break
        cut = min(options, key=lambda c: abs(c - target))
        pieces.append(text[start:cut])
        start = cut
    pieces.append(text[start:])
    return [p for p in pieces if p] or [text]


def _render_marked(marked: _Marked, message: str, code: str) -> str:
    """The literal(s) that replace a ``_("...")`` call: the translated message, split over as
    many lines as the English literals were, each piece at the English piece's column."""
    first = marked.literals[0]
    body = first.string.lstrip("rRbBuUfF")
    if body[:3] in ('"""', "'''") and len(marked.literals) == 1:     # a docstring: newlines as they are
        text = message.replace("\\", "\\\\").replace(body[:3], "\\" + body[:3])
        return ("f" if marked.fstring else "") + body[:3] + text + body[:3]
    quote = body[0]
    rows = sorted({t.start[0] for t in marked.literals})
    pieces = _pieces(message, len(rows))
    column = marked.literals[1].start[1] if len(marked.literals) > 1 else first.start[1]
    out = []
    placeholder = re.compile(r"(?<!\{)\{(?!\{)")
    any_placeholder = any(placeholder.search(p) for p in pieces)
    for k, piece in enumerate(pieces):
        # an f-string stays one (the first piece keeps the f even with no {expression} left), a
        # piece with no {expression} in an f-string's concatenation becomes a plain string
        if marked.fstring and (placeholder.search(piece) or (not any_placeholder and k == 0)):
            literal = "f" + _quote(piece, quote)
        elif marked.fstring:
            literal = _quote(piece.replace("{{", "{").replace("}}", "}"), quote)
        else:
            literal = _quote(piece, quote)
        out.append(literal if k == 0 else "\n" + " " * column + literal)
    return "".join(out)


def translate_code(code: str, translate: Translate | None) -> str:
    """A code cell with its ``_("...")`` markers removed (``translate=None``: the English) or
    replaced by the translated strings, and its comments translated (aligned where the English
    ones were)."""
    marks = marked_strings(code)
    out = code
    for m in reversed(marks):
        if translate is None:
            inner = code[m.literals[0].start[1] + _offsets(code)[m.literals[0].start[0] - 1]:
                         _offsets(code)[m.literals[-1].end[0] - 1] + m.literals[-1].end[1]]
            out = out[:m.start] + inner + out[m.end:]
        else:
            out = out[:m.start] + _render_marked(m, translate(m.message, m.context), code) + out[m.end:]
    if translate is None:
        return out
    english = {c.start[0]: c for c in code_comments(translate_code(code, None))}
    lines = out.split("\n")
    if len(lines) != len(code.split("\n")):
        raise LessonTextError(f"a translated string changed the number of lines:\n{out}")
    for tok in reversed(code_comments(out)):
        row, col = tok.start
        line = lines[row - 1]
        text = _comment_text(tok.string)
        new = translate(text, None) if _has_words(text) else text
        before = line[:col]
        orig = english.get(row)
        if before.strip() and orig is not None:
            gap = len(orig.line[:orig.start[1]]) - len(orig.line[:orig.start[1]].rstrip())
            code_part = before.rstrip()
            column = max(orig.start[1], len(code_part) + min(gap, 2))
            before = code_part.ljust(column)
        lines[row - 1] = before + "# " + new if tok.string.startswith("# ") or not text else before + "#" + new
    return "\n".join(lines)


def language_line(code: str, language: str, translate: Translate) -> str:
    """The first code cell of a translated lesson, switching bgsim to ``language`` after its
    ``import bgsim`` (which is added first if the cell has none)."""
    switch = f'bgsim.set_language("{language}")'.ljust(34) + "# " + translate(LANGUAGE_COMMENT, None)
    lines = code.split("\n")
    if "import bgsim" in lines:
        at = lines.index("import bgsim") + 1
        return "\n".join([*lines[:at], "", switch, *lines[at:]])
    return "\n".join(["import bgsim", "", switch, *lines])
