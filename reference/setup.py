"""Setup: mission deal, the roll for the first player, claiming or dealing the
territories, and the placement rounds (with the neutral army in the two-player game).

Each ``process_<action>`` receives a fresh copy of the state (``engine.apply``
copies on write), runs its named validity checks, then changes the copy and
appends events.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference import actions as A
from riskspec.reference import ruleids as R
from riskspec.reference.base import get_next_seat, get_player_name, get_territory_name, is_human, require
from riskspec.reference.classic import begin_turn
from riskspec.reference.missions import get_mission_deck
from riskspec.reference.state import State

Events = list[dict[str, Any]]


@R.cites(R.MISSIONS_SETUP)
def start_setup(s: State) -> None:
    """Put a new game in its first phase: the mission deal, or else :func:`start_territories`."""
    if s.tables.mission_deck:
        s.phase, s.pending = "deal-missions", {"next": get_next_seat(
            s, s.n_players - 1, humans_only=True, alive_only=False)}
    else:
        start_territories(s)


def start_territories(s: State) -> None:
    """The roll for the first placer — except in the two-player neutral game, whose
    territories are dealt first (the roll comes after the deal)."""
    if s.neutral >= 0:
        s.phase, s.pending, s.current = "deal", {"next": 0}, 0
    else:
        s.phase, s.pending = "first-player", {"for": "setup"}


def is_deal_setup(s: State) -> bool:
    """Territories are dealt when ``setup.distribution`` says so, and always in the
    two-player neutral game (classic.two-player.deal)."""
    return s.tables.params.setup_distribution == "deal" or s.neutral >= 0


# --------------------------------------------------------------------------- chance

def process_mission(s: State, a: A.Mission, events: Events) -> None:
    player, index = a.player, a.mission
    mission = s.tables.mission_deck[index]
    # Verify that the card goes to the next player in seat order (one each).
    require(player == s.pending["next"], "wrong-recipient", R.MISSIONS_DEAL,
            lambda: f"the next mission card goes to {get_player_name(s, s.pending['next'])}")
    # Verify that the mission card was not dealt already.
    require(mission not in s.missions, "mission-dealt", R.MISSIONS_DEAL,
            f"mission {mission!r} has already been dealt")
    # Verify that the card is in the deck (missions.remove_absent_colours takes out cards
    # against colours nobody plays).
    require(mission in get_mission_deck(s), "mission-removed", R.MISSIONS_ABSENT_COLOURS,
            f"mission {mission!r} names a colour not in play and was taken out of the deck")

    s.missions[player] = mission
    events.append({"type": "mission-dealt", "player": player, "mission": mission})
    nxt = get_next_seat(s, player, humans_only=True, alive_only=False)
    if s.missions[nxt] is None:
        s.pending = {"next": nxt}
    else:
        start_territories(s)


def process_first_player(s: State, a: A.FirstPlayer, events: Events) -> None:
    player = a.player
    # Verify that a player of the game (never the neutral army) wins the roll.
    require(is_human(s, player), "not-a-player", R.SETUP_FIRST_PLACER,
            lambda: f"{get_player_name(s, player)} does not take part in the roll")

    events.append({"type": "first-player", "player": player, "for": s.pending["for"]})
    if s.pending["for"] == "turn":
        begin_turn(s, player, events)
        return
    s.first_player = player
    if -1 not in s.owner:  # two-player neutral game: dealt before the roll
        _start_placement_turn(s, player if _can_place(s, player) else _next_placer(s, player),
                              events)
    elif is_deal_setup(s):
        s.phase, s.pending, s.current = "deal", {"next": player}, player
    else:
        s.phase, s.pending, s.current = "claim", {}, player


def process_deal(s: State, a: A.Deal, events: Events) -> None:
    t = a.territory
    # Verify that the territory was not dealt already.
    require(s.owner[t] < 0, "already-dealt", R.TWO_PLAYER_DEAL if s.neutral >= 0 else R.SETUP_DEAL,
            lambda: f"{get_territory_name(s, t)} has already been dealt")

    seat = s.pending["next"]
    s.owner[t], s.armies[t] = seat, 1
    s.reserves[seat] -= 1
    events.append({"type": "territory-dealt", "player": seat,
                   "territory": s.tables.territories[t], "armies": 1})
    if -1 in s.owner:
        s.pending = {"next": _next_recipient(s, seat)}
    elif s.first_player < 0:  # two-player neutral game: now the roll for first placer
        s.phase, s.pending = "first-player", {"for": "setup"}
    else:
        _start_placement_turn(s, s.first_player if _can_place(s, s.first_player)
                              else _next_placer(s, s.first_player), events)


def _next_recipient(s: State, after: int) -> int:
    """The next seat in rotation to be dealt a territory: one with armies left, the neutral
    army only until it holds ``two_player.neutral_territories``."""
    cap = s.tables.params.two_player_neutral_territories
    for _ in range(s.n_players):
        after = get_next_seat(s, after, humans_only=False, alive_only=False)
        if after == s.neutral and s.owner.count(after) >= cap:
            continue
        if s.reserves[after] > 0:
            return after
    return -1


# --------------------------------------------------------------------------- claiming

def process_claim(s: State, a: A.Claim, events: Events) -> None:
    t = a.territory
    p = s.current
    # Verify that the territory is still empty.
    require(s.owner[t] < 0, "occupied", R.SETUP_CLAIM,
            lambda: f"{get_territory_name(s, t)} is already occupied")

    s.owner[t], s.armies[t] = p, 1
    s.reserves[p] -= 1
    events.append({"type": "claimed", "player": p, "territory": s.tables.territories[t],
                   "armies": 1})
    if -1 in s.owner:
        s.current = _next_with_reserve(s, p, humans_only=True)
    else:
        _start_placement_turn(s, _next_placer(s, p), events)


# --------------------------------------------------------------------------- placement rounds

@R.cites(R.SETUP_NO_STACK_LIMIT)
def process_setup_place(s: State, a: A.Place, events: Events) -> None:
    t = a.territory
    p = s.current
    # Verify that own armies are left to place this turn (a fixed number per turn).
    require(s.pending["own"] > 0, "no-own-armies",
            R.TWO_PLAYER_PLACEMENT if s.neutral >= 0 else R.SETUP_PLACEMENT,
            "no more of your own armies to place this placement turn; place a neutral army")
    # Verify that the territory is the player's own.
    require(s.owner[t] == p, "not-owner",
            R.TWO_PLAYER_PLACEMENT if s.neutral >= 0 else R.SETUP_PLACEMENT,
            lambda: f"{get_territory_name(s, t)} is not yours")

    s.armies[t] += 1
    s.reserves[p] -= 1
    s.pending["own"] -= 1
    events.append({"type": "placed", "player": p, "territory": s.tables.territories[t],
                   "armies": 1})
    _end_placement_turn_if_done(s, events)


def process_place_neutral(s: State, a: A.PlaceNeutral, events: Events) -> None:
    t = a.territory
    # Verify that neutral armies are left to place this turn (only in the two-player
    # neutral game, a few per placement turn).
    require(s.pending["neutral"] > 0, "no-neutral-armies", R.TWO_PLAYER_PLACEMENT,
            "no neutral armies to place this placement turn")
    # Verify that the territory is the neutral army's.
    require(s.owner[t] == s.neutral, "not-neutral", R.TWO_PLAYER_PLACEMENT,
            lambda: f"{get_territory_name(s, t)} is not a neutral territory")

    s.armies[t] += 1
    s.reserves[s.neutral] -= 1
    s.pending["neutral"] -= 1
    events.append({"type": "placed", "player": s.neutral, "territory": s.tables.territories[t],
                   "armies": 1, "by": s.current})
    _end_placement_turn_if_done(s, events)


def _end_placement_turn_if_done(s: State, events: Events) -> None:
    if s.pending["own"] == 0 and s.pending["neutral"] == 0:
        _start_placement_turn(s, _next_placer(s, s.current), events)


def _can_place(s: State, seat: int) -> bool:
    return s.reserves[seat] > 0 or (s.neutral >= 0 and s.reserves[s.neutral] > 0)


def _next_placer(s: State, after: int) -> int:
    """The next player (not the neutral) with armies of their own or neutral ones to place."""
    for _ in range(s.n_players):
        after = get_next_seat(s, after, humans_only=True, alive_only=False)
        if _can_place(s, after):
            return after
    return -1


def _next_with_reserve(s: State, after: int, *, humans_only: bool) -> int:
    for _ in range(s.n_players):
        after = get_next_seat(s, after, humans_only=humans_only, alive_only=False)
        if s.reserves[after] > 0:
            return after
    return -1


def _start_placement_turn(s: State, seat: int, events: Events) -> None:
    prm = s.tables.params
    if seat < 0:
        _finish_setup(s, events)
        return
    if s.neutral >= 0:
        own = min(prm.two_player_own_per_placement, s.reserves[seat])
        neutral = min(prm.two_player_neutral_per_placement, s.reserves[s.neutral])
    else:
        own, neutral = min(prm.setup_armies_per_placement, s.reserves[seat]), 0
    s.phase, s.current, s.pending = "setup-place", seat, {"own": own, "neutral": neutral}


@R.cites(R.SETUP_FIRST_TURN)
def _finish_setup(s: State, events: Events) -> None:
    events.append({"type": "setup-complete"})
    if s.tables.params.turn_first_player == "new-roll":
        s.phase, s.pending = "first-player", {"for": "turn"}
    else:
        begin_turn(s, s.first_player, events)
