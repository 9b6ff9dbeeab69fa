"""The Classic turn, as a pipeline of small ``process_<action>`` functions.

A turn: reinforce (receive armies, trade cards — forced at a hand of
``cards.forced_trade_at`` — and place them one by one), attack (declare,
the defender chooses dice, the roll is a chance outcome, conquest and the
move-in, elimination with the capture of the victim's cards and the trade it
may force), fortify, then the card draw (a chance outcome) if a territory was
conquered.  Victory is checked after every action (:func:`check_victory`).

Each ``process_<action>`` receives a fresh copy of the state, runs its named
validity checks (:func:`~riskspec.reference.base.require`, each citing a rule
ID), then changes the copy and appends events.  All numbers are spec
parameters read through ``s.tables.params``.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference import actions as A
from riskspec.reference import ruleids as R
from riskspec.reference.base import get_humans, get_next_seat, get_player_name, get_territory_name, require
from riskspec.reference.battle import (
    battle_event,
    compute_losses,
    get_attacker_dice_limit,
    get_defender_dice_limit,
)
from riskspec.reference.cards import get_fixed_set_value, get_set_problem, get_set_value, has_valid_set
from riskspec.reference.elimination import capture_cards, mark_eliminated
from riskspec.reference.missions import is_mission_complete
from riskspec.reference.occupy import get_occupy_range
from riskspec.reference.reinforce import compute_reinforcements, get_held_groups
from riskspec.reference.state import SETUP_PHASES, State

Events = list[dict[str, Any]]


# --------------------------------------------------------------------------- turn start

@R.cites(R.REINFORCE_MINIMUM, R.REINFORCE_CONTINENT_BONUS, R.REINFORCE_COUNT_TIME)
def begin_turn(s: State, seat: int, events: Events) -> None:
    """Start ``seat``'s turn: reinforcements, and any trade the hand forces."""
    prm = s.tables.params
    s.turn += 1
    s.current = seat
    s.conquered = s.bonus_taken = False
    s.conquests = s.fortify_moves = 0
    events.append({"type": "turn-started", "player": seat, "turn": s.turn})
    if (prm.victory_condition == "mission" and prm.missions_check == "turn-start"
            and is_mission_complete(s, seat)):
        declare_winner(s, seat, "mission", events)
        return
    territories = s.owner.count(seat)
    groups = get_held_groups(s.owner, seat, s.tables.groups)
    armies = compute_reinforcements(territories, [b for _, b in groups],
                                    prm.reinforce_territory_divisor, prm.reinforce_minimum,
                                    prm.reinforce_minimum_applies_to,
                                    prm.reinforce_territory_rounding, prm.reinforce_divide_from)
    events.append({"type": "reinforcements", "player": seat, "territories": territories,
                   "groups": [g for g, _ in groups], "armies": armies})
    if s.reserves[seat]:  # armies of a forced trade kept since an elimination
        events.append({"type": "held-armies", "player": seat, "armies": s.reserves[seat]})
        armies, s.reserves[seat] = armies + s.reserves[seat], 0
    s.phase = "reinforce"
    s.pending = {"to_place": armies, "forced": get_turn_start_obligation(s, seat)}
    s.captured[seat] = False
    _settle_forced(s)
    _leave_placement_if_done(s)


def get_turn_start_obligation(s: State, seat: int) -> dict[str, Any] | None:
    """The trade a hand forces at the start of a turn (``None`` if none).

    A hand of ``cards.forced_trade_at`` or more must trade: until below that
    ('below-threshold') or one set ('one-set'); with ``cards.forced_trade_further_sets``
    = mandatory, every further complete set must go too.  Cards taken from an eliminated
    player with ``cards.elimination_trade_timing`` = next-turn force trading down
    to ``cards.elimination_trade_until`` when the hand reached
    ``cards.elimination_trade_at``.
    """
    prm = s.tables.params
    hand = len(s.hands[seat])
    max_hand: int | None = None
    sets = 0
    if hand >= prm.cards_forced_trade_at:
        if prm.cards_forced_trade_further_sets == "mandatory":
            max_hand = 0  # every complete set goes, the first one(s) included
        elif prm.cards_forced_trade_until == "below-threshold":
            max_hand = prm.cards_forced_trade_at - 1
        if prm.cards_forced_trade_until == "one-set":
            sets = 1
    if s.captured[seat] and hand >= prm.cards_elimination_trade_at:
        until = prm.cards_elimination_trade_until
        max_hand = until if max_hand is None else min(max_hand, until)
    return None if max_hand is None and sets == 0 else {"max_hand": max_hand, "sets": sets}


