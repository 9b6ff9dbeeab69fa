"""Napoléon combat (``process_*`` handlers): land offensives, naval battles, the forced
battle of challenger ships; maneuvers are :mod:`.maneuvers`, the end of the turn
:mod:`.turn_end`.

Land offensives go from a territory to a neighbouring one; naval combat from a zone
to a neighbouring zone (all of it before the first land offensive,
``combat.naval_first``), fought to the end (``naval.fight_to_end``); a naval landing
attacks a territory across up to ``naval_landing.max_zones`` consecutive zones the
attacker controls.  Dice comparison is the shared :func:`compute_losses`.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.battle import (
    battle_event,
    compute_losses,
    get_attacker_dice_limit,
    get_defender_dice_limit,
)
from riskspec.reference.elimination import capture_cards
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import effects as EF
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import naval as N
from riskspec.reference.napoleon import reach as R
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.effects import modified_dice
from riskspec.reference.napoleon.epidemics import attack_loss
from riskspec.reference.napoleon.leaders import after_roll, capture, leaders_at, move_leaders, on_conquest
from riskspec.reference.napoleon.state import NapState, record_maneuver_start
from riskspec.reference.occupy import get_occupy_range

Event = dict[str, Any]


def attack_targets(s: NapState, src: int, seat: int, reach: R.Reach | None = None) -> list[int]:
    """Places ``seat`` may attack from ``src`` (``reach``: :func:`R.landing_reach` of the
    position, when the caller computed it once for every source)."""
    tb, p = s.tables, s.tables.params
    if any(s.challengers):  # napoleon.naval.forced-combat: the forced battles come first
        return [src] if s.challengers[src] else []
    if s.owner[src] != seat or s.armies[src] < p.attack_min_units or \
            s.armies[src] - N.stay(s, src) < 1:
        return []
    if tb.is_zone(src):
        if s.land_attacked and p.combat_naval_first:
            return []
        return sorted(z for z in tb.sea[src] if s.owner[z] not in (-1, seat) and s.armies[z] > 0)
    cand = tb.land[src] | R.landing_targets(s, src, seat, reach)
    # a territory without regiments is entered without a battle (napoleon.combat.empty-territory)
    return sorted(t for t in cand if s.owner[t] not in (-1, seat) and s.armies[t] > 0)


def process_attack(s: NapState, a: A.Attack, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_attack`: units attack from
    territories or zones, by land or a landing by sea, with card dice bonuses and an
    epidemic's loss (napoleon.combat.attack-from)."""
    tb, p, seat = s.tables, s.tables.params, s.current
    src, dst, dice = a.src, a.dst, a.dice
    if src == dst:
        process_forced_attack(s, a, ev)
        return
    # Verify that no forced naval battle of newly built ships is waiting: it comes first.
    require(not any(s.challengers), "forced-combat", RID.NAVAL_FORCED_COMBAT,
            "the forced naval battle of the ships you built comes first")
    # Verify that the attack starts from a territory or zone of the player's own …
    require(s.owner[src] == seat, "not-owner", RID.COMBAT_ATTACK_FROM,
            "attack from your own territory or zone")
    # … holding at least attack.min_units units.
    require(s.armies[src] >= p.attack_min_units, "too-few", RID.COMBAT_ATTACK_FROM,
            "too few units to attack from there")
    naval = tb.is_zone(src)
    # Verify that under combat.naval_first no naval attack follows the first land offensive.
    require(not (naval and s.land_attacked and p.combat_naval_first), "naval-after-land",
            RID.COMBAT_NAVAL_FIRST, "naval combat comes before the first land offensive")
    # Verify that the target holds another player's units …
    require(s.owner[dst] not in (-1, seat), "not-enemy", RID.COMBAT_ATTACK_FROM,
            "attack another player's units")
    # … and is within reach: a neighbour, or a landing by sea.
    require(dst in attack_targets(s, src, seat), "not-adjacent",
            RID.NAVAL_LANDING if not naval and dst not in tb.land[src] else RID.COMBAT_ATTACK_FROM,
            "the target is not within reach")
    loss = attack_loss(s, src, dst)
    left = N.stay(s, src) - 1  # napoleon.naval.battle-rules: ships that must stay behind
    top = p.attack_max_attacker_dice + EF.extra_dice(s, seat, False)
    limit = get_attacker_dice_limit(s.armies[src] - loss - left, top)
    # Verify that the attacker rolls 1 die up to the limit: attack.max_attacker_dice plus card
    # bonuses, no more than the units that may fight (after an epidemic's loss and the ships that
    # must stay).
    require(1 <= dice <= limit, "dice",
            RID.COMBAT_EPIDEMIC_LOSS if loss and dice <= get_attacker_dice_limit(
                s.armies[src] - left, top) else RID.COMBAT_DICE, lambda: f"roll 1 to {limit} dice")
    ev.append(attack_declared(s, src, dst, dice))
    EF.on_attack(s, src, dst)
    if loss:
        s.armies[src] -= loss
        ev.append({"type": "epidemic-attack-loss", "territory": tb.places[src], "armies": loss})
    s.last_attack = src * len(tb.places) + dst
    if not naval:
        s.land_attacked = True
    _start_defence(s, src, dst, dice, naval)


