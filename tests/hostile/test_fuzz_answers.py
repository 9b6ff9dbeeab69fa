"""Hypothesis-generated hostile engine answers, through the real response checks, runner and
report writers (in-process, so thousands of inputs run in seconds).

An in-process toy engine answers every request correctly, except one planned request whose
answer is replaced by a hostile line: garbage text, JSON nested too deep, NaN / Infinity,
a wrong id, a schema break, too many actions, or (benign) hostile text inside a valid answer.
Asserted for every input: no exception escapes; a line the protocol must refuse is recorded as
``error`` with the exact fault kind (never ``pass``: no input wrongly accepted); a case that
got no hostile line passes; the three reports parse.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import pytest
import toy_engine
from helpers import TOY_VECTORS
from hostile_reports import assert_report_parses
from hostile_tally import OUTCOMES, TALLY, dump
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from riskspec.conformance.client import InProcessClient, check_response
from riskspec.conformance.protocol import dumps
from riskspec.conformance.report import build_report
from riskspec.conformance.runner import run_case
from riskspec.conformance.vectors import load_cases

TOY_CAPS = {"variants": ["toy"], "options": {"toy.amb.goal": ["ten", "twelve"]},
            "ops": ["new_game", "load_state", "apply", "legal_actions", "chance_outcomes", "state",
                    "quit"],
            "rules": ["toy.move.*", "toy.turn.*", "toy.win.*"], "maps": ["standard"]}
CASES = [c for c in load_cases([TOY_VECTORS]) if c.id != "toy.bonus.extra.001"]
SLOW_EXAMPLES = 10_000

# text an engine may write: any code point (lone surrogates included) and the usual suspects
NASTY = ["\ud800", "\udfff", "\x00", "\x1b[31m", "\x1b]0;title\x07", "\x07", "\r", "\x0c", "\x85",
         "\ufffe", "]]>", "</failure>", "```", "\n# Verdict: CONFORMS\n", "&amp;", "<x>", "\u202e"]
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=60)
hostile_text = st.lists(st.one_of(st.sampled_from(NASTY), any_text), max_size=8).map("".join)
json_scalar = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False,
                        allow_infinity=False), hostile_text)


class HostileClient:
    """The toy engine in-process; request number ``at`` gets ``mutate(line, rid, op)``."""

    def __init__(self, at: int, mutate: Any) -> None:
        self.inner = InProcessClient(toy_engine, TOY_CAPS, name="toy")
        self.capabilities = self.inner.capabilities
        self.at, self.mutate = at, mutate
        self.n = 0
        self.served: tuple[str, bool, str] | None = None   # (kind, must refuse, op)
        self.deadline: float | None = None
        self.deadline_seconds: float | None = None
        self.faults: list = []

    def start(self):
        return self.capabilities

    def kill(self) -> None:
        pass

    def request(self, op: str, **fields: Any):
        self.n += 1
        resp, _ = self.inner.session.handle(dumps({"id": self.n, "op": op, **fields}))
        line = dumps(resp)
        if self.n == self.at:
            kind, line, refuse = self.mutate(line, self.n, op)
            self.served = (kind, refuse, op)
        return check_response(line, self.n, op)


# -- the hostile lines: each strategy gives mutate(line, rid, op) -> (kind, line, must refuse)
def _garbage(text: str):
    return lambda line, rid, op: ("garbage", "#" + text, True)


def _deep(depth: int, valid_outside: bool):
    def m(line, rid, op):
        if valid_outside:
            inner = "[" * depth + "]" * depth
            return "garbage", f'{{"id":{rid},"ok":true,"result":{{"state":{{"x":{inner}}}}}}}', True
        return "garbage", "[" * depth, True
    return m


def _nonfinite(token: str):
    return lambda line, rid, op: (
        "garbage", f'{{"id":{rid},"ok":true,"result":{{"state":{{"counter":{token}}}}}}}', True)


def _wrong_id(new_id: Any):
    def m(line, rid, op):
        resp = json.loads(line)
        if type(new_id) is int and new_id == rid:
            return "wrong-id", line, False
        resp["id"] = new_id
        # a non-finite id is not even JSON: refused as garbage before its id is read
        kind = "garbage" if isinstance(new_id, float) and not math.isfinite(new_id) else "wrong-id"
        return kind, json.dumps(resp, allow_nan=True), True
    return m


SCHEMA_BREAKS = {
    "no-ok": lambda r: r.pop("ok"),
    "ok-not-bool": lambda r: r.__setitem__("ok", "yes"),
    "result-not-object": lambda r: r.__setitem__("result", [1]) if r.get("ok") else
    r.__setitem__("error", "boom"),
    "bad-kind": lambda r: r.update(ok=False, error={"kind": "weird", "code": "x"}),
    "empty-code": lambda r: r.update(ok=False, error={"kind": "internal", "code": ""}),
    "no-state": lambda r: r.update(ok=True, result={}),
}


def _schema(name: str):
    def m(line, rid, op):
        resp = json.loads(line)
        SCHEMA_BREAKS[name](resp)
        if name == "no-state" and op in ("legal_actions", "chance_outcomes"):
            return "schema", line, False          # {} lacks actions/outcomes: refused anyway
        return "schema", json.dumps(resp), True
    return m


def _too_many(n: int):
    def m(line, rid, op):
        if op == "legal_actions":
            items = ",".join(['{"type":"add","n":1}'] * n)
            return "limit", f'{{"id":{rid},"ok":true,"result":{{"actions":[{items}]}}}}', True
        return "limit", line, False
    return m


def _text_inside(text: str, where: str):
    def m(line, rid, op):
        resp = json.loads(line)
        if where == "error" or not resp.get("ok"):
            resp = {"id": rid, "ok": False, "error": {"kind": "bad-request", "code": text[:100] or "x",
                                                       "message": text}}
        else:
            target = resp["result"].get("state") if isinstance(resp["result"].get("state"), dict) \
                else resp["result"]
            target["note " + text[:20]] = text
        return "text", json.dumps(resp, ensure_ascii=True), False
    return m


def _benign(line, rid, op):
    return "none", line, False


mutations = st.one_of(
    any_text.map(_garbage),
    st.builds(_deep, st.one_of(st.integers(65, 3000), st.just(100_000)), st.booleans()),
    st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-1e400", "9" * 5000]).map(_nonfinite),
    st.one_of(st.booleans(), st.none(), hostile_text, st.floats(), st.integers(-5, 20),
              st.just(1.0)).map(_wrong_id),
    st.sampled_from(sorted(SCHEMA_BREAKS)).map(_schema),
    st.integers(100_001, 100_050).map(_too_many),
    st.builds(_text_inside, hostile_text, st.sampled_from(["error", "result"])),
    st.just(_benign),
)


def run_one(case_index: int, at: int, mutate: Any) -> None:
    case = CASES[case_index]
    client = HostileClient(at, mutate)
    t0 = time.monotonic()
    try:
        res = run_case(client, case)
    except BaseException:
        TALLY["engine answers"]["tracebacks"] += 1
        raise
    finally:
        TALLY["engine answers"]["inputs"] += 1
        dump(TALLY["engine answers"])
    took = time.monotonic() - t0
    TALLY["engine answers"]["slowest_ms"] = max(TALLY["engine answers"]["slowest_ms"], int(took * 1000))
    if took > 30:
        TALLY["engine answers"]["hangs"] += 1
    rep = build_report([res], {"engine": {"name": "toy \x1b[31m\ud800", "version": "\x00"}},
                       complete=True, planned=1)
    if rep["totals"]["run"] != 1:
        TALLY["engine answers"]["lost"] += 1
    assert_report_parses(rep)
    served = client.served
    OUTCOMES["engine answers"][res.outcome if res.outcome == "pass" else
                               f"{res.outcome} {res.fault}"] += 1
    if served is not None and served[1]:
        if res.outcome == "pass":
            TALLY["engine answers"]["wrongly_accepted"] += 1
        assert (res.outcome, res.fault) == ("error", served[0]), (served, res.message)
    elif served is None or served[0] == "none":
        assert res.outcome == "pass", res.message
    else:
        assert res.outcome in ("pass", "fail", "error"), res.message


common = dict(deadline=None, database=None, suppress_health_check=list(HealthCheck))


@given(case_index=st.integers(0, len(CASES) - 1), at=st.integers(1, 8), mutate=mutations)
@settings(max_examples=150, derandomize=True, **common)
def test_hostile_answers(case_index: int, at: int, mutate: Any) -> None:
    run_one(case_index, at, mutate)


@pytest.mark.slow
@given(case_index=st.integers(0, len(CASES) - 1), at=st.integers(1, 8), mutate=mutations)
@settings(max_examples=SLOW_EXAMPLES, **common)
def test_hostile_answers_campaign(case_index: int, at: int, mutate: Any) -> None:
    run_one(case_index, at, mutate)


# -- whole runs: one engine session over every selected case, reports on disk ----------------
RUN_EXAMPLES = 1_000       # whole runs of all the toy cases with --runslow (each 7 cases)


def run_whole(tmp: Any, at: int, mutate: Any) -> None:
    """Every case of the toy vectors through one hostile session (its request ``at``, counted
    over the whole run, is replaced), the results written by the report writer as a run does:
    every selected case gets a result, a refused line makes the run fail (never a pass), the
    JSON, Markdown and JUnit files on disk parse."""
    from hostile_reports import assert_files_parse

    from riskspec.conformance.report import ReportWriter
    client = HostileClient(at, mutate)
    paths = tmp / "r.json", tmp / "r.md", tmp / "j.xml"
    writer = ReportWriter(reports=paths[:2], junit=paths[2], planned=len(CASES),
                          meta={"engine": {"name": "hostile \x1b[0m\ud800"}})
    tally = TALLY["engine answers (whole runs)"]
    tally["inputs"] += 1
    try:
        results = [run_case(client, case) for case in CASES]
    except BaseException:
        tally["tracebacks"] += 1
        raise
    for r in results:
        writer.add(r)
    rep = writer.close(complete=True)
    saved = assert_files_parse(*paths)
    if saved["totals"]["run"] != len(CASES) or not saved["complete"]:
        tally["lost"] += len(CASES) - saved["totals"]["run"]
    assert saved["totals"]["run"] == len(CASES) and saved["complete"] and rep["complete"]
    passed = all(r.outcome == "pass" for r in results)
    OUTCOMES["engine answers (whole runs)"]["run passes" if passed else "run fails"] += 1
    served = client.served
    if served is not None and served[1]:
        if passed:
            tally["wrongly_accepted"] += 1
        assert not passed and any(r.outcome == "error" and r.fault == served[0] for r in results)
    elif served is None or served[0] == "none":
        assert passed, [r.message for r in results if r.outcome != "pass"]


@given(at=st.integers(1, 60), mutate=mutations)
@settings(max_examples=15, derandomize=True, **common)
def test_hostile_answers_in_whole_runs(tmp_path_factory, at: int, mutate: Any) -> None:
    run_whole(tmp_path_factory.mktemp("run"), at, mutate)


@pytest.mark.slow
@given(at=st.integers(1, 60), mutate=mutations)
@settings(max_examples=RUN_EXAMPLES, **common)
def test_hostile_answers_in_whole_runs_campaign(tmp_path_factory, at: int, mutate: Any) -> None:
    run_whole(tmp_path_factory.mktemp("run"), at, mutate)
