"""Benchmark: the reference engine against rlrisk (PyPI), random play matched decision by decision.

    python benchmarks/bench_rlrisk.py [--games 10] [--max-turns 100] [--repeat 10]
                                      [--players 3 4 6] [--defender max|choose]
                                      [--api in-place|copy] [--listing view|list]
                                      [--rlrisk-python PATH] [--profile]

rlrisk (``rlrisk==1.0.2.3``, the ``engines`` extra) runs a whole game in ``Risk.play()``
and asks an agent for every decision; its ``BaseAgent`` answers each question with
``random.choice`` over the options it is offered.  The reference engine is played here by
an agent that takes the *same decisions with the same odds*:

* a setup placement or a reinforcement: one army, to one of the player's territories at
  random (rlrisk places them one at a time, then offers a trade: so does the agent, with
  "no trade" as one more choice while fewer than five cards are held);
* an attack: one of the (from, to) pairs, or stopping, at random; then the number of dice
  at random; the defender rolls as many dice as it may.  rlrisk's defender always does (its
  ``combat`` gives the defender every die it may have, asking nobody), which is the reading
  ``always-maximum`` of ``classic.amb.defender-dice-choice``: the reference plays that reading
  (``--defender max``, the default), so neither engine has a defence decision to make.
  ``--defender choose`` plays the English reading instead: one more decision per roll for the
  reference (the defender's, answered with the most dice), none more for rlrisk;
* after an undecided roll: press on or stop, even odds; after a conquest, every army that
  may move goes in or stays with even odds (rlrisk asks army by army), then one of the
  attacks from the conquered territory, or stopping (rlrisk's "attack on");
* fortifying: one territory holding two or more armies, or none, at random; then one of
  its own neighbours; then each movable army goes or stays with even odds.

rlrisk changes its one game state as it goes; the reference is driven the same way, with
``engine.apply_in_place`` (``--api in-place``, the default: OpenSpiel's ``apply_action``);
``--api copy`` drives it with ``engine.apply`` instead, a new state per action, the input
left unchanged.  The reference's agent reads ``engine.legal_view`` (``--listing view``, the
default), as a playout should: the same actions in the same order, the fortify phase not
listed (rlrisk's agent does not list it either: it picks a source, a target and the armies);
``--listing list`` reads ``engine.legal_actions``, one fortification per army count.  The
games are the same either way (the same picks).

Both play Classic with cards, territories dealt at random, adjacent fortification and a
card for a conquest; each game stops after ``--max-turns`` player turns or with a winner.
The method (``benchmarks/pairs.py``, shared by every script here): each side runs in a
worker process of its own, the same kind for both (a Python interpreter kept for the whole
run and warmed by one game on a seed no round plays), and is timed inside it in CPU time
(``time.process_time``: the engine's work and its agent's, not the interpreter's start-up nor
the wait for a core on a busy machine) and wall time, after a full garbage collection.  Round
``i`` plays *new* seeds on both sides (``--first-seed`` + ``i × --games`` …: no seed is
replayed against the caches an earlier round warmed), the two sides one after the other in
an order that alternates between rounds; the script prints the median and range over the
``--repeat`` rounds of each side's turns/s and of the per-round ratio (reference turns/s
over rlrisk's), with the load average.  *turns/s* counts player turns.

Why the method changed (issue 23): the earlier script replayed seeds 0–9 in every repeat
in one process, so its second and third repeats met the reference's per-position memos
(``listed.by_owner``, placements, valid sets) already filled; it ran rlrisk in a new, cold
process each repeat; and it printed the best of three, which hides garbage-collection
pauses.

rlrisk runs in an interpreter that has it: ``--rlrisk-python``, else this one if it imports
``rlrisk``, else a virtual environment made for it under ``~/.cache/riskspec/bench-rlrisk``
(``pip install rlrisk==1.0.2.3``); without it only the reference engine's numbers print.
"""

from __future__ import annotations

import argparse
import bisect
import contextlib
import io
import json
import os
import random
import subprocess
import sys
import venv
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import pairs  # noqa: E402

RLRISK = "rlrisk==1.0.2.3"
VENV = Path.home() / ".cache" / "riskspec" / "bench-rlrisk"


