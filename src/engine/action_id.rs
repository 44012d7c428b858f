//! Stable integer ids of actions: every action a game can take has one
//! number in `0..Game::num_distinct_actions()`, the same in every state
//! and from run to run, so that a learner can mask a fixed-size output.
//!
//! The ids are laid out in blocks, each block a product of small ranges:
//!
//! | block | actions | size |
//! |---|---|---|
//! | pass | `Pass` | 1 |
//! | begin | `Begin(i)` | seats |
//! | throw | `Throw(i)` | outcomes of the dice |
//! | lead | `Lead(i)` | seats |
//! | move | `Move { from, count, by }` (a race) | steps × largest group × values |
//! | round | `Round { .. }` (a race with a detour) | as move |
//! | stake | `Double`, `Roll`, `Take`, `Drop` (a race with `end { doubling = yes }`) | 4 |
//! | shift | `Shift { .. }` (a fight) | cells × 2 pieces × values × reach × 2 |
//! | enter | `Enter { .. }` (a fight) | cells × kinds × values × 2 |
//! | place, walk, invade, end moves, join, fight, retreat, lose (a field game) | | stands, walks, embarkations × invasion cells, 1, stands, 1, retreats, stands |
//!
//! `values` are the values a move can use, smallest first: the faces of
//! the dice, the bottom faces of doubles, the bonuses, and the sums of two
//! values where a piece may leave its start by a sum (entry: sum). A
//! fight's `Shift` names its target by its place among the cells the
//! value reaches from where it stands (at most
//! [`MAX_REACH`](crate::rules::fight::MAX_REACH)).
//!
//! A field game numbers only what can happen on its board
//! ([`FieldMoves`], made once when the game is seated): `stands` are the
//! cells a piece may stand on (all but the impassable), in cell order;
//! `walks` are, for each such cell in turn, the cells a move from it could
//! end on with no other piece on the board, ascending
//! ([`open_reach`](super::field::reach::open_reach)): pieces and zones of
//! control only take cells away, so every move of every position is among
//! them; `retreats` likewise for a retreat of any length the combat table
//! gives ([`open_retreats`](super::field::reach::open_retreats)); the
//! embarkations are the cells an invasion may start from. Nieuchess has
//! 70,849 ids (60,488 of them walks), where a block of every cell to every
//! cell took 1,640,713.

use std::sync::Arc;

use super::{Action, Game, field::reach};
use crate::rules::{
    CellId, RuleSet,
    field::{CellKind, FieldRules},
    fight::MAX_REACH,
};

/// What an id is not given to: no value of the game has this index.
const NO_VALUE: u8 = u8::MAX;

/// The numbering of a game's actions: see the module's table. Made by
/// [`Game::action_ids`]; keep one where many actions are numbered.
#[derive(Clone, Debug)]
pub struct ActionIds {
    rules: Arc<RuleSet>,
    model: Model,
    seats: u32,
    throws: u32,
    /// The values a move can use, smallest first.
    values: Vec<u8>,
    /// For each value, its index in `values`, or [`NO_VALUE`].
    value_index: [u8; 256],
    /// A race: moves start from steps `0..steps`.
    steps: u32,
    /// A race: moves carry `1..=counts` pieces.
    counts: u32,
    /// A race: whether a move may go round its track's detour.
    rounds: bool,
    /// A fight: the cells.
    cells: u32,
    /// A fight: the kinds of piece.
    kinds: u32,
    /// A field game: the invasion cells.
    invasion: Vec<u16>,
    /// A field game: the moves its board allows.
    field: Option<Arc<FieldMoves>>,
    /// Each block of the game with its first id and its size, in order.
    starts: Vec<(Block, u32, u32)>,
}

/// Which of the three families of games the ids number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Model {
    Race,
    Fight,
    Field,
}

/// The blocks of ids, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Block {
    Pass,
    Begin,
    Throw,
    Lead,
    Move,
    Round,
    Shift,
    Enter,
    Place,
    Walk,
    Invade,
    EndMoves,
    Join,
    Fight,
    Retreat,
    Lose,
    Stake,
}

