"""Perft through the protocol: the leaf count to a depth from a position, with its divide.

Used by the runner for a case's ``perft`` expectation and by attribution, which asks the
reference engine for its divide where a vector states none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.conformance.client import EngineClient, InProcessClient, need_ok
from riskspec.conformance.compare import action_key


def perft(client: EngineClient | InProcessClient, setup: Mapping[str, Any], state: Mapping[str, Any],
          depth: int) -> tuple[int, dict[str, int]]:
    """Leaf count to ``depth`` plies from ``state`` (chance outcomes are plies too), and the divide."""
    divide: dict[str, int] = {}

    def moves() -> list[dict]:
        acts = need_ok(client.request("legal_actions"), "legal_actions").result["actions"]
        if acts:
            return acts
        return [o["outcome"] for o in
                need_ok(client.request("chance_outcomes"), "chance_outcomes").result["outcomes"]]

    def count(st: Mapping[str, Any], d: int, top: bool) -> int:
        need_ok(client.request("load_state", state=st, **setup), "load_state")
        ms = moves()
        if d == 1:
            if top:
                for m in ms:
                    divide[action_key(m)] = divide.get(action_key(m), 0) + 1
            return len(ms)
        total = 0
        for m in ms:
            need_ok(client.request("load_state", state=st, **setup), "load_state")
            after = need_ok(client.request("apply", action=m), "apply " + action_key(m)).result["state"]
            n = count(after, d - 1, False)
            if top:
                divide[action_key(m)] = divide.get(action_key(m), 0) + n
            total += n
        return total

    return count(state, depth, True), divide


def divide_rows(expected: Mapping[str, int] | None, actual: Mapping[str, int]) -> list[str]:
    """python-chess style divide printout, marking the moves whose counts differ."""
    rows = []
    keys = sorted(set(actual) | set(expected or {}))
    for k in keys:
        a = actual.get(k)
        e = (expected or {}).get(k)
        if expected is None:
            rows.append(f"{k}: {a}")
        elif a != e:
            rows.append(f"{k}: {a if a is not None else 'missing'}  (expected {e if e is not None else 'none'})")
        else:
            rows.append(f"{k}: {a}")
    return rows
