"""Batch simulation and tournaments: seeded jobs, executors, storage, statistics, reports.

Nothing here imports a specific game: games and bots are found through the registry
(:func:`gametable.core.get_game`, :func:`gametable.agents.make_agent`), and whatever a game
reports beyond scores and ranks (a solo verdict) is read from its
:attr:`~gametable.core.Result.details`.

>>> from gametable.core import get_game
>>> from gametable.sim import BotSpec, InlineExecutor, run_job, simulation_tasks, summarise
>>> game = get_game("ramen-ramen")
>>> spec, tasks = simulation_tasks(game, 2, [BotSpec("greedy"), BotSpec("random")], 4, 1, {})
>>> run = run_job(spec, tasks, InlineExecutor())
>>> summarise(run.rows).games
4
"""

from gametable.sim.executors import (
    BACKENDS,
    Executor,
    InlineExecutor,
    ProcessExecutor,
    RayExecutor,
    available_cores,
    make_executor,
)
from gametable.sim.jobs import (
    BotSpec,
    GameRow,
    GameTask,
    JobSpec,
    SimError,
    parse_bots,
    play_batch,
    play_task,
    simulation_tasks,
)
from gametable.sim.runner import JobRun, run_job
from gametable.sim.stats import Distribution, Rate, Summary, summarise, wilson
from gametable.sim.storage import FORMATS, load_results, open_store
from gametable.sim.tournament import (
    MODES,
    Standing,
    head_to_head,
    leaderboard,
    lineups,
    rotations,
    tournament_tasks,
)

__all__ = [
    "BACKENDS",
    "FORMATS",
    "MODES",
    "BotSpec",
    "Distribution",
    "Executor",
    "GameRow",
    "GameTask",
    "InlineExecutor",
    "JobRun",
    "JobSpec",
    "ProcessExecutor",
    "Rate",
    "RayExecutor",
    "SimError",
    "Standing",
    "Summary",
    "available_cores",
    "head_to_head",
    "leaderboard",
    "lineups",
    "load_results",
    "make_executor",
    "open_store",
    "parse_bots",
    "play_batch",
    "play_task",
    "rotations",
    "run_job",
    "simulation_tasks",
    "summarise",
    "tournament_tasks",
    "wilson",
]
