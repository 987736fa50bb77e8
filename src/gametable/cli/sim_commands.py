"""``gametable simulate`` and ``gametable tournament``: batches of seeded bot games.

Both run on local processes (``--workers``) or on Ray (``--backend ray --address …``),
show a live progress bar, print tables, and can store per-game rows (``--out``), game
records (``--records``) and an HTML report with plots (``--report``). The same seed gives
the same games and numbers on every backend and worker count.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import BrokenExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from gametable.agents.base import agent_names
from gametable.cli.app import console, err, fail, find_game, parse_game_options
from gametable.core.errors import GameError
from gametable.core.game import Game
from gametable.sim.executors import BACKENDS, Executor, make_executor
from gametable.sim.jobs import (
    BotSpec,
    GameRow,
    GameTask,
    JobSpec,
    SimError,
    parse_bots,
    simulation_tasks,
)
from gametable.sim.runner import JobRun, run_job
from gametable.sim.stats import SeatStats, Summary, summarise
from gametable.sim.storage import FORMATS, Store, open_store
from gametable.sim.tournament import (
    MODES,
    Standing,
    head_to_head,
    leaderboard,
    require_ratings,
    tournament_tasks,
)

_CONTEXT = {"allow_extra_args": True, "ignore_unknown_options": True}

GameArg = Annotated[
    str, typer.Argument(metavar="GAME", help="e.g. ramen-ramen (see 'gametable games')")
]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", metavar="N", help="number of players")
]
SeedOpt = Annotated[
    int,
    typer.Option(metavar="N", help="job seed: every game's deal and bots derive from it"),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers", "-w", metavar="N", help="parallel workers (default: all available cores)"
    ),
]
BatchOpt = Annotated[
    int | None,
    typer.Option(
        metavar="N", help="games per task sent to a worker (default: about a second's worth)"
    ),
]
BackendOpt = Annotated[
    str, typer.Option(metavar="NAME", help=f"where to play: {' | '.join(BACKENDS)}")
]
AddressOpt = Annotated[
    str | None,
    typer.Option(metavar="ADDRESS", help="Ray cluster address (auto, ray://host:port); ray only"),
]
OutOpt = Annotated[
    Path | None,
    typer.Option(
        "--out",
        metavar="FILE",
        help="store per-game rows here (SQLite, or .csv/.parquet); reruns resume",
    ),
]
FormatOpt = Annotated[
    str | None,
    typer.Option(
        "--format",
        metavar="NAME",
        help=f"results format: {' | '.join(FORMATS)} (default: by suffix)",
    ),
]
RecordsOpt = Annotated[
    Path | None,
    typer.Option(
        "--records", metavar="DIR", help="write each game's record (JSON) in this folder"
    ),
]
ReportOpt = Annotated[
    Path | None,
    typer.Option("--report", metavar="DIR", help="write plots (PNG) and index.html in this folder"),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="NAME=VALUE", help="game option (repeatable)"),
]
JsonOpt = Annotated[bool, typer.Option("--json", metavar="", help="print the summary as JSON")]
ProgressOpt = Annotated[
    bool,
    typer.Option("--progress/--no-progress", metavar="", help="show the live progress bar"),
]


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``tournament`` to the ``gametable`` command."""
    from gametable.cli.help import WithGameOptions

    app.command(context_settings=_CONTEXT, cls=WithGameOptions)(simulate)
    app.command(context_settings=_CONTEXT, cls=WithGameOptions)(tournament)


# -- shared plumbing -------------------------------------------------------------------------


def _options(game: Game, option: list[str] | None, extra: list[str]) -> dict[str, Any]:
    return parse_game_options(game, option or [], extra)


@contextmanager
def _job_resources(
    backend: str, workers: int | None, address: str | None, out: Path | None, fmt: str | None
) -> Iterator[tuple[Executor, Store | None]]:
    store = open_store(out, fmt) if out is not None else None
    try:
        executor = make_executor(backend, workers, address)
    except BaseException:
        if store is not None:
            store.close()
        raise
    try:
        yield executor, store
    finally:
        executor.close()
        if store is not None:
            store.close()


