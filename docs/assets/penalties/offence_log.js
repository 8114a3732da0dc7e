/* 本场记录: the event's rulings kept on this device (localStorage, no server; file:// and offline too). Under every
 * calculator that counts offences (calculators.yml `log`: the input that counts them, and the inputs that make two
 * rulings the same offence), a field names the team or pair and one tap records the ruling shown; once a team is
 * named, the count input is set from the log (a flag ticked after one record, 第几次 = records + 1), so the next
 * ruling for the same offender and article is a repeat. The team stays named after a record (× clears it with one
 * tap), and each team already in the log is a button under the field: a second entry for it needs no typing. While
 * the field has the focus the field and its note stay inside the visual viewport (the phone's keyboard up), and the
 * calculator above does not scroll to its answer (calculators.js). The list, by team, exports CSV (UTF-8 with BOM, for Excel)
 * that imports again; clearing asks first. Widgets dispatch `rulebook:ruling` (calculators.js render); loader.js
 * mounts this after each page change of Material's instant navigation. */
(function () {
  "use strict";
  var DATA = window.RULEBOOK_PENALTIES, SPEC = {}, STORE = "rulebook:offence-log";
  DATA.calculators.forEach(function (c) { if (c.log) SPEC[c.name] = c; });
  var HEAD = ["时间", "当事方", "条文", "第几次", "事由", "判罚", "裁决全文"];
  /* the traditional edition writes these words in its own script (the build converts this file's text): a log
     kept, or a file exported, in one script counts in the other too: the seven characters of the log's words that
     differ, traditional to simplified, written as escapes, which the conversion leaves alone */
  var SAME_WORD = { "\u6642": "\u65f6", "\u9593": "\u95f4", "\u7576": "\u5f53", "\u689d": "\u6761",
                    "\u5e7e": "\u51e0", "\u7f70": "\u7f5a", "\u6c7a": "\u51b3" };
  function canon(text) {
    return String(text).replace(/[\u6642\u9593\u7576\u689d\u5e7e\u7f70\u6c7a]/g, function (c) { return SAME_WORD[c]; });
  }
  var FIELDS = ["time", "team", "offence", "count", "subject", "headline", "ruling"];
  /* the calculators' element builder and copy button (calculators.js, loaded first), shared by every widget */
  function el(tag, attrs, children) { return window.RulebookPenalties.el(tag, attrs, children); }

  /* ---------- the log itself ---------- */
  function valid(r) {
    return r && typeof r.team === "string" && r.team && typeof r.offence === "string" && r.offence &&
      /^[1-9][0-9]*$/.test(String(r.count));
  }
  function records() {
    try {
      var list = JSON.parse(window.localStorage.getItem(STORE) || "[]");
      return Array.isArray(list) ? list.filter(valid) : [];
    } catch (e) { return []; }
  }
  function keep(list) {
    try { window.localStorage.setItem(STORE, JSON.stringify(list)); return true; } catch (e) { return false; }
  }
  function previous(team, offence) {
    return records().filter(function (r) { return r.team === team && canon(r.offence) === canon(offence); }).length;
  }
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function now() {
    var d = new Date();
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " + two(d.getHours()) + ":" +
      two(d.getMinutes()) + ":" + two(d.getSeconds());
  }
  function inputOf(widget, name) {
    /* an input's value as the form shows it, or the page's fixed value (第34、37、38条 share one calculator) */
    var fixed = widget.getAttribute("data-fixed-" + name);
    if (fixed !== null) return fixed;
    var field = widget.querySelector(".penalty-fields [name=" + name.replace(/-/g, "_") + "]");
    return field ? field.value : "";
  }
  function offenceOf(widget, spec) {
    /* the article, and the inputs calculators.yml `log.same` names (第34条9, 第38条一): two rulings alike here are
       the same offence; read from the form, so that it is known before the ruling is complete */
    var number = widget.getAttribute("data-fixed-article") || spec.article.split("/")[1], text = "第" + number + "条";
    (spec.log.same || []).forEach(function (name) {
      var value = inputOf(widget, name), items = DATA.items[number];
      var item = name === "item" && items && items.filter(function (e) { return e.item === value; })[0];
      text += item && item.label ? item.label : value;
    });
    return text;
  }

  /* ---------- CSV (RFC 4180; UTF-8 with BOM so that Excel reads the Chinese) ---------- */
  function csvCell(value) {
    var text = String(value === null || value === undefined ? "" : value);
    return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }
  function toCsv(list) {
    return "\uFEFF" + [HEAD].concat(list.map(function (r) { return FIELDS.map(function (f) { return r[f]; }); }))
      .map(function (row) { return row.map(csvCell).join(","); }).join("\r\n") + "\r\n";
  }
  function parseCsv(text) {
    var rows = [], row = [], cell = "", quoted = false, i = 0;
    text = text.replace(/^\uFEFF/, "");
    for (; i < text.length; i++) {
      var c = text[i];
      if (quoted) {
        if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
      } else if (c === '"') quoted = true;
      else if (c === ",") { row.push(cell); cell = ""; }
      else if (c === "\n" || c === "\r") {
        if (c === "\r" && text[i + 1] === "\n") i++;
        row.push(cell); rows.push(row); row = []; cell = "";
      } else cell += c;
    }
    if (cell || row.length) { row.push(cell); rows.push(row); }
    return rows.filter(function (r) { return r.length > 1 || r[0] !== ""; });
  }
  function fromCsv(text) {
    /* the records of an exported file, or an Error naming the line that is not one */
    var rows = parseCsv(text);
    if (!rows.length || canon(rows[0].join(",")) !== canon(HEAD.join(","))) throw new Error("第1行应为本场记录导出的表头：" + HEAD.join("，"));
    return rows.slice(1).map(function (row, i) {
      var r = {};
      FIELDS.forEach(function (f, k) { r[f] = row[k] === undefined ? "" : row[k]; });
      if (row.length !== HEAD.length || !valid(r)) throw new Error("第" + (i + 2) + "行不是一条完整的记录");
      r.count = Number(r.count);
      return r;
    });
  }
  function same(a, b) { return FIELDS.every(function (f) { return String(a[f]) === String(b[f]); }); }

  /* ---------- on each calculator ---------- */
  var panels = [];
  function countInput(widget, spec) {
    return widget.querySelector(".penalty-fields [name=" + spec.log.count.replace(/-/g, "_") + "]");
  }
  function drive(widget, spec, state) {
    /* the count input from the log, for the team named and the offence on screen */
    var team = state.team.value.trim();
    if (!team) { widget.removeAttribute("data-offence-count"); state.note.textContent = ""; return; }
    var offence = offenceOf(widget, spec), before = previous(team, offence), input = countInput(widget, spec);
    widget.setAttribute("data-offence-count", String(before));
    state.note.textContent = before
      ? "本场记录：" + team + "此前已有" + before + "次" + offence + "的违规，本次按第" + (before + 1) + "次计算"
      : "本场记录：" + team + "此前没有" + offence + "的违规";
    if (state.driven === team + "\n" + offence || !input) return;
    state.driven = team + "\n" + offence;
    if (input.type === "checkbox") {
      if (input.checked !== before > 0) {
        input.checked = before > 0;
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    } else if (input.value !== String(before + 1)) {
      input.value = String(before + 1);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  function record(widget, spec, state) {
    var result = JSON.parse(widget.getAttribute("data-result") || "null"), team = state.team.value.trim();
    if (!team) { state.status.textContent = "请先填写当事队或牌手"; state.team.focus(); return; }
    if (!result) { state.status.textContent = "输入有误，没有可记录的裁决"; return; }
    var offence = offenceOf(widget, spec), list = records(), count = previous(team, offence) + 1;
    list.push({ time: now(), team: team, offence: offence, count: count, subject: result.subject,
                headline: result.headline, ruling: result.ruling });
    if (!keep(list)) { state.status.textContent = "本设备不允许保存记录（浏览器存储被关闭）"; return; }
    state.status.textContent = "已记入：" + team + " " + offence + " 第" + count + "次。该队下一次" + offence + "的违规将按第" +
      (count + 1) + "次计算";
    state.driven = null;  /* the team stays named: its next offence is ruled as the next one at once */
    drive(widget, spec, state);
    refresh();
  }
  function keepInView(state) {
    /* the field and its note inside the visual viewport, below the header (the keyboard up shrinks it); nothing moves
       when both are in view already */
    if (document.activeElement !== state.team) return;
    var view = window.visualViewport, top = view ? view.offsetTop : 0, bottom = top + (view ? view.height : window.innerHeight);
    var header = document.querySelector(".md-header"), covered = header ? header.getBoundingClientRect().bottom : 0;
    var first = state.team.closest(".penalty-field").getBoundingClientRect(), last = state.note.getBoundingClientRect();
    var above = Math.max(top, covered) + 8, below = bottom - 8;
    if (first.top >= above && last.bottom <= below) return;
    window.scrollBy(0, last.bottom > below ? Math.min(last.bottom - below, first.top - above) : first.top - above);
  }
  function choose(widget, spec, state, team) {
    /* a team named: typed, chosen from the list, or cleared */
    state.team.value = team;
    state.driven = null;
    state.status.textContent = "";
    drive(widget, spec, state);
    state.clear.hidden = !team;
  }
  function attach(widget) {
    var spec = SPEC[widget.getAttribute("data-calculator")];
    if (!spec || widget.hasAttribute("data-offence-log") || !widget.querySelector(".penalty-form")) return;
    widget.setAttribute("data-offence-log", "1");
    var id = widget.id + "-offender";
    var state = { driven: null, status: el("span", { className: "offence-log-status", "aria-live": "polite" }),
                  note: el("p", { className: "offence-log-note", "aria-live": "polite" }),
                  team: el("input", { id: id, name: "offender", type: "text", autocomplete: "off",
                                      placeholder: "例：5号队、12号牌手", spellcheck: "false" }),
                  clear: el("button", { type: "button", className: "offence-log-team-clear", "aria-label": "清除当事方",
                                        title: "清除当事方", text: "×", hidden: "hidden" }) };
    /* the teams already in the log, one button each: a tap names the team (refresh fills it) */
    var teams = el("div", { className: "offence-log-teams", role: "group", "aria-label": "本场记录里的当事方" });
    var button = el("button", { type: "button", className: "md-button offence-log-record", text: "记入本场记录" });
    var entry = el("div", { className: "offence-log-entry" }, [
      el("div", { className: "penalty-field" }, [el("label", { "for": id, text: "当事队或牌手（本场记录）" }),
                                                 el("div", { className: "offence-log-team-row" }, [state.team, state.clear])]),
      state.note, teams, el("div", { className: "penalty-actions" }, [button, state.status])]);
    widget.appendChild(entry);
    var panel = buildPanel(widget);
    widget.appendChild(panel.node);
    panels.push({ node: panel.node, draw: panel.draw, teams: teams,
                  pick: function (team) { choose(widget, spec, state, team); } });
    state.team.addEventListener("input", function () {
      state.driven = null; state.clear.hidden = !state.team.value; drive(widget, spec, state); keepInView(state);
    });
    state.clear.addEventListener("click", function () { choose(widget, spec, state, ""); state.team.focus(); });
    if (window.visualViewport) window.visualViewport.addEventListener("resize", function () { keepInView(state); });
    button.addEventListener("click", function () { record(widget, spec, state); });
    widget.addEventListener("rulebook:ruling", function () { drive(widget, spec, state); });
    drive(widget, spec, state);
    refresh();
  }

  /* ---------- the list, by team, with CSV and clearing ---------- */
  function buildPanel(widget) {
    var summary = el("summary", { text: "本场记录" }), body = el("div", { className: "offence-log-list" });
    var exportButton = el("button", { type: "button", className: "md-button offence-log-export", text: "导出CSV" });
    var file = el("input", { type: "file", accept: ".csv,text/csv", className: "offence-log-file",
                             id: widget.id + "-import" });
    var importLabel = el("label", { "for": file.id, className: "md-button offence-log-import", text: "导入CSV" });
    var clearButton = el("button", { type: "button", className: "md-button offence-log-clear", text: "清空记录" });
    var status = el("span", { className: "offence-log-status", "aria-live": "polite" });
    var confirmBox = el("div", { className: "offence-log-confirm", role: "alertdialog", hidden: "hidden" });
    var node = el("details", { className: "offence-log" }, [summary, body,
      el("div", { className: "penalty-actions" }, [exportButton, importLabel, file, clearButton, status]), confirmBox]);
    function draw() {
      var list = records(), teams = [];
      summary.textContent = "本场记录（" + list.length + "条）";
      body.textContent = "";
      if (!list.length) body.appendChild(el("p", { className: "penalty-subject", text: "本设备上还没有记录。" }));
      list.forEach(function (r) { if (teams.indexOf(r.team) < 0) teams.push(r.team); });
      teams.sort(function (a, b) { return a.localeCompare(b, "zh"); }).forEach(function (team) {
        var own = list.filter(function (r) { return r.team === team; });
        body.appendChild(el("p", { className: "offence-log-team" }, [el("strong", { text: team }),
                                                                     el("span", { text: "（" + own.length + "条）" })]));
        body.appendChild(el("ol", {}, own.map(function (r) {
          var line = r.time + " " + r.offence + " 第" + r.count + "次：" + r.subject + "；" + r.headline;
          return el("li", { className: "offence-log-item", text: line });
        })));
      });
      exportButton.disabled = clearButton.disabled = !list.length;
      return teams;
    }
    exportButton.addEventListener("click", function () {
      var blob = new Blob([toCsv(records())], { type: "text/csv;charset=utf-8" });
      var a = el("a", { href: URL.createObjectURL(blob) });
      a.download = "本场记录-" + now().slice(0, 10).replace(/-/g, "") + ".csv";
      document.body.appendChild(a); a.click(); document.body.removeChild(a);
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 10000);
      status.textContent = "已导出" + records().length + "条";
    });
    file.addEventListener("change", function () {
      var chosen = file.files && file.files[0];
      if (!chosen) return;
      var reader = new FileReader();
      reader.onload = function () {
        try {
          var list = records(), added = 0;
          fromCsv(String(reader.result)).forEach(function (r) {
            if (!list.some(function (k) { return same(k, r); })) { list.push(r); added++; }
          });
          list.sort(function (a, b) { return a.time < b.time ? -1 : a.time > b.time ? 1 : 0; });
          status.textContent = keep(list) ? "已导入" + added + "条（重复的不再导入）" : "本设备不允许保存记录";
        } catch (e) { status.textContent = "导入失败：" + e.message; }
        file.value = "";
        refresh();
      };
      reader.readAsText(chosen, "utf-8");
    });
    clearButton.addEventListener("click", function () {
      var count = records().length;
      var yes = el("button", { type: "button", className: "md-button offence-log-clear-yes", text: "确定清空" });
      var no = el("button", { type: "button", className: "md-button offence-log-clear-no", text: "取消" });
      confirmBox.textContent = "";
      confirmBox.appendChild(el("p", { text: "确定清空本设备上本场全部" + count + "条记录？清空后不能恢复，可先导出CSV。" }));
      confirmBox.appendChild(el("div", { className: "penalty-actions" }, [yes, no]));
      confirmBox.hidden = false;
      yes.addEventListener("click", function () {
        keep([]); confirmBox.hidden = true; status.textContent = "已清空"; refresh();
      });
      no.addEventListener("click", function () { confirmBox.hidden = true; status.textContent = "未清空"; });
      no.focus();
    });
    return { node: node, draw: draw };
  }
  function refresh() {
    panels = panels.filter(function (p) { return document.body.contains(p.node); });
    panels.forEach(function (p) {
      var teams = p.draw();
      p.teams.textContent = "";
      if (teams.length) p.teams.appendChild(el("span", { className: "offence-log-teams-label", text: "已记录：" }));
      teams.forEach(function (t) {
        var pick = el("button", { type: "button", className: "offence-log-team-pick", text: t });
        pick.addEventListener("click", function () { p.pick(t); });
        p.teams.appendChild(pick);
      });
    });
  }
  function mount() {
    var widgets = document.querySelectorAll(".penalty-calculator[data-mounted]");
    for (var i = 0; i < widgets.length; i++) attach(widgets[i]);
  }
  window.addEventListener("storage", function (event) { if (event.key === STORE || event.key === null) refresh(); });
  window.RulebookOffenceLog = { mount: mount, toCsv: toCsv, fromCsv: fromCsv };
  mount();
})();
