//! `referee battle` under the game rules (`battle-game.md`) in the formats people already
//! use, for the binary and the page alike: the board as JSON with the Firestone simulator's
//! field names ([`board`]), and the answer as JSON or as a table people read ([`report`]),
//! besides the spec's text (the default, [`referee_core::battle::game::text`]); exactly
//! ([`run`]) or within a budget ([`run_within`]: the exact answer when the search finishes in
//! it, else certified bounds, in every format).

pub mod board;
pub mod report;

use referee_core::battle::game::{self, Fight, Limits, Progress, Strategy, Verdict};
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

    /// An answer that could not be written (a usage error, as a failed write).
    fn unwritten() -> Self {
        Self { message: "cannot write the answer".to_owned(), status: ExitStatus::Usage }
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
/// small for the fight, or its answer needs more than 1 024-bit numerators; a usage error
/// (exit 2) if the answer cannot be written.
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
    write(&answer, format, exact, String::new())
}

/// As [`run`], within a budget: the exact answer when the exact search finishes while `go_on`
/// says so (asked every 1 024 states with the count so far), written exactly as [`run`] writes
/// it; else certified bounds ([`game::solve_within`], asked `go_on_bounds`) in `format`'s
/// bounded form: the text's (`lower upper` on each line and a last line `bounds`:
/// [`game::text::write_bounds`]), the JSON's ([`report::json_bounds`]: `"bounded": true`, each
/// probability as `{"lower", "upper"}`) or the table's ([`report::table_bounds`]: ranges). A
/// fight the exact search cannot finish (out of steps, depth, memory or precision) is answered
/// with bounds, never refused. The one driver of `referee battle --time` for every input and
/// output format, in the binary (a clock) and the page (a budget of states).
///
/// # Errors
/// As [`parse`]; a capacity refusal (exit 3) when `scratch` cannot hold what `strategy` and
/// `limits` need, or the bounds' states cannot grow in memory; a usage error (exit 2) if the
/// answer cannot be written.
///
/// # Complexity
/// That of [`game::solve_until`] while `go_on` says so, then [`game::bound`]'s while
/// `go_on_bounds` does, plus `O(B)` for the input's bytes.
#[allow(clippy::too_many_arguments)]
pub fn run_within(
    input: &[u8],
    mode: Input,
    format: Format,
    exact: bool,
    strategy: Strategy,
    limits: Limits,
    scratch: &mut (impl Scratch + ?Sized),
    go_on: &mut dyn FnMut(game::Searching) -> bool,
    go_on_bounds: &mut dyn FnMut(Progress) -> bool,
) -> Result<String, Failure> {
    let fight = parse(input, mode)?;
    let verdict = game::solve_within(&fight, strategy, limits, scratch, go_on, go_on_bounds)
        .map_err(|e| Failure::judge(&game::text::refusal(e)))?;
    let mut out = String::new();
    let written = match (verdict, format) {
        (Verdict::Exact(answer), _) => return write(&answer, format, exact, out),
        (Verdict::Bounded(bounds), Format::Text) => {
            game::text::write_bounds(&mut out, &bounds, exact).map_err(|e| Failure::judge(&e))
        }
        (Verdict::Bounded(bounds), Format::Json) => {
            report::json_bounds(&bounds, &mut out).map_err(|_| Failure::unwritten())
        }
        (Verdict::Bounded(bounds), Format::Table) => {
            report::table_bounds(&bounds, &mut out).map_err(|_| Failure::unwritten())
        }
    };
    written.map(|()| out)
}

