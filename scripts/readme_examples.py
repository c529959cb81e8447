#!/usr/bin/env python3
"""scripts/readme_examples.py README OUT... — writes the README's C code blocks, in order, to the given
files (one block a file), so the build compiles and runs them as written. Fails when the README holds
a different number of C blocks than outputs are given."""
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"^```c\n(.*?)^```", text, flags=re.S | re.M)
outs = sys.argv[2:]
if len(blocks) != len(outs):
    sys.exit(f"README.md has {len(blocks)} C code blocks; tests/meson.build expects {len(outs)}")
for block, out in zip(blocks, outs):
    with open(out, "w", encoding="utf-8") as f:
        f.write(block)
