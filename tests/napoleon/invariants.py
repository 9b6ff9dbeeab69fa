"""Checks that hold after every step of every Napoléon game (random play and stateful tests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from invariants_common import (  # noqa: F401
    check_cards_conserved,
    check_illegal_leaves_state,
    check_node_kind,
    check_round_trip,
)

from riskspec.reference.napoleon.state import NapState


def check_node(s: NapState) -> None:
    who = check_node_kind(s)
    if who >= 0:
        assert not s.is_neutral(who), "a neutral army never takes a turn"


def check_board(s: NapState) -> None:
    tb = s.tables
    T = tb.n_territories
    p = tb.params
    for i, (o, a) in enumerate(zip(s.owner, s.armies)):
        assert a >= 0
        if i < T and s.phase not in ("deal", "occupy") and s.turn > 0:
            # in the Advanced game an epidemic may empty a territory (held by nobody)
            assert (o >= 0 and a >= 1) or (p.is_advanced and o < 0 and a == 0), \
                f"{tb.places[i]} is occupied once play begins"
        if i >= T:
            assert (o >= 0) == (a > 0) or (o >= 0 and s.phase == "occupy"), tb.places[i]
            if a:
                assert p.basic_pieces != "none", "no ships when the pieces exclude them"
    for seat in range(s.n_players):
        if s.is_neutral(seat):
            assert s.hands[seat] == (), "neutral armies hold no cards"
        assert s.reserves[seat] >= 0
    check_cards_conserved(s)
    check_limits(s)
    if s.turn > 0:
        assert sum(s.reserves) == 0, "all starting regiments are placed before play"
    for i in range(T):
        assert s.generals[i] == 0 or s.owner[i] >= 0, "a general stands with its own regiments"
    if p.fortifications_supply is not None:
        assert sum(s.forts) <= p.fortifications_supply, "fortifications.supply"
    for z in range(T, len(s.owner)):
        if s.challengers[z]:  # challengers only face another player's ships, in that turn
            assert s.owner[z] not in (-1, s.current) and s.armies[z] > 0
            assert s.phase in ("reinforce", "ransom", "attack", "defend", "battle", "reroll",
                               "reroll-dice", "epidemic-move"), s.phase


def check_limits(s: NapState) -> None:
    """Regiments on owned territories, pieces within their spec limits, epidemics within
    bounds, the turn within game.turn_limit."""
    tb, p = s.tables, s.tables.params
    T = tb.n_territories
    advanced = p.is_advanced
    if s.turn > 0 and s.phase != "occupy":
        for t in range(T):
            if s.owner[t] >= 0:
                assert s.armies[t] >= 1, f"{tb.places[t]}: an owned territory holds regiments"
    for t in range(T):
        assert 0 <= s.forts[t] <= p.fortifications_max_per_territory, \
            f"{tb.places[t]}: fortifications.max_per_territory"
    for seat in range(s.n_players):
        on_board = sum(s.generals[t] for t in range(T) if s.owner[t] == seat)
        held = s.captives[seat] if p.leaders_limit_counts == "including-captured" else 0
        assert on_board + held <= p.generals_max, f"seat {seat}: generals.max"
        admirals = getattr(s, "admirals", None)  # per place, once admirals are in the state
        if admirals is not None:
            held = s.held(1, seat) if p.leaders_limit_counts == "including-captured" else 0
            assert sum(admirals[z] for z in range(T, len(s.owner)) if s.owner[z] == seat) \
                + held <= p.admirals_max, f"seat {seat}: admirals.max"
    assert not any(s.admirals[:T]), "admirals stand in maritime zones"
    for z in range(T, len(s.owner)):  # an admiral stays with its ships (leaders.alone)
        assert s.admirals[z] == 0 or (s.owner[z] >= 0 and (s.armies[z] > 0
                                                           or s.phase == "occupy"))
    assert all(x >= 0 for x in s.pows), "prisoner counts are never negative"
    assert all(s.pows[k * s.n_players ** 2 + c * s.n_players + c] == 0
               for k in (0, 1) for c in range(s.n_players)), "nobody holds their own leaders"
    ships = p.ships_max_per_player
    if ships is not None:
        for seat in range(s.n_players):
            own = sum(s.armies[z] for z in range(T, len(s.owner)) if s.owner[z] == seat)
            assert own + (sum(s.challengers) if seat == s.current else 0) <= ships, \
                f"seat {seat}: ships.max_per_player"
    assert all(e >= 0 for e in s.epidemics) and not any(s.epidemics[T:])
    if not advanced:
        assert not any(s.epidemics), "epidemics are an Advanced rule"
    elif s.phase != "epidemics" and s.phase != "epidemic-move":
        assert sum(s.epidemics) <= p.setup_epidemics, "no more epidemics than setup.epidemics"
        if s.turn == 0 and sum(s.epidemics):  # as placed at setup
            for name, _, members in tb.groups:
                assert sum(s.epidemics[t] for t in members) <= \
                    p.setup_epidemics_max_per_empire, f"{name}: epidemics_max_per_empire"
    limit = p.game_turn_limit if advanced else p.basic_turn_limit
    if limit is not None:
        assert s.turn <= int(limit), "the turn never passes the turn limit"


#: events that take victory points from their 'player' and give them to 'by'
CAPTURE_EVENTS = {"general-captured": "generals", "admiral-captured": "admirals"}


def check_vp(before: NapState, action: dict[str, Any], after: NapState,
             events: list[dict[str, Any]]) -> None:
    """Victory points change only with a cause: a capture (its event, at leaders.capture_vp
    and leaders.loss_vp per leader), an event naming the points (``vp``), or the scoring
    moments — the start of a turn (empires) and its end (territories, final scoring)."""
    p = before.tables.params
    gained = [0] * before.n_players
    lost = [0] * before.n_players
    named: set[int] = set()
    for e in events:
        if e["type"] in CAPTURE_EVENTS:
            n = int(e.get(CAPTURE_EVENTS[e["type"]], 1))
            gained[e["by"]] += n * p.leaders_capture_vp
            lost[e["player"]] += n * p.leaders_loss_vp
        elif e["type"] == "ransomed" and p.ransom_vp_on_return == "reverse":
            gained[e["player"]] += p.leaders_loss_vp  # the capture's points undone
            lost[e["captor"]] += p.leaders_capture_vp
        elif "vp" in e:
            for key in ("player", "by"):
                if isinstance(e.get(key), int):
                    named.add(e[key])
    turn_boundary = (after.current != before.current or after.turn != before.turn
                     or after.phase in ("draw", "game-over") and before.phase != after.phase
                     or action["type"] == "end-turn")
    floor = p.vp_floor
    for seat, (x, y) in enumerate(zip(before.vp, after.vp)):
        if seat in named:
            continue
        change = y - x
        # losses: exactly the captures' (a floor may cut them short), never anything else
        expected_loss = lost[seat] if floor is None else min(lost[seat], max(0, x - int(floor)))
        if change < 0 or lost[seat]:
            assert change - gained[seat] == -expected_loss or turn_boundary and \
                change - gained[seat] >= -expected_loss, \
                f"seat {seat}: {x} → {y} victory points without a cause ({action})"
        elif change > gained[seat]:
            assert turn_boundary, f"seat {seat}: {x} → {y} victory points outside the scoring " \
                                  f"moments ({action})"


def check_step(before: NapState, action: dict[str, Any], after: NapState,
               events: list[dict[str, Any]] | None = None) -> None:
    """``events``: those of the step, to explain every victory-point change (and the
    regiments fortifications add when a turn begins)."""
    if events is not None:
        check_vp(before, action, after, events)
    if before.turn > 0 and action["type"] not in ("trade", "play-card", "place", "buy-ship"):
        # outside reinforcement units are never created
        # (challenger ships built among enemy ships are units too: napoleon.naval.forced-combat)
        # except a fortification's regiment on its territory as the next turn begins
        # (napoleon.reinforce.fortifications), which its event reports
        forts = sum(e["armies"] for e in events or () if e["type"] == "fortification-regiments")
        if events is None and after.phase == "reinforce" != before.phase:
            forts = sum(after.forts) * after.tables.params.reinforce_fortification_regiments
        assert sum(after.armies) + sum(after.challengers) <= \
            sum(before.armies) + sum(before.challengers) + forts, action
    if before.winner >= 0:
        assert after.winner == before.winner


def random_steps(s: NapState, rng: Any, policy: str = "aggressive", *,
                 until: Any = None, checked: bool = False,
                 limit: int = 200_000) -> Iterator[tuple[NapState, Any, NapState, list]]:
    """Random play from ``s``: chance outcomes sampled, decisions by ``policy``. Yields
    (before, action, after, events) until a winner, ``until(state)`` or ``limit`` steps.
    ``checked``: the node, board and step invariants are checked at every step."""
    from riskspec.reference import engine as E
    from riskspec.reference.driver import choose_action, sample_outcome
    for _ in range(limit):
        if s.winner >= 0 or (until is not None and until(s)):
            return
        if checked:
            check_node(s)
            check_board(s)
        a = sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
            choose_action(E.legal_actions(s), rng, policy, s)
        after, events = E.apply(s, a)
        if checked:
            check_step(s, a, after, events)
        yield s, a, after, events
        s = after
    raise AssertionError(f"no end after {limit} steps")
