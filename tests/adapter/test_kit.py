"""The adapter kit (riskspec.adapter): session loop, positions, board names, actions, chance, events."""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from riskspec.adapter import (
    Adapter,
    AdapterError,
    Illegal,
    InvalidAction,
    Position,
    Session,
    actions,
    board,
    chance,
    events,
    parse_action,
    position,
    roll_outcomes,
    scripted_random,
    serve,
)
from riskspec.conformance.check import CheckConfig, check

ROOT = Path(__file__).resolve().parents[2]
PY_ENGINE = ROOT / "conformance" / "examples" / "py-engine" / "engine.py"


class Counter(Adapter):
    """Adds armies to Alaska; refuses after editing the copy; crashes; chats on stdout."""

    name, version = "counter", "1"
    rules = ("classic.reinforce.place",)
    options = {"classic.amb.tie-rule": ("defender-wins",)}  # noqa: RUF012

    def load_state(self, pos, *, players, options):
        return pos

    def apply(self, pos, action):
        if action.get("boom"):
            raise ZeroDivisionError("engine bug")
        pos.add_armies("alaska", 1)
        print("engine chatter")                      # must not reach the protocol's stdout
        if action.get("refuse"):
            raise Illegal("not-owner", "classic.reinforce.place", "refused after editing the copy")
        return [events.placed(0, "alaska")]


def _req(session, **req):
    response, _ = session.handle(json.dumps(req))
    return response


def test_handshake_claims_only_the_ops_implemented():
    caps = Counter().handshake()["capabilities"]
    assert caps["ops"] == ["load_state", "apply", "state", "quit"]
    assert caps["rules"] == ["classic.reinforce.place"] and caps["variants"] == ["classic"]


def test_session_answers_errors_and_keeps_a_refused_action_from_changing_the_game(capsys):
    s = Session(Counter())
    assert s.handle("not json")[0]["error"]["code"] == "not-json"
    assert s.handle('{"op": "state"}')[0]["error"]["code"] == "no-id"
    assert _req(s, id=1, op="state")["error"] == {"kind": "bad-request", "code": "no-game",
                                                  "message": "no game yet: send new_game or load_state first"}
    assert _req(s, id=2, op="legal_actions")["error"]["kind"] == "unsupported"
    st = position("classic", 3, board="alaska=0:5").to_json()
    assert _req(s, id=3, op="load_state", variant="napoleon-basic", players=3, state=st)["error"]["code"] == "variant"
    bad_opt = _req(s, id=4, op="load_state", variant="classic", players=3, state=st,
                   options={"classic.amb.tie-rule": "attacker-wins"})
    assert bad_opt["error"] == {"kind": "unsupported", "code": "option",
                                "message": "option classic.amb.tie-rule=attacker-wins is not supported"}
    assert _req(s, id=5, op="load_state", variant="classic", players=3, state={"format": "x"})["error"]["kind"] \
        == "invalid-state"
    assert _req(s, id=6, op="load_state", variant="classic", players=3, state=st)["ok"]
    refused = _req(s, id=7, op="apply", action={"type": "place", "refuse": True})
    assert refused["error"]["kind"] == "illegal-action" and refused["error"]["rule"] == "classic.reinforce.place"
    assert _req(s, id=8, op="state")["result"]["state"]["territories"]["alaska"]["armies"] == 5
    done = _req(s, id=9, op="apply", action={"type": "place"})
    assert done["result"]["events"] == [{"type": "placed", "player": 0, "territory": "alaska", "armies": 1}]
    assert done["result"]["state"]["territories"]["alaska"]["armies"] == 6
    crash = _req(s, id=10, op="apply", action={"boom": 1})
    assert crash["error"]["kind"] == "internal" and "ZeroDivisionError" in crash["error"]["message"]
    assert _req(s, id=11, op="state")["result"]["state"]["territories"]["alaska"]["armies"] == 6
    captured = capsys.readouterr()
    assert "engine chatter" in captured.err and "engine chatter" not in captured.out
    assert "ZeroDivisionError" in captured.err


