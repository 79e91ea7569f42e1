//! The board of `referee battle` under the game rules as JSON, with the field names of the
//! Firestone simulator's input where they mean the same thing, and this project's fields for
//! the effects Firestone reads from its card database (`docs/battle.md`):
//!
//! ```json
//! {
//!   "playerBoard": {
//!     "player": { "tavernTier": 3, "hpLeft": 10 },
//!     "board": [
//!       { "attack": 2, "health": 3, "tavernTier": 2,
//!         "summon": { "count": 1, "attack": 2, "health": 1 } },
//!       { "attack": 10, "health": 10, "divineShield": true, "reborn": true,
//!         "rebornAs": { "attack": 1, "divineShield": true } }
//!     ]
//!   },
//!   "opponentBoard": {
//!     "board": [ { "attack": 3, "health": 3, "taunt": true,
//!                  "startOfCombat": { "damage": 2, "times": 1 } } ]
//!   },
//!   "options": { "damageCap": 15 }
//! }
//! ```
//!
//! `playerBoard` is Alice, `opponentBoard` Bob; `board` lists a side's minions left to right
//! (`1..=7`). A minion: `attack` (`0..=10^9`), `health` (`1..=10^9`), the keywords `taunt`,
//! `divineShield`, `poisonous`, `venomous`, `windfury`, `reborn`, `stealth`, `cleave`
//! (`true`/`false`, default `false`), `tavernTier` (`1..=7`, default 1), and the effects
//! `summon` (deathrattle: `count` `1..=7` default 1, the token's `attack`, `health` and
//! keywords), `rebornAs` (with `reborn` only: `attack` and keywords) and `startOfCombat`
//! (`damage` `1..=10^9`, `times` `1..=7` default 1). A hero (`player`, optional): `tavernTier`
//! (`1..=7`, default 1) and `hpLeft` (health plus armor, `1..=1000`, default 1000). `options.damageCap`
//! (`0..=1000`, default 0: none). A `null` is an absent field; every other field (Firestone's
//! `entityId`, `cardId`, `enchantments`, …) is ignored, so a Firestone input reads as is, its
//! card effects left out.

use referee_core::battle::game::{Card, Fight, Hero, Keywords, RebornAs, Shots, Summon, Token};
use referee_core::battle::game::{MAX_CAP, MAX_COPIES, MAX_HERO_HEALTH, MAX_MINIONS, MAX_TIER, MAX_VALUE};
use serde_json::{Map, Value};

/// The keyword fields, with their keywords.
pub const KEYWORD_FIELDS: [(&str, Keywords); 8] = [
    ("taunt", Keywords::TAUNT),
    ("divineShield", Keywords::DIVINE_SHIELD),
    ("poisonous", Keywords::POISONOUS),
    ("venomous", Keywords::VENOMOUS),
    ("windfury", Keywords::WINDFURY),
    ("reborn", Keywords::REBORN),
    ("stealth", Keywords::STEALTH),
    ("cleave", Keywords::CLEAVE),
];

/// The sides' fields: Alice's, then Bob's.
pub const SIDE_FIELDS: [&str; 2] = ["playerBoard", "opponentBoard"];

/// Reads a fight from its JSON board (see the module).
///
/// # Errors
/// `line:column: invalid JSON: …` for text that is not JSON; else the path of the first wrong
/// field and what it should be, e.g. `playerBoard.board[3].health: expected an integer
/// 1..=1000000000, found -2`.
///
/// # Complexity
/// `O(B)` for the `B` bytes of the input.
pub fn parse(input: &[u8]) -> Result<Fight, String> {
    let root: Value = serde_json::from_slice(input).map_err(|e| {
        let text = e.to_string();
        let message = text.rsplit_once(" at line ").map_or(text.as_str(), |(message, _)| message);
        format!("{}:{}: invalid JSON: {message}", e.line(), e.column())
    })?;
    from_value(&root)
}

