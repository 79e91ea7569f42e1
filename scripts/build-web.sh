#!/usr/bin/env bash
# Builds the page into target/web/ (docs/web.md): one static folder to serve or open.
#   scripts/build-web.sh [--out DIR]
# The library compiled for wasm32-unknown-unknown (package referee-web, profile `web`: opt-level z, fat
# LTO, panic=abort) once per part of the page: referee-event.wasm (event), referee-results.wasm
# (standings, pair of a results file), referee-battle.wasm and referee-contest.wasm (swiss, tavern,
# greater, pathgame), each with only its feature, so that a view downloads only the code it runs. Each is shrunk by wasm-opt when binaryen is
# installed (--merge-similar-functions, then -Oz --converge: its passes again until they shrink
# nothing more; Debian's package `binaryen`; the page works the same without it, the modules are
# larger), then embedded in referee-NAME-wasm.js as base64 so that the page also works opened from a
# file (a browser refuses to fetch a .wasm beside a file:// page). Prints each module's size and
# gzipped size.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${CARGO_TARGET_DIR:-$root/target}/web
while (($#)); do
    case $1 in
        --out) out=$2; shift 2 ;;
        -h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
target_dir=${CARGO_TARGET_DIR:-$root/target}
# The page's modules, one per part (referee-web's features; docs/web.md): a view loads its own.
MODULES="event results battle contest"
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
mkdir -p "$out"
rm -f "$out/referee.wasm" "$out/referee-wasm.js"
for module in $MODULES; do
    # The module answers its part's commands only (referee-web's feature of the same name).
    cargo rustc -p referee-web --target wasm32-unknown-unknown --profile web --locked --crate-type cdylib \
        --no-default-features --features "$module" --manifest-path "$root/Cargo.toml"
    wasm=$target_dir/wasm32-unknown-unknown/web/referee_web.wasm
    file=$out/referee-$module.wasm
    if command -v wasm-opt >/dev/null; then
        wasm-opt --merge-similar-functions -Oz --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
            "$wasm" -o "$file"
    else
        echo "note: wasm-opt not found (apt-get install binaryen): the module is not shrunk" >&2
        cp "$wasm" "$file"
    fi
    {
        printf '// The referee page'"'"'s %s module, compiled to WebAssembly (scripts/build-web.sh), as base64.\n' "$module"
        printf '(self.REFEREE_WASM ??= {}).%s = "' "$module"
        base64 -w0 "$file"
        printf '";\n'
    } >"$out/referee-$module-wasm.js"
    echo "module $module: $file ($(stat -c %s "$file") bytes, $(gzip -9c "$file" | wc -c) gzipped)"
done
cp "$root"/web/page/{index.html,style.css,app.js,sw.js} "$out/"
echo "page: $out"
