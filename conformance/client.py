"""Drive an engine under test: start it from an argv list (never a shell), speak riskspec/1,
detect every way it can misbehave, and restart it.

Each request waits at most ``timeout`` seconds.  A crash, a hang, a line that is
not a JSON object, a response with the wrong id or one that does not match the
schema raises an :class:`~riskspec.conformance.errors.EngineFault`; the process
is then killed and the next request starts a fresh one and replays the
handshake (which must match the first).
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from riskspec.conformance.errors import (
    EngineCrashed, EngineFault, EngineGarbage, EngineSchemaError, EngineStartError,
    EngineTimeout, EngineWrongId, HandshakeError,
)
from riskspec.conformance.protocol import (
    HANDSHAKE_SCHEMA, PROTOCOL, RESPONSE_SCHEMA, Capabilities, dumps, result_errors, schema_errors,
)

MAX_LINE = 32 * 1024 * 1024
_EOF = object()


@dataclass
class Response:
    ok: bool
    result: dict = field(default_factory=dict)
    error: dict = field(default_factory=dict)
    elapsed: float = 0.0

    @property
    def code(self) -> str | None:
        return self.error.get("code") if not self.ok else None


class EngineClient:
    """One engine process (restarted on demand) and the requests sent to it."""

    def __init__(self, argv: Sequence[str], *, timeout: float = 10.0,
                 handshake_timeout: float | None = None, cwd: str | None = None,
                 env: Mapping[str, str] | None = None, validate: bool = True) -> None:
        if not argv:
            raise EngineStartError("empty engine command")
        self.argv = list(argv)
        self.timeout = timeout
        self.handshake_timeout = handshake_timeout if handshake_timeout is not None else max(timeout, 10.0)
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.validate = validate
        self.proc: subprocess.Popen | None = None
        self.capabilities: Capabilities | None = None
        self._first_handshake: dict | None = None
        self._lines: queue.Queue = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=60)
        self._next_id = 0
        self.starts = 0
        self.faults: list[EngineFault] = []
        self.requests = 0

    # -- process ----------------------------------------------------------------------
    def start(self) -> Capabilities:
        """Start the engine (if not running) and read its handshake."""
        if self.proc is not None and self.proc.poll() is None:
            assert self.capabilities is not None
            return self.capabilities
        self._spawn()
        line = self._read_line(self.handshake_timeout, what="the handshake")
        try:
            hs = json.loads(line)
        except ValueError:
            self._fail(HandshakeError(f"handshake is not JSON: {line[:200]!r}"))
        if not isinstance(hs, dict):
            self._fail(HandshakeError(f"handshake is not a JSON object: {line[:200]!r}"))
        if hs.get("protocol") != PROTOCOL:
            self._fail(HandshakeError(f"engine speaks protocol {hs.get('protocol')!r}, the suite {PROTOCOL!r}"))
        problems = schema_errors(HANDSHAKE_SCHEMA, hs)
        if problems:
            self._fail(HandshakeError("invalid handshake: " + "; ".join(problems)))
        if self._first_handshake is None:
            self._first_handshake = hs
        elif hs != self._first_handshake:
            self._fail(HandshakeError("after a restart the engine sent a different handshake"))
        self.capabilities = Capabilities(hs)
        return self.capabilities

    def _spawn(self) -> None:
        self._lines = queue.Queue()
        self._stderr.clear()
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.cwd, env=self.env, start_new_session=(os.name == "posix"), bufsize=0)
        except OSError as exc:
            self.proc = None
            raise EngineStartError(f"cannot start {self.argv[0]!r}: {exc.strerror or exc}") from exc
        self.starts += 1
        threading.Thread(target=self._pump_stdout, args=(self.proc, self._lines), daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(self.proc, self._stderr), daemon=True).start()

    @staticmethod
    def _pump_stdout(proc: subprocess.Popen, lines: queue.Queue) -> None:
        stream = proc.stdout
        assert stream is not None
        try:
            while True:
                raw = stream.readline(MAX_LINE)
                if not raw:
                    break
                lines.put(raw)
                if not raw.endswith(b"\n") and len(raw) >= MAX_LINE:
                    break
        except (OSError, ValueError):
            pass
        lines.put(_EOF)

    @staticmethod
    def _pump_stderr(proc: subprocess.Popen, tail: deque) -> None:
        stream = proc.stderr
        assert stream is not None
        try:
            for raw in iter(lambda: stream.readline(65536), b""):
                tail.append(raw.decode("utf-8", "replace").rstrip("\n"))
        except (OSError, ValueError):
            pass

    def stderr_tail(self, lines: int = 20) -> str:
        return "\n".join(list(self._stderr)[-lines:])

    def kill(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                if os.name == "posix":
                    os.killpg(proc.pid, signal.SIGKILL)
                else:  # pragma: no cover
                    proc.kill()
            except (ProcessLookupError, PermissionError, OSError):
                pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if stream:
                    stream.close()
            except OSError:
                pass

    def close(self) -> None:
        """Ask the engine to quit, then make sure it is gone."""
        proc = self.proc
        if proc is not None and proc.poll() is None and self.capabilities is not None \
                and "quit" in self.capabilities.ops:
            try:
                self._write({"id": self._new_id(), "op": "quit"})
                proc.wait(timeout=min(self.timeout, 2.0))
            except (OSError, subprocess.TimeoutExpired, EngineFault):
                pass
        self.kill()

    def __enter__(self) -> "EngineClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests ---------------------------------------------------------------------
    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _fail(self, fault: EngineFault) -> Any:
        time.sleep(0.05)  # let stderr drain a little
        fault.stderr_tail = self.stderr_tail()
        self.faults.append(fault)
        self.kill()
        raise fault

    def _write(self, obj: Mapping[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write((dumps(obj) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            code = self.proc.poll()
            self._fail(EngineCrashed(f"engine closed its input (exit status {code})"))

    def _read_line(self, timeout: float, *, what: str) -> str:
        try:
            raw = self._lines.get(timeout=timeout)
        except queue.Empty:
            cls = HandshakeError if what == "the handshake" else EngineTimeout
            self._fail(cls(f"no {what} within {timeout:g} s"))
        if raw is _EOF:
            code = None
            if self.proc is not None:
                try:
                    code = self.proc.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    code = None
            detail = f"exit status {code}" if code is not None else "stdout closed"
            cls = HandshakeError if what == "the handshake" else EngineCrashed
            self._fail(cls(f"engine exited before {what} ({detail})"))
        if not raw.endswith(b"\n") and len(raw) >= MAX_LINE:
            self._fail(EngineGarbage(f"line longer than {MAX_LINE} bytes"))
        try:
            return raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            return self._fail(EngineGarbage(f"line is not UTF-8: {raw[:80]!r}"))

    def request(self, op: str, **fields: Any) -> Response:
        """Send one request and return its response; raise an EngineFault if the engine misbehaves."""
        self.start()
        rid = self._new_id()
        msg = {"id": rid, "op": op, **fields}
        self.requests += 1
        t0 = time.monotonic()
        self._write(msg)
        line = self._read_line(self.timeout, what=f"response to {op} (id {rid})")
        elapsed = time.monotonic() - t0
        try:
            resp = json.loads(line)
        except ValueError:
            return self._fail(EngineGarbage(f"response to {op} is not JSON: {line[:200]!r}"))
        if not isinstance(resp, dict):
            return self._fail(EngineGarbage(f"response to {op} is not a JSON object: {line[:200]!r}"))
        if resp.get("id") != rid:
            return self._fail(EngineWrongId(f"response to {op} has id {resp.get('id')!r}, expected {rid}"))
        if self.validate:
            problems = schema_errors(RESPONSE_SCHEMA, resp)
            if not problems and resp.get("ok"):
                problems = result_errors(op, resp.get("result"))
            if problems:
                return self._fail(EngineSchemaError(f"response to {op} breaks the protocol schema: "
                                                    + "; ".join(problems)))
        if resp.get("ok"):
            return Response(True, result=resp.get("result") or {}, elapsed=elapsed)
        return Response(False, error=resp.get("error") or {}, elapsed=elapsed)


def python_engine_argv(*args: str) -> list[str]:
    """argv that serves the built-in reference engine (``riskspec engine`` in this interpreter)."""
    return [sys.executable, "-m", "riskspec.cli", "engine", *args]


class InProcessClient:
    """The EngineClient interface over an in-process server session (no subprocess).

    Requests and responses still go through JSON text, so what is tested is what
    the protocol carries; used for fast self-checks of the reference engine.
    """

    def __init__(self, api: Any, capabilities: Mapping[str, Any], name: str = "in-process") -> None:
        from riskspec.conformance.server import Session, handshake
        self.session = Session(api, capabilities)
        self.capabilities = Capabilities(handshake(name, "0", capabilities))
        self.faults: list[EngineFault] = []
        self.starts = 1
        self._id = 0

    def start(self) -> Capabilities:
        return self.capabilities

    def request(self, op: str, **fields: Any) -> Response:
        self._id += 1
        resp, _ = self.session.handle(dumps({"id": self._id, "op": op, **fields}))
        resp = json.loads(dumps(resp))
        if resp.get("ok"):
            return Response(True, result=resp["result"])
        return Response(False, error=resp["error"])

    def close(self) -> None:
        pass


def reference_client() -> InProcessClient:
    """An in-process client of the reference engine (all capabilities)."""
    from riskspec.conformance.reference_api import ReferenceAPI, capabilities
    return InProcessClient(ReferenceAPI(), capabilities(), name="riskspec-reference")
