"""Classic step shorthands that state what each step changes (the frame rule).

Every step of a case checks every observable field (:mod:`riskspec.conformance.frame`);
these helpers play the usual steps of a Classic conquest and state, from the rules, the
fields each one changes — everything else is then checked unchanged — and write the events
of the steps every section plays (a turn's start, a placement) with every payload field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def take(b: Any, frm: str, to: str, dice: int, *, by: int = 0, attacker: Sequence[int] | None = None,
         defender: Sequence[int] = (1,), choose: bool = True,
         players: Sequence[Mapping[str, Any]] | None = None, **kw: Any) -> None:
    """``by`` attacks ``to``'s last army from ``frm`` with ``dice`` dice and takes it.

    The declaration hands the choice of dice to the defender (phase ``defend``; ``choose``
    False: the reading where the defender always rolls the most, straight to ``battle``),
    the choice makes a chance node (``battle``), and the roll that removes the last army
    hands the territory, empty, to the attacker until the move-in (``occupy``).
    ``players``: how the roll changes the players (an elimination); ``kw`` go to the roll."""
    b.attack(frm, to, dice, state={"phase": "defend" if choose else "battle"})
    if choose:
        b.defend(len(defender), state={"phase": "battle"})
    after: dict[str, Any] = {"phase": "occupy", "territories": {to: {"owner": by, "armies": 0}}}
    if players is not None:
        after["players"] = list(players)
    b.roll(list(attacker) if attacker is not None else [6] * dice, list(defender), state=after, **kw)


def occupy(b: Any, frm: str, to: str, armies: int, had: int, *, phase: str = "attack",
           **kw: Any) -> None:
    """Move ``armies`` into the conquered ``to`` from ``frm``, which held ``had``; the attack
    phase goes on (or ``phase``)."""
    state = dict(kw.pop("state", {}))
    terr = {**state.pop("territories", {}), frm: {"armies": had - armies}, to: {"armies": armies}}
    b.do({"type": "occupy", "armies": armies}, state={"phase": phase, "territories": terr, **state}, **kw)


def turn_events(player: int, turn: int, territories: int, armies: int,
                groups: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The events that open ``player``'s ``turn``: its start and the reinforcements its
    ``territories`` and whole ``groups`` (continents) give, ``armies`` in all."""
    return [{"type": "turn-started", "player": player, "turn": turn},
            {"type": "reinforcements", "player": player, "territories": territories,
             "groups": list(groups), "armies": armies}]


def placed(player: int, territory: str, **extra: Any) -> dict[str, Any]:
    """The event of one army placed on ``territory`` (``by``: the seat placing a neutral army)."""
    return {"type": "placed", "player": player, "territory": territory, "armies": 1, **extra}
