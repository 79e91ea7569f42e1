//! The judge mode's command line, as QEMU passes it with `-append`.
//!
//! ```text
//! referee-judge PROBLEM [--exact] [--rules game|tavern] INPUT ANSWER ERROR
//! referee-judge --crash panic|fault
//! ```
//! `battle` plays the game's rules unless `--rules tavern` asks for the tavern rules, as the
//! host's `referee battle` does; `--rules` belongs to `battle` alone.
//! `INPUT` is the host file read as the judge input, `ANSWER` the host file the answer is
//! written to, `ERROR` the host file that receives `error: <line>:<column>: <message>` when the
//! input is refused. Paths with spaces go in double quotes. `--crash` exists for the tests: it
//! proves that a panic or a HardFault ends the run with a failure status instead of a hang.

use referee_core::judge::{Options, Problem};

use crate::board::Board;

/// What the judge mode was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command<'a> {
    /// Run one judge input.
    Judge(Judge<'a>),
    /// End the run through the crash path of `Crash`.
    Crash(Crash),
}

/// The rules `battle` plays, as the host's `referee battle --rules` chooses them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rules {
    /// The game's rules (`referee_core::battle::game`), the default.
    #[default]
    Game,
    /// The tavern rules (`referee_core::battle`, the judge problem `battle`).
    Tavern,
}

/// One judge run: the problem, its options and the three host files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judge<'a> {
    /// The problem.
    pub problem: Problem,
    /// The rules of `battle` (the default, [`Rules::Game`], for every other problem).
    pub rules: Rules,
    /// Options of its driver.
    pub options: Options,
    /// The host file holding the input.
    pub input: &'a str,
    /// The host file that receives the answer.
    pub answer: &'a str,
    /// The host file that receives the refusal.
    pub error: &'a str,
}

/// A deliberate crash, to test that it ends the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// `panic!`.
    Panic,
    /// A HardFault (an undefined instruction).
    Fault,
}

/// The usage line, shown with every usage error.
pub const USAGE: &str =
    "usage: referee-judge PROBLEM [--exact] [--rules game|tavern] INPUT ANSWER ERROR | referee-judge --crash panic|fault";

/// The judge options of this firmware before any flag: the defaults, with the searches sized
/// to the board's judge scratch ([`options_for`] of [`crate::budget::JUDGE_SCRATCH_WORDS`]).
#[must_use]
pub fn firmware_options() -> Options {
    options_for(crate::budget::JUDGE_SCRATCH_WORDS)
}

/// The judge options for a solver scratch of `scratch_words`, so that every search fits it:
///
/// - `tavern`: its rank table and, in the words left, a transposition table of at most
///   [`referee_core::tavern::DEFAULT_TABLE_WORDS`] (none when nothing is left);
/// - `battle`: a transposition table of at most two thirds of the words (at most the default
///   table), and as many turns in progress as the rest holds, in frames of
///   [`referee_core::battle::FRAME_WORDS`] (the same depth the host counts); at most
///   [`crate::budget::BATTLE_STEPS`] turns expanded.
///
/// On the `mps2-an386` (55 296 words) that is both default tables and 498 turns in progress.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn options_for(scratch_words: usize) -> Options {
    use referee_core::{battle, tavern};
    let tavern_table = scratch_words.saturating_sub(tavern::RANK_TABLE_WORDS).min(tavern::DEFAULT_TABLE_WORDS);
    let battle_table = (scratch_words / 3 * 2).min(battle::DEFAULT_TABLE_WORDS);
    // The same depth on every target: the frames the rest of the scratch holds.
    let frames = (scratch_words - battle_table) / battle::FRAME_WORDS;
    let limits =
        battle::Limits { depth: u32::try_from(frames).unwrap_or(u32::MAX), steps: crate::budget::BATTLE_STEPS };
    Options::default()
        .with_tavern(tavern::Strategy::Fixed { table_words: tavern_table })
        .with_battle(battle::Strategy::Fixed { table_words: battle_table })
        .with_battle_limits(limits)
}

/// How the game-rules battle searches on a board: how its scratch is split between its
/// transposition table and the machine stack its turns in progress recurse on, and its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSearch {
    /// The search's cache: a fixed table of the game scratch words the stack leaves (at least
    /// [`referee_core::battle::game::ANSWER_WORDS`] when the scratch has them, at most
    /// [`referee_core::battle::DEFAULT_TABLE_WORDS`]).
    pub strategy: referee_core::battle::Strategy,
    /// Words at the top of the game scratch the search runs on as its machine stack
    /// (`runtime::on_stack`; 0: the board's own stack region).
    pub stack_words: usize,
    /// Its limits: as many turns in progress as that stack holds beside the run's base, at
    /// most [`crate::budget::BATTLE_STEPS`] turns searched.
    pub limits: referee_core::battle::Limits,
}

