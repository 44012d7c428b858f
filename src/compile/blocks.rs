//! The blocks of rule settings: `game`, `turn`, `entry`, `home`, `capture`,
//! `stacks` and `end`. A missing block or setting takes the default written
//! in docs/language.md.

use super::reader::{BlockReader, number, number_atom, single, word, yes_no};
use crate::{
    diagnostic::{Diagnostic, nearest},
    rules::{
        AtLimit, CaptureRules, EndRules, EntryRules, FirstPiece, HomeRules, Jump, NearHome,
        OwnEntry, StackRules, ThrowOrder, TurnRules, UseValues,
        board::{Board, CellId},
        dice::Dice,
        entry::EntryThrows,
    },
    syntax::ast::{AtomKind, Block, Value},
};

/// What the rule blocks may refer to.
pub struct Context<'a> {
    pub board: &'a Board,
    pub regions: &'a [NamedRegion],
    pub dice: Option<&'a Dice>,
}

/// Reads an optional setting with `read`, or takes `default`.
pub(super) fn setting<T>(
    r: &Option<BlockReader>,
    key: &str,
    default: T,
    errors: &mut Vec<Diagnostic>,
    read: impl FnOnce(&Value) -> Result<T, Diagnostic>,
) -> Option<T> {
    match r.as_ref().and_then(|r| r.get(key)) {
        Some(s) => read(&s.value).map_err(|d| errors.push(d)).ok(),
        None => Some(default),
    }
}

/// A reader for a rule block, which takes no label.
pub(super) fn reader<'a>(
    block: Option<&'a Block>,
    known: &'static [&'static str],
    what: &str,
    errors: &mut Vec<Diagnostic>,
) -> Option<BlockReader<'a>> {
    let block = block?;
    if let Some(label) = &block.label {
        let keyword = block.kind.node.keyword();
        errors.push(
            Diagnostic::new(
                "compile::unexpected_label",
                label.span,
                format!("the `{keyword}` block takes no label"),
            )
            .with_help(format!("write `{keyword} {{ .. }}`")),
        );
    }
    Some(BlockReader::new(block, known, what, errors))
}

/// `game "Name" { about = "..", pieces = 4 }`: the name, a description and
/// the pieces a seat has (at most `max_pieces`).
pub fn game(
    block: &Block,
    max_pieces: i64,
    errors: &mut Vec<Diagnostic>,
) -> Option<(String, String, u8)> {
    let name = match &block.label {
        Some(a) => match &a.kind {
            AtomKind::Str(s) | AtomKind::Name(s) => s.clone(),
            _ => {
                errors.push(Diagnostic::new(
                    "compile::game_name",
                    a.span,
                    "the game's name is a quoted string, such as `game \"Pachisi\"`",
                ));
                return None;
            }
        },
        None => {
            errors.push(Diagnostic::new(
                "compile::game_name",
                block.kind.span,
                "the game needs a name, such as `game \"Pachisi\" { .. }`",
            ));
            return None;
        }
    };
    let r = Some(BlockReader::new(
        block,
        &["about", "pieces"],
        "the game block",
        errors,
    ));
    let about = setting(&r, "about", String::new(), errors, |v| {
        match single("about", v)?.kind {
            AtomKind::Str(ref s) => Ok(s.clone()),
            _ => Err(Diagnostic::new(
                "compile::expected_string",
                v.span,
                "`about` is a quoted string",
            )),
        }
    });
    let pieces = r
        .as_ref()
        .and_then(|r| r.require("pieces", errors))
        .and_then(|s| {
            number("pieces", &s.value, 1, max_pieces)
                .map_err(|d| errors.push(d))
                .ok()
        });
    Some((name, about?, pieces? as u8))
}

