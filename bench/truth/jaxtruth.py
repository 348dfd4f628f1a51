"""JAX truth: XLA's own static accounting of a jitted function against `arraylint mem`.

Usage (under the NumPy 2 venv, which has jax[cpu]):
  python jaxtruth.py xla FILE FUNCTION ARG...       print memory_analysis() of one function
  python jaxtruth.py run --arraylint BIN [--public MANIFEST --cases DIR] [--jsonl F] [--out F.md] [--xla-from F]
  python jaxtruth.py render --jsonl F --out F.md     the table again from run's JSON lines

`xla` lowers FUNCTION of FILE (wrapped in jax.jit unless it is jitted already) for the arguments
as ShapeDtypeStructs, compiles it for the CPU and prints the fields of
`jax.jit(f).lower(*shapes).compile().memory_analysis()` as JSON: argument, output, temp, alias
and generated code sizes, and XLA's total, argument + output + temp - alias.

An argument is "f32[4096,1024]" (dtype: f64 f32 bf16 f16 i64 i32 u32 u8 bool; then the shape),
"key" (a PRNG key, jax.random.PRNGKey(0)), or a Python expression of lists and tuples of those
("[(f32[784,1024], f32[1024]), (f32[1024,10], f32[10])]").

`run` measures every case of jax_cases.py (CASES) and, with --public, of the manifest of public
functions (jax_public.tsv, extracted into DIR by jax_extract.py), at both sizes: for arraylint,
the case's file with the inputs made by jnp.zeros and the call appended is estimated with
`arraylint mem --backend jax --format json`; the module scope's peak (the inputs plus the call)
is compared with XLA's total. A case is within 10 % when |estimate - total| <= 10 % of total.
"""

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DTYPES = {"f64": "float64", "f32": "float32", "bf16": "bfloat16", "f16": "float16",
          "i64": "int64", "i32": "int32", "u32": "uint32", "u8": "uint8", "bool": "bool"}
ARRAY = re.compile(r"\b(f64|f32|bf16|f16|i64|i32|u32|u8|bool)\[([0-9, ]*)\]")
KEY = re.compile(r"\bkey\b")
FIELDS = ["argument_size_in_bytes", "output_size_in_bytes", "temp_size_in_bytes",
          "alias_size_in_bytes", "generated_code_size_in_bytes"]


def shape_text(dims):
    dims = [d.strip() for d in dims.split(",") if d.strip()]
    return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"


def as_source(arg):
    """The argument as Python source that makes it (jnp.zeros), for arraylint."""
    text = ARRAY.sub(lambda m: f"jnp.zeros({shape_text(m.group(2))}, dtype=jnp.{DTYPES[m.group(1)]})", arg)
    return KEY.sub("jax.random.PRNGKey(0)", text)


def as_struct(arg):
    """The argument as ShapeDtypeStructs, for XLA."""
    import jax
    import jax.numpy as jnp

    text = ARRAY.sub(lambda m: f"_S({shape_text(m.group(2))}, jnp.{DTYPES[m.group(1)]})", arg)
    text = KEY.sub("_S((2,), jnp.uint32)", text)
    return eval(text, {"_S": jax.ShapeDtypeStruct, "jnp": jnp})


def load(path):
    spec = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0], path)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(path))
    spec.loader.exec_module(mod)
    return mod


def xla(path, fn, args):
    import jax

    f = getattr(load(path), fn)
    if not hasattr(f, "lower"):
        f = jax.jit(f)
    m = f.lower(*[as_struct(a) for a in args]).compile().memory_analysis()
    out = {k: int(getattr(m, k)) for k in FIELDS}
    out["peak_memory_in_bytes"] = int(getattr(m, "peak_memory_in_bytes", 0) or 0)
    out["total"] = (out["argument_size_in_bytes"] + out["output_size_in_bytes"]
                    + out["temp_size_in_bytes"] - out["alias_size_in_bytes"])
    return out


def jitted(src, fn):
    """Whether the def of fn in src carries a jit decorator."""
    lines = src.splitlines()
    for i, line in enumerate(lines):
        if re.match(rf"\s*def {re.escape(fn)}\(", line):
            j = i - 1
            while j >= 0 and lines[j].lstrip().startswith("@"):
                if "jit" in lines[j]:
                    return True
                j -= 1
            return False
    return False


def program(path, fn, args):
    with open(path) as f:
        src = f.read()
    lines = [src.rstrip("\n"), "", "", "# inputs and the call (appended by bench/truth/jaxtruth.py)"]
    names = []
    for i, a in enumerate(args):
        lines.append(f"arg{i} = {as_source(a)}")
        names.append(f"arg{i}")
    # a function the file does not jit is jitted by the call, as xla() jits it
    callee = fn if jitted(src, fn) else f"jax.jit({fn})"
    if callee != fn:
        lines.insert(len(lines) - len(names), "import jax")
    lines.append(f"out = {callee}({', '.join(names)})")
    return "\n".join(lines) + "\n"


