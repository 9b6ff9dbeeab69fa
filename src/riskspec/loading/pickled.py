"""The shipped specification kept, once built, as a pickle in the user cache.

Building the shipped spec (reading the YAML, the semantic checks, the schema pass unless
:mod:`~riskspec.loading.stamp` says the files already passed it) costs a process
0.3–0.5 CPU-seconds; every CLI command that reads a rule paid it, about 25× a bare
interpreter.  When :func:`~riskspec.loading.load_spec` has built the shipped tree clean,
the :class:`~riskspec.model.Spec` is written to the user cache with a list of its inputs
— every spec file, every schema and the Python files of the code that builds it (the
modules at the top of the package and the loader's folder), each
with its size and modification time (as Python's own bytecode cache does) — and a later
process whose inputs are all unchanged reads it back instead of building it (about 10 ms).
Any change to a spec file, a schema or the loader, a new or removed file, another Python
or riskspec version: the pickle is not used, and is rewritten after the next clean build.
``RISKSPEC_NO_CACHE=1`` turns it off and ``RISKSPEC_CACHE_DIR`` moves it, as for the stamp;
``riskspec validate`` never reads it (it always checks the files themselves).  A missing,
unreadable or unwritable cache is silently ignored.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import os
import pickle
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import riskspec
from riskspec import model as m
from riskspec.loading import stamp

#: bump when the layout of the file changes
LAYOUT = 1

#: the package's own code the built spec depends on: every module at the top of the package
#: (model, errors, yamlio, validation, safeio …) and the loader's folder
CODE = ("*.py", "loading")

Inputs = list[tuple[str, int, int]]


def _files(folder: Path, suffixes: tuple[str, ...]) -> list[Path]:
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        out += [Path(dirpath) / f for f in sorted(filenames) if f.endswith(suffixes)]
    return out


def get_inputs(root: Path) -> Inputs:
    """Every file the built spec depends on, with its size and modification time (ns)."""
    package = Path(riskspec.__file__).parent
    schemas = Path(str(resources.files("riskspec.schemas")))
    paths = _files(root, (".yaml", ".yml")) + _files(schemas, (".json",))
    for name in CODE:
        paths += sorted(package.glob(name)) if "*" in name else _files(package / name, (".py",))
    out = []
    for path in paths:
        st = path.stat()
        out.append((str(path), st.st_size, st.st_mtime_ns))
    return out


def _path(root: Path) -> Path | None:
    folder = stamp.cache_dir()
    if folder is None:
        return None
    where = hashlib.sha256(str(root).encode()).hexdigest()[:16]
    version = f"py{sys.version_info[0]}{sys.version_info[1]}-{riskspec.__version__}"
    return folder / f"spec-{where}-{version}-{LAYOUT}.pickle"


def read_spec(root: Path) -> m.Spec | None:
    """The spec pickled from exactly the files under ``root`` as they are now, else None."""
    path = _path(root)
    if path is None:
        return None
    try:
        with open(path, "rb") as f:
            if pickle.load(f) != get_inputs(root):   # the inputs first: a stale spec is
                return None                          # never unpickled
            spec = pickle.load(f)
    except Exception:  # noqa: BLE001 - any unreadable cache is only a miss
        return None
    return spec if isinstance(spec, m.Spec) else None


class _Pickler(pickle.Pickler):
    """Pickles a frozen, slotted model object as a call of its class on its fields, in
    order: unpickling runs the generated ``__init__`` once instead of the dataclass
    ``__setstate__`` (which looks the fields up again for every object, 3× slower)."""

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if dataclasses.is_dataclass(cls) and "__slots__" in cls.__dict__:
            return cls, tuple(getattr(obj, f.name) for f in dataclasses.fields(obj))
        return NotImplemented


def get_pickle(spec: m.Spec) -> bytes:
    """The pickled form of a spec (every model class is built by ``__init__`` alone)."""
    out = io.BytesIO()
    _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(spec)
    return out.getvalue()


def write_spec(root: Path, spec: m.Spec) -> None:
    """Keep ``spec``, built clean from ``root``, for the next process (atomic replace)."""
    path = _path(root)
    if path is None:
        return
    try:
        inputs = get_inputs(root)
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_suffix(f".{os.getpid()}.part")
        with open(part, "wb") as f:
            pickle.dump(inputs, f, protocol=pickle.HIGHEST_PROTOCOL)
            f.write(get_pickle(spec))
        os.replace(part, path)
    except Exception:  # noqa: BLE001 - an unwritable cache (or an unpicklable spec) costs
        pass           # only the next process's time
