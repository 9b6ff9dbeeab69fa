"""``riskspec mcp`` answers every request line, however malformed (issue #24).

Raw JSON-RPC lines, as a hostile or broken client writes them: each request gets exactly one
answer (id null when the line has no usable id), scalar tool arguments are strict (``true``
is not 1), every number and query is bounded, and the server keeps answering afterwards.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp", reason="the riskspec[mcp] extra is not installed")

from riskspec.limits import MAX_ARMIES, MAX_QUERY_CHARS, MAX_QUERY_WORDS  # noqa: E402

from .mcp_raw import RawServer, call  # noqa: E402

#: (line, the id the answer carries, what the answer is: "error" code or "tool-error")
NULL_ID = [
    (b"this is not json {", -32700),
    (b"\xff\xfe not utf-8", -32700),
    (b"[" * 100_000, -32700),
    (b'[{"jsonrpc":"2.0","id":5,"method":"ping"}]', -32600),      # a batch
    (b"[]", -32600),
    (b"42", -32600),
    (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600),    # a bool id
    (b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}', -32600),
    (b'{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}', -32600),
]
WITH_ID = [
    (101, b'{"jsonrpc":"2.0","id":101,"method":"tools/list","params":[]}', -32602),
    (102, b'{"jsonrpc":"2.0","id":102,"method":"tools/list","params":"x"}', -32602),
    (103, call(103, "search_rules", {"query": "\ud800 ties"}), -32600),
    (104, b'{"jsonrpc":"2.0","id":104}', -32600),                # no method
    (105, b'{"jsonrpc":"1.0","id":105,"method":"ping"}', -32600),
    (106, b'{"jsonrpc":"2.0","id":106,"method":"no/such/method"}', -32601),
]
TOOL_ERRORS = [
    (201, call(201, "battle_odds", {"attackers": True, "defenders": 1}), "attackers"),
    (202, call(202, "battle_odds", {"attackers": "5", "defenders": 1}), "attackers"),
    (203, call(203, "battle_odds", {"attackers": 3.0, "defenders": 1}), "attackers"),
    (204, call(204, "battle_odds", {"attackers": MAX_ARMIES + 1, "defenders": 1}), f"{MAX_ARMIES}"),
    (205, call(205, "search_rules", {"query": "attack " * 40_000}), f"{MAX_QUERY_CHARS:,}"),
    (206, call(206, "search_rules", {"query": " ".join(f"w{i}" for i in range(MAX_QUERY_WORDS + 1))}),
     f"{MAX_QUERY_WORDS}"),
    (207, call(207, "search_rules", {"query": "ties", "limit": True}), "limit"),
    (208, call(208, "legal_actions", {"state": "[" * 100_000}), "JSON"),
    (209, call(209, "sample_position", {"turn": 10**30}), "turn"),
    (210, call(210, "check_action", {"state": 5, "action": {}}), "state"),
]


def test_every_request_line_gets_one_answer_and_the_server_goes_on():
    server = RawServer()
    try:
        lines = [line for line, _ in NULL_ID] + [line for _, line, _ in WITH_ID] + \
            [line for _, line, _ in TOOL_ERRORS] + [call(999, "battle_odds", {"attackers": 4, "defenders": 1})]
        for line in lines:
            server.send(line)
        answers = server.read(len(lines), timeout=120)
        assert len(answers) == len(lines), f"{len(lines) - len(answers)} requests never answered"
        nulls = [a for a in answers if a.get("id") is None]
        assert sorted(a["error"]["code"] for a in nulls) == sorted(c for _, c in NULL_ID), nulls
        by_id = {a["id"]: a for a in answers if a.get("id") is not None}
        for rid, _, code in WITH_ID:
            assert by_id[rid]["error"]["code"] == code, by_id[rid]
        for rid, _, said in TOOL_ERRORS:
            res = by_id[rid].get("result") or {}
            text = json.dumps(by_id[rid])
            assert res.get("isError") is True or "error" in by_id[rid], by_id[rid]
            assert said in text, (rid, text[:400])
        assert by_id[999]["result"].get("isError") is not True   # still answering, correctly
        assert by_id[999]["result"]["structuredContent"]["attackers"] == 4
    finally:
        err = server.close()
    assert "Traceback" not in err, err[-2000:]
