//! Build script of the firmware.
//!
//! - Always: reads the board table `boards.txt`, picks the board being built (the environment
//!   variable `REFEREE_BOARD`, or else the board of the cargo target, or else, on the host, the
//!   first board) and writes `OUT_DIR/boards.rs`: every board as a `Board` constant and the one
//!   being built as `BOARD` (`src/board.rs` includes it).
//! - For the bare-metal targets only: writes that board's memory map and stack reserve to
//!   `OUT_DIR/memory.x` and passes the runtime's linker script (`link.x`, of cortex-m-rt or
//!   riscv-rt) and defmt's (`defmt.x`) as link arguments. On the host nothing is linked
//!   specially: the binaries are empty `main`s there.
//! - Always: turns the cases that `selfcheck-cases.txt` selects from the shared corpus
//!   `../tests/data/` (`<problem>/<name>.in` or `invalid/<problem>/<name>.in`, with `<name>.out`,
//!   `<name>.exact` or `<name>.err` beside it) into the self-check's case table,
//!   `OUT_DIR/cases.rs`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

/// The board table.
const BOARDS: &str = "boards.txt";
/// The list of self-check cases: paths of `.in` files relative to [`CORPUS`], one a line.
const MANIFEST: &str = "selfcheck-cases.txt";
/// The case corpus shared with the host tests.
const CORPUS: &str = "../tests/data";

fn main() -> Result<(), String> {
    let out_dir = PathBuf::from(env::var("OUT_DIR").map_err(|e| format!("OUT_DIR: {e}"))?);
    println!("cargo:rerun-if-changed={BOARDS}");
    println!("cargo:rerun-if-changed={MANIFEST}");
    println!("cargo:rerun-if-env-changed=REFEREE_BOARD");
    let table = fs::read_to_string(BOARDS).map_err(|e| format!("reading {BOARDS}: {e}"))?;
    let boards = parse_boards(&table)?;
    let target = env::var("TARGET").map_err(|e| format!("TARGET: {e}"))?;
    let bare_metal = env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("none");
    let board = pick_board(&boards, &target, bare_metal)?;
    fs::write(out_dir.join("boards.rs"), board_source(&boards, board)?)
        .map_err(|e| format!("writing boards.rs: {e}"))?;
    if bare_metal {
        fs::write(out_dir.join("memory.x"), memory_map(board)?).map_err(|e| format!("writing memory.x: {e}"))?;
        println!("cargo:rustc-link-search={}", out_dir.display());
        println!("cargo:rustc-link-arg=-Tlink.x");
        println!("cargo:rustc-link-arg=-Tdefmt.x");
    }
    let manifest = fs::read_to_string(MANIFEST).map_err(|e| format!("reading {MANIFEST}: {e}"))?;
    let cases = case_table(Path::new(CORPUS), &manifest)?;
    fs::write(out_dir.join("cases.rs"), cases).map_err(|e| format!("writing cases.rs: {e}"))
}

/// One line of the board table, its columns in order.
struct BoardLine {
    columns: Vec<String>,
}

/// The columns of a board line, as `src/board.rs`'s `Board` names its fields.
const COLUMNS: [&str; 16] = [
    "name",
    "target",
    "qemu",
    "machine",
    "cpu",
    "flash",
    "ram",
    "slab",
    "window",
    "answer",
    "stack",
    "flash_budget",
    "profile",
    "probe_rs_chip",
    "game_base",
    "game_turn",
];

impl BoardLine {
    fn get(&self, column: &str) -> &str {
        let index = COLUMNS.iter().position(|c| *c == column).unwrap_or(0);
        &self.columns[index]
    }

    /// A size column in bytes.
    fn size(&self, column: &str) -> Result<u64, String> {
        size(self.get(column)).map_err(|e| format!("{BOARDS}: {}: {column}: {e}", self.get("name")))
    }

    /// A region column, `ORIGIN+LENGTH`: (origin, length in bytes).
    fn region(&self, column: &str) -> Result<(u64, u64), String> {
        let text = self.get(column);
        let error = || format!("{BOARDS}: {}: {column}: expected ORIGIN+LENGTH, found {text}", self.get("name"));
        let (origin, length) = text.split_once('+').ok_or_else(error)?;
        let origin = u64::from_str_radix(origin.trim_start_matches("0x"), 16).map_err(|_| error())?;
        Ok((origin, size(length).map_err(|_| error())?))
    }
}

/// Bytes of a size written `N` or `NK`.
fn size(text: &str) -> Result<u64, String> {
    let (digits, unit) = text.strip_suffix('K').map_or((text, 1), |d| (d, 1024));
    digits.parse::<u64>().map(|n| n * unit).map_err(|_| format!("expected a size (N or NK), found {text}"))
}

