/* The 同分名次表 form on the 第45条 page (<div class="tie-break-sheet">, scripts/penalties/widgets.py): the event,
 * one box of figures per team (the figures the event's steps compare, in their order), and the walk that
 * tie_break.js returns, each step with its clause linked and quoted. Mounted by loader.js, also after Material's
 * instant navigation swaps the page.
 * Kept and shared: every change writes the sheet into the page's address (tie-break.event=…&tie-break.1.name=…,
 * tie-break.1-2.vp=… for a match; replaceState) and onto the device (localStorage), so a reload, or a copied link,
 * opens the same sheet with the same result (the address first, then the device); 清空 asks first. */
(function () {
  "use strict";
  var SHEET = window.RULEBOOK_PENALTIES.tie_break_sheet;
  /* each step's outcome (scripts/penalties/tie_break.py) as its class, written whole: the stylesheet purge keeps only
     classes a page holds or a script names as a word (scripts/site/stylesheets.py) */
  var OUTCOME_CLASS = { equal: "tie-break-equal", separates: "tie-break-separates", playoff: "tie-break-playoff",
                        missing: "tie-break-missing" };
  var NAMES = ["甲队", "乙队", "丙队", "丁队", "戊队", "己队", "庚队", "辛队", "壬队", "癸队", "第11队", "第12队"];
  /* the calculators' element builder and copy button (calculators.js, loaded first), shared by every widget */
  function el(tag, attrs, children) { return window.RulebookPenalties.el(tag, attrs, children); }
  function copyText(text, status) { return window.RulebookPenalties.copyText(text, status); }
  var PREFIX = "tie-break.", STORE = "rulebook:tie-break-sheet";
  function fresh() { return { event: SHEET.event_order[0], teams: [{ name: NAMES[0] }, { name: NAMES[1] }], ruling: null }; }
  function flat(state) {
    /* the sheet as address parameters: [key, value] pairs, blanks left out */
    var pairs = [["event", state.event]];
    state.teams.forEach(function (team, i) {
      Object.keys(team).forEach(function (k) {
        /* the name always (a blank one too), any other figure when given */
        if (k !== "matches" && team[k] !== undefined && (team[k] !== "" || k === "name")) pairs.push([(i + 1) + "." + k, String(team[k])]);
      });
      Object.keys(team.matches || {}).forEach(function (j) {
        Object.keys(team.matches[j]).forEach(function (k) {
          if (team.matches[j][k] !== "") pairs.push([(i + 1) + "-" + (Number(j) + 1) + "." + k, String(team.matches[j][k])]);
        });
      });
    });
    return pairs;
  }
  function unflat(pairs) {
    /* [key, value] pairs back into a sheet; null when they name no known event (nothing kept there) */
    var state = fresh(), teams = [], event = null;
    pairs.forEach(function (pair) {
      var key = pair[0], value = pair[1], m;
      if (key === "event") { event = value; return; }
      if ((m = /^([1-9][0-9]?)\.([a-z_]+)$/.exec(key))) (teams[m[1] - 1] = teams[m[1] - 1] || {})[m[2]] = value;
      else if ((m = /^([1-9][0-9]?)-([1-9][0-9]?)\.([a-z_]+)$/.exec(key))) {
        var team = teams[m[1] - 1] = teams[m[1] - 1] || {};
        team.matches = team.matches || {};
        (team.matches[m[2] - 1] = team.matches[m[2] - 1] || {})[m[3]] = value;
      }
    });
    if (!event || !SHEET.events[event]) return null;
    var spec = SHEET.events[event], count = Math.min(Math.max(teams.length, spec.min_teams || 2), spec.max_teams);
    state.event = event;
    state.teams = [];
    for (var i = 0; i < count; i++) {  /* a team the address does not name is called as a fresh sheet calls it */
      var team = teams[i] || {};
      if (team.name === undefined) team.name = NAMES[i] || "";
      state.teams.push(team);
    }
    return state;
  }
  function fromAddress() {
    var pairs = [];
    new URLSearchParams(window.location.search).forEach(function (value, k) {
      if (k.indexOf(PREFIX) === 0) pairs.push([k.slice(PREFIX.length), value]);
    });
    return pairs.length ? unflat(pairs) : null;
  }
  function fromDevice() {
    try { var pairs = JSON.parse(window.localStorage.getItem(STORE) || "null"); } catch (e) { return null; }
    return Array.isArray(pairs) ? unflat(pairs.filter(function (p) { return Array.isArray(p) && p.length === 2; })) : null;
  }
  function keep(state, blank) {
    /* the sheet into the address (replaceState: the back button is not filled with every keystroke) and onto the
       device; a blank sheet leaves both clear */
    var pairs = blank ? [] : flat(state);
    try {
      var params = new URLSearchParams(window.location.search), drop = [];
      params.forEach(function (v, k) { if (k.indexOf(PREFIX) === 0) drop.push(k); });
      drop.forEach(function (k) { params.delete(k); });
      pairs.forEach(function (p) { params.append(PREFIX + p[0], p[1]); });
      var query = params.toString();
      window.history.replaceState(window.history.state, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
    } catch (e) { /* file:// pages may refuse replaceState: the device still keeps the sheet */ }
    try {
      if (blank) window.localStorage.removeItem(STORE); else window.localStorage.setItem(STORE, JSON.stringify(pairs));
    } catch (e) { /* storage refused: the address still holds the sheet */ }
  }
  function build(root) {
    var restored = fromAddress() || fromDevice(), state = restored || fresh();
    var eventSelect = el("select", { id: root.id + "-event", name: "event" });
    SHEET.event_order.forEach(function (name) {
      eventSelect.appendChild(el("option", { value: name, text: SHEET.events[name].label }));
    });
    var teamBox = el("div", { className: "tie-break-teams" });
    var output = el("div", { className: "penalty-output", "aria-live": "polite" });
    var addButton = el("button", { type: "button", className: "md-button tie-break-add", text: "加一队" });
    var dropButton = el("button", { type: "button", className: "md-button tie-break-drop", text: "去掉最后一队" });
    var copyButton = el("button", { type: "button", className: "md-button penalty-copy", text: "复制结果" });
    var clearButton = el("button", { type: "button", className: "md-button tie-break-clear", text: "清空" });
    var status = el("span", { className: "penalty-copy-status", "aria-live": "polite" });
    var confirmBox = el("div", { className: "offence-log-confirm tie-break-confirm", role: "alertdialog", hidden: "hidden" });
    function read() {
      Array.prototype.forEach.call(teamBox.querySelectorAll("input"), function (input) {
        var team = state.teams[Number(input.getAttribute("data-team"))], other = input.getAttribute("data-other");
        if (other === null) team[input.name] = input.value;
        else (team.matches[other] = team.matches[other] || {})[input.name] = input.value;
      });
    }
    function field(id, name, value, label, attrs) {
      var input = el("input", Object.assign({ id: id, name: name, type: "text", autocomplete: "off", spellcheck: "false",
                                              inputmode: name === "name" ? "text" : "decimal" }, attrs));
      input.value = value === undefined ? "" : value;
      return el("div", { className: "penalty-field" }, [el("label", { "for": id, text: label }), input]);
    }
    function opponentLabel(j) { return "对" + (state.teams[j].name || "第" + (j + 1) + "队") + "："; }
    function draw() {
      var spec = SHEET.events[state.event];
      teamBox.textContent = "";
      state.teams.forEach(function (team, i) {
        var fields = el("div", { className: "penalty-fields" });
        ["name"].concat(spec.figures).forEach(function (figure) {
          var label = figure === "name" ? "队名" : SHEET.figures[figure].label;
          fields.appendChild(field(root.id + "-" + i + "-" + figure, figure, team[figure], label, { "data-team": String(i) }));
        });
        /* 3 or more teams in a round robin (一2、一3): what this team got in its match against each other team */
        if (spec.restart) {
          team.matches = team.matches || {};
          state.teams.forEach(function (other, j) {
            if (j === i) return;
            SHEET.match_order.forEach(function (key) {
              var row = field(root.id + "-" + i + "-vs-" + j + "-" + key, key, (team.matches[j] || {})[key],
                              opponentLabel(j) + SHEET.match_figures[key].label, { "data-team": String(i), "data-other": String(j) });
              row.querySelector("label").setAttribute("data-opponent", String(j));
              fields.appendChild(row);
            });
          });
        }
        var legend = el("legend", { text: "第" + (i + 1) + "队" });
        teamBox.appendChild(el("fieldset", { className: "tie-break-team" }, [legend, fields]));
      });
      addButton.hidden = state.teams.length >= spec.max_teams;
      dropButton.hidden = state.teams.length <= (spec.min_teams || 2);
    }
    function renameOpponents() {  /* a name typed: the labels of the matches against that team follow it */
      Array.prototype.forEach.call(teamBox.querySelectorAll("label[data-opponent]"), function (label) {
        var j = Number(label.getAttribute("data-opponent"));
        label.textContent = label.textContent.replace(/^对.*?：/, opponentLabel(j));
      });
    }
    function teamsFor(event) {
      /* each team's name and the event's figures (a figure of another event's form is not sent), and for 3 or more
         teams in a round robin its matches, by the other team's name */
      var spec = SHEET.events[event];
      return state.teams.map(function (team) {
        var given = { name: team.name || "" };
        spec.figures.forEach(function (f) { if (team[f] !== undefined && team[f] !== "") given[f] = team[f]; });
        if (spec.restart) {
          given.matches = {};
          Object.keys(team.matches || {}).forEach(function (j) {
            var other = state.teams[Number(j)], got = {};
            if (!other) return;
            Object.keys(team.matches[j]).forEach(function (k) { if (team.matches[j][k] !== "") got[k] = team.matches[j][k]; });
            if (Object.keys(got).length) given.matches[(other.name || "").trim()] = got;
          });
        }
        return given;
      });
    }
    function render() {
      var result;
      output.textContent = "";
      state.ruling = null;
      try {
        result = window.RulebookTieBreak.walk(state.event, teamsFor(state.event));
      } catch (e) {
        if (!(e instanceof window.RulebookTieBreak.SheetError)) throw e;
        root.setAttribute("data-error", e.detail);
        root.removeAttribute("data-result");
        output.appendChild(el("p", { className: "penalty-error", role: "alert", text: "输入有误：" + e.detail }));
        return;
      }
      root.removeAttribute("data-error");
      root.setAttribute("data-result", JSON.stringify(result));
      var separating = result.steps.filter(function (s) { return s.outcome === "separates"; });
      root.setAttribute("data-decided-at", result.decided ? separating[separating.length - 1].anchor : "");
      output.appendChild(el("p", { className: "penalty-subject", text: result.subject }));
      var headlineClass = result.missing.length ? "penalty-prompt tie-break-prompt" : "penalty-headline";
      output.appendChild(el("p", { className: headlineClass, text: result.headline }));
      var steps = el("ol", { className: "tie-break-steps" });
      result.steps.forEach(function (step) {
        var kind = "tie-break-step " + OUTCOME_CLASS[step.outcome];
        steps.appendChild(el("li", { className: kind, "data-anchor": step.anchor }, [
          el("p", {}, [el("a", { href: "#" + step.anchor, text: "第45条" + step.clause })]),
          el("blockquote", { className: "penalty-quote" }, [el("p", { text: "“" + step.quote + "”" })]),
          step.outcome === "missing" ? null : el("p", { className: "tie-break-outcome", text: step.text })
        ]));
      });
      output.appendChild(steps);
      [["采用的读法：", result.reading], ["另一种读法：", result.other_reading]].forEach(function (reading) {
        output.appendChild(el("p", { className: "penalty-reading" }, [el("strong", { text: reading[0] }),
                                                                      el("span", { text: reading[1] })]));
      });
      state.ruling = result.ruling;
    }
    function changed() { render(); keep(state, false); }
    function askClear() {
      status.textContent = "";
      var yes = el("button", { type: "button", className: "md-button tie-break-clear-yes", text: "确定清空" });
      var no = el("button", { type: "button", className: "md-button tie-break-clear-no", text: "取消" });
      confirmBox.textContent = "";
      confirmBox.appendChild(el("p", { text: "确定清空名次表里的全部队名和数字？清空后不能恢复。" }));
      confirmBox.appendChild(el("div", { className: "penalty-actions" }, [yes, no]));
      confirmBox.hidden = false;
      yes.addEventListener("click", function () {
        state = fresh();
        eventSelect.value = state.event;
        confirmBox.hidden = true;
        draw(); render(); keep(state, true);
        status.textContent = "已清空";
      });
      no.addEventListener("click", function () { confirmBox.hidden = true; status.textContent = "未清空"; });
      no.focus();
    }
    root.textContent = "";
    var eventRow = el("div", { className: "penalty-field" }, [el("label", { "for": eventSelect.id, text: "比赛" }),
                                                              eventSelect]);
    var form = el("form", { className: "penalty-form", novalidate: "novalidate" }, [
      el("div", { className: "penalty-fields" }, [eventRow]),
      teamBox,
      el("div", { className: "penalty-actions" }, [addButton, dropButton])
    ]);
    form.addEventListener("submit", function (event) { event.preventDefault(); read(); changed(); });
    form.addEventListener("input", function (event) { read(); if (event.target.name === "name") renameOpponents(); changed(); });
    eventSelect.addEventListener("change", function () {
      read();
      state.event = eventSelect.value;
      var spec = SHEET.events[state.event];
      if (state.teams.length > spec.max_teams) state.teams = state.teams.slice(0, spec.max_teams);
      while (state.teams.length < (spec.min_teams || 2)) state.teams.push({ name: NAMES[state.teams.length] || "" });
      draw(); changed();
    });
    addButton.addEventListener("click", function () {
      read();
      state.teams.push({ name: NAMES[state.teams.length] || "" });
      draw(); changed();
    });
    dropButton.addEventListener("click", function () {
      read();
      var gone = String(state.teams.length - 1);
      state.teams.pop();
      state.teams.forEach(function (team) { if (team.matches) delete team.matches[gone]; });
      draw(); changed();
    });
    copyButton.addEventListener("click", function () {
      /* the result, and the address that reopens this sheet (calculators.js: the page's own, or the site's) */
      if (!state.ruling) { status.textContent = "输入有误，没有可复制的结果"; return; }
      var link = window.RulebookPenalties.hostedLink(root);
      copyText(state.ruling + (link ? "\n" + link : ""), status);
    });
    clearButton.addEventListener("click", askClear);
    root.appendChild(el("p", { className: "penalty-title", text: SHEET.title }));
    root.appendChild(form);
    root.appendChild(output);
    root.appendChild(el("div", { className: "penalty-actions" }, [copyButton, clearButton, status]));
    root.appendChild(confirmBox);
    eventSelect.value = state.event;
    draw();
    render();
    if (restored) keep(state, false);  /* kept on the device: the address holds it too, ready to be copied */
  }
  function mount() {
    var roots = document.querySelectorAll(".tie-break-sheet");
    for (var i = 0; i < roots.length; i++) {
      if (roots[i].getAttribute("data-mounted") === "1") continue;
      roots[i].setAttribute("data-mounted", "1");
      build(roots[i]);
    }
  }
  window.RulebookTieBreakSheet = { mount: mount };
  mount();
})();
