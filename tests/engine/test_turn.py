"""The turn: reinforcements, cards, attack, conquest, elimination, fortify, victory.

One test (or more) per rule, named by rule ID, each on a small hand-made position.
"""

from __future__ import annotations

from fractions import Fraction

from .helpers import E, armies, build_state, events_of, find, owner, reject, run, start_turn

AUSTRALIA = "indonesia=0:1 new-guinea=0:1 western-australia=0:1 eastern-australia=0:1"
SOUTH_AMERICA = "venezuela=0:1 peru=0:1 brazil=0:1 argentina=0:1"
OTHERS = " eastern-australia=2:1"  # the rest of the board goes to seat 1


def board_with(seat: int, count: int, exclude_groups=("australia", "south-america")) -> str:
    """``count`` territories for ``seat`` spread so that no continent is complete."""
    v = E.get_variant("classic")
    picks = []
    for g in v.board.groups:
        if g.id in exclude_groups:
            continue
        picks += list(g.territories[:-1])
    return " ".join(f"{t}={seat}:1" for t in picks[:count])


# -------------------------------------------------------------------------- turn

def test_classic_turn_order__passes_left_skipping_the_eliminated():
    s = build_state(players=4, phase="fortify", current=0, eliminated={1: 3})
    s, ev = run(s, {"type": "end-turn"})
    assert (s.current, s.turn) == (2, 2)
    assert events_of(ev, "turn-started") == [{"type": "turn-started", "player": 2, "turn": 2}]
    s = build_state(players=4, phase="fortify", current=3)
    s, _ = run(s, {"type": "end-turn"})
    assert s.current == 0


def test_classic_turn_sequence__actions_only_in_their_phase():
    s = build_state(board="alaska=0:5 kamchatka=1:3", phase="attack")
    reject(s, {"type": "place", "territory": "alaska"}, "wrong-phase", "classic.turn.sequence")
    reject(s, {"type": "fortify", "from": "alaska", "to": "alberta", "armies": 1},
           "wrong-phase", "classic.turn.sequence")
    reject(s, {"type": "roll", "attacker": [1], "defender": [1]}, "not-chance-node",
           "classic.turn.sequence")
    s, _ = run(s, {"type": "end-attack"})
    reject(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 1},
           "wrong-phase", "classic.turn.sequence")
    battle = build_state(board="alaska=0:5 kamchatka=1:3", phase="battle",
                         pending={"from": "alaska", "to": "kamchatka", "attacker_dice": 1,
                                  "defender_dice": 1})
    reject(battle, {"type": "end-attack"}, "chance-node", "classic.turn.sequence")


# -------------------------------------------------------------------------- reinforce

def test_classic_reinforce_territory_armies__territories_divided_by_three():
    s, ev = start_turn(0, board=board_with(0, 14) + OTHERS, rest=1)
    assert events_of(ev, "reinforcements")[0]["armies"] == 14 // 3
    assert s.pending == {"to_place": 4, "forced": None}


def test_classic_reinforce_minimum__at_least_three():
    s, ev = start_turn(0, board=board_with(0, 5) + OTHERS, rest=1)
    assert events_of(ev, "reinforcements")[0] == {
        "type": "reinforcements", "player": 0, "territories": 5, "groups": [], "armies": 3}


def test_classic_reinforce_continent_bonus__whole_continents_add_their_bonus():
    s, ev = start_turn(0, board=AUSTRALIA + " " + SOUTH_AMERICA + " japan=2:1", rest=1)
    r = events_of(ev, "reinforcements")[0]
    assert r["groups"] == ["south-america", "australia"]
    assert r["armies"] == 3 + 2 + 2


