//! A seat's pieces as one word, a byte a piece: where a seat has at most
//! eight pieces and its steps stay below 128, whole questions about its
//! pieces (which stand at the start, which lead a group, how many there
//! are) are asked of all of them at once, without a branch a piece. Which
//! piece can move is chance in a random game, so a branch on it is mostly
//! guessed wrong. A piece moved up is put in its place in the word past
//! step 127 too, by an unsigned comparison of the bytes. Where all the
//! pieces fit in 16 bytes, a question about one cell is asked of all of
//! them by one vector comparison.

use super::fast::Fast;
use crate::engine::{Pieces, State};
use crate::rules::MAX_PIECES;

/// The high bit of each byte.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;
/// 1 in each byte: a byte times this is that byte in each.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;

/// The high bit of each byte of `x` below the byte at its place in `y`,
/// every byte of both below 128, and no other bit.
#[inline(always)]
pub(crate) fn below_bytes(x: u64, y: u64) -> u64 {
    !((x | HIGH) - y) & HIGH
}

/// The bits below bit `n` (at most 64).
#[inline(always)]
pub(crate) fn low_bits(n: u32) -> u64 {
    ((1u128 << n) - 1) as u64
}

/// How many bytes of `bits` have their high bit set, `bits` having no
/// other bit: by a multiply, where `count_ones` is a loop on processors
/// without its instruction.
#[inline(always)]
pub(crate) fn bytes_set(bits: u64) -> u8 {
    ((bits >> 7).wrapping_mul(ONES) >> 56) as u8
}

/// A seat's steps as one word (`live`: the high bit of each of its
/// bytes), ascending, with the piece whose byte's high bit is `piece`
/// moved up to step `target` (every step below 128): it goes after the
/// pieces below its new step, and those between move down a byte, so the
/// steps stay sorted. The pieces below `target` are the first bytes, the
/// moved one among them: the last of them is where it goes.
#[inline(always)]
pub(crate) fn moved_up_in_word(steps: u64, live: u64, piece: u64, target: u8) -> u64 {
    let up_to_new = whole_bytes(below_bytes(steps, target as u64 * ONES) & live);
    moved_up_to(steps, piece, target, up_to_new)
}

/// [`moved_up_in_word`] for steps of any size (`target` above 0): the
/// steps below `target` found by an unsigned comparison of the bytes.
#[inline(always)]
pub(crate) fn moved_up_in_long_word(steps: u64, live: u64, piece: u64, target: u8) -> u64 {
    let up_to_new = bytes_between(steps, 0, target.saturating_sub(1)) & whole_bytes(live);
    moved_up_to(steps, piece, target, up_to_new)
}

/// The moving of [`moved_up_in_word`], `up_to_new` the whole bytes of the
/// pieces below the new step.
#[inline(always)]
fn moved_up_to(steps: u64, piece: u64, target: u8, up_to_new: u64) -> u64 {
    let before = (piece >> 7).wrapping_sub(1);
    let between = (up_to_new >> 8) & !before;
    let new = up_to_new & !(up_to_new >> 8);
    (steps & (before | !up_to_new)) | ((steps >> 8) & between) | ((target as u64 * ONES) & new)
}

/// `j / n` by a multiply, for `j` below 64 and `n` from 1 to 16 (others
/// are taken as the nearest of those): a division takes as long as a
/// dozen other steps. Exact, as the rounded-up reciprocal adds less than
/// 64 / 2^16 to a quotient at most 15/16 past a whole number.
#[inline(always)]
pub(crate) fn small_quotient(j: usize, n: usize) -> usize {
    const RECIPROCALS: [usize; 17] = {
        let mut r = [0; 17];
        let mut n = 1;
        while n < 17 {
            r[n] = (1usize << 16).div_ceil(n);
            n += 1;
        }
        r
    };
    (j * RECIPROCALS[n.clamp(1, 16)]) >> 16
}

/// Each byte whose high bit `bits` has set made whole (0xFF).
#[inline(always)]
pub(crate) fn whole_bytes(bits: u64) -> u64 {
    (bits >> 7) * 0xFF
}