def _run(
    title: str,
    spec: JobSpec,
    tasks: Sequence[GameTask],
    executor: Executor,
    store: Store | None,
    records: Path | None,
    batch: int | None,
    show_progress: bool,
) -> JobRun:
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
        console=err,
        disable=not show_progress,
    )
    task_id = progress.add_task(title, total=len(tasks), rate="")
    played = [0]

    def on_start(resumed: int, total: int) -> None:
        if resumed:
            err.print(f"resuming: {resumed} of {total} games already stored, not replayed")
            # Count only the games to play, so the rate and the ETA are about them.
            progress.update(task_id, total=total - resumed, description=f"{title} (rest)")

    def on_rows(rows: list[GameRow]) -> None:
        played[0] += len(rows)
        elapsed = progress.tasks[0].elapsed or 0.0
        rate = f"{played[0] / elapsed:,.1f} games/s" if elapsed > 0 else ""
        progress.update(task_id, advance=len(rows), rate=rate)

    with progress:
        return run_job(
            spec,
            tasks,
            executor,
            store,
            records=records,
            batch_size=batch,
            on_rows=on_rows,
            on_start=on_start,
        )


def _guard(body: Callable[[], None], out: Path | None) -> None:
    """Run a command body, turning expected errors into messages (never tracebacks)."""
    resume = (
        f"finished games are stored in {out}; rerun the same command to resume"
        if out is not None
        else "nothing was stored (use --out FILE to make a job resumable)"
    )
    previous = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, _terminate)  # a kill stops workers and keeps finished games
    try:
        body()
    except (SimError, GameError) as exc:
        raise fail(str(exc)) from None
    except BrokenExecutor as exc:
        raise fail(f"a worker process died ({exc}); {resume}", code=1) from None
    except KeyboardInterrupt:
        raise fail(f"interrupted: {resume}", code=130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _check_batch(batch: int | None) -> None:
    if batch is not None and batch < 1:
        raise SimError(f"--batch must be at least 1 game per task, got {batch}")


def show(console: Console, renderable: RenderableType) -> None:
    """Print ``renderable``; into a pipe or a file at its natural width, so that tables
    are never squeezed to 80 columns (which cut their confidence intervals)."""
    if console.is_terminal:
        console.print(renderable)
        return
    width = Measurement.get(console, console.options.update(width=10_000), renderable).maximum
    if width <= console.width:
        console.print(renderable)
        return
    # Console.print never goes wider than its console: a console as wide as the table.
    Console(file=console.file, width=width, highlight=False).print(renderable)


def _players(game: Game, players: int | None, given: int | None) -> int:
    if players is not None:
        return players
    if given is not None and given > 1:
        return given
    return max(game.min_players, 2) if game.max_players >= 2 else game.min_players


# -- simulate ----------------------------------------------------------------------------------


def simulate(
    ctx: typer.Context,
    game_name: GameArg,
    players: PlayersOpt = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            metavar="LIST",
            help="comma-separated bot per seat (one name fills every seat); bot:key=value "
            "passes settings",
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help="number of games")
    ] = 1000,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    batch: BatchOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: OutOpt = None,
    fmt: FormatOpt = None,
    records: RecordsOpt = None,
    report: ReportOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    show_progress: ProgressOpt = True,
) -> None:
    """Play many seeded games between bots and summarise them.

    Win rates per seat and bot with 95% intervals, scores, first-player advantage, game
    length, tie-breaks, and the distribution of verdicts (e.g. the solo critics' stars).
    """
    game = find_game(game_name)

    def body() -> None:
        _check_batch(batch)
        if report is not None:
            from gametable.sim.report import require_plotting

            require_plotting()
        seat_text = seats or next(iter(game.bots), "random")
        given = len([s for s in seat_text.split(",") if s.strip()])
        count = _players(game, players, given)
        bots = parse_bots(game, seat_text, count)
        options = _options(game, option, list(ctx.args))
        spec, tasks = simulation_tasks(game, count, bots, games, seed, options)
        with _job_resources(backend, workers, address, out, fmt) as (executor, store):
            run = _run(
                f"{game.name} ×{games}", spec, tasks, executor, store, records, batch, show_progress
            )
        summary = summarise(run.rows)
        if as_json:
            console.print_json(json.dumps({"job": spec.to_json(), **summary.to_json()}))
        else:
            print_summary(console, game, spec, summary, run)
        if report is not None:
            from gametable.sim.report import write_simulation_report

            page = write_simulation_report(report, spec, summary, run.rows)
            err.print(Text(f"report: {page}"))

    _guard(body, out)


