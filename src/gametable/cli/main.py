"""The ``gametable`` command: play, replay and list games, and the entry point.

The typer app and the helpers the command modules share are in :mod:`.app`; this module
adds its own commands, then those of :mod:`.sim_commands`, :mod:`.serve` and
:mod:`.rules_command`.

Game options can be given as ``--option name=value`` or directly as ``--name value`` /
``--name`` (for true/false options), using the option names ``gametable games`` lists
(underscores or dashes).

Every sentence is a message of the core's catalog (``cli.*``), in the run's language
(``--lang``, else the locale: :mod:`.lang`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from gametable.agents.base import agent_names, make_agent, parse_agent_spec
from gametable.agents.catalog import option_value_words
from gametable.cli.app import (
    LangOpt,
    app,
    console,
    err,
    fail,
    find_game,
    parse_game_options,
    problem,
)
from gametable.cli.help import Command, WithGameOptions
from gametable.cli.lang import current_locale, known, listed, say, text
from gametable.cli.rules_command import register as register_rules_command
from gametable.cli.serve import register as register_serve_command
from gametable.cli.serve import register_web
from gametable.cli.session import HUMAN, LineReader, Session, in_language
from gametable.cli.sim_commands import register as register_sim_commands
from gametable.core.errors import GameError, OptionError, RecordError, quote
from gametable.core.game import Action, Game, OptionSpec, View, score_to_json
from gametable.core.records import MAX_INT_DIGITS, Recorder, load, replay
from gametable.core.registry import all_games
from gametable.core.rng import derive_seed, fresh_seed
from gametable.core.words import Msg, Seat, render


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
        raise OptionError(Msg("cli.error.seats_count", count=len(chosen), players=players))
    return [check_seat_spec(game, spec) for spec in chosen]


def check_seat_spec(game: Game, spec: object) -> str:
    """``spec`` checked as a seat (``human`` or a bot with valid settings), normalised."""
    if not isinstance(spec, str):
        raise OptionError(Msg("cli.error.seat_not_text", value=quote(spec)))
    if spec.strip().lower() == HUMAN:
        return HUMAN
    name, settings = parse_agent_spec(spec)
    names = agent_names(game)
    if name not in names:
        raise OptionError(Msg("cli.error.unknown_seat", name=quote(name), bots=listed(names)))
    make_agent(game, name, 0, **settings)  # every setting checked, as the game will use it
    shown = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in settings.items()}
    return ":".join([name, *(f"{k}={v}" for k, v in shown.items())])


def check_record_path(path: Path) -> None:
    """Refuse, before the game, a ``--record`` path that cannot hold a file."""
    if path.is_dir():
        raise OptionError(
            Msg("cli.error.record_is_folder", path=str(path), example=str(path / "game.json"))
        )
    parent = path.parent
    if not parent.exists():
        raise OptionError(Msg("cli.error.record_no_folder", path=str(path), folder=str(parent)))
    if not parent.is_dir():
        raise OptionError(Msg("cli.error.record_parent_file", path=str(path), parent=str(parent)))


_CONTEXT = {"allow_extra_args": True, "ignore_unknown_options": True}


@app.command(context_settings=_CONTEXT, cls=WithGameOptions, help="cli.help.play")
def play(
    ctx: typer.Context,
    game_name: Annotated[
        str | None,
        typer.Argument(
            metavar="cli.metavar.game", help="cli.help.play.game", show_default=False
        ),
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", metavar="N", help="cli.help.players")
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", "-s", metavar="cli.metavar.list", help="cli.help.play.seats"),
    ] = None,
    seed: Annotated[int | None, typer.Option(metavar="N", help="cli.help.play.seed")] = None,
    record: Annotated[
        Path | None,
        typer.Option("--record", "-r", metavar="cli.metavar.file", help="cli.help.play.record"),
    ] = None,
    resume_path: Annotated[
        Path | None,
        typer.Option("--resume", metavar="cli.metavar.file", help="cli.help.play.resume"),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", metavar="cli.metavar.name_value", help="cli.help.option"
        ),
    ] = None,
    show_bots: Annotated[
        bool,
        typer.Option("--show-bots/--quiet-bots", metavar="", help="cli.help.play.show_bots"),
    ] = False,
    games: Annotated[
        int | None,
        typer.Option("--games", "-n", metavar="N", help="cli.help.play.games"),
    ] = None,
    match: Annotated[
        bool, typer.Option("--match", metavar="", help="cli.help.play.match")
    ] = False,
    lang: LangOpt = None,
) -> None:
    """Play a game in the terminal against bots or friends (bots only: it runs by itself)."""
    if (games is not None or match) and resume_path is not None:
        raise fail(Msg("cli.error.resume_and_match"))
    if games is not None and games < 1:
        raise fail(Msg("cli.error.games_at_least_one", games=str(games)))
    if seed is not None and abs(seed) >= 10**MAX_INT_DIGITS:
        raise fail(Msg("cli.error.seed_digits", digits=MAX_INT_DIGITS))
    if resume_path is not None:
        try:
            saved = load(resume_path)
            recorder = Recorder.resume(saved)
        except RecordError as exc:
            raise fail(Msg("cli.error.cannot_resume", path=str(resume_path),
                           problem=problem(exc))) from None  # fmt: skip
        game = saved.game
        if game_name is not None and find_game(game_name) is not game:
            raise fail(Msg("cli.error.other_game_record", path=str(resume_path),
                           game=game.name, name=game_name))  # fmt: skip
        try:
            seat_names = resumed_seats(game, saved.meta.get("seats"), seats, saved.players)
        except GameError as exc:
            raise fail(Msg("cli.error.cannot_resume", path=str(resume_path),
                           problem=problem(exc))) from None  # fmt: skip
        record = record or resume_path
    else:
        if game_name is None:
            raise fail(Msg("cli.error.name_a_game"))
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
            raise fail(exc) from None
    if record is not None:
        first = record if games is None and not match else match_record_path(record, 1)
        try:
            check_record_path(first)
        except GameError as exc:
            raise fail(exc) from None
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
        locale=current_locale(),
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
            raise fail(Msg("cli.error.cannot_write_record", path=str(session.record_path),
                           reason=reason)) from None  # fmt: skip
    if session.humans:
        greeting = say("cli.play.greeting", title="\x00")
        before, _, after = greeting.partition("\x00")
        console.print(Text.assemble(before, (text(session.game.title_words), "bold"), after))
    if len(session.humans) > 1 and not console.is_terminal:
        err.print(Text(say("cli.play.not_a_terminal")))


def resumed_seats(
    game: Game, stored: object, seats: str | None, players: int
) -> list[str]:
    """The seats of a resumed game: the record's ``meta.seats``, checked like ``--seats``
    (a tampered list is refused, naming the problem), else ``--seats`` or the default."""
    if stored is None:
        return parse_seats(game, seats, players)
    if not isinstance(stored, list) or len(stored) != players:
        raise OptionError(Msg("cli.error.meta_seats", count=players, value=quote(stored)))
    try:
        return [check_seat_spec(game, spec) for spec in stored]
    except GameError as exc:
        raise OptionError(Msg("cli.error.meta_seats_problem", problem=problem(exc))) from None


def match_record_path(record: Path, number: int) -> Path:
    """Where game ``number`` of a match goes with ``--record NAME.json``: ``NAME-k.json``."""
    return record.with_name(f"{record.stem}-{number}{record.suffix}")


def _tiebreak_words(name: str) -> str:
    """A match's deciding criterion in words (``games won``); a name the terminal has no
    words for is shown as it is."""
    msg_id = "cli.match.tiebreak." + name.replace(" ", "_")
    return say(msg_id) if known(msg_id) else name


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
        console.rule(
            say("cli.match.game_rule", title=game.title_words, number=number, count=the_match.games)
        )
        session = Session(
            game, seat_names, console, recorder, record_path=path, reader=LineReader(),
            show_bots=show_bots, show_seed=False, locale=current_locale(),
        )  # fmt: skip
        start_session(session)
        session.run()
        if not recorder.state.is_over:
            console.print(Text(say("cli.match.stops"), style="yellow"))
            return
        the_match.add(recorder.state.result())
        ranks, tiebreak = the_match.standings()
        table = Table(
            title=say("cli.match.table_title", number=number, count=the_match.games)
        )
        table.add_column(say("cli.match.col.seat"))
        for i in range(1, len(the_match.results) + 1):
            table.add_column(say("cli.match.col.game", number=i), justify="right")
        table.add_column(say("cli.match.col.total"), justify="right")
        table.add_column(say("cli.match.col.games_won"), justify="right")
        table.add_column(say("cli.match.col.rank"), justify="right")
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
    if len(winners) > 1:
        line = say("cli.match.shared", seats=winners)
    elif tiebreak:
        line = say("cli.match.won_tiebreak", seats=winners, tiebreak=_tiebreak_words(tiebreak))
    else:
        line = say("cli.match.won", seats=winners)
    console.print(Text(line, style="bold green"))
    # Only now: every game's deal derives from this seed.
    console.print(Text(say("cli.match.seed", seed=str(seed)), style="dim"))


def move_words(game: Game, action: Action, view: View) -> Msg:
    """A decision in the game's words (as its seat would be told it)."""
    return game.words.decision(action, view)


