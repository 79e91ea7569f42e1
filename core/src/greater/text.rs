//! The judge format of `greater` (TopCoder SRM 637 Div 1 250): `N`, the hand, then `sothe`
//! (−1 for an unknown turn) as plain numbers, or TopCoder's two braced lists `{4, 2}`
//! `{-1, -1}`, told apart by the first non-space byte. The answer is the best expected score
//! with 12 decimals, or as an irreducible fraction in exact mode.
//!
//! Both notations are read front to back, so a stream is refused at its first wrong byte.
//! In braces notation N is the length of the hand, known only at its `}`: the hand's cards are
//! held in scratch until then (3 words per card: the card, its line and column), and the checks
//! that need N (a card in `1..=2N`, no card twice) run when it is known, with the errors of a
//! reader that knew N from the start.

use core::fmt::Write;

use super::{CardError, Deal, DealError, MAX_CARDS};
use crate::fraction::Fraction;
use crate::scratch::Scratch;
use crate::scratch::{grow, CapacityError};
use crate::text::format::write_answer_line;
use crate::text::scanner::check_unsigned;
use crate::text::{Error, ErrorKind, Position, Result, Scanner, Window};

/// The judge driver: reads one game in either notation and writes the best expected score,
/// with 12 decimals or, when `exact`, as an irreducible fraction.
///
/// # Errors
/// The first problem in the input with its position: a malformed number, list or brace, N out
/// of `1..=MAX_CARDS`, a card out of `1..=2N`, a card twice, a card in both arrays, arrays of
/// different lengths, anything after the input; a capacity error when `scratch` holds fewer
/// than [`Deal::words_needed`] words; [`ErrorKind::Write`] when `out` fails.
///
/// # Complexity
/// `O(N)` time besides reading; `N/8` words of scratch (and 3 more per card in braces
/// notation).
pub fn solve<W: Write + ?Sized>(
    input: &[u8],
    exact: bool,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    solve_from(&mut Scanner::new(input), exact, scratch, out)
}

/// As [`solve`], reading from `scanner` (e.g. a stream, [`Scanner::stream`]).
///
/// # Errors
/// As [`solve`].
///
/// # Complexity
/// As [`solve`]; nothing of the input is held besides the scanner's window.
// Never inlined into the judge dispatcher: its frame then holds one driver's locals at a
// time, not every driver's (the deepest stack of the 16 KiB boards).
#[inline(never)]
pub fn solve_from<B: Window, W: Write + ?Sized>(
    scanner: &mut Scanner<B>,
    exact: bool,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let score =
        if scanner.peek() == Some(b'{') { read_braces(scanner, scratch)? } else { read_plain(scanner, scratch)? };
    scanner.finish()?;
    write_answer_line(out, score, exact)?;
    Ok(())
}

/// `N`, then N cards of the hand and N entries of `sothe`.
fn read_plain<B: Window>(scanner: &mut Scanner<B>, scratch: &mut (impl Scratch + ?Sized)) -> Result<Fraction> {
    scanner.skip_whitespace();
    let at = scanner.position();
    let cards = scanner.number("the number of cards", 1, MAX_CARDS)?;
    let mut deal = Deal::new(cards, scratch).map_err(|e| Error::new(at, deal_error(e)))?;
    for _ in 0..cards {
        read_hand_card(scanner, &mut deal)?;
    }
    for _ in 0..cards {
        read_sothe_entry(scanner, &mut deal)?;
    }
    score(&deal, scanner)
}

/// Scratch words per card of a braced hand held until its length is known: the card, the
/// line and the column where it was read.
const AHEAD_WORDS: usize = 3;

/// What the capacity errors of this notation count.
const BRACES_WORDS: &str = "scratch words (N/8 for N cards, and 3 per card of a braced hand)";

/// The refusal of a hand longer than [`MAX_CARDS`] (the reader stops counting there).
const TOO_MANY_CARDS: &str = "the number of cards (the length of hand) must be in 1..=10000000, found more";
const _: () = assert!(MAX_CARDS == 10_000_000);

