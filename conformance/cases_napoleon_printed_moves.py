"""Napoléon on the printed board: moves the rules bound tightly — forced naval battles,
empty places entered, maneuvers with and without leaders, purchases at their limits,
effect cards and missions at their thresholds; also a zone list naming Finland (the map's
last land territory), a general bought mid-turn in the trade an elimination forces (its one
battle still to fight) and a player put out by the epidemic phase of their own turn.

Each case is written from the rules (and the error codes' meanings) for a position where a
slightly different rule — a bound one off, a check made at the wrong moment, one group
for every group — would answer otherwise; see :mod:`printed` for the positions.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    BASIC,
    NO_TABLE,
    REINFORCE,
    attack,
    compute_income,
    missions_edit,
    pos,
    sc,
)


def _challengers(zone: str, n: int) -> Any:
    """An ``edit`` for :func:`pos`: ``n`` of the mover's ships built among the zone's ships."""
    def change(d: dict) -> None:
        d["zones"][zone]["challenger_ships"] = n
    return change


@sc("napoleon.naval.forced-combat.671",
    "Ships built among enemy ships fight first: no other attack or entry until that battle ends",
    ["napoleon.naval.forced-combat", "napoleon.naval.battle-rules"], variant=BASIC,
    negative=True)
def forced_first(b: Any) -> None:
    pos(b, {"england": (0, 3), "denmark": (1, 2)},
        zones={"north-sea": (1, 1), "western-mediterranean": (0, 2)},
        edit=_challengers("north-sea", 2))
    b.check(legal_includes=[attack("north-sea", "north-sea", d) for d in (1, 2)],
            legal_excludes=[attack("england", "scotland", 2),
                            {"type": "invade", "from": "western-mediterranean",
                             "to": "western-europe-atlantic", "armies": 1}],
            explain="Player 1's two ships built in the North Sea must fight player 2's ship "
                    "first: England may not attack Scotland, nor the Mediterranean fleet sail "
                    "into the empty Atlantic, until then.")
    b.reject({"type": "invade", "from": "western-mediterranean", "to": "western-europe-atlantic",
              "armies": 1}, "forced-combat", rule="napoleon.naval.forced-combat")
    b.do(attack("north-sea", "north-sea", 2),
         state={"phase": "battle", "pending": {"attacker_dice": 2, "defender_dice": 1}})
    b.do({"type": "roll", "attacker": [5, 3], "defender": [2]},
         explain="5 beats 2: player 2's last ship in the North Sea is sunk and the two built "
                 "ships hold the zone.",
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "north-sea",
                  "to": "north-sea", "attacker_dice": [5, 3], "defender_dice": [2],
                  "attacker_losses": 0, "defender_losses": 1},
                 {"type": "zone-taken", "zone": "north-sea", "player": 0, "from": 1}],
         state={"phase": "attack", "zones": {"north-sea": {"owner": 0, "ships": 2}}})
    b.do({"type": "invade", "from": "north-sea", "to": "baltic-sea", "armies": 1},
         explain="The battle over, one of the two ships sails into the empty Baltic Sea, the "
                 "other staying behind.",
         events=[{"type": "invaded", "player": 0, "from": "north-sea", "to": "baltic-sea",
                  "armies": 1}],
         state={"zones": {"north-sea": {"ships": 1}, "baltic-sea": {"owner": 0, "ships": 1}}})


@sc("napoleon.effects.ignore-fortification.671",
    "While a forced naval battle is pending no land battle can be named for a card",
    ["napoleon.effects.ignore-fortification", "napoleon.naval.forced-combat"],
    options=NO_TABLE, negative=True)
def card_waits_for_forced_battle(b: Any) -> None:
    pos(b, {"england": (0, 2), "holland": (0, 3), "belgium": (1, 2)},
        zones={"north-sea": (1, 1)}, forts={"belgium": 1}, hands={0: ["card-portugal"]},
        edit=_challengers("north-sea", 2))
    b.reject({"type": "play-card", "card": "card-portugal", "from": "holland", "to": "belgium"},
             "not-a-target", rule="napoleon.effects.ignore-fortification",
             explain="Holland cannot attack fortified Belgium before the two ships built in the "
                     "North Sea have fought there: the card has no battle to name yet.")
    b.do(attack("north-sea", "north-sea", 2),
         state={"phase": "battle", "pending": {"attacker_dice": 2, "defender_dice": 1}})
    b.do({"type": "roll", "attacker": [5, 3], "defender": [2]},
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "north-sea",
                  "to": "north-sea", "attacker_dice": [5, 3], "defender_dice": [2],
                  "attacker_losses": 0, "defender_losses": 1},
                 {"type": "zone-taken", "zone": "north-sea", "player": 0, "from": 1}],
         state={"phase": "attack", "zones": {"north-sea": {"owner": 0, "ships": 2}}})
    b.do({"type": "play-card", "card": "card-portugal", "from": "holland", "to": "belgium"},
         explain="The forced battle over, Holland's attack on Belgium is open: the card names it.",
         events=[{"type": "card-played", "player": 0, "card": "card-portugal",
                  "effect": "ignore-fortification"}],
         state={"players": [{"cards": []}, {}, {}],
                "turn_flags": {"effects": [{"kind": "ignore-fortification", "player": 0,
                                            "card": "card-portugal", "amount": 1,
                                            "from": "holland", "to": "belgium"}]}})


@sc("napoleon.effects.move-epidemic.671",
    "Finland, last on the map, is a target like any other: of an epidemic moved, of a card's battle",
    ["napoleon.effects.move-epidemic", "napoleon.effects.ignore-fortification",
     "napoleon.epidemics.card-move"], options=NO_TABLE)
def finland_targets(b: Any) -> None:
    pos(b, {"kingdom-of-sweden": (0, 4), "st-petersburg": (0, 3), "finland": (1, 2)},
        forts={"finland": 1}, epidemics={"st-petersburg": 1},
        hands={0: ["card-westphalia", "card-lithuania"]})
    b.check(legal_includes=[
        {"type": "play-card", "card": "card-lithuania", "from": "st-petersburg", "to": "finland"},
        {"type": "play-card", "card": "card-westphalia", "from": "kingdom-of-sweden",
         "to": "finland"}],
        explain="Finland borders St Petersburg (the epidemic may move there) and Sweden "
                "(fortified Finland may be attacked from it).")
    b.do({"type": "play-card", "card": "card-lithuania", "from": "st-petersburg", "to": "finland"},
         explain="The epidemic moves into Finland and at once takes one of its two regiments.",
         events=[{"type": "card-played", "player": 0, "card": "card-lithuania",
                  "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "st-petersburg", "to": "finland"},
                 {"type": "epidemic-card-loss", "territory": "finland", "armies": 1}],
         state={"players": [{"cards": ["card-westphalia"]}, {}, {}],
                "territories": {"st-petersburg": {"epidemics": 0},
                                "finland": {"epidemics": 1, "armies": 1}}})
    b.do({"type": "play-card", "card": "card-westphalia", "from": "kingdom-of-sweden",
          "to": "finland"},
         events=[{"type": "card-played", "player": 0, "card": "card-westphalia",
                  "effect": "ignore-fortification"}],
         state={"players": [{"cards": []}, {}, {}],
                "turn_flags": {"effects": [{"kind": "ignore-fortification", "player": 0,
                                            "card": "card-westphalia", "amount": 1,
                                            "from": "kingdom-of-sweden", "to": "finland"}]}})


#: ten fortifications on the background seat's territories: with England's, 11 of the 12 tokens
_ELEVEN = {t: 1 for t in ("egypt", "tripolitania", "maghreb", "switzerland", "bavaria",
                          "hungary", "galicia", "croatia", "serbia", "wallachia")}


@sc("napoleon.effects.free-fortification.671",
    "The last fortification token: a card builds it, then the supply is empty; free ships only by the coast",
    ["napoleon.effects.free-fortification", "napoleon.units.fortifications",
     "napoleon.effects.free-ships"], options=NO_TABLE, negative=True)
def last_token(b: Any) -> None:
    pos(b, {"england": (0, 2), "ile-de-france": (0, 3), "ireland": (0, 1), "scotland": (0, 2),
            "castile": (1, 2)},
        forts={"england": 1, **_ELEVEN}, epidemics={"scotland": 1}, phase="reinforce",
        pending=REINFORCE, hands={0: ["card-east-prussia", "card-baltic-provinces"]})
    b.check(legal_includes=[{"type": "play-card", "card": "card-east-prussia", "territory": t}
                            for t in ("ile-de-france", "ireland")],
            legal_excludes=[{"type": "play-card", "card": "card-east-prussia", "territory": t}
                            for t in ("england", "scotland", "castile")],
            explain="11 of the 12 fortification tokens are on the board: one is left for "
                    "Ile de France or Ireland (England has one, Scotland an epidemic, Castile "
                    "is not player 1's).")
    b.reject({"type": "play-card", "card": "card-baltic-provinces",
              "zones": ["north-sea", "black-sea"]}, "not-coastal",
             rule="napoleon.effects.free-ships",
             explain="The North Sea touches England, the Black Sea none of player 1's "
                     "territories: both free ships must go by player 1's coasts.")
    b.do({"type": "play-card", "card": "card-east-prussia", "territory": "ile-de-france"},
         events=[{"type": "card-played", "player": 0, "card": "card-east-prussia",
                  "effect": "free-fortification"},
                 {"type": "fortification-built", "player": 0, "territory": "ile-de-france"}],
         state={"players": [{"cards": ["card-baltic-provinces"]}, {}, {}],
                "territories": {"ile-de-france": {"fortifications": 1}}})
    b.reject({"type": "buy-fortification", "territory": "ireland"}, "no-supply",
             rule="napoleon.units.fortifications",
             explain="All 12 tokens are now in use: Ireland cannot be fortified, even paid for.")


def _move(src: str, dst: str, n: int, **kw: Any) -> dict:
    return {"type": "maneuver", "from": src, "to": dst, "armies": n, **kw}


@sc("napoleon.maneuver.leaders.671",
    "A maneuver moves at least one regiment and no more generals than stand there; a general's "
    "own maneuver moves one, with only the regiments that stood with it",
    ["napoleon.maneuver.leaders", "napoleon.leaders.accompany", "napoleon.maneuver.land"],
    options=NO_TABLE, negative=True)
def leader_counts(b: Any) -> None:
    pos(b, {"ile-de-france": (0, 5), "aquitaine": (0, 2), "brittany": (0, 1)},
        gen={"ile-de-france": 1, "aquitaine": 1})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject(_move("ile-de-france", "brittany", 1, leaders=2), "leaders",
             rule="napoleon.leaders.accompany",
             explain="Ile de France holds one general: two cannot go along.")
    b.reject(_move("aquitaine", "brittany", 1, leaders=2, leader_maneuver=True), "leaders",
             rule="napoleon.leaders.accompany",
             explain="Aquitaine holds one general, not two: more leaders than stand there, "
                     "not a leader that has moved.")
    b.reject(_move("aquitaine", "brittany", 1, leader_maneuver=True), "no-leader",
             rule="napoleon.maneuver.leaders",
             explain="A general's maneuver with no general in it is no maneuver of a general.")
    b.reject(_move("ile-de-france", "brittany", 0), "armies", rule="napoleon.maneuver.land",
             explain="The land maneuver moves at least one regiment.")
    b.do(_move("ile-de-france", "aquitaine", 4, leaders=1, leader_maneuver=True),
         explain="Ile de France's general makes its own maneuver, taking 4 of the 5 regiments "
                 "that stood with it to Aquitaine.",
         events=[{"type": "leader-maneuver", "from": "ile-de-france", "to": "aquitaine",
                  "armies": 4, "leaders": 1}],
         state={"territories": {"ile-de-france": {"armies": 1, "generals": 0},
                                "aquitaine": {"armies": 6, "generals": 2}}})
    b.check(legal_includes=[_move("aquitaine", "brittany", 2, leaders=1, leader_maneuver=True),
                            _move("aquitaine", "brittany", 5)],
            legal_excludes=[_move("aquitaine", "brittany", 3, leaders=1, leader_maneuver=True)],
            explain="Aquitaine's own general may still maneuver, with at most the 2 regiments "
                    "that stood with it when the phase began; the land maneuver, still unused, "
                    "may move 5 of the 6.")


@sc("napoleon.combat.general-bonus.671",
    "One battle per turn for a general: the general that took Egypt and moved in gives no "
    "bonus in Tripolitania",
    ["napoleon.combat.general-bonus", "napoleon.leaders.accompany", "napoleon.combat.conquest"],
    options={**NO_TABLE, "napoleon.amb.general-attack-scope": "one-battle"},
    reading=("napoleon.amb.general-attack-scope", "one-battle"))
def one_battle_egypt(b: Any) -> None:
    pos(b, {"syria": (0, 5), "egypt": (1, 1), "tripolitania": (1, 2)}, gen={"syria": 1})
    b.do(attack("syria", "egypt", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [1]},
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "syria", "to": "egypt",
                  "attacker_dice": [7, 5, 4], "defender_dice": [1], "attacker_losses": 0,
                  "defender_losses": 1}],
         state={"phase": "occupy", "pending": {"min": 3},
                "territories": {"egypt": {"owner": 0, "armies": 0}},
                "turn_flags": {"conquered": True, "conquests": 1,
                               "general_battles": {"syria": "egypt"}}})
    b.do({"type": "occupy", "armies": 3, "leaders": 1},
         state={"phase": "attack",
                "territories": {"syria": {"armies": 2, "generals": 0},
                                "egypt": {"armies": 3, "generals": 1}},
                "turn_flags": {"general_battles": {"syria": "egypt", "egypt": None}}})
    b.do(attack("egypt", "tripolitania", 2), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [5, 2], "defender": [5, 3]},
         explain="The general has had its battle (Egypt): 5 ties 5 and 2 loses to 3, both "
                 "pairs to the defender.",
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "egypt",
                  "to": "tripolitania", "attacker_dice": [5, 2], "defender_dice": [5, 3],
                  "attacker_losses": 2, "defender_losses": 0}],
         state={"phase": "attack", "territories": {"egypt": {"armies": 1}}})


def _aquitaine_takes_castile(b: Any, hands: dict[int, list[str]]) -> None:
    """Player 1 (seat 0, 5 in Aquitaine) takes Castile, player 2's last territory (1 regiment),
    with 6-5-4 against 2: player 2 is out, their two cards join the attacker's three."""
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1)}, hands=hands)
    b.do(attack("aquitaine", "castile", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [6, 5, 4], "defender": [2]},
         events=[{"type": "battle", "player": 0, "defender": 1, "from": "aquitaine",
                  "to": "castile", "attacker_dice": [6, 5, 4], "defender_dice": [2],
                  "attacker_losses": 0, "defender_losses": 1},
                 {"type": "eliminated", "player": 1, "by": 0}],
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}},
                "players": [{"cards": 5}, {"eliminated": True, "cards": []}, {}]})


