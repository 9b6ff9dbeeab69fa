"""``riskspec.loading.build_inline_board``: a map held in memory, built and cross-checked
as a map file is; a bad one raises :class:`SpecError` naming the file and the reason."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from riskspec.errors import SpecError
from riskspec.loading import build_inline_board, load_spec
from riskspec.reference.napoleon.inline import small_map


def _map() -> dict[str, Any]:
    return small_map({"a": "north", "b": "north", "c": "south"}, zones={"z": ""},
                     borders=[("a", "b", "land"), ("b", "c", "land"), ("c", "z", "coast")],
                     bonuses={"north": 2, "south": 1})


def test_a_good_map_builds() -> None:
    board = build_inline_board(_map())
    assert board.territory_ids == ("a", "b", "c")
    assert board.zone_ids == ("z",)
    assert board.are_adjacent("a", "b") and not board.are_adjacent("a", "c")
    assert {g.id: g.bonus for g in board.groups} == {"north": 2, "south": 1}


def test_a_bad_map_names_the_file_and_the_reason() -> None:
    data = _map()
    data["territories"][2]["group"] = "nort"
    with pytest.raises(SpecError) as info:
        build_inline_board(data, file="<case 7 map>")
    problem = next(p for p in info.value.problems if p.code == "unknown-group")
    assert problem.file == "<case 7 map>"
    assert "'c' names unknown group 'nort'" in problem.message
    assert "did you mean north" in problem.message
    assert str(problem).startswith("<case 7 map>:")


def test_the_default_file_is_the_inline_map() -> None:
    data = _map()
    data["groups"][0]["territories"] = []
    data["territories"] = [t for t in data["territories"] if t["group"] != "north"]
    data["borders"] = [b for b in data["borders"] if "c" in b["between"]]
    with pytest.raises(SpecError, match=r"^<inline map>:\d+:\d+: \[empty-group\] "
                                         r"group 'north' has no territories"):
        build_inline_board(data)


def test_sources_are_the_shipped_ones_unless_given() -> None:
    data = _map()
    source = next(iter(load_spec().sources))
    data["territories"][0]["provenance"] = {"source": source, "passage": "p. 1"}
    assert build_inline_board(data).territory("a").provenance.source == source
    with pytest.raises(SpecError, match=f"unknown source '{source}'"):
        build_inline_board(copy.deepcopy(data), sources={})