const RACE: &[Block] = &[
    Block::Pass,
    Block::Begin,
    Block::Throw,
    Block::Lead,
    Block::Move,
    Block::Round,
    Block::Stake,
];
const FIGHT: &[Block] = &[
    Block::Pass,
    Block::Begin,
    Block::Throw,
    Block::Lead,
    Block::Shift,
    Block::Enter,
];
const FIELD: &[Block] = &[
    Block::Pass,
    Block::Begin,
    Block::Throw,
    Block::Lead,
    Block::Place,
    Block::Walk,
    Block::Invade,
    Block::EndMoves,
    Block::Join,
    Block::Fight,
    Block::Retreat,
    Block::Lose,
];

/// What can happen on a field game's board, for its ids (see the
/// module's doc): the cells a piece may stand on, where an invasion may
/// start, and from each cell where a move and a retreat could end.
#[derive(Debug)]
pub(crate) struct FieldMoves {
    /// The cells a piece may stand on, ascending.
    stands: Vec<u16>,
    /// The cells an invasion may start from, ascending.
    embarkations: Vec<u16>,
    walks: Ends,
    retreats: Ends,
}

impl FieldMoves {
    /// Enumerates the moves of a field board.
    pub(crate) fn new(rules: &FieldRules) -> FieldMoves {
        let cells = rules.kinds.len() as u16;
        let lengths = rules.table.retreat_lengths();
        FieldMoves {
            stands: (0..cells)
                .filter(|&c| rules.kind(c) != CellKind::Impassable)
                .collect(),
            embarkations: (0..cells).filter(|&c| rules.embark[c as usize]).collect(),
            walks: Ends::new(cells, |c| reach::open_reach(rules, c)),
            retreats: Ends::new(cells, |c| {
                reach::open_retreats(rules, c, &lengths, rules.retreat_away)
            }),
        }
    }

    /// The place of a cell where a piece may stand, below `stands`.
    fn stand(&self, cell: u16) -> Option<u32> {
        self.stands.binary_search(&cell).ok().map(|i| i as u32)
    }
}

/// For each cell of a board, the cells a move from it may end on,
/// ascending, one cell's list after another: a move's number is its place
/// in the whole.
#[derive(Debug)]
struct Ends {
    /// Where each cell's list starts in `ends`, and at the end their total.
    first: Vec<u32>,
    ends: Vec<u16>,
}

impl Ends {
    /// The lists `of` gives each cell below `cells`.
    fn new(cells: u16, of: impl Fn(u16) -> Vec<u16>) -> Ends {
        let mut first = vec![0];
        let mut ends = Vec::new();
        for c in 0..cells {
            ends.extend(of(c));
            first.push(ends.len() as u32);
        }
        Ends { first, ends }
    }

    fn len(&self) -> u32 {
        self.ends.len() as u32
    }

    /// The number of the move from `from` to `to`.
    fn number(&self, from: u16, to: u16) -> Option<u32> {
        let start = *self.first.get(from as usize)?;
        let end = *self.first.get(from as usize + 1)?;
        let list = self.ends.get(start as usize..end as usize)?;
        let k = list.binary_search(&to).ok()?;
        Some(start + k as u32)
    }

    /// The move of a number below [`Ends::len`], as its two cells.
    fn cells(&self, number: u32) -> Option<(u16, u16)> {
        let to = *self.ends.get(number as usize)?;
        // The last cell whose list starts at or before the number: cells
        // with empty lists before it start at the same place.
        let from = self.first.partition_point(|&f| f <= number) - 1;
        Some((from as u16, to))
    }
}

/// Ranges as one mixed-radix number: `digits` each below its `radix`,
/// the first most significant.
fn pack(digits: &[(u32, u32)]) -> Option<u32> {
    digits.iter().try_fold(0u32, |acc, &(d, radix)| {
        (d < radix).then(|| acc * radix + d)
    })
}

/// The digits of [`pack`], given the radixes.
fn unpack<const N: usize>(mut n: u32, radixes: [u32; N]) -> [u32; N] {
    let mut out = [0; N];
    for i in (0..N).rev() {
        out[i] = n % radixes[i];
        n /= radixes[i];
    }
    out
}

