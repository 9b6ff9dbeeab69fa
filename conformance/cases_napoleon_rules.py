"""Scenarios: Risk Napoléon — rules, on the printed Europe board (see :mod:`printed`).

Components, the basic game's setup and turn, the Advanced setup and turn structure,
reinforcements and purchases, cards, land combat, naval maneuvers, scoring and the
Capitals option.  The cases play the variant's own map (``spec/napoleon/map.yaml``): a
position names the places a case is about and gives every other territory to one
background seat.  Readings of ambiguities are in cases_napoleon_amb.
"""

from __future__ import annotations

from typing import Any

from riskspec.conformance.cases_napoleon import V
from riskspec.conformance.printed import (
    REINFORCE,
    attack,
    build_ship,
    get_board,
    get_empire,
    pos,
    reserves,
    sc,
)

A = "napoleon-advanced"
HALF, THIRD = "1/2", "1/3"
#: the test deck of the first inline boards (LINE), which other modules' inline cases use
DECK = ["c-a1", "c-a2", "c-b1", "c-b2", "c-far", "c-x"]
#: the starting card draws (napoleon.setup.card-table) left out where they are not the subject
NO_TABLE = {"napoleon.amb.card-table": "ignore"}
#: the printed board's territories, zones and territory deck, in map order
TERRITORIES = list(get_board().territory_ids)
ZONES = list(get_board().zone_ids)
CARDS = [c.id for c in get_board().cards]
EMPIRES = [g.id for g in get_board().groups]
#: the seats the basic game's deal serves, card by card: round the table (players, then the
#: four neutral armies) while every seat is owed cards; after seven rounds the neutrals have
#: their 7, and the two players take turns for their last 3 of 10
DEAL_ORDER = list(range(6)) * 7 + [0, 1] * 3


def _basic(id: str, title: str, covers: list[str], **kw: Any) -> Any:
    """A basic-game case with two players on the printed board."""
    return sc(id, title, covers, variant=V, **kw)


def _advanced(id: str, title: str, covers: list[str], **kw: Any) -> Any:
    """An Advanced-game case with three players on the printed board."""
    return sc(id, title, covers, variant=A, **kw)


def _dealt() -> dict[str, tuple[int, int]]:
    """The basic game's deal done as :data:`DEAL_ORDER` serves it, in map order."""
    return {t: (seat, 1) for t, seat in zip(TERRITORIES, DEAL_ORDER)}


def _own(land: dict[str, tuple[int | None, int]], seat: int) -> list[str]:
    return [t for t, (s, _) in land.items() if s == seat]


def _one_each(first: int, second: int) -> dict[str, tuple[int, int]]:
    """Every territory to ``first`` but one territory of each empire (its first in map
    order) to ``second``: ``second`` holds 11 territories, nobody a whole empire."""
    land = {t: (first, 1) for t in TERRITORIES}
    land.update({get_empire(g)[0]: (second, 1) for g in EMPIRES})
    return land


def _spread() -> dict[str, tuple[int, int]]:
    """Player 1 (seat 0) holds most of the board; player 2 (seat 1) the first territory of
    each of the first six empires, player 3 (seat 2) that of the other five: nobody holds
    a whole empire, players 2 and 3 reinforce with the minimum 3."""
    land = {t: (0, 1) for t in TERRITORIES}
    land.update({get_empire(g)[0]: (1 if i < 6 else 2, 1) for i, g in enumerate(EMPIRES)})
    return land


# ================================================================ components
@_basic("napoleon.components.board.001", "The game is played on the map's territories and maritime zones",
        ["napoleon.components.board", "napoleon.components.territory-deck"])
def board(b):
    b.new_game()
    b.check(explain="A new game lists the board's 48 territories and 8 maritime zones, all "
                    "empty, and the whole territory deck (48 territory cards and the 2 jokers) "
                    "in the draw pile.",
            state={"territories": {t: {"owner": None, "armies": 0} for t in TERRITORIES},
                   "zones": {z: {"owner": None, "ships": 0} for z in ZONES},
                   "draw_pile": CARDS, "discards": []})


@_basic("napoleon.components.adjacency.001", "Land attacks follow land borders, naval attacks sea borders",
        ["napoleon.components.adjacency"], negative=True)
def adjacency(b):
    pos(b, {"aquitaine": (0, 4), "brittany": (0, 1), "castile": (1, 1), "portugal": (1, 1),
            "catalonia": (1, 1)},
        zones={"north-sea": (0, 3), "baltic-sea": (1, 1), "western-mediterranean": (1, 1)})
    b.check(explain="Aquitaine borders Castile by land, not Catalonia (beyond Languedoc); the "
                    "North Sea borders the Baltic Sea, not the Western Mediterranean; "
                    "Brittany and Portugal share only the Atlantic, which player 1 does not "
                    "control.",
            legal_includes=[attack("aquitaine", "castile", 3),
                            attack("north-sea", "baltic-sea", 2)],
            legal_excludes=[attack("aquitaine", "catalonia", 3),
                            attack("north-sea", "western-mediterranean", 2),
                            attack("brittany", "portugal", 1)])
    b.reject(attack("aquitaine", "catalonia", 3), "not-adjacent", rule="napoleon.naval.landing")
    b.reject(attack("north-sea", "western-mediterranean", 2), "not-adjacent",
             rule="napoleon.combat.attack-from")


