"""Scenarios: components, setup and the two-player game."""

from __future__ import annotations

from riskspec.conformance.scenario import scenario
from riskspec.conformance.steps import placed, take, turn_events

THIRD = "1/3"


@scenario("classic.components.board.001", "The board has 42 territories in six continents",
          ["classic.components.board"])
def board(b):
    b.new_game()
    b.check(explain="A new game lists all 42 territories, every one still empty.",
            state={"territories": {t: {"owner": None, "armies": 0} for t in b.s["territories"]}})
    assert len(b.s["territories"]) == 42


@scenario("classic.components.card-deck.001", "The deck holds 44 cards: 42 territories and 2 wilds",
          ["classic.components.card-deck", "classic.setup.draw-pile"])
def deck(b):
    b.new_game()
    pile = b.s["draw_pile"]
    assert len(pile) == 44 and pile[-2:] == ["wild-1", "wild-2"]
    b.check(explain="Before the game every card is in the draw pile; nobody holds a card.",
            state={"draw_pile": pile, "discards": [],
                   "players": [{"cards": []}, {"cards": []}, {"cards": []}]})


@scenario("classic.setup.players.001", "Three players get the first three colours", ["classic.setup.players"])
def players3(b):
    b.new_game()
    b.check(state={"players": [{"colour": "black", "neutral": False}, {"colour": "blue", "neutral": False},
                               {"colour": "green", "neutral": False}]})


@scenario("classic.setup.players.002", "Six players get all six colours", ["classic.setup.players"], players=6)
def players6(b):
    b.new_game()
    b.check(state={"players": [{"colour": c} for c in ["black", "blue", "green", "pink", "red", "yellow"]]})


for _n, _armies in [(3, 35), (4, 30), (5, 25), (6, 20)]:
    def _start(b, n=_n, armies=_armies):
        b.new_game()
        b.check(explain=f"Each of {n} players starts with {armies} armies.",
                state={"players": [{"reserve": armies}] * n})
    scenario(f"classic.setup.starting-armies.00{_n - 2}", f"{_n} players start with {_armies} armies each",
             ["classic.setup.starting-armies"], players=_n)(_start)


@scenario("classic.setup.first-placer.001", "A roll decides who places first: each player 1/3",
          ["classic.setup.first-placer"])
def first_placer(b):
    b.new_game()
    b.check(state={"phase": "first-player"},
            outcomes=[{"outcome": {"type": "first-player", "player": p}, "p": THIRD} for p in range(3)])
    b.do({"type": "first-player", "player": 2}, explain="Green rolled highest: green claims first.",
         state={"phase": "claim", "current": 2, "first_player": 2})


@scenario("classic.setup.claim-territories.001", "Players claim empty territories in turn",
          ["classic.setup.claim-territories"])
def claim(b):
    b.new_game()
    b.do({"type": "first-player", "player": 0}, state={"phase": "claim", "current": 0})
    b.check(legal_count=42, explain="Any of the 42 empty territories may be claimed.")
    b.do({"type": "claim", "territory": "alaska"}, explain="Black puts one army on Alaska.",
         state={"territories": {"alaska": {"owner": 0, "armies": 1}}, "current": 1,
                "players": [{"reserve": 34}, {"reserve": 35}, {"reserve": 35}]},
         events=[{"type": "claimed", "player": 0, "territory": "alaska"}], legal_count=41)


@scenario("classic.setup.claim-territories.002", "A claimed territory cannot be claimed again",
          ["classic.setup.claim-territories"], negative=True)
def claim_taken(b):
    b.new_game()
    b.do({"type": "first-player", "player": 0}, state={"phase": "claim", "current": 0})
    b.do({"type": "claim", "territory": "alaska"}, state={
        "territories": {"alaska": {"owner": 0, "armies": 1}}, "current": 1,
        "players": [{"reserve": 34}, {}, {}]})
    b.reject({"type": "claim", "territory": "alaska"}, "occupied",
             explain="Blue may not claim Alaska: black holds it.", rule="classic.setup.claim-territories")


@scenario("classic.setup.deal-territories.001", "Dealt territories: each deal gives one empty territory",
          ["classic.setup.deal-territories"], options={"distribution": "deal"})
