"""The protocol server (``riskspec engine``, conformance/server.py) against any line.

Hypothesis writes lines — any text (lone surrogates included), any bytes, JSON of any
shape, request-like objects with fields of the wrong type or range, JSON nested far too
deep — to :func:`serve` over the reference engine. For every input: exactly one response
line per non-blank request line (until a quit), strict JSON, valid under the response
schema, its id the request's id when that is a valid id and null otherwise, never an
``internal`` error, and never ``ok`` for a request the request schema refuses.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import time
from typing import Any

import pytest
from hostile_tally import TALLY
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskspec.conformance.client import reference_client
from riskspec.conformance.protocol import (
    REQUEST_SCHEMA,
    RESPONSE_SCHEMA,
    is_valid_id,
    schema_errors,
    strict_loads,
)
from riskspec.conformance.reference_api import ReferenceAPI, capabilities
from riskspec.conformance.server import Session, serve

SLOW_EXAMPLES = 10_000
VARIANTS = ["classic", "classic-fr", "napoleon-basic", "napoleon-advanced"]
ACTION_TYPES = ["claim", "place", "place-neutral", "trade", "attack", "roll", "occupy", "fortify",
                "end-attack", "end-turn", "first-player", "deal", "draw", "mission", "pass", "buy"]
NAMES = ["alaska", "kamchatka", "egypt", "paris", "", "ALASKA", "../etc", "alaska\ud800"]


def _api_and_states() -> tuple[Any, list[tuple[str, int, Any]]]:
    """The reference API and a few real game states (start and mid-game) to apply actions to."""
    api = ReferenceAPI()
    states = []
    ref = reference_client()
    for variant, players in (("classic", 3), ("napoleon-basic", 2), ("napoleon-advanced", 3)):
        ref.request("new_game", variant=variant, players=players, options={})
        for step in range(120):
            if step in (0, 60, 119):
                st_json = ref.request("state").result["state"]
                states.append((variant, players, api.load_state(st_json, variant=variant,
                                                                players=players, options={})))
            acts = ref.request("legal_actions").result["actions"] or \
                [o["outcome"] for o in ref.request("chance_outcomes").result["outcomes"]]
            if not acts:
                break
            ref.request("apply", action=acts[(step * 7) % len(acts)])
    return api, states


API, STATES = _api_and_states()

any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=40)
scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(-2, 10),
                    st.just(10 ** 9), st.just(2 ** 63), st.just(-(2 ** 63) - 1),
                    st.floats(allow_nan=True, allow_infinity=True), any_text, st.sampled_from(NAMES))
json_values = st.recursive(scalars, lambda kids: st.one_of(
    st.lists(kids, max_size=4), st.dictionaries(any_text, kids, max_size=4)), max_leaves=12)
actions = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES)},
                          optional={k: st.one_of(scalars, json_values) for k in (
                              "territory", "from", "to", "armies", "dice", "cards", "n",
                              "player", "die", "rolls", "bonus_territory", "mission")}),
    json_values)
requests = st.fixed_dictionaries(
    {"id": st.one_of(st.integers(0, 1000), scalars),
     "op": st.one_of(st.sampled_from(["new_game", "load_state", "apply", "legal_actions",
                                      "chance_outcomes", "state"]), scalars)},
    optional={"variant": st.one_of(st.sampled_from(VARIANTS), scalars),
              "players": scalars,
              "options": st.one_of(st.dictionaries(any_text, st.one_of(any_text, scalars),
                                                   max_size=3), scalars),
              "state": json_values, "action": actions,
              "map": st.one_of(st.none(), json_values), "missions": st.one_of(st.none(), json_values)})


def _deep(depth: int, kind: int) -> str:
    if kind == 0:
        return "[" * depth
    if kind == 1:
        return '{"id":1,"op":"apply","action":' + '{"a":' * depth + "1" + "}" * depth + "}"
    return "[" * depth + "]" * depth


lines = st.one_of(
    any_text.map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.binary(max_size=60),
    json_values.map(lambda v: json.dumps(v, allow_nan=True).encode("utf-8", "surrogatepass")),
    requests.map(lambda r: json.dumps(r, allow_nan=True, ensure_ascii=False).encode(
        "utf-8", "surrogatepass")),
    requests.map(lambda r: json.dumps(r, allow_nan=True).encode()),
    st.builds(_deep, st.one_of(st.integers(60, 2000), st.just(100_000)),
              st.integers(0, 2)).map(str.encode),
).map(lambda b: b.replace(b"\n", b" "))


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def _expected(line: bytes) -> tuple[bool, Any, bool]:
    """(gets a response, the id it must carry, the request is schema-valid) for one line."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return True, None, False
    if not text.strip():
        return False, None, False
    try:
        req = strict_loads(text)
    except ValueError:
        return True, None, False
    if not isinstance(req, dict) or not is_valid_id(req.get("id")):
        return True, None, False
    return True, req["id"], not schema_errors(REQUEST_SCHEMA, req)


