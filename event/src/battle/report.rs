//! The answer of `referee battle` under the game rules in the forms besides the spec's text:
//! JSON for programs ([`json`]) and a table people read ([`table`]).

use core::fmt::{self, Write};

use referee_core::battle::game::{Answer, MAX_DAMAGE};
use referee_core::odds::Probability;

/// Digits after the point of the JSON's decimals (as the text format's).
const DECIMALS: u32 = 12;

/// Width of the longest bar of a damage histogram.
const BAR: u64 = 40;

/// The sides' names in the JSON and in the table.
const SIDES: [(&str, &str); 2] = [("Alice", "alice"), ("Bob", "bob")];

/// A probability as JSON: `{"exact": "p/q", "decimal": 0.…}` (the decimal a JSON number of 12
/// digits after the point, rounded to nearest).
fn probability<W: Write + ?Sized>(out: &mut W, p: &Probability<'_>) -> fmt::Result {
    write!(out, "{{\"exact\": \"{p}\", \"decimal\": {}}}", p.decimal(DECIMALS))
}

/// Writes `answer` as one JSON object (and a line feed): `aliceWins`, `bobWins`, `tie`,
/// `aliceDies`, `bobDies` (each `{"exact": "p/q", "decimal": x}`), then `damageToAlice` and
/// `damageToBob`: arrays of `{"damage": d, "exact": "p/q", "decimal": x}` for each damage of
/// positive probability, increasing.
///
/// # Errors
/// A write error from `out`.
///
/// # Complexity
/// `O(D · w)` for the damages and numerators of `w` words.
pub fn json<W: Write + ?Sized>(answer: &Answer<'_>, out: &mut W) -> fmt::Result {
    let [alice, bob, tie] = answer.odds().all();
    out.write_str("{\n  \"aliceWins\": ")?;
    probability(out, &alice)?;
    out.write_str(",\n  \"bobWins\": ")?;
    probability(out, &bob)?;
    out.write_str(",\n  \"tie\": ")?;
    probability(out, &tie)?;
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        write!(out, ",\n  \"{}Dies\": ", name.to_ascii_lowercase())?;
        probability(out, &answer.dies(side))?;
    }
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        write!(out, ",\n  \"damageTo{name}\": [")?;
        let mut first = true;
        for d in 1..=MAX_DAMAGE {
            let p = answer.damage(side, d);
            if p.is_zero() {
                continue;
            }
            out.write_str(if first { "\n    " } else { ",\n    " })?;
            first = false;
            write!(out, "{{\"damage\": {d}, \"exact\": \"{p}\", \"decimal\": {}}}", p.decimal(DECIMALS))?;
        }
        out.write_str(if first { "]" } else { "\n  ]" })?;
    }
    out.write_str("\n}\n")
}

/// `p` as a percentage with 2 decimals for display: `0%` and `100%` only when exactly so,
/// `<0.01%` and `>99.99%` for what rounds to them.
///
/// # Errors
/// None.
///
/// # Complexity
/// As [`Probability::percent`].
#[must_use]
pub fn percent(p: &Probability<'_>) -> String {
    if p.is_zero() {
        return "0%".to_owned();
    }
    if p.is_one() {
        return "100%".to_owned();
    }
    let shown = p.percent(2).to_string();
    match shown.as_str() {
        "0.00%" => "<0.01%".to_owned(),
        "100.00%" => ">99.99%".to_owned(),
        _ => shown,
    }
}

/// `p` in millionths, rounded (for the length of a bar).
fn millionths(p: &Probability<'_>) -> u64 {
    let text = p.decimal(6).to_string();
    text.bytes().filter(u8::is_ascii_digit).fold(0u64, |v, b| v.saturating_mul(10).saturating_add(u64::from(b - b'0')))
}

/// Writes `answer` as a table: each outcome's percentage, each hero's chance to die (the
/// lethal chances), then each hero's damage distribution as a histogram (a bar of up to 40
/// `#`, scaled to that hero's likeliest damage; a damage of positive probability gets one at
/// least). Percentages are rounded for display only, never shown as `0%` or `100%` unless
/// exactly so ([`percent`]).
///
/// # Errors
/// A write error from `out`.
///
/// # Complexity
/// `O(D · w)` for the damages and numerators of `w` words.
pub fn table<W: Write + ?Sized>(answer: &Answer<'_>, out: &mut W) -> fmt::Result {
    let [alice, bob, tie] = answer.odds().all();
    writeln!(out, "{:<18}{:>9}", "Alice wins", percent(&alice))?;
    writeln!(out, "{:<18}{:>9}", "Bob wins", percent(&bob))?;
    writeln!(out, "{:<18}{:>9}", "tie", percent(&tie))?;
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        writeln!(out, "{:<18}{:>9}", format!("{name}'s hero dies"), percent(&answer.dies(side)))?;
    }
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        let damages: Vec<(usize, Probability<'_>)> =
            (1..=MAX_DAMAGE).map(|d| (d, answer.damage(side, d))).filter(|(_, p)| !p.is_zero()).collect();
        writeln!(out)?;
        if damages.is_empty() {
            writeln!(out, "damage to {name}: none")?;
            continue;
        }
        writeln!(out, "damage to {name}:")?;
        let most = damages.iter().map(|(_, p)| millionths(p)).max().unwrap_or(1).max(1);
        for (d, p) in &damages {
            let bar = (millionths(p).saturating_mul(BAR) + most / 2) / most;
            let bar = usize::try_from(bar.max(1)).unwrap_or(1);
            writeln!(out, "{d:>4} {:>9}  {}", percent(p), "#".repeat(bar))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use referee_core::battle::game::{self, text, Strategy};
    use referee_core::HeapScratch;

    /// The table of a text board.
    fn table_of(input: &str) -> String {
        let fight = text::parse(input.as_bytes()).unwrap();
        let mut scratch = HeapScratch::default();
        let answer = game::solve(&fight, Strategy::Memo, game::DEFAULT_LIMITS, &mut scratch).unwrap();
        let mut out = String::new();
        table(&answer, &mut out).unwrap();
        out
    }

    #[test]
    fn certainties_only_when_exact() {
        let table = table_of("1 1\n1/1R\n1/1\n");
        assert!(table.starts_with("Alice wins             100%\nBob wins                 0%\n"), "{table}");
        // Fourteen shots of 1 kill two of Bob's 1/7s once in about 10^6 fights; Alice's hero
        // (health 7) dies unless they do.
        let table = table_of("2 7 1 7 1 1000\n0/1!c1x7 0/1!c1x7\n1/7 1/7 1/7 1/7 1/7 1/7 1/7\n");
        assert!(table.contains("Alice's hero dies   >99.99%\n"), "{table}");
        assert!(table.contains("\n   6    <0.01%  #\n   7     1.15%  #\n   8    98.85%  ####"), "{table}");
        assert_eq!(percent(&Probability::ZERO), "0%");
        assert_eq!(percent(&Probability::ONE), "100%");
    }
}
