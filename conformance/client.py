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
import select
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from riskspec.conformance.errors import (
    CaseDeadline,
    EngineCrashed,
    EngineFault,
    EngineGarbage,
    EngineLimit,
    EngineRefused,
    EngineSchemaError,
    EngineStartError,
    EngineTimeout,
    EngineWrongId,
    HandshakeError,
)
from riskspec.conformance.protocol import (
    HANDSHAKE_SCHEMA,
    MAX_DEPTH,
    PROTOCOL,
    RESPONSE_SCHEMA,
    Capabilities,
    LineError,
    ambiguity_claims,
    dumps,
    result_errors,
    schema_errors,
    strict_loads,
)

#: the longest line an engine may write (bytes, newline excluded)
MAX_LINE = 32 * 1024 * 1024
#: the most actions, chance outcomes or events one answer may list
MAX_ITEMS = 100_000
#: the most request text written ahead at once when the engine claims pipelining (bytes)
PIPELINE_BYTES = 256 * 1024
#: engine stderr kept for reports: the last lines, each cut to this many characters
STDERR_LINES, STDERR_LINE_CHARS = 60, 2000
#: once the engine has exited, how long to wait for a line it may still have written
EXIT_GRACE = 0.3
_POLL = 0.05
_EOF = object()
_LIST_FIELDS = {"legal_actions": "actions", "chance_outcomes": "outcomes", "apply": "events"}


@dataclass
class Response:
    ok: bool
    result: dict = field(default_factory=dict)
    error: dict = field(default_factory=dict)
    elapsed: float = 0.0

    @property
    def code(self) -> str | None:
        return self.error.get("code") if not self.ok else None

    def error_text(self) -> str:
        """The error as one line: ``kind/code (rule): message``."""
        e = self.error
        s = f"{e.get('kind', '?')}/{e.get('code', '?')}"
        if e.get("rule"):
            s += f" ({e['rule']})"
        if e.get("message"):
            s += f": {e['message']}"
        return s


def need_ok(r: Response, what: str) -> Response:
    """``r`` if it is ok; else :class:`EngineRefused` saying which request (``what``) failed."""
    if not r.ok:
        raise EngineRefused(f"the engine answered {what} with an error: {r.error_text()}")
    return r


