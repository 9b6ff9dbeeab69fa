"""Scenarios: Risk Napoléon — buying units (napoleon.units.*, napoleon.reinforce.purchases),
on small purpose-built maps (see cases_napoleon).

A purchase with the last regiment to place, a general where no regiment stands, and the
ship supply counting ships built among another player's.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, V
from riskspec.conformance.cases_napoleon_leaders import _pos as _lpos
from riskspec.conformance.cases_napoleon_leaders import sc
from riskspec.conformance.lineboard import basic_pos, keeps_sc
from riskspec.conformance.scenario import scenario

REINF = {"to_place": 1, "must_trade": False, "after": "turn"}


@sc("reinforce.purchases.801",
    "The last regiment buys a general or a fortification; a fortified or contaminated territory gets none",
    ["napoleon.reinforce.purchases", "napoleon.units.generals", "napoleon.units.fortifications",
     "napoleon.units.admirals"], negative=True)
def last_regiment(b: Any) -> None:
    _lpos(b, {"a1": (0, 4), "a2": (0, 2), "b1": (0, 1), "b2": (1, 1), "far": (2, 1)},
          forts={"a1": 1}, epidemics={"a2": 1}, zones={"z1": (0, 1)}, phase="reinforce",
          pending=REINF)
    b.check(legal_includes=[{"type": "buy-general", "territory": "b1"},
                            {"type": "buy-fortification", "territory": "b1"},
                            {"type": "buy-admiral", "zone": "z1"}],
            legal_excludes=[{"type": "buy-fortification", "territory": "a1"},
                            {"type": "buy-fortification", "territory": "a2"}],
            explain="one regiment to place is the price of a general, an admiral or a fortification")
    b.reject({"type": "buy-admiral", "zone": "a1"}, "not-a-zone", rule="napoleon.units.admirals")
    b.do({"type": "buy-general", "territory": "b1"},
         explain="nothing left to place: the combat phase begins",
         state={"territories": {"b1": {"generals": 1}}, "phase": "attack", "pending": {}})


@keeps_sc("units.generals.801",
    "Kept empty by its owner: no general on a territory without regiments; a fortification may be built",
    ["napoleon.units.generals", "napoleon.units.fortifications", "napoleon.reinforce.purchases"],
    negative=True)
def general_needs_regiments(b: Any) -> None:
    start = _lpos(b, {"a1": (0, 4), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (2, 1)},
                  phase="reinforce", pending={**REINF, "to_place": 3})
    b.load({**start, "territories": {**start["territories"],
                                     "a2": {**start["territories"]["a2"], "armies": 0}}})
    b.check(legal_includes=[{"type": "buy-general", "territory": "a1"},
                            {"type": "buy-fortification", "territory": "a2"},
                            {"type": "place", "territory": "a2"}],
            legal_excludes=[{"type": "buy-general", "territory": "a2"}],
            explain="a2 is still player 0's (emptied by an epidemic) but holds no regiment")
    b.reject({"type": "buy-general", "territory": "a2"}, "no-regiments", rule="napoleon.units.generals")
    b.do({"type": "buy-fortification", "territory": "a2"},
         state={"territories": {"a2": {"fortifications": 1}}, "pending": {"to_place": 2}})


SUPPLY = "napoleon.amb.ship-supply"


@scenario("napoleon.units.ships.701",
          "Reading capped: ships built among another player's ships count in the 26",
          ["napoleon.units.ships", "napoleon.components.tokens", "napoleon.naval.forced-combat",
           SUPPLY], players=2, variant=V, map=LINE, options={SUPPLY: "capped"},
          reading=(SUPPLY, "capped"), negative=True)
def challengers_in_supply(b: Any) -> None:
    basic_pos(b, {"a1": (0, 2), "a2": (1, 2), "b1": (1, 2), "b2": (0, 2), "far": (NEUTRAL, 1)},
              {"z1": (0, 25), "z3": (1, 1)}, phase="reinforce", turn=3,
              pending={"to_place": 3, "must_trade": False, "after": "turn"})
    b.do({"type": "buy-ship", "zone": "z3"},
         explain="the 26th ship, among player 2's in z3 (a forced battle follows)",
         state={"pending": {"to_place": 2},
                "zones": {"z3": {"owner": 1, "ships": 1, "challenger_ships": 1}}},
         legal=[{"type": "place", "territory": "a1"}, {"type": "place", "territory": "b2"}])
    b.reject({"type": "buy-ship", "zone": "z1"}, "ship-limit", rule="napoleon.units.ships",
             explain="25 ships in z1 and 1 in z3: player 1's 26 are all on the board")
