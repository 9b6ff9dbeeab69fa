"""``riskspec map``: export a variant's board as JSON or Graphviz dot."""

from __future__ import annotations

import argparse
import json
import sys

from riskspec.boards import board_to_dot, board_to_json
from riskspec.loading import load_spec


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "map", help="export a variant's map (JSON or Graphviz dot)",
        description="Export the board of a variant for use in your own engine: territories with "
                    "their group, groups with bonuses, maritime zones and routes, borders (each "
                    "pair once, with its kind), the card deck, and provenance. JSON output is "
                    "canonical (sorted keys) so it diffs cleanly; dot output renders with "
                    "`dot -Tsvg`.",
        epilog="examples:\n  riskspec map classic > classic.json\n"
               "  riskspec map classic --format dot | dot -Tsvg > classic.svg",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("variant", help="variant ID, e.g. classic")
    p.add_argument("--format", choices=["json", "dot"], default="json", help="output format (default json)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    board = load_spec().variant(args.variant).board
    if args.format == "dot":
        sys.stdout.write(board_to_dot(board))
    else:
        json.dump(board_to_json(board), sys.stdout, indent=2, sort_keys=True)
        sys.stdout.write("\n")
    return 0
