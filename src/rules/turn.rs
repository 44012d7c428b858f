//! How a turn runs: throwing, using throws, extra throws, and the turn limit.

use serde::Serialize;

/// When the throws of a turn are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ThrowOrder {
    /// Each throw is used before the next is thrown (`throws = one_at_a_time`).
    OneAtATime,
    /// A seat throws until a throw gives no other throw, then uses them all in
    /// any order (`throws = all_first`).
    AllFirst,
}

/// How many of the values of a throw must be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum UseValues {
    /// Each value that can be used must be, one after another (`use = each`).
    Each,
    /// As many values as possible: a first move that leaves fewer usable is
    /// not allowed, and when only one of them can be used, the larger
    /// (`use = most`).
    Most,
    /// At least one value where possible; the rest may be left (`use = one`).
    One,
}

/// What the game comes to when the turn limit is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AtLimit {
    /// Nobody wins (`at_limit = draw`).
    Draw,
    /// The side whose pieces have gone furthest in all wins (`at_limit = progress`).
    Progress,
    /// The side with the most points wins; equal points are a draw (`at_limit = score`).
    Score,
}

/// The `turn { .. }` block.
#[derive(Clone, Debug, Serialize)]
pub struct TurnRules {
    /// Whether a throw decides which seat begins (`begins = throw`), each
    /// seat alike; otherwise the first seat listed begins (`begins = first_seat`).
    pub begins_by_throw: bool,
    /// Whether each seat throws one die to begin, the higher beginning
    /// with those two dice as its first throw (`begins = one_die_each`):
    /// the seat that begins is any alike, and the game's first throw is
    /// one of unlike faces, each alike.
    pub first_throw_unlike: bool,
    /// When throws are used.
    pub throws: ThrowOrder,
    /// Whether a throw that can be used must be used (`must_move = yes`).
    pub must_move: bool,
    /// How many of the waiting values must be used (`use = ..`).
    pub use_values: UseValues,
    /// Bonus values are used only once no die value waits (`bonus = after_dice`);
    /// otherwise in any order (`bonus = any_order`).
    pub bonus_after_dice: bool,
    /// Whether a bonus may be left unused (`bonus_optional = yes`).
    pub bonus_optional: bool,
    /// Whether a seat whose pieces are all home is passed over (`finished = skip`);
    /// otherwise it keeps throwing and moves nothing.
    pub skip_finished: bool,
    /// The throw that would be this many throws-again in a row in one turn
    /// moves nothing and ends the turn (`again_limit = 3`); 0 for no limit.
    pub again_limit: u8,
    /// Whether that throw also sends the seat's piece nearest home back to
    /// its start (`over_limit = send_back_leader`; `over_limit = lose_throw` does not).
    pub send_back_leader: bool,
    /// Whether that throw sends the seat's piece moved last in the turn
    /// back to its start, unless it is home or on the stretch of its track
    /// that no other seat's track passes (`over_limit = send_back_last`).
    pub send_back_last: bool,
    /// How many times in a turn a seat with no piece on its way (every piece
    /// at its start or in its goal) may throw until a throw lets a piece
    /// move (`tries = 3`); 1: once.
    pub tries: u8,
    /// Turns after which the game stops (`limit = 5000`).
    pub limit: u32,
    /// The outcome at the limit.
    pub at_limit: AtLimit,
}

impl TurnRules {
    /// Whether a state keeps the step of the piece moved last in a turn:
    /// where the throw past `again_limit` sends it back.
    pub fn keeps_last_moved(&self) -> bool {
        self.send_back_last && self.again_limit > 0
    }

    /// One line about the turn.
    pub fn describe(&self) -> String {
        format!(
            "{}; {}; {}{}; {}; {}{}limit {} turns, then {}",
            if self.first_throw_unlike {
                "each seat throws one die, and the higher begins with those two dice"
            } else if self.begins_by_throw {
                "a throw decides who begins"
            } else {
                "the first seat listed begins"
            },
            match self.throws {
                ThrowOrder::OneAtATime => "each throw is used before the next",
                ThrowOrder::AllFirst => "all throws first, then used in any order",
            },
            if self.use_values == UseValues::Most {
                "as many values as possible must be used, and the larger when only one can"
            } else if self.use_values == UseValues::One {
                "at least one value must be used where possible"
            } else if self.must_move {
                "a usable throw must be used"
            } else {
                "a throw may be left unused"
            },
            match (self.bonus_after_dice, self.bonus_optional) {
                (true, true) => "; bonuses come after the dice and may be left",
                (true, false) => "; bonuses come after the dice",
                (false, true) => "; bonuses may be left",
                (false, false) => "",
            },
            if self.skip_finished {
                "a seat with all pieces home is passed over"
            } else {
                "a seat with all pieces home still takes turns"
            },
            if self.tries > 1 {
                format!(
                    "a seat with no piece on its way throws up to {} times for a throw that moves; ",
                    self.tries
                )
            } else {
                String::new()
            },
            match (self.again_limit, self.send_back_leader, self.send_back_last) {
                (0, _, _) => String::new(),
                (n, true, _) => format!(
                    "throw {n} of a row giving another throw moves nothing, sends the piece nearest home back and ends the turn; "
                ),
                (n, _, true) => format!(
                    "throw {n} of a row giving another throw moves nothing, sends the piece moved last back (not from its own stretch) and ends the turn; "
                ),
                (n, false, false) => format!(
                    "throw {n} of a row giving another throw moves nothing and ends the turn; "
                ),
            },
            self.limit,
            match self.at_limit {
                AtLimit::Draw => "a draw",
                AtLimit::Progress => "the side furthest on wins",
                AtLimit::Score => "the side with the most points wins",
            }
        )
    }
}
