"""Game logs (``riskspec/log@1``): write a game step by step, replay and verify it.

A log holds what :func:`~riskspec.reference.engine.new_game` needs (variant,
players' colours, every option settled), the hash of the initial state, then
one step per applied action or chance outcome: ``{"action": …, "hash": …}``
where ``hash`` is :func:`~riskspec.reference.state.state_hash` of the state
after it.  :func:`replay` re-executes the steps and stops at the first one
that is refused or whose hash differs — a tampered or corrupted log is
reported there.  Schema: ``schemas/log.schema.json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riskspec import __version__
from riskspec.errors import ActionError, OptionError, RiskspecError, UnknownIdError
from riskspec.reference import engine as E
from riskspec.reference.state import State, dumps, state_hash
from riskspec.reference.tables import get_explicit_options

FORMAT = "riskspec/log@1"


class LogError(RiskspecError, ValueError):
    """A log file that cannot be read: not JSON, or not a riskspec/log@1 document."""


def start_log(state: State, *, seed: int | None = None, policy: str | None = None) -> dict[str, Any]:
    """A new log for a game that starts at ``state`` (a state fresh from ``new_game``)."""
    tb = state.tables
    return {
        "format": FORMAT,
        "engine": f"riskspec.reference {__version__}",
        "variant": tb.variant.id,
        "players": [c for p, c in enumerate(state.colours) if p != state.neutral],
        "options": dict(sorted(tb.ruleset.options.items())),
        "seed": seed,
        "policy": policy,
        "initial_hash": state_hash(state),
        "steps": [],
    }


def record_step(log: dict[str, Any], action: Mapping[str, Any], after: State) -> None:
    log["steps"].append({"action": dict(action), "hash": state_hash(after)})


def finish_log(log: dict[str, Any], state: State, actions: int, outcomes: int) -> None:
    log["result"] = {"winner": state.winner if state.winner >= 0 else None, "turns": state.turn,
                     "actions": actions, "outcomes": outcomes}


def write_log(log: Mapping[str, Any], path: str | Path) -> None:
    """Write a log as canonical JSON (one line)."""
    Path(path).write_text(dumps(log) + "\n", encoding="utf-8")


def read_log(path: str | Path) -> dict[str, Any]:
    """Read and check a log file; :class:`LogError` says what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LogError(f"{path}: cannot read the log: {exc}") from None
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise LogError(f"{path}: not JSON: {exc}") from None
    return check_log(data, str(path))


def check_log(data: Any, where: str = "log") -> dict[str, Any]:
    from riskspec.validation import validator

    if not isinstance(data, dict):
        raise LogError(f"{where}: a log is a JSON object")
    if data.get("format") != FORMAT:
        raise LogError(f"{where}: not a {FORMAT} document (format {data.get('format')!r})")
    errors = sorted(validator("log.schema.json").iter_errors(data),
                    key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in errors[0].absolute_path)
        raise LogError(f"{where}: invalid log at ${path}: {errors[0].message}")
    return data


@dataclass
class Divergence:
    """The first step of a log that does not replay: ``step`` counts from 1 (0 is the
    initial state)."""

    step: int
    reason: str            # 'hash' or 'rejected'
    expected: str | None
    actual: str | None
    action: Mapping[str, Any] | None
    message: str

    def __str__(self) -> str:
        return f"step {self.step}: {self.message}"


@dataclass
class ReplayReport:
    ok: bool
    steps: int                   # steps verified
    state: State                 # the last state reached
    divergence: Divergence | None = None


def replay(log: Mapping[str, Any],
           on_step: Callable[[int, State], None] | None = None) -> ReplayReport:
    """Re-execute a log, checking the state hash after every step."""
    try:
        variant = E.get_variant(log["variant"])
        state = E.new_game(variant, list(log["players"]),
                           get_explicit_options(variant, log["options"]))
    except (OptionError, UnknownIdError) as exc:
        raise LogError(f"the log's game cannot be set up: {exc}") from None
    got = state_hash(state)
    if got != log["initial_hash"]:
        return ReplayReport(False, 0, state, Divergence(
            0, "hash", log["initial_hash"], got, None,
            "the initial state differs from the log's (another engine version or spec?)"))
    for i, step in enumerate(log["steps"], start=1):
        action = step["action"]
        try:
            state, _ = E.apply(state, action)
        except ActionError as exc:
            return ReplayReport(False, i - 1, state, Divergence(
                i, "rejected", step["hash"], None, action, f"action refused: {exc}"))
        got = state_hash(state)
        if got != step["hash"]:
            return ReplayReport(False, i - 1, state, Divergence(
                i, "hash", step["hash"], got, action,
                f"state hash differs after {dumps(action)}: log has {step['hash'][:16]}…, "
                f"replay gives {got[:16]}…"))
        if on_step is not None:
            on_step(i, state)
    return ReplayReport(True, len(log["steps"]), state)
