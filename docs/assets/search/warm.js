/*
 * Search, page side: tells our search worker (docs/assets/search/worker.js) when to fetch the full index, and
 * searches text that arrives without a key press.
 *
 * - The hosted site's worker waits for the reader: the first touch, focus or tap on the search button or box sends
 *   {type: "load"} on the "rulebook-search" BroadcastChannel (the worker asks again with {type: "ready"} when it
 *   starts, in case the page asked first). A page that is only read never downloads the index (about 55 KB gzip,
 *   more than the rest of an article's first load on a venue network, bench/phone); the service worker stores it
 *   with the rest of the edition after the first visit.
 * - The no-result state (assets/search/no-result.js: the jump box under 没有找到, and the note under a list that found
 *   little) is needed only once a query has found nothing or little: it is added as a <script> (works from file://
 *   too) at that same first touch, not shipped in the page's one script, which every article's first load downloads
 *   (bench/phone).
 * - Material reads the search box on keyup; text pasted, dictated or set by an input method fires only `input`,
 *   so each `input` is passed on as a keyup (Material ignores a value it has already searched).
 *
 * Listeners sit on the document, so they survive instant navigation, which swaps the page under the header.
 */
(function () {
  "use strict";
  var SEARCH_INPUT = ".md-search__input";
  var channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("rulebook-search") : null;
  var wanted = false;
  var self = document.currentScript && document.currentScript.src;
  // …/assets/, from this script's own address (…/assets/js/page.<hash>.js, of which it is a part)
  var base = self ? self.replace(/assets\/[^?#]*([?#].*)?$/, "assets/") : null;

  function want() {
    if (wanted) return;
    wanted = true;
    if (channel) channel.postMessage({ type: "load" });
    if (base) {
      var script = document.createElement("script");
      script.src = base + "search/no-result.js";
      document.head.appendChild(script);
    }
  }

  if (channel) channel.onmessage = function (ev) { if (wanted && ev.data && ev.data.type === "ready") channel.postMessage({ type: "load" }); };

  function isSearchInput(node) { return node && node.matches && node.matches(SEARCH_INPUT); }

  document.addEventListener("focusin", function (ev) { if (isSearchInput(ev.target)) want(); });
  // This script starts after the first paint (docs/assets/js/after-paint.js), just before Material mounts its search
  // box: a reader quick enough to be in the box already, or to have typed in it, gave no event that either saw.
  // The index is asked for now; once Material has mounted (after-paint.js announces `rulebook:scripts-ready`) the
  // box gets back a focus lost meanwhile (not one the reader has moved elsewhere) and the query it holds is passed
  // on as a keyup, so it is searched as soon as the index is in.
  var early = Array.prototype.filter.call(document.querySelectorAll(SEARCH_INPUT), function (field) {
    return field.value || field === document.activeElement;
  })[0];
  if (early) {
    var earlyValue = early.value, earlyFocus = early === document.activeElement;
    want();
    document.addEventListener("rulebook:scripts-ready", function () {
      if (!early.value && earlyValue) early.value = earlyValue;
      var lost = !document.activeElement || document.activeElement === document.body;
      if (earlyFocus && lost) early.focus();
      if (early.value) early.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
    }, { once: true });
  }
  function onSearchControl(ev) {
    if (ev.target && ev.target.closest && ev.target.closest('label[for="__search"], ' + SEARCH_INPUT)) want();
  }
  // pointerdown comes before the tap's click: the download starts while the search box opens
  document.addEventListener("pointerdown", onSearchControl, true);
  document.addEventListener("click", onSearchControl, true);
  document.addEventListener("input", function (ev) {
    if (!isSearchInput(ev.target)) return;
    want();
    ev.target.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  });

})();
