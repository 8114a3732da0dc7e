/* Penalty calculators for the article pages: the same rules as scripts/penalties (Python), read from
 * window.RULEBOOK_PENALTIES (assets/generated/penalty-data.js, exported at build time from rulebook_src/penalties/).
 * No dependencies; exact rational arithmetic so that boundaries (5:00 vs 5:00+ε) and 四舍五入 agree with Python. */
(function () {
  "use strict";

  /* ---------- exact rationals {n, d}, d > 0 ---------- */

  function gcd(a, b) {
    a = Math.abs(a); b = Math.abs(b);
    while (b) { var t = a % b; a = b; b = t; }
    return a || 1;
  }
  function R(n, d) {
    if (d === undefined) d = 1;
    if (d < 0) { n = -n; d = -d; }
    var g = gcd(n, d);
    return { n: n / g, d: d / g };
  }
  function decimalR(whole, frac) {
    var value = R(parseInt(whole, 10), 1);
    if (frac) value = add(value, R(parseInt(frac, 10), Math.pow(10, frac.length)));
    return value;
  }
  var DECIMAL_TEXT = /^(-)?(\d+)(?:\.(\d+))?$/;
  function rat(x) {
    if (x !== null && typeof x === "object") return x;
    var m = DECIMAL_TEXT.exec(String(x));
    if (!m) throw new Error("not a table number: " + x);
    var v = decimalR(m[2], m[3]);
    return m[1] ? R(-v.n, v.d) : v;
  }
  function add(a, b) { return R(a.n * b.d + b.n * a.d, a.d * b.d); }
  function sub(a, b) { return R(a.n * b.d - b.n * a.d, a.d * b.d); }
  function mul(a, b) { return R(a.n * b.n, a.d * b.d); }
  function div(a, b) { return R(a.n * b.d, a.d * b.n); }
  function cmp(a, b) { var x = a.n * b.d - b.n * a.d; return x < 0 ? -1 : x > 0 ? 1 : 0; }
  function ceilR(a) { return Math.ceil(a.n / a.d); }
  function minR(a, b) { return cmp(a, b) <= 0 ? a : b; }
  function roundHalfUp(value, decimals) {
    /* 第35条 四舍五入: the same integer steps as scripts/penalties/result.py round_half_up */
    var v = rat(value), scale = Math.pow(10, decimals);
    var magnitude = Math.floor((2 * Math.abs(v.n) * scale + v.d) / (2 * v.d));
    return R(v.n >= 0 ? magnitude : -magnitude, scale);
  }
  function num(value) {
    if (value === null || value === undefined) return null;
    var v = rat(value);
    return v.d === 1 ? v.n : v.n / v.d;
  }
  function fmt(value) { return String(num(value)); }

  /* ---------- inputs: the same checks and messages as scripts/penalties/inputs.py ---------- */

  function InputError(parameter, message) {
    this.parameter = parameter;
    this.message = "--" + parameter + ": " + message;
  }
  function repr(text) { return "'" + text + "'"; }
  function blank(value) { return value === null || value === undefined || value === ""; }

  var MAX_MINUTES = 10000;
  var MINUTES_DECIMAL = /^(\d{1,5})(?:\.(\d{1,6}))?$/;
  var MINUTES_CLOCK = /^(\d{1,5}):([0-5]?\d)(?:\.(\d{1,3}))?$/;
  var DECIMAL = /^(-)?(\d{1,5})(?:\.(\d{1,3}))?$/;  /* as inputs.py: keeps every product below 2^53 */
  var SHARE_FRACTION = /^(\d{1,4})\/(\d{1,4})$/;
  var SHARE_PERCENT = /^(\d{1,3}(?:\.\d{1,4})?)%$/;
  var INTEGER = /^\d{1,7}$/;

  function parseMinutes(value, parameter) {
    parameter = parameter || "minutes";
    var text = String(value).trim(), m, minutes;
    if (text.charAt(0) === "-") throw new InputError(parameter, "must not be negative, got " + repr(text));
    if ((m = MINUTES_DECIMAL.exec(text))) {
      minutes = decimalR(m[1], m[2]);
    } else if ((m = MINUTES_CLOCK.exec(text))) {
      minutes = add(R(parseInt(m[1], 10)), div(decimalR(m[2], m[3]), R(60)));
    } else {
      throw new InputError(parameter, "expected minutes such as 12, 5.5 or 5:30, got " + repr(text));
    }
    if (cmp(minutes, R(MAX_MINUTES)) > 0) throw new InputError(parameter, "must be at most " + MAX_MINUTES + " minutes, got " + repr(text));
    return minutes;
  }
  function parseNumber(value, parameter, minimum, maximum) {
    if (minimum === undefined) minimum = 0;
    var text = String(value).trim(), m = DECIMAL.exec(text);
    if (!m) throw new InputError(parameter, "expected a number, got " + repr(text));
    var number = decimalR(m[2], m[3]);
    if (m[1]) number = R(-number.n, number.d);
    if (minimum !== null && cmp(number, rat(minimum)) < 0) throw new InputError(parameter, "must be at least " + minimum + ", got " + repr(text));
    if (maximum !== null && maximum !== undefined && cmp(number, rat(maximum)) > 0) throw new InputError(parameter, "must be at most " + maximum + ", got " + repr(text));
    return number;
  }
  function parseInteger(value, parameter, minimum, maximum) {
    if (minimum === undefined) minimum = 1;
    var text = String(value).trim();
    if (!INTEGER.test(text)) throw new InputError(parameter, "expected a whole number, got " + repr(text));
    var number = parseInt(text, 10);
    if (number < minimum) throw new InputError(parameter, "must be at least " + minimum + ", got " + repr(text));
    if (maximum !== null && maximum !== undefined && number > maximum) throw new InputError(parameter, "must be at most " + maximum + ", got " + repr(text));
    return number;
  }
  function parseShare(value, parameter) {
    parameter = parameter || "share";
    var text = String(value).trim(), m, share;
    if ((m = SHARE_FRACTION.exec(text))) {
      if (parseInt(m[2], 10) === 0) throw new InputError(parameter, "the denominator must not be 0, got " + repr(text));
      share = R(parseInt(m[1], 10), parseInt(m[2], 10));
    } else if ((m = SHARE_PERCENT.exec(text))) {
      share = div(parseNumber(m[1], parameter), R(100));
    } else if (DECIMAL.test(text)) {
      share = parseNumber(text, parameter);
    } else {
      throw new InputError(parameter, "expected a share such as 1, 0.5, 1/2 or 50%, got " + repr(text));
    }
    if (cmp(share, R(0)) < 0 || cmp(share, R(1)) > 0) throw new InputError(parameter, "must be between 0 and 1 (0% and 100%), got " + repr(text));
    return share;
  }
  function parseChoice(value, parameter, choices) {
    var text = String(value).trim();
    if (choices.indexOf(text) < 0) throw new InputError(parameter, "expected one of " + choices.join(", ") + ", got " + repr(text));
    return text;
  }
  function parseFlag(value, parameter) {
    if (value === true || value === false) return value;
    if (blank(value)) return false;
    var text = String(value).trim().toLowerCase();
    if (["1", "true", "yes", "on"].indexOf(text) >= 0) return true;
    if (["0", "false", "no", "off", ""].indexOf(text) >= 0) return false;
    throw new InputError(parameter, "expected yes or no, got " + repr(String(value)));
  }

  /* ---------- results: scripts/penalties/result.py ---------- */

  var AMOUNT_KEYS = ["vp", "imp", "top_percent"];
  var UNIT_SUFFIX = { vp: "VP", imp: "IMP", top_percent: "%" };
  var FORFEIT_TEXT = { session: "该节弃权", round: "该轮弃权", match: "该场弃权" };

  function emptyPenalty() {
    return { warning: false, vp: null, imp: null, top_percent: null, range: null, committee: false, forfeit: null, stop_play: false };
  }
  function formatAmount(key, value) {
    if (key === "top_percent") return "扣一副牌顶分的" + fmt(value) + "%";
    return "扣" + fmt(value) + UNIT_SUFFIX[key];
  }
  function describePenalty(p) {
    var parts = [];
    if (p.warning) parts.push("正式警告");
    AMOUNT_KEYS.forEach(function (key) { if (p[key] !== null) parts.push(formatAmount(key, p[key])); });
    if (p.range !== null) {
      var u = p.range.unit;
      parts.push(u !== "top_percent" ? "扣" + fmt(p.range.min) + "—" + fmt(p.range.max) + UNIT_SUFFIX[u]
                                     : "扣一副牌顶分的" + fmt(p.range.min) + "%—" + fmt(p.range.max) + "%");
    }
    if (p.stop_play) parts.push("停止打牌");
    if (p.forfeit) parts.push(FORFEIT_TEXT[p.forfeit]);
    if (p.committee) parts.push("由比赛仲裁委员会处理");
    return parts.length ? parts.join("，") : "不处罚";
  }
  function makeResult(calculator, article, r) {
    var penalty = {};
    ["warning", "vp", "imp", "top_percent", "range", "committee", "forfeit", "stop_play"].forEach(function (k) { penalty[k] = r.penalty[k]; });
    AMOUNT_KEYS.forEach(function (k) { penalty[k] = num(penalty[k]); });
    if (penalty.range !== null) penalty.range = { unit: penalty.range.unit, min: num(penalty.range.min), max: num(penalty.range.max) };
    var number = article.split("/")[1].split("-")[0];
    var book = article.indexOf("laws/") === 0 ? "规则" : "裁判法";
    var where = book + "第" + number + "条" + (r.anchor ? "（" + r.anchor + "）" : "");
    var result = {
      calculator: calculator, article: article, anchor: r.anchor || null, inputs: r.inputs,
      band: r.band === undefined ? null : r.band, penalty: penalty,
      options: r.options || [], consequences: r.consequences || [], quote: r.quote || null,
      reading: r.readings && r.readings.length ? r.readings.join(" ") : null,
      other_reading: r.others && r.others.length ? r.others.join(" ") : null
    };
    var extra = r.extra || {};
    Object.keys(extra).forEach(function (k) { result[k] = extra[k]; });
    result.subject = r.subject || "";
    result.headline = r.headline || describePenalty(penalty);
    result.ruling = result.subject + "：" + result.headline + "。依据：" + where + (r.quote ? "“" + r.quote + "”" : "");
    return result;
  }
  function fill(template, values) {
    Object.keys(values).forEach(function (k) { template = template.split("{" + k + "}").join(String(values[k])); });
    return template;
  }
  function copy(obj) { return JSON.parse(JSON.stringify(obj)); }

  /* ---------- 第26条 / 第27条: scripts/penalties/timing.py ---------- */

  var EVENTS = ["teams-vp", "teams-ko", "pairs-mp", "pairs-imp"];

  function formatMinutes(minutes) {
    var seconds = mul(minutes, R(60));
    if (seconds.d === 1) {
      var whole = Math.floor(seconds.n / 60), rest = seconds.n % 60;
      return rest === 0 ? whole + "分钟" : whole + "分" + rest + "秒";
    }
    return fmt(minutes) + "分钟";
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
      var upper = fmt(band.upper);
      readings.push(fill(c.band_boundary.reading, { band: band.band, lower: fmt(lower), upper: upper }));
      others.push(fill(c.band_boundary.other_reading, { upper: upper }));
      var following = bands[index + 1];
      if (following.upper === null) {
        readings.push(fill(c.open_band.reading, { open_band: following.band, upper: upper }));
        others.push(fill(c.open_band.other_reading, { open_band: following.band, upper: upper }));
      }
    } else if (band.upper === null) {
      readings.push(fill(c.open_band.reading, { open_band: band.band, upper: fmt(lower) }));
    }
    return { readings: readings, others: others };
  }
  function perMinuteAmount(rule, minutes) { return rule.base + ceilR(sub(minutes, R(rule.over))); }

  function timedPenalty(tableName, inputs) {
    var table = DATA.tables[tableName];
    var event = parseChoice(inputs.event, "event", EVENTS);
    var minutes = parseMinutes(inputs.minutes);
    var repeat = parseFlag(inputs.repeat, "repeat");
    var spec = table.events[event];
    var s = { table: table, spec: spec, event: event, minutes: minutes, repeat: repeat, penalty: emptyPenalty(),
              band: null, quote: null, readings: [], others: [], options: [], consequences: [] };
    if (minutes.n === 0) {
      s.readings.push("0分钟不算" + table.unit_label + "（第一档从0+开始）。");
      return s;
    }
    var bands = spec.bands, found = findBand(bands, minutes), band = bands[found.index], p = s.penalty;
    s.band = band.band; s.quote = band.quote;
    if (band.warning) {
      if (repeat) {
        Object.keys(band.repeat).forEach(function (k) { p[k] = rat(band.repeat[k]); });
        if (band.repeat_reading) { s.readings.push(band.repeat_reading); s.others.push(band.repeat_other_reading); }
      } else {
        p.warning = true;
      }
    } else if (repeat) {
      s.readings.push(DATA.conventions.repeat_outside_warning_band.reading);
    }
    AMOUNT_KEYS.forEach(function (k) { if (band[k] !== undefined) p[k] = rat(band[k]); });
    if (band.per_minute) {
      p[band.per_minute.unit] = R(perMinuteAmount(band.per_minute, minutes));
      if (band.per_minute_other) {
        var rule = copy(band.per_minute);
        Object.keys(band.per_minute_other).forEach(function (k) { rule[k] = band.per_minute_other[k]; });
        s.readings.push(band.reading);
        s.others.push(band.other_reading + "按此读法为" + perMinuteAmount(rule, minutes) + "IMP。");
      }
    } else if (band.reading) {
      s.readings.push(band.reading);
      s.others.push(band.other_reading);
    }
    p.committee = !!band.committee;
    p.stop_play = !!band.stop_play;
    p.forfeit = band.forfeit || null;
    s.options = copy(band.options || []);
    s.consequences = copy(band.consequences || []);
    var b = boundaryReadings(bands, found.index, minutes, found.lower);
    s.readings = s.readings.concat(b.readings);
    s.others = s.others.concat(b.others);
    return s;
  }
  function subjectOf(s, verb) {
    return s.spec.label + "，" + verb + formatMinutes(s.minutes) + (s.repeat ? "（第二次再犯）" : "");
  }

  function lateness(inputs) {
    var s = timedPenalty("lateness", inputs), removed = null, headline = null;
    if (!blank(inputs.remove_boards)) {
      var count = parseInteger(inputs.remove_boards, "remove-boards", 1);
      var removal = null;
      s.options.forEach(function (o) { if (!removal && o.remove_boards) removal = o; });
      if (!removal) throw new InputError("remove-boards", "the band " + (s.band || "0分钟") + " of --event " + s.event + " has no board-removal option");
      var low = removal.remove_boards[0], high = removal.remove_boards[1];
      if (count < low || count > high) {
        throw new InputError("remove-boards", "the band " + s.band + " allows " + (low === high ? "" + low : low + "–" + high) + " board(s), got " + count);
      }
      removed = { count: count, offender: removal.offender, non_offender: removal.non_offender };
      headline = describePenalty(s.penalty) + "；扣打" + count + "副牌，每副牌违规方得" + removed.offender + "，非违规方得" + removed.non_offender;
    }
    return makeResult("lateness", s.table.article, {
      anchor: s.spec.anchor, band: s.band, penalty: s.penalty, quote: s.quote, readings: s.readings, others: s.others,
      options: s.options, consequences: s.consequences, subject: subjectOf(s, "迟到"), headline: headline,
      inputs: { event: s.event, minutes: num(s.minutes), repeat: s.repeat, remove_boards: removed ? removed.count : null },
      extra: { removed_boards: removed }
    });
  }

  function slowPlay(inputs) {
    var s = timedPenalty("slow_play", inputs), rounding = DATA.conventions.rounding;
    var share = parseShare(blank(inputs.share) ? "1" : inputs.share);
    var decimals = blank(inputs.decimals) ? rounding.decimals : parseInteger(inputs.decimals, "decimals", 0, 2);
    var p = s.penalty, total = {}, hasTotal = false;
    AMOUNT_KEYS.forEach(function (k) { if (p[k] !== null) { total[k] = num(p[k]); hasTotal = true; } });
    var readings = s.readings;
    if (s.spec.total_for_both_sides) {
      readings.unshift("表列扣分是双方扣分之和（" + s.spec.total_for_both_sides.text + "）；本方承担的比例由裁判观察决定。");
    }
    var percent = fmt(roundHalfUp(mul(share, R(100)), 2));
    if (cmp(share, R(1)) !== 0) {
      AMOUNT_KEYS.forEach(function (k) {
        if (p[k] === null) return;
        var exact = mul(p[k], share);
        p[k] = roundHalfUp(exact, decimals);
        var shown = roundHalfUp(exact, 6);
        readings.push("本方负责" + percent + "%：" + fmt(total[k]) + "×" + fmt(share) + (cmp(shown, exact) === 0 ? "=" : "≈") + fmt(shown) + "；" +
                      fill(rounding.reading, { decimals: decimals }));
        if (cmp(exact, p[k]) !== 0) s.others.push(rounding.other_reading);
      });
    }
    return makeResult("slow-play", s.table.article, {
      anchor: s.spec.anchor, band: s.band, penalty: p, quote: s.quote, readings: readings, others: s.others,
      options: s.options, consequences: s.consequences,
      subject: subjectOf(s, "超时") + (cmp(share, R(1)) !== 0 ? "，本方负责" + percent + "%" : ""),
      inputs: { event: s.event, minutes: num(s.minutes), repeat: s.repeat, share: num(share), decimals: decimals },
      extra: { total: hasTotal ? total : null }
    });
  }

  /* ---------- 第34/37/38条: scripts/penalties/sanctions.py ---------- */

  var SANCTION_TABLES = { "34": "procedural", "37": "discipline", "38": "phones_smoking" };
  var SCORINGS = { vp: "vp", imp: "imp", mp: "top_percent" };
  var SCORING_NAMES = { vp: "VP", imp: "IMP", mp: "MP" };
  var SOURCE_TEXT = { vp: "VP", imp: "IMP", top_percent: "%MP" };

  function offenceName(count) { return count === 1 ? "初犯" : count === 2 ? "再犯" : "屡犯（第" + count + "次）"; }
  function convert(step, unit, conversion) {
    if (step[unit] !== undefined) return { value: rat(step[unit]), source: null };
    for (var i = 0; i < AMOUNT_KEYS.length; i++) {
      var source = AMOUNT_KEYS[i];
      if (step[source] !== undefined) {
        return { value: mul(div(rat(step[source]), rat(conversion[source])), rat(conversion[unit])), source: fmt(step[source]) + SOURCE_TEXT[source] };
      }
    }
    return { value: null, source: null };
  }
  function convertRange(bounds, unit, conversion) {
    if (bounds[unit] !== undefined) return { bounds: [rat(bounds[unit][0]), rat(bounds[unit][1])], source: null };
    for (var i = 0; i < AMOUNT_KEYS.length; i++) {
      var source = AMOUNT_KEYS[i];
      if (bounds[source] !== undefined) {
        var f = function (v) { return mul(div(rat(v), rat(conversion[source])), rat(conversion[unit])); };
        return { bounds: [f(bounds[source][0]), f(bounds[source][1])], source: fmt(bounds[source][0]) + "-" + fmt(bounds[source][1]) + SOURCE_TEXT[source] };
      }
    }
    throw new Error("a range names at least one unit");
  }
  function forfeitScope(scoring) { return scoring === "mp" ? "session" : "match"; }
  function applyStep(step, unit, scoring, scale, p, conversions) {
    p.warning = !!step.warning;
    var c = convert(step, unit, scale.conversion);
    if (c.value !== null) {
      p[unit] = minR(c.value, rat(scale.limits[unit][1]));
      if (c.source) conversions.push(c.source);
    }
    if (step.range) {
      var r = convertRange(step.range, unit, scale.conversion);
      p.range = { unit: unit, min: r.bounds[0], max: r.bounds[1] };
      if (r.source) conversions.push(r.source);
    }
    p.committee = !!step.committee;
    if (step.forfeit === "match-or-session") p.forfeit = forfeitScope(scoring);
  }
  function optionOf(step, unit, scoring, scale, conversions) {
    var p = emptyPenalty();
    applyStep(step, unit, scoring, scale, p, conversions);
    var option = { text: "或" + step.text };
    AMOUNT_KEYS.forEach(function (k) { if (p[k] !== null) option[k] = num(p[k]); });
    if (p.range !== null) option.range = { unit: unit, min: num(p.range.min), max: num(p.range.max) };
    if (p.forfeit) option.forfeit = p.forfeit;
    return option;
  }
  function itemNumber(table, value) {
    /* --item as listed: "9", "9.", "9．", or 第38条's "一"/"一、" (sanctions.py item_number) */
    var text = String(value).trim().replace(/[.．、]+$/, "");
    for (var i = 0; i < table.items.length; i++) {
      if (table.items[i].label === text) return table.items[i].item;
    }
    return parseInteger(text, "item", 1);
  }
  function procedural(inputs) {
    var article = parseChoice(String(inputs.article).trim(), "article", Object.keys(SANCTION_TABLES));
    var table = DATA.tables[SANCTION_TABLES[article]], c = DATA.conventions;
    var numbers = table.items.map(function (e) { return e.item; });
    var item = itemNumber(table, inputs.item);
    if (numbers.indexOf(item) < 0) throw new InputError("item", "第" + article + "条 has items " + numbers[0] + "–" + numbers[numbers.length - 1] + ", got " + item);
    var offence = parseInteger(blank(inputs.offence) ? "1" : inputs.offence, "offence", 1, 99);
    var scoring = parseChoice(blank(inputs.scoring) ? "vp" : inputs.scoring, "scoring", Object.keys(SCORINGS));
    var directDamage = parseFlag(inputs.direct_damage, "direct-damage");
    var entry = table.items[numbers.indexOf(item)];
    var names = entry.variants.map(function (v) { return v.name; });
    var variant = blank(inputs.variant) ? names[0] : parseChoice(inputs.variant, "variant", names);
    var spec = entry.variants[names.indexOf(variant)], steps = spec.steps;
    var step = steps[Math.min(offence, steps.length) - 1], unit = SCORINGS[scoring], scale = table.scale;
    var readings = [], others = [], conversions = [], options = [], consequences = [];
    var p = emptyPenalty();
    applyStep(step, unit, scoring, scale, p, conversions);
    if (step.alternative) options.push(optionOf(step.alternative, unit, scoring, scale, conversions));
    consequences = consequences.concat(step.consequences || []);
    if (step.adjusted_score) consequences.push(step.adjusted_score);
    if (entry.also) consequences.push(entry.also);
    if (directDamage) {
      if (!entry.damage) throw new InputError("direct-damage", "第" + article + "条" + item + " has no adjusted-score clause for direct damage");
      consequences.push(entry.damage.text);
    }
    if (entry.sequence === "listed" && steps.length > 1) { readings.push(c.listed_ladder.reading); others.push(c.listed_ladder.other_reading); }
    [entry, spec].forEach(function (source) {
      if (source.reading) readings.push(source.reading);
      if (source.other_reading) others.push(source.other_reading);
    });
    if (offence > steps.length) {
      if (steps.length > 1) {
        readings.push(fill(c.beyond_ladder.reading, { offence: offence, step: step.text }));
        others.push(c.beyond_ladder.other_reading);
      }
      if (entry.repeat_note) consequences.push(entry.repeat_note);
    }
    if (offence > 1) { readings.push(c.offence_count.reading); others.push(c.offence_count.other_reading); }
    conversions.filter(function (v, i) { return conversions.indexOf(v) === i; }).forEach(function (source) {
      readings.push(fill(c.conversion.reading, { unit: SOURCE_TEXT[unit], source: source }));
    });
    if (p.forfeit || options.some(function (o) { return o.forfeit; })) readings.push("“该场（节）”：团体赛为该场，双人赛（MP）为该节。");
    var label = entry.label || String(item);
    var variantText = spec.label ? "（" + spec.label + "）" : "";
    return makeResult("procedural", table.article, {
      anchor: label, band: step.text, penalty: p, quote: entry.quote, readings: readings, others: others,
      options: options, consequences: consequences,
      subject: "第" + article + "条" + label + entry.summary + variantText + "，" + offenceName(offence) + "，" + SCORING_NAMES[scoring] + "制",
      inputs: { article: article, item: item, offence: offence, scoring: scoring, variant: variant, direct_damage: directDamage },
      extra: { variants: entry.variants.map(function (v) { return { name: v.name, label: v.label || "" }; }) }
    });
  }

  /* ---------- scores: scripts/penalties/scoring.py ---------- */

  var FORFEIT_EVENTS = ["round-robin", "board-a-match", "match-points", "swiss", "pairs-mp", "pairs-imp", "pairs-match-points"];
  var WITHDRAWAL_EVENTS = ["round-robin", "swiss", "board-a-match", "knock-out", "pairs-mp", "pairs-imp"];
  var FOULED_EVENTS = ["teams", "pairs-mp", "pairs-imp"];

  function board(inputs) {
    var t = DATA.tables.board, number = parseInteger(inputs.number, "number", 1, 9999), i = number - 1;
    var dealer = t.dealers[i % 4], vulnerability = t.vulnerabilities[(i + Math.floor(i / 4)) % 4], cycle = i % t.cycle + 1;
    return makeResult("board", t.article, {
      anchor: null, band: null, penalty: emptyPenalty(), quote: t.quote, readings: [t.notice], others: [],
      subject: "第" + number + "副牌（同第" + cycle + "副）", inputs: { number: number },
      headline: "发牌人" + t.dealer_labels[dealer] + "，" + t.vulnerability_labels[vulnerability],
      extra: { dealer: dealer, vulnerability: vulnerability }
    });
  }
  function tieRatio(inputs) {
    var t = DATA.tables.tie_break, kind = parseChoice(blank(inputs.kind) ? "imp" : inputs.kind, "kind", Object.keys(t.kinds));
    var won = parseNumber(inputs.won, "won"), lost = parseNumber(inputs.lost, "lost"), spec = t.kinds[kind];
    var ratio = lost.n === 0 ? null : roundHalfUp(div(won, lost), t.decimals);
    var shown = ratio === null ? "—（总负分为0）" : fmt(ratio);
    return makeResult("tie-ratio", t.article, {
      anchor: spec.anchor, band: null, penalty: emptyPenalty(), quote: spec.quote, readings: [t.reading], others: [t.other_reading],
      subject: spec.label + "（" + spec.formula + "）", inputs: { won: num(won), lost: num(lost), kind: kind },
      headline: spec.label + " = " + fmt(won) + " ÷ " + fmt(lost) + " = " + shown,
      extra: { ratio: num(ratio), formula: spec.formula }
    });
  }
  function rounding(inputs) {
    var spec = DATA.conventions.rounding, exact = parseNumber(inputs.value, "value", null);
    var decimals = blank(inputs.decimals) ? spec.decimals : parseInteger(inputs.decimals, "decimals", 0, 2);
    var rounded = roundHalfUp(exact, decimals);
    return makeResult("rounding", spec.article, {
      anchor: null, band: null, penalty: emptyPenalty(), quote: spec.quote, readings: [fill(spec.reading, { decimals: decimals })],
      others: [spec.other_reading], subject: fmt(exact) + "保留" + decimals + "位小数", inputs: { value: num(exact), decimals: decimals },
      headline: fmt(rounded), extra: { value: num(rounded) }
    });
  }
  function adjusted(inputs) {
    var t = DATA.tables.adjusted_score;
    var responsibility = parseChoice(inputs.responsibility, "responsibility", Object.keys(t.responsibilities));
    var scoring = parseChoice(blank(inputs.scoring) ? "mp" : inputs.scoring, "scoring", ["mp", "imp"]);
    var spec = t.responsibilities[responsibility], bound = { "at-most": "至多", exact: "", "at-least": "至少" }[spec.bound], score, headline;
    if (scoring === "mp") {
      score = { text: spec.score, top_percent: spec.percent, bound: spec.bound, imp: null };
      headline = spec.score + "（双人赛中" + bound + spec.percent + "%比赛分）";
    } else {
      score = { text: spec.score, top_percent: null, bound: "exact", imp: spec.imp };
      headline = spec.imp ? spec.score + "（" + (spec.imp > 0 ? "+" : "") + spec.imp + "IMP）" : spec.score + "（0IMP）";
    }
    return makeResult("adjusted", t.article, {
      anchor: t.anchor, band: spec.label, penalty: emptyPenalty(), quote: t.quote, readings: [t.reading], others: [t.other_reading],
      subject: "人为调整分：" + spec.label + "的参赛者，" + scoring.toUpperCase() + "制", consequences: [t.balance_quote],
      inputs: { responsibility: responsibility, scoring: scoring }, headline: headline, extra: { score: score }
    });
  }
  function fouled(inputs) {
    var t = DATA.tables.fouled_boards, event = parseChoice(inputs.event, "event", FOULED_EVENTS);
    var boards = parseInteger(blank(inputs.boards) ? "1" : inputs.boards, "boards", 1, 999);
    var wholeMatch = parseFlag(inputs.whole_match, "whole-match");
    var readings = [], consequences = [t.teams.procedural_quote], scores, headline, quote, subject, spec;
    if (event === "teams") {
      spec = t.teams;
      if (wholeMatch) {
        var tie = blank(inputs.tie_vp) ? R(DATA.tables.forfeit.tie_vp_25) : parseNumber(inputs.tie_vp, "tie-vp");
        var offenderVp = mul(tie, rat(spec.whole_match.offender_factor));
        scores = { offender: { vp: num(offenderVp) }, non_offender: { text: "参照“弃权的处理”" } };
        headline = "不能重赛时，违规方得平局时80%的分数：" + fmt(tie) + "×0.8=" + fmt(offenderVp) + "VP";
        quote = spec.whole_match.quote;
        readings.push(spec.whole_match.reading);
        consequences.unshift(spec.whole_match.replay_quote);
        subject = "团体赛，整场成绩无效";
      } else {
        scores = { offender: { imp_per_board: 0, imp: 0 }, non_offender: { imp_per_board: 0, imp: 0 } };
        headline = boards + "副牌均按平分计算（每副0IMP）";
        quote = spec.quote;
        subject = "团体赛，" + boards + "副牌不能构成复式";
      }
    } else {
      spec = t.pairs;
      if (event === "pairs-mp") {
        scores = { offender: { top_percent_per_board: spec.offender.top_percent }, non_offender: { top_percent_per_board: spec.non_offender.top_percent } };
        headline = "每副牌非违规方得" + spec.non_offender.top_percent + "%MP，违规方得" + spec.offender.top_percent + "%MP（共" + boards + "副）";
      } else {
        var off = spec.offender.imp, non = spec.non_offender.imp;
        scores = { offender: { imp_per_board: off, imp: off * boards }, non_offender: { imp_per_board: non, imp: non * boards } };
        headline = "非违规方每副牌得" + non + "IMP，共" + non * boards + "IMP；违规方每副牌得" + off + "IMP，共" + off * boards + "IMP";
      }
      quote = spec.quote;
      readings.push("只在无法调整座位、牌序补救时适用；能调整时打牌结果成立，只给程序性判罚。");
      subject = "双人赛（" + (event === "pairs-mp" ? "MP" : "IMP") + "制）坐错位置，" + boards + "副牌";
    }
    return makeResult("fouled", t.article, {
      anchor: (event === "teams" ? t.teams : t.pairs).anchor, band: null, penalty: emptyPenalty(), quote: quote,
      readings: readings, others: [], consequences: consequences, subject: subject, headline: headline,
      inputs: { event: event, boards: boards, whole_match: wholeMatch, tie_vp: blank(inputs.tie_vp) ? null : num(parseNumber(inputs.tie_vp, "tie-vp")) },
      extra: { scores: scores }
    });
  }
  function forfeit(inputs) {
    var t = DATA.tables.forfeit, event = parseChoice(inputs.event, "event", FORFEIT_EVENTS), spec = t.events[event], non = spec.non_forfeiting;
    var vpScale = parseChoice(blank(inputs.vp_scale) ? "25" : inputs.vp_scale, "vp-scale", ["25", "20", "other"]), tie;
    if (blank(inputs.tie_vp)) {
      if (vpScale !== "25" && (non.rule === "max-of-three" || non.rule === "tie-factor")) throw new InputError("tie-vp", "give the VP of a tied match on the " + vpScale + " scale");
      tie = R(t.tie_vp_25);
    } else {
      tie = parseNumber(inputs.tie_vp, "tie-vp");
    }
    var decimals = DATA.conventions.rounding.decimals;
    var readings = spec.reading ? [spec.reading] : [], others = spec.other_reading ? [spec.other_reading] : [];
    var candidates = [], nonScores = {}, consequences = copy(non.also || []), headline, count;
    if (non.rule === "max-of-three") {
      non.candidates.forEach(function (c) {
        var value = null, applies = true;
        if (c.name === "own-average" && !blank(inputs.own_average)) {
          value = roundHalfUp(parseNumber(inputs.own_average, "own-average", 0, 30), decimals);
        } else if (c.name === "thirty-minus" && !blank(inputs.opponent_average)) {
          applies = vpScale === String(c.only_scale);
          value = roundHalfUp(minR(sub(R(30), parseNumber(inputs.opponent_average, "opponent-average", 0, 30)), R(c.cap)), decimals);
        } else if (c.name === "tie-times-1.2") {
          value = roundHalfUp(mul(tie, rat(c.factor)), decimals);
        }
        candidates.push({ name: c.name, text: c.text, vp: applies ? num(value) : null, applies: applies && value !== null, quote: c.quote });
      });
      var best = null;
      candidates.forEach(function (c) { if (c.applies && (best === null || c.vp > best.vp)) best = c; });
      nonScores = { vp: best.vp, imp: "按所得VP相应的IMP平均值计" };
      headline = "弃权方0VP、0IMP、0TP；非弃权方取三项中最高的" + best.text.charAt(0) + "：" + fmt(best.vp) + "VP";
    } else if (non.rule === "per-board") {
      count = blank(inputs.boards) ? null : parseInteger(inputs.boards, "boards", 1, 999);
      var perBoard = parseFlag(inputs.half_scale, "half-scale") ? non.mp_per_board_half_scale : non.mp_per_board;
      nonScores = { mp_per_board: perBoard, tp_per_board: non.tp_per_board, mp: count ? perBoard * count : null, tp: count ? non.tp_per_board * count : null };
      headline = "弃权方0比赛分、0TP；非弃权方每副牌" + perBoard + "比赛分、" + non.tp_per_board + "TP" +
                 (count ? "，共" + perBoard * count + "比赛分、" + non.tp_per_board * count + "TP" : "");
    } else if (non.rule === "fixed") {
      nonScores = { match_points: non.match_points };
      headline = "弃权方0场分；非弃权方" + non.match_points + "场分";
    } else if (non.rule === "tie-factor") {
      var vp = roundHalfUp(mul(tie, rat(non.factor)), decimals);
      nonScores = { vp: num(vp), imp: "按所得VP相应的IMP平均值计", match_points: non.match_points };
      headline = "弃权方0VP、0IMP、0TP；非弃权方" + fmt(tie) + "×1.2=" + fmt(vp) + "VP";
    } else if (non.rule === "per-board-text") {
      nonScores = { per_board: non.per_board };
      headline = "每副牌弃权方得0MP，非弃权方得平均正分";
    } else if (non.rule === "per-board-imp") {
      count = blank(inputs.boards) ? null : parseInteger(inputs.boards, "boards", 1, 999);
      nonScores = { imp_per_board: non.imp_per_board, imp: count ? non.imp_per_board * count : null };
      headline = "每副牌弃权方得-3IMP，非弃权方得3IMP" + (count ? "（" + count + "副：-" + 3 * count + "IMP／" + 3 * count + "IMP）" : "");
    } else {
      if (blank(inputs.tie_match_points)) throw new InputError("tie-match-points", "give the 场分 of a tied session or round");
      var tiePoints = parseNumber(inputs.tie_match_points, "tie-match-points");
      var points = roundHalfUp(mul(tiePoints, rat(non.factor)), decimals);
      nonScores = { match_points: num(points) };
      headline = "弃权方0场分；非弃权方" + fmt(tiePoints) + "×1.5=" + fmt(points) + "场分";
    }
    var forfeiting = {};
    Object.keys(spec.forfeiting).forEach(function (k) { if (k !== "quote") forfeiting[k] = spec.forfeiting[k]; });
    var p = emptyPenalty();
    p.forfeit = event.indexOf("pairs-") === 0 ? "session" : "match";
    consequences.push(t.disqualification.quote);
    return makeResult("forfeit", t.article, {
      anchor: spec.anchor, band: spec.label, penalty: p, quote: non.quote, readings: readings, others: others,
      consequences: consequences, subject: spec.label + "，一方弃权", headline: headline,
      inputs: { event: event, vp_scale: vpScale, tie_vp: num(tie) },
      extra: { scores: { forfeiting: forfeiting, non_forfeiting: nonScores }, candidates: candidates.length ? candidates : null }
    });
  }
  function withdrawal(inputs) {
    var t = DATA.tables.forfeit.withdrawal, event = parseChoice(inputs.event, "event", WITHDRAWAL_EVENTS);
    var boards = parseInteger(inputs.boards, "boards", 1, 999), spec = t.events[event];
    var scores = { withdrawing: spec.withdrawing, other: null };
    if (spec.other_imp !== undefined) scores.other = "每副" + spec.other_imp + "IMP，共" + spec.other_imp * boards + "IMP";
    else if (spec.other_mp !== undefined) scores.other = "每副" + spec.other_mp + "比赛分（按1、0.5、0计分时" + spec.other_mp_half_scale + "分）";
    else if (spec.other !== undefined) scores.other = "每副" + spec.other;
    var p = emptyPenalty();
    p.forfeit = ["round-robin", "swiss", "board-a-match", "knock-out"].indexOf(event) >= 0 ? "match" : "session";
    return makeResult("withdrawal", DATA.tables.forfeit.article, {
      anchor: t.anchor, band: null, penalty: p, quote: spec.quote, readings: ["已打过且能构成复式的牌按实际结果计分。"], others: [],
      consequences: [t.quote], subject: "中途退出（" + event + "），" + boards + "副牌未打或不能构成复式",
      headline: "中途退出方：" + spec.withdrawing + (scores.other ? "；对方：" + scores.other : ""),
      inputs: { event: event, boards: boards }, extra: { scores: scores }
    });
  }
  function carryOver(inputs) {
    var t = DATA.tables.carry_over, variables = [], echo = {};
    t.variables.forEach(function (v) {
      var given = inputs[v.name];
      var value = blank(given) ? null : num(parseNumber(given, v.name));
      variables.push({ name: v.name, text: v.text, value: value });
      echo[v.name] = value;
    });
    return makeResult("carry-over", t.article, {
      anchor: null, band: null, penalty: emptyPenalty(), quote: t.variables[0].quote, readings: [t.notice], others: [],
      subject: "双人赛带分", headline: "原文公式无法核实，不计算", inputs: echo,
      extra: { value: null, variables: variables, source_lines: t.source_lines, notice: t.notice }
    });
  }

  var CALCULATE = {
    "lateness": lateness, "slow-play": slowPlay, "procedural": procedural, "board": board, "tie-ratio": tieRatio,
    "forfeit": forfeit, "withdrawal": withdrawal, "fouled": fouled, "adjusted": adjusted, "rounding": rounding, "carry-over": carryOver
  };
  var DATA = window.RULEBOOK_PENALTIES || null;

  function calculate(name, inputs) {
    if (!DATA) throw new Error("penalty data (assets/generated/penalty-data.js) is not loaded");
    return CALCULATE[name](inputs || {});
  }

  /* ---------- the widgets ---------- */

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "className") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }
  function fieldsFor(form, values) {
    /* the form's fields; procedural items and variants depend on the article and item chosen */
    var fields = DATA.forms[form.calculator].fields.map(copy);
    if (form.calculator === "procedural") {
      var table = DATA.tables[SANCTION_TABLES[form.article]];
      var itemField = fields.filter(function (f) { return f.name === "item"; })[0];
      itemField.choices = table.items.map(function (e) { return [String(e.item), (e.label || e.item) + (e.label ? "、" : ". ") + e.summary]; });
      var entry = table.items.filter(function (e) { return String(e.item) === String(values.item || table.items[0].item); })[0] || table.items[0];
      var variantField = fields.filter(function (f) { return f.name === "variant"; })[0];
      variantField.choices = entry.variants.map(function (v) { return [v.name, v.label || "一般情形"]; });
      if (!entry.damage) fields = fields.filter(function (f) { return f.name !== "direct_damage"; });
      if (entry.variants.length < 2) fields = fields.filter(function (f) { return f.name !== "variant"; });
    }
    return fields;
  }
  function readUrl(prefix) {
    var values = {};
    var params = new URLSearchParams(window.location.search);
    params.forEach(function (value, key) {
      if (key.indexOf(prefix + ".") === 0) values[key.slice(prefix.length + 1)] = value;
    });
    return values;
  }
  function writeUrl(prefix, values, defaults) {
    try {
      var params = new URLSearchParams(window.location.search);
      var keys = [];
      params.forEach(function (v, k) { if (k.indexOf(prefix + ".") === 0) keys.push(k); });
      keys.forEach(function (k) { params.delete(k); });
      Object.keys(values).forEach(function (k) {
        if (!blank(values[k]) && values[k] !== defaults[k]) params.set(prefix + "." + k, values[k]);
      });
      var query = params.toString();
      var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
      window.history.replaceState(window.history.state, "", url);
    } catch (e) { /* file:// pages may refuse replaceState: the calculator still works */ }
  }
  function copyText(text, status) {
    function fallback() {
      var area = el("textarea", { readonly: "readonly", className: "penalty-copy-buffer" });
      area.value = text;
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      status.textContent = ok ? "已复制" : "请手动复制下方文字";
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { status.textContent = "已复制"; }, fallback);
    } else {
      fallback();
    }
  }
  function list(title, items) {
    if (!items.length) return null;
    return el("div", { className: "penalty-list" }, [el("strong", { text: title }),
      el("ul", {}, items.map(function (t) { return el("li", { text: t }); }))]);
  }
  function appendIf(parent, child) {
    if (child) parent.appendChild(child);
  }
  function optionText(o) {
    return o.text || "";
  }
  function render(widget, form) {
    var values = {};
    form.inputs.forEach(function (input) {
      values[input.name] = input.type === "checkbox" ? (input.checked ? "1" : "") : input.value;
    });
    var out = form.output;
    out.textContent = "";
    var result, inputs = copy(values);
    if (form.article) inputs.article = form.article;
    try {
      result = calculate(form.calculator, inputs);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      widget.setAttribute("data-error", e.message);
      widget.removeAttribute("data-result");
      var missing = form.inputs.filter(function (input) { return input.name === e.parameter.replace(/-/g, "_") && input.value === ""; })[0];
      if (missing) {
        appendIf(out, el("p", { className: "penalty-prompt", text: "请填写：" + document.querySelector("label[for='" + missing.id + "']").textContent }));
      } else {
        appendIf(out, el("p", { className: "penalty-error", role: "alert", text: "输入有误：" + e.message }));
      }
      writeUrl(form.prefix, values, form.defaults);
      return;
    }
    widget.removeAttribute("data-error");
    widget.setAttribute("data-result", JSON.stringify(result));
    var link = (result.anchor ? "#" + result.anchor : null);
    if (result.notice) appendIf(out, el("p", { className: "penalty-warning", role: "note", text: result.notice }));
    appendIf(out, el("p", { className: "penalty-subject", text: result.subject }));
    appendIf(out, el("p", { className: "penalty-headline", text: result.headline }));
    if (result.band) appendIf(out, el("p", { className: "penalty-band" }, [el("span", { text: "适用：" }), el("span", { text: result.band })]));
    if (result.quote) {
      var cite = el("blockquote", { className: "penalty-quote" }, [el("p", { text: "“" + result.quote + "”" })]);
      if (link) cite.appendChild(el("p", {}, [el("a", { href: link, text: "→ 原文" + result.anchor })]));
      appendIf(out, cite);
    }
    if (result.calculator === "board") appendIf(out, el("p", { className: "penalty-notice", text: result.reading }));
    appendIf(out, list("可酌情：", result.options.map(optionText)));
    appendIf(out, list("另外：", result.consequences));
    if (result.candidates) appendIf(out, list("三项：", result.candidates.map(function (c) { return c.text + "：" + (c.applies ? c.vp + "VP" : "不适用"); })));
    if (result.variables) {
      appendIf(out, el("pre", { className: "penalty-source", text: result.source_lines.join("\n") }));
      appendIf(out, list("变量：", result.variables.map(function (v) { return v.name + " = " + v.text + (v.value === null ? "" : "：" + v.value); })));
    }
    if (result.reading && result.calculator !== "board" && result.reading !== result.notice) appendIf(out, el("p", { className: "penalty-reading" }, [el("strong", { text: "采用的读法：" }), el("span", { text: result.reading })]));
    if (result.other_reading) appendIf(out, el("p", { className: "penalty-reading" }, [el("strong", { text: "另一种读法：" }), el("span", { text: result.other_reading })]));
    writeUrl(form.prefix, values, form.defaults);
    form.ruling = result.ruling;
  }
  function build(widget) {
    var calculator = widget.getAttribute("data-calculator");
    var spec = DATA.forms[calculator];
    if (!spec) return;
    var article = widget.getAttribute("data-article") || "";
    var prefix = calculator + (article ? "-" + article : "");
    var form = { calculator: calculator, article: article, prefix: prefix, inputs: [], defaults: {} };
    var stored = readUrl(prefix);
    widget.textContent = "";
    widget.id = widget.id || "calc-" + prefix;
    var box = el("form", { className: "penalty-form", novalidate: "novalidate" });
    var fieldBox = el("div", { className: "penalty-fields" });
    var output = el("div", { className: "penalty-output", "aria-live": "polite" });
    var status = el("span", { className: "penalty-copy-status", "aria-live": "polite" });
    var copyButton = el("button", { type: "button", className: "md-button penalty-copy", text: "复制裁决" });
    form.output = output;

    function draw(values) {
      fieldBox.textContent = "";
      form.inputs = [];
      fieldsFor(form, values).forEach(function (f) {
        var id = widget.id + "-" + f.name, input;
        if (f.type === "select") {
          input = el("select", { id: id, name: f.name });
          f.choices.forEach(function (c) { var o = el("option", { value: c[0], text: c[1] }); input.appendChild(o); });
        } else if (f.type === "checkbox") {
          input = el("input", { id: id, name: f.name, type: "checkbox" });
        } else {
          input = el("input", { id: id, name: f.name, type: "text", inputmode: f.inputmode || "decimal", autocomplete: "off",
                                placeholder: f.placeholder || "", spellcheck: "false" });
        }
        form.defaults[f.name] = f.type === "checkbox" ? "" : (f["default"] !== undefined ? f["default"] : (f.type === "select" ? f.choices[0][0] : ""));
        var value = values[f.name] !== undefined ? values[f.name] : form.defaults[f.name];
        if (f.type === "checkbox") input.checked = !blank(value) && value !== "0";
        else {
          input.value = value;
          if (f.type === "select" && input.value !== String(value)) input.value = form.defaults[f.name];
        }
        form.inputs.push(input);
        var label = el("label", { "for": id, text: f.label });
        var row = el("div", { className: "penalty-field penalty-field-" + f.type }, f.type === "checkbox" ? [input, label] : [label, input]);
        if (f.help) row.appendChild(el("small", { text: f.help }));
        fieldBox.appendChild(row);
      });
    }
    function currentValues() {
      var values = {};
      form.inputs.forEach(function (input) { values[input.name] = input.type === "checkbox" ? (input.checked ? "1" : "") : input.value; });
      return values;
    }
    draw(stored);
    box.appendChild(fieldBox);
    box.addEventListener("input", function (event) {
      var name = event.target.name;
      if (calculator === "procedural" && name === "item") {
        var values = currentValues();
        delete values.variant;
        draw(values);
      }
      render(widget, form);
    });
    box.addEventListener("change", function () { render(widget, form); });
    box.addEventListener("submit", function (event) { event.preventDefault(); render(widget, form); });
    copyButton.addEventListener("click", function () {
      if (form.ruling) copyText(form.ruling + "\n" + window.location.href, status);
    });
    widget.appendChild(el("p", { className: "penalty-title", text: "计算器：" + spec.title }));
    widget.appendChild(box);
    widget.appendChild(output);
    widget.appendChild(el("div", { className: "penalty-actions" }, [copyButton, status]));
    render(widget, form);
  }
  function mount() {
    if (!DATA) DATA = window.RULEBOOK_PENALTIES || null;
    if (!DATA) return;
    var widgets = document.querySelectorAll(".penalty-calculator");
    for (var i = 0; i < widgets.length; i++) {
      if (widgets[i].getAttribute("data-mounted") === "1") continue;
      widgets[i].setAttribute("data-mounted", "1");
      build(widgets[i]);
    }
  }

  window.RulebookPenalties = { calculate: calculate, mount: mount, InputError: InputError };
  /* Material's instant navigation swaps pages and announces each one on document$; from file:// it does not emit,
   * so also mount once the document is ready (mount is idempotent: data-mounted marks a built widget). */
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { mount(); });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mount);
  } else {
    mount();
  }
})();
