"""The web page's texts live in the one gettext catalogue: en.json gives their English under
keys, ``scripts/i18n extract`` puts each into the template with its key as ``msgctxt``, and
``compile`` writes every other language's page file from that language's ``.po``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from chickenfoot.i18n import LANGUAGES
from scripts import i18n as tool

TRANSLATED = [code for code in LANGUAGES if code != "en"]


def page(code: str) -> dict[str, str]:
    texts: dict[str, str] = json.loads(tool.web_path(code).read_text(encoding="utf-8"))
    return texts


def test_every_page_text_is_in_the_template_under_its_key() -> None:
    template = tool.read(tool.TEMPLATE)
    english = page("en")
    assert template.get(english["app.name"], "app.name") is not None
    for key, text in english.items():
        base, _, form = key.rpartition(".")
        if form in ("one", "other"):
            found = template.get(english[f"{base}.one"], base)
            assert found is not None, key
            assert found.id == (english[f"{base}.one"], english[f"{base}.other"])
        else:
            found = template.get(text, key)
            assert found is not None and found.id == text, key


def test_a_pair_of_one_and_other_is_one_message_with_a_plural() -> None:
    texts = tool.web_texts({"a.one": "{n} tile", "a.other": "{n} tiles", "b.one": "alone"})
    assert texts == {"a": ("{n} tile", "{n} tiles"), "b.one": "alone"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_s_page_file_is_its_catalogue_compiled(code: str) -> None:
    catalog = tool.read(tool.po_path(code), code)
    made = tool.json_bytes(tool.web_catalogue(catalog, tool.web_english()))
    assert tool.web_path(code).read_bytes() == made, "run scripts/i18n compile"


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_language_says_every_page_text(code: str) -> None:
    """Every key of en.json, a plural in every category the language's browser asks for."""
    translated = page(code)
    catalog = tool.read(tool.po_path(code), code)
    for key in page("en"):
        base, _, form = key.rpartition(".")
        if form in ("one", "other"):
            for category in tool.plural_keys(catalog):
                assert translated.get(f"{base}.{category}"), f"{base}.{category}"
        else:
            assert translated.get(key), key


def test_italian_plurals_follow_its_three_forms() -> None:
    """CLDR's Italian has "many" (a million, a billion ...), which gettext's third form says."""
    catalog = Catalog(locale="it")
    assert tool.plural_keys(catalog) == {"one": 0, "many": 1, "other": 2}
    catalog.add(
        ("{n} tile", "{n} tiles"), ("{n} tessera", "{n} milioni", "{n} tessere"), context="t"
    )
    english = {"t.one": "{n} tile", "t.other": "{n} tiles"}
    assert tool.web_catalogue(catalog, english) == {
        "t.one": "{n} tessera",
        "t.many": "{n} milioni",
        "t.other": "{n} tessere",
    }


def test_a_fuzzy_or_missing_translation_leaves_the_text_to_english() -> None:
    """Babel's guess for a changed text is marked fuzzy: the page must not show it."""
    catalog = Catalog(locale="nb")
    english = {"a": "Draw", "b": "Pass", "c": "Hint", "d.one": "{n} tile", "d.other": "{n} tiles"}
    catalog.add("Draw", "Trekk", context="a")
    catalog.add("Pass", "Stå over", context="b", flags=["fuzzy"])
    catalog.add(("{n} tile", "{n} tiles"), ("{n} brikke", ""), context="d")
    assert tool.web_catalogue(catalog, english) == {"a": "Trekk"}


def test_compile_check_finds_a_stale_page_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tool, "WEB", tmp_path)
    monkeypatch.setattr(tool, "WEB_SOURCE", tool.ROOT / tool.WEB_FILE)
    changed = tool.run(["compile"], check=True)
    assert sorted(path.name for path in changed) == sorted(f"{code}.json" for code in TRANSLATED)
    assert not list(tmp_path.iterdir())  # --check writes nothing
