"""Drive ``riskspec mcp`` with raw JSON-RPC lines (hostile ones too) and collect the answers."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from typing import Any

INIT = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "raw-test", "version": "0"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def call(rid: int, tool: str, arguments: Any) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": "tools/call",
                       "params": {"name": tool, "arguments": arguments}}).encode()


class RawServer:
    """``riskspec mcp`` in a subprocess, initialised; :meth:`send` lines, :meth:`answers`."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "riskspec.cli", "mcp"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True)
        self.buf = b""
        self.send(json.dumps(INIT).encode())
        first = self.read(1, timeout=120)
        assert first and first[0].get("id") == 0 and "result" in first[0], first
        self.send(json.dumps(INITIALIZED).encode())

    def send(self, line: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()

    def read(self, n: int, *, timeout: float) -> list[dict[str, Any]]:
        """Up to ``n`` answer lines, waiting at most ``timeout`` s in all."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        out: list[dict[str, Any]] = []
        end = time.monotonic() + timeout
        while len(out) < n:
            while b"\n" in self.buf and len(out) < n:
                line, self.buf = self.buf.split(b"\n", 1)
                out.append(json.loads(line))
            if len(out) >= n:
                break
            left = end - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                break
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            self.buf += chunk
        return out

    def close(self) -> str:
        """End the server; its stderr."""
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        assert self.proc.stderr is not None
        return self.proc.stderr.read().decode("utf-8", "replace")
