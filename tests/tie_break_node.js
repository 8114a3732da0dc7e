/* Runs docs/assets/penalties/tie_break.js in node over a list of cases (tests/test_tie_break_engines_agree.py):
   node tie_break_node.js DATA_JS CALCULATORS_JS ENGINE_JS CASES_JSON  prints the walks as JSON, an input error as
   {error}. calculators.js (whose exact numbers and templates the walk uses) runs first, as the page's loader runs it. */
const fs = require("fs"), vm = require("vm");
const [dataPath, calculatorsPath, enginePath, casesPath] = process.argv.slice(2);
const sandbox = { window: {}, document: { querySelectorAll: () => [] }, navigator: {}, URLSearchParams, console };
sandbox.window.location = { search: "", pathname: "/", hash: "" };
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(dataPath, "utf8"), sandbox);
vm.runInContext(fs.readFileSync(calculatorsPath, "utf8"), sandbox);
vm.runInContext(fs.readFileSync(enginePath, "utf8"), sandbox);
const T = sandbox.window.RulebookTieBreak;
const cases = JSON.parse(fs.readFileSync(casesPath, "utf8"));
const out = cases.map(([event, teams]) => {
  try { return T.walk(event, teams); } catch (e) { if (e instanceof T.SheetError) return { error: e.message }; return { crash: String(e) }; }
});
process.stdout.write(JSON.stringify(out));