def deal(b):
    b.new_game()
    b.do({"type": "first-player", "player": 0}, state={"phase": "deal", "current": 0})
    b.check(state={"phase": "deal"},
            outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": "1/42"} for t in b.s["territories"]])
    b.do({"type": "deal", "territory": "brazil"}, explain="The first card dealt goes to the first player.",
         state={"territories": {"brazil": {"owner": 0, "armies": 1}}, "players": [{"reserve": 34}, {}, {}]})


def _all_claimed(b, reserves, current=0, own=1):
    def edit(d):
        for i, p in enumerate(d["players"]):
            p["reserve"] = reserves[i]
    return b.position(phase="setup-place", current=current, turn=0, pending={"own": own, "neutral": 0},
                      default_armies=1, edit=edit)


@scenario("classic.setup.placement-rounds.001", "After the claims, one army at a time on one's own territory",
          ["classic.setup.placement-rounds"])
def placement(b):
    _all_claimed(b, [21, 21, 21])
    b.check(legal_count=14, explain="Black may reinforce any of its 14 territories, nothing else.")
    b.do({"type": "place", "territory": "alaska"},
         state={"territories": {"alaska": {"owner": 0, "armies": 2}}, "current": 1,
                "players": [{"reserve": 20}, {"reserve": 21}, {"reserve": 21}]})


@scenario("classic.setup.placement-rounds.002", "No setup placement on another player's territory",
          ["classic.setup.placement-rounds"], negative=True)
def placement_other(b):
    _all_claimed(b, [21, 21, 21])
    b.reject({"type": "place", "territory": "northwest-territory"}, "not-owner", rule="classic.setup.placement-rounds")


@scenario("classic.setup.no-stack-limit.001", "A territory may hold any number of armies",
          ["classic.setup.no-stack-limit"],
          synthetic=(["$.territories.alaska.armies", "$.players[*].reserve"],
                     "60 armies on Alaska exceed the 35 a player sets up with: no limit is "
                     "reachable to show in a three-player setup, so the position is built"))
def no_limit(b):
    _all_claimed(b, [5, 5, 5])
    b.load({**b.start, "territories": {**b.start["territories"], "alaska": {"owner": 0, "armies": 60}}})
    # (synthetic: 60 armies on one territory in a 35-army setup, to show there is no cap)
    b.do({"type": "place", "territory": "alaska"}, state={"territories": {"alaska": {"armies": 61}},
                                                          "current": 1, "players": [{"reserve": 4}, {}, {}]})


def last_setup_army(b):
    """Blue placed first; every army but black's last is on the board (35 each in all: the
    rest of each player's armies on their first territory), black to place it."""
    def edit(d):
        d["first_player"] = 1
        reserves = [1, 0, 0]
        for i, p in enumerate(d["players"]):
            p["reserve"] = reserves[i]
            mine = [t for t, v in d["territories"].items() if v["owner"] == i]
            d["territories"][mine[0]]["armies"] = 35 - reserves[i] - (len(mine) - 1)
    b.position(phase="setup-place", current=0, turn=0, pending={"own": 1, "neutral": 0}, edit=edit,
               default_armies=1)


@scenario("classic.setup.first-turn.001", "The first placer takes the first turn",
          ["classic.setup.first-turn"])
def first_turn(b):
    last_setup_army(b)
    b.do({"type": "place", "territory": "alaska"},
         explain="The last setup army is placed; blue, who placed first, begins turn 1.",
         state={"phase": "reinforce", "current": 1, "turn": 1, "players": [{"reserve": 0}, {}, {}],
                "territories": {"alaska": {"armies": 35 - 13}}},
         events=[{"type": "turn-started", "player": 1, "turn": 1}])


@scenario("classic.setup.claim-territories.201", "A claim puts exactly one army on the territory",
          ["classic.setup.claim-territories"])
def claim_one(b):
    b.new_game()
    b.do({"type": "first-player", "player": 1}, state={"phase": "claim", "current": 1},
         events=[{"type": "first-player", "player": 1, "for": "setup"}])
    b.do({"type": "claim", "territory": "brazil"},
         explain="Blue, who won the roll, claims first; green, on blue's left, claims next.",
         state={"territories": {"brazil": {"owner": 1, "armies": 1}}, "current": 2,
                "players": [{}, {"reserve": 34}, {}]},
         events=[{"type": "claimed", "player": 1, "territory": "brazil", "armies": 1}])


@scenario("classic.setup.deal-territories.201",
          "The last dealt territory ends the deal: the first placer places first, no new roll",
          ["classic.setup.deal-territories", "classic.setup.placement-rounds"], options={"distribution": "deal"})
def deal_last(b):
    def edit(d):
        d["territories"]["eastern-australia"] = {**d["territories"]["eastern-australia"], "owner": None,
                                                 "armies": 0}
        for p, r in zip(d["players"], [21, 21, 22]):
            p["reserve"] = r
    b.position(phase="deal", current=0, turn=0, pending={"next": 2}, first_player=0, default_armies=1,
               edit=edit)
    b.check(explain="One territory is left; it goes to green, the third seat from black, who was dealt first.",
            outcomes=[{"outcome": {"type": "deal", "territory": "eastern-australia"}, "p": "1"}])
    b.do({"type": "deal", "territory": "eastern-australia"},
         explain="All 42 territories are out: black, who won the roll before the deal, places first.",
         state={"territories": {"eastern-australia": {"owner": 2, "armies": 1}}, "phase": "setup-place",
                "current": 0, "pending": {"own": 1, "neutral": 0}, "players": [{}, {}, {"reserve": 21}]},
         events=[{"type": "territory-dealt", "player": 2, "territory": "eastern-australia", "armies": 1}])


def _last_round(b):
    """Every territory claimed (14 each, black first); one army left for each player, black to place."""
    def edit(d):
        for i, p in enumerate(d["players"]):
            p["reserve"] = 1
            mine = [t for t, v in d["territories"].items() if v["owner"] == i]
            d["territories"][mine[0]]["armies"] = 35 - 1 - (len(mine) - 1)
    b.position(phase="setup-place", current=0, turn=0, pending={"own": 1, "neutral": 0}, first_player=0,
               default_armies=1, edit=edit)


@scenario("classic.setup.placement-rounds.201", "The last army of each player: nobody is passed over until done",
          ["classic.setup.placement-rounds", "classic.setup.first-turn"])
def last_round(b):
    _last_round(b)
    b.do({"type": "place", "territory": "alaska"},
         explain="Black's last army; blue still has one, so blue places next.",
         state={"territories": {"alaska": {"armies": 22}}, "current": 1, "pending": {"own": 1, "neutral": 0},
                "players": [{"reserve": 0}, {}, {}]},
         events=[placed(0, "alaska")])
    b.do({"type": "place", "territory": "northwest-territory"},
         state={"territories": {"northwest-territory": {"armies": 22}}, "current": 2,
                "players": [{}, {"reserve": 0}, {}]},
         events=[placed(1, "northwest-territory")])
    b.do({"type": "place", "territory": "greenland"},
         explain="Green places the last army of the setup; black, who placed first, starts turn 1.",
         state={"territories": {"greenland": {"armies": 22}}, "current": 0, "turn": 1, "phase": "reinforce",
                "pending": {"to_place": 4, "forced": None}, "players": [{}, {}, {"reserve": 0}]},
         events=[placed(2, "greenland"), {"type": "setup-complete"}, *turn_events(0, 1, 14, 4)])


@scenario("classic.setup.first-turn.600",
          "New roll for the first turn: its winner opens play; the first placer stays who placed first",
          ["classic.setup.first-turn", "classic.amb.first-turn"],
          options={"classic.amb.first-turn": "new-roll"}, reading=("classic.amb.first-turn", "new-roll"))
def new_roll_keeps_first_placer(b):
    last_setup_army(b)       # blue placed first; black's last army is to go down
    b.do({"type": "place", "territory": "alaska"},
         state={"phase": "first-player", "pending": {"for": "turn"}, "first_player": 1,
                "territories": {"alaska": {"armies": 35 - 13}}, "players": [{"reserve": 0}, {}, {}]},
         events=[{"type": "placed", "player": 0, "territory": "alaska", "armies": 1},
                 {"type": "setup-complete"}])
    # green holds, round-robin, no whole continent: 14 territories give 4 armies
    b.do({"type": "first-player", "player": 2},
         explain="Green wins the roll after the setup and takes turn 1; blue is still the player "
                 "who placed first.",
         state={"phase": "reinforce", "current": 2, "turn": 1, "first_player": 1,
                "pending": {"to_place": 4, "forced": None}},
         events=[{"type": "first-player", "player": 2, "for": "turn"},
                 {"type": "turn-started", "player": 2, "turn": 1},
                 {"type": "reinforcements", "player": 2, "territories": 14, "groups": [], "armies": 4}])


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


# -- two-player game ----------------------------------------------------------------------------
@scenario("classic.two-player.mode.001", "Two players play with a neutral army", ["classic.two-player.mode"],
          players=2)
def two_mode(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False}, {"neutral": False}, {"neutral": True}]})


