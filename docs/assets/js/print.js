/* Printing from the browser: open every collapsed box (异文, 本条校勘) so that the paper shows them; close them again after. */
(function () {
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (box) { box.open = true; opened.push(box); });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (box) { box.open = false; });
    opened = [];
  });
})();
