"""Differential fuzzing: seeded random games on an engine and the reference side by side.

Games start from positions across the whole game of every claimed variant
(:mod:`riskspec.conformance.fuzz_starts`) and run long.  At every step both engines must
agree on the *set* of legal actions (and, now and then, on the chance outcomes with their
odds); the same action or outcome is applied to both, and every observable field of the
two states must agree (:mod:`riskspec.conformance.frame`).  Now and then a malformed or
illegal action is sent instead — unsorted or impossible dice, out-of-range counts,
another player's territory, an action of another phase — which both must refuse, leaving
the state as it was.

The handshake is honoured: only claimed variants, readings (the options of each game),
ops and rules; an engine's honest ``unsupported`` gives no verdict on that step (the game
goes on from the reference's position when the engine claims ``load_state``).
Every distinct divergence (kind, rule, action type) is kept, shrunk — the latest start
position from which the same divergence still happens — and saved as a vector file
covering the rule of the diverging step, to replay with ``riskspec check --vectors``.
No third-party library is needed: a :class:`random.Random` seed makes every run the same.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import zip_longest
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

from riskspec.conformance.compare import action_key, partial_diff
from riskspec.conformance.errors import EngineFault
from riskspec.conformance.fuzz_starts import Start
from riskspec.conformance.protocol import Capabilities


def invariants(state: Mapping[str, Any], n_cards: int | None = None) -> list[str]:
    """Generic invariants of any riskspec/state@1 state of the Classic family
    (:func:`riskspec.conformance.invariants.state_problems`)."""
    from riskspec.conformance.invariants import state_problems
    return state_problems(state, n_cards)


@dataclass
class Divergence(Exception):
    """The engine under test disagreed with the reference."""

    what: str
    kind: str = "state"           # state | legal | outcomes | refused | accepted | refusal-changed | fault
    rule: str = "?"
    steps: list[dict] = field(default_factory=list)   # the actions played from the start
    expect: dict = field(default_factory=dict)        # what the last step must give
    last: dict | None = None                          # the step the divergence happened at
    start: Start | None = None
    game: int = -1
    path: Path | None = None
    known: str | None = None                          # expectations-file reason
    shrunk_from: int = 0
    loaded: bool = True                               # the game began with load_state of start.state
    case_id: str = ""                                 # the saved vector's case ID

    def __str__(self) -> str:
        return f"{self.what} after {len(self.steps)} step(s)"

    @property
    def key(self) -> tuple[str, str, str]:
        t = str((self.last or {}).get("action", {}).get("type", "-")) if self.last else "-"
        return self.kind, self.rule, t


#: divergence kinds found after the reference played the step (a state compared after it, a
#: legal step the engine refused); the others are found before any step is played
APPLIED_KINDS = ("state", "refused")


class Unsupported(Exception):
    """The engine honestly answered ``unsupported`` (or diverged on a rule it does not claim):
    no verdict on this step.  ``applied``: whether the reference had already played the step
    (None: the start itself cannot be set up, nothing to resume past)."""

    def __init__(self, message: str, applied: bool | None = None) -> None:
        super().__init__(message)
        self.applied = applied


@dataclass
class FuzzStats:
    games: int = 0
    steps: int = 0
    legal_checks: int = 0
    outcome_checks: int = 0
    probes: int = 0
    unsupported: int = 0
    not_claimed: int = 0
    by_family: Counter = field(default_factory=Counter)
    longest: int = 0
    resumes: int = 0          # games resumed past a divergence from the reference's position


@dataclass
class FuzzResult:
    divergences: list[Divergence]
    stats: FuzzStats
    starts: int
    notes: list[str]
    seconds: float
    reference: str
    workers: int = 1           # processes (or cluster threads) the games ran on
    backend: str = "serial"    # serial | processes | dask
    resumed: int = 0           # games taken from a journal of an interrupted run
    complete: bool = True      # every game the result needs was played

    @property
    def unexpected(self) -> list[Divergence]:
        return [d for d in self.divergences if d.known is None]


def expected_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The observable fields of a reference state as a vector's partial ``expect.state``
    (hands as the card lists, which the reference's explicit draws fix)."""
    from riskspec.conformance.frame import PLAYER, observe
    out = observe(state)
    for key in ("co_winners",):   # observed as null when absent: a vector expects it only if present
        if key not in state:
            out.pop(key, None)
    out["players"] = [{**{k: p[k] for k in PLAYER if k in p}, **({"cards": p["cards"]} if "cards" in p else {})}
                      for p in state.get("players") or [] if isinstance(p, Mapping)]
    return out


def reference_info() -> dict[str, str]:
    """Which reference the fuzzer compares against: its name, version and where it is installed."""
    from riskspec import __version__
    from riskspec import reference as ref_pkg
    return {"name": "riskspec-reference", "version": __version__, "path": str(Path(ref_pkg.__file__).parent)}


def reference_label() -> str:
    info = reference_info()
    return f"{info['name']} {info['version']} ({info['path']})"


