"""Ramen (the tips game) before strangers play it: any input gets a clear answer, views share
nothing, and no secret — above all a committed card or Shōyu placement before the reveal —
reaches another seat through any channel (issues 11 and 12).

Drives :mod:`gametable.conformance` over states of every kind of decision, at every player
count, with and without the Narutos, and with the option that changes the final keep.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable import conformance as kit
from gametable.agents.base import make_agent
from gametable.core import IllegalAction, NotationError, Rng, SeatError
from gametable.core.words import render, tell_history, tell_result
from gametable.games.ramen_tips import GAME
from gametable.games.ramen_tips.cards import CARD_BY_NAME, CARD_NAMES, DECK, card_msg
from gametable.games.ramen_tips.state import (
    CHOOSE,
    EXCHANGE,
    SHOYU_PHASE,
    SWAP,
    Choose,
    Exchange,
    Keep,
    Pass,
    PlaceShoyu,
    Swap,
    Take,
    TipsState,
    shoyu_placements,
)
from gametable.games.ramen_tips.tables import build_setup, make_state, set_bowls

C = CARD_BY_NAME.__getitem__

KINDS = (
    "choose",
    "choose, some committed",
    "exchange",
    "swap",
    "take",
    "final: take and keep",
    "final: keep",
    "final: take",
    "shoyu",
    "shoyu, some placed",
    "over",
)
CONFIGS = [
    (players, narutos, keep_original)
    for players in (2, 3, 4, 5)
    for narutos, keep_original in ((False, False), (True, players % 2 == 1))
]


def kind_of(s: TipsState) -> str:
    if s.is_over:
        return "over"
    if s.phase == CHOOSE:
        return "choose, some committed" if any(c >= 0 for c in s.chosen) else "choose"
    if s.phase == EXCHANGE:
        return "exchange"
    if s.phase == SWAP:
        return "swap"
    if s.phase == SHOYU_PHASE:
        return "shoyu, some placed" if len(s.to_act) < s.players else "shoyu"
    if not s.final:
        return "take"
    if not s.took and not s.kept:
        return "final: take and keep"
    return "final: keep" if s.took else "final: take"


def states_of_every_kind(players: int, narutos: bool, keep_original: bool) -> dict[str, TipsState]:
    """The first state of each kind met in seeded random games (every kind is met)."""
    found: dict[str, TipsState] = {}
    options = {"narutos": narutos, "final_round_keep_original": keep_original}
    for seed in range(200):
        state = GAME.new_state(players, seed=seed, **options)
        assert isinstance(state, TipsState)
        rng = Rng(seed)
        while True:
            found.setdefault(kind_of(state), state.clone())
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if len(found) == len(KINDS):
            return found
    raise AssertionError(f"{players} players: no state of kind {set(KINDS) - set(found)}")


EVERY_KIND = {config: states_of_every_kind(*config) for config in CONFIGS}
CASES = [
    pytest.param(state, id=f"{p}p{'-narutos' if n else ''}{'-keep' if k else ''}-{kind}")
    for (p, n, k), kinds in EVERY_KIND.items()
    for kind, state in kinds.items()
]
DECIDING = [case for case in CASES if not case.values[0].is_over]  # type: ignore[union-attr]


def samples(state: TipsState, seat: int) -> list[str]:
    """Real notation of the moment, for the text fuzzer to cut and shuffle."""
    legal = state.legal_actions(seat)
    return [GAME.format_action(a) for a in legal[:12]] + ["play C6", "take Y4>2", "shoyu 1 1"]


def deciding(case: Any) -> tuple[TipsState, int]:
    state: TipsState = case.values[0] if hasattr(case, "values") else case
    return state, state.to_act[0]


# -- seats (issue 12.2) -----------------------------------------------------------------


@pytest.mark.parametrize("state", CASES)
def test_every_method_taking_a_seat_refuses_what_is_not_a_seat(state: TipsState) -> None:
    kit.check_seats(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_view_of_seat_minus_one_or_a_bool_is_refused(players: int) -> None:
    state = GAME.new_state(players, seed=5)
    for seat in (-1, -players, players, True, False):
        with pytest.raises(SeatError, match="is not a seat"):
            state.view(seat)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            state.legal_actions(seat)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            state.apply(seat, state.legal_actions(0)[0])  # type: ignore[arg-type]
    assert state.view(None)["hand"] is None


# -- views share nothing (issue 12.3) -------------------------------------------------------


def test_a_forged_reveal_in_one_seats_view_never_shows_in_another() -> None:
    state = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]])
    for seat, card in enumerate(("S5", "N6", "S9")):
        state.apply(seat, Choose(C(card)))
    mine = state.view(0)
    reveal = next(e for e in mine["history"] if e["kind"] == "reveal")
    reveal["cards"][1] = "C9"  # forge seat 1's card …
    mine["history"].append({"turn": 1, "seat": None, "kind": "reveal", "cards": ["Y1"]})
    for seat in (0, 1, 2, None):
        history = state.view(seat)["history"]
        assert [e for e in history if e["kind"] == "reveal"] == [
            {"turn": 1, "seat": None, "kind": "reveal", "cards": ["S5", "N6", "S9"], "players": 3}
        ]


def test_editing_the_result_in_a_view_leaves_the_games_result_alone() -> None:
    state = EVERY_KIND[(3, True, True)]["over"]
    view = state.view(0)
    view["result"]["details"]["players"][0]["total"] = 999
    view["result"]["details"]["tips"][0]["winner"] = "forged"
    assert state.view(1)["result"] == state.result().to_json()
    assert state.result().details["players"][0]["total"] != 999


@pytest.mark.parametrize("state", CASES)
def test_views_are_fresh_values(state: TipsState) -> None:
    kit.check_views_independent(state)


# -- decisions (issue 12.5, 11.13) -----------------------------------------------------------


@pytest.mark.parametrize("state", DECIDING)
def test_random_decision_objects_are_applied_or_refused_cleanly(state: TipsState) -> None:
    rng = Rng(f"objects {kind_of(state)} {state.players}")
    for seat in state.to_act[:2]:
        legal = state.legal_actions(seat)
        for action in kit.garbage_actions(legal, rng, 20):
            kit.check_apply(state, seat, action)
        assert all(kit.check_apply(state, seat, a) for a in legal[:4])


@pytest.mark.parametrize("state", DECIDING)
def test_random_json_decisions_are_read_or_refused_with_value_error(state: TipsState) -> None:
    rng = Rng(f"json {kind_of(state)} {state.players}")
    seat = state.to_act[0]
    legal_json = [GAME.action_to_json(a) for a in state.legal_actions(seat)]
    for data in kit.garbage_json(legal_json, rng, 30):
        action = kit.check_action_json(GAME, data)
        if action is not None:
            kit.check_apply(state, seat, action)


def _at(kind: str, players: int = 3) -> tuple[TipsState, int]:
    state = EVERY_KIND[(players, False, False)][kind].clone()
    return state, state.to_act[0]


@pytest.mark.parametrize(
    ("kind", "action", "message"),
    [
        ("choose", Choose(1.0), r"1.0 \(not a card\) is not in your hand"),  # type: ignore[arg-type]
        ("choose", Choose(True), r"True \(not a card\) is not in your hand"),  # type: ignore[arg-type]
        ("choose", Take(0, 0), "everyone is choosing a card to reveal: choose one of your hand"),
        ("exchange", Exchange(10**400), r"a huge number \(not a card\) is not another revealed"),
        ("exchange", Swap(0, 1), "you hold the lone 1 .*: exchange it for another revealed"),
        ("swap", Swap(True, 2), "True is not an ingredient: swap two of Chāshū, Ajitama"),  # type: ignore[arg-type]
        ("swap", Swap(0, 10**400), "a huge number is not an ingredient"),
        ("swap", Swap(0, 0.5), "0.5 is not an ingredient"),  # type: ignore[arg-type]
        ("swap", Swap(3, 1), "in the order Chāshū, .*: Ajitama first, then Nūdoru"),
        ("swap", Exchange(0), r"you hold the lone 5: swap two preference cards"),
        ("take", Take(1.0, 0), r"1.0 \(not a card\) is not in the offer"),  # type: ignore[arg-type]
        ("take", Choose(0), "take a card from the offer into one of your bowls"),
        ("take", "take-bowl-true", r"there is no bowl True \(not a bowl\)"),
        ("final: take and keep", Keep(1.0, 0), r"not 1.0 \(not a card\)"),  # type: ignore[arg-type]
        ("final: keep", Take(0, 0), "already taken a card .*: now put your own .* into a bowl"),
        ("final: keep", Choose(0), "now put your own .* into a bowl"),
        ("shoyu", PlaceShoyu(5), "list one bowl per Shōyu card"),  # type: ignore[arg-type]
        ("shoyu", PlaceShoyu((0.0,)), r"there is no bowl 0.0 \(not a bowl\)"),  # type: ignore[arg-type]
        ("shoyu", PlaceShoyu((0,) * 10**5), r"you hold \d Shōyu cards?, not 100,000"),
        ("shoyu", Pass(), r"place your Shōyu cards in your bowls \(one bowl per card"),
    ],
)
def test_a_malformed_decision_is_refused_in_the_games_words(
    kind: str, action: object, message: str
) -> None:
    state, seat = _at(kind)
    if action == "take-bowl-true":  # a real offer card, into bowl True
        action = Take(state.offer[0], True)  # type: ignore[arg-type]
    before = kit.observe(state)
    with pytest.raises(IllegalAction, match=message) as info:
        state.apply(seat, action)
    said = str(info.value)
    assert not re.search(r"\(got |Choose\(|Take\(|Keep\(|Swap\(|PlaceShoyu\(", said)
    # Issue 29: in words, from the catalog; no card written as notation.
    assert info.value.msg is not None and info.value.msg.id.startswith("ramen_tips.illegal.")
    assert not GAME.notation_tokens.search(said), said
    assert kit.observe(state) == before


@pytest.mark.parametrize(
    ("kind", "doing"),
    [("exchange", "use the lone 1"), ("swap", "use the lone 5"), ("take", "take from the offer")],
)
def test_a_seat_out_of_turn_is_told_whose_turn_it_is(kind: str, doing: str) -> None:
    state, seat = _at(kind)
    other = (seat + 1) % state.players
    with pytest.raises(IllegalAction) as info:
        state.apply(other, state.legal_actions(seat)[0])
    assert str(info.value) == f"it is Seat {seat}'s turn to {doing}, not yours"
    # Rendered for the table, the seat is called by its name.
    named = render(info.value.msg, names=["Ana", "Ben", "Cy"], viewer=other)
    assert named == f"it is {['Ana', 'Ben', 'Cy'][seat]}'s turn to {doing}, not yours"


def test_a_seat_that_has_chosen_is_told_to_wait() -> None:
    state = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]])
    state.apply(0, Choose(C("S5")))
    with pytest.raises(IllegalAction, match="you have already chosen your card this round"):
        state.apply(0, Choose(state.hands[0][0]))


@pytest.mark.parametrize(
    "data", [1, 1.0, True, None, ["play C6"], {"play": "C6"}, [[[[]]]], 10**400, "9" * 5000]
)
def test_action_from_json_refuses_malformed_data_with_a_short_value_error(data: object) -> None:
    with pytest.raises(ValueError) as info:
        GAME.action_from_json(data)
    assert len(str(info.value)) < 200


# -- notation (issue 12.6) ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "9" * 5000,
        "-" + "9" * 5000,
        "play C" + "9" * 5000,
        "take Y4>" + "9" * 5000,
        "Y4>" + "9" * 4301,
        "shoyu 1 " + "9" * 5000,
        "shoyu " + "1 " * 5000,
        "Y4>²",
        "shoyu ²",
        ">",
        "> > >",
        " , ",
        "into",
        "take",
        "1" * 100_000,
    ],
)
def test_huge_numbers_and_bare_separators_give_a_short_notation_error(text: str) -> None:
    for kind in ("take", "shoyu", "choose"):
        state, seat = _at(kind)
        with pytest.raises(NotationError) as info:
            GAME.parse_action(text, state.view(seat), state.legal_actions(seat))
        assert len(str(info.value)) < 200
    with pytest.raises(ValueError):
        GAME.action_from_json(text)


@pytest.mark.parametrize("state", DECIDING)
def test_hostile_text_is_parsed_or_refused_with_a_notation_error(state: TipsState) -> None:
    for seat in state.to_act:
        view, legal = state.view(seat), state.legal_actions(seat)
        for text in kit.garbage_texts(samples(state, seat), Rng(f"text {kind_of(state)}"), 40):
            kit.check_parse(GAME, text, view, legal)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(DECIDING), st.text())
def test_any_text_is_parsed_or_refused_with_a_notation_error(case: object, text: str) -> None:
    state, seat = deciding(case)
    kit.check_parse(GAME, text, state.view(seat), state.legal_actions(seat))


def test_no_notation_starts_with_hash_and_hash_input_is_explained() -> None:
    for case in DECIDING:
        state, _ = deciding(case)
        for seat in state.to_act:
            assert not any(GAME.format_action(a).startswith("#") for a in state.legal_actions(seat))
    state, seat = _at("choose")
    with pytest.raises(NotationError, match="'moves' list"):
        GAME.parse_action("#2", state.view(seat), state.legal_actions(seat))


# -- setups (issue 12.7) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda s: s["hands"][0].__setitem__(0, 7), "7 in hand 0 is not a card"),
        (lambda s: s["hands"][0].__setitem__(0, ["C1"]), "a list in hand 0 is not a card"),
        (lambda s: s["hands"][0].__setitem__(0, "C" + "9" * 5000), "'C999"),
        (lambda s: s["hands"][0].pop(), "hand 0 has 8 cards, not 9"),
        (lambda s: s["offer"].append(s["unused"].pop()), "the initial offer must have 3 cards"),
        (lambda s: s["unused"].append("C1"), "each of the 45 ingredient cards exactly once"),
        (lambda s: s.update(preference=["C", "C", "S", "N", "Y"]), "each type once, not C C S"),
        (lambda s: s.update(preference=[True, "A", "S", "N", "Y"]), "True is not a type letter"),
        (lambda s: s.update(narutos="C"), "'narutos' must be a list"),
        (lambda s: s.update(narutos=["C", [1]]), "a list is not a type letter"),
        (lambda s: s.update(hands="C1"), "'hands' must hold 3 hands"),
        (lambda s: s.pop("offer"), "a ramen-tips setup needs 'offer'"),
    ],
)
def test_a_malformed_setup_is_refused_with_a_value_error_naming_the_problem(
    spoil: Callable[[dict[str, Any]], object], message: str
) -> None:
    setup = build_setup(3, "CASNY")
    spoil(setup)
    with pytest.raises(ValueError, match=re.escape(message)) as info:
        GAME.state_from_setup(3, setup, GAME.resolve_options(3))
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("players", [0, 1, 6, -1, True, 3.0, "3", 10**400])
def test_a_setup_for_an_impossible_player_count_is_refused(players: object) -> None:
    with pytest.raises(ValueError, match="is for 2–5 players"):
        GAME.state_from_setup(players, build_setup(3, "CASNY"), {})  # type: ignore[arg-type]


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=12,
    ),
    st.sampled_from(["preference", "hands", "offer", "unused", "grunchie", "narutos", None]),
)
def test_random_setups_build_a_state_or_raise_value_error(junk: object, key: str | None) -> None:
    setup: Any = build_setup(3, "CASNY")
    if key is None:
        setup = junk
    else:
        setup[key] = junk
    try:
        GAME.state_from_setup(3, setup, GAME.resolve_options(3))
    except ValueError as exc:
        assert str(exc) and len(str(exc)) < 300


# -- hidden information: the simultaneous secret choice (contract 2) -----------------------


def _fields(state: TipsState) -> str:
    """Everything a state holds (its story as a list of events: an EventLog's repr is its
    address)."""
    fields = [getattr(state, k) for k in TipsState.__slots__ if k not in _STORY]
    return repr([*fields, list(state.events)])


_STORY = ("game", "_events", "_told")


def _differs(a: TipsState, b: TipsState) -> bool:
    return _fields(a) != _fields(b)


def secret_pairs(state: TipsState, viewer: int) -> Iterator[tuple[TipsState, TipsState, str]]:
    """Pairs of states that differ only in what ``viewer`` cannot see, with what differs:
    another seat's secret choice first (starting with the next seat), then hidden cards."""
    others = [(viewer + k) % state.players for k in range(1, state.players)]
    if state.phase == CHOOSE:
        for x in others:
            hand = state.hands[x]
            if state.chosen[x] < 0 and len(hand) >= 2 and state.waiting >= 2:
                # x commits one card or another; someone (viewer or another) still chooses.
                a, b = state.clone(), state.clone()
                a.apply(x, Choose(hand[0]))
                b.apply(x, Choose(hand[-1]))
                yield a, b, f"seat {x} commits {CARD_NAMES[hand[0]]} or {CARD_NAMES[hand[-1]]}"
            elif state.chosen[x] >= 0 and hand:
                b = state.clone()
                b.chosen[x], b.hands[x][0] = b.hands[x][0], b.chosen[x]
                b.hands[x].sort()
                yield state, b, f"seat {x}'s committed card swapped with one of its hand"
    if state.phase == SHOYU_PHASE:
        for x in others:
            sizes = [len(bowl) for bowl in state.bowls[x]]
            options = shoyu_placements(sizes, state.shoyu[x])
            if len(options) < 2:
                continue
            if x in state.to_act and len(state.to_act) >= 2:
                a, b = state.clone(), state.clone()
                a.apply(x, options[0])
                b.apply(x, options[-1])
                yield a, b, f"seat {x} places its Shōyu one way or another"
            elif x not in state.to_act:
                b = state.clone()
                b.shoyu_pending[x] = options[0] if state.shoyu_pending[x] != options[0] else (
                    options[-1]
                )
                yield state, b, f"seat {x}'s placed Shōyu moved"
    # A card of another hand traded with an unused card, Grunchie's, or a third hand's.
    pools: list[tuple[str, Callable[[TipsState], list[int]]]] = [
        (f"seat {x}'s hand", lambda s, x=x: s.hands[x]) for x in others
    ]
    pools.append(("the unused deck", lambda s: s.unused))
    pools.append(("Grunchie's hand", lambda s: s.grunchie_hand))
    for i, (name_a, get_a) in enumerate(pools):
        for name_b, get_b in pools[i + 1 :]:
            if get_a(state) and get_b(state):
                b = state.clone()
                pa, pb = get_a(b), get_b(b)
                pa[0], pb[-1] = pb[-1], pa[0]
                for hand in b.hands:
                    hand.sort()
                yield state, b, f"a card of {name_a} traded with one of {name_b}"
                break
    if len(state.grunchie_hand) >= 2:
        b = state.clone()
        b.grunchie_hand.reverse()
        yield state, b, "Grunchie's face-down cards in another order"


