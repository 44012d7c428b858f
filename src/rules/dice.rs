//! Dice: the outcomes of one throw, their exact weights, and what each scores.

use serde::Serialize;

/// One outcome of a throw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// How the outcome is written in records, such as `2up` or `3-5`.
    pub label: String,
    /// Its weight; its probability is `weight / Dice::total`.
    pub weight: u64,
    /// The move values it gives, each usable by one piece or group.
    pub values: Vec<u8>,
    /// Whether it gives another throw.
    pub again: bool,
    /// Whether it is a double: two or more dice showing the same face.
    #[serde(default)]
    pub doubles: bool,
}

/// What is thrown on a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dice {
    /// The name given in the file.
    pub name: String,
    /// How the dice are made, in words, such as `6 shells, each up 1/2`.
    pub kind: String,
    /// Every outcome with a weight above zero.
    pub outcomes: Vec<Outcome>,
    /// The sum of the weights.
    pub total: u64,
    /// The smallest move value any outcome gives.
    pub smallest: u8,
    /// On a double, when the seat has no piece at its start, the bottom
    /// faces are also moved (`doubles_bottoms = when_all_out`): each die's
    /// opposite face, whose value is this number less the top face (7 for
    /// common dice); 0 when the rule is off.
    pub bottoms_sum: u8,
    /// Faces that move another value when the seat has no piece at its
    /// start (`all_out = { 6: 7 }`): (face, value) pairs; empty when the
    /// rule is off.
    pub all_out: Vec<(u8, u8)>,
    /// Whether a double's values are each moved twice (`doubles = twice`):
    /// its outcomes list them twice already.
    pub doubles_twice: bool,
    /// Cumulative weights, for sampling.
    cumulative: Vec<u64>,
}

impl Dice {
    /// The largest value one die of a throw gives (0 for no outcome),
    /// with a face's value when all pieces are out (`all_out`).
    pub fn largest_value(&self) -> u8 {
        self.outcomes
            .iter()
            .flat_map(|o| o.values.iter().copied())
            .chain(self.all_out.iter().map(|&(_, v)| v))
            .max()
            .unwrap_or(0)
    }

    /// The value a die showing `face` moves: another where the seat has no
    /// piece at its start (`all_out`, asked only then), else the face.
    #[inline]
    pub fn value_of(&self, face: u8, all_out: bool) -> u8 {
        match self.all_out.iter().find(|&&(f, _)| f == face) {
            Some(&(_, value)) if all_out => value,
            _ => face,
        }
    }

    /// Whether a die of some throw may give `value` with `again` (another
    /// throw): a face, a face's value when all pieces are out
    /// (`all_out`), or a bottom face of a double (`doubles_bottoms`).
    pub fn may_give(&self, value: u8, again: bool) -> bool {
        self.outcomes.iter().any(|o| {
            o.again == again
                && o.values.iter().any(|&f| {
                    f == value
                        || self.value_of(f, true) == value
                        || (o.doubles
                            && self.bottoms_sum > 0
                            && self.bottoms_sum.saturating_sub(f) == value)
                })
        })
    }

    /// Dice with these outcomes; weights of zero are dropped.
    pub fn new(name: String, kind: String, outcomes: Vec<Outcome>) -> Dice {
        let outcomes: Vec<Outcome> = outcomes.into_iter().filter(|o| o.weight > 0).collect();
        let mut running = 0;
        let cumulative = outcomes
            .iter()
            .map(|o| {
                running += o.weight;
                running
            })
            .collect();
        let smallest = outcomes
            .iter()
            .flat_map(|o| o.values.iter().copied())
            .min()
            .unwrap_or(1);
        Dice {
            name,
            kind,
            bottoms_sum: 0,
            all_out: Vec::new(),
            doubles_twice: false,
            total: running,
            outcomes,
            smallest,
            cumulative,
        }
    }

    /// The outcome a uniform number `u` in `0..total` picks.
    pub fn pick(&self, u: u64) -> usize {
        self.cumulative
            .partition_point(|&c| c <= u)
            .min(self.outcomes.len() - 1)
    }

    /// The outcome written `label`; dice may be written in any order
    /// (`6-5` is the outcome `5-6`).
    pub fn outcome_labelled(&self, label: &str) -> Option<usize> {
        if let Some(i) = self.outcomes.iter().position(|o| o.label == label) {
            return Some(i);
        }
        let mut faces: Vec<u8> = label
            .split('-')
            .map(|f| f.trim().parse().ok())
            .collect::<Option<_>>()?;
        faces.sort_unstable();
        let sorted: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
        let sorted = sorted.join("-");
        self.outcomes.iter().position(|o| o.label == sorted)
    }

    /// One line about the dice and their distribution.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .outcomes
            .iter()
            .map(|o| {
                let values: Vec<String> = o.values.iter().map(|v| v.to_string()).collect();
                format!(
                    "{} scores {}{} ({}/{})",
                    o.label,
                    values.join("+"),
                    if o.again { " again" } else { "" },
                    o.weight,
                    self.total
                )
            })
            .collect();
        format!("{} ({}): {}", self.name, self.kind, parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_sided() -> Dice {
        let o = |label: &str, weight, v| Outcome {
            label: label.into(),
            weight,
            values: vec![v],
            again: false,
            doubles: false,
        };
        Dice::new("d".into(), "test".into(), vec![o("a", 1, 1), o("b", 3, 2)])
    }

    #[test]
    fn picking_follows_the_cumulative_weights() {
        let d = two_sided();
        assert_eq!(d.pick(0), 0);
        assert_eq!(d.pick(1), 1);
        assert_eq!(d.pick(3), 1);
        assert_eq!(d.total, 4);
    }
}
