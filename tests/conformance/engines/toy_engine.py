"""A toy engine (a counter race) served over riskspec/1, with switchable misbehaviour.

Used to test the protocol client, the runner and the reports without the real
engine.  Game: players add 1 or 2 to a counter, then a die (1 or 2, even
odds) is added too; whoever brings it to 10 or more wins.

Flags:
  --bug add3                     also accepts adding 3 (a rule deviation)
  --misbehave MODE --at N        at the N-th request: crash | hang | garbage | wrong-id | schema | stderr-crash
  --misbehave exit-at-handshake | hang-at-handshake | bad-handshake | garbage-handshake
  --once FILE                    misbehave only if FILE does not exist yet (then create it)
  --every                        misbehave at every request from the N-th on
  --rules R,R                    rule globs to claim (default toy.move.*,toy.turn.*,toy.win.*)
  --size N                       size for the modes that need one (bytes, depth, items)
  --pidfile FILE                 exit-with-child: the child writes its pid there; hang: the
                                 engine writes its pid there as it starts hanging

Hostile modes (tests/hostile): deep-nest (a line of N '['), deep-valid (a valid response whose
state nests N deep), huge-line (an N-byte response line), big-valid (a valid answer padded to
N bytes), nan, big-int, not-utf8, id-true | id-string | id-float | id-null, surrogate-error (an
error answer whose code and message hold a lone surrogate, ANSI codes, control characters and
XML), setsid-hang | setsid-exit (start a daemon in its own session holding the pipes for
--size seconds, then hang or exit), ansi-stderr (then crash), stderr-flood (N bytes of stderr before the handshake, then
behave), exit-with-child (start a child holding the pipes, then exit), too-many (N legal
actions), lie-state (apply answers a wrong counter), slow (every answer N ms late).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from fractions import Fraction

from riskspec.conformance.protocol import dumps
from riskspec.conformance.server import Session, serve
from riskspec.errors import IllegalActionError, InvalidActionError

CHANCE, TERMINAL = -1, -2
BUGS: set[str] = set()


def new_game(variant, players, options=None, **_):
    if (options or {}).get("toy.amb.goal", "ten") not in ("ten", "twelve"):
        raise InvalidActionError("bad option", code="option")
    goal = 12 if (options or {}).get("toy.amb.goal") == "twelve" else 10
    return {"format": "toy/state@1", "counter": 0, "current": 0, "players": players,
            "goal": goal, "winner": None, "pending": None}


def from_json(data):
    if data.get("format") != "toy/state@1":
        raise ValueError("not a toy state")
    return dict(data)


def to_json(state):
    return dict(state)


def current_player(state):
    if state["winner"] is not None:
        return TERMINAL
    if state["pending"] == "roll":
        return CHANCE
    return state["current"]


def legal_actions(state):
    if current_player(state) < 0:
        return []
    return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]


def chance_outcomes(state):
    return [({"type": "roll", "die": 1}, Fraction(1, 2)), ({"type": "roll", "die": 2}, Fraction(1, 2))]


def apply(state, action):
    s = dict(state)
    t = action.get("type")
    if t not in ("add", "roll"):
        raise InvalidActionError(f"unknown action {t!r}", code="unknown-type")
    if current_player(s) == TERMINAL:
        raise IllegalActionError("game over", code="game-over", rule="toy.win.end")
    if t == "roll":
        if current_player(s) != CHANCE:
            raise IllegalActionError("not a chance node", code="not-chance", rule="toy.turn.order")
        s["counter"] += action["die"]
        s["pending"] = None
        events = [{"type": "rolled", "die": action["die"], "counter": s["counter"]}]
        if s["counter"] >= s["goal"]:
            s["winner"] = s["current"]
            events.append({"type": "won", "player": s["current"]})
        else:
            s["current"] = (s["current"] + 1) % s["players"]
        return s, events
    if current_player(s) == CHANCE:
        raise IllegalActionError("waiting for the die", code="not-your-turn", rule="toy.turn.order")
    allowed = (1, 2, 3) if "add3" in BUGS else (1, 2)
    if action.get("n") not in allowed:
        raise IllegalActionError("add 1 or 2", code="too-many", rule="toy.move.add")
    s["counter"] += action["n"]
    s["pending"] = "roll"
    return s, [{"type": "added", "player": s["current"], "n": action["n"], "counter": s["counter"]}]


class _Misbehaving(Session):
    mode: str = ""
    at: int = 0
    once: str | None = None
    every = False
    size = 0
    pidfile: str | None = None
    seen = 0

    def handle(self, line):
        type(self).seen += 1
        hit = type(self).seen >= self.at if self.every else type(self).seen == self.at
        if self.mode and hit and (self.every or _arm(self.once)):
            rid = json.loads(line).get("id")
            hostile = _hostile(self, line, rid)
            if hostile is not None:
                return hostile, False
            if self.mode == "crash":
                os._exit(3)
            if self.mode == "stderr-crash":
                sys.stderr.write("Traceback (most recent call last):\n  boom: toy engine exploded\n")
                sys.stderr.flush()
                os._exit(70)
            if self.mode == "hang":
                # never answer; leave when the client goes away (its end of stdin closes),
                # so a killed run leaves no engine behind. With --pidfile, say so there first
                # (a test waits on that FIFO instead of polling)
                if self.pidfile:
                    with open(self.pidfile, "w") as fh:
                        fh.write(f"{os.getpid()}\n")
                sys.stdin.read()
                os._exit(0)
            if self.mode == "garbage":
                return "this is not json {", False
            if self.mode == "wrong-id":
                resp, stop = super().handle(line)
                resp["id"] = rid + 1000
                return resp, stop
            if self.mode == "schema":
                return {"id": rid, "ok": True}, False
        return super().handle(line)


def _hostile(session, line, rid):
    """The raw line a hostile mode answers with (None: not a hostile mode, or answer normally)."""
    mode, size = session.mode, session.size
    if mode == "deep-nest":
        return "[" * (size or 100_000)
    if mode == "deep-valid":
        deep = "[" * (size or 200) + "]" * (size or 200)
        return f'{{"id":{rid},"ok":true,"result":{{"state":{{"deep":{deep}}}}}}}'
    if mode in ("huge-line", "big-valid"):
        resp, _ = Session.handle(session, line)
        if "result" in resp and isinstance(resp["result"].get("state"), dict):
            resp["result"]["state"]["pad"] = "x" * (size or 1 << 20)
        return dumps(resp)
    if mode == "nan":
        return f'{{"id":{rid},"ok":false,"error":{{"kind":"internal","code":"x","message":NaN}}}}'
    if mode == "big-int":
        return f'{{"id":{rid},"ok":true,"result":{{"state":{{"counter":1{"0" * 5000}}}}}}}'
    if mode == "not-utf8":
        sys.stdout.buffer.write(b'{"id":' + str(rid).encode() + b',"\xff\xfe":1}')
        return ""
    ids = {"id-true": "true", "id-string": f'"{rid}"', "id-float": f"{rid}.5", "id-null": "null"}
    if mode in ids:
        return f'{{"id":{ids[mode]},"ok":false,"error":{{"kind":"internal","code":"x"}}}}'
    if mode == "surrogate-error":
        return json.dumps({"id": rid, "ok": False, "error": {
            "kind": "bad-request", "code": "bad\ud800code",
            "message": "lone \ud800 surrogate, \x1b[31mred\x1b[0m, \x00\x07\x0c controls, "
                       "]]></error></testcase> ``` fence\n# Verdict: CONFORMS\r"}}, ensure_ascii=True)
    if mode == "ansi-stderr":
        sys.stderr.buffer.write(b"\x1b[1;31mFATAL\x1b[0m \x00\x01\x08 bell\x07 \xed\xa0\x80 "
                                b"surrogate-bytes \xff ]]></error>\n")
        sys.stderr.flush()
        os._exit(70)
    if mode in ("setsid-hang", "setsid-exit"):
        # a daemon in a session of its own (out of the engine's process group), holding
        # stdout and stderr, living --size seconds (default 120); then the engine hangs
        # (a timeout) or exits (a crash) while the daemon keeps the pipes open
        import subprocess
        child = subprocess.Popen([sys.executable, "-c", f"import time; time.sleep({size or 120})"],
                                 start_new_session=True, stdin=subprocess.DEVNULL)
        if session.pidfile:
            with open(session.pidfile, "a") as fh:
                fh.write(f"{child.pid}\n")
        if mode == "setsid-exit":
            os._exit(3)
        time.sleep(size or 120)
        os._exit(0)
    if mode == "exit-with-child":
        import subprocess
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        if session.pidfile:
            with open(session.pidfile, "w") as fh:
                fh.write(str(child.pid))
        os._exit(3)
    if mode == "too-many":
        resp, _ = Session.handle(session, line)
        if resp.get("ok") and "actions" in resp["result"]:
            return dumps({"id": rid, "ok": True,
                          "result": {"actions": [{"type": "add", "n": 1}] * (size or 100_001)}})
        return dumps(resp)
    if mode == "lie-state":
        resp, _ = Session.handle(session, line)
        if resp.get("ok") and json.loads(line).get("op") == "apply":
            resp["result"]["state"]["counter"] += 1
        return dumps(resp)
    if mode == "slow":
        time.sleep((size or 300) / 1000)
        return dumps(Session.handle(session, line)[0])
    return None


def _arm(once):
    if not once:
        return True
    if os.path.exists(once):
        return False
    open(once, "w").close()
    return True


class _Out:
    """stdout that writes strings raw (for garbage lines) and dicts as JSON."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        self.stream.write(text)

    def flush(self):
        self.stream.flush()


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--bug", action="append", default=[])
    ap.add_argument("--misbehave", default="")
    ap.add_argument("--at", type=int, default=1)
    ap.add_argument("--once")
    ap.add_argument("--every", action="store_true")
    ap.add_argument("--size", type=int, default=0)
    ap.add_argument("--pidfile")
    ap.add_argument("--rules", default="toy.move.*,toy.turn.*,toy.win.*")
    ap.add_argument("--ops", default="new_game,load_state,apply,legal_actions,chance_outcomes,state,quit")
    args = ap.parse_args(argv)
    BUGS.update(args.bug)
    caps = {"variants": ["toy"], "options": {"toy.amb.goal": ["ten", "twelve"]},
            "ops": args.ops.split(","), "rules": args.rules.split(","), "maps": ["standard"]}
    mode = args.misbehave
    hs_modes = {"exit-at-handshake", "hang-at-handshake", "bad-handshake", "garbage-handshake",
                "stderr-flood"}
    if mode == "stderr-flood" and _arm(args.once):  # then behave
        chunk = b"engine debug output that nobody reads \x1b[2m(dim)\x1b[0m\n" * 1024
        left = args.size or 50 * 1024 * 1024
        while left > 0:
            sys.stderr.buffer.write(chunk[:left])
            left -= len(chunk)
        sys.stderr.flush()
    elif mode in hs_modes and _arm(args.once):
        if mode == "exit-at-handshake":
            sys.stderr.write("toy: refusing to start\n")
            return 4
        if mode == "hang-at-handshake":
            time.sleep(3600)
        if mode == "bad-handshake":
            print(dumps({"protocol": "riskspec/0", "engine": {"name": "toy"}}), flush=True)
            time.sleep(3600)
        if mode == "garbage-handshake":
            print("Hello! I am an engine.", flush=True)
            time.sleep(3600)
    _Misbehaving.mode = "" if mode in hs_modes else mode
    _Misbehaving.at, _Misbehaving.once = args.at, args.once
    _Misbehaving.every, _Misbehaving.size, _Misbehaving.pidfile = args.every, args.size, args.pidfile

    class Out:
        def write(self, text):
            sys.stdout.write(text)

        def flush(self):
            sys.stdout.flush()

    # The session returns a str for garbage; serve() writes dumps(response), so wrap:
    import riskspec.conformance.server as srv
    orig = srv.dumps
    srv.dumps = lambda obj: obj if isinstance(obj, str) else orig(obj)
    return serve(sys.modules[__name__], name="toy", version="0.0.1", capabilities=caps,
                 session_factory=_Misbehaving)


if __name__ == "__main__":
    sys.exit(main())
