#!/usr/bin/env python3
"""Walls that hide: which `package` and `public` declarations no other target uses.

    python3 scripts/walls.py            # lists them; exit 1 when there are any
    python3 scripts/walls.py --fix      # makes them internal (then build: the compiler has the last word)

docs/architecture.md: nothing is public API but the command line, and a declaration is `package`
only when another target uses it (the tests see internal ones through `@testable import`). A
declaration counts as used elsewhere when its name is a word of another target's sources (names
shared by accident keep a declaration `package`: the check errs on the open side), or when a
declaration that stays `package` names it in its signature (a `package` function cannot take or
return an internal type, nor default an argument to an internal value). Rerun it on the latest main
before landing: new code lands with `package` on everything.
"""

import argparse
import collections
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "Sources"

DECLARATION = re.compile(
    r"^(?P<indent>\s*)(?P<attrs>(?:@\w+(?:\([^)]*\))?\s+)*)(?P<access>package|public)(?P<setter>\((?:set)\))?\s+"
    r"(?P<rest>(?:(?:static|final|class|override|mutating|nonisolated|convenience|required|lazy|indirect|"
    r"private\(set\)|fileprivate\(set\)|internal\(set\)|package\(set\))\s+)*"
    r"(?:func|var|let|struct|enum|class|actor|protocol|typealias|init|subscript|extension|case)\b.*)$"
)
NAME = re.compile(
    r"(?:func|var|let|struct|enum|class|actor|protocol|typealias|case)\s+`?([A-Za-z_][A-Za-z0-9_]*)"
)
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def targets():
    """Each target's Swift files (a folder under Sources/ holding Swift)."""
    found = {}
    for folder in sorted(SOURCES.iterdir()):
        files = sorted(folder.rglob("*.swift"))
        if files:
            found[folder.name] = files
    return found


def header(lines, index):
    """A declaration's signature: from its line to the `{` or the end of the statement."""
    text = lines[index]
    depth = text.count("(") - text.count(")")
    while ("{" not in text or depth > 0) and index + 1 < len(lines) and depth >= 0:
        if depth == 0 and not text.rstrip().endswith((",", "(", "->", "=", "&")) and not lines[index + 1].lstrip().startswith(("->", "where", "throws", "async", ")", "rethrows")):
            break
        index += 1
        text += "\n" + lines[index]
        depth = text.count("(") - text.count(")")
    return text.split("{")[0]


def scan():
    """Every `package`/`public` declaration: (target, file, line number, name, signature words)."""
    declarations = []
    words = collections.defaultdict(collections.Counter)
    for target, files in targets().items():
        for file in files:
            lines = file.read_text(encoding="utf-8").split("\n")
            code = "\n".join(line.split("//")[0] for line in lines)
            words[target].update(WORD.findall(code))
            for index, line in enumerate(lines):
                match = DECLARATION.match(line)
                if not match:
                    continue
                rest = match.group("rest")
                if rest.startswith("extension"):
                    continue
                if rest.startswith(("init", "subscript")):
                    name = "init" if rest.startswith("init") else "subscript"
                else:
                    found = NAME.search(rest)
                    if not found:
                        continue
                    name = found.group(1)
                signature = set(WORD.findall(header(lines, index)))
                declarations.append((target, file, index, name, signature))
    return declarations, words


def unused(declarations, words):
    """The declarations to make internal: their name no other target uses, and no kept declaration's
    signature needs them. `init` and `subscript` go with their type's own uses."""
    def used_elsewhere(target, name):
        if name in ("init", "subscript"):
            return True  # decided by the type: an internal type's members are internal whatever they say
        return any(words[other][name] for other in words if other != target)

    keep = {id(d) for d in declarations if used_elsewhere(d[0], d[3])}
    changed = True
    while changed:
        changed = False
        needed = collections.defaultdict(set)
        for d in declarations:
            if id(d) in keep:
                needed[d[0]] |= d[4]
        for d in declarations:
            if id(d) not in keep and d[3] in needed[d[0]]:
                keep.add(id(d))
                changed = True
    return [d for d in declarations if id(d) not in keep]


def fix(found, declarations):
    """The unused ones lose their modifier (internal); a `public` one another target uses becomes
    `package`. The `.library` product in Package.swift goes by hand."""
    internal = {(d[1], d[2]) for d in found}
    by_file = collections.defaultdict(list)
    for target, file, index, name, _ in declarations:
        by_file[file].append(index)
    for file, indices in by_file.items():
        lines = file.read_text(encoding="utf-8").split("\n")
        for index in indices:
            if (file, index) in internal:
                lines[index] = re.sub(r"\b(package|public)(\(set\))?\s+", "", lines[index], count=1)
            else:
                lines[index] = re.sub(r"\bpublic\b", "package", lines[index], count=1)
        file.write_text("\n".join(lines), encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fix", action="store_true", help="make every one listed internal")
    args = parser.parse_args()
    declarations, words = scan()
    found = unused(declarations, words)
    public = [d for d in declarations if "public" in d[1].read_text(encoding="utf-8").split("\n")[d[2]].split()[:3]]
    for target, file, index, name, _ in found:
        print(f"{file.relative_to(ROOT)}:{index + 1}: {name}: no other target uses it")
    print(f"{len(found)} of {len(declarations)} package or public declarations are used in their own target only; "
          f"{len(public)} are public", file=sys.stderr)
    if args.fix:
        fix(found, declarations)
        return 0
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
