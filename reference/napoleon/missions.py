"""Napoléon Advanced Rules: mission cards.

* setup (napoleon.setup.missions): every player is dealt ``setup.missions_per_level`` cards
  of each level's deck (``missions.decks``: level → deck ID) — a chance node
  ``{"type": "mission", "player": p, "mission": id}`` uniform over the level's cards left;
* checks (napoleon.missions.check): at the start of the turn (before the reinforcements) and
  at its end (before the card draws), each card held is checked at the moments
  ``missions.check_points`` gives it — its own ``check`` ('per-card'; 'either' and
  'any-time' mean both) or both moments ('both'); none at the start of game turn 1 when
  ``turn.first_turn_missions`` is false;
* at most ``missions.per_level_per_turn`` (1) completion per level per turn
  (napoleon.missions.one-per-level), counted over the player's turn or the game turn
  (``missions.per_level_scope``);
* a completed card scores its victory points, stays completed, and is replaced by a card
  of the same level (a chance node; nothing when that deck is empty, ``missions.empty_deck``)
  (napoleon.missions.replace);
* bonuses (napoleon.missions.lasting-bonus): a one-time reinforcement bonus is banked and
  received in the holder's next reinforcement phase (the same turn's for a start-of-turn
  mission; ``missions.end_bonus``); a lasting one is paid in each reinforcement phase while
  the condition holds; when it fails the card turns face down, for good unless
  ``missions.lasting_bonus_resumes`` (watched after every action: :func:`watch`);
* after the last turn (napoleon.scoring.final-missions): the cards checkable at the start of
  a turn (or all, ``missions.final_check``) get a last check; no replacement is drawn;
* tie-break ``missions-completed`` counts :attr:`NapState.missions_done`.

Conditions are the language of ``schemas/missions.schema.json``; ``all``/``any``/
``control_groups`` are evaluated by the Classic :func:`~riskspec.reference.missions.is_condition_met`,
the Napoléon forms by :func:`_leaf`.  A form or a reading this engine cannot evaluate raises
:class:`~riskspec.errors.OptionError` at ``new_game``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.errors import OptionError
from riskspec.reference.missions import is_condition_met
from riskspec.reference.napoleon import ruleids as RID
from riskspec.reference.napoleon.state import NapState
from riskspec.reference.state import InvalidStateError

Event = dict[str, Any]
FORMS = ("all", "any", "control_groups", "hold_territories", "hold_named", "control_routes",
         "hold_zones", "control_capitals", "capture_leaders", "hold_units")
CHECKS = {"start": ("start",), "end": ("end",), "either": ("start", "end"),
          "any-time": ("start", "end"), None: ("start", "end")}


# ---------------------------------------------------------------- the decks

def levels(tb: Any) -> list[int]:
    return sorted(int(k) for k in tb.params.missions_decks)


def deck(tb: Any, level: int) -> tuple[str, ...]:
    """The cards of a level's deck, in deck order (none when the variant has no such deck:
    a game on an inline map without a mission deck of its own)."""
    d = tb.variant.mission_decks.get(tb.params.missions_decks[str(level)])
    return tuple(d.cards) if d is not None else ()


def level_of(tb: Any, mid: str) -> int:
    for lvl in levels(tb):
        if mid in deck(tb, lvl):
            return lvl
    raise InvalidStateError(f"mission {mid!r} is in no deck of missions.decks")


def _order(tb: Any, mid: str) -> tuple[int, int]:
    lvl = level_of(tb, mid)
    return lvl, deck(tb, lvl).index(mid)


def card(tb: Any, mid: str) -> Any:
    return tb.variant.missions[mid]


def dealing(tb: Any) -> bool:
    return bool(tb.params.is_advanced and tb.params.setup_missions_per_level > 0)


def check_supported(tb: Any) -> None:
    """Raise OptionError when a card of the decks uses a condition this engine cannot evaluate
    (the tie-break names are checked with the other parameters, :mod:`.params`)."""
    if not dealing(tb):
        return
    for lvl in levels(tb):
        for mid in deck(tb, lvl):
            _check_form(card(tb, mid).condition, mid)


def _check_form(cond: Mapping[str, Any], mid: str) -> None:
    (kind, body), = cond.items()
    bad = kind not in FORMS or (kind == "capture_leaders" and body.get("kind") == "admiral") \
        or (kind == "hold_units" and body["kind"] == "admirals")
    if bad:
        raise OptionError(f"mission {mid!r} uses the condition {kind!r} "
                          f"{'on admirals ' if kind in FORMS else ''}which the reference "
                          f"engine's Napoléon cannot evaluate")
    if kind in ("all", "any"):
        for sub in body:
            _check_form(sub, mid)


def load_missions(s: NapState, decks: Mapping[str, Any] | None) -> None:
    """Finish :func:`~riskspec.reference.napoleon.state.from_dict`: the decks left (by
    default each level's deck less the cards in hands or completed), every card checked."""
    tb = s.tables
    seen: list[str] = [m for seat in range(s.n_players)
                       for m in s.missions_held[seat] + s.missions_done[seat]]
    for mid in seen:
        level_of(tb, mid)
    for seat in range(s.n_players):
        s.missions_held[seat] = tuple(sorted(s.missions_held[seat], key=lambda m: _order(tb, m)))
        if not set(s.lasting[seat]) <= set(s.missions_done[seat]):
            raise InvalidStateError("lasting_bonuses must be completed missions")
    s.mission_decks = {}
    for lvl in levels(tb):
        full = deck(tb, lvl)
        if decks is None or str(lvl) not in decks:
            left = tuple(m for m in full if m not in seen)
        else:
            left = tuple(decks[str(lvl)])
            if any(m not in full for m in left) or list(left) != sorted(left, key=full.index):
                raise InvalidStateError(f"mission_decks.{lvl}: cards of that deck, in deck order")
        s.mission_decks[lvl] = left
        seen += left
    if len(seen) != len(set(seen)):
        raise InvalidStateError("a mission card is in more than one place")


# ---------------------------------------------------------------- dealing and replacing

def init_decks(s: NapState) -> None:
    s.mission_decks = {lvl: deck(s.tables, lvl) for lvl in levels(s.tables)}


def start_setup_deal(s: NapState) -> bool:
    """Enter the setup deal (napoleon.setup.missions); False when nothing is to be dealt."""
    tb = s.tables
    if not dealing(tb):
        return False
    k = tb.params.setup_missions_per_level
    want = [lvl for lvl in levels(tb) for _ in range(k)]
    seats = [i for i in range(s.n_players) if not s.is_neutral(i)]
    s.phase, s.pending = "deal-missions", {"player": seats[0], "levels": want, "then": "setup"}
    return _advance(s)


def _draw_replacements(s: NapState, seat: int, lvls: list[int], then: str) -> bool:
    """Enter the replacement draws of ``lvls`` for ``seat``; False when none is drawn."""
    if not lvls:
        return False
    s.phase, s.pending = "deal-missions", {"player": seat, "levels": list(lvls), "then": then}
    return _advance(s)


def _advance(s: NapState) -> bool:
    """Skip the levels whose deck is empty (missions.empty_deck = no-draw) and, in the setup
    deal, move on to the next player; False when the deal is over (the caller goes on)."""
    pend = s.pending
    while True:
        while pend["levels"] and not s.mission_decks.get(pend["levels"][0]):
            pend["levels"].pop(0)
        if pend["levels"]:
            return True
        if pend["then"] != "setup":
            return False
        seats = [i for i in range(s.n_players) if not s.is_neutral(i)]
        i = seats.index(pend["player"]) + 1
        if i == len(seats):
            return False
        k = s.tables.params.setup_missions_per_level
        pend["player"], pend["levels"] = seats[i], [lv for lv in levels(s.tables) for _ in range(k)]


# ---------------------------------------------------------------- conditions

def _leaf(kind: str, body: Mapping[str, Any], s: Any, seat: int) -> bool | None:
    tb = s.tables
    T = tb.n_territories
    own, units = s.owner, s.armies
    if kind == "hold_territories":
        least = body.get("min_armies", 1)
        return sum(1 for t in range(T) if own[t] == seat and units[t] >= least) >= int(body["count"])
    if kind == "hold_named":
        least = body.get("min_armies", 1)
        return all(own[x] == seat and units[x] >= least for x in
                   (tb.place_index[p] for p in body["places"]))
    if kind == "hold_zones":
        return sum(1 for z in range(T, len(own)) if own[z] == seat and units[z] > 0) >= int(body["count"])
    if kind == "control_routes":
        held = {rid for rid, _, zs in tb.routes if all(own[z] == seat and units[z] > 0 for z in zs)}
        named = body.get("routes", ())
        return all(r in held for r in named) and len(held.difference(named)) >= body.get("plus_any", 0)
    if kind == "control_capitals":
        held = {tb.places[cap] for _, cap, _, _ in tb.capitals if own[cap] == seat}
        return all(c in held for c in body.get("capitals", ())) and len(held) >= body.get("count", 0)
    if kind == "capture_leaders":  # generals only: this engine has no admirals (check_supported)
        return bool(s.prisoners[seat] >= body["count"])
    if kind == "hold_units":
        where = [tb.place_index[x] for x in body["in"]] if body.get("in") else range(len(own))
        mine = [x for x in where if own[x] == seat]
        count = {"regiments": sum(units[x] for x in mine if x < T),
                 "ships": sum(units[x] for x in mine if x >= T),
                 "generals": sum(s.generals[x] for x in mine),
                 "fortifications": sum(s.forts[x] for x in mine)}[body["kind"]]
        return bool(count >= body["count"])
    return None  # control_groups: the Classic evaluation (groups of territories)


def is_met(s: NapState, seat: int, mid: str) -> bool:
    return is_condition_met(card(s.tables, mid).condition, s, seat, _leaf)


# ---------------------------------------------------------------- checks

def moments(tb: Any, mid: str) -> tuple[str, ...]:
    if tb.params.missions_check_points == "both":
        return ("start", "end")
    return CHECKS[card(tb, mid).check]


@RID.cites(RID.SETUP_WHOLE_EMPIRE_WARNING, RID.MISSIONS_ONE_PER_LEVEL)
def check(s: NapState, seat: int, when: str, ev: list[Event]) -> list[int]:
    """The check of ``seat``'s missions at ``when`` ('start', 'end' or 'final'); returns the
    levels of the completed cards (to be replaced)."""
    tb, p = s.tables, s.tables.params
    if not dealing(tb) or not s.missions_held[seat]:
        return []
    if when == "start" and s.turn == 1 and not p.turn_first_turn_missions:
        return []
    if when == "final":
        done = list(s.mission_levels[seat]) if p.missions_per_level_scope == "game-turn" else []
        allowed = ("start", "end") if p.missions_final_check == "all-missions" else ("start",)
    else:
        done, allowed = list(s.mission_levels[seat]), (when,)
    most = p.missions_per_level_per_turn
    out: list[int] = []
    for mid in s.missions_held[seat]:
        lvl = level_of(tb, mid)
        if done.count(lvl) >= most or not set(moments(tb, mid)) & set(allowed) \
                or not is_met(s, seat, mid):
            continue
        done.append(lvl)
        out.append(lvl)
        _complete(s, seat, mid, lvl, when, ev)
    return out


def _complete(s: NapState, seat: int, mid: str, lvl: int, when: str, ev: list[Event]) -> None:
    reward = card(s.tables, mid).reward
    vp = int(reward.get("victory_points", 0))
    s.missions_held[seat] = tuple(m for m in s.missions_held[seat] if m != mid)
    s.missions_done[seat] += (mid,)
    s.mission_levels[seat] += (lvl,)
    s.vp[seat] += vp
    e: Event = {"type": "mission-completed", "player": seat, "mission": mid, "level": lvl,
                "vp": vp, "at": when}
    extra = int(reward.get("reinforcements", 0))
    if when != "final":
        s.missions_completed += 1
        if extra and reward.get("lasting"):
            s.lasting[seat] += (mid,)
            e["lasting_bonus"] = extra
        elif extra:
            s.mission_bank[seat] += extra
            e["reinforcements"] = extra
    ev.append(e)


def new_turn_levels(s: NapState, seat: int, new_round: bool) -> None:
    """A new turn of ``seat`` (a new game turn when ``new_round``): the per-level count starts
    again (missions.per_level_scope) and no mission is completed yet this turn."""
    if s.tables.params.missions_per_level_scope == "game-turn":
        if new_round:
            s.mission_levels = [()] * s.n_players
    else:
        s.mission_levels[seat] = ()
    s.missions_completed = 0


def at_turn_start(s: NapState, seat: int, ev: list[Event]) -> bool:
    """Phase 1's mission check; True when replacement draws are due (a chance node)."""
    if not dealing(s.tables):
        return False
    return _draw_replacements(s, seat, check(s, seat, "start", ev), "start")


def at_turn_end(s: NapState, seat: int, ev: list[Event]) -> bool:
    """Phase 6's mission check; True when replacement draws are due."""
    if not dealing(s.tables):
        return False
    return _draw_replacements(s, seat, check(s, seat, "end", ev), "end")


def final_check(s: NapState, seats: list[int], ev: list[Event]) -> None:
    for seat in seats:
        check(s, seat, "final", ev)


def reinforcement_bonus(s: NapState, seat: int, ev: list[Event]) -> int:
    """Mission regiments received in this reinforcement phase: the bank, plus each lasting
    bonus whose condition holds (a failed one is turned face down: :func:`_lose`)."""
    total, s.mission_bank[seat] = s.mission_bank[seat], 0
    for mid in s.lasting[seat]:
        if is_met(s, seat, mid):
            total += int(card(s.tables, mid).reward.get("reinforcements", 0))
        elif not s.tables.params.missions_lasting_bonus_resumes:
            _lose(s, seat, mid, ev)
    if total:
        ev.append({"type": "mission-reinforcements", "player": seat, "armies": total})
    return total


def _lose(s: NapState, seat: int, mid: str, ev: list[Event]) -> None:
    s.lasting[seat] = tuple(m for m in s.lasting[seat] if m != mid)
    ev.append({"type": "mission-bonus-lost", "player": seat, "mission": mid})


def watch(s: NapState, ev: list[Event]) -> None:
    """After every action: a lasting bonus whose condition no longer holds is lost for good
    (``missions.lasting_bonus_resumes`` false) — the card is turned face down at once."""
    if s.tables.params.missions_lasting_bonus_resumes:
        return
    for seat, cards in enumerate(s.lasting):
        for mid in cards:
            if not is_met(s, seat, mid):
                _lose(s, seat, mid, ev)


def completed(s: NapState, seat: int) -> int:
    return len(s.missions_done[seat])
