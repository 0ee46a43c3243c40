"""cap-render-report's HTML pages in a real browser, as a person checks them: at 1400 px and at
400 px (a phone), and printed to PDF. Screenshots land in build/screenshots/<report>-<width>.png
and build/screenshots/<report>-print.png; PDFs beside them."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
EXAMPLES = ROOT / "examples" / "domain_semantic_quality"
DEV = ROOT / "evals" / "i18n-prompt" / "cases" / "dev"
BASELINES = ROOT / "evals" / "i18n-prompt" / "baselines"
WIDTHS = (1400, 400)


def command(name: str, *args: str, stdin: bytes = b"") -> bytes:
    proc = subprocess.run(
        [str(BIN / name), "-q", *args], input=stdin, capture_output=True, timeout=120, check=False
    )
    assert proc.stdout, proc.stderr.decode()
    return proc.stdout


def review_page(tmp: Path) -> str:
    """The shipped CAP-Med and CAP-SWE examples with the roster, the adjudications and the
    follow-ups: every review section, one table per profile, the agreement heat map, and a
    drill-down per case with its texts and every reviewer's scores."""
    cases = tmp / "cases.jsonl"
    cases.write_bytes(
        (EXAMPLES / "cap_med_synthetic_cases.jsonl").read_bytes()
        + (EXAMPLES / "cap_swe_synthetic_cases.jsonl").read_bytes()
    )
    scores = str(EXAMPLES / "synthetic_reviewer_scores.jsonl")
    stream = command(
        "cap-aggregate-scores",
        "--exit-zero",
        "--cases",
        str(cases),
        "--roster",
        str(EXAMPLES / "roster.jsonl"),
        "--adjudications",
        str(EXAMPLES / "synthetic_adjudications.jsonl"),
        "--follow-ups",
        str(EXAMPLES / "synthetic_follow_ups.jsonl"),
        scores,
    )
    return command(
        "cap-render-report",
        "--html",
        "--roster",
        str(EXAMPLES / "roster.jsonl"),
        "--cases",
        str(cases),
        "--reviews",
        scores,
        "--today",
        "2026-12-01",
        stdin=stream,
    ).decode()


def results_page(tmp: Path) -> str:
    """The whole dev suite against its baselines' candidates, with a synthetic baseline (every
    fifth failure passed before) and one waiver: regressions, waivers, drill-down, all charts."""
    cases = tmp / "cases.jsonl"
    cases.write_bytes(b"".join(path.read_bytes() for path in sorted(DEV.glob("*.jsonl"))))
    candidates = tmp / "candidates.jsonl"
    candidates.write_bytes(
        b"".join(path.read_bytes() for path in sorted(BASELINES.glob("*.candidates.jsonl")))
    )
    results = command(
        "cap-check", "--exit-zero", "--candidates", str(candidates), stdin=cases.read_bytes()
    )
    rows = [json.loads(line) for line in results.decode().splitlines()]
    failing = [row for row in rows if not row["passed"]]
    before = []
    for index, row in enumerate(rows):
        if not row["passed"] and index % 5 == 0:
            row = {**row, "passed": True, "code": "ok", "message": "ok", "evidence": {}}
        before.append(row)
    baseline = tmp / "baseline.jsonl"
    baseline.write_text("".join(json.dumps(row) + "\n" for row in before), encoding="utf-8")
    waivers = tmp / "waivers.jsonl"
    waiver = {
        "case_id": failing[-1]["case_id"],
        "assertion": failing[-1]["assertion"],
        "reason": "known; the glossary changes in the next release",
        "owner": "localisation-lead",
        "expires": "2099-12-31",
    }
    waivers.write_text(json.dumps(waiver) + "\n", encoding="utf-8")
    # the baseline run's candidates (synthetic): each text as an earlier version had it
    before = tmp / "baseline-candidates.jsonl"
    before.write_text(
        "".join(
            json.dumps({**record, "text": record["text"].rstrip() + " (v1) "}) + "\n"
            for record in map(json.loads, candidates.read_text(encoding="utf-8").splitlines())
        ),
        encoding="utf-8",
    )
    return command(
        "cap-render-report",
        "--html",
        "--exit-zero",
        "--cases",
        str(cases),
        "--candidates",
        str(candidates),
        "--baseline",
        str(baseline),
        "--baseline-candidates",
        str(before),
        "--waivers",
        str(waivers),
        stdin=results,
    ).decode()


