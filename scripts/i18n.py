"""Bring the translations up to date with the source (docs/TRANSLATING.md tells the whole
way): extract every player's text into the template, update each language's catalogue from
it, and compile the catalogues that the program and the web page read.

    scripts/i18n              # all three steps (same as: .venv/bin/python -m scripts.i18n)
    scripts/i18n extract      # src/chickenfoot -> src/chickenfoot/locale/chickenfoot.pot
    scripts/i18n update       # chickenfoot.pot -> locale/<code>/LC_MESSAGES/chickenfoot.po
    scripts/i18n compile      # every chickenfoot.po -> chickenfoot.mo beside it, and the
                              # web page's server/static/i18n/<code>.json
    scripts/i18n --check      # change nothing; exit 1 if any file would change

The texts are the string literals of ``_()``, ``N_()`` and ``ngettext()`` calls in
src/chickenfoot (Babel's Python extractor), every template of the engine's
``chickenfoot.core.messages.ENGLISH``, which the front ends look up by their English text,
and the web page's texts, written in English in server/static/i18n/en.json under keys
("app.name"): each is a message with its key as ``msgctxt``; a pair of keys ending ".one"
and ".other" is one message with a plural. The page's other languages' files are made from
the catalogues (never edited by hand), without the texts a catalogue lacks or has fuzzy: the
page says those in English. A file is written only when its messages change, so running this
twice changes nothing.
"""

from __future__ import annotations

import argparse
import gettext
import io
import json
import sys
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from chickenfoot import __version__
from chickenfoot.core.messages import ENGLISH
from chickenfoot.core.options import HELP
from chickenfoot.i18n import DOMAIN, ENGLISH_CODE, LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "chickenfoot"
LOCALE = SOURCE / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
MESSAGES_FILE = "src/chickenfoot/core/messages.py"
WEB = SOURCE / "server" / "static" / "i18n"
WEB_SOURCE = WEB / f"{ENGLISH_CODE}.json"
WEB_FILE = "src/chickenfoot/server/static/i18n/en.json"
ONE, OTHER = ".one", ".other"

KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "N_": None, "ngettext": (1, 2)}
COMMENT_TAGS = ("TRANSLATORS:",)
TRANSLATED = tuple(code for code in LANGUAGES if code != ENGLISH_CODE)
PROJECT = "chickenfoot"
COPYRIGHT = "the chickenfoot authors"


def po_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(code: str) -> Path:
    return po_path(code).with_suffix(".mo")


def extract() -> Catalog:
    """The template made fresh from the source: the ``_()`` texts, then the engine's."""
    catalog = Catalog(
        project=PROJECT,
        version=__version__,
        copyright_holder=COPYRIGHT,
        charset="utf-8",
        fuzzy=False,
        header_comment=(
            "# The texts of chickenfoot to translate, made by scripts/i18n from the source.\n"
            "# docs/TRANSLATING.md tells how to add or update a translation."
        ),
    )
    found = extract_from_dir(
        SOURCE,
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
    )
    for filename, lineno, text, comments, context in found:
        location = f"src/chickenfoot/{Path(filename).as_posix()}"
        catalog.add(text, None, [(location, lineno)], auto_comments=comments, context=context)
    for code, template in ENGLISH.items():
        catalog.add(template, None, [(MESSAGES_FILE, 0)], auto_comments=_comments(code))
    for key, text in web_texts(web_english()).items():
        catalog.add(text, None, [(WEB_FILE, 0)], context=key)
    return catalog


def web_english() -> dict[str, str]:
    """The web page's texts in English, by key, as written in en.json."""
    texts: dict[str, str] = json.loads(WEB_SOURCE.read_text(encoding="utf-8"))
    return texts


def web_texts(english: dict[str, str]) -> dict[str, str | tuple[str, str]]:
    """The page's texts as messages, by key: a text, or for a pair ``KEY.one`` and
    ``KEY.other`` the one message ``KEY`` with its singular and plural."""
    texts: dict[str, str | tuple[str, str]] = {}
    for key, text in english.items():
        base = key.removesuffix(ONE).removesuffix(OTHER)
        if base != key and base + ONE in english and base + OTHER in english:
            texts.setdefault(base, (english[base + ONE], english[base + OTHER]))
        else:
            texts[key] = text
    return texts


def plural_keys(catalog: Catalog) -> dict[str, int]:
    """The page's plural categories in ``catalog``'s language (the browser's
    ``Intl.PluralRules``, CLDR's), each with the gettext form that says it: the form the
    catalogue's ``Plural-Forms`` gives a whole number of that category."""
    assert catalog.locale is not None
    form = gettext.c2py(catalog.plural_expr)
    keys: dict[str, int] = {}
    for n in [*range(1000), *(10**k for k in range(3, 13))]:
        keys.setdefault(catalog.locale.plural_form(n), form(n))
    return keys