def test_serve_writes_the_handshake_then_one_line_per_request_until_quit():
    out = io.StringIO()
    code = serve(Counter(), stdin=io.StringIO('{"id": 1, "op": "state"}\n\n{"id": 2, "op": "quit"}\n'
                                              '{"id": 3, "op": "state"}\n'), stdout=out)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert code == 0 and len(lines) == 3
    assert lines[0]["protocol"] == "riskspec/1" and lines[0]["engine"] == {"name": "counter", "version": "1"}
    assert [x["id"] for x in lines[1:]] == [1, 2] and lines[2] == {"id": 2, "ok": True, "result": {}}


def test_board_reads_the_spec_and_matches_engine_names():
    b = board("classic")
    assert len(b.territories) == 42 and b.bonus["asia"] == 7 and "kamchatka" in b.borders("alaska")
    assert b.held_groups(b.groups["australia"]) == ["australia"]
    assert b.symbol["wild-1"] == "wild" and b.card_territory["alaska"] == "alaska"
    names = b.match_names(["W_US", "E_Africa", "Mid_East", "NW_Territory", "Great Britain"])
    assert names == {"W_US": "western-united-states", "E_Africa": "east-africa", "Mid_East": "middle-east",
                     "NW_Territory": "northwest-territory", "Great Britain": "great-britain"}
    with pytest.raises(AdapterError, match="'Atlantis'"):
        b.match_names(["Alaska", "Atlantis"])
    with pytest.raises(AdapterError, match="both match"):
        b.match_names(["Alaska", "alaska"])


def test_position_reads_and_edits_a_state():
    p = position("classic", 3, board="alaska=0:5 kamchatka=1:3", phase="attack")
    assert (p.owner("alaska"), p.armies("kamchatka"), p.phase, p.current) == (0, 3, "attack", 0)
    p.go("defend", **{"from": "alaska", "to": "kamchatka", "attacker_dice": 3, "chooser": 1})
    assert p.phase == "defend" and p.pending["chooser"] == 1
    p.begin_turn(1)
    assert p.turn == 2 and p.current == 1 and p.flags["conquered"] is False
    copy = Position(p.data)
    copy.add_armies("alaska", 1)
    assert p.armies("alaska") == 5 and copy.armies("alaska") == 6
    p.players[2]["eliminated"] = True
    assert p.next_seat(1) == 0


