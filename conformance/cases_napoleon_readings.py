"""Scenarios: Risk Napoléon — readings, on the printed Europe board (see :mod:`printed`).

Ships built among another player's ships and the forced naval battle, zone control, naval
battle rules, the ship supply (France and Spain on the Atlantic and the Western
Mediterranean), invading an empty territory (Tripolitania emptied beside Egypt), the card
table, the basic game's setup readings (claimed territories, random neutral placement,
ships at setup) and the regiments tie-break.  Numbers start at 101 so that they never meet
another module's.  The helpers :func:`_challenged`, :func:`_players` and :func:`_setup`
serve the small-board cases of other modules.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import NEUTRAL, V
from riskspec.conformance.lineboard import invade
from riskspec.conformance.printed import attack, challengers, get_board, pos, registrar
from riskspec.conformance.printed import reserves as set_reserves

A = "napoleon-advanced"
FORCED, FIGHT = "napoleon.naval.forced-combat", "napoleon.naval.fight-to-end"
EMPTY, TABLE = "napoleon.combat.empty-territory", "napoleon.setup.card-table"
AMB_FIGHT, AMB_TABLE = "napoleon.amb.fight-to-end", "napoleon.amb.card-table"


def _printed(players: int, variant: str) -> Any:
    """The registering shorthand of this module's printed-board cases (a reading brings its
    option), written over the printed positions' usual background (see printed.pos)."""
    register = registrar(players, variant)

    def reg(id: str, title: str, covers: list[str], **kw: Any) -> Any:
        kw.setdefault("background", (2, 1))
        return register(id, title, covers, **kw)
    return reg


_basic, _advanced = _printed(2, V), _printed(3, A)

WMED, ATLANTIC = "western-mediterranean", "western-europe-atlantic"
ADRIATIC = "mediterranean-adriatic"
#: France (player 1) on the Atlantic and the Western Mediterranean, Spain (player 2) beside it
PBASE = {"aquitaine": (0, 3), "languedoc": (0, 3), "castile": (1, 2), "catalonia": (1, 2)}
#: the printed deck, in deck order
DECK = [c.id for c in get_board().cards]


