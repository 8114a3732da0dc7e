/* The one popup for the marked words of a page: a cross-reference (a.ref) shows the cited text, a corrected
   spot (ins.erratum) its original and the reason, a glossary term (a.glossary-term) its definition, a clause
   marker the editors restored (.restored-marker) their note, a flagged defect of the source (mark.unresolved) what
   is wrong there, a grey number of the home grid that has no page (.article-missing) why.
   The popup's links are 44 px tall; its "?" leads to the page's one legend of the underline styles, added once at the
   end of the article (not repeated in every popup). A heading in a reference's text ('# ' in the generated texts,
   scripts/pipeline/link/index.py target_text) stands on a line of its own. Focus that leaves the mark and the
   popup closes it.
   A mouse hover or keyboard focus shows it; on a touch screen the first tap shows it and a second tap (or the
   popup's own link) follows the link. Only one popup is ever open, and it is placed inside the screen.
   Reference texts come from assets/generated/ref-previews.js (generated at build time; a <script>, so previews
   work offline and from file://), added the first time the reader points at, taps or focuses a reference: a page
   that is only read never downloads them (bench/phone). A reference tapped before they are in opens its popup
   when they arrive. Listeners are delegated from window, so they survive Material's instant navigation. */
(function () {
  "use strict";

  var POPOVER_ID = "ref-preview";
  var MARKS = "a.ref, ins.erratum, a.glossary-term, .restored-marker, mark.unresolved, .editor-title, .article-missing[data-note]";
  var LEGEND_ID = "underline-legend";
  // One line explaining the underline styles; the same words as the legend on 关于本站 (about/), shown once a page.
  var LEGEND = "下划线：实线＝引用 · 点线灰字＝来源缺的条文 · 虚线＝术语 · 橙色点线＝校勘改动 · 灰色点线编号＝编者补的款项编号 · 波浪线＝未解决的来源缺陷";
  var popover = null;
  var current = null;
  var lastPointer = "mouse";
  var hoverTimer = 0;
  var pointed = null;  // the mark under the mouse

  var self = document.currentScript && document.currentScript.src;
  // beside this script's own address (…/assets/js/page.<hash>.js, of which it is a part)
  var previewsScript = self ? self.replace(/assets\/[^?#]*([?#].*)?$/, "assets/generated/ref-previews.js") : null;
  var loading = "idle";  // idle → loading → ready | failed
  var waiting = null;    // the reference tapped or pointed at while the texts were loading
  var tappedEarly = null; // the mark whose first tap came before the texts: a second tap on it before they arrive is followed

  function previews() {
    return window.RULEBOOK_REF_PREVIEWS || {};
  }

  // Add the preview texts once; `then` runs when they are in (not when they failed: the link then works as a link).
  function loadPreviews(then) {
    if (window.RULEBOOK_REF_PREVIEWS || !previewsScript) loading = "ready";
    if (loading === "ready") { if (then) then(); return; }
    if (then) waiting = then;
    if (loading !== "idle") return;
    loading = "loading";
    var script = document.createElement("script");
    script.src = previewsScript;
    script.onload = function () {
      loading = "ready";
      var next = waiting;
      waiting = null;
      if (next) next();
    };
    script.onerror = function () { loading = "failed"; waiting = null; };
    document.head.appendChild(script);
  }

  function needsPreviews(mark) {
    return mark && mark.matches("a.ref") && loading !== "ready" && loading !== "failed" && !window.RULEBOOK_REF_PREVIEWS;
  }

  function markOf(node) {
    var mark = node && node.closest ? node.closest(MARKS) : null;
    // a corrected reference (第72条B款1 printed as B款l): the reference's popup shows the correction too
    if (mark && mark.matches("ins.erratum") && mark.closest("a.ref")) mark = mark.closest("a.ref");
    return mark;
  }

  function hide() {
    window.clearTimeout(hoverTimer);
    if (popover) popover.remove();
    if (current) current.removeAttribute("aria-describedby");
    popover = null;
    current = null;
  }

  function place(mark) {
    var rect = mark.getClientRects()[0] || mark.getBoundingClientRect();
    var screen = document.documentElement.clientWidth;
    popover.style.maxWidth = Math.min(416, screen - 16) + "px";
    var width = popover.offsetWidth;
    var left = Math.max(8, Math.min(rect.left, screen - width - 8));
    var below = rect.bottom + 6;
    var top = below + popover.offsetHeight > window.innerHeight && rect.top - popover.offsetHeight - 6 > 0
      ? rect.top - popover.offsetHeight - 6
      : below;
    popover.style.left = left + window.scrollX + "px";
    popover.style.top = top + window.scrollY + "px";
  }

  function paragraph(className, text) {
    var p = document.createElement("p");
    p.className = className;
    p.textContent = text;
    return p;
  }

  // What the popup says for a mark: [label, text, link text, extra class], or null when there is nothing to show.
  function content(mark) {
    if (mark.matches("a.ref")) {
      var data = previews()[mark.getAttribute("data-ref")];
      if (!data) return null;
      var erratum = mark.querySelector("ins.erratum[data-original]");
      return {
        label: data.label,
        text: data.text,
        note: erratum ? "校勘：" + erratum.getAttribute("data-original") : "",
        go: data.missing ? "本条的说明页 →" : "前往原文 →",
        href: mark.href,
        missing: data.missing
      };
    }
    if (mark.matches("ins.erratum")) {
      var original = mark.getAttribute("data-original");
      return original ? { label: "校勘", text: "此处经编者改动。" + original.replace(/^原文：/, "来源原文：") } : null;
    }
    if (mark.matches("mark.unresolved")) {
      var defect = mark.getAttribute("data-note");
      return defect ? { label: "未解决的来源缺陷", text: defect.replace(/^未解[决決]的缺陷：/, "") } : null;
    }
    if (mark.matches(".article-missing")) return { label: "来源缺", text: mark.getAttribute("data-note") };
    if (mark.matches(".editor-title")) {  // a missing Law's Chinese title translated by the editors
      var named = mark.getAttribute("data-note");
      return named ? { label: "本站译名", text: named.replace(/^本站译名：/, "") } : null;
    }
    if (mark.matches(".restored-marker")) {
      var note = mark.getAttribute("data-note");
      return note ? { label: "编者补的款项编号", text: note } : null;
    }
    var definition = mark.getAttribute("data-gloss");
    return definition ? { label: "术语：" + mark.textContent, text: definition, go: "术语表 →", href: mark.href } : null;
  }

  function show(mark) {
    var data = content(mark);
    if (!data) return false;
    hide();
    popover = document.createElement("div");
    popover.id = POPOVER_ID;
    popover.className = "ref-preview" + (data.missing ? " ref-preview--missing" : "");
    popover.setAttribute("role", "tooltip");
    var label = document.createElement("strong");
    label.className = "ref-preview__label";
    label.textContent = data.label;
    popover.append(label);
    String(data.text).split("\n").forEach(function (line) {
      var heading = line.indexOf("# ") === 0;
      popover.append(paragraph(heading ? "ref-preview__heading" : "ref-preview__text", heading ? line.slice(2) : line));
    });
    if (data.note) popover.append(paragraph("ref-preview__erratum", data.note));
    var actions = document.createElement("div");
    actions.className = "ref-preview__actions";
    if (data.href) {
      var go = document.createElement("a");
      go.className = "ref-preview__go";
      go.href = data.href;
      go.textContent = data.go;
      actions.append(go);
    }
    var legend = legendOnPage();
    if (legend) {
      var help = document.createElement("a");
      help.className = "ref-preview__help";
      help.href = "#" + LEGEND_ID;
      help.textContent = "?";
      help.setAttribute("aria-label", "下划线图例");
      help.addEventListener("click", function () { hide(); });
      actions.append(help);
    }
    popover.append(actions);
    document.body.append(popover);
    place(mark);
    current = mark;
    mark.setAttribute("aria-describedby", POPOVER_ID);
    return true;
  }

  // The page's one legend: the one 关于本站 shows, else a line added at the end of the article.
  function legendOnPage() {
    var legend = document.getElementById(LEGEND_ID);
    if (legend) return legend;
    var article = document.querySelector("article.md-content__inner");
    if (!article) return null;
    legend = paragraph("underline-legend", LEGEND);
    legend.id = LEGEND_ID;
    var sources = article.querySelector(".provenance");
    article.insertBefore(legend, sources && sources.parentNode === article ? sources : null);
    return legend;
  }

  function mountLegend() {
    if (document.querySelector("article " + MARKS.split(", ").join(", article "))) legendOnPage();
  }

  function touchLike() {
    return lastPointer === "touch" || lastPointer === "pen" || window.matchMedia("(hover: none)").matches;
  }

  window.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType || "mouse";
    if (needsPreviews(markOf(event.target))) loadPreviews();
  }, true);

  window.addEventListener("click", function (event) {
    var mark = markOf(event.target);
    if (!mark) {
      if (popover && !popover.contains(event.target)) hide();
      return;
    }
    var isLink = mark.tagName === "A";
    if (isLink && (!touchLike() || event.metaKey || event.ctrlKey || event.shiftKey)) {
      hide();
      return;
    }
    if (current === mark) {
      hide(); // second tap: a link is followed (Material's instant navigation takes over); a correction closes
      return;
    }
    if (needsPreviews(mark)) {  // the texts are on their way: the popup opens when they arrive
      if (tappedEarly === mark) {  // tapped again before they came: the reader wants the link itself
        tappedEarly = null;
        waiting = null;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      hide();
      tappedEarly = mark;
      loadPreviews(function () { tappedEarly = null; if (document.contains(mark)) show(mark); });
      return;
    }
    if (show(mark) && isLink && !mark.matches(".restored-marker")) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);

  document.addEventListener("mouseover", function (event) {
    if (touchLike()) return;
    var mark = markOf(event.target);
    if (needsPreviews(mark)) loadPreviews();
    if (mark && mark !== current) {
      window.clearTimeout(hoverTimer);
      pointed = mark;
      hoverTimer = window.setTimeout(function () { loadPreviews(function () { if (pointed === mark) show(mark); }); }, 150);
    } else if (mark || (popover && popover.contains(event.target))) {
      window.clearTimeout(hoverTimer);
    }
  });

  document.addEventListener("mouseout", function (event) {
    if (pointed && !(event.relatedTarget && pointed.contains(event.relatedTarget))) pointed = null;
    if (touchLike() || !current) return;
    var to = event.relatedTarget;
    if (to && (current.contains(to) || (popover && popover.contains(to)))) return;
    window.clearTimeout(hoverTimer);
    hoverTimer = window.setTimeout(hide, 250);
  });

  function previewFocused(target) {
    var mark = markOf(target);
    if (needsPreviews(mark)) loadPreviews();
    if (mark && mark !== current && !touchLike()) loadPreviews(function () { if (document.activeElement === mark || mark.contains(document.activeElement)) show(mark); });
  }

  document.addEventListener("focusin", function (event) { previewFocused(event.target); });
  // This script starts after the first paint (docs/assets/js/after-paint.js): a reader who tabbed to a mark before
  // then gave no focusin to listen to
  if (document.activeElement && document.activeElement !== document.body) previewFocused(document.activeElement);

  // Focus moving on from the mark (and not into its popup) closes the popup.
  document.addEventListener("focusout", function (event) {
    if (!popover || !current) return;
    var to = event.relatedTarget;
    if (!to && touchLike()) return;  // a tap on plain text: the click handler decides
    if (to && (current.contains(to) || popover.contains(to))) return;
    hide();
  });

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });

  window.addEventListener("resize", hide);

  // Material's instant navigation swaps the page without a reload: drop a popup left from the last page.
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { hide(); mountLegend(); });
  } else {
    mountLegend();
  }
})();
