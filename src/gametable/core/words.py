"""Words: every sentence a person reads, as a message id with parameters.

Code never writes a sentence. It builds a :class:`Msg` — an id such as
``"ramen_ramen.event.play"`` and named parameters — and a front end renders it in the
reader's language with :func:`render`. The sentences themselves live in gettext catalogs
(``locale/messages.pot`` beside the code that uses them: the core's, and one per game,
found through :meth:`gametable.core.game.Game.locale_dir`): the message id is the entry's
``msgctxt``, the English sentence its ``msgid`` (and ``msgid_plural``), and a translation
(``locale/fr.po``, ``locale/ja.po``) its ``msgstr``. So translating replaces the words, never
the code. See ``docs/i18n.md``.

Templates name their parameters in braces: ``"{who} put {card} into bowl {bowl}"``
(``{{`` and ``}}`` for a brace). A parameter is rendered by its type:

- a :class:`Msg`: rendered in the same language (a card's name, a list of tiles …);
- a :class:`Seat`: that seat's name as the front end calls it (``names``), or the
  ``core.you`` message for the reader's own seat — a game that says "you" differently
  from a name (French: "Vous avez…" / "Ana a…") uses two message ids instead;
- a list or tuple: its items rendered and joined as the language joins lists ("a, b and
  c");
- an ``int``: written as the language writes numbers; anything else: ``str(value)``.

A message whose entry has a plural form chooses it by its ``count`` parameter, by the
language's plural rule.

>>> render(Msg("core.seat", number=2))
'Seat 2'
>>> render(Msg("core.hint", move=Msg("core.seat", number=1)))
'Hint: Seat 1'
"""

from __future__ import annotations

import functools
import gettext
import re
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from gametable.core.values import Action, Result, View

DEFAULT_LOCALE = "en"

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")