/// Reads a fight from a parsed JSON value (see the module).
///
/// # Errors
/// As [`parse`], for the fields.
///
/// # Complexity
/// `O(V)` for the `V` values of `root`.
pub fn from_value(root: &Value) -> Result<Fight, String> {
    let root = object(root, "the board")?;
    let mut sides: [Vec<Card>; 2] = [Vec::new(), Vec::new()];
    let mut heroes = [Hero::DEFAULT; 2];
    for ((cards, hero), name) in sides.iter_mut().zip(heroes.iter_mut()).zip(SIDE_FIELDS) {
        let Some(side) = field(root, name) else {
            return Err(format!("{name}: missing (an object with the side's \"board\")"));
        };
        let side = object(side, name)?;
        if let Some(player) = field(side, "player") {
            let path = format!("{name}.player");
            let player = object(player, &path)?;
            hero.tier = small(optional(player, &path, "tavernTier", 1, MAX_TIER.into())?.unwrap_or(1));
            hero.health = value(
                optional(player, &path, "hpLeft", 1, MAX_HERO_HEALTH.into())?.unwrap_or(Hero::DEFAULT.health.into()),
            );
        }
        let path = format!("{name}.board");
        let Some(board) = field(side, "board") else {
            return Err(format!("{path}: missing (an array of 1..={MAX_MINIONS} minions)"));
        };
        let Value::Array(board) = board else {
            return Err(format!("{path}: expected an array of 1..={MAX_MINIONS} minions, found {}", describe(board)));
        };
        if board.is_empty() || board.len() > MAX_MINIONS {
            return Err(format!("{path}: expected 1..={MAX_MINIONS} minions, found {}", board.len()));
        }
        for (i, minion) in board.iter().enumerate() {
            cards.push(card(minion, &format!("{path}[{i}]"))?);
        }
    }
    let mut cap = 0;
    if let Some(options) = field(root, "options") {
        let options = object(options, "options")?;
        cap = value(optional(options, "options", "damageCap", 0, MAX_CAP.into())?.unwrap_or(0));
    }
    let [alice, bob] = &sides;
    Fight::new(alice, bob, heroes, cap).map_err(|e| format!("the board: {e}"))
}

/// A field of `map`, `None` when absent or `null`.
fn field<'v>(map: &'v Map<String, Value>, name: &str) -> Option<&'v Value> {
    map.get(name).filter(|v| !v.is_null())
}

/// `v` as an object.
fn object<'v>(v: &'v Value, path: &str) -> Result<&'v Map<String, Value>, String> {
    v.as_object().ok_or_else(|| format!("{path}: expected an object, found {}", describe(v)))
}

