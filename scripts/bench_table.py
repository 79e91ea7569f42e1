#!/usr/bin/env python3
"""One Markdown table of every benchmark input: `referee` against the C++ peers and the I/O floor.

Usage:
  python3 scripts/bench_table.py [--peers DIR] [--referee PATH] [--inputs DIR] [--runs N]
                                 [--timeout S] [--no-insns] [--gen-standings PATH] [NAME...]
  python3 scripts/bench_table.py --against-referee OLD [--referee PATH] [...]   (before/after)

The successor of compare_peers.py: the same alternating measurement, timeouts and answer checks,
on every input of the project, with the floor of the I/O and the instruction count added. The
table goes to stdout (one row per case, printed as soon as it is measured), the progress and the
notes to stderr.

Options:
--peers DIR    folder with the compiled C++ contest peers `swiss`, `tavern`, `greater`, `pathgame`
               and `battle_mc` (e.g. the output folder of the peers' build.sh, /tmp/peers-bin).
               Optional: without it (or when a binary is missing there) the peer columns are `-`.
--against-referee OLD
               instead of the peers, another `referee` binary (e.g. built from an older commit in
               a git worktree) with the same arguments on every case, standings and battle
               included: the "peer" columns are OLD (the column headers say "old"), the answers
               must be byte-identical, and the instruction count of OLD gets a column of its own.
               Exclusive with --peers.
--referee PATH the `referee` binary (default: target/release/referee; build it first with
               `cargo build --release -p referee-host` and
               `cargo build --release -p referee-tests --example gen_standings`).
--inputs DIR   folder with the benchmark inputs (default: tests/bench-inputs); the battle boards
               are read from DIR/battle-typical/.
--runs N       timed runs of each program per case (default 11), after one warm-up run of each.
--timeout S    give up on a program after S seconds (default 60), in its warm-up or in any timed
               run; it is then reported in its cells ("timeout (warm-up)", "timeout (run K)") and
               not run again on that case; the rest of the row and of the table go on. The O(N^2)
               pathgame peer cannot finish pathgame_big or pathgame_10m: with the default it costs
               one minute each (its warm-up), so --timeout 10 saves time there. callgrind gets 100
               times this limit (it runs a program about 50 times slower).
--no-insns     do not count instructions (callgrind is by far the slowest part of the table).
--gen-standings PATH
               the generator of the standings event (default: <folder of --referee>/examples/
               gen_standings, i.e. target/release/examples/gen_standings).
NAME...        only the cases whose name contains one of these strings (e.g. `tavern`, `memo`,
               `battle`, `standings`, `pathgame_1`).

Cases:
  swiss_max, swiss_many                          referee swiss < INPUT            peer swiss
  tavern_{max,mixed,states} {memo,fixed}         referee tavern --strategy S      peer tavern
  greater_50, greater_max                        referee greater                  peer greater
  pathgame_1000, pathgame_big, pathgame_10m      referee pathgame                 peer pathgame
  standings {csv,json,table}                     referee standings --format F FILE   no peer
  battle typical-NN                              referee battle FILE   peer battle_mc --sims 10000 FILE

The judge problems read the input on stdin (both programs); `standings` and `battle` get the file
as an argument, the way scripts/bench-standings.sh and scripts/bench-battle.sh run them (both
programs read it whole either way). pathgame_10m.in (10 000 000 columns, 20 MB) is not
committed: its row appears only once it is written, with
  cargo run --release -p referee-tests --example gen_pathgame -- 10000000 tests/bench-inputs/pathgame_10m.in
The standings event is the deterministic 8000-player x 18-round one of
scripts/bench-standings.sh (`gen_standings 8000 18 FILE`, written to a temporary folder); its
peer, the npm package tournament-organizer, is out of scope here (bench-standings.sh times it).
The battle boards are typical-01, -10, -20 (as they come) and typical-24, by far the slowest of
the 30 for referee when this script was written (1 772 M instructions under callgrind; the others
0.5 to 154 M, typical-10 the fewest).

Measurement: per case, one warm-up run of referee (whose answer is kept), of the peer (whose answer
is checked against referee's) and of the floor; then N rounds of referee, peer, floor, alternating,
so that the load of the machine weighs on the three alike. Every program writes to a pipe that
this script drains (and discards); a run's wall time goes from the spawn to the reaping of the
process, the same overhead for the three.

Columns (times in milliseconds, wall clock):
  case            the case name (what NAME filters match).
  referee ms      median of referee's N timed runs; "min" is the smallest of them.
  peer ms / min   the same for the peer (or OLD with --against-referee); `-` when there is none.
  ref/peer        ratio of the medians, referee / peer: below 1 referee is faster. With
                  "(answer differs)" when the warm-up answers differ: byte for byte, except tavern
                  whose peer prints doubles (numbers compared with a 1e-9 tolerance) and battle
                  against battle_mc (a Monte Carlo estimate: not checked, its largest deviation
                  from the exact odds is printed on stderr).
  floor ms        median of the floor: `cat INPUT ANSWER` (reading the input and writing the
                  bytes of referee's answer, taken from its warm-up and written to a temporary
                  file once), except pathgame whose floor is `wc -l INPUT` (its answer is one
                  word; reading the board is the bound). `-` when referee gave no answer.
  ref/floor       referee's median / the floor's median: how far from pure I/O referee is.
  RSS KiB         peak resident memory of referee and of the peer in KiB: GNU time's %M on the
                  warm-up run when /usr/bin/time is present (the timed runs are not wrapped, so
                  that its start-up does not weigh on the times), else the largest ru_maxrss of
                  the timed runs (wait4, the same figure).
  M insns         referee's instructions in millions, from one run under
                  `valgrind --tool=callgrind` (its out file's summary/totals line, else the
                  "Collected"/"I refs" line on stderr): they do not drift with the machine's
                  load. `-` with --no-insns, without valgrind, or when referee gave no answer.
                  With --against-referee a second column counts OLD's.

A cell says "timeout (...)" for a program past --timeout, "failed (status K)" for a program that
exited with another status than 0 (for referee, status 3 is "capacity": a valid input beyond
this build's memory), "no input" for a missing input file. Exit status: 0, or 1 when an answer
differs or referee failed (other than a timeout or a capacity refusal); 2 for usage errors.
"""
import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

