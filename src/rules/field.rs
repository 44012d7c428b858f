//! Field boards: a hex board whose pieces all move freely within a distance,
//! hold zones of control and fight battles resolved by a combat results
//! table. The tables here (neighbours, kinds, halves) are built once by the
//! compiler so that the engine only looks them up.

use serde::Serialize;

/// No cell: the edge of the board in a neighbour table.
pub const NO_CELL: u16 = u16::MAX;
/// The most pieces one seat may have on a field board.
pub const MAX_ARMY: usize = 32;

/// What a cell of a field board is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CellKind {
    /// An ordinary cell (`.` in the map).
    Plain,
    /// No piece may stand on or pass it (`#`).
    Impassable,
    /// An invasion cell (`i`): invaders land here.
    Invasion,
    /// A cell of a replacement centre (`p`).
    Centre,
    /// The star of a replacement centre (`*`), where replaced pieces appear.
    Star,
    /// A cell of the fast line (`=`), along which a piece rides.
    FastLine,
}

impl CellKind {
    /// The kind a map character stands for.
    pub fn from_map(c: char) -> Option<CellKind> {
        Some(match c {
            '.' => CellKind::Plain,
            '#' => CellKind::Impassable,
            'i' => CellKind::Invasion,
            'p' => CellKind::Centre,
            '*' => CellKind::Star,
            '=' => CellKind::FastLine,
            _ => return None,
        })
    }

    /// The map character of the kind.
    pub fn map_char(self) -> char {
        match self {
            CellKind::Plain => '.',
            CellKind::Impassable => '#',
            CellKind::Invasion => 'i',
            CellKind::Centre => 'p',
            CellKind::Star => '*',
            CellKind::FastLine => '=',
        }
    }

    /// Whether the kind belongs to a replacement centre.
    pub fn in_centre(self) -> bool {
        matches!(self, CellKind::Centre | CellKind::Star)
    }
}

/// What a battle comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleResult {
    /// Every attacking piece is eliminated (`a_elim`).
    AttackerEliminated,
    /// Every defending piece is eliminated (`d_elim`).
    DefenderEliminated,
    /// Each side loses one piece, chosen by the attacker (`exchange`).
    Exchange,
    /// The attacking pieces retreat this many cells (`a_back2`).
    AttackerBack(u8),
    /// The defending pieces retreat this many cells (`d_back2`).
    DefenderBack(u8),
}

impl BattleResult {
    /// Reads a word of the table: `a_elim`, `d_elim`, `exchange`, `a_back2`, `d_back2`.
    pub fn from_word(word: &str) -> Option<BattleResult> {
        match word {
            "a_elim" => return Some(BattleResult::AttackerEliminated),
            "d_elim" => return Some(BattleResult::DefenderEliminated),
            "exchange" => return Some(BattleResult::Exchange),
            _ => {}
        }
        let back = |rest: &str| rest.parse::<u8>().ok().filter(|n| (1..=6).contains(n));
        if let Some(rest) = word.strip_prefix("a_back") {
            return back(rest).map(BattleResult::AttackerBack);
        }
        if let Some(rest) = word.strip_prefix("d_back") {
            return back(rest).map(BattleResult::DefenderBack);
        }
        None
    }

    /// The word of the table for the result.
    pub fn word(self) -> String {
        match self {
            BattleResult::AttackerEliminated => "a_elim".into(),
            BattleResult::DefenderEliminated => "d_elim".into(),
            BattleResult::Exchange => "exchange".into(),
            BattleResult::AttackerBack(n) => format!("a_back{n}"),
            BattleResult::DefenderBack(n) => format!("d_back{n}"),
        }
    }
}

/// A column of the combat results table: attacking to defending strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Odds {
    /// The attacker's share, such as 3 in 3-1.
    pub attack: u8,
    /// The defender's share, such as 1 in 3-1.
    pub defend: u8,
}

/// How uneven piece counts are brought to a column of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Rounding {
    /// To the column below the exact odds (`round = defender`): 3 against 2 is 1-1.
    Defender,
    /// To the column above (`round = attacker`): 3 against 2 is 2-1.
    Attacker,
}

