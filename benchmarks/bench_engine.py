"""Benchmark: random play on the reference engine (Classic, with cards).

    python benchmarks/bench_engine.py [--games 10] [--max-turns 200] [--repeat 5]
                                      [--policy by-type|aggressive|uniform|all] [--profile]
    python benchmarks/bench_engine.py --by-length [--games 4] [--players 2 4 6]
    python benchmarks/bench_engine.py --legal

For 3-, 4- and 6-player Classic, each round plays ``--games`` *new* seeded games (round
``i``: seeds ``--first-seed`` + ``i × games`` …, each stopped after ``--max-turns`` turns if
nobody has won) with the seeded driver (``play_game``: ``legal_actions`` or the chance
table, the driver's choice, ``engine.apply``) and prints the median and range over the
``--repeat`` rounds of:

* actions/s — actions and chance outcomes applied per CPU-second, the driver's choice
  included;
* turns/s — turns played per CPU-second;
* won — games that ended with a winner before the turn cap (all rounds);
* steps/turn — applied steps per turn (placements are one army per action, so
  late-game turns with large card sets are long).

``--by-length``: time per turn by game length — by-type games played to turn 500 (nobody
wins them), the CPU time of each block of 50 turns; per player count the median over the
games of each block's ms per turn, and of the ratio of turns 451–500 to turns 1–50.
``--legal`` times ``legal_actions`` alone on the attack and maneuver decision positions of
new seeded games (CPU time per call, the first call on each position: its memos cold).
``--profile`` prints the top of a cProfile of one round instead.

Method (``benchmarks/pairs.py``): within a round the rows (player counts) run one after the
other in an order rotated each round, CPU and wall time, the load average recorded; the
process is warmed by one short game on a seed no round plays.  Why it changed (issue 23):
the earlier script replayed seeds 0–9 in every repeat (the per-position memos of
``listed.py`` warm from the second repeat on) and printed the best of three.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time

from riskspec.reference.driver import play_game

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import pairs  # noqa: E402

PLAYERS = (3, 4, 6)
#: player counts per variant (default: PLAYERS)
VARIANT_PLAYERS = {"napoleon-basic": (2,), "napoleon-advanced": (3, 4, 6)}


def run_games(players: int, seeds: range, max_turns: int, policy: str,
              variant: str = "classic") -> dict[str, int]:
    """Applied steps, turns and games won over the games of ``seeds``."""
    applied = turns = won = 0
    for seed in seeds:
        res = play_game(variant, players, seed=seed, max_turns=max_turns, policy=policy)
        applied += res.applied
        turns += res.turns
        won += res.winner is not None
    return {"applied": applied, "turns": turns, "won": won}


def turn_blocks(players: int, seed: int, turns: int = 500, block: int = 50) -> list[float]:
    """CPU seconds of each block of ``block`` turns of one by-type game to turn ``turns``
    (the setup not counted)."""
    out = [0.0] * (turns // block)
    clock = {"turn": 0, "t": 0.0}

    def on_step(before: object, action: object, after: object, events: object) -> None:
        turn = after.turn  # type: ignore[attr-defined]
        if turn != clock["turn"]:
            now = time.process_time()
            if 1 <= clock["turn"] <= turns:
                out[(int(clock["turn"]) - 1) // block] += now - clock["t"]
            clock["turn"], clock["t"] = turn, now

    play_game("classic", players, seed=seed, max_turns=turns, policy="by-type", on_step=on_step)
    return out


def by_length(args: argparse.Namespace) -> None:
    counts = args.players or [2, 4, 6]
    print(f"classic, by-type games to turn 500 ({args.games} new seeds per player count, "
          f"rows interleaved), CPU ms per turn of each block of 50 turns: median over games")
    got = pairs.interleave(
        {p: (lambda i, p=p: pairs.measure(turn_blocks, p, args.first_seed + 7919 * p + i))
         for p in counts}, args.games)
    for p, runs in got.items():
        blocks = [t.result for t in runs]
        med = [pairs.spread([b[k] for b in blocks])[0] * 1000 / 50 for k in range(10)]
        ratio = [b[-1] / b[0] for b in blocks]
        print(f"{p} players: " + " ".join(f"{x:.2f}" for x in med)
              + f"; turns 451–500 ÷ 1–50: {pairs.show(ratio, unit='×')} "
                f"({pairs.loads(runs)})")


def time_legal(variant: str, players: int, seeds: range, max_turns: int,
               policy: str) -> pairs.Timing:
    """legal_actions timed once on each attack/maneuver decision position of the games of
    ``seeds`` (CPU time, result: the number of positions)."""
    from riskspec.reference import engine as E
    positions = []
    for seed in seeds:
        res = play_game(variant, players, seed=seed, max_turns=max_turns, policy=policy,
                        record=True)
        s = E.new_game(variant, players)
        for a in res.steps:
            if s.phase in ("attack", "maneuver") and E.current_player(s) >= 0:
                positions.append(s)
            s, _ = E.apply(s, a)

    def each() -> int:
        for s in positions:
            E.legal_actions(s)
        return len(positions)
    return pairs.measure(each)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per row and round")
    ap.add_argument("--max-turns", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=5, help="rounds")
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--players", type=int, nargs="+")
    ap.add_argument("--policy", default="all", choices=["by-type", "aggressive", "uniform", "all"])
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--legal", action="store_true",
                    help="time legal_actions alone on attack/maneuver positions")
    ap.add_argument("--by-length", action="store_true",
                    help="CPU time per turn by blocks of 50 turns, games to turn 500")
    ap.add_argument("--variant", default="classic",
                    help="classic (default), napoleon-basic or napoleon-advanced")
    args = ap.parse_args()
    print(pairs.machine())
    counts = args.players or VARIANT_PLAYERS.get(args.variant, PLAYERS)
    play_game(args.variant, counts[0], seed=10**6, max_turns=3)  # load the spec, warm up
    if args.by_length:
        by_length(args)
        return
    policies = ["by-type", "aggressive"] if args.policy == "all" else [args.policy]
    first = args.first_seed

    def seeds(i: int) -> range:
        return range(first + i * args.games, first + (i + 1) * args.games)

    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        run_games(counts[-1], seeds(0), args.max_turns, policies[0], args.variant)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return
    if args.legal:
        print(f"{args.variant}: legal_actions on the attack/maneuver positions of {args.games} "
              f"new games per row and round, turn cap {args.max_turns}, CPU µs per call, "
              f"{args.repeat} rounds: median (range)")
        for policy in policies:
            got = pairs.interleave(
                {p: (lambda i, p=p: time_legal(args.variant, p, seeds(i), args.max_turns, policy))
                 for p in counts}, args.repeat)
            for p, runs in got.items():
                print(f"{p:>7} {policy:>10} {sum(t.result for t in runs):>9} positions "
                      f"{pairs.show([t.cpu / t.result * 1e6 for t in runs], '.1f')} µs/call "
                      f"({pairs.loads(runs)})")
        return
    print(f"{args.variant}: {args.games} new games per row and round, turn cap "
          f"{args.max_turns}, {args.repeat} rounds, per CPU-second: median (range)")
    for policy in policies:
        got = pairs.interleave(
            {p: (lambda i, p=p: pairs.measure(run_games, p, seeds(i), args.max_turns, policy,
                                              args.variant)) for p in counts}, args.repeat)
        for p, runs in got.items():
            applied = sum(t.result["applied"] for t in runs)
            turns = sum(t.result["turns"] for t in runs)
            print(f"{p:>7} {policy:>10} "
                  f"{pairs.show([t.result['applied'] / t.cpu for t in runs], ',.0f')} actions/s, "
                  f"{pairs.show([t.result['turns'] / t.cpu for t in runs], ',.0f')} turns/s, "
                  f"won {sum(t.result['won'] for t in runs)}/{args.games * args.repeat}, "
                  f"{applied / turns:.1f} steps/turn ({pairs.loads(runs)})")


if __name__ == "__main__":
    main()