# (name, input file in --inputs, referee arguments, peer binary, how answers compare).
# The judge problems read the input on stdin.
JUDGE_CASES = [
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
OPTIONAL_INPUTS = {"pathgame_10m.in"}  # a row only when the file exists (not committed)

# `referee standings --format F FILE` on the generated event, as scripts/bench-standings.sh.
STANDINGS_EVENT = (8000, 18)
STANDINGS_FORMATS = ["csv", "json", "table"]

# `referee battle FILE` against `battle_mc --sims 10000 FILE`, as scripts/bench-battle.sh.
BATTLE_DIR = "battle-typical"
BATTLE_BOARDS = ["typical-01", "typical-10", "typical-20", "typical-24"]  # -24: the slowest
BATTLE_PEER_ARGS = ["--sims", "10000"]

TIME = "/usr/bin/time"  # GNU time reports the child's own peak RSS; optional
CALLGRIND_SLOWDOWN = 100  # callgrind's time limit, in --timeout units


class Case:
    """One row: how to run referee, its peer and its floor on one input."""

    def __init__(self, name, input_path, ref_args, by_arg, peer, peer_args, how, floor):
        self.name = name
        self.input = input_path  # the input file
        self.ref_args = ref_args  # referee's arguments (the file appended when by_arg)
        self.by_arg = by_arg  # the file as the last argument (else on stdin)
        self.peer = peer  # the peer binary's name in --peers, or None
        self.peer_args = peer_args
        self.how = how  # "bytes", "numbers" or None (not checked)
        self.floor = floor  # "cat" or "wc"

    def argv(self, binary, args):
        return [binary] + args + ([self.input] if self.by_arg else [])

    def stdin(self):
        return None if self.by_arg else self.input


def all_cases(inputs, standings_file):
    cases = []
    for name, file, ref_args, peer, how in JUDGE_CASES:
        floor = "wc" if name.startswith("pathgame") else "cat"
        cases.append(Case(name, os.path.join(inputs, file), ref_args, False, peer, [], how, floor))
    for fmt in STANDINGS_FORMATS:
        cases.append(Case(f"standings {fmt}", standings_file, ["standings", "--format", fmt], True,
                          None, [], "bytes", "cat"))
    for board in BATTLE_BOARDS:
        cases.append(Case(f"battle {board}", os.path.join(inputs, BATTLE_DIR, board + ".in"),
                          ["battle"], True, "battle_mc", BATTLE_PEER_ARGS, None, "cat"))
    return cases


class Run:
    """The outcome of one run: status "ok", "timeout" or "failed" (with the exit code)."""

    def __init__(self, status, seconds=None, rss=None, code=0, out=b"", err=b""):
        self.status, self.seconds, self.rss, self.code, self.out, self.err = status, seconds, rss, code, out, err

    def ok(self):
        return self.status == "ok"


def run(argv, stdin_path, timeout, work, keep_output=False, keep_err=False, gnu_time=False):
    """Runs argv (stdin from stdin_path, or /dev/null), drains its stdout; returns a Run.

    The program gets its own process group, killed whole (GNU time with it) past `timeout`
    seconds. With gnu_time (and /usr/bin/time present) it runs under `time -f %M` for its peak
    RSS; otherwise the RSS is the ru_maxrss of wait4. Never raises for the program's failures.
    """
    rss_file = os.path.join(work, "rss")
    wrapped = argv
    if gnu_time and os.access(TIME, os.X_OK):
        wrapped = [TIME, "-f", "%M", "-o", rss_file] + argv
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    err = tempfile.TemporaryFile(dir=work) if keep_err else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(wrapped, stdin=stdin, stdout=subprocess.PIPE, stderr=err,
                                    start_new_session=True)
        except OSError as e:
            return Run("failed", code=127, err=str(e).encode())
        lock = threading.Lock()
        state = {"reaped": False, "killed": False}

        def kill():
            with lock:
                if state["reaped"]:
                    return
                state["killed"] = True
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

        watchdog = threading.Timer(timeout, kill)
        watchdog.start()
        chunks = []
        while True:  # drain stdout while the child runs so that it never blocks on a full pipe
            chunk = proc.stdout.read(1 << 20)
            if not chunk:
                break
            if keep_output:
                chunks.append(chunk)
        _, wait_status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        with lock:
            state["reaped"] = True
        watchdog.cancel()
        proc.returncode = os.waitstatus_to_exitcode(wait_status)  # reaped here, not by Popen
        proc.stdout.close()
        err_text = b""
        if keep_err:
            err.seek(0)
            err_text = err.read()
    finally:
        if stdin_path:
            stdin.close()
        if keep_err:
            err.close()
    rss = usage.ru_maxrss
    if wrapped is not argv:
        try:
            with open(rss_file) as fh:  # "Command exited with non-zero status K" may come first
                rss = int(fh.read().split()[-1])
        except (OSError, ValueError, IndexError):
            rss = None
        if os.path.exists(rss_file):
            os.remove(rss_file)
    if state["killed"]:
        return Run("timeout", elapsed)
    if proc.returncode != 0:
        return Run("failed", elapsed, rss, proc.returncode, err=err_text)
    return Run("ok", elapsed, rss, out=b"".join(chunks), err=err_text)


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


def largest_deviation(ours, peer):
    """The largest |difference| of the numbers of two answers (battle against battle_mc)."""
    try:
        a, b = [float(x) for x in ours.split()], [float(x) for x in peer.split()]
    except ValueError:
        return None
    if len(a) != len(b):
        return None
    return max((abs(x - y) for x, y in zip(a, b)), default=0.0)


def instructions(argv, stdin_path, timeout, work):
    """referee's instruction count under callgrind, in millions, as a cell."""
    out_file = os.path.join(work, "callgrind.out")
    if os.path.exists(out_file):
        os.remove(out_file)
    r = run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}"] + argv, stdin_path,
            timeout * CALLGRIND_SLOWDOWN, work, keep_err=True)
    if r.status == "timeout":
        return f"timeout ({timeout * CALLGRIND_SLOWDOWN:g} s)"
    if not r.ok():
        return f"failed (status {r.code})"
    count = None
    try:
        with open(out_file) as fh:
            for line in fh:
                if line.startswith(("summary:", "totals:")):
                    count = int(line.split(":", 1)[1].split()[0])
                    break
    except (OSError, ValueError, IndexError):
        pass
    if count is None:
        m = re.search(rb"(?:Collected\s*:|I\s+refs:)\s*([\d,]+)", r.err)
        if m:
            count = int(m.group(1).replace(b",", b""))
    if os.path.exists(out_file):
        os.remove(out_file)
    return "?" if count is None else f"{count / 1e6:.1f}"


