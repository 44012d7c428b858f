//! The figures a run of many games reports: rates with their confidence
//! intervals, whether two rates differ, means and medians, and ratings
//! from results between pairs.

use serde::Serialize;

/// The normal quantile of a 95% two-sided interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A rate of successes among trials with its 95% confidence interval
/// (Wilson's score interval, which stays inside 0..1 and is fair for
/// rates near either end).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// Successes.
    pub successes: u64,
    /// Trials.
    pub trials: u64,
    /// Successes over trials (0 without trials).
    pub rate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Rate {
    /// `successes` among `trials` (at most `trials`).
    pub fn new(successes: u64, trials: u64) -> Rate {
        let successes = successes.min(trials);
        if trials == 0 {
            return Rate {
                successes,
                trials,
                rate: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let n = trials as f64;
        let p = successes as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
        Rate {
            successes,
            trials,
            rate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
        }
    }

    /// The rate and its interval in percent: `27.4% (26.1-28.8%)`.
    pub fn percent(&self) -> String {
        format!(
            "{:.1}% ({:.1}-{:.1}%)",
            100.0 * self.rate,
            100.0 * self.low,
            100.0 * self.high
        )
    }
}

/// The two-sided p-value of the difference of two rates (the z-test of
/// two proportions, pooled): below 0.05, the difference is significant at
/// the 5% level. 1 where either has no trials or neither rate varies.
pub fn difference_p(a: &Rate, b: &Rate) -> f64 {
    if a.trials == 0 || b.trials == 0 {
        return 1.0;
    }
    let (na, nb) = (a.trials as f64, b.trials as f64);
    let pooled = (a.successes + b.successes) as f64 / (na + nb);
    let se = (pooled * (1.0 - pooled) * (1.0 / na + 1.0 / nb)).sqrt();
    if se == 0.0 {
        return 1.0;
    }
    let z = (a.rate - b.rate).abs() / se;
    2.0 * (1.0 - normal_cdf(z))
}

/// The standard normal distribution function (an approximation good to
/// seven places: Abramowitz and Stegun 26.2.17).
pub fn normal_cdf(z: f64) -> f64 {
    if z < 0.0 {
        return 1.0 - normal_cdf(-z);
    }
    let t = 1.0 / (1.0 + 0.231_641_9 * z);
    let poly = t
        * (0.319_381_530
            + t * (-0.356_563_782
                + t * (1.781_477_937 + t * (-1.821_255_978 + t * 1.330_274_429))));
    let density = (-z * z / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt();
    1.0 - density * poly
}

/// The mean of some counts (0 for none).
pub fn mean(values: &[u64]) -> f64 {
    values.iter().sum::<u64>() as f64 / values.len().max(1) as f64
}

/// The median of some counts: the middle one, the upper of the two
/// middle ones for an even number (0 for none). Sorts them.
pub fn median(values: &mut [u64]) -> u64 {
    values.sort_unstable();
    values.get(values.len() / 2).copied().unwrap_or(0)
}

/// Ratings on the Elo scale (400 points: ten to one odds) from results
/// between pairs of `players`: `results` holds, for each pair (a, b), a's
/// score against b (1 a win, 0.5 a draw, 0 a loss), one entry a game. The
/// fit is Bradley-Terry's, by its minorization steps; a player who never
/// met another is rated 0. Ratings are shifted so that `anchor` is 0 (or
/// their mean, without an anchor).
pub fn elo(players: usize, results: &[(usize, usize, f64)], anchor: Option<usize>) -> Vec<f64> {
    // Wins (draws half) and games of each pair.
    let mut wins = vec![0.0; players];
    let mut games = vec![vec![0.0; players]; players];
    for &(a, b, score) in results {
        if a >= players || b >= players || a == b {
            continue;
        }
        wins[a] += score;
        wins[b] += 1.0 - score;
        games[a][b] += 1.0;
        games[b][a] += 1.0;
    }
    // A half win and a half loss against each other player met keep a
    // player who always won or always lost finite.
    for (w, row) in wins.iter_mut().zip(games.iter_mut()) {
        for g in row.iter_mut().filter(|g| **g > 0.0) {
            *w += 0.5;
            *g += 1.0;
        }
    }
    let mut strength = vec![1.0; players];
    for _ in 0..2000 {
        let mut next = strength.clone();
        for a in 0..players {
            let denominator: f64 = (0..players)
                .filter(|&b| games[a][b] > 0.0)
                .map(|b| games[a][b] / (strength[a] + strength[b]))
                .sum();
            if denominator > 0.0 {
                next[a] = wins[a] / denominator;
            }
        }
        let total: f64 = next.iter().sum::<f64>().max(f64::MIN_POSITIVE);
        next.iter_mut().for_each(|s| *s *= players as f64 / total);
        let change = next
            .iter()
            .zip(&strength)
            .map(|(x, y)| (x - y).abs())
            .fold(0.0, f64::max);
        strength = next;
        if change < 1e-10 {
            break;
        }
    }
    let rating: Vec<f64> = strength
        .iter()
        .map(|s| 400.0 * s.max(f64::MIN_POSITIVE).log10())
        .collect();
    let zero = match anchor {
        Some(a) if a < players => rating[a],
        _ => rating.iter().sum::<f64>() / players.max(1) as f64,
    };
    rating.iter().map(|r| r - zero).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Wilson's interval of 50 in 100 is 40.4% to 59.6%; of none in 10
    /// it starts at 0; it always holds the rate.
    #[test]
    fn wilson_intervals_match_the_textbook_figures() {
        let r = Rate::new(50, 100);
        assert!(
            (r.low - 0.4038).abs() < 1e-3 && (r.high - 0.5962).abs() < 1e-3,
            "{r:?}"
        );
        let r = Rate::new(0, 10);
        assert_eq!(r.low, 0.0);
        assert!((r.high - 0.2775).abs() < 1e-3, "{r:?}");
        for (s, n) in [(1, 3), (999, 1000), (7, 7)] {
            let r = Rate::new(s, n);
            assert!(r.low <= r.rate && r.rate <= r.high);
        }
    }

    /// 55% against 50% over 2000 trials each is a significant difference;
    /// over 100 each it is not.
    #[test]
    fn a_difference_is_significant_only_with_enough_trials() {
        let p = difference_p(&Rate::new(1100, 2000), &Rate::new(1000, 2000));
        assert!(p < 0.01, "{p}");
        let p = difference_p(&Rate::new(55, 100), &Rate::new(50, 100));
        assert!(p > 0.4, "{p}");
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
    }

    /// A player who wins three games in four against another is rated
    /// about 191 points above it (400 log10 3).
    #[test]
    fn elo_of_three_wins_in_four_is_about_191_points() {
        let mut results = Vec::new();
        for i in 0..4000 {
            results.push((0, 1, if i % 4 == 0 { 0.0 } else { 1.0 }));
        }
        let r = elo(2, &results, Some(1));
        assert!((r[0] - 190.8).abs() < 2.0, "{r:?}");
        assert_eq!(r[1], 0.0);
    }

    #[test]
    fn medians_take_the_middle_count() {
        assert_eq!(median(&mut [5, 1, 3]), 3);
        assert_eq!(median(&mut [4, 1, 3, 2]), 3);
        assert_eq!(median(&mut []), 0);
        assert_eq!(mean(&[1, 2]), 1.5);
    }
}