def estimate(binary, text, fn, scratch, n):
    path = os.path.join(scratch, f"jaxcase{n:03d}.py")
    with open(path, "w") as f:
        f.write(text)
    p = subprocess.run([binary, "mem", "--backend", "jax", "--format", "json", path],
                       capture_output=True, text=True)
    if not p.stdout.strip():
        return {"error": p.stderr.strip()[-300:]}
    reports = json.loads(p.stdout)
    mod = reports[0]
    scope = next((r for r in reports if r["scope"] == fn), None)
    # arraylint's accounting of the XLA program the appended call runs (arguments, outputs and
    # temporaries apart, as memory_analysis() counts them); the module's peak where it has none
    prog = next((x for x in mod.get("xla") or [] if x["func"] == fn and x.get("call_line")), None)
    return {
        "peak_bytes": prog["total_bytes"] if prog else mod["peak_bytes"],
        "module_peak_bytes": mod["peak_bytes"],
        "program": prog,
        "lower_bound": mod.get("peak_is_lower_bound", False),
        "live_at_peak": [(b.get("name"), b["bytes"]) for b in mod.get("live_at_peak") or []],
        "unknown": [f"{u.get('line')}: {u.get('expr')}: {u.get('reason')}" for u in mod.get("unknown") or []],
        "suggestions": mod.get("suggestions") or [],
        "function_jit": bool(scope and scope.get("jit")),
        "function_suggestions": (scope or {}).get("suggestions") or [],
    }


def load_public(manifest, cases_dir):
    out = []
    with open(manifest) as f:
        for n, raw in enumerate(f, 1):
            if not raw.strip() or raw.startswith("#"):
                continue
            cols = raw.rstrip("\n").split("\t")
            if len(cols) != 7:
                sys.exit(f"{manifest}:{n}: want 7 tab-separated columns, found {len(cols)}")
            cid, repo, commit, path, fn, small, large = cols
            out.append({"id": cid, "source": f"{repo}@{commit[:12]}:{path}",
                        "file": os.path.join(cases_dir, cid + ".py"), "fn": fn,
                        "sizes": {"small": (fn, split_args(small)), "large": (fn, split_args(large))}})
    return out


def split_args(text):
    """Split "a; b; c" (the manifest's arguments) at top-level semicolons."""
    return [a.strip() for a in text.split(";") if a.strip()] if text.strip() != "-" else []


def own_cases():
    sys.path.insert(0, HERE)
    import jax_cases

    out = []
    for cid, spec in jax_cases.CASES.items():
        fn, small, large = spec[:3]
        fn_large = spec[3] if len(spec) > 3 else fn
        out.append({"id": cid, "source": "bench/truth/jax_cases.py",
                    "file": os.path.join(HERE, "jax_cases.py"), "fn": fn,
                    "sizes": {"small": (fn, small), "large": (fn_large, large)}})
    return out


def run(a):
    cases = own_cases()
    if a.public:
        cases += load_public(a.public, a.cases)
    cached = {}  # --xla-from: XLA's figures of an earlier run, by case, size and arguments
    if a.xla_from:
        with open(a.xla_from) as f:
            for line in f:
                r = json.loads(line)
                if "xla" in r:
                    cached[(r["id"], r["size"], json.dumps(r["args"]))] = r["xla"]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        n = 0
        for c in cases:
            for size, (fn, args) in c["sizes"].items():
                n += 1
                row = {"id": c["id"], "source": c["source"], "fn": fn, "size": size, "args": args}
                key = (c["id"], size, json.dumps(args))
                if key in cached:
                    row["xla"] = cached[key]
                    p = None
                else:
                    p = subprocess.run([sys.executable, __file__, "xla", c["file"], fn] + args,
                                       capture_output=True, text=True, timeout=900)
                if p is None:
                    pass
                elif p.returncode != 0 or not p.stdout.strip():
                    row["xla_error"] = (p.stderr.strip().splitlines() or ["?"])[-1][:300]
                else:
                    row["xla"] = json.loads(p.stdout.strip().splitlines()[-1])
                row["arraylint"] = estimate(a.arraylint, program(c["file"], fn, args), fn, scratch, n)
                if "xla" in row and "peak_bytes" in row["arraylint"] and row["xla"]["total"]:
                    t = row["xla"]["total"]
                    row["error_pct"] = 100.0 * (row["arraylint"]["peak_bytes"] - t) / t
                rows.append(row)
                print(f"{c['id']} {size}: xla {row.get('xla', {}).get('total', row.get('xla_error'))} "
                      f"arraylint {row['arraylint'].get('peak_bytes', row['arraylint'].get('error'))}",
                      file=sys.stderr)
    if a.jsonl:
        with open(a.jsonl, "w") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    text = render(rows)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    sys.stdout.write(text)


def human(n):
    if n is None:
        return "-"
    for unit in ("B", "KiB", "MiB", "GiB"):
        if abs(n) < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024


