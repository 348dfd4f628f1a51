"""Compare arraylint's memory estimate with tracemalloc on real programs (bench/realprograms.sh).

Usage:
  python3 run.py --src DIR --arraylint BIN [--out FILE.md] [--jsonl FILE] [--only ID,...] MANIFEST
  python3 run.py --case JSON          (internal: measure one case in this process)

MANIFEST is a tab-separated file, one case per line ('#' starts a comment; a comment
"# set: NAME" puts the rows after it in the set NAME, which the table counts on its own):
  id  repository  commit  path  entry  args  sizes
- repository/commit/path: where the program comes from; it is read as DIR/<owner>+<name>/<path>.
- entry: the name of a top-level function to call, "main" to run the file as __main__,
  "#run" for a benchmark kernel that carries its own harness as `#setup: CODE` and `#run: CODE`
  comment lines (numpy-benchmarks' convention), or "#compose" for a kernel whose inputs another
  file of its repository makes: path is then several files joined by "+" (the kernel first,
  e.g. npbench's `x_numpy.py+x.py` with its `initialize`), run as one program followed by the
  args' setup and run code.
- args: for a function, space-separated NAME=EXPR keyword arguments (EXPR is a Python expression
  evaluated with `numpy` and `timer`, a stand-in timer object, in scope); for "main", the
  command-line arguments; for "#run", the file's #setup code with its size written as {X},
  optionally followed by " #run: " and the #run code likewise; for "#compose", the setup code
  " #run: " the run code, both required. {X} is replaced by the size binding X. g.NAME=EXPR
  sets a module global that the program's __main__ block would have set.
- sizes: the sizes to run, separated by "|"; each is ";"-separated X=VALUE bindings. For "#run"
  the first size must give back the file's own #setup and #run lines (the driver checks it).

For a function, the estimate is `arraylint mem --function ENTRY` with --assume NAME=VALUE for each
argument whose value is an integer (other literals are tried first and dropped, with a note, if
the CLI refuses them); for "main", `arraylint mem FILE -- ARGS` with the command line the program
is measured with, or, when arraylint refuses that command line (a program that parses sys.argv
itself), with --assume for each binding of the size (named after the names the program gives
the sizes it reads), with a note.
A "#run" kernel is run as a program made of the file, unchanged, followed by its #setup and #run
code at the case's size; the inputs the setup builds are then part of both the measurement and the
estimate, and the peak line is compared inside the kernel (the innermost line of the program that
was running, against the line of the allocation at the estimated peak). The program runs under tracemalloc in a child process
(testdata/mem/measure.py), with a stand-in `_benchmark` module for cuPyNumeric's examples (their
benchmark harness needs Legate; the example functions themselves take the array module as a
parameter and are called with numpy).
"""

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "testdata", "mem"))

# A line of the program is "the peak line" when the program came within this fraction of its
# measured peak while it ran (measure.py's NOISE); an estimate is "right" within TOLERANCE.
NOISE = 0.005
TOLERANCE = 0.10


class Timer:
    """Stands in for the examples' timers: start() and stop(), which returns milliseconds."""

    def start(self):
        pass

    def stop(self):
        return 1.0  # some examples divide by the time


def _identity_decorator(*args, **kwargs):
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return args[0]
    return lambda f: f


def install_benchmark_stub():
    """Register a `_benchmark` module with what cuPyNumeric's examples import from it."""
    mod = types.ModuleType("_benchmark")
    mod.benchmark_info = _identity_decorator
    mod.microbenchmark = _identity_decorator
    mod.format_dtype = lambda d: str(d)

    def unavailable(*args, **kwargs):
        raise RuntimeError("_benchmark stand-in: only the example functions can be called")

    mod.parse_with_harness = unavailable
    mod.get_numpy = lambda *a, **k: __import__("numpy")
    # anything else imported at module level (get_benchmark_info, ...) is only used under
    # __main__, which does not run: a placeholder is enough
    mod.__getattr__ = lambda name: unavailable
    sys.modules["_benchmark"] = mod


def substitute(text, size):
    for k, v in size.items():
        text = text.replace("{" + k + "}", v)
    return text


def parse_size(s):
    out = {}
    for part in s.split(";"):
        k, _, v = part.partition("=")
        out[k.strip()] = v.strip()
    return out


def parse_args_field(text):
    """Split "a=1 b=(2,3)" into [("a", "1"), ("b", "(2,3)")] (values have no spaces)."""
    out = []
    for item in text.split():
        k, sep, v = item.partition("=")
        if not sep:
            raise ValueError(f"argument {item!r} is not NAME=EXPR")
        out.append((k, v))
    return out