REPORTS = {"review": review_page, "results": results_page}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    return {name: make(tmp_path_factory.mktemp(name)) for name, make in REPORTS.items()}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("report", sorted(REPORTS))
def test_page_as_a_person_sees_it(
    pages, report, width, browser, open_html, screenshot, fetched, checks, axe
):
    driver = browser(width)
    open_html(driver, pages[report], f"{report}-{width}")
    assert driver.find_element("css selector", ".banner").is_displayed()
    assert checks.in_first_viewport(driver, ".banner"), "the verdict is below the first screen"
    assert checks.horizontal_overflow(driver) == 0, "the page scrolls sideways"
    assert checks.charts_without_title(driver) == []
    assert driver.find_elements("css selector", "svg"), "no chart rendered"
    # every chart fits its column: no SVG wider than the viewport
    widest = driver.execute_script(
        "return Math.max(...[...document.querySelectorAll('svg')]"
        ".map(s => s.getBoundingClientRect().right))"
    )
    assert widest <= driver.execute_script("return window.innerWidth")
    # table of contents: every link goes to an anchor of this page
    targets = driver.execute_script(
        "return [...document.querySelectorAll('nav.toc a')].map(a => a.getAttribute('href'))"
    )
    assert targets and all(
        driver.execute_script("return !!document.getElementById(arguments[0])", target[1:])
        for target in targets
    )
    screenshot(driver, f"{report}-{width}")
    screenshot(driver, f"{report}-{width}-first-screen", full_page=False)
    assert fetched(driver) == []
    assert axe(driver) == []


@pytest.mark.parametrize("report", sorted(REPORTS))
def test_page_prints(pages, report, browser, open_html, screenshot, pdf, print_media, fetched):
    driver = browser(800, 1100)
    open_html(driver, pages[report], f"{report}-print")
    printed = pdf(driver, f"{report}")
    data = printed.read_bytes()
    assert data.startswith(b"%PDF") and data.count(b"/Type /Page") >= 2
    print_media(driver)
    # table headers repeat on every printed page; charts and rows are never split
    assert driver.execute_script(
        "return [...document.querySelectorAll('thead')]"
        ".every(t => getComputedStyle(t).display === 'table-header-group')"
    )
    assert driver.execute_script(
        "return [...document.querySelectorAll('svg.chart, tr')]"
        ".every(e => getComputedStyle(e).breakInside === 'avoid')"
    )
    assert driver.execute_script(
        "return [...document.querySelectorAll('h2, h3')]"
        ".every(e => getComputedStyle(e).breakAfter === 'avoid')"
    )
    screenshot(driver, f"{report}-print")
    assert fetched(driver) == []


def element_screenshot(driver, css: str, name: str) -> Path:
    """Save build/screenshots/<name>.png of the element ``css`` (its box on the page)."""
    import base64

    box = driver.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return [r.left + scrollX, r.top + scrollY, r.width, r.height]",
        css,
    )
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": dict(zip(("x", "y", "width", "height"), box, strict=True), scale=1),
        },
    )
    folder = ROOT / "build" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    path.write_bytes(base64.b64decode(shot["data"]))
    return path


@pytest.mark.parametrize("width", WIDTHS)
def test_review_case_drill_down(pages, width, browser, open_html, screenshot, checks, axe):
    """A reviewer follows a case row to its drill-down (texts, each reviewer's scores, the
    adjudication) and back; ids stay on one line where there is room; at phone width the
    rationale and notes are read on the screen, not beside it."""
    driver = browser(width)
    open_html(driver, pages["review"], f"review-drill-down-{width}")
    if width == 1400:
        wrapped = driver.execute_script(
            "return [...document.querySelectorAll('code.id')].filter(c =>"
            " new Set([...c.getClientRects()].map(r => Math.round(r.top))).size > 1)"
            ".map(c => c.textContent)"
        )
        assert wrapped == [], "case ids wrap at 1400 px"
        element_screenshot(driver, "table.heat", "review-heat-map-1400")
    # the adjudicated case: its row's link, its drill-down, the way back
    row = driver.find_element(
        "xpath", "//tr[starts-with(@id, 'case-row-')][.//code[.='cap-med-example-004']]"
    )
    link = row.find_element("css selector", "a")
    target = link.get_attribute("href").split("#", 1)[1]
    driver.execute_script("arguments[0].click()", link)
    assert driver.execute_script("return location.hash") == f"#{target}"
    article = driver.find_element("id", target)
    assert checks.in_first_viewport(driver, f"#{target} h3")
    text = article.text
    assert "candidate output" in text and "Adjudication" in text
    columns = [
        th.get_attribute("textContent") for th in article.find_elements("css selector", "thead th")
    ]
    assert columns[1:3] == ["synthetic-med-reviewer-a", "synthetic-med-reviewer-b"]
    # the adjudication's rationale and the reviewers' notes fit the screen's width
    for item in article.find_elements("css selector", "ul.notes li"):
        assert item.rect["x"] >= 0 and item.rect["x"] + item.rect["width"] <= width + 1
    assert checks.horizontal_overflow(driver) == 0
    screenshot(driver, f"review-case-drill-down-{width}", full_page=False)
    assert axe(driver) == []
    back = article.find_element("css selector", "a[href^='#case-row-']")
    driver.execute_script("arguments[0].click()", back)
    assert driver.execute_script("return location.hash") == "#" + row.get_attribute("id")
    if width == 400:
        # the per-case table is cards: the reasons of a row are on the screen
        reasons = row.find_element("css selector", "td[data-label='reasons']")
        assert reasons.rect["x"] + reasons.rect["width"] <= width + 1


