"""Bot settings are checked up front, from the bot's signature (issue 11.13, issue 12.8)."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametable.agents import (
    AgentSettingError,
    agent_names,
    agent_settings,
    check_agent_settings,
    make_agent,
    parse_agent_spec,
)
from gametable.core import OptionError, all_games, get_game

BOTS = [(game.name, bot) for game in all_games() for bot in agent_names(game)]
RAMEN = get_game("ramen-ramen")


@pytest.mark.parametrize(("name", "bot"), BOTS)
def test_every_bot_lists_its_settings_with_types_and_defaults(name: str, bot: str) -> None:
    game = get_game(name)
    listed = agent_settings(game, bot)
    assert listed is not None, f"{name}'s {bot} takes **kwargs: its settings cannot be checked"
    for setting in listed:
        assert setting.types, f"{name}'s {bot}: setting {setting.name} has no usable type"
        assert "default" in setting.describe()
    make_agent(game, bot, 0)  # the defaults build


def test_an_unknown_setting_names_every_setting_the_bot_takes() -> None:
    with pytest.raises(OptionError) as info:
        make_agent(RAMEN, "greedy", 0, depth=3)
    message = str(info.value)
    assert "the greedy bot has no setting 'depth'" in message
    assert "avg_card (a number, default 2.6)" in message and "card_cost (a number" in message
    assert "__init__" not in message
    with pytest.raises(OptionError, match="the random bot takes no settings"):
        make_agent(RAMEN, "random", 0, speed=3)


def test_a_value_of_the_wrong_type_is_refused_before_any_game() -> None:
    with pytest.raises(OptionError, match="setting avg_card takes a number, got 'abc'"):
        make_agent(RAMEN, "greedy", 0, avg_card="abc")
    with pytest.raises(OptionError, match="setting iterations takes a whole number or none"):
        make_agent(RAMEN, "ismcts", 0, iterations=2.5)
    with pytest.raises(OptionError, match="the ismcts bot: iterations must be at least 1"):
        make_agent(RAMEN, "ismcts", 0, iterations=0)
    with pytest.raises(OptionError, match="hold_jokers takes true or false"):
        make_agent(get_game("rummikub"), "solver", 0, hold_jokers="maybe")


@pytest.mark.parametrize(
    "value",
    [math.nan, math.inf, -math.inf, "nan", "inf", "1e400", "9" * 5000, 10**400],
    ids=["nan", "inf", "-inf", "'nan'", "'inf'", "'1e400'", "'99…'", "10**400"],
)
@pytest.mark.parametrize("setting", ["seconds", "exploration"])
def test_a_number_setting_takes_only_finite_numbers(setting: str, value: object) -> None:
    """``ismcts:seconds=nan`` would make a bot whose clock never ends (issue 28)."""
    with pytest.raises(AgentSettingError, match=f"setting {setting} takes a finite number"):
        make_agent(RAMEN, "ismcts", 0, **{setting: value})
    assert check_agent_settings(RAMEN, "ismcts", {setting: 1e308}) == {setting: 1e308}


def test_text_values_are_read_as_the_settings_types() -> None:
    assert check_agent_settings(RAMEN, "ismcts", {"iterations": "200", "seconds": "none"}) == {
        "iterations": 200,
        "seconds": None,
    }
    assert check_agent_settings(RAMEN, "greedy", {"avg_card": 3}) == {"avg_card": 3.0}
    bot: Any = make_agent(get_game("rummikub"), "solver", 0, hold_jokers="off")
    assert bot.hold_jokers is False


def test_a_bot_is_written_name_colon_settings() -> None:
    assert parse_agent_spec(" ISMCTS:iterations=200:paired-root=off ") == (
        "ismcts",
        {"iterations": 200, "paired_root": False},
    )
    for bad in ("", ":x=1", "greedy:depth", "greedy:=3"):
        with pytest.raises(OptionError):
            parse_agent_spec(bad)


SETTING_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 10**6), st.floats(allow_nan=True),
    st.text(max_size=12), st.sampled_from(["none", "true", "1e3", "9" * 5000, "-0"]),
)  # fmt: skip


@pytest.mark.parametrize(("name", "bot"), BOTS)
@settings(max_examples=25, deadline=None, derandomize=True)
@given(data=st.data())
def test_any_settings_build_the_bot_or_say_why_not(name: str, bot: str, data: Any) -> None:
    game = get_game(name)
    names = [s.name for s in agent_settings(game, bot) or ()] + ["bogus"]
    chosen = data.draw(st.dictionaries(st.sampled_from(names), SETTING_VALUES, max_size=3))
    try:
        make_agent(game, bot, 0, **chosen)
    except AgentSettingError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 1000