@sc("napoleon.cards.elimination-capture.671",
    "Five cards after taking an eliminated player's: the trade is owed at once, the capture settled",
    ["napoleon.cards.elimination-capture", "napoleon.combat.elimination"], options=NO_TABLE)
def capture_trade(b: Any) -> None:
    _aquitaine_takes_castile(b, {0: ["card-egypt", "card-maghreb", "card-bavaria"],
               1: ["card-castile", "card-holland"]})
    b.do({"type": "occupy", "armies": 4},
         explain="Player 2's two cards make player 1's hand five: a trade is owed before the "
                 "attack goes on, and the captured cards are settled by it.",
         state={"phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"aquitaine": {"armies": 1}, "castile": {"armies": 4}},
                "players": [{"captured": False}, {}, {}]})


def _no_reserves(d: dict[str, Any]) -> None:
    for p in d["players"]:
        p["reserve"] = 0


@sc("napoleon.setup.place-general-and-fortification.671",
    "A starting fortification may go on Finland, the last territory of the map",
    ["napoleon.setup.place-general-and-fortification"])
def finland_fortified(b: Any) -> None:
    pos(b, {"finland": (0, 3), "kingdom-of-sweden": (0, 3), "st-petersburg": (1, 3)},
        phase="setup-leaders", turn=0, pending={"generals": 1, "fortifications": 1},
        edit=_no_reserves)
    b.do({"type": "place-general", "territory": "kingdom-of-sweden"},
         state={"territories": {"kingdom-of-sweden": {"generals": 1}}},
         legal_includes=[{"type": "place-fortification", "territory": "finland"}])
    b.do({"type": "place-fortification", "territory": "finland"},
         explain="Finland is player 1's, unfortified and free of epidemics.",
         state={"current": 1, "territories": {"finland": {"fortifications": 1}}})


