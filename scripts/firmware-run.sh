#!/usr/bin/env bash
# One judge input on the firmware in QEMU, like the host `referee`:
#   scripts/firmware-run.sh PROBLEM INPUT [--exact]
# Builds the firmware if needed, runs `referee-judge` (Cortex-M4F, mps2-an386, 256 KiB of RAM),
# prints the answer on stdout, the refusal, the decoded defmt log and the elapsed time of the
# QEMU run on stderr, and the number of instructions the firmware executed (deterministic, run
# after run: the figure to compare builds by), and exits with the firmware's status (the
# README's table: 0 answer, 1 invalid input, 3 beyond this build's capacity, ...).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if (($# < 2)); then
    echo "usage: $0 PROBLEM INPUT [--exact]" >&2
    exit 2
fi
problem=$1
input=$(realpath "$2")
shift 2
cargo build --quiet --release -p referee-embedded --target thumbv7em-none-eabihf --manifest-path "$root/Cargo.toml"
elf=${CARGO_TARGET_DIR:-$root/target}/thumbv7em-none-eabihf/release/referee-judge
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s%N)
status=0
QEMU_COUNT_INSTRUCTIONS=$work/instructions "$root/embedded/qemu-run.sh" "$elf" "$problem" "$@" \
    "\"$input\"" "\"$work/answer\"" "\"$work/error\"" >&2 || status=$?
end=$(date +%s%N)
cat "$work/answer"
cat "$work/error" >&2
awk -v ns=$((end - start)) 'BEGIN { printf "elapsed: %.3f s (QEMU run, start-up and log decoding included)\n", ns / 1e9 }' >&2
echo "instructions: $(cat "$work/instructions")" >&2
exit $status