/// The `turn` block.
pub fn turn(block: Option<&Block>, errors: &mut Vec<Diagnostic>) -> Option<TurnRules> {
    let r = reader(
        block,
        &[
            "begins",
            "throws",
            "must_move",
            "use",
            "bonus",
            "bonus_optional",
            "finished",
            "again_limit",
            "over_limit",
            "tries",
            "limit",
            "at_limit",
        ],
        "the turn block",
        errors,
    );
    let throws = setting(&r, "throws", ThrowOrder::OneAtATime, errors, |v| {
        Ok([ThrowOrder::OneAtATime, ThrowOrder::AllFirst]
            [word("throws", v, &["one_at_a_time", "all_first"])?])
    });
    let begins = setting(&r, "begins", 0, errors, |v| {
        word("begins", v, &["first_seat", "throw", "one_die_each"])
    });
    let begins_by_throw = begins.map(|b| b > 0);
    let first_throw_unlike = begins.map(|b| b == 2);
    let must_move = setting(&r, "must_move", true, errors, |v| yes_no("must_move", v));
    let use_values = setting(&r, "use", UseValues::Each, errors, |v| {
        Ok([UseValues::Each, UseValues::Most, UseValues::One]
            [word("use", v, &["each", "most", "one"])?])
    });
    let bonus_after_dice = setting(&r, "bonus", false, errors, |v| {
        Ok(word("bonus", v, &["any_order", "after_dice"])? == 1)
    });
    let bonus_optional = setting(&r, "bonus_optional", false, errors, |v| {
        yes_no("bonus_optional", v)
    });
    let skip_finished = setting(&r, "finished", true, errors, |v| {
        Ok(word("finished", v, &["play", "skip"])? == 1)
    });
    let again_limit = setting(&r, "again_limit", 0, errors, |v| {
        let atom = single("again_limit", v)?;
        match atom.kind {
            AtomKind::Name(_) => {
                super::reader::word_atom("again_limit", atom, &["none"]).map(|_| 0)
            }
            _ => number_atom("again_limit", atom, 1, 16).map(|n| n as u8),
        }
    });
    let over_limit = setting(&r, "over_limit", 0, errors, |v| {
        word(
            "over_limit",
            v,
            &["lose_throw", "send_back_leader", "send_back_last"],
        )
    });
    let send_back_leader = over_limit.map(|o| o == 1);
    let send_back_last = over_limit.map(|o| o == 2);
    let tries = setting(&r, "tries", 1, errors, |v| {
        number_atom("tries", single("tries", v)?, 1, 16).map(|n| n as u8)
    });
    let limit = setting(&r, "limit", 5000, errors, |v| {
        number("limit", v, 1, 1_000_000).map(|n| n as u32)
    });
    let at_limit = setting(&r, "at_limit", AtLimit::Draw, errors, |v| {
        Ok([AtLimit::Draw, AtLimit::Progress, AtLimit::Score]
            [word("at_limit", v, &["draw", "progress", "score"])?])
    });
    Some(TurnRules {
        tries: tries?,
        begins_by_throw: begins_by_throw?,
        first_throw_unlike: first_throw_unlike?,
        throws: throws?,
        must_move: must_move?,
        use_values: use_values?,
        bonus_after_dice: bonus_after_dice?,
        bonus_optional: bonus_optional?,
        skip_finished: skip_finished?,
        again_limit: again_limit?,
        send_back_leader: send_back_leader?,
        send_back_last: send_back_last?,
        limit: limit?,
        at_limit: at_limit?,
    })
}

/// `any`, `again`, or a list of values.
fn entry_throws(key: &str, v: &Value, dice: Option<&Dice>) -> Result<EntryThrows, Diagnostic> {
    if let [element] = v.elements.as_slice()
        && let [atom] = element.atoms.as_slice()
        && let AtomKind::Name(_) = atom.kind
    {
        return Ok(
            match super::reader::word_atom(key, atom, &["any", "again"])? {
                0 => EntryThrows::Any,
                _ => EntryThrows::Again,
            },
        );
    }
    let mut values = Vec::new();
    for element in &v.elements {
        let [atom] = element.atoms.as_slice() else {
            return Err(Diagnostic::new(
                "compile::bad_entry",
                element.span,
                match key {
                    "break_on" => {
                        "`break_on` is `none`, `any`, `again`, or values such as `6`".into()
                    }
                    _ => format!("`{key}` is `any`, `again`, or values such as `5, 6`"),
                },
            ));
        };
        let value = number_atom(key, atom, 1, 250)? as u8;
        if let Some(dice) = dice
            && !dice.outcomes.iter().any(|o| o.values.contains(&value))
        {
            return Err(Diagnostic::new(
                "compile::entry_never_thrown",
                atom.span,
                format!(
                    "entry needs a throw of {value}, but the dice {} never give {value}",
                    dice.name
                ),
            ));
        }
        values.push(value);
    }
    Ok(EntryThrows::Values(values))
}

