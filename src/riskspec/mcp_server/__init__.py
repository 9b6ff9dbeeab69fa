"""``riskspec mcp``: the rulebook over the Model Context Protocol (extra ``riskspec[mcp]``).

:mod:`riskspec.mcp_server.tools` holds the answers as plain functions;
:func:`riskspec.mcp_server.server.build_server` wires them into the official SDK's
``MCPServer``.  See ``docs/mcp.md``.
"""
