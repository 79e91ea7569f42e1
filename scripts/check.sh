#!/usr/bin/env bash
# Every check CI runs, on a fresh machine: installs what is missing, then fmt, clippy, the
# firmware on every board of embedded/boards.txt (build, lint, size, the core's panic sites,
# self-check in QEMU), tests (the firmware test among them), docs, the page in a browser, the core's tests in every
# feature combination and with the declared rust-version, the no_std core for three
# microcontroller targets, and `cargo package` of the core.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

THUMB=thumbv7em-none-eabihf
RISCV=riscv32imac-unknown-none-elf
# The no_std core is also built and linted for the smallest Cortex-M and for RISC-V.
CORE_TARGETS=("$THUMB" thumbv6m-none-eabi "$RISCV")
# The firmware's boards and their targets (embedded/boards.txt).
mapfile -t BOARDS < <(awk '!/^#/ && NF { print $1 }' embedded/boards.txt)
mapfile -t BOARD_TARGETS < <(awk '!/^#/ && NF { print $2 }' embedded/boards.txt | sort -u)
# The workspace's declared rust-version, built and tested as such.
MSRV=$(sed -n 's/^rust-version = "\(.*\)"/\1/p' Cargo.toml)
# defmt-print must decode the locked defmt's frames: the same version.
DEFMT_PRINT=$(awk '$0 == "name = \"defmt\"" { getline; gsub(/version = |"/, ""); print }' Cargo.lock)
# Each step's header says when it began (seconds since the start): where a fresh machine's
# minutes go (CI's budget is 40 of them).
step() { printf '\n==> %s (at %d s)\n' "$*" "$SECONDS"; }

mapfile -t TARGETS < <(printf '%s\n' "${CORE_TARGETS[@]}" "${BOARD_TARGETS[@]}" | sort -u)
step "toolchain: targets ${TARGETS[*]}, components, rust $MSRV"
for target in "${TARGETS[@]}"; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
done
rustup run "$MSRV" rustc --version >/dev/null 2>&1 || rustup toolchain install "$MSRV" --profile minimal
rustup target list --toolchain "$MSRV" --installed | grep -qx "$THUMB" || rustup target add --toolchain "$MSRV" "$THUMB"
rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
rustup component list --installed | grep -q '^clippy' || rustup component add clippy

