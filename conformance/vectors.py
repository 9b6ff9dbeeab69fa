"""Load and select test vectors (``conformance/vectors/<variant>/<section>.json``)."""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from riskspec.conformance.errors import VectorError
from riskspec.conformance.protocol import schema_errors
from riskspec.conformance.sparse import FORMAT, FORMAT_V1, SHARED_FILE, expand_document

SCHEMA = "vectors.schema.json"
FORMATS = (FORMAT, FORMAT_V1)
#: the largest vector file read (64 MiB; the shipped ones are a few MiB at most)
MAX_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class Case:
    id: str
    title: str
    covers: tuple[str, ...]
    variant: str
    options: Mapping[str, str]
    players: int
    steps: tuple[Mapping[str, Any], ...]
    state: Mapping[str, Any] | None = None
    map: Mapping[str, Any] | None = None
    #: why the case needs its inline map (a shape, deck or setup the printed board lacks)
    map_why: str | None = None
    missions: Mapping[str, Any] | None = None
    reading: Mapping[str, str] | None = None
    negative: bool = False
    description: str | None = None
    synthetic: Mapping[str, Any] | None = None
    unchecked: Mapping[str, Any] | None = None
    #: the frame rule applies (``@2`` files): every observable field is checked after every step
    framed: bool = False
    file: str = ""
    #: the case with map, missions and start state written out (``@1`` shape)
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)
    #: the start as the file writes it (``{"default": …, …}``), for ``@2`` files
    position: Mapping[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def section(self) -> str:
        parts = self.id.split(".")
        return parts[1] if len(parts) > 1 else "?"

    def setup_fields(self) -> dict[str, Any]:
        """The fields of the ``new_game`` / ``load_state`` request that sets this case up."""
        f: dict[str, Any] = {"variant": self.variant, "players": self.players, "options": dict(self.options)}
        if self.map is not None:
            f["map"] = self.map
        if self.missions is not None:
            f["missions"] = self.missions
        return f

    def ops_needed(self) -> set[str]:
        ops = {"load_state" if self.state is not None else "new_game"}
        for step in self.steps:
            exp = step.get("expect", {})
            if "action" in step:
                ops.add("apply")
            elif "state" in exp:
                ops.add("state")
            if any(k in exp for k in ("legal_count", "legal", "legal_includes", "legal_excludes")):
                ops.add("legal_actions")
            if "outcomes" in exp:
                ops.add("chance_outcomes")
            if "perft" in exp:
                ops.update({"legal_actions", "chance_outcomes", "load_state", "apply", "state"})
            if "error" in exp and "state" in exp:
                ops.add("state")
        return ops

    @classmethod
    def from_json(cls, data: Mapping[str, Any], file: str = "",
                  position: Mapping[str, Any] | None = None, framed: bool = False) -> Case:
        """A case from its expanded form (``@1`` shape: state, map, missions written out)."""
        return cls(id=data["id"], title=data["title"], covers=tuple(data["covers"]),
                   variant=data["variant"], options=dict(data.get("options", {})),
                   players=data["players"], steps=tuple(data["steps"]),
                   state=data.get("state"), map=data.get("map"), map_why=data.get("map_why"),
                   missions=data.get("missions"), reading=data.get("reading"),
                   negative=bool(data.get("negative", False)), description=data.get("description"),
                   synthetic=data.get("synthetic"),
                   unchecked=data.get("unchecked"), framed=framed, file=file, raw=data, position=position)


def default_vectors_dir() -> Path:
    return Path(str(resources.files("riskspec.conformance").joinpath("vectors")))


def vector_files(root: Path) -> list[Path]:
    """The vector files at ``root`` (a file, or every ``*.json`` under a folder but the
    shared files the vector files name)."""
    from riskspec.safeio import check_input_path
    # a FIFO, a device, a link that leads nowhere: said for what it is, never opened
    check_input_path(root, "--vectors", folder_ok=True, error=VectorError)
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*.json") if p.is_file() and p.name != SHARED_FILE)


def load_file(path: Path) -> list[Case]:
    """The cases of one vector file, expanded (shared maps, missions and default states read
    from the shared file it names; positions written out as full states)."""
    from riskspec.safeio import read_text
    text = read_text(path, "vector file", limit=MAX_BYTES, error=VectorError)
    try:
        data = json.loads(text)
        problems = schema_errors(SCHEMA, data, limit=5)
    except RecursionError:
        raise VectorError(f"{path}: JSON nested too deeply to be a vector file") from None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise VectorError(f"{path}: cannot read vector file: {str(exc)[:300]}") from exc
    if problems or not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise VectorError(f"{path}: not a valid {FORMAT} file: "
                          + ("; ".join(problems) or f"format {data.get('format')!r}"))
    expanded = expand_document(data, path)
    framed = data.get("format") == FORMAT
    return [Case.from_json(c, str(path), position=raw.get("position"), framed=framed)
            for c, raw in zip(expanded["cases"], data["cases"])]


def load_cases(paths: Iterable[Path] | None = None) -> list[Case]:
    """Every case of the given files/folders (default: the shipped vectors), IDs unique."""
    roots = list(paths) if paths else [default_vectors_dir()]
    cases: list[Case] = []
    seen: dict[str, str] = {}
    for root in roots:
        for f in vector_files(root):
            for case in load_file(f):
                if case.id in seen:
                    raise VectorError(f"{f}: duplicate case id {case.id} (also in {seen[case.id]})")
                seen[case.id] = str(f)
                cases.append(case)
    return cases


def select(cases: Sequence[Case], *, variant: str | None = None,
           select: Sequence[str] = (), skip: Sequence[str] = ()) -> list[Case]:
    """Cases of ``variant`` whose ID or a covered rule matches a ``select`` glob and none of ``skip``."""
    def hit(case: Case, pats: Sequence[str]) -> bool:
        names = (case.id, *case.covers)
        return any(fnmatch.fnmatchcase(n, p) for p in pats for n in names)

    out = []
    for c in cases:
        if variant and c.variant != variant:
            continue
        if select and not hit(c, select):
            continue
        if skip and hit(c, skip):
            continue
        out.append(c)
    return out