@_advanced("napoleon.components.tokens.001", "No more generals than a player's three tokens",
           ["napoleon.components.tokens"], negative=True)
def tokens(b):
    pos(b, {"aquitaine": (0, 3), "brittany": (0, 1), "castile": (1, 1)},
        gen={"aquitaine": 2, "brittany": 1}, phase="reinforce", pending=dict(REINFORCE))
    b.check(legal_excludes=[{"type": "buy-general", "territory": "aquitaine"}])
    b.reject({"type": "buy-general", "territory": "aquitaine"}, "general-limit",
             rule="napoleon.units.generals")


@_basic("napoleon.components.territory-deck.001",
        "A joker stands for any symbol and has no effect of its own",
        ["napoleon.components.territory-deck", "napoleon.cards.jokers"], negative=True)
def joker(b):
    hand = ["card-castile", "card-andalusia", "joker-1"]   # infantry, cavalry, joker
    pos(b, {"castile": (0, 1), "andalusia": (1, 1), "portugal": (0, 1)},
        phase="reinforce", hands={0: hand}, pending=dict(REINFORCE), turn=1)
    b.reject({"type": "play-card", "card": "joker-1"}, "no-effect", rule="napoleon.cards.use-or-trade")
    # infantry, cavalry and a joker: one of each, 10; Castile is held, Andalusia is not
    b.do({"type": "trade", "cards": hand},
         events=[{"type": "traded", "player": 0, "cards": hand, "value": 10},
                 {"type": "territory-bonus", "territory": "castile", "armies": 2}],
         state={"pending": {"to_place": 3 + 10}, "discards": hand,
                "territories": {"castile": {"armies": 1 + 2}}, "players": [{"cards": []}] + [{}] * 5})


# ================================================================ basic game: setup
@_basic("napoleon.basic.starting-units.001", "Two players with 36 regiments, four neutrals with 21",
        ["napoleon.basic.starting-units", "napoleon.basic.players"])
def starting_units(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 36}, {"neutral": False, "reserve": 36}]
                   + [{"neutral": True, "reserve": 21, "cards": []}] * 4})


@_basic("napoleon.basic.deal.001",
        "Territories are dealt one by one, each receiving one regiment; nobody keeps a card",
        ["napoleon.basic.deal"])
