"""Assertions that every report of a run parses, whatever the engine wrote."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from riskspec.conformance.report import render_junit, render_markdown, report_json

# what must never reach a report: C0/C1 controls (but tab and newline), ESC, lone surrogates
BAD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _strict(name: str) -> Any:
    raise ValueError(f"{name} in a report")


def assert_markdown_ok(md: str) -> None:
    md.encode("utf-8")
    assert not BAD.search(md), repr(BAD.search(md))
    # every code fence that opens also closes (engine text cannot end a block early)
    opened: str | None = None
    for line in md.splitlines():
        m = re.fullmatch(r"(`{3,})", line)
        if m is None:
            continue
        if opened is None:
            opened = m.group(1)
        elif m.group(1) == opened:
            opened = None
    assert opened is None, "an unclosed code fence"


def assert_report_parses(rep: Mapping[str, Any]) -> None:
    """The three renderings of an in-memory report parse (JSON strictly, JUnit as XML)."""
    text = report_json(rep)
    text.encode("utf-8")
    assert not BAD.search(text.replace("\n", "")), repr(BAD.search(text))
    json.loads(text, parse_constant=_strict)
    ET.fromstring(render_junit(rep).split("\n", 1)[1].encode("utf-8"))
    assert_markdown_ok(render_markdown(rep))


def assert_files_parse(json_path: Path | None = None, md_path: Path | None = None,
                       junit_path: Path | None = None) -> dict:
    """The report files on disk parse; returns the JSON report."""
    rep: dict = {}
    if json_path is not None:
        raw = json_path.read_bytes()
        rep = json.loads(raw.decode("utf-8"), parse_constant=_strict)
        assert not BAD.search(raw.decode("utf-8").replace("\n", ""))
    if md_path is not None:
        assert_markdown_ok(md_path.read_bytes().decode("utf-8"))
    if junit_path is not None:
        ET.parse(junit_path)
    return rep
