//! A general evaluation of a position, built from what the games share:
//! for a race, each piece's progress along its own track, pieces home,
//! pieces on safe cells and pieces an opponent could reach with its next
//! throw; for a fight on rings, the points taken and the strength still
//! in play; for a battle on a field, the pieces alive and how near they
//! stand to the other half. It knows concepts, never a game.

use crate::{Actor, Game, Outcome, State};

/// How many distances a set of reachable distances holds: a track has at
/// most 250 steps.
const DISTANCES: usize = 256;

/// A set of distances along a track, as bits.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Distances([u64; DISTANCES / 64]);

impl Distances {
    fn put(&mut self, d: usize) {
        if d < DISTANCES {
            self.0[d / 64] |= 1 << (d % 64);
        }
    }

    fn meets(&self, other: &Distances) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// How much a side's score weighs in its share of the game
/// ([`Evaluator::shares`]): a side a whole seat's progress ahead is some
/// twenty times likelier to win.
const SHARPNESS: f64 = 3.0;

/// What a piece on its way is worth, beyond its progress: bringing a piece
/// out is half the battle in most races.
const OUT: f64 = 0.2;
/// What a piece home is worth beyond a piece just short of home.
const HOME: f64 = 0.1;
/// What standing on a safe cell is worth.
const SAFE: f64 = 0.03;

/// The tables a race's evaluation reads, worked out once a game.
#[derive(Clone)]
struct RaceTables {
    /// For each outcome of the dice, its weight and the distances a piece
    /// may cover with it: each value, and each sum of several.
    reach: Vec<(u64, Distances)>,
    /// The dice's total weight.
    total: u64,
    /// Whether a piece that lands on another takes it.
    captures: bool,
    /// Whether partners take each other.
    partners_take: bool,
}

/// The tables of a battle on a field, worked out once a game.
#[derive(Clone)]
struct FieldTables {
    /// For each playing seat, the cells between each cell and the other
    /// half (0 on it; `u16::MAX` where none leads there).
    to_other_half: Vec<Vec<u16>>,
    /// The most pieces a side may have (for scaling).
    army: f64,
}

#[derive(Clone)]
enum Model {
    Race(RaceTables),
    Fight { strength: f64 },
    Field(FieldTables),
}

/// A general evaluation of the positions of one game.
#[derive(Clone)]
pub struct Evaluator {
    model: Model,
    /// Each playing seat's side.
    sides: Vec<u8>,
    /// How many sides play.
    side_count: usize,
}

impl Evaluator {
    /// The evaluation for `game`.
    pub fn new(game: &Game) -> Evaluator {
        let rules = game.rules();
        let model = if let Some(fight) = &rules.fight {
            Model::Fight {
                strength: f64::from(fight.value_per_seat().max(1)),
            }
        } else if let Some(field) = &rules.field {
            Model::Field(field_tables(game, field))
        } else {
            Model::Race(race_tables(game))
        };
        Evaluator {
            model,
            sides: game.sides().to_vec(),
            side_count: game.side_count().max(1),
        }
    }

    /// How many sides the evaluation scores.
    pub fn side_count(&self) -> usize {
        self.side_count
    }

    /// Each side's score: roughly, the seats' progress towards winning,
    /// each seat's between 0 and a little over 1 (what a side's seats
    /// have, summed over them and divided by their number).
    pub fn scores(&self, game: &Game, state: &State) -> Vec<f64> {
        let mut score = vec![0.0; self.side_count];
        let mut seats = vec![0usize; self.side_count];
        for (seat, &side) in self.sides.iter().enumerate() {
            let Some(s) = score.get_mut(side as usize) else {
                continue;
            };
            *s += match &self.model {
                Model::Race(t) => race_seat(game, t, state, seat, &self.sides),
                Model::Fight { strength } => fight_seat(game, state, seat, *strength),
                Model::Field(t) => field_seat(t, state, seat),
            };
            seats[side as usize] += 1;
        }
        for (s, n) in score.iter_mut().zip(&seats) {
            *s /= (*n).max(1) as f64;
        }
        score
    }

