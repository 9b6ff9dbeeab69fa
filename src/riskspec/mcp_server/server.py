"""The MCP server: :mod:`riskspec.mcp_server.tools` as MCP tools, over stdio."""

from __future__ import annotations

import functools
import inspect
import json
import sys
from collections.abc import Callable
from typing import Annotated, Any, get_type_hints

import anyio
import mcp_types as types
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.shared._context_streams import create_context_streams
from mcp.shared.message import SessionMessage
from mcp_types import ToolAnnotations
from pydantic import Strict

from riskspec import __version__
from riskspec.errors import RiskspecError
from riskspec.mcp_server import tools

INSTRUCTIONS = """\
riskspec is the executable rulebook of the board game Risk (Classic, its translated
editions, Risk: Napoleon Edition). Rules are stated in riskspec's own words with citations
of the printed rulebooks; where editions disagree, an *ambiguity* lists the readings and
the one each variant takes. To settle a dispute: search_rules, then explain_rule or
explain_ambiguity, and quote the citations. battle_odds gives exact probabilities.
check_action tells whether a move is legal in a position (riskspec/state@1 JSON, or its
one-line position notation, e.g. from sample_position) and, if not, which rule forbids it."""


#: the longest request line read (bytes); a longer one is answered with an error
MAX_LINE = 8 * 1024 * 1024
#: JSON-RPC error codes
PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602
_SCALARS = (int, str, bool, float, int | None, str | None)


def _strict_signature(fn: Callable[..., Any]) -> inspect.Signature:
    """``fn``'s signature with every scalar parameter strict: ``true`` is not the integer 1,
    ``"5"`` not the integer 5, ``1.0`` not an integer (pydantic's lax mode takes all three)."""
    hints = get_type_hints(fn)
    sig = inspect.signature(fn)
    params = [p.replace(annotation=Annotated[hints[p.name], Strict()])
              if hints.get(p.name) in _SCALARS else p.replace(annotation=hints.get(p.name, p.annotation))
              for p in sig.parameters.values()]
    return sig.replace(parameters=params, return_annotation=hints.get("return", sig.return_annotation))