def _seat_table(title: str, stats: Sequence[SeatStats], players: int) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("", no_wrap=True)
    columns = ["games", "won [95% CI]", "shared", "score [95% CI]", "median", "p10–p90", "rank"]
    if players == 1:  # nothing to win against
        columns = [c for c in columns if c not in ("won [95% CI]", "shared", "rank")]
    for col in columns:
        table.add_column(col, justify="right")
    for s in stats:
        lo, hi = s.wins.interval
        sc = s.scores
        cells = [
            s.label,
            str(s.games),
            f"{100 * s.wins.value:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]",
            f"{100 * s.shared.value:.1f}%",
            f"{sc.mean:.2f} [{sc.ci[0]:.2f}–{sc.ci[1]:.2f}]",
            f"{sc.median:g}",
            f"{sc.p10:g}–{sc.p90:g}",
            f"{s.mean_rank:.2f}",
        ]
        if players == 1:
            del cells[7], cells[3], cells[2]
        table.add_row(*cells)
    return table


def print_summary(
    console: Console, game: Game, spec: JobSpec, summary: Summary, run: JobRun
) -> None:
    """The tables and lines ``gametable simulate`` prints."""
    speed = f", {run.played / run.seconds:,.1f} games/s" if run.played and run.seconds else ""
    show(
        console,
        Text.assemble(
            (game.title, "bold"),
            f", {summary.players} player(s), {summary.games} games "
            f"(seed {spec.seed}; {run.played} played now{speed}"
            + (f", {run.resumed} resumed" if run.resumed else "")
            + ")",
        ),
    )
    show(console, _seat_table("Per seat", summary.per_seat, summary.players))
    if len(summary.per_bot) < summary.players:
        show(console, _seat_table("Per bot", summary.per_bot, summary.players))
    fp = summary.first_player
    if fp is not None:
        lo, hi = fp.wins.interval
        seats = ", ".join(f"seat {s}: {n}" for s, n in fp.by_seat.items())
        show(
            console,
            Text.assemble(
                f"First player: won {100 * fp.wins.value:.1f}% (95% CI {100 * lo:.1f}–"
                f"{100 * hi:.1f}%) vs {100 * fp.expected:.1f}% for the average seat → "
                f"advantage {100 * fp.advantage:+.1f} percentage points  ",
                (f"(first: {seats})", "dim"),
            ),
        )
    elif summary.players > 1:
        show(console, Text("First player: none (every seat decides at once from the start)"))
    length = summary.length
    show(
        console,
        Text(
            f"Game length: {length.mean:.1f} decisions (median {length.median:g}, "
            f"p10–p90 {length.p10:g}–{length.p90:g}, "
            f"range {length.minimum:g}–{length.maximum:g})"
        ),
    )
    if summary.players > 1:
        names = ", ".join(f"{name}: {n}" for name, n in sorted(summary.tiebreak_names.items()))
        show(
            console,
            Text(
                f"Tie-breaks: first place decided by a tie-break in "
                f"{100 * summary.tiebreaks.value:.1f}% of games"
                + (f" ({names})" if names else "")
                + f"; shared first place {100 * summary.shared_wins.value:.1f}%"
            ),
        )
    if summary.verdicts:
        table = Table(title="Verdicts", title_justify="left")
        table.add_column("band")
        table.add_column("games", justify="right")
        table.add_column("share", justify="right")
        for band, n in summary.verdicts:
            table.add_row(band, str(n), f"{100 * n / summary.games:.1f}%")
        show(console, table)


# -- tournament ------------------------------------------------------------------------------


