//! The bodies the pages send: a pasted list or seating, and a game record
//! for the live points.

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::{RefOr, Schema};

/// The most bytes of a pasted list or seating.
pub(crate) const CSV_MAX_BYTES: usize = 512 * 1024;

fn csv_text() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(CSV_MAX_BYTES))
        .into()
}

/// The text of a pasted list or seating: `{"csv": "..."}`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CsvText {
    /// Lines of fields, as a spreadsheet writes them.
    #[schema(schema_with = csv_text)]
    pub csv: String,
}
