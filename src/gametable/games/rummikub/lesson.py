"""Rummikub's guided first game (:mod:`gametable.core.lessons`): two players, the learner
(seat 0, first) against one scripted opponent, on a stacked deal, in nine turns.

Each kind of move comes up once, with the rule it shows:

1. the learner cannot make the initial meld (the four 7s are worth 28, not 30): a draw;
2. the opponent melds blue 8–11; the learner melds with the tile just drawn: a group (black,
   red and blue 7) and a run (orange 3–5), 33 points;
3. the opponent lays three 13s with a joker (as blue 13); the learner adds orange 6 to the
   run and orange 7 to the group (or both to the run: either is an addition);
4. the opponent draws; the learner reworks the table as the French rulebook's third example
   does: blue 12 goes on top of blue 8–11, which frees blue 8 for a group of 8s with the
   learner's black and red 8;
5. the opponent draws; the learner puts orange 13 in place of the joker (either missing
   colour frees it) and plays the freed joker at once in a new run, black 1–4, the joker as
   black 3: the rack is empty, the game is over, and the coach explains the scoring.

The deal is written out below: the learner's fourteen tiles, the opponent's, then the pool
in drawing order (the learner's draw first, then the opponent's two), the rest of the 106
tiles after them in a fixed order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from gametable.core.lessons import Expectation, Lesson, Step
from gametable.core.values import Action, View
from gametable.core.words import Msg, Seat
from gametable.games.rummikub.actions import DRAW, Play, make_play
from gametable.games.rummikub.notation import view_table
from gametable.games.rummikub.state import MELD_MIN
from gametable.games.rummikub.tiles import (
    ALL_TILES,
    COLOUR_SYMBOLS,
    JOKER,
    colour_msg,
    parse_placed,
    parse_tile,
    rack_code,
    set_msg,
    set_value,
    tile_msg,
    tile_name,
    tile_value,
)

LEARNER = 0
OPPONENT = 1

LEARNER_RACK = "K7 R7 B7 O7 O3 O4 O6 B12 K8 R8 O13 K1 K2 K4"
"""The learner's fourteen tiles: the four 7s are worth only 28 (no meld yet); orange 3–4 and
6–7 wait for the orange 5 the first draw brings."""
OPPONENT_RACK = "B8 B9 B10 B11 K13 R13 J R2 R5 B3 O9 K6 O1 B6"
"""The opponent's tiles: a run to meld, two 13s and the joker, and tiles it keeps."""
POOL = "O5 R4 K11"
"""The top of the pool, in drawing order: the learner's draw, then the opponent's two."""

MELD = "K7 R7 B7 | O3 O4 O5"
THEIR_MELD = "B8 B9 B10 B11"
THEIR_JOKER = "K13 R13 J=B13"
ADDED = ("O6", "O7")
REWORK = ("B12", "B8", ("K8", "R8"))
"""The rework: the tile added on top of the run, the tile it frees, the rack tiles that make
a group with it."""
JOKER_RUN = "K1 K2 J=K3 K4"
REPLACES_JOKER = "O13"


def _tiles(text: str) -> list[int]:
    """Tiles on the table by their names (``J=B13``: a joker standing for blue 13)."""
    out = []
    for name in text.split():
        placed = parse_placed(name)
        out.append(JOKER if placed is None else placed)
    return out


def _sets(text: str) -> list[list[int]]:
    return [_tiles(s) for s in text.split("|")]


def _play(*tables: str) -> Play:
    """The play whose new table is every set of ``tables``."""
    return make_play([s for text in tables for s in _sets(text)])


def deal() -> list[str]:
    """The 106 tiles in the setup's order: the learner's rack, the opponent's, the pool's
    top (:data:`POOL`), then every other tile in a fixed order."""
    top = [*LEARNER_RACK.split(), *OPPONENT_RACK.split(), *POOL.split()]
    left = Counter(ALL_TILES)
    left.subtract(parse_tile(t) for t in top)
    if any(n < 0 for n in left.values()) or len(top) != 31:
        raise ValueError("the lesson's deal uses a tile more often than the game has it")
    return top + [tile_name(t) for t in sorted(left.elements())]


def _words(tiles: Sequence[int]) -> list[Msg]:
    return [tile_msg(rack_code(t)) for t in tiles]


def _rack_value(text: str) -> int:
    return sum(tile_value(parse_tile(t)) for t in text.split())


def _laid(old: Sequence[Sequence[int]], new: Sequence[Sequence[int]]) -> Counter[int]:
    before = Counter(rack_code(p) for s in old for p in s)
    after = Counter(rack_code(p) for s in new for p in s)
    return after - before


def _expect(wanted: Sequence[Action], why: Msg) -> Expectation:
    """One of ``wanted`` (plays compared by their whole new table), else ``why``."""

    def check(action: Action, _view: View) -> Msg | None:
        return None if action in wanted else why

    return check


def _expect_added(tiles: Sequence[str], why: Msg) -> Expectation:
    """A play that lays exactly ``tiles`` into the table's sets, with no new set."""
    wanted = Counter(parse_tile(t) for t in tiles)

    def check(action: Action, view: View) -> Msg | None:
        if not isinstance(action, Play):
            return why
        old = view_table(view)
        if len(action.table) != len(old) or _laid(old, action.table) != wanted:
            return why
        # every set of the table is still there, grown by the tiles only
        left = list(action.table)
        for s in old:
            grown = next(
                (
                    n
                    for n in left
                    if not Counter(rack_code(p) for p in s) - Counter(rack_code(p) for p in n)
                ),
                None,
            )
            if grown is None:
                return why
            left.remove(grown)
        return None

    return check


