# capeval — `make demo` and `make test` work on a fresh clone: both build .venv/ first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEV := evals/i18n-prompt/cases/dev
BASE := evals/i18n-prompt/baselines
EX := examples/domain_semantic_quality
DJANGO_DEMO := tests/data/catalogs/django/conf/fr/LC_MESSAGES/django.po \
  tests/data/catalogs/django/admin/de/LC_MESSAGES/django.po
DJANGO_FR := tests/data/catalogs/django/admin/fr/LC_MESSAGES/django.po \
  tests/data/catalogs/django/admin/fr/LC_MESSAGES/djangojs.po
DJANGO_FIX := tests/data/catalogs/django/admindocs/fr/LC_MESSAGES/django.po
CATS := examples/catalogs

.PHONY: install demo test test-browser lint docs evals bench fuzz schemas golden realdata clean

install: $(STAMP)
	@# PYTHONDONTWRITEBYTECODE may be set here; byte-compile so every filter starts fast.
	@$(BIN)/python -m compileall -q lib >/dev/null

# Reinstall only when packaging or commands change; the library is an editable install.
$(STAMP): setup.cfg pyproject.toml $(wildcard bin/cap-*)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip >/dev/null
	$(BIN)/python -m pip install -q -e '.[test]'
	@# the review protocol's commands say `source venv/bin/activate`: the same environment
	ln -sfn $(VENV) venv
	touch $@

