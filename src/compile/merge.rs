//! House-rule files: `extends "base"` at the top of a file names a variant,
//! and the rest of the file changes only what differs from it.
//!
//! The file and its bases are parsed one by one, each at its own offset in
//! one space of byte positions (a `SourceMap`), and merged into one syntax
//! tree from the deepest base up. The merged tree is compiled as any file;
//! every span still tells which file it was written in, so an error in an
//! inherited setting points into the base, and one in the house file into
//! the house file.
//!
//! Merging: a block of the same kind as one in the base (and, for `seat`
//! and `players`, the same label) changes only the settings it writes, each
//! in place of the base's setting of that name; a new block or region is
//! added; a region with a base region's name replaces it; the label of
//! `game`, `board` or `dice` replaces the base's label.

use std::{fmt, path::Component, path::Path};

use crate::{
    diagnostic::{Diagnostic, Diagnostics, Note, SourceFile, Span, nearest},
    syntax::{
        self,
        ast::{Block, BlockKind, Shift, VariantFile},
    },
};

/// The most bases in a row: a house file, its base, the base's base and so
/// on, not counting the house file itself.
pub const MAX_DEPTH: usize = 8;

/// Finds the source of a base: given a bundled variant's name as written
/// (`pachisi`, `house/pachisi-no-grace-entry`), or for a name that ends in
/// `.variant` the path joined to the folder of the file that names it, the
/// file, or `None` when there is no such variant.
pub type Resolver<'a> = &'a dyn Fn(&str) -> Option<SourceFile>;

/// Resolves bundled variants only, by name or by their path in the crate
/// (`variants/pachisi.variant`); reads no files.
pub fn resolve_bundled(name: &str) -> Option<SourceFile> {
    let bundled = name
        .strip_prefix("variants/")
        .and_then(|n| n.strip_suffix(".variant"))
        .filter(|n| crate::variants::source(n).is_some())
        .unwrap_or(name);
    crate::variants::source(bundled)
        .map(|text| SourceFile::new(format!("variants/{bundled}.variant"), text))
}

/// Resolves bundled variants by name and reads paths ending in `.variant`
/// from the file system.
pub fn resolve_bundled_or_file(name: &str) -> Option<SourceFile> {
    if is_path(name) {
        return std::fs::read_to_string(name)
            .ok()
            .map(|text| SourceFile::new(name, text));
    }
    resolve_bundled(name)
}

/// Whether a base is named by a path rather than by a bundled name.
fn is_path(name: &str) -> bool {
    name.ends_with(".variant")
}

/// What the resolver is asked for a base written `name` in the file `from`:
/// a bundled name as written, or a path joined to the folder of `from`.
fn target(name: &str, from: &str) -> String {
    if !is_path(name) {
        return name.to_string();
    }
    let joined = match Path::new(from).parent() {
        Some(dir) => dir.join(name),
        None => Path::new(name).to_path_buf(),
    };
    let mut parts: Vec<Component<'_>> = Vec::new();
    for part in joined.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => match parts.last() {
                Some(Component::Normal(_)) => {
                    parts.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => parts.push(part),
            },
            other => parts.push(other),
        }
    }
    let path: std::path::PathBuf = parts.iter().collect();
    path.to_string_lossy().replace('\\', "/")
}

/// The files of a house-rule file and its bases, each at its own offset.
#[derive(Clone, Debug)]
pub(crate) struct SourceMap {
    /// The file compiled, then its base, the base's base, and so on.
    files: Vec<SourceFile>,
    /// Where each file starts in the shared space of positions.
    offsets: Vec<u32>,
    /// For each base (file `i > 0`), the string of the `extends` in file
    /// `i - 1` that names it, in shared positions.
    extended_at: Vec<Span>,
}

impl SourceMap {
    fn new(root: &SourceFile) -> SourceMap {
        SourceMap {
            files: vec![root.clone()],
            offsets: vec![0],
            extended_at: vec![Span::default()],
        }
    }

    /// Adds a base named at `extended_at`; its offset.
    fn push(&mut self, file: SourceFile, extended_at: Span) -> u32 {
        let last = self.files.len() - 1;
        let offset = self.offsets[last] + self.files[last].text().len() as u32 + 1;
        self.files.push(file);
        self.offsets.push(offset);
        self.extended_at.push(extended_at);
        offset
    }

