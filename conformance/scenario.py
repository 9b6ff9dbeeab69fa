"""Write each conformance case once, as a Python scenario run against the reference engine.

A scenario is a function decorated with :func:`scenario`; it gets a
:class:`Builder`, sets up a position (a new game, or a state built with
:meth:`Builder.position`) and plays steps.  Each step is applied to the
reference engine at once and its hand-written expectations are checked there
(a mismatch raises :class:`~riskspec.conformance.errors.ScenarioError`), then
recorded; ``riskspec vectors export`` writes the recorded cases to
``conformance/vectors/<variant>/<section>.json`` — the same cases any engine is
checked against through the protocol.

Style (after ethereum consensus-specs tests): pre-state, operation,
post-state expectations; an operation expected to be rejected names its error
code and the rule it breaks (both the author's; the reference engine must cite
that rule).

Where a case goes (the same for both families).  A case module is named by the rules its
cases test, never by the campaign, coverage gap or review that prompted them (that history
is the CHANGELOG's and ``conformance/mutation-triage.yaml``'s).  A case
``<family>.<section>.<rule>.<NNN>`` is written in the module of its section, the one its
vector file is named after (``vectors/<variant>/<section>.json``):

* Classic: ``cases_<section>.py`` (``classic.attack.*`` in ``cases_attack``);
* Napoléon on an inline map (the small boards of ``cases_napoleon``):
  ``cases_napoleon_<section>.py``;
* Napoléon written for the printed board: ``cases_napoleon_printed_<section>.py``
  (:data:`PRINTED_MODULES`), numbered 601–699 (``tests/napoleon/test_vectors.py``).
  The older inline cases are being moved onto the printed board where they stand: a moved
  case stays in its module and keeps its ID (no ``map=``; its expected values restated for
  the printed board from the rules), so a ``cases_napoleon_<section>`` module may hold both.

A section module also holds the neighbouring section its positions serve: ``cases_setup``
the two-player game, ``cases_reinforce`` the turn, ``cases_conquest`` elimination,
``cases_victory`` missions, ``cases_napoleon_effects`` epidemics, ``cases_napoleon_units``
purchases, ``cases_napoleon_turn`` scoring and the end-of-turn draws,
``cases_napoleon_setup`` the basic game's deal, ``cases_napoleon_printed_turn`` scoring and
capitals, ``cases_napoleon_printed_effects`` the card rules of effects,
``cases_napoleon_printed_missions`` the missions' deal and points.  A few modules are named by a subject that cuts across sections on purpose: every
reading of an ambiguity (``cases_ambiguities``, ``cases_napoleon_amb``: the ``amb`` section),
the board itself (``cases_board``, ``cases_napoleon_board``), perft counts, the action
format, whole legal-action lists, chance nodes, and the defender's always-maximum reading
(``cases_defender_max``).  The first Napoléon modules still gather several sections
(``cases_napoleon``: the basic game; ``cases_napoleon_rules``: a tour of the rules;
``cases_napoleon_readings``: readings beside their rules), and ``cases_napoleon_leaders``,
``cases_napoleon_missions`` and ``cases_napoleon_effects`` keep beside their own section the
older cases of other sections about leaders, missions and card effects (a general's dice
bonus, a mission reading); a new case goes to its section's module all the same.  Helpers
several modules use live in helper modules, which register no case: ``steps`` (Classic
steps and events), ``lineboard`` (Napoléon's small boards), ``printed`` (the printed
board).  A case's number only has to be new for its rule (a duplicate ID is refused); an ID
never changes once shipped.
"""

from __future__ import annotations

import copy
import functools
import importlib
import json
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from riskspec.conformance.compare import action_key, events_diff, format_diff, partial_diff
from riskspec.conformance.errors import ScenarioError
from riskspec.conformance.frame import advance, compared, frame_diff, observe
from riskspec.conformance.synthetic import SYNTHETIC
from riskspec.errors import ActionError

