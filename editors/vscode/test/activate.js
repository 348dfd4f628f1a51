// Headless test of the packaged extension as VS Code runs it: loads the unpacked .vsix's
// out/extension.js with test/vscode-shim.js as the `vscode` module, calls activate() with the
// given settings and a Python file open, and waits for the real vscode-languageclient
// LanguageClient to start `arraylint server` and put a diagnostic with the wanted code into
// its diagnostic collection. Then deactivate() must stop the server.
//
// Usage: node activate.js EXTENSION_DIR FILE.py CODE [SETTINGS_JSON]
"use strict";

const path = require("path");
const Module = require("module");
const { createShim } = require("./vscode-shim");

async function main() {
  const [extDir, file, wantCode, settingsJSON] = process.argv.slice(2);
  if (!extDir || !file || !wantCode) {
    throw new Error("usage: node activate.js EXTENSION_DIR FILE.py CODE [SETTINGS_JSON]");
  }
  const output = [];
  const t = createShim({ settings: settingsJSON ? JSON.parse(settingsJSON) : {}, documents: [file], log: (s) => { output.push(s); if (process.env.ARRAYLINT_SHIM_DEBUG) process.stderr.write(s); } });
  const realLoad = Module._load;
  Module._load = function (request, parent, isMain) {
    return request === "vscode" ? t.shim : realLoad.call(this, request, parent, isMain);
  };
  const manifest = require(path.resolve(extDir, "package.json"));
  const ext = require(path.resolve(extDir, manifest.main));
  const uri = require("url").pathToFileURL(path.resolve(file)).href;
  const guard = setTimeout(() => {
    console.error("activate: no diagnostic after 120 s\n" + output.join(""));
    process.exit(1);
  }, 120000);
  const got = new Promise((resolve) => {
    const check = () => {
      const d = t.diagnostics.get(uri);
      if (d && d.length > 0) resolve(d);
    };
    t.diagnosticsChanged.event(check);
  });
  const subscriptions = [];
  await ext.activate({ subscriptions, extensionPath: extDir, extensionUri: t.shim.Uri.file(extDir) });
  if (t.messages.length > 0) {
    throw new Error("the extension showed: " + JSON.stringify(t.messages));
  }
  const diags = await got;
  clearTimeout(guard);
  process.stdout.write(output.filter((l) => l.startsWith("starting ")).join(""));
  for (const d of diags) {
    const code = typeof d.code === "object" && d.code !== null ? d.code.value : d.code;
    console.log(`${d.range.start.line + 1}:${d.range.start.character + 1} ${code} ${d.message}`);
  }
  await ext.deactivate();
  subscriptions.forEach((s) => s.dispose());
  if (!diags.some((d) => (typeof d.code === "object" && d.code !== null ? d.code.value : d.code) === wantCode)) {
    throw new Error(`no ${wantCode} diagnostic`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`activate: ${err.stack || err.message}`);
    process.exit(1);
  },
);
