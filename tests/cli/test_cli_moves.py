"""``moves`` numbers what ``#n`` picks, and ``help`` lists the session's commands, in every
game (issue 11.7, issue 11.12).

The contract between the session and the games: each game's ``ui.describe_legal(view,
legal)``, rendered to plain text, contains for every ``n`` in ``1..len(legal)`` the exact
text ``f"#{n} {game.format_action(legal[n - 1])}"``, and no game notation starts with
``#`` — so what ``moves`` prints can be typed back either way.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gametable.cli.session import SESSION_HELP, LineReader, Session
from gametable.core import Game, Rng, State, all_games, get_game
from gametable.core.records import Recorder

GAMES = [game.name for game in all_games()]


def plain(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=10_000, color_system=None).print(renderable, soft_wrap=True)
    return out.getvalue()


def decision_points(game: Game, seed: int, limit: int = 40) -> list[tuple[State, int]]:
    """States along random games (every player count), each with a seat to act."""
    points: list[tuple[State, int]] = []
    for players in range(max(game.min_players, 1), game.max_players + 1):
        state = game.new_state(players, seed)
        rng = Rng(f"moves:{seed}:{players}")
        while not state.is_over and len(points) < limit * players:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                points.append((state.clone(), seat))
                state.apply(seat, legal[rng.randbelow(len(legal))])
                if state.is_over:
                    break
    return points[:: max(1, len(points) // limit)]


@pytest.mark.parametrize("name", GAMES)
def test_moves_lists_each_move_as_hash_n_and_its_notation(name: str) -> None:
    game = get_game(name)
    for seed in (1, 2):
        for state, seat in decision_points(game, seed):
            view, legal = state.view(seat), state.legal_actions(seat)
            listing = plain(game.ui.describe_legal(view, legal))
            for n, action in enumerate(legal, 1):
                expected = f"#{n} {game.format_action(action)}"
                assert expected in listing, f"{expected!r} missing from:\n{listing[:500]}"


@pytest.mark.parametrize("name", GAMES)
def test_no_notation_starts_with_hash(name: str) -> None:
    game = get_game(name)
    for state, seat in decision_points(game, 3):
        for action in state.legal_actions(seat):
            assert not game.format_action(action).startswith("#"), game.format_action(action)


def session_for(name: str) -> tuple[Session, io.StringIO]:
    game = get_game(name)
    out = io.StringIO()
    recorder = Recorder(game, max(game.min_players, 2), 5)
    seats = ["human"] * recorder.record.players
    console = Console(file=out, width=200, color_system=None)
    return Session(game, seats, console, recorder, reader=LineReader(input_fn=input)), out


@pytest.mark.parametrize("name", GAMES)
def test_hash_n_picks_move_n_of_the_listing(name: str) -> None:
    session, out = session_for(name)
    seat = session.state.to_act[0]
    view, legal = session.state.view(seat), session.state.legal_actions(seat)
    for n in sorted({1, len(legal) // 2 + 1, len(legal)}):
        assert session._interpret(f"#{n}", view, legal) == legal[n - 1]
        assert session._interpret(f"# {n}", view, legal) == legal[n - 1]
    for bad in ("#0", f"#{len(legal) + 1}", "#" + "9" * 5000, "#x", "#1 R1 R2 R3"):
        assert session._interpret(bad, view, legal) is None
    text = out.getvalue()
    assert f"There is no move #0 (1–{len(legal)})" in text and "#999999999…" in text
    assert "write # and a move number from 'moves'" in text
    assert max(len(line) for line in text.splitlines()) < 200


@pytest.mark.parametrize("name", GAMES)
def test_help_lists_the_sessions_commands_next_to_the_notation(name: str) -> None:
    session, out = session_for(name)
    seat = session.state.to_act[0]
    view, legal = session.state.view(seat), session.state.legal_actions(seat)
    assert session._interpret("help", view, legal) is None
    text = out.getvalue()
    assert session.game.ui.notation_help().splitlines()[0] in text
    for command in ("moves", "#n", "hint", "board", "help", "quit"):
        assert f"\n  {command} " in text, f"help does not list {command!r}"
    assert SESSION_HELP in text
