/*
 * Rulebook search worker: a drop-in for Material for MkDocs' lunr worker (mkdocs-material 9.8.1).
 *
 * It speaks Material's search worker protocol (integrations/search/worker/message): the page sends
 * {type: 0 SETUP, data: {config, docs, options}}, we answer {type: 1 READY}; the page sends
 * {type: 2 QUERY, data: "<query>"}, we answer {type: 3 RESULT, data: {items: SearchItem[][]}}.
 * `config.rulebook` and `docs` are written at build time by scripts/search/index.py, in the compact form of
 * scripts/search/packing.py (sections as rows, the vocabulary's words as their places in the text, the folding
 * table as steps between codes), which the Engine expands as it loads (readDocs, readWords, addTextWords) into what
 * the build had before packing it.
 *
 * Hosted site: the index Material fetches at page load is a stub whose `config.rulebook.index` names the full
 * index; this worker fetches that only when the page says search is wanted (docs/assets/search/warm.js posts on
 * the "rulebook-search" BroadcastChannel when the search button or box is touched or focused) or when a query
 * arrives. The offline copy (file://) carries the full index inline, as Material's offline plugin writes it.
 *
 * A classic script with no imports: it runs as a Web Worker over http and, under file://, inside the
 * iframe of the `iframe-worker` shim (where `postMessage` is the shim's and `self` is the iframe window).
 *
 * Matching is substring matching on text folded the same way on both sides (traditional → simplified,
 * full-width → ASCII, lower case; always one character for one character, so positions carry over to
 * the original text for highlighting). A query's terms are found by dictionary matching over the whole query
 * (every known term in it: the corpus vocabulary, the articles' everyday names, synonyms, stop words; `analyse`),
 * not by one cut of it; particles, question words and question endings (the reviewed stop list) are dropped but
 * never break a term; single characters count only when no longer word matches; words are expanded with reviewed
 * synonyms (everyday, Taiwan/Hong Kong and English words and phrases, phrases first); a query of letters that is
 * no English is read as toneless pinyin or initials; article references (26, 第26条, 第二十六条, 规则26) lift the
 * articles with that number (a book word keeps to its book); exact and leading title matches come first, then
 * pages by the share of the query's weight (IDF over pages) they hold. A query that finds nothing, or little
 * (`few`: foundLittle), is told the nearest words (`suggest`, for docs/assets/search/no-result.js).
 */
