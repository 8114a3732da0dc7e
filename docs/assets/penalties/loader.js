/* Loads the penalty calculators only on pages that have one, and only once the reader gets near one: the data
 * (assets/generated/penalty-data.js), the page's calculator plans (assets/generated/plans/*.js, each widget's
 * data-plan) and the widget code (assets/penalties/calculators.js) are added
 * as <script> tags (works from file:// too: no fetch) when a .penalty-calculator comes within a screen of the
 * viewport, when the address points at one (#calc-…, the link under the article's title) or carries a ruling's
 * inputs (?lateness.minutes=12), also after Material's instant navigation swaps the page. One near the first screen
 * is loaded after the page's load event (one the address names, at once): an article read from its top on a slow
 * network does not wait for them, and its load event comes no later than stock Material's (bench/phone). Once the
 * last of them has run (the offence log and the 第45条 sheet come after the calculators), <html> gets
 * data-calculators-ready. */
(function () {
  "use strict";
  var self = document.currentScript && document.currentScript.src;
  // …/assets/, from this script's own address (…/assets/js/page.<hash>.js, of which it is a part)
  var base = self ? self.replace(/assets\/[^?#]*([?#].*)?$/, "assets/") : null;
  var state = "idle", watching = null, WIDGETS = ".penalty-calculator, .tie-break-sheet";
  function add(src, then) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = then;
    script.onerror = failed;
    document.head.appendChild(script);
  }
  function failed() {  /* a script could not be fetched: the page's calculators say so (widgets.py LOAD_FAILED) */
    state = "failed";
    Array.prototype.forEach.call(document.querySelectorAll(".penalty-loading, .penalty-load-failed"), function (p) {
      p.hidden = p.className === "penalty-loading";
    });
  }
  // in this order, each after the one before: the data, the page's plans, the calculators, the 第45条 sheet, the
  // offence log
  var SCRIPTS = ["penalties/calculators.js", "penalties/tie_break.js", "penalties/tie_break_sheet.js",
                 "penalties/offence_log.js"];
  var MOUNTS = ["RulebookPenalties", "RulebookTieBreakSheet", "RulebookOffenceLog"], added = {};
  function chain(scripts, done) {
    (function next(i) {
      if (i === scripts.length) { done(); return; }
      if (added[scripts[i]]) { next(i + 1); return; }
      added[scripts[i]] = true;
      add(base + scripts[i], function () { next(i + 1); });
    })(0);
  }
  function plans() {  /* the plans this page's calculators read, each loaded once */
    var found = [];
    Array.prototype.forEach.call(document.querySelectorAll(".penalty-calculator[data-plan]"), function (widget) {
      var plan = widget.getAttribute("data-plan");
      if (!added[plan] && found.indexOf(plan) < 0) found.push(plan);
    });
    return found;
  }
  function load() {
    if (watching) { watching.disconnect(); watching = null; }
    if (state === "ready") {  /* a page reached by instant navigation: its plans, then every widget mounted */
      chain(plans(), function () { MOUNTS.forEach(function (name) { if (window[name]) window[name].mount(); }); });
      return;
    }
    if (state === "failed") failed();  /* a page reached by instant navigation after the failure */
    if (state !== "idle") return;
    state = "loading";
    chain(["generated/penalty-data.js"].concat(plans(), SCRIPTS), function () {
      /* each script mounts its widgets as it runs: all of them are in now (and a page navigated to meanwhile gets
         its plans) */
      state = "ready";
      load();
      document.documentElement.setAttribute("data-calculators-ready", "");
    });
  }
  function addressed() {
    if (/[?&][\w-]+\.[\w-]+=/.test(location.search)) return true;
    var id = location.hash.slice(1);
    try { id = decodeURIComponent(id); } catch (error) { /* keep it as it is */ }
    var target = id && document.getElementById(id);
    return Boolean(target && target.closest(WIDGETS));
  }
  function check() {
    var calculators = base ? document.querySelectorAll(WIDGETS) : [];
    if (!calculators.length) return;
    if (state === "ready" || addressed() || typeof IntersectionObserver !== "function") { load(); return; }
    // a calculator merely near the first screen waits for the page's load event: the rule's text comes first
    if (document.readyState !== "complete") { window.addEventListener("load", check, { once: true }); return; }
    if (watching) watching.disconnect();
    watching = new IntersectionObserver(function (entries) {
      if (entries.some(function (entry) { return entry.isIntersecting; })) load();
    }, { rootMargin: "100% 0px" });
    Array.prototype.forEach.call(calculators, function (calculator) { watching.observe(calculator); });
  }
  window.addEventListener("hashchange", function () { if (addressed()) load(); });
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(check);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", check);
  else check();
})();
