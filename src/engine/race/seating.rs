//! Tables precomputed when a game is seated, so that the hot path compares
//! step numbers instead of looking up cells: for every two playing seats,
//! which steps of one's track lie on the cell of each step of the other's.

use super::word::{equal_bytes_mask, zero_bytes_of_word};
use crate::engine::Pieces;
use crate::rules::{MAX_SEATS, OwnEntry, Track};

/// No step: the track does not pass that cell.
pub(crate) const NONE: u8 = u8::MAX;

#[derive(Clone, Debug)]
pub(crate) struct Seating {
    seats: usize,
    stride: usize,
    /// `meet[(a * seats + b) * stride + q]`: the race steps of seat `a`'s
    /// track on the cell of seat `b`'s step `q`.
    meet: Vec<[u8; 2]>,
    /// `again_in[a * stride + q]`: how many steps on from its step `q`
    /// seat `a`'s track comes to the cell of `q` again, [`NONE`] where it
    /// does not. Asked at every check of a piece going on.
    again_in: Vec<u8>,
    /// `takes[a][entering][s]`: whether a piece of seat `a` that lands
    /// on its step `s` takes what another side has there (`entering`: a
    /// piece coming out of its start): everywhere but on a safe cell, and
    /// on the seat's own entry cell where `capture: own_entry` says so.
    /// One byte read on every landing, in place of a bit found and a rule
    /// asked.
    takes: [[[bool; 256]; 2]; MAX_SEATS],
    /// For each seat, the seats whose pieces its view of the race holds:
    /// the other sides', and its own side's too when a blockade stops it.
    viewed: Vec<Vec<u8>>,
    /// For each seat, the other seats whose pieces it takes by landing:
    /// the other sides', and its partners' too when the rules say so.
    prey: Vec<Vec<u8>>,
    /// `prey_steps[a * stride + q]`: the steps of seat `a`'s prey on the
    /// cell of its step `q`, laid out as a state lays out its pieces (seat
    /// after seat, `per_seat` bytes each): prey seat `b`'s bytes hold its
    /// first step on the cell in `[0]` and its second in `[1]`, and every
    /// other byte `NONE`. Comparing them with the pieces' bytes finds at
    /// once whether a landing takes anything. Empty when the pieces do not
    /// fit in 16 bytes.
    prey_steps: Vec<[u128; 2]>,
    /// Whether no prey's track comes to any cell twice where a seat lands
    /// (every second step of `prey_steps` is `NONE`): a landing then asks
    /// only the first.
    prey_once: bool,
    /// The same for the seats each seat's view holds ([`Seating::viewed`]):
    /// whether another side stands on a cell, asked without a view.
    viewed_steps: Vec<[u128; 2]>,
    /// Whether no viewed seat's track comes to any cell twice where a
    /// seat's track goes (every second step of `viewed_steps` is `NONE`).
    viewed_once: bool,
    /// The same for every seat: who stands on a cell, counted at once.
    all_steps: Vec<[u128; 2]>,
    /// Which of the first 16 bytes of the pieces are each seat's, as bit
    /// `i` for byte `i`; empty when the pieces do not fit.
    seat_bytes: Vec<u32>,
    /// The seat whose piece each of the first 16 bytes of the pieces holds.
    byte_seat: [u8; 16],
    /// For each seat `a`, for each of the first 16 bytes of the pieces,
    /// where in `meet` the row of that byte's seat `b` begins as `a` sees
    /// it (`(a * seats + b) * stride`), or [`NO_ROW`] where `a`'s view does
    /// not hold `b`. Empty when the pieces do not fit in 16 bytes.
    byte_rows: Vec<[u32; 16]>,
    /// Each seat's home step in each byte of its pieces, laid out as the
    /// pieces are, in two words (bytes 0..8 and 8..16); 0 past the last seat.
    homes_laid_out: [u64; 2],
    /// For each seat, the high bit of each byte of the pieces its view
    /// holds, in two words as above.
    viewed_bytes: Vec<[u64; 2]>,
}

