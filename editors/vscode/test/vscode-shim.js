// A stand-in for the `vscode` module, enough for the extension's activate() and the real
// vscode-languageclient/node LanguageClient to start the server, open documents and publish
// diagnostics headless (test/activate.js). The types the client builds diagnostics, ranges and
// URIs from are real classes; the providers it registers for other features are accepted and
// never called. It records what the extension shows: diagnostics, messages, output.
"use strict";

const path = require("path");
const { pathToFileURL, fileURLToPath } = require("url");

class Disposable {
  constructor(fn) { this._fn = fn; }
  static from(...items) { return new Disposable(() => items.forEach((d) => d && d.dispose && d.dispose())); }
  dispose() { if (this._fn) { const f = this._fn; this._fn = undefined; f(); } }
}

class EventEmitter {
  constructor() {
    this._listeners = new Set();
    this.event = (listener, thisArg, disposables) => {
      const l = thisArg ? listener.bind(thisArg) : listener;
      this._listeners.add(l);
      const d = new Disposable(() => this._listeners.delete(l));
      if (Array.isArray(disposables)) disposables.push(d);
      return d;
    };
  }
  fire(e) { for (const l of [...this._listeners]) l(e); }
  dispose() { this._listeners.clear(); }
}

class CancellationTokenSource {
  constructor() {
    const emitter = new EventEmitter();
    this._emitter = emitter;
    this.token = { isCancellationRequested: false, onCancellationRequested: emitter.event };
  }
  cancel() { if (!this.token.isCancellationRequested) { this.token.isCancellationRequested = true; this._emitter.fire(); } }
  dispose() { this._emitter.dispose(); }
}

class CancellationError extends Error {}

// An editor tab showing a text document (the client pulls diagnostics for visible documents).
class TabInputText { constructor(uri) { this.uri = uri; } }

class Uri {
  constructor(scheme, fsPath, str) { this.scheme = scheme; this.fsPath = fsPath; this._str = str; this.path = fsPath; }
  static file(p) { return new Uri("file", p, pathToFileURL(p).href); }
  static parse(s) {
    if (s.startsWith("file:")) return new Uri("file", fileURLToPath(s), s);
    return new Uri(s.slice(0, s.indexOf(":")), s, s);
  }
  toString() { return this._str; }
  toJSON() { return this._str; }
  with() { return this; }
}

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
}

class Range {
  constructor(a, b, c, d) {
    if (typeof a === "number") { this.start = new Position(a, b); this.end = new Position(c, d); }
    else { this.start = a; this.end = b; }
  }
}

class Location { constructor(uri, range) { this.uri = uri; this.range = range; } }
class Diagnostic { constructor(range, message, severity) { this.range = range; this.message = message; this.severity = severity; } }
class DiagnosticRelatedInformation { constructor(location, message) { this.location = location; this.message = message; } }
class MarkdownString { constructor(value) { this.value = value || ""; } appendText(s) { this.value += s; return this; } appendMarkdown(s) { this.value += s; return this; } }

class CodeActionKind {
  constructor(value) { this.value = value; }
  append(part) { return new CodeActionKind(this.value ? this.value + "." + part : part); }
  contains(other) { return this.value === "" || other.value === this.value || other.value.startsWith(this.value + "."); }
  intersects(other) { return this.contains(other) || other.contains(this); }
}
for (const [k, v] of Object.entries({ Empty: "", QuickFix: "quickfix", Refactor: "refactor", RefactorExtract: "refactor.extract",
  RefactorInline: "refactor.inline", RefactorRewrite: "refactor.rewrite", Source: "source", SourceOrganizeImports: "source.organizeImports",
  SourceFixAll: "source.fixAll" })) {
  CodeActionKind[k] = new CodeActionKind(v);
}

// Anything else the client touches: a callable, constructible object whose members are the same.
function anything() {
  const target = function () {};
  const proxy = new Proxy(target, {
    get: (t, k) => {
      if (k === Symbol.toPrimitive) return () => "";
      if (k === "then") return undefined;
      if (k === "dispose") return () => {};
      return proxy;
    },
    apply: () => new Disposable(),
    construct: () => proxy,
  });
  return proxy;
}

