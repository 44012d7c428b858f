//! Why the rules refuse an action, and the words that say it.

use crate::engine::{Game, State};
use crate::rules::board::CellId;

/// Why the rules refuse an action. Cheap to make; turned into words by
/// [`Game::explain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// A rule of a fight refuses it.
    Fight(crate::engine::FightRefusal),
    /// A rule of a field game (hex board, movement, combat) refuses it.
    Field(crate::engine::field::FieldRefusal),
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
    /// The seat goes home only once this playing seat, before it in its group, has finished (`home: order`).
    HomeOrder(u8),
    /// Pieces of a seat on one step move together, all of them (`stacks: groups = merged`).
    MustMoveMerged,
    /// While a piece of the seat waits at its start, no other piece moves (`entry: forced = always`).
    StartFirst,
    /// A piece goes home only once all the seat's pieces are near it (`home: gather`).
    NotGathered,
    /// The game's first throw is of unlike faces (`turn: begins = one_die_each`).
    FirstThrowUnlike,
    /// The stake is to be decided before the throw: the mover offers to double or throws, the other seat takes or drops (`end: doubling`).
    StakeFirst,
    /// No offer to double, nor answer to one, is to be made here (`end: doubling`).
    NoOffer,
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
    /// The rules allow no such action here, and no one rule is named: the
    /// reference path does not list it.
    NotListed,
    /// A blockade that has stood its time must be broken first (`stacks: blockade_turns`).
    BlockadeOverdue,
    /// On this throw a blockade of the mover must be broken first (`stacks: break_on`).
    BlockadeMustOpen,
    /// While pieces wait, the piece on the first step moves on first (`entry: clear_start`).
    MustClearStart,
    /// A jump over a blockade must land on an empty cell or take all that stands there (`stacks: pass = with_doubles`).
    JumpLanding(CellId),
    /// The move does not reach the track's detour, so it cannot go round (`seat: detour`).
    NoDetour,
    /// Bonuses are used after the dice (`turn: bonus = after_dice`).
    BonusAfterDice,
    /// A safe cell held by another side cannot be landed on (`capture: safe_shared = no`).
    SafeTaken(CellId),
    /// Two pieces of one blockade may not go to the same cell in one throw (`stacks: pairs = apart`).
    PairApart(CellId),
    /// A piece stands on the way that the move may not pass (`stacks: jump`).
    PiecePassed(CellId),
}

