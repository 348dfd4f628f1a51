#!/usr/bin/env python3
"""Build arraylint's Python wheels from cross-built binaries, with the standard library only.

Each wheel carries one platform's binary the way Ruff's do: the executable is the wheel's
``arraylint-<version>.data/scripts/arraylint`` file, which pip and uv install as the ``arraylint``
command of the environment (no Python launcher in between), next to a small ``arraylint`` Python
package whose ``find_arraylint_bin()`` returns that command's path (for ``python -m arraylint`` and
the editor extensions). The wheel layout, RECORD, WHEEL and METADATA follow the binary
distribution format: https://packaging.python.org/en/latest/specifications/binary-distribution-format/

The version is read from cmd/arraylint/version.go, the one place it is written.

Usage: wheels.py --out DIR GOOS/GOARCH=BINARY ...
"""

import argparse
import base64
import hashlib
import os
import re
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION_GO = os.path.join(ROOT, "cmd", "arraylint", "version.go")

# The platform tags of each Go target. The binaries are built with CGO_ENABLED=0, so a Linux one
# links no C library and runs on glibc and musl systems alike; macOS binaries need what Go 1.26
# needs (macOS 12); Windows is 64-bit x86 only.
PLATFORM_TAGS = {
    "linux/amd64": "manylinux_2_17_x86_64.manylinux2014_x86_64.musllinux_1_1_x86_64",
    "linux/arm64": "manylinux_2_17_aarch64.manylinux2014_aarch64.musllinux_1_1_aarch64",
    "darwin/amd64": "macosx_12_0_x86_64",
    "darwin/arm64": "macosx_12_0_arm64",
    "windows/amd64": "win_amd64",
}

SUMMARY = ("Find memory and performance problems in Python array programs "
           "(NumPy, CuPy, cuPyNumeric, JAX)")

INIT_PY = '''"""arraylint: a linter for Python array programs, shipped as a native binary.

The wheel installs the binary as the environment's ``arraylint`` command; this package only finds it.
"""

import os
import sys
import sysconfig

__version__ = "{version}"


def find_arraylint_bin():
    """Return the path of the arraylint binary this package was installed with."""
    exe = "arraylint" + (sysconfig.get_config_var("EXE") or "")
    if sys.platform == "win32" and not exe.endswith(".exe"):
        exe += ".exe"
    candidates = [os.path.join(sysconfig.get_path("scripts"), exe)]
    user = sysconfig.get_preferred_scheme("user") if hasattr(sysconfig, "get_preferred_scheme") else None
    if user:
        candidates.append(os.path.join(sysconfig.get_path("scripts", scheme=user), exe))
    # A --target or --prefix install puts bin/ next to the package's parent directories.
    here = os.path.dirname(os.path.abspath(__file__))
    for up in (os.path.dirname(here), os.path.dirname(os.path.dirname(here))):
        candidates.append(os.path.join(up, "bin", exe))
        candidates.append(os.path.join(up, "Scripts", exe))
    for path in candidates:
        if os.path.isfile(path):
            return path
    raise FileNotFoundError("find arraylint binary: none of " + ", ".join(candidates) + " exists")
'''

MAIN_PY = '''"""python -m arraylint: run the installed arraylint binary with the same arguments."""

import os
import subprocess
import sys

from arraylint import find_arraylint_bin


def main():
    """Run the binary; on POSIX the process becomes it, elsewhere its exit status is returned."""
    binary = find_arraylint_bin()
    if sys.platform == "win32":
        return subprocess.call([binary, *sys.argv[1:]])
    os.execv(binary, [binary, *sys.argv[1:]])
    return 0


if __name__ == "__main__":
    sys.exit(main())
'''


def read_version():
    """The release version: the `version` constant of cmd/arraylint/version.go."""
    with open(VERSION_GO, encoding="utf-8") as f:
        m = re.search(r'^const version = "([^"]+)"$', f.read(), re.M)
    if not m:
        raise SystemExit("read version %s: no `const version = \"...\"` line" % VERSION_GO)
    return m.group(1)


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def metadata(version, readme):
    lines = [
        "Metadata-Version: 2.1",
        "Name: arraylint",
        "Version: " + version,
        "Summary: " + SUMMARY,
        "Home-page: https://github.com/arraylint/arraylint",
        "License: see the repository",
        "Requires-Python: >=3.8",
        "Classifier: Programming Language :: Python :: 3",
        "Classifier: Topic :: Software Development :: Quality Assurance",
        "Description-Content-Type: text/markdown",
        "",
        readme,
    ]
    return "\n".join(lines).encode("utf-8")


def build_wheel(out_dir, version, platform, binary, readme):
    """Write one wheel for a GOOS/GOARCH pair and return its path."""
    tag = PLATFORM_TAGS.get(platform)
    if tag is None:
        raise SystemExit("build wheel %s: unknown platform (known: %s)" % (platform, ", ".join(PLATFORM_TAGS)))
    with open(binary, "rb") as f:
        exe = f.read()
    dist = "arraylint-" + version
    exe_name = "arraylint.exe" if platform.startswith("windows/") else "arraylint"
    tags = ["py3-none-" + t for t in tag.split(".")]
    wheel_meta = "Wheel-Version: 1.0\nGenerator: arraylint release/wheels.py\nRoot-Is-Purelib: false\n"
    wheel_meta += "".join("Tag: %s\n" % t for t in tags)
    files = [  # (archive name, data, executable)
        ("arraylint/__init__.py", INIT_PY.format(version=version).encode(), False),
        ("arraylint/__main__.py", MAIN_PY.encode(), False),
        (dist + ".data/scripts/" + exe_name, exe, True),
        (dist + ".dist-info/METADATA", metadata(version, readme), False),
        (dist + ".dist-info/WHEEL", wheel_meta.encode(), False),
        (dist + ".dist-info/top_level.txt", b"arraylint\n", False),
    ]
    record_name = dist + ".dist-info/RECORD"
    record = "".join("%s,%s,%d\n" % (n, record_hash(d), len(d)) for n, d, _ in files)
    record += record_name + ",,\n"
    files.append((record_name, record.encode(), False))

    path = os.path.join(out_dir, "%s-py3-none-%s.whl" % (dist, tag))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, executable in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))  # reproducible archives
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = ((0o100755 if executable else 0o100644) << 16)
            z.writestr(info, data)
    return path


def main(argv):
    p = argparse.ArgumentParser(description="Build arraylint wheels from cross-built binaries.")
    p.add_argument("--out", default="dist", help="directory to write the wheels to (default dist)")
    p.add_argument("--print-version", action="store_true", help="print the version and exit")
    p.add_argument("binaries", nargs="*", metavar="GOOS/GOARCH=PATH")
    args = p.parse_args(argv)
    version = read_version()
    if args.print_version:
        print(version)
        return 0
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    os.makedirs(args.out, exist_ok=True)
    for spec in args.binaries:
        platform, sep, binary = spec.partition("=")
        if not sep:
            raise SystemExit("parse %r: want GOOS/GOARCH=PATH" % spec)
        print(build_wheel(args.out, version, platform, binary, readme))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
