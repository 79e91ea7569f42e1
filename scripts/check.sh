#!/usr/bin/env bash
# Every check CI runs, on a fresh machine: installs what is missing, then fmt, clippy, the
# firmware (build, size, self-check in QEMU), tests (the firmware test among them), docs, and
# the no_std core for the Cortex-M target in every feature combination.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

THUMB=thumbv7em-none-eabihf
step() { printf '\n==> %s\n' "$*"; }

step "toolchain: $THUMB target and components"
if ! rustup target list --installed | grep -qx "$THUMB"; then
    rustup target add "$THUMB"
fi
rustup component list --installed | grep -q '^rustfmt' || rustup component add rustfmt
rustup component list --installed | grep -q '^clippy' || rustup component add clippy

step "firmware tools: qemu-system-arm, binutils (size, nm), defmt-print"
missing=()
command -v qemu-system-arm >/dev/null || missing+=(qemu-system-arm)
command -v size >/dev/null && command -v nm >/dev/null || missing+=(binutils)
if ((${#missing[@]})); then
    sudo=$( ((EUID == 0)) || echo sudo)
    $sudo apt-get update
    $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi
qemu-system-arm --version | sed -n 1p
command -v defmt-print >/dev/null || cargo install --locked defmt-print
defmt-print --version

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings (host workspace, all targets, all features)"
cargo clippy --workspace --all-targets --all-features --locked -- -D warnings

step "firmware: build, lint and document for $THUMB"
cargo build --release -p referee-embedded --target "$THUMB" --locked
cargo clippy -p referee-embedded --target "$THUMB" --release --locked -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc -p referee-embedded --target "$THUMB" --no-deps --locked

step "firmware: flash and RAM against the budget (scripts/firmware-size.sh)"
./scripts/firmware-size.sh

step "firmware: self-check in QEMU (cd embedded && cargo run --release)"
(cd embedded && cargo run --release --locked)

step "cargo test (host workspace; tests/tests/firmware.rs runs every judge case in QEMU)"
REFEREE_FIRMWARE_DIR="$(realpath "${CARGO_TARGET_DIR:-target}")/$THUMB/release" cargo test --workspace --all-features --locked

step "release-only tests (too slow for debug builds)"
cargo test --release -p referee-tests --test tavern --all-features --locked

step "cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features --locked

for features in "" "alloc" "defmt" "alloc,defmt"; do
    step "referee-core for $THUMB, features: '${features:-none}'"
    cargo build -p referee-core --target "$THUMB" --no-default-features --features "$features" --locked
    cargo clippy -p referee-core --target "$THUMB" --no-default-features --features "$features" --locked -- -D warnings
done

step "all checks passed"
