//! Opening a page in the default browser. `JONGG_NO_BROWSER` (any value but
//! empty) says what would have been opened instead: tests never launch a
//! browser, and neither does a laptop that should not.

/// The variable that keeps the browser closed.
pub const NO_BROWSER: &str = "JONGG_NO_BROWSER";

/// Opens `url` in the default browser unless `JONGG_NO_BROWSER` is set.
/// Returns the line to show the person.
pub fn open(url: &str) -> String {
    let disabled = std::env::var_os(NO_BROWSER).is_some_and(|v| !v.is_empty());
    open_unless(url, disabled)
}

fn open_unless(url: &str, disabled: bool) -> String {
    if disabled {
        return format!("Not opening a browser ({NO_BROWSER} is set): open {url}");
    }
    match webbrowser::open(url) {
        Ok(()) => format!("Opened {url} in your browser."),
        Err(e) => format!("Could not open a browser ({e}): open {url} in one yourself."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disabled_it_names_the_page_and_opens_nothing() {
        assert_eq!(
            open_unless("http://127.0.0.1:8080/director", true),
            "Not opening a browser (JONGG_NO_BROWSER is set): open http://127.0.0.1:8080/director"
        );
    }
}
