//! The judge format of `greater` (TopCoder SRM 637 Div 1 250): `N`, the hand, then `sothe`
//! (−1 for an unknown turn) as plain numbers, or TopCoder's two braced lists `{4, 2}`
//! `{-1, -1}`, told apart by the first non-space byte. The answer is the best expected score
//! with 12 decimals, or as an irreducible fraction in exact mode.

use core::fmt::Write;

use super::{CardError, Deal, DealError, MAX_CARDS};
use crate::fraction::Fraction;
use crate::scratch::Scratch;
use crate::text::format::write_answer_line;
use crate::text::{Error, ErrorKind, Position, Result, Scanner};

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
/// `O(N)` time besides reading; `N/8` words of scratch.
pub fn solve<W: Write + ?Sized>(
    input: &[u8],
    exact: bool,
    scratch: &mut (impl Scratch + ?Sized),
    out: &mut W,
) -> Result<()> {
    let mut scanner = Scanner::new(input);
    let score = if scanner.peek() == Some(b'{') {
        read_braces(&mut scanner, scratch)?
    } else {
        read_plain(&mut scanner, scratch)?
    };
    scanner.finish()?;
    write_answer_line(out, score, exact)?;
    Ok(())
}

/// `N`, then N cards of the hand and N entries of `sothe`.
fn read_plain(scanner: &mut Scanner<'_>, scratch: &mut (impl Scratch + ?Sized)) -> Result<Fraction> {
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

/// `{hand…}` `{sothe…}`: N is the length of the first list.
fn read_braces(scanner: &mut Scanner<'_>, scratch: &mut (impl Scratch + ?Sized)) -> Result<Fraction> {
    scanner.skip_whitespace();
    let at = scanner.position();
    let count = list_length(scanner.rest());
    let cards = u32::try_from(count).ok().filter(|&c| c <= MAX_CARDS).ok_or(Error::new(
        at,
        ErrorKind::OutOfRange {
            what: "the number of cards (the length of hand)",
            value: i64::try_from(count).ok(),
            min: 1,
            max: i64::from(MAX_CARDS),
        },
    ))?;
    let mut deal = Deal::new(cards, scratch).map_err(|e| Error::new(at, deal_error(e)))?;
    scanner.expect(b'{', "'{' opening hand")?;
    for i in 0..cards {
        if i > 0 {
            scanner.expect(b',', "',' between the cards of hand")?;
        }
        read_hand_card(scanner, &mut deal)?;
    }
    scanner.expect(b'}', "'}' closing hand")?;
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

/// The `,` before another entry of `sothe`; a `}` there means `sothe` is shorter than `hand`.
fn separator_in_sothe(scanner: &mut Scanner<'_>) -> Result<()> {
    if scanner.peek() == Some(b'}') {
        return Err(scanner.error(ErrorKind::Invalid("sothe has fewer entries than hand (the lengths must be equal)")));
    }
    scanner.expect(b',', "',' between the entries of sothe")
}

/// The number of entries of the braced list at the start of `text` (at its `{`): the numbers
/// before the first `}` or the next `{` (a list whose `}` is missing ends where the next list
/// opens, so the reader then asks for that `}`), at least 1 (the reader refuses a malformed or
/// empty list at its first mistake, e.g. a missing comma or card).
fn list_length(text: &[u8]) -> usize {
    let body = text.strip_prefix(b"{").unwrap_or(text);
    let end = body.iter().position(|&b| b == b'}' || b == b'{').unwrap_or(body.len());
    let list = &body[..end];
    let starts = list.iter().enumerate().filter(|&(i, b)| {
        b.is_ascii_digit() && !i.checked_sub(1).and_then(|j| list.get(j)).is_some_and(u8::is_ascii_digit)
    });
    starts.count().max(1)
}

/// One card of the hand.
fn read_hand_card(scanner: &mut Scanner<'_>, deal: &mut Deal<'_>) -> Result<()> {
    scanner.skip_whitespace();
    let at = scanner.position();
    let card = scanner.number("a card of hand", 1, 2 * deal.cards)?;
    deal.add_hand(card).map_err(|e| card_error(e, card, at))
}

/// One entry of `sothe`: −1 or a card.
fn read_sothe_entry(scanner: &mut Scanner<'_>, deal: &mut Deal<'_>) -> Result<()> {
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
fn score(deal: &Deal<'_>, scanner: &Scanner<'_>) -> Result<Fraction> {
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
        assert_eq!(list_length(b"{4, 2\n{-1, -1}"), 2);
        assert_eq!(list_length(b"{4, 2}{-1, -1, 7}"), 2);
        assert_eq!(list_length(b"{}"), 1);
    }

    #[test]
    fn a_fixed_scratch_refuses_more_cards_than_it_holds() {
        let mut scratch = [0u32; 2];
        let mut out = String::new();
        let input = b"33\n";
        let error = solve(input, false, &mut scratch[..], &mut out).unwrap_err();
        assert_eq!(error.kind, ErrorKind::Capacity { what: "scratch words (N/8 for N cards)", needed: 5, capacity: 2 });
        assert_eq!(Deal::words_needed(32), 4);
        assert_eq!(Deal::words_needed(100_000), 12_500);
    }
}