def tournament(
    ctx: typer.Context,
    game_name: GameArg,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            metavar="LIST",
            help="comma-separated bots (default: every bot of the game); bot:key=value "
            "passes settings",
        ),
    ] = None,
    players: PlayersOpt = None,
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds",
            metavar="N",
            help="rounds; each plays every line-up in every seat rotation",
        ),
    ] = 10,
    mode: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="round-robin, or gauntlet (the first bot against each of the others)",
        ),
    ] = "round-robin",
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    batch: BatchOpt = None,
    backend: BackendOpt = "local",
    address: AddressOpt = None,
    out: OutOpt = None,
    fmt: FormatOpt = None,
    records: RecordsOpt = None,
    report: ReportOpt = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    show_progress: ProgressOpt = True,
) -> None:
    """Round robin or gauntlet between bots, with seat rotation, ratings and a leaderboard.

    Every line-up plays every rotation of its seats on the same deals; ratings are
    openskill's. With --out, an interrupted tournament resumes without replaying games.
    """
    game = find_game(game_name)

    def body() -> None:
        _check_batch(batch)
        require_ratings()
        if report is not None:
            from gametable.sim.report import require_plotting

            require_plotting()
        if mode not in MODES:
            raise SimError(f"unknown --mode {mode!r} (choose from: {', '.join(MODES)})")
        specs: list[BotSpec] = parse_bots(game, bots or ",".join(agent_names(game)))
        count = _players(game, players, None)
        options = _options(game, option, list(ctx.args))
        spec, tasks = tournament_tasks(game, count, specs, rounds, seed, options, mode)
        names = [str(b) for b in specs]
        with _job_resources(backend, workers, address, out, fmt) as (executor, store):
            run = _run(
                f"{game.name} {mode}", spec, tasks, executor, store, records, batch, show_progress
            )
        standings = leaderboard(run.rows, names)
        pairs = head_to_head(run.rows)
        if as_json:
            console.print_json(
                json.dumps(
                    {
                        "job": spec.to_json(),
                        "rounds": rounds,
                        "games": len(run.rows),
                        "leaderboard": [_standing_json(s) for s in standings],
                        "head_to_head": [
                            {"bot": a, "opponent": b, "ahead": r.value, "meetings": r.trials}
                            for (a, b), r in pairs.items()
                        ],
                    }
                )
            )
        else:
            print_leaderboard(console, game, spec, rounds, standings, run)
        if report is not None:
            from gametable.sim.report import write_tournament_report

            page = write_tournament_report(report, spec, standings, pairs, run.rows)
            err.print(Text(f"report: {page}"))

    _guard(body, out)


def _standing_json(s: Standing) -> dict[str, Any]:
    return {
        "bot": s.bot,
        "rating": s.rating,
        "mu": s.mu,
        "sigma": s.sigma,
        "seats": s.games,
        "win_rate": s.wins.value,
        "win_rate_ci": list(s.wins.interval),
        "mean_score": s.scores.mean,
        "mean_rank": s.mean_rank,
    }


def print_leaderboard(
    console: Console,
    game: Game,
    spec: JobSpec,
    rounds: int,
    standings: Sequence[Standing],
    run: JobRun,
) -> None:
    """The leaderboard ``gametable tournament`` prints."""
    params = dict(spec.params)
    show(
        console,
        Text.assemble(
            (game.title, "bold"),
            f" {params['mode']}, {spec.players} player(s), {rounds} round(s), "
            f"{len(run.rows)} games (seed {spec.seed}; {run.played} played now"
            + (f", {run.resumed} resumed" if run.resumed else "")
            + ")",
        ),
    )
    table = Table(title="Leaderboard", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("bot", no_wrap=True)
    for col in ("rating", "μ", "σ", "seats", "won [95% CI]", "score", "rank"):
        table.add_column(col, justify="right")
    for place, s in enumerate(standings, start=1):
        lo, hi = s.wins.interval
        won = f"{100 * s.wins.value:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]"
        table.add_row(
            str(place),
            s.bot,
            f"{s.rating:.2f}",
            f"{s.mu:.2f}",
            f"{s.sigma:.2f}",
            str(s.games),
            won,
            f"{s.scores.mean:.2f}",
            f"{s.mean_rank:.2f}",
        )
    show(console, table)
    show(
        console,
        Text(
            "rating = μ − 3σ (openskill Plackett–Luce); 'won' counts first places, "
            "shared ones included"
            + (
                "; solo: 'won' and 'rank' are among the bots on the same deal"
                if spec.players == 1
                else ""
            ),
            style="dim",
        ),
    )
