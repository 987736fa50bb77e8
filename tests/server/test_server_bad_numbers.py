"""No body, query or message gets a 500 (issue 28): bad numbers in every numeric field.

Python's JSON reader accepts ``NaN``, ``Infinity`` and ``-Infinity``, and reads ``1e400``
as infinity; no other JSON reader writes them back. Every numeric field of the lobby API
and of the play protocol is sent these and huge or negative values. A bad body is answered
``422`` naming the field and saying why (``{"detail": {"code": "bad-request", "errors":
[{"field", "message", "type"}]}}``), as standard JSON; the connection it came on answers
the next request; nothing is created and no state changes. Then generated requests:
schemathesis from the app's OpenAPI schema, and bodies built from the API's own models
with such numbers put anywhere in them.
"""

from __future__ import annotations

import copy
import json
import math
import types
import typing
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from schemathesis import GenerationMode
from websockets.sync.client import connect
from wsclient import SeatClient, create_table

from gametable.agents.base import agent_names, agent_settings
from gametable.core.registry import all_games
from gametable.server.app import CreateTableModel, ErrorModel, JoinModel

NON_FINITE = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400"]
"""Tokens Python's JSON reader turns into non-finite floats (``1e400`` overflows to inf)."""
HUGE = ["1e308", str(2**63), "-1"]
NUMBERS = NON_FINITE + HUGE
WEEK = 7 * 86_400

TABLE: dict[str, Any] = {
    "game": "ramen-ramen",
    "players": 2,
    "options": {"first_player": 0},
    "seats": [
        {"kind": "human", "name": "ana"},
        {"kind": "bot", "bot": "ismcts", "settings": {"iterations": 10}},
    ],
    "clocks": {"turn_seconds": 60, "bank_seconds": 600, "increment_seconds": 5},
    "grace_seconds": 30,
    "games": 2,
}
RUMMIKUB: dict[str, Any] = {
    "game": "rummikub",
    "players": 2,
    "options": {"turn_seconds": 60, "joker_penalty": 30},
}
MODEL_FIELDS = [
    ("players",),
    ("clocks", "turn_seconds"),
    ("clocks", "bank_seconds"),
    ("clocks", "increment_seconds"),
    ("grace_seconds",),
    ("games",),
]
"""The numeric fields of ``POST /api/tables`` that its model types (all refuse every
value of :data:`NUMBERS`: times are 0 to a week, counts are small)."""
FREE_FIELDS = [
    (TABLE, ("options", "first_player")),
    (RUMMIKUB, ("options", "turn_seconds")),
    (RUMMIKUB, ("options", "joker_penalty")),
    (TABLE, ("seats", 1, "settings", "iterations")),
    (TABLE, ("seats", 1, "settings", "seconds")),
    (TABLE, ("seats", 1, "settings", "exploration")),
]
"""Numbers inside the free-form ``options`` and bot ``settings``: a game option or a bot
setting decides what it takes, but never a non-finite number."""


def _refuse(token: str) -> Any:
    raise ValueError(f"{token} in an answer: not standard JSON")


def strict_json(response: httpx.Response) -> Any:
    """The answer's body, which must be standard JSON (no NaN or Infinity)."""
    assert response.headers["content-type"].startswith("application/json"), response.headers
    return json.loads(response.text, parse_constant=_refuse)


def same_connection(first: httpx.Response, second: httpx.Response) -> bool:
    """Whether two answers came on the same connection (the server kept it open)."""
    return first.extensions["network_stream"] is second.extensions["network_stream"]


def raw_body(body: dict[str, Any], path: tuple[str | int, ...], token: str) -> bytes:
    """``body`` as JSON text with the raw ``token`` (``NaN``, ``1e400`` …) at ``path``."""
    data = copy.deepcopy(body)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    mark = "<the number goes here>"
    target[path[-1]] = mark
    text = json.dumps(data)
    assert text.count(json.dumps(mark)) == 1
    return text.replace(json.dumps(mark), token).encode()