@scenario("classic.two-player.starting-armies.001", "Two-player game: 40 armies each, neutral included",
          ["classic.two-player.starting-armies"], players=2)
def two_armies(b):
    b.new_game()
    b.check(state={"players": [{"reserve": 40}, {"reserve": 40}, {"reserve": 40}]})


@scenario("classic.two-player.deal.001", "Two-player game: territories are dealt, not claimed",
          ["classic.two-player.deal"], players=2)
def two_deal(b):
    b.new_game()
    b.check(state={"phase": "deal"},
            outcomes=[{"outcome": {"type": "deal", "territory": t}, "p": "1/42"} for t in b.s["territories"]])
    b.do({"type": "deal", "territory": "brazil"}, explain="The first card dealt goes to player 0's pile.",
         state={"territories": {"brazil": {"owner": 0, "armies": 1}}, "players": [{"reserve": 39}, {}, {}]})


def _two_setup(b, current=0):
    """The deal is over: 14 territories each (the two players and the neutral), one army on
    each, 40 - 14 = 26 armies left to place for every one of the three."""
    def edit(d):
        for p in d["players"]:
            p["reserve"] = 26
    owners = {t: (i % 3, 1) for i, t in enumerate(b.blank()["territories"])}
    return b.position(owners, phase="setup-place", current=current, turn=0,
                      pending={"own": 2, "neutral": 1}, default_armies=1, edit=edit)