# -- rules of a step --------------------------------------------------------------------------
def state_rule(variant: str, action: Mapping[str, Any] | None, phase: Any, paths: Sequence[str],
               diffs: Sequence[Mapping[str, Any]] = (), players: int = 3) -> str:
    """The rule a state divergence after ``action`` breaks."""
    from types import SimpleNamespace

    from riskspec.conformance.attribution import action_rule, field_rule
    family = "napoleon" if variant.startswith("napoleon") else "classic"
    kind = (action or {}).get("type")
    first = paths[0] if paths else ""
    if family == "classic" and diffs and diffs[0].get("path") == "$.state.phase" \
            and "elimination-trade" in (diffs[0].get("expected"), diffs[0].get("actual")):
        return "classic.elimination.forced-trade"   # whether captured cards force a trade now
    if diffs:  # a field one rule decides (the defender's dice, a specific phase …): that rule
        step = SimpleNamespace(variant=variant, covers=(), players=players, steps=[{"action": action}])
        by_field = field_rule(step, 0, diffs, phase)
        if by_field:
            return by_field
    overrides = {
        "classic": {"reserve": "classic.reinforce.territory-armies", "hand": "classic.cards.earn"},
        "napoleon": {"reserve": "napoleon.reinforce.territories", "hand": "napoleon.end-of-turn.draws"},
    }[family]
    if kind == "roll" and family == "classic" and _has_tie(action):
        return "classic.attack.ties"   # a tied pair was compared
    if action is None and ".reserve" in first:
        if family == "napoleon":
            return "napoleon.setup.players-and-regiments"
        return "classic.two-player.starting-armies" if players == 2 else "classic.setup.starting-armies"
    if kind == "place" and phase == "reinforce" and (".reserve" in first or first.endswith(".phase")):
        return overrides["reserve"]   # the reinforcement count was wrong
    if kind == "trade" and ".reserve" in first:
        return f"{family}.cards.set-values"
    if kind in ("end-turn", "fortify", "end-attack", "draw", "maneuver"):
        for key, rule in overrides.items():
            if f".{key}" in first:
                return rule
    return action_rule(variant, action, phase) or f"{family}.turn.{'sequence' if family == 'classic' else 'phases'}"


def _has_tie(roll: Mapping[str, Any] | None) -> bool:
    """Whether a roll's dice, each side sorted high to low, compare a tied pair."""
    a, d = (roll or {}).get("attacker") or [], (roll or {}).get("defender") or []
    return any(x == y for x, y in zip(sorted(a, reverse=True), sorted(d, reverse=True)))


def _armies_lost(before: Mapping[str, Any], after: Any) -> dict[str, Any]:
    """Armies each territory lost from ``before`` to ``after`` (only those that changed)."""
    t0 = before.get("territories") or {}
    t1 = (after.get("territories") or {}) if isinstance(after, Mapping) else {}
    out = {}
    for name, place in t0.items():
        now = t1.get(name)
        if isinstance(place, Mapping) and isinstance(now, Mapping) and now.get("armies") != place.get("armies"):
            a0, a1 = place.get("armies"), now.get("armies")
            out[name] = a0 - a1 if isinstance(a0, int) and isinstance(a1, int) else None
    return out


def _losses_rule(variant: str, action: Mapping[str, Any] | None, before: Mapping[str, Any] | None,
                 ref_after: Mapping[str, Any], eng_after: Any) -> str | None:
    """``classic.attack.losses`` when, after a roll, the engine took each side's losses from
    the other side's territory (the same two numbers, swapped); None otherwise."""
    if before is None or not action or action.get("type") != "roll" or variant.startswith("napoleon"):
        return None
    if _has_tie(action):
        return None     # a tied pair: the ties rule's (state_rule), a swap there is what it decides
    want, got = _armies_lost(before, ref_after), _armies_lost(before, eng_after)
    places = sorted(set(want) | set(got))     # the attacking and the defending territory
    t_ref = ref_after.get("territories") or {}
    t_eng = (eng_after.get("territories") or {}) if isinstance(eng_after, Mapping) else {}
    if len(places) == 2 and isinstance(eng_after, Mapping) and eng_after.get("phase") == ref_after.get("phase") \
            and all(isinstance(t_ref.get(p), Mapping) and isinstance(t_eng.get(p), Mapping)
                    and t_ref[p].get("armies") and t_ref[p].get("owner") == t_eng[p].get("owner")
                    for p in places):      # no conquest on either side: just the losses moved
        a, b = places
        la, lb = want.get(a, 0), want.get(b, 0)
        if la != lb and got.get(a, 0) == lb and got.get(b, 0) == la:
            return "classic.attack.losses"
    return None


#: the rule of the number of dice each side throws, per family (Napoléon: one rule for both)
DICE_RULES = {"classic": ("classic.attack.attacker-dice", "classic.attack.defender-dice"),
              "napoleon": ("napoleon.combat.dice", "napoleon.combat.dice")}


def _dice_count_rule(variant: str, want: Sequence[Any], got: Sequence[Any]) -> str | None:
    """The dice rule an attack-dice divergence breaks, None when it is not one.

    ``want`` and ``got`` are the reference's and the engine's legal actions or chance
    outcomes where they differ.  Attacks offered between the same territories, differing only
    in the number of dice, break the attacker's dice rule (not ``attack.declare``: the attack
    itself is allowed); rolls whose number of attacker (or defender) dice differ break that
    side's dice rule, not the comparison of the dice."""
    family = "napoleon" if variant.startswith("napoleon") else "classic"
    attacker_rule, defender_rule = DICE_RULES[family]
    w = [a for a in want if isinstance(a, Mapping)]
    g = [a for a in got if isinstance(a, Mapping)]
    if not w and not g:
        return None
    kinds = {a.get("type") for a in (*w, *g)}
    if kinds == {"attack"}:
        def pairs(acts: Sequence[Mapping[str, Any]]) -> set[tuple[Any, Any]]:
            return {(a.get("from"), a.get("to")) for a in acts}

        def counts(acts: Sequence[Mapping[str, Any]]) -> set[tuple[Any, Any, Any]]:
            return {(a.get("from"), a.get("to"), a.get("dice")) for a in acts}
        if pairs(w) == pairs(g) and counts(w) != counts(g):
            return attacker_rule
        return None
    if kinds == {"roll"}:
        def sides(acts: Sequence[Mapping[str, Any]], side: str) -> set[int]:
            return {len(a[side]) for a in acts if isinstance(a.get(side), list)}
        if sides(w, "attacker") != sides(g, "attacker"):
            return attacker_rule
        if sides(w, "defender") != sides(g, "defender"):
            return defender_rule
        return None
    if kinds == {"defend"}:
        return defender_rule
    return None