def is_trade_forced(s: State) -> bool:
    """Whether the current player owes a trade now (and holds a set to make it)."""
    forced = s.pending.get("forced")
    if forced is None:
        return False
    hand = s.hands[s.current]
    owes = forced["sets"] > 0 or (forced["max_hand"] is not None
                                  and len(hand) > forced["max_hand"])
    tb = s.tables
    return owes and has_valid_set(hand, tb.card_symbol, tb.ruleset.board.symbols,
                                  tb.params.cards_max_wilds_per_set)


def _settle_forced(s: State) -> None:
    """Drop an obligation that is met (or that no set in the hand can meet)."""
    if s.pending.get("forced") is not None and not is_trade_forced(s):
        s.pending["forced"] = None


def _leave_placement_if_done(s: State) -> None:
    """With nothing left to place and no trade owed, go on to attack."""
    if s.pending["to_place"] == 0 and s.pending["forced"] is None:
        s.phase, s.pending = "attack", {}


# --------------------------------------------------------------------------- reinforce

@R.cites(R.SETUP_NO_STACK_LIMIT)
def process_place(s: State, a: A.Place, events: Events) -> None:
    t = a.territory
    p = s.current
    # Verify that no forced trade is owed: it comes before any placement.
    require(s.pending["forced"] is None, "forced-trade",
            R.ELIMINATION_FORCED_TRADE if s.phase == "elimination-trade" else R.CARDS_FORCED_TRADE,
            lambda: f"{get_player_name(s, p)} must trade cards first "
            f"({len(s.hands[p])} cards in hand)")
    # Verify that the territory is the player's own (reinforcements go there).
    require(s.owner[t] == p, "not-owner", R.REINFORCE_PLACE,
            lambda: f"{get_territory_name(s, t)} is not yours")

    s.armies[t] += 1
    s.pending["to_place"] -= 1
    events.append({"type": "placed", "player": p, "territory": s.tables.territories[t],
                   "armies": 1})
    _leave_placement_if_done(s)