#: the Napoléon cases on the printed Europe board, one module per rule section (see above)
PRINTED_MODULES = ("cases_napoleon_printed_combat", "cases_napoleon_printed_naval",
                   "cases_napoleon_printed_end_of_turn", "cases_napoleon_printed_maneuver",
                   "cases_napoleon_printed_units", "cases_napoleon_printed_leaders",
                   "cases_napoleon_printed_basic", "cases_napoleon_printed_effects",
                   "cases_napoleon_printed_cards", "cases_napoleon_printed_epidemics",
                   "cases_napoleon_printed_missions", "cases_napoleon_printed_turn",
                   "cases_napoleon_printed_setup")
#: modules holding the scenarios, in export order
CASE_MODULES = ("cases_setup", "cases_reinforce", "cases_cards", "cases_attack", "cases_conquest",
                "cases_fortify", "cases_victory", "cases_ambiguities", "cases_perft", "cases_defender_max",
                "cases_napoleon", "cases_napoleon_rules", "cases_napoleon_amb", "cases_napoleon_readings",
                "cases_napoleon_missions", "cases_napoleon_leaders", "cases_napoleon_effects",
                "cases_board", "cases_napoleon_board", "cases_napoleon_setup", "cases_napoleon_cards",
                "cases_napoleon_combat", "cases_napoleon_naval", "cases_napoleon_maneuver",
                "cases_napoleon_units", "cases_napoleon_turn",
                "cases_action_format", "cases_legal_actions",
                "cases_chance",
                *PRINTED_MODULES)


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    covers: tuple[str, ...]
    fn: Callable[[Builder], None]
    variant: str = "classic"
    players: int = 3
    options: Mapping[str, str] = field(default_factory=dict)
    reading: Mapping[str, str] | None = None
    negative: bool = False
    description: str | None = None
    pending: str | None = None
    map: Mapping[str, Any] | None = None   # an inline map (riskspec/map@1), None: the variant's
    map_why: str | None = None   # why the case needs its inline map (exported with it)
    missions: Mapping[str, Any] | None = None  # an inline mission deck (riskspec/missions@1)
    #: top-level observable fields left out of the frame rule, and why ({"fields", "why"})
    unchecked: Mapping[str, Any] | None = None
    #: fields of the start no game can reach, and why ({"fields", "why"})
    synthetic: Mapping[str, Any] | None = None
    #: (seat, armies) holding every territory of the default state its position is written
    #: over (printed-board cases, whose positions give most of the board to one seat); None:
    #: the round-robin default
    background: tuple[int | None, int] | None = None

    @property
    def section(self) -> str:
        return self.id.split(".")[1]

    def build(self) -> dict[str, Any]:
        b = Builder(self)
        try:
            self.fn(b)
        except ScenarioError:
            raise
        except ActionError as exc:
            raise ScenarioError(f"{self.id}: the reference engine refused a step: "
                                f"{exc.code} ({exc.rule}): {exc}") from exc
        return b.to_case()


REGISTRY: dict[str, Scenario] = {}


def scenario(id: str, title: str, covers: Sequence[str], *, players: int = 3,
             options: Mapping[str, str] | None = None, variant: str = "classic",
             reading: tuple[str, str] | None = None, negative: bool = False,
             description: str | None = None, pending: str | None = None,
             map: Mapping[str, Any] | None = None, map_why: str | None = None,
             missions: Mapping[str, Any] | None = None,
             unchecked: tuple[Sequence[str], str] | None = None,
             synthetic: tuple[Sequence[str], str] | None = None,
             background: tuple[int | None, int] | None = None) -> Callable:
    """Register a scenario. ``id`` is permanent: never renumber or reuse one.

    ``pending``: the reference engine is known to disagree (the reason); the case is not
    exported until it agrees, and the scenario test expects it to fail meanwhile.
    ``unchecked``: (top-level observable fields, why) the frame rule leaves out for this case.
    ``synthetic``: (JSON paths into the start state, why) for a start no game can reach.
    ``map_why``: why the case plays its inline ``map`` rather than the printed board."""
    def deco(fn: Callable[[Builder], None]) -> Callable[[Builder], None]:
        if id in REGISTRY:
            raise ScenarioError(f"duplicate scenario id {id}")
        if map_why is not None and map is None:
            raise ScenarioError(f"{id}: map_why says why a case needs its inline map; it has none")
        REGISTRY[id] = Scenario(id=id, title=title, covers=tuple(covers), fn=fn, variant=variant,
                                players=players, options=dict(options or {}),
                                reading={"ambiguity": reading[0], "reading": reading[1]} if reading else None,
                                negative=negative, description=description, pending=pending,
                                map=map, map_why=map_why, missions=missions,
                                unchecked={"fields": list(unchecked[0]), "why": unchecked[1]}
                                if unchecked else None,
                                synthetic={"fields": list(synthetic[0]), "why": synthetic[1]}
                                if synthetic else None, background=background)
        return fn
    return deco


