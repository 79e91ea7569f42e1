#!/usr/bin/env python3
"""Side-by-side timing of shell commands: alternating runs, medians of wall and CPU time.

    python3 scripts/alternate.py [--runs N] NAME=COMMAND [NAME=COMMAND ...]

Example (one thread, this build against an older one):

    python3 scripts/alternate.py --runs 31 \\
        old="OLD/referee swiss --threads 1 tests/bench-inputs/swiss_many.in" \\
        new="target/release/referee swiss --threads 1 tests/bench-inputs/swiss_many.in"

Each command runs through `sh -c` with its stdout sent to /dev/null (opened write-only, as
`>/dev/null` does; `referee` refuses a stdout opened read-write). One warm-up round, then N
rounds, each running every command once in the order given, so that the machine's load weighs
on all of them alike. Prints, per command, the median and the smallest wall time and the
median and the smallest CPU time (user + system of the command and its children, from
wait4), in milliseconds, and the ratio of each median wall time to the first command's.
Exit status: 0, or 1 when a command exits with another status than 0 (its stderr is shown).
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def run(command):
    """Runs `command` once; returns (wall ms, CPU ms, exit status)."""
    with open(os.devnull, "wb") as null:
        start = time.perf_counter()
        proc = subprocess.Popen(["sh", "-c", command], stdout=null)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = (time.perf_counter() - start) * 1e3
    proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    return wall, (usage.ru_utime + usage.ru_stime) * 1e3, proc.returncode


def main():
    parser = argparse.ArgumentParser(
        description="Alternating runs of shell commands: medians of wall and CPU time.",
        epilog="See the module docstring (the top of this file) for the details.")
    parser.add_argument("--runs", type=int, default=21, help="timed rounds (default 21)")
    parser.add_argument("commands", nargs="+", metavar="NAME=COMMAND")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    commands = []
    for item in args.commands:
        name, sep, command = item.partition("=")
        if not sep or not name or not command:
            parser.error(f"expected NAME=COMMAND, found {item!r}")
        commands.append((name, command))
    times = {name: ([], []) for name, _ in commands}
    for round_index in range(args.runs + 1):
        for name, command in commands:
            wall, cpu, status = run(command)
            if status != 0:
                print(f"{name}: exit status {status}: {command}", file=sys.stderr)
                return 1
            if round_index > 0:  # round 0 is the warm-up
                times[name][0].append(wall)
                times[name][1].append(cpu)
    first = statistics.median(times[commands[0][0]][0])
    width = max(len(name) for name, _ in commands)
    print(f"{'':{width}}  wall ms (min)       CPU ms (min)        wall / {commands[0][0]}")
    for name, _ in commands:
        wall, cpu = times[name]
        print(f"{name:{width}}  {statistics.median(wall):8.2f} ({min(wall):7.2f})  "
              f"{statistics.median(cpu):8.2f} ({min(cpu):7.2f})  {statistics.median(wall) / first:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
