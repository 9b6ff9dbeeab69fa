"""Helpers the Napoléon section modules share on the small boards of :mod:`cases_napoleon`.

LINE: a1–a2–b1–b2 on land, ``far`` alone; zones z1–z2–z3–z4 in a chain (z1, z2 form a
route); a1 touches z1, b2 z3, far z4.  Here: the registering shorthands of the Advanced
three-player cases, a basic-game position and the actions several modules write out.
It registers no case of its own.
"""

from __future__ import annotations

import copy
from typing import Any

from riskspec.conformance.cases_napoleon import LINE, A
from riskspec.conformance.cases_napoleon_missions import DECK, _card
from riskspec.conformance.printed import NO_TABLE
from riskspec.conformance.scenario import scenario

#: the test deck of cases_napoleon_missions plus m2-bank: a start-of-turn mission whose
#: reward is 2 one-time regiments and no victory points (the reward names no points)
MDECK: dict[str, Any] = copy.deepcopy(DECK)


_bank = _card("m2-bank", 2, "start", {"control_groups": {"groups": ["west"]}}, 0, bonus=2)
_bank["reward"] = {"reinforcements": 2}
MDECK["missions"].append(_bank)
next(d for d in MDECK["decks"] if d["level"] == 2)["cards"].append("m2-bank")


def advanced_sc(id: str, title: str, covers: list[str], *, missions: bool = False, board: dict = LINE,
                reading: tuple[str, str] | None = None, options: dict | None = None, **kw: Any):
    opts = {**NO_TABLE, **(options or {}), **({reading[0]: reading[1]} if reading else {})}
    return scenario(id, title, covers, players=3, variant=A, map=board,
                    missions=MDECK if missions else None, options=opts, reading=reading, **kw)


KEEPS = ("napoleon.amb.empty-territory-control", "keeps-owner")


def keeps_sc(id: str, title: str, covers: list[str], **kw: Any):
    """An Advanced case played under keeps-owner (its start, a territory its owner kept
    empty, is reachable only then), whose outcome the other reading would not change."""
    return scenario(f"napoleon.{id}", title, covers, players=3, variant=A, map=LINE,
                    options={KEEPS[0]: KEEPS[1], **kw.pop("options", {})}, **kw)


def basic_pos(b: Any, land: dict, zones: dict | None = None, *, draw_pile: list[str] | None = None,
              discards: list[str] | None = None, **kw: Any) -> None:
    """A basic-game position on the scenario's board; ``draw_pile`` and ``discards`` (card IDs,
    in order) when not the whole deck in the pile."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
        if draw_pile is not None:
            d["draw_pile"], d["discards"] = list(draw_pile), list(discards or [])
    kw.setdefault("phase", "attack")
    b.position(land, edit=edit, **kw)


def invade(frm: str, to: str, n: int) -> dict:
    return {"type": "invade", "from": frm, "to": to, "armies": n}


def maneuver(frm: str, to: str, n: int, k: int = 0, led: bool = False) -> dict:
    a: dict[str, Any] = {"type": "maneuver", "from": frm, "to": to, "armies": n}
    if k:
        a["leaders"] = k
    if led:
        a["leader_maneuver"] = True
    return a