def _legal_rule(variant: str, phase: Any, want: Mapping[str, Mapping[str, Any]],
                got: Mapping[str, Mapping[str, Any]], bonus_taken: bool = False) -> str:
    """The rule of a legal-action divergence: an attack-dice count its dice rule, else the rule
    of the type of the first differing action."""
    missing, extra = sorted(set(want) - set(got)), sorted(set(got) - set(want))
    sample = (missing or extra)[0]
    typ = (want.get(sample) or got.get(sample) or {}).get("type")
    differing = [want.get(k) or got.get(k) or {} for k in (*missing, *extra)]
    if typ == "trade" and all(a.get("type") == "trade" for a in differing):
        cards = [{tuple(a.get("cards") or ()) for a in table.values() if a.get("type") == "trade"}
                 for table in (want, got)]
        if cards[0] == cards[1]:   # the same sets, another choice of bonus territory
            if variant.startswith("napoleon"):
                return "napoleon.cards.trade-territory-bonus"
            return "classic.cards.territory-bonus-limit" if bonus_taken else "classic.cards.territory-bonus"
    kinds = [{a.get("type") for a in table.values()} for table in (want, got)]
    if typ == "trade" and not variant.startswith("napoleon") and ("trade" in kinds[0]) != ("trade" in kinds[1]):
        return "classic.cards.trade-timing"   # trading offered (or not) at a moment the rules say otherwise
    if phase in ("reinforce", "elimination-trade") and "trade" in kinds[0] & kinds[1] \
            and (kinds[0] == {"trade"}) != (kinds[1] == {"trade"}):
        # one side lets the player do something else first: whether a trade is forced now
        family = "napoleon" if variant.startswith("napoleon") else "classic"
        return "classic.elimination.forced-trade" if phase == "elimination-trade" else f"{family}.cards.forced-trade"
    if typ == "attack":   # the engine's attacks and the reference's, from the same places
        places = {(a.get("from"), a.get("to")) for a in differing}
        both = [[a for a in table.values() if a.get("type") == "attack"
                 and (a.get("from"), a.get("to")) in places] for table in (want, got)]
        by_dice = _dice_count_rule(variant, both[0], both[1])
        if by_dice:
            return by_dice
    return state_rule(variant, {"type": typ}, phase, [])


def _outcomes_rule(variant: str, phase: Any, want: Sequence[Mapping[str, Any]],
                   got: Sequence[Any]) -> str:
    """The rule of a chance-outcome divergence: rolls of another number of dice that side's
    dice rule, else the rule of the outcome's type (the comparison, for rolls)."""
    outs = [o.get("outcome") for o in got if isinstance(o, Mapping)]
    by_dice = _dice_count_rule(variant, [o["outcome"] for o in want], outs)
    if by_dice:
        return by_dice
    typ = want[0]["outcome"].get("type") if want else None
    return state_rule(variant, {"type": typ}, phase, [])


def probe_rule(variant: str, error: Mapping[str, Any], probe: Mapping[str, Any], phase: Any) -> str:
    from riskspec.conformance.attribution import action_rule, is_rule
    if is_rule(variant, error.get("rule")):
        return str(error["rule"])
    family = "napoleon" if variant.startswith("napoleon") else "classic"
    return action_rule(variant, probe, phase) or f"{family}.turn.{'sequence' if family == 'classic' else 'phases'}"


# -- probes: actions both engines must refuse ------------------------------------------------------
def probes(state: Mapping[str, Any], moves: Sequence[Mapping[str, Any]], chance: bool,
           rng: random.Random) -> list[dict]:
    """Malformed or illegal actions for this position (the reference decides which are illegal)."""
    out: list[dict] = []
    territories = list((state.get("territories") or {}).items())
    cur = state.get("current")
    foreign = [t for t, v in territories if isinstance(v, Mapping) and v.get("owner") not in (None, cur)]
    mine = [t for t, v in territories if isinstance(v, Mapping) and v.get("owner") == cur]
    for m in [rng.choice(list(moves))] if chance else rng.sample(list(moves), min(3, len(moves))):
        m = dict(m)
        kind = m.get("type")
        if kind == "roll":
            for side in ("attacker", "defender"):
                dice = list(m.get(side) or [])
                if len(dice) >= 2 and dice != sorted(dice):
                    out.append({**m, side: sorted(dice)})            # ascending: not canonical
                if dice:
                    out.append({**m, side: [7, *dice[1:]]})          # no such die
                    out.append({**m, side: [*dice[:-1], 0]})
                out.append({**m, side: [*dice, 1, 1, 1]})            # too many dice
        for count in ("dice", "armies"):
            if isinstance(m.get(count), int):
                out.append({**m, count: m[count] + 50})
                out.append({**m, count: 0})
                out.append({**m, count: -1})
        for where in ("territory", "from", "to"):
            if where in m:
                if foreign:
                    out.append({**m, where: rng.choice(foreign)})    # another player's place
                if mine and where == "to":
                    out.append({**m, where: rng.choice(mine)})
                out.append({**m, where: "atlantis"})                 # no such place
        if "cards" in m:
            out.append({**m, "cards": list(m["cards"])[:-1]})
        if len(m) > 1:
            drop = rng.choice([k for k in m if k != "type"])
            out.append({k: v for k, v in m.items() if k != drop})  # a missing field
    out.append({"type": "teleport"})
    out.append({"type": "end-turn"} if chance else {"type": "roll", "attacker": [6], "defender": [1]})
    out.append({"type": "defend", "dice": 1})
    out.append({"type": "occupy", "armies": 1})
    rng.shuffle(out)
    return out


