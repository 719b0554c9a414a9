"""Which voice speaks the game's language, for each output that can choose one.

A Spanish line read by an English voice is hard to follow, so every output that can pick
a voice picks one for the game's language (``narration.language.current()`` when the
output starts): espeak-ng by its voice name, Speech Dispatcher by its language, pyttsx3 by
a voice that lists the language. A screen reader speaks in the voice its user chose.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from spades_voice.narration.language import Language, current

#: espeak-ng's voice for each language the game speaks: Latin American Spanish, as the
#: catalog is written (espeak-ng ships it with every install).
ESPEAK_VOICES = {Language.ES: "es-419"}


def espeak_voice() -> str | None:
    """The espeak-ng voice for the game's language; None for espeak-ng's own default."""
    return ESPEAK_VOICES.get(current())


def language_code() -> str | None:
    """The game's language as a code for an output ("es"); None for English, which every
    output speaks by default."""
    lang = current()
    return None if lang is Language.EN else lang.value


def pick_voice(voices: Iterable[tuple[str, Sequence[str]]], code: str) -> str | None:
    """The id of the first voice whose languages (or, failing those, whose id or name)
    name ``code``; None when no voice speaks it.

    >>> pick_voice([("english", ["en_US"]), ("HKLM\\\\Helena", ["es-ES"])], "es")
    'HKLM\\\\Helena'
    >>> pick_voice([("english", ["en"])], "es") is None
    True
    """
    code = code.lower()
    for voice_id, languages in voices:
        for lang in languages:
            text = lang.decode("utf-8", "replace") if isinstance(lang, bytes) else str(lang)
            if text.lower().lstrip("\x05").replace("_", "-").split("-")[0] == code:
                return voice_id
        if f"/{code}" in voice_id.lower() or voice_id.lower().endswith(f"\\{code}"):
            return voice_id
    return None
