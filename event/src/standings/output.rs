//! The three outputs of `referee standings`: `table` for people, `csv` and `json` as the spec
//! writes them (`serde_json` for the JSON), byte for byte.

use std::borrow::Cow;
use std::fmt::Write as _;

use referee_core::standings::{Ranked, Ranking, Standing};
use referee_core::WideFraction;
use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::Format;

/// The CSV header of the answer.
pub const CSV_HEADER: [&str; 9] = ["rank", "player", "points", "wins", "losses", "draws", "omw", "gw", "ogw"];

/// One row of a rendered standings: the rank, the name, the values, and (for `referee event`,
/// whose drops are its own) the `dropped` column.
#[derive(Clone, Copy, Debug)]
pub struct Line<'n> {
    /// The rank (shared by equal players).
    pub rank: u32,
    /// The player's name.
    pub name: &'n str,
    /// The values.
    pub standing: Standing,
    /// `Some`: a `dropped` column (CSV, JSON) and the table's status from it; `None`: no
    /// column, the table's status from `standing.dropped`.
    pub dropped: Option<bool>,
}

/// Renders `ranking` (after `round`) with the players' `names`.
///
/// # Complexity
/// `O(n)` rows, each `O(1)` apart from the names' widths.
#[must_use]
pub fn render(ranking: &Ranking<'_>, names: &[String], round: u32, format: Format) -> Vec<u8> {
    let lines: Vec<Line<'_>> = ranking
        .iter()
        .map(|row: Ranked| Line {
            rank: row.rank,
            name: names.get(row.player.index()).map_or("", String::as_str),
            standing: row.standing,
            dropped: None,
        })
        .collect();
    render_lines(&lines, round, format, 2)
}

/// Renders `lines` (after `round`): the table's percentages with `decimals` decimals.
///
/// # Complexity
/// `O(n)` rows, each `O(1)` apart from the names' widths.
#[must_use]
pub fn render_lines(lines: &[Line<'_>], round: u32, format: Format, decimals: u32) -> Vec<u8> {
    match format {
        Format::Csv => csv(lines),
        Format::Json => json(lines, round),
        Format::Table => table(lines, round, decimals).into_bytes(),
    }
}

/// `--format csv`: RFC 4180 with `\n` line ends, names quoted only when they must be
/// ([`csv_field`]: byte for byte what the `csv` crate's writer writes, without its general
/// machinery).
fn csv(lines: &[Line<'_>]) -> Vec<u8> {
    let mut out = String::with_capacity(64 * (lines.len() + 1));
    let dropped = lines.first().is_some_and(|l| l.dropped.is_some());
    out.push_str(&CSV_HEADER.join(","));
    if dropped {
        out.push_str(",dropped");
    }
    out.push('\n');
    // Writing into a `String` cannot fail.
    for row in lines {
        let s = &row.standing;
        let _ = write!(out, "{},", row.rank);
        out.push_str(&csv_field(row.name));
        for value in [s.match_points, s.wins, s.losses, s.draws] {
            let _ = write!(out, ",{value}");
        }
        for value in [WideFraction::from(s.omw), WideFraction::from(s.gw), s.ogw] {
            let _ = write!(out, ",{value}");
        }
        if let Some(d) = row.dropped {
            out.push_str(if d { ",true" } else { ",false" });
        }
        out.push('\n');
    }
    out.into_bytes()
}

/// `text` as one CSV field: in quotes, each quote doubled, when it holds a comma, a quote or
/// a line end (`\r` or `\n`); as it is otherwise. What the `csv` crate's writer writes; every
/// CSV the commands write quotes its names with it.
#[must_use]
pub fn csv_field(text: &str) -> Cow<'_, str> {
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\"")).into()
    } else {
        text.into()
    }
}

/// One row of the JSON answer, fields in the spec's order.
#[derive(Serialize)]
struct JsonRow<'a> {
    rank: u32,
    player: &'a str,
    points: u32,
    wins: u32,
    losses: u32,
    draws: u32,
    omw: String,
    gw: String,
    ogw: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    dropped: Option<bool>,
}

/// The JSON answer.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    round: u32,
    standings: Vec<JsonRow<'a>>,
}

/// The spec's JSON layout: `", "` between items and `": "` after keys, on one line.
struct SpacedFormatter;

impl serde_json::ser::Formatter for SpacedFormatter {
    fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b": ")
    }
}

