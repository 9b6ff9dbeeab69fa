"""``riskspec map``: export a variant's board as JSON or Graphviz dot."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from riskspec import model as m
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


def board_to_json(board: m.Board) -> dict[str, Any]:
    def prov(p: m.Provenance) -> dict[str, Any]:
        if p.reconstructed is not None:
            return {"reconstructed": p.reconstructed, **({"basis": p.basis} if p.basis else {})}
        return {"source": p.source, "passage": p.passage}

    return {
        "id": board.id,
        "title": board.title,
        "groups": [{"id": g.id, "name": g.name, "kind": g.kind, "bonus": g.bonus,
                    "territories": list(g.territories), "provenance": prov(g.provenance),
                    **({"capital": {"territory": g.capital.territory,
                                    "territories": g.capital.territories,
                                    "bonus": g.capital.bonus}} if g.capital else {})}
                   for g in board.groups],
        "territories": [{"id": t.id, "name": t.name, "group": t.group,
                         "provenance": prov(t.provenance)} for t in board.territories],
        "zones": [{"id": z.id, "name": z.name, "provenance": prov(z.provenance)} for z in board.zones],
        "routes": [{"id": r.id, "name": r.name, "zones": list(r.zones), "bonus": r.bonus,
                    "provenance": prov(r.provenance)} for r in board.routes],
        "borders": [{"between": [b.a, b.b], "kind": b.kind} for b in board.borders],
        "adjacency": {k: list(v) for k, v in board.adjacency.items()},
        "cards": [{"id": c.id, "symbol": c.symbol, **({"territory": c.territory} if c.territory else {})}
                  for c in board.cards],
    }


def board_to_dot(board: m.Board) -> str:
    lines = [f'graph "{board.id}" {{', '  graph [overlap=false, splines=true];',
             '  node [shape=box, style=rounded, fontsize=10];']
    for g in board.groups:
        lines.append(f'  subgraph "cluster_{g.id}" {{')
        lines.append(f'    label="{g.name} (+{g.bonus})";')
        for tid in g.territories:
            t = board.territory(tid)
            lines.append(f'    "{t.id}" [label="{t.name}"];')
        lines.append("  }")
    for z in board.zones:
        lines.append(f'  "{z.id}" [label="{z.name}", shape=ellipse, style=dashed];')
    style = {"land": "", "sea-line": " [style=dashed]", "coast": " [style=dotted]",
             "sea": " [style=dashed, color=blue]"}
    for b in board.borders:
        lines.append(f'  "{b.a}" -- "{b.b}"{style[b.kind]};')
    lines.append("}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    board = load_spec().variant(args.variant).board
    if args.format == "dot":
        sys.stdout.write(board_to_dot(board))
    else:
        json.dump(board_to_json(board), sys.stdout, indent=2, sort_keys=True)
        sys.stdout.write("\n")
    return 0
