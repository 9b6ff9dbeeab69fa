"""Scenarios: Risk Napoléon — territory-card effects and epidemics, on the printed Europe
board (``spec/napoleon/map.yaml``) but for two cases on a small purpose-built map.

The cards are the map file's own (``cards``): e.g. Syria's card raises the highest attack
die, Galicia's rerolls, Catalonia's builds two free ships, Lithuania's moves an epidemic.
A card is held by a player who does not hold its territory, unless a case is about the 2
regiments a held territory receives.  Most battles are fought across the Pyrenees: player
1 (seat 0) in Aquitaine and Brittany, player 2 (seat 1) in Castile and León; every
territory a position does not name is the background seat's (seat 2: a neutral army in the
basic game, the third player in the Advanced game), with one regiment.

The two cases left inline (each says why in ``map_why``) play on cases_napoleon's LINE
board (a1–a2–b1–b2 in a row, ``far`` alone) with the effect cards of :data:`REIN`
(``c-x`` is a joker); :data:`REIN`, :func:`_pos`, :func:`_reinforce` and
:func:`_setup_epidemics_pos` also serve other modules' inline cases.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import line
from riskspec.conformance.printed import get_board, pos, registrar, seat_fields, seats
from riskspec.conformance.scenario import scenario
from riskspec.reference.napoleon.inline import card_effect as fx

B, A = "napoleon-basic", "napoleon-advanced"
NEUTRAL = 2


def _map(effects: dict[str, dict]) -> dict:
    """The LINE board of cases_napoleon, every territory card with its effect."""
    return line(effects=effects)


#: reinforcement and special effects (the inline cases' board)
REIN = _map({"a1": fx("extra-regiments", 2), "a2": fx("extra-regiments", 4, in_set_bonus=4),
             "b1": fx("free-ships", 2), "b2": fx("free-fortification", 1),
             "far": fx("move-epidemic")})


EP_ELIM = "napoleon.amb.epidemic-elimination"


SUPPLY = "napoleon.amb.ship-supply"

#: the inline cases' registering shorthand: the Advanced game with three players
_adv_rein = registrar(3, A, REIN)
#: the same on the printed board (no inline map; every territory not named is seat 2's)
_printed_basic, _printed_adv = registrar(2, B), registrar(3, A)


def _basic(*a: Any, **kw: Any) -> Any:
    return _printed_basic(*a, background=(2, 1), **kw)


def _adv(*a: Any, **kw: Any) -> Any:
    return _printed_adv(*a, background=(2, 1), **kw)


def _at(b: Any, land: dict, **kw: Any) -> dict:
    """A printed-board position (:func:`printed.pos`) in game turn 1 unless ``turn`` says
    otherwise, as these cases were on their small board (``pos`` would put a position with
    hands in turn 3)."""
    kw.setdefault("turn", 1)
    return pos(b, land, **kw)


def _pile(*out: str) -> list[str]:
    """The printed deck in deck order, but for ``out`` (the cards in hands or discards)."""
    return [str(c.id) for c in get_board().cards if c.id not in out]


def _in_deck(*cards: str) -> list[str]:
    """``cards`` in deck order (as discards are listed)."""
    order = [str(c.id) for c in get_board().cards]
    return sorted(cards, key=order.index)


def _hand(b: Any, seat: int, cards: Any) -> list[dict]:
    """A ``players`` expectation: ``seat`` holds ``cards`` (a list, or a count)."""
    return seat_fields(b, **{f"p{seat}": {"cards": cards}})


def _pos(b: Any, land: dict, zones: dict | None = None, leaders: dict | None = None,
         epidemics: dict | None = None, **kw: Any) -> dict:
    """``zones`` zone → (seat, ships); ``leaders`` territory → (generals, fortifications);
    ``epidemics`` territory → markers (Advanced Rules)."""
    def edit(d: dict) -> None:
        for z, (seat, ships) in (zones or {}).items():
            d["zones"][z] = {"owner": seat, "ships": ships}
        if b.sc.variant == A:
            for t in d["territories"]:
                d["territories"][t].setdefault("generals", 0)
                d["territories"][t].setdefault("fortifications", 0)
                d["territories"][t].setdefault("epidemics", 0)
            for t, (g, f) in (leaders or {}).items():
                d["territories"][t]["generals"], d["territories"][t]["fortifications"] = g, f
            for t, n in (epidemics or {}).items():
                d["territories"][t]["epidemics"] = n
        d["turn_flags"].setdefault("land_attacked", False)
        d["turn_flags"].setdefault("naval_moves", 0)
    kw.setdefault("phase", "attack")
    return b.position(land, edit=edit, **kw)


def _reinforce(to_place: int = 3) -> dict:
    return {"to_place": to_place, "must_trade": False, "after": "turn"}


# ---------------------------------------------------------------- reinforcement effects
# Aquitaine's and Castile's cards give 2 regiments, Ile de France's 4 (and 4 in a set),
# Catalonia's 2 free ships, East Prussia's a free fortification, Lithuania's moves an epidemic.

@_basic("napoleon.effects.extra-regiments.001",
        "A card played for extra regiments adds them, and 2 on its territory when held",
        ["napoleon.effects.extra-regiments", "napoleon.cards.use-or-trade",
         "napoleon.cards.effect-territory-bonus"])
def extra_regiments(b):
    _at(b, {"aquitaine": (0, 1), "brittany": (0, 1), "castile": (1, 1), "leon-asturias": (1, 1)},
        phase="reinforce", hands={0: ["card-aquitaine"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "card-aquitaine"},
         explain="Aquitaine's card: 2 regiments more; Aquitaine is player 1's, 2 more on it",
         state={"pending": {"to_place": 3 + 2}, "territories": {"aquitaine": {"armies": 1 + 2}},
                "discards": ["card-aquitaine"], "players": _hand(b, 0, 0)},
         events=[{"type": "card-played", "player": 0, "card": "card-aquitaine",
                  "effect": "extra-regiments"},
                 {"type": "territory-bonus", "territory": "aquitaine", "armies": 2}])


@_basic("napoleon.cards.effect-territory-bonus.001",
        "Reading effect-too: a card played for its effect gives 2 on its territory",
        ["napoleon.cards.effect-territory-bonus"],
        reading=("napoleon.amb.effect-territory-bonus", "effect-too"))
def bonus_effect_too(b):
    _at(b, {"ile-de-france": (0, 1), "castile": (1, 1)},
        phase="reinforce", hands={0: ["card-ile-de-france"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "card-ile-de-france"},
         explain="Ile de France's card: 4 regiments more, and 2 on Ile de France, player 1's",
         state={"pending": {"to_place": 3 + 4}, "territories": {"ile-de-france": {"armies": 1 + 2}},
                "players": _hand(b, 0, 0)})


@_basic("napoleon.cards.effect-territory-bonus.002",
        "Reading trade-only: a card played for its effect gives no territory bonus",
        ["napoleon.cards.effect-territory-bonus"],
        reading=("napoleon.amb.effect-territory-bonus", "trade-only"))
def bonus_trade_only(b):
    _at(b, {"ile-de-france": (0, 1), "castile": (1, 1)},
        phase="reinforce", hands={0: ["card-ile-de-france"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "card-ile-de-france"},
         explain="4 regiments more; none on Ile de France though player 1 holds it",
         state={"pending": {"to_place": 3 + 4}, "territories": {"ile-de-france": {"armies": 1}},
                "players": _hand(b, 0, 0)})


#: player 1 holds Ireland (on the Western Europe Atlantic) and Norway (on the North Sea)
_SHORES = {"ireland": (0, 1), "norway": (0, 1), "castile": (1, 1), "leon-asturias": (1, 1)}
_WEA, _NS = "western-europe-atlantic", "north-sea"


@_basic("napoleon.effects.free-ships.001",
        "Free ships: built at no cost in zones touching one's territories",
        ["napoleon.effects.free-ships"])
def free_ships(b):
    _at(b, _SHORES, phase="reinforce", hands={0: ["card-catalonia"]}, pending=_reinforce())
    b.check(legal_includes=[{"type": "play-card", "card": "card-catalonia", "zones": [_WEA, _WEA]},
                            {"type": "play-card", "card": "card-catalonia", "zones": [_WEA, _NS]},
                            {"type": "play-card", "card": "card-catalonia", "zones": [_NS, _NS]}],
            legal_excludes=[{"type": "play-card", "card": "card-catalonia",
                             "zones": ["baltic-sea", "baltic-sea"]},
                            {"type": "play-card", "card": "card-catalonia"}],
            explain="Ireland touches the Western Europe Atlantic, Norway the North Sea; the "
                    "Baltic Sea touches neither")
    b.do({"type": "play-card", "card": "card-catalonia", "zones": [_WEA, _NS]},
         state={"pending": {"to_place": 3}, "zones": {_WEA: {"owner": 0, "ships": 1},
                                                      _NS: {"owner": 0, "ships": 1}},
                "players": _hand(b, 0, 0)})


@_basic("napoleon.effects.free-ships.002",
        "Free ships cannot go in a zone that touches none of one's territories",
        ["napoleon.effects.free-ships"], negative=True)
def free_ships_far(b):
    _at(b, _SHORES, phase="reinforce", hands={0: ["card-catalonia"]}, pending=_reinforce())
    b.reject({"type": "play-card", "card": "card-catalonia", "zones": ["baltic-sea", "baltic-sea"]},
             "not-coastal", rule="napoleon.effects.free-ships",
             explain="the Baltic Sea touches neither Ireland nor Norway")
    b.reject({"type": "play-card", "card": "card-catalonia"}, "targets",
             rule="napoleon.effects.free-ships")


@_adv("napoleon.effects.free-fortification.001",
      "A free fortification on one's own territory, reinforcements untouched",
      ["napoleon.effects.free-fortification"])
def free_fort(b):
    _at(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 1)},
        phase="reinforce", hands={0: ["card-east-prussia"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "card-east-prussia", "territory": "aquitaine"},
         state={"pending": {"to_place": 3}, "territories": {"aquitaine": {"fortifications": 1}},
                "players": _hand(b, 0, 0)})


@_adv("napoleon.effects.free-fortification.002",
      "A free fortification keeps the usual limits: not where an epidemic is",
      ["napoleon.effects.free-fortification"], negative=True)
def free_fort_epidemic(b):
    _at(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 1)},
        epidemics={"aquitaine": 1}, phase="reinforce", hands={0: ["card-east-prussia"]},
        pending=_reinforce())
    b.reject({"type": "play-card", "card": "card-east-prussia", "territory": "aquitaine"},
             "epidemic", rule="napoleon.effects.free-fortification")
    b.reject({"type": "play-card", "card": "card-east-prussia", "territory": "castile"},
             "not-owner", rule="napoleon.effects.free-fortification")


#: an epidemic in Castile (player 2's); Aquitaine (player 1's) and León (player 3's) border
#: it, Brittany (player 2's) does not
_CASTILE_SICK = {"aquitaine": (0, 3), "castile": (1, 3), "leon-asturias": (2, 3),
                 "brittany": (1, 1)}


@_adv("napoleon.effects.move-epidemic.001",
      "A card moves an epidemic to a neighbouring territory, where it strikes at once",
      ["napoleon.effects.move-epidemic", "napoleon.epidemics.card-move"])
def move_epidemic(b):
    _at(b, _CASTILE_SICK, epidemics={"castile": 1}, hands={0: ["card-lithuania"]})
    move = {"type": "play-card", "card": "card-lithuania", "from": "castile"}
    b.check(legal_includes=[{**move, "to": "aquitaine"}, {**move, "to": "leon-asturias"}],
            legal_excludes=[{**move, "to": "brittany"}])
    b.do({**move, "to": "leon-asturias"},
         state={"phase": "attack", "territories": {"castile": {"epidemics": 0, "armies": 3},
                                                   "leon-asturias": {"epidemics": 1, "armies": 2}},
                "players": _hand(b, 0, 0)},
         events=[{"type": "card-played", "player": 0, "card": "card-lithuania",
                  "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "castile", "to": "leon-asturias"},
                 {"type": "epidemic-card-loss", "territory": "leon-asturias", "armies": 1}])


@_adv("napoleon.effects.move-epidemic.002",
      "An epidemic moves only to a territory next to the one it is in",
      ["napoleon.effects.move-epidemic"], negative=True)
def move_epidemic_far(b):
    _at(b, _CASTILE_SICK, epidemics={"castile": 1}, hands={0: ["card-lithuania"]})
    b.reject({"type": "play-card", "card": "card-lithuania", "from": "castile", "to": "brittany"},
             "not-a-target", rule="napoleon.effects.move-epidemic",
             explain="Brittany shares no land border with Castile")
    b.reject({"type": "play-card", "card": "card-lithuania", "from": "aquitaine", "to": "castile"},
             "not-a-target", rule="napoleon.effects.move-epidemic",
             explain="Aquitaine has no epidemic to move")


@_adv("napoleon.epidemics.card-move.001",
      "An epidemic moved by a card that takes the last regiment moves on by a card drawn",
      ["napoleon.epidemics.card-move", "napoleon.effects.move-epidemic"])
def card_move_relocate(b):
    _at(b, {"aquitaine": (0, 3), "castile": (1, 3), "leon-asturias": (2, 1), "portugal": (2, 2),
            "brittany": (1, 1)},
        epidemics={"castile": 1}, phase="maneuver", hands={0: ["card-lithuania"]})
    b.do({"type": "play-card", "card": "card-lithuania", "from": "castile", "to": "leon-asturias"},
         state={"phase": "epidemic-move", "discards": ["card-lithuania"],
                "players": _hand(b, 0, 0), "territories": {
                    "leon-asturias": {"owner": None, "armies": 0, "epidemics": 0},
                    "castile": {"epidemics": 0}}},
         outcomes=_draws(tuple(_pile("card-lithuania"))))
    # León has no regiment left: its card is discarded and another drawn
    b.do({"type": "draw", "card": "card-leon-asturias"},
         state={"phase": "epidemic-move",
                "discards": _in_deck("card-leon-asturias", "card-lithuania")},
         outcomes=_draws(tuple(_pile("card-lithuania", "card-leon-asturias"))))
    b.do({"type": "draw", "card": "card-portugal"},
         state={"phase": "maneuver", "pending": {},
                "discards": _in_deck("card-leon-asturias", "card-portugal", "card-lithuania"),
                "draw_pile": _pile("card-lithuania", "card-leon-asturias", "card-portugal"),
                "territories": {"portugal": {"epidemics": 1, "armies": 2}}})


# ---------------------------------------------------------------- dice effects


@_basic("napoleon.effects.free-ships.501",
        "Each ship a free-ships card builds is reported as a free one", ["napoleon.effects.free-ships"])
def free_ship_events(b: Any) -> None:
    _at(b, _SHORES, phase="reinforce", turn=3, hands={0: ["card-catalonia"]}, pending=_reinforce())
    b.do({"type": "play-card", "card": "card-catalonia", "zones": [_WEA, _NS]},
         state={"zones": {_WEA: {"owner": 0, "ships": 1}, _NS: {"owner": 0, "ships": 1}},
                "players": seats(6, p0={"cards": 0})},
         events=[{"type": "card-played", "player": 0, "card": "card-catalonia",
                  "effect": "free-ships"},
                 {"type": "ship-built", "player": 0, "zone": _WEA, "free": True},
                 {"type": "ship-built", "player": 0, "zone": _NS, "free": True}])


def _fleet(b: Any, ships: int) -> None:
    # player 1's fleet: the Western Mediterranean and the Baltic Sea, away from its coasts
    # (Ireland, Norway), hold ``ships`` in all
    _at(b, _SHORES, zones={"western-mediterranean": (0, ships - 10), "baltic-sea": (0, 10)},
        phase="reinforce", turn=3, hands={0: ["card-catalonia"]}, pending=_reinforce())


@_basic("napoleon.effects.free-ships.502",
        "Reading capped: one ship short of the 26, a two-ship card builds one",
        ["napoleon.effects.free-ships", "napoleon.units.ships"], reading=(SUPPLY, "capped"))
def free_ships_room(b: Any) -> None:
    _fleet(b, 25)
    one = [{"type": "play-card", "card": "card-catalonia", "zones": [z]} for z in (_WEA, _NS)]
    two = [{"type": "play-card", "card": "card-catalonia", "zones": z}
           for z in ([_WEA, _WEA], [_WEA, _NS], [_NS, _NS])]
    b.check(legal_includes=one, legal_excludes=two)
    b.reject(two[1], "ship-limit", rule="napoleon.effects.free-ships")
    b.do(one[1], state={"zones": {_NS: {"owner": 0, "ships": 1}},
                        "players": seats(6, p0={"cards": 0})})


@_basic("napoleon.effects.free-ships.503",
        "Reading capped: with all 26 ships on the board a free-ships card can do nothing",
        ["napoleon.effects.free-ships", "napoleon.units.ships"], reading=(SUPPLY, "capped"),
        negative=True)
def free_ships_full(b: Any) -> None:
    _fleet(b, 26)
    plays = [{"type": "play-card", "card": "card-catalonia", "zones": z}
             for z in ([], [_WEA], [_NS], [_WEA, _NS])]
    b.check(legal_excludes=plays, explain="no play of the card at all, not even one naming no zone")
    b.reject(plays[1], "ship-limit", rule="napoleon.effects.free-ships")


@_basic("napoleon.effects.extra-regiments.501",
        "Reading none (no ships): the extra regiments still come; a naval maneuver card does nothing",
        ["napoleon.effects.extra-regiments", "napoleon.effects.extra-naval-maneuver",
         "napoleon.basic.pieces"], options={"napoleon.amb.basic-pieces": "none"}, negative=True)
def no_ships(b: Any) -> None:
    _at(b, {"aquitaine": (0, 3), "brittany": (0, 3), "castile": (1, 1), "leon-asturias": (1, 1)},
        phase="reinforce", turn=3, hands={0: ["card-castile", "card-ukraine"]},
        pending=_reinforce(1))
    b.do({"type": "play-card", "card": "card-castile"},
         state={"pending": {"to_place": 1 + 2}, "players": seats(6, p0={"cards": 1})},
         explain="Castile is player 2's: no territory bonus")
    b.do({"type": "place", "territory": "aquitaine"},
         state={"territories": {"aquitaine": {"armies": 4}}})
    b.do({"type": "place", "territory": "aquitaine"},
         state={"territories": {"aquitaine": {"armies": 5}}})
    b.do({"type": "place", "territory": "aquitaine"},
         state={"phase": "attack", "territories": {"aquitaine": {"armies": 6}}})
    b.do({"type": "end-attack"}, state={"phase": "maneuver"},
         legal_excludes=[{"type": "play-card", "card": "card-ukraine"}],
         explain="Ukraine's card gives a naval maneuver, and there are no ships")
    b.reject({"type": "play-card", "card": "card-ukraine"}, "no-use",
             rule="napoleon.effects.extra-naval-maneuver")


#: the Kingdom of Prussia, player 1's
_PRUSSIA = ("pomerania-brandenburg-silesia", "east-prussia", "duchy-of-warsaw")


@_adv("napoleon.effects.free-fortification.501",
      "Reading three: a free fortification needs no regiments to pay, on any territory of one's own",
      ["napoleon.effects.free-fortification", "napoleon.units.fortifications",
       "napoleon.cards.effect-territory-bonus"], options={"napoleon.amb.fortification-cost": "three"})
def free_fort_anywhere(b: Any) -> None:
    _at(b, {**{t: (0, 2) for t in _PRUSSIA}, "castile": (1, 1)}, phase="reinforce",
        hands={0: ["card-east-prussia"]}, pending=_reinforce(2))
    plays = [{"type": "play-card", "card": "card-east-prussia", "territory": t} for t in _PRUSSIA]
    b.check(legal_includes=plays,
            explain="player 1 holds the three territories of Prussia, none fortified: each may "
                    "take it, though the 2 regiments left could not buy one (3)")
    b.do(plays[2], explain="the card shows East Prussia, player 1's: 2 regiments there",
         state={"pending": {"to_place": 2}, "players": seats(3, p0={"cards": 0}),
                "territories": {"duchy-of-warsaw": {"fortifications": 1},
                                "east-prussia": {"armies": 2 + 2}}})


def _dice(b: Any, castile: int = 2, aquitaine: int = 4, hands: dict | None = None,
          **kw: Any) -> dict:
    """Across the Pyrenees: player 1 (seat 0) in Aquitaine and Brittany, player 2 in Castile
    and León; the background seat holds the rest."""
    return _at(b, {"leon-asturias": (1, 1), "castile": (1, castile), "aquitaine": (0, aquitaine),
                   "brittany": (0, 1)}, hands=hands, **kw)


# Syria's card raises the highest attack die, Provence's adds an attack die, Egypt's raises
# the highest defence die, England's adds a defence die, Galicia's and Wallachia's reroll.

@_basic("napoleon.effects.attack-die-bonus.001",
        "An attack die bonus adds 1 to the highest die of the next attack roll",
        ["napoleon.effects.attack-die-bonus"])
def attack_die_bonus(b):
    _dice(b, hands={0: ["card-syria"]})
    b.do({"type": "play-card", "card": "card-syria"},
         state={"players": _hand(b, 0, 0), "turn_flags": {"effects": [
             {"kind": "attack-die-bonus", "player": 0, "card": "card-syria", "amount": 1}]}})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([5, 2, 1], [5, 3],
           explain="Syria's card makes the attacker's 5 a 6, which beats Castile's 5; the 2 "
                   "loses to the 3: one regiment lost on each side.",
           events=[{"type": "battle", "attacker_dice": [6, 2, 1], "defender_dice": [5, 3],
                    "attacker_losses": 1, "defender_losses": 1}],
           state={"phase": "attack",
                  "territories": {"castile": {"armies": 1}, "aquitaine": {"armies": 3}}})
    # the bonus is spent with the roll, and the card with it
    b.check(legal_excludes=[{"type": "play-card", "card": "card-syria"}],
            state={"phase": "attack", "players": seat_fields(b, p0={"cards": []},
                                                              p1={"cards": []})})


@_basic("napoleon.effects.attack-extra-die.001",
        "An extra attack die: four dice from a territory holding five regiments",
        ["napoleon.effects.attack-extra-die"])
def attack_extra_die(b):
    _dice(b, aquitaine=5, hands={0: ["card-provence"]})
    b.check(legal_excludes=[{"type": "attack", "from": "aquitaine", "to": "castile", "dice": 4}])
    b.do({"type": "play-card", "card": "card-provence"}, state={"players": _hand(b, 0, 0)},
         legal_includes=[{"type": "attack", "from": "aquitaine", "to": "castile", "dice": 4}])
    b.attack("aquitaine", "castile", 4, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 6, 1, 1], [5, 5], state={"phase": "occupy", "pending": {"min": 4},
                                        "territories": {"castile": {"owner": 0, "armies": 0}}})


@_basic("napoleon.effects.attack-extra-die.002", "The extra die still needs one more regiment than dice",
        ["napoleon.effects.attack-extra-die"], negative=True)
def attack_extra_die_short(b):
    _dice(b, aquitaine=4, hands={0: ["card-provence"]})
    b.do({"type": "play-card", "card": "card-provence"}, state={"players": _hand(b, 0, 0)})
    b.reject({"type": "attack", "from": "aquitaine", "to": "castile", "dice": 4}, "dice",
             rule="napoleon.combat.dice")


@_basic("napoleon.effects.defence-die-bonus.001",
        "A defence die bonus, played by the defender before the roll",
        ["napoleon.effects.defence-die-bonus"])
def defence_die_bonus(b):
    _dice(b, castile=1, hands={1: ["card-egypt"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "pending": {"chooser": 1}},
             legal=[{"type": "play-card", "card": "card-egypt"}, {"type": "defend", "dice": 1}])
    b.do({"type": "play-card", "card": "card-egypt"},
         state={"phase": "defend", "players": _hand(b, 1, 0)})
    b.defend(1, state={"phase": "battle"})
    # 5+1 ties the attacker's 6: the tie goes to the defender
    b.roll([6, 2, 1], [5], state={"phase": "attack", "territories": {
        "castile": {"owner": 1, "armies": 1}, "aquitaine": {"armies": 3}}})


@_basic("napoleon.effects.defence-extra-die.001",
        "An extra defence die: three dice from a territory holding three regiments",
        ["napoleon.effects.defence-extra-die"])
def defence_extra_die(b):
    _dice(b, castile=3, hands={1: ["card-england"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"},
             legal_excludes=[{"type": "defend", "dice": 3}])
    b.do({"type": "play-card", "card": "card-england"}, state={"players": _hand(b, 1, 0)},
         legal_includes=[{"type": "defend", "dice": 3}])
    b.defend(3, state={"phase": "battle", "pending": {"defender_dice": 3}})
    b.roll([6, 6, 6], [1, 1, 1], state={"phase": "occupy", "territories": {
        "castile": {"owner": 0, "armies": 0}}})


@_basic("napoleon.cards.effect-icons.001",
        "A card acts only in its window: no defence card in one's own attack, no reroll "
        "outside a roll", ["napoleon.cards.effect-icons"], negative=True)
def icons(b):
    _dice(b, hands={0: ["card-egypt", "card-galicia"]})
    b.reject({"type": "play-card", "card": "card-egypt"}, "not-now",
             rule="napoleon.cards.effect-icons",
             explain="Egypt's card raises a defence die: it has no use in its holder's own attack.")
    b.reject({"type": "play-card", "card": "card-galicia"}, "not-now",
             rule="napoleon.cards.effect-icons",
             explain="Galicia's card rerolls dice: with no roll made there is nothing to reroll.")


@_basic("napoleon.effects.reroll.001",
        "The attacker plays a reroll card after the roll: their dice are thrown again",
        ["napoleon.effects.reroll"])
def reroll_attacker(b):
    _dice(b, hands={0: ["card-galicia"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [5, 4], state={"phase": "reroll", "pending": {
        "chooser": 0, "attacker": [1, 1, 1], "defender": [5, 4]}},
        legal=[{"type": "play-card", "card": "card-galicia"}, {"type": "keep-roll"}])
    b.do({"type": "play-card", "card": "card-galicia"},
         state={"phase": "reroll-dice", "players": _hand(b, 0, 0)})
    b.do({"type": "reroll", "dice": [6, 5, 1]},
         state={"phase": "occupy", "territories": {"castile": {"owner": 0, "armies": 0}}},
         events=[{"type": "rerolled", "player": 0, "dice": [6, 5, 1]},
                 {"type": "battle", "from": "aquitaine", "to": "castile", "attacker_losses": 0,
                  "defender_losses": 2}])


@_basic("napoleon.effects.reroll.002",
        "The defender may reroll after the attacker keeps the roll; kept dice are compared",
        ["napoleon.effects.reroll"])
def reroll_defender(b):
    _dice(b, hands={1: ["card-galicia"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 5, 1], [2, 1], state={"phase": "reroll", "pending": {"chooser": 1}})
    b.do({"type": "keep-roll"}, state={"phase": "occupy", "territories": {
        "castile": {"owner": 0, "armies": 0}}})


@_basic("napoleon.effects.reroll.003", "A reroll throws as many dice as the side rolled",
        ["napoleon.effects.reroll"], negative=True)
def reroll_count(b):
    _dice(b, hands={1: ["card-galicia"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 5, 1], [2, 1], explain="the defender holds a reroll card: a window to play it",
           state={"phase": "reroll"})
    b.do({"type": "play-card", "card": "card-galicia"},
         state={"phase": "reroll-dice", "players": _hand(b, 1, 0)})
    b.reject({"type": "reroll", "dice": [6, 6, 6]}, "dice", rule="napoleon.effects.reroll")


# ---------------------------------------------------------------- battle and maneuver effects


@_basic("napoleon.effects.reroll.501",
        "Both sides hold a reroll card: once the attacker keeps the roll, the defender may reroll",
        ["napoleon.effects.reroll"])
def reroll_both(b: Any) -> None:
    _dice(b, turn=3, hands={0: ["card-galicia"], 1: ["card-wallachia"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [5, 4], state={"phase": "reroll", "pending": {"chooser": 0}},
           legal=[{"type": "play-card", "card": "card-galicia"}, {"type": "keep-roll"}])
    b.do({"type": "keep-roll"}, state={"phase": "reroll", "pending": {"chooser": 1}},
         legal=[{"type": "play-card", "card": "card-wallachia"}, {"type": "keep-roll"}])
    b.do({"type": "keep-roll"}, state={"phase": "attack", "territories": {
        "aquitaine": {"armies": 4 - 2}}})


@_basic("napoleon.effects.attack-extra-die.501",
        "An extra die adds a die, not a bonus on the highest one",
        ["napoleon.effects.attack-extra-die", "napoleon.effects.attack-die-bonus"])
def extra_die_no_bonus(b: Any) -> None:
    _dice(b, aquitaine=5, turn=3, hands={0: ["card-provence"]})
    b.do({"type": "play-card", "card": "card-provence"}, state={"players": seats(6, p0={"cards": 0})})
    b.attack("aquitaine", "castile", 4, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5 against 5 and 2 against 3: the defender wins both pairs
    b.roll([5, 2, 1, 1], [5, 3], state={"phase": "attack", "territories": {
        "aquitaine": {"armies": 5 - 2}}})


@_basic("napoleon.effects.attack-die-bonus.301",
        "An attack die bonus is used up by the next roll: the roll after it has none",
        ["napoleon.effects.attack-die-bonus", "napoleon.combat.compare"])
def bonus_one_roll(b: Any) -> None:
    _dice(b, hands={0: ["card-syria"]}, turn=2)
    b.do({"type": "play-card", "card": "card-syria"}, state={"players": _hand(b, 0, 0)})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # 5 + 1 beats 5; 2 loses to 3
    b.roll([5, 2, 1], [5, 3], state={"phase": "attack", "territories": {
        "castile": {"armies": 1}, "aquitaine": {"armies": 3}}})
    b.attack("aquitaine", "castile", 2, state={"phase": "battle", "pending": {"defender_dice": 1}})
    b.roll([5, 1], [5], state={"phase": "attack", "territories": {"aquitaine": {"armies": 2}}},
           explain="no bonus any more: 5 against 5, the defender wins the tie")


#: player 2 (seat 1) in Aquitaine attacks player 1 (seat 0) in Castile
def _seat0_defends(b: Any, castile: int, aquitaine: int, card: str) -> None:
    _at(b, {"leon-asturias": (0, 1), "castile": (0, castile), "aquitaine": (1, aquitaine),
            "brittany": (1, 1)}, current=1, hands={0: [card]})


@_basic("napoleon.effects.defence-extra-die.301",
        "Player 1 defends: a defence card of player 1 opens its window and adds a die",
        ["napoleon.effects.defence-extra-die", "napoleon.combat.dice",
         "napoleon.cards.effect-icons"])
def seat0_defends(b: Any) -> None:
    _seat0_defends(b, 3, 4, "card-england")
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal_excludes=[{"type": "defend", "dice": 3}],
             explain="player 1 (seat 0) defends Castile with 3 regiments and holds a defence "
                     "card: it chooses its dice, 1 or 2, or plays the card first")
    b.do({"type": "play-card", "card": "card-england"}, state={"players": _hand(b, 0, 0)},
         legal_includes=[{"type": "defend", "dice": 3}])
    b.defend(3, state={"phase": "battle", "pending": {"defender_dice": 3}})
    b.roll([6, 6, 6], [1, 1, 1], state={"phase": "occupy", "territories": {
        "castile": {"owner": 1, "armies": 0}}})


@_basic("napoleon.effects.defence-die-bonus.301",
        "A defence die bonus is used up by the next roll its player defends",
        ["napoleon.effects.defence-die-bonus", "napoleon.combat.compare"])
def defence_bonus_one_roll(b: Any) -> None:
    _dice(b, castile=3, aquitaine=5, hands={1: ["card-egypt"]}, turn=2)
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.do({"type": "play-card", "card": "card-egypt"}, state={"players": _hand(b, 1, 0)})
    b.defend(2, state={"phase": "battle"})
    # the bonus lifts the defender's 5 to 6: 6 against 6 and 4 against 4, both to the defender
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {"aquitaine": {"armies": 3}}})
    b.attack("aquitaine", "castile", 2, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 4], [5, 4], state={"phase": "attack", "territories": {
        "aquitaine": {"armies": 2}, "castile": {"armies": 2}}},
        explain="no bonus any more: 6 beats 5, 4 against 4 goes to the defender")


@_basic("napoleon.effects.defence-die-bonus.302",
        "Player 1 defending plays a defence die bonus: its highest die counts 1 more",
        ["napoleon.effects.defence-die-bonus", "napoleon.cards.effect-icons"])
def seat0_defence_bonus(b: Any) -> None:
    _seat0_defends(b, 3, 5, "card-egypt")
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "pending": {"chooser": 0}})
    b.do({"type": "play-card", "card": "card-egypt"}, state={"players": _hand(b, 0, 0)})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 4, 1], [5, 4], state={"phase": "attack", "territories": {"aquitaine": {"armies": 3}}},
           explain="player 1's 5 counts 6: 6 against 6 and 4 against 4, both to the defender")


@_basic("napoleon.effects.defence-die-bonus.501",
        "The defender in seat 0 holding a defence card is asked before the roll",
        ["napoleon.effects.defence-die-bonus"])
def defence_seat_zero(b: Any) -> None:
    _seat0_defends(b, 1, 4, "card-egypt")
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "pending": {"chooser": 0}},
             legal=[{"type": "play-card", "card": "card-egypt"}, {"type": "defend", "dice": 1}])

# Portugal's card ignores a fortification, Serbia's an epidemic; Bavaria's card gives a land
# maneuver more, Ukraine's a naval one.

def _front(b: Any, castile: int = 2, aquitaine: int = 4, **kw: Any) -> dict:
    """The Advanced game across the Pyrenees: player 1 in Aquitaine and Brittany, player 2
    in Castile and León, player 3 (the background seat) everywhere else."""
    return _at(b, {"leon-asturias": (1, 1), "castile": (1, castile), "aquitaine": (0, aquitaine),
                   "brittany": (0, 1)}, **kw)


@_adv("napoleon.effects.ignore-fortification.001",
      "Ignore a fortification: for that battle it adds nothing to the defence",
      ["napoleon.effects.ignore-fortification"])
def ignore_fort(b):
    _front(b, forts={"castile": 1}, hands={0: ["card-portugal"]})
    b.do({"type": "play-card", "card": "card-portugal", "from": "aquitaine", "to": "castile"},
         state={"players": _hand(b, 0, 0), "turn_flags": {"effects": [
             {"kind": "ignore-fortification", "player": 0, "card": "card-portugal", "amount": 1,
              "from": "aquitaine", "to": "castile"}]}})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    # with the fortification the defender's 5 would be a 6 and win the first pair
    b.roll([6, 5, 1], [5, 4], state={"phase": "occupy", "territories": {
        "castile": {"owner": 0, "armies": 0, "fortifications": 0}}})


@_adv("napoleon.effects.ignore-fortification.002",
      "Ignore-fortification needs a fortified territory under attack",
      ["napoleon.effects.ignore-fortification"], negative=True)
def ignore_fort_none(b):
    _front(b, hands={0: ["card-portugal"]})
    b.reject({"type": "play-card", "card": "card-portugal", "from": "aquitaine", "to": "castile"},
             "not-a-target", rule="napoleon.effects.ignore-fortification",
             explain="Castile has no fortification")
    b.reject({"type": "play-card", "card": "card-portugal"}, "targets",
             rule="napoleon.effects.ignore-fortification")


@_adv("napoleon.effects.ignore-epidemic.001",
      "Ignore an epidemic: attacking a contaminated territory costs no regiment",
      ["napoleon.effects.ignore-epidemic", "napoleon.combat.epidemic-loss"])
def ignore_epidemic(b):
    _front(b, epidemics={"castile": 1}, hands={0: ["card-serbia"]})
    b.check(legal_excludes=[{"type": "attack", "from": "aquitaine", "to": "castile", "dice": 3}],
            explain="the epidemic would take one of Aquitaine's 4 regiments: 2 dice at most")
    b.do({"type": "play-card", "card": "card-serbia", "from": "aquitaine", "to": "castile"},
         state={"players": _hand(b, 0, 0)},
         legal_includes=[{"type": "attack", "from": "aquitaine", "to": "castile", "dice": 3}])
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 4}}})


@_adv("napoleon.effects.ignore-epidemic.002", "Ignore-epidemic needs a contaminated target",
      ["napoleon.effects.ignore-epidemic"], negative=True)
def ignore_epidemic_none(b):
    _front(b, epidemics={"portugal": 1}, hands={0: ["card-serbia"]})
    b.reject({"type": "play-card", "card": "card-serbia", "from": "aquitaine", "to": "castile"},
             "not-a-target", rule="napoleon.effects.ignore-epidemic",
             explain="the epidemic is in Portugal, not in Castile")


@_basic("napoleon.effects.extra-land-maneuver.001", "An extra land maneuver after the turn's one",
        ["napoleon.effects.extra-land-maneuver"])
def extra_land(b):
    # the turn's land maneuver is made (fortify_moves 1)
    _at(b, {"brittany": (0, 3), "aquitaine": (0, 3), "castile": (1, 1), "leon-asturias": (1, 1)},
        phase="maneuver", fortify_moves=1, hands={0: ["card-bavaria"]})
    b.check(legal_excludes=[{"type": "maneuver", "from": "brittany", "to": "aquitaine",
                             "armies": 1}])
    b.do({"type": "play-card", "card": "card-bavaria"}, state={"players": _hand(b, 0, 0)},
         legal_includes=[{"type": "maneuver", "from": "brittany", "to": "aquitaine",
                          "armies": 1}])
    b.do({"type": "maneuver", "from": "brittany", "to": "aquitaine", "armies": 2},
         explain="Bavaria's card gives one more land maneuver; with it made, only the end of "
                 "the turn is left.",
         state={"turn_flags": {"fortify_moves": 2},
                "territories": {"brittany": {"armies": 1}, "aquitaine": {"armies": 5}}},
         legal=[{"type": "end-turn"}])


@_basic("napoleon.effects.extra-naval-maneuver.001", "An extra naval maneuver after the turn's one",
        ["napoleon.effects.extra-naval-maneuver"])
def extra_naval(b):
    _at(b, {"brittany": (0, 3), "aquitaine": (0, 3), "castile": (1, 1), "leon-asturias": (1, 1)},
        zones={_WEA: (0, 3), _NS: (0, 1)}, phase="maneuver", hands={0: ["card-ukraine"]})
    b.do({"type": "maneuver", "from": _WEA, "to": _NS, "armies": 1},
         state={"zones": {_WEA: {"ships": 2}, _NS: {"ships": 2}}})
    b.check(legal_excludes=[{"type": "maneuver", "from": _WEA, "to": _NS, "armies": 1}])
    b.do({"type": "play-card", "card": "card-ukraine"}, state={"players": _hand(b, 0, 0)},
         legal_includes=[{"type": "maneuver", "from": _WEA, "to": _NS, "armies": 1}])
    b.do({"type": "maneuver", "from": _WEA, "to": _NS, "armies": 1},
         state={"turn_flags": {"naval_moves": 2}, "zones": {_WEA: {"ships": 1}, _NS: {"ships": 3}}})


# ---------------------------------------------------------------- card use: limits and readings


@_adv("napoleon.effects.ignore-epidemic.501",
      "Another card's effect (a die bonus) does not spare the epidemic loss",
      ["napoleon.combat.epidemic-loss", "napoleon.effects.attack-die-bonus",
       "napoleon.effects.ignore-epidemic"])
def die_bonus_pays_epidemic(b: Any) -> None:
    _front(b, castile=3, aquitaine=5, epidemics={"castile": 1}, hands={0: ["card-syria"]})
    b.do({"type": "play-card", "card": "card-syria"}, state={"players": seats(3, p0={"cards": 0})})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 5 - 1}}})


@_adv("napoleon.effects.ignore-fortification.501",
      "Ignore-fortification holds for every roll of the battle it names",
      ["napoleon.effects.ignore-fortification"])
def ignore_fort_battle(b: Any) -> None:
    _front(b, castile=3, aquitaine=6, forts={"castile": 1}, hands={0: ["card-portugal"]})
    b.do({"type": "play-card", "card": "card-portugal", "from": "aquitaine", "to": "castile"},
         state={"players": seats(3, p0={"cards": 0})})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 5, 1], [5, 4], state={"phase": "attack", "territories": {"castile": {"armies": 1}}})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    # the same battle: the fortification still adds nothing, 6 beats 5
    b.roll([6, 1, 1], [5], state={"phase": "occupy", "territories": {
        "castile": {"owner": 0, "armies": 0, "fortifications": 0}}})


@_adv("napoleon.effects.ignore-epidemic.502",
      "Ignore-epidemic lapses once its holder attacks from another territory",
      ["napoleon.effects.ignore-epidemic", "napoleon.combat.epidemic-loss"])
def ignore_epidemic_lapses(b: Any) -> None:
    _at(b, {"catalonia": (0, 5), "castile": (1, 3), "aquitaine": (0, 5), "brittany": (0, 1)},
        epidemics={"castile": 1}, hands={0: ["card-serbia"]})
    b.do({"type": "play-card", "card": "card-serbia", "from": "aquitaine", "to": "castile"},
         state={"players": seats(3, p0={"cards": 0})})
    b.attack("catalonia", "castile", 3, state={"phase": "defend", "territories": {
        "catalonia": {"armies": 5 - 1}}},
        explain="another battle: Catalonia pays the epidemic loss, and the card's effect lapses")
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {
        "catalonia": {"armies": 4 - 2}}})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 5 - 1}}})


#: player 2 in Castile and León, player 1 in Aquitaine and Brittany, reinforcing
_REINFORCING = {"castile": (1, 1), "leon-asturias": (1, 1), "aquitaine": (0, 1), "brittany": (0, 1)}


@_basic("napoleon.cards.use-or-trade.001", "A joker has no effect: it is only traded",
        ["napoleon.cards.use-or-trade", "napoleon.cards.jokers"], negative=True)
def joker(b):
    _at(b, _REINFORCING, phase="reinforce", hands={0: ["joker-1"]}, pending=_reinforce())
    b.reject({"type": "play-card", "card": "joker-1"}, "no-effect", rule="napoleon.cards.use-or-trade")
    b.reject({"type": "play-card", "card": "card-castile"}, "not-your-cards",
             rule="napoleon.cards.use-or-trade")


@_basic("napoleon.cards.effect-limit.001",
        "Reading one-per-phase: a second card for its effect waits for another phase",
        ["napoleon.cards.effect-limit"], negative=True,
        reading=("napoleon.amb.effect-plays", "one-per-phase"))
def limit_one(b):
    _at(b, _REINFORCING, phase="reinforce", hands={0: ["card-castile", "card-ile-de-france"]},
        pending=_reinforce())
    b.do({"type": "play-card", "card": "card-castile"},
         state={"turn_flags": {"effect_plays": [1, 0, 0, 0, 0, 0]}, "players": _hand(b, 0, 1)},
         legal_excludes=[{"type": "play-card", "card": "card-ile-de-france"}])
    b.reject({"type": "play-card", "card": "card-ile-de-france"}, "effect-limit",
             rule="napoleon.cards.effect-limit")


@_basic("napoleon.cards.effect-limit.002",
        "Reading unlimited: several cards for their effects in one phase",
        ["napoleon.cards.effect-limit"], reading=("napoleon.amb.effect-plays", "unlimited"))
def limit_none(b):
    _at(b, _REINFORCING, phase="reinforce", hands={0: ["card-castile", "card-ile-de-france"]},
        pending=_reinforce())
    b.do({"type": "play-card", "card": "card-castile"}, state={"players": _hand(b, 0, 1)})
    b.do({"type": "play-card", "card": "card-ile-de-france"},
         explain="3, 2 for Castile's card and 4 for Ile de France's (neither territory is player 1's)",
         state={"pending": {"to_place": 3 + 2 + 4}, "players": _hand(b, 0, 0)})


@_basic("napoleon.cards.effect-limit.003",
        "Reading one-per-phase: the count starts again in the next phase",
        ["napoleon.cards.effect-limit"], reading=("napoleon.amb.effect-plays", "one-per-phase"))
def limit_next_phase(b):
    _dice(b, aquitaine=5, phase="reinforce", hands={0: ["card-syria", "card-provence"]},
          pending=_reinforce(1))
    b.do({"type": "place", "territory": "aquitaine"},
         state={"phase": "attack", "territories": {"aquitaine": {"armies": 6}}})
    b.do({"type": "play-card", "card": "card-syria"}, state={"players": _hand(b, 0, 1)})
    b.reject({"type": "play-card", "card": "card-provence"}, "effect-limit",
             rule="napoleon.cards.effect-limit")


#: three artillery cards of territories player 1 does not hold: Ile de France's (+4 regiments,
#: also in a set), Languedoc's (2 regiments) and the Kingdom of Italy's (2 free ships)
_ARTILLERY = ["card-ile-de-france", "card-languedoc", "card-kingdom-of-italy"]


@_basic("napoleon.cards.effects-ignored-in-trade.001",
        "Reading both: traded, the +4 card adds 4 to the set (other effects ignored); "
        "alone it is played for 4",
        ["napoleon.cards.effects-ignored-in-trade", "napoleon.cards.set-values"],
        reading=("napoleon.amb.plus-four-card", "both"))
def plus_four_both(b):
    _at(b, _REINFORCING, phase="reinforce", hands={0: list(_ARTILLERY)}, pending=_reinforce())
    b.check(legal_includes=[{"type": "play-card", "card": "card-ile-de-france"}])
    b.do({"type": "trade", "cards": _in_deck(*_ARTILLERY)},
         explain="three artillery: 8, plus 4 for Ile de France's card; Languedoc's 2 regiments "
                 "and Italy's free ships do not come (no ship in the Atlantic by Aquitaine)",
         state={"pending": {"to_place": 3 + 8 + 4}, "zones": {_WEA: {"owner": None, "ships": 0}},
                "players": _hand(b, 0, 0)})


@_basic("napoleon.cards.effects-ignored-in-trade.002",
        "Reading set-only: the +4 card cannot be played alone",
        ["napoleon.cards.effects-ignored-in-trade"], negative=True,
        reading=("napoleon.amb.plus-four-card", "set-only"))
def plus_four_set_only(b):
    _at(b, _REINFORCING, phase="reinforce", hands={0: ["card-ile-de-france"]}, pending=_reinforce())
    b.check(legal_excludes=[{"type": "play-card", "card": "card-ile-de-france"}])
    b.reject({"type": "play-card", "card": "card-ile-de-france"}, "set-only",
             rule="napoleon.cards.effects-ignored-in-trade")

# ---------------------------------------------------------------- epidemics: readings

#: player 1 in Aquitaine, player 2 in Castile, both with an epidemic (neither holds an
#: empire or a route: no card is drawn at the end of player 1's turn)
_TWO_SICK = {"aquitaine": (0, 3), "castile": (1, 3)}


@_adv("napoleon.epidemics.phase-loss.001",
      "Reading own-phase: only the player ending the turn loses regiments to epidemics",
      ["napoleon.epidemics.phase-loss"], reading=("napoleon.amb.epidemic-timing", "own-phase"))
def timing_own(b):
    _at(b, _TWO_SICK, epidemics={"aquitaine": 1, "castile": 1}, phase="maneuver")
    b.do({"type": "end-turn"}, state={"territories": {"aquitaine": {"armies": 2},
                                                      "castile": {"armies": 3}},
                                      "current": 1, "phase": "card-table"})


@_adv("napoleon.epidemics.phase-loss.002",
      "Reading every-turn-end: every contaminated territory loses regiments at each turn's end",
      ["napoleon.epidemics.phase-loss"], reading=("napoleon.amb.epidemic-timing", "every-turn-end"))
def timing_every(b):
    _at(b, _TWO_SICK, epidemics={"aquitaine": 1, "castile": 1}, phase="maneuver")
    b.do({"type": "end-turn"}, state={"territories": {"aquitaine": {"armies": 2},
                                                      "castile": {"armies": 2}},
                                      "current": 1, "phase": "card-table"})


#: player 1 holds the United Kingdom (England, Scotland, Ireland), player 2 Castile
_UK = {"england": (0, 3), "scotland": (0, 3), "ireland": (0, 1), "castile": (1, 1)}


@_adv("napoleon.amb.epidemic-phase-loss.per-epidemic.001",
      "Reading per-epidemic: a territory with two epidemics loses two regiments",
      ["napoleon.epidemics.phase-loss", "napoleon.amb.epidemic-phase-loss"],
      reading=("napoleon.amb.epidemic-phase-loss", "per-epidemic"))
def phase_loss_per_epidemic(b):
    _at(b, _UK, epidemics={"england": 2, "scotland": 1}, phase="maneuver")
    # player 1 holds the United Kingdom, a whole empire: a card is drawn next
    b.do({"type": "end-turn"}, state={"phase": "draw", "territories": {
        "england": {"armies": 1}, "scotland": {"armies": 2}}})


@_adv("napoleon.amb.epidemic-phase-loss.per-territory.001",
      "Reading per-territory: a territory with two epidemics loses one regiment",
      ["napoleon.epidemics.phase-loss", "napoleon.amb.epidemic-phase-loss"],
      reading=("napoleon.amb.epidemic-phase-loss", "per-territory"))
def phase_loss_per_territory(b):
    _at(b, _UK, epidemics={"england": 2, "scotland": 1}, phase="maneuver")
    b.do({"type": "end-turn"}, state={"phase": "draw", "territories": {
        "england": {"armies": 2}, "scotland": {"armies": 2}}})


#: player 2 holds the Italian Protectorates (a whole empire, bonus 2)
_ITALY = {"kingdom-of-italy": (1, 1), "papal-states": (1, 1), "naples": (1, 2)}


def _emptied_two(b):
    # England holds two epidemics and two regiments: the epidemic phase empties it
    _at(b, {**_UK, "england": (0, 2), "castile": (1, 1), **_ITALY, "leon-asturias": (2, 3)},
        epidemics={"england": 2}, phase="maneuver")


@_adv("napoleon.amb.emptied-epidemics.all-move.001",
      "Reading all-move: both epidemics of an emptied territory move on, one draw each",
      ["napoleon.epidemics.relocate", "napoleon.amb.emptied-epidemics"],
      reading=("napoleon.amb.emptied-epidemics", "all-move"))
def emptied_all(b):
    _emptied_two(b)
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 2, "moving": True},
                "territories": {"england": {"owner": None, "armies": 0, "epidemics": 0}}})
    b.do({"type": "draw", "card": "card-leon-asturias"},
         state={"phase": "epidemics", "pending": {"left": 1},
                "territories": {"leon-asturias": {"epidemics": 1}}})


@_adv("napoleon.amb.emptied-epidemics.one-moves.001",
      "Reading one-moves: one epidemic of an emptied territory moves on, the other stays",
      ["napoleon.epidemics.relocate", "napoleon.amb.emptied-epidemics"],
      reading=("napoleon.amb.emptied-epidemics", "one-moves"),
      options={"napoleon.amb.card-table": "ignore"})
def emptied_one(b):
    _emptied_two(b)
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"england": {"owner": None, "armies": 0, "epidemics": 1}}})
    b.do({"type": "draw", "card": "card-leon-asturias"},
         explain="player 1, without England, holds no whole empire: no card drawn; player 2's "
                 "turn begins: the Italian Protectorates (a whole empire, bonus 2) score 2",
         state={"phase": "reinforce", "current": 1,
                "territories": {"leon-asturias": {"epidemics": 1}},
                "players": seats(3, p1={"vp": 2})})


@_adv("napoleon.combat.epidemic-loss.001",
      "Reading per-battle: the epidemic loss is paid once for a battle, not for each roll",
      ["napoleon.combat.epidemic-loss"], reading=("napoleon.amb.epidemic-attack-loss", "per-battle"))
def loss_per_battle(b):
    _at(b, {"aquitaine": (0, 6), "castile": (1, 3)}, epidemics={"castile": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 5}}})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {"aquitaine": {"armies": 3}}})
    b.attack("aquitaine", "castile", 2, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 3}}})


@_adv("napoleon.combat.epidemic-loss.002",
      "Reading per-roll: the epidemic loss is paid before every roll", ["napoleon.combat.epidemic-loss"],
      reading=("napoleon.amb.epidemic-attack-loss", "per-roll"))
def loss_per_roll(b):
    _at(b, {"aquitaine": (0, 6), "castile": (1, 3)}, epidemics={"castile": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 5}}})
    b.defend(2, state={"phase": "battle"})
    b.roll([1, 1, 1], [6, 6], state={"phase": "attack", "territories": {"aquitaine": {"armies": 3}}})
    b.attack("aquitaine", "castile", 1, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 2}}})


@_adv("napoleon.combat.epidemic-loss.003",
      "Reading target: attacking out of a contaminated territory costs nothing",
      ["napoleon.combat.epidemic-loss"], reading=("napoleon.amb.epidemic-attack-source", "target"))
def loss_target(b):
    _at(b, {"aquitaine": (0, 4), "castile": (1, 3)}, epidemics={"aquitaine": 1})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 4}}})


@_adv("napoleon.combat.epidemic-loss.004",
      "Reading target-or-source: attacking out of a contaminated territory costs too",
      ["napoleon.combat.epidemic-loss"],
      reading=("napoleon.amb.epidemic-attack-source", "target-or-source"))
def loss_source(b):
    _at(b, {"aquitaine": (0, 4), "castile": (1, 3)}, epidemics={"aquitaine": 1})
    b.check(legal_excludes=[{"type": "attack", "from": "aquitaine", "to": "castile", "dice": 3}])
    b.attack("aquitaine", "castile", 2, state={"phase": "defend", "territories": {
        "aquitaine": {"armies": 3}}})

# ---------------------------------------------------------------- more negative cases

@_basic("napoleon.effects.extra-regiments.002", "No card for its effect while a forced trade is owed",
        ["napoleon.effects.extra-regiments", "napoleon.cards.forced-trade"], negative=True)
def extra_regiments_forced(b):
    _at(b, {"castile": (1, 1), "leon-asturias": (1, 1), "aquitaine": (0, 1), "brittany": (0, 1)},
        phase="reinforce", hands={0: ["card-castile", "card-leon-asturias", "card-holland",
                                      "card-catalonia", "card-syria"]},
        pending={"to_place": 3, "must_trade": True, "after": "turn"})
    b.check(legal_excludes=[{"type": "play-card", "card": "card-castile"}])
    b.reject({"type": "play-card", "card": "card-castile"}, "must-trade",
             rule="napoleon.cards.forced-trade")


@_basic("napoleon.effects.attack-die-bonus.002",
        "An attack card does nothing when no attack can be made", ["napoleon.effects.attack-die-bonus"],
        negative=True)
def attack_die_bonus_idle(b):
    _dice(b, aquitaine=1, hands={0: ["card-syria"]})
    b.check(legal=[{"type": "end-attack"}],
            explain="Aquitaine and Brittany hold 1 regiment each: no attack from either")
    b.reject({"type": "play-card", "card": "card-syria"}, "no-use",
             rule="napoleon.effects.attack-die-bonus")


@_basic("napoleon.effects.defence-die-bonus.002",
        "Only the defending player plays a defence card, not the one rolling for a neutral",
        ["napoleon.effects.defence-die-bonus", "napoleon.basic.neutral-defence"], negative=True)
def defence_for_neutral(b):
    _at(b, {"leon-asturias": (1, 1), "castile": (NEUTRAL, 2), "aquitaine": (0, 4),
            "brittany": (0, 1)}, hands={1: ["card-egypt"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend", "pending": {"chooser": 1}},
             legal_excludes=[{"type": "play-card", "card": "card-egypt"}],
             explain="Castile is a neutral army's: player 2 rolls its dice, but does not defend")
    b.reject({"type": "play-card", "card": "card-egypt"}, "not-now", rule="napoleon.cards.effect-icons")


@_basic("napoleon.effects.defence-extra-die.002",
        "The extra defence die needs as many regiments as dice", ["napoleon.effects.defence-extra-die"],
        negative=True)
def defence_extra_die_short(b):
    _dice(b, castile=2, hands={1: ["card-england"]})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.do({"type": "play-card", "card": "card-england"}, state={"players": _hand(b, 1, 0)},
         legal_excludes=[{"type": "defend", "dice": 3}])
    b.reject({"type": "defend", "dice": 3}, "dice", rule="napoleon.combat.dice")


@_basic("napoleon.effects.extra-land-maneuver.002",
        "A maneuver card is played in the maneuver phase, not in combat",
        ["napoleon.effects.extra-land-maneuver", "napoleon.cards.effect-icons"], negative=True)
def extra_land_in_combat(b):
    _at(b, {"brittany": (0, 3), "aquitaine": (0, 3), "castile": (1, 1), "leon-asturias": (1, 1)},
        hands={0: ["card-bavaria"]})
    b.reject({"type": "play-card", "card": "card-bavaria"}, "not-now",
             rule="napoleon.cards.effect-icons")

# ---------------------------------------------------------------- epidemics: setup and relocation

def _setup_epidemics_pos(b) -> None:
    """The setup's last step: every territory held, the generals and fortifications down,
    the four epidemics to place (napoleon.setup.epidemics)."""
    b.position({"a1": (0, 2), "a2": (1, 2), "b1": (2, 2), "b2": (0, 2), "far": (1, 2)},
               phase="epidemics", turn=0, current=0, first_player=0,
               pending={"left": 4, "moving": False})


@_adv_rein("napoleon.setup.epidemics.001",
           "Setup epidemics: each on a drawn territory, at most one per empire", ["napoleon.setup.epidemics"],
           map_why="a board of three empires, where the fourth setup epidemic finds no territory (the printed board has 11)")
def setup_epidemics(b):
    _setup_epidemics_pos(b)
    b.check(state={"phase": "epidemics", "pending": {"left": 4, "moving": False}},
            outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": "1/5"}
                      for t in ("a1", "a2", "b1", "b2", "far")])
    b.do({"type": "epidemic", "territory": "a1"},
         state={"pending": {"left": 3}, "territories": {"a1": {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": "1/3"}
                   for t in ("b1", "b2", "far")])
    b.reject({"type": "epidemic", "territory": "a2"}, "not-eligible", rule="napoleon.setup.epidemics")
    b.do({"type": "epidemic", "territory": "b2"}, state={"territories": {"b2": {"epidemics": 1}}})
    # three empires, one epidemic each: the fourth marker finds no territory
    b.do({"type": "epidemic", "territory": "far"},
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {"far": {"epidemics": 1}}})


def _setup_epidemics_printed(b) -> None:
    """The setup's last step on the printed board: every territory held, the four epidemics
    to place (napoleon.setup.epidemics); none yet."""
    _at(b, {"aquitaine": (0, 2), "castile": (1, 2)}, phase="epidemics", turn=0, current=0,
        first_player=0, pending={"left": 4, "moving": False})


#: the United Kingdom's territories; the 45 territories of the other ten empires
_UK_LAND = ("england", "scotland", "ireland")


def _outside_uk() -> list[str]:
    return [t for t in get_board().territory_ids if t not in _UK_LAND]


@_adv("napoleon.amb.setup-epidemic-redraw.empire.001",
      "Reading empire: after a card of a full empire, only territories of other empires",
      ["napoleon.setup.epidemics", "napoleon.amb.setup-epidemic-redraw"],
      reading=("napoleon.amb.setup-epidemic-redraw", "empire"))
def setup_redraw_empire(b):
    _setup_epidemics_printed(b)
    b.do({"type": "epidemic", "territory": "england"},
         state={"territories": {"england": {"epidemics": 1}}},
         explain="the United Kingdom has its epidemic: each of the 45 territories of the other "
                 "ten empires is equally likely",
         outcomes=[{"outcome": {"type": "epidemic", "territory": t}, "p": "1/45"}
                   for t in _outside_uk()])
    b.reject({"type": "epidemic", "territory": "scotland"}, "not-eligible",
             rule="napoleon.setup.epidemics")


@_adv("napoleon.amb.setup-epidemic-redraw.territory.001",
      "Reading territory: a redraw may land in the full empire, on a territory without one",
      ["napoleon.setup.epidemics", "napoleon.amb.setup-epidemic-redraw"],
      reading=("napoleon.amb.setup-epidemic-redraw", "territory"))
def setup_redraw_territory(b):
    # 50 cards (48 territories, 2 jokers); the United Kingdom has its epidemic (England).
    # A first card of the 45 other territories is taken (1/50 each). A first England card or
    # joker (3/50) is followed by redraws until one of the 47 territories without an epidemic
    # comes up (1/47 each); a first Scotland or Ireland card (1/50 each) by redraws among the
    # 46 left (1/46 each).
    # another territory: 1/50 + 3/50 * 1/47 + 2/50 * 1/46 = 1197/54050;
    # Scotland (Ireland alike): 3/50 * 1/47 + 1/50 * 1/46 = 37/21620.
    _setup_epidemics_printed(b)
    b.do({"type": "epidemic", "territory": "england"},
         state={"territories": {"england": {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "epidemic", "territory": t},
                    "p": "37/21620" if t in _UK_LAND else "1197/54050"}
                   for t in get_board().territory_ids if t != "england"])
    b.do({"type": "epidemic", "territory": "scotland"},
         state={"territories": {"england": {"epidemics": 1}, "scotland": {"epidemics": 1}}})


def _draws(cards: tuple[str, ...]) -> list[dict]:
    """A relocation draw: one outcome per card in the pile, equally likely."""
    return [{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(cards)}"} for c in cards]





#: player 1 in Aquitaine (one regiment, an epidemic) and Brittany; player 2 holds the Italian
#: Protectorates (a whole empire: 2 points at the start of their turn); León is player 3's
_EMPTIED = {"aquitaine": (0, 1), "brittany": (0, 3), **_ITALY, "leon-asturias": (2, 3)}


@_adv("napoleon.epidemics.relocate.001",
      "An epidemic that empties a territory moves where a card drawn from the pile says",
      ["napoleon.epidemics.relocate", "napoleon.epidemics.phase-loss"],
      options={"napoleon.amb.card-table": "ignore"})
def relocate(b):
    _at(b, _EMPTIED, forts={"aquitaine": 1}, epidemics={"aquitaine": 1}, phase="maneuver")
    # every card of the pile is one outcome; the emptied Aquitaine keeps its fortification
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"aquitaine": {"owner": None, "armies": 0, "epidemics": 0,
                                              "fortifications": 1}}},
         outcomes=_draws(tuple(_pile())))
    # the card is discarded and the epidemic placed on its territory
    b.do({"type": "draw", "card": "card-naples"},
         explain="the epidemic goes to Naples; player 2's turn begins: the Italian "
                 "Protectorates (a whole empire) score 2",
         state={"phase": "reinforce", "current": 1, "discards": ["card-naples"],
                "players": seats(3, p1={"vp": 2}), "draw_pile": _pile("card-naples"),
                "territories": {"naples": {"epidemics": 1, "armies": 2}}},
         events=[{"type": "epidemic-card-drawn", "card": "card-naples", "territory": "naples"},
                 {"type": "epidemic", "territory": "naples"}])


@_adv("napoleon.epidemics.relocate.002",
      "A joker or a card of a territory without regiments is discarded and another drawn",
      ["napoleon.epidemics.relocate"], options={"napoleon.amb.card-table": "ignore"})
def relocate_redraw(b):
    _at(b, _EMPTIED, epidemics={"aquitaine": 1}, phase="maneuver")
    b.do({"type": "end-turn"},
         state={"phase": "epidemics",
                "territories": {"aquitaine": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=_draws(tuple(_pile())))
    b.do({"type": "draw", "card": "joker-1"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "discards": ["joker-1"]},
         events=[{"type": "epidemic-card-drawn", "card": "joker-1", "territory": None}],
         outcomes=_draws(tuple(_pile("joker-1"))))
    # Aquitaine was just emptied: its card places nothing either
    b.do({"type": "draw", "card": "card-aquitaine"},
         state={"phase": "epidemics", "discards": _in_deck("card-aquitaine", "joker-1"),
                "territories": {"aquitaine": {"epidemics": 0}}},
         outcomes=_draws(tuple(_pile("joker-1", "card-aquitaine"))))
    b.reject({"type": "draw", "card": "joker-1"}, "not-in-pile", rule="napoleon.epidemics.relocate")
    b.reject({"type": "epidemic", "territory": "leon-asturias"}, "draw-a-card",
             rule="napoleon.epidemics.relocate")
    # player 2's turn begins: the Italian Protectorates (a whole empire) score 2
    out = ("card-aquitaine", "card-leon-asturias", "joker-1")
    b.do({"type": "draw", "card": "card-leon-asturias"},
         state={"phase": "reinforce", "current": 1, "discards": _in_deck(*out),
                "players": seats(3, p1={"vp": 2}), "draw_pile": _pile(*out),
                "territories": {"leon-asturias": {"epidemics": 1, "armies": 3}}})



@_adv_rein("napoleon.epidemics.relocate.003",
           "No card left to draw shows a territory with regiments: the epidemic leaves the board",
           ["napoleon.epidemics.relocate"], options={"napoleon.amb.card-table": "ignore"},
           map_why="a draw pile of two cards, which on the printed deck would put 48 cards in hands")
def relocate_lost(b):
    _pos(b, {"a1": (0, 1), "a2": (0, 3), "b1": (2, 3), "b2": (1, 1), "far": (1, 2)},
         epidemics={"a1": 1}, phase="maneuver",
         hands={1: ["c-a2", "c-b1", "c-b2"], 2: ["c-far"]})
    # the pile holds c-a1 (now empty) and the joker, the discards nothing
    b.do({"type": "end-turn"},
         state={"phase": "reinforce", "current": 1, "draw_pile": ["c-a1", "c-x"],
                "territories": {"a1": {"owner": None, "armies": 0, "epidemics": 0}},
                "players": [{}, {"vp": 1}, {}]},
         events=[{"type": "epidemic-loss", "territory": "a1"}, {"type": "epidemic-lost"}])


@_basic("napoleon.effects.free-ships.003",
        "Free ships built among another player's ships must fight them, as bought ones do",
        ["napoleon.effects.free-ships", "napoleon.naval.forced-combat"])
def free_ships_challenge(b):
    _at(b, _SHORES, zones={_WEA: (1, 1)}, phase="reinforce", hands={0: ["card-catalonia"]},
        pending=_reinforce(1))
    b.do({"type": "play-card", "card": "card-catalonia", "zones": [_WEA, _WEA]},
         state={"zones": {_WEA: {"owner": 1, "ships": 1, "challenger_ships": 2}},
                "players": _hand(b, 0, 0)})
    b.do({"type": "place", "territory": "ireland"},
         state={"phase": "attack", "territories": {"ireland": {"armies": 2}}},
         legal=[{"type": "attack", "from": _WEA, "to": _WEA, "dice": 1},
                {"type": "attack", "from": _WEA, "to": _WEA, "dice": 2}])


@_basic("napoleon.effects.free-ships.004", "The card builds its number of ships, not fewer",
        ["napoleon.effects.free-ships"], negative=True)
def free_ships_count(b):
    _at(b, _SHORES, phase="reinforce", hands={0: ["card-catalonia"]}, pending=_reinforce())
    b.reject({"type": "play-card", "card": "card-catalonia", "zones": [_WEA]}, "ship-limit",
             rule="napoleon.effects.free-ships")


@_adv("napoleon.epidemics.card-move.501",
      "A moved epidemic that leaves a regiment where it strikes stays there",
      ["napoleon.epidemics.card-move", "napoleon.effects.move-epidemic"])
def card_move_stays(b: Any) -> None:
    _at(b, {**_CASTILE_SICK, "leon-asturias": (2, 2)}, epidemics={"castile": 1},
        hands={0: ["card-lithuania"]})
    b.do({"type": "play-card", "card": "card-lithuania", "from": "castile", "to": "leon-asturias"},
         explain="León keeps 1 of its 2 regiments: its owner holds it and the epidemic stays",
         state={"phase": "attack", "players": seats(3, p0={"cards": 0}),
                "territories": {"castile": {"epidemics": 0},
                                "leon-asturias": {"owner": 2, "armies": 1, "epidemics": 1}}})


@scenario("napoleon.epidemics.card-move.511",
          "An epidemic moved by a card that takes another player's last territory puts them out",
          ["napoleon.epidemics.card-move", "napoleon.combat.elimination",
           "napoleon.effects.move-epidemic"], players=3, variant=A,
          reading=(EP_ELIM, "discards"), background=(1, 1))
def card_move_elimination(b: Any) -> None:
    # player 2 (seat 1) holds every territory but Aquitaine (player 1's) and León (player 3's)
    _at(b, {"aquitaine": (0, 3), "castile": (1, 3), "leon-asturias": (2, 1)}, rest=1,
        epidemics={"castile": 1}, phase="maneuver", turn=3,
        hands={0: ["card-lithuania"], 2: ["card-catalonia"]})
    b.do({"type": "play-card", "card": "card-lithuania", "from": "castile", "to": "leon-asturias"},
         explain="León loses its one regiment, player 3's last territory: player 3 is out and "
                 "their card is discarded (nobody took León); the epidemic moves on by a draw",
         state={"phase": "epidemic-move", "discards": _in_deck("card-catalonia", "card-lithuania"),
                "players": seats(3, p0={"cards": 0},
                                 p2={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"leon-asturias": {"owner": None, "armies": 0, "epidemics": 0},
                                "castile": {"epidemics": 0}}},
         events=[{"type": "card-played", "player": 0, "card": "card-lithuania",
                  "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "castile", "to": "leon-asturias"},
                 {"type": "epidemic-card-loss", "territory": "leon-asturias", "armies": 1},
                 {"type": "eliminated", "player": 2, "by": 0, "cause": "epidemic"}])
    out = ("card-aquitaine", "card-catalonia", "card-lithuania")
    b.do({"type": "draw", "card": "card-aquitaine"},
         explain="Aquitaine holds regiments: the epidemic goes there and player 1's maneuver "
                 "goes on",
         state={"phase": "maneuver", "pending": {}, "discards": _in_deck(*out),
                "draw_pile": _pile(*out), "territories": {"aquitaine": {"epidemics": 1}}})


@_adv("napoleon.epidemics.card-move.512",
      "A player who moves an epidemic onto their own last territory is out, and their turn "
      "ends once the epidemic is placed", ["napoleon.epidemics.card-move", "napoleon.combat.elimination",
                                           "napoleon.effects.move-epidemic"],
      options={"napoleon.amb.card-table": "ignore"},
      description="The player going out is the one whose turn it is: the same under either "
                  "reading of napoleon.amb.epidemic-elimination.")
def card_move_self_elimination(b: Any) -> None:
    _at(b, {"aquitaine": (0, 1), "castile": (1, 3), **_ITALY, "leon-asturias": (2, 3)},
        epidemics={"castile": 1}, phase="maneuver", turn=3,
        hands={0: ["card-lithuania", "card-catalonia"]}, conquered=True)
    b.do({"type": "play-card", "card": "card-lithuania", "from": "castile", "to": "aquitaine"},
         explain="Aquitaine, player 1's last territory, loses its one regiment: player 1 is out "
                 "(by their own turn) and their other card is discarded; the epidemic moves on",
         state={"phase": "epidemic-move", "discards": _in_deck("card-catalonia", "card-lithuania"),
                "players": seats(3, p0={"eliminated": True, "eliminated_by": 0, "cards": 0}),
                "territories": {"aquitaine": {"owner": None, "armies": 0, "epidemics": 0},
                                "castile": {"epidemics": 0}}},
         events=[{"type": "card-played", "player": 0, "card": "card-lithuania",
                  "effect": "move-epidemic"},
                 {"type": "epidemic-moved", "from": "castile", "to": "aquitaine"},
                 {"type": "epidemic-card-loss", "territory": "aquitaine", "armies": 1},
                 {"type": "eliminated", "player": 0, "by": 0, "cause": "epidemic"}])
    out = ("card-leon-asturias", "card-catalonia", "card-lithuania")
    b.do({"type": "draw", "card": "card-leon-asturias"},
         explain="the epidemic goes to León; player 1's turn ends with nothing scored or drawn "
                 "(not even the card for this turn's invasion) and player 2's begins (the "
                 "Italian Protectorates, a whole empire: 2 points; four territories: the "
                 "minimum of 3 regiments, the empire's bonus 2 more)",
         state={"phase": "reinforce", "current": 1, "pending": {"to_place": 3 + 2},
                "discards": _in_deck(*out), "draw_pile": _pile(*out),
                "players": seats(3, p1={"vp": 2}),
                "territories": {"leon-asturias": {"epidemics": 1}}})


@_adv("napoleon.epidemics.relocate.301",
      "An emptied territory's epidemic moves onto a territory with a single regiment, the first of the map",
      ["napoleon.epidemics.relocate", "napoleon.epidemics.phase-loss"],
      options={"napoleon.amb.card-table": "ignore"})
def relocate_onto_one(b: Any) -> None:
    # player 2 holds North Africa (Egypt, first on the map, with one regiment; Tripolitania,
    # the Maghreb); player 1's Aquitaine, with an epidemic and one regiment, empties
    _at(b, {"egypt": (1, 1), "tripolitania": (1, 2), "maghreb": (1, 2), "aquitaine": (0, 1),
            "brittany": (0, 2), "castile": (2, 3)},
        epidemics={"aquitaine": 1}, phase="maneuver")
    b.do({"type": "end-turn"},
         state={"phase": "epidemics", "pending": {"left": 1, "moving": True},
                "territories": {"aquitaine": {"owner": None, "armies": 0, "epidemics": 0}}},
         outcomes=_draws(tuple(_pile())))
    b.do({"type": "draw", "card": "card-egypt"},
         explain="Egypt holds one regiment (player 2's): the epidemic goes there and strikes "
                 "only in player 2's epidemic phase; player 2's turn begins (North Africa, a "
                 "whole empire, scores 2; three territories: the minimum of 3, North Africa's "
                 "bonus 2 more)",
         state={"phase": "reinforce", "current": 1, "discards": ["card-egypt"],
                "players": seats(3, p1={"vp": 2}), "draw_pile": _pile("card-egypt"),
                "pending": {"to_place": 3 + 2}, "territories": {"egypt": {"epidemics": 1}}},
         events=[{"type": "epidemic-card-drawn", "card": "card-egypt", "territory": "egypt"},
                 {"type": "epidemic", "territory": "egypt"}])
