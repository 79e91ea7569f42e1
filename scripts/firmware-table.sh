#!/usr/bin/env bash
# The firmware table of docs/firmware.md: instructions executed by each benchmark input on each board,
# counted by the QEMU plugin (exact, the same run after run), with the deepest stack:
#   scripts/firmware-table.sh [BOARD...]      (default: every board of embedded/boards.txt)
# Runs scripts/firmware-insns.sh on the benchmark inputs that take at most a few billion
# instructions on the smallest board (in --exact mode where the problem has one), twice, and
# fails if the two counts differ. (`swiss_max.in` is beyond every board's memory;
# `tavern_states.in` and the slowest typical battles take minutes of QEMU on the small boards:
# run them with scripts/firmware-insns.sh.) A cell
# reads `N M` (N million instructions), `capacity` (refused as beyond the board's memory, exit
# status 3) or the failing exit status.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/firmware-common.sh"
boards=("$@")
((${#boards[@]})) || mapfile -t boards < <(board_names)
cd "$root"
inputs=(tests/bench-inputs/{greater_50,greater_max,pathgame_1000,pathgame_big,swiss_many,tavern_max,tavern_mixed}.in
    tests/bench-inputs/battle-typical/typical-{01,10,20}.in)

problem_of() {
    local name
    name=$(basename "$1")
    case $name in typical-*) echo battle ;; worst-7-*) echo tavern ;; *) echo "${name%%_*}" ;; esac
}

# One run: prints "instructions stack-bytes status".
measure() {
    local board=$1 problem=$2 input=$3 flags=() log status=0
    [[ $problem == greater || $problem == tavern || $problem == battle ]] && flags=(--exact)
    # The typical battles' figures are the tavern rules' (the firmware's `battle` plays the
    # game's rules unless told).
    [[ $problem == battle ]] && flags+=(--rules tavern)
    log=$(QEMU_TIMEOUT=600 scripts/firmware-insns.sh "$board" "$problem" "$input" "${flags[@]}" 2>&1 >/dev/null) || status=$?
    echo "$(sed -n 's/^instructions: //p' <<<"$log" | tail -1) $(sed -n 's/^stack: \([0-9]*\) .*/\1/p' <<<"$log" | tail -1) $status"
}

printf '| input |'
printf ' %s |' "${boards[@]}"
printf '\n|---|'
printf -- '---|%.0s' "${boards[@]}"
printf '\n'
for input in "${inputs[@]}"; do
    problem=$(problem_of "$input")
    printf '| `%s` |' "${input#tests/}"
    for board in "${boards[@]}"; do
        board_facts "$board" >/dev/null
        read -r count stack status < <(measure "$board" "$problem" "$input")
        read -r again _ _ < <(measure "$board" "$problem" "$input")
        if [[ $count != "$again" ]]; then
            echo "error: $board $input: $count then $again instructions" >&2
            exit 1
        fi
        case $status in
            0) awk -v n="$count" -v s="$stack" 'BEGIN { printf " %.1f M (stack %.1f KiB) |", n / 1e6, s / 1024 }' ;;
            3) printf ' capacity |' ;;
            *) printf ' exit %s |' "$status" ;;
        esac
    done
    printf '\n'
done