/// The bits of the pieces (the first 16 bytes of the steps as `word`) on
/// the cell of a row of `viewed_steps`, the second step of the row asked
/// where a track comes to a cell `TWICE`.
#[inline(always)]
fn on_row<const TWICE: bool>(word: u128, [first, second]: [u128; 2]) -> u32 {
    let again = if TWICE {
        equal_bytes_mask(word, second)
    } else {
        0
    };
    equal_bytes_mask(word, first) | again
}

/// Whether none of the rows `passed` of `viewed_steps` holds `crowd` (1
/// or 2) pieces or more, the pieces a blockade needs.
#[inline(always)]
fn passed_clear_in<const TWICE: bool>(word: u128, passed: &[[u128; 2]], crowd: u8) -> bool {
    // Two or more on a step passed: the lowest bit cleared leaves one.
    let lowest = u32::from(crowd > 1);
    let crowded = passed.iter().fold(0, |crowded, &row| {
        let here = on_row::<TWICE>(word, row);
        crowded | (here & here.wrapping_sub(lowest))
    });
    crowded == 0
}

/// The steps passed that [`passed_clear_window`] asks at once: those of a
/// die of six.
const WINDOW: usize = 5;

/// [`passed_clear_in`] for the first `len` (at most [`WINDOW`]) of the rows
/// `window`, the rest read but not counted: every row is asked, so that
/// how far a move goes (which is chance) is not a branch.
#[inline(always)]
fn passed_clear_window<const TWICE: bool>(
    word: u128,
    window: &[[u128; 2]; WINDOW],
    len: usize,
    crowd: u8,
) -> bool {
    let lowest = u32::from(crowd > 1);
    let mut crowded = 0;
    for (k, &row) in window.iter().enumerate() {
        let here = on_row::<TWICE>(word, row);
        let counted = 0u32.wrapping_sub(u32::from(k < len));
        crowded |= here & here.wrapping_sub(lowest) & counted;
    }
    crowded == 0
}

/// The rows of `viewed_steps` of the [`WINDOW`] steps after a move's
/// start, with how many of them it passes.
type Window<'a> = (usize, &'a [[u128; 2]; WINDOW]);

/// [`Seating::way_clear`] over the rows of `viewed_steps` from the step
/// moved from to the landing step.
#[inline(always)]
fn way_clear_in<const TWICE: bool>(word: u128, steps: &[[u128; 2]], crowd: u8) -> bool {
    let [.., landing] = steps else {
        return false;
    };
    if on_row::<TWICE>(word, *landing) != 0 {
        return false;
    }
    let passed = steps.get(1..steps.len() - 1).unwrap_or_default();
    passed_clear_in::<TWICE>(word, passed, crowd)
}

/// No row: a byte of the pieces that a view leaves out.
const NO_ROW: u32 = u32::MAX;

/// For each seat `a` and race step `q`, the steps of the seats `of[a]` on
/// the cell of `a`'s step `q`, laid out as a state lays out its pieces
/// (see [`Seating::prey_steps`]); empty when the pieces do not fit in 16 bytes.
fn steps_laid_out(
    tracks: &[&Track],
    meet: &[[u8; 2]],
    stride: usize,
    per_seat: usize,
    of: &[Vec<u8>],
) -> Vec<[u128; 2]> {
    let seats = tracks.len();
    if seats * per_seat > 16 {
        return Vec::new();
    }
    let mut table = vec![[u128::MAX; 2]; seats * stride];
    for (a, track) in tracks.iter().enumerate() {
        for q in 1..track.home() {
            let steps = &mut table[a * stride + q as usize];
            for &b in &of[a] {
                let b = b as usize;
                let on = meet[(b * seats + a) * stride + q as usize];
                for (visit, &step) in on.iter().enumerate() {
                    for i in b * per_seat..(b + 1) * per_seat {
                        steps[visit] &= !(0xffu128 << (8 * i));
                        steps[visit] |= (step as u128) << (8 * i);
                    }
                }
            }
        }
    }
    table
}

