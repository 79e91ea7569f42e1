//! The typed API of `referee-core`, without any judge text: each problem's model built and
//! solved through its own types, and every error of every operation matched as an enum, with
//! its `Display` text and its `core::error::Error` impl. The brute-force references are in the
//! per-problem files; this file pins what each entry point promises in its docs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::fmt::Debug;

use referee_core::greater::{self, CardError, Deal, DealError};
use referee_core::pathgame::{self, segment_grundy, Boundary, Decider, Fault, FaultKind, Row, Winner};
use referee_core::swiss::{
    self, MatchResult, PlayerId, RecordError, RoundError, Standing, Tournament, TournamentError,
};
use referee_core::tavern::{self, Battle, BattleError, Odds, OddsError, Strategy};
use referee_core::tournament::IllegalResult;
use referee_core::{CapacityError, Fraction, HeapScratch, Scratch};

/// `result` is the error `expected`, whose `Display` is `message`, and which is a
/// `std::error::Error` with no source.
fn refused<T: Debug, E: std::error::Error + PartialEq + 'static>(result: Result<T, E>, expected: E, message: &str) {
    let error = result.expect_err(message);
    assert_eq!(error, expected, "{message}");
    assert_eq!(error.to_string(), message);
    assert!(error.source().is_none());
    let boxed: Box<dyn std::error::Error> = Box::new(error);
    assert_eq!(boxed.to_string(), message);
}

