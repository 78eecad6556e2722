#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 with trust auth for
# user postgres and a database `test`, as the storage tests expect
# (JONGG_TEST_POSTGRES, default postgres://postgres@127.0.0.1:5432/test).
# Starts the machine's cluster if it is stopped; installs one if there is none.
set -euo pipefail

ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; }

if [ -n "${JONGG_TEST_POSTGRES:-}" ]; then
  exit 0 # the caller points the tests at their own server
fi
if command -v pg_isready >/dev/null && ready; then
  exit 0
fi

if ! command -v pg_ctlcluster >/dev/null || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  echo "ensure-postgres: installing PostgreSQL from the distribution's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
hba=/etc/postgresql/$version/main/pg_hba.conf
# The tests connect over TCP as postgres without a password.
if ! grep -qE '^host\s+all\s+all\s+127\.0\.0\.1/32\s+trust' "$hba"; then
  sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
fi
pg_ctlcluster --skip-systemctl-redirect "$version" main start 2>/dev/null ||
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload
for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { echo "ensure-postgres: PostgreSQL did not start" >&2; exit 1; }
psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'test'" | grep -q 1 ||
  psql -h 127.0.0.1 -U postgres -c "CREATE DATABASE test" >/dev/null
