//! The `dice` block: shells or dice, their exact weights and their scores.

use super::reader::{BlockReader, number, number_atom, single, word_atom};
use crate::{
    diagnostic::Diagnostic,
    rules::dice::{Dice, Outcome},
    syntax::ast::{Atom, AtomKind, Block, Element},
};

const SETTINGS: &[&str] = &[
    "shells",
    "up",
    "chance",
    "score",
    "faces",
    "count",
    "again",
    "doubles_bottoms",
    "all_out",
    "doubles",
];
/// The settings of shells.
const SHELL_SETTINGS: &[&str] = &["shells", "up", "chance", "score"];
/// The settings of dice with faces.
const FACE_SETTINGS: &[&str] = &[
    "faces",
    "count",
    "again",
    "doubles_bottoms",
    "all_out",
    "doubles",
];
/// The most shells or dice one throw may use.
pub const MAX_DICE: i64 = 8;
/// The most different outcomes one throw may have: a throw is named by its
/// index in one byte.
pub const MAX_OUTCOMES: u128 = 256;
/// The most the weights of one throw may add up to.
const MAX_TOTAL: u128 = u64::MAX as u128;

/// Builds the dice a `dice` block describes.
pub fn build(block: &Block, errors: &mut Vec<Diagnostic>) -> Option<Dice> {
    let r = BlockReader::new(block, SETTINGS, "the dice", errors);
    let name = match &block.label {
        Some(Atom {
            kind: AtomKind::Name(n),
            ..
        }) => n.clone(),
        Some(label) => {
            errors.push(
                Diagnostic::new(
                    "compile::dice_name",
                    label.span,
                    format!("the dice are named by a name, not {}", label.describe()),
                )
                .with_help("write a name such as `dice cowries { .. }`, or no label at all"),
            );
            return None;
        }
        None => "dice".to_string(),
    };
    let what = match &block.label {
        Some(_) => format!("the dice {name}"),
        None => "the dice".to_string(),
    };
    // Settings of the other kind of dice are refused, not silently left unread.
    let (kind_key, kind, own, other) = if r.get("shells").is_some() {
        ("shells", "shells", SHELL_SETTINGS, FACE_SETTINGS)
    } else {
        ("faces", "dice with faces", FACE_SETTINGS, SHELL_SETTINGS)
    };
    if let Some(kind_setting) = r.get(kind_key) {
        let mut wrong = false;
        for setting in block
            .settings
            .iter()
            .filter(|s| other.contains(&s.key.node.as_str()))
        {
            wrong = true;
            errors.push(
                Diagnostic::new(
                    "compile::dice_other_kind",
                    setting.key.span,
                    format!(
                        "{what} are {kind}, which have no setting `{}`",
                        setting.key.node
                    ),
                )
                .with_note(
                    kind_setting.key.span,
                    format!("`{kind_key}` makes them {kind}"),
                )
                .with_help(format!("the settings of {kind} are: {}", own.join(", "))),
            );
        }
        if wrong {
            return None;
        }
    }
    if let Some(shells) = r.get("shells") {
        let n = number("shells", &shells.value, 1, MAX_DICE)
            .map_err(|d| errors.push(d))
            .ok()? as usize;
        shells_dice(&r, name, n, errors)
    } else if let Some(faces) = r.get("faces") {
        dice_with_faces(&r, name, faces, errors)
    } else {
        errors.push(Diagnostic::new(
            "compile::dice_kind",
            block.kind.span,
            "the dice need `shells = N` (shells counted by how many land up) or `faces = ..` (dice)",
        ));
        None
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// The largest denominator `b` whose `n`th power a throw's weights may add
/// up to (at most 1000, the largest `up` takes).
fn largest_root(n: u32) -> u128 {
    (1..=1000u128)
        .rev()
        .find(|b| b.checked_pow(n).is_some_and(|t| t <= MAX_TOTAL))
        .unwrap_or(1)
}

/// Shells: outcome k is "k shells up", scored by the `score` table.
fn shells_dice(
    r: &BlockReader,
    name: String,
    n: usize,
    errors: &mut Vec<Diagnostic>,
) -> Option<Dice> {
    // Weights over a common total, exactly.
    let weights: Vec<u128> = match (r.get("up"), r.get("chance")) {
        (Some(_), Some(chance)) => {
            errors.push(Diagnostic::new(
                "compile::dice_both_chances",
                chance.key.span,
                "give either `up` (each shell alike) or `chance` (each count), not both",
            ));
            return None;
        }
        (Some(up), None) => {
            let atom = single("up", &up.value).map_err(|d| errors.push(d)).ok()?;
            let AtomKind::Fraction(a, b) = atom.kind else {
                errors.push(Diagnostic::new(
                    "compile::expected_fraction",
                    atom.span,
                    "`up` is the chance that one shell lands up, a fraction such as 1/2",
                ));
                return None;
            };
            if b == 0 || a > b || b > 1000 {
                errors.push(Diagnostic::new(
                    "compile::bad_chance",
                    atom.span,
                    format!(
                        "the chance {a}/{b} is not a probability with a denominator of at most 1000"
                    ),
                ));
                return None;
            }
            // In lowest terms the weights add up to b^n; past the largest
            // total a throw may have, the chances are refused, not rounded.
            let written = format!("{a}/{b}");
            let g = gcd(a as u128, b as u128).max(1);
            let (a, b) = (a as u128 / g, b as u128 / g);
            let lowest = if g > 1 {
                format!(" ({a}/{b} in lowest terms)")
            } else {
                String::new()
            };
            if b.checked_pow(n as u32)
                .is_none_or(|total| total > MAX_TOTAL)
            {
                errors.push(
                    Diagnostic::new(
                        "compile::chance_too_fine",
                        atom.span,
                        format!(
                            "{n} shells each up {written}{lowest} need weights that add up to {b}^{n}, \
                             more than a throw's weights may add up to (2^64 - 1)"
                        ),
                    )
                    .with_help(format!(
                        "with {n} shells, `up` may have a denominator of at most {}",
                        largest_root(n as u32)
                    )),
                );
                return None;
            }
            (0..=n as u128)
                .map(|k| {
                    binomial(n as u128, k) * a.pow(k as u32) * (b - a).pow((n as u128 - k) as u32)
                })
                .collect()
        }
        (None, Some(chance)) => explicit_chances(chance, n, errors)?,
        (None, None) => {
            errors.push(Diagnostic::new(
                "compile::missing_setting",
                r.span(),
                "shells need `up = 1/2` (each shell alike) or `chance = { 0: 1/64, .. }`",
            ));
            return None;
        }
    };
    let g = weights.iter().copied().fold(0, gcd).max(1);
    let weights: Vec<u64> = weights.iter().map(|w| (w / g) as u64).collect();
    let scores = score_table(r, n, errors)?;
    let outcomes = scores
        .into_iter()
        .zip(weights)
        .enumerate()
        .map(|(k, ((value, again), weight))| Outcome {
            label: format!("{k}up"),
            weight,
            values: vec![value],
            again,
            doubles: false,
        })
        .collect();
    let kind = match r.get("up") {
        Some(up) if n == 1 => format!(
            "1 shell, up {}",
            fraction_text(&up.value.elements[0].atoms[0])
        ),
        Some(up) => format!(
            "{n} shells, each up {}",
            fraction_text(&up.value.elements[0].atoms[0])
        ),
        None if n == 1 => "1 shell".to_string(),
        None => format!("{n} shells"),
    };
    Some(Dice::new(name, kind, outcomes))
}

fn fraction_text(atom: &Atom) -> String {
    match atom.kind {
        AtomKind::Fraction(a, b) => format!("{a}/{b}"),
        _ => String::new(),
    }
}

/// `chance = { 0: 1/64, 1: 6/64, .. }`: must cover every count and add up to 1.
fn explicit_chances(
    setting: &crate::syntax::ast::Setting,
    n: usize,
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<u128>> {
    let entries = table("chance", setting, errors)?;
    let mut fractions: Vec<Option<(u128, u128)>> = vec![None; n + 1];
    for (key, element) in entries {
        let k = number_atom("chance", key, 0, n as i64)
            .map_err(|d| errors.push(d))
            .ok()? as usize;
        match element.atoms.as_slice() {
            [
                Atom {
                    kind: AtomKind::Fraction(a, b),
                    ..
                },
            ] if *b > 0 && *b <= 1_000_000 => fractions[k] = Some((*a as u128, *b as u128)),
            [
                Atom {
                    kind: AtomKind::Number(0),
                    ..
                },
            ] => fractions[k] = Some((0, 1)),
            _ => {
                errors.push(Diagnostic::new(
                    "compile::expected_fraction",
                    element.span,
                    "each chance is a fraction such as 6/64",
                ));
                return None;
            }
        }
    }
    if let Some(k) = fractions.iter().position(Option::is_none) {
        errors.push(Diagnostic::new(
            "compile::chance_missing",
            setting.value.span,
            format!("the chance of {k} shells up is not given"),
        ));
        return None;
    }
    let fractions: Vec<(u128, u128)> = fractions.into_iter().flatten().collect();
    let mut total: u128 = 1;
    for (_, b) in &fractions {
        total = total / gcd(total, *b) * b;
        if total > u64::MAX as u128 {
            errors.push(Diagnostic::new(
                "compile::chance_too_fine",
                setting.value.span,
                "the chances have too many different denominators",
            ));
            return None;
        }
    }
    let weights: Vec<u128> = fractions.iter().map(|(a, b)| a * (total / b)).collect();
    let sum: u128 = weights.iter().sum();
    if sum != total {
        let g = gcd(sum, total);
        errors.push(Diagnostic::new(
            "compile::chances_do_not_add_up",
            setting.value.span,
            format!(
                "the chances of the dice add up to {}/{}, not 1",
                sum / g,
                total / g
            ),
        ));
        return None;
    }
    Some(weights)
}

fn table<'a>(
    key: &str,
    setting: &'a crate::syntax::ast::Setting,
    errors: &mut Vec<Diagnostic>,
) -> Option<&'a Vec<(Atom, Element)>> {
    match single(key, &setting.value).map(|a| &a.kind) {
        Ok(AtomKind::Table(entries)) => Some(entries),
        _ => {
            errors.push(Diagnostic::new(
                "compile::expected_table",
                setting.value.span,
                format!("`{key}` is a table in braces, such as `{{ 0: 25 again, 2: 2 }}`"),
            ));
            None
        }
    }
}

/// `score = { k: value [again], .. }` for k in 0..=n.
fn score_table(r: &BlockReader, n: usize, errors: &mut Vec<Diagnostic>) -> Option<Vec<(u8, bool)>> {
    let setting = r.require("score", errors)?;
    let entries = table("score", setting, errors)?;
    let mut scores: Vec<Option<(u8, bool)>> = vec![None; n + 1];
    let mut ok = true;
    for (key, element) in entries {
        let Ok(k) = number_atom("score", key, 0, n as i64).map_err(|d| errors.push(d)) else {
            ok = false;
            continue;
        };
        if scores[k as usize].is_some() {
            errors.push(Diagnostic::new(
                "compile::duplicate_score",
                key.span,
                format!("the score of {k} shells up is given twice"),
            ));
            ok = false;
            continue;
        }
        match score_entry(element, errors) {
            Some(s) => scores[k as usize] = Some(s),
            None => ok = false,
        }
    }
    if !ok {
        return None;
    }
    if let Some(k) = scores.iter().position(Option::is_none) {
        errors.push(Diagnostic::new(
            "compile::score_missing",
            setting.value.span,
            format!("the score table does not say what {k} shells up scores"),
        ));
        return None;
    }
    Some(scores.into_iter().flatten().collect())
}

/// `25` or `25 again`.
fn score_entry(element: &Element, errors: &mut Vec<Diagnostic>) -> Option<(u8, bool)> {
    let (value, rest) = element.atoms.split_first()?;
    let value = number_atom("score", value, 1, 250)
        .map_err(|d| errors.push(d))
        .ok()? as u8;
    match rest {
        [] => Some((value, false)),
        [word] => {
            word_atom("score", word, &["again"])
                .map_err(|d| errors.push(d))
                .ok()?;
            Some((value, true))
        }
        [_, extra, ..] => {
            errors.push(Diagnostic::new(
                "compile::bad_score",
                extra.span,
                "a score is a number, optionally followed by `again`",
            ));
            None
        }
    }
}

/// Dice with numbered faces: `faces = 1..6`, `count = 2`, `again = doubles`.
fn dice_with_faces(
    r: &BlockReader,
    name: String,
    faces: &crate::syntax::ast::Setting,
    errors: &mut Vec<Diagnostic>,
) -> Option<Dice> {
    // `faces = 1..6`, or faces listed (`1, 2, 5, 6`), or both (`1..3, 6`).
    let faces_span = faces.value.span;
    let atom = faces.value.elements.first().and_then(|e| e.atoms.first());
    let Some(atom) = atom else {
        errors.push(Diagnostic::new(
            "compile::bad_faces",
            faces.value.span,
            "`faces` is a range of numbers such as 1..6, or numbers such as 1, 2, 5, 6",
        ));
        return None;
    };
    let mut listed: Vec<i64> = Vec::new();
    for element in &faces.value.elements {
        let one = match element.atoms.as_slice() {
            [one] => one,
            _ => {
                errors.push(Diagnostic::new(
                    "compile::bad_faces",
                    element.span,
                    "`faces` is a range of numbers such as 1..6, or numbers such as 1, 2, 5, 6",
                ));
                return None;
            }
        };
        let (a, b) = match &one.kind {
            AtomKind::Range(a, b) => (
                number_atom("faces", a, 1, 250)
                    .map_err(|d| errors.push(d))
                    .ok()?,
                number_atom("faces", b, 1, 250)
                    .map_err(|d| errors.push(d))
                    .ok()?,
            ),
            AtomKind::Number(_) => {
                let n = number_atom("faces", one, 1, 250)
                    .map_err(|d| errors.push(d))
                    .ok()?;
                (n, n)
            }
            _ => {
                errors.push(Diagnostic::new(
                    "compile::bad_faces",
                    one.span,
                    "`faces` is a range of numbers such as 1..6, or numbers such as 1, 2, 5, 6",
                ));
                return None;
            }
        };
        if a > b {
            errors.push(Diagnostic::new(
                "compile::bad_faces",
                one.span,
                "a range of faces runs from the smaller number to the larger",
            ));
            return None;
        }
        for face in a..=b {
            if listed.contains(&face) {
                errors.push(Diagnostic::new(
                    "compile::bad_faces",
                    one.span,
                    format!("the face {face} is given twice: each face of a die once"),
                ));
                return None;
            }
            listed.push(face);
        }
    }
    listed.sort_unstable();
    let (lo, hi) = (listed[0], listed[listed.len() - 1]);
    if listed.len() > 64 {
        errors.push(Diagnostic::new(
            "compile::bad_faces",
            faces.value.span,
            "a die has at most 64 faces",
        ));
        return None;
    }
    let count = match r.get("count") {
        Some(s) => number("count", &s.value, 1, 4)
            .map_err(|d| errors.push(d))
            .ok()? as usize,
        None => 1,
    };
    // `again = none`, `again = doubles`, or the faces that give another throw.
    let mut again_doubles = false;
    let mut again_faces: Vec<u8> = Vec::new();
    if let Some(s) = r.get("again") {
        for element in &s.value.elements {
            let [atom] = element.atoms.as_slice() else {
                errors.push(Diagnostic::new(
                    "compile::bad_again",
                    element.span,
                    "`again` is `none`, `doubles`, or faces such as `6`",
                ));
                return None;
            };
            match atom.kind {
                AtomKind::Number(_) => {
                    let face = number_atom("again", atom, lo, hi)
                        .map_err(|d| errors.push(d))
                        .ok()?;
                    if !listed.contains(&face) {
                        errors.push(Diagnostic::new(
                            "compile::bad_again",
                            atom.span,
                            format!("{face} is no face of the dice"),
                        ));
                        return None;
                    }
                    again_faces.push(face as u8)
                }
                _ => {
                    again_doubles |= word_atom("again", atom, &["none", "doubles"])
                        .map_err(|d| errors.push(d))
                        .ok()?
                        == 1
                }
            }
        }
    }
    let bottoms = match r.get("doubles_bottoms") {
        Some(s) => one_word(s, &["never", "when_all_out"], errors)? == 1,
        None => false,
    };
    // `doubles = twice`: a double's values are each moved twice.
    let doubles_twice = match r.get("doubles") {
        Some(s) => {
            let twice = one_word(s, &["once", "twice"], errors)? == 1;
            if twice && count < 2 {
                errors.push(
                    Diagnostic::new(
                        "compile::doubles_one_die",
                        s.value.span,
                        "one die throws no doubles, so none can be moved twice",
                    )
                    .with_help("`doubles = twice` needs `count = 2` or more"),
                );
                return None;
            }
            twice
        }
        None => false,
    };
    let all_out = match r.get("all_out") {
        Some(s) => all_out_table(s, &listed, errors)?,
        None => Vec::new(),
    };
    // A throw is a multiset of faces; past the most outcomes a throw may
    // have, the dice are refused before any is listed.
    let faces: Vec<u8> = listed.iter().map(|&v| v as u8).collect();
    let different = binomial((faces.len() + count - 1) as u128, count as u128);
    if different > MAX_OUTCOMES {
        let count_span = r.get("count").map_or(atom.span, |s| s.value.span);
        let most = (1..=64usize)
            .take_while(|f| binomial((f + count - 1) as u128, count as u128) <= MAX_OUTCOMES)
            .last()
            .unwrap_or(1);
        errors.push(
            Diagnostic::new(
                "compile::too_many_outcomes",
                count_span,
                format!(
                    "{count} dice of {} faces can fall {different} different ways, \
                     more than the {MAX_OUTCOMES} outcomes a throw may have",
                    faces.len()
                ),
            )
            .with_note(atom.span, format!("{} faces here", faces.len()))
            .with_help(format!("{count} dice may have at most {most} faces")),
        );
        return None;
    }
    if bottoms && lo + hi > 255 {
        let span = r.get("doubles_bottoms").map_or(atom.span, |s| s.value.span);
        errors.push(
            Diagnostic::new(
                "compile::bottoms_too_large",
                span,
                format!(
                    "a die's bottom face is its lowest face plus its highest less the top, \
                     and {lo} + {hi} = {} is more than 255",
                    lo + hi
                ),
            )
            .with_note(atom.span, "the faces")
            .with_help(
                "with `doubles_bottoms`, the lowest and the highest face add up to at most 255",
            ),
        );
        return None;
    }
    // A bottom face is a face: listed faces pair up about their middle.
    if bottoms && let Some(&face) = listed.iter().find(|&&f| !listed.contains(&(lo + hi - f))) {
        let span = r.get("doubles_bottoms").map_or(atom.span, |s| s.value.span);
        errors.push(
            Diagnostic::new(
                "compile::bottoms_not_faces",
                span,
                format!(
                    "the bottom face of {face} would be {}, which is no face of the dice",
                    lo + hi - face
                ),
            )
            .with_note(faces_span, "the faces")
            .with_help("with `doubles_bottoms`, each face's opposite (the lowest plus the highest, less the face) must be a face too"),
        );
        return None;
    }
    // Each multiset of faces once, in the order of its faces from the
    // lowest, weighted by the ordered throws that show it: count! over the
    // factorial of each face's repeats.
    let factorial = |k: usize| (1..=k as u64).product::<u64>();
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut throw = vec![0usize; count];
    loop {
        let values: Vec<u8> = throw.iter().map(|&i| faces[i]).collect();
        let weight = values
            .chunk_by(|a, b| a == b)
            .fold(factorial(count), |w, run| w / factorial(run.len()));
        let label = values
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join("-");
        let doubles = count > 1 && values.iter().all(|v| *v == values[0]);
        let values = if doubles && doubles_twice {
            values.repeat(2)
        } else {
            values
        };
        let again = (again_doubles && doubles)
            || (!again_faces.is_empty() && values.iter().all(|v| again_faces.contains(v)));
        outcomes.push(Outcome {
            label,
            weight,
            values,
            again,
            doubles,
        });
        // The next non-decreasing throw: raise the last die that can rise,
        // and set every die after it to the same face.
        let Some(i) = throw.iter().rposition(|&f| f + 1 < faces.len()) else {
            break;
        };
        throw[i] += 1;
        let raised = throw[i];
        throw[i + 1..].fill(raised);
    }
    let which = if faces.len() as i64 == hi - lo + 1 {
        format!("faces {lo} to {hi}")
    } else {
        let each: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
        format!("faces {}", each.join(", "))
    };
    let kind = match count {
        1 => format!("1 die of {which}"),
        _ => format!("{count} dice of {which}"),
    };
    let mut dice = Dice::new(name, kind, outcomes);
    if doubles_twice {
        dice.doubles_twice = true;
        dice.kind.push_str("; a double is moved twice");
    }
    if bottoms {
        dice.bottoms_sum = (lo + hi) as u8;
        dice.kind
            .push_str("; on a double with no piece at the start, the bottom faces move too");
    }
    if !all_out.is_empty() {
        let each: Vec<String> = all_out.iter().map(|(f, v)| format!("{f} as {v}")).collect();
        dice.kind.push_str(&format!(
            "; with no piece at the start, a die moves {}",
            each.join(", ")
        ));
        dice.smallest = (all_out.iter().map(|&(_, v)| v)).fold(dice.smallest, u8::min);
        dice.all_out = all_out;
    }
    Some(dice)
}

/// The choice a setting of one word makes among `choices`; `None`, with
/// the error kept, where it is not one of them.
fn one_word(
    s: &crate::syntax::ast::Setting,
    choices: &[&str],
    errors: &mut Vec<Diagnostic>,
) -> Option<usize> {
    single(&s.key.node, &s.value)
        .and_then(|atom| word_atom(&s.key.node, atom, choices))
        .map_err(|d| errors.push(d))
        .ok()
}

/// `all_out = { 6: 7, .. }`: faces, each within the dice's faces and
/// given once, and the value each moves instead, 1 to 250.
fn all_out_table(
    setting: &crate::syntax::ast::Setting,
    faces: &[i64],
    errors: &mut Vec<Diagnostic>,
) -> Option<Vec<(u8, u8)>> {
    let (lo, hi) = (faces[0], faces[faces.len() - 1]);
    let entries = table("all_out", setting, errors)?;
    let mut pairs: Vec<(u8, u8)> = Vec::new();
    let mut ok = true;
    for (key, element) in entries {
        let face = number_atom("all_out", key, lo, hi).map_err(|d| errors.push(d));
        let value = match element.atoms.as_slice() {
            [atom] => number_atom("all_out", atom, 1, 250).map_err(|d| errors.push(d)),
            _ => {
                errors.push(Diagnostic::new(
                    "compile::bad_all_out",
                    element.span,
                    "each face of `all_out` moves one value, such as `{ 6: 7 }`",
                ));
                Err(())
            }
        };
        let (Ok(face), Ok(value)) = (face, value) else {
            ok = false;
            continue;
        };
        if !faces.contains(&face) {
            errors.push(Diagnostic::new(
                "compile::bad_all_out",
                key.span,
                format!("{face} is no face of the dice"),
            ));
            ok = false;
            continue;
        }
        if pairs.iter().any(|&(f, _)| f as i64 == face) {
            errors.push(Diagnostic::new(
                "compile::bad_all_out",
                key.span,
                format!("what the face {face} moves is given twice"),
            ));
            ok = false;
            continue;
        }
        pairs.push((face as u8, value as u8));
    }
    ok.then_some(pairs)
}

#[cfg(test)]
mod tests {
    use crate::{SourceFile, compile};

    fn dice_line(dice: &str) -> String {
        let text = format!(
            "game g {{ pieces = 1 }}\nboard grid {{ width = 5 height = 3 }}\n{dice}\n\
             seat red {{ track = a1..e1, e2, e3..a3 }}\n\
             seat blue {{ track = rotate(red, 2) }}\nplayers 2 {{ seats = red, blue }}\n"
        );
        let rules = compile(&SourceFile::new("t", text)).unwrap();
        rules
            .summary()
            .lines()
            .find(|l| l.starts_with("dice:"))
            .unwrap()
            .to_string()
    }

    #[test]
    fn one_shell_and_one_die_are_singular() {
        assert!(dice_line("dice d { faces = 1..3 }").contains("(1 die of faces 1 to 3)"));
        assert!(dice_line("dice d { faces = 1..3 count = 2 }").contains("(2 dice of faces"));
        let shell = "dice d { shells = 1 up = 1/2 score = { 0: 1 1: 2 again } }";
        assert!(dice_line(shell).contains("(1 shell, up 1/2)"));
        let shell = "dice d { shells = 1 chance = { 0: 1/2 1: 1/2 } score = { 0: 1 1: 2 } }";
        assert!(dice_line(shell).contains("(1 shell)"));
    }
}
