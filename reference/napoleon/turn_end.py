"""Napoléon: the end of the turn (``end-turn``), and the chance draws that go on with the
turn — territory cards (``draw``), an epidemic's new territory (``epidemic``) and mission
cards (``mission``) — up to the next player's turn or the end of the game (final scoring).

It sits above the battle (:mod:`.combat`), the epidemic phase (:mod:`.epidemics`) and the
missions (:mod:`.missions`), which it calls in turn.
"""

from __future__ import annotations

from typing import Any

from riskspec.reference.base import require
from riskspec.reference.napoleon import actions as A
from riskspec.reference.napoleon import game as G
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.epidemics import can_relocate, phase_loss, relocation_draw, start_relocation
from riskspec.reference.napoleon.missions import _advance, _order, at_turn_end, completed, final_check
from riskspec.reference.napoleon.state import NapState
from riskspec.reference.napoleon.tiebreak import regiment_count

Event = dict[str, Any]


def process_relocation_draw(s: NapState, a: A.Draw, ev: list[Event]) -> None:
    """napoleon.epidemics.relocate: the epidemic phase's relocations, one card at a time."""
    # Verify that this draw relocates an epidemic: setup epidemics are placed by territory
    # ('epidemic' outcomes), not by a draw.
    require(s.pending["moving"], "not-a-relocation", RID.SETUP_EPIDEMICS,
            "setup epidemics are placed with 'epidemic' outcomes")
    if relocation_draw(s, a, ev, RID.EPIDEMICS_RELOCATE):
        s.pending["left"] -= 1
    lost = 0
    if s.pending["left"] > 0 and not can_relocate(s, ev):
        lost, s.pending["left"] = s.pending["left"], 0
    for _ in range(lost):
        ev.append({"type": "epidemic-lost"})
    if s.pending["left"] == 0:
        continue_end_of_turn(s, ev)


