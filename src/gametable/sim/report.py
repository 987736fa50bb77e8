"""Reports: matplotlib plots (PNG) and one HTML page bringing them and the tables together."""

from __future__ import annotations

import html
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gametable.sim.jobs import GameRow, JobSpec, SimError
from gametable.sim.stats import Rate, SeatStats, Summary
from gametable.sim.tournament import Standing


def require_plotting() -> None:
    """Raise :class:`SimError` with the install advice unless matplotlib can be imported
    (checked before a job plays its games, and before the report folder is made)."""
    _pyplot()


def _pyplot() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise SimError(
            "reports need matplotlib: pip install 'gametable[sim]' "
            "(or run 'make play', which installs it)"
        ) from None
    return plt


def _writing(directory: Path, write: Callable[[], Path]) -> Path:
    """Make ``directory`` and run ``write``; if it fails, remove the folder again when this
    call made it (nothing is left behind), and turn file errors into :class:`SimError`."""
    require_plotting()
    created = not directory.exists()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SimError(f"cannot create the report folder {directory}: {exc}") from None
    try:
        return write()
    except BaseException as exc:
        if created:
            shutil.rmtree(directory, ignore_errors=True)
        if isinstance(exc, OSError):
            raise SimError(f"cannot write the report in {directory}: {exc}") from None
        raise


def _save(fig: Any, path: Path) -> str:
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    _pyplot().close(fig)
    return path.name


def _win_rate_plot(
    directory: Path, name: str, title: str, entries: Sequence[tuple[str, Rate]]
) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(entries) + 2), 3.6))
    labels = [label for label, _ in entries]
    values = [100 * rate.value for _, rate in entries]
    lows = [100 * (rate.value - rate.interval[0]) for _, rate in entries]
    highs = [100 * (rate.interval[1] - rate.value) for _, rate in entries]
    ax.bar(range(len(entries)), values, yerr=[lows, highs], capsize=6, color="#4c72b0")
    ax.set_xticks(range(len(entries)), labels, rotation=20, ha="right")
    ax.set_ylabel("won (%), 95% interval")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    return _save(fig, directory / name)


def _histogram(
    directory: Path, name: str, title: str, xlabel: str, series: Sequence[tuple[str, list[float]]]
) -> str:
    return _save(histogram_figure(title, xlabel, series), directory / name)


def histogram_figure(title: str, xlabel: str, series: Sequence[tuple[str, list[float]]]) -> Any:
    """A histogram of one or more labelled series (the legend names each one).

    Whole-number data get one bar per number and whole-number ticks only; when the values
    span less than four numbers, the axis still shows a few numbers around them (never
    ticks such as 53.6–54.4 under a single bar).
    """
    from matplotlib.ticker import MaxNLocator

    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 3.6))
    values = [v for _, vs in series for v in vs]
    lo, hi = min(values), max(values)
    bins: Any = 30
    whole = all(float(v).is_integer() for v in values)
    if whole and hi - lo < 120:
        bins = [lo - 0.5 + k for k in range(int(hi - lo) + 2)]  # one bar per whole number
    elif lo == hi:
        bins = [lo - 0.5, lo + 0.5]
    for label, vs in series:
        ax.hist(vs, bins=bins, alpha=0.55, label=label)
    if whole:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    if hi - lo < 4:
        middle = (lo + hi) / 2
        ax.set_xlim(middle - 3, middle + 3)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(fontsize="small")
    return fig


