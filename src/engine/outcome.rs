//! How a finished game came out.

use serde::{Deserialize, Serialize};

use super::{Game, Offer, Phase, State};
use crate::rules::AtLimit;

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A side brought all its pieces home.
    Finished,
    /// The turn limit was reached.
    TurnLimit,
    /// The last piece of a seat was taken (a fight).
    LastPieceTaken,
    /// A side's pieces were all eliminated (a field game).
    Eliminated,
    /// A seat dropped an offer to double the stake, and lost (end: doubling).
    Dropped,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning side, or `None` for a draw.
    pub winner: Option<u8>,
    /// The playing seats (indices in turn order) that won.
    pub winners: Vec<u8>,
    /// For each playing seat, its rank: 1 is best; partners share a rank.
    pub ranks: Vec<u8>,
    /// Why the game ended.
    pub reason: EndReason,
    /// For each playing seat, what it won (positive) or paid (negative)
    /// under the forfeit count of the `end` block; empty when the game has none.
    #[serde(default)]
    pub scores: Vec<i32>,
}

impl Game {
    /// The outcome once the game is over; `None` while it goes on.
    pub fn outcome(&self, state: &State) -> Option<Outcome> {
        if state.phase != Phase::Over || !self.fits(state) {
            return None;
        }
        if self.fight_rules().is_some() {
            return self.fight_outcome(state);
        }
        if self.rules.field.is_some() {
            return self.field_outcome(state);
        }
        if state.at_limit {
            return Some(self.outcome_at_limit(state));
        }
        if state.stake.offer == Offer::Dropped {
            return Some(self.outcome_of_drop(state));
        }
        self.outcome_of_finishes(state)
    }

    /// Sides in the order they completed, if the finishes so far end the game.
    pub(crate) fn outcome_of_finishes(&self, state: &State) -> Option<Outcome> {
        let sides = self.sides as usize;
        let mut order: Vec<u8> = Vec::new();
        for &f in &state.finished {
            let side = self.side[f as usize];
            let mut members = (0..self.seats.len()).filter(|&i| self.side[i] == side);
            let done = if self.rules.end.first_member {
                true
            } else {
                members.all(|i| state.has_finished(i))
            };
            if done && !order.contains(&side) {
                order.push(side);
            }
        }
        // end: stop = last_side plays on while two sides have not
        // finished; a game of one side, until it has.
        let enough = if self.rules.end.stop_at_first {
            !order.is_empty()
        } else {
            !order.is_empty() && order.len() + 1 >= sides
        };
        if !enough {
            return None;
        }
        Some(self.ranked(state, order, EndReason::Finished))
    }

    /// The seat that offered to double the stake wins, as the other
    /// dropped the offer; the loser pays `forfeit_game` times the stake as
    /// it stood before the offer (end: doubling).
    fn outcome_of_drop(&self, state: &State) -> Outcome {
        let winner = self.side[state.mover as usize];
        let mut outcome = self.ranked(state, vec![winner], EndReason::Dropped);
        let pays = i32::from(self.rules.end.forfeit_game) * state.stake.multiple();
        outcome.scores = (0..self.seats.len())
            .map(|seat| {
                if self.side[seat] == winner {
                    pays
                } else {
                    -pays
                }
            })
            .collect();
        outcome
    }

    /// Ranks: sides in `order` first, the rest by how far their pieces went.
    fn ranked(&self, state: &State, mut order: Vec<u8>, reason: EndReason) -> Outcome {
        let mut rest: Vec<(u32, u8)> = (0..self.sides)
            .filter(|s| !order.contains(s))
            .map(|s| (self.progress(state, s), s))
            .collect();
        rest.sort_by_key(|r| std::cmp::Reverse(r.0));
        order.extend(rest.iter().map(|(_, s)| *s));
        let winner = order.first().copied();
        let ranks = self
            .side
            .iter()
            .map(|s| order.iter().position(|o| o == s).unwrap_or(order.len()) as u8 + 1)
            .collect();
        let winners: Vec<u8> = (0..self.seats.len() as u8)
            .filter(|&i| Some(self.side[i as usize]) == winner)
            .collect();
        let scores = self.forfeits(state, &winners);
        Outcome {
            winner,
            winners,
            ranks,
            reason,
            scores,
        }
    }