# -- one game -----------------------------------------------------------------------------------
class _Pot(NamedTuple):
    """The armies to place in one phase: the reference's ``reinforcements`` event (or
    none), the sets traded into it (set number, value), the armies placed so far."""

    event: Mapping[str, Any]
    placed: int
    trades: tuple[tuple[int, int, int | None], ...]   # set number, value, the engine's value (None: not said)
    phase: str = "reinforce"


class Game:
    """One game played on both engines; raises Divergence, Unsupported or EngineFault.
    Public: the Hypothesis machine (:mod:`riskspec.conformance.stateful`) steps it too."""

    def __init__(self, engine: Any, reference: Any, caps: Capabilities, start: Start,
                 stats: FuzzStats, rng: random.Random, *, check_rules: bool = True) -> None:
        self.engine, self.ref, self.caps, self.start = engine, reference, caps, start
        self.stats, self.rng = stats, rng
        self.ops = set(caps.ops)
        self.steps: list[dict] = []
        self.check_rules = check_rules
        self.loaded = False
        #: this turn's reinforcements event (the reference's) and the armies placed since
        self.turn_count: _Pot | None = None
        #: whether the reference reshuffled the discards in the step being compared
        self.reshuffled = False

    def _diverge(self, what: str, kind: str, rule: str, expect: dict, last: dict | None) -> NoReturn:
        if self.check_rules and not self.caps.claims_rule(rule):
            self.stats.not_claimed += 1
            raise Unsupported(f"diverges on rule {rule}, which the engine does not claim",
                              applied=kind in APPLIED_KINDS)
        raise Divergence(what, kind, rule, list(self.steps), expect, last, self.start,
                         loaded=self.loaded)

    def _req(self, client: Any, op: str, **kw: Any) -> Any:
        return client.request(op, **kw)

    def begin(self, state: Mapping[str, Any] | None, prefix: Sequence[Mapping[str, Any]]) -> Any:
        setup = self.start.setup()
        if state is not None and "load_state" in self.ops:
            r_ref = self.ref.request("load_state", state=state, **setup)
            r_eng = self.engine.request("load_state", state=state, **setup)
            forced: Sequence[Mapping[str, Any]] = ()
            self.loaded = True
        else:
            r_ref = self.ref.request("new_game", **setup)
            r_eng = self.engine.request("new_game", **setup) if "new_game" in self.ops else None
            forced = prefix
            self.loaded = state is None
        if not r_ref.ok:
            raise RuntimeError(f"the reference refused the start: {r_ref.error}")
        if r_eng is None or not r_eng.ok:
            if r_eng is None or r_eng.error.get("kind") in ("unsupported", "invalid-state"):
                self.stats.unsupported += 1
                raise Unsupported("the engine cannot set up this start")
            self._diverge(f"the engine refused the start: {r_eng.error.get('code')}", "refused",
                          "?", {}, None)
        self.compare(r_ref.result["state"], r_eng.result["state"], None, None)
        if self.start.then and state is self.start.state:
            forced = [*forced, *self.start.then]   # a situation's episode, forced on both engines
        return r_ref.result["state"], forced

    def compare(self, ref_state: Mapping[str, Any], eng_state: Any, action: Mapping | None,
                phase: Any, before: Mapping[str, Any] | None = None) -> None:
        from riskspec.conformance.frame import observe
        diffs = partial_diff(observe(ref_state), observe(eng_state), "$.state")
        if diffs:
            paths = [d["path"] for d in diffs]
            where = f" after {action_key(action)}" if action else " at the start"
            rule = self._turn_rule(action, phase, ref_state, diffs) or \
                self._count_rule(action, phase, diffs) or _losses_rule(self.start.variant, action, before,
                                                                          ref_state, eng_state) or \
                state_rule(self.start.variant, action, phase, paths, diffs, self.start.players)
            self._diverge(f"states differ at {paths[0]}{where} (expected "
                          f"{json.dumps(diffs[0]['expected'])[:80]}, got {json.dumps(diffs[0]['actual'])[:80]})",
                          "state", rule,
                          {"state": expected_state(ref_state)},
                          {"action": dict(action)} if action else None)

    def _turn_rule(self, action: Mapping | None, phase: Any, ref_state: Mapping[str, Any],
                   diffs: Sequence[Mapping[str, Any]]) -> str | None:
        """A Classic rule a state divergence names by when it happens: a fortification after
        which the turn should have ended (or not); a reshuffle of the discards in the step;
        the first turn beginning, at the end of the setup, with another player."""
        if self.start.family != "classic" or not action:
            return None
        phases = next(((d.get("expected"), d.get("actual")) for d in diffs if d.get("path") == "$.state.phase"), ())
        if action.get("type") == "fortify" and "fortify" in phases:   # one side is still fortifying
            return "classic.fortify.one-move"
        if self.reshuffled:
            return "classic.cards.discards"
        from riskspec.conformance.attribution import SETUP_PHASES
        if phase in (*SETUP_PHASES, "setup-place") and ref_state.get("phase") == "reinforce" \
                and any(d.get("path") == "$.state.current" for d in diffs):
            return "classic.setup.first-turn"
        return None

    def _count_placements(self, action: Mapping[str, Any], phase: Any, events: Sequence[Any],
                          before: Mapping[str, Any] | None = None, theirs: Any = ()) -> None:
        """Follow the armies to place now: the reference's count (its ``reinforcements``
        event; an elimination's forced trade starts from none), the sets traded into it
        (their numbers and values) and the armies placed since."""
        kind = action.get("type")
        if kind == "place" and phase in ("reinforce", "elimination-trade") and self.turn_count is not None:
            armies = action.get("armies", 1)
            self.turn_count = self.turn_count._replace(
                placed=self.turn_count.placed + (armies if isinstance(armies, int) else 1))
        for e in events:
            if not isinstance(e, Mapping):
                continue
            if e.get("type") == "reinforcements":
                self.turn_count = _Pot(e, 0, ())
            elif e.get("type") == "traded" and isinstance(e.get("value"), int):
                if self.turn_count is None or phase != self.turn_count.phase:
                    self.turn_count = _Pot({"armies": 0}, 0, (), phase=phase)
                number = int((before or {}).get("sets_traded") or 0) + 1
                # the value the engine's own ``traded`` event gives, when it sends one
                given = [t.get("value") for t in (theirs if isinstance(theirs, list) else ())
                         if isinstance(t, Mapping) and t.get("type") == "traded"]
                value = given[0] if len(given) == 1 and isinstance(given[0], int) else None
                self.turn_count = self.turn_count._replace(
                    trades=(*self.turn_count.trades, (number, e["value"], value)))

    def _count_rule(self, action: Mapping | None, phase: Any, diffs: Sequence[Mapping[str, Any]]) -> str | None:
        """The part of the count an engine that ended its placement early got wrong (it gave
        just the armies placed so far): continent bonus, minimum, territories; when sets were
        traded into it, the value of a set — the one whose ``traded`` event from the engine
        gave another value, else (no event) the last one — unless the engine's events gave
        every set its value, when the count without them is judged; else None."""
        pot = self.turn_count
        if pot is None or not action or action.get("type") != "place" or phase != pot.phase \
                or diffs[0].get("path") != "$.state.phase" or diffs[0].get("expected") != phase:
            return None
        from riskspec.conformance.attribution import reinforcement_rule, set_value_rule
        if pot.trades:
            off = [n for n, value, given in pot.trades if given is not None and given != value]
            if off:           # the engine said what a set was worth, and it is not the value
                return set_value_rule(self.start.variant, off[0])
            if all(given is not None for _n, _v, given in pot.trades):   # the sets were right
                return reinforcement_rule(self.start.variant, pot.event,
                                          pot.placed - sum(v for _n, v, _g in pot.trades))
            return set_value_rule(self.start.variant, pot.trades[-1][0])   # unknown: the sets
        return reinforcement_rule(self.start.variant, pot.event, pot.placed)

    def moves(self, ref_state: Mapping[str, Any]) -> tuple[list[dict], bool]:
        acts = self.ref.request("legal_actions").result["actions"]
        if acts:
            # every set is compared, but a very large one (hundreds of fortify or maneuver moves)
            # only every fourth time: the same phase comes again many times in a game
            if "legal_actions" in self.ops and (len(acts) <= 300 or self.rng.random() < 0.25):
                self.stats.legal_checks += 1
                r = self.engine.request("legal_actions")
                mine = r.result.get("actions", []) if r.ok else None
                if mine is None:
                    self._diverge(f"legal_actions refused: {r.error.get('code')}", "legal",
                                  self._phase_rule(ref_state), {}, None)
                want = {action_key(a): a for a in acts}
                got = {action_key(a): a for a in mine if isinstance(a, Mapping)}
                if set(want) != set(got):
                    missing, extra = sorted(set(want) - set(got)), sorted(set(got) - set(want))
                    rule = _legal_rule(self.start.variant, ref_state.get("phase"), want, got,
                                       bool((ref_state.get("turn_flags") or {}).get("bonus_taken")))
                    self._diverge(f"legal actions differ in phase {ref_state.get('phase')}: "
                                  f"{len(missing)} missing (e.g. {missing[0] if missing else '-'}), "
                                  f"{len(extra)} extra (e.g. {extra[0] if extra else '-'})",
                                  "legal", rule, {"legal": acts}, {})
            return acts, False
        outs = self.ref.request("chance_outcomes").result["outcomes"]
        if outs and "chance_outcomes" in self.ops and len(outs) <= 2000 and self.rng.random() < 0.25:
            self.stats.outcome_checks += 1
            r = self.engine.request("chance_outcomes")
            want_p = {action_key(o["outcome"]): o["p"] for o in outs}
            theirs = r.result.get("outcomes", []) if r.ok and r.result is not None else []
            got_p = {action_key(o["outcome"]): o.get("p") for o in theirs
                   if isinstance(o, Mapping) and isinstance(o.get("outcome"), Mapping)}
            if want_p != got_p:
                bad = sorted(k for k in set(want_p) | set(got_p) if want_p.get(k) != got_p.get(k))
                self._diverge(f"chance outcomes differ: {len(bad)} outcomes (e.g. {bad[0]}: expected "
                              f"{want_p.get(bad[0], 'none')}, got_p {got_p.get(bad[0], 'none')})", "outcomes",
                              _outcomes_rule(self.start.variant, ref_state.get("phase"), outs, theirs),
                              {"outcomes": outs}, {})
        return [o["outcome"] for o in outs], True

    def _phase_rule(self, ref_state: Mapping[str, Any]) -> str:
        return state_rule(self.start.variant, None, ref_state.get("phase"), [])

    def probe(self, ref_state: Mapping[str, Any], moves: list[dict], chance: bool) -> None:
        """Send one action the reference refuses; the engine must refuse it too, unchanged."""
        setup = self.start.setup()
        for cand in probes(ref_state, moves, chance, self.rng)[:6]:
            r_ref = self.ref.request("apply", action=cand)
            if r_ref.ok:  # legal after all: put the reference back and try another
                self.ref.request("load_state", state=ref_state, **setup)
                continue
            self.stats.probes += 1
            r = self.engine.request("apply", action=cand)
            rule = probe_rule(self.start.variant, r_ref.error, cand, ref_state.get("phase"))
            expect = {"error": {"code": r_ref.error.get("code")}}
            if r.ok:
                self._diverge(f"the engine accepted {action_key(cand)}, which the rules forbid "
                              f"({r_ref.error.get('code')})", "accepted", rule, expect, {"action": cand})
            if r.error.get("kind") == "internal":
                self._diverge(f"the engine failed (internal error) on {action_key(cand)} instead of "
                              f"refusing it", "accepted", rule, expect, {"action": cand})
            if "state" in self.ops:
                s = self.engine.request("state")
                from riskspec.conformance.frame import observe
                if s.ok and partial_diff(observe(ref_state), observe(s.result.get("state")), "$.state"):
                    self._diverge(f"refusing {action_key(cand)} changed the engine's state", "refusal-changed",
                                  rule, {**expect, "state": expected_state(ref_state)}, {"action": cand})
            return

    def play(self, state: Mapping[str, Any] | None, prefix: Sequence[Mapping[str, Any]],
             max_steps: int, *, probe_rate: float, then: Sequence[Mapping[str, Any]] = (),
             final_probe: Mapping[str, Any] | None = None) -> None:
        """Play ``prefix`` (forced, when the engine cannot load the start) and ``then``
        (forced), then random steps up to ``max_steps``."""
        ref_state, forced = self.begin(state, prefix)
        forced = [*forced, *then]
        for i in range(len(forced) + max_steps):
            if ref_state.get("phase") == "game-over" or ref_state.get("winner") is not None:
                return
            moves, chance = self.moves(ref_state)
            if not moves:
                return
            if i >= len(forced):
                if final_probe is not None:
                    return self._final_probe(ref_state, final_probe)
                if self.rng.random() < probe_rate:
                    self.probe(ref_state, moves, chance)
                action = self._choose(moves, chance)
            else:
                action = dict(forced[i])
            ref_state = self.apply_step(ref_state, action)

    def apply_step(self, ref_state: Mapping[str, Any], action: dict) -> Any:
        """Apply ``action`` (legal for the reference) to both engines and compare: the
        reference's new state, or a Divergence (an engine's honest ``unsupported``: Unsupported)."""
        family = self.start.family
        a = self.ref.request("apply", action=action)
        if not a.ok:
            raise RuntimeError(f"the reference refused its own move {action_key(action)}: {a.error}")
        self.steps.append({"action": action})
        self.stats.steps += 1
        self.stats.by_family[family] += 1
        b = self.engine.request("apply", action=action)
        phase = ref_state.get("phase")
        if not b.ok:
            if b.error.get("kind") == "unsupported":
                self.stats.unsupported += 1
                raise Unsupported(f"unsupported: {action_key(action)}", applied=True)
            from riskspec.conformance.attribution import is_rule
            cited = b.error.get("rule")
            rule = str(cited) if is_rule(self.start.variant, cited) else \
                state_rule(self.start.variant, action, phase, [])
            self.steps.pop()
            self._diverge(f"the engine refused the legal {action_key(action)}: "
                          f"{b.error.get('kind')}/{b.error.get('code')}", "refused", rule,
                          {"state": expected_state(a.result["state"])}, {"action": action})
        new_ref = a.result["state"]
        events = a.result.get("events") or ()
        self._count_placements(action, phase, events, ref_state, b.result.get("events") or ())
        self.reshuffled = any(isinstance(e, Mapping) and e.get("type") == "reshuffled" for e in events)
        self.compare(new_ref, b.result.get("state"), action, phase, before=ref_state)
        if family == "classic":
            broken = invariants(b.result["state"])
            if broken:
                self._diverge(f"invariant broken after {action_key(action)}: {broken[0]}", "state",
                              state_rule(self.start.variant, action, phase, []),
                              {"state": expected_state(new_ref)}, {"action": action})
        self.after_step(ref_state, action, a.result, b.result)
        return new_ref

    def after_step(self, ref_before: Mapping[str, Any], action: Mapping[str, Any],
                   ref_result: Mapping[str, Any], eng_result: Mapping[str, Any]) -> None:
        """A hook after each compared step (the Hypothesis machine checks more invariants)."""

    def _final_probe(self, ref_state: Mapping[str, Any], probe: Mapping[str, Any]) -> None:
        r_ref = self.ref.request("apply", action=dict(probe))
        if r_ref.ok:
            return
        r = self.engine.request("apply", action=dict(probe))
        rule = probe_rule(self.start.variant, r_ref.error, probe, ref_state.get("phase"))
        expect = {"error": {"code": r_ref.error.get("code")}}
        if r.ok or r.error.get("kind") == "internal":
            self._diverge(f"the engine accepted {action_key(probe)}", "accepted", rule, expect,
                          {"action": dict(probe)})
        if "state" in self.ops:
            from riskspec.conformance.frame import observe
            s = self.engine.request("state")
            if s.ok and partial_diff(observe(ref_state), observe(s.result.get("state")), "$.state"):
                self._diverge(f"refusing {action_key(probe)} changed the engine's state",
                              "refusal-changed", rule, {**expect, "state": expected_state(ref_state)},
                              {"action": dict(probe)})

    def step_reference(self) -> bool:
        """Play one move (or chance outcome) of the reference's choosing on the reference alone
        (to resume past a divergence found before any step was applied); False if none."""
        acts = self.ref.request("legal_actions").result["actions"]
        if not acts and not self.ref.request("chance_outcomes").result["outcomes"]:
            return False
        action = self._choose(acts, not acts)
        if not self.ref.request("apply", action=action).ok:
            return False
        self.stats.steps += 1
        self.stats.by_family[self.start.family] += 1
        return True

    def _choose(self, moves: list[dict], chance: bool) -> dict:
        if chance:
            outs = self.ref.request("chance_outcomes").result["outcomes"]
            weights = [float(Fraction(o["p"])) for o in outs]
            return dict(self.rng.choices([o["outcome"] for o in outs], weights)[0])
        from riskspec.reference.driver import choose_action
        return dict(choose_action(moves, self.rng, "by-type"))