/// How the hand of the braces notation ended, read before N was known.
enum HandEnd {
    /// `}` after the cards held: a well-formed list.
    Closed,
    /// A number no N allows as a card (at its position, with its magnitude and sign).
    Card(Position, Option<u64>, bool),
    /// A syntax error, as a reader that knows the list is longer sees it, and (after at least
    /// one card) the error of a reader that wants the `}` right after the cards held.
    Syntax { error: Error, close: Option<Error>, digits: bool },
    /// More than [`MAX_CARDS`] cards.
    TooMany,
}

/// `{hand…}` `{sothe…}`: N is the length of the first list, counted as the numbers before its
/// first `}` or the next `{` (a list whose `}` is missing ends where the next list opens, so the
/// reader then asks for that `}`), at least 1 (a malformed or empty list is refused at its first
/// mistake, e.g. a missing comma or card).
fn read_braces<B: Window>(scanner: &mut Scanner<B>, scratch: &mut (impl Scratch + ?Sized)) -> Result<Fraction> {
    scanner.skip_whitespace();
    let at = scanner.position();
    let capacity = |e: CapacityError| Error::new(at, ErrorKind::capacity(e, BRACES_WORDS));
    scanner.expect(b'{', "'{' opening hand")?;
    let (held, end) = read_hand_ahead(scanner, scratch, at)?;
    let counted = match &end {
        HandEnd::Closed => held as u64,
        HandEnd::TooMany => u64::from(MAX_CARDS) + 1,
        HandEnd::Card(..) => count_numbers(scanner, held as u64 + 1),
        HandEnd::Syntax { digits, .. } => count_numbers(scanner, held as u64 + u64::from(*digits)),
    };
    let cards = u32::try_from(counted.max(1))
        .ok()
        .filter(|&c| c <= MAX_CARDS)
        .ok_or(Error::new(at, ErrorKind::Invalid(TOO_MANY_CARDS)))?;
    // `cards ≤ MAX_CARDS`: the deal's count fits.
    let deal_words = Deal::words_needed(cards).unwrap_or(usize::MAX);
    let words = scratch.words((held * AHEAD_WORDS).saturating_add(deal_words)).map_err(capacity)?;
    // The scratch gave at least the words asked: the `min` never changes the split, and keeps
    // its panic call out.
    let (ahead, deal_words) = words.split_at_mut((held * AHEAD_WORDS).min(words.len()));
    let mut deal = Deal::new(cards, deal_words).map_err(|e| Error::new(at, deal_error(e)))?;
    for entry in ahead.chunks_exact(AHEAD_WORDS) {
        let at = Position { line: entry[0], column: entry[1] };
        let card = check_unsigned(at, HAND_CARD, Some(u64::from(entry[2])), false, 1, u64::from(2 * cards))?;
        let card = u32::try_from(card).unwrap_or_default();
        deal.add_hand(card).map_err(|e| card_error(e, card, at))?;
    }
    match end {
        HandEnd::Closed => {}
        HandEnd::Card(at, magnitude, negative) => {
            check_unsigned(at, HAND_CARD, magnitude, negative, 1, u64::from(2 * cards))?;
        }
        HandEnd::Syntax { error, close, .. } => {
            return Err(close.filter(|_| u64::from(cards) == held as u64).unwrap_or(error));
        }
        HandEnd::TooMany => {}
    }
    scanner.expect(b'{', "'{' opening sothe")?;
    for i in 0..cards {
        if i > 0 {
            separator_in_sothe(scanner)?;
        }
        read_sothe_entry(scanner, &mut deal)?;
    }
    if scanner.peek() == Some(b',') {
        return Err(scanner.error(ErrorKind::Invalid("sothe has more entries than hand (the lengths must be equal)")));
    }
    scanner.expect(b'}', "'}' closing sothe")?;
    score(&deal, scanner)
}

/// What a card of the hand is called in errors.
const HAND_CARD: &str = "a card of hand";