impl Seating {
    /// The tables of `tracks`, one a playing seat, whose sides are `side`;
    /// `with_own` when a seat's view holds its own side's pieces.
    /// `take_partners` when a seat takes its partners' pieces too.
    pub(crate) fn new(
        tracks: &[&Track],
        side: &[u8],
        with_own: bool,
        take_partners: bool,
        own_entry: OwnEntry,
        per_seat: usize,
    ) -> Seating {
        let seats = tracks.len();
        let stride = tracks.iter().map(|t| t.cells.len()).max().unwrap_or(0);
        let mut meet = vec![[NONE; 2]; seats * seats * stride];
        for (a, ta) in tracks.iter().enumerate() {
            for (b, tb) in tracks.iter().enumerate() {
                let home = tb.home();
                for q in 1..home {
                    let cell = tb.cell(q);
                    meet[(a * seats + b) * stride + q as usize] = ta.visits[cell.0 as usize];
                }
            }
        }
        let mut again_in = vec![NONE; seats * stride];
        for (a, ta) in tracks.iter().enumerate() {
            for q in 1..ta.home() {
                let on = meet[(a * seats + a) * stride + q as usize];
                let ahead = on
                    .iter()
                    .filter(|&&s| s != NONE && s > q)
                    .map(|&s| s - q)
                    .min();
                again_in[a * stride + q as usize] = ahead.unwrap_or(NONE);
            }
        }
        let mut takes = [[[true; 256]; 2]; MAX_SEATS];
        for (seat, t) in takes.iter_mut().zip(tracks) {
            for (entering, on_step) in seat.iter_mut().enumerate() {
                for (step, _) in t.safe.iter().enumerate().filter(|(_, s)| **s) {
                    on_step[step.min(255)] = false;
                }
                on_step[1] |= match own_entry {
                    OwnEntry::No => false,
                    OwnEntry::Entering => entering == 1,
                    OwnEntry::Always => true,
                };
            }
        }
        let viewed: Vec<Vec<u8>> = (0..seats)
            .map(|a| {
                (0..seats)
                    .filter(|&b| with_own || side.get(a) != side.get(b))
                    .map(|b| b as u8)
                    .collect()
            })
            .collect();
        let prey: Vec<Vec<u8>> = (0..seats)
            .map(|a| {
                (0..seats)
                    .filter(|&b| b != a && (take_partners || side.get(a) != side.get(b)))
                    .map(|b| b as u8)
                    .collect()
            })
            .collect();
        let lay_out = |of: &[Vec<u8>]| steps_laid_out(tracks, &meet, stride, per_seat, of);
        let prey_steps = lay_out(&prey);
        let prey_once = prey_steps.iter().all(|steps| steps[1] == u128::MAX);
        let viewed_steps = lay_out(&viewed);
        let viewed_once = viewed_steps.iter().all(|steps| steps[1] == u128::MAX);
        let everyone: Vec<Vec<u8>> = vec![(0..seats as u8).collect(); seats];
        let all_steps = lay_out(&everyone);
        // Byte by byte of the pieces, where they fit in 16 bytes.
        let fit = seats * per_seat <= 16 && per_seat > 0;
        let table_seats = if fit { seats } else { 0 };
        let mut byte_rows = vec![[NO_ROW; 16]; table_seats];
        let mut viewed_bytes = vec![[0u64; 2]; table_seats];
        let mut homes_laid_out = [0u64; 2];
        let mut seat_bytes = vec![0u32; table_seats];
        let mut byte_seat = [0u8; 16];
        for i in 0..table_seats * per_seat {
            let b = i / per_seat;
            seat_bytes[b] |= 1 << i;
            byte_seat[i] = b as u8;
            homes_laid_out[i / 8] |= (tracks[b].home() as u64) << (8 * (i % 8));
            for a in (0..seats).filter(|&a| viewed[a].contains(&(b as u8))) {
                byte_rows[a][i] = ((a * seats + b) * stride) as u32;
                viewed_bytes[a][i / 8] |= 0x80 << (8 * (i % 8));
            }
        }
        Seating {
            homes_laid_out,
            viewed_bytes,
            byte_rows,
            prey_steps,
            prey_once,
            viewed_steps,
            viewed_once,
            all_steps,
            seat_bytes,
            byte_seat,
            viewed,
            prey,
            seats,
            stride,
            meet,
            again_in,
            takes,
        }
    }

