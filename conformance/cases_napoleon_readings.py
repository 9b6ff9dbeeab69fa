"""Scenarios: Risk Napoléon — readings (on small purpose-built maps; see cases_napoleon).

Ships built among another player's ships and the forced naval battle, zone control, naval
battle rules, the ship supply, invading an empty territory, the card table, the basic
game's setup readings (claimed territories, random neutral placement, ships at setup) and
the regiments tie-break.  Numbers start at 101 so that they never meet another module's.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import LINE, NEUTRAL, V, _pos
from riskspec.conformance.printed import registrar

A = "napoleon-advanced"
FORCED, FIGHT = "napoleon.naval.forced-combat", "napoleon.naval.fight-to-end"
EMPTY, TABLE = "napoleon.combat.empty-territory", "napoleon.setup.card-table"
AMB_FIGHT, AMB_TABLE = "napoleon.amb.fight-to-end", "napoleon.amb.card-table"


_basic, _advanced = registrar(2, V, LINE), registrar(3, A, LINE)


def _reinforce(b: Any, land: dict, zones: dict, to_place: int, **kw: Any) -> dict:
    return _pos(b, land, zones, phase="reinforce",
                pending={"to_place": to_place, "must_trade": False, "after": "turn"}, **kw)


def _challenged(b: Any, land: dict, zones: dict, challengers: dict, **kw: Any) -> dict:
    """An attack-phase position in which the player to move has ships built among another
    player's ships: ``challengers`` zone → ships."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in zones.items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        for z, n in challengers.items():
            d["zones"][z]["challenger_ships"] = n
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


def _players(*entries: dict) -> list[dict]:
    """Expectations for the two players of the basic game, the four neutral armies after."""
    return [*entries, {}, {}, {}, {}]


BASE = {"a1": (0, 3), "a2": (0, 3), "b1": (1, 2), "b2": (1, 2), "far": (NEUTRAL, 1)}


# ---------------------------------------------------------------- forced naval combat

@_basic("napoleon.naval.forced-combat.101",
        "Ships built among another player's ships open the combat phase with a forced battle",
        [FORCED, "napoleon.units.ships", "napoleon.naval.zone-control"])