# -- rlrisk side (runs in rlrisk's interpreter; imports nothing from riskspec) -------------------
def rlrisk_games(players: int, seeds: range, max_turns: int) -> dict[str, float]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import numpy as np
    from rlrisk.agents.base_agent import BaseAgent
    from rlrisk.environment.risk import Risk

    class Capped(Exception):
        pass

    class Game(Risk):  # type: ignore[misc]
        played = 0

        def recruitment_phase(self, player: int) -> None:
            self.played += 1
            if self.played > max_turns:
                raise Capped
            super().recruitment_phase(player)

        def combat(self, attack):  # type: ignore[no-untyped-def]
            nonlocal rolls
            rolls += 1
            return super().combat(attack)

    class Agent(BaseAgent):  # type: ignore[misc]
        def take_action(self, state, action_code, options):  # type: ignore[no-untyped-def]
            return random.choice(options)

    turns = won = rolls = 0
    for seed in seeds:
        random.seed(seed)
        np.random.seed(seed)
        game = Game([Agent() for _ in range(players)], steal_cards=True, deal=True,
                    fortify_adjacent=True)
        with contextlib.redirect_stdout(io.StringIO()):   # play() prints who won
            try:
                game.play()
                won += 1
            except Capped:
                pass
        turns += min(game.played, max_turns)
    return {"turns": turns, "won": won, "rolls": rolls}