    /// Whether seat `a`'s run of steps on from step `at` to step `to` comes
    /// to the cell of `at` again.
    #[inline(always)]
    pub(crate) fn comes_back_to(&self, a: usize, at: u8, to: u16) -> bool {
        let ahead = self.again_in.get(a * self.stride + at as usize).copied();
        ahead.is_some_and(|d| d != NONE && to >= at as u16 + d as u16)
    }

    /// Whether a piece of seat `a` landing on its step `step` takes what
    /// another side has there; `entering`: it comes out of its start.
    #[inline(always)]
    pub(crate) fn takes(&self, a: usize, entering: bool, step: u8) -> bool {
        self.takes[a % MAX_SEATS][entering as usize][step as usize]
    }

    /// The seats whose pieces seat `a`'s view of the race holds.
    #[inline]
    pub(crate) fn viewed(&self, a: usize) -> &[u8] {
        &self.viewed[a]
    }

    /// The other seats whose pieces seat `a` takes by landing.
    #[inline]
    pub(crate) fn prey(&self, a: usize) -> &[u8] {
        &self.prey[a]
    }

    /// The steps of seat `a`'s prey on the cell of its step `q`, laid out as
    /// the pieces are (see [`Seating::prey_steps`]); `None` when they do not fit.
    #[inline]
    pub(crate) fn prey_steps(&self, a: usize, q: u8) -> Option<[u128; 2]> {
        self.prey_steps.get(a * self.stride + q as usize).copied()
    }

    /// Whether a landing of seat `a` on its step `q` takes anything, asked
    /// of the pieces' first 16 bytes at once; `None` when they do not fit.
    #[inline(always)]
    pub(crate) fn prey_on(&self, pieces: &Pieces, a: usize, q: u8) -> Option<bool> {
        let [first, second] = self.prey_steps(a, q)?;
        Some(if self.prey_once {
            pieces.any_byte_matches_one(first)
        } else {
            pieces.any_byte_matches([first, second])
        })
    }

    /// Whether the pieces (their first 16 bytes as `word`) that seat `a`'s
    /// view holds leave the way clear from its step `from` to its step
    /// `target`, below its home: none on the landing cell, and on each
    /// step passed fewer than `crowd` (1 or 2), the pieces a blockade needs.
    /// One comparison of all the pieces a step. `None` when they do not fit
    /// in 16 bytes. Apart from [`Seating::way_seen`]: it asks the landing
    /// cell first and stops there, which the one-value draws need (asked
    /// through `way_seen`, the games of a race whose tracks go round a
    /// second lap cost 1% more).
    #[inline(always)]
    pub(crate) fn way_clear(
        &self,
        word: u128,
        a: usize,
        from: u8,
        target: u8,
        crowd: u8,
    ) -> Option<bool> {
        if let Some((passed, landing)) = self.way_window(a, from, target) {
            // The landing cell first: mostly it settles the move.
            return Some(self.empty_row(word, landing) && self.window_clear(word, passed, crowd));
        }
        let steps = self.way_rows(a, from, target)?;
        Some(if self.viewed_once {
            way_clear_in::<false>(word, steps, crowd)
        } else {
            way_clear_in::<true>(word, steps, crowd)
        })
    }

