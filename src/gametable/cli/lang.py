"""Which language the ``gametable`` command speaks, and its words in that language.

The language is decided once per run, before any help text or error is written: from
``--lang`` wherever it is on the command line (``gametable play … --lang fr``), else from
the locale's environment — the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is
set, as POSIX reads them (``fr_FR.UTF-8`` → ``fr``; ``C`` and ``POSIX`` → English). A
language there are no catalogs for falls back to the nearest there is (``fr-CA`` → ``fr``),
else to English: a ``--lang`` nobody translated is said once on stderr, a locale from the
environment is not (a system in German still gets gametable in English, without a note on
every command).

Every sentence the command prints is a message of the core's catalog (``cli.*``), rendered
here with :func:`say`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from gametable.core.words import DEFAULT_LOCALE, Msg, available_locales, best_locale, render

ENVIRONMENT = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the locale, strongest first (POSIX)."""

_state = {"locale": DEFAULT_LOCALE}


def requested_language(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` on a command line (the last one given), or ``None``.

    Read before the command line is parsed, so that help texts and usage errors are in the
    language too; nothing after ``--`` counts."""
    found: str | None = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg == "--lang":
            if i + 1 >= len(args):
                break
            found = args[i + 1]
            i += 2
            continue
        if arg.startswith("--lang="):
            found = arg[len("--lang=") :]
        i += 1
    return found


def environment_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The locale the environment names (``fr_FR.UTF-8``), or ``None`` if none is set."""
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = env.get(name)
        if value:
            return value
    return None


def _tag(value: str) -> str:
    """``fr_FR.UTF-8`` or ``ja_JP@cjk`` as a language tag (``fr_FR``, ``ja_JP``)."""
    return value.split(".")[0].split("@")[0].strip()


def choose_language(
    requested: str | None, environ: Mapping[str, str] | None = None
) -> tuple[str, str | None]:
    """The language to speak, and the ``--lang`` value there are no catalogs for (to say
    so), if that is what was asked for."""
    if requested is not None and requested.strip():
        tag = _tag(requested)
        found = best_locale([tag])
        asked = tag.replace("_", "-").split("-")[0].lower()
        if found == DEFAULT_LOCALE and asked != DEFAULT_LOCALE:
            return DEFAULT_LOCALE, requested
        return found, None
    value = environment_language(environ)
    if value is None or _tag(value).upper() in ("C", "POSIX", ""):
        return DEFAULT_LOCALE, None
    return best_locale([_tag(value)]), None


def set_locale(locale: str) -> None:
    """Make ``locale`` the language of this run (the ``gametable`` group does it first)."""
    _state["locale"] = locale


def current_locale() -> str:
    """The language of this run (English until :func:`set_locale`)."""
    return _state["locale"]


def say(msg_id: str, /, **params: Any) -> str:
    """The message ``msg_id`` of the catalog, in this run's language."""
    return render(Msg(msg_id, **params), locale=current_locale())


def text(msg: Msg | str) -> str:
    """A message (or text already in words) in this run's language."""
    return render(msg, locale=current_locale())


def languages() -> list[str]:
    """The languages there are catalogs for (``en``, ``fr``, ``ja``)."""
    return available_locales()


def known(msg_id: str) -> bool:
    """Whether the catalogs hold the message ``msg_id`` (a game may not have written it)."""
    from gametable.core.words import load_catalog

    return msg_id in load_catalog(current_locale()).entries


def number(value: float, decimals: int = 0) -> str:
    """``value`` written as the run's language writes numbers, with ``decimals`` digits
    after the point (1,234.5 / 1 234,5)."""
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return str(format_decimal(value, pattern, locale=current_locale()))


def short_number(value: float) -> str:
    """``value`` as the language writes it, with as few decimals as it needs (3, 2.5)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, "#,##0.###", locale=current_locale()))


def language_name(locale: str) -> str:
    """A language's name in the run's language (``français``, ``フランス語``)."""
    from babel.core import Locale

    return str(Locale.parse(locale).get_display_name(current_locale()) or locale)


def either(items: Sequence[str]) -> str:
    """``a, b or c`` as the run's language writes a choice."""
    from babel.lists import format_list

    return str(format_list(list(items), style="or", locale=current_locale())) if items else ""


def listed(items: Sequence[str]) -> str:
    """Names or values one after the other (``greedy, random``; ``greedy、random``): typed
    things, not a sentence's list (no "and")."""
    return say("cli.list.separator").join(items)