def probes_for(state: TipsState, rng: Rng) -> list[object]:
    """Decisions naming hidden cards: every card while choosing (the secret), else a few."""
    if state.phase == CHOOSE:
        return [Choose(x) for x in DECK]
    some = rng.shuffled(DECK)[:6]
    kinds: tuple[Callable[[int], object], ...] = (
        Choose, Exchange, lambda x: Take(x, 0), lambda x: Keep(x, 0)
    )
    return [make(x) for make in kinds for x in some] + [PlaceShoyu((0,)), PlaceShoyu((0, 1))]


SECRET_KINDS = ("choose", "choose, some committed", "shoyu", "shoyu, some placed")
LEAK_CASES = [
    case
    for case in CASES
    if kind_of(case.values[0]) in SECRET_KINDS  # type: ignore[arg-type]
    or "narutos" not in str(case.id)
]


@pytest.mark.parametrize("state", LEAK_CASES)
def test_nothing_hidden_reaches_a_seat_through_any_channel(state: TipsState) -> None:
    # Every seat against another seat's secret (or a hidden card); the seat to act against
    # a second difference too. Bounded so the suite takes seconds (rendering dominates).
    rng = Rng(f"leak {kind_of(state)} {state.players}")
    for viewer in range(state.players):
        legal = state.legal_actions(viewer)
        mine = probes_for(state, rng) + kit.garbage_actions(legal, rng, 6)
        typed = [CARD_NAMES[x] for x in rng.shuffled(DECK)[:12]]
        typed += kit.garbage_texts(samples(state, viewer), rng, 15)
        pairs = list(secret_pairs(state, viewer))
        for a, b, what in pairs[: 2 if viewer in state.to_act[:1] else 1]:
            assert _differs(a, b), what
            try:
                # The hint bot (ISMCTS on a time budget) decides from the view alone, which
                # is compared; its decisions vary with the time it gets, so it is not run.
                kit.check_same_for_seat(a, b, viewer, mine, typed, hints=False)
            except kit.ConformanceError as exc:
                raise AssertionError(f"{what}: {exc}") from None


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}p{'-narutos' if c[1] else ''}")
def test_a_committed_card_is_secret_until_the_reveal_at_every_player_count(
    config: tuple[int, bool, bool],
) -> None:
    # Reference §5.1: "Each player secretly picks one card from their hand and lays it face
    # down. All cards are then revealed together." Every seat but the last commits, one way
    # or another; the last one sees, is offered, is hinted and is answered the same.
    players, narutos, _ = config
    base = GAME.new_state(players, seed=17, narutos=narutos)
    assert isinstance(base, TipsState)
    last = players - 1
    a, b = base.clone(), base.clone()
    for seat in range(last):
        a.apply(seat, Choose(a.hands[seat][0]))
        b.apply(seat, Choose(b.hands[seat][-1]))
    probes = [Choose(x) for x in DECK]
    kit.check_same_for_seat(a, b, last, probes, [CARD_NAMES[x] for x in DECK], hints=False)
    # Nor does the greedy bot's choice (it decides from the view alone).
    greedy = make_agent(GAME, "greedy", last)
    assert greedy.act(a.view(last), a.legal_actions(last), Rng(1)) == greedy.act(
        b.view(last), b.legal_actions(last), Rng(1)
    )
    for seat in range(last):
        assert a.view(seat)["chosen"] != b.view(seat)["chosen"]  # each sees its own
    a.apply(last, Choose(a.hands[last][0]))
    b.apply(last, Choose(b.hands[last][0]))
    assert a.view(last)["revealed"] != b.view(last)["revealed"]  # revealed together, now


