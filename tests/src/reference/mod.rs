//! Slow, obviously right references, shared by the tests and the fuzz targets: each follows the
//! rules literally, independently of the solvers in `referee-core`.

pub mod battle;
pub mod battle_game;
pub mod event;
pub mod greater;
pub mod pair;
pub mod pathgame;
pub mod standings;
pub mod swiss;
