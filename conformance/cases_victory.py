"""Scenarios: winning — domination and the secret-mission game."""

from __future__ import annotations

from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import take

MISSION = {"game-mode": "mission"}



@scenario("classic.victory.domination.001", "Taking the last enemy territory wins the game",
          ["classic.victory.domination", "classic.elimination.out"])
def domination(b):
    owners = {t: (0, 2) for t in b.blank()["territories"]}  # 2 each: the default armies
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1)})
    b.position(owners, phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3, players=[{}, {}, {"eliminated": True}])
    b.do({"type": "occupy", "armies": 3}, explain="Black holds all 42 territories: black wins.",
         state={"phase": "game-over", "winner": 0,
                "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}}}, events=[{"type": "game-over", "winner": 0}],
         legal_count=0)


@scenario("classic.victory.domination.002", "Holding 41 territories does not win", ["classic.victory.domination"],
          negative=True)
def not_yet(b):
    owners = {t: (0, 2) for t in b.blank()["territories"]}  # 2 each: the default armies
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1), "japan": (1, 1)})
    b.position(owners, phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3, players=[{}, {}, {"eliminated": True}])
    b.do({"type": "occupy", "armies": 3}, state={"phase": "attack", "winner": None, "territories": {
        "alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})


@scenario("classic.missions.mode.001", "The mission game starts by dealing secret missions",
          ["classic.missions.mode", "classic.missions.deal"], options=MISSION)
def mode(b):
    b.new_game()
    b.check(state={"phase": "deal-missions", "pending": {"next": 0}})
    b.do({"type": "mission", "player": 0, "mission": "occupy-24-territories"},
         state={"players": [{"mission": "occupy-24-territories"}, {"mission": None}, {"mission": None}],
                "pending": {"next": 1}})


@scenario("classic.missions.deal.001", "A mission is dealt only once", ["classic.missions.deal"],
          options=MISSION, negative=True)
def deal_once(b):
    b.new_game()
    b.do({"type": "mission", "player": 0, "mission": "occupy-24-territories"})
    b.reject({"type": "mission", "player": 1, "mission": "occupy-24-territories"}, "mission-dealt", rule="classic.missions.deal")


@scenario("classic.missions.deck.001", "The classic deck has 14 missions; six players draw from all of them",
          ["classic.missions.deck"], options=MISSION, players=6)
def deck(b):
    b.new_game()
    outs = b.E.chance_outcomes(b.state)
    b.check(outcomes=[{"outcome": o, "p": "1/14"} for o, _ in outs])
    assert len(outs) == 14


@scenario("classic.missions.absent-colours.001", "Missions to destroy absent colours are removed first",
          ["classic.missions.absent-colours"], options=MISSION)
def absent(b):
    b.new_game()
    b.check(explain="Three players (black, blue, green): pink, red and yellow missions are out; 11 remain.",
            outcomes=[{"outcome": {"type": "mission", "player": 0, "mission": m}, "p": "1/11"} for m in [
                "conquer-north-america-africa", "conquer-north-america-australia", "conquer-asia-south-america",
                "conquer-asia-africa", "conquer-europe-south-america-plus-one", "conquer-europe-australia-plus-one",
                "occupy-24-territories", "occupy-18-territories-2-armies", "destroy-black", "destroy-blue",
                "destroy-green"]])


def _mission_pos(b, mission, owners, **kw):
    def edit(d):
        d["players"][0]["mission"] = mission
        d["players"][1]["mission"] = "destroy-green"
        d["players"][2]["mission"] = "conquer-asia-africa"
    return b.position(owners, edit=edit, **kw)


@scenario("classic.missions.victory.001", "Completing one's mission wins at once", ["classic.missions.victory",
                                                                                   "classic.missions.conditions"],
          options=MISSION)
def victory(b):
    na = ["alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec", "western-united-states",
          "eastern-united-states", "central-america"]
    au = ["indonesia", "new-guinea", "western-australia", "eastern-australia"]
    owners = {t: (0, 2) for t in na + au}
    owners.update({"eastern-australia": (1, 1), "siam": (0, 5)})
    _mission_pos(b, "conquer-north-america-australia", owners, phase="attack", current=0)
    take(b, "new-guinea", "eastern-australia", 1)
    b.do({"type": "occupy", "armies": 1}, explain="Black now holds North America and Australia: mission done.",
         state={"winner": 0, "phase": "game-over", "territories": {
             "new-guinea": {"armies": 1}, "eastern-australia": {"armies": 1}}})


@scenario("classic.missions.conditions.001", "Holding 18 territories with one army each does not meet the 2-army mission",
          ["classic.missions.conditions"], options=MISSION, negative=True)
def cond_18(b):
    _mission_pos(b, "occupy-18-territories-2-armies", {"alaska": (0, 5), "kamchatka": (2, 1)},
                 phase="attack", current=0, default_armies=1)
    take(b, "alaska", "kamchatka", 3)
    b.do({"type": "occupy", "armies": 3}, state={"winner": None, "phase": "attack", "territories": {
        "alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})


@scenario("classic.missions.own-colour.001", "A mission to destroy oneself becomes: hold 24 territories",
          ["classic.missions.own-colour"], options=MISSION)
def own_colour(b):
    t = list(b.blank()["territories"])
    owners = {x: (0, 1) for x in t[:23]}
    owners.update({x: (1 + i % 2, 1) for i, x in enumerate(t[23:])})
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1)})
    _mission_pos(b, "destroy-black", owners, phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3)
    b.do({"type": "occupy", "armies": 3}, explain="Black, holding destroy-black, reaches 24 territories and wins.",
         state={"winner": 0, "phase": "game-over", "territories": {
             "alaska": {"armies": 2}, "kamchatka": {"armies": 3}}})


def target_elim_position(b):
    """Black (seat 2) about to destroy blue (seat 1, one army on Kamchatka), whose destruction
    is red's (seat 0) mission; blue's is to destroy black; red holds 10 territories."""
    t = list(b.blank()["territories"])
    owners = {x: (2, 1) for x in t}
    owners.update({x: (0, 1) for x in t[:10]})
    owners.update({"kamchatka": (1, 1), "alaska": (2, 5)})

    def edit(d):
        d["players"][0]["mission"] = "destroy-blue"
        d["players"][1]["mission"] = "destroy-black"
        d["players"][2]["mission"] = "occupy-18-territories-2-armies"
    b.position(owners, phase="attack", current=2, edit=edit)


@scenario("classic.missions.target-eliminated.001", "When another player destroys one's target, the fallback applies",
          ["classic.missions.target-eliminated"], options=MISSION)
def target_elim(b):
    target_elim_position(b)
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend"})
    b.defend(1, state={"phase": "battle"})
    b.roll([6, 6, 6], [1], explain="Kamchatka was blue's last territory: green takes it, blue is out.",
           state={"phase": "occupy", "territories": {"kamchatka": {"owner": 2, "armies": 0}},
                  "players": [{}, {"eliminated": True}, {}]})
    b.do({"type": "occupy", "armies": 3}, explain="Green eliminated blue: black's destroy-blue does not win; "
                                                  "black must now hold 24 territories.",
         state={"winner": None, "phase": "attack",
                "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}},
                "players": [{}, {"eliminated": True, "eliminated_by": 2}, {}]})


@scenario("classic.missions.setup.001", "The mission game is set up like the standard game (claiming)",
          ["classic.missions.setup"], options=MISSION)
def m_setup(b):
    b.new_game()
    for p, m in enumerate(["occupy-24-territories", "destroy-black", "conquer-asia-africa"]):
        b.do({"type": "mission", "player": p, "mission": m},
             state={"phase": "first-player"} if p == 2 else None)
    b.check(state={"phase": "first-player", "players": [{"reserve": 35}] * 3})
    b.do({"type": "first-player", "player": 0}, state={"phase": "claim", "current": 0})