/// The high bit of each byte of `x` that is 0.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Adding 0x7F to the low seven bits carries into a byte's high bit
    // where any of them is set; none carries into the next byte.
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// Bit `i` set where the high bit of byte `i` of `bits` is set: one
/// multiplication gathers the eight high bits into the top byte.
#[inline(always)]
fn gather_high_bits(bits: u64) -> u32 {
    ((bits >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit `i` set where byte `i` of `a` equals byte `i` of `b`: one vector
/// comparison where the processor has SSE2 (every x86-64 does).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(crate) fn equal_bytes_mask(a: u128, b: u128) -> u32 {
    use safe_arch::{cmp_eq_mask_i8_m128i, m128i, move_mask_i8_m128i};
    move_mask_i8_m128i(cmp_eq_mask_i8_m128i(m128i::from(a), m128i::from(b))) as u32
}

/// Bit `i` set where byte `i` of `a` equals byte `i` of `b`: each half
/// compared as one word.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
pub(crate) fn equal_bytes_mask(a: u128, b: u128) -> u32 {
    equal_bytes_mask_in_words(a, b)
}

/// [`equal_bytes_mask`] by word tricks, for any processor.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline(always)]
fn equal_bytes_mask_in_words(a: u128, b: u128) -> u32 {
    let x = a ^ b;
    gather_high_bits(zero_bytes(x as u64)) | gather_high_bits(zero_bytes((x >> 64) as u64)) << 8
}

/// [`equal_bytes_mask`] a byte at a time: the measure the test holds the
/// word one to.
#[cfg(test)]
fn equal_bytes_mask_by_byte(a: u128, b: u128) -> u32 {
    let (a, b) = (a.to_le_bytes(), b.to_le_bytes());
    (0..16).fold(0, |m, i| m | u32::from(a[i] == b[i]) << i)
}

/// The high bit of each byte of `x` that is not below the same byte of
/// `y` (unsigned): the low seven bits compared by one subtraction that
/// borrows from no other byte, the high bits apart.
#[inline(always)]
fn bytes_at_least(x: u64, y: u64) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let low_at_least = (x | HIGH) - (y & !HIGH);
    let differ = x ^ y;
    ((differ & x) | (!differ & low_at_least)) & HIGH
}

/// Each byte of `word` from `low` to `high` (unsigned, both included)
/// made whole (0xFF), the others 0: two saturating subtractions of all
/// eight bytes at once where the processor has SSE2.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[inline(always)]
pub(crate) fn bytes_between(word: u64, low: u8, high: u8) -> u64 {
    use safe_arch::{
        bitor_m128i, cmp_eq_mask_i8_m128i, m128i, set_splat_i8_m128i, sub_saturating_u8_m128i,
        zeroed_m128i,
    };
    let x = m128i::from(word as u128);
    // Above 0 where a byte is below `low`, or above `high`.
    let below = sub_saturating_u8_m128i(set_splat_i8_m128i(low as i8), x);
    let above = sub_saturating_u8_m128i(x, set_splat_i8_m128i(high as i8));
    let inside: u128 = cmp_eq_mask_i8_m128i(bitor_m128i(below, above), zeroed_m128i()).into();
    inside as u64
}

/// Each byte of `word` from `low` to `high` made whole (0xFF), the others 0.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
#[inline(always)]
pub(crate) fn bytes_between(word: u64, low: u8, high: u8) -> u64 {
    bytes_between_in_words(word, low, high)
}

/// [`bytes_between`] by word tricks, for any processor.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
#[inline(always)]
fn bytes_between_in_words(word: u64, low: u8, high: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let (low, high) = (ONES * low as u64, ONES * high as u64);
    whole_bytes(bytes_at_least(word, low) & bytes_at_least(high, word))
}

/// [`bytes_between`] a byte at a time: the measure the test holds the
/// word one to.
#[cfg(test)]
fn bytes_between_by_byte(word: u64, low: u8, high: u8) -> u64 {
    let bytes = word.to_le_bytes();
    (0..8).fold(0, |m, i| {
        m | (u64::from((low..=high).contains(&bytes[i])) * (0xFF << (8 * i)))
    })
}

/// A seat's groups as one word ([`Fast::groups_in_word`]): byte `i` of
/// `steps` the step of piece `i`, ascending.
#[derive(Clone, Copy, Default)]
pub(crate) struct WordGroups {
    pub(crate) steps: u64,
    /// The high bit of each byte that holds one of the seat's pieces.
    pub(crate) live: u64,
    /// The high bit of each byte whose piece is on its way (past the
    /// start, short of home) and brings its group to a size that may
    /// move: every piece of a group where groups move together (the last
    /// where they are merged), else the first. Each is the group on that
    /// step at that size.
    pub(crate) way: u64,
    /// The high bit of each byte whose piece is at the start.
    pub(crate) at_start: u64,
}

/// The bit of the byte of the `i`th group of `moves` (high bits of some
/// of the bytes); for an `i` not below how many, that of the last byte.
#[inline(always)]
fn nth_byte(moves: u64, i: usize) -> u32 {
    // Byte j of the product counts the groups in bytes 0 to j.
    let counts = (moves >> 7).wrapping_mul(ONES);
    let picked = zero_bytes_of_word(counts ^ ((i as u64 + 1) * ONES)) & moves;
    (picked | 1 << 63).trailing_zeros() & !7
}

impl WordGroups {
    /// The `i`th group of `moves` (high bits of some of the bytes) as
    /// (step, size); for an `i` not below how many, that of the last byte,
    /// whatever it holds.
    #[inline(always)]
    pub(crate) fn nth(self, moves: u64, i: usize) -> (u8, u8) {
        self.at(nth_byte(moves, i))
    }

    /// The step of the `i`th group of `moves`, as [`WordGroups::nth`]
    /// gives it, without its size: where single pieces move, each is 1.
    #[inline(always)]
    pub(crate) fn nth_step(self, moves: u64, i: usize) -> u8 {
        self.step_at(nth_byte(moves, i))
    }

    /// [`WordGroups::nth`], or where `single` pieces move,
    /// [`WordGroups::nth_step`] with a size of 1.
    #[inline(always)]
    pub(crate) fn nth_of(self, moves: u64, i: usize, single: bool) -> (u8, u8) {
        if single {
            (self.nth_step(moves, i), 1)
        } else {
            self.nth(moves, i)
        }
    }

    /// The step of the byte at bit `at`.
    #[inline(always)]
    fn step_at(self, at: u32) -> u8 {
        (self.steps >> at) as u8
    }

    /// The group of the byte at bit `at` as (step, size): its size is the
    /// number of the seat's pieces on its step up to it, as the steps are
    /// sorted.
    #[inline(always)]
    pub(crate) fn at(self, at: u32) -> (u8, u8) {
        let from = self.step_at(at);
        let there = equal_bytes(self.steps, from) & self.live;
        (from, bytes_set(there & low_bits(at + 8)))
    }

    /// Lists the groups of `moves` into `out` in order; returns how many.
    /// Where `single` pieces move, each group is one piece, its size not
    /// counted.
    pub(crate) fn list_into(self, moves: u64, out: &mut [(u8, u8)], single: bool) -> usize {
        let (mut left, mut n) = (moves, 0);
        while left != 0 && n < out.len() {
            let at = left.trailing_zeros() & !7;
            left &= left - 1;
            out[n] = if single {
                (self.step_at(at), 1)
            } else {
                self.at(at)
            };
            n += 1;
        }
        n
    }
}

impl Fast<'_> {
    /// The mover's groups as one word. `None` where the seat has more
    /// than eight pieces, or, unless `ANY_HOME`, its home is not below 128.
    #[inline(always)]
    pub(crate) fn groups_in_word<const ANY_HOME: bool>(self, state: &State) -> Option<WordGroups> {
        let seat = state.mover as usize;
        let home = self.home(seat) as u64;
        if home >= 128 && !ANY_HOME {
            return None;
        }
        let (steps, live) = state.pieces.seat_word(seat)?;
        let live = live & HIGH;
        let at_start = zero_bytes_of_word(steps) & live;
        // No piece stands past home (`Game::fits`): those neither at the
        // start nor home are on their way, however long the track. Below
        // 128 the comparison serves as well, and measured cheaper in the
        // quick passes that use it.
        let on_way = if ANY_HOME {
            live & !at_start & !zero_bytes_of_word(steps ^ (home * ONES))
        } else {
            below_bytes(steps, home * ONES) & live & !at_start
        };
        // Where a seat has at most one piece a step on its way (`stacks:
        // own_max = 1`, which a state must keep to fit the game), each
        // piece on its way is the first on its step.
        let way = if self.flags().groups || self.own_max() == 1 {
            if self.race.hot.merged {
                // Merged pieces move all together (stacks: groups =
                // merged): the last piece on each step, all of them.
                on_way & !(zero_bytes_of_word(steps ^ (steps >> 8)) & (live >> 8))
            } else {
                on_way
            }
        } else {
            // The first piece on each step.
            on_way & !zero_bytes_of_word(steps ^ ((steps << 8) | 0xFF))
        };
        Some(WordGroups {
            steps,
            live,
            way,
            at_start,
        })
    }
}

