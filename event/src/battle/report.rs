//! The answer of `referee battle` under the game rules in the forms besides the spec's text:
//! JSON for programs ([`json`]) and a table people read ([`table`]); and the certified bounds
//! of a search cut by its budget in both forms ([`json_bounds`], [`table_bounds`]).

use core::fmt::{self, Write};

use referee_core::battle::game::{Answer, Bounds, BOUND_ONE, MAX_DAMAGE};
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

/// `n / 2^120` times `scale` (at most `2^47`), rounded down, or up when `up`.
///
/// `n·scale / 2^120 = (q·scale + r·scale / 2^80) / 2^40` with `n = q·2^80 + r`: no product
/// beyond `2^121 · 2^47 / 2^80`.
fn scaled(n: u128, scale: u128, up: bool) -> u128 {
    const LOW: u128 = (1 << 80) - 1;
    let n = n.min(BOUND_ONE);
    let (q, r) = (n >> 80, n & LOW);
    let r = r * scale;
    let t = q * scale + (r >> 80);
    let inexact = r & LOW != 0 || t & ((1 << 40) - 1) != 0;
    (t >> 40) + u128::from(up && inexact)
}

/// A bound over [`BOUND_ONE`] as `{"exact": "p/q", "decimal": x}`: the reduced fraction of
/// `n / 2^120` (`0/1` and `1/1` at the ends, as the exact answer writes them) and 12 decimals
/// rounded down, or up when `up` (as the text form's bounds).
fn bound<W: Write + ?Sized>(out: &mut W, n: u128, up: bool) -> fmt::Result {
    let n = n.min(BOUND_ONE);
    let twos = n.trailing_zeros().min(120);
    let (p, q) = if n == 0 { (0, 1) } else { (n >> twos, 1u128 << (120 - twos)) };
    let ten12 = 10u128.pow(DECIMALS);
    let d = scaled(n, ten12, up);
    write!(out, "{{\"exact\": \"{p}/{q}\", \"decimal\": {}.{:012}}}", d / ten12, d % ten12)
}

/// A pair of bounds as `{"lower": …, "upper": …}` ([`bound`]).
fn pair<W: Write + ?Sized>(out: &mut W, [low, high]: [u128; 2]) -> fmt::Result {
    out.write_str("{\"lower\": ")?;
    bound(out, low, false)?;
    out.write_str(", \"upper\": ")?;
    bound(out, high, true)?;
    out.write_str("}")
}

/// Writes `bounds` (a search cut by its budget) as one JSON object (and a line feed):
/// `"bounded": true` first (the exact answer of [`json`] has no such field), `unsettled` (the
/// mass no end has settled, the width of every pair: `{"exact": "p/q", "decimal": x}`, rounded
/// up), then the fields of [`json`], each probability as `{"lower": {"exact", "decimal"},
/// "upper": {…}}` (the lower decimal rounded down, the upper up), and in `damageToAlice` and
/// `damageToBob` each damage whose lower bound is positive, increasing: `{"damage": d,
/// "lower": …, "upper": …}` (a damage not listed has probability at most `unsettled`).
///
/// # Errors
/// A write error from `out`.
///
/// # Complexity
/// `O(D)` for the [`MAX_DAMAGE`] damages.
pub fn json_bounds<W: Write + ?Sized>(bounds: &Bounds, out: &mut W) -> fmt::Result {
    out.write_str("{\n  \"bounded\": true,\n  \"unsettled\": ")?;
    bound(out, bounds.unsettled(), true)?;
    for (which, name) in ["aliceWins", "bobWins", "tie"].into_iter().enumerate() {
        write!(out, ",\n  \"{name}\": ")?;
        pair(out, bounds.outcome(which))?;
    }
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        write!(out, ",\n  \"{}Dies\": ", name.to_ascii_lowercase())?;
        pair(out, bounds.dies(side))?;
    }
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        write!(out, ",\n  \"damageTo{name}\": [")?;
        let mut first = true;
        for d in 1..=MAX_DAMAGE {
            let p = bounds.damage(side, d);
            if p[0] == 0 {
                continue;
            }
            out.write_str(if first { "\n    " } else { ",\n    " })?;
            first = false;
            write!(out, "{{\"damage\": {d}, \"lower\": ")?;
            bound(out, p[0], false)?;
            out.write_str(", \"upper\": ")?;
            bound(out, p[1], true)?;
            out.write_str("}")?;
        }
        out.write_str(if first { "]" } else { "\n  ]" })?;
    }
    out.write_str("\n}\n")
}

