"""Replay a conformance case on the reference engine and keep what every step did.

What the documentation shows about an example — the position after each step, the
events, a rejection and the rule behind it — comes from here, computed on each
build, never from the case's (partial) expectations. The replay goes through the
protocol's in-process client, so what is shown is what ``riskspec check`` sees.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from riskspec.conformance.vectors import Case


@dataclass(frozen=True)
class StepResult:
    """One step as the engine played it."""

    action: Mapping[str, Any] | None  # None: a check of the position, no action
    accepted: bool
    state: Mapping[str, Any]  # the state after the step (unchanged when rejected)
    events: tuple[Mapping[str, Any], ...] = ()
    error: Mapping[str, Any] | None = None  # {"code", "rule", "message"} of a rejection


@dataclass(frozen=True)
class Trace:
    """The whole replay: the starting state, every step, the final state."""

    case: str
    before: Mapping[str, Any] | None
    steps: tuple[StepResult, ...] = ()
    problem: str | None = None  # why the engine could not replay it (then nothing is shown)
    expectations_met: bool = True  # the engine's result agrees with the case's expectations
    notes: tuple[str, ...] = field(default_factory=tuple)

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def after(self) -> Mapping[str, Any] | None:
        return self.steps[-1].state if self.steps else self.before

    @property
    def rejection(self) -> StepResult | None:
        return next((s for s in self.steps if not s.accepted), None)


_CLIENT: Any = None


def _client() -> Any:
    global _CLIENT
    if _CLIENT is None:
        from riskspec.conformance.client import reference_client
        _CLIENT = reference_client()
    return _CLIENT


def _setup(case: Case) -> dict[str, Any]:
    f: dict[str, Any] = {"variant": case.variant, "players": case.players,
                         "options": dict(case.options)}
    if case.map is not None:
        f["map"] = case.map
    if case.missions is not None:
        f["missions"] = case.missions
    return f


def replay(case: Case) -> Trace:
    """Play ``case`` on the reference engine, step by step (never raises for a bad case)."""
    from riskspec.conformance.runner import run_case
    try:
        client = _client()
    except Exception as exc:  # noqa: BLE001 - the docs still build, and say why
        return Trace(case.id, None, problem=f"the reference engine is not available ({exc})")
    if case.variant not in client.capabilities.variants:
        return Trace(case.id, case.state, problem=f"the reference engine does not play "
                                                  f"variant {case.variant!r}")
    setup = _setup(case)
    if case.state is not None:
        r = client.request("load_state", state=case.state, **setup)
    else:
        r = client.request("new_game", **setup)
    if not r.ok:
        return Trace(case.id, case.state, problem="the reference engine refused the starting "
                     f"position: {r.error.get('code')}: {r.error.get('message')}")
    before = r.result["state"]
    cur = before
    steps: list[StepResult] = []
    for step in case.steps:
        action = step.get("action")
        if action is None:
            steps.append(StepResult(None, True, copy.deepcopy(cur)))
            continue
        r = client.request("apply", action=action)
        if r.ok:
            cur = r.result["state"]
            steps.append(StepResult(action, True, cur, tuple(r.result.get("events") or ())))
        else:
            err = {k: r.error[k] for k in ("code", "rule", "message", "kind") if k in r.error}
            steps.append(StepResult(action, False, copy.deepcopy(cur), error=err))
    met = run_case(client, case).outcome == "pass"
    return Trace(case.id, before, tuple(steps), expectations_met=met)