def refused(client: httpx.Client, method: str, url: str, **request: Any) -> dict[str, Any]:
    """Send a request the server must refuse with 422; check the answer is standard JSON
    and that the connection stays usable. Returns the answer's ``detail``."""
    response = client.request(method, url, **request)
    assert response.status_code == 422, (url, request, response.status_code, response.text)
    detail = strict_json(response)["detail"]
    after = client.get("/api/health")
    assert after.status_code == 200
    assert same_connection(response, after), "the connection was closed after a refused body"
    assert isinstance(detail, dict) and isinstance(detail.get("message"), str), detail
    assert 0 < len(detail["message"]) < 1000 and isinstance(detail.get("code"), str)
    return detail


def fields(detail: dict[str, Any]) -> list[str]:
    """The fields a ``bad-request`` answer names (its errors are checked for shape)."""
    assert detail["code"] == "bad-request", detail
    errors = detail["errors"]
    assert errors and all(set(e) == {"field", "message", "type"} for e in errors), errors
    assert all(e["message"] and len(e["message"]) < 400 for e in errors), errors
    return [e["field"] for e in errors]


def post_json(body: bytes) -> dict[str, Any]:
    return {"content": body, "headers": {"content-type": "application/json"}}


@pytest.fixture
def client(server) -> typing.Iterator[httpx.Client]:  # type: ignore[no-untyped-def]
    with httpx.Client(base_url=server.base, timeout=30) as c:
        yield c


def open_tables(client: httpx.Client) -> int:
    return len(strict_json(client.get("/api/tables", params={"status": "open"})))


# -- the issue's cases ------------------------------------------------------------------------


ISSUE = b'{"game": "ramen-ramen", "players": 2, '


@pytest.mark.parametrize(
    ("body", "field"),
    [
        (ISSUE + b'"clocks": {"turn_seconds": NaN}}', "turn_seconds"),
        (ISSUE + b'"clocks": {"increment_seconds": NaN}}', "increment_seconds"),
        (ISSUE + b'"grace_seconds": -Infinity}', "grace_seconds"),
        (ISSUE + b'"grace_seconds": Infinity}', "grace_seconds"),
        (ISSUE + b'"clocks": {"turn_seconds": 1e400}}', "turn_seconds"),
    ],
)
def test_the_issues_bodies_get_a_422_naming_the_field_and_the_connection_stays_open(
    client: httpx.Client, body: bytes, field: str
) -> None:
    before = open_tables(client)
    detail = refused(client, "POST", "/api/tables", **post_json(body))
    named = fields(detail)
    assert any(f.endswith(field) and f.startswith("body.") for f in named), detail
    assert field in detail["message"] and "finite" in detail["message"], detail
    assert open_tables(client) == before  # nothing was created


def test_a_bad_seat_in_a_join_gets_a_422_and_the_seat_stays_free(
    server, client: httpx.Client
) -> None:
    created = create_table(server.base, game="ramen-ramen", players=2,
                           seats=[{"kind": "human"}, {"kind": "human"}])  # fmt: skip
    table_id = created["table"]["id"]
    url = f"/api/tables/{table_id}/join"
    for token in NUMBERS:
        detail = refused(client, "POST", url, **post_json(f'{{"seat": {token}}}'.encode()))
        assert fields(detail) == ["body.seat"], (token, detail)
    seats = strict_json(client.get(f"/api/tables/{table_id}"))["seats"]
    assert not any(s["claimed"] for s in seats)
    joined = client.post(url, json={"seat": 1, "name": "bea"})
    assert joined.status_code == 200 and strict_json(joined)["seat"] == 1


# -- every numeric field ----------------------------------------------------------------------


@pytest.mark.parametrize("path", MODEL_FIELDS, ids=".".join)
def test_every_numeric_field_of_a_new_table_refuses_non_finite_huge_and_negative_values(
    client: httpx.Client, path: tuple[str, ...]
) -> None:
    before = open_tables(client)
    for token in NUMBERS:
        detail = refused(client, "POST", "/api/tables", **post_json(raw_body(TABLE, path, token)))
        assert "body." + ".".join(path) in fields(detail), (token, detail)
    assert open_tables(client) == before
    good = client.post("/api/tables", json=TABLE)  # the same body with its own value
    assert good.status_code == 201, good.text


