"""Worked examples on the shipped spec: every displayed cell is the reference engine's result.

The pages are generated once (all shipped vectors); then every example is replayed a
second time, independently of the site's own replay (the engine's Python API, no
protocol, no JSON round trip), and each cell the page shows — owners and pieces
before and after, phase and player to act, the events of every step, a rejection's
code and rule — is compared with it. An example showing a case's partial
expectations instead of the real result (the bug of issue 13) fails here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from riskspec.docsite import md
from riskspec.docsite import position as pos

LABEL_TO_KEY = {label: key for key, label in pos.FIELDS}
MARK = '<mark title="checked by the case">'


@pytest.fixture(scope="session")
def shipped(tmp_path_factory):
    from riskspec.docsite.examples import default_vectors_dir, load_cases, with_traces
    from riskspec.docsite.generate import generate
    from riskspec.loading import load_spec
    spec = load_spec()
    warnings: list[str] = []
    cases = with_traces(load_cases(default_vectors_dir(), warnings), warnings)
    gen = generate(spec, tmp_path_factory.mktemp("shipped-gen") / "project", cases=cases)
    return spec, cases, gen, warnings


def _unescape(s: str) -> str:
    s = re.sub(r"</?mark[^>]*>", "", s)
    s = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", s).replace("**", "").replace("`", "")
    return re.sub(r"\\(.)", r"\1", s).replace("&lt;", "<").replace("&gt;", ">") \
        .replace("&amp;", "&").strip()


def _section(page: str, anchor: str) -> list[str]:
    lines = page.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.endswith(f"{{#{anchor}}}"))
    level = lines[start].split(" ")[0]
    end = next((i for i in range(start + 1, len(lines))
                if lines[i].startswith(level + " ")), len(lines))
    return lines[start:end]


def _table_after(lines: list[str], marker: str) -> list[list[str]]:
    """The Markdown table that follows the line starting with ``marker`` (header first)."""
    i = next((k for k, ln in enumerate(lines) if ln.startswith(marker)), None)
    if i is None:
        return []
    rows = []
    for ln in lines[i + 1:]:
        if ln.startswith("|"):
            if not ln.startswith("|---"):
                rows.append([_unescape(c) for c in ln.strip().strip("|").split(" | ")])
        elif rows:
            break
    return rows


def _engine_replay(case: Any) -> dict[str, Any]:
    from riskspec.conformance.reference_api import ReferenceAPI
    from riskspec.errors import ActionError
    api = ReferenceAPI()
    extra = {k: getattr(case, k) for k in ("map", "missions") if getattr(case, k) is not None}
    if case.state is not None:
        st = api.load_state(case.state, variant=case.variant, players=case.players,
                            options=case.options, **extra)
    else:
        st = api.new_game(case.variant, case.players, case.options, **extra)
    before = api.to_json(st)
    events, errors = [], {}
    for i, step in enumerate(case.steps, 1):
        action = step.get("action")
        if action is None:
            events.append([])
            continue
        try:
            st, ev = api.apply(st, action)
            events.append([e.get("type") for e in ev])
        except ActionError as exc:
            errors[i] = (exc.code, exc.rule)
            events.append([])
    return {"before": before, "after": api.to_json(st), "events": events, "errors": errors}


def _label(state: Mapping[str, Any], key: str, value: Any) -> str:
    """What the page must show for a value (written here again, not borrowed from the site)."""
    if key in ("owner", "current", "winner"):
        if value is None:
            return "—"
        p = state["players"][value]
        return f"{p['colour']} (neutral)" if p.get("neutral") else str(p["colour"])
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _places(state: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return {**state.get("territories", {}), **(state.get("zones") or {})}


def _names(case: Any, spec: Any) -> dict[str, str]:
    if case.map is not None:
        return {p["id"]: p.get("name", p["id"]) for key in ("territories", "zones")
                for p in case.map.get(key, [])}
    b = spec.variants[case.variant].board
    return {t.id: t.name for t in b.territories} | {z.id: z.name for z in b.zones}


def _compare(case: Any, spec: Any, page: str, anchor: str) -> tuple[int, list[str]]:
    """(cells compared, differences) of one rendered example against the engine."""
    got = _engine_replay(case)
    before, after = got["before"], got["after"]
    lines = _section(page, anchor)
    diffs: list[str] = []
    cells = 0
    table = _table_after(lines, "**Position**")
    by_name = {v: k for k, v in _names(case, spec).items()}
    shown: set[str] = set()
    if table:
        header = table[0]
        for row in table[1:]:
            place = by_name.get(row[0], row[0])
            shown.add(place)
            for label, text in zip(header[1:], row[1:]):
                key = LABEL_TO_KEY[label]
                b, a = _places(before).get(place, {}), _places(after).get(place, {})
                bt = _label(before, key, b[key]) if key in b else ""
                at = _label(after, key, a[key]) if key in a else ""
                want = bt if bt == at else f"{bt or '·'} → {at or '·'}"
                cells += 1
                if text != want:
                    diffs.append(f"{place}.{key}: page {text!r}, engine {want!r}")
    changed = {p for p in {*_places(before), *_places(after)}
               if _places(before).get(p) != _places(after).get(p)}
    for p in sorted(changed - shown):
        diffs.append(f"{p} changed on the engine but is not shown")
    other = {r[0]: (r[1], r[2]) for r in _table_after(lines, "**Other changes:**")[1:]}
    checked = _table_after(lines, "**Checked**")
    for row in checked[1:]:  # one step: a checked fact's before → after is the example's
        if len(row) == 2:
            other.setdefault(row[0], pos.parse_cell(row[-1]))
    other = {k: v for k, v in other.items() if v[0] != v[1]}
    for key, label in (("phase", "phase"), ("current", "player to act"), ("turn", "turn")):
        bt, at = _label(before, key, before.get(key)), _label(after, key, after.get(key))
        cells += 1
        if (bt != at) != (label in other) or (label in other and other[label] != (bt, at)):
            diffs.append(f"{label}: page {other.get(label)}, engine {(bt, at)}")
    pb, pa = before.get("pending") or {}, after.get("pending") or {}
    if "to place" in other:
        cells += 1
        if other["to place"] != (_label(before, "to_place", pb.get("to_place")),
                                 _label(after, "to_place", pa.get("to_place"))):
            diffs.append(f"to place: page {other['to place']}, engine {pb}, {pa}")
    for seat, (p_b, p_a) in enumerate(zip(before["players"], after["players"])):
        for key in ("reserve", "vp"):
            label = f"{_label(after, 'owner', seat)}: {key}"
            if label in other:
                cells += 1
                if other[label] != (str(p_b.get(key)), str(p_a.get(key))):
                    diffs.append(f"{label}: page {other[label]}, engine "
                                 f"{(p_b.get(key), p_a.get(key))}")
    steps: dict[int, list[str]] = {}
    rejected: dict[int, tuple[str, str | None]] = {}
    n = 0
    for ln in lines:
        m_step = re.match(r"^(\d+)\. ", ln)
        if m_step:
            n = int(m_step.group(1))
            steps[n] = []
        elif ln.startswith("    - Event **") and n:
            steps[n].append(_unescape(ln[len("    - Event "):].split(":")[0]))
        elif ln.startswith("    - **Rejected** with ") and n:
            m_rej = re.match(r"    - \*\*Rejected\*\* with `([^`]+)`(?: by rule \[?`([^`]+)`)?", ln)
            assert m_rej, ln
            rejected[n] = (m_rej.group(1), m_rej.group(2))
    for i, types in enumerate(got["events"], 1):
        cells += 1
        if steps.get(i, []) != types:
            diffs.append(f"step {i} events: page {steps.get(i)}, engine {types}")
    cells += 1
    if rejected != got["errors"]:
        diffs.append(f"rejections: page {rejected}, engine {got['errors']}")
    return cells, diffs


def test_every_rendered_example_shows_what_the_engine_computes(shipped, capsys):
    spec, cases, gen, _ = shipped
    assert len(cases) > 100
    total_cells, differing = 0, {}
    for c in cases:
        cells, diffs = _compare(c.source, spec, gen.pages[c.page], c.anchor)
        total_cells += cells
        if diffs:
            differing[c.id] = diffs
    with capsys.disabled():
        print(f"\n[docs examples] {len(cases)} examples, {total_cells} displayed cells "
              f"compared with the engine, {len(differing)} examples differ")
    assert not differing, "\n".join(f"{k}: {v[:3]}" for k, v in list(differing.items())[:10])


def test_the_overlay_bug_is_gone(shipped):
    """Issue 13's two examples: the real after-state, not the start with expectations overlaid."""
    _spec, cases, gen, _ = shipped
    by_id = {c.id: c for c in cases}
    c = by_id["classic.amb.fortify-path.connected.001"]
    assert f"| Alaska | black | {MARK}**5 → 3**</mark> |" in gen.pages[c.page]
    c = by_id["classic.amb.cards-per-turn.one-per-conquest.001"]
    section = "\n".join(_section(gen.pages[c.page], c.anchor))
    assert "| Northwest Territory | **blue → black** |" in section


