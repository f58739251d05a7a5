"""The coach's page in a real browser: headless Chromium on a ``coach`` server on loopback.

Skipped where Chromium is not installed (Debian: ``apt-get install chromium``;
``.ci/run`` installs it when it can).  Keys and clicks are real input events
sent over the DevTools protocol (tests/browser_support.py): open
``/?puzzle=``, step through the rating, enter digits, see a mistake marked,
get the three hint levels, undo, come back to the kept progress, and upload a
bulk file and watch it finish.  With ``COACH_SCREENSHOTS=DIR`` the Play and
Bulk pages are saved there as PNG (docs/coach-play.png, docs/coach-bulk.png).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rater
from puzzles.geometry import PEERS
from puzzles.parsing import format_line
from rater.coach.serving import served
from tests.browser_support import Browser, chromium, read_png
from tests.test_coach_api import sample

pytestmark = pytest.mark.skipif(chromium() is None, reason="needs Chromium (Debian package chromium)")

#: A puzzle that needs pencil marks and thinning steps (the first of tests/data/top95.txt would do as well).
PUZZLE = sample(1, 5)[0]


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with served("--workers", "1") as address:
        yield address


#: Run before every page's own scripts: collects what the Content-Security-Policy blocked, and script errors.
WATCH = ("window.__problems = [];"
         "document.addEventListener('securitypolicyviolation', e => __problems.push('csp ' + e.blockedURI));"
         "window.addEventListener('error', e => __problems.push('error ' + e.message));")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium()
    assert executable is not None
    with Browser(executable, 1000, 760) as opened:
        opened.call("Page.addScriptToEvaluateOnNewDocument", source=WATCH)
        yield opened
        assert opened.evaluate("window.__problems") == []


@pytest.fixture(scope="module")
def rating() -> rater.Rating:
    return rater.rate(PUZZLE)


def wait(browser: Browser, expression: str, seconds: float = 60) -> Any:
    """The first truthy value of ``expression`` in the page, polled."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = browser.evaluate(expression)
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"never true: {expression}")


def type_key(browser: Browser, key: str) -> None:
    """Press one character key (a digit) as a keyboard does."""
    code = ord(key.upper())
    for kind in ("keyDown", "keyUp"):
        browser.call("Input.dispatchKeyEvent", type=kind, key=key, code=f"Digit{key}", text=key if kind == "keyDown"
                     else "", windowsVirtualKeyCode=code, nativeVirtualKeyCode=code)


