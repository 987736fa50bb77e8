"""Ramen (the tips game): notation, terminal rendering and bots."""

from __future__ import annotations

import pytest
from rich.console import Console

from gametable.agents.base import RandomAgent, make_agent
from gametable.agents.play import play_game
from gametable.core.errors import NotationError
from gametable.core.rng import Rng
from gametable.core.words import tell_history, tell_result
from gametable.games.ramen_tips import GAME
from gametable.games.ramen_tips.cards import CARD_BY_NAME, parse_card
from gametable.games.ramen_tips.notation import parse_notation
from gametable.games.ramen_tips.state import (
    PASS,
    Choose,
    Exchange,
    Keep,
    PlaceShoyu,
    Swap,
    Take,
)
from gametable.games.ramen_tips.tables import make_state, set_bowls

C = CARD_BY_NAME.__getitem__


def render(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


# -- notation ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "action"), [
    ("play C6", Choose(C("C6"))),
    ("exchange S9", Exchange(C("S9"))),
    ("swap C S", Swap(0, 2)),
    ("swap supu chashu", Swap(0, 2)),
    ("pass", PASS),
    ("take Y4>2", Take(C("Y4"), 1)),
    ("keep C6>1", Keep(C("C6"), 0)),
    ("shoyu 3 1 1", PlaceShoyu((0, 0, 2))),
    ("shoyu none", PlaceShoyu(())),
])
def test_canonical_notation(text: str, action: object) -> None:
    assert parse_notation(text) == action


def test_card_names_accept_full_names_and_accents() -> None:
    assert parse_card("chāshū 6") == parse_card("chashu6") == parse_card("c6") == C("C6")
    assert parse_card("Nūdoru 2") == C("N2")
    with pytest.raises(ValueError, match="not a card"):
        parse_card("C0")


def test_short_forms_depend_on_the_phase() -> None:
    s = make_state(3, "CNYSA", hands=[["A1"], ["C5"], ["Y7"]], offer=["S2", "N3", "A9"])
    view = s.view(0)
    legal = s.legal_actions(0)
    assert GAME.parse_action("A1", view, legal) == Choose(C("A1"))
    for seat, card in enumerate(("A1", "C5", "Y7")):
        s.apply(seat, Choose(C(card)))
    assert s.current == 1  # the 5 (stronger) resolves first
    assert GAME.parse_action("C S", s.view(1), s.legal_actions(1)) == Swap(0, 2)
    assert GAME.parse_action("cs", s.view(1), s.legal_actions(1)) == Swap(0, 2)
    s.apply(1, PASS)
    assert GAME.parse_action("C5", s.view(0), s.legal_actions(0)) == Exchange(C("C5"))
    assert GAME.parse_action("-", s.view(0), s.legal_actions(0)) == PASS
    s.apply(0, Exchange(C("C5")))
    seat = s.current
    view, legal = s.view(seat), s.legal_actions(seat)
    assert GAME.parse_action("S2", view, legal) == Take(C("S2"), 0)
    assert GAME.parse_action("S2 1", view, legal) == Take(C("S2"), 0)
    assert GAME.parse_action("S2>new", view, legal) == Take(C("S2"), 0)


def test_missing_bowl_when_several_fit_is_a_notation_error() -> None:
    s = make_state(3, "CNYSA", hands=[["C9"], ["A3"], ["A4"]], offer=["Y7", "S8", "S6"])
    set_bowls(s, 0, [["C3", "N4"], ["C8"]])
    for seat, card in enumerate(("C9", "A3", "A4")):
        s.apply(seat, Choose(C(card)))
    with pytest.raises(NotationError, match=r"which bowl\? Yasai 7 may go into bowls 1 and 2"):
        GAME.parse_action("Y7", s.view(0), s.legal_actions(0))
    assert GAME.parse_action("Y7>2", s.view(0), s.legal_actions(0)) == Take(C("Y7"), 1)


def test_final_round_own_card_short_form_is_keep() -> None:
    s = make_state(3, "CNYSA", hands=[["Y9"], ["A3"], ["S2"]], offer=["Y4", "C2", "N2"],
                   hand_cards=1)
    for seat, card in enumerate(("Y9", "A3", "S2")):
        s.apply(seat, Choose(C(card)))
    assert GAME.parse_action("Y9>1", s.view(0), s.legal_actions(0)) == Keep(C("Y9"), 0)
    assert GAME.parse_action("Y4>1", s.view(0), s.legal_actions(0)) == Take(C("Y4"), 0)


@pytest.mark.parametrize("text", ["", "play", "play Z3", "swap C", "swap C C", "take",
                                  "shoyu x", "fly away"])
def test_bad_notation_raises_a_helpful_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_notation(text)


def test_action_from_json_reads_decisions_as_data_only() -> None:
    with pytest.raises(ValueError):
        GAME.action_from_json(3)
    with pytest.raises(ValueError):
        GAME.action_from_json("play C6")  # notation is for typing, and for version-1 records
    assert GAME.action_from_notation("play C6") == Choose(C("C6"))
    assert GAME.action_from_json({"type": "choose", "card": "C6"}) == Choose(C("C6"))


def test_options_are_declared_with_the_recommended_defaults() -> None:
    opts = GAME.resolve_options(3)
    assert opts == {
        "narutos": False,
        "shoyu_counts_for_validity": True,
        "bonus_counts_invalid": False,
        "tiebreak": "lowest_tip",
        "final_round_keep_original": False,
    }
    from gametable.core.errors import OptionError

    with pytest.raises(OptionError):
        GAME.resolve_options(3, {"tiebreak": "coin"})
    with pytest.raises(OptionError):
        GAME.resolve_options(6)