    /// For a move of seat `a` from step `from` to step `target` that
    /// passes at most [`WINDOW`] steps, the rows of `viewed_steps` of the
    /// [`WINDOW`] steps after `from` with how many of them it passes, and
    /// the row of its landing step; `None` for a longer move, or where the
    /// table ends too soon.
    #[inline(always)]
    fn way_window(&self, a: usize, from: u8, target: u8) -> Option<(Window<'_>, &[u128; 2])> {
        let passed = target.checked_sub(from)?.checked_sub(1)?;
        let window = self.passed_window(a, from, passed)?;
        Some((
            window,
            self.viewed_steps.get(a * self.stride + target as usize)?,
        ))
    }

    /// Whether no step of a [`Window`] that the move passes holds `crowd`
    /// pieces or more (the pieces' first 16 bytes as `word`).
    #[inline(always)]
    fn window_clear(&self, word: u128, (len, window): Window, crowd: u8) -> bool {
        if self.viewed_once {
            passed_clear_window::<false>(word, window, len, crowd)
        } else {
            passed_clear_window::<true>(word, window, len, crowd)
        }
    }

    /// Whether no piece stands on the cell of a row of `viewed_steps`.
    #[inline(always)]
    fn empty_row(&self, word: u128, row: &[u128; 2]) -> bool {
        if self.viewed_once {
            on_row::<false>(word, *row) == 0
        } else {
            on_row::<true>(word, *row) == 0
        }
    }