def preimport(path):
    """Import the modules the program imports at its top level, as measure.py imports numpy:
    tracemalloc then counts the program's run, not the loading of its libraries (a harness
    package can hold megabytes of Python objects). A module that fails to import is left to the
    program."""
    import ast

    with open(path) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [f"{node.module}.{a.name}" for a in node.names] + [node.module]
        for name in names:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001  not a module (an attribute), or not importable here
                pass


def measure_kernel(measure, path):
    """Measure the #run line of a composed kernel program alone: the file and its #setup run
    first, untraced, so the inputs are not counted (the program's last line is the #run code)."""
    with open(path) as f:
        lines = f.read().splitlines()
    glb = {"__name__": "__main__", "__file__": path}
    exec(compile("\n".join(lines[:-1]) + "\n", path, "exec"), glb)
    # padded so that the call keeps its line number
    code = compile("\n" * (len(lines) - 1) + lines[-1] + "\n", path, "exec")
    k = measure.trace(path, lambda: exec(code, glb))
    return {"peak_bytes": k["peak_bytes"]}


def kernel_estimate(report, path):
    """The estimate for the #run line alone: the highest live bytes while the program's last line
    (the #run code, with the kernel inlined) runs, less the bytes live before it started."""
    with open(path) as f:
        last = len(f.read().splitlines())
    base, peak, started = 0, None, False
    for t in report.get("timeline") or []:
        if t["line"] == last:
            started = True
            peak = t["bytes"] if peak is None else max(peak, t["bytes"])
        elif not started:
            base = t["bytes"]
    return None if peak is None else max(peak - base, 0)


def measure_case(case):
    """Measure one case in this process; returns measure.py's result dict."""
    import numpy

    import measure

    path = case["file"]
    sys.path.insert(0, case["root"])  # a program may import its repository's package
    sys.path.insert(0, os.path.dirname(case.get("original", path)))
    if case["entry"] == "main":
        preimport(path)
        m = measure.measure(path, case["argv"])
        if case["kind"] == "run":
            m["kernel"] = measure_kernel(measure, path)
        return m
    install_benchmark_stub()
    spec = importlib.util.spec_from_file_location("realprogram", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    env = {"numpy": numpy, "timer": Timer()}
    kwargs = {}
    for k, v in case["kwargs"]:
        if k.startswith("g."):  # a module global the example's __main__ would have set
            setattr(mod, k[2:], eval(v, dict(env)))
        else:
            kwargs[k] = eval(v, dict(env))
    fn = getattr(mod, case["entry"])
    devnull = open(os.devnull, "w")
    saved = sys.stdout
    sys.stdout = devnull  # the examples print progress; the result goes to the real stdout
    try:
        return measure.measure_call(path, fn, **kwargs)
    finally:
        sys.stdout = saved


def int_literal(v):
    try:
        return str(int(v.replace("_", ""), 0))
    except ValueError:
        return None


def estimate(binary, case):
    """Run arraylint mem on the case; returns (scope report, notes)."""
    notes = []
    assumes = []
    if case["kind"] == "run":
        pass  # the sizes are literals of the composed program
    elif case["entry"] == "main":
        # the program's own command line, as the measurement runs it (mem FILE -- ARGV); a
        # program whose parser arraylint does not read falls back to the size bindings
        p = subprocess.run([binary, "mem", "--format", "json", case["file"], "--"] + case["argv"],
                           capture_output=True, text=True)
        if p.returncode in (0, 1) and p.stdout.strip():
            return json.loads(p.stdout)[0], notes
        notes.append("command line refused: " + (p.stderr.strip().splitlines() or ["?"])[-1][:200])
        assumes = [f"{k}={v}" for k, v in case["size"].items()]
    else:
        for k, v in case["kwargs"]:
            if v in ("timer",):
                continue
            assumes.append(f"{k.removeprefix('g.')}={v}")
    cmd = [binary, "mem", "--format", "json"]
    if case["entry"] != "main":
        cmd += ["--function", case["entry"]]

    def run(assumes):
        full = cmd + [a for x in assumes for a in ("--assume", x)] + [case["file"]]
        return subprocess.run(full, capture_output=True, text=True)

    p = run(assumes)
    if p.returncode not in (0, 1) or not p.stdout.strip():
        # the CLI may accept integers only: keep those, note the rest
        kept, refused = [], []
        for a in assumes:
            k, _, v = a.partition("=")
            iv = int_literal(v)
            if iv is None:
                refused.append(k)
            else:
                kept.append(f"{k}={iv}")
        notes.append("--assume refused: " + ", ".join(refused))
        p = run(kept)
    if not p.stdout.strip():
        return None, notes + [f"arraylint failed: {p.stderr.strip()[:300]}"]
    reports = json.loads(p.stdout)
    if case["entry"] != "main":
        reports = [r for r in reports if r.get("scope") == case["entry"]] or reports
    return reports[0], notes


def statement_lines(path):
    """Map each line of the file to the first line of the innermost statement holding it.

    The line tracer reports the line of the sub-expression being evaluated, so a statement
    written over several lines peaks on any of them; arraylint names the statement's first line.
    """
    import ast

    with open(path) as f:
        tree = ast.parse(f.read())
    first = {}
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt):
            end = node.end_lineno
            # a compound statement owns its header only, not its body
            for field in ("body", "orelse", "finalbody", "handlers"):
                sub = getattr(node, field, None)
                if sub:
                    end = min(end, sub[0].lineno - 1)
            spans.append((node.lineno, max(end, node.lineno)))
    for start, end in sorted(spans, key=lambda s: s[1] - s[0], reverse=True):
        for line in range(start, end + 1):
            first[line] = start  # narrower statements, later, win
    return first


