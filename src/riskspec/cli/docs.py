"""``riskspec docs``: build or serve the documentation site (needs the ``docs`` extra)."""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from riskspec.cli import build_parser

EPILOG = """\
examples:
  riskspec docs build                       build the site into build/site
  riskspec docs build --out /tmp/site       build it elsewhere
  riskspec docs build --spec my-spec/       document your own spec folder
  riskspec docs serve                       build, then serve on http://127.0.0.1:8000/
  riskspec docs serve --port 8123

The site is generated from the specification and the conformance vectors on
every build: a change to a YAML rule changes its page on the next build. It
needs no network. Install what it needs with: pip install "riskspec[docs]".
"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "docs", help="build or serve the documentation site",
        description="Generate the documentation site from the specification (one page per "
                    "variant, rule and map, the ambiguity register, worked examples from the "
                    "conformance vectors, the CLI reference) and build it with mkdocs.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    dsub = p.add_subparsers(dest="docs_command", metavar="ACTION")

    def common(q: argparse.ArgumentParser) -> None:
        q.add_argument("--spec", type=Path, metavar="DIR",
                       help="spec folder to document (default: the shipped specification)")
        q.add_argument("--vectors", type=Path, metavar="DIR",
                       help="conformance vectors folder (default: conformance/vectors)")
        q.add_argument("--docs", type=Path, metavar="DIR", dest="docs_src",
                       help="hand-written pages and mkdocs.yml (default: docs/ of the checkout)")
        q.add_argument("--strict", action=argparse.BooleanOptionalAction, default=True,
                       help="fail on any mkdocs warning, e.g. a broken link (default: --strict)")
        q.add_argument("--quiet", "-q", action="store_true",
                       help="no progress lines on stderr")

    b = dsub.add_parser("build", help="build the HTML site",
                        description="Build the HTML site into --out (default build/site). The "
                                    "generated Markdown and mkdocs.yml go next to it, in "
                                    "OUT-mkdocs/.",
                        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    b.add_argument("--out", type=Path, default=Path("build/site"), metavar="DIR",
                   help="output folder for the HTML site (default: build/site)")
    common(b)
    b.set_defaults(func=run_build)
    s = dsub.add_parser("serve", help="build the site into a temporary folder and serve it",
                        description="Build the site into a temporary folder and serve it over "
                                    "HTTP until Ctrl-C. Re-run it to see changes to the spec.",
                        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free port)")
    s.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    common(s)
    s.set_defaults(func=run_serve)
    v = dsub.add_parser("view", help="step through a game log or a worked example on the map",
                        description="Write the game viewer for a game log (riskspec play --log) "
                                    "or a worked example (a case ID) as one self-contained HTML "
                                    "file: the map at each step, forward/back, the event of each "
                                    "step, the legal actions there, the position notation, and a "
                                    "link to each step (#step=N) or to any position (#n=LINE).",
                        epilog="examples:\n  riskspec docs view classic.attack.ties.001\n"
                               "  riskspec play classic --log game.json && riskspec docs view "
                               "game.json --out game.html",
                        formatter_class=argparse.RawDescriptionHelpFormatter)
    v.add_argument("game", metavar="LOG|CASE_ID", help="a game log file or a case ID")
    v.add_argument("--out", type=Path, metavar="FILE",
                   help="the HTML file to write (default: build/view/<name>.html)")
    v.add_argument("--vectors", type=Path, metavar="DIR", action="append", default=[],
                   help="vector files or folders to find the case in (default: the shipped vectors)")
    v.set_defaults(func=run_view)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


def _progress(args: argparse.Namespace) -> Callable[[str], None] | None:
    if getattr(args, "quiet", False):
        return None
    return lambda msg: print(f"riskspec docs: {msg}", file=sys.stderr, flush=True)


def _report(res: object) -> None:
    for w in res.warnings:  # type: ignore[attr-defined]
        print(f"riskspec docs: warning: {w}", file=sys.stderr)


def run_build(args: argparse.Namespace) -> int:
    from riskspec.docsite.build import build_site
    res = build_site(args.out, spec_root=args.spec, docs_src=args.docs_src,
                     vectors=args.vectors, strict=args.strict, progress=_progress(args),
                     cli_parser=build_parser())
    _report(res)
    print(f"built {res.pages} pages into {res.site} in {res.seconds:.1f} s "
          f"(Markdown in {res.project})")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    from riskspec.docsite.build import build_site, make_server
    with tempfile.TemporaryDirectory(prefix="riskspec-docs-") as tmp:
        res = build_site(Path(tmp) / "site", spec_root=args.spec, docs_src=args.docs_src,
                         vectors=args.vectors, strict=args.strict, progress=_progress(args),
                         cli_parser=build_parser())
        _report(res)
        try:
            server = make_server(res.site, args.host, args.port, quiet=False)
        except OSError as exc:
            print(f"riskspec docs: error: cannot listen on {args.host}:{args.port}: {exc}",
                  file=sys.stderr)
            return 2
        host, port = server.server_address[:2]
        print(f"serving {res.pages} pages on http://{host!s}:{port}/ (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")
        finally:
            server.server_close()
    return 0


def run_view(args: argparse.Namespace) -> int:
    import os
    import re

    from riskspec.docsite import viewer
    from riskspec.safeio import write_text
    if os.path.lexists(args.game) or "/" in args.game or args.game.endswith(".json"):
        game = viewer.game_of_log(args.game)
        name = Path(args.game).stem
    else:
        game = viewer.game_of_case(args.game, args.vectors or None)
        name = args.game
    out = args.out or Path("build") / "view" / (re.sub(r"[^A-Za-z0-9_.-]", "_", name) + ".html")
    if args.out is None:
        out.parent.mkdir(parents=True, exist_ok=True)
    write_text(out, viewer.page(game), "viewer file")
    print(f"wrote the viewer ({len(game['frames']) - 1} steps) to {out}: open it in a browser")
    return 0