class Msg:
    """A sentence (or a phrase) to be rendered: a message id and its parameters.

    Immutable and comparable; :meth:`to_json` / :meth:`from_json` carry it through JSON
    (server events, frames) for a front end that renders it later.
    """

    __slots__ = ("id", "params")

    id: str
    params: Mapping[str, Any]

    def __init__(self, id: str, /, **params: Any) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "params", params)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Msg is immutable")

    def __repr__(self) -> str:
        inner = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"Msg({self.id!r}{inner})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and self.id == other.id and self.params == other.params

    def __hash__(self) -> int:
        return hash(self.id)

    def __str__(self) -> str:
        return render(self)

    def to_json(self) -> dict[str, Any]:
        """``{"id": …, "params": {…}}`` with every parameter as JSON (see :func:`param_json`)."""
        return {"id": self.id, "params": {k: param_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Msg:
        """A message read back from :meth:`to_json` (``ValueError`` if malformed)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
            raise ValueError("a message is {'id': …, 'params': {…}}")
        params = data.get("params") or {}
        if not isinstance(params, Mapping):
            raise ValueError("a message's params must be an object")
        return cls(data["id"], **{str(k): param_from_json(v) for k, v in params.items()})


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat as a parameter: rendered as its name, or as "you" for the reader's seat."""

    seat: int


def param_json(value: Any) -> Any:
    """A parameter as JSON: messages and seats as tagged objects, lists item by item."""
    if isinstance(value, Msg):
        return {"msg": value.to_json()}
    if isinstance(value, Seat):
        return {"seat": value.seat}
    if isinstance(value, list | tuple):
        return [param_json(v) for v in value]
    return value


def param_from_json(data: Any) -> Any:
    if isinstance(data, dict):
        if "msg" in data:
            return Msg.from_json(data["msg"])
        if "seat" in data and isinstance(data["seat"], int):
            return Seat(data["seat"])
        raise ValueError("a message parameter object is {'msg': …} or {'seat': n}")
    if isinstance(data, list):
        return [param_from_json(v) for v in data]
    return data


# -- catalogs --------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One message of a catalog: its forms (one, or one per plural category)."""

    forms: tuple[str, ...]


class Catalog:
    """Every message of one language, from the catalogs of the core and of each game."""

    def __init__(self, locale: str, entries: Mapping[str, Entry], plural: Callable[[int], int]):
        self.locale = locale
        self.entries = dict(entries)
        self.plural = plural
        self.plural_forms: tuple[int, str] | None = None
        """The number of forms and the gettext rule ``plural`` follows (for a browser)."""

    def template(self, msg_id: str, count: Any = None) -> str | None:
        entry = self.entries.get(msg_id)
        if entry is None:
            return None
        if len(entry.forms) == 1 or not isinstance(count, int):
            return entry.forms[0]
        index = self.plural(count)
        return entry.forms[min(max(index, 0), len(entry.forms) - 1)]


_FOLDERS: list[Path] = [Path(str(resources.files("gametable"))) / "locale"]


def register_catalogs(folder: Path) -> None:
    """Add a folder of catalogs (``messages.pot`` and translations): every game's is added
    when its :class:`~gametable.core.game.Game` class is defined (its package's ``locale``)."""
    with _LOCK:
        if folder not in _FOLDERS:
            _FOLDERS.append(folder)
            _CACHE.clear()


def catalog_dirs() -> list[Path]:
    """Every folder of catalogs: the core's, then each game's."""
    return [d for d in _FOLDERS if d.is_dir()]


def available_locales() -> list[str]:
    """The languages there are catalogs for: English (the source) and every language with
    a translation of the core's catalog (``locale/<language>.po``)."""
    core = Path(str(resources.files("gametable"))) / "locale"
    found = sorted(p.stem for p in core.glob("*.po")) if core.is_dir() else []
    return [DEFAULT_LOCALE, *[f for f in found if f != DEFAULT_LOCALE]]


def best_locale(wanted: Iterable[str]) -> str:
    """The first of ``wanted`` (language tags, most wanted first: ``fr-CA``, ``ja``) there
    are catalogs for, by its language (``fr-CA`` gets ``fr``); else English."""
    available = available_locales()
    for tag in wanted:
        language = tag.replace("_", "-").split("-")[0].strip().lower()
        if language in available:
            return language
    return DEFAULT_LOCALE


_CACHE: dict[str, Catalog] = {}
_LOCK = threading.Lock()


def _read(path: Path, locale: str | None) -> Iterable[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    """(context, source forms, translated forms) of every entry of a .po/.pot file."""
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        po = read_po(f, locale=locale)
    for message in po:
        if not message.id or not message.context:
            continue
        source = _forms(message.id)
        translated = () if message.fuzzy else _forms(message.string)
        if not all(translated):
            translated = ()
        yield message.context, source, translated


def _forms(value: object) -> tuple[str, ...]:
    """A catalog entry's text as its forms (one, or one per plural category)."""
    if isinstance(value, tuple | list):
        return tuple(str(v) for v in value)
    return (value,) if isinstance(value, str) and value else ()


def plural_forms(locale: str) -> tuple[int, str]:
    """The number of plural forms of ``locale`` and its gettext rule (a C expression of
    ``n`` giving a form's index): the ``Plural-Forms`` of the core's ``<locale>.po``, whose
    forms every translation of that language follows; Babel's rule for the language when
    there is no such file (English)."""
    from babel.messages.plurals import get_plural

    translation = Path(str(resources.files("gametable"))) / "locale" / f"{locale}.po"
    if locale != DEFAULT_LOCALE and translation.is_file():
        from babel.messages.pofile import read_po

        with translation.open("rb") as f:
            po = read_po(f, locale=locale)
        return po.num_plurals, po.plural_expr
    rule = get_plural(locale)
    return rule.num_plurals, rule.plural_expr


def load_catalog(locale: str = DEFAULT_LOCALE) -> Catalog:
    """The catalog of ``locale`` (cached): the English sentences of every ``messages.pot``,
    replaced by their translation in ``<locale>.po`` where it has one."""
    with _LOCK:
        cached = _CACHE.get(locale)
        if cached is not None:
            return cached
        entries: dict[str, Entry] = {}
        for folder in catalog_dirs():
            source = folder / "messages.pot"
            if source.is_file():
                for context, forms, _ in _read(source, None):
                    entries[context] = Entry(forms)
            translation = folder / f"{locale}.po"
            if locale != DEFAULT_LOCALE and translation.is_file():
                for context, _, forms in _read(translation, locale):
                    if forms:
                        entries[context] = Entry(forms)
        rule = plural_forms(locale)
        catalog = Catalog(locale, entries, gettext.c2py(rule[1]))
        catalog.plural_forms = rule
        _CACHE[locale] = catalog
        return catalog


def catalog_json(locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """The catalog of ``locale`` for a browser: every message's forms by id, and the
    language's gettext plural rule (the index of the form for a ``count``), so that the
    page renders exactly what :func:`render` would (``web/static/js/i18n.js``)."""
    catalog = load_catalog(locale)
    count, expression = catalog.plural_forms or plural_forms(locale)
    return {
        "lang": locale,
        "available": available_locales(),
        "plural": {"count": count, "expression": expression},
        "messages": {
            key: entry.forms[0] if len(entry.forms) == 1 else list(entry.forms)
            for key, entry in sorted(catalog.entries.items())
        },
    }


def forget_catalogs() -> None:
    """Drop the cached catalogs (after a catalog file changed; for tests and tools)."""
    with _LOCK:
        _CACHE.clear()


# -- rendering -------------------------------------------------------------------------


def render(
    msg: Msg | str,
    *,
    locale: str = DEFAULT_LOCALE,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
) -> str:
    """``msg`` as a sentence in ``locale``: ``names`` are the seats' names as the front end
    shows them (``Seat 0``… when not given), ``viewer`` the reader's own seat (``None``: a
    spectator). A message missing from the catalogs renders as its id (tests forbid that)."""
    if isinstance(msg, str):
        return msg
    return _Renderer(load_catalog(locale), names, viewer).msg(msg)


class _Renderer:
    def __init__(self, catalog: Catalog, names: Sequence[str] | None, viewer: int | None):
        self.catalog = catalog
        self.names = names
        self.viewer = viewer

    def msg(self, msg: Msg) -> str:
        template = self.catalog.template(msg.id, msg.params.get("count"))
        if template is None:
            return msg.id
        params = msg.params
        out: list[str] = []
        for literal, name in _pieces(template):
            out.append(literal)
            if name is not None:
                out.append(self.param(params[name]) if name in params else "{" + name + "}")
        return "".join(out)

    def param(self, value: Any) -> str:
        if isinstance(value, Msg):
            return self.msg(value)
        if isinstance(value, Seat):
            if value.seat == self.viewer:
                return self.msg(Msg("core.you"))
            if self.names is not None and 0 <= value.seat < len(self.names):
                return self.names[value.seat]
            return self.msg(Msg("core.seat", number=value.seat))
        if isinstance(value, list | tuple):
            return self.join([self.param(v) for v in value])
        if isinstance(value, bool):
            return str(value)
        if isinstance(value, int):
            return _whole_number(value, self.catalog.locale)
        return str(value)

    def join(self, items: list[str]) -> str:
        return _joined(tuple(items), self.catalog.locale) if items else ""


# Rendering runs for every frame a server sends (the story, the legal list, in each reader's
# language): the templates' pieces, the numbers and the lists are computed once each.


@functools.lru_cache(maxsize=8192)
def _pieces(template: str) -> tuple[tuple[str, str | None], ...]:
    """A template cut into ``(text, placeholder name or None)`` pieces, ``{{``/``}}`` read
    as braces."""
    out: list[tuple[str, str | None]] = []
    literal: list[str] = []
    at = 0
    for match in _PLACEHOLDER.finditer(template):
        literal.append(template[at : match.start()])
        at = match.end()
        whole = match.group(0)
        if whole in ("{{", "}}"):
            literal.append(whole[0])
            continue
        out.append(("".join(literal), match.group(1)))
        literal = []
    literal.append(template[at:])
    out.append(("".join(literal), None))
    return tuple(out)


@functools.lru_cache(maxsize=8192)
def _whole_number(value: int, locale: str) -> str:
    """A whole number as ``locale`` writes it (1,000 / 1 000)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=locale))


@functools.lru_cache(maxsize=8192)
def _joined(items: tuple[str, ...], locale: str) -> str:
    """Items as ``locale`` joins a list ("a, b and c", "a、b、c")."""
    from babel.lists import format_list

    return str(format_list(list(items), locale=locale))


# -- what a game says ------------------------------------------------------------------


class GameWords(Protocol):
    """The one place per game that turns its decisions, events and results into words.

    Front ends (the terminal, the server and its browser tables, analysis, lessons) call
    these and render the messages in the reader's language; none writes a sentence about
    the game itself.
    """

    def decision(self, action: Action, view: View) -> Msg:
        """What ``action`` does, said to the seat whose ``view`` it is — as a move to make
        ("Put Nori 4 into bowl 1 and Menma 2 into bowl 3"), for lists of moves and hints."""
        ...

    def event(self, event: Mapping[str, Any], viewer: int | None) -> Msg | None:
        """What happened, from an event of a view's ``history`` (:mod:`gametable.core.events`),
        told to ``viewer``; ``None`` for an event with nothing to tell."""
        ...

    def result(self, result: Result, players: int, viewer: int | None) -> Sequence[Msg]:
        """The end of the game in a few lines: who won, how, and the tie-break that
        decided, for ``viewer``."""
        ...


# -- telling a game: what front ends show, in one place ----------------------------------


def render_tree(value: Any, **how: Any) -> Any:
    """``value`` (JSON-like data) with every :class:`Msg` in it rendered to text (``how``:
    :func:`render`'s ``locale``, ``names`` and ``viewer``) — a game's components, say."""
    if isinstance(value, Msg):
        return render(value, **how)
    if isinstance(value, Mapping):
        return {k: render_tree(v, **how) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [render_tree(v, **how) for v in value]
    return value


def tell_legal(
    game: Any,
    view: View,
    legal: Sequence[Action],
    *,
    locale: str = DEFAULT_LOCALE,
    names: Sequence[str] | None = None,
) -> list[str]:
    """Each legal decision of the seat whose ``view`` it is, in words (for a list of moves)."""
    words = game.words
    viewer = view.get("seat")
    return [
        render(words.decision(a, view), locale=locale, names=names, viewer=viewer) for a in legal
    ]


def tell_history(
    game: Any,
    view: View,
    *,
    locale: str = DEFAULT_LOCALE,
    names: Sequence[str] | None = None,
    start: int = 0,
) -> list[dict[str, Any]]:
    """The story of the game as the seat whose ``view`` it is knows it: one entry per event
    of the view's ``history`` from ``start`` that has something to tell — ``{"index",
    "turn", "seat", "kind", "text"}``, oldest first (front ends group them by turn)."""
    words = game.words
    viewer = view.get("seat")
    out: list[dict[str, Any]] = []
    history = view.get("history") or []
    for index in range(start, len(history)):
        event = history[index]
        msg = words.event(event, viewer)
        if msg is None:
            continue
        out.append(
            {
                "index": index,
                "turn": event.get("turn"),
                "seat": event.get("seat"),
                "kind": event.get("kind"),
                "text": render(msg, locale=locale, names=names, viewer=viewer),
            }
        )
    return out


def tell_result(
    game: Any,
    result: Result,
    players: int,
    *,
    viewer: int | None = None,
    locale: str = DEFAULT_LOCALE,
    names: Sequence[str] | None = None,
) -> list[str]:
    """The end of the game in a few lines, for ``viewer``."""
    return [
        render(m, locale=locale, names=names, viewer=viewer)
        for m in game.words.result(result, players, viewer)
    ]


def hint_message(game: Any, action: Action, view: View) -> Msg:
    """A hint in words: ``core.hint`` with the move as the game says it to the seat."""
    return Msg("core.hint", move=game.words.decision(action, view))
