"""The consistency invariants of a Napoléon state (see :mod:`riskspec.reference.consistency`
for the Classic ones and the reasons; ``docs/state-invariants.md`` lists both).

Checked by :func:`~riskspec.reference.napoleon.state.from_dict` after the form: a state
breaking one raises :class:`~riskspec.reference.state.InvalidStateError` naming the
invariant.  Places are territories then maritime zones; units on a zone are ships.
"""

# ruff: noqa: B023 - each message lambda runs inside require(), within its loop iteration
from __future__ import annotations

from typing import Any

from riskspec.reference.consistency import MAX_ARMIES, MAX_TURNS, check_has_move, fail, require
from riskspec.reference.napoleon import effects as EF
from riskspec.reference.napoleon.combat import defence_limit
from riskspec.reference.napoleon.state import PHASES, NapState

#: invariant ID → what it requires (the Napoléon ones; shared IDs mean the same as Classic's)
INVARIANTS: dict[str, str] = {
    "state.player-count": "the players are as many as the variant allows, followed by the "
                          "setup.neutral_players neutral seats",
    "state.seat-range": "every seat number (current, first player, winner, eliminated by, "
                        "pending players) names a seat",
    "state.current-player": "outside game over, the seat to act is alive (or, in the "
                            "relocation draws of an epidemic, just put out by it); a card table "
                            "is dealt to it",
    "state.eliminated-holds-nothing": "an eliminated seat holds no place and no card; it was "
                                      "eliminated by the seat whose turn it was (itself, when "
                                      "its own epidemic phase took its last territory), after setup",
    "state.winner": "a winner is a seat that is not neutral",
    "state.turn-count": f"turns within 0 to {MAX_TURNS:,}; setup phases are turn 0, the "
                        f"phases of a player's turn (reinforce to maneuver) turn 1 and up",
    "state.counts": "units, ships, leaders, fortifications, epidemics and pending counts are "
                    "whole numbers of at least 0",
    "state.army-limit": f"at most {MAX_ARMIES:,} units, ships and reserves together",
    "state.battle": "a declared attack or battle is between places of two different seats, "
                    "with dice within the rules' limits (bonuses of active cards included)",
    "state.setup": "a claim or deal goes to a seat with a regiment in reserve; a setup "
                   "placement has regiments left to place, no more than the reserve of the army "
                   "it places; a general or fortification placement has one left to place, no "
                   "more than a player's allotment, the general before the fortifications; "
                   "the setup's epidemics come where setup.epidemics_moment puts them",
    "state.alive-holds-territory": "in the game proper every seat still in the game but the "
                                   "neutral ones holds a territory",
    "state.challengers": "challenger ships are the player to move's, in a zone another seat "
                         "holds, from the reinforcement to their forced battle",
    "state.has-move": "the player to act has at least one legal action (a chance node at "
                      "least one outcome)",
}


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_ARMIES


def check_state(s: NapState) -> None:
    check_seats(s)
    check_counts(s)
    check_eliminated(s)
    check_setup(s)
    check_battle(s)
    check_has_move(s)


def check_seats(s: NapState) -> None:
    n = s.n_players
    v, k = s.tables.variant, s.tables.params.setup_neutral_players
    require(v.min_players <= n - k <= v.max_players and s.neutrals == tuple(range(n - k, n)),
            "state.player-count",
            lambda: f"{n} seats with neutral seats {list(s.neutrals)}: {v.id} seats "
                    f"{v.min_players} to {v.max_players} players, then {k} neutral seat(s)")

    def seat(v: Any, what: str, none_ok: bool = True) -> None:
        ok = isinstance(v, int) and not isinstance(v, bool) and (
            (-1 if none_ok else 0) <= v < n)
        require(ok, "state.seat-range", lambda: f"{what}: no seat {v!r} (seats 0 to {n - 1})")

    seat(s.current, "current", none_ok=False)
    seat(s.first_player, "first_player")
    seat(s.winner, "winner")
    for p, by in enumerate(s.eliminated_by):
        seat(by, f"players[{p}].eliminated_by")
    for key, kind in PHASES[s.phase].items():
        if kind == "player":
            seat(s.pending[key], f"pending.{key}", none_ok=key == "chooser")
    if s.phase != "game-over" and not (s.phase == "epidemics" and s.pending["moving"]) and \
            s.phase != "epidemic-move":
        require(s.eliminated_by[s.current] < 0, "state.current-player",
                lambda: f"seat {s.current} is to act but is eliminated")
    if s.phase == "card-table":  # the table of cards is dealt to the player to act
        seat_dealt, after = s.pending["seat"], s.pending["after"]
        require(seat_dealt == s.current, "state.current-player",
                lambda: f"a card table dealt to seat {seat_dealt} while seat {s.current} acts")
        require(after not in ("setup", "turn") or (after == "setup") == (s.turn == 0),
                "state.turn-count",
                lambda: f"a card table after {after} at turn {s.turn}: the setup's is turn 0")
    if s.winner >= 0:
        require(s.winner not in s.neutrals, "state.winner", lambda: "a neutral seat wins")