/// Reads the cards of a braced hand after its `{`, holding each in scratch (3 words), up to its
/// `}` or the first mistake; returns how many it holds and how the list ended.
fn read_hand_ahead<B: Window>(
    scanner: &mut Scanner<B>,
    scratch: &mut (impl Scratch + ?Sized),
    at: Position,
) -> Result<(usize, HandEnd)> {
    let mut held = 0usize;
    let mut room = 0usize;
    let mut close = None;
    loop {
        scanner.skip_whitespace();
        let start = scanner.position();
        let (card_at, magnitude, negative) = match scanner.integer_token(HAND_CARD) {
            Ok(token) => token,
            Err(error) => return Ok((held, HandEnd::Syntax { error, close, digits: scanner.position() != start })),
        };
        let Ok(card) = check_unsigned(card_at, HAND_CARD, magnitude, negative, 1, 2 * u64::from(MAX_CARDS)) else {
            return Ok((held, HandEnd::Card(card_at, magnitude, negative)));
        };
        if held == MAX_CARDS as usize {
            return Ok((held, HandEnd::TooMany));
        }
        if held == room {
            let needed = (held + 1) * AHEAD_WORDS;
            room = grow(scratch, needed, needed.max(64))
                .map_err(|e| Error::new(at, ErrorKind::capacity(e, BRACES_WORDS)))?
                / AHEAD_WORDS;
        }
        let words =
            scratch.words(room * AHEAD_WORDS).map_err(|e| Error::new(at, ErrorKind::capacity(e, BRACES_WORDS)))?;
        if let Some(entry) = words.get_mut(held * AHEAD_WORDS..(held + 1) * AHEAD_WORDS) {
            entry.copy_from_slice(&[card_at.line, card_at.column, u32::try_from(card).unwrap_or_default()]);
        }
        held += 1;
        if scanner.eat(b'}') {
            return Ok((held, HandEnd::Closed));
        }
        close = Some(scanner.unexpected("'}' closing hand"));
        if !scanner.eat(b',') {
            let error = scanner.unexpected("',' between the cards of hand");
            return Ok((held, HandEnd::Syntax { error, close, digits: false }));
        }
    }
}

/// `before` plus the numbers (runs of digits) from the cursor up to the end of the braced list
/// (its `}`, the next `{`, or the end of the input), counting no further than one past
/// [`MAX_CARDS`].
fn count_numbers<B: Window>(scanner: &mut Scanner<B>, before: u64) -> u64 {
    let mut count = before;
    let mut in_digits = false;
    while count <= u64::from(MAX_CARDS) {
        match scanner.next_raw() {
            None | Some(b'}' | b'{') => break,
            Some(byte) => {
                count += u64::from(byte.is_ascii_digit() && !in_digits);
                in_digits = byte.is_ascii_digit();
            }
        }
    }
    count
}

/// The `,` before another entry of `sothe`; a `}` there means `sothe` is shorter than `hand`.
fn separator_in_sothe<B: Window>(scanner: &mut Scanner<B>) -> Result<()> {
    if scanner.peek() == Some(b'}') {
        return Err(scanner.error(ErrorKind::Invalid("sothe has fewer entries than hand (the lengths must be equal)")));
    }
    scanner.expect(b',', "',' between the entries of sothe")
}

/// One card of the hand.
fn read_hand_card<B: Window>(scanner: &mut Scanner<B>, deal: &mut Deal<'_>) -> Result<()> {
    scanner.skip_whitespace();
    let at = scanner.position();
    let card = scanner.number(HAND_CARD, 1, 2 * deal.cards)?;
    deal.add_hand(card).map_err(|e| card_error(e, card, at))
}

/// One entry of `sothe`: −1 or a card.
fn read_sothe_entry<B: Window>(scanner: &mut Scanner<B>, deal: &mut Deal<'_>) -> Result<()> {
    scanner.skip_whitespace();
    let at = scanner.position();
    let value = scanner.signed("an entry of sothe (-1 or a card)", -1, i64::from(2 * deal.cards))?;
    let card = match value {
        -1 => None,
        _ => Some(u32::try_from(value).ok().filter(|&c| c > 0).ok_or(Error::new(
            at,
            ErrorKind::Invalid("an entry of sothe must be -1 (unknown) or a card in 1..=2N, not 0"),
        ))?),
    };
    deal.add_sothe(card).map_err(|e| card_error(e, card.unwrap_or_default(), at))
}

