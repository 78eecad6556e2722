//! What `jongg demo`, `jongg export` and `jongg import` do to a database.

use crate::ToolError;
use crate::sample::{GameMaker, Sample, sample_tournament_with};
use jongg_store::{Store, StoreError, TournamentId, now_millis};
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

/// What `jongg export` wrote.
#[derive(Debug)]
pub struct Exported {
    /// The tournament file.
    pub text: String,
    /// Why the stored log does not read back, when it does not: the file
    /// then holds the stored events as they are, for a repair (issue 19.2).
    pub broken: Option<String>,
}

/// `jongg export`: the tournament file of tournament `id`; a tournament
/// whose log does not fold is saved as its stored events.
pub async fn export(database: &str, id: i64) -> Result<Exported, ToolError> {
    let store = Store::connect(database).await?;
    let id = TournamentId(id);
    let exported = match store.load_tournament(id).await {
        Ok(t) => Exported {
            text: t.export_json(),
            broken: None,
        },
        Err(e @ (StoreError::Unfolded { .. } | StoreError::BadRow { .. })) => Exported {
            text: serde_json::to_string_pretty(&store.raw_file(id).await?).unwrap_or_default(),
            broken: Some(e.to_string()),
        },
        Err(e) => return Err(e.into()),
    };
    store.close().await;
    Ok(exported)
}

/// `jongg import`: stores a tournament file as a new tournament; returns
/// its id. A file of a tournament already in the database (the same first
/// event) is refused, unless `name` keeps both, the copy under that name.
pub async fn import(
    database: &str,
    text: &str,
    name: Option<String>,
) -> Result<(i64, Tournament), ToolError> {
    let t = Tournament::import_json(text)?;
    let store = Store::connect(database).await?;
    let t = match name {
        Some(name) => t.renamed(name, now_millis())?,
        None => {
            if let Some((id, here)) = already_here(&store, &t).await? {
                store.close().await;
                return Err(ToolError::AlreadyHere {
                    id,
                    name: here,
                    events: t.log().len(),
                });
            }
            t
        }
    };
    let id = store.create(t.log()).await?.0;
    store.close().await;
    Ok((id, t))
}

/// The stored tournament whose first event is `t`'s, with its name.
async fn already_here(store: &Store, t: &Tournament) -> Result<Option<(i64, String)>, ToolError> {
    let Some(first) = t.log().first() else {
        return Ok(None);
    };
    for id in store.tournament_ids().await? {
        // The raw row: a tournament that does not fold is still compared.
        let Some(here) = store.first_raw(id).await? else {
            continue;
        };
        if serde_json::to_value(first).ok().as_ref() == Some(&here) {
            let name = here
                .pointer("/event/settings/name")
                .and_then(|n| n.as_str())
                .unwrap_or_default()
                .to_string();
            return Ok(Some((id.0, name)));
        }
    }
    Ok(None)
}
