"""The ``gametable`` command, driven with scripted input (including bad input)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gametable.cli.main import app

runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    return result


def test_games_lists_each_game_with_modes_options_and_bots() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert "ramen-ramen — Ramen! Ramen! (1–4 players)" in result.output
    assert "teams A1 B1 A2 B2" in result.output
    assert "--first-player" in result.output
    assert "bots: greedy, random" in result.output


def test_games_json_is_machine_readable() -> None:
    listing = json.loads(run("games", "--json").output)
    ramen = next(g for g in listing if g["name"] == "ramen-ramen")
    assert ramen["players"] == [1, 4] and "greedy" in ramen["bots"]


def test_a_bot_only_game_runs_by_itself_and_saves_a_replayable_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = run(
        "play", "ramen-ramen", "--seats", "greedy,random", "--seed", "1", "--record", str(path)
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "wins" in result.output
    data = json.loads(path.read_text())
    assert data["result"] is not None and data["meta"]["seats"] == ["greedy", "random"]
    check = run("replay", str(path), "--check")
    assert check.exit_code == 0 and "valid Ramen! Ramen! record" in check.output


def test_solo_bot_game_shows_the_critics_verdict() -> None:
    result = run("play", "ramen-ramen", "--players", "1", "--seats", "greedy", "--seed", "3")
    assert result.exit_code == 0
    assert "The critics have spoken" in result.output and "The 4 discards were" in result.output


def test_bad_and_illegal_input_is_explained_and_reprompted_never_a_traceback() -> None:
    script = "N9>1\nfoo\nN4\n#999\nA0>1 A0>2\nhelp\nmoves\nquit\n"
    result = run(
        "play",
        "ramen-ramen",
        "--seats",
        "human,greedy",
        "--seed",
        "5",
        "--option",
        "first_player=0",
        input=script,
    )
    assert result.exit_code == 0
    out = result.output
    assert "values go from 0 to 7" in out
    assert "'foo' is not a card" in out
    assert "into which bowl should N4 go?" in out
    assert "There is no move #999" in out
    assert "Illegal:" in out
    assert "Step 1, play two cards into two different bowls" in out  # help
    assert "#36" in out  # the listing of the 36 legal plays
    assert "Game left unfinished" in out


def test_end_of_input_leaves_the_game_cleanly() -> None:
    result = run("play", "ramen-ramen", "--seed", "5", input="")
    assert result.exit_code == 0 and "Game left unfinished" in result.output


def test_a_human_game_can_be_played_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "human.json"
    result = run(
        "play",
        "ramen-ramen",
        "--seats",
        "human,random",
        "--seed",
        "8",
        "--record",
        str(path),
        input="#1\n" * 200,
    )
    assert result.exit_code == 0
    assert "Game over" in result.output
    assert json.loads(path.read_text())["result"] is not None


def test_hint_shows_what_the_bot_would_play() -> None:
    result = run(
        "play", "ramen-ramen", "--seed", "5", "--option", "first_player=0", input="hint\nquit\n"
    )
    assert "The greedy bot would play:" in result.output


def test_two_humans_pass_the_keyboard_so_hands_stay_hidden() -> None:
    result = run(
        "play", "ramen-ramen", "--seats", "human,human", "--seed", "2", input="\n#1\n#1\n\nquit\n"
    )
    assert "Pass the keyboard to seat" in result.output


def test_an_unfinished_game_resumes_from_its_record(tmp_path: Path) -> None:
    path = tmp_path / "resume.json"
    first = run(
        "play",
        "ramen-ramen",
        "--seats",
        "human,greedy",
        "--seed",
        "4",
        "--record",
        str(path),
        input="#1\n#1\n#1\nquit\n",
    )
    assert "resume it with" in first.output
    moves = len(json.loads(path.read_text())["moves"])
    assert moves >= 3
    second = run("play", "ramen-ramen", "--resume", str(path), input="#1\n" * 200)
    assert second.exit_code == 0 and "Game over" in second.output
    data = json.loads(path.read_text())
    assert len(data["moves"]) > moves and data["result"] is not None


def test_bad_flags_are_named() -> None:
    cases = [
        (("play", "ramen-ramen", "--players", "9"), "1–4 players, not 9"),
        (("play", "ramen-ramen", "--seats", "human,robot"), "unknown seat 'robot'"),
        (("play", "ramen-ramen", "--bogus"), "no such option '--bogus'"),
        (("play", "chess"), "unknown game 'chess'"),
        (
            ("play", "ramen-ramen", "--players", "3", "--seats", "human,greedy"),
            "--seats names 2 seat(s) but --players is 3",
        ),
        (("play", "ramen-ramen", "--option", "first_player=7"), "first_player must be a seat"),
        (("play", "ramen-ramen", "--first-player", "soon"), "takes a whole number"),
    ]
    for args, message in cases:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output, (args, result.output)


def test_replay_rejects_a_corrupt_record_with_the_step(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("play", "ramen-ramen", "--seats", "random,random", "--seed", "1", "--record", str(path))
    data = json.loads(path.read_text())
    data["moves"][5]["seat"] = 1 - data["moves"][5]["seat"]
    path.write_text(json.dumps(data))
    result = run("replay", str(path), "--check")
    assert result.exit_code == 1 and "step 5" in result.output
    (tmp_path / "junk.json").write_text("]]")
    assert "not valid JSON" in run("replay", str(tmp_path / "junk.json")).output


def test_replay_steps_through_every_decision(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("play", "ramen-ramen", "--seats", "greedy,greedy", "--seed", "1", "--record", str(path))
    moves = len(json.loads(path.read_text())["moves"])
    result = run("replay", str(path), "--no-step", "--seat", "0")
    assert result.exit_code == 0
    assert f"step {moves}/{moves}" in result.output and "wins" in result.output
    stepped = run("replay", str(path), input="\n\nq\n")
    assert "step 2/" in stepped.output and f"step {moves}/" not in stepped.output


def test_a_match_shows_running_totals_after_each_game_and_the_match_winner(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    result = run(
        "play", "ramen-ramen", "--seats", "greedy,random", "--seed", "3", "--games", "2",
        "--record", str(path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Match after 1 of 2 games" in result.output
    assert "Match after 2 of 2 games" in result.output and "Match won by seat 0" in result.output
    assert (tmp_path / "m-1.json").exists() and (tmp_path / "m-2.json").exists()
    assert run("play", "ramen-ramen", "--games", "0").exit_code == 2


def test_a_rummikub_match_lasts_one_game_per_player_by_default() -> None:
    result = run("play", "rummikub", "--seats", "solver,greedy", "--seed", "1", "--match")
    assert result.exit_code == 0, result.output
    assert "game 2 of 2" in result.output and "Match after 2 of 2 games" in result.output
