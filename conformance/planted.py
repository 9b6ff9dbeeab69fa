"""Planted deviations of the Python example engine (``conformance/examples/py-engine``).

Each is one source edit of ``engine.py`` that breaks one rule the engine claims — an
engine author's typical slip — so that a search method can be measured on a real
adapter-kit engine (``benchmarks/bench_search_power.py``, ``tests/conformance/test_stateful.py``).
:func:`write_planted` writes the edited copy; run it as ``python FILE`` (stdio) or load its
``MiniRisk`` in-process (:func:`riskspec.conformance.stateful.load_adapter`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from riskspec.conformance.errors import ConformanceError

EXAMPLE = Path(__file__).resolve().parent / "examples" / "py-engine" / "engine.py"


@dataclass(frozen=True)
class Planted:
    name: str
    rule: str
    description: str
    old: str       # the text of engine.py replaced (exactly once)
    new: str


PLANTED: dict[str, Planted] = {p.name: p for p in [
    Planted("place-two", "classic.reinforce.place", "placing puts two armies, not one",
            'p.add_armies(a["territory"], 1)', 'p.add_armies(a["territory"], 2)'),
    Planted("ties-to-attacker", "classic.attack.ties", "a tied pair of dice goes to the attacker",
            "lost = [x > y for", "lost = [x >= y for"),
    Planted("minimum-2", "classic.reinforce.minimum", "the minimum reinforcement is 2, not 3",
            "armies = max(3, len(mine) // 3)", "armies = max(2, len(mine) // 3)"),
    Planted("divisor-4", "classic.reinforce.territory-armies", "one army per four territories",
            "armies = max(3, len(mine) // 3)", "armies = max(3, len(mine) // 4)"),
    Planted("no-continent-bonus", "classic.reinforce.continent-bonus", "continents give nothing",
            "+ sum(p.board.bonus[g] for g in groups)", "+ 0 * len(groups)"),
    Planted("attack-from-one", "classic.attack.declare", "a territory with one army may attack",
            "if p.armies(f) >= 2\n", "if p.armies(f) >= 1\n"),
    Planted("losses-swapped", "classic.attack.losses", "the defender's losses taken from the attacker",
            "p.add_armies(f, -al)\n        p.add_armies(t, -dl)",
            "p.add_armies(f, -dl)\n        p.add_armies(t, -al)"),
]}


def planted_source(name: str) -> str:
    """The example engine's source with the deviation ``name`` planted."""
    p = PLANTED.get(name)
    if p is None:
        raise ConformanceError(f"unknown planted deviation {name!r}; known: {', '.join(PLANTED)}")
    src = EXAMPLE.read_text(encoding="utf-8")
    if src.count(p.old) != 1:
        raise ConformanceError(f"planted deviation {name}: {p.old!r} is not in engine.py exactly once")
    return src.replace(p.old, p.new)


def write_planted(name: str, directory: Path) -> Path:
    """Write ``engine.py`` with the deviation ``name`` planted to ``directory/NAME.py``."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"planted_{name.replace('-', '_')}.py"
    path.write_text(planted_source(name), encoding="utf-8")
    return path
