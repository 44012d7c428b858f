//! Plain names for grammar rules, used in parse errors. The match has no
//! wildcard so that a new grammar rule must be named here too.

use super::Rule;

/// What a person would call the thing a grammar rule matches.
pub fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::file => "a variant file",
        Rule::EOI => "the end of the file",
        Rule::extends_item => "`extends \"base\"`",
        Rule::region_item => "a region (`region name = cells`)",
        Rule::block => "a block such as `board cross { .. }`",
        Rule::block_kind => {
            "a block keyword (game, board, dice, seat, players, turn, entry, home, capture, stacks, end)"
        }
        Rule::settings => "`{` and the block's settings",
        Rule::setting => "a setting (`name = value`)",
        Rule::value => "a value",
        Rule::element => "a value",
        Rule::call => "a computed value such as `rotate(red, 1)`",
        Rule::group => "a group in parentheses",
        Rule::table => "a table in braces",
        Rule::table_entry => "a table entry (`key: value`)",
        Rule::range => "a range such as `j12..j18`",
        Rule::fraction => "a fraction such as `1/2`",
        Rule::number => "a number",
        Rule::name => "a name",
        Rule::string => "a quoted string",
        Rule::kw_extends => "`extends`",
        Rule::kw_region => "`region`",
        Rule::kw_game => "`game`",
        Rule::kw_board => "`board`",
        Rule::kw_dice => "`dice`",
        Rule::kw_seat => "`seat`",
        Rule::kw_players => "`players`",
        Rule::kw_turn => "`turn`",
        Rule::kw_entry => "`entry`",
        Rule::kw_home => "`home`",
        Rule::kw_capture => "`capture`",
        Rule::kw_stacks => "`stacks`",
        Rule::kw_end => "`end`",
        Rule::kw_setup => "`setup`",
        Rule::kw_movement => "`movement`",
        Rule::kw_combat => "`combat`",
        Rule::kw_invasion => "`invasion`",
        Rule::kw_reinforcement => "`reinforcement`",
        Rule::eq => "`=`",
        Rule::comma => "`,`",
        Rule::colon => "`:`",
        Rule::semicolon => "`;`",
        Rule::dots => "`..`",
        Rule::open_brace => "`{`",
        Rule::close_brace => "`}`",
        Rule::open_paren => "`(`",
        Rule::close_paren => "`)`",
        Rule::item => "a region or a block",
        Rule::label => "a block label",
        Rule::atom => "a value",
        Rule::table_key => "a table key",
        Rule::range_end => "a number or a cell",
        Rule::name_char => "a letter, digit or `_`",
        Rule::string_char => "a character",
        Rule::quote => "`\"`",
        Rule::keyword => "a keyword",
        Rule::WHITESPACE => "white space",
        Rule::COMMENT => "a comment",
    }
}
