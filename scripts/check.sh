#!/usr/bin/env bash
# Every check CI runs, on a fresh machine: installs what is missing, then fmt, clippy, tests,
# docs, and the no_std core for the Cortex-M target in every feature combination.
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

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings (host workspace, all targets, all features)"
cargo clippy --workspace --all-targets --all-features --locked -- -D warnings

step "cargo test (host workspace)"
cargo test --workspace --all-features --locked

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
