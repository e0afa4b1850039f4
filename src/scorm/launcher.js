// Fleetlab's SCORM launcher (fleetlab-scorm.js in a package `fleetlab scorm`
// writes). The launch page frames a Fleetlab page; this script finds the
// LMS's run-time API (SCORM 1.2 `API` or SCORM 2004 `API_1484_11`, up the
// chain of parent windows, then the opener's), initializes it, and turns
// the page's events into the LMS's data model: each graded answer an
// interaction, the share of the challenges asked solved the score,
// completion and success, then commits. On leaving it records the session's
// time and terminates. It reads the page's messages as data and only from
// its own frame; it sends nothing anywhere but to the LMS's API object.
//
// The package's settings are the launch page's data block
// (#fleetlab-package, src/scorm/mod.rs lists its keys), never this page's
// address: the frame's address is built here from them, the learner's id
// and what suspend_data says was spent. The launcher is the grader of
// record: it keeps its own count of tries per template, and records nothing
// when the frame's address differs from the one it set on a grading key.
(function () {
  "use strict";
  var pkg = JSON.parse(document.getElementById("fleetlab-package").textContent);
  var v12 = pkg.scorm !== "2004";
  var graded = pkg.mode === "graded";
  var templates = pkg.templates;
  var allowed = pkg.tries || 0;
  var mastery = pkg.mastery;
  var GRADING = ["topic", "mode", "tries", "hide", "questions", "fixed_seed", "salt", "only", "lock", "actor", "actor_home"];
  var frame = document.getElementById("fleetlab");
  var status = document.getElementById("lms-status");
  var name = v12 ? "API" : "API_1484_11";
  var K = v12
    ? { init: "LMSInitialize", get: "LMSGetValue", set: "LMSSetValue", commit: "LMSCommit", end: "LMSFinish" }
    : { init: "Initialize", get: "GetValue", set: "SetValue", commit: "Commit", end: "Terminate" };
  var started = Date.now();
  // Per template asked: { tries, solved, done, seed }.
  var state = {};
  var expected = null;
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

  function entry(t) {
    if (!state[t]) state[t] = { tries: 0, solved: false, done: false, seed: null };
    return state[t];
  }

  function count(what) {
    return templates.filter(function (t) { return state[t] && state[t][what]; }).length;
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

  // suspend_data: {"format":2,"templates":{"C2":{"tries":1,"solved":1,"done":1,"seed":7}}};
  // the first format ({"solved":[…],"done":[…]}) is read, anything else ignored.
  function restore(saved) {
    var s;
    try {
      s = JSON.parse(saved);
    } catch (e) {
      return;
    }
    if (!s || typeof s !== "object") return;
    templates.forEach(function (t) {
      var e = s.format === 2 && s.templates ? s.templates[t] : null;
      if (e && typeof e === "object") {
        var tries = Math.max(0, Math.min(99, Math.floor(Number(e.tries)) || 0));
        state[t] = { tries: tries, solved: !!e.solved, done: !!e.done || !!e.solved, seed: typeof e.seed === "number" ? e.seed : null };
      } else if (!s.format && (s.solved || s.done)) {
        var solved = (s.solved || []).indexOf(t) >= 0, done = solved || (s.done || []).indexOf(t) >= 0;
        if (done) state[t] = { tries: solved ? 1 : Math.max(allowed, 1), solved: solved, done: true, seed: null };
      }
    });
  }

  function suspendData() {
    var out = {};
    templates.forEach(function (t) {
      var e = state[t];
      if (!e || !e.tries) return;
      out[t] = { tries: e.tries, solved: e.solved ? 1 : 0, done: e.done ? 1 : 0 };
      if (graded && e.seed !== null) out[t].seed = e.seed;
    });
    return JSON.stringify({ format: 2, templates: out });
  }

  // `spent=C1-2-0,C2-1-1`: per template tried, its tries and whether solved.
  function spent() {
    return templates.filter(function (t) { return state[t] && state[t].tries > 0; }).map(function (t) {
      return t + "-" + state[t].tries + "-" + (state[t].solved ? 1 : 0);
    }).join(",");
  }

  // The frame's address: the package's query, the learner, what was spent.
  function open(learner) {
    var q = pkg.query;
    var home = location.origin;
    if (learner && /^https?:/.test(home)) {
      q += "&actor=" + encodeURIComponent(learner) + "&actor_home=" + encodeURIComponent(home);
    }
    var s = spent();
    if (s) q += "&spent=" + s;
    expected = new URLSearchParams(q);
    frame.src = "index.html?" + q;
  }

  // Why the frame's page is not the one this package opened, on a grading
  // key; "" when it is.
  function tampered() {
    var here;
    try {
      var loc = frame.contentWindow.location;
      var index = document.createElement("a");
      index.href = "index.html";
      if (loc.pathname !== index.pathname) return "the frame shows another page than this package's";
      here = new URLSearchParams(loc.search);
    } catch (e) {
      return "the frame shows a page of another site";
    }
    for (var i = 0; i < GRADING.length; i++) {
      var k = GRADING[i];
      var want = expected.getAll(k).join(","), got = here.getAll(k).join(",");
      if (want === got) continue;
      if (!here.has(k)) return "the page was opened without " + k + "=" + want + ", which this package sets";
      if (!expected.has(k)) return "the page was opened with " + k + "=" + got + ", which this package does not set";
      return "the page was opened with " + k + "=" + got + ", not this package's " + k + "=" + want;
    }
    return "";
  }

  // Why answer `d` is not to be recorded; "" when it is.
  function refusal(d) {
    var t = String(d.template);
    if (templates.indexOf(t) < 0) return t + " is not a question this package asks (" + templates.join(", ") + ")";
    var why = tampered();
    if (why) return why;
    if (graded && d.live) return "a question about the page's values is not graded in this package";
    var e = entry(t);
    if (e.solved) return "you already solved " + t + ", and it stays solved";
    if (e.done) return "the " + allowed + " " + (allowed === 1 ? "try" : "tries") + " on " + t + " are used";
    if (graded && e.seed !== null && Number(d.seed) !== e.seed) {
      return "this " + t + " is not the question this package drew for you (its numbers changed)";
    }
    return "";
  }

  // The score, completion and success from the challenges asked.
  function report() {
    var total = Math.max(templates.length, 1);
    var scaled = count("solved") / total;
    var raw = Math.round(scaled * 100);
    var complete = count("done") >= templates.length;
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
      set("cmi.progress_measure", scaledOf(count("done") / total));
      set("cmi.completion_status", complete || passed ? "completed" : "incomplete");
      set("cmi.success_status", passed ? "passed" : complete ? "failed" : "unknown");
    }
    set("cmi.suspend_data", suspendData());
    call(K.commit, "");
  }

  // One graded answer: an interaction, then the score.
  function record(d) {
    if (d.verdict === "unreadable" || d.verdict === "ambiguous") return;
    var why = refusal(d);
    if (why) {
      say("This answer was not recorded: " + why + ".", "refused");
      return;
    }
    var t = String(d.template), e = entry(t);
    e.tries += 1;
    if (e.seed === null) e.seed = Number(d.seed);
    if (d.correct) e.solved = true;
    e.done = e.solved || (allowed > 0 && e.tries >= allowed);
    var n = Number(get("cmi.interactions._count")) || 0;
    var p = "cmi.interactions." + n + ".";
    var id = [d.topic, t, d.seed].join("-") + (d.live ? "-page" : "");
    set(p + "id", id.replace(/[^A-Za-z0-9_.-]/g, "_"));
    set(p + "type", "numeric");
    if (typeof d.value === "number" && isFinite(d.value)) {
      set(p + (v12 ? "student_response" : "learner_response"), decimal(d.value));
    }
    set(p + "result", d.correct ? "correct" : v12 ? "wrong" : "incorrect");
    var now = new Date();
    if (v12) {
      // SCORM 1.2's CMITime is HH:MM:SS with no zone: the learner's clock.
      set(p + "time", pad(now.getHours()) + ":" + pad(now.getMinutes()) + ":" + pad(now.getSeconds()));
    } else {
      // SCORM 2004's time(second,10,0): the zone (Z) follows the seconds'
      // fraction (at most hundredths), as the standard's grammar nests it.
      set(p + "timestamp", now.toISOString().slice(0, 22) + "Z");
      if (d.question) set(p + "description", String(d.question).slice(0, 250));
    }
    report();
    var of = allowed ? " of " + allowed : "";
    say("Recorded " + t + ", try " + e.tries + of + ": " + (d.correct ? "correct" : "not correct") + ".", "recorded");
  }

  function end() {
    if (ended || !api) return;
    ended = true;
    var complete = count("done") >= templates.length;
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
    if (d.type === "graded" && api) record(d);
  });
  window.addEventListener("pagehide", end);
  window.addEventListener("beforeunload", end);

  api = findApi();
  if (!api || call(K.init, "") !== "true") {
    api = null;
    open("");
    say("No learning system answered: your answers here are not recorded.", "none");
    return;
  }
  var given = get(v12 ? "cmi.student_data.mastery_score" : "cmi.scaled_passing_score");
  if (given !== "" && isFinite(Number(given))) {
    mastery = v12 ? Number(given) / 100 : Number(given);
  }
  restore(get("cmi.suspend_data"));
  open(get(v12 ? "cmi.core.student_id" : "cmi.learner_id"));
  report();
  document.body.setAttribute("data-lms", "ready");
  var before = count("done");
  say("Connected to your course (SCORM " + (v12 ? "1.2" : "2004") + "): your answers are recorded." +
    (before ? " " + before + " of " + templates.length + " questions were finished before." : ""), "ready");
})();
