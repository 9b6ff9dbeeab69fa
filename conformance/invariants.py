"""Generic invariants of an engine's answers, checked without the reference as oracle.

The differential checks (``riskspec check --fuzz``, ``--hypothesis``) compare an engine's
observable state with the reference's after every step; these checks hold for *any*
engine on its own answers, and name what is wrong when they fail:

- :func:`state_problems` — one state: occupied territories hold armies, unoccupied ones
  none, no negative reserve, every card in one place (and, given the deck size, no card
  lost), no winner while the game goes on; then the family's consistency invariants of
  ``docs/state-invariants.md`` (owners and counts agree, an eliminated seat holds nothing,
  a battle is between adjacent territories …), as the reference's ``load_state`` checks
  them.
- :func:`step_problems` — one step (Classic): the armies on the board change only by the
  placements, card bonuses and battle losses the step's events report; a phase once left
  is not returned to within a turn, the turn count never goes back; (any family) a
  finished game stays finished.  That setup phases come only before turn 1 is a
  consistency invariant (``state.turn-count``).

Each returns a list of short messages (empty: the invariants hold).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: events that add armies to the board (Classic), and the field holding how many
ADDING_EVENTS = {"placed": "armies", "claimed": "armies", "territory-dealt": "armies", "traded": "bonus"}
#: the order of the phases within a Classic turn (a phase once left is not returned to)
TURN_RANK = {"reinforce": 0, "attack": 1, "defend": 1, "battle": 1, "occupy": 1,
             "elimination-trade": 1, "fortify": 2, "draw": 3, "game-over": 4}


def state_problems(state: Mapping[str, Any], n_cards: int | None = None, *,
                   variant: str | None = None) -> list[str]:
    """What is wrong with one riskspec/state@1 state (empty: nothing).  With ``variant``,
    the family's consistency invariants too (``docs/state-invariants.md``)."""
    bad = []
    pending_to = (state.get("pending") or {}).get("to") if state.get("phase") == "occupy" else None
    for tid, t in (state.get("territories") or {}).items():
        if not isinstance(t, Mapping):
            continue
        if t.get("owner") is None and t.get("armies") != 0:
            bad.append(f"{tid}: unoccupied with {t.get('armies')} armies")
        if t.get("owner") is not None and isinstance(t.get("armies"), int) and t["armies"] < 1 \
                and tid != pending_to:
            bad.append(f"{tid}: occupied with {t['armies']} armies")
    cards = list(state.get("draw_pile") or []) + list(state.get("discards") or [])
    for p in state.get("players") or []:
        if not isinstance(p, Mapping):
            continue
        cards += p.get("cards") or []
        if isinstance(p.get("reserve"), int) and p["reserve"] < 0:
            bad.append("negative reserve")
    if len(cards) != len({str(c) for c in cards}):
        bad.append("a card is in two places")
    if n_cards is not None and len(cards) != n_cards:
        bad.append(f"{len(cards)} cards in play, expected {n_cards}")
    if state.get("winner") is not None and state.get("phase") != "game-over":
        bad.append("a winner but the game goes on")
    if variant is not None and not bad:
        why = consistency_problem(state, variant)
        if why:
            bad.append(why)
    return bad


def consistency_problem(state: Mapping[str, Any], variant: str) -> str:
    """The first consistency invariant of the family (``docs/state-invariants.md``) the state
    breaks, as ``"invariant ID: message"``; "" if none does or the state cannot be read (a
    state the schema refuses is the differential comparison's to report)."""
    from riskspec.reference import engine as E
    from riskspec.reference.state import InvalidStateError
    if state.get("variant") != variant:
        return ""          # another variant's state: the differential comparison reports it
    try:
        E.from_dict(dict(state), check_schema=False)
    except InvalidStateError as exc:
        inv = getattr(exc, "invariant", None)
        # state.form is the canonical written form (e.g. a hand in deck order), not a rule
        return f"{inv}: {str(exc)[:200]}" if inv and inv != "state.form" else ""
    except Exception:  # noqa: BLE001 - not readable as a state: the field diff says why
        return ""
    return ""


def army_total(state: Mapping[str, Any]) -> int:
    return sum(t["armies"] for t in (state.get("territories") or {}).values()
               if isinstance(t, Mapping) and isinstance(t.get("armies"), int))


def step_problems(before: Mapping[str, Any], after: Mapping[str, Any],
                  events: Sequence[Any] | None, *, family: str) -> list[str]:
    """What is wrong with one step from ``before`` to ``after`` that reported ``events``
    (None: the engine reports none, and armies are not checked against them)."""
    bad: list[str] = []
    p0, p1 = before.get("phase"), after.get("phase")
    if p0 == "game-over" and (p1 != "game-over" or after.get("winner") != before.get("winner")):
        bad.append("a finished game went on")
    if family != "classic":
        return bad
    same_turn = before.get("turn") == after.get("turn") and before.get("current") == after.get("current")
    if same_turn and p0 in TURN_RANK and p1 in TURN_RANK and TURN_RANK[p1] < TURN_RANK[p0]:
        bad.append(f"phase {p1!r} after {p0!r} within one turn (a phase once left is not returned to)")
    if isinstance(before.get("turn"), int) and isinstance(after.get("turn"), int) \
            and after["turn"] < before["turn"]:
        bad.append(f"the turn count went back from {before['turn']} to {after['turn']}")
    if events is not None:
        evs = [e for e in events if isinstance(e, Mapping)]
        added = 0
        for e in evs:
            counted = ADDING_EVENTS.get(str(e.get("type")))
            if counted is not None and isinstance(e.get(counted, 0), int):
                added += int(e.get(counted, 0) or 0)
        lost = sum((e.get("attacker_losses") or 0) + (e.get("defender_losses") or 0) for e in evs
                   if e.get("type") == "battle" and isinstance(e.get("attacker_losses", 0), int)
                   and isinstance(e.get("defender_losses", 0), int))
        change = army_total(after) - army_total(before)
        if change != added - lost:
            bad.append(f"armies on the board changed by {change:+d}, the events account for "
                       f"{added - lost:+d} (placed and bonus armies {added}, battle losses {lost})")
    return bad
