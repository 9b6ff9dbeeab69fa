"""Helpers of the engine tests: applying steps, expecting rejections, starting turns."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from riskspec.errors import IllegalActionError, InvalidActionError
from riskspec.reference import engine as E
from riskspec.reference.builder import build_state
from riskspec.reference.state import State

__all__ = ["E", "build_state", "run", "reject", "malformed", "start_turn", "events_of",
           "owner", "armies", "find", "passive"]


def run(state: State, *actions: Mapping[str, Any]) -> tuple[State, list[dict[str, Any]]]:
    """Apply the actions in turn; return the last state and all events."""
    events: list[dict[str, Any]] = []
    for a in actions:
        state, ev = E.apply(state, dict(a))
        events += ev
    return state, events


def reject(state: State, action: Mapping[str, Any], code: str, rule: str) -> IllegalActionError:
    """The action must be refused with ``code`` and ``rule``, leaving the state as it was."""
    before = E.to_json(state)
    with pytest.raises(IllegalActionError) as info:
        E.apply(state, dict(action))
    assert (info.value.code, info.value.rule) == (code, rule), str(info.value)
    assert E.to_json(state) == before
    assert dict(action) not in E.legal_actions(state)
    return info.value


def malformed(state: State, action: Any, code: str) -> None:
    before = E.to_json(state)
    with pytest.raises(InvalidActionError) as info:
        E.apply(state, action)
    assert info.value.code == code, str(info.value)
    assert E.to_json(state) == before


def start_turn(seat: int, players: int = 3, options: Mapping[str, str] | None = None,
               **kw: Any) -> tuple[State, list[dict[str, Any]]]:
    """The state right after ``seat``'s turn began (the previous player ended theirs)."""
    prev = (seat - 1) % players
    s = build_state("classic", players, options, phase="fortify", current=prev, **kw)
    return run(s, {"type": "end-turn"})


def passive(state: State) -> dict[str, Any]:
    """A move that changes the board only by placements: place, end the phase, or the
    first chance outcome."""
    if E.current_player(state) == E.CHANCE:
        return E.chance_outcomes(state)[0][0]
    actions = E.legal_actions(state)
    return actions[0] if state.phase in ("reinforce", "setup-place", "claim") else actions[-1]


def events_of(events: Iterable[Mapping[str, Any]], kind: str) -> list[Mapping[str, Any]]:
    return [e for e in events if e["type"] == kind]


def owner(state: State, tid: str) -> int:
    return state.owner[state.tables.territory_index[tid]]


def armies(state: State, tid: str) -> int:
    return state.armies[state.tables.territory_index[tid]]


def find(state: State, kind: str) -> list[dict[str, Any]]:
    return [a for a in E.legal_actions(state) if a["type"] == kind]
