"""The rules inside the game: each game's rules, in every language, as sections a front end
shows (the browser's "?" at the section for the current phase, the lobby's rules page,
``gametable rules GAME`` in the terminal).

A game keeps its rules as one Markdown file per language beside its code,
``rules/<language>.md`` (``en.md`` first; a translation has the same sections, in the same
order, with the same examples). A section starts with a level-2 heading that names it::

    ## The turn {#turn}

Its id (``turn``) is the same in every language: front ends open a section by id
(:meth:`~gametable.core.game.Game.rules_section` names the one for a view). Inside a
section, ordinary Markdown (paragraphs, lists, tables, emphasis), and examples drawn with
the game's own cards: a fenced block whose info string is ``example``, holding JSON that
the game's table (browser) or text UI (terminal) draws — what the JSON says is the game's
business (cards by the names its views use, a caption in the file's language)::

    ```example
    {"bowl": ["N4", "C3", "G6"], "caption": "Three ingredients: 2 points."}
    ```
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_HEADING = re.compile(r"^##\s+(.*?)\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$")
_FENCE = re.compile(r"^```\s*example\s*$")


@dataclass(frozen=True)
class Block:
    """A piece of a section: Markdown ``text``, or an ``example`` (JSON data) to draw."""

    kind: str
    text: str = ""
    example: Any = None

    def to_json(self) -> dict[str, Any]:
        if self.kind == "example":
            return {"kind": "example", "example": self.example}
        return {"kind": "text", "text": self.text}


@dataclass(frozen=True)
class Section:
    """One section of a game's rules."""

    id: str
    title: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "blocks": [b.to_json() for b in self.blocks]}

    def examples(self) -> list[Any]:
        return [b.example for b in self.blocks if b.kind == "example"]


class RulesError(ValueError):
    """A rules file that does not follow the format (the message says where)."""


def parse_rules(text: str, source: str = "rules") -> list[Section]:
    """The sections of a rules file (:class:`RulesError` if it breaks the format)."""
    sections: list[Section] = []
    current: tuple[str, str] | None = None
    blocks: list[Block] = []
    prose: list[str] = []
    in_example: list[str] | None = None
    example_line = 0

    def flush_prose() -> None:
        body = "\n".join(prose).strip()
        if body:
            blocks.append(Block("text", text=body))
        prose.clear()

    def close_section() -> None:
        if current is not None:
            flush_prose()
            sections.append(Section(current[1], current[0], tuple(blocks)))
        blocks.clear()

    for number, line in enumerate(text.splitlines(), 1):
        if in_example is not None:
            if line.strip() == "```":
                try:
                    data = json.loads("\n".join(in_example))
                except ValueError as exc:
                    raise RulesError(
                        f"{source}:{example_line}: an example is not JSON: {exc}"
                    ) from None
                blocks.append(Block("example", example=data))
                in_example = None
            else:
                in_example.append(line)
            continue
        heading = _HEADING.match(line)
        if heading:
            close_section()
            current = (heading.group(1), heading.group(2))
            continue
        if line.startswith("## "):
            raise RulesError(f"{source}:{number}: a section heading needs its id: ## Title {{#id}}")
        if _FENCE.match(line):
            if current is None:
                raise RulesError(f"{source}:{number}: an example before the first section")
            flush_prose()
            in_example = []
            example_line = number
            continue
        if current is None:
            if line.strip() and not line.startswith("# "):
                raise RulesError(f"{source}:{number}: text before the first section")
            continue
        prose.append(line)
    if in_example is not None:
        raise RulesError(f"{source}:{example_line}: an example is never closed")
    close_section()
    ids = [s.id for s in sections]
    if len(set(ids)) != len(ids):
        raise RulesError(f"{source}: a section id is used twice")
    return sections


def load_rules(folder: Path, locale: str) -> tuple[str, list[Section]]:
    """The rules in ``locale`` from ``folder`` (``<locale>.md``), else in English; returns
    the language found and the sections."""
    for language in (locale, "en"):
        path = folder / f"{language}.md"
        if path.is_file():
            return language, parse_rules(path.read_text(encoding="utf-8"), str(path))
    raise FileNotFoundError(f"no rules in {folder}")