def test_a_wrong_page_cell_is_caught(shipped):
    """The comparison can fail: a page showing the start armies after the move is refused."""
    spec, cases, gen, _ = shipped
    c = next(c for c in cases if c.id == "classic.amb.fortify-path.connected.001")
    wrong = gen.pages[c.page].replace(f"| Alaska | black | {MARK}**5 → 3**</mark> |",
                                      "| Alaska | black | 5 |")
    _, diffs = _compare(c.source, spec, wrong, c.anchor)
    assert any("alaska.armies" in d for d in diffs)


def test_no_example_warns_and_every_one_is_replayed(shipped):
    _, cases, _, warnings = shipped
    assert not warnings, warnings[:5]
    assert all(c.trace is not None and c.trace.ok and c.trace.expectations_met for c in cases)


def test_examples_are_numbered_with_permanent_anchors(shipped):
    _spec, cases, gen, _ = shipped
    assert [c.number for c in cases] == list(range(1, len(cases) + 1))
    anchors = [c.anchor for c in cases]
    assert len(set(anchors)) == len(anchors)
    for c in cases[::7]:
        page = gen.pages[c.page]
        assert f"## Example {c.number}: " in page and f"{{#ex-{md.anchor_id(c.id)}}}" in page
        assert f"`riskspec show {c.id}`" in page and f"`riskspec check --select {c.id}`" in page
    index = gen.pages["examples/index.md"]
    assert f"{len(cases)} numbered examples" in index
    # a rule page links to its examples by number and anchor
    rule = gen.pages[md.page_of_rule("classic.fortify.path")]
    assert re.search(r"\[Example \d+: [^\]]+\]\(\.\./examples/classic/amb\.md#ex-", rule)


