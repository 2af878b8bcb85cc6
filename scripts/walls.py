#!/usr/bin/env python3
"""Walls that hide: which `package` and `public` declarations no other target uses.

    python3 scripts/walls.py            # lists them; exit 1 when there are any
    python3 scripts/walls.py --fix      # makes them internal (then build: the compiler has the last word)

It also lists every `public` declaration (the package has no library product) and every dependency
Package.swift declares for a target that none of the target's files imports. The test suite runs it
(WallsTests), so each of these fails the tests.

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


def balanced(text, start):
    """The text from the `(` or `[` at `start` to its partner, both included."""
    closing = {"(": ")", "[": "]"}[text[start]]
    depth = 0
    for index in range(start, len(text)):
        if text[index] == text[start]:
            depth += 1
        elif text[index] == closing:
            depth -= 1
            if depth == 0:
                return text[start:index + 1]
    raise ValueError("unbalanced Package.swift")


def package_targets():
    """Package.swift's Swift targets: name → (kind, folder, declared dependencies as module names)."""
    manifest = (ROOT / "Package.swift").read_text(encoding="utf-8")
    found = {}
    for match in re.finditer(r"\.(target|executableTarget|testTarget|systemLibrary)\(", manifest):
        body = balanced(manifest, match.end() - 1)
        name = re.search(r'name:\s*"([^"]+)"', body).group(1)
        path = re.search(r'path:\s*"([^"]+)"', body)
        folder = ROOT / (path.group(1) if path else ("Tests" if match.group(1) == "testTarget" else "Sources")
                         + ("" if path else "/" + name))
        dependencies = []
        listed = re.search(r"dependencies:\s*\[", body)
        if listed:
            for entry in re.finditer(r'\.product\(name:\s*"([^"]+)"[^)]*\)|"([^"]+)"',
                                     balanced(body, listed.end() - 1)):
                dependencies.append(entry.group(1) or entry.group(2))
        found[name] = (match.group(1), folder, dependencies)
    return found


def targets():
    """Each library or executable target's Swift files."""
    found = {}
    for name, (kind, folder, _) in package_targets().items():
        files = sorted(folder.rglob("*.swift"))
        if kind in ("target", "executableTarget") and files:
            found[name] = files
    return found


IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:package|internal|public)\s+)?import\s+(?:(?:struct|class|enum|func|var)\s+)?(\w+)",
                    re.MULTILINE)


def unimported():
    """Declared dependencies a target never imports (`repowatch-site` in the tests' list builds the
    binary they run, so an executable target counts as imported)."""
    declared = package_targets()
    found = []
    for name, (kind, folder, dependencies) in declared.items():
        imported = set()
        for file in folder.rglob("*.swift"):
            imported |= set(IMPORT.findall(file.read_text(encoding="utf-8")))
        for dependency in dependencies:
            if dependency in declared and declared[dependency][0] == "executableTarget":
                continue
            if dependency.replace("-", "_") not in imported:
                found.append(f"Package.swift: {name} declares {dependency} but never imports it")
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


def cases(lines, index):
    """The words of an enum's own `case` lines (a case's payload is as visible as its enum)."""
    words = set()
    depth = 0
    for line in lines[index:]:
        code = line.split("//")[0]
        if depth == 1 and re.match(r"\s*(?:indirect\s+)?case\b", code):
            words |= set(WORD.findall(code))
        depth += code.count("{") - code.count("}")
        if depth <= 0 and "}" in code:
            break
    return words


def requirements(lines, index):
    """The names a protocol declared at `index` requires (its body's declarations)."""
    names = set()
    depth = 0
    for line in lines[index:]:
        code = line.split("//")[0]
        found = NAME.search(code)
        if depth == 1 and found:
            names.add(found.group(1))
        depth += code.count("{") - code.count("}")
        if depth <= 0 and "{" in "".join(lines[index:index + 2]) and "}" in code:
            break
    return names


def scan():
    """Every `package`/`public` declaration: (target, file, line number, name, signature words), and
    the names the package protocols require (a type's witness is as visible as the protocol)."""
    declarations = []
    public = []
    required = set()
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
                if match.group("access") == "public":
                    public.append(f"{file.relative_to(ROOT)}:{index + 1}")
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
                if re.match(r"(?:indirect\s+)?enum\b", rest):
                    signature |= cases(lines, index)
                declarations.append((target, file, index, name, signature))
                if re.match(r"protocol\b", rest):
                    required |= requirements(lines, index)
    return declarations, words, required, public