impl ActionIds {
    /// The numbering of `game`'s actions.
    pub fn new(game: &Game) -> ActionIds {
        let rules = game.rules_arc().clone();
        let model = if rules.fight.is_some() {
            Model::Fight
        } else if rules.field.is_some() {
            Model::Field
        } else {
            Model::Race
        };
        let mut possible = [false; 256];
        let dice = &rules.dice;
        for o in &dice.outcomes {
            for &v in &o.values {
                possible[v as usize] = true;
                possible[dice.value_of(v, true) as usize] = true;
                if o.doubles && dice.bottoms_sum > 0 {
                    possible[dice.bottoms_sum.saturating_sub(v) as usize] = true;
                }
            }
        }
        if rules.entry.sum {
            let thrown: Vec<usize> = (0..256).filter(|&v| possible[v]).collect();
            for &a in &thrown {
                for &b in &thrown {
                    if a + b < 256 {
                        possible[a + b] = true;
                    }
                }
            }
        }
        for bonus in [rules.capture.bonus, rules.home.bonus] {
            possible[bonus as usize] |= bonus > 0;
        }
        if let Some(f) = &rules.fight {
            let reached = f.reach.len().min(255);
            possible[1..=reached].fill(true);
        }
        let values: Vec<u8> = (0..=255u8).filter(|&v| possible[v as usize]).collect();
        let mut value_index = [NO_VALUE; 256];
        for (i, &v) in values.iter().enumerate() {
            value_index[v as usize] = i as u8;
        }
        let seats = game.seats().len();
        let race = model == Model::Race;
        let steps = if race {
            (0..seats)
                .map(|s| game.track(s).home() as u32)
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let cells = match model {
            Model::Fight => rules.board.cells.len() as u32,
            _ => 0,
        };
        let mut ids = ActionIds {
            model,
            seats: seats as u32,
            throws: dice.outcomes.len() as u32,
            values,
            value_index,
            steps,
            counts: if rules.stacks.groups {
                u32::from(rules.pieces_per_seat).max(1)
            } else {
                1
            },
            rounds: race && (0..seats).any(|s| game.track(s).detour.is_some()),
            cells,
            kinds: rules.fight.as_ref().map_or(0, |f| f.kinds.len() as u32),
            invasion: rules
                .field
                .as_ref()
                .map_or_else(Vec::new, |f| f.invasion_cells.clone()),
            field: game.field_moves().cloned(),
            starts: Vec::new(),
            rules,
        };
        let mut first = 0;
        for &block in ids.blocks() {
            let size = ids.size(block);
            ids.starts.push((block, first, size));
            first += size;
        }
        ids
    }

    /// The values a move can use, smallest first: what the digit of a
    /// move's value counts.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The blocks of this game, in order.
    fn blocks(&self) -> &'static [Block] {
        match self.model {
            Model::Race => RACE,
            Model::Fight => FIGHT,
            Model::Field => FIELD,
        }
    }

    /// How many ids a block holds.
    fn size(&self, block: Block) -> u32 {
        let (v, n) = (self.values.len() as u32, self.cells);
        let field = self.field.as_deref();
        let stands = field.map_or(0, |f| f.stands.len() as u32);
        match block {
            Block::Pass | Block::EndMoves | Block::Fight => 1,
            Block::Begin | Block::Lead => self.seats,
            Block::Throw => self.throws,
            Block::Move => self.steps * self.counts * v,
            Block::Round if self.rounds => self.steps * self.counts * v,
            Block::Round => 0,
            Block::Stake if self.rules.end.doubling => 4,
            Block::Stake => 0,
            Block::Shift => n * 2 * v * MAX_REACH as u32 * 2,
            Block::Enter => n * self.kinds * v * 2,
            Block::Place | Block::Join | Block::Lose => stands,
            Block::Walk => field.map_or(0, |f| f.walks.len()),
            Block::Retreat => field.map_or(0, |f| f.retreats.len()),
            Block::Invade => {
                let embarkations = field.map_or(0, |f| f.embarkations.len() as u32);
                embarkations * self.invasion.len() as u32
            }
        }
    }

    /// How many ids there are: every id is below it.
    pub fn len(&self) -> u32 {
        self.starts
            .last()
            .map_or(0, |&(_, first, size)| first + size)
    }

    /// Whether the game has no ids at all (never: a pass has one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of a value, as a digit below the number of values.
    fn value(&self, by: u8) -> Option<u32> {
        match self.value_index[by as usize] {
            NO_VALUE => None,
            i => Some(u32::from(i)),
        }
    }

