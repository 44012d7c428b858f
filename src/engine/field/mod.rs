//! The engine of a field game: a hex board on which every piece of the side
//! to move may move, battles between adjacent pieces are resolved with a
//! die and a combat results table, and the winner of a battle chooses the
//! loser's retreat. The [`crate::Game`] methods hand a field game here.

pub mod battle;
pub mod reach;
pub mod state;

use arrayvec::ArrayVec;

use super::{Action, Actor, EndReason, Game, Outcome, Phase, Pieces, Refusal, State, StateError};
use crate::rules::{
    AtLimit,
    field::{BattleResult, CellKind, Column, FieldRules},
};
use reach::Ground;
pub use state::{FieldState, MAX_BATTLE, Pawn, Stage};

/// Why a field game refuses an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldRefusal {
    /// The action belongs to another stage of the turn.
    NotNow,
    /// No such seat plays.
    NoSuchSeat,
    /// The cell is not on the board.
    NoSuchCell,
    /// At set-up, pieces go on their own half only.
    NotOwnHalf(u16),
    /// No piece stands on or passes an impassable cell.
    Impassable(u16),
    /// The cell holds a piece already.
    Occupied(u16),
    /// The mover has no piece there.
    NoPiece(u16),
    /// The piece moved already this turn.
    AlreadyMoved(u16),
    /// The cell is out of the piece's reach this turn.
    OutOfReach(u16, u16),
    /// An invasion starts next to an invasion cell.
    NotEmbarkation(u16),
    /// An invasion lands on an invasion cell.
    NotInvasionCell(u16),
    /// No invasion is left, or this one is full.
    NoInvasionLeft,
    /// The piece is not engaged in an unfought battle.
    NotEngaged(u16),
    /// The piece is not next to a piece of the other side in the battle.
    NotNextToBattle(u16),
    /// A battle needs pieces of both sides.
    OneSided,
    /// Fighting now would leave this piece engaged with no one to fight.
    LeftAlone(u16),
    /// That piece does not retreat, or does not lose in this exchange.
    NotLosing(u16),
    /// The retreat cannot end there.
    NoRoute(u16, u16),
    /// Another retreat leaves every losing piece a way out.
    RouteEliminates(u16),
}

impl Game {
    fn field_rules(&self) -> Option<&FieldRules> {
        self.rules.field.as_deref()
    }

    /// The first state of a field game: the die for who chooses, or set-up.
    pub(crate) fn field_initial(&self, rules: &FieldRules) -> State {
        let stage = if rules.chooser_by_die {
            Stage::ChooseFirst
        } else {
            Stage::Place
        };
        let phase = if rules.chooser_by_die {
            Phase::Opening
        } else {
            Phase::Move
        };
        let mut state = State::at_start(Pieces::none(), 0, phase);
        state.field = Some(Box::new(FieldState::new(stage)));
        state
    }

    /// Whether a state has the shape of a field game.
    pub(crate) fn field_fits(&self, state: &State) -> bool {
        let per_seat = self.rules.pieces_per_seat as usize;
        match &state.field {
            Some(f) => {
                let cells = self.field_rules().map_or(0, |r| r.kinds.len());
                let on_board = |c: &u16| (*c as usize) < cells;
                self.seats.len() == 2
                    && state.mover < 2
                    && f.first < 2
                    && f.armies.iter().all(|a| a.len() <= per_seat)
                    && f.armies.iter().flatten().all(|p| on_board(&p.cell))
                    && f.battle.iter().all(on_board)
                    && f.pending.iter().all(on_board)
                    && state.pieces.is_empty()
            }
            None => false,
        }
    }

    /// Who acts in a field game.
    pub(crate) fn field_actor(&self, state: &State) -> Actor {
        match state.phase {
            Phase::Opening | Phase::Throw => Actor::Chance,
            Phase::Over => Actor::Terminal,
            Phase::Move => {
                let seat = self.field_acting_seat(state);
                Actor::Seat(self.seats[seat as usize])
            }
        }
    }

    /// The playing seat that chooses now: the winner of a battle during its
    /// retreat, else the seat to move.
    pub fn field_acting_seat(&self, state: &State) -> u8 {
        match &state.field {
            Some(f) if f.stage == Stage::Retreat => match f.pending.first() {
                Some(&c) => f.owner(c).map_or(state.mover, |loser| 1 - loser),
                None => state.mover,
            },
            _ => state.mover,
        }
    }

