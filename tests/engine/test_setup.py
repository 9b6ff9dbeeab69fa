"""Setup and the two-player game, one test (or more) per rule, named by rule ID."""

from __future__ import annotations

from fractions import Fraction

import pytest

from riskspec.errors import OptionError

from .helpers import E, armies, events_of, owner, passive, reject, run

PARAMS = E.get_variant("classic").resolve().params


def claim_all(state, order=None):
    """Claim every territory in map order (each current player takes the next free one)."""
    while state.phase == "claim":
        state, _ = run(state, E.legal_actions(state)[0])
    return state


def test_classic_setup_players__two_to_six_with_colours():
    for bad in (1, 7):
        with pytest.raises(OptionError):
            E.new_game("classic", bad)
    s = E.new_game("classic", 4)
    d = E.to_dict(s)
    assert [p["colour"] for p in d["players"]] == ["black", "blue", "green", "pink"]
    s = E.new_game("classic", ["red", "blue", "yellow"])
    assert s.colours == ("red", "blue", "yellow")
    with pytest.raises(OptionError):
        E.new_game("classic", ["red", "red", "blue"])
    with pytest.raises(OptionError):
        E.new_game("classic", ["red", "purple", "blue"])


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_classic_setup_starting_armies__from_the_table(n):
    s = E.new_game("classic", n)
    assert s.reserves == [PARAMS["setup.starting_armies"][str(n)]] * n


def test_classic_setup_first_placer__a_fair_roll_among_the_players():
    s = E.new_game("classic", 3)
    assert E.current_player(s) == E.CHANCE
    assert E.legal_actions(s) == []
    assert E.chance_outcomes(s) == [({"type": "first-player", "player": p}, Fraction(1, 3))
                                    for p in range(3)]
    s, ev = run(s, {"type": "first-player", "player": 1})
    assert (s.phase, E.current_player(s), s.first_player) == ("claim", 1, 1)


def test_classic_setup_claim_territories__in_turn_on_empty_territories():
    s, _ = run(E.new_game("classic", 3), {"type": "first-player", "player": 1})
    assert len(E.legal_actions(s)) == 42
    s, ev = run(s, {"type": "claim", "territory": "peru"})
    assert (owner(s, "peru"), armies(s, "peru"), s.reserves[1]) == (1, 1, 34)
    assert E.current_player(s) == 2
    assert ev == [{"type": "claimed", "player": 1, "territory": "peru", "armies": 1}]
    assert {"type": "claim", "territory": "peru"} not in E.legal_actions(s)
    reject(s, {"type": "claim", "territory": "peru"}, "occupied", "classic.setup.claim-territories")


def test_classic_setup_placement_rounds__one_army_on_own_territory_in_turn():
    s, _ = run(E.new_game("classic", 3), {"type": "first-player", "player": 1})
    s = claim_all(s)
    # 42 claims starting with seat 1: seat 0 claimed last, so seat 1 places next
    assert (s.phase, E.current_player(s), s.pending) == ("setup-place", 1, {"own": 1, "neutral": 0})
    assert {a["type"] for a in E.legal_actions(s)} == {"place"}
    theirs = next(t for t, o in zip(s.tables.territories, s.owner) if o == 2)
    reject(s, {"type": "place", "territory": theirs}, "not-owner", "classic.setup.placement-rounds")
    mine = next(t for t, o in zip(s.tables.territories, s.owner) if o == 1)
    s2, _ = run(s, {"type": "place", "territory": mine})
    assert (armies(s2, mine), E.current_player(s2), s2.reserves[1]) == (2, 2, 20)


def test_classic_setup_placement_rounds__setup_ends_with_first_turn_of_first_placer():
    s, _ = run(E.new_game("classic", 3), {"type": "first-player", "player": 2})
    s = claim_all(s)
    events = []
    while s.phase == "setup-place":
        s, ev = run(s, E.legal_actions(s)[0])
        events += ev
    assert sum(s.armies) == 3 * 35 and s.reserves == [0, 0, 0]
    assert events_of(events, "setup-complete")
    assert (s.phase, s.turn, E.current_player(s)) == ("reinforce", 1, 2)


def test_classic_setup_first_turn__new_roll_reading_rolls_again():
    s = E.new_game("classic", 3, {"classic.amb.first-turn": "new-roll"})
    s, _ = run(s, {"type": "first-player", "player": 2})
    s = claim_all(s)
    while s.phase == "setup-place":
        s, _ = run(s, E.legal_actions(s)[0])
    assert (s.phase, s.pending) == ("first-player", {"for": "turn"})
    s, _ = run(s, {"type": "first-player", "player": 0})
    assert (s.phase, s.turn, s.current) == ("reinforce", 1, 0)