def attack_declared(s: NapState, src: int, dst: int, dice: int) -> Event:
    """The ``attack-declared`` event (Classic's): who attacks, from where, where, how many dice."""
    P = s.tables.places
    return {"type": "attack-declared", "player": s.current, "from": P[src], "to": P[dst],
            "dice": dice}


@RID.cites(RID.BASIC_NEUTRAL_DEFENCE)
def _start_defence(s: NapState, src: int, dst: int, dice: int, naval: bool) -> None:
    p = s.tables.params
    defender = s.owner[dst]
    limit = defence_limit(s, dst)
    chooser = defender
    if s.is_neutral(defender):
        chooser = -1 if p.neutral_defender_dice == "max" else \
            next(h for h in G.humans(s) if h != s.current)
    window = not s.pending.get("fight_on") and EF.defence_window(s, defender)
    if not window and (p.attack_defender_dice == "max" or chooser < 0 or limit <= 1 or
                       s.pending.get("fight_on")):
        s.phase = "battle"
        s.pending = {"from": src, "to": dst, "attacker_dice": dice, "defender_dice": limit,
                     "naval": naval}
    else:
        s.phase = "defend"
        s.pending = {"from": src, "to": dst, "attacker_dice": dice, "chooser": chooser,
                     "naval": naval}


def defence_limit(s: NapState, dst: int) -> int:
    top = s.tables.params.attack_max_defender_dice
    if s.owner[dst] >= 0:
        top += EF.extra_dice(s, s.owner[dst], True)
    return get_defender_dice_limit(s.armies[dst], top)


def defend_choices(s: NapState) -> range:
    """The dice the chooser may defend with (only the most under attack.defender_dice = max,
    when the defender's effect-card window opened the choice)."""
    limit = defence_limit(s, s.pending["to"])
    low = limit if s.tables.params.attack_defender_dice == "max" else 1
    return range(low, limit + 1)


