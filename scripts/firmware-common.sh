# Shared by the firmware scripts (sourced, not run): a board's facts from embedded/boards.txt,
# and building its images.

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
boards_file=$root/embedded/boards.txt

# The boards' names, in the table's order.
board_names() { awk '!/^#/ && NF { print $1 }' "$boards_file"; }

# Sets BOARD_TARGET, BOARD_PROFILE, BOARD_FLASH_BUDGET (bytes) and BOARD_DIR (its images) for
# the board $1, or exits 2 naming the boards.
board_facts() {
    local line
    line=$(awk -v b="$1" '!/^#/ && $1 == b { print; exit }' "$boards_file")
    if [[ -z $line ]]; then
        echo "unknown board '$1': one of $(board_names | paste -sd ' ')" >&2
        exit 2
    fi
    local fields
    read -r -a fields <<<"$line"
    BOARD_TARGET=${fields[1]}
    BOARD_PROFILE=${fields[12]}
    BOARD_FLASH_BUDGET=$(bytes "${fields[11]}")
    BOARD_DIR=${CARGO_TARGET_DIR:-$root/target}/$BOARD_TARGET/$BOARD_PROFILE
}

# Bytes of a size written N or NK.
bytes() { local s=$1; [[ $s == *K ]] && echo $((${s%K} * 1024)) || echo "$s"; }

# Builds the board $1's images (board_facts first) quietly; cargo's errors reach stderr.
build_board() {
    rustup target list --installed | grep -qx "$BOARD_TARGET" || rustup target add "$BOARD_TARGET" >&2
    REFEREE_BOARD=$1 cargo build --quiet --locked --profile "$BOARD_PROFILE" -p referee-embedded \
        --target "$BOARD_TARGET" --manifest-path "$root/Cargo.toml"
}
