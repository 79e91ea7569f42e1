//! Generates the table of `names::caseless` (`$OUT_DIR/caseless.rs`) from the case mappings of
//! the standard library that builds this crate (the same Unicode version as the one it is
//! built for): every character whose caseless form differs from it, as runs of characters a
//! stride of 1 or 2 apart whose forms are each the same distance away.

use std::fmt::Write as _;

include!("caseless_rule.rs");

/// How far the caseless form of `c` is from it (0: the same); code points are below 2^21.
fn shift(c: u32) -> i32 {
    char::from_u32(c).map_or(0, |ch| u32::from(caseless_by_the_mappings(ch)).wrapping_sub(c).cast_signed())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=caseless_rule.rs");
    // Runs [first, count, stride, shift]: the characters first + i * stride for i < count
    // shift by the same amount, and the characters between them (stride 2) not at all.
    let mut runs: Vec<(u32, u32, u32, i32)> = Vec::new();
    let mut c = 0u32;
    while c <= 0x10_FFFF {
        let d = shift(c);
        if d == 0 {
            c += 1;
            continue;
        }
        let stride = if shift(c + 1) == d || shift(c + 1) != 0 || shift(c + 2) != d { 1 } else { 2 };
        let mut count = 1u32;
        while count < 1023 && shift(c + count * stride) == d && (stride == 1 || shift(c + count * stride - 1) == 0) {
            count += 1;
        }
        runs.push((c, count, stride, d));
        c += (count - 1) * stride + 1;
    }
    let mut out = String::new();
    let _ = writeln!(out, "/// The runs of characters that [`caseless`] changes (build.rs): `[first | count << 21 |");
    let _ = writeln!(out, "/// (stride - 1) << 31, shift as i32 as u32]`, in increasing order of `first`.");
    let _ = writeln!(out, "const RUNS: [[u32; 2]; {}] = [", runs.len());
    for (first, count, stride, d) in runs {
        let packed = first | count << 21 | (stride - 1) << 31;
        let _ = writeln!(out, "    [{packed:#x}, {:#x}],", d.cast_unsigned());
    }
    let _ = writeln!(out, "];");
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR")?).join("caseless.rs"), out)?;
    Ok(())
}
