/* Registers the site's service worker (sw.js at the site root, written by scripts/site/build.py) so that the
   hosted site keeps working offline after the first visit, and tells the reader, calmly, of a new edition:

   - every page load (and every page change of Material's instant navigation) asks the server for a new sw.js;
   - a new build's worker stores the edition and waits: the page never reloads by itself. A quiet bar says
     “有新版本” with the new edition's date and how many articles it changes; the new edition is applied when the
     reader taps the bar (the page reloads at the same place) or goes to another page (that page opens in the new
     edition), then a short note says what was updated;
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
    ? { updated: "已更新：", offline: "離線：顯示本機保存的", edition: "繁體版", version: "，版本 ",
        fresh: "有新版本", changed: "條條文有改動", unchanged: "條文沒有改動", apply: "。輕觸此處更新，翻頁時也會更新。" }
    : { updated: "已更新：", offline: "离线：显示本机保存的", edition: "简体版", version: "，版本 ",
        fresh: "有新版本", changed: "条条文有改动", unchanged: "条文没有改动", apply: "。轻触此处更新，翻页时也会更新。" };
  var edition = traditional ? "zh-hant/" : "";

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
    else if (waiting) showUpdate();
    else clearNotice("offline");
  }

  // What a worker says of its edition: {version, date, articles: {url: hash}} (sw.js, the "edition" message).
  function editionOf(worker) {
    return new Promise(function (resolve) {
      if (!worker) { resolve(null); return; }
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data); };
      worker.postMessage("edition", [channel.port2]);
      setTimeout(function () { resolve(null); }, 5000);
    });
  }

  // How many articles of this script edition the new edition changes (added or removed ones count too).
  function changedArticles(before, after) {
    var old = (before && before.articles) || {}, fresh = (after && after.articles) || {}, count = 0;
    var urls = Object.keys(old).concat(Object.keys(fresh).filter(function (key) { return !(key in old); }));
    urls.forEach(function (key) {
      var inEdition = edition ? key.indexOf(edition) === 0 : key.indexOf("zh-hant/") !== 0;
      if (inEdition && old[key] !== fresh[key]) count += 1;
    });
    return count;
  }

  var waiting = null;     // the new edition's worker, once it has stored the edition
  var summary = "";       // 有新版本（2026-12-02）：1 条条文有改动
  var changes = "";       // 1 条条文有改动
  var applying = null;    // where to go once the new worker has taken over (this page when the bar is tapped)

  function showUpdate() {
    if (!summary || navigator.onLine === false) return;
    var bar = notice("update", summary + TEXT.apply);
    bar.setAttribute("role", "button");
    bar.tabIndex = 0;
  }

  function offer(worker) {
    if (!worker || waiting === worker || !navigator.serviceWorker.controller) return;
    waiting = worker;
    Promise.all([editionOf(navigator.serviceWorker.controller), editionOf(worker)]).then(function (editions) {
      var after = editions[1] || {};
      var count = changedArticles(editions[0], after);
      changes = count ? count + " " + TEXT.changed : TEXT.unchanged;
      summary = TEXT.fresh + (after.date ? "（" + after.date + "）" : "") + "：" + changes;
      showUpdate();
    });
  }

  function go(href) {
    if (href === location.href) location.reload();  // the bar: this page again, at the same place
    else location.href = href;
  }

  function apply(href) {
    if (!waiting) return false;
    applying = href;
    try { sessionStorage.setItem(UPDATED_KEY, changes || TEXT.fresh); } catch (error) { /* private mode: go anyway */ }
    if (waiting.state === "activating" || waiting.state === "activated") go(href);  // another tab applied it
    else waiting.postMessage("activate");
    return true;
  }

  navigator.serviceWorker.addEventListener("controllerchange", function () {
    // the reader asked: this page, or the one they went to; when another tab applied the new edition, this page
    // keeps its text (its next page comes from the new worker)
    if (applying) go(applying);
  });

  // The bar: a tap applies the new edition here, at the same place.
  document.addEventListener("click", function (event) {
    var bar = event.target && event.target.closest ? event.target.closest('[data-rulebook-notice][data-kind="update"]') : null;
    if (bar) apply(location.href);
  });
  document.addEventListener("keydown", function (event) {
    var bar = event.target && event.target.closest ? event.target.closest('[data-rulebook-notice][data-kind="update"]') : null;
    if (bar && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); apply(location.href); }
  });
  // Going to another page of the site while a new edition waits: that page opens in the new edition (a full load
  // once the new worker has taken over, in place of Material's instant navigation).
  document.addEventListener("click", function (event) {
    if (!waiting || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
    if (!link || link.target || link.hasAttribute("download")) return;
    var to = new URL(link.href, location.href);
    if (to.origin !== location.origin || (to.pathname === location.pathname && to.hash)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    apply(to.href);
  }, true);

  var registration = null;
  function watch(found) {
    if (found.waiting) offer(found.waiting);
    found.addEventListener("updatefound", function () {
      var installing = found.installing;
      if (!installing) return;
      installing.addEventListener("statechange", function () {
        if (installing.state === "installed") offer(installing);
      });
    });
  }

  function checkForUpdate() {
    if (!registration) return;
    registration.update().then(showConnection, function () {
      if (navigator.onLine !== false) return;
      showConnection();
    });
  }

  // Once a worker is active: store the pages left out of the first download (sw.js, its second stage), in the
  // background; a worker that has them all does nothing.
  function storeLater() {
    navigator.serviceWorker.ready.then(function (ready) { if (ready.active) ready.active.postMessage("store-later"); });
  }

  function register() {
    navigator.serviceWorker.register(url.href, { scope: new URL("./", url).pathname, updateViaCache: "none" })
      .then(function (found) {
        registration = found;
        watch(found);
        checkForUpdate();
        storeLater();
        // Material's instant navigation changes pages without a load event: check on each page change too
        if (window.document$ && typeof window.document$.subscribe === "function") {
          var first = true;
          window.document$.subscribe(function () {
            if (first) { first = false; return; }
            checkForUpdate();
            showConnection();
            storeLater();
          });
        }
      })
      .catch(function (error) { console.warn("service worker not registered:", error); });
  }

  var updated = "";
  try { updated = sessionStorage.getItem(UPDATED_KEY) || ""; sessionStorage.removeItem(UPDATED_KEY); } catch (error) { /* none */ }
  function start() {
    if (updated) {
      var bar = notice("updated", TEXT.updated + TEXT.edition + TEXT.version + stamp() + "；" + updated + "。");
      setTimeout(function () { if (bar.getAttribute("data-kind") === "updated") bar.remove(); }, 10000);
    }
    showConnection();
    register();
  }
  window.addEventListener("online", showConnection);
  window.addEventListener("offline", showConnection);
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();