/// The board lines of the table (blank lines and `#` comments aside).
fn parse_boards(table: &str) -> Result<Vec<BoardLine>, String> {
    let mut boards = Vec::new();
    for line in table.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let columns: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
        if columns.len() != COLUMNS.len() {
            return Err(format!("{BOARDS}: {line}: {} columns, expected {}", columns.len(), COLUMNS.len()));
        }
        boards.push(BoardLine { columns });
    }
    if boards.is_empty() {
        return Err(format!("{BOARDS}: no board"));
    }
    Ok(boards)
}

/// The board being built: `REFEREE_BOARD`, else the board of the bare-metal target, else (on
/// the host) the first.
fn pick_board<'b>(boards: &'b [BoardLine], target: &str, bare_metal: bool) -> Result<&'b BoardLine, String> {
    let names = || boards.iter().map(|b| b.get("name")).collect::<Vec<_>>().join(", ");
    let board = if let Ok(name) = env::var("REFEREE_BOARD") {
        boards
            .iter()
            .find(|b| b.get("name") == name)
            .ok_or_else(|| format!("REFEREE_BOARD={name}: no such board in {BOARDS} (boards: {})", names()))?
    } else if bare_metal {
        boards.iter().find(|b| b.get("target") == target).ok_or_else(|| {
            format!("no board of {BOARDS} is built for the target {target}: set REFEREE_BOARD (boards: {})", names())
        })?
    } else {
        &boards[0]
    };
    if bare_metal && board.get("target") != target {
        return Err(format!(
            "the board {} is built for {}, not {target}: build with --target {}",
            board.get("name"),
            board.get("target"),
            board.get("target")
        ));
    }
    Ok(board)
}

/// Rust source of every board as a `Board` constant, `BOARDS`, and `BOARD`.
fn board_source(boards: &[BoardLine], current: &BoardLine) -> Result<String, String> {
    let mut source = format!("// Generated by build.rs from {BOARDS}.\n\n");
    let mut names = Vec::new();
    for board in boards {
        let (flash_origin, flash) = board.region("flash")?;
        let (ram_origin, ram) = board.region("ram")?;
        let constant = board.get("name").to_uppercase().replace('-', "_");
        let cpu = match board.get("cpu") {
            "-" => "None".to_owned(),
            cpu => format!("Some({cpu:?})"),
        };
        let _ = writeln!(
            source,
            "/// The `{name}` board (`{BOARDS}`).\npub const {constant}: Board = Board {{ name: {name:?}, \
             target: {target:?}, qemu: {qemu:?}, machine: {machine:?}, cpu: {cpu}, \
             flash_origin: {flash_origin:#x}, flash_bytes: {flash}, ram_origin: {ram_origin:#x}, ram_bytes: {ram}, \
             slab_bytes: {slab}, judge_window_bytes: {window}, answer_chunk_bytes: {answer}, \
             stack_reserve_bytes: {stack}, flash_budget_bytes: {budget}, profile: {profile:?}, \
             probe_rs_chip: {chip:?}, game_base_stack_bytes: {game_base}, \
             game_turn_stack_bytes: {game_turn} }};",
            name = board.get("name"),
            target = board.get("target"),
            qemu = board.get("qemu"),
            machine = board.get("machine"),
            slab = board.size("slab")?,
            window = board.size("window")?,
            answer = board.size("answer")?,
            stack = board.size("stack")?,
            budget = board.size("flash_budget")?,
            profile = board.get("profile"),
            chip = board.get("probe_rs_chip"),
            game_base = board.size("game_base")?,
            game_turn = board.size("game_turn")?,
        );
        names.push(constant);
    }
    let _ = writeln!(
        source,
        "/// Every board of `{BOARDS}`, in its order.\npub const BOARDS: [Board; {}] = [{}];",
        names.len(),
        names.join(", ")
    );
    let current = current.get("name").to_uppercase().replace('-', "_");
    let _ = writeln!(source, "/// The board this image is built for.\npub const BOARD: Board = {current};");
    Ok(source)
}

