"""The examples and figures of docs/envs.md, docs/openspiel.md and docs/mcp.md run and hold."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _python_blocks(page: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (DOCS / page).read_text("utf-8"), re.DOTALL)


@pytest.mark.parametrize("page,needs", [("envs.md", "pettingzoo"), ("openspiel.md", "pyspiel"),
                                        ("mcp.md", "mcp")])
def test_the_ten_line_example_runs(page: str, needs: str) -> None:
    pytest.importorskip(needs, reason=f"{needs} is not installed (see {page})")
    blocks = [b for b in _python_blocks(page) if "import" in b]
    assert len(blocks) == (3 if page == "envs.md" else 1)
    code = blocks[0]
    assert len(code.strip().splitlines()) <= 25
    _run_and_check(page, code)


def test_the_random_agent_episode_ends_as_the_docs_say() -> None:
    pytest.importorskip("pettingzoo", reason="the riskspec[rl] extra is not installed")
    page = (DOCS / "envs.md").read_text("utf-8")
    code = _python_blocks("envs.md")[1]
    assert 'env("classic", 4)' in code                       # the default settings
    said = re.search(r"It prints `(truncated after (\d+) steps, at turn (\d+); agents left: "
                     r"\[\])`", page)
    assert said, "the page states what the example prints"
    assert int(said.group(3)) == 101                         # the default cap, 100, passed
    out = _run(code)
    assert out.strip() == said.group(1)


def test_the_vector_example_runs() -> None:
    pytest.importorskip("pettingzoo", reason="the riskspec[rl] extra is not installed")
    code = _python_blocks("envs.md")[2]
    assert "vector_env(8" in code
    from riskspec.envs import env
    e = env("classic", 4)
    assert _run(code).strip() == f"(8, {e.encoder.size}) (8, {e.codec.size}) (8, 4)"


def _run(code: str) -> str:
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep
               + os.environ.get("PATH", ""))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, timeout=600, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def _run_and_check(page: str, code: str) -> None:
    # a fresh interpreter, as a reader runs it; the MCP example starts `riskspec mcp`:
    # the one of this interpreter's environment (_run puts it first on PATH)
    out = _run(code)
    assert out.strip()
    if page == "mcp.md":
        assert out.startswith("classic.attack.ties classic-en")
        assert "P(10 conquer 8) = 0." in out
    if page == "envs.md":
        assert "'end-turn'" in out
    if page == "openspiel.md":
        assert "moves and outcomes; returns [0.0, 0.0]" in out  # stopped at the turn cap


def test_the_size_tables_match_the_encoding() -> None:
    pytest.importorskip("pettingzoo", reason="the riskspec[rl] extra is not installed")
    from riskspec.envs import env
    actions, observations = (DOCS / "envs.md").read_text("utf-8").split("## The observation")
    found = re.findall(r"\| `([a-z-]+)`[^|]*\| (\d+) \| (\d+) \|", actions)
    assert len(found) == 3
    for variant, heads, size in found:
        e = env(variant, 3 if variant != "napoleon-basic" else 2)
        assert (e.codec.n_heads, e.codec.size) == (int(heads), int(size)), variant
    rows = re.findall(r"\| `([a-z-]+)` \| (\d+)[^|]*\| (\d+) \|", observations)
    assert len(rows) == 5
    for variant, players, size in rows:
        assert env(variant, int(players)).encoder.size == int(size), (variant, players)
