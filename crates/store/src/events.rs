//! The event log: one append-only table of a tournament's recorded events.
//!
//! A [`Recorded`] event and its row convert here and nowhere else
//! ([`Row`]); every write goes through [`insert_rows`], in one
//! transaction: a new tournament's first events (created or imported) and
//! the events a command, or a group of commands, adds.

use crate::{Store, StoreError, TournamentId, now_millis};
use jongg_tournament::{Recorded, Tournament};
use sqlx::Row as _;

/// An event as the `events` table holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Row {
    seq: i64,
    at: i64,
    actor: String,
    payload: String,
}

impl Row {
    fn of(r: &Recorded) -> Result<Row, StoreError> {
        Ok(Row {
            seq: i64::try_from(r.seq).map_err(|_| StoreError::Seq(r.seq))?,
            at: r.at,
            actor: serde_json::to_string(&r.actor)?,
            payload: serde_json::to_string(&r.event)?,
        })
    }

    fn read(row: &sqlx::any::AnyRow) -> Result<Row, sqlx::Error> {
        Ok(Row {
            seq: row.try_get(0)?,
            at: row.try_get(1)?,
            actor: row.try_get(2)?,
            payload: row.try_get(3)?,
        })
    }

    /// The row as a file's event, each part as JSON (or its text, where it
    /// is not JSON).
    fn raw(&self) -> serde_json::Value {
        let json = |text: &str| {
            serde_json::from_str(text).unwrap_or_else(|_| serde_json::Value::String(text.into()))
        };
        serde_json::json!({
            "seq": self.seq,
            "at": self.at,
            "actor": json(&self.actor),
            "event": json(&self.payload),
        })
    }

    fn recorded(self, tournament: TournamentId) -> Result<Recorded, StoreError> {
        let seq = self.seq;
        let bad = |reason: String| StoreError::BadRow {
            tournament,
            seq,
            reason,
        };
        Ok(Recorded {
            seq: u64::try_from(seq).map_err(|_| bad("its seq is not a count from 1".into()))?,
            at: self.at,
            actor: serde_json::from_str(&self.actor).map_err(|e| bad(e.to_string()))?,
            event: serde_json::from_str(&self.payload).map_err(|e| bad(e.to_string()))?,
        })
    }
}

impl Store {
    /// Stores a new tournament whose log is `log` (its first events, as
    /// `Tournament::execute` recorded them, or a whole imported log with each
    /// event's time and actor), in one transaction; returns its id.
    pub async fn create(&self, log: &[Recorded]) -> Result<TournamentId, StoreError> {
        let rows = log.iter().map(Row::of).collect::<Result<Vec<_>, _>>()?;
        let mut tx = self.pool().begin().await?;
        let id: i64 = sqlx::query("INSERT INTO tournaments (created_at) VALUES ($1) RETURNING id")
            .bind(now_millis())
            .fetch_one(&mut *tx)
            .await?
            .try_get(0)?;
        let id = TournamentId(id);
        insert_rows(&mut tx, id, &rows).await?;
        tx.commit().await?;
        Ok(id)
    }

    /// Appends recorded events (each with its own seq, time and actor; one
    /// command's or several commands' together: the server's group commit)
    /// in one transaction. All or nothing: if another writer stored one of
    /// these seqs first, nothing is written and the answer is
    /// [`StoreError::Conflict`].
    pub async fn append(
        &self,
        tournament: TournamentId,
        log: &[Recorded],
    ) -> Result<(), StoreError> {
        if log.is_empty() {
            return Ok(());
        }
        let rows = log.iter().map(Row::of).collect::<Result<Vec<_>, _>>()?;
        let mut tx = self.pool().begin().await?;
        insert_rows(&mut tx, tournament, &rows).await?;
        tx.commit().await?;
        Ok(())
    }

