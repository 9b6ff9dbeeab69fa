"""Scenarios: winning — domination and the secret-mission game."""

from __future__ import annotations

from riskspec.conformance.cases_conquest import conquer_kamchatka
from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import take, turn_events

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


def _missions(*ids):
    def edit(d):
        for p, mid in zip(d["players"], ids):
            p["mission"] = mid
    return edit


def _split(b, first, *sizes):
    """The territories other than ``first`` (map order), cut into consecutive runs of ``sizes``."""
    rest = [t for t in b.blank()["territories"] if t not in first]
    out, i = [], 0
    for n in sizes:
        out.append(rest[i:i + n])
        i += n
    out.append(rest[i:])
    return out


def _blue_before_kamchatka(b, *missions):
    """Blue (seat 1) on turn with 22 territories and Alaska (5 armies), black 10, green the
    rest and Kamchatka (1 army): blue's next conquest is its 24th territory."""
    blue, black, green = _split(b, ("alaska", "kamchatka"), 22, 10)
    owners = {t: (1, 2) for t in blue}
    owners.update({t: (0, 2) for t in black})
    owners.update({t: (2, 2) for t in green})
    owners.update({"alaska": (1, 5), "kamchatka": (2, 1)})
    b.position(owners, phase="attack", current=1, edit=_missions(*missions))


def _mission_pos(b, mission, owners, **kw):
    def edit(d):
        d["players"][0]["mission"] = mission
        d["players"][1]["mission"] = "destroy-green"
        d["players"][2]["mission"] = "conquer-asia-africa"
    return b.position(owners, edit=edit, **kw)


def _mission_take(b, mission, owners, frm, to, dice, outcome, *, left, why=None, **kw):
    """Black (seat 0, holding ``mission``) takes ``to`` from ``frm`` with ``dice`` dice and
    moves them all in, ``left`` staying behind: ``outcome`` (winner and phase)."""
    _mission_pos(b, mission, owners, phase="attack", current=0, **kw)
    take(b, frm, to, dice)
    b.do({"type": "occupy", "armies": dice}, explain=why,
         state={**outcome, "territories": {frm: {"armies": left}, to: {"armies": dice}}})


@scenario("classic.missions.victory.001", "Completing one's mission wins at once", ["classic.missions.victory",
                                                                                   "classic.missions.conditions"],
          options=MISSION)
def victory(b):
    na = ["alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec", "western-united-states",
          "eastern-united-states", "central-america"]
    au = ["indonesia", "new-guinea", "western-australia", "eastern-australia"]
    owners = {t: (0, 2) for t in na + au}
    owners.update({"eastern-australia": (1, 1), "siam": (0, 5)})
    _mission_take(b, "conquer-north-america-australia", owners, "new-guinea", "eastern-australia", 1,
                  {"winner": 0, "phase": "game-over"}, left=1,
                  why="Black now holds North America and Australia: mission done.")


@scenario("classic.missions.conditions.001", "Holding 18 territories with one army each does not meet the 2-army mission",
          ["classic.missions.conditions"], options=MISSION, negative=True)
def cond_18(b):
    _mission_take(b, "occupy-18-territories-2-armies", {"alaska": (0, 5), "kamchatka": (2, 1)}, "alaska",
                  "kamchatka", 3, {"winner": None, "phase": "attack"}, left=2, default_armies=1)


@scenario("classic.missions.own-colour.001", "A mission to destroy oneself becomes: hold 24 territories",
          ["classic.missions.own-colour"], options=MISSION)
def own_colour(b):
    t = list(b.blank()["territories"])
    owners = {x: (0, 1) for x in t[:23]}
    owners.update({x: (1 + i % 2, 1) for i, x in enumerate(t[23:])})
    owners.update({"alaska": (0, 5), "kamchatka": (2, 1)})
    _mission_take(b, "destroy-black", owners, "alaska", "kamchatka", 3, {"winner": 0, "phase": "game-over"},
                  left=2, why="Black, holding destroy-black, reaches 24 territories and wins.")


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


@scenario("classic.missions.victory.201", "A turn of the mission game starts as usual when no mission is complete",
          ["classic.missions.victory", "classic.missions.mode"], options=MISSION)
def mission_turn(b):
    b.position(phase="fortify", current=2,
               edit=_missions("conquer-asia-africa", "destroy-green", "occupy-24-territories"))
    b.do({"type": "end-turn"},
         state={"current": 0, "turn": 2, "phase": "reinforce", "pending": {"to_place": 4, "forced": None},
                "winner": None},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, *turn_events(0, 2, 14, 4)])


@scenario("classic.missions.victory.202", "Turn-start check: a mission complete since the holder's last turn wins",
          ["classic.missions.victory", "classic.amb.mission-check"],
          options={**MISSION, "classic.amb.mission-check": "turn-start"})
