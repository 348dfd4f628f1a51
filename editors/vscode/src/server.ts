// This file defines how the extension finds `arraylint server` and what settings it sends, apart
// from the vscode module.

import { execFile } from "child_process";
import * as fs from "fs";
import * as path from "path";

/** The extension's settings (package.json, contributes.configuration), as read. */
export interface Settings {
  path: string;
  interpreter: string;
  target: string;
  backend: string;
  scale: string;
  assume: Record<string, number>;
  select: string[];
  ignore: string[];
}

/** Where the binary came from, for the output channel. */
export type Source = "setting" | "wheel" | "PATH";

/** The command to run and where it was found. */
export interface ServerCommand {
  command: string;
  args: string[];
  source: Source;
}

const isWindows = process.platform === "win32";

/** Asks the interpreter where the arraylint wheel put its binary; undefined when it has none. */
export function wheelBinary(interpreter: string): Promise<string | undefined> {
  const python = interpreter || (isWindows ? "python" : "python3");
  const script = "import arraylint; print(arraylint.find_arraylint_bin())";
  return new Promise((resolve) => {
    execFile(python, ["-c", script], { timeout: 20000 }, (err, stdout) => {
      const bin = stdout.trim();
      resolve(!err && bin && fs.existsSync(bin) ? bin : undefined);
    });
  });
}

/** The first `arraylint` on the PATH given, or undefined. */
export function pathBinary(envPath: string | undefined): string | undefined {
  const names = isWindows ? ["arraylint.exe", "arraylint.cmd", "arraylint"] : ["arraylint"];
  for (const dir of (envPath || "").split(path.delimiter)) {
    for (const n of names) {
      const p = path.join(dir, n);
      try {
        fs.accessSync(p, fs.constants.X_OK);
        if (fs.statSync(p).isFile()) {
          return p;
        }
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/**
 * The server command: the `arraylint.path` setting, else the binary of the arraylint wheel in
 * the `arraylint.interpreter` environment, else `arraylint` on PATH. It throws with what it
 * looked at when there is none.
 */
export async function resolveServer(s: Settings, envPath = process.env.PATH): Promise<ServerCommand> {
  if (s.path) {
    if (!fs.existsSync(s.path)) {
      throw new Error(`find arraylint: arraylint.path ${s.path} does not exist`);
    }
    return { command: s.path, args: ["server"], source: "setting" };
  }
  const wheel = await wheelBinary(s.interpreter);
  if (wheel) {
    return { command: wheel, args: ["server"], source: "wheel" };
  }
  const onPath = pathBinary(envPath);
  if (onPath) {
    return { command: onPath, args: ["server"], source: "PATH" };
  }
  throw new Error(
    "find arraylint: no arraylint.path setting, no arraylint wheel for " +
      (s.interpreter || (isWindows ? "python" : "python3")) +
      " (pip install arraylint) and no arraylint on PATH",
  );
}

/**
 * The settings the server reads under "arraylint" (initializationOptions and
 * workspace/didChangeConfiguration; docs/editors.md): empty values are left out, so the
 * configuration files decide.
 */
export function serverSettings(s: Settings): { arraylint: Record<string, unknown> } {
  const out: Record<string, unknown> = {};
  if (s.target) out.target = s.target;
  if (s.backend) out.backend = s.backend;
  if (s.scale) out.scale = s.scale;
  if (s.assume && Object.keys(s.assume).length > 0) out.assume = s.assume;
  if (s.select && s.select.length > 0) out.select = s.select;
  if (s.ignore && s.ignore.length > 0) out.ignore = s.ignore;
  return { arraylint: out };
}

/** Reads the settings through get, the defaults coming from package.json's declarations. */
export function readSettings(get: <T>(key: string, fallback: T) => T): Settings {
  return {
    path: get("path", ""),
    interpreter: get("interpreter", ""),
    target: get("target", ""),
    backend: get("backend", ""),
    scale: get("scale", ""),
    assume: get("assume", {} as Record<string, number>),
    select: get("select", [] as string[]),
    ignore: get("ignore", [] as string[]),
  };
}
