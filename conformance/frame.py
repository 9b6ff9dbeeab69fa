"""The frame rule: after every step, every observable field of the game is checked.

A step's ``expect.state`` names what the author expects to change (and any other field
the author wants checked); every *observable* field it does not name must be as it was
before the step — as the author expected it then, not as an engine reported it.  The
expected observable state is thus a chain: the case's start (a position, or for a new
game the state the engine reports), each step's expectations merged in (the position
merge rule, :func:`riskspec.conformance.sparse.merge`).

Observable fields (``docs/protocol.md`` §8): ``current``, ``phase``, ``turn``,
``winner``, ``co_winners`` (Napoléon: a shared victory; absent otherwise); for every territory its ``owner`` and ``armies`` (Napoléon also
``generals``, ``fortifications``, ``epidemics``); for every maritime zone its ``owner``,
``ships``, ``admirals``; for every player the size of the hand (``hand``), ``reserve``,
``eliminated`` and victory points (``vp``).  Everything else (pending bookkeeping, the
order of the draw pile, turn flags) is checked only where a step names it.

A step may state a hand by its size only (``"players": [{"cards": 6}]``): the number is
checked by the frame (hand sizes are observable, the order of a hand is not a rule), and
left out of the field-by-field comparison (:func:`compared`).

A case may leave top-level observable fields out of the frame
(``"unchecked": {"fields": ["phase"], "why": "…"}``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from riskspec.conformance.compare import partial_diff
from riskspec.conformance.sparse import merge

TOP = ("current", "phase", "turn", "winner", "co_winners")
TERRITORY = ("owner", "armies", "generals", "fortifications", "epidemics")
ZONE = ("owner", "ships", "admirals")
PLAYER = ("reserve", "eliminated", "vp")
FIELDS = (*TOP, "territories", "zones", "players")


def _player(p: Any) -> Any:
    if not isinstance(p, Mapping):
        return p
    out = {k: p[k] for k in PLAYER if k in p}
    if "cards" in p:
        out["hand"] = len(p["cards"]) if isinstance(p["cards"], Sequence) else p["cards"]
    return out


def _places(table: Any, fields: Sequence[str]) -> Any:
    if not isinstance(table, Mapping):
        return table  # not a table of places: compared as it is, so the diff shows it
    return {t: ({k: v[k] for k in fields if k in v} if isinstance(v, Mapping) else v)
            for t, v in table.items()}


def observe(state: Mapping[str, Any]) -> dict[str, Any]:
    """The observable fields of a full state (a malformed part is kept as it is)."""
    if not isinstance(state, Mapping):
        return {"state": state}
    out: dict[str, Any] = {k: state.get(k) for k in TOP if k != "co_winners"}
    if "co_winners" in state:  # a shared victory only: absent otherwise, like zones
        out["co_winners"] = state["co_winners"]
    out["territories"] = _places(state.get("territories") or {}, TERRITORY)
    if "zones" in state:
        out["zones"] = _places(state["zones"] or {}, ZONE)
    players = state.get("players") or []
    out["players"] = [_player(p) for p in players] if isinstance(players, list) else players
    return out


def project(partial: Mapping[str, Any]) -> dict[str, Any]:
    """The observable part of a step's partial ``expect.state``, as a patch over an observed state."""
    out: dict[str, Any] = {k: partial[k] for k in TOP if k in partial}
    for key, fields in (("territories", TERRITORY), ("zones", ZONE)):
        if isinstance(partial.get(key), Mapping):
            out[key] = {t: {k: v[k] for k in fields if k in v}
                        for t, v in partial[key].items() if isinstance(v, Mapping)}
    players = partial.get("players")
    if isinstance(players, Sequence) and not isinstance(players, str):
        out["players"] = {str(i): _player(p) for i, p in enumerate(players) if isinstance(p, Mapping)}
    elif isinstance(players, Mapping):
        out["players"] = {str(i): _player(p) for i, p in players.items() if isinstance(p, Mapping)}
    return out


def compared(partial: Any) -> Any:
    """The part of a step's ``expect.state`` compared field by field: a player's ``cards``
    given as a number (a hand size) is left to the frame rule."""
    if not isinstance(partial, Mapping) or "players" not in partial:
        return partial
    players = partial["players"]

    def strip(p: Any) -> Any:
        if isinstance(p, Mapping) and isinstance(p.get("cards"), int) and not isinstance(p["cards"], bool):
            return {k: v for k, v in p.items() if k != "cards"}
        return p
    if isinstance(players, list):
        players = [strip(p) for p in players]
    elif isinstance(players, Mapping):
        players = {k: strip(p) for k, p in players.items()}
    return {**partial, "players": players}


def advance(expected: Mapping[str, Any], partial: Mapping[str, Any] | None) -> dict[str, Any]:
    """The expected observable state after a step whose ``expect.state`` is ``partial``."""
    return merge(expected, project(partial or {}))


def frame_diff(expected: Mapping[str, Any], state: Mapping[str, Any],
               unchecked: Collection[str] = ()) -> list[dict]:
    """Where the observable fields of ``state`` differ from the expected ones (paths ``$.state…``;
    a hand size as ``$.state.players[i].hand``)."""
    got = observe(state)
    want = {k: v for k, v in expected.items() if k not in unchecked}
    return partial_diff(want, got, "$.state", limit=20) + [
        {"path": f"$.state.{k}", "expected": "(absent)", "actual": got[k]}
        for k in sorted(set(got) - set(expected) - set(unchecked))]
