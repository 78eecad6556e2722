//! For tests: the text of a PDF this server wrote, read back as a PDF
//! reader does it (nothing installed is needed): each page's content is
//! inflated, the font of each string looked up in the page's resources, and
//! each two-byte glyph code turned into its character through that font's
//! ToUnicode map. A glyph the map does not know reads as `\u{FFFD}`.
//! It panics on a PDF of another shape (a test that reads one fails).

use std::collections::HashMap;

/// What a PDF shows.
#[derive(Debug, Default)]
pub struct Read {
    /// Each page's text, a line for each text object.
    pub pages: Vec<String>,
    /// Each page's width and height.
    pub sizes: Vec<(f32, f32)>,
    /// The base font names (`ABCDEF+DejaVuSans`, ...).
    pub fonts: Vec<String>,
}

impl Read {
    pub fn text(&self) -> String {
        self.pages.concat()
    }
}

struct Object<'a> {
    dict: &'a str,
    stream: Option<Vec<u8>>,
}

/// The objects of `pdf` by number.
fn objects(pdf: &[u8]) -> HashMap<u32, Object<'_>> {
    let mut out = HashMap::new();
    let mut at = 0;
    while let Some(i) = find(&pdf[at..], b" 0 obj\n") {
        let start = at + i;
        let line = pdf[..start].rsplit(|b| *b == b'\n').next().unwrap_or(&[]);
        let number: u32 = std::str::from_utf8(line).unwrap().parse().unwrap();
        let body = start + b" 0 obj\n".len();
        let end = body + find(&pdf[body..], b"endobj").expect("endobj");
        let (dict, stream) = match find(&pdf[body..end], b"\nstream\n") {
            Some(s) => {
                let dict = std::str::from_utf8(&pdf[body..body + s]).unwrap();
                let len: usize = value(dict, "/Length").parse().unwrap();
                let data = &pdf[body + s + 8..body + s + 8 + len];
                let data = if dict.contains("/FlateDecode") {
                    miniz_oxide::inflate::decompress_to_vec_zlib(data).expect("inflates")
                } else {
                    data.to_vec()
                };
                (dict, Some(data))
            }
            None => (std::str::from_utf8(&pdf[body..end]).unwrap(), None),
        };
        out.insert(number, Object { dict, stream });
        at = end;
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// The word after `key` in a dictionary.
fn value<'a>(dict: &'a str, key: &str) -> &'a str {
    let i = dict
        .find(&format!("{key} "))
        .unwrap_or_else(|| panic!("{key} in {dict}"));
    dict[i + key.len() + 1..]
        .trim_start_matches('/')
        .split(|c: char| c.is_whitespace() || c == '/' || c == '>')
        .next()
        .unwrap()
}

/// A `/Key N 0 R` reference's object number.
fn reference(dict: &str, key: &str) -> u32 {
    value(dict, key).parse().unwrap()
}

/// A ToUnicode map: glyph code to character.
fn unicode_map(cmap: &[u8]) -> HashMap<u16, char> {
    let text = String::from_utf8_lossy(cmap);
    let mut map = HashMap::new();
    for section in text.split("beginbfchar").skip(1) {
        let section = section.split("endbfchar").next().unwrap();
        for line in section.lines().filter(|l| !l.trim().is_empty()) {
            let hex: Vec<&str> = line
                .split(['<', '>'])
                .filter(|s| !s.trim().is_empty())
                .collect();
            let code = u16::from_str_radix(hex[0], 16).unwrap();
            let units: Vec<u16> = (0..hex[1].len() / 4)
                .map(|i| u16::from_str_radix(&hex[1][i * 4..i * 4 + 4], 16).unwrap())
                .collect();
            let c = String::from_utf16(&units).unwrap().chars().next().unwrap();
            map.insert(code, c);
        }
    }
    map
}

/// The tokens of a content stream that matter here: names, strings and
/// operators (numbers are skipped).
enum Token {
    Name(String),
    Bytes(Vec<u8>),
    Op(String),
}

