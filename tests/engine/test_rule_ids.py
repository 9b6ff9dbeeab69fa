"""Every rule ID the engine cites exists in the specification, and each is written once.

Both families: the Classic engine's IDs live in ``reference/ruleids.py``, the Napoléon
engine's in ``reference/napoleon/ruleids.py``; no other module of ``reference/`` writes
a rule-ID literal (ambiguity IDs, ``*.amb.*``, are cited by readings and excepted).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from riskspec.errors import IllegalActionError
from riskspec.loading import load_spec
from riskspec.reference import ruleids
from riskspec.reference.driver import play_game
from riskspec.reference.napoleon import effects as nap_effects
from riskspec.reference.napoleon import ruleids as nap_ruleids

from .helpers import E

REFERENCE = Path(ruleids.__file__).parent
RULEIDS_MODULES = {Path(ruleids.__file__), Path(nap_ruleids.__file__)}
RULE_LITERAL = re.compile(r"""["'](?:classic|napoleon)\.[a-z0-9-]+\.[a-z0-9-]+["']""")
#: a rule ID assembled at run time, e.g. ``f"napoleon.effects.{kind}"``
RULE_FSTRING = re.compile(r"""\bf["'](?:classic|napoleon)\.[a-z0-9.{}_-]*\{""")
FAMILIES = [(ruleids, "classic"), (nap_ruleids, "napoleon.")]


def test_every_rule_id_of_the_engine_is_a_rule_of_the_spec():
    rules = load_spec().variant("classic").rules
    missing = [r for r in ruleids.ALL if r not in rules]
    assert not missing, f"rule IDs not in spec/classic/rules.yaml: {missing}"
    assert len(ruleids.ALL) >= 20


def test_every_napoleon_rule_id_is_a_rule_of_the_spec():
    rules = load_spec().rules
    missing = [r for r in nap_ruleids.ALL if r not in rules]
    assert not missing, f"rule IDs not in spec/napoleon/rules.yaml: {missing}"
    assert all(r.startswith("napoleon.") and ".amb." not in r for r in nap_ruleids.ALL)
    assert len(nap_ruleids.ALL) >= 60


def test_each_rule_id_has_one_constant():
    for module, prefix in FAMILIES:
        names = {k: v for k, v in vars(module).items() if k.isupper() and isinstance(v, str)}
        by_id: dict[str, list[str]] = {}
        for name, rid in names.items():
            by_id.setdefault(rid, []).append(name)
        doubled = {rid: ns for rid, ns in by_id.items() if len(ns) > 1}
        assert not doubled, f"{module.__name__}: one rule ID, several constants: {doubled}"
        assert set(module.ALL) == set(names.values())
        assert all(rid.startswith(prefix) for rid in module.ALL)


def test_every_card_effect_kind_has_its_rule():
    assert set(nap_ruleids.EFFECT_RULES) == set(nap_effects.KINDS)
    assert set(nap_ruleids.EFFECT_RULES.values()) <= set(nap_ruleids.ALL)
    for kind in nap_effects.KINDS:
        assert nap_effects.rule_of(kind) == f"napoleon.effects.{kind}"


def test_every_constant_a_napoleon_module_cites_exists():
    rules = load_spec().rules
    cited: dict[str, set[str]] = {}
    for path in sorted((REFERENCE / "napoleon").glob("*.py")):
        for name in re.findall(r"\bRID\.([A-Z_]+)\b", path.read_text()):
            cited.setdefault(name, set()).add(path.name)
    assert len(cited) >= 40
    unknown = {n: sorted(m) for n, m in cited.items()
               if not isinstance(getattr(nap_ruleids, n, None), (str, dict))}
    assert not unknown, f"RID constants not in reference/napoleon/ruleids.py: {unknown}"
    assert all(getattr(nap_ruleids, n) in rules for n in cited if n != "EFFECT_RULES")


def stray_rule_ids(text: str) -> list[str]:
    found = [m for m in RULE_LITERAL.findall(text) if ".amb." not in m]
    return found + RULE_FSTRING.findall(text)


def test_the_stray_rule_id_finder_finds_them():
    found = stray_rule_ids('rule = "napoleon.naval.forced-combat"')
    assert found == ['"napoleon.naval.forced-combat"']
    assert stray_rule_ids("r = 'classic.attack.compare'") == ["'classic.attack.compare'"]
    assert stray_rule_ids('return f"napoleon.effects.{kind}"') == ['f"napoleon.effects.{']
    assert stray_rule_ids('x = "napoleon.amb.negative-vp"  # napoleon.naval.landing') == []


def test_no_module_cites_a_rule_id_outside_ruleids():
    modules = sorted(REFERENCE.rglob("*.py"))
    assert any(p.parent.name == "napoleon" for p in modules)
    stray = {}
    for path in modules:
        if path in RULEIDS_MODULES:
            continue
        found = stray_rule_ids(path.read_text())
        if found:
            stray[str(path.relative_to(REFERENCE))] = found
    assert not stray, f"rule IDs written outside the ruleids modules: {stray}"


def test_rules_raised_in_play_are_all_known():
    rng = random.Random(4)
    seen = set()

    def poke(before, action, after, events):
        if rng.random() < 0.2:
            legal = E.legal_actions(after) or [o for o, _ in E.chance_outcomes(after)]
            for a in legal[:3]:
                bad = dict(a)
                for key in ("territory", "from", "to"):
                    if key in bad:
                        bad[key] = rng.choice(after.tables.territories)
                for key in ("dice", "armies"):
                    if key in bad:
                        bad[key] += rng.choice([1, 3])
                try:
                    E.apply(after, bad)
                except IllegalActionError as exc:
                    seen.add(exc.rule)

    for seed in range(3):
        play_game("classic", 3, seed=seed, max_turns=15, on_step=poke)
    assert seen and seen <= set(ruleids.ALL), seen - set(ruleids.ALL)
