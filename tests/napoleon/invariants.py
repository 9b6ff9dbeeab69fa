"""Checks that hold after every step of every Napoléon game (random play and stateful tests)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from riskspec.reference import engine as E
from riskspec.reference.napoleon.state import NapState


def check_node(s: NapState) -> None:
    who = E.current_player(s)
    legal, outcomes = E.legal_actions(s), E.chance_outcomes(s)
    if who == E.TERMINAL:
        assert legal == [] and outcomes == [] and s.winner >= 0
        return
    if who == E.CHANCE:
        assert legal == [] and outcomes
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        return
    assert 0 <= who < s.n_players and not s.is_neutral(who) and s.eliminated_by[who] < 0
    assert legal, f"a decision node has legal actions ({s.phase})"
    assert outcomes == []


def check_board(s: NapState) -> None:
    tb = s.tables
    T = tb.n_territories
    p = tb.p
    for i, (o, a) in enumerate(zip(s.owner, s.armies)):
        assert a >= 0
        if i < T and s.phase not in ("deal", "occupy") and s.turn > 0:
            # in the Advanced game an epidemic may empty a territory (held by nobody)
            assert (o >= 0 and a >= 1) or (p["game.mode"] == "advanced" and o < 0 and a == 0), \
                f"{tb.places[i]} is occupied once play begins"
        if i >= T:
            assert (o >= 0) == (a > 0) or (o >= 0 and s.phase == "occupy"), tb.places[i]
            if a:
                assert p["basic.pieces"] != "none", "no ships when the pieces exclude them"
    for seat in range(s.n_players):
        if s.is_neutral(seat):
            assert s.hands[seat] == (), "neutral armies hold no cards"
        assert s.reserves[seat] >= 0
    cards = sorted(sum(s.hands, ()) + s.draw_pile + s.discards)
    assert cards == list(range(len(tb.cards))), "every card is in exactly one place"
    if s.turn > 0:
        assert sum(s.reserves) == 0, "all starting regiments are placed before play"
    for i in range(T):
        assert s.generals[i] == 0 or s.owner[i] >= 0, "a general stands with its own regiments"
        assert s.forts[i] <= p["fortifications.max_per_territory"]
    if p["game.mode"] == "advanced":
        assert all(e >= 0 for e in s.epidemics) and not any(s.epidemics[T:])
        if s.turn > 0 and s.phase != "epidemics":
            assert sum(s.epidemics) <= p["setup.epidemics"], "epidemics within bounds"
        for seat in range(s.n_players):
            on_board = sum(s.generals[t] for t in range(T) if s.owner[t] == seat)
            held = s.captives[seat] if p["leaders.limit_counts"] == "including-captured" else 0
            assert on_board + held <= p["generals.max"], "generals within their limit"
        if p["fortifications.supply"] is not None:
            assert sum(s.forts) <= p["fortifications.supply"]
    ships = p["ships.max_per_player"]
    if ships is not None:
        for seat in range(s.n_players):
            own = sum(s.armies[z] for z in range(T, len(s.owner)) if s.owner[z] == seat)
            assert own + (sum(s.challengers) if seat == s.current else 0) <= ships
    for z in range(T, len(s.owner)):
        if s.challengers[z]:  # challengers only face another player's ships, in that turn
            assert s.owner[z] not in (-1, s.current) and s.armies[z] > 0
            assert s.phase in ("reinforce", "attack", "defend", "battle", "reroll", "reroll-dice",
                               "epidemic-move"), s.phase


def check_step(before: NapState, action: dict[str, Any], after: NapState) -> None:
    if before.turn > 0 and action["type"] not in ("trade", "play-card", "place", "buy-ship"):
        # outside reinforcement units are never created
        # (challenger ships built among enemy ships are units too: napoleon.naval.forced-combat)
        assert sum(after.armies) + sum(after.challengers) <= \
            sum(before.armies) + sum(before.challengers), action
    if before.winner >= 0:
        assert after.winner == before.winner


def check_round_trip(s: NapState) -> None:
    text = E.to_json(s)
    assert E.to_json(E.from_json(text)) == text