@sc("napoleon.effects.free-ships.681",
    "Malformed: free ships asked for in Finland, the last land territory of the map",
    ["napoleon.effects.free-ships"], variant=BASIC, negative=True)
def ships_in_finland(b: Any) -> None:
    pos(b, {"finland": (0, 1), "castile": (1, 1)}, phase="reinforce",
        hands={0: ["card-catalonia"]}, pending=dict(REINFORCE))
    b.reject({"type": "play-card", "card": "card-catalonia", "zones": ["finland", "baltic-sea"]},
             "unknown-territory", rule=None, kind="invalid-action", state={"phase": "reinforce"},
             explain="Ships go in maritime zones; Finland is land beside the Baltic Sea, so the "
                     "list is no list of zones.")


@sc("napoleon.combat.general-bonus.681",
    "One battle per turn for a general: one bought on a territory just taken has its battle still",
    ["napoleon.combat.general-bonus", "napoleon.cards.elimination-capture",
     "napoleon.reinforce.purchases", "napoleon.combat.conquest"],
    options={**NO_TABLE, "napoleon.amb.general-attack-scope": "one-battle"},
    reading=("napoleon.amb.general-attack-scope", "one-battle"))
def general_bought_on_conquest(b: Any) -> None:
    infantry = ["card-switzerland", "card-austria-bohemia", "card-transylvania"]
    _aquitaine_takes_castile(b, {0: infantry, 1: ["card-holland", "card-castile"]})
    b.do({"type": "occupy", "armies": 4},
         state={"phase": "reinforce",
                "pending": {"to_place": 0, "must_trade": True, "after": "elimination"},
                "territories": {"aquitaine": {"armies": 1}, "castile": {"armies": 4}}})
    b.do({"type": "trade", "cards": infantry},
         events=[{"type": "traded", "player": 0, "cards": infantry, "value": 4}],
         state={"pending": {"to_place": 4, "must_trade": False, "after": "elimination"},
                "discards": infantry, "sets_traded": 1,
                "players": [{"cards": 2}, {}, {}]})
    b.do({"type": "buy-general", "territory": "castile"},
         events=[{"type": "general-bought", "player": 0, "territory": "castile"}],
         state={"pending": {"to_place": 3}, "territories": {"castile": {"generals": 1}}})
    for left in (2, 1):
        b.do({"type": "place", "territory": "castile"},
             state={"pending": {"to_place": left}, "territories": {"castile": {"armies": 7 - left}}})
    b.do({"type": "place", "territory": "castile"},
         state={"phase": "attack", "pending": {}, "territories": {"castile": {"armies": 7}}})
    b.do(attack("castile", "leon-asturias", 3), state={"phase": "battle"})
    b.do({"type": "roll", "attacker": [5, 3, 2], "defender": [5]},
         explain="The general bought in Castile has fought no battle this turn: its bonus makes "
                 "the 5 a 6, which beats León's 5.",
         events=[{"type": "battle", "player": 0, "defender": 2, "from": "castile",
                  "to": "leon-asturias", "attacker_dice": [6, 3, 2], "defender_dice": [5],
                  "attacker_losses": 0, "defender_losses": 1}],
         state={"phase": "occupy", "pending": {"min": 3},
                "territories": {"leon-asturias": {"owner": 0, "armies": 0}},
                "turn_flags": {"conquests": 2, "general_battles": {"castile": "leon-asturias"}}})