    /// All tournament ids, oldest first.
    pub async fn tournament_ids(&self) -> Result<Vec<TournamentId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM tournaments ORDER BY id")
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| Ok(TournamentId(r.try_get(0)?)))
            .collect()
    }

    /// The whole log of one tournament, in order.
    pub async fn load(&self, tournament: TournamentId) -> Result<Vec<Recorded>, StoreError> {
        self.rows(tournament)
            .await?
            .into_iter()
            .map(|row| row.recorded(tournament))
            .collect()
    }

    /// A tournament file of the stored log as the rows hold it, each event
    /// as JSON without reading it as an event: what can still be saved of a
    /// tournament whose log does not fold or whose rows do not read (issue
    /// 19.2). A part that is not JSON at all is kept as its text.
    pub async fn raw_file(
        &self,
        tournament: TournamentId,
    ) -> Result<serde_json::Value, StoreError> {
        let events: Vec<serde_json::Value> =
            self.rows(tournament).await?.iter().map(Row::raw).collect();
        Ok(serde_json::json!({
            "format": jongg_tournament::FORMAT,
            "version": jongg_tournament::VERSION,
            "written_by": jongg_tournament::PROGRAM,
            "events": events,
        }))
    }

    /// The first stored event as the row holds it (as [`Store::raw_file`]
    /// writes it), without loading the rest: what tells two copies of one
    /// tournament apart from two tournaments (issue 19.1).
    pub async fn first_raw(
        &self,
        tournament: TournamentId,
    ) -> Result<Option<serde_json::Value>, StoreError> {
        let row = sqlx::query(
            "SELECT seq, at, actor, payload FROM events WHERE tournament_id = $1 ORDER BY seq LIMIT 1",
        )
        .bind(tournament.0)
        .fetch_optional(self.pool())
        .await?;
        Ok(row
            .as_ref()
            .map(Row::read)
            .transpose()?
            .as_ref()
            .map(Row::raw))
    }

    async fn rows(&self, tournament: TournamentId) -> Result<Vec<Row>, StoreError> {
        let exists = sqlx::query("SELECT id FROM tournaments WHERE id = $1")
            .bind(tournament.0)
            .fetch_optional(self.pool())
            .await?;
        if exists.is_none() {
            return Err(StoreError::NoTournament(tournament));
        }
        let rows = sqlx::query(
            "SELECT seq, at, actor, payload FROM events WHERE tournament_id = $1 ORDER BY seq",
        )
        .bind(tournament.0)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(Row::read).collect::<Result<_, _>>()?)
    }

    /// A stored tournament, its log folded; a log that does not fold is
    /// [`StoreError::Unfolded`], naming the event.
    pub async fn load_tournament(
        &self,
        tournament: TournamentId,
    ) -> Result<Tournament, StoreError> {
        Tournament::replay(self.load(tournament).await?)
            .map_err(|source| StoreError::Unfolded { tournament, source })
    }
}

/// Inserts rows, many to a statement (one round trip per 100 events, not
/// per event). A seq already taken is [`StoreError::Conflict`]; a
/// tournament that does not exist, [`StoreError::NoTournament`].
async fn insert_rows(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    tournament: TournamentId,
    rows: &[Row],
) -> Result<(), StoreError> {
    for chunk in rows.chunks(100) {
        let mut sql =
            String::from("INSERT INTO events (tournament_id, seq, at, actor, payload) VALUES ");
        for i in 0..chunk.len() {
            let b = i * 5;
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!(
                "(${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5
            ));
        }
        let mut q = sqlx::query(&sql);
        for row in chunk {
            q = q
                .bind(tournament.0)
                .bind(row.seq)
                .bind(row.at)
                .bind(row.actor.as_str())
                .bind(row.payload.as_str());
        }
        match q.execute(&mut **tx).await {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(StoreError::Conflict {
                    tournament,
                    seq: chunk.first().map_or(0, |r| r.seq),
                });
            }
            Err(sqlx::Error::Database(e)) if e.is_foreign_key_violation() => {
                return Err(StoreError::NoTournament(tournament));
            }
            Err(e) => return Err(e.into()),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tournament::{Actor, Event, PlayerNo, RoundNo};

    #[test]
    fn a_recorded_event_and_its_row_convert_both_ways() {
        let r = Recorded {
            seq: 7,
            at: 1_760_000_000_000,
            actor: Actor::Scorekeeper {
                round: RoundNo(2),
                table: jongg_tournament::TableNo(3),
            },
            event: Event::PlayerArrived {
                number: PlayerNo(12),
            },
        };
        let row = Row::of(&r).unwrap();
        // The JSON the rows have always held.
        assert_eq!(row.actor, r#"{"kind":"scorekeeper","round":2,"table":3}"#);
        assert_eq!(row.payload, r#"{"kind":"player_arrived","number":12}"#);
        assert_eq!(row.clone().recorded(TournamentId(1)).unwrap(), r);
        let bad = Row {
            seq: -1,
            ..row.clone()
        };
        let e = bad.recorded(TournamentId(4)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "stored event -1 of tournament 4 does not read back: its seq is not a count from 1"
        );
        let bad = Row {
            payload: r#"{"kind":"guess"}"#.into(),
            ..row
        };
        let e = bad.recorded(TournamentId(4)).unwrap_err().to_string();
        assert!(
            e.starts_with(
                "stored event 7 of tournament 4 does not read back: unknown variant `guess`"
            ),
            "{e}"
        );
        let huge = Recorded { seq: u64::MAX, ..r };
        assert!(matches!(Row::of(&huge), Err(StoreError::Seq(u64::MAX))));
    }
}
