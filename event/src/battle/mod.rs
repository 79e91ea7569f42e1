//! `referee battle` under the game rules (`battle-game.md`) in the formats people already
//! use, for the binary and the page alike: the board as JSON with the Firestone simulator's
//! field names ([`board`]), and the answer as JSON or as a table people read ([`report`]),
//! besides the spec's text (the default, [`referee_core::battle::game::text`]).

pub mod board;
pub mod report;

use referee_core::battle::game::{self, Fight, Limits, Strategy};
use referee_core::judge::ExitStatus;
use referee_core::scratch::Scratch;

/// How the board is written (`referee battle --input`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Input {
    /// JSON when its first byte other than whitespace is `{`, else the text format (default).
    #[default]
    Auto,
    /// The spec's text format (`n m [heroes [cap]]`, then the minion tokens).
    Text,
    /// The JSON board ([`board`]).
    Json,
}

/// How the answer is written (`referee battle --format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The spec's lines (default): 12 decimals, or fractions with `--exact`.
    #[default]
    Text,
    /// One JSON object: every probability as its exact fraction and a 12-digit decimal.
    Json,
    /// Percentages, the lethal chances and each hero's damage as a text histogram.
    Table,
}

/// Why a board was not answered: the message (without `error: `) and the exit status.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The message: `line:column: …` for the text format, `path: …` for a JSON field.
    pub message: String,
    /// The exit status: invalid input (1), or capacity (3) when the search cannot run.
    pub status: ExitStatus,
}

impl Failure {
    /// An invalid input.
    fn invalid(message: String) -> Self {
        Self { message, status: ExitStatus::InvalidInput }
    }

    /// The failure of a judge error.
    fn judge(error: &referee_core::text::Error) -> Self {
        Self { message: error.to_string(), status: error.exit_status() }
    }
}

/// Whether `input` is read as JSON under `mode`.
///
/// # Errors
/// None.
///
/// # Complexity
/// `O(B)` for the leading whitespace.
#[must_use]
pub fn is_json(input: &[u8], mode: Input) -> bool {
    match mode {
        Input::Auto => input.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{'),
        Input::Text => false,
        Input::Json => true,
    }
}

/// Reads a fight in `mode`'s format.
///
/// # Errors
/// A text format error (`line:column: …`), or a JSON one ([`board::parse`]: `path: …`); both
/// invalid input.
///
/// # Complexity
/// `O(B)` for the `B` bytes of the input.
pub fn parse(input: &[u8], mode: Input) -> Result<Fight, Failure> {
    if is_json(input, mode) {
        board::parse(input).map_err(Failure::invalid)
    } else {
        game::text::parse(input).map_err(|e| Failure::judge(&e))
    }
}

/// Reads a fight (`mode`), solves it and writes its answer in `format` (`exact`: fractions in
/// the text format; the JSON always carries both forms, the table percentages).
///
/// # Errors
/// As [`parse`]; the search's refusal (capacity, exit 3) when `scratch` or `limits` are too
/// small for the fight, or its answer needs more than 1 024-bit numerators.
///
/// # Complexity
/// That of [`game::solve`] plus `O(B)` for the input's bytes.
pub fn run(
    input: &[u8],
    mode: Input,
    format: Format,
    exact: bool,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
) -> Result<String, Failure> {
    let fight = parse(input, mode)?;
    let answer = game::solve(&fight, strategy, limits, scratch).map_err(|e| Failure::judge(&game::text::refusal(e)))?;
    let mut out = String::new();
    let written = match format {
        Format::Text => game::text::write_answer(&answer, exact, &mut out).map_err(|e| Failure::judge(&e)),
        Format::Json => report::json(&answer, &mut out).map_err(|_| Failure::invalid("cannot write".to_owned())),
        Format::Table => report::table(&answer, &mut out).map_err(|_| Failure::invalid("cannot write".to_owned())),
    };
    written.map(|()| out)
}
