//! Colour themes: classic, dark, high-contrast and colour-blind-safe.
//!
//! Colour never carries meaning alone: conflicts are also marked `!d!` and underlined, the
//! selected cell is bracketed `[d]`, a hint's cells are underlined and its target shows `?`. The
//! colour-blind-safe theme uses blue and orange (Okabe–Ito) instead of green and red.

use ratatui::style::{Color, Modifier, Style};
use serde::{Deserialize, Serialize};

/// A theme's name, as in `--theme` and the settings file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum ThemeName {
    /// Dark digits on the terminal's own background.
    #[default]
    Classic,
    /// Light digits on a dark background.
    Dark,
    /// Black and white with bold, for low vision.
    HighContrast,
    /// Blue/orange instead of green/red (Okabe–Ito palette).
    ColourBlind,
}

impl ThemeName {
    /// Every theme, in menu order.
    pub const ALL: [ThemeName; 4] =
        [ThemeName::Classic, ThemeName::Dark, ThemeName::HighContrast, ThemeName::ColourBlind];

    /// The kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            ThemeName::Classic => "classic",
            ThemeName::Dark => "dark",
            ThemeName::HighContrast => "high-contrast",
            ThemeName::ColourBlind => "colour-blind",
        }
    }

    /// The next (`step` = 1) or previous (`step` = −1) theme, wrapping.
    pub fn cycle(self, step: isize) -> ThemeName {
        let at = Self::ALL.iter().position(|&t| t == self).unwrap_or(0) as isize;
        Self::ALL[(at + step).rem_euclid(Self::ALL.len() as isize) as usize]
    }
}

/// The styles of every element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Theme {
    /// Background and plain text.
    pub base: Style,
    /// Box borders.
    pub border: Style,
    /// Given digits.
    pub given: Style,
    /// The player's digits.
    pub entry: Style,
    /// Pencil marks.
    pub note: Style,
    /// The selected cell (patched over the cell's style).
    pub cursor: Style,
    /// A digit repeated in a house.
    pub conflict: Style,
    /// A digit that agrees with the solution (when checking).
    pub correct: Style,
    /// Cells a hint rests on.
    pub hint: Style,
    /// A digit the solve animation just placed.
    pub placed: Style,
    /// A cell the solve animation just emptied.
    pub undone: Style,
    /// Titles and headings.
    pub title: Style,
}

impl Theme {
    /// The styles of a theme.
    pub fn of(name: ThemeName) -> Theme {
        let s = Style::default();
        let bold = Modifier::BOLD;
        let marked = Modifier::BOLD | Modifier::UNDERLINED;
        match name {
            ThemeName::Classic => Theme {
                base: s,
                border: s.fg(Color::DarkGray),
                given: s.add_modifier(bold),
                entry: s.fg(Color::Blue),
                note: s.fg(Color::DarkGray),
                cursor: s.bg(Color::Yellow).fg(Color::Black),
                conflict: s.fg(Color::Red).add_modifier(marked),
                correct: s.fg(Color::Green).add_modifier(bold),
                hint: s.bg(Color::LightCyan).fg(Color::Black).add_modifier(Modifier::UNDERLINED),
                placed: s.fg(Color::Green).add_modifier(bold),
                undone: s.bg(Color::LightRed),
                title: s.fg(Color::Blue).add_modifier(bold),
            },
            ThemeName::Dark => Theme {
                base: s.bg(Color::Black).fg(Color::Gray),
                border: s.bg(Color::Black).fg(Color::DarkGray),
                given: s.fg(Color::White).add_modifier(bold),
                entry: s.fg(Color::LightCyan),
                note: s.fg(Color::DarkGray),
                cursor: s.bg(Color::Blue).fg(Color::White),
                conflict: s.fg(Color::LightRed).add_modifier(marked),
                correct: s.fg(Color::LightGreen).add_modifier(bold),
                hint: s.bg(Color::Magenta).fg(Color::White).add_modifier(Modifier::UNDERLINED),
                placed: s.fg(Color::LightGreen).add_modifier(bold),
                undone: s.bg(Color::Red),
                title: s.fg(Color::LightCyan).add_modifier(bold),
            },
            ThemeName::HighContrast => Theme {
                base: s.bg(Color::Black).fg(Color::White),
                border: s.bg(Color::Black).fg(Color::White),
                given: s.fg(Color::White).add_modifier(bold),
                entry: s.fg(Color::Yellow).add_modifier(bold),
                note: s.fg(Color::White),
                cursor: s.bg(Color::White).fg(Color::Black).add_modifier(bold),
                conflict: s.fg(Color::Black).bg(Color::Yellow).add_modifier(marked),
                correct: s.fg(Color::White).add_modifier(bold | Modifier::ITALIC),
                hint: s.add_modifier(Modifier::REVERSED | Modifier::UNDERLINED),
                placed: s.fg(Color::Yellow).add_modifier(bold),
                undone: s.add_modifier(Modifier::REVERSED),
                title: s.fg(Color::White).add_modifier(bold | Modifier::UNDERLINED),
            },
            ThemeName::ColourBlind => {
                let (blue, orange, sky) = (Color::Rgb(0, 114, 178), Color::Rgb(230, 159, 0), Color::Rgb(86, 180, 233));
                Theme {
                    base: s,
                    border: s.fg(Color::DarkGray),
                    given: s.add_modifier(bold),
                    entry: s.fg(blue),
                    note: s.fg(Color::DarkGray),
                    cursor: s.bg(sky).fg(Color::Black),
                    conflict: s.fg(orange).add_modifier(marked),
                    correct: s.fg(blue).add_modifier(bold),
                    hint: s.bg(Color::Rgb(240, 228, 66)).fg(Color::Black).add_modifier(Modifier::UNDERLINED),
                    placed: s.fg(blue).add_modifier(bold),
                    undone: s.bg(orange),
                    title: s.fg(blue).add_modifier(bold),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_colour_blind_theme_uses_neither_red_nor_green() {
        let t = Theme::of(ThemeName::ColourBlind);
        for style in [t.conflict, t.correct, t.placed, t.undone, t.entry] {
            for c in [style.fg, style.bg].into_iter().flatten() {
                assert!(!matches!(c, Color::Red | Color::Green | Color::LightRed | Color::LightGreen), "{c:?}");
            }
        }
    }

    #[test]
    fn themes_cycle_through_all_four() {
        let mut t = ThemeName::Classic;
        for _ in 0..4 {
            t = t.cycle(1);
        }
        assert_eq!(t, ThemeName::Classic);
        assert_eq!(ThemeName::Classic.cycle(-1), ThemeName::ColourBlind);
    }
}