def process_defend(s: NapState, a: A.Defend, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_defend`: the defender's cards may add
    a die, and under attack.defender_dice = max only the most may be chosen
    (napoleon.combat.dice)."""
    dst = s.pending["to"]
    ok = defend_choices(s)
    # Verify that the defender rolls a number of dice the defence allows.
    require(a.dice in ok, "dice", RID.COMBAT_DICE,
            lambda: f"defend with {ok.start} to {ok.stop - 1} dice")
    pend = s.pending
    ev.append({"type": "defence-chosen", "player": pend["chooser"], "dice": a.dice})
    s.phase = "battle"
    s.pending = {"from": pend["from"], "to": dst, "attacker_dice": pend["attacker_dice"],
                 "defender_dice": a.dice, "naval": pend["naval"]}


def process_roll(s: NapState, a: A.Roll, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_roll`: the dice are compared after
    leaders', fortifications' and cards' bonuses, and a naval battle may fight to the end
    (napoleon.combat.compare)."""
    att, dfn = a.attacker, a.defender
    pend = s.pending
    # Verify that the roll has exactly the dice both sides announced.
    require(len(att) == pend["attacker_dice"] and len(dfn) == pend["defender_dice"], "dice",
            RID.COMBAT_DICE, "the roll must have the dice announced")
    if EF.open_reroll(s, att, dfn):  # napoleon.effects.reroll: a side may throw again
        return
    resolve_roll(s, pend["from"], pend["to"], att, dfn, pend["naval"], ev)


@RID.cites(RID.COMBAT_COMPARE, RID.NAVAL_FIGHT_TO_END)
def resolve_roll(s: NapState, src: int, dst: int, att: tuple[int, ...], dfn: tuple[int, ...], naval: bool,
                 ev: list[Event]) -> None:
    """Compare a roll's dice (after every bonus) and apply its outcome."""
    tb, p = s.tables, s.tables.params
    if src == dst:  # napoleon.naval.forced-combat
        forced_roll(s, att, dfn, ev)
        return
    att, dfn = EF.modified_dice(s, att, dfn, src, dst)
    la, ld = compute_losses(att, dfn, p.attack_ties)
    s.armies[src] -= la
    s.armies[dst] -= ld
    ev.append(battle_event(s.current, s.owner[dst], tb.places[src], tb.places[dst], att, dfn,
                           (la, ld)))
    if p.is_advanced:  # one-battle scope, attacking leaders captured
        after_roll(s, src, dst, ev)
    if s.armies[dst] == 0:
        loser = s.owner[dst]
        ev.append({"type": "conquered", "player": s.current, "territory": tb.places[dst],
                   "from": tb.places[src], "victim": loser})
        if p.is_advanced:
            on_conquest(s, dst, loser, ev)
        s.owner[dst] = s.current
        if not tb.is_zone(dst):
            s.conquests += 1
            # napoleon.amb.neutral-invasion-card: a neutral army's territory may not count
            if not s.is_neutral(loser) or p.end_turn_neutral_invasion_counts:
                s.conquered = True
        elim = G.controlled(s, loser) == (0, 0) if tb.is_zone(dst) else \
            G.controlled(s, loser)[0] == 0
        low, _ = get_occupy_range(s.armies[src], len(att), p.conquest_min_move,
                                  N.stay(s, src))
        if tb.is_zone(dst) and p.end_turn_zone_invasion_counts:
            s.conquered = True
        s.phase = "occupy"
        s.pending = {"from": src, "to": dst, "min": low,
                     "eliminated": elim and s.eliminated_by[loser] < 0}
        if s.pending["eliminated"]:
            eliminate_by_conquest(s, loser, ev)
        check_victory(s, ev)
        return
    fight_on = naval and p.naval_fight_to_end == "all"
    limit = get_attacker_dice_limit(s.armies[src] - (N.stay(s, src) - 1),
                                    p.attack_max_attacker_dice)
    if fight_on and limit >= 1:  # at sea the battle goes on to the end (max dice)
        s.pending = {"fight_on": True}
        _start_defence(s, src, dst, limit, True)
    else:
        s.phase, s.pending = "attack", {}


def eliminate_by_conquest(s: NapState, loser: int, ev: list[Event]) -> None:
    """A conquest took ``loser``'s last territory: their cards go to the conqueror."""
    G.eliminate(s, loser, ev)
    if capture_cards(s, loser, s.current, ev, s.tables.cards):
        s.captured[s.current] = True


def check_victory(s: NapState, ev: list[Event]) -> None:
    p = s.tables.params
    T = s.tables.n_territories
    seat = s.current
    mode = p.basic_victory
    if p.is_advanced:
        return  # the Advanced game ends after game.turn_limit turns (napoleon.scoring.winner)
    if mode == "eliminate-opponent":
        won = all(s.eliminated_by[h] >= 0 for h in G.humans(s) if h != seat)
    elif mode == "all-territories":
        won = all(o == seat for o in s.owner[:T])
    else:
        return
    if won:
        s.winner, s.phase, s.pending = seat, "game-over", {}
        ev.append({"type": "victory", "player": seat, "rule": RID.BASIC_END})
        ev.append({"type": "game-over", "winner": seat,
                   "reason": "last-player" if mode == "eliminate-opponent" else "domination"})


def process_occupy(s: NapState, a: A.Occupy, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_occupy`: leaders may move in with the
    units, and a zone keeps the ships it must (napoleon.combat.conquest)."""
    pend, p = s.pending, s.tables.params
    src, dst, n, k = pend["from"], pend["to"], a.armies, a.leaders
    least, most = get_occupy_range(s.armies[src], pend["min"], "dice-rolled", N.stay(s, src))
    # Verify that the units moved in are at least the dice of the last roll and leave behind those
    # that must stay.
    require(least <= n <= most, "armies", RID.NAVAL_BATTLE_RULES if s.tables.is_zone(src) and
            n > most else RID.COMBAT_CONQUEST, lambda: f"move {pend['min']} to {most} units")
    if k:
        # Verify that the leaders moved in stand in the attacking place.
        require(k <= leaders_at(s, src), "leaders", RID.LEADERS_ACCOMPANY,
                "that many leaders do not stand there")
        move_leaders(s, src, dst, k)
    s.armies[src] -= n
    s.armies[dst] += n
    seat = s.current
    ev.append({"type": "occupied", "player": seat, "from": s.tables.places[src],
               "to": s.tables.places[dst], "armies": n, **({"leaders": k} if k else {})})
    if s.captured[seat] and p.cards_elimination_trade_timing == "immediately":
        s.captured[seat] = False  # settled now: a trade at once, or none owed
        if len(s.hands[seat]) >= p.cards_elimination_trade_at:
            s.phase = "reinforce"
            s.pending = {"to_place": 0, "must_trade": True, "after": "elimination"}
            return
    s.phase, s.pending = "attack", {}


def process_end_attack(s: NapState, a: A.EndAttack, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_end_attack`: a forced naval battle of
    newly built ships must be fought first (napoleon.naval.forced-combat)."""
    # Verify that no forced naval battle of newly built ships is waiting before the attacks end.
    require(not any(s.challengers), "forced-combat", RID.NAVAL_FORCED_COMBAT,
            "ships built among another player's ships must fight them first")
    EF.end_combat(s)
    s.phase, s.pending = "maneuver", {}
    if s.tables.params.is_advanced:
        record_maneuver_start(s)  # napoleon.maneuver.leaders


def process_forced_attack(s: NapState, a: A.Attack, ev: list[Event]) -> None:
    z, dice = a.src, a.dice
    # Verify that the zone holds challenger ships built there (the forced battle) …
    require(s.challengers[z] > 0, "no-forced-combat", RID.NAVAL_FORCED_COMBAT,
            "an attack from a zone on itself is the forced battle of ships built there")
    top = min(s.tables.params.attack_max_attacker_dice, s.challengers[z])
    # … and that they roll 1 die up to attack.max_attacker_dice, no more than the challengers.
    require(1 <= dice <= top, "dice", RID.NAVAL_FORCED_COMBAT,
            lambda: f"roll 1 to {top} dice (every challenger ship takes part)")
    ev.append(attack_declared(s, z, z, dice))
    _start_defence(s, z, z, dice, True)


def forced_roll(s: NapState, att: tuple[int, ...], dfn: tuple[int, ...], ev: list[Event]) -> None:
    """One roll of a forced battle; it goes on (most dice each side) until one side is gone."""
    tb, p, z = s.tables, s.tables.params, s.pending["to"]
    att, dfn = modified_dice(s, att, dfn, z, z)  # leaders' and cards' dice bonuses
    la, ld = compute_losses(att, dfn, p.attack_ties)
    s.challengers[z] -= la
    s.armies[z] -= ld
    ev.append(battle_event(s.current, s.owner[z], tb.places[z], tb.places[z], att, dfn, (la, ld)))
    if s.armies[z] == 0:  # the challengers alone hold the zone
        loser = s.owner[z]
        if p.is_advanced:  # its admirals are captured (napoleon.leaders.capture)
            capture(s, z, loser, s.current, ev)
        s.owner[z], s.armies[z], s.challengers[z] = s.current, s.challengers[z], 0
        ev.append({"type": "zone-taken", "zone": tb.places[z], "player": s.current, "victim": loser})
        if p.end_turn_zone_invasion_counts:
            s.conquered = True
        s.phase, s.pending = "attack", {}
        return
    if s.challengers[z] == 0:
        s.phase, s.pending = "attack", {}
        return
    s.pending = {"fight_on": True}
    _start_defence(s, z, z, min(p.attack_max_attacker_dice, s.challengers[z]), True)