# -- shrinking and saving ----------------------------------------------------------------------
def shrink(engine: Any, reference: Any, caps: Capabilities, div: Divergence) -> Divergence:
    """The same divergence from the latest position that still shows it: replay the last steps
    from the reference's state before them (needs ``load_state``)."""
    start = div.start
    if start is None or "load_state" not in caps.ops or not div.loaded:
        return div
    setup = start.setup()
    # the reference's state before each played step
    r = reference.request("load_state", state=start.state, **setup) if start.state is not None else \
        reference.request("new_game", **setup)
    if not r.ok:
        return div
    befores = [r.result["state"]]
    tail = [s["action"] for s in div.steps]
    for a in tail:
        step = reference.request("apply", action=a)
        if not step.ok:
            return div
        befores.append(step.result["state"])
    last_action = (div.last or {}).get("action")
    for keep in range(min(len(tail), 12) + 1):
        at = len(tail) - keep
        begin = befores[at]
        sub = Start(start.variant, start.players, start.options, start.label + f" +{at}",
                    prefix=[], state=begin)
        g = Game(engine, reference, caps, sub, FuzzStats(), random.Random(0), check_rules=False)
        then = tail[at:]
        try:
            if div.kind in ("accepted", "refusal-changed") and last_action is not None:
                g.play(begin, [], 0, probe_rate=0.0, then=then, final_probe=last_action)
            else:
                g.play(begin, [], 0, probe_rate=0.0, then=then)
        except Divergence as d2:
            if d2.key == div.key or (d2.kind, d2.rule) == (div.kind, div.rule):
                d2.start, d2.game, d2.shrunk_from = sub, div.game, len(div.steps)
                d2.known = div.known
                return d2
        except (Unsupported, EngineFault, RuntimeError):
            continue
    return div