def test_classic_reinforce_place__one_army_on_own_territory_then_attack():
    s, _ = start_turn(0, board="alaska=0:1 kamchatka=1:1")
    reject(s, {"type": "place", "territory": "kamchatka"}, "not-owner", "classic.reinforce.place")
    n = s.pending["to_place"]
    for _ in range(n - 1):
        s, _ = run(s, {"type": "place", "territory": "alaska"})
    assert s.phase == "reinforce" and armies(s, "alaska") == n
    s, ev = run(s, {"type": "place", "territory": "alaska"})
    assert s.phase == "attack" and armies(s, "alaska") == n + 1
    assert ev == [{"type": "placed", "player": 0, "territory": "alaska", "armies": 1}]


def test_classic_reinforce_count_time__counted_once_at_turn_start():
    s, ev = start_turn(0, board=board_with(0, 12) + OTHERS, rest=1)
    assert s.pending["to_place"] == 4
    s, _ = run(s, {"type": "place", "territory": s.tables.territories[s.owner.index(0)]})
    assert s.pending["to_place"] == 3


# -------------------------------------------------------------------------- cards

def trade(cards, bonus=None):
    deck = [c.id for c in E.get_variant("classic").board.cards]
    return {"type": "trade", "cards": sorted(cards, key=deck.index), "bonus_territory": bonus}


INF = ["alaska", "venezuela", "peru"]         # infantry
MIX = ["alaska", "greenland", "brazil"]       # infantry, cavalry, artillery


def test_classic_cards_valid_sets__alike_different_or_with_a_wild():
    for cards in (INF, MIX, ["alaska", "greenland", "wild-1"], ["alaska", "wild-1", "wild-2"]):
        s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: cards})
        s, ev = run(s, trade(cards))
        assert events_of(ev, "traded")[0]["value"] == 4
        assert s.hands[0] == () and len(s.discards) == 3
    s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: ["alaska", "venezuela", "greenland"]})
    reject(s, trade(["alaska", "venezuela", "greenland"]), "not-a-set", "classic.cards.valid-sets")
    assert find(s, "trade") == []


def test_classic_cards_valid_sets__wild_limit():
    s, _ = start_turn(0, options={"classic.amb.wilds-per-set": "one-wild"}, board="japan=0:1", rest=1,
                      hands={0: ["alaska", "wild-1", "wild-2"]})
    reject(s, trade(["alaska", "wild-1", "wild-2"]), "too-many-wilds", "classic.cards.valid-sets")


def test_classic_cards_optional_trade__only_cards_one_holds():
    s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: ["alaska", "venezuela"]})
    reject(s, trade(INF), "not-in-hand", "classic.cards.optional-trade")
    s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: INF})
    assert [a["type"] for a in E.legal_actions(s)] == ["place", "trade"]  # may keep the set


def test_classic_cards_trade_timing__not_after_the_reinforcements():
    s = build_state(phase="attack", hands={0: INF})
    reject(s, trade(INF), "wrong-phase", "classic.cards.trade-timing")
    s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: INF})
    while s.phase == "reinforce":
        s, _ = run(s, {"type": "place", "territory": "japan"})
    reject(s, trade(INF), "wrong-phase", "classic.cards.trade-timing")


def test_classic_cards_set_values__escalating_track():
    s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: INF + MIX[1:] + ["siam"]})
    s, ev1 = run(s, trade(INF))
    s, ev2 = run(s, trade(["greenland", "brazil", "siam"]))
    assert [e["value"] for e in events_of(ev1 + ev2, "traded")] == [4, 6]
    assert s.sets_traded == 2 and s.pending["to_place"] == 3 + 4 + 6


def test_classic_cards_set_count_global__whoever_trades():
    s, _ = start_turn(1, board="japan=1:1", rest=0, hands={1: INF}, sets_traded=4)
    s, ev = run(s, trade(INF))
    assert events_of(ev, "traded")[0]["value"] == 12


def test_classic_cards_set_value_increment__five_more_after_the_list():
    for done, value in ((5, 15), (6, 20), (7, 25), (10, 40)):
        s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: INF}, sets_traded=done)
        s, ev = run(s, trade(INF))
        assert events_of(ev, "traded")[0]["value"] == value


