"""Browser fixtures: pages rendered in a real headless Chromium (Debian's ``chromium`` driven by
``chromium-driver`` through selenium), nothing downloaded at run time.

``make test-browser`` runs these tests; ``make test`` does not collect this folder. Without
chromium, chromedriver or selenium every test here is skipped with the reason.

Fixtures (use them from any ``tests/browser/test_*.py``):

``browser(width, height=900)``
    A factory: a fresh headless Chromium window of that size (CSS pixels), closed after the
    test. Network requests are logged, so ``fetched(driver)`` can tell what the page asked for.
``open_html(driver, html, name)``
    Write ``html`` to ``build/pages/<name>.html`` and load it from ``file://``; returns the URL.
``screenshot(driver, name, full_page=True)``
    Save ``build/screenshots/<name>.png`` (the whole page, or the viewport) and return its path.
``pdf(driver, name)``
    Print the loaded page to ``build/screenshots/<name>.pdf`` (Chromium's print, A4, with
    backgrounds) and return the path.
``fetched(driver)``
    Every URL the page requested besides itself (``data:`` URLs excepted): ``[]`` means nothing
    was fetched from the network or the disk.
``print_media(driver, on=True)``
    Emulate ``@media print`` for what follows (screenshots of the print layout, computed
    styles).

``axe(driver)``
    Run axe-core (from its npm package, installed by ``make test-browser`` into
    ``build/node``; nothing is fetched at run time) on the loaded page against WCAG 2.2 A/AA
    and best practices; returns the violations as ``[(rule id, [targets…]), …]`` (``[]`` is
    good). Skips the test, saying why, when the package is not installed.

``checks``
    Assertions a person would make, as functions of the driver:
    ``checks.horizontal_overflow(driver)`` (pixels the page is wider than the window; 0 is
    good), ``checks.in_first_viewport(driver, css)`` (the element's bottom edge is inside the
    first screenful), ``checks.charts_without_title(driver)`` (ids of SVGs with no or an empty
    ``<title>``).
"""

from __future__ import annotations

import base64
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "build"
SCREENSHOTS = BUILD / "screenshots"
PAGES = BUILD / "pages"
AXE = BUILD / "node" / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (make test-browser installs the browser extra)"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not Path(path).exists():
            return f"{path} not found (apt-get install {package})"
    return None


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    reason = _missing()
    if reason is None:
        return
    skip = pytest.mark.skip(reason=reason)
    for item in items:
        if "tests/browser" in str(item.fspath).replace("\\", "/"):
            item.add_marker(skip)


@pytest.fixture
def browser() -> Iterator[Callable[..., Any]]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    drivers: list[Any] = []

    def start(width: int, height: int = 900) -> Any:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in (
            "--headless=new",
            "--no-sandbox",  # root in a container
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--lang=en-US",
        ):
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
        drivers.append(driver)
        # the window's outer size differs from the viewport: set the viewport exactly
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
        )
        return driver

    yield start
    for driver in drivers:
        driver.quit()


@pytest.fixture
def open_html() -> Callable[[Any, str, str], str]:
    def load(driver: Any, html: str, name: str) -> str:
        PAGES.mkdir(parents=True, exist_ok=True)
        path = PAGES / f"{name}.html"
        path.write_text(html, encoding="utf-8")
        url = path.as_uri()
        driver.get(url)
        return url

    return load


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    def save(driver: Any, name: str, full_page: bool = True) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        shot = driver.execute_cdp_cmd(
            "Page.captureScreenshot",
            {"format": "png", "captureBeyondViewport": full_page, "fromSurface": True},
        )
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    return save


@pytest.fixture
def pdf() -> Callable[[Any, str], Path]:
    def save(driver: Any, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.pdf"
        printed = driver.execute_cdp_cmd(
            "Page.printToPDF",
            {"printBackground": True, "paperWidth": 8.27, "paperHeight": 11.69},
        )
        path.write_bytes(base64.b64decode(printed["data"]))
        return path

    return save


@pytest.fixture
def fetched() -> Callable[[Any], list[str]]:
    def requests(driver: Any) -> list[str]:
        page = driver.current_url
        urls = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") != "Network.requestWillBeSent":
                continue
            url = message["params"]["request"]["url"]
            if url != page and not url.startswith("data:"):
                urls.append(url)
        return urls

    return requests


@pytest.fixture
def print_media() -> Callable[..., None]:
    def emulate(driver: Any, on: bool = True) -> None:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print" if on else ""})

    return emulate


@pytest.fixture
def axe() -> Callable[[Any], list[tuple[str, list[str]]]]:
    if not AXE.is_file():
        pytest.skip(f"{AXE} not found (make test-browser installs axe-core with npm)")
    source = AXE.read_text(encoding="utf-8")

    def run(driver: Any) -> list[tuple[str, list[str]]]:
        driver.set_script_timeout(60)
        driver.execute_script(source)
        found = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values:"
            " ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']},"
            " resultTypes: ['violations']})"
            ".then(r => done(r.violations.map(v => [v.id, v.nodes.map(n => n.target.join(' '))])))"
            ".catch(e => done([['axe-error', [String(e)]]]));"
        )
        return [(rule, targets) for rule, targets in found]

    return run


def horizontal_overflow(driver: Any) -> int:
    """How many CSS pixels the page is wider than its window (0: no horizontal scroll)."""
    return driver.execute_script(
        "return Math.max(0, document.documentElement.scrollWidth - window.innerWidth)"
    )


def in_first_viewport(driver: Any, css: str) -> bool:
    """Whether the element's bottom edge is inside the first screenful."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return !!e && e.getBoundingClientRect().bottom <= window.innerHeight",
        css,
    )


def charts_without_title(driver: Any) -> list[str]:
    """Ids (or positions) of the SVG charts with no <title> child or an empty one."""
    return driver.execute_script(
        "return [...document.querySelectorAll('svg')].filter(s => {"
        "  const t = [...s.children].find(c => c.tagName.toLowerCase() === 'title');"
        "  return !t || !t.textContent.trim(); }).map((s, i) => s.id || ('svg #' + i))"
    )


@pytest.fixture
def checks() -> Any:
    """The assertion helpers above as one object: ``checks.horizontal_overflow(driver)``…"""
    from types import SimpleNamespace

    return SimpleNamespace(
        horizontal_overflow=horizontal_overflow,
        in_first_viewport=in_first_viewport,
        charts_without_title=charts_without_title,
    )