def ms(seconds):
    return f"{seconds * 1e3:.2f}"


def ratio(a, b):
    if not b:
        return "-"
    r = a / b
    if r >= 100:
        return f"{r:.0f}"
    if r >= 10:
        return f"{r:.1f}"
    if r >= 1:
        return f"{r:.2f}"
    return f"{r:.3f}"


class Program:
    """One program of a row (referee, peer or floor): its command, its runs, its cell."""

    def __init__(self, label, argv, stdin_path):
        self.label, self.argv, self.stdin = label, argv, stdin_path  # argv None: no such program
        self.times = []
        self.rss = None
        self.note = None  # why there is no figure ("timeout (run 3)", ...), once stopped
        self.warmed = False  # the warm-up run succeeded
        self.out = b""

    def active(self):
        return self.argv is not None and self.note is None

    def warm_up(self, args, work, keep_output):
        r = run(self.argv, self.stdin, args.timeout, work, keep_output=keep_output, keep_err=True,
                gnu_time=True)
        self.rss = r.rss if os.access(TIME, os.X_OK) else None
        if r.status == "timeout":
            self.note = "timeout (warm-up)"
        elif not r.ok():
            self.note = describe_failure(r)
        self.out = r.out
        self.warmed = r.ok()
        return r

    def timed(self, args, work, index):
        r = run(self.argv, self.stdin, args.timeout, work)
        if r.status == "timeout":
            self.note = f"timeout (run {index + 1})"
        elif not r.ok():
            self.note = describe_failure(r, index)
        else:
            self.times.append(r.seconds)
            if not os.access(TIME, os.X_OK):
                self.rss = max(self.rss or 0, r.rss or 0)

    def median(self):
        return statistics.median(self.times) if self.argv is not None and self.note is None and self.times else None

    def cells(self):
        """(median, min) cells."""
        if self.argv is None:
            return "-", "-"
        if self.note:
            return self.note, "-"
        return ms(statistics.median(self.times)), ms(min(self.times))