step "firmware tools: qemu-system-arm, qemu-system-riscv32 (qemu-system-misc), binutils (size, nm), binutils-multiarch (objdump for ARM and RISC-V), defmt-print"
missing=()
command -v qemu-system-arm >/dev/null || missing+=(qemu-system-arm)
command -v qemu-system-riscv32 >/dev/null || missing+=(qemu-system-misc)
command -v size >/dev/null && command -v nm >/dev/null || missing+=(binutils)
formats=$(objdump --help 2>/dev/null || true)
[[ $formats == *elf32-littlearm* && $formats == *elf32-littleriscv* ]] || missing+=(binutils-multiarch)
if ((${#missing[@]})); then
    sudo=$( ((EUID == 0)) || echo sudo)
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
qemu-system-arm --version | sed -n 1p
qemu-system-riscv32 --version | sed -n 1p
if [[ $(defmt-print --version 2>/dev/null | sed -n 1p) != "defmt-print $DEFMT_PRINT" ]]; then
    cargo install --locked defmt-print --version "$DEFMT_PRINT"
fi
defmt-print --version

step "cargo fmt --check"
cargo fmt --all -- --check
cargo fmt --manifest-path fuzz/Cargo.toml -- --check

step "cargo clippy -D warnings (host workspace, all targets, all features)"
cargo clippy --workspace --all-targets --all-features --locked -- -D warnings

step "firmware: lint and document for Cortex-M ($THUMB) and RISC-V ($RISCV); the RTT log transport builds"
for target in "$THUMB" "$RISCV"; do
    cargo clippy -p referee-embedded --target "$target" --release --locked -- -D warnings
done
RUSTDOCFLAGS="-D warnings" cargo doc -p referee-embedded --target "$THUMB" --no-deps --locked
# The RTT log transport, on the smallest Cortex-M (its 16 KiB hold a 128-byte RTT buffer beside
# the slab and the stack reserve) and on RISC-V (the default 1 KiB buffer).
DEFMT_RTT_BUFFER_SIZE=128 cargo build -p referee-embedded --target thumbv6m-none-eabi --profile firmware \
    --no-default-features --features log-rtt --target-dir "${CARGO_TARGET_DIR:-target}/log-rtt" --locked
cargo build -p referee-embedded --target "$RISCV" --profile firmware --no-default-features --features log-rtt \
    --target-dir "${CARGO_TARGET_DIR:-target}/log-rtt" --locked

step "firmware: every board's images built, flash and RAM against its budget (scripts/firmware-size.sh)"
./scripts/firmware-size.sh

step "firmware: the core's panic sites in every image, none more than embedded/panic-sites.txt records (scripts/panic-sites.sh --check)"
./scripts/panic-sites.sh --check

for board in "${BOARDS[@]}"; do
    step "firmware: self-check in QEMU on $board (scripts/firmware-selfcheck.sh $board)"
    ./scripts/firmware-selfcheck.sh "$board" | tail -3
done

step "cargo test (host workspace; tests/tests/firmware.rs runs every judge case in QEMU)"
REFEREE_REQUIRE_FIRMWARE=1 REFEREE_FIRMWARE_DIR="$(realpath "${CARGO_TARGET_DIR:-target}")" \
    cargo test --workspace --all-features --locked

step "release-only tests (too slow for debug builds)"
cargo test --release -p referee-tests --test tavern --test standings --test battle --all-features --locked

step "cargo doc -D warnings (the workspace; the core with no feature and with all)"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features --locked
RUSTDOCFLAGS="-D warnings" cargo doc -p referee-core --no-deps --no-default-features --locked

step "tests/sizing: a firmware crate outside the workspace, every buffer a static sized by a const fn, for thumbv6m-none-eabi"
SIZING_TARGET="${CARGO_TARGET_DIR:-$PWD/target}/sizing"
cargo fmt --manifest-path tests/sizing/Cargo.toml -- --check
cargo clippy --manifest-path tests/sizing/Cargo.toml --target thumbv6m-none-eabi --target-dir "$SIZING_TARGET" --locked -- -D warnings
cargo build --manifest-path tests/sizing/Cargo.toml --target thumbv6m-none-eabi --release --target-dir "$SIZING_TARGET" --locked
cargo test --manifest-path tests/sizing/Cargo.toml --target-dir "$SIZING_TARGET" --locked

for features in "" "alloc" "defmt" "alloc,defmt"; do
    step "referee-core tests, features: '${features:-none}'"
    cargo test -p referee-core --no-default-features --features "$features" --locked
    for target in "${CORE_TARGETS[@]}"; do
        step "referee-core for $target, features: '${features:-none}'"
        cargo build -p referee-core --target "$target" --no-default-features --features "$features" --locked
        cargo clippy -p referee-core --target "$target" --no-default-features --features "$features" --locked -- -D warnings
    done
done

step "rust $MSRV (the declared rust-version): referee-core built and tested, the workspace checked"
cargo "+$MSRV" test -p referee-core --all-features --locked
cargo "+$MSRV" check --workspace --all-targets --all-features --locked
cargo "+$MSRV" build -p referee-core --target "$THUMB" --no-default-features --locked

step "cargo package -p referee-core (what crates.io would get builds on its own)"
cargo package -p referee-core --locked

step "the page: built (scripts/build-web.sh), then driven in Debian's Chromium headless against the binary (web/tests, docs/web.md)"
missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v wasm-opt >/dev/null || missing+=(binaryen)
command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)
if ((${#missing[@]})); then
    sudo=$( ((EUID == 0)) || echo sudo)
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
for module in event results battle contest; do # each module alone, as the page loads it
    cargo test -p referee-web --no-default-features --features "$module" --locked
done
./scripts/build-web.sh
# Issue 39's aim for what a view downloads: each module at most 300 KB, 120 KB gzipped.
for wasm in "${CARGO_TARGET_DIR:-target}"/web/referee-*.wasm; do
    bytes=$(stat -c %s "$wasm") gzipped=$(gzip -9c "$wasm" | wc -c)
    if ((bytes > 300000 || gzipped > 120000)); then
        echo "error: $wasm: $bytes bytes, $gzipped gzipped (the aim: 300 KB, 120 KB gzipped)" >&2
        exit 1
    fi
done
cargo build --release -p referee-host --locked
(cd web/tests && npm ci --no-audit --no-fund && CHROMIUM="$(command -v chromium)" npm test)

step "fuzz targets: build and a 12 s smoke run each (scripts/fuzz.sh; installs nightly and cargo-fuzz)"
./scripts/fuzz.sh 12

step "all checks passed"