/** Builds the shim for one test: settings are the arraylint.* values, documents the open files. */
function createShim({ settings, documents, log }) {
  const diagnostics = new Map(); // uri string -> Diagnostic[]
  const diagnosticsChanged = new EventEmitter();
  const messages = [];
  const configChanged = new EventEmitter();
  const textDocuments = documents.map((file) => {
    const text = require("fs").readFileSync(file, "utf8");
    const lines = text.split("\n");
    return {
      uri: Uri.file(path.resolve(file)), fileName: path.resolve(file), languageId: "python", version: 1, isClosed: false,
      isUntitled: false, isDirty: false, lineCount: lines.length, eol: 1,
      getText: () => text,
      lineAt: (n) => ({ text: lines[typeof n === "number" ? n : n.line] }),
    };
  });
  const event = () => new EventEmitter().event;
  const enums = (names, start = 0) => Object.fromEntries(names.map((n, i) => [n, i + start]));

  const shim = new Proxy({
    version: "1.82.0",
    Disposable, EventEmitter, CancellationTokenSource, CancellationError, Uri, Position, Range, Location,
    Diagnostic, DiagnosticRelatedInformation, MarkdownString, CodeActionKind,
    DiagnosticSeverity: enums(["Error", "Warning", "Information", "Hint"]),
    DiagnosticTag: { Unnecessary: 1, Deprecated: 2 },
    ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
    TabInputText, TabInputTextDiff: class {}, TabInputCustom: class {}, TabInputNotebook: class {},
    NotebookCellKind: { Markup: 1, Code: 2 },
    env: { appName: "arraylint headless test", language: "en", machineId: "test", openExternal: async () => true },
    commands: { registerCommand: () => new Disposable(), executeCommand: async () => undefined },
    window: {
      createOutputChannel: (name) => ({ name, append: (s) => log(s), appendLine: (s) => log(s + "\n"), replace() {}, clear() {}, show() {}, hide() {}, dispose() {} }),
      showErrorMessage: async (m) => { messages.push(["error", m]); return undefined; },
      showWarningMessage: async (m) => { messages.push(["warning", m]); return undefined; },
      showInformationMessage: async (m) => { messages.push(["info", m]); return undefined; },
      withProgress: async (_o, task) => task({ report() {} }, new CancellationTokenSource().token),
      // Each open document is shown in a tab of one editor group, the first one active.
      activeTextEditor: textDocuments.length > 0 ? { document: textDocuments[0] } : undefined,
      visibleTextEditors: textDocuments.map((document) => ({ document })),
      onDidChangeActiveTextEditor: event(), onDidChangeVisibleTextEditors: event(),
      tabGroups: {
        all: [{ isActive: true, tabs: textDocuments.map((d) => ({ input: new TabInputText(d.uri), label: path.basename(d.fileName) })) }],
        onDidChangeTabs: event(), onDidChangeTabGroups: event(),
      },
    },
    workspace: {
      textDocuments,
      workspaceFolders: undefined,
      getConfiguration: (section) => ({
        get: (key, fallback) => {
          const full = section ? section + "." + key : key;
          const short = full.startsWith("arraylint.") ? full.slice("arraylint.".length) : undefined;
          return short !== undefined && short in settings ? settings[short] : fallback;
        },
        has: () => false, inspect: () => undefined, update: async () => {},
      }),
      onDidChangeConfiguration: configChanged.event,
      onDidOpenTextDocument: event(), onDidCloseTextDocument: event(), onDidChangeTextDocument: event(),
      onDidSaveTextDocument: event(), onWillSaveTextDocument: event(), onDidChangeWorkspaceFolders: event(),
      onDidCreateFiles: event(), onDidDeleteFiles: event(), onDidRenameFiles: event(),
      onWillCreateFiles: event(), onWillDeleteFiles: event(), onWillRenameFiles: event(),
      // the server syncs notebooks (notebookDocumentSync), so the client asks for these too
      notebookDocuments: [],
      onDidOpenNotebookDocument: event(), onDidChangeNotebookDocument: event(),
      onDidSaveNotebookDocument: event(), onDidCloseNotebookDocument: event(),
      createFileSystemWatcher: () => ({ onDidCreate: event(), onDidChange: event(), onDidDelete: event(), dispose() {} }),
      applyEdit: async () => true,
    },
    languages: new Proxy({
      createDiagnosticCollection: (name) => ({
        name,
        set: (uri, diags) => {
          if (uri instanceof Uri) {
            diagnostics.set(uri.toString(), diags || []);
          } else if (Array.isArray(uri)) {
            for (const [u, d] of uri) diagnostics.set(u.toString(), d || []);
          }
          diagnosticsChanged.fire();
        },
        get: (uri) => diagnostics.get(uri.toString()),
        delete: (uri) => { diagnostics.delete(uri.toString()); diagnosticsChanged.fire(); },
        clear: () => { diagnostics.clear(); diagnosticsChanged.fire(); },
        forEach: (cb) => diagnostics.forEach((d, u) => cb(Uri.parse(u), d)),
        has: (uri) => diagnostics.has(uri.toString()),
        dispose() {},
      }),
      match: (selector, doc) => {
        const sels = Array.isArray(selector) ? selector : [selector];
        return sels.some((s) => (typeof s === "string" ? s === doc.languageId :
          (!s.language || s.language === doc.languageId) && (!s.scheme || s.scheme === doc.uri.scheme))) ? 10 : 0;
      },
    }, { get: (t, k) => (k in t ? t[k] : () => new Disposable()) }),
  }, { get: (t, k) => (k in t ? t[k] : anything()) });

  return { shim, diagnostics, diagnosticsChanged, messages, fireConfigurationChange: (e) => configChanged.fire(e) };
}

module.exports = { createShim, Uri };
