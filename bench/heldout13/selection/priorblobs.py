"""Blob ids (git's sha1 of 'blob <size>\\0<data>') of every .py file of the extracted tenth, eleventh
and twelfth corpora and of /work/gt, for criterion 9 of bench/heldout13/RULE.md.
usage: priorblobs.py > prior_blobs.txt (sha, tab, the folder it came from)."""
import hashlib, os, sys
for root in ("/work/heldout10", "/work/heldout11", "/work/heldout12", "/work/gt"):
    for dirpath, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".py"):
                continue
            p = os.path.join(dirpath, f)
            if os.path.islink(p):
                continue
            data = open(p, "rb").read()
            sha = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
            rel = os.path.relpath(p, "/work")
            sys.stdout.write("%s\t%s\n" % (sha, "/".join(rel.split("/")[:3])))