def by_statement(m, path):
    """measure.py's result with lines replaced by their statements' first lines."""
    first = statement_lines(path)

    def fold(line_peaks):
        peaks = {}
        for line, v in line_peaks.items():
            key = str(first.get(int(line), int(line)))
            peaks[key] = max(peaks.get(key, 0), v)
        return peaks

    return dict(m, peak_line=first.get(m["peak_line"], m["peak_line"]),
                peak_inner_line=first.get(m["peak_inner_line"], m["peak_inner_line"]),
                line_peaks=fold(m["line_peaks"]), inner_line_peaks=fold(m["inner_line_peaks"]))


def is_peak_line(m, line, inner=False):
    peaks = m["inner_line_peaks"] if inner else m["line_peaks"]
    return peaks.get(str(line), 0) >= m["peak_bytes"] * (1 - NOISE)


def estimated_inner_line(report):
    """The line, inside called functions too, of the allocation that makes the estimated peak:
    the site of the buffer allocated at the first step of the timeline that reaches the peak
    (the report's peak_line when no buffer was allocated there)."""
    step = next((t["step"] for t in report.get("timeline") or []
                 if t["bytes"] >= report["peak_bytes"]), None)
    for b in report.get("buffers") or []:
        if step is not None and b.get("alloc_step") == step:
            return b.get("site_line") or b["line"]
    return report["peak_line"]


def harness_lines(path):
    """The code of a kernel's `#setup:` and `#run:` comment lines."""
    setup = run = None
    with open(path) as f:
        for raw in f:
            t = raw.strip()
            if t.startswith("#setup:") and setup is None:
                setup = t[len("#setup:"):].strip()
            elif t.startswith("#run:") and run is None:
                run = t[len("#run:"):].strip()
    if setup is None or run is None:
        sys.exit(f"{path}: no #setup: and #run: lines")
    return setup, run


def compose(case, first_size, scratch):
    """Write the kernel file followed by its #setup and #run code at the case's size; returns
    the new program's path. For "#run" the manifest's template must give back the file's own
    lines at the first size, so the only change is the size; for "#compose" the files of the
    path are written one after the other, then the template's code."""
    tmpl_setup, _, tmpl_run = case["args"].partition(" #run: ")
    if case["entry"] == "#compose":
        if not tmpl_run:
            sys.exit(f"{case['id']}: a #compose entry needs its setup and ' #run: ' code")
        parts = case["files"]
        note = "# bench/realprograms/run.py: " + " + ".join(case["path"].split("+")) + ", then the setup and run code"
    else:
        setup, run = harness_lines(case["file"])
        tmpl_run = tmpl_run or run

        def same(a, b):
            return a.split() == b.split()

        if not (same(substitute(tmpl_setup, first_size), setup) and same(substitute(tmpl_run, first_size), run)):
            sys.exit(f"{case['file']}: the manifest's #setup/#run template at {first_size} is not the file's own lines")
        parts = [case["file"]]
        note = "# bench/realprograms/run.py: the file's #setup and #run lines"
    text = ""
    for part in parts:
        with open(part) as f:
            text += f.read().rstrip("\n") + "\n\n"
    size = re.sub(r"[^A-Za-z0-9.]+", "_", "-".join(f"{k}{v}" for k, v in case["size"].items()))
    out = os.path.join(scratch, f"{case['id']}-{size}.py")
    with open(out, "w") as f:
        f.write(text + note + "\n" + substitute(tmpl_setup, case["size"]) + "\n" + substitute(tmpl_run, case["size"]) + "\n")
    return out