    /// Each side's share of the game, between 0 and 1, summing to 1: the
    /// outcome where the game is over (a draw shared), else the scores
    /// made into shares (a softmax).
    pub fn shares(&self, game: &Game, state: &State) -> Vec<f64> {
        if game.actor(state) == Actor::Terminal {
            if let Some(outcome) = game.outcome(state) {
                return self.outcome_shares(&outcome);
            }
        }
        let scores = self.scores(game, state);
        let top = scores.iter().copied().fold(f64::MIN, f64::max);
        let weights: Vec<f64> = scores
            .iter()
            .map(|s| (SHARPNESS * (s - top)).exp())
            .collect();
        let sum: f64 = weights.iter().sum();
        weights.iter().map(|w| w / sum).collect()
    }

    /// Each side's share of a finished game: 1 for the winner, a draw
    /// shared alike.
    pub fn outcome_shares(&self, outcome: &Outcome) -> Vec<f64> {
        let mut shares = vec![0.0; self.side_count];
        match outcome.winner {
            Some(w) if (w as usize) < self.side_count => shares[w as usize] = 1.0,
            _ => shares
                .iter_mut()
                .for_each(|s| *s = 1.0 / self.side_count as f64),
        }
        shares
    }
}

/// The side whose interest decides the choice now: the side of the seat
/// that chooses, or of the seats of the player who chooses (who may move
/// a dummy); `None` where chance acts or the game is over.
pub fn chooser_side(game: &Game, state: &State) -> Option<u8> {
    let player = game.player_to_act(state)?;
    let seat = (0..game.seats().len())
        .find(|&i| game.player_of_seat(i) == Some(player))
        .or_else(|| (player < game.seats().len()).then_some(player))?;
    game.sides().get(seat).copied()
}

fn race_tables(game: &Game) -> RaceTables {
    let rules = game.rules();
    let reach = rules
        .dice
        .outcomes
        .iter()
        .map(|o| {
            let mut d = Distances::default();
            let n = o.values.len().min(8);
            for mask in 1u32..(1 << n) {
                let sum: usize = (0..n)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| o.values[i] as usize)
                    .sum();
                d.put(sum);
            }
            (o.weight, d)
        })
        .collect();
    RaceTables {
        reach,
        total: rules.dice.total.max(1),
        captures: rules.capture.by_landing,
        partners_take: rules.capture.partners,
    }
}

/// A race seat's worth: each piece's progress, out and home, safe, less
/// what it would lose if taken times the chance that an opponent reaches
/// it with its next throw; divided by the seat's pieces.
fn race_seat(game: &Game, t: &RaceTables, state: &State, seat: usize, sides: &[u8]) -> f64 {
    if seat >= state.pieces.len() {
        return 0.0;
    }
    let track = game.track(seat);
    let home = track.home().max(1);
    let pieces = state.seat_pieces(seat);
    let mut worth = 0.0;
    for &step in pieces {
        if step == 0 {
            continue;
        }
        if step >= home {
            worth += 1.0 + HOME;
            continue;
        }
        let progress = OUT + (1.0 - OUT) * f64::from(step) / f64::from(home);
        let safe = track.safe.get(step as usize).copied().unwrap_or(false);
        let mut piece = progress;
        if safe {
            piece += SAFE;
        } else if t.captures {
            let cell = track.cell(step);
            piece -= progress * taken_chance(game, t, state, seat, cell.0 as usize, sides);
        }
        worth += piece;
    }
    worth / pieces.len().max(1) as f64
}