def test_classic_cards_territory_bonus__two_armies_on_a_held_pictured_territory():
    s, _ = start_turn(0, board="alaska=0:1 peru=0:1", rest=1, hands={0: INF})
    assert [a["bonus_territory"] for a in find(s, "trade")] == ["alaska", "peru"]
    reject(s, trade(INF), "bonus-territory-required", "classic.cards.territory-bonus")
    reject(s, trade(INF, "venezuela"), "bonus-territory-invalid", "classic.cards.territory-bonus")
    s2, ev = run(s, trade(INF, "peru"))
    assert armies(s2, "peru") == 3 and armies(s2, "alaska") == 1
    assert events_of(ev, "traded")[0]["bonus"] == 2
    assert s2.pending["to_place"] == s.pending["to_place"] + 4  # the bonus is not to place
    s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: INF})
    reject(s, trade(INF, "alaska"), "no-bonus-due", "classic.cards.territory-bonus")


def test_classic_cards_territory_bonus_limit__once_per_turn():
    s, _ = start_turn(0, board="alaska=0:1 greenland=0:1", rest=1,
                      hands={0: INF + ["greenland", "brazil", "siam"]})
    s, _ = run(s, trade(INF, "alaska"))
    reject(s, trade(["greenland", "brazil", "siam"], "greenland"), "no-bonus-due",
           "classic.cards.territory-bonus-limit")
    s, ev = run(s, trade(["greenland", "brazil", "siam"]))
    assert events_of(ev, "traded")[0]["bonus"] == 0 and armies(s, "greenland") == 1


def test_classic_cards_forced_trade__five_cards_trade_before_placing():
    hand = INF + ["greenland", "brazil"]
    s, _ = start_turn(0, board="japan=0:1", rest=1, hands={0: hand})
    assert s.pending["forced"] == {"max_hand": 4, "sets": 0}
    assert {a["type"] for a in E.legal_actions(s)} == {"trade"}
    reject(s, {"type": "place", "territory": "japan"}, "forced-trade", "classic.cards.forced-trade")
    s, _ = run(s, trade(INF))
    assert s.pending["forced"] is None
    s, _ = run(s, {"type": "place", "territory": "japan"})


def test_classic_cards_earn__one_card_after_a_turn_with_a_conquest():
    s = build_state(phase="fortify", conquered=True)
    s, ev = run(s, {"type": "end-turn"})
    assert (s.phase, E.current_player(s)) == ("draw", E.CHANCE)
    outcomes = E.chance_outcomes(s)
    assert len(outcomes) == 44 and {p for _, p in outcomes} == {Fraction(1, 44)}
    s, ev = run(s, {"type": "draw", "card": "peru"})
    assert E.to_dict(s)["players"][0]["cards"] == ["peru"]
    assert (s.phase, s.current) == ("reinforce", 1)
    s = build_state(phase="fortify", conquered=False)
    s, _ = run(s, {"type": "end-turn"})
    assert s.phase == "reinforce" and s.hands[0] == ()
    s = build_state(phase="draw", pending={"left": 1}, hands={1: ["peru"]})
    reject(s, {"type": "draw", "card": "peru"}, "not-in-pile", "classic.cards.earn")


def test_classic_cards_discards__reshuffled_when_the_pile_is_empty():
    deck = [c.id for c in E.get_variant("classic").board.cards]
    s = build_state(phase="fortify", conquered=True, hands={1: deck[:41]}, discards=deck[41:])
    s, ev = run(s, {"type": "end-turn"})
    assert events_of(ev, "reshuffled") == [{"type": "reshuffled", "cards": 3}]
    assert [o["card"] for o, _ in E.chance_outcomes(s)] == deck[41:]


# -------------------------------------------------------------------------- attack

def test_classic_attack_optional__end_attack_is_always_legal():
    s = build_state(board="alaska=0:9", phase="attack")
    assert E.legal_actions(s)[-1] == {"type": "end-attack"}
    s, _ = run(s, {"type": "end-attack"})
    assert s.phase == "fortify"


