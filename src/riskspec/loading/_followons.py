"""One broken spec file is its own problems, not a cascade (``riskspec validate``).

A file that cannot be used — it breaks its schema, cannot be read, has no known format —
defines nothing the other files can rely on: every rule ID of a broken ``rules.yaml``
would come back as an ``unknown-rule`` line of ``ambiguities.yaml``, every source of a
broken ``sources.yaml`` as an ``unknown-source`` line of every file. Such a reference
problem of another file is a follow-on of the broken one: it is left out, and the broken
file gets one ``[skipped]`` line saying how many references were not checked because of
it. Its own problems are all kept.
"""

from __future__ import annotations

from pathlib import PurePath

from riskspec.errors import Problem

#: the reference problems, and the format of the file that defines what they refer to
PROVIDER = {
    "unknown-rule": "riskspec/rules@1",
    "unknown-section": "riskspec/rules@1",
    "unknown-ambiguity": "riskspec/ambiguities@1",
    "unknown-reading": "riskspec/ambiguities@1",
    "unknown-source": "riskspec/sources@1",
    "unknown-variant": "riskspec/variant@1",
    "unknown-parameter": "riskspec/variant@1",
    "unknown-option": "riskspec/variant@1",
    "unknown-choice": "riskspec/variant@1",
    "unknown-colour": "riskspec/variant@1",
    "unknown-place": "riskspec/map@1",
    "unknown-territory": "riskspec/map@1",
    "unknown-group": "riskspec/map@1",
    "unknown-zone": "riskspec/map@1",
    "unknown-route": "riskspec/map@1",
    "unknown-capital": "riskspec/map@1",
    "unknown-symbol": "riskspec/map@1",
    "unknown-mission": "riskspec/missions@1",
    "unknown-deck": "riskspec/missions@1",
    # a variant's edition, resolution or option is checked against the variant it names
    "missing-resolution": "riskspec/variant@1",
    "incomplete-variant": "riskspec/variant@1",
    "missing-parameter": "riskspec/variant@1",
    "unplayable-parameters": "riskspec/variant@1",
}
#: a broken file of these formats (or of no known format) leaves every reference of its
#: folder unchecked: a variant names the map, rules, ambiguities and missions files
ROOTS = ("riskspec/variant@1", None)


def get_broken_provider(problem: Problem, failed: dict[str, str | None]) -> str | None:
    """The broken file ``problem`` is most likely a follow-on of, if any: one that could
    define what the problem says is unknown (a file of that format, a variant, or a file
    of no known format), in the problem's folder or above it (``sources.yaml`` serves the
    whole tree), and not the problem's own file. The nearest such file, the one of the
    wanted format first."""
    wanted = PROVIDER.get(problem.code)
    if wanted is None or problem.file in failed:
        return None
    here = PurePath(problem.file).parent
    best: tuple[int, int, str] | None = None
    for name, fmt in failed.items():
        folder = PurePath(name).parent
        if (fmt != wanted and fmt not in ROOTS) or not here.is_relative_to(folder):
            continue
        rank = (-len(folder.parts), 0 if fmt == wanted else 1, name)
        if best is None or rank < best:
            best = rank
    return best[2] if best else None


def without_follow_ons(problems: list[Problem], failed: dict[str, str | None]) -> list[Problem]:
    """``problems`` without the follow-ons of the broken files in ``failed`` (display name
    -> format, ``None`` when unknown); after each broken file's own problems, one
    ``[skipped]`` line says how many references to it were not checked."""
    if not failed:
        return problems
    skipped: dict[str, list[Problem]] = {}
    kept = []
    for p in problems:
        source = get_broken_provider(p, failed)
        if source is None:
            kept.append(p)
        else:
            skipped.setdefault(source, []).append(p)
    for source, follow in skipped.items():
        files = sorted({p.file for p in follow})
        shown = ", ".join(files[:3]) + (f" and {len(files) - 3} more" if len(files) > 3 else "")
        n = len(follow)
        line = Problem(source, 1, 1, "skipped",
                       f"this file could not be used (see its problems), so {n} reference"
                       f"{'s' if n != 1 else ''} to what it defines "
                       f"{'were' if n != 1 else 'was'} not checked (in {shown}): fix this "
                       f"file and validate again")
        last = max((i for i, p in enumerate(kept) if p.file == source), default=len(kept) - 1)
        kept.insert(last + 1, line)
    return kept
