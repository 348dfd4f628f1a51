#!/usr/bin/env python3
"""Package the VS Code extension in editors/vscode as a .vsix, with the standard library only.

A .vsix is a zip (Open Packaging Conventions) holding `extension.vsixmanifest`,
`[Content_Types].xml` and the extension under `extension/`: its package.json (with the version
set to cmd/arraylint/version.go's, the one place it is written), README.md, the compiled out/
directory and the node_modules packages its `dependencies` need at run time, resolved the way
Node's require does. `code --install-extension FILE.vsix` installs it.

Usage: vsix.py EXTENSION_DIR OUT.vsix (run `npm ci` and `npm run compile` in EXTENSION_DIR first)
"""

import json
import os
import sys
import zipfile
from xml.sax.saxutils import escape, quoteattr

import wheels


def runtime_packages(ext_dir, manifest):
    """The directories of node_modules packages that manifest's dependencies need, recursively."""
    found = []
    seen = set()

    def resolve(from_dir, name):
        d = from_dir
        while True:
            cand = os.path.join(d, "node_modules", name)
            if os.path.isfile(os.path.join(cand, "package.json")):
                return cand
            if os.path.samefile(d, ext_dir) or os.path.dirname(d) == d:
                return None
            d = os.path.dirname(d)
            if os.path.basename(d) == "node_modules":
                d = os.path.dirname(d)

    def visit(pkg_dir, deps):
        for name in sorted(deps):
            dep = resolve(pkg_dir, name)
            if dep is None:
                raise SystemExit("package %s: dependency %s of %s is not installed (run npm ci)" % (ext_dir, name, pkg_dir))
            real = os.path.realpath(dep)
            if real in seen:
                continue
            seen.add(real)
            found.append(dep)
            with open(os.path.join(dep, "package.json"), encoding="utf-8") as f:
                visit(dep, json.load(f).get("dependencies", {}))

    visit(ext_dir, manifest.get("dependencies", {}))
    return found


def vsix_manifest(m):
    engine = m["engines"]["vscode"]
    cats = ",".join(m.get("categories", []))
    return """<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011" xmlns:d="http://schemas.microsoft.com/developer/vsx-schema-design/2011">
  <Metadata>
    <Identity Language="en-US" Id=%s Version=%s Publisher=%s />
    <DisplayName>%s</DisplayName>
    <Description xml:space="preserve">%s</Description>
    <Tags>python,linter,numpy,lsp</Tags>
    <Categories>%s</Categories>
    <GalleryFlags>Public</GalleryFlags>
    <Properties>
      <Property Id="Microsoft.VisualStudio.Code.Engine" Value=%s />
      <Property Id="Microsoft.VisualStudio.Code.ExtensionDependencies" Value="" />
      <Property Id="Microsoft.VisualStudio.Code.ExtensionPack" Value="" />
      <Property Id="Microsoft.VisualStudio.Code.ExtensionKind" Value="workspace" />
      <Property Id="Microsoft.VisualStudio.Services.Links.Source" Value=%s />
    </Properties>
  </Metadata>
  <Installation>
    <InstallationTarget Id="Microsoft.VisualStudio.Code" />
  </Installation>
  <Dependencies />
  <Assets>
    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="extension/README.md" Addressable="true" />
  </Assets>
</PackageManifest>
""" % (quoteattr(m["name"]), quoteattr(m["version"]), quoteattr(m["publisher"]),
       escape(m.get("displayName", m["name"])), escape(m.get("description", "")), escape(cats),
       quoteattr(engine), quoteattr(m.get("repository", {}).get("url", "")))


def content_types(names):
    exts = sorted({os.path.splitext(n)[1].lower() for n in names if os.path.splitext(n)[1]})
    lines = ['<?xml version="1.0" encoding="utf-8"?>',
             '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">',
             '  <Default Extension=".vsixmanifest" ContentType="text/xml" />']
    types = {".json": "application/json", ".js": "application/javascript", ".md": "text/markdown",
             ".txt": "text/plain", ".ts": "text/plain"}
    for e in exts:
        if e != ".vsixmanifest":
            lines.append('  <Default Extension=%s ContentType=%s />' % (quoteattr(e), quoteattr(types.get(e, "application/octet-stream"))))
    lines.append("</Types>")
    return "\n".join(lines) + "\n"


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    ext_dir, out = os.path.abspath(argv[0]), argv[1]
    with open(os.path.join(ext_dir, "package.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    manifest["version"] = wheels.read_version()
    manifest.pop("devDependencies", None)
    files = {"extension/package.json": json.dumps(manifest, indent=2).encode() + b"\n"}

    def add_tree(src, dst):
        for dirpath, dirnames, filenames in os.walk(src):
            dirnames[:] = sorted(d for d in dirnames if d != "node_modules" and not d.startswith("."))
            for n in sorted(filenames):
                p = os.path.join(dirpath, n)
                rel = os.path.relpath(p, src).replace(os.sep, "/")
                with open(p, "rb") as f:
                    files[dst + "/" + rel] = f.read()

    out_dir = os.path.join(ext_dir, "out")
    if not os.path.isfile(os.path.join(ext_dir, manifest["main"])):
        raise SystemExit("package %s: %s is missing (run npm run compile)" % (ext_dir, manifest["main"]))
    add_tree(out_dir, "extension/out")
    with open(os.path.join(ext_dir, "README.md"), "rb") as f:
        files["extension/README.md"] = f.read()
    for pkg in runtime_packages(ext_dir, manifest):
        rel = os.path.relpath(pkg, ext_dir).replace(os.sep, "/")
        add_tree(pkg, "extension/" + rel)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("extension.vsixmanifest", vsix_manifest(manifest))
        z.writestr("[Content_Types].xml", content_types(files))
        for name in sorted(files):
            z.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), files[name], zipfile.ZIP_DEFLATED)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