def _preinforce(b: Any, zones: dict, to_place: int, **kw: Any) -> dict:
    """A printed-board reinforcement phase over PBASE with ``to_place`` regiments left."""
    return pos(b, PBASE, zones=zones, phase="reinforce",
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


# ---------------------------------------------------------------- forced naval combat

@_basic("napoleon.naval.forced-combat.101",
        "Ships built among another player's ships open the combat phase with a forced battle",
        [FORCED, "napoleon.units.ships", "napoleon.naval.zone-control"])
def forced_build(b):
    _preinforce(b, {WMED: (1, 1)}, 2)
    b.do({"type": "buy-ship", "zone": WMED},
         explain="France builds from Languedoc in the Western Mediterranean, where one Spanish ship is",
         state={"zones": {WMED: {"owner": 1, "ships": 1, "challenger_ships": 1}},
                "pending": {"to_place": 1}})
    b.do({"type": "buy-ship", "zone": WMED},
         state={"phase": "attack", "zones": {WMED: {"owner": 1, "ships": 1,
                                                    "challenger_ships": 2}}},
         legal=[attack(WMED, WMED, 1), attack(WMED, WMED, 2)],
         explain="every challenger ship fights: two dice from two ships, none stays behind")
    b.attack(WMED, WMED, 2, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([5, 2], [3], state={"phase": "attack", "zones": {WMED: {"owner": 0, "ships": 2}}})


@_basic("napoleon.naval.forced-combat.102",
        "No other attack, and no end of the combat phase, before the forced battle", [FORCED],
        negative=True)
def forced_first(b):
    pos(b, PBASE, zones={WMED: (1, 1)}, edit=challengers(WMED, 1))
    b.reject({"type": "end-attack"}, "forced-combat", rule="napoleon.naval.forced-combat")
    b.reject(attack("aquitaine", "castile", 2), "forced-combat", rule="napoleon.naval.forced-combat")
    b.reject(attack(WMED, WMED, 2), "dice",
             explain="one challenger ship rolls one die", rule="napoleon.naval.forced-combat")


@_basic("napoleon.naval.forced-combat.103",
        "The builder's ships lose the forced battle: the zone stays its holder's", [FORCED, FIGHT])
def forced_lost(b):
    pos(b, PBASE, zones={WMED: (1, 3)}, edit=challengers(WMED, 1))
    b.attack(WMED, WMED, 1, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([4], [4, 1], state={"phase": "attack", "zones": {WMED: {"owner": 1, "ships": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})


@_basic("napoleon.naval.forced-combat.104",
        "Reading forced-only: the forced battle still goes on to the end",
        [FORCED, FIGHT, AMB_FIGHT], options={AMB_FIGHT: "forced-only"},
        description="Both readings fight the forced battle to the end; the case runs "
                    "under forced-only, where ordinary naval attacks may stop.")
def forced_to_end(b):
    pos(b, PBASE, zones={WMED: (1, 3)}, edit=challengers(WMED, 3))
    b.attack(WMED, WMED, 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 1, 1], [5, 5], state={
        "phase": "battle", "pending": {"from": WMED, "to": WMED, "attacker_dice": 2,
                                       "defender_dice": 2},
        "zones": {WMED: {"owner": 1, "ships": 2, "challenger_ships": 2}}})


# ---------------------------------------------------------------- fight to the end

def _sea_battle(b: Any) -> None:
    """Four French ships in the Western Mediterranean attack three Spanish ships in the
    Mediterranean/Adriatic with one die; one die defends."""
    pos(b, {"aquitaine": (0, 1), "languedoc": (0, 1), "castile": (1, 1), "catalonia": (1, 1)},
        zones={WMED: (0, 4), ADRIATIC: (1, 3)})
    b.attack(WMED, ADRIATIC, 1, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})


@_basic("napoleon.naval.fight-to-end.101",
        "Reading forced-only: an ordinary naval attack may stop after any roll", [FIGHT, AMB_FIGHT],
        reading=(AMB_FIGHT, "forced-only"))
def fight_forced_only(b):
    _sea_battle(b)
    b.roll([6], [1], state={"phase": "attack", "zones": {WMED: {"ships": 4},
                                                         ADRIATIC: {"ships": 2}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})


@_basic("napoleon.naval.fight-to-end.102",
        "Reading all: an ordinary naval attack goes on with the most dice",
        [FIGHT, AMB_FIGHT], reading=(AMB_FIGHT, "all"))
def fight_all(b):
    _sea_battle(b)
    b.roll([6], [1], state={"phase": "battle", "pending": {"attacker_dice": 3,
                                                           "defender_dice": 2},
                            "zones": {ADRIATIC: {"ships": 3 - 1}}})


# ---------------------------------------------------------------- battle rules and control

@_basic("napoleon.naval.battle-rules.101",
        "Ships enter an empty zone without a battle, one staying behind",
        ["napoleon.naval.battle-rules", "napoleon.naval.zone-control"])
def empty_zone(b):
    pos(b, PBASE, zones={WMED: (0, 3), ADRIATIC: (1, 1)})
    b.check(legal_includes=[invade(WMED, ATLANTIC, 2)],
            legal_excludes=[invade(WMED, ATLANTIC, 3), invade(WMED, ADRIATIC, 1)],
            explain="the Atlantic is empty: entered without a battle; the Mediterranean/Adriatic "
                    "holds a Spanish ship: only an attack goes there")
    b.do(invade(WMED, ATLANTIC, 2),
         state={"zones": {ATLANTIC: {"owner": 0, "ships": 2}, WMED: {"owner": 0, "ships": 1}},
                "turn_flags": {"land_attacked": False, "conquered": False}})


@_basic("napoleon.naval.battle-rules.102",
        "A zone attack and a move into an empty zone leave a ship behind",
        ["napoleon.naval.battle-rules"], negative=True)
def ship_behind(b):
    pos(b, PBASE, zones={WMED: (0, 2), ADRIATIC: (1, 1)})
    b.reject(invade(WMED, ATLANTIC, 2), "armies", rule="napoleon.naval.battle-rules")
    b.reject(attack(WMED, ADRIATIC, 2), "dice", rule="napoleon.combat.dice")


@_basic("napoleon.naval.zone-control.101",
        "Won by the forced battle, the zone completes a route held at the end of the turn",
        ["napoleon.naval.zone-control", FORCED, "napoleon.end-of-turn.draws"])
def zone_won(b):
    pos(b, PBASE, zones={ATLANTIC: (1, 1), "north-sea": (0, 1), "baltic-sea": (0, 1)},
        edit=challengers(ATLANTIC, 2))
    b.attack(ATLANTIC, ATLANTIC, 2, explain="one defending ship rolls one die: no choice to make",
             state={"phase": "battle"})
    b.roll([6, 6], [1], state={"zones": {ATLANTIC: {"owner": 0, "ships": 2}}, "phase": "attack",
                               "turn_flags": {"conquered": False}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}},
         explain="one card for the whole Route to the Americas (Atlantic, North Sea, Baltic "
                 "Sea); taking a zone is no invasion, and Aquitaine and Languedoc are no whole empire")


@_basic("napoleon.naval.zone-control.102", "An empty zone is nobody's: no landing through it",
        ["napoleon.naval.zone-control", "napoleon.naval.landing"], negative=True)
def empty_zone_no_landing(b):
    pos(b, {"andalusia": (0, 4), "egypt": (1, 2), "syria": (1, 1)},
        zones={ADRIATIC: (0, 1), "eastern-mediterranean": (0, 1)})
    b.reject(attack("andalusia", "egypt", 3), "not-adjacent", rule="napoleon.naval.landing",
             explain="the Western Mediterranean, between Andalusia and the Mediterranean/Adriatic, "
                     "is empty: nobody's, so the chain of zones is broken")


# ---------------------------------------------------------------- ship supply

def _full_fleet(b: Any) -> None:
    """France has all 26 ships in the Atlantic; Languedoc touches the Western Mediterranean."""
    _preinforce(b, {ATLANTIC: (0, 26)}, 2)


@_basic("napoleon.units.ships.101", "Reading capped: no 27th ship",
        ["napoleon.units.ships", "napoleon.components.tokens", "napoleon.amb.ship-supply"],
        reading=("napoleon.amb.ship-supply", "capped"), negative=True)
def ships_capped(b):
    _full_fleet(b)
    b.check(legal_excludes=[{"type": "buy-ship", "zone": WMED}])
    b.reject({"type": "buy-ship", "zone": WMED}, "ship-limit", rule="napoleon.units.ships")


@_basic("napoleon.units.ships.102", "Reading unlimited: a 27th ship",
        ["napoleon.units.ships", "napoleon.amb.ship-supply"],
        reading=("napoleon.amb.ship-supply", "unlimited"))
def ships_unlimited(b):
    _full_fleet(b)
    b.do({"type": "buy-ship", "zone": WMED}, state={"zones": {WMED: {"owner": 0, "ships": 1}}})


# ---------------------------------------------------------------- empty territories

def _emptied(b: Any, **kw: Any) -> None:
    """Advanced, three players: Tripolitania was emptied by an epidemic (held by nobody);
    player 1 has 4 regiments in Egypt, player 2 one in Syria, player 3 the rest (Maghreb
    among it), one regiment each."""
    pos(b, {"egypt": (0, 4), "syria": (1, 1), "tripolitania": (None, 0)}, **kw)


@_advanced("napoleon.combat.empty-territory.101",
           "An empty territory is entered without rolling, one regiment staying behind", [EMPTY])
def empty_enter(b):
    _emptied(b)
    b.check(legal_includes=[invade("egypt", "tripolitania", 3)],
            legal_excludes=[attack("egypt", "tripolitania", 1), invade("egypt", "tripolitania", 4)])
    b.do(invade("egypt", "tripolitania", 3),
         events=[{"type": "invaded", "player": 0, "from": "egypt", "to": "tripolitania", "armies": 3}],
         state={"territories": {"egypt": {"owner": 0, "armies": 1},
                                "tripolitania": {"owner": 0, "armies": 3}},
                "turn_flags": {"conquests": 1, "land_attacked": True}})


@_advanced("napoleon.combat.empty-territory.102",
           "Only an empty territory is entered without a battle, never emptied", [EMPTY],
           negative=True)
def empty_refused(b):
    _emptied(b)
    b.reject(invade("egypt", "tripolitania", 4), "armies", rule="napoleon.combat.empty-territory")
    b.reject(invade("tripolitania", "maghreb", 1), "not-owner", rule="napoleon.combat.empty-territory")
    b.reject(invade("egypt", "syria", 1), "not-empty", rule="napoleon.combat.empty-territory")
    b.reject(attack("egypt", "tripolitania", 3), "not-enemy", rule="napoleon.combat.attack-from")


def _empty_then_battle(b: Any, conquered_after_invasion: bool, left: int | None) -> None:
    """Tripolitania entered empty (with 2 regiments), then Maghreb conquered from it: the
    end-of-turn draw (``left`` cards; None: no card, the next player's turn). North Africa
    (Egypt, Tripolitania, Maghreb) is player 1's after the conquest, worth the control card."""
    _emptied(b)
    b.do(invade("egypt", "tripolitania", 2),
         state={"turn_flags": {"conquered": conquered_after_invasion},
                "territories": {"egypt": {"armies": 2}, "tripolitania": {"owner": 0, "armies": 2}}})
    b.attack("tripolitania", "maghreb", 1, state={"phase": "battle"})
    b.roll([6], [1], state={"phase": "occupy", "territories": {"maghreb": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 1},
         state={"phase": "attack", "turn_flags": {"conquered": True},
                "territories": {"tripolitania": {"armies": 1}, "maghreb": {"armies": 1}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"current": 0, "phase": "draw", "pending": {"left": left}}
         if left else {"current": 1, "phase": "reinforce"})


@_advanced("napoleon.combat.empty-territory.103",
           "Reading no-card: an empty territory taken earns no card, a conquest the same turn does",
           [EMPTY, "napoleon.end-of-turn.draws", "napoleon.amb.empty-territory-card"],
           reading=("napoleon.amb.empty-territory-card", "no-card"))
def empty_no_card(b):
    _empty_then_battle(b, False, 2)  # the invasion card (Maghreb) and the control card


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
    b.do(invade("egypt", "tripolitania", 3),
         state={"turn_flags": {"conquered": True},
                "territories": {"egypt": {"armies": 4 - 3}, "tripolitania": {"owner": 0, "armies": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.do({"type": "end-turn"}, state={"current": 0, "phase": "draw", "pending": {"left": 1}},
         explain="the invasion card only: Maghreb is player 3's, so North Africa is not whole")


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
    """Egypt's last regiment dies of the epidemic phase: who holds the empty territory."""
    pos(b, {"syria": (1, 4), "egypt": (0, 1), "tripolitania": (0, 2)}, epidemics={"egypt": 1},
        phase="maneuver")
    b.do({"type": "end-turn"}, explain="the epidemic token leaves Egypt to be moved on",
         state={"phase": "epidemics",
                "territories": {"egypt": {"owner": owner_after, "armies": 0, "epidemics": 0}}})


@_advanced("napoleon.combat.empty-territory.107",
           "Invading a territory its owner kept empty takes it (and can eliminate the owner)",
           [EMPTY, "napoleon.combat.elimination"],
           options={"napoleon.amb.empty-territory-control": "keeps-owner"}, background=(0, 1))
def keeps_owner_invaded(b):
    pos(b, {"england": (0, 3), "castile": (1, 1), "ireland": (2, 0)}, rest=0,
        zones={ATLANTIC: (0, 1)})
    b.do(invade("england", "ireland", 2),
         explain="Ireland, player 3's last territory, kept empty: entered across the Atlantic, "
                 "which player 1 controls (a naval landing)",
         events=[{"type": "invaded", "to": "ireland"}, {"type": "eliminated", "player": 2, "by": 0}],
         state={"territories": {"ireland": {"owner": 0, "armies": 2}, "england": {"armies": 3 - 2}},
                "players": [{}, {}, {"eliminated": True}]})


# ---------------------------------------------------------------- the card table

#: player 1 (France) and player 2 (England) before the first turn; the neutral armies hold the rest
TABLE_LAND = {"ile-de-france": (0, 2), "aquitaine": (0, 2), "england": (1, 2), "scotland": (1, 2)}


def _player_2_starts(b: Any, then: dict, **kw: Any) -> None:
    """Setup done: the roll for the first turn is due, and player 2 wins it: ``then``."""
    pos(b, TABLE_LAND, phase="first-player", pending={"for": "turn"}, turn=0)
    b.do({"type": "first-player", "player": 1}, state=then, **kw)


@_basic("napoleon.setup.card-table.101",
        "Reading by-seat: before the first turn each player draws their seat's row",
        [TABLE, AMB_TABLE], reading=(AMB_TABLE, "by-seat"))
def table_by_seat(b):
    _player_2_starts(b, {"phase": "card-table", "current": 1,
                         "pending": {"seat": 1, "left": 2, "after": "setup"}},
                     outcomes=[{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(DECK)}"}
                               for c in DECK],
                     explain="player 2 is first in the turn order: the first row, 2 cards, each "
                             "of the 50 (48 territories and 2 jokers) equally likely")
    b.do({"type": "draw", "card": "card-castile"},
         state={"players": _players({}, {"cards": ["card-castile"]})})
    b.do({"type": "draw", "card": "card-england"},
         state={"pending": {"seat": 0, "left": 3, "after": "setup"}, "current": 0,
                "players": _players({"cards": []}, {"cards": ["card-castile", "card-england"]})})
    drawn: list[str] = []
    for c in ("card-ile-de-france", "card-aquitaine", "joker-1"):
        drawn.append(c)
        b.do({"type": "draw", "card": c}, state={
            "players": _players({"cards": list(drawn)}, {}),
            **({"phase": "reinforce", "current": 1, "turn": 1} if len(drawn) == 3 else {})})
    b.check(state={"phase": "reinforce", "current": 1, "turn": 1,
                   "players": _players({"cards": ["card-ile-de-france", "card-aquitaine", "joker-1"]},
                                       {"cards": ["card-castile", "card-england"]})})


@_basic("napoleon.setup.card-table.102",
        "Reading by-player-count: every player draws the row of the number of players",
        [TABLE, AMB_TABLE], reading=(AMB_TABLE, "by-player-count"))
def table_by_count(b):
    _player_2_starts(b, {"phase": "card-table", "current": 1,
                         "pending": {"seat": 1, "left": 3, "after": "setup"}})
    for n, c in enumerate(("card-castile", "card-portugal", "card-england"), start=1):
        b.do({"type": "draw", "card": c}, state={"players": _players({}, {"cards": n}),
                                                 **({"current": 0} if n == 3 else {})})
    b.check(state={"phase": "card-table", "pending": {"seat": 0, "left": 3, "after": "setup"}})


@_basic("napoleon.setup.card-table.103", "Reading ignore: nobody draws before the first turn",
        [TABLE, AMB_TABLE], reading=(AMB_TABLE, "ignore"))
def table_ignore(b):
    _player_2_starts(b, {"phase": "reinforce", "current": 1, "turn": 1,
                         "players": _players({"cards": []}, {"cards": []})})


@_basic("napoleon.setup.card-table.104",
        "Reading by-round: the third game turn starts with four cards for each player",
        [TABLE, AMB_TABLE], reading=(AMB_TABLE, "by-round"))
def table_by_round(b):
    pos(b, TABLE_LAND, phase="maneuver", current=1, turn=2)
    b.do({"type": "end-turn"}, state={"phase": "card-table", "current": 0, "turn": 3,
                                      "pending": {"seat": 0, "left": 4, "after": "turn"}},
         explain="player 2 invaded nothing and holds no whole empire or route: no card; "
                 "player 1 opens the third game turn with the third row")
    hand = ("card-ile-de-france", "card-aquitaine", "card-england", "card-scotland")
    for n, c in enumerate(hand, start=1):
        b.do({"type": "draw", "card": c}, state={"players": _players({"cards": n}, {}),
                                                 **({"phase": "reinforce"} if n == 4 else {})})
    b.check(state={"phase": "reinforce", "current": 0,
                   "players": _players({"cards": list(hand)}, {"cards": []})})


#: the Advanced game's three players: France, player 2 the rest of the board, Spain
ADV_TABLE_LAND = {"ile-de-france": (0, 2), "aquitaine": (0, 2), "castile": (2, 2),
                  "portugal": (2, 2)}


@_advanced("napoleon.setup.card-table.105",
           "Advanced Rules: the first player's first turn starts with the first row's 2 cards",
           [TABLE], background=(1, 1))
def table_advanced(b):
    pos(b, ADV_TABLE_LAND, rest=1, phase="first-player", pending={"for": "turn"}, turn=0)
    b.do({"type": "first-player", "player": 2},
         state={"phase": "card-table", "current": 2, "turn": 1,
                "pending": {"seat": 2, "left": 2, "after": "turn"}})
    b.do({"type": "draw", "card": "card-castile"},
         state={"players": [{}, {}, {"cards": ["card-castile"]}]})
    b.do({"type": "draw", "card": "card-portugal"},
         explain="Castile and Portugal are no whole empire: player 3 scores no point",
         state={"phase": "reinforce", "current": 2,
                "players": [{"cards": []}, {"cards": []},
                            {"cards": ["card-castile", "card-portugal"]}]})


@_advanced("napoleon.setup.card-table.106",
           "Advanced Rules: in the third game turn each player starts their turn with 4 cards "
           "(the text's example)", [TABLE], background=(1, 1))
def table_advanced_third(b):
    pos(b, ADV_TABLE_LAND, rest=1, phase="maneuver", current=2, turn=2)
    b.do({"type": "end-turn"}, state={"phase": "card-table", "current": 0, "turn": 3,
                                      "pending": {"seat": 0, "left": 4, "after": "turn"}},
         explain="player 3 invaded nothing and holds no whole empire or route: no card")
    drawn: list[str] = []
    for c in ("card-ile-de-france", "card-aquitaine", "card-castile", "joker-1"):
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


def _psetup(b: Any, land: dict, seat_reserves: list[int], unclaimed: tuple[str, ...] = (),
            **kw: Any) -> None:
    """A printed-board setup position (game turn 0): ``land`` as :func:`printed.pos` takes
    it, the fourth neutral army (seat 3) holding the rest, one regiment each; the
    ``unclaimed`` territories held by nobody (written after the position has counted both
    players in)."""
    def edit(d: dict) -> None:
        set_reserves(*seat_reserves)(d)
        for t in unclaimed:
            d["territories"][t].update(owner=None, armies=0)
    held = {t: (i % 2, 0) for i, t in enumerate(unclaimed)}
    pos(b, {**held, **land}, rest=NEUTRAL + 1, edit=edit, turn=0, **kw)


#: France (player 1), Castile (player 2), Portugal and Leon-Asturias the first neutral army's
SETUP_LAND = {"ile-de-france": (0, 3), "aquitaine": (0, 3), "castile": (1, 2),
              "portugal": (NEUTRAL, 1), "leon-asturias": (NEUTRAL, 1)}
PLACEMENT = "napoleon.amb.basic-neutral-placement"


@_basic("napoleon.basic.placement.101",
        "Reading random: each neutral regiment lands on a random territory of its army",
        ["napoleon.basic.placement", PLACEMENT], reading=(PLACEMENT, "random"),
        background=(NEUTRAL + 1, 1))
def neutral_random(b):
    _psetup(b, SETUP_LAND, [0, 1, 2, 0, 0, 0], phase="setup-place", current=1,
            pending={"seat": 1, "left": 1})
    b.do({"type": "place", "territory": "castile"},
         explain="the next share to place is the neutral army's, on player 1's turn: placed at "
                 "random on one of its two territories",
         state={"phase": "random-place", "current": 0, "pending": {"seat": 2, "left": 2},
                "territories": {"castile": {"armies": 3}}, "players": _players({}, {"reserve": 0})},
         outcomes=[{"outcome": {"type": "random-placement", "territory": t}, "p": "1/2"}
                   for t in ("portugal", "leon-asturias")])
    b.reject({"type": "place-neutral", "territory": "portugal"}, "chance-node",
             rule="napoleon.basic.turn")
    b.do({"type": "random-placement", "territory": "portugal"},
         state={"territories": {"portugal": {"armies": 2}},
                "players": [{}, {}, {"reserve": 1}, {}, {}, {}]})
    b.do({"type": "random-placement", "territory": "portugal"},
         state={"phase": "first-player", "pending": {"for": "turn"},
                "players": [{}, {}, {"reserve": 0}, {}, {}, {}],
                "territories": {"portugal": {"armies": 3}, "leon-asturias": {"armies": 1}}})


@_basic("napoleon.basic.placement.102",
        "Reading players-alternate: a player places the neutral army's share",
        ["napoleon.basic.placement", PLACEMENT], reading=(PLACEMENT, "players-alternate"),
        background=(NEUTRAL + 1, 1))
def neutral_by_players(b):
    _psetup(b, SETUP_LAND, [0, 1, 2, 0, 0, 0], phase="setup-place", current=1,
            pending={"seat": 1, "left": 1})
    b.do({"type": "place", "territory": "castile"},
         state={"phase": "setup-place", "current": 0, "pending": {"seat": 2, "left": 2},
                "territories": {"castile": {"armies": 3}}, "players": _players({}, {"reserve": 0})},
         legal=[{"type": "place-neutral", "territory": "portugal"},
                {"type": "place-neutral", "territory": "leon-asturias"}])


DIST = "napoleon.amb.basic-distribution"


@_basic("napoleon.basic.deal.101", "Reading claim: only the neutral armies' territories are dealt",
        ["napoleon.basic.deal", DIST], reading=(DIST, "claim"))
def claim_deal(b):
    board = get_board().territory_ids
    b.check(state={"phase": "deal", "pending": {"next": NEUTRAL}},
            outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": f"1/{len(board)}"}
                      for t in board],
            explain="the first card goes to the first neutral army: any of the 48 territories")


@_basic("napoleon.basic.deal.102",
        "Reading deal: the players' territories are dealt too, the first player first",
        ["napoleon.basic.deal", DIST], reading=(DIST, "deal"))
def deal_deal(b):
    b.check(state={"phase": "deal", "pending": {"next": 0}})


@_basic("napoleon.basic.deal.103", "Reading claim: the players then claim the rest in turn",
        ["napoleon.basic.deal", "napoleon.setup.claim", DIST], options={DIST: "claim"},
        background=(NEUTRAL + 1, 1))
def claim_rest(b):
    _psetup(b, {"holland": (NEUTRAL, 1)}, [3, 3, 1, 1, 0, 0],
            unclaimed=("ile-de-france", "lorraine", "belgium"), phase="claim", current=1)
    b.reject({"type": "claim", "territory": "holland"}, "occupied", rule="napoleon.setup.claim")
    b.do({"type": "claim", "territory": "ile-de-france"},
         state={"current": 0, "territories": {"ile-de-france": {"owner": 1, "armies": 1}},
                "players": _players({}, {"reserve": 2})})
    b.do({"type": "claim", "territory": "belgium"},
         state={"current": 1, "territories": {"belgium": {"owner": 0, "armies": 1}},
                "players": _players({"reserve": 2}, {})})
    b.do({"type": "claim", "territory": "lorraine"},
         state={"phase": "setup-place", "current": 0, "pending": {"seat": NEUTRAL, "left": 1},
                "territories": {"lorraine": {"owner": 1, "armies": 1}},
                "players": _players({}, {"reserve": 1})},
         explain="the rounds go on after the last claimer: the first neutral army, placed "
                 "by the first player")


ZONES = "napoleon.amb.zones-at-start"


@_basic("napoleon.setup.claim.101", "Reading ships-in-setup: a starting regiment spent on a ship",
        ["napoleon.setup.claim", ZONES], reading=(ZONES, "ships-in-setup"),
        background=(NEUTRAL + 1, 1))
def setup_ship(b):
    _psetup(b, SETUP_LAND, [3, 3, 2, 0, 0, 0], phase="setup-place", current=0,
            pending={"seat": 0, "left": 3})
    b.check(legal_includes=[{"type": "buy-ship", "zone": ATLANTIC}],
            legal_excludes=[{"type": "buy-ship", "zone": "north-sea"}],
            explain="Aquitaine touches the Atlantic; no territory of player 1 touches the North Sea")
    b.do({"type": "buy-ship", "zone": ATLANTIC},
         state={"zones": {ATLANTIC: {"owner": 0, "ships": 1}}, "pending": {"left": 2},
                "players": _players({"reserve": 2}, {"reserve": 3})})


@_basic("napoleon.setup.claim.102", "Reading empty: no ship during setup",
        ["napoleon.setup.claim", ZONES], reading=(ZONES, "empty"), negative=True,
        background=(NEUTRAL + 1, 1))
def setup_no_ship(b):
    _psetup(b, SETUP_LAND, [3, 3, 2, 0, 0, 0], phase="setup-place", current=0,
            pending={"seat": 0, "left": 3})
    b.reject({"type": "buy-ship", "zone": ATLANTIC}, "no-setup-ships", rule="napoleon.setup.claim")


# ---------------------------------------------------------------- the regiments tie-break

TIE = "napoleon.amb.tie-break"


def _last_turn_end(b: Any, *, scotland: int, ships_for_1: int) -> None:
    """The end of the fifth game turn: player 2 opened the turns, so player 1 plays last;
    players 1 and 2 tie on 20 victory points, player 3 (the rest of the board) has 14 from
    its territories.  Player 1 has 5 regiments (Ile de France 4, Brittany 1): 2 territories
    score no point at the end of its last turn (napoleon.scoring.territories, one point per 3)
    and earn no card.  Player 2 has 1 in England + ``scotland`` and ``ships_for_1`` ships in
    the North Sea."""
    pos(b, {"ile-de-france": (0, 4), "brittany": (0, 1), "england": (1, 1),
            "scotland": (1, scotland)},
        zones={"north-sea": (1, ships_for_1)} if ships_for_1 else None,
        vp={0: 20, 1: 20, 2: 14}, phase="maneuver", current=0, first_player=1, turn=5)


@_advanced("napoleon.scoring.tie-break.101",
           "Reading all-units: ships count at their price in the regiments tie-break",
           ["napoleon.scoring.tie-break", TIE], reading=(TIE, "all-units"))
def tie_all_units(b):
    _last_turn_end(b, scotland=3, ships_for_1=2)
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 1},
         explain="player 2: 4 regiments and 2 ships at 1 regiment each, 6 against 5")


@_advanced("napoleon.scoring.tie-break.102",
           "Reading board-regiments: only regiments on the board count",
           ["napoleon.scoring.tie-break", TIE], reading=(TIE, "board-regiments"))
def tie_board(b):
    _last_turn_end(b, scotland=3, ships_for_1=2)
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 0},
         explain="player 1's 5 regiments against player 2's 4; the ships do not count")


@_advanced("napoleon.scoring.tie-break.103", "A tie after every tie-break is a shared victory",
           ["napoleon.scoring.tie-break", "napoleon.scoring.winner"])
def tie_shared(b):
    _last_turn_end(b, scotland=4, ships_for_1=0)
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 0, "co_winners": [0, 1]},
         explain="5 regiments each and no mission completed: players 1 and 2 share the victory")