@pytest.mark.parametrize(
    ("body", "path"), FREE_FIELDS, ids=[".".join(map(str, p)) for _, p in FREE_FIELDS]
)
def test_numbers_in_options_and_bot_settings_are_finite_or_refused_by_name(
    client: httpx.Client, body: dict[str, Any], path: tuple[str | int, ...]
) -> None:
    name = str(path[-1])
    for token in NON_FINITE:
        detail = refused(client, "POST", "/api/tables", **post_json(raw_body(body, path, token)))
        assert "body." + ".".join(map(str, path)) in fields(detail), (token, detail)
    for token in HUGE:  # finite: the game or the bot says whether it takes it
        response = client.post("/api/tables", **post_json(raw_body(body, path, token)))
        answer = strict_json(response)
        assert response.status_code in (201, 422), (token, response.text)
        if response.status_code == 422:
            assert name in answer["detail"]["message"], (token, answer)


@pytest.mark.parametrize(
    "token",
    [*NUMBERS, str(10**30), str(10**400), str(WEEK + 1)],
    ids=[*NUMBERS, "10**30", "10**400", "a week and a second"],
)
def test_a_rummikub_turn_timer_is_at_most_a_week(client: httpx.Client, token: str) -> None:
    path = ("options", "turn_seconds")
    detail = refused(client, "POST", "/api/tables", **post_json(raw_body(RUMMIKUB, path, token)))
    assert "turn_seconds" in detail["message"], detail


def test_a_week_is_the_longest_time_a_table_takes(client: httpx.Client) -> None:
    week = {
        **TABLE,
        "clocks": {"turn_seconds": WEEK, "bank_seconds": WEEK, "increment_seconds": WEEK},
        "grace_seconds": WEEK,
    }
    created = client.post("/api/tables", json=week)
    assert created.status_code == 201, created.text
    assert strict_json(created)["table"]["grace_seconds"] == WEEK
    rummikub = client.post("/api/tables", json={**RUMMIKUB, "options": {"turn_seconds": WEEK}})
    assert rummikub.status_code == 201, rummikub.text
    for path in MODEL_FIELDS[1:5]:
        detail = refused(client, "POST", "/api/tables", json=_set(week, path, WEEK + 0.5))
        assert fields(detail) == ["body." + ".".join(path)], detail
        assert "604800" in detail["message"]


