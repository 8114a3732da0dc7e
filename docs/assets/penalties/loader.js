/* Loads the penalty calculators only on pages that have one, and only once the reader gets near one: the data
 * (assets/generated/penalty-data.js) and the engine (assets/penalties/calculators.js), about 28 KB gzip, are added
 * as <script> tags (works from file:// too: no fetch) when a .penalty-calculator comes within a screen of the
 * viewport, when the address points at one (#calc-…, the link under the article's title) or carries a ruling's
 * inputs (?lateness.minutes=12), also after Material's instant navigation swaps the page. An article read from its
 * top on a slow network does not wait for them (bench/phone). */
(function () {
  "use strict";
  var self = document.currentScript && document.currentScript.src;
  // …/assets/, from this script's own address (…/assets/js/page.<hash>.js, of which it is a part)
  var base = self ? self.replace(/assets\/[^?#]*([?#].*)?$/, "assets/") : null;
  var state = "idle", watching = null;
  function add(src, then) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = then;
    script.onerror = function () { state = "failed"; };
    document.head.appendChild(script);
  }
  function load() {
    if (watching) { watching.disconnect(); watching = null; }
    if (state === "ready") { window.RulebookPenalties.mount(); return; }
    if (state !== "idle") return;
    state = "loading";
    add(base + "generated/penalty-data.js", function () {
      add(base + "penalties/calculators.js", function () { state = "ready"; });
    });
  }
  function addressed() {
    if (/[?&][\w-]+\.[\w-]+=/.test(location.search)) return true;
    var id = location.hash.slice(1);
    try { id = decodeURIComponent(id); } catch (error) { /* keep it as it is */ }
    var target = id && document.getElementById(id);
    return Boolean(target && target.closest(".penalty-calculator"));
  }
  function check() {
    var calculators = base ? document.querySelectorAll(".penalty-calculator") : [];
    if (!calculators.length) return;
    if (state === "ready" || addressed() || typeof IntersectionObserver !== "function") { load(); return; }
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
