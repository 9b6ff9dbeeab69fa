"""Situations random play rarely reaches, found in seeded reference games and played on purpose.

Positions sampled across a game (:mod:`riskspec.conformance.fuzz_starts`) seldom lead, in a
few hundred random steps, to what some rules are about: the sixth and seventh set traded,
a forced trade with exactly five cards, an elimination that hands over enough cards to force
a trade mid-turn, a turn that begins for a player holding Asia, the reinforcement minimum
with a continent held, a reshuffled draw pile.  Each :class:`Situation` here is a test on
one step of a reference game; :func:`find_situations` plays seeded games of a Classic-family
variant on the reference and, for each situation, takes its first occurrence: the position
where its *episode* begins (for an elimination, the attack that leads to it) and the steps
of the episode, which the fuzzer then plays on both engines, forced, before going on at
random.  Nothing here is an expected value: the reference plays, both engines are compared.

A few situations are too rare to wait for (a capture that leaves exactly five cards, or
eight and more, forcing two trades; both wild cards in one hand).  They are *dealt*
(:func:`dealt_situations`): an episode found in play is taken again with the cards
redistributed between the hands concerned and the draw pile — a position some deal of the
cards reaches, the moves of the episode unchanged.  A dealt start has no action prefix
from a new game, so only an engine that loads positions plays it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: steps played after a situation's own step, still forced (the next decisions it leads to)
TAIL = 2
#: phases a conquest leads through before the attacker plays on
AFTER_CONQUEST = ("occupy", "elimination-trade")
#: how far an episode's start may move back to reach a plain position
LEAD_BACK = 40


def is_plain(s: Any) -> bool:
    """Whether a position is one most engines can be set up at: a decision in the attack or
    fortify phase, or a reinforcement with no trade owed (not a chance node, a pending
    choice or a forced trade).  An episode starts at the latest plain position before it."""
    return is_plain_phase(s.phase, s.pending)


def is_plain_phase(phase: Any, pending: Any) -> bool:
    """:func:`is_plain` on a phase and its ``pending`` record (a state's own or its JSON's);
    Napoléon's maneuver phase is a plain decision too."""
    forced = pending.get("forced") if isinstance(pending, dict) else None
    return phase in ("attack", "fortify", "maneuver") or phase == "reinforce" and not forced


@dataclass(frozen=True)
class Step:
    """One step of a reference game: the state before, the action, the state after, and
    what the scan has counted so far in this turn."""

    before: Any
    action: dict[str, Any]
    after: Any
    trades_this_turn: int


@dataclass(frozen=True)
class Situation:
    """A kind of step worth reaching on purpose; ``rules`` are those it is there for."""

    name: str
    rules: tuple[str, ...]
    test: Callable[[Step], bool]
    #: where the episode begins, relative to the step: "step" (the step itself) or "attack"
    #: (the attack declaration the step ends)
    lead: str = "step"
    #: met only in a game of this many players (None: any)
    players: int | None = None


# -- helpers on reference states ------------------------------------------------------------------
def _hand(s: Any, seat: int | None = None) -> tuple[int, ...]:
    return tuple(s.hands[s.current if seat is None else seat])


def _territories(s: Any, seat: int) -> int:
    return sum(1 for o in s.owner if o == seat)


def _held(s: Any, seat: int) -> list[str]:
    from riskspec.reference.reinforce import get_held_groups
    return [gid for gid, _bonus in get_held_groups(s.owner, seat, s.tables.groups)]


def is_turn_begun(st: Step) -> bool:
    """Whether this step began a turn (its reinforcements are counted now)."""
    b, a = st.before, st.after
    return a.phase == "reinforce" and (b.phase != "reinforce" or b.current != a.current) \
        and a.turn > 0 and b.phase != "elimination-trade"


def is_elimination(st: Step) -> bool:
    return sum(1 for e in st.after.eliminated_by if e >= 0) > sum(1 for e in st.before.eliminated_by if e >= 0)


def _captured_hand(st: Step) -> int:
    return len(_hand(st.after, st.before.current))


def _trade_bonus_possible(st: Step) -> bool:
    s, cards = st.before, _trade_cards(st)
    return any(s.tables.card_territory[c] >= 0 and s.owner[s.tables.card_territory[c]] == s.current
               for c in cards)


def _trade_cards(st: Step) -> list[int]:
    index = {name: i for i, name in enumerate(st.before.tables.cards)}   # card names are unique
    return [index[n] for n in st.action.get("cards") or () if n in index]


def _continent_situation(group: str) -> Situation:
    return Situation(
        f"turn-begins-holding-{group}", ("classic.reinforce.continent-bonus",),
        lambda st: is_turn_begun(st) and group in _held(st.after, st.after.current))


