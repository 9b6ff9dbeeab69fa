"""The Napoléon turn flow: setup (deal, claim, placement, the card table's setup draws),
turn start, reinforcement (trades, ships, leaders and fortifications bought), and their
``process_*`` handlers.

Each handler ``process_<action>(s, parsed, events)`` changes a fresh copy ``s`` and
checks the rules with named checks (:func:`~riskspec.reference.base.require`: a code
and a ``napoleon.*`` rule ID of ``spec/napoleon/rules.yaml``).  Numbers come from the
ruleset's parameters (``s.tables.params``).  Battle arithmetic is the shared pure
:mod:`riskspec.reference.battle`; set values the shared :mod:`riskspec.reference.cards`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from riskspec.errors import OptionError
from riskspec.model import Variant
from riskspec.reference.base import require
from riskspec.reference.cards import get_fixed_set_value, get_set_problem
from riskspec.reference.elimination import capture_cards, mark_eliminated
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import missions as M
from riskspec.reference.napoleon import naval as N
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.effects import new_stage, new_turn
from riskspec.reference.napoleon.leaders import can_buy, fortification_regiments, start_leader_setup
from riskspec.reference.napoleon.missions import at_turn_start, new_turn_levels, reinforcement_bonus
from riskspec.reference.napoleon.params import NapParams
from riskspec.reference.napoleon.state import NapState, blank_state
from riskspec.reference.napoleon.tables import NapTables, get_tables
from riskspec.reference.reinforce import compute_reinforcements

Event = dict[str, Any]


def out_of_turn_rule(s: Any) -> str:
    """The rule an action of another phase breaks: the turn of the basic game, or the six
    phases of the Advanced Rules."""
    return RID.TURN_PHASES if s.tables.params.is_advanced else RID.BASIC_TURN




# ---------------------------------------------------------------- new game

@RID.cites(RID.BASIC_PLAYERS, RID.BASIC_STARTING_UNITS, RID.BASIC_PIECES, RID.SETUP_PLAYERS_AND_REGIMENTS)
def new_game(v: Variant, players: int | Sequence[str], options: Mapping[str, str] | None
             ) -> NapState:
    tb = get_tables(v.resolve(options))
    p = tb.params
    if isinstance(players, bool):
        raise OptionError(f"players: a number of players or a list of seats, not {players!r}")
    if isinstance(players, int):
        n = players
        if not v.min_players <= n <= v.max_players:  # before naming a billion seats
            raise OptionError(f"{v.title} is for {v.min_players} to {v.max_players} players, not {n}")
        names = [f"player-{i + 1}" for i in range(n)]
    else:
        # a log lists every seat; the neutral armies are seated by the game itself
        names = [c for c in players if not str(c).startswith("neutral-")]
        n = len(names)
    if not v.min_players <= n <= v.max_players:
        raise OptionError(f"{v.title} is for {v.min_players} to {v.max_players} players, not {n}")
    k = p.setup_neutral_players
    colours = tuple(names) + tuple(f"neutral-{i + 1}" for i in range(k))
    s = blank_state(tb, colours, tuple(range(n, n + k)))
    try:
        own = p.setup_starting_units[str(n)]
    except KeyError:
        raise OptionError(f"setup.starting_units has no entry for {n} players") from None
    s.reserves = [own] * n + [p.setup_neutral_units] * k
    M.check_supported(tb)
    M.init_decks(s)
    if p.setup_distribution == "claim":
        if sum(s.reserves) < tb.n_territories:
            raise OptionError("the starting regiments cannot occupy every territory")
        if not M.start_setup_deal(s):  # napoleon.setup.missions: before the claims
            after_mission_deal(s)
        return s
    quota = quotas(s)
    if sum(quota) < tb.n_territories or any(q > r for q, r in zip(quota, s.reserves)):
        raise OptionError("the deal cannot occupy every territory with the starting regiments")
    s.phase, s.pending = "deal", {"next": next_dealt(s, -1)}
    return s


def epidemics_first(p: NapParams) -> bool:
    """The setup's epidemics come before the territories are taken
    (napoleon.amb.setup-epidemic-order 'before-claim'); False when none are placed."""
    return p.is_advanced and p.setup_epidemics > 0 and p.setup_epidemics_moment == "before-claim"


def epidemics_last(p: NapParams) -> bool:
    """The setup's epidemics come once every starting regiment, general and fortification is
    down (napoleon.amb.setup-epidemic-order 'after-leaders', the text's order)."""
    return p.is_advanced and p.setup_epidemics > 0 and p.setup_epidemics_moment == "after-leaders"


def start_setup_epidemics(s: NapState) -> None:
    s.phase, s.pending = "epidemics", {"left": s.tables.params.setup_epidemics, "moving": False}


def after_mission_deal(s: NapState) -> None:
    """The claiming setup after the missions are dealt: epidemics (when they come first),
    then the first player."""
    p = s.tables.params
    s.phase, s.pending = "first-player", {"for": "setup"}
    if epidemics_first(p):
        start_setup_epidemics(s)
    elif s.neutrals and next_dealt(s, -1) >= 0:
        # napoleon.amb.basic-distribution 'claim': the neutral armies' territories are
        # dealt; the players then claim the rest
        s.phase, s.pending = "deal", {"next": next_dealt(s, -1)}


def quotas(s: NapState) -> list[int]:
    p = s.tables.params
    claim = p.setup_distribution == "claim"  # the players claim theirs
    if not s.neutrals and not claim:  # no neutral armies: the whole deck is dealt round
        n = len(humans(s))             # by round (the per-player count is the two-player one)
        return [0 if claim else -(-s.tables.n_territories // n)] * s.n_players
    return [p.setup_deal_cards_neutral if s.is_neutral(i) else
            0 if claim else p.setup_deal_cards_player for i in range(s.n_players)]


def next_dealt(s: NapState, after: int) -> int:
    """The next seat (cyclically after ``after``) still owed territories, -1 if none."""
    q = quotas(s)
    held = [0] * s.n_players
    for o in s.owner[:s.tables.n_territories]:
        if o >= 0:
            held[o] += 1
    for k in range(1, s.n_players + 1):
        seat = (after + k) % s.n_players
        if held[seat] < q[seat]:
            return seat
    return -1


def humans(s: NapState) -> list[int]:
    return [i for i in range(s.n_players) if not s.is_neutral(i)]


# ---------------------------------------------------------------- setup

def process_deal(s: NapState, a: A.Deal, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.setup.process_deal`: the basic game deals the
    territory cards to each player and each neutral army, one regiment on every territory
    dealt (napoleon.basic.deal)."""
    t, seat = a.territory, s.pending["next"]
    # Verify that the territory dealt has not been dealt yet.
    require(s.owner[t] < 0, "occupied", RID.BASIC_DEAL, "that territory is already dealt")
    s.owner[t], s.armies[t] = seat, 1
    s.reserves[seat] -= 1
    ev.append({"type": "territory-dealt", "player": seat, "territory": s.tables.places[t],
               "armies": 1})
    nxt = next_dealt(s, seat)
    if nxt >= 0 and -1 in s.owner[:s.tables.n_territories]:
        s.pending = {"next": nxt}
    else:  # the deck (jokers back in) is whole again: nobody keeps a card from the deal
        s.phase, s.pending = "first-player", {"for": "setup"}
        p = s.tables.params
        if epidemics_first(p) and p.setup_distribution == "deal":
            start_setup_epidemics(s)


def process_first_player(s: NapState, a: A.FirstPlayer, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.setup.process_first_player`: only a player, never the
    neutral army, is drawn to go first (napoleon.basic.placement)."""
    seat = a.player
    # Verify that the seat drawn to go first is a player, not a neutral army.
    require(seat in humans(s), "not-a-player", RID.BASIC_PLACEMENT,
            "only a player can be drawn first")
    ev.append({"type": "first-player", "player": seat, "for": s.pending["for"]})
    if s.pending["for"] == "setup":
        s.first_player = seat
        if -1 in s.owner[:s.tables.n_territories]:  # the claiming setup
            s.phase, s.pending, s.current = "claim", {}, seat
            return
        next_share(s, None, ev)
    else:
        begin_play(s, seat, ev)


def _share_order(s: NapState) -> list[tuple[int, int]]:
    """One placement round: (seat placed for, seat placing) — the players from the first
    placer, then each neutral army placed by the players in turn."""
    hs = humans(s)
    i = hs.index(s.first_player) if s.first_player in hs else 0
    hs = hs[i:] + hs[:i]
    return [(h, h) for h in hs] + [(nt, hs[j % len(hs)]) for j, nt in enumerate(s.neutrals)]


def next_share(s: NapState, done: int | None, ev: list[Event] | None = None) -> None:
    p = s.tables.params
    order = _share_order(s)
    start = 0 if done is None else [o[0] for o in order].index(done) + 1
    for k in range(len(order)):
        seat, placer = order[(start + k) % len(order)]
        if s.reserves[seat] > 0 and not can_place_any(s, seat):
            s.reserves[seat] = 0  # every territory is full: the rest stays in the box
        if s.reserves[seat] > 0:
            per = p.setup_neutral_placement_per_turn if s.is_neutral(seat) else \
                p.setup_placement_per_turn
            s.phase, s.current = "setup-place", placer
            s.pending = {"seat": seat, "left": min(int(per), s.reserves[seat])}
            if s.is_neutral(seat) and p.setup_neutral_placement_by == "random":
                s.phase = "random-place"  # a chance node per regiment
            return
    if not start_leader_setup(s, s.first_player):
        after_setup(s, ev)


def after_setup(s: NapState, ev: list[Event] | None = None) -> None:
    """The last starting unit (and leader) is down: the epidemics, when they come last
    (napoleon.setup.epidemics), then the draw for the first player."""
    if epidemics_last(s.tables.params):
        start_setup_epidemics(s)
        return
    start_turns(s, ev)


@RID.cites(RID.SETUP_FIRST_PLAYER)
def start_turns(s: NapState, ev: list[Event] | None = None) -> None:
    """Setup is over: the first player of the game proper is drawn (or is the first placer)."""
    if ev is not None:
        ev.append({"type": "setup-complete"})
    if s.tables.params.turn_first_player == "new-roll":
        s.phase, s.pending = "first-player", {"for": "turn"}
    else:
        begin_play(s, s.first_player, ev)


def can_place_any(s: NapState, seat: int) -> bool:
    """Whether ``seat`` can still put a starting unit somewhere (a territory with room, or a
    ship when setup.ships_allowed)."""
    tb = s.tables
    if any(can_setup_place(s, t, seat) for t in range(tb.n_territories)):
        return True
    if not tb.params.setup_ships_allowed or s.is_neutral(seat) or not tb.params.ships_in_play:
        return False
    return N.ship_room(s, seat) and s.reserves[seat] >= tb.params.costs_ship and any(
        s.owner[z] in (-1, seat) and any(s.owner[t] == seat for t in tb.coast[z])
        for z in range(tb.n_territories, len(tb.places)))


def process_claim(s: NapState, a: A.Claim, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.setup.process_claim`: only territories are claimed;
    every maritime zone starts empty (napoleon.setup.claim)."""
    t, seat = a.territory, s.current
    # Verify that the territory claimed is unoccupied.
    require(s.owner[t] < 0, "occupied", RID.SETUP_CLAIM, "claim an unoccupied territory")
    s.owner[t], s.armies[t] = seat, 1
    s.reserves[seat] -= 1
    ev.append({"type": "claimed", "player": seat, "territory": s.tables.places[t], "armies": 1})
    hs = humans(s)
    if -1 in s.owner[:s.tables.n_territories]:
        s.current = hs[(hs.index(seat) + 1) % len(hs)]
    else:
        next_share(s, seat, ev)


def can_setup_place(s: NapState, t: int, seat: int) -> bool:
    top = s.tables.params.setup_max_units_per_territory
    return t < s.tables.n_territories and s.owner[t] == seat and (
        top is None or s.armies[t] < int(top))


def process_setup_place(s: NapState, a: A.Place | A.PlaceNeutral, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.setup.process_setup_place`: regiments go down in
    shares, at most setup.max_units_per_territory on a territory (napoleon.setup.reinforce)."""
    t, seat = a.territory, s.pending["seat"]
    neutral_share = s.is_neutral(seat)
    # Verify that a neutral army's share goes down with place-neutral, a player's with place …
    require((a.type == "place-neutral") == neutral_share, "wrong-army", RID.BASIC_PLACEMENT,
            "this share is a neutral army's (place-neutral)" if neutral_share
            else "this share is your own (place)")
    # … on a territory of the army placed …
    require(t < s.tables.n_territories and s.owner[t] == seat, "not-owner", RID.BASIC_PLACEMENT,
            "regiments go on a territory of the army placed")
    # … that holds fewer than setup.max_units_per_territory regiments.
    require(can_setup_place(s, t, seat), "territory-full", RID.SETUP_REINFORCE,
            "no territory may hold more regiments than setup.max_units_per_territory at setup")
    s.armies[t] += 1
    s.reserves[seat] -= 1
    s.pending["left"] -= 1
    ev.append({"type": "placed", "player": seat, "territory": s.tables.places[t], "armies": 1,
               **({"by": s.current} if neutral_share else {})})
    if s.pending["left"] == 0:
        next_share(s, seat, ev)


# ---------------------------------------------------------------- turn start and reinforcement

@RID.cites(RID.NAVAL_ZONE_CONTROL)
def controlled(s: NapState, seat: int) -> tuple[int, int]:
    """(territories, maritime zones) the seat controls."""
    T = s.tables.n_territories
    return (sum(1 for o in s.owner[:T] if o == seat),
            sum(1 for i in range(T, len(s.owner)) if s.owner[i] == seat and s.armies[i] > 0))


def eliminate(s: NapState, loser: int, ev: list[Event], cause: str | None = None) -> None:
    """napoleon.combat.elimination: ``loser`` is out, put out by the seat whose turn it is
    (the conqueror, for a conquest; ``cause``: the event's, absent for a conquest), as in
    Classic (:func:`riskspec.reference.elimination.mark_eliminated`); the loser's ships and
    admirals leave the board.  Their cards stay in their hand for the caller to place."""
    for i, o in enumerate(s.owner):  # its last ships (land elimination) leave the board
        if o == loser:
            s.owner[i], s.armies[i], s.admirals[i] = -1, 0, 0
    mark_eliminated(s, loser, s.current, ev, cause)


def eliminate_landless(s: NapState, held: set[int], ev: list[Event]) -> None:
    """napoleon.amb.epidemic-elimination: the seats of ``held`` (territory holders before an
    epidemic struck) left with no territory are out; nobody took their last territory, so
    their cards go by ``epidemics.elimination_cards``: to the discards, or to the player
    whose turn it is (unless that player is out too)."""
    out = [p for p in sorted(held) if controlled(s, p)[0] == 0]
    to_turn = s.tables.params.epidemics_elimination_cards == "turn-player" and \
        s.current not in out
    for p in out:
        eliminate(s, p, ev, "epidemic")
        if to_turn:
            capture_cards(s, p, s.current, ev, s.tables.cards)
        else:
            s.discards, s.hands[p] = tuple(sorted(s.discards + s.hands[p])), ()


def holders(s: NapState) -> set[int]:
    """The seats holding a territory."""
    return {o for o in s.owner[:s.tables.n_territories] if o >= 0}


@RID.cites(RID.REINFORCE_EMPIRES, RID.REINFORCE_ROUTES)
def whole_groups(s: NapState, seat: int) -> tuple[list[int], list[int]]:
    tb = s.tables
    own = s.owner
    emp = [g for g, (_, _, ts) in enumerate(tb.groups) if all(own[t] == seat for t in ts)]
    rts = [r for r, (_, _, zs) in enumerate(tb.routes)
           if all(own[z] == seat and s.armies[z] > 0 for z in zs)]
    return emp, rts


@RID.cites(RID.REINFORCE_EMPIRES, RID.REINFORCE_ROUTES)
def reinforcements(s: NapState, seat: int) -> int:
    """napoleon.reinforce.territories / empires / routes: the territories (and zones, by
    reinforce.counts_zones) divided as Classic divides them, plus the empire and route
    bonuses — Classic's own :func:`~riskspec.reference.reinforce.compute_reinforcements`,
    whose contracts CrossHair checks, with no divide-from threshold."""
    p, tb = s.tables.params, s.tables
    terr, zones = controlled(s, seat)
    count = terr + (zones if p.reinforce_counts_zones else 0)
    emp, rts = whole_groups(s, seat)
    bonuses = [tb.groups[g][1] for g in emp] + [tb.routes[r][1] for r in rts]
    return compute_reinforcements(count, bonuses, p.reinforce_territory_divisor,
                                  p.reinforce_minimum, p.reinforce_minimum_applies_to,
                                  p.reinforce_territory_rounding)


def start_turn(s: NapState, seat: int, new_round: bool = False,
               ev: list[Event] | None = None) -> None:
    ev = [] if ev is None else ev
    rounded = new_round or seat == s.first_player or s.turn == 0
    if rounded:
        s.turn += 1
    s.current = seat
    ev.append({"type": "turn-started", "player": seat, "turn": s.turn})
    s.conquered = s.bonus_taken = s.land_attacked = s.empty_invaded = False
    s.last_attack = -1
    s.conquests = s.fortify_moves = s.naval_moves = 0
    new_turn(s)  # card effects last at most a turn
    if s.tables.params.is_advanced:
        new_turn_levels(s, seat, rounded)
    s.ransomed, s.gbattle = [0, 0], [-1] * len(s.owner)
    s.m_units, s.m_leaders = [], []
    if turn_draws(s, seat, ev):  # setup.card_table_mode by-round: the turn's cards first
        return
    begin_turn(s, seat, ev)


def begin_turn(s: NapState, seat: int, ev: list[Event] | None = None) -> None:
    """The start of ``seat``'s turn once the turn counter and flags are set: phase 1's
    mission check, then :func:`begin_reinforcement`."""
    ev = [] if ev is None else ev
    if s.tables.params.is_advanced:
        if at_turn_start(s, seat, ev):  # napoleon.missions.check (phase 1)
            return  # replacement cards are drawn first (begin_reinforcement follows)
    begin_reinforcement(s, seat, ev)


def begin_reinforcement(s: NapState, seat: int, ev: list[Event] | None = None) -> None:
    """The rest of phase 1 (empire victory points) and the reinforcements of phase 2."""
    ev = [] if ev is None else ev
    extra = 0
    if s.tables.params.is_advanced:
        score_empires(s, seat, ev)
        fortification_regiments(s, seat, ev)  # napoleon.reinforce.fortifications (placed)
    ev.append(reinforcements_event(s, seat))
    if s.tables.params.is_advanced:  # mission regiments join the count just announced
        extra = reinforcement_bonus(s, seat, ev)  # napoleon.missions.lasting-bonus
    s.phase = "reinforce"
    extra += capital_bonuses(s, seat)
    s.pending = {"to_place": reinforcements(s, seat) + extra, "must_trade": False,
                 "after": "turn"}
    s.pending["must_trade"] = _owes_trade(s, seat, first=True)
    maybe_end_reinforce(s)


def reinforcements_event(s: NapState, seat: int) -> Event:
    """The ``reinforcements`` event of the turn start, as Classic's: the places counted
    (territories, and maritime zones by reinforce.counts_zones), the empires and sea routes
    held whole, and the regiments they give with the capital bonuses; mission regiments
    follow as a ``mission-reinforcements`` event."""
    tb = s.tables
    terr, zones = controlled(s, seat)
    emp, rts = whole_groups(s, seat)
    return {"type": "reinforcements", "player": seat,
            "territories": terr + (zones if tb.params.reinforce_counts_zones else 0),
            "groups": [tb.groups[g][0] for g in emp] + [tb.routes[r][0] for r in rts],
            "armies": reinforcements(s, seat) + capital_bonuses(s, seat)}


def capital_bonuses(s: NapState, seat: int) -> int:
    """napoleon.capitals.bonus: with the Capitals option, from turn ``capitals.from_turn``,
    each empire whose capital the player holds with enough of its territories
    (``capitals.count_meaning``) gives its capital bonus (on top of the whole-empire bonus
    only when ``capitals.stack_with_empire``)."""
    p, tb = s.tables.params, s.tables
    if not p.capitals_enabled or s.turn < p.capitals_from_turn:
        return 0
    total = 0
    for g, cap, count, bonus in tb.capitals:
        if s.owner[cap] != seat:
            continue
        ts = tb.groups[g][2]
        held = sum(1 for t in ts if s.owner[t] == seat)
        need = {"with-capital": count, "besides-capital": count + 1,
                "whole-empire": len(ts)}[p.capitals_count_meaning]
        if held < need or (held == len(ts) and not p.capitals_stack_with_empire):
            continue
        total += bonus
    return total


def score_empires(s: NapState, seat: int, ev: list[Event] | None = None) -> None:
    """napoleon.scoring.empire-vp: at the start of the turn, each whole empire held scores
    its bonus in victory points (routes too when vp.routes_score)."""
    p, tb = s.tables.params, s.tables
    if p.vp_empire_scoring == "last-turn-only" and s.turn != p.game_turn_limit:
        return
    emp, rts = whole_groups(s, seat)
    vp = sum(tb.groups[g][1] for g in emp)
    if p.vp_routes_score:
        vp += sum(tb.routes[r][1] for r in rts)
    if p.capitals_vp:
        vp += capital_bonuses(s, seat)
    s.vp[seat] += vp
    if vp and ev is not None:
        ev.append({"type": "victory-points", "player": seat, "vp": vp, "for": "empires"})


def _owes_trade(s: NapState, seat: int, first: bool) -> bool:
    p = s.tables.params
    hand = len(s.hands[seat])
    if s.pending.get("after") == "elimination":
        return hand > p.cards_elimination_trade_until
    at = p.cards_forced_trade_at
    if p.cards_forced_trade_until == "one-set":
        return first and hand >= at
    return hand >= at


def maybe_end_reinforce(s: NapState) -> None:
    if s.pending["to_place"] == 0 and not s.pending["must_trade"]:
        if s.pending["after"] == "turn":
            new_stage(s)  # effect plays are counted per phase
        s.phase, s.pending = "attack", {}


def card_set_value(tb: NapTables, cards: Sequence[int]) -> int:
    value = get_fixed_set_value([tb.card_symbol[c] for c in cards], tb.params.cards_set_values_fixed)
    for c in cards:  # a card that adds regiments even inside a set (its effect text says so)
        eff = tb.card_effect[c]
        if eff and eff.get("in_set_bonus"):
            value += int(eff["in_set_bonus"])
    return value


def process_trade(s: NapState, a: A.Trade, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_trade`: a set is valued by
    Napoléon's set-value table (napoleon.cards.set-values)."""
    tb, p, seat = s.tables, s.tables.params, s.current
    cards = a.cards
    # Verify that the player holds every card traded …
    require(set(cards) <= set(s.hands[seat]), "not-your-cards", RID.CARDS_SET_VALUES,
            "you do not hold those cards")
    problem = get_set_problem([tb.card_symbol[c] for c in cards], tb.symbols,
                              p.cards_max_wilds_per_set)
    # … and that they form a set (with at most cards.max_wilds_per_set jokers).
    require(problem is None, problem or "",
            RID.CARDS_JOKERS if problem == "too-many-wilds" else RID.CARDS_SET_VALUES,
            lambda: f"not a set ({problem})")
    value = card_set_value(tb, cards)
    s.hands[seat] = tuple(c for c in s.hands[seat] if c not in cards)
    s.discards = tuple(sorted(s.discards + tuple(cards)))
    s.sets_traded += 1
    s.pending["to_place"] += value
    at = len(ev)
    ev.append({"type": "traded", "player": seat, "cards": [tb.cards[c] for c in cards],
               "value": value})
    grant_territory_bonus(s, seat, cards, ev)
    _list_bonuses(ev, at)
    s.pending["must_trade"] = _owes_trade(s, seat, first=False)
    maybe_end_reinforce(s)


def _list_bonuses(ev: list[Event], at: int) -> None:
    """The ``traded`` event at ``ev[at]`` names the territory bonuses that follow it (as
    Classic's does): none is chosen by the player, so ``bonus_territory`` is null."""
    bonuses = [{"territory": e["territory"], "armies": e["armies"]} for e in ev[at + 1:]
               if e["type"] == "territory-bonus"]
    ev[at].update(bonus_territory=None, bonus=sum(b["armies"] for b in bonuses),
                  bonuses=bonuses)


@RID.cites(RID.CARDS_TRADE_TERRITORY_BONUS)
def grant_territory_bonus(s: NapState, seat: int, cards: Sequence[int], ev: list[Event]) -> None:
    p, tb = s.tables.params, s.tables
    limit = p.cards_territory_bonus_limit
    for c in cards:
        t = tb.card_territory[c]
        if t < 0 or s.owner[t] != seat or (limit == "per-turn" and s.bonus_taken):
            continue
        s.armies[t] += p.cards_territory_bonus
        s.bonus_taken = True
        ev.append({"type": "territory-bonus", "territory": tb.places[t],
                   "armies": p.cards_territory_bonus})
        if limit != "per-card":
            break


def can_buy_ship(s: NapState, seat: int, z: int) -> bool:
    tb = s.tables
    return (tb.params.ships_in_play and tb.is_zone(z) and s.pending["to_place"] >= tb.params.costs_ship
            and N.build_target_ok(s, seat, z) and any(s.owner[t] == seat for t in tb.coast[z])
            and N.ship_room(s, seat))


def process_buy_ship(s: NapState, a: A.BuyShip, ev: list[Event]) -> None:
    tb, seat, z = s.tables, s.current, a.zone
    # Verify that ships are used in this game …
    require(tb.params.ships_in_play, "no-ships", RID.UNITS_SHIPS, "ships are not used in this game")
    # … that no forced trade is owed first …
    require(not s.pending["must_trade"], "must-trade", RID.CARDS_FORCED_TRADE,
            "trade your set first")
    # … that the ship goes in a maritime zone …
    require(tb.is_zone(z), "not-a-zone", RID.UNITS_SHIPS, "ships go in a maritime zone")
    # … next to one of the player's territories …
    require(any(s.owner[t] == seat for t in tb.coast[z]), "not-coastal", RID.UNITS_SHIPS,
            "ships are built in a zone next to one of your territories")
    # … not among another player's ships unless a forced battle follows
    # (naval.forced_attack_on_build) …
    require(N.build_target_ok(s, seat, z), "enemy-zone", RID.NAVAL_FORCED_COMBAT,
            "ships may be built among another player's ships only when a forced battle "
            "follows (naval.forced_attack_on_build)")
    # … with a ship left in the player's supply …
    require(N.ship_room(s, seat), "ship-limit", RID.UNITS_SHIPS,
            "no ship left in your supply (ships.max_per_player)")
    # … and enough reinforcements left to pay costs.ship.
    require(s.pending["to_place"] >= tb.params.costs_ship, "cannot-afford", RID.REINFORCE_PURCHASES,
            "not enough reinforcements left to pay for a ship")
    s.pending["to_place"] -= tb.params.costs_ship
    N.build(s, seat, z, ev)
    maybe_end_reinforce(s)


def process_place(s: NapState, a: A.Place, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_place`: the regiments were counted
    from the territories and maritime zones held, and ships, leaders and fortifications are
    bought from the same reinforcements (napoleon.reinforce.territories)."""
    t, seat = a.territory, s.current
    # Verify that no forced trade is owed first …
    require(not s.pending["must_trade"], "must-trade", RID.CARDS_FORCED_TRADE,
            "you hold too many cards: trade a set first")
    # … that regiments are left to place …
    require(s.pending["to_place"] > 0, "nothing-to-place", RID.REINFORCE_TERRITORIES,
            "no regiments left to place")
    # … and that they go on one of the player's territories.
    require(s.owner[t] == seat, "not-owner", RID.REINFORCE_TERRITORIES,
            "place on one of your territories")
    s.armies[t] += 1
    s.pending["to_place"] -= 1
    ev.append({"type": "placed", "player": seat, "territory": s.tables.places[t], "armies": 1})
    if s.pending["to_place"] == 0 and s.pending["after"] == "elimination" \
            and not s.pending["must_trade"]:
        s.phase, s.pending = "attack", {}
        return
    maybe_end_reinforce(s)


BUY_RULES = {"general-limit": RID.UNITS_GENERALS, "admiral-limit": RID.UNITS_ADMIRALS,
             "no-regiments": RID.UNITS_GENERALS,
             "not-a-zone": RID.UNITS_ADMIRALS, "not-a-territory": RID.REINFORCE_PURCHASES,
             "fortified": RID.UNITS_FORTIFICATIONS,
             "no-supply": RID.UNITS_FORTIFICATIONS,
             "epidemic": RID.UNITS_FORTIFICATIONS}


def process_buy(s: NapState, a: A.BuyGeneral | A.BuyFortification | A.BuyAdmiral, ev: list[Event]) -> None:
    kind = a.type[len("buy-"):]
    t = a.zone if isinstance(a, A.BuyAdmiral) else a.territory
    why = can_buy(s, kind, t)
    rule = (RID.CARDS_FORCED_TRADE if why == "must-trade"
            else BUY_RULES.get(why or "", RID.REINFORCE_PURCHASES))
    if why == "not-owner" and kind == "admiral":
        rule = RID.UNITS_ADMIRALS
    # Verify that the piece may be bought there (Advanced Rules, no trade owed, a place of
    # the player's with regiments, reinforcements to pay for it, under its limit, no
    # epidemic or full fortifications).
    require(why is None, why or "", rule, lambda: f"cannot buy a {kind} there ({why})")
    s.pending["to_place"] -= s.tables.params.cost_of(kind)
    if kind == "general":
        s.generals[t] += 1
    elif kind == "admiral":
        s.admirals[t] += 1
    else:
        s.forts[t] += 1
    where = "zone" if kind == "admiral" else "territory"
    ev.append({"type": f"{kind}-bought", "player": s.current, where: s.tables.places[t]})
    maybe_end_reinforce(s)


def _turn_order(s: NapState) -> list[int]:
    hs = humans(s)
    i = hs.index(s.first_player) if s.first_player in hs else 0
    return hs[i:] + hs[:i]


def _row(s: NapState, n: int) -> int:
    values = s.tables.params.setup_card_table_values
    return int(values[n - 1]) if 1 <= n <= len(values) else 0


def setup_share(s: NapState, seat: int) -> int:
    """Cards ``seat`` draws before the first turn ('by-seat', 'by-player-count')."""
    mode = s.tables.params.setup_card_table_mode
    if mode == "by-seat":
        return _row(s, _turn_order(s).index(seat) + 1)
    if mode == "by-player-count":
        return _row(s, len(humans(s)))
    return 0


@RID.cites(RID.CARDS_RESHUFFLE)
def is_pile_ready(s: NapState, ev: list[Event] | None = None) -> bool:
    if not s.draw_pile and s.discards and s.tables.params.cards_reshuffle_discards:
        s.draw_pile, s.discards = s.discards, ()
        if ev is not None:
            ev.append({"type": "reshuffled", "cards": len(s.draw_pile)})
    return bool(s.draw_pile)


def begin_play(s: NapState, first: int, ev: list[Event] | None = None) -> None:
    """Play begins with ``first``: the setup draws of the card table first, if any."""
    s.first_player = first
    next_setup_draw(s, None, ev)


def next_setup_draw(s: NapState, done: int | None, ev: list[Event] | None = None) -> None:
    order = _turn_order(s)
    start = 0 if done is None else order.index(done) + 1
    for seat in order[start:]:
        n = setup_share(s, seat)
        if n > 0 and is_pile_ready(s):
            s.phase, s.current = "card-table", seat
            s.pending = {"seat": seat, "left": n, "after": "setup"}
            return
    start_turn(s, s.first_player, ev=ev)


def turn_draws(s: NapState, seat: int, ev: list[Event] | None = None) -> bool:
    """'by-round': enter the draws of game turn ``s.turn`` for ``seat``; False if none."""
    if s.tables.params.setup_card_table_mode != "by-round":
        return False
    n = _row(s, s.turn)
    if n <= 0 or not is_pile_ready(s, ev):
        return False
    s.phase, s.pending = "card-table", {"seat": seat, "left": n, "after": "turn"}
    return True
