#!/usr/bin/env bash
# The panic call sites each firmware image keeps, and how many of them the core contributes:
#   scripts/panic-sites.sh [--check | --record] [--list] [BOARD...]
#                                          (default: every board of embedded/boards.txt)
# Builds each board's images as scripts/firmware-size.sh does (a no-op when they are fresh),
# disassembles them and prints a table: board, image, core panic sites, all panic sites.
#   --check   fails (exit 1) if an image keeps more core sites than embedded/panic-sites.txt
#             records for it (or is not recorded), and says how to update the record;
#   --record  rewrites the lines of the boards given (all by default) in that file;
#   --list    also prints every core site: image, the function holding it, the panic entry.
#
# Method. GNU objdump (Debian's binutils-multiarch, installed when the objdump on the PATH
# reads neither ARM nor RISC-V) disassembles the image with demangled names. A panic site is a
# direct call or branch (ARM bl/blx/b/b<cond>[.n|.w]; RISC-V jal/jalr/j/c.j/branches, the
# auipc+jalr pair counted once on its jalr) whose target is the start of a panic entry point:
# every `core::panicking::*` (panic, panic_fmt, panic_bounds_check, panic_const_* for the
# arithmetic overflow and division-by-zero checks, assert_failed, ...), and any other function of
# `core`, `alloc` or `std` whose last name segment starts with `panic` or ends in `_fail` or
# `_failed` (slice_index_fail and the other slice_*_fail, copy_from_slice's
# len_mismatch_fail, option/result unwrap_failed and expect_failed, str's slice_error_fail,
# cell's panic_already_borrowed, sort's panic_on_ord_violation, ...), `capacity_overflow`,
# `handle_alloc_error`, and the panic handler `rust_begin_unwind`. Calls made inside those
# entry points are not sites. The machine outliner of the `opt-level = "z"` builds moves code
# (panic branches among it) into `OUTLINED_FUNCTION_n`: a call of such a function counts, at
# its caller, the panic sites the outlined function holds (recursively). A site is the core's
# when the function holding it has `referee_core` in its demangled name: the core's own
# functions, its generic functions instantiated by the firmware (`Scanner<W>::...`), and
# `core`/`alloc` functions instantiated on a core type (a sort of core items).
#
# Limits. A count of call instructions, not of source-level checks: LLVM merges the failing
# branches of one function into one call where it can (several `a[i]` may share one call,
# or one check be duplicated by unrolling), and removes checks it proves. Core code inlined
# into a firmware function (`referee_embedded::...`, `main`) is attributed to the firmware,
# so the core column is a lower bound of what the core's source contributes; the `all` column
# holds both. Only statically linked direct calls are seen (a panic through a function
# pointer would not be; the core has none). The figures depend on the toolchain: a new rustc
# may move sites between the columns, then `--record` after checking the difference (`--list`).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/firmware-common.sh"
record_file=$root/embedded/panic-sites.txt
images=(referee-judge referee-embedded referee-typed)

mode= list=0 boards=()
for arg in "$@"; do
    case $arg in
        --check | --record) mode=${arg#--} ;;
        --list) list=1 ;;
        -*) echo "usage: $0 [--check | --record] [--list] [BOARD...]" >&2; exit 2 ;;
        *) boards+=("$arg") ;;
    esac
