"""Serve an engine over the riskspec/1 protocol (JSON Lines on stdin/stdout).

:func:`serve` drives any object with the reference engine's functional API
(``new_game``, ``current_player``, ``legal_actions``, ``chance_outcomes``,
``apply``, ``to_json``, ``from_json``, ``CHANCE``, ``TERMINAL``): the reference
engine itself (``riskspec engine``), its deliberately broken mutants
(``riskspec engine --mutant NAME``) and the toy engines of the tests.

One session holds one game at a time; ``new_game`` and ``load_state`` replace it.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import IO, Any

from riskspec import __version__
from riskspec.conformance.errors import UnsupportedRequest
from riskspec.conformance.protocol import (
    OPS,
    PROTOCOL,
    LineError,
    dumps,
    error_response,
    is_valid_id,
    ok_response,
    strict_loads,
)
from riskspec.conformance.untrusted import clean_text
from riskspec.errors import (
    IllegalActionError,
    InvalidActionError,
    OptionError,
    RiskspecError,
    UnknownIdError,
)

#: the longest request line the server reads (bytes); a longer one is answered bad-request
MAX_REQUEST = 32 * 1024 * 1024
#: the most players a request may ask for (a variant's own range is checked by the engine)
MAX_PLAYERS = 64


def _jsonable(obj: Any) -> Any:
    if hasattr(obj, "to_json"):
        return obj.to_json()
    if isinstance(obj, Mapping):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    if isinstance(obj, Fraction):
        return str(obj)
    return obj


def fraction_text(p: Any) -> str:
    f = Fraction(p)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


class Session:
    """The request handlers of one engine process."""

    def __init__(self, api: Any, capabilities: Mapping[str, Any]) -> None:
        self.api = api
        self.capabilities = capabilities
        self.state: Any = None

    # -- helpers ---------------------------------------------------------
    def _need_state(self) -> None:
        if self.state is None:
            raise _Bad("bad-request", "no-game", "no game yet: send new_game or load_state first")

    def _check_variant(self, req: Mapping[str, Any]) -> None:
        variant = req.get("variant")
        if variant not in self.capabilities.get("variants", ()):
            raise _Bad("unsupported", "variant", f"variant {variant!r} is not supported")
        if req.get("map") is not None and "inline" not in self.capabilities.get("maps", ("standard",)):
            raise _Bad("unsupported", "inline-map", "inline maps are not supported")
        if req.get("missions") is not None and \
                "inline" not in self.capabilities.get("missions", ("standard",)):
            raise _Bad("unsupported", "inline-missions", "inline mission decks are not supported")

    def _state_json(self) -> dict:
        return _jsonable(self.api.to_json(self.state))

    @staticmethod
    def _check_setup(req: Mapping[str, Any]) -> None:
        """The types and ranges of new_game / load_state fields, before the engine sees them."""
        if "variant" not in req or "players" not in req:
            raise _Bad("bad-request", "missing-field", "new_game and load_state need variant and players")
        if not isinstance(req["variant"], str):
            raise _Bad("bad-request", "bad-field", "variant must be a string (a variant ID)")
        players = req["players"]
        if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
            raise _Bad("bad-request", "bad-field",
                       f"players must be an integer from 1 to {MAX_PLAYERS}, got {players!r:.40}")
        options = req.get("options")
        if options is not None and (not isinstance(options, dict) or not all(
                isinstance(v, str) for v in options.values())):
            raise _Bad("bad-request", "bad-field", "options must be an object of option ID → choice "
                                                   "(strings)")
        for key in ("map", "missions"):
            if req.get(key) is not None and not isinstance(req[key], dict):
                raise _Bad("bad-request", "bad-field", f"{key} must be an object")

    # -- ops ---------------------------------------------------------------
    def op_new_game(self, req: Mapping[str, Any]) -> dict:
        self._check_setup(req)
        self._check_variant(req)
        kwargs = {k: req[k] for k in ("map", "missions") if req.get(k) is not None}
        self.state = self.api.new_game(req["variant"], req["players"], dict(req.get("options") or {}),
                                       **kwargs)
        return {"state": self._state_json()}

    def op_load_state(self, req: Mapping[str, Any]) -> dict:
        self._check_setup(req)
        if not isinstance(req.get("state"), dict):
            raise _Bad("bad-request", "bad-field", "load_state needs a state object")
        self._check_variant(req)
        try:
            loader = getattr(self.api, "load_state", None)
            if loader is not None:
                self.state = loader(req["state"], variant=req["variant"], players=req["players"],
                                    options=dict(req.get("options") or {}), map=req.get("map"),
                                    **({"missions": req["missions"]} if req.get("missions") is not None
                                       else {}))
            else:
                self.state = self.api.from_json(req["state"])
        except (OptionError, UnknownIdError, UnsupportedRequest):
            raise
        except RiskspecError as exc:
            raise _Bad("invalid-state", getattr(exc, "code", None) or "invalid-state", str(exc)) from exc
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise _Bad("invalid-state", "invalid-state",
                       f"cannot load this state: {type(exc).__name__}: {_short(exc)}") from exc
        return {"state": self._state_json()}

    def op_apply(self, req: Mapping[str, Any]) -> dict:
        action = req.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise _Bad("invalid-action", "malformed", "an action is an object with a string 'type'")
        self._need_state()
        try:
            new_state, events = self.api.apply(self.state, action)
        except RiskspecError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            # a field of the wrong type or shape: the action is malformed, not the engine broken
            raise _Bad("invalid-action", "malformed",
                       f"cannot read this action: {type(exc).__name__}: {_short(exc)}") from exc
        self.state = new_state
        return {"state": self._state_json(), "events": _jsonable(list(events))}

    def op_legal_actions(self, req: Mapping[str, Any]) -> dict:
        self._need_state()
        cur = self.api.current_player(self.state)
        if cur in (self.api.CHANCE, self.api.TERMINAL):
            return {"actions": []}
        return {"actions": _jsonable(list(self.api.legal_actions(self.state)))}

    def op_chance_outcomes(self, req: Mapping[str, Any]) -> dict:
        self._need_state()
        if self.api.current_player(self.state) != self.api.CHANCE:
            return {"outcomes": []}
        return {"outcomes": [{"outcome": _jsonable(o), "p": fraction_text(p)}
                             for o, p in self.api.chance_outcomes(self.state)]}

    def op_state(self, req: Mapping[str, Any]) -> dict:
        self._need_state()
        return {"state": self._state_json()}

    # -- dispatch -------------------------------------------------------------
    def handle(self, line: str) -> tuple[dict, bool]:
        """The response to one request line, and whether to stop afterwards. Never raises."""
        req, answer = parse_request(line, self.capabilities.get("ops", ()))
        if answer is not None:
            return answer, req is None and answer.get("ok") is True
        assert req is not None  # noqa: S101 - parse_request gives one of the two
        rid, op = req["id"], req["op"]
        try:
            return ok_response(rid, getattr(self, "op_" + op)(req)), False
        except _Bad as exc:
            return error_response(rid, exc.kind, exc.code, str(exc)), False
        except UnsupportedRequest as exc:
            return error_response(rid, "unsupported", exc.code, str(exc)), False
        except IllegalActionError as exc:
            return error_response(rid, "illegal-action", exc.code, str(exc), exc.rule), False
        except InvalidActionError as exc:
            return error_response(rid, "invalid-action", exc.code, str(exc), exc.rule), False
        except (OptionError, UnknownIdError) as exc:
            return error_response(rid, "unsupported", "option", str(exc)), False
        except KeyError as exc:
            return error_response(rid, "bad-request", "missing-field", f"missing field {_short(exc)}"), False
        except RiskspecError as exc:
            return error_response(rid, "bad-request", getattr(exc, "code", None) or "error", str(exc)), False
        except Exception as exc:  # the engine failed: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            return error_response(rid, "internal", "exception",
                                  f"{type(exc).__name__}: {_short(exc, 500)}"), False


def parse_request(line: str, ops: Any) -> tuple[dict | None, dict | None]:
    """One request line, read as every riskspec/1 server reads it (the reference engine and
    every adapter of the kit): (the request, None) when it names an op to run, else (None,
    the answer): strict JSON nested at most 64 deep (a 5,000-level line is a bad-request,
    never a RecursionError), an object with an integer id >= 0 (``-1``: said why), ``quit``
    (an ok answer; the caller stops), an op not among ``ops`` (unsupported)."""
    try:
        req = strict_loads(line)
    except LineError as exc:
        return None, error_response(None, "bad-request", exc.code, f"request is {exc}")
    rid = req.get("id") if isinstance(req, dict) else None
    if not is_valid_id(rid):  # echo only what the response schema allows
        why = ("a request is a JSON object" if not isinstance(req, dict) else
               "a request needs an id" if "id" not in req else
               f"its id {_short(rid, 40)} is not a JSON integer from 0 to 2^63-1 (ids are "
               f"echoed in answers, and the protocol's ids are never negative)")
        return None, error_response(None, "bad-request", "no-id",
                                    f"{why}: a request is a JSON object with an integer id")
    op = req.get("op")
    if op == "quit":
        return None, ok_response(rid, {})
    if not isinstance(op, str) or op not in OPS or op not in ops:
        return None, error_response(rid, "unsupported", "op", f"unknown or unsupported op {_short(op)}")
    return req, None


def serve_lines(handle: Callable[[str], tuple[dict, bool]], first: Mapping[str, Any], *,
                stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """The serve loop of every riskspec/1 server (``riskspec engine`` and the adapter kit):
    ``first`` (the handshake), then one answer line per request line (:func:`read_lines`,
    :func:`encode_line`) until ``quit`` or end of input. ``handle`` never stops the loop:
    an exception it lets out (a RecursionError deep in an engine) is answered ``internal``
    and the next request is read. A closed stdout (SIGPIPE, the client gone) or an
    interrupt ends it quietly: exit status 0, no traceback."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        stdout.write(dumps(dict(first)) + "\n")
        stdout.flush()
        for line in read_lines(stdin):
            if isinstance(line, dict):  # a line the reader refused (too long, not UTF-8)
                response, stop = line, False
            elif not line.strip():
                continue
            else:
                try:
                    response, stop = handle(line)
                except (RecursionError, MemoryError) as exc:
                    response, stop = error_response(None, "internal", "exception",
                                                    f"{type(exc).__name__} while answering"), False
            stdout.write(encode_line(response) + "\n")
            stdout.flush()
            if stop:
                break
    except (BrokenPipeError, ConnectionResetError):
        _quiet_stdout()
    except KeyboardInterrupt:
        return 130
    return 0