def test_classic_attack_adjacency__from_own_to_neighbouring_enemy():
    s = build_state(board="alaska=0:5 alberta=0:2 kamchatka=1:3 peru=1:3", phase="attack")
    reject(s, {"type": "attack", "from": "alaska", "to": "peru", "dice": 1}, "not-adjacent",
           "classic.attack.adjacency")
    reject(s, {"type": "attack", "from": "alaska", "to": "alberta", "dice": 1}, "own-territory",
           "classic.attack.adjacency")
    reject(s, {"type": "attack", "from": "kamchatka", "to": "alaska", "dice": 1}, "not-owner",
           "classic.attack.adjacency")
    targets = {(a["from"], a["to"]) for a in find(s, "attack")}
    assert ("alaska", "kamchatka") in targets and ("alaska", "alberta") not in targets


def test_classic_attack_min_armies__two_armies_to_attack():
    s = build_state(board="alaska=0:1 kamchatka=1:3", phase="attack")
    reject(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 1},
           "too-few-armies", "classic.attack.min-armies")


def test_classic_attack_attacker_dice__one_to_three_and_fewer_than_armies():
    s = build_state(board="alaska=0:3 kamchatka=1:3", rest=1, phase="attack")
    dice = [a["dice"] for a in find(s, "attack") if a["from"] == "alaska"]
    assert dice == [1, 2, 1, 2, 1, 2]  # three neighbours, up to two dice each
    reject(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3},
           "too-many-dice", "classic.attack.attacker-dice")
    s = build_state(board="alaska=0:10 kamchatka=1:3", rest=1, phase="attack")
    assert max(a["dice"] for a in find(s, "attack")) == 3


def test_classic_attack_defender_dice__defender_chooses_up_to_two():
    s = build_state(board="alaska=0:10 kamchatka=1:3", phase="attack")
    s, ev = run(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3})
    assert (s.phase, E.current_player(s)) == ("defend", 1)
    assert E.legal_actions(s) == [{"type": "defend", "dice": 1}, {"type": "defend", "dice": 2}]
    reject(s, {"type": "defend", "dice": 3}, "too-many-dice", "classic.attack.defender-dice")
    s, _ = run(s, {"type": "defend", "dice": 1})
    assert (s.phase, s.pending["defender_dice"]) == ("battle", 1)
    s = build_state(board="alaska=0:10 kamchatka=1:1", phase="attack")
    s, _ = run(s, {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3})
    assert E.legal_actions(s) == [{"type": "defend", "dice": 1}]


def test_classic_attack_compare__highest_against_highest():
    s = build_state(board="alaska=0:10 kamchatka=1:5", phase="battle",
                    pending={"from": "alaska", "to": "kamchatka", "attacker_dice": 3,
                             "defender_dice": 2})
    outcomes = E.chance_outcomes(s)
    assert len(outcomes) == 56 * 21 and sum(p for _, p in outcomes) == 1
    s2, ev = run(s, {"type": "roll", "attacker": [6, 2, 1], "defender": [5, 3]})
    b = events_of(ev, "battle")[0]
    assert (b["attacker_losses"], b["defender_losses"]) == (1, 1)
    assert (armies(s2, "alaska"), armies(s2, "kamchatka"), s2.phase) == (9, 4, "attack")
    reject(s, {"type": "roll", "attacker": [6, 2], "defender": [5, 3]}, "dice-count",
           "classic.attack.compare")


def test_classic_attack_ties__defender_wins_ties():
    s = build_state(board="alaska=0:10 kamchatka=1:5", phase="battle",
                    pending={"from": "alaska", "to": "kamchatka", "attacker_dice": 2,
                             "defender_dice": 2})
    s, ev = run(s, {"type": "roll", "attacker": [4, 4], "defender": [4, 4]})
    assert (armies(s, "alaska"), armies(s, "kamchatka")) == (8, 5)