def _set(body: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(body)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize("token", NUMBERS)
def test_the_leaderboards_limit_refuses_bad_numbers(client: httpx.Client, token: str) -> None:
    detail = refused(client, "GET", "/api/leaderboard/ramen-ramen", params={"limit": token})
    assert fields(detail) == ["query.limit"], detail


def test_a_body_that_is_not_json_names_where_it_went_wrong(client: httpx.Client) -> None:
    detail = refused(client, "POST", "/api/tables", **post_json(b'{"game": "ramen-ramen",'))
    assert fields(detail) == ["body"] and "JSON" in detail["message"], detail


def test_text_that_is_no_unicode_gets_a_422_not_a_500(client: httpx.Client) -> None:
    """A lone surrogate (``"\\ud800"``) is valid JSON but no Unicode: the answer, which
    names the field or quotes the text, must still be written."""
    bodies = [
        (rb'{"game":"ramen-ramen","players":2,"title":"\ud800"}', "body.title"),
        (rb'{"game":"ramen-ramen","players":"\ud800"}', "body.players"),
        (rb'{"game":"ramen-ramen","players":2,"options":{"\ud800x":1}}', None),
    ]
    for body, field in bodies:
        detail = refused(client, "POST", "/api/tables", **post_json(body))
        if field is not None:
            assert fields(detail) == [field], detail


def test_a_record_upload_with_a_non_finite_number_is_refused(client: httpx.Client) -> None:
    for token in NON_FINITE:
        body = f'{{"format": "gametable-record", "version": 1, "seed": {token}}}'.encode()
        detail = refused(client, "POST", "/api/replay", content=body)
        assert detail["code"] == "bad-record", detail


# -- the play protocol ------------------------------------------------------------------------


def _solo(server) -> tuple[SeatClient, dict[str, Any]]:  # type: ignore[no-untyped-def]
    created = create_table(server.base, game="ramen-ramen", players=1,
                           seats=[{"kind": "human", "name": "solo"}])  # fmt: skip
    client = SeatClient(server.base, created["table"]["id"], created["seats"][0]["token"])
    state = client.my_turn()
    assert state is not None
    return client, state


def _answer(client: SeatClient, text: str) -> dict[str, Any]:
    client.send(text)
    return client.wait(lambda f: f["type"] in ("error", "ack", "pong"))


def test_non_finite_numbers_anywhere_in_a_message_are_bad_json(server) -> None:
    client, state = _solo(server)
    legal = json.dumps(state["legal"][0]["json"])
    for token in NON_FINITE:
        for text in (
            f'{{"type": "act", "seq": {token}, "action": {legal}}}',
            f'{{"type": "act", "seq": 0, "action": {token}}}',
            f'{{"type": "act", "seq": 0, "action": {{"play": [[{token}]]}}}}',
            f'{{"type": "act", "seq": 0, "index": {token}}}',
            f'{{"type": "ping", "id": {token}}}',
        ):
            answer = _answer(client, text)
            assert answer["type"] == "error" and answer["code"] == "bad-json", (text, answer)
            assert token.lstrip("-") in answer["message"], (text, answer)
            assert "JSON" in answer["message"] and len(answer["message"]) < 400
    assert client.request({"type": "ping"})["type"] == "pong"
    assert client.latest_state()["version"] == state["version"]
    # the decision the garbage stood in for is still the seat's to make
    seq = state["my_moves"]
    ack = client.request({"type": "act", "seq": seq, "action": state["legal"][0]["json"]})
    assert ack["type"] == "ack", ack
    client.close()


def test_huge_and_negative_whole_numbers_in_seq_index_action_and_id_are_refused(server) -> None:
    client, state = _solo(server)
    action = state["legal"][0]["json"]
    cases = [
        ({"type": "act", "seq": 2**63, "action": action}, "bad-message"),
        ({"type": "act", "seq": 10**400, "action": action}, "bad-message"),
        ({"type": "act", "seq": -1, "action": action}, "bad-message"),
        ({"type": "act", "seq": 0, "index": 2**63}, "bad-action"),
        ({"type": "act", "seq": 0, "index": 10**400}, "bad-action"),
        ({"type": "act", "seq": 0, "index": -1}, "bad-action"),
        ({"type": "act", "seq": 0, "action": 10**400}, "bad-action"),
        ({"type": "act", "seq": 0, "action": [2**63, -(10**400)]}, "bad-action"),
        ({"type": "act", "seq": 0, "action": {"play": 1e308}}, "bad-action"),
    ]
    for message, code in cases:
        answer = _answer(client, json.dumps(message))
        assert answer["type"] == "error" and answer["code"] == code, (message, answer)
        assert answer["message"] and len(answer["message"]) < 400, answer
    for ref in (10**400, 2**63, 1e308):  # an id a client could not read back: no ref
        pong = _answer(client, json.dumps({"type": "ping", "id": ref}))
        assert pong["type"] == "pong" and pong["ref"] is None, pong
    assert client.latest_state()["version"] == state["version"]
    ack = client.request({"type": "act", "seq": state["my_moves"], "index": 0})
    assert ack["type"] == "ack", ack
    client.close()


def test_a_hello_with_a_non_finite_number_is_answered_and_the_next_hello_works(server) -> None:
    created = create_table(server.base, game="ramen-ramen", players=1,
                           seats=[{"kind": "human"}])  # fmt: skip
    table_id, token = created["table"]["id"], created["seats"][0]["token"]
    ws_url = server.base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    with connect(ws_url, open_timeout=10) as ws:
        ws.send('{"type": "hello", "token": NaN}')
        error = json.loads(ws.recv(timeout=10))
        assert error["type"] == "error" and error["code"] == "bad-json", error
        ws.send(json.dumps({"type": "hello", "token": token}))
        welcome = json.loads(ws.recv(timeout=10))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0, welcome


# -- generated requests -----------------------------------------------------------------------

OPERATIONS = [
    ("GET", "/api/health", False),
    ("GET", "/api/games", True),
    ("GET", "/api/messages/{lang}", True),
    ("GET", "/api/games/{game}/rules", True),
    ("POST", "/api/lessons/{game}", True),
    ("POST", "/api/tables", True),
    ("GET", "/api/tables", True),
    ("POST", "/api/tables/{table_id}/join", True),
    ("GET", "/api/tables/{table_id}", False),
    ("GET", "/api/tables/{table_id}/record", False),
    ("GET", "/api/tables/{table_id}/replay", False),
    ("POST", "/api/replay", False),
    ("GET", "/api/leaderboard/{game}", True),
]
"""Every operation of the lobby API, and whether it has a body or a query to get wrong
(schemathesis's negative mode can make no invalid request for the others)."""
GENERATED = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)