def run_lines(batch: list[bytes], state_index: int) -> None:
    variant, players, state = STATES[state_index % len(STATES)]

    class Seeded(Session):
        def __init__(self, api: Any, caps: Any) -> None:
            super().__init__(api, caps)
            self.state = state

    out = io.StringIO()
    t0 = time.monotonic()
    tally = TALLY["protocol server"]
    tally["inputs"] += len(batch)
    try:
        serve(API, name="fuzz", capabilities=capabilities(), stdin=_Stdin(b"\n".join(batch) + b"\n"),
              stdout=out, session_factory=Seeded)
    except BaseException:
        tally["tracebacks"] += 1
        raise
    took = time.monotonic() - t0
    tally["slowest_ms"] = max(tally["slowest_ms"], int(took * 1000))
    if took > 30:
        tally["hangs"] += 1
    got = out.getvalue().splitlines()[1:]   # after the handshake
    want = []
    for line in batch:
        answered, rid, valid = _expected(line)
        if answered:
            want.append((rid, valid))
    if len(got) != len(want):
        tally["lost"] += abs(len(want) - len(got))
    assert len(got) == len(want), (batch, got)
    for text, (rid, valid) in zip(got, want):
        resp = strict_loads(text)          # strict JSON: no NaN, bounded
        assert not schema_errors(RESPONSE_SCHEMA, resp), text
        assert resp["id"] == rid and type(resp["id"]) is type(rid), (text, rid)
        if not resp["ok"] and resp["error"]["kind"] == "internal":
            tally["tracebacks"] += 1
            raise AssertionError(f"internal error: {text}")
        if resp["ok"] and not valid:
            tally["wrongly_accepted"] += 1
            raise AssertionError(f"accepted a request the schema refuses: {text}")


common = dict(deadline=None, database=None, suppress_health_check=list(HealthCheck))


@given(batch=st.lists(lines, min_size=1, max_size=4), state_index=st.integers(0, 50))
@settings(max_examples=200, derandomize=True, **common)
def test_server_survives_hostile_lines(batch: list[bytes], state_index: int) -> None:
    run_lines(batch, state_index)


@pytest.mark.slow
@given(batch=st.lists(lines, min_size=1, max_size=4), state_index=st.integers(0, 50))
@settings(max_examples=SLOW_EXAMPLES // 2, **common)
def test_server_survives_hostile_lines_campaign(batch: list[bytes], state_index: int) -> None:
    run_lines(batch, state_index)


HOSTILE_LINES = [
    (b"[" * 100_000, "too-deep"),
    (b'{"id":1,"op":"new_game","variant":"napoleon-basic","players":1000000000}', "bad-field"),
    (b'{"id":NaN,"op":"state"}', "not-json"),
    (b'{"id":true,"op":"state"}', "no-id"),
    (b'{"id":"1","op":"state"}', "no-id"),
    (b'{"id":1.5,"op":"state"}', "no-id"),
    (b'{"id":-1,"op":"state"}', "no-id"),
    (b'{"id":1,"op":"new_game","variant":"classic","players":"3"}', "bad-field"),
    (b'{"id":1,"op":"new_game","variant":7,"players":3}', "bad-field"),
    (b'{"id":1,"op":"new_game","variant":"classic","players":3,"options":[]}', "bad-field"),
    (b'{"id":1,"op":"apply","action":[1]}', "malformed"),
    (b'{"id":1,"op":"\xed\xa0\x80"}', "not-utf8"),
    (b"\xff\xfe", "not-utf8"),
]


def test_riskspec_engine_answers_each_hostile_line() -> None:
    """Through the real command (one process, every line): it survives each and answers the
    next request too."""
    data = b"".join(line + b"\n" for line, _ in HOSTILE_LINES) + b'{"id":7,"op":"quit"}\n'
    proc = subprocess.run([sys.executable, "-m", "riskspec.cli", "engine"], input=data,
                          capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = [strict_loads(x) for x in proc.stdout.decode("utf-8").splitlines()]
    assert len(out) == len(HOSTILE_LINES) + 2 and out[-1] == {"id": 7, "ok": True, "result": {}}
    for (line, code), resp in zip(HOSTILE_LINES, out[1:]):
        assert resp["ok"] is False and resp["error"]["code"] == code, (line[:80], resp)
        assert not schema_errors(RESPONSE_SCHEMA, resp)
        assert resp["id"] in (None, 1)
    assert b"Traceback" not in proc.stderr


def test_a_line_over_the_limit_is_answered_and_skipped(monkeypatch) -> None:
    from riskspec.conformance import server
    monkeypatch.setattr(server, "MAX_REQUEST", 1000)
    out = io.StringIO()
    data = b'{"id":1,"op":"state","pad":"' + b"x" * 5000 + b'"}\n{"id":2,"op":"quit"}\n'
    serve(API, name="t", capabilities=capabilities(), stdin=_Stdin(data), stdout=out)
    got = [strict_loads(x) for x in out.getvalue().splitlines()[1:]]
    assert got[0]["error"]["code"] == "too-long" and got[0]["id"] is None
    assert got[1] == {"id": 2, "ok": True, "result": {}}
