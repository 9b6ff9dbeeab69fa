"""``riskspec play``: random legal games on the reference engine, with a summary."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from riskspec.errors import OptionError
from riskspec.limits import MAX_GAMES
from riskspec.model import parse_options
from riskspec.progress import Progress

DESCRIPTION = """\
Play random legal games of a variant on the reference engine and print a summary:
the winner of each game (or '-' when the turn cap stopped it), turns, actions,
time, and the throughput (actions and chance outcomes applied per second).

Chance (dice, deals, card draws, missions) is sampled from a seeded random number
generator by exact probabilities; the actions are chosen by --policy:
  aggressive  random among greedy moves, so that most games end (default)
  by-type     an action type at random, then an action of that type
  uniform     uniformly among all legal actions
The same seed, options and policy always give the same game.  With --log, every
applied action is written with the hash of the state after it, so that
`riskspec replay` can re-execute and verify the game.
"""

EPILOG = """\
examples:
  riskspec play classic --players 4 --seed 7
  riskspec play classic --players 3 --games 20 --max-turns 500
  riskspec play classic --players 2 --log game.json      then: riskspec replay game.json
  riskspec play classic --players 5 --option game-mode=mission \\
                        --option classic.amb.mission-check=turn-start
  riskspec play classic-fr --players 3 --policy by-type --max-turns 200
  riskspec play napoleon-basic --games 5
  riskspec play napoleon-advanced --players 4 --option capitals=on
  riskspec play napoleon-advanced --option capitals.enabled=true     (the same, by parameter)

With --games N and --log FILE, game i (from 1) is written to FILE with '-i' before
its extension (game-1.json, game-2.json …).  Without --players the variant's smallest
player count is played.  An --option KEY may also be a parameter that one of the
variant's options sets (capitals.enabled=true is capitals=on).  Options:
`riskspec explain classic`.
"""


#: the default of --max-turns: the aggressive policy ends four-player Classic games in
#: about 120 turns (a few hundred at most), so the cap only stops runaway games
DEFAULT_MAX_TURNS = 500


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play random legal games on the reference engine",
                       description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant", metavar="VARIANT", help="variant ID, e.g. classic")
    p.add_argument("--players", "-p", type=int, metavar="N",
                   help="number of players (2 to 6 for classic; default: the variant's "
                        "smallest count)")
    p.add_argument("--seed", "-s", type=int, default=0, metavar="S",
                   help="seed of the first game; game i uses S+i (default 0)")
    p.add_argument("--games", "-g", type=int, default=1, metavar="G", help=f"games to play (default 1, at most {MAX_GAMES:,})")
    p.add_argument("--max-turns", "-t", type=int, default=DEFAULT_MAX_TURNS, metavar="T",
                   help=f"stop a game after T turns (default {DEFAULT_MAX_TURNS}; 0: no cap); "
                        "a stopped game has no winner ('-') and counts T turns")
    p.add_argument("--option", "-o", action="append", default=[], metavar="KEY=CHOICE",
                   help="a variant option or ambiguity reading, or a parameter one of them "
                        "sets (repeatable)")
    p.add_argument("--policy", default="aggressive", choices=["aggressive", "by-type", "uniform"],
                   help="how actions are chosen (default aggressive)")
    p.add_argument("--log", type=Path, metavar="FILE", help="write the game log (riskspec/log@2)")
    p.add_argument("--progress", action="store_true",
                   help="draw the progress bar even when stderr is not a terminal (without "
                        "it, a run longer than 10 s prints a progress line every 10 s there)")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="only the summary line, no progress")
    p.set_defaults(func=run)


def options_by_parameter(variant: Any, options: dict[str, str]) -> dict[str, str]:
    """``options`` with each KEY that is not an option of ``variant`` but a parameter one of
    its options sets replaced by that option and the choice giving the value (YAML-read:
    ``capitals.enabled=true`` → ``capitals=on``).  Other keys are left for the engine."""
    import yaml
    out = {k: v for k, v in options.items() if k in variant.options or k not in variant.parameters}
    for key, text in options.items():
        if key in out:
            continue
        value = yaml.safe_load(text)
        setters = [(opt.id, cid) for opt in sorted(variant.options.values(),
                                                    key=lambda o: (o.ambiguity is not None, o.id))
                   for cid, ch in opt.choices.items() if key in ch.parameters]
        match = [(oid, cid) for oid, cid in setters
                 if variant.options[oid].choices[cid].parameters[key] == value]
        if not match:
            ways = ", ".join(f"{oid}={cid} ({variant.options[oid].choices[cid].parameters[key]!r})"
                             for oid, cid in setters) or "none of its options sets it"
            raise OptionError(f"parameter {key!r} of variant {variant.id!r} cannot be set to "
                              f"{value!r} by an option; ways: {ways}")
        oid, cid = match[0]
        if out.get(oid, cid) != cid:
            raise OptionError(f"--option {key}={text} means {oid}={cid}, but {oid}={out[oid]} "
                              "is given too")
        out[oid] = cid
    return out


def check_log_path(base: Path, games: int = 1) -> None:
    """Refuse a --log path the game could not be written to, before any game is played: a
    symbolic link, a device, FIFO or folder, a missing or unwritable folder (never created);
    with several games, each game's file (``FILE-i``)."""
    from riskspec.safeio import check_output_file
    for index in range(1, games + 1):
        check_output_file(log_path(base, index, games), "--log", error=OptionError)