    /// The file a shared span is in, and the span within that file.
    fn locate(&self, span: Span) -> (usize, Span) {
        let file = self
            .offsets
            .iter()
            .rposition(|&o| o <= span.start)
            .unwrap_or(0);
        let offset = self.offsets[file];
        let len = self.files[file].text().len() as u32;
        let start = (span.start - offset).min(len);
        let end = span.end.saturating_sub(offset).clamp(start, len);
        (file, Span { start, end })
    }

    /// The text at a shared span, its runs of white space made one space.
    fn text(&self, span: Span) -> String {
        let (file, local) = self.locate(span);
        let text = self.files[file].text();
        let written = text
            .get(local.start as usize..local.end as usize)
            .unwrap_or_default();
        written.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// Diagnostics with shared spans, made to point into their own files. An
    /// error in a base gets a note at each `extends` that leads to it, up to
    /// the file compiled.
    pub(crate) fn diagnostics(&self, items: Vec<Diagnostic>) -> Diagnostics {
        let items = items
            .into_iter()
            .map(|mut d| {
                let (file, span) = self.locate(d.span);
                d.file = file;
                d.span = span;
                for note in &mut d.notes {
                    let (file, span) = self.locate(note.span);
                    note.file = file;
                    note.span = span;
                }
                let mut base = file;
                while base > 0 {
                    let (at_file, at) = self.locate(self.extended_at[base]);
                    d.notes.push(Note {
                        span: at,
                        file: at_file,
                        message: format!("this file extends `{}`", self.files[base].name()),
                    });
                    base = at_file;
                }
                d
            })
            .collect();
        Diagnostics {
            source: self.files[0].clone(),
            bases: self.files[1..].to_vec(),
            items,
        }
    }
}

/// One difference of a house-rule file from its base, as `pachisi check`
/// lists it; values are as written in each file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A setting the base has, written anew: `entry.on: again -> any`.
    Setting {
        /// The block, as `entry` or `seat red`.
        block: String,
        /// The setting's name.
        key: String,
        /// The base's value.
        from: String,
        /// The house file's value.
        to: String,
    },
    /// A setting the base's block leaves to its default.
    AddedSetting {
        /// The block, as `entry` or `seat red`.
        block: String,
        /// The setting's name.
        key: String,
        /// Its value.
        value: String,
    },
    /// The label of `game`, `board` or `dice`: the game's name, the board's
    /// shape, the dice's name.
    Label {
        /// The block's keyword.
        block: &'static str,
        /// The base's label.
        from: String,
        /// The house file's label.
        to: String,
    },
    /// A block the base does not have: `seat blue`.
    AddedBlock {
        /// The block, as `seat blue`.
        block: String,
    },
    /// A region of the base, given other cells.
    Region {
        /// Its name.
        name: String,
        /// The base's cells.
        from: String,
        /// The house file's cells.
        to: String,
    },
    /// A region the base does not have.
    AddedRegion {
        /// Its name.
        name: String,
    },
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Change::Setting {
                block,
                key,
                from,
                to,
            } => write!(f, "changed: {block}.{key}: {from} -> {to}"),
            Change::AddedSetting { block, key, value } => {
                write!(f, "added: {block}.{key} = {value}")
            }
            Change::Label { block, from, to } => {
                let what = match *block {
                    "game" => "game name",
                    "board" => "board shape",
                    "dice" => "dice name",
                    other => other,
                };
                write!(f, "changed: {what}: {from} -> {to}")
            }
            Change::AddedBlock { block } => write!(f, "added: {block}"),
            Change::Region { name, from, to } => {
                write!(f, "changed: region {name}: {from} -> {to}")
            }
            Change::AddedRegion { name } => write!(f, "added: region {name}"),
        }
    }
}

/// A file with its bases read and merged into one syntax tree.
pub(crate) struct Loaded {
    /// The merged tree, in the shared positions of `map`.
    pub file: VariantFile,
    /// The files.
    pub map: SourceMap,
    /// The base as written, for a house-rule file.
    pub base: Option<String>,
    /// What the file changes against its base.
    pub changes: Vec<Change>,
}

