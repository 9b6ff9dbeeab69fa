"""The game viewer (``riskspec docs view``, the site's viewer page): what it holds for each
step, and the page in a real browser at 1366 and 390 px (skipped without chromium)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from riskspec.cli import main
from riskspec.docsite import viewer
from riskspec.notation import read


def test_a_case_is_stepped_through_with_events_legal_actions_and_notation() -> None:
    game = viewer.game_of_case("classic.attack.ties.001")
    frames = game["frames"]
    assert len(frames) == 4  # the start and its three steps
    assert frames[0]["action"] is None and frames[0]["to_act"] == "player 1"
    assert frames[1]["action"].startswith("attack: from alaska, to kamchatka")
    assert any(e.startswith("attack-declared") and "player player 1" not in e and "player 1" in e
               for e in frames[1]["events"])
    assert frames[1]["legal_count"] == 2 and frames[1]["legal_kind"] == "legal actions"
    for fr in frames:
        assert read(fr["notation"])["phase"] == fr["phase"]
    assert frames[0]["places"]["alaska"][:2] == [0, 4]
    places = {p[0] for p in game["board"]["places"]}
    assert len(places) == 42


def test_a_log_is_replayed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.json"
    assert main(["play", "classic", "--seed", "3", "--max-turns", "2", "--log", str(log), "-q"]) == 0
    out = tmp_path / "game.html"
    assert main(["docs", "view", str(log), "--out", str(out)]) == 0
    assert "wrote the viewer" in capsys.readouterr().out
    html = out.read_text()
    data = json.loads(html.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    steps = json.loads(log.read_text())["steps"]
    assert len(data["frames"]) == len(steps) + 1
    assert "http" not in html.replace("http://www.w3.org/2000/svg", "")  # nothing fetched


def test_an_unknown_case_is_one_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["docs", "view", "classic.attack.tie.001", "--out", "/tmp/never.html"]) == 2
    assert "did you mean classic.attack.ties.001" in capsys.readouterr().err


CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run"]


@pytest.mark.browser
@pytest.mark.parametrize("width", [1366, 390])
def test_the_viewer_in_a_browser(width: int, tmp_path: Path) -> None:
    pytest.importorskip("playwright")
    if not CHROMIUM.exists():
        pytest.skip("no chromium at /usr/bin/chromium")
    from playwright.sync_api import sync_playwright
    f = tmp_path / "v.html"
    game = viewer.game_of_case("classic.attack.ties.001")
    f.write_text(viewer.page(game))
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=FLAGS)
        page = b.new_page(viewport={"width": width, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f.as_uri())
        assert "step 0 of 3" in page.inner_text("#rs-viewer")
        page.click("text=Next ›")
        text = page.inner_text("#rs-viewer")
        assert "step 1 of 3" in text and "attack: from alaska, to kamchatka" in text
        assert "2 legal actions here" in text and "defend: dice 1" in text
        assert page.evaluate("location.hash") == "#step=1"
        page.keyboard.press("ArrowRight")
        assert "step 2 of 3" in page.inner_text("#rs-viewer")
        page.keyboard.press("ArrowLeft")
        # the position of step 1, given as a link with its notation
        line = game["frames"][1]["notation"]
        page.goto(f.as_uri() + "#n=" + line.replace(" ", "%20"))
        page.wait_for_timeout(200)
        assert line in page.inner_text("#rs-viewer")
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(tmp_path / f"viewer-{width}.png"), full_page=True)
        b.close()
    assert not errors, errors