    /// The rows of `viewed_steps` of the [`WINDOW`] steps of seat `a` after
    /// its step `from`, with `passed`, how many of them a move passes;
    /// `None` where it passes more, or the table ends too soon.
    #[inline(always)]
    fn passed_window(&self, a: usize, from: u8, passed: u8) -> Option<Window<'_>> {
        if passed as usize > WINDOW {
            return None;
        }
        let start = a * self.stride + from as usize + 1;
        let window = self
            .viewed_steps
            .get(start..start + WINDOW)?
            .try_into()
            .ok()?;
        Some((passed as usize, window))
    }

    /// The rows of `viewed_steps` of seat `a`'s steps `from` to `target`.
    #[inline(always)]
    fn way_rows(&self, a: usize, from: u8, target: u8) -> Option<&[[u128; 2]]> {
        let row = a * self.stride;
        self.viewed_steps
            .get(row + from as usize..=row + target as usize)
    }

    /// What [`Seating::way_clear`] asks, as its two answers: whether the
    /// steps passed are clear, and whether the landing cell is empty. One
    /// walk serves a move whose landing cell alone holds pieces.
    #[inline(always)]
    pub(crate) fn way_seen(
        &self,
        word: u128,
        a: usize,
        from: u8,
        target: u8,
        crowd: u8,
    ) -> Option<(bool, bool)> {
        if let Some((passed, landing)) = self.way_window(a, from, target) {
            return Some((
                self.window_clear(word, passed, crowd),
                self.empty_row(word, landing),
            ));
        }
        let steps = self.way_rows(a, from, target)?;
        let [.., landing] = steps else {
            return None;
        };
        let passed = steps.get(1..steps.len() - 1).unwrap_or_default();
        Some(if self.viewed_once {
            (
                passed_clear_in::<false>(word, passed, crowd),
                on_row::<false>(word, *landing) == 0,
            )
        } else {
            (
                passed_clear_in::<true>(word, passed, crowd),
                on_row::<true>(word, *landing) == 0,
            )
        })
    }

    /// [`Seating::way_clear`] for the steps passed alone, the landing cell
    /// left out: whether no step after `from` and before `target` holds
    /// `crowd` pieces or more.
    #[inline(always)]
    pub(crate) fn passed_clear(
        &self,
        word: u128,
        a: usize,
        (from, target): (u8, u8),
        crowd: u8,
    ) -> Option<bool> {
        // No tables where the pieces do not fit them: nothing to answer by.
        if !self.has_viewed_steps() {
            return None;
        }
        let count = target.saturating_sub(from).saturating_sub(1);
        if let Some(window) = self.passed_window(a, from, count) {
            return Some(self.window_clear(word, window, crowd));
        }
        let row = a * self.stride;
        let passed = match target.checked_sub(1) {
            Some(last) if last > from => self
                .viewed_steps
                .get(row + from as usize + 1..=row + last as usize)?,
            _ => &[],
        };
        Some(if self.viewed_once {
            passed_clear_in::<false>(word, passed, crowd)
        } else {
            passed_clear_in::<true>(word, passed, crowd)
        })
    }

    /// Whether the tables of steps laid out as the pieces are exist.
    pub(crate) fn has_viewed_steps(&self) -> bool {
        !self.viewed_steps.is_empty()
    }

    /// The steps of the seats seat `a`'s view holds on the cell of its step
    /// `q`, laid out as the pieces are; `None` when they do not fit.
    #[inline]
    pub(crate) fn viewed_steps(&self, a: usize, q: u8) -> Option<[u128; 2]> {
        self.viewed_steps.get(a * self.stride + q as usize).copied()
    }

    /// The steps of every seat on the cell of seat `a`'s step `q`, laid out
    /// as the pieces are; `None` when they do not fit.
    #[inline]
    pub(crate) fn all_steps(&self, a: usize, q: u8) -> Option<[u128; 2]> {
        self.all_steps.get(a * self.stride + q as usize).copied()
    }

    /// Bit `i` set for each byte `i` of seat `b`'s among the first 16
    /// bytes of the pieces (they fit there when [`Seating::all_steps`] answers).
    #[inline]
    pub(crate) fn seat_bytes(&self, b: usize) -> u32 {
        self.seat_bytes.get(b).copied().unwrap_or(0)
    }

    /// The seat whose piece byte `i` of the first 16 bytes of the pieces holds.
    #[inline]
    pub(crate) fn byte_seat(&self, i: usize) -> usize {
        self.byte_seat[i & 15] as usize
    }

    /// Calls `f(seat, bits)` for each seat with pieces among the bits
    /// `found` of the first 16 bytes of the pieces, with its bits among
    /// them: seat by seat, mostly one or two.
    #[inline(always)]
    pub(crate) fn each_seat_in(&self, found: u32, mut f: impl FnMut(usize, u32)) {
        let mut left = found;
        while left != 0 {
            let seat = self.byte_seat(left.trailing_zeros() as usize);
            // The lowest byte is that seat's: taken with them, so the loop ends.
            let theirs = left & (self.seat_bytes(seat) | left.wrapping_neg());
            left &= !theirs;
            f(seat, theirs);
        }
    }

    /// For seat `a`'s view, where each of the first 16 bytes of the pieces
    /// finds its row of `meet` ([`Seating::meet_at`]); `None` when the
    /// pieces do not fit in 16 bytes.
    #[inline]
    pub(crate) fn byte_rows(&self, a: usize) -> Option<&[u32; 16]> {
        self.byte_rows.get(a)
    }

    /// Bit `i` set when byte `i` of `steps` (the first 16 bytes of the
    /// pieces) holds a piece that seat `a`'s view holds, on its way: not at
    /// its start, not home. Only for pieces that fit in 16 bytes.
    #[inline(always)]
    pub(crate) fn viewed_on_way(&self, a: usize, steps: &[u8; 16]) -> u32 {
        let Some(viewed) = self.viewed_bytes.get(a) else {
            return 0;
        };
        let mut live = 0u32;
        for half in 0..2 {
            let mut word = [0u8; 8];
            word.copy_from_slice(&steps[half * 8..half * 8 + 8]);
            let word = u64::from_le_bytes(word);
            let on_way =
                !(zero_bytes_of_word(word) | zero_bytes_of_word(word ^ self.homes_laid_out[half]));
            let high = on_way & viewed[half];
            // The high bit of each byte, gathered into the top byte.
            let bits = ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
            live |= bits << (8 * half);
        }
        live
    }

    /// The race steps at place `at` of `meet`: a row from
    /// [`Seating::byte_rows`] plus a step.
    #[inline(always)]
    pub(crate) fn meet_at(&self, at: usize) -> [u8; 2] {
        self.meet.get(at).copied().unwrap_or([NONE; 2])
    }

    /// For every step `q` of seat `b`, the race steps of seat `a` on its cell.
    #[inline]
    pub(crate) fn row(&self, a: usize, b: usize) -> &[[u8; 2]] {
        let start = (a * self.seats + b) * self.stride;
        &self.meet[start..start + self.stride]
    }

    /// The race steps of seat `a` on the cell of seat `b`'s step `q`.
    #[inline]
    pub(crate) fn meet(&self, a: usize, b: usize, q: u8) -> [u8; 2] {
        self.meet[(a * self.seats + b) * self.stride + q as usize]
    }
}