def click(browser: Browser, selector: str) -> None:
    """A real mouse click in the middle of the element ``selector``."""
    box = browser.evaluate(f"(() => {{ const r = document.querySelector({selector!r}).getBoundingClientRect();"
                           "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    browser.click(*box)


def cell_text(browser: Browser, cell: int) -> str:
    """The digit in ``cell`` ("" when it holds pencil marks or nothing)."""
    return browser.evaluate(f"(c => c.querySelector('.marks') ? '' : c.textContent)"
                            f"(document.querySelector('[data-cell=\"{cell}\"]'))")


def marks_text(browser: Browser, cell: int) -> str:
    return browser.evaluate(f"document.querySelector('[data-cell=\"{cell}\"] .marks').textContent")


def has_class(browser: Browser, cell: int, name: str) -> bool:
    return browser.evaluate(f"document.querySelector('[data-cell=\"{cell}\"]').classList.contains({name!r})")


def screenshot(browser: Browser, name: str) -> None:
    folder = os.environ.get("COACH_SCREENSHOTS")
    picture = browser.screenshot()
    image = read_png(picture)
    assert len({tuple(p) for p in image.pixels[::40, ::40, :3].reshape(-1, 3)}) > 3  # not blank
    if folder:
        Path(folder, name).write_bytes(picture)


def fresh(browser: Browser, address: str) -> None:
    """Open ``address`` with no progress kept from an earlier test."""
    browser.open(address)
    browser.evaluate("localStorage.clear()")
    browser.open(address)
    wait(browser, "document.body.dataset.ready")


def test_open_with_a_puzzle_shows_grid_level_and_steps(browser, url, rating):
    fresh(browser, f"{url}?puzzle={PUZZLE}#rate")
    figures = wait(browser, "document.getElementById('figures').textContent")
    assert rating.level_text() in figures and f"Steps: {len(rating.steps)}" in figures
    assert browser.evaluate("document.querySelectorAll('#step-picture svg').length") == 1
    assert browser.evaluate("document.getElementById('step-select').selectedIndex") == 0
    browser.press("ArrowRight")
    browser.press("ArrowRight")
    assert browser.evaluate("document.getElementById('step-select').selectedIndex") == 2
    assert browser.evaluate("document.getElementById('step-text').textContent").startswith("3. ")
    browser.press("End")
    assert browser.evaluate("document.getElementById('step-text').textContent") == "Final grid"
    click(browser, ".stepnav [data-go=first]")
    assert browser.evaluate("document.getElementById('step-select').selectedIndex") == 0
    assert browser.evaluate("window.__problems") == []


def test_play_digits_mistakes_hints_undo_and_kept_progress(browser, url, rating):
    assert rating.solution is not None
    solution = format_line(rating.solution)  # digits as the page shows them
    fresh(browser, f"{url}?puzzle={PUZZLE}#play")
    empty = [c for c in range(81) if PUZZLE[c] == "."]
    right = empty[0]
    click(browser, f"[data-cell=\"{right}\"]")
    type_key(browser, solution[right])
    assert cell_text(browser, right) == solution[right]
    wrong, digit = next((c, d) for c in empty[1:] for d in "123456789"
                        if d != solution[c] and all(PUZZLE[p] != d and (p != right or solution[right] != d)
                                                    for p in PEERS[c]))
    click(browser, f"[data-cell=\"{wrong}\"]")
    type_key(browser, digit)
    assert cell_text(browser, wrong) == digit
    click(browser, "#check")
    wait(browser, f"document.querySelector('[data-cell=\"{wrong}\"]').classList.contains('wrong')")
    assert not has_class(browser, right, "wrong")
    assert "1 wrong digit" in browser.evaluate("document.getElementById('message').textContent")

    click(browser, "#hint")
    assert "Look for:" in wait(browser, "!document.getElementById('hint-box').hidden && "
                                        "document.getElementById('hint-text').textContent")
    click(browser, "#hint")
    wait(browser, "document.querySelectorAll('.cell.hinted').length > 0")
    click(browser, "#hint")
    wait(browser, "document.querySelectorAll('#hint-picture svg').length === 1")
    assert "points" in browser.evaluate("document.getElementById('hint-text').textContent")
    screenshot(browser, "coach-play.png")

    click(browser, "#undo")
    assert cell_text(browser, wrong) == ""
    click(browser, "#redo")
    assert cell_text(browser, wrong) == digit
    click(browser, "#undo")
    browser.open(f"{url}#play")  # the progress is kept in the browser
    wait(browser, "document.body.dataset.ready")
    assert cell_text(browser, right) == solution[right]
    assert cell_text(browser, wrong) == ""


def test_pencil_marks_of_ones_own(browser, url):
    fresh(browser, f"{url}?puzzle={PUZZLE}#play")
    cell = PUZZLE.index(".")
    click(browser, f"[data-cell=\"{cell}\"]")
    click(browser, "#pencil")
    before = marks_text(browser, cell)
    mark = before[0]
    type_key(browser, mark)
    assert not browser.evaluate("document.getElementById('auto-marks').checked")
    assert marks_text(browser, cell) == before.replace(mark, "")
    type_key(browser, mark)
    assert marks_text(browser, cell) == before


def test_bulk_upload_runs_to_the_end(browser, url, tmp_path):
    puzzles = sample(8, 41)
    source = tmp_path / "puzzles.txt"
    source.write_text("\n".join(puzzles) + "\n")
    fresh(browser, f"{url}#bulk")
    root = browser.call("DOM.getDocument")["root"]["nodeId"]
    node = browser.call("DOM.querySelector", nodeId=root, selector="#bulk-file")["nodeId"]
    browser.call("DOM.setFileInputFiles", nodeId=node, files=[str(source)])
    click(browser, "#bulk-button")
    wait(browser, "document.getElementById('bulk-state').textContent.startsWith('done')", 180)
    wait(browser, "document.querySelectorAll('#bulk-table tbody tr').length === 8")
    assert browser.evaluate("document.querySelectorAll('#charts svg').length") == 3
    assert browser.evaluate("document.getElementById('bulk-progress').value") == 8
    assert browser.evaluate("document.getElementById('bulk-csv').getAttribute('href')").endswith("format=csv")
    screenshot(browser, "coach-bulk.png")