# -- reference side ---------------------------------------------------------------------------------
class MatchedAgent:
    """Random decisions shaped like rlrisk's ``BaseAgent`` (see the module docstring)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.turn = -1
        self.attack: tuple[str, str] | None = None   # the last attack of this turn
        self.placed = 0                               # reinforcements placed this turn
        self.trade_asked = False

    def choose(self, s, actions):  # type: ignore[no-untyped-def]
        rng = self.rng
        if s.turn != self.turn:
            self.turn, self.attack, self.placed, self.trade_asked = s.turn, None, 0, False
        phase = s.phase
        if phase in ("reinforce", "elimination-trade"):
            return self._reinforce(s, actions)
        if phase == "attack":
            return self._attack(s, actions)
        if phase == "defend":
            return actions[-1]
        if phase == "occupy":
            return actions[coins(rng, len(actions) - 1)]
        if phase == "fortify":
            return self._fortify(s, actions)
        return actions[rng.randrange(len(actions))]      # setup placements

    def _reinforce(self, s, actions):  # type: ignore[no-untyped-def]
        rng = self.rng
        if actions[-1]["type"] == "trade":
            first = len(actions) - 1
            while first > 0 and actions[first - 1]["type"] == "trade":
                first -= 1
            trades, places = actions[first:], actions[:first]
            if not places:                               # a forced trade
                return trades[rng.randrange(len(trades))]
            if s.pending["to_place"] == 1 and not self.trade_asked:
                self.trade_asked = True                  # rlrisk offers sets once placed
                optional = len(s.hands[s.current]) < 5
                k = rng.randrange(len(trades) + optional)
                if k < len(trades):
                    return trades[k]
            actions = places
        self.placed += 1
        return actions[rng.randrange(len(actions))]

    def _attack(self, s, actions):  # type: ignore[no-untyped-def]
        rng, end = self.rng, actions[-1]
        index = s.tables.territory_index
        last, self.attack = self.attack, None
        if last is None:
            return self._pick_attack(s, actions, 0, len(actions) - 1, end)
        f, t = index[last[0]], index[last[1]]
        if s.owner[t] == s.current:                      # conquered: attack on from there
            if s.armies[t] < 2:
                return end
            lo, hi = _block(actions, index, t)
            return self._pick_attack(s, actions, lo, hi, end)
        if s.armies[f] < 2 or rng.randrange(2):          # beaten back, or not pressing on
            return end
        lo, hi = _block(actions, index, f, t)
        return self._pick_attack(s, actions, lo, hi, None)

    def _pick_attack(self, s, actions, lo, hi, end):  # type: ignore[no-untyped-def]
        rng = self.rng
        pairs = []                                       # where each (from, to) begins
        index, armies = s.tables.territory_index, s.armies
        most = s.tables.params.attack_max_attacker_dice
        i, source, step = lo, None, 0
        while i < hi:                     # a pair lists 1 … min(most, armies - 1) dice
            pairs.append(i)
            if actions[i]["from"] != source:
                source = actions[i]["from"]
                step = min(most, armies[index[source]] - 1)
            i += step
        k = rng.randrange(len(pairs) + (end is not None))
        if k == len(pairs):
            return end
        first = pairs[k]
        last = pairs[k + 1] if k + 1 < len(pairs) else hi
        a = actions[first + rng.randrange(last - first)]
        self.attack = (a["from"], a["to"])
        return a

    def _fortify(self, s, actions):  # type: ignore[no-untyped-def]
        rng, end, me, owner, armies = self.rng, actions[-1], s.current, s.owner, s.armies
        sources = [t for t, o in enumerate(owner) if o == me and armies[t] > 1]
        k = rng.randrange(len(sources) + 1)
        if k == len(sources):
            return end
        f = sources[k]
        targets = [t for t in s.tables.adjacency[f] if owner[t] == me]
        if not targets:                                  # a dead end
            return end
        t = targets[rng.randrange(len(targets))]
        n = coins(rng, armies[f] - 1)
        if not n:
            return end
        lo, _ = _block(actions, s.tables.territory_index, f, t, n)
        return actions[lo]


def coins(rng: random.Random, n: int) -> int:
    """Heads among n fair coins (as rlrisk's agent sends n armies one by one, each at even odds)."""
    return rng.getrandbits(n).bit_count() if n > 0 else 0


def _block(actions, index, f, t=None, n=None):  # type: ignore[no-untyped-def]
    """(lo, hi): the actions (end action excluded) from f (to t, with n dice or armies), found
    by bisection: the legal list is canonically ordered (from, to in map order, then number)."""
    end = len(actions) - 1
    lo = bisect.bisect_left(actions, f, 0, end, key=lambda a: index[a["from"]])
    hi = bisect.bisect_left(actions, f + 1, lo, end, key=lambda a: index[a["from"]])
    if t is None:
        return lo, hi
    lo = bisect.bisect_left(actions, t, lo, hi, key=lambda a: index[a["to"]])
    hi = bisect.bisect_left(actions, t + 1, lo, hi, key=lambda a: index[a["to"]])
    if n is None:
        return lo, hi
    return lo + n - 1, lo + n                    # numbers 1, 2, … in order


#: --defender → the reading of classic.amb.defender-dice-choice the reference plays
DEFENDER_READINGS = {"max": "always-maximum", "choose": "defender-chooses"}


def reference_games(players: int, seeds: range, max_turns: int,
                    defender: str = "max", api: str = "in-place",
                    listing: str = "view") -> dict[str, float]:
    from riskspec.reference import engine as E
    from riskspec.reference.driver import sample_outcome
    options = {"distribution": "deal",
               "classic.amb.defender-dice-choice": DEFENDER_READINGS[defender]}
    turns = won = rolls = 0
    for seed in seeds:
        rng = random.Random(seed)
        agent = MatchedAgent(rng)
        s = E.new_game("classic", players, options)
        apply, in_place, chance = E.apply, api == "in-place", E.CHANCE
        legal = E.legal_view if listing == "view" else E.legal_actions
        while s.winner < 0 and s.turn <= max_turns:
            if E.current_player(s) == chance:
                action = sample_outcome(s, rng)
                rolls += s.phase == "battle"
            else:
                action = agent.choose(s, legal(s))
            if in_place:
                E.apply_in_place(s, action)
            else:
                s, _ = apply(s, action)
        won += s.winner >= 0
        turns += min(s.turn, max_turns)
    return {"turns": turns, "won": won, "rolls": rolls}


# -- rlrisk's interpreter ---------------------------------------------------------------------------
def find_rlrisk_python(given: str | None) -> str | None:
    if given:
        return given
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import rlrisk  # noqa: F401
        return sys.executable
    except ImportError:
        pass
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"making a virtual environment for rlrisk in {VENV} …", file=sys.stderr)
        venv.create(VENV, with_pip=True)
    ok = subprocess.run([str(python), "-c", "import rlrisk"], capture_output=True,
                        env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}).returncode == 0
    if not ok:
        r = subprocess.run([str(python), "-m", "pip", "install", "-q", RLRISK],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(f"rlrisk unavailable (pip install {RLRISK} failed):\n{r.stderr[-800:]}",
                  file=sys.stderr)
            return None
    return str(python)


class Worker:
    """One side in a process of its own, kept for the whole run (warm after the first call):
    it reads one JSON request a line, plays the seeds, and answers with its own timing."""

    def __init__(self, python: str, side: str, args: argparse.Namespace) -> None:
        self.proc = subprocess.Popen(
            [python, __file__, "--worker", side, "--max-turns", str(args.max_turns),
             "--defender", args.defender, "--api", args.api, "--listing", args.listing],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})

    def play(self, players: int, first: int, games: int) -> pairs.Timing:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([players, first, games]) + "\n")
        self.proc.stdin.flush()
        r = json.loads(self.proc.stdout.readline())
        return pairs.Timing(r.pop("cpu"), r.pop("wall"), r.pop("load"), r)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def serve(side: str, args: argparse.Namespace) -> None:
    """The worker loop (``--worker``): requests [players, first seed, games] on stdin."""
    def play(players: int, first: int, games: int) -> dict[str, float]:
        seeds = range(first, first + games)
        if side == "rlrisk":
            return rlrisk_games(players, seeds, args.max_turns)
        return reference_games(players, seeds, args.max_turns, args.defender, args.api,
                               args.listing)

    for line in sys.stdin:
        t = pairs.measure(play, *json.loads(line))
        print(json.dumps({"cpu": t.cpu, "wall": t.wall, "load": t.load, **t.result}), flush=True)


