"""``gametable simulate`` and ``gametable tournament`` from the command line, bad input included."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gametable.cli.main import app
from gametable.core.records import load, replay
from gametable.sim import GameRow, JobSpec, load_results

runner = CliRunner()


@dataclass
class Ran:
    """A finished command: exit code, stdout alone, and all output with its line wrapping
    undone (the console's width depends on where the tests run)."""

    exit_code: int
    stdout: str
    output: str


def run(*args: str) -> Ran:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return Ran(result.exit_code, result.stdout, " ".join(result.output.split()))


def test_simulate_prints_the_summary_and_stores_rows_records_and_a_report(tmp_path: Path) -> None:
    out, recs, report = tmp_path / "r.sqlite", tmp_path / "records", tmp_path / "report"
    result = run(
        "simulate", "ramen-ramen", "--seats", "greedy,random", "--games", "12", "--seed", "5",
        "--workers", "1", "--no-progress", "--out", str(out), "--records", str(recs),
        "--report", str(report),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Ramen! Ramen!, 2 player(s), 12 games (seed 5; 12 played now" in result.output
    assert "seat 0 (greedy)" in result.output and "First player: won" in result.output
    assert "Game length: 54.0 decisions" in result.output
    [(spec, rows)] = load_results(out)
    assert spec.kind == "simulate" and len(rows) == 12
    records = sorted(recs.glob("game-*.json"))
    assert len(records) == 12
    final = replay(load(records[3]))
    assert [float(s) for s in final.result().scores] == list(rows[3].scores)
    page = (report / "index.html").read_text()
    for image in ("scores.png", "win_rates.png", "length.png"):
        assert (report / image).stat().st_size > 1000 and image in page
    again = run(
        "simulate", "ramen-ramen", "--seats", "greedy,random", "--games", "12", "--seed", "5",
        "--workers", "1", "--no-progress", "--out", str(out),
    )  # fmt: skip
    assert "12 resumed" in again.output and "0 played now" in again.output
    longer = run(
        "simulate", "ramen-ramen", "--seats", "greedy,random", "--games", "15", "--seed", "5",
        "--workers", "1", "--no-progress", "--out", str(out), "--json",
    )  # fmt: skip
    assert json.loads(longer.stdout)["games"] == 15
    shorter = run(
        "simulate", "ramen-ramen", "--seats", "greedy,random", "--games", "4", "--seed", "5",
        "--workers", "1", "--no-progress", "--out", str(out),
    )  # fmt: skip
    assert "4 games (seed 5; 0 played now" in shorter.output and "4 resumed" in shorter.output
    [(_, stored)] = load_results(out)
    assert len(stored) == 15 and stored[:12] == rows


def test_simulate_json_summary_is_the_same_on_one_or_two_workers(tmp_path: Path) -> None:
    args = ["simulate", "ramen-fury", "-s", "greedy", "-n", "10", "--seed", "3", "--json"]
    one = json.loads(run(*args, "--workers", "1", "--no-progress").stdout)
    two = json.loads(run(*args, "--workers", "2", "--no-progress").stdout)
    for summary in (one, two):
        summary.pop("seconds_per_game")  # timing: the only figure that may differ
    assert one == two
    assert one["games"] == 10 and one["job"]["params"]["seats"] == ["greedy", "greedy"]
    assert one["first_player"]["games"] == 10


def test_a_solo_simulation_reports_the_verdict_bands(tmp_path: Path) -> None:
    result = run(
        "simulate", "ramen-ramen", "-p", "1", "-s", "greedy", "-n", "6", "-w", "1",
        "--no-progress", "--out", str(tmp_path / "solo.csv"), "--report", str(tmp_path / "rep"),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Verdicts" in result.output and "★" in result.output
    assert "First player" not in result.output
    assert (tmp_path / "rep" / "verdicts.png").exists()
    assert (tmp_path / "solo.csv.jobs.json").exists()


def test_game_options_pass_through(tmp_path: Path) -> None:
    result = run(
        "simulate", "ramen-fury", "-s", "greedy,random", "-n", "2", "-w", "1", "--no-progress",
        "--basic", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["job"]["options"]["basic"] is True


def test_tournament_prints_a_leaderboard_resumes_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "t.parquet"
    args = ["tournament", "ramen-ramen", "--bots", "greedy,random", "--rounds", "3",
            "--workers", "1", "--no-progress", "--out", str(out)]  # fmt: skip
    first = run(*args, "--report", str(tmp_path / "rep"))
    assert first.exit_code == 0, first.output
    assert "round-robin, 2 player(s), 3 round(s), 6 games" in first.output
    board = first.output[first.output.index("Leaderboard") :]
    assert board.index("greedy") < board.index("random")
    assert (tmp_path / "rep" / "head_to_head.png").exists()
    again = run(*args)
    assert "resuming: 6 of 6 games already stored" in again.output
    assert "0 played now, 6 resumed" in again.output
    listing = json.loads(run(*args, "--json").stdout)
    assert [e["bot"] for e in listing["leaderboard"]] == ["greedy", "random"]
    more = run(*args[:5], "4", *args[6:])
    assert "4 round(s), 8 games" in more.output and "2 played now, 6 resumed" in more.output


def test_a_gauntlet_against_a_full_table(tmp_path: Path) -> None:
    result = run(
        "tournament", "ramen-fury", "--bots", "greedy,random", "--players", "3",
        "--mode", "gauntlet", "--rounds", "1", "-w", "1", "--no-progress", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    listing = json.loads(result.stdout)
    assert listing["games"] == 3
    seats = {e["bot"]: e["seats"] for e in listing["leaderboard"]}
    assert seats == {"greedy": 3, "random": 6}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "ramen-ramen", "-s", "greedy,wizard"], "no bot 'wizard' for ramen-ramen"),
        (["simulate", "ramen-ramen", "-n", "0"], "--games must be at least 1"),
        (["simulate", "ramen-ramen", "-p", "9"], "for 1–4 players, not 9"),
        (["simulate", "ramen-ramen", "--backend", "spark"], "unknown backend 'spark'"),
        (["simulate", "ramen-ramen", "--workers", "0"], "--workers must be at least 1"),
        (["simulate", "ramen-ramen", "--format", "xlsx", "--out", "x"], "unknown results format"),
        (["simulate", "ramen-ramen", "--turbo"], "no such option '--turbo' for ramen-ramen"),
        (["simulate", "ramen-ramen", "-s", "random:depth=3"], "cannot be built"),
        (["tournament", "ramen-ramen", "--bots", "greedy"], "at least two bots"),
        (["tournament", "ramen-ramen", "--mode", "swiss"], "unknown --mode 'swiss'"),
        (["tournament", "ramen-ramen", "--rounds", "0"], "--rounds must be at least 1"),
        (["simulate", "ramen-ramen", "--batch", "0"], "--batch must be at least 1 game per task"),
        (["simulate", "ramen-ramen", "--batch", "-1"], "--batch must be at least 1"),
        (["tournament", "ramen-ramen", "--batch", "0"], "--batch must be at least 1"),
        (["simulate", "ramen-ramen", "-n", "2000000"], "--games is at most 1,000,000 per run"),
        (["simulate", "ramen-ramen", "-n", "9" * 3000], "got <an integer of 3000 digits>"),
        (["tournament", "ramen-ramen", "--rounds", "10000000"], "at most 83,333 rounds"),
        (["simulate", "ramen-ramen", "-w", "100000"], "more than 8 per core"),
        (
            ["simulate", "ramen-ramen", "-s", "greedy:avg_card=abc"],
            "setting avg_card takes a number, got 'abc'; the greedy bot takes: avg_card (a "
            "number, default 2.6)",
        ),
        (
            ["simulate", "ramen-ramen", "-s", "greedy:depth=3"],
            "the greedy bot has no setting 'depth'; the greedy bot takes: avg_card",
        ),
    ],
)
def test_bad_input_is_named_without_a_traceback(args: list[str], message: str) -> None:
    result = run(*args, "--no-progress")
    assert result.exit_code == 2
    assert message in result.output, result.output


def test_a_malformed_results_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    result = run("simulate", "ramen-ramen", "-n", "2", "--no-progress", "--out", str(bad))
    assert result.exit_code == 2
    assert "is not a gametable results file" in result.output


def test_piped_tables_keep_their_confidence_intervals_whole() -> None:
    result = runner.invoke(
        app,
        ["simulate", "ramen-ramen", "-s", "greedy,random", "-n", "30", "-w", "1",
         "--no-progress"],
        env={"COLUMNS": None},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    rows = [line for line in result.output.splitlines() if line.startswith("│ seat")]
    assert len(rows) == 2
    for row in rows:
        assert re.search(r"\d+\.\d% \[\d+\.\d–\d+\.\d\]", row), row
        assert re.search(r"\d+\.\d\d \[\d+\.\d\d–\d+\.\d\d\]", row), row
    assert "percentage points" in result.output
    board = runner.invoke(
        app,
        ["tournament", "ramen-ramen", "--bots", "greedy,random", "--rounds", "3", "-w", "1",
         "--no-progress"],
        env={"COLUMNS": None},
    )  # fmt: skip
    assert board.exit_code == 0 and "…" not in board.output
    assert re.search(r"100\.0% \[\d+\.\d–100\.0\]", board.output), board.output


@pytest.mark.parametrize(
    ("args", "module"),
    [
        (["simulate", "ramen-ramen", "-n", "2", "--report"], "matplotlib"),
        (["tournament", "ramen-ramen", "--rounds", "1", "--report"], "matplotlib"),
        (["tournament", "ramen-ramen", "--rounds", "1", "--json", "--records"], "openskill"),
    ],
)
def test_a_missing_extra_is_named_literally_before_any_game_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], module: str
) -> None:
    import sys

    for name in list(sys.modules):
        if name == module or name.startswith(module + "."):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, module, None)  # import fails: not installed
    folder = tmp_path / "out"
    result = run(*args, str(folder), "-w", "1", "--no-progress")
    assert result.exit_code == 2
    assert f"need {module}: pip install 'gametable[sim]'" in result.output
    assert "make play" in result.output and "games/s" not in result.output  # before any game
    assert not folder.exists()


