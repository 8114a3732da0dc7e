/* Runs docs/assets/penalties/tie_break.js in node over a list of cases (tests/test_tie_break_engines_agree.py):
   node tie_break_node.js DATA_JS ENGINE_JS CASES_JSON  prints the walks as JSON, an input error as {error}. */
const fs = require("fs"), vm = require("vm");
const [dataPath, enginePath, casesPath] = process.argv.slice(2);
const sandbox = { window: {}, console };
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(dataPath, "utf8"), sandbox);
vm.runInContext(fs.readFileSync(enginePath, "utf8"), sandbox);
const T = sandbox.window.RulebookTieBreak;
const cases = JSON.parse(fs.readFileSync(casesPath, "utf8"));
const out = cases.map(([event, teams]) => {
  try { return T.walk(event, teams); } catch (e) { if (e instanceof T.SheetError) return { error: e.message }; return { crash: String(e) }; }
});
process.stdout.write(JSON.stringify(out));