# -- reading untrusted lines -------------------------------------------------------------
def parse_json_line(line: str, what: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """One engine line as JSON, strictly: no NaN/Infinity, nesting at most ``max_depth``.

    Raises :class:`EngineGarbage` (never RecursionError or ValueError)."""
    try:
        return strict_loads(line, max_depth=max_depth)
    except LineError as exc:
        raise EngineGarbage(f"{what} is {exc}" + (f": {line[:200]!r}" if exc.code == "not-json"
                                                   else "")) from None


def check_response(line: str, rid: int, op: str, *, validate: bool = True,
                   elapsed: float = 0.0) -> Response:
    """The response to request ``rid`` (``op``) from its line, or an EngineFault saying what is wrong."""
    resp = parse_json_line(line, f"response to {op}")
    if not isinstance(resp, dict):
        raise EngineGarbage(f"response to {op} is not a JSON object: {line[:200]!r}")
    got = resp.get("id")
    if type(got) is not int or got != rid:
        raise EngineWrongId(f"response to {op} has id {got!r:.60}, expected {rid}")
    result = resp.get("result")
    key = _LIST_FIELDS.get(op)
    items = result.get(key) if key and resp.get("ok") is True and isinstance(result, dict) else None
    if isinstance(items, list) and len(items) > MAX_ITEMS:  # before validating every item
        raise EngineLimit(f"response to {op} lists {len(items)} {key}; the suite accepts at most "
                          f"{MAX_ITEMS} in one answer")
    if validate:
        problems = schema_errors(RESPONSE_SCHEMA, resp)
        if not problems and resp.get("ok"):
            problems = result_errors(op, resp.get("result"))
        if problems:
            raise EngineSchemaError(f"response to {op} breaks the protocol schema: " + "; ".join(problems))
    if resp.get("ok"):
        if not isinstance(result, dict):
            raise EngineSchemaError(f"response to {op} is ok but has no result object")
        return Response(True, result=result, elapsed=elapsed)
    error = resp.get("error")
    return Response(False, error=error if isinstance(error, dict) else {}, elapsed=elapsed)


class EngineClient:
    """One engine process (restarted on demand) and the requests sent to it."""

    def __init__(self, argv: Sequence[str], *, timeout: float = 10.0,
                 handshake_timeout: float | None = None, cwd: str | None = None,
                 env: Mapping[str, str] | None = None, validate: bool = True) -> None:
        if not argv or not argv[0]:
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
        self._stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._next_id = 0
        #: requests written ahead (pipelining), oldest first: (id, op, the request without its id)
        self._ahead: deque[tuple[int, str, str]] = deque()
        self.starts = 0
        self.faults: list[EngineFault] = []
        self.requests = 0
        #: monotonic time by which the current case must end (None: no case deadline)
        self.deadline: float | None = None
        self.deadline_seconds: float | None = None
        #: processes outside the engine's process group that still held its pipes when it was
        #: ended (a ``setsid`` daemon): each was killed; the report counts them
        self.strays_killed: list[int] = []
        self._pipes: set[int] = set()          # inodes of the engine's stdout/stderr pipes
        self._pumps_done: list[threading.Event] = []

    # -- process ----------------------------------------------------------------------
    def start(self) -> Capabilities:
        """Start the engine (if not running) and read its handshake."""
        if self.proc is not None and self._alive():
            assert self.capabilities is not None
            return self.capabilities
        if self.proc is not None:
            self.kill()
        self._spawn()
        line = self._read_line(self.handshake_timeout, what="the handshake")
        try:
            hs = parse_json_line(line, "the handshake")
        except EngineGarbage as exc:
            self._fail(HandshakeError(str(exc)))
        if not isinstance(hs, dict):
            self._fail(HandshakeError(f"handshake is not a JSON object: {line[:200]!r}"))
        if hs.get("protocol") != PROTOCOL:
            self._fail(HandshakeError(f"engine speaks protocol {hs.get('protocol')!r:.80}, "
                                      f"the suite {PROTOCOL!r}"))
        problems = ambiguity_claims(hs) or schema_errors(HANDSHAKE_SCHEMA, hs)
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
            # its own session (so its own process group): kill() ends the engine and every
            # process it started; buffered pipes (one byte per syscall would make long lines slow)
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.cwd, env=self.env, start_new_session=(os.name == "posix"), bufsize=1 << 16)
        except (OSError, ValueError) as exc:
            self.proc = None
            raise EngineStartError(f"cannot start {self.argv[0]!r}: "
                                   f"{getattr(exc, 'strerror', None) or exc}") from exc
        self.starts += 1
        self._pipes = set()
        for stream in (self.proc.stdout, self.proc.stderr):
            try:
                self._pipes.add(os.fstat(stream.fileno()).st_ino)  # type: ignore[union-attr]
            except (OSError, ValueError, AttributeError):  # pragma: no cover
                pass
        self._pumps_done = [threading.Event(), threading.Event()]
        threading.Thread(target=self._pump_stdout, args=(self.proc, self._lines, self._pumps_done[0]),
                         daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(self.proc, self._stderr, self._pumps_done[1]),
                         daemon=True).start()

    @staticmethod
    def _pump_stdout(proc: subprocess.Popen, lines: queue.Queue, done: threading.Event) -> None:
        try:
            EngineClient._pump_stdout_lines(proc, lines)
        finally:
            done.set()

    @staticmethod
    def _pump_stdout_lines(proc: subprocess.Popen, lines: queue.Queue) -> None:
        stream = proc.stdout
        assert stream is not None
        try:
            while True:
                raw = stream.readline(MAX_LINE + 1)
                if not raw:
                    break
                lines.put(raw)
                if not raw.endswith(b"\n") and len(raw) > MAX_LINE:
                    break
        except (OSError, ValueError):
            pass
        lines.put(_EOF)

    @staticmethod
    def _pump_stderr(proc: subprocess.Popen, tail: deque, done: threading.Event) -> None:
        """Read stderr to its end, whatever its size, keeping a bounded tail."""
        stream = proc.stderr
        assert stream is not None
        try:
            for raw in iter(lambda: stream.readline(65536), b""):
                text = raw.decode("utf-8", "replace").rstrip("\n")
                tail.append(text if len(text) <= STDERR_LINE_CHARS else text[:STDERR_LINE_CHARS] + " …")
        except (OSError, ValueError):
            pass
        finally:
            done.set()

    def stderr_tail(self, lines: int = 20) -> str:
        return "\n".join(list(self._stderr)[-lines:])

    def _alive(self) -> bool:
        """Whether the engine process still runs (without reaping it: its group stays killable)."""
        proc = self.proc
        if proc is None or proc.returncode is not None:
            return False
        if os.name != "posix":  # pragma: no cover
            return proc.poll() is None
        try:
            info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return proc.poll() is None
        return info is None

    def _exit_status(self, grace: float = 0.0) -> int | None:
        """The engine's exit status; None while it runs (after waiting up to ``grace`` s:
        an engine that closed its output is usually a moment from exiting)."""
        proc = self.proc
        if proc is None or (grace <= 0 and self._alive()):
            return None
        try:
            return proc.wait(timeout=max(grace, 1.0) if not self._alive() else grace)
        except subprocess.TimeoutExpired:  # pragma: no cover
            return None

    def kill(self) -> None:
        """End the engine and its whole process group (always: children may outlive it)."""
        self._ahead.clear()           # their answers die with the process
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if os.name == "posix":
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        try:
            proc.kill()
        except OSError:
            pass
        pumps = self._pumps_done
        if pumps and not all(e.wait(STRAY_GRACE) for e in pumps):
            # the group is dead but something still holds the pipes: a process of the
            # engine's session in another group, or a daemon in a session of its own. Kill
            # them (never this process) before the engine is reaped: its unreaped pid
            # cannot be reused, so its session id names only its own processes
            killed = kill_pipe_holders(self._pipes, session=proc.pid)
            self.strays_killed += killed
            if killed:
                all(e.wait(STRAY_GRACE) for e in pumps)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover
            pass
        if not pumps or all(e.is_set() for e in pumps):
            close_streams(proc)
        else:  # a holder we could not kill: never block on it (closing waits on the reader)
            threading.Thread(target=close_streams, args=(proc,), daemon=True).start()

    def close(self) -> None:
        """Ask the engine to quit, then make sure it (and all it started) is gone."""
        proc = self.proc
        if proc is not None and self._alive() and self.capabilities is not None \
                and "quit" in self.capabilities.ops:
            try:
                self._write({"id": self._new_id(), "op": "quit"}, min(self.timeout, 2.0))
                proc.wait(timeout=min(self.timeout, 2.0))
            except (OSError, subprocess.TimeoutExpired, EngineFault):
                pass
        self.kill()

    def __enter__(self) -> EngineClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- requests ---------------------------------------------------------------------
    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def _fail(self, fault: EngineFault) -> Any:
        self.faults.append(fault)
        # ending the engine closes its stderr: kill() waits for the reader to reach the end of
        # the pipe (STRAY_GRACE at most), so the tail holds all the engine wrote before it
        self.kill()
        fault.stderr_tail = self.stderr_tail()
        raise fault

    def _write(self, obj: Mapping[str, Any], timeout: float) -> None:
        """Write one request line, waiting at most ``timeout`` s for the engine to take it."""
        self._write_text(dumps(obj) + "\n", timeout)

    def _write_text(self, text: str, timeout: float) -> None:
        """Write request lines, waiting at most ``timeout`` s for the engine to take them."""
        assert self.proc is not None and self.proc.stdin is not None
        data = memoryview(text.encode("utf-8", "surrogatepass"))
        end = time.monotonic() + timeout
        try:
            if os.name != "posix":  # pragma: no cover - no select() on pipes
                self.proc.stdin.write(bytes(data))
                self.proc.stdin.flush()
                return
            fd = self.proc.stdin.fileno()
            os.set_blocking(fd, False)
            while data:
                left = end - time.monotonic()
                if left <= 0:
                    self._fail(EngineTimeout(f"engine did not read its input within {timeout:g} s"))
                _, writable, _ = select.select([], [fd], [], min(left, _POLL * 4))
                if writable:
                    try:
                        n = os.write(fd, data)
                    except BlockingIOError:
                        continue
                    data = data[n:]
                elif not self._alive():
                    raise BrokenPipeError
        except (BrokenPipeError, OSError, ValueError):
            code = self._exit_status()
            self._fail(EngineCrashed(f"engine closed its input (exit status {code})"))

    def _wait_line(self, timeout: float, *, what: str, deadline_hit: bool) -> Any:
        """The next raw line; notices an engine that exited while a child holds its stdout."""
        end = time.monotonic() + timeout
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            left = end - now
            try:
                return self._lines.get(timeout=max(0.0, min(left, _POLL)))
            except queue.Empty:
                pass
            now = time.monotonic()
            if exited_at is None and not self._alive():
                exited_at = now
            if exited_at is not None and now - exited_at >= EXIT_GRACE:
                code = self._exit_status()
                cls = HandshakeError if what == "the handshake" else EngineCrashed
                self._fail(cls(f"engine exited before {what} (exit status {code}); a process "
                               f"it started still held its output open"))
            if now >= end:
                if what == "the handshake":
                    self._fail(HandshakeError(f"no {what} within {timeout:g} s"))
                if deadline_hit:
                    self._fail(EngineTimeout(f"case deadline of {self.deadline_seconds:g} s reached "
                                             f"while waiting for the {what}"))
                self._fail(EngineTimeout(f"no {what} within {timeout:g} s"))

    def _read_line(self, timeout: float, *, what: str, deadline_hit: bool = False) -> str:
        raw = self._wait_line(timeout, what=what, deadline_hit=deadline_hit)
        if raw is _EOF:
            code = self._exit_status(grace=2.0)  # under load, exiting can lag closing
            detail = f"exit status {code}" if code is not None else "stdout closed"
            cls = HandshakeError if what == "the handshake" else EngineCrashed
            self._fail(cls(f"engine exited before {what} ({detail})"))
        if not raw.endswith(b"\n") and len(raw) > MAX_LINE:
            self._fail(EngineLimit(f"line longer than {MAX_LINE} bytes"))
        try:
            return raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            return self._fail(EngineGarbage(f"line is not UTF-8: {raw[:80]!r}"))

    def _budget(self, op: str) -> tuple[float, bool]:
        """Seconds this request may take, and whether the case deadline is what limits it."""
        if self.deadline is None:
            return self.timeout, False
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise CaseDeadline(f"case deadline of {self.deadline_seconds:g} s reached before {op}")
        return (left, True) if left < self.timeout else (self.timeout, False)

    # -- pipelining -----------------------------------------------------------------------
    def pipeline(self, requests: Sequence[tuple[str, Mapping[str, Any]]]) -> int:
        """Write these requests now, before their turn, if the engine's handshake claims
        ``pipelining``; :meth:`request` then reads their responses in order instead of
        sending them again, so a case costs one round trip, not one per request.  Each
        response is still read, checked and judged when the case asks for it, in order.  A
        request other than the next one written ahead first discards the responses still
        due (:meth:`drain`).  Returns how many requests were written (0: not claimed).
        At most :data:`PIPELINE_BYTES` of request text go ahead at once."""
        caps = self.start()
        if caps.handshake.get("capabilities", {}).get("pipelining") is not True or not requests:
            return 0
        self.drain()
        timeout, _ = self._budget("the requests written ahead")
        lines: list[str] = []
        size = 0
        for op, fields in requests:
            rid = self._new_id()
            line = dumps({"id": rid, "op": op, **fields}) + "\n"
            size += len(line)
            if lines and size > PIPELINE_BYTES:
                break
            lines.append(line)
            self._ahead.append((rid, op, dumps({"op": op, **fields})))
        self.requests += len(lines)
        self._write_text("".join(lines), timeout)
        return len(lines)

    def drain(self) -> None:
        """Read and discard the responses to requests written ahead and never asked for (a
        case that stopped early).  An engine that fails to answer them is killed (the next
        request starts it afresh); the fault is recorded, not raised: the case's verdict
        came from the responses it read."""
        while self._ahead:
            rid, op, _ = self._ahead.popleft()
            try:
                self._read_line(self.timeout, what=f"response to {op} (id {rid}, written ahead)")
            except EngineFault:
                return   # _fail recorded it and killed the engine (which cleared _ahead)

    def request(self, op: str, **fields: Any) -> Response:
        """Send one request and return its response; raise an EngineFault if the engine misbehaves."""
        self._budget(op)
        if self._ahead:
            rid, ahead_op, key = self._ahead[0]
            if ahead_op == op and key == dumps({"op": op, **fields}):
                self._ahead.popleft()     # written already: read its response
                return self._response(rid, op, *self._budget(op), time.monotonic())
            self.drain()
        self.start()
        timeout, deadline_hit = self._budget(op)
        rid = self._new_id()
        msg = {"id": rid, "op": op, **fields}
        self.requests += 1
        t0 = time.monotonic()
        self._write(msg, timeout)
        return self._response(rid, op, timeout, deadline_hit, t0)

    def _response(self, rid: int, op: str, timeout: float, deadline_hit: bool, t0: float) -> Response:
        left = max(0.0, timeout - (time.monotonic() - t0))
        line = self._read_line(left, what=f"response to {op} (id {rid})", deadline_hit=deadline_hit)
        try:
            return check_response(line, rid, op, validate=self.validate, elapsed=time.monotonic() - t0)
        except EngineFault as fault:
            return self._fail(fault)


