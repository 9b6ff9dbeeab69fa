"""Serve an engine over the riskspec/1 protocol (JSON Lines on stdin/stdout).

:func:`serve` drives any object with the reference engine's functional API
(``new_game``, ``current_player``, ``legal_actions``, ``chance_outcomes``,
``apply``, ``to_json``, ``from_json``, ``CHANCE``, ``TERMINAL``): the reference
engine itself (``riskspec engine``), its deliberately broken mutants
(``riskspec engine --mutant NAME``) and the toy engines of the tests.

One session holds one game at a time; ``new_game`` and ``load_state`` replace it.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Mapping
from fractions import Fraction
from typing import Any, IO, Callable

from riskspec import __version__
from riskspec.conformance.protocol import OPS, PROTOCOL, dumps, error_response, ok_response
from riskspec.errors import IllegalActionError, InvalidActionError, OptionError, RiskspecError, UnknownIdError

import json


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

    # -- ops ---------------------------------------------------------------
    def op_new_game(self, req: Mapping[str, Any]) -> dict:
        self._check_variant(req)
        kwargs = {k: req[k] for k in ("map", "missions") if req.get(k) is not None}
        self.state = self.api.new_game(req["variant"], req["players"], dict(req.get("options") or {}),
                                       **kwargs)
        return {"state": self._state_json()}

    def op_load_state(self, req: Mapping[str, Any]) -> dict:
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
        except (OptionError, UnknownIdError):
            raise
        except RiskspecError as exc:
            raise _Bad("invalid-state", getattr(exc, "code", None) or "invalid-state", str(exc)) from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise _Bad("invalid-state", "invalid-state", f"cannot load this state: {exc!r}") from exc
        return {"state": self._state_json()}

    def op_apply(self, req: Mapping[str, Any]) -> dict:
        self._need_state()
        new_state, events = self.api.apply(self.state, req["action"])
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
        """The response to one request line, and whether to stop afterwards."""
        try:
            req = json.loads(line)
        except ValueError as exc:
            return error_response(None, "bad-request", "not-json", f"request is not JSON: {exc}"), False
        if not isinstance(req, dict) or not isinstance(req.get("id"), int):
            return error_response(req.get("id") if isinstance(req, dict) else None, "bad-request",
                                  "no-id", "a request is a JSON object with an integer id"), False
        rid, op = req["id"], req.get("op")
        if op == "quit":
            return ok_response(rid, {}), True
        if op not in OPS or op not in self.capabilities.get("ops", ()):
            return error_response(rid, "unsupported", "op", f"unknown or unsupported op {op!r}"), False
        try:
            return ok_response(rid, getattr(self, "op_" + op)(req)), False
        except _Bad as exc:
            return error_response(rid, exc.kind, exc.code, str(exc)), False
        except IllegalActionError as exc:
            return error_response(rid, "illegal-action", exc.code, str(exc), exc.rule), False
        except InvalidActionError as exc:
            return error_response(rid, "invalid-action", exc.code, str(exc), exc.rule), False
        except (OptionError, UnknownIdError) as exc:
            return error_response(rid, "unsupported", "option", str(exc)), False
        except KeyError as exc:
            return error_response(rid, "bad-request", "missing-field", f"missing field {exc}"), False
        except RiskspecError as exc:
            return error_response(rid, "bad-request", getattr(exc, "code", None) or "error", str(exc)), False
        except Exception as exc:  # the engine failed: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            return error_response(rid, "internal", "exception", f"{type(exc).__name__}: {exc}"), False


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
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    session = session_factory(api, capabilities)
    stdout.write(dumps(handshake(name, version, capabilities)) + "\n")
    stdout.flush()
    for line in stdin:
        if not line.strip():
            continue
        response, stop = session.handle(line)
        stdout.write(dumps(response) + "\n")
        stdout.flush()
        if stop:
            break
    return 0