/// `memory.x` of `board`: its regions, the aliases riscv-rt wants, and the stack reserve the
/// linker must leave.
fn memory_map(board: &BoardLine) -> Result<String, String> {
    let (flash_origin, flash) = board.region("flash")?;
    let (ram_origin, ram) = board.region("ram")?;
    let mut map = format!(
        "/* Memory map of the `{name}` board, generated by build.rs from {BOARDS}. */\n\
         MEMORY\n{{\n  FLASH : ORIGIN = {flash_origin:#010x}, LENGTH = {flash}\n  RAM   : ORIGIN = {ram_origin:#010x}, LENGTH = {ram}\n}}\n",
        name = board.get("name")
    );
    if board.get("target").starts_with("riscv") {
        // riscv-rt places each section through an alias; its stack region is `.stack`, from
        // `__estack` up to `_stack_start`: `_stack_end` names its bottom as cortex-m-rt does.
        map.push_str(
            "REGION_ALIAS(\"REGION_TEXT\", FLASH);\nREGION_ALIAS(\"REGION_RODATA\", FLASH);\n\
             REGION_ALIAS(\"REGION_DATA\", RAM);\nREGION_ALIAS(\"REGION_BSS\", RAM);\n\
             REGION_ALIAS(\"REGION_HEAP\", RAM);\nREGION_ALIAS(\"REGION_STACK\", RAM);\n\
             _stack_end = __estack;\n",
        );
    }
    let _ = write!(
        map,
        "\n/* The stack takes the RAM left above the statics; the linker refuses to leave it less\n \
         * than the board's stack reserve. */\n_min_stack_bytes = {stack};\n\
         ASSERT(_stack_start - _stack_end >= _min_stack_bytes, \"\nERROR(referee-embedded): the statics leave less \
         than _min_stack_bytes of RAM for the stack.\nShrink the slab or another buffer of the board ({BOARDS}).\");\n\n\
         /* The map's sizes as symbols of the image, for scripts/firmware-size.sh. */\n\
         _flash_length = LENGTH(FLASH);\n_ram_length = LENGTH(RAM);\n",
        stack = board.size("stack")?
    );
    Ok(map)
}
/// The problem of a corpus path: its first folder, or its second under `invalid/`; and whether
/// the case is an invalid input (which must have a `.err` and nothing else).
fn problem_of(relative: &Path) -> Result<(String, bool), String> {
    let folders: Vec<&str> = relative.parent().into_iter().flat_map(Path::iter).filter_map(|c| c.to_str()).collect();
    match folders[..] {
        [problem] => Ok((problem.to_owned(), false)),
        ["invalid", problem] => Ok((problem.to_owned(), true)),
        _ => Err(format!("{MANIFEST}: {}: not <problem>/<name>.in or invalid/<problem>/<name>.in", relative.display())),
    }
}

/// Rust source of `CASES`: one `Case` per expected file next to each `.in` file the manifest
/// lists (blank lines and `#` comments aside), in the manifest's order.
fn case_table(corpus: &Path, manifest: &str) -> Result<String, String> {
    let corpus = fs::canonicalize(corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let mut table = format!("/// Every self-check case, generated by build.rs from `{MANIFEST}`.\n");
    table.push_str("pub const CASES: &[Case] = &[\n");
    let mut seen = Vec::new();
    let mut folders: Vec<PathBuf> = Vec::new();
    for line in manifest.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let relative = Path::new(line);
        if relative.extension().is_none_or(|x| x != "in") {
            return Err(format!("{MANIFEST}: {line}: not an .in file"));
        }
        let (problem, invalid) = problem_of(relative)?;
        let name = file_name(&relative.with_extension(""))?;
        if seen.contains(&(problem.clone(), name.clone())) {
            return Err(format!("{MANIFEST}: {line}: a second case {problem} {name}"));
        }
        seen.push((problem.clone(), name.clone()));
        let input = corpus.join(relative);
        if !input.is_file() {
            return Err(format!("{MANIFEST}: {line}: no such file under {}", corpus.display()));
        }
        // The folder too: a new expected file beside the input changes the table.
        if let Some(folder) = input.parent().filter(|f| !folders.iter().any(|known| known == f)) {
            println!("cargo:rerun-if-changed={}", folder.display());
            folders.push(folder.to_path_buf());
        }
        let mut found = Vec::new();
        for (extension, exact, expected) in
            [("out", false, "Answer"), ("exact", true, "Answer"), ("err", false, "Refusal")]
        {
            let path = input.with_extension(extension);
            if path.is_file() {
                found.push(extension);
                let _ = writeln!(
                    table,
                    "    Case {{ problem: {problem:?}, name: {name:?}, exact: {exact}, input: include_bytes!({:?}), \
                     expected: Expected::{expected}(include_bytes!({:?})) }},",
                    input.display().to_string(),
                    path.display().to_string()
                );
            }
        }
        match (invalid, &found[..]) {
            (true, ["err"]) => {}
            (true, _) => {
                return Err(format!("{line}: an invalid input needs a .err and nothing else, found {found:?}"))
            }
            (false, []) => return Err(format!("{line}: no .out or .exact file")),
            (false, _) if found.contains(&"err") => return Err(format!("{line}: a .err outside invalid/")),
            (false, _) => {}
        }
    }
    table.push_str("];\n");
    Ok(table)
}

/// The last component of `path`, as UTF-8.
fn file_name(path: &Path) -> Result<String, String> {
    path.file_name().and_then(|s| s.to_str()).map(str::to_owned).ok_or(format!("{}: bad name", path.display()))
}
