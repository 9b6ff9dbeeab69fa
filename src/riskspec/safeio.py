"""The one safe writer and the one safe reader of every file riskspec writes or reads.

Every command and server (``play --log``, ``vectors export``, ``replay``, ``check``'s reports,
expectations and vectors, ``docs build``, the MCP server, the adapter kit) goes through here:

* **Writes** refuse a path that is a symbolic link (the data would land elsewhere), a device,
  a FIFO, a socket or a folder; they never create a folder the user did not name (a missing
  parent folder is an error, not created); they are atomic: the bytes go to an unnamed file in
  the target's folder (``O_TMPFILE`` where the system has it, else a dot-named temporary file)
  that is renamed over the target only when complete, so a reader sees the old file or the new
  one, never half of one. A temporary file is removed on failure and, through
  :func:`install_signal_cleanup`, on SIGTERM/SIGHUP; with ``O_TMPFILE`` a SIGKILL while the
  bytes are written leaves nothing behind. What a SIGKILL can leave (in the instant between
  naming the file and renaming it, or without ``O_TMPFILE`` at all) is a dot-named
  ``.NAME.PID.HEX.tmp`` whose process is gone: the next write of the same file removes it
  (:func:`sweep_stale_temps`).
* **Reads** refuse a FIFO (it would block), a device (``/dev/zero`` never ends), a folder, a
  socket and a symbolic link that leads nowhere, with a message naming the file and what it
  is; they are bounded in size. The file is opened without blocking and checked once open,
  so it cannot be swapped for a FIFO between a check and the open.

Every refusal is a :class:`~riskspec.errors.PathError` (or the narrower class a caller
passes), so the CLI prints one line and never a traceback.
"""

from __future__ import annotations

import errno
import os
import secrets
import signal
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from riskspec.errors import PathError

#: default size bound of a file read (64 MiB): a spec file, a log, a vector file, an
#: expectations file all are far smaller
MAX_READ_BYTES = 64 * 1024 * 1024

_TEMPS: set[str] = set()          # temporary files of writes in progress (cleaned on signals)
_TEMPS_LOCK = threading.Lock()


#: what a file of each kind is, in words, by its ``stat`` test (the first that holds)
FILE_KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISREG, "a regular file"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISLNK, "a symbolic link"),
)


def describe_mode(mode: int) -> str:
    """What a file of this ``st_mode`` is, in words ("a FIFO", "a character device" …)."""
    return next((words for test, words in FILE_KINDS if test(mode)), "not a regular file")


def describe_path(path: str | Path) -> str:
    """What ``path`` is, following a link and saying so ("a symbolic link to /dev/zero, a
    character device"); "missing" when nothing is there."""
    p = os.fspath(path)
    try:
        lst = os.lstat(p)
    except FileNotFoundError:
        return "missing"
    except OSError as exc:
        return f"unreadable ({exc.strerror})"
    if not stat.S_ISLNK(lst.st_mode):
        return describe_mode(lst.st_mode)
    try:
        target = os.readlink(p)
    except OSError:
        target = "?"
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return f"a symbolic link to {target!r} that leads nowhere (its target is missing)"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return f"a symbolic link to {target!r} that loops"
        return f"a symbolic link to {target!r} ({exc.strerror})"
    return f"a symbolic link to {target!r}, which is {describe_mode(st.st_mode)}"


# ---------------------------------------------------------------------------------- writing

