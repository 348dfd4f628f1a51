"use strict";
// The arraylint extension: starts `arraylint server` (src/server.ts finds it) with
// vscode-languageclient for Python files, and restarts it when its settings change.
Object.defineProperty(exports, "__esModule", { value: true });
exports.activate = activate;
exports.deactivate = deactivate;
const vscode = require("vscode");
const node_1 = require("vscode-languageclient/node");
const server_1 = require("./server");
let client;
let output;
function settings() {
    const cfg = vscode.workspace.getConfiguration("arraylint");
    return (0, server_1.readSettings)((key, fallback) => cfg.get(key, fallback));
}
async function start() {
    const s = settings();
    let cmd;
    try {
        cmd = await (0, server_1.resolveServer)(s);
    }
    catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        output?.appendLine(msg);
        void vscode.window.showErrorMessage(`arraylint: ${msg}`);
        return;
    }
    output?.appendLine(`starting ${cmd.command} ${cmd.args.join(" ")} (from the ${cmd.source})`);
    const serverOptions = { command: cmd.command, args: cmd.args, transport: node_1.TransportKind.stdio };
    const clientOptions = {
        documentSelector: [
            { scheme: "file", language: "python" },
            { scheme: "untitled", language: "python" },
        ],
        initializationOptions: (0, server_1.serverSettings)(s),
        outputChannel: output,
    };
    client = new node_1.LanguageClient("arraylint", "arraylint", serverOptions, clientOptions);
    await client.start();
}
async function stop() {
    if (client) {
        const c = client;
        client = undefined;
        await c.stop();
    }
}
/** Called by VS Code when a Python file opens. */
async function activate(context) {
    output = vscode.window.createOutputChannel("arraylint");
    context.subscriptions.push(output);
    context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (e) => {
        if (e.affectsConfiguration("arraylint.path") || e.affectsConfiguration("arraylint.interpreter")) {
            await stop();
            await start();
        }
        else if (e.affectsConfiguration("arraylint") && client) {
            await client.sendNotification("workspace/didChangeConfiguration", { settings: (0, server_1.serverSettings)(settings()) });
        }
    }));
    await start();
}
/** Called by VS Code on shutdown. */
function deactivate() {
    return stop();
}
