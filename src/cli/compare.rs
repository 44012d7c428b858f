//! `pachisi compare`: what a house rule changes, its games played beside
//! the base game's by the same bots from the same seeds.

use std::fmt::Write as _;

use pachisi::bots::{BotSpec, Counts, GameResult};
use pachisi::stats::{self, Rate};
use pachisi::{Game, batch};
use serde::Serialize;

use super::outln;

use super::tournament::{bot_list, play_rotated};

/// What the command was asked.
pub struct Asked<'a> {
    pub base: &'a str,
    pub house: &'a str,
    pub bots: &'a str,
    pub games: u64,
    pub seed: u64,
    pub players: Option<usize>,
    pub threads: Option<usize>,
    pub svg: Option<&'a str>,
    pub json: bool,
}

/// What one variant's games came to.
#[derive(Serialize)]
struct Side {
    variant: String,
    win_rates: Vec<SideRate>,
    draws: u64,
    turns: Length,
    throws: Length,
    /// Rules' firings a game, where the variant has the rule.
    per_game: Firings,
    #[serde(skip)]
    turn_counts: Vec<u64>,
}

#[derive(Serialize)]
struct SideRate {
    side: String,
    #[serde(flatten)]
    rate: Rate,
}

/// A length in turns or throws: mean with its 95% interval, and median.
#[derive(Serialize)]
struct Length {
    mean: f64,
    low: f64,
    high: f64,
    median: u64,
    #[serde(skip)]
    sd: f64,
    #[serde(skip)]
    n: f64,
}

impl Length {
    fn of(mut values: Vec<u64>) -> Length {
        let n = values.len().max(1) as f64;
        let mean = stats::mean(&values);
        let var = values
            .iter()
            .map(|&v| (v as f64 - mean).powi(2))
            .sum::<f64>()
            / (n - 1.0).max(1.0);
        let sd = var.sqrt();
        let half = stats::Z95 * sd / n.sqrt();
        Length {
            mean,
            low: mean - half,
            high: mean + half,
            median: stats::median(&mut values),
            sd,
            n,
        }
    }

    /// The two-sided p-value of the difference of two means (z-test).
    fn difference_p(&self, other: &Length) -> f64 {
        let se = (self.sd.powi(2) / self.n + other.sd.powi(2) / other.n).sqrt();
        if se == 0.0 {
            return 1.0;
        }
        2.0 * (1.0 - stats::normal_cdf((self.mean - other.mean).abs() / se))
    }
}

/// Rules' firings a game; `None` where the variant has no such rule.
#[derive(Serialize)]
struct Firings {
    captures: Option<f64>,
    blockades_formed: Option<f64>,
    throws_forfeited: Option<f64>,
    passes: f64,
}

#[derive(Serialize)]
struct Report {
    players: usize,
    games: u64,
    seed: u64,
    bots: Vec<String>,
    base: Side,
    house: Side,
    /// For each side, the p-value of the difference of its win rates.
    win_rate_p: Vec<f64>,
    turns_p: f64,
    throws_p: f64,
}

fn run_one(
    game: &Game,
    specs: &[BotSpec],
    asked: &Asked,
    threads: usize,
    label: &str,
) -> Result<Side, String> {
    let progress = super::simulate::progress_bar(asked.games, asked.json, 1000);
    if let Some(bar) = &progress {
        bar.set_message(label.to_string());
    }
    let results = batch::run(
        asked.games,
        threads,
        || specs.iter().map(BotSpec::build).collect::<Vec<_>>(),
        |bots, i| play_rotated(game, bots, asked.seed, i, true),
        |done| {
            if let Some(bar) = &progress {
                bar.set_position(done);
            }
        },
    );
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let results: Vec<GameResult> = results.into_iter().collect::<Result<_, _>>()?;
    let sides = game.side_count();
    let mut wins = vec![0u64; sides];
    let mut counts = Counts::default();
    let mut draws = 0;
    for r in &results {
        match r.outcome.winner {
            Some(w) if (w as usize) < sides => wins[w as usize] += 1,
            _ => draws += 1,
        }
        counts.add(&r.counts);
    }
    let n = results.len().max(1) as f64;
    let rules = game.rules();
    let race = rules.fight.is_none() && rules.field.is_none();
    let turn_counts: Vec<u64> = results.iter().map(|r| u64::from(r.turns)).collect();
    Ok(Side {
        variant: rules.name.clone(),
        win_rates: (0..sides)
            .map(|s| SideRate {
                side: game.side_name(s as u8),
                rate: Rate::new(wins[s], asked.games),
            })
            .collect(),
        draws,
        turns: Length::of(turn_counts.clone()),
        throws: Length::of(results.iter().map(|r| r.throws).collect()),
        per_game: Firings {
            captures: (!race || rules.capture.by_landing).then_some(counts.captures as f64 / n),
            blockades_formed: (race && rules.stacks.blockade >= 2)
                .then_some(counts.blockades as f64 / n),
            throws_forfeited: race.then_some(counts.forfeited as f64 / n),
            passes: counts.passes as f64 / n,
        },
        turn_counts,
    })
}

