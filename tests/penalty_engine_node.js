/* Runs docs/assets/penalties/calculators.js in node over a list of cases (tests/test_penalty_engines_agree.py):
   node penalty_engine_node.js DATA_JS ENGINE_JS CASES_JSON PLAN_JS…  prints the results as JSON, an input error as
   {error}; the plans (assets/generated/plans/*.js) are loaded before the engine, as the page's loader does. */
const fs = require("fs"), vm = require("vm");
const [dataPath, enginePath, casesPath, ...planPaths] = process.argv.slice(2);
const sandbox = { window: {}, document: { querySelectorAll: () => [], addEventListener() {}, readyState: "loading" }, navigator: {}, URLSearchParams, console };
sandbox.window.location = { search: "", pathname: "/", hash: "" };
sandbox.window.addEventListener = () => {};
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(dataPath, "utf8"), sandbox);
planPaths.forEach((path) => vm.runInContext(fs.readFileSync(path, "utf8"), sandbox));
sandbox.RULEBOOK_PENALTIES = sandbox.window.RULEBOOK_PENALTIES;
vm.runInContext(fs.readFileSync(enginePath, "utf8"), sandbox);
const P = sandbox.window.RulebookPenalties;
const cases = JSON.parse(fs.readFileSync(casesPath, "utf8"));
const out = cases.map(([name, inputs]) => { try { return P.calculate(name, inputs); } catch (e) { if (e instanceof P.InputError) return { error: e.message }; return { crash: String(e && e.stack || e) }; } });
process.stdout.write(JSON.stringify(out));