/// The combat results table (`combat { odds, results, below, above, round }`).
#[derive(Clone, Debug, Serialize)]
pub struct CombatTable {
    /// The columns, from the worst odds for the attacker to the best.
    pub columns: Vec<Odds>,
    /// For each die value (index = value - 1), the result in each column.
    pub rows: Vec<Vec<BattleResult>>,
    /// The result, without a roll, of odds worse than the first column.
    pub below: BattleResult,
    /// The result, without a roll, of odds better than the last column.
    pub above: BattleResult,
    /// How uneven odds are rounded.
    pub round: Rounding,
}

/// Where a battle's odds fall in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// Worse than the first column: the `below` result, no roll.
    Below,
    /// A column of the table, by index: a roll decides.
    At(usize),
    /// Better than the last column: the `above` result, no roll.
    Above,
}

impl CombatTable {
    /// The column of `attackers` against `defenders`, both at least 1.
    pub fn column(&self, attackers: u8, defenders: u8) -> Column {
        let (a, d) = (attackers.max(1) as u32, defenders.max(1) as u32);
        // Compare a/d with each column's attack/defend exactly.
        let at_least = |o: &Odds| a * o.defend as u32 >= d * o.attack as u32;
        let at_most = |o: &Odds| a * o.defend as u32 <= d * o.attack as u32;
        let Some(first) = self.columns.first() else {
            return Column::Below;
        };
        match self.round {
            Rounding::Defender => {
                // The best column whose odds the battle reaches.
                if !at_least(first) {
                    return Column::Below;
                }
                let best = self.columns.iter().rposition(at_least).unwrap_or(0);
                let last = self.columns.len() - 1;
                if best == last && !at_most(&self.columns[last]) && self.beyond(a, d) {
                    Column::Above
                } else {
                    Column::At(best)
                }
            }
            Rounding::Attacker => {
                // The worst column whose odds are at least the battle's.
                match self.columns.iter().position(at_most) {
                    Some(0) if !at_least(first) && self.short_of(a, d) => Column::Below,
                    Some(i) => Column::At(i),
                    None => Column::Above,
                }
            }
        }
    }

    /// Whether odds `a`-`d` reach the column after the last, counting the
    /// attacker's share up by one (5-1 after 4-1) when rounding for the defender.
    fn beyond(&self, a: u32, d: u32) -> bool {
        let Some(last) = self.columns.last() else {
            return false;
        };
        let next = if last.defend == 1 {
            (last.attack as u32 + 1, 1)
        } else {
            (last.attack as u32, last.defend as u32 - 1)
        };
        a * next.1 >= d * next.0
    }

    /// Whether odds `a`-`d` are at or below the column before the first
    /// (1-4 before 1-3) when rounding for the attacker.
    fn short_of(&self, a: u32, d: u32) -> bool {
        let Some(first) = self.columns.first() else {
            return true;
        };
        let before = if first.attack == 1 {
            (1, first.defend as u32 + 1)
        } else {
            (first.attack as u32 - 1, first.defend as u32)
        };
        a * before.1 <= d * before.0
    }