pub fn run(asked: Asked) -> Result<(), String> {
    let players = asked.players.or_else(|| {
        let n = asked.bots.split(',').count();
        (n > 1).then_some(n)
    });
    let base = super::load(asked.base, players)?;
    let house = super::load(asked.house, Some(base.players()))?;
    if base.side_count() != house.side_count() {
        return Err(format!(
            "error: {} has {} sides and {} has {}: the games do not compare seat by seat",
            base.rules().name,
            base.side_count(),
            house.rules().name,
            house.side_count()
        ));
    }
    let specs = bot_list(&base, asked.bots)?;
    let threads = super::threads(asked.threads)?;
    let a = run_one(&base, &specs, &asked, threads, "base")?;
    let b = run_one(&house, &specs, &asked, threads, "house")?;
    let report = Report {
        players: base.players(),
        games: asked.games,
        seed: asked.seed,
        bots: specs.iter().map(ToString::to_string).collect(),
        win_rate_p: a
            .win_rates
            .iter()
            .zip(&b.win_rates)
            .map(|(x, y)| stats::difference_p(&x.rate, &y.rate))
            .collect(),
        turns_p: a.turns.difference_p(&b.turns),
        throws_p: a.throws.difference_p(&b.throws),
        base: a,
        house: b,
    };
    if let Some(path) = asked.svg {
        std::fs::write(path, svg(&report))
            .map_err(|e| format!("error: cannot write {path}: {e}"))?;
    }
    if asked.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    super::out!("{}", text(&report));
    Ok(())
}

/// Whether a p-value says the difference is significant at 5%.
fn verdict(p: f64) -> &'static str {
    if p < 0.05 {
        "significant"
    } else {
        "not significant"
    }
}

fn text(r: &Report) -> String {
    let (a, b) = (&r.base, &r.house);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} against {}: {} players, {} games each, seed {}, bots {}",
        b.variant,
        a.variant,
        r.players,
        r.games,
        r.seed,
        r.bots.join(",")
    );
    let _ = writeln!(out, "{:<24} {:>24} {:>24}", "", "base", "house");
    for ((x, y), p) in a.win_rates.iter().zip(&b.win_rates).zip(&r.win_rate_p) {
        let _ = writeln!(
            out,
            "{:<24} {:>24} {:>24}  p={p:.3} {}",
            format!("{} wins", x.side),
            x.rate.percent(),
            y.rate.percent(),
            verdict(*p)
        );
    }
    let _ = writeln!(out, "{:<24} {:>24} {:>24}", "draws", a.draws, b.draws);
    for (name, x, y, p) in [
        ("turns", &a.turns, &b.turns, r.turns_p),
        ("throws", &a.throws, &b.throws, r.throws_p),
    ] {
        let _ = writeln!(
            out,
            "{:<24} {:>24} {:>24}  p={p:.3} {}",
            format!("mean {name}"),
            format!("{:.1} ({:.1}-{:.1})", x.mean, x.low, x.high),
            format!("{:.1} ({:.1}-{:.1})", y.mean, y.low, y.high),
            verdict(p)
        );
        let _ = writeln!(
            out,
            "{:<24} {:>24} {:>24}",
            format!("median {name}"),
            x.median,
            y.median
        );
    }
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
    for (name, x, y) in [
        ("captures a game", a.per_game.captures, b.per_game.captures),
        (
            "blockades formed a game",
            a.per_game.blockades_formed,
            b.per_game.blockades_formed,
        ),
        (
            "throws forfeited a game",
            a.per_game.throws_forfeited,
            b.per_game.throws_forfeited,
        ),
        (
            "passes a game",
            Some(a.per_game.passes),
            Some(b.per_game.passes),
        ),
    ] {
        let _ = writeln!(out, "{name:<24} {:>24} {:>24}", cell(x), cell(y));
    }
    out
}

