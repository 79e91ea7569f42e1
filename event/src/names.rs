//! Players' names compared and sorted without case: each letter taken to one form whatever
//! its case ([`caseless`]), from the standard library's own case mappings, held in a table of
//! about 200 runs that `build.rs` generates from them (the mappings' own table is 11 KB, and
//! `str::to_lowercase` adds the rule of the final sigma: together 17 KB of the page's module).

include!(concat!(env!("OUT_DIR"), "/caseless.rs"));

/// `name` with each letter in its caseless form: the lowercase of its uppercase, each step
/// taken when the mapping is one character (as Unicode's simple case folding, near enough:
/// `Σ`, `σ` and `ς` are one letter, as are `K` and the Kelvin sign `K`, `µ` and `μ`; `ß` and
/// `İ`, whose mappings are two characters, stay as they are). Two names are the same but for
/// case when their caseless forms are equal.
///
/// # Complexity
/// `O(L log R)` for `L` characters and the `R` runs of the table.
#[must_use]
pub fn caseless(name: &str) -> String {
    name.chars().map(caseless_char).collect()
}

/// The caseless form of `c` ([`caseless`]), from the table `RUNS` (build.rs).
///
/// # Complexity
/// `O(log R)` for the `R` runs.
#[must_use]
pub fn caseless_char(c: char) -> char {
    let code = u32::from(c);
    let after = RUNS.partition_point(|&[packed, _]| packed & 0x1f_ffff <= code);
    let Some(&[packed, shift]) = after.checked_sub(1).and_then(|i| RUNS.get(i)) else { return c };
    let (first, count, stride) = (packed & 0x1f_ffff, (packed >> 21) & 0x3ff, (packed >> 31) + 1);
    let offset = code - first;
    if offset % stride != 0 || offset / stride >= count {
        return c;
    }
    // The shift is an i32 written as its bits.
    code.checked_add_signed(shift.cast_signed()).and_then(char::from_u32).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    include!("../caseless_rule.rs");

    #[test]
    fn every_character_has_the_form_the_mappings_give_it() {
        let mut changed = 0;
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let form = caseless_char(c);
            assert_eq!(form, caseless_by_the_mappings(c), "U+{:04X}", u32::from(c));
            assert_eq!(caseless_char(form), form, "U+{:04X}: one form", u32::from(c));
            changed += usize::from(form != c);
        }
        // Every uppercase letter of the scripts with case, and a few more.
        assert!(changed > 1_400, "{changed}");
    }

    #[test]
    fn names_equal_but_for_case_have_one_form() {
        for (a, b) in [("ANN", "ann"), ("Émile Zola", "éMILE ZOLA"), ("ΟΔΥΣΣΕΥΣ", "οδυσσευς"), ("ИВАН", "Иван")]
        {
            assert_eq!(caseless(a), caseless(b), "{a} {b}");
        }
        assert_ne!(caseless("Ann"), caseless("Anna"));
        assert_eq!(caseless("straße"), "straße");
    }
}
