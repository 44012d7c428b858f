//! Which moves the rules allow, and why a move is refused.
//!
//! Legal-action generation and the checked apply share one function,
//! [`Game::check_move`], so the list of legal actions and the reason given
//! for a refusal can never disagree.

use arrayvec::ArrayVec;

use super::{Game, State, hot::ENTRY_BITS, seating::NONE, state::PoolValue};
use crate::rules::{MAX_PIECES, OwnEntry, board::CellId};

/// Why the rules refuse an action. Cheap to make; turned into words by
/// [`Game::explain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// A rule of a field game (hex board, movement, combat) refuses it.
    Field(super::field::FieldRefusal),
    /// The state does not have the shape of this game ([`Game::fits`]).
    BadState,
    /// The dice must be thrown before anything moves.
    MustThrow,
    /// A throw was given where a seat must choose.
    NotThrowing,
    /// Who begins must be decided first.
    WhoBegins,
    /// Who begins was decided already.
    AlreadyBegun,
    /// No outcome of the dice has that index.
    NoSuchOutcome,
    /// No waiting value equals the one asked for.
    NoSuchValue,
    /// Fewer pieces than asked stand at that step.
    NoPieces,
    /// A move of zero pieces.
    EmptyGroup,
    /// Pieces at home do not move.
    AlreadyHome,
    /// Pieces leave their start one at a time.
    GroupFromStart,
    /// The rules do not let pieces move together (`stacks: groups`).
    NoGroups,
    /// This value does not let a piece out (`entry: on` / `first_on`).
    EntryValue {
        /// Whether the `first_on` rule applied.
        first: bool,
    },
    /// The value goes past home (`home: exact`).
    Overshoot,
    /// An opponent's blockade stands in the way (`stacks: pass`).
    Blockade(CellId, u8),
    /// An opponent's blockade stands on the cell, and the move cannot take it (`stacks: take`).
    LandOnBlockade(CellId, u8),
    /// A usable value may not be left unused (`turn: must_move`).
    MustMove,
    /// The cell would hold more pieces than the rules allow (`stacks: max`, `own_max`).
    CellFull(CellId),
    /// A value that can bring a piece out must do so (`entry: forced`).
    MustEnter,
    /// Another move lets more of the waiting values be used, or uses the larger (`turn: use = most`).
    MustUseMost,
    /// A blockade that has stood its time must be broken first (`stacks: blockade_turns`).
    BlockadeOverdue,
    /// While pieces wait, the piece on the first step moves on first (`entry: clear_start`).
    MustClearStart,
    /// A jump over a blockade must land on an empty cell or take (`stacks: pass = with_doubles`).
    JumpLanding(CellId),
    /// The move does not reach the track's detour, so it cannot go round (`seat: detour`).
    NoDetour,
    /// Bonuses are used after the dice (`turn: bonus = after_dice`).
    BonusAfterDice,
    /// A safe cell held by another side cannot be landed on (`capture: safe_shared = no`).
    SafeTaken(CellId),
    /// Two pieces of one blockade may not go to the same cell in one throw (`stacks: pairs = apart`).
    PairApart(CellId),
}

/// Pieces on race steps, merged by cell and side: (cell, side, count).
/// Used to check a whole position; the hot path uses [`View`].
pub(crate) struct Occupancy {
    entries: ArrayVec<(CellId, u8, u8), MAX_PIECES>,
}

impl Occupancy {
    pub(crate) fn of(game: &Game, state: &State) -> Occupancy {
        let mut entries: ArrayVec<(CellId, u8, u8), MAX_PIECES> = ArrayVec::new();
        for (seat, steps) in state.pieces.iter().enumerate() {
            let track = game.track(seat);
            let home = track.home();
            let side = game.side[seat];
            for &step in steps {
                if step == 0 || step >= home {
                    continue;
                }
                let cell = track.cell(step);
                match entries
                    .iter_mut()
                    .find(|(c, s, _)| *c == cell && *s == side)
                {
                    Some(entry) => entry.2 += 1,
                    None => entries.push((cell, side, 1)),
                }
            }
        }
        Occupancy { entries }
    }
}

