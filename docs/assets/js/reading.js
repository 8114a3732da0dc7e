/* Keeping the reader's place on a phone:
   - the notes line under an article's title (book, chapter, the 1997 Law's English title), folded into one quiet
     line on phones (rulebook.css), opens and closes on a tap;
   - on phones the header slides away while the reader reads down and comes back on any scroll up (not Material's
     header.autohide, which only hides it once the page has scrolled 400 px and then not reliably), never while
     search or the drawer is open;
   - the script switch in the header (简体 ⇄ 繁體, overrides/partials/header.html) opens the other edition at the
     clause the reader is at: when it is tapped, its address gets the nearest anchor at or above the upper third
     of the screen (both editions carry the same anchors, tests/test_traditional.py).
   Listeners sit on the document, so they survive Material's instant navigation. */
(function () {
  "use strict";
  var NOTES = ".article-notes";
  var OPEN = "article-notes--open";
  var ANCHORS = "article .clause[id], article h1[id], article h2[id], article h3[id], article h4[id], article h5[id]";

  // The last anchor whose top is at or above the reading line, a third down the screen: a clause opened from its
  // address sits under the header (scroll-margin-top), and the header may just have come back over the text.
  function nearestAnchor() {
    var line = window.innerHeight / 3;
    var found = null;
    var anchors = document.querySelectorAll(ANCHORS);
    for (var i = 0; i < anchors.length; i++) {
      if (anchors[i].getBoundingClientRect().top > line) break;
      found = anchors[i];
    }
    return found;
  }

  function keepPlace(link) {
    var url = new URL(link.href, location.href);
    var anchor = window.scrollY > 0 ? nearestAnchor() : null;
    url.hash = anchor && !anchor.matches("h1") ? anchor.id : "";
    link.href = url.href;
  }

  var AWAY = "rulebook-header--away";
  var lastY = window.scrollY;
  var framed = false;
  function followScroll() {
    framed = false;
    var header = document.querySelector(".md-header");
    var y = window.scrollY;
    if (!header || Math.abs(y - lastY) < 8) return;
    var busy = document.querySelector("#__search:checked, #__drawer:checked");
    header.classList.toggle(AWAY, !busy && y > lastY && y > header.offsetHeight * 2);
    lastY = y;
  }
  window.addEventListener("scroll", function () {
    if (!framed) { framed = true; requestAnimationFrame(followScroll); }
  }, { passive: true });

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var link = target.closest("a[data-script-switch]");
    if (link) { keepPlace(link); return; }
    var notes = target.closest(NOTES);
    if (notes && !target.closest("a, ins, button")) notes.classList.toggle(OPEN);
  }, true);
  // a middle click or "open in new tab" reads the address before any click: keep it current there too
  document.addEventListener("pointerdown", function (event) {
    var link = event.target && event.target.closest ? event.target.closest("a[data-script-switch]") : null;
    if (link) keepPlace(link);
  }, true);
})();
