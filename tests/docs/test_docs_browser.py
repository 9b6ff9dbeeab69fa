"""The built site in a real browser: Debian's chromium, headless, driven by Playwright.

Opens the site over a local HTTP server on 127.0.0.1 on a phone-sized screen
(390 px), follows every internal link (pages, anchors, downloads), searches a rule
ID with the search box and opens its page; on the shipped site, follows a numbered
example link to its example and waits for its picture, and looks for the
reconstruction notice on each kind of Napoléon page. Fails on a broken link, a
missing page or anchor, a failed request, a console error or a page wider than
the screen. On the shipped site (300+ pages) every page's links and anchors are
checked, but of the many rule and ambiguity pages one in sixteen, of the example pages one
in eight (a fixed choice, :func:`sampled`; every one with ``--runslow``) is rendered, and of
the game viewer's example links one in a hundred (one in 25 with ``--runslow``); the others
are read from their HTML files. The pages of one kind share one template: the sample
renders each kind many times over. Every page of worked examples is rendered at 1366 and at
390 px to see how its pictures sit (issue 26: before and after in one row on a laptop, every
text of a picture at 11 px or more, no page wider than the screen).
"""

from __future__ import annotations

import importlib.util
import json
import threading
import zlib
from collections import deque
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]

pytestmark = pytest.mark.browser
PHONE = 390  # every page is crawled on a phone-sized screen: none may be wider


def browser_or_skip():
    if importlib.util.find_spec("playwright") is None:
        pytest.skip("Playwright (Python) is not installed: pip install -e '.[test]'")
    if not CHROMIUM.exists():
        pytest.skip(f"no chromium at {CHROMIUM}: apt-get install -y --no-install-recommends "
                    f"chromium (never `playwright install`)")
    from playwright.sync_api import sync_playwright
    return sync_playwright


@pytest.fixture(scope="module")
def browser():
    sync_playwright = browser_or_skip()
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


def crawl(browser, base: str, site: Path | None = None,
          visit: Callable[[str], bool] | None = None) -> dict[str, object]:
    """Visit every page reachable from the home page; return what went wrong.

    With ``site``, the search index is served with its real config but no documents
    while crawling: every page still loads the search worker (so its errors count), but
    the worker does not re-index the whole site on each of a hundred page loads. The
    search itself is tested, on the real index, by :func:`search_finds`.
    """
    page = browser.new_page(viewport={"width": PHONE, "height": 800})
    if site is not None:
        index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
        stub = json.dumps({**index, "docs": []})
        page.route("**/search/search_index.json",
                   lambda route: route.fulfill(status=200, body=stub,
                                               content_type="application/json"))
    # pictures are fetched (and checked) once each below, not drawn on every page load
    page.route("**/*.svg", lambda route: route.fulfill(
        status=200, content_type="image/svg+xml",
        body='<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'))
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
    visited: set[str] = set()
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
        parts = urlparse(url)
        if visit is None or visit(parts.path + (f"?{parts.query}" if parts.query else "")):
            visited.add(url)
            resp = page.goto(url, wait_until="load")
            if resp is None or resp.status != 200:
                problems.append(f"missing page {url} ({resp.status if resp else 'no response'})")
                continue
            found = page.evaluate(PAGE_FACTS)
            if found["width"] > PHONE:
                problems.append(f"{url} is {found['width']} px wide on a {PHONE} px screen")
        else:  # read from disk: the same links and ids, without rendering the page
            found = _static_facts(site, url, base)
            if found is None:
                problems.append(f"missing page {url}")
                continue
        ids[url] = set(found["ids"])
        for href in found["links"]:
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
        path = urlparse(target).path
        if site is not None and visit is not None and not visit(path):
            # not in the sample: the file the server would send must be there
            if not (site / path.lstrip("/")).is_file():
                problems.append(f"broken download {target} (linked from {origin}): no file")
            continue
        r = page.request.get(target)
        if r.status != 200:
            problems.append(f"broken download {target} (linked from {origin}): {r.status}")
    page.close()
    return {"pages": seen, "visited": visited, "problems": problems, "files": files}


PAGE_FACTS = """() => ({
  ids: Array.from(document.querySelectorAll('[id]'), e => e.id),
  links: Array.from(document.querySelectorAll('a[href]'), e => e.href),
  width: document.documentElement.scrollWidth})"""


class _Facts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "a" and a.get("href") is not None:
            self.links.append(str(a["href"]))


