(function () {
  "use strict";
  var root = document.getElementById("review-form");
  var key = root.getAttribute("data-storage-key");
  var reviewerId = root.getAttribute("data-reviewer-id");
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.case"));
  var message = document.getElementById("message");
  var progress = document.getElementById("progress");
  var progressText = document.getElementById("progress-text");
  var dialog = document.getElementById("dialog");
  var bar = document.querySelector("header.bar");
  var byId = Object.create(null);  // case id -> its section
  sections.forEach(function (section) { byId[section.getAttribute("data-case-id")] = section; });
  var storage = null;
  try {
    storage = window.localStorage;
    storage.getItem(key);
  } catch (err) {
    storage = null;
  }

  function say(text, problem, what) {
    message.textContent = text;
    message.setAttribute("data-said", what || "");
    message.className = problem ? "problem" : "";
    measureBar();
  }
  function each(list, fn) { Array.prototype.forEach.call(list, fn); }
  function own(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
  function idsOf(list, limit) {
    var shown = list.slice(0, limit).join(", ");
    return list.length > limit ? shown + " and " + (list.length - limit) + " more" : shown;
  }

  function stateOf(section) {
    var state = { scores: {}, flags: [], notes: "", complete: true, touched: false };
    each(section.querySelectorAll("fieldset.criterion"), function (fieldset) {
      var checked = fieldset.querySelector("input[type=radio]:checked");
      if (checked) {
        state.scores[fieldset.getAttribute("data-criterion")] = parseInt(checked.value, 10);
        state.touched = true;
      } else {
        state.complete = false;
      }
    });
    each(section.querySelectorAll("fieldset.flags input[type=checkbox]"), function (box) {
      if (box.checked) { state.flags.push(box.value); state.touched = true; }
    });
    state.notes = section.querySelector("textarea").value;
    if (state.notes.trim()) { state.touched = true; }
    return state;
  }

  function drafts() {
    if (!storage) { return {}; }
    try {
      var data = JSON.parse(storage.getItem(key) || "{}");
      return data && typeof data.cases === "object" && data.cases ? data.cases : {};
    } catch (err) {
      return {};
    }
  }

  // The drafts in memory; a change rewrites only its own case's entry, and storage is
  // written once typing pauses, so a keystroke costs the same with 6 cases or 600.
  var kept = null;
  var pending = null;

  function enter(section) {
    if (!storage) { return; }
    if (kept === null) { kept = drafts(); }
    var id = section.getAttribute("data-case-id");
    var state = stateOf(section);
    if (state.touched) {
      kept[id] = { case_sha256: section.getAttribute("data-case-sha256"), scores: state.scores,
                   flags: state.flags, notes: state.notes };
    } else if (kept[id] && kept[id].case_sha256 === section.getAttribute("data-case-sha256")) {
      delete kept[id];
    }
  }

  function flush() {
    if (pending !== null) { clearTimeout(pending); }
    pending = null;
    if (!storage || kept === null) { return; }
    try {
      storage.setItem(key, JSON.stringify({ version: 1, cases: kept }));
    } catch (err) {
      say("The draft could not be kept in this browser (" + err.name + "). Save a draft file or export before closing the page.", true);
    }
  }

  function save(section) {
    if (section) { enter(section); } else { sections.forEach(enter); }
    if (pending !== null) { clearTimeout(pending); }
    pending = setTimeout(flush, 250);
  }

  // Put a draft's answers on a case's inputs (checked as it comes: only this case's
  // criteria, scores and flags are set; text goes in as a value, never as markup).
  function fill(section, draft) {
    var scores = draft.scores || {};
    each(section.querySelectorAll("fieldset.criterion"), function (fieldset) {
      var name = fieldset.getAttribute("data-criterion");
      var value = own(scores, name) ? String(scores[name]) : null;
      each(fieldset.querySelectorAll("input[type=radio]"), function (radio) {
        radio.checked = value === radio.value;
      });
    });
    var flags = Array.isArray(draft.flags) ? draft.flags : [];
    each(section.querySelectorAll("fieldset.flags input[type=checkbox]"), function (box) {
      box.checked = flags.indexOf(box.value) >= 0;
    });
    section.querySelector("textarea").value = typeof draft.notes === "string" ? draft.notes : "";
  }

  function restore() {
    var all = drafts();
    var restored = 0;
    var changed = [];
    sections.forEach(function (section) {
      var id = section.getAttribute("data-case-id");
      if (!own(all, id)) { return; }
      var draft = all[id];
      if (!draft || draft.case_sha256 !== section.getAttribute("data-case-sha256")) {
        changed.push(id);
        return;
      }
      fill(section, draft);
      restored += 1;
    });
    var parts = [];
    if (restored) { parts.push("Draft restored for " + restored + " case(s) from this browser."); }
    if (changed.length) {
      parts.push("These cases changed since your draft, so their draft was not restored: " + changed.join(", ") + ".");
    }
    if (!storage) { parts.push("This browser does not keep drafts for this page: save a draft file or export before closing it."); }
    if (parts.length) { say(parts.join(" "), changed.length > 0 || !storage); }
  }

  var kinds = {};  // section id -> "done" | "started" | "todo", as last drawn
  var done = 0;  // how many of them are "done"
  var badges = {};  // section id -> its badges (the case's heading, the list of cases)
  each(document.querySelectorAll("[data-state-of]"), function (badge) {
    var id = badge.getAttribute("data-state-of");
    (badges[id] = badges[id] || []).push(badge);
  });

  function draw(section) {
    var state = stateOf(section);
    var kind = state.complete ? "done" : state.touched ? "started" : "todo";
    if (kinds[section.id] === kind) { return; }
    if (kinds[section.id] === "done") { done -= 1; }
    if (kind === "done") {
      done += 1;
      if (message.getAttribute("data-said") === "nothing") { say("", false); }  // no longer true
    }
    kinds[section.id] = kind;
    var label = state.complete ? "complete" : state.touched ? "in progress" : "to do";
    (badges[section.id] || []).forEach(function (badge) {
      badge.textContent = label;
      badge.className = "state " + kind;
    });
  }

  function update(section) {
    if (section) { draw(section); } else { sections.forEach(draw); }
    progress.value = done;
    progressText.textContent = done + " of " + sections.length + " cases complete";
    return done;
  }

  // -- the dialog: a question with its answers (the export's and the import's) ---------------
  var answers = {};
  function ask(title, body, ok, alternative, cancel) {
    document.getElementById("dialog-title").textContent = title;
    var holder = document.getElementById("dialog-body");
    while (holder.firstChild) { holder.removeChild(holder.firstChild); }
    body.forEach(function (part) { holder.appendChild(part); });
    var okButton = document.getElementById("dialog-ok");
    var altButton = document.getElementById("dialog-alternative");
    okButton.textContent = ok.label;
    altButton.hidden = !alternative;
    if (alternative) { altButton.textContent = alternative.label; }
    document.getElementById("dialog-cancel").textContent = cancel || "Cancel";
    answers = { ok: ok.then, alternative: alternative ? alternative.then : null };
    if (typeof dialog.showModal === "function") { dialog.showModal(); } else { dialog.setAttribute("open", ""); }
    okButton.focus();
  }
  function answer(which) {
    var then = answers[which];
    answers = {};
    if (dialog.open) { dialog.close(); }
    if (then) { then(); }
  }
  function paragraph(text) {
    var p = document.createElement("p");
    p.textContent = text;
    return p;
  }
  function idList(title, ids) {
    var box = document.createElement("div");
    box.className = "id-list";
    box.appendChild(paragraph(title));
    var list = document.createElement("ul");
    list.tabIndex = 0;  // a long list scrolls: reachable by keyboard too
    ids.forEach(function (id) {
      var item = document.createElement("li");
      var code = document.createElement("code");
      code.textContent = id;
      item.appendChild(code);
      list.appendChild(item);
    });
    box.appendChild(list);
    return box;
  }

  // -- export ----------------------------------------------------------------------------------
  function exportReviews() {
    var lines = [];
    var incomplete = [];
    var untouched = [];
    sections.forEach(function (section) {
      var state = stateOf(section);
      var id = section.getAttribute("data-case-id");
      if (!state.complete) {
        (state.touched ? incomplete : untouched).push(id);
        return;
      }
      var review = {
        case_id: id,
        reviewer_id: reviewerId,
        reviewer_role: root.getAttribute("data-reviewer-role"),
        synthetic: section.getAttribute("data-synthetic") === "true",
        scores: state.scores,
        blocking_flags: state.flags
      };
      if (state.notes.trim()) { review.notes = state.notes.trim(); }
      review.case_sha256 = section.getAttribute("data-case-sha256");
      lines.push(JSON.stringify(review));
    });
    return { text: lines.length ? lines.join("\n") + "\n" : "", count: lines.length,
             incomplete: incomplete, untouched: untouched };
  }

  function downloadText(text, name, type) {
    var url = URL.createObjectURL(new Blob([text], { type: type }));
    var link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  function download(result) {
    var name = root.getAttribute("data-export-name");
    downloadText(result.text, name, "application/x-ndjson");
    var text = "Exported " + result.count + " review(s) to " + name + ".";
    if (result.incomplete.length) {
      text += " Not exported, in progress: " + idsOf(result.incomplete, 5) + ".";
    }
    if (result.untouched.length) {
      text += " Not started: " + result.untouched.length + " case(s).";
    }
    say(text, false);
  }

  function requestExport() {
    var result = exportReviews();
    if (!result.count) {
      say("Nothing to export yet: a case is exported once every criterion has a score.", true, "nothing");
      return;
    }
    if (!result.incomplete.length && !result.untouched.length) {
      download(result);
      return;
    }
    var body = [paragraph(result.count + " of " + sections.length + " cases are complete and will be exported. These are not, and will not be:")];
    if (result.incomplete.length) {
      body.push(idList("In progress (" + result.incomplete.length + "), a criterion has no score:", result.incomplete));
    }
    if (result.untouched.length) {
      body.push(idList("Not started (" + result.untouched.length + "):", result.untouched));
    }
    ask("Export " + result.count + " complete case(s) only?", body,
        { label: "Export " + result.count + " complete", then: function () { download(exportReviews()); } },
        null, "Keep reviewing");
  }

  // -- the draft as a file, and importing one (or an earlier export) -------------------------
  var DRAFT_FORMAT = "capeval-review-form-draft";
  function saveDraftFile() {
    var cases = {};
    var count = 0;
    sections.forEach(function (section) {
      var state = stateOf(section);
      if (!state.touched) { return; }
      cases[section.getAttribute("data-case-id")] = {
        case_sha256: section.getAttribute("data-case-sha256"), scores: state.scores,
        flags: state.flags, notes: state.notes };
      count += 1;
    });
    if (!count) {
      say("Nothing to save yet: no case has an answer.", true);
      return;
    }
    var name = root.getAttribute("data-draft-name");
    downloadText(JSON.stringify({ format: DRAFT_FORMAT, version: 1, reviewer_id: reviewerId, cases: cases }, null, 1) + "\n",
                 name, "application/json");
    say("Saved the draft of " + count + " case(s) to " + name + ": import it in this form on the other machine.", false);
  }

  var MAX_IMPORT_BYTES = 32 * 1024 * 1024;

  // The entries a file holds, as {where, id, answer}: a draft file (one JSON object) or
  // Review JSON Lines (an export). Only JSON.parse reads it: nothing in it is run.
  function entriesOf(text, problems) {
    var entries = [];
    var whole = null;
    try { whole = JSON.parse(text); } catch (err) { whole = null; }
    if (whole && typeof whole === "object" && !Array.isArray(whole) && whole.format === DRAFT_FORMAT) {
      if (whole.reviewer_id !== reviewerId) {
        problems.push("the draft is reviewer " + String(whole.reviewer_id) + "'s, and this form is " + reviewerId + "'s");
        return entries;
      }
      var cases = whole.cases && typeof whole.cases === "object" ? whole.cases : {};
      Object.keys(cases).forEach(function (id) {
        var draft = cases[id];
        if (!draft || typeof draft !== "object") { problems.push("case " + id + ": not a draft entry"); return; }
        entries.push({ where: "case " + id, id: id, answer: {
          case_sha256: draft.case_sha256, scores: draft.scores, flags: draft.flags, notes: draft.notes } });
      });
      return entries;
    }
    text.split(/\r?\n/).forEach(function (line, index) {
      var where = "line " + (index + 1);
      if (!line.trim()) { return; }
      var review;
      try { review = JSON.parse(line); } catch (err) { problems.push(where + ": not JSON"); return; }
      if (!review || typeof review !== "object" || Array.isArray(review) || typeof review.case_id !== "string") {
        problems.push(where + ": not a review (no case_id)");
        return;
      }
      if (review.reviewer_id !== reviewerId) {
        problems.push(where + ": a review by " + String(review.reviewer_id) + ", not by " + reviewerId);
        return;
      }
      entries.push({ where: where, id: review.case_id, answer: {
        case_sha256: review.case_sha256, scores: review.scores, flags: review.blocking_flags, notes: review.notes } });
    });
    return entries;
  }

  // What of an entry this form can take: its case, its hash, each score within the case's
  // criteria and scale, each flag offered for the case; the rest is a problem, by name.
  function checked(entry, problems) {
    var section = own(byId, entry.id) ? byId[entry.id] : null;
    var answer = entry.answer;
    if (!section) { problems.push(entry.where + ": case " + entry.id + " is not in this form"); return null; }
    if (answer.case_sha256 !== undefined && answer.case_sha256 !== section.getAttribute("data-case-sha256")) {
      problems.push(entry.where + ": case " + entry.id + " has changed since (another case_sha256)");
      return null;
    }
    var scores = {};
    var given = answer.scores && typeof answer.scores === "object" && !Array.isArray(answer.scores) ? answer.scores : {};
    if (answer.scores !== undefined && given !== answer.scores) { problems.push(entry.where + ": scores is not an object"); }
    Object.keys(given).forEach(function (name) {
      var fieldset = null;
      each(section.querySelectorAll("fieldset.criterion"), function (f) {
        if (f.getAttribute("data-criterion") === name) { fieldset = f; }
      });
      var value = given[name];
      var fits = fieldset && typeof value === "number" && Math.floor(value) === value &&
        Array.prototype.some.call(fieldset.querySelectorAll("input[type=radio]"), function (r) { return r.value === String(value); });
      if (!fieldset) { problems.push(entry.where + ": criterion " + name + " is not scored in case " + entry.id); }
      else if (!fits) { problems.push(entry.where + ": " + name + " = " + String(value) + " is not a score of this form"); }
      else { scores[name] = value; }
    });
    var offered = Array.prototype.map.call(section.querySelectorAll("fieldset.flags input[type=checkbox]"), function (box) { return box.value; });
    var flags = [];
    (Array.isArray(answer.flags) ? answer.flags : []).forEach(function (flag) {
      if (offered.indexOf(flag) >= 0) { flags.push(flag); }
      else { problems.push(entry.where + ": flag " + String(flag) + " is not offered for case " + entry.id); }
    });
    var notes = typeof answer.notes === "string" ? answer.notes : "";
    return { section: section, draft: { scores: scores, flags: flags, notes: notes } };
  }

  function importText(text, name) {
    var problems = [];
    var accepted = [];
    var seen = Object.create(null);
    entriesOf(text, problems).forEach(function (entry) {
      var found = checked(entry, problems);
      if (!found) { return; }
      if (seen[entry.id]) { problems.push(entry.where + ": case " + entry.id + " again (the later one is kept)"); }
      seen[entry.id] = true;
      accepted.push(found);
    });
    if (!accepted.length) {
      say("Nothing imported from " + name + ": " + (problems.length ? idsOf(problems, 5) : "it holds no review or draft") + ".", true);
      return;
    }
    var body = [paragraph(name + " holds answers for " + accepted.length + " case(s) of this form.")];
    if (problems.length) { body.push(idList("Left out (" + problems.length + "):", problems)); }
    body.push(paragraph("Merge: the file's answers replace yours for those cases; your other cases stay as they are. Replace: the form becomes the file; every other case is cleared."));
    function apply(replace) {
      if (replace) {
        sections.forEach(function (section) { fill(section, {}); });
      }
      accepted.forEach(function (found) { fill(found.section, found.draft); });
      save();
      flush();
      update();
      var text = "Imported " + accepted.length + " case(s) from " + name + (replace ? ", replacing the form's answers." : ", merged into the form.");
      if (problems.length) { text += " Left out: " + idsOf(problems, 3) + "."; }
      say(text, problems.length > 0);
    }
    ask("Import " + accepted.length + " case(s) from " + name + "?", body,
        { label: "Merge", then: function () { apply(false); } },
        { label: "Replace", then: function () { apply(true); } });
  }

  function importFile(input) {
    var file = input.files && input.files[0];
    if (!file) { return; }
    input.value = "";
    if (file.size > MAX_IMPORT_BYTES) {
      say("Nothing imported: " + file.name + " is larger than 32 MiB.", true);
      return;
    }
    var reader = new FileReader();
    reader.onload = function () { importText(String(reader.result), file.name); };
    reader.onerror = function () { say("Could not read " + file.name + ".", true); };
    reader.readAsText(file);
  }

  function discard() {
    ask("Discard the draft of every case in this form?", [paragraph("This clears every answer in this form and in this browser's draft. It cannot be undone; a saved draft file or an export stays as it is.")],
        { label: "Discard the draft", then: function () {
          sections.forEach(function (section) { fill(section, {}); });
          if (storage) {
            kept = drafts();
            sections.forEach(function (section) { delete kept[section.getAttribute("data-case-id")]; });
            flush();
          }
          update();
          say("Draft discarded.", false);
        } }, null, "Keep the draft");
  }

  // -- moving between cases, one at a time or all, and the keys -----------------------------
  var current = sections[0] || null;
  var oneCase = document.getElementById("one-case");
  function showCase(section, focusHeading) {
    if (!section) { return; }
    if (root.classList.contains("one-case")) {
      if (current) { current.classList.remove("current"); }
      section.classList.add("current");
    }
    current = section;
    section.scrollIntoView({ block: "start" });
    if (focusHeading) { section.querySelector("h2").focus({ preventScroll: true }); }
  }
  function currentSection() {
    var active = document.activeElement;
    var section = active && active.closest ? active.closest("section.case") : null;
    return section || current;
  }
  function step(delta) {
    var index = sections.indexOf(currentSection());
    var next = sections[Math.max(0, Math.min(sections.length - 1, index + delta))];
    if (next) { showCase(next, true); }
  }
  function nextIncomplete() {
    var index = sections.indexOf(currentSection());
    for (var i = 1; i <= sections.length; i += 1) {
      var section = sections[(index + i) % sections.length];
      if (kinds[section.id] !== "done") { showCase(section, true); return; }
    }
    say("Every case is complete: export your reviews.", false);
  }
  function setOneCase(on) {
    if (storage) {
      try { storage.setItem(key + ":view", on ? "one-case" : "all"); } catch (err) { /* a preference only */ }
    }
    root.classList.toggle("one-case", on);
    oneCase.setAttribute("aria-pressed", on ? "true" : "false");
    sections.forEach(function (section) { section.classList.remove("current"); });
    if (on && current) { current.classList.add("current"); }
    if (current) { showCase(current, false); }
  }

  // A digit scores the criterion that has the focus, else the current case's first
  // criterion without a score; the focus then moves to the case's next criterion.
  function scoreWith(value) {
    var section = currentSection();
    if (!section) { return false; }
    var active = document.activeElement;
    var fieldset = active && active.closest ? active.closest("fieldset.criterion") : null;
    var all = Array.prototype.slice.call(section.querySelectorAll("fieldset.criterion"));
    if (!fieldset || all.indexOf(fieldset) < 0) {
      fieldset = all.filter(function (f) { return !f.querySelector("input:checked"); })[0] || all[0];
    }
    if (!fieldset) { return false; }
    var radio = fieldset.querySelector("input[type=radio][value='" + value + "']");
    if (!radio) { return false; }
    radio.checked = true;
    save(section);
    update(section);
    var next = all[all.indexOf(fieldset) + 1];
    var target = next ? (next.querySelector("input:checked") || next.querySelector("input[type=radio]")) : radio;
    target.focus();
    return true;
  }
  function typing(element) {
    if (!element || !element.tagName) { return false; }
    var tag = element.tagName.toLowerCase();
    if (tag === "textarea" || tag === "select" || element.isContentEditable) { return true; }
    return tag === "input" && ["radio", "checkbox", "button", "submit", "reset"].indexOf(element.type) < 0;
  }
  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) { return; }
    if (dialog.open || typing(event.target)) { return; }
    var pressed = event.key;
    var handled = true;
    if (/^[0-9]$/.test(pressed)) { handled = scoreWith(parseInt(pressed, 10)); }
    else if (pressed === "j" || pressed === "J") { step(1); }
    else if (pressed === "k" || pressed === "K") { step(-1); }
    else if (pressed === "n" || pressed === "N") { nextIncomplete(); }
    else { handled = false; }
    if (handled) { event.preventDefault(); }
  });
  root.addEventListener("focusin", function (event) {
    var section = event.target.closest ? event.target.closest("section.case") : null;
    if (section) { current = section; }
  });
  window.addEventListener("hashchange", function () {
    var target = document.getElementById(location.hash.slice(1));
    if (target && sections.indexOf(target) >= 0) { showCase(target, true); }
  });

  function changed(event) {
    var section = event.target.closest ? event.target.closest("section.case") : null;
    if (!section) { return; }
    save(section);
    update(section);
  }
  // each case's rubric is a <form> of its own: Chromium then scans one case's controls, not
  // every control of the page, on each keystroke; nothing is ever submitted
  root.addEventListener("submit", function (event) { event.preventDefault(); });
  root.addEventListener("change", changed);
  root.addEventListener("input", changed);
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { flush(); }
  });
  each(document.querySelectorAll("button.export"), function (button) {
    button.addEventListener("click", requestExport);
  });
  document.getElementById("discard").addEventListener("click", discard);
  document.getElementById("save-draft").addEventListener("click", saveDraftFile);
  document.getElementById("import").addEventListener("change", function (event) { importFile(event.target); });
  document.getElementById("previous-case").addEventListener("click", function () { step(-1); });
  document.getElementById("next-case").addEventListener("click", function () { step(1); });
  document.getElementById("next-incomplete").addEventListener("click", nextIncomplete);
  oneCase.addEventListener("click", function () { setOneCase(!root.classList.contains("one-case")); });
  document.getElementById("dialog-ok").addEventListener("click", function () { answer("ok"); });
  document.getElementById("dialog-alternative").addEventListener("click", function () { answer("alternative"); });
  document.getElementById("dialog-cancel").addEventListener("click", function () { answer("cancel"); });
  dialog.addEventListener("cancel", function () { answers = {}; });
  // the bar's height as --bar (CSSOM, which the CSP allows): the scroll padding under it
  function measureBar() {
    document.documentElement.style.setProperty("--bar", bar.offsetHeight + "px");
  }
  window.addEventListener("resize", measureBar);
  restore();
  update();
  measureBar();
  // the view the reviewer left the form in (this browser's preference, not part of the draft)
  if (storage && storage.getItem(key + ":view") === "one-case") { setOneCase(true); }
  window.capevalReviewForm = { exportReviews: exportReviews, progress: update, importText: importText };
}());
