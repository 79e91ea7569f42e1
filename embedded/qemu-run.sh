#!/usr/bin/env bash
# Runs a firmware ELF in QEMU (Cortex-M4F on an MPS2+ AN386 board) and decodes its defmt log:
#   embedded/qemu-run.sh ELF [ARGUMENTS...]      (also cargo's runner for embedded/)
# ARGUMENTS reach the firmware's semihosting command line (QEMU -append). The exit status is
# the firmware's (pipefail), or 124 when it runs longer than QEMU_TIMEOUT seconds (default 60).
# With QEMU_COUNT_INSTRUCTIONS=FILE the number of guest instructions executed is written to
# FILE (a deterministic cost, unlike the wall time), by the plugin embedded/qemu-plugin/
# insncount.c, built here with the C compiler (cc) when missing.
set -euo pipefail
elf=$1
shift
command -v qemu-system-arm >/dev/null || { echo "qemu-system-arm is missing: apt-get install qemu-system-arm" >&2; exit 127; }
command -v defmt-print >/dev/null || { echo "defmt-print is missing: cargo install --locked defmt-print" >&2; exit 127; }
append=()
if (($#)); then append=(-append "$*"); fi
plugin=()
if [[ -n ${QEMU_COUNT_INSTRUCTIONS:-} ]]; then
    here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
    lib=${CARGO_TARGET_DIR:-$here/../target}/qemu-plugin/libinsncount.so
    if [[ ! -f $lib || $here/qemu-plugin/insncount.c -nt $lib ]]; then
        mkdir -p "$(dirname "$lib")"
        cc -shared -fPIC -O2 -Wall -o "$lib" "$here/qemu-plugin/insncount.c"
    fi
    plugin=(-plugin "$lib,out=$QEMU_COUNT_INSTRUCTIONS")
fi
timeout "${QEMU_TIMEOUT:-60}" qemu-system-arm -cpu cortex-m4 -machine mps2-an386 -display none -serial none \
    -monitor none -semihosting-config enable=on,target=native -kernel "$elf" "${plugin[@]}" "${append[@]}" </dev/null |
    defmt-print -e "$elf"