# -- listed moves and hints (contracts 5 and 6, issue 11.7) -------------------------------


@pytest.mark.parametrize("state", DECIDING)
def test_moves_are_numbered_as_hash_n_picks_them_in_words(state: TipsState) -> None:
    # Issue 29: '#n' and the move in words ("#3 Take Yasai 4 into bowl 2"), never notation.
    for seat in state.to_act:
        view, legal = state.view(seat), state.legal_actions(seat)
        text = kit.render_text(GAME.ui.describe_legal(view, legal), 300)
        for n, action in enumerate(legal, 1):
            said = render(GAME.words.decision(action, view), viewer=seat)
            assert f"#{n} {said}" in text
        assert f"#{len(legal) + 1} " not in text
        assert not GAME.notation_tokens.search(text), text


@pytest.mark.parametrize("state", DECIDING)
def test_every_decision_reads_as_a_distinct_sentence(state: TipsState) -> None:
    # A hint or a listed move names the decision in words: two different decisions never
    # read alike, and none shows notation.
    for seat in state.to_act:
        view, legal = state.view(seat), state.legal_actions(seat)
        said = [render(GAME.words.decision(a, view), viewer=seat) for a in legal]
        assert len(set(said)) == len(legal), said
        for text in said:
            assert text[0].isupper() and "ramen_tips." not in text, text
            assert not GAME.notation_tokens.search(text), text


