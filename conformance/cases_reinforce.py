"""Scenarios: turn structure and reinforcements."""

from __future__ import annotations

from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import turn_events

# Round-robin ownership in map order gives black (seat 0) 14 territories, no continent.


def _end_of_previous_turn(b, owners=None, **kw):
    """Green (seat 2) is fortifying; black's turn comes next."""
    return b.position(owners, phase="fortify", current=2, **kw)


def _reinforcements(b, armies, explain, owners=None, **kw):
    _end_of_previous_turn(b, owners, **kw)
    b.do({"type": "end-turn"}, explain=explain,
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": armies}},
         events=[{"type": "turn-started", "player": 0}, {"type": "reinforcements", "player": 0,
                                                         "armies": armies}])


@scenario("classic.turn.order.001", "Play passes to the left (next seat)", ["classic.turn.order"])
def order(b):
    b.position(phase="fortify", current=0)
    b.do({"type": "end-turn"}, state={"current": 1, "turn": 2, "phase": "reinforce"}, events=[{"type": "turn-ended", "player": 0},
                                                                      {"type": "turn-started", "player": 1}])


@scenario("classic.turn.order.002", "Play skips an eliminated player", ["classic.turn.order"])
def order_skip(b):
    owners = {t: (2 if i % 2 else 0, 2) for i, t in enumerate(b.blank()["territories"])}
    b.position(owners, phase="fortify", current=0)
    b.do({"type": "end-turn"}, explain="Blue (seat 1) holds nothing and is out: green plays turn 2.",
         state={"current": 2, "turn": 2, "phase": "reinforce"})


@scenario("classic.turn.order.003", "Actions of another phase are refused", ["classic.turn.order"],
          negative=True)
def wrong_phase(b):
    b.position(phase="reinforce", pending={"to_place": 4, "forced": None})
    b.reject({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 1}, "wrong-phase",
             explain="No attack before every reinforcement is placed.", rule="classic.turn.sequence")
    b.reject({"type": "roll", "attacker": [6], "defender": [1]}, "not-chance-node",
             explain="A chance outcome cannot be played while a player is to act.", rule="classic.turn.sequence")


@scenario("classic.turn.sequence.001", "A turn runs reinforce, attack, fortify", ["classic.turn.sequence"])
def sequence(b):
    _reinforcements(b, 4, "Black's turn starts with reinforcements.")
    for n in range(4):
        b.do({"type": "place", "territory": "alaska"},
             state={"phase": "reinforce" if n < 3 else "attack",
                    "territories": {"alaska": {"armies": 2 + n + 1}}})
    b.do({"type": "end-attack"}, state={"phase": "fortify"})
    b.do({"type": "end-turn"}, state={"current": 1, "turn": 3, "phase": "reinforce"})


@scenario("classic.reinforce.territory-armies.001", "14 territories give 4 armies (14 ÷ 3, rounded down)",
          ["classic.reinforce.territory-armies"])
def terr14(b):
    _reinforcements(b, 4, "14 territories ÷ 3 = 4 (rounded down).")


@scenario("classic.reinforce.territory-armies.002", "20 territories give 6 armies",
          ["classic.reinforce.territory-armies"])
def terr20(b):
    owners = {t: (0, 1) for t in ["northwest-territory", "peru", "iceland", "east-africa", "yakutsk",
                                   "china"]}
    _reinforcements(b, 6, "20 territories ÷ 3 = 6.", owners)


@scenario("classic.reinforce.minimum.001", "Fewer than 9 territories still give 3 armies",
          ["classic.reinforce.minimum"])
def minimum(b):
    t = list(b.blank()["territories"])
    owners = {x: (1 + i % 2, 2) for i, x in enumerate(t)}
    owners.update({x: (0, 1) for x in ["alaska", "peru", "iceland", "egypt", "siam"]})
    _reinforcements(b, 3, "5 territories ÷ 3 = 1, raised to the minimum of 3.", owners)


@scenario("classic.reinforce.continent-bonus.001", "Holding Australia adds 2",
          ["classic.reinforce.continent-bonus"])
def bonus_australia(b):
    owners = {x: (0, 1) for x in ["indonesia", "new-guinea", "western-australia", "eastern-australia"]}
    # black now has 14 + 2 = 16 territories (two of them were another player's)
    _reinforcements(b, 5 + 2, "16 territories give 5, Australia adds 2.", owners)
    b.check(state={"phase": "reinforce"})


@scenario("classic.reinforce.continent-bonus.002", "Holding Asia and South America adds 7 + 2",
          ["classic.reinforce.continent-bonus"])