/// The game-rules battle's search on `board`, from its facts alone. Its turns in progress
/// recurse on a machine stack, each [`Board::game_turn_stack_bytes`] beside a base of
/// [`Board::game_base_stack_bytes`] (both measured on the board's target), which together are
/// larger than the stack region of every board here; so the search runs on a stack lent from its scratch
/// ([`Board::game_scratch_words`]): the scratch first keeps
/// [`referee_core::battle::game::ANSWER_WORDS`] for the table (the least the core takes), the
/// stack gets what [`crate::budget::GAME_TURNS`] turns need beside the base (or all that is
/// left), the table the rest (at most the default table). The depth limit is the turns that
/// stack holds beside the base, so that a deeper fight is refused with the core's depth error
/// instead of overflowing. A board whose scratch cannot hold the answer's words and the base
/// refuses every fight ([`game_capacity`]).
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn game_search_for(board: &Board) -> GameSearch {
    use referee_core::battle;
    let words = board.game_scratch_words();
    let (base, turn) = (board.game_base_stack_bytes, board.game_turn_stack_bytes);
    let after_answer = words.saturating_sub(battle::game::ANSWER_WORDS);
    let wanted = (base + crate::budget::GAME_TURNS * turn).div_ceil(4);
    let stack_words = if wanted < after_answer { wanted } else { after_answer };
    let rest = words - stack_words;
    let table_words = if rest < battle::DEFAULT_TABLE_WORDS { rest } else { battle::DEFAULT_TABLE_WORDS };
    let turns = (stack_words * 4).saturating_sub(base) / turn;
    #[allow(clippy::cast_possible_truncation, reason = "at most u32::MAX, checked first (a const fn)")]
    let depth = if turns > u32::MAX as usize { u32::MAX } else { turns as u32 };
    GameSearch {
        strategy: battle::Strategy::Fixed { table_words },
        stack_words,
        limits: battle::Limits { depth, steps: crate::budget::BATTLE_STEPS },
    }
}

/// The game scratch words a game-rules search needs on `board` at the least: the answer's
/// words ([`referee_core::battle::game::ANSWER_WORDS`]) and a stack of the run's base and one
/// turn in progress.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub const fn game_words_needed(board: &Board) -> usize {
    referee_core::battle::game::ANSWER_WORDS + (board.game_base_stack_bytes + board.game_turn_stack_bytes).div_ceil(4)
}

/// Whether the board being built can search a game-rules fight at all (its images hold the
/// search only then: on the others every fight is refused after it is read).
pub const GAME_FITS: bool = crate::board::BOARD.game_scratch_words() >= game_words_needed(&crate::board::BOARD);

/// The refusal of every game-rules fight on a board whose game scratch cannot hold the
/// answer's words ([`referee_core::battle::game::ANSWER_WORDS`]) and the stack of the run's
/// base with one turn in progress: a capacity error in the core's words, at 1:1 as the core's
/// search refusals are, given after the fight is read (an invalid fight is refused as such).
/// `None` on a board that can search.
///
/// # Complexity
/// `O(1)`.
#[must_use]
pub fn game_capacity(board: &Board) -> Option<referee_core::judge::Error> {
    use referee_core::judge::{Error, ErrorKind, Position};
    let (words, needed) = (board.game_scratch_words(), game_words_needed(board));
    (words < needed).then(|| {
        let wide = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        let kind = ErrorKind::Capacity {
            what: "scratch words (the answer's, and the stack of one turn of the game-rules search)",
            needed: wide(needed),
            capacity: wide(words),
        };
        Error::new(Position { line: 1, column: 1 }, kind)
    })
}

/// The game-rules battle's search on the board being built ([`game_search_for`] of
/// [`crate::board::BOARD`]).
pub const GAME_SEARCH: GameSearch = game_search_for(&crate::board::BOARD);

