#!/usr/bin/env bash
# Runs a firmware ELF in QEMU on its board and decodes its defmt log:
#   embedded/qemu-run.sh ELF [ARGUMENTS...]      (also cargo's runner for embedded/)
# The board is REFEREE_BOARD, or else the board of embedded/boards.txt whose target is a
# folder of ELF's path (target/<target>/<profile>/<image>); its line gives QEMU's program,
# machine and CPU. ARGUMENTS reach the firmware's semihosting command line (QEMU -append).
# The exit status is the firmware's (pipefail), or 124 when it runs longer than QEMU_TIMEOUT
# seconds (default 60). With QEMU_COUNT_INSTRUCTIONS=FILE the number of guest instructions
# executed is written to FILE (a deterministic cost, unlike the wall time), by the plugin
# embedded/qemu-plugin/insncount.c, built here with the C compiler (cc) when missing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
elf=$1
shift
# The board's line of boards.txt: by name, or by a target folder of the image's path.
line=$(awk -v board="${REFEREE_BOARD:-}" -v path="/$elf/" '
    /^#/ || NF == 0 { next }
    board != "" && $1 == board { print; exit }
    board == "" && index(path, "/" $2 "/") { print; exit }' "$here/boards.txt")
if [[ -z $line ]]; then
    echo "qemu-run.sh: no board for $elf: set REFEREE_BOARD to a board of embedded/boards.txt" >&2
    exit 2
fi
read -r board _target qemu machine cpu _rest <<<"$line"
command -v "$qemu" >/dev/null || {
    package=qemu-system-arm
    [[ $qemu == qemu-system-arm ]] || package=qemu-system-misc
    echo "$qemu is missing: apt-get install $package" >&2
    exit 127
}
command -v defmt-print >/dev/null || { echo "defmt-print is missing: cargo install --locked defmt-print" >&2; exit 127; }
machine_args=(-machine "$machine")
[[ $cpu == - ]] || machine_args+=(-cpu "$cpu")
# A RISC-V board starts at the image's first instruction, with no firmware of QEMU's before.
[[ $qemu == qemu-system-arm ]] || machine_args+=(-bios none)
append=()
if (($#)); then append=(-append "$*"); fi
plugin=()
if [[ -n ${QEMU_COUNT_INSTRUCTIONS:-} ]]; then
    lib=${CARGO_TARGET_DIR:-$here/../target}/qemu-plugin/libinsncount.so
    if [[ ! -f $lib || $here/qemu-plugin/insncount.c -nt $lib ]]; then
        mkdir -p "$(dirname "$lib")"
        cc -shared -fPIC -O2 -Wall -o "$lib" "$here/qemu-plugin/insncount.c"
    fi
    plugin=(-plugin "$lib,out=$QEMU_COUNT_INSTRUCTIONS")
fi
# The lm3s6965evb's model prints a harmless "Timer with period zero" warning: drop that line.
timeout "${QEMU_TIMEOUT:-60}" "$qemu" "${machine_args[@]}" -display none -serial none -monitor none \
    -semihosting-config enable=on,target=native -kernel "$elf" "${plugin[@]}" "${append[@]}" \
    </dev/null 2> >(grep -v "Timer with period zero, disabling" >&2) |
    defmt-print -e "$elf"
