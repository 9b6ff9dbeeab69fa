"""The consistency invariants of a Classic state: what :func:`~riskspec.reference.state.from_dict`
checks after the JSON Schema (form) and before it hands a state to the engine (sense).

A state that breaks one of these cannot arise in a game: accepting it would let an
engine (or a test vector) start from nonsense — an eliminated player holding
territories, a battle between territories that do not touch, nine attacker dice — and
some of them make the engine misbehave (a chance node of half a million rolls, one
action per army of a ten-million-army stack).  Each check is a small ``check_*``
function with a stable invariant ID; a failure raises
:class:`~riskspec.reference.state.InvalidStateError` whose ``invariant`` is that ID (the
protocol answers ``invalid-state`` with it as the ``code``).  The list, with the reason
of each, is in ``docs/state-invariants.md``; a test keeps the two in step.

Size limits are engine-wide constants (not rules of the game): far above anything play
reaches (a thousand turns of uniformly random Classic play, the most extreme seeded run
measured, peaked at 18,651 armies in total and 132 sets traded), and low enough that no
state makes a single ``legal_actions`` or ``chance_outcomes`` call unbounded.
"""

# ruff: noqa: B023 - each message lambda runs inside require(), within its loop iteration
from __future__ import annotations

from collections.abc import Callable

from riskspec.reference.family import CHANCE, TERMINAL, family_of
from riskspec.reference.state import SETUP_PHASES, InvalidStateError, State

#: the most armies on the board, in reserves and still to place, together
MAX_ARMIES = 100_000
#: the most turns a state may count, and the most card sets traded
MAX_TURNS = 1_000_000
MAX_SETS = 10_000

#: invariant ID → what it requires (docs/state-invariants.md explains each)
INVARIANTS: dict[str, str] = {
    "state.player-count": "the number of seats is one the variant allows (plus the neutral seat)",
    "state.neutral-seat": "a neutral seat exists exactly in a two-player neutral game",
    "state.seat-range": "every seat number (current, first player, winner, eliminated by, "
                        "pending players) names a seat",
    "state.current-player": "outside game over, the seat to act is alive and not neutral",
    "state.eliminated-holds-nothing": "an eliminated seat holds no territory, card or reserve, "
                                      "and was eliminated by another, living-at-the-time seat",
    "state.winner": "a winner is a seat that is not neutral and not eliminated",
    "state.turn-count": "setup phases are before turn 1, the game proper from turn 1; turns and "
                        "sets traded within the engine's limits",
    "state.occupation": "after setup every territory has an owner and at least one army "
                        "(except the one being moved into)",
    "state.alive-holds-territory": "after setup every seat still in the game holds a territory",
    "state.army-limit": f"at most {MAX_ARMIES:,} armies on the board, in reserves and to place",
    "state.reserves": "reserves are placed during setup: none is left after it (except armies "
                      "kept from a forced trade, under cards.elimination_trade_armies = "
                      "next-reinforcement)",
    "state.turn-flags": "conquests, 'conquered' and fortify moves agree and stay within the rules",
    "state.battle": "a declared attack or battle is from a territory of the player to act to an "
                    "adjacent one of another seat, with dice within the rules' limits",
    "state.occupy": "a move-in follows a conquest: from a territory of the player to act, into "
                    "an adjacent one it now owns, with a minimum it can move",
    "state.pending-counts": "the counts a phase carries are within what can remain (cards to "
                            "draw, armies to place, a forced trade)",
    "state.setup": "claim and deal leave territories to take; setup placements do not exceed "
                   "the reserve",
    "state.missions": "missions are dealt only in the mission game",
    "state.has-move": "the player to act has at least one legal action (a chance node at "
                      "least one outcome)",
}


def fail(invariant: str, message: str) -> None:
    raise InvalidStateError(f"{message} [invariant {invariant}]", invariant=invariant)


def require(cond: bool, invariant: str, message: Callable[[], str]) -> None:
    """A check: ``message`` is built only when ``cond`` fails."""
    if not cond:
        fail(invariant, message())


def check_state(s: State) -> None:
    """Every invariant of a Classic state, in order; the first that fails raises."""
    check_seats(s)
    check_counts(s)
    check_eliminated(s)
    check_board(s)
    check_pending(s)
    check_has_move(s)


def check_has_move(s: State) -> None:
    """Last: a decision node offers its player at least one action and a chance node at
    least one outcome (any state play reaches does; a reinforce phase with nothing to place
    and no trade owed, or a deal with every territory taken, does not)."""
    family = family_of(s)
    who = family.current_player(s)
    if who == CHANCE:
        table = family.chance_table(s)
        require(table is not None and len(table) > 0 and table.total > 0, "state.has-move",
                lambda: f"phase {s.phase} is a chance node without a possible outcome")
    elif who != TERMINAL:
        require(bool(family.legal_actions(s)), "state.has-move",
                lambda: f"seat {who} is to act in phase {s.phase} but has no legal action")


