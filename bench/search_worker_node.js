// The built site's own search worker (assets/search/worker.<hash>.js, the file the browser runs) in node, spoken to
// with Material's worker messages, over the site's own files: bench/search --recall-only scores a query file with it
// in seconds. Only the browser's surroundings are stood in for: `self.location` (the worker's address), `fetch` of
// the site's files (the full index and the pinyin table, which the worker asks for as it does in the browser), and
// no BroadcastChannel (the page's "search is wanted" signal: the first query starts the same load).
//
// Usage: node bench/search_worker_node.js SITE_DIR WORKER_PATH < queries.json
//   SITE_DIR: a hosted or offline build (search/search_index.json, the stub or the full index);
//   WORKER_PATH: the worker as the site's __config.search names it, below SITE_DIR;
//   stdin: a JSON list of queries. Prints a JSON object: query → the page paths of the result list, best first (the
//   page each result item links to, as Material renders it: the group's page-top section, else its first section).
"use strict";

const fs = require("fs");
const path = require("path");
const { pathToFileURL, fileURLToPath } = require("url");

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
const [siteDir, workerRel] = process.argv.slice(2);
const workerPath = path.resolve(siteDir, workerRel);

globalThis.BroadcastChannel = undefined;
globalThis.self = { location: { href: pathToFileURL(workerPath).href } };
globalThis.fetch = async (url) => {
  const body = fs.readFileSync(fileURLToPath(String(url)), "utf8");
  return { ok: true, status: 200, statusText: "OK", json: async () => JSON.parse(body) };
};
const { handle } = require(workerPath);

function ask(message) {
  return new Promise((resolve) => {
    handle(message, (out) => {
      if (out.type === READY || out.type === RESULT) resolve(out.data);
    });
  });
}

function pageOf(group) {
  const top = group.find((doc) => !doc.location.includes("#")) || group[0];
  return top.location.split("#")[0];
}

async function main() {
  const index = JSON.parse(fs.readFileSync(path.join(siteDir, "search", "search_index.json"), "utf8"));
  await ask({ type: SETUP, data: { config: index.config, docs: index.docs, options: {} } });
  const queries = JSON.parse(fs.readFileSync(0, "utf8"));
  const results = {};
  for (const query of queries) {
    const data = await ask({ type: QUERY, data: query });
    results[query] = data.items.map(pageOf);
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((err) => {
  console.error(`bench/search_worker_node.js: ${err.stack || err}`);
  process.exit(1);
});