fn tokens(content: &[u8]) -> Vec<Token> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < content.len() {
        let b = content[i];
        match b {
            b'/' => {
                let end = content[i + 1..]
                    .iter()
                    .position(|c| c.is_ascii_whitespace())
                    .map_or(content.len(), |p| i + 1 + p);
                out.push(Token::Name(
                    String::from_utf8_lossy(&content[i + 1..end]).into(),
                ));
                i = end;
            }
            b'<' => {
                let end = i + content[i..].iter().position(|c| *c == b'>').unwrap();
                let hex = std::str::from_utf8(&content[i + 1..end]).unwrap();
                let bytes = (0..hex.len() / 2)
                    .map(|k| u8::from_str_radix(&hex[k * 2..k * 2 + 2], 16).unwrap())
                    .collect();
                out.push(Token::Bytes(bytes));
                i = end + 1;
            }
            b'(' => {
                let (mut bytes, mut depth) = (Vec::new(), 1);
                i += 1;
                while depth > 0 {
                    let c = content[i];
                    i += 1;
                    match c {
                        b'\\' => {
                            let e = content[i];
                            i += 1;
                            bytes.push(match e {
                                b'n' => b'\n',
                                b'r' => b'\r',
                                b't' => b'\t',
                                b'b' => 8,
                                b'f' => 12,
                                b'0'..=b'7' => {
                                    let mut v = u32::from(e - b'0');
                                    for _ in 0..2 {
                                        if let Some(d @ b'0'..=b'7') = content.get(i) {
                                            v = v * 8 + u32::from(d - b'0');
                                            i += 1;
                                        }
                                    }
                                    v as u8
                                }
                                other => other,
                            });
                        }
                        b'(' => {
                            depth += 1;
                            bytes.push(c);
                        }
                        b')' => {
                            depth -= 1;
                            if depth > 0 {
                                bytes.push(c);
                            }
                        }
                        _ => bytes.push(c),
                    }
                }
                out.push(Token::Bytes(bytes));
            }
            c if c.is_ascii_alphabetic() || c == b'\'' || c == b'"' || c == b'*' => {
                let end = content[i..]
                    .iter()
                    .position(|c| c.is_ascii_whitespace())
                    .map_or(content.len(), |p| i + p);
                out.push(Token::Op(String::from_utf8_lossy(&content[i..end]).into()));
                i = end;
            }
            _ => i += 1,
        }
    }
    out
}

/// Reads the text of a PDF this server wrote.
pub fn read(pdf: &[u8]) -> Read {
    let objects = objects(pdf);
    let mut read = Read::default();
    // Each Type 0 font's map, and its name.
    let mut maps: HashMap<u32, HashMap<u16, char>> = HashMap::new();
    for (n, o) in &objects {
        if o.dict.contains("/Subtype /Type0") {
            let cmap = &objects[&reference(o.dict, "/ToUnicode")];
            maps.insert(*n, unicode_map(cmap.stream.as_deref().unwrap()));
            read.fonts.push(value(o.dict, "/BaseFont").to_string());
        }
    }
    read.fonts.sort();
    let mut pages: Vec<(u32, &Object<'_>)> = objects
        .iter()
        .filter(|(_, o)| o.dict.contains("/Type /Page\n") || o.dict.contains("/Type /Page "))
        .map(|(n, o)| (*n, o))
        .collect();
    pages.sort_by_key(|(n, _)| *n);
    for (_, page) in pages {
        let bx = page.dict.split("/MediaBox [").nth(1).unwrap();
        let nums: Vec<f32> = bx
            .split(']')
            .next()
            .unwrap()
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        read.sizes.push((nums[2], nums[3]));
        let fonts = page.dict.split("/Font <<").nth(1).unwrap_or("");
        let fonts = fonts.split(">>").next().unwrap();
        let font_of = |name: &str| reference(fonts, &format!("/{name}"));
        let content = objects[&reference(page.dict, "/Contents")]
            .stream
            .as_deref()
            .unwrap();
        let mut text = String::new();
        let mut font = None;
        for t in tokens(content) {
            match t {
                Token::Name(n) => font = Some(font_of(&n)),
                Token::Bytes(b) => {
                    let map = &maps[&font.expect("a font before the text")];
                    for pair in b.chunks(2) {
                        let code = u16::from_be_bytes([pair[0], pair[1]]);
                        text.push(map.get(&code).copied().unwrap_or('\u{FFFD}'));
                    }
                }
                Token::Op(op) if op == "ET" => text.push('\n'),
                Token::Op(_) => {}
            }
        }
        read.pages.push(text);
    }
    read
}