# -- the ◎ mark (issue 11.12) -------------------------------------------------------------


def test_the_naruto_mark_is_explained_where_it_is_shown_and_in_help() -> None:
    # Reference §10: "Each Naruto you get will give you 3 yens at the end of the game ...
    # If there is a tie, nobody will take the naruto" (seed).
    with_narutos = make_state(3, "CNYSA", narutos=["C", "Y", "shoyu"])
    text = kit.render_text(GAME.ui.render_view(with_narutos.view(0)), 200)
    assert "Chāshū (7¥ tip) ◎" in text and "[Shōyu ◎]" in text
    assert "◎ Naruto: +3 yen at the end to the highest total of its type" in text
    assert "a tie gives it to nobody" in text
    plain = kit.render_text(GAME.ui.render_view(make_state(3, "CNYSA").view(0)))
    assert "◎" not in plain
    # The rule is the engine's, stated once: the browser table shows the same sentence.
    naruto = render(GAME.components()["naruto"]["about"])
    assert naruto.startswith("Naruto: +3 yen at the end") and "a tie gives it to nobody" in naruto
    help_text = GAME.ui.notation_help()
    assert "◎ marks a Naruto" in help_text and "3 yen" in help_text and "¥" in help_text


@pytest.mark.parametrize(
    ("example", "action"),
    [
        ("play C6", Choose(C("C6"))),
        ("exchange S9", Exchange(C("S9"))),
        ("swap C S", Swap(0, 2)),
        ("pass", Pass()),
        ("take Y4>2", Take(C("Y4"), 1)),
        ("keep C6>1", Keep(C("C6"), 0)),
        ("shoyu 1 1 3", PlaceShoyu((0, 0, 2))),
        ("shoyu none", PlaceShoyu(())),
    ],
)
def test_the_help_fits_a_terminal_and_its_canonical_forms_parse(
    example: str, action: object
) -> None:
    help_text = GAME.ui.notation_help()
    assert max(len(line) for line in help_text.splitlines()) <= 80
    assert example.split()[-1] in help_text
    assert GAME.action_from_notation(example) == action


