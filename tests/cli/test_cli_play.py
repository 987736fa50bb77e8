"""The ``gametable`` command, driven with scripted input (including bad input)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gametable.cli.main import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def fixed_bot_streams(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots draw from fresh entropy in terminal play (issue 12.1); here their streams are
    fixed so that what these tests assert about a game (who wins) cannot vary."""
    from gametable.agents import play

    monkeypatch.setattr(play, "fresh_seed", lambda: 12345)


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    result = runner.invoke(app, list(args), input=input, env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    return result


def test_games_lists_each_game_with_modes_options_and_bots() -> None:
    from gametable.cli.main import mode_words
    from gametable.core import get_game

    result = run("games")
    assert result.exit_code == 0
    out = " ".join(result.output.split())
    assert "ramen-ramen — Ramen! Ramen! (1–4 players)" in out
    modes = get_game("ramen-ramen").modes
    assert all(mode_words(get_game('ramen-ramen'), n) in out for n in modes)
    assert "two players: the three bowls are shared" in out  # each count as the game says it
    assert "--first-player" in out and "First player" in out  # the option and its words
    assert "bots: greedy, planner, random, ismcts" in out
    assert "plays a legal move at random" in out  # what a bot does


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
    assert "into which bowl should Nori 4 go?" in out
    assert "There is no move #999" in out
    assert "Not allowed:" in out  # A0>1 A0>2: the same card twice
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
    assert "Hint: Put " in result.output and " into bowl " in result.output  # in words


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
            "--seats names 2 seats but --players is 3",
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


# -- the seed (issue 12.1) -------------------------------------------------------------------


def test_the_seed_is_never_shown_before_the_game_is_over(tmp_path: Path) -> None:
    seed = "987654321987"
    unfinished = run("play", "ramen-ramen", "--seats", "human,greedy", "--seed", seed,
                     input="help\nmoves\nboard\n#1\nquit\n")  # fmt: skip
    assert unfinished.exit_code == 0 and "Game left unfinished" in unfinished.output
    assert seed not in unfinished.output
    hot_seat = run("play", "ramen-tips", "--seats", "human,human,greedy", "--seed", seed,
                   input="\n#1\n\n#1\nquit\n")  # fmt: skip
    assert "Pass the keyboard" in hot_seat.output and seed not in hot_seat.output
    finished = run("play", "ramen-ramen", "--seats", "greedy,random", "--seed", seed)
    assert seed not in finished.output.split("Game over")[0]
    assert f"Dealt from seed {seed}" in finished.output.split("Game over")[1]


def test_a_match_shows_its_seed_only_once_the_match_is_over() -> None:
    """Every deal of a match derives from its seed: showing it after game 1 would give
    game 2 away."""
    seed = "424242424242"
    result = run("play", "ramen-ramen", "--seats", "greedy,random", "--seed", seed,
                 "--games", "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    before, after = result.output.split("Match won by" if "Match won by" in result.output
                                        else "Match shared by")  # fmt: skip
    assert seed not in before and f"The match was dealt from seed {seed}" in after


def test_a_game_without_seed_is_dealt_from_64_bits_of_entropy(tmp_path: Path) -> None:
    seeds = []
    for i in range(4):
        path = tmp_path / f"{i}.json"
        run("play", "ramen-ramen", "--seats", "greedy,greedy", "--record", str(path))
        seeds.append(json.loads(path.read_text())["seed"])
    assert len(set(seeds)) == 4 and max(seeds) >= 2**32


# -- bot settings (issue 11.13, issue 12.8) ---------------------------------------------------


def test_play_takes_the_bot_settings_simulate_takes(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = run("play", "ramen-ramen", "--seats", "ismcts:iterations=5,greedy:avg_card=3",
                 "--seed", "2", "--record", str(path))  # fmt: skip
    assert result.exit_code == 0, result.output
    seats = json.loads(path.read_text())["meta"]["seats"]
    assert seats == ["ismcts:iterations=5", "greedy:avg_card=3"]


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("human,greedy:avg_card=abc", "setting avg_card takes a number, got 'abc'"),
        ("human,greedy:depth=3", "the greedy bot has no setting 'depth'"),
        ("human,ismcts:iterations=0", "iterations must be at least 1"),
        ("human,greedy:depth", "must be key=value"),
    ],
)
def test_bad_bot_settings_are_refused_before_the_game(seats: str, message: str) -> None:
    result = run("play", "ramen-ramen", "--seats", seats)
    assert result.exit_code == 2 and message in result.output
    if "greedy" in message or "avg_card" in message:
        assert "avg_card (a number, default 2.6)" in result.output
    assert "Seat 0" not in result.output  # no game was shown


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rummikub", "--option", "turn_seconds=nan"), "'turn_seconds' takes a whole number"),
        (("rummikub", "--turn-seconds", "1e400"), "'turn_seconds' takes a whole number"),
        (("rummikub", "--turn-seconds", str(10**30)), "turn_seconds must be at most a week"),
        (("rummikub", "--turn-seconds", "604801"), "turn_seconds must be at most a week"),
        (
            ("ramen-ramen", "--seats", "human,ismcts:seconds=nan"),
            "the ismcts bot's setting seconds takes a finite number, got nan",
        ),
        (
            ("ramen-ramen", "--seats", "human,ismcts:exploration=1e400"),
            "the ismcts bot's setting exploration takes a finite number, got inf",
        ),
    ],
)
def test_non_finite_and_huge_numbers_are_refused_before_the_game(
    args: tuple[str, ...], message: str
) -> None:
    """A turn timer of 10**30 seconds overflowed the terminal's wait (a traceback), and a bot
    with ``seconds=nan`` had a clock that never ends (issue 28)."""
    result = run("play", *args, input="\n")
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert "seat 0>" not in result.output  # no game was shown