@pytest.mark.parametrize("width", WIDTHS)
def test_regression_drill_down(pages, width, browser, open_html, screenshot, checks, axe):
    """A regression's row leads to its drill-down, which shows the candidate against the
    baseline run's: removed and added text marked (not by colour alone), whitespace shown."""
    driver = browser(width)
    open_html(driver, pages["results"], f"results-regression-{width}")
    # a regression whose translation a reader of this page's fonts can read (Latin script)
    row = next(
        row
        for row in driver.find_elements(
            "css selector", "#failures-table tr[data-state~='regression']"
        )
        if row.find_elements("css selector", "td a")
        and driver.execute_script(
            "const d = document.getElementById(arguments[0]);"
            "const f = d && d.querySelector('figure.diff pre');"
            "return !!f && /[A-Za-z]{4}/.test(f.textContent.replace('(v1)', ''))",
            row.find_element("css selector", "td a").get_attribute("href").split("#", 1)[1],
        )
    )
    link = row.find_element("css selector", "td a")
    target = link.get_attribute("href").split("#", 1)[1]
    driver.execute_script("arguments[0].click()", link)
    details = driver.find_element("id", target)
    assert details.get_attribute("open") is not None
    diff = details.find_element("css selector", "figure.diff")
    assert diff.find_elements("css selector", "del") and diff.find_elements("css selector", "ins")
    # struck through and underlined as well as coloured
    decorations = driver.execute_script(
        "const f = arguments[0]; return ['del', 'ins'].map(t =>"
        " getComputedStyle(f.querySelector(t)).textDecorationLine)",
        diff,
    )
    assert decorations == ["line-through", "underline"]
    assert "␣" in diff.text  # the trailing space the baseline's text had
    assert diff.rect["x"] + diff.rect["width"] <= width + 1
    assert checks.horizontal_overflow(driver) == 0
    driver.execute_script("arguments[0].scrollIntoView()", details)
    screenshot(driver, f"results-regression-drill-down-{width}", full_page=False)
    assert axe(driver) == []


def test_review_sign_off_prints_whole(pages, browser, open_html, print_media, screenshot):
    """Printed, the sign-off stays one block with its blockers and run identity, and no case
    id is broken inside a word."""
    driver = browser(800, 1100)
    open_html(driver, pages["review"], "review-sign-off-print")
    print_media(driver)
    assert driver.execute_script(
        "const s = document.querySelector('section.sign-off');"
        "return getComputedStyle(s).breakInside === 'avoid'"
        " && [...s.querySelectorAll('tr')].every(t => getComputedStyle(t).breakInside === 'avoid')"
    )
    blockers = driver.execute_script(
        "return [...document.querySelectorAll('section.sign-off li code')].map(c => c.textContent)"
    )
    assert "case_not_pass" in blockers
    assert driver.execute_script(
        "return [...document.querySelectorAll('code.id')].every(c => {"
        " const s = getComputedStyle(c);"
        " return s.wordBreak === 'normal' && s.overflowWrap === 'normal' && s.hyphens !== 'auto'})"
    )
    driver.execute_script("document.getElementById('sign-off').scrollIntoView()")
    screenshot(driver, "review-sign-off-print", full_page=False)


def test_a_page_that_tries_to_fetch_is_caught(browser, open_html, fetched):
    """The network check can fail: a page with an image from elsewhere is reported."""
    driver = browser(800)
    open_html(driver, '<!DOCTYPE html><img src="http://192.0.2.1/x.png">', "fetching")
    assert fetched(driver) == ["http://192.0.2.1/x.png"]


def _visible_rows(driver) -> list:
    return [
        row
        for row in driver.find_elements("css selector", "#failures-table tbody tr")
        if row.is_displayed()
    ]