/// Where a plain move ends, for every seat, step and small value: what
/// [`Fast::reach_on`](super::fast::Fast::reach_on) works out without going
/// round, read in one step. [`NONE`] for a move past home.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ends {
    ends: Vec<u8>,
    /// Steps a seat: the longest track's home step and one.
    steps: usize,
    /// Values a step: the largest the rules can give and one.
    values: usize,
    /// Each seat's home step, as in [`Seating`]: kept beside the table, as
    /// the lookup reads one struct (asking the seating costs 1–3% more).
    homes: [u8; MAX_SEATS],
}

impl Ends {
    /// The table for `seats` seats whose homes are `homes`, values below
    /// `values`, each end given by `end`.
    pub(crate) fn new(homes: &[u8], values: usize, end: impl Fn(usize, u8, u8) -> u8) -> Ends {
        let steps = homes.iter().map(|&h| h as usize + 1).max().unwrap_or(0);
        let mut table = Ends {
            ends: vec![NONE; homes.len() * steps * values],
            steps,
            values,
            homes: [0; MAX_SEATS],
        };
        for (seat, &home) in homes.iter().enumerate().take(MAX_SEATS) {
            table.homes[seat] = home;
            for from in 0..=home {
                for value in 0..values {
                    let at = (seat * steps + from as usize) * values + value;
                    table.ends[at] = end(seat, from, value as u8);
                }
            }
        }
        table
    }

    /// Where a plain move of `seat`'s piece at step `from` by `value` ends;
    /// `None` where the table does not hold it.
    #[inline(always)]
    pub(crate) fn end(&self, seat: usize, from: u8, value: u8) -> Option<u8> {
        if (value as usize) >= self.values || from > *self.homes.get(seat)? {
            return None;
        }
        let at = (seat * self.steps + from as usize) * self.values + value as usize;
        self.ends.get(at).copied()
    }
}

