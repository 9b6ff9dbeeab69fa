"""The position notation (``riskspec.notation``): every state of every shipped case, and
states of random games of both families, read back to the same canonical JSON; malformed
lines give a NotationError that names the character at fault, never another exception."""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

import pytest

from riskspec import notation as N
from riskspec.conformance.reference_api import ReferenceAPI
from riskspec.conformance.vectors import default_vectors_dir, load_file, vector_files
from riskspec.errors import RiskspecError
from riskspec.reference import engine as E
from riskspec.reference.driver import play_game
from riskspec.reference.serial import from_dict, to_dict


def canon(x: Any) -> str:
    return json.dumps(x, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def case_states(path: Any) -> list[tuple[str, dict[str, Any]]]:
    """The start of every case of a vector file and the state after each applied step."""
    api = ReferenceAPI()
    out: list[tuple[str, dict[str, Any]]] = []
    for c in load_file(path):
        if c.state is not None:
            st = api.load_state(c.state, variant=c.variant, players=c.players,
                                options=c.options, map=c.map, missions=c.missions)
            out.append((c.id, dict(c.state)))
        else:
            st = api.new_game(c.variant, c.players, c.options, map=c.map, missions=c.missions)
            out.append((c.id, api.to_json(st)))
        for step in c.steps:
            if "action" in step and "error" not in step.get("expect", {}):
                st, _ = E.apply(st, step["action"])
                out.append((c.id, api.to_json(st)))
    return out


FILES = vector_files(default_vectors_dir())


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_case_state_round_trips(path: Any) -> None:
    states = case_states(path)
    assert states
    for cid, state in states:
        line = N.write(state)
        assert canon(N.read(line)) == canon(state), (cid, line)
        assert N.write(N.read(line)) == line, cid


GAMES = [("classic", 3, {}), ("classic", 2, {}), ("classic", 5, {"game-mode": "mission"}),
         ("classic-fr", 4, {}), ("napoleon-basic", 2, {}), ("napoleon-advanced", 3, {}),
         ("napoleon-advanced", 4, {"capitals": "on"})]


@pytest.mark.parametrize("variant,players,options", GAMES, ids=lambda x: str(x))
def test_random_play_round_trips(variant: str, players: int, options: dict[str, str]) -> None:
    seen = 0

    def check(before: Any, action: Any, after: Any, events: Any) -> None:
        nonlocal seen
        seen += 1
        if seen % 7 and E.current_player(after) != E.TERMINAL:
            return
        data = to_dict(after)
        line = N.write(data)
        back = N.read(line)
        assert canon(back) == canon(data), line
        if seen % 70 == 0:  # the line is a state the engine loads
            assert canon(to_dict(from_dict(back))) == canon(data)

    for seed in range(2):
        play_game(variant, players, seed=seed, options=options, max_turns=25, on_step=check)
    assert seen > 50


@lru_cache(maxsize=1)
def sample_lines() -> list[str]:
    return [N.write(to_dict(E.new_game(v, p, o))) for v, p, o in GAMES]


def test_a_typical_line_is_short() -> None:
    data = to_dict(E.new_game("classic", 3))
    line = N.write(data)
    assert len(line) < len(canon(data)) / 10
    assert line.startswith("classic -0*42 A:")


@pytest.mark.parametrize("line,where,words", [
    ("", 0, "empty"),
    ("classic -0*42 A:deal{next=0}", 28, "the seats field is missing"),
    ("classik -0*42 A:deal{next=0} 35/35/35 t0,s0 - 0-43|-", 0, "unknown variant 'classik'"),
    ("classic -0*41 A:deal{next=0} 35/35/35 t0,s0 - 0-43|-", 13, "41 territories"),
    ("classic -0*41,Q1 A:deal{next=0} 35/35/35 t0,s0 - 0-43|-", 14, "seat Q"),
    ("classic -0*42 A:deal{next=0} 35/35/35 t0,s0 - 0-44|-", 48, "card 44"),
    ("classic -0*42 A:deal{next=0 35/35/35 t0,s0 - 0-43|-", 27, "expected ','"),
    ("classic[fortify-pth=connected] -0*42 A:deal{next=0} 35/35/35 t0,s0 - 0-43|-", 8,
     "did you mean fortify-path"),
    ("classic -0*42 A:deal{next=0} 35/35/35 t0,s0 q 0-43|-", 44, "unknown turn flag 'q'"),
    ("classic -0*42 A:deal{next=0}  35/35/35 t0,s0 - 0-43|-", 29, "two spaces"),
    ("classic -0*42 A:deal{next=0} 35/35/35z t0,s0 - 0-43|-", 37, "unknown seat mark 'z'"),
    ("classic -0*42 A:deal{next=0} 35/35/35 t0,s0 - 0-43|- {players={9={reserve=1}}}", 53,
     "not an index"),
])
def test_malformed_lines_say_where(line: str, where: int, words: str) -> None:
    with pytest.raises(N.NotationError) as info:
        N.read(line)
    msg = str(info.value)
    assert words in msg, msg
    assert info.value.pos == where, msg
    assert f"character {where + 1}" in msg or not line
    assert isinstance(info.value, RiskspecError)


def test_mutated_lines_never_raise_anything_else() -> None:
    rng = random.Random(7)
    alphabet = 'ABCZ-0123456789,|/:{}[]=()"\\ abcfghkmnxvtsw.*'
    lines = sample_lines()
    for _ in range(3000):
        chars = list(rng.choice(lines))
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(chars))
            op = rng.random()
            if op < 0.4:
                chars[k] = rng.choice(alphabet)
            elif op < 0.7:
                del chars[k]
            else:
                chars.insert(k, rng.choice(alphabet))
        try:
            N.read("".join(chars))
        except N.NotationError:
            pass


def test_write_refuses_what_is_not_a_state() -> None:
    for bad in ([], {}, {"variant": "nope", "players": [], "territories": {}, "phase": "x",
                         "current": 0, "turn_flags": {}}):
        with pytest.raises(N.NotationError):
            N.write(bad)  # type: ignore[arg-type]
