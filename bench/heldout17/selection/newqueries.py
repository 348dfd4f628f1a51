"""Check that no source query of bench/heldout17/RULE.md is identical (case and spaces ignored, with
or without its `S:`/`F:` tag) to any backticked text of bench/heldout1*/RULE.md or
bench/jaxrules/RULE*.md. usage: newqueries.py > newqueries.txt (run in selection/)."""
import glob, re
old = set()
for p in glob.glob("../../heldout1*/RULE.md") + glob.glob("../../jaxrules/RULE*.md"):
    if "heldout17" in p:
        continue
    for m in re.findall(r"`([^`]+)`", open(p).read(), re.S):
        q = " ".join(m.split()).lower()
        old.add(q)
        old.add(re.sub(r"^[sf]:\s*", "", q))
text = open("../RULE.md").read()
new = re.findall(r"`([SF]: [^`]+)`", text)
# the amendments' queries: backticked texts with a space in the amendment sections, tagged S:
for part in text.split("## First amendment")[1:]:
    for q in re.findall(r"`([^`]+)`", part):
        q = " ".join(q.split())
        if " " in q and "/" not in q and not q.startswith(("selection", "find_repos")):
            new.append("S: " + q)
seen = set()
for q in new:
    k = " ".join(q.split()).lower()
    if k in seen:
        print("REPEATED within this RULE: " + q)
    seen.add(k)
bad = 0
for q in new:
    qq = " ".join(q.split()).lower()
    hit = qq in old or re.sub(r"^[sf]:\s*", "", qq) in old
    bad += hit
    print(("IDENTICAL " if hit else "new ") + q)
print("%d queries, %d identical to an earlier RULE file's" % (len(new), bad))
