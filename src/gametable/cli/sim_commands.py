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
from gametable.cli.app import LangOpt, console, err, fail, find_game, parse_game_options
from gametable.cli.lang import known, listed, number, say, short_number, text
from gametable.core.errors import GameError, quote
from gametable.core.game import Game
from gametable.core.words import Msg
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

GameArg = Annotated[str, typer.Argument(metavar="cli.metavar.game", help="cli.help.game")]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", metavar="N", help="cli.help.players")
]
SeedOpt = Annotated[int, typer.Option(metavar="N", help="cli.help.sim.seed")]
WorkersOpt = Annotated[
    int | None, typer.Option("--workers", "-w", metavar="N", help="cli.help.sim.workers")
]
BatchOpt = Annotated[int | None, typer.Option(metavar="N", help="cli.help.sim.batch")]
BackendOpt = Annotated[str, typer.Option(metavar="cli.metavar.name", help="cli.help.sim.backend")]
AddressOpt = Annotated[
    str | None, typer.Option(metavar="cli.metavar.address", help="cli.help.sim.address")
]
OutOpt = Annotated[
    Path | None, typer.Option("--out", metavar="cli.metavar.file", help="cli.help.sim.out")
]
FormatOpt = Annotated[
    str | None,
    typer.Option("--format", metavar="cli.metavar.name", help="cli.help.sim.format"),
]
RecordsOpt = Annotated[
    Path | None,
    typer.Option("--records", metavar="cli.metavar.dir", help="cli.help.sim.records"),
]
ReportOpt = Annotated[
    Path | None,
    typer.Option("--report", metavar="cli.metavar.dir", help="cli.help.sim.report"),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="cli.metavar.name_value", help="cli.help.option"),
]
JsonOpt = Annotated[bool, typer.Option("--json", metavar="", help="cli.help.sim.json")]
ProgressOpt = Annotated[
    bool,
    typer.Option("--progress/--no-progress", metavar="", help="cli.help.sim.progress"),
]

