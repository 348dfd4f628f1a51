// Headless test client of the packaged extension (release/test/vsix_test.sh runs it on the
// unpacked .vsix). VS Code's LanguageClient (vscode-languageclient/node) cannot run outside VS
// Code, so this drives the layer under it, from the .vsix's own node_modules:
// vscode-languageserver-protocol's connection over the server's stdio, with the extension's own
// code (out/server.js) choosing the binary and the initializationOptions from the settings
// package.json declares. It also loads out/extension.js with a stand-in `vscode` module, to show
// that the package holds everything the extension requires.
//
// Usage: node headless.js EXTENSION_DIR FILE.py CODE [SETTINGS_JSON]
// Prints the server command and the diagnostics; exits 0 when one has code CODE.
"use strict";

const path = require("path");
const fs = require("fs");
const Module = require("module");
const { spawn } = require("child_process");

async function main() {
  const [extDir, file, wantCode, settingsJSON] = process.argv.slice(2);
  if (!extDir || !file || !wantCode) {
    throw new Error("usage: node headless.js EXTENSION_DIR FILE.py CODE [SETTINGS_JSON]");
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(extDir, "package.json"), "utf8"));
  const props = manifest.contributes.configuration.properties;
  const given = settingsJSON ? JSON.parse(settingsJSON) : {};

  // out/extension.js resolves every module it requires, given a stand-in for `vscode`.
  const realLoad = Module._load;
  const stub = new Proxy(function () {}, { get: (t, k) => (k === "__esModule" ? false : stub), construct: () => stub, apply: () => stub });
  Module._load = function (request, parent, isMain) {
    return request === "vscode" ? stub : realLoad.call(this, request, parent, isMain);
  };
  try {
    const ext = require(path.resolve(extDir, manifest.main));
    if (typeof ext.activate !== "function" || typeof ext.deactivate !== "function") {
      throw new Error(`${manifest.main} exports no activate and deactivate`);
    }
  } finally {
    Module._load = realLoad;
  }

  const server = require(path.resolve(extDir, "out", "server.js"));
  const settings = server.readSettings((key, fallback) => {
    if (key in given) return given[key];
    const decl = props["arraylint." + key];
    if (!decl) throw new Error(`package.json declares no setting arraylint.${key}`);
    return decl.default !== undefined ? decl.default : fallback;
  });
  const cmd = await server.resolveServer(settings);
  console.log(`server: ${cmd.command} ${cmd.args.join(" ")} (from the ${cmd.source})`);

  const proto = require(require.resolve("vscode-languageserver-protocol/node", { paths: [path.join(extDir, "node_modules", "vscode-languageclient")] }));
  const child = spawn(cmd.command, cmd.args, { stdio: ["pipe", "pipe", "inherit"] });
  const conn = proto.createProtocolConnection(new proto.StreamMessageReader(child.stdout), new proto.StreamMessageWriter(child.stdin));
  const uri = require("url").pathToFileURL(path.resolve(file)).href;
  const got = new Promise((resolve) => {
    conn.onNotification(proto.PublishDiagnosticsNotification.type, (p) => {
      if (p.uri === uri && p.diagnostics.length > 0) resolve(p.diagnostics);
    });
  });
  conn.listen();
  const guard = setTimeout(() => {
    console.error("headless: no diagnostics after 120 s");
    child.kill();
    process.exit(1);
  }, 120000);
  const init = await conn.sendRequest(proto.InitializeRequest.type, {
    processId: process.pid,
    rootUri: require("url").pathToFileURL(path.dirname(path.resolve(file))).href,
    capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true } } },
    initializationOptions: server.serverSettings(settings),
  });
  console.log(`initialized: ${init.serverInfo ? init.serverInfo.name + " " + init.serverInfo.version : "(no serverInfo)"}`);
  conn.sendNotification(proto.InitializedNotification.type, {});
  conn.sendNotification(proto.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: "python", version: 1, text: fs.readFileSync(file, "utf8") },
  });
  const diags = await got;
  clearTimeout(guard);
  for (const d of diags) {
    console.log(`${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`);
  }
  await conn.sendRequest(proto.ShutdownRequest.type);
  conn.sendNotification(proto.ExitNotification.type);
  conn.dispose();
  if (!diags.some((d) => d.code === wantCode)) {
    throw new Error(`no ${wantCode} diagnostic`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`headless: ${err.message}`);
    process.exit(1);
  },
);