def test_an_error_quotes_the_input_as_typed() -> None:
    state, seat = _at("choose")
    with pytest.raises(NotationError, match="no ingredient letter 'Z'"):
        GAME.parse_action("play Z9", state.view(seat), state.legal_actions(seat))


# -- end of the game: the tie-break (issue 11.1) ---------------------------------------------


def _finished(bowls: list[list[str]], **options: object) -> TipsState:
    s = make_state(3, "CASNY", **options)  # tips: C 7, A 6, S 5, N 4, Y 3
    for seat, bs in enumerate(bowls):
        set_bowls(s, seat, [b.split() for b in bs])
    s.hands = [[] for _ in range(3)]
    s.placed = [[0] * len(s.bowls[p]) for p in range(3)]
    s._start_shoyu()  # nobody holds Shōyu: the game is scored at once
    assert s.is_over
    return s


# Seat 0: C1 (tip C 7) and Y1 (tip Y 3), 3 yen of ramen, -3 for N3 alone: 10.
# Seat 1: A1 (tip A 6) and N1 (tip N 4), 3 yen of ramen, -3 for Y3 alone: 10.
# Seat 2: S1 (tip S 5), 3 yen of ramen, +2 for C7 and A8: 10.
THREE_WAY_TIE = [["C1 Y1 A2", "N3"], ["A1 N1 S2", "Y3"], ["S1 C7 A8"]]