/// The `entry` block.
pub fn entry(
    block: Option<&Block>,
    ctx: &Context,
    errors: &mut Vec<Diagnostic>,
) -> Option<EntryRules> {
    let r = reader(
        block,
        &[
            "on",
            "first_on",
            "first",
            "moves",
            "forced",
            "sum",
            "clear_start",
            "already_out",
            "begin_on",
        ],
        "the entry block",
        errors,
    );
    let on = setting(&r, "on", EntryThrows::Any, errors, |v| {
        entry_throws("on", v, ctx.dice)
    })?;
    let first_on = setting(&r, "first_on", on.clone(), errors, |v| {
        entry_throws("first_on", v, ctx.dice)
    });
    let first = setting(&r, "first", FirstPiece::NoneOnBoard, errors, |v| {
        Ok([FirstPiece::NoneOnBoard, FirstPiece::FirstOfGame]
            [word("first", v, &["none_on_board", "first_of_game"])?])
    });
    let forced = setting(&r, "forced", 0, errors, |v| {
        word("forced", v, &["no", "yes", "always"])
    });
    let sum = setting(&r, "sum", false, errors, |v| yes_no("sum", v));
    let already_out = setting(&r, "already_out", 0, errors, |v| {
        number_atom("already_out", single("already_out", v)?, 0, 16).map(|n| n as u8)
    });
    let begin_on = setting(&r, "begin_on", Vec::new(), errors, begin_on);
    let clear_start = setting(&r, "clear_start", false, errors, |v| {
        yes_no("clear_start", v)
    });
    let moves_score = setting(&r, "moves", true, errors, |v| {
        Ok(word("moves", v, &["to_track", "score"])? == 1)
    });
    Some(EntryRules {
        on,
        first_on: first_on?,
        first: first?,
        moves_score: moves_score?,
        forced: forced? > 0,
        start_first: forced? == 2,
        sum: sum?,
        clear_start: clear_start?,
        already_out: already_out?,
        begin_on: begin_on?,
    })
}

/// `begin_on = { 6: 1, 23: 2 }`: race steps and how many pieces begin on
/// each, each step once; ascending by step. Whether the steps are on every
/// track and the pieces fit is asked once the tracks are known.
fn begin_on(v: &Value) -> Result<Vec<(u8, u8)>, Diagnostic> {
    let atom = single("begin_on", v)?;
    let AtomKind::Table(entries) = &atom.kind else {
        return Err(Diagnostic::new(
            "compile::expected_table",
            atom.span,
            "`begin_on` is a table of steps and how many pieces begin on each, such as `{ 6: 1, 23: 2 }`",
        ));
    };
    let mut steps: Vec<(u8, u8)> = Vec::new();
    for (key, element) in entries {
        let step = number_atom("begin_on", key, 1, 249)? as u8;
        let [count] = element.atoms.as_slice() else {
            return Err(Diagnostic::new(
                "compile::expected_table",
                element.span,
                "each step of `begin_on` gives one number, how many pieces begin there",
            ));
        };
        let count = number_atom("begin_on", count, 1, 16)? as u8;
        if steps.iter().any(|&(s, _)| s == step) {
            return Err(Diagnostic::new(
                "compile::setting_twice",
                key.span,
                format!("step {step} is given twice in `begin_on`"),
            ));
        }
        steps.push((step, count));
    }
    steps.sort_unstable();
    Ok(steps)
}

