"""Napoléon on the printed board: the territory cards' effects (napoleon.effects.*, with the
card rules napoleon.cards.use-or-trade, effect-icons, effect-territory-bonus, effect-limit).

The cards are the map file's own (``spec/napoleon/map.yaml``, ``cards``): e.g. Syria's
card raises the highest attack die, Galicia's rerolls.  A card is held by a player who does
not hold its territory, unless the case is about the 2 regiments a held territory receives.
Battles are fought across the Pyrenees: player 1 (seat 0) in Aquitaine, player 2 (seat 1)
in Castile; the background seat holds the rest.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.printed import (
    BASIC,
    NO_TABLE,
    REINFORCE,
    attack,
    challengers,
    get_board,
    pos,
    sc,
    sc_both,
    seat_fields,
)

FRONT = {"aquitaine": (0, 4), "castile": (1, 2), "leon-asturias": (1, 1)}


def _effect(card: str) -> str:
    return next(str(c.effect["kind"]) for c in get_board().cards if c.id == card)


def _played(seat: int, card: str) -> dict:
    return {"type": "card-played", "player": seat, "card": card, "effect": _effect(card)}


def _hand(b: Any, seat: int, cards: Any) -> list[dict]:
    return seat_fields(b, **{f"p{seat}": {"cards": cards}})


def _roll(b: Any, att: list[int], dfn: list[int], **kw: Any) -> None:
    b.do({"type": "roll", "attacker": att, "defender": dfn}, **kw)


# ---------------------------------------------------------------- reinforcement effects

@sc("napoleon.effects.extra-regiments.601",
    "Holland's card played for its effect: 3 regiments more, and 2 on Holland, which is held",
    ["napoleon.effects.extra-regiments", "napoleon.cards.use-or-trade",
     "napoleon.cards.effect-territory-bonus"], variant=BASIC)
def extra_regiments(b: Any) -> None:
    pos(b, {"holland": (0, 1), "belgium": (0, 1), "castile": (1, 1)}, phase="reinforce",
        hands={0: ["card-holland"]}, pending=dict(REINFORCE))
    b.do({"type": "play-card", "card": "card-holland"},
         events=[_played(0, "card-holland"), {"type": "territory-bonus", "territory": "holland",
                                              "armies": 2}],
         state={"pending": {"to_place": 3 + 3}, "territories": {"holland": {"armies": 1 + 2}},
                "discards": ["card-holland"], "players": _hand(b, 0, [])})


@sc_both("napoleon.cards.effect-territory-bonus.601",
         "A card played for its effect gives 2 on its territory only when the player holds it",
         ["napoleon.cards.effect-territory-bonus", "napoleon.effects.extra-regiments"])
def territory_bonus(b: Any) -> None:
    pos(b, {"holland": (0, 1), "castile": (1, 1)}, phase="reinforce",
        hands={0: ["card-castile", "card-aquitaine"]}, pending=dict(REINFORCE))
    b.do({"type": "play-card", "card": "card-castile"},
         explain="Castile is player 2's: the 2 extra regiments, no territory bonus.",
         events=[_played(0, "card-castile")],
         state={"pending": {"to_place": 3 + 2}, "discards": ["card-castile"],
                "players": _hand(b, 0, ["card-aquitaine"])})


@sc("napoleon.effects.free-ships.601",
    "Catalonia's card: two ships at no cost in zones touching the player's territories",
    ["napoleon.effects.free-ships"], variant=BASIC, negative=True)
def free_ships(b: Any) -> None:
    pos(b, {"england": (0, 1), "castile": (1, 1)}, phase="reinforce",
        hands={0: ["card-catalonia"]}, pending=dict(REINFORCE))
    b.reject({"type": "play-card", "card": "card-catalonia", "zones": ["baltic-sea", "baltic-sea"]},
             "not-coastal", rule="napoleon.effects.free-ships")
    b.do({"type": "play-card", "card": "card-catalonia",
          "zones": ["western-europe-atlantic", "north-sea"]},
         explain="England touches the North Sea and the Western Europe Atlantic: a ship in each; "
                 "the 3 regiments to place are untouched.",
         state={"pending": {"to_place": 3}, "discards": ["card-catalonia"],
                "zones": {"north-sea": {"owner": 0, "ships": 1},
                          "western-europe-atlantic": {"owner": 0, "ships": 1}},
                "players": _hand(b, 0, [])})


@sc("napoleon.effects.free-fortification.601",
    "East Prussia's card: a fortification at no cost, the usual limits kept",
    ["napoleon.effects.free-fortification"], options=NO_TABLE, negative=True)
def free_fortification(b: Any) -> None:
    pos(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 1)}, phase="reinforce",
        epidemics={"brittany": 1}, hands={0: ["card-east-prussia"]}, pending=dict(REINFORCE))
    b.reject({"type": "play-card", "card": "card-east-prussia", "territory": "brittany"},
             "epidemic", rule="napoleon.effects.free-fortification")
    b.do({"type": "play-card", "card": "card-east-prussia", "territory": "aquitaine"},
         state={"pending": {"to_place": 3}, "territories": {"aquitaine": {"fortifications": 1}},
                "discards": ["card-east-prussia"], "players": _hand(b, 0, [])})


@sc("napoleon.effects.free-fortification.602",
    "The last player left holds every territory: the card may fortify any of them, Egypt, "
    "first on the map, included; a general bought there too",
    ["napoleon.effects.free-fortification", "napoleon.units.generals",
     "napoleon.cards.effect-territory-bonus"], options=NO_TABLE, background=(0, 1))
def free_fortification_everywhere(b: Any) -> None:
    # players 2 and 3 lost their last territories: player 1 plays on alone (the time track)
    pos(b, {}, rest=0, phase="reinforce", hands={0: ["card-east-prussia"]},
        pending=dict(REINFORCE))
    b.check(legal_includes=[{"type": "play-card", "card": "card-east-prussia", "territory": t}
                            for t in ("egypt", "east-prussia", "finland")],
            explain="No territory is fortified and all 48 are player 1's: the card can go on "
                    "any of them.")
    b.do({"type": "play-card", "card": "card-east-prussia", "territory": "egypt"},
         explain="Egypt takes the fortification; the card shows East Prussia, player 1's: "
                 "2 regiments there.",
         events=[_played(0, "card-east-prussia"),
                 {"type": "territory-bonus", "territory": "east-prussia", "armies": 2}],
         state={"territories": {"egypt": {"fortifications": 1},
                                "east-prussia": {"armies": 1 + 2}},
                "discards": ["card-east-prussia"], "players": _hand(b, 0, [])})
    b.check(legal_includes=[{"type": "buy-general", "territory": t}
                            for t in ("egypt", "east-prussia", "finland")])
    b.do({"type": "buy-general", "territory": "egypt"},
         explain="A general costs one of the 3 regiments to place.",
         events=[{"type": "general-bought", "player": 0, "territory": "egypt"}],
         state={"pending": {"to_place": 3 - 1}, "territories": {"egypt": {"generals": 1}}})


# ---------------------------------------------------------------- dice effects


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


@sc_both("napoleon.effects.attack-die-bonus.601",
         "Syria's card: the highest die of the next attack roll counts 1 more",
         ["napoleon.effects.attack-die-bonus"])
def attack_die_bonus(b: Any) -> None:
    pos(b, FRONT, hands={0: ["card-syria"]})
    b.do({"type": "play-card", "card": "card-syria"},
         state={"players": _hand(b, 0, []), "discards": ["card-syria"],
                "turn_flags": {"effects": [{"kind": "attack-die-bonus", "player": 0,
                                            "card": "card-syria", "amount": 1}]}})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [5, 2, 1], [5, 3], explain="5 + 1 beats 5; 2 loses to 3.",
          state={"phase": "attack",
                 "territories": {"aquitaine": {"armies": 3}, "castile": {"armies": 1}}})


@sc("napoleon.effects.attack-extra-die.601",
    "Provence's card: a fourth attack die from a territory of five regiments",
    ["napoleon.effects.attack-extra-die"], variant=BASIC)
def attack_extra_die(b: Any) -> None:
    pos(b, {**FRONT, "aquitaine": (0, 5)}, hands={0: ["card-provence"]})
    b.check(legal_excludes=[attack("aquitaine", "castile", 4)])
    b.do({"type": "play-card", "card": "card-provence"},
         state={"players": _hand(b, 0, []), "discards": ["card-provence"]},
         legal_includes=[attack("aquitaine", "castile", 4)])
    b.do(attack("aquitaine", "castile", 4), state={"phase": "defend"})


@sc("napoleon.effects.defence-die-bonus.601",
    "Egypt's card, played by the defender: the highest defence die counts 1 more",
    ["napoleon.effects.defence-die-bonus", "napoleon.cards.effect-icons"], variant=BASIC)
def defence_die_bonus(b: Any) -> None:
    pos(b, {**FRONT, "castile": (1, 1)}, hands={1: ["card-egypt"]})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend", "pending": {"chooser": 1}},
         legal=[{"type": "play-card", "card": "card-egypt"}, {"type": "defend", "dice": 1}],
         explain="A blue-die card: played in another player's combat phase, before the roll.")
    b.do({"type": "play-card", "card": "card-egypt"},
         state={"players": _hand(b, 1, []), "discards": ["card-egypt"]})
    b.do({"type": "defend", "dice": 1}, state={"phase": "battle"})
    _roll(b, [6, 2, 1], [5], explain="5 + 1 ties the 6: the defender holds.",
          state={"phase": "attack", "territories": {"aquitaine": {"armies": 3}}})


@sc("napoleon.effects.defence-extra-die.601",
    "England's card, played by the defender: a third defence die",
    ["napoleon.effects.defence-extra-die"], variant=BASIC)
def defence_extra_die(b: Any) -> None:
    pos(b, {**FRONT, "castile": (1, 3)}, hands={1: ["card-england"]})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"},
         legal_excludes=[{"type": "defend", "dice": 3}])
    b.do({"type": "play-card", "card": "card-england"},
         state={"players": _hand(b, 1, []), "discards": ["card-england"]},
         legal_includes=[{"type": "defend", "dice": 3}])
    b.do({"type": "defend", "dice": 3}, state={"phase": "battle", "pending": {"defender_dice": 3}})


@sc("napoleon.effects.reroll.601",
    "Galicia's card after the roll: the attacker throws all their dice again",
    ["napoleon.effects.reroll"], variant=BASIC)
def reroll(b: Any) -> None:
    pos(b, FRONT, hands={0: ["card-galicia"]})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [1, 1, 1], [5, 4],
          state={"phase": "reroll", "pending": {"chooser": 0, "attacker": [1, 1, 1],
                                                "defender": [5, 4]}},
          legal=[{"type": "play-card", "card": "card-galicia"}, {"type": "keep-roll"}])
    b.do({"type": "play-card", "card": "card-galicia"},
         state={"phase": "reroll-dice", "players": _hand(b, 0, []), "discards": ["card-galicia"]})
    b.do({"type": "reroll", "dice": [6, 5, 1]},
         events=[{"type": "rerolled", "player": 0, "dice": [6, 5, 1]},
                 {"type": "battle", "from": "aquitaine", "to": "castile", "attacker_losses": 0,
                  "defender_losses": 2}],
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}}})


@sc("napoleon.effects.ignore-fortification.601",
    "Portugal's card: Castile's fortification adds nothing for this battle",
    ["napoleon.effects.ignore-fortification"], options=NO_TABLE)
def ignore_fortification(b: Any) -> None:
    pos(b, FRONT, forts={"castile": 1}, hands={0: ["card-portugal"]})
    b.do({"type": "play-card", "card": "card-portugal", "from": "aquitaine", "to": "castile"},
         state={"players": _hand(b, 0, []), "discards": ["card-portugal"],
                "turn_flags": {"effects": [{"kind": "ignore-fortification", "player": 0,
                                            "card": "card-portugal", "amount": 1,
                                            "from": "aquitaine", "to": "castile"}]}})
    b.do(attack("aquitaine", "castile", 3), state={"phase": "defend"})
    b.do({"type": "defend", "dice": 2}, state={"phase": "battle"})
    _roll(b, [6, 5, 1], [5, 4],
          explain="Without the card the fortification would make the 5 a 6 and hold the first pair.",
          state={"phase": "occupy",
                 "territories": {"castile": {"owner": 0, "armies": 0, "fortifications": 0}}})


@sc("napoleon.effects.ignore-epidemic.601",
    "Serbia's card: attacking contaminated Castile costs no regiment",
    ["napoleon.effects.ignore-epidemic"], options=NO_TABLE)
def ignore_epidemic(b: Any) -> None:
    pos(b, FRONT, epidemics={"castile": 1}, hands={0: ["card-serbia"]})
    b.do({"type": "play-card", "card": "card-serbia", "from": "aquitaine", "to": "castile"},
         state={"players": _hand(b, 0, []), "discards": ["card-serbia"]})
    b.do(attack("aquitaine", "castile", 3),
         explain="No regiment lost to the epidemic: Aquitaine still has 4.",
         state={"phase": "defend", "territories": {"aquitaine": {"armies": 4}}})


# ---------------------------------------------------------------- maneuver and special effects

@sc("napoleon.effects.extra-land-maneuver.601",
    "Bavaria's card: a second land maneuver",
    ["napoleon.effects.extra-land-maneuver"], variant=BASIC)
def extra_land(b: Any) -> None:
    pos(b, {"aquitaine": (0, 3), "brittany": (0, 3), "castile": (1, 1)}, phase="maneuver",
        fortify_moves=1, hands={0: ["card-bavaria"]})
    b.check(legal_excludes=[{"type": "maneuver", "from": "brittany", "to": "aquitaine", "armies": 1}])
    b.do({"type": "play-card", "card": "card-bavaria"},
         state={"players": _hand(b, 0, []), "discards": ["card-bavaria"]},
         legal_includes=[{"type": "maneuver", "from": "brittany", "to": "aquitaine", "armies": 1}])
    b.do({"type": "maneuver", "from": "brittany", "to": "aquitaine", "armies": 2},
         state={"turn_flags": {"fortify_moves": 2},
                "territories": {"brittany": {"armies": 1}, "aquitaine": {"armies": 5}}})


@sc("napoleon.effects.extra-naval-maneuver.601",
    "Ukraine's card: a second naval maneuver",
    ["napoleon.effects.extra-naval-maneuver"], variant=BASIC)
def extra_naval(b: Any) -> None:
    pos(b, {"england": (0, 2), "castile": (1, 1)},
        zones={"north-sea": (0, 3), "western-europe-atlantic": (0, 1)}, phase="maneuver",
        hands={0: ["card-ukraine"]})
    b.do({"type": "maneuver", "from": "north-sea", "to": "western-europe-atlantic", "armies": 1},
         state={"zones": {"north-sea": {"ships": 2}, "western-europe-atlantic": {"ships": 2}},
                "turn_flags": {"naval_moves": 1}})
    b.do({"type": "play-card", "card": "card-ukraine"},
         state={"players": _hand(b, 0, []), "discards": ["card-ukraine"]},
         legal_includes=[{"type": "maneuver", "from": "north-sea", "to": "western-europe-atlantic",
                          "armies": 1}])
    b.do({"type": "maneuver", "from": "north-sea", "to": "western-europe-atlantic", "armies": 1},
         state={"zones": {"north-sea": {"ships": 1}, "western-europe-atlantic": {"ships": 3}},
                "turn_flags": {"naval_moves": 2}})


@sc("napoleon.effects.move-epidemic.601",
    "Lithuania's card moves the epidemic from Castile into León, which loses a regiment at once",
    ["napoleon.effects.move-epidemic", "napoleon.epidemics.card-move"], options=NO_TABLE,
    negative=True)
def move_epidemic(b: Any) -> None:
    pos(b, {**FRONT, "leon-asturias": (1, 3)}, epidemics={"castile": 1},
        hands={0: ["card-lithuania"]})
    b.reject({"type": "play-card", "card": "card-lithuania", "from": "castile", "to": "brittany"},
             "not-a-target", rule="napoleon.effects.move-epidemic",
             explain="Brittany shares no land border with Castile.")
    b.do({"type": "play-card", "card": "card-lithuania", "from": "castile", "to": "leon-asturias"},
         events=[_played(0, "card-lithuania"),
                 {"type": "epidemic-moved", "from": "castile", "to": "leon-asturias"},
                 {"type": "epidemic-card-loss", "territory": "leon-asturias", "armies": 1}],
         state={"phase": "attack", "discards": ["card-lithuania"], "players": _hand(b, 0, []),
                "territories": {"castile": {"epidemics": 0},
                                "leon-asturias": {"epidemics": 1, "armies": 2}}})


# ---------------------------------------------------------------- when cards act


@sc("napoleon.effects.ignore-fortification.671",
    "While a forced naval battle is pending no land battle can be named for a card",
    ["napoleon.effects.ignore-fortification", "napoleon.naval.forced-combat"],
    options=NO_TABLE, negative=True)
def card_waits_for_forced_battle(b: Any) -> None:
    pos(b, {"england": (0, 2), "holland": (0, 3), "belgium": (1, 2)},
        zones={"north-sea": (1, 1)}, forts={"belgium": 1}, hands={0: ["card-portugal"]},
        edit=challengers("north-sea", 2))
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
                 {"type": "zone-taken", "zone": "north-sea", "player": 0, "victim": 1}],
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


@sc("napoleon.cards.effect-icons.601",
    "A card acts only in its window: no defence card in one's own attack, no reroll outside a roll",
    ["napoleon.cards.effect-icons"], variant=BASIC, negative=True)
def icons(b: Any) -> None:
    pos(b, FRONT, hands={0: ["card-egypt", "card-galicia", "card-holland"]})
    for card in ("card-egypt", "card-galicia", "card-holland"):
        b.reject({"type": "play-card", "card": card}, "not-now", rule="napoleon.cards.effect-icons")


@sc("napoleon.cards.effect-limit.601",
    "Any number of cards may be played for their effects in one phase",
    ["napoleon.cards.effect-limit", "napoleon.effects.extra-regiments"], variant=BASIC)
def effect_limit(b: Any) -> None:
    pos(b, {"holland": (0, 1), "castile": (1, 1)}, phase="reinforce",
        hands={0: ["card-aquitaine", "card-languedoc", "card-great-russia"]},
        pending=dict(REINFORCE))
    left = ["card-aquitaine", "card-languedoc", "card-great-russia"]
    total, discards = 3, []
    for card, n in (("card-aquitaine", 2), ("card-languedoc", 2), ("card-great-russia", 3)):
        left.remove(card)
        total += n
        discards.append(card)
        b.do({"type": "play-card", "card": card},
             state={"pending": {"to_place": total}, "discards": list(discards),
                    "players": _hand(b, 0, list(left))})


@sc("napoleon.cards.use-or-trade.601",
    "A joker has no effect of its own: it can only be traded in a set",
    ["napoleon.cards.use-or-trade", "napoleon.cards.jokers"], variant=BASIC, negative=True)
def joker(b: Any) -> None:
    pos(b, {"holland": (0, 1), "castile": (1, 1)}, phase="reinforce", hands={0: ["joker-1"]},
        pending=dict(REINFORCE))
    b.reject({"type": "play-card", "card": "joker-1"}, "no-effect", rule="napoleon.cards.use-or-trade")