def _output_lstat(path: Path, what: str, kind: str,
                  error: type[Exception]) -> os.stat_result | None:
    """``os.lstat`` of an output path (None: nothing there); ``error`` when it cannot be
    used or is a symbolic link (never written through: the user is told to give the real
    ``kind``'s path)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise error(f"{what} {path}: cannot use it: {exc.strerror}") from exc
    if stat.S_ISLNK(st.st_mode):
        raise error(f"{what} {path} is {describe_path(path)}; refusing to write through a "
                    f"symbolic link: give the real {kind}'s path")
    return st


def refuse_special(path: Path, what: str, *, error: type[Exception] = PathError) -> bool:
    """Raise ``error`` if ``path`` is a symbolic link or exists and is not a regular file;
    return whether it exists."""
    st = _output_lstat(path, what, "file", error)
    if st is None:
        return False
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{what} {path} exists and is {describe_mode(st.st_mode)}, not a regular "
                    f"file; refusing to replace it")
    return True


def _parent_folder(path: Path, what: str, error: type[Exception]) -> Path:
    """The folder ``path`` is to be written in: it must exist (it is never created)."""
    parent = path.parent
    try:
        st = os.stat(parent)
    except FileNotFoundError:
        raise error(f"{what} {path}: the folder {str(parent)!r} does not exist (riskspec "
                    f"creates no folder you did not name): create it first (mkdir -p {parent})") from None
    except OSError as exc:
        raise error(f"{what} {path}: cannot use the folder {str(parent)!r}: {exc.strerror}") from exc
    if not stat.S_ISDIR(st.st_mode):
        raise error(f"{what} {path}: {str(parent)!r} is {describe_path(parent)}, not a folder")
    return parent


def check_output_file(path: Path, what: str = "output file", *,
                      error: type[Exception] = PathError) -> None:
    """Refuse, before any work, a file path that must not or cannot be written: a symbolic
    link, anything but a regular file, a missing parent folder (never created), a folder that
    cannot be written in."""
    refuse_special(path, what, error=error)
    parent = _parent_folder(path, what, error)
    sweep_stale_temps(path)
    try:  # a probe: os.access says yes for root in /proc, where nothing can be created
        fd = _open_unnamed(parent)   # unnamed: nothing to leave behind
        if fd is not None:
            os.close(fd)
        else:
            probe = _temp_name(path, ".probe")
            _register(probe)
            try:
                os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                                 | getattr(os, "O_NOFOLLOW", 0), 0o600))
            finally:
                _unlink_quietly(probe)
    except OSError as exc:
        raise error(f"{what} {path}: cannot write in the folder {str(parent)!r}: "
                    f"{exc.strerror or exc}") from exc


def check_output_dir(path: Path, what: str = "output folder", *,
                     error: type[Exception] = PathError) -> None:
    """Refuse, before any work and without creating anything, a folder path for output that
    is a symbolic link or exists and is not a folder."""
    _output_folder_lstat(path, what, error)


def _output_folder_lstat(path: Path, what: str, error: type[Exception]) -> os.stat_result | None:
    """:func:`_output_lstat` of a folder path; ``error`` when it is there and not a folder."""
    st = _output_lstat(path, what, "folder", error)
    if st is not None and not stat.S_ISDIR(st.st_mode):
        raise error(f"{what} {path} exists and is {describe_mode(st.st_mode)}, not a folder")
    return st


def ensure_output_dir(path: Path, what: str = "output folder", *,
                      error: type[Exception] = PathError) -> Path:
    """The folder ``path`` the user named for output, created (with its parents) if missing;
    refused when it is a symbolic link or exists and is not a folder."""
    if _output_folder_lstat(path, what, error) is None:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise error(f"{what} {path}: cannot create the folder: {exc.strerror or exc}") from exc
    return path


def _register(tmp: str) -> None:
    with _TEMPS_LOCK:
        _TEMPS.add(tmp)


def _forget(tmp: str) -> None:
    with _TEMPS_LOCK:
        _TEMPS.discard(tmp)


def _unlink_quietly(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
    _forget(tmp)


def _temp_name(path: Path, suffix: str = ".tmp") -> str:
    return str(path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}{suffix}")


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:   # alive, someone else's (EPERM)
        return True
    return True


def sweep_stale_temps(path: str | Path) -> list[str]:
    """Remove the temporary files that writes of ``path`` left behind when their process was
    killed (SIGKILL gives no chance to clean up): ``.NAME.PID.HEX.tmp`` / ``.probe`` beside
    it whose process no longer exists.  A temporary file of a live process (a write going on)
    is left alone.  Every write calls it first, so a killed run's leftover goes on the next
    write of the same file; returns what was removed."""
    path = Path(path)
    prefix = f".{path.name}."
    removed: list[str] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        if not name.startswith(prefix):
            continue
        rest = name[len(prefix):].split(".")
        if len(rest) != 3 or rest[2] not in ("tmp", "probe") or not rest[0].isdigit() \
                or len(rest[1]) != 8 or _pid_alive(int(rest[0])):
            continue
        full = path.parent / name
        try:
            if stat.S_ISREG(os.lstat(full).st_mode):
                os.unlink(full)
                removed.append(str(full))
        except OSError:
            pass
    return removed


def _open_unnamed(folder: Path) -> int | None:
    """An unnamed file in ``folder`` (``O_TMPFILE``), or None where the system has none."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag:
        return None
    try:
        return os.open(folder, flag | os.O_WRONLY, 0o666)
    except OSError:
        return None  # e.g. a file system without O_TMPFILE support