demo: install
	@echo '== cap-validate | cap-check on the placeholder dev set (first 5 results) =='
	$(BIN)/cap-validate $(DEV)/placeholders.jsonl \
	  | $(BIN)/cap-check --exit-zero --candidates $(BASE)/placeholders.candidates.jsonl \
	  | head -5
	@echo
	@echo '== failing results of the whole dev suite, by code =='
	cat $(BASE)/*.candidates.jsonl > $(VENV)/demo-candidates.jsonl
	cat $(DEV)/*.jsonl | $(BIN)/cap-validate -q \
	  | $(BIN)/cap-check -q --exit-zero --candidates $(VENV)/demo-candidates.jsonl \
	  | $(BIN)/python -c 'import sys,json,collections; c=collections.Counter(json.loads(l)["code"] for l in sys.stdin); [print(f"{n:5d}  {k}") for k,n in sorted(c.items())]'
	@echo
	@echo '== cap-import: real Django catalog excerpts (French, German), their catalog findings and failures =='
	for po in $(DJANGO_DEMO); do \
	  $(BIN)/cap-import -q --license BSD-3-Clause --source pkg:pypi/django@5.2.19 \
	    $$po --candidates $(VENV)/demo-django.cands.jsonl \
	  | $(BIN)/cap-validate -q \
	  | $(BIN)/cap-check -q --exit-zero --candidates $(VENV)/demo-django.cands.jsonl \
	  | $(BIN)/python -c 'import sys,json; [print(r["case_id"], r["code"], r["message"]) for r in map(json.loads, sys.stdin) if not r["passed"]]'; \
	done
	@echo
	@echo '== cap-consistency: one source translated two ways, one translation of two sources (real Django admin catalogs, French) =='
	rm -f $(VENV)/demo-fr.cands.jsonl $(VENV)/demo-fr.cases.jsonl
	for po in $(DJANGO_FR); do \
	  $(BIN)/cap-import -q --license BSD-3-Clause --source pkg:pypi/django@5.2.19 \
	    --id-prefix $$(echo $$po | cut -d/ -f5)-$$(basename $$po .po) $$po --candidates $(VENV)/demo.cands.jsonl >> $(VENV)/demo-fr.cases.jsonl; \
	  cat $(VENV)/demo.cands.jsonl >> $(VENV)/demo-fr.cands.jsonl; \
	done
	$(BIN)/cap-consistency --candidates $(VENV)/demo-fr.cands.jsonl $(VENV)/demo-fr.cases.jsonl \
	  | $(BIN)/python -c 'import sys,json; [print(r["code"], "|", r["message"]) for r in map(json.loads, sys.stdin)]'
	@echo
	@echo '== cap-fix: safe suggestions applied, and a patch of the catalogs (synthetic PO, JSON, ARB, Android, XLIFF; real Django admindocs) =='
	rm -rf build/demo/fix && mkdir -p build/demo/fix && cp -r $(CATS)/* build/demo/fix/
	mkdir -p build/demo/fix/django && cp $(DJANGO_FIX) build/demo/fix/django/fr.po
	cd build/demo/fix && for set in po/fr.po 'json/en.json json/fr.json' 'arb/app_en.arb arb/app_fr.arb' \
	    'android/values/strings.xml android/values-fr/strings.xml' xliff/fr.xlf django/fr.po; do \
	  case $$set in django/*) origin='--license BSD-3-Clause --source pkg:pypi/django@5.2.19';; \
	    *) origin='--provenance-kind synthetic';; esac; \
	  $(CURDIR)/$(BIN)/cap-import -q $$origin --assertions assertions.yaml $$set --candidates c.jsonl > cases.jsonl; \
	  $(CURDIR)/$(BIN)/cap-check -q --exit-zero --candidates c.jsonl cases.jsonl \
	    | $(CURDIR)/$(BIN)/cap-fix --cases cases.jsonl --candidates c.jsonl --patch fix.diff > fixed.jsonl || exit 1; \
	  cat fix.diff; patch -p1 --quiet < fix.diff || exit 1; \
	done
	@echo 'patched catalogs: build/demo/fix/ (a copy: the shipped ones are never written)'
	@echo
	@echo '== cap-aggregate-scores: CAP-Med synthetic examples, with the reviewer roster =='
	$(BIN)/cap-aggregate-scores --cases $(EX)/cap_med_synthetic_cases.jsonl \
	  --roster $(EX)/roster.jsonl $(EX)/synthetic_reviewer_scores.jsonl
	@echo
	@echo '== cap-aggregate-scores: CAP-SWE synthetic examples, with the planning checklist =='
	$(BIN)/cap-aggregate-scores --cases $(EX)/cap_swe_synthetic_cases.jsonl --roster $(EX)/roster.jsonl \
	  --config config/domain_semantic_quality.example.yaml $(EX)/synthetic_reviewer_scores.jsonl
	@echo
	@echo '== cap-assign: the assignment map for the shipped cases (2 reviewers a case, seed 7) =='
	cat $(EX)/cap_med_synthetic_cases.jsonl $(EX)/cap_swe_synthetic_cases.jsonl $(EX)/cap_med_gold_cases.jsonl \
	  | $(BIN)/cap-assign --roster $(EX)/roster.jsonl --seed 7 \
	  | $(BIN)/python -c 'import sys,json; [print("{:26s} {:2d}  {}".format(r["reviewer_id"], len(r["assignments"]), " ".join(r["assignments"]))) for r in map(json.loads, sys.stdin)]'
	@echo
	@echo '== cap-aggregate-scores: calibration of each reviewer on the gold cases (CAP-Med) =='
	cat $(EX)/cap_med_synthetic_cases.jsonl $(EX)/cap_med_gold_cases.jsonl > $(VENV)/demo-med-with-gold.jsonl
	$(BIN)/cap-aggregate-scores -q --exit-zero --cases $(VENV)/demo-med-with-gold.jsonl --roster $(EX)/roster.jsonl \
	  $(EX)/synthetic_reviewer_scores.jsonl $(EX)/synthetic_gold_reviews.jsonl \
	  | $(BIN)/python -c 'import sys,json; [print(json.dumps(r)) for r in map(json.loads, sys.stdin) if r.get("kind") == "reviewer_calibration"]'
	@echo
	@echo '== cap-render-report: the human-readable review report (first 60 lines) =='
	$(BIN)/cap-aggregate-scores -q --exit-zero --cases $(EX)/cap_med_synthetic_cases.jsonl \
	  --roster $(EX)/roster.jsonl $(EX)/synthetic_reviewer_scores.jsonl \
	  | $(BIN)/cap-render-report --roster $(EX)/roster.jsonl | head -60
	@echo
	mkdir -p build/demo
	@echo '== cap-aggregate-scores --adjudications: adjudicated cases and agreement per reviewer (CAP-Med) =='
	$(BIN)/cap-aggregate-scores -q --cases $(EX)/cap_med_synthetic_cases.jsonl --roster $(EX)/roster.jsonl \
	  --adjudications $(EX)/synthetic_adjudications.jsonl $(EX)/synthetic_reviewer_scores.jsonl \
	  | $(BIN)/python -c 'import sys,json; rs=[json.loads(l) for l in sys.stdin]; \
	    [print("{:22s} {:15s} {}".format(r["case_id"], r["status"], r["reasons"])) for r in rs if r["kind"] == "case_verdict" and r["adjudications"]]; \
	    [print("{:26s} n={:3d} mean deviation {:+.4f} (abs {:.4f}) outlier={}".format(r["reviewer_id"], r["n"], r["mean_deviation"], r["mean_abs_deviation"], r["outlier"])) for r in rs if r["kind"] == "reviewer_agreement"]'
	$(BIN)/cap-aggregate-scores -q --exit-zero --cases $(EX)/cap_med_synthetic_cases.jsonl --roster $(EX)/roster.jsonl \
	  --adjudications $(EX)/synthetic_adjudications.jsonl --follow-ups $(EX)/synthetic_follow_ups.jsonl \
	  $(EX)/synthetic_reviewer_scores.jsonl \
	  | $(BIN)/cap-render-report -q --html --roster $(EX)/roster.jsonl --cases $(EX)/cap_med_synthetic_cases.jsonl \
	    --reviews $(EX)/synthetic_reviewer_scores.jsonl > build/demo/review-report-cap-med.html
	@echo 'HTML report with the adjudications, follow-ups, the reviewer heat map and a drill-down per case: build/demo/review-report-cap-med.html'
	@echo
	@echo '== cap-review-form: offline review forms for the synthetic cases (open them in a browser) =='
	mkdir -p build/demo
	$(BIN)/cap-review-form --roster $(EX)/roster.jsonl --reviewer synthetic-med-reviewer-c \
	  $(EX)/cap_med_synthetic_cases.jsonl -o build/demo/review-form-synthetic-med-reviewer-c.html
	$(BIN)/cap-review-form --roster $(EX)/roster.jsonl --reviewer synthetic-swe-reviewer-a \
	  --config config/domain_semantic_quality.example.yaml \
	  $(EX)/cap_swe_synthetic_cases.jsonl -o build/demo/review-form-synthetic-swe-reviewer-a.html
	@ls -l build/demo/review-form-*.html
	@echo
	@echo '== the harness commands (python -m cap_protocol...): a thin alias of cap-aggregate-scores --format json =='
	$(BIN)/python -m cap_protocol.evaluation.semantic_quality \
	  --cases $(EX)/cap_med_synthetic_cases.jsonl --scores $(EX)/synthetic_reviewer_scores.jsonl \
	  | $(BIN)/python -m json.tool | head -40
	$(BIN)/python -m cap_protocol.evaluation.semantic_quality \
	  --cases $(EX)/cap_swe_synthetic_cases.jsonl --scores $(EX)/synthetic_reviewer_scores.jsonl \
	  | $(BIN)/python -m json.tool | head -40

# The eval baselines first, so pytest's summary is the closing line.
test: install
	$(MAKE) --no-print-directory evals
	$(BIN)/python -m pytest -q -n auto tests --ignore=tests/browser

# The HTML reports and the review form in headless Chromium (Debian chromium +
# chromium-driver; selenium from PyPI; axe-core from npm). Screenshots and PDFs go to
# build/screenshots/.
test-browser: install
	$(BIN)/python -m pip install -q -e '.[browser]'
	@# axe-core's npm package (accessibility rules), injected into each page by the tests
	test -f build/node/node_modules/axe-core/axe.min.js \
	  || npm install --no-save --no-audit --no-fund --prefix build/node axe-core@4.14.1 \
	  || echo 'warning: could not install axe-core; the accessibility checks will skip' >&2
	$(BIN)/python -m pytest -q tests/browser

evals: install
	PATH="$(CURDIR)/$(BIN):$$PATH" evals/run

DOCS := README.md $(wildcard docs/*.md)

lint: install
	$(BIN)/ruff check lib bin tests tools
	$(BIN)/ruff format --check lib bin tests tools
	@# the tables generated from the code (--help, codes.py) must be fresh: make docs
	$(BIN)/cog --check -I tools $(DOCS)

# Regenerate the docs tables from the code (options from --help, the code table).
docs: install
	$(BIN)/cog -r -I tools $(DOCS)

bench: install
	$(BIN)/python -m pip install -q -e '.[bench]'
	@# the real workloads come first; without the cache their rows say so and are skipped
	-$(BIN)/python tools/fetch_realdata.py
	$(BIN)/python tools/bench.py

# Rewrite the expected files of the golden cases (tests/cases/) from what the commands do now.
golden: install
	CAPEVAL_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/test_cases.py

# Real catalogs (Django's PO files) into ${CAPEVAL_CACHE:-~/.cache/capeval}, never the repo;
# the tests that use them skip, saying so, when they are absent.
realdata: install
	$(BIN)/python tools/fetch_realdata.py

# Generated hostile input through every parser and filter for FUZZ_SECONDS (default 60);
# prints the worst time per record and the peak memory seen. `make test` runs a short slice.
fuzz: install
	$(BIN)/python tools/fuzz.py

# Regenerate the compiled schema validators after editing lib/capeval/schemas/*.json.
schemas: install
	$(BIN)/python -m capeval.schemas.build
	$(BIN)/python tools/known_locales.py

clean:
	rm -rf $(VENV) lib/*.egg-info