def describe_failure(r, index=None):
    where = "" if index is None else f" in run {index + 1}"
    if r.code == 3:
        return f"capacity (status 3){where}"
    first = r.err.decode(errors="replace").strip().splitlines()[:1]
    detail = f": {first[0][:60]}" if first else ""
    return f"failed (status {r.code}){where}{detail}".replace("|", "\\|")


def measure(case, args, work, peer_argv, peer_how, insns_old):
    """Measures one case; returns (row cells, problems) where problems are error messages."""
    problems = []
    referee = Program("referee", case.argv(args.referee, case.ref_args), case.stdin())
    peer = Program("peer", peer_argv, case.stdin())
    say("  warm-up: referee")
    r = referee.warm_up(args, work, keep_output=True)
    if r.status == "failed" and r.code != 3:
        problems.append(f"{case.name}: referee {referee.note}")
    answer_note = ""
    if peer.argv is not None:
        say(f"  warm-up: {'old referee' if args.against_referee else 'peer'}")
        p = peer.warm_up(args, work, keep_output=True)
        if p.ok() and r.ok():
            if peer_how is None:
                dev = largest_deviation(referee.out, peer.out)
                say(f"  largest |referee - peer| on this case: {'?' if dev is None else f'{dev:.4f}'} (not checked)")
            elif not same_answer(referee.out, peer.out, peer_how):
                answer_note = " (answer differs)"
                problems.append(f"{case.name}: referee and {'OLD' if args.against_referee else 'peer'} answers differ")
    floor = Program("floor", None, None)
    if r.ok():
        answer_file = os.path.join(work, "answer")
        with open(answer_file, "wb") as fh:
            fh.write(referee.out)
        if case.floor == "wc":
            floor.argv = ["wc", "-l", case.input]
        else:
            floor.argv = ["cat", case.input, answer_file]
        say("  warm-up: floor")
        floor.warm_up(args, work, keep_output=False)
    referee.out = peer.out = b""
    programs = [p for p in (referee, peer, floor) if p.argv is not None]
    for i in range(args.runs):
        if not any(p.active() for p in programs):
            break
        say(f"  run {i + 1}/{args.runs}")
        for p in programs:
            if p.active():
                p.timed(args, work, i)
    if r.ok() and referee.note and not referee.note.startswith(("timeout", "capacity")):
        problems.append(f"{case.name}: referee {referee.note}")

    rm, pm, fm = referee.median(), peer.median(), floor.median()
    ref_cells, peer_cells = referee.cells(), peer.cells()
    row = [case.name, *ref_cells, *peer_cells]
    row.append((ratio(rm, pm) if rm is not None and pm is not None else "-") + answer_note)
    row.append(floor.cells()[0] if floor.argv is not None else "-")
    row.append(ratio(rm, fm) if rm is not None and fm is not None else "-")
    for p in (referee, peer):
        row.append(str(p.rss) if p.warmed and p.rss is not None else "-")
    if args.insns:
        if r.ok():
            say("  callgrind: referee")
            row.append(instructions(referee.argv, referee.stdin, args.timeout, work))
        else:
            row.append("-")
        if insns_old:
            if peer.warmed:
                say("  callgrind: old referee")
                row.append(instructions(peer.argv, peer.stdin, args.timeout, work))
            else:
                row.append("-")
    elif args.insns_column:
        row.append("-")
        if insns_old:
            row.append("-")
    return row, problems


def say(text):
    print(text, file=sys.stderr, flush=True)


