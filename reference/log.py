"""Game logs (``riskspec/log@2``): write a game step by step, replay and verify it.

A log holds what :func:`~riskspec.reference.engine.new_game` needs (variant,
players' colours, every option settled), the hash of the initial state, then
one step per applied action or chance outcome: ``{"action": …, "hash": …, "link": …}``
where ``hash`` is :func:`~riskspec.reference.state.state_hash` of the state after it
and ``link`` chains the steps: SHA-256 of the previous link (the initial hash for the
first step), the canonical JSON of the action and ``hash``.  The ``result`` says how
the game ended: ``winner`` (a seat or null), ``turns`` (the turn counter of the last
state: at a turn cap one more than the turns played), ``actions`` and ``outcomes``
(player decisions and chance outcomes applied).

:func:`replay` re-executes the steps and stops at the first one that is refused, whose
state hash differs, or whose link differs, then compares the result with the replayed
game.  What that proves, and what it does not:

* every step is a legal action (or a possible chance outcome) of the position before
  it, and leads to the recorded state: the game is a game of this engine and spec;
* every recorded action and outcome is the one that was applied — an edit that keeps
  the resulting state (dice 6-5-2 for 6-5-1 with the same losses) breaks its link;
* a log cut short, or with steps removed, added or reordered, is caught: at the step,
  or by the result (winner, turn, counts) not matching the replayed game;
* it does NOT prove who wrote the log nor that the chance outcomes were drawn fairly
  (the hashes are not signatures: anyone can write a new, self-consistent log of
  another game), nor anything about a log without a result beyond its steps.

Schema: ``schemas/log.schema.json``.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from riskspec import __version__
from riskspec.errors import ActionError, OptionError, RiskspecError, UnknownIdError
from riskspec.reference import engine as E
from riskspec.reference.serial import state_hash
from riskspec.reference.state import State, dumps
from riskspec.reference.tables import get_explicit_options

FORMAT = "riskspec/log@2"
OLD_FORMATS = ("riskspec/log@1",)


class LogError(RiskspecError, ValueError):
    """A log file that cannot be read: not JSON, or not a riskspec/log@2 document."""


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


def get_link(previous: str, action: Mapping[str, Any], after_hash: str) -> str:
    """The link of a step: SHA-256 of the previous link, the action and the state hash."""
    text = f"{previous}\n{dumps(action)}\n{after_hash}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def record_step(log: dict[str, Any], action: Mapping[str, Any], after: State) -> None:
    steps = log["steps"]
    previous = steps[-1]["link"] if steps else log["initial_hash"]
    after_hash = state_hash(after)
    steps.append({"action": dict(action), "hash": after_hash,
                  "link": get_link(previous, action, after_hash)})


def finish_log(log: dict[str, Any], state: State, actions: int, outcomes: int) -> None:
    log["result"] = {"winner": state.winner if state.winner >= 0 else None, "turns": state.turn,
                     "actions": actions, "outcomes": outcomes}


def write_log(log: Mapping[str, Any], path: str | Path) -> None:
    """Write a log as canonical JSON (one line), atomically and never through a symbolic link
    nor into a device or FIFO (:func:`riskspec.safeio.write_text`; :class:`LogError`)."""
    from riskspec.safeio import write_text
    write_text(path, dumps(log) + "\n", "log file", error=LogError)


def read_log(path: str | Path) -> dict[str, Any]:
    """Read and check a log file; :class:`LogError` says what is wrong."""
    from riskspec.safeio import MAX_READ_BYTES, read_text
    text = read_text(path, "log file", limit=MAX_READ_BYTES, error=LogError)
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise LogError(f"{path}: not JSON: {exc}") from None
    except RecursionError:
        raise LogError(f"{path}: not readable JSON: nested too deep") from None
    return check_log(data, str(path))


def check_log(data: Any, where: str = "log") -> dict[str, Any]:
    from riskspec.validation import validator

    if not isinstance(data, dict):
        raise LogError(f"{where}: a log is a JSON object")
    if data.get("format") in OLD_FORMATS:
        raise LogError(f"{where}: a {data['format']} log (written by an older riskspec, "
                       f"without step links); record the game again with `riskspec play --log`")
    if data.get("format") != FORMAT:
        raise LogError(f"{where}: not a {FORMAT} document (format {data.get('format')!r})")
    try:
        if is_valid_log(data):  # the common case, ~14x cheaper; else the whole schema says why
            return data
        errors = sorted(validator("log.schema.json").iter_errors(data),
                        key=lambda e: [str(p) for p in e.absolute_path])
    except RecursionError:
        raise LogError(f"{where}: invalid log: values nested too deep") from None
    if errors:
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in errors[0].absolute_path)
        raise LogError(f"{where}: invalid log at ${path}: {errors[0].message}")
    return data


_HEX64 = re.compile(r"[0-9a-f]{64}")
_STEP_KEYS = frozenset({"action", "hash", "link"})


def is_valid_log(data: Any) -> bool:
    """True only if ``data`` is valid under ``log.schema.json`` (False: the whole schema
    decides, and says why). About 14x cheaper than the whole schema on a valid log (0.05 s
    instead of 0.66 s for 1,573 steps): the log with its steps unchecked, then each step
    here — exactly the keys action, hash and link, the hashes 64 hex digits — and its
    action against the ``oneOf`` alternatives of its own ``type`` only (the others require
    another ``type`` constant, so the ``oneOf`` holds exactly when one of these does)."""
    skeleton, by_type = _log_validators()
    if not by_type or not skeleton.is_valid(data):
        return False
    for step in data["steps"]:
        if not isinstance(step, dict) or step.keys() != _STEP_KEYS:
            return False
        digest, link, action = step["hash"], step["link"], step["action"]
        if not (isinstance(digest, str) and _HEX64.fullmatch(digest)
                and isinstance(link, str) and _HEX64.fullmatch(link)):
            return False
        kind = action.get("type") if isinstance(action, dict) else None
        alternatives = by_type.get(kind) if isinstance(kind, str) else None
        if not alternatives or sum(v.is_valid(action) for v in alternatives) != 1:
            return False
    return True


@functools.cache
def _log_validators() -> tuple[Any, dict[str, list[Any]]]:
    """The validator of the log schema with its steps unchecked, and action type → the
    validators of the action schema's alternatives for that type (empty: use the whole
    schema, if an alternative ever lacks a required ``type`` constant)."""
    from jsonschema import Draft202012Validator

    from riskspec.validation import load_schema, registry
    log = copy.deepcopy(load_schema("log.schema.json"))  # (the loaded schema is shared)
    log["properties"]["steps"] = {"type": "array"}
    by_type: dict[str, list[Any]] = {}
    for alt in load_schema("action.schema.json")["oneOf"]:
        const = alt.get("properties", {}).get("type", {}).get("const")
        if not isinstance(const, str) or "type" not in alt.get("required", ()):
            by_type = {}
            break
        by_type.setdefault(const, []).append(Draft202012Validator(alt, registry=registry()))
    return Draft202012Validator(log, registry=registry()), by_type


@dataclass
class Divergence:
    """The first step of a log that does not replay: ``step`` counts from 1 (0 is the
    initial state)."""

    step: int
    reason: str            # 'hash', 'link', 'rejected' or 'result'
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
    """Re-execute a log, checking every step's state hash and link, then its result."""
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
    link = got
    counts = {"actions": 0, "outcomes": 0}
    for i, step in enumerate(log["steps"], start=1):
        action = step["action"]
        chance = E.current_player(state) == E.CHANCE
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
        link = get_link(link, action, got)
        if link != step["link"]:
            return ReplayReport(False, i - 1, state, Divergence(
                i, "link", step["link"], link, action,
                f"the step's link differs: the action or outcome {dumps(action)} is not the "
                "one recorded when the log was written (edited?)"))
        counts["outcomes" if chance else "actions"] += 1
        if on_step is not None:
            on_step(i, state)
    problem = check_result(log.get("result"), state, counts)
    if problem:
        n = len(log["steps"])
        return ReplayReport(False, n, state, Divergence(n, "result", None, None, None, problem))
    return ReplayReport(True, len(log["steps"]), state)


def check_result(result: Mapping[str, Any] | None, state: State,
                 counts: Mapping[str, int]) -> str | None:
    """What is wrong with a log's ``result`` against the replayed last state (None: all
    agrees, or no result is claimed)."""
    if result is None:
        return None
    winner = state.winner if state.winner >= 0 else None
    if "winner" in result and result["winner"] != winner:
        claimed = "no winner" if result["winner"] is None else f"winner seat {result['winner']}"
        ends = "no winner (is the log cut short?)" if winner is None else f"winner seat {winner}"
        return f"the log claims {claimed}, but the replayed game ends with {ends}"
    if "turns" in result and result["turns"] != state.turn:
        return f"the log claims turn {result['turns']} at the end, the replay ends at turn {state.turn}"
    for key in ("actions", "outcomes"):
        if key in result and result[key] != counts[key]:
            return (f"the log claims {result[key]} {key}, the steps hold {counts[key]}"
                    " (steps removed or added?)")
    return None