def process_trade(s: State, a: A.Trade, events: Events) -> None:
    cards, bonus_t = a.cards, a.bonus_territory
    tb, prm, p = s.tables, s.tables.params, s.current
    hand = s.hands[p]
    symbols = [tb.card_symbol[c] for c in cards]
    # Verify that every card traded is in the player's hand.
    require(all(c in hand for c in cards), "not-in-hand", R.CARDS_OPTIONAL_TRADE,
            lambda: f"{get_player_name(s, p)} does not hold "
            f"{', '.join(tb.cards[c] for c in cards if c not in hand)}")
    problem = get_set_problem(symbols, tb.ruleset.board.symbols, prm.cards_max_wilds_per_set)
    # Verify that the set holds at most cards.max_wilds_per_set wild cards.
    require(problem != "too-many-wilds", "too-many-wilds", R.CARDS_VALID_SETS,
            f"a set may hold at most {prm.cards_max_wilds_per_set} wild cards")
    # Verify that the cards form a set: three alike or one of each symbol.
    require(problem is None, problem or "", R.CARDS_VALID_SETS,
            f"{', '.join(symbols)} is not a set")
    forced = is_trade_forced(s)
    if s.phase == "reinforce":
        # Verify that a voluntary trade comes while reinforcements are being placed.
        require(forced or s.pending["to_place"] > 0, "trade-too-late", R.CARDS_TRADE_TIMING,
                "sets are traded before the reinforcements are all placed")
    else:
        # Verify that, after a victim's cards were taken, the trade is one the hand forces.
        require(forced, "trade-not-forced", R.ELIMINATION_FORCED_TRADE,
                f"the hand is down to {len(hand)} cards; no further trade is due")
    owned = get_bonus_territories(s, cards)
    choose = bool(owned) and prm.cards_territory_bonus_limit != "per-card"
    if choose:
        # Verify that a bonus territory is named when a traded card shows an own territory …
        require(bonus_t >= 0, "bonus-territory-required", R.CARDS_TERRITORY_BONUS,
                f"a territory bonus is due: name one of "
                f"{', '.join(tb.territories[t] for t in owned)} as bonus_territory")
        # … and that it is one of those territories.
        require(bonus_t in owned, "bonus-territory-invalid", R.CARDS_TERRITORY_BONUS,
                f"{tb.territories[bonus_t]} is not a territory you hold among the traded cards")
    else:
        # Verify that no bonus territory is named when there is none to choose: none is due
        # (no own territory among the cards, or the bonus is used up this turn), or one goes
        # on every such card (per-card).
        require(bonus_t < 0, "no-bonus-due",
                R.CARDS_TERRITORY_BONUS_LIMIT if s.bonus_taken else R.CARDS_TERRITORY_BONUS,
                "no territory bonus is to be chosen for this trade; bonus_territory must be null")

    value = get_trade_value(s, symbols)
    s.hands[p] = tuple(c for c in hand if c not in cards)
    s.discards = tuple(sorted(s.discards + cards))
    s.sets_traded += 1
    if s.phase == "elimination-trade" and prm.cards_elimination_trade_armies == "next-reinforcement":
        s.reserves[p] += value  # classic.elimination.trade-armies: kept for the next turn
    else:
        s.pending["to_place"] += value
    bonus_on = owned if not choose else [bonus_t]
    for t in bonus_on:
        s.armies[t] += prm.cards_territory_bonus
    if bonus_on:
        s.bonus_taken = True
    events.append({"type": "traded", "player": p, "cards": [tb.cards[c] for c in cards],
                   "value": value, "bonus_territory": tb.territories[bonus_t] if choose else None,
                   "bonus": prm.cards_territory_bonus * len(bonus_on),
                   "bonuses": [{"territory": tb.territories[t], "armies": prm.cards_territory_bonus}
                               for t in bonus_on]})
    if s.pending["forced"] is not None:
        s.pending["forced"] = {**s.pending["forced"], "sets": max(0, s.pending["forced"]["sets"] - 1)}
        _settle_forced(s)
    _leave_placement_if_done(s)


def get_bonus_territories(s: State, cards: tuple[int, ...]) -> list[int]:
    """Territories, in map order, that would earn the card territory bonus if ``cards`` were
    traded now: those pictured that the trader holds — none once the bonus is used up
    (``cards.territory_bonus_limit`` = per-turn) or when the bonus is 0."""
    tb, prm = s.tables, s.tables.params
    if prm.cards_territory_bonus <= 0 or (prm.cards_territory_bonus_limit == "per-turn"
                                          and s.bonus_taken):
        return []
    return sorted(tb.card_territory[c] for c in cards
                  if tb.card_territory[c] >= 0 and s.owner[tb.card_territory[c]] == s.current)


@R.cites(R.CARDS_SET_VALUES, R.CARDS_SET_COUNT_GLOBAL)
def get_trade_value(s: State, symbols: list[str]) -> int:
    prm = s.tables.params
    if prm.cards_set_value_mode == "fixed" and prm.cards_fixed_set_values is not None:
        return get_fixed_set_value(symbols, prm.cards_fixed_set_values)
    return get_set_value(s.sets_traded, prm.cards_set_values, prm.cards_set_value_increment,
                         prm.cards_set_value_cap)


# --------------------------------------------------------------------------- attack

