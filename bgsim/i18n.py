"""The message catalogue: every user-facing sentence of bgsim goes through :func:`_` (gettext).

English is the default and is the catalogue's source language: the English messages are the
msgids themselves, so English output is exactly the text in the code. Czech comes from
``bgsim/locale/cs/LC_MESSAGES/bgsim.mo`` (domain ``bgsim``), compiled by Babel from the
``.po`` file next to it (``make messages`` extracts, updates and compiles).

Switch the language with :func:`set_language` (``"cs"``, ``"en"``), with the environment
variable ``BGSIM_LANG`` (read at the first message), or with ``bgsim --lang cs``.
:func:`language` switches it for a ``with`` block only. The languages are those with a
catalogue in ``LOCALE_DIR`` (:data:`LANGUAGES`); a locale name such as ``cs_CZ``, ``cs-CZ``
or ``cs_CZ.UTF-8`` means its language. ``BGSIM_LANG`` may list languages in order of
preference, as gettext's ``LANGUAGE`` does (``sk:cs``: the first bgsim speaks); when it
names none, bgsim warns once, naming the languages it speaks, and speaks English.

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

import gettext as _gettext
import os
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import LanguageError

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "_",
    "get_language",
    "language",
    "ngettext",
    "pgettext",
    "set_language",
]

#: The gettext domain of bgsim's catalogues.
DOMAIN = "bgsim"
#: Where the compiled catalogues live: ``LOCALE_DIR/<lang>/LC_MESSAGES/bgsim.mo``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages bgsim speaks: English (the source language), then every language with a compiled
#: catalogue in :data:`LOCALE_DIR`, by code (Czech, ``"cs"``, ...).
LANGUAGES: tuple[str, ...] = ("en", *sorted(
    d.name for d in (LOCALE_DIR.iterdir() if LOCALE_DIR.is_dir() else ())
    if d.name != "en" and (d / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()))

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
    words). Raises :class:`~bgsim.errors.LanguageError` (a ``LookupError``) for a language
    bgsim has no catalogue for, or anything but a string.

    >>> set_language("cs"); get_language()
    'cs'
    >>> set_language(None); get_language()
    'en'
    >>> set_language(5)
    Traceback (most recent call last):
    ...
    bgsim.errors.LanguageError: a language is a code such as 'cs' or 'en', not 5
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
