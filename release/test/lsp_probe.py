#!/usr/bin/env python3
"""Start a language server command, open one Python file and print the diagnostics it publishes.

Usage: lsp_probe.py FILE -- COMMAND [ARG...]

It speaks LSP over the command's stdin and stdout (initialize, initialized, textDocument/didOpen),
waits for the first non-empty textDocument/publishDiagnostics of the file, prints one line per
diagnostic (`LINE:COL CODE MESSAGE`, 1-based), then sends shutdown and exit. It exits 1 when the
server ends, or has published nothing after 120 s (a hang guard, not a speed check).
"""

import json
import os
import pathlib
import subprocess
import sys
import threading


def send(proc, msg):
    body = json.dumps(msg).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def read(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(proc.stdout.read(length))


def main(argv):
    if len(argv) < 3 or argv[1] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    path = pathlib.Path(argv[0]).resolve()
    uri = path.as_uri()
    proc = subprocess.Popen(argv[2:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    timer = threading.Timer(120, proc.kill)
    timer.start()
    try:
        send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "processId": os.getpid(), "rootUri": path.parent.as_uri(), "capabilities": {}}})
        send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": path.read_text()}}})
        while True:
            msg = read(proc)
            if msg is None:
                print("lsp_probe: the server ended before publishing diagnostics", file=sys.stderr)
                return 1
            if msg.get("method") == "textDocument/publishDiagnostics" and msg["params"]["uri"] == uri \
                    and msg["params"]["diagnostics"]:
                for d in msg["params"]["diagnostics"]:
                    s = d["range"]["start"]
                    print("%d:%d %s %s" % (s["line"] + 1, s["character"] + 1, d.get("code", ""), d["message"]))
                break
        send(proc, {"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
        send(proc, {"jsonrpc": "2.0", "method": "exit"})
        proc.stdin.close()
        return 0 if proc.wait() == 0 else 1
    finally:
        timer.cancel()
        proc.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
