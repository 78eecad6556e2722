//! The server's files by layer (docs/ARCHITECTURE.md, "The server by
//! layer"; issue 23.1): a file of `crates/server/src` never names a module
//! of a layer above its own, so the layers import each other one way and no
//! circle of imports crosses them. Read from the sources: every `crate::`,
//! `super::` and child-module path, in `use` lines and in code alike.

use std::collections::BTreeMap;
use std::path::Path;

/// The layers, bottom up. A file may use its own layer and those below.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Layer {
    /// `http/`: the HTTP pieces that need no state.
    Http,
    /// `state/`: the application's state.
    State,
    /// `edge/`: what every request passes before its handler.
    Edge,
    /// `body/`: the typed request bodies.
    Body,
    /// `api/` and `pages/`: the areas.
    Areas,
    /// `app/`: the route table and the start.
    App,
    /// `lib.rs`: declares the modules and re-exports (may use any).
    Root,
    /// `testing/`: test support (may use any; used only by tests).
    Testing,
}

/// Each top folder of `src/` and its layer.
const LAYERS: [(&str, Layer); 8] = [
    ("http", Layer::Http),
    ("state", Layer::State),
    ("edge", Layer::Edge),
    ("body", Layer::Body),
    ("api", Layer::Areas),
    ("pages", Layer::Areas),
    ("app", Layer::App),
    ("testing", Layer::Testing),
];

fn layer_of(file: &str) -> Result<Layer, String> {
    if file == "lib.rs" {
        return Ok(Layer::Root);
    }
    let top = file.split('/').next().unwrap_or(file);
    LAYERS
        .iter()
        .find(|(folder, _)| *folder == top)
        .map(|(_, layer)| *layer)
        .ok_or_else(|| {
            format!(
                "src/{file} is in no layer: put it in one of the folders of LAYERS \
                 (tests/layers.rs, docs/ARCHITECTURE.md)"
            )
        })
}

/// The only imports between the two areas, `api/` and `pages/`, each with
/// why; any other is a fault, so the areas stay two rooms, not one circle.
const SIDEWAYS: [(&str, &str, &str); 2] = [
    // A login posted by a form without script that fails gets the login
    // page again, with the reason, and the page it was going to.
    (
        "api/auth.rs",
        "pages/director.rs",
        "the login form's failure is a page",
    ),
    // The floor's audit as CSV is written by the one CSV writer the pages'
    // downloads use.
    ("api/floor.rs", "pages/csv/mod.rs", "one CSV writer"),
];

fn top(file: &str) -> &str {
    file.split('/').next().unwrap_or(file)
}

/// An import from one area into the other that `SIDEWAYS` does not list.
fn sideways(file: &str, target: &str) -> bool {
    let (from, to) = (top(file), top(target));
    matches!((from, to), ("api", "pages") | ("pages", "api"))
        && !SIDEWAYS.iter().any(|(f, t, _)| *f == file && *t == target)
}

fn may_use(from: Layer, to: Layer, in_tests: bool) -> bool {
    match (from, to) {
        (Layer::Root | Layer::Testing, _) => true,
        (_, Layer::Testing) => in_tests,
        _ => to <= from,
    }
}

/// The crate's files by module path (`["pages", "csv"]` is `pages/csv/mod.rs`).
type Modules = BTreeMap<Vec<String>, String>;

fn module_of(file: &str) -> Vec<String> {
    let mut parts: Vec<String> = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// A path of one file to another.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Reference {
    line: usize,
    path: String,
    target: String,
    in_tests: bool,
}