/// The error for a card the deal refused.
fn card_error(error: CardError, card: u32, at: Position) -> Error {
    let rule = match error {
        CardError::TwiceInHand => "appears twice in hand",
        CardError::TwiceInSothe => "appears twice in sothe",
        CardError::InBoth => "is in both hand and sothe",
        CardError::OutOfRange => "is not in 1..=2N",
        CardError::TooMany => "is one card too many",
    };
    Error::new(at, ErrorKind::InvalidItem { what: "card", item: u64::from(card), rule })
}

/// The answer of a complete deal.
fn score<B: Window>(deal: &Deal<'_>, scanner: &Scanner<B>) -> Result<Fraction> {
    deal.best_expected_score().ok_or(scanner.error(ErrorKind::Invalid("the deal is incomplete")))
}

/// The judge error of a deal the parser's range let through: only capacity is left.
fn deal_error(error: DealError) -> ErrorKind {
    match error {
        DealError::Cards(n) => ErrorKind::OutOfRange {
            what: "the number of cards",
            value: Some(i64::from(n)),
            min: 1,
            max: i64::from(MAX_CARDS),
        },
        DealError::Capacity(e) => ErrorKind::capacity(e, "scratch words (N/8 for N cards)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::{String, ToString};

    fn answer(input: &[u8], exact: bool) -> Result<String> {
        let mut scratch = [0u32; 64];
        let mut out = String::new();
        solve(input, exact, &mut scratch[..], &mut out).map(|()| out)
    }

    #[test]
    fn official_examples_in_both_notations() {
        let cases: [(&[u8], &[u8], &str); 5] = [
            (b"2\n4 2\n-1 -1\n", b"{4, 2}\n{-1, -1}", "3/2\n"),
            (b"2\n4 2\n1 3\n", b"{4,2} {1,3}", "2/1\n"),
            (b"1\n2\n-1\n", b"{2}{-1}", "1/1\n"),
            (b"4\n1 3 5 7\n8 -1 4 -1\n", b"{1, 3, 5, 7}\n{8, -1, 4, -1}\n", "5/2\n"),
            (
                b"10\n6 12 17 14 20 8 16 7 2 15\n-1 -1 4 -1 11 3 13 -1 -1 18\n",
                b"{6,12,17,14,20,8,16,7,2,15}\n{-1,-1,4,-1,11,3,13,-1,-1,18}",
                "8/1\n",
            ),
        ];
        for (plain, braces, expected) in cases {
            assert_eq!(answer(plain, true).as_deref(), Ok(expected));
            assert_eq!(answer(braces, true).as_deref(), Ok(expected));
        }
        assert_eq!(answer(b"2\n4 2\n-1 -1\n", false).as_deref(), Ok("1.500000000000\n"));
    }

    #[test]
    fn a_missing_closing_brace_is_asked_for_where_the_next_list_opens() {
        let error = answer(b"{4, 2\n{-1, -1}\n", true).unwrap_err();
        assert_eq!(error.to_string(), "2:1: expected '}' closing hand, found '{'");
        let cases: [(&[u8], &str); 8] = [
            (b"{4, 2}{-1, -1, 7}", "1:14: sothe has more entries than hand (the lengths must be equal)"),
            (b"{}", "1:2: expected a card of hand, found '}'"),
            (b"{1 2}", "1:4: expected ',' between the cards of hand, found '2'"),
            (b"{1,}", "1:3: expected '}' closing hand, found ','"),
            (b"{1, 9 x, 2}", "1:5: a card of hand must be in 1..=6, found 9"),
            (b"{1, 3x 2}", "1:6: expected a separator after the number, found 'x'"),
            (b"{1, 1 x}", "1:5: card 1 appears twice in hand"),
            (b"{1, 0, 5", "1:5: a card of hand must be in 1..=6, found 0"),
        ];
        for (input, expected) in cases {
            assert_eq!(answer(input, true).unwrap_err().to_string(), expected, "{input:?}");
        }
    }

    #[test]
    fn a_fixed_scratch_refuses_more_cards_than_it_holds() {
        let mut scratch = [0u32; 2];
        let mut out = String::new();
        let input = b"33\n";
        let error = solve(input, false, &mut scratch[..], &mut out).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Capacity { what: "scratch words (N/8 for N cards)", needed: 5, capacity: 2 });
        assert_eq!(Deal::words_needed(32), Some(4));
        assert_eq!(Deal::words_needed(100_000), Some(12_500));
    }
}