/// A bound over [`BOUND_ONE`] as a percentage with 2 decimals, without the sign: rounded down
/// (a lower bound) or up (`up`, an upper bound), so that the range shown contains the bounds;
/// `0` and `100` only for a bound exactly 0 or 1, `<0.01` and `>99.99` for what rounds to them.
fn percent_bound(n: u128, up: bool) -> String {
    if n == 0 {
        return "0".to_owned();
    }
    if n >= BOUND_ONE {
        return "100".to_owned();
    }
    match scaled(n, 10_000, up) {
        0 => "<0.01".to_owned(),
        10_000 => ">99.99".to_owned(),
        h => format!("{}.{:02}", h / 100, h % 100),
    }
}

/// A pair of bounds as a range of percentages: `41.23–41.31%` ([`percent_bound`]).
fn range([low, high]: [u128; 2]) -> String {
    format!("{}\u{2013}{}%", percent_bound(low, false), percent_bound(high, true))
}

/// Writes `bounds` (a search cut by its budget) as [`table`] writes an answer, each
/// percentage as the range of its bounds (`41.23–41.31%`: the lower rounded down, the upper
/// up; `0` or `100` only for a bound exactly so), each hero's histogram of the damages whose
/// lower bound is positive, its bars from the lower bounds, and a last line saying that the
/// search was cut and how wide every range is (the unsettled mass, rounded up).
///
/// # Errors
/// A write error from `out`.
///
/// # Complexity
/// `O(D)` for the [`MAX_DAMAGE`] damages.
pub fn table_bounds<W: Write + ?Sized>(bounds: &Bounds, out: &mut W) -> fmt::Result {
    for (which, name) in ["Alice wins", "Bob wins", "tie"].into_iter().enumerate() {
        writeln!(out, "{name:<18}{:>15}", range(bounds.outcome(which)))?;
    }
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        writeln!(out, "{:<18}{:>15}", format!("{name}'s hero dies"), range(bounds.dies(side)))?;
    }
    for (side, (name, _)) in SIDES.into_iter().enumerate() {
        let damages: Vec<(usize, [u128; 2])> =
            (1..=MAX_DAMAGE).map(|d| (d, bounds.damage(side, d))).filter(|(_, p)| p[0] > 0).collect();
        writeln!(out)?;
        if damages.is_empty() {
            writeln!(out, "damage to {name}: none settled yet")?;
            continue;
        }
        writeln!(out, "damage to {name}:")?;
        // In millionths: the bars of the lower bounds, scaled to the largest.
        let lower = |p: &[u128; 2]| u64::try_from(scaled(p[0], 1_000_000, false)).unwrap_or(u64::MAX);
        let most = damages.iter().map(|(_, p)| lower(p)).max().unwrap_or(1).max(1);
        for (d, p) in &damages {
            let bar = (lower(p).saturating_mul(BAR) + most / 2) / most;
            let bar = usize::try_from(bar.max(1)).unwrap_or(1);
            writeln!(out, "{d:>4} {:>15}  {}", range(*p), "#".repeat(bar))?;
        }
    }
    writeln!(out)?;
    writeln!(
        out,
        "bounds: the search was cut short: each range holds the value, its bounds {}% apart at most (the mass \
         not settled yet); a damage not shown is at most that likely",
        percent_bound(bounds.unsettled(), true)
    )
}

#[cfg(test)]
pub(super) mod tests {
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

    #[test]
    fn bound_percentages_round_outward_and_show_certainties_only_when_exact() {
        assert_eq!((percent_bound(0, false), percent_bound(0, true)), ("0".to_owned(), "0".to_owned()));
        assert_eq!(percent_bound(BOUND_ONE, false), "100");
        assert_eq!((percent_bound(1, false), percent_bound(1, true)), ("<0.01".to_owned(), "0.01".to_owned()));
        assert_eq!(percent_bound(BOUND_ONE - 1, true), ">99.99");
        assert_eq!(percent_bound(BOUND_ONE - 1, false), "99.99");
        assert_eq!(
            (percent_bound(BOUND_ONE / 2, false), percent_bound(BOUND_ONE / 2, true)),
            ("50.00".into(), "50.00".into())
        );
        assert_eq!(
            (percent_bound(BOUND_ONE / 3, false), percent_bound(BOUND_ONE / 3, true)),
            ("33.33".into(), "33.34".into())
        );
        assert_eq!(range([BOUND_ONE / 3, BOUND_ONE / 2]), "33.33\u{2013}50.00%");
        assert_eq!(scaled(BOUND_ONE, 1_000_000_000_000, true), 1_000_000_000_000);
        assert_eq!(scaled(3, 1_000_000_000_000, true), 1);
        assert_eq!(scaled(3, 1_000_000_000_000, false), 0);
    }

