"""The glossary of docs/TRANSLATING.md: every catalogue (the program's texts and the web
pages', one catalogue per language) says each game term with its language's word, in any of
the forms the glossary allows, and no catalogue uses a word the glossary rules out."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from chickenfoot.i18n import LANGUAGES
from scripts import i18n as tool

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "TRANSLATING.md"
TRANSLATED = [code for code in LANGUAGES if code != "en"]

SAME_IN_EVERY_LANGUAGE = [
    re.compile(r"(?<![^\s(\[])--?[a-z][\w-]*"),  # options of the command line: --seed, -o
    re.compile(r"\{[^{}]*\}"),  # placeholders
    re.compile(r"\w+_\w+"),  # names of options: centre_toes
    re.compile(r"(?<!\w)'[^']*'(?!\w)"),  # quoted: 'bot:'
    re.compile(r"«[^»]*»|”[^”]*”|“[^”]*”|`[^`]*`"),
]


def cleaned(text: str) -> str:
    """``text`` without what every language keeps as it is, its punctuation as spaces."""
    for pattern in SAME_IN_EVERY_LANGUAGE:
        text = pattern.sub(" ", text)
    return " ".join(re.sub(r"[^\w'*]+", " ", text).split())


def pattern_of(entry: str) -> re.Pattern[str]:
    """A word or phrase of a glossary cell: ``*`` at a word's end allows any ending, at its
    start any beginning; otherwise whole words, in any case. ``=`` before it: the whole text."""
    if entry.strip().startswith("="):
        return re.compile("^" + pattern_of(entry.strip()[1:]).pattern + "$", re.IGNORECASE)
    words = []
    for word in cleaned(entry).split():
        core = re.escape(word.strip("*"))
        head = r"\w*" if word.startswith("*") else r"(?<!\w)"
        tail = r"\w*" if word.endswith("*") else r"(?!\w)"
        words.append(head + core + tail)
    return re.compile(" ".join(words), re.IGNORECASE)


def patterns_of(cell: str) -> list[re.Pattern[str]]:
    """The entries of a cell, each written in backticks: `*brikk*`, `gå* ut`."""
    return [pattern_of(entry.strip().strip("`")) for entry in cell.split(",") if entry.strip()]


def without(text: str, phrases: list[re.Pattern[str]]) -> str:
    for phrase in phrases:
        text = phrase.sub(" | ", text)
    return text


def has(text: str, words: list[re.Pattern[str]]) -> bool:
    return any(word.search(text) for word in words)


def tables(markdown: str) -> dict[str, list[dict[str, str]]]:
    """Each ``###`` heading's table, as rows of ``{column: cell}``."""
    found: dict[str, list[dict[str, str]]] = {}
    heading = ""
    columns: list[str] = []
    for line in markdown.splitlines():
        if line.startswith("### "):
            heading, columns = line[4:].strip(), []
            continue
        if not heading or not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not columns:
            columns = cells
        elif not set(line) <= set("|- "):
            found.setdefault(heading, []).append(dict(zip(columns, cells, strict=True)))
    return found


@dataclass(frozen=True)
class Term:
    name: str
    english: list[re.Pattern[str]]
    other_senses: list[re.Pattern[str]]


@dataclass(frozen=True)
class Word:
    term: str
    word: str
    forms: list[re.Pattern[str]]


@dataclass(frozen=True)
class Ruled:
    shown: str
    words: list[re.Pattern[str]]
    allowed_in: list[re.Pattern[str]]
    instead: str


GLOSSARY = tables(GUIDE.read_text(encoding="utf-8"))
TERMS = [
    Term(row["term"], patterns_of(row["English in the text"]), patterns_of(row["except"]))
    for row in GLOSSARY["Glossary: English"]
]


def words(code: str) -> dict[str, Word]:
    return {
        row["term"]: Word(row["term"], row["word"], patterns_of(row["forms"]))
        for row in GLOSSARY[f"Glossary {code}"]
    }


def ruled_out(code: str) -> list[Ruled]:
    return [
        Ruled(
            row["not"].replace("`", ""),
            patterns_of(row["not"]),
            patterns_of(row["except"]),
            row["use instead"],
        )
        for row in GLOSSARY.get(f"Not to use {code}", [])
    ]


def pairs(message: Message) -> Iterator[tuple[str, str]]:
    """Each translated form with its English (the plural for every form after the first)."""
    english = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    for k, text in enumerate(strings):
        if text and "fuzzy" not in message.flags:
            yield english[min(k, len(english) - 1)], text


