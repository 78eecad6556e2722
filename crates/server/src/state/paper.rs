//! The paper PDFs are printed on (US Letter or A4).

/// The paper PDFs are printed on: `jongg serve --paper`, or `?paper=` on a
/// PDF's address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// US Letter, 8.5 × 11 in.
    #[default]
    Letter,
    /// A4, 210 × 297 mm.
    A4,
}

impl Paper {
    /// Width and height in points.
    pub(crate) fn size(self) -> (f32, f32) {
        match self {
            Paper::Letter => (612.0, 792.0),
            Paper::A4 => (595.28, 841.89),
        }
    }

    /// How it is written in an option or an address.
    pub fn as_str(self) -> &'static str {
        match self {
            Paper::Letter => "letter",
            Paper::A4 => "a4",
        }
    }
}

impl std::str::FromStr for Paper {
    type Err = String;
    fn from_str(s: &str) -> Result<Paper, String> {
        match s.to_ascii_lowercase().as_str() {
            "letter" => Ok(Paper::Letter),
            "a4" => Ok(Paper::A4),
            _ => Err(format!("the paper `{s}` is not one of: letter, a4")),
        }
    }
}

impl std::fmt::Display for Paper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