@app.command("replay", cls=Command, help="cli.help.replay")
def replay_cmd(
    path: Annotated[
        Path, typer.Argument(metavar="cli.metavar.file", help="cli.help.replay.file")
    ],
    seat: Annotated[int | None, typer.Option(metavar="N", help="cli.help.replay.seat")] = None,
    step: Annotated[
        bool,
        typer.Option("--step/--no-step", metavar="", help="cli.help.replay.step"),
    ] = True,
    check: Annotated[
        bool, typer.Option("--check", metavar="", help="cli.help.replay.check")
    ] = False,
    lang: LangOpt = None,
) -> None:
    """Step through a record, re-validating every decision and the result."""
    locale = current_locale()
    try:
        record = load(path)
        final = replay(record)
    except RecordError as exc:
        message = problem(exc)  # file-level problems name the file already
        named = message if message.startswith(str(path)) else say(
            "cli.replay.bad_record", path=str(path), problem=message
        )
        raise fail(named, code=1) from None
    game = record.game
    if seat is not None and not 0 <= seat < record.players:
        raise fail(Msg("cli.error.seat_range", last=record.players - 1))
    if check:
        console.print(Text(say("cli.replay.valid", path=str(path), title=game.title_words,
                               count=len(record.moves))))  # fmt: skip
        if final.is_over:
            show_result(game, final.result(), record.players)
        else:
            waiting = [str(s) for s in final.to_act]
            console.print(Text(say("cli.replay.unfinished", count=len(waiting), seats=waiting,
                                   command=f"gametable play --resume {path}")))  # fmt: skip
        return
    reader = LineReader()
    for index, (state, move) in enumerate(record.states()):
        who = seat if seat is not None else (move.seat if move else None)
        console.rule(say("cli.replay.step", number=str(index), total=str(len(record.moves))))
        console.print(in_language(game.ui.render_view, state.view(who), locale=locale))
        if move is None:
            break
        words = move_words(game, move.action, state.view(move.seat))
        line = render(Msg("cli.replay.move", who=Seat(move.seat), move=words), locale=locale)
        console.print(Text(line, "bold"))
        if step:
            try:
                typed = reader.read(say("cli.replay.prompt") + " ")
            except Exception:
                typed = "q"
            if typed and typed.strip().lower() in ("q", "quit"):
                return
    if final.is_over:
        show_result(game, final.result(), record.players)
    else:
        console.print(Text(say("cli.replay.unfinished_here"), style="yellow"))


