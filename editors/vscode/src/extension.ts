// The arraylint extension: starts `arraylint server` (src/server.ts finds it) with
// vscode-languageclient for Python files, and restarts it when its settings change.

import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from "vscode-languageclient/node";
import { readSettings, resolveServer, serverSettings } from "./server";

let client: LanguageClient | undefined;
let output: vscode.OutputChannel | undefined;

function settings() {
  const cfg = vscode.workspace.getConfiguration("arraylint");
  return readSettings(<T>(key: string, fallback: T) => cfg.get<T>(key, fallback));
}

async function start(): Promise<void> {
  const s = settings();
  let cmd;
  try {
    cmd = await resolveServer(s);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    output?.appendLine(msg);
    void vscode.window.showErrorMessage(`arraylint: ${msg}`);
    return;
  }
  output?.appendLine(`starting ${cmd.command} ${cmd.args.join(" ")} (from the ${cmd.source})`);
  const serverOptions: ServerOptions = { command: cmd.command, args: cmd.args, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "untitled", language: "python" },
    ],
    initializationOptions: serverSettings(s),
    outputChannel: output,
  };
  client = new LanguageClient("arraylint", "arraylint", serverOptions, clientOptions);
  await client.start();
}

async function stop(): Promise<void> {
  if (client) {
    const c = client;
    client = undefined;
    await c.stop();
  }
}

/** Called by VS Code when a Python file opens. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("arraylint");
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration("arraylint.path") || e.affectsConfiguration("arraylint.interpreter")) {
        await stop();
        await start();
      } else if (e.affectsConfiguration("arraylint") && client) {
        await client.sendNotification("workspace/didChangeConfiguration", { settings: serverSettings(settings()) });
      }
    }),
  );
  await start();
}

/** Called by VS Code on shutdown. */
export function deactivate(): Promise<void> {
  return stop();
}