impl Pieces {
    /// `seat`'s pieces as one word, byte `i` its piece `i`, with a mask of
    /// the bytes that hold its pieces; `None` when they do not fit in one.
    #[inline(always)]
    pub(crate) fn seat_word(&self, seat: usize) -> Option<(u64, u64)> {
        let n = self.per_seat();
        let start = seat * n;
        if n > 8 || start + 8 > MAX_PIECES {
            return None;
        }
        // The mask of the first `n` bytes, read from a table: worked out,
        // its shift and the case of eight bytes were asked at every throw.
        const LIVE: [u64; 9] = {
            let mut live = [0u64; 9];
            let mut n = 1;
            while n < 9 {
                live[n] = u64::MAX >> (64 - 8 * n);
                n += 1;
            }
            live
        };
        let mut bytes = [0u8; 8];
        bytes.copy_from_slice(&self.steps[start..start + 8]);
        Some((u64::from_le_bytes(bytes), LIVE[n]))
    }

    /// Writes back the word [`Pieces::seat_word`] gave for `seat`, its
    /// bytes past the seat's pieces as they were.
    #[inline(always)]
    pub(crate) fn set_seat_word(&mut self, seat: usize, word: u64) {
        let start = seat * self.per_seat();
        if let Some(bytes) = self.steps.get_mut(start..start + 8) {
            bytes.copy_from_slice(&word.to_le_bytes());
        }
    }

