"""Which language the game speaks, and the message catalogs that say it.

English is the source language: every sentence is written in English in ``narration/``
and looked up in a compiled catalog (``spades_voice/locale/<lang>/LC_MESSAGES/
spades_voice.mo``, the standard library's ``gettext``) at the moment it is said. English
has no catalog, so English output is exactly the source text.

The language is the speaker's, not the process's: a server narrates four seats, perhaps
in four languages. So the language in force is a context variable, set with
``speaking(lang)`` around the narration of one seat (asyncio tasks and each call keep
their own), over a default for the whole process that a command sets once
(``set_default``) from ``--language``, the settings or the environment. A context
variable rather than a translator handed to every function: narration has some 150
functions that many hands edit, and the shell already speaks through two doors
(``Shell.answer`` and ``Shell.tell``), so one value read where a sentence is made keeps
every signature as it is and still lets each seat hear its own language.

How sentences are marked (``scripts/catalog.py`` extracts exactly these):

- ``_("...")``: a sentence made now, with named placeholders filled after lookup:
  ``_("{seat} takes the trick.").format(seat=...)``. Never glue translated fragments.
- ``ngettext("{n} trick", "{n} tricks", n)``: anything with a number in it.
- ``pgettext("context", "...")``: a short word that another sentence also uses in
  another sense.
- ``N_("...")``: a fixed sentence kept as a module constant (``NEXT_HAND``); it stays
  English in the code and is looked up whole where it is spoken (``line``).
"""

from __future__ import annotations

import enum
import functools
import gettext
import io
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources

#: The catalogs' domain: ``locale/<lang>/LC_MESSAGES/<DOMAIN>.mo`` inside the package.
DOMAIN = "spades_voice"


class Language(enum.Enum):
    """A language the game speaks: its code is the catalog's folder and the option's value."""

    EN = "en"
    ES = "es"

    @property
    def native_name(self) -> str:
        """The language named in itself, as ``doctor`` and the settings say it."""
        return {"en": "English", "es": "español"}[self.value]

    @property
    def decimal_separator(self) -> str:
        """What separates a number's decimals when it is written and said: "38.5" in
        English, "38,5" in Spanish (most of Latin America writes a comma, and a
        synthesizer reads "8.8" as "ocho punto ocho")."""
        return {"en": ".", "es": ","}[self.value]


DEFAULT = Language.EN

#: Environment variables that name the user's language, in the order gettext reads them.
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def parse(text: str) -> Language | None:
    """The language a locale name or code means, or None for one the game does not speak.

    >>> parse("es_MX.UTF-8"), parse("en"), parse("C"), parse("fr_FR")
    (<Language.ES: 'es'>, <Language.EN: 'en'>, <Language.EN: 'en'>, None)
    """
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return Language.EN
    try:
        return Language(code)
    except ValueError:
        return None


def from_environment(environ: Mapping[str, str], windows_ui: str | None = None) -> Language:
    """The user's language from the environment: the first of ``ENVIRONMENT`` that is set
    (``LANGUAGE`` may list several, ``es:en``; the first the game speaks wins), else the
    Windows UI language's locale name (``windows_ui``, e.g. "es-ES"), else English.

    >>> from_environment({"LANG": "es_AR.UTF-8"})
    <Language.ES: 'es'>
    >>> from_environment({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"})
    <Language.ES: 'es'>
    >>> from_environment({}, windows_ui="es-MX"), from_environment({})
    (<Language.ES: 'es'>, <Language.EN: 'en'>)
    """
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            found = parse(part) if part else None
            if found is not None:
                return found
        if name != "LANGUAGE":  # LANGUAGE only adds a preference list; the rest decide
            return DEFAULT
    if windows_ui:
        return parse(windows_ui) or DEFAULT
    return DEFAULT


@functools.cache
def translations(lang: Language) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English, or a missing catalog: the source text)."""
    if lang is Language.EN:
        return gettext.NullTranslations()
    source = resources.files("spades_voice").joinpath(
        "locale", lang.value, "LC_MESSAGES", f"{DOMAIN}.mo"
    )
    try:
        data = source.read_bytes()
    except OSError:  # an install without its catalogs still plays, in English
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(data))


_default = DEFAULT
_speaking: ContextVar[Language | None] = ContextVar("spades_voice_language", default=None)


def set_default(lang: Language) -> None:
    """The process's language, set once by the command that starts the game."""
    global _default
    _default = lang


def current() -> Language:
    """The language sentences are made in here and now."""
    return _speaking.get() or _default


@contextmanager
def speaking(lang: Language) -> Iterator[None]:
    """Make every sentence inside the block in ``lang`` (one seat's narration)."""
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


class Way(enum.Enum):
    """How the player plays: by keys (a keyboard) or by touch (a phone's screen, a page's
    buttons). Instructions name what the player has: "Press N" or "Tap Next"."""

    KEYS = "keys"
    TOUCH = "touch"


_playing_by: ContextVar[Way] = ContextVar("spades_voice_way", default=Way.KEYS)
#: A sentence that names keys -> the same said for a player by touch (``for_touch``).
_TOUCH: dict[str, str] = {}


def for_touch(keys: str, touch: str) -> str:
    """Mark ``keys``, a fixed sentence that names keys, as said ``touch`` to a player by
    touch (both marked ``N_``); returns ``keys``, the sentence everyone else hears.

    >>> NEXT = for_touch("Press N.", "Tap Next.")
    >>> with playing_by(Way.TOUCH):
    ...     line(NEXT)
    'Tap Next.'
    >>> line(NEXT)
    'Press N.'
    """
    _TOUCH[keys] = touch
    return keys


def playing_by_now() -> Way:
    """How the player whose sentences are made here and now plays."""
    return _playing_by.get()


@contextmanager
def playing_by(way: Way) -> Iterator[None]:
    """Word every instruction inside the block for ``way`` (one seat's narration)."""
    token = _playing_by.set(way)
    try:
        yield
    finally:
        _playing_by.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return translations(current()).gettext(message)


def ngettext(one: str, many: str, n: int) -> str:
    """The form of ``one``/``many`` for the number ``n``, in the current language; the
    caller fills ``{n}`` (and any other placeholder) with ``format``."""
    return translations(current()).ngettext(one, many, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names, in the current language."""
    return translations(current()).pgettext(context, message)


def N_(message: str) -> str:
    """Mark a fixed sentence for the catalog without looking it up now (a module
    constant); ``line`` looks it up where it is spoken."""
    return message


def line(text: str) -> str:
    """A whole line in the current language: a fixed sentence marked ``N_`` becomes its
    translation; anything else (a sentence already made in this language, people's own
    words) is returned as it is."""
    if not text:
        return text
    if _playing_by.get() is Way.TOUCH:
        text = _TOUCH.get(text, text)
    return translations(current()).gettext(text)


__all__ = [
    "DEFAULT",
    "DOMAIN",
    "ENVIRONMENT",
    "N_",
    "Language",
    "Way",
    "_",
    "current",
    "for_touch",
    "from_environment",
    "line",
    "ngettext",
    "parse",
    "pgettext",
    "playing_by",
    "playing_by_now",
    "set_default",
    "speaking",
    "translations",
]