/// Escapes text for SVG.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The picture: the two distributions of the length in turns, and each
/// side's win rate in each game with its interval.
fn svg(r: &Report) -> String {
    const W: f64 = 800.0;
    const LEFT: f64 = 60.0;
    const PLOT_W: f64 = W - LEFT - 30.0;
    let colours = ["#1f77b4", "#d62728"];
    let sides = r.base.win_rates.len();
    let rates_h = 40.0 + 30.0 * sides as f64;
    let hist_top = 60.0;
    let hist_h = 240.0;
    let rates_top = hist_top + hist_h + 70.0;
    let height = rates_top + rates_h + 40.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="{W}" height="{height}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="24" font-size="16">{} against {}: {} games each</text>"#,
        escape(&r.house.variant),
        escape(&r.base.variant),
        r.games
    );
    // The length distributions, as the share of games in each bin of turns.
    let most = r
        .base
        .turn_counts
        .iter()
        .chain(&r.house.turn_counts)
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let bins = 40usize;
    let width = (most as f64 / bins as f64).ceil().max(1.0);
    let shares = |counts: &[u64]| {
        let mut h = vec![0.0; bins];
        for &c in counts {
            let i = ((c as f64 / width) as usize).min(bins - 1);
            h[i] += 1.0;
        }
        let n = counts.len().max(1) as f64;
        h.iter().map(|x| x / n).collect::<Vec<f64>>()
    };
    let (ha, hb) = (shares(&r.base.turn_counts), shares(&r.house.turn_counts));
    let top = ha.iter().chain(&hb).copied().fold(0.0, f64::max).max(1e-9);
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="{}">length in turns (share of games)</text>"#,
        hist_top - 10.0
    );
    let base_y = hist_top + hist_h;
    let _ = writeln!(
        out,
        r#"<line x1="{LEFT}" y1="{base_y}" x2="{}" y2="{base_y}" stroke="black"/>"#,
        LEFT + PLOT_W
    );
    for k in 0..=4 {
        let turns = (most as f64 * k as f64 / 4.0).round();
        let x = LEFT + PLOT_W * k as f64 / 4.0;
        let _ = writeln!(
            out,
            r#"<text x="{x}" y="{}" text-anchor="middle">{turns}</text>"#,
            base_y + 16.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">{:.1}%</text>"#,
        LEFT - 4.0,
        hist_top + 4.0,
        100.0 * top
    );
    for (h, colour) in [(&ha, colours[0]), (&hb, colours[1])] {
        let mut points = String::new();
        for (i, v) in h.iter().enumerate() {
            let x0 = LEFT + PLOT_W * i as f64 / bins as f64;
            let x1 = LEFT + PLOT_W * (i + 1) as f64 / bins as f64;
            let y = base_y - hist_h * v / top;
            let _ = write!(points, "{x0:.1},{y:.1} {x1:.1},{y:.1} ");
        }
        let _ = writeln!(
            out,
            r#"<polyline points="{LEFT},{base_y} {points}{},{base_y}" fill="{colour}" fill-opacity="0.25" stroke="{colour}" stroke-width="1.5"/>"#,
            LEFT + PLOT_W
        );
    }
    for (i, (name, colour)) in [
        (format!("base: {}", r.base.variant), colours[0]),
        (format!("house: {}", r.house.variant), colours[1]),
    ]
    .iter()
    .enumerate()
    {
        let y = hist_top + 14.0 + 16.0 * i as f64;
        let x = LEFT + PLOT_W - 260.0;
        let _ = writeln!(
            out,
            r#"<rect x="{x}" y="{}" width="10" height="10" fill="{colour}"/><text x="{}" y="{}">{}</text>"#,
            y - 9.0,
            x + 14.0,
            y,
            escape(name)
        );
    }
    // Win rates with their intervals.
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="{}">win rate of each side, with its 95% interval</text>"#,
        rates_top - 10.0
    );
    let name_w = 120.0;
    let x0 = LEFT + name_w;
    let span = PLOT_W - name_w;
    for k in 0..=4 {
        let x = x0 + span * k as f64 / 4.0;
        let _ = writeln!(
            out,
            r#"<line x1="{x}" y1="{rates_top}" x2="{x}" y2="{}" stroke="rgb(221,221,221)"/><text x="{x}" y="{}" text-anchor="middle">{}%</text>"#,
            rates_top + rates_h - 20.0,
            rates_top + rates_h - 6.0,
            25 * k
        );
    }
    for s in 0..sides {
        let y = rates_top + 14.0 + 30.0 * s as f64;
        let _ = writeln!(
            out,
            r#"<text x="{LEFT}" y="{}">{}</text>"#,
            y + 8.0,
            escape(&r.base.win_rates[s].side)
        );
        for (j, (side, colour)) in [(&r.base, colours[0]), (&r.house, colours[1])]
            .iter()
            .enumerate()
        {
            let Some(rate) = side.win_rates.get(s).map(|w| w.rate) else {
                continue;
            };
            let yy = y + 10.0 * j as f64;
            let (lo, mid, hi) = (
                x0 + span * rate.low,
                x0 + span * rate.rate,
                x0 + span * rate.high,
            );
            let _ = writeln!(
                out,
                r#"<line x1="{lo:.1}" y1="{yy}" x2="{hi:.1}" y2="{yy}" stroke="{colour}" stroke-width="2"/><circle cx="{mid:.1}" cy="{yy}" r="3.5" fill="{colour}"/>"#
            );
        }
    }
    out.push_str("</svg>\n");
    out
}
