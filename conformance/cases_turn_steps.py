"""Scenarios: Classic turn steps that survivors of the mutation campaign showed no case pinned down.

Each case was written for a small change of a Classic rule module (``python -m
riskspec.conformance.mutation --family classic --kinds all``) that every shipped case let
through; ``conformance/mutation-triage.yaml`` names the case that kills each one.  The
expectations are the author's, from the rules they cite: a pair of dice one pip apart under
the tie-no-loss reading, the refusal of a card that is not in the draw pile, a non-set that
shows one of the trader's territories (no bonus is due for a non-set), a destroy card naming a
colour nobody plays (its fallback), Europe and South America without a third continent, a
turn-start mission win with armies kept from an elimination trade (no reinforcement happens),
and a finished game won by the first seat.  Every step states every event payload field the
event schema defines and every observable field that changes.
"""

from __future__ import annotations

from riskspec.conformance.cases_cards import trade
from riskspec.conformance.cases_mutants_classic import (
    _blue_before_kamchatka,
    _conquer_kamchatka,
    _missions,
)
from riskspec.conformance.scenario import scenario

MISSION = {"game-mode": "mission"}


# -- attack: ties under tie-no-loss ------------------------------------------------------------------
@scenario("classic.attack.ties.600",
          "Tie-no-loss: a pair the defender wins by one pip still costs the attacker an army",
          ["classic.attack.ties", "classic.attack.compare", "classic.amb.tie-rule"],
          options={"classic.amb.tie-rule": "tie-no-loss"}, reading=("classic.amb.tie-rule", "tie-no-loss"))
def one_pip_under_no_loss(b):
    b.position({"alaska": (0, 5), "kamchatka": (2, 3)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 2, state={"phase": "defend"},
             events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka", "dice": 2}])
    b.defend(2, state={"phase": "battle"}, events=[{"type": "defence-chosen", "player": 2, "dice": 2}])
    b.roll([5, 3], [6, 3],
           explain="Only equal dice cost nobody: 5 against 6 is lost by the attacker, 3 against 3 "
                   "costs neither side.",
           state={"phase": "attack", "territories": {"alaska": {"armies": 4}, "kamchatka": {"armies": 3}}},
           events=[{"type": "battle", "player": 0, "defender": 2, "from": "alaska", "to": "kamchatka",
                    "attacker_dice": [5, 3], "defender_dice": [6, 3], "attacker_losses": 1,
                    "defender_losses": 0}])


# -- cards ---------------------------------------------------------------------------------------------
@scenario("classic.cards.earn.600", "The card drawn comes from the draw pile: one held by a player is refused",
          ["classic.cards.earn"], negative=True)
def draw_from_a_hand(b):
    def edit(d):
        d["turn_flags"]["conquests"] = 1
    b.position(phase="draw", current=0, conquered=True, pending={"left": 1}, hands={1: ["peru"]}, edit=edit)
    b.reject({"type": "draw", "card": "peru"}, "not-in-pile", rule="classic.cards.earn",
             explain="Blue holds the Peru card, so it is not in the draw pile and cannot be drawn.")


@scenario("classic.cards.valid-sets.600",
          "Two alike and one different is no set, even when a card shows one of the trader's territories",
          ["classic.cards.valid-sets", "classic.cards.territory-bonus"], negative=True)
def non_set_with_own_territory(b):
    # black holds Alaska (round-robin); Alaska and Peru are infantry, Greenland cavalry
    b.position(phase="reinforce", current=0, pending={"to_place": 4, "forced": None},
               hands={0: ["alaska", "greenland", "peru"]})
    b.reject(trade(["alaska", "greenland", "peru"]), "not-a-set", rule="classic.cards.valid-sets",
             explain="Two infantry and a cavalry are not a set; with no set traded no territory "
                     "bonus is due, Alaska's card or not.")


# -- missions -------------------------------------------------------------------------------------------
@scenario("classic.missions.absent-colours.600",
          "A destroy card naming a colour nobody plays: holding 24 territories wins instead",
          ["classic.missions.absent-colours", "classic.missions.victory"],
          # under keep-with-fallback a card of an absent colour is dealt (under remove it is
          # not, but a held one falls back the same way: the case tells no reading apart)
          options={**MISSION, "classic.amb.absent-colour-missions": "keep-with-fallback"})
def absent_colour_fallback(b):
    _blue_before_kamchatka(b, "conquer-asia-africa", "destroy-yellow", "conquer-north-america-australia")
    _conquer_kamchatka(b, 1, 2, occupy_state={"phase": "game-over", "winner": 1},
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


# -- the end of the game -------------------------------------------------------------------------------
@scenario("classic.victory.domination.600", "A game black has won: nobody is to act any more",
          ["classic.victory.domination"])
def black_has_won(b):
    def edit(d):
        d["phase"], d["winner"], d["pending"] = "game-over", 0, {}
    b.position({t: (0, 2) for t in b.blank()["territories"]}, phase="game-over", current=0, edit=edit)
    b.check(explain="Black holds all 42 territories and has won: the game is over, no action and no "
                    "chance outcome is left.", legal_count=0, outcomes=[])
