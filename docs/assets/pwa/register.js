/* Registers the site's service worker (sw.js at the site root, written by scripts/site/build.py) so that the
   hosted site keeps working offline after the first visit, and keeps the reader on the newest edition:

   - every page load (and every page change of Material's instant navigation) asks the server for a new sw.js;
   - a new build's worker takes over at once, and the page reloads itself to show the new text, then says
     “已更新” with the new edition stamp for a few seconds;
   - offline, a bar says that the stored edition is shown, and which one (the footer's stamp).

   Never under file:// (the venue bundle): browsers refuse service workers there, and the bundle needs none. */
(function () {
  "use strict";
  // sw.js's address, from the page's <meta name="rulebook-service-worker"> (overrides/main.html)
  var meta = document.querySelector('meta[name="rulebook-service-worker"]');
  if (!("serviceWorker" in navigator) || location.protocol === "file:" || !meta) return;
  var url = new URL(meta.getAttribute("content"), location.href);
  var UPDATED_KEY = "rulebook-updated";
  var traditional = /^zh-(Hant|TW|HK)/i.test(document.documentElement.lang || "");
  var TEXT = traditional
    ? { updated: "已更新：", offline: "離線：顯示本機保存的", edition: "繁體版", version: "，版本 " }
    : { updated: "已更新：", offline: "离线：显示本机保存的", edition: "简体版", version: "，版本 " };

  function stamp() {
    var footer = document.querySelector(".rulebook-edition");
    if (!footer) return "";
    var time = footer.querySelector("time");
    var code = footer.querySelector("code");
    return (time ? time.textContent.trim() : "") + (code ? " · " + code.textContent.trim() : "");
  }

  function notice(kind, text) {
    var bar = document.querySelector("[data-rulebook-notice]");
    if (!bar) {
      bar = document.createElement("div");
      bar.setAttribute("data-rulebook-notice", "");
      bar.setAttribute("role", "status");
      bar.className = "rulebook-notice";
      document.body.appendChild(bar);
    }
    bar.setAttribute("data-kind", kind);
    bar.textContent = text;
    return bar;
  }

  function clearNotice(kind) {
    var bar = document.querySelector("[data-rulebook-notice]");
    if (bar && bar.getAttribute("data-kind") === kind) bar.remove();
  }

  function showConnection() {
    if (navigator.onLine === false) notice("offline", TEXT.offline + TEXT.edition + TEXT.version + stamp());
    else clearNotice("offline");
  }

  var hadController = Boolean(navigator.serviceWorker.controller);
  var reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // the first install takes control of a page that already shows the current text: nothing to reload
    if (!hadController || reloading) { hadController = true; return; }
    reloading = true;
    try { sessionStorage.setItem(UPDATED_KEY, "1"); } catch (error) { /* private mode: reload anyway */ }
    location.reload();
  });

  var registration = null;
  function checkForUpdate() {
    if (!registration) return;
    registration.update().then(showConnection, function () {
      if (navigator.onLine !== false) return;
      showConnection();
    });
  }

  function register() {
    navigator.serviceWorker.register(url.href, { scope: new URL("./", url).pathname, updateViaCache: "none" })
      .then(function (found) {
        registration = found;
        checkForUpdate();
        // Material's instant navigation changes pages without a load event: check on each page change too
        if (window.document$ && typeof window.document$.subscribe === "function") {
          var first = true;
          window.document$.subscribe(function () {
            if (first) { first = false; return; }
            checkForUpdate();
            showConnection();
          });
        }
      })
      .catch(function (error) { console.warn("service worker not registered:", error); });
  }

  var updated = false;
  try { updated = sessionStorage.getItem(UPDATED_KEY) === "1"; sessionStorage.removeItem(UPDATED_KEY); } catch (error) { /* none */ }
  function start() {
    if (updated) {
      var bar = notice("updated", TEXT.updated + TEXT.edition + TEXT.version + stamp());
      setTimeout(function () { if (bar.getAttribute("data-kind") === "updated") bar.remove(); }, 6000);
    }
    showConnection();
    register();
  }
  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