def test_classic_attack_repeat__attack_again_after_a_roll():
    s = build_state(board="alaska=0:10 kamchatka=1:5", phase="battle",
                    pending={"from": "alaska", "to": "kamchatka", "attacker_dice": 3,
                             "defender_dice": 2})
    s, _ = run(s, {"type": "roll", "attacker": [6, 6, 6], "defender": [1, 1]})
    assert s.phase == "attack"
    assert {"type": "attack", "from": "alaska", "to": "kamchatka", "dice": 3} in E.legal_actions(s)


# -------------------------------------------------------------------------- conquest

def conquest(dice=3, from_armies=10):
    s = build_state(board=f"alaska={0}:{from_armies} kamchatka=1:1", phase="battle",
                    pending={"from": "alaska", "to": "kamchatka", "attacker_dice": dice,
                             "defender_dice": 1})
    return run(s, {"type": "roll", "attacker": [6] * dice, "defender": [1]})


def test_classic_conquest_capture__territory_changes_hands_at_once():
    s, ev = conquest()
    assert owner(s, "kamchatka") == 0 and s.phase == "occupy" and s.conquered
    assert events_of(ev, "conquered") == [{"type": "conquered", "player": 0,
                                           "territory": "kamchatka", "from": "alaska",
                                           "victim": 1}]


def test_classic_conquest_move_in__at_least_the_dice_rolled():
    s, _ = conquest(dice=2)
    assert E.legal_actions(s) == [{"type": "occupy", "armies": n} for n in range(2, 10)]
    reject(s, {"type": "occupy", "armies": 1}, "move-in-range", "classic.conquest.move-in")
    s2, ev = run(s, {"type": "occupy", "armies": 5})
    assert (armies(s2, "alaska"), armies(s2, "kamchatka"), s2.phase) == (5, 5, "attack")


def test_classic_conquest_leave_one__one_army_stays():
    s, _ = conquest(dice=3, from_armies=4)
    assert E.legal_actions(s) == [{"type": "occupy", "armies": 3}]
    reject(s, {"type": "occupy", "armies": 4}, "move-in-range", "classic.conquest.leave-one")


def test_classic_conquest_always_occupied__every_territory_held_after_the_move_in():
    s, _ = conquest()
    s, _ = run(s, {"type": "occupy", "armies": 3})
    assert min(s.armies) >= 1 and min(s.owner) >= 0


# -------------------------------------------------------------------------- elimination

def eliminate(hand0=(), hand1=(), options=None, from_armies=10):
    """Seat 0 takes kamchatka, the last territory of seat 1."""
    s = build_state("classic", 3, options, board=f"alaska=0:{from_armies} kamchatka=1:1", rest=2,
                    phase="battle", hands={0: list(hand0), 1: list(hand1)},
                    pending={"from": "alaska", "to": "kamchatka", "attacker_dice": 3,
                             "defender_dice": 1})
    return run(s, {"type": "roll", "attacker": [6, 6, 6], "defender": [1]})


def test_classic_elimination_out__no_territory_left():
    s, ev = eliminate()
    assert events_of(ev, "eliminated") == [{"type": "eliminated", "player": 1, "by": 0}]
    assert E.to_dict(s)["players"][1]["eliminated_by"] == 0


def test_classic_elimination_take_cards__victor_takes_the_hand():
    s, ev = eliminate(hand0=["alaska"], hand1=["peru", "greenland"])
    assert E.to_dict(s)["players"][0]["cards"] == ["alaska", "greenland", "peru"]
    assert s.hands[1] == ()
    assert events_of(ev, "cards-captured")[0]["cards"] == ["greenland", "peru"]