/// The other sides' pieces as one seat sees them: for each, the steps of
/// the seat's own track on its cell (two at most) and its side. Pieces on
/// cells the seat never passes are left out. Built once per decision from
/// the seating tables; blockades are counted only when a piece stands in
/// the way, which is rare.
pub(crate) struct View {
    pieces: ArrayVec<(u8, u8, u8), MAX_PIECES>,
    /// Bit `s` set when the seat's step `s` holds another side's piece.
    occupied: [u64; 4],
}

impl View {
    #[inline]
    pub(crate) fn new(game: &Game, state: &State, seat: usize) -> View {
        let side = game.side[seat];
        // A blockade that stops its own side needs the side's pieces too.
        let with_own = game.hot.view_own;
        let mut view = View {
            pieces: ArrayVec::new(),
            occupied: [0; 4],
        };
        for (other, steps) in state.pieces.iter().enumerate() {
            let other_side = game.side[other];
            if other_side == side && !with_own {
                continue;
            }
            let home = game.seating.home(other);
            let row = game.seating.row(seat, other);
            // Sorted: pieces at the start come first, those home last.
            for &step in steps.iter().skip_while(|&&s| s == 0) {
                if step >= home {
                    break;
                }
                let [first, second] = row[step as usize];
                if first != NONE {
                    // Capacity: a view never holds more pieces than the state.
                    let _ = view.pieces.try_push((first, second, other_side));
                    view.mark(first);
                    if second != NONE {
                        view.mark(second);
                    }
                }
            }
        }
        view
    }

    fn mark(&mut self, step: u8) {
        self.occupied[(step >> 6) as usize] |= 1 << (step & 63);
    }

    /// Whether another side's piece stands at a step in `from..=to`.
    fn any_in(&self, from: u8, to: u8) -> bool {
        if from > to {
            return false;
        }
        let (lo, hi) = (from as usize, to as usize);
        if lo / 64 == hi / 64 {
            let mask = (u64::MAX << (lo % 64)) & (u64::MAX >> (63 - hi % 64));
            return self.occupied[lo / 64] & mask != 0;
        }
        (lo / 64..=hi / 64).any(|w| {
            let start = if w == lo / 64 { lo % 64 } else { 0 };
            let end = if w == hi / 64 { hi % 64 } else { 63 };
            let mask = (u64::MAX << start) & (u64::MAX >> (63 - end));
            self.occupied[w] & mask != 0
        })
    }

    /// The most pieces of one side on the cell of the seat's step `step`.
    fn largest_at(&self, step: u8, skip_side: Option<u8>) -> u8 {
        let mut largest = 0;
        for &(first, second, side) in &self.pieces {
            if (first == step || second == step) && Some(side) != skip_side {
                let count = self
                    .pieces
                    .iter()
                    .filter(|p| p.2 == side && (p.0 == step || p.1 == step))
                    .count() as u8;
                largest = largest.max(count);
            }
        }
        largest
    }
}

