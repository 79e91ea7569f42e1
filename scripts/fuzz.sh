#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ (cargo-fuzz, libFuzzer) for a given time each:
#   scripts/fuzz.sh [SECONDS] [TARGET...]      (default: 25 s, every target)
#   FUZZ_RUNS=N scripts/fuzz.sh 0 TARGET...    (N executions each instead of a time; the long
#                                               runs of docs/testing.md)
# Installs the nightly toolchain and cargo-fuzz (pinned) when missing. Each target starts from
# its working corpus fuzz/corpus/<target> (not committed) and the committed seeds: the cases
# of tests/data/<problem>/ and tests/data/invalid/<problem>/. A crash, a failed property, a
# timeout (60 s per input: a 7-against-7 battle under the sanitizer, on a loaded machine, can
# take seconds) or more than 2 GiB stops the script with the input written to
# fuzz/artifacts/<target>/; rerun one with `cd fuzz && cargo +nightly fuzz run TARGET FILE`.
# Prints each target's executions (libFuzzer's final stats).
# FUZZ_BUILD adds cargo-fuzz build flags; docs/testing.md's long runs use
#   FUZZ_BUILD="-a -s none --no-trace-compares"
# (overflow checks and debug assertions on, no AddressSanitizer: the project's crates forbid
# unsafe code; no compare tracing: 3-5x the executions a second on a corpus already grown with it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CARGO_FUZZ_VERSION=0.13.1
seconds=${1:-25}
shift || true

rustup run nightly rustc --version >/dev/null 2>&1 || rustup toolchain install nightly --profile minimal
[[ $(cargo fuzz --version 2>/dev/null) == "cargo-fuzz $CARGO_FUZZ_VERSION" ]] \
    || cargo install --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"

cd fuzz
targets=("$@")
((${#targets[@]})) || mapfile -t targets < <(cargo +nightly fuzz list)
# shellcheck disable=SC2206
build=(-O ${FUZZ_BUILD:-})
cargo +nightly fuzz build "${build[@]}"

# The seeds of a target: the judge cases of its problem.
seeds() {
    local problem
    case $1 in
        judge_* | parse_*) problem=${1#*_} ;;
        *) problem=${1%%_*} ;;
    esac
    problem=${problem//_/-} # parse_battle_game: tests/data/battle-game
    echo "../tests/data/$problem ../tests/data/invalid/$problem"
}

for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    # shellcheck disable=SC2046
    limit=(-max_total_time="$seconds")
    [[ -n ${FUZZ_RUNS:-} ]] && limit=(-runs="$FUZZ_RUNS")
    start=$(date +%s)
    log=$(cargo +nightly fuzz run "${build[@]}" "$target" "corpus/$target" $(seeds "$target") -- \
        "${limit[@]}" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 2>&1) || {
        echo "$log" | tail -40
        echo "fuzz target $target failed: see fuzz/artifacts/$target/" >&2
        exit 1
    }
    runs=$(echo "$log" | sed -n 's/^stat::number_of_executed_units: //p')
    printf '%-20s %12s executions in %s s, no failure\n' "$target" "$runs" "$(($(date +%s) - start))"
done
