/* Starts the page's scripts after the first paint (overrides/main.html writes every <script src> of the theme and of
   extra_javascript inert, as type="rulebook/after-paint" data-src="…"): on a slow network nothing but the page's
   CSS shares the line with the page (bench/phone). A file of its own, loaded async, rather than inline: it is the
   same on every page, and the offline cache stores every page.

   Once the page has painted (the next frame) and the full stylesheet is in (on phones it is linked at the end of
   the body and holds up nothing above it, scripts/site/stylesheets.py), every inert script is fetched in parallel
   and run in document order. Material starts on DOMContentLoaded, which has passed by then: it is announced again
   after the last script, and <html data-scripts-ready> is set a frame later (tests wait for it before tapping). */
(function () {
  "use strict";

  function start() {
    var inert = Array.prototype.slice.call(document.querySelectorAll('script[type="rulebook/after-paint"]'));
    var left = inert.length;
    function done() {
      if (--left > 0) return;
      document.dispatchEvent(new Event("DOMContentLoaded"));
      // Material mounts its components (search box, drawer …) in the frames after that event: mark the page
      // ready for input (tests and benches wait for it) once the next frame has run as well
      requestAnimationFrame(function () {
        setTimeout(function () { document.documentElement.setAttribute("data-scripts-ready", ""); }, 0);
      });
    }
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

  function whenStyled(then) {
    var sheet = document.querySelector("link[data-rulebook-stylesheet]");
    if (!sheet || sheet.sheet || !matchMedia(sheet.media).matches) return then();
    sheet.addEventListener("load", then);
    sheet.addEventListener("error", then);
  }

  function afterPaint() {
    requestAnimationFrame(function () { setTimeout(function () { whenStyled(start); }, 0); });
  }

  // async: this may run before the parser has reached the inert scripts at the end of the body
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", afterPaint);
  else afterPaint();
})();
