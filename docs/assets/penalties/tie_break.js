/* 同分名次表 on the 第45条 page: enter two or more teams' figures; it walks the article's steps (the reviewed
 * data rulebook_src/penalties/tie_break.yml `sheet`, exported by scripts/penalties/tie_break.py sheet_data) to the
 * first step that separates them, quoting each clause it applies. The walk is scripts/penalties/tie_break.py's,
 * kept here only because it runs on the figures typed: exact comparison (BigInt fractions) and the data's wording,
 * no rule of its own; tests/test_tie_break_engines_agree.py holds the two equal over a grid. Loaded by loader.js. */
(function () {
  "use strict";
  var SHEET = window.RULEBOOK_PENALTIES.tie_break_sheet, W = SHEET.words;
  var NAME_LIMIT = SHEET.limits[0], FIGURE_MAX = BigInt(SHEET.limits[1]), PLACES = SHEET.limits[2];
  var FIGURE = new RegExp("^([0-9]{1,12})(?:\\.([0-9]{1," + PLACES + "}))?$");
  /* exact numbers {n, d} (BigInt), the data's templates and full-width input: calculators.js's (loaded before) */
  var P = window.RulebookPenalties, X = P.exact, R = X.R, pow10 = X.pow10, cmp = X.cmp, formatNumber = X.fmt;
  var fixedPlaces = X.fixedPlaces, fill = P.fill, asciiText = P.asciiText, B0 = BigInt(0);

  /* ---------- the walk (tie_break.py tie_break) ---------- */
  function SheetError(message, parameter, label) {
    this.detail = message;
    this.message = "--" + (parameter || "teams") + "（" + (label || W.teams_label) + "）：" + message;
  }
  function refuse(word, facts) { return new SheetError(fill(W[word], facts || {})); }
  function blank(raw) { return raw === null || raw === undefined || (typeof raw === "string" && !raw.trim()); }
  function parseFigure(team, figure, raw) {
    if (blank(raw)) return null;
    var match = typeof raw === "boolean" ? null : FIGURE.exec(asciiText(raw)), value = null;
    if (match) value = R(BigInt(match[1] + (match[2] || "")), pow10((match[2] || "").length));
    if (!value || value.n > FIGURE_MAX * value.d) {
      throw refuse("bad_figure", { team: team, figure: SHEET.figures[figure].label, max: String(FIGURE_MAX),
                                   places: PLACES, value: raw });
    }
    return value;
  }
  function parseTeams(event, teams) {
    var spec = SHEET.events[event], figures = spec.figures, parsed = [], names = [];
    function isTeam(t) { return t && typeof t === "object" && !Array.isArray(t); }
    if (!Array.isArray(teams) || !teams.every(isTeam)) throw refuse("not_list");
    if (teams.length < 2) throw refuse("too_few");
    if (teams.length > spec.max_teams) throw new SheetError(spec.beyond);
    teams.forEach(function (team, i) {
      var name = typeof team.name === "string" ? team.name.trim() : "", values = {};
      if (!name) throw refuse("no_name", { number: i + 1 });
      if (Array.from(name).length > NAME_LIMIT) throw refuse("long_name", { number: i + 1, limit: NAME_LIMIT });
      if (names.indexOf(name) >= 0) throw refuse("same_name", { name: name });
      Object.keys(team).forEach(function (key) {
        if (key === "name") return;
        if (!Object.prototype.hasOwnProperty.call(SHEET.figures, key)) {
          throw refuse("unknown_figure", { team: name, key: key });
        }
        if (figures.indexOf(key) < 0) {
          if (parseFigure(name, key, team[key]) === null) return;
          throw refuse("other_event", { team: name, figure: SHEET.figures[key].label, event_label: spec.label });
        }
        values[key] = parseFigure(name, key, team[key]);
      });
      var all = {};
      figures.forEach(function (f) { all[f] = values[f] === undefined ? null : values[f]; });
      names.push(name);
      parsed.push([name, all]);
    });
    return parsed;
  }
  function stepValue(step, team, values) {
    if (step.compare === "more") return [values[step.figure], formatNumber(values[step.figure])];
    var won = values[step.won], lost = values[step.lost];
    if (lost.n === B0) {
      if (step.zero !== "highest" || won.n === B0) {
        throw refuse("zero_ratio", { team: team, label: step.label, figure: SHEET.figures[step.lost].label });
      }
      return [null, fill(W.ratio_infinite, { won: formatNumber(won) })];
    }
    var ratio = R(won.n * lost.d, won.d * lost.n);
    var facts = { won: formatNumber(won), lost: formatNumber(lost) };
    if (pow10(PLACES) % ratio.d === B0) {
      return [ratio, fill(W.ratio_value, Object.assign(facts, { ratio: formatNumber(ratio) }))];
    }
    Object.assign(facts, { fraction: ratio.n + "/" + ratio.d, approx: fixedPlaces(ratio, PLACES) });
    return [ratio, fill(W.ratio_repeating, facts)];
  }
  function ranked(group, keys) {  /* highest first; a null key (a ratio over 0 that ranks first) above all */
    function order(a, b) { return a === null ? (b === null ? 0 : 1) : b === null ? -1 : cmp(a, b); }
    var levels = [];
    group.forEach(function (team) {
      if (!levels.some(function (level) { return order(level, keys[team]) === 0; })) levels.push(keys[team]);
    });
    levels.sort(function (a, b) { return order(b, a); });
    return levels.map(function (level) {
      return group.filter(function (team) { return order(keys[team], level) === 0; });
    });
  }
  function orderText(groups) { return groups.map(function (g) { return g.join(W.tie_joiner); }).join(W.order_joiner); }
  function clone(o) { var c = {}; Object.keys(o).forEach(function (k) { c[k] = o[k]; }); return c; }
  function walk(event, teams) {
    if (!Object.prototype.hasOwnProperty.call(SHEET.events, event)) {
      var choices = SHEET.event_order.join("、");
      throw new SheetError(fill(W.unknown_event, { value: event, choices: choices }), "event", "比赛");
    }
    var spec = SHEET.events[event], parsed = parseTeams(event, teams), figures = {};
    parsed.forEach(function (p) { figures[p[0]] = p[1]; });
    var groups = [parsed.map(function (p) { return p[0]; })], walked = [], missing = [], separating = [];
    function single(g) { return g.length === 1; }
    for (var s = 0; s < spec.steps.length; s++) {
      var step = spec.steps[s];
      if (groups.every(single)) break;
      var record = { anchor: step.anchor, clause: step.clause, label: step.label, quote: step.quote };
      if (step.compare === "playoff") {
        var first = !walked.some(function (d) { return d.outcome === "playoff"; });
        var tiedGroups = groups.filter(function (g) { return !single(g); });
        var playoff = fill(W[first ? "playoff" : "playoff_then"], { quote: step.quote });
        walked.push(Object.assign(clone(record), { outcome: "playoff", teams: tiedGroups, text: playoff }));
        continue;
      }
      var needed = step.compare === "more" ? [step.figure] : [step.won, step.lost], blanks = [];
      groups.forEach(function (g) {
        if (single(g)) return;
        g.forEach(function (team) {
          needed.forEach(function (f) {
            if (figures[team][f] === null) blanks.push({ team: team, figure: f, label: SHEET.figures[f].label });
          });
        });
      });
      if (blanks.length) {
        missing = blanks;
        var needs = blanks.map(function (b) { return fill(W.need, { team: b.team, figure: b.label }); })
          .join(W.list_joiner);
        var asked = fill(W.missing, { clause: step.clause, label: step.label, needs: needs });
        walked.push(Object.assign(clone(record), { outcome: "missing", teams: [], text: asked }));
        break;
      }
      var next = [];
      groups.forEach(function (g) {
        if (single(g)) { next.push(g); return; }
        var keys = {}, texts = [];
        g.forEach(function (team) {
          var v = stepValue(step, team, figures[team]);
          keys[team] = v[0];
          texts.push(fill(W.team_value, { team: team, value: v[1] }));
        });
        var split = ranked(g, keys), values = texts.join(W.value_joiner), line;
        if (split.length === 1) line = fill(W.equal, { label: step.label, values: values });
        else {
          line = fill(W.separates, { label: step.label, values: values, order: orderText(split) });
          if (separating.indexOf(step.clause) < 0) separating.push(step.clause);
        }
        var outcome = split.length === 1 ? "equal" : "separates";
        walked.push(Object.assign(clone(record), { outcome: outcome, teams: [g], order: split, text: line }));
        next = next.concat(split);
      });
      groups = next;
    }
    return sheetResult(event, parsed, groups, walked, missing, separating);
  }
  function sheetResult(event, parsed, groups, walked, missing, separating) {
    var spec = SHEET.events[event], order = orderText(groups), headline;
    var decided = !missing.length && groups.every(function (g) { return g.length === 1; });
    if (missing.length) headline = walked[walked.length - 1].text;
    else if (decided) headline = fill(W.decided, { order: order, clauses: separating.join(W.list_joiner) });
    else {
      var first = walked.filter(function (d) { return d.outcome === "playoff"; })[0];
      var tied = groups.filter(function (g) { return g.length > 1; })
        .map(function (g) { return g.join(W.tie_joiner); }).join(W.list_joiner);
      headline = fill(W.undecided, { teams: tied, clause: first.clause, label: first.label });
      if (groups.length > 1) headline = order + "；" + headline;
    }
    var names = parsed.map(function (p) { return p[0]; }).join(W.list_joiner);
    var subject = fill(W.subject, { event_label: spec.label, teams: names });
    var lines = [subject, headline].concat(walked.filter(function (d) { return d.outcome !== "missing"; })
      .map(function (d) { return "第45条" + d.clause + "“" + d.quote + "” " + d.text; }));
    return {
      calculator: "tie-break", article: SHEET.article, event: event,
      teams: parsed.map(function (p) {
        var t = { name: p[0] };
        Object.keys(p[1]).forEach(function (k) { t[k] = p[1][k] === null ? null : formatNumber(p[1][k]); });
        return t;
      }),
      steps: walked, order: groups, decided: decided, missing: missing, subject: subject, headline: headline,
      reading: SHEET.reading, other_reading: SHEET.other_reading, ruling: lines.join("\n")
    };
  }
  window.RulebookTieBreak = { walk: walk, SheetError: SheetError };
})();