#: how long, after the engine's group is killed, its pipes may stay open before whatever still
#: holds them is looked for and killed
STRAY_GRACE = 0.5


def close_streams(proc: subprocess.Popen) -> None:
    for stream in (proc.stdin, proc.stdout, proc.stderr):
        try:
            if stream:
                stream.close()
        except (OSError, ValueError):
            pass


def kill_pipe_holders(inodes: set[int], *, session: int | None = None) -> list[int]:
    """SIGKILL every process (but this one) that holds one of the pipes ``inodes`` open or
    belongs to the session ``session``: the engine's daemons, wherever they went
    (``setsid``, double fork). Returns their pids. Linux ``/proc``; elsewhere nothing."""
    me = os.getpid()
    wanted = {f"pipe:[{i}]" for i in inodes}
    killed: list[int] = []
    try:
        pids = [int(d) for d in os.listdir("/proc") if d.isdigit()]
    except OSError:  # pragma: no cover - no /proc
        return killed
    for pid in pids:
        if pid in (me, session):  # this process; the engine itself (killed, not yet reaped)
            continue
        hit = False
        if session is not None:
            try:
                hit = os.getsid(pid) == session
            except OSError:
                continue
        if not hit and wanted:
            try:
                fds = os.listdir(f"/proc/{pid}/fd")
            except OSError:
                continue
            for fd in fds:
                try:
                    if os.readlink(f"/proc/{pid}/fd/{fd}") in wanted:
                        hit = True
                        break
                except OSError:
                    continue
        if hit:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            except OSError:
                pass
    return killed


