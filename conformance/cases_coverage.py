"""Scenarios for gaps the suite had: draws beside other hands, setup rotation with 4 and 5
players, an X-Y-X triple, malformed actions, a continent one territory short.

Every step states what changes; the frame rule checks that nothing else does.
"""

from __future__ import annotations

from riskspec.conformance.cases_cards import trade
from riskspec.conformance.scenario import scenario

AUSTRALIA = ["indonesia", "new-guinea", "western-australia", "eastern-australia"]


@scenario("classic.cards.earn.004", "A card is drawn while the other players hold cards: only "
          "the drawer's hand grows", ["classic.cards.earn"])
def draw_beside_hands(b):
    b.position(phase="fortify", current=0, conquered=True,
               hands={1: ["peru", "iceland"], 2: ["greenland"]},
               edit=lambda d: d["turn_flags"].update(conquests=1))  # one conquest this turn
    b.do({"type": "end-turn"}, explain="Black conquered this turn: a card is due.",
         state={"phase": "draw", "pending": {"left": 1}})
    b.do({"type": "draw", "card": "wild-1"},
         explain="Black takes the card; blue's two cards and green's one stay where they are.",
         state={"players": [{"cards": ["wild-1"]}, {"cards": ["peru", "iceland"]}, {"cards": ["greenland"]}],
                "current": 1, "turn": 2, "phase": "reinforce"},
         events=[{"type": "card-drawn", "player": 0, "card": "wild-1"}])


def _rotation(b, first: int, claims: list[str], reserve: int):
    n = b.sc.players
    b.new_game()
    b.do({"type": "first-player", "player": first},
         explain=f"Seat {first} rolled highest and claims first.",
         state={"phase": "claim", "current": first, "first_player": first})
    left = [reserve] * n
    for i, t in enumerate(claims):
        seat = (first + i) % n
        left[seat] -= 1
        b.do({"type": "claim", "territory": t},
             explain=f"Seat {seat} claims {t}; seat {(seat + 1) % n} is next.",
             state={"territories": {t: {"owner": seat, "armies": 1}}, "current": (seat + 1) % n,
                    "players": [{"reserve": r} for r in left]})


@scenario("classic.setup.claim-territories.003", "Four players claim in turn from the first placer, "
          "wrapping past the last seat", ["classic.setup.claim-territories", "classic.turn.order"],
          players=4)
def rotation_four(b):
    _rotation(b, 2, ["alaska", "peru", "iceland", "congo", "siam"], 30)


@scenario("classic.setup.claim-territories.004", "Five players claim in turn from the first placer, "
          "wrapping past the last seat", ["classic.setup.claim-territories", "classic.turn.order"],
          players=5)
def rotation_five(b):
    _rotation(b, 3, ["alaska", "peru", "iceland", "congo", "siam", "japan"], 25)


@scenario("classic.cards.valid-sets.010", "Cavalry, infantry, cavalry is not a set (the two alike "
          "are not side by side)", ["classic.cards.valid-sets"], negative=True)
def invalid_xyx(b):
    b.position(phase="fortify", current=2, hands={0: ["greenland", "peru", "scandinavia"]})
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce"})
    b.check(legal_excludes=[trade(["greenland", "peru", "scandinavia"])])
    b.reject(trade(["greenland", "peru", "scandinavia"]), "not-a-set", rule="classic.cards.valid-sets",
             explain="Greenland and Scandinavia are cavalry, Peru infantry: two alike and one other.")


@scenario("classic.reinforce.continent-bonus.004", "A continent one territory short pays no bonus",
          ["classic.reinforce.continent-bonus"], negative=True)
def bonus_one_short(b):
    # black holds three of Australia's four territories; Eastern Australia stays green's
    owners = {t: (0, 1) for t in AUSTRALIA[:3]}
    b.position(owners, phase="fortify", current=2)
    # black: 14 round-robin territories, Indonesia (green's) taken, New Guinea already black's,
    # Western Australia (blue's) taken: 16 territories → 5 armies, no continent
    b.do({"type": "end-turn"}, explain="16 territories give 5; Australia is not complete.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 5}},
         events=[{"type": "reinforcements", "player": 0, "territories": 16, "groups": [], "armies": 5}])


@scenario("classic.reinforce.territory-armies.003", "Fewer than twelve territories still give 3",
          ["classic.reinforce.territory-armies", "classic.reinforce.minimum"])
def minimum_three(b):
    owners = {t: (1, 2) for t in b.blank()["territories"]}
    owners.update({t: (0, 2) for t in ["alaska", "peru", "congo", "siam", "japan"]})
    owners["ural"] = (2, 2)
    b.position(owners, phase="fortify", current=2)
    b.do({"type": "end-turn"}, explain="5 territories give 5 ÷ 3 = 1, raised to the minimum of 3.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 3}},
         events=[{"type": "reinforcements", "player": 0, "territories": 5, "armies": 3}])


