"""Issue #24's campaigns (``--runslow``): 10,000 seeded hostile inputs on each surface not
fuzzed before — MCP request lines, ``docs serve`` HTTP paths and headers, the path arguments
of the commands, the adapter kit's serve loop. Each input must be answered (or refused with
one clear line), never with a traceback, never hang, never be accepted wrongly; the counts go
to the hostile tally (and docs/hardening.md)."""

from __future__ import annotations

import http.client
import io
import json
import os
import random
import threading
import time
from pathlib import Path

import pytest
from hostile_tally import TALLY

N = int(os.environ.get("RISKSPEC_CAMPAIGN_N", "10000"))
ATOMS = ["[", "]", "{", "}", '"', ":", ",", "\\", "\\u", "\\ud800", "\x00", "\xff", "1e999",
         "NaN", "-0", "true", "null", "💥", "\u202e", " ", "\n"]


def _junk(rng: random.Random) -> str:
    return "".join(rng.choice(ATOMS) for _ in range(rng.randint(0, 40)))


def _value(rng: random.Random, depth: int = 0):
    pick = rng.randrange(10)
    if depth > 3 or pick < 4:
        return rng.choice([0, -1, 1, 2**63, 10**30, 1.5, True, False, None, "", "x", "\ud800",
                           "a" * rng.randint(0, 3000), float("nan")])
    if pick < 7:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(["id", "state", "action", "x", "\ud800"]): _value(rng, depth + 1)
            for _ in range(rng.randint(0, 4))}


# ------------------------------------------------------------------------------ MCP

def _mcp_line(rng: random.Random, rid: int) -> tuple[bytes, bool]:
    """A hostile line, and whether it carries the usable id ``rid`` (else id null or none)."""
    kind = rng.randrange(8)
    tools = ["search_rules", "battle_odds", "explain_rule", "legal_actions", "check_action",
             "sample_position", "list_variants", "explain_ambiguity", "nope"]
    if kind == 0:
        return _junk(rng).replace("\n", " ").encode("utf-8", "surrogatepass"), False
    if kind == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 60))).replace(b"\n", b" "), False
    if kind == 2:
        return (b"[" * rng.randint(1, 50_000)), False
    msg = {"jsonrpc": "2.0", "id": rid, "method": "tools/call",
           "params": {"name": rng.choice(tools),
                      "arguments": {rng.choice(["query", "attackers", "defenders", "limit", "state",
                                                "action", "turn", "seed", "rule_id", "variant"]):
                                    _value(rng) for _ in range(rng.randint(0, 4))}}}
    if kind == 3:
        msg["params"] = _value(rng)
    if kind == 4:
        msg["method"] = rng.choice(["ping", "tools/list", "x", "", "initialize"])
    if kind == 5:
        msg["id"] = _value(rng)
    try:
        text = json.dumps(msg, allow_nan=True)
    except (TypeError, ValueError):
        return b"{}", False
    usable = isinstance(msg["id"], int) and not isinstance(msg["id"], bool) and msg["id"] == rid
    if kind == 6:
        return (f"[{text}]").encode(), False
    return text.encode("utf-8", "surrogatepass"), usable


def _import_raw():
    import importlib.util
    path = Path(__file__).parents[1] / "mcp_server" / "mcp_raw.py"
    spec = importlib.util.spec_from_file_location("mcp_raw", path)
    mod = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.slow
def test_campaign_mcp_requests():
    pytest.importorskip("mcp")
    raw = _import_raw()
    rng = random.Random(24_001)
    tally = TALLY["mcp requests"]
    server = raw.RawServer()
    rid = 1000
    try:
        for _ in range(0, N, 50):
            want: set[int] = set()
            sent: set = set()     # every id a line of this chunk carries (answers may echo it)
            for _ in range(min(50, N - tally["inputs"])):
                rid += 1
                line, usable = _mcp_line(rng, rid)
                try:
                    carried = json.loads(line).get("id")
                    sent.add(carried if isinstance(carried, (int, str)) else None)
                except (ValueError, RecursionError, AttributeError, TypeError):
                    pass
                server.send(line)
                tally["inputs"] += 1
                if usable:
                    want.add(rid)
            rid += 1
            sentinel = rid
            server.send(json.dumps({"jsonrpc": "2.0", "id": sentinel, "method": "ping"}).encode())
            got: set = set()
            end = time.monotonic() + 120
            while (not want <= got or sentinel not in got) and time.monotonic() < end:
                for ans in server.read(1, timeout=max(0.1, end - time.monotonic())):
                    got.add(ans.get("id"))
                    if ans.get("id") is not None and ans["id"] not in sent and ans["id"] != sentinel:
                        tally["wrongly_accepted"] += 1     # an id no line carried
            if sentinel not in got:
                tally["hangs"] += 1
                break
            tally["lost"] += len(want - got)
        if server.proc.poll() is not None:
            tally["lost"] += 1
    finally:
        err = server.close()
    tally["tracebacks"] += err.count("Traceback")
    assert tally["inputs"] == N
    assert (tally["tracebacks"], tally["hangs"], tally["lost"], tally["wrongly_accepted"]) == (0, 0, 0, 0), \
        (dict(tally), err[-3000:])