impl Game {
    /// Checks a move of `count` pieces of the seat to move from step
    /// `from` by `value`; on success, the step they reach.
    pub(crate) fn check_move(
        &self,
        state: &State,
        view: &View,
        from: u8,
        count: u8,
        value: PoolValue,
        round: bool,
    ) -> Result<u8, Refusal> {
        let seat = state.mover as usize;
        let hot = &self.hot;
        let home = self.seating.home(seat);
        let pieces = &state.pieces[seat];
        if count == 0 {
            return Err(Refusal::EmptyGroup);
        }
        if value.bonus && hot.bonus_after_dice && state.pool.iter().any(|v| !v.bonus) {
            return Err(Refusal::BonusAfterDice);
        }
        if from >= home {
            return Err(if from == home {
                Refusal::AlreadyHome
            } else {
                Refusal::NoPieces
            });
        }
        // Pieces are sorted: those at `from` stand together.
        let at = pieces.partition_point(|&s| s < from);
        if pieces.get(at + count as usize - 1) != Some(&from) {
            return Err(Refusal::NoPieces);
        }
        let target = if from == 0 {
            if count > 1 {
                return Err(Refusal::GroupFromStart);
            }
            let first = if hot.first_of_game {
                !state.entered[seat]
            } else {
                // Sorted: after the pieces at the start, the next is out or home.
                pieces.iter().find(|&&s| s > 0).is_none_or(|&s| s >= home)
            };
            if !self.entry_allows(first, value) {
                return Err(Refusal::EntryValue { first });
            }
            if hot.entry_moves_score {
                self.reach_on(seat, 0, value.value, round)?
            } else if round {
                return Err(Refusal::NoDetour);
            } else {
                1
            }
        } else {
            if count > 1 && !hot.groups {
                return Err(Refusal::NoGroups);
            }
            self.reach_on(seat, from, value.value, round)?
        };
        let blockade = hot.blockade;
        let mut jumped = false;
        if blockade > 0 && view.any_in(from + 1, target.saturating_sub(1)) {
            for &(first, second, _) in &view.pieces {
                let between = |s: u8| s != NONE && s > from && s < target;
                if between(first) || between(second) {
                    let at = if between(first) { first } else { second };
                    let n = view.largest_at(at, None);
                    let passes = (hot.group_passes && count >= n)
                        || (hot.doubles_pass && state.doubles && !value.bonus && n == blockade);
                    if n >= blockade && !passes {
                        return Err(Refusal::Blockade(self.track(seat).cell(at), n));
                    }
                    jumped |= n >= blockade;
                }
            }
        }
        let occupied = target < home && view.any_in(target, target);
        if occupied {
            let side = self.side[seat];
            let largest = view.largest_at(target, Some(side));
            if largest > 0 {
                let takes = hot.by_landing && self.takes_on(seat, from, target);
                if takes
                    && blockade > 0
                    && largest >= blockade
                    && !(hot.take_as_many && count >= largest)
                {
                    return Err(Refusal::LandOnBlockade(
                        self.track(seat).cell(target),
                        largest,
                    ));
                }
                if !takes && !hot.safe_shared {
                    return Err(Refusal::SafeTaken(self.track(seat).cell(target)));
                }
                // A jump over a blockade lands on an empty cell or takes
                // what stands there (stacks: pass = with_doubles).
                if jumped && hot.doubles_pass && !takes {
                    return Err(Refusal::JumpLanding(self.track(seat).cell(target)));
                }
            }
        }
        // The two pieces of a blockade split in this throw may not meet
        // again on a new cell (stacks: pairs = apart).
        if let Some((a, b)) = state.split
            && ((from == a && target == b) || (from == b && target == a))
        {
            return Err(Refusal::PairApart(self.track(seat).cell(target)));
        }
        if (hot.stack_max > 0 || hot.own_max > 0) && target < home {
            if hot.view_own && !occupied {
                // The view holds every seat's pieces and none stands on
                // the cell: only the moving pieces will.
                if (hot.own_max > 0 && count > hot.own_max)
                    || (hot.stack_max > 0 && count > hot.stack_max)
                {
                    return Err(Refusal::CellFull(self.track(seat).cell(target)));
                }
            } else {
                self.check_cell_room(state, seat, from, count, target)?;
            }
        }
        Ok(target)
    }

    /// Whether `value` lets the seat's (first) piece leave its start (entry: on, first_on).
    #[inline]
    pub(crate) fn entry_allows(&self, first: bool, value: PoolValue) -> bool {
        if value.value >= ENTRY_BITS {
            let entry = &self.rules.entry;
            let throws = if first { &entry.first_on } else { &entry.on };
            return throws.allows(value.value, value.again);
        }
        let bits = if first {
            self.hot.entry_first_on
        } else {
            self.hot.entry_on
        };
        bits[value.again as usize] & (1 << value.value) != 0
    }

