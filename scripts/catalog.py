#!/usr/bin/env python3
"""Keep the message catalogs in step with the English sentences in the code.

    python scripts/catalog.py            # extract, merge into each .po, compile each .mo
    python scripts/catalog.py --check    # change nothing; list what is out of step

Run it after changing or merging sentences: it extracts every marked sentence (``_``,
``N_``, ``ngettext``, ``pgettext``, see ``spades_voice/narration/language.py``) from
``spades_voice/`` with Babel, adds the new ones to each language's ``.po`` as untranslated
(and drops the ones no longer in the code, keeping them as obsolete entries at the end),
then compiles each ``.po`` to the ``.mo`` the game reads. Translate the empty ``msgstr``
entries it reports, then run it again to compile.

Babel is a development tool (the ``test`` extra); the game itself reads the compiled
``.mo`` with the standard library only.
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "spades_voice"
LOCALE = PACKAGE / "locale"
DOMAIN = "spades_voice"
#: The functions that mark a sentence, with the argument positions Babel reads.
KEYWORDS: dict[str, tuple[int, ...] | tuple[tuple[int, str], int]] = {
    "_": (1,),
    "N_": (1,),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}


def extract() -> Catalog:
    """Every marked sentence in the package, as a template catalog (no translations)."""
    template = Catalog(project="spades-voice", domain=DOMAIN, charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for filename, lineno, message in key_docstrings():
        template.add(message, None, [(filename, lineno)], auto_comments=["A key's help (?)."])
    return template


#: The decorators that register a key handler (``shell/``): its docstring is its help.
HANDLER_DECORATORS = frozenset({"action", "always", "n_action", "sound_action"})


def key_docstrings() -> list[tuple[str, int, str]]:
    """The docstring of every key handler (a function decorated by one of
    ``HANDLER_DECORATORS``): the key's spoken help, on one line as ``shell.binding.doc``
    says it."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef):
                continue
            if not any(
                isinstance(d, ast.Call) and getattr(d.func, "id", None) in HANDLER_DECORATORS
                for d in node.decorator_list
            ):
                continue
            text = " ".join((ast.get_docstring(node, clean=False) or "").split())
            if text:
                found.append((str(path.relative_to(PACKAGE)), node.lineno, text))
    return found


def languages() -> list[str]:
    """The languages that have a catalog (a folder under ``locale/`` with a ``.po``)."""
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _key(message: object) -> object:
    return getattr(message, "id")  # noqa: B009 - Message.id may be a str or a tuple


def untranslated(catalog: Catalog, template: Catalog) -> list[str]:
    """The English sentences of ``template`` that ``catalog`` has no (usable) translation
    for: missing, empty, or marked fuzzy (a guess Babel made that nobody checked)."""
    missing = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        strings = found.string if found is not None else None
        texts = strings if isinstance(strings, tuple) else (strings,)
        if found is None or found.fuzzy or not all(texts):
            missing.append(_show(message.id, message.context))
    return missing


def _show(msgid: object, context: str | None) -> str:
    text = " | ".join(msgid) if isinstance(msgid, tuple) else str(msgid)
    return f"[{context}] {text}" if context else text


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of ``catalog`` (what the game reads)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def _write(lang: str, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_previous=False, include_lineno=False)
    po_path(lang).write_bytes(out.getvalue())
    mo = po_path(lang).with_suffix(".mo")
    mo.write_bytes(compiled(catalog))


def update(lang: str, template: Catalog) -> list[str]:
    """Merge ``template`` into ``lang``'s catalog, write the ``.po`` and ``.mo``; return
    the sentences still to translate."""
    catalog = read(lang)
    catalog.update(
        template, no_fuzzy_matching=True, update_header_comment=False, update_creation_date=False
    )
    _write(lang, catalog)
    return untranslated(catalog, template)


def report(lang: str, missing: Iterable[str]) -> int:
    items = list(missing)
    if items:
        print(f"{lang}: {len(items)} sentences to translate in {po_path(lang).relative_to(ROOT)}:")
        for text in items:
            print(f"  {text}")
    return len(items)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report only")
    args = parser.parse_args(argv)
    template = extract()
    print(f"{sum(1 for m in template if m.id)} sentences in the code.")
    missing = 0
    for lang in languages():
        if args.check:
            catalog = read(lang)
            missing += report(lang, untranslated(catalog, template))
            mo = po_path(lang).with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(catalog):
                print(f"{lang}: {mo.relative_to(ROOT)} is not compiled from its .po")
                missing += 1
        else:
            missing += report(lang, update(lang, template))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
