//! What `jongg demo`, `jongg export` and `jongg import` do to a database.

use crate::ToolError;
use crate::sample::{GameMaker, Sample, sample_tournament_with};
use jongg_store::{Store, Stored, now_millis};
use jongg_tournament::{Actor, RoundNo, Tournament};

/// A tournament's event log in the store's row form.
pub fn stored_log(t: &Tournament) -> Vec<Stored<Actor, jongg_tournament::Event>> {
    t.log()
        .iter()
        .map(|r| Stored {
            seq: r.seq as i64,
            at: r.at,
            actor: r.actor,
            event: r.event.clone(),
        })
        .collect()
}

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
    let id = store.import_tournament(&stored_log(&t)).await?;
    store.close().await;
    Ok((id, t))
}

/// `jongg export`: the tournament file of tournament `id`.
pub async fn export(database: &str, id: i64) -> Result<String, ToolError> {
    let store = Store::connect(database).await?;
    let log = store.load::<Actor, jongg_tournament::Event>(id).await?;
    store.close().await;
    let t = Tournament::replay(log.into_iter().map(|s| jongg_tournament::Recorded {
        seq: u64::try_from(s.seq).unwrap_or(0),
        at: s.at,
        actor: s.actor,
        event: s.event,
    }));
    Ok(t.export_json())
}

/// `jongg import`: stores a tournament file as a new tournament; returns its id.
pub async fn import(database: &str, text: &str) -> Result<(i64, Tournament), ToolError> {
    let t = Tournament::import_json(text)?;
    let store = Store::connect(database).await?;
    let id = store.import_tournament(&stored_log(&t)).await?;
    store.close().await;
    Ok((id, t))
}