/// What a wrong value is, for an error.
fn describe(v: &Value) -> String {
    match v {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) if s.chars().count() <= 40 => format!("the string {}", Value::String(s.clone())),
        Value::String(_) => "a string".to_owned(),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

/// The integer field `name` of `map` in `min..=max`, if present.
fn optional(map: &Map<String, Value>, path: &str, name: &str, min: u64, max: u64) -> Result<Option<u64>, String> {
    let Some(v) = field(map, name) else { return Ok(None) };
    match v.as_u64() {
        Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(format!("{path}.{name}: expected an integer {min}..={max}, found {}", describe(v))),
    }
}

/// The integer field `name` of `map` in `min..=max`.
fn required(map: &Map<String, Value>, path: &str, name: &str, min: u64, max: u64) -> Result<u64, String> {
    optional(map, path, name, min, max)?.ok_or_else(|| format!("{path}.{name}: missing (an integer {min}..={max})"))
}

/// The keyword fields of `map`.
fn keywords(map: &Map<String, Value>, path: &str) -> Result<Keywords, String> {
    let mut set = Keywords::NONE;
    for (name, keyword) in KEYWORD_FIELDS {
        match field(map, name) {
            None | Some(Value::Bool(false)) => {}
            Some(Value::Bool(true)) => set = set.with(keyword),
            Some(v) => return Err(format!("{path}.{name}: expected true or false, found {}", describe(v))),
        }
    }
    Ok(set)
}

/// A value checked within `u32`.
fn value(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

/// A value checked within `u8`.
fn small(v: u64) -> u8 {
    u8::try_from(v).unwrap_or(u8::MAX)
}

/// One minion at `path`.
fn card(v: &Value, path: &str) -> Result<Card, String> {
    let map = object(v, path)?;
    let attack = required(map, path, "attack", 0, MAX_VALUE.into())?;
    let health = required(map, path, "health", 1, MAX_VALUE.into())?;
    let mut card = Card::new(value(attack), value(health), keywords(map, path)?);
    card.tier = small(optional(map, path, "tavernTier", 1, MAX_TIER.into())?.unwrap_or(1));
    if let Some(summon) = field(map, "summon") {
        let path = format!("{path}.summon");
        let summon = object(summon, &path)?;
        let count = optional(summon, &path, "count", 1, MAX_COPIES.into())?.unwrap_or(1);
        let attack = required(summon, &path, "attack", 0, MAX_VALUE.into())?;
        let health = required(summon, &path, "health", 1, MAX_VALUE.into())?;
        let token = Token { attack: value(attack), health: value(health), keywords: keywords(summon, &path)? };
        card.summon = Some(Summon { count: small(count), token });
    }
    if let Some(reborn_as) = field(map, "rebornAs") {
        let path = format!("{path}.rebornAs");
        if !card.keywords.contains(Keywords::REBORN) {
            return Err(format!("{path}: only for a minion with \"reborn\": true"));
        }
        let reborn_as = object(reborn_as, &path)?;
        let attack = required(reborn_as, &path, "attack", 0, MAX_VALUE.into())?;
        let keywords = keywords(reborn_as, &path)?.without(Keywords::REBORN);
        card.reborn_as = Some(RebornAs { attack: value(attack), keywords });
    }
    if let Some(shots) = field(map, "startOfCombat") {
        let path = format!("{path}.startOfCombat");
        let shots = object(shots, &path)?;
        let damage = required(shots, &path, "damage", 1, MAX_VALUE.into())?;
        let times = optional(shots, &path, "times", 1, MAX_COPIES.into())?.unwrap_or(1);
        card.shots = Some(Shots { damage: value(damage), times: small(times) });
    }
    Ok(card)
}

/// The JSON board of `fight` (see the module): the fields this module reads, each keyword
/// only when set, each default left out; [`parse`] reads it back as `fight`.
///
/// # Errors
/// None.
///
/// # Complexity
/// `O(n + m)`.
#[must_use]
pub fn to_value(fight: &Fight) -> Value {
    let keyword_fields = |map: &mut Map<String, Value>, set: Keywords| {
        for (name, keyword) in KEYWORD_FIELDS {
            if set.contains(keyword) {
                map.insert(name.to_owned(), Value::Bool(true));
            }
        }
    };
    let mut root = Map::new();
    for (side, name) in SIDE_FIELDS.into_iter().enumerate() {
        let mut board = Vec::new();
        for card in fight.side(side) {
            let mut m = Map::new();
            m.insert("attack".to_owned(), card.attack.into());
            m.insert("health".to_owned(), card.health.into());
            keyword_fields(&mut m, card.keywords);
            if card.tier != 1 {
                m.insert("tavernTier".to_owned(), card.tier.into());
            }
            if let Some(summon) = card.summon {
                let mut s = Map::new();
                s.insert("count".to_owned(), summon.count.into());
                s.insert("attack".to_owned(), summon.token.attack.into());
                s.insert("health".to_owned(), summon.token.health.into());
                keyword_fields(&mut s, summon.token.keywords);
                m.insert("summon".to_owned(), Value::Object(s));
            }
            if let Some(reborn_as) = card.reborn_as {
                let mut r = Map::new();
                r.insert("attack".to_owned(), reborn_as.attack.into());
                keyword_fields(&mut r, reborn_as.keywords);
                m.insert("rebornAs".to_owned(), Value::Object(r));
            }
            if let Some(shots) = card.shots {
                let mut s = Map::new();
                s.insert("damage".to_owned(), shots.damage.into());
                s.insert("times".to_owned(), shots.times.into());
                m.insert("startOfCombat".to_owned(), Value::Object(s));
            }
            board.push(Value::Object(m));
        }
        let hero = fight.heroes().get(side).copied().unwrap_or(Hero::DEFAULT);
        let mut player = Map::new();
        player.insert("tavernTier".to_owned(), hero.tier.into());
        player.insert("hpLeft".to_owned(), hero.health.into());
        let mut s = Map::new();
        s.insert("player".to_owned(), Value::Object(player));
        s.insert("board".to_owned(), Value::Array(board));
        root.insert(name.to_owned(), Value::Object(s));
    }
    if fight.cap() != 0 {
        let mut options = Map::new();
        options.insert("damageCap".to_owned(), fight.cap().into());
        root.insert("options".to_owned(), Value::Object(options));
    }
    Value::Object(root)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

    use super::*;
    use referee_core::battle::game::text;

    #[test]
    fn a_fight_reads_back_from_its_json() {
        for input in [
            "2 1\n1/1R 2/5\n4/5\n",
            "3 2 3 9 4 4 12\n2/3!s1x2/1 1/2!c2 3/3T@2\n4/4C@3 2/2!s2x1/1\n",
            "2 2\n10/10DR!r1D 1/3!c1x3\n5/5PVWS 3/3R!r1T\n",
        ] {
            let fight = text::parse(input.as_bytes()).unwrap();
            let json = serde_json::to_string(&to_value(&fight)).unwrap();
            assert_eq!(parse(json.as_bytes()), Ok(fight), "{json}");
        }
    }

    #[test]
    fn the_defaults_and_firestone_fields() {
        let board = r#"{"playerBoard": {"player": {"cardId": "X", "hpLeft": 5}, "board": [{"entityId": 1,
            "attack": 1, "health": 2, "maxHealth": 7, "reborn": null}]},
            "opponentBoard": {"player": null, "board": [{"attack": 0, "health": 1, "summon": {"attack": 0, "health": 1}}]},
            "options": null}"#;
        let fight = parse(board.as_bytes()).unwrap();
        let expected = text::parse(b"1 1 1 5 1 1000\n1/2\n0/1!s1x0/1\n").unwrap();
        assert_eq!(fight, expected);
    }
}
