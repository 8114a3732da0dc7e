/* The jump box (home page, every article page, the 404 page): a number and a book → that article's page.
   Enter (or 规则) opens the Law, 裁判法 the regulation. Every number with a page is listed on the form
   (data-pages-laws="1-93"), so a number the sources lack still lands on its own page (laws/64/).
   Dependency-free; survives Material's instant navigation. */
(function () {
  "use strict";
  var BOOK_NAMES = { laws: "规则", regulations: "裁判法" };
  // The site root, from this script's own address (…/assets/js/page.<hash>.js, of which this is a part, or
  // …/assets/js/article-jump.js): right on any page, the 404 page included.
  var script = document.currentScript;
  var root = script ? script.src.replace(/assets\/[^?#]*([?#].*)?$/, "") : "";
  // The offline bundle (file://, Material's offline plugin) has .html pages; the hosted site has folders.
  function articleUrl(book, number) {
    return root + book + "/" + number + (location.protocol === "file:" ? ".html" : "/");
  }
  function hasPage(ranges, number) {
    return (ranges || "").split(",").some(function (range) {
      var ends = range.split("-").map(Number);
      return number >= ends[0] && number <= (ends.length > 1 ? ends[1] : ends[0]);
    });
  }
  function go(url) {
    // a jump from the search's no-result state closes search first, as following a result does
    var search = document.getElementById("__search");
    if (search && search.checked) {
      search.checked = false;
      search.dispatchEvent(new Event("change"));
    }
    // a link click, so Material's instant navigation (when on) swaps the page without a reload
    var link = document.createElement("a");
    link.href = url;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }
  function messageOf(form) {
    var message = form.querySelector(".article-jump-message");
    if (!message) {
      message = document.createElement("span");
      message.className = "article-jump-message";
      message.setAttribute("role", "status");
      form.appendChild(message);
    }
    return message;
  }
  // One listener on the document: a jump box added later (the search's no-result state) works as well.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-article-jump]")) return;
    event.preventDefault();
    var message = messageOf(form);
    var book = (event.submitter && event.submitter.value) || "laws";
    var number = parseInt(form.querySelector("input").value, 10);
    if (!isFinite(number) || number < 1) { message.textContent = "请输入条号（正整数）。"; return; }
    if (!hasPage(form.getAttribute("data-pages-" + book), number)) {
      message.textContent = BOOK_NAMES[book] + "第" + number + "条不在本版来源中。";
      return;
    }
    message.textContent = "";
    go(articleUrl(book, number));
  });
  // The no-result state's tools (assets/search/no-result.js): the page of an article, the test for a page.
  window.rulebookArticles = { url: articleUrl, hasPage: hasPage, names: BOOK_NAMES };
  function mountAll() {
    // the 404 page is shown at any address: its way home is the root this script was loaded from
    var homes = document.querySelectorAll("a[data-site-home]");
    for (var j = 0; j < homes.length; j++) if (root) homes[j].href = root;
    var forms = document.querySelectorAll("form[data-article-jump]");
    for (var i = 0; i < forms.length; i++) messageOf(forms[i]);
  }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(mountAll);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
