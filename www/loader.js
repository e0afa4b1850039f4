// Fleetlab's loader: a classic script file (the page's Content-Security-Policy
// runs no inline script), in <head>, run before the body is parsed.
//
// The names of Trunk's JS glue and wasm change with every build; Trunk writes
// them into two <meta> tags just above this script (Trunk.toml,
// pattern_script), and this file, the same for every build, reads them.
//
// Over http(s) it streams the wasm into the compiler and imports the glue at
// once, so the module compiles while the page is parsed, styled and laid out,
// and starts it when the document is parsed and its stylesheets applied; from file://, where Chromium
// refuses module scripts and fetch, it loads the classic bundle with the wasm
// inlined that scripts/offline.mjs writes after the build (NAME.offline.js
// beside NAME.js). (No <link rel=preload> in index.html for either: from
// file:// the browser refuses both and says so on the console; over http
// the loader adds one for a page build's split module, below.)
(function () {
  "use strict";
  // embed=1 hides the site's chrome before the app starts (no flash); the app
  // decides for good once it has read the whole address.
  if (/[?&]embed=(1|true|yes|on)?(&|$)/i.test(location.search)) document.documentElement.className = "embed";

  function meta(name) {
    var m = document.querySelector('meta[name="' + name + '"]');
    return m && m.getAttribute("content");
  }
  function fail(why) {
    function show() {
      var b = document.getElementById("fatal");
      if (b) { b.textContent = "Fleetlab could not start: " + why; b.hidden = false; }
    }
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show); else show();
  }
  // The compiled module, compiled as its bytes arrive; from the whole bytes
  // where streaming is refused (a host that does not send application/wasm).
  function compile(url) {
    function whole() {
      return fetch(url).then(function (r) {
        if (!r.ok) throw new Error("failed to fetch " + url + ": " + r.status + " " + r.statusText);
        return r.arrayBuffer();
      }).then(function (b) { return WebAssembly.compile(b); });
    }
    if (typeof WebAssembly.compileStreaming !== "function") return whole();
    return WebAssembly.compileStreaming(fetch(url)).catch(whole);
  }
  function parsed() {
    return new Promise(function (ok) {
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ok); else ok();
    });
  }

  // The stylesheets applied: the app reads its inks from them (a chart drawn
  // before they apply would take every colour as unset).
  function styled() {
    return parsed().then(function () {
      var links = document.querySelectorAll('link[rel="stylesheet"]');
      return Promise.all(Array.prototype.map.call(links, function (l) {
        if (l.sheet) return null;
        return new Promise(function (ok) {
          l.addEventListener("load", ok);
          l.addEventListener("error", ok);
        });
      }));
    });
  }

  // An address's keys, read as the app reads them (src/urlstate/mod.rs: a
  // later key wins, values unescaped and trimmed), each under "=" + key.
  function readAddress(search) {
    var got = {};
    search.replace(/^\?/, "").split("&").forEach(function (part) {
      if (!part) return;
      var i = part.indexOf("="), k = i < 0 ? part : part.slice(0, i), v = i < 0 ? "" : part.slice(i + 1);
      function un(s) { try { return decodeURIComponent(s.replace(/\+/g, " ")).trim(); } catch (e) { return null; } }
      k = un(k); v = un(v);
      if (k && v !== null) got["=" + k] = v;
    });
    return got;
  }
  // The topic a topic page's address opens (no view or view=topic, and a
  // topic named; src/urlstate/mod.rs, page_topic); null for every other page.
  function pageTopic(search) {
    var got = readAddress(search), view = got["=view"], topic = got["=topic"];
    return topic && (!view || view === "topic") ? topic : null;
  }
  // Whether the address opens the home page (neither a view nor a topic
  // named, or view=home; src/urlstate/mod.rs, decode): index.html's home
  // header shows while the model loads (style.css, .home-shell).
  var opened = readAddress(location.search);
  var home = (!opened["=view"] && !opened["=topic"]) || opened["=view"] === "home";
  // A topic page's address marks the topic it opens: index.html's head of
  // that topic shows while the model loads (scripts/pages.mjs writes a head
  // per topic, and the style rule that shows it).
  var topic = pageTopic(location.search);
  if (home) document.documentElement.setAttribute("data-opens", "home");
  else if (topic) document.documentElement.setAttribute("data-opens", topic);
  // Below the head, index.html's copy of the guided start's offer, but not
  // where the address hides it (intro=0, read as src/urlstate/mod.rs reads
  // a flag); pressed before the app has started, the press is noted for the
  // app to open the guided start (src/web/scene/intro.rs), which then takes
  // the offer over (and drops the class this looks for).
  if (topic && /^(0|false|no|off)$/i.test(opened["=intro"] || "")) document.documentElement.setAttribute("data-no-intro", "");
  document.addEventListener("click", function (e) {
    var offer = e.target && e.target.closest && e.target.closest(".intro-wrap.topic-shell .intro-offer");
    if (!offer) return;
    document.documentElement.setAttribute("data-intro-asked", "");
    // Pressed (and looks it) until the app opens the guided start.
    offer.setAttribute("aria-pressed", "true");
  });
  // Runs f once the page has painted (a timeout set from the first frame's
  // callback), or at once on a hidden page, which paints no frames; call it
  // once the stylesheets apply (no frame is painted before). A page in a
  // frame a browser may not render (display: none, as a course page's
  // folded section) may paint no frame: f runs after a quarter second.
  function afterPaint(f) {
    var done = false;
    function go() { if (!done) { done = true; f(); } }
    if (document.visibilityState === "hidden") return go();
    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") go(); });
    requestAnimationFrame(function () { setTimeout(go, 0); });
    setTimeout(go, 250);
  }
  // A topic page loads its topic's page build (scripts/pages.mjs), named by
  // two tags per topic; every other page the whole app, which serves all.
  function pageMeta(prefix, id) {
    var tags = document.getElementsByTagName("meta");
    for (var i = 0; i < tags.length; i++) if (tags[i].getAttribute("name") === prefix + id) return tags[i].getAttribute("content");
    return null;
  }
  var js = meta("fleetlab-js"), wasm = meta("fleetlab-wasm");
  if (!js || !wasm) { fail("index.html names no app bundle; rebuild with scripts/build.sh."); return; }
  if (location.protocol === "file:") {
    // The bundle starts the app as soon as it runs, so it is added once the
    // stylesheets apply (added earlier, on a busy machine, every chart was
    // drawn before the inks were there: a black box).
    styled().then(function () {
      var s = document.createElement("script");
      s.src = js.replace(/\.js$/, ".offline.js");
      s.onerror = function () { fail("the offline bundle is missing; rebuild with scripts/build.sh or serve this folder over http."); };
      document.head.appendChild(s);
    });
    return;
  }
  // Each wait, as it ends, is a mark on the page's timeline, and so is the
  // start (the benchmark reads them: what the app's start waited for).
  function mark(name) {
    if (window.performance && performance.mark) performance.mark("fleetlab:" + name);
  }
  function marked(name, p) {
    return p.then(function (x) { mark(name); return x; });
  }
  // The app starts once the page has painted with its styles: the words
  // index.html shows while the model loads (a topic's head, the home page's
  // heading) are on screen before the app's first long task, and so count
  // as the page's first and largest paint.
  var painted = marked("styled", styled()).then(function () {
    return marked("painted", new Promise(function (ok) { afterPaint(ok); }));
  });
  function start(js, wasm) {
    var module = marked("compiled", compile(wasm));
    Promise.all([marked("glue", import(js)), module, painted]).then(function (r) {
      window.wasmBindings = r[0];
      mark("start");
      return r[0].default({ module_or_path: r[1] });
    }).then(function (w) {
      dispatchEvent(new CustomEvent("TrunkApplicationStarted", { detail: { wasm: w } }));
    }, function (e) { fail(String(e && e.message || e)); });
  }
  // A page build started on an address it does not serve (the two readings
  // of an address disagreed) calls this before touching the page.
  window.fleetlabWhole = function () { window.fleetlabWhole = null; start(js, wasm); };
  var pageJs = topic && pageMeta("fleetlab-page:", topic), pageWasm = topic && pageMeta("fleetlab-page-wasm:", topic);
  if (pageJs && pageWasm) {
    // A page build's glue imports the module that fetches its panel's part
    // (NAME_split.js, scripts/pages.mjs); asked for now, beside the glue, it
    // is not a second round trip found only once the glue has arrived.
    var split = document.createElement("link");
    split.rel = "modulepreload";
    split.href = pageJs.replace(/\.js$/, "_split.js");
    document.head.appendChild(split);
    start(pageJs, pageWasm);
  }
  // The home page paints index.html's heading and lede first, then fetches
  // the model: on a slow network the stylesheet has the line to itself, and
  // the largest paint waits for nothing of the model's.
  else if (home) painted.then(function () { start(js, wasm); });
  else start(js, wasm);
})();