/// Comments, strings and character literals blanked (lines kept), so that
/// only code is read.
fn code_only(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let blank = |out: &mut String, s: &[char]| {
        out.extend(s.iter().map(|&ch| if ch == '\n' { '\n' } else { ' ' }));
    };
    let mut i = 0;
    while i < c.len() {
        let rest = &c[i..];
        let end = if rest.starts_with(&['/', '/']) {
            rest.iter().position(|&ch| ch == '\n').unwrap_or(rest.len())
        } else if rest.starts_with(&['/', '*']) {
            let mut depth = 0;
            let mut j = 0;
            while j < rest.len() {
                if rest[j..].starts_with(&['/', '*']) {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(&['*', '/']) {
                    depth -= 1;
                    j += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    j += 1;
                }
            }
            j
        } else if rest[0] == 'r'
            && matches!(rest.get(1), Some('"' | '#'))
            && (i == 0 || !is_ident(c[i - 1]))
        {
            let hashes = rest[1..].iter().take_while(|&&ch| ch == '#').count();
            let close: Vec<char> = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let from = 2 + hashes;
            (from..rest.len())
                .find(|&j| rest[j..].starts_with(&close))
                .map_or(rest.len(), |j| j + close.len())
        } else if rest[0] == '"' {
            let mut j = 1;
            while j < rest.len() && rest[j] != '"' {
                j += if rest[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if rest[0] == '\'' && rest.get(1) == Some(&'\\') {
            rest[2..]
                .iter()
                .position(|&ch| ch == '\'')
                .map_or(rest.len(), |j| j + 3)
        } else if rest[0] == '\'' && rest.get(2) == Some(&'\'') {
            3
        } else {
            out.push(rest[0]);
            i += 1;
            continue;
        };
        let end = end.min(rest.len());
        blank(&mut out, &rest[..end]);
        i += end;
    }
    out
}

fn is_ident(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// Tokens of code: identifiers, `::`, and single punctuation, with lines.
fn tokens(code: &str) -> Vec<(String, usize)> {
    let c: Vec<char> = code.chars().collect();
    let (mut out, mut line, mut i) = (Vec::new(), 1, 0);
    while i < c.len() {
        if c[i] == '\n' {
            line += 1;
            i += 1;
        } else if c[i].is_whitespace() {
            i += 1;
        } else if is_ident(c[i]) {
            let start = i;
            while i < c.len() && is_ident(c[i]) {
                i += 1;
            }
            out.push((c[start..i].iter().collect(), line));
        } else if c[i] == ':' && c.get(i + 1) == Some(&':') {
            out.push(("::".into(), line));
            i += 2;
        } else {
            out.push((c[i].to_string(), line));
            i += 1;
        }
    }
    out
}

/// The paths of a path tree starting at `toks[at]` (after `prefix::`):
/// `a::b`, `a::{b, c::d}`, `a::*`, `a as b`. Returns them and where it ended.
fn path_tree(
    toks: &[(String, usize)],
    mut at: usize,
    prefix: &[String],
) -> (Vec<Vec<String>>, usize) {
    let mut segs = prefix.to_vec();
    let mut out = Vec::new();
    while let Some((t, _)) = toks.get(at) {
        if t == "{" {
            at += 1;
            loop {
                if toks.get(at).is_some_and(|(t, _)| t == "}") {
                    at += 1;
                    break;
                }
                let (paths, next) = path_tree(toks, at, &segs);
                out.extend(paths);
                at = next;
                match toks.get(at).map(|(t, _)| t.as_str()) {
                    Some(",") => at += 1,
                    Some("}") => {
                        at += 1;
                        break;
                    }
                    _ => return (out, at),
                }
            }
            return (out, at);
        }
        if t == "*" {
            at += 1;
            break;
        }
        if !t.chars().all(is_ident) {
            break;
        }
        if t != "self" {
            segs.push(t.clone());
        }
        at += 1;
        if toks.get(at).is_some_and(|(t, _)| t == "as") {
            at += 2;
        }
        if toks.get(at).is_some_and(|(t, _)| t == "::") {
            at += 1;
        } else {
            break;
        }
    }
    out.push(segs);
    (out, at)
}

/// The file a module path names: the longest of its prefixes that is a
/// file (`crate::http::error::ApiError` is `http/error.rs`).
fn file_of(mut segs: Vec<String>, modules: &Modules) -> Option<String> {
    while let Some(i) = segs.iter().position(|s| s == "super") {
        segs.drain(i.saturating_sub(1)..=i);
    }
    (0..=segs.len())
        .rev()
        .find_map(|k| modules.get(&segs[..k]).cloned())
}

/// Every path of `src` (the file `file`) to another file of the crate.
fn references(
    file: &str,
    src: &str,
    modules: &Modules,
    macros: &BTreeMap<String, String>,
) -> Vec<Reference> {
    let toks = tokens(&code_only(src));
    let module = module_of(file);
    let (mut inline, mut depth, mut out) = (Vec::<(String, usize)>::new(), 0, Vec::new());
    let mut at = 0;
    while at < toks.len() {
        let (t, line) = (&toks[at].0, toks[at].1);
        let prev = at.checked_sub(1).map(|p| toks[p].0.as_str());
        let next_is_path = toks.get(at + 1).is_some_and(|(n, _)| n == "::");
        if t == "mod" && toks.get(at + 2).is_some_and(|(b, _)| b == "{") {
            inline.push((toks[at + 1].0.clone(), depth));
        } else if t == "{" {
            depth += 1;
        } else if t == "}" {
            depth -= 1;
            if inline.last().is_some_and(|(_, d)| *d == depth) {
                inline.pop();
            }
        } else if next_is_path && prev != Some("::") {
            let here: Vec<String> = module
                .iter()
                .cloned()
                .chain(inline.iter().map(|(m, _)| m.clone()))
                .collect();
            let base = match t.as_str() {
                "crate" => Some(Vec::new()),
                "super" => Some(here[..here.len().saturating_sub(1)].to_vec()),
                "self" => Some(here.clone()),
                child => {
                    let mut m = module.clone();
                    m.push(child.to_string());
                    modules.contains_key(&m).then_some(m)
                }
            };
            if let Some(base) = base {
                let (paths, end) = path_tree(&toks, at + 2, &[]);
                let is_macro = toks.get(end).is_some_and(|(n, _)| n == "!");
                for segs in paths {
                    let shown = std::iter::once(t.clone())
                        .chain(segs.iter().cloned())
                        .collect::<Vec<_>>()
                        .join("::");
                    let target = match (is_macro, segs.last()) {
                        (true, Some(name)) if macros.contains_key(name) => {
                            macros.get(name).cloned()
                        }
                        _ => file_of(base.iter().cloned().chain(segs).collect(), modules),
                    };
                    if let Some(target) = target.filter(|t| t != file) {
                        let in_tests = inline.iter().any(|(m, _)| m == "tests");
                        out.push(Reference {
                            line,
                            path: shown,
                            target,
                            in_tests,
                        });
                    }
                }
                at = end;
                continue;
            }
        }
        at += 1;
    }
    out
}

/// The names of the `macro_rules!` of each file (an exported macro is
/// named as `crate::name!` but lives where it is written).
fn macros_of(sources: &[(String, String)]) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    for (file, src) in sources {
        let toks = tokens(&code_only(src));
        for w in toks.windows(3) {
            if w[0].0 == "macro_rules" && w[1].0 == "!" {
                m.insert(w[2].0.clone(), file.clone());
            }
        }
    }
    m
}

/// Every upward path, as a message naming the file, the line and the two
/// layers; and the import graph's edges.
fn check(sources: &[(String, String)]) -> (Vec<String>, BTreeMap<String, Vec<String>>) {
    let modules: Modules = sources
        .iter()
        .map(|(f, _)| (module_of(f), f.clone()))
        .collect();
    let macros = macros_of(sources);
    let (mut faults, mut graph) = (Vec::new(), BTreeMap::new());
    for (file, src) in sources {
        let from = match layer_of(file) {
            Ok(l) => l,
            Err(e) => {
                faults.push(e);
                continue;
            }
        };
        let edges: &mut Vec<String> = graph.entry(file.clone()).or_default();
        for r in references(file, src, &modules, &macros) {
            match layer_of(&r.target) {
                Ok(to) if !may_use(from, to, r.in_tests) => faults.push(format!(
                    "src/{file}:{}: `{}` goes up from {from:?} (src/{file}) to {to:?} (src/{})",
                    r.line, r.path, r.target
                )),
                Ok(_) if sideways(file, &r.target) => faults.push(format!(
                    "src/{file}:{}: `{}` goes sideways from one area to the other (src/{}): \
                     move what both use down a layer, or list it in SIDEWAYS with why",
                    r.line, r.path, r.target
                )),
                Ok(_) => {}
                Err(e) => faults.push(e),
            }
            if !edges.contains(&r.target) {
                edges.push(r.target);
            }
        }
    }
    (faults, graph)
}

/// The sizes of the import circles (strongly connected components of more
/// than one file), largest first.
fn circles(graph: &BTreeMap<String, Vec<String>>) -> Vec<usize> {
    // Files reached from each and reaching it: a circle is both (the graph is small).
    let reach = |start: &String| {
        let mut seen = vec![start.clone()];
        let mut i = 0;
        while i < seen.len() {
            for n in graph.get(&seen[i]).into_iter().flatten() {
                if !seen.contains(n) {
                    seen.push(n.clone());
                }
            }
            i += 1;
        }
        seen
    };
    let reached: BTreeMap<&String, Vec<String>> = graph.keys().map(|f| (f, reach(f))).collect();
    let mut done: Vec<&String> = Vec::new();
    let mut sizes = Vec::new();
    for f in graph.keys() {
        if done.contains(&f) {
            continue;
        }
        let circle: Vec<&String> = reached[f]
            .iter()
            .filter_map(|g| reached.get_key_value(g))
            .filter(|(_, r)| r.contains(f))
            .map(|(g, _)| *g)
            .collect();
        done.extend(circle.iter().copied());
        if circle.len() > 1 {
            sizes.push(circle.len());
        }
    }
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    sizes
}

fn read_sources(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("src/ is readable")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            read_sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path
                .strip_prefix(root)
                .expect("under src/")
                .to_string_lossy()
                .replace('\\', "/");
            out.push((
                rel,
                std::fs::read_to_string(&path).expect("a source file is readable"),
            ));
        }
    }
}

#[test]
fn no_file_of_the_server_imports_a_layer_above_its_own() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Vec::new();
    read_sources(&root, &root, &mut sources);
    assert!(
        sources.len() > 50,
        "the server's sources were found ({})",
        sources.len()
    );
    let (faults, graph) = check(&sources);
    assert!(
        faults.is_empty(),
        "imports that go up a layer:\n{}",
        faults.join("\n")
    );
    eprintln!(
        "{} files; import circles (files each): {:?}",
        sources.len(),
        circles(&graph)
    );
}

#[test]
fn lib_rs_only_declares_and_re_exports() {
    let src = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("lib.rs");
    let toks = tokens(&code_only(&src));
    let defined: Vec<&str> = toks
        .iter()
        .map(|(t, _)| t.as_str())
        .filter(|t| {
            matches!(
                *t,
                "fn" | "struct" | "enum" | "impl" | "const" | "static" | "trait"
            )
        })
        .collect();
    assert!(
        defined.is_empty(),
        "lib.rs defines items ({defined:?}): put them in their layer's folder"
    );
}

#[cfg(test)]
mod checker {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(f, s)| (f.to_string(), s.to_string()))
            .collect()
    }

    #[test]
    fn a_planted_upward_import_is_named_with_file_line_and_layers() {
        let sources = files(&[
            (
                "state/mod.rs",
                "//! State.\n\nuse crate::http::error::ApiError;\nuse crate::api::auth::hash_password;\n",
            ),
            ("http/error.rs", "pub struct ApiError;"),
            (
                "api/auth.rs",
                "use crate::state::AppState;\npub fn hash_password() {}",
            ),
        ]);
        let (faults, _) = check(&sources);
        assert_eq!(
            faults,
            [
                "src/state/mod.rs:4: `crate::api::auth::hash_password` goes up from State (src/state/mod.rs) to Areas (src/api/auth.rs)"
            ]
        );
    }

    #[test]
    fn an_area_importing_the_other_is_named_unless_listed() {
        let sources = files(&[
            (
                "pages/cards.rs",
                "fn f() { crate::api::auth::client_ip(); }",
            ),
            (
                "api/auth.rs",
                "use crate::pages::director::login_page;\npub fn client_ip() {}",
            ),
            ("pages/director.rs", "pub fn login_page() {}"),
        ]);
        let (faults, _) = check(&sources);
        assert_eq!(
            faults,
            [
                "src/pages/cards.rs:1: `crate::api::auth::client_ip` goes sideways from one area to the other (src/api/auth.rs): move what both use down a layer, or list it in SIDEWAYS with why"
            ]
        );
    }

    #[test]
    fn paths_in_code_groups_super_and_children_are_read() {
        let sources = files(&[
            ("http/mod.rs", "mod limiter;\nfn f() { limiter::x(); }"),
            (
                "http/limiter.rs",
                "use super::super::body::{Form, read::{a, b}};",
            ),
            ("http/flash.rs", "fn f() -> u8 { crate::app::start::run() }"),
            ("body/mod.rs", ""),
            ("body/read.rs", ""),
            ("app/start.rs", ""),
        ]);
        let (faults, graph) = check(&sources);
        assert_eq!(faults.len(), 4, "{faults:?}");
        assert!(
            faults[0]
                .contains("src/http/limiter.rs:1: `super::super::body::Form` goes up from Http"),
            "{faults:?}"
        );
        assert!(faults[1].ends_with("`super::super::body::read::a` goes up from Http (src/http/limiter.rs) to Body (src/body/read.rs)"), "{faults:?}");
        assert!(
            faults[2].contains("`super::super::body::read::b`"),
            "{faults:?}"
        );
        assert!(
            faults[3]
                .starts_with("src/http/flash.rs:1: `crate::app::start::run` goes up from Http"),
            "{faults:?}"
        );
        assert_eq!(graph["http/mod.rs"], ["http/limiter.rs"]);
    }

    #[test]
    fn comments_strings_tests_and_macros_are_not_upward_imports() {
        let sources = files(&[
            (
                "state/time.rs",
                concat!(
                    "//! Like `crate::api::x`.\n/* crate::app::y */\nconst S: &str = \"crate::api::x\";\n",
                    "const C: char = '\"'; fn f<'a>(s: &'a str) {}\ncrate::tagged! { }\n",
                    "#[cfg(test)]\nmod tests {\n    use crate::testing::client;\n}\n",
                ),
            ),
            ("body/mod.rs", "macro_rules! tagged { () => {} }"),
            ("state/zone.rs", "use crate::testing::client;"),
            ("api/x.rs", ""),
            ("app/y.rs", ""),
            ("testing/client.rs", "use crate::app::y;"),
            ("lib.rs", "pub use testing::client;"),
        ]);
        let (faults, _) = check(&sources);
        assert_eq!(faults.len(), 2, "{faults:?}");
        assert!(
            faults[0].contains("src/state/time.rs:5: `crate::tagged` goes up from State"),
            "{faults:?}"
        );
        assert!(
            faults[1].contains("src/state/zone.rs:1: `crate::testing::client`"),
            "{faults:?}"
        );
    }

    #[test]
    fn a_file_outside_the_layers_is_named() {
        let (faults, _) = check(&files(&[("misc.rs", "")]));
        assert_eq!(faults.len(), 1);
        assert!(
            faults[0].starts_with("src/misc.rs is in no layer"),
            "{faults:?}"
        );
    }

    #[test]
    fn circles_are_counted_by_their_files() {
        let g: BTreeMap<String, Vec<String>> = [
            ("a", vec!["b"]),
            ("b", vec!["c"]),
            ("c", vec!["a"]),
            ("d", vec!["a", "e"]),
            ("e", vec!["d"]),
            ("f", vec![]),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
        .collect();
        assert_eq!(circles(&g), [3, 2]);
    }
}