    /// The block of an action and its number within the block.
    fn place(&self, action: Action) -> Option<(Block, u32)> {
        let (v, n) = (self.values.len() as u32, self.cells);
        let cell = |c: u16| (u32::from(c), n);
        let field = || self.field.as_deref();
        let stand = |c: u16| field()?.stand(c);
        Some(match action {
            Action::Pass => (Block::Pass, 0),
            Action::Begin(i) => (Block::Begin, pack(&[(i.into(), self.seats)])?),
            Action::Throw(i) => (Block::Throw, pack(&[(i.into(), self.throws)])?),
            Action::Lead(i) => (Block::Lead, pack(&[(i.into(), self.seats)])?),
            Action::Move { from, count, by } | Action::Round { from, count, by } => {
                let block = match action {
                    Action::Move { .. } => Block::Move,
                    _ => Block::Round,
                };
                let local = pack(&[
                    (from.into(), self.steps),
                    (u32::from(count).checked_sub(1)?, self.counts),
                    (self.value(by)?, v),
                ])?;
                (block, local)
            }
            Action::Shift {
                from,
                piece,
                to,
                by,
                join,
            } => {
                let f = self.rules.fight.as_ref()?;
                let target = f.reach(CellId(from), by).iter().position(|c| c.0 == to)?;
                let local = pack(&[
                    cell(from),
                    (piece.into(), 2),
                    (self.value(by)?, v),
                    (target as u32, MAX_REACH as u32),
                    (join.into(), 2),
                ])?;
                (Block::Shift, local)
            }
            Action::Enter { to, kind, by, join } => {
                let local = pack(&[
                    cell(to),
                    (kind.into(), self.kinds),
                    (self.value(by)?, v),
                    (join.into(), 2),
                ])?;
                (Block::Enter, local)
            }
            Action::Place(c) => (Block::Place, stand(c)?),
            Action::Walk { from, to } => (Block::Walk, field()?.walks.number(from, to)?),
            Action::Invade { from, to } => {
                let f = field()?;
                let start = f.embarkations.binary_search(&from).ok()?;
                let target = self.invasion.iter().position(|&c| c == to)?;
                let local = pack(&[
                    (start as u32, f.embarkations.len() as u32),
                    (target as u32, self.invasion.len() as u32),
                ])?;
                (Block::Invade, local)
            }
            Action::EndMoves => (Block::EndMoves, 0),
            Action::Join(c) => (Block::Join, stand(c)?),
            Action::Fight => (Block::Fight, 0),
            Action::Retreat { from, to } => (Block::Retreat, field()?.retreats.number(from, to)?),
            Action::Lose(c) => (Block::Lose, stand(c)?),
            Action::Double => (Block::Stake, 0),
            Action::Roll => (Block::Stake, 1),
            Action::Take => (Block::Stake, 2),
            Action::Drop => (Block::Stake, 3),
        })
    }

    /// The id of an action; `None` for an action this game never takes
    /// (a cell off the board, a value no throw gives, a block of another
    /// family of games).
    pub fn id(&self, action: Action) -> Option<u32> {
        let (block, local) = self.place(action)?;
        let &(_, first, size) = self.starts.iter().find(|s| s.0 == block)?;
        (local < size).then_some(first + local)
    }