# ------------------------------------------------------------------------------ docs serve

def _http_request(rng: random.Random) -> tuple[str, dict[str, str]]:
    parts = ["index.html", "secret.txt", "..", "%00", "%2e%2e", "%ff", "%", "a" * rng.randint(0, 300), "?", "#",
             "%c0%af", "search", "\\", "//", "%20", "ü", "\ud800", ";", "~root"]
    path = "/" + "/".join(rng.choice(parts) for _ in range(rng.randint(0, 6)))
    headers = {}
    for _ in range(rng.randint(0, 3)):
        name = rng.choice(["If-Modified-Since", "Range", "Host", "Accept", "X-" + "h" * 50, "Cookie"])
        headers[name] = rng.choice(["\x00", "bytes=0-", "bytes=99999999999999999999-", "garbage",
                                    "Sun, 06 Nov 1994 08:49:37 GMT", "a" * 2000, ""])
    from urllib.parse import quote
    return quote(path.encode("utf-8", "surrogatepass"), safe="/%?#;~\\.:"), headers


@pytest.mark.slow
def test_campaign_docs_serve_http(tmp_path):
    from riskspec.docsite.build import make_server
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>site</p>")
    (tmp_path / "secret.txt").write_text("SECRET-OUTSIDE-THE-SITE")   # must never be served
    srv = make_server(site, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    rng = random.Random(24_002)
    tally = TALLY["docs serve http"]
    try:
        for _ in range(N):
            path, headers = _http_request(rng)
            tally["inputs"] += 1
            conn = http.client.HTTPConnection(*srv.server_address[:2], timeout=30)
            try:
                conn.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
                for k, v in headers.items():
                    conn.putheader(k, v.encode("latin-1", "replace"))
                conn.endheaders()
                body = conn.getresponse().read()
                if b"SECRET-OUTSIDE" in body:
                    tally["wrongly_accepted"] += 1    # a file outside the site was served
            except TimeoutError:
                tally["hangs"] += 1
            except (http.client.HTTPException, ConnectionError):
                tally["lost"] += 1                    # no answer at all
            finally:
                conn.close()
    finally:
        srv.shutdown()
        srv.server_close()
    assert tally["inputs"] == N
    assert (tally["hangs"], tally["lost"], tally["wrongly_accepted"]) == (0, 0, 0), dict(tally)


# ------------------------------------------------------------------------------ path arguments

PATH_COMMANDS = [
    ["play", "classic", "--log", "{P}"], ["replay", "{P}"], ["validate", "{P}"],
    ["check", "--engine", "/nonexistent/engine", "--report", "{P}"],
    ["check", "--engine", "/nonexistent/engine", "--junit", "{P}"],
    ["check", "--engine", "/nonexistent/engine", "--results", "{P}"],
    ["check", "--engine", "/nonexistent/engine", "--write-expect", "{P}"],
    ["check", "--engine", "/nonexistent/engine", "--expect", "{P}"],
    ["check", "--engine", "/nonexistent/engine", "--vectors", "{P}"],
    ["show", "x.*", "--vectors", "{P}"],
    ["check", "--engine", "/nonexistent/engine", "--fuzz", "1", "--fuzz-save", "{P}"],
]


def _hostile_path(rng: random.Random, work: Path, n: int) -> tuple[Path, Path | None]:
    """A fresh hostile path in ``work``, and the file whose bytes must not change."""
    guard = work / f"guard-{n}"
    guard.write_text("precious")
    p = work / rng.choice([f"p{n}", f"p{n}.json", f".p{n}", f"p{n} x", f"p{n}\u202e"])
    kind = rng.randrange(8)
    if kind == 0:
        p.symlink_to(guard)
    elif kind == 1:
        os.mkfifo(p)
    elif kind == 2:
        p.symlink_to(rng.choice(["/dev/zero", "/dev/null", "/dev/full", "/dev/urandom"]))
    elif kind == 3:
        p.mkdir()
    elif kind == 4:
        p = work / f"missing-{n}" / p.name
    elif kind == 5:
        p.symlink_to(p)                               # a loop
    elif kind == 6:
        p.symlink_to(work / f"nowhere-{n}")           # dangling
    else:
        sub = work / f"linkdir-{n}"
        sub.symlink_to(work)
        p = sub / "inside"
    return p, guard


def _run_quiet(argv: list[str], seconds: float) -> tuple[int | None, str]:
    """``main(argv)`` in a thread, stderr captured; (exit code or None if it hung, stderr)."""
    import contextlib

    from riskspec.cli import main
    err, out = io.StringIO(), io.StringIO()
    box: dict[str, object] = {}

    def go() -> None:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            try:
                box["code"] = main(argv)
            except SystemExit as exc:
                box["code"] = exc.code
            except BaseException as exc:  # noqa: BLE001 - a traceback is what is counted
                box["exc"] = exc
    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        return None, err.getvalue()
    if "exc" in box:
        return -1, f"Traceback: {box['exc']!r}"
    return int(box.get("code") or 0), err.getvalue()


@pytest.mark.slow
def test_campaign_path_arguments(tmp_path):
    rng = random.Random(24_003)
    tally = TALLY["path arguments"]
    work = tmp_path / "w"
    work.mkdir()
    for n in range(N):
        argv = rng.choice(PATH_COMMANDS)
        path, guard = _hostile_path(rng, work, n)
        code, err = _run_quiet([a.replace("{P}", str(path)) for a in argv], 60)
        tally["inputs"] += 1
        if code is None:
            tally["hangs"] += 1
            continue
        if "Traceback" in err:
            tally["tracebacks"] += 1
        # a folder argument may be a folder; a file in a folder reached through a link (like
        # /tmp being a link) is a file like any other
        folder_arg = argv[-2] in ("--out", "--fuzz-save", "--vectors") or argv[0] == "validate" \
            or path.parent.name.startswith("linkdir-")
        accepted = code == 0 or (code == 1 and not folder_arg and argv[0] != "validate")
        if guard.read_text() != "precious" or (accepted and not folder_arg):
            tally["wrongly_accepted"] += 1
        if path.parent.name.startswith("missing-") and path.parent.exists():
            tally["wrongly_accepted"] += 1          # a folder nobody named was created
    assert tally["inputs"] == N
    assert (tally["tracebacks"], tally["hangs"], tally["wrongly_accepted"]) == (0, 0, 0), dict(tally)


# ------------------------------------------------------------------------------ adapter kit

@pytest.mark.slow
def test_campaign_adapter_serve_loop():
    from riskspec.adapter import Adapter, serve

    class Echo(Adapter):
        name, version = "echo", "1"
        rules = ("classic.reinforce.place",)

        def load_state(self, pos, *, players, options):
            return pos

        def apply(self, pos, action):
            return []

    rng = random.Random(24_004)
    tally = TALLY["adapter serve loop"]
    lines = []
    for i in range(N):
        k = rng.randrange(5)
        if k == 0:
            lines.append(_junk(rng).replace("\n", " ").strip() or "x")
        elif k == 1:
            lines.append("[" * rng.randint(1, 20_000))
        else:
            try:
                lines.append(json.dumps({"id": rng.choice([i, -1, True, 1.5, None, "7"]),
                                         "op": rng.choice(["state", "apply", "load_state", "legal_actions",
                                                           "nope", None]),
                                         **{rng.choice(["action", "state", "players", "variant"]): _value(rng)}},
                                        allow_nan=True))
            except (TypeError, ValueError):
                lines.append("{}")
    lines = [ln for ln in lines if ln.strip()]
    tally["inputs"] += len(lines)
    out = io.StringIO()
    errbuf = io.StringIO()
    import contextlib
    with contextlib.redirect_stderr(errbuf):
        code = serve(Echo(), stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()][1:]
    tally["lost"] += max(0, len(lines) - len(answers))
    tally["tracebacks"] += errbuf.getvalue().count("Traceback")
    for line, ans in zip(lines, answers):
        try:
            req = json.loads(line)
        except (ValueError, RecursionError):
            req = None
        good_id = isinstance(req, dict) and type(req.get("id")) is int and req["id"] >= 0
        if ans.get("id") is not None and not good_id:
            tally["wrongly_accepted"] += 1
        if ans.get("ok") and (not good_id or req.get("op") not in ("state", "quit")):
            tally["wrongly_accepted"] += 1   # only state (after a game) and quit can be ok here
    assert code == 0 and len(lines) == N
    assert (tally["tracebacks"], tally["lost"], tally["wrongly_accepted"]) == (0, 0, 0), dict(tally)
