"""Build the documentation site: generate the Markdown, then a plain ``mkdocs build``.

mkdocs runs in a subprocess (``python -m mkdocs``) so its logging and plugins
never leak into the caller; the build needs no network (``theme.font: false``,
no plugin that downloads).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from riskspec.docsite.examples import default_vectors_dir
from riskspec.docsite.generate import DocsError, generate
from riskspec.loading import check_tree, default_root

INSTALL_HINT = 'pip install "riskspec[docs]"  (from a checkout: pip install -e ".[docs]")'
MKDOCS_ENV = {"NO_MKDOCS_2_WARNING": "1", "DISABLE_MKDOCS_2_WARNING": "true"}


@dataclass
class BuildResult:
    site: Path
    project: Path
    seconds: float
    pages: int
    warnings: list[str] = field(default_factory=list)


def require_mkdocs() -> None:
    missing = [name for name in ("mkdocs", "material") if importlib.util.find_spec(name) is None]
    if missing:
        what = " and ".join("mkdocs-material" if n == "material" else n for n in missing)
        raise DocsError(f"{what} is not installed; install the docs extra: {INSTALL_HINT}")


def _check_out(out: Path) -> None:
    """mkdocs empties its output folder: never let it empty a folder that is not a site."""
    if not out.exists():
        return
    if not out.is_dir():
        raise DocsError(f"{out} is a file; --out must be a folder")
    if any(out.iterdir()) and not (out / "search" / "search_index.json").exists():
        raise DocsError(f"{out} is not empty and holds no previously built site; "
                        f"choose an empty or new folder for --out")


def build_site(out: Path, *, spec_root: Path | None = None, project: Path | None = None,
               docs_src: Path | None = None, vectors: Path | None = None,
               strict: bool = True,
               progress: Callable[[str], None] | None = None,
               cli_parser: argparse.ArgumentParser | None = None) -> BuildResult:
    """Generate the pages for the spec at ``spec_root`` and build the HTML site into ``out``
    (``progress`` is told what each stage is doing, with the seconds so far; ``cli_parser``:
    the command line the reference page documents, which the hand-written pages link to)."""
    require_mkdocs()
    start = time.perf_counter()

    def say(msg: str) -> None:
        if progress is not None:
            progress(f"[{time.perf_counter() - start:5.1f} s] {msg}")

    say("loading the specification …")
    from riskspec.safeio import PathError, check_input_dir, ensure_output_dir
    try:  # never through a link: ``resolve`` would follow it and mkdocs empty its target
        for given, what in ((spec_root, "--spec"), (vectors, "--vectors"), (docs_src, "--docs")):
            if given is not None:  # folders, said before anything is built
                check_input_dir(given, what)
        out = ensure_output_dir(Path(os.path.abspath(out)), "--out")
        _check_out(out.resolve())
        project = Path(os.path.abspath(project or out.parent / f"{out.name}-mkdocs"))
        ensure_output_dir(project, "the generated-Markdown folder")
    except PathError as exc:
        raise DocsError(str(exc)) from None
    out, project = out.resolve(), project.resolve()
    if out == project or project in out.parents or out in project.parents:
        raise DocsError("the site folder and the generated-Markdown folder must be separate")
    problems, spec = check_tree(spec_root or default_root())
    vectors = vectors if vectors is not None else default_vectors_dir()
    gen = generate(spec, project, docs_src=docs_src, vectors=vectors, progress=say,
                   cli_parser=cli_parser)
    say(f"{len(gen.pages)} pages written; building the HTML with mkdocs …")
    warnings = list(gen.warnings)
    if problems:
        warnings.append(f"the specification has {len(problems)} problem(s) (built from what "
                        f"loads; run `riskspec validate`)")
    cmd = [sys.executable, "-m", "mkdocs", "build", "--clean", "-f", str(gen.config),
           "-d", str(out)]
    if strict:
        cmd.append("--strict")
    env = {**os.environ, **MKDOCS_ENV}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=gen.project,
                          check=False)
    if proc.returncode != 0:
        lines = [ln for ln in (proc.stdout + proc.stderr).splitlines()
                 if ln.startswith(("WARNING", "ERROR")) or "Error" in ln]
        detail = "\n  ".join(lines[-20:]) or (proc.stderr or proc.stdout).strip()[-2000:]
        raise DocsError(f"mkdocs build failed (exit {proc.returncode}); generated Markdown kept "
                        f"in {gen.project}:\n  {detail}")
    warnings += [ln for ln in (proc.stdout + proc.stderr).splitlines() if ln.startswith("WARNING")]
    say("done")
    return BuildResult(out, gen.project, time.perf_counter() - start, len(gen.pages), warnings)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site: a path the file system cannot take (a NUL byte, ``%00``, an
    undecodable or overlong name) is answered 400 instead of ending the request with a
    traceback; only errors are logged (``quiet``: nothing), one clean line each."""

    quiet = True

    def send_head(self):  # type: ignore[no-untyped-def]  # stdlib signature
        try:
            return super().send_head()
        except (ValueError, OSError, UnicodeError) as exc:  # e.g. "embedded null byte"
            self.send_error(400, f"bad path: {type(exc).__name__}")
            return None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if not self.quiet and isinstance(code, int) and code >= 400:
            super().log_request(code, size)

    def log_error(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        pass  # the request line with its status (log_request) says it once

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib name
        if not self.quiet:
            text = (format % args).encode("ascii", "backslashreplace").decode("ascii")
            sys.stderr.write(f"riskspec docs: {self.address_string()} {text[:300]}\n")


class _LoudHandler(SiteHandler):
    quiet = False


class SiteServer(http.server.ThreadingHTTPServer):
    """The docs server: request threads are daemons, and an error in one request (a client
    that hangs up …) is never printed as a traceback."""

    daemon_threads = True

    def handle_error(self, request: object, client_address: object) -> None:
        pass


def make_server(site: Path, host: str = "127.0.0.1", port: int = 0,
                quiet: bool = True) -> http.server.ThreadingHTTPServer:
    """A static HTTP server for a built site (port 0: any free port); not ``quiet``: error
    responses are logged on stderr, one line each."""
    handler = functools.partial(SiteHandler if quiet else _LoudHandler, directory=str(site))
    return SiteServer((host, port), handler)