@pytest.fixture(scope="module")
def api_schema(server):  # type: ignore[no-untyped-def]
    return schemathesis.openapi.from_url(f"{server.base}/openapi.json").include(path_regex="^/api/")


@pytest.fixture(scope="module")
def open_table(server) -> str:  # type: ignore[no-untyped-def]
    created = create_table(server.base, game="ramen-ramen", players=4,
                           seats=[{"kind": "human"}] * 4)  # fmt: skip
    return str(created["table"]["id"])


def test_the_schema_documents_the_servers_422_not_fastapis(client: httpx.Client) -> None:
    schema = strict_json(client.get("/openapi.json"))
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            answer = operation["responses"].get("422")
            if answer is not None:
                ref = answer["content"]["application/json"]["schema"]["$ref"]
                assert ref == "#/components/schemas/ErrorModel", (method, path, ref)
    detail = schema["components"]["schemas"]["ErrorDetailModel"]["properties"]
    assert {"code", "message", "errors"} <= set(detail)


def test_every_operation_of_the_schema_is_generated(api_schema) -> None:  # type: ignore[no-untyped-def]
    listed = {(r.ok().method.upper(), r.ok().path) for r in api_schema.get_all_operations()}
    assert listed == {(method, path) for method, path, _ in OPERATIONS}


def _check_answer(client: httpx.Client, response: httpx.Response, what: object) -> None:
    """Never a 5xx, always standard JSON (a 422 as the schema says), and the connection
    answers the next request."""
    assert response.status_code < 500, (what, response.status_code, response.text[:500])
    answer = strict_json(response)
    if response.status_code == 422:
        ErrorModel.model_validate(answer, strict=True)
    after = client.get("/api/health")
    assert after.status_code == 200 and same_connection(response, after), what


@pytest.mark.parametrize(("method", "path", "negative"), OPERATIONS)
def test_schemathesis_requests_never_get_a_5xx_and_keep_the_connection(
    api_schema, client: httpx.Client, open_table: str, method: str, path: str, negative: bool
) -> None:  # type: ignore[no-untyped-def]
    operation = api_schema[path][method]
    fixed = {"table_id": open_table} if "{table_id}" in path else {}
    if "{game}" in path:
        fixed = {"game": "ramen-ramen"}
    modes = [GenerationMode.POSITIVE] + [GenerationMode.NEGATIVE] * negative
    for mode in modes:
        strategy = operation.as_strategy(generation_mode=mode, path_parameters=fixed or None)

        @GENERATED
        @given(case=strategy)
        def send(case: Any) -> None:
            request = case.as_transport_kwargs(base_url=str(client.base_url))
            response = client.request(
                request["method"],
                request["url"],
                headers=request.get("headers"),
                params=request.get("params"),
                content=request.get("data"),
            )
            _check_answer(client, response, request)

        send()