def test_every_example_has_its_pictures(shipped):
    _spec, cases, gen, _ = shipped
    img = gen.docs_dir / "examples" / "img"
    for c in cases:  # before (and after), or the one picture of a change across the board
        assert ((img / f"{md.anchor_id(c.id)}-before.svg").is_file()
                != (img / f"{md.anchor_id(c.id)}-change.svg").is_file()), c.id
    whole = next(c for c in cases if c.id == "classic.attack.losses.001")
    change = (img / f"{md.anchor_id(whole.id)}-change.svg").read_text()
    assert ">6 → 4</text>" in change and "Before → after" in change  # Alaska's change tagged
    assert f"img/{md.anchor_id(whole.id)}-change.svg" in gen.pages[whole.page]
    c = next(c for c in cases if c.id == "classic.amb.fortify-path.connected.001")
    after = (gen.docs_dir / f"examples/img/{md.anchor_id(c.id)}-after.svg").read_text()
    assert 'stroke="#ffd400"' in after  # changed places ringed
    before = (gen.docs_dir / f"examples/img/{md.anchor_id(c.id)}-before.svg").read_text()
    assert 'marker-end="url(#arrowhead)"' in before  # the action as an arrow
    assert ">5</text>" in before and ">3</text>" in after  # armies as numbers
    nap = next(c for c in cases if c.id == "napoleon.combat.bonus-stacking.001")
    svg = (gen.docs_dir / f"examples/img/{md.anchor_id(nap.id)}-before.svg").read_text()
    assert ">G2</text>" in svg and ">F1</text>" in svg and "<ellipse" in svg  # generals, forts, zones


def test_every_napoleon_page_carries_the_reconstruction_notice(shipped):
    from riskspec.boards import reconstruction_tally
    spec, _, gen, _ = shipped
    board = spec.boards["napoleon-europe"]
    tally = reconstruction_tally(board)
    notice = (f"{tally['total'][0]} of {tally['total'][1]} facts of the board "
              f"`napoleon-europe` are reconstructed")
    napoleon = [p for p in gen.pages if re.match(r"(rules|ambiguities)/napoleon\.|variants/napoleon|"
                                                 r"examples/napoleon|maps/napoleon", p)]
    assert len(napoleon) > 100
    napoleon += ["index.md", "variants/index.md", "maps/index.md"]  # the home page too
    for p in napoleon:
        assert notice in gen.pages[p], p
    assert f"{tally['land border'][0]} of {tally['land border'][1]} land borders" in \
        gen.pages["maps/napoleon-europe.md"]


