"""The ``rate --html`` page in a real browser: headless Chromium, keys, buttons, address, screenshots.

Skipped where Chromium is not installed (Debian: ``apt-get install chromium``;
``.ci/run`` installs it when it can).  The page is opened from a file; keys
and clicks are real input events sent over the DevTools protocol; the
screenshots of a chain step and of a unique-rectangle step are read pixel by
pixel: not blank, and the mark colours inside the marked elements only.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from click.testing import CliRunner

from rater.cli import main
from rater.views.svg import LINK, REMOVED, USED_FILL
from tests.browser_support import Browser, Image, chromium, read_png
from tests.test_html import CHAIN_STEP, PUZZLE, UR_STEP

pytestmark = pytest.mark.skipif(chromium() is None, reason="needs Chromium (Debian package chromium)")

STEPS = 82


@pytest.fixture(scope="module")
def url(tmp_path_factory) -> str:
    target = tmp_path_factory.mktemp("browser") / "rating.html"
    assert CliRunner().invoke(main, [PUZZLE, "--html", str(target)]).exit_code == 0
    return target.as_uri()


@pytest.fixture(scope="module")
def browser():
    executable = chromium()
    assert executable is not None
    with Browser(executable, 800, 1000) as opened:
        yield opened


def shown(browser: Browser) -> list[str]:
    """The numbers of the sections the page displays."""
    return browser.evaluate("Array.from(document.querySelectorAll('section.pos'))"
                            ".filter(s => getComputedStyle(s).display !== 'none').map(s => s.dataset.n)")


def at(browser: Browser) -> int:
    numbers = shown(browser)
    assert len(numbers) == 1, numbers
    return int(numbers[0])


def test_keys_buttons_list_and_address(browser, url):
    browser.open(url)
    assert at(browser) == 1
    for key, expected in (("ArrowRight", 2), ("ArrowRight", 3), ("ArrowLeft", 2), ("Home", 1), ("ArrowLeft", 1),
                          ("End", STEPS + 1), ("ArrowRight", STEPS + 1), ("PageUp", STEPS), ("Home", 1),
                          ("PageDown", 2)):
        browser.press(key)
        assert at(browser) == expected, key
    assert browser.evaluate("location.hash") == "#step=2"
    box = browser.evaluate("(() => { const r = document.querySelector('button[data-go=next]')"
                           ".getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
    browser.click(*box)
    assert at(browser) == 3
    browser.evaluate("(() => { const s = document.querySelector('nav select'); s.selectedIndex = 19;"
                     " s.dispatchEvent(new Event('change')); })()")
    assert at(browser) == 20
    browser.evaluate("location.hash = '#step-40'")  # a link of the list of steps
    assert browser.evaluate("new Promise(r => setTimeout(() => r(document.body.dataset.step), 100))") == "40"
    assert at(browser) == 40
    browser.open(url + f"#step={UR_STEP}")
    assert at(browser) == UR_STEP


def boxes(browser: Browser, selector: str, origin: tuple[float, float]) -> list[tuple[int, int, int, int]]:
    """Bounding boxes (in screenshot pixels) of the shown step's elements matching ``selector``."""
    rects = browser.evaluate(f"Array.from(document.querySelectorAll('section.pos.on {selector}')).map(e => {{"
                             " const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })")
    return [(math.floor(a - origin[0]), math.floor(b - origin[1]), math.ceil(c - origin[0]), math.ceil(d - origin[1]))
            for a, b, c, d in rects]


def check_colour(image: Image, rects: list[tuple[int, int, int, int]], colour: str, within: float,
                 margin: int = 2) -> None:
    """``colour`` appears in every rectangle (marked element), and nowhere else."""
    assert rects
    near = image.near(colour, within)
    outside = image.near(colour, within / 2)
    for a, b, c, d in rects:
        assert near[max(b, 0):d + 1, max(a, 0):c + 1].sum() >= 3, (colour, (a, b, c, d))
        outside[max(b - margin, 0):d + margin + 1, max(a - margin, 0):c + margin + 1] = False
    assert not outside.any(), (colour, np.argwhere(outside)[:5].tolist())


@pytest.mark.parametrize(("number", "code"), [(CHAIN_STEP, "SC"), (UR_STEP, "UR")])
def test_screenshots_of_a_chain_and_a_unique_rectangle(browser, url, number, code):
    browser.open(url)
    browser.press("Home")
    for _ in range(number - 1):
        browser.press("ArrowRight")
    assert at(browser) == number
    assert browser.evaluate("document.querySelector('section.pos.on').dataset.code") == code
    left, top, width, height = browser.evaluate(
        "(() => { const r = document.querySelector('section.pos.on svg').getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height]; })()")
    image = read_png(browser.screenshot({"x": left, "y": top, "width": width, "height": height}))
    assert (image.width, image.height) == (round(width), round(height))
    rgb = image.pixels[:, :, :3].reshape(-1, 3)
    assert len(np.unique(rgb, axis=0)) > 30
    assert (rgb != 255).any(axis=1).mean() > 0.1  # not blank: lines, digits, marks
    origin = (left, top)
    check_colour(image, boxes(browser, ".sd-used", origin), USED_FILL, 40)
    check_colour(image, boxes(browser, ".sd-removed", origin), REMOVED, 60)
    if code == "SC":
        assert boxes(browser, ".sd-strong", origin) and boxes(browser, ".sd-weak", origin)
        check_colour(image, boxes(browser, ".sd-link", origin), LINK, 40)
    else:
        assert not boxes(browser, ".sd-link", origin)


def test_phone_print_and_no_script(browser, url):
    try:
        browser.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=1, mobile=True)
        browser.open(url)
        assert browser.evaluate("document.documentElement.scrollWidth") <= 390  # no sideways scrolling
        width = browser.evaluate("document.querySelector('section.pos.on svg').getBoundingClientRect().width")
        assert 300 <= width <= 390
        buttons = browser.evaluate("Array.from(document.querySelectorAll('nav button'))"
                                   ".map(b => b.getBoundingClientRect().bottom)")
        assert len(buttons) == 4 and max(buttons) < 844
        browser.call("Emulation.setEmulatedMedia", media="print")
        assert len(shown(browser)) == STEPS + 1  # in print every step is a block of its own
        browser.call("Emulation.setEmulatedMedia", media="")
        browser.call("Emulation.setScriptExecutionDisabled", value=True)
        browser.open(url)
        assert len(shown(browser)) == STEPS + 1  # without the script every step is shown
    finally:
        browser.call("Emulation.setScriptExecutionDisabled", value=False)
        browser.call("Emulation.clearDeviceMetricsOverride")
        browser.call("Emulation.setEmulatedMedia", media="")
