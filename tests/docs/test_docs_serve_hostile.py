"""``docs serve``'s HTTP server against hostile paths and headers (issue #24)."""

from __future__ import annotations

import http.client
import threading

import pytest

from riskspec.docsite.build import make_server


@pytest.fixture
def server(tmp_path):
    (tmp_path / "index.html").write_text("<p>site</p>")
    srv = make_server(tmp_path, "127.0.0.1", 0, quiet=True)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def get(srv, path: str, headers: dict[str, str] | None = None) -> int:
    conn = http.client.HTTPConnection(*srv.server_address[:2], timeout=30)
    try:
        conn.putrequest("GET", path, skip_accept_encoding=True)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.mark.parametrize("path, status", [
    ("/%00", 400), ("/index.html%00.png", 400), ("/a%00/b", 400), ("/" + "%00" * 1000, 400),
    ("/../../etc/passwd", 404), ("/%2e%2e/%2e%2e/etc/passwd", 404), ("/index.html", 200),
    ("/" + "a" * 5000, 404),
])
def test_every_path_gets_an_answer(server, path, status):
    # a %00 path gave a traceback and no answer at all
    assert get(server, path) == status
    assert get(server, "/index.html") == 200          # and it goes on serving


def test_hostile_headers_get_an_answer(server):
    assert get(server, "/index.html", {"If-Modified-Since": "\x00garbage"}) == 200
    assert get(server, "/index.html", {"Range": "bytes=999999999999999999999-"}) in (200, 416)
    assert get(server, "/index.html") == 200


@pytest.mark.slow
def test_sigterm_removes_the_temporary_build_folder(tmp_path):
    """SIGTERM (not only Ctrl-C) ends `docs serve` through its cleanup: the temporary build
    folder (about 100 MB) is removed."""
    import os
    import signal
    import subprocess
    import sys
    pytest.importorskip("mkdocs")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    proc = subprocess.Popen([sys.executable, "-m", "riskspec", "docs", "serve", "--port", "0", "-q"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "TMPDIR": str(tmp)})
    try:
        line = proc.stdout.readline()
        assert line.startswith("serving"), (line, proc.stderr.read() if proc.poll() is not None else "")
        assert [p.name for p in tmp.iterdir() if p.name.startswith("riskspec-docs-")]
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert not [p for p in tmp.iterdir() if p.name.startswith("riskspec-docs-")]
    assert "Traceback" not in proc.stderr.read()
