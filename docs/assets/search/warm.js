/*
 * Search, page side: tells our search worker (docs/assets/search/worker.js) when to fetch the full index, and
 * searches text that arrives without a key press.
 *
 * - The hosted site's worker waits for the reader: the first focus or tap on the search box, or the page being idle
 *   after its load, sends {type: "load"} on the "rulebook-search" BroadcastChannel (the worker asks again with
 *   {type: "ready"} when it starts, in case the page asked first). Nothing is fetched before the first paint.
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

  function want() {
    if (wanted) return;
    wanted = true;
    if (channel) channel.postMessage({ type: "load" });
  }

  if (channel) channel.onmessage = function (ev) { if (wanted && ev.data && ev.data.type === "ready") channel.postMessage({ type: "load" }); };

  function isSearchInput(node) { return node && node.matches && node.matches(SEARCH_INPUT); }

  document.addEventListener("focusin", function (ev) { if (isSearchInput(ev.target)) want(); });
  document.addEventListener("click", function (ev) {
    if (ev.target && ev.target.closest && ev.target.closest('label[for="__search"], ' + SEARCH_INPUT)) want();
  }, true);
  document.addEventListener("input", function (ev) {
    if (!isSearchInput(ev.target)) return;
    want();
    ev.target.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
  });

  function whenIdle() {
    if (typeof requestIdleCallback === "function") requestIdleCallback(want, { timeout: 5000 });
    else setTimeout(want, 1000);
  }
  if (document.readyState === "complete") whenIdle(); else addEventListener("load", whenIdle);
})();
