//! Where a piece can go: a breadth-first search over the neighbour tables,
//! round impassable cells, stopping at the first cell of an enemy zone of
//! control, then riding the fast line; and the routes of a retreat.

use arrayvec::ArrayVec;

use super::state::FieldState;
use crate::rules::field::{CellKind, FieldRules};

/// A set of cells as bits, on the stack.
#[derive(Clone)]
pub struct CellSet {
    bits: Vec<u64>,
}

impl CellSet {
    /// An empty set for a board of `cells` cells.
    pub fn new(cells: usize) -> CellSet {
        CellSet {
            bits: vec![0; cells.div_ceil(64)],
        }
    }

    /// Whether `cell` is in the set.
    pub fn has(&self, cell: u16) -> bool {
        self.bits
            .get(cell as usize / 64)
            .is_some_and(|w| w & (1 << (cell % 64)) != 0)
    }

    /// Puts `cell` in the set; false if it was in already.
    pub fn put(&mut self, cell: u16) -> bool {
        match self.bits.get_mut(cell as usize / 64) {
            Some(w) if *w & (1 << (cell % 64)) == 0 => {
                *w |= 1 << (cell % 64);
                true
            }
            _ => false,
        }
    }
}

/// The board as one side sees it in a turn: who stands where and which
/// cells the other side's pieces control.
pub struct Ground<'a> {
    pub rules: &'a FieldRules,
    /// For each cell, 0 if empty, else the playing seat standing there + 1.
    pub owner: Vec<u8>,
    /// The cells next to a piece of the side that is not `seat`.
    pub zone: CellSet,
    /// The side the view is for.
    pub seat: u8,
    /// Scratch for the searches: the search number that last saw each cell,
    /// so that no search clears or allocates.
    seen: Vec<u32>,
    search: u32,
    queue: Vec<(u16, u8)>,
    /// For each cell, what a moving piece finds there, as bits (`PASSABLE`..),
    /// so that the search reads one byte a neighbour.
    code: Vec<u8>,
}

/// Not impassable.
const PASSABLE: u8 = 1;
/// No piece stands there.
const EMPTY: u8 = 2;
/// A piece of the side the view is for stands there.
const OWN: u8 = 4;
/// In the other side's zone of control.
const ZONE: u8 = 8;
/// A cell of the fast line where pieces ride it (`fast_line = ride`): no
/// piece moves through a piece standing there, its own included.
const RIDDEN: u8 = 16;