/// Reads `root` and the chain of bases it extends, and merges them.
pub(crate) fn load(root: &SourceFile, resolve: Resolver<'_>) -> Result<Loaded, Diagnostics> {
    let mut map = SourceMap::new(root);
    let first = syntax::parse(root.text()).map_err(|d| map.diagnostics(vec![d]))?;
    let base = first.extends.as_ref().map(|e| e.name.node.clone());
    // Each file's key (the name of its source) and its name for messages.
    let mut keys = vec![root.name().to_string()];
    let mut shown = vec![root.name().to_string()];
    let mut chain = vec![first];
    while let Some(extends) = chain.last().and_then(|f| f.extends.clone()) {
        let from = map.files[chain.len() - 1].name().to_string();
        let name = extends.name.node.as_str();
        let fail = |d: Diagnostic| map.diagnostics(vec![d]);
        if chain.len() > MAX_DEPTH {
            return Err(fail(
                Diagnostic::new(
                    "compile::extends_too_deep",
                    extends.name.span,
                    format!("more than {MAX_DEPTH} bases in a row"),
                )
                .with_label(format!("{} extends {name}", describe(&shown)))
                .with_help(format!(
                    "a house-rule file may build on at most {MAX_DEPTH} files in a row; \
                     write the changes of some of them into one file"
                )),
            ));
        }
        let key = target(name, &from);
        let Some(source) = resolve(&key) else {
            return Err(fail(unknown_base(name, &key, extends.name.span)));
        };
        if keys.iter().any(|k| k == source.name()) {
            return Err(fail(
                Diagnostic::new(
                    "compile::extends_cycle",
                    extends.name.span,
                    format!("{} extends {name}", describe(&shown)),
                )
                .with_label("a variant cannot extend itself, not even through others")
                .with_help("one of these files must name another base, or none"),
            ));
        }
        keys.push(source.name().to_string());
        shown.push(name.to_string());
        let offset = map.push(source, extends.name.span);
        let index = chain.len();
        let mut parsed = syntax::parse(map.files[index].text()).map_err(|mut d| {
            d.span.shift(offset);
            for note in &mut d.notes {
                note.span.shift(offset);
            }
            map.diagnostics(vec![d])
        })?;
        parsed.shift(offset);
        chain.push(parsed);
    }
    let mut merged = chain.pop().expect("the file itself is in the chain");
    let mut changes = Vec::new();
    while let Some(house) = chain.pop() {
        let top = chain.is_empty();
        merged = merge(merged, house, &map, top.then_some(&mut changes));
    }
    Ok(Loaded {
        file: merged,
        map,
        base,
        changes,
    })
}

/// `a extends b which extends c`: the chain so far.
fn describe(shown: &[String]) -> String {
    let mut out = String::new();
    for (i, name) in shown.iter().enumerate() {
        match i {
            0 => out.push_str(name),
            1 => out.push_str(&format!(" extends {name}")),
            _ => out.push_str(&format!(" which extends {name}")),
        }
    }
    // The last link is written by the caller: "... which extends x".
    if shown.len() > 1 {
        out.push_str(" which");
    }
    out
}

fn unknown_base(name: &str, key: &str, span: Span) -> Diagnostic {
    if is_path(name) {
        return Diagnostic::new(
            "compile::unknown_base",
            span,
            format!("cannot read the base `{name}`"),
        )
        .with_label(format!("looked for `{key}`"))
        .with_help("a path is taken from the folder of the file that names it");
    }
    let names = crate::variants::names();
    let d = Diagnostic::new(
        "compile::unknown_base",
        span,
        format!("there is no bundled variant `{name}`"),
    );
    match nearest(name, names.iter().copied()) {
        Some(near) => d.with_help(format!("did you mean `{near}`?")),
        None => d.with_help(format!(
            "the bundled variants are: {}; a file is named by its path, ending in `.variant`",
            names.join(", ")
        )),
    }
}

/// Whether the label tells blocks of a kind apart, so that a house block
/// changes the base's block of the same label only.
fn labelled(kind: BlockKind) -> bool {
    matches!(kind, BlockKind::Seat | BlockKind::Players | BlockKind::Line)
}

/// The same label, whatever its place.
fn same_label(a: &Block, b: &Block) -> bool {
    match (&a.label, &b.label) {
        (Some(a), Some(b)) => a.kind == b.kind,
        (None, None) => true,
        _ => false,
    }
}