def show_result(game: Game, result: Any, players: int) -> None:
    """The final table and the end in words, in the run's language."""
    locale = current_locale()
    console.print(in_language(game.ui.render_result, result, locale=locale))
    for msg in game.words.result(result, players, None):
        console.print(Text(render(msg, locale=locale), style="bold"))


def mode_words(game: Game, players: int) -> str:
    """How a player count plays, in words: the game's message ``<prefix>.mode.<n>``."""
    return say(f"{game.message_prefix}.mode.{players}")


def option_words(game: Game, spec: OptionSpec) -> tuple[str, str]:
    """An option's label and help in words (the game's catalog)."""
    label, help_text = game.option_words(spec)
    return text(label), text(help_text)


def default_words(game: Game, spec: OptionSpec) -> str:
    """An option's default value in words (on/off, none, a choice's words)."""
    return text(option_value_words(game, spec, spec.default))


def bot_words(game: Game, name: str) -> Text:
    """A bot in words: for the game's own bots, its name and what it does (the game's
    ``<prefix>.bot.<name>`` and ``<prefix>.bot.<name>.help``); for the generic ones, what
    they do (``cli.games.bot.<name>``). Every game's bots have them
    (``tests/core/test_core_catalogs.py``)."""
    label_id = f"{game.message_prefix}.bot.{name}"
    if not known(label_id):
        return Text(say(f"cli.games.bot.{name}"))
    words = Text(say(label_id), style="bold")
    if known(label_id + ".help"):
        words.append("\n" + say(label_id + ".help"))
    return words