def load_all() -> dict[str, Scenario]:
    """Every registered scenario (the case modules imported).  A case module that fails to
    load for another reason than a :class:`ScenarioError` (a typo, a wrong argument) raises
    a ScenarioError naming the module, the error and the line of the module it came from."""
    for name in CASE_MODULES:
        try:
            importlib.import_module(f"riskspec.conformance.{name}")
        except ScenarioError:
            raise
        except Exception as exc:  # noqa: BLE001 - reported with the module's line
            raise ScenarioError(f"case module riskspec.conformance.{name} does not load: "
                                f"{type(exc).__name__}: {exc}{_where(exc, name)}") from exc
    for sid, (paths, why) in SYNTHETIC.items():
        sc = REGISTRY.get(sid)
        if sc is not None and sc.synthetic is None:
            REGISTRY[sid] = replace(sc, synthetic={"fields": list(paths), "why": why})
    return REGISTRY


def _where(exc: BaseException, module: str) -> str:
    """`` (at FILE:LINE)``: the last line of the case module ``module`` in the traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if f.filename.replace("\\", "/").endswith(f"/{module}.py")]
    return f" (at {frames[-1].filename}:{frames[-1].lineno})" if frames else ""


def _engine() -> Any:
    from riskspec.reference import engine
    return engine


@functools.cache
def _spec_ids(variant: str = "classic") -> set[str]:
    v = _engine().get_variant(variant)
    return set(v.rules) | set(v.ambiguities)


class Builder:
    """Sets up one case and plays its steps on the reference engine, checking as it goes."""

    def __init__(self, sc: Scenario) -> None:
        self.sc = sc
        self.E = _engine()
        self.start: dict | None = None
        self.state: Any = None
        self.steps: list[dict] = []
        #: the observable state the author's expectations imply so far (the frame rule)
        self.frame: dict | None = None
        self.unchecked = set((sc.unchecked or {}).get("fields", ()))

    # -- positions ------------------------------------------------------------------
    def _variant(self) -> Any:
        """The scenario's variant: its ID, or the variant object on the scenario's inline map."""
        if self.sc.map is None and self.sc.missions is None:
            return self.sc.variant
        from riskspec.reference.napoleon.inline import variant_on_map
        return variant_on_map(self.E.get_variant(self.sc.variant), self.sc.map, self.sc.missions)

    def new_game(self) -> Builder:
        self.state = self.E.new_game(self._variant(), self.sc.players, dict(self.sc.options))
        self.start = None
        self.frame = observe(self.s)  # a new game: anchored on the engine's report (as the runner is)
        return self

    def blank(self) -> dict:
        """The state dict of a fresh game of this scenario's variant/players/options."""
        return self.E.to_dict(self.E.new_game(self._variant(), self.sc.players, dict(self.sc.options)))

    def position(self, owners: Mapping[str, tuple[int | None, int]] | None = None, *,
                 phase: str = "attack",
                 current: int = 0, turn: int = 1, pending: Mapping[str, Any] | None = None,
                 hands: Mapping[int, Sequence[str]] | None = None, sets_traded: int = 0,
                 first_player: int = 0, conquered: bool = False, bonus_taken: bool = False,
                 fortify_moves: int = 0, default_armies: int = 2, fill: str = "round-robin",
                 edit: Callable[[dict], None] | None = None) -> dict:
        """A mid-game state: every territory owned (round-robin by map order, ``default_armies``
        each, unless ``owners`` says {territory: (seat, armies)}), cards in the given hands
        (the rest in the draw pile), the given phase and pending fields."""
        d = self.blank()
        n = len(d["players"])
        humans = [i for i, p in enumerate(d["players"]) if not p["neutral"]]
        tids = list(d["territories"])
        for i, tid in enumerate(tids):
            seat = humans[i % len(humans)] if fill == "round-robin" else humans[0]
            # keep a family's other fields of the blank entry (Napoléon: generals, …)
            d["territories"][tid] = {**d["territories"][tid], "owner": seat,
                                     "armies": default_armies}
        for tid, (holder, armies) in (owners or {}).items():  # holder None: nobody's
            if tid not in d["territories"]:
                raise ScenarioError(f"{self.sc.id}: no territory {tid!r}")
            d["territories"][tid] = {**d["territories"][tid], "owner": holder, "armies": armies}
        order = list(d["draw_pile"]) + list(d["discards"])
        for p in d["players"]:
            order += p["cards"]
            p["cards"], p["reserve"], p["mission"] = [], 0, p["mission"]
        v = self._variant()
        deck = [c for c in (self.E.get_variant(v) if isinstance(v, str) else v).board.cards]
        deck_ids = [c.id for c in deck]
        held: set[str] = set()
        for seat, cards in (hands or {}).items():
            d["players"][seat]["cards"] = sorted(cards, key=deck_ids.index)
            held.update(cards)
        d["draw_pile"] = [c for c in deck_ids if c not in held]
        d["discards"] = []
        for i in range(n):
            owned = any(t["owner"] == i for t in d["territories"].values())
            if not owned and i in humans:
                d["players"][i]["eliminated"] = True
                d["players"][i]["eliminated_by"] = 0 if i else 1
        d.update(phase=phase, current=current, turn=turn, first_player=first_player,
                 sets_traded=sets_traded, winner=None, pending=dict(pending or {}))
        d["turn_flags"].update({"conquered": conquered, "bonus_taken": bonus_taken,
                           "fortify_moves": fortify_moves})
        derived = ("prisoner_generals", "captive_generals", "captive_admirals")
        before = [{k: p[k] for k in derived if k in p} for p in d["players"]]
        if edit:
            edit(d)
        _derive_prisoner_counts(d, before)
        return self.load(d)

    def load(self, d: Mapping[str, Any]) -> dict:
        try:
            v = self._variant()
            self.state = self.E.from_dict(copy.deepcopy(dict(d)),
                                          variant=None if isinstance(v, str) else v)
        except Exception as exc:
            raise ScenarioError(f"{self.sc.id}: the reference engine cannot load the start state: {exc}") from exc
        full = self.E.to_dict(self.state)
        self.frame = observe(full)
        self.start = self._without_derivable(full)
        return self.start

    def _without_derivable(self, d: dict) -> dict:
        """``d`` without the fields a state may leave out because a reader derives them from
        the rest (the schema's documented defaults): today the Advanced maneuver phase's
        ``turn_flags.maneuver_start`` when it is the board as it stands.  Checked by reloading:
        kept unless the shorter state reads back to exactly ``d``."""
        flags = d.get("turn_flags") or {}
        if d.get("phase") != "maneuver" or not flags.get("maneuver_start"):
            return d
        short = {**d, "turn_flags": {**flags, "maneuver_start": None}}
        v = self._variant()
        again = self.E.to_dict(self.E.from_dict(copy.deepcopy(short),
                                                variant=None if isinstance(v, str) else v))
        return short if again == d else d

    @property
    def s(self) -> dict:
        """The current state as a dict."""
        return self.E.to_dict(self.state)

    # -- steps --------------------------------------------------------------------------------
    def _fail(self, what: str, diffs: list[dict] | None = None) -> None:
        raise ScenarioError(f"{self.sc.id} step {len(self.steps) + 1}: {what}"
                            + ("\n" + format_diff(diffs) if diffs else ""))

    def _framed(self, state: Mapping | None) -> None:
        """The frame rule: every observable field the step does not name is as it was."""
        assert self.frame is not None
        self.frame = advance(self.frame, state)
        d = frame_diff(self.frame, self.s, self.unchecked)
        if d:
            self._fail("the engine changed observable fields the scenario does not expect to change "
                       "(state them in the step, or investigate the engine)", d)

    def _expect(self, *, state: Mapping | None, events: Sequence | None, got_events: list | None,
                legal_count: int | None, legal: Sequence | None, legal_includes: Sequence | None,
                legal_excludes: Sequence | None, outcomes: Sequence | None,
                perft: Mapping | None) -> dict:
        exp: dict[str, Any] = {}
        cur = self.s
        self._framed(state)
        if state is not None:
            d = partial_diff(compared(state), cur, "$.state")
            if d:
                self._fail("state differs from the scenario's expectation", d)
            exp["state"] = json.loads(json.dumps(state))
        if events is not None:
            d = events_diff(events, got_events or [])
            if d:
                self._fail("events differ from the scenario's expectation", d)
            exp["events"] = list(events)
        if any(x is not None for x in (legal_count, legal, legal_includes, legal_excludes)):
            acts = self.E.legal_actions(self.state)
            keys = {action_key(a) for a in acts}
            if legal_count is not None:
                if len(acts) != legal_count:
                    self._fail(f"{len(acts)} legal actions, the scenario says {legal_count}: "
                               + "; ".join(sorted(keys))[:2000])
                exp["legal_count"] = legal_count
            if legal is not None:
                if {action_key(a) for a in legal} != keys:
                    self._fail(f"legal actions differ: {sorted(keys)}")
                exp["legal"] = list(legal)
            if legal_includes is not None:
                missing = [a for a in legal_includes if action_key(a) not in keys]
                if missing:
                    self._fail(f"not legal: {missing}")
                exp["legal_includes"] = list(legal_includes)
            if legal_excludes is not None:
                present = [a for a in legal_excludes if action_key(a) in keys]
                if present:
                    self._fail(f"legal but should not be: {present}")
                exp["legal_excludes"] = list(legal_excludes)
        if outcomes is not None:
            got = {action_key(o): str(p) for o, p in self.E.chance_outcomes(self.state)}
            want = {action_key(o["outcome"]): o["p"] for o in outcomes}
            if got != want:
                self._fail(f"chance outcomes differ: {got}")
            exp["outcomes"] = list(outcomes)
        if perft is not None:
            # the counts are the author's (derived from the rules and the map), never recorded
            if "nodes" not in perft:
                self._fail("a perft check states its leaf count ('nodes')")
            nodes, divide = local_perft(self.E, self.state, perft["depth"])
            if nodes != perft["nodes"]:
                self._fail(f"perft({perft['depth']}) = {nodes}, the scenario says {perft['nodes']}")
            if "divide" in perft and dict(perft["divide"]) != divide:
                self._fail(f"perft({perft['depth']}) divide differs: {divide}")
            exp["perft"] = {k: perft[k] for k in ("depth", "nodes", "divide") if k in perft}
        return exp

    def do(self, action: Mapping[str, Any], *, explain: str | None = None,
           state: Mapping | None = None, events: Sequence | None = None,
           legal_count: int | None = None, legal: Sequence | None = None,
           legal_includes: Sequence | None = None, legal_excludes: Sequence | None = None,
           outcomes: Sequence | None = None, perft: Mapping | None = None) -> list[dict]:
        """Apply an action (or chance outcome) that must be legal; check and record expectations."""
        if self.state is None:
            self.new_game()
        try:
            self.state, got = self.E.apply(self.state, dict(action))
        except ActionError as exc:
            self._fail(f"the reference engine refused {action_key(action)}: {exc.code} ({exc.rule}): {exc}")
        exp = self._expect(state=state, events=events, got_events=got, legal_count=legal_count,
                           legal=legal, legal_includes=legal_includes, legal_excludes=legal_excludes,
                           outcomes=outcomes, perft=perft)
        step: dict[str, Any] = {"action": dict(action)}
        if explain:
            step["explain"] = explain
        if exp:
            step["expect"] = exp
        self.steps.append(step)
        return got

    def reject(self, action: Mapping[str, Any], code: str, *, rule: str | None,
               kind: str | None = None, explain: str | None = None,
               state: Mapping | None = None) -> None:
        """An action the rules forbid: the engine must refuse it with ``code``, citing ``rule``
        (the scenario author's: a rule or ambiguity ID of the spec, or None when no rule of the
        spec is the reason, e.g. a malformed action); ``kind``, when given, is the error kind the
        engine must answer (``invalid-action`` for a malformed action); the state stays."""
        if self.state is None:
            self.new_game()
        if rule is not None and rule not in _spec_ids(self.sc.variant):
            self._fail(f"the scenario cites {rule!r}, which the spec of {self.sc.variant} does not define")
        before = self.s
        try:
            self.E.apply(self.state, dict(action))
        except ActionError as exc:
            if exc.code != code:
                self._fail(f"refused with code {exc.code!r} ({exc.rule}), the scenario says {code!r}")
            cited = exc.rule if exc.rule and exc.rule in _spec_ids(self.sc.variant) else None
            if cited != rule:
                self._fail(f"the reference engine cites {cited!r} for {code!r}, the scenario says {rule!r}")
            from riskspec.errors import InvalidActionError
            got_kind = "invalid-action" if isinstance(exc, InvalidActionError) else "illegal-action"
            if kind is not None and kind != got_kind:
                self._fail(f"refused as {got_kind}, the scenario says {kind}")
            err: dict[str, Any] = {"code": code}
            if rule is not None:
                err["rule"] = rule
            if kind is not None:
                err["kind"] = kind
        else:
            self._fail(f"the reference engine accepted {action_key(action)}, which the scenario forbids")
        if self.s != before:
            self._fail("a refused action changed the state")
        exp: dict[str, Any] = {"error": err}
        if state is not None:
            exp.update(self._expect(state=state, events=None, got_events=None, legal_count=None,
                                    legal=None, legal_includes=None, legal_excludes=None,
                                    outcomes=None, perft=None))
        step: dict[str, Any] = {"action": dict(action), "expect": exp}
        if explain:
            step["explain"] = explain
        self.steps.append(step)

    def check(self, *, explain: str | None = None, state: Mapping | None = None,
              legal_count: int | None = None, legal: Sequence | None = None,
              legal_includes: Sequence | None = None, legal_excludes: Sequence | None = None,
              outcomes: Sequence | None = None, perft: Mapping | None = None) -> None:
        """A step without an action: check the current position."""
        if self.state is None:
            self.new_game()
        exp = self._expect(state=state, events=None, got_events=None, legal_count=legal_count,
                           legal=legal, legal_includes=legal_includes, legal_excludes=legal_excludes,
                           outcomes=outcomes, perft=perft)
        step: dict[str, Any] = {"expect": exp}
        if explain:
            step["explain"] = explain
        self.steps.append(step)

    # shorthands
    def roll(self, attacker: Sequence[int], defender: Sequence[int], **kw: Any) -> list[dict]:
        return self.do({"type": "roll", "attacker": sorted(attacker, reverse=True),
                        "defender": sorted(defender, reverse=True)}, **kw)

    def attack(self, frm: str, to: str, dice: int, **kw: Any) -> list[dict]:
        return self.do({"type": "attack", "from": frm, "to": to, "dice": dice}, **kw)

    def defend(self, dice: int, **kw: Any) -> list[dict]:
        return self.do({"type": "defend", "dice": dice}, **kw)

    def play_out(self, predicate: Callable[[dict], bool], pick: Callable[[Any, list], Any] | None = None,
                 limit: int = 5000) -> None:
        """Play first legal actions / first chance outcomes (or ``pick``) until ``predicate(state)``."""
        for _ in range(limit):
            d = self.s
            if predicate(d):
                return
            if self.E.current_player(self.state) == self.E.CHANCE:
                options = [o for o, _ in self.E.chance_outcomes(self.state)]
            else:
                options = self.E.legal_actions(self.state)
            if not options:
                self._fail("play_out reached the end of the game")
            a = pick(self.state, options) if pick else options[0]
            self.do(a)
        self._fail("play_out did not reach the target")

    def to_case(self) -> dict[str, Any]:
        if not self.steps:
            raise ScenarioError(f"{self.sc.id}: a scenario needs at least one step")
        case: dict[str, Any] = {"id": self.sc.id, "title": self.sc.title, "covers": list(self.sc.covers)}
        if self.sc.description:
            case["description"] = self.sc.description
        if self.sc.reading:
            case["reading"] = dict(self.sc.reading)
        if self.sc.negative:
            case["negative"] = True
        case.update(variant=self.sc.variant, options=dict(self.sc.options), players=self.sc.players)
        for key in ("synthetic", "unchecked"):
            if getattr(self.sc, key):
                case[key] = dict(getattr(self.sc, key))
        if self.sc.map is not None:
            case["map"] = json.loads(json.dumps(self.sc.map))
            if self.sc.map_why:
                case["map_why"] = self.sc.map_why
        if self.sc.missions is not None:
            case["missions"] = json.loads(json.dumps(self.sc.missions))
        if self.start is not None:
            case["state"] = self.start
        case["steps"] = self.steps
        return case