impl<'a> Ground<'a> {
    /// The ground as `seat` sees it.
    pub fn new(rules: &'a FieldRules, field: &FieldState, seat: u8) -> Ground<'a> {
        let cells = rules.kinds.len();
        let mut owner = vec![0u8; cells];
        let mut zone = CellSet::new(cells);
        for (s, army) in field.armies.iter().enumerate() {
            for p in army {
                if let Some(o) = owner.get_mut(p.cell as usize) {
                    *o = s as u8 + 1;
                }
                if s as u8 != seat {
                    for n in rules.neighbours(p.cell) {
                        zone.put(n);
                    }
                }
            }
        }
        let code = (0..cells)
            .map(|c| {
                if rules.kinds[c] == CellKind::Impassable {
                    return 0;
                }
                let mut bits = PASSABLE;
                match owner[c] {
                    0 => bits |= EMPTY,
                    o if o == seat + 1 => bits |= OWN,
                    _ => {}
                }
                if zone.has(c as u16) {
                    bits |= ZONE;
                }
                if rules.ride && rules.kinds[c] == CellKind::FastLine {
                    bits |= RIDDEN;
                }
                bits
            })
            .collect();
        Ground {
            rules,
            owner,
            zone,
            seat,
            code,
            seen: vec![0; cells],
            search: 0,
            queue: Vec::with_capacity(128),
        }
    }

    /// Starts a new search: no cell is seen yet.
    fn new_search(&mut self) {
        self.search += 1;
    }

    /// Marks a cell seen in this search; false if it was already.
    fn see(&mut self, cell: u16) -> bool {
        match self.seen.get_mut(cell as usize) {
            Some(s) if *s != self.search => {
                *s = self.search;
                true
            }
            _ => false,
        }
    }

    /// Whether a cell is empty.
    pub fn empty(&self, cell: u16) -> bool {
        self.owner.get(cell as usize) == Some(&0)
    }

    /// Whether a cell holds a piece of the side the view is for.
    pub fn own(&self, cell: u16) -> bool {
        self.owner.get(cell as usize) == Some(&(self.seat + 1))
    }

    /// Whether a cell is in the other side's zone of control.
    pub fn controlled(&self, cell: u16) -> bool {
        self.zone.has(cell)
    }

    /// Every cell the piece on `from` may move to this turn (movement).
    pub fn reach(&mut self, from: u16, out: &mut Vec<u16>) {
        out.clear();
        let rules = self.rules;
        self.new_search();
        self.see(from);
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        queue.push((from, 0));
        let mut head = 0;
        let through = rules.through_own;
        while let Some(&(cell, dist)) = queue.get(head) {
            head += 1;
            let here = self.code.get(cell as usize).copied().unwrap_or(0);
            // The first cell of an enemy zone stops the piece there.
            if dist == rules.reach || (cell != from && here & ZONE != 0) {
                continue;
            }
            let Some(around) = rules.neighbours.get(cell as usize) else {
                continue;
            };
            for &n in around {
                let Some(&code) = self.code.get(n as usize) else {
                    continue;
                };
                if code & PASSABLE == 0 || !self.see(n) {
                    continue;
                }
                if code & EMPTY != 0 {
                    out.push(n);
                    queue.push((n, dist + 1));
                } else if code & OWN != 0 && through && code & (ZONE | RIDDEN) == 0 {
                    // Passes its own piece, but may not stop there; never
                    // one on the fast line, where no piece is passed.
                    queue.push((n, dist + 1));
                }
            }
        }
        self.queue = queue;
        if rules.ride {
            let mut starts: ArrayVec<u16, 64> = ArrayVec::new();
            if rules.kind(from) == CellKind::FastLine {
                starts.push(from);
            }
            for &c in out.iter() {
                if rules.kind(c) == CellKind::FastLine && !self.controlled(c) && !starts.is_full() {
                    starts.push(c);
                }
            }
            if !starts.is_empty() {
                // Cells reached so far count as seen: a ride adds only new ones.
                let mut dest = CellSet::new(rules.kinds.len());
                for &c in out.iter() {
                    dest.put(c);
                }
                // One search from every start: a start another ride passed
                // adds nothing new.
                self.new_search();
                for start in starts {
                    if self.see(start) {
                        self.ride(start, from, &mut dest, out);
                    }
                }
            }
        }
    }

    /// The cells along the fast line from `start`, past no piece, stopping
    /// in an enemy zone; added to `out`. Cells seen in this search are not
    /// visited again.
    fn ride(&mut self, start: u16, from: u16, dest: &mut CellSet, out: &mut Vec<u16>) {
        let rules = self.rules;
        let mut stack: ArrayVec<u16, 8> = ArrayVec::new();
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for n in rules.neighbours(cell) {
                if rules.kind(n) != CellKind::FastLine || n == from || !self.see(n) {
                    continue;
                }
                if !self.empty(n) {
                    continue;
                }
                if dest.put(n) {
                    out.push(n);
                }
                if !self.controlled(n) && !stack.is_full() {
                    stack.push(n);
                }
            }
        }
    }

