"""The validator refuses what the engine cannot play (issue 11 item 9): parameter types and
ranges, values readings and options set, combinations, names, phases, paths out of the tree.

Each test edits a copy of the shipped spec and asserts the problem's code, file and line.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from spec_copy import edit

from riskspec.cli import main
from riskspec.loading import check_tree
from riskspec.loading.params import MAX_ROLL_OUTCOMES, get_family_tables


def problems(root: Path, code: str) -> list:
    found, _ = check_tree(root, despite_schema=True)
    return [p for p in found if p.code == code]


def classic(root: Path) -> Path:
    return root / "classic" / "variant.yaml"


def napoleon(root: Path) -> Path:
    return root / "napoleon" / "variant.yaml"


def param(root_file: Path, name: str, value: str) -> int:
    """Set parameter ``name``'s value in a variant file; return the value's line."""
    text = root_file.read_text()
    start = text.index(f"  {name}:\n")
    old = text[start:text.index("\n", text.index("value:", start)) + 1]
    return edit(root_file, old, f"  {name}:\n    value: {value}\n") + 1


@pytest.mark.parametrize("which, name, value, why", [
    (classic, "reinforce.territory_divisor", "0", "below the least allowed, 1"),
    (napoleon, "reinforce.territory_divisor", "0", "below the least allowed, 1"),
    (napoleon, "vp.territory_divisor", "-3", "below the least allowed, 1"),
    (classic, "cards.set_values", "[-4, 6, 8]", "[0]: -4 is below the least allowed, 0"),
    (classic, "attack.dice_sides", "-9223372036854775808", "below the least allowed, 2"),
    (classic, "attack.dice_sides", "1000000", "above the most allowed, 100"),
    (classic, "cards.territory_bonus", "9" * 4000, "above the most allowed, 100"),
    (classic, "attack.max_attacker_dice", "three", "is not a whole number"),
    (classic, "setup.armies_per_placement", "0", "below the least allowed, 1"),
    # found by the hostile-spec campaign: a neutral with no territory left a decision
    # with no legal action
    (classic, "two_player.neutral_territories", "0", "below the least allowed, 1"),
    (classic, "attack.ties", "coin-toss", "is not one of"),
    (napoleon, "costs.ship", "0", "below the least allowed, 1"),
    (napoleon, "setup.starting_units", "{'2': -36}", "['2']: -36 is below the least allowed, 1"),
    (napoleon, "generals.max", "1.5", "is not a whole number"),
    (napoleon, "setup.starting_units", "{'2': 36.0}", "['2']: 36.0 is not a whole number"),
])
def test_a_value_out_of_type_or_range_is_refused_at_its_line(spec, which, name, value, why):
    line = param(which(spec), name, value)
    file = which(spec).relative_to(spec.parent).as_posix()
    found = [p for p in check_tree(spec, despite_schema=True)[0] if (p.file, p.line) == (file, line)]
    assert found, f"{name} = {value[:20]} was accepted"
    p = found[0]
    if p.code == "schema":  # not even a value: the variant schema refuses it first
        assert why == "is not a whole number" and "is not of type" in p.message
        return
    assert p.code == "bad-parameter-value"
    assert name in p.message and why in p.message
    assert "use " in p.message or "see " in p.message  # says what to do


def test_every_shipped_parameter_has_a_type_and_the_spec_is_clean():
    found, spec = check_tree()
    assert found == []
    tables = get_family_tables()
    for v in spec.variants.values():
        assert set(v.parameters) <= set(tables[v.family]["properties"]), v.id


def test_schema_words_include_every_policy_the_classic_engine_implements():
    from riskspec.reference.tables import CHOICES, READER
    props = get_family_tables()["classic"]["properties"]
    for name, words in CHOICES.items():
        assert set(words) <= set(props[name].get("enum", [False, True])), name
    assert set(CHOICES) == {name for name in props if READER.get_readings(name) is not None}


def test_a_reading_or_option_setting_a_bad_value_is_refused_where_it_is_set(spec):
    amb = spec / "classic" / "ambiguities.yaml"
    line = edit(amb, "reinforce.divide_from: 12", "reinforce.divide_from: -12")
    found = problems(spec, "bad-parameter-value")
    assert [(p.file, p.line) for p in found] == [("spec/classic/ambiguities.yaml", line)]
    assert "reading" in found[0].message and "-12" in found[0].message


def test_an_unread_parameter_and_a_missing_one(spec):
    line = edit(classic(spec), "  reinforce.minimum:\n", "  reinforce.minimun:\n")
    untyped = problems(spec, "untyped-parameter")
    assert untyped and untyped[0].line in (line, line + 1) and "reinforce.minimum" in untyped[0].message
    missing = problems(spec, "missing-parameter")
    assert missing and "reinforce.minimum" in missing[0].message

def test_a_family_no_engine_plays_is_checked_for_form_only_and_the_engine_refuses_it(spec):
    from riskspec.errors import OptionError
    from riskspec.loading import load_spec
    from riskspec.reference import engine as E

    edit(classic(spec), "family: classic", "family: chess")
    param(classic(spec), "reinforce.territory_divisor", "0")
    found, loaded = check_tree(spec, despite_schema=True)
    assert not [p for p in found if p.code in ("bad-parameter-value", "untyped-parameter")]
    with pytest.raises(OptionError, match="not 'chess'"):
        E.new_game(load_spec(spec, strict=False).variant("classic"), 3)


@pytest.mark.parametrize("sides, dice, refused", [(6, 3, False), (12, 3, True), (100, 1, False)])
def test_a_battle_with_more_rolls_than_the_engine_lists_is_refused(spec, sides, dice, refused):
    param(classic(spec), "attack.dice_sides", str(sides))
    param(classic(spec), "attack.max_attacker_dice", str(dice))
    param(classic(spec), "attack.max_defender_dice", str(min(dice, 2)))
    found = problems(spec, "unplayable-parameters")
    assert bool(found) == refused
    if refused:
        assert f"{MAX_ROLL_OUTCOMES:,}" in found[0].message


def test_starting_armies_must_cover_every_player_count_and_the_board(spec):
    amb = spec / "classic" / "ambiguities.yaml"  # the default reading sets the table
    table = 'setup.starting_armies: {"2": 40, "3": 35, "4": 30, "5": 25, "6": 20}'
    line = edit(amb, table, table.replace(', "6": 20', ""))
    found = problems(spec, "unplayable-parameters")
    assert [(p.file, p.line) for p in found] == [("spec/classic/ambiguities.yaml", line)]
    assert "no entry for 6 player(s)" in found[0].message
    edit(amb, table.replace(', "6": 20', ""), table.replace('"6": 20', '"6": 5'))
    found = problems(spec, "unplayable-parameters")
    assert any("cannot occupy the 42 territories" in p.message for p in found)


def test_napoleon_combinations(spec):
    param(napoleon(spec), "attack.dice_sides", "8")
    param(napoleon(spec), "generals.max", "5")
    param(napoleon(spec), "missions.decks", "{'1': nowhere}")
    text = " ".join(p.message for p in problems(spec, "unplayable-parameters"))
    assert "capped at 6, below the highest face (8)" in text  # under the cap reading
    assert "no bonus for 4, 5 generals" in text
    assert "unknown deck 'nowhere'" in text


def test_an_option_choice_that_breaks_a_combination_names_the_option(spec):
    edit(spec / "classic" / "ambiguities.yaml", "two_player.armies_each: 50",
         "two_player.armies_each: 1")
    found = problems(spec, "unplayable-parameters")
    assert found and "under option" in found[0].message


def test_players_max_above_the_colours_is_refused(spec):
    line = edit(classic(spec), "  max: 6\n", "  max: 12\n")
    found = problems(spec, "players")
    assert found and found[0].line == line and "6 colour(s)" in found[0].message


def test_duplicate_phase_ids_are_refused(spec):
    line = edit(classic(spec), "{id: attack,", "{id: reinforce,")
    found = [p for p in problems(spec, "duplicate-id") if "phase" in p.message]
    assert found and found[0].line == line


def test_duplicate_territory_names_and_ids_are_refused(spec):
    board = spec / "classic" / "map.yaml"
    text = board.read_text()
    line = edit(board, 'name: "Northwest Territory"', "name: alaska")  # case-insensitive
    found = problems(spec, "duplicate-name")
    assert found and found[0].line == line and "'alaska'" in found[0].message
    board.write_text(text)
    line = edit(board, "id: northwest-territory", "id: alaska")
    assert any(p.line == line for p in problems(spec, "duplicate-id"))


def test_a_map_path_out_of_the_tree_is_never_read(spec, tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text("format: riskspec/map@1\nthis is: [not valid\n")
    edit(classic(spec), "map: map.yaml", f"map: ../../{outside.name}")
    found, _ = check_tree(spec, despite_schema=True)
    assert any(p.code == "schema" and p.file == "spec/classic/variant.yaml" for p in found)
    assert not any("elsewhere" in p.file for p in found)  # never opened
    # a symlink inside the folder that leads out of it: refused, not followed
    edit(classic(spec), f"map: ../../{outside.name}", "map: map.yaml")
    (spec / "classic" / "map.yaml").unlink()
    (spec / "classic" / "map.yaml").symlink_to(outside)
    found, _ = check_tree(spec, despite_schema=True)
    escapes = [p for p in found if p.code == "path-escape"]
    assert {p.file for p in escapes} >= {"spec/classic/map.yaml", "spec/classic/variant.yaml"}
    assert not any(p.code == "yaml-syntax" for p in found)


def test_a_symlink_loop_inside_a_folder_is_a_problem_not_a_traceback(spec, capsys):
    (spec / "loop.yaml").symlink_to("loop.yaml")
    assert main(["validate", str(spec)]) == 1
    out = capsys.readouterr()
    assert "loop.yaml:1:1: [unreadable]" in out.out and "Traceback" not in out.err


def test_validate_exit_codes(spec, tmp_path, capsys, monkeypatch):
    assert main(["validate", str(spec)]) == 0
    param(classic(spec), "reinforce.territory_divisor", "0")
    assert main(["validate", str(spec)]) == 1
    assert main(["validate", str(tmp_path / "missing")]) == 2
    assert main(["validate", "--json", str(spec)]) == 1
    out = capsys.readouterr().out
    report = json.loads(out[out.index("{"):])
    assert report["ok"] is False and report["problems"][0]["code"] == "bad-parameter-value"

    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr("riskspec.loading.check_files", broken)
    monkeypatch.setattr("riskspec.cli.validate.check_files", broken)
    assert main(["validate", str(spec)]) == 2
    err = capsys.readouterr().err
    assert "could not run" in err and "Traceback" not in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_as_the_map_is_refused_without_opening(spec):
    board = spec / "classic" / "map.yaml"
    board.unlink()
    os.mkfifo(board)
    found, _ = check_tree(spec, despite_schema=True)  # would block forever if opened
    assert any(p.code == "unreadable" and p.file == "spec/classic/map.yaml" for p in found)


def advanced(root: Path) -> Path:
    return root / "napoleon" / "variant-advanced.yaml"


@pytest.mark.parametrize("name, value, why", [
    ("setup.generals_per_player", "10", "at most generals.max = 3"),
    ("setup.fortifications_per_player", "10", "need more room than"),
])
def test_napoleon_setup_pieces_must_fit_their_limits(spec, name, value, why):
    param(advanced(spec), name, value)
    found = problems(spec, "unplayable-parameters")
    assert any(name in p.message and why in p.message for p in found), found


def test_napoleon_deal_must_cover_the_board(spec):
    param(napoleon(spec), "setup.deal_cards_player", "1")
    found = problems(spec, "unplayable-parameters")
    assert any("must cover the" in p.message for p in found), found


def test_a_classic_game_seats_at_least_two(spec):
    line = edit(classic(spec), "  min: 2\n", "  min: 1\n")
    found = problems(spec, "players")
    assert found and found[0].line == line and "at least 2" in found[0].message


def test_the_docs_table_lists_every_parameter_with_its_range():
    from riskspec.docsite.generate import _parameter_ranges

    text = _parameter_ranges()
    _, spec = check_tree()
    for v in spec.variants.values():
        for name in v.parameters:
            assert f"| `{name}` |" in text, name
    assert "| `reinforce.territory_divisor` | whole number 1–100 |" in text
    assert "| `setup.starting_armies` | table: player count → whole number 1–1000 |" in text
    page = (Path(__file__).parents[2] / "docs" / "validate.md").read_text()
    assert "<!-- riskspec:parameter-ranges -->" in page


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_reading_checks_the_open_file_so_a_fifo_swapped_in_never_blocks(tmp_path):
    from riskspec.yamlio import read_regular

    fifo = tmp_path / "swapped.yaml"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        read_regular(fifo, 100)  # opened without blocking, refused once open
    (tmp_path / "ok.yaml").write_text("format: x\n")
    assert read_regular(tmp_path / "ok.yaml", 6) == b"format"


def test_a_sources_file_symlinked_out_of_the_tree_is_never_read(spec, tmp_path):
    # found by the hostile-spec campaign: sources.yaml was read wherever it pointed
    outside = tmp_path / "outside.yaml"
    outside.write_text("format: riskspec/sources@1\nsecret: [never closed\n")
    (spec / "sources.yaml").unlink()
    (spec / "sources.yaml").symlink_to(outside)
    found, _ = check_tree(spec, despite_schema=True)
    assert [p for p in found if p.code == "path-escape"] and \
        [p.file for p in found if p.code == "path-escape"] == ["spec/sources.yaml"]
    assert not any("outside" in p.file or p.code == "yaml-syntax" for p in found)


@pytest.mark.parametrize("name", ["rules.yaml", "ambiguities.yaml", "variant.yaml", "map.yaml"])
def test_an_unreadable_spec_file_is_one_problem_not_a_cascade(spec, name, capsys):
    # a looping rules.yaml was reported, then each ID it held came back as 'unknown' (47 lines)
    target = spec / "classic" / name
    target.unlink()
    target.symlink_to(name)
    assert main(["validate", str(spec)]) == 1
    lines = [ln for ln in capsys.readouterr().out.splitlines() if "[" in ln]
    assert lines == [f"spec/classic/{name}:1:1: [unreadable] a symbolic link to {name!r} that "
                     "loops, not a regular file (a FIFO or device is never opened): name a file"], lines


def test_a_players_max_the_schema_refuses_drives_no_loop():
    # issue #24: players.max = 10**8 (refused by the schema) still drove a range(min, max+1)
    # and a join over it (88 s, 3.9 GB); the combination checks now skip a range the schema
    # refuses (it reports it), so this returns at once, with nothing to say
    from riskspec.loading.params import get_combination_problems, get_player_bounds
    low, high = get_player_bounds()
    params = {"setup.starting_armies": {"3": 35}}
    assert get_combination_problems("classic", params, players=(2, 10**8), colours=6,
                                    territories=42, decks={}) == []
    found = get_combination_problems("classic", params, players=(3, high), colours=6,
                                     territories=42, decks={})
    assert any(name == "setup.starting_armies" and "4" in why for name, why in found), found
