/* Registers the site's service worker (sw.js at the site root, written by scripts/site/build.py) so that the
   hosted site keeps working offline after the first visit. Never under file:// (the venue bundle):
   browsers refuse service workers there, and the bundle needs none. */
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || location.protocol === "file:" || !script) return;
  var url = new URL(script.getAttribute("data-service-worker"), location.href);
  var register = function () {
    navigator.serviceWorker.register(url.href, { scope: new URL("./", url).pathname }).catch(function (error) {
      console.warn("service worker not registered:", error);
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