/// The `home` block.
pub fn home(block: Option<&Block>, errors: &mut Vec<Diagnostic>) -> Option<HomeRules> {
    let r = reader(
        block,
        &["exact", "near", "bonus", "goal", "order", "gather"],
        "the home block",
        errors,
    );
    let exact_word = setting(&r, "exact", 1, errors, |v| {
        word("exact", v, &["no", "yes", "furthest"])
    })?;
    let exact = exact_word > 0;
    let gather = setting(&r, "gather", 0, errors, |v| {
        let atom = single("gather", v)?;
        match atom.kind {
            AtomKind::Name(_) => super::reader::word_atom("gather", atom, &["none"])
                .map(|_| 0)
                .map_err(|d| {
                    d.with_help("`gather` is `none` or a number of steps from home, 1 to 249, such as `gather = 6`")
                }),
            _ => number_atom("gather", atom, 1, 249).map(|n| n as u8),
        }
    })?;
    let near =
        setting(&r, "near", NearHome::Wait, errors, |v| {
            Ok([NearHome::Wait, NearHome::SmallestThrow]
                [word("near", v, &["wait", "smallest_throw"])?])
        })?;
    if near == NearHome::SmallestThrow
        && !exact
        && let Some(s) = r.as_ref().and_then(|r| r.get("near"))
    {
        errors.push(Diagnostic::new(
            "compile::near_without_exact",
            s.key.span,
            "`near = smallest_throw` only matters when home needs an exact value (`exact = yes`)",
        ));
    }
    let bonus = setting(&r, "bonus", 0, errors, |v| bonus_value("bonus", v))?;
    let goal = setting(&r, "goal", 1, errors, |v| {
        number_atom("goal", single("goal", v)?, 1, 64).map(|n| n as u8)
    })?;
    Some(HomeRules {
        exact,
        near,
        bonus,
        goal,
        furthest_over: exact_word == 2,
        gather,
        // Read once the seats are known (`seats::home_order`).
        order: Vec::new(),
    })
}

/// The `capture` block.
pub fn capture(
    block: Option<&Block>,
    ctx: &Context,
    errors: &mut Vec<Diagnostic>,
) -> Option<CaptureRules> {
    let r = reader(
        block,
        &[
            "by",
            "safe",
            "again",
            "partners",
            "bonus",
            "safe_shared",
            "own_entry",
        ],
        "the capture block",
        errors,
    );
    let by_landing = setting(&r, "by", true, errors, |v| {
        Ok(word("by", v, &["none", "landing"])? == 1)
    });
    let safe = setting(&r, "safe", None, errors, |v| region("safe", v, ctx));
    let extra_throws = setting(&r, "again", 0, errors, |v| {
        let atom = single("again", v)?;
        match atom.kind {
            AtomKind::Number(_) => number_atom("again", atom, 0, 3).map(|n| n as u8),
            _ => Ok(u8::from(yes_no("again", v)?)),
        }
    });
    let partners = setting(&r, "partners", false, errors, |v| yes_no("partners", v));
    let bonus = setting(&r, "bonus", 0, errors, |v| bonus_value("bonus", v));
    let safe_shared = setting(&r, "safe_shared", true, errors, |v| {
        yes_no("safe_shared", v)
    });
    let own_entry = setting(&r, "own_entry", OwnEntry::No, errors, |v| {
        Ok([OwnEntry::No, OwnEntry::Entering, OwnEntry::Always]
            [word("own_entry", v, &["no", "entering", "always"])?])
    });
    let safe = safe?;
    let _ = ctx.board;
    Some(CaptureRules {
        by_landing: by_landing?,
        safe_region: safe.as_ref().map(|(n, _)| n.clone()),
        safe: safe.map(|(_, c)| c).unwrap_or_default(),
        extra_throws: extra_throws?,
        partners: partners?,
        bonus: bonus?,
        safe_shared: safe_shared?,
        own_entry: own_entry?,
    })
}

/// A region by its name, with its cells.
pub type NamedRegion = (String, Vec<CellId>);