@scenario("classic.two-player.placement.001", "Two-player placement: two own armies, then one neutral",
          ["classic.two-player.placement"], players=2)
def two_place(b):
    st = _two_setup(b)
    neutral_t = next(t for t, v in st["territories"].items() if v["owner"] == 2)
    for n in (1, 2):
        b.do({"type": "place", "territory": "alaska"}, state={
            "pending": {"own": 2 - n, "neutral": 1}, "current": 0,
            "territories": {"alaska": {"armies": 1 + n}}, "players": [{"reserve": 26 - n}, {}, {}]})
    b.do({"type": "place-neutral", "territory": neutral_t},
         explain="After two own armies, one neutral army; then the other player's turn.",
         state={"current": 1, "territories": {neutral_t: {"owner": 2, "armies": 2}},
                "players": [{}, {}, {"reserve": 26 - 1}]})


@scenario("classic.two-player.placement.002", "A neutral army goes on a neutral territory only",
          ["classic.two-player.placement"], players=2, negative=True)
def two_place_bad(b):
    _two_setup(b)
    for n in (1, 2):
        b.do({"type": "place", "territory": "alaska"}, state={
            "territories": {"alaska": {"armies": 1 + n}}, "players": [{"reserve": 26 - n}, {}, {}]})
    b.reject({"type": "place-neutral", "territory": "alaska"}, "not-neutral", rule="classic.two-player.placement")


@scenario("classic.two-player.neutral-passive.001", "The neutral army never takes a turn",
          ["classic.two-player.neutral-passive"], players=2)
def neutral_passive(b):
    b.position(phase="fortify", current=1)
    b.do({"type": "end-turn"}, explain="After player 1 comes player 0 again, never the neutral.",
         state={"current": 0, "turn": 2, "phase": "reinforce"})


@scenario("classic.two-player.neutral-defender.001", "The other player chooses the neutral army's dice",
          ["classic.two-player.neutral-defender"], players=2)
def neutral_defender(b):
    b.position({"alaska": (0, 5), "kamchatka": (2, 3)}, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 3, state={"phase": "defend", "pending": {"chooser": 1}})
    b.defend(1, state={"phase": "battle", "pending": {"defender_dice": 1}})