# -- seats ---------------------------------------------------------------------------------
def check_seats(s: State) -> None:
    tb, n = s.tables, s.n_players
    humans = n - (1 if s.neutral >= 0 else 0)
    variant = tb.variant
    require(variant.min_players <= humans <= variant.max_players, "state.player-count",
            lambda: f"{humans} players: {variant.id} is played by {variant.min_players} to "
            f"{variant.max_players}")
    wants_neutral = humans == 2 and tb.params.two_player_mode == "neutral"
    require((s.neutral >= 0) == wants_neutral, "state.neutral-seat",
            lambda: "a neutral seat is in play exactly in a two-player game with two_player.mode = "
            "neutral")
    if s.phase != "game-over":
        require(s.eliminated_by[s.current] < 0, "state.current-player",
                lambda: f"seat {s.current} is to act but is eliminated")
        require(s.current != s.neutral, "state.current-player",
                lambda: "the neutral seat never acts")
    if s.winner >= 0:
        require(s.winner != s.neutral and s.eliminated_by[s.winner] < 0, "state.winner",
                lambda: f"seat {s.winner} wins but is {'neutral' if s.winner == s.neutral else 'eliminated'}")
    dealt = [p for p, m in enumerate(s.missions) if m is not None]
    require(not dealt or tb.params.victory_condition == "mission", "state.missions",
            lambda: f"seat {dealt[0] if dealt else -1} holds a mission, but this is not the mission game")
    if dealt:
        require(s.neutral not in dealt, "state.missions", lambda: "the neutral seat holds a mission")


def check_counts(s: State) -> None:
    setup = s.phase in SETUP_PHASES
    require(s.turn == 0 if setup else 1 <= s.turn <= MAX_TURNS, "state.turn-count",
            lambda: f"phase {s.phase} at turn {s.turn}: setup is turn 0, the game proper turns 1 to "
            f"{MAX_TURNS:,}")
    require(s.sets_traded <= MAX_SETS and (s.sets_traded == 0 or not setup), "state.turn-count",
            lambda: f"{s.sets_traded} sets traded (at most {MAX_SETS:,}, none during setup)")
    total = sum(s.armies) + sum(s.reserves) + sum(
        v for k, v in s.pending.items() if k in ("to_place", "own", "neutral")
        and isinstance(v, int))
    require(total <= MAX_ARMIES, "state.army-limit",
            lambda: f"{total:,} armies in play; the engine accepts at most {MAX_ARMIES:,}")
    if not setup and tb_keeps_no_reserve(s):
        require(not any(s.reserves), "state.reserves",
                lambda: f"seat {next(p for p, r in enumerate(s.reserves) if r)} still has setup "
                f"reserves in phase {s.phase}")
    tb = s.tables
    require(s.conquests <= len(tb.territories) and s.conquered == (s.conquests > 0),
            "state.turn-flags", lambda: f"turn_flags: conquered={s.conquered} but conquests="
                                f"{s.conquests}")
    limit = tb.params.fortify_moves
    require(s.fortify_moves <= max(limit, 0) if limit and limit > 0 else s.fortify_moves <= MAX_ARMIES,
            "state.turn-flags", lambda: f"{s.fortify_moves} fortify moves this turn; the rules allow "
                                f"{limit}")
    # a fortify move ends the attacks, and the last one allowed ends the turn
    require(s.fortify_moves == 0 or s.phase in ("fortify", "draw", "game-over"),
            "state.turn-flags", lambda: f"{s.fortify_moves} fortify move(s) made this turn, "
                                f"but phase {s.phase} comes before fortifying")
    require(s.phase != "fortify" or not limit or limit <= 0 or s.fortify_moves < limit,
            "state.turn-flags", lambda: f"phase fortify after {s.fortify_moves} fortify moves: "
                                f"the last of the {limit} allowed ends the turn")


def tb_keeps_no_reserve(s: State) -> bool:
    """Whether reserves must be empty after setup: they hold only setup armies, except under
    ``cards.elimination_trade_armies`` = next-reinforcement (armies of a forced trade kept
    for the next turn)."""
    return getattr(s.tables.params, "cards_elimination_trade_armies", "") != "next-reinforcement"


def check_eliminated(s: State) -> None:
    for p, by in enumerate(s.eliminated_by):
        if by < 0:
            continue
        require(by != p and by != s.neutral, "state.eliminated-holds-nothing",
                lambda: f"seat {p} was eliminated by seat {by}")
        require(p not in s.owner, "state.eliminated-holds-nothing",
                lambda: f"seat {p} is eliminated but holds {s.tables.territories[s.owner.index(p)]}")
        require(not s.hands[p], "state.eliminated-holds-nothing",
                lambda: f"seat {p} is eliminated but holds cards (they go to the eliminator)")
        require(s.reserves[p] == 0, "state.eliminated-holds-nothing",
                lambda: f"seat {p} is eliminated but has setup reserves")
        require(s.phase not in SETUP_PHASES, "state.eliminated-holds-nothing",
                lambda: f"seat {p} is eliminated during setup")


