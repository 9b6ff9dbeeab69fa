"""The ``riskspec`` command line: one entry point, one module per subcommand.

Each subcommand module defines ``register(subparsers)`` which adds its parser
and sets ``func`` to a callable taking the parsed namespace and returning an
exit code.  Errors derived from :class:`riskspec.errors.RiskspecError` are
printed as one clear line (never a traceback) and give exit code 2 (1 is kept
for "ran fine, found problems").
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from riskspec import __version__
from riskspec.errors import RiskspecError, SpecError

#: subcommand modules, in the order ``--help`` lists them
COMMANDS = [
    "validate",
    "rules",
    "explain",
    "codes",
    "map_cmd",
    "check",
    "show",
    "notation",
    "engine",
    "vectors",
    "implementations",
    "docs",
    "play",
    "replay",
    "odds",
    "mcp_cmd",
]

EPILOG = """\
examples:
  riskspec validate                      check the shipped specification
  riskspec validate my-board.yaml        check your own map / variant / rules file
  riskspec rules classic                 list the rule IDs of a variant
  riskspec explain classic.attack.ties   a rule with its parameters, sources, ambiguities
  riskspec map classic --format dot      the board as Graphviz, for your own engine

Run `riskspec COMMAND --help` for the options of each command.

environment:
  RISKSPEC_NO_CACHE=1     always build and schema-check the shipped spec on load (by
                          default a clean build is kept as a pickle in the user cache and
                          reused while the spec's files are unchanged, and a stamp skips
                          the schema pass for byte-identical files; `riskspec validate`
                          uses neither)
  RISKSPEC_CACHE_DIR=DIR  where the pickle and the stamp live (default ~/.cache/riskspec)
"""


def command_name(module: str) -> str:
    """The subcommand a module of :data:`COMMANDS` registers: its name less ``_cmd``."""
    return module.removesuffix("_cmd")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``only``, just that subcommand in full and the others as bare
    names (so ``riskspec odds 3 2`` imports the odds module and nothing else)."""
    parser = argparse.ArgumentParser(
        prog="riskspec",
        description="The executable, tested rulebook for Risk: validate the specification, "
                    "read its rules, play and replay games with the reference engine, and "
                    "check any engine's conformance.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"riskspec {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is None or command_name(name) == only:
            importlib.import_module(f"riskspec.cli.{name}").register(sub)
        else:
            sub.add_parser(command_name(name), add_help=False)
    return parser


def _wanted(argv: Sequence[str]) -> str | None:
    """The subcommand an argument list names (its first word), when it is one of ours;
    ``''`` for a bare ``--version``: then no subcommand module is imported."""
    if list(argv) == ["--version"]:
        return ""
    words = [a for a in argv if not a.startswith("-")]
    names = {command_name(n) for n in COMMANDS}
    if words and words[0] in names and argv and argv[0] == words[0]:
        return words[0]
    return None


def _unknown_command(argv: Sequence[str]) -> str | None:
    """The error line for a first word that is no subcommand (a typo gets the nearest
    names), or ``None`` when the first argument is an option or a known command."""
    if not argv or argv[0].startswith("-"):
        return None
    names = [command_name(n) for n in COMMANDS]
    if argv[0] in names:
        return None
    import difflib  # only on this error path: keeps the start of every command light

    near = difflib.get_close_matches(argv[0], names, n=3, cutoff=0.6)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    return (f"riskspec: error: unknown command {argv[0]!r}{hint}\n"
            f"commands: {', '.join(names)} (`riskspec --help` says what each does)")


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    unknown = _unknown_command(argv)
    if unknown:
        print(unknown, file=sys.stderr)
        return 2
    parser = build_parser(_wanted(argv))
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    from riskspec.safeio import install_signal_cleanup
    restore = install_signal_cleanup()  # SIGTERM/SIGHUP: temporary files and folders removed
    try:
        return int(args.func(args) or 0)
    except SpecError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"riskspec: the specification has {len(exc.problems)} problem(s); "
              f"run `riskspec validate` for the full list", file=sys.stderr)
        return 2
    except RiskspecError as exc:
        print(f"riskspec {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("riskspec: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    finally:
        restore()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