    /// Whether the cell of `seat`'s step `target` has room for `count` more
    /// pieces (moving from `from`), after any capture the move makes. The
    /// seating tables give each seat's steps on that cell.
    fn check_cell_room(
        &self,
        state: &State,
        seat: usize,
        from: u8,
        count: u8,
        target: u8,
    ) -> Result<(), Refusal> {
        let hot = &self.hot;
        let safe = !self.takes_on(seat, from, target);
        // Race steps are never NONE, so a missing step matches no piece.
        let on = |steps: &[u8], [a, b]: [u8; 2]| {
            steps.iter().filter(|&&s| s == a || s == b).count() as u8
        };
        let mut own = 0u8;
        let mut staying = 0u8;
        for (other, steps) in state.pieces.iter().enumerate() {
            let meet = self.seating.meet(other, seat, target);
            let here = on(steps, meet);
            if other == seat {
                // Pieces moving within the cell do not count twice.
                let leaving = if from == meet[0] || from == meet[1] {
                    count
                } else {
                    0
                };
                own = here - leaving;
            } else {
                let partner = self.side[other] == self.side[seat];
                let taken = hot.by_landing && !safe && (!partner || hot.partners);
                if !taken {
                    staying += here;
                }
            }
        }
        if (hot.own_max > 0 && own + count > hot.own_max)
            || (hot.stack_max > 0 && own + staying + count > hot.stack_max)
        {
            return Err(Refusal::CellFull(self.track(seat).cell(target)));
        }
        Ok(())
    }

    /// Whether a piece of `seat` moving from `from` may take on its step
    /// `target`: a safe cell protects, except on the seat's own entry cell
    /// where the rules allow it (capture: own_entry).
    pub(crate) fn takes_on(&self, seat: usize, from: u8, target: u8) -> bool {
        if !self.seating.safe(seat, target) {
            return true;
        }
        target == 1
            && match self.hot.own_entry {
                OwnEntry::No => false,
                OwnEntry::Entering => from == 0,
                OwnEntry::Always => true,
            }
    }

    /// Two waiting die values (slots, ascending) whose sum is `sum`.
    pub(crate) fn sum_pair(&self, state: &State, sum: u8) -> Option<(usize, usize)> {
        let pool = &state.pool;
        (0..pool.len()).find_map(|i| {
            (i + 1..pool.len()).find_map(|j| {
                (!pool[i].bonus
                    && !pool[j].bonus
                    && pool[i].value as u16 + pool[j].value as u16 == sum as u16)
                    .then_some((i, j))
            })
        })
    }

    /// The step `value` steps on from `from` along `seat`'s track: a move that
    /// would enter the track's detour leaves it out, unless `round` (the
    /// mover goes round); `round` is refused where there is no choice.
    pub(crate) fn reach_on(
        &self,
        seat: usize,
        from: u8,
        value: u8,
        round: bool,
    ) -> Result<u8, Refusal> {
        let home = self.seating.home(seat);
        let plain = from as u16 + value as u16;
        match self.seating.detour(seat) {
            Some((a, b)) if from < a && plain >= a as u16 => {
                if round {
                    return self.reach(from, value, home);
                }
                // Leaving the detour out: the steps after it count on.
                let target = plain + (b - a + 1) as u16;
                if target <= home as u16 {
                    Ok(target as u8)
                } else if !self.hot.home_exact {
                    Ok(home)
                } else {
                    Err(Refusal::Overshoot)
                }
            }
            _ if round => Err(Refusal::NoDetour),
            _ => self.reach(from, value, home),
        }
    }

    /// The step `value` steps on from `from`, under the rules of home.
    pub(crate) fn reach(&self, from: u8, value: u8, home: u8) -> Result<u8, Refusal> {
        let target = from as u16 + value as u16;
        if target <= home as u16 {
            return Ok(target as u8);
        }
        let hot = &self.hot;
        if !hot.home_exact {
            return Ok(home);
        }
        let short = home - from;
        if hot.near_smallest && short < hot.smallest && value == hot.smallest {
            return Ok(home);
        }
        Err(Refusal::Overshoot)
    }
}

impl Occupancy {
    /// A description of two sides sharing a cell where the rules would have
    /// made one take the other, if any.
    pub(crate) fn clash(&self, game: &Game) -> Option<String> {
        let rules = game.rules();
        if !rules.capture.by_landing {
            return None;
        }
        for (i, &(cell, side, _)) in self.entries.iter().enumerate() {
            if rules.capture.safe.contains(&cell) {
                continue;
            }
            if self.entries[i + 1..]
                .iter()
                .any(|&(c, s, _)| c == cell && s != side)
            {
                return Some(format!(
                    "two sides share {}, which is not safe",
                    rules.board.cell_name(cell)
                ));
            }
        }
        None
    }
}