def forced_build(b):
    _reinforce(b, BASE, {"z1": (1, 1)}, 2)
    b.do({"type": "buy-ship", "zone": "z1"},
         state={"zones": {"z1": {"owner": 1, "ships": 1, "challenger_ships": 1}},
                "pending": {"to_place": 1}})
    b.do({"type": "buy-ship", "zone": "z1"},
         state={"phase": "attack", "zones": {"z1": {"owner": 1, "ships": 1,
                                                    "challenger_ships": 2}}},
         legal=[{"type": "attack", "from": "z1", "to": "z1", "dice": 1},
                {"type": "attack", "from": "z1", "to": "z1", "dice": 2}],
         explain="every challenger ship fights: two dice from two ships, none stays behind")
    b.attack("z1", "z1", 2, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([5, 2], [3], state={"phase": "attack", "zones": {"z1": {"owner": 0, "ships": 2}}})


@_basic("napoleon.naval.forced-combat.102",
        "No other attack, and no end of the combat phase, before the forced battle", [FORCED], negative=True)
def forced_first(b):
    _challenged(b, BASE, {"z1": (1, 1)}, {"z1": 1})
    b.reject({"type": "end-attack"}, "forced-combat", rule="napoleon.naval.forced-combat")
    b.reject({"type": "attack", "from": "a2", "to": "b1", "dice": 2}, "forced-combat", rule="napoleon.naval.forced-combat")
    b.reject({"type": "attack", "from": "z1", "to": "z1", "dice": 2}, "dice",
             explain="one challenger ship rolls one die", rule="napoleon.naval.forced-combat")


@_basic("napoleon.naval.forced-combat.103",
        "The builder's ships lose the forced battle: the zone stays its holder's", [FORCED, FIGHT])
def forced_lost(b):
    _challenged(b, BASE, {"z1": (1, 3)}, {"z1": 1})
    b.attack("z1", "z1", 1, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([4], [4, 1], state={"phase": "attack", "zones": {"z1": {"owner": 1, "ships": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})


@_basic("napoleon.naval.forced-combat.104", "Reading forced-only: the forced battle still goes on to the end",
        [FORCED, FIGHT, AMB_FIGHT], options={AMB_FIGHT: "forced-only"},
        description="Both readings fight the forced battle to the end; the case runs "
                    "under forced-only, where ordinary naval attacks may stop.")
def forced_to_end(b):
    _challenged(b, BASE, {"z1": (1, 3)}, {"z1": 3})
    b.attack("z1", "z1", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 1, 1], [5, 5], state={
        "phase": "battle", "pending": {"from": "z1", "to": "z1", "attacker_dice": 2,
                                       "defender_dice": 2},
        "zones": {"z1": {"owner": 1, "ships": 2, "challenger_ships": 2}}})


# ---------------------------------------------------------------- fight to the end

def _sea_battle(b: Any) -> None:
    _pos(b, {"a1": (0, 1), "a2": (0, 1), "b1": (1, 1), "b2": (1, 1), "far": (1, 1)},
         {"z2": (0, 4), "z3": (1, 3)})
    b.attack("z2", "z3", 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@_basic("napoleon.naval.fight-to-end.101",
        "Reading forced-only: an ordinary naval attack may stop after any roll", [FIGHT, AMB_FIGHT],
        reading=(AMB_FIGHT, "forced-only"))
def fight_forced_only(b):
    _sea_battle(b)
    b.roll([6], [1], state={"phase": "attack", "zones": {"z2": {"ships": 4},
                                                         "z3": {"ships": 2}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})


@_basic("napoleon.naval.fight-to-end.102", "Reading all: an ordinary naval attack goes on with the most dice",
        [FIGHT, AMB_FIGHT], reading=(AMB_FIGHT, "all"))
def fight_all(b):
    _sea_battle(b)
    b.roll([6], [1], state={"phase": "battle", "pending": {"attacker_dice": 3,
                                                           "defender_dice": 2},
                            "zones": {"z3": {"ships": 3 - 1}}})


# ---------------------------------------------------------------- battle rules and control

@_basic("napoleon.naval.battle-rules.101", "Ships enter an empty zone without a battle, one staying behind",
        ["napoleon.naval.battle-rules", "napoleon.naval.zone-control"])
def empty_zone(b):
    _pos(b, BASE, {"z2": (0, 3), "z3": (1, 1)})
    b.check(legal_includes=[{"type": "invade", "from": "z2", "to": "z1", "armies": 2}],
            legal_excludes=[{"type": "invade", "from": "z2", "to": "z1", "armies": 3},
                            {"type": "invade", "from": "z2", "to": "z3", "armies": 1}])
    b.do({"type": "invade", "from": "z2", "to": "z1", "armies": 2},
         state={"zones": {"z1": {"owner": 0, "ships": 2}, "z2": {"owner": 0, "ships": 1}},
                "turn_flags": {"land_attacked": False, "conquered": False}})


@_basic("napoleon.naval.battle-rules.102", "A zone attack and a move into an empty zone leave a ship behind",
        ["napoleon.naval.battle-rules"], negative=True)
def ship_behind(b):
    _pos(b, BASE, {"z2": (0, 2), "z3": (1, 1)})
    b.reject({"type": "invade", "from": "z2", "to": "z1", "armies": 2}, "armies", rule="napoleon.naval.battle-rules")
    b.reject({"type": "attack", "from": "z2", "to": "z3", "dice": 2}, "dice", rule="napoleon.combat.dice")


@_basic("napoleon.naval.zone-control.101",
        "Won by the forced battle, the zone completes a route held at the end of the turn",
        ["napoleon.naval.zone-control", FORCED, "napoleon.end-of-turn.draws"])
def zone_won(b):
    _challenged(b, {"a1": (0, 3), "a2": (1, 3), "b1": (1, 2), "b2": (1, 2), "far": (NEUTRAL, 1)},
                {"z1": (1, 1), "z2": (0, 1)}, {"z1": 2})
    b.attack("z1", "z1", 2, explain="one defending ship rolls one die: no choice to make",
             state={"phase": "battle"})
    b.roll([6, 6], [1], state={"zones": {"z1": {"owner": 0, "ships": 2}}, "phase": "attack",
                               "turn_flags": {"conquered": False}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="one card for the whole route z1-z2; taking a zone is no invasion")


@_basic("napoleon.naval.zone-control.102", "An empty zone is nobody's: no landing through it",
        ["napoleon.naval.zone-control", "napoleon.naval.landing"], negative=True)
def empty_zone_no_landing(b):
    _pos(b, {"a1": (0, 4), "a2": (0, 1), "b1": (1, 1), "b2": (1, 2), "far": (1, 1)},
         {"z2": (0, 1), "z3": (0, 1)})
    b.reject({"type": "attack", "from": "a1", "to": "b2", "dice": 3}, "not-adjacent", rule="napoleon.naval.landing")


# ---------------------------------------------------------------- ship supply

def _full_fleet(b: Any) -> None:
    _reinforce(b, BASE, {"z2": (0, 26)}, 2)


@_basic("napoleon.units.ships.101", "Reading capped: no 27th ship",
        ["napoleon.units.ships", "napoleon.components.tokens", "napoleon.amb.ship-supply"],
        reading=("napoleon.amb.ship-supply", "capped"), negative=True)
def ships_capped(b):
    _full_fleet(b)
    b.check(legal_excludes=[{"type": "buy-ship", "zone": "z1"}])
    b.reject({"type": "buy-ship", "zone": "z1"}, "ship-limit", rule="napoleon.units.ships")


@_basic("napoleon.units.ships.102", "Reading unlimited: a 27th ship",
        ["napoleon.units.ships", "napoleon.amb.ship-supply"],
        reading=("napoleon.amb.ship-supply", "unlimited"))
def ships_unlimited(b):
    _full_fleet(b)
    b.do({"type": "buy-ship", "zone": "z1"}, state={"zones": {"z1": {"owner": 0, "ships": 1}}})


# ---------------------------------------------------------------- empty territories

def _emptied(b: Any, **kw: Any) -> None:
    """Advanced, three players: b1 was emptied by an epidemic (held by nobody)."""
    def edit(d: dict) -> None:
        d["territories"]["b1"].update(owner=None, armies=0)
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
    b.position({"a1": (1, 1), "a2": (0, 4), "b1": (1, 1), "b2": (2, 1), "far": (2, 1)},
               edit=edit, **kw)


@_advanced("napoleon.combat.empty-territory.101",
           "An empty territory is entered without rolling, one regiment staying behind", [EMPTY])
def empty_enter(b):
    _emptied(b)
    b.check(legal_includes=[{"type": "invade", "from": "a2", "to": "b1", "armies": 3}],
            legal_excludes=[{"type": "attack", "from": "a2", "to": "b1", "dice": 1},
                            {"type": "invade", "from": "a2", "to": "b1", "armies": 4}])
    b.do({"type": "invade", "from": "a2", "to": "b1", "armies": 3},
         events=[{"type": "invaded", "player": 0, "from": "a2", "to": "b1", "armies": 3}],
         state={"territories": {"a2": {"owner": 0, "armies": 1}, "b1": {"owner": 0, "armies": 3}},
                "turn_flags": {"conquests": 1, "land_attacked": True}})


@_advanced("napoleon.combat.empty-territory.102",
           "Only an empty territory is entered without a battle, never emptied", [EMPTY], negative=True)
def empty_refused(b):
    _emptied(b)
    b.reject({"type": "invade", "from": "a2", "to": "b1", "armies": 4}, "armies", rule="napoleon.combat.empty-territory")
    b.reject({"type": "invade", "from": "b1", "to": "b2", "armies": 1}, "not-owner", rule="napoleon.combat.empty-territory")
    b.reject({"type": "invade", "from": "a2", "to": "a1", "armies": 1}, "not-empty", rule="napoleon.combat.empty-territory")
    b.reject({"type": "attack", "from": "a2", "to": "b1", "dice": 3}, "not-enemy", rule="napoleon.combat.attack-from")


def _empty_then_battle(b: Any, conquered_after_invasion: bool, left: int | None) -> None:
    """b1 entered empty (with 2 regiments), then b2 conquered from it: the end-of-turn
    draw (``left`` cards; None: no card, the next player's turn). West is nobody's whole
    empire; east (b1, b2) is player 0's after the conquest, worth the control card."""
    _emptied(b)
    b.do({"type": "invade", "from": "a2", "to": "b1", "armies": 2},
         state={"turn_flags": {"conquered": conquered_after_invasion},
                "territories": {"a2": {"armies": 2}, "b1": {"owner": 0, "armies": 2}}})
    b.attack("b1", "b2", 1, state={"phase": "battle"})
    b.roll([6], [1], state={"phase": "occupy", "territories": {"b2": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 1},
         state={"phase": "attack", "turn_flags": {"conquered": True},
                "territories": {"b1": {"armies": 1}, "b2": {"armies": 1}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"current": 0, "phase": "draw", "pending": {"left": left}}
         if left else {"current": 1, "phase": "reinforce"})


@_advanced("napoleon.combat.empty-territory.103",
           "Reading no-card: an empty territory taken earns no card, a conquest the same turn does",
           [EMPTY, "napoleon.end-of-turn.draws", "napoleon.amb.empty-territory-card"],
           reading=("napoleon.amb.empty-territory-card", "no-card"))
def empty_no_card(b):
    _empty_then_battle(b, False, 2)  # the invasion card and the control card


@_advanced("napoleon.combat.empty-territory.108",
           "Reading no-card-this-turn: entering an empty territory costs the turn's invasion card",
           [EMPTY, "napoleon.end-of-turn.draws", "napoleon.amb.empty-territory-card"],
           reading=("napoleon.amb.empty-territory-card", "no-card-this-turn"))
def empty_no_card_turn(b):
    _empty_then_battle(b, False, 1)  # the control card only


@_advanced("napoleon.combat.empty-territory.104",
           "Reading counts: an empty territory taken earns the invasion card",
           [EMPTY, "napoleon.end-of-turn.draws", "napoleon.amb.empty-territory-card"],
           reading=("napoleon.amb.empty-territory-card", "counts"))
def empty_card(b):
    _emptied(b)
    b.do({"type": "invade", "from": "a2", "to": "b1", "armies": 3},
         state={"turn_flags": {"conquered": True},
                "territories": {"a2": {"armies": 4 - 3}, "b1": {"owner": 0, "armies": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"current": 0, "phase": "draw", "pending": {"left": 1}})


@_advanced("napoleon.combat.empty-territory.105",
           "Reading keeps-owner: a territory emptied by an epidemic stays its owner's",
           [EMPTY, "napoleon.epidemics.relocate", "napoleon.amb.empty-territory-control"],
           reading=("napoleon.amb.empty-territory-control", "keeps-owner"))
def keeps_owner(b):
    _emptied_by_epidemic(b, owner_after=0)


@_advanced("napoleon.combat.empty-territory.106",
           "Reading uncontrolled: a territory emptied by an epidemic is nobody's",
           [EMPTY, "napoleon.epidemics.relocate", "napoleon.amb.empty-territory-control"],
           reading=("napoleon.amb.empty-territory-control", "uncontrolled"))
def uncontrolled(b):
    _emptied_by_epidemic(b, owner_after=None)


def _emptied_by_epidemic(b, owner_after: int | None) -> None:
    """a2's last regiment dies of the epidemic phase: who holds the empty territory."""
    def edit(d: dict) -> None:
        d["territories"]["a2"]["epidemics"] = 1
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
    b.position({"a1": (1, 4), "a2": (0, 1), "b1": (0, 2), "b2": (2, 1), "far": (2, 1)},
               edit=edit, phase="maneuver")
    b.do({"type": "end-turn"}, explain="the epidemic token leaves a2 to be moved on",
         state={"phase": "epidemics",
                "territories": {"a2": {"owner": owner_after, "armies": 0, "epidemics": 0}}})


@_advanced("napoleon.combat.empty-territory.107",
           "Invading a territory its owner kept empty takes it (and can eliminate the owner)",
           [EMPTY, "napoleon.combat.elimination"],
           options={"napoleon.amb.empty-territory-control": "keeps-owner"})
def keeps_owner_invaded(b):
    def edit(d: dict) -> None:
        d["territories"]["far"]["armies"] = 0
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
    _pos(b, {"a1": (0, 2), "a2": (0, 1), "b1": (1, 1), "b2": (0, 3), "far": (2, 0)},
         {"z3": (0, 1), "z4": (0, 1)})
    b.do({"type": "invade", "from": "b2", "to": "far", "armies": 2},
         events=[{"type": "invaded", "to": "far"}, {"type": "eliminated", "player": 2, "by": 0}],
         state={"territories": {"far": {"owner": 0, "armies": 2}, "b2": {"armies": 3 - 2}},
                "players": [{}, {}, {"eliminated": True}]})


# ---------------------------------------------------------------- the card table

def _player_2_starts(b: Any, then: dict, **kw: Any) -> None:
    """Setup done: the roll for the first turn is due, and player 2 wins it: ``then``."""
    b.position({"a1": (0, 2), "a2": (0, 2), "b1": (1, 2), "b2": (1, 2), "far": (NEUTRAL, 1)},
               phase="first-player", pending={"for": "turn"}, turn=0,
               edit=lambda d: d["turn_flags"].update(land_attacked=False, naval_moves=0))
    b.do({"type": "first-player", "player": 1}, state=then, **kw)


@_basic("napoleon.setup.card-table.101",
        "Reading by-seat: before the first turn each player draws their seat's row", [TABLE, AMB_TABLE],
        reading=(AMB_TABLE, "by-seat"))
def table_by_seat(b):
    _player_2_starts(b, {"phase": "card-table", "current": 1,
                         "pending": {"seat": 1, "left": 2, "after": "setup"}},
                     outcomes=[{"outcome": {"type": "draw", "card": c}, "p": "1/6"}
                               for c in ("c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x")])
    b.do({"type": "draw", "card": "c-a1"}, state={"players": _players({}, {"cards": ["c-a1"]})})
    b.do({"type": "draw", "card": "c-far"},
         state={"pending": {"seat": 0, "left": 3, "after": "setup"}, "current": 0,
                "players": _players({"cards": []}, {"cards": ["c-a1", "c-far"]})})
    drawn: list[str] = []
    for c in ("c-a2", "c-b1", "c-x"):
        drawn.append(c)
        b.do({"type": "draw", "card": c}, state={
            "players": _players({"cards": list(drawn)}, {}),
            **({"phase": "reinforce", "current": 1, "turn": 1} if len(drawn) == 3 else {})})
    b.check(state={"phase": "reinforce", "current": 1, "turn": 1,
                   "players": _players({"cards": ["c-a2", "c-b1", "c-x"]},
                                       {"cards": ["c-a1", "c-far"]})})


@_basic("napoleon.setup.card-table.102",
        "Reading by-player-count: every player draws the row of the number of players", [TABLE, AMB_TABLE],
        reading=(AMB_TABLE, "by-player-count"))
def table_by_count(b):
    _player_2_starts(b, {"phase": "card-table", "current": 1, "pending": {"seat": 1, "left": 3, "after": "setup"}})
    for n, c in enumerate(("c-a1", "c-a2", "c-b1"), start=1):
        b.do({"type": "draw", "card": c}, state={"players": _players({}, {"cards": n}),
                                                 **({"current": 0} if n == 3 else {})})
    b.check(state={"phase": "card-table", "pending": {"seat": 0, "left": 3, "after": "setup"}})


@_basic("napoleon.setup.card-table.103", "Reading ignore: nobody draws before the first turn",
        [TABLE, AMB_TABLE], reading=(AMB_TABLE, "ignore"))
def table_ignore(b):
    _player_2_starts(b, {"phase": "reinforce", "current": 1, "turn": 1,
                         "players": _players({"cards": []}, {"cards": []})})


@_basic("napoleon.setup.card-table.104",
        "Reading by-round: the third game turn starts with four cards for each player", [TABLE, AMB_TABLE],
        reading=(AMB_TABLE, "by-round"))
def table_by_round(b):
    _pos(b, {"a1": (0, 2), "a2": (1, 2), "b1": (1, 2), "b2": (0, 2), "far": (NEUTRAL, 1)},
         phase="maneuver", current=1, turn=2)
    b.do({"type": "end-turn"}, state={"phase": "card-table", "current": 0, "turn": 3,
                                      "pending": {"seat": 0, "left": 4, "after": "turn"}})
    for n, c in enumerate(("c-a1", "c-a2", "c-b1", "c-b2"), start=1):
        b.do({"type": "draw", "card": c}, state={"players": _players({"cards": n}, {}),
                                                 **({"phase": "reinforce"} if n == 4 else {})})
    b.check(state={"phase": "reinforce", "current": 0,
                   "players": _players({"cards": ["c-a1", "c-a2", "c-b1", "c-b2"]},
                                       {"cards": []})})


@_advanced("napoleon.setup.card-table.105",
           "Advanced Rules: the first player's first turn starts with the first row's 2 cards", [TABLE])
def table_advanced(b):
    b.position({"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (0, 2), "far": (1, 1)},
               phase="first-player", pending={"for": "turn"}, turn=0,
               edit=lambda d: d["turn_flags"].update(land_attacked=False, naval_moves=0))
    b.do({"type": "first-player", "player": 2},
         state={"phase": "card-table", "current": 2, "turn": 1,
                "pending": {"seat": 2, "left": 2, "after": "turn"}})
    b.do({"type": "draw", "card": "c-a1"}, state={"players": [{}, {}, {"cards": ["c-a1"]}]})
    b.do({"type": "draw", "card": "c-a2"},
         state={"phase": "reinforce", "current": 2,
                "players": [{"cards": []}, {"cards": []}, {"cards": ["c-a1", "c-a2"]}]})


@_advanced("napoleon.setup.card-table.106",
           "Advanced Rules: in the third game turn each player starts their turn with 4 cards "
           "(the text's example)", [TABLE])
def table_advanced_third(b):
    b.position({"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (0, 2), "far": (1, 1)},
               phase="maneuver", current=2, turn=2,
               edit=lambda d: d["turn_flags"].update(land_attacked=False, naval_moves=0))
    b.do({"type": "end-turn"}, state={"phase": "card-table", "current": 0, "turn": 3,
                                      "pending": {"seat": 0, "left": 4, "after": "turn"}})
    drawn: list[str] = []
    for c in ("c-a1", "c-b1", "c-far", "c-x"):
        drawn.append(c)
        b.do({"type": "draw", "card": c},
             state={"players": [{"cards": list(drawn)}, {}, {}],
                    **({"phase": "reinforce"} if len(drawn) == 4 else {})})
    b.check(state={"phase": "reinforce", "current": 0})


# ---------------------------------------------------------------- basic setup readings

def _setup(b: Any, land: dict, reserves: list[int], **kw: Any) -> None:
    def edit(d: dict) -> None:
        for seat, r in enumerate(reserves):
            d["players"][seat]["reserve"] = r
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
        for t, (seat, n) in land.items():
            d["territories"][t] = {"owner": seat, "armies": n}
    b.position({}, edit=edit, turn=0, **kw)


SETUP_LAND = {"a1": (0, 3), "a2": (0, 3), "b1": (1, 2), "b2": (NEUTRAL, 1), "far": (NEUTRAL, 1)}
PLACEMENT = "napoleon.amb.basic-neutral-placement"


@_basic("napoleon.basic.placement.101",
        "Reading random: each neutral regiment lands on a random territory of its army",
        ["napoleon.basic.placement", PLACEMENT], reading=(PLACEMENT, "random"))
def neutral_random(b):
    _setup(b, SETUP_LAND, [0, 1, 2, 0, 0, 0], phase="setup-place", current=1,
           pending={"seat": 1, "left": 1})
    b.do({"type": "place", "territory": "b1"},
         explain="the next share to place is the neutral army's, on player 0's turn: placed at random",
         state={"phase": "random-place", "current": 0, "pending": {"seat": 2, "left": 2},
                "territories": {"b1": {"armies": 3}}, "players": _players({}, {"reserve": 0})},
         outcomes=[{"outcome": {"type": "random-placement", "territory": t}, "p": "1/2"}
                   for t in ("b2", "far")])
    b.reject({"type": "place-neutral", "territory": "b2"}, "chance-node", rule="napoleon.basic.turn")
    b.do({"type": "random-placement", "territory": "b2"},
         state={"territories": {"b2": {"armies": 2}}, "players": [{}, {}, {"reserve": 1}, {}, {}, {}]})
    b.do({"type": "random-placement", "territory": "b2"},
         state={"phase": "first-player", "pending": {"for": "turn"}, "players": [{}, {}, {"reserve": 0}, {}, {}, {}],
                "territories": {"b2": {"armies": 3}, "far": {"armies": 1}}})


@_basic("napoleon.basic.placement.102", "Reading players-alternate: a player places the neutral army's share",
        ["napoleon.basic.placement", PLACEMENT], reading=(PLACEMENT, "players-alternate"))
def neutral_by_players(b):
    _setup(b, SETUP_LAND, [0, 1, 2, 0, 0, 0], phase="setup-place", current=1,
           pending={"seat": 1, "left": 1})
    b.do({"type": "place", "territory": "b1"},
         state={"phase": "setup-place", "current": 0, "pending": {"seat": 2, "left": 2},
                "territories": {"b1": {"armies": 3}}, "players": _players({}, {"reserve": 0})},
         legal=[{"type": "place-neutral", "territory": "b2"},
                {"type": "place-neutral", "territory": "far"}])


DIST = "napoleon.amb.basic-distribution"


@_basic("napoleon.basic.deal.101", "Reading claim: only the neutral armies' territories are dealt",
        ["napoleon.basic.deal", DIST], reading=(DIST, "claim"))
def claim_deal(b):
    b.check(state={"phase": "deal", "pending": {"next": NEUTRAL}},
            outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": "1/5"}
                      for t in ("a1", "a2", "b1", "b2", "far")])


@_basic("napoleon.basic.deal.102",
        "Reading deal: the players' territories are dealt too, the first player first",
        ["napoleon.basic.deal", DIST], reading=(DIST, "deal"))
def deal_deal(b):
    b.check(state={"phase": "deal", "pending": {"next": 0}})


@_basic("napoleon.basic.deal.103", "Reading claim: the players then claim the rest in turn",
        ["napoleon.basic.deal", "napoleon.setup.claim", DIST], options={DIST: "claim"})
def claim_rest(b):
    land = {"a1": (None, 0), "a2": (None, 0), "b1": (None, 0), "b2": (NEUTRAL, 1),
            "far": (NEUTRAL + 1, 1)}
    _setup(b, land, [3, 3, 1, 1, 0, 0], phase="claim", current=1)
    b.reject({"type": "claim", "territory": "b2"}, "occupied", rule="napoleon.setup.claim")
    b.do({"type": "claim", "territory": "a1"}, state={"current": 0, "territories": {"a1": {"owner": 1, "armies": 1}},
                                                      "players": _players({}, {"reserve": 2})})
    b.do({"type": "claim", "territory": "b1"}, state={"current": 1, "territories": {"b1": {"owner": 0, "armies": 1}},
                                                      "players": _players({"reserve": 2}, {})})
    b.do({"type": "claim", "territory": "a2"},
         state={"phase": "setup-place", "current": 0, "pending": {"seat": NEUTRAL, "left": 1},
                "territories": {"a2": {"owner": 1, "armies": 1}}, "players": _players({}, {"reserve": 1})},
         explain="the rounds go on after the last claimer: the first neutral army, placed "
                 "by the first player")


ZONES = "napoleon.amb.zones-at-start"


@_basic("napoleon.setup.claim.101", "Reading ships-in-setup: a starting regiment spent on a ship",
        ["napoleon.setup.claim", ZONES], reading=(ZONES, "ships-in-setup"))
def setup_ship(b):
    _setup(b, SETUP_LAND, [3, 3, 2, 0, 0, 0], phase="setup-place", current=0,
           pending={"seat": 0, "left": 3})
    b.check(legal_includes=[{"type": "buy-ship", "zone": "z1"}],
            legal_excludes=[{"type": "buy-ship", "zone": "z3"}])
    b.do({"type": "buy-ship", "zone": "z1"},
         state={"zones": {"z1": {"owner": 0, "ships": 1}}, "pending": {"left": 2},
                "players": _players({"reserve": 2}, {"reserve": 3})})


@_basic("napoleon.setup.claim.102", "Reading empty: no ship during setup", ["napoleon.setup.claim", ZONES],
        reading=(ZONES, "empty"), negative=True)
def setup_no_ship(b):
    _setup(b, SETUP_LAND, [3, 3, 2, 0, 0, 0], phase="setup-place", current=0,
           pending={"seat": 0, "left": 3})
    b.reject({"type": "buy-ship", "zone": "z1"}, "no-setup-ships", rule="napoleon.setup.claim")


# ---------------------------------------------------------------- the regiments tie-break

TIE = "napoleon.amb.tie-break"


def _last_turn_end(b: Any, *, b2: int, ships_for_1: int) -> None:
    """The end of the fifth game turn (player 2 plays last); players 0 and 1 tie on victory
    points; player 0 has 5 regiments, player 1 has 1 + ``b2`` and ``ships_for_1`` ships."""
    def edit(d: dict) -> None:
        for p, vp in zip(d["players"], (2, 2, 0)):
            p["vp"] = vp
        if ships_for_1:
            d["zones"]["z3"] = {"owner": 1, "ships": ships_for_1}
        d["turn_flags"].update(land_attacked=False, naval_moves=0)
    b.position({"a1": (0, 4), "a2": (2, 1), "b1": (1, 1), "b2": (1, b2), "far": (0, 1)},
               edit=edit, phase="maneuver", current=2, turn=5)


@_advanced("napoleon.scoring.tie-break.101",
           "Reading all-units: ships count at their price in the regiments tie-break",
           ["napoleon.scoring.tie-break", TIE], reading=(TIE, "all-units"))
def tie_all_units(b):
    _last_turn_end(b, b2=3, ships_for_1=2)
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 1})


@_advanced("napoleon.scoring.tie-break.102", "Reading board-regiments: only regiments on the board count",
           ["napoleon.scoring.tie-break", TIE], reading=(TIE, "board-regiments"))
def tie_board(b):
    _last_turn_end(b, b2=3, ships_for_1=2)
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 0})


@_advanced("napoleon.scoring.tie-break.103", "A tie after every tie-break is a shared victory",
           ["napoleon.scoring.tie-break", "napoleon.scoring.winner"])
def tie_shared(b):
    _last_turn_end(b, b2=4, ships_for_1=0)
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 0, "co_winners": [0, 1]})
