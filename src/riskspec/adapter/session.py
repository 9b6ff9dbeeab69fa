"""The riskspec/1 session loop: the handshake, then one response line per request line.

Subclass :class:`Adapter`, implement the ops your engine answers, and call
:func:`serve`.  The loop does everything else every adapter used to rewrite:

* prints the handshake (the ops claimed are the methods you implemented);
* parses each line, answers ``bad-request`` for garbage, ``unsupported`` for an op
  or variant you did not claim, ``bad-request`` before any game exists;
* gives :meth:`Adapter.apply` a *copy* of the position, and keeps it only when the
  action succeeded — a refused action leaves the game as it was;
* turns :mod:`riskspec.adapter.errors` into protocol errors and any other exception
  into ``internal`` (traceback on stderr);
* sends whatever the engine prints to stderr, so a chatty engine never corrupts stdout.
"""

from __future__ import annotations

import contextlib
import sys
import traceback
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import IO, Any, ClassVar

from riskspec.adapter.chance import fraction_text
from riskspec.adapter.errors import AdapterError, BadRequest, InvalidAction, Unsupported
from riskspec.adapter.position import Position, State

PROTOCOL = "riskspec/1"
_OPTIONAL_OPS = ("new_game", "load_state", "apply", "legal_actions", "chance_outcomes")


class Adapter:
    """Base class of an adapter: one engine, one game at a time.

    Class attributes make the handshake: ``name``, ``version``, ``variants``, ``rules``
    (IDs or globs), ``options`` (option/ambiguity ID -> the readings honoured), ``maps``,
    ``players`` (the player counts played; None: any).
    Override the ops the engine answers; the others are left out of the handshake.
    """

    name: ClassVar[str] = "unnamed-engine"
    version: ClassVar[str] = "0"
    variants: ClassVar[Sequence[str]] = ("classic",)
    rules: ClassVar[Sequence[str]] = ()
    options: ClassVar[Mapping[str, Sequence[str] | str] | str] = {}
    maps: ClassVar[Sequence[str]] = ("standard",)
    #: the player counts the engine plays (None: every count the variant allows), or
    #: variant -> counts; cases with another count are skipped (``not claimed: players 6``)
    players: ClassVar[Sequence[int] | Mapping[str, Sequence[int]] | None] = None

    # -- the ops (override those the engine answers) ------------------------------------
    def new_game(self, variant: str, players: int, options: Mapping[str, str]) -> Position:
        """A new game (setup begins with chance outcomes: the first player, …)."""
        raise Unsupported("op", "new_game is not implemented")

    def load_state(self, pos: Position, *, players: int, options: Mapping[str, str]) -> Position:
        """Accept a position (raise :class:`~riskspec.adapter.InvalidState` if the engine
        cannot hold it); return the position the engine reads back."""
        raise Unsupported("op", "load_state is not implemented")

    def apply(self, pos: Position, action: Mapping[str, Any]) -> list[dict[str, Any]]:
        """Apply an action or chance outcome to ``pos`` (a copy: edit it freely); the events."""
        raise Unsupported("op", "apply is not implemented")

    def legal_actions(self, pos: Position) -> list[dict[str, Any]]:
        """Every legal action of the player to act (never called at a chance node or game over)."""
        raise Unsupported("op", "legal_actions is not implemented")

    def chance_outcomes(self, pos: Position) -> list[tuple[dict[str, Any], Fraction]]:
        """The outcomes of the chance node ``pos`` (exact probabilities)."""
        raise Unsupported("op", "chance_outcomes is not implemented")

    def is_chance(self, pos: Position) -> bool:
        """Whether the chance player acts at ``pos`` (Classic: battle, draw, setup deals)."""
        return pos.phase in ("battle", "draw", "first-player", "deal", "deal-missions")

    # -- the handshake -------------------------------------------------------------------------
    def implemented_ops(self) -> list[str]:
        ops = [op for op in _OPTIONAL_OPS
               if getattr(type(self), op) is not getattr(Adapter, op)]
        return ops + ["state", "quit"]

    def capabilities(self) -> dict[str, Any]:
        caps: dict[str, Any] = {"variants": list(self.variants),
                "options": self.options if isinstance(self.options, str) else
                {k: (v if isinstance(v, str) else list(v)) for k, v in self.options.items()},
                "ops": self.implemented_ops(), "rules": list(self.rules), "maps": list(self.maps)}
        if self.players is not None:
            caps["players"] = ({k: list(v) for k, v in self.players.items()}
                               if isinstance(self.players, Mapping) else list(self.players))
        return caps

    def handshake(self) -> dict[str, Any]:
        return {"protocol": PROTOCOL, "engine": {"name": self.name, "version": self.version},
                "capabilities": self.capabilities()}