def default_state(sc: Scenario) -> dict[str, Any]:
    """The default state positions of ``sc``'s variant, player count, map and missions are
    written over: :meth:`Builder.position` with no arguments, under the default readings
    (every territory owned round-robin in map order with 2 armies, seat 0 to attack on turn 1,
    empty hands, no reserves, the whole deck in the draw pile in deck order) — or, with a
    ``background`` (seat, armies), every territory held by that seat with those armies, but
    for one territory of each other player (the first in map order); seat None: every
    territory empty (nobody's, no armies) but for one of each player's, with ``armies``."""
    for options in ({}, sc.options):
        try:
            b = Builder(replace(sc, options=dict(options)))
            if sc.background is None:
                return b.position()
            seat, armies = sc.background
            blank = b.blank()
            # seat None: a board emptied (nobody's, no armies) but for the players' territories
            owners = {t: (seat, armies if seat is not None else 0) for t in blank["territories"]}
            # every other player keeps one territory (the first ones in map order): in play
            players = [i for i, p in enumerate(blank["players"]) if not p["neutral"] and i != seat]
            owners.update({t: (i, armies) for t, i in zip(blank["territories"], players)})
            return b.position(owners)
        except ScenarioError:
            continue
    raise ScenarioError(f"{sc.id}: no default state for {sc.variant} with {sc.players} players")