def test_classic_elimination_forced_trade__trade_down_to_four_at_once():
    s, _ = eliminate(hand0=["alaska", "venezuela", "peru"],
                     hand1=["greenland", "brazil", "siam"])
    s, _ = run(s, {"type": "occupy", "armies": 3})
    assert (s.phase, s.pending["forced"]) == ("elimination-trade", {"max_hand": 4, "sets": 0})
    assert {a["type"] for a in E.legal_actions(s)} == {"trade"}
    reject(s, {"type": "place", "territory": "alaska"}, "forced-trade",
           "classic.elimination.forced-trade")
    s, ev = run(s, trade(INF, "alaska"))
    assert len(s.hands[0]) == 3 and s.pending["forced"] is None
    assert find(s, "trade") == []  # down to four: no further trade
    reject(s, trade(["greenland", "brazil", "siam"]), "trade-not-forced",
           "classic.elimination.forced-trade")


def test_classic_elimination_trade_armies__placed_before_attacking_again():
    s, _ = eliminate(hand0=["alaska", "venezuela", "peru"],
                     hand1=["greenland", "brazil", "siam"])
    s, _ = run(s, {"type": "occupy", "armies": 3}, trade(INF, "alaska"))
    assert s.pending["to_place"] == 4 and armies(s, "alaska") == 7 + 2
    for _ in range(4):
        assert s.phase == "elimination-trade"
        s, _ = run(s, {"type": "place", "territory": "kamchatka"})
    assert s.phase == "attack" and armies(s, "kamchatka") == 7


# -------------------------------------------------------------------------- fortify

def test_classic_fortify_one_move__then_the_turn_ends():
    s = build_state(board="alaska=0:5 alberta=0:1", phase="fortify")
    s, ev = run(s, {"type": "fortify", "from": "alaska", "to": "alberta", "armies": 4})
    assert (armies(s, "alaska"), armies(s, "alberta")) == (1, 5)
    assert (s.phase, s.current, s.turn) == ("reinforce", 1, 2)
    s = build_state(board="alaska=0:5 kamchatka=1:1", phase="fortify")
    reject(s, {"type": "fortify", "from": "alaska", "to": "kamchatka", "armies": 1}, "not-own",
           "classic.fortify.one-move")


def test_classic_fortify_path__neighbours_only():
    s = build_state(board="alaska=0:5 alberta=0:1 ontario=0:1", phase="fortify")
    reject(s, {"type": "fortify", "from": "alaska", "to": "ontario", "armies": 1}, "no-path",
           "classic.fortify.path")


def test_classic_fortify_leave_one__one_army_stays():
    s = build_state(board="alaska=0:5 alberta=0:1", phase="fortify")
    reject(s, {"type": "fortify", "from": "alaska", "to": "alberta", "armies": 5}, "leave-one",
           "classic.fortify.leave-one")
    assert max(a["armies"] for a in find(s, "fortify") if a["from"] == "alaska") == 4


def test_classic_fortify_optional__end_turn_without_moving():
    s = build_state(board="alaska=0:5 alberta=0:1", phase="fortify")
    assert E.legal_actions(s)[-1] == {"type": "end-turn"}


def test_classic_fortify_ends_turn__draw_then_next_player():
    s = build_state(board="alaska=0:5 alberta=0:1", phase="fortify", conquered=True)
    s, _ = run(s, {"type": "fortify", "from": "alaska", "to": "alberta", "armies": 1})
    assert s.phase == "draw" and s.current == 0


# -------------------------------------------------------------------------- victory

def test_classic_victory_domination__holding_every_territory_wins():
    s = build_state(board="kamchatka=1:1", rest=0, rest_armies=3, phase="battle",
                    eliminated={2: 0},
                    pending={"from": "alaska", "to": "kamchatka", "attacker_dice": 2,
                             "defender_dice": 1})
    s, ev = run(s, {"type": "roll", "attacker": [6, 1], "defender": [1]})
    assert s.phase == "occupy" and E.current_player(s) == 0  # not over before the move-in
    s, ev = run(s, {"type": "occupy", "armies": 2})
    assert E.current_player(s) == E.TERMINAL and s.winner == 0
    assert ev[-1] == {"type": "game-over", "winner": 0, "reason": "domination"}
    assert E.legal_actions(s) == [] and E.chance_outcomes(s) == []
    reject(s, {"type": "end-attack"}, "game-over", "classic.turn.sequence")