def load_manifest(path):
    cases = []
    group = ""
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            if raw.startswith("# set:"):
                group = raw[len("# set:"):].strip()
            if not raw.strip() or raw.startswith("#"):
                continue
            cols = raw.rstrip("\n").split("\t")
            if len(cols) != 7:
                sys.exit(f"{path}:{n}: want 7 tab-separated columns, found {len(cols)}")
            pid, repo, commit, rel, entry, args, sizes = cols
            first = parse_size(sizes.split("|")[0])
            for s in sizes.split("|"):
                cases.append({"id": pid, "repo": repo, "commit": commit, "path": rel,
                              "entry": entry, "args": args, "size": parse_size(s),
                              "first_size": first, "kind": "run" if entry in ("#run", "#compose") else "call",
                              "set": group})
    return cases


def human(n):
    if n is None:
        return "-"
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024


def unknown_summary(report):
    """The unknown API calls and constructs of a report, most frequent reasons first."""
    seen = {}
    for u in report.get("unknown") or []:
        r = u.get("reason", "?")
        if r == "shape unknown":
            continue  # a consequence of another unknown
        seen[r] = seen.get(r, 0) + 1
    return sorted(seen, key=lambda r: -seen[r])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--case")
    ap.add_argument("--src")
    ap.add_argument("--arraylint")
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--out")
    ap.add_argument("--jsonl")
    ap.add_argument("--only")
    ap.add_argument("manifest", nargs="?")
    a = ap.parse_args()
    if a.case:
        print(json.dumps(measure_case(json.loads(a.case))))
        return
    if not (a.src and a.arraylint and a.manifest):
        ap.error("--src, --arraylint and MANIFEST are required")
    only = set(a.only.split(",")) if a.only else None
    rows = []
    for c in load_manifest(a.manifest):
        if only and c["id"] not in only:
            continue
        owner_name = c["repo"].replace("/", "+")
        c["root"] = os.path.join(os.path.abspath(a.src), owner_name)
        c["files"] = [os.path.join(c["root"], p) for p in c["path"].split("+")]
        c["file"] = c["files"][0]
        for path in c["files"]:
            if not os.path.exists(path):
                sys.exit(f"{path}: missing (fetch {c['repo']} at {c['commit']} into {a.src})")
        c["given_entry"] = c["entry"]
        args = substitute(c["args"], c["size"])
        if c["kind"] == "run":
            scratch = os.path.join(os.path.abspath(a.src), "_composed")
            os.makedirs(scratch, exist_ok=True)
            c["original"] = c["file"]
            c["file"] = compose(c, c["first_size"], scratch)
            c["entry"] = "main"
            c["argv"], c["kwargs"] = [], []
        elif c["entry"] == "main":
            c["argv"] = args.split()
            c["kwargs"] = []
        else:
            c["kwargs"] = parse_args_field(args)
        size = ";".join(f"{k}={v}" for k, v in c["size"].items())
        p = subprocess.run([a.python, __file__, "--case", json.dumps(c)],
                           capture_output=True, text=True, timeout=600)
        row = {"id": c["id"], "set": c["set"], "repo": c["repo"], "path": c["path"],
               "entry": c["given_entry"], "size": size}
        if p.returncode != 0 or not p.stdout.strip():
            row["error"] = "run failed: " + (p.stderr.strip().splitlines() or ["?"])[-1]
            rows.append(row)
            print(f"{c['id']} {size}: {row['error']}", file=sys.stderr)
            continue
        m = by_statement(json.loads(p.stdout.strip().splitlines()[-1]), c["file"])
        r, notes = estimate(a.arraylint, c)
        row.update({"measured": m["peak_bytes"], "measured_line": m["peak_line"],
                    "measured_inner_line": m["peak_inner_line"], "notes": notes})
        if r is None:
            row["error"] = "; ".join(notes)
        else:
            est = r["peak_bytes"]
            inner = c["kind"] == "run"
            est_line = r["peak_line"]
            if inner:  # compared inside the kernel (see the module doc)
                est_line = statement_lines(c["file"]).get(estimated_inner_line(r), estimated_inner_line(r))
                row["measured_line"] = m["peak_inner_line"]
            if inner and m.get("kernel"):
                kest = kernel_estimate(r, c["file"])
                km = m["kernel"]["peak_bytes"]
                row["kernel"] = {"measured": km, "estimate": kest,
                                 "error_pct": None if kest is None or not km else 100.0 * (kest - km) / km}
            row.update({
                "estimate": est,
                "error_pct": 100.0 * (est - m["peak_bytes"]) / m["peak_bytes"],
                "estimated_line": est_line,
                "line_right": is_peak_line(m, est_line, inner),
                "lower_bound": r.get("peak_is_lower_bound", False),
                "peak_expr": r.get("peak_expr"),
                "unknown": unknown_summary(r),
                "unknown_exprs": [(u["line"], u["expr"], u["reason"]) for u in r.get("unknown") or []],
            })
        rows.append(row)
        print(f"{c['id']} {size}: measured {m['peak_bytes']} line {row['measured_line']}; "
              f"estimate {row.get('estimate')} line {row.get('estimated_line')}", file=sys.stderr)
    if a.jsonl:
        with open(a.jsonl, "w") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    table = render(rows)
    if a.out:
        with open(a.out, "w") as f:
            f.write(table)
    else:
        sys.stdout.write(table)


