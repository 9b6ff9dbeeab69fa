"""The MCP server: :mod:`riskspec.mcp_server.tools` as MCP tools, over stdio."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations

from riskspec import __version__
from riskspec.errors import RiskspecError
from riskspec.mcp_server import tools

INSTRUCTIONS = """\
riskspec is the executable rulebook of the board game Risk (Classic, its translated
editions, Risk: Napoleon Edition). Rules are stated in riskspec's own words with citations
of the printed rulebooks; where editions disagree, an *ambiguity* lists the readings and
the one each variant takes. To settle a dispute: search_rules, then explain_rule or
explain_ambiguity, and quote the citations. battle_odds gives exact probabilities.
check_action tells whether a move is legal in a position (riskspec/state@1 JSON, e.g.
from sample_position) and, if not, which rule forbids it."""


def _tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The tool function, with riskspec's errors turned into tool errors (one clear line
    the assistant can read) instead of crashes."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RiskspecError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from None

    return call


def build_server() -> MCPServer:
    """The ``riskspec`` MCP server with every tool of :data:`tools.TOOLS` (all read-only)."""
    server: MCPServer = MCPServer("riskspec", title="riskspec — the executable Risk rulebook",
                                  instructions=INSTRUCTIONS, version=__version__)
    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)
    for fn in tools.TOOLS:
        server.add_tool(_tool(fn), name=fn.__name__, annotations=read_only)
    return server


def serve() -> None:
    """Serve over stdio until the client closes the connection."""
    build_server().run()
