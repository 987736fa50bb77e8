"""The shell's words all come from the catalog: every message id the browser's shell uses
(``web/static``) is an entry of the core's ``messages.pot`` with a translator comment, and
every ``web.*`` entry is used. (No browser needed: the files are read.)"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from babel.messages.pofile import read_po

STATIC = Path(str(resources.files("gametable"))) / "web" / "static"
POT = Path(str(resources.files("gametable"))) / "locale" / "messages.pot"

# "web.table.hint" in the code; "web.lobby.blurb.${…}" builds one id per game.
LITERAL = re.compile(r"""["'`](web\.[A-Za-z0-9_.]+[A-Za-z0-9_])["'`]""")
TEMPLATE = re.compile(r"`(web\.[A-Za-z0-9_.]+\.)\$\{")


def shell_sources() -> dict[Path, str]:
    files = [*sorted(STATIC.glob("js/*.js")), STATIC / "index.html"]
    return {f: f.read_text(encoding="utf-8") for f in files}


def web_entries() -> dict[str, object]:
    with POT.open("rb") as f:
        return {m.context: m for m in read_po(f) if m.context and m.context.startswith("web.")}


def test_every_id_the_shell_uses_is_in_the_catalog_with_a_comment() -> None:
    entries = web_entries()
    used = {i for text in shell_sources().values() for i in LITERAL.findall(text)}
    assert len(used) > 150
    missing = sorted(used - entries.keys())
    assert not missing, f"ids used in web/static but not in messages.pot: {missing}"
    bare = sorted(k for k, m in entries.items() if not m.auto_comments)  # type: ignore[attr-defined]
    assert not bare, f"web.* entries without a '#.' translator comment: {bare}"


def test_every_web_entry_is_used_by_the_shell() -> None:
    sources = shell_sources().values()
    used = {i for text in sources for i in LITERAL.findall(text)}
    prefixes = {p for text in sources for p in TEMPLATE.findall(text)}
    assert "web.lobby.blurb." in prefixes
    unused = sorted(
        k for k in web_entries() if k not in used and not any(k.startswith(p) for p in prefixes)
    )
    assert not unused, f"web.* entries no page uses (remove them or use them): {unused}"


def test_the_shell_writes_no_sentence_of_its_own() -> None:
    """Text between tags in the templates is a placeholder or a symbol, never words: a
    sentence of the shell is a message id (the boot page's <noscript> note and the site's
    name excepted)."""
    words = re.compile(r"(?<![=\-])>\s*([A-Za-z][a-z]{2,}(?:[ ,'][A-Za-z]+)*)[^<]*<")
    found = []
    for path, text in shell_sources().items():
        if path.name == "index.html":
            text = re.sub(r"<noscript>.*?</noscript>", "", text, flags=re.S)
            text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
        for line_no, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith(("//", "*", "/*")):
                continue
            for match in words.finditer(line):
                if match.group(1) == "gametable":  # the site's name, in every language
                    continue
                found.append(f"{path.name}:{line_no}: {match.group(1)!r}")
    assert not found, "words written in the shell's templates:\n" + "\n".join(found)
