#!/usr/bin/env python3
"""Time `referee` against the C++ contest peers on the same inputs, alternating, in one run.

Usage:
  python3 scripts/compare_peers.py --peers DIR [--referee PATH] [--inputs DIR] [--runs N] [NAME...]
  python3 scripts/compare_peers.py --against-referee OLD [--referee PATH] [...]   (before/after)

--peers DIR    folder with the compiled peer binaries (swiss, tavern, greater, pathgame), e.g.
               the output folder of the peers' build script. Required: this project does not
               ship them.
--against-referee OLD
               instead of the peers, another `referee` binary (e.g. built from an older commit
               in a git worktree) with the same arguments on every case: the "peer" columns are
               OLD, and the answers must be byte-identical.
--referee      the `referee` binary (default: target/release/referee; build it first with
               `cargo build --release -p referee-host`).
--inputs DIR   folder with the benchmark inputs (default: tests/bench-inputs).
--runs N       timed runs of each program per input (default 11), after one warm-up run.
--timeout S    give up on a program after S seconds (default 60); the O(N^2) pathgame peer
               cannot finish pathgame_big or pathgame_10m, so use e.g. --timeout 10 for those.
NAME...        only the cases whose name contains one of these strings.

pathgame_10m.in (10 000 000 columns, 20 MB) is not committed; write it first with
  cargo run --release -p referee-tests --example gen_pathgame -- 10000000 tests/bench-inputs/pathgame_10m.in
Cases listed in BASELINES are also timed against a plain command on the same file (`wc -l` for
the 10 M board: the time to read it once), alternating with referee, with the ratio to it.

For each case both programs run N times, alternating (ours, peer, ours, peer, ...), each reading
the input file on stdin and writing to a pipe that is drained. It prints median and minimum wall
time, the ratio of the medians (ours / peer: below 1 means referee is faster) and the peak
resident memory of each, and checks once that both print the same answer (numbers compared with
a 1e-9 tolerance where the peer prints doubles). A case whose peer binary or input is missing is
skipped with a note; a program that runs past --timeout seconds, in the warm-up or in a timed run,
is reported as such.
"""
import argparse
import os
import signal
import statistics
import subprocess
import sys
import threading
import time

# name, input file, problem and referee arguments, peer binary, how answers compare
CASES = [
    ("swiss_max", "swiss_max.in", ["swiss"], "swiss", "bytes"),
    ("swiss_many", "swiss_many.in", ["swiss"], "swiss", "bytes"),
    ("tavern_max memo", "tavern_max.in", ["tavern", "--strategy", "memo"], "tavern", "numbers"),
    ("tavern_max fixed", "tavern_max.in", ["tavern", "--strategy", "fixed"], "tavern", "numbers"),
    ("tavern_mixed memo", "tavern_mixed.in", ["tavern", "--strategy", "memo"], "tavern", "numbers"),
    ("tavern_mixed fixed", "tavern_mixed.in", ["tavern", "--strategy", "fixed"], "tavern", "numbers"),
    ("tavern_states memo", "tavern_states.in", ["tavern", "--strategy", "memo"], "tavern", "numbers"),
    ("tavern_states fixed", "tavern_states.in", ["tavern", "--strategy", "fixed"], "tavern", "numbers"),
    ("greater_50", "greater_50.in", ["greater"], "greater", "bytes"),
    ("greater_max", "greater_max.in", ["greater"], "greater", "bytes"),
    ("pathgame_1000", "pathgame_1000.in", ["pathgame"], "pathgame", "bytes"),
    ("pathgame_big", "pathgame_big.in", ["pathgame"], "pathgame", "bytes"),
    ("pathgame_10m", "pathgame_10m.in", ["pathgame"], "pathgame", "bytes"),
]

# name -> a command that only reads the same input, timed alternately with referee
BASELINES = {
    "pathgame_10m": ["wc", "-l"],
}


TIME = "/usr/bin/time"  # GNU time reports the child's own peak RSS; optional