    /// The legal actions of a field game, sorted.
    pub(crate) fn field_legal(&self, state: &State, out: &mut Vec<Action>) {
        out.clear();
        let (Some(rules), Some(f)) = (self.field_rules(), state.field.as_deref()) else {
            return;
        };
        match state.phase {
            Phase::Over => return,
            Phase::Opening => {
                out.extend((0..2).map(Action::Begin));
                return;
            }
            Phase::Throw => {
                out.extend((0..self.rules.dice.outcomes.len()).map(|i| Action::Throw(i as u8)));
                return;
            }
            Phase::Move => {}
        }
        let mover = state.mover;
        match f.stage {
            Stage::ChooseFirst => out.extend([Action::Lead(0), Action::Lead(1)]),
            Stage::Place => {
                let half = rules.seat_half[self.seats[mover as usize].0 as usize];
                let ground = Ground::new(rules, f, mover);
                for c in 0..rules.kinds.len() as u16 {
                    if rules.half[c as usize] == half
                        && rules.kind(c) != CellKind::Impassable
                        && ground.empty(c)
                    {
                        out.push(Action::Place(c));
                    }
                }
                return;
            }
            Stage::Move => {
                // Generated in the order of `Action`'s sorting: every walk by
                // (from, to), then every invasion, then the end of the phase.
                let mut ground = Ground::new(rules, f, mover);
                let mut cells = Vec::with_capacity(128);
                let army = &f.armies[mover as usize];
                for p in army.iter().filter(|p| !p.moved) {
                    ground.reach(p.cell, &mut cells);
                    cells.sort_unstable();
                    out.extend(cells.iter().map(|&to| Action::Walk { from: p.cell, to }));
                }
                if self.may_invade(rules, f, mover) {
                    for p in army
                        .iter()
                        .filter(|p| !p.moved && rules.embark[p.cell as usize])
                    {
                        for &to in &rules.invasion_cells {
                            if ground.empty(to) {
                                out.push(Action::Invade { from: p.cell, to });
                            }
                        }
                    }
                }
                out.push(Action::EndMoves);
                return;
            }
            Stage::Combat => {
                for army in &f.armies {
                    for p in army {
                        if battle::may_join(rules, f, p.cell) {
                            out.push(Action::Join(p.cell));
                        }
                    }
                }
                if self.may_fight(rules, f, mover).is_ok() {
                    out.push(Action::Fight);
                }
            }
            Stage::Lose => out.extend(Self::losers(f, mover).into_iter().map(Action::Lose)),
            Stage::Retreat => out.extend(self.retreats(rules, f, state.mover)),
            Stage::Roll => {}
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Whether `seat` may send one more piece on an invasion this turn.
    fn may_invade(&self, rules: &FieldRules, f: &FieldState, seat: u8) -> bool {
        let used = f.invasions[seat as usize];
        (f.invading > 0 && f.invading < rules.invasion_size) || used < rules.invasions
    }

    /// Whether the battle formed may be fought now, or why not.
    fn may_fight(&self, rules: &FieldRules, f: &FieldState, mover: u8) -> Result<(), FieldRefusal> {
        let (a, d) = battle::sides(f, mover);
        if a == 0 || d == 0 {
            return Err(FieldRefusal::OneSided);
        }
        match battle::left_alone(rules, f, mover) {
            Some(c) => Err(FieldRefusal::LeftAlone(c)),
            None => Ok(()),
        }
    }

    /// In an exchange, the pieces the attacker may choose to lose now: its
    /// own first, then the defender's.
    fn losers(f: &FieldState, mover: u8) -> ArrayVec<u16, MAX_BATTLE> {
        let side = if f.losing & 1 != 0 { mover } else { 1 - mover };
        f.battle
            .iter()
            .copied()
            .filter(|&c| f.owner(c) == Some(side))
            .collect()
    }

    /// The retreats the winner may choose: a route that would leave another
    /// losing piece no way out is refused while another exists.
    fn retreats(&self, rules: &FieldRules, f: &FieldState, _mover: u8) -> Vec<Action> {
        let all = Self::all_retreats(rules, f);
        let keeps: Vec<Action> = all
            .iter()
            .copied()
            .filter(|&a| {
                let Action::Retreat { from, to } = a else {
                    return false;
                };
                let mut next = f.clone();
                let Some(loser) = next.owner(from) else {
                    return false;
                };
                next.relocate(loser, from, to, false);
                next.pending.retain(|c| *c != from);
                Self::stranded(rules, &next).is_none()
            })
            .collect();
        if keeps.is_empty() { all } else { keeps }
    }

    /// Every retreat of a pending piece, without looking ahead.
    fn all_retreats(rules: &FieldRules, f: &FieldState) -> Vec<Action> {
        let mut out = Vec::new();
        let mut cells = Vec::new();
        for &from in &f.pending {
            let Some(loser) = f.owner(from) else { continue };
            let ground = Ground::new(rules, f, loser);
            ground.retreats(from, f.back, rules.retreat_away, &mut cells);
            out.extend(cells.iter().map(|&to| Action::Retreat { from, to }));
        }
        out
    }

    /// A pending piece with no way out, if any.
    fn stranded(rules: &FieldRules, f: &FieldState) -> Option<u16> {
        let mut cells = Vec::new();
        for &from in &f.pending {
            let loser = f.owner(from)?;
            let ground = Ground::new(rules, f, loser);
            ground.retreats(from, f.back, rules.retreat_away, &mut cells);
            if cells.is_empty() {
                return Some(from);
            }
        }
        None
    }

    /// Why a field game refuses `action`, or `None` if it allows it. Each
    /// action is checked on its own (one search of one piece's reach at
    /// most), and agrees with [`Game::field_legal`].
    pub(crate) fn field_refusal(&self, state: &State, action: Action) -> Option<Refusal> {
        let (Some(rules), Some(f)) = (self.field_rules(), state.field.as_deref()) else {
            return Some(Refusal::BadState);
        };
        match (state.phase, action) {
            (Phase::Over, _) => return Some(Refusal::GameOver),
            (Phase::Opening, Action::Begin(i)) => {
                return (i >= 2).then_some(Refusal::NoSuchOutcome);
            }
            (Phase::Opening, _) => return Some(Refusal::WhoBegins),
            (_, Action::Begin(_)) => return Some(Refusal::AlreadyBegun),
            (Phase::Throw, Action::Throw(i)) => {
                return ((i as usize) >= self.rules.dice.outcomes.len())
                    .then_some(Refusal::NoSuchOutcome);
            }
            (Phase::Throw, _) => return Some(Refusal::MustThrow),
            (Phase::Move, Action::Throw(_)) => return Some(Refusal::NotThrowing),
            _ => {}
        }
        let no = |x: FieldRefusal| Some(Refusal::Field(x));
        let on_board = |c: u16| (c as usize) < rules.kinds.len();
        let cells: ArrayVec<u16, 2> = match action {
            Action::Place(c) | Action::Join(c) | Action::Lose(c) => [c].into_iter().collect(),
            Action::Walk { from, to }
            | Action::Invade { from, to }
            | Action::Retreat { from, to } => [from, to].into_iter().collect(),
            _ => ArrayVec::new(),
        };
        if cells.iter().any(|&c| !on_board(c)) {
            return no(FieldRefusal::NoSuchCell);
        }
        let mover = state.mover;
        match (f.stage, action) {
            (Stage::ChooseFirst, Action::Lead(j)) => {
                (j >= 2).then_some(Refusal::Field(FieldRefusal::NoSuchSeat))
            }
            (Stage::Place, Action::Place(c)) => {
                let half = rules.seat_half[self.seats[mover as usize].0 as usize];
                if rules.kind(c) == CellKind::Impassable {
                    no(FieldRefusal::Impassable(c))
                } else if rules.half[c as usize] != half {
                    no(FieldRefusal::NotOwnHalf(c))
                } else if f.owner(c).is_some() {
                    no(FieldRefusal::Occupied(c))
                } else {
                    None
                }
            }
            (Stage::Move, Action::EndMoves) => None,
            (Stage::Move, Action::Walk { from, to } | Action::Invade { from, to }) => {
                let invade = matches!(action, Action::Invade { .. });
                match f.pawn(mover, from) {
                    None => no(FieldRefusal::NoPiece(from)),
                    Some(p) if p.moved => no(FieldRefusal::AlreadyMoved(from)),
                    Some(_) if rules.kind(to) == CellKind::Impassable => {
                        no(FieldRefusal::Impassable(to))
                    }
                    Some(_) if f.owner(to).is_some() => no(FieldRefusal::Occupied(to)),
                    Some(_) if invade => {
                        if !rules.embark[from as usize] {
                            no(FieldRefusal::NotEmbarkation(from))
                        } else if rules.kind(to) != CellKind::Invasion {
                            no(FieldRefusal::NotInvasionCell(to))
                        } else if !self.may_invade(rules, f, mover) {
                            no(FieldRefusal::NoInvasionLeft)
                        } else {
                            None
                        }
                    }
                    Some(_) => {
                        let mut reach = Vec::new();
                        Ground::new(rules, f, mover).reach(from, &mut reach);
                        (!reach.contains(&to))
                            .then_some(Refusal::Field(FieldRefusal::OutOfReach(from, to)))
                    }
                }
            }
            (Stage::Combat, Action::Join(c)) => match f.owner(c) {
                None => no(FieldRefusal::NoPiece(c)),
                Some(seat) if !battle::engaged(rules, f, seat, c, &[]) => {
                    no(FieldRefusal::NotEngaged(c))
                }
                Some(_) if f.battle.contains(&c) => no(FieldRefusal::NotEngaged(c)),
                Some(_) if !battle::may_join(rules, f, c) => no(FieldRefusal::NotNextToBattle(c)),
                Some(_) => None,
            },
            (Stage::Combat, Action::Fight) => {
                self.may_fight(rules, f, mover).err().map(Refusal::Field)
            }
            (Stage::Lose, Action::Lose(c)) => (!Self::losers(f, mover).contains(&c))
                .then_some(Refusal::Field(FieldRefusal::NotLosing(c))),
            (Stage::Retreat, Action::Retreat { from, to }) => {
                if !f.pending.contains(&from) {
                    no(FieldRefusal::NotLosing(from))
                } else if self.retreats(rules, f, mover).contains(&action) {
                    None
                } else if Self::all_retreats(rules, f).contains(&action) {
                    no(FieldRefusal::RouteEliminates(to))
                } else {
                    no(FieldRefusal::NoRoute(from, to))
                }
            }
            _ => no(FieldRefusal::NotNow),
        }
    }

    /// A field refusal in the game's words.
    pub(crate) fn field_explain(&self, state: &State, refusal: FieldRefusal) -> String {
        let name = |c: u16| self.field_cell_name(c);
        let stage = state
            .field
            .as_deref()
            .map_or("this point", |f| f.stage.words());
        let reach = self.field_rules().map_or(0, |r| r.reach);
        match refusal {
            FieldRefusal::NotNow => format!("that action does not belong to {stage}"),
            FieldRefusal::NoSuchSeat => "no such seat plays".into(),
            FieldRefusal::NoSuchCell => "no such cell is on the board".into(),
            FieldRefusal::NotOwnHalf(c) => format!(
                "{} is not on the mover's own half; pieces are set up on their own half (setup: place = own_half)",
                name(c)
            ),
            FieldRefusal::Impassable(c) => format!(
                "{} is a gray cell, which no piece may enter or pass (board hex: `#`)",
                name(c)
            ),
            FieldRefusal::Occupied(c) => format!("{} holds a piece already", name(c)),
            FieldRefusal::NoPiece(c) => format!("there is no piece of the mover on {}", name(c)),
            FieldRefusal::AlreadyMoved(c) => {
                format!("the piece on {} has moved already this turn", name(c))
            }
            FieldRefusal::OutOfReach(a, b) => format!(
                "the piece on {} cannot reach {}: a piece moves up to {reach} cells, round gray cells, past no enemy piece, and stops at the first cell of an enemy zone of control (movement)",
                name(a),
                name(b)
            ),
            FieldRefusal::NotEmbarkation(c) => format!(
                "{} is not next to an invasion cell, where invasions embark (invasion)",
                name(c)
            ),
            FieldRefusal::NotInvasionCell(c) => {
                format!("{} is not an invasion cell (invasion)", name(c))
            }
            FieldRefusal::NoInvasionLeft => {
                let (n, size) = self
                    .field_rules()
                    .map_or((0, 0), |r| (r.invasions, r.invasion_size));
                format!(
                    "the mover has used its {n} invasions of up to {size} pieces (invasion: per_game, size)"
                )
            }
            FieldRefusal::NotEngaged(c) => format!(
                "the piece on {} is not next to an enemy piece that has not fought this turn (combat)",
                name(c)
            ),
            FieldRefusal::NotNextToBattle(c) => format!(
                "the piece on {} is not next to a piece of the other side in this battle; only adjacent pieces fight (combat)",
                name(c)
            ),
            FieldRefusal::OneSided => "a battle needs pieces of both sides".into(),
            FieldRefusal::LeftAlone(c) => format!(
                "the piece on {} would be left engaged with no one to fight: every engaged piece must fight (combat: attackers)",
                name(c)
            ),
            FieldRefusal::NotLosing(c) => {
                format!(
                    "the piece on {} is not a loser to be moved or chosen now",
                    name(c)
                )
            }
            FieldRefusal::NoRoute(a, b) => format!(
                "the piece on {} cannot retreat to {}: a retreat crosses only empty cells outside the winner's zone of control and ends that far away (combat: retreat)",
                name(a),
                name(b)
            ),
            FieldRefusal::RouteEliminates(c) => format!(
                "retreating to {} would leave another losing piece no way out, and another retreat does not (combat)",
                name(c)
            ),
        }
    }

    /// The name of a cell of the field, such as `m18`.
    pub fn field_cell_name(&self, cell: u16) -> String {
        match self.field_rules() {
            Some(r) if (cell as usize) < r.kinds.len() => FieldRules::cell_name(r.columns, cell),
            _ => format!("@{cell}"),
        }
    }

    /// Applies a field action the rules allow.
    pub(crate) fn field_apply(&self, state: &mut State, action: Action) {
        let Some(rules) = self.field_rules() else {
            return;
        };
        let Some(mut f) = state.field.take() else {
            return;
        };
        self.field_step(rules, state, &mut f, action);
        state.field = Some(f);
    }

    fn field_step(
        &self,
        rules: &FieldRules,
        state: &mut State,
        f: &mut FieldState,
        action: Action,
    ) {
        let mover = state.mover;
        match action {
            Action::Begin(i) if state.phase == Phase::Opening && i < 2 => {
                state.mover = i;
                state.phase = Phase::Move;
                f.stage = Stage::ChooseFirst;
            }
            Action::Lead(j) if j < 2 => {
                f.first = j;
                state.mover = j;
                f.stage = Stage::Place;
            }
            Action::Place(c) => {
                f.add(mover, Pawn::at(c));
                if f.armies[mover as usize].len() >= self.rules.pieces_per_seat as usize {
                    if mover == f.first {
                        state.mover = 1 - mover;
                    } else {
                        state.mover = f.first;
                        f.stage = Stage::Move;
                    }
                }
            }
            Action::Walk { from, to } => f.relocate(mover, from, to, true),
            Action::Invade { from, to } => {
                f.relocate(mover, from, to, true);
                if f.invading == 0 || f.invading >= rules.invasion_size {
                    f.invasions[mover as usize] += 1;
                    f.invading = 1;
                } else {
                    f.invading += 1;
                }
            }
            Action::EndMoves => {
                f.stage = Stage::Combat;
                self.settle(rules, state, f);
            }
            Action::Join(c) if !f.battle.is_full() => f.battle.push(c),
            Action::Fight => {
                for i in 0..f.battle.len() {
                    let c = f.battle[i];
                    for army in f.armies.iter_mut() {
                        if let Ok(k) = army.binary_search_by_key(&c, |p| p.cell) {
                            army[k].fought = true;
                        }
                    }
                }
                let (a, d) = battle::sides(f, mover);
                match rules.table.column(a, d) {
                    Column::At(_) => {
                        f.stage = Stage::Roll;
                        state.phase = Phase::Throw;
                    }
                    column => {
                        let result = rules.table.result(column, 0);
                        self.resolve(rules, state, f, result);
                    }
                }
            }
            Action::Throw(i) if f.stage == Stage::Roll => {
                let die = self
                    .rules
                    .dice
                    .outcomes
                    .get(i as usize)
                    .and_then(|o| o.values.first().copied())
                    .unwrap_or(1);
                let (a, d) = battle::sides(f, mover);
                let result = rules.table.result(rules.table.column(a, d), die);
                state.phase = Phase::Move;
                self.resolve(rules, state, f, result);
            }
            Action::Lose(c) => {
                if let Some(seat) = f.owner(c) {
                    f.remove(seat, c);
                    f.losing &= if seat == mover { !1 } else { !2 };
                }
                self.auto_lose(f, mover);
                if f.losing == 0 || f.armies.iter().any(|a| a.is_empty()) {
                    self.finish_battle(rules, state, f);
                }
            }
            Action::Retreat { from, to } => {
                if let Some(loser) = f.owner(from) {
                    f.relocate(loser, from, to, false);
                }
                f.pending.retain(|c| *c != from);
                Self::prune(rules, f);
                if f.pending.is_empty() {
                    self.finish_battle(rules, state, f);
                }
            }
            _ => {}
        }
    }

    /// Carries out a battle's result.
    fn resolve(
        &self,
        rules: &FieldRules,
        state: &mut State,
        f: &mut FieldState,
        result: BattleResult,
    ) {
        let mover = state.mover;
        let of = |f: &FieldState, seat: u8| -> ArrayVec<u16, MAX_BATTLE> {
            f.battle
                .iter()
                .copied()
                .filter(|&c| f.owner(c) == Some(seat))
                .collect()
        };
        match result {
            BattleResult::AttackerEliminated | BattleResult::DefenderEliminated => {
                let seat = if result == BattleResult::AttackerEliminated {
                    mover
                } else {
                    1 - mover
                };
                for c in of(f, seat) {
                    f.remove(seat, c);
                }
                self.finish_battle(rules, state, f);
            }
            BattleResult::Exchange => {
                f.losing = 3;
                self.auto_lose(f, mover);
                // A side that lost its last piece ends the game at once.
                if f.losing == 0 || f.armies.iter().any(|a| a.is_empty()) {
                    self.finish_battle(rules, state, f);
                } else {
                    f.stage = Stage::Lose;
                }
            }
            BattleResult::AttackerBack(n) | BattleResult::DefenderBack(n) => {
                let seat = if matches!(result, BattleResult::AttackerBack(_)) {
                    mover
                } else {
                    1 - mover
                };
                f.pending = of(f, seat);
                f.back = n;
                f.stage = Stage::Retreat;
                Self::prune(rules, f);
                if f.pending.is_empty() {
                    self.finish_battle(rules, state, f);
                }
            }
        }
    }

    /// In an exchange, takes the piece a side loses when it has one choice only.
    fn auto_lose(&self, f: &mut FieldState, mover: u8) {
        for (bit, seat) in [(1u8, mover), (2u8, 1 - mover)] {
            if f.losing & bit == 0 {
                continue;
            }
            let cells: ArrayVec<u16, MAX_BATTLE> = f
                .battle
                .iter()
                .copied()
                .filter(|&c| f.owner(c) == Some(seat))
                .collect();
            match cells.as_slice() {
                [] => f.losing &= !bit,
                [c] => {
                    f.remove(seat, *c);
                    f.losing &= !bit;
                }
                // The attacker chooses among several: its own piece first.
                _ => {}
            }
        }
    }

    /// Eliminates every losing piece that has no way to retreat.
    fn prune(rules: &FieldRules, f: &mut FieldState) {
        while let Some(c) = Self::stranded(rules, f) {
            if let Some(seat) = f.owner(c) {
                f.remove(seat, c);
            }
            f.pending.retain(|x| *x != c);
        }
    }

    /// Ends the battle in hand; the turn ends when no battle is left.
    fn finish_battle(&self, rules: &FieldRules, state: &mut State, f: &mut FieldState) {
        f.battle.clear();
        f.pending.clear();
        f.losing = 0;
        f.back = 0;
        f.stage = Stage::Combat;
        self.settle(rules, state, f);
    }

    /// In the combat phase: the end of the game when an army is gone, else
    /// the end of the turn when no battle is left.
    fn settle(&self, rules: &FieldRules, state: &mut State, f: &mut FieldState) {
        if f.armies.iter().any(|a| a.is_empty()) {
            state.phase = Phase::Over;
            return;
        }
        if f.stage == Stage::Combat
            && f.battle.is_empty()
            && !battle::any_left(rules, f, state.mover)
        {
            self.end_field_turn(rules, state, f);
        }
    }

    /// Ends the mover's turn; after the second turn of a complete turn,
    /// pieces come back from the pool.
    fn end_field_turn(&self, rules: &FieldRules, state: &mut State, f: &mut FieldState) {
        for army in f.armies.iter_mut() {
            for p in army.iter_mut() {
                p.moved = false;
                p.fought = false;
            }
        }
        f.invading = 0;
        state.turns += 1;
        if state.mover != f.first {
            for seat in 0..2 {
                self.reinforce(rules, f, seat);
            }
        }
        state.mover = 1 - state.mover;
        f.stage = Stage::Move;
        let limit = self.rules.turn.limit;
        if limit > 0 && state.turns >= limit {
            state.phase = Phase::Over;
            state.at_limit = true;
        }
    }

    /// One eliminated piece back on the star of each centre of `seat`'s half
    /// that no enemy piece stands in, while the pool lasts and, with
    /// `needs = enemy_half`, while as many of its pieces stand on the enemy half.
    fn reinforce(&self, rules: &FieldRules, f: &mut FieldState, seat: u8) {
        let half = rules.seat_half[self.seats[seat as usize].0 as usize];
        let pool =
            (self.rules.pieces_per_seat as usize).saturating_sub(f.armies[seat as usize].len());
        let forward = f.armies[seat as usize]
            .iter()
            .filter(|p| rules.half[p.cell as usize] != half)
            .count();
        let mut allowed = if rules.needs_enemy_half {
            pool.min(forward)
        } else {
            pool
        };
        for centre in rules.centres.iter().filter(|c| c.half == half) {
            for _ in 0..rules.per_centre {
                if allowed == 0 {
                    return;
                }
                let held = centre.cells.iter().any(|&c| f.owner(c) == Some(1 - seat));
                if held || f.owner(centre.star).is_some() {
                    break;
                }
                f.add(seat, Pawn::at(centre.star));
                allowed -= 1;
            }
        }
    }

    /// How a field game came out.
    pub(crate) fn field_outcome(&self, state: &State) -> Option<Outcome> {
        let f = state.field.as_deref()?;
        let (a, b) = (f.armies[0].len(), f.armies[1].len());
        let reason = if state.at_limit {
            EndReason::TurnLimit
        } else {
            EndReason::Eliminated
        };
        let winner = if state.at_limit && self.rules.turn.at_limit == AtLimit::Draw {
            None
        } else if a > b {
            Some(0u8)
        } else if b > a {
            Some(1u8)
        } else {
            None
        };
        let (winners, ranks) = match winner {
            Some(w) => (vec![w], if w == 0 { vec![1, 2] } else { vec![2, 1] }),
            None => (Vec::new(), vec![1, 1]),
        };
        Some(Outcome {
            winner: winner.map(|w| self.side[w as usize]),
            winners,
            ranks,
            reason,
            scores: Vec::new(),
        })
    }

    /// Checks a field state against the rules.
    pub(crate) fn field_validate(&self, state: &State) -> Result<(), StateError> {
        let fail = |problem: String| {
            Err(StateError::Impossible {
                game: self.rules.name.clone(),
                problem,
            })
        };
        let Some(rules) = self.field_rules() else {
            return fail("it is a field state, but the game is not played on a field".into());
        };
        let Some(f) = state.field.as_deref() else {
            return fail("it has no field, but the game is played on a hex board".into());
        };
        if !state.pieces.is_empty() || !state.pool.is_empty() {
            return fail("a field game keeps no race pieces or waiting values".into());
        }
        if state.mover >= 2 || f.first >= 2 {
            return fail("a field game is played by two seats".into());
        }
        let per_seat = self.rules.pieces_per_seat as usize;
        let mut seen = reach::CellSet::new(rules.kinds.len());
        for (seat, army) in f.armies.iter().enumerate() {
            if army.len() > per_seat {
                return fail(format!(
                    "seat {} has {} pieces, more than {per_seat}",
                    self.seat_name(seat),
                    army.len()
                ));
            }
            if army.windows(2).any(|w| w[0].cell >= w[1].cell) {
                return fail(format!(
                    "the pieces of seat {} are not sorted by cell, one a cell",
                    self.seat_name(seat)
                ));
            }
            for p in army {
                if p.cell as usize >= rules.kinds.len() {
                    return fail(format!("a piece stands on cell {}, off the board", p.cell));
                }
                if rules.kind(p.cell) == CellKind::Impassable {
                    return fail(format!(
                        "a piece stands on the gray cell {}",
                        self.field_cell_name(p.cell)
                    ));
                }
                if !seen.put(p.cell) {
                    return fail(format!(
                        "two pieces stand on {}",
                        self.field_cell_name(p.cell)
                    ));
                }
            }
        }
        let placed = f.stage != Stage::ChooseFirst && f.stage != Stage::Place;
        match (state.phase, f.stage) {
            (Phase::Opening, Stage::ChooseFirst) | (Phase::Throw, Stage::Roll) => {}
            (Phase::Opening | Phase::Throw, _) | (Phase::Move, Stage::Roll) => {
                return fail(format!(
                    "it waits for chance during {}, which chance does not decide",
                    f.stage.words()
                ));
            }
            _ => {}
        }
        if f.stage == Stage::ChooseFirst && f.armies.iter().any(|a| !a.is_empty()) {
            return fail("pieces stand on the board before who moves first is chosen".into());
        }
        let gone = f.armies.iter().any(|a| a.is_empty());
        if placed && gone && state.phase != Phase::Over {
            return fail("an army is eliminated, so the game should be over".into());
        }
        if state.phase == Phase::Over && !state.at_limit && !(placed && gone) {
            return fail(
                "it says the game is over, but both armies stand and the turn limit is not reached"
                    .into(),
            );
        }
        if state.at_limit && (state.phase != Phase::Over || state.turns < self.rules.turn.limit) {
            return fail("it says the turn limit was reached, but it was not".into());
        }
        if f.pending.iter().any(|&c| f.owner(c).is_none()) {
            return fail("a piece due to retreat is not on the board".into());
        }
        if f.stage == Stage::Retreat && (f.pending.is_empty() || f.back == 0) {
            return fail("it waits for a retreat, but no piece retreats".into());
        }
        if f.stage == Stage::Retreat && !rules.table.retreat_lengths().contains(&f.back) {
            return fail(format!(
                "it waits for a retreat of {} cells, which no result of the combat table gives",
                f.back
            ));
        }
        if f.stage == Stage::Lose && f.losing == 0 {
            return fail("it waits for the choice of a lost piece, but none is lost".into());
        }
        if f.battle.iter().any(|&c| c as usize >= rules.kinds.len()) {
            return fail("the battle holds a cell off the board".into());
        }
        // A battle is formed of pieces: while it forms, a cell of it with
        // none, and at any stage one named twice, is a battle play never
        // forms (once fought, its cells are kept as its pieces fall back
        // or are lost).
        for (i, &c) in f.battle.iter().enumerate() {
            if f.stage == Stage::Combat && f.owner(c).is_none() {
                return fail(format!(
                    "the battle holds {}, where no piece stands",
                    self.field_cell_name(c)
                ));
            }
            if f.battle[..i].contains(&c) {
                return fail(format!(
                    "the battle holds the piece on {} twice",
                    self.field_cell_name(c)
                ));
            }
        }
        Ok(())
    }

    /// A field action in the game's notation.
    pub(crate) fn field_action_text(&self, action: Action) -> String {
        let n = |c: u16| self.field_cell_name(c);
        match action {
            Action::Lead(j) if (j as usize) < self.seats.len() => {
                format!("first {}", self.seat_name(j as usize))
            }
            Action::Place(c) => format!("place {}", n(c)),
            Action::Walk { from, to } => format!("{}-{}", n(from), n(to)),
            Action::Invade { from, to } => format!("invade {}-{}", n(from), n(to)),
            Action::EndMoves => "end moves".into(),
            Action::Join(c) => format!("join {}", n(c)),
            Action::Fight => "fight".into(),
            Action::Retreat { from, to } => format!("retreat {}-{}", n(from), n(to)),
            Action::Lose(c) => format!("lose {}", n(c)),
            _ => self.common_action_text(action),
        }
    }

    /// Reads a field action written in the game's notation.
    pub(crate) fn field_parse_action(&self, text: &str) -> Option<Action> {
        let rules = self.field_rules()?;
        let cell = |s: &str| rules.cell_named(s.trim());
        let pair = |s: &str| -> Option<(u16, u16)> {
            let (a, b) = s.split_once('-')?;
            Some((cell(a)?, cell(b)?))
        };
        let text = text.trim();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        match word {
            "begin" => self.seat_index(rest.trim()).map(|i| Action::Begin(i as u8)),
            "first" => self.seat_index(rest.trim()).map(|i| Action::Lead(i as u8)),
            "throw" => self
                .rules
                .dice
                .outcome_labelled(rest.trim())
                .map(|i| Action::Throw(i as u8)),
            "place" => cell(rest).map(Action::Place),
            "join" => cell(rest).map(Action::Join),
            "lose" => cell(rest).map(Action::Lose),
            "fight" if rest.is_empty() => Some(Action::Fight),
            "end" if rest.trim() == "moves" => Some(Action::EndMoves),
            "invade" => pair(rest).map(|(from, to)| Action::Invade { from, to }),
            "retreat" => pair(rest).map(|(from, to)| Action::Retreat { from, to }),
            _ if rest.is_empty() => pair(text).map(|(from, to)| Action::Walk { from, to }),
            _ => None,
        }
    }
}