/// Writes the exact `answer` in `format` after what `out` holds.
fn write(answer: &game::Answer<'_>, format: Format, exact: bool, mut out: String) -> Result<String, Failure> {
    let written = match format {
        Format::Text => game::text::write_answer(answer, exact, &mut out).map_err(|e| Failure::judge(&e)),
        Format::Json => report::json(answer, &mut out).map_err(|_| Failure::unwritten()),
        Format::Table => report::table(answer, &mut out).map_err(|_| Failure::unwritten()),
    };
    written.map(|()| out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use referee_core::HeapScratch;

    const BOARD: &str = r#" {"playerBoard": {"board": [{"attack": 2, "health": 2}, {"attack": 5, "health": 5}]},
        "opponentBoard": {"board": [{"attack": 3, "health": 3}, {"attack": 4, "health": 4}, {"attack": 1, "health": 1}]}}"#;

    #[test]
    fn the_input_is_detected_by_its_first_byte() {
        assert!(is_json(b" \n{", Input::Auto) && !is_json(b"2 3\n", Input::Auto));
        assert!(is_json(b"2 3", Input::Json) && !is_json(b"{", Input::Text));
        assert_eq!(parse(BOARD.as_bytes(), Input::Auto), parse(b"2 3\n2/2 5/5\n3/3 4/4 1/1\n", Input::Auto));
        let text = parse(BOARD.as_bytes(), Input::Text).unwrap_err();
        assert_eq!((text.message.starts_with("1:2: "), text.status), (true, ExitStatus::InvalidInput), "{text:?}");
    }

    #[test]
    fn a_search_beyond_its_limits_is_a_capacity_refusal() {
        let tiny = Limits { depth: 1, steps: 1 };
        let run = |format| {
            run(BOARD.as_bytes(), Input::Auto, format, false, Strategy::Memo, tiny, &mut HeapScratch::default())
        };
        for format in [Format::Text, Format::Json, Format::Table] {
            let failure = run(format).unwrap_err();
            assert_eq!(failure.status, ExitStatus::Capacity, "{failure:?}");
            assert!(failure.message.starts_with("1:1: "), "{failure:?}");
        }
        let answer = super::run(
            BOARD.as_bytes(),
            Input::Auto,
            Format::Text,
            true,
            Strategy::Memo,
            game::DEFAULT_LIMITS,
            &mut HeapScratch::default(),
        );
        assert_eq!(answer.unwrap().lines().take(3).collect::<Vec<_>>(), ["1/8", "3/4", "1/8"]);
    }

    /// [`run_within`] on `input` with the exact search stopped after `exact` states and the
    /// bounds after `bounds` states.
    fn within(input: &[u8], format: Format, exact: bool, limits: Limits, steps: [u64; 2]) -> Result<String, Failure> {
        run_within(
            input,
            Input::Auto,
            format,
            exact,
            Strategy::Memo,
            limits,
            &mut HeapScratch::default(),
            &mut |s| s.states < steps[0],
            &mut |p| p.steps < steps[1],
        )
    }

    #[test]
    fn within_its_budget_the_answer_is_the_exact_one_in_every_format() {
        for format in [Format::Text, Format::Json, Format::Table] {
            for exact in [false, true] {
                for input in [BOARD.as_bytes(), b"3 2 3 9 4 4\n2/3!s1x2/1 1/2!c2 3/3T@2\n4/4C@3 2/2!s2x1/1\n"] {
                    let exact_answer = run(
                        input,
                        Input::Auto,
                        format,
                        exact,
                        Strategy::Memo,
                        game::DEFAULT_LIMITS,
                        &mut HeapScratch::default(),
                    );
                    let within = within(input, format, exact, game::DEFAULT_LIMITS, [u64::MAX, u64::MAX]);
                    assert_eq!(within, exact_answer);
                    assert!(!within.unwrap().contains("bounded"));
                }
            }
        }
    }

    #[test]
    fn out_of_its_budget_or_limits_the_answer_is_bounds_in_every_format() {
        let tiny = Limits { depth: 1, steps: 1 };
        let wide = report::tests::WIDE.as_bytes();
        // Beyond its limits, or out of its budget (a board of more than the 1 024 states after
        // which the exact search is first asked), with bounds at most 2 000 states.
        for (input, limits, steps) in
            [(BOARD.as_bytes(), tiny, [u64::MAX, 1]), (wide, game::DEFAULT_LIMITS, [0, 2_000])]
        {
            let text = within(input, Format::Text, false, limits, steps).unwrap();
            assert!(text.ends_with("\nbounds\n") && text.lines().count() >= 6, "{text}");
            let json = within(input, Format::Json, false, limits, steps).unwrap();
            assert!(json.starts_with("{\n  \"bounded\": true,\n  \"unsettled\": "), "{json}");
            assert!(json.contains("\"aliceWins\": {\"lower\": {\"exact\": "), "{json}");
            let table = within(input, Format::Table, false, limits, steps).unwrap();
            assert!(table.starts_with("Alice wins  ") && table.lines().next().unwrap().ends_with('%'), "{table}");
            assert!(table.lines().next().unwrap().contains('\u{2013}'), "{table}");
            assert!(table.lines().last().unwrap().starts_with("bounds: the search was cut short"), "{table}");
        }
        // A board the exact search finishes before it is first asked is exact whatever the budget.
        let exact = within(BOARD.as_bytes(), Format::Json, false, game::DEFAULT_LIMITS, [0, 1]).unwrap();
        assert!(!exact.contains("bounded"), "{exact}");
        // Beyond its limits but given all the states it needs, the bounds meet at the exact
        // answer, 1/8 3/4 1/8, within rounding.
        let text = within(BOARD.as_bytes(), Format::Text, false, tiny, [u64::MAX, u64::MAX]).unwrap();
        for (line, value) in text.lines().zip(["0.125000000000", "0.750000000000", "0.125000000000"]) {
            let (low, high) = line.split_once(' ').unwrap();
            assert!(low <= value && value <= high && high.len() == value.len(), "{text}");
            assert!(high.parse::<f64>().unwrap() - low.parse::<f64>().unwrap() < 1e-11, "{text}");
        }
        // A board that does not parse is refused as by [`run`].
        let refused = within(b"2 3\n2/2\n", Format::Json, false, game::DEFAULT_LIMITS, [0, 1]).unwrap_err();
        assert_eq!(refused.status, ExitStatus::InvalidInput, "{refused:?}");
    }
}
