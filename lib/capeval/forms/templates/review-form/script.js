(function () {
  "use strict";
  var root = document.getElementById("review-form");
  var key = root.getAttribute("data-storage-key");
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.case"));
  var message = document.getElementById("message");
  var progress = document.getElementById("progress");
  var progressText = document.getElementById("progress-text");
  var storage = null;
  try {
    storage = window.localStorage;
    storage.getItem(key);
  } catch (err) {
    storage = null;
  }

  function say(text, problem) {
    message.textContent = text;
    message.className = problem ? "problem" : "";
  }
  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

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
    pending = null;
    if (!storage || kept === null) { return; }
    try {
      storage.setItem(key, JSON.stringify({ version: 1, cases: kept }));
    } catch (err) {
      say("The draft could not be kept in this browser (" + err.name + "). Export your reviews before closing the page.", true);
    }
  }

  function save(section) {
    if (section) { enter(section); } else { sections.forEach(enter); }
    if (pending !== null) { clearTimeout(pending); }
    pending = setTimeout(flush, 250);
  }

  function restore() {
    var all = drafts();
    var restored = 0;
    var changed = [];
    sections.forEach(function (section) {
      var draft = all[section.getAttribute("data-case-id")];
      if (!draft) { return; }
      if (draft.case_sha256 !== section.getAttribute("data-case-sha256")) {
        changed.push(section.getAttribute("data-case-id"));
        return;
      }
      var scores = draft.scores || {};
      each(section.querySelectorAll("fieldset.criterion"), function (fieldset) {
        var value = scores[fieldset.getAttribute("data-criterion")];
        each(fieldset.querySelectorAll("input[type=radio]"), function (radio) {
          radio.checked = String(value) === radio.value;
        });
      });
      var flags = draft.flags || [];
      each(section.querySelectorAll("fieldset.flags input[type=checkbox]"), function (box) {
        box.checked = flags.indexOf(box.value) >= 0;
      });
      section.querySelector("textarea").value = typeof draft.notes === "string" ? draft.notes : "";
      restored += 1;
    });
    var parts = [];
    if (restored) { parts.push("Draft restored for " + restored + " case(s) from this browser."); }
    if (changed.length) {
      parts.push("These cases changed since your draft, so their draft was not restored: " + changed.join(", ") + ".");
    }
    if (!storage) { parts.push("This browser does not keep drafts for this page: export before closing it."); }
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
    if (kind === "done") { done += 1; }
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

  function exportReviews() {
    var lines = [];
    var incomplete = [];
    sections.forEach(function (section) {
      var state = stateOf(section);
      var id = section.getAttribute("data-case-id");
      if (!state.complete) {
        if (state.touched) { incomplete.push(id); }
        return;
      }
      var review = {
        case_id: id,
        reviewer_id: root.getAttribute("data-reviewer-id"),
        reviewer_role: root.getAttribute("data-reviewer-role"),
        synthetic: section.getAttribute("data-synthetic") === "true",
        scores: state.scores,
        blocking_flags: state.flags
      };
      if (state.notes.trim()) { review.notes = state.notes.trim(); }
      review.case_sha256 = section.getAttribute("data-case-sha256");
      lines.push(JSON.stringify(review));
    });
    return { text: lines.length ? lines.join("\n") + "\n" : "", count: lines.length, incomplete: incomplete };
  }

  function download() {
    var result = exportReviews();
    if (!result.count) {
      say("Nothing to export yet: a case is exported once every criterion has a score.", true);
      return;
    }
    var blob = new Blob([result.text], { type: "application/x-ndjson" });
    var url = URL.createObjectURL(blob);
    var link = document.createElement("a");
    link.href = url;
    link.download = root.getAttribute("data-export-name");
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
    var text = "Exported " + result.count + " review(s) to " + link.download + ".";
    if (result.incomplete.length) {
      text += " Not exported (a criterion has no score): " + result.incomplete.join(", ") + ".";
    }
    say(text, false);
  }

  function discard() {
    if (!window.confirm("Discard the draft of every case in this form? This cannot be undone.")) { return; }
    sections.forEach(function (section) {
      each(section.querySelectorAll("input"), function (input) { input.checked = false; });
      section.querySelector("textarea").value = "";
    });
    if (storage) {
      if (pending !== null) { clearTimeout(pending); pending = null; }
      kept = drafts();
      sections.forEach(function (section) { delete kept[section.getAttribute("data-case-id")]; });
      storage.setItem(key, JSON.stringify({ version: 1, cases: kept }));
    }
    update();
    say("Draft discarded.", false);
  }

  function changed(event) {
    var section = event.target.closest ? event.target.closest("section.case") : null;
    if (!section) { return; }
    save(section);
    update(section);
  }
  root.addEventListener("change", changed);
  root.addEventListener("input", changed);
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") { flush(); }
  });
  each(document.querySelectorAll("button.export"), function (button) {
    button.addEventListener("click", download);
  });
  document.getElementById("discard").addEventListener("click", discard);
  restore();
  update();
  window.capevalReviewForm = { exportReviews: exportReviews, progress: update };
}());