@R.cites(R.ATTACK_DECLARE)
def process_attack(s: State, a: A.Attack, events: Events) -> None:
    f, t, dice = a.src, a.dst, a.dice
    prm, p = s.tables.params, s.current
    # Verify that the attack starts from a territory of the player's own …
    require(s.owner[f] == p, "not-owner", R.ATTACK_ADJACENCY,
            lambda: f"{get_territory_name(s, f)} is not yours")
    # … against a territory of another player …
    require(s.owner[t] != p, "own-territory", R.ATTACK_ADJACENCY,
            lambda: f"{get_territory_name(s, t)} is yours")
    # … next to it.
    require(t in s.tables.adjacency_sets[f], "not-adjacent", R.ATTACK_ADJACENCY,
            lambda: f"{s.tables.territories[f]} does not border {s.tables.territories[t]}")
    # Verify that the attacking territory has attack.min_armies armies.
    require(s.armies[f] >= prm.attack_min_armies, "too-few-armies", R.ATTACK_MIN_ARMIES,
            lambda: f"{get_territory_name(s, f)} needs {prm.attack_min_armies} armies to attack")
    limit = get_attacker_dice_limit(s.armies[f], prm.attack_max_attacker_dice)
    # Verify at most attack.max_attacker_dice dice, and fewer than the armies there.
    require(dice <= limit, "too-many-dice", R.ATTACK_ATTACKER_DICE,
            lambda: f"{get_territory_name(s, f)} may roll at most {limit} dice")

    events.append({"type": "attack-declared", "player": p, "from": s.tables.territories[f],
                   "to": s.tables.territories[t], "dice": dice})
    chooser = get_dice_chooser(s, s.owner[t])
    if prm.attack_defender_dice == "choose" and chooser >= 0:
        s.phase = "defend"
        s.pending = {"from": f, "to": t, "attacker_dice": dice, "chooser": chooser}
    else:
        s.phase = "battle"
        s.pending = {"from": f, "to": t, "attacker_dice": dice,
                     "defender_dice": get_defender_dice_limit(s.armies[t],
                                                              prm.attack_max_defender_dice)}


@R.cites(R.TWO_PLAYER_NEUTRAL_DEFENDER)
def get_dice_chooser(s: State, defender: int) -> int:
    """Who chooses the defender's dice: the defender; for the neutral army the other
    player (-1, i.e. as many as allowed, when nobody is left to choose)."""
    if defender != s.neutral:
        return defender
    others = [p for p in get_humans(s) if p != s.current and s.eliminated_by[p] < 0]
    return others[0] if others else -1


def process_defend(s: State, a: A.Defend, events: Events) -> None:
    dice = a.dice
    t = s.pending["to"]
    limit = get_defender_dice_limit(s.armies[t], s.tables.params.attack_max_defender_dice)
    # Verify at most attack.max_defender_dice dice, and no more than the armies defending.
    require(dice <= limit, "too-many-dice", R.ATTACK_DEFENDER_DICE,
            lambda: f"{get_territory_name(s, t)} may defend with at most {limit} dice")

    events.append({"type": "defence-chosen", "player": s.pending["chooser"], "dice": dice})
    s.phase = "battle"
    s.pending = {"from": s.pending["from"], "to": t, "attacker_dice": s.pending["attacker_dice"],
                 "defender_dice": dice}


@R.cites(R.ATTACK_LOSSES, R.ATTACK_REPEAT)
def process_roll(s: State, a: A.Roll, events: Events) -> None:
    att, dfd = a.attacker, a.defender
    tb, prm, p = s.tables, s.tables.params, s.current
    f, t = s.pending["from"], s.pending["to"]
    # Verify that the roll has as many dice on each side as were declared.
    require(len(att) == s.pending["attacker_dice"] and len(dfd) == s.pending["defender_dice"],
            "dice-count", R.ATTACK_COMPARE,
            lambda: f"this battle rolls {s.pending['attacker_dice']} attacker and "
            f"{s.pending['defender_dice']} defender dice")

    attacker_loss, defender_loss = compute_losses(att, dfd, prm.attack_ties,
                                                  prm.attack_compared_pairs)
    victim = s.owner[t]
    s.armies[f] -= attacker_loss
    s.armies[t] -= defender_loss
    events.append(battle_event(p, victim, tb.territories[f], tb.territories[t], att, dfd,
                               (attacker_loss, defender_loss)))
    if s.armies[t] > 0:
        s.phase, s.pending = "attack", {}
        return
    conquer(s, f, t, len(att), events)


@R.cites(R.CONQUEST_CAPTURE, R.ELIMINATION_OUT, R.ELIMINATION_TAKE_CARDS)
def conquer(s: State, f: int, t: int, dice: int, events: Events) -> None:
    """The defender's last army fell: the territory changes hands; the armies move in next."""
    tb, prm, p = s.tables, s.tables.params, s.current
    victim = s.owner[t]
    s.owner[t] = p
    s.conquered = True
    s.conquests += 1
    events.append({"type": "conquered", "player": p, "territory": tb.territories[t],
                   "from": tb.territories[f], "victim": victim})
    eliminated = victim not in s.owner
    if eliminated:
        mark_eliminated(s, victim, p, events)
        if capture_cards(s, victim, p, events, tb.cards) and \
                prm.cards_elimination_trade_timing == "next-turn":
            s.captured[p] = True
    least, _ = get_occupy_range(s.armies[f], dice, prm.conquest_min_move)
    s.phase = "occupy"
    s.pending = {"from": f, "to": t, "min": least, "eliminated": eliminated}