def _tool(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The tool function, with strict scalar arguments and riskspec's errors turned into tool
    errors (one clear line the assistant can read) instead of crashes."""

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RiskspecError as exc:
            raise ToolError(f"{type(exc).__name__}: {exc}") from None
        except RecursionError:
            raise ToolError("the input is nested too deeply") from None

    call.__signature__ = _strict_signature(fn)  # type: ignore[attr-defined]
    del call.__wrapped__  # type: ignore[attr-defined]  # the strict signature, not fn's
    return call


def _has_lone_surrogate(value: Any, depth: int = 0) -> bool:
    """Whether a parsed JSON value holds a lone UTF-16 surrogate (``"\\ud800"``) in a key or
    string: such text cannot be answered in UTF-8."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v, depth + 1) for v in value)
    return False


def _error(rid: Any, code: int, message: str) -> str:
    return json.dumps({"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}})


def screen_line(line: bytes) -> tuple[types.JSONRPCMessage | None, str | None]:
    """One request line: (the message for the server, None), or (None, the error answer to
    write back, or None for a line that needs none). Every request with an id gets an
    answer: a line that is not UTF-8 or not JSON (parse error), a batch, a message that is
    not a JSON-RPC 2.0 object, ``params`` that are not an object, text with a lone surrogate
    (invalid request or params, with the request's id when it has a usable one)."""
    if len(line) > MAX_LINE:
        return None, _error(None, INVALID_REQUEST, f"request line longer than {MAX_LINE:,} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as exc:
        return None, _error(None, PARSE_ERROR, f"request line is not UTF-8 ({exc.reason} at byte {exc.start})")
    if not text.strip():
        return None, None
    try:
        data = json.loads(text)
    except RecursionError:
        return None, _error(None, PARSE_ERROR, "request nested too deeply")
    except ValueError as exc:
        return None, _error(None, PARSE_ERROR, f"request line is not JSON: {str(exc)[:200]}")
    if isinstance(data, list):
        return None, _error(None, INVALID_REQUEST, "batches (JSON arrays) are not supported: "
                                                   "send one request per line")
    if not isinstance(data, dict):
        return None, _error(None, INVALID_REQUEST, "a request is a JSON-RPC 2.0 object")
    rid = data.get("id")
    usable = (isinstance(rid, int) and not isinstance(rid, bool) and -2**53 < rid < 2**53) or \
        (isinstance(rid, str) and not _has_lone_surrogate(rid) and len(rid) <= 1000)
    answer_id = rid if usable else None
    if "id" in data and not usable:
        return None, _error(None, INVALID_REQUEST, "id must be an integer or a string")
    if "params" in data and not isinstance(data["params"], dict):
        return None, _error(answer_id, INVALID_PARAMS, "params must be an object")
    if _has_lone_surrogate(data):
        return None, _error(answer_id, INVALID_REQUEST, "the request holds a lone UTF-16 "
                                                        "surrogate, which is not text")
    try:
        message = types.jsonrpc_message_adapter.validate_python(data, by_name=False)
    except Exception as exc:  # noqa: BLE001 - whatever pydantic refuses gets an answer
        if "method" not in data or "id" in data:  # a notification gets none
            head = str(exc).splitlines()[0][:200]
            return None, _error(answer_id, INVALID_REQUEST, f"not a valid JSON-RPC 2.0 message: {head}")
        return None, None
    return message, None


async def _serve_stdio(server: MCPServer, stdin: Any = None, stdout: Any = None) -> None:
    """The stdio transport: each line screened (:func:`screen_line`) before the server sees
    it; answers and the server's messages written one per line under one lock."""
    raw_in = stdin or sys.stdin.buffer
    raw_out = stdout or sys.stdout.buffer
    read_writer, read_stream = create_context_streams[SessionMessage | Exception](0)
    write_stream, write_reader = create_context_streams[SessionMessage](0)
    lock = anyio.Lock()

    async def emit(text: str) -> None:
        async with lock:
            try:
                await anyio.to_thread.run_sync(_write_line, raw_out, text)
            except (BrokenPipeError, OSError, ValueError):
                pass  # the client is gone: nothing more can be said

    async def reader() -> None:
        async with read_writer:
            while True:
                line = await anyio.to_thread.run_sync(raw_in.readline, MAX_LINE + 1)
                if not line:
                    return
                if len(line) > MAX_LINE and not line.endswith(b"\n"):
                    while line and not line.endswith(b"\n"):  # skip the rest of the line
                        line = await anyio.to_thread.run_sync(raw_in.readline, 1 << 20)
                    await emit(_error(None, INVALID_REQUEST, f"request line longer than {MAX_LINE:,} bytes"))
                    continue
                message, answer = screen_line(line)
                if answer is not None:
                    await emit(answer)
                elif message is not None:
                    await read_writer.send(SessionMessage(message))

    async def writer() -> None:
        async with write_reader:
            async for msg in write_reader:
                await emit(msg.message.model_dump_json(by_alias=True, exclude_unset=True))

    async with anyio.create_task_group() as tg:
        tg.start_soon(reader)
        tg.start_soon(writer)
        low = server._lowlevel_server
        await low.run(read_stream, write_stream, low.create_initialization_options())
        tg.cancel_scope.cancel()


def _write_line(out: Any, text: str) -> None:
    out.write(text.encode("utf-8", "backslashreplace") + b"\n")
    out.flush()


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
    """Serve over stdio until the client closes the connection (every request line answered,
    see :func:`screen_line`); a closed pipe ends it quietly."""
    try:
        anyio.run(_serve_stdio, build_server())
    except (BrokenPipeError, KeyboardInterrupt):
        pass
