/* Reference previews: a mouse hover or keyboard focus on a cross-reference (a.ref) shows the cited text;
   on a touch screen the first tap shows it and a second tap (or the popover's own link) follows the link.
   The texts come from assets/generated/ref-previews.js (generated at build time), so previews work offline and from file://.
   Listeners are delegated from window, so they survive Material's instant navigation. */
(function () {
  "use strict";

  var POPOVER_ID = "ref-preview";
  var popover = null;
  var current = null;
  var lastPointer = "mouse";
  var hoverTimer = 0;

  function previews() {
    return window.RULEBOOK_REF_PREVIEWS || {};
  }

  function refLink(node) {
    return node && node.closest ? node.closest("a.ref") : null;
  }

  function hide() {
    window.clearTimeout(hoverTimer);
    if (popover) popover.remove();
    if (current) current.removeAttribute("aria-describedby");
    popover = null;
    current = null;
  }

  function place(link) {
    var rect = link.getBoundingClientRect();
    var width = Math.min(popover.offsetWidth, document.documentElement.clientWidth - 16);
    var left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8));
    var below = rect.bottom + 6;
    var top = below + popover.offsetHeight > window.innerHeight && rect.top - popover.offsetHeight - 6 > 0
      ? rect.top - popover.offsetHeight - 6
      : below;
    popover.style.left = left + window.scrollX + "px";
    popover.style.top = top + window.scrollY + "px";
  }

  function show(link) {
    var data = previews()[link.getAttribute("data-ref")];
    if (!data) return false;
    hide();
    popover = document.createElement("div");
    popover.id = POPOVER_ID;
    popover.className = "ref-preview" + (data.missing ? " ref-preview--missing" : "");
    popover.setAttribute("role", "tooltip");
    var label = document.createElement("strong");
    label.className = "ref-preview__label";
    label.textContent = data.label;
    var text = document.createElement("p");
    text.className = "ref-preview__text";
    text.textContent = data.text;
    var go = document.createElement("a");
    go.className = "ref-preview__go";
    go.href = link.href;
    go.textContent = data.missing ? "查看缺失条文的引用 →" : "前往原文 →";
    popover.append(label, text);
    // a reference the editors corrected (第72条B款1 printed as B款l) carries its erratum mark inside: show it here too
    var erratum = link.querySelector("ins.erratum[data-original]");
    if (erratum) {
      var note = document.createElement("p");
      note.className = "ref-preview__erratum";
      note.textContent = "校勘：" + erratum.getAttribute("data-original");
      popover.append(note);
    }
    popover.append(go);
    document.body.append(popover);
    place(link);
    current = link;
    link.setAttribute("aria-describedby", POPOVER_ID);
    return true;
  }

  function touchLike() {
    return lastPointer === "touch" || lastPointer === "pen" || window.matchMedia("(hover: none)").matches;
  }

  window.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType || "mouse";
  }, true);

  window.addEventListener("click", function (event) {
    var link = refLink(event.target);
    if (!link) {
      if (popover && !popover.contains(event.target)) hide();
      return;
    }
    if (!touchLike() || event.metaKey || event.ctrlKey || event.shiftKey) {
      hide();
      return;
    }
    if (current === link) {
      hide(); // second tap: let the link (and Material's instant navigation) take over
      return;
    }
    if (show(link)) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);

  document.addEventListener("mouseover", function (event) {
    if (touchLike()) return;
    var link = refLink(event.target);
    if (link && link !== current) {
      window.clearTimeout(hoverTimer);
      hoverTimer = window.setTimeout(function () { show(link); }, 150);
    } else if (link || (popover && popover.contains(event.target))) {
      window.clearTimeout(hoverTimer);
    }
  });

  document.addEventListener("mouseout", function (event) {
    if (touchLike() || !current) return;
    var to = event.relatedTarget;
    if (to && (current.contains(to) || (popover && popover.contains(to)))) return;
    window.clearTimeout(hoverTimer);
    hoverTimer = window.setTimeout(hide, 250);
  });

  document.addEventListener("focusin", function (event) {
    var link = refLink(event.target);
    if (link && link !== current && !touchLike()) show(link);
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });

  window.addEventListener("resize", hide);

  // Material's instant navigation swaps the page without a reload: drop a popover left from the last page.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(hide);
  }
})();
