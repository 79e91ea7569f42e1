#!/usr/bin/env bash
# The firmware's self-check on one board in QEMU:
#   scripts/firmware-selfcheck.sh BOARD        (BOARD: a board of embedded/boards.txt)
# Builds the board's images (its target and profile), runs the self-check images in QEMU
# (`referee-embedded`: every case of embedded/selfcheck-cases.txt; `referee-typed`: the typed
# standings event and pairing) and prints their decoded logs; exits 0 only if every case of
# both passed (the firmware's status otherwise: 4 a case failed, 101 a panic, ...; see the
# table of docs/cli.md).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/firmware-common.sh"
if (($# != 1)); then
    echo "usage: $0 BOARD    (BOARD: $(board_names | paste -sd ' '))" >&2
    exit 2
fi
board_facts "$1"
build_board "$1"
REFEREE_BOARD=$1 "$root/embedded/qemu-run.sh" "$BOARD_DIR/referee-embedded"
REFEREE_BOARD=$1 "$root/embedded/qemu-run.sh" "$BOARD_DIR/referee-typed"
