"""The built site in a real browser: Debian's chromium, headless, driven by Playwright.

Opens the site over a local HTTP server on 127.0.0.1, follows every internal
link (pages, anchors, downloads), searches a rule ID with the search box and
opens its page. Fails on a broken link, a missing page or anchor, a failed
request, or any console error.
"""

from __future__ import annotations

import importlib.util
import json
import threading
from collections import deque
from pathlib import Path
from urllib.parse import urldefrag, urlparse

import pytest

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]

pytestmark = pytest.mark.browser


def _browser_or_skip():
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("Playwright (Python) is not installed: pip install -e '.[docs]'")
    if not CHROMIUM.exists():
        pytest.skip(f"no chromium at {CHROMIUM}: apt-get install -y --no-install-recommends "
                    f"chromium (never `playwright install`)")
    from playwright.sync_api import sync_playwright
    return sync_playwright


@pytest.fixture(scope="module")
def browser():
    sync_playwright = _browser_or_skip()
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=FLAGS)
        yield b
        b.close()


def _serve(site: Path):
    from riskspec.docsite.build import make_server
    server = make_server(site, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def crawl(browser, base: str, site: Path | None = None) -> dict[str, object]:
    """Visit every page reachable from the home page; return what went wrong.

    With ``site``, the search index is served with its real config but no documents
    while crawling: every page still loads the search worker (so its errors count), but
    the worker does not re-index the whole site on each of a hundred page loads. The
    search itself is tested, on the real index, by :func:`search_finds`.
    """
    page = browser.new_page()
    if site is not None:
        index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
        stub = json.dumps({**index, "docs": []})
        page.route("**/search/search_index.json",
                   lambda route: route.fulfill(status=200, body=stub,
                                               content_type="application/json"))
    problems: list[str] = []
    current = {"url": base}
    page.on("console", lambda m: problems.append(f"console {m.type} on {current['url']}: {m.text}")
            if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error on {current['url']}: {e}"))
    # ERR_ABORTED: a request cut short because the crawler moved on to the next page
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} "
                                                       f"({r.failure}, from {current['url']})")
            if "ERR_ABORTED" not in (r.failure or "") else None)
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url} "
                                                  f"(from {current['url']})")
            if r.status >= 400 else None)
    seen: set[str] = set()
    ids: dict[str, set[str]] = {}
    anchors: list[tuple[str, str, str]] = []
    files: dict[str, str] = {}
    todo = deque([base + "/"])
    while todo:
        url = todo.popleft()
        if url in seen:
            continue
        seen.add(url)
        current["url"] = url
        resp = page.goto(url, wait_until="load")
        if resp is None or resp.status != 200:
            problems.append(f"missing page {url} ({resp.status if resp else 'no response'})")
            continue
        ids[url] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        for href in page.eval_on_selector_all("a[href]", "els => els.map(e => e.href)"):
            target, frag = urldefrag(href)
            if not target.startswith(base):
                continue  # an external link: not followed (the site must work offline)
            path = urlparse(target).path
            if path.endswith("/") or path.endswith(".html"):
                todo.append(target)
                if frag:
                    anchors.append((target, frag, url))
            else:
                files.setdefault(target, url)
    for target, frag, origin in anchors:
        if target in ids and frag not in ids[target]:
            problems.append(f"broken anchor #{frag} on {target} (linked from {origin})")
    for target, origin in files.items():
        r = page.request.get(target)
        if r.status != 200:
            problems.append(f"broken download {target} (linked from {origin}): {r.status}")
    page.close()
    return {"pages": seen, "problems": problems, "files": files}


def search_finds(browser, base: str, rule_id: str) -> str:
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(base + "/", wait_until="load")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(rule_id, delay=15)
    hit = page.locator(f".md-search-result__item a[href*='rules/{rule_id}/']").first
    hit.wait_for(state="visible", timeout=15000)
    hit.click()
    page.wait_for_load_state("load")
    heading = page.locator("h1").first.inner_text()
    url = page.url
    page.close()
    assert not errors, errors
    assert f"/rules/{rule_id}/" in url
    return heading


@pytest.mark.parametrize("which", ["fixture_site", "shipped_site"])
def test_site_in_browser(which, request, browser):
    built = request.getfixturevalue(which)
    generated = built.project / "docs"  # what was built (the spec may change meanwhile)
    rules = sorted(p.stem for p in (generated / "rules").glob("*.md") if p.name != "index.md")
    variants = sorted(p.stem for p in (generated / "variants").glob("*.md")
                      if p.name != "index.md")
    server, base = _serve(built.site)
    try:
        result = crawl(browser, base, built.site)
        assert not result["problems"], "\n".join(result["problems"][:30])
        pages = {urlparse(u).path for u in result["pages"]}
        for rid in rules:
            assert f"/rules/{rid}/" in pages, f"rule page {rid} not reachable by links"
        for v in variants:
            assert f"/variants/{v}/" in pages
        assert "/ambiguities/" in pages and "/cli/" in pages and "/maps/" in pages
        if rules:
            rid = "mini.attack.ties" if "mini.attack.ties" in rules else rules[0]
            assert rid in search_finds(browser, base, rid)
    finally:
        server.shutdown()
        server.server_close()