/// `p/q` as a fraction (reduced by `Fraction::new`).
fn frac(p: u128, q: u128) -> Fraction {
    Fraction::new(p, q).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Scratch

#[test]
fn a_fixed_scratch_gives_at_most_its_length() {
    let mut words = [7u32; 10];
    let scratch: &mut [u32] = &mut words[..];
    assert_eq!(scratch.words(10).map(|w| w.len()), Ok(10));
    refused(scratch.words(11), CapacityError { needed: 11, capacity: 10 }, "needs 11 scratch words but holds 10");
    assert_eq!(CapacityError::unrepresentable(3), CapacityError { needed: usize::MAX, capacity: 3 });
}

#[test]
fn a_heap_scratch_grows_up_to_its_limit() {
    let mut heap = HeapScratch::with_limit(100);
    assert_eq!(heap.words(100).map(|w| w.len()), Ok(100));
    refused(heap.words(101), CapacityError { needed: 101, capacity: 100 }, "needs 101 scratch words but holds 100");
    assert_eq!(HeapScratch::DEFAULT_LIMIT, 16 << 20);
}

// ---------------------------------------------------------------------------------------------
// swiss

/// A legal result.
fn result(first: u8, second: u8, draws: u8) -> MatchResult {
    MatchResult::new(first, second, draws).unwrap()
}

/// The player people call `number` (`p(0)`: a player beyond every tournament).
fn p(number: u32) -> PlayerId {
    PlayerId::new(number.wrapping_sub(1))
}

#[test]
fn match_results_are_the_mtr_ones_and_the_contest_has_ten() {
    let mut legal = 0;
    for first in 0..=3 {
        for second in 0..=3 {
            for draws in 0..=4 {
                let by_rules = first <= 2 && second <= 2 && !(first == 2 && second == 2) && draws <= 3;
                match MatchResult::new(first, second, draws) {
                    Ok(r) => {
                        assert!(by_rules && (r.first_wins(), r.second_wins(), r.draws()) == (first, second, draws))
                    }
                    Err(e) => {
                        assert!(!by_rules, "{first} {second} {draws}");
                        refused(
                            MatchResult::new(first, second, draws),
                            IllegalResult { first, second, draws },
                            &format!(
                                "{first}-{second}-{draws} is not a legal result: each player wins 0 to 2 games, \
                                 not both 2, and 0 to 3 games are drawn"
                            ),
                        );
                        assert_eq!(e, IllegalResult { first, second, draws });
                    }
                }
                legal += usize::from(by_rules);
            }
        }
    }
    assert_eq!(legal, 32);
    assert_eq!(MatchResult::CONTEST.iter().filter(|r| r.is_contest()).count(), 10);
    let r = result(1, 0, 2);
    assert_eq!((r.match_points(), r.game_points(), r.games()), ((3, 0), (5, 2), 3));
    let r = result(0, 0, 3);
    assert_eq!((r.match_points(), r.game_points(), r.games()), ((1, 1), (3, 3), 3));
    let r = result(1, 0, 0);
    assert_eq!((r.match_points(), r.game_points(), r.games(), r.is_contest()), ((3, 0), (3, 0), 1, false));
}

#[test]
fn a_tournament_is_refused_outside_its_ranges_and_capacity() {
    let mut words = vec![0u32; 1000];
    refused(
        Tournament::new(0, 1, &mut words[..]),
        TournamentError::Players(0),
        "0 players: a tournament has 1..=16777216",
    );
    refused(
        Tournament::new(swiss::MAX_PLAYERS + 1, 1, &mut words[..]),
        TournamentError::Players(swiss::MAX_PLAYERS + 1),
        "16777217 players: a tournament has 1..=16777216",
    );
    refused(Tournament::new(2, 0, &mut words[..]), TournamentError::Rounds(0), "0 rounds: a tournament has 1..=34");
    refused(
        Tournament::new(2, swiss::MAX_ROUNDS + 1, &mut words[..]),
        TournamentError::Rounds(35),
        "35 rounds: a tournament has 1..=34",
    );
    assert_eq!(Tournament::words_needed(20, 2), Some(140));
    refused(
        Tournament::new(20, 2, &mut words[..139]),
        TournamentError::Capacity(CapacityError { needed: 140, capacity: 139 }),
        "the tournament needs 140 scratch words but holds 139",
    );
    let mut heap = HeapScratch::with_limit(139);
    refused(
        Tournament::new(20, 2, &mut heap),
        TournamentError::Capacity(CapacityError { needed: 140, capacity: 139 }),
        "the tournament needs 140 scratch words but holds 139",
    );
    let event = Tournament::new(20, 2, &mut words[..140]).unwrap();
    const WORDS: usize = match Tournament::words_needed(20, 2) {
        Some(words) => words,
        None => 0,
    };
    assert_eq!(WORDS, 140);
    assert_eq!((event.players(), event.rounds(), event.round()), (20, 2, 0));
    // The largest tournament's word count fits even a 32-bit usize, as MAX_PLAYERS promises.
    let largest = Tournament::words_needed(swiss::MAX_PLAYERS, swiss::MAX_ROUNDS).unwrap();
    assert!(u32::try_from(largest).is_ok(), "{largest}");
}

#[test]
fn rounds_open_and_close_in_order() {
    let mut words = [0u32; 64];
    let mut event = Tournament::new(2, 2, &mut words[..]).unwrap();
    refused(event.finish_round(), RoundError::NotOpen, "no round is open");
    assert_eq!(event.start_round(), Ok(1));
    refused(event.start_round(), RoundError::AlreadyOpen, "a round is already open");
    assert_eq!(event.round(), 1);
    assert_eq!(event.finish_round(), Ok(()));
    refused(event.finish_round(), RoundError::NotOpen, "no round is open");
    assert_eq!(event.start_round(), Ok(2));
    assert_eq!(event.finish_round(), Ok(()));
    refused(event.start_round(), RoundError::AllPlayed, "every round has been played");
    assert_eq!(event.round(), 2);
}

#[test]
fn every_record_error_leaves_the_tournament_unchanged() {
    let mut words = [0u32; 64];
    let mut event = Tournament::new(4, 1, &mut words[..]).unwrap();
    let win = result(2, 0, 0);
    refused(event.record(p(1), p(2), win), RecordError::NoOpenRound, "no round is open");
    event.start_round().unwrap();
    refused(
        event.record(p(0), p(2), win),
        RecordError::OutOfRange { second: false },
        "the first player is not a player of the tournament",
    );
    refused(
        event.record(p(1), p(5), win),
        RecordError::OutOfRange { second: true },
        "the second player is not a player of the tournament",
    );
    refused(event.record(p(3), p(3), win), RecordError::SelfMatch, "a player cannot play a match against himself");
    event.record(p(1), p(2), win).unwrap();
    refused(
        event.record(p(2), p(3), win),
        RecordError::PlaysTwice { second: false },
        "the first player already has a match in this round",
    );
    refused(
        event.record(p(3), p(1), win),
        RecordError::PlaysTwice { second: true },
        "the second player already has a match in this round",
    );
    event.record(p(4), p(3), result(1, 1, 1)).unwrap();
    event.finish_round().unwrap();
    refused(event.record(p(1), p(3), win), RecordError::NoOpenRound, "no round is open");

    // The same round without the refused calls gives the same standings.
    let mut clean_words = [0u32; 64];
    let mut clean = Tournament::new(4, 1, &mut clean_words[..]).unwrap();
    clean.start_round().unwrap();
    clean.record(p(1), p(2), win).unwrap();
    clean.record(p(4), p(3), result(1, 1, 1)).unwrap();
    clean.finish_round().unwrap();
    for i in 0..4 {
        assert_eq!(event.standing(PlayerId::new(i)), clean.standing(PlayerId::new(i)), "player {}", i + 1);
    }
}

#[test]
fn standings_follow_the_rules() {
    let mut words = [0u32; 64];
    let mut event = Tournament::new(3, 2, &mut words[..]).unwrap();
    let third = frac(1, 3);
    // Before the first round: all 0 and 1/3.
    let zero = Standing { match_points: 0, omw: third, gw: third, ogw: third };
    assert_eq!(event.standing(PlayerId::new(0)), Some(zero));
    assert_eq!(event.standing(PlayerId::new(3)), None);
    // Round 1: 1 beats 2 by 2-1; 3 has a bye (a 2-0 win for his own statistics).
    event.start_round().unwrap();
    event.record(p(1), p(2), result(2, 1, 0)).unwrap();
    event.finish_round().unwrap();
    // MW after round 1: 1 → 3/3, 2 → max(0, 1/3), 3 → 1. GW: 1 → 6/9, 2 → max(3/9, 1/3), 3 → 6/6.
    assert_eq!(
        event.standing(PlayerId::new(0)),
        Some(Standing { match_points: 3, omw: third, gw: frac(2, 3), ogw: third })
    );
    assert_eq!(
        event.standing(PlayerId::new(1)),
        Some(Standing { match_points: 0, omw: frac(1, 1), gw: third, ogw: frac(2, 3) })
    );
    assert_eq!(
        event.standing(PlayerId::new(2)),
        Some(Standing { match_points: 3, omw: third, gw: frac(1, 1), ogw: third })
    );
    // Round 2: 3 draws 2 at 1-1-1; 1 has a bye.
    let after_round_1: Vec<Standing> = (0..3).map(|i| event.standing(PlayerId::new(i)).unwrap()).collect();
    event.start_round().unwrap();
    // The standings are those of the last finished round while a round is open, before and
    // after its matches are recorded, and so is the judge text of them.
    assert_eq!(event.standing(PlayerId::new(0)).unwrap().match_points, 3);
    event.record(p(3), p(2), result(1, 1, 1)).unwrap();
    assert_eq!((0..3).map(|i| event.standing(PlayerId::new(i)).unwrap()).collect::<Vec<_>>(), after_round_1);
    let mut text = String::new();
    swiss::text::write_round(&event, &mut text).unwrap();
    assert_eq!(text, "Round 1\n3 1/3 2/3 1/3\n0 1/1 1/3 2/3\n3 1/3 1/1 1/3\n");
    event.finish_round().unwrap();
    // MP: 1 → 6, 2 → 1, 3 → 4 (MW over 3·2 = 6: 1, 1/3, 2/3).
    // GP/G: 1 → 12/(3·5) = 4/5, 2 → (3 + 4)/(3·6) = 7/18, 3 → (6 + 4)/(3·5) = 2/3.
    let standings: Vec<Standing> = (0..3).map(|i| event.standing(PlayerId::new(i)).unwrap()).collect();
    assert_eq!(standings[0], Standing { match_points: 6, omw: third, gw: frac(4, 5), ogw: frac(7, 18) });
    // Player 2 met 1 (MW 1, GW 4/5) and 3 (MW 2/3, GW 2/3).
    assert_eq!(
        standings[1],
        Standing { match_points: 1, omw: frac(5, 6), gw: frac(7, 18), ogw: frac(4 * 3 + 2 * 5, 2 * 15) }
    );
    assert_eq!(standings[2], Standing { match_points: 4, omw: third, gw: frac(2, 3), ogw: frac(7, 18) });
}

// ---------------------------------------------------------------------------------------------
// tavern

#[test]
fn a_battle_is_refused_outside_its_ranges() {
    refused(Battle::new(&[], &[1]), BattleError::Count { side: 0, count: 0 }, "Alice has 0 minions: a side has 1..=7");
    refused(
        Battle::new(&[1], &[1; 8]),
        BattleError::Count { side: 1, count: 8 },
        "Bob has 8 minions: a side has 1..=7",
    );
    refused(
        Battle::new(&[1, 0], &[1]),
        BattleError::Value { side: 0, index: 1, value: 0 },
        "Alice's minion 2 has attack 0: attacks are 1..=1000000000",
    );
    refused(
        Battle::new(&[5], &[1, 2, tavern::MAX_VALUE + 1]),
        BattleError::Value { side: 1, index: 2, value: 1_000_000_001 },
        "Bob's minion 3 has attack 1000000001: attacks are 1..=1000000000",
    );
    let battle = Battle::new(&[1; 7], &[tavern::MAX_VALUE; 7]).unwrap();
    assert_eq!((battle.alice(), battle.bob()), (&[1; 7][..], &[tavern::MAX_VALUE; 7][..]));
    assert_eq!(battle.alice().len(), tavern::MAX_MINIONS);
}

#[test]
fn strategies_say_what_scratch_they_need() {
    assert_eq!(Strategy::default(), Strategy::Fixed { table_words: tavern::DEFAULT_TABLE_WORDS });
    assert_eq!(tavern::words_needed(Strategy::default()), Some(tavern::FIXED_SCRATCH_WORDS));
    assert_eq!(tavern::FIXED_SCRATCH_WORDS, tavern::RANK_TABLE_WORDS + tavern::DEFAULT_TABLE_WORDS);
    assert_eq!(tavern::words_needed(Strategy::Memo), Some(tavern::RANK_TABLE_WORDS));
    assert_eq!(tavern::words_needed(Strategy::Fixed { table_words: 0 }), Some(tavern::RANK_TABLE_WORDS));
    assert_eq!(tavern::words_needed(Strategy::Fixed { table_words: usize::MAX }), None);
    assert_eq!(tavern::BUCKET_WORDS, 4 * tavern::SLOT_WORDS);
}

/// The odds of the official sample `2 5` against `3 4 1`: 1/8, 3/4, 1/8.
fn assert_sample_odds(odds: Odds<'_>) {
    assert_eq!(odds.all().map(|p| p.to_fraction()), [frac(1, 8), frac(3, 4), frac(1, 8)].map(Some));
    assert_eq!((odds.alice().to_string(), odds.bob().percent(1).to_string()), ("1/8".to_owned(), "75.0%".to_owned()));
}

#[test]
fn odds_with_fixed_scratch_and_with_the_memo() {
    let battle = Battle::new(&[2, 5], &[3, 4, 1]).unwrap();
    let mut words = vec![0u32; tavern::FIXED_SCRATCH_WORDS];
    assert_sample_odds(tavern::odds(&battle, Strategy::default(), &mut words[..]).unwrap());
    // The plain search (no table) and a table of one bucket give the same odds.
    for table_words in [0, tavern::BUCKET_WORDS - 1, tavern::BUCKET_WORDS, 1000] {
        let strategy = Strategy::Fixed { table_words };
        let needed = tavern::words_needed(strategy).unwrap();
        assert_sample_odds(tavern::odds(&battle, strategy, &mut words[..needed]).unwrap());
    }
    // The memo needs only the rank table of the scratch, fixed or on the heap.
    assert_sample_odds(tavern::odds(&battle, Strategy::Memo, &mut words[..tavern::RANK_TABLE_WORDS]).unwrap());
    assert_sample_odds(tavern::odds(&battle, Strategy::Memo, &mut HeapScratch::default()).unwrap());
    // Even sides: each side moves first with probability 1/2, so the denominator doubles.
    let even = tavern::odds(&Battle::new(&[5], &[5]).unwrap(), Strategy::Memo, &mut words[..]).unwrap();
    assert!(even.alice().is_zero() && even.bob().is_zero() && even.tie().is_one());
}

#[test]
fn odds_refuse_a_scratch_too_small() {
    let battle = Battle::new(&[2, 5], &[3, 4, 1]).unwrap();
    let mut words = vec![0u32; tavern::FIXED_SCRATCH_WORDS];
    let (default, rank) = (tavern::FIXED_SCRATCH_WORDS, tavern::RANK_TABLE_WORDS);
    refused(
        tavern::odds(&battle, Strategy::default(), &mut words[..default - 1]),
        OddsError::Capacity(CapacityError { needed: default, capacity: default - 1 }),
        &format!("the search needs {default} scratch words but holds {}", default - 1),
    );
    refused(
        tavern::odds(&battle, Strategy::Memo, &mut words[..rank - 1]),
        OddsError::Capacity(CapacityError { needed: rank, capacity: rank - 1 }),
        &format!("the search needs {rank} scratch words but holds {}", rank - 1),
    );
    refused(
        tavern::odds(&battle, Strategy::Fixed { table_words: 10 }, &mut HeapScratch::with_limit(rank)),
        OddsError::Capacity(CapacityError { needed: rank + 10, capacity: rank }),
        &format!("the search needs {} scratch words but holds {rank}", rank + 10),
    );
    // A table too large to count is refused with what the scratch holds, like any other.
    refused(
        tavern::odds(&battle, Strategy::Fixed { table_words: usize::MAX }, &mut words[..]),
        OddsError::Capacity(CapacityError { needed: usize::MAX, capacity: default }),
        &format!("the search needs {} scratch words but holds {default}", usize::MAX),
    );
}

#[test]
fn the_errors_a_valid_battle_cannot_reach_still_explain_themselves() {
    // Out of heap memory and overflow cannot be provoked here; their texts are still pinned.
    let out_of_memory = OddsError::OutOfMemory { wanted: 20, stored: 10 };
    assert_eq!(out_of_memory.to_string(), "out of heap memory growing the memo from 10 to 20 states");
    assert_eq!(OddsError::Overflow.to_string(), "an exact count beyond the proven integer range");
    let capacity = CapacityError { needed: 2, capacity: 1 };
    assert_eq!(OddsError::from(capacity), OddsError::Capacity(capacity));
}

// ---------------------------------------------------------------------------------------------
// greater

#[test]
fn a_deal_is_refused_outside_its_range_and_capacity() {
    let mut words = [0u32; 16];
    refused(Deal::new(0, &mut words[..]), DealError::Cards(0), "0 cards per player: a deal has 1..=10000000");
    refused(
        Deal::new(greater::MAX_CARDS + 1, &mut words[..]),
        DealError::Cards(10_000_001),
        "10000001 cards per player: a deal has 1..=10000000",
    );
    assert_eq!(Deal::words_needed(64), Some(8));
    assert_eq!(Deal::words_needed(65), Some(9));
    assert_eq!(Deal::words_needed(u32::MAX), Some(536_870_912)); // on a 64-bit host
    refused(
        Deal::new(65, &mut words[..8]),
        DealError::Capacity(CapacityError { needed: 9, capacity: 8 }),
        "the deal needs 9 scratch words but holds 8",
    );
    assert!(Deal::new(64, &mut words[..8]).is_ok());
}

#[test]
fn every_card_error_leaves_the_deal_unchanged() {
    let mut words = [u32::MAX; 1]; // dirty scratch: the deal clears it
    let mut deal = Deal::new(3, &mut words[..]).unwrap();
    refused(deal.add_hand(0), CardError::OutOfRange, "the card is not in 1..=2N");
    refused(deal.add_hand(7), CardError::OutOfRange, "the card is not in 1..=2N");
    deal.add_hand(6).unwrap();
    refused(deal.add_hand(6), CardError::TwiceInHand, "the card is already in the hand");
    refused(deal.add_sothe(Some(6)), CardError::InBoth, "the card cannot be both in the hand and among Sothe's cards");
    deal.add_sothe(Some(1)).unwrap();
    refused(deal.add_sothe(Some(1)), CardError::TwiceInSothe, "the card is already among Sothe's known cards");
    refused(deal.add_hand(1), CardError::InBoth, "the card cannot be both in the hand and among Sothe's cards");
    refused(deal.add_sothe(Some(7)), CardError::OutOfRange, "the card is not in 1..=2N");
    deal.add_hand(4).unwrap();
    assert_eq!(deal.best_expected_score(), None, "two cards of three");
    deal.add_hand(2).unwrap();
    refused(deal.add_hand(3), CardError::TooMany, "more than N cards given");
    deal.add_sothe(None).unwrap();
    assert_eq!(deal.best_expected_score(), None, "two turns of three");
    deal.add_sothe(Some(5)).unwrap();
    refused(deal.add_sothe(None), CardError::TooMany, "more than N cards given");
    // Hand 2 4 6 against 1, an unknown card (3) and 5: 2 beats 1, 6 beats 5, 4 beats 3.
    assert_eq!(deal.best_expected_score(), Some(frac(3, 1)));
}

#[test]
fn the_best_expected_score_is_exact() {
    // The official examples, through the typed API: (hand, sothe with -1 unknown, answer).
    let examples: [(&[u32], &[i32], Fraction); 5] = [
        (&[4, 2], &[-1, -1], frac(3, 2)),
        (&[4, 2], &[1, 3], frac(2, 1)),
        (&[2], &[-1], frac(1, 1)),
        (&[1, 3, 5, 7], &[8, -1, 4, -1], frac(5, 2)),
        (&[6, 12, 17, 14, 20, 8, 16, 7, 2, 15], &[-1, -1, 4, -1, 11, 3, 13, -1, -1, 18], frac(8, 1)),
    ];
    for (hand, sothe, expected) in examples {
        let cards = u32::try_from(hand.len()).unwrap();
        let mut words = vec![0u32; Deal::words_needed(cards).unwrap()];
        let mut deal = Deal::new(cards, &mut words[..]).unwrap();
        for &card in hand {
            deal.add_hand(card).unwrap();
        }
        for &entry in sothe {
            deal.add_sothe(u32::try_from(entry).ok()).unwrap();
        }
        assert_eq!(deal.best_expected_score(), Some(expected), "{hand:?} against {sothe:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// pathgame

#[test]
fn every_fault_names_its_column_and_keeps_the_columns_before_it() {
    /// Top row, bottom row, the faulty column, its fault and the fault's text.
    type Case = (&'static [u8], &'static [u8], u64, FaultKind, &'static str);
    let cases: [Case; 5] = [
        (b"..x.", b"....", 2, FaultKind::NotACell(Row::Top), "column 3: the top cell is neither '#' nor '.'"),
        (b"....", b".-..", 1, FaultKind::NotACell(Row::Bottom), "column 2: the bottom cell is neither '#' nor '.'"),
        (b".#..", b".#..", 1, FaultKind::BlackColumn, "column 2: both cells are black, no path is left"),
        (
            b"#...",
            b".#..",
            1,
            FaultKind::Diagonal(Row::Bottom),
            "column 2: its black bottom cell touches the previous black cell at a corner, no path is left",
        ),
        (
            b"..#.",
            b".#..",
            2,
            FaultKind::Diagonal(Row::Top),
            "column 3: its black top cell touches the previous black cell at a corner, no path is left",
        ),
    ];
    for (top, bottom, column, kind, message) in cases {
        let mut board = Decider::new();
        refused(board.feed(top, bottom), Fault { column, kind }, message);
        assert_eq!(board.columns(), column, "{message}: the columns before the fault are fed");
        // The same columns fed alone decide the same board.
        let mut before = Decider::new();
        let end = usize::try_from(column).unwrap();
        before.feed(&top[..end], &bottom[..end]).unwrap();
        assert_eq!(board, before, "{message}");
    }
}

#[test]
fn rows_of_different_lengths_feed_nothing() {
    let mut board = Decider::new();
    board.feed(b"#.", b"..").unwrap();
    let fed = board;
    refused(
        board.feed(b"...", b".."),
        Fault { column: 2, kind: FaultKind::UnequalRows },
        "column 3: the two rows fed have different lengths",
    );
    assert_eq!(board, fed, "nothing of unequal rows is fed");
    refused(
        board.feed(b"", b"."),
        Fault { column: 2, kind: FaultKind::UnequalRows },
        "column 3: the two rows fed have different lengths",
    );
    assert_eq!(board.feed(b"", b""), Ok(()));
    assert_eq!(board, fed);
}

#[test]
fn faults_count_columns_from_the_first_piece() {
    let mut board = Decider::new();
    board.feed(b"..", b"..").unwrap();
    board.feed(b"#", b".").unwrap();
    // The fault crosses the pieces: the black top cell of column 3, then a black bottom cell.
    refused(
        board.feed(b"..", b"#."),
        Fault { column: 3, kind: FaultKind::Diagonal(Row::Bottom) },
        "column 4: its black bottom cell touches the previous black cell at a corner, no path is left",
    );
    assert_eq!(board.columns(), 3);
}

#[test]
fn the_winner_follows_the_grundy_value() {
    let decide = |pieces: &[(&[u8], &[u8])]| {
        let mut board = Decider::new();
        for (top, bottom) in pieces {
            board.feed(top, bottom).unwrap();
        }
        (board.grundy(), board.winner())
    };
    assert_eq!(decide(&[]), (0, Winner::Sothe), "no column: no move");
    assert_eq!(decide(&[(b".", b".")]), (1, Winner::Snuke));
    assert_eq!(decide(&[(b"..", b"..")]), (0, Winner::Sothe));
    assert_eq!(decide(&[(b"#.", b".."), (b".", b".")]), (2, Winner::Snuke));
    // A long board fed in uneven pieces decides as if fed whole.
    let top: Vec<u8> = (0..10_000).map(|j| if j % 97 == 5 { b'#' } else { b'.' }).collect();
    let bottom = vec![b'.'; top.len()];
    let whole = decide(&[(&top, &bottom)]);
    let pieces: Vec<(&[u8], &[u8])> = top.chunks(999).zip(bottom.chunks(999)).collect();
    assert_eq!(decide(&pieces), whole);
    assert_eq!((Winner::Snuke.name(), Winner::Sothe.name()), ("Snuke", "Sothe"));
    assert_eq!(segment_grundy(5, Boundary::Edge, Boundary::Black(Row::Top)), 5);
    assert_eq!(segment_grundy(5, Boundary::Edge, Boundary::Edge), 1);
    assert_eq!(segment_grundy(5, Boundary::Black(Row::Top), Boundary::Black(Row::Bottom)), 0);
    assert_eq!(pathgame::MAX_COLUMNS, 1 << 31);
}