    /// The action of an id; `None` for an id not below [`ActionIds::len`]
    /// (or, in a fight, a place among reached cells that a value does not
    /// reach).
    pub fn action(&self, id: u32) -> Option<Action> {
        let &(block, first, _) = self.starts.iter().find(|s| id < s.1 + s.2)?;
        let local = id - first;
        let (v, n) = (self.values.len() as u32, self.cells);
        let value = |i: u32| self.values[i as usize];
        let cell = |c: u32| c as u16;
        let field = || self.field.as_deref();
        let stand = |i: u32| field()?.stands.get(i as usize).copied();
        Some(match block {
            Block::Pass => Action::Pass,
            Block::Begin => Action::Begin(local as u8),
            Block::Throw => Action::Throw(local as u8),
            Block::Lead => Action::Lead(local as u8),
            Block::Move | Block::Round => {
                let [from, count, by] = unpack(local, [self.steps, self.counts, v]);
                let (from, count, by) = (from as u8, count as u8 + 1, value(by));
                Action::moving(from, count, by, block == Block::Round)
            }
            Block::Shift => {
                let [from, piece, by, target, join] = unpack(local, [n, 2, v, MAX_REACH as u32, 2]);
                let by = value(by);
                let f = self.rules.fight.as_ref()?;
                let to = f.reach(CellId(cell(from)), by).get(target as usize)?;
                Action::Shift {
                    from: cell(from),
                    piece: piece as u8,
                    to: to.0,
                    by,
                    join: join == 1,
                }
            }
            Block::Enter => {
                let [to, kind, by, join] = unpack(local, [n, self.kinds, v, 2]);
                Action::Enter {
                    to: cell(to),
                    kind: kind as u8,
                    by: value(by),
                    join: join == 1,
                }
            }
            Block::Place => Action::Place(stand(local)?),
            Block::Walk => {
                let (from, to) = field()?.walks.cells(local)?;
                Action::Walk { from, to }
            }
            Block::Invade => {
                let f = field()?;
                let [start, target] = unpack(
                    local,
                    [f.embarkations.len() as u32, self.invasion.len() as u32],
                );
                Action::Invade {
                    from: f.embarkations[start as usize],
                    to: self.invasion[target as usize],
                }
            }
            Block::EndMoves => Action::EndMoves,
            Block::Join => Action::Join(stand(local)?),
            Block::Fight => Action::Fight,
            Block::Retreat => {
                let (from, to) = field()?.retreats.cells(local)?;
                Action::Retreat { from, to }
            }
            Block::Lose => Action::Lose(stand(local)?),
            Block::Stake => [Action::Double, Action::Roll, Action::Take, Action::Drop]
                .get(local as usize)
                .copied()?,
        })
    }
}

impl Game {
    /// The numbering of this game's actions (see [`ActionIds`]); keep it
    /// where many actions are numbered.
    pub fn action_ids(&self) -> ActionIds {
        ActionIds::new(self)
    }

    /// The stable id of an action, below [`Game::num_distinct_actions`];
    /// `None` for an action this game never takes.
    pub fn action_id(&self, action: Action) -> Option<u32> {
        self.action_ids().id(action)
    }

    /// The action of a stable id; `None` for an id that names none.
    pub fn action_from_id(&self, id: u32) -> Option<Action> {
        self.action_ids().action(id)
    }