#: seeds of the warm-up games, which no round plays
WARM_UP = 10**6


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10, help="games per side and round")
    ap.add_argument("--max-turns", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=10, help="rounds (interleaved pairs)")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 6])
    ap.add_argument("--first-seed", type=int, default=1000,
                    help="round i plays seeds first + i*games … (new games every round)")
    ap.add_argument("--defender", choices=sorted(DEFENDER_READINGS), default="max",
                    help="the reference's defender: always the most dice, as rlrisk's (max, the "
                         "default), or a defence decision per roll (choose)")
    ap.add_argument("--api", choices=("in-place", "copy"), default="in-place",
                    help="drive the reference with engine.apply_in_place (the default, as rlrisk "
                         "changes its state) or engine.apply (a new state per action)")
    ap.add_argument("--listing", choices=("view", "list"), default="view",
                    help="the reference's legal actions: engine.legal_view (default: what a "
                         "playout reads; the fortify phase not listed) or engine.legal_actions")
    ap.add_argument("--rlrisk-python", help="an interpreter with rlrisk installed")
    ap.add_argument("--worker", choices=("reference", "rlrisk"), help=argparse.SUPPRESS)
    ap.add_argument("--sort", default="tottime", help="with --profile: the pstats sort key")
    ap.add_argument("--profile", action="store_true",
                    help="cProfile the reference side (first player count) instead")
    args = ap.parse_args()
    if args.worker:
        serve(args.worker, args)
        return
    print(pairs.machine())
    if args.profile:
        import cProfile
        import pstats
        reference_games(args.players[0], range(WARM_UP, WARM_UP + 1), args.max_turns,
                        args.defender, args.api, args.listing)
        prof = cProfile.Profile()
        prof.runcall(reference_games, args.players[0],
                     range(args.first_seed, args.first_seed + args.games), args.max_turns,
                     args.defender, args.api, args.listing)
        pstats.Stats(prof).sort_stats(args.sort).print_stats(30)
        return
    python = find_rlrisk_python(args.rlrisk_python)
    print(f"Classic, matched random play: {args.games} new games per side and round, cap "
          f"{args.max_turns} player turns, {args.repeat} interleaved rounds, each side in a "
          f"worker process of its own (warmed by one game first), CPU time; reference defender: "
          f"{args.defender} ({DEFENDER_READINGS[args.defender]}), "
          f"engine.{'apply_in_place' if args.api == 'in-place' else 'apply'}, "
          f"engine.{'legal_view' if args.listing == 'view' else 'legal_actions'}; "
          f"rlrisk: {python or 'not available'}")
    print("ratio = reference turns/s ÷ rlrisk turns/s per round (CPU): median (range)")
    workers = {"reference": Worker(sys.executable, "reference", args)}
    if python:
        workers["rlrisk"] = Worker(python, "rlrisk", args)
    try:
        for players in args.players:
            for w in workers.values():
                w.play(players, WARM_UP, 1)
            seeds = args.first_seed + 100_000 * players
            got = pairs.interleave(
                {n: (lambda i, w=w: w.play(players, seeds + i * args.games, args.games))
                 for n, w in workers.items()}, args.repeat)
            report(players, got)
    finally:
        for w in workers.values():
            w.close()


def report(players: int, got: dict[str, list[pairs.Timing]]) -> None:
    def rate(t: pairs.Timing, wall: bool = False) -> float:
        return float(t.result["turns"]) / (t.wall if wall else t.cpu)

    def per_turn(side: list[pairs.Timing], key: str) -> float:
        return sum(t.result[key] for t in side) / sum(t.result["turns"] for t in side)

    ref = got["reference"]
    line = f"{players} players: reference {pairs.show([rate(t) for t in ref], ',.0f')} turns/s"
    if "rlrisk" in got:
        rl = got["rlrisk"]
        cpu = [rate(a) / rate(b) for a, b in zip(ref, rl)]
        wall = [rate(a, True) / rate(b, True) for a, b in zip(ref, rl)]
        line += (f", rlrisk {pairs.show([rate(t) for t in rl], ',.0f')} turns/s; "
                 f"ratio {pairs.show(cpu, unit='×')} CPU, {pairs.show(wall, unit='×')} wall; "
                 f"rolls/turn {per_turn(ref, 'rolls'):.2f} / {per_turn(rl, 'rolls'):.2f}, "
                 f"won {sum(t.result['won'] for t in ref)} / {sum(t.result['won'] for t in rl)}; "
                 f"{pairs.loads(ref, rl)}")
    else:
        line += f"; {pairs.loads(ref)}"
    print(line, flush=True)


if __name__ == "__main__":
    main()