def lesson() -> Lesson:
    """The lesson (see the module docstring)."""
    them = Seat(OPPONENT)
    meld_group, meld_run = _sets(MELD)
    drawn = parse_tile(POOL.split()[0])
    sevens = _tiles("K7 R7 B7 O7")
    after_meld = f"{THEIR_MELD} | {MELD}"
    after_joker = f"{after_meld} | {THEIR_JOKER}"
    top, freed, partners = REWORK
    reworked_run = "B9 B10 B11 B12"
    eights = " ".join((freed, *partners))
    rework = f"{reworked_run} | {eights} | {THEIR_JOKER}"
    final = f"{reworked_run} | {eights} | K13 R13 {REPLACES_JOKER} | {JOKER_RUN}"
    joker_run = [t for t in _tiles(JOKER_RUN) if t < JOKER]
    symbols = [
        Msg("rummikub.ui.symbol", symbol=COLOUR_SYMBOLS[c], colour=colour_msg(c)) for c in range(4)
    ]
    left = [t for t in OPPONENT_RACK.split() if t not in THEIR_MELD.split()]
    left = [t for t in left if t not in ("K13", "R13", "J")] + POOL.split()[1:]
    value = _rack_value(" ".join(left))

    learner = [
        Step(
            say=Msg(
                "rummikub.lesson.say.draw",
                minimum=MELD_MIN,
                value=sum(t % 13 + 1 for t in sevens),
            ),
            expect=_expect([DRAW], Msg("rummikub.lesson.want.draw", minimum=MELD_MIN)),
            then=Msg("rummikub.lesson.then.drew", tile=tile_msg(drawn)),
        ),
        Step(
            say=Msg(
                "rummikub.lesson.say.meld",
                tile=tile_msg(drawn),
                group=_words(meld_group),
                run=_words(meld_run),
                group_value=set_value(meld_group),
                run_value=set_value(meld_run),
                value=set_value(meld_group) + set_value(meld_run),
                minimum=MELD_MIN,
            ),
            expect=_expect(
                [_play(after_meld)],
                Msg("rummikub.lesson.want.meld", group=_words(meld_group), run=_words(meld_run)),
            ),
            then=Msg(
                "rummikub.lesson.then.melded",
                value=set_value(meld_group) + set_value(meld_run),
            ),
        ),
        Step(
            say=Msg(
                "rummikub.lesson.say.add",
                run_tile=tile_msg(parse_tile(ADDED[0])),
                run=set_msg(meld_run),
                group_tile=tile_msg(parse_tile(ADDED[1])),
                group=set_msg(meld_group),
            ),
            expect=_expect_added(
                ADDED,
                Msg("rummikub.lesson.want.add", tiles=_words([parse_tile(t) for t in ADDED])),
            ),
            then=Msg("rummikub.lesson.then.added"),
        ),
        Step(
            say=Msg(
                "rummikub.lesson.say.rework",
                top=tile_msg(parse_tile(top)),
                run=set_msg(_tiles(THEIR_MELD)),
                freed=tile_msg(parse_tile(freed)),
                tiles=_words([parse_tile(t) for t in partners]),
            ),
            expect=_expect(
                [
                    _play(rework, "K7 R7 B7 O7 | O3 O4 O5 O6"),
                    _play(rework, "K7 R7 B7 | O3 O4 O5 O6 O7"),
                ],
                Msg(
                    "rummikub.lesson.want.rework",
                    top=tile_msg(parse_tile(top)),
                    freed=tile_msg(parse_tile(freed)),
                    tiles=_words([parse_tile(t) for t in partners]),
                ),
            ),
            then=Msg("rummikub.lesson.then.reworked"),
        ),
        Step(
            say=Msg(
                "rummikub.lesson.say.joker",
                tile=tile_msg(parse_tile(REPLACES_JOKER)),
                set=set_msg(_tiles(THEIR_JOKER)),
                tiles=_words(joker_run),
                face=tile_msg(parse_tile("K3")),
            ),
            expect=_expect(
                [
                    _play(final, "K7 R7 B7 O7 | O3 O4 O5 O6"),
                    _play(final, "K7 R7 B7 | O3 O4 O5 O6 O7"),
                ],
                Msg(
                    "rummikub.lesson.want.joker",
                    tile=tile_msg(parse_tile(REPLACES_JOKER)),
                    tiles=_words(joker_run),
                ),
            ),
        ),
    ]
    opponent = [
        Step(
            play=_play(THEIR_MELD),
            then=Msg(
                "rummikub.lesson.then.their_meld",
                who=them,
                set=set_msg(_tiles(THEIR_MELD)),
                value=set_value(_tiles(THEIR_MELD)),
            ),
        ),
        Step(
            play=_play(after_joker),
            then=Msg(
                "rummikub.lesson.then.their_joker", who=them, set=set_msg(_tiles(THEIR_JOKER))
            ),
        ),
        Step(play=DRAW),
        Step(play=DRAW),
    ]
    return Lesson(
        title=Msg("rummikub.lesson.title"),
        players=2,
        learner=LEARNER,
        setup={"first_draws": [["R12", "B4"]], "tiles": deal()},
        script={LEARNER: learner, OPPONENT: opponent},
        end=Msg(
            "rummikub.lesson.end",
            who=them,
            count=len(left),
            value=value,
            joker=tile_value(JOKER),
        ),
        intro=Msg("rummikub.lesson.intro", symbols=symbols),
        bot="greedy",
    )


__all__ = ["LEARNER", "OPPONENT", "deal", "lesson"]
