"""The Napoléon state: the shared :class:`~riskspec.reference.state.State` plus zones.

:class:`NapState` adds, additively, what Napoléon needs: ``owner``/``armies`` run
over *places* (territories, then maritime zones, whose units are ships), several
neutral seats (``neutrals``) and a few turn flags.  Its JSON (``riskspec/state@1``)
is the Classic one plus a ``zones`` object and ``napoleon`` turn flags; Classic
states are untouched (their JSON is byte-identical).

Phases and their ``pending`` fields:

=================  ============================================  ===========
deal               next (seat receiving the next territory)      chance
claim              — (Advanced Rules: claiming setup)            current
epidemics          left, moving (placing / relocating epidemics) chance
setup-leaders      generals, fortifications (left to place)      current
first-player       for ('setup' or 'turn')                       chance
setup-place        seat (army being placed), left                current
reinforce          to_place, must_trade, after                   current
attack             —                                             current
defend             from, to, attacker_dice, chooser, naval       chooser
battle             from, to, attacker_dice, defender_dice, naval chance
occupy             from, to, min, eliminated                     current
maneuver           —                                             current
ransom             captor, left (+ the reinforce fields to resume) captor
draw               left                                          chance
card-table         seat, left, after ('setup' or 'turn')         chance
random-place       seat, left (a neutral share placed at random) chance
deal-missions      player, levels, then (mission cards to deal)  chance
game-over          —                                             nobody
=================  ============================================  ===========
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from riskspec.reference.napoleon.actions import ActiveEffect
from riskspec.reference.napoleon.tables import NapTables
from riskspec.reference.state import FORMAT, InvalidStateError, State, read_players_and_cards

PHASES: dict[str, dict[str, str]] = {
    "deal": {"next": "player"},
    "epidemics": {"left": "count", "moving": "bool"},
    "first-player": {"for": "purpose"},
    "claim": {},
    "setup-place": {"seat": "player", "left": "count"},
    "setup-leaders": {"generals": "count", "fortifications": "count"},
    "reinforce": {"to_place": "count", "must_trade": "bool", "after": "purpose"},
    "attack": {},
    "defend": {"from": "place", "to": "place", "attacker_dice": "count", "chooser": "player",
               "naval": "bool"},
    "battle": {"from": "place", "to": "place", "attacker_dice": "count",
               "defender_dice": "count", "naval": "bool"},
    "occupy": {"from": "place", "to": "place", "min": "count", "eliminated": "bool"},
    "maneuver": {},
    "ransom": {"captor": "player", "left": "count", "to_place": "count", "must_trade": "bool",
               "after": "purpose"},
    "draw": {"left": "count"},
    "reroll": {"from": "place", "to": "place", "attacker": "dice", "defender": "dice",
               "naval": "bool", "chooser": "player"},
    "reroll-dice": {"from": "place", "to": "place", "attacker": "dice", "defender": "dice",
                    "naval": "bool", "chooser": "player"},
    "epidemic-move": {"resume": "phase", "saved": "pending"},
    "card-table": {"seat": "player", "left": "count", "after": "purpose"},
    "random-place": {"seat": "player", "left": "count"},
    "deal-missions": {"player": "player", "levels": "levels", "then": "purpose"},
    "game-over": {},
}
CHANCE_PHASES = frozenset({"deal", "epidemics", "first-player", "battle", "draw", "reroll-dice",
                           "epidemic-move", "card-table", "random-place", "deal-missions"})


class NapState(State):
    """A Napoléon position (see the module docstring)."""

    __slots__ = ("neutrals", "land_attacked", "naval_moves", "vp", "generals", "forts",
                 "epidemics", "last_attack", "effects", "effect_plays",
                 "challengers", "co_winners", "mission_decks", "missions_held", "missions_done",
                 "lasting", "mission_levels", "mission_bank", "missions_completed",
                 "admirals", "pows", "m_units", "m_leaders", "ransomed", "gbattle",
                 "empty_invaded")

    tables: NapTables  # type: ignore[assignment]  # a Napoléon game's tables (State: Classic's)
    neutrals: tuple[int, ...]
    land_attacked: bool     # a land offensive was made this turn (naval combat is over)
    naval_moves: int        # naval maneuvers made this turn (fortify_moves: land ones)
    vp: list[int]           # victory points per seat (Advanced Rules; serialised only there)
    generals: list[int]     # per place: generals of its owner standing there
    forts: list[int]        # per place: fortifications
    epidemics: list[int]    # per place: epidemic markers
    last_attack: int        # from * places + to of the turn's last attack, -1 if none
    effects: tuple[ActiveEffect, ...]  # active card effects (effects.py)
    effect_plays: tuple[int, ...]  # per seat: cards played for effect in this phase
    challengers: list[int]  # per zone: ships the player to move built among another's ships
    co_winners: tuple[int, ...]  # a victory shared after every tie-break (else empty)
    # mission cards (Advanced Rules; reference/napoleon/missions.py) — IDs, never indices
    mission_decks: dict[int, tuple[str, ...]]  # level → cards left in that deck (deck order)
    missions_held: list[tuple[str, ...]]       # per seat: cards in hand (level, deck order)
    missions_done: list[tuple[str, ...]]       # per seat: completed, in completion order
    lasting: list[tuple[str, ...]]             # per seat: completed cards paying a lasting bonus
    mission_levels: list[tuple[int, ...]]      # per seat: levels completed this (player/game) turn
    mission_bank: list[int]                    # per seat: mission regiments due next reinforcement
    missions_completed: int                    # missions the current player completed this turn
    admirals: list[int]     # per place (zones): admirals of its owner standing there
    pows: list[int]         # [kind * n * n + captor * n + owner]: leaders held captive
    #                         (kind 0 generals, 1 admirals)
    m_units: list[int]      # maneuver phase: per place, units there since the phase began
    m_leaders: list[int]    # maneuver phase: per place, leaders there since the phase began
    ransomed: list[int]     # leaders ransomed this turn: [generals, admirals]
    gbattle: list[int]      # per place: target of its generals' one battle (-1 none, -2 spent)
    empty_invaded: bool     # an empty territory was invaded this turn (end_turn.empty_invasion_forfeits)

    @property
    def prisoners(self) -> tuple[int, ...]:
        """Per seat: the enemy generals it holds captive (the missions' count, written as
        ``prisoner_generals``), derived from the prisoner table so it cannot drift from it (a
        tuple: setting a count here would change nothing, so it is refused; set ``pows``)."""
        n = self.n_players
        return tuple(sum(self.pows[c * n + o] for o in range(n)) for c in range(n))

    @property
    def captives(self) -> list[int]:
        """Per seat: its generals held captive by other players."""
        return [self.held(0, o) for o in range(self.n_players)]

    def held(self, kind: int, owner: int, captor: int | None = None) -> int:
        """Leaders of ``owner`` (kind 0 generals, 1 admirals) held captive (by ``captor``)."""
        n = self.n_players
        base = kind * n * n
        if captor is not None:
            return self.pows[base + captor * n + owner]
        return sum(self.pows[base + c * n + owner] for c in range(n))

    def is_neutral(self, seat: int) -> bool:
        return seat in self.neutrals

    def to_dict(self) -> dict[str, Any]:
        return to_dict(self)

    def __repr__(self) -> str:
        return (f"<NapState {self.tables.variant.id} turn {self.turn} phase {self.phase} "
                f"current {self.current} winner {self.winner}>")


def blank_state(tables: Any, colours: tuple[str, ...], neutrals: tuple[int, ...]) -> NapState:
    n, places = len(colours), len(tables.places)
    s = NapState.__new__(NapState)
    s.tables, s.colours, s.neutral, s.neutrals = tables, colours, -1, neutrals
    s.owner, s.armies = [-1] * places, [0] * places
    s.hands, s.missions = [()] * n, [None] * n
    s.eliminated_by, s.reserves, s.captured = [-1] * n, [0] * n, [False] * n
    s.phase, s.current, s.turn, s.first_player = "deal", 0, 0, -1
    s.sets_traded = 0
    s.draw_pile, s.discards = tuple(range(len(tables.cards))), ()
    s.pending = {"next": 0}
    s.conquered = s.bonus_taken = s.land_attacked = False
    s.conquests = s.fortify_moves = s.naval_moves = 0
    s.winner = -1
    s.vp = [0] * n
    s.generals, s.forts, s.epidemics = [0] * places, [0] * places, [0] * places
    s.last_attack = -1
    s.effects, s.effect_plays = (), (0,) * n
    s.challengers = [0] * places
    s.co_winners = ()
    s.mission_decks = {}
    s.missions_held, s.missions_done, s.lasting = [()] * n, [()] * n, [()] * n
    s.mission_levels, s.mission_bank = [()] * n, [0] * n
    s.missions_completed = 0
    s.admirals, s.pows = [0] * places, [0] * (2 * n * n)
    s.m_units, s.m_leaders = [], []
    s.ransomed, s.gbattle = [0, 0], [-1] * places
    s.empty_invaded = False
    return s


def advanced(s: NapState) -> bool:
    return s.tables.params.is_advanced


def to_dict(s: NapState) -> dict[str, Any]:
    tb = s.tables
    cards = tb.cards
    T = tb.n_territories
    players: list[dict[str, Any]] = [{
        "colour": s.colours[p], "neutral": p in s.neutrals,
        "eliminated": s.eliminated_by[p] >= 0,
        # the seat whose turn it was when the player went out: for a conquest the conqueror,
        # for an epidemic possibly the player itself (napoleon.amb.epidemic-elimination)
        "eliminated_by": s.eliminated_by[p] if s.eliminated_by[p] >= 0 else None,
        "cards": [cards[c] for c in s.hands[p]], "mission": s.missions[p],
        "reserve": s.reserves[p], "captured": s.captured[p],
    } for p in range(s.n_players)]
    adv = advanced(s)
    if adv:
        for p, entry in enumerate(players):
            entry["vp"] = s.vp[p]
            entry["captive_generals"] = s.held(0, p)
            entry["captive_admirals"] = s.held(1, p)
            entry["prisoner_generals"] = s.prisoners[p]
            entry["prisoners"] = {"generals": [s.held(0, o, p) for o in range(s.n_players)],
                                  "admirals": [s.held(1, o, p) for o in range(s.n_players)]}
            entry["missions"] = list(s.missions_held[p])
            entry["missions_completed"] = list(s.missions_done[p])
            entry["lasting_bonuses"] = list(s.lasting[p])
            entry["mission_levels_done"] = list(s.mission_levels[p])
            entry["mission_reinforcements"] = s.mission_bank[p]
    kinds = PHASES[s.phase]
    pending = {k: (tb.places[v] if kinds.get(k) == "place" else v) for k, v in s.pending.items()}
    return {
        "format": FORMAT, "variant": tb.variant.id,
        "options": dict(sorted(tb.ruleset.options.items())),
        "players": players,
        "territories": {tb.places[i]: {"owner": s.owner[i] if s.owner[i] >= 0 else None,
                                       "armies": s.armies[i],
                                       **({"generals": s.generals[i], "fortifications": s.forts[i],
                                           "epidemics": s.epidemics[i]}
                                          if adv else {})} for i in range(T)},
        "zones": {tb.places[i]: {"owner": s.owner[i] if s.owner[i] >= 0 else None,
                                 "ships": s.armies[i],
                                 # napoleon.naval.forced-combat: the mover's ships built there
                                 **({"challenger_ships": s.challengers[i]}
                                    if s.challengers[i] else {}),
                                 **({"admirals": s.admirals[i]} if adv else {})}
                  for i in range(T, len(tb.places))},
        "phase": s.phase, "current": s.current, "turn": s.turn,
        "first_player": s.first_player if s.first_player >= 0 else None,
        "sets_traded": s.sets_traded,
        "draw_pile": [cards[c] for c in s.draw_pile],
        "discards": [cards[c] for c in s.discards],
        "pending": pending,
        "turn_flags": {"conquered": s.conquered, "conquests": s.conquests,
                       "bonus_taken": s.bonus_taken, "fortify_moves": s.fortify_moves,
                       "land_attacked": s.land_attacked, "naval_moves": s.naval_moves,
                       **({"last_attack": None if s.last_attack < 0 else
                           [tb.places[s.last_attack // len(tb.places)],
                            tb.places[s.last_attack % len(tb.places)]],
                        **_leader_flags(s)} if adv else {}),
                       **effects_to_dict(s),
                       **({"missions_completed": s.missions_completed} if adv else {}),
                       **({"empty_invaded": True} if s.empty_invaded else {})},
        "winner": s.winner if s.winner >= 0 else None,
        # napoleon.scoring.tie-break: every seat sharing the victory (winner is the first)
        **({"co_winners": list(s.co_winners)} if s.co_winners else {}),
        **({"mission_decks": {str(k): list(v) for k, v in sorted(s.mission_decks.items())}}
           if adv else {}),
    }


def effects_to_dict(s: NapState) -> dict[str, Any]:
    """The active card effects and the effect plays of the phase (only when there are any)."""
    P, cards = s.tables.places, s.tables.cards
    out: dict[str, Any] = {}
    if s.effects:
        out["effects"] = [{"kind": k, "player": pl, "card": cards[c], "amount": n,
                           **({"from": P[a], "to": P[b]} if a >= 0 else {})}
                          for k, pl, c, n, a, b in s.effects]
    if any(s.effect_plays):
        out["effect_plays"] = list(s.effect_plays)
    return out


def effects_from_dict(s: NapState, f: Mapping[str, Any]) -> None:
    tb = s.tables
    out: list[ActiveEffect] = []
    for e in f.get("effects", []):
        _check(e["card"] in tb.card_index, f"effects: unknown card {e['card']!r}")
        a, b = (tb.place_index[e["from"]], tb.place_index[e["to"]]) if "from" in e else (-1, -1)
        out.append(ActiveEffect(e["kind"], e["player"], tb.card_index[e["card"]], e["amount"], a, b))
    s.effects = tuple(out)
    plays = f.get("effect_plays")
    if plays is not None:
        _check(len(plays) == s.n_players, "effect_plays has one count per seat")
        s.effect_plays = tuple(plays)


def _leader_flags(s: NapState) -> dict[str, Any]:
    P = s.tables.places
    return {
        "ransomed": {"generals": s.ransomed[0], "admirals": s.ransomed[1]},
        "general_battles": {P[i]: (P[g] if g >= 0 else None)
                            for i, g in enumerate(s.gbattle) if g != -1},
        "maneuver_start": None if not s.m_units else {
            P[i]: {"units": u, "leaders": s.m_leaders[i]}
            for i, u in enumerate(s.m_units) if u or s.m_leaders[i]},
    }


def record_maneuver_start(s: NapState) -> None:
    """napoleon.maneuver.leaders: what stands in each of the player's places as the
    maneuver phase begins (units, and generals or admirals)."""
    T = s.tables.n_territories
    mine = [o == s.current for o in s.owner]
    s.m_units = [a if m else 0 for a, m in zip(s.armies, mine)]
    s.m_leaders = [(s.generals[i] if i < T else s.admirals[i]) if m else 0
                   for i, m in enumerate(mine)]


def _read_leader_flags(s: NapState, f: Mapping[str, Any], players: list[Any], tb: Any) -> None:
    n = s.n_players
    for c, p in enumerate(players):
        pr = p.get("prisoners") or {}
        for k, kind in enumerate(("generals", "admirals")):
            row = pr.get(kind) or [0] * n
            _check(len(row) == n and all(isinstance(x, int) and x >= 0 for x in row),
                   f"players[{c}].prisoners.{kind}: one count per seat")
            for o, x in enumerate(row):
                s.pows[k * n * n + c * n + o] = x
    # the missions' count of generals each seat holds (napoleon.missions: capture a general),
    # written as prisoner_generals: derived from the table above, so a state must agree with it
    held = s.prisoners
    for c, p in enumerate(players):
        if "prisoner_generals" in p:
            _check(p["prisoner_generals"] == held[c],
                   f"players[{c}].prisoner_generals is {p['prisoner_generals']!r}, but the "
                   f"prisoners table gives seat {c} {held[c]} enemy generals")
    for o, p in enumerate(players):
        for k, key in enumerate(("captive_generals", "captive_admirals")):
            if key in p:
                _check(p[key] == s.held(k, o), f"players[{o}].{key} must match the prisoners")
    rs = f.get("ransomed") or {}
    s.ransomed = [rs.get("generals", 0), rs.get("admirals", 0)]
    for x, g in (f.get("general_battles") or {}).items():
        s.gbattle[tb.place_index[x]] = -2 if g is None else tb.place_index[g]
    if s.phase == "maneuver":
        ms = f.get("maneuver_start")
        if ms is None:
            record_maneuver_start(s)
        else:
            s.m_units, s.m_leaders = [0] * len(tb.places), [0] * len(tb.places)
            for x, e in ms.items():
                s.m_units[tb.place_index[x]] = e.get("units", 0)
                s.m_leaders[tb.place_index[x]] = e.get("leaders", 0)


def _check(cond: bool, message: str) -> None:
    if not cond:
        raise InvalidStateError(message)


def from_dict(d: Mapping[str, Any], tb: Any) -> NapState:
    """Read a Napoléon state's own fields (the family's ``from_dict`` then loads the mission
    decks and checks the position's consistency)."""
    try:
        players = d["players"]
        colours = tuple(p["colour"] for p in players)
        neutrals = tuple(i for i, p in enumerate(players) if p["neutral"])
        s = blank_state(tb, colours, neutrals)
        n = len(players)
        T = tb.n_territories
        _check(set(d["territories"]) == set(tb.territories), "territories must list the map's")
        _check(set(d.get("zones", {})) == set(tb.zones), "zones must list the map's zones")
        for i, x in enumerate(tb.places):
            e = d["territories"][x] if i < T else d["zones"][x]
            o = e["owner"]
            _check(o is None or (isinstance(o, int) and 0 <= o < n), f"{x}: bad owner {o!r}")
            s.owner[i] = -1 if o is None else o
            s.armies[i] = e["armies"] if i < T else e["ships"]
            s.generals[i], s.forts[i] = e.get("generals", 0), e.get("fortifications", 0)
            s.epidemics[i] = e.get("epidemics", 0)
            s.challengers[i] = e.get("challenger_ships", 0) if i >= T else 0
            _check(isinstance(s.challengers[i], int) and s.challengers[i] >= 0,
                   f"{x}: bad challenger_ships")
            s.admirals[i] = e.get("admirals", 0) if i >= T else 0
            _check(isinstance(s.armies[i], int) and s.armies[i] >= 0, f"{x}: bad units")

        # the seat range of eliminated_by is checked with the position's consistency
        read_players_and_cards(s, d, tb.card_index, lambda e, _where: -1 if e is None else e)
        for i, p in enumerate(players):
            s.vp[i] = p.get("vp", 0)
            s.missions_held[i] = tuple(p.get("missions", ()))
            s.missions_done[i] = tuple(p.get("missions_completed", ()))
            s.lasting[i] = tuple(p.get("lasting_bonuses", ()))
            s.mission_levels[i] = tuple(p.get("mission_levels_done", ()))
            s.mission_bank[i] = p.get("mission_reinforcements", 0)
        s.phase = d["phase"]
        _check(s.phase in PHASES, f"unknown phase {s.phase!r}")
        s.current, s.turn, s.sets_traded = d["current"], d["turn"], d["sets_traded"]
        s.first_player = -1 if d["first_player"] is None else d["first_player"]
        s.winner = -1 if d["winner"] is None else d["winner"]
        co = d.get("co_winners", [])
        _check(isinstance(co, list) and all(isinstance(x, int) and 0 <= x < n for x in co)
               and (not co or (len(co) > 1 and co[0] == s.winner)), "bad co_winners")
        s.co_winners = tuple(co)
        f = d["turn_flags"]
        s.conquered, s.conquests, s.bonus_taken = f["conquered"], f["conquests"], f["bonus_taken"]
        s.fortify_moves = f["fortify_moves"]
        s.land_attacked, s.naval_moves = f.get("land_attacked", False), f.get("naval_moves", 0)
        s.missions_completed = f.get("missions_completed", 0)
        s.empty_invaded = bool(f.get("empty_invaded", False))
        la = f.get("last_attack")
        s.last_attack = -1 if la is None else tb.place_index[la[0]] * len(tb.places) + \
            tb.place_index[la[1]]
        effects_from_dict(s, f)
        kinds = PHASES[s.phase]
        _check(set(d["pending"]) == set(kinds), f"pending of {s.phase} has {sorted(kinds)}")
        pend: dict[str, Any] = {}
        for k, kind in kinds.items():
            v = d["pending"][k]
            if kind == "place":
                _check(v in tb.place_index, f"pending.{k}: unknown place {v!r}")
                v = tb.place_index[v]
            pend[k] = v
        s.pending = pend
        _read_leader_flags(s, f, players, tb)
    except InvalidStateError:
        raise
    except (KeyError, TypeError, IndexError, ValueError, AttributeError) as exc:
        raise InvalidStateError(f"malformed Napoléon state: {exc!r}") from None
    return s