SITUATIONS_FIXED: tuple[Situation, ...] = (
    Situation("sixth-set", ("classic.cards.set-values",),
              lambda st: st.action["type"] == "trade" and st.before.sets_traded == 5),
    Situation("seventh-set", ("classic.cards.set-value-increment", "classic.cards.set-values"),
              lambda st: st.action["type"] == "trade" and st.before.sets_traded == 6),
    Situation("forced-trade-at-five", ("classic.cards.forced-trade",),
              lambda st: st.before.phase == "reinforce" and st.action["type"] == "trade"
              and len(_hand(st.before)) == 5),
    Situation("second-trade-in-a-turn", ("classic.cards.territory-bonus-limit",),
              lambda st: st.action["type"] == "trade" and st.trades_this_turn >= 1
              and st.before.bonus_taken and _trade_bonus_possible(st)),
    Situation("elimination-leaving-five-cards", ("classic.elimination.forced-trade", "classic.elimination.take-cards"),
              lambda st: is_elimination(st) and _captured_hand(st) == 5, lead="attack"),
    Situation("elimination-forcing-a-trade", ("classic.elimination.forced-trade", "classic.elimination.take-cards",
                                              "classic.elimination.trade-armies"),
              lambda st: is_elimination(st) and _captured_hand(st) >= 6, lead="attack"),
    Situation("elimination", ("classic.elimination.out", "classic.elimination.take-cards"),
              is_elimination, lead="attack"),
    Situation("minimum-with-a-continent", ("classic.reinforce.minimum",),
              lambda st: is_turn_begun(st) and _territories(st.after, st.after.current) < 9
              and bool(_held(st.after, st.after.current))),
    Situation("minimum", ("classic.reinforce.minimum",),
              lambda st: is_turn_begun(st) and _territories(st.after, st.after.current) < 9),
    Situation("reshuffle", ("classic.cards.discards",),
              lambda st: st.action["type"] != "trade" and bool(st.before.discards)
              and not st.after.discards and bool(st.after.draw_pile)),
    Situation("two-player-setup-placement", ("classic.two-player.placement",),
              lambda st: st.action["type"] == "place-neutral", players=2),
    Situation("attack-on-the-neutral", ("classic.two-player.neutral-defender", "classic.attack.defender-dice"),
              lambda st: st.action["type"] == "attack" and st.before.neutral >= 0
              and st.before.owner[st.before.tables.territory_index[st.action["to"]]] == st.before.neutral,
              players=2),
)


def situations_for(state: Any) -> list[Situation]:
    """The situations looked for in a game of this variant (one per continent of its board)."""
    return [*SITUATIONS_FIXED, *(_continent_situation(g[0]) for g in state.tables.groups)]


@dataclass
class Found:
    """Where a situation begins in a game: ``at`` is the index of the first step of its
    episode, ``stop`` one past its last forced step."""

    situation: Situation
    at: int
    stop: int


def find_situations(actions: Sequence[dict[str, Any]], states: Sequence[Any],
                    wanted: Sequence[Situation], rules: Callable[[str], bool] | None = None) -> list[Found]:
    """The first occurrence of each situation in a game (``states[i]`` is the state before
    ``actions[i]``); only situations one of whose rules ``rules`` accepts (None: every one),
    and met in a game of this many players."""
    players = states[0].n_players - (states[0].neutral >= 0) if states else 0   # the neutral is no player
    todo = [s for s in wanted if (rules is None or any(rules(r) for r in s.rules))
            and s.players in (None, players)]
    found: list[Found] = []
    trades = 0
    last_attack = 0
    for i, action in enumerate(actions):
        before, after = states[i], states[i + 1]
        if action["type"] == "attack":
            last_attack = i
        st = Step(before, action, after, trades)
        for sit in list(todo):
            try:
                hit = sit.test(st)
            except (KeyError, IndexError, AttributeError, TypeError):
                hit = False   # a test that does not apply to this variant's states
            if not hit:
                continue
            at = last_attack if sit.lead == "attack" else i
            at = next((j for j in range(at, max(-1, at - LEAD_BACK), -1) if is_plain(states[j])), at)
            stop = i + 1
            while stop < len(actions) and states[stop].phase in AFTER_CONQUEST:
                stop += 1
            stop = min(len(actions), stop + TAIL)
            if states[stop].winner >= 0:
                continue   # the game is won by the end of the episode: nothing left to play
            todo.remove(sit)
            found.append(Found(sit, at, stop))
        trades = trades + 1 if action["type"] == "trade" else (0 if after.current != before.current else trades)
        if not todo:
            break
    return found


# -- dealt situations -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Dealt:
    """A situation dealt from a found one: ``base`` is the situation whose episode it reuses,
    ``deal`` gives the cards (see :func:`dealt_situations`); the episode is cut after its own
    step, random play goes on."""

    name: str
    rules: tuple[str, ...]
    base: str
    deal: Callable[[Any, Step, random.Random], Any | None]
    #: every step of the episode up to its own must still be legal (else: as many as are)
    whole: bool = True
    #: situations met in play that this one makes unnecessary where it can be dealt
    replaces: tuple[str, ...] = ()


