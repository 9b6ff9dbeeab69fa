"""Checks that hold after every step of every game (used by the random-play and stateful tests)."""

from __future__ import annotations

from typing import Any

from invariants_common import (  # noqa: F401
    check_cards_conserved,
    check_illegal_leaves_state,
    check_node_kind,
    check_round_trip,
)

from riskspec.reference import engine as E
from riskspec.reference.actions import parse_action, sort_key
from riskspec.reference.chance import get_chance_table
from riskspec.reference.state import SETUP_PHASES, State

ADDS = {"placed": "armies", "claimed": "armies", "territory-dealt": "armies", "traded": "bonus"}
ACTOR_EVENTS = {"placed", "claimed", "traded", "attack-declared", "defence-chosen", "occupied",
                "fortified", "turn-ended"}


def check_node(s: State, full: bool = True) -> None:
    """Who acts, what they may do, and the chance outcomes, are consistent (``full``: also
    the canonical order of long outcome lists, e.g. the 1176 rolls of three dice against two)."""
    who = check_node_kind(s)
    if who == E.TERMINAL:
        return
    if who == E.CHANCE:
        outcomes = E.chance_outcomes(s)
        if full or len(outcomes) <= 60:
            keys = [sort_key(o, s.tables, s.n_players) for o, _ in outcomes]
            assert keys == sorted(keys) and len(set(keys)) == len(keys)
        return
    assert who != s.neutral
    legal = E.legal_actions(s)
    keys = [sort_key(a, s.tables, s.n_players) for a in legal]
    assert keys == sorted(keys), "legal actions are in canonical order"
    assert len(set(keys)) == len(keys), "legal actions are unique"


def check_board(s: State) -> None:
    check_cards_conserved(s)
    for p in range(s.n_players):
        if s.eliminated_by[p] >= 0:
            assert p not in s.owner and s.hands[p] == ()
    if s.phase in SETUP_PHASES:
        return
    check_hand_limits(s)
    assert min(s.owner) >= 0, "every territory has an owner"
    empty = [t for t, a in enumerate(s.armies) if a < 1]
    if s.phase == "occupy":
        assert empty == [s.pending["to"]], "only the territory just conquered is empty"
    else:
        assert empty == [], "every territory holds at least one army"
    for o in s.owner:
        assert s.eliminated_by[o] < 0, "no territory belongs to an eliminated player"


def check_hand_limits(s: State) -> None:
    """Hand sizes stay within what the card rules allow (checked under the readings where the
    bound is simple: trades forced down to below cards.forced_trade_at, captured cards
    traded at once, a fixed number of cards per turn, and wild cards usable in sets)."""
    prm = s.tables.params
    if (prm.cards_forced_trade_until != "below-threshold"
            or prm.cards_elimination_trade_timing != "immediately"
            or prm.cards_draw_mode != "per-turn" or prm.cards_max_wilds_per_set < 1
            or s.phase in SETUP_PHASES):
        return
    kept = max(prm.cards_forced_trade_at - 1, prm.cards_elimination_trade_at - 1,
               prm.cards_elimination_trade_until)
    for p in range(s.n_players):
        hand = len(s.hands[p])
        if p == s.current and s.phase in ("attack", "defend", "battle", "fortify"):
            assert hand <= kept, f"player {p} holds {hand} cards during their turn"
        elif p != s.current:
            assert hand <= kept + prm.cards_per_turn_draw, f"player {p} holds {hand} cards"


def check_step(before: State, action: dict[str, Any], after: State, events: list[dict[str, Any]]) -> None:
    who = E.current_player(before)
    if who == E.CHANCE:
        table = get_chance_table(before)
        assert table is not None
        parsed = parse_action(action, before.tables, before.n_players)
        assert any(table.outcome(i) == action for i in range(len(table))) \
            if len(table) <= 60 else parsed[0] == "roll"
    else:
        assert action in E.legal_actions(before)
        actors = [e for e in events if e["type"] in ACTOR_EVENTS]
        if actors:
            assert actors[0].get("by", actors[0]["player"]) == who, "only the player to act acts"
    added = sum(e[ADDS[e["type"]]] for e in events if e["type"] in ADDS)
    lost = sum(e["attacker_losses"] + e["defender_losses"] for e in events if e["type"] == "battle")
    assert sum(after.armies) - sum(before.armies) == added - lost, \
        "armies change only by placements, card bonuses and battle losses"
    prm = before.tables.params
    if before.phase == "reinforce" and after.phase != "reinforce" and after.winner < 0:
        hand = len(after.hands[before.current])
        if (prm.cards_forced_trade_until == "below-threshold"
                and prm.cards_elimination_trade_timing == "immediately"):
            assert hand < prm.cards_forced_trade_at or not _had_set(after, before.current), \
                "a forced trade leaves fewer than cards.forced_trade_at cards"
    if before.phase == "elimination-trade" and after.phase != "elimination-trade":
        assert len(after.hands[before.current]) <= prm.cards_elimination_trade_until or \
            not _had_set(after, before.current)
    assert (after.winner >= 0) == (E.current_player(after) == E.TERMINAL)


def _had_set(s: State, seat: int) -> bool:
    from riskspec.reference.cards import has_valid_set
    tb = s.tables
    return has_valid_set(s.hands[seat], tb.card_symbol, tb.ruleset.board.symbols,
                         tb.params.cards_max_wilds_per_set)