    /// Whether any of `seat`'s pieces stands on step `a` or step `b`:
    /// asked of all a seat's pieces at once when they fit in a word.
    #[inline(always)]
    pub(crate) fn any_on(&self, seat: usize, [a, b]: [u8; 2]) -> bool {
        match self.seat_word(seat) {
            Some((word, live)) => (equal_bytes(word, a) | equal_bytes(word, b)) & live != 0,
            None => self.on_either(seat, [a, b]) != 0,
        }
    }

    /// A bit for each of `seat`'s pieces on step `a` or step `b` (how many
    /// or whether any, not which): all a seat's pieces (at most 16)
    /// compared in one 16-byte word, however many there are; one piece at
    /// a time cost a seat of fifteen a branch each.
    #[inline(always)]
    pub(crate) fn on_either(&self, seat: usize, [a, b]: [u8; 2]) -> u32 {
        let (word, live, _) = self.seat_window(seat);
        (equal_bytes_mask(word, every_byte(a)) | equal_bytes_mask(word, every_byte(b))) & live
    }

    /// `seat`'s pieces as one 16-byte word, byte `i` its piece `i`, and a
    /// bit for each byte that holds one: a seat has at most 16.
    #[inline(always)]
    pub(crate) fn seat_block(&self, seat: usize) -> (u128, u32) {
        let (word, live, skipped) = self.seat_window(seat);
        (word >> (8 * skipped), live >> skipped)
    }

    /// 16 bytes of the steps that hold all `seat`'s pieces, a bit for each
    /// byte of them, and how many bytes come before its first: the bytes
    /// from its first piece on, or the last 16 of all where those would
    /// run past the end.
    #[inline(always)]
    fn seat_window(&self, seat: usize) -> (u128, u32, usize) {
        let n = self.per_seat();
        let start = seat * n;
        let window = start.min(MAX_PIECES - 16);
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&self.steps[window..window + 16]);
        let skipped = start - window;
        (
            u128::from_le_bytes(bytes),
            ((1u32 << n) - 1) << skipped,
            skipped,
        )
    }

    /// How many of `seat`'s pieces stand on step `step`: counted for all a
    /// seat's pieces at once when they fit in a word.
    #[inline(always)]
    pub(crate) fn count_on(&self, seat: usize, step: u8) -> u8 {
        match self.seat_word(seat) {
            // Mostly none: no count needed.
            Some((word, live)) => match equal_bytes(word, step) & live {
                0 => 0,
                on => on.count_ones() as u8,
            },
            None => self[seat].iter().filter(|&&s| s == step).count() as u8,
        }
    }
}