def rates(rows):
    """Cases, programs, estimates within TOLERANCE and right peak lines of rows (a case that
    failed to run or to estimate counts as a miss)."""
    ok = [r for r in rows if "estimate" in r]
    within = sum(1 for r in ok if abs(r["error_pct"]) <= 100 * TOLERANCE)
    lines = sum(1 for r in ok if r["line_right"])
    return len(rows), len({(r["repo"], r["id"]) for r in rows}), within, lines


def pct(k, n):
    return f"{k}/{n} ({100 * k / max(n, 1):.0f} %)"


def render(rows):
    ok = [r for r in rows if "estimate" in r]
    n, programs, within, lines = rates(rows)
    out = [
        "# arraylint mem against tracemalloc on real programs",
        "",
        "Made by bench/realprograms.sh from bench/realprograms/manifest.tsv; the classes of misses"
        " are in bench/realprograms/misses.md.",
        "",
        f"{n} cases of {programs} programs; {len(ok)} measured and estimated.",
        f"Estimate within {100 * TOLERANCE:.0f} %: {pct(within, n)}. Peak line right: {pct(lines, n)}.",
        "",
        "| set / repository | programs | cases | within 10 % | peak line right |",
        "|---|---:|---:|---:|---:|",
    ]
    groups = [("set " + g, [r for r in rows if r.get("set") == g]) for g in dict.fromkeys(r.get("set", "") for r in rows)]
    groups += [(repo, [r for r in rows if r["repo"] == repo]) for repo in dict.fromkeys(r["repo"] for r in rows)]
    for name, rs in groups + [("all", rows)]:
        n, programs, within, lines = rates(rs)
        out.append(f"| {name} | {programs} | {n} | {pct(within, n)} | {pct(lines, n)} |")
    kern = [r for r in ok if r.get("kernel")]
    if kern:
        kin = sum(1 for r in kern if r["kernel"]["error_pct"] is not None and abs(r["kernel"]["error_pct"]) <= 100 * TOLERANCE)
        out += [
            "",
            f"The #run kernels' #run line alone (the inputs their #setup builds excluded from both the "
            f"measurement and the estimate): estimate within {100 * TOLERANCE:.0f} % on {pct(kin, len(kern))} of "
            f"{len(kern)} cases (table at the end).",
        ]
    out += [
        "",
        "An entry `#run` is a kernel run by its own #setup and #run lines; its lines m/e are inside the kernel.",
        "",
        "| program | entry | size | measured | estimate | error | line m/e | line ok | lower bound | unknown (reasons) |",
        "|---|---|---|---:|---:|---:|---|---|---|---|",
    ]
    for r in rows:
        if "estimate" not in r:
            out.append(f"| {r['path']} | {r['entry']} | {r['size']} | {human(r.get('measured'))} | - | - | - | - | - | {r.get('error', '')} |")
            continue
        reasons = "; ".join(r["unknown"][:4] + r["notes"])
        out.append(
            f"| {r['path']} | {r['entry']} | {r['size']} | {human(r['measured'])} | {human(r['estimate'])} "
            f"| {r['error_pct']:+.1f} % | {r['measured_line']}/{r['estimated_line']} "
            f"| {'yes' if r['line_right'] else 'no'} | {'yes' if r['lower_bound'] else 'no'} | {reasons} |")
    if kern:
        out += [
            "",
            "## #run kernels: the #run line alone",
            "",
            "| program | size | measured | estimate | error |",
            "|---|---|---:|---:|---:|",
        ]
        for r in kern:
            k = r["kernel"]
            err = "-" if k["error_pct"] is None else f"{k['error_pct']:+.1f} %"
            out.append(f"| {r['path']} | {r['size']} | {human(k['measured'])} | {human(k['estimate'])} | {err} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