@scenario("classic.two-player.victory.001", "Two-player game: eliminating the other player wins",
          ["classic.two-player.victory"], players=2)
def two_victory(b):
    owners = {t: (2, 1) for t in b.blank()["territories"]}
    owners.update({"alaska": (0, 5), "kamchatka": (1, 1)})
    b.position(owners, phase="attack", current=0)
    take(b, "alaska", "kamchatka", 3, attacker=[6, 5, 4], players=[{}, {"eliminated": True}, {}],
         explain="Player 1 loses its last territory and is out.",
         events=[{"type": "conquered", "territory": "kamchatka"}, {"type": "eliminated", "player": 1}])
    b.do({"type": "occupy", "armies": 3}, explain="Player 0 wins though the neutral army remains.",
         state={"winner": 0, "phase": "game-over", "territories": {"alaska": {"armies": 2}, "kamchatka": {"armies": 3}}},
         events=[{"type": "game-over", "winner": 0}])


@scenario("classic.two-player.head-to-head.001", "Head-to-head two-player game: no neutral, 50 armies each",
          ["classic.two-player.head-to-head"], players=2,
          options={"classic.amb.two-player-setup": "head-to-head-fifty"},
          reading=("classic.amb.two-player-setup", "head-to-head-fifty"))
def head_to_head(b):
    b.new_game()
    b.check(state={"players": [{"neutral": False, "reserve": 50}, {"neutral": False, "reserve": 50}]})
    assert len(b.s["players"]) == 2


@scenario("classic.setup.placement-rounds.003", "Once every territory is claimed, placement goes one army a turn",
          ["classic.setup.placement-rounds", "classic.setup.claim-territories"])
def last_claim(b):
    def edit(d):
        d["territories"]["eastern-australia"] = {"owner": None, "armies": 0}
        for i, p in enumerate(d["players"]):
            p["reserve"] = [21, 21, 22][i]
    b.position(phase="claim", current=2, turn=0, default_armies=1, edit=edit)
    b.check(legal=[{"type": "claim", "territory": "eastern-australia"}])
    b.do({"type": "claim", "territory": "eastern-australia"},
         explain="The last empty territory is claimed; from now on each player places one army per turn.",
         state={"phase": "setup-place", "current": 0, "pending": {"own": 1, "neutral": 0},
                "territories": {"eastern-australia": {"owner": 2, "armies": 1}}, "players": [{}, {}, {"reserve": 21}]})
    b.do({"type": "place", "territory": "alaska"}, state={"current": 1, "pending": {"own": 1},
                                                         "territories": {"alaska": {"armies": 2}},
                                                         "players": [{"reserve": 20}, {}, {}]})


@scenario("classic.two-player.placement.201", "Neutral armies are for the two-player game only",
          ["classic.two-player.placement"], negative=True)
def no_neutral_in_three(b):
    _last_round(b)
    b.reject({"type": "place-neutral", "territory": "alaska"}, "no-neutral-armies",
             rule="classic.two-player.placement",
             explain="A three-player game has no neutral army: there is no neutral army to place.")


def _two_player_second(b):
    """After the deal (14 territories each, in map order black, blue, neutral) black has had one
    placement turn (two on Alaska, one neutral on Quebec); blue's turn."""
    owners = {t: (i % 3, 1) for i, t in enumerate(b.blank()["territories"])}
    owners.update({"alaska": (0, 3), "quebec": (2, 2)})

    def edit(d):
        for p, r in zip(d["players"], [24, 26, 25]):
            p["reserve"] = r
    return b.position(owners, phase="setup-place", current=1, turn=0, pending={"own": 2, "neutral": 1},
                      first_player=0, default_armies=1, edit=edit)


@scenario("classic.two-player.placement.202",
          "Two-player placement: two own armies, no third, one neutral, then the other player",
          ["classic.two-player.placement", "classic.two-player.neutral-passive"], players=2, negative=True)