impl Pieces {
    /// The first 16 bytes of the steps.
    #[inline(always)]
    pub(crate) fn first_bytes(&self) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&self.steps[..16]);
        bytes
    }

    /// The first 16 bytes of the steps as one word, the first byte lowest.
    #[inline(always)]
    pub(crate) fn first_word(&self) -> u128 {
        u128::from_le_bytes(self.first_bytes())
    }

    /// Whether any of the first 16 bytes of the steps equals the byte at
    /// the same place in either word of `steps`: a whole small position
    /// asked at once.
    #[inline(always)]
    pub(crate) fn any_byte_matches(&self, steps: [u128; 2]) -> bool {
        self.bytes_matching(steps) != 0
    }

    /// Whether any of the first 16 bytes of the steps equals the byte at
    /// the same place in `steps`.
    #[inline(always)]
    pub(crate) fn any_byte_matches_one(&self, steps: u128) -> bool {
        equal_bytes_mask(self.first_word(), steps) != 0
    }

    /// Bit `i` set where byte `i` of the steps (among the first 16)
    /// equals the byte at the same place in `a` or in `b`.
    #[inline(always)]
    pub(crate) fn bytes_matching(&self, [a, b]: [u128; 2]) -> u32 {
        let word = self.first_word();
        equal_bytes_mask(word, a) | equal_bytes_mask(word, b)
    }

    /// Sends back to their start the pieces among the first 16 bytes that
    /// stand on the step at their place in either word of `steps`, keeping
    /// each seat's steps sorted; returns how many.
    #[inline(always)]
    pub(crate) fn send_back_matching(&mut self, steps: [u128; 2]) -> u8 {
        let mut hits = self.bytes_matching(steps);
        if hits == 0 {
            return 0;
        }
        let per_seat = self.per_seat().max(1);
        if hits & (hits - 1) == 0 && per_seat <= 8 {
            // Mostly one piece is taken: it goes to the front of its seat's
            // steps and those before it move up one place, in one word.
            let at = hits.trailing_zeros() as usize;
            let start = small_quotient(at, per_seat) * per_seat;
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(&self.steps[start..start + 8]);
            let word = u64::from_le_bytes(bytes);
            let place = 8 * (at - start) as u32;
            let before = word & low_bits(place);
            let after = word & !low_bits(place + 8);
            let word = (before << 8) | after;
            self.steps[start..start + 8].copy_from_slice(&word.to_le_bytes());
            return 1;
        }
        let taken = hits.count_ones() as u8;
        let mut seats = 0u32;
        while hits != 0 {
            let at = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            self.steps[at] = 0;
            seats |= 1 << (at / per_seat);
        }
        // A seat's pieces sent back go first, the rest keep their order.
        while seats != 0 {
            let seat = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            if seat < self.len() {
                sort_small(&mut self[seat]);
            }
        }
        taken
    }
}

/// The high bit of each zero byte of an eight-byte `word`, and no other bit.
#[inline(always)]
pub(crate) fn zero_bytes_of_word(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((word & LOW7) + LOW7) | word | LOW7)
}

/// The high bit of each byte of `word` that equals `x`, and no other bit.
#[inline(always)]
pub(crate) fn equal_bytes(word: u64, x: u8) -> u64 {
    zero_bytes_of_word(word ^ (x as u64).wrapping_mul(0x0101_0101_0101_0101))
}

/// `x` in each of 16 bytes.
#[inline(always)]
pub(crate) fn every_byte(x: u8) -> u128 {
    u128::from_le_bytes([x; 16])
}

