"""Run test vectors against an engine through the protocol, robustly.

Every case ends as exactly one of ``pass``, ``fail``, ``error``, ``timeout``,
``skip`` (not claimed by the engine, or deselected), ``xfail`` (failed and
listed in the expectations file) or ``xpass`` (listed but passed).  A protocol
fault is recorded against the case it happened in; the engine is restarted for
the next case.  Results go to a :class:`~riskspec.conformance.report.ReportWriter`
as soon as each case ends.
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from riskspec.conformance import attribution
from riskspec.conformance.claims import case_needs, case_reading, default_reading, is_ambiguity
from riskspec.conformance.client import (
    EngineClient,
    InProcessClient,
    Response,
    need_ok,
    shared_reference_client,
)
from riskspec.conformance.compare import (
    MISSING,
    action_key,
    events_diff,
    format_diff,
    partial_diff,
    set_diff,
)
from riskspec.conformance.errors import EngineFault, EngineLied, EngineRefused, EngineSchemaError, JudgeError
from riskspec.conformance.frame import advance, compared, frame_diff, observe
from riskspec.conformance.perft import divide_rows, perft
from riskspec.conformance.protocol import STATE_FORMAT, schema_errors
from riskspec.conformance.untrusted import clean_json, clean_text
from riskspec.conformance.vectors import Case

OUTCOMES = ("pass", "fail", "error", "timeout", "skip", "xfail", "xpass")
BAD = ("fail", "error", "timeout")


@dataclass
class CaseResult:
    case: str
    title: str
    covers: list[str]
    variant: str
    section: str
    outcome: str
    message: str = ""
    step: int | None = None
    action: Any = None
    diffs: list[dict] = field(default_factory=list)
    duration: float = 0.0
    fault: str | None = None
    stderr: str | None = None
    reason: str | None = None        # expectations-file reason (xfail / xpass)
    not_claimed: list[str] = field(default_factory=list)
    file: str = ""
    rule: str | None = None          # the rule the failing step breaks (see attribution.py)
    upstream: str | None = None      # where the engine left the rules' course before that step

    def to_json(self) -> dict:
        """The result as report JSON; engine-supplied text is cleaned (see ``untrusted``)."""
        d = clean_json(asdict(self))
        return {k: v for k, v in d.items() if v not in (None, [], "") or k in ("case", "outcome")}


class _Stop(Exception):
    """A step failed: stop the case with these diffs (and what attribution needs)."""

    def __init__(self, diffs: list[dict], message: str = "", *, accepted_forbidden: bool = False,
                 refusal: Mapping[str, Any] | None = None) -> None:
        self.diffs, self.message = diffs, message
        self.accepted_forbidden, self.refusal = accepted_forbidden, refusal
        self.trail: list[Any] = []
        super().__init__(message)


def checked_state(r: Response, what: str) -> Any:
    """The state of an ok response, checked against ``schemas/state.schema.json`` when it is
    in riskspec's format (docs/protocol.md): a state the schema refuses (a negative count, a
    missing field) is a protocol error of the engine, on the stdio and the in-process path
    alike (:class:`EngineSchemaError`, naming the first problems)."""
    state = r.result["state"]
    if isinstance(state, Mapping) and state.get("format") == STATE_FORMAT:
        problems = schema_errors("state.schema.json", state)
        if problems:
            raise EngineSchemaError(f"the state returned by {what} breaks the state schema: "
                                    + "; ".join(problems))
    return state


def echo_diffs(sent: Any, echoed: Any) -> list[dict]:
    """Where a state the engine answered differs from the state it should be (the one sent to
    ``load_state``, the reference's ``new_game``, the one a ``state`` request must repeat): its
    variant and every observable field (:func:`riskspec.conformance.frame.observe`), places
    it added included.  [] when either is not in riskspec's state format (nothing to read)."""
    if not (isinstance(sent, Mapping) and isinstance(echoed, Mapping)
            and sent.get("format") == STATE_FORMAT and echoed.get("format") == STATE_FORMAT):
        return []
    want, got = observe(sent), observe(echoed)
    diffs = partial_diff({"variant": sent.get("variant")}, {"variant": echoed.get("variant")}, "$.state")
    diffs += partial_diff(want, got, "$.state")
    for key in ("territories", "zones"):
        w, g = want.get(key), got.get(key)
        if isinstance(w, Mapping) and isinstance(g, Mapping):
            diffs += [{"path": f"$.state.{key}.{name}", "expected": MISSING, "actual": g[name]}
                      for name in sorted(set(g) - set(w))[:5]]
    return diffs


def _lied(diffs: list[dict], what: str) -> EngineLied:
    return EngineLied(f"{what}\n{format_diff(diffs)}", diffs=diffs)


def _check_setup_echo(case: Case, setup: Mapping[str, Any], cur: Any) -> None:
    """The state ``load_state`` answers must be the one sent; ``new_game``'s, the reference's
    new game for the same request.  A mismatch is a lying engine (:class:`EngineLied`)."""
    if case.state is not None:
        diffs = echo_diffs(case.state, cur)
        if diffs:
            raise _lied(diffs, "load_state answered a state other than the one it was sent "
                               "(the engine lies about the game it holds)")
        return
    if not (isinstance(cur, Mapping) and cur.get("format") == STATE_FORMAT):
        return
    from riskspec.conformance.client import reference_client
    ref = reference_client().request("new_game", **setup)
    if ref.ok:
        diffs = echo_diffs(ref.result["state"], cur)
        if diffs:
            raise _lied(diffs, "new_game answered a state other than the new game the rules set "
                               "up for that request (the reference engine's)")


# -- one case ---------------------------------------------------------------------------
def run_case(client: EngineClient | InProcessClient, case: Case, *, case_timeout: float | None = None) -> CaseResult:
    """Run one case; whatever happens inside it ends as this case's result (never an exception).

    ``case_timeout``: seconds the whole case may take (its requests share them)."""
    t0 = time.monotonic()
    res = CaseResult(case=case.id, title=case.title, covers=list(case.covers), variant=case.variant,
                     section=case.section, outcome="pass", file=case.file)
    if hasattr(client, "deadline"):  # a client that keeps time (in process, none does)
        client.deadline = t0 + case_timeout if case_timeout else None  # type: ignore[union-attr]
        client.deadline_seconds = case_timeout  # type: ignore[union-attr]
    try:
        caps = client.start()
        needs = case_needs(case)
        why = caps.unclaimed(**needs)
        if not why:  # readings the case relies on through its steps, not its covered rules
            why = unclaimed_by_steps(caps, case, skip=needs["readings"])
        if why:
            res.outcome, res.not_claimed = "skip", why
            res.message = "not claimed: " + ", ".join(why)
            return res
        _run_steps(client, case, res)
    except _Stop as stop:
        res.outcome, res.diffs = "fail", stop.diffs
        res.message = stop.message + ("\n" if stop.message else "") + format_diff(stop.diffs)
        _attribute(case, res, stop, client)
        _skip_if_unclaimed(case, res, getattr(client, "capabilities", None))
    except EngineRefused as exc:
        res.outcome, res.message = "error", str(exc)
    except EngineFault as fault:
        res.outcome, res.fault = fault.outcome, fault.kind
        res.message = f"{fault.kind}: {fault}"
        res.stderr = fault.stderr_tail or None
        res.diffs = list(getattr(fault, "diffs", []))
    except Exception as exc:  # anything else (a RecursionError on a hostile answer …) is an error too
        res.outcome, res.fault = "error", JudgeError.kind
        res.message = (f"the suite could not judge this case: {type(exc).__name__}: "
                       f"{clean_text(exc, limit=500)}")
        res.step = res.action = None
        kill = getattr(client, "kill", None)
        if kill is not None:  # the engine may be mid-answer: start the next case afresh
            kill()
    finally:
        drain = getattr(client, "drain", None)
        if drain is not None:     # answers to requests written ahead that the case never read
            drain()
        res.duration = round(time.monotonic() - t0, 4)
        if hasattr(client, "deadline"):
            client.deadline = None
    return res


# -- readings a case relies on through its steps -----------------------------------
_verdicts: dict[tuple[str, str, str, tuple[str, ...]], bool] = {}
_verdicts_lock = threading.Lock()


def passes_under(case: Any, ambiguity: str, reading: str) -> bool:
    """Whether the case's expectations still hold on the reference engine under ``reading``.

    This only decides whether a case applies to an engine of another reading — never a verdict
    on an engine: a case that holds under a reading the engine claims does not depend on the
    ambiguity, so that engine is judged by it."""
    options = {**case.options, ambiguity: reading}
    state = case.state
    if isinstance(state, Mapping) and isinstance(state.get("options"), Mapping):
        state = {**state, "options": {**state["options"], ambiguity: reading}}
    # run_case turns every refusal of the reference (a reading it cannot set up) into an outcome
    res = run_case(shared_reference_client(), replace(case, options=options, state=state))
    return res.outcome == "pass"


def unclaimed_by_steps(caps: Any, case: Any, skip: Iterable[str] = ()) -> list[str]:
    """Readings a case depends on through its steps (not its covered rules) that the engine
    does not claim: for every ambiguity the handshake restricts to readings other than the
    case's, the case is replayed on the reference under each claimed reading; if it holds
    under none, the case needs its own reading (``"<ambiguity>=<reading>"``)."""
    if not isinstance(caps.options, Mapping):
        return []
    done = set(skip)
    why = []
    for aid, allowed in sorted(caps.options.items()):
        if aid in done or allowed == "*" or not isinstance(allowed, (list, tuple)) \
                or not is_ambiguity(case.variant, aid) or default_reading(case.variant, aid) is None:
            continue
        mine = case_reading(case, aid)
        if mine is None or mine in allowed:
            continue
        key = (case.id, case.variant, aid, tuple(sorted(map(str, allowed))))
        with _verdicts_lock:
            known = _verdicts.get(key)
        if known is None:
            known = any(passes_under(case, aid, str(r)) for r in allowed)
            with _verdicts_lock:
                _verdicts[key] = known
        if not known:
            why.append(f"{aid}={mine}")
    return why


def planned_requests(case: Case, setup: Mapping[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The requests :func:`_run_steps` makes for ``case`` if every step goes as the case
    expects, in order, up to the first perft (whose requests depend on the answers)."""
    plan: list[tuple[str, dict[str, Any]]] = [
        ("load_state", {"state": case.state, **setup}) if case.state is not None
        else ("new_game", dict(setup))]
    for step in case.steps:
        exp, action = step.get("expect", {}), step.get("action")
        fresh = action is None or "error" in exp
        if action is not None:
            plan.append(("apply", {"action": action}))
        if "state" in exp and fresh:
            plan.append(("state", {}))
        if any(k in exp for k in ("legal_count", "legal", "legal_includes", "legal_excludes")):
            plan.append(("legal_actions", {}))
        if "outcomes" in exp:
            plan.append(("chance_outcomes", {}))
        if "perft" in exp:
            break
    return plan


def _run_steps(client: EngineClient | InProcessClient, case: Case, res: CaseResult) -> None:
    setup = case.setup_fields()
    pipeline = getattr(client, "pipeline", None)
    if pipeline is not None:      # one round trip for the case, if the engine claims pipelining
        pipeline(planned_requests(case, setup))
    if case.state is not None:
        r = client.request("load_state", state=case.state, **setup)
    else:
        r = client.request("new_game", **setup)
    if not r.ok:
        raise EngineRefused(f"the engine refused to set up the case: {r.error_text()}")
    cur = checked_state(r, "load_state" if case.state is not None else "new_game")
    _check_setup_echo(case, setup, cur)
    trail: list[Any] = [cur]   # the engine's state at the start and after each step
    try:
        _play(client, case, res, setup, cur, trail)
    except _Stop as stop:
        stop.trail = trail
        raise


def _play(client: EngineClient | InProcessClient, case: Case, res: CaseResult, setup: Mapping[str, Any], cur: Any,
          trail: list[Any]) -> None:
    # the frame rule: the observable state the case's expectations imply, step by step
    frame = observe(case.state if case.state is not None else cur) if case.framed else {}
    unchecked = set((case.unchecked or {}).get("fields", ()))
    for i, step in enumerate(case.steps):
        if i:
            trail.append(cur)
        res.step = i
        exp = step.get("expect", {})
        action = step.get("action")
        res.action = action
        where = f"step {i + 1}" + (f" ({action_key(action)})" if action else "")
        diffs: list[dict] = []
        events: list | None = None
        fresh = action is None
        if action is not None:
            r = client.request("apply", action=action)
            if "error" in exp:
                want = exp["error"]
                if r.ok:
                    raise _Stop([{"path": "$.error", "expected": want, "actual": "accepted"}],
                                f"{where}: the engine accepted an action the rules forbid",
                                accepted_forbidden=True)
                got = {"code": r.error.get("code")}
                if "rule" in want:
                    got["rule"] = r.error.get("rule")
                if "kind" in want:
                    got["kind"] = r.error.get("kind")
                diffs += partial_diff(want, got, "$.error")
                if r.error.get("kind") == "internal":
                    raise EngineRefused(f"{where}: engine internal error: {r.error_text()}")
                fresh = True
            else:
                if not r.ok:
                    if r.error.get("kind") == "internal":
                        raise EngineRefused(f"{where}: engine internal error: {r.error_text()}")
                    raise _Stop([{"path": "$.error", "expected": None, "actual": {
                        k: r.error.get(k) for k in ("kind", "code", "rule") if r.error.get(k)}}],
                        f"{where}: the engine rejected a legal action: {r.error_text()}",
                        refusal=r.error)
                cur, events = checked_state(r, f"apply ({where})"), r.result.get("events", [])
        if "state" in exp:
            if fresh:
                before = cur
                cur = checked_state(need_ok(client.request("state"), "state"), f"state ({where})")
                if action is None and echo_diffs(before, cur):  # nothing was played: the same state
                    raise _lied(echo_diffs(before, cur), f"{where}: the state request answered a "
                                "state other than the one the engine last returned, with no action between")
            diffs += partial_diff(compared(exp["state"]), cur, "$.state")
        if case.framed and ("state" in exp or "error" not in exp):
            frame = advance(frame, exp.get("state"))
            seen = {d["path"] for d in diffs}
            diffs += [d for d in frame_diff(frame, cur, unchecked) if d["path"] not in seen]
        if "events" in exp:
            diffs += events_diff(exp["events"], events or [])
        if any(k in exp for k in ("legal_count", "legal", "legal_includes", "legal_excludes")):
            acts = need_ok(client.request("legal_actions"), "legal_actions").result["actions"]
            diffs += _legal_diffs(exp, acts)
        if "outcomes" in exp:
            outs = need_ok(client.request("chance_outcomes"), "chance_outcomes").result["outcomes"]
            want = {action_key(o["outcome"]): o["p"] for o in exp["outcomes"]}
            got = {action_key(o["outcome"]): o["p"] for o in outs}
            if want != got:
                diffs.append({"path": "$.outcomes", "expected": f"{len(want)} outcomes",
                              "actual": f"{len(got)} outcomes", "divide": [
                                  f"{k}: {got.get(k, 'missing')}  (expected {want.get(k, 'none')})"
                                  for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)]})
        if "perft" in exp:
            pf = exp["perft"]
            nodes, divide = perft(client, setup, cur, pf["depth"])
            if nodes != pf["nodes"] or ("divide" in pf and divide != pf["divide"]):
                diffs.append({"path": f"$.perft(depth={pf['depth']})", "expected": pf["nodes"],
                              "actual": nodes, "divide": divide_rows(pf.get("divide"), divide)})
            need_ok(client.request("load_state", state=cur, **setup), "load_state")
        if diffs:
            raise _Stop(diffs, f"{where}: " + (step.get("explain") or "expectation not met"))
    res.step = None
    res.action = None


def _attribute(case: Case, res: CaseResult, stop: _Stop, client: Any = None) -> None:
    """Name the rule the failure breaks; put an upstream cause first when there is one."""
    index = res.step
    before = stop.trail[-1] if stop.trail else None
    probe, located = None, []
    if not stop.accepted_forbidden and stop.refusal is None:
        try:  # which first move of a perft without a stated divide differs
            located = attribution.located_divide(case, index, stop.diffs)
        except Exception:  # noqa: BLE001 - a diagnosis must never turn a verdict into a crash
            located = []
        try:  # why does the engine not list an action the rules allow? ask it to play it
            probe = attribution.probe_missing(client, case, index, [*stop.diffs, *located]) if client else None
        except Exception:  # noqa: BLE001
            probe = None
    res.rule = attribution.failing_rule(case, index, accepted_forbidden=stop.accepted_forbidden,
                                        refusal=stop.refusal, phase=_phase(before),
                                        diffs=[*stop.diffs, *located], probe=probe)
    if not index:
        return
    try:
        found = attribution.upstream(case, index, stop.trail[:index + 1])
    except Exception:  # noqa: BLE001 - a diagnosis must never turn a verdict into a crash
        found = None
    if found is not None:
        j, sentence, expected = found
        res.upstream = sentence
        res.rule = attribution.upstream_rule(case, j, _phase(stop.trail[j]) if j >= 0 else None,
                                             expected)
        res.message = sentence + "\n" + res.message


def _skip_if_unclaimed(case: Case, res: CaseResult, caps: Any) -> None:
    """A failure blamed on a rule the engine does not claim is no verdict on the engine: the
    case needs that rule too (a fortify case whose turn ends with a card drawn needs
    ``classic.cards.earn``), so it is skipped with that reason and never counts against a rule."""
    rule = res.rule
    if not rule or caps is None or rule in case.covers or is_ambiguity(case.variant, rule) \
            or caps.claims_rule(rule):
        return
    where = f"step {res.step + 1}" if res.step is not None else "a step"
    res.outcome, res.not_claimed = "skip", [f"rule {rule}"]
    res.message = (f"not claimed: rule {rule} (the case needs it at {where}; the engine does not "
                   f"claim it)\n" + res.message)
    res.rule = res.upstream = None
    res.diffs = []


def _phase(state: Any) -> Any:
    return state.get("phase") if isinstance(state, Mapping) else None


def _legal_diffs(exp: Mapping[str, Any], acts: list[dict]) -> list[dict]:
    diffs: list[dict] = []
    keys = sorted(action_key(a) for a in acts)
    if "legal" in exp:
        sd = set_diff(exp["legal"], acts)
        if sd["missing"] or sd["extra"]:
            diffs.append({"path": "$.legal_actions", "expected": f"{len(exp['legal'])} actions",
                          "actual": f"{len(acts)} actions",
                          "divide": [f"missing: {k}" for k in sd["missing"]] +
                                    [f"extra:   {k}" for k in sd["extra"]]})
    if "legal_count" in exp and len(acts) != exp["legal_count"]:
        by_type: dict[str, int] = {}
        for a in acts:
            by_type[str(a.get("type"))] = by_type.get(str(a.get("type")), 0) + 1
        diffs.append({"path": "$.legal_count", "expected": exp["legal_count"], "actual": len(acts),
                      "divide": [f"{t}: {n}" for t, n in sorted(by_type.items())] +
                                ([f"  {k}" for k in keys] if len(keys) <= 40 else [])})
    have = set(keys)
    for a in exp.get("legal_includes", []):
        if action_key(a) not in have:
            diffs.append({"path": "$.legal_actions", "expected": f"includes {action_key(a)}",
                          "actual": "absent"})
    for a in exp.get("legal_excludes", []):
        if action_key(a) in have:
            diffs.append({"path": "$.legal_actions", "expected": f"excludes {action_key(a)}",
                          "actual": "present"})
    return diffs


# -- a campaign ---------------------------------------------------------------------------
@dataclass
class RunOptions:
    jobs: int = 1
    timeout: float = 10.0
    handshake_timeout: float | None = None
    max_failed_starts: int = 3
    maxfail: int = 0          # stop handing out cases after this many fail/error/timeout (0: never)
    case_timeout: float | None = 300.0   # seconds one whole case may take (None: no deadline)


class Campaign:
    """Run many cases over ``jobs`` engine processes; report each result as it ends."""

    def __init__(self, argv: Sequence[str], cases: Sequence[Case], *,
                 options: RunOptions | None = None,
                 on_result: Callable[[CaseResult], None] | None = None,
                 expectations: Any = None,
                 cwd: str | None = None, env: Mapping[str, str] | None = None,
                 client_factory: Callable[[], Any] | None = None) -> None:
        self.argv = list(argv)
        #: makes each worker's client instead of an EngineClient of ``argv`` (in-process runs)
        self.client_factory = client_factory
        self.cases = list(cases)
        self.opts = options or RunOptions()
        self.on_result = on_result
        self.expectations = expectations
        self.cwd, self.env = cwd, env
        self.handshake: dict | None = None
        self.lock = threading.Lock()
        self.results: list[CaseResult] = []
        self.engine_faults: list[dict] = []
        self.restarts = 0
        #: processes that held the engine's pipes after its group was killed (killed too)
        self.strays_killed = 0
        self.bad = 0
        self.stopped = False
        #: what went wrong with the run itself (a worker that died): the run is incomplete
        self.run_errors: list[str] = []

    def _finish(self, res: CaseResult) -> None:
        if self.expectations is not None:
            self.expectations.apply(res)
        with self.lock:
            self.results.append(res)
            if res.outcome in BAD:
                self.bad += 1
                if self.opts.maxfail and self.bad >= self.opts.maxfail:
                    self.stopped = True
            if self.on_result:
                self.on_result(res)

    def _worker(self, q: queue.Queue[Case]) -> None:
        try:
            self._work(q)
        except BaseException as exc:  # a worker must never die silently
            with self.lock:
                self.run_errors.append(f"a worker stopped: {type(exc).__name__}: "
                                       f"{clean_text(exc, limit=500)}")
            if not isinstance(exc, Exception):
                raise

    def _work(self, q: queue.Queue[Case]) -> None:
        client: Any
        if self.client_factory is not None:   # e.g. the in-process reference (no subprocess)
            client = self.client_factory()
        else:
            client = EngineClient(self.argv, timeout=self.opts.timeout,
                                  handshake_timeout=self.opts.handshake_timeout, cwd=self.cwd,
                                  env=self.env)
        failed_starts, ever_started = 0, False
        try:
            while not self.stopped:
                try:
                    case = q.get_nowait()
                except queue.Empty:
                    return
                if not ever_started and failed_starts >= self.opts.max_failed_starts:
                    self._finish(CaseResult(case=case.id, title=case.title, covers=list(case.covers),
                                            variant=case.variant, section=case.section, outcome="error",
                                            fault="start", file=case.file,
                                            message=f"engine never completed a handshake "
                                                    f"({failed_starts} attempts); not run"))
                    continue
                n_faults = len(client.faults)
                res = run_case(client, case, case_timeout=self.opts.case_timeout)
                if client.capabilities is not None:
                    ever_started = True
                    with self.lock:
                        if self.handshake is None:
                            self.handshake = client.capabilities.handshake
                if res.fault in ("start", "handshake") and not ever_started:
                    failed_starts += 1
                for f in client.faults[n_faults:]:
                    with self.lock:
                        self.engine_faults.append({"case": case.id, "kind": f.kind, "message": str(f)})
                self._finish(res)
        finally:
            with self.lock:
                self.restarts += max(0, client.starts - 1)
            client.close()
            with self.lock:
                self.strays_killed += len(getattr(client, "strays_killed", ()))

    def run(self) -> list[CaseResult]:
        q: queue.Queue[Case] = queue.Queue()
        for c in self.cases:
            q.put(c)
        jobs = max(1, min(self.opts.jobs, len(self.cases) or 1))
        if jobs == 1:
            self._worker(q)
        else:
            threads = [threading.Thread(target=self._worker, args=(q,), daemon=True) for _ in range(jobs)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        order = {c.id: i for i, c in enumerate(self.cases)}
        self.results.sort(key=lambda r: order.get(r.case, 0))
        return self.results

    def not_run(self) -> list[str]:
        """IDs of the selected cases that have no result (stopped early, or a worker died)."""
        done = {r.case for r in self.results}
        return [c.id for c in self.cases if c.id not in done]


def skipped(case: Case, why: str) -> CaseResult:
    return CaseResult(case=case.id, title=case.title, covers=list(case.covers), variant=case.variant,
                      section=case.section, outcome="skip", message=why, file=case.file)


def progress_printer(total: int, stream: Any = None, every: float = 2.0) -> Callable[[CaseResult], None]:
    """A callback printing ``[n/total] …`` progress lines on stderr, at most every ``every`` s."""
    stream = stream or sys.stderr
    counts: dict[str, int] = {}
    last = [0.0]
    done = [0]

    def cb(res: CaseResult) -> None:
        done[0] += 1
        counts[res.outcome] = counts.get(res.outcome, 0) + 1
        now = time.monotonic()
        if res.outcome in BAD or res.outcome == "xpass":
            head = res.message.splitlines()[0] if res.message else ""
            stream.write(f"  {res.outcome.upper()}: {res.case} — {clean_text(head, limit=300)}\n")
        if now - last[0] >= every or done[0] == total:
            last[0] = now
            summary = ", ".join(f"{counts[o]} {o}" for o in OUTCOMES if counts.get(o))
            stream.write(f"[{done[0]}/{total}] {summary}\n")
        stream.flush()

    return cb