def test_parse_action_names_the_fault_as_the_reference_does():
    pos = position("classic", 3, board="alaska=0:5")
    assert parse_action({"type": "place", "territory": "alaska"}, pos)["territory"] == "alaska"
    for bad, code in [({"type": "teleport"}, "unknown-type"), ({"type": "place"}, "fields"),
                      ({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": "3"}, "bad-value"),
                      ({"type": "attack", "from": "alaska", "to": "kamchatka", "dice": True}, "bad-value"),
                      ({"type": "place", "territory": "atlantis"}, "unknown-territory"),
                      ({"type": "roll", "attacker": [2, 6], "defender": [1]}, "dice-order"),
                      ({"type": "trade", "cards": ["peru", "joker"], "bonus_territory": None}, "unknown-card"),
                      ([1], "not-an-object")]:
        with pytest.raises(InvalidAction) as err:
            parse_action(bad, pos)
        assert err.value.code == code and err.value.kind == "invalid-action"


def test_action_translators():
    armies = {"alaska": 4, "alberta": 2}
    att = actions.attack_actions([("alaska", "kamchatka"), ("alberta", "ontario")], armies)
    assert [(a["from"], a["dice"]) for a in att] == [("alaska", 1), ("alaska", 2), ("alaska", 3), ("alberta", 1)]
    assert [a["armies"] for a in actions.fortify_actions([("alaska", "alberta")], armies)] == [1, 2, 3]
    assert actions.occupy_actions(2, 3) == [{"type": "occupy", "armies": 2}, {"type": "occupy", "armies": 3}]
    trades = actions.trade_actions([["b", "a", "c"], ["c", "b", "a"]], lambda cards: [None, cards[0]])
    assert trades == [{"type": "trade", "cards": ["a", "b", "c"], "bonus_territory": None},
                      {"type": "trade", "cards": ["a", "b", "c"], "bonus_territory": "a"}]


def test_roll_outcomes_are_exact_and_complete():
    outs = roll_outcomes(3, 2)
    assert sum(p for _, p in outs) == 1 and len(outs) == 56 * 21
    probs = {tuple(o["attacker"] + o["defender"]): p for o, p in roll_outcomes(2, 1)}
    assert probs[(6, 5, 4)] == Fraction(2, 216) and probs[(6, 6, 6)] == Fraction(1, 216)
    assert all(o["attacker"] == sorted(o["attacker"], reverse=True) for o, _ in outs)
    assert chance.draw_outcomes(["a", "b"]) == [({"type": "draw", "card": "a"}, Fraction(1, 2)),
                                                ({"type": "draw", "card": "b"}, Fraction(1, 2))]
    assert chance.fraction_text(Fraction(2, 4)) == "1/2" and chance.fraction_text(1) == "1"


def test_scripted_dice_refuse_to_invent_values():
    mod = type(sys)("fake_engine")
    mod.random = __import__("random")
    with scripted_random(mod, [6, 3]) as dice:
        assert mod.random.randrange(1, 7) == 6 and mod.random.randint(1, 6) == 3
        with pytest.raises(RuntimeError, match="supplies only 2"):
            mod.random.randint(1, 6)
    assert mod.random is __import__("random") and dice.left == 0
    with scripted_random(mod, [9]), pytest.raises(RuntimeError, match="outside"):
        mod.random.randint(1, 6)
    with pytest.raises(RuntimeError, match="used 1 of the 3 scripted values"):   # too few dice rolled
        with scripted_random(mod, [6, 5, 4]):
            mod.random.randint(1, 6)
    with scripted_random(mod, [6, 5], exact=False) as dice:
        mod.random.randint(1, 6)
    assert dice.left == 1


def test_event_constructors_match_the_event_schema():
    from riskspec.validation import validator_for_id
    check_event = validator_for_id("urn:riskspec:schema:event")
    made = [events.turn_started(0, 1), events.reinforcements(0, 14, ["australia"], 6), events.placed(0, "alaska"),
            events.attack_declared(0, "alaska", "kamchatka", 3), events.defence_chosen(1, 2),
            events.battle(0, 1, "alaska", "kamchatka", [6, 5, 1], [5, 5], 1, 1),
            events.conquered(0, "kamchatka", "alaska", 1), events.occupied(0, "alaska", "kamchatka", 3),
            events.eliminated(1, 0), events.cards_captured(0, 1, ["peru"]), events.fortified(0, "a", "b", 2),
            events.turn_ended(0, 1), events.card_drawn(0, "peru"), events.traded(0, ["a", "b", "c"], 4),
            events.victory(0, "classic.victory.domination"), events.game_over(0, "domination"),
            events.event("reshuffled", cards=12), events.claimed(0, "alaska")]
    for ev in made:
        errors = list(check_event.iter_errors(ev))
        assert not errors, (ev, errors[0].message)
    with pytest.raises(AdapterError, match="needs cards"):
        events.event("reshuffled")


def test_python_example_engine_through_riskspec_check(tmp_path):
    cfg = CheckConfig(argv=[sys.executable, str(PY_ENGINE)], quiet=True, reports=[tmp_path / "r.json"], jobs=2)
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 0, rep["failures"][:3]
    assert rep["engine"]["name"] == "py-mini-risk"
    assert rep["totals"]["pass"] >= 15 and rep["totals"]["fail"] == rep["totals"]["error"] == 0
    for rule in ["classic.reinforce.continent-bonus", "classic.attack.ties", "classic.attack.losses"]:
        assert rep["by_rule"][rule]["status"] == "pass", rule
    assert rep["by_rule"]["classic.fortify.path"]["status"] == "not-claimed"


def test_python_example_engine_is_caught_when_it_breaks_a_rule(tmp_path):
    """The same engine with ties going to the attacker fails the tie rule's cases (the suite can fail)."""
    broken = tmp_path / "engine.py"
    broken.write_text(PY_ENGINE.read_text().replace("lost = [x > y for", "lost = [x >= y for"))
    cfg = CheckConfig(argv=[sys.executable, str(broken)], quiet=True, select=["classic.attack.*"])
    code, rep = check(cfg, io.StringIO(), io.StringIO())
    assert code == 1 and rep["by_rule"]["classic.attack.ties"]["status"] == "fail"


def test_driven_game_turns_an_engine_loop_into_questions():
    from riskspec.adapter.driven import AskingRandom, DrivenGame, EngineFailed

    def loop(game):
        rng = AskingRandom(game, "roll")
        total = 0
        while game.ask("go", options=[True, False]):
            total += rng.randint(1, 6)
        if total > 10:
            raise ValueError("too much")
        return total

    g = DrivenGame(loop)
    assert (g.question.kind, g.question.options) == ("go", [True, False])
    assert g.answer(True).kind == "roll" and g.question.info == {"low": 1, "high": 6}
    assert g.answer(4).kind == "go"
    assert g.answer(False) is None and g.finished and g.result == 4
    bad = DrivenGame(loop)
    bad.answer(True)
    bad.answer(11)
    with pytest.raises(EngineFailed, match="too much"):
        bad.answer(False)
    stuck = DrivenGame(loop)
    stuck.close()                                   # an abandoned game unwinds its thread
    assert stuck.finished and stuck.question is None


def test_serve_survives_a_deeply_nested_line_and_answers_every_later_request():
    # issue #24: one 10 KB line of 5,000 levels ended the kit's loop with a RecursionError
    deep = "[" * 5000 + "]" * 5000
    deep_obj = '{"id": 4, "op": "state", "x": ' + "[" * 5000 + "]" * 5000 + "}"
    lines = [deep, deep_obj, '{"id": -1, "op": "state"}', '{"id": 5, "op": "state"}',
             '{"id": 6, "op": "quit"}']
    out = io.StringIO()
    assert serve(Counter(), stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out) == 0
    got = [json.loads(x) for x in out.getvalue().splitlines()][1:]
    assert len(got) == len(lines), got
    assert [g["error"]["code"] for g in got[:2]] == ["too-deep", "too-deep"], got[:2]
    assert got[2]["id"] is None and "never negative" in got[2]["error"]["message"]
    assert got[3]["id"] == 5 and got[3]["error"]["code"] == "no-game"   # still answering
    assert got[4] == {"id": 6, "ok": True, "result": {}}


def test_the_kit_and_the_engine_read_a_request_line_alike():
    """One reader for both servers: the same answer to the same bad line."""
    from riskspec.conformance.reference_api import ReferenceAPI, capabilities
    from riskspec.conformance.server import Session as EngineSession
    engine = EngineSession(ReferenceAPI(), capabilities())
    kit = Session(Counter())
    for line in ["[" * 5000, "not json", '{"op": "state"}', '{"id": -1}', '{"id": true}',
                 '{"id": 1.5, "op": "state"}', '{"id": 1, "op": NaN}', "[]",
                 '{"id": 9, "op": "fly"}', '{"id": 10, "op": "quit"}']:
        assert engine.handle(line) == kit.handle(line), line


@pytest.mark.parametrize("how", ["sigpipe", "eof"])
def test_the_example_engine_ends_quietly_when_the_client_goes(how):
    """SIGPIPE (the reader of its answers is gone) or end of input: exit 0, no traceback."""
    import subprocess
    import sys
    proc = subprocess.Popen([sys.executable, str(PY_ENGINE)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout.readline().startswith(b'{"protocol"')
        if how == "sigpipe":
            proc.stdout.close()           # nobody reads its answers any more
            try:
                for i in range(2000):
                    proc.stdin.write(b'{"id": %d, "op": "state"}\n' % i)
                proc.stdin.flush()
            except BrokenPipeError:
                pass
        try:
            proc.stdin.close()
        except BrokenPipeError:
            pass
        code = proc.wait(timeout=60)
        err = proc.stderr.read().decode("utf-8", "replace")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 0 and "Traceback" not in err and "BrokenPipe" not in err, (code, err)