def print_row(cells):
    print("| " + " | ".join(cells) + " |", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="See the module docstring (the top of this file) for the columns.")
    parser.add_argument("--peers", metavar="DIR")
    parser.add_argument("--against-referee", metavar="OLD")
    parser.add_argument("--referee", default="target/release/referee")
    parser.add_argument("--inputs", default="tests/bench-inputs", metavar="DIR")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S")
    parser.add_argument("--no-insns", action="store_true")
    parser.add_argument("--gen-standings", metavar="PATH")
    parser.add_argument("names", nargs="*", metavar="NAME")
    args = parser.parse_args()
    if args.peers and args.against_referee:
        parser.error("give at most one of --peers DIR and --against-referee OLD")
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not args.timeout > 0:
        parser.error("--timeout must be positive")
    if not os.access(args.referee, os.X_OK):
        parser.error(f"no referee binary at {args.referee}: "
                     "cargo build --release -p referee-host")
    if args.against_referee and not os.access(args.against_referee, os.X_OK):
        parser.error(f"no binary at {args.against_referee}")
    if args.peers and not os.path.isdir(args.peers):
        parser.error(f"--peers {args.peers}: not a folder")
    args.referee = os.path.abspath(args.referee)
    gen = args.gen_standings or os.path.join(os.path.dirname(args.referee), "examples", "gen_standings")
    # Instruction counts: skipped with --no-insns, `-` (with a note) without valgrind.
    args.insns_column = True
    args.insns = not args.no_insns and shutil.which("valgrind") is not None
    if args.no_insns:
        args.insns_column = False
    elif not args.insns:
        say("valgrind not found: no instruction counts (apt-get install valgrind)")
    insns_old = bool(args.against_referee) and args.insns_column

    work = tempfile.mkdtemp(prefix="bench_table.")
    try:
        standings_file = os.path.join(work, "s%dx%d.csv" % STANDINGS_EVENT)
        cases = [c for c in all_cases(args.inputs, standings_file)
                 if not args.names or any(n in c.name for n in args.names)]
        if not cases:
            parser.error("no case name contains " + " or ".join(args.names))
        # The standings event, generated once if a standings case is selected.
        standings_note = None
        if any(c.name.startswith("standings") for c in cases):
            if not os.access(gen, os.X_OK):
                standings_note = "no generator (--gen-standings)"
                say(f"no gen_standings at {gen}: cargo build --release -p referee-tests --example gen_standings")
            else:
                players, rounds = STANDINGS_EVENT
                say(f"generating the {players} x {rounds} standings event: {gen} {players} {rounds} FILE")
                g = subprocess.run([gen, str(players), str(rounds), standings_file],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                if g.returncode != 0:
                    standings_note = f"generator failed (status {g.returncode})"
                    say(f"{gen} failed: {g.stderr.decode(errors='replace').strip()}")

        other = "old" if args.against_referee else "peer"
        header = ["case", "referee ms", "min", f"{other} ms", "min", f"ref/{other}", "floor ms", "ref/floor",
                  "referee RSS KiB", f"{other} RSS KiB"]
        if args.insns_column:
            header.append("referee M insns")
            if insns_old:
                header.append("old M insns")
        say(f"{len(cases)} cases, {args.runs} timed runs each after a warm-up, alternating "
            f"referee, {other}, floor; timeout {args.timeout:g} s")
        print_row(header)
        print_row(["---"] + ["---:"] * (len(header) - 1))
        dashes = ["-"] * (len(header) - 2)
        problems = []
        for index, case in enumerate(cases):
            say(f"[{index + 1}/{len(cases)}] {case.name}")
            if case.name.startswith("standings") and standings_note:
                print_row([case.name, standings_note] + dashes)
                continue
            if not os.path.exists(case.input):
                if os.path.basename(case.input) in OPTIONAL_INPUTS:
                    say(f"  no {case.input}: skipped (the module docstring says how to write it)")
                    continue
                print_row([case.name, f"no input {case.input}"] + dashes)
                continue
            peer_argv, how = None, case.how
            if args.against_referee:
                peer_argv, how = case.argv(args.against_referee, case.ref_args), "bytes"
            elif args.peers and case.peer:
                path = os.path.join(args.peers, case.peer)
                if os.access(path, os.X_OK):
                    peer_argv = case.argv(path, case.peer_args)
                else:
                    say(f"  no peer binary {path}")
            row, found = measure(case, args, work, peer_argv, how, insns_old)
            print_row(row)
            for p in found:
                say("  " + p)
            problems += found
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if problems:
        say("problems:\n  " + "\n  ".join(problems))
        sys.exit(1)


if __name__ == "__main__":
    main()
