# syntax=docker/dockerfile:1
# jongg's server in a container (issue 21, point 3; docs/deploy.md).
#   docker build -t jongg .
#   docker run -p 8080:8080 -v jongg-data:/data jongg
# Defaults: SQLite in the volume /data; for PostgreSQL, give the command
# with --database postgres://... (docs/deploy.md has a compose file).

FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY . .
# The image has no .git: `jongg --version` names the commit given here
# (docker build --build-arg JONGG_COMMIT=$(git rev-parse --short HEAD) .).
ARG JONGG_COMMIT=unknown
ENV JONGG_COMMIT=$JONGG_COMMIT
# The crates and the build are cached between builds of the image (BuildKit).
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p jongg \
    && install -D -m 755 target/release/jongg /out/jongg

FROM debian:bookworm-slim
# The program's own user, with no login and no home beyond the data.
RUN groupadd --system --gid 10001 jongg \
    && useradd --system --uid 10001 --gid jongg --home-dir /data --shell /usr/sbin/nologin jongg \
    && mkdir /data && chown jongg:jongg /data
COPY --from=build /out/jongg /usr/local/bin/jongg
COPY LICENSE-MIT LICENSE-APACHE README.md /usr/share/doc/jongg/
USER jongg
# From /, every command's default database (sqlite://data/jongg.sqlite) is
# the one in the volume: `docker exec ... jongg export` needs no --database.
WORKDIR /
VOLUME /data
EXPOSE 8080
# /healthz answers while the process does (no curl in the image: bash alone).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
ENTRYPOINT ["jongg"]
CMD ["serve", "--bind", "0.0.0.0:8080", "--database", "sqlite:///data/jongg.sqlite"]