/// Sorts a handful of steps; cheaper than the general sort for four pieces.
#[inline]
pub(crate) fn sort_small(v: &mut [u8]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    /// A step for each of the first 16 pieces: what
    /// [`Pieces::send_back_matching`] compares them with (255 for none).
    fn at_each(steps: [u8; 16]) -> [u128; 2] {
        [u128::from_le_bytes(steps), u128::MAX]
    }

    /// A seat's pieces read as one 16-byte word are its steps, and the
    /// pieces on either of two steps are those a look at each finds, for
    /// every seat of every layout a state holds: eight seats of eight
    /// (the last seat's word read from the end of the block), four of
    /// sixteen, two of fifteen, and the rest.
    #[test]
    fn a_seat_read_as_one_word_is_its_pieces() {
        let mut compared = 0usize;
        for per_seat in 1..=crate::engine::MAX_SEAT_PIECES {
            let seats = (MAX_PIECES / per_seat).min(crate::rules::MAX_SEATS);
            let lists: Vec<Vec<u8>> = (0..seats)
                .map(|seat| {
                    (0..per_seat)
                        .map(|i| ((seat * 7 + i * 3) % 11) as u8)
                        .collect()
                })
                .map(|mut l: Vec<u8>| {
                    l.sort_unstable();
                    l
                })
                .collect();
            let pieces = Pieces::from_lists(&lists).unwrap();
            for (seat, list) in lists.iter().enumerate() {
                let (word, live) = pieces.seat_block(seat);
                assert_eq!(live.count_ones() as usize, per_seat);
                assert_eq!(
                    &word.to_le_bytes()[..per_seat],
                    &list[..],
                    "{seats} of {per_seat}"
                );
                for a in 0..12u8 {
                    let b = (a * 5) % 12;
                    let found = pieces.on_either(seat, [a, b]).count_ones() as usize;
                    let each = list.iter().filter(|&&s| s == a || s == b).count();
                    assert_eq!(
                        found, each,
                        "{seats} of {per_seat}: seat {seat}, steps {a}, {b}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 1_000, "{compared}");
    }

    /// Three seats of four: the second seat's piece on step 9 is taken and
    /// goes to the front of its seat, the two before it move up one place,
    /// the one after it and the other seats stay; then two pieces of two
    /// seats at once.
    #[test]
    fn a_piece_sent_back_goes_to_the_front_of_its_seat() {
        let lists = [vec![2, 4, 6, 8], vec![3, 7, 9, 12], vec![1, 5, 9, 20]];
        let mut pieces = Pieces::from_lists(&lists).unwrap();
        let mut steps = [255; 16];
        steps[6] = 9;
        assert_eq!(pieces.send_back_matching(at_each(steps)), 1);
        assert_eq!(&pieces[0], &[2, 4, 6, 8]);
        assert_eq!(&pieces[1], &[0, 3, 7, 12]);
        assert_eq!(&pieces[2], &[1, 5, 9, 20]);
        let mut steps = [255; 16];
        (steps[3], steps[11]) = (8, 20);
        assert_eq!(pieces.send_back_matching(at_each(steps)), 2);
        assert_eq!(&pieces[0], &[0, 2, 4, 6]);
        assert_eq!(&pieces[2], &[0, 1, 5, 9]);
        // Nothing there: nothing changes.
        assert_eq!(pieces.send_back_matching(at_each([99; 16])), 0);
        assert_eq!(&pieces[1], &[0, 3, 7, 12]);
    }
    #[test]
    fn pieces_on_two_steps_are_found_for_every_size_of_seat() {
        for per_seat in [1, 3, 4, 7, 8, 9, 16] {
            let lists: Vec<Vec<u8>> = (0..4u8)
                .map(|seat| (0..per_seat as u8).map(|i| (i * 3 + seat) % 7).collect())
                .collect();
            let pieces = Pieces::from_lists(&lists).unwrap();
            for (seat, list) in lists.iter().enumerate() {
                for a in 0..8u8 {
                    for b in [a, a + 1, 255] {
                        let expected = list.iter().any(|&s| s == a || s == b);
                        assert_eq!(pieces.any_on(seat, [a, b]), expected, "{list:?} {a} {b}");
                    }
                }
            }
        }
    }

    /// Pachisi's first seat with two pieces in the centre and two on step
    /// 5: the pair moves together, at either size, and the centre is
    /// found apart.
    #[test]
    fn a_seats_groups_are_read_from_its_word() {
        let game = Game::bundled("pachisi", Some(4)).expect("bundled");
        let mut state = game.new_initial_state();
        let mut lists = vec![vec![0u8; 4]; 4];
        lists[0] = vec![0, 0, 5, 5];
        state.pieces = Pieces::from_lists(&lists).expect("pieces");
        state.mover = 0;
        let groups = game
            .fast()
            .groups_in_word::<false>(&state)
            .expect("four pieces fit a word");
        assert_eq!(groups.at_start, 0x8080, "two pieces in the centre");
        assert_eq!(
            groups.way, 0x8080_0000,
            "the pair on step 5, at sizes 1 and 2"
        );
        assert_eq!(groups.nth(groups.way, 0), (5, 1));
        assert_eq!(groups.nth(groups.way, 1), (5, 2));
        let mut listed = [(0, 0); 4];
        assert_eq!(groups.list_into(groups.way | 0x80, &mut listed, false), 3);
        assert_eq!(listed[..3], [(0, 1), (5, 1), (5, 2)]);
    }

    /// A piece moved up past step 127 (a home row after a second lap)
    /// goes between the pieces around its new step, as below 128, where
    /// both ways of moving it give the same word.
    #[test]
    fn a_piece_moves_up_in_its_word_past_step_127() {
        let word = |steps: [u8; 4]| u64::from(u32::from_le_bytes(steps));
        let live = 0x8080_8080;
        // Steps 0, 70, 133 and 140 (home); the piece on 70 goes to 135.
        let moved = moved_up_in_long_word(word([0, 70, 133, 140]), live, 0x8000, 135);
        assert_eq!(moved, word([0, 133, 135, 140]));
        // The piece on 0 comes out to 1, before all the others.
        let moved = moved_up_in_long_word(word([0, 70, 133, 140]), live, 0x80, 1);
        assert_eq!(moved, word([1, 70, 133, 140]));
        let mut rng = crate::sim::rng(9);
        for _ in 0..1000 {
            let mut steps: [u8; 4] = rand::RngExt::random(&mut rng);
            steps.iter_mut().for_each(|s| *s %= 100);
            steps.sort_unstable();
            let piece = rand::RngExt::random_range(&mut rng, 0..4usize);
            let target = steps[piece] + rand::RngExt::random_range(&mut rng, 1..20u8);
            let bit = 0x80u64 << (8 * piece);
            assert_eq!(
                moved_up_in_long_word(word(steps), live, bit, target),
                moved_up_in_word(word(steps), live, bit, target),
                "{steps:?}, piece {piece} to {target}"
            );
        }
    }

    /// The byte helpers on words a person can check.
    #[test]
    fn bytes_are_compared_and_counted_at_once() {
        assert_eq!(below_bytes(0x0105, 0x0204), 0x8000, "1 < 2, 5 > 4");
        assert_eq!(bytes_set(0x8000_8080), 3);
        assert_eq!(low_bits(12), 0xFFF);
        assert_eq!(low_bits(64), u64::MAX);
        assert_eq!(whole_bytes(0x80_0080), 0xFF_00FF);
        // A division by a multiply: exact wherever it is asked.
        for n in 1..=16 {
            for j in 0..64 {
                assert_eq!(small_quotient(j, n), j / n, "{j} / {n}");
            }
        }
        // Bytes 5, 3, 0, 7 against 5, 4, 0, 7, and twelve zeros each:
        // all equal but the second.
        assert_eq!(equal_bytes_mask(0x0700_0305, 0x0700_0405), 0xFFFD);
        assert_eq!(equal_bytes_mask(u128::MAX, 0), 0);
        // Of bytes 3, 200, 64 and 65, the last three are between 64 and
        // 200; 3 and the zeros are not.
        assert_eq!(bytes_between(0x4140_C803, 64, 200), 0xFFFF_FF00);
        assert_eq!(bytes_between(0x4140_C803, 201, 255), 0);
        // Words sharing some bytes: the same mask either way.
        let mut rng = crate::sim::rng(5);
        for _ in 0..1000 {
            let a: u128 = rand::RngExt::random(&mut rng);
            let noise: u128 = rand::RngExt::random(&mut rng);
            let kept: u16 = rand::RngExt::random(&mut rng);
            // The bytes of `a` that `kept` marks, whole.
            let keep = (0..16)
                .filter(|i| kept >> i & 1 == 1)
                .fold(0u128, |k, i| k | 0xFF << (8 * i));
            let b = (a & keep) | (noise & !keep);
            assert_eq!(equal_bytes_mask(a, b), equal_bytes_mask_by_byte(a, b));
            assert_eq!(
                equal_bytes_mask_in_words(a, b),
                equal_bytes_mask_by_byte(a, b)
            );
            let (low, high) = (kept as u8, (kept >> 8) as u8);
            let by_byte = bytes_between_by_byte(a as u64, low, high);
            assert_eq!(bytes_between(a as u64, low, high), by_byte);
            assert_eq!(bytes_between_in_words(a as u64, low, high), by_byte);
        }
    }
}