/// `--format json`: one object, one line, UTF-8 names as they are.
fn json(lines: &[Line<'_>], round: u32) -> Vec<u8> {
    let standings = lines
        .iter()
        .map(|row| {
            let s = row.standing;
            JsonRow {
                rank: row.rank,
                player: row.name,
                points: s.match_points,
                wins: s.wins,
                losses: s.losses,
                draws: s.draws,
                omw: s.omw.to_string(),
                gw: s.gw.to_string(),
                ogw: s.ogw.to_string(),
                dropped: row.dropped,
            }
        })
        .collect();
    let mut out = Vec::with_capacity(160 * (lines.len() + 1));
    let mut serializer = serde_json::Serializer::with_formatter(&mut out, SpacedFormatter);
    // Strings and integers into a `Vec`: serialization cannot fail.
    let _ = JsonAnswer { round, standings }.serialize(&mut serializer);
    out.push(b'\n');
    out
}

/// A name with control characters escaped (`\n`), for a one-line cell.
fn cell_name(name: &str) -> String {
    name.chars().fold(String::with_capacity(name.len()), |mut out, c| {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
        out
    })
}

/// `--format table`: a title, then aligned columns; a shared rank is written `2=` on every
/// row that shares it; names are aligned by display width (wide characters take two columns).
fn table(lines: &[Line<'_>], round: u32, decimals: u32) -> String {
    let header = ["Rank", "Player", "Points", "W-L-D", "OMW", "GW", "OGW", ""];
    let rows: Vec<(&Line<'_>, [String; 8])> = lines
        .iter()
        .map(|row| {
            let s = row.standing;
            (
                row,
                [
                    String::new(),
                    cell_name(row.name),
                    s.match_points.to_string(),
                    format!("{}-{}-{}", s.wins, s.losses, s.draws),
                    s.omw.percent(decimals).to_string(),
                    s.gw.percent(decimals).to_string(),
                    s.ogw.percent(decimals).to_string(),
                    if row.dropped.unwrap_or(s.dropped) { "dropped".to_owned() } else { String::new() },
                ],
            )
        })
        .collect();
    let mut rows = rows;
    for index in 0..rows.len() {
        let rank = rows[index].0.rank;
        let shared = [index.checked_sub(1), Some(index + 1)]
            .into_iter()
            .flatten()
            .any(|other| rows.get(other).is_some_and(|(r, _)| r.rank == rank));
        rows[index].1[0] = if shared { format!("{rank}=") } else { rank.to_string() };
    }
    let mut widths = header.map(UnicodeWidthStr::width);
    for (_, cells) in &rows {
        for (width, cell) in widths.iter_mut().zip(cells) {
            *width = (*width).max(cell.width());
        }
    }
    let mut out = format!("Standings after round {round}\n\n");
    let mut line = |cells: [&str; 8]| {
        let mut text = String::new();
        for (column, (cell, &width)) in cells.iter().zip(&widths).enumerate() {
            let pad = " ".repeat(width - cell.width());
            if column > 0 {
                text.push_str("  ");
            }
            // Names and the status left-aligned, numbers right-aligned.
            if matches!(column, 1 | 7) {
                text.push_str(cell);
                text.push_str(&pad);
            } else {
                text.push_str(&pad);
                text.push_str(cell);
            }
        }
        out.push_str(text.trim_end());
        out.push('\n');
    };
    line(header);
    for (_, cells) in &rows {
        line([&cells[0], &cells[1], &cells[2], &cells[3], &cells[4], &cells[5], &cells[6], &cells[7]]);
    }
    out
}

#[cfg(test)]
mod tests {
    use referee_core::Fraction;

    /// The CSV fields are quoted as the `csv` crate's writer quotes them (the answer was
    /// written with it before): names with commas, quotes, line ends, spaces, UTF-8, empty.
    #[test]
    fn csv_fields_are_quoted_as_the_csv_crate_quotes_them() {
        let names = [
            "Ann",
            "",
            "O'Neil, Jr.",
            "\"Kid\"",
            "a\"b\"\"c",
            "two\nlines",
            "cr\r",
            " spaced ",
            "é, ü",
            "#1",
            "a;b\tc",
        ];
        for name in names {
            let ours = super::csv_field(name);
            let mut writer = csv::WriterBuilder::new().terminator(csv::Terminator::Any(b'\n')).from_writer(Vec::new());
            writer.write_record(["1", name, "3"]).unwrap();
            let theirs = String::from_utf8(writer.into_inner().unwrap()).unwrap();
            assert_eq!(format!("1,{ours},3\n"), theirs, "{name:?}");
        }
    }

    fn frac(n: u128, d: u128) -> Fraction {
        Fraction::new(n, d).unwrap()
    }

    /// The table's percentages (the core's exact writer): two decimals, half up.
    #[test]
    fn percentages_round_half_up_exactly() {
        let percent = |f: Fraction| f.percent(2).to_string();
        assert_eq!(percent(frac(2, 3)), "66.67%");
        assert_eq!(percent(frac(1, 3)), "33.33%");
        assert_eq!(percent(frac(33, 100)), "33.00%");
        assert_eq!(percent(frac(1, 1)), "100.00%");
        assert_eq!(percent(frac(1, 80_000)), "0.00%");
        assert_eq!(percent(frac(1, 20_000)), "0.01%"); // exactly half: up
        assert_eq!(percent(frac(99_995, 100_000)), "100.00%");
        let big = (1u128 << 121) + 1;
        assert_eq!(percent(frac(big - 1, big)), "100.00%");
    }
}