def check_board(s: State) -> None:
    if s.phase in SETUP_PHASES:
        return
    names = s.tables.territories
    moving_in = s.pending["to"] if s.phase == "occupy" else -1
    for t, (o, a) in enumerate(zip(s.owner, s.armies)):
        require(o >= 0 and (a >= 1 or t == moving_in), "state.occupation",
                lambda: f"{names[t]} has {'no owner' if o < 0 else f'{a} armies'} in phase {s.phase}")
    eliminated = s.phase == "occupy" and s.pending["eliminated"]
    for p in range(s.n_players):
        if s.eliminated_by[p] < 0 and p != s.neutral:
            require(p in s.owner, "state.alive-holds-territory",
                    lambda: f"seat {p} holds no territory but is not eliminated")
    if s.phase == "occupy":
        victim_gone = any(by == s.current for by in s.eliminated_by)
        require(not eliminated or victim_gone, "state.occupy",
                lambda: "pending.eliminated is true but no seat was eliminated by the player to act")


def check_pending(s: State) -> None:
    tb, prm, pend, phase = s.tables, s.tables.params, s.pending, s.phase
    names = tb.territories
    if phase in ("defend", "battle", "occupy"):
        f, t = pend["from"], pend["to"]
        what = "state.occupy" if phase == "occupy" else "state.battle"
        require(s.owner[f] == s.current, what,
                lambda: f"pending.from {names[f]} is not held by the player to act")
        require(t in tb.adjacency_sets[f], what, lambda: f"{names[f]} does not border {names[t]}")
    if phase in ("defend", "battle"):
        f, t = pend["from"], pend["to"]
        require(s.owner[t] not in (-1, s.current), "state.battle",
                lambda: f"{names[t]} is attacked but is held by the attacker (or nobody)")
        most = min(prm.attack_max_attacker_dice, s.armies[f] - 1)
        require(1 <= pend["attacker_dice"] <= most, "state.battle",
                lambda: f"{pend['attacker_dice']} attacker dice from {s.armies[f]} armies (1 to "
                f"{max(most, 0)} allowed)")
        if phase == "defend":
            require(pend["chooser"] not in (s.current, s.neutral), "state.battle",
                    lambda: "the defender's dice are chosen by the attacker or the neutral seat")
        else:
            most_d = min(prm.attack_max_defender_dice, s.armies[t])
            require(1 <= pend["defender_dice"] <= most_d, "state.battle",
                    lambda: f"{pend['defender_dice']} defender dice with {s.armies[t]} armies (1 to "
                    f"{most_d} allowed)")
    elif phase == "occupy":
        f, t = pend["from"], pend["to"]
        require(s.owner[t] == s.current, "state.occupy",
                lambda: f"armies move into {names[t]}, which the player to act does not hold")
        require(pend["min"] <= max(s.armies[f] - 1, 0) and pend["min"] <= prm.attack_max_attacker_dice,
                "state.occupy", lambda: f"pending.min {pend['min']} cannot be moved from "
                                f"{s.armies[f]} armies")
    elif phase in ("reinforce", "elimination-trade"):
        require(pend["to_place"] <= MAX_ARMIES, "state.pending-counts", lambda: "too many armies to place")
        forced = pend["forced"]
        if forced is not None:
            mh, sets = forced["max_hand"], forced["sets"]
            require((mh is None or (isinstance(mh, int) and 0 <= mh <= len(tb.cards)))
                    and isinstance(sets, int) and 0 <= sets <= len(tb.cards),
                    "state.pending-counts", lambda: f"pending.forced {forced!r} is not a trade one "
                                            "can owe")
    elif phase == "draw":
        require(1 <= pend["left"] <= len(tb.cards), "state.pending-counts",
                lambda: f"pending.left {pend['left']}: between 1 and the deck's {len(tb.cards)} cards")
    elif phase in ("claim", "deal"):
        require(-1 in s.owner, "state.setup", lambda: f"phase {phase} but every territory is taken")
    elif phase == "setup-place":
        require(pend["own"] <= s.reserves[s.current], "state.setup",
                lambda: f"pending.own {pend['own']} exceeds seat {s.current}'s reserve")
        if s.neutral >= 0:
            require(pend["neutral"] <= s.reserves[s.neutral], "state.setup",
                    lambda: f"pending.neutral {pend['neutral']} exceeds the neutral reserve")
        else:
            require(pend["neutral"] == 0, "state.setup", lambda: "neutral armies to place without a "
                                                         "neutral seat")
