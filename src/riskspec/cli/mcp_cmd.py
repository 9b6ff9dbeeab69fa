"""``riskspec mcp``: serve the rulebook to AI assistants over the Model Context Protocol."""

from __future__ import annotations

import argparse
import importlib
import inspect

from riskspec.errors import MissingExtraError

EPILOG = """\
tools (all read-only):
{tools}

register it with an assistant (JSON config of most MCP clients):
  {{"mcpServers": {{"riskspec": {{"command": "riskspec", "args": ["mcp"]}}}}}}

examples:
  riskspec mcp                 serve on stdin/stdout (the assistant starts it)
  riskspec mcp --list-tools    print the tools and exit

needs the mcp extra: pip install "riskspec[mcp]"  (docs/mcp.md)
"""


def _tool_lines() -> str:
    from riskspec.mcp_server import tools
    lines = []
    for fn in tools.TOOLS:
        doc = inspect.getdoc(fn) or ""
        first = doc.split(".")[0].replace("\n", " ")
        lines.append(f"  {fn.__name__:18} {first}")
    return "\n".join(lines)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "mcp", help="serve the rulebook to AI assistants (Model Context Protocol, stdio)",
        description="Serve riskspec over the Model Context Protocol on stdin/stdout, for AI "
                    "assistants: search and explain rules and ambiguities with their "
                    "citations, compute exact battle odds, and check whether an action is "
                    "legal in a position (and which rule forbids it). The assistant starts "
                    "this command itself; it prints nothing else on stdout.",
        epilog=EPILOG.format(tools=_tool_lines()),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--list-tools", action="store_true",
                   help="print the tools with their parameters and exit")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.list_tools:
        from riskspec.mcp_server import tools
        for fn in tools.TOOLS:
            params = ", ".join(inspect.signature(fn).parameters)
            print(f"{fn.__name__}({params})")
        return 0
    try:
        server = importlib.import_module("riskspec.mcp_server.server")
    except ImportError as exc:
        raise MissingExtraError(f"riskspec mcp needs the MCP SDK ({exc.name or exc} is "
                                f"missing): pip install \"riskspec[mcp]\"") from None
    server.serve()
    return 0