def writes_unnamed(folder: Path) -> bool:
    """Whether a file written in ``folder`` stays unnamed until it is complete (``O_TMPFILE``:
    a process killed mid-write then leaves nothing behind); otherwise a named temporary
    file is written and renamed."""
    fd = _open_unnamed(folder)
    if fd is None:
        return False
    os.close(fd)
    return True


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def write_bytes(path: str | Path, data: bytes, what: str = "output file", *,
                error: type[Exception] = PathError) -> None:
    """Replace ``path`` atomically by a file holding ``data`` (see the module's doc)."""
    path = Path(path)
    refuse_special(path, what, error=error)
    folder = _parent_folder(path, what, error)
    sweep_stale_temps(path)   # what a killed earlier write of this file left
    tmp = ""
    try:
        fd = _open_unnamed(folder)
        if fd is not None:       # written unnamed: a SIGKILL now leaves nothing behind
            try:
                _write_all(fd, data)
                os.fsync(fd)
                tmp = _temp_name(path)
                _register(tmp)
                os.link(f"/proc/self/fd/{fd}", tmp, follow_symlinks=True)
            except OSError:
                if tmp:
                    _forget(tmp)
                tmp = ""
                os.close(fd)
                fd = None
            else:
                os.close(fd)
        if fd is None and not tmp:   # no O_TMPFILE (or no /proc): a named temporary file
            tmp = _temp_name(path)
            _register(tmp)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0),
                         0o666)
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
        refuse_special(path, what, error=error)   # became a link meanwhile? then not over it
        os.replace(tmp, path)
        _forget(tmp)
    except OSError as exc:
        if tmp:
            _unlink_quietly(tmp)
        raise error(f"{what} {path}: cannot write: {exc.strerror or exc}") from exc
    except BaseException:
        if tmp:
            _unlink_quietly(tmp)
        raise


def write_text(path: str | Path, text: str, what: str = "output file", *,
               error: type[Exception] = PathError) -> None:
    """:func:`write_bytes` of ``text`` in UTF-8."""
    write_bytes(path, text.encode("utf-8", "surrogateescape"), what, error=error)


def append_line(path: str | Path, text: str, what: str = "output file", *,
                error: type[Exception] = PathError) -> None:
    """Append ``text`` to a regular file (created if missing), never through a symbolic link
    nor into a FIFO or device."""
    path = Path(path)
    refuse_special(path, what, error=error)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0), 0o666)
    except OSError as exc:
        raise error(f"{what} {path}: cannot write: {exc.strerror or exc}") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"{what} {path} is {describe_path(path)}; refusing to write to it")
        os.set_blocking(fd, True)
        _write_all(fd, text.encode("utf-8", "surrogateescape"))
    finally:
        os.close(fd)


def cleanup_temps() -> None:
    """Remove the temporary files of writes still in progress (on a signal)."""
    with _TEMPS_LOCK:
        temps = list(_TEMPS)
    for tmp in temps:
        _unlink_quietly(tmp)


class Terminated(SystemExit):
    """SIGTERM or SIGHUP arrived: raised in the main thread so every ``finally`` (temporary
    files, temporary build folders, engine processes) runs before the process ends."""


def _on_signal(signum: int, frame: FrameType | None) -> None:
    cleanup_temps()
    raise Terminated(128 + signum)


