// Measurements of a page as a phone shows it, evaluated in the browser by tests/test_phone.py.
() => {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const interactive = "a[href], button, input:not([type=hidden]), select, textarea, label[for], summary";
  const runningText = ".md-typeset p, .md-typeset li, .md-typeset td, .md-typeset th, .md-typeset dd, .md-typeset blockquote, .md-copyright, .md-typeset h1, .md-typeset h2, .md-typeset h3, .md-typeset h4, .md-typeset h5, .md-typeset h6";
  const visible = (el) => {
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    if (style.visibility === "hidden" || style.display === "none" || Number(style.opacity) === 0) return null;
    if (box.width === 0 || box.height === 0) return null;
    if (box.right <= 0 || box.left >= viewport.width) return null;  // off-canvas (closed drawer, skip link)
    for (let node = el; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (Number(s.opacity) === 0 || s.visibility === "hidden") return null;
    }
    return box;
  };
  // A link inside a sentence is exempt (WCAG 2.5.8 "inline"): the sentence sets its height.
  const inline = (el) => {
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    const block = el.closest(runningText);
    return !!block && block.textContent.trim().length > el.textContent.trim().length;
  };
  const describe = (el) => {
    const cls = typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\s+/).join(".") : "";
    return `${el.tagName.toLowerCase()}${cls} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 20)}"`;
  };
  const smallTargets = [];
  for (const el of document.querySelectorAll(interactive)) {
    if (el.closest("[hidden], .md-search__output") && !el.closest(".md-search-result")) continue;
    const box = visible(el);
    if (!box || inline(el)) continue;
    // A label of a text field or list only moves focus to its control, which is checked itself.
    if (el.tagName === "LABEL" && el.control && !["checkbox", "radio"].includes(el.control.type)) continue;
    // A checkbox or radio button is operated through its label: the label must be big enough.
    if (el.tagName === "INPUT" && ["checkbox", "radio"].includes(el.type) && el.labels.length) {
      const label = el.labels[0].getBoundingClientRect();
      if (label.width >= 44 && label.height >= 44) continue;
    }
    if (box.width < 44 || box.height < 44) smallTargets.push(`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  const wide = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (box.right > viewport.width + 1 && getComputedStyle(el).position !== "fixed") {
      // inside a box that scrolls horizontally by itself, that is fine (tables, formulas)
      let scroller = el.parentElement, contained = false;
      for (; scroller && scroller !== document.body; scroller = scroller.parentElement) {
        const s = getComputedStyle(scroller);
        if (["auto", "scroll", "hidden", "clip"].includes(s.overflowX) && scroller.getBoundingClientRect().right <= viewport.width + 1) { contained = true; break; }
      }
      if (!contained && visible(el)) wide.push(`${describe(el)} right=${Math.round(box.right)}`);
    }
  }
  const text = document.querySelector("article.md-content__inner p, article.md-content__inner li");
  const textStyle = text ? getComputedStyle(text) : null;
  return {
    viewport,
    scrollWidth: document.documentElement.scrollWidth,
    smallTargets,
    wide: wide.slice(0, 20),
    fontSize: textStyle ? parseFloat(textStyle.fontSize) : null,
    lineHeight: textStyle ? (textStyle.lineHeight === "normal" ? 1.2 : parseFloat(textStyle.lineHeight) / parseFloat(textStyle.fontSize)) : null,
  };
}
