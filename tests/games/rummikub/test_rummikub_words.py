"""Rummikub in words (issue 29): the decisions, the story, the refusals and the end are told
from message ids of the game's catalog, tiles said as "red 7", a run as its range, a group
by its number and the colour it lacks — and no notation reaches a player who did not type
it."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rummikub_helpers import play, position, table

from gametable import conformance as kit
from gametable.agents.base import make_agent
from gametable.core.errors import IllegalAction, NotationError
from gametable.core.rng import Rng
from gametable.core.words import (
    Msg,
    Seat,
    load_catalog,
    render,
    tell_history,
    tell_legal,
    tell_result,
)
from gametable.games.rummikub import DRAW, GAME, PASS, TIMEOUT, Play, score_game

sys.path.insert(0, str(Path(__file__).parent.parent.parent / "support"))

from notation_scan import notation_leaks, play_in_terminal

PACKAGE = Path(GAME.locale_dir() or "").parent
CATALOG = PACKAGE / "locale" / "messages.pot"
NAMES = ["Ana", "greedy"]


def told(state, viewer, names=NAMES):
    return [e["text"] for e in tell_history(GAME, state.view(viewer), names=names)]


def last_told(state, viewer, names=NAMES):
    return told(state, viewer, names)[-1]


# -- the catalog ---------------------------------------------------------------------------


def catalog_entries():
    with CATALOG.open("rb") as f:
        return [m for m in read_po(f) if m.id]


def test_every_message_has_its_translator_comment_and_an_id_of_the_game():
    entries = catalog_entries()
    assert len(entries) > 100
    for message in entries:
        assert message.context and message.context.startswith("rummikub."), message.id
        assert message.auto_comments, f"{message.context} has no '#.' comment"


def test_every_message_the_code_names_is_in_the_catalog_and_every_entry_is_used():
    """Ids are written out in the code (``Msg("rummikub.event.lay")``) or built from a few
    known parts (``Msg(f"rummikub.event.{story}{mine}")``): each literal id is in the
    catalog, and each catalog entry is one the code can name."""
    source = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
    literal = set(re.findall(r'Msg\(\s*"(rummikub\.[a-z0-9_.]+)"', source))
    built = [
        re.compile(re.sub(r"\\\{[^}]*\\\}", "[a-z0-9_.]*", re.escape(pattern)) + "$")
        for pattern in re.findall(r'Msg\(\s*f"(rummikub\.[^"]+)"', source)
    ]
    ids = {m.context for m in catalog_entries()}
    assert literal <= ids, sorted(literal - ids)
    options = set()  # the options' words, which the core names (Game.option_words)
    for spec in GAME.option_specs:
        label, help_text = GAME.option_words(spec)
        options |= {label.id, help_text.id}
        options |= {f"{label.id}.{choice}" for choice in spec.choices}
    assert options <= ids, sorted(options - ids)
    # The browser table's words: every id it names is written out in its scripts
    # (t("rummikub.web.undo"), or one of two ids in a condition).
    script = "\n".join(p.read_text() for p in (PACKAGE / "web").glob("*.js"))
    web = set(re.findall(r'"(rummikub\.[a-z0-9_]+(?:\.[a-z0-9_]+)+)"', script))
    assert web <= ids, sorted(web - ids)
    # The bots' names and what they do, and how each player count plays, which the core
    # names (<prefix>.bot.<name>, <prefix>.bot.<name>.help, <prefix>.mode.<players>).
    core = {f"rummikub.bot.{name}" for name in GAME.bots}
    core |= {f"rummikub.bot.{name}.help" for name in GAME.bots}
    core |= {f"rummikub.mode.{players}" for players in GAME.modes}
    core.add(GAME.title_words.id)  # the game's name (rummikub.title)
    assert core <= ids, sorted(core - ids)
    named = literal | options | web | core
    unused = [i for i in ids if i not in named and not any(p.match(i) for p in built)]
    assert not unused, unused


def check_msg(msg: Msg) -> None:
    """The message and every message in its parameters are in the catalog, with a
    parameter for each placeholder of each form."""
    entry = load_catalog().entries.get(msg.id)
    assert entry is not None, f"{msg.id} is not in the catalog"
    for form in entry.forms:
        for name in re.findall(r"\{([A-Za-z_]+)\}", form):
            assert name in msg.params, f"{msg.id} lacks the parameter {name}"
    for value in msg.params.values():
        for item in value if isinstance(value, list | tuple) else [value]:
            if isinstance(item, Msg):
                check_msg(item)


# -- tiles and sets -------------------------------------------------------------------------


def test_tiles_and_sets_in_words():
    s = position("K4 K5 K6 K7 | K8 R8 B8 | R3 J=R4 R5 | K2 R2 B2 O2 | K9 J=R9 B9", ["R1", "B1"])
    shown = kit.render_text(GAME.ui.render_view(s.view(0)), width=120)
    for words in (
        "black 4–7",
        "three 8s without orange",
        "red 3–5 (joker as 4)",
        "four 2s",
        "three 9s without orange (joker as red)",
    ):
        assert words in shown


def test_a_play_is_told_by_what_it_did_to_the_table():
    s = position("B4 B5 B6 | K8 R8 B8", ["B3 O8 R7 R8 R9 K1", "K2 K3 K4 K5 K6 K7 O9 R13"])
    play(s, "B3 B4 B5 B6 | K8 R8 B8 O8 | R7 R8 R9")
    assert last_told(s, 1) == (
        "Ana laid red 7–9 and added orange 8 to three 8s without orange and blue 3 to blue "
        "4–6."
    )
    assert last_told(s, 0) == (
        "You laid red 7–9 and added orange 8 to three 8s without orange and blue 3 to blue "
        "4–6."
    )
    play(s, "K2 K3 K4 K5 K6 K7")
    assert last_told(s, 0) == "greedy laid 6 tiles: black 2–7."


def test_a_rework_names_the_sets_taken_apart_and_what_they_became():
    s = position("R3 R4 R5 R6 R7 R8", ["R6 K1", "B1"])
    play(s, "s1 R3 R4 R5 R6 | R6 R7 R8")
    assert last_told(s, 1) == "Ana laid 1 tile (red 6), reworking red 3–8 into red 3–6 and red 6–8."


def test_the_initial_meld_is_told_with_its_total():
    s = position("", ["K8 R8 B8 O4 O5 O6 O7 K1", "B1"], melded=[False, False])
    play(s, "K8 R8 B8 | O4 O5 O6 O7")
    assert last_told(s, 1) == (
        "Ana made their initial meld (46 points): three 8s without orange and orange 4–7."
    )
    assert last_told(s, 0) == (
        "You made your initial meld (46 points): three 8s without orange and orange 4–7."
    )


def test_an_initial_meld_that_reworks_the_table_is_told_with_its_total():
    s = position(
        "R1 R2 R3", ["R4 K10 R10 B10 K1", "R1"], melded=[False, False],
        initial_meld_allows_manipulation=True,
    )
    play(s, "s1 R1 R2 R3 R4 | K10 R10 B10")
    assert last_told(s, 1) == (
        "Ana laid three 10s without orange and added red 4 to red 1–3. It was their initial "
        "meld, worth 30 points."
    )


def test_draws_passes_timeouts_and_the_end_as_each_seat_knows_them():
    s = GAME.new_state(2, seed=7, turn_seconds=60)
    first = s.current
    tile = s.pool[-1]
    s.apply(first, DRAW)
    from gametable.games.rummikub.tiles import tile_msg

    assert last_told(s, first) == f"You drew {render(tile_msg(tile))}."
    assert last_told(s, 1 - first) == f"{NAMES[first]} drew a tile."
    assert last_told(s, None) == f"{NAMES[first]} drew a tile."
    s.apply(1 - first, TIMEOUT)
    assert last_told(s, first) == (
        f"{NAMES[1 - first]} ran out of time: the turn was undone and 3 penalty tiles drawn."
    )
    empty = position("", ["K5", "R9"], pool=0)
    empty.apply(0, PASS)
    empty.apply(1, TIMEOUT)
    assert told(empty, 0) == [
        "You passed (the pool is empty).",
        "greedy ran out of time: the turn was undone (the pool was empty, so no penalty tile).",
        "The pool is empty and every player passed in turn: the game is over.",
    ]
    out = position("", ["K5 K6 K7", "R9"])
    play(out, "K5 K6 K7")
    assert told(out, 1)[-2:] == ["Ana laid 3 tiles: black 5–7.", "Ana went out: the game is over."]
    assert told(out, 0)[-1] == "You went out: the game is over."


def test_decisions_are_said_as_moves_to_make():
    s = position("B4 B5 B6 | R3 R4 R5 R6 R7 R8", ["B3 R6 K9 R9 B9 J", "R1"])
    view = s.view(0)

    def say(text):
        action = GAME.parse_action(text, view, s.legal_actions(0))
        return render(GAME.words.decision(action, view), viewer=0)

    assert say("draw") == "Draw a tile"
    assert say("K9 R9 B9") == "Lay three 9s without orange"
    assert say("B3 B4 B5 B6") == "Add blue 3 to blue 4–6"
    assert say("B3 B4 B5 B6 | K9 R9 J") == (
        "Lay three 9s without orange (joker as blue) and add blue 3 to blue 4–6"
    )
    assert say("s1 R3 R4 R5 R6 | R6 R7 R8") == (
        "Lay red 6, reworking red 3–8 into red 3–6 and red 6–8"
    )
    meld = position("", ["R10 R11 R12 K1", "R1"], melded=[False, False])
    action = GAME.parse_action("R10 R11 R12", meld.view(0), [])
    assert render(GAME.words.decision(action, meld.view(0))) == (
        "Lay red 10–12 as your initial meld (33 points)"
    )
    assert render(GAME.words.decision(PASS, view)) == "Pass (the pool is empty)"
    assert render(GAME.words.decision(TIMEOUT, view)) == (
        "Run out of time: the turn is undone and up to 3 penalty tiles drawn"
    )


def test_the_end_in_a_few_lines():
    result = score_game([0, 44, 3], went_out=0, racks=[[], ["K5", "R9", "J"], ["B3"]])
    assert tell_result(GAME, result, 3, viewer=1, names=["Ana", "Bo", "Cy"]) == [
        "Ana went out and scores 47, what the others have left on their racks.",
        "Ana scores 47 (nothing left on the rack).",
        "You score -44 (left on your rack: black 5, red 9, and a joker, worth 44).",
        "Cy scores -3 (left on the rack: blue 3, worth 3).",
    ]
    blocked = score_game([7, 4, 9], went_out=None, racks=[["K7"], ["B4"], ["O9"]])
    assert tell_result(GAME, blocked, 3, viewer=None, names=["Ana", "Bo", "Cy"])[:2] == [
        "The pool ran out and every player passed in turn: the lowest rack wins.",
        "Bo wins with 4 points left and scores 8.",
    ]


# -- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table_text", "rack", "typed", "said"),
    [
        ("", "K1 K3 R3", "K1 K3 R3",
         "Not allowed: black 1, black 3, and red 3 is neither a group (the numbers differ) nor "
         "a run (the colours differ)"),
        ("", "B4 B5 B7", "B4 B5 B7",
         "Not allowed: blue 4, blue 5, and blue 7 is not a run: it has a gap at 6"),
        ("K8 K9 K10 K11", "K12", "s1 K10 K11 K12",
         "Not allowed: black 8 and black 9 from the table are missing: every tile on the table "
         "must stay on the table"),
        ("K11 R11 B11 O11", "J K1", "s1 K11 R11 B11 O11 J",
         "Not allowed: black 11, joker (as black 11), red 11, blue 11, and orange 11 is not a "
         "group: a group has at most 4 tiles, one of each colour"),
        ("", "R1 R2", "R1 R2 R3",
         "Not allowed: the play lays a tile your rack does not have: red 3 (every tile you add "
         "comes from your rack)"),
    ],
)
def test_a_refused_play_says_why_with_its_tiles_in_words(table_text, rack, typed, said):
    s = position(table_text, [rack, "O1"])
    with pytest.raises(IllegalAction) as info:
        play(s, typed)
    text = render(Msg("core.illegal", reason=info.value.msg))
    assert text == said
    assert GAME.notation_tokens.search(text) is None, text
    check_msg(info.value.msg)


def test_a_mistyped_move_quotes_what_was_typed_and_nothing_else_in_notation():
    s = position("B4 B5 B6", ["B3", "R9"])
    for typed in ("X7", "s3 B3 B4 B5", "#2", "= ", "R1 | | R2", "J J J"):
        with pytest.raises(NotationError) as info:
            GAME.parse_action(typed, s.view(0), s.legal_actions(0))
        text = str(info.value)
        leaked = [m.group(0) for m in GAME.notation_tokens.finditer(text)]
        assert all(token in typed for token in leaked), (typed, text)
        check_msg(info.value.msg)


# -- no notation anywhere a player reads ------------------------------------------------------


def test_the_notation_pattern_finds_notation_and_not_words():
    pattern = GAME.notation_tokens
    for leak in ("R7", "K13", "J=R5", "s2 B3 B4", "= R1 R2 R3 | K5 R5 B5", "play O10"):
        assert pattern.search(leak), leak
    for words in (
        "red 7", "set 2", "7 tiles", "three 8s without orange", "Seat 1 drew a tile.",
        "Rummikub — turn 12: your turn; 50 tiles in the pool", "Sort by number", "O'Brien",
    ):
        assert pattern.search(words) is None, words


@pytest.mark.parametrize(
    ("players", "seats", "options"),
    [
        (2, ("greedy", "solver"), {}),
        (4, ("random", "greedy", "solver", "random"), {"turn_seconds": 60}),
        (3, ("solver", "greedy", "random"), {
            "initial_meld_allows_manipulation": True,
            "freed_joker_needs_rack_tile": True,
            "joker_group3_needs_both_colours": True,
        }),
    ],
)
def test_a_whole_game_tells_everything_in_words(players, seats, options):
    """Every string a seat reads in a whole game — its story, its moves, the hint, the
    table, a refusal, the end — with no notation in it (the scan the browser and terminal
    sessions get, on the game's own channels)."""
    state = GAME.new_state(players, seed=players * 7, **options)
    agents = [make_agent(GAME, name, seat) for seat, name in enumerate(seats)]
    rng = Rng(3)
    names = [f"{name} {seat}" for seat, name in enumerate(seats)]
    shown: list[str] = []
    steps = 0
    while not state.is_over and steps < 400:
        seat = state.current
        view, legal = state.view(seat), state.legal_actions(seat)
        shown += tell_legal(GAME, view, legal, names=names)
        if steps % 5 == 0:
            shown.append(kit.hint_text(GAME, view, legal))
            shown.append(kit.render_text(GAME.ui.render_view(view)))
            broken = (*state.table[1:], state.table[0][:2]) if state.table else table("K1 R2 B3")
            bad = Play(broken)
            try:
                state.clone().apply(seat, bad)
            except IllegalAction as exc:
                shown.append(render(Msg("core.illegal", reason=exc.msg), names=names, viewer=seat))
        if steps % 7 == 0 and state.options.get("turn_seconds"):
            action = TIMEOUT
        else:
            action = agents[seat].act(view, legal, rng)
        shown.append(render(GAME.words.decision(action, view), names=names, viewer=seat))
        state.apply(seat, action)
        steps += 1
    for viewer in [*range(players), None]:
        shown += [e["text"] for e in tell_history(GAME, state.view(viewer), names=names)]
        shown.append(kit.render_text(GAME.ui.render_view(state.view(viewer))))
    if state.is_over:
        shown += tell_result(GAME, state.result(), players, viewer=0, names=names)
        shown.append(kit.render_text(GAME.ui.render_result(state.result())))
    leaks = [(text, m.group(0)) for text in shown for m in GAME.notation_tokens.finditer(text)]
    assert not leaks, leaks[:5]
    assert not [t for t in shown if "rummikub." in t], "a message id was shown untranslated"


def test_every_message_of_a_whole_game_is_complete():
    state = GAME.new_state(2, seed=5)
    agents = [make_agent(GAME, "greedy", s) for s in range(2)]
    rng = Rng(5)
    while not state.is_over:
        seat = state.current
        view, legal = state.view(seat), state.legal_actions(seat)
        for action in legal:
            check_msg(GAME.words.decision(action, view))
        state.apply(seat, agents[seat].act(view, legal, rng))
    for viewer in (0, 1, None):
        for event in state.view(viewer)["history"]:
            msg = GAME.words.event(event, viewer)
            assert msg is not None
            check_msg(msg)
    for line in GAME.words.result(state.result(), 2, 0):
        check_msg(line)
    assert render(Msg("rummikub.ui.seat", who=Seat(1))) == "Seat 1"


# -- the terminal, a whole game ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "seed"),
    [(["human", "solver"], 4), (["greedy", "human", "random", "human"], 9)],
)
def test_a_whole_game_at_the_terminal_shows_no_notation_but_what_was_typed(seats, seed):
    """Issue 29: the people list their moves, ask for hints and the board, mistype, type a
    few moves in notation and pick the others by number; everything printed but the help
    is scanned for notation they did not type."""
    printed, typed = play_in_terminal(GAME.name, seats, seed)
    assert "Game over" in printed and "Scores" in printed
    assert "Hint: " in printed and "#1 Draw a tile" in printed
    assert "Your rack by colour:" in printed
    assert any(t.startswith("#") for t in typed) and any(not t.startswith("#") for t in typed)
    leaks = notation_leaks([printed], GAME.notation_tokens, typed)
    assert not leaks, leaks[:5]