def deal(b):
    b.new_game()
    b.check(state={"phase": "deal", "pending": {"next": 0}},
            outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": "1/48"} for t in TERRITORIES])
    left = [36, 36, 21, 21, 21, 21]
    for i, (t, seat) in enumerate(zip(TERRITORIES, DEAL_ORDER)):
        left[seat] -= 1
        players = [{"reserve": left[s]} if s == seat else {} for s in range(6)]
        kw: dict[str, Any] = {}
        if i == 0:
            kw["outcomes"] = [{"outcome": {"type": "deal", "territory": u}, "p": "1/47"}
                              for u in TERRITORIES[1:]]
        if i < len(TERRITORIES) - 1:
            state = {"pending": {"next": DEAL_ORDER[i + 1]}, "players": players,
                     "territories": {t: {"owner": seat, "armies": 1}}}
        else:
            # the last card: 10 territories to each player, 7 to each neutral army, and the
            # cards all go back into the deck
            state = {"phase": "first-player", "territories": {t: {"owner": seat, "armies": 1}},
                     "players": [{"cards": [], **p} for p in players], "draw_pile": CARDS}
        b.do({"type": "deal", "territory": t}, state=state, **kw)
    b.check(state={"players": [{"reserve": 36 - 10}] * 2 + [{"reserve": 21 - 7}] * 4})


@_basic("napoleon.basic.placement.001", "A roll picks the first placer, who places three regiments",
        ["napoleon.basic.placement"], negative=True)
def placement_first(b):
    land = _dealt()
    pos(b, land, phase="first-player", pending={"for": "setup"}, turn=0,
        edit=reserves(26, 26, 14, 14, 14, 14))
    b.check(outcomes=[{"outcome": {"type": "first-player", "player": p}, "p": HALF} for p in (0, 1)])
    own = _own(land, 1)
    b.do({"type": "first-player", "player": 1},
         explain="Player 2 places first, on one of its own ten territories.",
         state={"phase": "setup-place", "current": 1, "pending": {"seat": 1, "left": 3}},
         legal=[{"type": "place", "territory": t} for t in own])
    b.reject({"type": "place", "territory": _own(land, 0)[0]}, "not-owner",
             rule="napoleon.basic.placement")
    b.do({"type": "place", "territory": own[0]},
         events=[{"type": "placed", "player": 1, "territory": own[0], "armies": 1}],
         state={"pending": {"left": 2}, "territories": {own[0]: {"armies": 2}},
                "players": [{}, {"reserve": 26 - 1}, {}, {}, {}, {}]})


@_basic("napoleon.basic.placement.002", "Each neutral army's two regiments are placed by the players in turn",
        ["napoleon.basic.placement"], negative=True)
def placement_neutral(b):
    land = {t: (seat, 3) for t, (seat, _) in _dealt().items()}
    mine, first, second = _own(land, 0)[0], _own(land, 2)[0], _own(land, 3)[0]
    pos(b, land, phase="setup-place", pending={"seat": 0, "left": 1}, turn=0,
        edit=reserves(1, 0, 2, 2, 0, 0))
    b.do({"type": "place", "territory": mine},
         state={"phase": "setup-place", "current": 0, "pending": {"seat": 2, "left": 2},
                "territories": {mine: {"armies": 4}}, "players": [{"reserve": 0}, {}, {}, {}, {}, {}]})
    b.reject({"type": "place", "territory": first}, "wrong-army", rule="napoleon.basic.placement")
    b.reject({"type": "place-neutral", "territory": second}, "not-owner", rule="napoleon.basic.placement")
    b.do({"type": "place-neutral", "territory": first}, state={
        "territories": {first: {"armies": 4}}, "players": [{}, {}, {"reserve": 1}, {}, {}, {}]})
    b.do({"type": "place-neutral", "territory": first},
         state={"current": 1, "pending": {"seat": 3, "left": 2},
                "territories": {first: {"armies": 5}}, "players": [{}, {}, {"reserve": 0}, {}, {}, {}]})
    b.do({"type": "place-neutral", "territory": second}, state={
        "territories": {second: {"armies": 4}}, "players": [{}, {}, {}, {"reserve": 1}, {}, {}]})
    b.do({"type": "place-neutral", "territory": second},
         state={"phase": "first-player", "pending": {"for": "turn"},
                "players": [{"reserve": 0}] * 6, "territories": {second: {"armies": 5}}})


@_basic("napoleon.basic.turn.001",
        "A basic turn: reinforcement, combat, maneuver, end of turn; then the other player",
        ["napoleon.basic.turn", "napoleon.basic.players"], negative=True)
def basic_turn(b):
    pos(b, {"egypt": (0, 1), "tripolitania": (0, 1), "maghreb": (0, 1), "castile": (1, 1)},
        phase="maneuver", current=1)
    # 3 territories: the minimum of 3, + North Africa's bonus 2
    b.do({"type": "end-turn"},
         state={"phase": "reinforce", "current": 0, "turn": 2, "pending": {"to_place": 3 + 2}})
    b.reject(attack("egypt", "syria", 1), "wrong-phase", rule="napoleon.basic.turn")
    for n in range(1, 6):
        b.do({"type": "place", "territory": "egypt"},
             state={"territories": {"egypt": {"armies": 1 + n}},
                    "phase": "reinforce" if n < 5 else "attack"})
    b.check(state={"phase": "attack", "territories": {"egypt": {"armies": 6}}})
    b.reject({"type": "place", "territory": "egypt"}, "wrong-phase", rule="napoleon.basic.turn")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject(attack("egypt", "syria", 3), "wrong-phase", rule="napoleon.basic.turn")
    # a whole empire (North Africa): one card at the end of the turn, then player 2 (never a neutral)
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})
    b.do({"type": "draw", "card": "joker-1"},
         state={"phase": "reinforce", "current": 1, "turn": 2,
                "players": [{"cards": ["joker-1"]}, {}, {}, {}, {}, {}]})


@_basic("napoleon.basic.pieces.001", "No generals or fortifications in the basic game",
        ["napoleon.basic.pieces"], negative=True)
def basic_pieces(b):
    pos(b, {"aquitaine": (0, 1), "castile": (1, 1)}, phase="reinforce", pending=dict(REINFORCE))
    b.reject({"type": "buy-general", "territory": "aquitaine"}, "advanced-only",
             rule="napoleon.reinforce.purchases")
    b.reject({"type": "buy-fortification", "territory": "aquitaine"}, "advanced-only",
             rule="napoleon.reinforce.purchases")


# ================================================================ Advanced setup
@_advanced("napoleon.setup.players-and-regiments.001", "Three players: 40 regiments each",
           ["napoleon.setup.players-and-regiments"])
def regiments3(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 40}] * 3})


@_advanced("napoleon.setup.players-and-regiments.002", "Six players: 25 regiments each",
           ["napoleon.setup.players-and-regiments"], players=6)
def regiments6(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 25}] * 6})


def _claim() -> dict[str, tuple[int, int]]:
    """The claim done round the table in map order (16 territories each), but player 2
    (seat 1) holds the whole of North Africa: Egypt and Algiers and Morocco traded for
    Westphalia (to player 1) and Hungary (to player 3)."""
    land = {t: (i % 3, 1) for i, t in enumerate(TERRITORIES)}
    land.update({"egypt": (1, 1), "maghreb": (1, 1), "westphalia": (0, 1), "hungary": (2, 1)})
    return land


@_advanced("napoleon.setup.reinforce.001",
           "After the claim, one regiment at a time in turn; never more than 10 in a territory",
           ["napoleon.setup.reinforce"], negative=True)