# -- --record and --resume (issue 11.13, issue 12.7, issue 12.8) ------------------------------


def test_a_record_path_that_cannot_hold_a_file_fails_up_front(tmp_path: Path) -> None:
    blocker = tmp_path / "file.txt"
    blocker.write_text("x")
    cases = [
        (tmp_path, "is a folder"),
        (blocker / "game.json", "is a file, not a folder"),
        (tmp_path / "missing" / "game.json", "does not exist"),
    ]
    for path, message in cases:
        result = run("play", "ramen-ramen", "--seats", "human,greedy", "--record", str(path),
                     input="#1\n")  # fmt: skip
        assert result.exit_code == 2 and message in result.output, result.output
        assert "Seat 0" not in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]  # no stray .tmp


def test_resume_needs_no_game_name_and_checks_the_stored_seats(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "ramen-ramen", "--seats", "human,greedy", "--seed", "4", "--record", str(path),
        input="#1\nquit\n")  # fmt: skip
    assert "resume it with gametable play --resume" in " ".join(
        run("play", "--resume", str(path), input="quit\n").output.split()
    )
    assert run("play", "rummikub", "--resume", str(path)).exit_code == 2
    data = json.loads(path.read_text())
    for seats in (["human"], ["human", "wizard"], [1, 2], "human,greedy",
                  ["human", "greedy:depth=3"]):  # fmt: skip
        data["meta"]["seats"] = seats
        path.write_text(json.dumps(data))
        result = run("play", "--resume", str(path))
        assert result.exit_code == 2 and "meta.seats" in result.output, (seats, result.output)
    assert run("play").exit_code == 2 and "name a game" in run("play").output


def test_replay_check_says_when_a_record_is_unfinished(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    run("play", "ramen-ramen", "--seats", "human,greedy", "--seed", "4", "--record", str(path),
        input="#1\nquit\n")  # fmt: skip
    result = run("replay", str(path), "--check")
    assert result.exit_code == 0
    assert "The game is unfinished: seat" in result.output and "--resume" in result.output


def test_replay_check_of_a_file_that_is_not_text_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "photo.json"
    path.write_bytes(bytes(range(256)) * 40)
    result = run("replay", str(path), "--check")
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "is not UTF-8 text" in result.output
    assert result.output.count(str(path)) == 1  # the file named once


# -- help and flags (issue 11.13) -------------------------------------------------------------


COMMANDS = ["play", "replay", "games", "simulate", "tournament"]


def test_help_shows_what_to_type_not_python_types() -> None:
    for command in COMMANDS:
        text = run(command, "--help").output
        for placeholder in ("<bool>", "<list[", "<str>", "<int>", "<path>", "<float>"):
            assert placeholder not in text, (command, placeholder)


def test_play_help_lists_every_games_options() -> None:
    text = run("play", "--help").output
    for option in ("--narutos", "--turn-seconds N", "--first-player N", "--basic"):
        assert option in text, option
    assert "--turn-seconds" in run("simulate", "--help").output


def test_a_short_flag_means_the_same_in_every_command() -> None:
    import typer

    from gametable.cli.main import app

    group = typer.main.get_command(app)
    meaning: dict[str, set[str]] = {}
    for name in COMMANDS:
        command = group.commands[name]  # type: ignore[attr-defined]
        for param in command.params:
            longs = [o for o in param.opts if o.startswith("--")]
            for short in (o for o in param.opts if not o.startswith("--")):
                meaning.setdefault(short, set()).update(longs)
    clashes = {short: longs for short, longs in meaning.items() if len(longs) > 1}
    assert not clashes
    assert meaning["-n"] == {"--games"} and meaning["-p"] == {"--players"}


def test_errors_are_printed_literally() -> None:
    result = run("play", "ramen-ramen", "--seats", "human,[bold]wizard[/bold]")
    assert result.exit_code == 2 and "'[bold]wizard[/bold]'" in result.output