def _static_facts(site: Path | None, url: str, base: str) -> dict[str, list[str]] | None:
    """The ids and (absolute) links of a built page, read from its HTML file."""
    if site is None:
        return None
    path = urlparse(url).path
    file = site / path.lstrip("/") / "index.html" if path.endswith("/") else site / path.lstrip("/")
    if not file.is_file():
        return None
    parser = _Facts()
    parser.feed(file.read_text(encoding="utf-8"))
    return {"ids": parser.ids, "links": [urljoin(url, h) for h in parser.links]}


def sampled(path: str, every: int = 16, examples_every: int = 8,
            viewer_every: int = 100) -> bool:
    """Render every page but, of the many rule and ambiguity pages, one in ``every`` (a fixed
    choice), of the example pages one in ``examples_every``, and of the game viewer's
    examples (``/viewer/?case=…``) one in ``viewer_every``; the others are checked from their
    HTML files."""
    if "?" in path:
        return zlib.crc32(path.encode()) % viewer_every == 0
    if not path.startswith(("/rules/", "/ambiguities/", "/examples/")) or path.count("/") <= 2:
        return True
    one_in = examples_every if path.startswith("/examples/") else every
    return zlib.crc32(path.encode()) % one_in == 0


def _thorough(path: str) -> bool:
    """``--runslow``: every page rendered, one viewer example in 25."""
    return sampled(path, every=1, examples_every=1, viewer_every=25)


def search_finds(browser, base: str, rule_id: str) -> str:
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(base + "/", wait_until="load")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(rule_id, delay=15)
    hit = page.locator(f".md-search-result__item a[href*='rules/{rule_id}/']").first
    hit.wait_for(state="visible", timeout=60000)
    hit.click()
    page.wait_for_load_state("load")
    text = page.locator("article").first.inner_text()
    url = page.url
    page.close()
    assert not errors, errors
    assert f"/rules/{rule_id}/" in url
    return text


@pytest.mark.parametrize("which", ["fixture_site", "shipped_site"])
def test_site_in_browser(which, request, browser):
    built = request.getfixturevalue(which)
    generated = built.project / "docs"  # what was built (the spec may change meanwhile)
    rules = sorted(p.stem for p in (generated / "rules").glob("*.md") if p.name != "index.md")
    variants = sorted(p.stem for p in (generated / "variants").glob("*.md")
                      if p.name != "index.md")
    server, base = _serve(built.site)
    try:
        thorough = request.config.getoption("--runslow")
        result = crawl(browser, base, built.site,
                       visit=None if which != "shipped_site" else _thorough if thorough
                       else sampled)
        assert not result["problems"], "\n".join(result["problems"][:30])
        pages = {urlparse(u).path for u in result["pages"]}
        if which == "shipped_site":  # the sample renders pages of every kind
            shown = [urlparse(u) for u in result["visited"]]
            for kind in ("/rules/", "/ambiguities/", "/examples/"):
                assert sum(p.path.startswith(kind) and p.path.count("/") > 2 for p in shown) >= 3, kind
            assert any(p.path.startswith("/viewer/") and p.query for p in shown)
        print(f"\n[docs browser] {which}: {len(pages)} pages, {len(result['visited'])} "
              f"rendered at {PHONE} px, {len(result['files'])} downloads checked")
        for rid in rules:
            assert f"/rules/{rid}/" in pages, f"rule page {rid} not reachable by links"
        for v in variants:
            assert f"/variants/{v}/" in pages
        assert "/ambiguities/" in pages and "/cli/" in pages and "/maps/" in pages
        if rules:
            rid = "mini.attack.ties" if "mini.attack.ties" in rules else rules[0]
            assert rid in search_finds(browser, base, rid)
        if which == "shipped_site":
            check_examples_and_notices(browser, base)
    finally:
        server.shutdown()
        server.server_close()


