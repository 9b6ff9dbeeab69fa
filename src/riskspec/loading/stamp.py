"""A stamp for a shipped spec that already passed its schema checks.

Schema validation is most of the cost of loading the spec (about 0.8 s of 1 s), paid on
every CLI start and every ``riskspec engine`` process. When the default tree validates
clean, a stamp named by the SHA-256 of every spec and schema file (plus the riskspec and
jsonschema versions) is written to the user cache; a later load of byte-identical files
skips only the schema pass — YAML parsing and every semantic check still run.
``riskspec validate`` never uses the stamp. ``RISKSPEC_NO_CACHE=1`` turns it off;
``RISKSPEC_CACHE_DIR`` moves it. An unwritable cache is silently ignored.
"""

from __future__ import annotations

import hashlib
import os
from importlib import resources
from pathlib import Path

import riskspec


def cache_dir() -> Path | None:
    if os.environ.get("RISKSPEC_NO_CACHE", "") not in ("", "0"):
        return None
    base = os.environ.get("RISKSPEC_CACHE_DIR")
    if base:
        return Path(base)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "riskspec"


def content_key(root: Path) -> str:
    """SHA-256 over the spec files under ``root``, the schemas and the versions."""
    from importlib import metadata  # here: importing it costs a CLI start about 10 ms

    h = hashlib.sha256()
    try:
        jsv = metadata.version("jsonschema")
    except metadata.PackageNotFoundError:
        jsv = "?"
    h.update(f"riskspec {riskspec.__version__} jsonschema {jsv}\n".encode())
    schemas = Path(str(resources.files("riskspec.schemas")))
    for folder, pattern in ((root, "*.y*ml"), (schemas, "*.json")):
        for path in sorted(folder.rglob(pattern)):
            h.update(path.relative_to(folder).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


def _stamp(key: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"spec-validated-{key}"


def is_stamped(key: str) -> bool:
    path = _stamp(key)
    return path is not None and path.is_file()


def write_stamp(key: str) -> None:
    path = _stamp(key)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("the shipped spec with this content key validated clean\n",
                        encoding="utf-8")
    except OSError:
        pass