def check_counts(s: NapState) -> None:
    require(isinstance(s.turn, int) and 0 <= s.turn <= MAX_TURNS, "state.turn-count",
            lambda: f"turn {s.turn!r}: turns run from 0 to {MAX_TURNS:,}")
    if s.phase in TURN0_PHASES or s.phase in TURN_PHASES:
        require((s.turn == 0) == (s.phase in TURN0_PHASES), "state.turn-count",
                lambda: f"phase {s.phase} at turn {s.turn}: setup is turn 0, a player's turn "
                        f"is turn 1 or later")
    # the setup's own uses of two phases the game proper also has: placing the starting
    # epidemics (not moving them), dealing the first mission cards
    setup_use = (s.phase == "epidemics" and not s.pending["moving"]) or \
        (s.phase == "deal-missions" and s.pending["then"] == "setup")
    require(not setup_use or s.turn == 0, "state.turn-count",
            lambda: f"phase {s.phase} for the setup at turn {s.turn}: setup is turn 0")
    per_place = (("units", s.armies), ("generals", s.generals), ("fortifications", s.forts),
                 ("epidemics", s.epidemics), ("admirals", s.admirals),
                 ("challenger ships", s.challengers))
    for what, values in per_place:
        for i, v in enumerate(values):
            require(_is_count(v), "state.counts",
                    lambda: f"{s.tables.places[i]}: {what} {v!r} is not a count")
    for p, r in enumerate(s.reserves):
        require(_is_count(r), "state.counts", lambda: f"players[{p}].reserve {r!r}")
    for key, kind in PHASES[s.phase].items():
        if kind == "count":
            v = s.pending[key]
            require(_is_count(v), "state.counts", lambda: f"pending.{key} {v!r} is not a count")
    total = sum(s.armies) + sum(s.challengers) + sum(s.reserves) + sum(
        v for k, v in s.pending.items() if k in ("to_place", "left") and isinstance(v, int))
    require(total <= MAX_ARMIES, "state.army-limit",
            lambda: f"{total:,} units in play; the engine accepts at most {MAX_ARMIES:,}")


def check_eliminated(s: NapState) -> None:
    for p, by in enumerate(s.eliminated_by):
        if by < 0:
            continue
        require(s.turn >= 1, "state.eliminated-holds-nothing",
                lambda: f"seat {p} is eliminated during setup (turn 0): no seat is")
        require(p not in s.owner, "state.eliminated-holds-nothing",
                lambda: f"seat {p} is eliminated but holds {s.tables.places[s.owner.index(p)]}")
        require(not s.hands[p], "state.eliminated-holds-nothing",
                lambda: f"seat {p} is eliminated but holds cards")


SETUP_PHASES = frozenset({"claim", "deal", "setup-place", "random-place", "setup-leaders"})
#: the phases only setup has: its own, and the draw for the first player
TURN0_PHASES = SETUP_PHASES | {"first-player"}
#: the phases in which challenger ships may wait for their forced naval battle: bought in
#: the reinforcement, fought first thing in the attack phase (its battle phases, an epidemic
#: or a ransom on the way)
CHALLENGE_PHASES = frozenset({"reinforce", "attack", "defend", "battle", "reroll",
                              "reroll-dice", "epidemic-move", "ransom"})
#: the phases of a player's turn in the game proper (card tables, mission deals and
#: epidemics also come at setup, a first-player draw only there)
TURN_PHASES = frozenset({"reinforce", "attack", "defend", "battle", "reroll", "reroll-dice",
                         "occupy", "maneuver", "ransom", "draw", "epidemic-move"})


