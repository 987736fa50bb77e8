"""``moves`` numbers what ``#n`` picks, in words, and ``help`` lists the session's commands,
in every game (issue 11.7, issue 11.12, issue 29).

``moves`` prints, for every ``n`` in ``1..len(legal)``, the line ``#n`` and the decision in
the game's words (its description layer): no notation is shown to a player who did not
type it, and every listed move can be played by typing ``#n``. No game notation starts
with ``#``, so a typed move never reads as a number.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from gametable.cli.session import SESSION_HELP, LineReader, Session
from gametable.core import Game, Rng, State, all_games, get_game
from gametable.core.records import Recorder
from gametable.core.words import render, tell_legal

GAMES = [game.name for game in all_games()]


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
def test_moves_lists_each_move_as_hash_n_and_its_words(name: str) -> None:
    game = get_game(name)
    for seed in (1, 2):
        for state, seat in decision_points(game, seed):
            session, out = session_for(name)
            session.recorder.state = state
            session.names = [f"Seat {s}" for s in range(state.players)]
            view, legal = state.view(seat), state.legal_actions(seat)
            assert session._interpret("moves", view, legal) is None
            lines = out.getvalue().splitlines()
            assert len(lines) == len(legal)
            words = tell_legal(game, view, legal, names=session.names)
            for n, (line, text) in enumerate(zip(lines, words, strict=True), 1):
                assert line == f"#{n} {text}"
                pattern = game.notation_tokens
                assert pattern is None or not pattern.search(text), f"notation in {text!r}"


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
    console = Console(file=out, width=10_000, color_system=None, soft_wrap=True)
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
    assert render(SESSION_HELP) in text