def process_end_turn(s: NapState, a: A.EndTurn, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_end_turn`: in the Advanced game the
    epidemic phase runs before the end-of-turn draws (napoleon.epidemics.relocate)."""
    end_turn(s, ev)


def end_turn(s: NapState, ev: list[Event]) -> None:
    """The end of the turn: the epidemic phase, then :func:`continue_end_of_turn` (also
    when the player to move put themselves out mid-turn, napoleon.amb.epidemic-elimination)."""
    p, seat = s.tables.params, s.current
    ev.append({"type": "turn-ended", "player": seat, "turn": s.turn})
    s.m_units, s.m_leaders = [], []
    if p.is_advanced:
        held = G.holders(s)
        moving = phase_loss(s, seat, ev)
        G.eliminate_landless(s, held, ev)  # napoleon.amb.epidemic-elimination
        if start_relocation(s, moving, ev):
            return  # napoleon.epidemics.relocate: territory cards are drawn first
    continue_end_of_turn(s, ev)


def continue_end_of_turn(s: NapState, ev: list[Event] | None = None) -> None:
    """After the epidemic phase: the end-of-turn mission check (replacement cards are drawn
    first when missions were completed), then :func:`finish_end_of_turn`."""
    ev = [] if ev is None else ev
    if s.eliminated_by[s.current] >= 0:  # put out in this turn: nothing checked, scored or drawn
        _draw_or_next(s, 0, ev)
        return
    if s.tables.params.is_advanced:
        if at_turn_end(s, s.current, ev):  # napoleon.missions.check (phase 6)
            return
    finish_end_of_turn(s, ev)


def finish_end_of_turn(s: NapState, ev: list[Event]) -> None:
    """The end-of-turn scoring and card draws."""
    p, seat = s.tables.params, s.current
    if p.is_advanced and (p.vp_territory_scoring == "every-turn" or s.turn == p.game_turn_limit):
        terr, zones = G.controlled(s, seat)  # napoleon.scoring.territories
        vp = (terr + zones) // p.vp_territory_divisor
        s.vp[seat] += vp
        if vp:
            ev.append({"type": "victory-points", "player": seat, "vp": vp, "for": "territories"})
    n = 0
    if p.end_turn_draw_for_invasion and s.conquered and not (
            s.empty_invaded and p.end_turn_empty_invasion_forfeits):
        n += 1  # napoleon.amb.empty-territory-card 'no-card-this-turn': forfeited
    emp, rts = G.whole_groups(s, seat)
    if p.end_turn_draw_for_control and (emp or rts):
        n += 1
    if p.end_turn_draw_for_mission and s.missions_completed and not p.capitals_enabled:
        n += 1  # a mission completed since the previous turn (none with capitals)
    if p.capitals_enabled and p.capitals_card_tradeoff == "all-draws":
        n = 0  # napoleon.capitals.card-tradeoff: no end-of-turn card at all
    if p.end_turn_draw_mode == "one-if-any":
        n = min(n, 1)
    n = min(n, p.end_turn_max_draws)
    _draw_or_next(s, n, ev)


@RID.cites(RID.CARDS_RESHUFFLE, RID.TURN_TIME_TRACK)
def _draw_or_next(s: NapState, left: int, ev: list[Event] | None = None) -> None:
    if left > 0 and not s.draw_pile and s.discards and s.tables.params.cards_reshuffle_discards:
        s.draw_pile, s.discards = s.discards, ()
        if ev is not None:
            ev.append({"type": "reshuffled", "cards": len(s.draw_pile)})
    if left > 0 and s.draw_pile:
        s.phase, s.pending = "draw", {"left": left}
        return
    hs = [h for h in G.humans(s) if s.eliminated_by[h] < 0]
    p = s.tables.params
    if not hs:  # napoleon.amb.epidemic-elimination: epidemics left nobody in the game
        _final_scoring(s, [] if ev is None else ev)
        return
    nxt = next((h for h in hs if h > s.current), hs[0])  # the current player may be out
    limit = p.turn_limit
    wrapped = _new_round(s, nxt)
    if limit is not None and wrapped and s.turn >= int(limit):
        if p.is_advanced:
            _final_scoring(s, [] if ev is None else ev)
        else:
            _end_by_turn_limit(s)
            if ev is not None:  # the winners (a shared victory: all of them), then the end
                ev.append({"type": "victory", "player": s.winner,
                           "players": list(s.co_winners or (s.winner,)), "rule": RID.BASIC_END})
                ev.append({"type": "game-over", "winner": s.winner, "reason": "turn-limit"})
        return
    G.start_turn(s, nxt, new_round=wrapped, ev=ev)


def _new_round(s: NapState, nxt: int) -> bool:
    """napoleon.turn.order: a game turn ends when play comes back round to the first player
    (or passes their seat, when they are out): seats are counted from the first player."""
    n = s.n_players

    def rel(seat: int) -> int:
        return (seat - s.first_player) % n
    return rel(nxt) <= rel(s.current)


def _end_by_turn_limit(s: NapState) -> None:
    """napoleon.amb.basic-game-end 'most-territories': the most territories wins; among
    players tied for them, the most regiments when ``basic.tie_break`` = 'regiments'
    (napoleon.amb.basic-limit-tie); a tie left is shared (as :func:`_final_scoring` shares one)."""
    T = s.tables.n_territories
    by_regiments = s.tables.params.basic_tie_break == "regiments"

    def key(h: int) -> tuple[int, int]:
        held = sum(1 for o in s.owner[:T] if o == h)
        return held, regiment_count(s, h) if by_regiments else 0

    best = max(key(h) for h in G.humans(s))
    _game_over(s, [h for h in G.humans(s) if key(h) == best])


def _game_over(s: NapState, winners: list[int]) -> None:
    """The game ends won by ``winners`` (seat order): ``winner`` names the lowest seat,
    ``co_winners`` all of them when the victory is shared."""
    s.winner = winners[0]
    s.co_winners = tuple(winners) if len(winners) > 1 else ()
    s.phase, s.pending = "game-over", {}


def _final_scoring(s: NapState, ev: list[Event]) -> None:
    """napoleon.scoring.final-missions, then napoleon.scoring.winner / tie-break: most VP;
    then scoring.tiebreak in order; a tie after all of them is shared: ``winner`` names the
    lowest seat among the sharers and ``co_winners`` all of them (so does the victory event)."""
    hs = G.humans(s)
    start = hs.index(s.first_player) if s.first_player in hs else 0
    final_check(s, hs[start:] + hs[:start], ev)

    def key(seat: int) -> tuple[int, ...]:
        out = [s.vp[seat]]
        for tb in s.tables.params.scoring_tiebreak:
            if tb == "regiments":
                out.append(regiment_count(s, seat))  # scoring.regiments_count
            else:  # missions-completed
                out.append(completed(s, seat))
        return tuple(out)

    best = max(key(h) for h in hs)
    winners = [h for h in hs if key(h) == best]
    _game_over(s, winners)  # napoleon.scoring.tie-break: a tie after every tie-break is shared
    ev.append({"type": "victory", "player": s.winner, "players": winners,
               "rule": RID.SCORING_TIE_BREAK if any(
                   s.vp[h] == best[0] for h in hs if h != s.winner) else RID.SCORING_WINNER})
    ev.append({"type": "game-over", "winner": s.winner, "reason": "victory-points"})


def process_draw(s: NapState, a: A.Draw, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.classic.process_draw`: a turn may earn several
    cards, drawn one at a time (napoleon.end-of-turn.draws)."""
    c = a.card
    # Verify that the card drawn is in the draw pile.
    require(c in s.draw_pile, "not-in-pile", RID.END_OF_TURN_DRAWS,
            "that card is not in the draw pile")
    pile = list(s.draw_pile)
    pile.remove(c)
    s.draw_pile = tuple(pile)
    s.hands[s.current] = tuple(sorted(s.hands[s.current] + (c,)))
    ev.append({"type": "card-drawn", "player": s.current, "card": s.tables.cards[c]})
    _draw_or_next(s, s.pending["left"] - 1, ev)


def process_mission(s: NapState, a: A.Mission, ev: list[Event]) -> None:
    """Modified :func:`riskspec.reference.setup.process_mission`: missions come in levels, a
    player holds several and a completed one is replaced (napoleon.setup.missions,
    napoleon.missions.replace)."""
    tb, pend = s.tables, s.pending
    seat, mid = a.player, a.mission
    setup = pend["then"] == "setup"
    rule = RID.SETUP_MISSIONS if setup else RID.MISSIONS_REPLACE
    lvl = pend["levels"][0]
    # Verify that the mission card goes to the player it is being dealt to …
    require(seat == pend["player"], "wrong-player", rule, "that card is dealt to another player")
    # … and that it is still in the deck of the level being dealt.
    require(mid in s.mission_decks.get(lvl, ()), "not-in-deck", rule,
            lambda: f"that card is not left in the level-{lvl} deck")
    s.mission_decks[lvl] = tuple(m for m in s.mission_decks[lvl] if m != mid)
    s.missions_held[seat] = tuple(sorted(s.missions_held[seat] + (mid,),
                                         key=lambda m: _order(tb, m)))
    pend["levels"] = pend["levels"][1:]
    ev.append({"type": "mission-dealt" if setup else "mission-replaced", "player": seat,
               "mission": mid, "level": lvl})
    then = pend["then"]
    if _advance(s):
        return
    if then == "setup":
        G.after_mission_deal(s)
    elif then == "start":
        G.begin_reinforcement(s, seat, ev)
    else:
        finish_end_of_turn(s, ev)
