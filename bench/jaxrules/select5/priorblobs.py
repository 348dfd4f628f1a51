"""Blob ids (git's sha1 of 'blob <size>\\0<data>') of every .py file under /work/jaxcorpus* (the
first two JAX corpora and their unselected checkouts; this corpus left out), /work/heldout1* and
/work/gt, for criterion 9 of bench/jaxrules/RULE5.md.

    python3 priorblobs.py > prior_blobs.txt     (sha, tab, the top folder it came from)"""
import glob
import hashlib
import os
import sys

roots = sorted(r for r in glob.glob("/work/jaxcorpus*") + glob.glob("/work/heldout1*")
               if not r.startswith("/work/jaxcorpus5"))
for root in roots + ["/work/gt"]:
    for dirpath, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".py"):
                continue
            p = os.path.join(dirpath, f)
            if os.path.islink(p) or not os.path.isfile(p):
                continue
            data = open(p, "rb").read()
            sha = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
            sys.stdout.write("%s\t%s\n" % (sha, os.path.relpath(p, "/work").split("/")[0]))
