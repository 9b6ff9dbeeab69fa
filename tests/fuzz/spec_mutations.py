"""Hostile spec trees for the ``riskspec validate`` campaign (issue 11 item 9).

``make_hostile(rng, root, family)`` edits a fresh copy of one family's spec folder in place
with 1 to 3 hostile mutations and returns their names. The mutations are what a careless or
hostile spec author writes: a parameter (or a reading's or option's value) replaced by a
value at or past its range, of the wrong type, huge or unreadable; a line dropped or
doubled; players and colours that disagree; duplicate phase IDs, territory names or IDs;
a named file that leads out of the tree (``..``, absolute, a symlink out, a symlink loop, a
FIFO); a file replaced by garbage (empty, not UTF-8, nested 10,000 deep, a FIFO, a loop).
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Callable
from pathlib import Path

from riskspec.loading.params import get_family_tables

PARAM = re.compile(r"^  ([a-z_]+\.[a-z_0-9]+):\n    value: (.*)$", re.M)
SET_VALUE = re.compile(r"(?<=[{ ])([a-z_]+\.[a-z_0-9]+): ([^,}\n]+)")
LITERALS = ["0", "-1", "1", "2", "3", "6", "13", "101", "1001", "1000000",
            "-9223372036854775808", "9223372036854775807", "9" * 400, "9" * 5000, "1.5", "2.0",
            "1e308", ".inf", ".nan", "true", "false", "null", "''", "x", "coin-toss", "yes",
            "0x10", "[]", "[x]", "[-4, 6]", "[0]", "[1, 2, 3]", "{}", "{'2': -1}",
            "{'2': 40, '3': 35}", "{'1': [9, 9]}", "{'1': nowhere}", "[[[[[[[[1]]]]]]]]",
            '"' + "x" * 5000 + '"', "[" * 70 + "]" * 70]
FILE_KINDS = ["fifo", "loop", "symlink-out", "empty", "not-utf8", "deep", "directory",
              "binary", "missing"]
PATHS = ["../sources.yaml", "../../outside.yaml", "/etc/outside.yaml", "sub/../map.yaml",
         "escape.yaml", "loop.yaml", "fifo.yaml", "missing.yaml", "[map.yaml]", "''"]


def _text(path: Path) -> str:
    """The text of a regular file (never opens a FIFO an earlier mutation left)."""
    if not path.is_file():
        raise OSError(f"{path} is no longer a regular file")
    return path.read_text()


def _edit(path: Path, text: str) -> None:
    path.unlink()
    path.write_text(text)


def _number_near(rng: random.Random, family: str, name: str, value: str) -> str:
    """A value at or just past the range of parameter ``name`` (or near its current one)."""
    schema = get_family_tables()[family]["properties"].get(name, {})
    picks = [LITERALS[rng.randrange(len(LITERALS))]]
    if "minimum" in schema:
        lo, hi = schema["minimum"], schema["maximum"]
        picks += [str(lo), str(hi), str(lo - 1), str(hi + 1)]
    if "enum" in schema:
        picks += [str(w) for w in schema["enum"]]
    if re.fullmatch(r"-?\d+", value.strip()):
        v = int(value)
        picks += [str(v + 1), str(v - 1), str(v * 2), str(v // 2)]
    return rng.choice(picks)


def mutate_parameter(rng: random.Random, root: Path, family: str) -> str:
    files = sorted((root / family).glob("variant*.yaml"))
    path = rng.choice(files)
    text = _text(path)
    hits = list(PARAM.finditer(text))
    if not hits:
        return "parameter:none"
    hit = rng.choice(hits)
    new = _number_near(rng, family, hit.group(1), hit.group(2))
    _edit(path, text[:hit.start(2)] + new + text[hit.end(2):])
    return "parameter"


def mutate_set_value(rng: random.Random, root: Path, family: str) -> str:
    path = root / family / "ambiguities.yaml"
    text = _text(path)
    hits = list(SET_VALUE.finditer(text))
    hit = rng.choice(hits)
    new = _number_near(rng, family, hit.group(1), hit.group(2))
    _edit(path, text[:hit.start(2)] + new + text[hit.end(2):])
    return "reading-value"


def mutate_line(rng: random.Random, root: Path, family: str) -> str:
    path = rng.choice(sorted((root / family).glob("*.yaml")))
    lines = _text(path).splitlines()
    i = rng.randrange(len(lines))
    how = rng.choice(["drop", "dup", "list"])
    if how == "drop":
        del lines[i]
    elif how == "dup":
        lines.insert(i, lines[i])
    else:
        lines[i] = re.sub(r": .*$", ": [x]", lines[i])
    _edit(path, "\n".join(lines) + "\n")
    return f"line-{how}"


def mutate_players(rng: random.Random, root: Path, family: str) -> str:
    path = root / family / "variant.yaml"
    text = _text(path)
    how = rng.choice(["max", "min", "colours"])
    if how == "colours" and "colours: [" in text:
        text = re.sub(r"colours: \[([^\]]*)\]",
                      lambda mt: "colours: [" + ", ".join(mt.group(1).split(", ")[:rng.randrange(6)])
                      + "]", text, count=1)
    else:
        text = re.sub(rf"(?m)^  {'max' if how != 'min' else 'min'}: \d+",
                      f"  {'max' if how != 'min' else 'min'}: {rng.randrange(0, 14)}", text, count=1)
    _edit(path, text)
    return f"players-{how}"


def mutate_phases(rng: random.Random, root: Path, family: str) -> str:
    path = root / family / "variant.yaml"
    ids = re.findall(r"\{id: ([a-z-]+),", _text(path))
    if len(ids) < 2:
        return "phases:none"
    a, b = rng.sample(ids, 2)
    _edit(path, _text(path).replace(f"{{id: {a},", f"{{id: {b},", 1))
    return "phase-duplicate"


def mutate_map(rng: random.Random, root: Path, family: str) -> str:
    path = root / family / "map.yaml"
    text = _text(path)
    how = rng.choice(["name", "id", "number", "self-border"])
    if how == "name":
        names = re.findall(r'name: "([^"]+)"', text)
        a, b = rng.sample(names, 2)
        text = text.replace(f'name: "{a}"', f'name: "{b.upper() if rng.random() < .5 else b}"', 1)
    elif how == "id":
        ids = re.findall(r"\{id: ([a-z-]+), name:", text)
        a, b = rng.sample(ids, 2)
        text = text.replace(f"{{id: {a}, name:", f"{{id: {b}, name:", 1)
    elif how == "number":
        hits = list(re.finditer(r"(?<=: )-?\d+\b", text))
        hit = rng.choice(hits)
        text = text[:hit.start()] + rng.choice(LITERALS) + text[hit.end():]
    else:
        hits = list(re.finditer(r"between: \[([a-z-]+), ([a-z-]+)\]", text))
        hit = rng.choice(hits)
        text = text[:hit.start(2)] + hit.group(1) + text[hit.end(2):]
    _edit(path, text)
    return f"map-{how}"


def mutate_path(rng: random.Random, root: Path, family: str, outside: Path) -> str:
    path = root / family / "variant.yaml"
    key = rng.choice(["map", "missions", "rules", "ambiguities"])
    target = rng.choice(PATHS)
    folder = path.parent
    if target == "escape.yaml":
        (folder / target).symlink_to(outside)
    elif target == "loop.yaml":
        (folder / target).symlink_to(target)
    elif target == "fifo.yaml" and hasattr(os, "mkfifo"):
        os.mkfifo(folder / target)
    text = _text(path)
    if key in ("rules", "ambiguities"):
        text = re.sub(rf"(?m)^{key}: \[[^\]]*\]", f"{key}: [{target}]", text, count=1)
    else:
        text = re.sub(rf"(?m)^{key}: \S+", f"{key}: {target}", text, count=1)
    _edit(path, text)
    return "path"


def mutate_file(rng: random.Random, root: Path, family: str, outside: Path) -> str:
    path = rng.choice(sorted((root / family).glob("*.yaml")) + [root / "sources.yaml"])
    kind = rng.choice(FILE_KINDS)
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        kind = "empty"
    path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "loop":
        path.symlink_to(path.name)
    elif kind == "symlink-out":
        path.symlink_to(outside)
    elif kind == "empty":
        path.write_text("")
    elif kind == "not-utf8":
        path.write_bytes(b"format: riskspec/map@1\nid: \xff\xfe\n")
    elif kind == "deep":
        path.write_text("format: riskspec/map@1\nx: " + "[" * 10_000 + "]" * 10_000 + "\n")
    elif kind == "directory":
        path.mkdir()
    elif kind == "binary":
        path.write_bytes(bytes(rng.randrange(256) for _ in range(512)))
    return f"file-{kind}"


def mutate_format(rng: random.Random, root: Path, family: str) -> str:
    path = rng.choice(sorted((root / family).glob("*.yaml")))
    text = _text(path)
    new = rng.choice(["format: [x]", "format: 5", "format: {a: b}", "format: riskspec/map@9",
                      "format: riskspec/variant@1", "format: riskspec/map@1"])
    _edit(path, re.sub(r"(?m)^format: .*$", new, text, count=1))
    return "format"


KINDS = ["parameter", "parameter", "parameter", "reading", "reading", "line", "players",
         "phases", "map", "map", "path", "file", "format"]


#: kind -> mutation of a copied spec tree
MUTATORS: dict[str, Callable[[random.Random, Path, str], str]] = {
    "parameter": mutate_parameter, "reading": mutate_set_value, "line": mutate_line,
    "players": mutate_players, "phases": mutate_phases, "map": mutate_map,
    "format": mutate_format}
#: kind -> mutation that may point a file at ``outside`` (out of the tree)
ESCAPING: dict[str, Callable[[random.Random, Path, str, Path], str]] = {
    "path": mutate_path, "file": mutate_file}
assert set(KINDS) == set(MUTATORS) | set(ESCAPING)


def make_hostile(rng: random.Random, root: Path, family: str, outside: Path) -> list[str]:
    done = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        kind = rng.choice(KINDS)
        try:
            if kind in ESCAPING:
                done.append(ESCAPING[kind](rng, root, family, outside))
            else:
                done.append(MUTATORS[kind](rng, root, family))
        except (OSError, UnicodeDecodeError, ValueError, IndexError):
            # a file an earlier mutation already replaced (a FIFO, a directory …): skip
            done.append(f"{kind}:skipped")
    return done
