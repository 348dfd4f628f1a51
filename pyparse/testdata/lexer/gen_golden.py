#!/usr/bin/env python3.12
"""Regenerate fstrings.golden from fstrings.py with CPython 3.12's tokenize (3.12 or newer only).

One JSON line per snippet: {"src": S, "toks": [[NAME, srow, scol, erow, ecol], ...]}, comments,
NL and ENCODING left out, empty FSTRING_MIDDLE tokens left out, consecutive FSTRING_MIDDLE merged
(3.12 splits them at doubled braces), OP tokens by exact type. Columns count code points.
"""
import io, json, os, sys, token, tokenize

if sys.version_info < (3, 12):
    sys.exit("gen_golden.py needs Python 3.12 or newer (PEP 701 tokens)")
here = os.path.dirname(os.path.abspath(__file__))
ns = {}
exec(open(os.path.join(here, "fstrings.py")).read(), ns)
with open(os.path.join(here, "fstrings.golden"), "w") as out:
    for src in ns["SNIPPETS"]:
        toks = []
        for t in tokenize.generate_tokens(io.StringIO(src).readline):
            if t.type in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING):
                continue
            name = token.tok_name[t.exact_type]
            if name == "FSTRING_MIDDLE":
                if t.string == "":
                    continue
                if toks and toks[-1][0] == "FSTRING_MIDDLE":
                    toks[-1][3:5] = list(t.end)
                    continue
            toks.append([name, t.start[0], t.start[1], t.end[0], t.end[1]])
        out.write(json.dumps({"src": src, "toks": toks}) + "\n")
