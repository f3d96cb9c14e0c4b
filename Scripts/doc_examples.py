#!/usr/bin/env python3
"""Runs every ```sh block of README.md and docs/*.md as written, the way a new user would:
from a fresh copy of the repository's committed files (`git archive HEAD`), with the built
`ahap-render` on the PATH, one shell per document so later blocks see the files earlier ones
made (`out/…`). A block fails the run when any of its commands fails (bash -e, pipefail).

A block is skipped only when the line before its fence says why, e.g.
`<!-- examples: skip (needs an audio device) -->`: what needs a device, root, the network or
a cluster, and the build and test commands that CI runs as steps of their own.

    Scripts/doc_examples.py [DOC.md …]     (default: README.md docs/*.md)
    AHAP_RENDER=path/to/ahap-render        (default: .build/release/ahap-render)

Exit status 0 when every block that runs passes, 1 otherwise, 2 without a built tool.
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP = re.compile(r"<!--\s*examples:\s*skip\s*\((.+)\)\s*-->")


def blocks(path):
    """(line of the fence, skip reason or None, text) of each ```sh block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    found, i = [], 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            start = i + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            before = next((l for l in reversed(lines[:i]) if l.strip()), "")
            match = SKIP.search(before)
            found.append((i + 1, match.group(1) if match else None, "\n".join(lines[start:end])))
            i = end
        i += 1
    return found


def fresh_copy(directory):
    """The committed files, as a clone has them (no build folder, nothing untracked)."""
    archive = subprocess.run(["git", "-C", ROOT, "archive", "HEAD"], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", directory], input=archive, check=True)


def main():
    cli = os.path.abspath(os.environ.get("AHAP_RENDER", os.path.join(ROOT, ".build/release/ahap-render")))
    if not os.access(cli, os.X_OK):
        print(f"no ahap-render at {cli}: build it (swift build -c release --product ahap-render)"
              " or set AHAP_RENDER", file=sys.stderr)
        return 2
    docs = sys.argv[1:] or ["README.md"] + sorted(glob.glob(os.path.join(ROOT, "docs/*.md")))
    failed = ran = skipped = 0
    with tempfile.TemporaryDirectory(prefix="doc-examples-") as work:
        tools = os.path.join(work, "bin")
        os.mkdir(tools)
        os.symlink(cli, os.path.join(tools, "ahap-render"))
        env = dict(os.environ, PATH=tools + os.pathsep + os.environ["PATH"])
        for doc in docs:
            name = os.path.relpath(os.path.join(ROOT, doc) if not os.path.isabs(doc) else doc, ROOT)
            found = blocks(os.path.join(ROOT, name))
            if not found:
                continue
            copy = os.path.join(work, name.replace("/", "_"))
            os.mkdir(copy)
            fresh_copy(copy)
            for line, reason, text in found:
                where = f"{name}:{line}"
                if reason is not None:
                    skipped += 1
                    print(f"skip {where}: {reason}")
                    continue
                ran += 1
                result = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", text], cwd=copy, env=env,
                                        capture_output=True, text=True, timeout=600)
                if result.returncode == 0:
                    print(f"ok   {where}")
                else:
                    failed += 1
                    print(f"FAIL {where} (exit {result.returncode}):\n{text}\n--- output ---\n"
                          f"{result.stdout}{result.stderr}", file=sys.stderr)
    print(f"doc examples: {ran} blocks run, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