assert BACKENDS == ("local", "ray") and FORMATS == ("sqlite", "csv", "parquet"), (
    "the help texts cli.help.sim.backend and cli.help.sim.format name these"
)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``tournament`` to the ``gametable`` command."""
    from gametable.cli.help import WithGameOptions

    app.command(context_settings=_CONTEXT, cls=WithGameOptions, help="cli.help.simulate")(
        simulate
    )
    app.command(context_settings=_CONTEXT, cls=WithGameOptions, help="cli.help.tournament")(
        tournament
    )


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
        TextColumn(say("cli.sim.eta")),
        TimeRemainingColumn(),
        console=err,
        disable=not show_progress,
    )
    task_id = progress.add_task(title, total=len(tasks), rate="")
    played = [0]

    def on_start(resumed: int, total: int) -> None:
        if resumed:
            err.print(Text(say("cli.sim.resuming", resumed=resumed, total=total)))
            # Count only the games to play, so the rate and the ETA are about them.
            rest = say("cli.sim.rest", title=title)
            progress.update(task_id, total=total - resumed, description=rest)

    def on_rows(rows: list[GameRow]) -> None:
        played[0] += len(rows)
        elapsed = progress.tasks[0].elapsed or 0.0
        rate = say("cli.sim.rate", rate=number(played[0] / elapsed, 1)) if elapsed > 0 else ""
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
        say("cli.sim.stored", out=str(out)) if out is not None else say("cli.sim.nothing_stored")
    )
    previous = signal.getsignal(signal.SIGTERM)
    signal.signal(signal.SIGTERM, _terminate)  # a kill stops workers and keeps finished games
    try:
        body()
    except (SimError, GameError) as exc:
        raise fail(exc) from None
    except BrokenExecutor as exc:
        raise fail(Msg("cli.sim.worker_died", reason=str(exc), resume=resume), code=1) from None
    except KeyboardInterrupt:
        raise fail(Msg("cli.sim.interrupted", resume=resume), code=130) from None
    finally:
        signal.signal(signal.SIGTERM, previous)


def _terminate(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _check_batch(batch: int | None) -> None:
    if batch is not None and batch < 1:
        raise fail(Msg("cli.error.batch", batch=str(batch)))


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
            "--seats", "-s", metavar="cli.metavar.list", help="cli.help.simulate.seats"
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help="cli.help.simulate.games")
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
    lang: LangOpt = None,
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
            err.print(Text(say("cli.sim.report", page=str(page))))

    _guard(body, out)


def percent(rate: float) -> str:
    """A share as a percentage with one decimal, as the language writes it (12.3%, 12,3 %)."""
    return say("cli.sim.percent", value=number(100 * rate, 1))


def interval(value: str, low: float, high: float, decimals: int, scale: float = 1.0) -> str:
    """``value [low–high]``: a value and its 95% interval."""
    return say("cli.sim.interval", value=value, low=number(scale * low, decimals),
               high=number(scale * high, decimals))  # fmt: skip


def signed(value: float) -> str:
    """A difference with its sign and one decimal (+1.5, −0.3), as the language writes it."""
    from babel.numbers import format_decimal

    from gametable.cli.lang import current_locale

    return str(format_decimal(value, "+#,##0.0;-#,##0.0", locale=current_locale()))


def seat_label(label: str, seat: int | None = None) -> str:
    """A row of a per-seat table: the simulator labels it ``seat N (bots)``; in words."""
    if seat is not None and label.startswith(f"seat {seat} (") and label.endswith(")"):
        return say("cli.sim.seat_label", seat=seat, bots=label[len(f"seat {seat} (") : -1])
    return label


def _seat_table(title: str, stats: Sequence[SeatStats], players: int, by_seat: bool) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("", no_wrap=True)
    columns = ["games", "won", "shared", "score", "median", "p10_p90", "rank"]
    if players == 1:  # nothing to win against
        columns = [c for c in columns if c not in ("won", "shared", "rank")]
    for col in columns:
        table.add_column(say(f"cli.sim.col.{col}"), justify="right")
    for i, s in enumerate(stats):
        lo, hi = s.wins.interval
        sc = s.scores
        cells = [
            seat_label(s.label, i if by_seat else None),
            number(s.games),
            interval(percent(s.wins.value), lo, hi, 1, scale=100),
            percent(s.shared.value),
            interval(number(sc.mean, 2), sc.ci[0], sc.ci[1], 2),
            short_number(sc.median),
            say("cli.sim.range", low=short_number(sc.p10), high=short_number(sc.p90)),
            number(s.mean_rank, 2),
        ]
        if players == 1:
            del cells[7], cells[3], cells[2]
        table.add_row(*cells)
    return table


def _details(played: int, resumed: int, speed: float | None) -> str:
    """``12 played now, 3.4 games/s, 12 resumed``: what this run did."""
    parts = [say("cli.sim.played_now", count=played)]
    if speed is not None:
        parts.append(say("cli.sim.rate", rate=number(speed, 1)))
    if resumed:
        parts.append(say("cli.sim.resumed", count=resumed))
    return listed(parts)


def print_summary(
    console: Console, game: Game, spec: JobSpec, summary: Summary, run: JobRun
) -> None:
    """The tables and lines ``gametable simulate`` prints, in the run's language."""
    speed = run.played / run.seconds if run.played and run.seconds else None
    headline = say("cli.sim.headline", title="\x00", players=summary.players,
                   count=summary.games, seed=str(spec.seed),
                   details=_details(run.played, run.resumed, speed))  # fmt: skip
    before, _, after = headline.partition("\x00")
    show(console, Text.assemble(before, (text(game.title_words), "bold"), after))
    show(console, _seat_table(say("cli.sim.per_seat"), summary.per_seat, summary.players, True))
    if len(summary.per_bot) < summary.players:
        show(console, _seat_table(say("cli.sim.per_bot"), summary.per_bot, summary.players,
                                  False))  # fmt: skip
    fp = summary.first_player
    if fp is not None:
        lo, hi = fp.wins.interval
        seats = listed([say("cli.sim.first_seat", seat=s, count=n) for s, n in fp.by_seat.items()])
        advantage = signed(100 * fp.advantage)
        line = say(
            "cli.sim.first_player", won=percent(fp.wins.value), low=percent(lo),
            high=percent(hi), expected=percent(fp.expected), advantage=advantage,
        )  # fmt: skip
        show(console, Text.assemble(line + "  ", (say("cli.sim.first", seats=seats), "dim")))
    elif summary.players > 1:
        show(console, Text(say("cli.sim.first_player_none")))
    length = summary.length
    show(
        console,
        Text(
            say("cli.sim.length", mean=number(length.mean, 1), median=short_number(length.median),
                p10=short_number(length.p10), p90=short_number(length.p90),
                low=short_number(length.minimum), high=short_number(length.maximum))
        ),
    )  # fmt: skip
    if summary.players > 1:
        names = listed([
            say("cli.sim.tiebreak_count", name=name, count=n)
            for name, n in sorted(summary.tiebreak_names.items())
        ])  # fmt: skip
        rates = {"rate": percent(summary.tiebreaks.value),
                 "shared": percent(summary.shared_wins.value)}  # fmt: skip
        if names:
            show(console, Text(say("cli.sim.tiebreaks_named", names=names, **rates)))
        else:
            show(console, Text(say("cli.sim.tiebreaks", **rates)))
    if summary.verdicts:
        table = Table(title=say("cli.sim.verdicts"), title_justify="left")
        table.add_column(say("cli.sim.col.band"))
        table.add_column(say("cli.sim.col.games"), justify="right")
        table.add_column(say("cli.sim.col.share"), justify="right")
        for band, n in summary.verdicts:
            table.add_row(band, number(n), percent(n / summary.games))
        show(console, table)