def test_the_html_report_reads_as_a_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gametable.sim import report

    drawn: dict[str, tuple[list[str], object]] = {}
    real = report.histogram_figure

    def spy(title: str, xlabel: str, series: list[tuple[str, list[float]]]) -> object:
        figure = real(title, xlabel, series)
        drawn[title] = ([label for label, _ in series], figure)
        return figure

    monkeypatch.setattr(report, "histogram_figure", spy)
    folder = tmp_path / "report"
    result = run("simulate", "ramen-ramen", "-s", "greedy,random", "-n", "12", "--seed", "5",
                 "-w", "1", "--no-progress", "--report", str(folder))  # fmt: skip
    assert result.exit_code == 0, result.output
    page = (folder / "index.html").read_text()
    assert '{"kind"' not in page and "&quot;kind&quot;" not in page  # no raw job JSON
    assert "<th>game</th><td>ramen-ramen</td>" in page
    assert "<th>seats</th><td>greedy, random</td>" in page and "<th>seed</th><td>5</td>" in page
    assert "percentage points" in page
    assert "Tie-breaks: 0.0% of games" not in page and "<th>tie-break</th>" not in page
    labels, _ = drawn["Scores"]
    assert labels == ["seat 0 (greedy)", "seat 1 (random)"]  # the legend names the bots
    _, figure = drawn["Game length"]  # every game lasts 54 decisions: one bar
    axes = figure.axes[0]  # type: ignore[attr-defined]
    ticks = [t for t in axes.get_xticks() if axes.get_xlim()[0] <= t <= axes.get_xlim()[1]]
    assert ticks and all(float(t).is_integer() for t in ticks), ticks
    low, high = axes.get_xlim()
    assert low <= 52 and high >= 56


def test_a_tie_break_table_appears_only_with_tie_breaks(tmp_path: Path) -> None:
    from gametable.sim.report import write_simulation_report
    from gametable.sim.stats import summarise

    base = GameRow(index=0, group=0, deal_seed=1, agent_seed=2, bots=("a", "b"),
                   scores=(3.0, 3.0), ranks=(1, 2), winners=(0,), tiebreak="most bowls",
                   first_seat=0, decisions=10)  # fmt: skip
    rows = [base, replace(base, index=1, tiebreak=None, scores=(4.0, 1.0))]
    spec = JobSpec("simulate", "ramen-ramen", 2, (), 1, (("seats", ("a", "b")),))
    page = write_simulation_report(tmp_path / "r", spec, summarise(rows), rows).read_text()
    assert "<th>tie-break</th>" in page and "<td>most bowls</td>" in page
