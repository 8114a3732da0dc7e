/* Home page: jump to an article by number in one tap. Dependency-free; survives Material's instant navigation. */
(function () {
  "use strict";
  // Material may rewrite hrefs to absolute URLs: compare the link's path, for both URL styles
  // (laws/26/ when served, laws/26.html in the offline bundle).
  function findArticleLink(root, book, number) {
    var links = root.querySelectorAll(".article-grid a");
    var endings = ["/" + book + "/" + number + "/", "/" + book + "/" + number + ".html", "/" + book + "/" + number + "/index.html"];
    for (var i = 0; i < links.length; i++) {
      var path = new URL(links[i].href, document.baseURI).pathname;
      for (var j = 0; j < endings.length; j++) {
        if (path.slice(-endings[j].length) === endings[j]) return links[i];
      }
    }
    return null;
  }
  function mount() {
    var form = document.querySelector("form[data-article-jump]");
    if (!form || form.dataset.mounted) return;
    form.dataset.mounted = "1";
    var message = document.createElement("span");
    message.className = "article-jump-message";
    message.setAttribute("role", "status");
    form.appendChild(message);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var book = (event.submitter && event.submitter.value) || "laws";
      var number = parseInt(form.querySelector("input").value, 10);
      var link = findArticleLink(form.parentNode, book, number);
      if (!isFinite(number) || number < 1) { message.textContent = "请输入条号（正整数）。"; return; }
      if (!link) { message.textContent = "第" + number + "条不在本版来源中。"; return; }
      link.click();
    });
  }
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(mount);
  else document.addEventListener("DOMContentLoaded", mount);
})();
