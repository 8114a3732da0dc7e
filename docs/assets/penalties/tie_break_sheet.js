/* The 同分名次表 form on the 第45条 page (<div class="tie-break-sheet">, scripts/penalties/widgets.py): the event,
 * one box of figures per team (the figures the event's steps compare, in their order), and the walk that
 * tie_break.js returns, each step with its clause linked and quoted. Mounted by loader.js, also after Material's
 * instant navigation swaps the page. */
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
  function build(root) {
    var state = { event: SHEET.event_order[0], teams: [{ name: NAMES[0] }, { name: NAMES[1] }], ruling: null };
    var eventSelect = el("select", { id: root.id + "-event", name: "event" });
    SHEET.event_order.forEach(function (name) {
      eventSelect.appendChild(el("option", { value: name, text: SHEET.events[name].label }));
    });
    var teamBox = el("div", { className: "tie-break-teams" });
    var output = el("div", { className: "penalty-output", "aria-live": "polite" });
    var addButton = el("button", { type: "button", className: "md-button tie-break-add", text: "加一队" });
    var dropButton = el("button", { type: "button", className: "md-button tie-break-drop", text: "去掉最后一队" });
    var copyButton = el("button", { type: "button", className: "md-button penalty-copy", text: "复制结果" });
    var status = el("span", { className: "penalty-copy-status", "aria-live": "polite" });
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
    root.textContent = "";
    var eventRow = el("div", { className: "penalty-field" }, [el("label", { "for": eventSelect.id, text: "比赛" }),
                                                              eventSelect]);
    var form = el("form", { className: "penalty-form", novalidate: "novalidate" }, [
      el("div", { className: "penalty-fields" }, [eventRow]),
      teamBox,
      el("div", { className: "penalty-actions" }, [addButton, dropButton])
    ]);
    form.addEventListener("submit", function (event) { event.preventDefault(); read(); render(); });
    form.addEventListener("input", function (event) { read(); if (event.target.name === "name") renameOpponents(); render(); });
    eventSelect.addEventListener("change", function () {
      read();
      state.event = eventSelect.value;
      var spec = SHEET.events[state.event];
      if (state.teams.length > spec.max_teams) state.teams = state.teams.slice(0, spec.max_teams);
      while (state.teams.length < (spec.min_teams || 2)) state.teams.push({ name: NAMES[state.teams.length] || "" });
      draw(); render();
    });
    addButton.addEventListener("click", function () {
      read();
      state.teams.push({ name: NAMES[state.teams.length] || "" });
      draw(); render();
    });
    dropButton.addEventListener("click", function () {
      read();
      var gone = String(state.teams.length - 1);
      state.teams.pop();
      state.teams.forEach(function (team) { if (team.matches) delete team.matches[gone]; });
      draw(); render();
    });
    copyButton.addEventListener("click", function () {
      if (state.ruling) copyText(state.ruling, status); else status.textContent = "输入有误，没有可复制的结果";
    });
    root.appendChild(el("p", { className: "penalty-title", text: SHEET.title }));
    root.appendChild(form);
    root.appendChild(output);
    root.appendChild(el("div", { className: "penalty-actions" }, [copyButton, status]));
    draw();
    render();
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