def bonus_asia(b):
    asia = ["ural", "siberia", "yakutsk", "kamchatka", "irkutsk", "mongolia", "japan", "afghanistan", "china",
            "middle-east", "india", "siam"]
    owners = {x: (0, 1) for x in asia + ["venezuela", "peru", "brazil", "argentina"]}
    b.position(owners, phase="fortify", current=2)
    n = sum(1 for v in b.s["territories"].values() if v["owner"] == 0)
    b.do({"type": "end-turn"}, state={"current": 0, "turn": 2, "phase": "reinforce",
                                      "pending": {"to_place": n // 3 + 9}},
         events=[{"type": "reinforcements", "player": 0, "territories": n,
                  "groups": ["south-america", "asia"], "armies": n // 3 + 9}])


@scenario("classic.reinforce.continent-bonus.003", "Each continent is worth its own bonus: North America 5, Europe 5, Africa 3",
          ["classic.reinforce.continent-bonus"])
def bonus_three(b):
    na = ["alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec", "western-united-states",
          "eastern-united-states", "central-america"]
    eu = ["iceland", "scandinavia", "great-britain", "northern-europe", "western-europe", "southern-europe", "ukraine"]
    af = ["north-africa", "egypt", "east-africa", "congo", "south-africa", "madagascar"]
    owners = {t: (1, 2) for t in b.blank()["territories"]}
    owners.update({x: (0, 1) for x in na + eu + af})
    owners["ural"] = (2, 3)
    _reinforcements(b, 22 // 3 + 13, "22 territories give 7; 5 + 5 + 3 for the three continents.", owners)


@scenario("classic.reinforce.count-time.001", "Reinforcements are counted when the turn starts",
          ["classic.reinforce.count-time"])
def count_time(b):
    _reinforcements(b, 4, "Counted at the start of black's turn: 14 territories.")
    b.do({"type": "place", "territory": "alaska"}, state={"pending": {"to_place": 3},
                                                          "territories": {"alaska": {"armies": 3}}})


@scenario("classic.reinforce.place.001", "Reinforcements go on one's own territories, in any split",
          ["classic.reinforce.place"])
def place(b):
    _reinforcements(b, 4, "Black gets 4.")
    b.check(legal_count=14, explain="Black may place on any of its 14 territories.")
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 3}}})
    b.do({"type": "place", "territory": "alberta"}, state={"territories": {"alberta": {"armies": 3}}})


@scenario("classic.reinforce.place.002", "No reinforcement on another player's territory",
          ["classic.reinforce.place"], negative=True)
def place_other(b):
    _reinforcements(b, 4, "Black gets 4.")
    b.reject({"type": "place", "territory": "kamchatka"}, "not-owner", explain="Kamchatka is green's.", rule="classic.reinforce.place")


@scenario("classic.reinforce.minimum.201", "Minimum on the total: 14 territories with Australia give 4 + 2 = 6",
          ["classic.reinforce.minimum", "classic.reinforce.continent-bonus", "classic.amb.reinforce-minimum-scope"],
          options={"classic.amb.reinforce-minimum-scope": "total"})
def minimum_total(b):
    b.position({"indonesia": (0, 2), "western-australia": (0, 2), "eastern-australia": (0, 2),
                "afghanistan": (1, 2), "india": (2, 2), "irkutsk": (1, 2)}, phase="fortify", current=2)
    b.do({"type": "end-turn"}, explain="Above the minimum the total is simply 14 ÷ 3 = 4 plus Australia's 2.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 6, "forced": None}},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *turn_events(0, 2, 14, 6, ["australia"])])


@scenario("classic.reinforce.territory-armies.201", "Twelve territories, divided from twelve on: 12 ÷ 3 = 4",
          ["classic.reinforce.territory-armies", "classic.amb.territory-rounding"],
          options={"classic.amb.territory-rounding": "nearest-from-twelve"})
def twelve(b):
    b.position({"afghanistan": (1, 2), "india": (1, 2)}, phase="fortify", current=2)
    b.do({"type": "end-turn"}, explain="Twelve is the first count the division applies to.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4, "forced": None}},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *turn_events(0, 2, 12, 4)])


@scenario("classic.reinforce.territory-armies.202",
          "Below twelve territories 3 for territories, and the minimum on the total adds the continent on top",
          ["classic.reinforce.territory-armies", "classic.reinforce.minimum", "classic.amb.territory-rounding",
           "classic.amb.reinforce-minimum-scope"],
          options={"classic.amb.territory-rounding": "nearest-from-twelve",
                   "classic.amb.reinforce-minimum-scope": "total"})
def eleven_with_africa(b):
    """Black holds Africa and five more territories: 11, below the 12 the division starts at."""
    africa = ["north-africa", "egypt", "east-africa", "congo", "south-africa", "madagascar"]
    mine = set(africa) | {"alaska", "alberta", "western-united-states", "venezuela", "argentina"}
    others = [t for t in b.blank()["territories"] if t not in mine]
    owners = {t: (1 + i % 2, 2) for i, t in enumerate(others)}
    owners.update({t: (0, 2) for t in mine})
    b.position(owners, phase="fortify", current=2)
    b.do({"type": "end-turn"},
         explain="Fewer than 12 territories give the minimum of 3 for territories; Africa's 3 are added, "
                 "and the total of 6 is above the minimum.",
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 6, "forced": None}},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *turn_events(0, 2, 11, 6, ["africa"])])


AUSTRALIA = ["indonesia", "new-guinea", "western-australia", "eastern-australia"]


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