@R.cites(R.CONQUEST_ALWAYS_OCCUPIED)
def process_occupy(s: State, a: A.Occupy, events: Events) -> None:
    n = a.armies
    f, t = s.pending["from"], s.pending["to"]
    # the range set at the conquest (its minimum is in the state), one army left behind
    least, most = get_occupy_range(s.armies[f], s.pending["min"], "dice-rolled")
    # Verify at least the minimum move-in (conquest.min_move) …
    require(least <= n, "move-in-range", R.CONQUEST_MOVE_IN,
            lambda: f"move between {least} and {most} armies into {s.tables.territories[t]}")
    # … and that one army stays behind.
    require(n <= most, "move-in-range", R.CONQUEST_LEAVE_ONE,
            lambda: f"move between {least} and {most} armies into {s.tables.territories[t]}")

    s.armies[f] -= n
    s.armies[t] += n
    events.append({"type": "occupied", "player": s.current, "from": s.tables.territories[f],
                   "to": s.tables.territories[t], "armies": n})
    prm = s.tables.params
    if (s.pending["eliminated"] and prm.cards_elimination_trade_timing == "immediately"
            and len(s.hands[s.current]) >= prm.cards_elimination_trade_at):
        s.phase = "elimination-trade"
        s.pending = {"to_place": 0, "forced": {"max_hand": prm.cards_elimination_trade_until,
                                               "sets": 0}}
        _settle_forced(s)
        _leave_placement_if_done(s)
    else:
        s.phase, s.pending = "attack", {}


@R.cites(R.ATTACK_OPTIONAL)
def process_end_attack(s: State, a: A.EndAttack, events: Events) -> None:
    s.phase, s.pending = "fortify", {}


# --------------------------------------------------------------------------- fortify

@R.cites(R.FORTIFY_ENDS_TURN)
def process_fortify(s: State, a: A.Fortify, events: Events) -> None:
    f, t, n = a.src, a.dst, a.armies
    tb, p = s.tables, s.current
    # Verify that the armies move between two of the player's own territories …
    require(s.owner[f] == p and s.owner[t] == p and f != t, "not-own", R.FORTIFY_ONE_MOVE,
            lambda: f"fortify between two different territories of yours, not "
            f"{get_territory_name(s, f)} and {get_territory_name(s, t)}")
    # … that are neighbours (or joined by own territories, per fortify.path) …
    require(is_fortify_path(s, f, t), "no-path", R.FORTIFY_PATH,
            lambda: f"no {tb.params.fortify_path} path from {tb.territories[f]} to {tb.territories[t]}")
    # … and that one army stays behind.
    require(n <= s.armies[f] - 1, "leave-one", R.FORTIFY_LEAVE_ONE,
            lambda: f"{get_territory_name(s, f)} can move at most {s.armies[f] - 1} armies")

    s.armies[f] -= n
    s.armies[t] += n
    s.fortify_moves += 1
    events.append({"type": "fortified", "player": p, "from": tb.territories[f],
                   "to": tb.territories[t], "armies": n})
    if s.fortify_moves >= tb.params.fortify_moves:
        end_turn(s, events)


def is_fortify_path(s: State, f: int, t: int) -> bool:
    adjacency = s.tables.adjacency_sets
    if s.tables.params.fortify_path == "adjacent":
        return t in adjacency[f]
    return t in get_connected_own(s, f)


def get_connected_own(s: State, start: int) -> set[int]:
    """Territories reachable from ``start`` through territories of the same owner."""
    owner, adjacency = s.owner, s.tables.adjacency
    who = owner[start]
    seen = {start}
    todo = [start]
    while todo:
        for n in adjacency[todo.pop()]:
            if n not in seen and owner[n] == who:
                seen.add(n)
                todo.append(n)
    return seen


