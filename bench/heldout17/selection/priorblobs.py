"""Blob ids (git's sha1 of 'blob <size>\\0<data>') of every .py file under /work/heldout1*,
/work/jaxcorpus* and /work/gt, for criterion 9 of bench/heldout17/RULE.md.
usage: priorblobs.py > prior_blobs.txt (sha, tab, the top folder it came from)."""
import glob, hashlib, os, sys
roots = sorted(r for r in glob.glob("/work/heldout1*") + glob.glob("/work/jaxcorpus*") if not r.startswith("/work/heldout17"))
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