(function () {
  "use strict";

  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
  var LOAD_CHANNEL = "rulebook-search";  // docs/assets/search/warm.js

  var K1 = 1.2;                 // BM25 term-frequency saturation
  var B = 0.5;                  // BM25 length normalisation
  var PAGE_TITLE_WEIGHT = 3.0;  // a word in the article title (or its English title)
  var SECTION_TITLE_WEIGHT = 1.5; // a word in a clause heading
  var CONTEXT_WEIGHT = 1.0;     // a word in the names of the chapter and section an article stands in
  var PHRASE_WEIGHT = 1.0;      // the words of a run typed without spaces, found side by side
  var SECONDARY_WEIGHT = 0.5;   // a term across the edge of a longer or rarer one (牌后 of 摊牌后)
  var WEAK_WEIGHT = 0.2;        // a single character beside longer words: breaks ties only
  var CORRECTED_WEIGHT = 0.8;   // a word read as its homophone (名手 as 明手): below a word typed right
  var BIGRAM_WEIGHT = 0.6;      // two neighbouring characters of a query whose words found nothing
  var MAX_CORRECTIONS = 3;      // homophone words tried for one query word
  var SINGLE_CHAR_COST = 1.6;   // segmentation: a character that is no word of the vocabulary
  var LEADING_TITLE_SHARE = 0.6; // a title that starts with the query counts when the query is this much of it
  var SNIPPET_BEFORE = 20;      // characters of context before the first match in a teaser
  var SNIPPET_LENGTH = 100;     // characters in a teaser
  var SECTIONS_PER_PAGE = 8;    // sections sent per page of results
  var MAX_PAGES = 40;           // pages sent per query
  var SUGGESTIONS = 6;          // nearest words offered when a query finds nothing
  var COVERAGE_STEPS = 5;       // the share of the query's weight a page holds, in steps: pages alike go by score
  var FEW_PAGES = 2;            // a result list this short has found little: the nearest words are offered below it
  var FEW_COVERED = 1;          // …as they are when no page holds more than this many COVERAGE_STEPS of the query

  // Article references. `book` keeps the lift to that book; without one, both books' articles rise.
  var CN_NUMBER = "[〇零一二两三四五六七八九十百]{1,6}";
  // (L64, as directors write a Law, and as the no-result number box reads it: an l standing alone before a number)
  var BOOK = "(?<book>竞赛规则|桥牌规则|规则|裁判法|laws?|rules?|regulations?|regs?|art(?:icle)?\\.?|(?<![a-z])l(?=\\s*[0-9]))";
  var ARTICLE_REFERENCES = [
    new RegExp(BOOK + "?\\s*第\\s*(?<num>[0-9]{1,3})\\s*条?", "g"),              // 第26条, 规则第26条
    new RegExp(BOOK + "?\\s*第\\s*(?<cn>" + CN_NUMBER + ")\\s*条", "g"),         // 第二十六条
    new RegExp(BOOK + "\\s*(?<num>[0-9]{1,3})(?![0-9.%])\\s*条?", "g"),          // 规则26, law 26
    new RegExp(BOOK + "\\s*第?\\s*(?<cn>" + CN_NUMBER + ")(?![〇零一二两三四五六七八九十百])\\s*条?", "g"), // 规则二十七, 裁判法 四十三
    new RegExp("(?<![0-9.])(?<num>[0-9]{1,3})\\s*条", "g"),                      // 26条
    // 二十六条, 十二条: a Chinese numeral of two or more places before 条 (一条 stays a word: 有一条规定)
    new RegExp("(?<![〇零一二两三四五六七八九十百])(?<cn>[一二两三四五六七八九]?[十百][〇零一二两三四五六七八九十]{0,3})\\s*条", "g"),
    new RegExp("^\\s*(?<num>[0-9]{1,3})\\s*$", "g")                              // 26
  ];
  var BOOK_OF_HINT = {
    "竞赛规则": "laws", "桥牌规则": "laws", "规则": "laws", "law": "laws", "laws": "laws", "l": "laws",
    "rule": "laws", "rules": "laws", "裁判法": "regulations", "regulation": "regulations",
    "regulations": "regulations", "reg": "regulations", "regs": "regulations"
  };
  var CN_DIGIT = { "〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9 };
  var CHUNK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaffa-z0-9.%+]+/g;  // a run without spaces or punctuation
  var RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|[a-z0-9][a-z0-9.%+]*/g;  // its Han and Latin/digit runs
  var HAN_RUN = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/;
  var LATIN_QUERY = /^[a-z][a-z\s']*$/;  // a query of letters only: English, or pinyin
  var INITIALS = /^[b-df-hj-np-tv-z]{2,8}$/;  // the first letters of a word's syllables (ms: ming shou)
  var HAN_RUNS = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
  var NAME_SEPARATOR = "\u0001";  // between an article's everyday names in one field (no query holds it)
  var ARTICLE_PREFIX = /^第\s*[0-9]+\s*条\s*/;  // 第27条 in a page title
  var NOT_TITLE_TEXT = /[\s\u200b.,;:!?'"()\-、，。；：！？“”‘’（）《》·]+/g;

  /* ------------------------------------------------------------------------ */

  function chineseNumber(text) {
    var total = 0, digit = 0;
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (ch in CN_DIGIT) digit = digit * 10 + CN_DIGIT[ch];
      else if (ch === "十") { total += (digit || 1) * 10; digit = 0; }
      else if (ch === "百") { total += (digit || 1) * 100; digit = 0; }
      else return NaN;
    }
    return total + digit;
  }

  var HTML_SPECIAL = /[&<>"]/, HTML_SPECIALS = /[&<>"]/g;
  var HTML_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;" };
  function escapeHTML(text) {
    return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, function (ch) { return HTML_ESCAPES[ch]; }) : text;
  }

  // The marks after a missing Law's title on its page (本站译名, 来源缺): not part of the title a query may be.
  var MISSING_MARKS = /(本站译名)?来源缺$/;
  // The same marks in a folded page title as the index holds it ('第64条 藏牌成立后的处理 本站译名 来源缺').
  var MISSING_LABELS = /\s*(本站译名\s*)?来源缺$/;
  // British and American spellings of the English titles are one title: Unauthorised = unauthorized.
  var BRITISH_ISE = /([a-z])is(e|ed|es|ing|ation)(?![a-z])/g;

  /** The marks after the title (from `cut`; folded: the title folded) as the page's labels, in the title's own
   *  characters (本站译名 来源缺, or 本站譯名 來源缺 in the traditional edition). */
  function missingLabels(title, folded, cut) {
    var badge = folded.lastIndexOf("来源缺"), editors = folded.indexOf("本站译名", cut);
    var out = editors === -1 ? "" : ' <span class="editor-title">' + escapeHTML(title.substr(editors, 4)) + "</span>";
    return out + ' <span class="missing-badge">' + escapeHTML(title.substr(badge, 3)) + "</span>";
  }

  function titleCore(title) {
    return title.replace(ARTICLE_PREFIX, "").replace(BRITISH_ISE, "$1iz$2").replace(NOT_TITLE_TEXT, "")
      .replace(MISSING_MARKS, "");
  }

  /* ------------------------------------------------------------------------ */

  // An article's page: laws/26/ (laws/26.html offline), regulations/52-2/ (the second 第52条), as an edition's index
  // names them from its root; a location under a folder (zh-hant/laws/26/) is read the same way
  var ARTICLE_PATH = /(?:^|\/)(laws|regulations)\/(([0-9]+)(?:-[0-9]+)?)(?:\/|\.html)$/;

  /** {book, slug, number} of an article's page, from its path; null for any other page. */
  function articleOf(path) {
    var m = ARTICLE_PATH.exec(path);
    return m ? { book: m[1], slug: m[2], number: parseInt(m[3], 10) } : null;
  }

  var DOC_FIELDS = ["location", "title", "text", "context", "english", "names", "missing"];
  var NAME_JOINER = "、";  // between an article's everyday names in its row
  var SAME_CONTEXT = 1;  // a row's context: the one of the row before that had one

  /** The index's sections, sent as rows (scripts/search/packing.py), as objects {location, title, text, context,
   * english, names, missing} with the fields a row leaves empty absent: a location "#anchor" is on the page of the
   * row before; a context 1 is the one of the row before that had one; with `label` (第%s条: the index says
   * titles_after_label), an article's page top gets back the label and number its title starts with. */
  function readDocs(rows, label) {
    var page = "", context = "";
    return rows.map(function (row) {
      var raw = {};
      DOC_FIELDS.forEach(function (field, k) { if (row[k]) raw[field] = row[k]; });
      if (raw.context === SAME_CONTEXT) raw.context = context;
      if (raw.context) context = raw.context;
      raw.location = raw.location || "";
      raw.title = raw.title || "";
      raw.text = raw.text || "";
      if (raw.location[0] === "#") {
        raw.location = page + raw.location;
      } else {
        page = raw.location.split("#")[0];
        var article = label && raw.location.indexOf("#") === -1 ? articleOf(raw.location) : null;
        if (article) raw.title = label.replace("%s", article.number) + " " + raw.title;
      }
      if (raw.names) raw.names = raw.names.split(NAME_JOINER);
      return raw;
    });
  }

  /** Space-separated words as a list ([] for none). */
  function wordList(text) {
    return text ? text.split(" ") : [];
  }

  /** The synonyms, one entry a line `typed|typed=rulebook|rulebook` (scripts/search/packing.py), as
   * [typed, rulebook]. */
  function readSynonyms(text) {
    return (text ? text.split("\n") : []).map(function (line) {
      return line.split("=").map(function (side) { return side.split("|"); });
    });
  }

  function Engine(index) {
    var data = index.config && index.config.rulebook;
    if (!data) throw new Error("search index has no config.rulebook: it was not built by scripts/search/index.py");

    this.readWords(data);

    // Documents: a page top (no '#') precedes its sections, as in Material's own index.
    this.docs = [];
    this.pages = [];
    this.names = new Set();  // the everyday names of the articles, as known terms
    var nameWords = [];  // the everyday names, made known terms below (those some page holds)
    var pageOf = new Map(), self = this;
    var totalLength = 0;
    readDocs(index.docs, data.titles_after_label ? this.articleLabel || "第%s条" : null).forEach(function (raw) {
      var path = raw.location.split("#")[0];
      // A page of an article the sources lack prints its everyday names (牌手常说的：…。); the index sends them once,
      // in that text: they are read from it.
      var label = !raw.names && data.names_label && raw.location.indexOf("#") === -1 ? raw.text.indexOf(data.names_label) : -1;
      if (label !== -1) {
        var end = raw.text.indexOf("。", label);
        raw.names = raw.text.slice(label + data.names_label.length, end === -1 ? undefined : end).split("、");
      }
      var page = pageOf.get(path);
      if (page === undefined) {
        page = { location: path, docs: [], article: articleOf(path), top: self.docs.length, book: "", label: "",
          number: self.pages.length };
        page.missing = !!(page.article && raw.missing);  // an article the sources lack (its page says 来源缺)
        if (page.article) {  // 规则 / 裁判法 and 第27条: every result item names its book and article
          page.book = self.books[page.article.book] || "";
          page.label = page.book + (self.articleLabel || "第%s条").replace("%s", page.article.number);
        }
        pageOf.set(path, page);
        self.pages.push(page);
      }
      var doc = {
        raw: raw, page: page, isTop: raw.location.indexOf("#") === -1,
        title: self.fold(raw.title), text: self.fold(raw.text),
        context: self.fold(raw.context || ""), english: self.fold(raw.english || ""),
        names: self.fold((raw.names || []).join(NAME_SEPARATOR))
      };
      (doc.names.match(HAN_RUNS) || []).forEach(function (w) { if (w.length > 1) nameWords.push(w); });
      doc.core = doc.isTop ? titleCore(doc.title) : titleCore(doc.title.replace(/^\S+\s*/, ""));
      doc.englishCore = titleCore(doc.english);
      doc.length = doc.title.length + doc.text.length;
      totalLength += doc.length;
      page.docs.push(self.docs.length);
      self.docs.push(doc);
    });
    this.averageLength = Math.max(1, totalLength / Math.max(1, this.docs.length));
    this.addTextWords(data);
    this.indexCorpus(nameWords);
  }

  /** The index's words and tables (config.rulebook): folding, vocabulary, stop words, synonyms (the words it sends as
   * their places in the text are read once the text is: addTextWords). */
  Engine.prototype.readWords = function (data) {
    var self = this;
    // One 64K table, built once: code unit → the code unit it folds to (0: itself), so folding a text is one pass of
    // array look-ups and a text with nothing to fold is returned as it is (no regular expression, no callback).
    this.foldTable = new Uint16Array(0x10000);
    // traditional → simplified (scripts/search/index.py), sent as each folded character's step from the code before
    // and the character it folds to (scripts/search/packing.py)
    for (var i = 0, from = 0; i < data.fold.from.length; i++) {
      from += data.fold.from[i];
      this.foldTable[from] = data.fold.to.charCodeAt(i);
    }
    for (var code = 0xff01; code <= 0xff5e; code++) {  // full width → ASCII, lower case, then as that folds (ＩＭＰ → imp)
      var ascii = String.fromCharCode(code - 0xfee0).toLowerCase().charCodeAt(0);
      this.foldTable[code] = this.foldTable[ascii] || ascii;
    }
    // Folded like the query: the traditional edition's vocabulary is cut from traditional text. The words the text
    // holds (of any length) are sent as their places in it and added once the text is read (addTextWords); these are
    // the others.
    this.vocabulary = new Set(wordList(data.vocabulary.words).map(function (w) { return self.fold(w); }));
    this.stopwords = new Set(wordList(data.stopwords).map(function (w) { return self.fold(w); }));
    this.stopwords.forEach(function (w) { if (w.length > 1) self.vocabulary.add(w); });
    this.synonyms = new Map();
    this.phraseKeys = [];
    readSynonyms(data.synonyms).forEach(function (entry) {
      var rulebook = entry[1].map(function (w) { return self.fold(w); });
      rulebook.forEach(function (w) { if (HAN_RUN.test(w)) self.vocabulary.add(w); });  // (not repeated in vocabulary)
      entry[0].forEach(function (typed) {
        var key = self.fold(typed.normalize("NFKC"));
        if (HAN_RUN.test(key)) self.vocabulary.add(key);
        self.synonyms.set(key, (self.synonyms.get(key) || []).concat(rulebook));
        if (/\s/.test(key)) self.phraseKeys.push(key);  // slow play, bidding box: looked up as one word
      });
    });
    this.pinyin = null;  // character → its toneless readings, set by usePinyin when a query needs it
    this.pinyinUrl = data.pinyin || null;
    if (data.pinyin_table) this.usePinyin(data.pinyin_table);
    this.books = data.books || {};
    this.articleLabel = data.article_label;
  };

  /** What the engine looks words up in, once the documents are read: the Latin words it knows, the corpora, the
   * everyday names as known terms (`nameWords`), the pairs of characters of each page's title and names. */
  Engine.prototype.indexCorpus = function (nameWords) {
    var self = this;
    // Latin words the index knows (English titles, IMP and VP in the text, English synonyms, English stop words): a
    // query of letters that is all such words is English, any other is read as pinyin
    this.englishWords = new Set();
    var english = this.englishWords;
    function latinWords(text) { (text.match(/[a-z]+/g) || []).forEach(function (w) { english.add(w); }); }
    this.docs.forEach(function (doc) { latinWords(doc.english); latinWords(doc.text); latinWords(doc.title); });
    this.synonyms.forEach(function (_, key) { latinWords(key); });
    this.stopwords.forEach(latinWords);
    this.phraseKeys.sort(function (a, b) { return b.length - a.length; });  // lead out of turn before lead
    // Each field of every document in one string (NUL between documents, which no word holds), so a word is looked
    // for with one native scan of the corpus rather than one per document (Engine.match).
    var docs = this.docs;
    function corpus(field) {
      var starts = new Int32Array(docs.length + 1), parts = [], at = 0;
      for (var k = 0; k < docs.length; k++) {
        var value = field(docs[k]);
        starts[k] = at;
        parts.push(value);
        at += value.length + 1;
      }
      starts[docs.length] = at;
      return { text: parts.join("\u0000"), starts: starts };
    }
    this.corpora = {
      text: corpus(function (doc) { return doc.text; }),
      title: corpus(function (doc) { return doc.title; }),
      english: corpus(function (doc) { return doc.isTop ? doc.english : ""; }),
      context: corpus(function (doc) { return doc.isTop ? doc.context : ""; }),
      names: corpus(function (doc) { return doc.isTop ? doc.names : ""; })
    };
    // An article's everyday names (rulebook_src/everyday_names.yml, scripts/search/index.py) are known terms: a query
    // holding one finds it whole, wherever the sentence around it is cut (没跟 inside 好像没跟方块). A name no page's
    // text or title holds (迟到罚分) is `nameOnly`: the words inside it that pages hold (迟到, 罚分) are kept beside it
    // (Engine.analyse), so the result still opens at the clause that holds them.
    var corpora = this.corpora;
    this.nameOnly = new Set();
    nameWords.forEach(function (w) {
      self.vocabulary.add(w);
      self.names.add(w);
      if (corpora.text.text.indexOf(w) === -1 && corpora.title.text.indexOf(w) === -1) self.nameOnly.add(w);
    });
    // Each page's title and everyday names as pairs of characters, with how few pages have each pair: a question
    // that says a name in other words (没跟方块 for 没跟花色) still meets the page by the pairs it shares with it.
    var gramPages = new Map(), P = this.pages.length;
    this.pageGrams = this.pages.map(function (page) {
      var top = self.docs[page.top], grams = new Set();
      [top.names, top.core].forEach(function (text) {
        (text.match(HAN_RUNS) || []).forEach(function (run) { for (var i = 0; i + 2 <= run.length; i++) grams.add(run.substr(i, 2)); });
      });
      grams.forEach(function (g) { gramPages.set(g, (gramPages.get(g) || 0) + 1); });
      return grams;
    });
    this.gramIdf = new Map();
    gramPages.forEach(function (n, g) { self.gramIdf.set(g, rarity(n, P)); });
    this.gramIdfMax = rarity(1, P);  // a pair of one page
    this.maxWord = 1;
    this.vocabulary.forEach(function (w) { if (w.length > self.maxWord) self.maxWord = w.length; });
  };

  /** The words the index sends as their places in the text (scripts/search/packing.py, pack_placed): in `text`,
   * `packed.places[length]` are the places where its words of that length stand, each as the step from the one
   * before (from -1). (`packed.words`, the others, are read by the caller.) */
  function placedWords(packed, text) {
    var words = [], places = packed.places || {};
    Object.keys(places).forEach(function (key) {
      var length = Number(key), at = -1;
      places[key].forEach(function (step) { at += step; words.push(text.substr(at, length)); });
    });
    return words;
  }

  /** The vocabulary's and the common words that the text holds, sent as their places in the sections' folded titles,
   * texts and contexts joined a line each (scripts/search/packing.py). */
  Engine.prototype.addTextWords = function (data) {
    var self = this;
    var text = this.docs.map(function (doc) { return doc.title + "\n" + doc.text + "\n" + doc.context; }).join("\n");
    placedWords(data.vocabulary, text).forEach(function (w) { self.vocabulary.add(w); });
    // word → below 1, for the words everyday Chinese uses more often than the rulebook (就是, 一直): their IDF is
    // scaled by it, so a rare but incidental word of a question does not outweigh its topic (scripts/search/index.py)
    this.common = new Map();
    Object.keys(data.common || {}).forEach(function (factor) {  // {"0.2": {places, words: "一切 一定 …"}, …}
      var own = data.common[factor];
      placedWords(own, text).concat(wordList(own.words)).forEach(function (w) { self.common.set(w, Number(factor)); });
    });
  };

  /** How rare a word or pair found on `n` of `P` pages is (BM25's IDF over pages). */
  function rarity(n, P) {
    return Math.log(1 + (P - n + 0.5) / (n + 0.5));
  }

  /** Occurrences of `needle` (not overlapping) in each document of a corpus, added to `counts` (by document). */
  function countInCorpus(corpus, needle, counts) {
    if (!needle) return;
    var haystack = corpus.text, starts = corpus.starts, d = 0, at = haystack.indexOf(needle);
    while (at !== -1) {
      while (starts[d + 1] <= at) d++;
      counts[d]++;
      at = haystack.indexOf(needle, at + needle.length);
    }
  }

  /** Fold one character for one character: traditional → simplified, full-width → ASCII, lower case. */
  Engine.prototype.fold = function (text) {
    var lower = text.toLowerCase(), table = this.foldTable, n = lower.length, i = 0;
    // a letter whose lower case is longer (İ): keep positions
    if (n !== text.length) { lower = text; n = text.length; }
    while (i < n && !table[lower.charCodeAt(i)]) i++;
    if (i === n) return lower;
    var out = lower.slice(0, i), from = i;
    for (; i < n; i++) {
      var to = table[lower.charCodeAt(i)];
      if (!to) continue;
      out += lower.slice(from, i) + String.fromCharCode(to);
      from = i + 1;
    }
    return out + lower.slice(from);
  };

  /** Cut a run of Han characters into vocabulary words (fewest pieces; unknown characters cost more). */
  Engine.prototype.segment = function (run, exclude) {
    var n = run.length, cost = [0], back = [0];
    for (var end = 1; end <= n; end++) {
      cost[end] = Infinity;
      for (var start = Math.max(0, end - this.maxWord); start < end; start++) {
        var piece = run.slice(start, end), c;
        if (piece.length === 1) c = SINGLE_CHAR_COST;
        else if (this.vocabulary.has(piece) && piece !== exclude) c = 1;
        else continue;
        if (cost[start] + c < cost[end]) { cost[end] = cost[start] + c; back[end] = start; }
      }
    }
    var pieces = [];
    for (var at = n; at > 0; at = back[at]) pieces.unshift(run.slice(back[at], at));
    return pieces;
  };

  /** A run of Han characters as the terms it holds, found by dictionary matching over the whole run rather than by one
   * cut of it. Every known term that stands in the run (a word of the text or of a title, an everyday name, a
   * synonym, a stop word) is a candidate. The run's best cut into candidates and single characters (fewest pieces; of
   * cuts as short, the one whose words fewer pages hold, a reviewed term first: 摊牌|后 rather than 摊|牌后, 可以|上诉
   * rather than 可|以上|诉) gives the primary terms; a candidate across the edge of one of them is kept beside it as a
   * secondary term (牌后 of 摊牌后), one inside a longer one is not. Single characters of the cut are glued when no
   * stop word. {words: in the order they stand, stop words included; secondary; content: the run cut at its stop
   * words}. Stop words are dropped later, and never break a term: a longer term is one piece of the cut. */
  Engine.prototype.analyse = function (run) {
    var n = run.length, found = [], self = this;
    for (var i = 0; i < n; i++) {
      for (var len = Math.min(this.maxWord, n - i); len >= 2; len--) {
        var piece = run.substr(i, len);
        if (!this.vocabulary.has(piece)) continue;
        var reviewed = this.synonyms.has(piece) || this.names.has(piece), stop = this.stopwords.has(piece);
        if (!reviewed && !stop && this.glued(piece)) continue;  // 明手可以: 明手 and the stop word 可以
        var onPages = reviewed || stop ? 1 : this.match(piece).pages;
        if (!onPages) continue;  // a word no page holds (a fragment the segmenter made of a heading)
        var cost = (reviewed ? 0.9 : 1) + 0.01 * i / n;  // of cuts as short, the one whose words start first
        found.push({ start: i, end: i + len, word: piece, cost: cost });
      }
    }
    var best = [0], back = [null];
    for (var end = 1; end <= n; end++) {
      best[end] = best[end - 1] + SINGLE_CHAR_COST;
      back[end] = { start: end - 1, end: end, word: run[end - 1], single: true };
      found.forEach(function (c) {
        if (c.end === end && best[c.start] + c.cost < best[end]) { best[end] = best[c.start] + c.cost; back[end] = c; }
      });
    }
    var cut = [];
    for (var at = n; at > 0; at = back[at].start) cut.unshift(back[at]);
    var kept = [], loose = null;
    cut.forEach(function (piece) {  // neighbouring single characters that are no stop word, glued (手机)
      if (piece.single && !self.stopwords.has(piece.word)) {
        if (loose) { loose.word += piece.word; loose.end = piece.end; } else kept.push(loose = { start: piece.start, end: piece.end, word: piece.word });
        return;
      }
      loose = null;
      kept.push(piece);
    });
    var primary = cut.filter(function (p) { return !p.single; });
    found.forEach(function (c) {
      if (primary.indexOf(c) !== -1) return;
      if (found.some(function (o) {
        return o !== c && !self.nameOnly.has(o.word) && o.start <= c.start && c.end <= o.end && (o.end - o.start) > (c.end - c.start);
      })) return;
      if (!primary.some(function (p) { return p.start < c.end && c.start < p.end && !self.stopwords.has(p.word); })) return;
      c.secondary = true;
      kept.push(c);
    });
    kept.sort(function (x, y) { return x.start - y.start || y.end - x.end; });
    // the run cut where a stop word of the cut stands (its content parts: for phrases and the pairs of characters)
    var content = [], part = "";
    cut.forEach(function (p) {
      if (self.stopwords.has(p.word)) { if (part) content.push(part); part = ""; } else part += p.word;
    });
    if (part) content.push(part);
    return {
      words: kept.map(function (k) { return k.word; }), content: content,
      secondary: kept.filter(function (k) { return k.secondary; }).map(function (k) { return k.word; })
    };
  };

  /** Whether a word of the text is a known word and a stop word of two or more characters side by side (明手可以,
   * cut so from a sentence of the text): not a term of its own in a query. */
  Engine.prototype.glued = function (word) {
    for (var i = 2; i <= word.length - 2; i++) {
      var head = word.slice(0, i), tail = word.slice(i);
      if ((this.vocabulary.has(head) && this.stopwords.has(tail)) || (this.stopwords.has(head) && this.vocabulary.has(tail)))
        return true;
    }
    return false;
  };

  /** Neighbouring single characters that are no stop word, glued back (手机 when the corpus never says it). */
  Engine.prototype.glue = function (pieces) {
    var words = [], loose = "", self = this;
    function flush() { if (loose) { words.push(loose); loose = ""; } }
    pieces.forEach(function (p) {
      if (p.length === 1 && !self.stopwords.has(p)) { loose += p; return; }
      flush();
      words.push(p);
    });
    flush();
    return words;
  };

  /** A query as article references, words and phrases: {references: [{number, book}], words, phrases, core}. */
  Engine.prototype.parse = function (query) {
    var text = this.fold(String(query).normalize("NFKC"));
    var core = text.replace(BRITISH_ISE, "$1iz$2").replace(NOT_TITLE_TEXT, "");
    var references = [];
    ARTICLE_REFERENCES.forEach(function (pattern) {
      text = text.replace(pattern, function () {
        var groups = arguments[arguments.length - 1];
        var number = groups.num !== undefined ? parseInt(groups.num, 10) : chineseNumber(groups.cn);
        if (!(number > 0)) return arguments[0];
        var hint = groups.book ? BOOK_OF_HINT[groups.book.replace(/\.$/, "")] || null : null;
        references.push({ number: number, book: hint });
        return " ";
      });
    });
    var words = [], phrases = [], runs = [], secondary = new Set(), primary = new Set(), self = this;
    var pinyin = references.length ? null : this.pinyinTerms(text.trim());
    if (pinyin && pinyin.length) return { references: [], words: [text.trim()], pinyin: pinyin, phrases: [], runs: [], secondary: secondary, core: "" };
    this.phraseKeys.forEach(function (key) {
      var at = (" " + text + " ").indexOf(" " + key + " ");
      if (at !== -1) { words.push(key); text = text.slice(0, at) + " " + text.slice(at + key.length); }
    });
    function hanRun(run) {
      var found = self.analyse(run);
      words.push.apply(words, found.words);
      found.words.forEach(function (w) { (found.secondary.indexOf(w) === -1 ? primary : secondary).add(w); });
      // 发牌人 cut into 发牌|人: the text that has the run side by side ranks higher (stop words cut it apart)
      found.content.forEach(function (c) { if (found.words.indexOf(c) === -1 && c.length > 1) phrases.push(c); });
      runs.push.apply(runs, found.content);
    }
    (text.match(CHUNK) || []).forEach(function (chunk) {
      var parts = chunk.match(RUN) || [];
      // IMP率, 0.5VP: whole when the text has it; else each part (出红心q: the Han run analysed, then q)
      if (parts.length > 1 && self.match(chunk).df > 0) words.push(chunk);
      else parts.forEach(function (part) { if (HAN_RUN.test(part)) hanRun(part); else words.push(part); });
    });
    var content = words.filter(function (w) { return !self.stopwords.has(w); });
    if (content.length) words = content;
    var seen = new Set();
    words = words.filter(function (w) { if (seen.has(w)) return false; seen.add(w); return true; });
    // runs: the query's Han text without its stop words, for the fallback on neighbouring pairs of characters
    words.forEach(function (w) { if (primary.has(w)) secondary.delete(w); });
    return {
      references: references, words: words, phrases: phrases, runs: runs, secondary: secondary,
      hanRuns: text.match(HAN_RUNS) || [],  // the Han text as typed (stop words kept: 没跟 of 没跟花色)
      core: references.length ? "" : core
    };
  };

  /** The pinyin table (docs: scripts/search/pinyin.py): {syllable: characters}, read as character → readings. */
  Engine.prototype.usePinyin = function (table) {
    var readings = new Map(), self = this;
    Object.keys(table).forEach(function (syllable) {
      var chars = table[syllable];
      for (var i = 0; i < chars.length; i++) {
        var ch = self.fold(chars[i]), list = readings.get(ch);
        if (!list) readings.set(ch, list = []);
        if (list.indexOf(syllable) === -1) list.push(syllable);
      }
    });
    this.pinyin = readings;
    this.syllables = new Set(Object.keys(table));
    this.homophoneWords = null;
    this.pinyinWords = null;
  };

  /** A query wholly in Latin letters that is not English (every word a word of the English titles, the English
   * synonyms or the stop words): its toneless pinyin read as the index's words, with or without spaces (chi dao,
   * chidao → 迟到), or, when it is no run of syllables, as initials of a word of a title or an everyday name (cd →
   * 迟到). Terms (as a homophone's: the first result says 按“迟到”查找), [] when nothing reads so, or null when the
   * query is not such a query (or the pinyin table is still to come: then it is asked for). */
  Engine.prototype.pinyinTerms = function (text) {
    if (!LATIN_QUERY.test(text)) return null;
    var tokens = text.split(/[\s']+/).filter(Boolean), self = this;
    if (!tokens.length || tokens.every(function (t) { return self.englishWords.has(t); })) return null;
    if (!this.pinyin) { if (this.pinyinUrl) this.wantsPinyin = true; return null; }
    this.indexPinyin();
    var syllables = [];
    for (var i = 0; i < tokens.length; i++) {
      var cut = this.syllabify(tokens[i]);
      if (!cut) { syllables = null; break; }
      syllables.push.apply(syllables, cut);
    }
    if (!syllables) {  // initials: cd, bzjp (consonants only: an English word the index lacks is no initials)
      var key = tokens.join("");
      return INITIALS.test(key) ? this.homophoneTerm(text, this.initialWords.get(key) || []) : [];
    }
    var terms = [];
    for (var at = 0; at < syllables.length;) {  // longest first over the syllables
      var found = null;
      for (var len = Math.min(8, syllables.length - at); len >= 2 && !found; len--) {
        var words = this.pinyinWords.get(syllables.slice(at, at + len).join(""));
        if (words) found = { len: len, terms: this.homophoneTerm(syllables.slice(at, at + len).join(" "), words) };
      }
      if (found && found.terms.length) { terms.push.apply(terms, found.terms); at += found.len; } else at++;
    }
    return terms;
  };

  /** A run of letters as toneless syllables (fewest), or null. */
  Engine.prototype.syllabify = function (letters) {
    var best = [0], back = [0], n = letters.length;
    for (var end = 1; end <= n; end++) {
      best[end] = Infinity;
      for (var start = Math.max(0, end - 6); start < end; start++) {
        if (best[start] + 1 < best[end] && this.syllables.has(letters.slice(start, end))) {
          best[end] = best[start] + 1;
          back[end] = start;
        }
      }
    }
    if (best[n] === Infinity) return null;
    var out = [];
    for (var at = n; at > 0; at = back[at]) out.unshift(letters.slice(back[at], at));
    return out;
  };

  /** The index's words by their toneless pinyin (every reading of each character; chidao → 迟到) and, for the words
   * of titles and everyday names, by their initials (cd → 迟到); made once, at the first such query. */
  Engine.prototype.indexPinyin = function () {
    if (this.pinyinWords) return;
    var self = this, byReading = new Map(), byInitials = new Map(), titles = this.corpora.title.text + this.corpora.names.text;
    function add(map, key, word) { var list = map.get(key); if (!list) map.set(key, list = []); if (list.indexOf(word) === -1) list.push(word); }
    this.vocabulary.forEach(function (w) {
      if (w.length < 2 || !HAN_RUN.test(w) || self.stopwords.has(w)) return;
      var keys = [""];
      for (var i = 0; i < w.length && keys.length; i++) {
        var readings = self.pinyin.get(w[i]) || [], next = [];
        keys.forEach(function (k) { readings.forEach(function (r) { if (next.length < 16) next.push(k + r); }); });
        keys = next;
      }
      keys.forEach(function (k) { add(byReading, k, w); });
      if (titles.indexOf(w) === -1) return;
      var initials = [""];
      for (var j = 0; j < w.length; j++) {
        var firsts = [], more = [];
        (self.pinyin.get(w[j]) || []).forEach(function (r) { if (firsts.indexOf(r[0]) === -1) firsts.push(r[0]); });
        initials.forEach(function (k) { firsts.forEach(function (f) { if (more.length < 16) more.push(k + f); }); });
        initials = more;
      }
      initials.forEach(function (k) { add(byInitials, k, w); });
    });
    this.pinyinWords = byReading;
    this.initialWords = byInitials;
  };

  /** The words that read as one typed run, as one term (the three that most pages hold), marked as read so. */
  Engine.prototype.homophoneTerm = function (typed, words) {
    var self = this;
    var found = words.map(function (w) { return self.match(w); }).filter(function (t) { return t.df > 0; });
    if (!found.length) return [];
    found.sort(function (a, b) { return b.pages - a.pages || (a.word < b.word ? -1 : 1); });
    found = found.slice(0, MAX_CORRECTIONS);
    var term = found[0], inText = new Float64Array(term.inText), inTitle = new Float64Array(term.inTitle), alternatives = term.alternatives;
    for (var k = 1; k < found.length; k++) {
      for (var d = 0; d < this.docs.length; d++) { inText[d] += found[k].inText[d]; inTitle[d] += found[k].inTitle[d]; }
      alternatives = alternatives.concat(found[k].alternatives);
    }
    term = this.term(typed, alternatives, inText, inTitle);
    term.corrected = { typed: typed, read: found.map(function (t) { return t.word; }) };
    return [term];
  };

  /** Whether a run is a vocabulary word or part of one (正分 of 平均正分): text that has it as a word, not only
   * across the cut between two words (名手 of 报名|手续). */
  Engine.prototype.insideWord = function (run) {
    if (this.vocabulary.has(run)) return true;
    var inside = false;
    this.vocabulary.forEach(function (w) { if (!inside && w.length > run.length && w.indexOf(run) !== -1) inside = true; });
    return inside;
  };

  /** Whether two characters share a toneless reading (名 and 明: ming). */
  Engine.prototype.soundAlike = function (a, b) {
    var ra = this.pinyin.get(a), rb = this.pinyin.get(b);
    return !!(ra && rb && ra.some(function (r) { return rb.indexOf(r) !== -1; }));
  };

  /** A word the corpus does not have, read as the corpus words that sound the same with one character off (名手 →
   * 明手, 迟道 → 迟到): one term whose alternatives are those words, weighted below words typed right, or null. The
   * pinyin table is fetched only when a query needs it: until then this asks for it (wantsPinyin). */
  Engine.prototype.correct = function (word) {
    if (!this.pinyin) { if (this.pinyinUrl) this.wantsPinyin = true; return null; }
    var self = this;
    if (!this.homophoneWords) {  // the corpus words (not stop words, not typed-only synonym keys), by length
      this.homophoneWords = new Map();
      this.vocabulary.forEach(function (w) {
        if (!HAN_RUN.test(w) || self.stopwords.has(w)) return;
        // a typed-only synonym key (a word no page holds) is read through its synonyms, not as a homophone target
        if (self.synonyms.has(w) && self.asWritten(w) === null) return;
        var list = self.homophoneWords.get(w.length);
        if (!list) self.homophoneWords.set(w.length, list = []);
        list.push(w);
      });
    }
    var found = [];
    (this.homophoneWords.get(word.length) || []).forEach(function (w) {
      var off = -1;
      for (var i = 0; i < w.length; i++) {
        if (w[i] === word[i]) continue;
        if (off !== -1) return;
        off = i;
      }
      if (off === -1 || !self.soundAlike(w[off], word[off])) return;
      var term = self.match(w);
      if (term.df > 0) found.push(term);
    });
    if (!found.length) return null;
    found.sort(function (a, b) { return b.df - a.df || (a.word < b.word ? -1 : 1); });
    found = found.slice(0, MAX_CORRECTIONS);
    var term = found[0];
    for (var k = 1; k < found.length; k++) {
      for (var d = 0; d < this.docs.length; d++) {
        term.inText[d] += found[k].inText[d];
        term.inTitle[d] += found[k].inTitle[d];
      }
      term.alternatives = term.alternatives.concat(found[k].alternatives);
    }
    term = this.term(word, term.alternatives, term.inText, term.inTitle);
    term.corrected = { typed: word, read: found.map(function (t) { return t.word; }) };
    return term;
  };

  /** Neighbouring pairs of characters of the given runs (stop words already out) that the text has, each a term
   * weighted below words: a query whose words are all stray characters still finds the clause that has them. */
  Engine.prototype.bigrams = function (runs) {
    var terms = [], seen = new Set(), self = this;
    runs.forEach(function (run) {
      for (var i = 0; i + 2 <= run.length; i++) {
        var pair = run.slice(i, i + 2);
        if (seen.has(pair) || self.stopwords.has(pair) || self.stopwords.has(pair[0]) || self.stopwords.has(pair[1]))
          continue;
        seen.add(pair);
        var term = self.match(pair);
        if (term.df > 0) { term.bigram = true; terms.push(term); }
      }
    });
    return terms;
  };

  /** Per-document hit counts of a word and its synonyms. */
  Engine.prototype.match = function (word) {
    var alternatives = [word].concat(this.synonyms.get(word) || []), n = this.docs.length, c = this.corpora;
    var inText = new Float64Array(n), inTitle = new Float64Array(n), df = 0;
    var title = new Int32Array(n), english = new Int32Array(n), context = new Int32Array(n), d;
    var names = new Int32Array(n), inNames = new Int32Array(n);
    for (var a = 0; a < alternatives.length; a++) {
      var alt = alternatives[a];
      countInCorpus(c.text, alt, inText);
      title.fill(0); english.fill(0); context.fill(0); names.fill(0);
      countInCorpus(c.title, alt, title);
      countInCorpus(c.english, alt, english);
      countInCorpus(c.context, alt, context);
      countInCorpus(c.names, alt, names);
      // in the order a per-document count adds them, so the sums (and ties) are the same to the last bit
      for (d = 0; d < n; d++) {
        if (title[d] || names[d]) inTitle[d] += title[d] + names[d];  // an everyday name ranks as the title
        if (english[d] || context[d]) inTitle[d] += english[d] + 0.4 * context[d];
        inNames[d] += names[d];
      }
    }
    var term = this.term(word, alternatives, inText, inTitle);
    term.inNames = inNames;  // of inTitle, what the page top's everyday names hold (they rank the page only)
    return term;
  };

  /** A term from its per-document counts. It weighs by how few pages hold it (IDF over pages, not sections): a word
   * found on most articles (庄家, 叫牌, 处理, 之前) counts little, a word of few articles much. */
  Engine.prototype.term = function (word, alternatives, inText, inTitle) {
    var df = 0, onPages = 0, seen = new Uint8Array(this.pages.length), docs = this.docs;
    for (var d = 0; d < docs.length; d++) {
      if (!inText[d] && !inTitle[d]) continue;
      df++;
      var p = docs[d].page.number;
      if (!seen[p]) { seen[p] = 1; onPages++; }
    }
    var P = this.pages.length;
    return {
      word: word, alternatives: alternatives, inText: inText, inTitle: inTitle, df: df, pages: onPages, weak: false,
      idf: rarity(onPages, P) * (this.common.get(word) || 1)
    };
  };

  /** The citations of an article reference: 第N条 (in its own book's pages when a book is named) and, with a book
   * word, 规则N / 规则第N条 / 裁判法第N条 wherever they stand. */
  Engine.prototype.citations = function (ref) {
    var plain = "第" + ref.number + "条", term = this.match(plain);
    if (ref.book === null) return term;
    var names = { laws: ["规则第" + ref.number + "条", "规则" + ref.number], regulations: ["裁判法第" + ref.number + "条"] }[ref.book];
    var named = this.match(names[0]);
    if (names[1]) { var more = this.match(names[1]); for (var k = 0; k < this.docs.length; k++) { named.inText[k] += more.inText[k]; named.inTitle[k] += more.inTitle[k]; } }
    for (var d = 0; d < this.docs.length; d++) {
      var own = this.docs[d].raw.location.indexOf(ref.book + "/") === 0;
      term.inText[d] = (own ? term.inText[d] : 0) + named.inText[d];
      term.inTitle[d] = (own ? term.inTitle[d] : 0) + named.inTitle[d];
    }
    return this.term(plain, [plain].concat(names), term.inText, term.inTitle);
  };

  /** A run the text never has, with a synonym inside it said the rulebook's way (没听清 → 未听清, 20 A 未听清叫牌), when
   * the text has that: one term, or null. */
  Engine.prototype.reword = function (word) {
    var self = this, found = null;
    if (!HAN_RUN.test(word)) return null;
    this.synonyms.forEach(function (rulebook, key) {
      var at = word.indexOf(key);
      if (found || at === -1 || key === word || !HAN_RUN.test(key)) return;
      rulebook.forEach(function (r) {
        if (found || !HAN_RUN.test(r)) return;
        var term = self.match(word.slice(0, at) + r + word.slice(at + key.length));
        if (term.df > 0) found = term;
      });
    });
    return found;
  };

  /** Words that match nothing are cut finer; single characters beside longer words become weak terms. */
  Engine.prototype.matchWords = function (words) {
    var terms = [], self = this;
    words.forEach(function (word) {
      var term = self.match(word);
      // A run the corpus never has as a word or inside one (名手: only across 报名|手续) that sounds like one of
      // its words is read as that word.
      var tried = HAN_RUN.test(word) && word.length > 1 && !self.synonyms.has(word) && !self.insideWord(word);
      if (tried) {
        var corrected = self.correct(word);
        if (corrected) { terms.push(corrected); return; }
      }
      if (term.df > 0 || word.length < 2) { terms.push(term); return; }
      // a run found nowhere, though inside a longer word (手攻 of 抢手攻击): read as its homophone all the same
      var alike = !tried && HAN_RUN.test(word) && !self.synonyms.has(word) ? self.correct(word) : null;
      if (alike) { terms.push(alike); return; }
      var reworded = self.reword(word);  // 没听清 as 未听清: a synonym inside a run the text has otherwise
      if (reworded) { terms.push(reworded); return; }
      var runs = word.match(RUN) || [];
      if (runs.length > 1) {
        var split = [];
        runs.forEach(function (run) {
          if (HAN_RUN.test(run)) split.push.apply(split, self.glue(self.segment(run))); else split.push(run);
        });
        terms.push.apply(terms, self.matchWords(split.filter(function (w) { return !self.stopwords.has(w); })));
        return;
      }
      if (!HAN_RUN.test(word)) { terms.push(term); return; }
      var parts = self.segment(word, word);
      if (parts.length === 1) parts = word.split("");
      parts = parts.filter(function (p) { return !self.stopwords.has(p); });
      var found = parts.map(function (p) { return self.match(p); }).filter(function (t) { return t.df > 0; });
      found.forEach(function (t) { if (t.word.length === 1 && !self.synonyms.has(t.word)) t.stray = true; });
      // Only stray characters: a pair of them found nowhere that sounds like a word (全利 of 全利有: 权利); else the
      // run's neighbouring pairs that the text has (叫牌卡换 → 叫牌, 牌卡, …)
      if (found.every(function (t) { return t.stray; })) {
        var heard = [];
        for (var i = 0; i + 2 <= word.length; i++) {
          var pair = word.slice(i, i + 2);
          if (self.match(pair).df === 0) { var fix = self.correct(pair); if (fix) heard.push(fix); }
        }
        if (heard.length) { terms.push.apply(terms, heard); return; }
        var pairs = self.bigrams([word]);
        if (pairs.length) found = pairs;
      }
      if (found.length) terms.push.apply(terms, found);
      else terms.push(term);
    });
    var seen = new Set();
    terms = terms.filter(function (t) { if (seen.has(t.word)) return false; seen.add(t.word); return true; });
    // Single characters count only when nothing longer matches.
    var strong = terms.some(function (t) { return t.word.length > 1 && t.df > 0; });
    // (a character with a reviewed synonym, 慢 or 亮, is a word).
    if (strong) terms.forEach(function (t) {
      if (t.word.length === 1 && HAN_RUN.test(t.word) && !self.synonyms.has(t.word)) t.weak = true;
    });
    return terms;
  };

  Engine.prototype.scoreDoc = function (d, terms, phrases) {
    var doc = this.docs[d], score = 0, covered = 0, held = 0, own = 0, opening = 0;
    var norm = K1 * (1 - B + B * doc.length / this.averageLength);
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i], tf = t.inText[d], th = t.inTitle[d];
      if (!tf && !th) continue;
      var ownTitle = th - (t.inNames ? t.inNames[d] : 0);  // its headings, not the page top's everyday names
      if (!t.weak && !t.secondary) { covered++; held += t.idf; }
      // held by the section itself, not the page top's names (a part of a name, 迟到 of 迟到罚分, at half weight)
      if (!t.weak && (tf || ownTitle > 0)) own += (t.secondary ? SECONDARY_WEIGHT : 1) * t.idf;
      var titleWeight = th ? Math.min(th, 1) * (doc.isTop ? PAGE_TITLE_WEIGHT : SECTION_TITLE_WEIGHT) : 0;
      var weight = t.weak ? WEAK_WEIGHT : t.secondary ? SECONDARY_WEIGHT : t.corrected ? CORRECTED_WEIGHT :
        t.bigram ? BIGRAM_WEIGHT : 1;
      var inText = tf * (K1 + 1) / (tf + norm);
      score += weight * t.idf * (inText + titleWeight);
      // where the result opens: the section's own text and headings, not the page top's everyday names
      opening += weight * t.idf * (inText + (ownTitle > 0 ? titleWeight : 0));
    }
    for (var j = 0; covered && j < phrases.length; j++) {
      var p = phrases[j], n = p.inText[d] + p.inTitle[d];
      if (n) score += PHRASE_WEIGHT * p.idf * n * (K1 + 1) / (n + norm);
    }
    // weight: the IDF of the query's words it holds; own: of those, the ones it holds in its own text or titles
    return { score: score, covered: covered, weight: held, own: own, opening: opening };
  };

  /** 2: the query is the page's title (or English title); 1.5: a clause heading; 1: the title starts with it. */
  Engine.prototype.titleRank = function (page, core) {
    if (core.length < 2) return 0;
    var best = 0;
    for (var i = 0; i < page.docs.length; i++) {
      var doc = this.docs[page.docs[i]];
      var cores = doc.isTop ? [doc.core, doc.englishCore] : [doc.core];
      for (var c = 0; c < cores.length; c++) {
        var title = cores[c];
        if (!title) continue;
        if (title === core) best = Math.max(best, doc.isTop ? 2 : 1.5);
        else if (doc.isTop && title.indexOf(core) === 0 && core.length >= LEADING_TITLE_SHARE * title.length)
          best = Math.max(best, 1);
      }
    }
    return best;
  };

  /** How much of the page's title (or English title) the best-matching word fills: among pages that score
   * alike, Correction of a Revoke answers `revoke` more closely than Failure to Follow Suit - Inquiries
   * Concerning a Revoke. */
  Engine.prototype.titleShare = function (page, terms) {
    var doc = this.docs[page.top], best = 0;
    [doc.title, doc.english].forEach(function (title) {
      if (!title) return;
      terms.forEach(function (t) {
        if (t.weak) return;
        t.alternatives.forEach(function (alt) { if (title.indexOf(alt) !== -1) best = Math.max(best, alt.length / title.length); });
      });
    });
    return best;
  };

  /** For a query that found nothing: what it searched for (its words, stop words out) and the nearest words the index
   * knows, by shared characters, sound (a character read alike, once the pinyin table is in) and, for letters, edit
   * distance to an English word or a synonym; words of titles and everyday names first. {searched, words}: in the
   * reader's own script (as the text writes them), at most SUGGESTIONS words. `few`: the query found little; the
   * words nearest to those of its words that found nothing (to all its words, when each found something), none of
   * the words it searched for. */
  Engine.prototype.suggest = function (query, few) {
    var parsed = this.parse(query), self = this, text = this.fold(String(query).normalize("NFKC"));
    var missed = few ? parsed.words.filter(function (w) { return !self.match(w).df; }) : [];
    var near = few ? (missed.length ? missed : parsed.words).join(" ") : text;
    var chars = new Set((near.match(HAN_RUNS) || []).join("").split("").filter(function (c) { return !self.stopwords.has(c); }));
    var latin = (near.match(/[a-z]+(?: [a-z]+)*/g) || []).join(" ");
    var headline = this.corpora.title.text + this.corpora.names.text + this.corpora.english.text;
    var scored = [];
    this.vocabulary.forEach(function (w) {
      if (w.length < 2 || self.stopwords.has(w) || !HAN_RUN.test(w) || !chars.size) return;
      if (few && parsed.words.indexOf(w) !== -1) return;  // searched already
      var shared = 0, alike = 0;
      for (var i = 0; i < w.length; i++) {
        if (chars.has(w[i])) shared++;
        else if (self.pinyin && Array.from(chars).some(function (c) { return self.soundAlike(c, w[i]); })) alike++;
      }
      // a word sharing a character, or one that reads as the whole query (chars all read alike)
      if (!shared && !(alike === w.length && w.length === chars.size)) return;
      var score = shared + 0.6 * alike;
      scored.push({ word: w, score: score / Math.max(w.length, chars.size) + (headline.indexOf(w) !== -1 ? 0.3 : 0) });
    });
    if (latin) {
      var known = new Set();
      this.englishWords.forEach(function (w) { known.add(w); });
      this.phraseKeys.forEach(function (w) { known.add(w); });
      [latin].concat(latin.split(" ")).forEach(function (typed) {
        if (typed.length < 3 || self.stopwords.has(typed)) return;
        var limit = typed.length < 6 ? 1 : 2;
        known.forEach(function (w) {
          if (w.length < 3 || self.stopwords.has(w)) return;
          var distance = editDistance(typed, w);
          if (distance <= limit && distance > 0) scored.push({ word: w, score: 1.5 - distance / 4 });
        });
      });
    }
    scored.sort(function (a, b) { return b.score - a.score || a.word.length - b.word.length || (a.word < b.word ? -1 : 1); });
    var words = [];
    for (var k = 0; k < scored.length && words.length < SUGGESTIONS; k++) {
      var shown = this.asWritten(scored[k].word);
      if (shown && words.indexOf(shown) === -1) words.push(shown);
    }
    // the words searched for as the reader typed them (folding keeps every character in its place)
    var typed = String(query).normalize("NFKC"), searched = [];
    parsed.words.forEach(function (w) {
      var at = self.stopwords.has(w) ? -1 : text.indexOf(w);
      if (at !== -1 && typed.length === text.length) searched.push(typed.substr(at, w.length));
      else if (!self.stopwords.has(w)) searched.push(w);
    });
    return { searched: searched.length ? searched : [typed.trim()], words: words };
  };

  /** A folded word as the index's text writes it (the traditional edition's characters), or null when no page has it. */
  Engine.prototype.asWritten = function (word) {
    var fields = [["title", "title"], ["text", "text"], ["english", "english"], ["names", "names"]];
    for (var f = 0; f < fields.length; f++) {
      var corpus = this.corpora[fields[f][0]], at = corpus.text.indexOf(word);
      if (at === -1) continue;
      var d = 0;
      while (corpus.starts[d + 1] <= at) d++;
      var raw = this.docs[d].raw, offset = at - corpus.starts[d];
      var original = fields[f][1] === "names" ? (raw.names || []).join(NAME_SEPARATOR) : raw[fields[f][1]] || "";
      return original.substr(offset, word.length);
    }
    return null;
  };

  function editDistance(a, b) {
    if (Math.abs(a.length - b.length) > 2) return 3;
    var row = [];
    for (var j = 0; j <= b.length; j++) row.push(j);
    for (var i = 1; i <= a.length; i++) {
      var last = row[0];
      row[0] = i;
      for (var k = 1; k <= b.length; k++) {
        var keep = row[k];
        row[k] = Math.min(row[k] + 1, row[k - 1] + 1, last + (a[i - 1] === b[k - 1] ? 0 : 1));
        last = keep;
      }
    }
    return row[b.length];
  }

  /** Highlight every occurrence of the given needles in `original` (matched on its folded twin). */
  function markRanges(folded, needles, from, to) {
    var ranges = [];
    needles.forEach(function (needle) {
      if (!needle) return;
      var at = folded.indexOf(needle, Math.max(0, from - needle.length + 1));
      while (at !== -1 && at < to) { ranges.push([at, at + needle.length]); at = folded.indexOf(needle, at + 1); }
    });
    ranges.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var merged = [];
    ranges.forEach(function (r) {
      var last = merged[merged.length - 1];
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else merged.push([r[0], r[1]]);
    });
    return merged;
  }

  function renderMarked(original, ranges, from, to) {
    var out = "", at = from;
    ranges.forEach(function (r) {
      var s = Math.max(r[0], from), e = Math.min(r[1], to);
      if (e <= s) return;
      out += escapeHTML(original.slice(at, s)) + "<mark>" + escapeHTML(original.slice(s, e)) + "</mark>";
      at = e;
    });
    return out + escapeHTML(original.slice(at, to));
  }

  Engine.prototype.renderItem = function (d, terms, score) {
    var doc = this.docs[d], raw = doc.raw, needles = [], found = {};
    // The query's words are marked (and sent to the page for highlighting), not its stray single characters, nor
    // a single character a word stands for (没 searched as 未, 罚 as 判罚/处罚 and 罚): on the opened page that
    // would mark every 未 and every 罚.
    function singleCharacter(alt) { return alt.length === 1 && HAN_RUN.test(alt); }
    var marked = terms.filter(function (t) { return !t.weak && !t.alternatives.every(singleCharacter); })
      .sort(function (a, b) { return b.idf - a.idf; });
    var first = -1;
    marked.forEach(function (t) {
      t.alternatives.forEach(function (alt) {
        if (singleCharacter(alt)) return;
        needles.push(alt);
        var inTitle = doc.title.indexOf(alt), inText = doc.text.indexOf(alt);
        if (found[t.word] === undefined && (inTitle !== -1 || inText !== -1)) {
          found[t.word] = inTitle !== -1 ? raw.title.substr(inTitle, alt.length) : raw.text.substr(inText, alt.length);
        }
        if (first === -1 && inText !== -1) first = inText;
      });
    });
    var termMap = {};
    marked.forEach(function (t) {
      if (found[t.word] !== undefined) termMap[found[t.word]] = true;
      else if (score > 0 && !(doc.isTop && (doc.english.indexOf(t.word) !== -1 || doc.context.indexOf(t.word) !== -1))
               && !t.alternatives.some(function (alt) { return doc.title.indexOf(alt) !== -1 || doc.text.indexOf(alt) !== -1; }))
        termMap[t.word] = false;  // missing from this result (found only as a single character is not missing)
    });
    // An article whose text all sits in clauses: its teaser is the opening of its first clause.
    var source = doc;
    if (doc.isTop && !raw.text) {
      var docs = this.docs;
      var next = doc.page.docs.filter(function (i) { return docs[i].raw.text; })[0];
      if (next !== undefined) { source = docs[next]; first = needles.length ? source.text.indexOf(needles[0]) : -1; }
    }
    var sourceText = source.raw.text;
    var start = first === -1 ? 0 : Math.max(0, first - SNIPPET_BEFORE);
    var end = Math.min(sourceText.length, start + SNIPPET_LENGTH);
    var text = "";
    if (doc.isTop && raw.english && marked.some(function (t) { return doc.english.indexOf(t.word) !== -1; })) {
      text += "<p>" + renderMarked(raw.english, markRanges(doc.english, needles, 0, raw.english.length), 0, raw.english.length) + "</p>";
    }
    if (end > start) {
      text += "<p>" + (start > 0 ? "…" : "") +
        renderMarked(sourceText, markRanges(source.text, needles, start, end), start, end) +
        (end < sourceText.length ? "…" : "") + "</p>";
    }
    // Every result names its book and article: 规则第27条 不足叫牌, 规则第27条 · C. 越序的不足叫牌.
    // A missing Law's 本站译名 and 来源缺 after its title are the labels its page shows, not words of the title.
    var page = doc.page, marks = doc.isTop && page.missing ? MISSING_LABELS.exec(doc.title) : null;
    var cut = marks ? marks.index : raw.title.length;
    var title = renderMarked(raw.title, markRanges(doc.title, needles, 0, cut), 0, cut);
    if (page.book) {
      if (doc.isTop) title = escapeHTML(ARTICLE_PREFIX.test(doc.title) ? page.book : page.label + " ") + title;
      else title = escapeHTML(page.label) + " · " + title;
    }
    if (marks) title += missingLabels(raw.title, doc.title, cut);
    return { location: raw.location, title: title, text: text, score: score, terms: termMap };
  };

  /** How much of the query's weight a page holds, in COVERAGE_STEPS steps (pages alike in it are ranked by score). */
  function coverage(weight, total) {
    return total > 0 ? Math.min(COVERAGE_STEPS, Math.round(COVERAGE_STEPS * weight / total)) : 0;
  }

  function share(weight, total) {
    return total > 0 ? weight / total : 0;
  }

  function sumOf(words, weights) {
    var sum = 0;
    words.forEach(function (w) { sum += weights.get(w) || 0; });
    return sum;
  }

  Engine.prototype.referenceRank = function (page, references) {
    var best = 0;
    if (!page.article) return 0;
    references.forEach(function (ref) {
      if (ref.number !== page.article.number) return;
      if (ref.book !== null && ref.book !== page.article.book) return;  // 规则42 never lifts 裁判法第42条
      var rank = ref.book === null ? 2 : 3;
      if (page.article.slug.indexOf("-") !== -1) rank -= 0.5;  // a second article with the same number after the first
      best = Math.max(best, rank);
    });
    return best;
  };

  /** Search: Material's SearchResult, one group per page, best page first, page top or best clause first in a group. */
  Engine.prototype.search = function (query) {
    this.wantsPinyin = false;
    var parsed = this.parse(query);
    if (!parsed.words.length && !parsed.references.length) return { items: [] };
    var terms = this.queryTerms(parsed);
    if (!terms) return this.wantsPinyin ? { items: [], needsPinyin: true } : { items: [] };
    var engine = this;
    var phrases = parsed.phrases.map(function (p) { return engine.match(p); }).filter(function (p) { return p.df; });
    var ranked = this.rankPages(parsed, terms, phrases);
    var items = this.resultGroups(ranked, terms);
    this.noteWhatWasRead(items, terms);
    var result = { items: items };
    if (this.wantsPinyin) result.needsPinyin = true;
    if (foundLittle(ranked)) result.few = true;
    return result;
  };

  /** The terms a parsed query is searched by, or null when nothing can be. */
  Engine.prototype.queryTerms = function (parsed) {
    var terms = parsed.pinyin || this.matchWords(parsed.words), self = this;
    terms.forEach(function (t) { if (parsed.secondary.has(t.word)) t.secondary = true; });
    // Nothing but stray single characters matched: the query's neighbouring pairs of characters (stop words left
    // out) that the text has, across the cuts of the words (权利明手的 → 权利, 明手); when none, no answer is better
    // than a confident wrong one (藏牌, cut into 藏 + 牌).
    if (terms.length && !parsed.references.length && terms.every(function (t) { return t.weak || t.stray || !t.df; })) {
      terms = this.bigrams(parsed.runs);
      if (!terms.length) return null;
    }
    // A bare article reference still finds the articles that cite it ("参阅第26条"); with a book word, only
    // that book's own citations (第42条 inside the Laws, 规则42 / 规则第42条 anywhere) count.
    if (!terms.length) parsed.references.forEach(function (ref) { terms.push(self.citations(ref)); });
    return terms;
  };

  /** The query's pairs of characters (as typed, stop words kept) and their total weight: how rare a title or an
   * everyday name with each pair is. */
  Engine.prototype.queryGrams = function (parsed) {
    var grams = new Set(), total = 0, engine = this;
    (parsed.hanRuns || []).forEach(function (run) {
      for (var i = 0; i + 2 <= run.length; i++) {
        var g = run.substr(i, 2);
        if (grams.has(g)) continue;
        grams.add(g);
        // a pair no title or name holds but the text does is a word of the question too: it weighs as the rarest
        if (engine.gramIdf.has(g)) total += engine.gramIdf.get(g);
        else if (engine.corpora.text.text.indexOf(g) !== -1) total += engine.gramIdfMax;
      }
    });
    return { grams: grams, total: total };
  };

  /** The pages that hold the query, best first, each with its scored sections. */
  Engine.prototype.rankPages = function (parsed, terms, phrases) {
    // What the query is about: each word weighs its IDF over pages, so a page with the query's rare (topical) words
    // comes before one with its common ones, however often those stand there (coordination).
    var idfOf = new Map(), totalWeight = 0, engine = this;
    terms.forEach(function (t) {
      if (t.weak || !t.df) return;
      idfOf.set(t.word, t.secondary ? SECONDARY_WEIGHT * t.idf : t.idf);
      if (!t.secondary) totalWeight += t.idf;
    });
    var query = this.queryGrams(parsed), ranked = [];
    for (var p = 0; p < this.pages.length; p++) {
      var page = this.pages[p], found = this.scorePage(page, terms, phrases);
      var gram = 0, own = this.pageGrams[p];
      query.grams.forEach(function (g) { if (own.has(g)) gram += engine.gramIdf.get(g); });
      var reference = this.referenceRank(page, parsed.references);
      if (!found.scored.length && !reference && share(gram, query.total) < 0.5) continue;
      if (!reference && !found.covered.size && found.scored.length) continue;  // weak characters alone
      // An article's words may sit in different clauses; a listing or the glossary is unrelated entries, so
      // there only one section counts.
      var held = page.article ? sumOf(found.covered, idfOf) : found.bestWeight;
      ranked.push({
        page: page, scored: found.scored, reference: reference,
        title: this.titleRank(page, parsed.core), titleShare: this.titleShare(page, terms),
        // the share of the query's weight it holds, beside the share of the query's pairs of characters its title
        // and everyday names hold: a question worded otherwise than the names still meets them
        covered: coverage(share(held, totalWeight) + share(gram, query.total), 2),
        article: page.article ? 1 : 0,  // an article (with text or 来源缺) 1, a listing or note 0
        score: found.best + 0.25 * Math.min(found.sum - found.best, 2 * found.best)
      });
    }
    ranked.sort(function (a, b) {
      // Articles asked for by number; the page whose title the query is; then pages by the share of the query they
      // hold (its words, and the pairs of characters of its title and names); articles before listings and notes
      // (an article the sources lack, whose page names its matter, counts as one: it is the answer to a question
      // about it); then by score; among equal scores, the title the words fill most.
      return b.reference - a.reference || b.title - a.title || b.covered - a.covered ||
        b.article - a.article || b.score - a.score || b.titleShare - a.titleShare || a.page.top - b.page.top;
    });
    return ranked;
  };

  /** A page's sections scored for the query: {scored: [{d, score}], covered: the terms it holds, best, sum,
   * bestWeight}. */
  Engine.prototype.scorePage = function (page, terms, phrases) {
    var covered = new Set(), scored = [], best = 0, sum = 0, bestWeight = 0;
    for (var i = 0; i < page.docs.length; i++) {
      var d = page.docs[i], s = this.scoreDoc(d, terms, phrases);
      if (s.score <= 0) continue;
      terms.forEach(function (t) { if (!t.weak && (t.inText[d] || t.inTitle[d])) covered.add(t.word); });
      // Within a page, a clause with more of the words comes first (it is where the result opens); a page top's
      // everyday names rank the page, not where it opens.
      scored.push({ d: d, score: s.own * 100 + s.opening });
      sum += s.score;
      if (s.score > best) best = s.score;
      if (s.weight > bestWeight) bestWeight = s.weight;
    }
    return { scored: scored, covered: covered, best: best, sum: sum, bestWeight: bestWeight };
  };

  /** Material's result groups for the ranked pages: a page's best sections first, its top among them. */
  Engine.prototype.resultGroups = function (ranked, terms) {
    var engine = this;
    // Material renders every page sent; nobody reads past the first few dozen on a phone.
    var items = ranked.slice(0, MAX_PAGES).map(function (entry) {
      var scored = entry.scored.sort(function (a, b) { return b.score - a.score; });
      if (entry.reference || entry.title >= 2) {
        // The article asked for by number or by its title opens at its top.
        var top = scored.filter(function (s) { return s.d === entry.page.top; })[0];
        var lift = (scored.length ? scored[0].score : 0) + 1;
        if (top) top.score = lift; else scored.push({ d: entry.page.top, score: lift });
        scored.sort(function (a, b) { return b.score - a.score; });
      }
      // Material lists the best sections and folds the rest under "n more on this page": send a handful.
      var group = scored.slice(0, SECTIONS_PER_PAGE).map(function (s) { return engine.renderItem(s.d, terms, s.score); });
      if (!scored.slice(0, SECTIONS_PER_PAGE).some(function (s) { return s.d === entry.page.top; }))
        group.push(engine.renderItem(entry.page.top, terms, 0));
      return group;
    });
    // Enter opens the first-listed link of highest score (Material's search keyboard: each result's first section,
    // by data-md-score), so the first result's must be the highest: lift each above those listed after it.
    for (var g = items.length - 2, floor = items.length ? items[items.length - 1][0].score : 0; g >= 0; g--) {
      if (items[g][0].score <= floor) items[g][0].score = floor + 1;
      floor = items[g][0].score;
    }
    return items;
  };

  /** A word read as its homophone or its pinyin, or only pairs of characters found: the first result says what was
   * searched for (按“明手”查找), in the text's own script. */
  Engine.prototype.noteWhatWasRead = function (items, terms) {
    var read = [], engine = this;
    terms.forEach(function (t) {
      if (t.corrected) read.push.apply(read, t.corrected.read);
      else if (t.bigram && read.length < 4) read.push(t.word);
    });
    if (!read.length || !items.length) return;
    var note = "<p class=\"rulebook-search-note\">按" + read.map(function (w) {
      return "“" + escapeHTML(engine.asWritten(w) || w) + "”";
    }).join("、") + "查找</p>";
    items[0][0].text = note + items[0][0].text;
  };

  /** Little found (issue 43, never a dead end): results, but at most FEW_PAGES pages, or none holding more than
   * FEW_COVERED of COVERAGE_STEPS of the query's weight (its words mostly not found). A good answer is never little,
   * however alone: an article asked for by number or by its title, or a page holding the whole query. The page
   * offers the nearest words below such a list. */
  function foundLittle(ranked) {
    if (!ranked.length) return false;
    if (ranked.some(function (e) { return e.reference || e.title >= 2 || e.covered >= COVERAGE_STEPS; })) return false;
    return ranked.length <= FEW_PAGES || ranked.every(function (e) { return e.covered <= FEW_COVERED; });
  }

  /* ------------------------------------------------------------------------ */

  var engine = null;
  var deferred = null;   // {url} of the full index while it is not loaded (hosted site)
  var loading = null;    // the fetch of the full index, once started
  var waiting = [];      // queries that arrived while the index was loading
  var siteRoot = null;   // where the full index's own URLs (the pinyin table) are relative to (hosted site)
  var latest = null;     // the last query asked: answered again once the pinyin table is in
  var pinyinLoading = null;

  /** The answer to a query, or null when it waits for the pinyin table (one of its words may be a homophone slip):
   * the table is fetched and the latest query answered then, so the reader sees one result list, not two. */
  function answer(query, reply) {
    var data;
    try {
      data = engine.search(query);
    } catch (err) {
      console.warn("rulebook search: query " + JSON.stringify(query) + " failed", err);
      data = { items: [] };
    }
    if (data.needsPinyin || (!data.items.length && !engine.pinyin && String(query).trim())) {
      delete data.needsPinyin;
      if (engine.pinyinUrl) { loadPinyin(reply); return null; }  // homophones, and the nearest words by sound
    }
    if ((data.few || !data.items.length) && String(query).trim()) {
      try {
        data.suggest = engine.suggest(query, !!data.few);
      } catch (err) {
        console.warn("rulebook search: no suggestions for " + JSON.stringify(query), err);
      }
      tellPage({ type: "suggest", query: String(query), suggest: data.suggest || null, few: !!data.few });
    }
    return { type: RESULT, data: data };
  }

  /** What a query that found nothing (or little: `few`) searched for and the nearest words, for the page's
   * no-result state and its note under a short list (docs/assets/search/no-result.js), which does not see this
   * worker's answers to Material: over the "rulebook-search" channel (under file://, inside the iframe-worker shim,
   * the answer itself reaches the page as a window message, and carries `suggest` and `few`). */
  var pageChannel = null;
  function tellPage(message) {
    if (typeof BroadcastChannel !== "function") return;
    try {
      if (!pageChannel) pageChannel = new BroadcastChannel(LOAD_CHANNEL);
      pageChannel.postMessage(message);
    } catch (err) {
      pageChannel = null;  // an origin without channels (file://): the shim's message carries it
    }
  }

  /** Fetch the pinyin table (once); then answer the latest query. */
  function loadPinyin(reply) {
    if (pinyinLoading || !engine || !engine.pinyinUrl) return;
    var url = String(new URL(engine.pinyinUrl, siteRoot || self.location.href));
    pinyinLoading = fetch(url).then(function (response) {
      if (!response.ok) throw new Error(response.status + " " + response.statusText);
      return response.json();
    }).then(function (table) {
      engine.usePinyin(table);
    }).catch(function (err) {
      console.warn("rulebook search: could not load " + url, err);
      engine.pinyinUrl = null;  // homophones are not corrected; every other search goes on
    }).then(function () {
      var out = latest !== null ? answer(latest, reply) : null;
      if (out) reply(out);
    });
  }

  /** Fetch and set up the full index (once); then answer the queries that waited for it. */
  function load(reply) {
    if (loading || !deferred) return;
    loading = fetch(deferred.url).then(function (response) {
      if (!response.ok) throw new Error(response.status + " " + response.statusText);
      return response.json();
    }).then(function (index) {
      engine = new Engine(index);
      deferred = null;
      var queries = waiting;
      waiting = [];
      var out = queries.length ? answer(queries[queries.length - 1], reply) : null;
      if (out) reply(out);
    }).catch(function (err) {
      console.warn("rulebook search: could not load " + deferred.url, err);
      loading = null;
      waiting = [];
    });
  }

  function handle(message, reply) {
    switch (message.type) {
      case SETUP:
        var data = message.data.config && message.data.config.rulebook;
        if (data && data.index && !(message.data.docs && message.data.docs.length)) {
          siteRoot = String(data.base ? new URL(data.base, self.location.href) : self.location.href);
          deferred = { url: String(new URL(data.index, siteRoot)) };
          listenForLoad(reply);
        } else {
          engine = new Engine(message.data);
        }
        return reply({ type: READY });
      case QUERY:
        latest = message.data;
        if (engine) { var out = answer(message.data, reply); if (out) reply(out); return; }
        if (!String(message.data).trim()) return reply({ type: RESULT, data: { items: [] } });
        waiting.push(message.data);
        return load(reply);
      default:
        throw new TypeError("rulebook search: invalid message type " + JSON.stringify(message.type));
    }
  }

  /** The page says search is wanted (search touched or opened): start loading the index. */
  function listenForLoad(reply) {
    if (typeof BroadcastChannel !== "function") return;
    var channel = new BroadcastChannel(LOAD_CHANNEL);
    channel.onmessage = function (ev) { if (ev.data && ev.data.type === "load") load(reply); };
    channel.postMessage({ type: "ready" });  // the page may have asked before this worker listened
  }

  if (typeof module === "object" && module.exports) {
    module.exports = { Engine: Engine, handle: handle };  // for bench/ and command-line checks with node
  } else {
    addEventListener("message", function (ev) { handle(ev.data, function (out) { postMessage(out); }); });
  }
})();