def log_path(base: Path, index: int, games: int) -> Path:
    if games == 1:
        return base
    return base.with_name(f"{base.stem}-{index}{base.suffix}")


def run(args: argparse.Namespace) -> int:
    from riskspec.reference import engine as E
    from riskspec.reference import log as L
    from riskspec.reference.driver import play_game

    if not 1 <= args.games <= MAX_GAMES:
        raise OptionError(f"--games is from 1 to {MAX_GAMES:,}, not {args.games:,}")
    if args.max_turns < 0:
        raise OptionError(f"--max-turns must be 0 (no cap) or more, not {args.max_turns}")
    if args.log is not None:
        check_log_path(args.log, args.games)
    variant = E.get_variant(args.variant)
    options = options_by_parameter(variant, parse_options(args.option))
    if args.players is None:
        args.players = variant.min_players
    max_turns = args.max_turns or None
    # check the set-up once, so that a bad option is one clear line
    first = E.new_game(args.variant, args.players, options)
    progress = Progress.for_args(args.quiet, args.progress)
    applied = [0]  # steps applied in all games so far, for the rate
    rows: list[dict[str, Any]] = []
    for g in range(args.games):
        seed = args.seed + g
        log = L.start_log(first, seed=seed, policy=args.policy) if args.log else None

        def on_step(before: Any, action: Any, after: Any, events: Any, _g: int = g,
                    _log: Any = log) -> None:
            if _log is not None:
                L.record_step(_log, action, after)
            applied[0] += 1
            if progress.due():
                turn = min(after.turn, max_turns or after.turn)
                done = (_g + (turn / max_turns if max_turns else 0)) / args.games
                rate = applied[0] / max(progress.elapsed(), 1e-9)
                progress.show(f"game {_g + 1}/{args.games}  turn {turn}  "
                              f"{rate:,.0f} actions/s", done)

        res = play_game(args.variant, args.players, seed=seed, options=options,
                        max_turns=max_turns, policy=args.policy, on_step=on_step)
        if log is not None:
            L.finish_log(log, res.state, res.actions, res.outcomes)
            L.write_log(log, log_path(args.log, g + 1, args.games))
        colours = res.state.colours
        rows.append({"seed": seed, "winner": colours[res.winner] if res.winner is not None else "-",
                     "turns": res.turns, "actions": res.actions, "outcomes": res.outcomes,
                     "seconds": res.seconds})
    progress.done()
    print_summary(args, rows)
    return 0


def print_summary(args: argparse.Namespace, rows: list[dict[str, Any]]) -> None:
    if not args.quiet:
        print(f"{'game':>4} {'seed':>6} {'winner':>8} {'turns':>6} {'actions':>8} "
              f"{'outcomes':>8} {'seconds':>8}")
        for i, r in enumerate(rows, 1):
            print(f"{i:>4} {r['seed']:>6} {r['winner']:>8} {r['turns']:>6} {r['actions']:>8} "
                  f"{r['outcomes']:>8} {r['seconds']:>8.2f}")
    seconds = sum(r["seconds"] for r in rows)
    applied = sum(r["actions"] + r["outcomes"] for r in rows)
    turns = sum(r["turns"] for r in rows)
    finished = sum(1 for r in rows if r["winner"] != "-")
    print(f"{args.variant}, {args.players} players, policy {args.policy}: {len(rows)} game(s), "
          f"{finished} won, {turns} turns, {applied} actions and outcomes in {seconds:.2f} s "
          f"({applied / max(seconds, 1e-9):,.0f} actions/s, {turns / max(seconds, 1e-9):,.0f} "
          f"turns/s)")
    if args.log:
        print(f"log: {args.log}" + (" (one file per game)" if len(rows) > 1 else ""))