def test_three_tied_players_the_lowest_tip_token_decides_and_is_named() -> None:
    # Reference A10: "among the tied players, the one holding the lowest-value tip token
    # wins" — seat 0's 3 beats seat 1's 4 and seat 2's 5.
    s = _finished(THREE_WAY_TIE)
    result = s.result()
    assert result.scores == (10, 10, 10)
    assert result.winners == (0,) and result.tiebreak == "lowest tip token"
    lines = tell_result(GAME, result, 3)
    assert lines[0] == "Seat 0 wins with 10 yen (tied on yen, decided by the lowest tip token)."
    mine = tell_result(GAME, result, 3, viewer=0, names=["Ana", "Ben", "Cy"])
    assert mine[0] == "You win with 10 yen (tied on yen, decided by the lowest tip token)."


def test_three_tied_players_share_the_win_with_the_shared_tiebreak() -> None:
    # Reference A10, option tiebreak="shared": ties always stand.
    result = _finished(THREE_WAY_TIE, tiebreak="shared").result()
    assert result.winners == (0, 1, 2) and result.tiebreak is None
    text = "\n".join(tell_result(GAME, result, 3))
    assert "Shared victory: Seat 0, Seat 1, and Seat 2, tied on 10 yen." in text
    assert "decided by" not in text


