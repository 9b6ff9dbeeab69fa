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
import random
import subprocess
import sys
import time
from typing import Any

import pytest
from hostile_tally import OUTCOMES, TALLY, dump
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskspec.conformance.client import reference_client
from riskspec.conformance.protocol import (
    REQUEST_SCHEMA,
    RESPONSE_SCHEMA,
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


def _depth(obj: Any) -> int:
    """Nesting depth of a parsed JSON value, without recursion (the test's own measure)."""
    deepest, todo = 0, [(obj, 0)]
    while todo:
        x, d = todo.pop()
        if isinstance(x, (dict, list)):
            deepest = max(deepest, d + 1)
            todo += [(v, d + 1) for v in (x.values() if isinstance(x, dict) else x)]
    return deepest


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError("out of range")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(name)


def _expected(line: bytes) -> tuple[bool, Any, bool, str | None]:
    """For one line, worked out here independently of the server: (gets a response, the id it
    must carry, the request is schema-valid, the exact error code when the line itself is at
    fault — not UTF-8, not strict JSON, nested too deep, no valid id, an unknown op)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return True, None, False, "not-utf8"
    if not text.strip():
        return False, None, False, None
    try:
        req = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError:
        return True, None, False, "too-deep"
    except ValueError:
        return True, None, False, "not-json"
    if _depth(req) > 64:
        return True, None, False, "too-deep"
    rid = req.get("id") if isinstance(req, dict) else None
    if type(rid) is not int or not 0 <= rid < 2 ** 63:
        return True, None, False, "no-id"
    if req.get("op") not in ("new_game", "load_state", "apply", "legal_actions",
                             "chance_outcomes", "state", "quit"):
        return True, rid, False, "op"
    return True, rid, not schema_errors(REQUEST_SCHEMA, req), None


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
    if tally["inputs"] // 500 != (tally["inputs"] - len(batch)) // 500:
        dump()                                # every 500 lines or so
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
        answered, rid, valid, code = _expected(line)
        if answered:
            want.append((rid, valid, code))
        if rid is not None and code is None and json.loads(line).get("op") == "quit":
            break                          # the server stops there
    if len(got) != len(want):
        tally["lost"] += abs(len(want) - len(got))
    assert len(got) == len(want), (batch, got)
    for text, (rid, valid, code) in zip(got, want):
        resp = strict_loads(text)          # strict JSON: no NaN, bounded
        assert not schema_errors(RESPONSE_SCHEMA, resp), text
        assert resp["id"] == rid and type(resp["id"]) is type(rid), (text, rid)
        OUTCOMES["protocol server"]["ok" if resp["ok"] else
                                    f"{resp['error']['kind']} {resp['error']['code']}"] += 1
        if not resp["ok"] and resp["error"]["kind"] == "internal":
            tally["tracebacks"] += 1
            raise AssertionError(f"internal error: {text}")
        if resp["ok"] and not valid:
            tally["wrongly_accepted"] += 1
            raise AssertionError(f"accepted a request the schema refuses: {text}")
        if code is not None:
            assert not resp["ok"] and resp["error"]["code"] == code, (text, code)
            want_kind = "unsupported" if code == "op" else "bad-request"
            assert resp["error"]["kind"] == want_kind, (text, want_kind)


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


def _seeded_lines(n: int, seed: int) -> list[bytes]:
    """``n`` hostile lines from a seeded generator of the test's own (not Hypothesis: one
    process gets them all): ids of every JSON type, NaN, nesting, wrong field types, giant
    player counts, real and broken actions, bytes that are not UTF-8."""
    rng = random.Random(seed)
    ids = [0, 1, 2**63 - 1, 2**63, -1, 1.5, True, None, "1", [1], {"a": 1}, "NaN", "Infinity",
           "1e999", "-0"]
    values = [None, True, 0, -1, 3, 10**9, 2**63, 10**100, 1.5, "3", "", "\ud800", [], {},
              [3], {"x": None}, "classic", "napoleon-basic", "NaN"]
    ops = ["new_game", "load_state", "apply", "apply", "apply", "legal_actions",
           "chance_outcomes", "state", "nope", "", "QUIT"]
    out = []
    for i in range(n):
        k = rng.randrange(10)
        rid = rng.choice(ids) if rng.random() < 0.4 else i
        rid_text = rid if isinstance(rid, str) and rid in ("NaN", "Infinity", "1e999", "-0") \
            else json.dumps(rid)
        if k == 0:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))))
        elif k == 1:
            d = rng.choice([65, 500, 5000, 100_000])
            out.append(("[" * d if rng.random() < 0.5 else
                        f'{{"id":{rid_text},"op":"apply","action":' + '{"a":' * d + "1"
                        + "}" * d + "}").encode())
        elif k in (2, 3):                   # a game to play on, or a giant / broken one
            players = rng.choice(["1000000000", "2", "3", "3", "4", "-3", "0", "2.5", "NaN",
                                  "1e400", "true", '"3"'])
            out.append(f'{{"id":{rid_text},"op":"new_game","variant":'
                       f'{json.dumps(rng.choice(VARIANTS))},"players":{players}}}'.encode())
        else:
            req = f'{{"id":{rid_text},"op":{json.dumps(rng.choice(ops))}'
            for key in rng.sample(["variant", "players", "options", "state", "action", "map"],
                                  rng.randrange(4)):
                v = rng.choice(values)
                if key == "action" and rng.random() < 0.7:
                    v = {"type": rng.choice(ACTION_TYPES), "territory": rng.choice(NAMES),
                         "armies": rng.choice(values), "dice": rng.choice(values)}
                text = "NaN" if v == "NaN" else json.dumps(v)
                req += f',"{key}":{text}'
            out.append((req + "}").encode())
    return out


def test_riskspec_engine_survives_seeded_lines() -> None:
    pipe_lines(300, seed=3)


@pytest.mark.slow
def test_riskspec_engine_survives_ten_thousand_seeded_lines() -> None:
    pipe_lines(SLOW_EXAMPLES, seed=11)


def pipe_lines(n: int, seed: int) -> None:
    """The real ``riskspec engine`` process, one run, ``n`` hostile lines: one strict,
    schema-valid answer per line, never internal, the right code for a line at fault, alive
    at the end (it answers the final quit)."""
    batch = _seeded_lines(n, seed=seed)
    data = b"".join(b.replace(b"\n", b" ") + b"\n" for b in batch) + b'{"id":7,"op":"quit"}\n'
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "riskspec.cli", "engine"], input=data,
                          capture_output=True, timeout=3000)
    took = time.monotonic() - t0
    tally = TALLY["riskspec engine (process)"]
    tally["inputs"] += len(batch)
    tally["slowest_ms"] = int(took * 1000)     # the whole run here
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr[-2000:]
    got = proc.stdout.decode("utf-8").splitlines()[1:]
    want = [w for w in map(_expected, (b.replace(b"\n", b" ") for b in batch)) if w[0]]
    tally["lost"] += max(0, len(want) + 1 - len(got))
    assert len(got) == len(want) + 1 and strict_loads(got[-1]) == {"id": 7, "ok": True,
                                                                    "result": {}}
    for text, (_, rid, valid, code) in zip(got, want):
        resp = strict_loads(text)
        assert not schema_errors(RESPONSE_SCHEMA, resp), text
        assert resp["id"] == rid and type(resp["id"]) is type(rid), (text, rid)
        key = "ok" if resp["ok"] else f"{resp['error']['kind']} {resp['error']['code']}"
        OUTCOMES["riskspec engine (process)"][key] += 1
        assert key != "internal exception" and not key.startswith("internal"), text
        if code is not None:
            assert resp["error"]["code"] == code, (text, code)
        if resp["ok"] and not valid:
            tally["wrongly_accepted"] += 1
            raise AssertionError(f"accepted a request the schema refuses: {text}")


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


def test_an_error_quoting_a_lone_surrogate_is_still_a_valid_answer() -> None:
    # found by the 10,000-line campaign: the error message quoted the request's territory
    # name with its lone surrogate, and the answer became `internal unencodable`
    out = io.StringIO()
    data = (b'{"id":1,"op":"new_game","variant":"classic","players":3}\n'
            b'{"id":2,"op":"apply","action":{"type":"end-turn","territory":"alaska\\ud800"}}\n'
            b'{"id":3,"op":"apply","action":{"type":"fortify","territory":"egypt",'
            b'"armies":"\\ud800"}}\n')
    serve(API, name="t", capabilities=capabilities(), stdin=_Stdin(data), stdout=out)
    got = [strict_loads(x) for x in out.getvalue().splitlines()[2:]]
    assert [r["id"] for r in got] == [2, 3]
    for r in got:
        assert not schema_errors(RESPONSE_SCHEMA, r)
        assert r["error"]["kind"] == "invalid-action", r