def install_signal_cleanup() -> Callable[[], None]:
    """Make SIGTERM and SIGHUP end the process through :class:`Terminated` (cleaning up on
    the way); returns a function that restores the previous handlers. Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None
    old = {}
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            old[sig] = signal.signal(sig, _on_signal)

    def restore() -> None:
        for s, h in old.items():
            signal.signal(s, h)
    return restore


# ---------------------------------------------------------------------------------- reading

def read_bytes(path: str | Path, what: str = "file", *, limit: int = MAX_READ_BYTES,
               error: type[Exception] = PathError) -> bytes:
    """The bytes of the regular file ``path`` (a symbolic link to one is fine), at most
    ``limit`` of them; anything else raises ``error`` naming the file and what it is."""
    p = os.fspath(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        kind = describe_path(p)
        raise error(f"{what} {p}: " + ("no such file" if kind == "missing" else f"it is {kind}")
                    ) from None
    except IsADirectoryError:
        raise error(f"{what} {p} is a folder, not a file: name a file") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise error(f"{what} {p} is {describe_path(p)}") from None
        raise error(f"{what} {p}: cannot read it: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = describe_path(p)
            raise error(f"{what} {p} is {kind}, not a regular file; it is never read "
                        f"(a FIFO may block forever, a device never end): name a file")
        if st.st_size > limit:
            raise error(f"{what} {p} is {st.st_size:,} bytes, more than the {limit:,} bytes "
                        f"riskspec reads")
        os.set_blocking(fd, True)
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:   # grew while read
            raise error(f"{what} {p} is more than the {limit:,} bytes riskspec reads")
        return data
    except OSError as exc:
        raise error(f"{what} {p}: cannot read it: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_prefix(path: str | Path, limit: int) -> bytes:
    """Up to ``limit`` bytes of a regular file; a FIFO, device, folder or symlink loop raises
    :class:`OSError` (``EINVAL``) before a byte is read (opened without blocking, checked once
    open)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, f"not a regular file: it is {describe_path(path)}")
        os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(limit)
    finally:
        os.close(fd)


def read_text(path: str | Path, what: str = "file", *, limit: int = MAX_READ_BYTES,
              error: type[Exception] = PathError) -> str:
    """:func:`read_bytes` decoded as UTF-8 (a byte-order mark is dropped); text that is not
    UTF-8 raises ``error`` with the byte offset."""
    raw = read_bytes(path, what, limit=limit, error=error)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{what} {os.fspath(path)}: not UTF-8 text ({exc.reason} at byte "
                    f"{exc.start})") from None


def _stat_input(p: str, what: str, missing: str, error: type[Exception]) -> os.stat_result:
    """``os.stat(p)`` (links followed), or ``error`` saying ``missing`` when nothing is there
    and what is there otherwise (a dangling link, a link loop …)."""
    try:
        return os.stat(p)
    except OSError:
        kind = describe_path(p)
        raise error(f"{what} {p}: " + (missing if kind == "missing"
                                       else f"it is {kind}")) from None


def check_input_dir(path: str | Path, what: str = "folder", *,
                    error: type[Exception] = PathError) -> None:
    """Refuse an input path that is not a folder (a file, FIFO, device, a dangling link)."""
    p = os.fspath(path)
    st = _stat_input(p, what, "no such folder", error)
    if not stat.S_ISDIR(st.st_mode):
        raise error(f"{what} {p} is {describe_path(p)}, not a folder")


def check_input_path(path: str | Path, what: str = "file", *, folder_ok: bool = False,
                     error: type[Exception] = PathError) -> None:
    """Refuse, without opening it, an input path that is not a regular file (or, with
    ``folder_ok``, a folder): a FIFO, a device, a socket, a link that leads nowhere."""
    p = os.fspath(path)
    st = _stat_input(p, what, "no such file or folder", error)
    if stat.S_ISREG(st.st_mode) or (folder_ok and stat.S_ISDIR(st.st_mode)):
        return
    raise error(f"{what} {p} is {describe_path(p)}, not a regular file"
                + (" or folder" if folder_ok else "") + "; it is never read")