/// The chance that at least one opponent of `seat` reaches `cell` with
/// its next throw, each opponent seat's throw taken apart (one value, or
/// several summed: what a throw could carry a piece over).
fn taken_chance(
    game: &Game,
    t: &RaceTables,
    state: &State,
    seat: usize,
    cell: usize,
    sides: &[u8],
) -> f64 {
    let mut escapes = 1.0;
    for other in 0..state.pieces.len() {
        let partner = sides.get(other) == sides.get(seat);
        if other == seat || (partner && !t.partners_take) {
            continue;
        }
        let track = game.track(other);
        let Some(visits) = track.visits.get(cell) else {
            continue;
        };
        let home = track.home();
        let mut distances = Distances::default();
        for &from in state.seat_pieces(other) {
            if from == 0 || from >= home {
                continue;
            }
            for &at in visits {
                if at != u8::MAX && at > from {
                    distances.put((at - from) as usize);
                }
            }
        }
        if distances.is_empty() {
            continue;
        }
        let hit: u64 = t
            .reach
            .iter()
            .filter(|(_, d)| d.meets(&distances))
            .map(|(w, _)| w)
            .sum();
        escapes *= 1.0 - hit as f64 / t.total as f64;
    }
    1.0 - escapes
}

/// A fight seat's worth: the points its side took and the strength it
/// still has in play, in its starting strength; points count double, as
/// they decide the game.
fn fight_seat(game: &Game, state: &State, seat: usize, strength: f64) -> f64 {
    let Some(fs) = state.fight.as_deref() else {
        return 0.0;
    };
    let Some(f) = &game.rules().fight else {
        return 0.0;
    };
    let seat8 = seat as u8;
    let waiting: u32 = fs.waiting.get(seat).map_or(0, |w| {
        w.iter()
            .enumerate()
            .map(|(kind, &n)| u32::from(n) * u32::from(f.value(kind as u8)))
            .sum()
    });
    let on_board: u32 = fs
        .cells
        .iter()
        .flat_map(|s| s.pieces())
        .filter(|p| p.seat == seat8)
        .map(|p| u32::from(f.value(p.kind)))
        .sum();
    let side = game.sides().get(seat).copied().unwrap_or(0) as usize;
    let points = fs.points.get(side).copied().unwrap_or(0);
    (2.0 * f64::from(points) + f64::from(waiting + on_board)) / strength
}

fn field_tables(game: &Game, field: &crate::rules::field::FieldRules) -> FieldTables {
    let cells = field.kinds.len();
    let to_other_half = (0..game.seats().len())
        .map(|seat| {
            let id = game.seats()[seat].0 as usize;
            let own = field.seat_half.get(id).copied().unwrap_or(seat as u8);
            // A search from every cell of the other half at once.
            let mut dist = vec![u16::MAX; cells];
            let mut queue = std::collections::VecDeque::new();
            for (cell, d) in dist.iter_mut().enumerate() {
                if field.half.get(cell).is_some_and(|&h| h != own) {
                    *d = 0;
                    queue.push_back(cell);
                }
            }
            while let Some(cell) = queue.pop_front() {
                let next = dist[cell].saturating_add(1);
                for n in field.neighbours(cell as u16) {
                    if let Some(d) = dist.get_mut(n as usize)
                        && *d == u16::MAX
                    {
                        *d = next;
                        queue.push_back(n as usize);
                    }
                }
            }
            dist
        })
        .collect();
    FieldTables {
        to_other_half,
        army: crate::rules::field::MAX_ARMY as f64,
    }
}

/// A field seat's worth: its pieces alive, and a little for each piece
/// near or on the other half, where invasions land and reinforcements are
/// earned.
fn field_seat(t: &FieldTables, state: &State, seat: usize) -> f64 {
    let Some(f) = state.field.as_deref() else {
        return 0.0;
    };
    let Some(army) = f.armies.get(seat) else {
        return 0.0;
    };
    let dist = &t.to_other_half[seat.min(t.to_other_half.len().saturating_sub(1))];
    let near: f64 = army
        .iter()
        .map(|p| match dist.get(p.cell as usize) {
            Some(&d) if d != u16::MAX => 1.0 / (1.0 + f64::from(d)),
            _ => 0.0,
        })
        .sum();
    (army.len() as f64 + 0.05 * near) / t.army * 4.0
}
