/* Penalty calculators on the article pages. The rulings come from the Python rules, as data: each calculator's plan
 * (assets/generated/plans/<calculator>.js, written by scripts/penalties/plan.py) holds, for every combination of
 * choices and flags, the result or the input error, with expressions where a value depends on a typed number. This
 * file parses the inputs (the forms of spec.py INPUT_FORMS), picks the case and the interval the numbers fall in,
 * computes the expressions on exact BigInt rationals (plan.py evaluate, operation for operation), and wires the form
 * the page came with (scripts/penalties/widgets.py widget_form): URL, copy and share. No rule is decided here. Loaded
 * only on pages with a calculator, by loader.js. */
(function () {
  "use strict";
  var DATA = window.RULEBOOK_PENALTIES, SPEC = {}, W = DATA.words;
  var ECHO_LIMIT = DATA.echo_limit;  /* scripts/limits.py MAX_ECHO_CHARS, exported by the build */
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
  function rat(x) {  /* a rational, a number, or a text "3", "-1.5", "7/2" */
    if (x !== null && typeof x === "object") return x;
    var m = /^(-)?(\d+)(?:\.(\d+))?(?:\/(\d+))?$/.exec(String(x)), v = decimalR(m[2], m[3]);
    if (m[4]) v = R(v.n, v.d * BigInt(m[4]));
    return m[1] ? R(-v.n, v.d) : v;
  }
  function add(a, b) { return R(a.n * b.d + b.n * a.d, a.d * b.d); }
  function mul(a, b) { return R(a.n * b.n, a.d * b.d); }
  function div(a, b) { return R(a.n * b.d, a.d * b.n); }
  function cmp(a, b) { var x = a.n * b.d - b.n * a.d; return x < B0 ? -1 : x > B0 ? 1 : 0; }
  function floorR(a) { var q = a.n / a.d; return R(a.n % a.d !== B0 && a.n < B0 ? q - B1 : q); }
  function roundHalfUp(v, places) {  /* result.py round_half_up: 四舍五入, away from zero */
    var scale = pow10(places), magnitude = (B2 * babs(v.n) * scale + v.d) / (B2 * v.d);
    return R(v.n >= B0 ? magnitude : -magnitude, scale);
  }
  function num(v) { return v.d === B1 ? Number(v.n) : Number(v.n) / Number(v.d); }
  function fmt(v) {  /* result.py format_number: the exact decimal text of a terminating decimal */
    var places = 0;
    if (v.d === B1) return v.n.toString();
    while ((pow10(places) % v.d) !== B0) { places++; if (places > 12) return String(num(v)); }
    var digits = (babs(v.n) * pow10(places) / v.d).toString();
    while (digits.length < places + 1) digits = "0" + digits;
    return (v.n < B0 ? "-" : "") + digits.slice(0, -places) + "." + digits.slice(-places);
  }
  function fill(template, values) {
    Object.keys(values || {}).forEach(function (k) { template = template.split("{" + k + "}").join(String(values[k])); });
    return template;
  }
  function clip(text) {  /* scripts/limits.py clip: a value quoted back in at most ECHO_LIMIT characters, cut with … */
    var chars = Array.from(String(text));
    return chars.length <= ECHO_LIMIT ? String(text) : chars.slice(0, ECHO_LIMIT - 1).join("") + "…";
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
    if (values && values.text !== undefined) values.text = clip(values.text);  /* a typed value, cut (spec.py input_error) */
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
      return within(c, p, R(BigInt(text)), text);
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
  function parseInputs(name, raw) {  /* spec.py parse_inputs(refuse=False): the plan refuses what does not apply */
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
    return values;
  }

  /* ---------- the plans: scripts/penalties/plan.py plan_key, plan_outcome, evaluate ---------- */
  function minuteText(v, whole, seconds) {  /* timing.py minute_text: 12分钟, 5分30秒 */
    var s = mul(v, R(60));
    if (s.d !== B1) return fill(whole, { minutes: fmt(v) });
    var m = s.n / BigInt(60), rest = s.n % BigInt(60);
    return rest === B0 ? fill(whole, { minutes: m }) : fill(seconds, { minutes: m, seconds: rest });
  }
  function fixedPlaces(v, places) {  /* scoring.py fixed_places */
    var parts = fmt(roundHalfUp(v, places)).split("."), decimals = parts[1] || "";
    while (decimals.length < places) decimals += "0";
    return places ? parts[0] + "." + decimals : parts[0];
  }
  var OPS = {
    add: add, sub: function (a, b) { return add(a, R(-b.n, b.d)); }, mul: mul, div: div, neg: function (a) { return R(-a.n, a.d); },
    abs: function (a) { return R(babs(a.n), a.d); }, ceil: function (a) { return R(-floorR(R(-a.n, a.d)).n); },
    floordiv: function (a, b) { return floorR(div(a, b)); }, mod: function (a, b) { return OPS.sub(a, mul(b, floorR(div(a, b)))); },
    min: function (a, b) { return cmp(a, b) <= 0 ? a : b; }, eq: function (a, b) { return cmp(a, b) === 0; },
    ne: function (a, b) { return cmp(a, b) !== 0; }, lt: function (a, b) { return cmp(a, b) < 0; }, le: function (a, b) { return cmp(a, b) <= 0; },
    round: function (a, places) { return roundHalfUp(a, num(places)); }, json: function (a) { return a === null ? null : num(a); },
    fmt: fmt, minutes: minuteText, fixed: function (a, places) { return fixedPlaces(a, num(places)); },
    fraction: function (a) { return a.n + "/" + a.d; }, parts: function (a) { return [Number(a.n), Number(a.d)]; },
    terminates: function (a, places) { return mul(a, R(pow10(num(places)))).d === B1; },
    argmax: function (values) { var best = 0; values.forEach(function (v, i) { if (cmp(v, values[best]) > 0) best = i; }); return R(best); },
    pick: function (items, index) { return items[num(index)]; },
    cat: function () { return Array.prototype.map.call(arguments, function (p) { return p === null ? "" : p; }).join(""); },
    join: function (separator, parts) { var kept = parts.filter(Boolean); return kept.length ? kept.join(separator) : null; },
    or: function (a, b) { return a !== null ? a : b; }, unless_null: function (a, text) { return a === null ? "" : text; }
  };
  function expression(node, inputs, shared) {
    if (!Array.isArray(node)) return node;
    var op = node[0], args = node.slice(1);
    if (op === "@") return expression(shared[args[0]], inputs, shared);
    if (op === "n") return rat(args[0]);
    if (op === "in" || op === "text") return inputs[args[0]];
    if (op === "list") return args.map(function (a) { return expression(a, inputs, shared); });
    if (op === "if") return expression(expression(args[0], inputs, shared) ? args[1] : args[2], inputs, shared);
    return OPS[op].apply(null, args.map(function (a) { return expression(a, inputs, shared); }));
  }
  function evaluate(value, inputs, shared) {
    if (Array.isArray(value)) return value.map(function (v) { return evaluate(v, inputs, shared); });
    if (value === null || typeof value !== "object") return value;
    if (value.$ !== undefined) return expression(value.$, inputs, shared);
    if (value["@"] !== undefined) return evaluate(shared[value["@"]], inputs, shared);
    var out = {};
    Object.keys(value).forEach(function (k) { out[k] = evaluate(value[k], inputs, shared); });
    return out;
  }
  function planFor(name, values) {
    var plans = window.RULEBOOK_PLANS || {}, found = Object.keys(plans).map(function (k) { return plans[k]; }).filter(function (p) {
      return p.plans.calculator === name && Object.keys(p.plans.fixed).every(function (k) { return values[k] === p.plans.fixed[k]; });
    })[0];
    if (!found) throw new Error("no plan of " + name + " is loaded");
    return found;
  }
  function planKey(plan, name, values) {
    var parts = [];
    SPEC[name].parameters.forEach(function (p) {
      var value = values[p.name.replace(/-/g, "_")], item;
      if (p.kind === "flag") parts.push(value ? "1" : "0");
      else if (p.kind === "choice") parts.push(value);
      else if (p.kind !== "text") parts.push(value === null ? "-" : "+");
      else if (p.name === "item") {
        item = value.replace(/[.、]+$/, "");
        parts.push(plan.items[item] || (/^[0-9]{1,3}$/.test(item) && plan.items[String(Number(item))]) || "?");
      } else parts.push(parts[parts.length - 1] === "?" ? "" : value);
    });
    var key = parts.join("|");
    if (plan.cases[key] === undefined) { parts[2] = "?"; key = parts.join("|"); }  /* a case the item does not have */
    return key;
  }
  function calculate(name, raw) {
    var values = parseInputs(name, raw || {}), exported = planFor(name, values), plan = exported.plans, shared = exported.shared;
    function deref(v) { return v !== null && typeof v === "object" && v["@"] !== undefined ? deref(shared[v["@"]]) : v; }
    var branches = deref(plan.cases[planKey(plan, name, values)]);
    for (var i = 0; i < branches.length; i++) {
      var when = deref(deref(branches[i])[0]), outcome = deref(deref(branches[i])[1]);
      var holds = Object.keys(when).every(function (k) {
        var r = deref(when[k]), low = r[0] === null ? 1 : cmp(values[k], rat(r[0])), high = r[1] === null ? -1 : cmp(values[k], rat(r[1]));
        return (low > 0 || (low === 0 && r[2])) && (high < 0 || (high === 0 && r[3]));  /* plan_evaluate.py in_region */
      });
      if (!holds) continue;
      if (outcome.error) {
        var e = evaluate(outcome.error, values, shared), error = new InputError(e.parameter, e.label, e.detail);
        error.kind = e.kind; error.values = e.values;
        throw error;
      }
      var result = evaluate(outcome.result, values, shared);
      result.ruling = rulingText(result);
      return result;
    }
    throw new Error("no case of " + name + " holds");
  }
  function clauseText(article, anchor) {  /* result.py clause_text, for the → 原文 link */
    var labels = DATA.clause_labels[article] || {};
    return labels[anchor] !== undefined ? labels[anchor] : fill(W.clause, { label: anchor });
  }
  function rulingText(r) {  /* result.py ruling_text: the text a director pastes, from the result's parts */
    var where = fill(W.where[r.article.split("/")[0]], { number: r.article.split("/")[1] }) + (r.anchor ? clauseText(r.article, r.anchor) : "");
    var ruling = fill(r.quote ? W.ruling : W.ruling_without_quote, { subject: r.subject, headline: r.headline, where: where, quote: r.quote || "" });
    return r.other_reading === null ? ruling : ruling + " " + fill(W.other_reading, { other_reading: r.other_reading });
  }

  /* ---------- the widgets: the page's forms, state in the URL, the copy button ---------- */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k]; else if (k === "className") node.className = attrs[k]; else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }
  function control(form, name) { return form.box.querySelector("[name=" + name + "]"); }
  function showItem(form) {
    /* the chosen item's cases (a field only for two or more) and its only_with flags (widgets.py form_items) */
    var entries = DATA.items[form.fixed.article], item = control(form, "item"), variant = control(form, "variant");
    if (!entries || !item) return;
    var entry = entries.filter(function (e) { return e.item === item.value; })[0] || entries[0];
    if (variant) {
      variant.textContent = "";
      entry.variants.forEach(function (v) { variant.appendChild(el("option", { value: v.name, text: v.label || W.default_variant })); });
      variant.parentNode.hidden = entry.variants.length < 2;
    }
    SPEC[form.calculator].parameters.forEach(function (p) {
      if (p.only_with && control(form, key(p))) control(form, key(p)).parentNode.hidden = !entry[p.only_with];
    });
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
    /* the address that opens this calculator (or the 第45条 sheet) with its inputs, for 复制裁决 and 分享: on a hosted
       site the page's own address, without what changes as it is read (the fragment: the widget's id instead; the
       search highlight's h=); anywhere else (file://, the venue zip; a loopback host: make serve, a test server) the
       page on the build's site_url (mkdocs.yml, or RULEBOOK_SITE_URL), directory URLs; null when that too is a local
       address or none: a loopback or file:// link works for no one the ruling is sent to */
    var own = window.location, url, params = new URLSearchParams(own.search);
    params.delete("h");
    var search = params.toString() ? "?" + params.toString() : "";
    if (/^https?:$/.test(own.protocol) && !LOOPBACK.test(own.hostname)) return own.origin + own.pathname + search + "#" + widget.id;
    var canonical = document.querySelector("link[rel=canonical]");
    try { url = new URL(canonical.href); } catch (e) { return null; }
    if (!/^https?:$/.test(url.protocol) || LOOPBACK.test(url.hostname)) return null;
    return (url.origin + url.pathname).replace(/\/index\.html$/, "/").replace(/\.html$/, "/") + search + "#" + widget.id;
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
  function shown(form) {  /* the controls of the fields shown now */
    return Array.prototype.filter.call(form.box.querySelectorAll("[name]"), isShown);
  }
  function isShown(input) { return !input.closest(".penalty-field").hidden; }
  function currentValues(form) {
    var values = {};
    shown(form).forEach(function (input) {
      values[input.name] = input.type === "checkbox" ? (input.hasAttribute("data-raw") ? input.getAttribute("data-raw") : (input.checked ? "1" : "")) : input.value;
    });
    return values;
  }
  function defaults(form) {  /* what each shown field holds as the page sent it (or first, for a case): left out of the URL */
    var values = {};
    shown(form).forEach(function (c) {
      var first = c.tagName === "SELECT" && (Array.prototype.filter.call(c.options, function (o) { return o.defaultSelected; })[0] || c.options[0]);
      values[c.name] = c.type === "checkbox" ? "" : first ? first.value : c.defaultValue;
    });
    return values;
  }
  function setValue(input, value) {  /* a value from the URL: one a select does not offer is kept, so that the error shows */
    if (input.type === "checkbox") {
      var text = asciiText(value).toLowerCase();
      input.checked = FLAG_TRUE.indexOf(text) >= 0;
      if (!input.checked && FLAG_FALSE.indexOf(text) < 0) input.setAttribute("data-raw", value);
      return;
    }
    input.value = value;
    if (input.tagName === "SELECT" && input.value !== value) {
      input.appendChild(el("option", { value: value, text: "（无效：" + value + "）" }));
      input.value = value;
    }
  }
  function inFormWords(e) {
    /* the widget's wording of an input error: a choice or a case by its label, never by the engine's name */
    if (e.kind === "choice") return fill(W.errors.choice_in_form, e.values);
    if (e.kind === "variant") return fill(W.errors.variant_in_form, e.values);
    return e.detail;
  }
  function render(widget, form) {
    /* the form's values, with the URL's values for parameters the form shows no field for (the engine refuses
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
        widget.setAttribute("data-error", fill(W.errors.unknown_in_url, { keys: unknown.map(function (k) { return "“" + clip(k) + "”"; }).join("、") }));
        widget.removeAttribute("data-result");
        out.appendChild(el("p", { className: "penalty-error", role: "alert", text: "输入有误：" + widget.getAttribute("data-error") }));
        writeUrl(form.prefix, urlValues, defaults(form));
        return;
      }
      result = calculate(form.calculator, inputs);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      widget.setAttribute("data-error", e.message);
      widget.removeAttribute("data-result");
      var field = shown(form).filter(function (input) { return input.name === e.parameter.replace(/-/g, "_"); })[0];
      if (field && field.value === "" && e.detail === W.errors.required) out.appendChild(el("p", { className: "penalty-prompt", text: W.errors.required + "：" + e.label }));
      else out.appendChild(el("p", { className: "penalty-error", role: "alert", text: "输入有误：" + e.label + "：" + inFormWords(e) }));
      writeUrl(form.prefix, urlValues, defaults(form));
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
     result.breakdown && list("得分构成：", result.breakdown.split("；")),  /* duplicate.py breakdown: the parts, joined by ； */
     list("可酌情：", result.options.map(function (o) { return o.text || ""; })),
     list("另外：", result.consequences),
     result.candidates && list("三项：", result.candidates.map(function (c) { return c.text + "：" + (c.applies ? c.vp + "VP" : "不适用"); })),
     result.variables && el("pre", { className: "penalty-source", text: result.source_lines.join("\n") }),
     result.variables && list("变量：", result.variables.map(function (x) { return x.name + " = " + x.text + (x.value === null ? "" : "：" + x.value); })),
     result.reading && result.calculator !== "board" && result.reading !== result.notice &&
       el("p", { className: "penalty-reading" }, [el("strong", { text: "采用的读法：" }), el("span", { text: result.reading })]),
     result.other_reading && el("p", { className: "penalty-reading" }, [el("strong", { text: "另一种读法：" }), el("span", { text: result.other_reading })])
    ].forEach(function (node) { if (node) out.appendChild(node); });
    writeUrl(form.prefix, urlValues, defaults(form));
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
  function typeColon(button) {  /* a numeric keypad may have no colon: the button types 分:秒's colon */
    var input = button.previousElementSibling, at = input.selectionStart === null ? input.value.length : input.selectionStart;
    input.value = input.value.slice(0, at) + ":" + input.value.slice(input.selectionEnd === null ? at : input.selectionEnd);
    input.focus();
    try { input.setSelectionRange(at + 1, at + 1); } catch (e) { /* not a text field */ }
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  function inOffenceLog() {
    /* the focus in the 本场记录 field under the form (offence_log.js): that field and its note stay in view, the
       answer is not scrolled to (the log sets the count input as a team is typed) */
    var active = document.activeElement;
    return Boolean(active && active.closest && active.closest(".offence-log-entry, .offence-log"));
  }
  function build(widget) {
    /* the form as the page sent it (widgets.py widget_form): the URL's values put in, its controls enabled, wired */
    var calculator = widget.getAttribute("data-calculator"), spec = SPEC[calculator], fixed = {};
    if (!spec || !widget.querySelector(".penalty-form")) return;
    spec.parameters.forEach(function (p) { var v = widget.getAttribute("data-fixed-" + p.name); if (v !== null) fixed[p.name] = v; });
    var prefix = [calculator].concat(Object.keys(fixed).map(function (k) { return fixed[k]; })).join("-");
    var form = { calculator: calculator, fixed: fixed, prefix: prefix, ruling: null, stray: {}, unknown: {},
                 box: widget.querySelector(".penalty-form"), output: widget.querySelector(".penalty-output") };
    var status = widget.querySelector(".penalty-copy-status"), fromUrl = readUrl(prefix), kept = rememberedEvent(calculator);
    if (fromUrl.item !== undefined && control(form, "item")) setValue(control(form, "item"), fromUrl.item);
    showItem(form);
    var event = control(form, "event");
    if (fromUrl.event === undefined && event && Array.prototype.some.call(event.options, function (o) { return o.value === kept; })) event.value = kept;
    Object.keys(fromUrl).forEach(function (k) {
      /* a URL value the form has no field shown for: a parameter goes to the engine as given; a key of no parameter,
         or a page-fixed one with another value, is an error of its own */
      var p = parameterOf(calculator, k), input = control(form, k);
      if (!p || key(p) !== k || (fixed[p.name] !== undefined && String(fixed[p.name]) !== fromUrl[k])) form.unknown[k] = fromUrl[k];
      else if (input && isShown(input)) setValue(input, fromUrl[k]);
      else if (fixed[p.name] === undefined) form.stray[k] = fromUrl[k];
    });
    Array.prototype.forEach.call(widget.querySelectorAll("[disabled]"), function (c) { c.disabled = false; });
    function changed(event) {
      form.stray = {}; form.unknown = {};  /* the reader's own input replaces what the URL said */
      event.target.removeAttribute("data-raw");
      if (event.target.name === "item") showItem(form);
      if (event.target.name === "event") rememberEvent(calculator, event.target.value);
      render(widget, form);
      if (!inOffenceLog()) revealResult(form);
    }
    form.box.addEventListener("input", changed);
    /* a text field's change comes on blur, after its input events have ruled: ruling (and scrolling) again then
       moved the 复制裁决 button under a tap that left the field, and the tap was lost */
    form.box.addEventListener("change", function (event) { if (event.target.type !== "text") changed(event); });
    if (window.visualViewport) {
      window.visualViewport.addEventListener("resize", function () {  /* the keyboard came up over the answer */
        if (widget.contains(document.activeElement) && !inOffenceLog()) revealResult(form);
      });
    }
    form.box.addEventListener("submit", function (event) { event.preventDefault(); render(widget, form); });
    Array.prototype.forEach.call(widget.querySelectorAll(".penalty-colon"), function (button) {
      button.addEventListener("mousedown", function (event) { event.preventDefault(); });  /* the keyboard stays up */
      button.addEventListener("click", function () { typeColon(button); });
    });
    widget.querySelector(".penalty-copy").addEventListener("click", function () {
      if (form.ruling) copyText(form.ruling + "\n" + copiedPage(widget), status);
      else status.textContent = "输入有误，没有可复制的裁决";
    });
    widget.querySelector(".penalty-share").addEventListener("click", function () { shareRuling(widget, form, status); });
    render(widget, form);
  }
  function mount() {
    var widgets = document.querySelectorAll(".penalty-calculator");
    if (widgets.length) keepCalculatorHash();
    for (var i = 0; i < widgets.length; i++) {
      var plan = (widgets[i].getAttribute("data-plan") || "").replace(/^.*\//, "").replace(/\.js$/, "");
      if (widgets[i].getAttribute("data-mounted") === "1" || !(window.RULEBOOK_PLANS || {})[plan]) continue;
      widgets[i].setAttribute("data-mounted", "1");
      build(widgets[i]);
    }
  }
  window.RulebookPenalties = { calculate: calculate, mount: mount, InputError: InputError, hostedLink: hostedLink, copiedPage: copiedPage,
                                el: el, copyText: copyText, fill: fill, asciiText: asciiText,
                                exact: { R: R, pow10: pow10, cmp: cmp, fmt: fmt, fixedPlaces: fixedPlaces } };
  mount();
})();
