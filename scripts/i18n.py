"""Bring the translations up to date with the source (docs/TRANSLATING.md tells the whole
way): extract every player's text into the template, update each language's catalogue from
it, and compile the catalogues that the program reads.

    scripts/i18n              # all three steps (same as: .venv/bin/python -m scripts.i18n)
    scripts/i18n extract      # src/chickenfoot -> src/chickenfoot/locale/chickenfoot.pot
    scripts/i18n update       # chickenfoot.pot -> locale/<code>/LC_MESSAGES/chickenfoot.po
    scripts/i18n compile      # every chickenfoot.po -> chickenfoot.mo beside it
    scripts/i18n --check      # change nothing; exit 1 if any file would change

The texts are the string literals of ``_()``, ``N_()`` and ``ngettext()`` calls in
src/chickenfoot (Babel's Python extractor), and every template of the engine's
``chickenfoot.core.messages.ENGLISH``, which the front ends look up by their English text.
A file is written only when its messages change, so running this twice changes nothing.
"""

from __future__ import annotations

import argparse
import io
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
    return catalog


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
                write(mo_path(code), mo_bytes(read(po_path(code), code)), check, changed)
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
