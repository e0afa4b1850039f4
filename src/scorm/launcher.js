// Fleetlab's SCORM launcher (fleetlab-scorm.js in a package `fleetlab scorm`
// writes). The launch page frames a Fleetlab page; this script finds the
// LMS's run-time API (SCORM 1.2 `API` or SCORM 2004 `API_1484_11`, up the
// chain of parent windows, then the opener's), initializes it, and turns
// the page's events into the LMS's data model: each graded answer an
// interaction, the share of the topic's challenges solved the score,
// completion and success, then commits. On leaving it records the session's
// time and terminates. It reads the page's messages as data and only from
// its own frame; it sends nothing anywhere but to the LMS's API object.
(function () {
  "use strict";
  var body = document.body;
  var v12 = body.getAttribute("data-scorm") !== "2004";
  var templates = (body.getAttribute("data-templates") || "").split(",").filter(Boolean);
  var mastery = Number(body.getAttribute("data-mastery"));
  var frame = document.getElementById("fleetlab");
  var status = document.getElementById("lms-status");
  var name = v12 ? "API" : "API_1484_11";
  var K = v12
    ? { init: "LMSInitialize", get: "LMSGetValue", set: "LMSSetValue", commit: "LMSCommit", end: "LMSFinish" }
    : { init: "Initialize", get: "GetValue", set: "SetValue", commit: "Commit", end: "Terminate" };
  var started = Date.now();
  var state = { solved: [], done: [] };
  var api = null;
  var ended = false;

  // The API object in `win` or one of its parents (at most 10 up).
  function search(win) {
    for (var i = 0; win && i < 10; i++) {
      try {
        if (win[name]) return win[name];
      } catch (e) {
        // A window of another origin: its API is not ours to reach.
      }
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }

  function findApi() {
    var found = window.parent !== window ? search(window.parent) : null;
    if (!found && window.opener) found = search(window.opener);
    return found;
  }

  function call(fn, a, b) {
    try {
      return String(api[fn](a, b));
    } catch (e) {
      return "";
    }
  }
  function get(key) { return call(K.get, key); }
  function set(key, value) { return call(K.set, key, String(value)); }

  function say(text, lms) {
    status.textContent = text;
    status.setAttribute("data-lms", lms);
  }

  function add(list, item) {
    if (list.indexOf(item) < 0) list.push(item);
  }

  // A number as the data model's decimal: 12 significant digits, no exponent.
  function decimal(x) {
    var s = String(Number(x.toPrecision(12)));
    return /e/i.test(s) ? x.toFixed(12) : s;
  }

  // A share as a scaled score (SCORM 2004 keeps 7 decimals).
  function scaledOf(x) {
    return String(Number(x.toFixed(7)));
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  // The session's time: HHHH:MM:SS (1.2) or PT…H…M…S (2004).
  function sessionTime() {
    var s = Math.round((Date.now() - started) / 1000);
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return v12 ? pad(h) + ":" + pad(m) + ":" + pad(r) : "PT" + h + "H" + m + "M" + r + "S";
  }

  function restore() {
    var saved = get("cmi.suspend_data");
    if (!saved) return;
    try {
      var s = JSON.parse(saved);
      (s.solved || []).forEach(function (t) { if (templates.indexOf(t) >= 0) add(state.solved, t); });
      (s.done || []).forEach(function (t) { if (templates.indexOf(t) >= 0) add(state.done, t); });
    } catch (e) {
      // Not ours: start afresh.
    }
  }

  // The score, completion and success from the challenges solved.
  function report() {
    var total = Math.max(templates.length, 1);
    var scaled = state.solved.length / total;
    var raw = Math.round(scaled * 100);
    var complete = state.done.length >= templates.length;
    var passed = scaled >= mastery;
    if (v12) {
      set("cmi.core.score.min", 0);
      set("cmi.core.score.max", 100);
      set("cmi.core.score.raw", raw);
      set("cmi.core.lesson_status", passed ? "passed" : complete ? "failed" : "incomplete");
    } else {
      set("cmi.score.min", 0);
      set("cmi.score.max", 100);
      set("cmi.score.raw", raw);
      set("cmi.score.scaled", scaledOf(scaled));
      set("cmi.progress_measure", scaledOf(state.done.length / total));
      set("cmi.completion_status", complete || passed ? "completed" : "incomplete");
      set("cmi.success_status", passed ? "passed" : complete ? "failed" : "unknown");
    }
    set("cmi.suspend_data", JSON.stringify(state));
    call(K.commit, "");
  }

  // One graded answer: an interaction, then the score.
  function graded(d) {
    var n = Number(get("cmi.interactions._count")) || 0;
    var p = "cmi.interactions." + n + ".";
    var id = [d.topic, d.template, d.seed].join("-") + (d.live ? "-page" : "");
    set(p + "id", id.replace(/[^A-Za-z0-9_.-]/g, "_"));
    set(p + "type", "numeric");
    if (typeof d.value === "number" && isFinite(d.value)) {
      set(p + (v12 ? "student_response" : "learner_response"), decimal(d.value));
    }
    set(p + "result", d.correct ? "correct" : v12 ? "wrong" : "incorrect");
    var now = new Date();
    if (v12) {
      set(p + "time", pad(now.getHours()) + ":" + pad(now.getMinutes()) + ":" + pad(now.getSeconds()));
    } else {
      set(p + "timestamp", now.toISOString().slice(0, 19));
      if (d.question) set(p + "description", String(d.question).slice(0, 250));
    }
    if (d.correct) add(state.solved, d.template);
    if (d.correct || d.done) add(state.done, d.template);
    report();
  }

  function end() {
    if (ended || !api) return;
    ended = true;
    var complete = state.done.length >= templates.length;
    if (v12) {
      set("cmi.core.session_time", sessionTime());
      set("cmi.core.exit", complete ? "" : "suspend");
    } else {
      set("cmi.session_time", sessionTime());
      set("cmi.exit", complete ? "normal" : "suspend");
    }
    call(K.commit, "");
    call(K.end, "");
  }

  window.addEventListener("message", function (e) {
    var d = e.data;
    if (e.source !== frame.contentWindow || !d || d.source !== "fleetlab") return;
    if (d.type === "height" && d.height > 0) frame.style.height = d.height + "px";
    if (d.type === "graded" && api) graded(d);
  });
  window.addEventListener("pagehide", end);
  window.addEventListener("beforeunload", end);

  api = findApi();
  if (!api || call(K.init, "") !== "true") {
    api = null;
    say("No learning system answered: your answers here are not recorded.", "none");
    return;
  }
  var given = Number(get(v12 ? "cmi.student_data.mastery_score" : "cmi.scaled_passing_score"));
  if (get(v12 ? "cmi.student_data.mastery_score" : "cmi.scaled_passing_score") !== "" && isFinite(given)) {
    mastery = v12 ? given / 100 : given;
  }
  restore();
  report();
  body.setAttribute("data-lms", "ready");
  say("Connected to your course (SCORM " + (v12 ? "1.2" : "2004") + "): your answers are recorded.", "ready");
})();