/// A setting that names a region, or is `none`.
fn region(key: &str, v: &Value, ctx: &Context) -> Result<Option<NamedRegion>, Diagnostic> {
    let atom = single(key, v)?;
    let AtomKind::Name(name) = &atom.kind else {
        return Err(Diagnostic::new(
            "compile::expected_region",
            atom.span,
            format!("`{key}` names a region, or is `none`"),
        ));
    };
    if name == "none" {
        return Ok(None);
    }
    match ctx.regions.iter().find(|(n, _)| n == name) {
        Some((n, cells)) => Ok(Some((n.clone(), cells.clone()))),
        None => {
            let mut d = Diagnostic::new(
                "compile::unknown_region",
                atom.span,
                format!("there is no region `{name}`"),
            );
            if let Some(near) = nearest(name, ctx.regions.iter().map(|(n, _)| n.as_str())) {
                d = d.with_help(format!("did you mean `{near}`? names are case-sensitive"));
            }
            Err(d)
        }
    }
}

/// A bonus: a number of steps, or `none`.
fn bonus_value(key: &str, v: &Value) -> Result<u8, Diagnostic> {
    let atom = single(key, v)?;
    match atom.kind {
        AtomKind::Name(_) => super::reader::word_atom(key, atom, &["none"]).map(|_| 0),
        _ => number_atom(key, atom, 1, 250).map(|n| n as u8),
    }
}

/// The `stacks` block.
/// Its `jump_in`, which names a region, is read by [`jump_in`] once the
/// regions are known.
pub fn stacks(block: Option<&Block>, errors: &mut Vec<Diagnostic>) -> Option<StackRules> {
    let r = reader(
        block,
        &[
            "blockade",
            "pass",
            "take",
            "groups",
            "max",
            "own_max",
            "blocks",
            "pairs",
            "blockade_turns",
            "mixed",
            "jump",
            "jump_in",
            "break_on",
        ],
        "the stacks block",
        errors,
    );
    let blockade = setting(&r, "blockade", 0, errors, |v| {
        let atom = single("blockade", v)?;
        match atom.kind {
            AtomKind::Name(_) => super::reader::word_atom("blockade", atom, &["none"]).map(|_| 0),
            _ => number_atom("blockade", atom, 2, 16).map(|n| n as u8),
        }
    });
    let pass = setting(&r, "pass", 0, errors, |v| {
        word(
            "pass",
            v,
            &["never", "group_as_large", "with_doubles", "always"],
        )
    });
    let always_passes = pass.map(|p| p == 3);
    let group_passes = pass.map(|p| p == 1);
    let doubles_pass = pass.map(|p| p == 2);
    let take_as_many = setting(&r, "take", false, errors, |v| {
        Ok(word("take", v, &["never", "as_many"])? == 1)
    });
    let limit = |key: &'static str| {
        move |v: &Value| {
            let atom = single(key, v)?;
            match atom.kind {
                AtomKind::Name(_) => super::reader::word_atom(key, atom, &["none"]).map(|_| 0),
                _ => number_atom(key, atom, 1, 64).map(|n| n as u8),
            }
        }
    };
    let max = setting(&r, "max", 0, errors, limit("max"));
    let blocks_own = setting(&r, "blocks", false, errors, |v| {
        Ok(word("blocks", v, &["others", "everyone"])? == 1)
    });
    let pairs_apart = setting(&r, "pairs", false, errors, |v| {
        Ok(word("pairs", v, &["free", "apart"])? == 1)
    });
    let own_max = setting(&r, "own_max", 0, errors, limit("own_max"));
    let blockade_turns = setting(&r, "blockade_turns", 0, errors, limit("blockade_turns"));
    let grouping = setting(&r, "groups", 0, errors, |v| {
        word("groups", v, &["apart", "together", "merged"])
    });
    let groups = grouping.map(|g| g > 0);
    let merged = grouping.map(|g| g == 2);
    let mixed_open = setting(&r, "mixed", false, errors, |v| {
        Ok(word("mixed", v, &["like_any", "open_to_side"])? == 1)
    });
    let jump = setting(&r, "jump", Jump::Any, errors, |v| {
        Ok([Jump::Any, Jump::NotOwn, Jump::None][word("jump", v, &["any", "not_own", "none"])?])
    });
    // `break_on = none`, or the throws on which a blockade must open, as
    // `entry { on }` names throws.
    let break_on = setting(&r, "break_on", None, errors, |v| {
        if let [element] = v.elements.as_slice()
            && let [atom] = element.atoms.as_slice()
            && let AtomKind::Name(_) = atom.kind
        {
            let word = super::reader::word_atom("break_on", atom, &["none", "any", "again"])?;
            return Ok([None, Some(EntryThrows::Any), Some(EntryThrows::Again)][word].clone());
        }
        entry_throws("break_on", v, None).map(Some)
    });
    Some(StackRules {
        break_on: break_on?,
        jump: jump?,
        jump_region: None,
        jump_in: None,
        mixed_open: mixed_open?,
        blockade: blockade?,
        group_passes: group_passes?,
        take_as_many: take_as_many?,
        groups: groups?,
        merged: merged?,
        always_passes: always_passes?,
        max: max?,
        own_max: own_max?,
        blockade_turns: blockade_turns?,
        blocks_own: blocks_own?,
        doubles_pass: doubles_pass?,
        pairs_apart: pairs_apart?,
    })
}

