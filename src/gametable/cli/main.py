"""The ``gametable`` command: play, replay and list games, and the entry point.

The typer app and the helpers the command modules share are in :mod:`.app`; this module
adds its own commands, then those of :mod:`.sim_commands` and :mod:`.serve`.

Game options can be given as ``--option name=value`` or directly as ``--name value`` /
``--name`` (for true/false options), using the option names ``gametable games`` lists
(underscores or dashes).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from gametable.agents.base import agent_names, make_agent, parse_agent_spec
from gametable.cli.app import app, console, err, fail, find_game, parse_game_options
from gametable.cli.help import Command, WithGameOptions
from gametable.cli.serve import register as register_serve_command
from gametable.cli.serve import register_web
from gametable.cli.session import HUMAN, LineReader, Session
from gametable.cli.sim_commands import register as register_sim_commands
from gametable.core.errors import GameError, OptionError, RecordError, quote
from gametable.core.game import Game, score_to_json
from gametable.core.records import MAX_INT_DIGITS, Recorder, load, replay
from gametable.core.registry import all_games
from gametable.core.rng import derive_seed, fresh_seed


def parse_seats(game: Game, seats: str | None, players: int) -> list[str]:
    """One entry per seat: ``human`` or a bot written ``name[:setting=value]*``.

    Bots and their settings are checked here, before any game starts; the error lists the
    settings the bot takes.
    """
    if seats is None:
        default_bot = next(iter(game.bots), "random")
        return [HUMAN] + [default_bot] * (players - 1)
    chosen = [s.strip() for s in seats.split(",") if s.strip()]
    if len(chosen) != players:
        raise OptionError(f"--seats names {len(chosen)} seat(s) but --players is {players}")
    return [check_seat_spec(game, spec) for spec in chosen]


def check_seat_spec(game: Game, spec: object) -> str:
    """``spec`` checked as a seat (``human`` or a bot with valid settings), normalised."""
    if not isinstance(spec, str):
        raise OptionError(f"a seat is human or a bot name, not {quote(spec)}")
    if spec.strip().lower() == HUMAN:
        return HUMAN
    name, settings = parse_agent_spec(spec)
    names = agent_names(game)
    if name not in names:
        raise OptionError(f"unknown seat {quote(name)} (choose from: human, {', '.join(names)})")
    make_agent(game, name, 0, **settings)  # every setting checked, as the game will use it
    shown = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in settings.items()}
    return ":".join([name, *(f"{k}={v}" for k, v in shown.items())])


def check_record_path(path: Path) -> None:
    """Refuse, before the game, a ``--record`` path that cannot hold a file."""
    if path.is_dir():
        raise OptionError(
            f"--record {path} is a folder; give a file name, e.g. {path / 'game.json'}"
        )
    parent = path.parent
    if not parent.exists():
        raise OptionError(f"--record {path}: the folder {parent} does not exist")
    if not parent.is_dir():
        raise OptionError(f"--record {path}: {parent} is a file, not a folder")


_CONTEXT = {"allow_extra_args": True, "ignore_unknown_options": True}


@app.command(context_settings=_CONTEXT, cls=WithGameOptions)
def play(
    ctx: typer.Context,
    game_name: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="e.g. ramen-ramen (see 'gametable games'); not needed with --resume",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", metavar="N", help="number of players")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            metavar="LIST",
            help="comma-separated: human or a bot per seat; bot:key=value passes settings",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help="deal seed (default: random; shown when the game ends)"),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            "-r",
            metavar="FILE",
            help="save the game record here (updated after every move)",
        ),
    ] = None,
    resume_path: Annotated[
        Path | None,
        typer.Option("--resume", metavar="FILE", help="continue an unfinished record"),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="NAME=VALUE", help="game option (repeatable)"),
    ] = None,
    show_bots: Annotated[
        bool,
        typer.Option(
            "--show-bots/--quiet-bots", metavar="", help="print each bot decision"
        ),
    ] = False,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-n",
            metavar="N",
            help="play a match of this many games with running totals",
        ),
    ] = None,
    match: Annotated[
        bool,
        typer.Option(
            "--match",
            metavar="",
            help="play a match as long as the game's rules or options say",
        ),
    ] = False,
) -> None:
    """Play a game in the terminal against bots or friends (bots only: it runs by itself)."""
    if (games is not None or match) and resume_path is not None:
        raise fail("--resume continues one game; it cannot be combined with --games or --match")
    if games is not None and games < 1:
        raise fail(f"--games must be at least 1, got {games}")
    if seed is not None and abs(seed) >= 10**MAX_INT_DIGITS:
        raise fail(f"--seed takes at most {MAX_INT_DIGITS} digits")
    if resume_path is not None:
        try:
            saved = load(resume_path)
            recorder = Recorder.resume(saved)
        except RecordError as exc:
            raise fail(f"cannot resume {resume_path}: {exc}") from None
        game = saved.game
        if game_name is not None and find_game(game_name) is not game:
            raise fail(f"{resume_path} is a {game.name} record, not {game_name}")
        try:
            seat_names = resumed_seats(game, saved.meta.get("seats"), seats, saved.players)
        except GameError as exc:
            raise fail(f"cannot resume {resume_path}: {exc}") from None
        record = record or resume_path
    else:
        if game_name is None:
            raise fail("name a game (see 'gametable games'), or give --resume FILE")
        game = find_game(game_name)
        if seed is None:
            seed = fresh_seed()
        if players is None:
            named = [s for s in (seats or "").split(",") if s.strip()]
            players = len(named) if named else max(game.min_players, 2)
        try:
            options = parse_game_options(game, option or [], list(ctx.args))
            seat_names = parse_seats(game, seats, players)
            recorder = Recorder(game, players, seed, **options)
        except GameError as exc:
            raise fail(str(exc)) from None
    if record is not None:
        first = record if games is None and not match else match_record_path(record, 1)
        try:
            check_record_path(first)
        except GameError as exc:
            raise fail(str(exc)) from None
    if games is not None or match:
        play_match(game, seat_names, recorder, games, record, show_bots)
        return
    session = Session(
        game,
        seat_names,
        console,
        recorder,
        record_path=record,
        reader=LineReader(),
        show_bots=show_bots,
    )
    start_session(session)
    session.run()


def start_session(session: Session) -> None:
    """Save the record once before the first decision (a path that cannot be written fails
    here, not at the first move) and greet the humans (without the seed: it is the deal)."""
    if session.record_path is not None:
        session.recorder.record.meta["seats"] = list(session.seats)
        try:
            session.recorder.record.save(session.record_path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise fail(f"cannot write --record {session.record_path}: {reason}") from None
    if session.humans:
        console.print(
            Text.assemble(
                (session.game.title, "bold"),
                " — type 'help' for the notation and commands, 'moves' for your options.",
            )
        )
    if len(session.humans) > 1 and not console.is_terminal:
        err.print(
            "warning: the output is not a terminal, so the screen cannot be cleared when "
            "the keyboard passes between seats"
        )


def resumed_seats(
    game: Game, stored: object, seats: str | None, players: int
) -> list[str]:
    """The seats of a resumed game: the record's ``meta.seats``, checked like ``--seats``
    (a tampered list is refused, naming the problem), else ``--seats`` or the default."""
    if stored is None:
        return parse_seats(game, seats, players)
    if not isinstance(stored, list) or len(stored) != players:
        raise OptionError(
            f"its meta.seats must list {players} seats (human or a bot), got {quote(stored)}"
        )
    try:
        return [check_seat_spec(game, spec) for spec in stored]
    except GameError as exc:
        raise OptionError(f"its meta.seats: {exc}") from None


def match_record_path(record: Path, number: int) -> Path:
    """Where game ``number`` of a match goes with ``--record NAME.json``: ``NAME-k.json``."""
    return record.with_name(f"{record.stem}-{number}{record.suffix}")


def play_match(
    game: Game,
    seat_names: list[str],
    first: Recorder,
    games: int | None,
    record: Path | None,
    show_bots: bool,
) -> None:
    """Several games between the same seats, the standings shown after each game.

    Game 1 is dealt from the seed, game ``k`` from a seed derived from it; with
    ``--record NAME.json`` game ``k`` is saved as ``NAME-k.json``. Bots draw from fresh
    entropy in every game.
    """
    players = first.record.players
    options = first.record.options
    seed = first.record.seed if first.record.seed is not None else 0
    the_match = game.new_match(players, options, games)
    recorder = first
    for number in range(1, the_match.games + 1):
        if number > 1:
            recorder = Recorder(game, players, derive_seed(seed, number), **options)
        path = None if record is None else match_record_path(record, number)
        console.rule(f"{game.title} — game {number} of {the_match.games}")
        session = Session(
            game, seat_names, console, recorder, record_path=path, reader=LineReader(),
            show_bots=show_bots, show_seed=False,
        )  # fmt: skip
        start_session(session)
        session.run()
        if not recorder.state.is_over:
            console.print("[yellow]The match stops here.[/yellow]")
            return
        the_match.add(recorder.state.result())
        ranks, tiebreak = the_match.standings()
        table = Table(title=f"Match after {number} of {the_match.games} games")
        table.add_column("seat")
        for i in range(1, len(the_match.results) + 1):
            table.add_column(f"game {i}", justify="right")
        table.add_column("total", justify="right")
        table.add_column("games won", justify="right")
        table.add_column("rank", justify="right")
        for seat in range(players):
            table.add_row(
                f"{seat} ({seat_names[seat]})",
                *(str(score_to_json(r.scores[seat])) for r in the_match.results),
                str(score_to_json(the_match.totals[seat])),
                str(the_match.games_won[seat]),
                str(ranks[seat]),
            )
        console.print(table)
    winners = [str(s) for s in range(players) if ranks[s] == 1]
    line = (
        f"Match won by seat {', '.join(winners)}"
        if len(winners) == 1
        else (f"Match shared by seats {', '.join(winners)}")
    )
    console.print(
        f"[bold green]{line}{f' (decided by {tiebreak})' if tiebreak else ''}[/bold green]"
    )
    # Only now: every game's deal derives from this seed.
    console.print(Text(f"The match was dealt from seed {seed}.", style="dim"))


@app.command("replay", cls=Command)
def replay_cmd(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="a record file")],
    seat: Annotated[
        int | None,
        typer.Option(
            metavar="N", help="show this seat's view at every step (default: the acting seat's)"
        ),
    ] = None,
    step: Annotated[
        bool,
        typer.Option("--step/--no-step", metavar="", help="wait for Enter between decisions"),
    ] = True,
    check: Annotated[
        bool,
        typer.Option(
            "--check", metavar="", help="only validate the record and print the result"
        ),
    ] = False,
) -> None:
    """Step through a record, re-validating every decision and the result."""
    try:
        record = load(path)
        final = replay(record)
    except RecordError as exc:
        message = str(exc)  # file-level problems name the file already
        named = message if message.startswith(str(path)) else f"{path}: {message}"
        raise fail(named, code=1) from None
    game = record.game
    if seat is not None and not 0 <= seat < record.players:
        raise fail(f"--seat must be between 0 and {record.players - 1}")
    if check:
        console.print(Text(f"{path}: valid {game.title} record, {len(record.moves)} decisions."))
        if final.is_over:
            console.print(game.ui.render_result(final.result()))
        else:
            waiting = ", ".join(map(str, final.to_act))
            console.print(
                Text(
                    f"The game is unfinished: seat {waiting} to play next. Continue it with "
                    f"gametable play --resume {path}"
                )
            )
        return
    reader = LineReader()
    for index, (state, move) in enumerate(record.states()):
        who = seat if seat is not None else (move.seat if move else None)
        console.rule(f"step {index}/{len(record.moves)}")
        console.print(game.ui.render_view(state.view(who)))
        if move is None:
            break
        console.print(Text(f"seat {move.seat} plays {game.format_action(move.action)}", "bold"))
        if step:
            try:
                line = reader.read("[Enter] next, q quit > ")
            except Exception:
                line = "q"
            if line and line.strip().lower() in ("q", "quit"):
                return
    if final.is_over:
        console.print(game.ui.render_result(final.result()))
    else:
        console.print(Text("The game is unfinished here.", style="yellow"))


@app.command(cls=Command)
def games(
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="machine-readable output")
    ] = False,
) -> None:
    """List the games, their player counts and modes, options (variants and rule flags) and bots."""
    listing: list[dict[str, Any]] = []
    for game in all_games():
        listing.append(
            {
                "name": game.name,
                "title": game.title,
                "players": [game.min_players, game.max_players],
                "modes": {str(k): v for k, v in game.modes.items()},
                "options": [
                    {
                        "name": s.name,
                        "type": s.type.__name__,
                        "default": s.default,
                        "help": s.help,
                        **({"choices": list(s.choices)} if s.choices else {}),
                    }
                    for s in game.option_specs
                ],
                "bots": agent_names(game),
            }
        )
    if as_json:
        console.print_json(json.dumps(listing))
        return
    for entry in listing:
        lo, hi = entry["players"]
        console.print(f"[bold]{entry['name']}[/bold] — {entry['title']} ({lo}–{hi} players)")
        for count, text in entry["modes"].items():
            console.print(f"  {count} player{'s' if count != '1' else ''}: {text}")
        if entry["options"]:
            table = Table(box=None, padding=(0, 2), show_header=True)
            table.add_column("  option")
            table.add_column("default")
            table.add_column("meaning")
            for opt in entry["options"]:
                choices = f" ({' | '.join(map(str, opt['choices']))})" if "choices" in opt else ""
                table.add_row(
                    f"  --{opt['name'].replace('_', '-')}",
                    str(opt["default"]),
                    opt["help"] + choices,
                )
            console.print(table)
        console.print(f"  bots: {', '.join(entry['bots'])}\n")


register_sim_commands(app)
register_serve_command(app)
register_web(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
