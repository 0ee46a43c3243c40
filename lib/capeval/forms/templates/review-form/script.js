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

  function save() {
    if (!storage) { return; }
    var all = drafts();
    sections.forEach(function (section) {
      var id = section.getAttribute("data-case-id");
      var state = stateOf(section);
      if (state.touched) {
        all[id] = { case_sha256: section.getAttribute("data-case-sha256"), scores: state.scores,
                    flags: state.flags, notes: state.notes };
      } else if (all[id] && all[id].case_sha256 === section.getAttribute("data-case-sha256")) {
        delete all[id];
      }
    });
    try {
      storage.setItem(key, JSON.stringify({ version: 1, cases: all }));
    } catch (err) {
      say("The draft could not be kept in this browser (" + err.name + "). Export your reviews before closing the page.", true);
    }
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

  function update() {
    var done = 0;
    sections.forEach(function (section) {
      var state = stateOf(section);
      var label = state.complete ? "complete" : state.touched ? "in progress" : "to do";
      var kind = state.complete ? "done" : state.touched ? "started" : "todo";
      if (state.complete) { done += 1; }
      each(document.querySelectorAll("[data-state-of='" + section.id + "']"), function (badge) {
        badge.textContent = label;
        badge.className = "state " + kind;
      });
    });
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
      var all = drafts();
      sections.forEach(function (section) { delete all[section.getAttribute("data-case-id")]; });
      storage.setItem(key, JSON.stringify({ version: 1, cases: all }));
    }
    update();
    say("Draft discarded.", false);
  }

  root.addEventListener("change", function () { save(); update(); });
  root.addEventListener("input", function () { save(); update(); });
  each(document.querySelectorAll("button.export"), function (button) {
    button.addEventListener("click", download);
  });
  document.getElementById("discard").addEventListener("click", discard);
  restore();
  update();
  window.capevalReviewForm = { exportReviews: exportReviews, progress: update };
}());