@dataclass(frozen=True)
class Raw:
    """A number written into a body as it is: ``NaN``, ``1e400``, ``2**63`` …"""

    token: str

    @property
    def finite(self) -> bool:
        return self.token not in NON_FINITE


TOKENS = [Raw(t) for t in [*NUMBERS, str(10**400), "-0.0", "0", "1", "2", "60"]]
GAME_NAMES = [g.name for g in all_games()]
BOT_NAMES = sorted({b for g in all_games() for b in agent_names(g)})
KEYS = sorted(
    {o.name for g in all_games() for o in g.option_specs}
    | {s.name for g in all_games() for b in agent_names(g) for s in agent_settings(g, b) or ()}
)
NUMBER = st.one_of(
    st.sampled_from(TOKENS),
    st.integers(-2, 20),
    st.floats(-1.0, 2.0 * WEEK, allow_nan=False, allow_infinity=False),
)
LEAF = st.one_of(st.none(), st.booleans(), NUMBER, st.text(max_size=6))
FREE_VALUE = st.recursive(
    LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)
FREE_DICT = st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), FREE_VALUE, max_size=3)
TEXT_FIELDS = {
    "game": st.sampled_from(GAME_NAMES),
    "kind": st.sampled_from(["human", "bot"]),
    "bot": st.sampled_from(BOT_NAMES),
}


def from_model(model: type[BaseModel]) -> st.SearchStrategy[dict[str, Any]]:
    """Bodies shaped by ``model``'s fields: any field may be left out, every number may be
    a :class:`Raw` bad one, and free-form dicts (options, settings) hold any JSON."""
    optional = {name: _for(name, field.annotation) for name, field in model.model_fields.items()}
    return st.fixed_dictionaries({}, optional=optional)


def _for(name: str, annotation: Any) -> st.SearchStrategy[Any]:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return st.one_of([_for(name, a) for a in args])
    if annotation is type(None):
        return st.none()
    if annotation is bool:
        return st.booleans()
    if annotation in (int, float):
        return NUMBER
    if annotation is str:
        return TEXT_FIELDS.get(name, st.text(max_size=8))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return from_model(annotation)
    if origin is list:
        return st.lists(_for(name, args[0]), max_size=4)
    if origin is dict:
        return FREE_DICT
    return FREE_VALUE


def dump(value: Any, path: str, bad: list[str]) -> str:
    """``value`` as JSON text with its :class:`Raw` numbers written as they are; the paths
    of the non-finite ones (``body.clocks.turn_seconds``) are added to ``bad``."""
    if isinstance(value, Raw):
        if not value.finite:
            bad.append(path)
        return value.token
    if isinstance(value, dict):
        items = (f"{json.dumps(k)}:{dump(v, f'{path}.{k}', bad)}" for k, v in value.items())
        return "{" + ",".join(items) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v, f"{path}.{i}", bad) for i, v in enumerate(value)) + "]"
    if isinstance(value, float) and not math.isfinite(value):
        raise AssertionError("only Raw tokens are non-finite")
    return json.dumps(value)


@pytest.mark.parametrize(
    ("model", "path"),
    [(CreateTableModel, "/api/tables"), (JoinModel, "/api/tables/{table_id}/join")],
)
def test_bodies_from_the_models_with_bad_numbers_anywhere_are_refused_by_field(
    client: httpx.Client, open_table: str, model: type[BaseModel], path: str
) -> None:
    url = path.replace("{table_id}", open_table)

    @settings(GENERATED, max_examples=50)
    @given(body=from_model(model))
    def send(body: dict[str, Any]) -> None:
        bad: list[str] = []
        text = dump(body, "body", bad)
        response = client.post(url, **post_json(text.encode()))
        _check_answer(client, response, text)
        if bad:  # a non-finite number anywhere: refused, naming where
            assert response.status_code == 422, (text, response.text)
            named = fields(strict_json(response)["detail"])
            for where in bad:
                assert any(where == f or where.startswith(f + ".") for f in named), (
                    text,
                    named,
                )

    send()