TYPE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?P<access>public|package|internal|fileprivate|private)\s+)?"
    r"(?:(?:final|indirect)\s+)*(?P<kind>struct|enum|class|actor|protocol|extension)\s+(?P<name>[A-Za-z_][\w.]*)"
)
RANK = {"private": 0, "fileprivate": 0, "internal": 1, "package": 2, "public": 3}
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def code_lines(lines):
    """Each line without its comment and string literals (multi-line ones too), for counting braces."""
    inside = False
    for line in lines:
        if line.count('"""') % 2 == 1:
            inside = not inside
            yield ""
            continue
        yield "" if inside else STRING.sub('""', line.split("//")[0])


def hidden_members(files):
    """`package` declarations inside a type no other target can see (internal, or an extension of
    one): they are internal whatever they say, so they should say nothing."""
    access = {}
    for file in files:
        for line in code_lines(file.read_text(encoding="utf-8").split("\n")):
            match = TYPE.match(line)
            if match and match.group("kind") != "extension" and match.group("name") not in ("func", "var", "let"):
                level = match.group("access") or "internal"
                name = match.group("name")
                access[name] = max(access.get(name, "private"), level, key=RANK.get)
    found = []
    for file in files:
        lines = file.read_text(encoding="utf-8").split("\n")
        depth, scopes, pending = 0, [], None
        for index, line in enumerate(code_lines(lines)):
            enclosing = scopes[-1][1] if scopes else None
            declared = DECLARATION.match(line)
            if declared and declared.group("access") == "package" and enclosing and RANK[enclosing] < RANK["package"]:
                found.append((file, index))
            match = TYPE.match(line)
            if match and match.group("name") not in ("func", "var", "let"):
                own = match.group("access")
                if match.group("kind") == "extension":
                    own = own or access.get(match.group("name").split(".")[-1], "package")
                pending = min(own or "internal", enclosing or "public", key=RANK.get)
            for character in line:
                if character == "{":
                    depth += 1
                    if pending is not None:
                        scopes.append((depth, pending))
                        pending = None
                elif character == "}":
                    if scopes and scopes[-1][0] == depth:
                        scopes.pop()
                    depth -= 1
    return found


def unused(declarations, words, required):
    """The declarations to make internal: their name no other target uses, no kept declaration's
    signature needs them, and no package protocol requires them (the witness of a requirement is as
    visible as its protocol). `init` and `subscript` go with their type's own uses."""
    def used_elsewhere(target, name):
        if name in ("init", "subscript") or name in required:
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


def strip(places):
    """Takes `package` off each (file, line)."""
    by_file = collections.defaultdict(list)
    for file, index in places:
        by_file[file].append(index)
    for file, indices in by_file.items():
        lines = file.read_text(encoding="utf-8").split("\n")
        for index in indices:
            lines[index] = re.sub(r"\bpackage\s+", "", lines[index], count=1)
        file.write_text("\n".join(lines), encoding="utf-8")


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
    parser.add_argument("--root", type=pathlib.Path, help="the package to read (default: this one)")
    args = parser.parse_args()
    if args.root:
        global ROOT
        ROOT = args.root.resolve()
    declarations, words, required, public = scan()
    found = unused(declarations, words, required)
    for target, file, index, name, _ in found:
        print(f"{file.relative_to(ROOT)}:{index + 1}: {name}: no other target uses it")
    for place in public:
        print(f"{place}: public, but the package has no library product")
    hidden = [place for files in targets().values() for place in hidden_members(files)]
    for file, index in hidden:
        print(f"{file.relative_to(ROOT)}:{index + 1}: package, inside a type no other target sees")
    loose = unimported()
    for line in loose:
        print(line)
    print(f"{len(found)} of {len(declarations)} package or public declarations are used in their own target only; "
          f"{len(public)} are public; {len(hidden)} are members of a type no other target sees; "
          f"{len(loose)} declared dependencies are never imported", file=sys.stderr)
    if args.fix:
        # Until nothing changes: a member made internal may have been all that kept a type `package`.
        while found or hidden:
            fix(found, declarations)
            while hidden := [place for files in targets().values() for place in hidden_members(files)]:
                strip(hidden)
            declarations, words, required, public = scan()
            found = unused(declarations, words, required)
        return 0
    return 1 if found or public or hidden or loose else 0


if __name__ == "__main__":
    sys.exit(main())
