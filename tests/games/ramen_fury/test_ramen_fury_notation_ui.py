"""Notation round trips and errors, options, the terminal UI and the bots."""

from __future__ import annotations

import pytest
from ramen_fury_helpers import table
from rich.console import Console

from gametable.agents import make_agent, play_game
from gametable.core.errors import NotationError
from gametable.core.registry import get_game
from gametable.games.ramen_fury import (
    GAME,
    Discard,
    Draw,
    Eat,
    Empty,
    EndTurn,
    Place,
    Prep,
    Restock,
    Skip,
    Spoon,
    Use,
)
from gametable.games.ramen_fury.cards import CHILI, NORI, parse_card
from gametable.games.ramen_fury.evaluation import evaluate

EXAMPLES = {
    "prep Ch>2": Prep(5, 1),
    "draw Mu": Draw(9),
    "draw deck": Draw(None),
    "spoon 1.3>2": Spoon(1, 2, 1),
    "restock": Restock(),
    "eat 1": Eat(0),
    "empty 3": Empty(2),
    "place Cl>1.2": Place(CHILI, 1, 1),
    "discard Na": Discard(7),
    "use No>0.1": Use(NORI, 0, 0),
    "skip": Skip(),
    "end": EndTurn(),
}


def test_registered_under_its_name():
    assert get_game("ramen-fury") is GAME
    assert GAME.min_players == 2 and GAME.max_players == 5


@pytest.mark.parametrize(("text", "action"), EXAMPLES.items())
def test_notation_examples(text, action):
    assert GAME.action_from_notation(text) == action
    assert GAME.format_action(action) == text
    assert GAME.action_from_json(GAME.action_to_json(action)) == action


def test_typed_shortcuts_in_context():
    view = {"seat": 2, "phase": "action"}
    assert GAME.parse_action("prep chashu 2", view, []) == Prep(5, 1)
    assert GAME.parse_action("p Ch -> 2", view, []) == Prep(5, 1)
    assert GAME.parse_action("place cl 3", view, []) == Place(CHILI, 2, 2)
    assert GAME.parse_action("spoon 1>3", view, []) == Spoon(2, 0, 2)
    assert GAME.parse_action("draw To", view, []) == Draw(parse_card("To"))
    assert GAME.parse_action("Ch", {"seat": 0, "phase": "discard"}, []) == Discard(5)
    assert GAME.parse_action("cl 1.1", {"seat": 0, "phase": "reveal"}, []) == Use(CHILI, 1, 0)
    assert GAME.parse_action("place cl>1.1", {"seat": 0, "phase": "reveal"}, []) == Use(CHILI, 1, 0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "nothing was typed"),
        ("fly away", "unknown move 'fly'"),
        ("prep Zz>1", "'Zz' is not a card"),
        ("prep Ch>4", "bowls are numbered"),
        ("prep Ch", "a Prep takes a card of your hand and one of your bowls"),
        ("restock now", "takes nothing"),
        ("c", "unknown move"),
        ("draw ch", None),
        ("draw chi", r"'chi' may be several cards \(Chicken Flavor and Chili Peppers\)"),
    ],
)
def test_notation_errors_say_what_is_wrong(text, message):
    view = {"seat": 0, "phase": "action"}
    if message is None:
        assert GAME.parse_action(text, view, []) == Draw(5)
        return
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text, view, [])


def test_notation_without_context_needs_the_seat_for_other_bowls():
    with pytest.raises(NotationError, match="whose bowl"):
        GAME.action_from_notation("place Cl>2")
    with pytest.raises(ValueError):
        GAME.action_from_json(3)


def test_options_are_listed_with_defaults():
    specs = {s.name: s for s in GAME.option_specs}
    assert specs["nori_in_fury"].default is True
    assert specs["revealed_specials_mandatory"].default is False
    assert specs["tiebreak_count"].default == "all_cards"
    assert specs["basic"].default is False
    assert GAME.resolve_options(2, {"nori_in_fury": "off"})["nori_in_fury"] is False


