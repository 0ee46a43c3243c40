// The results page's filters: one inline script, allowed by its hash in the page's CSP.
// Without it the page is whole (every listed row shown, in order of importance); with it the
// rows can be filtered, searched and sorted, and the state lives in the URL fragment
// (#filter?locale=ar&code=placeholder_missing) so a filtered view can be shared.
(function () {
  "use strict";
  var form = document.getElementById("filters");
  var table = document.getElementById("failures-table");
  if (!form || !table) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var shown = document.getElementById("filters-shown");
  var fields = Array.prototype.slice.call(form.querySelectorAll("select[data-key], input[data-key]"));
  var sort = document.getElementById("filter-sort");
  // the drill-down of each case, hidden with the rows that link to it
  var cases = Array.prototype.slice.call(document.querySelectorAll("details.case[id]"));
  var PREFIX = "#filter?";
  var MULTI = { assertion: true, state: true };  // space-separated lists; the rest match whole

  function state() {
    var out = {};
    fields.forEach(function (field) { if (field.value) { out[field.dataset.key] = field.value; } });
    return out;
  }

  function matches(row, wanted) {
    for (var key in wanted) {
      if (key === "q" || key === "sort") { continue; }
      var have = row.dataset[key] || "";
      if (MULTI[key] ? have.split(" ").indexOf(wanted[key]) < 0 : have !== wanted[key]) { return false; }
    }
    if (wanted.q) {
      var text = (row.textContent || "").toLowerCase();
      var words = wanted.q.toLowerCase().split(/\s+/).filter(Boolean);
      for (var i = 0; i < words.length; i++) {
        if (text.indexOf(words[i]) < 0) { return false; }
      }
    }
    return true;
  }

  function order(key) {
    var sorted = rows.slice();
    if (key && key !== "rank") {
      sorted.sort(function (a, b) {
        var x = a.dataset[key] || "\uffff", y = b.dataset[key] || "\uffff";
        return x < y ? -1 : x > y ? 1 : Number(a.dataset.rank) - Number(b.dataset.rank);
      });
    }
    sorted.forEach(function (row) { body.appendChild(row); });
  }

  function apply(write) {
    var wanted = state();
    var count = 0;
    rows.forEach(function (row) {
      var on = matches(row, wanted);
      row.hidden = !on;
      if (on) { count += 1; }
    });
    order(sort ? sort.value : "");
    var linked = {};
    rows.forEach(function (row) {
      var link = row.hidden ? null : row.querySelector("a[href^='#c']");
      if (link) { linked[link.getAttribute("href").slice(1)] = true; }
    });
    cases.forEach(function (details) { details.hidden = !linked[details.id]; });
    shown.textContent = count.toLocaleString("en-US") + " of " + rows.length.toLocaleString("en-US") + " listed rows shown";
    if (write) {
      var query = Object.keys(wanted).map(function (key) {
        return encodeURIComponent(key) + "=" + encodeURIComponent(wanted[key]);
      }).join("&");
      history.replaceState(null, "", query ? PREFIX + query : location.pathname + location.search);
    }
  }

  function read() {
    if (location.hash.indexOf(PREFIX) !== 0) { return false; }
    var pairs = location.hash.slice(PREFIX.length).split("&");
    var wanted = {};
    pairs.forEach(function (pair) {
      var at = pair.indexOf("=");
      if (at > 0) { wanted[decodeURIComponent(pair.slice(0, at))] = decodeURIComponent(pair.slice(at + 1)); }
    });
    fields.forEach(function (field) { field.value = wanted[field.dataset.key] || ""; });
    return true;
  }

  function openTarget() {
    // a link to a drill-down opens it (a closed <details> would hide what was asked for)
    var id = location.hash.slice(1);
    if (!id || id.indexOf("filter?") === 0) { return; }
    var target = document.getElementById(id);
    if (target && target.tagName === "DETAILS") { target.open = true; }
  }

  form.hidden = false;
  form.addEventListener("submit", function (event) { event.preventDefault(); });
  form.addEventListener("input", function () { apply(true); });
  form.addEventListener("change", function () { apply(true); });
  form.addEventListener("reset", function () { setTimeout(function () { apply(true); }, 0); });
  window.addEventListener("hashchange", function () { if (read()) { apply(false); } openTarget(); });
  read();
  apply(false);
  openTarget();
}());
