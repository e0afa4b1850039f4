// Fleetlab's rooms: light, dark, the system's choice, or projector mode, and
// print. A classic script file in <head> (the page's Content-Security-Policy
// runs no inline script), run before the body is parsed, so the page is
// never drawn in the wrong theme.
//
// The theme is <html data-theme="light|dark|projector"> (style.css): a link's
// `theme=` (an embed; src/urlstate.rs keeps it in the address), else the
// reader's choice from the "Theme" menus (kept in localStorage), else the
// system's light or dark. While printing, <html data-print>: a handout is
// always light. Whenever any of it changes, the app hears `fleetlab-restyle`
// and draws its canvases again in the new inks.
(function () {
  "use strict";
  var KEY = "fleetlab-theme";
  var THEMES = ["light", "dark", "projector"];
  var root = document.documentElement;
  var dark = matchMedia("(prefers-color-scheme: dark)");

  function stored() {
    try { return localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
  }
  var linked = (/[?&]theme=([a-z]+)/i.exec(location.search) || [])[1];
  linked = linked && THEMES.indexOf(linked.toLowerCase()) >= 0 ? linked.toLowerCase() : "";
  var chosen = stored();

  function apply() {
    var t = linked || chosen;
    root.setAttribute("data-theme", THEMES.indexOf(t) >= 0 ? t : dark.matches ? "dark" : "light");
  }
  function restyle() {
    apply();
    document.dispatchEvent(new Event("fleetlab-restyle"));
  }
  apply();
  dark.addEventListener("change", restyle);
  matchMedia("(forced-colors: active)").addEventListener("change", restyle);
  matchMedia("print").addEventListener("change", restyle);
  addEventListener("beforeprint", function () { root.setAttribute("data-print", ""); restyle(); });
  addEventListener("afterprint", function () { root.removeAttribute("data-print"); restyle(); });

  // Every "Theme" menu of the page (header and footer) shows the choice
  // and sets it.
  document.addEventListener("DOMContentLoaded", function () {
    var picks = Array.prototype.slice.call(document.querySelectorAll("select[data-theme-pick]"));
    picks.forEach(function (sel) {
      sel.value = linked || chosen;
      sel.addEventListener("change", function () {
        chosen = sel.value;
        linked = "";
        try { localStorage.setItem(KEY, chosen); } catch (e) { /* private mode: this page only */ }
        picks.forEach(function (other) { other.value = chosen; });
        restyle();
      });
    });
  });
})();