    /// The cells where a piece on `from` may end a retreat of `back` cells:
    /// each cell on the way empty, passable, on the board and outside the
    /// other side's zone; when `away`, the end lies `back` cells from `from`.
    pub fn retreats(&self, from: u16, back: u8, away: bool, out: &mut Vec<u16>) {
        out.clear();
        let mut path: ArrayVec<u16, 8> = ArrayVec::new();
        path.push(from);
        self.retreat_walk(from, back, away, &mut path, out);
        out.sort_unstable();
        out.dedup();
    }

    fn retreat_walk(
        &self,
        from: u16,
        left: u8,
        away: bool,
        path: &mut ArrayVec<u16, 8>,
        out: &mut Vec<u16>,
    ) {
        let rules = self.rules;
        let Some(&here) = path.last() else { return };
        if left == 0 {
            if !away || rules.distance(from, here) == (path.len() - 1) as u32 {
                out.push(here);
            }
            return;
        }
        for n in rules.neighbours(here) {
            if rules.kind(n) == CellKind::Impassable
                || !self.empty(n)
                || self.controlled(n)
                || path.contains(&n)
                || path.is_full()
            {
                continue;
            }
            path.push(n);
            self.retreat_walk(from, left - 1, away, path, out);
            path.pop();
        }
    }
}

/// The passable cells within `steps` steps of `from` over passable cells,
/// `from` left out, in the order first reached.
fn within(rules: &FieldRules, from: u16, steps: u8) -> Vec<u16> {
    let mut seen = CellSet::new(rules.kinds.len());
    seen.put(from);
    let mut found = vec![(from, 0u8)];
    let mut head = 0;
    while let Some(&(cell, dist)) = found.get(head) {
        head += 1;
        if dist == steps {
            continue;
        }
        for n in rules.neighbours(cell) {
            if rules.kind(n) != CellKind::Impassable && seen.put(n) {
                found.push((n, dist + 1));
            }
        }
    }
    found.into_iter().skip(1).map(|(c, _)| c).collect()
}

/// Every cell a piece on `from` could move to on the empty board, ascending:
/// the passable cells within `reach` steps round impassable ones and, where
/// pieces ride the fast line, every fast-line cell joined along the line to
/// `from` or to one of those. Pieces and zones of control only take cells
/// away: they block or end a path, never open one, so [`Ground::reach`] in
/// any position is a part of this. Empty for an impassable cell, where no
/// piece stands.
pub fn open_reach(rules: &FieldRules, from: u16) -> Vec<u16> {
    if rules.kind(from) == CellKind::Impassable {
        return Vec::new();
    }
    let mut out = within(rules, from, rules.reach);
    if rules.ride {
        let line = |c: u16| rules.kind(c) == CellKind::FastLine;
        let mut seen = CellSet::new(rules.kinds.len());
        let mut stack: Vec<u16> = std::iter::once(from)
            .chain(out.iter().copied())
            .filter(|&c| line(c))
            .collect();
        for &c in &stack {
            seen.put(c);
        }
        while let Some(cell) = stack.pop() {
            for n in rules.neighbours(cell) {
                if line(n) && seen.put(n) {
                    stack.push(n);
                    if n != from {
                        out.push(n);
                    }
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Every cell where a retreat from `from` could end on the empty board,
/// ascending: the passable cells within the longest retreat `longest` of
/// the table over passable cells and, when a retreat must end as far away
/// as it is long (`away`), as far from `from` as one of `lengths`. A
/// retreat's path is of empty, passable cells, so [`Ground::retreats`] in
/// any position for a length among `lengths` is a part of this.
pub fn open_retreats(rules: &FieldRules, from: u16, lengths: &[u8], away: bool) -> Vec<u16> {
    if rules.kind(from) == CellKind::Impassable {
        return Vec::new();
    }
    let longest = lengths.iter().copied().max().unwrap_or(0);
    let mut out: Vec<u16> = within(rules, from, longest)
        .into_iter()
        .filter(|&c| {
            let far = rules.distance(from, c);
            !away || lengths.iter().any(|&n| u32::from(n) == far)
        })
        .collect();
    out.sort_unstable();
    out
}
