// The rule of `names::caseless`, by the standard library's case mappings, one character at a
// time: included by build.rs (which makes the table of it) and by the tests of src/names.rs
// (which check the table against it on every character).

/// The one character of a case mapping, if it is one.
fn single(mut chars: impl Iterator<Item = char>) -> Option<char> {
    let first = chars.next()?;
    chars.next().is_none().then_some(first)
}

/// The caseless form of `c`: the lowercase of its uppercase, each step taken only when its
/// mapping is one character (see `src/names.rs`).
fn caseless_by_the_mappings(c: char) -> char {
    let upper = single(c.to_uppercase()).unwrap_or(c);
    single(upper.to_lowercase()).unwrap_or(upper)
}
