#!/usr/bin/env bash
# One judge input on one board's firmware in QEMU, with the instructions it executed:
#   scripts/firmware-insns.sh BOARD PROBLEM INPUT [--exact]
# Builds the board's images, runs `referee-judge` on INPUT like the host `referee`, prints the
# answer on stdout, and on stderr the refusal (if any), the decoded defmt log and, last,
# `instructions: N`: the guest instructions executed, counted by the TCG plugin
# embedded/qemu-plugin/insncount.c (built with cc on first use). The count is exact and the
# same run after run, unlike QEMU's wall time. Exits with the firmware's status (the table of
# docs/cli.md: 0 answer, 1 invalid input, 3 beyond this board's capacity, ...).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/firmware-common.sh"
if (($# < 3)); then
    echo "usage: $0 BOARD PROBLEM INPUT [--exact]    (BOARD: $(board_names | paste -sd ' '))" >&2
    exit 2
fi
board=$1 problem=$2
input=$(realpath "$3")
shift 3
board_facts "$board"
build_board "$board"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
start=$(date +%s%N)
REFEREE_BOARD=$board QEMU_COUNT_INSTRUCTIONS=$work/instructions "$root/embedded/qemu-run.sh" \
    "$BOARD_DIR/referee-judge" "$problem" "$@" "\"$input\"" "\"$work/answer\"" "\"$work/error\"" >&2 || status=$?
end=$(date +%s%N)
cat "$work/answer"
cat "$work/error" >&2
awk -v ns=$((end - start)) 'BEGIN { printf "elapsed: %.3f s (QEMU run, start-up and log decoding included; varies run to run)\n", ns / 1e9 }' >&2
echo "instructions: $(cat "$work/instructions")" >&2
exit $status