def setup_reinforce(b):
    land = _claim()
    # each player's first territory is full at 10; the starting regiments are cut short to 2
    # each, as in the first inline case (conformance/synthetic.py lists the case)
    firsts = [_own(land, s)[0] for s in range(3)]
    land.update({t: (s, 10) for s, t in enumerate(firsts)})
    pos(b, land, turn=0, phase="setup-place", pending={"seat": 0, "left": 1},
        edit=reserves(2, 2, 2))
    own = _own(land, 0)
    b.check(legal=[{"type": "place", "territory": t} for t in own[1:]],
            explain=f"Player 1 may place on any of its territories but {firsts[0]}, full at 10.")
    b.reject({"type": "place", "territory": firsts[0]}, "territory-full",
             rule="napoleon.setup.reinforce")
    b.do({"type": "place", "territory": own[1]},
         state={"current": 1, "pending": {"seat": 1, "left": 1},
                "territories": {own[1]: {"armies": 2}}, "players": [{"reserve": 1}, {}, {}]})


@_advanced("napoleon.setup.first-player.001", "After setup a roll among all players decides who plays first",
           ["napoleon.setup.first-player", "napoleon.turn.time-track"], options=NO_TABLE)
def setup_first(b):
    land = _claim()
    fort = _own(land, 2)[0]
    pos(b, land, turn=0, phase="setup-leaders", current=2,
        pending={"generals": 0, "fortifications": 1}, edit=reserves(0, 0, 0))
    b.do({"type": "place-fortification", "territory": fort},
         state={"phase": "epidemics", "pending": {"left": 4, "moving": False},
                "territories": {fort: {"fortifications": 1}}})
    # the four epidemics, in four different empires
    sick = ["castile", "england", "great-russia", "naples"]
    for n, t in enumerate(sick[:3]):
        b.do({"type": "epidemic", "territory": t},
             state={"pending": {"left": 3 - n}, "territories": {t: {"epidemics": 1}}})
    b.do({"type": "epidemic", "territory": sick[3]},
         state={"phase": "first-player", "pending": {"for": "turn"},
                "territories": {sick[3]: {"epidemics": 1}}},
         outcomes=[{"outcome": {"type": "first-player", "player": p}, "p": THIRD}
                   for p in (0, 1, 2)])
    b.do({"type": "first-player", "player": 1},
         explain="Player 2 starts; holding the whole of North Africa (bonus 2), it scores 2 "
                 "points at the start of its turn.",
         state={"phase": "reinforce", "current": 1, "first_player": 1, "turn": 1,
                "players": [{}, {"vp": 2}, {}]})


def _last_claims() -> dict[str, tuple[int | None, int]]:
    """The claim two territories from its end, player 3 (seat 2) having claimed first:
    player 1 holds Egypt and Tripoli and Tunis, player 2 Scotland and Ireland; Algiers and
    Morocco and England are still free; the other 42 territories went round the table
    (player 3, 1, 2) until player 3 had 16, players 1 and 2 15 each."""
    land: dict[str, tuple[int | None, int]] = {
        "egypt": (0, 1), "tripolitania": (0, 1), "scotland": (1, 1), "ireland": (1, 1),
        "maghreb": (None, 0), "england": (None, 0)}
    quota = {2: 16, 0: 13, 1: 13}
    cycle = [2, 0, 1]
    i = 0
    for t in TERRITORIES:
        if t in land:
            continue
        while quota[cycle[i % 3]] == 0:
            i += 1
        seat = cycle[i % 3]
        land[t] = (seat, 1)
        quota[seat] -= 1
        i += 1
    return land


@_advanced("napoleon.setup.whole-empire-warning.001",
           "Claiming the last territory of an empire is allowed; it scores from the first turn",
           ["napoleon.setup.whole-empire-warning", "napoleon.scoring.empire-vp"], options=NO_TABLE)
