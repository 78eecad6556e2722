//! Schemas of fields bound by the domain's limits (`jongg_tournament::limits`),
//! built from those constants so the document says what the domain checks.
//! (`#[schema(max_length = ...)]` takes only a literal.)

use jongg_tournament::limits::{
    MAX_DATES, MAX_GAMES, MAX_LABEL, MAX_MINUTES, MAX_NAME, MAX_POINTS, MAX_REASON, MAX_ROUNDS,
    MAX_RULES_FILE,
};
use utoipa::openapi::schema::{
    ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::{RefOr, Schema};

fn text(min: usize, max: usize, nullable: bool) -> RefOr<Schema> {
    let ty: SchemaType = if nullable {
        [Type::String, Type::Null].into_iter().collect()
    } else {
        Type::String.into()
    };
    ObjectBuilder::new()
        .schema_type(ty)
        .min_length((min > 0).then_some(min))
        .max_length(Some(max))
        .into()
}

fn whole(min: i64, max: i64, nullable: bool) -> RefOr<Schema> {
    let ty: SchemaType = if nullable {
        [Type::Integer, Type::Null].into_iter().collect()
    } else {
        Type::Integer.into()
    };
    ObjectBuilder::new()
        .schema_type(ty)
        .minimum(Some(min))
        .maximum(Some(max))
        .into()
}

/// A person's or a tournament's name: 1 to `MAX_NAME` characters.
pub(crate) fn name() -> RefOr<Schema> {
    text(1, MAX_NAME, false)
}
pub(crate) fn name_or_null() -> RefOr<Schema> {
    text(1, MAX_NAME, true)
}
/// A time zone's IANA name (`America/Chicago`, `UTC`).
pub(crate) fn time_zone_or_null() -> RefOr<Schema> {
    text(0, 64, true)
}
/// A club: up to `MAX_NAME` characters.
pub(crate) fn club_or_null() -> RefOr<Schema> {
    text(0, MAX_NAME, true)
}
/// An amendment's reason.
pub(crate) fn reason() -> RefOr<Schema> {
    text(1, MAX_REASON, false)
}
/// A rules file's label and text.
pub(crate) fn label() -> RefOr<Schema> {
    text(1, MAX_LABEL, false)
}
pub(crate) fn rules_file() -> RefOr<Schema> {
    text(1, MAX_RULES_FILE, false)
}
/// A card file's text (issue 14.1).
pub(crate) fn card_file() -> RefOr<Schema> {
    text(1, jongg_tournament::card::MAX_CARD_FILE, false)
}
/// A group of tiles as typed (docs/notation.md).
pub(crate) fn tiles() -> RefOr<Schema> {
    text(1, jongg_tournament::card::MAX_TILES_TEXT, false)
}
/// A winning hand's exposures, each a group of tiles.
pub(crate) fn exposures() -> RefOr<Schema> {
    ArrayBuilder::new()
        .items(tiles())
        .max_items(Some(jongg_tournament::card::MAX_EXPOSURES))
        .into()
}
/// The name of a built-in preset (an unknown name is the domain's 404).
pub(crate) fn preset_name() -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(jongg_rules::PRESET_NAMES.iter().copied()))
        .into()
}
/// Points of one game or one sit-out: at most `MAX_POINTS` either way.
pub(crate) fn points() -> RefOr<Schema> {
    whole(-i64::from(MAX_POINTS), i64::from(MAX_POINTS), false)
}
pub(crate) fn rounds_or_null() -> RefOr<Schema> {
    whole(1, i64::from(MAX_ROUNDS), true)
}
pub(crate) fn games_or_null() -> RefOr<Schema> {
    whole(1, i64::from(MAX_GAMES), true)
}
pub(crate) fn minutes_or_null() -> RefOr<Schema> {
    whole(1, i64::from(MAX_MINUTES), true)
}

fn date_list(nullable: bool) -> RefOr<Schema> {
    let date = ObjectBuilder::new()
        .schema_type(Type::String)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)));
    let ty: SchemaType = if nullable {
        [Type::Array, Type::Null].into_iter().collect()
    } else {
        Type::Array.into()
    };
    ArrayBuilder::new()
        .schema_type(ty)
        .items(date)
        .max_items(Some(MAX_DATES))
        .into()
}
/// The tournament's days, as ISO dates.
pub(crate) fn dates() -> RefOr<Schema> {
    date_list(false)
}
pub(crate) fn dates_or_null() -> RefOr<Schema> {
    date_list(true)
}
