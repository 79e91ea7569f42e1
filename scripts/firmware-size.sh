#!/usr/bin/env bash
# Flash and static RAM of each firmware image, checked against the budget:
#   scripts/firmware-size.sh [DIR]     (DIR holds the images; default: the release build)
# Flash = .vector_table + .text + .rodata + .data (its initial values); static RAM = .data +
# .bss + .uninit; the stack gets the rest of the map's RAM. Fails when the flash exceeds
# FLASH_BUDGET (216 KiB, far below the map's 1 MiB: the self-check image holds every solver, the
# pairing's blossom algorithm and battle's four searches among them; the smaller boards of
# issue 12 will need their own, smaller budgets) or the map's RAM
# cannot hold the statics plus the reserved stack (the linker refuses that too).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
FLASH_BUDGET=$((216 * 1024))
dir=${1:-target/thumbv7em-none-eabihf/release}

section() { size -A "$1" | awk -v name="$2" '$1 == name { print $2; found = 1 } END { if (!found) print 0 }'; }
symbol() { printf '%d' "0x$(nm "$1" | awk -v name="$2" '$3 == name { print $1 }')"; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

status=0
echo "| image | flash (.text + .rodata + vectors) | static RAM (.data + .bss) | stack region (reserved) |"
echo "|---|---|---|---|"
for image in referee-embedded referee-judge; do
    elf=$dir/$image
    [[ -f $elf ]] || { echo "no image at $elf: build it with cargo build --release -p referee-embedded --target thumbv7em-none-eabihf" >&2; exit 2; }
    data=$(section "$elf" .data)
    flash=$(($(section "$elf" .vector_table) + $(section "$elf" .text) + $(section "$elf" .rodata) + data))
    ram=$((data + $(section "$elf" .bss) + $(section "$elf" .uninit)))
    stack=$(($(symbol "$elf" _stack_start) - $(symbol "$elf" _stack_end)))
    min_stack=$(symbol "$elf" _min_stack_bytes)
    echo "| \`$image\` | $flash B ($(kib "$flash")) | $ram B ($(kib "$ram")) | $stack B ($(kib "$min_stack") reserved) |"
    if ((flash > FLASH_BUDGET || flash > $(symbol "$elf" _flash_length))); then
        echo "error: $image needs $flash bytes of flash, over the budget of $FLASH_BUDGET" >&2
        status=1
    fi
    if ((ram + min_stack > $(symbol "$elf" _ram_length))); then
        echo "error: $image's statics ($ram bytes) leave less than $min_stack bytes of stack" >&2
        status=1
    fi
done
exit $status