    /// The lengths of the retreats the table can give, ascending, each once.
    pub fn retreat_lengths(&self) -> Vec<u8> {
        let results = self.rows.iter().flatten().chain([&self.below, &self.above]);
        let mut out: Vec<u8> = results
            .filter_map(|r| match *r {
                BattleResult::AttackerBack(n) | BattleResult::DefenderBack(n) => Some(n),
                _ => None,
            })
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The result of a roll of `die` (1 upwards) in a column.
    pub fn result(&self, column: Column, die: u8) -> BattleResult {
        match column {
            Column::Below => self.below,
            Column::Above => self.above,
            Column::At(i) => self
                .rows
                .get(die.saturating_sub(1) as usize)
                .and_then(|row| row.get(i))
                .copied()
                .unwrap_or(self.below),
        }
    }
}

/// A replacement centre: its star and its other cells, on one half.
#[derive(Clone, Debug, Serialize)]
pub struct Centre {
    /// The star, where a replaced piece appears.
    pub star: u16,
    /// Every cell of the centre, the star included.
    pub cells: Vec<u16>,
    /// The half it lies on.
    pub half: u8,
}

/// The rules of a field board, checked and precomputed by the compiler.
#[derive(Clone, Debug, Serialize)]
pub struct FieldRules {
    /// Columns of the hex board.
    pub columns: u8,
    /// Rows of the hex board.
    pub rows: u8,
    /// Whether odd columns (counting from 0) sit half a cell lower; else even ones do.
    pub odd_columns_low: bool,
    /// The kind of each cell (cell id = row * columns + column).
    pub kinds: Vec<CellKind>,
    /// For each cell, its six neighbours ([`NO_CELL`] past the edge).
    #[serde(skip)]
    pub neighbours: Vec<[u16; 6]>,
    /// For each cell, the half it lies on: 0 above the centre line, 1 below.
    #[serde(skip)]
    pub half: Vec<u8>,
    /// The last row (from 1) of the upper half.
    pub centre_line: u8,
    /// For each cell, whether a piece there may embark on an invasion.
    #[serde(skip)]
    pub embark: Vec<bool>,
    /// The invasion cells, ascending.
    #[serde(skip)]
    pub invasion_cells: Vec<u16>,
    /// The replacement centres, in map order.
    pub centres: Vec<Centre>,
    /// For each seat the file defines, the half it sets up on.
    pub seat_half: Vec<u8>,
    /// How the first mover is found (`setup { first }`).
    pub chooser_by_die: bool,
    /// Cells a piece moves in a turn (`movement { reach }`).
    pub reach: u8,
    /// Whether a piece may pass through cells of its own side (`movement { through_own }`).
    pub through_own: bool,
    /// Whether a piece may ride the fast line (`movement { fast_line = ride }`).
    pub ride: bool,
    /// Whether every engaged attacking piece must fight (`combat { attackers = all }`),
    /// or only every engaged defender be fought (`attackers = any`).
    pub all_attackers_fight: bool,
    /// The combat results table.
    pub table: CombatTable,
    /// Whether a retreat must end exactly as far away as it is long (`combat { retreat = away }`).
    pub retreat_away: bool,
    /// Invasions each seat may make in a game (`invasion { per_game }`).
    pub invasions: u8,
    /// Pieces in one invasion at most (`invasion { size }`).
    pub invasion_size: u8,
    /// Pieces back from the pool per controlled centre each complete turn (`reinforcement { per_centre }`).
    pub per_centre: u8,
    /// Whether each piece back needs one piece of its side in enemy territory
    /// (`reinforcement { needs = enemy_half }`).
    pub needs_enemy_half: bool,
}

impl FieldRules {
    /// The cell at 0-based `column`, `row`, if on the board.
    pub fn cell(&self, column: i32, row: i32) -> Option<u16> {
        let (w, h) = (self.columns as i32, self.rows as i32);
        (column >= 0 && row >= 0 && column < w && row < h).then(|| (row * w + column) as u16)
    }

    /// The 0-based column and row of a cell.
    pub fn place(&self, cell: u16) -> (i32, i32) {
        let w = self.columns as i32;
        (cell as i32 % w, cell as i32 / w)
    }

    /// Whether the column sits half a cell lower than its neighbours.
    pub fn low(&self, column: i32) -> bool {
        (column & 1 == 1) == self.odd_columns_low
    }

    /// The kind of a cell.
    pub fn kind(&self, cell: u16) -> CellKind {
        self.kinds
            .get(cell as usize)
            .copied()
            .unwrap_or(CellKind::Impassable)
    }

    /// The neighbours of a cell on the board.
    pub fn neighbours(&self, cell: u16) -> impl Iterator<Item = u16> + '_ {
        self.neighbours
            .get(cell as usize)
            .into_iter()
            .flatten()
            .copied()
            .filter(|&n| n != NO_CELL)
    }

    /// Whether two cells are next to each other.
    pub fn adjacent(&self, a: u16, b: u16) -> bool {
        self.neighbours(a).any(|n| n == b)
    }

