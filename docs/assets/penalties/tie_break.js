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
  var MATCHES = "matches", RECORD_FIGURE = "vp";  /* tie_break_teams.py MATCHES, tie_break.py RECORD_FIGURE */

  /* ---------- the walk (tie_break.py tie_break) ---------- */
  function SheetError(message, parameter, label) {
    this.detail = message;
    this.message = "--" + (parameter || "teams") + "（" + (label || W.teams_label) + "）：" + message;
  }
  var ECHO_LIMIT = window.RULEBOOK_PENALTIES.echo_limit;  /* scripts/limits.py MAX_ECHO_CHARS, exported by the build */
  function clip(text) {  /* scripts/limits.py clip: a value quoted back in at most ECHO_LIMIT characters, cut with … */
    var chars = Array.from(String(text));
    return chars.length <= ECHO_LIMIT ? String(text) : chars.slice(0, ECHO_LIMIT - 1).join("") + "…";
  }
  function clipped(facts) {
    var out = {};
    Object.keys(facts || {}).forEach(function (k) { out[k] = typeof facts[k] === "string" ? clip(facts[k]) : facts[k]; });
    return out;
  }
  function refuse(word, facts) { return new SheetError(fill(W[word], clipped(facts))); }
  function blank(raw) { return raw === null || raw === undefined || (typeof raw === "string" && !raw.trim()); }
  function parseFigure(team, figure, raw, label) {
    if (blank(raw)) return null;
    var match = typeof raw === "boolean" ? null : FIGURE.exec(asciiText(raw)), value = null;
    if (match) value = R(BigInt(match[1] + (match[2] || "")), pow10((match[2] || "").length));
    if (!value || value.n > FIGURE_MAX * value.d) {
      throw refuse("bad_figure", { team: team, figure: label || SHEET.figures[figure].label, max: String(FIGURE_MAX),
                                   places: PLACES, value: raw });
    }
    return value;
  }
  function isObject(x) { return x !== null && typeof x === "object" && !Array.isArray(x); }
  function parseTeams(event, teams) {  /* tie_break_teams.py parse_teams */
    var spec = SHEET.events[event], figures = spec.figures, parsed = [], names = [];
    if (!Array.isArray(teams) || !teams.every(isObject)) throw refuse("not_list");
    if (teams.length < 2) throw refuse("too_few");
    if (teams.length > spec.max_teams) throw new SheetError(spec.beyond);
    if (teams.length < (spec.min_teams || 2)) throw new SheetError(spec.fewer);
    teams.forEach(function (team, i) {
      var name = typeof team.name === "string" ? team.name.trim() : "", values = {};
      if (!name) throw refuse("no_name", { number: i + 1 });
      if (Array.from(name).length > NAME_LIMIT) throw refuse("long_name", { number: i + 1, limit: NAME_LIMIT });
      if (names.indexOf(name) >= 0) throw refuse("same_name", { name: name });
      Object.keys(team).forEach(function (key) {
        if (key === "name") return;
        if (key === MATCHES) { if (!spec.restart) throw refuse("no_matches", { team: name }); return; }
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
    if (spec.restart) parsed.forEach(function (p, i) { p[1][MATCHES] = parseMatches(p[0], names, teams[i][MATCHES]); });
    return parsed;
  }
  function parseMatches(team, names, raw) {  /* tie_break_teams.py parse_matches */
    if (raw === undefined || raw === null) raw = {};
    if (!isObject(raw) || !Object.keys(raw).every(function (k) { return isObject(raw[k]); })) {
      throw refuse("bad_matches", { team: team });
    }
    Object.keys(raw).forEach(function (other) {
      if (names.indexOf(other) < 0 || other === team) throw refuse("unknown_opponent", { team: team, other: other });
      Object.keys(raw[other]).forEach(function (key) {
        if (!Object.prototype.hasOwnProperty.call(SHEET.match_figures, key)) {
          throw refuse("unknown_match_figure", { team: team, other: other, key: key });
        }
      });
    });
    var matches = {};
    names.forEach(function (other) {
      if (other === team) return;
      var given = raw[other] || {};
      matches[other] = {};
      SHEET.match_order.forEach(function (key) {
        var mutual = SHEET.match_figures[key];
        matches[other][key] = parseFigure(team + "对" + other, mutual.figure, given[key], mutual.label);
      });
    });
    return matches;
  }
  function view(figures, team, group) {  /* tie_break.py view: a two-team part of a larger tie reads its own match */
    var values = figures[team];
    if (!values[MATCHES] || group.length !== 2) return values;
    var other = group[0] === team ? group[1] : group[0], got = values[MATCHES][other], seen = clone(values);
    SHEET.match_order.forEach(function (key) { seen[SHEET.match_figures[key].figure] = got[key]; });
    return seen;
  }
  function stepBlanks(step, group, figures) {  /* tie_break.py step_blanks */
    var blanks = [], vp = SHEET.match_figures[RECORD_FIGURE], mutual = {};
    if (step.compare === "record") {
      group.forEach(function (team) {
        group.forEach(function (other) {
          if (other !== team && figures[team][MATCHES][other][RECORD_FIGURE] === null) {
            blanks.push({ team: team, figure: vp.figure, label: vp.label, other: other });
          }
        });
      });
      return blanks;
    }
    SHEET.match_order.forEach(function (k) { mutual[SHEET.match_figures[k].figure] = SHEET.match_figures[k].label; });
    group.forEach(function (team) {
      var values = view(figures, team, group);
      (step.compare === "more" ? [step.figure] : [step.won, step.lost]).forEach(function (f) {
        if (values[f] !== null) return;
        if (figures[team][MATCHES] && mutual[f] !== undefined) {
          blanks.push({ team: team, figure: f, label: mutual[f], other: group[0] === team ? group[1] : group[0] });
        } else blanks.push({ team: team, figure: f, label: SHEET.figures[f].label });
      });
    });
    return blanks;
  }
  function stepValue(step, team, values) {
    if (step.compare === "more") return [values[step.figure], formatNumber(values[step.figure])];
    var won = values[step.won], lost = values[step.lost];
    if (step.compare === "net") {
      var net = R(won.n * lost.d - lost.n * won.d, won.d * lost.d);
      return [net, fill(W.net_value, { won: formatNumber(won), lost: formatNumber(lost), net: formatNumber(net) })];
    }
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
  function matchRecord(figures, team, group) {  /* tie_break.py match_record: [wins, draws, losses] by VP */
    var record = [0, 0, 0];
    group.forEach(function (other) {
      if (other === team) return;
      var c = cmp(figures[team][MATCHES][other][RECORD_FIGURE], figures[other][MATCHES][team][RECORD_FIGURE]);
      record[c > 0 ? 0 : c === 0 ? 1 : 2] += 1;
    });
    return record;
  }
  function fits(step, records, team) {  /* tie_break.py fits */
    var teams = Object.keys(records);
    function holds(condition, name) {
      return ["wins", "draws", "losses"].every(function (key, i) {
        if (condition[key] === undefined) return true;
        return records[name][i] === (condition[key] === "all" ? teams.length - 1 : condition[key]);
      });
    }
    return step.fits.some(function (condition) {
      if (!holds(condition, team)) return false;
      return !condition.only || teams.filter(function (n) { return holds(condition, n); }).length === 1;
    });
  }
  function compareGroup(step, group, figures) {  /* tie_break.py compare_group: [the parts, each team's text] */
    if (step.compare === "record") {
      var records = {}, texts = [];
      group.forEach(function (team) {
        var r = records[team] = matchRecord(figures, team, group);
        texts.push(fill(W.record_value, { team: team, wins: r[0], draws: r[1], losses: r[2] }));
      });
      var fitting = group.filter(function (team) { return fits(step, records, team); });
      if (fitting.length !== 1) return [[group], texts];
      var rest = group.filter(function (team) { return team !== fitting[0]; });
      return [step.place === "first" ? [fitting, rest] : [rest, fitting], texts];
    }
    var keys = {}, values = [];
    group.forEach(function (team) {
      var v = stepValue(step, team, view(figures, team, group));
      keys[team] = v[0];
      values.push(fill(W.team_value, { team: team, value: v[1] }));
    });
    return [ranked(group, keys), values];
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
  function restartEvent(spec, count) {  /* tie_break_teams.py restart_event */
    return spec.restart.filter(function (name) {
      var e = SHEET.events[name];
      return (e.min_teams || 2) <= count && count <= e.max_teams;
    })[0];
  }
  function walk(event, teams) {
    if (!Object.prototype.hasOwnProperty.call(SHEET.events, event)) {
      var choices = SHEET.event_order.join("、");
      throw new SheetError(fill(W.unknown_event, { value: clip(event), choices: choices }), "event", "比赛");
    }
    var parsed = parseTeams(event, teams), figures = {}, state = { steps: [], missing: [], separating: [] };
    parsed.forEach(function (p) { figures[p[0]] = p[1]; });
    var groups = walkGroups(event, [parsed.map(function (p) { return p[0]; })], figures, state);
    return sheetResult(event, parsed, groups, state);
  }
  function walkGroups(event, groups, figures, state) {  /* tie_break.py walk_groups */
    var spec = SHEET.events[event];
    function single(g) { return g.length === 1; }
    for (var s = 0; s < spec.steps.length; s++) {
      var step = spec.steps[s];
      if (state.missing.length || groups.every(single)) break;
      var record = { anchor: step.anchor, clause: step.clause, label: step.label, quote: step.quote };
      if (step.compare === "playoff") {
        var first = !state.steps.some(function (d) { return d.outcome === "playoff"; });
        var tiedGroups = groups.filter(function (g) { return !single(g); });
        var playoff = fill(W[first ? "playoff" : "playoff_then"], { quote: step.quote });
        state.steps.push(Object.assign(clone(record), { outcome: "playoff", teams: tiedGroups, text: playoff }));
        continue;
      }
      var blanks = [];
      groups.forEach(function (g) { if (!single(g)) blanks = blanks.concat(stepBlanks(step, g, figures)); });
      if (blanks.length) {
        state.missing = blanks;
        var needs = blanks.map(function (b) {
          return fill(W[b.other === undefined ? "need" : "need_match"], { team: b.team, figure: b.label, other: b.other });
        }).join(W.list_joiner);
        var asked = fill(W.missing, { clause: step.clause, label: step.label, needs: needs });
        state.steps.push(Object.assign(clone(record), { outcome: "missing", teams: [], text: asked }));
        break;
      }
      var next = [];
      for (var g = 0; g < groups.length; g++) {
        var group = groups[g];
        if (single(group)) { next.push(group); continue; }
        var compared = compareGroup(step, group, figures), split = compared[0];
        var values = compared[1].join(W.value_joiner), line;
        if (split.length === 1) line = fill(W[step.compare === "record" ? "none_fits" : "equal"], { label: step.label, values: values });
        else {
          line = fill(W.separates, { label: step.label, values: values, order: orderText(split) });
          if (state.separating.indexOf(step.clause) < 0) state.separating.push(step.clause);
        }
        var outcome = split.length === 1 ? "equal" : "separates";
        state.steps.push(Object.assign(clone(record), { outcome: outcome, teams: [group], order: split, text: line }));
        if (spec.restart && split.length > 1) {  /* a restart event walks one group: its teams, at its start */
          split.forEach(function (part) {
            if (single(part) || state.missing.length) next.push(part);
            else next = next.concat(walkGroups(restartEvent(spec, part.length), [part], figures, state));
          });
          return next;
        }
        next = next.concat(split);
      }
      groups = next;
    }
    return groups;
  }
  function figuresText(values) {  /* tie_break.py figures_text */
    var t = {};
    Object.keys(values).forEach(function (k) {
      var v = values[k];
      t[k] = v === null ? null : v.n === undefined ? figuresText(v) : formatNumber(v);
    });
    return t;
  }
  function sheetResult(event, parsed, groups, state) {
    var spec = SHEET.events[event], order = orderText(groups), headline, walked = state.steps, missing = state.missing;
    var decided = !missing.length && groups.every(function (g) { return g.length === 1; });
    if (missing.length) headline = walked[walked.length - 1].text;
    else if (decided) headline = fill(W.decided, { order: order, clauses: state.separating.join(W.list_joiner) });
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
      teams: parsed.map(function (p) { return Object.assign({ name: p[0] }, figuresText(p[1])); }),
      steps: walked, order: groups, decided: decided, missing: missing, subject: subject, headline: headline,
      reading: [SHEET.reading, spec.reading].filter(Boolean).join(" "),
      other_reading: [SHEET.other_reading, spec.other_reading].filter(Boolean).join(" "), ruling: lines.join("\n")
    };
  }
  window.RulebookTieBreak = { walk: walk, SheetError: SheetError };
})();