def _redeal(s: Any, sizes: dict[int, int], rng: random.Random) -> Any | None:
    """``s`` with the hands of the seats in ``sizes`` dealt again to those sizes from their
    cards and the draw pile; None if the pool is too small."""
    pool = sorted(c for seat in sizes for c in s.hands[seat]) + list(s.draw_pile)
    if sum(sizes.values()) > len(pool):
        return None
    rng.shuffle(pool)
    out = s.copy()
    for seat, size in sizes.items():
        out.hands[seat] = tuple(sorted(pool[:size]))
        pool = pool[size:]
    out.draw_pile = tuple(sorted(pool))
    return out


def _victim(st: Step) -> int:
    return next(p for p, e in enumerate(st.after.eliminated_by) if e >= 0 > st.before.eliminated_by[p])


def _capture_deal(total: int) -> Callable[[Any, Step, random.Random], Any | None]:
    """Hands for an elimination: the victim holds up to five cards, the capturer up to four
    (what each can hold in the attack phase), ``total`` together."""
    def deal(start: Any, st: Step, rng: random.Random) -> Any | None:
        victim = _victim(st)
        mine = min(4, total - 1)
        return _redeal(start, {start.current: mine, victim: total - mine}, rng) if total - mine <= 5 else None
    return deal


def _two_wilds(start: Any, st: Step, rng: random.Random) -> Any | None:
    """The player to act given every wild card: each one held elsewhere (another hand, the
    draw pile, the discards) changes places with a card of theirs that is not wild."""
    out = start.copy()
    me = out.current
    is_wild = [t < 0 for t in out.tables.card_territory]
    for wild in (c for c in range(len(is_wild)) if is_wild[c] and c not in out.hands[me]):
        mine = [c for c in out.hands[me] if not is_wild[c]]
        if not mine:
            return None
        swap = rng.choice(mine)
        hand = [c for c in out.hands[me] if c != swap] + [wild]
        out.hands[me] = tuple(sorted(hand))
        for seat, cards in enumerate(out.hands):
            if seat != me and wild in cards:
                out.hands[seat] = tuple(sorted([c for c in cards if c != wild] + [swap]))
        if wild in out.draw_pile:
            out.draw_pile = tuple(sorted([c for c in out.draw_pile if c != wild] + [swap]))
        if wild in out.discards:
            out.discards = tuple(sorted([c for c in out.discards if c != wild] + [swap]))
    return out


DEALT: tuple[Dealt, ...] = (
    Dealt("dealt-elimination-leaving-five-cards", ("classic.elimination.forced-trade", "classic.elimination.take-cards"),
          "elimination", _capture_deal(5), replaces=("elimination-leaving-five-cards",)),
    Dealt("dealt-elimination-forcing-a-trade", ("classic.elimination.forced-trade", "classic.elimination.take-cards",
                                                 "classic.elimination.trade-armies"),
          "elimination", _capture_deal(6), replaces=("elimination-forcing-a-trade",)),
    Dealt("dealt-elimination-forcing-two-trades", ("classic.cards.forced-trade", "classic.elimination.forced-trade",
                                                    "classic.cards.territory-bonus-limit"),
          "elimination", _capture_deal(9), replaces=("second-trade-in-a-turn",)),
    Dealt("dealt-trade-with-two-wilds", ("classic.cards.valid-sets",), "forced-trade-at-five", _two_wilds,
          whole=False),
)


def dealt_situations(actions: Sequence[dict[str, Any]], states: Sequence[Any], found: Sequence[Found],
                     wanted: Sequence[Dealt], seed: int) -> list[tuple[Dealt, Any, list[dict[str, Any]]]]:
    """Each dealt situation whose base was found: its start state (dealt) and the episode's
    steps up to and including its own, replayed on the reference from the dealt state (left
    out if a step is no longer legal there)."""
    from riskspec.reference import engine as E
    by_name = {f.situation.name: f for f in found}
    out = []
    for d in wanted:
        hit = by_name.get(d.base)
        if hit is None:
            continue
        own = _own_step(actions, states, hit)
        st = Step(states[own], dict(actions[own]), states[own + 1], 0)
        first = hit.at if d.whole else own   # a deal that changes the step itself starts at it
        start = d.deal(states[first], st, random.Random(seed))
        if start is None:
            continue
        steps, s = [], start
        for a in actions[first:own + 1]:
            try:
                s, _ = E.apply(s, a)
            except Exception:  # noqa: BLE001 - the reference refuses the step with these cards
                break
            steps.append(dict(a))
        if d.whole and len(steps) < own + 1 - first:
            continue
        out.append((d, start, steps))
    return out


def _own_step(actions: Sequence[dict[str, Any]], states: Sequence[Any], hit: Found) -> int:
    """The index of the step the situation's test matched (the first in its episode)."""
    for i in range(hit.at, hit.stop):
        if hit.situation.test(Step(states[i], dict(actions[i]), states[i + 1], 0)):
            return i
    return hit.at
