#!/usr/bin/env bash
# Builds the page into target/web/ (docs/web.md): one static folder to serve or open.
#   scripts/build-web.sh [--out DIR]
# The library compiled for wasm32-unknown-unknown (package referee-web, profile `web`: opt-level z, fat
# LTO, panic=abort), shrunk by wasm-opt when binaryen is installed (--merge-similar-functions, then
# -Oz --converge: its passes again until they shrink nothing more; Debian's package `binaryen`; the
# page works the same without it, the module is larger), then embedded in referee-wasm.js as base64
# so that the page also works opened from a file (a browser refuses to fetch a .wasm beside a
# file:// page). Prints the module's size and gzipped size.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${CARGO_TARGET_DIR:-$root/target}/web
while (($#)); do
    case $1 in
        --out) out=$2; shift 2 ;;
        -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
target_dir=${CARGO_TARGET_DIR:-$root/target}
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo rustc -p referee-web --target wasm32-unknown-unknown --profile web --locked --crate-type cdylib \
    --manifest-path "$root/Cargo.toml"
wasm=$target_dir/wasm32-unknown-unknown/web/referee_web.wasm
mkdir -p "$out"
if command -v wasm-opt >/dev/null; then
    wasm-opt --merge-similar-functions -Oz --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
        "$wasm" -o "$out/referee.wasm"
else
    echo "note: wasm-opt not found (apt-get install binaryen): the module is not shrunk" >&2
    cp "$wasm" "$out/referee.wasm"
fi
cp "$root"/web/page/{index.html,style.css,app.js,sw.js} "$out/"
{
    printf '// The referee library compiled to WebAssembly (scripts/build-web.sh), as base64.\n'
    printf 'self.REFEREE_WASM_BASE64 = "'
    base64 -w0 "$out/referee.wasm"
    printf '";\n'
} >"$out/referee-wasm.js"
bytes=$(stat -c %s "$out/referee.wasm")
gzipped=$(gzip -9c "$out/referee.wasm" | wc -c)
echo "page: $out (referee.wasm $bytes bytes, $gzipped gzipped)"