def whole_empire(b):
    land = _last_claims()
    third = _own(land, 2)[0]
    pos(b, land, phase="claim", current=0, turn=0, first_player=2, edit=reserves(1, 1, 1))
    b.do({"type": "claim", "territory": "maghreb"},
         explain="Player 1 completes North Africa with its last claim.",
         state={"territories": {"maghreb": {"owner": 0, "armies": 1}}, "current": 1,
                "players": [{"reserve": 0}, {}, {}]})
    b.do({"type": "claim", "territory": "england"},
         explain="Player 2 completes the United Kingdom: every territory is occupied, player 3 "
                 "places next.",
         state={"phase": "setup-place", "current": 2, "pending": {"seat": 2},
                "territories": {"england": {"owner": 1, "armies": 1}},
                "players": [{}, {"reserve": 0}, {}]})
    b.do({"type": "place", "territory": third},
         state={"phase": "setup-leaders", "current": 2, "territories": {third: {"armies": 2}},
                "players": [{}, {}, {"reserve": 0}]})
    # each player in turn order (player 3 claimed first) puts a general, then a fortification,
    # on a territory of theirs
    for n, (seat, t) in enumerate(((2, third), (0, "egypt"), (1, "england"))):
        b.do({"type": "place-general", "territory": t}, state={"territories": {t: {"generals": 1}}})
        b.do({"type": "place-fortification", "territory": t},
             state={"territories": {t: {"fortifications": 1}}, "current": (seat + 1) % 3}
             if n < 2 else {"territories": {t: {"fortifications": 1}}, "phase": "epidemics",
                            "pending": {"left": 4, "moving": False}})
    # then the epidemics (napoleon.setup.epidemics), in four different empires
    sick = ["castile", "naples", "great-russia", "hungary"]
    for n, t in enumerate(sick):
        b.do({"type": "epidemic", "territory": t},
             state={"territories": {t: {"epidemics": 1}}, "pending": {"left": 3 - n}} if n < 3
             else {"territories": {t: {"epidemics": 1}}, "phase": "first-player",
                   "pending": {"for": "turn"}})
    b.do({"type": "first-player", "player": 0},
         explain="North Africa (bonus 2) scores from the first turn; Egypt's fortification "
                 "adds its regiment. Player 2's United Kingdom scores only at its own turn.",
         state={"phase": "reinforce", "current": 0, "first_player": 0, "turn": 1,
                "territories": {"egypt": {"armies": 1 + 1}},
                "players": [{"vp": 2}, {"vp": 0}, {"vp": 0}]})


# ================================================================ Advanced turn
@_advanced("napoleon.turn.order.001", "Turns go round the table; a new game turn at the first player",
           ["napoleon.turn.order", "napoleon.turn.time-track"], options=NO_TABLE,
           background=(0, 1))
def turn_order(b):
    land = _spread()
    pos(b, land, rest=0, phase="maneuver", current=0, turn=1)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 1, "turn": 1})
    for seat in (1, 2):
        t = _own(land, seat)[0]
        for n in range(1, 4):
            b.do({"type": "place", "territory": t},
                 events=[{"type": "placed", "player": seat, "territory": t, "armies": 1}]
                 if n == 1 else None,
                 state={"territories": {t: {"armies": 1 + n}}, "phase": "reinforce" if n < 3 else "attack"})
        b.do({"type": "end-attack"}, state={"phase": "maneuver"})
        b.do({"type": "end-turn"},
             state={"phase": "reinforce", "current": (seat + 1) % 3, "turn": 1 + seat // 2})
        b.check(state={"phase": "reinforce", "current": (seat + 1) % 3, "turn": 1 + seat // 2})


@_advanced("napoleon.turn.order.002", "An eliminated player's turn is skipped",
           ["napoleon.turn.order", "napoleon.combat.elimination"], options=NO_TABLE,
           background=(0, 1))
def turn_order_skip(b):
    pos(b, _one_each(0, 2), rest=0, phase="maneuver", current=0, turn=1)
    b.check(explain="Player 2 holds no territory: it is out.",
            state={"players": [{"eliminated": False}, {"eliminated": True}, {"eliminated": False}]})
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 2, "turn": 1})


_AFRICA = {"egypt": (0, 1), "tripolitania": (0, 1), "maghreb": (0, 1)}


@_advanced("napoleon.turn.phases.001",
           "Start of turn (victory points), reinforcement, combat, maneuver, end of turn — in order",
           ["napoleon.turn.phases", "napoleon.scoring.empire-vp"], negative=True, options=NO_TABLE,
           background=(1, 1))
def turn_phases(b):
    pos(b, {**_AFRICA, "england": (2, 1), "castile": (2, 1)}, rest=1, phase="maneuver",
        current=2, turn=1)
    # player 1 holds the whole of North Africa (bonus 2): 2 victory points at the start of
    # the turn; 3 territories give the minimum 3 regiments, + 2 for the empire
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 2,
                                      "players": [{"vp": 2}, {"vp": 0}, {"vp": 0}],
                                      "pending": {"to_place": 3 + 2}})
    b.reject(attack("egypt", "syria", 1), "wrong-phase", rule="napoleon.turn.phases")
    b.reject({"type": "end-attack"}, "wrong-phase", rule="napoleon.turn.phases")
    for n in range(1, 6):
        b.do({"type": "place", "territory": "egypt"},
             state={"territories": {"egypt": {"armies": 1 + n}},
                    "phase": "reinforce" if n < 5 else "attack"})
    b.check(state={"phase": "attack"})
    b.reject({"type": "maneuver", "from": "egypt", "to": "maghreb", "armies": 1}, "wrong-phase",
             rule="napoleon.turn.phases")
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})
    b.reject({"type": "place", "territory": "egypt"}, "wrong-phase", rule="napoleon.turn.phases")
    b.do({"type": "end-turn"}, state={"phase": "draw", "pending": {"left": 1}})


@_advanced("napoleon.turn.time-track.001",
           "The last player's fifth turn ends the game: territories scored, most points wins",
           ["napoleon.turn.time-track", "napoleon.scoring.territories", "napoleon.scoring.winner"],
           background=(1, 1))
