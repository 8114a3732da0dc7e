/* Loads the penalty calculators only on pages that have one: the data (assets/generated/penalty-data.js) and the
 * engine (assets/penalties/calculators.js) are added as <script> tags (works from file:// too: no fetch) the first
 * time a page with a .penalty-calculator is shown, also after Material's instant navigation swaps the page. */
(function () {
  "use strict";
  var self = document.currentScript && document.currentScript.src;
  var base = self ? self.replace(/penalties\/loader\.js(\?.*)?$/, "") : null;  /* …/assets/ */
  var state = "idle", waiting = false;
  function add(src, then) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = then;
    script.onerror = function () { state = "failed"; };
    document.head.appendChild(script);
  }
  function check() {
    if (!base || !document.querySelector(".penalty-calculator")) return;
    if (state === "ready") { window.RulebookPenalties.mount(); return; }
    if (state !== "idle") return;
    state = "loading";
    add(base + "generated/penalty-data.js", function () {
      add(base + "penalties/calculators.js", function () { state = "ready"; });
    });
  }
  if (window.document$ && typeof window.document$.subscribe === "function") window.document$.subscribe(check);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", check);
  else check();
})();
