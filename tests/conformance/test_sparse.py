"""Sparse vector files: shared maps and default states stored once, positions expanded by one rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riskspec.conformance.errors import VectorError
from riskspec.conformance.export import source_vectors_dir
from riskspec.conformance.sparse import (
    FORMAT,
    SHARED_FILE,
    compute_position,
    dumps,
    expand_position,
    load_shared,
    merge,
)
from riskspec.conformance.vectors import load_cases, load_file, vector_files


def test_objects_merge_arrays_patch_by_index_scalars_replace():
    base = {"a": {"x": 1, "y": 2}, "players": [{"cards": [], "reserve": 0}, {"cards": [], "reserve": 0}],
            "pile": ["c1", "c2"], "winner": None}
    got = merge(base, {"a": {"y": 5}, "players": {"1": {"reserve": 3}}, "pile": ["c2"], "winner": 1})
    assert got == {"a": {"x": 1, "y": 5}, "players": [{"cards": [], "reserve": 0}, {"cards": [], "reserve": 3}],
                   "pile": ["c2"], "winner": 1}
    assert base["players"][1]["reserve"] == 0, "the default state is not changed"
    assert merge({"w": 1}, {"w": None}) == {"w": None}, "null is a value, not a deletion"


def _containers(value, out):
    if isinstance(value, (dict, list)):
        out.add(id(value))
        for v in (value.values() if isinstance(value, dict) else value):
            _containers(v, out)
    return out


def test_the_merged_state_shares_no_object_or_array_with_its_inputs():
    base = {"t": {"a": {"owner": 0, "tags": ["x"]}, "b": {"owner": 1, "tags": []}},
            "players": [{"cards": ["c1"]}, {"cards": []}], "pile": [["nested"]]}
    patch = {"t": {"a": {"owner": 2}}, "players": {"1": {"cards": ["c2"]}}, "new": {"k": [1]}}
    got = merge(base, patch)
    assert got["t"]["b"] == base["t"]["b"] and got["new"] == {"k": [1]}
    shared = _containers(got, set()) & (_containers(base, set()) | _containers(patch, set()))
    assert not shared, "a part of the answer is a part of an argument: changing one changes the other"
    got["t"]["a"]["tags"].append("y")
    got["new"]["k"].append(2)
    assert base["t"]["a"]["tags"] == ["x"] and patch["new"]["k"] == [1]


def test_a_bad_index_or_an_unknown_default_is_a_clear_error():
    with pytest.raises(VectorError, match="'2' is not an index of a 2-element array"):
        merge({"p": [{}, {}]}, {"p": {"2": {"x": 1}}})
    with pytest.raises(VectorError, match="default state 'nope'"):
        expand_position({"classic-3p": {}}, {"default": "nope"})


def test_compute_position_is_the_inverse_of_expansion():
    base = {"t": {"a": {"owner": 0, "armies": 2}, "b": {"owner": 1, "armies": 2}}, "players": [{"r": 0}, {"r": 0}],
            "phase": "attack"}
    new = {"t": {"a": {"owner": 0, "armies": 5}, "b": {"owner": 1, "armies": 2}}, "players": [{"r": 0}, {"r": 4}],
           "phase": "fortify"}
    pos = compute_position("d", base, new)
    assert pos == {"default": "d", "t": {"a": {"armies": 5}}, "players": {"1": {"r": 4}}, "phase": "fortify"}
    assert expand_position({"d": base}, pos) == new


def test_shipped_files_are_sparse_and_name_their_shared_parts_by_id():
    root = source_vectors_dir()
    shared = load_shared(root / SHARED_FILE)
    used = {"maps": set(), "missions": set(), "defaults": set()}
    for path in vector_files(root):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["format"] == FORMAT and data["shared"] == f"../{SHARED_FILE}", path
        for c in data["cases"]:
            assert "state" not in c, f"{c['id']}: a start state written out"
            for key, table in (("map", "maps"), ("missions", "missions")):
                if key in c:
                    assert isinstance(c[key], str) and c[key] in shared[table], c["id"]
                    used[table].add(c[key])
            if "position" in c:
                used["defaults"].add(c["position"]["default"])
    # stored once, every one of them used: distinct maps and defaults, no dead entries
    for table, ids in used.items():
        assert set(shared[table]) == ids, table
    maps = [json.dumps(m, sort_keys=True) for m in shared["maps"].values()]
    assert len(maps) == len(set(maps))


def test_the_python_api_returns_expanded_cases():
    cases = {c.id: c for c in load_cases([source_vectors_dir()])}
    c = cases["classic.fortify.ends-turn.001"]
    assert c.position is not None and c.position["default"] == "classic-3p"
    assert c.state is not None and len(c.state["territories"]) == 42
    assert c.state["territories"]["alaska"] == {"owner": 0, "armies": 5}
    assert c.raw["state"] == c.state
    on_maps = [c for c in cases.values() if c.map is not None]
    assert on_maps and all(isinstance(c.map, dict) and c.map["format"] == "riskspec/map@1" for c in on_maps)


def test_a_missing_shared_file_names_the_file(tmp_path: Path):
    src = source_vectors_dir() / "classic" / "fortify.json"
    (tmp_path / "v").mkdir()
    dst = tmp_path / "v" / "fortify.json"
    dst.write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(VectorError, match="shared vector file"):
        load_file(dst)
    (tmp_path / SHARED_FILE).write_text((source_vectors_dir() / SHARED_FILE).read_text(encoding="utf-8"))
    assert [c.id for c in load_file(dst)] == [c.id for c in load_file(src)]


def _collapse_listings(case):
    """The case with its long listings (legal-action sets, outcomes, divides) counted as one line."""
    c = json.loads(json.dumps(case))
    for step in c["steps"]:
        for key in ("legal", "legal_includes", "legal_excludes", "outcomes"):
            if key in step.get("expect", {}):
                step["expect"][key] = f"<{len(step['expect'][key])} entries>"
    return c


def test_a_case_reads_on_one_screen():
    """Position, steps and expectations fit on one screen (≤ 60 lines) for nearly every case;
    listings (legal-action sets, chance outcomes) count as one line each."""
    lengths = []
    for path in vector_files(source_vectors_dir()):
        for c in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            lengths.append((dumps(_collapse_listings(c)).count("\n"), c["id"]))
    lengths.sort()
    assert lengths[len(lengths) // 2][0] <= 40
    long = [cid for n, cid in lengths if n > 60]
    # what still runs long lists card piles and mission decks (a hand dealt from the deck, a
    # card drawn): bookkeeping a position cannot leave out
    assert len(long) <= len(lengths) // 20, long


def test_a_start_leaves_out_only_what_a_reader_derives():
    """A maneuver-phase start whose ``maneuver_start`` is the board as it stands is written
    without it (the state schema's default); one that differs keeps it, as loaded."""
    from riskspec.conformance.scenario import Builder, load_all
    sc = load_all()["napoleon.turn.order.001"]
    b = Builder(sc)
    start = sc.build()["state"]
    assert start["phase"] == "maneuver" and start["turn_flags"]["maneuver_start"] is None
    full = b.E.to_dict(b.E.from_dict(start))  # what a reader derives: the board as it stands
    b.load(full)
    derived = b.E.to_dict(b.state)["turn_flags"]["maneuver_start"]
    assert derived and b.start["turn_flags"]["maneuver_start"] is None
    place = next(iter(derived))
    moved = {**derived, place: {**derived[place], "units": derived[place]["units"] + 1}}
    b.load({**full, "turn_flags": {**full["turn_flags"], "maneuver_start": moved}})
    assert b.start["turn_flags"]["maneuver_start"] == moved