class Session:
    """One engine process: the current position and the request handlers."""

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.position: Position | None = None

    def _check_setup(self, req: Mapping[str, Any]) -> tuple[str, int, dict[str, str]]:
        a = self.adapter
        variant = req.get("variant")
        if variant not in a.variants:
            raise Unsupported("variant", f"variant {variant!r} is not supported")
        if req.get("map") is not None and "inline" not in a.maps:
            raise Unsupported("inline-map", "inline maps are not supported")
        if req.get("missions") is not None:
            raise Unsupported("inline-missions", "inline mission decks are not supported")
        options = dict(req.get("options") or {})
        if not isinstance(a.options, str):
            for key, choice in options.items():
                allowed = a.options.get(key)
                if allowed is None or (allowed != "*" and choice not in allowed):
                    raise Unsupported("option", f"option {key}={choice} is not supported")
        players = req.get("players")
        if not isinstance(players, int):
            raise BadRequest("missing-field", "the request needs an integer 'players'")
        return str(variant), players, options

    def _need(self) -> Position:
        if self.position is None:
            raise BadRequest("no-game", "no game yet: send new_game or load_state first")
        return self.position

    def op_new_game(self, req: Mapping[str, Any]) -> dict[str, Any]:
        variant, players, options = self._check_setup(req)
        self.position = self.adapter.new_game(variant, players, options)
        return {"state": self.position.to_json()}

    def op_load_state(self, req: Mapping[str, Any]) -> dict[str, Any]:
        _, players, options = self._check_setup(req)
        self.position = self.adapter.load_state(Position(req.get("state") or {}),
                                                players=players, options=options)
        return {"state": self.position.to_json()}

    def op_apply(self, req: Mapping[str, Any]) -> dict[str, Any]:
        work = Position(self._need().data)           # a copy: a refused action changes nothing
        action = req.get("action")
        if not isinstance(action, Mapping):
            raise InvalidAction("not-an-object", f"an action is a JSON object, not {action!r}")
        events = self.adapter.apply(work, action)
        self.position = work
        return {"state": work.to_json(), "events": list(events)}

    def op_legal_actions(self, req: Mapping[str, Any]) -> dict[str, Any]:
        pos = self._need()
        if pos.phase == "game-over" or self.adapter.is_chance(pos):
            return {"actions": []}
        return {"actions": self.adapter.legal_actions(Position(pos.data))}

    def op_chance_outcomes(self, req: Mapping[str, Any]) -> dict[str, Any]:
        pos = self._need()
        if not self.adapter.is_chance(pos):
            return {"outcomes": []}
        return {"outcomes": [{"outcome": o, "p": fraction_text(p)}
                             for o, p in self.adapter.chance_outcomes(Position(pos.data))]}

    def op_state(self, req: Mapping[str, Any]) -> dict[str, Any]:
        return {"state": self._need().to_json()}

    def handle(self, line: str) -> tuple[dict[str, Any], bool]:
        """The response to one request line, and whether to stop afterwards. The line is
        read as ``riskspec engine`` reads it (:func:`riskspec.conformance.server.parse_request`:
        strict JSON nested at most 64 deep, an integer id, a claimed op)."""
        from riskspec.conformance.server import parse_request
        req, answer = parse_request(line, self.adapter.implemented_ops())
        if answer is not None:
            return answer, req is None and answer.get("ok") is True
        assert req is not None  # noqa: S101 - parse_request gives one of the two
        rid, op = req["id"], req["op"]
        try:
            with contextlib.redirect_stdout(sys.stderr):     # engine chatter never reaches stdout
                result = getattr(self, "op_" + op)(req)
            return {"id": rid, "ok": True, "result": result}, False
        except AdapterError as exc:
            return _error(rid, exc), False
        except Exception as exc:  # noqa: BLE001 -- the engine failed: say so, keep serving
            traceback.print_exc(file=sys.stderr)
            return {"id": rid, "ok": False, "error": {"kind": "internal", "code": "exception",
                                                      "message": f"{type(exc).__name__}: {exc}"}}, False


def _error(rid: Any, exc: AdapterError) -> dict[str, Any]:
    return {"id": rid, "ok": False, "error": exc.to_error()}


def serve(adapter: Adapter, *, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Print the handshake, answer requests until ``quit`` or end of input; the exit code.

    Lines are read and written as the reference server does (:func:`read_lines`,
    :func:`encode_line`): a request line that is too long or not UTF-8 gets its bad-request
    answer, and every answer is one strict-JSON line."""
    from riskspec.conformance.server import serve_lines
    return serve_lines(Session(adapter).handle, adapter.handshake(), stdin=stdin, stdout=stdout)


__all__ = ["PROTOCOL", "Adapter", "Session", "State", "serve"]