def time_track_end(b):
    p2 = ["england", "castile", "portugal", "naples", "egypt", "holland"]
    pos(b, {"aquitaine": (0, 1), "brittany": (0, 1), "denmark": (0, 1),
            **{t: (2, 1) for t in p2}}, rest=1, phase="maneuver", current=2, turn=5,
        vp={0: 5, 1: 3, 2: 4})
    # player 3 ends its fifth turn: 4 + 6 territories // 3 = 6 points, ahead of player 1's 5
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 2,
                                      "players": [{"vp": 5}, {"vp": 3}, {"vp": 4 + 6 // 3}]})


@_advanced("napoleon.turn.time-track.002", "After four game turns the fifth begins",
           ["napoleon.turn.time-track"], options=NO_TABLE, background=(0, 1))
def time_track_next(b):
    pos(b, _spread(), rest=0, phase="maneuver", current=2, turn=4)
    b.do({"type": "end-turn"}, state={"phase": "reinforce", "current": 0, "turn": 5, "winner": None})


@_advanced("napoleon.scoring.winner.001", "An eliminated player with the most victory points wins",
           ["napoleon.scoring.winner", "napoleon.combat.elimination"], background=(0, 1))
def winner_eliminated(b):
    pos(b, _one_each(0, 2), rest=0, phase="maneuver", current=2, turn=5, vp={0: 3, 1: 9, 2: 2})
    # player 3 ends its fifth turn: 2 + 11 territories // 3 = 5, still behind player 2's 9
    b.do({"type": "end-turn"}, state={"phase": "game-over", "winner": 1,
                                      "players": [{"vp": 3}, {"vp": 9, "eliminated": True},
                                                  {"vp": 2 + 11 // 3}]})


# ================================================================ reinforcements, ships, cards
def _reinforce(b, hands=None, **kw):
    """Player 1 reinforces with 3 regiments, holding Aquitaine (on the Atlantic) and Ile de
    France (inland); player 2 holds Castile."""
    pos(b, {"aquitaine": (0, 1), "ile-de-france": (0, 1), "castile": (1, 1)},
        phase="reinforce", hands=hands, pending=dict(REINFORCE), **kw)


@_basic("napoleon.reinforce.purchases.001", "Ships cost one reinforcement regiment each; the rest is placed",
        ["napoleon.reinforce.purchases", "napoleon.units.ships"])
def purchases(b):
    _reinforce(b)
    wea = "western-europe-atlantic"
    build_ship(b, 0, wea, state={"pending": {"to_place": 2}, "zones": {wea: {"owner": 0, "ships": 1}}})
    b.do({"type": "buy-ship", "zone": wea},
         state={"pending": {"to_place": 1}, "zones": {wea: {"owner": 0, "ships": 2}}})
    b.do({"type": "place", "territory": "ile-de-france"},
         state={"phase": "attack", "territories": {"ile-de-france": {"armies": 2}}})


@_basic("napoleon.units.ships.001", "A ship is built only in a zone touching one's territory",
        ["napoleon.units.ships"], negative=True)
def ships_coast(b):
    _reinforce(b)
    b.check(explain="Of player 1's territories only Aquitaine has a coast, on the Western "
                    "Europe Atlantic.",
            legal_includes=[{"type": "buy-ship", "zone": "western-europe-atlantic"}],
            legal_excludes=[{"type": "buy-ship", "zone": z} for z in ZONES
                            if z != "western-europe-atlantic"])
    b.reject({"type": "buy-ship", "zone": "north-sea"}, "not-coastal", rule="napoleon.units.ships")
    b.reject({"type": "buy-ship", "zone": "black-sea"}, "not-coastal", rule="napoleon.units.ships")


@_basic("napoleon.cards.set-values.002",
        "Two sets in one phase: 4 for three infantry, 10 for one of each; values never grow",
        ["napoleon.cards.set-values", "napoleon.cards.jokers"])
def two_sets(b):
    infantry = ["card-brittany", "card-castile", "card-leon-asturias"]
    mixed = ["card-andalusia", "card-portugal", "joker-1"]   # cavalry, artillery, joker
    pos(b, {"castile": (0, 1), "leon-asturias": (0, 1), "brittany": (1, 1), "andalusia": (1, 1),
            "portugal": (1, 1)}, phase="reinforce", hands={0: infantry + mixed}, sets_traded=7,
        pending=dict(REINFORCE), turn=1)
    b.do({"type": "trade", "cards": infantry},
         events=[{"type": "traded", "player": 0, "cards": infantry, "value": 4},
                 {"type": "territory-bonus", "territory": "castile", "armies": 2},
                 {"type": "territory-bonus", "territory": "leon-asturias", "armies": 2}],
         state={"pending": {"to_place": 3 + 4}, "sets_traded": 8, "players": [{"cards": 6 - 3}] + [{}] * 5,
                "territories": {"castile": {"armies": 1 + 2}, "leon-asturias": {"armies": 1 + 2}}})
    b.do({"type": "trade", "cards": mixed},
         events=[{"type": "traded", "player": 0, "cards": mixed, "value": 10}],
         state={"pending": {"to_place": 3 + 4 + 10}, "sets_traded": 9,
                "players": [{"cards": []}] + [{}] * 5})


@_basic("napoleon.cards.reshuffle.001", "An empty draw pile is rebuilt from the discards",
        ["napoleon.cards.reshuffle", "napoleon.end-of-turn.draws"])
def reshuffle(b):
    def discards(d):
        d["discards"], d["draw_pile"] = d["draw_pile"], []
    pos(b, {"aquitaine": (0, 2), "brittany": (0, 1), "castile": (1, 1)},
        phase="maneuver", conquered=True, hands={1: ["card-castile"]}, turn=1, edit=discards)
    rest = [c for c in CARDS if c != "card-castile"]
    b.do({"type": "end-turn"},
         explain="A territory invaded: one card, from the 49 discards shuffled into a new pile.",
         state={"phase": "draw", "draw_pile": rest, "discards": []},
         outcomes=[{"outcome": {"type": "draw", "card": c}, "p": f"1/{len(rest)}"} for c in rest])
    b.do({"type": "draw", "card": "card-egypt"},
         state={"players": [{"cards": ["card-egypt"]}, {"cards": ["card-castile"]}, {}, {}, {}, {}],
                "current": 1, "phase": "reinforce"})


# ================================================================ land combat
@_basic("napoleon.combat.attack-from.001",
        "Attack from one's own territory with two regiments or more, at another player",
        ["napoleon.combat.attack-from"], negative=True)
def attack_from(b):
    france = {t: (0, 1) for t in get_empire("french-empire")}
    pos(b, {**france, "ile-de-france": (0, 4), "castile": (1, 3), "leon-asturias": (1, 1)})
    b.reject(attack("aquitaine", "castile", 1), "too-few", rule="napoleon.combat.attack-from")
    b.reject(attack("ile-de-france", "aquitaine", 1), "not-enemy", rule="napoleon.combat.attack-from")
    b.reject(attack("castile", "aquitaine", 1), "not-owner", rule="napoleon.combat.attack-from")
    b.check(explain="Ile de France's 4 regiments border only French territories of player 1's; "
                    "the others hold one regiment each. Attacking is optional: the phase can "
                    "end at once.",
            legal=[{"type": "end-attack"}])
    b.do({"type": "end-attack"}, state={"phase": "maneuver"})


@_basic("napoleon.combat.dice.001",
        "Up to three attack dice, one fewer than the regiments; the defender picks one or two",
        ["napoleon.combat.dice"], negative=True)
def dice(b):
    pos(b, {"aquitaine": (0, 3), "brittany": (0, 1), "ile-de-france": (0, 1), "languedoc": (0, 1),
            "castile": (1, 2)})
    b.check(explain="Aquitaine's other neighbours are player 1's own; Castile is across the "
                    "Pyrenees.",
            legal=[attack("aquitaine", "castile", d) for d in (1, 2)] + [{"type": "end-attack"}])
    b.reject(attack("aquitaine", "castile", 3), "dice", rule="napoleon.combat.dice")
    b.attack("aquitaine", "castile", 2, state={"phase": "defend", "pending": {"chooser": 1}},
             legal=[{"type": "defend", "dice": d} for d in (1, 2)])
    b.reject({"type": "defend", "dice": 3}, "dice", rule="napoleon.combat.dice")
    b.defend(1, state={"phase": "battle", "pending": {"attacker_dice": 2, "defender_dice": 1}})


@_basic("napoleon.combat.dice.002", "A defender with one regiment rolls one die", ["napoleon.combat.dice"])
def dice_one(b):
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1), "leon-asturias": (1, 1)})
    b.attack("aquitaine", "castile", 3,
             state={"phase": "battle", "pending": {"attacker_dice": 3, "defender_dice": 1}})


@_basic("napoleon.combat.compare.001", "Dice compared highest to highest; the defender wins ties",
        ["napoleon.combat.compare"])
def compare(b):
    pos(b, {"aquitaine": (0, 4), "castile": (1, 3)})
    b.attack("aquitaine", "castile", 3, state={"phase": "defend"})
    b.defend(2, state={"phase": "battle"})
    b.roll([6, 3, 1], [5, 3],
           events=[{"type": "battle", "from": "aquitaine", "to": "castile", "attacker_losses": 1,
                    "defender_losses": 1}],
           state={"phase": "attack", "territories": {"aquitaine": {"armies": 3},
                                                     "castile": {"armies": 2}}})


@_basic("napoleon.combat.conquest.001",
        "Move in at least as many regiments as dice rolled, leave one, attack on",
        ["napoleon.combat.conquest"], negative=True)
def conquest(b):
    pos(b, {"aquitaine": (0, 5), "castile": (1, 1), "leon-asturias": (1, 1)})
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([4, 2, 1], [3], state={"phase": "occupy", "pending": {"min": 3},
                                  "territories": {"castile": {"owner": 0, "armies": 0}}})
    b.reject({"type": "occupy", "armies": 2}, "armies", rule="napoleon.combat.conquest")
    b.reject({"type": "occupy", "armies": 5}, "armies", rule="napoleon.combat.conquest")
    b.do({"type": "occupy", "armies": 4},
         state={"phase": "attack", "turn_flags": {"conquered": True},
                "territories": {"aquitaine": {"armies": 1}, "castile": {"armies": 4}}},
         legal_includes=[attack("castile", "leon-asturias", 3)])


@_advanced("napoleon.combat.elimination.001",
           "An eliminated player's ships leave the board and the conqueror takes the cards",
           ["napoleon.combat.elimination", "napoleon.cards.elimination-capture"])
def elimination(b):
    wmed = "western-mediterranean"
    pos(b, {"aquitaine": (0, 4), "castile": (1, 1)}, zones={wmed: (1, 2)},
        hands={1: ["card-leon-asturias"]}, vp={1: 3}, turn=1)
    b.attack("aquitaine", "castile", 3, state={"phase": "battle"})
    b.roll([6, 5, 4], [2],
           events=[{"type": "battle", "from": "aquitaine", "to": "castile", "attacker_losses": 0,
                    "defender_losses": 1},
                   {"type": "eliminated", "player": 1, "by": 0}],
           state={"zones": {wmed: {"owner": None, "ships": 0}}, "phase": "occupy",
                  "territories": {"castile": {"owner": 0, "armies": 0}},
                  "players": [{"cards": ["card-leon-asturias"]},
                              {"eliminated": True, "eliminated_by": 0, "cards": [], "vp": 3}, {}]})
    b.do({"type": "occupy", "armies": 3},
         explain="One card is far from a forced trade: the turn goes on, nothing owed.",
         state={"phase": "attack", "players": [{"captured": False}, {}, {}],
                "territories": {"aquitaine": {"armies": 4 - 3}, "castile": {"armies": 3}}})


# ================================================================ naval maneuver
@_basic("napoleon.maneuver.naval.001",
        "One naval maneuver to a neighbouring zone, never across one's own zone, leaving a ship behind",
        ["napoleon.maneuver.naval", "napoleon.components.adjacency"], negative=True)
def naval_maneuver(b):
    wea, north, baltic = "western-europe-atlantic", "north-sea", "baltic-sea"
    pos(b, {"england": (0, 3), "scotland": (0, 1), "castile": (1, 1)},
        zones={wea: (0, 3), north: (0, 1), baltic: (0, 1)}, phase="maneuver")
    b.reject({"type": "maneuver", "from": wea, "to": baltic, "armies": 2}, "not-connected",
             rule="napoleon.maneuver.naval",
             explain="The Baltic Sea is two zones away: ships do not cross the North Sea, though "
                     "it is the player's own.")
    b.reject({"type": "maneuver", "from": wea, "to": north, "armies": 3}, "armies",
             rule="napoleon.maneuver.naval")
    b.do({"type": "maneuver", "from": wea, "to": north, "armies": 2},
         state={"zones": {wea: {"ships": 1}, north: {"ships": 3}},
                "turn_flags": {"naval_moves": 1}})
    b.reject({"type": "maneuver", "from": north, "to": baltic, "armies": 1}, "not-connected",
             rule="napoleon.maneuver.naval", explain="The one naval maneuver is spent.")
    b.do({"type": "maneuver", "from": "england", "to": "scotland", "armies": 2},
         explain="The land maneuver is counted apart.",
         state={"territories": {"england": {"armies": 1}, "scotland": {"armies": 3}}})


@_basic("napoleon.maneuver.naval.002",
        "A naval maneuver may end in an empty neighbouring zone, which the ships then hold",
        ["napoleon.maneuver.naval"], negative=True)
def naval_maneuver_empty(b):
    wea = "western-europe-atlantic"
    pos(b, {"england": (0, 3), "scotland": (0, 1), "castile": (1, 1)}, zones={wea: (0, 3)},
        phase="maneuver")
    b.reject({"type": "maneuver", "from": wea, "to": "baltic-sea", "armies": 2}, "not-connected",
             rule="napoleon.maneuver.naval",
             explain="The Baltic Sea is not a neighbour of the Western Europe Atlantic.")
    b.do({"type": "maneuver", "from": wea, "to": "north-sea", "armies": 2},
         state={"zones": {wea: {"ships": 1}, "north-sea": {"owner": 0, "ships": 2}},
                "turn_flags": {"naval_moves": 1}})


# ================================================================ Capitals option
@_advanced("napoleon.capitals.bonus.001", "No capital bonus in the first game turn",
           ["napoleon.capitals.bonus"], options={"capitals": "on", **NO_TABLE}, background=(1, 1))
def capitals_first_turn(b):
    # Egypt, North Africa's capital, with one more of its territories: its bonus 1 is due
    # from game turn 2 only
    pos(b, {"egypt": (0, 1), "tripolitania": (0, 1), "england": (2, 1)}, rest=1,
        phase="first-player", turn=0, pending={"for": "turn"})
    b.do({"type": "first-player", "player": 0},
         state={"phase": "reinforce", "turn": 1, "pending": {"to_place": 3}})
