//! Long lists a page at a time (issue 20.4): 200 players or a day's audit
//! log on one page is tens of thousands of pixels to scroll. A list shows
//! [`PER_PAGE`] rows, with plain links to its other pages (no script
//! needed); the page's search or filter goes along in each link.

/// Rows a page of a long list.
pub(crate) const PER_PAGE: usize = 50;

/// One page of a list and the links to the others (`templates/pager.html`).
pub(crate) struct Pager {
    /// This page, from 1.
    pub page: usize,
    pub pages: usize,
    /// The first and last row shown, from 1 (both 0 for an empty list).
    pub first: usize,
    pub last: usize,
    pub total: usize,
    /// A page's address without its number (`/director/t/1/audit?round=2&page=`).
    base: String,
    /// Opened on the last page (none was asked for): said on the page.
    pub latest: bool,
}

impl Pager {
    /// Page `asked` (from the address: anything that is not a page number
    /// is the nearest page) of `total` rows; `base` ends in `page=`.
    pub(crate) fn new(total: usize, asked: Option<&str>, base: String) -> Pager {
        let pages = total.div_ceil(PER_PAGE).max(1);
        let page = asked
            .and_then(|p| p.trim().parse::<usize>().ok())
            .unwrap_or(1)
            .clamp(1, pages);
        let start = (page - 1) * PER_PAGE;
        Pager {
            page,
            pages,
            latest: false,
            first: if total == 0 { 0 } else { start + 1 },
            last: (start + PER_PAGE).min(total),
            total,
            base,
        }
    }

    /// Like [`Pager::new`], but the last page when none is asked for: a
    /// log's newest rows are last, and what just happened is what the
    /// director looks for.
    pub(crate) fn latest_first(total: usize, asked: Option<&str>, base: String) -> Pager {
        let last = total.div_ceil(PER_PAGE).max(1).to_string();
        let mut p = Pager::new(total, Some(asked.unwrap_or(&last)), base);
        p.latest = asked.is_none() && p.pages > 1;
        p
    }

    /// The rows of this page, as indexes into the whole list.
    pub(crate) fn range(&self) -> std::ops::Range<usize> {
        (self.first.max(1) - 1)..self.last
    }

    /// The address of page `n` (a number, or one of `numbers()`).
    pub(crate) fn href(&self, n: impl std::borrow::Borrow<usize>) -> String {
        format!("{}{}", self.base, n.borrow())
    }

    /// This page's address (for a form to come back to).
    pub(crate) fn here(&self) -> String {
        self.href(self.page)
    }

    pub(crate) fn numbers(&self) -> Vec<usize> {
        (1..=self.pages).collect()
    }
}

/// `key=value&` with the value encoded for an address (empty: nothing).
pub(crate) fn query_part(key: &str, value: &str) -> String {
    if value.is_empty() {
        return String::new();
    }
    serde_urlencoded::to_string([(key, value)]).map_or_else(|_| String::new(), |s| s + "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_hundred_rows_are_four_pages_of_fifty() {
        let p = Pager::new(200, Some("3"), "/x?page=".into());
        assert_eq!((p.page, p.pages, p.first, p.last), (3, 4, 101, 150));
        assert_eq!(p.range(), 100..150);
        assert_eq!(p.here(), "/x?page=3");
    }

    #[test]
    fn a_page_that_is_not_there_is_the_nearest_one() {
        assert_eq!(Pager::new(120, Some("9"), String::new()).page, 3);
        assert_eq!(Pager::new(120, Some("0"), String::new()).page, 1);
        assert_eq!(Pager::new(120, Some("two"), String::new()).page, 1);
        let empty = Pager::new(0, None, String::new());
        assert_eq!((empty.pages, empty.first, empty.last), (1, 0, 0));
        assert_eq!(empty.range(), 0..0);
    }

    #[test]
    fn a_log_opens_on_its_last_page_unless_one_is_asked() {
        let p = Pager::latest_first(120, None, String::new());
        assert_eq!((p.page, p.first, p.last, p.latest), (3, 101, 120, true));
        let p = Pager::latest_first(120, Some("1"), String::new());
        assert_eq!((p.page, p.latest), (1, false));
        assert!(!Pager::latest_first(20, None, String::new()).latest);
    }

    #[test]
    fn a_search_goes_along_encoded() {
        assert_eq!(query_part("q", "Ann & Bo"), "q=Ann+%26+Bo&");
        assert_eq!(query_part("q", ""), "");
    }
}