# -- tournament ------------------------------------------------------------------------------


def tournament(
    ctx: typer.Context,
    game_name: GameArg,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots", "-b", metavar="cli.metavar.list", help="cli.help.tournament.bots"
        ),
    ] = None,
    players: PlayersOpt = None,
    rounds: Annotated[
        int,
        typer.Option("--rounds", metavar="N", help="cli.help.tournament.rounds"),
    ] = 10,
    mode: Annotated[
        str,
        typer.Option(metavar="cli.metavar.name", help="cli.help.tournament.mode"),
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
    lang: LangOpt = None,
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
            raise fail(Msg("cli.error.unknown_mode", mode=quote(mode), modes=listed(MODES)))
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
            err.print(Text(say("cli.sim.report", page=str(page))))

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
    """The leaderboard ``gametable tournament`` prints, in the run's language."""
    mode = str(dict(spec.params)["mode"])
    mode_id = "cli.tournament.mode." + mode.replace("-", "_")
    headline = say("cli.tournament.headline", title="\x00",
                   mode=say(mode_id) if known(mode_id) else mode, players=spec.players,
                   rounds=rounds, count=len(run.rows), seed=str(spec.seed),
                   details=_details(run.played, run.resumed, None))  # fmt: skip
    before, _, after = headline.partition("\x00")
    show(console, Text.assemble(before, (text(game.title_words), "bold"), after))
    table = Table(title=say("cli.tournament.leaderboard"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(say("cli.tournament.col.bot"), no_wrap=True)
    for col in ("rating", "mu", "sigma", "seats", "won", "score", "rank"):
        table.add_column(say(f"cli.tournament.col.{col}"), justify="right")
    for place, s in enumerate(standings, start=1):
        lo, hi = s.wins.interval
        table.add_row(
            str(place),
            s.bot,
            number(s.rating, 2),
            number(s.mu, 2),
            number(s.sigma, 2),
            number(s.games),
            interval(percent(s.wins.value), lo, hi, 1, scale=100),
            number(s.scores.mean, 2),
            number(s.mean_rank, 2),
        )
    show(console, table)
    note = "cli.tournament.note_solo" if spec.players == 1 else "cli.tournament.note"
    show(console, Text(say(note), style="dim"))
