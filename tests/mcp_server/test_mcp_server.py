"""``riskspec mcp`` driven by the official MCP SDK's own client over stdio."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from riskspec.errors import MissingExtraError
from riskspec.loading import load_spec

TOOLS = {"list_variants", "search_rules", "explain_rule", "explain_ambiguity", "battle_odds",
         "sample_position", "check_action", "legal_actions"}


def _session(script: Any, errlog: Path) -> Any:
    mcp = pytest.importorskip("mcp", reason="the riskspec[mcp] extra is not installed "
                                            "(pip install -e '.[mcp]')")
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async def main() -> Any:
        params = StdioServerParameters(command=sys.executable,
                                       args=["-m", "riskspec.cli", "mcp"])
        # the server's stderr to a real file: pytest's capture may close sys.stderr
        with errlog.open("w", encoding="utf-8") as err:
            async with mcp.Client(stdio_client(params, errlog=err),
                                  read_timeout_seconds=120) as client:
                return await script(client)

    return asyncio.run(main())


def test_the_server_answers_over_stdio(tmp_path: Path) -> None:
    spec = load_spec()

    async def script(c: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": {t.name for t in (await c.list_tools()).tools}}
        for name, args in [
            ("search", ("search_rules", {"query": "ties defender dice", "limit": 5})),
            ("rule", ("explain_rule", {"rule_id": "classic.attack.ties"})),
            ("amb", ("explain_ambiguity", {"ambiguity_id": "classic.amb.tie-rule"})),
            ("odds", ("battle_odds", {"attackers": 2, "defenders": 1})),
            ("odds3", ("battle_odds", {"attackers": 4, "defenders": 1})),
            ("unknown", ("explain_rule", {"rule_id": "classic.attack.tie"})),
            ("bad_odds", ("battle_odds", {"attackers": 0, "defenders": 1})),
            ("position", ("sample_position", {"variant": "classic", "players": 3, "seed": 1})),
        ]:
            out[name] = await c.call_tool(*args)
        state = out["position"].structured_content["state"]
        me = out["position"].structured_content["to_act"]
        theirs = next(t for t, v in state["territories"].items() if v["owner"] != me)
        mine = next(t for t, v in state["territories"].items() if v["owner"] == me)
        out["illegal"] = await c.call_tool("check_action", {
            "state": state, "action": {"type": "place", "territory": theirs}})
        out["legal"] = await c.call_tool("check_action", {
            "state": state, "action": {"type": "place", "territory": mine}})
        out["listing"] = await c.call_tool("legal_actions", {"state": state})
        # the same position as its one-line notation (docs/notation.md)
        line = out["position"].structured_content["notation"]
        out["by_line"] = await c.call_tool("check_action", {
            "state": line, "action": {"type": "place", "territory": mine}})
        out["bad_line"] = await c.call_tool("legal_actions", {"state": line.replace(" ", "  ", 1)})
        out["mine"], out["theirs"], out["me"] = mine, theirs, me
        out["before"] = state
        return out

    r = _session(script, tmp_path / "server.err")
    assert "Traceback" not in (tmp_path / "server.err").read_text("utf-8")
    assert r["tools"] == TOOLS

    hits = r["search"].structured_content["result"]
    assert hits[0]["id"] == "classic.attack.ties"
    assert all(c["source"] in spec.sources for h in hits for c in h["sources"])
    assert all(h["sources"] for h in hits)

    rule = r["rule"].structured_content
    assert rule["statement"] == spec.rules["classic.attack.ties"].statement.strip()
    assert rule["parameters"]["attack.ties"]["classic"] == "defender"   # the tie goes to the defender
    assert [c["source"] for c in rule["sources"]] == [
        c.source for c in spec.rules["classic.attack.ties"].sources]

    amb = r["amb"].structured_content
    expected = spec.ambiguities["classic.amb.tie-rule"]
    assert [x["id"] for x in amb["readings"]] == [x.id for x in expected.readings]
    assert amb["resolutions"]["classic"]["reading"] == expected.resolutions["classic"].reading

    # 2 armies against 1: one die each, the attacker needs a strictly higher face: 15/36
    assert r["odds"].structured_content["p_conquer"]["exact"] == "5/12"
    # 4 against 1: three dice against one, the defender's die must be beaten by the best of
    # three: 1 - sum_{k=1..6} (k/6)^3 / 6 = 1 - 441/1296 = 855/1296 = 95/144 per roll; a miss
    # costs one army (4 -> 3: two dice, 1 - 91/216 = 125/216; 3 -> 2: one die, 5/12)
    p2, p1 = 125 / 216, 5 / 12
    want = 95 / 144 + (49 / 144) * (p2 + (1 - p2) * p1)
    assert r["odds3"].structured_content["p_conquer"]["decimal"] == pytest.approx(want)

    assert r["unknown"].is_error and "did you mean classic.attack.ties" in r["unknown"].content[0].text
    assert r["bad_odds"].is_error and "attackers is a whole number" in r["bad_odds"].content[0].text

    illegal = r["illegal"].structured_content
    assert illegal["legal"] is False and illegal["code"] == "not-owner"
    assert illegal["rule"]["id"] == "classic.reinforce.place"
    assert illegal["rule"]["statement"] == spec.rules["classic.reinforce.place"].statement.strip()
    assert illegal["rule"]["sources"]
    legal, mine, me = r["legal"].structured_content, r["mine"], r["me"]
    assert legal["legal"] is True
    assert legal["events"] == [{"type": "placed", "player": me, "territory": mine, "armies": 1}]
    # the resulting position itself, ready to pass back in: one more army where it was placed
    after, before = legal["state"], r["before"]
    assert after["territories"][mine]["armies"] == before["territories"][mine]["armies"] + 1
    assert {t: v for t, v in after["territories"].items() if t != mine} == \
        {t: v for t, v in before["territories"].items() if t != mine}
    by_line = r["by_line"].structured_content
    assert by_line["state"] == legal["state"] and by_line["notation"] == legal["notation"]
    from riskspec.notation import read
    assert read(legal["notation"]) == legal["state"]
    assert r["bad_line"].is_error and "NotationError" in r["bad_line"].content[0].text
    assert "two spaces" in r["bad_line"].content[0].text
    listing, mine, theirs = r["listing"].structured_content, r["mine"], r["theirs"]
    assert {"type": "place", "territory": mine} in listing["legal_actions"]
    assert {"type": "place", "territory": theirs} not in listing["legal_actions"]


def test_a_missing_sdk_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from riskspec.cli import mcp_cmd
    for name in [n for n in sys.modules if n == "mcp" or n.startswith(("mcp.", "mcp_types"))]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "mcp", None)
    monkeypatch.delitem(sys.modules, "riskspec.mcp_server.server", raising=False)
    with pytest.raises(MissingExtraError, match=r'pip install "riskspec\[mcp\]"'):
        mcp_cmd.run(argparse.Namespace(list_tools=False))


def test_list_tools_needs_no_sdk(capsys: pytest.CaptureFixture[str]) -> None:
    from riskspec.cli import main
    assert main(["mcp", "--list-tools"]) == 0
    names = {line.split("(")[0] for line in capsys.readouterr().out.splitlines()}
    assert names == TOOLS
