//! Every solver's scratch for a scoring device and a game gadget, sized at compile time from
//! the bounds the device supports, in `static` buffers, and each solver called on them: the
//! firmware recipe of `core/README.md`, compiled for `thumbv6m-none-eabi`.
#![no_std]

use core::cell::RefCell;
use core::fmt::{self, Write};

use critical::Mutex;
use referee_core::battle::{self, Board, Keywords, Limits, Minion};
use referee_core::greater::{self, Deal};
use referee_core::pair;
use referee_core::standings::{Event, MatchResult, PlayerId, Profile};
use referee_core::swiss::Tournament;
use referee_core::tavern::{self, Battle};

/// The device's bounds: an 8-player event of 3 rounds, a 4-against-4 fight, 64 cards.
const PLAYERS: u32 = 8;
const ROUNDS: u32 = 3;
const CARDS: u32 = 64;
const BATTLE_STRATEGY: battle::Strategy = battle::Strategy::Fixed { table_words: 512 };
const BATTLE_LIMITS: Limits = Limits { depth: 24, steps: 1 << 16 };
const TAVERN_STRATEGY: tavern::Strategy = tavern::Strategy::Fixed { table_words: 256 };

/// A sizing function's answer, or a build error.
const fn words(needed: Option<usize>) -> usize {
    match needed {
        Some(words) => words,
        None => panic!("beyond a usize"),
    }
}

const EVENT_WORDS: usize = words(Event::words_needed(PLAYERS, ROUNDS));
const RANKING_WORDS: usize = words(Event::ranking_words(PLAYERS, ROUNDS));
const PAIRING_WORDS: usize = words(pair::words_needed(PLAYERS, ROUNDS));
const SWISS_WORDS: usize = words(Tournament::words_needed(PLAYERS, ROUNDS));
const TAVERN_WORDS: usize = words(tavern::words_needed(TAVERN_STRATEGY));
const BATTLE_WORDS: usize = words(battle::words_needed(BATTLE_STRATEGY, BATTLE_LIMITS));
const DEAL_WORDS: usize = words(Deal::words_needed(CARDS));

/// The buffers, one `static` each, behind a single-core mutex (a firmware would use its HAL's,
/// `cortex_m::interrupt::Mutex` or `static_cell`).
static EVENT: Mutex<[u32; EVENT_WORDS]> = Mutex::new([0; EVENT_WORDS]);
static RANKING: Mutex<[u32; RANKING_WORDS]> = Mutex::new([0; RANKING_WORDS]);
static PAIRING: Mutex<[u32; PAIRING_WORDS]> = Mutex::new([0; PAIRING_WORDS]);
static SWISS: Mutex<[u32; SWISS_WORDS]> = Mutex::new([0; SWISS_WORDS]);
static TAVERN: Mutex<[u32; TAVERN_WORDS]> = Mutex::new([0; TAVERN_WORDS]);
static BATTLE: Mutex<[u32; BATTLE_WORDS]> = Mutex::new([0; BATTLE_WORDS]);
static DEAL: Mutex<[u32; DEAL_WORDS]> = Mutex::new([0; DEAL_WORDS]);

/// A single-core "mutex": a `RefCell` that is `Sync` because this crate never runs threads.
mod critical {
    use core::cell::RefCell;

    /// The buffer and its borrow flag.
    pub struct Mutex<T>(RefCell<T>);

    // One core, no interrupt touches the buffers: no two borrows at once (and `RefCell`
    // refuses them anyway).
    unsafe impl<T> Sync for Mutex<T> {}

    impl<T> Mutex<T> {
        pub const fn new(value: T) -> Self {
            Self(RefCell::new(value))
        }

        pub fn borrow(&self) -> &RefCell<T> {
            &self.0
        }
    }
}

/// Runs every solver on its static buffer and writes a line each to `out`.
///
/// # Errors
/// `fmt::Error` when a solver refuses or `out` fails.
pub fn run(out: &mut impl Write) -> fmt::Result {
    with(&EVENT, |event_words| {
        let mut event = Event::new(PLAYERS, ROUNDS, &mut event_words[..]).map_err(fail)?;
        event.start_round().map_err(fail)?;
        for p in (0..PLAYERS).step_by(2) {
            let result = MatchResult::new(2, 1, 0).map_err(fail)?;
            event.record(PlayerId::new(p), PlayerId::new(p + 1), result).map_err(fail)?;
        }
        event.finish_round().map_err(fail)?;
        with(&RANKING, |rank_words| {
            let ranking = event.rank(Profile::Mtr, &mut rank_words[..]).map_err(fail)?;
            let top = ranking.get(0).ok_or(fmt::Error)?;
            writeln!(out, "standings: player {} first, OGW {}", top.player.number(), top.standing.ogw)?;
            with(&PAIRING, |pair_words| {
                let pairing = pair::next_round(&ranking, None, &mut pair_words[..]).map_err(fail)?;
                let matches = pairing.matches().len();
                writeln!(out, "pair: {matches} matches")
            })
        })
    })?;
    with(&SWISS, |swiss_words| {
        let tournament = Tournament::new(PLAYERS, ROUNDS, &mut swiss_words[..]).map_err(fail)?;
        writeln!(out, "swiss: {} players", tournament.players())
    })?;
    with(&TAVERN, |tavern_words| {
        let fight = Battle::new(&[2, 5], &[3, 4, 1]).map_err(fail)?;
        let odds = tavern::odds(&fight, TAVERN_STRATEGY, &mut tavern_words[..]).map_err(fail)?;
        writeln!(out, "tavern: Alice {}", odds.alice())
    })?;
    with(&BATTLE, |battle_words| {
        let plain = |v| Minion::new(v, v, Keywords::NONE);
        let board = Board::new(&[plain(2), plain(3), plain(1), plain(4)], &[plain(3), plain(2), plain(2), plain(1)])
            .map_err(fail)?;
        let odds = battle::odds(&board, BATTLE_STRATEGY, BATTLE_LIMITS, &mut battle_words[..]).map_err(fail)?;
        writeln!(out, "battle: Alice {}", odds.alice().percent(2))
    })?;
    with(&DEAL, |deal_words| {
        let _deal = Deal::new(CARDS, &mut deal_words[..]).map_err(fail)?;
        writeln!(out, "greater: a deal of {CARDS} cards (at most {})", greater::MAX_CARDS)
    })
}

/// Any refusal of a solver, as a write error.
fn fail<E>(_: E) -> fmt::Error {
    fmt::Error
}

/// Borrows a static buffer for `f`.
fn with<const N: usize, R>(
    buffer: &Mutex<[u32; N]>,
    f: impl FnOnce(&mut [u32; N]) -> Result<R, fmt::Error>,
) -> Result<R, fmt::Error> {
    let cell: &RefCell<[u32; N]> = buffer.borrow();
    let mut words = cell.try_borrow_mut().map_err(|_| fmt::Error)?;
    f(&mut words)
}

// The buffers are what the sizing functions say.
const _: () = assert!(EVENT_WORDS == 80 && RANKING_WORDS == 8 * 15 + 3 * 48 && SWISS_WORDS == 64);

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;

    #[test]
    fn every_solver_answers_in_its_static_buffer() {
        let mut out = String::new();
        super::run(&mut out).unwrap();
        assert_eq!(
            out,
            "standings: player 1 first, OGW 1/3\npair: 4 matches\nswiss: 8 players\ntavern: Alice 1/8\n\
             battle: Alice 85.88%\ngreater: a deal of 64 cards (at most 10000000)\n"
        );
    }
}