# -- malformed actions: refused as invalid-action, before any rule is consulted ---------------
_MALFORMED = [
    ("001", "An action of an unknown type", {"type": "teleport", "from": "alaska", "to": "japan"},
     "unknown-type"),
    ("002", "An attack without its dice count", {"type": "attack", "from": "alaska", "to": "kamchatka"},
     "fields"),
    ("003", "An attack naming a territory the board does not have",
     {"type": "attack", "from": "alaska", "to": "atlantis", "dice": 1}, "unknown-territory"),
    ("004", "Dice not sorted from highest to lowest",
     {"type": "roll", "attacker": [2, 6], "defender": [1]}, "dice-order"),
    ("005", "A die face outside 1–6", {"type": "roll", "attacker": [7], "defender": [1]}, "bad-value"),
    ("006", "A trade of cards not in deck order",
     {"type": "trade", "cards": ["iceland", "peru", "east-africa"], "bonus_territory": None}, "card-order"),
    ("007", "A trade naming a card the deck does not have",
     {"type": "trade", "cards": ["peru", "iceland", "joker-9"], "bonus_territory": None}, "unknown-card"),
    ("008", "An attack with zero dice", {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 0},
     "bad-value"),
]

for _n, _title, _action, _code in _MALFORMED:
    def _malformed(b, action=_action, code=_code):
        b.position({"alaska": (0, 4)}, phase="attack", current=0)
        b.reject(action, code, rule=None, kind="invalid-action", state={"phase": "attack"},
                 explain="A malformed action is refused as such; the state stays as it was.")
    scenario(f"classic.turn.sequence.1{_n}", f"Malformed: {_title.lower()}", ["classic.turn.sequence"],
             negative=True)(_malformed)


@scenario("classic.amb.cards-per-turn.one-per-conquest.002", "One card per conquest, counted from "
          "the start of the turn: a whole turn with one conquest earns one card",
          ["classic.amb.cards-per-turn", "classic.cards.earn", "classic.turn.sequence"],
          options={"classic.amb.cards-per-turn": "one-per-conquest"})
def whole_turn_one_conquest(b):
    b.position({"alaska": (0, 4), "kamchatka": (2, 1)}, phase="fortify", current=2)
    b.do({"type": "end-turn"}, explain="Black's turn: 14 territories give 4 armies.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4}})
    for left in (3, 2, 1):
        b.do({"type": "place", "territory": "alaska"},
             state={"territories": {"alaska": {"armies": 8 - left}}, "pending": {"to_place": left}})
    b.do({"type": "place", "territory": "alaska"}, explain="The last army placed: the attack phase.",
         state={"territories": {"alaska": {"armies": 8}}, "phase": "attack"})
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([6, 2, 1], [3], explain="Kamchatka's only army falls.",
           state={"phase": "occupy", "territories": {"kamchatka": {"owner": 0, "armies": 0}}})
    b.do({"type": "occupy", "armies": 3},
         state={"phase": "attack", "territories": {"alaska": {"armies": 5},
                                                   "kamchatka": {"owner": 0, "armies": 3}}})
    b.do({"type": "end-attack"}, state={"phase": "fortify"})
    b.do({"type": "end-turn"}, explain="One conquest this turn: exactly one card is due.",
         state={"phase": "draw", "pending": {"left": 1}})


@scenario("classic.attack.defender-dice.010", "Black, at seat 0, chooses its defence dice too",
          ["classic.attack.defender-dice", "classic.attack.compare"])
def seat_zero_defends(b):
    b.position({"northwest-territory": (1, 4)}, phase="attack", current=1)
    b.attack("northwest-territory", "alaska", 2, explain="Blue attacks black's Alaska (2 armies).",
             state={"phase": "defend", "pending": {"chooser": 0}})
    b.defend(2, explain="Black, the defender, chooses two dice.", state={"phase": "battle"})
    b.roll([6, 1], [4, 3], explain="6 beats 4, 3 beats 1: one army each.",
           state={"phase": "attack", "territories": {"northwest-territory": {"armies": 3},
                                                     "alaska": {"armies": 1}}})


@scenario("classic.setup.deal-territories.002", "A territory dealt to black (seat 0) is not dealt again",
          ["classic.setup.deal-territories"], options={"distribution": "deal"}, negative=True)
def deal_twice(b):
    b.new_game()
    b.do({"type": "first-player", "player": 0}, state={"phase": "deal", "current": 0, "first_player": 0})
    b.do({"type": "deal", "territory": "brazil"}, explain="Brazil is dealt to black.",
         state={"territories": {"brazil": {"owner": 0, "armies": 1}}, "players": [{"reserve": 34}, {}, {}]})
    b.reject({"type": "deal", "territory": "brazil"}, "already-dealt", rule="classic.setup.deal-territories",
             explain="Brazil has an owner now, even though that owner is seat 0.",
             state={"territories": {"brazil": {"owner": 0, "armies": 1}}})
    b.check(outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": "1/41"}
                      for t in b.s["territories"] if t != "brazil"])