def two_second_turn(b):
    _two_player_second(b)
    b.do({"type": "place", "territory": "northwest-territory"},
         state={"territories": {"northwest-territory": {"armies": 2}}, "pending": {"own": 1, "neutral": 1},
                "players": [{}, {"reserve": 25}, {}]},
         events=[placed(1, "northwest-territory")])
    b.do({"type": "place", "territory": "northwest-territory"},
         state={"territories": {"northwest-territory": {"armies": 3}}, "pending": {"own": 0, "neutral": 1},
                "players": [{}, {"reserve": 24}, {}]},
         events=[placed(1, "northwest-territory")])
    b.reject({"type": "place", "territory": "northwest-territory"}, "no-own-armies",
             rule="classic.two-player.placement", explain="Two own armies a placement turn, not three.")
    b.do({"type": "place-neutral", "territory": "greenland"},
         explain="Blue's neutral army ends the turn; black places next (the neutral army never has a turn).",
         state={"territories": {"greenland": {"armies": 2}}, "current": 0, "pending": {"own": 2, "neutral": 1},
                "players": [{}, {}, {"reserve": 24}]},
         events=[placed(2, "greenland", by=1)])


@scenario("classic.two-player.placement.203",
          "Two-player game, one neutral territory: the players finish placing the neutral armies, one a turn",
          ["classic.two-player.placement", "classic.amb.neutral-territories", "classic.setup.first-turn"],
          players=2, options={"classic.amb.neutral-territories": "single-territory"})
def neutral_tail(b):
    """The deal gave the neutral army Kamchatka alone and black 21, blue 20 territories
    (alternating in map order); every own army is down (black 40, blue 40), the neutral army
    has 3 left of 40 after 36 placement turns, black first."""
    rest = [t for t in b.blank()["territories"] if t != "kamchatka"]
    owners = {t: (i % 2, 1) for i, t in enumerate(rest)}
    owners.update({"alaska": (0, 20), "northwest-territory": (1, 21), "kamchatka": (2, 37)})

    def edit(d):
        for p, r in zip(d["players"], [0, 0, 3]):
            p["reserve"] = r
    b.position(owners, phase="setup-place", current=0, turn=0, pending={"own": 0, "neutral": 1},
               first_player=0, default_armies=1, edit=edit)
    b.do({"type": "place-neutral", "territory": "kamchatka"},
         explain="Neither player has armies of their own left: each turn is one neutral army.",
         state={"territories": {"kamchatka": {"armies": 38}}, "current": 1, "pending": {"own": 0, "neutral": 1},
                "players": [{}, {}, {"reserve": 2}]},
         events=[placed(2, "kamchatka", by=0)])
    b.do({"type": "place-neutral", "territory": "kamchatka"},
         explain="One neutral army is left: black still has a turn to place it.",
         state={"territories": {"kamchatka": {"armies": 39}}, "current": 0, "pending": {"own": 0, "neutral": 1},
                "players": [{}, {}, {"reserve": 1}]},
         events=[placed(2, "kamchatka", by=1)])
    b.do({"type": "place-neutral", "territory": "kamchatka"},
         explain="All 120 armies are down; black placed first and starts turn 1 with 21 ÷ 3 = 7 armies.",
         state={"territories": {"kamchatka": {"armies": 40}}, "current": 0, "turn": 1, "phase": "reinforce",
                "pending": {"to_place": 7, "forced": None}, "players": [{}, {}, {"reserve": 0}]},
         events=[placed(2, "kamchatka", by=0), {"type": "setup-complete"}, *turn_events(0, 1, 21, 7)])


@scenario("classic.two-player.neutral-defender.201",
          "No opponent left to choose the neutral army's dice: it throws as many as allowed",
          ["classic.two-player.neutral-defender", "classic.attack.defender-dice", "classic.amb.two-player-victory"],
          players=2, options={"classic.amb.two-player-victory": "all-territories"},
          reading=("classic.amb.two-player-victory", "all-territories"))
def neutral_dice_alone(b):
    owners = {t: (0, 2) for t in b.blank()["territories"]}
    owners.update({"alaska": (0, 5), "kamchatka": (2, 3), "greenland": (2, 1)})
    b.position(owners, phase="attack", current=0)
    b.attack("alaska", "kamchatka", 3,
             explain="Blue is out, so nobody throws for the neutral army: two dice, the most three armies allow.",
             state={"phase": "battle", "pending": {"from": "alaska", "to": "kamchatka", "attacker_dice": 3,
                                                   "defender_dice": 2}},
             events=[{"type": "attack-declared", "player": 0, "from": "alaska", "to": "kamchatka", "dice": 3}])