@app.command(cls=Command, help="cli.help.games")
def games(
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="cli.help.games.json")
    ] = False,
    lang: LangOpt = None,
) -> None:
    """List the games, their player counts and modes, options (variants and rule flags) and bots."""
    if as_json:
        listing: list[dict[str, Any]] = [
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
            for game in all_games()
        ]
        console.print_json(json.dumps(listing))
        return
    for game in all_games():
        lo, hi = game.min_players, game.max_players
        players = (
            say("cli.games.players", count=lo)
            if lo == hi
            else say("cli.games.players_range", low=lo, high=hi)
        )
        heading = say("cli.games.heading", name="\x00", title=game.title_words, players=players)
        before, _, after = heading.partition("\x00")
        console.print(Text.assemble(before, (game.name, "bold"), after))
        for count in sorted(game.modes):
            console.print(Text("  " + mode_words(game, count)))
        if game.option_specs:
            table = Table(box=None, padding=(0, 2), show_header=True)
            table.add_column("  " + say("cli.games.col.option"))
            table.add_column(say("cli.games.col.default"))
            table.add_column(say("cli.games.col.meaning"))
            for spec in game.option_specs:
                label, help_text = option_words(game, spec)
                meaning = Text()
                if label:
                    meaning.append(label, style="bold")
                if help_text:
                    meaning.append(("\n" if label else "") + help_text)
                if spec.choices:
                    choices = " | ".join(map(str, spec.choices))
                    meaning.append("\n" + say("cli.games.choices", choices=choices), style="dim")
                table.add_row(
                    "  --" + spec.name.replace("_", "-"), default_words(game, spec), meaning
                )
            console.print(table)
        names = agent_names(game)
        bots_line = say("cli.games.bots", bots=listed(names))
        console.print(Text("  " + bots_line))
        bots = Table(box=None, padding=(0, 2), show_header=False)
        bots.add_column(no_wrap=True)
        bots.add_column()
        for name in names:
            bots.add_row("    " + name, bot_words(game, name))
        console.print(bots)
        console.print()


register_sim_commands(app)
register_serve_command(app)
register_web(app)
register_rules_command(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
