//! The colour of each seat: the colour its name says (`red`, `yellow`, ..),
//! or else the next free one of a fixed palette.

use crate::RuleSet;

/// How a seat is coloured in pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatColour {
    /// The colour word, such as `red`.
    pub word: &'static str,
    /// The fill, as `#rrggbb`.
    pub fill: &'static str,
    /// Text drawn on the fill: black or white, whichever reads.
    pub ink: &'static str,
    /// The ANSI SGR parameters for the terminal, such as `31`.
    pub ansi: &'static str,
}

const fn colour(
    word: &'static str,
    fill: &'static str,
    ink: &'static str,
    ansi: &'static str,
) -> SeatColour {
    SeatColour {
        word,
        fill,
        ink,
        ansi,
    }
}

/// Colour words a seat may be named by. The first eight are also the
/// palette for seats whose names are not colours, in this order.
const COLOURS: &[SeatColour] = &[
    colour("red", "#c62828", "#ffffff", "1;31"),
    colour("blue", "#1565c0", "#ffffff", "1;34"),
    colour("green", "#2e7d32", "#ffffff", "1;32"),
    colour("yellow", "#f9c80e", "#000000", "1;33"),
    colour("purple", "#6a1b9a", "#ffffff", "1;35"),
    colour("orange", "#ef6c00", "#000000", "38;5;208"),
    colour("cyan", "#00838f", "#ffffff", "1;36"),
    colour("brown", "#6d4c41", "#ffffff", "38;5;130"),
    colour("black", "#212121", "#ffffff", "30;47"),
    colour("white", "#fafafa", "#000000", "1;37"),
    colour("pink", "#d81b60", "#ffffff", "38;5;205"),
    colour("grey", "#757575", "#ffffff", "90"),
    colour("gray", "#757575", "#ffffff", "90"),
    colour("magenta", "#ad1457", "#ffffff", "35"),
    colour("violet", "#6a1b9a", "#ffffff", "35"),
    colour("gold", "#c9a400", "#000000", "33"),
];

/// How many colours the palette for other seats has.
const PALETTE: usize = 8;

/// The colour of every seat the rule set defines, by seat index: a seat
/// named by a colour word (any case) gets that colour; the others get the
/// palette's colours in order, skipping those already taken by name.
pub fn seat_colours(rules: &RuleSet) -> Vec<SeatColour> {
    let named: Vec<Option<SeatColour>> = rules
        .seats
        .iter()
        .map(|s| {
            COLOURS
                .iter()
                .find(|c| c.word.eq_ignore_ascii_case(&s.name))
                .copied()
        })
        .collect();
    let mut free = COLOURS[..PALETTE]
        .iter()
        .filter(|c| !named.iter().flatten().any(|n| n.fill == c.fill))
        .copied()
        .collect::<Vec<_>>();
    if free.is_empty() {
        free = COLOURS[..PALETTE].to_vec();
    }
    let mut next = 0;
    named
        .into_iter()
        .map(|n| {
            n.unwrap_or_else(|| {
                let c = free[next % free.len()];
                next += 1;
                c
            })
        })
        .collect()
}