@sc("napoleon.combat.elimination.681",
    "Put out by the epidemic phase of their own turn: no mission is checked, the next player plays",
    ["napoleon.combat.elimination", "napoleon.epidemics.phase-loss", "napoleon.missions.check"],
    options=NO_TABLE)
def out_in_own_epidemic_phase(b: Any) -> None:
    mission = "l2-capture-a-general"
    pos(b, {"portugal": (0, 1), "castile": (1, 2)}, phase="maneuver", epidemics={"portugal": 1},
        prisoners={(0, 1, "generals"): 1}, edit=missions_edit(held={0: [mission]}))
    b.do({"type": "end-turn"},
         explain="The epidemic in Portugal takes its one regiment, player 1's last: player 1 is "
                 "out at once, and the epidemic moves on by a card drawn.",
         events=[{"type": "epidemic-loss", "territory": "portugal", "armies": 1},
                 {"type": "eliminated", "player": 0, "by": 0, "cause": "epidemic"}],
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"portugal": {"owner": None, "armies": 0, "epidemics": 0}},
                "players": [{"eliminated": True, "eliminated_by": 0}, {}, {}]})
    b.do({"type": "draw", "card": "card-egypt"},
         explain="The epidemic goes to Egypt. Player 1 is out of the game: the end of their turn "
                 "checks no mission (not even the captured general they still hold) and player "
                 "2's turn begins.",
         events=[{"type": "epidemic-card-drawn", "card": "card-egypt", "territory": "egypt"},
                 {"type": "epidemic", "territory": "egypt"}],
         state={"phase": "reinforce", "current": 1,
                "pending": {"to_place": compute_income(["castile"]), "must_trade": False,
                            "after": "turn"},
                "discards": ["card-egypt"], "territories": {"egypt": {"epidemics": 1}},
                "players": [{"vp": 0, "missions": [mission], "missions_completed": []}, {}, {}]})
