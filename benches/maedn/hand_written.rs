//! Mensch ärgere Dich nicht with OpenSpiel's `maedn` rules for four
//! players, written plainly: a list of pieces for each player, a move
//! generator that follows the rules in the order OpenSpiel states them, and
//! random play that picks uniformly among the legal moves. The rules, with
//! their lines in OpenSpiel, are in the doc comment of `benches/maedn.rs`.
//!
//! Used by the bench `benches/maedn.rs` and by the test `tests/maedn.rs`.

#![allow(dead_code)]

use pachisi::sim::Rng;
use rand::RngExt;

/// Players at the table.
pub const PLAYERS: usize = 4;
/// Pieces of each player.
pub const PIECES: usize = 4;
/// Fields of the ring that all players share.
pub const RING: u8 = 40;
/// Goal fields of each player, after the ring.
pub const GOAL: u8 = 4;
/// A player's last field, counted from its start: the last goal field.
pub const LAST: u8 = RING + GOAL - 1;
/// The start fields of two players in turn are this many ring fields apart.
pub const START_APART: u8 = RING / PLAYERS as u8;

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// In its player's yard, waiting to come out.
    Yard,
    /// On a field, counted from its player's start field: 0 to 39 on the
    /// ring, 40 to 43 in the goal.
    Field(u8),
}

/// A move of the player on turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Nothing can move.
    Pass,
    /// A piece comes out of the yard onto the start field.
    BringOut,
    /// The piece with this index in the player's list moves on by the die.
    Advance(usize),
}

/// A position: where every piece is, and who is on turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Each player's pieces.
    pub pieces: [[Place; PIECES]; PLAYERS],
    /// The player on turn.
    pub player: usize,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The start of a game: every piece in its yard, player 0 on turn.
    pub fn new() -> Position {
        Position {
            pieces: [[Place::Yard; PIECES]; PLAYERS],
            player: 0,
        }
    }

    /// The ring field, counted from player 0's start, of `player`'s field
    /// `field` (below [`RING`]).
    pub fn ring_field(player: usize, field: u8) -> u8 {
        (field + START_APART * player as u8) % RING
    }

    /// How many of `player`'s pieces wait in the yard.
    pub fn in_yard(&self, player: usize) -> usize {
        self.pieces[player]
            .iter()
            .filter(|&&place| place == Place::Yard)
            .count()
    }

    /// The index of `player`'s piece on its field `field`, if one stands there.
    pub fn own_piece_on(&self, player: usize, field: u8) -> Option<usize> {
        self.pieces[player]
            .iter()
            .position(|&place| place == Place::Field(field))
    }

    /// The player and index of the piece on ring field `ring` (counted from
    /// player 0's start), if one stands there.
    pub fn piece_on_ring(&self, ring: u8) -> Option<(usize, usize)> {
        for player in 0..PLAYERS {
            for (index, place) in self.pieces[player].iter().enumerate() {
                if let Place::Field(field) = *place {
                    if field < RING && Position::ring_field(player, field) == ring {
                        return Some((player, index));
                    }
                }
            }
        }
        None
    }

    /// The legal moves of the player on turn with the die `die`, into
    /// `moves` (emptied first). The rules in OpenSpiel's order:
    /// 1. while pieces wait in the yard, a piece on the start field must
    ///    move on, unless its own piece stands where it would land;
    /// 2. while pieces wait, a 6 must bring one out, unless the player's own
    ///    piece stands on the start field;
    /// 3. otherwise any piece on a field may move on by the die, if it does
    ///    not pass the last goal field nor land on its own piece;
    /// 4. with no such move, the player passes.
    pub fn legal_moves(&self, die: u8, moves: &mut Vec<Move>) {
        moves.clear();
        let player = self.player;
        if self.in_yard(player) > 0 {
            if let Some(piece) = self.own_piece_on(player, 0) {
                if self.own_piece_on(player, die).is_none() {
                    moves.push(Move::Advance(piece));
                    return;
                }
            }
            if die == 6 && self.own_piece_on(player, 0).is_none() {
                moves.push(Move::BringOut);
                return;
            }
        }
        for (index, place) in self.pieces[player].iter().enumerate() {
            if let Place::Field(field) = *place {
                let to = field + die;
                if to <= LAST && self.own_piece_on(player, to).is_none() {
                    moves.push(Move::Advance(index));
                }
            }
        }
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
    }

    /// Plays `chosen`, one of the legal moves with the die `die`, and
    /// passes the turn on unless the die is a 6.
    pub fn play(&mut self, die: u8, chosen: Move) {
        let player = self.player;
        match chosen {
            Move::Pass => {}
            Move::BringOut => {
                let piece = self.pieces[player]
                    .iter()
                    .position(|&place| place == Place::Yard)
                    .expect("a piece waits in the yard");
                self.land(player, piece, 0);
            }
            Move::Advance(piece) => {
                let Place::Field(field) = self.pieces[player][piece] else {
                    panic!("the piece stands on a field");
                };
                self.land(player, piece, field + die);
            }
        }
        if die != 6 {
            self.player = (player + 1) % PLAYERS;
        }
    }

    /// Puts `player`'s piece `piece` on its field `field`; a piece of
    /// another player standing there goes back to its yard.
    fn land(&mut self, player: usize, piece: usize, field: u8) {
        if field < RING {
            if let Some((other, taken)) = self.piece_on_ring(Position::ring_field(player, field)) {
                debug_assert_ne!(other, player, "no landing on one's own piece");
                self.pieces[other][taken] = Place::Yard;
            }
        }
        self.pieces[player][piece] = Place::Field(field);
    }

    /// Whether all of `player`'s pieces stand in its goal.
    pub fn has_filled_goal(&self, player: usize) -> bool {
        self.pieces[player]
            .iter()
            .all(|&place| matches!(place, Place::Field(field) if field >= RING))
    }
}

/// How a random game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The player who filled its goal first.
    pub winner: usize,
    /// Die throws in the game.
    pub throws: u32,
}

/// Plays one game from the start: the player on turn throws the die and
/// plays a legal move picked uniformly at random, until a player has filled
/// its goal.
pub fn play_random(rng: &mut Rng) -> Played {
    let mut position = Position::new();
    let mut moves = Vec::with_capacity(PIECES);
    let mut throws = 0;
    loop {
        let die = rng.random_range(1..=6u8);
        throws += 1;
        position.legal_moves(die, &mut moves);
        let chosen = moves[rng.random_range(0..moves.len())];
        let player = position.player;
        position.play(die, chosen);
        if position.has_filled_goal(player) {
            return Played {
                winner: player,
                throws,
            };
        }
    }
}