def mission_turn_start(b):
    groups = {t: v for t, v in b.blank()["territories"].items()}
    na_au = [t for t in groups if t in (
        "alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec", "western-united-states",
        "eastern-united-states", "central-america", "indonesia", "new-guinea", "western-australia",
        "eastern-australia")]
    b.position({t: (0, 2) for t in na_au}, phase="fortify", current=2,
               edit=_missions("conquer-north-america-australia", "destroy-green", "conquer-asia-africa"))
    b.do({"type": "end-turn"},
         explain="Black has held North America and Australia since its own turn: at the start of its "
                 "next turn it wins, before any reinforcement.",
         state={"current": 0, "turn": 2, "phase": "game-over", "winner": 0},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, {"type": "turn-started", "player": 0, "turn": 2},
                 {"type": "game-over", "winner": 0, "reason": "mission"}])


@scenario("classic.missions.conditions.201", "Destroy black: holding 24 territories is no win while black is in play",
          ["classic.missions.conditions", "classic.missions.own-colour"], options=MISSION, negative=True)
def destroy_open(b):
    _blue_before_kamchatka(b, "conquer-asia-africa", "destroy-black", "occupy-18-territories-2-armies")
    conquer_kamchatka(b, 1, 2, occupy_state={"phase": "attack", "winner": None})


def _last_army_on_kamchatka(b, n, other, victim, *missions):
    """Black's turn: ``n`` territories black's (2 armies each, 5 on Alaska), the rest but Kamchatka
    seat ``other``'s; seat ``victim``'s last army on Kamchatka; the players' ``missions``."""
    black, rest = _split(b, ("alaska", "kamchatka"), n)
    owners = {t: (0, 2) for t in black}
    owners.update({t: (other, 2) for t in rest})
    owners.update({"alaska": (0, 5), "kamchatka": (victim, 1)})
    b.position(owners, phase="attack", current=0, edit=_missions(*missions))


@scenario("classic.missions.target-eliminated.201", "Destroying one's own target wins at once",
          ["classic.missions.target-eliminated", "classic.missions.victory", "classic.elimination.out"],
          options=MISSION)
def destroy_done(b):
    _last_army_on_kamchatka(b, 19, 2, 1, "destroy-blue", "destroy-green", "occupy-24-territories")
    conquer_kamchatka(b, 0, 1, eliminated=True,
                       roll_state={"players": [{}, {"eliminated": True, "eliminated_by": 0}, {}]},
                       occupy_state={"phase": "game-over", "winner": 0},
                       occupy_events=[{"type": "game-over", "winner": 0, "reason": "mission"}])


@scenario("classic.missions.target-eliminated.202",
          "A destroy mission of a player already out never wins, even when its target falls",
          ["classic.missions.target-eliminated", "classic.elimination.out", "classic.amb.mission-eliminated-by-other"],
          players=4, options={**MISSION, "classic.amb.mission-eliminated-by-other": "counts-as-done"}, negative=True)
def destroy_by_the_eliminated(b):
    _last_army_on_kamchatka(b, 20, 3, 2, "conquer-asia-africa", "destroy-green", "destroy-pink",
                            "occupy-24-territories")
    conquer_kamchatka(b, 0, 2, eliminated=True,
                       roll_state={"players": [{}, {}, {"eliminated": True, "eliminated_by": 0}, {}]},
                       occupy_state={"phase": "attack", "winner": None})


@scenario("classic.missions.deal.201", "Two-player mission game: a mission for each player, none for the neutral",
          ["classic.missions.deal", "classic.two-player.neutral-passive", "classic.two-player.deal"],
          players=2, options=MISSION)
def two_player_missions(b):
    b.new_game()
    b.check(state={"phase": "deal-missions", "pending": {"next": 0}})
    b.do({"type": "mission", "player": 0, "mission": "occupy-24-territories"},
         state={"pending": {"next": 1}, "players": [{"mission": "occupy-24-territories"}, {}, {}]},
         events=[{"type": "mission-dealt", "player": 0, "mission": "occupy-24-territories"}])
    b.do({"type": "mission", "player": 1, "mission": "conquer-asia-africa"},
         explain="Both players have their missions: the territories are dealt next.",
         state={"phase": "deal", "pending": {"next": 0},
                "players": [{}, {"mission": "conquer-asia-africa"}, {"mission": None}]},
         events=[{"type": "mission-dealt", "player": 1, "mission": "conquer-asia-africa"}])


@scenario("classic.missions.victory.203", "Two-player mission game: the neutral army, holding no mission, never wins",
          ["classic.missions.victory", "classic.two-player.neutral-passive"], players=2, options=MISSION,
          negative=True)
def two_player_no_neutral_win(b):
    b.position({"kamchatka": (2, 2), "greenland": (2, 2)}, phase="attack", current=0,
               edit=_missions("occupy-24-territories", "conquer-asia-africa"))
    b.do({"type": "end-attack"}, state={"phase": "fortify", "winner": None})