def _quiet_stdout() -> None:
    """stdout is a broken pipe: point it at /dev/null, so the flush at exit says nothing."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _short(obj: Any, limit: int = 120) -> str:
    """A bounded repr of request content for an error message (escapes any odd character)."""
    text = repr(obj) if not isinstance(obj, BaseException) else repr(str(obj))[1:-1]
    return text if len(text) <= limit else text[:limit] + " …"


def encode_line(response: Mapping[str, Any]) -> str:
    """A response as one strict-JSON line; a response that cannot be encoded (an engine
    state holding NaN, a lone surrogate …) becomes an internal error with the same id. The
    strings of an error answer quote request content (a lone surrogate in a territory name):
    they are made printable first, so an error answer always encodes."""
    err = response.get("error") if isinstance(response, Mapping) else None
    if isinstance(err, Mapping):
        response = {**response, "error": {k: clean_text(v) if isinstance(v, str) else v
                                          for k, v in err.items()}}
    try:
        text = dumps(response)
        text.encode("utf-8")
        return text
    except (ValueError, TypeError, UnicodeError, RecursionError) as exc:
        rid = response.get("id") if is_valid_id(response.get("id")) else None
        return dumps(error_response(rid, "internal", "unencodable",
                                    f"the response could not be written as JSON: {type(exc).__name__}"))


class _Bad(Exception):
    def __init__(self, kind: str, code: str, message: str) -> None:
        self.kind, self.code = kind, code
        super().__init__(message)


def handshake(name: str, version: str, capabilities: Mapping[str, Any]) -> dict:
    return {"protocol": PROTOCOL, "engine": {"name": name, "version": version},
            "capabilities": dict(capabilities)}


def serve(api: Any, *, name: str, version: str = __version__,
          capabilities: Mapping[str, Any], stdin: IO[str] | None = None,
          stdout: IO[str] | None = None,
          session_factory: Callable[[Any, Mapping[str, Any]], Session] = Session) -> int:
    """Answer requests until ``quit`` or end of input. Returns the process exit code."""
    session = session_factory(api, capabilities)
    return serve_lines(session.handle, handshake(name, version, capabilities), stdin=stdin,
                       stdout=stdout)


def read_lines(stdin: IO[str]) -> Any:
    """Request lines from ``stdin``, at most :data:`MAX_REQUEST` bytes each; a longer line or one
    that is not UTF-8 is yielded as the bad-request response it gets (and skipped)."""
    raw = getattr(stdin, "buffer", None)
    while True:
        if raw is not None:
            chunk = raw.readline(MAX_REQUEST + 1)
        else:
            chunk = stdin.readline(MAX_REQUEST + 1)
        if not chunk:
            return
        if len(chunk) > MAX_REQUEST and not chunk.endswith(b"\n" if raw is not None else "\n"):
            while chunk and not chunk.endswith(b"\n" if raw is not None else "\n"):
                chunk = (raw or stdin).readline(1 << 20)
            yield error_response(None, "bad-request", "too-long",
                                 f"request line longer than {MAX_REQUEST} bytes")
            continue
        if raw is None:
            yield chunk
            continue
        try:
            yield chunk.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield error_response(None, "bad-request", "not-utf8", f"request line is not UTF-8: {exc.reason} "
                                                                  f"at byte {exc.start}")
