//! Boards: cells with names and places, and which cells are next to each other.

use serde::Serialize;

/// The index of a cell on its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct CellId(pub u16);

/// One cell: a name and the rectangle of grid squares it covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// Its name, such as `j12` or `charkoni`.
    pub name: String,
    /// Leftmost column.
    pub x: i32,
    /// Top row.
    pub y: i32,
    /// Columns covered.
    pub w: i32,
    /// Rows covered.
    pub h: i32,
}

impl Cell {
    /// Whether two different cells share a side or a corner, as a king
    /// steps; tracks turn corners diagonally, as on the cross of Pachisi.
    pub fn touches(&self, other: &Cell) -> bool {
        let near_x = self.x <= other.x + other.w && other.x <= self.x + self.w;
        let near_y = self.y <= other.y + other.h && other.y <= self.y + self.h;
        let overlap = self.x < other.x + other.w
            && other.x < self.x + self.w
            && self.y < other.y + other.h
            && other.y < self.y + self.h;
        near_x && near_y && !overlap
    }
}

/// The cells of a board.
#[derive(Clone, Debug, Serialize)]
pub struct Board {
    /// The shape it was built from, such as `cross`.
    pub shape: String,
    /// The cells, indexed by [`CellId`].
    pub cells: Vec<Cell>,
    /// Columns of the grid the cells lie on.
    pub width: i32,
    /// Rows of that grid.
    pub height: i32,
    /// Extra links between cells, beyond shared edges.
    pub links: Vec<(CellId, CellId)>,
}

impl Board {
    /// The name of a cell.
    pub fn cell_name(&self, id: CellId) -> &str {
        &self.cells[id.0 as usize].name
    }

    /// The cell called `name`.
    pub fn cell_named(&self, name: &str) -> Option<CellId> {
        self.cells
            .iter()
            .position(|c| c.name == name)
            .map(|i| CellId(i as u16))
    }

    /// The cell covering grid square `(x, y)`.
    pub fn cell_at(&self, x: i32, y: i32) -> Option<CellId> {
        self.cells
            .iter()
            .position(|c| x >= c.x && x < c.x + c.w && y >= c.y && y < c.y + c.h)
            .map(|i| CellId(i as u16))
    }

    /// Whether a piece can step from `a` to `b` in one step.
    pub fn adjacent(&self, a: CellId, b: CellId) -> bool {
        self.cells[a.0 as usize].touches(&self.cells[b.0 as usize])
            || self
                .links
                .iter()
                .any(|&(p, q)| (p == a && q == b) || (p == b && q == a))
    }

    /// The cell a quarter turn clockwise from `id`, `turns` times, about
    /// the centre of the board's grid. Quarter turns map the grid onto
    /// itself only when it is square; a half turn works on any rectangle.
    pub fn rotate(&self, id: CellId, turns: u32) -> Option<CellId> {
        let c = &self.cells[id.0 as usize];
        let (w, h) = (self.width, self.height);
        // Screen coordinates (y down): a clockwise quarter turn sends column
        // x, row y to column (H - 1 - y), row x.
        let (x, y, cw, ch) = match turns % 4 {
            0 => (c.x, c.y, c.w, c.h),
            1 => (h - c.y - c.h, c.x, c.h, c.w),
            2 => (w - c.x - c.w, h - c.y - c.h, c.w, c.h),
            _ => (c.y, w - c.x - c.w, c.h, c.w),
        };
        self.cells
            .iter()
            .position(|d| d.x == x && d.y == y && d.w == cw && d.h == ch)
            .map(|i| CellId(i as u16))
    }

    /// One line about the board.
    pub fn describe(&self) -> String {
        format!(
            "{} of {} cells on a {}x{} grid",
            self.shape,
            self.cells.len(),
            self.width,
            self.height
        )
    }
}

/// The name of the grid square in column `x`, row `y` (both from 0): a
/// letter for the column (`a` is the leftmost; after `z` come `aa`, `ab`, ..)
/// and a number for the row (`1` is the top).
pub fn square_name(x: i32, y: i32) -> String {
    let mut letters = String::new();
    let mut n = x;
    loop {
        letters.insert(0, (b'a' + (n % 26) as u8) as char);
        n = n / 26 - 1;
        if n < 0 {
            break;
        }
    }
    format!("{letters}{}", y + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_by_column_letter_and_row_number() {
        assert_eq!(square_name(0, 0), "a1");
        assert_eq!(square_name(9, 18), "j19");
        assert_eq!(square_name(26, 0), "aa1");
    }

    #[test]
    fn a_big_cell_touches_the_squares_around_it() {
        let centre = Cell {
            name: "c".into(),
            x: 8,
            y: 8,
            w: 3,
            h: 3,
        };
        let below = Cell {
            name: "j12".into(),
            x: 9,
            y: 11,
            w: 1,
            h: 1,
        };
        let corner = Cell {
            name: "l12".into(),
            x: 11,
            y: 11,
            w: 1,
            h: 1,
        };
        let far = Cell {
            name: "j13".into(),
            x: 9,
            y: 12,
            w: 1,
            h: 1,
        };
        assert!(centre.touches(&below));
        assert!(centre.touches(&corner));
        assert!(!centre.touches(&far));
    }
}