    /// The bounds of a text board after `steps` states of [`game::bound`].
    fn bounds_of(input: &str, steps: u64) -> Bounds {
        game::bound(&text::parse(input.as_bytes()).unwrap(), &mut |p| p.steps < steps)
    }

    /// A board whose bounds are partial after a thousand states (about 0.29 wide), exact
    /// within rounding after ten thousand.
    pub(in crate::battle) const WIDE: &str = "5 5\n3/4D 2/5R 4/3 5/2DR 1/6T\n4/3 3/4D 2/5 3/3R 5/2T\n";

    #[test]
    fn the_json_bounds_are_the_text_bounds() {
        for steps in [1, 1_000, 2_000, 50_000] {
            let bounds = bounds_of(WIDE, steps);
            let (mut json, mut decimals, mut fractions) = (String::new(), String::new(), String::new());
            json_bounds(&bounds, &mut json).unwrap();
            text::write_bounds(&mut decimals, &bounds, false).unwrap();
            text::write_bounds(&mut fractions, &bounds, true).unwrap();
            assert!(json.starts_with("{\n  \"bounded\": true,\n  \"unsettled\": {\"exact\": \""), "{json}");
            // Each pair of the JSON, in the order of the text's lines.
            let mut from_json = Vec::new();
            for line in json.lines().filter(|l| l.contains("\"lower\"")) {
                let values: Vec<&str> = line.split("\"exact\": \"").skip(1).collect();
                let decimal = |v: &str| v.split("\"decimal\": ").nth(1).unwrap().split('}').next().unwrap().to_owned();
                let fraction = |v: &str| {
                    let f = v.split('"').next().unwrap();
                    match f {
                        "0/1" => "0".to_owned(),
                        "1/1" => "1".to_owned(),
                        f => f.to_owned(),
                    }
                };
                let damage = line.split("\"damage\": ").nth(1).map(|d| d.split(',').next().unwrap().to_owned());
                from_json.push((
                    damage,
                    [decimal(values[0]), decimal(values[1])],
                    [fraction(values[0]), fraction(values[1])],
                ));
            }
            let text_lines: Vec<(&str, &str)> =
                decimals.lines().zip(fractions.lines()).filter(|(l, _)| *l != "bounds").collect();
            assert_eq!(from_json.len(), text_lines.len(), "{json}\n{decimals}");
            for ((damage, d, f), (dl, fl)) in from_json.iter().zip(&text_lines) {
                let words: Vec<&str> = dl.split(' ').collect();
                let fwords: Vec<&str> = fl.split(' ').collect();
                assert_eq!(words[words.len() - 2..], [d[0].as_str(), d[1].as_str()], "{dl}");
                assert_eq!(fwords[fwords.len() - 2..], [f[0].as_str(), f[1].as_str()], "{fl}");
                if let Some(damage) = damage {
                    assert_eq!(words[words.len() - 3], damage, "{dl}");
                }
            }
        }
    }

    #[test]
    fn the_table_of_bounds_shows_ranges_and_says_it_was_cut() {
        let bounds = bounds_of(WIDE, 1_000);
        assert!(bounds.unsettled() > 0 && bounds.unsettled() < BOUND_ONE / 2);
        let mut table = String::new();
        table_bounds(&bounds, &mut table).unwrap();
        let lines: Vec<&str> = table.lines().collect();
        for (row, which) in lines.iter().take(3).zip(0..) {
            assert!(row.ends_with(&format!(" {}", range(bounds.outcome(which)))), "{table}");
        }
        assert!(lines[3].starts_with("Alice's hero dies") && lines[3].ends_with(&range(bounds.dies(0))), "{table}");
        let width = percent_bound(bounds.unsettled(), true);
        assert!(
            lines.last().unwrap().starts_with(&format!(
                "bounds: the search was cut short: each range holds the value, its bounds {width}% apart"
            )),
            "{table}"
        );
        // A bar for each damage of positive lower bound, and no certainty a bound does not prove.
        let bars = table.lines().filter(|l| l.contains('#')).count();
        let positive =
            (0..2).map(|side| (1..=MAX_DAMAGE).filter(|&d| bounds.damage(side, d)[0] > 0).count()).sum::<usize>();
        assert_eq!(bars, positive, "{table}");
        assert!(bars > 0, "{table}");
        for range in table.split_whitespace().filter(|w| w.contains('\u{2013}')) {
            let (low, high) = range.strip_suffix('%').unwrap().split_once('\u{2013}').unwrap();
            assert!(!["0.00", "100.00"].contains(&low) && !["0.00", "100.00"].contains(&high), "{table}");
        }
    }
}
