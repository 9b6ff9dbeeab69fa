"""Benchmark: what a step of the PettingZoo environment and of the OpenSpiel game costs,
against a bare step of the reference engine, at a given turn of the game.

    python benchmarks/bench_envs.py [--turns 50,1000] [--rounds 10] [--steps 1500]
                                    [--settings classic:4,classic:2] [--no-openspiel]
    python benchmarks/bench_envs.py --parts [--turns 50] [--rounds 8]   # where a step goes
    python benchmarks/bench_envs.py --layers --no-openspiel   # a PettingZoo step, layer by layer

Method (the shared one of ``benchmarks/pairs.py``): in round ``i`` a **new** position is
made — a seeded game of random play by the engine's driver (uniform over the legal
actions), setup included, up to the first position of turn ``T``; a game won before is
replaced by the next seed's.  From it each environment side plays ``--steps`` steps of
random play, and each is paired with a bare engine side that plays **the same game**:

* *pettingzoo*: the usual agent loop — ``last()`` (the observation vector and the action
  mask), a uniform choice among the mask's legal indices (``np.flatnonzero`` of the mask
  viewed as booleans: NumPy's ``nonzero`` on the int8 mask itself costs about 8 µs, as
  much as an engine step, and is the agent's work, not the environment's), ``step()``
  (which also samples the chance outcomes that follow, and pays the rewards);
* *openspiel*: ``legal_actions()`` (or ``chance_outcomes()``), a random choice,
  ``apply_action()``; *openspiel+obs* also asks ``observation_tensor()`` of the player to
  act before each decision (what an RL loop reads);
* *engine (X's game)*: the bare loop of the engine over the game side *X* played —
  ``current_player``, then ``legal_actions`` (or ``get_chance_table``), the action *X*
  chose taken from that list by its precomputed index (so the engine side pays for no
  random choice at all: the strictest baseline), ``apply``.

With ``--layers`` three more sides replay the PettingZoo agent's game of the round (the
indices it chose, recorded by its untimed run; the same reset seed, so the same chance):
``step()`` alone, ``step()`` after ``last(observe=False)``, ``step()`` after ``last()``
(the observation and the mask) — each against the engine side of that same game, so the
differences between the rows are what the observation, the mask, the protocol and the
agent's own choice cost, without timers inside the step (``--parts`` adds about 0.1 µs a
timed call).

Before the timed calls of a round each environment side is played once untimed, with every
action it applies through ``engine.apply`` recorded; the recorded game is replayed through
the bare loop once (untimed) and its last state compared with the environment's, so a
pair is known to be the same game.  Each timed call starts after a full garbage collection
and with the engine's per-position memos emptied (``riskspec.reference.listed``: the
placements and conquest listings it keeps per map ownership), so that no side finds
positions another side has warmed; the sides then run in an order rotated each round.
(Until 4 December the engine side played a random game of its own from the same start:
the two sides then moved on to different positions — the environment's random agent picks
among heads, the engine's among actions — and the per-round ratios spread from 1× to 7×
with the positions.  Pairing the same game removes that spread.)

Each side counts the engine steps it applied (actions and chance outcomes, through
``engine.apply``, wrapped alike for every side).  An environment step that opens or
narrows a sub-decision applies nothing, so two figures per environment side, each over
the rounds, median (lowest–highest), relative to its engine side of the same round:

* **per step**: CPU time per step (an agent step, an ``apply_action``) ÷ CPU time per
  engine step;
* **per engine step**: CPU time ÷ the engine side's CPU time over the same game (the cost
  of moving the game on by the same amount).

It also prints each side's steps per CPU-second.  A game that ends inside a round stops
that side early (its counts are what it did).  The machine and the load average are
printed; the machine has 2 cores shared with other jobs, so read CPU time.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from pairs import Timing, interleave, loads, machine, measure, show  # noqa: E402

from riskspec.reference import driver as D  # noqa: E402
from riskspec.reference import engine as E  # noqa: E402

#: engine steps applied, by every side alike (a wrapper around engine.apply)
APPLIED = [0]
#: while a side is recorded: every (state, action) it applies
RECORD: list[list[tuple[Any, Any]]] = []
_apply, _apply_in_place = E.apply, E.apply_in_place


def _counted_apply(state: Any, action: Any) -> Any:
    APPLIED[0] += 1
    if RECORD:
        RECORD[0].append((state, action))
    return _apply(state, action)


def _counted_apply_in_place(state: Any, action: Any) -> Any:
    APPLIED[0] += 1
    return _apply_in_place(state, action)


E.apply, E.apply_in_place = _counted_apply, _counted_apply_in_place  # type: ignore[assignment]


def make_position(variant: str, players: int, turn: int, seed: int) -> E.State:
    """The first position of ``turn`` in a seeded random game (a game won before it is
    replaced by the next seed's: every round starts from a game still going on)."""
    for attempt in range(100):
        rng = random.Random(seed * 100 + attempt)
        s = E.new_game(variant, players)
        while s.winner < 0 and s.turn < turn:
            a = D.sample_outcome(s, rng) if E.current_player(s) == E.CHANCE else \
                D.choose_action(E.legal_actions(s), rng, "uniform")
            s, _ = _apply(s, a)
        if s.winner < 0:
            return s
    raise RuntimeError(f"no game of {variant} reached turn {turn}")


def forget_positions() -> None:
    """Empty the engine's per-position memos (what ``legal_actions`` keeps per ownership of
    the map), so that a timed side finds no position another side has warmed."""
    from riskspec.reference import listed
    for cache in listed._CACHES.values():
        cache._placements.clear()
        cache._by_owner.clear()
        cache.valid_sets.clear()


def plan_of(applied: list[tuple[Any, Any]]) -> list[int]:
    """(Not timed) each recorded action as its index in the listing the bare loop makes
    there: the legal actions, or the chance table's outcomes."""
    plan = []
    for state, action in applied:
        if E.current_player(state) == E.CHANCE:
            table = E.get_chance_table(state)
            plan.append(next(k for k in range(len(table)) if table.outcome(k) == action))
        else:
            plan.append(list(E.legal_actions(state)).index(action))
    return plan


def replay_game(s: E.State, plan: list[int]) -> E.State:
    """The bare engine loop over a recorded game: who acts, the listing, the recorded
    choice by its index, ``apply``; the game's last state."""
    for k in plan:
        if E.current_player(s) == E.CHANCE:
            a = E.get_chance_table(s).outcome(k)
        else:
            a = E.legal_actions(s)[k]
        s, _ = E.apply(s, a)
    return s


def run_replay(s: E.State, plan: list[int]) -> tuple[int, int]:
    replay_game(s, plan)
    return len(plan), len(plan)


def prepare_pettingzoo(e: Any, s: E.State, seed: int) -> None:
    """(Not timed) an episode of ``e`` put at ``s``."""
    from riskspec.envs.codec import Position
    e.reset(seed=seed)
    e.match.position = Position(e.codec, s)
    e._finish_step()  # select the agent to act in the new position


def run_pettingzoo(e: Any, steps: int, seed: int,
                   chosen: list[int] | None = None) -> tuple[int, int]:
    """The agent loop; ``chosen`` (if given) receives every index the agent chose."""
    rng = random.Random(seed)
    done = 0
    for _ in range(steps):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        legal = np.flatnonzero(obs["action_mask"].view(np.bool_))  # 8× faster than on int8
        index = int(legal[rng.randrange(len(legal))])
        if chosen is not None:
            chosen.append(index)
        e.step(index)
        done += 1
    return done, 0


#: the layers of a PettingZoo step (``--layers``): what each loop over the agent's recorded
#: indices calls besides ``step()``
LAYERS = {"pz step() only": "", "pz step()+last(observe=False)": "last",
          "pz step()+last()": "observe"}


def run_layer(e: Any, indices: list[int], calls: str) -> tuple[int, int]:
    """The agent loop without the agent: the recorded ``indices`` stepped in order, with
    ``last()`` asked (``calls``: not at all, without the observation, or in full)."""
    for index in indices:
        if calls == "observe":
            e.last()
        elif calls == "last":
            e.last(observe=False)
        e.step(index)
    return len(indices), 0


def prepare_openspiel(game: Any, s: E.State) -> Any:
    """(Not timed) a state of ``game`` at ``s``."""
    from riskspec.envs.codec import Position
    state = game.new_initial_state()
    state._core.match.position = Position(game.codec, s)
    return state


def run_openspiel(state: Any, steps: int, seed: int, observe: bool) -> tuple[int, int]:
    rng = random.Random(seed)
    done = 0
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
        done += 1
    return done, 0


def _timed(run: Callable[[], tuple[int, int]]) -> Timing:
    def counted() -> tuple[int, int]:
        before = APPLIED[0]
        done, _ = run()
        return done, APPLIED[0] - before
    return measure(counted)


def bench(variant: str, players: int, turn: int, rounds: int, steps: int,
          openspiel: bool, layers: bool = False) -> None:
    from riskspec.envs import env
    e = env(variant, players, auto_setup=True, max_turns=None)
    sides: dict[str, Callable[[int], Timing]] = {}
    positions: dict[int, E.State] = {}

    def position(i: int) -> E.State:
        if i not in positions:
            positions.clear()
            positions[i] = make_position(variant, players, turn, seed=1000 * turn + i)
        return positions[i]

    plans: dict[tuple[str, int], list[int]] = {}
    #: side → round → (at the round's position) its timed run and a getter of its last state
    games: dict[str, Callable[[int], tuple[Callable[[], tuple[int, int]], Callable[[], Any]]]] = {}

    def recorded(name: str, i: int) -> list[int]:
        """(Not timed) the game side ``name`` plays in round ``i``, as a replay plan, checked
        to end where the side's own game ends."""
        if (name, i) not in plans:
            play, end = games[name](i)
            RECORD.append([])
            try:
                play()
            finally:
                applied = RECORD.pop()
            plan = plan_of(applied)
            if E.state_hash(replay_game(position(i), plan)) != E.state_hash(end()):
                raise RuntimeError(f"round {i}: the replay of {name}'s game ends elsewhere")
            if name in LAYERS and plan != recorded("pettingzoo", i):
                raise RuntimeError(f"round {i}: {name} played another game than pettingzoo")
            plans[(name, i)] = plan
        return plans[(name, i)]

    def timed(run: Callable[[], tuple[int, int]]) -> Timing:
        forget_positions()
        return _timed(run)

    def env_side(name: str) -> Callable[[int], Timing]:
        def side(i: int) -> Timing:
            recorded(name, i)
            return timed(games[name](i)[0])
        return side

    def engine_side(name: str) -> Callable[[int], Timing]:
        def side(i: int) -> Timing:
            plan, s = recorded(name, i), position(i)
            return timed(lambda: run_replay(s, plan))
        return side

    #: round → the indices the PettingZoo agent chose (recorded by its untimed run)
    chosen: dict[int, list[int]] = {}

    def pz_game(i: int) -> tuple[Callable[[], tuple[int, int]], Callable[[], Any]]:
        prepare_pettingzoo(e, position(i), i)
        into = None if i in chosen else chosen.setdefault(i, [])
        return lambda: run_pettingzoo(e, steps, i, into), lambda: e.match.position.state

    def layer_game(i: int, calls: str) -> tuple[Callable[[], tuple[int, int]],
                                                Callable[[], Any]]:
        recorded("pettingzoo", i)           # (the agent's indices of this round)
        prepare_pettingzoo(e, position(i), i)
        indices = chosen[i]
        return lambda: run_layer(e, indices, calls), lambda: e.match.position.state

    games["pettingzoo"] = pz_game
    #: a side → the side whose game its engine side plays (itself unless a layer)
    base_of = {name: "pettingzoo" for name in LAYERS} if layers else {}
    for name in base_of:
        games[name] = lambda i, calls=LAYERS[name]: layer_game(i, calls)
    if openspiel:
        import pyspiel

        from riskspec.envs import openspiel as osp
        osp.register([variant])
        game = pyspiel.load_game(osp.game_name(variant),
                                 {"players": players, "max_turns": 10**6,
                                  "max_game_length": 10**6})

        def os_game(i: int, observe: bool) -> tuple[Callable[[], tuple[int, int]],
                                                     Callable[[], Any]]:
            state = prepare_openspiel(game, position(i))
            return (lambda: run_openspiel(state, steps, i, observe),
                    lambda: state._core.match.position.state)

        games["openspiel"] = lambda i: os_game(i, False)
        games["openspiel+obs"] = lambda i: os_game(i, True)
    for name in games:
        sides[name] = env_side(name)
        if name not in base_of:
            sides[f"engine ({name}'s game)"] = engine_side(name)
    # warm every side on a position no round uses
    for side in sides.values():
        side(10**6)
    positions.clear()
    plans.clear()
    chosen.clear()
    got = interleave(sides, rounds)
    print(f"\n{variant}, {players} players, from turn {turn} ({rounds} rounds of {steps} "
          f"steps per side; {loads(*got.values())})")
    print(f"{'side':>30} {'steps/CPU-s':>24} {'per step':>22} {'per engine step':>22}")
    for name, timings in got.items():
        rate = [t.result[0] / t.cpu for t in timings]
        if name.startswith("engine"):
            print(f"{name:>30} {show(rate, ',.0f'):>24}", flush=True)
            continue
        base = got[f"engine ({base_of.get(name, name)}'s game)"]
        per_step = [(t.cpu / max(1, t.result[0])) / (b.cpu / max(1, b.result[0]))
                    for t, b in zip(timings, base)]
        per_engine = [(t.cpu / max(1, t.result[1])) / (b.cpu / max(1, b.result[1]))
                      for t, b in zip(timings, base)]
        print(f"{name:>30} {show(rate, ',.0f'):>24} {show(per_step, '.2f', '×'):>22} "
              f"{show(per_engine, '.2f', '×'):>22}", flush=True)


def parts(variant: str, players: int, turn: int, rounds: int, steps: int) -> None:
    """Where a PettingZoo step goes: each part timed around its call (``perf_counter_ns``;
    the wrappers add about 0.1 µs a call), over ``rounds`` new positions of ``steps`` steps."""
    import time

    from riskspec.envs import env
    from riskspec.envs import pettingzoo_env as PZ
    from riskspec.reference import driver as D
    e = env(variant, players, auto_setup=True, max_turns=None)
    spent: dict[str, int] = {}
    clock = time.perf_counter_ns

    depth = [0]   # a part called inside another part counts in the outer one only

    def timed_call(label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kw: Any) -> Any:
            if depth[0]:
                return fn(*args, **kw)
            depth[0] += 1
            t0 = clock()
            try:
                return fn(*args, **kw)
            finally:
                spent[label] = spent.get(label, 0) + clock() - t0
                depth[0] -= 1
        return call

    labelled = [(E, "apply", "engine apply"), (E, "legal_actions", "engine legal_actions"),
                (E, "current_player", "engine current_player"),
                (E, "get_chance_table", "chance table"),
                (D, "sample_outcome", "chance sampling (its table included)"),
                (PZ, "_mask", "action mask")]
    originals = [(m, n, getattr(m, n)) for m, n, _ in labelled]
    starts = [make_position(variant, players, turn, seed=2000 * turn + i) for i in range(rounds)]
    done = 0
    try:
        for m, n, label in labelled:
            setattr(m, n, timed_call(label, getattr(m, n)))
        e.encoder.observe = timed_call("observation", e.encoder.observe)  # type: ignore[method-assign]
        e.codec.heads_of = timed_call("heads of the legal actions", e.codec.heads_of)  # type: ignore[method-assign]
        for i in range(rounds):
            rng = random.Random(i)
            depth[0] += 1            # (not timed: the reset plays the setup)
            prepare_pettingzoo(e, starts[i], i)
            depth[0] -= 1
            forget_positions()
            t0 = clock()
            for _ in range(steps):
                obs, _, term, trunc, _ = e.last()
                if term or trunc:
                    break
                t1 = clock()
                legal = np.flatnonzero(obs["action_mask"].view(np.bool_))
                index = int(legal[rng.randrange(len(legal))])
                spent["agent's choice"] = spent.get("agent's choice", 0) + clock() - t1
                e.step(index)
                done += 1
            spent["whole step"] = spent.get("whole step", 0) + clock() - t0
    finally:
        for m, n, f in originals:
            setattr(m, n, f)
    whole = spent.pop("whole step")
    print(f"\n{variant}, {players} players, from turn {turn}: a PettingZoo step, "
          f"{done:,} steps, wall µs per step")
    for label, ns in sorted(spent.items(), key=lambda kv: -kv[1]):
        print(f"  {label:>38} {ns / done / 1000:6.2f}")
    rest = whole - sum(spent.values())
    print(f"  {'the rest (the AEC protocol, glue)':>38} {rest / done / 1000:6.2f}")
    print(f"  {'whole step':>38} {whole / done / 1000:6.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turns", default="50,1000", help="turns to measure from (default 50,1000)")
    ap.add_argument("--rounds", type=int, default=10)
    ap.add_argument("--steps", type=int, default=1500, help="steps per side per round")
    ap.add_argument("--settings", default="classic:4",
                    help="variant:players,… (default classic:4)")
    ap.add_argument("--no-openspiel", action="store_true")
    ap.add_argument("--parts", action="store_true",
                    help="instead: where a PettingZoo step's time goes, part by part")
    ap.add_argument("--layers", action="store_true",
                    help="also time the PettingZoo agent's recorded game without its "
                         "choice, without the observation, and with step() alone")
    args = ap.parse_args()
    print(machine())
    runs = [(variant, int(players), int(turn))
            for variant, players in (item.split(":") for item in args.settings.split(","))
            for turn in args.turns.split(",")]
    if args.parts:
        for variant, players, turn in runs:
            parts(variant, players, turn, args.rounds, args.steps)
        return
    openspiel = not args.no_openspiel
    if openspiel:
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            openspiel = False
            print("open_spiel is not installed: OpenSpiel sides skipped")
    for variant, players, turn in runs:
        bench(variant, players, turn, args.rounds, args.steps, openspiel, args.layers)


if __name__ == "__main__":
    main()
