#!/usr/bin/env bash
# Flash and static RAM of each board's firmware images, checked against the board's budget:
#   scripts/firmware-size.sh [BOARD...]      (default: every board of embedded/boards.txt)
# Builds each board's images (its target and profile) and prints a table. Flash = the vector
# table + .text + .rodata + .data (its initial values); static RAM = .data + .bss + .uninit;
# the stack gets the rest of the map's RAM. Fails when an image (`referee-judge`, what a
# device runs; the self-check images `referee-embedded` and `referee-typed`) exceeds the
# board's flash budget (the `flash-budget` column: 128 KiB on the Cortex-M0, Cortex-M3 and
# RISC-V boards), or when the statics leave less than the reserved stack (the linker refuses
# that too).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/firmware-common.sh"
boards=("$@")
((${#boards[@]})) || mapfile -t boards < <(board_names)

section() { size -A "$1" | awk -v name="$2" '$1 == name { print $2; found = 1 } END { if (!found) print 0 }'; }
symbol() { printf '%d' "0x$(nm "$1" | awk -v name="$2" '$3 == name { print $1 }')"; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

status=0
echo "| board | image | flash (budget) | static RAM | stack region (reserved) |"
echo "|---|---|---|---|---|"
for board in "${boards[@]}"; do
    board_facts "$board"
    build_board "$board"
    for image in referee-judge referee-embedded referee-typed; do
        elf=$BOARD_DIR/$image
        data=$(($(section "$elf" .data) + $(section "$elf" .sdata)))
        flash=$(($(section "$elf" .vector_table) + $(section "$elf" .text) + $(section "$elf" .rodata) + data))
        ram=$((data + $(section "$elf" .bss) + $(section "$elf" .sbss) + $(section "$elf" .uninit)))
        stack=$(($(symbol "$elf" _stack_start) - $(symbol "$elf" _stack_end)))
        min_stack=$(symbol "$elf" _min_stack_bytes)
        budget=$BOARD_FLASH_BUDGET
        echo "| $board | \`$image\` | $flash B ($(kib "$flash") of $(kib "$budget")) | $ram B ($(kib "$ram")) | $stack B ($(kib "$min_stack") reserved) |"
        if ((flash > budget)); then
            echo "error: $board $image needs $flash bytes of flash, over its budget of $budget" >&2
            status=1
        fi
        if ((ram + min_stack > $(symbol "$elf" _ram_length))); then
            echo "error: $board $image's statics ($ram bytes) leave less than $min_stack bytes of stack" >&2
            status=1
        fi
    done
done
exit $status