def divergence_case(div: Divergence, case_id: str) -> dict[str, Any]:
    """The divergence as a vector case: its start, the steps before it, and the reference's answer."""
    start = div.start
    assert start is not None
    steps: list[dict[str, Any]] = [dict(s) for s in div.steps]
    last: dict[str, Any] = dict(div.last or {})
    if div.kind == "state" and steps and last.get("action") is not None \
            and steps[-1].get("action") == last.get("action"):
        steps.pop()  # the diverging step itself comes last, with the reference's answer
    last.update(expect=div.expect, explain=f"differential test: {div.what}"[:500])
    steps.append(last)
    case: dict[str, Any] = {"id": case_id, "title": f"Found by differential testing: {div.what}"[:300],
                            "covers": [div.rule] if div.rule != "?" else [f"{start.family}.turn.sequence"],
                            "variant": start.variant, "options": dict(start.options),
                            "players": start.players, "steps": steps}
    if start.state is not None and div.loaded:  # else a new game: the steps replay the prefix
        case["state"] = dict(start.state)
    return case


def case_id_for(div: Divergence) -> str:
    digest = hashlib.sha1(json.dumps([div.kind, div.rule, div.what, div.steps[-3:]], sort_keys=True,
                                     default=str).encode()).hexdigest()[:8]
    base = div.rule if div.rule != "?" else f"{div.start.family if div.start else 'classic'}.turn.sequence"
    return f"{base}.fuzz-{digest}"


