"""Benchmark: throughput of the PettingZoo environment and the OpenSpiel games.

    python benchmarks/bench_envs.py [--steps 3000] [--repeat 3] [--no-openspiel]

For each variant and player count, plays random legal moves (uniform over the action
mask; chance sampled by its exact odds) for ``--steps`` agent steps, restarting a game
that ends, and prints, best of ``--repeat`` runs:

* PettingZoo *steps/s* — agent steps per second of the usual loop: ``last()`` (which
  builds the observation vector and the mask), a masked random choice, ``step()``
  (which applies the index, the chance outcomes that follow, and the rewards);
* *no obs* — the same loop with ``last(observe=False)`` and the mask alone (what a
  planner that reads ``e.position`` pays);
* *engine/step* — engine actions and chance outcomes applied per agent step (a head that
  opens a sub-decision applies nothing; chance outcomes come for free with ``step``);
* OpenSpiel *steps/s* — ``apply_action`` per second on random play, chance nodes
  included (a sampled chance outcome is one step), without observation tensors; and
  *with obs* — also computing ``observation_tensor`` for the player to act.

Setup is played by the environment (``auto_setup``) so the figures are for the game
proper.  Numbers depend on the machine and its load; the machine is printed first.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import machine

SETTINGS = [("classic", 2), ("classic", 3), ("classic", 4), ("classic", 6),
            ("napoleon-basic", 2), ("napoleon-advanced", 3), ("napoleon-advanced", 6)]


def bench_pettingzoo(variant: str, players: int, steps: int, observe: bool) -> tuple[float, float]:
    """(agent steps per second, engine steps per agent step)."""
    from riskspec.envs import env
    e = env(variant, players, auto_setup=True, max_turns=60)
    rng = random.Random(0)
    seed = 0
    e.reset(seed=seed)
    applied = 0
    start = time.perf_counter()
    for _ in range(steps):
        if observe:
            obs, _, done, cut, _ = e.last()
            mask = obs["action_mask"]
        else:
            _, _, done, cut, _ = e.last(observe=False)
            mask = None
        if done or cut:
            e.step(None)
            if not e.agents:
                seed += 1
                e.reset(seed=seed)
            continue
        legal = mask.nonzero()[0].tolist() if mask is not None else e.position.legal_indices()
        before = e.position.state
        e.step(legal[rng.randrange(len(legal))])
        applied += _applied(before, e)
    seconds = time.perf_counter() - start
    return steps / seconds, applied / steps


def _applied(before: object, e: object) -> int:
    return int(e.position.state is not before)  # type: ignore[attr-defined]


def bench_openspiel(variant: str, players: int, steps: int, observe: bool) -> float:
    """apply_action calls per second."""
    import pyspiel

    from riskspec.envs import openspiel
    openspiel.register([variant])
    game = pyspiel.load_game(openspiel.game_name(variant),
                             {"players": players, "auto_setup": True, "max_turns": 60})
    rng = random.Random(0)
    state = game.new_initial_state()
    start = time.perf_counter()
    for _ in range(steps):
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            if observe:
                state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return steps / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-openspiel", action="store_true")
    args = ap.parse_args()
    print(machine())
    try:
        import pyspiel  # noqa: F401
        has_openspiel = not args.no_openspiel
    except ImportError:
        has_openspiel = False
        print("open_spiel is not installed: OpenSpiel columns skipped")
    print(f"{args.steps} agent steps per row, best of {args.repeat}")
    head = f"{'variant':>18} {'players':>7} {'steps/s':>9} {'no obs':>9} {'engine/step':>11}"
    print(head + (f" {'OpenSpiel':>10} {'with obs':>9}" if has_openspiel else ""))
    for variant, players in SETTINGS:
        best = max((bench_pettingzoo(variant, players, args.steps, True)
                    for _ in range(args.repeat)), key=lambda r: r[0])
        raw = max(bench_pettingzoo(variant, players, args.steps, False)[0]
                  for _ in range(args.repeat))
        line = f"{variant:>18} {players:>7} {best[0]:>9,.0f} {raw:>9,.0f} {best[1]:>11.2f}"
        if has_openspiel:
            osp = max(bench_openspiel(variant, players, args.steps, False)
                      for _ in range(args.repeat))
            obs = max(bench_openspiel(variant, players, args.steps, True)
                      for _ in range(args.repeat))
            line += f" {osp:>10,.0f} {obs:>9,.0f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
