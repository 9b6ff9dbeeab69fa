"""Benchmark: random play on the reference engine (Classic, with cards).

    python benchmarks/bench_engine.py [--games 10] [--max-turns 200] [--repeat 3]
                                      [--policy by-type|aggressive|uniform|all] [--profile]

For 3-, 4- and 6-player Classic, plays ``--games`` seeded games (seeds 0 … games-1,
each stopped after ``--max-turns`` turns if nobody has won) with the seeded driver and
prints, best of ``--repeat`` runs:

* actions/s — actions and chance outcomes applied per second, the driver's choice
  included (every applied step calls ``legal_actions`` or the chance table, then
  ``apply``);
* turns/s — turns played per second;
* won — games that ended with a winner before the turn cap;
* steps/turn — applied steps per turn (placements are one army per action, so
  late-game turns with large card sets are long).

``--profile`` prints the top of a cProfile of one run instead.  ``--legal`` times
``legal_actions`` alone on the decision positions of the attack and maneuver phases of
the seeded games (CPU time per call, best of ``--repeat``): the figure least disturbed
by other jobs on a shared machine.  Numbers depend on the
machine and its load; the machine is printed first.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time

from riskspec.reference.driver import play_game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from bench_odds import machine  # noqa: E402

PLAYERS = (3, 4, 6)
#: player counts per variant (default: PLAYERS)
VARIANT_PLAYERS = {"napoleon-basic": (2,), "napoleon-advanced": (3, 4, 6)}


def run_games(players: int, games: int, max_turns: int, policy: str,
              variant: str = "classic") -> tuple[float, int, int, int]:
    """(seconds, applied steps, turns, games won)."""
    start = time.perf_counter()
    applied = turns = won = 0
    for seed in range(games):
        res = play_game(variant, players, seed=seed, max_turns=max_turns, policy=policy)
        applied += res.applied
        turns += res.turns
        won += res.winner is not None
    return time.perf_counter() - start, applied, turns, won


def time_legal(variant: str, players: int, games: int, max_turns: int, policy: str,
               repeat: int) -> tuple[int, float]:
    """(positions, best CPU seconds per legal_actions call) over the attack/maneuver
    decision positions of the seeded games."""
    from riskspec.reference import engine as E
    positions = []
    for seed in range(games):
        res = play_game(variant, players, seed=seed, max_turns=max_turns, policy=policy,
                        record=True)
        s = E.new_game(variant, players)
        for a in res.steps:
            if s.phase in ("attack", "maneuver") and E.current_player(s) >= 0:
                positions.append(s)
            s, _ = E.apply(s, a)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for s in positions:
            E.legal_actions(s)
        best = min(best, time.process_time() - start)
    return len(positions), best / max(1, len(positions))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--max-turns", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--policy", default="all", choices=["by-type", "aggressive", "uniform", "all"])
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--legal", action="store_true",
                    help="time legal_actions alone on attack/maneuver positions")
    ap.add_argument("--variant", default="classic",
                    help="classic (default), napoleon-basic or napoleon-advanced")
    args = ap.parse_args()
    print(machine())
    counts = VARIANT_PLAYERS.get(args.variant, PLAYERS)
    play_game(args.variant, counts[0], seed=0, max_turns=1)  # load the spec, warm the caches
    policies = ["by-type", "aggressive"] if args.policy == "all" else [args.policy]
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run_games(counts[-1], args.games, args.max_turns, policies[0], args.variant)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return
    if args.legal:
        print(f"{args.variant}: legal_actions on the attack/maneuver positions of {args.games} "
              f"games per row, turn cap {args.max_turns}, CPU time, best of {args.repeat}")
        print(f"{'players':>7} {'policy':>10} {'positions':>9} {'µs/call':>8}")
        for policy in policies:
            for players in counts:
                n, per = time_legal(args.variant, players, args.games, args.max_turns, policy,
                                    args.repeat)
                print(f"{players:>7} {policy:>10} {n:>9} {per * 1e6:>8.0f}")
        return
    print(f"{args.variant}: {args.games} games per row, turn cap {args.max_turns}, "
          f"best of {args.repeat}")
    print(f"{'players':>7} {'policy':>10} {'actions/s':>10} {'turns/s':>9} {'won':>5} "
          f"{'steps/turn':>10}")
    for policy in policies:
        for players in counts:
            best = None
            for _ in range(args.repeat):
                seconds, applied, turns, won = run_games(players, args.games, args.max_turns,
                                                         policy, args.variant)
                if best is None or seconds < best[0]:
                    best = (seconds, applied, turns, won)
            assert best is not None
            seconds, applied, turns, won = best
            print(f"{players:>7} {policy:>10} {applied / seconds:>10,.0f} {turns / seconds:>9,.1f} "
                  f"{won:>2}/{args.games:<2} {applied / turns:>10.1f}")


if __name__ == "__main__":
    main()