def save_vector(case: Mapping[str, Any], directory: Path) -> Path:
    from riskspec.safeio import ensure_output_dir, write_text
    ensure_output_dir(directory, "--fuzz-save")  # the folder named (default ./riskspec-found)
    path = directory / f"{case['id']}.json"
    doc = {"format": "riskspec/vectors@1", "variant": case["variant"], "section": "differential",
           "generated_by": "riskspec check --fuzz (riskspec.conformance.properties)", "cases": [case]}
    write_text(path, json.dumps(doc, indent=1) + "\n", "fuzz vector file")
    return path


# -- one game of a campaign --------------------------------------------------------------------
@dataclass
class GameRecord:
    """What one fuzzed game gave: its counters, its divergences (unshrunk) and notes."""

    game: int
    stats: FuzzStats
    divergences: list[Divergence]
    notes: list[str]


def game_order(starts: Sequence[Start]) -> list[Start]:
    """The starts in the order games take them (game ``g`` plays ``order[g % len(order)]``):
    every variant in turn (Napoléon as often as Classic), each through its whole game, its
    situations (:mod:`riskspec.conformance.fuzz_situations`) taking every other game of its lane."""
    by_variant: dict[str, tuple[list[Start], list[Start]]] = {}
    for st in starts:
        by_variant.setdefault(st.variant, ([], []))[st.situation is not None].append(st)
    lanes = []
    for plain, situations in by_variant.values():
        plain.sort(key=lambda st: (len(st.prefix) % 7, len(st.prefix)))
        lanes.append([st for pair in zip_longest(plain, situations) for st in pair if st is not None])
    return [lane[i] for i in range(max(map(len, lanes))) for lane in lanes if i < len(lane)]


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` of the campaign seeded ``seed``: a function of the two alone, so
    however the games are split between processes, each plays the same."""
    return seed * 1_000_003 + game


#: how many times one fuzzed game is resumed past a divergence before it ends
MAX_RESUMES = 25


def play_game(engine: Any, reference: Any, caps: Capabilities, order: Sequence[Start], game: int, *,
              seed: int, max_steps: int, probe_rate: float) -> GameRecord:
    """Play game ``game`` of the campaign on both engines (nothing shrunk yet).

    A divergence — or a step without a verdict: an honest ``unsupported`` answer, a divergence
    on a rule the engine does not claim — does not end the game when the engine claims
    ``load_state``: the engine is given the reference's position (the one after that step)
    and the game goes on from there with the steps it has left, up to :data:`MAX_RESUMES`
    times.  So one systematic deviation (found again and again), or one feature the engine
    lacks, no longer hides what comes later in the game; each divergence found after a resume
    starts from the position it was resumed at.  An engine that refuses the position
    (``unsupported``) ends the game there."""
    start = order[game % len(order)]
    stats = FuzzStats(games=1)
    rng = random.Random(game_seed(seed, game))
    found: list[Divergence] = []
    notes: list[str] = []
    seg, left = start, max_steps
    while True:
        g = Game(engine, reference, caps, seg, stats, rng)
        played = stats.steps
        try:
            g.play(seg.state, seg.prefix, left, probe_rate=probe_rate)
            break
        except Divergence as caught:
            caught.game = game
            found.append(caught)
            applied = caught.kind in APPLIED_KINDS
        except Unsupported as skipped:
            if skipped.applied is None:
                # the engine cannot be set up at a resumed position (a chance node, a pending
                # choice): the reference plays on alone to the next plain one, and it is tried
                if seg is start or "load_state" not in g.ops or stats.resumes >= MAX_RESUMES \
                        or not _to_plain_position(g) or (resumed := _resume_here(reference, start, stats)) is None:
                    break
                seg = resumed
                continue
            applied = skipped.applied
        except EngineFault as fault:
            found.append(Divergence(f"engine fault: {fault.kind}: {str(fault)[:200]}", "fault", "?",
                                    list(g.steps), {}, None, seg, game, loaded=g.loaded))
            break
        except RuntimeError as exc:  # the reference itself could not go on: say so, go on
            notes.append(f"game {game}: {exc}"[:300])
            break
        # -- resume past the divergence, from the reference's position ------------------------
        if "load_state" not in g.ops or stats.resumes >= MAX_RESUMES:
            break
        if not applied and not g.step_reference():
            break   # found before its step was applied: step past it, or it is found again
        replayed = len(seg.prefix) if seg.state is None else 0   # a new game's forced prefix
        left -= max(1, stats.steps - played - replayed)
        if left <= 0:
            break
        resumed = _resume_here(reference, start, stats)
        if resumed is None:
            break
        seg = resumed
    stats.longest = stats.steps
    return GameRecord(game, stats, found, notes)


def _resume_here(reference: Any, start: Start, stats: FuzzStats) -> Start | None:
    """The game of ``start`` resumed at the reference's current position (counted in
    ``stats.resumes``); None if there is none to resume at (no state, the game over)."""
    here = reference.request("state")
    if not here.ok or here.result["state"].get("phase") == "game-over":
        return None
    stats.resumes += 1
    return Start(start.variant, start.players, start.options,
                 f"{start.label}, resumed after {stats.steps} steps", prefix=[], state=here.result["state"])


#: steps the reference may play alone to reach a position an engine can be set up at
MAX_SKIP = 30


def _to_plain_position(g: Game) -> bool:
    """Play the reference alone (one step at least) to the next plain position — a decision
    in the attack or fortify phase, or a reinforcement with no trade owed — within
    :data:`MAX_SKIP` steps; False if none is reached."""
    from riskspec.conformance.fuzz_situations import is_plain_phase
    for _ in range(MAX_SKIP):
        if not g.step_reference():
            return False
        r = g.ref.request("state")
        st = r.result.get("state") if r.ok else None
        if not isinstance(st, Mapping) or st.get("phase") == "game-over":
            return False
        if is_plain_phase(st.get("phase"), st.get("pending")):
            return True
    return False


def shrink_found(engine: Any, reference: Any, caps: Capabilities, div: Divergence) -> Divergence:
    """``div`` shrunk (an engine fault, or a divergence shrinking fails on, as it is)."""
    if div.kind == "fault":
        return div
    try:
        return shrink(engine, reference, caps, div)
    except (EngineFault, RuntimeError, KeyError, TypeError, ValueError):
        return div


def finish_divergences(divergences: Sequence[Divergence], *, save_dir: Path | None,
                       expectations: Any) -> None:
    """Name each divergence's case, match it against the expectations file, save its vector."""
    for div in divergences:
        div.case_id = cid = case_id_for(div)
        if expectations is not None:
            hit = expectations.match(cid, [div.rule])
            div.known = hit.get("reason") if hit else None
        if save_dir is not None and div.start is not None:
            div.path = save_vector(divergence_case(div, cid), save_dir)
