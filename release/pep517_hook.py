"""The PEP 517 build backend of the repository root (pyproject.toml), standard library only.

It builds `arraylint-pre-commit`, a wheel with no files of its own whose one requirement is
`arraylint==VERSION`, VERSION being cmd/arraylint/version.go's. pre-commit installs a
`language: python` hook by pip-installing the hook's repository, so this is how such a hook gets
the arraylint wheel (and its binary) of the revision it pins, on a machine without Go:
https://peps.python.org/pep-0517/ (in-tree backends: backend-path).
"""

import io
import os
import tarfile
import zipfile

import wheels

NAME = "arraylint-pre-commit"
DIST = "arraylint_pre_commit"


def _metadata(version):
    return (
        "Metadata-Version: 2.1\n"
        "Name: %s\n"
        "Version: %s\n"
        "Summary: Installs the arraylint wheel of this revision, for pre-commit's language: python hooks\n"
        "Requires-Python: >=3.8\n"
        "Requires-Dist: arraylint==%s\n" % (NAME, version, version)
    ).encode()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = wheels.read_version()
    info = "%s-%s.dist-info/" % (DIST, version)
    files = [
        (info + "METADATA", _metadata(version)),
        (info + "WHEEL", b"Wheel-Version: 1.0\nGenerator: arraylint release/pep517_hook.py\n"
                         b"Root-Is-Purelib: true\nTag: py3-none-any\n"),
    ]
    record = "".join("%s,%s,%d\n" % (n, wheels.record_hash(d), len(d)) for n, d in files)
    files.append((info + "RECORD", (record + info + "RECORD,,\n").encode()))
    name = "%s-%s-py3-none-any.whl" % (DIST, version)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files:
            z.writestr(zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0)), d)
    return name


def build_sdist(sdist_directory, config_settings=None):
    """A source distribution of what building the wheel reads."""
    version = wheels.read_version()
    base = "%s-%s" % (DIST, version)
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for rel in ("pyproject.toml", "release/pep517_hook.py", "release/wheels.py",
                    "cmd/arraylint/version.go"):
            tar.add(os.path.join(wheels.ROOT, rel), arcname=base + "/" + rel)
        pkg = _metadata(version)
        ti = tarfile.TarInfo(base + "/PKG-INFO")
        ti.size = len(pkg)
        tar.addfile(ti, io.BytesIO(pkg))
    return name