def _bar_counts(directory: Path, name: str, title: str, counts: Sequence[tuple[str, int]]) -> str:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(7.0, 3.8))
    ax.barh(range(len(counts)), [c for _, c in counts], color="#dd8452")
    ax.set_yticks(range(len(counts)), [label for label, _ in counts], fontsize="small")
    ax.set_xlabel("games")
    ax.set_title(title)
    return _save(fig, directory / name)


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; margin: 0.5em 0; }
code { background: #f4f4f4; padding: 0 0.2em; }
table.job th, table.job td { text-align: left; }
"""


def _page(title: str, spec: JobSpec, sections: Sequence[str]) -> str:
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
        + job_table(spec)
        + "".join(sections)
        + "</body></html>\n"
    )


def job_table(spec: JobSpec) -> str:
    """What was played, as a small table a person reads (not the job's JSON)."""
    rows: list[tuple[str, object]] = [
        ("game", spec.game),
        ("players", spec.players),
        ("seed", spec.seed),
    ]
    for key, value in spec.params:
        shown = ", ".join(map(str, value)) if isinstance(value, tuple | list) else value
        rows.append((key, shown))
    options = ", ".join(f"{k}={_option_text(v)}" for k, v in spec.options) or "none"
    rows.append(("options", options))
    rows.append(("job id", spec.job_id))
    body = "".join(
        f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in rows
    )
    return f"<table class='job'><tbody>{body}</tbody></table>"


def _option_text(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _seat_rows(stats: Sequence[SeatStats]) -> list[list[object]]:
    return [
        [
            s.label,
            s.games,
            str(s.wins),
            f"{100 * s.shared.value:.1f}%",
            f"{s.scores.mean:.2f} [{s.scores.ci[0]:.2f}, {s.scores.ci[1]:.2f}]",
            f"{s.scores.median:g}",
            f"{s.scores.p10:g} / {s.scores.p90:g}",
            f"{s.mean_rank:.2f}",
        ]
        for s in stats
    ]


SEAT_HEADERS = (
    "seat / bot",
    "games",
    "won (95% CI)",
    "shared 1st",
    "mean score (95% CI)",
    "median",
    "p10 / p90",
    "mean rank",
)


def write_simulation_report(
    directory: Path, spec: JobSpec, summary: Summary, rows: Sequence[GameRow]
) -> Path:
    """Plots and ``index.html`` for a simulation; returns the page's path."""
    return _writing(directory, lambda: _simulation_report(directory, spec, summary, rows))


def _simulation_report(
    directory: Path, spec: JobSpec, summary: Summary, rows: Sequence[GameRow]
) -> Path:
    sections = [
        "<h2>Results per seat</h2>",
        _table(SEAT_HEADERS, _seat_rows(summary.per_seat)),
        "<h2>Results per bot</h2>",
        _table(SEAT_HEADERS, _seat_rows(summary.per_bot)),
    ]
    if summary.players > 1:
        img = _win_rate_plot(
            directory,
            "win_rates.png",
            "Games won per seat",
            [(s.label, s.wins) for s in summary.per_seat],
        )
        sections.append(f"<img src='{img}' alt='win rates'>")
    img = _histogram(
        directory,
        "scores.png",
        "Scores",
        "score",
        [(s.label, [r.scores[i] for r in rows]) for i, s in enumerate(summary.per_seat)],
    )
    sections.append(f"<h2>Scores</h2><img src='{img}' alt='score histogram'>")
    fp = summary.first_player
    if fp is not None:
        sections.append(
            "<h2>First player</h2>"
            f"<p>The seat deciding first won {fp.wins} of {fp.games} games, against "
            f"{100 * fp.expected:.1f}% for the average seat: an advantage of "
            f"{100 * fp.advantage:+.1f} percentage points.</p>"
        )
    length = summary.length
    img = _histogram(
        directory,
        "length.png",
        "Game length",
        "decisions",
        [("games", [r.decisions for r in rows])],
    )
    sections.append(
        "<h2>Game length</h2>"
        f"<p>{length.mean:.1f} decisions on average (median {length.median:g}, "
        f"{length.minimum:g}–{length.maximum:g}).</p><img src='{img}' alt='length histogram'>"
    )
    if summary.players > 1:
        names = sorted(summary.tiebreak_names.items())
        sections.append(
            "<h2>Ties</h2>"
            f"<p>First place decided by a tie-break: {summary.tiebreaks}; shared first place: "
            f"{summary.shared_wins}.</p>"
            + (_table(("tie-break", "games"), names) if names else "")
        )
    if summary.verdicts:
        img = _bar_counts(directory, "verdicts.png", "Verdicts", summary.verdicts)
        sections.append(
            "<h2>Verdicts</h2>"
            + _table(
                ("band", "games", "share"),
                [(b, c, f"{100 * c / summary.games:.1f}%") for b, c in summary.verdicts],
            )
            + f"<img src='{img}' alt='verdicts'>"
        )
    page = directory / "index.html"
    page.write_text(
        _page(f"Simulation: {spec.game}, {summary.games} games", spec, sections), encoding="utf-8"
    )
    return page


def write_tournament_report(
    directory: Path,
    spec: JobSpec,
    standings: Sequence[Standing],
    pairs: dict[tuple[str, str], Rate],
    rows: Sequence[GameRow],
) -> Path:
    """Plots and ``index.html`` for a tournament; returns the page's path."""
    return _writing(
        directory, lambda: _tournament_report(directory, spec, standings, pairs, rows)
    )


def _tournament_report(
    directory: Path,
    spec: JobSpec,
    standings: Sequence[Standing],
    pairs: dict[tuple[str, str], Rate],
    rows: Sequence[GameRow],
) -> Path:
    plt = _pyplot()
    sections = [
        "<h2>Leaderboard</h2>",
        _table(
            ("bot", "rating (μ−3σ)", "μ", "σ", "seats", "won (95% CI)", "mean score", "mean rank"),
            [
                [
                    s.bot,
                    f"{s.rating:.2f}",
                    f"{s.mu:.2f}",
                    f"{s.sigma:.2f}",
                    s.games,
                    str(s.wins),
                    f"{s.scores.mean:.2f}",
                    f"{s.mean_rank:.2f}",
                ]
                for s in standings
            ],
        ),
    ]
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(standings) + 2), 3.6))
    ax.errorbar(
        range(len(standings)),
        [s.mu for s in standings],
        yerr=[3 * s.sigma for s in standings],
        fmt="o",
        capsize=6,
    )
    ax.set_xticks(range(len(standings)), [s.bot for s in standings], rotation=20, ha="right")
    ax.set_ylabel("openskill μ ± 3σ")
    ax.set_title("Ratings")
    sections.append(f"<img src='{_save(fig, directory / 'ratings.png')}' alt='ratings'>")
    sections.append(
        f"<img src='{_win_rate_plot(directory, 'win_rates.png', 'Games won', [(s.bot, s.wins) for s in standings])}' alt='win rates'>"  # noqa: E501
    )
    bots = [s.bot for s in standings]
    if pairs:
        matrix = [
            [pairs[(a, b)].value if (a, b) in pairs else float("nan") for b in bots] for a in bots
        ]
        fig, ax = plt.subplots(figsize=(1.1 * len(bots) + 3, 0.9 * len(bots) + 2))
        image = ax.imshow(matrix, vmin=0, vmax=1, cmap="RdBu")
        ax.set_xticks(range(len(bots)), bots, rotation=30, ha="right")
        ax.set_yticks(range(len(bots)), bots)
        for i, row in enumerate(matrix):
            for j, value in enumerate(row):
                if value == value:  # not NaN
                    colour = "white" if abs(value - 0.5) > 0.3 else "black"
                    ax.text(j, i, f"{100 * value:.0f}%", ha="center", va="center", color=colour)
        ax.set_title("Row bot ranked ahead of column bot")
        fig.colorbar(image, ax=ax)
        sections.append("<h2>Head to head</h2>")
        sections.append(f"<img src='{_save(fig, directory / 'head_to_head.png')}' alt='pairs'>")
        sections.append(
            _table(
                ("bot", "opponent", "ahead (95% CI)", "meetings"),
                [(a, b, str(r), r.trials) for (a, b), r in pairs.items()],
            )
        )
    series = [
        (bot, [r.scores[i] for r in rows for i, b in enumerate(r.bots) if b == bot]) for bot in bots
    ]
    img = _histogram(directory, "scores.png", "Scores per bot", "score", series)
    sections.append(f"<h2>Scores</h2><img src='{img}' alt='scores'>")
    page = directory / "index.html"
    page.write_text(
        _page(f"Tournament: {spec.game}, {len(rows)} games", spec, sections), encoding="utf-8"
    )
    return page
