"""bench/al302probe.py: list the for loops that walk an array in fixed-size chunks, by syntax, for
bench/al302-recall.md: a `for v in range(a, n, step)` or `for v in range(n // c)` loop whose body
slices with v at both ends (`x[v:v + step]`), outside test and benchmark code, with the calls its
body makes.

Usage: python3 bench/al302probe.py DIR... > loops.txt
"""
import ast, sys, os
def is_range3(it):
    return isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == 'range'
def slices_on(var, body):
    hits = []
    for n in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(n, ast.Slice):
            names = {x.id for x in ast.walk(n) if isinstance(x, ast.Name)}
            if var in names and n.lower is not None and n.upper is not None:
                hits.append(n)
    return hits
out = []
for root in sys.argv[1:]:
    for dp, dn, fn in os.walk(root):
        if '/tests' in dp or '/testing' in dp or 'benchmarks' in dp: continue
        for f in fn:
            if not f.endswith('.py') or f.startswith('test_'): continue
            p = os.path.join(dp, f)
            try: t = ast.parse(open(p, encoding='utf-8', errors='replace').read())
            except Exception: continue
            for n in ast.walk(t):
                if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and is_range3(n.iter):
                    args = n.iter.args
                    if len(args) == 3 or (len(args) == 1 and isinstance(args[0], ast.BinOp) and isinstance(args[0].op, ast.FloorDiv)):
                        hs = slices_on(n.target.id, n.body)
                        if hs:
                            calls = sorted({ast.unparse(c.func) for c in ast.walk(ast.Module(body=n.body, type_ignores=[])) if isinstance(c, ast.Call)})
                            out.append((p, n.lineno, ast.unparse(n.iter), len(n.body), calls[:6]))
for o in out: print("%s:%d\t%s\tstmts=%d\tcalls=%s" % o)