def local_perft(E: Any, state: Any, depth: int) -> tuple[int, dict[str, int]]:
    """Perft on the reference engine in-process (chance outcomes count as plies)."""
    def moves(s: Any) -> list:
        if E.current_player(s) == E.CHANCE:
            return [o for o, _ in E.chance_outcomes(s)]
        return E.legal_actions(s)

    def count(s: Any, d: int) -> int:
        ms = moves(s)
        if d == 1:
            return len(ms)
        return sum(count(E.apply(s, m)[0], d - 1) for m in ms)

    divide: dict[str, int] = {}
    total = 0
    for m in moves(state):
        n = 1 if depth == 1 else count(E.apply(state, m)[0], depth - 1)
        divide[action_key(m)] = divide.get(action_key(m), 0) + n
        total += n
    return total, divide


def _derive_prisoner_counts(d: dict, before: list[dict]) -> None:
    """Napoléon: the counts a state repeats from its prisoners tables — a captor's enemy
    generals (``prisoner_generals``), a player's captive generals and admirals — follow the
    tables an edit wrote, unless the edit set the count itself (``load_state`` then checks
    that it agrees)."""
    players = d["players"]
    for c, (p, old) in enumerate(zip(players, before)):
        if "prisoners" not in p:
            continue
        if p.get("prisoner_generals") == old.get("prisoner_generals"):
            p["prisoner_generals"] = sum(p["prisoners"]["generals"])
        for key, kind in (("captive_generals", "generals"), ("captive_admirals", "admirals")):
            if p.get(key) == old.get(key):
                p[key] = sum(q["prisoners"][kind][c] for q in players if "prisoners" in q)
