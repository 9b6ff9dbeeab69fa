"""Napoléon on the printed board: buying units and what they need (napoleon.units.*,
napoleon.reinforce.purchases, napoleon.reinforce.fortifications, napoleon.components.tokens).

Player 1 (seat 0) holds England and Scotland, on the Western Europe Atlantic and the North
Sea, and Ile de France, inland; reinforcement positions start with 3 regiments to spend.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    NO_TABLE,
    REINFORCE,
    build_ship,
    compute_income,
    get_neighbours,
    pos,
    sc,
    sc_both,
)

HOME = {"england": (0, 2), "scotland": (0, 1), "ile-de-france": (0, 1), "denmark": (1, 2)}


def _reinforce(b: Any, **kw: Any) -> None:
    pos(b, HOME, phase="reinforce", pending=dict(REINFORCE), **kw)


@sc_both("napoleon.units.ships.601",
         "A ship costs a regiment and is built only in a zone touching one's own territory",
         ["napoleon.units.ships", "napoleon.reinforce.purchases"], negative=True)
def ships(b: Any) -> None:
    _reinforce(b)
    coast = sorted(get_neighbours("england", "coast") | get_neighbours("scotland", "coast"))
    b.check(legal_includes=[{"type": "buy-ship", "zone": z} for z in coast],
            legal_excludes=[{"type": "buy-ship", "zone": "baltic-sea"}],
            explain=f"England and Scotland touch {' and '.join(coast)}; the Baltic Sea touches "
                    "no territory of player 1's.")
    b.reject({"type": "buy-ship", "zone": "baltic-sea"}, "not-coastal", rule="napoleon.units.ships")
    build_ship(b, 0, "north-sea",
               state={"pending": {"to_place": 2}, "zones": {"north-sea": {"owner": 0, "ships": 1}}})
    b.do({"type": "place", "territory": "ile-de-france"},
         state={"pending": {"to_place": 1}, "territories": {"ile-de-france": {"armies": 2}}})
    b.do({"type": "place", "territory": "ile-de-france"},
         explain="The regiments left are placed on player 1's territories; then combat.",
         state={"phase": "attack", "territories": {"ile-de-france": {"armies": 3}}})


#: a purchase refused or made at a reinforcement phase on HOME: id, title, covers, what the
#: position adds to HOME, the steps (action, the error code of a refusal or None, expectations)
_PURCHASES: list[tuple[str, str, list[str], dict[str, Any], list[tuple[dict, str | None, dict[str, Any]]]]] = [
    ("napoleon.units.generals.601", "A general costs a regiment; never more than three, several in one territory",
     ["napoleon.units.generals", "napoleon.components.tokens"], {"gen": {"england": 2}},
     [({"type": "buy-general", "territory": "england"}, None,
       {"state": {"pending": {"to_place": 2}, "territories": {"england": {"generals": 3}}},
        "explain": "A third general joins the two in England."}),
      ({"type": "buy-general", "territory": "scotland"}, "general-limit",
       {"rule": "napoleon.units.generals", "explain": "A player's set holds three generals: no fourth."})]),
    ("napoleon.units.admirals.601", "An admiral costs a regiment and joins the player's ships; never more than two",
     ["napoleon.units.admirals"],
     {"zones": {"north-sea": (0, 2), "western-europe-atlantic": (0, 1)}, "adm": {"western-europe-atlantic": 1}},
     [({"type": "buy-admiral", "zone": "baltic-sea"}, "not-owner",
       {"rule": "napoleon.units.admirals", "explain": "No ship of player 1's in the Baltic Sea."}),
      ({"type": "buy-admiral", "zone": "north-sea"}, None,
       {"events": [{"type": "admiral-bought", "player": 0, "zone": "north-sea"}],
        "state": {"pending": {"to_place": 2}, "zones": {"north-sea": {"admirals": 1}}}}),
      ({"type": "buy-admiral", "zone": "north-sea"}, "admiral-limit", {"rule": "napoleon.units.admirals"})]),
    ("napoleon.units.fortifications.601",
     "A fortification on one's own territory: one per territory, none where an epidemic is",
     ["napoleon.units.fortifications"], {"forts": {"england": 1}, "epidemics": {"scotland": 1}},
     [({"type": "buy-fortification", "territory": "england"}, "fortified",
       {"rule": "napoleon.units.fortifications"}),
      ({"type": "buy-fortification", "territory": "scotland"}, "epidemic",
       {"rule": "napoleon.units.fortifications"}),
      ({"type": "buy-fortification", "territory": "ile-de-france"}, None,
       {"state": {"pending": {"to_place": 2}, "territories": {"ile-de-france": {"fortifications": 1}}}})]),
]
for _id, _title, _covers, _setup, _steps in _PURCHASES:
    def _purchases(b: Any, setup: dict = _setup, steps: list = _steps) -> None:
        _reinforce(b, **setup)
        for action, code, expect in steps:
            if code:
                b.reject(action, code, **expect)
            else:
                b.do(action, **expect)
    sc(_id, _title, _covers, options=NO_TABLE, negative=True)(_purchases)


@sc("napoleon.reinforce.fortifications.601",
    "Each fortified territory receives a regiment of its own as the reinforcement phase opens",
    ["napoleon.reinforce.fortifications", "napoleon.reinforce.territories"], options=NO_TABLE)
def fort_regiment(b: Any) -> None:
    pos(b, HOME, forts={"england": 1}, phase="maneuver", current=2)
    mine = [t for t, (seat, _) in HOME.items() if seat == 0]
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="Player 3 holds whole empires (North Africa, …): one card to draw.")
    b.do({"type": "draw", "card": "joker-1"},
         explain="Player 1's turn begins (game turn 2). England's fortification puts a regiment on England itself; the 3 territories "
                 "give the minimum of 3 to place.",
         events=[{"type": "fortification-regiments", "player": 0, "territory": "england",
                  "armies": 1}],
         state={"phase": "reinforce", "current": 0, "turn": 2,
                "pending": {"to_place": compute_income(mine)},
                "territories": {"england": {"armies": 3}},
                "players": [{}, {}, {"cards": ["joker-1"]}]})
