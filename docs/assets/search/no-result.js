/*
 * Search, page side: no dead end when a query finds nothing. Under Material's “没有找到符合条件的结果” line the result
 * list gets the jump box (as the article pages' “跳到” box), filled with the number the query names, and a line for
 * that number: a link to its page (for a Law the sources lack, its 来源缺 page, laws/64/) or why it has none.
 * A query that found little (the worker decides: `few`, worker.js foundLittle) gets, below Material's list, a short
 * note (.search-few) with the same help: what was searched for, the nearest words as one-tap searches, 索引 and
 * calling the director; it is gone as soon as the query is another.
 *
 * The block is the page's <template id="rulebook-search-no-result"> (overrides/main.html, written by
 * scripts/render/article_nav.py no_result_block); it is put after Material's result list, outside the element
 * Material renders into, and shown whenever the list is empty and the meta line says nothing was found.
 * The jump box is handled by assets/js/article-jump.js (window.rulebookArticles: page addresses and ranges).
 * Not a part of the page's one script: assets/search/warm.js adds it when the reader first touches search.
 */
(function () {
  "use strict";
  var CN_DIGIT = { "〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9 };
  var ARABIC = /(?:^|[^0-9.])([0-9]{1,3})(?![0-9.%])/;
  var CHINESE = /[〇零一二两三四五六七八九十百]+/;
  var REGULATIONS = /裁判法|裁判|regulations?|regs?/i;
  // The site root, from this script's own address (…/assets/search/no-result.js): the 索引 page and 召请裁判.
  var script = document.currentScript;
  var root = script ? script.src.replace(/assets\/[^?#]*([?#].*)?$/, "") : "";
  function pageUrl(path, anchor) {
    return root + path + (location.protocol === "file:" ? ".html" : "/") + (anchor ? "#" + anchor : "");
  }
  // What the worker (assets/search/worker.js, `suggest`) says about the last query that found nothing or little.
  var latest = null, listeners = [];
  function heard(message) {
    if (!message || message.type !== "suggest") return;
    latest = { query: String(message.query).trim(), suggest: message.suggest || null, few: !!message.few };
    listeners.forEach(function (listener) { listener(); });
  }
  if (typeof BroadcastChannel === "function") {
    try { new BroadcastChannel("rulebook-search").addEventListener("message", function (ev) { heard(ev.data); }); } catch (err) { /* file:// */ }
  }
  // file://: the worker runs in the iframe-worker shim and its answer to Material is a window message; every answer
  // is heard (one without `suggest` found enough), so a late answer to an earlier query is not kept for this one
  window.addEventListener("message", function (ev) {
    var data = ev.data && ev.data.type === 3 && ev.data.data;
    if (data) heard({ type: "suggest", query: latestQuery(), suggest: data.suggest, few: data.few });
  });
  function latestQuery() {
    var input = document.querySelector(".md-search__input");
    return input ? input.value : "";
  }

  function chineseNumber(text) {
    var total = 0, digit = 0;
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (ch in CN_DIGIT) digit = digit * 10 + CN_DIGIT[ch];
      else if (ch === "十") { total += (digit || 1) * 10; digit = 0; }
      else if (ch === "百") { total += (digit || 1) * 100; digit = 0; }
    }
    return total + digit;
  }

  /** The article number a query names (26, 第二十六条, 裁判法 四十三, L64) and its book, or null. */
  function namedArticle(query) {
    var text = String(query).normalize("NFKC");
    var arabic = text.match(ARABIC), chinese = text.match(CHINESE);
    var number = arabic ? parseInt(arabic[1], 10) : chinese ? chineseNumber(chinese[0]) : NaN;
    if (!(number > 0 && number < 1000)) return null;
    return { number: number, book: REGULATIONS.test(text) ? "regulations" : "laws" };
  }

  function inRanges(ranges, number) {
    return !!window.rulebookArticles && window.rulebookArticles.hasPage(ranges, number);
  }

  /** The line for the number asked for: its page, a Law the sources lack, or no page in this edition. */
  function fillNumberLine(line, form, missing, article) {
    line.textContent = "";
    line.hidden = !article || !window.rulebookArticles;
    if (line.hidden) return;
    var name = window.rulebookArticles.names[article.book] + "第" + article.number + "条";
    if (!inRanges(form.getAttribute("data-pages-" + article.book), article.number)) {
      line.textContent = name + "不在本版来源中。";
      return;
    }
    var link = document.createElement("a");
    link.href = window.rulebookArticles.url(article.book, article.number);
    link.textContent = name;
    link.setAttribute("data-search-no-result-link", "");
    if (article.book === "laws" && inRanges(missing, article.number)) {
      line.appendChild(link);
      line.appendChild(document.createTextNode("不在本站的来源中；它的页面说明在牌桌上该怎么做，并列出本站收录的相关条文。"));
    } else {
      line.appendChild(document.createTextNode("打开"));
      line.appendChild(link);
      line.appendChild(document.createTextNode("。"));
    }
  }

  /** The block's help: what was searched for, the nearest words as one-tap searches, 索引, and calling the director.
   * `few`: the query found little (the note under a short list), else nothing. */
  function fillHelp(help, input, query, few) {
    var said = latest && latest.query === query ? latest.suggest : null;
    help.textContent = "";
    var searched = document.createElement("p");
    var words = (said ? said.searched : [query]).map(function (w) { return "“" + w + "”"; }).join("、");
    searched.className = "search-empty__searched";
    searched.textContent = few ? "只找到少量结果。按" + words + "查找。" : "查找的是：" + words + "。";
    help.appendChild(searched);
    if (said && said.words.length) {
      var nearest = document.createElement("p");
      nearest.className = "search-empty__nearest";
      nearest.appendChild(document.createTextNode("相近的词："));
      said.words.forEach(function (word) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "search-empty__word";
        button.textContent = word;
        button.addEventListener("click", function () {
          input.value = word;
          input.focus();
          input.dispatchEvent(new Event("input", { bubbles: true }));  // assets/search/warm.js passes it on as a keyup
        });
        nearest.appendChild(button);
      });
      help.appendChild(nearest);
    }
    var index = document.createElement("p"), link = document.createElement("a");
    link.href = pageUrl("subject-index");
    link.textContent = "索引";
    index.appendChild(document.createTextNode("也可以在"));
    index.appendChild(link);
    index.appendChild(document.createTextNode("里按主题查找条文。"));
    help.appendChild(index);
    var director = document.createElement("p"), call = document.createElement("a");
    director.className = "search-empty__director";
    call.href = pageUrl("laws/9", "b-1");
    call.textContent = "召请裁判";
    director.appendChild(document.createTextNode("在牌桌上遇到问题，先停下来，立即"));
    director.appendChild(call);
    director.appendChild(document.createTextNode("（规则第9条B1）：任一赛员，包括明手，均可召请。"));
    help.appendChild(director);
  }

  /** A block of the search dialog, put after Material's result list: Material's keys for the dialog (any key moves
   * the focus back to the query, Tab closes it) are not for its fields and buttons (Escape still closes search), and a
   * link in it closes search as it opens the page. */
  function dialogBlock(block, result) {
    block.addEventListener("keydown", function (ev) { if (ev.key !== "Escape") ev.stopPropagation(); });
    block.addEventListener("click", function (ev) {
      var search = document.getElementById("__search");
      if (ev.target.closest("a[href]") && search && search.checked) {
        search.checked = false;
        search.dispatchEvent(new Event("change"));
      }
    });
    result.parentNode.insertBefore(block, result.nextSibling);
    var help = document.createElement("div");
    help.className = "search-empty__help";
    block.insertBefore(help, block.firstChild);
    return help;
  }

  function setUp() {
    var result = document.querySelector(".md-search-result");
    var template = document.getElementById("rulebook-search-no-result");
    var input = document.querySelector(".md-search__input");
    var config = document.getElementById("__config");
    if (!result || !template || !input || !config || result.dataset.noResult) return;
    result.dataset.noResult = "1";
    var none = (JSON.parse(config.textContent).translations || {})["search.result.none"];
    var meta = result.querySelector(".md-search-result__meta"), list = result.querySelector(".md-search-result__list");
    var block = null, help = null, shownFor = null, shownWith = null;
    var few = null, fewHelp = null, fewFor = null;
    listeners.push(function () { update(); });

    /** Below a list the worker says found little (`few`): the note with the nearest words; hidden otherwise. */
    function updateFew(query) {
      var said = latest && latest.query === query && latest.few && list.children.length ? latest : null;
      if (!said) {
        if (few) few.hidden = true;
        fewFor = null;
        return;
      }
      if (!few) {
        few = document.createElement("div");
        few.className = "search-few md-typeset";
        fewHelp = dialogBlock(few, result);
      }
      few.hidden = false;
      if (fewFor === said) return;
      fewFor = said;
      fillHelp(fewHelp, input, query, true);
    }

    function update() {
      var query = input.value.trim();
      var empty = !!query && !list.children.length && meta.textContent.trim() === none;
      updateFew(empty ? null : query);
      if (!empty) {
        if (block) block.hidden = true;
        shownFor = null;
        return;
      }
      if (!block) {
        block = template.content.firstElementChild.cloneNode(true);
        help = dialogBlock(block, result);
      }
      block.hidden = false;
      var said = latest && latest.query === query ? latest : null;
      if (shownFor === query && shownWith === said) return;
      shownWith = said;
      fillHelp(help, input, query, false);
      if (shownFor === query) return;
      shownFor = query;
      var form = block.querySelector("form[data-article-jump]"), article = namedArticle(query);
      var field = form.querySelector("input");
      field.value = article ? String(article.number) : "";
      var message = form.querySelector(".article-jump-message");
      if (message) message.textContent = "";
      var line = block.querySelector(".search-empty__number");
      fillNumberLine(line, form, block.getAttribute("data-missing-laws"), article);
    }

    new MutationObserver(update).observe(result, { childList: true, subtree: true, characterData: true });
    input.addEventListener("input", update);
    update();
  }

  // The search dialog is in the header, which instant navigation keeps: set up once, when the page is ready.
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(setUp);
  else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