def web_catalogue(catalog: Catalog, english: dict[str, str]) -> dict[str, str]:
    """The page's texts in ``catalog``'s language, in en.json's order: every text the
    catalogue translates (a fuzzy one is a guess, left out), a plural as ``KEY.<category>``
    for each category of the language."""
    translated: dict[str, str] = {}
    categories = plural_keys(catalog)
    for key, text in web_texts(english).items():
        m = catalog.get(text, key)
        if m is None or m.fuzzy:
            continue
        if isinstance(text, tuple):
            forms = (
                [str(form or "") for form in m.string]
                if isinstance(m.string, (tuple, list))
                else []
            )
            if len(forms) == catalog.num_plurals and all(forms):
                for category, index in categories.items():
                    translated[f"{key}.{category}"] = forms[index]
        elif m.string:
            translated[key] = str(m.string)
    order = {key: float(k) for k, key in enumerate(english)}
    for key in translated:
        if key not in order:
            order[key] = order.get(key.rsplit(".", 1)[0] + OTHER, len(order)) - 0.5
    return {key: translated[key] for key in sorted(translated, key=order.__getitem__)}


def json_bytes(texts: dict[str, str]) -> bytes:
    return (json.dumps(texts, ensure_ascii=False, indent=2) + "\n").encode()


def web_path(code: str) -> Path:
    return WEB / f"{code}.json"


def _comments(code: str) -> list[str]:
    """What the template says of the engine's message ``code`` to its translators, a line
    each (a line longer than the template's would come back as two)."""
    comments = [f"The engine's message {code!r}."]
    if code.startswith(HELP):
        comments += [
            "What a rule option means, shown beside it. The names of options and the values",
            "typed for them (full, aside, none, false ...) stay as they are.",
        ]
    return comments


def messages(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalogue says, less its dates: every message with its translation, files,
    comments and flags, in order (a template's translations are empty)."""
    return [
        (
            m.id,
            m.context,
            m.string or "",
            tuple(sorted({file for file, _line in m.locations})),
            tuple(m.auto_comments),
            tuple(m.user_comments),
            tuple(sorted(m.flags)),
        )
        for m in catalog
        if m.id
    ]


def po_bytes(catalog: Catalog) -> bytes:
    """A catalogue as a ``.po`` (or ``.pot``) file: file names without line numbers, so that
    moving code does not change it; messages no longer in the source are dropped."""
    out = io.BytesIO()
    write_po(out, catalog, include_lineno=False, ignore_obsolete=True, width=96)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """A catalogue compiled as the program reads it (fuzzy translations left out)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def template() -> Catalog:
    """:func:`extract`, dated as the committed template when its messages are the same."""
    fresh = extract()
    if TEMPLATE.exists():
        committed = read(TEMPLATE)
        if messages(committed) == messages(fresh):
            fresh.creation_date = committed.creation_date
    return fresh


def updated(code: str, pot: Catalog) -> Catalog:
    """The catalogue of ``code`` brought up to the template: new texts untranslated, changed
    ones fuzzy (Babel's guess from the old text, to be checked), gone ones dropped."""
    path = po_path(code)
    if path.exists():
        catalog = read(path, code)
    else:
        locale = Locale.parse(code)
        catalog = Catalog(
            locale=locale,
            project=PROJECT,
            version=__version__,
            copyright_holder=COPYRIGHT,
            charset="utf-8",
            fuzzy=False,
            revision_date=datetime.now().astimezone(),
            last_translator=COPYRIGHT,
            language_team=f"{locale.english_name} (chickenfoot)",
            header_comment=(
                f"# {locale.english_name} translations of chickenfoot.\n"
                "# docs/TRANSLATING.md tells how to add or update a translation."
            ),
        )
    catalog.update(pot)
    return catalog


def untranslated(catalog: Catalog) -> list[str]:
    """The texts a catalogue has no usable translation of (missing or fuzzy)."""
    missing = []
    for m in catalog:
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        if (
            m.fuzzy
            or not all(forms)
            or len(forms) != (catalog.num_plurals if m.pluralizable else 1)
        ):
            missing.append(m.id if isinstance(m.id, str) else m.id[0])
    return missing


def write(path: Path, data: bytes, check: bool, changed: list[Path]) -> None:
    """Write ``data`` to ``path`` unless it holds that already (``check``: only note it)."""
    if path.exists() and path.read_bytes() == data:
        return
    changed.append(path)
    if not check:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def run(steps: Iterable[str], check: bool = False) -> list[Path]:
    """Do the ``steps`` (extract, update, compile); the files changed (or that would be)."""
    changed: list[Path] = []
    steps = set(steps)
    if "extract" in steps:
        write(TEMPLATE, po_bytes(template()), check, changed)
    if "update" in steps:
        pot = template() if check else read(TEMPLATE)
        for code in TRANSLATED:
            catalog = updated(code, pot)
            write(po_path(code), po_bytes(catalog), check, changed)
            missing = untranslated(catalog)
            if missing:
                print(f"{code}: {len(missing)} texts to translate (or check: fuzzy)")
    if "compile" in steps:
        for code in TRANSLATED:
            if po_path(code).exists():
                catalog = read(po_path(code), code)
                write(mo_path(code), mo_bytes(catalog), check, changed)
                page = json_bytes(web_catalogue(catalog, web_english()))
                write(web_path(code), page, check, changed)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/i18n", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "step", nargs="?", choices=("extract", "update", "compile", "all"), default="all"
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if any file would change")
    args = parser.parse_args(argv)
    steps = ("extract", "update", "compile") if args.step == "all" else (args.step,)
    changed = run(steps, args.check)
    for path in changed:
        print(f"{'would change' if args.check else 'wrote'} {path.relative_to(ROOT)}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