    /// The forfeit count: each loser pays `forfeit_piece` a piece not home
    /// and `forfeit_seat` for each seat it sits after the first winner to
    /// finish, in turn order, and `forfeit_game` for the game, with
    /// `forfeit_none_home` more where none of its pieces is home and
    /// `forfeit_behind` more again where one of them is left behind; the
    /// winners share what is paid.
    fn forfeits(&self, state: &State, winners: &[u8]) -> Vec<i32> {
        let end = &self.rules.end;
        let any = [
            end.forfeit_piece,
            end.forfeit_seat,
            end.forfeit_game,
            end.forfeit_none_home,
            end.forfeit_behind,
        ];
        if any.iter().all(|&f| f == 0) || winners.is_empty() {
            return Vec::new();
        }
        let n = self.seats.len();
        let first = state
            .finished
            .iter()
            .copied()
            .find(|f| winners.contains(f))
            .unwrap_or(winners[0]) as usize;
        let mut scores = vec![0i32; n];
        let mut paid = 0i32;
        for (seat, score) in scores.iter_mut().enumerate() {
            if winners.contains(&(seat as u8)) {
                continue;
            }
            let out = state.pieces[seat]
                .iter()
                .filter(|&&s| !self.fast().in_goal(seat, s))
                .count() as i32;
            let after = ((seat + n - first) % n) as i32;
            let mut pays = end.forfeit_piece as i32 * out
                + end.forfeit_seat as i32 * after
                + end.forfeit_game as i32;
            let none_home = state.pieces[seat]
                .iter()
                .all(|&s| !self.fast().in_goal(seat, s));
            if none_home {
                pays += end.forfeit_none_home as i32;
                if self.left_behind(state, seat, winners) {
                    pays += end.forfeit_behind as i32;
                }
            }
            *score = -pays;
            paid += pays;
        }
        // end: doubling: the stake multiplies what is paid.
        let multiple = state.stake.multiple();
        for score in &mut scores {
            *score *= multiple;
        }
        let paid = paid * multiple;
        let share = paid / winners.len() as i32;
        for &w in winners {
            scores[w as usize] = share;
        }
        scores
    }

    /// Whether a piece of the losing `seat` is left behind: at its start,
    /// or on a cell of the last `home { gather }` steps before a winner's
    /// home (end: forfeit_behind).
    fn left_behind(&self, state: &State, seat: usize, winners: &[u8]) -> bool {
        let gather = self.rules.home.gather;
        let track = self.track(seat);
        state.pieces[seat].iter().any(|&s| {
            s == 0
                || (s < track.home()
                    && winners.iter().any(|&w| {
                        let theirs = self.track(w as usize);
                        (theirs.home().saturating_sub(gather)..theirs.home())
                            .any(|step| theirs.cell(step) == track.cell(s))
                    }))
        })
    }

    fn outcome_at_limit(&self, state: &State) -> Outcome {
        match self.rules.turn.at_limit {
            AtLimit::Draw => Outcome {
                winner: None,
                winners: Vec::new(),
                ranks: vec![1; self.seats.len()],
                reason: EndReason::TurnLimit,
                scores: Vec::new(),
            },
            AtLimit::Score | AtLimit::Progress => {
                let mut outcome = self.ranked(state, Vec::new(), EndReason::TurnLimit);
                let best: Vec<u32> = (0..self.sides).map(|s| self.progress(state, s)).collect();
                let top = best.iter().max().copied().unwrap_or(0);
                if best.iter().filter(|&&b| b == top).count() > 1 {
                    outcome.winner = None;
                    outcome.winners.clear();
                }
                outcome
            }
        }
    }

    /// The steps all pieces of a side have gone.
    pub fn progress(&self, state: &State, side: u8) -> u32 {
        (0..self.seats.len())
            .filter(|&i| self.side[i] == side)
            .map(|i| state.pieces[i].iter().map(|&s| s as u32).sum::<u32>())
            .sum()
    }

    /// What each playing seat gets: 0 while the game goes on and for a
    /// draw; otherwise the winners share +1 each and the losers pay for it
    /// equally, so the returns add up to zero.
    pub fn returns(&self, state: &State) -> Vec<f64> {
        let n = self.seats.len();
        let Some(outcome) = self.outcome(state) else {
            return vec![0.0; n];
        };
        let Some(winner) = outcome.winner else {
            return vec![0.0; n];
        };
        if !outcome.scores.is_empty() && self.rules.fight.is_none() {
            return outcome.scores.iter().map(|&s| s as f64).collect();
        }
        let winners = self.side.iter().filter(|&&s| s == winner).count() as f64;
        let losers = n as f64 - winners;
        self.side
            .iter()
            .map(|&s| {
                if s == winner {
                    1.0
                } else {
                    -winners / losers.max(1.0)
                }
            })
            .collect()
    }
}
