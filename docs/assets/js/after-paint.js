/* Starts the page's scripts after the first paint (overrides/main.html writes every <script src> of the theme and of
   extra_javascript inert, as type="rulebook/after-paint" data-src="…"): on a slow network nothing but the page's
   CSS shares the line with the page (bench/phone). A file of its own, loaded async, rather than inline: it is the
   same on every page, and the offline cache stores every page.

   Once the parser is done and the page has painted, and the full stylesheet is in (on phones its one link in the
   head holds up nothing and applies once loaded, scripts/site/stylesheets.py), every inert script is fetched in
   parallel and run in document order. A page that painted while it was still being parsed (a slow phone, a slow
   network) starts them at DOMContentLoaded itself: they then run before the load event, as the theme's scripts do
   in a stock build, and a reader who taps the search box when the page looks loaded is not kept waiting for a
   frame that has already been drawn. A page parsed before its first paint waits one frame.

   Material starts on DOMContentLoaded, which has passed by then: it is announced again after the last script.
   Material mounts its components (search box, drawer …) in the frames after that: once the next frame has run as
   well, the page takes input. That moment is announced once, as the document event `rulebook:scripts-ready` (for
   scripts that carry over what a reader did before it, assets/search/warm.js) and as <html data-scripts-ready>
   (tests and benches wait for it before tapping).

   Then, once the page's load event has passed, the scripts that wait for it (type="rulebook/after-load": the
   reference popup, the service-worker registration; scripts/site/page_script.py) are fetched and run, and
   <html data-after-load-ready> is set once they have: their bytes and their running do not hold up the load event
   on a slow network. */
(function () {
  "use strict";

  function announceReady() {
    document.documentElement.setAttribute("data-scripts-ready", "");
    document.dispatchEvent(new Event("rulebook:scripts-ready"));
  }

  function run(type, then) {
    // every script of `type` fetched in parallel and run in document order; `then` once all have run (or failed)
    var inert = Array.prototype.slice.call(document.querySelectorAll('script[type="' + type + '"]'));
    var left = inert.length;
    function done() { if (--left <= 0) then(); }
    if (!left) { left = 1; done(); return; }
    inert.forEach(function (old) {
      var script = document.createElement("script");
      for (var i = 0; i < old.attributes.length; i++) {
        var name = old.attributes[i].name;
        if (name !== "type" && name !== "data-src") script.setAttribute(name, old.attributes[i].value);
      }
      script.async = false;
      script.onload = script.onerror = done;
      script.src = old.getAttribute("data-src");
      old.parentNode.replaceChild(script, old);
    });
  }

  function afterLoad() {
    run("rulebook/after-load", function () { document.documentElement.setAttribute("data-after-load-ready", ""); });
  }

  function start() {
    run("rulebook/after-paint", function () {
      document.dispatchEvent(new Event("DOMContentLoaded"));
      requestAnimationFrame(function () {
        setTimeout(function () {
          announceReady();
          if (document.readyState === "complete") afterLoad();
          else window.addEventListener("load", afterLoad, { once: true });
        }, 0);
      });
    });
  }

  function whenStyled(then) {
    // the page's one link to the combined sheet (scripts/site/stylesheets.py): on narrow screens it is not
    // render-blocking, and its onload applies it to every screen; the scripts start once it is in
    var sheet = document.querySelector("link[data-rulebook-stylesheet]");
    if (!sheet || sheet.sheet) return then();
    sheet.addEventListener("load", then);
    sheet.addEventListener("error", then);
  }

  function hasPainted() {
    return !!(window.performance && performance.getEntriesByType && performance.getEntriesByType("paint").length);
  }

  function afterPaint() {
    if (hasPainted()) return whenStyled(start);
    requestAnimationFrame(function () { setTimeout(function () { whenStyled(start); }, 0); });
  }

  // async: the parser may still be finishing the page when this runs. Once only: the DOMContentLoaded announced
  // again for Material reaches this listener too, and must not start the (now empty) inert list over, announcing
  // DOMContentLoaded again every frame for as long as the page is open (as it did until 2026-12).
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterPaint, { once: true });
  else afterPaint();
})();