def test_ui_renders_every_phase_and_the_result():
    console = Console(width=120, record=True, color_system=None)
    ui = GAME.ui
    agents = [make_agent(GAME, "greedy", 0), make_agent(GAME, "random", 1)]
    record = play_game(GAME, agents, seed=5, agent_seed=5)
    state = record.initial_state()
    phases = set()
    for move in record.moves:
        view = state.view(move.seat)
        phases.add(view["phase"])
        console.print(ui.render_view(view))
        console.print(ui.describe_legal(view, state.legal_actions(move.seat)))
        state.apply(move.seat, move.action)
    console.print(ui.render_view(state.view(None)))
    console.print(ui.render_result(state.result()))
    text = console.export_text()
    assert "Pantry" in text and "final scores" in text
    assert {"action", "free"} <= phases
    assert "prep Ch>2" in ui.notation_help()


def test_ui_shows_would_be_scores_and_the_countdown():
    state = table(2, hands=["Ch", ""], bowls={"0.1": "Sy Co Mu"})
    state.final_left = 1
    console = Console(width=140, record=True, color_system=None)
    console.print(GAME.ui.render_view(state.view(0)))
    text = console.export_text()
    assert "(5 points if eaten)" in text
    assert "FINAL ROUND: 1 more turn after this one" in text


def test_greedy_eats_a_full_good_bowl_within_its_turn():
    from gametable.core.rng import Rng

    for seed in range(5):
        state = table(2, hands=["Ch", ""], bowls={"0.1": "Sy Co Mu Sc To"})
        agent = make_agent(GAME, "greedy", 0)
        chosen = []
        while state.current == 0:
            action = agent.act(state.view(0), state.legal_actions(0), Rng(seed))
            chosen.append(action)
            state.apply(0, action)
        assert Eat(0) in chosen


def test_greedy_spoils_the_leaders_bowl_with_a_chili():
    state = table(2, hands=["Cl Ch", ""], bowls={"1.1": "Sy Co Mu Sc"})
    state.actions_left = 0
    state.phase = 3  # free plays
    agent = make_agent(GAME, "greedy", 0)
    from gametable.core.rng import Rng

    choice = agent.act(state.view(0), state.legal_actions(0), Rng(1))
    assert choice == Place(CHILI, 1, 0)
    assert evaluate(state, 0) < 0  # the opponent's 9-point bowl makes seat 0 the underdog


def test_greedy_beats_random_most_of_the_time():
    wins = 0
    for seed in range(20):
        agents = [make_agent(GAME, "greedy", 0), make_agent(GAME, "random", 1)]
        record = play_game(GAME, agents, seed=seed, agent_seed=seed)
        assert record.result is not None
        wins += record.result.ranks[0] == 1
    assert wins >= 16


def test_greedy_spoons_the_flavor_out_of_the_leaders_best_bowl():
    from gametable.core.rng import Rng

    for seed in range(3):
        state = table(2, hands=["Ch Eg", "Na"], bowls={"1.1": "Co Mu Sc Sy"})
        agent = make_agent(GAME, "greedy", 0)
        choice = agent.act(state.view(0), state.legal_actions(0), Rng(seed))
        assert isinstance(choice, Spoon) and (choice.seat, choice.bowl) == (1, 0)


def test_greedy_does_not_waste_a_chili_on_its_own_bowl():
    from gametable.core.rng import Rng

    state = table(2, hands=["Cl Ch", "Na"], bowls={"0.1": "Sy Co Mu", "1.1": "Bf Na"})
    state.actions_left = 0
    state.phase = 3
    agent = make_agent(GAME, "greedy", 0)
    choice = agent.act(state.view(0), state.legal_actions(0), Rng(0))
    assert not (isinstance(choice, Place) and choice.seat == 0)
