"""Scenarios: Risk Napoléon — buying units (napoleon.units.*, napoleon.reinforce.purchases),
on the printed Europe board (see :mod:`printed`).

A purchase with the last regiment to place (France on the Atlantic), a general where no
regiment stands, and the ship supply counting ships built among another player's (France
building among Spain's ships in the Western Mediterranean).
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.lineboard import KEEPS
from riskspec.conformance.printed import BASIC, pos, sc

REINF = {"to_place": 1, "must_trade": False, "after": "turn"}


@sc("napoleon.reinforce.purchases.801",
    "The last regiment buys a general or a fortification; a fortified or contaminated territory gets none",
    ["napoleon.reinforce.purchases", "napoleon.units.generals", "napoleon.units.fortifications",
     "napoleon.units.admirals"], negative=True)
def last_regiment(b: Any) -> None:
    pos(b, {"brittany": (0, 4), "aquitaine": (0, 2), "ile-de-france": (0, 1), "england": (1, 1)},
        forts={"brittany": 1}, epidemics={"aquitaine": 1},
        zones={"western-europe-atlantic": (0, 1)}, phase="reinforce", pending=REINF)
    b.check(legal_includes=[{"type": "buy-general", "territory": "ile-de-france"},
                            {"type": "buy-fortification", "territory": "ile-de-france"},
                            {"type": "buy-admiral", "zone": "western-europe-atlantic"}],
            legal_excludes=[{"type": "buy-fortification", "territory": "brittany"},
                            {"type": "buy-fortification", "territory": "aquitaine"}],
            explain="one regiment to place is the price of a general, an admiral or a "
                    "fortification; Brittany is fortified already, Aquitaine holds an epidemic")
    b.reject({"type": "buy-admiral", "zone": "brittany"}, "not-a-zone",
             rule="napoleon.units.admirals")
    b.do({"type": "buy-general", "territory": "ile-de-france"},
         explain="nothing left to place: the combat phase begins",
         state={"territories": {"ile-de-france": {"generals": 1}}, "phase": "attack",
                "pending": {}})


@sc("napoleon.units.generals.801",
    "Kept empty by its owner: no general on a territory without regiments; a fortification may be built",
    ["napoleon.units.generals", "napoleon.units.fortifications", "napoleon.reinforce.purchases"],
    negative=True, options={KEEPS[0]: KEEPS[1]})
def general_needs_regiments(b: Any) -> None:
    pos(b, {"brittany": (0, 4), "aquitaine": (0, 0), "castile": (1, 1)}, phase="reinforce",
        pending={**REINF, "to_place": 3})
    b.check(legal_includes=[{"type": "buy-general", "territory": "brittany"},
                            {"type": "buy-fortification", "territory": "aquitaine"},
                            {"type": "place", "territory": "aquitaine"}],
            legal_excludes=[{"type": "buy-general", "territory": "aquitaine"}],
            explain="Aquitaine is still player 1's (emptied by an epidemic) but holds no regiment")
    b.reject({"type": "buy-general", "territory": "aquitaine"}, "no-regiments",
             rule="napoleon.units.generals")
    b.do({"type": "buy-fortification", "territory": "aquitaine"},
         state={"territories": {"aquitaine": {"fortifications": 1}}, "pending": {"to_place": 2}})


SUPPLY = "napoleon.amb.ship-supply"


@sc("napoleon.units.ships.701",
    "Reading capped: ships built among another player's ships count in the 26",
    ["napoleon.units.ships", "napoleon.components.tokens", "napoleon.naval.forced-combat",
     SUPPLY], variant=BASIC, options={SUPPLY: "capped"}, reading=(SUPPLY, "capped"),
    negative=True)
def challengers_in_supply(b: Any) -> None:
    pos(b, {"aquitaine": (0, 2), "languedoc": (0, 2), "castile": (1, 2), "catalonia": (1, 2)},
        zones={"western-europe-atlantic": (0, 25), "western-mediterranean": (1, 1)},
        phase="reinforce", turn=3, pending={"to_place": 3, "must_trade": False, "after": "turn"})
    b.do({"type": "buy-ship", "zone": "western-mediterranean"},
         explain="the 26th ship, built from Languedoc among Spain's in the Western "
                 "Mediterranean (a forced battle follows)",
         state={"pending": {"to_place": 2},
                "zones": {"western-mediterranean": {"owner": 1, "ships": 1,
                                                    "challenger_ships": 1}}},
         legal=[{"type": "place", "territory": "aquitaine"},
                {"type": "place", "territory": "languedoc"}])
    b.reject({"type": "buy-ship", "zone": "western-europe-atlantic"}, "ship-limit",
             rule="napoleon.units.ships",
             explain="25 ships in the Atlantic and 1 in the Western Mediterranean: player 1's "
                     "26 are all on the board")
