"""Property-based differential testing through the protocol (Hypothesis).

Random games are played on the engine under test and on the reference engine
side by side: the same actions, the same chance outcomes (chosen among the
reference's legal actions / chance outcomes), so the two must reach the same
states.  Generic invariants are checked on the way.  A failure is shrunk by
Hypothesis to a minimal action sequence and saved as a vector file the
implementer can replay with ``riskspec check --vectors FILE``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from riskspec.conformance.compare import action_key, partial_diff
from riskspec.conformance.errors import EngineFault


def invariants(state: Mapping[str, Any], n_cards: int | None = None) -> list[str]:
    """Generic invariants of any riskspec/state@1 state."""
    bad = []
    pending_to = (state.get("pending") or {}).get("to") if state.get("phase") == "occupy" else None
    for tid, t in state.get("territories", {}).items():
        if t["owner"] is None and t["armies"] != 0:
            bad.append(f"{tid}: unoccupied with {t['armies']} armies")
        if t["owner"] is not None and t["armies"] < 1 and tid != pending_to:
            bad.append(f"{tid}: occupied with {t['armies']} armies")
    cards = list(state.get("draw_pile", [])) + list(state.get("discards", []))
    for p in state.get("players", []):
        cards += p.get("cards", [])
        if p.get("reserve", 0) < 0:
            bad.append("negative reserve")
    if len(cards) != len(set(cards)):
        bad.append("a card is in two places")
    if n_cards is not None and len(cards) != n_cards:
        bad.append(f"{len(cards)} cards in play, expected {n_cards}")
    if state.get("winner") is not None and state.get("phase") != "game-over":
        bad.append("a winner but the game goes on")
    return bad


@dataclass
class Divergence(Exception):
    """The engine under test disagreed with the reference (or broke an invariant)."""

    what: str
    steps: list[dict] = field(default_factory=list)
    expect: dict = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.what} after {len(self.steps)} step(s)"


def play(engine: Any, reference: Any, setup: Mapping[str, Any], start: Mapping[str, Any] | None,
         choices: Sequence[int]) -> list[dict]:
    """Play ``choices`` (indices into the reference's moves) on both; raise Divergence on a difference."""
    def begin(client: Any) -> Any:
        if start is not None:
            return client.request("load_state", state=start, **setup)
        return client.request("new_game", **setup)

    r_ref, r_eng = begin(reference), begin(engine)
    if not r_ref.ok:
        raise ValueError(f"reference refused the start: {r_ref.error}")
    if not r_eng.ok:
        raise Divergence(f"engine refused the start: {r_eng.error.get('code')}")
    n_cards = len(r_ref.result["state"]["draw_pile"]) + len(r_ref.result["state"]["discards"]) + sum(
        len(p["cards"]) for p in r_ref.result["state"]["players"])
    steps: list[dict] = []
    ref_state = r_ref.result["state"]
    diffs = partial_diff(ref_state, r_eng.result["state"], "$.state")
    if diffs:
        raise Divergence(f"start states differ at {diffs[0]['path']}", steps, {"state": ref_state})
    for c in choices:
        moves = reference.request("legal_actions").result["actions"]
        if not moves:
            moves = [o["outcome"] for o in reference.request("chance_outcomes").result["outcomes"]]
        if not moves:
            break
        action = moves[c % len(moves)]
        steps.append({"action": action})
        a = reference.request("apply", action=action)
        b = engine.request("apply", action=action)
        if not b.ok:
            raise Divergence(f"engine rejected {action_key(action)}: {b.error.get('code')}", steps,
                             {"state": a.result["state"]})
        ref_state = a.result["state"]
        diffs = partial_diff(ref_state, b.result["state"], "$.state")
        if diffs:
            raise Divergence(f"states differ at {diffs[0]['path']} after {action_key(action)}", steps,
                             {"state": ref_state})
        broken = invariants(b.result["state"], n_cards)
        if broken:
            raise Divergence(f"invariant broken: {broken[0]}", steps, {"state": ref_state})
    return steps


def divergence_case(div: Divergence, setup: Mapping[str, Any], start: Mapping[str, Any] | None,
                    case_id: str) -> dict[str, Any]:
    """The shrunk divergence as a vector case: replay the steps; the last one carries the reference's state."""
    steps = [dict(s) for s in div.steps] or [{}]
    steps[-1] = {**steps[-1], "expect": div.expect, "explain": f"differential test: {div.what}"}
    case: dict[str, Any] = {"id": case_id, "title": f"Found by differential testing: {div.what}"[:300],
                            "covers": ["classic.turn.sequence"], "variant": setup["variant"],
                            "options": dict(setup.get("options", {})), "players": setup["players"],
                            "steps": steps}
    if start is not None:
        case["state"] = dict(start)
    return case


def save_vector(case: Mapping[str, Any], directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{case['id']}.json"
    doc = {"format": "riskspec/vectors@1", "variant": case["variant"], "section": "differential",
           "generated_by": "riskspec.conformance.properties", "cases": [case]}
    path.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    return path


def differential_check(engine: Any, reference: Any, starts: Sequence[tuple[dict, dict | None]], *,
                       examples: int = 50, max_steps: int = 60, seed: int | None = None,
                       save_dir: Path | None = None) -> tuple[Divergence, Path | None] | None:
    """Run Hypothesis; return the minimal divergence (and the saved vector path) or None."""
    from hypothesis import HealthCheck, given, settings, seed as hseed, strategies as st

    found: list[tuple[Divergence, int]] = []

    @settings(max_examples=examples, deadline=None, database=None, derandomize=seed is None,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, len(starts) - 1), st.lists(st.integers(0, 10_000), max_size=max_steps))
    def prop(which: int, choices: list[int]) -> None:
        setup, start = starts[which]
        try:
            play(engine, reference, setup, start, choices)
        except Divergence as div:
            found.append((div, which))
            raise AssertionError(str(div)) from None
        except EngineFault as fault:
            div = Divergence(f"engine fault: {fault.kind}: {fault}")
            found.append((div, which))
            raise AssertionError(str(div)) from None

    if seed is not None:
        prop = hseed(seed)(prop)
    try:
        prop()
    except AssertionError:
        div, which = found[-1]  # Hypothesis re-runs the shrunk example last
        setup, start = starts[which]
        path = None
        if save_dir is not None:
            case = divergence_case(div, setup, start, f"classic.differential.found.{len(div.steps):03d}")
            path = save_vector(case, save_dir)
        return div, path
    return None


def starts_from_vectors(cases: Sequence[Any], limit: int = 12) -> list[tuple[dict, dict | None]]:
    """Start positions: a new game, plus the mid-game states of some vector cases (default options)."""
    out: list[tuple[dict, dict | None]] = [({"variant": "classic", "players": 3, "options": {}}, None)]
    for c in cases:
        if c.state is not None and not c.options and c.map is None and c.variant == "classic":
            out.append(({"variant": c.variant, "players": c.players, "options": {}}, dict(c.state)))
        if len(out) >= limit:
            break
    return out
