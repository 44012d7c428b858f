//! Actions: a throw of the dice, a move of one piece or group by one value, a pass.

use std::fmt;

use serde::{Deserialize, Serialize};

/// One step of play. A turn is a sequence of actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Chance, before the first turn: the playing seat (index in turn order)
    /// that won the throw for who begins.
    Begin(u8),
    /// Chance: the outcome of a throw, by its index among the dice's outcomes.
    Throw(u8),
    /// A seat moves `count` of its pieces standing at step `from` of its track
    /// (0 is the start) by the waiting value `by`.
    Move {
        /// The step the pieces stand on.
        from: u8,
        /// How many pieces move together.
        count: u8,
        /// The value used.
        by: u8,
    },
    /// Like `Move`, but the pieces go the detour of their track (such as
    /// another lap before the home row) instead of leaving it out.
    Round {
        /// The step the pieces stand on.
        from: u8,
        /// How many pieces move together.
        count: u8,
        /// The value used.
        by: u8,
    },
    /// A seat gives up the values still waiting.
    Pass,
    /// A fight: the piece `piece` (0 the lower, 1 the upper) on cell `from`
    /// goes to cell `to` with the waiting value `by`; `join` when it is the
    /// first of two pieces that attack `to` together with the two dice.
    Shift {
        /// The cell it stands on.
        from: u16,
        /// Which piece of that cell: 0 the lower (or a fused piece), 1 the upper.
        piece: u8,
        /// The cell it goes to.
        to: u16,
        /// The value used.
        by: u8,
        /// Whether it waits there for a second piece to attack with it.
        join: bool,
    },
    /// A fight: the next waiting piece comes onto entry cell `to` with the value `by`.
    Enter {
        /// The entry cell.
        to: u16,
        /// The kind of piece, by index among the kinds.
        kind: u8,
        /// The value used.
        by: u8,
        /// Whether it waits there for a second piece to attack with it.
        join: bool,
    },
    /// The winner of the throw for who begins chooses the seat (index in
    /// turn order) that moves first: one of their own seats in a fight, the
    /// seat that moves first in every complete turn in a field game.
    Lead(u8),
    /// A piece is placed on a cell at set-up.
    Place(u16),
    /// A piece moves from one cell to another within its reach.
    Walk {
        /// The cell it stands on.
        from: u16,
        /// The cell it goes to.
        to: u16,
    },
    /// A piece next to an invasion cell lands on an invasion cell.
    Invade {
        /// The cell it embarks from.
        from: u16,
        /// The invasion cell it lands on.
        to: u16,
    },
    /// The mover ends its move phase; battles follow.
    EndMoves,
    /// A piece joins the battle being formed.
    Join(u16),
    /// The battle formed is fought.
    Fight,
    /// The winner of a battle retreats a losing piece.
    Retreat {
        /// The cell it stands on.
        from: u16,
        /// The cell where the retreat ends.
        to: u16,
    },
    /// The attacker chooses a piece lost in an exchange.
    Lose(u16),
    /// Before its throw, the mover offers to double the stake (end: doubling).
    Double,
    /// Before its throw, the mover throws without offering to double.
    Roll,
    /// The other seat takes the doubled stake; it alone may double next.
    Take,
    /// The other seat drops the offer, and loses the game at the stake as it stood.
    Drop,
}

impl Action {
    /// A single piece at `from` moved by `by`.
    pub fn step(from: u8, by: u8) -> Action {
        Action::Move { from, count: 1, by }
    }

    /// A move of `count` pieces at `from` by `by`, round the mover's
    /// detour where `round`.
    pub(crate) fn moving(from: u8, count: u8, by: u8, round: bool) -> Action {
        if round {
            Action::Round { from, count, by }
        } else {
            Action::Move { from, count, by }
        }
    }

    /// The step a move starts from.
    pub fn from(self) -> Option<u8> {
        match self {
            Action::Move { from, .. } | Action::Round { from, .. } => Some(from),
            _ => None,
        }
    }

    /// The value a move uses.
    pub fn by(self) -> Option<u8> {
        match self {
            Action::Move { by, .. } | Action::Round { by, .. } => Some(by),
            _ => None,
        }
    }
}

/// Context-free notation: `throw #2`, `2x15+10`, `0+6`, `pass`. A game's own
/// notation, with outcome labels, is [`crate::Game::action_text`].
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Begin(i) => write!(f, "begin #{i}"),
            Action::Throw(i) => write!(f, "throw #{i}"),
            Action::Move { from, count: 1, by } => write!(f, "{from}+{by}"),
            Action::Move { from, count, by } => write!(f, "{count}x{from}+{by}"),
            Action::Round { from, count: 1, by } => write!(f, "{from}+{by} round"),
            Action::Round { from, count, by } => write!(f, "{count}x{from}+{by} round"),
            Action::Pass => write!(f, "pass"),
            Action::Shift {
                from,
                piece,
                to,
                by,
                join,
            } => write!(
                f,
                "#{from}.{piece}-#{to}/{by}{}",
                if join { " join" } else { "" }
            ),
            Action::Enter { to, kind, by, join } => write!(
                f,
                "enter #{kind} #{to}/{by}{}",
                if join { " join" } else { "" }
            ),
            Action::Lead(i) => write!(f, "first #{i}"),
            Action::Place(c) => write!(f, "place @{c}"),
            Action::Walk { from, to } => write!(f, "@{from}-@{to}"),
            Action::Invade { from, to } => write!(f, "invade @{from}-@{to}"),
            Action::EndMoves => write!(f, "end moves"),
            Action::Join(c) => write!(f, "join @{c}"),
            Action::Fight => write!(f, "fight"),
            Action::Retreat { from, to } => write!(f, "retreat @{from}-@{to}"),
            Action::Lose(c) => write!(f, "lose @{c}"),
            Action::Double => write!(f, "double"),
            Action::Roll => write!(f, "roll"),
            Action::Take => write!(f, "take"),
            Action::Drop => write!(f, "drop"),
        }
    }
}

/// Parses the move part of the notation: `15+10`, `2x15+10`, `pass`.
pub fn parse_move(text: &str) -> Option<Action> {
    let text = text.trim();
    match text {
        "pass" => return Some(Action::Pass),
        "double" => return Some(Action::Double),
        "roll" => return Some(Action::Roll),
        "take" => return Some(Action::Take),
        "drop" => return Some(Action::Drop),
        _ => {}
    }
    if let Some(rest) = text.strip_suffix("round") {
        return match parse_move(rest.trim_end())? {
            Action::Move { from, count, by } => Some(Action::Round { from, count, by }),
            _ => None,
        };
    }
    let (count, rest) = match text.split_once('x') {
        Some((c, rest)) => (c.parse::<u8>().ok()?, rest),
        None => (1, text),
    };
    let (from, by) = rest.split_once('+')?;
    let action = Action::Move {
        from: from.parse().ok()?,
        count,
        by: by.parse().ok()?,
    };
    (count > 0).then_some(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_notation_round_trips() {
        for a in [
            Action::step(0, 10),
            Action::Move {
                from: 15,
                count: 2,
                by: 6,
            },
            Action::Round {
                from: 60,
                count: 1,
                by: 6,
            },
            Action::Pass,
        ] {
            assert_eq!(parse_move(&a.to_string()), Some(a));
        }
        assert_eq!(parse_move("0x3+2"), None);
        assert_eq!(parse_move("3+"), None);
    }
}