/// Parses the arguments after the program name.
///
/// # Errors
/// A short message for an unknown problem or option, `--exact` for a problem without an exact
/// mode, `--rules` for another problem than `battle` or with another value than `game` or
/// `tavern`, or a wrong number of paths.
pub fn parse<'a>(args: impl IntoIterator<Item = &'a str>) -> Result<Command<'a>, &'static str> {
    let mut args = args.into_iter();
    let first = args.next().ok_or("missing PROBLEM")?;
    if first == "--crash" {
        return match (args.next(), args.next()) {
            (Some("panic"), None) => Ok(Command::Crash(Crash::Panic)),
            (Some("fault"), None) => Ok(Command::Crash(Crash::Fault)),
            _ => Err("--crash takes one of: panic, fault"),
        };
    }
    let problem = Problem::from_name(first).ok_or("unknown problem")?;
    let mut options = firmware_options();
    let mut rules = Rules::Game;
    let mut paths: [&str; 3] = [""; 3];
    let mut count = 0;
    while let Some(arg) = args.next() {
        if arg == "--rules" {
            if problem != Problem::Battle {
                return Err("--rules: only battle has rules to choose");
            }
            rules = match args.next() {
                Some("game") => Rules::Game,
                Some("tavern") => Rules::Tavern,
                _ => return Err("--rules takes one of: game, tavern"),
            };
        } else if arg == "--exact" {
            if !problem.has_exact_mode() {
                return Err("--exact: this problem has no exact mode");
            }
            options.exact = true;
        } else if arg.starts_with("--") {
            return Err("unknown option");
        } else {
            *paths.get_mut(count).ok_or("too many paths: expected INPUT ANSWER ERROR")? = arg;
            count += 1;
        }
    }
    if count < paths.len() {
        return Err("missing paths: expected INPUT ANSWER ERROR");
    }
    let [input, answer, error] = paths;
    Ok(Command::Judge(Judge { problem, rules, options, input, answer, error }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_judge_run() {
        let parsed = parse(["swiss", "in", "out", "err"]);
        let Ok(Command::Judge(judge)) = parsed else { panic!("{parsed:?}") };
        assert_eq!((judge.problem, judge.input, judge.answer, judge.error), (Problem::Swiss, "in", "out", "err"));
        assert!(!judge.options.exact);
    }

    #[test]
    fn battle_plays_the_game_rules_unless_told_tavern() {
        let rules = |args: &[&'static str]| match parse(args.iter().copied()) {
            Ok(Command::Judge(judge)) => Ok((judge.problem, judge.rules, judge.options.exact)),
            Ok(other) => panic!("{other:?}"),
            Err(e) => Err(e),
        };
        assert_eq!(rules(&["battle", "i", "a", "e"]), Ok((Problem::Battle, Rules::Game, false)));
        assert_eq!(rules(&["battle", "--rules", "game", "i", "a", "e"]), Ok((Problem::Battle, Rules::Game, false)));
        assert_eq!(
            rules(&["battle", "--rules", "tavern", "--exact", "i", "a", "e"]),
            Ok((Problem::Battle, Rules::Tavern, true))
        );
        assert!(rules(&["battle", "--rules", "chess", "i", "a", "e"]).is_err());
        assert!(rules(&["battle", "i", "a", "e", "--rules"]).is_err());
        assert!(rules(&["tavern", "--rules", "tavern", "i", "a", "e"]).is_err());
    }

    #[test]
    fn the_game_search_is_sized_from_each_board() {
        use referee_core::battle::game;
        for board in crate::board::BOARDS {
            let search = game_search_for(&board);
            // The table and the stack share the scratch; the turns and the base fit the stack.
            assert!(search.strategy.table_words() + search.stack_words <= board.game_scratch_words());
            let turns = usize::try_from(search.limits.depth).unwrap();
            let stack = board.game_base_stack_bytes + turns * board.game_turn_stack_bytes;
            assert!(turns == 0 || stack <= search.stack_words * 4, "{}: {stack}", board.name);
            if game_capacity(&board).is_none() {
                assert!(turns >= 1 && search.strategy.table_words() >= game::ANSWER_WORDS, "{}", board.name);
            }
        }
    }

    #[test]
    fn parses_crashes() {
        assert_eq!(parse(["--crash", "panic"]), Ok(Command::Crash(Crash::Panic)));
        assert_eq!(parse(["--crash", "fault"]), Ok(Command::Crash(Crash::Fault)));
        assert!(parse(["--crash"]).is_err());
        assert!(parse(["--crash", "fault", "x"]).is_err());
    }

    #[test]
    fn refuses_bad_command_lines() {
        assert!(parse([]).is_err());
        assert!(parse(["chess", "a", "b", "c"]).is_err());
        assert!(parse(["swiss", "a", "b"]).is_err());
        assert!(parse(["swiss", "a", "b", "c", "d"]).is_err());
        assert!(parse(["swiss", "--fast", "a", "b", "c"]).is_err());
    }

    #[test]
    fn every_search_fits_the_scratch_it_is_sized_for() {
        use referee_core::{battle, tavern};
        for words in [0, 100, 1_664, 10_752, 55_296, 1 << 20] {
            let options = options_for(words);
            let needed = tavern::words_needed(options.tavern).unwrap();
            assert!(needed <= words.max(tavern::RANK_TABLE_WORDS), "tavern {words}: {needed}");
            let needed = battle::words_needed(options.battle, options.battle_limits).unwrap();
            assert!(needed <= words.max(battle::ANSWER_WORDS), "battle {words}: {needed}");
        }
        let largest = options_for(55_296);
        assert_eq!(largest.tavern, tavern::Strategy::default());
        assert_eq!(largest.battle, battle::Strategy::default());
        // 498 frames in scratch, on every target (a 64-bit host keeps some on its machine
        // stack, which only makes it faster).
        assert_eq!(largest.battle_limits.depth, 498);
    }

    #[test]
    fn exact_only_where_the_problem_has_it() {
        for &problem in Problem::ALL {
            let parsed = parse([problem.name(), "--exact", "a", "b", "c"]);
            match parsed {
                Ok(Command::Judge(judge)) => assert!(problem.has_exact_mode() && judge.options.exact),
                _ => assert!(!problem.has_exact_mode(), "{parsed:?}"),
            }
        }
    }
}