impl Game {
    /// A refusal in the game's words, naming the rule.
    pub fn explain(&self, state: &State, refusal: Refusal) -> String {
        let cell = |c: crate::rules::CellId| self.rules.board.cell_name(c).to_string();
        let seat = match self.seats.get(state.mover as usize) {
            Some(_) => self.seat_name(state.mover as usize),
            None => "nobody",
        };
        match refusal {
            Refusal::Fight(r) => match self.fight_rules() {
                Some(f) => self.fight_explain(f, r),
                None => "a rule of a fight refuses it, and this game is no fight".into(),
            },
            Refusal::GameOver => "the game is over".into(),
            Refusal::BadState => format!(
                "the state does not fit {} with {} players (read it with Game::load_state to see why)",
                self.rules.name,
                self.seats.len()
            ),
            Refusal::MustThrow => format!("{seat} must throw first"),
            Refusal::NotThrowing => format!("it is {seat}'s move, not a throw"),
            Refusal::WhoBegins => "the throw for who begins comes first (turn: begins)".into(),
            Refusal::AlreadyBegun => "who begins was decided already".into(),
            Refusal::NoSuchOutcome => {
                format!("the dice {} have no such outcome", self.rules.dice.name)
            }
            Refusal::NoSuchValue => {
                let values: Vec<String> = state.pool.iter().map(|v| v.value.to_string()).collect();
                format!(
                    "no such value waits to be used (waiting: {})",
                    values.join(", ")
                )
            }
            Refusal::NoPieces => format!("{seat} has not that many pieces at that step"),
            Refusal::EmptyGroup => "a move moves at least one piece".into(),
            Refusal::AlreadyHome => "a piece at home does not move".into(),
            Refusal::GroupFromStart => "pieces leave the start one at a time (entry)".into(),
            Refusal::NoGroups => "pieces move one at a time (stacks: groups = apart)".into(),
            Refusal::HomeOrder(before) => format!(
                "{seat}'s pieces go home only once all of {}'s are home (home: order)",
                self.seat_name(before as usize)
            ),
            Refusal::StartFirst => format!(
                "{seat} has a piece at its start, and no other piece moves until it is out (entry: forced = always)"
            ),
            Refusal::NotGathered => format!(
                "{seat}'s pieces go home only once all of them are within {} steps of home (home: gather)",
                self.rules.home.gather
            ),
            Refusal::StakeFirst => match state.stake.offer {
                crate::engine::Offer::Offered => format!(
                    "{seat} has offered to double the stake, and the other seat takes or drops it first (end: doubling)"
                ),
                _ => format!(
                    "{seat} first says whether it doubles the stake: double or roll (end: doubling)"
                ),
            },
            Refusal::NoOffer => {
                if self.rules.end.doubling {
                    "no offer to double the stake, nor answer to one, can be made now: an offer comes before a turn's first throw, from a seat that holds the stake or while nobody does (end: doubling)".into()
                } else {
                    format!("{} has no doubling of the stake (end: doubling)", self.rules.name)
                }
            }
            Refusal::FirstThrowUnlike => "the first throw of the game is the two seats' one die each, never a double (turn: begins = one_die_each)".into(),
            Refusal::MustMoveMerged => {
                "pieces on one cell are one piece and move all together (stacks: groups = merged)".into()
            }
            Refusal::EntryValue { first: true } => {
                "this throw does not let the first piece leave the start (entry: first_on)".into()
            }
            Refusal::EntryValue { first: false } => {
                "this throw does not let a piece leave the start (entry: on)".into()
            }
            Refusal::Overshoot => {
                "the value goes past home, which needs an exact value (home: exact)".into()
            }
            Refusal::Blockade(c, n) if self.rules.stacks.mixed_open && n == self.rules.stacks.blockade => format!(
                "a blockade of {n} stands at {} and the move may not pass it: only partners' blockades are passed, by their own side (stacks: mixed)",
                cell(c)
            ),
            Refusal::Blockade(c, n) => format!(
                "a blockade of {n} stands at {} and the move may not pass it (stacks: pass)",
                cell(c)
            ),
            Refusal::LandOnBlockade(c, n) if self.rules.stacks.take_as_many => format!(
                "a blockade of {n} stands at {} and only as many or more may land on it (stacks: take)",
                cell(c)
            ),
            Refusal::LandOnBlockade(c, n) => format!(
                "a blockade of {n} stands at {} and no piece may land on it (stacks: take = never)",
                cell(c)
            ),
            Refusal::MustMove => "a value that can be used must be used (turn: must_move)".into(),
            Refusal::CellFull(c) => format!(
                "{} would hold more pieces than the rules allow (stacks: max, own_max)",
                cell(c)
            ),
            Refusal::MustEnter => {
                "a value that can bring a piece out must do so (entry: forced)".into()
            }
            Refusal::MustClearStart => {
                "while pieces wait at the start, the piece on the first step moves on first (entry: clear_start)".into()
            }
            Refusal::BlockadeOverdue => format!(
                "a blockade of {seat} has stood {} turns and must be broken first (stacks: blockade_turns)",
                self.rules.stacks.blockade_turns
            ),
            Refusal::BlockadeMustOpen => format!(
                "{seat} has a blockade, and on {} a blockade must be broken first (stacks: break_on)",
                self.rules
                    .stacks
                    .break_on
                    .as_ref()
                    .map_or_else(|| "this throw".to_string(), |t| t.describe())
            ),
            Refusal::JumpLanding(c) => format!(
                "a piece that jumps a blockade lands on an empty cell or takes, and pieces it would not take stand on {} (stacks: pass = with_doubles)",
                cell(c)
            ),
            Refusal::NoDetour => {
                "the move does not reach the detour of the track, so it cannot go round (seat: detour)".into()
            }
            Refusal::NotListed => "the rules allow no such action here".into(),
            Refusal::MustUseMost => "another move lets more of the waiting values be used, or uses the larger one (turn: use = most)".into(),
            Refusal::BonusAfterDice => "a bonus is used only after the dice (turn: bonus = after_dice)".into(),
            Refusal::SafeTaken(c) => format!(
                "{} is a safe cell held by another side (capture: safe_shared = no)",
                cell(c)
            ),
            Refusal::Field(r) => self.field_explain(state, r),
            Refusal::PiecePassed(c) if self.rules.stacks.jump == crate::rules::Jump::NotOwn => {
                format!(
                    "a piece of {seat}'s own stands on {} and no piece passes its own there (stacks: jump = not_own)",
                    cell(c)
                )
            }
            Refusal::PiecePassed(c) => format!(
                "a piece stands on {} and no piece passes another there (stacks: jump = none)",
                cell(c)
            ),
            Refusal::PairApart(c) => format!(
                "the other piece of that blockade already went to {} with this throw (stacks: pairs = apart)",
                cell(c)
            ),
        }
    }
}