done
((${#boards[@]})) || mapfile -t boards < <(board_names)

# An objdump that reads both ARM and RISC-V ELF files (Debian's binutils-multiarch).
formats=$(objdump --help 2>/dev/null || true)
if [[ $formats != *elf32-littlearm* || $formats != *elf32-littleriscv* ]]; then
    sudo=$( ((EUID == 0)) || echo sudo)
    $sudo apt-get update >&2
    $sudo apt-get install -y --no-install-recommends binutils-multiarch >&2
fi

# Reads `objdump -d -C` of one image; prints `total CORE ALL`, and with list=1 a line
# `site FUNCTION<TAB>ENTRY` per core site (`via OUTLINED_FUNCTION_n` when outlined).
read -r -d '' count_sites <<'AWK' || true
function strip_generics(s,    depth, i, c) {
    # Drops a trailing balanced `<...>` (generic arguments may hold `::` and `<>`).
    while (s ~ />$/) {
        depth = 0
        for (i = length(s); i > 0; i--) {
            c = substr(s, i, 1)
            if (c == ">") depth++
            else if (c == "<" && --depth == 0) break
        }
        if (i <= 1) return s
        s = substr(s, 1, i - 1)
    }
    return s
}
function panic_entry(name,    base, last) {
    if (name ~ /^(__rustc::)?rust_begin_unwind$/) return 1
    if (name ~ /^core::panicking::/) return 1
    if (name !~ /^(core|alloc|std)::/) return 0
    base = strip_generics(name)
    last = base
    sub(/.*::/, "", last)
    return last ~ /^panic|_fail$|_failed$|^capacity_overflow$|^handle_alloc_error$/
}
function core_function(name,    depth, i, c, owner, trait) {
    # The core's: a path in referee_core, or an impl whose type is the core's (`<referee_core::
    # X as core::fmt::Display>::fmt`) or a primitive with a core trait (`<u64 as referee_core::
    # ...>`); not a firmware type's impl of a core trait.
    if (name !~ /^</) return name ~ /^referee_core::/
    depth = 0
    for (i = 1; i <= length(name); i++) {
        c = substr(name, i, 1)
        if (c == "<") depth++
        else if (c == ">" && --depth == 0) break
        else if (depth == 1 && substr(name, i, 4) == " as ") break
    }
    owner = substr(name, 2, i - 2)
    trait = substr(name, i + 4)
    if (owner ~ /^referee_core::/) return 1
    return owner !~ /::/ && trait ~ /^referee_core::/
}
function sites(f,    n, i) {
    # Panic sites reached from f: its own, and those of the outlined functions it calls.
    if (f in memo) return memo[f]
    memo[f] = 0                     # (a cycle counts nothing more)
    n = direct[f]
    for (i = 1; i <= ncalls[f]; i++) n += sites(callee[f, i])
    return memo[f] = n
}
function describe(f, prefix,    i) {
    for (i = 1; i <= nentries[f]; i++) print "site " fname[caller] "\t" prefix entry[f, i]
    for (i = 1; i <= ncalls[f]; i++) describe(callee[f, i], prefix "via " fname[callee[f, i]] " -> ")
}
BEGIN { FS = "\t" }
/^[0-9a-f]+ <.*>:$/ {
    name = $0
    sub(/^[0-9a-f]+ </, "", name)
    sub(/>:$/, "", name)
    if (name ~ /^[.$]/) next        # local labels (riscv-rt's start code): same function
    addr = $0
    sub(/ .*/, "", addr)
    fn = addr
    fname[fn] = name
    order[++nfns] = fn
    direct[fn] = ncalls[fn] = nentries[fn] = 0
    next
}
fn != "" && NF >= 3 {
    m = $2
    gsub(/ /, "", m)
    if (m !~ /^(b|j|c\.j|cb|call|tail)/) next
    ops = $3
    if (!match(ops, /(^|[ #(])[0-9a-f]+ </)) next
    target = substr(ops, RSTART + RLENGTH)
    sub(/>\)?$/, "", target)
    if (target ~ /\+0x[0-9a-f]+$/) next
    if (panic_entry(target)) { direct[fn]++; entry[fn, ++nentries[fn]] = target }
    else if (target ~ /^OUTLINED_FUNCTION_[0-9]+$/) { pending[fn, ++ncalls[fn]] = target }
}
END {
    for (f in fname) byname[fname[f]] = f
    for (k in pending) { split(k, kk, SUBSEP); callee[kk[1], kk[2]] = byname[pending[k]] }
    core = all = 0
    for (i = 1; i <= nfns; i++) {
        f = order[i]
        if (panic_entry(fname[f]) || fname[f] ~ /^OUTLINED_FUNCTION_[0-9]+$/) continue
        n = sites(f)
        all += n
        if (core_function(fname[f])) {
            core += n
            if (list) { caller = f; describe(f, "") }
        }
    }
    print "total", core, all
}
AWK

declare -A counted
echo "| board | image | core panic sites | all panic sites |"
echo "|---|---|---|---|"
sites_list=()
for board in "${boards[@]}"; do
    board_facts "$board"
    build_board "$board"
    for image in "${images[@]}"; do
        result=$(objdump -d -C --no-show-raw-insn "$BOARD_DIR/$image" | awk -v list="$list" "$count_sites")
        read -r _ core all < <(grep '^total ' <<<"$result")
        counted["$board $image"]=$core
        echo "| $board | \`$image\` | $core | $all |"
        if ((list)); then
            while IFS= read -r line; do sites_list+=("$board $image: ${line#site }"); done < <(grep '^site ' <<<"$result" | sort | uniq -c | sed 's/^ *\([0-9]*\) site /site \1x /')
        fi
    done
done
if ((list)); then
    echo
    echo "Core panic sites (count, function, entry point):"
    printf '%s\n' "${sites_list[@]}"
fi

case $mode in
    record)
        tmp=$(mktemp)
        {
            echo "# Panic call sites the core contributes to each firmware image: board, image, count."
            echo "# Written by \`scripts/panic-sites.sh --record\`; \`scripts/panic-sites.sh --check\` (CI) fails"
            echo "# when an image keeps more. The method and its limits: the script's header."
            echo "# mps2-an386 referee-judge: 4 of its sites are the game-rules battle search's, the one image"
            echo "# that holds it (docs/firmware.md, \"The game-rules battle\"): indexing of a distribution by"
            echo "# a class below CLASSES (game/dist.rs Dist::over, 2) and of a side by a bit (game/state.rs"
            echo "# State::resolve, 2), each unreachable; the fifth is outcome::scaled's slice, as in the others."
            for board in $(board_names); do
                for image in "${images[@]}"; do
                    key="$board $image"
                    if [[ -n ${counted[$key]:-} ]]; then
                        echo "$key ${counted[$key]}"
                    elif [[ -f $record_file ]]; then
                        awk -v b="$board" -v i="$image" '!/^#/ && $1 == b && $2 == i' "$record_file"
                    fi
                done
            done
        } >"$tmp"
        mv "$tmp" "$record_file"
        echo "recorded in ${record_file#"$root"/}"
        ;;
    check)
        status=0
        while IFS= read -r key; do
            recorded=$(awk -v k="$key" '!/^#/ && $1 " " $2 == k { print $3 }' "$record_file" 2>/dev/null)
            if [[ -z $recorded ]]; then
                echo "error: $key is not in ${record_file#"$root"/}" >&2
                status=1
            elif ((counted[$key] > recorded)); then
                echo "error: $key keeps ${counted[$key]} core panic sites, more than the $recorded recorded" >&2
                status=1
            elif ((counted[$key] < recorded)); then
                echo "note: $key keeps ${counted[$key]} core panic sites, fewer than the $recorded recorded: lower the record with --record" >&2
            fi
        done < <(printf '%s\n' "${!counted[@]}" | sort)
        if ((status)); then
            echo "Remove the new sites (scripts/panic-sites.sh --list $(printf '%s\n' "${boards[@]}" | paste -sd ' ') shows them), or, if each is" >&2
            echo "unreachable and documented, update the record: scripts/panic-sites.sh --record" >&2
        fi
        exit $status
        ;;
esac
