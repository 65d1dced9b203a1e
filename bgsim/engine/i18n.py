"""The message catalogue: every user-facing sentence of bgsim goes through :func:`_` (gettext).

English is the default and is the catalogue's source language: the English messages are the
msgids themselves, so English output is exactly the text in the code. Czech comes from
``bgsim/locale/cs/LC_MESSAGES/bgsim.mo`` (domain ``bgsim``), compiled by Babel from the
``.po`` file next to it (``make messages`` extracts, updates and compiles).

Slovak comes the same way from ``bgsim/locale/sk/...``: a language is a catalogue, and
:func:`available_languages` lists English plus every language whose compiled catalogue is there.

Switch the language with :func:`set_language` (``"cs"``, ``"sk"``, ``"en"``), with the environment
variable ``BGSIM_LANG`` (read at the first message), or with ``bgsim --lang cs``.
:func:`language` switches it for a ``with`` block only. The languages are those with a
catalogue in ``LOCALE_DIR`` (:data:`LANGUAGES`); a locale name such as ``cs_CZ``, ``cs-CZ``
or ``cs_CZ.UTF-8`` means its language. ``BGSIM_LANG`` may list languages in order of
preference, as gettext's ``LANGUAGE`` does (``sk:cs``: the first bgsim speaks); when it
names none, bgsim warns once, naming the languages it speaks, and speaks English.

Numbers a person reads are written the way the language writes them, by Babel (CLDR data):
:func:`fmt_number`, :func:`fmt_percent`, :func:`fmt_count` (``27.8%`` and ``1,080`` in English,
``27,8 %`` and ``1 080`` in Czech and Slovak, with no-break spaces), and :func:`fmt_quote` puts
the language's quotation marks round a phrase (``„…“`` in Czech and Slovak).

This module is on the engine's floor: it imports nothing of bgsim but its errors.

>>> set_language("cs")
>>> _("the game is over")
'hra skončila'
>>> set_language("en")
>>> _("the game is over")
'the game is over'
>>> with language("cs"):
...     ngettext("moves {n} checker from there", "moves {n} checkers from there", 3).format(n=3)
'odtud táhne 3 kameny'
>>> get_language()
'en'
"""

from __future__ import annotations

import decimal
import gettext as _gettext
import math
import os
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .errors import LanguageError

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "argparse_language",
    "available_languages",
    "fmt_count",
    "fmt_number",
    "fmt_percent",
    "fmt_quote",
    "get_language",
    "language",
    "ngettext",
    "pgettext",
    "set_language",
    "side_name",
]

#: The gettext domain of bgsim's catalogues.
DOMAIN = "bgsim"
#: Where the compiled catalogues live: ``LOCALE_DIR/<lang>/LC_MESSAGES/bgsim.mo``.
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"


def available_languages() -> tuple[str, ...]:
    """The languages bgsim speaks: English (the source language, no catalogue needed) first, then
    every language with a compiled catalogue ``LOCALE_DIR/<lang>/LC_MESSAGES/bgsim.mo``, sorted.

    >>> available_languages()
    ('en', 'cs', 'sk')
    """
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return ("en", *(code for code in found if code != "en"))


#: The languages bgsim speaks, as :func:`available_languages` found them at import.
LANGUAGES: tuple[str, ...] = available_languages()

_lock = threading.Lock()
_state: dict[str, object] = {"lang": None, "trans": None}


def _normalise(lang: str | None) -> str:
    """The language of a locale name: ``"cs_CZ.UTF-8"``, ``"cs-CZ"``, ``"cs_CZ@euro"`` -> ``"cs"``; ``None`` or
    ``""`` -> ``"en"``.

    >>> _normalise("sk_SK"), _normalise(" CS-cz.UTF-8 "), _normalise("")
    ('sk', 'cs', 'en')
    """
    if not lang:
        return "en"
    code = lang.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code or "en"


def set_language(lang: str | None) -> None:
    """Speak ``lang`` from now on (one of :data:`LANGUAGES`, or a locale name of one; ``None`` means English).

    Messages made after the call are in that language (a message already made keeps its
    words). Raises :class:`~bgsim.engine.errors.LanguageError` (a ``LookupError``) for a language
    bgsim has no catalogue for, or anything but a string.

    >>> set_language("cs"); get_language()
    'cs'
    >>> set_language(None); get_language()
    'en'
    >>> set_language(5)
    Traceback (most recent call last):
    ...
    bgsim.engine.errors.LanguageError: a language is a code such as 'cs' or 'en', not 5
    """
    if lang is not None and not isinstance(lang, str):
        raise LanguageError(f"a language is a code such as 'cs' or 'en', not {lang!r}")
    code = _normalise(lang)
    if code not in LANGUAGES:
        raise LanguageError(f"bgsim speaks {', '.join(LANGUAGES)}, not {lang!r}")
    trans: _gettext.NullTranslations
    if code == "en":
        trans = _gettext.NullTranslations()
    else:
        trans = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    with _lock:
        _state["lang"] = code
        _state["trans"] = trans


def get_language() -> str:
    """The language messages are made in now (``BGSIM_LANG`` decides before any call)."""
    if _state["lang"] is None:
        set_language(_from_environment(os.environ.get("BGSIM_LANG", "")))
    return str(_state["lang"])


def _from_environment(value: str) -> str | None:
    """The language ``BGSIM_LANG`` asks for: the first of its ``:``-separated names bgsim speaks; ``None``
    (English) when it is empty, or names none of them, with a warning naming the languages there are."""
    names = [name for name in value.split(":") if name.strip()]
    for name in names:
        if _normalise(name) in LANGUAGES:
            return name
    if names:
        warnings.warn(f"BGSIM_LANG={value!r} names no language bgsim speaks; it speaks {', '.join(LANGUAGES)}: "
                      f"English from now on", UserWarning, stacklevel=4)
    return None


