//! What `jongg demo`, `jongg export` and `jongg import` do to a database.

use crate::ToolError;
use crate::sample::{GameMaker, Sample, sample_tournament_with};
use jongg_store::{Store, TournamentId, now_millis};
use jongg_tournament::{RoundNo, Tournament};

/// `jongg demo`: stores a finished sample tournament whose games `games`
/// makes; returns its id and the tournament.
pub async fn demo(
    database: &str,
    preset: &str,
    players: u32,
    rounds: RoundNo,
    seed: u64,
    games: &mut GameMaker<'_>,
) -> Result<(i64, Tournament), ToolError> {
    let name = format!("Demo tournament ({preset})");
    let sample = Sample {
        name: &name,
        preset,
        players,
        rounds,
        played: rounds,
        seed,
        base: now_millis(),
    };
    let t = sample_tournament_with(&sample, games)?;
    let store = Store::connect(database).await?;
    let id = store.create(t.log()).await?.0;
    store.close().await;
    Ok((id, t))
}

/// `jongg export`: the tournament file of tournament `id`.
pub async fn export(database: &str, id: i64) -> Result<String, ToolError> {
    let store = Store::connect(database).await?;
    let t = store.load_tournament(TournamentId(id)).await?;
    store.close().await;
    Ok(t.export_json())
}

/// `jongg import`: stores a tournament file as a new tournament; returns its id.
pub async fn import(database: &str, text: &str) -> Result<(i64, Tournament), ToolError> {
    let t = Tournament::import_json(text)?;
    let store = Store::connect(database).await?;
    let id = store.create(t.log()).await?.0;
    store.close().await;
    Ok((id, t))
}
