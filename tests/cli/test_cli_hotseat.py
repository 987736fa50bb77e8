"""Hot seat: when the keyboard passes, nothing private to the previous seat is on screen
(issue 11.5), for every game — the tips game's secret choice included."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import pytest
from rich.console import Console

from gametable.cli.session import CLEAR_SCROLLBACK, LineReader, QuitGame, Session
from gametable.core import Game, all_games, get_game
from gametable.core.records import Recorder

WIDTH = 120
SETUPS = {  # seats per game: humans only, but a bot in the tips game's secret choices
    "ramen-ramen": ["human", "human"],
    "rummikub": ["human", "human"],
    "ramen-fury": ["human", "human"],
    "ramen-tips": ["human", "human", "greedy"],
}


def plain(renderable: object) -> list[str]:
    out = io.StringIO()
    Console(file=out, width=WIDTH, color_system=None).print(renderable)
    return [line.rstrip() for line in out.getvalue().splitlines()]


@dataclass
class Screen:
    """A scripted hot-seat table: answers every prompt like the person at the keyboard
    (typing the decision in the game's notation, echoed as a terminal does) and checks
    what is on screen each time the keyboard passes."""

    game: Game
    out: io.StringIO
    session: Session | None = None
    private: dict[int, set[str]] = field(default_factory=dict)
    """Per seat: the lines of its screens that a spectator's screen does not show."""
    secret_typed: dict[int, set[str]] = field(default_factory=dict)
    """Per seat: what it typed in a simultaneous secret choice."""
    decisions: int = 0
    hand_overs: int = 0
    last_seat: int | None = None
    retry: bool = False

    def visible(self) -> str:
        """What the screen shows: everything since the screen and scrollback were last
        cleared (everything, if they never were)."""
        text = self.out.getvalue()
        return text[text.rfind(CLEAR_SCROLLBACK) + 1 :] if CLEAR_SCROLLBACK in text else text

    def type(self, prompt: str, line: str) -> str:
        self.out.write(prompt + line + "\n")
        return line

    def __call__(self, prompt: str) -> str:
        assert self.session is not None
        state = self.session.state
        if prompt.startswith("Pass the keyboard to seat"):
            seat = int(prompt.split("seat ")[1].split()[0])
            self.check_nothing_private_on_screen(seat, allowed=set())
            self.hand_overs += 1
            return self.type(prompt, "")
        seat = int(prompt.split()[1].rstrip(">"))
        if self.last_seat is not None and seat != self.last_seat:
            allowed = set(plain(self.game.ui.render_view(state.view(seat))))
            self.check_nothing_private_on_screen(seat, allowed)
        if self.decisions >= 24:
            raise QuitGame("enough")
        view = state.view(seat)
        spectator = set(plain(self.game.ui.render_view(state.view(None))))
        mine = {line for line in plain(self.game.ui.render_view(view)) if line.strip()}
        legal = state.legal_actions(seat)
        typed = "#1" if self.retry else self.game.format_action(legal[self.decisions % len(legal)])
        self.retry = self.last_seat == seat and not self.retry
        self.private.setdefault(seat, set()).update(mine - spectator)
        if len(state.to_act) > 1:  # a secret choice: what is typed is private too
            self.secret_typed.setdefault(seat, set()).add(typed)
        self.last_seat = seat
        self.decisions += 1
        return self.type(prompt, typed)

    def check_nothing_private_on_screen(self, seat: int, allowed: set[str]) -> None:
        screen = self.visible()
        shown = {line.rstrip() for line in screen.splitlines()}
        for other, lines in self.private.items():
            if other == seat:
                continue
            leaked = sorted(line for line in lines & shown if line not in allowed)
            leaked += [t for t in self.secret_typed.get(other, ()) if f"> {t}\n" in screen]
            assert not leaked, f"seat {seat} is called while seat {other}'s {leaked[:3]} shows"


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_the_hand_over_leaves_nothing_of_the_previous_seat_on_screen(name: str) -> None:
    game = get_game(name)
    seats = SETUPS[name]
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, force_terminal=True)
    screen = Screen(game, out)
    recorder = Recorder(game, len(seats), 7)
    session = Session(
        game, seats, console, recorder, reader=LineReader(input_fn=screen), show_bots=True,
        agent_seed=1,
    )  # fmt: skip
    screen.session = session
    session.run()
    assert screen.hand_overs >= 3 and screen.decisions >= 6
    assert CLEAR_SCROLLBACK in out.getvalue()  # the scrollback too, where terminals allow


def test_a_bots_secret_choice_is_shown_only_once_every_seat_has_chosen() -> None:
    """``--show-bots`` in the tips game (issue 12.4): the bots choose before the human in
    the secret step; the story tells that they chose, and which card only in the reveal,
    once the human has chosen too."""
    from gametable.core.words import Msg, Seat, render
    from gametable.games.ramen_tips.cards import CARD_NAMES
    from gametable.games.ramen_tips.words import card

    game = get_game("ramen-tips")
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None)
    recorder = Recorder(game, 3, 3)
    secret: list[tuple[int, str]] = []  # the bots' choices in the step the human is deciding
    pending: list[str] = []  # the reveal's words for them, checked at the next prompt
    checked: list[str] = []

    def revealed(seat: int, name: str) -> str:
        msg = Msg("ramen_tips.event.slot_card", card=card(name), who=Seat(seat))
        return render(msg, names=session.names, viewer=2)

    def human(prompt: str) -> str:
        shown = out.getvalue()
        for line in pending:  # chosen at the previous prompt: revealed since
            assert line in shown, f"{line!r} never revealed"
            checked.append(line)
        pending.clear()
        if len(checked) >= 6:
            raise QuitGame("enough")
        for seat, name in secret:
            line = revealed(seat, name)
            assert line not in shown, f"{line!r} shown before the reveal"
            pending.append(line)
        assert not secret or "chose a card (face down)" in shown
        secret.clear()
        return "#1"

    session = Session(
        game, ["greedy", "greedy", "human"], console, recorder,
        reader=LineReader(input_fn=human), show_bots=True, agent_seed=1,
    )  # fmt: skip
    for seat, agent in session.agents.items():
        act = agent.act

        def spy(view, legal, rng, seat=seat, act=act):  # type: ignore[no-untyped-def]
            action = act(view, legal, rng)
            if len(recorder.state.to_act) > 1 and type(action).__name__ == "Choose":
                secret.append((seat, CARD_NAMES[action.card]))
            return action

        agent.act = spy  # type: ignore[method-assign]
    session.run()
    assert len(checked) >= 6
