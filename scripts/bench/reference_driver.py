"""Runs the Python reference script's own functions for the benchmark, and measures peak memory.

    reference_driver.py loop REFERENCE FORMAT IN_DIR OUT_DIR
        One process over every *.json spec of IN_DIR, in name order: load, validate, render
        (markdown, or the JSON echo the reference prints) and write OUT_DIR/<name>.report.md|json.
        Timed from outside, as a whole process, like the command line it is compared with.
    reference_driver.py throughput REFERENCE FORMAT IN_DIR
        Reads every spec's text first, then times one pass of json.loads + validate + render in
        this process; prints {"specs": N, "ms": T}.
    reference_driver.py peak-rss [--accept CODE] COMMAND [ARGS...]
        Runs COMMAND with its output discarded and prints its peak resident memory in bytes
        (the kernel's high-water mark of the child, which this small process stays far below).
        It must exit 0, or CODE when given (a gate that fails is still measured).

The reference is imported by path, never copied: the benchmark reads it from ../shared.
"""

from __future__ import annotations

import importlib.util
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

REPORT_SUFFIX = {"markdown": ".report.md", "json": ".report.json"}


def load_reference(path: str):
    # Leave ../shared as it is: no __pycache__ beside the reference.
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("reference_compiler", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def renderer(reference, output_format: str):
    if output_format == "markdown":
        return reference.render_markdown
    # What the reference's main() prints for --format json: the spec echoed back.
    return lambda spec: json.dumps(spec, indent=2, ensure_ascii=False) + "\n"


def spec_files(in_dir: str) -> list[Path]:
    return sorted(Path(in_dir).glob("*.json"))


def loop(reference_path: str, output_format: str, in_dir: str, out_dir: str) -> None:
    reference = load_reference(reference_path)
    render = renderer(reference, output_format)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for path in spec_files(in_dir):
        spec = reference.load_json(path)
        reference.validate(spec)
        (out / (path.stem + REPORT_SUFFIX[output_format])).write_text(render(spec), encoding="utf-8")


def throughput(reference_path: str, output_format: str, in_dir: str) -> None:
    reference = load_reference(reference_path)
    render = renderer(reference, output_format)
    texts = [path.read_text(encoding="utf-8") for path in spec_files(in_dir)]
    start = time.perf_counter()
    for text in texts:
        spec = json.loads(text)
        reference.validate(spec)
        render(spec)
    elapsed = time.perf_counter() - start
    print(json.dumps({"specs": len(texts), "ms": elapsed * 1000}))


def peak_rss(command: list[str]) -> None:
    accepted = {0}
    if command[:1] == ["--accept"]:
        accepted.add(int(command[1]))
        command = command[2:]
    completed = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if completed.returncode not in accepted:
        sys.stderr.write(completed.stderr.decode("utf-8", "replace"))
        raise SystemExit(f"{command[0]} exited {completed.returncode}")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # Linux counts ru_maxrss in KiB, macOS in bytes.
    print(peak if sys.platform == "darwin" else peak * 1024)


def main(argv: list[str]) -> None:
    mode, arguments = argv[0], argv[1:]
    if mode == "loop":
        loop(*arguments)
    elif mode == "throughput":
        throughput(*arguments)
    elif mode == "peak-rss":
        peak_rss(arguments)
    else:
        raise SystemExit(f"unknown mode {mode}; use loop, throughput or peak-rss")


if __name__ == "__main__":
    main(sys.argv[1:])
