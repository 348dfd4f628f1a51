#!/usr/bin/env python3
"""Print the fenced block that follows `<!-- recipe: NAME -->` in a Markdown file.

Usage: recipe.py FILE NAME (the shell tests' counterpart of cmd/arraylint's recipe helper)
"""

import re
import sys

path, name = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
_, sep, rest = text.partition("<!-- recipe: %s -->\n" % name)
m = re.match(r"```[a-z]*\n(.*?)\n```\n", rest, re.S) if sep else None
if not m:
    sys.exit("read recipe %s in %s: no marked fenced block" % (name, path))
print(m.group(1))
