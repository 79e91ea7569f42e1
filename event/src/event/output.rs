//! The outputs of `referee event`: a [`Grid`] (a title, a header and rows) written as an
//! aligned table, CSV, JSON or a printable HTML page.

use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;

use crate::standings::output::csv_field;

/// `--format`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Aligned text (the default).
    #[default]
    Table,
    /// CSV (RFC 4180, `\n` line ends).
    Csv,
    /// One JSON object.
    Json,
    /// One self-contained HTML page that prints on A4 or Letter.
    Html,
}

impl Format {
    /// The format called `name`.
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "table" => Some(Self::Table),
            "csv" => Some(Self::Csv),
            "json" => Some(Self::Json),
            "html" => Some(Self::Html),
            _ => None,
        }
    }
}

/// A cell of a [`Grid`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A number.
    Num(u64),
    /// A text.
    Text(String),
    /// Nothing (an empty CSV field, JSON `null`).
    Empty,
}

impl Cell {
    fn text(&self) -> String {
        match self {
            Self::Num(n) => n.to_string(),
            Self::Text(t) => t.clone(),
            Self::Empty => String::new(),
        }
    }
}

/// A table to print: a title, the column names (the CSV header, the JSON keys), the rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The title (table and HTML).
    pub title: String,
    /// The column names.
    pub header: Vec<String>,
    /// The rows.
    pub rows: Vec<Vec<Cell>>,
}

/// `text` escaped for HTML.
///
/// # Complexity
/// `O(len(text))`.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// A JSON string.
fn json_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned())
}

/// A whole HTML page around `body`.
///
/// # Complexity
/// `O(len(body))`.
#[must_use]
pub fn page(title: &str, body: &str) -> Vec<u8> {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{t}</title>\n<style>\n\
         @page {{ size: auto; margin: 12mm; }}\n\
         body {{ font-family: sans-serif; font-size: 11pt; margin: 0 auto; max-width: 190mm; }}\n\
         table {{ border-collapse: collapse; width: 100%; }}\n\
         th, td {{ border: 1px solid #888; padding: 2px 6px; text-align: left; }}\n\
         tr {{ break-inside: avoid; }}\n\
         .slip {{ border: 1px dashed #444; padding: 6px; margin: 6px 0; break-inside: avoid; }}\n\
         .box {{ display: inline-block; width: 2.5em; height: 1.2em; border: 1px solid #000; }}\n\
         </style>\n</head>\n<body>\n<h1>{t}</h1>\n{body}</body>\n</html>\n",
        t = escape(title)
    )
    .into_bytes()
}

impl Grid {
    /// An empty grid.
    ///
    /// # Complexity
    /// `O(columns)`.
    #[must_use]
    pub fn new(title: String, header: &[&str]) -> Self {
        Self { title, header: header.iter().map(|&h| h.to_owned()).collect(), rows: Vec::new() }
    }

    /// The grid in `format`.
    ///
    /// # Complexity
    /// `O(cells)`.
    #[must_use]
    pub fn render(&self, format: Format) -> Vec<u8> {
        match format {
            Format::Csv => {
                let mut out = self.header.join(",");
                out.push('\n');
                for row in &self.rows {
                    let cells: Vec<String> = row.iter().map(|c| csv_field(&c.text()).into_owned()).collect();
                    out.push_str(&cells.join(","));
                    out.push('\n');
                }
                out.into_bytes()
            }
            Format::Json => {
                let rows: Vec<String> = self
                    .rows
                    .iter()
                    .map(|row| {
                        let fields: Vec<String> = self
                            .header
                            .iter()
                            .zip(row)
                            .map(|(k, c)| {
                                let value = match c {
                                    Cell::Num(n) => n.to_string(),
                                    Cell::Text(t) => json_string(t),
                                    Cell::Empty => "null".to_owned(),
                                };
                                format!("{}: {value}", json_string(k))
                            })
                            .collect();
                        format!("{{{}}}", fields.join(", "))
                    })
                    .collect();
                format!("{{\"title\": {}, \"rows\": [{}]}}\n", json_string(&self.title), rows.join(", ")).into_bytes()
            }
            Format::Html => {
                let mut body = String::from("<table>\n<tr>");
                for h in &self.header {
                    let _ = write!(body, "<th>{}</th>", escape(h));
                }
                body.push_str("</tr>\n");
                for row in &self.rows {
                    body.push_str("<tr>");
                    for c in row {
                        let _ = write!(body, "<td>{}</td>", escape(&c.text()));
                    }
                    body.push_str("</tr>\n");
                }
                body.push_str("</table>\n");
                page(&self.title, &body)
            }
            Format::Table => {
                let cells: Vec<Vec<String>> = self
                    .rows
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|c| c.text().chars().map(|c| if c.is_control() { ' ' } else { c }).collect())
                            .collect()
                    })
                    .collect();
                let mut widths: Vec<usize> = self.header.iter().map(|h| h.width()).collect();
                for row in &cells {
                    for (w, c) in widths.iter_mut().zip(row) {
                        *w = (*w).max(c.width());
                    }
                }
                let mut out = format!("{}\n\n", self.title);
                let mut line = |row: &[String]| {
                    let mut text = String::new();
                    for (i, (c, &w)) in row.iter().zip(&widths).enumerate() {
                        if i > 0 {
                            text.push_str("  ");
                        }
                        text.push_str(c);
                        text.push_str(&" ".repeat(w.saturating_sub(c.width())));
                    }
                    out.push_str(text.trim_end());
                    out.push('\n');
                };
                line(&self.header);
                for row in &cells {
                    line(row);
                }
                out.into_bytes()
            }
        }
    }
}

/// The result slips as a printable page.
///
/// # Complexity
/// `O(B)` for the B bytes written.
#[must_use]
pub fn slips_html<'a>(event: &str, round: &str, tables: impl Iterator<Item = (usize, &'a str, &'a str)>) -> Vec<u8> {
    let mut body = String::new();
    for (table, a, b) in tables {
        let _ = writeln!(
            body,
            "<div class=\"slip\"><strong>{} &mdash; {} &mdash; table {table}</strong>",
            escape(event),
            escape(round)
        );
        body.push_str("<table>\n<tr><th>Player</th><th>Games won</th><th>Drop</th><th>Signature</th></tr>\n");
        for p in [a, b] {
            let _ = writeln!(
                body,
                "<tr><td>{}</td><td><span class=\"box\"></span></td><td>&#9744;</td><td></td></tr>",
                escape(p)
            );
        }
        body.push_str("</table>\nDrawn games: <span class=\"box\"></span></div>\n");
    }
    page(&format!("{event}: result slips, {round}"), &body)
}