def test_classic_setup_deal_territories__uniform_deal_round_the_table():
    s = E.new_game("classic", 4, {"distribution": "deal"})
    s, _ = run(s, {"type": "first-player", "player": 3})
    outcomes = E.chance_outcomes(s)
    assert len(outcomes) == 42 and all(p == Fraction(1, 42) for _, p in outcomes)
    s, ev = run(s, {"type": "deal", "territory": "alaska"})
    assert owner(s, "alaska") == 3 and s.pending == {"next": 0}
    assert ev[0] == {"type": "territory-dealt", "player": 3, "territory": "alaska", "armies": 1}
    assert len(E.chance_outcomes(s)) == 41
    reject(s, {"type": "deal", "territory": "alaska"}, "already-dealt",
           "classic.setup.deal-territories")
    while s.phase == "deal":
        s, _ = run(s, E.chance_outcomes(s)[0][0])
    counts = sorted(s.owner.count(p) for p in range(4))
    assert counts == [10, 10, 11, 11]
    assert (s.phase, E.current_player(s)) == ("setup-place", 3)


def test_classic_setup_draw_pile__the_whole_deck():
    d = E.to_dict(E.new_game("classic", 3))
    assert d["draw_pile"] == [c.id for c in E.get_variant("classic").board.cards]
    assert len(d["draw_pile"]) == 44


# -------------------------------------------------------------------------- two players

def two_player_game(options=None):
    return E.new_game("classic", 2, options)


def deal_all(s):
    while s.phase == "deal":
        s, _ = run(s, E.chance_outcomes(s)[0][0])
    return s


def test_classic_two_player_mode__a_neutral_army_joins():
    d = E.to_dict(two_player_game())
    assert [p["neutral"] for p in d["players"]] == [False, False, True]
    assert d["players"][2]["colour"] == "green"


def test_classic_two_player_starting_armies__forty_each_and_forty_neutral():
    s = two_player_game()
    assert s.reserves == [40, 40, 40]


def test_classic_two_player_deal__three_piles_then_the_roll():
    s = two_player_game({"distribution": "claim"})
    assert (s.phase, E.current_player(s)) == ("deal", E.CHANCE)
    s = deal_all(s)
    assert [s.owner.count(p) for p in range(3)] == [14, 14, 14]
    assert s.phase == "first-player"
    assert E.chance_outcomes(s) == [({"type": "first-player", "player": p}, Fraction(1, 2))
                                    for p in (0, 1)]
    reject(s, {"type": "first-player", "player": 2}, "not-a-player", "classic.setup.first-placer")


def test_classic_two_player_placement__two_own_then_one_neutral():
    s = deal_all(two_player_game())
    s, _ = run(s, {"type": "first-player", "player": 1})
    assert (s.phase, s.current, s.pending) == ("setup-place", 1, {"own": 2, "neutral": 1})
    mine = next(t for t, o in zip(s.tables.territories, s.owner) if o == 1)
    neutral = next(t for t, o in zip(s.tables.territories, s.owner) if o == 2)
    reject(s, {"type": "place-neutral", "territory": mine}, "not-neutral",
           "classic.two-player.placement")
    s, _ = run(s, {"type": "place", "territory": mine}, {"type": "place", "territory": mine})
    reject(s, {"type": "place", "territory": mine}, "no-own-armies", "classic.two-player.placement")
    s, ev = run(s, {"type": "place-neutral", "territory": neutral})
    assert armies(s, neutral) == 2 and ev[0]["by"] == 1 and ev[0]["player"] == 2
    assert (s.current, s.pending) == (0, {"own": 2, "neutral": 1})
    while s.phase == "setup-place":
        s, _ = run(s, E.legal_actions(s)[0])
    assert s.reserves == [0, 0, 0] and sum(s.armies) == 120
    assert (s.phase, s.current) == ("reinforce", 1)


def test_classic_two_player_neutral_passive__never_takes_a_turn():
    s = deal_all(E.new_game("classic", 2))
    s, _ = run(s, {"type": "first-player", "player": 0})
    turns = []
    while s.turn <= 6:
        s, ev = run(s, passive(s))
        turns += [e["player"] for e in events_of(ev, "turn-started")]
    assert turns == [0, 1, 0, 1, 0, 1, 0]
    assert s.hands[2] == () and s.reserves[2] == 0


def test_classic_two_player_head_to_head__no_neutral_fifty_each():
    s = E.new_game("classic", 2, {"classic.amb.two-player-setup": "head-to-head-fifty"})
    assert s.neutral == -1 and s.reserves == [50, 50]
    assert s.phase == "first-player"
    s, _ = run(s, {"type": "first-player", "player": 0})
    assert s.phase == "claim"


def test_classic_two_player_deal__single_neutral_territory_reading():
    s = E.new_game("classic", 2, {"classic.amb.neutral-territories": "single-territory"})
    s = deal_all(s)
    assert [s.owner.count(p) for p in range(3)] == [21, 20, 1]