def _choose(driver, key: str, value: str) -> None:
    from selenium.webdriver.support.ui import Select

    Select(driver.find_element("id", f"filter-{key}")).select_by_value(value)


# languages written right to left (the language subtag of a locale)
RTL_LANGUAGES = frozenset({"ar", "ckb", "dv", "fa", "he", "ps", "sd", "ug", "ur", "yi"})
# besides the locales with failing checks, these are always on the page: two right-to-left
# scripts, Thai (no spaces between words) and French
SHOWN_LOCALES = ("ar", "he", "th", "fr")


def direction(locale: str) -> str:
    return "rtl" if locale.split("-")[0] in RTL_LANGUAGES else "ltr"


@dataclass
class DjangoRun:
    """The rendered page and, from the results stream it was rendered from, each failing
    result's case id by target locale and by code."""

    html: str
    failing: dict[str, set[str]]  # target locale -> failing case ids
    by_code: dict[str, set[str]]  # code -> failing case ids


def django_results(tmp: Path) -> DjangoRun:
    """Django's real catalogs (the cache of make realdata): the whole contrib tree imported and
    checked in one run each, then the cases of Arabic, Hebrew, Thai, French and of every locale
    with a failing check rendered as HTML with the drill-down. Which locales fail is read from
    the results, never assumed: a fix of a false alarm moves them."""
    sys.path.insert(0, str(ROOT / "tools"))
    import fetch_realdata

    django = fetch_realdata.django_dir()
    if not (django / ".complete").exists():
        pytest.skip(f"Django's catalogs are not in the cache ({django}): run make realdata")
    tree_candidates = tmp / "tree-candidates.jsonl"
    tree_cases = command(
        "cap-import",
        "--license",
        "BSD-3-Clause",
        "--source",
        f"pkg:pypi/django@{fetch_realdata.DJANGO_VERSION}",
        "--id-prefix",
        "django",
        "--exit-zero",
        str(django / "django" / "contrib"),
        "--candidates",
        str(tree_candidates),
    )
    tree_results = command(
        "cap-check", "--exit-zero", "--candidates", str(tree_candidates), stdin=tree_cases
    )
    locale_of = {
        case["id"]: case["target_locale"] for case in map(json.loads, tree_cases.splitlines())
    }
    results = [json.loads(line) for line in tree_results.splitlines()]
    failing: dict[str, set[str]] = {}
    by_code: dict[str, set[str]] = {}
    for result in results:
        if not result["passed"]:
            failing.setdefault(locale_of[result["case_id"]], set()).add(result["case_id"])
            by_code.setdefault(result["code"], set()).add(result["case_id"])
    shown = set(SHOWN_LOCALES) | set(failing)

    def kept(lines: bytes, key: str) -> bytes:
        return b"".join(
            line + b"\n" for line in lines.splitlines() if locale_of[json.loads(line)[key]] in shown
        )

    cases, candidates = tmp / "cases.jsonl", tmp / "candidates.jsonl"
    cases.write_bytes(kept(tree_cases, "id"))
    candidates.write_bytes(kept(tree_candidates.read_bytes(), "case_id"))
    html = command(
        "cap-render-report",
        "--html",
        "--exit-zero",
        "--cases",
        str(cases),
        "--candidates",
        str(candidates),
        stdin=kept(tree_results, "case_id"),
    ).decode()
    return DjangoRun(html, failing, by_code)


@pytest.fixture(scope="module")
def django_run(tmp_path_factory) -> DjangoRun:
    return django_results(tmp_path_factory.mktemp("django"))