def run_measured(argv, input_path, timeout, keep_output=False):
    """Runs argv with input_path on stdin; returns (seconds, peak RSS in KiB or None, stdout).

    Returns (None, None, b"") when the program runs past `timeout` seconds: it is killed with
    its whole process group (GNU time and the program under it). The wall time includes GNU
    time's own start-up (about a millisecond) when it is present, the same for both programs.
    """
    rss_file = f"/tmp/compare_peers.{os.getpid()}.rss"
    wrapped = [TIME, "-f", "%M", "-o", rss_file] + argv if os.access(TIME, os.X_OK) else argv
    with open(input_path, "rb") as stdin:
        start = time.perf_counter()
        proc = subprocess.Popen(wrapped, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        timed_out = threading.Event()

        def kill():
            timed_out.set()
            os.killpg(proc.pid, signal.SIGKILL)

        watchdog = threading.Timer(timeout, kill)
        watchdog.start()
        chunks = []
        while True:  # drain stdout while the child runs so it never blocks on a full pipe
            chunk = proc.stdout.read(1 << 20)
            if not chunk:
                break
            if keep_output:
                chunks.append(chunk)
        proc.wait()
        elapsed = time.perf_counter() - start
        watchdog.cancel()
    if timed_out.is_set():
        if os.path.exists(rss_file):
            os.remove(rss_file)
        return None, None, b""
    if proc.returncode != 0:
        sys.exit(f"{argv[0]} failed on {input_path} (status {proc.returncode})")
    rss = None
    if wrapped is not argv:
        with open(rss_file) as fh:
            rss = int(fh.read().split()[-1])
        os.remove(rss_file)
    return elapsed, rss, b"".join(chunks)


def same_answer(ours, peer, how):
    if how == "bytes":
        return ours == peer
    a, b = ours.split(), peer.split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        try:
            if abs(float(x) - float(y)) > 1e-9:
                return False
        except ValueError:
            if x != y:
                return False
    return True


def compare_with_baseline(name, ours_argv, base_argv, input_path, args):
    """Times referee and a baseline command alternately on the same input; prints the ratio."""
    run_measured(base_argv, input_path, args.timeout)  # warm-up
    ours, base = [], []
    for _ in range(args.runs):
        ours.append(run_measured(ours_argv, input_path, args.timeout)[0])
        base.append(run_measured(base_argv, input_path, args.timeout)[0])
    if None in ours or None in base:
        print(f"  vs {' '.join(base_argv)}: a timed run did not finish in {args.timeout:g} s", flush=True)
        return
    om, bm = statistics.median(ours), statistics.median(base)
    label = f"  vs {' '.join(base_argv)}"
    print(f"{label:<22}{om:>11.4f}s{min(ours):>8.4f}s{bm:>10.4f}s{min(base):>8.4f}s{om / bm:>8.3f}"
          f"   (referee / {base_argv[0]} on {name})", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peers")
    parser.add_argument("--against-referee")
    parser.add_argument("--referee", default="target/release/referee")
    parser.add_argument("--inputs", default="tests/bench-inputs")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    if bool(args.peers) == bool(args.against_referee):
        sys.exit("give exactly one of --peers DIR and --against-referee OLD")
    if not os.access(args.referee, os.X_OK):
        sys.exit(f"no referee binary at {args.referee}: cargo build --release -p referee-host")

    print(f"{'case':<22}{'referee med':>12}{'min':>9}{'peer med':>11}{'min':>9}{'ratio':>8}"
          f"{'RSS ours':>11}{'RSS peer':>11}")
    for name, file, ref_args, peer_name, how in CASES:
        if args.names and not any(n in name for n in args.names):
            continue
        input_path = os.path.join(args.inputs, file)
        if args.against_referee:
            peer, how = args.against_referee, "bytes"
        else:
            peer = os.path.join(args.peers, peer_name)
        if not os.path.exists(input_path):
            print(f"{name:<22}skipped: no input {input_path}")
            continue
        ours_argv = [args.referee] + ref_args
        peer_argv = None
        if os.access(peer, os.X_OK):
            peer_argv = [peer] + ref_args if args.against_referee else [peer]
        # Warm-up, and the answer check.
        _, _, ours_out = run_measured(ours_argv, input_path, args.timeout, keep_output=True)
        peer_times, peer_rss = [], 0
        if peer_argv:
            t, _, peer_out = run_measured(peer_argv, input_path, args.timeout, keep_output=True)
            if t is None:
                peer_argv = None
                peer_note = f"peer did not finish in {args.timeout:g} s"
            elif not same_answer(ours_out, peer_out, how):
                sys.exit(f"{name}: referee and peer answers differ")
        else:
            peer_note = f"no peer binary {peer}"
        ours_times, ours_rss = [], 0
        for run in range(args.runs):
            t, rss, _ = run_measured(ours_argv, input_path, args.timeout)
            if t is None:
                break
            ours_times.append(t)
            ours_rss = max(ours_rss, rss or 0)
            if peer_argv:
                t, rss, _ = run_measured(peer_argv, input_path, args.timeout)
                if t is None:
                    # A timed run past --timeout: no figure for the peer (not a crash).
                    peer_argv, peer_times = None, []
                    peer_note = f"peer did not finish run {run + 1} in {args.timeout:g} s"
                    continue
                peer_times.append(t)
                peer_rss = max(peer_rss, rss or 0)
        if len(ours_times) < args.runs:
            print(f"{name:<22}referee did not finish a timed run in {args.timeout:g} s", flush=True)
            continue
        om, omin = statistics.median(ours_times), min(ours_times)
        line = f"{name:<22}{om:>11.4f}s{omin:>8.4f}s"
        if peer_times:
            pm, pmin = statistics.median(peer_times), min(peer_times)
            line += f"{pm:>10.4f}s{pmin:>8.4f}s{om / pm:>8.3f}{ours_rss / 1024:>8.1f}MiB{peer_rss / 1024:>8.1f}MiB"
        else:
            line += f"{'-':>11}{'-':>9}{'-':>8}{ours_rss / 1024:>8.1f}MiB  ({peer_note})"
        print(line, flush=True)
        if name in BASELINES:
            compare_with_baseline(name, ours_argv, BASELINES[name], input_path, args)


if __name__ == "__main__":
    main()