def _translations() -> _gettext.NullTranslations:
    get_language()
    trans = _state["trans"]
    assert isinstance(trans, _gettext.NullTranslations)
    return trans


@contextmanager
def language(lang: str | None) -> Iterator[None]:
    """Speak ``lang`` inside a ``with`` block, then the language before it again."""
    before = get_language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def _(message: str) -> str:
    """``message`` (English, the msgid) in the current language."""
    return _translations().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n`` (Czech has three: 1, 2-4, 5+)."""
    return _translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells a translator how it is used
    (one English phrase may need two Czech forms: "point 5" after "at" is "bodě 5")."""
    return _translations().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (translate it with
    :func:`_` where it is shown): for tables and constants built at import time."""
    return message


@contextmanager
def argparse_language(lang: str | None) -> Iterator[None]:
    """argparse's own words (``usage:``, ``options``, ``show this help message and exit``, its
    complaints) in ``lang`` inside a ``with`` block, from the catalogue ``LOCALE_DIR/<lang>/LC_MESSAGES/
    argparse.mo`` (argparse asks the ``gettext`` module for each; bgsim lends it that catalogue
    for the block, then puts argparse's own functions back).

    >>> import argparse
    >>> with argparse_language("cs"):
    ...     argparse.ArgumentParser(prog="x").format_usage()
    'použití: x [-h]\\n'
    """
    import argparse

    code = _normalise(lang)
    trans = _gettext.translation("argparse", LOCALE_DIR, languages=[code], fallback=True)
    module = vars(argparse)
    before = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = trans.gettext, trans.ngettext
    try:
        yield
    finally:
        module["_"], module["ngettext"] = before


# ----------------------------------------------------------------------------- numbers and quotes
def _exact(x: float) -> Any:
    """A float as the exact decimal it is, so that Babel rounds it as Python's ``format`` does
    (Babel would read ``0.165`` as the decimal 0.165 and round it half-even to 0.16; the float
    is a little more than 0.165, and Python writes 0.17)."""
    if isinstance(x, float) and math.isfinite(x):
        with decimal.localcontext() as ctx:
            ctx.prec = 80
            return decimal.Decimal(x) + 0
    return x


def _babel_locale(lang: str | None) -> str:
    return _normalise(lang) if lang else get_language()


def fmt_number(x: float, digits: int = 0, *, sign: bool = False, lang: str | None = None) -> str:
    """``x`` with ``digits`` decimals, grouped as the language writes numbers (``sign``: ``+`` before
    a positive number, for equities).

    >>> fmt_number(1234.5, 1), fmt_number(1234.5, 1, lang="cs"), fmt_number(-0.3333, 3, sign=True, lang="cs")
    ('1,234.5', '1\xa0234,5', '-0,333')
    >>> fmt_number(0.25, 3, sign=True), fmt_number(0.165, 2), f"{0.165:.2f}"
    ('+0.250', '0.17', '0.17')
    """
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    if sign:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(_exact(x), pattern, locale=_babel_locale(lang))


def fmt_count(n: int, *, lang: str | None = None) -> str:
    """A whole number with the language's grouping: ``30,000`` in English, ``30 000`` in Czech.

    >>> fmt_count(30000), fmt_count(30000, lang="sk")
    ('30,000', '30\xa0000')
    """
    from babel.numbers import format_decimal

    return format_decimal(n, "#,##0", locale=_babel_locale(lang))


def fmt_percent(p: float, digits: int = 1, *, sign: bool = False, lang: str | None = None) -> str:
    """The chance ``p`` (0.278) in percent with ``digits`` decimals, in the language's own pattern:
    ``27.8%`` in English, ``27,8 %`` in Czech and Slovak (a no-break space before ``%``).

    >>> fmt_percent(0.278), fmt_percent(0.278, lang="cs"), fmt_percent(0.56, 0, lang="cs")
    ('27.8%', '27,8\xa0%', '56\xa0%')
    """
    from babel import Locale
    from babel.numbers import format_percent

    code = _babel_locale(lang)
    base = Locale.parse(code).percent_formats[None].pattern
    pattern = base.replace("0", "0." + "0" * digits, 1) if digits > 0 else base
    if sign:
        pattern = f"+{pattern};-{pattern}"
    return format_percent(_exact(p * 100) / 100 if isinstance(p, float) else p, pattern, locale=code)


def fmt_quote(text: str, *, lang: str | None = None) -> str:
    """``text`` in the language's quotation marks: ``"text"`` in English, ``„text“`` in Czech and Slovak.

    >>> fmt_quote("Pas", lang="cs")
    '„Pas“'
    """
    code = _babel_locale(lang)
    if code in ("cs", "sk"):
        return f"\u201e{text}\u201c"
    return f'"{text}"'


def side_name(player: int | None) -> str:
    """Who a person reads about: "Light" for player 0, "Dark" for player 1, in the language spoken.

    The Python API numbers the sides 0 and 1 (R1: each counts the points from their own side);
    every sentence, caption and label a person reads names them by the colour of their checkers
    instead, as the boards draw them (Světlý/Tmavý in Czech, Svetlý/Tmavý in Slovak). Anything
    else (``None``: no owner) is written as it is, so a message never fails on it.

    >>> side_name(0), side_name(1)
    ('Light', 'Dark')
    >>> with language("cs"):
    ...     side_name(1)
    'Tmavý'
    """
    if player == 0:
        return _("Light")
    if player == 1:
        return _("Dark")
    return str(player)