/// A block's name in the list of changes: `entry`, `seat red`, `players 4`.
fn block_name(block: &Block, map: &SourceMap) -> String {
    match &block.label {
        Some(label) if labelled(block.kind.node) => {
            format!("{} {}", block.kind.node.keyword(), map.text(label.span))
        }
        _ => block.kind.node.keyword().to_string(),
    }
}

/// The house file's items laid over the base's.
fn merge(
    base: VariantFile,
    house: VariantFile,
    map: &SourceMap,
    mut changes: Option<&mut Vec<Change>>,
) -> VariantFile {
    let mut note = |change: Change| {
        if let Some(changes) = changes.as_deref_mut() {
            changes.push(change);
        }
    };
    let mut out = VariantFile {
        extends: None,
        regions: base.regions,
        blocks: base.blocks,
        end: house.end,
    };
    // Which items are still the base's, not yet written over by the house
    // file: a second house item of one name is added, and found twice.
    let mut base_regions = vec![true; out.regions.len()];
    for region in house.regions {
        let found = out
            .regions
            .iter()
            .enumerate()
            .position(|(i, r)| base_regions[i] && r.name.node == region.name.node);
        match found {
            Some(i) => {
                note(Change::Region {
                    name: region.name.node.clone(),
                    from: map.text(out.regions[i].value.span),
                    to: map.text(region.value.span),
                });
                base_regions[i] = false;
                out.regions[i] = region;
            }
            None => {
                note(Change::AddedRegion {
                    name: region.name.node.clone(),
                });
                out.regions.push(region);
                base_regions.push(false);
            }
        }
    }
    let mut base_blocks = vec![true; out.blocks.len()];
    for block in house.blocks {
        let found = out.blocks.iter().enumerate().position(|(i, b)| {
            base_blocks[i]
                && b.kind.node == block.kind.node
                && (!labelled(block.kind.node) || same_label(b, &block))
        });
        let Some(i) = found else {
            note(Change::AddedBlock {
                block: block_name(&block, map),
            });
            out.blocks.push(block);
            base_blocks.push(false);
            continue;
        };
        base_blocks[i] = false;
        let target = &mut out.blocks[i];
        let name = block_name(target, map);
        if let Some(label) = &block.label
            && !labelled(block.kind.node)
        {
            let from = target
                .label
                .as_ref()
                .map(|l| map.text(l.span))
                .unwrap_or_else(|| "none".to_string());
            let to = map.text(label.span);
            if from != to {
                note(Change::Label {
                    block: block.kind.node.keyword(),
                    from,
                    to,
                });
            }
            target.label = Some(label.clone());
        }
        target.kind = block.kind;
        target.span = block.span;
        let mut base_settings = vec![true; target.settings.len()];
        for setting in block.settings {
            let found = target
                .settings
                .iter()
                .enumerate()
                .position(|(j, s)| base_settings[j] && s.key.node == setting.key.node);
            match found {
                Some(j) => {
                    let from = map.text(target.settings[j].value.span);
                    let to = map.text(setting.value.span);
                    if from != to {
                        note(Change::Setting {
                            block: name.clone(),
                            key: setting.key.node.clone(),
                            from,
                            to,
                        });
                    }
                    base_settings[j] = false;
                    target.settings[j] = setting;
                }
                None => {
                    note(Change::AddedSetting {
                        block: name.clone(),
                        key: setting.key.node.clone(),
                        value: map.text(setting.value.span),
                    });
                    target.settings.push(setting);
                    base_settings.push(false);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_joined_to_the_folder_of_the_file_that_names_them() {
        assert_eq!(target("pachisi", "a/b.variant"), "pachisi");
        assert_eq!(
            target("../pachisi.variant", "variants/house/x.variant"),
            "variants/pachisi.variant"
        );
        assert_eq!(target("base.variant", "house.variant"), "base.variant");
        assert_eq!(
            target("../base.variant", "house.variant"),
            "../base.variant"
        );
        assert_eq!(
            target("./b/base.variant", "/x/h.variant"),
            "/x/b/base.variant"
        );
    }

    #[test]
    fn bundled_variants_resolve_by_name_and_by_path() {
        assert_eq!(
            resolve_bundled("pachisi").unwrap().name(),
            "variants/pachisi.variant"
        );
        assert!(resolve_bundled("variants/pachisi.variant").is_some());
        assert!(resolve_bundled("nope").is_none());
    }
}
