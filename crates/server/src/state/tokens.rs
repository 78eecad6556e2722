//! Scorekeeper table links already looked up, by token.

use jongg_store::TableLink;
use std::collections::HashMap;
use std::sync::RwLock;

/// Scorekeeper links already looked up, so most requests do not touch the
/// database. Table links never change. Sessions are not cached: a session
/// that expired or was ended (here, or by another server on the same
/// database) must fail on its very next request.
#[derive(Debug, Default)]
pub struct TokenCache {
    tables: RwLock<HashMap<String, TableLink>>,
}

impl TokenCache {
    pub(crate) fn get(&self, token: &str) -> Option<TableLink> {
        self.tables
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(token)
            .copied()
    }

    /// Remembers table links already known (all of them, at start).
    pub fn preload(&self, links: Vec<(String, TableLink)>) {
        let mut t = self.tables.write().unwrap_or_else(|e| e.into_inner());
        for (token, link) in links.into_iter().take(100_000) {
            t.insert(token, link);
        }
    }

    pub(crate) fn put_table(&self, token: &str, link: TableLink) {
        let mut t = self.tables.write().unwrap_or_else(|e| e.into_inner());
        if t.len() > 100_000 {
            t.clear();
        }
        t.insert(token.to_string(), link);
    }
}