@pytest.mark.parametrize("tiebreak", ["lowest_tip", "shared"])
def test_three_tied_players_without_tip_tokens_share_the_win(tiebreak: str) -> None:
    # Reference A10: "If none of the tied players holds a tip token, the tie stands".
    result = _finished([["C3"], ["A3"], ["S3"]], tiebreak=tiebreak).result()
    assert result.scores == (-3, -3, -3)
    assert result.winners == (0, 1, 2) and result.tiebreak is None
    text = "\n".join(tell_result(GAME, result, 3))
    assert "Shared victory: Seat 0, Seat 1, and Seat 2, tied on -3 yen." in text


# -- messages in plain words (issue 11.13) ------------------------------------------------


def test_counts_are_written_in_the_right_number() -> None:
    state = EVERY_KIND[(2, False, False)]["final: take and keep"]
    text = kit.render_text(GAME.ui.render_view(state.view(state.to_act[0])))
    assert "Grunchie has 0 face-down cards" in text or "Grunchie" not in text
    assert "(s)" not in text
    one = make_state(2, "CASNY", hand_cards=1)
    assert re.search(r"Grunchie has 1 face-down card\b(?!s)", kit.render_text(
        GAME.ui.render_view(one.view(0))
    ))


def test_the_story_speaks_to_the_viewer() -> None:
    state = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]])
    for seat, card in enumerate(("S5", "N6", "S9")):
        state.apply(seat, Choose(C(card)))
    state.apply(0, Pass())

    def story(viewer: int) -> list[str]:
        return [e["text"] for e in tell_history(GAME, state.view(viewer))]

    assert "You did not swap any preference cards." in story(0)
    assert "Seat 0 did not swap any preference cards." in story(1)
    assert "You chose Sūpu 5 (face down until everyone has chosen)." in story(0)
    assert "Seat 0 chose a card (face down)." in story(1)
    assert "Cards revealed: Sūpu 5 (you), Nūdoru 6 (Seat 1), and Sūpu 9 (Seat 2)." in story(0)
    seat = state.current
    mine = kit.render_text(GAME.ui.render_view(state.view(seat)))
    assert "Your turn: take an offer card into a bowl." in mine