def check_setup(s: NapState) -> None:
    if s.phase in ("claim", "deal"):
        seat = s.current if s.phase == "claim" else s.pending["next"]
        require(s.reserves[seat] >= 1, "state.setup",
                lambda: f"phase {s.phase}: seat {seat} takes a territory with no regiment in reserve")
    elif s.turn >= 1 and s.phase not in SETUP_PHASES:
        held = set(s.owner[:s.tables.n_territories])
        for p in range(s.n_players):
            require(p in held or s.eliminated_by[p] >= 0 or p in s.neutrals,
                    "state.alive-holds-territory",
                    lambda: f"seat {p} holds no territory but is not eliminated")
    if s.phase in ("setup-place", "random-place"):
        seat, left = s.pending["seat"], s.pending["left"]
        require(1 <= left <= s.reserves[seat], "state.setup",
                lambda: f"pending.left {left}: seat {seat} has {s.reserves[seat]} in reserve")
    if s.phase == "setup-leaders":
        check_leader_setup(s)
    if s.phase == "epidemics" and not s.pending["moving"]:
        check_setup_epidemics(s)
    require(not any(s.challengers) or s.phase in CHALLENGE_PHASES, "state.challengers",
            lambda: f"challenger ships in phase {s.phase}: they are bought in the reinforcement "
                    f"and fought before the attacks go on (nothing else is played until then)")
    for z, n in enumerate(s.challengers):
        require(n == 0 or s.owner[z] not in (-1, s.current), "state.challengers",
                lambda: f"{s.tables.places[z]}: {n} challenger ships in a zone held by seat "
                        f"{s.owner[z]} (the player to move: {s.current})")


def check_leader_setup(s: NapState) -> None:
    """The general and fortifications a seat places at setup: some still to place (the phase
    ends with the last), within the allotment, the general first (it is placed first)."""
    prm, g, f = s.tables.params, s.pending["generals"], s.pending["fortifications"]
    most_g, most_f = prm.setup_generals_per_player, prm.setup_fortifications_per_player
    require(0 <= g <= most_g and 0 <= f <= most_f and g + f >= 1 and (g == 0 or f == most_f),
            "state.setup",
            lambda: f"setup-leaders with {g} generals and {f} fortifications left to place: a "
                    f"player places {most_g} and {most_f}, the general first, and the phase ends "
                    f"with the last")


def check_setup_epidemics(s: NapState) -> None:
    """The setup's epidemics come where setup.epidemics_moment puts them: once every territory
    is held and every starting regiment is down ('after-leaders'), or before any territory is
    claimed ('before-claim', claiming setup)."""
    p, T = s.tables.params, s.tables.n_territories
    held = sum(1 for o in s.owner[:T] if o >= 0)
    if p.setup_epidemics_moment == "after-leaders":
        require(held == T and not any(s.reserves), "state.setup",
                lambda: f"the setup's epidemics with {T - held} territories unheld and "
                        f"{sum(s.reserves)} regiments in reserve: they come after the last "
                        f"starting regiment, general and fortification")
    elif p.setup_distribution == "claim":
        require(held == 0, "state.setup",
                lambda: f"the setup's epidemics with {held} territories claimed: they come "
                        "before the claims (setup.epidemics_moment before-claim)")


#: the phases of a declared attack: pending from, to, naval and the dice (counts or rolls)
BATTLE_PHASES = ("defend", "battle", "reroll", "reroll-dice")


def check_battle(s: NapState) -> None:
    if s.phase not in BATTLE_PHASES:
        return
    tb, p, pend = s.tables, s.tables.params, s.pending
    f, t = pend["from"], pend["to"]
    names = tb.places
    if f == t:  # the forced naval battle: ships built among another player's (challengers)
        require(tb.is_zone(t) and s.challengers[t] > 0 and s.owner[t] not in (-1, s.current),
                "state.battle", lambda: f"a battle inside {names[t]} without challenger ships "
                                        "of the player to act among another seat's ships")
    else:
        require(s.owner[t] not in (-1, s.current) and s.owner[f] == s.current, "state.battle",
                lambda: f"a battle from {names[f]} (seat {s.owner[f]}) against {names[t]} "
                        f"(seat {s.owner[t]}): the attacker holds the first, another seat the "
                        "second")
    require(pend["naval"] == tb.is_zone(t), "state.battle",
            lambda: f"pending.naval is {pend['naval']} for a battle in {names[t]}")
    require(s.armies[t] >= 1, "state.battle", lambda: f"{names[t]} is attacked but has no units")
    top = p.attack_max_attacker_dice + EF.extra_dice(s, s.current, False)
    rolled = s.phase.startswith("reroll")
    dice = len(pend["attacker"]) if rolled else pend["attacker_dice"]
    units = s.challengers[t] if f == t else s.armies[f]
    require(_is_count(dice) and 1 <= dice <= min(top, units), "state.battle",
            lambda: f"{dice!r} attacker dice from {units} units (1 to {top} allowed)")
    if s.phase != "defend":
        most = defence_limit(s, t)
        d = len(pend["defender"]) if rolled else pend["defender_dice"]
        require(_is_count(d) and 1 <= d <= max(most, 1), "state.battle",
                lambda: f"{d!r} defender dice with {s.armies[t]} units (1 to {most} allowed)")


_ = fail