def test_show_prints_before_and_after(capsys):
    from riskspec.cli import main
    assert main(["show", "classic.amb.fortify-path.connected.001"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Alaska\s+black\s+5 → 3", out) and "event fortified" in out
    assert main(["show", "classic.attack.adjacency.001"]) == 0
    out = capsys.readouterr().out
    assert "Rejected with not-adjacent by rule classic.attack.adjacency" in out


def test_show_unknown_case_suggests(capsys):
    from riskspec.cli import main
    assert main(["show", "classic.amb.fortify-path.conected.001"]) == 2
    err = capsys.readouterr().err
    assert "did you mean classic.amb.fortify-path.connected.001" in err


def test_fixture_examples_the_engine_cannot_play_say_so(fixture_pages):
    page = fixture_pages["examples/mini/attack.md"]
    assert "Not replayed" in page and "does not play variant 'mini'" in page
    assert "**Starting position:**" in page and "→" not in page.split("Starting position")[1][:300]


def test_layout_hints_cover_every_place_and_are_checked(tmp_path):
    from riskspec.loading import load_spec
    spec = load_spec()
    for b in spec.boards.values():
        places = {*b.territory_ids, *b.zone_ids}
        assert places == set(b.layout), b.id
    src = Path(spec.root) / "classic"
    bad = tmp_path / "spec"
    import shutil
    shutil.copytree(Path(spec.root), bad)
    mp = bad / "classic" / "map.yaml"
    mp.write_text(mp.read_text().replace("    alaska: [", "    alaskaa: ["))
    from riskspec.loading import check_tree
    problems, _ = check_tree(bad)
    assert any("alaskaa" in str(p) and "layout" in str(p) for p in problems), problems[:3]
    assert src.is_dir()


def _unshown_checks(case: Any, spec: Any, page: str) -> list[str]:
    """The fields the case's expectations name that its section does not show highlighted:
    a place's field as a marked cell of the position table (or a marked "Checked" row), any
    other field as a marked row of the "Checked" table."""
    from riskspec.docsite import checked as chk
    lines = _section(page, case.anchor)
    names = _names(case.source, spec)
    marked: set[tuple[str, str | None]] = set()
    rows: set[str] = set()
    header: list[str] = []
    for ln in lines:
        if not ln.startswith("|") or ln.startswith("|---"):
            header = [] if not ln.startswith("|") else header
            continue
        cs = ln.strip().strip("|").split(" | ")
        if not header:
            header = [_unescape(c) for c in cs]
            continue
        for h, t in zip(header[1:], cs[1:]):
            if MARK in t:
                marked.add((_unescape(cs[0]), LABEL_TO_KEY.get(h)))
                rows.add(_unescape(cs[0]))
    missing = []
    for f in chk.facts(case):
        if f.place is not None and (names.get(f.place, f.place), f.key) in marked:
            continue
        what = chk.fact_line(f, len(case.steps), names)[0]
        if what not in rows:
            missing.append(what)
    return missing


def test_every_example_shows_what_it_checks(shipped, capsys):
    """Issue 26: each field a case's expectations name (armies, reserves, cards, the player to
    act, victory points, the phase …) is on its page, highlighted."""
    from riskspec.docsite import checked as chk
    spec, cases, gen, _ = shipped
    bad = {c.id: m for c in cases if (m := _unshown_checks(c, spec, gen.pages[c.page]))}
    with capsys.disabled():
        n = sum(1 for c in cases if chk.facts(c))
        print(f"\n[docs examples] {n - len(bad)} of {n} examples that check the position show "
              f"every checked field highlighted")
    assert not bad, list(bad.items())[:5]
    c = next(c for c in cases if c.id == "classic.two-player.starting-armies.001")
    section = "\n".join(_section(gen.pages[c.page], c.anchor))
    assert section.count(f"{MARK}40</mark>") == 3 and "| Alaska |" not in section
    # the check can fail: an example without its marks is caught
    unmarked = gen.pages[c.page].replace(MARK, "")
    assert _unshown_checks(c, spec, unmarked)


def test_every_example_has_a_why(shipped, capsys):
    """Issue 26: a "Why" line for every example (its steps' own, one written in
    conformance/why.py, or one generated from its title and rule); show prints the same."""
    from riskspec.conformance.why import WHY
    from riskspec.docsite import checked as chk
    spec, cases, gen, _ = shipped
    origins: dict[str, int] = {}
    missing = []
    for c in cases:
        text, origin = chk.why(c, spec)
        origins[origin] = origins.get(origin, 0) + 1
        section = "\n".join(_section(gen.pages[c.page], c.anchor))
        if "*Why:*" not in section and "**Why:**" not in section:
            missing.append(c.id)
        assert text.strip(), c.id
    assert not missing, missing[:5]
    assert set(WHY) <= {c.id for c in cases}, set(WHY) - {c.id for c in cases}
    with capsys.disabled():
        print(f"\n[docs examples] Why lines: {origins}")


def test_show_prints_why_and_checked(capsys):
    from riskspec.cli import main
    assert main(["show", "classic.two-player.starting-armies.001"]) == 0
    out = capsys.readouterr().out
    assert "Why: " in out and re.search(r"black: armies in reserve \(reserve\)\s+40", out)
    assert "Alaska" not in out
    assert main(["show", "classic.amb.fortify-path.connected.001"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"Alaska\s+black\s+5 → 3 \*", out) and "player to act" in out
