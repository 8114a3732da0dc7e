/* Penalty calculators on the article pages. Everything declared lives in window.RULEBOOK_PENALTIES
 * (assets/generated/penalty-data.js, exported from rulebook_src/penalties/: the calculator spec with parameters,
 * labels, ranges, headline templates and words, and the tables). This file holds the arithmetic of each rule,
 * the same as scripts/penalties/*.py, and the form, URL and copy code. Exact BigInt rationals, no dependencies.
 * Loaded only on pages with a calculator, by assets/penalties/loader.js. */
(function () {
  "use strict";
  var DATA = window.RULEBOOK_PENALTIES, SPEC = {}, W = DATA.words;
  DATA.calculators.forEach(function (c) { SPEC[c.name] = c; });

  /* ---------- exact rationals {n, d} (BigInt), d > 0 ---------- */
  var B0 = BigInt(0), B1 = BigInt(1), B2 = BigInt(2), B10 = BigInt(10);
  function babs(a) { return a < B0 ? -a : a; }
  function gcd(a, b) { a = babs(a); b = babs(b); while (b) { var t = a % b; a = b; b = t; } return a || B1; }
  function R(n, d) {
    n = BigInt(n); d = d === undefined ? B1 : BigInt(d);
    if (d < B0) { n = -n; d = -d; }
    var g = gcd(n, d);
    return { n: n / g, d: d / g };
  }
  function pow10(p) { var r = B1; for (var i = 0; i < p; i++) r *= B10; return r; }
  function decimalR(whole, frac) { return frac ? R(BigInt(whole + frac), pow10(frac.length)) : R(BigInt(whole)); }
  function rat(x) {
    if (x !== null && typeof x === "object") return x;
    var m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(String(x));
    if (!m) throw new Error("not a table number: " + x);
    var v = decimalR(m[2], m[3]);
    return m[1] ? R(-v.n, v.d) : v;
  }
  function add(a, b) { return R(a.n * b.d + b.n * a.d, a.d * b.d); }
  function sub(a, b) { return R(a.n * b.d - b.n * a.d, a.d * b.d); }
  function mul(a, b) { a = rat(a); b = rat(b); return R(a.n * b.n, a.d * b.d); }
  function div(a, b) { return R(a.n * b.d, a.d * b.n); }
  function cmp(a, b) { a = rat(a); b = rat(b); var x = a.n * b.d - b.n * a.d; return x < B0 ? -1 : x > B0 ? 1 : 0; }
  function ceilR(a) { var q = a.n / a.d; return (a.n % a.d !== B0 && a.n > B0) ? q + B1 : q; }
  function roundHalfUp(value, places) {
    /* 第35条 四舍五入, the same integer steps as scripts/penalties/result.py round_half_up */
    var v = rat(value), scale = pow10(places);
    var magnitude = (B2 * babs(v.n) * scale + v.d) / (B2 * v.d);
    return R(v.n >= B0 ? magnitude : -magnitude, scale);
  }
  function num(value) {
    if (value === null || value === undefined) return null;
    var v = rat(value);
    return v.d === B1 ? Number(v.n) : Number(v.n) / Number(v.d);
  }
  function fmt(value) {
    /* the exact decimal text of a terminating decimal (result.py format_number) */
    var v = rat(value), places = 0;
    if (v.d === B1) return v.n.toString();
    while ((pow10(places) % v.d) !== B0) { places++; if (places > 12) return String(num(v)); }
    var digits = (babs(v.n) * pow10(places) / v.d).toString();
    while (digits.length < places + 1) digits = "0" + digits;
    return (v.n < B0 ? "-" : "") + digits.slice(0, -places) + "." + digits.slice(-places);
  }

  /* ---------- templates and words ---------- */
  function fill(template, values) {
    Object.keys(values || {}).forEach(function (k) { template = template.split("{" + k + "}").join(String(values[k])); });
    return template;
  }
  function headline(calculator, kase, facts) { return fill(SPEC[calculator].headlines[kase], facts); }
  function subjectOf(calculator, kase, facts) {
    var t = SPEC[calculator].subject;
    return fill(typeof t === "string" ? t : t[kase], facts);
  }
  function copy(obj) { return JSON.parse(JSON.stringify(obj)); }
  function blank(value) { return value === null || value === undefined || (typeof value === "string" && value.trim() === ""); }

  /* ---------- inputs by kind: scripts/penalties/spec.py parse_parameter ---------- */
  function InputError(parameter, label, message) {
    this.parameter = parameter; this.label = label; this.detail = message;
    this.message = "--" + parameter + "（" + label + "）：" + message;
  }
  function parameterOf(calculator, name) {
    var key = name.replace(/_/g, "-");
    return SPEC[calculator].parameters.filter(function (p) { return p.name === key; })[0];
  }
  function inputError(calculator, name, key, values) {
    var p = parameterOf(calculator, name), error = new InputError(p.name, p.label, fill(W.errors[key], values));
    error.values = values;
    error.kind = key;
    return error;
  }
  function asciiText(value) {
    return String(value).replace(/[\uFF01-\uFF5E]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) - 0xFEE0); })
      .replace(/\u3000/g, " ").replace(/。/g, ".").trim();
  }
  var FORMS = DATA.inputs, FLAG_TRUE = FORMS.flag_true, FLAG_FALSE = FORMS.flag_false;  /* spec.py INPUT_FORMS */
  var DECIMAL = new RegExp(FORMS.decimal), MINUTES_CLOCK = new RegExp(FORMS.minutes_clock), INTEGER = new RegExp(FORMS.integer);
  var SHARE_FRACTION = new RegExp(FORMS.share_fraction), SHARE_PERCENT = new RegExp(FORMS.share_percent);
  /* Written out whole: the site's combined stylesheet keeps only the rules for classes a page or a script names as a
     word (scripts/site/css.py classes_in_use), and "penalty-field-" + kind names none. */
  var FIELD_CLASS = { select: "penalty-field penalty-field-select", checkbox: "penalty-field penalty-field-checkbox",
                      text: "penalty-field penalty-field-text" };

  function within(c, p, value, text) {
    if (p.min !== undefined) {
      if (p.min_exclusive && cmp(value, rat(p.min)) <= 0) throw inputError(c, p.name, "above", { min: p.min, text: text });
      if (cmp(value, rat(p.min)) < 0) throw inputError(c, p.name, "at_least", { min: p.min, text: text });
    }
    if (p.max !== undefined && cmp(value, rat(p.max)) > 0) throw inputError(c, p.name, "at_most", { max: p.max, text: text });
    return value;
  }
  function decimalOf(c, p, text, places) {
    var m = DECIMAL.exec(text);
    if (!m || (m[3] && m[3].length > places)) throw inputError(c, p.name, "number", { places: places, text: text });
    var v = decimalR(m[2], m[3]);
    return m[1] ? R(-v.n, v.d) : v;
  }
  function parseParameter(c, p, raw) {
    var text, m, value;
    if (p.kind === "flag") {
      if (raw === true || raw === false) return raw;
      text = asciiText(raw).toLowerCase();
      if (FLAG_TRUE.indexOf(text) >= 0) return true;
      if (FLAG_FALSE.indexOf(text) >= 0) return false;
      throw inputError(c, p.name, "flag", { text: asciiText(raw) });
    }
    text = asciiText(raw);
    if (p.kind === "text") return text;
    if (p.kind === "choice") {
      var values = p.choices.map(function (x) { return String(x[0]); });
      if (values.indexOf(text) < 0) throw inputError(c, p.name, "choice", { choices: values.join("、"), text: text });
      return text;
    }
    if (p.kind === "integer") {
      if (!INTEGER.test(text)) throw inputError(c, p.name, "integer", { text: text });
      return Number(within(c, p, R(BigInt(text)), text).n);
    }
    if (p.kind === "number") return within(c, p, decimalOf(c, p, text, p.places === undefined ? 4 : p.places), text);
    if (p.kind === "minutes") {
      if (text.charAt(0) === "-") throw inputError(c, p.name, "negative", { text: text });
      if ((m = MINUTES_CLOCK.exec(text))) value = add(R(BigInt(m[1])), div(decimalR(m[2], m[3]), R(60)));
      else if ((m = DECIMAL.exec(text)) && !(m[3] && m[3].length > 6)) value = decimalOf(c, p, text, 6);
      else throw inputError(c, p.name, "minutes", { text: text });
      return within(c, p, value, text);
    }
    /* share */
    if ((m = SHARE_FRACTION.exec(text))) {
      if (BigInt(m[2]) === B0) throw inputError(c, p.name, "zero_denominator", { text: text });
      value = R(BigInt(m[1]), BigInt(m[2]));
    } else if ((m = SHARE_PERCENT.exec(text))) {
      var parts = m[1].split(".");
      value = div(decimalR(parts[0], parts[1]), R(100));
    } else if ((m = DECIMAL.exec(text)) && !m[1] && !(m[3] && m[3].length > 6)) {
      value = decimalR(m[2], m[3]);
    } else {
      throw inputError(c, p.name, "share", { text: text });
    }
    if (cmp(value, R(0)) < 0 || cmp(value, R(1)) > 0) throw inputError(c, p.name, "share_range", { text: text });
    return value;
  }
  function parseInputs(name, raw) {
    var values = {};
    SPEC[name].parameters.forEach(function (p) {
      var key = p.name.replace(/-/g, "_"), value = raw[key];
      if (blank(value) && p.kind !== "flag") {
        if (p["default"] !== undefined) value = p["default"];
        else if (p.required) throw inputError(name, key, "required", {});
        else { values[key] = null; return; }
      }
      values[key] = parseParameter(name, p, value === undefined || value === null ? false : value);
    });
    SPEC[name].parameters.forEach(function (p) {
      /* an option the text states only for some event types, given for another: refused (spec.py refuse_for_other_events) */
      var key = p.name.replace(/-/g, "_"), value = raw[key];
      if (!p.events || p.events.indexOf(values.event) >= 0) return;
      var given = p.kind === "flag" ? values[key] === true : !blank(value) && String(value).trim() !== String(p["default"] === undefined ? "" : p["default"]);
      if (given) throw inputError(name, key, "not_for_event", { events: p.events.map(function (e) { return choiceLabel(name, "event", e); }).join("、"),
                                                                event: choiceLabel(name, "event", values.event) });
    });
    return values;
  }
  function choiceLabel(name, parameter, value) {
    return parameterOf(name, parameter).choices.filter(function (x) { return String(x[0]) === String(value); })[0][1];
  }

  /* ---------- results: scripts/penalties/result.py ---------- */
  var AMOUNT_KEYS = DATA.penalty.amount_keys, PENALTY_KEYS = Object.keys(DATA.penalty.empty);
  function emptyPenalty() { return copy(DATA.penalty.empty); }
  function describePenalty(p) {
    var parts = [];
    if (p.warning) parts.push(p.warning);
    AMOUNT_KEYS.forEach(function (k) { if (p[k] !== null) parts.push(fill(W.amount[k], { value: fmt(p[k]) })); });
    if (p.range !== null) parts.push(fill(W.range[p.range.unit], { min: fmt(p.range.min), max: fmt(p.range.max) }));
    if (p.stop_play) parts.push(W.stop_play);
    if (p.forfeit) parts.push(W.forfeit[p.forfeit]);
    ["void_result", "committee", "disqualification"].forEach(function (k) { if (p[k]) parts.push(p[k]); });
    return parts.length ? parts.join(W.separator) : W.none;
  }
  function addReadings(readings, others, node, facts) {
    /* result.py add_readings: a data node's reading and other_reading, filled with the facts, where it has them */
    if (node.reading) readings.push(fill(node.reading, facts));
    if (node.other_reading) others.push(fill(node.other_reading, facts));
  }
  function clauseText(article, anchor) {
    /* result.py clause_text: the clause as the articles print it (conventions.yml clause_labels) */
    var labels = DATA.conventions.clause_labels[article] || {};
    return labels[anchor] !== undefined ? labels[anchor] : fill(W.clause, { label: anchor });
  }
  function makeResult(calculator, article, r) {
    var penalty = {};
    PENALTY_KEYS.forEach(function (k) { penalty[k] = r.penalty[k]; });
    AMOUNT_KEYS.forEach(function (k) { penalty[k] = num(penalty[k]); });
    if (penalty.range !== null) penalty.range = { unit: penalty.range.unit, min: num(penalty.range.min), max: num(penalty.range.max) };
    var parts = article.split("/");
    var where = fill(W.where[parts[0]], { number: parts[1] }) + (r.anchor ? clauseText(article, r.anchor) : "");
    var consequences = (r.consequences || []).slice(), conventions = DATA.conventions;
    if (AMOUNT_KEYS.some(function (k) { return penalty[k] !== null; }) || penalty.range !== null) consequences.push(conventions.rounding.stage_total);
    if (conventions.exemption.calculators.indexOf(calculator) >= 0 && r.band !== undefined && r.band !== null) consequences.push(conventions.exemption.text);
    var result = {
      calculator: calculator, article: article, anchor: r.anchor || null, inputs: r.inputs, band: r.band === undefined ? null : r.band,
      penalty: penalty, options: r.options || [], consequences: consequences, quote: r.quote || null,
      reading: r.readings && r.readings.length ? r.readings.join(" ") : null,
      other_reading: r.others && r.others.length ? r.others.join(" ") : null
    };
    var extra = r.extra || {};
    Object.keys(extra).forEach(function (k) { result[k] = extra[k]; });
    result.subject = r.subject || "";
    result.headline = r.headline || describePenalty(penalty);
    var ruling = fill(r.quote ? W.ruling : W.ruling_without_quote, { subject: result.subject, headline: result.headline, where: where, quote: r.quote || "" });
    if (result.other_reading) ruling += " " + fill(W.other_reading, { other_reading: result.other_reading });
    result.ruling = ruling;
    return result;
  }

  /* ---------- 第26条 / 第27条: scripts/penalties/timing.py ---------- */
  function formatMinutes(minutes) {
    var seconds = mul(minutes, R(60));
    if (seconds.d === B1) {
      var whole = seconds.n / BigInt(60), rest = seconds.n % BigInt(60);
      return rest === B0 ? fill(W.minutes.whole, { minutes: whole }) : fill(W.minutes.seconds, { minutes: whole, seconds: rest });
    }
    return fill(W.minutes.whole, { minutes: fmt(minutes) });
  }
  function findBand(bands, minutes) {
    var lower = R(0);
    for (var i = 0; i < bands.length; i++) {
      if (bands[i].upper === null || cmp(minutes, rat(bands[i].upper)) <= 0) return { index: i, lower: lower };
      lower = rat(bands[i].upper);
    }
    throw new Error("the last band of a table is open");
  }
  function boundaryReadings(bands, index, minutes, lower) {
    var c = DATA.conventions, band = bands[index], readings = [], others = [];
    if (band.upper !== null && cmp(minutes, rat(band.upper)) === 0) {
      var upper = fmt(band.upper), following = bands[index + 1];
      addReadings(readings, others, c.band_boundary, { band: band.band, lower: fmt(lower), upper: upper });
      if (following.upper === null) addReadings(readings, others, c.open_band, { open_band: following.band, upper: upper });
    } else if (band.upper === null) {
      readings.push(fill(c.open_band.reading, { open_band: band.band, upper: fmt(lower) }));
    }
    return { readings: readings, others: others };
  }
  function perMinuteAmount(rule, minutes) { return R(BigInt(rule.base) + ceilR(sub(minutes, R(rule.over)))); }
  function applyConsequences(p, source) {
    if (source.committee) p.committee = source.committee;
    ["disqualification", "void_result"].forEach(function (k) { if (source[k]) p[k] = source[k]; });
  }
  function timedPenalty(calculator, tableName, v) {
    var table = DATA.tables[tableName], spec = table.events[v.event];
    var s = { table: table, spec: spec, event: v.event, minutes: v.minutes, repeat: v.repeat, penalty: emptyPenalty(),
              band: null, quote: null, readings: [], others: [], options: [], consequences: [] };
    s.subject = { event_label: choiceLabel(calculator, "event", v.event), minutes_text: formatMinutes(v.minutes), repeat_text: v.repeat ? W.repeat : "" };
    if (v.minutes.n === B0) { s.readings.push(fill(W.zero_minutes, { unit: table.unit_label })); return s; }
    var found = findBand(spec.bands, v.minutes), band = spec.bands[found.index], p = s.penalty;
    s.band = band.band; s.quote = band.quote;
    if (band.warning) {
      if (v.repeat) {
        Object.keys(band.repeat).forEach(function (k) { p[k] = rat(band.repeat[k]); });
        if (band.repeat_reading) { s.readings.push(band.repeat_reading); s.others.push(band.repeat_other_reading); }
      } else {
        p.warning = band.warning;
      }
    } else if (v.repeat) {
      addReadings(s.readings, s.others, DATA.conventions.repeat_outside_warning_band);
    }
    AMOUNT_KEYS.forEach(function (k) { if (band[k] !== undefined) p[k] = rat(band[k]); });
    if (band.per_minute) {
      p[band.per_minute.unit] = perMinuteAmount(band.per_minute, v.minutes);
      if (band.per_minute_other) {
        var rule = copy(band.per_minute);
        Object.keys(band.per_minute_other).forEach(function (k) { rule[k] = band.per_minute_other[k]; });
        s.readings.push(band.reading);
        s.others.push(fill(W.per_minute_other, { other_reading: band.other_reading, amount: fmt(perMinuteAmount(rule, v.minutes)) }));
      }
    } else {
      addReadings(s.readings, s.others, band);
    }
    applyConsequences(p, band);
    p.stop_play = !!band.stop_play;
    p.forfeit = band.forfeit || null;
    s.options = copy(band.options || []);
    s.consequences = copy(band.consequences || []);
    if (spec.cut_boards) s.consequences.push(spec.cut_boards.text);
    var b = boundaryReadings(spec.bands, found.index, v.minutes, found.lower);
    s.readings = s.readings.concat(b.readings); s.others = s.others.concat(b.others);
    return s;
  }
  function timedResult(calculator, s, inputs, facts, r) {
    /* timing.py timed_result: the result of a timed rule from what timedPenalty found, with the rule's own parts */
    r.inputs = extend({ event: s.event, minutes: num(s.minutes), repeat: s.repeat }, inputs);
    return makeResult(calculator, s.table.article, extend(r, {
      anchor: s.spec.anchor, band: s.band, penalty: s.penalty, quote: s.quote, readings: s.readings, others: s.others,
      options: s.options, consequences: s.consequences, subject: subjectOf(calculator, null, extend(s.subject, facts)) }));
  }
  function lateness(raw) {
    var v = parseInputs("lateness", raw), s = timedPenalty("lateness", "lateness", v), removed = null, title = null, count = v.remove_boards;
    if (count !== null) {
      var removal = s.options.filter(function (o) { return o.remove_boards; })[0];
      if (!removal) throw inputError("lateness", "remove_boards", "no_removal", { band: s.band || W.zero_band });
      var low = removal.remove_boards[0], high = removal.remove_boards[1];
      if (count < low || count > high) throw inputError("lateness", "remove_boards", "removal_range", { band: s.band, allowed: low === high ? low : low + "—" + high, count: count });
      removed = { count: count, offender: removal.offender, non_offender: removal.non_offender };
      title = headline("lateness", "removed", { penalty_text: describePenalty(s.penalty), count: count, offender: removed.offender, non_offender: removed.non_offender });
    }
    return timedResult("lateness", s, { remove_boards: count }, {}, { headline: title, extra: { removed_boards: removed } });
  }
  function shareDifference(p, total, share, decimals, others) {
    /* 第27条: the two sides' rounded shares against the table's total (timing.py share_difference) */
    var keys = Object.keys(total);
    for (var i = 0; i < keys.length; i++) {
      var k = keys[i], whole = rat(total[k]), rest = sub(R(1), share), other = roundHalfUp(mul(whole, rest), decimals), both = add(p[k], other);
      if (cmp(both, whole) === 0) continue;
      var amount = function (x) { return fill(W.unit_amount[k], { value: fmt(x) }); };
      others.push(fill(W.share_difference_other, { total: amount(whole) }));
      var gap = sub(both, whole);
      return fill(W.share_difference, { headline: describePenalty(p), other_percent: fmt(roundHalfUp(mul(rest, R(100)), 4)), other: amount(other),
                                        sum: amount(both), total: amount(whole), difference: amount(gap.n < B0 ? R(-gap.n, gap.d) : gap) });
    }
    return null;
  }
  function slowPlay(raw) {
    var v = parseInputs("slow-play", raw), s = timedPenalty("slow-play", "slow_play", v), rounding = DATA.conventions.rounding;
    var share = v.share, decimals = Number(v.decimals), p = s.penalty, total = {}, hasTotal = false, title = null;
    AMOUNT_KEYS.forEach(function (k) { if (p[k] !== null) { total[k] = num(p[k]); hasTotal = true; } });
    if (s.spec.total_for_both_sides) s.readings.unshift(fill(W.both_sides, { text: s.spec.total_for_both_sides.text }));
    var percent = fmt(roundHalfUp(mul(share, R(100)), 4));
    if (share.n === B0) {
      AMOUNT_KEYS.forEach(function (k) { p[k] = null; });
      p.warning = null;
      title = headline("slow-play", "no-share", {});
    } else if (cmp(share, R(1)) !== 0) {
      AMOUNT_KEYS.forEach(function (k) {
        if (p[k] === null) return;
        var exact = mul(p[k], share), shown = roundHalfUp(exact, 6);
        p[k] = roundHalfUp(exact, decimals);
        s.readings.push(fill(W.share_reading, { percent: percent, total: fmt(total[k]), share: fmt(roundHalfUp(share, 6)), relation: cmp(shown, exact) === 0 ? "=" : "≈",
                                                shown: fmt(shown) }) + fill(rounding.reading, { decimals: decimals }));
        if (cmp(exact, p[k]) !== 0) s.others.push(rounding.other_reading);
      });
      title = shareDifference(p, total, share, decimals, s.others);
    }
    return timedResult("slow-play", s, { share: num(share), decimals: decimals }, { share_text: cmp(share, R(1)) !== 0 ? fill(W.share, { percent: percent }) : "" },
                       { headline: title, extra: { total: hasTotal ? total : null } });
  }

  /* ---------- 第34/37/38条: scripts/penalties/sanctions.py ---------- */
  var SANCTION_TABLES = DATA.sanction_tables;
  function offenceName(count) { return W.offence[String(count)] || fill(W.offence.more, { count: count }); }
  function converted(amounts, unit, conversion) {
    /* an amount (a number, or a range's [low, high]) in unit: as stated, else converted from the first unit stated */
    var sources = [unit].concat(AMOUNT_KEYS);
    for (var i = 0; i < sources.length; i++) {
      var from = sources[i], stated = amounts[from];
      if (stated === undefined) continue;
      stated = Array.isArray(stated) ? stated : [stated];
      if (from === unit) return { values: stated.map(rat), source: null };
      return { values: stated.map(function (x) { return mul(div(rat(x), rat(conversion[from])), rat(conversion[unit])); }),
               source: fill(W.unit_amount[from], { value: stated.map(fmt).join("-") }) };
    }
    return { values: null, source: null };
  }
  function applyStep(step, unit, scale, p, conversions) {
    p.warning = (step.warning === true ? W.warning : step.warning) || null;
    var c = converted(step, unit, scale.conversion);
    if (c.values !== null) {
      var limit = rat(scale.limits[unit][1]);
      p[unit] = cmp(c.values[0], limit) <= 0 ? c.values[0] : limit;
      if (c.source) conversions.push(c.source);
    }
    if (step.range) {
      var r = converted(step.range, unit, scale.conversion);
      p.range = { unit: unit, min: r.values[0], max: r.values[1] };
      if (r.source) conversions.push(r.source);
    }
    applyConsequences(p, step);
  }
  function optionOf(step, unit, scale, conversions) {
    var p = emptyPenalty(), option = { text: fill(W.option, { text: step.text }) };
    applyStep(step, unit, scale, p, conversions);
    AMOUNT_KEYS.forEach(function (k) { if (p[k] !== null) option[k] = num(p[k]); });
    if (p.range !== null) option.range = { unit: unit, min: num(p.range.min), max: num(p.range.max) };
    ["disqualification", "committee", "void_result"].forEach(function (k) { if (p[k]) option[k] = p[k]; });
    return option;
  }
  function itemNumber(table, article, text) {
    var numbers = table.items.map(function (e) { return e.item; }), label = text.replace(/[.、]+$/, "");
    for (var i = 0; i < table.items.length; i++) if (table.items[i].label === label) return table.items[i].item;
    if (/^[0-9]{1,3}$/.test(label) && numbers.indexOf(Number(label)) >= 0) return Number(label);
    throw inputError("procedural", "item", "item", { article: article, first: numbers[0], last: numbers[numbers.length - 1], text: text });
  }
  function procedural(raw) {
    var v = parseInputs("procedural", raw), article = v.article, offence = v.offence, scoring = v.scoring;
    var table = DATA.tables[SANCTION_TABLES[article]], c = DATA.conventions;
    var numbers = table.items.map(function (e) { return e.item; });
    var item = itemNumber(table, article, v.item), entry = table.items[numbers.indexOf(item)];
    var names = entry.variants.map(function (x) { return x.name; }), variant = v.variant || names[0];
    if (names.indexOf(variant) < 0) {
      throw inputError("procedural", "variant", "variant", { choices: names.join("、"), text: variant,
                                                              labels: entry.variants.map(function (x) { return x.label || W.default_variant; }).join("、") });
    }
    var spec = entry.variants[names.indexOf(variant)], steps = spec.steps, step = steps[Math.min(offence, steps.length) - 1];
    var unit = W.scoring_units[scoring], scale = table.scale, readings = [], others = [], conversions = [], options = [], consequences = [];
    var p = emptyPenalty();
    applyStep(step, unit, scale, p, conversions);
    if (step.alternative) options.push(optionOf(step.alternative, unit, scale, conversions));
    consequences = consequences.concat(step.consequences || []);
    if (step.adjusted_score) consequences.push(step.adjusted_score);
    if (entry.also) consequences.push(entry.also);
    if (v.direct_damage) {
      if (!entry.damage) throw inputError("procedural", "direct_damage", "no_damage", { article: article, item: entry.label || item });
      consequences.push(entry.damage.text);
    }
    if (entry.sequence === "listed" && steps.length > 1) addReadings(readings, others, c.listed_ladder);
    /* a step's own reading holds for that offence only (not for the offences beyond the ladder that reuse the step) */
    [entry, spec].concat(offence <= steps.length ? [step] : []).forEach(function (source) { addReadings(readings, others, source); });
    if (offence > steps.length) {
      if (steps.length > 1) addReadings(readings, others, c.beyond_ladder, { offence: offence, step: step.text });
      if (entry.repeat_note) consequences.push(entry.repeat_note);
    }
    if (offence > 1) addReadings(readings, others, c.offence_count);
    conversions.filter(function (x, i) { return conversions.indexOf(x) === i; }).forEach(function (source) {
      readings.push(fill(c.conversion.reading, { unit: fill(W.unit_amount[unit], { value: "" }), source: source }));
    });
    var label = entry.label || String(item), title = describePenalty(p);
    options.forEach(function (o) { title = fill(W.headline_option, { headline: title, option: o.text }); });
    if (v.direct_damage) title = fill(W.headline_damage, { headline: title, damage: entry.damage.ruling });
    return makeResult("procedural", table.article, {
      anchor: step.clause || label, band: step.text, penalty: p, quote: step.quote || spec.quote || entry.quote, readings: readings, others: others,
      options: options, consequences: consequences, headline: title,
      subject: subjectOf("procedural", null, { article: article, label: label, summary: spec.summary || entry.summary,
                                               variant_text: spec.label && !spec.summary ? "（" + spec.label + "）" : "",
                                               offence_text: entry.sequence === "single" ? "" : fill(W.offence_part, { offence: offenceName(offence) }),
                                               scoring_label: W.scoring_names[scoring] }),
      inputs: { article: article, item: item, offence: offence, scoring: scoring, variant: variant, direct_damage: v.direct_damage },
      extra: { variants: entry.variants.map(function (x) { return { name: x.name, label: x.label || "" }; }) }
    });
  }

  /* ---------- scores: scripts/penalties/scoring.py ---------- */
  function plain() { return { anchor: null, band: null, penalty: emptyPenalty(), others: [] }; }
  function extend(base, more) { Object.keys(more).forEach(function (k) { base[k] = more[k]; }); return base; }
  function board(raw) {
    var t = DATA.tables.board, number = parseInputs("board", raw).number, i = number - 1;
    var dealer = t.dealers[i % 4], vulnerability = t.vulnerabilities[(i + Math.floor(i / 4)) % 4];
    return makeResult("board", t.article, extend(plain(), {
      quote: t.quote, readings: [t.notice], subject: subjectOf("board", null, { number: number, cycle: i % t.cycle + 1 }), inputs: { number: number },
      headline: headline("board", "board", { dealer_label: t.dealer_labels[dealer], vulnerability_label: t.vulnerability_labels[vulnerability] }),
      extra: { dealer: dealer, vulnerability: vulnerability }
    }));
  }
  function fixedPlaces(value, places) {
    var parts = fmt(roundHalfUp(value, places)).split("."), decimals = parts[1] || "";
    while (decimals.length < places) decimals += "0";
    return places ? parts[0] + "." + decimals : parts[0];
  }
  function tieRatio(raw) {
    var t = DATA.tables.tie_break, v = parseInputs("tie-ratio", raw), spec = t.kinds[v.kind];
    var facts = { kind_label: spec.label, won: fmt(v.won), lost: fmt(v.lost) }, ratio = v.lost.n === B0 ? null : div(v.won, v.lost), title;
    if (ratio === null) title = headline("tie-ratio", "no-loss", facts);
    else if (mul(ratio, R(pow10(t.decimals))).d === B1) title = headline("tie-ratio", "exact", extend(facts, { ratio: fmt(ratio) }));
    else title = headline("tie-ratio", "repeating", extend(facts, { fraction: ratio.n + "/" + ratio.d, approx: fixedPlaces(ratio, t.decimals) }));
    return makeResult("tie-ratio", t.article, extend(plain(), {
      anchor: spec.anchor, quote: spec.quote, readings: [t.reading], others: [t.other_reading],
      subject: subjectOf("tie-ratio", null, { kind_label: spec.label, formula: spec.formula }), inputs: { won: num(v.won), lost: num(v.lost), kind: v.kind },
      headline: title, extra: { ratio: num(ratio), ratio_fraction: ratio === null ? null : [Number(ratio.n), Number(ratio.d)], formula: spec.formula }
    }));
  }
  function rounding(raw) {
    var spec = DATA.conventions.rounding, v = parseInputs("rounding", raw), decimals = Number(v.decimals), rounded = roundHalfUp(v.value, decimals);
    return makeResult("rounding", spec.article, extend(plain(), {
      quote: spec.quote, readings: [fill(spec.reading, { decimals: decimals })], others: [spec.other_reading],
      subject: subjectOf("rounding", null, { value: fmt(v.value), decimals: decimals }), inputs: { value: num(v.value), decimals: decimals },
      headline: headline("rounding", "rounded", { rounded: fmt(rounded) }), extra: { value: num(rounded) }
    }));
  }
  function adjusted(raw) {
    var t = DATA.tables.adjusted_score, v = parseInputs("adjusted", raw), spec = t.responsibilities[v.responsibility], score, title;
    var bound = t.bound_words[spec.bound];
    if (v.scoring === "mp") {
      score = { text: spec.score, top_percent: spec.percent, bound: spec.bound, imp: null };
      title = headline("adjusted", "mp", { score: spec.score, bound: bound, percent: spec.percent });
    } else {
      score = { text: spec.score, top_percent: null, bound: "exact", imp: spec.imp };
      title = headline("adjusted", "imp", { score: spec.score, imp_text: spec.imp ? (spec.imp > 0 ? "+" : "") + spec.imp : "0" });
    }
    return makeResult("adjusted", t.article, extend(plain(), {
      anchor: t.anchor, band: spec.label, quote: t.quote, readings: [t.reading], others: [t.other_reading], consequences: [t.balance_quote],
      subject: subjectOf("adjusted", null, { responsibility_label: spec.label, scoring_label: v.scoring.toUpperCase() }),
      inputs: { responsibility: v.responsibility, scoring: v.scoring }, headline: title, extra: { score: score }
    }));
  }
  function fouled(raw) {
    var t = DATA.tables.fouled_boards, v = parseInputs("fouled", raw), boards = v.boards;
    var readings = [], consequences = [t.teams.procedural_quote], scores, title, quote, kase, spec;
    if (v.event === "teams") {
      spec = t.teams;
      if (v.whole_match) {
        var tie = v.tie_vp === null ? R(DATA.tables.forfeit.tie_vp_25) : v.tie_vp, factor = rat(spec.whole_match.offender_factor), vp = mul(tie, factor);
        scores = { offender: { vp: num(vp) }, non_offender: { text: spec.whole_match.non_offender } };
        title = headline("fouled", "whole-match", { factor_percent: fmt(mul(factor, R(100))), tie: fmt(tie), factor: fmt(factor), vp: fmt(vp) });
        quote = spec.whole_match.quote; readings.push(spec.whole_match.reading); consequences.unshift(spec.whole_match.replay_quote); kase = "whole-match";
      } else {
        scores = { offender: { imp_per_board: 0, imp: 0 }, non_offender: { imp_per_board: 0, imp: 0 } };
        title = headline("fouled", "teams", { boards: boards }); quote = spec.quote; kase = "teams";
        consequences.push(spec.no_replay_quote);
      }
    } else {
      spec = t.pairs; kase = "pairs";
      if (v.event === "pairs-mp") {
        scores = { offender: { top_percent_per_board: spec.offender.top_percent }, non_offender: { top_percent_per_board: spec.non_offender.top_percent } };
        title = headline("fouled", "pairs-mp", { non_offender: spec.non_offender.top_percent, offender: spec.offender.top_percent, boards: boards });
      } else {
        var off = spec.offender.imp, non = spec.non_offender.imp;
        scores = { offender: { imp_per_board: off, imp: off * boards }, non_offender: { imp_per_board: non, imp: non * boards } };
        title = headline("fouled", "pairs-imp", { non_offender: non, non_offender_total: non * boards, offender: off, offender_total: off * boards });
      }
      quote = spec.quote;
      readings.push(spec.reading);
    }
    return makeResult("fouled", t.article, extend(plain(), {
      anchor: (v.event === "teams" ? t.teams : t.pairs).anchor, quote: quote, readings: readings, consequences: consequences, headline: title,
      subject: subjectOf("fouled", kase, { boards: boards, scoring_label: v.event === "pairs-mp" ? "MP" : "IMP" }),
      inputs: { event: v.event, boards: boards, whole_match: v.whole_match, tie_vp: num(v.tie_vp) }, extra: { scores: scores }
    }));
  }
  function forfeit(raw) {
    var t = DATA.tables.forfeit, v = parseInputs("forfeit", raw), spec = t.events[v.event], non = spec.non_forfeiting, rule = non.rule, tie;
    if (v.tie_vp === null) {
      if (v.vp_scale !== "25" && (rule === "max-of-three" || rule === "tie-factor")) throw inputError("forfeit", "tie_vp", "tie_vp_needed", { scale: choiceLabel("forfeit", "vp_scale", v.vp_scale) });
      tie = R(t.tie_vp_25);
    } else {
      tie = v.tie_vp;
    }
    var decimals = DATA.conventions.rounding.decimals, count = v.boards;
    var readings = spec.reading ? [spec.reading] : [], others = spec.other_reading ? [spec.other_reading] : [];
    var candidates = [], nonScores = {}, consequences = copy(non.also || []), title;
    if (rule === "max-of-three") {
      non.candidates.forEach(function (c) {
        var value = null, applies = true;
        if (c.name === "own-average" && v.own_average !== null) value = roundHalfUp(v.own_average, decimals);
        else if (c.name === "thirty-minus" && v.opponent_average !== null) {
          applies = v.vp_scale === String(c.only_scale);
          var left = sub(rat(c.minuend), v.opponent_average);
          value = roundHalfUp(cmp(left, R(c.cap)) <= 0 ? left : R(c.cap), decimals);
        } else if (c.name === "tie-times-1.2") value = roundHalfUp(mul(tie, rat(c.factor)), decimals);
        candidates.push({ name: c.name, text: c.text, vp: applies ? num(value) : null, applies: applies && value !== null, quote: c.quote });
      });
      var best = null;
      candidates.forEach(function (c) { if (c.applies && (best === null || c.vp > best.vp)) best = c; });
      nonScores = { vp: best.vp, imp: t.imp_by_vp };
      title = headline("forfeit", rule, { best_mark: best.text.charAt(0), best_vp: fmt(String(best.vp)) });
    } else if (rule === "per-board") {
      var perBoard = v.half_scale ? non.mp_per_board_half_scale : non.mp_per_board;
      nonScores = { mp_per_board: perBoard, tp_per_board: non.tp_per_board, mp: count ? perBoard * count : null, tp: count ? non.tp_per_board * count : null };
      title = headline("forfeit", count ? "per-board-count" : "per-board", { mp_per_board: perBoard, tp_per_board: non.tp_per_board, mp: nonScores.mp, tp: nonScores.tp });
    } else if (rule === "fixed") {
      nonScores = { match_points: non.match_points };
      title = headline("forfeit", rule, { match_points: non.match_points });
    } else if (rule === "tie-factor") {
      var vp = roundHalfUp(mul(tie, rat(non.factor)), decimals);
      nonScores = { vp: num(vp), imp: t.imp_by_vp, match_points: non.match_points };
      title = headline("forfeit", rule, { tie: fmt(tie), factor: fmt(non.factor), vp: fmt(vp) });
    } else if (rule === "per-board-text") {
      nonScores = { per_board: non.per_board };
      title = headline("forfeit", rule, { forfeiting_per_board: spec.forfeiting.per_board, per_board: non.per_board });
    } else if (rule === "per-board-imp") {
      var own = spec.forfeiting.imp_per_board;
      nonScores = { imp_per_board: non.imp_per_board, imp: count ? non.imp_per_board * count : null };
      title = headline("forfeit", count ? "per-board-imp-count" : rule, { forfeiting_imp: own, imp_per_board: non.imp_per_board, boards: count,
                                                                          forfeiting_total: count ? own * count : null, imp: nonScores.imp });
    } else if (rule === "lose-match") {
      nonScores = { result: non.result };
      title = headline("forfeit", rule, {});
      consequences.push(spec.keeps_playing_quote);
    } else {
      if (v.tie_match_points === null) throw inputError("forfeit", "tie_match_points", "tie_points_needed", {});
      var points = roundHalfUp(mul(v.tie_match_points, rat(non.factor)), decimals);
      nonScores = { match_points: num(points) };
      title = headline("forfeit", rule, { tie_points: fmt(v.tie_match_points), factor: fmt(non.factor), points: fmt(points) });
    }
    var forfeiting = {};
    Object.keys(spec.forfeiting).forEach(function (k) { if (k !== "quote") forfeiting[k] = spec.forfeiting[k]; });
    var p = emptyPenalty();
    p.forfeit = v.event.indexOf("pairs-") === 0 ? "session" : "match";
    t.consequences.forEach(function (further) { if (further.events.indexOf(v.event) >= 0) consequences.push(further.text); });
    return makeResult("forfeit", t.article, {
      anchor: spec.anchor, band: spec.label, penalty: p, quote: non.quote, readings: readings, others: others, consequences: consequences,
      subject: subjectOf("forfeit", null, { event_label: spec.label }), headline: title, inputs: { event: v.event, vp_scale: v.vp_scale, tie_vp: num(tie) },
      extra: { scores: { forfeiting: forfeiting, non_forfeiting: nonScores }, candidates: candidates.length ? candidates : null }
    });
  }
  function withdrawal(raw) {
    var t = DATA.tables.forfeit.withdrawal, v = parseInputs("withdrawal", raw), spec = t.events[v.event], boards = v.boards;
    var scores = { withdrawing: spec.withdrawing, other: null };
    if (spec.other_imp !== undefined) scores.other = headline("withdrawal", "other-imp", { other_imp: spec.other_imp, other_total: spec.other_imp * boards });
    else if (spec.other_mp !== undefined) scores.other = headline("withdrawal", "other-mp", { other_mp: spec.other_mp, other_mp_half_scale: spec.other_mp_half_scale });
    else if (spec.other !== undefined) scores.other = headline("withdrawal", "other-text", { other_text: spec.other });
    var p = emptyPenalty();
    p.forfeit = v.event.indexOf("pairs-") === 0 ? "session" : "match";
    return makeResult("withdrawal", DATA.tables.forfeit.article, {
      anchor: t.anchor, band: null, penalty: p, quote: spec.quote, readings: [t.reading], others: [], consequences: t.consequences.map(function (further) { return further.text; }),
      subject: subjectOf("withdrawal", null, { event_label: choiceLabel("withdrawal", "event", v.event), boards: boards }),
      headline: scores.other ? headline("withdrawal", "with-other", { withdrawing: spec.withdrawing, other: scores.other }) : headline("withdrawal", "alone", { withdrawing: spec.withdrawing }),
      inputs: { event: v.event, boards: boards }, extra: { scores: scores }
    });
  }
  function carryOver(raw) {
    var t = DATA.tables.carry_over, v = parseInputs("carry-over", raw), echo = {};
    var variables = t.variables.map(function (x) { echo[x.name] = num(v[x.name]); return { name: x.name, text: x.text, value: num(v[x.name]) }; });
    return makeResult("carry-over", t.article, extend(plain(), {
      quote: t.variables[0].quote, readings: [t.notice], subject: subjectOf("carry-over", null, {}), headline: headline("carry-over", "none", {}), inputs: echo,
      extra: { value: null, variables: variables, source_lines: t.source_lines, notice: t.notice }
    }));
  }

  var RULES = { "lateness": lateness, "slow-play": slowPlay, "procedural": procedural, "board": board, "tie-ratio": tieRatio, "forfeit": forfeit,
                "withdrawal": withdrawal, "fouled": fouled, "adjusted": adjusted, "rounding": rounding, "carry-over": carryOver };
  function calculate(name, inputs) { return RULES[name](inputs || {}); }

  /* ---------- the widgets: forms from the spec, state in the URL, the copy button ---------- */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k]; else if (k === "className") node.className = attrs[k]; else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }
  function fieldsFor(form, values) {
    /* the spec's parameters less the page's fixed ones; procedural items and variants come from the article's table */
    var table = form.calculator === "procedural" && DATA.tables[SANCTION_TABLES[form.fixed.article]];
    var entry = table && (table.items.filter(function (e) { return String(e.item) === String(values.item || table.items[0].item); })[0] || table.items[0]);
    return SPEC[form.calculator].parameters.filter(function (p) { return form.fixed[p.name] === undefined; }).map(function (p) {
      var f = copy(p);
      if (p.choices_from) {
        f.choices = p.choices_from === "items"
          ? table.items.map(function (e) { return [String(e.item), (e.label ? e.label + "、" : e.item + ". ") + e.summary]; })
          : entry.variants.map(function (x) { return [x.name, x.label || W.default_variant]; });
        if (p.choices_from === "variants" && entry.variants.length < 2) return null;
      }
      if (p.only_with && entry && !entry[p.only_with]) return null;
      return f;
    }).filter(Boolean);
  }
  function key(p) { return p.name.replace(/-/g, "_"); }
  function readUrl(prefix) {
    var values = {};
    new URLSearchParams(window.location.search).forEach(function (value, k) { if (k.indexOf(prefix + ".") === 0) values[k.slice(prefix.length + 1)] = value; });
    return values;
  }
  function writeUrl(prefix, values, defaults) {
    try {
      var params = new URLSearchParams(window.location.search), drop = [];
      params.forEach(function (v, k) { if (k.indexOf(prefix + ".") === 0) drop.push(k); });
      drop.forEach(function (k) { params.delete(k); });
      Object.keys(values).forEach(function (k) { if (!blank(values[k]) && values[k] !== defaults[k]) params.set(prefix + "." + k, values[k]); });
      var query = params.toString();
      window.history.replaceState(window.history.state, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
    } catch (e) { /* file:// pages may refuse replaceState: the calculator still works */ }
  }
  var LOOPBACK = /^(localhost|127(\.\d+){3}|0\.0\.0\.0|\[::1\])$|\.localhost$/;
  function hostedLink(widget) {
    /* the hosted page (the build's site_url, directory URLs) with this calculator's inputs, opening at the widget;
       null when the build has no site_url or a local one (make serve, a build without RULEBOOK_SITE_URL): a
       loopback or file:// link works for no one the ruling is sent to */
    var canonical = document.querySelector("link[rel=canonical]"), url;
    try { url = new URL(canonical.href); } catch (e) { return null; }
    if (!/^https?:$/.test(url.protocol) || LOOPBACK.test(url.hostname)) return null;
    return (url.origin + url.pathname).replace(/\/index\.html$/, "/").replace(/\.html$/, "/") + window.location.search + "#" + widget.id;
  }
  function copiedPage(widget) {
    /* the line under a copied ruling: the hosted link, or else the page and the calculator named in words */
    var link = hostedLink(widget), page = (widget.getAttribute("data-page") || "/").split("/");
    return link || fill(W.copied_page, { where: fill(W.where[page[0]] || "", { number: page[1] }), title: SPEC[widget.getAttribute("data-calculator")].title });
  }
  function copyText(text, status) {
    function fallback() {
      var area = el("textarea", { readonly: "readonly", className: "penalty-copy-buffer" });
      area.value = text; document.body.appendChild(area); area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      status.textContent = ok ? "已复制" : "请手动复制下方文字";
    }
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(function () { status.textContent = "已复制"; }, fallback);
    else fallback();
  }
  function list(title, items) {
    if (!items.length) return null;
    return el("div", { className: "penalty-list" }, [el("strong", { text: title }), el("ul", {}, items.map(function (t) { return el("li", { text: t }); }))]);
  }
  function currentValues(form) {
    var values = {};
    form.inputs.forEach(function (input) {
      values[input.name] = input.type === "checkbox" ? (input.hasAttribute("data-raw") ? input.getAttribute("data-raw") : (input.checked ? "1" : "")) : input.value;
    });
    return values;
  }
  function inFormWords(e) {
    /* the widget's wording of an input error: a choice or a case by its label, never by the engine's name */
    if (e.kind === "choice") return fill(W.errors.choice_in_form, e.values);
    if (e.kind === "variant") return fill(W.errors.variant_in_form, e.values);
    return e.detail;
  }
  function render(widget, form) {
    /* the form's values, with the URL's values for parameters the drawn form has no field for (the engine refuses
       them as the command line does, so they show an error, never a ruling for other inputs) */
    var values = currentValues(form), out = form.output, result, inputs = copy(values), urlValues = copy(values);
    Object.keys(form.stray).forEach(function (k) { inputs[k] = urlValues[k] = form.stray[k]; });
    Object.keys(form.unknown).forEach(function (k) { urlValues[k] = form.unknown[k]; });
    Object.keys(form.fixed).forEach(function (k) { inputs[k.replace(/-/g, "_")] = form.fixed[k]; });
    out.textContent = "";
    form.ruling = null;
    try {
      var unknown = Object.keys(form.unknown);
      if (unknown.length) {
        widget.setAttribute("data-error", fill(W.errors.unknown_in_url, { keys: unknown.map(function (k) { return "“" + k + "”"; }).join("、") }));
        widget.removeAttribute("data-result");
        out.appendChild(el("p", { className: "penalty-error", role: "alert", text: "输入有误：" + widget.getAttribute("data-error") }));
        writeUrl(form.prefix, urlValues, form.defaults);
        return;
      }
      result = calculate(form.calculator, inputs);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      widget.setAttribute("data-error", e.message);
      widget.removeAttribute("data-result");
      var field = form.inputs.filter(function (input) { return input.name === e.parameter.replace(/-/g, "_"); })[0];
      if (field && field.value === "" && e.detail === W.errors.required) out.appendChild(el("p", { className: "penalty-prompt", text: W.errors.required + "：" + e.label }));
      else out.appendChild(el("p", { className: "penalty-error", role: "alert", text: "输入有误：" + e.label + "：" + inFormWords(e) }));
      writeUrl(form.prefix, urlValues, form.defaults);
      announce(widget, null);
      return;
    }
    widget.removeAttribute("data-error");
    widget.setAttribute("data-result", JSON.stringify(result));
    [result.notice && el("p", { className: "penalty-warning", role: "note", text: result.notice }),
     el("p", { className: "penalty-subject", text: result.subject }),
     el("p", { className: "penalty-headline", text: result.headline }),
     result.band && el("p", { className: "penalty-band" }, [el("span", { text: "适用：" }), el("span", { text: result.band })]),
     result.quote && el("blockquote", { className: "penalty-quote" }, [el("p", { text: "“" + result.quote + "”" }),
       result.anchor ? el("p", {}, [el("a", { href: "#" + result.anchor, text: "→ 原文" + clauseText(result.article, result.anchor) })]) : null]),
     result.calculator === "board" && el("p", { className: "penalty-notice", text: result.reading }),
     list("可酌情：", result.options.map(function (o) { return o.text || ""; })),
     list("另外：", result.consequences),
     result.candidates && list("三项：", result.candidates.map(function (c) { return c.text + "：" + (c.applies ? c.vp + "VP" : "不适用"); })),
     result.variables && el("pre", { className: "penalty-source", text: result.source_lines.join("\n") }),
     result.variables && list("变量：", result.variables.map(function (x) { return x.name + " = " + x.text + (x.value === null ? "" : "：" + x.value); })),
     result.reading && result.calculator !== "board" && result.reading !== result.notice &&
       el("p", { className: "penalty-reading" }, [el("strong", { text: "采用的读法：" }), el("span", { text: result.reading })]),
     result.other_reading && el("p", { className: "penalty-reading" }, [el("strong", { text: "另一种读法：" }), el("span", { text: result.other_reading })])
    ].forEach(function (node) { if (node) out.appendChild(node); });
    writeUrl(form.prefix, urlValues, form.defaults);
    form.ruling = result.ruling;
    announce(widget, result);
  }
  function announce(widget, result) {  /* for the offence log (offence_log.js): the ruling shown, or null */
    widget.dispatchEvent(new CustomEvent("rulebook:ruling", { bubbles: true, detail: result }));
  }
  function revealResult(form) {
    /* the answer where the director looks: the headline (or the error) inside the visual viewport, below the
       header, with the phone's keyboard up too (visualViewport shrinks); nothing moves when it is already in view */
    var target = form.output.querySelector(".penalty-headline, .penalty-error, .penalty-prompt");
    if (!target) return;
    var view = window.visualViewport, top = view ? view.offsetTop : 0, bottom = top + (view ? view.height : window.innerHeight);
    var header = document.querySelector(".md-header"), covered = header ? header.getBoundingClientRect().bottom : 0;
    var box = form.output.querySelector(".penalty-subject") || target, first = box.getBoundingClientRect(), last = target.getBoundingClientRect();
    var above = Math.max(top, covered) + 8, below = bottom - 8;
    if (first.top >= above && last.bottom <= below) return;
    var delta = last.bottom > below ? Math.min(last.bottom - below, first.top - above) : first.top - above;
    window.scrollBy(0, delta);
  }
  var EVENT_STORE = "rulebook:penalty-event:";  /* + calculator: the event type last chosen on this device */
  function rememberedEvent(calculator) {
    try { return window.localStorage.getItem(EVENT_STORE + calculator); } catch (e) { return null; }
  }
  function rememberEvent(calculator, value) {
    try { window.localStorage.setItem(EVENT_STORE + calculator, value); } catch (e) { /* storage refused: nothing kept */ }
  }
  function keepCalculatorHash() {
    /* navigation.tracking rewrites the address's fragment to the section scrolled past; while the fragment names a
       calculator (a shared link, a tap on “本条附有计算器”), it stays, so the address still opens the calculator */
    if (!window.history || window.history.__keepsCalculator) return;
    var replace = window.history.replaceState;
    window.history.replaceState = function (state, title, url) {
      var hash = window.location.hash.slice(1), target = hash && document.getElementById(decodeURIComponent(hash));
      if (url && target && target.classList.contains("penalty-calculator")) {
        var next = new URL(String(url), window.location.href);
        if (next.pathname === window.location.pathname && next.hash !== window.location.hash) {
          next.hash = window.location.hash;
          url = next.href;
        }
      }
      return replace.call(window.history, state, title, url);
    };
    window.history.__keepsCalculator = true;
  }
  function shareRuling(widget, form, status) {
    /* 分享: the phone's share sheet where it has one (Web Share API), else the clipboard, as 复制裁决 */
    if (!form.ruling) { status.textContent = "输入有误，没有可分享的裁决"; return; }
    var link = hostedLink(widget), text = form.ruling + (link ? "" : "\n" + copiedPage(widget));
    if (navigator.share) {
      var data = { title: SPEC[form.calculator].title, text: text };
      if (link) data.url = link;
      navigator.share(data).then(function () { status.textContent = "已分享"; }, function (e) {
        if (!e || e.name !== "AbortError") copyText(text + (link ? "\n" + link : ""), status);
      });
    } else copyText(text + (link ? "\n" + link : ""), status);
  }
  function timeSeparator(input) {
    /* a numeric keypad may have no colon: this button types 分:秒's colon into the minutes field */
    var button = el("button", { type: "button", className: "penalty-colon", "aria-label": "输入分秒之间的冒号", text: ":" });
    button.addEventListener("mousedown", function (event) { event.preventDefault(); });  /* the keyboard stays up */
    button.addEventListener("click", function () {
      var at = input.selectionStart === null ? input.value.length : input.selectionStart;
      input.value = input.value.slice(0, at) + ":" + input.value.slice(input.selectionEnd === null ? at : input.selectionEnd);
      input.focus();
      try { input.setSelectionRange(at + 1, at + 1); } catch (e) { /* not a text field */ }
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return button;
  }
  function build(widget) {
    var calculator = widget.getAttribute("data-calculator"), spec = SPEC[calculator];
    if (!spec) return;
    var fixed = {};
    spec.parameters.forEach(function (p) { var v = widget.getAttribute("data-fixed-" + p.name); if (v !== null) fixed[p.name] = v; });
    var prefix = [calculator].concat(Object.keys(fixed).map(function (k) { return fixed[k]; })).join("-");
    var form = { calculator: calculator, fixed: fixed, prefix: prefix, inputs: [], defaults: {}, ruling: null, stray: {}, unknown: {} };
    var box = el("form", { className: "penalty-form", novalidate: "novalidate" }), fieldBox = el("div", { className: "penalty-fields" });
    var status = el("span", { className: "penalty-copy-status", "aria-live": "polite" });
    var copyButton = el("button", { type: "button", className: "md-button penalty-copy", text: "复制裁决" });
    var shareButton = el("button", { type: "button", className: "md-button penalty-share", text: "分享" });
    form.output = el("div", { className: "penalty-output", "aria-live": "polite" });
    widget.textContent = "";
    function draw(values) {
      fieldBox.textContent = "";
      form.inputs = [];
      fieldsFor(form, values).forEach(function (f) {
        var name = key(f), id = widget.id + "-" + name, input, value;
        var kind = f.choices ? "select" : f.kind === "flag" ? "checkbox" : "text";
        form.defaults[name] = kind === "checkbox" ? "" : (f["default"] !== undefined ? String(f["default"]) : (kind === "select" && (f.required || f.choices_from) ? String(f.choices[0][0]) : ""));
        value = values[name] !== undefined ? values[name] : form.defaults[name];
        if (name === "event" && values[name] === undefined && kind === "select") {
          var kept = rememberedEvent(form.calculator);
          if (kept && f.choices.some(function (c) { return String(c[0]) === kept; })) value = kept;
        }
        if (kind === "select") {
          input = el("select", { id: id, name: name });
          if (!f.required && f["default"] === undefined && !f.choices_from) input.appendChild(el("option", { value: "", text: "—" }));
          f.choices.forEach(function (c) { input.appendChild(el("option", { value: c[0], text: c[1] })); });
          input.value = value;
          if (input.value !== String(value)) {  /* a value from the URL that is not a choice: kept, so that the error shows */
            input.appendChild(el("option", { value: value, text: "（无效：" + value + "）" }));
            input.value = value;
          }
        } else if (kind === "checkbox") {
          input = el("input", { id: id, name: name, type: "checkbox" });
          var text = asciiText(value).toLowerCase();
          if (FLAG_TRUE.indexOf(text) >= 0) input.checked = true;
          else if (FLAG_FALSE.indexOf(text) < 0) input.setAttribute("data-raw", value);
        } else {
          input = el("input", { id: id, name: name, type: "text", inputmode: f.kind === "integer" ? "numeric" : "decimal", autocomplete: "off",
                                placeholder: f.placeholder || "", spellcheck: "false" });
          input.value = value;
        }
        form.inputs.push(input);
        var label = el("label", { "for": id, text: f.label });
        var field = f.kind === "minutes" ? el("span", { className: "penalty-time" }, [input, timeSeparator(input)]) : input;
        var row = el("div", { className: FIELD_CLASS[kind] }, kind === "checkbox" ? [input, label] : [label, field]);
        if (f.help) row.appendChild(el("small", { text: f.help }));
        fieldBox.appendChild(row);
      });
    }
    var fromUrl = readUrl(prefix), drawn = {};
    draw(fromUrl);
    form.inputs.forEach(function (input) { drawn[input.name] = true; });
    Object.keys(fromUrl).forEach(function (k) {
      /* a URL value the drawn form has no field for: a parameter goes to the engine as given; a key of no parameter,
         or a page-fixed one with another value, is an error of its own */
      var p = parameterOf(calculator, k);
      if (!p || key(p) !== k || (fixed[p.name] !== undefined && String(fixed[p.name]) !== fromUrl[k])) form.unknown[k] = fromUrl[k];
      else if (fixed[p.name] === undefined && !drawn[k]) form.stray[k] = fromUrl[k];
    });
    function edited() { form.stray = {}; form.unknown = {}; }  /* the reader's own input replaces what the URL said */
    box.appendChild(fieldBox);
    box.addEventListener("input", function (event) {
      edited();
      event.target.removeAttribute("data-raw");
      if (event.target.name === "item") { var values = currentValues(form); delete values.variant; draw(values); }
      render(widget, form);
      revealResult(form);
    });
    box.addEventListener("change", function (event) {
      /* a text field's change comes on blur, after its input events have ruled: ruling (and scrolling) again then
         moved the 复制裁决 button under a tap that left the field, and the tap was lost */
      if (event.target.type === "text") return;
      edited();
      event.target.removeAttribute("data-raw");
      if (event.target.name === "event") rememberEvent(calculator, event.target.value);
      render(widget, form);
      revealResult(form);
    });
    if (window.visualViewport) {
      window.visualViewport.addEventListener("resize", function () {  /* the keyboard came up over the answer */
        if (widget.contains(document.activeElement)) revealResult(form);
      });
    }
    box.addEventListener("submit", function (event) { event.preventDefault(); render(widget, form); });
    copyButton.addEventListener("click", function () {
      if (form.ruling) copyText(form.ruling + "\n" + copiedPage(widget), status);
      else status.textContent = "输入有误，没有可复制的裁决";
    });
    widget.appendChild(el("p", { className: "penalty-title", text: "计算器：" + spec.title }));
    widget.appendChild(box);
    widget.appendChild(form.output);
    shareButton.addEventListener("click", function () { shareRuling(widget, form, status); });
    widget.appendChild(el("div", { className: "penalty-actions" }, [copyButton, shareButton, status]));
    render(widget, form);
  }
  function mount() {
    var widgets = document.querySelectorAll(".penalty-calculator");
    if (widgets.length) keepCalculatorHash();
    for (var i = 0; i < widgets.length; i++) {
      if (widgets[i].getAttribute("data-mounted") === "1") continue;
      widgets[i].setAttribute("data-mounted", "1");
      build(widgets[i]);
    }
  }
  window.RulebookPenalties = { calculate: calculate, mount: mount, InputError: InputError, hostedLink: hostedLink, copiedPage: copiedPage,
                                el: el, copyText: copyText };
  mount();
})();
