"""English left behind in a French or Japanese Ramen! Ramen! (issue 30).

The English sentences of the game's catalog and of the core's (the shell's, the server's,
the terminal's), cut at their placeholders, are what a reader of another language must not
meet: a piece found in what a page or the terminal shows means a sentence went untranslated.
Pieces the translation itself uses are no evidence (``Nori``, ``points`` in French), and the
proper nouns that are the same in every language are allowed, written out here
(:data:`SAME_IN_EVERY_LANGUAGE`). Used by the browser tests and the terminal tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from babel.messages.pofile import read_po

SRC = Path(__file__).parents[3] / "src/gametable"
CATALOGS = (SRC / "games/ramen_ramen/locale", SRC / "locale")
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\}")

SAME_IN_EVERY_LANGUAGE = frozenset(
    {
        # the game's name and the ingredients' Japanese names, kept by both rulebooks
        "Ramen! Ramen!",
        "Ramen",
        "Ajitama",
        "Chashu",
        "Kamaboko",
        "Menma",
        "Negi",
        "Nori",
        "Shiitake",
        # what the terminal's player types, and the notation's letters (help shows them)
        "help",
        "moves",
        "take",
        "hint",
        "board",
        "quit",
    }
)
"""Words the same in every language: proper nouns, and what a player types."""


def _forms(message: object) -> list[str]:
    if isinstance(message, tuple | list):
        return [str(m) for m in message]
    return [str(message)]


def english_pieces(lang: str, prefixes: Iterable[str] | None = None) -> tuple[set[str], set[str]]:
    """What of the catalogs' English a ``lang`` reader must not meet: the sentences' pieces
    (two words or more, eight letters or more) and their single words (four letters or
    more), leaving out what the ``lang`` translation uses too and the proper nouns."""
    pieces: set[str] = set()
    words: set[str] = set()
    translated_text = ""
    for folder in CATALOGS:
        with (folder / "messages.pot").open("rb") as f:
            english = [m for m in read_po(f) if m.context and m.id]
        with (folder / f"{lang}.po").open("rb") as f:
            translated_text += " ".join(
                " ".join(_forms(m.string)) for m in read_po(f, locale=lang) if m.context
            )
        for m in english:
            if prefixes is not None and not any(m.context.startswith(p) for p in prefixes):
                continue
            for form in _forms(m.id):
                for piece in PLACEHOLDER.split(form):
                    piece = piece.strip(" .,:;()·—–-…“”'\"\n")
                    if len(piece) >= 8 and " " in piece:
                        pieces.add(piece)
                    words.update(re.findall(r"[A-Za-z]{4,}", piece))
    translated_words = set(re.findall(r"[A-Za-z]{4,}", translated_text))
    pieces = {p for p in pieces if p not in translated_text}
    words = {w for w in words if w not in translated_words and w not in SAME_IN_EVERY_LANGUAGE}
    return pieces, words


def english_in(texts: Iterable[str], lang: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English of the catalogs found in ``texts`` (what a ``lang`` reader was shown),
    each with a little of its context; ``allowed``: other words the test knows are
    names (the players', the bots')."""
    pieces, words = english_pieces(lang)
    names = set(allowed)
    found = []
    for text in texts:
        for piece in pieces:
            at = text.find(piece)
            if at >= 0:
                found.append(f"{piece!r} in …{text[max(0, at - 30) : at + len(piece) + 30]}…")
        for match in re.finditer(r"(?<![A-Za-z])[A-Za-z]{4,}(?![A-Za-z])", text):
            word = match.group(0)
            if word in words and word not in names:
                start, end = max(0, match.start() - 30), match.end() + 30
                found.append(f"{word!r} in …{text[start:end]}…")
    return sorted(set(found))