    /// How many action ids this game has: every id is below it.
    pub fn num_distinct_actions(&self) -> u32 {
        self.action_ids().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim;

    /// Every action of random games of every table of every bundled
    /// variant, throws and the throw for who begins included, has an id
    /// below the count that gives the action back; the legal actions of
    /// a state have distinct ids.
    #[test]
    fn every_action_of_random_games_has_an_id_that_gives_it_back() {
        for name in crate::variants::names() {
            let rules = crate::variants::compile_bundled(name).expect("bundled variants compile");
            for table in &rules.tables {
                let game = Game::new(rules.clone(), table.players).expect("the table exists");
                let ids = game.action_ids();
                let count = ids.len();
                for seed in 0..2 {
                    let played = sim::play_random(&game, &mut sim::rng(seed), true);
                    let mut state = game.new_initial_state();
                    for &a in &played.history {
                        let mut seen = Vec::new();
                        let choices: Vec<Action> = match game.chance_actions(&state) {
                            c if c.is_empty() => game.legal_actions(&state),
                            c => c.into_iter().map(|(a, _)| a).collect(),
                        };
                        for b in choices {
                            let id = ids.id(b);
                            let at = format!("{name}/{}p seed {seed}: {b:?}", table.players);
                            let id = id.unwrap_or_else(|| panic!("no id: {at}"));
                            assert!(id < count, "{at}: id {id} of {count}");
                            assert_eq!(ids.action(id), Some(b), "{at}");
                            assert!(!seen.contains(&id), "{at}: id {id} twice");
                            seen.push(id);
                        }
                        game.apply_unchecked(&mut state, a);
                    }
                }
            }
        }
    }

    /// Every id that names an action is that action's id, and none at or
    /// past the count names one. In a race and a field game every id below
    /// the count names an action: the ids are dense (279 in Mensch, 3,670
    /// in Parcheesi, 2,368 in Pachisi, 70,849 in Nieuchess). A fight's
    /// shift and enter blocks are products of ranges with holes, so only
    /// there may an id name nothing (2,912 of Nightmare Pachisi's 5,899).
    #[test]
    fn every_id_below_the_count_names_an_action_with_that_id() {
        for name in [
            "mensch",
            "parcheesi",
            "pachisi",
            "nightmare-pachisi",
            "nieuchess",
        ] {
            let game = Game::bundled(name, None).expect("bundled");
            let ids = game.action_ids();
            let mut named = 0;
            for id in 0..ids.len() {
                if let Some(a) = ids.action(id) {
                    assert_eq!(ids.id(a), Some(id), "{name}: {a:?}");
                    named += 1;
                }
            }
            if game.rules().fight.is_none() {
                assert_eq!(named, ids.len(), "{name}: ids that name nothing");
            }
            assert_eq!(ids.action(ids.len()), None, "{name}");
            assert_eq!(game.num_distinct_actions(), ids.len());
        }
        // Mensch: a pass, four seats to begin, six faces to throw, four
        // seats to lead (no fight has them), and moves from each step
        // before home by each face.
        let game = Game::bundled("mensch", Some(4)).expect("bundled");
        let home = u32::from(game.track(0).home());
        assert_eq!(game.num_distinct_actions(), 1 + 4 + 6 + 4 + home * 6);
    }

    /// Nieuchess numbers only moves its board allows. Each of the 740
    /// cells a pawn may stand on walks to at most the 90 other cells of a
    /// hex of 5 cells' reach and the 36 cells of the fast line, retreats
    /// to at most the 12 cells 2 away (its table's only retreat), and is
    /// placed, joins a battle or is lost (3 ids); 32 cells next to the 20
    /// invasion cells embark; 12 ids are a pass, the throws and the
    /// choices of who begins. That is at most 740 × (90 + 36 + 12 + 3) +
    /// 32 × 20 + 12 = 104,992; a block of every cell to every cell had
    /// 1,640,713. The count is 70,849: 60,488 walks (120 at most from
    /// one cell), 7,488 retreats, 2,220 for the cells, 640 invasions.
    #[test]
    fn nieuchess_numbers_only_the_moves_its_board_allows() {
        let game = Game::bundled("nieuchess", None).expect("bundled");
        let n = game.num_distinct_actions();
        assert!(n < 104_992, "{n} ids");
        assert_eq!(n, 70_849, "the ids of the bundled file changed");
    }

    /// A field game's ids hold for any file of the family: house rules
    /// that change how far a piece moves, whether it passes its own
    /// pieces, whether it rides the fast line and how it retreats, each
    /// played at random; every action has an id that gives it back.
    #[test]
    fn a_field_games_ids_hold_for_other_movement_and_retreat_rules() {
        let houses = [
            "movement { reach = 2 through_own = no fast_line = plain }",
            "movement { reach = 7 }\ncombat { retreat = any_path }",
            "combat { retreat = any_path }\nmovement { zones = stop fast_line = plain }",
            "combat {\n odds = 1/2, 1/1, 2/1\n results = {\n 1: a_back1 d_back3 d_back3\n \
             2: a_back3 exchange d_back1\n 3: a_back1 a_back1 d_back3\n 4: a_back3 d_back1 d_elim\n \
             5: a_elim a_back3 d_back1\n 6: a_back1 exchange d_back3\n }\n}",
        ];
        for house in houses {
            let text = format!("extends \"nieuchess\"\n{house}\n");
            let file = crate::SourceFile::new("house.variant", &text);
            let rules = Arc::new(crate::compile(&file).expect("the house rule compiles"));
            let game = Game::new(rules, 2).expect("two players");
            let ids = game.action_ids();
            for seed in 0..3 {
                let played = sim::play_random(&game, &mut sim::rng(seed), true);
                let mut state = game.new_initial_state();
                for &a in &played.history {
                    for b in game.legal_actions(&state) {
                        let id = ids
                            .id(b)
                            .unwrap_or_else(|| panic!("{house}: no id for {b:?}"));
                        assert_eq!(ids.action(id), Some(b), "{house}");
                    }
                    game.apply_unchecked(&mut state, a);
                }
            }
        }
    }

    /// An action the game never takes has no id.
    #[test]
    fn an_action_of_another_kind_of_game_has_no_id() {
        let game = Game::bundled("mensch", Some(4)).expect("bundled");
        assert_eq!(game.action_id(Action::Walk { from: 0, to: 1 }), None);
        assert_eq!(game.action_id(Action::Throw(6)), None);
        assert_eq!(game.action_id(Action::step(0, 7)), None);
        assert_eq!(game.action_id(Action::step(0, 0)), None);
        assert_eq!(game.action_from_id(game.num_distinct_actions()), None);
    }
}
