"""Secret missions: evaluating a mission's condition on a state.

Conditions are written in the language of ``schemas/missions.schema.json``.
The reference engine implements the forms a Classic board can express
(``all``, ``any``, ``control_groups``, ``hold_territories``, ``hold_named``,
``destroy_player``); :func:`check_supported` rejects a deck using others.

``destroy_player`` falls back to its ``fallback`` condition when the colour
is not in the game or is the holder's own (known when missions are dealt),
and — when ``missions.fallback_when_eliminated_by_other`` is true — when
another player eliminates the target; with that parameter false, a target
eliminated by someone else counts as destroyed for the holder (the mission is
complete).  With ``missions.remove_absent_colours`` the destroy cards naming
colours nobody plays are taken out of the deck before the deal
(:func:`get_mission_deck`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from riskspec.errors import OptionError
from riskspec.reference import ruleids as R
from riskspec.reference.state import State

SUPPORTED = ("all", "any", "control_groups", "hold_territories", "hold_named", "destroy_player")


def check_supported(condition: Mapping[str, Any], mission_id: str) -> None:
    """Raise :class:`OptionError` if the condition uses a form this engine cannot evaluate."""
    (kind, body), = condition.items()
    if kind not in SUPPORTED:
        raise OptionError(f"mission {mission_id!r} uses the condition {kind!r}, which the "
                          f"Classic reference engine does not implement")
    if kind in ("all", "any"):
        for sub in body:
            check_supported(sub, mission_id)
    elif kind == "destroy_player":
        check_supported(body["fallback"], mission_id)


def get_played_colours(state: State) -> tuple[str, ...]:
    """The colours a destroy-a-colour mission may name: the players' — the neutral army's
    too only when ``missions.neutral_is_target`` (classic.amb.two-player-missions)."""
    if state.neutral < 0 or state.tables.params.missions_neutral_is_target:
        return state.colours
    return tuple(c for i, c in enumerate(state.colours) if i != state.neutral)


@R.cites(R.MISSIONS_DECK)
def get_mission_deck(state: State) -> tuple[str, ...]:
    """The mission cards dealt from, in deck order: the deck ``missions.deck`` without,
    under ``missions.remove_absent_colours``, the destroy cards of colours not in play."""
    tb = state.tables
    if not tb.params.missions_remove_absent_colours:
        return tb.mission_deck
    played = get_played_colours(state)
    out = []
    for mid in tb.mission_deck:
        (kind, body), = tb.missions[mid].condition.items()
        if kind == "destroy_player" and body["colour"] not in played:
            continue
        out.append(mid)
    return tuple(out)


def get_target_seat(state: State, colour: str) -> int:
    """The seat playing ``colour`` (a neutral army only when it may be a target), or -1."""
    played = get_played_colours(state)
    return state.colours.index(colour) if colour in played else -1


@R.cites(R.MISSIONS_OWN_COLOUR, R.MISSIONS_TARGET_ELIMINATED)
def get_destroy_status(state: State, seat: int, colour: str) -> str:
    """Where a destroy-``colour`` mission of ``seat`` stands: 'done' (the target is
    eliminated — by the holder, or by someone else when no fallback applies then),
    'open' (target still in play) or 'fallback' (the alternative condition applies)."""
    target = get_target_seat(state, colour)
    if target < 0 or target == seat:
        return "fallback"
    by = state.eliminated_by[target]
    if by < 0:
        return "open"
    if by == seat:
        return "done"
    if state.tables.params.missions_fallback_when_eliminated_by_other:
        return "fallback"
    return "done"


def get_held_group_ids(state: State, seat: int) -> set[str]:
    owner = state.owner
    return {gid for gid, _, members in state.tables.groups
            if all(owner[t] == seat for t in members)}


Leaf = Callable[[str, Mapping[str, Any], Any, int], "bool | None"]


@R.cites(R.MISSIONS_CONDITIONS)
def is_condition_met(condition: Mapping[str, Any], state: State, seat: int,
                     leaf: Leaf | None = None) -> bool:
    """Whether ``seat`` fulfils ``condition`` in ``state``.

    ``leaf(kind, body, state, seat)`` lets a variant family evaluate the forms its board
    has (or evaluate a Classic form its own way): it returns a verdict, or None to use the
    Classic evaluation below.  ``all`` / ``any`` pass it on to their parts."""
    (kind, body), = condition.items()
    if kind == "all":
        return all(is_condition_met(c, state, seat, leaf) for c in body)
    if kind == "any":
        return any(is_condition_met(c, state, seat, leaf) for c in body)
    if leaf is not None:
        verdict = leaf(kind, body, state, seat)
        if verdict is not None:
            return verdict
    if kind == "control_groups":
        held = get_held_group_ids(state, seat)
        named = body.get("groups", ())
        return (all(g in held for g in named)
                and len(held.difference(named)) >= body.get("plus_any", 0))
    if kind == "hold_territories":
        least = body.get("min_armies", 1)
        count = sum(1 for o, a in zip(state.owner, state.armies) if o == seat and a >= least)
        return bool(count >= body["count"])
    if kind == "hold_named":
        least = body.get("min_armies", 1)
        index = state.tables.territory_index
        return all(state.owner[index[p]] == seat and state.armies[index[p]] >= least
                   for p in body["places"])
    if kind == "destroy_player":
        status = get_destroy_status(state, seat, body["colour"])
        if status == "fallback":
            return is_condition_met(body["fallback"], state, seat, leaf)
        return status == "done"
    raise OptionError(f"unsupported mission condition {kind!r}")  # check_supported prevents it


@R.cites(R.MISSIONS_VICTORY)
def is_mission_complete(state: State, seat: int) -> bool:
    """Whether the seat's dealt mission is fulfilled (False without a mission)."""
    mission = state.missions[seat]
    if mission is None:
        return False
    return is_condition_met(state.tables.missions[mission].condition, state, seat)