@pytest.mark.parametrize("width", WIDTHS)
def test_django_results_filtered_by_locale_and_code(
    django_run, width, browser, open_html, screenshot, checks, axe
):
    """A person narrows a real import to one locale's placeholder defects, then to one code,
    follows a row to its drill-down (right to left when a right-to-left locale has failures),
    comes back, and shares the filtered view. The locale and the code are chosen from the
    results: which ones fail is the data's business, the filters must work for any of them."""
    failing = django_run.failing
    assert len(failing) >= 2, (
        f"only {sorted(failing)} fail in Django's tree: filtering by locale needs two locales"
        " with failures (render another real import here)"
    )
    # a right-to-left locale when one has failures (its drill-down is checked for direction),
    # the one with the most failures first
    locale = min(failing, key=lambda name: (direction(name) != "rtl", -len(failing[name]), name))
    driver = browser(width)
    url = open_html(driver, django_run.html, f"django-results-{width}")
    assert axe(driver) == []
    total = len(_visible_rows(driver))
    assert total > 0
    listed, causes = (
        int(n.replace(",", ""))
        for n in driver.find_element("css selector", "#failures > p").text.split()[0:3:2]
    )
    locales = set(
        driver.execute_script(
            "return [...document.querySelectorAll('#failures-table tbody tr')]"
            ".map(r => r.dataset.locale)"
        )
    )
    failing_on_page = set(
        driver.execute_script(
            "return [...document.querySelectorAll('#by-locale tbody tr')]"
            ".filter(r => r.cells[1].textContent !== r.cells[2].textContent)"
            ".map(r => r.cells[0].textContent)"
        )
    )
    assert failing_on_page == set(failing), "the pass rates disagree with the results stream"
    assert locales == set(failing), "every locale with a failure keeps rows in the capped list"
    _choose(driver, "locale", locale)
    rows = _visible_rows(driver)
    assert 0 < len(rows) < total
    assert {row.get_attribute("data-locale") for row in rows} == {locale}
    shown_ids = {row.get_attribute("data-case") for row in rows}
    if listed == causes:  # nothing left out of the list: exactly that locale's failures
        assert shown_ids == failing[locale]
    assert shown_ids <= failing[locale]
    assert driver.execute_script("return location.hash") == f"#filter?locale={locale}"
    # the drill-downs shown are those of the rows shown
    shown_cases = driver.execute_script(
        "return [...document.querySelectorAll('details.case')]"
        ".filter(d => !d.hidden).map(d => d.id)"
    )
    linked = {
        link.get_attribute("href").split("#", 1)[1]
        for row in rows
        for link in row.find_elements("css selector", "a[href^='#c']")
    }
    assert shown_cases and set(shown_cases) == linked
    shown = driver.find_element("id", "filters-shown").text
    assert shown.startswith(f"{len(rows):,} of {total:,}")
    # the state survives a reload of the URL (a shared link)
    driver.get(url + f"#filter?locale={locale}")
    assert len(_visible_rows(driver)) == len(rows)
    # search narrows further; clearing brings every row back
    search = driver.find_element("id", "filter-q")
    code = rows[0].get_attribute("data-code")
    search.send_keys(code)
    found = _visible_rows(driver)
    assert found and all(code in row.text for row in found)
    driver.execute_script("document.getElementById('filters').reset()")
    driver.execute_script("return new Promise(r => setTimeout(r, 50))")
    assert len(_visible_rows(driver)) == total
    # by code: that code's failures in every locale; with the locale too, where both hold
    if len(django_run.by_code) > 1:
        _choose(driver, "code", code)
        by_code = {row.get_attribute("data-case") for row in _visible_rows(driver)}
        assert by_code and by_code <= django_run.by_code[code]
        if listed == causes:
            assert by_code == django_run.by_code[code]
        _choose(driver, "locale", locale)
        both = {row.get_attribute("data-case") for row in _visible_rows(driver)}
        assert both and both == by_code & shown_ids
        assert driver.execute_script("return location.hash") == (
            f"#filter?locale={locale}&code={code}"
        )
        driver.execute_script("document.getElementById('filters').reset()")
        driver.execute_script("return new Promise(r => setTimeout(r, 50))")
        assert len(_visible_rows(driver)) == total
    else:
        assert not driver.find_elements("id", "filter-code"), "a choice of one code is no choice"
    _choose(driver, "locale", locale)
    screenshot(driver, f"django-results-{width}-filtered")
    screenshot(driver, f"django-results-{width}-filtered-screen", full_page=False)
    # at phone width a row is a card: its message is on the screen, not beside it
    row = next(
        row
        for row in _visible_rows(driver)
        if row.get_attribute("data-code") != "candidate_missing"
        and row.find_elements("css selector", "a")
    )
    message = row.find_element("css selector", "td.message")
    assert message.rect["x"] + message.rect["width"] <= width + 1
    assert checks.horizontal_overflow(driver) == 0
    # follow the row to its drill-down: open, in the locale's direction, marked, a link back
    link = row.find_element("css selector", "td a")
    target = link.get_attribute("href").split("#", 1)[1]
    link.click()
    details = driver.find_element("id", target)
    assert details.get_attribute("open") is not None
    sides = details.find_elements("css selector", "pre[dir=auto]")
    directions = [
        driver.execute_script("return getComputedStyle(arguments[0]).direction", pre)
        for pre in sides
    ]
    langs = [pre.get_attribute("lang") for pre in sides]
    assert langs[-1] == locale and directions[-1] == direction(locale)
    screenshot(driver, f"django-drill-down-{width}", full_page=False)
    details.find_element("css selector", "a[href^='#r']").click()
    assert driver.execute_script("return location.hash") == "#" + row.get_attribute("id")