impl crate::Game {
    /// The table of where plain moves end, for values up to the largest the
    /// rules give: a die, two dice together, a bottom face or a bonus.
    pub(crate) fn ends_table(&self) -> Ends {
        if !self.is_race {
            return Ends::default();
        }
        let rules = &self.rules;
        let die = rules.dice.largest_value();
        let largest = [
            die.saturating_mul(2),
            rules.dice.bottoms_sum,
            rules.capture.bonus,
            rules.home.bonus,
        ]
        .into_iter()
        .max()
        .unwrap_or(0);
        let homes: Vec<u8> = (0..self.seats.len())
            .map(|s| self.race.hot.home[s])
            .collect();
        Ends::new(&homes, largest as usize + 1, |seat, from, value| {
            self.fast()
                .reach_on_worked_out(seat, from, value, false)
                .unwrap_or(NONE)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::Game;
    use crate::engine::state::Pieces;

    /// Ludo's tracks meet each cell once, so a landing asks one step of
    /// each prey; Parcheesi's pieces may go round a second lap, so a cell
    /// there is two steps of a track. Either way a piece on the landing
    /// cell is found, and none elsewhere.
    #[test]
    fn a_landing_finds_the_prey_on_its_cell_however_often_tracks_meet_it() {
        for (name, once) in [("ludo", true), ("parcheesi", false)] {
            let game = Game::bundled(name, Some(2)).expect("bundled");
            let seating = &game.race.seating;
            assert_eq!(seating.prey_once, once, "{name}");
            // The second seat's piece (byte 4) on the cell of the first
            // seat's step 20, on the way round that both go.
            let steps = seating.prey_steps(0, 20).expect("the pieces fit 16 bytes");
            let theirs = (steps[0] >> (8 * 4)) as u8;
            assert_ne!(theirs, super::NONE, "{name}: both tracks pass there");
            let mut lists = vec![vec![0u8; 4]; 2];
            lists[1] = vec![0, 0, 0, theirs];
            let pieces = Pieces::from_lists(&lists).expect("pieces");
            assert_eq!(seating.prey_on(&pieces, 0, 20), Some(true), "{name}");
            assert_eq!(seating.prey_on(&pieces, 0, 21), Some(false), "{name}");
            // On a second lap the same cell is a later step of theirs.
            let again = (steps[1] >> (8 * 4)) as u8;
            assert_eq!(again == super::NONE, once, "{name}");
            if !once {
                lists[1] = vec![0, 0, 0, again];
                let pieces = Pieces::from_lists(&lists).expect("pieces");
                assert_eq!(seating.prey_on(&pieces, 0, 20), Some(true), "{name}");
            }
        }
    }

    /// A move that passes at most a window of steps is walked over the
    /// whole window, the steps past its landing read but not counted: it
    /// answers as the walk of its own steps does, for every such move of
    /// every seat in positions of random games, blockades or single
    /// pieces making a step crowded, on tracks that come to each cell once
    /// (Ludo) and twice (Parcheesi, whose pieces may go round again).
    #[test]
    fn a_short_move_is_walked_in_a_window_as_step_by_step() {
        use super::{WINDOW, passed_clear_in, way_clear_in};
        let mut refused = 0usize;
        for name in ["ludo", "parcheesi", "russian-pachisi"] {
            let game = Game::bundled(name, Some(4)).expect("bundled");
            let seating = &game.race.seating;
            let mut windows = 0usize;
            for state in crate::engine::race::legal::tests::positions(&game, 7, 120) {
                let word = state.pieces.first_word();
                for seat in 0..4 {
                    let home = game.race.hot.home[seat];
                    for from in 0..home {
                        let last = (from as usize + WINDOW + 2).min(home as usize) as u8;
                        for target in from + 1..=last {
                            let Some(rows) = seating.way_rows(seat, from, target) else {
                                continue;
                            };
                            let passed = &rows[1..rows.len() - 1];
                            // Outside a window both sides walk step by step.
                            let in_window = seating.way_window(seat, from, target).is_some();
                            windows += usize::from(in_window);
                            for crowd in [1, 2] {
                                let (clear, passed_clear) = if seating.viewed_once {
                                    (
                                        way_clear_in::<false>(word, rows, crowd),
                                        passed_clear_in::<false>(word, passed, crowd),
                                    )
                                } else {
                                    (
                                        way_clear_in::<true>(word, rows, crowd),
                                        passed_clear_in::<true>(word, passed, crowd),
                                    )
                                };
                                let at = format!(
                                    "{name}: seat {seat}, {from} to {target}, crowd {crowd}, {state:?}"
                                );
                                assert_eq!(
                                    seating.way_clear(word, seat, from, target, crowd),
                                    Some(clear),
                                    "{at}"
                                );
                                let (seen_passed, landing_empty) = seating
                                    .way_seen(word, seat, from, target, crowd)
                                    .expect("the rows exist");
                                assert_eq!(seen_passed, passed_clear, "{at}");
                                assert_eq!(
                                    seating.passed_clear(word, seat, (from, target), crowd),
                                    Some(passed_clear),
                                    "{at}"
                                );
                                assert_eq!(seen_passed && landing_empty, clear, "{at}");
                                refused += usize::from(!clear && in_window);
                            }
                        }
                    }
                }
            }
            assert!(
                windows > 100_000,
                "{name}: only {windows} moves walked in a window"
            );
        }
        assert!(refused > 100_000, "only {refused} ways refused in a window");
    }
}