def check_examples_and_notices(browser, base: str) -> None:
    """A numbered example link lands on its example, whose picture renders; every kind of
    Napoléon page shows the reconstruction notice."""
    page = browser.new_page(viewport={"width": PHONE, "height": 800})
    page.goto(base + "/rules/classic.fortify.path/", wait_until="load")
    link = page.locator("article a", has_text="Example ").first
    label = link.inner_text()
    link.click()
    page.wait_for_load_state("load")
    frag = urldefrag(page.url)[1]
    assert frag.startswith("ex-"), page.url
    heading = page.locator(f"[id='{frag}']")
    assert heading.count() == 1 and label.split(":")[0] in heading.inner_text()
    pic = page.locator(f"[id='{frag}'] ~ .rs-pics img").first
    pic.scroll_into_view_if_needed()
    page.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=pic.element_handle(),
                           timeout=15000)
    box = pic.bounding_box()
    frame = page.locator(f"[id='{frag}'] ~ .rs-pics a").first.bounding_box()
    # the picture is never shrunk (labels >= 11 px); wider than the phone, its frame scrolls
    assert box and box["width"] > 100 and frame and frame["x"] + frame["width"] <= PHONE + 1, box
    assert label_px(page, pic) >= 11
    for path in ("/variants/napoleon-basic/", "/maps/napoleon-europe/",
                 "/rules/napoleon.combat.compare/", "/examples/napoleon-advanced/combat/",
                 "/ambiguities/napoleon.amb.tie-break/"):
        resp = page.goto(base + path, wait_until="load")
        assert resp is not None and resp.status == 200, path
        notice = page.locator(".admonition.warning", has_text="mostly reconstructed")
        assert notice.count() >= 1, path
        assert "land borders" in notice.first.inner_text()
    page.close()


def label_px(page, img) -> float:
    """The rendered size of a board picture's place labels, in CSS pixels."""
    return page.evaluate(
        """async img => {
            const svg = await (await fetch(img.src)).text();
            const doc = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
            const units = parseFloat(doc.getAttribute("viewBox").split(" ")[2]);
            const sizes = [...doc.querySelectorAll("text")].map(t => parseFloat(
                t.getAttribute("font-size") || doc.getAttribute("font-size")));
            return Math.min(...sizes) * img.getBoundingClientRect().width / units; }""",
        img.element_handle())


@pytest.mark.parametrize("width", [1366, PHONE])
def test_pictures_and_readings_are_readable(fixture_site, browser, width):
    """Issue 26, at a desktop and a phone width: the map's labels are at least 11 px (the
    picture scrolls sideways rather than shrinking), and an ambiguity page's readings are
    not clipped (no table or block wider than its column)."""
    server, base = _serve(fixture_site.site)
    try:
        page = browser.new_page(viewport={"width": width, "height": 900})
        maps = sorted(p.stem for p in (fixture_site.project / "docs" / "maps").glob("*.md")
                      if p.name != "index.md")
        page.goto(f"{base}/maps/{maps[0]}/", wait_until="load")
        img = page.locator("img.rs-map").first
        page.wait_for_function("i => i.complete && i.naturalWidth > 0",
                               arg=img.element_handle(), timeout=15000)
        assert label_px(page, img) >= 11
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        ambs = sorted(p.stem for p in (fixture_site.project / "docs" / "ambiguities")
                      .glob("*.md") if p.name != "index.md")
        page.goto(f"{base}/ambiguities/{ambs[0]}/", wait_until="load")
        clipped = page.evaluate("""() => [...document.querySelectorAll(
            "article table, article li, article p")].filter(e => {
              const w = e.closest(".md-typeset__scrollwrap") || e.parentElement;
              return e.scrollWidth > w.clientWidth + 1; }).map(e => e.innerText.slice(0, 60))""")
        assert not clipped, clipped[:3]
        assert page.locator("article h3[id^='reading-']").count() >= 2
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        server.shutdown()
        server.server_close()


WIDE = 1366  # a laptop: every example's before and after side by side

#: lazy loading switched off: every picture of the page loaded and decoded
LOAD_PICTURES = """async () => {
  const imgs = [...document.querySelectorAll('.rs-pics img')];
  imgs.forEach(i => { i.loading = 'eager'; });
  await Promise.all(imgs.map(i => i.decode().catch(() => null)));
}"""

#: every worked example's pictures as laid out now: where they are, whether a box scrolls
PICTURES = """() => [...document.querySelectorAll('.rs-pics')].map(b => {
  let h = b.previousElementSibling;
  while (h && !h.matches('h2[id], h3[id]')) h = h.previousElementSibling;
  const boxes = [b.querySelector('p') || b, ...b.querySelectorAll('a')];
  return {
    where: h ? h.id : '?',
    scrolls: boxes.some(e => e.scrollWidth > e.clientWidth + 1),
    imgs: [...b.querySelectorAll('img')].map(i => {
      const r = i.getBoundingClientRect();
      return {src: i.src, top: Math.round(r.top + window.scrollY), width: r.width,
              loaded: i.complete && i.naturalWidth > 0};
    })};
})"""