def missing_words(english: str, text: str, glossary: dict[str, Word]) -> list[str]:
    """The glossary's words that a translation of ``english`` lacks."""
    problems = []
    for term in TERMS:
        if not has(without(cleaned(english), term.other_senses), term.english):
            continue
        word = glossary[term.name]
        if not has(cleaned(text), word.forms):
            problems.append(f"{term.name} -> {word.word}")
    return problems


def words_not_to_use(text: str, rules: list[Ruled]) -> list[str]:
    said = cleaned(text)
    return [
        f"{rule.shown} -> {rule.instead}"
        for rule in rules
        if has(without(said, rule.allowed_in), rule.words)
    ]


def translated(code: str) -> Iterator[tuple[str, str]]:
    """Every text of ``code`` with its English (the web pages' texts among them)."""
    for message in tool.read(tool.po_path(code), code):
        if message.id:
            yield from pairs(message)


# -- the glossary itself --------------------------------------------------------------------


def test_the_glossary_has_the_terms_players_meet() -> None:
    names = {term.name for term in TERMS}
    assert {"tile", "double", "pips", "boneyard", "foot, chicken foot", "toe", "seed"} <= names
    assert {"spinner", "double header, triple header", "hint", "record", "total"} <= names
    assert all(term.english for term in TERMS)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_glossary_gives_each_term_a_word_and_a_source(code: str) -> None:
    rows = GLOSSARY[f"Glossary {code}"]
    assert [row["term"] for row in rows] == [term.name for term in TERMS]
    assert all(row["word"] and row["forms"] and row["source"] for row in rows)


def test_a_pattern_allows_endings_and_compounds_where_it_says() -> None:
    assert has("startdobbelen", patterns_of("*dobbel*"))
    assert not has("startdobbelen", patterns_of("dobbel*"))
    assert has("brikkene", patterns_of("brikk*")) and not has("brikkene", patterns_of("brikke"))
    assert has("gikk ut", patterns_of("gå* ut, gikk ut"))
    assert not has("gikk utover", patterns_of("gikk ut"))


def test_what_every_language_keeps_is_not_read_as_words() -> None:
    assert cleaned("--seed {seed} is too large: seeds are 0 to 2^63-1 ({most})") == (
        "is too large seeds are 0 to 2 63 1"
    )
    assert cleaned("option centre_toes: 'bot:' «legal:» the round's double") == (
        "option the round's double"
    )


def test_a_translation_without_the_glossary_word_is_found() -> None:
    norwegian = words("nb")
    assert missing_words("the boneyard is empty", "bunken er tom", norwegian) == [
        "boneyard -> reserven"
    ]
    assert missing_words("the boneyard is empty", "reserven er tom", norwegian) == []


def test_a_word_in_another_sense_asks_for_nothing() -> None:
    norwegian = words("nb")
    assert (
        missing_words("a tie on the lowest total is a draw", "lik sum er uavgjort", norwegian) == []
    )
    assert missing_words("players draw the match", "spillerne spiller uavgjort", norwegian) == []
    assert missing_words("play goes round the table", "spillet går rundt bordet", norwegian) == []


def test_a_whole_text_in_another_sense_asks_for_nothing() -> None:
    norwegian = words("nb")
    assert missing_words("tile", "velg", norwegian) == []  # the key that moves between tiles
    assert missing_words("the tile", "tingen", norwegian) == ["tile -> brikke"]


def test_a_word_not_to_use_is_found_unless_inside_an_allowed_phrase() -> None:
    italian = ruled_out("it")
    assert words_not_to_use("la zampa al centro", italian) == ["zampa, zampe -> zampa di gallina"]
    assert words_not_to_use("la zampa di gallina al centro", italian) == []
    assert words_not_to_use("--seed deve essere da 0", italian) == []


# -- the catalogues -------------------------------------------------------------------------


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_says_the_game_terms_with_the_glossary_words(code: str) -> None:
    glossary = words(code)
    problems = [
        f"{english!r} -> {text!r}: {', '.join(lacking)}"
        for english, text in translated(code)
        if (lacking := missing_words(english, text, glossary))
    ]
    assert not problems, f"{len(problems)} texts lack a glossary word:\n" + "\n".join(problems)


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_uses_a_word_the_glossary_rules_out(code: str) -> None:
    rules = ruled_out(code)
    assert rules
    problems = [
        f"{text!r}: {', '.join(found)}"
        for _english, text in translated(code)
        if (found := words_not_to_use(text, rules))
    ]
    assert not problems, f"{len(problems)} texts use a word ruled out:\n" + "\n".join(problems)
