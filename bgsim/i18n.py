"""The message catalogue: every user-facing sentence of bgsim goes through :func:`_` (gettext).

English is the default and is the catalogue's source language: the English messages are the
msgids themselves, so English output is exactly the text in the code. Czech comes from
``bgsim/locale/cs/LC_MESSAGES/bgsim.mo`` (domain ``bgsim``), compiled by Babel from the
``.po`` file next to it (``make messages`` extracts, updates and compiles).

Switch the language with :func:`set_language` (``"cs"``, ``"en"``), with the environment
variable ``BGSIM_LANG`` (read at the first message), or with ``bgsim --lang cs``.
:func:`language` switches it for a ``with`` block only.

This module is on the engine's floor: it imports nothing of bgsim.

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
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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
#: The languages bgsim speaks: English (the source language) and Czech.
LANGUAGES: tuple[str, ...] = ("en", "cs")

_lock = threading.Lock()
_state: dict[str, object] = {"lang": None, "trans": None}


def _normalise(lang: str | None) -> str:
    """``"cs_CZ.UTF-8"`` -> ``"cs"``; ``None`` or ``""`` -> ``"en"``."""
    if not lang:
        return "en"
    code = lang.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    return code or "en"


def set_language(lang: str | None) -> None:
    """Speak ``lang`` from now on (``"cs"`` or ``"en"``; ``None`` means English).

    Messages made after the call are in that language (a message already made keeps its
    words). Raises ``LookupError`` for a language bgsim has no catalogue for.

    >>> set_language("cs"); get_language()
    'cs'
    >>> set_language(None); get_language()
    'en'
    """
    code = _normalise(lang)
    if code not in LANGUAGES:
        raise LookupError(f"bgsim speaks {', '.join(LANGUAGES)}, not {lang!r}")
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
        env = os.environ.get("BGSIM_LANG", "")
        set_language(env if _normalise(env) in LANGUAGES else None)
    return str(_state["lang"])


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
