"""Where differential fuzzing starts: positions across the whole game, for every family.

For each variant the engine claims (and player counts across its range) a seeded game
is played on the reference engine to its end; positions are taken from its start, its
setup, its early, middle and late game.  Each start keeps the actions that reach it, so
an engine without ``load_state`` replays them from a new game.  Half the games play
readings other than the variant's own — only readings the engine claims.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

#: where in a game positions are taken, as fractions of its length
FRACTIONS = (0.0, 0.04, 0.15, 0.35, 0.6, 0.85)
#: player counts tried per variant (clipped to its range)
PLAYERS = {"classic": (3, 2, 4, 6, 5), "napoleon": (2, 3, 4, 6)}


@dataclass
class Start:
    variant: str
    players: int
    options: dict[str, str]
    label: str
    prefix: list[dict] = field(default_factory=list)   # actions from a new game to here
    state: dict | None = None                          # the reference's state here (None: new game)
    #: steps played forced from here, on both engines, before random play (a situation's episode)
    then: list[dict] = field(default_factory=list)
    situation: str | None = None                       # the situation this start is for
    #: a dealt position (:func:`riskspec.conformance.fuzz_situations.dealt_situations`): no
    #: prefix reaches it, only an engine that loads positions plays it
    dealt: bool = False

    @property
    def family(self) -> str:
        return self.variant.split("-")[0]

    def setup(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.players, "options": dict(self.options)}


def claimed_choices(caps: Any, variant: Any, option_id: str) -> list[str]:
    """The choices of an option (or readings of an ambiguity) the engine claims."""
    opt = variant.options[option_id]
    if caps.options == "*":
        return sorted(opt.choices)
    listed = caps.options.get(option_id) if isinstance(caps.options, Mapping) else None
    if listed is None:
        return [opt.default]
    if listed == "*":
        return sorted(opt.choices)
    return [c for c in opt.choices if c in listed]


def pick_options(caps: Any, variant: Any, rng: random.Random, vary: bool) -> dict[str, str] | None:
    """Options for one game: every ambiguity at a claimed reading (the variant's own when it
    is claimed and ``vary`` is off, else a random claimed one); None if some ambiguity has no
    claimed reading at all."""
    from riskspec.reference import engine as E
    out: dict[str, str] = {}
    for oid, opt in sorted(variant.options.items()):
        choices = claimed_choices(caps, variant, oid)
        if not choices:
            return None
        if opt.default in choices and (not vary or rng.random() < 0.6):
            continue
        out[oid] = rng.choice(choices)
    for oid in list(out):  # drop a reading the reference cannot play, or one clashing with another
        try:
            E.new_game(variant.id, max(variant.min_players, 2), out)
        except Exception:  # noqa: BLE001 - the reference says no: play the default instead
            default = variant.options[oid].default
            if default in claimed_choices(caps, variant, oid):
                out.pop(oid)
            else:
                return None
    try:
        E.new_game(variant.id, max(variant.min_players, 2), out)
    except Exception:  # noqa: BLE001
        return None
    return out


def _game(variant: str, players: int, options: Mapping[str, str], seed: int,
          limit: int = 2000) -> tuple[list[dict], list[Any]]:
    """A seeded reference game: its actions and the state before each (and the last)."""
    from riskspec.reference import driver
    from riskspec.reference import engine as E
    rng = random.Random(seed)
    s = E.new_game(variant, players, dict(options))
    actions: list[dict] = []
    states = [s]
    for i in range(limit):
        if E.current_player(s) == E.TERMINAL:
            break
        if E.current_player(s) == E.CHANCE:
            a = driver.sample_outcome(s, rng)
        else:
            # mostly aggressive (games end), sometimes by type (fortifies, trades, odd choices)
            policy = "aggressive" if (i // 40) % 3 else "by-type"
            a = driver.choose_action(E.legal_actions(s), rng, policy, s)
        s, _ = E.apply(s, a)
        actions.append(dict(a))
        states.append(s)
    return actions, states


_CACHE: dict[str, tuple[list[Start], list[str]]] = {}
_CACHE_LOCK = threading.Lock()


def fuzz_starts(caps: Any, *, seed: int = 0, variants: Sequence[str] | None = None,
                per_variant: int = 3, situations: bool = True) -> tuple[list[Start], list[str]]:
    """Start positions for the variants the engine claims (and notes on what was left out);
    the same handshake and seed give the same starts, computed once per process.
    ``situations=False``: positions across the game only (no :func:`situation_starts`)."""
    import json
    key = json.dumps([caps.handshake.get("capabilities"), seed, list(variants or []), per_variant, situations],
                     sort_keys=True, default=str)
    with _CACHE_LOCK:
        if key not in _CACHE:
            _CACHE[key] = _fuzz_starts(caps, seed=seed, variants=variants, per_variant=per_variant,
                                       situations=situations)
        starts, notes = _CACHE[key]
    return list(starts), list(notes)


def _fuzz_starts(caps: Any, *, seed: int, variants: Sequence[str] | None,
                 per_variant: int, situations: bool = True) -> tuple[list[Start], list[str]]:
    from riskspec.loading import load_spec
    from riskspec.reference import engine as E
    notes: list[str] = []
    known = load_spec(strict=False).variants
    wanted = [v for v in (variants or caps.variants) if v in known
              and known[v].family in ("classic", "napoleon")]
    for v in caps.variants:
        if v not in known:
            notes.append(f"variant {v}: the reference does not know it")
    starts: list[Start] = []
    rng = random.Random(seed)
    for vid in sorted(wanted):
        v = known[vid]
        counts = [n for n in PLAYERS[v.family] if v.min_players <= n <= v.max_players
                  and caps.plays_count(vid, n)]
        if not counts:
            notes.append(f"{vid}: the engine plays none of the player counts fuzzed "
                         f"({', '.join(map(str, PLAYERS[v.family]))})")
        playable = list(counts)
        counts = counts[:per_variant] if vid in ("classic", "napoleon-advanced", "napoleon-basic") \
            else counts[:1]
        for k, players in enumerate(counts):
            opts = pick_options(caps, v, rng, vary=k % 2 == 1)
            if opts is None:
                notes.append(f"{vid}: some ambiguity has no reading both the engine claims and "
                             f"the reference plays")
                break
            actions, states = _game(vid, players, opts, seed * 7919 + len(starts))
            tag = f"{len(opts)} other readings" if opts else "own readings"
            for f in FRACTIONS:
                at = int(f * (len(actions) - 1)) if actions else 0
                st = None if at == 0 else E.to_dict(states[at])
                starts.append(Start(vid, players, dict(opts), f"{vid} {players}p ({tag}) at step {at}",
                                    prefix=actions[:at], state=st))
        if situations and v.family == "classic" and playable:
            found, missing = situation_starts(caps, v, playable, rng, seed)
            starts += found
            if missing:
                notes.append(f"{vid}: {len(missing)} situation(s) not met in "
                             f"{SCAN_GAMES.get(vid, SCAN_GAMES_EDITION)} seeded games: "
                             f"{', '.join(missing)}")
    return starts, notes


#: seeded reference games scanned for situations (per variant: the base game, then each
#: translated edition), and their step limit
SCAN_GAMES = {"classic": 6}
SCAN_GAMES_EDITION = 3
SCAN_LIMIT = 4000
#: player counts scanned in this order (cycled through those the engine plays)
SCAN_PLAYERS = (3, 6, 2, 4, 5)


def situation_starts(caps: Any, variant: Any, counts: Sequence[int], rng: random.Random,
                     seed: int) -> tuple[list[Start], list[str]]:
    """A start for each situation of :mod:`riskspec.conformance.fuzz_situations` whose rules
    the engine claims, from seeded reference games at the player counts it plays (the
    variant's own readings where it claims them); and the situations no game met."""
    from riskspec.conformance.fuzz_situations import DEALT, dealt_situations, find_situations, situations_for
    from riskspec.reference import engine as E
    opts = pick_options(caps, variant, rng, vary=False)
    if opts is None:
        return [], []
    every = situations_for(E.new_game(variant.id, counts[0], dict(opts)))
    todo = [s for s in every if any(caps.claims_rule(r) for r in s.rules) and s.players in (None, *counts)]
    deal = [d for d in DEALT if "load_state" in caps.ops and any(caps.claims_rule(r) for r in d.rules)]
    # a rare situation is dealt where the engine loads positions, rather than waited for
    todo = [s for s in todo if not any(s.name in d.replaces for d in deal)]
    # 3 players first (the most situations), then 6 (eliminations with big hands), 2 (the neutral)
    counts = sorted(counts, key=lambda n: SCAN_PLAYERS.index(n) if n in SCAN_PLAYERS else n)
    out: list[Start] = []
    for k in range(SCAN_GAMES.get(variant.id, SCAN_GAMES_EDITION)):
        if not todo and not deal:
            break
        players = counts[k % len(counts)]
        game_seed = seed * 104_729 + k
        actions, states = _game(variant.id, players, opts, game_seed, limit=SCAN_LIMIT)
        # the dealt situations need their base met in this game, even if an earlier game met it
        bases = {d.base for d in deal}
        hits = find_situations(actions, states, [*todo, *(s for s in every if s.name in bases and s not in todo)])
        for hit in hits:
            if hit.situation not in todo:
                continue
            todo.remove(hit.situation)
            out.append(Start(variant.id, players, dict(opts),
                             f"{variant.id} {players}p: situation {hit.situation.name} at step {hit.at}",
                             prefix=actions[:hit.at], state=E.to_dict(states[hit.at]),
                             then=[dict(a) for a in actions[hit.at:hit.stop]], situation=hit.situation.name))
        for d, state, steps in dealt_situations(actions, states, hits, deal, game_seed):
            deal.remove(d)
            out.append(Start(variant.id, players, dict(opts),
                             f"{variant.id} {players}p: situation {d.name} (cards dealt for it)",
                             prefix=[], state=E.to_dict(state), then=steps, situation=d.name, dealt=True))
    return out, [s.name for s in todo] + [d.name for d in deal]