@R.cites(R.FORTIFY_OPTIONAL)
def process_end_turn(s: State, a: A.EndTurn, events: Events) -> None:
    end_turn(s, events)


# --------------------------------------------------------------------------- end of turn

def end_turn(s: State, events: Events) -> None:
    """The card draw if a territory was conquered, then the next player's turn."""
    events.append({"type": "turn-ended", "player": s.current, "turn": s.turn})
    cards = get_cards_earned(s)
    if cards > 0:
        s.phase, s.pending = "draw", {"left": cards}
        _prepare_draw(s, events)
    else:
        next_turn(s, events)


def get_cards_earned(s: State) -> int:
    """Cards drawn at the end of the turn: none without a conquest; else
    ``cards.per_turn_draw`` ('per-turn') or one per territory conquered ('per-conquest')."""
    prm = s.tables.params
    if not s.conquered:
        return 0
    if prm.cards_draw_mode == "per-conquest":
        return max(1, s.conquests)
    return prm.cards_per_turn_draw


@R.cites(R.CARDS_DISCARDS)
def _prepare_draw(s: State, events: Events) -> None:
    """Refill an empty draw pile from the discards (cards.reshuffle_discards); with no card
    left to draw, the draw ends."""
    if not s.draw_pile and s.discards and s.tables.params.cards_reshuffle_discards:
        s.draw_pile, s.discards = s.discards, ()
        events.append({"type": "reshuffled", "cards": len(s.draw_pile)})
    if not s.draw_pile:
        next_turn(s, events)


def process_draw(s: State, a: A.Draw, events: Events) -> None:
    card = a.card
    # Verify that the card drawn is in the draw pile.
    require(card in s.draw_pile, "not-in-pile", R.CARDS_EARN,
            f"{s.tables.cards[card]} is not in the draw pile")

    pile = list(s.draw_pile)
    pile.remove(card)
    s.draw_pile = tuple(pile)
    s.hands[s.current] = tuple(sorted(s.hands[s.current] + (card,)))
    events.append({"type": "card-drawn", "player": s.current, "card": s.tables.cards[card]})
    s.pending = {"left": s.pending["left"] - 1}
    if s.pending["left"] > 0:
        _prepare_draw(s, events)
    else:
        next_turn(s, events)


@R.cites(R.TURN_ORDER, R.TWO_PLAYER_NEUTRAL_PASSIVE)
def next_turn(s: State, events: Events) -> None:
    seat = get_next_seat(s, s.current, humans_only=True, alive_only=True)
    begin_turn(s, seat, events)


# --------------------------------------------------------------------------- victory

@R.cites(R.TWO_PLAYER_VICTORY, R.VICTORY_DOMINATION, R.MISSIONS_VICTORY)
def check_victory(s: State, events: Events) -> None:
    """After every action of the game proper: has someone won?

    Domination: one player holds every territory.  Two-player neutral game:
    ``two_player.victory``.  Mission game: the last player standing, or — with
    ``missions.check`` = immediately — the first player, from the current one in
    turn order, whose mission is complete (even if it was completed by another
    player's action).  Not while armies are still to move into a conquered territory.
    """
    if s.winner >= 0 or s.phase in SETUP_PHASES or s.phase == "occupy":
        return
    prm = s.tables.params
    owner = s.owner
    if owner.count(owner[0]) == len(owner):
        declare_winner(s, owner[0], "domination", events)
        return
    # The last player standing: at most two seats still in (one player, perhaps the neutral).
    if s.eliminated_by.count(-1) <= 2:
        alive = [p for p in get_humans(s) if s.eliminated_by[p] < 0]
        if len(alive) == 1 and not (s.neutral >= 0 and prm.two_player_victory == "all-territories"):
            declare_winner(s, alive[0], "last-player", events)
            return
    if prm.victory_condition == "mission" and prm.missions_check == "immediately":
        n = s.n_players
        for k in range(n):
            seat = (s.current + k) % n
            if s.eliminated_by[seat] < 0 and is_mission_complete(s, seat):
                declare_winner(s, seat, "mission", events)
                return


def declare_winner(s: State, seat: int, reason: str, events: Events) -> None:
    s.winner = seat
    s.phase, s.pending = "game-over", {}
    events.append({"type": "game-over", "winner": seat, "reason": reason})