def test_the_listing_is_in_words_and_a_decision_travels_as_data() -> None:
    state, seat = _at("choose")
    text = kit.render_text(GAME.ui.describe_legal(state.view(seat), state.legal_actions(seat)))
    first = state.legal_actions(seat)[0]
    assert isinstance(first, Choose)
    card = CARD_NAMES[first.card]
    assert f"#1 Choose {render(card_msg(first.card))} to reveal" in text
    assert json.dumps(GAME.action_to_json(first)) == f'{{"type": "choose", "card": "{card}"}}'


# -- the whole kit on random states (hypothesis) --------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    st.integers(2, 5), st.integers(0, 2**32), st.integers(0, 120), st.booleans(), st.booleans()
)
def test_random_states_pass_the_conformance_kit(
    players: int, seed: int, steps: int, narutos: bool, keep_original: bool
) -> None:
    state = GAME.new_state(
        players, seed=seed, narutos=narutos, final_round_keep_original=keep_original
    )
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    kit.check_seats(state)
    kit.check_views_independent(state)
    for seat in [None, *range(players)]:  # the whole story, each event in words
        for entry in tell_history(GAME, state.view(seat)):
            assert "ramen_tips." not in entry["text"] and not GAME.notation_tokens.search(
                entry["text"]
            ), entry
    for seat in state.to_act[:2]:
        legal = state.legal_actions(seat)
        for action in kit.garbage_actions(legal, rng, 8):
            kit.check_apply(state, seat, action)
        for data in kit.garbage_json([GAME.action_to_json(a) for a in legal], rng, 8):
            action = kit.check_action_json(GAME, data)
            if action is not None:
                kit.check_apply(state, seat, action)
        view = state.view(seat)
        for text in kit.garbage_texts(samples(state, seat), rng, 20):
            kit.check_parse(GAME, text, view, legal)