def python_engine_argv(*args: str) -> list[str]:
    """argv that serves the built-in reference engine (``riskspec engine`` in this interpreter)."""
    return [sys.executable, "-m", "riskspec.cli", "engine", *args]


class SessionClient:
    """The EngineClient interface over a server session in this process (no subprocess): each
    request is written and each answer read as JSON text, so what is tested is what the
    protocol carries.  ``session.handle(line)`` answers one request line (the reference's
    :class:`riskspec.conformance.server.Session`, the adapter kit's)."""

    def __init__(self, session: Any, capabilities: Capabilities) -> None:
        self.session = session
        self.capabilities = capabilities
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

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class InProcessClient(SessionClient):
    """A :class:`SessionClient` of an engine API served by riskspec's own server session; used
    for fast self-checks of the reference engine."""

    def __init__(self, api: Any, capabilities: Mapping[str, Any], name: str = "in-process",
                 version: str = "0") -> None:
        from riskspec.conformance.server import Session, handshake
        super().__init__(Session(api, capabilities), Capabilities(handshake(name, version, capabilities)))


_local = threading.local()


def shared_reference_client() -> InProcessClient:
    """This thread's in-process client of the reference engine, made on first use (the
    suite's own replays: claims under other readings, attribution)."""
    client = getattr(_local, "client", None)
    if client is None:
        client = _local.client = reference_client()
    return client


def reference_client() -> InProcessClient:
    """An in-process client of the reference engine: the handshake ``riskspec engine`` sends
    (all capabilities, the package version), without a subprocess."""
    from riskspec import __version__
    from riskspec.conformance.reference_api import ReferenceAPI, capabilities
    return InProcessClient(ReferenceAPI(), capabilities(), name="riskspec-reference",
                           version=__version__)