    /// Cells between two cells, walking from hex to hex.
    pub fn distance(&self, a: u16, b: u16) -> u32 {
        let cube = |cell: u16| {
            let (c, r) = self.place(cell);
            // Rows counted along the slant of the columns.
            let shift = if self.odd_columns_low {
                (c - (c & 1)) / 2
            } else {
                (c + (c & 1)) / 2
            };
            let z = r - shift;
            (c, z, -c - z)
        };
        let (x1, z1, y1) = cube(a);
        let (x2, z2, y2) = cube(b);
        ((x1 - x2).abs()).max((z1 - z2).abs()).max((y1 - y2).abs()) as u32
    }

    /// Builds the six neighbours of every cell.
    pub fn build_neighbours(columns: u8, rows: u8, odd_columns_low: bool) -> Vec<[u16; 6]> {
        let (w, h) = (columns as i32, rows as i32);
        let at = |c: i32, r: i32| {
            if c >= 0 && r >= 0 && c < w && r < h {
                (r * w + c) as u16
            } else {
                NO_CELL
            }
        };
        let mut out = Vec::with_capacity((w * h) as usize);
        for r in 0..h {
            for c in 0..w {
                let low = (c & 1 == 1) == odd_columns_low;
                // A low column's side neighbours are its own row and the one below.
                let (up, down) = if low { (r, r + 1) } else { (r - 1, r) };
                out.push([
                    at(c, r - 1),
                    at(c + 1, up),
                    at(c + 1, down),
                    at(c, r + 1),
                    at(c - 1, down),
                    at(c - 1, up),
                ]);
            }
        }
        out
    }

    /// The name of a cell: its column letter and row number, such as `m18`.
    pub fn cell_name(columns: u8, cell: u16) -> String {
        let w = columns as u16;
        let letter = (b'a' + (cell % w) as u8) as char;
        format!("{letter}{}", cell / w + 1)
    }

    /// The cell a name such as `m18` stands for.
    pub fn cell_named(&self, name: &str) -> Option<u16> {
        let mut chars = name.chars();
        let letter = chars.next()?;
        if !letter.is_ascii_lowercase() {
            return None;
        }
        let row: i32 = chars.as_str().parse().ok()?;
        if chars.as_str().starts_with('0') || chars.as_str().starts_with('+') {
            return None;
        }
        self.cell(letter as i32 - 'a' as i32, row - 1)
    }

    /// One paragraph about the field for the summary.
    pub fn describe(&self) -> String {
        let count = |k: CellKind| self.kinds.iter().filter(|&&x| x == k).count();
        let table: Vec<String> = self
            .table
            .columns
            .iter()
            .map(|o| format!("{}-{}", o.attack, o.defend))
            .collect();
        let rows: Vec<String> = self
            .table
            .rows
            .iter()
            .enumerate()
            .map(|(i, row)| {
                let words: Vec<String> = row.iter().map(|r| r.word()).collect();
                format!("{}: {}", i + 1, words.join(" "))
            })
            .collect();
        format!(
            "hex field {}x{}: {} plain, {} impassable, {} invasion, {} fast line, {} centres; \
             centre line after row {}; reach {}{}{}; combat columns {} (below {}, above {}, round for {}); \
             results {}; {} invasions of up to {}; {} back a centre{}",
            self.columns,
            self.rows,
            count(CellKind::Plain),
            count(CellKind::Impassable),
            count(CellKind::Invasion),
            count(CellKind::FastLine),
            self.centres.len(),
            self.centre_line,
            self.reach,
            if self.through_own {
                ", through own pieces"
            } else {
                ""
            },
            if self.ride {
                ", rides the fast line"
            } else {
                ""
            },
            table.join(" "),
            self.table.below.word(),
            self.table.above.word(),
            match self.table.round {
                Rounding::Defender => "the defender",
                Rounding::Attacker => "the attacker",
            },
            rows.join(", "),
            self.invasions,
            self.invasion_size,
            self.per_centre,
            if self.needs_enemy_half {
                " if as many pieces stand in enemy territory"
            } else {
                ""
            },
        )
    }
}