@scenario("classic.missions.absent-colours.600",
          "A destroy card naming a colour nobody plays: holding 24 territories wins instead",
          ["classic.missions.absent-colours", "classic.missions.victory"],
          # under keep-with-fallback a card of an absent colour is dealt (under remove it is
          # not, but a held one falls back the same way: the case tells no reading apart)
          options={**MISSION, "classic.amb.absent-colour-missions": "keep-with-fallback"})
def absent_colour_fallback(b):
    _blue_before_kamchatka(b, "conquer-asia-africa", "destroy-yellow", "conquer-north-america-australia")
    conquer_kamchatka(b, 1, 2, occupy_state={"phase": "game-over", "winner": 1},
                       occupy_events=[{"type": "game-over", "winner": 1, "reason": "mission"}])
    b.check(explain="Nobody plays yellow, so blue's card asks for 24 territories: Kamchatka is the "
                    "24th, and blue wins.", state={"winner": 1})


_EUROPE = ("iceland", "scandinavia", "great-britain", "northern-europe", "western-europe", "southern-europe",
           "ukraine")


@scenario("classic.missions.conditions.600",
          "Europe, South America and one more continent: the first two alone do not win",
          ["classic.missions.conditions", "classic.missions.victory"], options=MISSION, negative=True)
def plus_one_missing(b):
    black = {t: (0, 2) for t in (*_EUROPE, "peru", "brazil", "argentina")}
    black["central-america"] = (0, 5)
    rest = [t for t in b.blank()["territories"] if t not in black and t != "venezuela"]
    owners = {t: (1 + i % 2, 2) for i, t in enumerate(rest)}
    owners.update(black)
    owners["venezuela"] = (2, 1)
    b.position(owners, phase="attack", current=0,
               edit=_missions("conquer-europe-south-america-plus-one", "conquer-asia-africa",
                              "occupy-24-territories"))
    b.attack("central-america", "venezuela", 3, state={"phase": "defend"},
             events=[{"type": "attack-declared", "player": 0, "from": "central-america", "to": "venezuela",
                      "dice": 3}])
    b.defend(1, state={"phase": "battle"}, events=[{"type": "defence-chosen", "player": 2, "dice": 1}])
    b.roll([6, 5, 4], [3], state={"phase": "occupy", "territories": {"venezuela": {"owner": 0, "armies": 0}}},
           events=[{"type": "battle", "player": 0, "defender": 2, "from": "central-america", "to": "venezuela",
                    "attacker_dice": [6, 5, 4], "defender_dice": [3], "attacker_losses": 0,
                    "defender_losses": 1},
                   {"type": "conquered", "player": 0, "territory": "venezuela", "from": "central-america",
                    "victim": 2}])
    b.do({"type": "occupy", "armies": 3},
         explain="Black now holds all of Europe and all of South America but no third continent: "
                 "the mission is not complete, and the turn goes on.",
         state={"phase": "attack", "winner": None,
                "territories": {"central-america": {"armies": 2}, "venezuela": {"armies": 3}}},
         events=[{"type": "occupied", "player": 0, "from": "central-america", "to": "venezuela", "armies": 3}])


_NA_AU = ("alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec", "western-united-states",
          "eastern-united-states", "central-america", "indonesia", "new-guinea", "western-australia",
          "eastern-australia")


@scenario("classic.missions.victory.600",
          "Turn-start win: the armies kept from an elimination trade are never added",
          ["classic.missions.victory", "classic.amb.mission-check", "classic.elimination.trade-armies"],
          options={**MISSION, "classic.amb.mission-check": "turn-start",
                   "classic.amb.elimination-trade-placement": "next-reinforcement"},
          reading=("classic.amb.mission-check", "turn-start"))
def turn_start_win_keeps_reserve(b):
    def edit(d):
        _missions("conquer-north-america-australia", "destroy-green", "conquer-asia-africa")(d)
        d["players"][0]["reserve"] = 4
    b.position({t: (0, 2) for t in _NA_AU}, phase="fortify", current=2, edit=edit)
    b.do({"type": "end-turn"},
         explain="Black's mission is complete as its turn starts: black wins before any "
                 "reinforcement, so the 4 armies kept off the board stay there.",
         state={"current": 0, "turn": 2, "phase": "game-over", "winner": 0, "pending": {},
                "players": [{"reserve": 4}, {}, {}]},
         events=[{"type": "turn-ended", "player": 2, "turn": 1}, {"type": "turn-started", "player": 0, "turn": 2},
                 {"type": "game-over", "winner": 0, "reason": "mission"}])


@scenario("classic.victory.domination.600", "A game black has won: nobody is to act any more",
          ["classic.victory.domination"])
def black_has_won(b):
    def edit(d):
        d["phase"], d["winner"], d["pending"] = "game-over", 0, {}
    b.position({t: (0, 2) for t in b.blank()["territories"]}, phase="game-over", current=0, edit=edit)
    b.check(explain="Black holds all 42 territories and has won: the game is over, no action and no "
                    "chance outcome is left.", legal_count=0, outcomes=[])