# -- text UI ----------------------------------------------------------------------------


def test_render_view_shows_the_table_but_not_hidden_choices() -> None:
    s = make_state(3, "CNYSA", hands=[["S5"], ["N6"], ["S9"]], narutos=["C", "Y", "shoyu"])
    s.apply(1, Choose(C("N6")))
    text = " ".join(render(GAME.ui.render_view(s.view(0))).split())  # lines joined
    assert "Chāshū (7¥ tip) ◎" in text and "Ajitama (3¥ tip)" in text
    assert "Your hand:" in text and "Sūpu 5" in text
    assert "Nūdoru 6" not in text
    assert "Seat 1 ✓" in text
    mine = render(GAME.ui.render_view(s.view(1)))
    assert "You chose Nūdoru 6: waiting for the others to choose." in mine
    assert not GAME.notation_tokens.search(text + mine)


def test_render_reveal_effects_and_result() -> None:
    s = make_state(3, "CNYSA", hands=[["N1"], ["S5"], ["C7"]])
    for seat, card in enumerate(("N1", "S5", "C7")):
        s.apply(seat, Choose(C(card)))
    s.apply(0, Exchange(C("C7")))
    s.apply(1, Swap(0, 2))
    text = render(GAME.ui.render_view(s.view(None)))
    assert "Revealed: Chāshū 7 (Seat 0), Sūpu 5 (Seat 1), and Nūdoru 1 (Seat 2)" in text

    def story(viewer: int | None) -> str:
        return "\n".join(e["text"] for e in tell_history(GAME, s.view(viewer)))

    assert "Cards revealed: Nūdoru 1 (Seat 0), Sūpu 5 (Seat 1), and Chāshū 7 (Seat 2)." in (
        story(None)
    )
    assert "Seat 0 exchanged their Nūdoru 1 for Seat 2's Chāshū 7." in story(None)
    assert "Seat 0 exchanged their Nūdoru 1 for your Chāshū 7." in story(2)
    assert "You exchanged your Nūdoru 1 for Seat 2's Chāshū 7." in story(0)
    assert (
        "Seat 1 swapped Chāshū and Sūpu: the preference row is now Sūpu, Nūdoru, Yasai, "
        "Chāshū, and Ajitama (strongest first)." in story(None)
    )
    legal = render(GAME.ui.describe_legal(s.view(1), s.legal_actions(1)))
    assert "#1" in legal
    record = play_game(GAME, [RandomAgent() for _ in range(3)], seed=1, agent_seed=1, narutos=True)
    assert record.result is not None
    out = render(GAME.ui.render_result(record.result))
    assert "Total:" in out and "Narutos" in out
    assert "1 |" in out and "4 |" in out
    lines = tell_result(GAME, record.result, 3)
    assert "wins with" in lines[0] or lines[0].startswith("Shared victory")
    assert not GAME.notation_tokens.search(out + "\n".join(lines))
    assert "Chāshū" in GAME.ui.notation_help()


# -- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_bots_play_legal_games_to_the_end(players: int) -> None:
    agents = [make_agent(GAME, "greedy", s) for s in range(players)]
    record = play_game(GAME, agents, seed=players, agent_seed=players, narutos=True)
    assert record.result is not None


def test_greedy_beats_random_more_often_than_chance() -> None:
    wins = 0.0
    games = 60
    for seed in range(games):
        g = seed % 3
        agents = [make_agent(GAME, "greedy" if s == g else "random", s) for s in range(3)]
        result = play_game(GAME, agents, seed=seed, agent_seed=seed).result
        assert result is not None
        if g in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games > 0.45  # chance is 1/3; measured about 2/3 over 1,000 games


def test_greedy_uses_a_lone_one_on_the_strongest_card() -> None:
    s = make_state(3, "CNYSA", hands=[["S4"], ["A1"], ["C6"]])
    for seat, card in enumerate(("S4", "A1", "C6")):
        s.apply(seat, Choose(C(card)))
    bot = make_agent(GAME, "greedy", 1)
    assert bot.act(s.view(1), s.legal_actions(1), Rng(0)) == Exchange(C("C6"))


def test_greedy_places_shoyu_to_validate_a_two_card_bowl() -> None:
    s = make_state(3, "CNYSA", hands=[["A9"], ["A3"], ["S2"]], offer=["Y4", "C2", "N2"],
                   hand_cards=1)
    set_bowls(s, 0, [["C3", "N4", "S5"], ["C8", "N5"]])
    for seat, card in enumerate(("A9", "A3", "S2")):
        s.apply(seat, Choose(C(card)))
    bot = make_agent(GAME, "greedy", 0)
    rng = Rng(0)
    while s.phase == 3:  # take
        seat = s.current
        agent = bot if seat == 0 else RandomAgent()
        s.apply(seat, agent.act(s.view(seat), s.legal_actions(seat), rng))
    assert s.to_act == (0,)
    choice = bot.act(s.view(0), s.legal_actions(0), rng)
    assert isinstance(choice, PlaceShoyu) and len(choice.bowls) == 1
    bowls = s.bowls[0]
    assert len(bowls[choice.bowls[0]]) == 2 or all(len(b) != 2 for b in bowls)


def test_agents_reject_unknown_parameters() -> None:
    with pytest.raises(TypeError):
        make_agent(GAME, "greedy", 0, wings=2)
