#!/usr/bin/env python3
"""Checks that every relative link in the repository's Markdown files resolves: the file exists, and a
#fragment names a heading of that file. Prints one line per broken link (FILE:LINE: link: why) and exits 1
when there is any; exits 0 otherwise. Links to web addresses are not fetched (no network here)."""
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
link = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
heading = re.compile(r"^#{1,6}\s+(.*)$")


def anchors(path):
    """GitHub-style anchors of a Markdown file's headings."""
    result = set()
    with open(path, encoding="utf-8") as handle:
        in_code = False
        for line in handle:
            if line.startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            match = heading.match(line)
            if match:
                text = re.sub(r"[`*_]", "", match.group(1).strip()).lower()
                result.add(re.sub(r"[^\w\- ]", "", text).replace(" ", "-"))
    return result


def markdown_files():
    for directory, folders, files in os.walk(root):
        folders[:] = [f for f in folders if not f.startswith(".") and f not in ("node_modules",)]
        for name in files:
            if name.endswith(".md"):
                yield os.path.join(directory, name)


problems = []
for path in sorted(markdown_files()):
    in_code = False
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            for target in link.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # https:, mailto: ...
                file_part, _, fragment = target.partition("#")
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                where = f"{os.path.relpath(path, root)}:{number}: {target}"
                if not os.path.exists(resolved):
                    problems.append(f"{where}: no such file")
                elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                    problems.append(f"{where}: no heading #{fragment}")

for problem in problems:
    print(problem)
print(f"doc links: {len(problems)} broken" if problems else "doc links: all resolve")
sys.exit(1 if problems else 0)