/// `stacks { jump_in }`: the region where `stacks { jump }` holds (its
/// name and cells; `None` for every cell), read apart from the rest of
/// `stacks`, once the regions are known. `None` where the setting is wrong.
pub fn jump_in(
    block: Option<&Block>,
    ctx: &Context,
    errors: &mut Vec<Diagnostic>,
) -> Option<Option<NamedRegion>> {
    let Some(found) = block.and_then(|b| b.settings.iter().find(|s| s.key.node == "jump_in"))
    else {
        return Some(None);
    };
    let read = |v: &Value| {
        let atom = single("jump_in", v)?;
        // `jump_in = all`: every cell, as when it is left out.
        if matches!(&atom.kind, AtomKind::Name(n) if n == "all") {
            return Ok(None);
        }
        match region("jump_in", v, ctx)? {
            Some(named) => Ok(Some(named)),
            None => Err(Diagnostic::new(
                "compile::expected_region",
                atom.span,
                "`jump_in` names a region, or is `all`",
            )),
        }
    };
    read(&found.value).map_err(|d| errors.push(d)).ok()
}

/// The `end` block.
pub fn end(block: Option<&Block>, errors: &mut Vec<Diagnostic>) -> Option<EndRules> {
    let r = reader(
        block,
        &[
            "stop",
            "team",
            "forfeit_piece",
            "forfeit_seat",
            "forfeit_game",
            "forfeit_none_home",
            "forfeit_behind",
            "doubling",
        ],
        "the end block",
        errors,
    );
    let forfeit = |key: &'static str| move |v: &Value| number(key, v, 0, 10_000).map(|n| n as u16);
    let forfeit_piece = setting(&r, "forfeit_piece", 0, errors, forfeit("forfeit_piece"));
    let forfeit_seat = setting(&r, "forfeit_seat", 0, errors, forfeit("forfeit_seat"));
    let forfeit_game = setting(&r, "forfeit_game", 0, errors, forfeit("forfeit_game"));
    let forfeit_none_home = setting(
        &r,
        "forfeit_none_home",
        0,
        errors,
        forfeit("forfeit_none_home"),
    );
    let forfeit_behind = setting(&r, "forfeit_behind", 0, errors, forfeit("forfeit_behind"));
    let stop_at_first = setting(&r, "stop", true, errors, |v| {
        Ok(word("stop", v, &["last_side", "first_side"])? == 1)
    });
    let first_member = setting(&r, "team", false, errors, |v| {
        Ok(word("team", v, &["all", "first"])? == 1)
    });
    Some(EndRules {
        stop_at_first: stop_at_first?,
        first_member: first_member?,
        forfeit_piece: forfeit_piece?,
        forfeit_seat: forfeit_seat?,
        forfeit_game: forfeit_game?,
        forfeit_none_home: forfeit_none_home?,
        forfeit_behind: forfeit_behind?,
        doubling: setting(&r, "doubling", false, errors, |v| yes_no("doubling", v))?,
    })
}
