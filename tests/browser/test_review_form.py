"""The review form in a real browser: headless Chromium driven by Selenium (make test-browser).

Opens a form written by cap-review-form for the shipped synthetic CAP-Med cases, fills it
with the keyboard and the mouse, exports (the download lands in a temporary folder), runs the
export through cap-validate and cap-aggregate-scores, reloads the page and finds the draft
kept. Screenshots at 1400 px and 400 px go to build/screenshots/ (ignored by git). Skipped
with a reason when Chromium, its driver or selenium is missing; nothing is downloaded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
EX = ROOT / "examples" / "domain_semantic_quality"
CASES = EX / "cap_med_synthetic_cases.jsonl"
ROSTER = EX / "roster.jsonl"
SCREENSHOTS = ROOT / "build" / "screenshots"
REVIEWER = "synthetic-med-reviewer-c"  # conflicted with cap-med-example-009: left out

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER), reason="Debian chromium and chromium-driver are not installed"
)


def run_cmd(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / name), *args], capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def form(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("form") / "form.html"
    done = run_cmd(
        "cap-review-form",
        "--roster",
        str(ROSTER),
        "--reviewer",
        REVIEWER,
        str(CASES),
        "-o",
        str(path),
    )
    assert done.returncode == 0, done.stderr.decode()
    return path


@pytest.fixture()
def form_browser(tmp_path):
    """A driver that downloads into ``driver.downloads`` (the form's export)."""
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must not fetch anything
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1400,1000",
        f"--user-data-dir={tmp_path / 'profile'}",
    ):
        options.add_argument(argument)
    options.add_experimental_option(
        "prefs",
        {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
        },
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    driver.execute_cdp_cmd(
        "Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    driver.downloads = downloads
    try:
        yield driver
    finally:
        driver.quit()


def problems_logged(driver) -> list[str]:
    """Console errors (a CSP violation, a script error) since the last call."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def section(driver, number: int):
    return driver.find_element(By.ID, f"case-{number}")


def tab_to(driver, element, limit: int = 400) -> None:
    """Press Tab until ``element`` has the focus (keyboard-only navigation)."""
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    for _ in range(limit):
        if driver.switch_to.active_element == element:
            return
        driver.switch_to.active_element.send_keys(Keys.TAB)
    raise AssertionError(f"Tab never reached {element.get_attribute('id')}")


def wait_for_file(folder: Path, timeout: float = 10.0) -> Path:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        done = [p for p in folder.iterdir() if not p.name.endswith(".crdownload")]
        if done:
            return done[0]
        time.sleep(0.1)
    raise AssertionError("the export was not downloaded")


def test_form_fill_export_validate_aggregate_and_draft_kept(form, form_browser, tmp_path):
    driver = form_browser
    driver.get(form.as_uri())
    assert problems_logged(driver) == []  # the CSP lets exactly our style and script run
    assert driver.execute_script("return typeof window.capevalReviewForm") == "object"
    cases = driver.find_elements(By.CSS_SELECTOR, "section.case")
    ids = [case.get_attribute("data-case-id") for case in cases]
    assert "cap-med-example-009" not in ids  # the roster's conflict is left out
    assert len(ids) == 8
    total = len(ids)

    # Case 1, keyboard only: Tab into the first criterion's scale, arrows choose a score,
    # Space ticks a flag, typing fills the notes.
    first = section(driver, 1)
    criteria = first.find_elements(By.CSS_SELECTOR, "fieldset.criterion")
    for fieldset in criteria:
        radios = fieldset.find_elements(By.CSS_SELECTOR, "input[type=radio]")
        tab_to(driver, radios[0])
        radios[0].send_keys(Keys.SPACE)  # score 1
        for _ in range(3):
            driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)  # ... 4
    scores = {
        fs.get_attribute("data-criterion"): fs.find_element(
            By.CSS_SELECTOR, "input:checked"
        ).get_attribute("value")
        for fs in criteria
    }
    assert set(scores.values()) == {"4"}, scores
    flag = first.find_element(By.CSS_SELECTOR, "fieldset.flags input[value=diagnostic_claim]")
    tab_to(driver, flag)
    flag.send_keys(Keys.SPACE)
    notes = first.find_element(By.TAG_NAME, "textarea")
    tab_to(driver, notes)
    notes.send_keys("Typed with the keyboard only.")
    assert flag.is_selected()
    progress = driver.find_element(By.ID, "progress-text")
    assert progress.text == f"1 of {total} cases complete"

    # Case 2, the mouse: click the labels.
    second = section(driver, 2)
    for fieldset in second.find_elements(By.CSS_SELECTOR, "fieldset.criterion"):
        label = fieldset.find_element(By.CSS_SELECTOR, "label[for$='-5']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", label)
        label.click()
    assert progress.text == f"2 of {total} cases complete"
    # Case 3 only started: it is not exported
    section(driver, 3).find_element(By.CSS_SELECTOR, "label[for$='-3']").click()
    assert progress.text == f"2 of {total} cases complete"

    # Screenshots: desktop, then 400 px wide (the same page, reflowed).
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(SCREENSHOTS / "review-form-1400.png"))
    driver.execute_script("document.getElementById('case-1').scrollIntoView()")
    driver.save_screenshot(str(SCREENSHOTS / "review-form-1400-case.png"))

    driver.find_element(By.ID, "export").click()
    exported = wait_for_file(driver.downloads)
    assert exported.name == f"reviews-{REVIEWER}.jsonl"
    assert "Exported 2 review(s)" in driver.find_element(By.ID, "message").text
    lines = exported.read_text(encoding="utf-8").splitlines()
    reviews = [json.loads(line) for line in lines]
    assert [r["case_id"] for r in reviews] == ids[:2]
    assert reviews[0]["blocking_flags"] == ["diagnostic_claim"]
    assert reviews[0]["notes"] == "Typed with the keyboard only."
    assert set(reviews[1]["scores"].values()) == {5}
    assert all(r["case_sha256"].startswith("sha256:") for r in reviews)
    assert problems_logged(driver) == []

    # The export is what cap-validate expects, and aggregates.
    checked = run_cmd("cap-validate", "--kind", "review", "--cases", str(CASES), str(exported))
    assert checked.returncode == 0, checked.stderr.decode()
    assert checked.stdout == exported.read_bytes()
    aggregated = run_cmd(
        "cap-aggregate-scores", "--cases", str(CASES), "--roster", str(ROSTER), str(exported)
    )
    assert aggregated.returncode == 0, aggregated.stderr.decode()
    verdicts = {
        r["case_id"]: r
        for r in map(json.loads, aggregated.stdout.decode().splitlines())
        if r["kind"] == "case_verdict"
    }
    assert verdicts[ids[0]]["status"] == "blocked"
    assert verdicts[ids[0]]["reviewers"] == [REVIEWER]
    assert verdicts[ids[1]]["status"] == "needs_review"  # one reviewer is too few

    # Reload: the draft is kept, the half-done case too.
    driver.refresh()
    assert "Draft restored for 3 case(s)" in driver.find_element(By.ID, "message").text
    assert driver.find_element(By.ID, "progress-text").text == f"2 of {total} cases complete"
    first = section(driver, 1)
    assert first.find_element(By.TAG_NAME, "textarea").get_attribute("value") == (
        "Typed with the keyboard only."
    )
    assert first.find_element(By.CSS_SELECTOR, "input[value=diagnostic_claim]").is_selected()
    assert driver.execute_script("return window.capevalReviewForm.exportReviews().text") == (
        exported.read_text(encoding="utf-8")
    )

    # 400 px: the same form, one column, nothing cut off sideways.
    driver.set_window_size(400, 900)
    width = driver.execute_script("return document.documentElement.clientWidth")
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways at 400 px ({scroll} > {width})"
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(SCREENSHOTS / "review-form-400.png"))
    driver.execute_script("document.getElementById('case-1').scrollIntoView()")
    driver.save_screenshot(str(SCREENSHOTS / "review-form-400-case.png"))
    driver.execute_script("document.querySelector('#case-1 fieldset.criterion').scrollIntoView()")
    driver.save_screenshot(str(SCREENSHOTS / "review-form-400-scores.png"))
    driver.execute_script("document.querySelector('#case-1 fieldset.flags').scrollIntoView()")
    driver.save_screenshot(str(SCREENSHOTS / "review-form-400-flags.png"))
    assert problems_logged(driver) == []


def test_changed_case_draft_is_not_restored(form, form_browser, tmp_path):
    """A draft made against one version of a case is not put on a changed case."""
    driver = form_browser
    driver.get(form.as_uri())
    section(driver, 1).find_element(By.CSS_SELECTOR, "label[for$='-2']").click()
    changed_cases = tmp_path / "changed.jsonl"
    lines = CASES.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["candidate_output"] += " (edited)"
    changed_cases.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", encoding="utf-8")
    changed_form = form.parent / "form-changed.html"
    done = run_cmd(
        "cap-review-form",
        "--roster",
        str(ROSTER),
        "--reviewer",
        REVIEWER,
        str(changed_cases),
        "-o",
        str(changed_form),
    )
    assert done.returncode == 0
    driver.get(changed_form.as_uri())
    message = driver.find_element(By.ID, "message").text
    assert "changed since your draft" in message and first["case_id"] in message
    assert section(driver, 1).find_elements(By.CSS_SELECTOR, "input:checked") == []


def test_report_heat_map_screenshot(form_browser, tmp_path):
    """The HTML review report of the shipped examples, with adjudications: its reviewer table
    and heat map, photographed for people to look at."""
    aggregated = run_cmd(
        "cap-aggregate-scores",
        "--exit-zero",
        "--cases",
        str(CASES),
        "--roster",
        str(ROSTER),
        "--adjudications",
        str(EX / "synthetic_adjudications.jsonl"),
        str(EX / "synthetic_reviewer_scores.jsonl"),
    )
    report = tmp_path / "report.html"
    rendered = subprocess.run(
        [str(BIN / "cap-render-report"), "--html", "--roster", str(ROSTER), "-o", str(report)],
        input=aggregated.stdout,
        capture_output=True,
        timeout=60,
    )
    assert rendered.returncode == 0, rendered.stderr.decode()
    form_browser.get(report.as_uri())
    assert problems_logged(form_browser) == []
    cells = form_browser.find_elements(By.CSS_SELECTOR, "table.heat td[class^='heat-']")
    # three counted CAP-Med reviewers: each of the three pairs once, and one blank cell
    assert len(cells) == 4
    assert len(form_browser.find_elements(By.CSS_SELECTOR, "table.heat td.heat-blank")) == 1
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for title, name in (
        ("Agreement per reviewer", "report-reviewers-1400.png"),
        ("Adjudications", "report-adjudications-1400.png"),
    ):
        form_browser.execute_script(
            "[...document.querySelectorAll('h3')].find(h => h.textContent === arguments[0])"
            ".scrollIntoView()",
            title,
        )
        form_browser.save_screenshot(str(SCREENSHOTS / name))


def cases_file(folder: Path, count: int) -> Path:
    """``count`` cases made from the shipped ones (new ids, one Arabic output), for scale."""
    shipped = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()]
    shipped = [case for case in shipped if case["case_id"] != "cap-med-example-009"]
    path = folder / f"cases-{count}.jsonl"
    with path.open("w", encoding="utf-8") as out:
        for number in range(count):
            case = dict(shipped[number % len(shipped)])
            case["case_id"] = f"cap-med-scale-{number:04d}"
            if number == 0:
                case["candidate_output"] = "لا أستطيع تشخيصك من هذه المحادثة."
            out.write(json.dumps(case, ensure_ascii=False) + "\n")
    return path


def made_form(folder: Path, count: int) -> Path:
    path = folder / f"form-{count}.html"
    done = run_cmd(
        "cap-review-form",
        "--roster",
        str(ROSTER),
        "--reviewer",
        REVIEWER,
        str(cases_file(folder, count)),
        "-o",
        str(path),
    )
    assert done.returncode == 0, done.stderr.decode()
    return path


@pytest.mark.parametrize("width", (1400, 400))
def test_form_on_a_phone_and_a_desktop(form, browser, axe, screenshot, checks, width):
    """axe-core finds nothing; at either width the progress and the export stay on screen
    while the reviewer works far down the page, and what Export says is seen there."""
    driver = browser(width)
    driver.get(form.as_uri())
    assert axe(driver) == []
    assert checks.horizontal_overflow(driver) == 0
    # the five score chips of a criterion sit on one line, each one target
    chips = section(driver, 2).find_elements(By.CSS_SELECTOR, "fieldset.criterion")[0]
    tops = {chip.rect["y"] for chip in chips.find_elements(By.CSS_SELECTOR, "label.choice")}
    assert len(tops) == 1, "a score chip wrapped onto a second line"
    chip = chips.find_elements(By.CSS_SELECTOR, "label.choice")[-1]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
    # a click on the chip's edge, away from the radio and the digit, still scores
    driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "document.elementFromPoint(r.right - 3, r.bottom - 3).click()",
        chip,
    )
    assert chip.find_element(By.CSS_SELECTOR, "input").is_selected()
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight * 0.8)")
    driver.find_element(By.ID, "export").click()
    message = driver.find_element(By.ID, "message")
    assert message.text.startswith("Nothing to export yet")
    assert checks.in_first_viewport(driver, "#message")
    assert checks.in_first_viewport(driver, "#progress")
    assert driver.execute_script(
        "return document.getElementById('message').getBoundingClientRect().top >= 0"
    )
    screenshot(driver, f"review-form-{width}-after-export", full_page=False)


def test_right_to_left_output_reads_right_to_left(tmp_path, browser):
    driver = browser(400)
    driver.get(made_form(tmp_path, 2).as_uri())
    output = driver.find_element(By.CSS_SELECTOR, "#case-1 blockquote.output")
    direction = driver.execute_script("return getComputedStyle(arguments[0]).direction", output)
    assert direction == "rtl"


def test_keystroke_cost_does_not_grow_with_the_cases(tmp_path, browser, capsys):
    """Typing a note costs the same at 50 and 600 cases: only the case typed in is read and
    drawn, and the draft is stored once typing pauses. The cost is reported, and only its
    growth asserted (a loaded machine is slow at any size)."""
    costs = {}
    for count in (50, 600):
        driver = browser(1400)
        driver.get(made_form(tmp_path, count).as_uri())
        costs[count] = driver.execute_script(
            "const area = document.querySelector('#case-1 textarea');"
            "const started = performance.now();"
            "for (let i = 0; i < 40; i++) {"
            "  area.value += 'x';"
            "  area.dispatchEvent(new Event('input', {bubbles: true}));"
            "}"
            "return (performance.now() - started) / 40;"
        )
        driver.quit()
    with capsys.disabled():
        print(
            "\nkeystroke cost: "
            + ", ".join(f"{cost:.2f} ms at {count} cases" for count, cost in costs.items())
        )
    assert costs[600] < max(5 * costs[50], 2.0)