def _smallest_text(site: Path, src: str,
                   cache: dict[str, tuple[float, float]]) -> tuple[float, float]:
    """(the smallest font size of any text in a picture, its viewBox width), in map units."""
    import re
    path = urlparse(src).path
    if path not in cache:
        svg = (site / path.lstrip("/")).read_text(encoding="utf-8")
        sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
        cache[path] = (min(sizes), float(svg.split('viewBox="')[1].split()[2]))
    return cache[path]


def example_pictures(browser, base: str, site: Path,
                     widths: tuple[int, ...] = (WIDE, PHONE)) -> dict[int, dict[str, object]]:
    """Every page of worked examples, loaded once and laid out at each of ``widths``: how each
    ``.rs-pics`` block's pictures sit (side by side, stacked, one picture), the rendered size
    of the smallest text of any picture (CSS px), whether the page is wider than the screen."""
    pages = sorted(p.parent.relative_to(site).as_posix()
                   for p in (site / "examples").rglob("index.html")
                   if "rs-pics" in p.read_text(encoding="utf-8"))
    page = browser.new_page(viewport={"width": widths[0], "height": 900})
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    stub = json.dumps({**index, "docs": []})  # the search worker indexes no page (see crawl)
    page.route("**/search/search_index.json", lambda route: route.fulfill(
        status=200, body=stub, content_type="application/json"))
    got: dict[int, dict[str, object]] = {}
    for w in widths:
        got[w] = {"pages": len(pages), "problems": [], "smallest": float("inf"), "scrolling": [],
                  "counts": dict.fromkeys(("side by side", "stacked",
                                           "one picture of the change",
                                           "one picture (nothing changes)"), 0)}
    cache: dict[str, tuple[float, float]] = {}
    for rel in pages:
        page.set_viewport_size({"width": widths[0], "height": 900})
        page.goto(f"{base}/{rel}/", wait_until="load")
        page.evaluate(LOAD_PICTURES)
        for w in widths:
            page.set_viewport_size({"width": w, "height": 900})
            res = got[w]
            problems, counts = res["problems"], res["counts"]
            for block in page.evaluate(PICTURES):
                imgs, where = block["imgs"], f"{rel}#{block['where']}"
                if not imgs or not all(i["loaded"] for i in imgs):
                    problems.append(f"{where}: a picture did not load")
                    continue
                for i in imgs:
                    size, units = _smallest_text(site, i["src"], cache)
                    px = size * i["width"] / units
                    res["smallest"] = min(res["smallest"], px)
                    if px < 11 - 1e-6:
                        problems.append(f"{where}: text drawn at {px:.1f} px (< 11) at {w} px")
                if len(imgs) == 2:
                    counts["side by side" if imgs[0]["top"] == imgs[1]["top"]
                           else "stacked"] += 1
                else:
                    counts["one picture of the change" if imgs[0]["src"].endswith("-change.svg")
                           else "one picture (nothing changes)"] += 1
                if block["scrolls"]:
                    res["scrolling"].append(where)
            if page.evaluate("document.documentElement.scrollWidth") > w:
                problems.append(f"{rel}: the page is wider than the {w} px screen")
    page.close()
    return got


def test_example_pictures_side_by_side_and_readable(shipped_site, browser):
    """Issue 26 on every page of worked examples: at 1366 px each example's before and after
    are in one row (or one picture shows a change across the board), at 390 px they stack and
    scroll sideways inside their own box; at both widths every text of every picture is drawn
    at 11 px or more and the page is no wider than the screen."""
    server, base = _serve(shipped_site.site)
    try:
        got = example_pictures(browser, base, shipped_site.site)
    finally:
        server.shutdown()
        server.server_close()
    for width, res in got.items():
        print(f"\n[docs pictures] {width} px, {res['pages']} example pages: "
              + ", ".join(f"{n} {what}" for what, n in res["counts"].items())
              + f"; {len(res['scrolling'])} scroll inside their box; smallest text "
              f"{res['smallest']:.1f} px")
        assert not res["problems"], "\n".join(res["problems"][:20])
    wide, phone = got[WIDE]["counts"], got[PHONE]["counts"]
    assert wide["side by side"] > 300 and wide["stacked"] == 0
    assert wide["one picture of the change"] < wide["side by side"] / 5
    assert phone["side by side"] == 0  # a phone stacks them (each scrolls in its own box)
    # at 1366 px only a picture of the whole Napoléon board is wider than the column
    assert all("napoleon" in w for w in got[WIDE]["scrolling"]), got[WIDE]["scrolling"][:5]