def render(rows):
    ok = [r for r in rows if "error_pct" in r]
    within = sum(1 for r in ok if abs(r["error_pct"]) <= 10)
    silent = sum(1 for r in ok if abs(r["error_pct"]) > 25 and not r["arraylint"]["unknown"]
                 and not r["arraylint"]["lower_bound"])
    fns = len({(r["source"], r["fn"]) for r in rows})
    within_peak = sum(1 for r in ok if abs(r["arraylint"]["peak_bytes"] - r["xla"]["peak_memory_in_bytes"])
                      <= 0.10 * r["xla"]["peak_memory_in_bytes"])
    own = [r for r in ok if r["source"] == "bench/truth/jax_cases.py"]
    pub = [r for r in ok if r["source"] != "bench/truth/jax_cases.py"]
    out = ["# JAX under jit: arraylint mem --backend jax against XLA's memory_analysis()", "",
           "Made by bench/truth/jax.sh. XLA total = argument + output + temp - alias (CPU backend, "
           "compiled, never run); arraylint: its accounting of the XLA program the call appended to the "
           "case's file runs (inputs made by jnp.zeros; a function the file does not jit is called as "
           "`jax.jit(f)(...)`, as XLA's side jits it), or the module's peak where it has none.", "",
           f"{len(rows)} cases of {fns} functions; {len(ok)} with both figures. "
           f"Within 10 %: {within}/{len(rows)}. Off by more than 25 % with nothing listed as "
           f"unknown (silently wrong): {silent}. Our functions: {sum(1 for r in own if abs(r['error_pct']) <= 10)}"
           f"/{len(own)} within 10 %; public functions: {sum(1 for r in pub if abs(r['error_pct']) <= 10)}/{len(pub)}.",
           "",
           f"Against XLA's `peak_memory_in_bytes` instead (another field of the same analysis; on the "
           f"CPU it is often below the total, e.g. random_normal small: 4.0 MiB against 16.0 MiB): within 10 % on "
           f"{within_peak}/{len(rows)}.", "",
           "arraylint's columns are its accounting of the program (`mem --format json`, the module "
           "report's `xla` entry for the call): arguments / outputs / temporaries / aliased, as "
           "memory_analysis() splits them; `first` is the estimate before the XLA model "
           "(results/jax-first.md, the module's peak).", "",
           "| case | size | arguments | output | temp | alias | code | XLA total | arraylint a / o / t / alias | arraylint | error | first | unknown / note |",
           "|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---|"]
    first = {}
    fp = os.path.join(HERE, "results", "jax-first.jsonl")
    if os.path.exists(fp):
        with open(fp) as f:
            for line in f:
                r0 = json.loads(line)
                if "error_pct" in r0:
                    first[(r0["id"], r0["size"])] = r0["error_pct"]
    if first:
        fw = sum(1 for v in first.values() if abs(v) <= 10)
        out.insert(5, f"FIRST (results/jax-first.md, before the model): within 10 % on {fw}/{len(first)}.")
        out.insert(6, "")
    for r in rows:
        x = r.get("xla")
        e = r["arraylint"]
        if x is None:
            cells = ["-"] * 6
        else:
            cells = [human(x[k]) for k in FIELDS] + [human(x["total"])]
        est = human(e["peak_bytes"]) if "peak_bytes" in e else "error"
        err = f"{r['error_pct']:+.1f} %" if "error_pct" in r else "-"
        note = r.get("xla_error") or e.get("error") or "; ".join(e["unknown"][:2])
        if e.get("function_suggestions"):
            note += (" | " if note else "") + "suggests: " + e["function_suggestions"][0]
        note = note.replace("|", "/").replace("\n", " ")[:160]
        prog = e.get("program")
        split = " / ".join(human(prog[k]) for k in ("argument_bytes", "output_bytes", "temp_bytes", "alias_bytes")) if prog else "(no program: module peak)"
        f0 = first.get((r["id"], r["size"]))
        f0 = f"{f0:+.1f} %" if f0 is not None else "-"
        out.append(f"| {r['id']} | {r['size']} | " + " | ".join(cells) + f" | {split} | {est} | {err} | {f0} | {note} |")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "xla":
        if len(sys.argv) < 4:
            sys.exit("usage: jaxtruth.py xla FILE FUNCTION ARG...")
        print(json.dumps(xla(sys.argv[2], sys.argv[3], sys.argv[4:])))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["run", "render"])
    ap.add_argument("--arraylint")
    ap.add_argument("--public")
    ap.add_argument("--cases", default="/work/truth-cases/jax")
    ap.add_argument("--jsonl")
    ap.add_argument("--out")
    ap.add_argument("--xla-from", help="reuse XLA's figures from this earlier --jsonl (the compiler's side does not change with arraylint)")
    a = ap.parse_args()
    if a.cmd == "render":  # the table again from --jsonl, into --out
        with open(a.jsonl) as f:
            text = render([json.loads(line) for line in f if line.strip()])
        with open(a.out, "w") as f:
            f.write(text)
        return
    if not a.arraylint:
        ap.error("run needs --arraylint")
    run(a)


if __name__ == "__main__":
    main()
